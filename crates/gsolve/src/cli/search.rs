//! Shared `search` / `play` front end for the chess-like games (placeholder: the bounded-depth
//! search work defines `SearchLimits`, `run_search` and `run_play` here).
