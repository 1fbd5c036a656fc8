//! Strategy and checkpoint files, and the text export.
//!
//! # Binary strategy file (`strategy.bin`)
//! bincode 1.3 (little-endian, fixed-width integers) of [`StrategyFile`]: a
//! [`StrategyHeader`] (magic `GSDHSTRA`, format version, game `darkhex`, variant, announce
//! option, board, representation, algorithm, iterations, seed, toolkit version, and the bracket
//! measured when the file was written) followed by the entries. An entry is an information
//! set: its owner, its key and the probabilities of its legal probes.
//! - `Representation::History`: key = packed private history (certificate packing, see
//!   [`crate::probe_event`], in the board's width [`crate::DarkHex::event_bits`]: 5 bits per
//!   event up to 15 cells, 6 on 16 cells); probabilities of the legal cells in ascending
//!   order.
//! - `Representation::View`: key = `own << 16 | known` in the canonical orientation (the
//!   smaller of the view and its 180° rotation); probabilities in the order of
//!   [`crate::extensive::ViewGame::view_actions`] (ascending cells of the canonical view,
//!   mapped back to the board for a rotated view).
//! - `Representation::SymmetricHistory` (rotation-tied CFR,
//!   [`crate::extensive::SymmetricHistoryGame`]): only in checkpoints. Keys are canonical
//!   histories (the smaller of a history and its rotation), probabilities in ascending cells
//!   of the canonical history. A strategy file holds its expansion to every history
//!   ([`StrategyFile::expanded`], representation `History`), so readers of strategy files
//!   never meet it; reading a strategy file that claims it is an error.
//!
//! Reading checks the magic, version, game, board, that every key is a possible history or
//! view of its owner, that the probabilities have one entry per legal probe, are finite, non
//! negative and sum to 1 (±1e-6): anything else is a [`StrategyError`].
//!
//! # Text export (`strategy.txt`)
//! `#` header lines, then one line per information set:
//! `B|W KEY cell:probability …` where `KEY` is the packed history (History) or
//! `own_mask/known_mask` in decimal (View), and cells are named like `b2`. The History form
//! is read back by [`StrategyFile::from_text`] (so `darkhex eval` takes strategies written by
//! other tools, e.g. OpenSpiel policies converted by `scripts/openspiel_eval.py import`).
//!
//! # Checkpoints (`checkpoint.bin`)
//! Magic `GSDHCKPT`, version, the same header fields, the convergence rows so far and the
//! solver's regrets and cumulative strategy, so `--resume` continues exactly.

use crate::extensive::{history_key, SymmetricHistoryGame, ViewGame};
use crate::rules::{DarkHex, Rules, Variant};
use bitboard::BitWord;
use serde::{Deserialize, Serialize};
use thiserror::Error;

mod text;

/// Magic of strategy files.
pub const STRATEGY_MAGIC: [u8; 8] = *b"GSDHSTRA";
/// Magic of checkpoint files.
pub const CHECKPOINT_MAGIC: [u8; 8] = *b"GSDHCKPT";
/// Format version of both.
pub const FORMAT_VERSION: u32 = 1;
/// What [`StrategyFile::expanded`] appends to the algorithm of a rotation-tied run (one word:
/// the text export's header is read word by word).
pub const ROTATION_TIED: &str = "+rotation-tied";

/// Information-set representation of a strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Representation {
    /// Perfect recall: private histories.
    History,
    /// View abstraction: (own stones, known enemy stones) up to rotation.
    View,
    /// Perfect recall with each history tied to its 180° rotation (checkpoints only; see the
    /// module documentation).
    SymmetricHistory,
}

impl Representation {
    /// `history` or `view`.
    pub fn name(self) -> &'static str {
        match self {
            Representation::History => "history",
            Representation::View => "view",
            Representation::SymmetricHistory => "symmetric-history",
        }
    }
}

