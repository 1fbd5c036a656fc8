//! `DARKHEX_MIXTURE` certificates and the exact best response against them.
//!
//! # Format (text, one token group per line)
//! ```text
//! DARKHEX_MIXTURE
//! ROWS r
//! COLUMNS c
//! MODE STANDARD|ABRUPT
//! OWNER BLACK|WHITE
//! POLICIES n
//! POLICY w                  (n times: positive integer weight)
//! PRIORITY p0 p1 ...        (a permutation of the cells)
//! DECISIONS k
//! history action            (k lines)
//! END
//! DONE
//! ```
//! A policy is a deterministic strategy of the owner: at a private history listed under
//! `DECISIONS` it probes the given cell, elsewhere the first cell of `PRIORITY` that is legal
//! (neither its stone nor a known enemy stone). Histories use the packing of
//! [`crate::probe_event`]: oldest probe in the highest bits. The mixture plays policy `i` with
//! probability `wᵢ / Σw`.
//!
//! The reader is strict: a wrong magic, an unknown mode or owner, a board over 16 cells, a
//! policy count that does not match, a priority that is not a permutation, a history that no
//! game can produce, a decision probing a cell the owner knows to be occupied, duplicated
//! histories, trailing text or a truncated file are all [`CertificateError`]s naming the line.
//!
//! # Exact best response
//! The responder (the other player) has perfect recall: its information sets are its own
//! private histories. [`best_response`] recurses over the responder's histories, carrying the
//! set of *worlds* consistent with the current one: a world is an owner history (which fixes
//! the owner's stones and known cells) together with the policies that reach it. Because the
//! policies are deterministic and the responder's own moves are fixed by its history, every
//! surviving policy lies in exactly one world, so the worlds partition the policies and there
//! are never more worlds than policies. At a responder history the value of a probe is the sum
//! over its two observable outcomes (placed / found) of the values of the child histories;
//! the responder takes the maximum. Values are sums of integer policy weights (counts of the
//! weight a responder wins), so the arithmetic is exact in `u128`; the result is reduced to a
//! fraction at the end. Subtrees are memoised on (responder stones, responder known cells,
//! owner histories of the worlds), which is exact: the policies of a world are those whose
//! decisions produce its history, so the future of the game depends on nothing else.

use crate::rules::{probe_event, DarkHex, Rules, Variant, EVENT_BITS, MAX_CELLS};
use bitboard::BitWord;
use hashbrown::HashMap;
use thiserror::Error;

/// The magic first line.
pub const MAGIC: &str = "DARKHEX_MIXTURE";

/// Errors reading a certificate.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CertificateError {
    /// The first line is not the magic.
    #[error("line 1: expected the magic {MAGIC:?}, found {0:?} (not a Dark Hex mixture)")]
    BadMagic(String),
    /// The file ended early.
    #[error("truncated certificate: expected {0} after line {1}")]
    Truncated(&'static str, usize),
    /// A line that does not have the expected form.
    #[error("line {line}: expected {expected}, found {found:?}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// What was expected.
        expected: &'static str,
        /// The text found.
        found: String,
    },
    /// Bad board.
    #[error("line {line}: board {rows}x{cols} is not allowed (1 to {MAX_CELLS} cells)")]
    BadBoard {
        /// Line.
        line: usize,
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// Semantic error in a policy.
    #[error("line {line}: {what}")]
    Invalid {
        /// Line.
        line: usize,
        /// Explanation.
        what: String,
    },
    /// The certificate does not match the expected game.
    #[error("certificate is for {found}, expected {expected}")]
    Mismatch {
        /// What the file holds.
        found: String,
        /// What was expected.
        expected: String,
    },
    /// The weights overflow 128-bit arithmetic.
    #[error("policy weights too large for exact 128-bit arithmetic")]
    Overflow,
}

/// A policy's behaviour as a value: priority and decisions sorted by history.
pub type PolicyKey = (Vec<u8>, Vec<(u128, u8)>);

