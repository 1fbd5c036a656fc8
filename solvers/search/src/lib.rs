//! Bounded-depth search: alpha-beta (principal-variation search) and expectimax with Ballard's
//! Star1/Star2 pruning, generic over `game::Evaluate` (no game is named here).
//!
//! # Algorithms
//!
//! - **Negamax alpha-beta, principal-variation search** (fail-soft): the first move of a node
//!   gets the full window, the others a null window and a re-search when they beat alpha.
//! - **Iterative deepening** from depth 1 to the depth limit; the best move of each iteration is
//!   tried first in the next one. No aspiration windows: tried (a window of ±EVAL_BOUND/400
//!   around the previous score from depth 4, opened on failure), they changed the nodes of the
//!   depth-7 searches from the Dola start positions by −1 % to +15 %, so they were left out.
//! - **Transposition table** ([`tt`]): bounded by a size in MiB, 4-slot buckets, entries with
//!   key, draft, check-extension budget, bound type (exact / lower / upper), best move and score.
//! - **Move ordering**: table move, then (with [`SearchOptions::chance_moves_first`], the
//!   default) the moves that lead to a chance node, then captures by a victim/attacker key (from
//!   a [`MoveHints`] object: `game::Evaluate` has no such method, see [`order`]), then two killer
//!   moves per ply, then the countermove (the quiet move that last refuted the opponent's
//!   previous move), then the history heuristic (quiet moves that caused cut-offs, weighted by
//!   depth², halved between iterations). A move "leads to a chance node" if it was the move
//!   played just before a chance node was entered earlier in the search (the worker remembers
//!   up to 8 such moves, e.g. a roll): `game::Game` cannot say it without playing the move.
//!   Ordering the roll first suits Star2 (a chance node reached with a null window usually
//!   fails high after six cheap probes, and cuts the node's other moves) and costs plain
//!   expectimax more (every chance node it enters searches six outcomes with full windows):
//!   on the Hexecs princess position at depth 5, 195 309 nodes for Star2 against 557 112 with
//!   the roll ordered as a quiet move, and 1 996 107 against 888 321 for plain expectimax. The
//!   benchmark therefore compares Star2 with plain expectimax under whichever ordering suits
//!   the latter.
//! - **Late move reductions** (switchable, [`SearchOptions::lmr`], off in
//!   [`SearchOptions::default`] so that fixed-depth values are exact; the `gsolve` front end
//!   turns them on): at a non-PV node with at least 3 plies left, the 4th and later quiet
//!   moves that are neither killers nor the countermove (and give no extended check) are first
//!   searched with a null window `max(1, ⌊ln(depth)·ln(index + 1) / 2⌋)` plies shallower; only
//!   if that beats alpha are they searched again at the full depth. A depth-`d` iteration thus
//!   still looks at every move and its score is that of this reduced search (as in every chess
//!   engine), no longer the minimax value of depth `d`.
//! - **Check extension**: a move that leaves the opponent in check does not use up a ply, at
//!   most [`MAX_EXTENSIONS`] times along a line.
//! - **Quiescence search** below the nominal depth: stand pat on the evaluation and try
//!   captures ([`game::Evaluate::is_capture`]) up to [`QS_MAX_PLIES`]; a side in check in the first
//!   [`QS_CHECK_PLIES`] plies of it tries every move instead of standing pat.
//! - **Expectimax** at chance nodes (`NodeKind::Chance`): the probability-weighted mean of the
//!   outcomes. Chance nodes do not use up depth (depth counts decision plies). Three modes
//!   ([`ChancePruning`]): plain (every outcome searched with a full window), **Star1** (Ballard
//!   1983: after each outcome, the bounds `[L, U]` of the outcomes still unsearched give a window
//!   for the next one and a cut-off as soon as the mean must leave `(alpha, beta)`), and
//!   **Star2** (Ballard's probing phase, then planned searches). Ballard's probe searches
//!   one move of each outcome to get a lower bound for its mover; here each outcome is probed
//!   by a *null-window search at the chance node's alpha*, which costs the same one move when
//!   that move beats alpha (the search cuts off there, and the result is the same lower bound)
//!   and otherwise goes on to prove the upper bound `≤ alpha` that Ballard's probe cannot give
//!   — the bound a chance node needs to fail low. After the probes, while the bounds `[lᵢ, uᵢ]`
//!   do not decide the node, each outcome gets an estimate (its exact value, the one bound
//!   known, or the middle of both); the weighted mean of the estimates says which side the node
//!   is heading for (at most alpha, or at least beta); the slack between that mean and the
//!   side's threshold is shared equally (by weight) among the outcomes not yet proved on that
//!   side, and the one with the widest weighted interval is searched with a *null window at its
//!   estimate plus its share* (clamped into Star1's window and into its own interval, so every
//!   search narrows one interval and the loop ends). An outcome searched 3 times gets Star1's
//!   window instead, which decides the node or makes the outcome exact. With the window of a
//!   PV chance node (`beta > alpha + 1`) and a mean inside it, outcomes get Star1's windows.
//!   The earlier form of this phase searched the blocking outcome with Star1's window at once;
//!   when two outcomes had only one bound each, that window reached the hard bounds (a full
//!   window): 1 241 such searches cost 96 000 of the 588 000 nodes of the princess position
//!   at depth 5; the planned null windows brought the node to 557 000 (roll as a quiet move).
//!   Tried and left out (princess position, default ordering, depths 5 / 6): probes at
//!   planned thresholds instead of alpha (the slack left by earlier probes' fail-soft bounds
//!   passed on to the next) searched 201 164 / 1 180 657 nodes against 195 309 / 1 164 947
//!   (+3.0 % / +1.3 %); the same with the table's value of each outcome (any draft, from the
//!   previous iteration) as the estimate of an outcome not searched yet, 215 970 / 1 262 616
//!   (+10.6 % / +8.4 %); up to 8 planned tries per outcome instead of 3, within 0.5 %; the
//!   whole slack to the searched outcome instead of an equal share, +0.8 %. The probes and
//!   the later searches share the table. Star2 is used only if some outcome is a decision
//!   node with at least 3 legal moves: where a roll is followed by a two-way choice and
//!   another roll (Pig), the outcomes straddle alpha, most probes are searched again and the
//!   nesting compounds it (8.4 times the nodes of Star1 on Pig at depth 8 without this rule);
//!   such chance nodes are searched as by Star1.
//!   Measured savings against plain expectimax: `results/search/bench.md`.
//! - **Parallel search** (`threads > 1`): root splitting. The first root move is searched with
//!   the full window, then the other moves with a null window at its score are shared out to all
//!   threads (a rayon pool, a shared atomic move index, a shared table); those that beat it are
//!   re-searched in order. The score is the exact root value, the same as with one thread.
//!
//! # Scores and the evaluation-bound contract
//!
//! Let `B = Evaluate::EVAL_BOUND` (required in `1..=2^28`). Every evaluation must lie in
//! `[-B, B]` (it is clamped, with a `debug_assert!`). A terminal position is worth `W`, `-W` or
//! `0` to a player (won, lost, drawn) with `W = B + MAX_PLY + 1`. Going up one decision ply, a
//! score above `B` loses one point and one below `-B` gains one ([`score::ply_adjust`]), so a
//! forced win in `n` plies is worth exactly `W - n > B`. Scores are thus relative to the node
//! they belong to; the table stores and returns them unchanged — this is what the usual "add
//! the ply when storing a mate score, subtract it when loading" achieves for scores counted from
//! the root, and unlike that it stays exact for expectimax values that mix wins and
//! evaluations. The child window of `(alpha, beta)` is the inverse image under this adjustment
//! ([`score::child_alpha`], [`score::child_beta`]).
//!
//! **Hard bounds for Star1/Star2:** every node value lies in `[L, U] = [-W, W]`: evaluations in
//! `[-B, B]`, wins and losses in `±[B + 1, W]`, means of those in between. So wins and losses
//! *are* inside the bounds Star1/Star2 use — they are simply the extreme values — and the bounds
//! are only `MAX_PLY + 1` above the evaluation bound; clamping mate scores at chance nodes would
//! gain nothing more. They are, however, far wider than the values met in play (Hexecs:
//! `B = 10 000` centipawns, about ±1 000 in searched positions), which is why Star1, whose
//! cut-offs assume the unsearched outcomes may reach `L` or `U`, saves little on the games;
//! Star2's probes replace those bounds by searched ones. A tighter `B` does not help either:
//! with Hexecs' bound lowered from 10 000 to 8 100 (above every evaluation its crate header
//! derives for reachable positions) Star1 and Star2 searched the same nodes to within 0.1 % at
//! depth 5 of the princess position; and since `W = B + MAX_PLY + 1` enters the means of chance
//! nodes some of whose outcomes are forced wins, the root value changed (3 242 → 2 608): `B` is
//! part of the value definition, not only a bound, so it was left at 10 000.
//!
//! Chance probabilities become integer weights summing to `720720` (exact for dice), and a
//! chance node's value is `round(Σ wᵢ·vᵢ / 720720)` (halves upwards), so Star1/Star2 compute
//! exactly the same value as plain expectimax: their windows are derived in integer
//! arithmetic from the rounding thresholds ([`score::chance_value`]). With chance nodes a
//! score above `B` is an expected value that can mix wins with evaluations: the search reports
//! a forced win or loss ([`ScoreKind`]) only when it met no chance node.
//!
//! # Determinism
//!
//! With `threads = 1` a search to a fixed depth is deterministic (node count included). Table
//! cut-offs are only taken from entries whose draft and check-extension budget equal the
//! node's, and never at PV nodes; since every other ingredient of a node's value (depth,
//! extension budget, quiescence plies left) is part of the state and not of the path, the
//! value returned at a fixed depth is the same with or without the table and with any number
//! of threads (the tests check it), provided the game's value depends only on its key — a
//! game whose outcome depends on history (repetitions, a move counter) should fold it into
//! `hash_key`. Node counts with several threads vary from run to run, and so may the PV below
//! the root move and the choice among root moves of equal score (never the score).
//!
//! # Parameters
//!
//! [`SearchOptions`]: table size in MiB (0 = no table), threads, chance pruning mode, and
//! switches for quiescence, check extension, killers, countermoves, history and PVS (all on by default; the
//! switches exist for tests and measurements), and late move reductions (off by default: the
//! only ingredient that changes values, see [`SearchOptions::lmr`]). There is no null-move
//! pruning: `game::Game` has no null move. [`Limits`]: depth, nodes, time; depth 1 always
//! completes; no new iteration starts after half the time has passed.
//!
//! # Use
//!
//! ```
//! use search::{Engine, Limits, NoHints, SearchOptions, toy::TicTacToe};
//! let pos: TicTacToe = "XX.OO.... x".parse().unwrap();
//! let mut engine = Engine::new(SearchOptions::default()).unwrap();
//! let r = engine.search(&pos, &Limits::depth(3), &NoHints, |_| {}).unwrap();
//! assert_eq!(r.score_kind, search::ScoreKind::WinIn(1));
//! ```
#![warn(missing_docs)]

