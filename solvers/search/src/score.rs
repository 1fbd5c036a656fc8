//! Scores, the win/loss scale and the arithmetic every node shares.
//!
//! All scores are `i32` from the point of view of one player (see the crate header):
//!
//! - evaluations lie in `[-B, B]` with `B = Evaluate::EVAL_BOUND` (clamped if a game strays);
//! - a terminal position is worth `+W` (won), `-W` (lost) or `0` (drawn), `W = win_score(B)`;
//! - every decision ply on the way up moves a score beyond `±B` one point towards zero
//!   ([`ply_adjust`]), so a forced win in `n` plies is worth exactly `W - n`;
//! - a chance node is worth the probability-weighted mean of its children, rounded
//!   ([`chance_value`]), with integer weights summing to [`CHANCE_WEIGHT_TOTAL`].
//!
//! Scores are therefore *relative to the node* (a win in `n` plies from here is `W - n`
//! whatever the distance from the root), which is what engines that count mates from the root
//! achieve by adding and subtracting the ply when they store and load table entries. Here no
//! correction is needed at the table, and the convention stays exact for expectimax values that
//! mix wins with evaluations.

/// The deepest ply the search stacks reach (main search, check extensions and quiescence).
pub const MAX_PLY: usize = 128;

/// The largest nominal depth an iterative-deepening run starts.
pub const MAX_DEPTH: u32 = 64;

/// Check extensions allowed along one line (the budget is part of every table entry).
pub const MAX_EXTENSIONS: u8 = 16;

/// Plies of quiescence search below the nominal depth.
pub const QS_MAX_PLIES: u8 = 32;

/// In the first `QS_CHECK_PLIES` plies of quiescence a side in check searches every move
/// (no stand-pat); deeper, it stands pat and tries captures like any other position.
pub const QS_CHECK_PLIES: u8 = 2;

/// Chance probabilities become integer weights summing to this: 720720 = lcm(1..=16), so dice
/// (1/6, 1/36) and any probability with a denominator up to 16 are represented exactly.
pub const CHANCE_WEIGHT_TOTAL: i64 = 720_720;

/// The largest `EVAL_BOUND` the search accepts (keeps every product inside `i64`).
pub const MAX_EVAL_BOUND: i32 = 1 << 28;

/// The score of a won terminal position: `B + MAX_PLY + 1`, so a win in `n ≤ MAX_PLY` plies
/// (`W - n`) stays above every evaluation.
#[inline]
pub fn win_score(eval_bound: i32) -> i32 {
    eval_bound + MAX_PLY as i32 + 1
}

/// The value one decision ply above a child worth `x` to the same player: scores beyond the
/// evaluation bound move one point towards zero (a win one ply further away is worth less).
#[inline]
pub fn ply_adjust(x: i32, eval_bound: i32) -> i32 {
    if x > eval_bound {
        x - 1
    } else if x < -eval_bound {
        x + 1
    } else {
        x
    }
}

/// The largest child score whose [`ply_adjust`] is `≤ alpha`: the child's alpha.
#[inline]
pub fn child_alpha(alpha: i32, eval_bound: i32) -> i32 {
    if alpha >= eval_bound {
        alpha + 1
    } else if alpha >= -eval_bound {
        alpha
    } else {
        alpha - 1
    }
}

/// The smallest child score whose [`ply_adjust`] is `≥ beta`: the child's beta.
#[inline]
pub fn child_beta(beta: i32, eval_bound: i32) -> i32 {
    -child_alpha(-beta, eval_bound)
}

/// The value of a chance node whose weighted child sum is `sum` (weights summing to
/// [`CHANCE_WEIGHT_TOTAL`]): `sum / W` rounded to the nearest integer, halves upwards.
#[inline]
pub fn chance_value(sum: i64) -> i32 {
    let w = CHANCE_WEIGHT_TOTAL;
    (2 * sum + w).div_euclid(2 * w) as i32
}

/// The largest weighted sum whose [`chance_value`] is `≤ alpha`.
#[inline]
pub(crate) fn chance_alpha_threshold(alpha: i32) -> i64 {
    // chance_value(s) ≤ a  ⇔  2s + W < 2W(a+1)  ⇔  s < Wa + W/2 (W even).
    CHANCE_WEIGHT_TOTAL * alpha as i64 + CHANCE_WEIGHT_TOTAL / 2 - 1
}

/// The smallest weighted sum whose [`chance_value`] is `≥ beta`.
#[inline]
pub(crate) fn chance_beta_threshold(beta: i32) -> i64 {
    // chance_value(s) ≥ b  ⇔  2s + W ≥ 2Wb  ⇔  s ≥ Wb - W/2.
    CHANCE_WEIGHT_TOTAL * beta as i64 - CHANCE_WEIGHT_TOTAL / 2
}

