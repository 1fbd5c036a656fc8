//! Pairing strategies found by a connection search restricted to pairs (the crate header states
//! and proves the theorem; this is the search that finds them).
//!
//! # What is searched
//! For one player Y, a *pair connection* between two points x and y (points are Y's
//! components — a group of Y's stones, or an edge with the groups touching it — and empty
//! cells) is a set of disjoint pairs of empty cells, its *carrier*, such that Y's stones plus
//! any one cell of every pair join x and y (an empty-cell endpoint counted as Y's). A *semi*
//! connection is the same with one more empty cell, its key, counted as Y's. The search is
//! Anshelevich's H-search with the OR rule restricted to two semis, as in Solrex's
//! virtual-connection engine:
//!
//! - *base*: adjacent points are connected with the empty carrier;
//! - *AND*: connections x–z and z–y with disjoint carriers, neither holding the other's
//!   endpoint, give x–y: a connection when z is a component (Y's stones), a semi with key z
//!   (carrier: both carriers and z) when z is an empty cell;
//! - *OR*: two semis x–y with disjoint carriers give a connection x–y: their keys form one more
//!   pair, and whichever key Y gets completes that key's semi.
//!
//! Every connection built is a disjoint union of pairs, so a connection between Y's two edges
//! is a pairing strategy (Y loses whoever moves) and a semi between them a pre-pairing (Y loses
//! when Y makes the last move, and Y playing its key makes a pairing). At most
//! [`FULLS_PER_PAIR`] connections and [`SEMIS_PER_PAIR`] semis are kept per pair of points (the
//! smallest), connections between two empty cells are kept only up to bridges, empty cells on
//! no possible chain of Y are left out, and the search stops after [`MAX_STEPS`] connections,
//! so a negative answer proves nothing; every positive answer is a proof.

use bitboard::hex::HexGeometry;
use bitboard::BitWord;
use std::any::Any;
use std::cell::RefCell;

/// Connections kept per pair of points. With [`SEMIS_PER_PAIR`] and [`MAX_STEPS`] measured on
/// the 6×6 position `c1,e6` (one thread, α-β; `results/rex/knowledge.md`): raising 2 / 3 /
/// 3,000 to 6 / 8 / 30,000 cut the nodes from 14.4 M to 8.6 M and the time by a third (it finds
/// pre-pairings across the board that Solrex finds, e.g. after `c1,e6,d1`); 12 / 16 / 100,000
/// found hardly more (8.5 M nodes) and cost time.
pub const FULLS_PER_PAIR: usize = 6;
/// Semi connections kept per pair of points.
pub const SEMIS_PER_PAIR: usize = 8;
/// Connections processed before the search gives up (a bound on the time per call).
pub const MAX_STEPS: usize = 30000;
/// Largest carrier kept for a connection between two empty cells (bridges); connections that
/// touch a component have no bound. Without it the search spends its time on connections
/// between far-apart empty cells that no pairing of the edges uses.
const MAX_CELL_CELL_FULL: u32 = 2;
/// Largest carrier (key included) kept for a semi connection between two empty cells.
const MAX_CELL_CELL_SEMI: u32 = 1;
/// Components tracked (further groups of Y are ignored, which only weakens the search).
const MAX_COMPONENTS: usize = 48;

/// What the search found for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing<W> {
    /// A pairing strategy joins the player's edges: the player loses whoever moves.
    pub full: bool,
    /// A pre-pairing joins the player's edges (false when `full`).
    pub semi: bool,
    /// Keys of the pre-pairings found between the player's edges (empty when `full`): the player
    /// loses on making the last move, and playing a key makes a pairing.
    pub semi_keys: W,
}

