//! One search thread: the recursive node functions (decision, chance, quiescence) with their
//! per-ply buffers, killers and history.
//!
//! Every node function returns a score from the point of view of a player passed in (`view` or
//! `me`). A decision node is searched from its mover's point of view and negated on the way in
//! and out when the caller's view is the other player; a chance node keeps its caller's view.
//! Windows are fail-soft: a result `≤ alpha` is an upper bound, `≥ beta` a lower bound,
//! anything between is exact.

use crate::order::{
    Heuristics, MoveHints, CAPTURE_PRIORITY, CHANCE_MOVE_PRIORITY, COUNTER_PRIORITY,
    KILLER_PRIORITY, TT_MOVE_PRIORITY,
};
use crate::score::{
    ceil_div, chance_alpha_threshold, chance_beta_threshold, chance_value, chance_weights,
    child_alpha, child_beta, floor_div, ply_adjust, win_score, MAX_PLY, QS_CHECK_PLIES,
    QS_MAX_PLIES,
};
use crate::tt::{Bound, Entry, TranspositionTable};
use crate::{ChancePruning, SearchOptions};
use game::{Evaluate, NodeKind, Player};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

mod chance;
mod decision;

/// Chance nodes share the table with decision nodes; their keys are salted so that a game whose
/// key does not tell the two apart cannot mix their entries.
const CHANCE_SALT: u64 = 0x9e37_79b9_7f4a_7c15;

/// How often (in nodes) a thread publishes its node count and looks at the clock.
const POLL_INTERVAL: u64 = 1024;

/// See [`Worker::worth_probing`].
const STAR2_MIN_MOVES: usize = 3;

/// Star2 searches an outcome at most this many times with a planned null window; after that
/// with Star1's window, which decides the chance node or makes the outcome exact.
const STAR2_PLANNED_TRIES: u8 = 3;

/// How many distinct moves leading to chance nodes the ordering remembers.
const CHANCE_MOVES_KEPT: usize = 8;

/// What the threads of one search share.
pub(crate) struct Shared<'a, M> {
    pub(crate) tt: Option<&'a TranspositionTable<M>>,
    pub(crate) stop: AtomicBool,
    /// Nodes published by all threads (each thread adds its count every `POLL_INTERVAL`).
    pub(crate) nodes: AtomicU64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) node_limit: Option<u64>,
    /// Limits are ignored while false (the first iteration always completes).
    pub(crate) enforce: AtomicBool,
    /// Raised by the caller to stop the search (a UCI `stop`), polled like the clock.
    pub(crate) external_stop: Option<&'a AtomicBool>,
}

/// Which search a node belongs to.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Phase {
    /// The main search with `depth` nominal plies and `ext` check extensions left.
    Main { depth: i32, ext: u8 },
    /// Quiescence with `left` plies left.
    Quiesce { left: u8 },
}

pub(crate) struct Worker<'a, G: Evaluate, H> {
    pub(crate) game: G,
    opts: &'a SearchOptions,
    shared: &'a Shared<'a, G::Move>,
    hints: &'a H,
    bound: i32,
    win: i32,
    inf: i32,
    pub(crate) nodes: u64,
    unpublished: u64,
    pub(crate) seldepth: usize,
    pub(crate) chance_nodes: u64,
    /// Nodes searched below a chance node (the subtrees of its outcomes).
    pub(crate) chance_subtree_nodes: u64,
    /// Chance nodes on the current line.
    chance_level: u32,
    /// Decision nodes entered in quiescence (stand-pat and capture nodes).
    pub(crate) quiescence_nodes: u64,
    pub(crate) stopped: bool,
    /// Set by a probing `decision`: whether it searched every move (its result is then a
    /// full fail-soft result, not just a lower bound).
    heur: Heuristics<G::Move>,
    /// The move (or chance outcome) played at each ply on the current line.
    played: Vec<Option<G::Move>>,
    /// Whether `played[ply]` is a chance outcome.
    outcome_played: Vec<bool>,
    moves: Vec<Vec<G::Move>>,
    keys: Vec<Vec<i32>>,
    outcomes: Vec<Vec<(G::Move, f64)>>,
    weights: Vec<Vec<i64>>,
    lows: Vec<Vec<i32>>,
    /// Star2: searches made of each outcome of the chance node at each ply.
    tries: Vec<Vec<u8>>,
    /// Moves seen leading from a decision node to a chance node (at most
    /// [`CHANCE_MOVES_KEPT`]); ordered first when [`SearchOptions::chance_moves_first`] is on.
    chance_moves: Vec<G::Move>,
    highs: Vec<Vec<i32>>,
    pub(crate) pv: Vec<Vec<G::Move>>,
}