/// Integer weights for chance probabilities: `round(p · CHANCE_WEIGHT_TOTAL)` each; if they do
/// not sum to the total (probabilities not summing to 1, or not multiples of 1/720720) the
/// difference goes to the largest weight. A probability below 1/1441440 gets weight 0 and its
/// outcome is never searched.
pub fn chance_weights<M>(outcomes: &[(M, f64)], out: &mut Vec<i64>) {
    out.clear();
    let mut total = 0i64;
    let mut largest = 0usize;
    for (i, (_, p)) in outcomes.iter().enumerate() {
        let p = if p.is_finite() && *p > 0.0 { *p } else { 0.0 };
        let w = (p * CHANCE_WEIGHT_TOTAL as f64).round() as i64;
        total += w;
        out.push(w);
        if w > out[largest] {
            largest = i;
        }
    }
    if !out.is_empty() && total != CHANCE_WEIGHT_TOTAL {
        out[largest] += CHANCE_WEIGHT_TOTAL - total;
        if out[largest] < 0 {
            // Wildly wrong probabilities (a game bug): fall back to a uniform distribution.
            let n = out.len() as i64;
            for (i, w) in out.iter_mut().enumerate() {
                *w = CHANCE_WEIGHT_TOTAL / n + i64::from((i as i64) < CHANCE_WEIGHT_TOTAL % n);
            }
        }
    }
}

/// `floor(a / b)` for `b > 0`.
#[inline]
pub(crate) fn floor_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

/// `ceil(a / b)` for `b > 0`.
#[inline]
pub(crate) fn ceil_div(a: i64, b: i64) -> i64 {
    -(-a).div_euclid(b)
}

/// What a root score means for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    /// A heuristic score (or, with chance nodes, an expectation).
    Eval(i32),
    /// A forced win in this many plies (only claimed when no chance node was searched).
    WinIn(u32),
    /// A forced loss in this many plies (only claimed when no chance node was searched).
    LossIn(u32),
}

/// Classify a root score. Wins are only claimed for searches that met no chance node: with
/// chance, a score above the bound is an expectation mixing wins and evaluations.
pub fn classify(score: i32, eval_bound: i32, searched_chance: bool) -> ScoreKind {
    let w = win_score(eval_bound);
    if !searched_chance && score >= w - MAX_PLY as i32 {
        ScoreKind::WinIn((w - score) as u32)
    } else if !searched_chance && score <= -(w - MAX_PLY as i32) {
        ScoreKind::LossIn((w + score) as u32)
    } else {
        ScoreKind::Eval(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn child_window_is_the_inverse_of_the_adjustment() {
        let b = 50;
        for a in -(b + 140)..=(b + 140) {
            let ca = child_alpha(a, b);
            assert!(ply_adjust(ca, b) <= a, "alpha {a}");
            assert!(ply_adjust(ca + 1, b) > a, "alpha {a}");
            let cb = child_beta(a, b);
            assert!(ply_adjust(cb, b) >= a, "beta {a}");
            assert!(ply_adjust(cb - 1, b) < a, "beta {a}");
        }
    }

    #[test]
    fn chance_thresholds_match_the_rounding() {
        for a in -30..30 {
            let t = chance_alpha_threshold(a);
            assert!(chance_value(t) <= a && chance_value(t + 1) > a);
            let t = chance_beta_threshold(a);
            assert!(chance_value(t) >= a && chance_value(t - 1) < a);
        }
        assert_eq!(chance_value(CHANCE_WEIGHT_TOTAL * 7), 7);
        assert_eq!(chance_value(-CHANCE_WEIGHT_TOTAL * 7), -7);
        assert_eq!(chance_value(CHANCE_WEIGHT_TOTAL / 2), 1);
        assert_eq!(chance_value(-CHANCE_WEIGHT_TOTAL / 2), 0);
    }

    #[test]
    fn dice_weights_are_exact() {
        let outcomes: Vec<(u8, f64)> = (0..6).map(|i| (i, 1.0 / 6.0)).collect();
        let mut w = Vec::new();
        chance_weights(&outcomes, &mut w);
        assert_eq!(w, vec![120_120; 6]);
        let outcomes: Vec<(u8, f64)> = (0..36).map(|i| (i, 1.0 / 36.0)).collect();
        chance_weights(&outcomes, &mut w);
        assert!(w.iter().all(|&x| x == 20_020));
        let bad = [(0u8, 0.5), (1, 0.7)];
        chance_weights(&bad, &mut w);
        assert_eq!(w.iter().sum::<i64>(), CHANCE_WEIGHT_TOTAL);
    }
}
