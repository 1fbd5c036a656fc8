//! The move analysis behind [`ExactGame::prepare`] for Rex: domination, dead and unreachable
//! cells, pairing strategies (greedy and searched) and the forbidden-cell lemma; every rule is
//! stated and proved in the crate header.

use super::domination::RingKills;
use super::{RexMove, RexPosition};
use bitboard::BitWord;
use game::{ExactGame, Player};

impl<W: BitWord> RexPosition<W> {
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

    /// Fill-in (crate header): a dead cell, or else the fill-in pairs among `safe` filled and
    /// the analysis repeated on the filled board, whose moves outside the pairs have the
    /// values of ours, until no new pair is found (or none would leave a move).
    fn fill_in(&self, safe: W) -> FillIn<W> {
        let mut fill = FillIn {
            dead: None,
            board: None,
            filled: W::ZERO,
            kills: None,
        };
        loop {
            let b = fill.board.as_ref().unwrap_or(self);
            let mut dead = b.all_dead_cells();
            if dead.is_empty() && !self.swap_legal() {
                let open = safe & !fill.filled;
                let k = b.ring_kills(open);
                let mut q = b.clone();
                let hex = &self.geo.hex;
                let pairs = Self::pairs_from_kills(open, &k, |x, y, c| {
                    // Both cells get the colour C whose stone on either kills the other (the
                    // board then has Q's chain owner on every completion; crate header). If the
                    // two C stones would join C's sides, one stone of each colour, as Q.
                    let (ea, eb) = hex.edges(c == 0);
                    let both = q.stones[c] | W::bit(x) | W::bit(y);
                    if hex.joins(both, ea, eb) {
                        q.stones[0] |= W::bit(x);
                        q.stones[1] |= W::bit(y);
                    } else {
                        q.stones[c] = both;
                    }
                });
                dead = k.dead;
                fill.kills = Some(k);
                if dead.is_empty() && !pairs.is_empty() && !(open & !pairs).is_empty() {
                    fill.filled |= pairs;
                    fill.board = Some(q);
                    continue;
                }
            }
            fill.dead = (!dead.is_empty()).then(|| dead.lowest());
            return fill;
        }
    }

    /// Every empty cell found dead by the ring test, the reachability test or the graph test.
    #[inline]
    pub(crate) fn all_dead_cells(&self) -> W {
        self.geo.dead_cells(self.stones[0], self.stones[1])
            | self.unreachable_cells()
            | self.graph_dead_cells()
    }

    /// Empty cells on no possible chain of one player: their component of that player's stones
    /// and empty cells does not touch both of the player's edges. Such a cell is dead: on the
    /// full board the existence of that player's chain does not depend on its colour, and that
    /// alone decides the game (see the crate header).
    #[inline]
    pub fn unreachable_cells(&self) -> W {
        let useful = self.useful_cells();
        self.empty() & !(useful[0] & useful[1])
    }

    /// For each player, the cells of their stones and empty cells connected to both of their
    /// edges through such cells.
    pub(crate) fn useful_cells(&self) -> [W; 2] {
        let hex = &self.geo.hex;
        let empty = self.empty();
        let mut useful = [W::ZERO; 2];
        for p in Player::ALL {
            let open = self.stones[p.index()] | empty;
            let (a, b) = hex.edges(p == Player::First);
            useful[p.index()] = hex.flood(a & open, open) & hex.flood(b & open, open);
        }
        useful
    }
}

impl<W: BitWord> RexPosition<W> {
    /// Colour symmetry (crate header): on a square board, `(Some(v), _)` if the position is
    /// colour-symmetric under one of the two colour mirrors (`v`: the mover wins, which holds
    /// iff the number of empty cells is even); otherwise `(None, m)` with `m` the empty cells
    /// whose move by the mover makes the position symmetric.
    pub fn colour_symmetry(&self) -> (Option<bool>, W) {
        let geo = &self.geo;
        if !geo.square() {
            return (None, W::ZERO);
        }
        let me = self.to_move;
        let own = self.stones[me.index()];
        let opp = self.stones[me.other().index()];
        let (n_own, n_opp) = (own.count(), opp.count());
        let empty = self.empty();
        let mut makers = W::ZERO;
        for k in 0..2 {
            if n_own == n_opp {
                if geo.mirror(opp, k) == own {
                    return (Some(empty.count() % 2 == 0), W::ZERO);
                }
            } else if n_opp == n_own + 1 {
                let image = geo.mirror(opp, k);
                let need = image & !own;
                if (own & !image).is_empty() && need.count() == 1 && (need & !empty).is_empty() {
                    makers |= need;
                }
            }
        }
        (None, makers)
    }

    /// Disjoint *fill-in pairs* among the cells of `cand` (crate header): pairs {a, b} such
    /// that, for one colour C, a stone of C on a makes b dead by the ring test and a stone of C
    /// on b makes a dead. Returns the union of the pairs chosen (greedily, in cell order) and
    /// the cells of `cand` that a stone of either colour on a neighbour in `cand` makes dead
    /// (those are dead already: on a full board the neighbour has one of the two colours).
    pub fn fill_in_pairs(&self, cand: W) -> (W, W) {
        self.fill_in_pairs_with(cand, |_, _, _| {})
    }

