//! The rules of Dark Hex: variants, the game description and the `Copy` state.

use bitboard::hex::{HexError, HexGeometry};
use bitboard::BitWord;
use core::fmt;
use game::Player;
use thiserror::Error;

/// Largest number of cells a Dark Hex board may have here.
pub const MAX_CELLS: usize = 16;

/// Bits per event of a packed private history.
pub const EVENT_BITS: u32 = 5;

/// Boards of at most this many cells have every probe event in [`EVENT_BITS`] bits. On 16
/// cells the events of cell 15 (`(15 + 1) << 1 | success` = 32, 33) need a sixth bit, which
/// the packing (`history << 5 | event`) ORs into the success flag of the probe before: two
/// histories that differ only in that probe's outcome get one number, and the events cannot be
/// read off the number's 5-bit digits (`history_events` and `rotate_history` are wrong there;
/// [`DarkHex::history_probes`] decodes it up to the lost outcome). The exact best response
/// stays exact (its memo key holds the responder's stones too, which fix every owner probe's
/// outcome: it failed iff the cell is a responder stone), and a policy keyed by such numbers
/// is still a policy (both histories have the same legal cells), but the rotation of histories
/// (the rotation memo, the symmetric double oracle) is wrong and is not used on 16 cells. The
/// `DARKHEX_MIXTURE` format packs histories the same way.
pub const DECODABLE_CELLS: usize = 15;

/// The history event "one of my stones was touched" (only with [`Rules::announce_touch`]).
pub const TOUCHED_EVENT: u32 = 1;

/// What happens after a probe hits a hidden enemy stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Variant {
    /// The mover plays again (the certificates' `STANDARD`).
    Classical,
    /// The turn ends.
    Abrupt,
}

impl Variant {
    /// `classical` or `abrupt`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classical => "classical",
            Variant::Abrupt => "abrupt",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Variant {
    type Err = DarkHexError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "classical" | "classic" | "standard" => Ok(Variant::Classical),
            "abrupt" => Ok(Variant::Abrupt),
            _ => Err(DarkHexError::UnknownVariant(s.to_string())),
        }
    }
}

/// Errors of the rules layer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DarkHexError {
    /// Not `classical` or `abrupt`.
    #[error("unknown Dark Hex variant {0:?}: expected classical or abrupt")]
    UnknownVariant(String),
    /// Board too large or empty.
    #[error("board {rows}x{cols} has {cells} cells; Dark Hex here allows 1 to {MAX_CELLS}")]
    BoardTooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// `rows × cols`.
        cells: usize,
    },
    /// Geometry error from the bitboard crate.
    #[error(transparent)]
    Hex(#[from] HexError),
    /// A move that is not legal in the state.
    #[error("illegal probe of cell {cell}: {reason}")]
    IllegalMove {
        /// The cell index.
        cell: u32,
        /// Why.
        reason: &'static str,
    },
}

/// The rule parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    /// Rows (Black joins row 1 and row `rows`).
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Classical or abrupt.
    pub variant: Variant,
    /// Tell the opponent that one of its stones was touched.
    pub announce_touch: bool,
}

/// A Dark Hex game: rules plus the precomputed geometry. States are [`State`] values.
#[derive(Clone, Debug)]
pub struct DarkHex {
    rules: Rules,
    geometry: HexGeometry<u64>,
    connects: ConnectTable,
}

/// Which stone sets connect, for every subset of the cells (2^cells bits per player, at most
/// 16 KiB): the best responses and play-outs ask this for every probe, and a table lookup is
/// several times cheaper than the geometry's flood fill.
#[derive(Clone)]
struct ConnectTable(std::sync::Arc<[Vec<u64>; 2]>);

impl ConnectTable {
    fn new(geometry: &HexGeometry<u64>) -> ConnectTable {
        let sets = 1usize << geometry.cells();
        let mut table = [vec![0u64; sets.div_ceil(64)], vec![0u64; sets.div_ceil(64)]];
        for s in 0..sets {
            if geometry.joins_top_bottom(s as u64) {
                table[0][s / 64] |= 1 << (s % 64);
            }
            if geometry.joins_left_right(s as u64) {
                table[1][s / 64] |= 1 << (s % 64);
            }
        }
        ConnectTable(std::sync::Arc::new(table))
    }
}

