//! Iterative deepening, limits, the parallel root split and the statistics of a search.

use crate::order::MoveHints;
use crate::score::{classify, ScoreKind, MAX_DEPTH, MAX_EVAL_BOUND};
use crate::tt::TranspositionTable;
use crate::worker::{Shared, Worker};
use crate::{SearchError, SearchOptions};
use game::{Evaluate, NodeKind, Player};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// When to stop. At least one limit should be set; with none the search runs to
/// [`MAX_DEPTH`](crate::score::MAX_DEPTH). The first iteration (depth 1) always completes, so a
/// best move is always returned.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Deepest iteration (nominal plies, 1..=64).
    pub depth: Option<u32>,
    /// Stop once this many nodes have been searched (exact with one thread).
    pub nodes: Option<u64>,
    /// Stop after this much time; no new iteration starts after half of it (unless
    /// `hard_time`).
    pub time: Option<Duration>,
    /// Keep starting iterations until the time is up (benchmarks: the deepest iteration that
    /// completes within the time). Off by default: an iteration started after half the time
    /// rarely completes, so a game engine saves that half.
    pub hard_time: bool,
}

impl Limits {
    /// Search to exactly this depth.
    pub fn depth(depth: u32) -> Self {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
    /// Search for this long.
    pub fn time(time: Duration) -> Self {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }
    /// Search this many nodes.
    pub fn nodes(nodes: u64) -> Self {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// Why the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The depth limit (or `MAX_DEPTH`) was completed.
    Depth,
    /// The node limit was reached.
    Nodes,
    /// The time limit was reached (or half of it had passed at the end of an iteration).
    Time,
    /// The root has a single legal move and depth 1 was done (only with a time limit).
    OnlyMove,
    /// The caller raised the stop flag ([`Engine::search_until`]).
    Stopped,
}

/// The result of one completed iteration.
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    /// Nominal depth.
    pub depth: u32,
    /// Deepest ply reached so far (extensions and quiescence included).
    pub seldepth: u32,
    /// Score for the side to move at the root.
    pub score: i32,
    /// What the score means.
    pub score_kind: ScoreKind,
    /// Best move.
    pub best_move: M,
    /// Principal variation (stops at the first chance node).
    pub pv: Vec<M>,
    /// Nodes searched since the search started (all threads).
    pub nodes: u64,
    /// Nodes searched by this iteration alone.
    pub iteration_nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

impl<M> Iteration<M> {
    /// Nodes per second since the search started.
    pub fn nps(&self) -> f64 {
        rate(self.nodes, self.elapsed)
    }
}

/// The result of a search: the last completed iteration and the totals.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// Best move of the last completed iteration.
    pub best_move: M,
    /// Its score for the side to move at the root.
    pub score: i32,
    /// What the score means.
    pub score_kind: ScoreKind,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// All nodes searched, aborted iteration included.
    pub nodes: u64,
    /// Chance nodes among them.
    pub chance_nodes: u64,
    /// Nodes searched below a chance node (inside the subtree of a chance outcome) among them.
    pub chance_subtree_nodes: u64,
    /// Decision nodes searched by the quiescence search among them.
    pub quiescence_nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// Principal variation of the last completed iteration.
    pub pv: Vec<M>,
    /// Every completed iteration.
    pub iterations: Vec<Iteration<M>>,
    /// Why it stopped.
    pub stop: StopReason,
    /// Table occupancy per mille (0 without a table).
    pub hashfull: u32,
}

impl<M> SearchResult<M> {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        rate(self.nodes, self.elapsed)
    }

    /// Effective branching factor: nodes of the last completed iteration divided by the nodes
    /// of the one before (`None` before depth 2).
    pub fn ebf(&self) -> Option<f64> {
        let n = self.iterations.len();
        if n < 2 || self.iterations[n - 2].iteration_nodes == 0 {
            return None;
        }
        Some(
            self.iterations[n - 1].iteration_nodes as f64
                / self.iterations[n - 2].iteration_nodes as f64,
        )
    }

    /// Mean effective branching factor over the completed iterations:
    /// `(N_d / N_1)^(1/(d-1))` with `N_k` the nodes of iteration `k`.
    pub fn mean_ebf(&self) -> Option<f64> {
        let n = self.iterations.len();
        if n < 2 || self.iterations[0].iteration_nodes == 0 {
            return None;
        }
        let ratio = self.iterations[n - 1].iteration_nodes as f64
            / self.iterations[0].iteration_nodes as f64;
        Some(ratio.powf(1.0 / (n - 1) as f64))
    }
}

