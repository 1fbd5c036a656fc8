//! Rendering (todo).