struct Scratch<W> {
    np: usize,
    full_n: Vec<u8>,
    full_c: Vec<[W; FULLS_PER_PAIR]>,
    semi_n: Vec<u8>,
    semi_c: Vec<[W; SEMIS_PER_PAIR]>,
    /// Per point: its connections to empty cells, and to components.
    to_cells: Vec<Vec<(u16, W)>>,
    to_comps: Vec<Vec<(u16, W)>>,
    /// Per component: its connections to empty cells with at most MAX_CELL_CELL_FULL cells.
    small_cells: Vec<Vec<(u16, W)>>,
    /// Connections still to be combined, by carrier size (smallest first).
    queue: Vec<Vec<(u16, u16, W)>>,
    cells: usize,
    found_full: bool,
    semi_keys: W,
    /// The carrier of the edge-to-edge connection, once found.
    goal_full: W,
    /// Edge-to-edge semi connections found: (key, carrier with the key).
    goal_semis: Vec<(u32, W)>,
}

impl<W: BitWord> Scratch<W> {
    fn new() -> Self {
        Scratch {
            np: 0,
            full_n: Vec::new(),
            full_c: Vec::new(),
            semi_n: Vec::new(),
            semi_c: Vec::new(),
            to_cells: Vec::new(),
            to_comps: Vec::new(),
            small_cells: Vec::new(),
            queue: Vec::new(),
            cells: 0,
            found_full: false,
            semi_keys: W::ZERO,
            goal_full: W::ZERO,
            goal_semis: Vec::new(),
        }
    }

    fn reset(&mut self, cells: usize, comps: usize) {
        let np = cells + comps;
        self.np = np;
        self.cells = cells;
        self.full_n.clear();
        self.full_n.resize(np * np, 0);
        self.semi_n.clear();
        self.semi_n.resize(np * np, 0);
        if self.full_c.len() < np * np {
            self.full_c.resize(np * np, [W::ZERO; FULLS_PER_PAIR]);
            self.semi_c.resize(np * np, [W::ZERO; SEMIS_PER_PAIR]);
        }
        if self.to_cells.len() < np {
            self.to_cells.resize_with(np, Vec::new);
            self.to_comps.resize_with(np, Vec::new);
            self.small_cells.resize_with(np, Vec::new);
        }
        for v in &mut self.small_cells[..np] {
            v.clear();
        }
        for v in &mut self.to_cells[..np] {
            v.clear();
        }
        for v in &mut self.to_comps[..np] {
            v.clear();
        }
        if self.queue.len() < cells + 2 {
            self.queue.resize_with(cells + 2, Vec::new);
        }
        for q in &mut self.queue {
            q.clear();
        }
        self.found_full = false;
        self.semi_keys = W::ZERO;
        self.goal_full = W::ZERO;
        self.goal_semis.clear();
    }

    #[inline]
    fn is_cell(&self, p: usize) -> bool {
        p < self.cells
    }

    /// True for the pair of Y's two edges (components 0 and 1).
    #[inline]
    fn is_goal(&self, a: usize, b: usize) -> bool {
        a == self.cells && b == self.cells + 1
    }

    fn add_full(&mut self, a: usize, b: usize, c: W) {
        if a == b || (self.is_cell(a) && self.is_cell(b) && c.count() > MAX_CELL_CELL_FULL) {
            return;
        }
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        let k = a * self.np + b;
        let n = self.full_n[k] as usize;
        let list = &mut self.full_c[k];
        // Keep only minimal carriers.
        if list[..n].iter().any(|&o| (o & !c).is_empty()) {
            return;
        }
        let mut m = 0;
        for i in 0..n {
            if !(c & !list[i]).is_empty() {
                list[m] = list[i];
                m += 1;
            }
        }
        if m < FULLS_PER_PAIR {
            list[m] = c;
            m += 1;
        } else {
            // Full: replace the largest if the new one is smaller.
            let (i, big) = (0..m)
                .map(|i| (i, list[i].count()))
                .max_by_key(|&(_, s)| s)
                .expect("non-empty");
            if c.count() >= big {
                self.full_n[k] = m as u8;
                return;
            }
            list[i] = c;
        }
        self.full_n[k] = m as u8;
        if self.is_goal(a, b) {
            self.found_full = true;
            self.goal_full = c;
        }
        self.queue[c.count() as usize].push((a as u16, b as u16, c));
    }