fn rate(nodes: u64, elapsed: Duration) -> f64 {
    let s = elapsed.as_secs_f64();
    if s > 0.0 {
        nodes as f64 / s
    } else {
        0.0
    }
}

/// A search engine: options plus a transposition table kept between searches (clear it with
/// [`Engine::clear`] for reproducible node counts).
pub struct Engine<M> {
    opts: SearchOptions,
    tt: Option<TranspositionTable<M>>,
}

impl<M: Copy + Send + Sync> Engine<M> {
    /// An engine with these options (validated: at least one thread).
    pub fn new(opts: SearchOptions) -> Result<Self, SearchError> {
        if opts.threads == 0 {
            return Err(SearchError::Threads);
        }
        let tt = (opts.tt_mib > 0).then(|| TranspositionTable::new(opts.tt_mib));
        Ok(Engine { opts, tt })
    }

    /// The options.
    pub fn options(&self) -> &SearchOptions {
        &self.opts
    }

    /// Forget the transposition table.
    pub fn clear(&mut self) {
        if let Some(tt) = &self.tt {
            tt.clear();
        }
    }

    /// Search `root` (a decision node) within `limits`; `on_iteration` is called after every
    /// completed iteration.
    pub fn search<G, H>(
        &mut self,
        root: &G,
        limits: &Limits,
        hints: &H,
        on_iteration: impl FnMut(&Iteration<M>),
    ) -> Result<SearchResult<M>, SearchError>
    where
        G: Evaluate<Move = M>,
        H: MoveHints<G>,
    {
        self.search_until(root, limits, hints, None, on_iteration)
    }

    /// [`Engine::search`] that also stops when `stop` is raised (from another thread),
    /// polled as often as the clock: the result is the last completed iteration's (depth 1
    /// always completes, so there is a best move), with [`StopReason::Stopped`].
    pub fn search_until<G, H>(
        &mut self,
        root: &G,
        limits: &Limits,
        hints: &H,
        stop_flag: Option<&AtomicBool>,
        mut on_iteration: impl FnMut(&Iteration<M>),
    ) -> Result<SearchResult<M>, SearchError>
    where
        G: Evaluate<Move = M>,
        H: MoveHints<G>,
    {
        let stopped = || stop_flag.is_some_and(|s| s.load(Ordering::Relaxed));
        let (me, max_depth, mut root_moves) = check_root(root, limits)?;
        let start = Instant::now();
        if let Some(tt) = &self.tt {
            tt.new_generation();
        }
        let shared = Shared {
            tt: self.tt.as_ref(),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            deadline: limits.time.map(|t| start + t),
            node_limit: limits.nodes,
            enforce: AtomicBool::new(false),
            external_stop: stop_flag,
        };
        let opts = &self.opts;
        let mut workers: Vec<Worker<'_, G, H>> = (0..opts.threads)
            .map(|_| Worker::new(root.clone(), opts, &shared, hints))
            .collect();
        let pool = thread_pool(opts.threads)?;
        order_root_moves(&workers[0], &mut root_moves);

        let mut iterations: Vec<Iteration<M>> = Vec::new();
        let mut stop = StopReason::Depth;
        let mut previous_nodes = 0u64;
        for depth in 1..=max_depth {
            if depth == 2 {
                shared.enforce.store(true, Ordering::Relaxed);
            }
            let outcome = match &pool {
                None => root_sequential(&mut workers[0], depth as i32, &root_moves, me),
                Some(pool) => root_parallel(&mut workers, pool, depth as i32, &root_moves, me),
            };
            for w in workers.iter_mut() {
                w.end_iteration();
            }
            let nodes: u64 = workers.iter().map(|w| w.nodes).sum();
            let Some((score, best_index, pv)) = outcome else {
                stop = if stopped() {
                    StopReason::Stopped
                } else if limits.nodes.is_some_and(|n| nodes > n) {
                    StopReason::Nodes
                } else {
                    StopReason::Time
                };
                break;
            };
            let chance_nodes: u64 = workers.iter().map(|w| w.chance_nodes).sum();
            let seldepth = workers.iter().map(|w| w.seldepth).max().unwrap_or(0) as u32;
            let best_move = root_moves[best_index];
            workers[0].store_root(depth as i32, score, best_move);
            root_moves[..=best_index].rotate_right(1);
            let it = Iteration {
                depth,
                seldepth,
                score,
                score_kind: classify(score, G::EVAL_BOUND, chance_nodes > 0),
                best_move,
                pv,
                nodes,
                iteration_nodes: nodes - previous_nodes,
                elapsed: start.elapsed(),
            };
            previous_nodes = nodes;
            on_iteration(&it);
            iterations.push(it);
            let done = IterationDone {
                depth,
                score,
                nodes,
                chance_nodes,
                root_moves: root_moves.len(),
                elapsed: start.elapsed(),
            };
            if let Some(reason) = stop_after_iteration::<G>(limits, &done) {
                stop = reason;
                break;
            }
            if stopped() {
                stop = StopReason::Stopped;
                break;
            }
        }
        let hashfull = self.tt.as_ref().map_or(0, |t| t.hashfull());
        Ok(search_result(&workers, iterations, stop, start, hashfull))
    }
}

