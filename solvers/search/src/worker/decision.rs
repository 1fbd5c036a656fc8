//! Decision nodes of the main search: table probe, move ordering, principal-variation search
//! with optional late move reductions, cut-off heuristics and the table store, for [`Worker`].

use super::*;

/// Late move reductions apply from this move index on (0-based) ...
const LMR_FIRST_MOVE: usize = 3;
/// ... at nodes with at least this depth left.
const LMR_MIN_DEPTH: i32 = 3;

impl<'a, G: Evaluate, H: MoveHints<G>> Worker<'a, G, H> {
    /// A decision node of `me`, valued for `me`.
    pub(super) fn decision(
        &mut self,
        phase: Phase,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        me: Player,
        pv: bool,
    ) -> i32 {
        let (depth, ext) = match phase {
            Phase::Main { depth, ext } if depth > 0 => (depth, ext),
            Phase::Main { .. } => return self.quiesce(ply, alpha, beta, me, QS_MAX_PLIES),
            Phase::Quiesce { left } => return self.quiesce(ply, alpha, beta, me, left),
        };
        if ply + 2 >= MAX_PLY {
            return self.static_eval();
        }
        let key = self.game.hash_key();
        let (tt_move, cut) = self.probe_decision(key, depth, ext, alpha, beta, pv);
        if let Some(score) = cut {
            return score;
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut keys = std::mem::take(&mut self.keys[ply]);
        moves.clear();
        keys.clear();
        self.game.legal_moves(&mut moves);
        if moves.is_empty() {
            // A decision node without moves breaks the Game contract; value it statically.
            self.moves[ply] = moves;
            self.keys[ply] = keys;
            return self.static_eval();
        }
        for &mv in &moves {
            keys.push(self.order_key(mv, tt_move, ply, me));
        }

        let alpha_orig = alpha;
        let mut best = -self.inf;
        let mut best_move = None;
        let n = moves.len();
        for i in 0..n {
            pick_best(&mut moves, &mut keys, i);
            let mv = moves[i];
            let quiet = !self.game.is_capture(mv);
            self.game.play(mv);
            self.played[ply] = Some(mv);
            self.outcome_played[ply] = false;
            let window = (alpha, beta);
            let v = self.search_played_move(ply, depth, ext, window, me, pv, i, keys[i], quiet);
            self.game.undo(mv);
            if self.stopped {
                self.moves[ply] = moves;
                self.keys[ply] = keys;
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    if pv {
                        self.update_pv(ply, mv);
                    }
                    if v >= beta {
                        if quiet {
                            self.reward_cutoff(ply, me, mv, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.keys[ply] = keys;
        self.store_decision(key, best, best_move, alpha_orig, beta, depth, ext);
        best
    }

    /// The table's move for the node `key` (searched first) and, at a non-PV node whose entry
    /// has the same draft and extensions and decides the window, the score to return at once.
    #[inline]
    fn probe_decision(
        &self,
        key: u64,
        depth: i32,
        ext: u8,
        alpha: i32,
        beta: i32,
        pv: bool,
    ) -> (Option<G::Move>, Option<i32>) {
        let Some(e) = self.shared.tt.and_then(|tt| tt.probe(key)) else {
            return (None, None);
        };
        if !pv && i32::from(e.draft) == depth && e.ext == ext {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if cut {
                return (e.mv, Some(e.score));
            }
        }
        (e.mv, None)
    }

    /// The value of the `i`-th move (ordering key `key`, `quiet` if no capture), just played at
    /// the node of `me` at `ply` with `depth`, `ext` left and the window `(alpha, beta)`: the
    /// first move (or every move without PVS) with the full window; a later one with a null
    /// window — first one ply shallower if it is a late quiet move at a non-PV node (late move
    /// reduction, opt-in), and in full only if that beats alpha — and again with the full
    /// window if it lands inside.
    #[inline]
    fn search_played_move(
        &mut self,
        ply: usize,
        depth: i32,
        ext: u8,
        (alpha, beta): (i32, i32),
        me: Player,
        pv: bool,
        i: usize,
        key: i32,
        quiet: bool,
    ) -> i32 {
        let child_phase = self.after_move(depth, ext);
        if i == 0 || !self.opts.pvs {
            return self.child(child_phase, ply + 1, alpha, beta, me, pv);
        }
        let mut refuted = false;
        let mut v = alpha;
        if let Phase::Main { depth: cd, ext: ce } = child_phase {
            let late_quiet = quiet && i >= LMR_FIRST_MOVE && key < COUNTER_PRIORITY;
            if self.opts.lmr && !pv && depth >= LMR_MIN_DEPTH && late_quiet && cd == depth - 1 {
                let reduced = Phase::Main {
                    depth: (cd - lmr_reduction(depth, i)).max(1),
                    ext: ce,
                };
                v = self.child(reduced, ply + 1, alpha, alpha + 1, me, false);
                refuted = !self.stopped && v <= alpha;
            }
        }
        if !refuted && !self.stopped {
            v = self.child(child_phase, ply + 1, alpha, alpha + 1, me, false);
            if !self.stopped && v > alpha && v < beta {
                v = self.child(child_phase, ply + 1, alpha, beta, me, pv);
            }
        }
        v
    }

    /// A quiet move `mv` of `me` at `ply` caused a cut-off: it becomes the countermove to the
    /// previous move, a killer and gains history.
    #[inline]
    fn reward_cutoff(&mut self, ply: usize, me: Player, mv: G::Move, depth: i32) {
        if self.opts.countermoves {
            if let Some(previous) = ply.checked_sub(1).and_then(|p| self.played[p]) {
                self.heur.set_counter(me, &previous, mv);
            }
        }
        self.heur
            .reward(me, mv, ply, depth, self.opts.killers, self.opts.history);
    }

    /// Store the node's result `best` (searched with the window `(alpha_orig, beta)`) in the
    /// table, with its move unless it is only an upper bound.
    #[inline]
    fn store_decision(
        &self,
        key: u64,
        best: i32,
        best_move: Option<G::Move>,
        alpha_orig: i32,
        beta: i32,
        depth: i32,
        ext: u8,
    ) {
        let Some(tt) = self.shared.tt else {
            return;
        };
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let mv = if bound == Bound::Upper {
            None
        } else {
            best_move
        };
        tt.store(Entry {
            key,
            mv,
            score: best,
            draft: depth as i16,
            ext,
            bound,
            age: 0,
        });
    }
}

/// Plies by which late move reductions shorten the `index`-th move (0-based) of a node with
/// `depth` plies left: `max(1, ⌊ln(depth)·ln(index + 1) / 2⌋)`, the usual logarithmic form
/// (more for later moves of deeper nodes); the caller keeps at least one ply.
#[inline]
fn lmr_reduction(depth: i32, index: usize) -> i32 {
    let r = (f64::from(depth).ln() * ((index + 1) as f64).ln() / 2.0) as i32;
    r.max(1)
}