/// One deterministic policy of a mixture.
#[derive(Clone, Debug)]
pub struct Policy {
    /// Positive integer weight.
    pub weight: u128,
    /// Fallback probe order (a permutation of the cells).
    pub priority: Vec<u8>,
    /// Explicit decisions keyed by packed private history.
    pub decisions: HashMap<u128, u8>,
}

impl Policy {
    /// The probe this policy makes at history `h`, where `legal` is the owner's legal set.
    #[inline]
    pub fn decide(&self, h: u128, legal: u64) -> u32 {
        if let Some(&a) = self.decisions.get(&h) {
            return a as u32;
        }
        for &c in &self.priority {
            if legal >> c & 1 == 1 {
                return c as u32;
            }
        }
        debug_assert!(false, "no legal probe");
        0
    }

    /// The behaviour as a canonical value (priority and decisions sorted by history), weight
    /// excluded: two policies with equal keys are the same policy.
    pub fn key(&self) -> PolicyKey {
        let mut d: Vec<(u128, u8)> = self.decisions.iter().map(|(&h, &a)| (h, a)).collect();
        d.sort_unstable();
        (self.priority.clone(), d)
    }
}

/// A parsed mixture certificate.
#[derive(Clone, Debug)]
pub struct Mixture {
    /// Board and variant (never with announcements: the format has none).
    pub rules: Rules,
    /// 0 if the mixture is Black's, 1 if White's.
    pub owner: u8,
    /// The policies.
    pub policies: Vec<Policy>,
}

/// The owner's stones and known cells after a packed history, or why the history is impossible.
fn replay_owner(game: &DarkHex, owner: u8, h: u128) -> Result<(u64, u64), String> {
    let mut own = 0u64;
    let mut known = 0u64;
    for e in DarkHex::history_events(h) {
        if e < 2 {
            return Err(format!("history {h} holds event {e}, which is not a probe"));
        }
        let cell = (e >> 1) - 1;
        if cell as usize >= game.cells() {
            return Err(format!("history {h} probes cell {cell}, off the board"));
        }
        let bit = 1u64 << cell;
        if (own | known) & bit != 0 {
            return Err(format!("history {h} probes cell {cell} twice"));
        }
        if game.connects(owner, own) {
            return Err(format!(
                "history {h} continues after the owner has connected"
            ));
        }
        if e & 1 == 1 {
            own |= bit;
        } else {
            known |= bit;
        }
    }
    if game.connects(owner, own) {
        return Err(format!("history {h} is a finished game"));
    }
    Ok((own, known))
}

struct Lines<'a> {
    it: std::iter::Enumerate<std::str::Lines<'a>>,
    last: usize,
}

impl<'a> Lines<'a> {
    fn next(&mut self, what: &'static str) -> Result<(usize, &'a str), CertificateError> {
        for (i, l) in self.it.by_ref() {
            self.last = i + 1;
            let t = l.trim();
            if !t.is_empty() {
                return Ok((i + 1, t));
            }
        }
        Err(CertificateError::Truncated(what, self.last))
    }
    fn keyword(
        &mut self,
        key: &'static str,
        what: &'static str,
    ) -> Result<(usize, &'a str), CertificateError> {
        let (n, t) = self.next(what)?;
        match t.split_once(char::is_whitespace) {
            Some((k, rest)) if k == key => Ok((n, rest.trim())),
            _ => Err(CertificateError::Syntax {
                line: n,
                expected: what,
                found: t.to_string(),
            }),
        }
    }
}

fn number<T: std::str::FromStr>(
    line: usize,
    text: &str,
    expected: &'static str,
) -> Result<T, CertificateError> {
    text.parse().map_err(|_| CertificateError::Syntax {
        line,
        expected,
        found: text.to_string(),
    })
}