impl std::fmt::Debug for ConnectTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ConnectTable({} sets)", self.0[0].len() * 64)
    }
}

/// The full state of a game: true board, both views, both private histories.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// True stones of Black (`[0]`) and White (`[1]`).
    pub stones: [u64; 2],
    /// Enemy stones known to Black (`[0]`) and to White (`[1]`).
    pub known: [u64; 2],
    /// Packed private histories of Black and White.
    pub history: [u128; 2],
    /// Player to move (0 Black, 1 White); meaningless once `winner` is set.
    pub to_move: u8,
    /// The winner, once a player has connected.
    pub winner: Option<u8>,
}

/// The result of a probe, as seen by the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Probe {
    /// The stone was placed.
    Placed,
    /// A hidden enemy stone was found.
    Found,
}

/// The history event of a probe of `cell` with the given result.
#[inline]
pub fn probe_event(cell: u32, success: bool) -> u32 {
    ((cell + 1) << 1) | success as u32
}

impl DarkHex {
    /// A game with the given rules; fails on boards over [`MAX_CELLS`] cells.
    pub fn new(rules: Rules) -> Result<Self, DarkHexError> {
        let cells = rules.rows.saturating_mul(rules.cols);
        if rules.rows == 0 || rules.cols == 0 || cells > MAX_CELLS {
            return Err(DarkHexError::BoardTooLarge {
                rows: rules.rows,
                cols: rules.cols,
                cells,
            });
        }
        let geometry = HexGeometry::new(rules.rows, rules.cols)?;
        let connects = ConnectTable::new(&geometry);
        Ok(DarkHex {
            rules,
            geometry,
            connects,
        })
    }

    /// Shorthand for the default (no announcement) rules.
    pub fn with(rows: usize, cols: usize, variant: Variant) -> Result<Self, DarkHexError> {
        DarkHex::new(Rules {
            rows,
            cols,
            variant,
            announce_touch: false,
        })
    }

    /// The rules.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The board geometry.
    #[inline]
    pub fn geometry(&self) -> &HexGeometry<u64> {
        &self.geometry
    }
    /// Number of cells.
    #[inline]
    pub fn cells(&self) -> usize {
        self.geometry.cells()
    }
    /// Every cell.
    #[inline]
    pub fn all(&self) -> u64 {
        self.geometry.all()
    }

    /// The empty board, Black to move.
    pub fn root(&self) -> State {
        State {
            stones: [0; 2],
            known: [0; 2],
            history: [0; 2],
            to_move: 0,
            winner: None,
        }
    }

    /// True if `stones` of player `p` (0 Black, 1 White) join that player's edges.
    #[inline]
    pub fn connects(&self, p: u8, stones: u64) -> bool {
        debug_assert!(stones & !self.all() == 0);
        let s = stones as usize;
        self.connects.0[p as usize & 1][s / 64] >> (s % 64) & 1 == 1
    }

    /// The cells the player to move may probe: neither its stones nor known enemy stones.
    #[inline]
    pub fn legal_set(&self, s: &State) -> u64 {
        if s.winner.is_some() {
            return 0;
        }
        let p = s.to_move as usize;
        self.all() & !(s.stones[p] | s.known[p])
    }