/// Errors reading strategy or checkpoint files.
#[derive(Debug, Error)]
pub enum StrategyError {
    /// Not a file of this kind.
    #[error("not a Dark Hex {0} file (wrong magic bytes)")]
    BadMagic(&'static str),
    /// A version this build cannot read.
    #[error("format version {found}, this build reads version {FORMAT_VERSION}")]
    BadVersion {
        /// Version in the file.
        found: u32,
    },
    /// Decoding failed (truncated or corrupt).
    #[error("corrupt or truncated file: {0}")]
    Corrupt(String),
    /// Header fields that are impossible or do not match.
    #[error("bad header: {0}")]
    BadHeader(String),
    /// An entry that no game can produce.
    #[error("bad information set {key} of {player}: {what}")]
    BadEntry {
        /// Owner.
        player: &'static str,
        /// Key.
        key: u128,
        /// Why.
        what: String,
    },
}

/// The self-describing header of strategy and checkpoint files.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StrategyHeader {
    /// Magic bytes.
    pub magic: [u8; 8],
    /// Format version.
    pub version: u32,
    /// Always `darkhex`.
    pub game: String,
    /// Rules (board, variant, announcement option).
    pub rules: Rules,
    /// Information-set representation.
    pub representation: Representation,
    /// Algorithm with parameters.
    pub algorithm: String,
    /// Iterations done.
    pub iterations: u64,
    /// Seed (the solvers are deterministic; recorded for reproducibility).
    pub seed: u64,
    /// Toolkit version.
    pub toolkit: String,
    /// Command line that produced the file.
    pub command: String,
    /// Bracket at the time of writing: (lower, upper), NaN if not measured.
    pub bracket: (f64, f64),
}

/// One information set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// 0 Black, 1 White.
    pub player: u8,
    /// Packed history or view key (see the module documentation).
    pub key: u128,
    /// Probabilities of the legal probes.
    pub probs: Vec<f64>,
}

/// A strategy file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StrategyFile {
    /// Header.
    pub header: StrategyHeader,
    /// Entries sorted by (player, key).
    pub entries: Vec<Entry>,
}

/// A checkpoint: header, convergence rows and the solver state (bincode of the solver's
/// checkpoint type, opaque here).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CheckpointFile {
    /// Header (magic `GSDHCKPT`).
    pub header: StrategyHeader,
    /// Convergence rows so far: iteration, seconds, lower, upper, gap.
    pub rows: Vec<(u64, f64, f64, f64, f64)>,
    /// Seconds spent before this checkpoint.
    pub seconds: f64,
    /// The solver state.
    pub solver: Vec<u8>,
}

fn player_name(p: u8) -> &'static str {
    if p == 0 {
        "Black"
    } else {
        "White"
    }
}

/// Own stones and known cells after a packed history of `player`, if it is possible.
pub fn replay_history(game: &DarkHex, player: u8, h: u128) -> Result<(u64, u64), String> {
    let mut own = 0u64;
    let mut known = 0u64;
    for e in game.history_events(h) {
        if e < 2 {
            return Err(format!("event {e} is not a probe"));
        }
        let cell = (e >> 1) - 1;
        if cell as usize >= game.cells() {
            return Err(format!("probe of cell {cell} off the board"));
        }
        let bit = 1u64 << cell;
        if (own | known) & bit != 0 {
            return Err(format!("cell {cell} probed twice"));
        }
        if game.connects(player, own) {
            return Err("continues after the player connected".into());
        }
        if e & 1 == 1 {
            own |= bit;
        } else {
            known |= bit;
        }
    }
    if game.connects(player, own) {
        return Err("the player has already connected".into());
    }
    Ok((own, known))
}

fn check_header(
    h: &StrategyHeader,
    magic: [u8; 8],
    kind: &'static str,
) -> Result<DarkHex, StrategyError> {
    if h.magic != magic {
        return Err(StrategyError::BadMagic(kind));
    }
    if h.version != FORMAT_VERSION {
        return Err(StrategyError::BadVersion { found: h.version });
    }
    if h.game != "darkhex" {
        return Err(StrategyError::BadHeader(format!(
            "game {:?}, expected darkhex",
            h.game
        )));
    }
    DarkHex::new(h.rules).map_err(|e| StrategyError::BadHeader(e.to_string()))
}

fn decode<T: for<'de> Deserialize<'de>>(
    bytes: &[u8],
    magic: [u8; 8],
    kind: &'static str,
) -> Result<T, StrategyError> {
    // The header starts with the magic: check it before decoding so foreign files get the
    // right error.
    if bytes.len() < 8 || bytes[..8] != magic {
        return Err(StrategyError::BadMagic(kind));
    }
    if bytes.len() >= 12 {
        let v = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
        if v != FORMAT_VERSION {
            return Err(StrategyError::BadVersion { found: v });
        }
    }
    use bincode::Options;
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .with_limit(bytes.len() as u64)
        .allow_trailing_bytes()
        .deserialize(bytes)
        .map_err(|e| StrategyError::Corrupt(e.to_string()))
}

fn encode<T: Serialize>(v: &T) -> Vec<u8> {
    use bincode::Options;
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .allow_trailing_bytes()
        .serialize(v)
        .expect("in-memory serialisation")
}