impl Mixture {
    /// Parse a certificate (strict; see the module documentation).
    pub fn parse(text: &str) -> Result<Mixture, CertificateError> {
        let mut lines = Lines {
            it: text.lines().enumerate(),
            last: 0,
        };
        let (_, magic) = lines.next("the magic DARKHEX_MIXTURE")?;
        if magic != MAGIC {
            return Err(CertificateError::BadMagic(magic.chars().take(40).collect()));
        }
        let (_, r) = lines.keyword("ROWS", "ROWS r")?;
        let (ln, c) = lines.keyword("COLUMNS", "COLUMNS c")?;
        let rows: usize = number(ln - 1, r, "a row count")?;
        let cols: usize = number(ln, c, "a column count")?;
        if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
            return Err(CertificateError::BadBoard {
                line: ln,
                rows,
                cols,
            });
        }
        let (ln, m) = lines.keyword("MODE", "MODE STANDARD|ABRUPT")?;
        let variant = match m {
            "STANDARD" | "CLASSICAL" => Variant::Classical,
            "ABRUPT" => Variant::Abrupt,
            _ => {
                return Err(CertificateError::Syntax {
                    line: ln,
                    expected: "MODE STANDARD or MODE ABRUPT",
                    found: m.to_string(),
                })
            }
        };
        let (ln, o) = lines.keyword("OWNER", "OWNER BLACK|WHITE")?;
        let owner = match o {
            "BLACK" => 0u8,
            "WHITE" => 1u8,
            _ => {
                return Err(CertificateError::Syntax {
                    line: ln,
                    expected: "OWNER BLACK or OWNER WHITE",
                    found: o.to_string(),
                })
            }
        };
        let rules = Rules {
            rows,
            cols,
            variant,
            announce_touch: false,
        };
        let game = DarkHex::new(rules).map_err(|_| CertificateError::BadBoard {
            line: ln,
            rows,
            cols,
        })?;
        let cells = game.cells();
        let (ln, n) = lines.keyword("POLICIES", "POLICIES n")?;
        let count: usize = number(ln, n, "a policy count")?;
        if count == 0 || count > 1_000_000 {
            return Err(CertificateError::Invalid {
                line: ln,
                what: format!("policy count {count} outside 1..=1000000"),
            });
        }
        let mut policies = Vec::with_capacity(count);
        let mut total: u128 = 0;
        for _ in 0..count {
            let (ln, w) = lines.keyword("POLICY", "POLICY weight")?;
            let weight: u128 = number(ln, w, "a positive integer weight")?;
            if weight == 0 {
                return Err(CertificateError::Invalid {
                    line: ln,
                    what: "policy weight 0".into(),
                });
            }
            total = total
                .checked_add(weight)
                .ok_or(CertificateError::Overflow)?;
            let (ln, p) = lines.keyword("PRIORITY", "PRIORITY followed by the cells")?;
            let mut priority = Vec::with_capacity(cells);
            let mut seen = 0u64;
            for tok in p.split_whitespace() {
                let c: u8 = number(ln, tok, "a cell index")?;
                if c as usize >= cells || seen >> c & 1 == 1 {
                    return Err(CertificateError::Invalid {
                        line: ln,
                        what: format!("priority is not a permutation of 0..{cells}"),
                    });
                }
                seen |= 1 << c;
                priority.push(c);
            }
            if priority.len() != cells {
                return Err(CertificateError::Invalid {
                    line: ln,
                    what: format!("priority lists {} cells, expected {cells}", priority.len()),
                });
            }
            let (ln, k) = lines.keyword("DECISIONS", "DECISIONS k")?;
            let k: usize = number(ln, k, "a decision count")?;
            if k > 10_000_000 {
                return Err(CertificateError::Invalid {
                    line: ln,
                    what: format!("decision count {k} too large"),
                });
            }
            let mut decisions = HashMap::with_capacity(k.min(1 << 16));
            for _ in 0..k {
                let (ln, d) = lines.next("a decision line `history action`")?;
                let mut toks = d.split_whitespace();
                let (Some(h), Some(a), None) = (toks.next(), toks.next(), toks.next()) else {
                    return Err(CertificateError::Syntax {
                        line: ln,
                        expected: "a decision line `history action`",
                        found: d.to_string(),
                    });
                };
                let h: u128 = number(ln, h, "a packed history")?;
                let a: u8 = number(ln, a, "a cell index")?;
                let (own, known) = replay_owner(&game, owner, h)
                    .map_err(|what| CertificateError::Invalid { line: ln, what })?;
                if a as usize >= cells || (own | known) >> a & 1 == 1 {
                    return Err(CertificateError::Invalid {
                        line: ln,
                        what: format!(
                            "illegal decision: cell {a} at history {h} (off the board or known occupied)"
                        ),
                    });
                }
                if decisions.insert(h, a).is_some() {
                    return Err(CertificateError::Invalid {
                        line: ln,
                        what: format!("history {h} has two decisions"),
                    });
                }
            }
            let (ln, e) = lines.next("END")?;
            if e != "END" {
                return Err(CertificateError::Syntax {
                    line: ln,
                    expected: "END",
                    found: e.to_string(),
                });
            }
            policies.push(Policy {
                weight,
                priority,
                decisions,
            });
        }
        let (ln, d) = lines.next("DONE")?;
        if d != "DONE" {
            return Err(CertificateError::Syntax {
                line: ln,
                expected: "DONE",
                found: d.to_string(),
            });
        }
        if let Ok((ln, t)) = lines.next("") {
            return Err(CertificateError::Syntax {
                line: ln,
                expected: "end of file after DONE",
                found: t.to_string(),
            });
        }
        Ok(Mixture {
            rules,
            owner,
            policies,
        })
    }

    /// Check that the certificate is for this board, variant and owner.
    pub fn expect(
        &self,
        rows: usize,
        cols: usize,
        variant: Variant,
        owner: u8,
    ) -> Result<(), CertificateError> {
        let desc = |r: usize, c: usize, v: Variant, o: u8| {
            format!(
                "{v} {r}x{c} owned by {}",
                if o == 0 { "Black" } else { "White" }
            )
        };
        if (
            self.rules.rows,
            self.rules.cols,
            self.rules.variant,
            self.owner,
        ) != (rows, cols, variant, owner)
        {
            return Err(CertificateError::Mismatch {
                found: desc(
                    self.rules.rows,
                    self.rules.cols,
                    self.rules.variant,
                    self.owner,
                ),
                expected: desc(rows, cols, variant, owner),
            });
        }
        Ok(())
    }

    /// Σ of the weights.
    pub fn total_weight(&self) -> u128 {
        self.policies.iter().map(|p| p.weight).sum()
    }

    /// The mixture in the `DARKHEX_MIXTURE` text format ([`Mixture::parse`] reads it back;
    /// decisions are listed by ascending history, so the text is deterministic). Announcing
    /// rules have no representation in the format and are not written.
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let mode = match self.rules.variant {
            Variant::Classical => "STANDARD",
            Variant::Abrupt => "ABRUPT",
        };
        let owner = if self.owner == 0 { "BLACK" } else { "WHITE" };
        let _ = write!(
            s,
            "{MAGIC}\nROWS {}\nCOLUMNS {}\nMODE {mode}\nOWNER {owner}\nPOLICIES {}\n",
            self.rules.rows,
            self.rules.cols,
            self.policies.len()
        );
        for p in &self.policies {
            let _ = writeln!(s, "POLICY {}", p.weight);
            let pr: Vec<String> = p.priority.iter().map(|c| c.to_string()).collect();
            let _ = writeln!(s, "PRIORITY {}", pr.join(" "));
            let mut d: Vec<(u128, u8)> = p.decisions.iter().map(|(&h, &a)| (h, a)).collect();
            d.sort_unstable();
            let _ = writeln!(s, "DECISIONS {}", d.len());
            for (h, a) in d {
                let _ = writeln!(s, "{h} {a}");
            }
            s.push_str("END\n");
        }
        s.push_str("DONE\n");
        s
    }
}