    /// Enter a connection `a`–`b` (a < b) in its endpoints' lists, when it leaves the queue:
    /// the closure combines each popped connection with the listed ones only, so every pair of
    /// connections is combined once (when the later of the two is popped), and connections
    /// superseded while queued are never listed.
    fn list(&mut self, a: usize, b: usize, c: W) {
        // a < b: b is a component whenever a is.
        if self.is_cell(b) {
            self.to_cells[a].push((b as u16, c));
            self.to_cells[b].push((a as u16, c));
        } else if self.is_cell(a) {
            self.to_comps[a].push((b as u16, c));
            self.to_cells[b].push((a as u16, c));
            if c.count() <= MAX_CELL_CELL_FULL {
                self.small_cells[b].push((a as u16, c));
            }
        } else {
            self.to_comps[a].push((b as u16, c));
            self.to_comps[b].push((a as u16, c));
        }
    }

    fn add_semi(&mut self, a: usize, b: usize, s: W, key: u32) {
        if a == b || (self.is_cell(a) && self.is_cell(b) && s.count() > MAX_CELL_CELL_SEMI) {
            return;
        }
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        let k = a * self.np + b;
        let nf = self.full_n[k] as usize;
        if self.full_c[k][..nf].iter().any(|&o| (o & !s).is_empty()) {
            return;
        }
        let n = self.semi_n[k] as usize;
        let list = self.semi_c[k];
        for &o in &list[..n] {
            if (o & s).is_empty() {
                self.add_full(a, b, o | s);
                if self.found_full {
                    return;
                }
            }
        }
        if list[..n].iter().any(|&o| (o & !s).is_empty()) {
            return;
        }
        if self.is_goal(a, b) {
            self.semi_keys |= W::bit(key);
            if self.goal_semis.len() < CACHED_SEMIS {
                self.goal_semis.push((key, s));
            }
        }
        let list = &mut self.semi_c[k];
        if n < SEMIS_PER_PAIR {
            list[n] = s;
            self.semi_n[k] = n as u8 + 1;
        } else {
            let (i, big) = (0..n)
                .map(|i| (i, list[i].count()))
                .max_by_key(|&(_, s)| s)
                .expect("non-empty");
            if s.count() < big {
                list[i] = s;
            }
        }
    }

    /// Run the AND/OR closure on the queued connections.
    fn close(&mut self) {
        let mut steps = 0;
        let mut size = 0;
        while size < self.queue.len() && !self.found_full && steps < MAX_STEPS {
            let Some((x, y, c)) = self.queue[size].pop() else {
                size += 1;
                continue;
            };
            // Skip connections superseded by a smaller carrier since they were queued.
            let k = x as usize * self.np + y as usize;
            if !self.full_c[k][..self.full_n[k] as usize].contains(&c) {
                continue;
            }
            steps += 1;
            self.list(x as usize, y as usize, c);
            for (mid, other) in [(x as usize, y as usize), (y as usize, x as usize)] {
                // Which of mid's connections can give a result that is kept: a connection
                // between two empty cells is kept only up to MAX_CELL_CELL_FULL cells, a semi
                // between them only up to MAX_CELL_CELL_SEMI (so only through two adjacencies).
                let size = size as u32;
                let cell_limit = match (self.is_cell(mid), self.is_cell(other)) {
                    (false, true) if size <= MAX_CELL_CELL_FULL => {
                        // Through a component: only its connections small enough to give a
                        // kept connection between two cells.
                        let mut i = 0;
                        while i < self.small_cells[mid].len() {
                            let (w, c2) = self.small_cells[mid][i];
                            i += 1;
                            if size + c2.count() <= MAX_CELL_CELL_FULL && joinable(other, c, w, c2)
                            {
                                self.join(mid, other, c, w as usize, c2);
                                if self.found_full {
                                    return;
                                }
                            }
                        }
                        None
                    }
                    (true, true) if size < MAX_CELL_CELL_SEMI => Some(MAX_CELL_CELL_SEMI - 1),
                    (_, true) => None,
                    (_, false) => Some(u32::MAX),
                };
                if let Some(limit) = cell_limit {
                    let mut i = 0;
                    while i < self.to_cells[mid].len() {
                        let (w, c2) = self.to_cells[mid][i];
                        i += 1;
                        if (limit != u32::MAX && size + c2.count() > limit)
                            || !joinable(other, c, w, c2)
                        {
                            continue;
                        }
                        self.join(mid, other, c, w as usize, c2);
                        if self.found_full {
                            return;
                        }
                    }
                }
                let mut i = 0;
                while i < self.to_comps[mid].len() {
                    let (w, c2) = self.to_comps[mid][i];
                    i += 1;
                    if !joinable(other, c, w, c2) {
                        continue;
                    }
                    self.join(mid, other, c, w as usize, c2);
                    if self.found_full {
                        return;
                    }
                }
            }
        }
    }