mod engine;
pub mod order;
pub mod rng;
pub mod score;
pub mod selfplay;
pub mod toy;
pub mod tt;
mod worker;

pub use engine::{Engine, Iteration, Limits, SearchResult, StopReason};
pub use order::{MoveHints, NoHints};
pub use score::{ScoreKind, MAX_DEPTH, MAX_EXTENSIONS, MAX_PLY, QS_CHECK_PLIES, QS_MAX_PLIES};
pub use selfplay::{play_game, GameRecord, SelfPlayOptions, SelfPlaySummary};

/// What to do at chance nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChancePruning {
    /// Plain expectimax: every outcome searched with the full window.
    None,
    /// Ballard's Star1.
    Star1,
    /// Ballard's Star2 (null-window probes, then planned null-window searches; see the crate
    /// header).
    Star2,
}

impl ChancePruning {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            ChancePruning::None => "expectimax",
            ChancePruning::Star1 => "star1",
            ChancePruning::Star2 => "star2",
        }
    }
}

/// Search parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Transposition table size in MiB; 0 for none.
    pub tt_mib: usize,
    /// Search threads (1 = deterministic node counts).
    pub threads: usize,
    /// Pruning at chance nodes.
    pub chance_pruning: ChancePruning,
    /// Quiescence search over captures below the nominal depth.
    pub quiescence: bool,
    /// Check extension.
    pub check_extension: bool,
    /// Killer moves.
    pub killers: bool,
    /// Countermove heuristic.
    pub countermoves: bool,
    /// History heuristic.
    pub history: bool,
    /// Principal-variation search (null windows after the first move); plain alpha-beta if off.
    pub pvs: bool,
    /// Late move reductions (off by default): the fourth and later quiet moves (not killers,
    /// not the countermove) of a non-PV node with at least 3 plies left are first searched
    /// shallower (see the crate header). This is
    /// a heuristic: with it the score is no longer the plain minimax value, and it may differ
    /// with or without the table and between thread counts (reductions depend on move order).
    pub lmr: bool,
    /// Order the moves leading to a chance node (remembered once met, e.g. a roll) right
    /// after the table move, before the captures (on by default; see the crate header).
    pub chance_moves_first: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            tt_mib: 16,
            threads: 1,
            chance_pruning: ChancePruning::Star2,
            quiescence: true,
            check_extension: true,
            killers: true,
            countermoves: true,
            history: true,
            pvs: true,
            lmr: false,
            chance_moves_first: true,
        }
    }
}

/// Why a search could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The root position is over.
    #[error("the position is terminal: there is nothing to search")]
    RootTerminal,
    /// The root is a chance node.
    #[error("the position is a chance node (the die must be rolled first): search needs a player to move")]
    RootChance,
    /// The side to move has no legal move but the game is not over (a game bug).
    #[error("the side to move has no legal move although the game is not over")]
    NoLegalMoves,
    /// Depth outside 1..=64.
    #[error("depth {0} is out of range: expected 1..={max}", max = MAX_DEPTH)]
    Depth(u32),
    /// Zero threads.
    #[error("threads must be at least 1")]
    Threads,
    /// The game's `EVAL_BOUND` is outside `1..=2^28`.
    #[error("EVAL_BOUND {0} is out of range: expected 1..=268435456")]
    EvalBound(i32),
    /// The thread pool could not be built.
    #[error("cannot start the search threads: {0}")]
    ThreadPool(String),
}

/// Search `root` to `limits` with default move hints and a fresh engine (table included).
pub fn search<G: game::Evaluate>(
    root: &G,
    opts: &SearchOptions,
    limits: &Limits,
) -> Result<SearchResult<G::Move>, SearchError> {
    Engine::new(opts.clone())?.search(root, limits, &NoHints, |_| {})
}
