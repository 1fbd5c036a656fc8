//! Chance nodes: plain expectimax, Ballard's Star1 (bounds from the hard evaluation limits)
//! and Star2 (probing the outcomes first), for [`Worker`].

use super::*;

impl<'a, G: Evaluate, H: MoveHints<G>> Worker<'a, G, H> {
    /// A chance node valued for `view`: plain expectimax, Star1 or Star2 (see the crate header).
    pub(super) fn chance(
        &mut self,
        phase: Phase,
        ply: usize,
        alpha: i32,
        beta: i32,
        view: Player,
    ) -> i32 {
        if ply + 2 >= MAX_PLY {
            return 0;
        }
        let main = match phase {
            Phase::Main { depth, ext } => Some((depth, ext)),
            Phase::Quiesce { .. } => None,
        };
        let key = self.game.hash_key() ^ CHANCE_SALT;
        if let (Some(tt), Some((depth, ext))) = (self.shared.tt, main) {
            if let Some(e) = tt.probe(key) {
                if i32::from(e.draft) == depth && e.ext == ext {
                    let (score, bound) = for_view(e.score, e.bound, view);
                    let cut = match bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= beta,
                        Bound::Upper => score <= alpha,
                    };
                    if cut {
                        return score;
                    }
                }
            }
        }

        // Remember the decision move that led here for the ordering: not a chance outcome
        // followed by another chance node, and not from quiescence (which does not record the
        // moves it plays).
        let parent = ply
            .checked_sub(1)
            .filter(|&p| main.is_some() && !self.outcome_played[p]);
        if let Some(mv) = parent.and_then(|p| self.played[p]) {
            if self.chance_moves.len() < CHANCE_MOVES_KEPT && !self.chance_moves.contains(&mv) {
                self.chance_moves.push(mv);
            }
        }

        let mut outs = std::mem::take(&mut self.outcomes[ply]);
        let mut w = std::mem::take(&mut self.weights[ply]);
        let mut lo = std::mem::take(&mut self.lows[ply]);
        let mut hi = std::mem::take(&mut self.highs[ply]);
        outs.clear();
        self.game.chance_outcomes(&mut outs);
        chance_weights(&outs, &mut w);
        let n = outs.len();
        lo.clear();
        hi.clear();
        lo.resize(n, -self.win);
        hi.resize(n, self.win);

        self.chance_level += 1;
        let (value, bound) =
            self.chance_body(phase, ply, alpha, beta, view, &outs, &w, &mut lo, &mut hi);
        self.chance_level -= 1;

        self.outcomes[ply] = outs;
        self.weights[ply] = w;
        self.lows[ply] = lo;
        self.highs[ply] = hi;
        if self.stopped {
            return 0;
        }
        if let (Some(tt), Some((depth, ext))) = (self.shared.tt, main) {
            let (score, bound) = for_view(value, bound, view);
            tt.store(Entry {
                key,
                mv: None,
                score,
                draft: depth as i16,
                ext,
                bound,
                age: 0,
            });
        }
        value
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn chance_body(
        &mut self,
        phase: Phase,
        ply: usize,
        alpha: i32,
        beta: i32,
        view: Player,
        outs: &[(G::Move, f64)],
        w: &[i64],
        lo: &mut [i32],
        hi: &mut [i32],
    ) -> (i32, Bound) {
        let n = outs.len();
        if n == 0 {
            // A chance node without outcomes breaks the Game contract; call it a draw.
            return (0, Bound::Exact);
        }
        let pruning = self.opts.chance_pruning;
        let ta = chance_alpha_threshold(alpha);
        let tb = chance_beta_threshold(beta);
        let weighted =
            |b: &[i32]| -> i64 { b.iter().zip(w).map(|(&x, &wi)| wi * i64::from(x)).sum() };

        // Star2 (see the crate header): null-window probes at alpha, then planned null-window
        // searches, as long as some outcome is a decision node worth probing.
        if pruning == ChancePruning::Star2 && self.any_worth_probing(ply, outs, w, lo, hi) {
            return self.star2(phase, ply, alpha, view, outs, w, lo, hi, ta, tb);
        }

        // The search phase (Star1 with the bounds known so far; plain expectimax without pruning).
        let prune = pruning != ChancePruning::None;
        let mut exact = 0i64;
        let mut lo_rest = weighted(lo);
        let mut hi_rest = weighted(hi);
        for i in 0..n {
            let wi = w[i];
            lo_rest -= wi * i64::from(lo[i]);
            hi_rest -= wi * i64::from(hi[i]);
            if wi == 0 {
                continue;
            }
            let (mut a, mut b) = (i64::from(lo[i]) - 1, i64::from(hi[i]) + 1);
            if prune {
                let a_star = floor_div(ta - exact - hi_rest, wi);
                let b_star = ceil_div(tb - exact - lo_rest, wi);
                if a_star >= i64::from(hi[i]) {
                    return (
                        chance_value(exact + wi * i64::from(hi[i]) + hi_rest),
                        Bound::Upper,
                    );
                }
                if b_star <= i64::from(lo[i]) {
                    return (
                        chance_value(exact + wi * i64::from(lo[i]) + lo_rest),
                        Bound::Lower,
                    );
                }
                a = a.max(a_star);
                b = b.min(b_star);
            }
            let v = if lo[i] == hi[i] {
                // Known exactly (a terminal outcome).
                lo[i]
            } else {
                let v = self.search_outcome(phase, ply, outs[i].0, a, b, view);
                if self.stopped {
                    return (0, Bound::Exact);
                }
                v
            };
            let v64 = i64::from(v);
            if prune {
                if v64 <= a {
                    return (
                        chance_value(exact + wi * v64.min(i64::from(hi[i])) + hi_rest),
                        Bound::Upper,
                    );
                }
                if v64 >= b {
                    return (
                        chance_value(exact + wi * v64.max(i64::from(lo[i])) + lo_rest),
                        Bound::Lower,
                    );
                }
            }
            exact += wi * v64;
        }
        (chance_value(exact), Bound::Exact)
    }