    /// The AND rule on `other`–`mid` (carrier `c`) and `mid`–`w` (carrier `c2`), for a pair
    /// that [`joinable`] accepted (the callers test it in their loops, so that the common
    /// rejected pair costs no call).
    #[inline]
    fn join(&mut self, mid: usize, other: usize, c: W, w: usize, c2: W) {
        debug_assert!(joinable(other, c, w as u16, c2));
        if self.is_cell(other) && c2.has(other as u32) {
            return;
        }
        if self.is_cell(w) && c.has(w as u32) {
            return;
        }
        if self.is_cell(mid) {
            self.add_semi(other, w, c | c2 | W::bit(mid as u32), mid as u32);
        } else {
            self.add_full(other, w, c | c2);
        }
    }
}

/// The first test of [`Scratch::join`], inlined into the closure's loops: most pairs of
/// connections share a cell or lead back to where they started.
#[inline(always)]
fn joinable<W: BitWord>(other: usize, c: W, w: u16, c2: W) -> bool {
    w as usize != other && (c & c2).is_empty()
}

thread_local! {
    static SCRATCH: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
    static CACHE: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Edge-to-edge semis remembered per cache entry.
const CACHED_SEMIS: usize = 8;
/// Entries of the per-thread cache (direct-mapped).
const CACHE_ENTRIES: usize = 1 << 12;

/// What a search found for one player's stones, valid for any position with the same stones of
/// that player and a subset of the empty cells: the carriers found are still empty there, so
/// they are still pairings (and keys), and no pairing can appear that was not one before (a
/// pairing's cells would have been empty before too). This is how a child inherits the result
/// of the player who did not move, and how a node reuses what its parent's move ordering found.
#[derive(Clone, Copy)]
struct CacheEntry<W> {
    stones: W,
    edge: W,
    empty: W,
    full: Option<W>,
    n: u8,
    semis: [(u32, W); CACHED_SEMIS],
}

fn with_cache<W: BitWord + 'static, R>(f: impl FnOnce(&mut Vec<Option<CacheEntry<W>>>) -> R) -> R {
    CACHE.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot
            .as_ref()
            .is_none_or(|b| !b.is::<Vec<Option<CacheEntry<W>>>>())
        {
            *slot = Some(Box::new(vec![None::<CacheEntry<W>>; CACHE_ENTRIES]));
        }
        f(slot
            .as_mut()
            .and_then(|b| b.downcast_mut::<Vec<Option<CacheEntry<W>>>>())
            .expect("cache of this word type"))
    })
}

fn cache_index<W: BitWord>(stones: W, edge: W) -> usize {
    let h = stones
        .to_u128()
        .wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835)
        ^ edge.to_u128().wrapping_mul(0xD6E8_FEB8_6659_FD93);
    ((h >> 64) as u64 ^ h as u64) as usize & (CACHE_ENTRIES - 1)
}