impl<'a, G: Evaluate, H: MoveHints<G>> Worker<'a, G, H> {
    pub(crate) fn new(
        game: G,
        opts: &'a SearchOptions,
        shared: &'a Shared<'a, G::Move>,
        hints: &'a H,
    ) -> Self {
        let bound = G::EVAL_BOUND;
        let win = win_score(bound);
        let plies = MAX_PLY + 2;
        Worker {
            game,
            opts,
            shared,
            hints,
            bound,
            win,
            inf: win + 1,
            nodes: 0,
            unpublished: 0,
            seldepth: 0,
            chance_nodes: 0,
            chance_subtree_nodes: 0,
            chance_level: 0,
            quiescence_nodes: 0,
            stopped: false,
            heur: Heuristics::new(plies),
            played: vec![None; plies],
            outcome_played: vec![false; plies],
            moves: (0..plies).map(|_| Vec::with_capacity(64)).collect(),
            keys: (0..plies).map(|_| Vec::with_capacity(64)).collect(),
            outcomes: (0..plies).map(|_| Vec::with_capacity(8)).collect(),
            weights: (0..plies).map(|_| Vec::with_capacity(8)).collect(),
            lows: (0..plies).map(|_| Vec::with_capacity(8)).collect(),
            tries: (0..plies).map(|_| Vec::with_capacity(8)).collect(),
            chance_moves: Vec::with_capacity(CHANCE_MOVES_KEPT),
            highs: (0..plies).map(|_| Vec::with_capacity(8)).collect(),
            pv: (0..plies).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
        }
    }

    pub(crate) fn infinity(&self) -> i32 {
        self.inf
    }

    pub(crate) fn options_pvs(&self) -> bool {
        self.opts.pvs
    }

    /// Between iterations: age the history, publish the node count.
    pub(crate) fn end_iteration(&mut self) {
        self.heur.age();
        self.publish();
    }

    fn publish(&mut self) {
        if self.unpublished > 0 {
            self.shared
                .nodes
                .fetch_add(self.unpublished, Ordering::Relaxed);
            self.unpublished = 0;
        }
    }