    /// Whether some outcome of the chance node at `ply` not known exactly is worth probing.
    pub(super) fn any_worth_probing(
        &mut self,
        ply: usize,
        outs: &[(G::Move, f64)],
        w: &[i64],
        lo: &[i32],
        hi: &[i32],
    ) -> bool {
        for i in 0..outs.len() {
            if w[i] == 0 || lo[i] == hi[i] {
                continue;
            }
            let mv = outs[i].0;
            self.game.play(mv);
            self.played[ply] = Some(mv);
            self.outcome_played[ply] = true;
            let worth = self.worth_probing();
            self.game.undo(mv);
            if worth {
                return true;
            }
        }
        false
    }

    /// Star2 at a chance node (see the crate header): every outcome is first probed with a
    /// null window at `alpha`; then, while the bounds `lo`/`hi` do not decide the node, the
    /// outcomes' estimates (exact value, the one bound known, or the middle of both) say which
    /// side the node is heading for, the slack between the estimated mean and the threshold of
    /// that side is shared among the outcomes not yet proved on it, and the first such outcome
    /// (searched least recently first: largest weighted gap) is searched with a null window at
    /// its share. Each search narrows one outcome's interval, so the loop ends; after
    /// [`STAR2_PLANNED_TRIES`] planned searches of one outcome it gets Star1's window (which
    /// decides the node or makes the outcome exact).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn star2(
        &mut self,
        phase: Phase,
        ply: usize,
        alpha: i32,
        view: Player,
        outs: &[(G::Move, f64)],
        w: &[i64],
        lo: &mut [i32],
        hi: &mut [i32],
        ta: i64,
        tb: i64,
    ) -> (i32, Bound) {
        let n = outs.len();
        let mut tries = std::mem::take(&mut self.tries[ply]);
        tries.clear();
        tries.resize(n, 0);
        let win = i64::from(self.win);
        let result = loop {
            let low_sum: i64 = lo.iter().zip(w).map(|(&x, &wi)| wi * i64::from(x)).sum();
            let high_sum: i64 = hi.iter().zip(w).map(|(&x, &wi)| wi * i64::from(x)).sum();
            if low_sum >= tb {
                break (chance_value(low_sum), Bound::Lower);
            }
            if high_sum <= ta {
                break (chance_value(high_sum), Bound::Upper);
            }
            let estimate = |i: usize| -> i64 {
                let (l, h) = (i64::from(lo[i]), i64::from(hi[i]));
                match (l > -win, h < win) {
                    (true, true) => (l + h).div_euclid(2),
                    (false, true) => h,
                    (true, false) => l,
                    (false, false) => i64::from(alpha),
                }
            };
            let e_sum: i64 = (0..n).map(|i| w[i] * estimate(i)).sum();
            let aim_low = e_sum <= ta;
            let aim_high = e_sum >= tb;
            // The outcomes not yet proved on the side aimed at (all open ones otherwise).
            let open = |i: usize| -> bool {
                w[i] > 0
                    && lo[i] < hi[i]
                    && if aim_low {
                        i64::from(hi[i]) > estimate(i)
                    } else if aim_high {
                        i64::from(lo[i]) < estimate(i)
                    } else {
                        true
                    }
            };
            let mut count = 0i64;
            let mut pick = None;
            let mut widest = i64::MIN;
            for i in 0..n {
                if !open(i) {
                    continue;
                }
                count += 1;
                let gap = if tries[i] == 0 {
                    i64::MAX
                } else {
                    w[i] * (i64::from(hi[i]) - i64::from(lo[i]))
                };
                if gap > widest {
                    widest = gap;
                    pick = Some(i);
                }
            }
            let Some(j) = pick else {
                // Every outcome exact.
                break (chance_value(low_sum), Bound::Exact);
            };
            let wj = w[j];
            let (lj, hj) = (i64::from(lo[j]), i64::from(hi[j]));
            // Star1's window for j given every other outcome's bounds ...
            let mut a = floor_div(ta - (high_sum - wj * hj), wj).max(lj - 1);
            let mut b = ceil_div(tb - (low_sum - wj * lj), wj).min(hj + 1);
            // ... or, for the probe and the planned searches, a null window (x, x + 1) inside it
            // (and inside j's interval, so that the search narrows it).
            let x = if tries[j] == 0 {
                Some(i64::from(alpha))
            } else if tries[j] < STAR2_PLANNED_TRIES && aim_low {
                Some(estimate(j) + floor_div(ta - e_sum, count * wj))
            } else if tries[j] < STAR2_PLANNED_TRIES && aim_high {
                Some(estimate(j) - floor_div(e_sum - tb, count * wj) - 1)
            } else {
                None
            };
            if let Some(x) = x {
                let x = x.clamp(a.max(lj), (b - 1).min(hj - 1));
                a = x;
                b = x + 1;
            }
            tries[j] = tries[j].saturating_add(1);
            let v = self.search_outcome(phase, ply, outs[j].0, a, b, view);
            if self.stopped {
                break (0, Bound::Exact);
            }
            let v64 = i64::from(v);
            if v64 <= a {
                hi[j] = hi[j].min(v.max(lo[j]));
            } else if v64 >= b {
                lo[j] = lo[j].max(v.min(hi[j]));
            } else {
                lo[j] = v;
                hi[j] = v;
            }
        };
        self.tries[ply] = tries;
        result
    }

    /// Search the chance outcome `mv` of the chance node at `ply` with the window `(a, b)`
    /// (Star1's and Star2's windows are `i64` in the chance arithmetic; they lie within the
    /// score range).
    pub(super) fn search_outcome(
        &mut self,
        phase: Phase,
        ply: usize,
        mv: G::Move,
        a: i64,
        b: i64,
        view: Player,
    ) -> i32 {
        self.game.play(mv);
        self.played[ply] = Some(mv);
        self.outcome_played[ply] = true;
        self.pv[ply + 1].clear();
        let v = self.node(phase, ply + 1, a as i32, b as i32, view, false);
        self.game.undo(mv);
        v
    }

    /// Star2 probes an outcome only if it is a decision node with at least `STAR2_MIN_MOVES`
    /// moves. Where a roll is followed by a choice between two moves and another roll (Pig),
    /// the outcomes' values straddle alpha, most probes are searched again, and the nesting of
    /// chance nodes compounds that: Star2 searched 5.7 million nodes on Pig at depth 8 against
    /// 0.67 million for Star1 without this rule. With it such chance nodes are searched as by
    /// Star1.
    pub(super) fn worth_probing(&mut self) -> bool {
        if !matches!(self.game.node_kind(), NodeKind::Decision(_)) {
            return false;
        }
        let mut buf = std::mem::take(&mut self.moves[MAX_PLY + 1]);
        buf.clear();
        self.game.legal_moves(&mut buf);
        let n = buf.len();
        self.moves[MAX_PLY + 1] = buf;
        n >= STAR2_MIN_MOVES
    }
}