    /// Probe `cell` with the player to move (unchecked: `cell` must be in [`Self::legal_set`]).
    #[inline]
    pub fn play(&self, s: &mut State, cell: u32) -> Probe {
        debug_assert!(self.legal_set(s).has(cell));
        let p = s.to_move as usize;
        let q = 1 - p;
        let bit = 1u64 << cell;
        if s.stones[q] & bit != 0 {
            s.known[p] |= bit;
            s.history[p] = (s.history[p] << EVENT_BITS) | probe_event(cell, false) as u128;
            if self.rules.announce_touch {
                s.history[q] = (s.history[q] << EVENT_BITS) | TOUCHED_EVENT as u128;
            }
            if self.rules.variant == Variant::Abrupt {
                s.to_move = q as u8;
            }
            Probe::Found
        } else {
            s.stones[p] |= bit;
            s.history[p] = (s.history[p] << EVENT_BITS) | probe_event(cell, true) as u128;
            if self.connects(p as u8, s.stones[p]) {
                s.winner = Some(p as u8);
            }
            s.to_move = q as u8;
            Probe::Placed
        }
    }

    /// Checked [`Self::play`].
    pub fn try_play(&self, s: &mut State, cell: u32) -> Result<Probe, DarkHexError> {
        if s.winner.is_some() {
            return Err(DarkHexError::IllegalMove {
                cell,
                reason: "the game is over",
            });
        }
        if cell as usize >= self.cells() {
            return Err(DarkHexError::IllegalMove {
                cell,
                reason: "off the board",
            });
        }
        if !self.legal_set(s).has(cell) {
            return Err(DarkHexError::IllegalMove {
                cell,
                reason: "the cell is known to the mover as occupied",
            });
        }
        Ok(self.play(s, cell))
    }

    /// Rotate a packed history by 180° (cell `i ↦ cells − 1 − i` in every probe event).
    pub fn rotate_history(&self, mut h: u128) -> u128 {
        let n = self.cells() as u32;
        // Each event keeps its place; only its cell changes (a touched event has no cell).
        let mut out = 0u128;
        let mut shift = 0;
        while h != 0 {
            let e = (h & 31) as u32;
            let cell_field = e >> 1;
            let e2 = if cell_field == 0 {
                e
            } else {
                ((n - 1 - (cell_field - 1) + 1) << 1) | (e & 1)
            };
            out |= (e2 as u128) << shift;
            shift += EVENT_BITS;
            h >>= EVENT_BITS;
        }
        out
    }

    /// The state rotated by 180° (a symmetry of the game: each player's edges map to themselves).
    pub fn rotate_state(&self, s: &State) -> State {
        let g = &self.geometry;
        State {
            stones: [g.rotate180(s.stones[0]), g.rotate180(s.stones[1])],
            known: [g.rotate180(s.known[0]), g.rotate180(s.known[1])],
            history: [
                self.rotate_history(s.history[0]),
                self.rotate_history(s.history[1]),
            ],
            to_move: s.to_move,
            winner: s.winner,
        }
    }

