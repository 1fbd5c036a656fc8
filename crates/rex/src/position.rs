//! The Rex position: geometry, stones, side to move, and the move analysis for the solver.

use bitboard::hex::{HexError, HexGeometry};
use bitboard::BitWord;
use game::{Game, NodeKind, Outcome, Player};
use std::fmt;
use std::sync::Arc;
use thiserror::Error;

mod analysis;
mod domination;
mod graph;
pub use analysis::PAIR_SEARCH_FROM;

/// A stone colour. Black is the first player (top–bottom), White the second (left–right).
pub type Stone = Player;

/// Errors of checked Rex operations.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RexError {
    /// Bad board size or cell name.
    #[error(transparent)]
    Hex(#[from] HexError),
    /// The cell already holds a stone.
    #[error("cell {0} is occupied")]
    Occupied(String),
    /// The game is over.
    #[error("the game is over ({0} has joined their sides and lost); no more moves")]
    GameOver(String),
    /// Swap asked for when it is not allowed.
    #[error("swap is only allowed as the second move with the swap rule on a square board")]
    SwapNotAllowed,
    /// A malformed move list.
    #[error("malformed move {token:?} in move list: {why}")]
    MalformedMove {
        /// The offending token.
        token: String,
        /// What is wrong.
        why: String,
    },
}

/// A Rex move: a cell index (`r·cols + c`) or the swap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RexMove(u8);

impl RexMove {
    /// The swap move.
    pub const SWAP: RexMove = RexMove(u8::MAX);
    /// The move on cell `i`.
    #[inline]
    pub fn cell(i: u32) -> RexMove {
        debug_assert!(i < 121);
        RexMove(i as u8)
    }
    /// The cell of the move, `None` for the swap.
    #[inline]
    pub fn as_cell(self) -> Option<u32> {
        (self != Self::SWAP).then_some(self.0 as u32)
    }
}

impl fmt::Debug for RexMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_cell() {
            Some(c) => write!(f, "cell{c}"),
            None => write!(f, "swap"),
        }
    }
}