/// The cached answer for these stones, if an entry covers `empty`.
fn cached<W: BitWord + 'static>(own: W, ea: W, empty: W) -> Option<Pairing<W>> {
    with_cache::<W, _>(|c| {
        let e = c[cache_index(own, ea)]?;
        if e.stones != own || e.edge != ea || !(empty & !e.empty).is_empty() {
            return None;
        }
        if let Some(f) = e.full {
            // A pairing whose cells are still empty is still a pairing; otherwise search again.
            return (f & !empty).is_empty().then_some(Pairing {
                full: true,
                semi: false,
                semi_keys: W::ZERO,
            });
        }
        let mut keys = W::ZERO;
        for &(k, carrier) in &e.semis[..e.n as usize] {
            if (carrier & !empty).is_empty() {
                keys |= W::bit(k);
            }
        }
        Some(Pairing {
            full: false,
            semi: !keys.is_empty(),
            semi_keys: keys,
        })
    })
}

/// Search for a pairing strategy (and pre-pairings) of the player whose stones are `own` and
/// whose edges are `(ea, eb)`, with `empty` the empty cells. Allocates only on a thread's first
/// calls (the scratch space is kept per thread).
pub fn find_pairing<W: BitWord + 'static>(
    hex: &HexGeometry<W>,
    own: W,
    empty: W,
    ea: W,
    eb: W,
) -> Pairing<W> {
    if let Some(p) = cached(own, ea, empty) {
        return p;
    }
    let all_empty = empty;
    // Only empty cells on some possible chain of Y (joined to both edges through Y's stones and
    // empty cells) can be in a pairing; the others are left out.
    let open = own | empty;
    let empty = empty & hex.flood(ea & open, open) & hex.flood(eb & open, open);
    // Components: 0 = edge a, 1 = edge b, then groups; each with the empty cells it touches.
    let mut adj = [W::ZERO; MAX_COMPONENTS];
    adj[0] = ea & empty;
    adj[1] = eb & empty;
    let mut n = 2;
    let mut rest = own;
    while !rest.is_empty() {
        let g = hex.flood(W::bit(rest.lowest()), own);
        rest &= !g;
        let a = hex.expand(g) & empty;
        let on_a = !(g & ea).is_empty();
        let on_b = !(g & eb).is_empty();
        match (on_a, on_b) {
            (true, true) => {
                return Pairing {
                    full: true,
                    semi: false,
                    semi_keys: W::ZERO,
                }
            }
            (true, false) => adj[0] |= a,
            (false, true) => adj[1] |= a,
            (false, false) if n < MAX_COMPONENTS => {
                adj[n] = a;
                n += 1;
            }
            (false, false) => {}
        }
    }
    let cells = hex.cells();
    SCRATCH.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|b| !b.is::<Scratch<W>>()) {
            *slot = Some(Box::new(Scratch::<W>::new()));
        }
        let s = slot
            .as_mut()
            .and_then(|b| b.downcast_mut::<Scratch<W>>())
            .expect("scratch of this word type");
        s.reset(cells, n);
        for (k, &a) in adj[..n].iter().enumerate() {
            for c in a.iter() {
                s.add_full(c as usize, cells + k, W::ZERO);
            }
        }
        for c in empty.iter() {
            for d in (hex.neighbours(c) & empty).iter() {
                if d > c {
                    s.add_full(c as usize, d as usize, W::ZERO);
                }
            }
        }
        if !s.found_full {
            s.close();
        }
        let mut entry = CacheEntry {
            stones: own,
            edge: ea,
            empty: all_empty,
            full: s.found_full.then_some(s.goal_full),
            n: 0,
            semis: [(0, W::ZERO); CACHED_SEMIS],
        };
        if !s.found_full {
            for &ks in &s.goal_semis {
                entry.semis[entry.n as usize] = ks;
                entry.n += 1;
            }
        }
        with_cache::<W, _>(|c| c[cache_index(own, ea)] = Some(entry));
        Pairing {
            full: s.found_full,
            semi: !s.found_full && !s.semi_keys.is_empty(),
            semi_keys: if s.found_full { W::ZERO } else { s.semi_keys },
        }
    })
}
