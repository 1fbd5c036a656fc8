//! The `DARKHEX_MIXTURE` text format: policies, mixtures, the strict reader and the writer.

use crate::rules::{probe_event, DarkHex, Rules, Variant, MAX_CELLS, NARROW_EVENT_BITS};
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
    /// A mixture cannot be played on the asked sub-board ([`Mixture::embedded`]).
    #[error("cannot embed the mixture: {0}")]
    Embed(String),
}

/// A policy's behaviour as a value: priority and decisions sorted by history.
pub type PolicyKey = (Vec<u8>, Vec<(u128, u8)>);

/// One deterministic policy of a mixture.
#[derive(Clone, Debug, PartialEq, Eq)]
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
        match self.decisions.get(&h) {
            Some(&a) => a as u32,
            None => self.fallback(legal),
        }
    }

    /// Drop the decisions no game can consult: those at histories the policy's own probes never
    /// produce (whatever the opponent does), and those equal to the priority fallback. The
    /// behaviour is unchanged; the walk visits at most 2^cells own histories.
    pub fn prune(&mut self, game: &DarkHex, owner: u8) {
        let mut keep = HashMap::new();
        let mut stack = vec![(0u128, 0u64, 0u64)];
        while let Some((h, own, known)) = stack.pop() {
            let legal = game.all() & !(own | known);
            if legal == 0 {
                continue;
            }
            let explicit = self.decisions.get(&h).copied();
            let a = self.decide(h, legal);
            if explicit.is_some() && self.fallback(legal) != a {
                keep.insert(h, a as u8);
            }
            let bit = 1u64 << a;
            if !game.connects(owner, own | bit) {
                stack.push((game.push_event(h, probe_event(a, true)), own | bit, known));
            }
            stack.push((game.push_event(h, probe_event(a, false)), own, known | bit));
        }
        self.decisions = keep;
    }

    /// The priority fallback's probe for the legal set `legal`.
    #[inline]
    fn fallback(&self, legal: u64) -> u32 {
        let c = self.priority.iter().find(|&&c| legal >> c & 1 == 1);
        debug_assert!(c.is_some(), "no legal probe");
        c.map_or(0, |&c| c as u32)
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mixture {
    /// Board and variant (never with announcements: the format has none).
    pub rules: Rules,
    /// 0 if the mixture is Black's, 1 if White's.
    pub owner: u8,
    /// The policies.
    pub policies: Vec<Policy>,
}

/// The owner's stones and known cells after a packed history, or why the history is impossible.
pub(super) fn replay_owner(game: &DarkHex, owner: u8, h: u128) -> Result<(u64, u64), String> {
    replay_probes(game, owner, h, &game.history_probes(h)?)
}

/// [`replay_owner`] of the probes `probes` (oldest first) of the history `h`.
fn replay_probes(
    game: &DarkHex,
    owner: u8,
    h: u128,
    probes: &[(u32, bool)],
) -> Result<(u64, u64), String> {
    let mut own = 0u64;
    let mut known = 0u64;
    for &(cell, success) in probes {
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
        if success {
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

/// The probes of a number written by the legacy 5-bit packing on a 16-cell board (files
/// without `EVENT_BITS 6`), oldest first, the success `None` where the packing lost it: a
/// probe of cell 15 is the event 32 or 33, whose sixth bit `history << 5 | event` ORed into
/// the success flag of the probe before it (or, for the oldest probe, made a top digit 1).
/// The parse is unique (a 5-bit digit below 2 can only be a cell-15 event); an error names a
/// number no probe sequence packs to.
fn legacy_probes(h: u128) -> Result<Vec<(u32, Option<bool>)>, String> {
    let bad = |d: u32| format!("history {h} holds event {d}, which is not a probe");
    let mut probes = Vec::new();
    let mut rest = h;
    // The digit just decoded was a probe of cell 15, whose sixth bit is this digit's lowest
    // (the older probe's success flag, or the top digit 1 if there is none).
    let mut carry = false;
    while rest != 0 {
        let d = (rest & 31) as u32;
        rest >>= NARROW_EVENT_BITS;
        if d >= 2 {
            if carry && d & 1 == 0 {
                return Err(bad(d));
            }
            let flag = if carry { None } else { Some(d & 1 == 1) };
            probes.push(((d >> 1) - 1, flag));
            carry = false;
        } else if !carry {
            probes.push((15, Some(d == 1)));
            carry = true;
        } else if d == 1 && rest == 0 {
            carry = false;
        } else {
            return Err(bad(d));
        }
    }
    if carry {
        return Err(format!(
            "history {h}: a probe of cell 15 without its sixth bit"
        ));
    }
    probes.reverse();
    Ok(probes)
}

/// The 6-bit histories a legacy 16-cell number stands for: every history the 5-bit packing
/// maps to it that is a history of the owner at which it is to move (both outcomes of a lost
/// probe, where both are possible), with the owner's stones and known cells (the same cells
/// in both: only the probe's outcome differs). An error if there is none: the number then is
/// not a history of the game under any reading (the legacy reader took the "found" reading,
/// which is possible whenever the "placed" one is).
fn legacy_histories(game: &DarkHex, owner: u8, h: u128) -> Result<Vec<(u128, u64)>, String> {
    let probes = legacy_probes(h)?;
    let lost: Vec<usize> = (0..probes.len())
        .filter(|&i| probes[i].1.is_none())
        .collect();
    if lost.len() > 1 {
        return Err(format!("history {h} probes cell 15 twice"));
    }
    let mut out = Vec::new();
    let mut first_error = None;
    for flag in [false, true] {
        if lost.is_empty() && flag {
            break;
        }
        let reading: Vec<(u32, bool)> = probes
            .iter()
            .map(|&(c, s)| (c, s.unwrap_or(flag)))
            .collect();
        let packed = reading
            .iter()
            .fold(0u128, |g, &(c, s)| game.push_event(g, probe_event(c, s)));
        match replay_probes(game, owner, h, &reading) {
            Ok((own, known)) => out.push((packed, own | known)),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    if out.is_empty() {
        return Err(first_error.expect("one reading was tried"));
    }
    Ok(out)
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
    /// Parse a certificate (strict; see the module documentation). A legacy 16-cell file (no
    /// `EVENT_BITS 6` line) is converted to 6-bit histories ([`Mixture::parse_converting`]).
    pub fn parse(text: &str) -> Result<Mixture, CertificateError> {
        Self::parse_converting(text).map(|(m, _)| m)
    }

    /// [`Mixture::parse`], and whether the text was a legacy 16-cell file: one whose histories
    /// are packed 5 bits per event (written before the `EVENT_BITS` line existed, or with
    /// `EVENT_BITS 5`). Its numbers merge the two outcomes of a probe followed by a probe of
    /// cell 15; each is converted to every 6-bit history it stands for (the one or two
    /// histories of the owner that pack to it), each with the number's decision, so the
    /// converted mixture plays exactly as the legacy numbers defined it and has the same
    /// exact best-response value. Written back ([`Mixture::to_text`]) it is a 6-bit file.
    pub fn parse_converting(text: &str) -> Result<(Mixture, bool), CertificateError> {
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
        let (legacy, ln, o) = event_width_and_owner(&mut lines, rows, cols)?;
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
            policies.push(parse_policy(&mut lines, &game, owner, weight, legacy)?);
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
        Ok((
            Mixture {
                rules,
                owner,
                policies,
            },
            legacy,
        ))
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
    /// rules have no representation in the format and are not written. A 16-cell board's file
    /// says `EVENT_BITS 6` after `MODE`; on smaller boards the text is the published format.
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
            "{MAGIC}\nROWS {}\nCOLUMNS {}\nMODE {mode}\n",
            self.rules.rows, self.rules.cols,
        );
        let bits = self.rules.event_bits();
        if bits != NARROW_EVENT_BITS {
            let _ = writeln!(s, "EVENT_BITS {bits}");
        }
        let _ = write!(s, "OWNER {owner}\nPOLICIES {}\n", self.policies.len());
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

/// The optional `EVENT_BITS b` line and the `OWNER` line after `MODE`: whether the file is a
/// legacy 16-cell file (5-bit histories; see [`Mixture::parse_converting`]), and the owner
/// line's number and text.
fn event_width_and_owner<'a>(
    lines: &mut Lines<'a>,
    rows: usize,
    cols: usize,
) -> Result<(bool, usize, &'a str), CertificateError> {
    let (ln, t) = lines.next("OWNER BLACK|WHITE")?;
    let (declared_bits, (ln, o)) = match t.split_once(char::is_whitespace) {
        Some(("EVENT_BITS", b)) => (
            Some((
                ln,
                number::<u32>(ln, b.trim(), "a number of bits per event")?,
            )),
            lines.keyword("OWNER", "OWNER BLACK|WHITE")?,
        ),
        Some(("OWNER", o)) => (None, (ln, o.trim())),
        _ => {
            return Err(CertificateError::Syntax {
                line: ln,
                expected: "EVENT_BITS b or OWNER BLACK|WHITE",
                found: t.to_string(),
            })
        }
    };
    let native = crate::rules::event_bits(rows.saturating_mul(cols));
    let legacy = match declared_bits {
        None => native != NARROW_EVENT_BITS,
        Some((_, b)) if b == native => false,
        Some((_, NARROW_EVENT_BITS)) => true,
        Some((line, b)) => {
            return Err(CertificateError::Invalid {
                line,
                what: format!(
                    "EVENT_BITS {b}: a {rows}x{cols} board packs {native} bits per event{}",
                    if native == NARROW_EVENT_BITS {
                        ""
                    } else {
                        " (or 5 in a legacy file)"
                    }
                ),
            })
        }
    };
    Ok((legacy, ln, o))
}

/// The rest of a policy after its `POLICY weight` line: `PRIORITY`, `DECISIONS` and `END`;
/// with `legacy` the histories are a legacy 16-cell file's 5-bit numbers, converted
/// ([`Mixture::parse_converting`]).
fn parse_policy(
    lines: &mut Lines<'_>,
    game: &DarkHex,
    owner: u8,
    weight: u128,
    legacy: bool,
) -> Result<Policy, CertificateError> {
    let cells = game.cells();
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
        let histories = if legacy {
            legacy_histories(game, owner, h)
        } else {
            replay_owner(game, owner, h).map(|(own, known)| vec![(h, own | known)])
        }
        .map_err(|what| CertificateError::Invalid { line: ln, what })?;
        for (h6, occupied) in histories {
            if a as usize >= cells || occupied >> a & 1 == 1 {
                return Err(CertificateError::Invalid {
                    line: ln,
                    what: format!(
                        "illegal decision: cell {a} at history {h} (off the board or known occupied)"
                    ),
                });
            }
            if decisions.insert(h6, a).is_some() {
                return Err(CertificateError::Invalid {
                    line: ln,
                    what: format!("history {h} has two decisions"),
                });
            }
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
    Ok(Policy {
        weight,
        priority,
        decisions,
    })
}