    /// Count a node at `ply`; true if the search must stop now.
    #[inline]
    fn count_node(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.unpublished += 1;
        if self.chance_level > 0 {
            self.chance_subtree_nodes += 1;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.stopped {
            return true;
        }
        let poll = self.unpublished >= POLL_INTERVAL;
        if poll {
            self.publish();
        }
        if !self.shared.enforce.load(Ordering::Relaxed) {
            return false;
        }
        if let Some(limit) = self.shared.node_limit {
            // Exact with one thread: published + unpublished is this thread's total.
            if self.shared.nodes.load(Ordering::Relaxed) + self.unpublished > limit {
                self.raise_stop();
                return true;
            }
        }
        if poll {
            if self.shared.stop.load(Ordering::Relaxed) {
                self.stopped = true;
                return true;
            }
            if self
                .shared
                .external_stop
                .is_some_and(|s| s.load(Ordering::Relaxed))
            {
                self.raise_stop();
                return true;
            }
            if let Some(deadline) = self.shared.deadline {
                if Instant::now() >= deadline {
                    self.raise_stop();
                    return true;
                }
            }
        }
        false
    }

    fn raise_stop(&mut self) {
        self.stopped = true;
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    #[inline]
    fn static_eval(&self) -> i32 {
        let e = self.game.evaluate();
        debug_assert!(
            e.abs() <= self.bound,
            "evaluate() = {e} leaves ±EVAL_BOUND = {}",
            self.bound
        );
        e.clamp(-self.bound, self.bound)
    }

    #[inline]
    fn terminal_value(&self, view: Player) -> i32 {
        match self.game.outcome() {
            Some(o) => o.value_for(view) * self.win,
            None => 0,
        }
    }

    #[inline]
    fn clamp_window(&self, x: i32) -> i32 {
        x.clamp(-self.inf, self.inf)
    }

    /// Search the current position (a child of a decision node of `me`) and return its value
    /// to `me` one ply up, i.e. after [`ply_adjust`].
    #[inline]
    fn child(
        &mut self,
        phase: Phase,
        ply: usize,
        alpha: i32,
        beta: i32,
        me: Player,
        pv: bool,
    ) -> i32 {
        let ca = self.clamp_window(child_alpha(alpha, self.bound));
        let cb = self.clamp_window(child_beta(beta, self.bound));
        self.pv[ply].clear();
        let c = self.node(phase, ply, ca, cb, me, pv);
        ply_adjust(c, self.bound)
    }

    /// Any node, valued for `view`.
    pub(crate) fn node(
        &mut self,
        phase: Phase,
        ply: usize,
        alpha: i32,
        beta: i32,
        view: Player,
        pv: bool,
    ) -> i32 {
        if self.count_node(ply) {
            return 0;
        }
        match self.game.node_kind() {
            NodeKind::Terminal => self.terminal_value(view),
            NodeKind::Chance => {
                self.chance_nodes += 1;
                self.chance(phase, ply, alpha, beta, view)
            }
            NodeKind::Decision(q) => {
                if q == view {
                    self.decision(phase, ply, alpha, beta, q, pv)
                } else {
                    -self.decision(phase, ply, -beta, -alpha, q, pv)
                }
            }
        }
    }

    fn order_key(&self, mv: G::Move, tt_move: Option<G::Move>, ply: usize, me: Player) -> i32 {
        if tt_move == Some(mv) {
            TT_MOVE_PRIORITY
        } else if self.opts.chance_moves_first && self.chance_moves.contains(&mv) {
            CHANCE_MOVE_PRIORITY
        } else if self.game.is_capture(mv) {
            CAPTURE_PRIORITY
                + self
                    .hints
                    .capture_order_key(&self.game, mv)
                    .clamp(-1_000_000, 1_000_000)
        } else {
            let k = &self.heur.killers[ply];
            if self.opts.killers && k[0] == Some(mv) {
                KILLER_PRIORITY + 1
            } else if self.opts.killers && k[1] == Some(mv) {
                KILLER_PRIORITY
            } else if self.opts.countermoves && self.counter_move(ply, me) == Some(mv) {
                COUNTER_PRIORITY
            } else if self.opts.history {
                self.heur.history(me, &mv)
            } else {
                0
            }
        }
    }

    /// The countermove of `me` to the move that led to the node at `ply`.
    #[inline]
    fn counter_move(&self, ply: usize, me: Player) -> Option<G::Move> {
        let previous = self.played[ply.checked_sub(1)?]?;
        self.heur.counter(me, &previous)
    }

    /// The phase of the position just reached by a move from a node with `depth`, `ext` left:
    /// one ply less, unless the move gives check and extensions remain.
    #[inline]
    fn after_move(&self, depth: i32, ext: u8) -> Phase {
        if self.opts.check_extension && ext > 0 && self.game.in_check() {
            Phase::Main {
                depth,
                ext: ext - 1,
            }
        } else {
            Phase::Main {
                depth: depth - 1,
                ext,
            }
        }
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Quiescence at a decision node of `me`: stand pat on the evaluation and try captures; in
    /// check during the first `QS_CHECK_PLIES` plies, try every move instead.
    fn quiesce(&mut self, ply: usize, mut alpha: i32, beta: i32, me: Player, left: u8) -> i32 {
        if !self.opts.quiescence || ply + 2 >= MAX_PLY {
            return self.static_eval();
        }
        self.quiescence_nodes += 1;
        let in_check = left > QS_MAX_PLIES - QS_CHECK_PLIES && self.game.in_check();
        let mut best = -self.inf;
        if !in_check {
            let stand = self.static_eval();
            if stand >= beta || left == 0 {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut keys = std::mem::take(&mut self.keys[ply]);
        moves.clear();
        keys.clear();
        self.game.legal_moves(&mut moves);
        if !in_check {
            moves.retain(|&mv| self.game.is_capture(mv));
        }
        if moves.is_empty() {
            self.moves[ply] = moves;
            self.keys[ply] = keys;
            return if in_check { self.static_eval() } else { best };
        }
        for &mv in &moves {
            keys.push(self.order_key(mv, None, ply, me));
        }
        let n = moves.len();
        for i in 0..n {
            pick_best(&mut moves, &mut keys, i);
            let mv = moves[i];
            self.game.play(mv);
            let v = self.child(
                Phase::Quiesce { left: left - 1 },
                ply + 1,
                alpha,
                beta,
                me,
                false,
            );
            self.game.undo(mv);
            if self.stopped {
                best = 0;
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.keys[ply] = keys;
        best
    }

    /// Search one root move: play it, search the reply with `(alpha, beta)` and undo. With
    /// `pv`, the line below it is left in `self.pv[1]`.
    pub(crate) fn root_move(
        &mut self,
        mv: G::Move,
        depth: i32,
        alpha: i32,
        beta: i32,
        me: Player,
        pv: bool,
    ) -> i32 {
        self.game.play(mv);
        self.played[0] = Some(mv);
        self.outcome_played[0] = false;
        let phase = self.after_move(depth, crate::score::MAX_EXTENSIONS);
        let v = self.child(phase, 1, alpha, beta, me, pv);
        self.game.undo(mv);
        v
    }

    /// Count the root node (once per iteration).
    pub(crate) fn count_root(&mut self) {
        let _ = self.count_node(0);
    }

    /// Order root moves once: captures by the hint key, the rest in generation order.
    pub(crate) fn root_order_key(&self, mv: G::Move) -> i32 {
        if self.game.is_capture(mv) {
            CAPTURE_PRIORITY
                + self
                    .hints
                    .capture_order_key(&self.game, mv)
                    .clamp(-1_000_000, 1_000_000)
        } else {
            0
        }
    }

    /// Store the root result in the table (its move then leads the next iteration's probes).
    pub(crate) fn store_root(&self, depth: i32, score: i32, mv: G::Move) {
        if let Some(tt) = self.shared.tt {
            let key = self.game.hash_key();
            tt.store(Entry {
                key,
                mv: Some(mv),
                score,
                draft: depth as i16,
                ext: crate::score::MAX_EXTENSIONS,
                bound: Bound::Exact,
                age: 0,
            });
        }
    }
}

/// Chance entries are stored for the first player; convert to and from `view`.
#[inline]
fn for_view(score: i32, bound: Bound, view: Player) -> (i32, Bound) {
    match view {
        Player::First => (score, bound),
        Player::Second => (
            -score,
            match bound {
                Bound::Exact => Bound::Exact,
                Bound::Lower => Bound::Upper,
                Bound::Upper => Bound::Lower,
            },
        ),
    }
}

/// Move the highest-keyed move of `moves[i..]` to `i` (selection sort, one step per move
/// searched: a cut-off early saves sorting the rest).
#[inline]
fn pick_best<M>(moves: &mut [M], keys: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if keys[j] > keys[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    keys.swap(i, best);
}
