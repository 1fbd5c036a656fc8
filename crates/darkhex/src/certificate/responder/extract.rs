//! Extracting the maximising policy after the search.

use super::{Branch, Responder};
use crate::rules::probe_event;
use bitboard::BitWord;
use hashbrown::HashMap;

impl Responder<'_> {
    /// After [`Self::respond`] from the root: walk the responder histories that the memoised
    /// argmax probes reach with positive weight (re-solving, with the memo, the nodes under the
    /// memo floor that the search did not memoise) and record the probe made at each, with the
    /// responder's legal set there (known from the walk, so no history is replayed). In a node
    /// worth 0 every probe is best and the lowest legal one is recorded, as in its whole
    /// subtree (`zero`), which is worth 0 too and need not have been searched.
    pub(super) fn extract(
        &mut self,
        r_stones: u64,
        r_known: u64,
        r_history: u128,
        ws: usize,
        zero: bool,
        out: &mut HashMap<u128, (u8, u64)>,
    ) {
        let we = self.worlds.len();
        if ws == we {
            return;
        }
        let legal = self.s.game.all() & !(r_stones | r_known);
        let lowest = legal.trailing_zeros() as u8;
        // A node under the memo floor was searched without the memo: solve it again, this
        // time memoising its whole subtree, so that it and the nodes below it on the policy's
        // path are found. (Its value is exact, and so is each entry written now.)
        let forced = !zero && !self.force_memo && legal.count_ones() <= self.s.memo_floor;
        if forced {
            self.force_memo = true;
            self.respond(r_stones, r_known, ws, 0);
        }
        let (a, zero) = if zero {
            (lowest, true)
        } else {
            let key = self.memo_key(r_stones, r_known, ws);
            match self.lookup(&key, ws) {
                Some((0, _, _)) => (lowest, true),
                Some((v, a, exact)) => {
                    debug_assert!(exact, "a node on the best response's path is exact");
                    if self.s.rotation {
                        (self.first_best(r_stones, r_known, ws, v), false)
                    } else {
                        (a, false)
                    }
                }
                None => {
                    debug_assert!(false, "every reached responder history was solved");
                    (lowest, false)
                }
            }
        };
        out.insert(r_history, (a, legal));
        let a = a as u32;
        for placed in [true, false] {
            if let Branch::Next {
                stones,
                known,
                start,
            } = self.branch(r_stones, r_known, (ws, we), a, placed)
            {
                let h = self.s.game.push_event(r_history, probe_event(a, placed));
                self.extract(stones, known, h, start, zero, out);
            }
            self.worlds.truncate(we);
        }
        if forced {
            self.force_memo = false;
        }
    }

    /// The first probe in cell order whose value is the node's exact value `v > 0`. With the
    /// rotation memo a node's memoised probe may come from a search of its image (the first
    /// best in the image's cell order, which depends on which orientation the threads reached
    /// first); re-deriving it here makes the extracted policy the one the unrotated search
    /// records, whatever the schedule. The probes before it were searched below `v` already,
    /// so their memo entries answer at once.
    fn first_best(&mut self, r_stones: u64, r_known: u64, ws: usize, v: u128) -> u8 {
        let we = self.worlds.len();
        let legal = self.s.game.all() & !(r_stones | r_known);
        for a in legal.iter() {
            let value = self.probe_value(r_stones, r_known, (ws, we), a, v - 1);
            self.worlds.truncate(we);
            if value >= v {
                return a as u8;
            }
        }
        unreachable!("a node worth {v} has a probe worth {v}")
    }
}
