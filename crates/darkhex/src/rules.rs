//! The rules of Dark Hex: variants, the game description and the `Copy` state.

use bitboard::hex::{HexError, HexGeometry};
use bitboard::BitWord;
use core::fmt;
use game::Player;
use thiserror::Error;

/// Largest number of cells a Dark Hex board may have here.
pub const MAX_CELLS: usize = 16;

/// Bits per event of a packed private history on boards of at most [`FIVE_BIT_CELLS`] cells:
/// the published `DARKHEX_MIXTURE` packing.
pub const NARROW_EVENT_BITS: u32 = 5;

/// Bits per event on boards of more than [`FIVE_BIT_CELLS`] cells (16 cells: 4×4, 2×8, …).
pub const WIDE_EVENT_BITS: u32 = 6;

/// The largest board whose probe events `(cell + 1) << 1 | success` fit in
/// [`NARROW_EVENT_BITS`] bits. On 16 cells the events of cell 15 are 32 and 33; with 5 bits
/// their sixth bit would be ORed into the success flag of the probe before (two histories
/// that differ only in that outcome would share one number, and the number could not be
/// rotated), so 16-cell boards pack 6 bits per event ([`event_bits`]).
pub const FIVE_BIT_CELLS: usize = 15;

/// Bits per packed history event on a board of `cells` cells: 5 up to [`FIVE_BIT_CELLS`]
/// cells (every number, file and result on those boards is the published packing), 6 above.
#[inline]
pub const fn event_bits(cells: usize) -> u32 {
    if cells <= FIVE_BIT_CELLS {
        NARROW_EVENT_BITS
    } else {
        WIDE_EVENT_BITS
    }
}

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
    /// Announcements on a board whose 6-bit histories could outgrow 128 bits.
    #[error(
        "announce_touch on the {cells}-cell board {rows}x{cols}: with 6-bit events a private \
         history (up to {cells} own probes plus one announcement per own stone) may not fit in \
         128 bits; announcements are allowed on boards of at most 15 cells"
    )]
    AnnounceTooLong {
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

impl Rules {
    /// Bits per event of this board's packed histories ([`event_bits`]: 5 on boards of at most
    /// 15 cells, 6 on 16 cells).
    #[inline]
    pub fn event_bits(&self) -> u32 {
        event_bits(self.rows.saturating_mul(self.cols))
    }
}

/// A Dark Hex game: rules plus the precomputed geometry. States are [`State`] values.
#[derive(Clone, Debug)]
pub struct DarkHex {
    rules: Rules,
    /// [`Rules::event_bits`].
    event_bits: u32,
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
        if rules.announce_touch && rules.event_bits() > NARROW_EVENT_BITS {
            return Err(DarkHexError::AnnounceTooLong {
                rows: rules.rows,
                cols: rules.cols,
                cells,
            });
        }
        let geometry = HexGeometry::new(rules.rows, rules.cols)?;
        let connects = ConnectTable::new(&geometry);
        Ok(DarkHex {
            rules,
            event_bits: rules.event_bits(),
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
    /// Bits per event of this board's packed histories ([`event_bits`]).
    #[inline]
    pub fn event_bits(&self) -> u32 {
        self.event_bits
    }
    /// The packed history `h` followed by `event` (`h << event_bits | event`).
    #[inline]
    pub fn push_event(&self, h: u128, event: u32) -> u128 {
        debug_assert!(event >> self.event_bits == 0, "event {event} too wide");
        (h << self.event_bits) | event as u128
    }
    /// The newest event of the packed history `h` (0 for the empty history).
    #[inline]
    pub fn last_event(&self, h: u128) -> u32 {
        (h & ((1u128 << self.event_bits) - 1)) as u32
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
            s.history[p] = self.push_event(s.history[p], probe_event(cell, false));
            if self.rules.announce_touch {
                s.history[q] = self.push_event(s.history[q], TOUCHED_EVENT);
            }
            if self.rules.variant == Variant::Abrupt {
                s.to_move = q as u8;
            }
            Probe::Found
        } else {
            s.stones[p] |= bit;
            s.history[p] = self.push_event(s.history[p], probe_event(cell, true));
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
            let e = self.last_event(h);
            let cell_field = e >> 1;
            let e2 = if cell_field == 0 {
                e
            } else {
                ((n - 1 - (cell_field - 1) + 1) << 1) | (e & 1)
            };
            out |= (e2 as u128) << shift;
            shift += self.event_bits;
            h >>= self.event_bits;
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
    pub fn history_events(&self, h: u128) -> Vec<u32> {
        let mut ev = Vec::new();
        let mut h = h;
        while h != 0 {
            ev.push(self.last_event(h));
            h >>= self.event_bits;
        }
        ev.reverse();
        ev
    }

    /// The probes of a packed history (no announcements), oldest first: `(cell, success)`; an
    /// error names a number holding an event that is not a probe (cells are not checked
    /// against the board here).
    pub fn history_probes(&self, h: u128) -> Result<Vec<(u32, bool)>, String> {
        self.history_events(h)
            .into_iter()
            .map(|e| {
                if e < 2 {
                    Err(format!("history {h} holds event {e}, which is not a probe"))
                } else {
                    Ok(((e >> 1) - 1, e & 1 == 1))
                }
            })
            .collect()
    }

    /// A readable form of a history: `a1+ b2- !` (`+` placed, `-` found, `!` touched).
    pub fn history_string(&self, h: u128) -> String {
        let parts: Vec<String> = self
            .history_events(h)
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
        // 4×4 is the board whose histories need 6-bit events: there the rotation must be an
        // involution and commute with play exactly as on the 5-bit boards.
        for (r, c) in [(4, 3), (3, 4), (4, 4), (2, 8)] {
            for variant in [Variant::Classical, Variant::Abrupt] {
                let g = DarkHex::with(r, c, variant).unwrap();
                for seed in 0..200 {
                    let states = random_playout(&g, seed);
                    let mut rotated = g.root();
                    for w in states.windows(2) {
                        // Recover the probed cell from the mover's history and play its
                        // rotation.
                        let p = w[0].to_move as usize;
                        let e = g.last_event(w[1].history[p]);
                        let cell = (e >> 1) - 1;
                        g.play(&mut rotated, g.cells() as u32 - 1 - cell);
                        assert_eq!(rotated, g.rotate_state(&w[1]), "{r}x{c} seed {seed}");
                        assert_eq!(g.rotate_state(&rotated), w[1], "{r}x{c} seed {seed}");
                        for h in w[1].history {
                            assert_eq!(g.rotate_history(g.rotate_history(h)), h);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn event_width_is_five_bits_up_to_15_cells_and_six_on_16() {
        for (r, c, bits) in [
            (1, 1, 5),
            (3, 3, 5),
            (4, 3, 5),
            (5, 3, 5),
            (4, 4, 6),
            (2, 8, 6),
        ] {
            let g = DarkHex::with(r, c, Variant::Classical).unwrap();
            assert_eq!(g.event_bits(), bits, "{r}x{c}");
            assert_eq!(g.rules().event_bits(), bits, "{r}x{c}");
        }
        // The published packing on 4×3: a1 placed then c4 found is (1 << 1 | 1) << 5 | 12 << 1.
        let g = DarkHex::with(4, 3, Variant::Classical).unwrap();
        let h = g.push_event(
            g.push_event(0, probe_event(0, true)),
            probe_event(11, false),
        );
        assert_eq!(h, 3 << 5 | 24);
    }

    #[test]
    fn sixteen_cell_histories_keep_the_outcome_before_a_cell_15_probe() {
        let g = DarkHex::with(4, 4, Variant::Classical).unwrap();
        let pack = |bits: u32, a: u32, x: bool, b: u32, y: bool| {
            (probe_event(a, x) as u128) << bits | probe_event(b, y) as u128
        };
        for a in 0..15u32 {
            for y in [false, true] {
                // Under the 5-bit packing cell 15's sixth bit sets the flag of the probe
                // before it (the bug this width fixes)...
                assert_eq!(pack(5, a, false, 15, y), pack(5, a, true, 15, y));
                // ...with 6 bits the two histories are two numbers, decoded exactly.
                assert_ne!(pack(6, a, false, 15, y), pack(6, a, true, 15, y));
                for x in [false, true] {
                    let h = pack(6, a, x, 15, y);
                    assert_eq!(g.history_probes(h).unwrap(), [(a, x), (15, y)]);
                    assert_eq!(g.history_events(h), [probe_event(a, x), probe_event(15, y)]);
                    let image = pack(6, 15 - a, x, 0, y);
                    assert_eq!(g.rotate_history(h), image);
                }
            }
        }
        // The same through play: Black places b1 (cell 1) or finds White's stone there, then
        // places d4 (cell 15); the two Black histories differ.
        let mut placed = g.root();
        g.play(&mut placed, 1); // Black b1 placed
        g.play(&mut placed, 0); // White a1
        g.play(&mut placed, 15); // Black d4 placed
        let mut found = g.root();
        g.play(&mut found, 0); // Black a1
        g.play(&mut found, 1); // White b1
        g.play(&mut found, 1); // Black finds b1 (classical: plays again)
        g.play(&mut found, 15); // Black d4 placed
        let tail = |h: u128| h & ((1 << 12) - 1);
        assert_eq!(tail(placed.history[0]), pack(6, 1, true, 15, true));
        assert_eq!(tail(found.history[0]), pack(6, 1, false, 15, true));
        assert_ne!(tail(placed.history[0]), tail(found.history[0]));
        assert_eq!(g.history_string(found.history[0]), "a1+ b1- d4+");
    }

    #[test]
    fn announcements_are_refused_on_16_cells() {
        let rules = |rows, cols| Rules {
            rows,
            cols,
            variant: Variant::Abrupt,
            announce_touch: true,
        };
        assert!(matches!(
            DarkHex::new(rules(4, 4)),
            Err(DarkHexError::AnnounceTooLong { cells: 16, .. })
        ));
        assert!(DarkHex::new(rules(4, 3)).is_ok());
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
