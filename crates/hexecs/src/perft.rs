//! Perft: counting the leaves of the game tree to a fixed depth.
//!
//! Two counts, because the tree has chance nodes (the die):
//! - [`PerftMode::WithChance`]: every edge is one ply — a decision move (including `roll`) and a
//!   chance outcome (`roll=N`) alike. A roll with one ply left is one leaf; with two plies left
//!   it is six leaves (the die faces), and so on.
//! - [`PerftMode::Decisions`]: only decisions consume depth; chance nodes are expanded (all six
//!   faces) without using a ply. A roll with one ply left is one leaf; with two plies left its
//!   leaves are the princess moves (or stay / pass) summed over the six faces.
//!
//! Both ignore the repetition and no-progress draws (as chess perft ignores the fifty-move
//! rule); mate and stalemate end branches naturally (no legal move). Leaves are counted in bulk:
//! at depth 1 the legal moves are counted, not made.

use crate::board::{Board, Phase};
use crate::types::Move;

/// How chance outcomes are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PerftMode {
    /// Only decisions consume depth; chance nodes are expanded in place.
    Decisions,
    /// Decisions and chance outcomes each consume one ply.
    WithChance,
}

/// Leaves of the tree of depth `depth` below `b`.
pub fn perft(b: &Board, depth: u32, mode: PerftMode) -> u64 {
    if depth == 0 {
        return 1;
    }
    if b.phase() == Phase::Rolled {
        let next_depth = match mode {
            PerftMode::WithChance => {
                if depth == 1 {
                    return 6;
                }
                depth - 1
            }
            PerftMode::Decisions => depth,
        };
        return (1..=6)
            .map(|n| {
                let mut c = *b;
                c.make(Move::die(n));
                perft(&c, next_depth, mode)
            })
            .sum();
    }
    if depth == 1 {
        return b.count_moves();
    }
    let mut total = 0u64;
    b.generate(&mut |m| {
        let mut c = *b;
        c.make(m);
        total += perft(&c, depth - 1, mode);
        true
    });
    total
}

/// Perft split by the first move (or first chance outcome), in generation order.
pub fn divide(b: &Board, depth: u32, mode: PerftMode) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    first_moves(b)
        .into_iter()
        .map(|m| (m, perft_below(b, m, depth, mode)))
        .collect()
}

/// The first moves of a perft of `b`, in generation order: the legal moves, or the six die
/// outcomes at a chance node.
pub fn first_moves(b: &Board) -> Vec<Move> {
    let mut first = Vec::new();
    if b.phase() == Phase::Rolled {
        first.extend((1..=6).map(Move::die));
    } else {
        b.legal_moves(&mut first);
    }
    first
}

/// The part of `perft(b, depth, mode)` (depth at least 1) below the first move `m`: a die
/// outcome consumes no depth in the decision-only count.
pub fn perft_below(b: &Board, m: Move, depth: u32, mode: PerftMode) -> u64 {
    let mut c = *b;
    c.make(m);
    let d = if b.phase() == Phase::Rolled && mode == PerftMode::Decisions {
        depth
    } else {
        depth - 1
    };
    perft(&c, d, mode)
}
