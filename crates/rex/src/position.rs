//! The Rex position: geometry, stones, side to move, and the move analysis for the solver.

use bitboard::hex::{HexError, HexGeometry};
use bitboard::BitWord;
use game::{ExactGame, Game, NodeKind, Outcome, Player};
use std::fmt;
use std::sync::Arc;
use thiserror::Error;

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
    /// Transposition (row ↔ column) of each cell, for the swap on square boards.
    transpose: Vec<u8>,
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
        let transpose = (0..hex.cells() as u32)
            .map(|i| {
                let (r, c) = hex.coords(i);
                if rows == cols {
                    (c * cols + r) as u8
                } else {
                    u8::MAX
                }
            })
            .collect();
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
            transpose,
            edge_flags,
        })
    }

    /// The underlying Hex geometry.
    pub fn hex(&self) -> &HexGeometry<W> {
        &self.hex
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
                    '.'
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

impl<W: BitWord> RexPosition<W> {
    /// Remove from `moves[start..]` the cells dominated by a cell kept before them (see the
    /// crate header): `y` dominates `x` when, for one of the players `P`, every neighbour of
    /// `y` that could carry a chain of `P` (an empty cell or a stone of `P`, other than `x`) is
    /// a neighbour of `x`, and every edge of `P` that `y` touches `x` touches too.
    fn drop_dominated(&self, moves: &mut Vec<RexMove>, start: usize) {
        let hex = &self.geo.hex;
        let empty = self.empty();
        let open = [self.stones[0] | empty, self.stones[1] | empty];
        let mut kept = start;
        for i in start..moves.len() {
            let x = moves[i].0 as u32;
            let nx = hex.neighbours(x);
            let xbit = W::bit(x);
            // What x reaches for each player: its neighbours, the whole groups of that player
            // adjacent to it, and the player's edges those touch.
            let mut reach = [W::ZERO; 2];
            let mut edges = [0u8; 2];
            for p in 0..2 {
                let own = self.stones[p];
                let groups = hex.flood(nx & own, own);
                reach[p] = nx | groups;
                let (a, b) = hex.edges(p == 0);
                edges[p] = self.geo.edge_flags[x as usize][p]
                    | (!(groups & a).is_empty() as u8)
                    | ((!(groups & b).is_empty() as u8) << 1);
            }
            let dominated = moves[start..kept].iter().any(|y| {
                let y = y.0 as u32;
                let ny = hex.neighbours(y);
                let ey = self.geo.edge_flags[y as usize];
                (0..2).any(|p| {
                    let conn = ny & open[p] & !xbit;
                    (conn & !reach[p]).is_empty() && (ey[p] & !edges[p]) == 0
                })
            });
            if !dominated {
                moves[kept] = moves[i];
                kept += 1;
            }
        }
        moves.truncate(kept);
    }

    /// True if `p` is *pair-connected*: disjoint pairs of empty cells link `p`'s groups and
    /// edges so that `p`'s stones plus any one cell of every pair join `p`'s sides. With
    /// `spare`, one more empty cell may be counted as `p`'s (the cell `f` of the pairing
    /// theorem, for when `p` makes the last move). Found by [`crate::pairing::find_pairing`];
    /// `false` proves nothing.
    pub fn pair_connected(&self, p: Player, spare: bool) -> bool {
        let found = self.pairing(p);
        found.full || (spare && found.semi)
    }

    /// Pairing strategies and pre-pairings of player `p`: the greedy one-level test (pairs of
    /// cells that both touch the same two components, components merged as they are linked),
    /// then the connection search of [`crate::pairing`]. Each finds pairings the other misses:
    /// the greedy merge shares a linked component's cells between later pairs, which the
    /// search's disjoint carriers cannot; the search nests pairs through empty cells.
    pub fn pairing(&self, p: Player) -> crate::pairing::Pairing<W> {
        self.pairing_with(p, true, true)
    }

    /// [`Self::pairing`], with only the greedy test (no keys) unless `strong`, and without
    /// the greedy pre-pairing test unless `want_semi`.
    fn pairing_with(&self, p: Player, strong: bool, want_semi: bool) -> crate::pairing::Pairing<W> {
        let (full, greedy_semi) = self.greedy_pairing(p, want_semi && !strong);
        let mut found = crate::pairing::Pairing {
            full,
            semi: greedy_semi,
            semi_keys: W::ZERO,
        };
        if full {
            return found;
        }
        if strong {
            let (ea, eb) = self.geo.hex.edges(p == Player::First);
            let own = self.stones[p.index()];
            found = crate::pairing::find_pairing(&self.geo.hex, own, self.empty(), ea, eb);
            if want_semi && !found.full && !found.semi {
                found.semi = self.greedy_pairing(p, true).1;
            }
        }
        found
    }

    /// The greedy one-level pairing test (see [`Self::pairing`]); `false` proves nothing.
    pub fn pair_connected_greedy(&self, p: Player, spare: bool) -> bool {
        let (full, semi) = self.greedy_pairing(p, spare);
        full || semi
    }

    /// Both answers of [`Self::pair_connected_greedy`] in one pass: (pair-connected,
    /// pair-connected with a spare cell); the second is only looked for when `want_spare`.
    pub fn greedy_pairing(&self, p: Player, want_spare: bool) -> (bool, bool) {
        let hex = &self.geo.hex;
        let own = self.stones[p.index()];
        let empty = self.empty();
        let (ea, eb) = hex.edges(p == Player::First);
        // Component 0 is edge a, component 1 edge b; groups touching an edge join it.
        let mut c = Components {
            adj: [W::ZERO; MAX_COMPONENTS],
            flags: [0u8; MAX_COMPONENTS],
            n: 2,
            avail: empty,
        };
        c.adj[0] = ea & empty;
        c.flags[0] = 1;
        c.adj[1] = eb & empty;
        c.flags[1] = 2;
        let mut rest = own;
        while !rest.is_empty() {
            let g = hex.flood(W::bit(rest.lowest()), own);
            rest &= !g;
            let a = hex.expand(g) & empty;
            let f = (!(g & ea).is_empty() as u8) | ((!(g & eb).is_empty() as u8) << 1);
            match f {
                0 if c.n < MAX_COMPONENTS => {
                    c.adj[c.n] = a;
                    c.flags[c.n] = 0;
                    c.n += 1;
                }
                0 => {}
                3 => return (true, false),
                _ => {
                    let k = (f - 1) as usize;
                    c.adj[k] |= a;
                }
            }
        }
        if c.close() {
            return (true, false);
        }
        if !want_spare {
            return (false, false);
        }
        // Try each cell touching two components as the spare stone.
        let mut seen = W::ZERO;
        let mut twice = W::ZERO;
        for k in 0..c.n {
            twice |= seen & c.adj[k];
            seen |= c.adj[k];
        }
        for f in (twice & c.avail).iter() {
            let bit = W::bit(f);
            let mut d = c.clone();
            d.avail &= !bit;
            let touch = hex.neighbours(f) & d.avail;
            let mut first = usize::MAX;
            let mut k = 0;
            while k < d.n {
                if (d.adj[k] & bit).is_empty() {
                    k += 1;
                } else if first == usize::MAX {
                    first = k;
                    d.adj[k] |= touch;
                    k += 1;
                } else {
                    d.merge(first, k);
                }
            }
            if d.flags[first] == 3 || d.close() {
                return (false, true);
            }
        }
        (false, false)
    }

    /// Empty cells on no possible chain of one player: their component of that player's stones
    /// and empty cells does not touch both of the player's edges. Such a cell is dead: on the
    /// full board the existence of that player's chain does not depend on its colour, and that
    /// alone decides the game (see the crate header).
    #[inline]
    pub fn unreachable_cells(&self) -> W {
        let hex = &self.geo.hex;
        let empty = self.empty();
        let mut useful = [W::ZERO; 2];
        for p in Player::ALL {
            let open = self.stones[p.index()] | empty;
            let (a, b) = hex.edges(p == Player::First);
            useful[p.index()] = hex.flood(a & open, open) & hex.flood(b & open, open);
        }
        empty & !(useful[0] & useful[1])
    }
}

/// Default of [`RexPosition::with_pair_search_from`]: measured on random 6×6 positions with
/// eight stones (1 thread), the full search everywhere cut the nodes 10–20× but cost more time
/// than it saved below about 15 empty cells; from 14–17 empty cells up it was 2–3× faster than
/// the greedy test alone (`results/rex/pairing.md`).
pub const PAIR_SEARCH_FROM: u8 = 15;

/// Most components tracked by [`RexPosition::pair_connected`] (further groups are ignored,
/// which only weakens the test).
const MAX_COMPONENTS: usize = 64;

/// Components of one player for the pairing test: the empty cells each touches, and which of
/// the player's edges it holds (bit 0, bit 1); `avail` are the empty cells not yet in a pair.
#[derive(Clone)]
struct Components<W: BitWord> {
    adj: [W; MAX_COMPONENTS],
    flags: [u8; MAX_COMPONENTS],
    n: usize,
    avail: W,
}

impl<W: BitWord> Components<W> {
    /// Merge component `j` into `i` (`i < j`); `j`'s slot takes the last component.
    #[inline]
    fn merge(&mut self, i: usize, j: usize) {
        self.adj[i] |= self.adj[j];
        self.flags[i] |= self.flags[j];
        self.n -= 1;
        self.adj[j] = self.adj[self.n];
        self.flags[j] = self.flags[self.n];
    }

    /// Link components through pairs of available cells touching both, greedily, until no
    /// pair is left; true once one component holds both edges.
    fn close(&mut self) -> bool {
        loop {
            let mut merged = false;
            let mut i = 0;
            while i < self.n {
                let mut j = i + 1;
                while j < self.n {
                    let common = self.adj[i] & self.adj[j] & self.avail;
                    if common.count() >= 2 {
                        let a = common.lowest();
                        let b = (common & !W::bit(a)).lowest();
                        self.avail &= !(W::bit(a) | W::bit(b));
                        self.merge(i, j);
                        if self.flags[i] == 3 {
                            return true;
                        }
                        merged = true;
                    } else {
                        j += 1;
                    }
                }
                i += 1;
            }
            if !merged {
                return false;
            }
        }
    }
}

impl<W: BitWord> RexPosition<W> {
    /// [`ExactGame::prepare`], with the full pairing search when `strong` and the position has
    /// at least `pair_search_from` empty cells, and the greedy one-level test otherwise.
    fn prepare_with(&self, moves: &mut Vec<RexMove>, strong: bool) -> Option<bool> {
        let strong = strong && self.empty().count() >= self.pair_search_from as u32;
        let me = self.to_move;
        let hex = &self.geo.hex;
        // The opponent may have joined (a position set up by hand, or the game just ended).
        let (oa, ob) = hex.edges(me != Player::First);
        if hex.joins(self.stones[me.other().index()], oa, ob) {
            return Some(true);
        }
        let empty = self.empty();
        if self.swap_rule && self.moves_played == 0 {
            // Black's opening under the swap rule: every theorem below assumes the game goes
            // on without a swap, which White may still make. Search every cell that does not
            // lose at once.
            let safe = empty & !self.suicide_cells();
            moves.extend(safe.iter().map(RexMove::cell));
            return if moves.is_empty() { Some(false) } else { None };
        }
        let e = empty.count();
        let suicide = self.suicide_cells();
        let mut own_keys = W::ZERO;
        if !self.swap_legal() {
            // Forbidden-cell lemma (Lagarias–Sleator), generalised: a player with a cell that
            // would join their sides loses if they make the last move of the fill-up, and a
            // player with two such cells loses whoever moves last: the opponent never plays
            // them, so one of them ends up the player's (with two, the last two empty cells
            // come to the player's turn). The mover moves last iff e is odd.
            let mover_last = e % 2 == 1;
            let mine = suicide.count();
            if mine >= 2 || (mine == 1 && mover_last) {
                return Some(false);
            }
            let theirs = self.suicide_cells_of(me.other()).count();
            if theirs >= 2 || (theirs == 1 && !mover_last) {
                return Some(true);
            }
            // Pairing strategies: a pair-connected player loses, whoever moves; a pre-paired
            // player loses on making the last move (see the crate header).
            let mine = self.pairing_with(me, strong, mover_last);
            if mine.full || (mover_last && mine.semi) {
                return Some(false);
            }
            let theirs = self.pairing_with(me.other(), strong, !mover_last);
            if theirs.full || (!mover_last && theirs.semi) {
                return Some(true);
            }
            // Playing the key of one's own pre-pairing makes a pairing: a losing move.
            own_keys = mine.semi_keys;
        }
        let safe = empty & !suicide & !own_keys;
        if safe.is_empty() && !self.swap_legal() {
            // Every move joins the mover's sides (or the board is full, which cannot happen
            // without a chain): the mover loses.
            return Some(false);
        }
        let dead = self.geo.dead_cells(self.stones[0], self.stones[1]) | self.unreachable_cells();
        if !dead.is_empty() {
            moves.push(RexMove::cell(dead.lowest()));
            if self.swap_legal() {
                moves.push(RexMove::SWAP);
            }
            return None;
        }
        // Order: cells touching many opponent stones and few own stones first (a stone among
        // the opponent's blocks nothing the opponent needs and helps no own chain).
        let own = self.stones[me.index()];
        let opp = self.stones[me.other().index()];
        let start = moves.len();
        // Sort keys computed once: (12 − score) above the cell index (scores lie in −6..=12).
        let mut keys = [0u32; 128];
        let mut n = 0;
        for c in safe.iter() {
            let nb = hex.neighbours(c);
            let score = 2 * (nb & opp).count() as i32 - (nb & own).count() as i32;
            keys[n] = ((12 - score) as u32) << 8 | c;
            n += 1;
        }
        keys[..n].sort_unstable();
        moves.extend(keys[..n].iter().map(|&k| RexMove::cell(k & 0xff)));
        self.drop_dominated(moves, start);
        if self.swap_legal() {
            moves.push(RexMove::SWAP);
        }
        None
    }
}

impl<W: BitWord> ExactGame for RexPosition<W> {
    const MOVE_SLOTS: usize = 122;

    #[inline]
    fn move_slot(&self, mv: RexMove) -> usize {
        mv.as_cell().map_or(121, |c| c as usize)
    }

    #[inline]
    fn prepare(&self, moves: &mut Vec<RexMove>) -> Option<bool> {
        self.prepare_with(moves, true)
    }

    #[inline]
    fn plies_left_hint(&self) -> u32 {
        self.empty().count()
    }

    #[inline]
    fn canonical_keys(&self) -> (u64, u64) {
        // The keys of the board and of its 180° image, the smaller pair taken: a position and
        // its rotation get the same pair. Side to move and the swap right are mixed in.
        let k = &self.keys;
        let (a, b) = ((k[0], k[1]), (k[2], k[3]));
        let (k1, k2) = if b < a { b } else { a };
        let (s1, s2) = if self.to_move == Player::Second {
            self.geo.side_keys
        } else {
            (0, 0)
        };
        (k1 ^ s1 ^ (self.swap_legal() as u64), k2 ^ s2)
    }
}