/// An exact fraction `num / den` in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fraction {
    /// Numerator.
    pub num: u128,
    /// Denominator (positive).
    pub den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Fraction {
    /// `num / den` reduced.
    pub fn new(num: u128, den: u128) -> Fraction {
        let g = gcd(num, den).max(1);
        Fraction {
            num: num / g,
            den: den / g,
        }
    }
    /// The nearest `f64`.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl std::fmt::Display for Fraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// The result of [`best_response`].
#[derive(Clone, Debug)]
pub struct Certified {
    /// The owner of the mixture (0 Black, 1 White).
    pub owner: u8,
    /// The responder's exact winning probability against the mixture.
    pub responder_value: Fraction,
    /// Black's value implied: a lower bound on the game value if the owner is Black (Black's
    /// mixture guarantees it), an upper bound if the owner is White.
    pub black_value: Fraction,
    /// Responder information sets (histories) visited, memoised ones counted once.
    pub responder_nodes: u64,
    /// Memo hits.
    pub memo_hits: u64,
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct World {
    history: u128,
    stones: u64,
    known: u64,
    /// Indices of the policies that reach this world, ascending.
    policies: std::rc::Rc<[u32]>,
}

struct Responder<'a> {
    game: DarkHex,
    mixture: &'a Mixture,
    /// Explicit decisions by history: (policy, cell), ascending policy.
    decisions: HashMap<u128, Vec<(u32, u8)>>,
    /// Index of each policy's priority order in `priorities`.
    class: Vec<u32>,
    /// The distinct priority orders.
    priorities: Vec<Vec<u8>>,
    owner: usize,
    /// Keyed by the owner histories only: the policies of a world are exactly those whose
    /// decisions produce its history, a function of the history alone.
    /// Value and the maximising probe (first in cell order among the best).
    memo: HashMap<(u64, u64, Vec<u128>), (u128, u8)>,
    nodes: u64,
    hits: u64,
}

impl Responder<'_> {
    fn weight(&self, w: &World) -> u128 {
        w.policies
            .iter()
            .map(|&i| self.mixture.policies[i as usize].weight)
            .sum()
    }

    /// Let the owner move in `w` (owner to move) until the responder is to move; worlds where
    /// the owner connects are dropped (they are worth 0 to the responder).
    fn owner_moves(&self, w: World, r_stones: u64, out: &mut Vec<World>) {
        let legal = self.game.all() & !(w.stones | w.known);
        // Group the policies by the probe they make: an explicit decision at this history
        // (one lookup for all policies), else the first legal cell of the policy's priority.
        let explicit: &[(u32, u8)] = self.decisions.get(&w.history).map_or(&[], |v| v);
        let mut fallback = vec![u32::MAX; self.priorities.len()];
        let mut e = 0;
        let mut groups: Vec<(u32, Vec<u32>)> = Vec::new();
        for &i in w.policies.iter() {
            while e < explicit.len() && explicit[e].0 < i {
                e += 1;
            }
            let a = if e < explicit.len() && explicit[e].0 == i {
                explicit[e].1 as u32
            } else {
                let c = self.class[i as usize] as usize;
                if fallback[c] == u32::MAX {
                    fallback[c] = self.priorities[c]
                        .iter()
                        .find(|&&x| legal >> x & 1 == 1)
                        .map_or(0, |&x| x as u32);
                }
                fallback[c]
            };
            match groups.iter_mut().find(|g| g.0 == a) {
                Some(g) => g.1.push(i),
                None => groups.push((a, vec![i])),
            }
        }
        for (a, pols) in groups {
            let bit = 1u64 << a;
            if r_stones & bit != 0 {
                let child = World {
                    history: (w.history << EVENT_BITS) | probe_event(a, false) as u128,
                    stones: w.stones,
                    known: w.known | bit,
                    policies: pols.into(),
                };
                match self.game.rules().variant {
                    Variant::Classical => self.owner_moves(child, r_stones, out),
                    Variant::Abrupt => out.push(child),
                }
            } else {
                let stones = w.stones | bit;
                if self.game.connects(self.owner as u8, stones) {
                    continue;
                }
                out.push(World {
                    history: (w.history << EVENT_BITS) | probe_event(a, true) as u128,
                    stones,
                    known: w.known,
                    policies: pols.into(),
                });
            }
        }
    }

    fn canonical(mut worlds: Vec<World>) -> Vec<World> {
        worlds.sort_unstable_by(|a, b| a.policies[0].cmp(&b.policies[0]));
        worlds
    }

    /// Best-response value (weight the responder wins) with the responder to move.
    fn respond(&mut self, r_stones: u64, r_known: u64, worlds: Vec<World>) -> u128 {
        if worlds.is_empty() {
            return 0;
        }
        let mut histories: Vec<u128> = worlds.iter().map(|w| w.history).collect();
        histories.sort_unstable();
        let key = (r_stones, r_known, histories);
        if let Some(&(v, _)) = self.memo.get(&key) {
            self.hits += 1;
            return v;
        }
        self.nodes += 1;
        let total: u128 = worlds.iter().map(|w| self.weight(w)).sum();
        let responder = 1 - self.owner as u8;
        let legal = self.game.all() & !(r_stones | r_known);
        let mut best = 0u128;
        let mut best_action = legal.trailing_zeros() as u8;
        for a in legal.iter() {
            let bit = 1u64 << a;
            let (found, placed): (Vec<World>, Vec<World>) =
                worlds.iter().cloned().partition(|w| w.stones & bit != 0);
            let mut value = 0u128;
            if !placed.is_empty() {
                let stones = r_stones | bit;
                if self.game.connects(responder, stones) {
                    value += placed.iter().map(|w| self.weight(w)).sum::<u128>();
                } else {
                    let mut next = Vec::new();
                    for w in placed {
                        self.owner_moves(w, stones, &mut next);
                    }
                    value += self.respond(stones, r_known, Self::canonical(next));
                }
            }
            if !found.is_empty() {
                let known = r_known | bit;
                match self.game.rules().variant {
                    Variant::Classical => value += self.respond(r_stones, known, found),
                    Variant::Abrupt => {
                        let mut next = Vec::new();
                        for w in found {
                            self.owner_moves(w, r_stones, &mut next);
                        }
                        value += self.respond(r_stones, known, Self::canonical(next));
                    }
                }
            }
            if value > best {
                best = value;
                best_action = a as u8;
                if best == total {
                    break;
                }
            }
        }
        self.memo.insert(key, (best, best_action));
        best
    }

    /// After [`Self::respond`] from the root: walk the responder histories that the memoised
    /// argmax probes reach with positive weight and record the probe made at each.
    fn extract(
        &self,
        r_stones: u64,
        r_known: u64,
        r_history: u128,
        worlds: Vec<World>,
        out: &mut HashMap<u128, u8>,
    ) {
        if worlds.is_empty() {
            return;
        }
        let mut histories: Vec<u128> = worlds.iter().map(|w| w.history).collect();
        histories.sort_unstable();
        let Some(&(_, a)) = self.memo.get(&(r_stones, r_known, histories)) else {
            debug_assert!(false, "every reached responder history was solved");
            return;
        };
        out.insert(r_history, a);
        let a = a as u32;
        let bit = 1u64 << a;
        let responder = 1 - self.owner as u8;
        let (found, placed): (Vec<World>, Vec<World>) =
            worlds.into_iter().partition(|w| w.stones & bit != 0);
        if !placed.is_empty() {
            let stones = r_stones | bit;
            if !self.game.connects(responder, stones) {
                let mut next = Vec::new();
                for w in placed {
                    self.owner_moves(w, stones, &mut next);
                }
                let h = (r_history << EVENT_BITS) | probe_event(a, true) as u128;
                self.extract(stones, r_known, h, Self::canonical(next), out);
            }
        }
        if !found.is_empty() {
            let known = r_known | bit;
            let h = (r_history << EVENT_BITS) | probe_event(a, false) as u128;
            match self.game.rules().variant {
                Variant::Classical => self.extract(r_stones, known, h, found, out),
                Variant::Abrupt => {
                    let mut next = Vec::new();
                    for w in found {
                        self.owner_moves(w, r_stones, &mut next);
                    }
                    self.extract(r_stones, known, h, Self::canonical(next), out);
                }
            }
        }
    }
}

