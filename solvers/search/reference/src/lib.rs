//! Plain minimax / expectimax reference: the value definition of the crate header written as
//! a direct recursion over the whole tree (no windows, no table, no ordering), with its own
//! copy of the score arithmetic.

use game::{Evaluate, NodeKind, Player};
use search::toy::SplitMix64;
use search::{SearchOptions, MAX_EXTENSIONS, MAX_PLY, QS_CHECK_PLIES, QS_MAX_PLIES};

/// Which features the reference includes (must match the options of the search compared).
#[derive(Clone, Copy, Debug)]
pub struct RefOptions {
    pub quiescence: bool,
    pub check_extension: bool,
}

impl RefOptions {
    pub fn of(o: &SearchOptions) -> Self {
        RefOptions {
            quiescence: o.quiescence,
            check_extension: o.check_extension,
        }
    }
}

const TOTAL: i64 = 720_720;

pub fn win<G: Evaluate>() -> i32 {
    G::EVAL_BOUND + MAX_PLY as i32 + 1
}

fn adjust<G: Evaluate>(x: i32) -> i32 {
    let b = G::EVAL_BOUND;
    if x > b {
        x - 1
    } else if x < -b {
        x + 1
    } else {
        x
    }
}

fn eval<G: Evaluate>(g: &G) -> i32 {
    g.evaluate().clamp(-G::EVAL_BOUND, G::EVAL_BOUND)
}

#[derive(Clone, Copy)]
enum Phase {
    Main { depth: i32, ext: u8 },
    Quiesce { left: u8 },
}

/// The value of `g` for its player to move, searched to `depth`.
pub fn reference<G: Evaluate>(g: &mut G, depth: u32, o: RefOptions) -> i32 {
    let NodeKind::Decision(me) = g.node_kind() else {
        panic!("reference root must be a decision node")
    };
    decision(
        g,
        Phase::Main {
            depth: depth as i32,
            ext: MAX_EXTENSIONS,
        },
        me,
        o,
    )
}

fn node<G: Evaluate>(g: &mut G, phase: Phase, view: Player, o: RefOptions) -> i32 {
    match g.node_kind() {
        NodeKind::Terminal => g.outcome().map_or(0, |r| r.value_for(view) * win::<G>()),
        NodeKind::Chance => {
            let mut outs = Vec::new();
            g.chance_outcomes(&mut outs);
            let mut sum = 0i64;
            for (mv, p) in outs {
                let w = (p * TOTAL as f64).round() as i64;
                g.play(mv);
                sum += w * i64::from(node(g, phase, view, o));
                g.undo(mv);
            }
            (2 * sum + TOTAL).div_euclid(2 * TOTAL) as i32
        }
        NodeKind::Decision(q) => {
            let v = decision(g, phase, q, o);
            if q == view {
                v
            } else {
                -v
            }
        }
    }
}

fn decision<G: Evaluate>(g: &mut G, phase: Phase, me: Player, o: RefOptions) -> i32 {
    let (depth, ext) = match phase {
        Phase::Main { depth, ext } if depth > 0 => (depth, ext),
        Phase::Main { .. } => return quiesce(g, QS_MAX_PLIES, me, o),
        Phase::Quiesce { left } => return quiesce(g, left, me, o),
    };
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    if moves.is_empty() {
        return eval(g);
    }
    let mut best = i32::MIN;
    for mv in moves {
        g.play(mv);
        let child = if o.check_extension && ext > 0 && g.in_check() {
            Phase::Main {
                depth,
                ext: ext - 1,
            }
        } else {
            Phase::Main {
                depth: depth - 1,
                ext,
            }
        };
        best = best.max(adjust::<G>(node(g, child, me, o)));
        g.undo(mv);
    }
    best
}

fn quiesce<G: Evaluate>(g: &mut G, left: u8, me: Player, o: RefOptions) -> i32 {
    if !o.quiescence {
        return eval(g);
    }
    let in_check = left > QS_MAX_PLIES - QS_CHECK_PLIES && g.in_check();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut best = i32::MIN;
    if !in_check {
        best = eval(g);
        if left == 0 {
            return best;
        }
        moves.retain(|&m| g.is_capture(m));
    } else if moves.is_empty() {
        return eval(g);
    }
    for mv in moves {
        g.play(mv);
        best = best.max(adjust::<G>(node(
            g,
            Phase::Quiesce { left: left - 1 },
            me,
            o,
        )));
        g.undo(mv);
    }
    best
}

/// Play up to `plies` random moves or chance outcomes from `g`; `None` if the result is not a
/// decision node.
pub fn random_position<G: Evaluate>(mut g: G, plies: usize, rng: &mut SplitMix64) -> Option<G> {
    for _ in 0..plies {
        match g.node_kind() {
            NodeKind::Terminal => return None,
            NodeKind::Chance => {
                let mut outs = Vec::new();
                g.chance_outcomes(&mut outs);
                let mv = outs[rng.below(outs.len())].0;
                g.play(mv);
            }
            NodeKind::Decision(_) => {
                let mut moves = Vec::new();
                g.legal_moves(&mut moves);
                let mv = moves[rng.below(moves.len())];
                g.play(mv);
            }
        }
    }
    matches!(g.node_kind(), NodeKind::Decision(_)).then_some(g)
}