    /// A player's view as text: `X` own stones, `O` known enemy stones, `.` otherwise; one line
    /// per row, shifted like a Hex rhombus.
    pub fn view_string(&self, s: &State, p: Player) -> String {
        let p = p.index();
        let (own, known) = (s.stones[p], s.known[p]);
        let mut out = String::new();
        for r in 0..self.rules.rows {
            out.push_str(&" ".repeat(r));
            for c in 0..self.rules.cols {
                let i = r * self.rules.cols + c;
                let ch = if own >> i & 1 == 1 {
                    'X'
                } else if known >> i & 1 == 1 {
                    'O'
                } else {
                    '.'
                };
                out.push(ch);
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }

    /// The events of a packed history, oldest first.
    pub fn history_events(h: u128) -> Vec<u32> {
        let mut ev = Vec::new();
        let mut h = h;
        while h != 0 {
            ev.push((h & 31) as u32);
            h >>= EVENT_BITS;
        }
        ev.reverse();
        ev
    }

    /// The probes of a packed history (no announcements), oldest first: `(cell, success)`, the
    /// success `None` where the 16-cell packing lost it (the probe right before a probe of
    /// cell 15, see [`DECODABLE_CELLS`]); an error names a number no probe sequence packs to.
    pub fn history_probes(&self, h: u128) -> Result<Vec<(u32, Option<bool>)>, String> {
        let sixteen = self.cells() > DECODABLE_CELLS;
        let bad = |d: u32| format!("history {h} holds event {d}, which is not a probe");
        let mut probes = Vec::new();
        let mut rest = h;
        // The digit just decoded was a probe of cell 15, whose sixth bit is this digit's
        // lowest (the older probe's success flag, or the top digit 1 if there is none).
        let mut carry = false;
        while rest != 0 {
            let d = (rest & 31) as u32;
            rest >>= EVENT_BITS;
            if d >= 2 {
                if carry && d & 1 == 0 {
                    return Err(bad(d));
                }
                let flag = if carry { None } else { Some(d & 1 == 1) };
                probes.push(((d >> 1) - 1, flag));
                carry = false;
            } else if sixteen && !carry {
                probes.push((15, Some(d == 1)));
                carry = true;
            } else if sixteen && d == 1 && rest == 0 {
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

    /// A readable form of a history: `a1+ b2- !` (`+` placed, `-` found, `!` touched).
    pub fn history_string(&self, h: u128) -> String {
        let parts: Vec<String> = Self::history_events(h)
            .into_iter()
            .map(|e| {
                if e >> 1 == 0 {
                    "!".to_string()
                } else {
                    let cell = (e >> 1) - 1;
                    format!(
                        "{}{}",
                        self.geometry.name(cell),
                        if e & 1 == 1 { '+' } else { '-' }
                    )
                }
            })
            .collect();
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_playout(g: &DarkHex, seed: u64) -> Vec<State> {
        let mut s = g.root();
        let mut x = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut states = vec![s];
        while s.winner.is_none() {
            let legal = g.legal_set(&s);
            assert_ne!(legal, 0, "a live game always has a legal probe");
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let k = (x % legal.count_ones() as u64) as usize;
            let cell = legal.iter().nth(k).unwrap();
            g.try_play(&mut s, cell).unwrap();
            states.push(s);
        }
        states
    }

    #[test]
    fn connect_table_agrees_with_the_flood_fill() {
        for (r, c) in [(1, 1), (2, 3), (3, 3), (4, 3), (3, 4), (2, 8), (4, 4)] {
            let g = DarkHex::with(r, c, Variant::Classical).unwrap();
            let mut wins = [0usize; 2];
            for s in 0..1u64 << (r * c) {
                for p in 0..2u8 {
                    let flood = if p == 0 {
                        g.geometry().joins_top_bottom(s)
                    } else {
                        g.geometry().joins_left_right(s)
                    };
                    assert_eq!(g.connects(p, s), flood, "{r}x{c} player {p} set {s:#x}");
                    wins[p as usize] += flood as usize;
                }
            }
            // Both players connect with the full board and not with the empty one.
            assert!(wins[0] > 0 && wins[1] > 0, "{r}x{c}");
            assert!(!g.connects(0, 0) && !g.connects(1, 0));
        }
    }

    #[test]
    fn random_games_end_with_one_winner_and_consistent_views() {
        for variant in [Variant::Classical, Variant::Abrupt] {
            for (r, c) in [(2, 2), (3, 3), (4, 3), (3, 4), (4, 4), (1, 5)] {
                let g = DarkHex::with(r, c, variant).unwrap();
                for seed in 0..200 {
                    let states = random_playout(&g, seed);
                    let last = states.last().unwrap();
                    let w = last.winner.unwrap();
                    assert!(g.connects(w, last.stones[w as usize]));
                    assert!(!g.connects(1 - w, last.stones[1 - w as usize]));
                    for s in &states {
                        assert_eq!(s.stones[0] & s.stones[1], 0);
                        assert_eq!(s.known[0] & !s.stones[1], 0);
                        assert_eq!(s.known[1] & !s.stones[0], 0);
                    }
                }
            }
        }
    }

    #[test]
    fn classical_replays_after_a_find_and_abrupt_passes() {
        for (variant, expect) in [(Variant::Classical, 1u8), (Variant::Abrupt, 0u8)] {
            let g = DarkHex::with(3, 3, variant).unwrap();
            let mut s = g.root();
            g.play(&mut s, 4); // Black b2
            assert_eq!(g.play(&mut s, 4), Probe::Found); // White finds it
            assert_eq!(s.to_move, expect);
            assert_eq!(s.history[1], probe_event(4, false) as u128);
            assert_eq!(s.history[0], probe_event(4, true) as u128);
            assert_eq!(s.known[1], 1 << 4);
        }
    }

    #[test]
    fn announcement_adds_a_touched_event() {
        let g = DarkHex::new(Rules {
            rows: 2,
            cols: 2,
            variant: Variant::Classical,
            announce_touch: true,
        })
        .unwrap();
        let mut s = g.root();
        g.play(&mut s, 0);
        g.play(&mut s, 0);
        assert_eq!(s.history[0], (probe_event(0, true) as u128) << 5 | 1);
        assert_eq!(g.history_string(s.history[0]), "a1+ !");
    }

    #[test]
    fn rotation_maps_games_to_games() {
        for variant in [Variant::Classical, Variant::Abrupt] {
            let g = DarkHex::with(4, 3, variant).unwrap();
            for seed in 0..100 {
                let states = random_playout(&g, seed);
                let mut r = g.root();
                for w in states.windows(2) {
                    // Recover the probed cell from the mover's history and play its rotation.
                    let p = w[0].to_move as usize;
                    let e = (w[1].history[p] & 31) as u32;
                    let cell = (e >> 1) - 1;
                    g.play(&mut r, g.cells() as u32 - 1 - cell);
                    assert_eq!(r, g.rotate_state(&w[1]));
                }
            }
        }
    }

    #[test]
    fn sixteen_cell_histories_lose_a_flag_before_cell_15_and_do_not_decode() {
        let g = DarkHex::with(4, 4, Variant::Classical).unwrap();
        let pack = |a: u32, x: bool, b: u32, y: bool| {
            (probe_event(a, x) as u128) << EVENT_BITS | probe_event(b, y) as u128
        };
        for a in 0..15u32 {
            for y in [false, true] {
                // Cell 15's event sets the success flag of the probe before it...
                assert_eq!(pack(a, false, 15, y), pack(a, true, 15, y));
                // ...and nothing else collides.
                for b in (0..15u32).filter(|&b| b != a) {
                    assert_ne!(pack(a, false, b, y), pack(a, true, b, y));
                }
            }
        }
        let h = pack(3, true, 15, true);
        assert_ne!(
            DarkHex::history_events(h),
            [probe_event(3, true), probe_event(15, true)]
        );
        // history_probes decodes it, up to the lost flag.
        assert_eq!(g.history_probes(h).unwrap(), [(3, None), (15, Some(true))]);
        let oldest = (probe_event(15, false) as u128) << EVENT_BITS | probe_event(2, true) as u128;
        assert_eq!(
            g.history_probes(oldest).unwrap(),
            [(15, Some(false)), (2, Some(true))]
        );
        let small = DarkHex::with(4, 3, Variant::Classical).unwrap();
        let plain = pack(3, false, 7, true);
        assert_eq!(
            small.history_probes(plain).unwrap(),
            [(3, Some(false)), (7, Some(true))]
        );
        assert!(small.history_probes(h).is_err());
        // Its 180° image is (12 placed, 0 placed), which the rotation does not produce.
        assert_ne!(g.rotate_history(h), pack(12, true, 0, true));
        assert_eq!(DECODABLE_CELLS, 15);
    }

    #[test]
    fn bad_sizes_and_variants_are_errors() {
        assert!(DarkHex::with(5, 4, Variant::Classical).is_err());
        assert!(DarkHex::with(0, 4, Variant::Classical).is_err());
        assert!("sideways".parse::<Variant>().is_err());
        let g = DarkHex::with(2, 2, Variant::Classical).unwrap();
        let mut s = g.root();
        assert!(g.try_play(&mut s, 9).is_err());
        g.play(&mut s, 0);
        g.play(&mut s, 1);
        assert!(g.try_play(&mut s, 0).is_err());
    }
}