/// The exact best response of the other player against `mixture` (perfect recall).
pub fn best_response(mixture: &Mixture) -> Certified {
    solve_response(mixture, None).0
}

/// [`best_response`] together with the responder's maximising deterministic policy, in the
/// certificate's own representation: a decision for every responder history that the policy
/// reaches with positive probability against the mixture (decisions equal to the fallback are
/// omitted), and the identity `PRIORITY` (lowest legal cell) elsewhere. The policy has weight 1.
/// Played against the mixture it wins exactly [`Certified::responder_value`].
pub fn best_response_policy(mixture: &Mixture) -> (Certified, Policy) {
    let cells = mixture.rules.rows * mixture.rules.cols;
    let identity: Vec<u8> = (0..cells as u8).collect();
    best_response_policy_with(mixture, &identity)
}

/// [`best_response_policy`] with the given fallback `priority` (a permutation of the cells)
/// instead of the identity: it decides where the responder plays at histories that the mixture
/// never lets it reach.
pub fn best_response_policy_with(mixture: &Mixture, priority: &[u8]) -> (Certified, Policy) {
    let (c, p) = solve_response(mixture, Some(priority));
    (c, p.expect("requested"))
}

fn solve_response(mixture: &Mixture, want_policy: Option<&[u8]>) -> (Certified, Option<Policy>) {
    let game = DarkHex::new(mixture.rules).expect("validated by the parser");
    let owner = mixture.owner as usize;
    let total = mixture.total_weight();
    let mut decisions: HashMap<u128, Vec<(u32, u8)>> = HashMap::new();
    let mut priorities: Vec<Vec<u8>> = Vec::new();
    let mut class = Vec::with_capacity(mixture.policies.len());
    for (i, p) in mixture.policies.iter().enumerate() {
        for (&h, &a) in &p.decisions {
            decisions.entry(h).or_default().push((i as u32, a));
        }
        let c = match priorities.iter().position(|q| *q == p.priority) {
            Some(c) => c,
            None => {
                priorities.push(p.priority.clone());
                priorities.len() - 1
            }
        };
        class.push(c as u32);
    }
    for v in decisions.values_mut() {
        v.sort_unstable();
    }
    let mut r = Responder {
        game,
        mixture,
        decisions,
        class,
        priorities,
        owner,
        memo: HashMap::new(),
        nodes: 0,
        hits: 0,
    };
    let start = World {
        history: 0,
        stones: 0,
        known: 0,
        policies: (0..mixture.policies.len() as u32)
            .collect::<Vec<u32>>()
            .into(),
    };
    let root_worlds = if owner == 0 {
        let mut worlds = Vec::new();
        r.owner_moves(start, 0, &mut worlds);
        Responder::canonical(worlds)
    } else {
        vec![start]
    };
    let won = r.respond(0, 0, root_worlds.clone());
    let policy = want_policy.map(|priority| {
        let mut all = HashMap::new();
        r.extract(0, 0, 0, root_worlds, &mut all);
        let responder = 1 - mixture.owner;
        let mut p = Policy {
            weight: 1,
            priority: priority.to_vec(),
            decisions: HashMap::new(),
        };
        // Keep only the decisions that differ from the fallback.
        for (h, a) in all {
            let (own, known) = replay_owner(&r.game, responder, h).expect("a played history");
            let legal = r.game.all() & !(own | known);
            if p.decide(h, legal) != a as u32 {
                p.decisions.insert(h, a);
            }
        }
        p
    });
    let responder_value = Fraction::new(won, total);
    let black_value = if owner == 0 {
        Fraction::new(total - won, total)
    } else {
        responder_value
    };
    (
        Certified {
            owner: mixture.owner,
            responder_value,
            black_value,
            responder_nodes: r.nodes,
            memo_hits: r.hits,
        },
        policy,
    )
}
