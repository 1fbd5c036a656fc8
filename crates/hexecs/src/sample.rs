//! Seeded samples of positions with chance nodes from the root, for search tests and the
//! Star1/Star2 benchmark.

use crate::types::{Kind, Move};
use crate::Hexecs;
use game::rng::SplitMix64;
use game::{Game, NodeKind};

/// `count` positions reached by 0 to 11 random plies (moves and die outcomes, uniformly among
/// the legal ones) from `start`, keeping those in which a princess is on the board and the side
/// to move may roll, so that a search tree has chance nodes from the root. A walk that ends the
/// game is dropped. A function of `start`, `count` and `seed` only.
pub fn princess_sample(start: &Hexecs, count: usize, seed: u64) -> Vec<Hexecs> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    'positions: while out.len() < count {
        let plies = rng.below(12);
        let mut g = start.clone();
        for _ in 0..plies {
            match g.node_kind() {
                NodeKind::Terminal => continue 'positions,
                NodeKind::Chance => {
                    outcomes.clear();
                    g.chance_outcomes(&mut outcomes);
                    let mv = outcomes[rng.below(outcomes.len())].0;
                    g.play(mv);
                }
                NodeKind::Decision(_) => {
                    moves.clear();
                    g.legal_moves(&mut moves);
                    let mv = moves[rng.below(moves.len())];
                    g.play(mv);
                }
            }
        }
        if !matches!(g.node_kind(), NodeKind::Decision(_)) {
            continue;
        }
        moves.clear();
        g.legal_moves(&mut moves);
        if g.board().kind_set(Kind::Princess) != 0 && moves.contains(&Move::ROLL) {
            out.push(g);
        }
    }
    out
}
