//! Principal variations from solved positions.

use super::*;

impl<G: ExactGame> Solver<G> {
    /// A principal variation from `pos`: the winner plays the first winning move in the game's
    /// order, the loser the first move of its list; ends when the game is decided by a move
    /// that joins the loser's sides. Deterministic for any number of threads.
    pub fn principal_variation(&self, pos: &G, max_len: usize) -> Vec<G::Move> {
        let mut p = pos.clone();
        let mut line = Vec::new();
        let mut moves = Vec::new();
        while line.len() < max_len {
            moves.clear();
            match p.prepare(&mut moves) {
                Some(true) => {
                    // Won without search: the first legal move whose child is lost, found by
                    // solving the children (the static proof names no move).
                    let mut legal = Vec::new();
                    p.legal_moves(&mut legal);
                    let win = legal.iter().copied().find(|&m| {
                        let mut c = p.clone();
                        c.play(m);
                        !self.solve(&c)
                    });
                    match win {
                        Some(m) => {
                            p.play(m);
                            line.push(m);
                        }
                        None => break,
                    }
                }
                Some(false) => {
                    // Lost without search: if the game is not over, the loser's first move.
                    let mut legal = Vec::new();
                    p.legal_moves(&mut legal);
                    if let Some(&m) = legal.first() {
                        line.push(m);
                    }
                    break;
                }
                None => {
                    let mut chosen = moves[0];
                    for &m in &moves {
                        let mut c = p.clone();
                        c.play(m);
                        if !self.solve(&c) {
                            chosen = m;
                            break;
                        }
                    }
                    p.play(chosen);
                    line.push(chosen);
                }
            }
        }
        line
    }
}