/// The six neighbour directions in cyclic order round a cell, as `(drow, dcol)`.
const RING: [(i64, i64); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

/// Geometry plus the per-direction tables of the dead-cell test.
#[derive(Debug)]
pub struct RexGeometry<W: BitWord> {
    hex: HexGeometry<W>,
    /// For each ring direction: cells whose neighbour in that direction is on the board.
    valid: [W; 6],
    /// For each ring direction: cells whose neighbour in that direction is a Black edge.
    edge_black: [W; 6],
    /// For each ring direction: cells whose neighbour in that direction is a White edge.
    edge_white: [W; 6],
    /// Index offset of each direction.
    offset: [i32; 6],
    /// Per cell and ring direction: the neighbour's index, or the state of the edge there
    /// (`RING_EDGE | 1` Black, `RING_EDGE | 2` White).
    ring_nb: Vec<[u8; 6]>,
    /// Per ring state (base 3, slot k of weight 3^k: 0 empty, 1 Black, 2 White): whether the
    /// ring test finds its centre dead.
    ring_dead: Vec<bool>,
    /// Transposition (row ↔ column) of each cell, for the swap on square boards.
    transpose: Vec<u8>,
    /// The two colour mirrors of a square board (empty on other boards): the transposition
    /// and the transposition composed with the 180° rotation. Each maps Black's edges onto
    /// White's and keeps adjacency.
    mirrors: [Vec<u8>; 2],
    /// For each cell and player: bit 0 if it touches the player's first edge, bit 1 the second.
    edge_flags: Vec<[u8; 2]>,
    /// Zobrist keys per cell: `[k1 Black, k1 White, k2 Black, k2 White]` for the cell and
    /// the same for its 180° image, drawn from a seed that includes the board size.
    zobrist: Vec<[u64; 8]>,
    /// Keys of "White to move" (k1, k2).
    side_keys: (u64, u64),
    /// Keys of the empty board (distinct per board size, so that tables can be shared).
    empty_keys: [u64; 4],
}

impl<W: BitWord> RexGeometry<W> {
    fn new(rows: usize, cols: usize) -> Result<Self, HexError> {
        let hex = HexGeometry::new(rows, cols)?;
        let mut valid = [W::ZERO; 6];
        let mut edge_black = [W::ZERO; 6];
        let mut edge_white = [W::ZERO; 6];
        let mut offset = [0i32; 6];
        for (k, &(dr, dc)) in RING.iter().enumerate() {
            offset[k] = (dr * cols as i64 + dc) as i32;
            for i in 0..hex.cells() as u32 {
                let (r, c) = hex.coords(i);
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                let bit = W::bit(i);
                if nr >= 0 && nc >= 0 && nr < rows as i64 && nc < cols as i64 {
                    valid[k] |= bit;
                } else if nr < 0 || nr >= rows as i64 {
                    // Off the top or bottom: a Black edge. At an obtuse corner the position
                    // between a Black and a White edge may take either colour without changing
                    // the number of colour changes round the ring.
                    edge_black[k] |= bit;
                } else {
                    edge_white[k] |= bit;
                }
            }
        }
        let ring_nb = (0..hex.cells() as u32)
            .map(|i| {
                let (r, c) = hex.coords(i);
                let mut out = [0u8; 6];
                for (k, &(dr, dc)) in RING.iter().enumerate() {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    out[k] = if nr >= 0 && nc >= 0 && nr < rows as i64 && nc < cols as i64 {
                        (nr as usize * cols + nc as usize) as u8
                    } else if nr < 0 || nr >= rows as i64 {
                        RING_EDGE | 1
                    } else {
                        RING_EDGE | 2
                    };
                }
                out
            })
            .collect();
        let ring_dead = (0..729).map(ring_state_dead).collect();
        let transpose: Vec<u8> = (0..hex.cells() as u32)
            .map(|i| {
                let (r, c) = hex.coords(i);
                if rows == cols {
                    (c * cols + r) as u8
                } else {
                    u8::MAX
                }
            })
            .collect();
        let last = hex.cells() as u32 - 1;
        let mirrors = if rows == cols {
            let t: Vec<u8> = transpose.clone();
            let a = (0..hex.cells() as u32)
                .map(|i| (last - transpose[i as usize] as u32) as u8)
                .collect();
            [t, a]
        } else {
            [Vec::new(), Vec::new()]
        };
        let edge_flags = (0..hex.cells() as u32)
            .map(|i| {
                let f = |a: W, b: W| (a.has(i) as u8) | ((b.has(i) as u8) << 1);
                [f(hex.top(), hex.bottom()), f(hex.left(), hex.right())]
            })
            .collect();
        // Two independent key sets per cell and colour, seeded by the board size.
        let mut state = 0x5245_585F_4B45_5953 ^ ((rows as u64) << 32 | cols as u64);
        let mut draw = || {
            let (next, out) = bitboard::keys::splitmix64(state);
            state = next;
            out
        };
        let side_keys = (draw(), draw());
        let (e1, e2) = (draw(), draw());
        let empty_keys = [e1, e2, e1, e2];
        let base: Vec<[u64; 4]> = (0..hex.cells())
            .map(|_| [draw(), draw(), draw(), draw()])
            .collect();
        let last = hex.cells() - 1;
        let zobrist = (0..hex.cells())
            .map(|c| {
                let (a, b) = (base[c], base[last - c]);
                [a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]]
            })
            .collect();
        Ok(RexGeometry {
            hex,
            zobrist,
            side_keys,
            empty_keys,
            valid,
            edge_black,
            edge_white,
            offset,
            ring_nb,
            ring_dead,
            transpose,
            mirrors,
            edge_flags,
        })
    }

    /// The underlying Hex geometry.
    pub fn hex(&self) -> &HexGeometry<W> {
        &self.hex
    }

    /// The ring state of cell `c` (see `ring_dead`).
    #[inline]
    pub(crate) fn ring_state(&self, black: W, white: W, c: u32) -> usize {
        let mut code = 0;
        for &nb in self.ring_nb[c as usize].iter().rev() {
            let v = if nb & RING_EDGE != 0 {
                (nb & 3) as usize
            } else if black.has(nb as u32) {
                1
            } else if white.has(nb as u32) {
                2
            } else {
                0
            };
            code = code * 3 + v;
        }
        code
    }

    /// The ring test's verdict on a ring state.
    #[inline]
    pub(crate) fn ring_state_is_dead(&self, state: usize) -> bool {
        self.ring_dead[state]
    }

    /// The neighbour of `c` in ring direction `k`, if on the board.
    #[inline]
    pub(crate) fn ring_neighbour(&self, c: u32, k: usize) -> Option<u32> {
        let nb = self.ring_nb[c as usize][k];
        (nb & RING_EDGE == 0).then_some(nb as u32)
    }

    /// The image of `set` under colour mirror `k` (0: transposition, 1: transposition after
    /// the 180° rotation); square boards only.
    #[inline]
    pub(crate) fn mirror(&self, set: W, k: usize) -> W {
        let t = &self.mirrors[k];
        let mut out = W::ZERO;
        for c in set.iter() {
            out |= W::bit(t[c as usize] as u32);
        }
        out
    }

    /// True on square boards (where the colour mirrors exist).
    #[inline]
    pub(crate) fn square(&self) -> bool {
        !self.mirrors[0].is_empty()
    }

    /// Cells whose neighbour in direction `k` belongs to `set`.
    #[inline]
    fn towards(&self, set: W, k: usize) -> W {
        let off = self.offset[k];
        let shifted = if off >= 0 {
            set >> off as u32
        } else {
            set << (-off) as u32
        };
        shifted & self.valid[k]
    }

    /// The empty cells proven dead by the ring test (see the crate header).
    #[inline]
    pub fn dead_cells(&self, black: W, white: W) -> W {
        let empty = self.hex.all() & !(black | white);
        let mut can_black = [W::ZERO; 6];
        let mut can_white = [W::ZERO; 6];
        for k in 0..6 {
            let e = self.towards(empty, k);
            can_black[k] = self.towards(black, k) | self.edge_black[k] | e;
            can_white[k] = self.towards(white, k) | self.edge_white[k] | e;
        }
        // A cell is alive if some completion shows B, W, B, W in cyclic order round it.
        let mut alive = W::ZERO;
        for i in 0..6 {
            for j in i + 1..6 {
                let bw = can_black[i] & can_white[j];
                let wb = can_white[i] & can_black[j];
                for k in j + 1..6 {
                    let bwb = bw & can_black[k];
                    let wbw = wb & can_white[k];
                    for l in k + 1..6 {
                        alive |= (bwb & can_white[l]) | (wbw & can_black[l]);
                    }
                }
            }
        }
        empty & !alive
    }
}