    /// The fill-in pairs of [`Self::fill_in_pairs`] among all empty cells, as a list of
    /// `(a, b, C)`: a stone of colour C (0: Black, 1: White) on either cell kills the other.
    pub fn fill_in_pair_list(&self) -> Vec<(u32, u32, usize)> {
        let mut out = Vec::new();
        self.fill_in_pairs_with(self.empty(), |a, b, c| out.push((a, b, c)));
        out
    }

    fn fill_in_pairs_with(&self, cand: W, found: impl FnMut(u32, u32, usize)) -> (W, W) {
        let kills = self.ring_kills(cand);
        let used = Self::pairs_from_kills(cand, &kills, found);
        (used, kills.dead)
    }

    /// The fill-in pairs of [`Self::fill_in_pairs`] from the kill table of `cand`: the union
    /// of the pairs chosen, greedily in cell order.
    pub(crate) fn pairs_from_kills(
        cand: W,
        kills: &RingKills<W>,
        mut found: impl FnMut(u32, u32, usize),
    ) -> W {
        let kills = &kills.by;
        let mut used = W::ZERO;
        for a in cand.iter() {
            if used.has(a) {
                continue;
            }
            for (c, k) in kills.iter().enumerate() {
                let partners = k[a as usize] & !used;
                if let Some(b) = partners.iter().find(|&b| k[b as usize].has(a)) {
                    used |= W::bit(a) | W::bit(b);
                    found(a, b, c);
                    break;
                }
            }
        }
        used
    }
}

/// What [`RexPosition::fill_in`] found: a dead cell to play, or the filled board (`None`: no
/// pair was filled), the cells filled, and the kill table of the last board analysed.
struct FillIn<W: BitWord> {
    dead: Option<u32>,
    board: Option<RexPosition<W>>,
    filled: W,
    kills: Option<RingKills<W>>,
}

/// Default of [`RexPosition::with_pair_search_from`]. First set to 15 (random 6×6 positions
/// with eight stones, 1 thread: below about 15 empty cells the search cost more than it saved,
/// `results/rex/pairing.md`); lowered to 8 in session 32, once the search had grown stronger
/// (it decides half the positions with 8–14 empty cells that the greedy test leaves open) and
/// its closure cheaper: on the 35 replies to the 6×6 opening c1, one thread, nodes 5.6 M → 0.92 M
/// and time −12 %; on the first 100 `random5x5.dat` positions nodes 266 K → 34 K and time
/// −40 % (`results/rex/knowledge.md`, session 32).
pub const PAIR_SEARCH_FROM: u8 = 8;

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
    /// The pairing theorem for the player to move (see the crate header): a pair-connected
    /// player loses whoever moves, a pre-paired one on making the last move (`mover_last`:
    /// the mover makes it). `Err(value for the mover)` if either player's pairing decides the
    /// position, else `Ok(the keys of the mover's own pre-pairings)`.
    fn pairing_verdict(&self, strong: bool, mover_last: bool) -> Result<W, bool> {
        let me = self.to_move;
        let mine = self.pairing_with(me, strong, mover_last);
        if mine.full || (mover_last && mine.semi) {
            return Err(false);
        }
        let theirs = self.pairing_with(me.other(), strong, !mover_last);
        if theirs.full || (!mover_last && theirs.semi) {
            return Err(true);
        }
        Ok(mine.semi_keys)
    }

    /// [`ExactGame::prepare`], with the full pairing search when `strong` and the position has
    /// at least `pair_search_from` empty cells, and the greedy one-level test otherwise.
    fn prepare_with(&self, moves: &mut Vec<RexMove>, strong: bool) -> Option<bool> {
        let quick = !strong;
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
            // Colour symmetry: a symmetric position is won by the mover iff an even number of
            // cells is empty; a move that makes the position symmetric leaves e − 1 empty
            // cells to the opponent, so it wins when e is even and loses when e is odd.
            let (symmetric, makers) = self.colour_symmetry();
            if let Some(v) = symmetric {
                return Some(v);
            }
            if !makers.is_empty() {
                if e % 2 == 0 {
                    return Some(true);
                }
                own_keys |= makers;
            }
            // Playing the key of one's own pre-pairing makes a pairing: a losing move.
            match self.pairing_verdict(strong, mover_last) {
                Err(value) => return Some(value),
                Ok(keys) => own_keys |= keys,
            }
        }
        let safe = empty & !suicide & !own_keys;
        if safe.is_empty() && !self.swap_legal() {
            // Every move joins the mover's sides (or the board is full, which cannot happen
            // without a chain): the mover loses.
            return Some(false);
        }
        let fill = self.fill_in(safe);
        if let Some(d) = fill.dead {
            moves.push(RexMove::cell(d));
            if self.swap_legal() {
                moves.push(RexMove::SWAP);
            }
            return None;
        }
        let (board, filled, kills) = (fill.board, fill.filled, fill.kills);
        if let Some(b) = board.as_ref().filter(|_| strong && !self.swap_legal()) {
            // The filled board has the mover's value and parity (see the crate header), so a
            // pairing found on it decides this position too.
            if let Err(value) = b.pairing_verdict(true, e % 2 == 1) {
                return Some(value);
            }
        }
        let safe = safe & !filled;
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
        board
            .as_ref()
            .unwrap_or(self)
            .drop_dominated(moves, start, kills.as_ref(), quick);
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

    /// Without the pairing search (the greedy pairing test only): the solver's move ordering
    /// prepares every child, most of which are never searched.
    #[inline]
    fn prepare_quick(&self, moves: &mut Vec<RexMove>) -> Option<bool> {
        self.prepare_with(moves, false)
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
