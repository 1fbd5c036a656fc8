//! Winning moves and principal variations from solved positions.

use super::*;

impl<G: ExactGame> Solver<G> {
    /// A proven winning move of `pos` for the player to move, or `None` if that player loses
    /// (or a deadline stopped the search).
    ///
    /// The cheapest proof comes first: a child already proven lost in the tables or the
    /// solved-position database (the proofs left by the search that solved `pos`), then a child
    /// lost by the game's static analysis, then the children solved one by one, those where the
    /// opponent has fewest replies first. Which winning move is returned can therefore depend
    /// on what earlier searches left in the tables (thread timing, earlier positions): it is
    /// always a proven winning move, not always the same one. Before this order, the first
    /// winning move in the game's order was returned, which cost up to ten times the search of
    /// `pos` itself in proofs of the children before it (`results/rex/knowledge.md`,
    /// twenty-sixth session).
    pub fn winning_move(&self, pos: &G) -> Option<G::Move> {
        let mut moves = Vec::new();
        match pos.prepare(&mut moves) {
            Some(false) => return None,
            // Won without search, and the static proof names no move: every legal move is a
            // candidate.
            Some(true) => {
                moves.clear();
                pos.legal_moves(&mut moves);
            }
            None => {
                if !self.solve(pos) || self.stopped() {
                    return None;
                }
            }
        }
        let mut p = pos.clone();
        for &m in &moves {
            p.play(m);
            let lost = self.known_lost(p.canonical_keys());
            p.undo(m);
            if lost {
                return Some(m);
            }
        }
        let mut open = Vec::with_capacity(moves.len());
        let mut buf = Vec::new();
        for (i, &m) in moves.iter().enumerate() {
            p.play(m);
            buf.clear();
            let child = p.prepare(&mut buf);
            p.undo(m);
            match child {
                Some(false) => return Some(m),
                // The opponent wins there: never a winning move.
                Some(true) => {}
                None => open.push((buf.len(), i, m)),
            }
        }
        open.sort_unstable_by_key(|&(replies, i, _)| (replies, i));
        for (_, _, m) in open {
            p.play(m);
            let lost = !self.solve(&p);
            p.undo(m);
            if self.stopped() {
                return None;
            }
            if lost {
                return Some(m);
            }
        }
        None
    }

    /// True if the position with these canonical keys is proven lost for its player to move in
    /// the alpha-beta table, the df-pn table or the database.
    fn known_lost(&self, (k1, k2): (u64, u64)) -> bool {
        if let Some(data) = self.table.probe(k1, k2) {
            return data & 1 == 0;
        }
        if let Some(d) = self.dtable.as_ref().and_then(|t| t.probe(k1, k2)) {
            if dfpn::unpack(d).1 == 0 {
                return true;
            }
        }
        self.store.as_deref().and_then(|st| st.get((k1, k2))) == Some(false)
    }

    /// A principal variation from `pos`: the winner plays a proven winning move
    /// ([`Solver::winning_move`]), the loser the first move of its list; ends when the game is
    /// decided by a move that joins the loser's sides. Every winner's move is proven; which one
    /// is chosen can vary with the threads and earlier searches (see [`Solver::winning_move`]).
    pub fn principal_variation(&self, pos: &G, max_len: usize) -> Vec<G::Move> {
        let mut p = pos.clone();
        let mut line = Vec::new();
        let mut moves = Vec::new();
        while line.len() < max_len {
            moves.clear();
            let decided = p.prepare(&mut moves);
            if decided == Some(true) || (decided.is_none() && self.solve(&p)) {
                match self.winning_move(&p) {
                    Some(m) => {
                        p.play(m);
                        line.push(m);
                        continue;
                    }
                    None => break,
                }
            }
            if self.stopped() {
                break;
            }
            // Lost (statically or by search): if the game is not over, the loser's first move.
            if decided.is_some() {
                moves.clear();
                p.legal_moves(&mut moves);
            }
            if let Some(&m) = moves.first() {
                line.push(m);
                if decided.is_none() {
                    p.play(m);
                    continue;
                }
            }
            break;
        }
        line
    }
}
