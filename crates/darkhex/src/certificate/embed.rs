//! A mixture of a smaller board played on a sub-board of a larger one.
//!
//! [`Mixture::embedded`] re-indexes every cell of a mixture's policies, cell `(r, c)` of the
//! small board becoming `(r + dr, c + dc)` of the large one: priorities (followed by the
//! large board's other cells in index order), decision histories (re-packed event by event)
//! and decisions. The embedded policy is a policy of the large board: it plays like the small
//! one as long as its histories are the small board's, and by its priority elsewhere. Nothing
//! about its value is assumed: the bound it proves on the large board is whatever the exact
//! best response there says (`certify`). It is how 4×3's exact Black mixture becomes a 4×4
//! certificate (`results/darkhex/frontier.md`).

use super::{CertificateError, Mixture, Policy};
use crate::rules::{probe_event, DarkHex, Rules};

impl Mixture {
    /// The mixture played on the sub-board at offset `(dr, dc)` of a `rows × cols` board of the
    /// same variant (read back by the strict reader). An error if the sub-board does not fit.
    pub fn embedded(
        &self,
        rows: usize,
        cols: usize,
        dr: usize,
        dc: usize,
    ) -> Result<Mixture, CertificateError> {
        let small = self.rules;
        if small.rows + dr > rows || small.cols + dc > cols {
            return Err(CertificateError::Embed(format!(
                "a {}x{} board at offset ({dr}, {dc}) does not fit in {rows}x{cols}",
                small.rows, small.cols
            )));
        }
        let rules = Rules {
            rows,
            cols,
            ..small
        };
        let game = DarkHex::new(rules).map_err(|e| CertificateError::Embed(e.to_string()))?;
        // The small board's histories are re-packed in the large board's width (6 bits per
        // event on 16 cells).
        let small_game = DarkHex::new(small).map_err(|e| CertificateError::Embed(e.to_string()))?;
        let map = |c: u8| {
            let (r, k) = (c as usize / small.cols, c as usize % small.cols);
            ((r + dr) * cols + k + dc) as u8
        };
        let policies = self
            .policies
            .iter()
            .map(|p| {
                let mut priority: Vec<u8> = p.priority.iter().map(|&c| map(c)).collect();
                let used = priority.iter().fold(0u64, |s, &c| s | 1 << c);
                priority.extend((0..game.cells() as u8).filter(|&c| used >> c & 1 == 0));
                let decisions = p
                    .decisions
                    .iter()
                    .map(|(&h, &a)| {
                        let packed =
                            small_game
                                .history_events(h)
                                .into_iter()
                                .fold(0u128, |h, e| {
                                    let cell = map(((e >> 1) - 1) as u8) as u32;
                                    game.push_event(h, probe_event(cell, e & 1 == 1))
                                });
                        (packed, map(a))
                    })
                    .collect();
                Policy {
                    weight: p.weight,
                    priority,
                    decisions,
                }
            })
            .collect();
        let m = Mixture {
            rules,
            owner: self.owner,
            policies,
        };
        // Read the result back: the strict reader checks every re-packed history.
        Mixture::parse(&m.to_text()).map_err(|e| {
            CertificateError::Embed(format!(
                "the {rows}x{cols} mixture does not read back ({e})"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::certificate::{best_response, Mixture};

    const FOUR_BY_THREE: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../results/darkhex/double-oracle-classical-4x3/black-lower.mix"
    ));

    #[test]
    fn embedding_in_the_same_board_changes_nothing() {
        let m = Mixture::parse(FOUR_BY_THREE).unwrap();
        let e = m.embedded(4, 3, 0, 0).unwrap();
        assert_eq!(e, m);
    }

    #[test]
    fn an_embedded_mixture_keeps_its_moves_and_is_certified_on_the_large_board() {
        let m = Mixture::parse(FOUR_BY_THREE).unwrap();
        let e = m.embedded(4, 4, 0, 0).unwrap();
        assert_eq!(e.rules.cols, 4);
        assert_eq!(e.policies.len(), m.policies.len());
        for (p, q) in m.policies.iter().zip(&e.policies) {
            // Cell (r, c) of 4×3 is (r, c) of 4×4; column d comes last.
            let mapped: Vec<u8> = p.priority.iter().map(|&c| c + c / 3).collect();
            assert_eq!(q.priority[..12], mapped[..]);
            assert_eq!(q.priority[12..], [3, 7, 11, 15]);
            assert_eq!(q.decisions.len(), p.decisions.len());
        }
        // On columns b-d the decisions reach cell 15 (d4): re-packed 6 bits per event, every
        // history keeps each probe's outcome, and the file says so.
        let right = m.embedded(4, 4, 0, 1).unwrap();
        assert_eq!(right.policies[0].priority[12..], [0, 4, 8, 12]);
        assert!(right
            .to_text()
            .contains("\nMODE STANDARD\nEVENT_BITS 6\nOWNER BLACK\n"));
        let (small, big) = (
            crate::DarkHex::new(m.rules).unwrap(),
            crate::DarkHex::new(right.rules).unwrap(),
        );
        let shift = |e: u32| {
            let cell = (e >> 1) - 1;
            crate::probe_event(cell + cell / 3 + 1, e & 1 == 1)
        };
        for (p, q) in m.policies.iter().zip(&right.policies) {
            let mut want: Vec<(Vec<u32>, u8)> = p
                .decisions
                .iter()
                .map(|(&h, &a)| {
                    let events = small.history_events(h).into_iter().map(shift).collect();
                    (events, a + a / 3 + 1)
                })
                .collect();
            let mut got: Vec<(Vec<u32>, u8)> = q
                .decisions
                .iter()
                .map(|(&h, &a)| (big.history_events(h), a))
                .collect();
            want.sort();
            got.sort();
            assert_eq!(got, want);
        }
        let too_big = m.embedded(3, 4, 0, 0);
        assert!(too_big.is_err());
        // A 3×2 Black mixture on 3×3 (fast): a valid certificate, whatever its bound.
        let small = crate::certificate::priority_mixture(3, 2, 0, &[(&[0, 2, 4, 1, 3, 5], 1)]);
        let big = small.embedded(3, 3, 0, 0).unwrap();
        assert_eq!(big.policies[0].priority, [0, 3, 6, 1, 4, 7, 2, 5, 8]);
        let _ = best_response(&big);
    }
}