impl StrategyFile {
    /// Serialise.
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }

    /// Parse and validate (see the module documentation).
    pub fn from_bytes(bytes: &[u8]) -> Result<StrategyFile, StrategyError> {
        let f: StrategyFile = decode(bytes, STRATEGY_MAGIC, "strategy")?;
        if encode(&f).len() != bytes.len() {
            return Err(StrategyError::Corrupt(
                "trailing bytes after the strategy".into(),
            ));
        }
        let game = check_header(&f.header, STRATEGY_MAGIC, "strategy")?;
        if f.header.representation == Representation::SymmetricHistory {
            return Err(StrategyError::BadHeader(
                "representation symmetric-history belongs to checkpoints; a strategy file holds its expansion to every history".into(),
            ));
        }
        let vg = ViewGame(game.clone());
        for e in &f.entries {
            let bad = |what: String| StrategyError::BadEntry {
                player: if e.player == 0 { "Black" } else { "White" },
                key: e.key,
                what,
            };
            if e.player > 1 {
                return Err(bad(format!("player {}", e.player)));
            }
            let (own, known) = match f.header.representation {
                Representation::History | Representation::SymmetricHistory => {
                    replay_history(&game, e.player, e.key).map_err(bad)?
                }
                Representation::View => {
                    if e.key >> 32 != 0 {
                        return Err(bad("view key wider than 32 bits".into()));
                    }
                    let (own, known) = ((e.key >> 16) as u64, (e.key & 0xffff) as u64);
                    if (own | known) & !game.all() != 0 || own & known != 0 {
                        return Err(bad("view outside the board or overlapping".into()));
                    }
                    if vg.view_key(e.player, own, known).0 != (e.player as u64) << 32 | e.key as u64
                    {
                        return Err(bad("view not in canonical orientation".into()));
                    }
                    (own, known)
                }
            };
            let legal = (game.all() & !(own | known)).count_ones() as usize;
            if e.probs.len() != legal {
                return Err(bad(format!(
                    "{} probabilities for {legal} legal probes",
                    e.probs.len()
                )));
            }
            if e.probs.iter().any(|p| !p.is_finite() || *p < 0.0) {
                return Err(bad("negative or non-finite probability".into()));
            }
            let s: f64 = e.probs.iter().sum();
            if (s - 1.0).abs() > 1e-6 {
                return Err(bad(format!("probabilities sum to {s}")));
            }
        }
        Ok(f)
    }

    /// The game the file is for.
    pub fn game(&self) -> DarkHex {
        DarkHex::new(self.header.rules).expect("validated")
    }

    /// The text export (see the module documentation).
    pub fn to_text(&self) -> String {
        let game = self.game();
        let vg = ViewGame(game.clone());
        let h = &self.header;
        let mut out = String::new();
        out.push_str("# gsolve Dark Hex strategy text export, format 1\n");
        out.push_str(&format!(
            "# board {}x{} variant {} announce_touch {} representation {} algorithm {} iterations {} seed {} toolkit {}\n",
            h.rules.rows, h.rules.cols, h.rules.variant, h.rules.announce_touch,
            h.representation.name(), h.algorithm, h.iterations, h.seed, h.toolkit
        ));
        out.push_str(&format!("# command: {}\n", h.command));
        match h.representation {
            Representation::History | Representation::SymmetricHistory => out.push_str(&format!(
                "# line: B|W HISTORY cell:prob ...  (HISTORY packs probes oldest first, {} bits each: (cell+1)<<1 | success, newest in the lowest bits)\n",
                game.event_bits()
            )),
            Representation::View => out.push_str(
                "# line: B|W OWN/KNOWN cell:prob ...  (bit masks of own stones and known enemy stones, canonical orientation; a rotated view plays the rotated cells)\n",
            ),
        }
        for e in &self.entries {
            let mut cells = Vec::new();
            let key = match h.representation {
                Representation::History | Representation::SymmetricHistory => {
                    let (own, known) = replay_history(&game, e.player, e.key).unwrap_or((0, 0));
                    cells.extend((game.all() & !(own | known)).iter().map(|c| c as u8));
                    format!("{}", e.key)
                }
                Representation::View => {
                    let (own, known) = ((e.key >> 16) as u64, (e.key & 0xffff) as u64);
                    vg.view_actions(e.player, own, known, &mut cells);
                    format!("{own}/{known}")
                }
            };
            out.push_str(if e.player == 0 { "B " } else { "W " });
            out.push_str(&key);
            for (c, p) in cells.iter().zip(&e.probs) {
                out.push_str(&format!(" {}:{:.6}", game.geometry().name(*c as u32), p));
            }
            out.push('\n');
        }
        out
    }

    /// Purify: at every information set drop the probes played with probability below
    /// `threshold` and renormalise (the most likely probe is always kept). A sparse strategy
    /// keeps the best response's worlds few, which is what makes it affordable on 4×3; the
    /// bracket is then measured for the purified strategy itself.
    pub fn purify(&mut self, threshold: f64) {
        if threshold <= 0.0 {
            return;
        }
        for e in &mut self.entries {
            let max = e.probs.iter().cloned().fold(0.0, f64::max);
            for p in e.probs.iter_mut() {
                if *p < threshold && *p < max {
                    *p = 0.0;
                }
            }
            let s: f64 = e.probs.iter().sum();
            e.probs.iter_mut().for_each(|p| *p /= s);
        }
    }

    /// The strategy of a rotation-tied run (representation `SymmetricHistory`) as one of the
    /// history game: every entry also stands for its rotated history (see
    /// [`SymmetricHistoryGame::expand`]), and the algorithm says it was tied. Any other
    /// representation is returned as it is.
    pub fn expanded(self) -> StrategyFile {
        if self.header.representation != Representation::SymmetricHistory {
            return self;
        }
        let tied = SymmetricHistoryGame(self.game());
        let mut entries: Vec<Entry> = tied
            .expand(
                self.entries
                    .into_iter()
                    .map(|e| (history_key(e.player, e.key), e.probs)),
            )
            .into_iter()
            .map(|(k, probs)| Entry {
                player: (k >> 127) as u8,
                key: k & !(1u128 << 127),
                probs,
            })
            .collect();
        entries.sort_by_key(|e| (e.player, e.key));
        let mut header = self.header;
        header.representation = Representation::History;
        header.algorithm = format!("{}{ROTATION_TIED}", header.algorithm);
        StrategyFile { header, entries }
    }

    /// Whether every history plays the rotation of what its rotated history plays (within
    /// `tolerance`; a history whose rotation has no entry is not invariant). Only `History`
    /// strategies are checked: the other representations are tied by construction.
    pub fn is_rotation_invariant(&self, tolerance: f64) -> bool {
        if self.header.representation != Representation::History {
            return true;
        }
        let game = self.game();
        let by_key: std::collections::HashMap<(u8, u128), &[f64]> = self
            .entries
            .iter()
            .map(|e| ((e.player, e.key), e.probs.as_slice()))
            .collect();
        self.entries.iter().all(|e| {
            by_key
                .get(&(e.player, game.rotate_history(e.key)))
                .is_some_and(|mirror| {
                    mirror.len() == e.probs.len()
                        && e.probs
                            .iter()
                            .zip(mirror.iter().rev())
                            .all(|(p, q)| (p - q).abs() <= tolerance)
                })
        })
    }

    /// The probabilities at a player's first decision (empty history / empty view), by cell.
    pub fn first_probe(&self, player: u8) -> Option<Vec<f64>> {
        let game = self.game();
        let e = self
            .entries
            .iter()
            .find(|e| e.player == player && e.key == 0)?;
        let mut out = vec![0.0; game.cells()];
        for (c, p) in (0..game.cells()).zip(&e.probs) {
            out[c] = *p;
        }
        Some(out)
    }
}