/// The root's mover, the deepest iteration allowed and the legal root moves; an error for a
/// game whose evaluation bound is out of range, a bad depth limit, or a root that is not a
/// decision node with moves.
fn check_root<G: Evaluate>(
    root: &G,
    limits: &Limits,
) -> Result<(Player, u32, Vec<G::Move>), SearchError> {
    if G::EVAL_BOUND < 1 || G::EVAL_BOUND > MAX_EVAL_BOUND {
        return Err(SearchError::EvalBound(G::EVAL_BOUND));
    }
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH);
    if max_depth == 0 || max_depth > MAX_DEPTH {
        return Err(SearchError::Depth(max_depth));
    }
    let me = match root.node_kind() {
        NodeKind::Decision(p) => p,
        NodeKind::Terminal => return Err(SearchError::RootTerminal),
        NodeKind::Chance => return Err(SearchError::RootChance),
    };
    let mut root_moves = Vec::new();
    root.legal_moves(&mut root_moves);
    if root_moves.is_empty() {
        return Err(SearchError::NoLegalMoves);
    }
    Ok((me, max_depth, root_moves))
}

/// A rayon pool of `threads` threads, or none for a single-threaded search.
fn thread_pool(threads: usize) -> Result<Option<rayon::ThreadPool>, SearchError> {
    if threads <= 1 {
        return Ok(None);
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map(Some)
        .map_err(|e| SearchError::ThreadPool(e.to_string()))
}

/// Captures first (by the hint key), then generation order; stable thereafter except that
/// each iteration's best move moves to the front.
fn order_root_moves<G: Evaluate, H: MoveHints<G>>(w: &Worker<'_, G, H>, moves: &mut Vec<G::Move>) {
    let mut keyed: Vec<(i32, usize, G::Move)> = moves
        .iter()
        .enumerate()
        .map(|(i, &mv)| (w.root_order_key(mv), i, mv))
        .collect();
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    *moves = keyed.into_iter().map(|(_, _, mv)| mv).collect();
}

/// What the stop rules look at after a completed iteration.
struct IterationDone {
    depth: u32,
    score: i32,
    /// Nodes since the search started (all threads).
    nodes: u64,
    chance_nodes: u64,
    root_moves: usize,
    /// Time since the search started.
    elapsed: Duration,
}

/// Why the search stops after the iteration `done`, or `None` to go on: an only move under a
/// plain time limit, half the time used (unless `hard_time`), the node limit, or (without a
/// depth limit and without chance) a proven win or loss no longer than the depth searched,
/// which cannot improve (a shorter one would have been found).
fn stop_after_iteration<G: Evaluate>(limits: &Limits, done: &IterationDone) -> Option<StopReason> {
    if let Some(t) = limits.time {
        if done.root_moves == 1
            && !limits.hard_time
            && limits.depth.is_none()
            && limits.nodes.is_none()
        {
            return Some(StopReason::OnlyMove);
        }
        if !limits.hard_time && done.elapsed * 2 >= t {
            return Some(StopReason::Time);
        }
    }
    if limits.nodes.is_some_and(|n| done.nodes >= n) {
        return Some(StopReason::Nodes);
    }
    if limits.depth.is_none() && done.chance_nodes == 0 {
        if let ScoreKind::WinIn(n) | ScoreKind::LossIn(n) =
            classify(done.score, G::EVAL_BOUND, false)
        {
            if n <= done.depth {
                return Some(StopReason::Depth);
            }
        }
    }
    None
}

/// The result of a search that ended for `stop`: the last completed iteration and the
/// workers' totals.
fn search_result<G: Evaluate, H>(
    workers: &[Worker<'_, G, H>],
    iterations: Vec<Iteration<G::Move>>,
    stop: StopReason,
    start: Instant,
    hashfull: u32,
) -> SearchResult<G::Move> {
    let last = iterations.last().expect("depth 1 always completes");
    SearchResult {
        best_move: last.best_move,
        score: last.score,
        score_kind: last.score_kind,
        depth: last.depth,
        seldepth: workers.iter().map(|w| w.seldepth).max().unwrap_or(0) as u32,
        nodes: workers.iter().map(|w| w.nodes).sum(),
        chance_nodes: workers.iter().map(|w| w.chance_nodes).sum(),
        chance_subtree_nodes: workers.iter().map(|w| w.chance_subtree_nodes).sum(),
        quiescence_nodes: workers.iter().map(|w| w.quiescence_nodes).sum(),
        elapsed: start.elapsed(),
        pv: last.pv.clone(),
        hashfull,
        iterations,
        stop,
    }
}

/// One iteration on one thread: principal-variation search over the root moves.
fn root_sequential<G: Evaluate, H: MoveHints<G>>(
    w: &mut Worker<'_, G, H>,
    depth: i32,
    moves: &[G::Move],
    me: Player,
) -> Option<(i32, usize, Vec<G::Move>)> {
    w.count_root();
    let inf = w.infinity();
    let mut alpha = -inf;
    let mut best = (-inf, 0usize, Vec::new());
    for (i, &mv) in moves.iter().enumerate() {
        let mut v;
        if i == 0 || !w.options_pvs() {
            v = w.root_move(mv, depth, alpha, inf, me, true);
        } else {
            v = w.root_move(mv, depth, alpha, alpha + 1, me, false);
            if !w.stopped && v > alpha {
                v = w.root_move(mv, depth, alpha, inf, me, true);
            }
        }
        if w.stopped {
            return None;
        }
        if v > best.0 {
            best = (v, i, root_line(mv, &w.pv[1]));
            alpha = alpha.max(v);
        }
    }
    Some(best)
}

/// One iteration on several threads: the first root move on the main thread with the full
/// window, then every other move with a null window at its score, shared out to all threads;
/// the moves that beat it are re-searched in order on the main thread. The score is the exact
/// root value as in [`root_sequential`], and the best move is the first move reaching it.
fn root_parallel<G: Evaluate, H: MoveHints<G>>(
    workers: &mut [Worker<'_, G, H>],
    pool: &rayon::ThreadPool,
    depth: i32,
    moves: &[G::Move],
    me: Player,
) -> Option<(i32, usize, Vec<G::Move>)> {
    let n = moves.len();
    let inf = workers[0].infinity();
    workers[0].count_root();
    let first = workers[0].root_move(moves[0], depth, -inf, inf, me, true);
    if workers[0].stopped {
        return None;
    }
    let mut best = (first, 0usize, root_line(moves[0], &workers[0].pv[1]));
    let alpha0 = first;
    let next = AtomicUsize::new(1);
    let results: Mutex<Vec<Option<i32>>> = Mutex::new(vec![None; n]);
    pool.scope(|s| {
        for w in workers.iter_mut() {
            let next = &next;
            let results = &results;
            s.spawn(move |_| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= n || w.stopped {
                    break;
                }
                let v = w.root_move(moves[k], depth, alpha0, alpha0 + 1, me, false);
                if w.stopped {
                    break;
                }
                results.lock().unwrap_or_else(|e| e.into_inner())[k] = Some(v);
            });
        }
    });
    if workers.iter().any(|w| w.stopped) {
        for w in workers.iter_mut() {
            w.stopped = true;
        }
        return None;
    }
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let main = &mut workers[0];
    let mut alpha = alpha0;
    for k in 1..n {
        let v = results[k]?;
        if v > alpha0 {
            let exact = main.root_move(moves[k], depth, alpha, inf, me, true);
            if main.stopped {
                return None;
            }
            if exact > best.0 {
                best = (exact, k, root_line(moves[k], &main.pv[1]));
                alpha = exact;
            }
        }
    }
    Some(best)
}

fn root_line<M: Copy>(mv: M, below: &[M]) -> Vec<M> {
    let mut line = Vec::with_capacity(below.len() + 1);
    line.push(mv);
    line.extend_from_slice(below);
    line
}