/// Marks an off-board slot in [`RexGeometry`]'s ring table (cell indices stay below 121).
const RING_EDGE: u8 = 0x80;

/// The ring test on one ring state (see `RexGeometry::ring_dead`): dead iff no completion of
/// the empty slots shows Black, White, Black, White in cyclic order.
fn ring_state_dead(state: usize) -> bool {
    let slot = |k: usize| state / 3usize.pow(k as u32) % 3;
    let can = |k: usize, colour: usize| slot(k) == 0 || slot(k) == colour;
    for i in 0..6 {
        for j in i + 1..6 {
            for k in j + 1..6 {
                for l in k + 1..6 {
                    if (can(i, 1) && can(j, 2) && can(k, 1) && can(l, 2))
                        || (can(i, 2) && can(j, 1) && can(k, 2) && can(l, 1))
                    {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// A Rex position on word type `W` (`u64` up to 64 cells, `u128` up to 121).
#[derive(Clone)]
pub struct RexPosition<W: BitWord> {
    geo: Arc<RexGeometry<W>>,
    stones: [W; 2],
    /// Incremental keys of the stones: `[k1, k2, k1 of the rotated board, k2 of it]`.
    keys: [u64; 4],
    to_move: Player,
    swap_rule: bool,
    /// Positions with at least this many empty cells get the full pairing search in
    /// `prepare`; the others the greedy one-level test ([`PAIR_SEARCH_FROM`] by default).
    pair_search_from: u8,
    /// Stones placed plus swaps made (the swap is legal only when this is 1).
    moves_played: u16,
}

impl<W: BitWord> fmt::Debug for RexPosition<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_text())
    }
}

impl<W: BitWord> PartialEq for RexPosition<W> {
    fn eq(&self, o: &Self) -> bool {
        self.stones == o.stones
            && self.to_move == o.to_move
            && self.swap_rule == o.swap_rule
            && self.geo.hex.rows() == o.geo.hex.rows()
            && self.geo.hex.cols() == o.geo.hex.cols()
    }
}

impl<W: BitWord> RexPosition<W> {
    /// The empty `rows × cols` board, Black to move, no swap rule.
    pub fn new(rows: usize, cols: usize) -> Result<Self, RexError> {
        let geo = Arc::new(RexGeometry::new(rows, cols)?);
        Ok(RexPosition {
            keys: geo.empty_keys,
            geo,
            stones: [W::ZERO; 2],
            to_move: Player::First,
            swap_rule: false,
            pair_search_from: PAIR_SEARCH_FROM,
            moves_played: 0,
        })
    }

    /// The same position with the full pairing search used from `empty_cells` empty cells up
    /// (0: everywhere; 255: never). Values and proofs do not depend on it, only the work.
    pub fn with_pair_search_from(mut self, empty_cells: u8) -> Self {
        self.pair_search_from = empty_cells;
        self
    }

    /// The same position with the swap rule switched on (square boards only).
    pub fn with_swap(mut self, on: bool) -> Result<Self, RexError> {
        if on && self.rows() != self.cols() {
            return Err(RexError::SwapNotAllowed);
        }
        self.swap_rule = on;
        Ok(self)
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.geo.hex.rows()
    }
    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.geo.hex.cols()
    }
    /// The geometry.
    pub fn geometry(&self) -> &RexGeometry<W> {
        &self.geo
    }
    /// The Hex geometry.
    pub fn hex(&self) -> &HexGeometry<W> {
        &self.geo.hex
    }
    /// The stones of `p`.
    pub fn stones(&self, p: Player) -> W {
        self.stones[p.index()]
    }
    /// The empty cells.
    pub fn empty(&self) -> W {
        self.geo.hex.all() & !(self.stones[0] | self.stones[1])
    }
    /// The empty cells as a list of indices.
    pub fn empty_cells(&self) -> Vec<u32> {
        self.empty().iter().collect()
    }
    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }
    /// Set the player to move (for positions set up stone by stone, as GTP does).
    pub fn set_to_move(&mut self, p: Player) {
        self.to_move = p;
    }
    /// The player who has joined their own sides (and so lost), if any.
    pub fn loser(&self) -> Option<Player> {
        let (t, b) = (self.geo.hex.top(), self.geo.hex.bottom());
        let (l, r) = (self.geo.hex.left(), self.geo.hex.right());
        if self.geo.hex.joins(self.stones[0], t, b) {
            Some(Player::First)
        } else if self.geo.hex.joins(self.stones[1], l, r) {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// Cells that would join the mover's own sides (and lose at once).
    #[inline]
    pub fn suicide_cells(&self) -> W {
        self.suicide_cells_of(self.to_move)
    }

    /// Cells that would join `p`'s own sides.
    #[inline]
    pub fn suicide_cells_of(&self, p: Player) -> W {
        let own = self.stones[p.index()];
        let hex = &self.geo.hex;
        let (a, b) = hex.edges(p == Player::First);
        let empty = self.empty();
        let from_a = hex.expand(hex.flood(own & a, own)) | a;
        let from_b = hex.expand(hex.flood(own & b, own)) | b;
        from_a & from_b & empty
    }

    /// Place a stone of `p` on `cell`, checked: the cell exists and is empty and the game is not
    /// over. The player to move becomes the other one.
    pub fn try_place(&mut self, p: Player, cell: u32) -> Result<(), RexError> {
        if let Some(l) = self.loser() {
            return Err(RexError::GameOver(colour_name(l).into()));
        }
        if cell as usize >= self.geo.hex.cells() {
            return Err(RexError::MalformedMove {
                token: cell.to_string(),
                why: "no such cell".into(),
            });
        }
        if !self.empty().has(cell) {
            return Err(RexError::Occupied(self.geo.hex.name(cell)));
        }
        self.toggle(p.index(), cell);
        self.to_move = p.other();
        self.moves_played += 1;
        Ok(())
    }

    /// Play a move for the player to move, checked.
    pub fn try_play(&mut self, mv: RexMove) -> Result<(), RexError> {
        match mv.as_cell() {
            Some(c) => self.try_place(self.to_move, c),
            None => {
                if !self.swap_legal() {
                    return Err(RexError::SwapNotAllowed);
                }
                self.play(mv);
                Ok(())
            }
        }
    }

    fn swap_legal(&self) -> bool {
        self.swap_rule
            && self.moves_played == 1
            && self.to_move == Player::Second
            && self.stones[0].count() == 1
            && self.stones[1].is_empty()
    }

    /// Parse a cell name on this board.
    pub fn parse_cell(&self, name: &str) -> Result<u32, RexError> {
        Ok(self.geo.hex.parse_cell(name)?)
    }

    /// Parse a move: a cell name or `swap`.
    pub fn parse_move(&self, text: &str) -> Result<RexMove, RexError> {
        if text.trim().eq_ignore_ascii_case("swap") {
            Ok(RexMove::SWAP)
        } else {
            Ok(RexMove::cell(self.parse_cell(text)?))
        }
    }

    /// Play a comma- or space-separated list of moves (`a1,c3`), checked.
    pub fn play_list(&mut self, list: &str) -> Result<(), RexError> {
        for token in list.split([',', ' ']).filter(|t| !t.trim().is_empty()) {
            let mv = self.parse_move(token)?;
            self.try_play(mv)?;
        }
        Ok(())
    }

    /// The text of a move.
    pub fn move_name(&self, mv: RexMove) -> String {
        match mv.as_cell() {
            Some(c) => self.geo.hex.name(c),
            None => "swap".into(),
        }
    }

    /// A text diagram of the board (`B`, `W`, `.`), rows shifted to show the rhombus.
    pub fn to_text(&self) -> String {
        self.to_text_marked(|_| None)
    }

    /// [`Self::to_text`] with `mark(cell)` drawn on the empty cells it names (`.` elsewhere).
    pub fn to_text_marked(&self, mark: impl Fn(u32) -> Option<char>) -> String {
        let hex = &self.geo.hex;
        let mut s = String::from("  ");
        for c in 0..hex.cols() {
            s.push((b'a' + c as u8) as char);
            s.push(' ');
        }
        s.push('\n');
        for r in 0..hex.rows() {
            s.push_str(&" ".repeat(r));
            s.push_str(&format!("{:>2} ", r + 1));
            for c in 0..hex.cols() {
                let i = hex.index(r, c);
                let ch = if self.stones[0].has(i) {
                    'B'
                } else if self.stones[1].has(i) {
                    'W'
                } else {
                    mark(i).unwrap_or('.')
                };
                s.push(ch);
                s.push(' ');
            }
            s.push('\n');
        }
        s.push_str(&format!("{} to move", colour_name(self.to_move)));
        s
    }

    /// Put or remove a stone of player index `p` on `cell`, keeping the keys up to date.
    #[inline]
    fn toggle(&mut self, p: usize, cell: u32) {
        self.stones[p] ^= W::bit(cell);
        let z = &self.geo.zobrist[cell as usize];
        self.keys[0] ^= z[p];
        self.keys[1] ^= z[2 + p];
        self.keys[2] ^= z[4 + p];
        self.keys[3] ^= z[6 + p];
    }

    /// The position rotated by 180° (same value, same player to move).
    pub fn rotated(&self) -> Self {
        let mut p = self.clone();
        p.stones = [W::ZERO; 2];
        p.keys = self.geo.empty_keys;
        for q in 0..2 {
            for c in self.geo.hex.rotate180(self.stones[q]).iter() {
                p.toggle(q, c);
            }
        }
        p
    }
}

/// `"Black"` or `"White"`.
pub fn colour_name(p: Player) -> &'static str {
    match p {
        Player::First => "Black",
        Player::Second => "White",
    }
}

impl<W: BitWord> Game for RexPosition<W> {
    type Move = RexMove;

    fn node_kind(&self) -> NodeKind {
        match self.loser() {
            Some(_) => NodeKind::Terminal,
            None => NodeKind::Decision(self.to_move),
        }
    }

    fn legal_moves(&self, out: &mut Vec<RexMove>) {
        if self.loser().is_some() {
            return;
        }
        out.extend(self.empty().iter().map(RexMove::cell));
        if self.swap_legal() {
            out.push(RexMove::SWAP);
        }
    }

    #[inline]
    fn play(&mut self, mv: RexMove) {
        match mv.as_cell() {
            Some(c) => {
                debug_assert!(self.empty().has(c));
                self.toggle(self.to_move.index(), c);
            }
            None => {
                debug_assert!(self.swap_legal());
                let b = self.stones[0].lowest();
                self.toggle(0, b);
                self.toggle(1, self.geo.transpose[b as usize] as u32);
            }
        }
        self.to_move = self.to_move.other();
        self.moves_played += 1;
    }

    #[inline]
    fn undo(&mut self, mv: RexMove) {
        self.to_move = self.to_move.other();
        self.moves_played -= 1;
        match mv.as_cell() {
            Some(c) => self.toggle(self.to_move.index(), c),
            None => {
                let w = self.stones[1].lowest();
                self.toggle(1, w);
                self.toggle(0, self.geo.transpose[w as usize] as u32);
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.loser().map(|l| Outcome::Win(l.other()))
    }

    fn hash_key(&self) -> u64 {
        let side = if self.to_move == Player::Second {
            self.geo.side_keys.0
        } else {
            0
        };
        self.keys[0] ^ side ^ (self.swap_legal() as u64)
    }
}

#[cfg(test)]
mod tests;