impl CheckpointFile {
    /// Serialise.
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }
    /// Parse; checks magic, version and header.
    pub fn from_bytes(bytes: &[u8]) -> Result<CheckpointFile, StrategyError> {
        let f: CheckpointFile = decode(bytes, CHECKPOINT_MAGIC, "checkpoint")?;
        check_header(&f.header, CHECKPOINT_MAGIC, "checkpoint")?;
        Ok(f)
    }
}

/// A first-probe table as Markdown: one row per board row, shifted like the rhombus.
pub fn first_probe_table(game: &DarkHex, probs: &[f64]) -> String {
    let (rows, cols) = (game.rules().rows, game.rules().cols);
    let mut out = String::from("| row |");
    for c in 0..cols {
        out.push_str(&format!(" {} |", (b'a' + c as u8) as char));
    }
    out.push_str("\n|---|");
    for _ in 0..cols {
        out.push_str("---|");
    }
    out.push('\n');
    for r in 0..rows {
        out.push_str(&format!("| {} |", r + 1));
        for c in 0..cols {
            out.push_str(&format!(" {:.4} |", probs[r * cols + c]));
        }
        out.push('\n');
    }
    out
}

/// Human name of a variant for headers.
pub fn variant_name(v: Variant) -> &'static str {
    v.name()
}

/// Player name.
pub fn name_of(player: u8) -> &'static str {
    player_name(player)
}
