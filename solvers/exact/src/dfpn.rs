//! Depth-first proof-number search (df-pn, Nagai 2002) with the 1+ε trick (Pawlewicz and Lew
//! 2007), in negamax form, for [`crate::Algorithm::Dfpn`].
//!
//! Each node has a proof number `pn` (how many leaves must still be proven for the player to
//! move to win) and a disproof number `dn` (for that player to lose). With `c` ranging over the
//! children (the opponent to move): `pn = min dn(c)` and `dn = Σ pn(c)`. The search always
//! descends into the child of smallest `dn` (the most proving one) with thresholds that send it
//! back up as soon as another child becomes more promising; the thresholds of the second-best
//! child are widened by the factor 1 + ε so that the search switches between siblings less
//! often. New children start at `pn = 1` and `dn =` the number of moves their player must try
//! after the game's quick pruning ([`game::ExactGame::prepare_quick`]; the full analysis runs
//! when a child is searched), so the first choice is the mobility ordering of the alpha-beta
//! search. Measured on the Rex 6×6 position `c1,e6` (one thread): the quick form took 0.35 M
//! nodes and 17 s where the full one took 0.49 M nodes and 37 s. Proven and unproven numbers
//! live in a table of their own (same lock-less two-entry buckets and key verification as the
//! alpha-beta table); proven positions also enter the solved-position database, if any.
//! Positions with few plies left ([`crate::SolverConfig::dfpn_leaf_plies`]) are solved by the
//! alpha-beta search, whose proven results enter the proof-number table as proven leaves. Values are exact either way:
//! df-pn only changes the order in which the game tree is proven.
//!
//! *Parallel df-pn* (a root solve with several threads): every worker runs df-pn from the
//! root on the shared tables (as in Kaneko 2010 and Solrex's SPDFPN, both sharing one table).
//! A worker marks each node it is inside ([`Busy`]); at a node whose most proving child another
//! worker is inside, a worker takes the best child no worker is inside instead, if that child's
//! disproof number is below the node's proof threshold and at most twice the best one's (its
//! thresholds then count each busy sibling at twice its disproof number, so the search still
//! returns as soon as another child becomes better). Children re-read their numbers from the
//! table at every step, so a worker sees what the others proved. The first worker to settle
//! the root stops the others.

use super::*;
use std::sync::atomic::AtomicU8;

/// "Infinite" proof and disproof numbers (28 bits each in a table entry).
pub(crate) const INF: u32 = (1 << 28) - 1;

#[inline]
fn pack(pn: u32, dn: u32, work: u64) -> u64 {
    let log_work = (64 - work.leading_zeros() as u64).min(127);
    pn as u64 | (dn as u64) << 28 | log_work << 56 | 1 << 63
}

#[inline]
pub(crate) fn unpack(d: u64) -> (u32, u32) {
    ((d & INF as u64) as u32, ((d >> 28) & INF as u64) as u32)
}

impl Table {
    /// The proof and disproof numbers stored for the position, if any.
    #[inline]
    fn probe_pn(&self, k1: u64, k2: u64) -> Option<(u32, u32)> {
        self.probe(k1, k2).map(unpack)
    }

    /// Store proof numbers: over the same position's entry if present, else entry 0 when the
    /// work is at least that of its occupant, else entry 1.
    #[inline]
    fn store_pn(&self, k1: u64, k2: u64, pn: u32, dn: u32, work: u64) {
        let b = ((k1 & self.mask) * 4) as usize;
        let data = pack(pn, dn, work);
        let d0 = self.words[b + 1].load(Ordering::Relaxed);
        let c0 = self.words[b].load(Ordering::Relaxed);
        let same0 = d0 != 0 && c0 ^ d0 == k2;
        let e = if same0 || d0 == 0 || (data >> 56) & 127 >= (d0 >> 56) & 127 {
            0
        } else {
            1
        };
        self.words[b + 2 * e].store(k2 ^ data, Ordering::Relaxed);
        self.words[b + 2 * e + 1].store(data, Ordering::Relaxed);
    }
}

/// Slots of the [`Busy`] table (a hash of the position; a collision only changes a choice).
const BUSY_SLOTS: usize = 1 << 16;

/// How many df-pn workers are inside each node (by a hash of its key); empty when the solver
/// runs one df-pn worker.
pub(crate) struct Busy(Vec<AtomicU8>);

impl Busy {
    pub(crate) fn new(on: bool) -> Self {
        Busy(if on {
            (0..BUSY_SLOTS).map(|_| AtomicU8::new(0)).collect()
        } else {
            Vec::new()
        })
    }

    #[inline]
    fn on(&self) -> bool {
        !self.0.is_empty()
    }

    #[inline]
    fn slot(&self, k1: u64) -> &AtomicU8 {
        &self.0[(k1 >> 7) as usize & (BUSY_SLOTS - 1)]
    }

    #[inline]
    fn is_busy(&self, k1: u64) -> bool {
        self.on() && self.slot(k1).load(Ordering::Relaxed) > 0
    }
}

/// A worker's mark on a node of the [`Busy`] table, removed when dropped.
struct Inside<'a>(Option<&'a AtomicU8>);

impl<'a> Inside<'a> {
    fn enter(busy: &'a Busy, k1: u64) -> Self {
        Inside(busy.on().then(|| {
            let a = busy.slot(k1);
            a.fetch_add(1, Ordering::Relaxed);
            a
        }))
    }
}

impl Drop for Inside<'_> {
    fn drop(&mut self) {
        if let Some(a) = self.0 {
            a.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

/// A child of the node being searched.
#[derive(Clone, Copy)]
pub(crate) struct Kid<M> {
    mv: M,
    k1: u64,
    k2: u64,
    pn: u32,
    dn: u32,
}

/// Per-worker scratch of the df-pn search.
pub(crate) struct DScratch<M> {
    kids: Vec<Vec<Kid<M>>>,
    moves: Vec<M>,
    /// Scratch of the alpha-beta search used near the leaves.
    pub(crate) ab: Scratch<M>,
    /// Set when the search is no longer wanted ([`Algorithm::Portfolio`]: the alpha-beta
    /// search finished first): it unwinds as on a deadline, storing nothing more.
    pub(crate) abort: Option<Arc<AtomicBool>>,
}

impl<M> DScratch<M> {
    pub(crate) fn new(slots: usize) -> Self {
        DScratch {
            kids: Vec::new(),
            moves: Vec::with_capacity(128),
            ab: Scratch::new(slots),
            abort: None,
        }
    }

    /// True if the search was aborted (see [`Self::abort`]).
    #[inline]
    pub(crate) fn aborted(&self) -> bool {
        self.abort
            .as_ref()
            .is_some_and(|a| a.load(Ordering::Relaxed))
    }
}

impl<G: ExactGame> Solver<G> {
    /// True if the player to move wins `pos`, by df-pn (the caller has installed the pool).
    pub(crate) fn dfpn_root(&self, pos: &mut G, s: &mut DScratch<G::Move>) -> bool {
        let keys = pos.canonical_keys();
        loop {
            let (pn, dn) = self.mid(pos, keys, INF, INF, 0, s);
            if pn == 0 {
                return true;
            }
            if dn == 0 || self.stop.load(Ordering::Relaxed) || s.aborted() {
                return false;
            }
        }
    }

    /// [`Algorithm::Dfpn`] at a root with several threads: one df-pn worker per thread on the
    /// shared tables (see the module header); the first to settle the root stops the others.
    pub(crate) fn dfpn_parallel(&self, p: &G) -> bool {
        let done = Arc::new(AtomicBool::new(false));
        let result = AtomicU8::new(0);
        let work = || {
            let mut s = DScratch::new(G::MOVE_SLOTS);
            s.abort = Some(done.clone());
            let r = self.dfpn_root(&mut p.clone(), &mut s);
            s.ab.publish(&self.nodes);
            if !self.stopped() && !s.aborted() {
                result.store(1 + r as u8, Ordering::Relaxed);
                done.store(true, Ordering::Relaxed);
            }
        };
        rayon::scope(|sc| {
            for _ in 1..self.config.threads {
                sc.spawn(|_| work());
            }
            work();
        });
        result.load(Ordering::Relaxed) == 2
    }

    /// Proof and disproof numbers of a child not in the table: proven if the game's quick
    /// analysis decides it (stored), else `(1, number of moves to try)`.
    fn init_kid(&self, pos: &G, k1: u64, k2: u64, buf: &mut Vec<G::Move>) -> (u32, u32) {
        buf.clear();
        let (pn, dn) = match pos.prepare_quick(buf) {
            Some(true) => (0, INF),
            Some(false) => (INF, 0),
            None => return (1, buf.len().max(1) as u32),
        };
        self.dtable().store_pn(k1, k2, pn, dn, 1);
        (pn, dn)
    }

    /// The children of `pos` for `moves`, with their proof numbers from the table or from
    /// [`Self::init_kid`] (the list comes from the scratch of `ply`; give it back after use).
    fn expand(
        &self,
        pos: &mut G,
        moves: &[G::Move],
        ply: usize,
        s: &mut DScratch<G::Move>,
    ) -> Vec<Kid<G::Move>> {
        if s.kids.len() <= ply {
            s.kids.resize_with(ply + 1, Vec::new);
        }
        let mut kids = std::mem::take(&mut s.kids[ply]);
        kids.clear();
        let mut buf = Vec::new();
        std::mem::swap(&mut buf, &mut s.ab.child_moves);
        for &mv in moves.iter() {
            pos.play(mv);
            let (c1, c2) = pos.canonical_keys();
            let (pn, dn) = match self.dtable().probe_pn(c1, c2) {
                Some(pd) => pd,
                None => self.init_kid(pos, c1, c2, &mut buf),
            };
            pos.undo(mv);
            kids.push(Kid {
                mv,
                k1: c1,
                k2: c2,
                pn,
                dn,
            });
        }
        std::mem::swap(&mut buf, &mut s.ab.child_moves);
        kids
    }

    /// The child to search instead of `best`, which another worker is inside: the child of
    /// smallest disproof number that no worker is inside, if it is below `thpn` and at most
    /// twice `best`'s; with the second-smallest disproof number among the others, each busy
    /// child counted at twice its own plus one (so the threshold exceeds the child's number).
    fn avoid_busy(
        kids: &[Kid<G::Move>],
        best: usize,
        thpn: u32,
        busy: &Busy,
    ) -> Option<(usize, u32)> {
        let limit = (kids[best].dn as u64 * 2).min(thpn as u64 - 1);
        let (alt, _) = kids
            .iter()
            .enumerate()
            .filter(|(_, k)| (k.dn as u64) <= limit && !busy.is_busy(k.k1))
            .min_by_key(|(_, k)| k.dn)?;
        let second = kids
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != alt)
            .map(|(_, k)| {
                if busy.is_busy(k.k1) {
                    (k.dn as u64 * 2 + 1).min(INF as u64) as u32
                } else {
                    k.dn
                }
            })
            .min()
            .unwrap_or(INF);
        Some((alt, second))
    }

    #[inline]
    fn dtable(&self) -> &Table {
        self.dtable
            .as_ref()
            .expect("df-pn table allocated for Algorithm::Dfpn")
    }

    /// The multiple iterative deepening of df-pn at one node: returns its (pn, dn) once one of
    /// them reaches its threshold.
    fn mid(
        &self,
        pos: &mut G,
        (k1, k2): (u64, u64),
        thpn: u32,
        thdn: u32,
        ply: usize,
        s: &mut DScratch<G::Move>,
    ) -> (u32, u32) {
        s.ab.nodes += 1;
        if s.ab.nodes & 1023 == 0 {
            self.poll(&mut s.ab);
        }
        if self.stop.load(Ordering::Relaxed) || s.aborted() {
            return (thpn, thdn);
        }
        if let Some(pd) = self.dtable().probe_pn(k1, k2) {
            if pd.0 == 0 || pd.1 == 0 || pd.0 >= thpn || pd.1 >= thdn {
                return pd;
            }
        }
        // The solved-position database, as in the alpha-beta search.
        let stored = self
            .store
            .as_deref()
            .filter(|st| pos.plies_left_hint() >= st.min_plies());
        if let Some(win) = stored.and_then(|st| st.get((k1, k2))) {
            let pd = if win { (0, INF) } else { (INF, 0) };
            self.dtable().store_pn(k1, k2, pd.0, pd.1, 1);
            return pd;
        }
        // Near the leaves the alpha-beta search is cheaper than keeping proof numbers.
        if pos.plies_left_hint() <= self.config.dfpn_leaf_plies {
            let start = s.ab.nodes;
            let win = self.search(pos, ply, G::MOVE_SLOTS, &mut s.ab, None);
            if self.stop.load(Ordering::Relaxed) || s.aborted() {
                return (thpn, thdn);
            }
            let pd = if win { (0, INF) } else { (INF, 0) };
            self.dtable()
                .store_pn(k1, k2, pd.0, pd.1, s.ab.nodes - start + 1);
            return pd;
        }
        let mut moves = std::mem::take(&mut s.moves);
        moves.clear();
        if let Some(win) = pos.prepare(&mut moves) {
            s.moves = moves;
            let pd = if win { (0, INF) } else { (INF, 0) };
            self.dtable().store_pn(k1, k2, pd.0, pd.1, 1);
            return pd;
        }
        let mut kids = self.expand(pos, &moves, ply, s);
        s.moves = moves;
        let start = s.ab.nodes;
        let (mut pn, mut dn);
        let busy = &self.busy;
        let _inside = Inside::enter(busy, k1);
        loop {
            if busy.on() {
                // Another worker may have moved a child on.
                for k in kids.iter_mut() {
                    if let Some((p, d)) = self.dtable().probe_pn(k.k1, k.k2) {
                        (k.pn, k.dn) = (p, d);
                    }
                }
            }
            // pn = min dn(c), dn = Σ pn(c); the best child and the second-smallest dn.
            let mut best = 0;
            let mut dn1 = INF;
            let mut dn2 = INF;
            let mut sum: u64 = 0;
            let mut all_won = true;
            for (i, k) in kids.iter().enumerate() {
                if k.dn < dn1 {
                    dn2 = dn1;
                    dn1 = k.dn;
                    best = i;
                } else if k.dn < dn2 {
                    dn2 = k.dn;
                }
                sum += k.pn as u64;
                all_won &= k.pn == 0;
            }
            if dn1 == 0 {
                (pn, dn) = (0, INF);
            } else if all_won {
                (pn, dn) = (INF, 0);
            } else {
                pn = dn1;
                dn = sum.min(INF as u64 - 1) as u32;
            }
            if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn {
                break;
            }
            if busy.is_busy(kids[best].k1) {
                (best, dn2) = Self::avoid_busy(&kids, best, thpn, busy).unwrap_or((best, dn2));
            }
            let kid = kids[best];
            let child_thpn = (thdn as u64 - dn as u64 + kid.pn as u64).min(INF as u64) as u32;
            let widened = ((dn2 as u64 * 5).div_ceil(4)).max(dn2 as u64 + 1);
            let child_thdn = widened.min(thpn as u64).min(INF as u64) as u32;
            pos.play(kid.mv);
            let (cpn, cdn) = self.mid(pos, (kid.k1, kid.k2), child_thpn, child_thdn, ply + 1, s);
            pos.undo(kid.mv);
            if self.stop.load(Ordering::Relaxed) || s.aborted() {
                s.kids[ply] = kids;
                return (thpn, thdn);
            }
            kids[best].pn = cpn;
            kids[best].dn = cdn;
        }
        s.kids[ply] = kids;
        self.dtable()
            .store_pn(k1, k2, pn, dn, s.ab.nodes - start + 1);
        if let Some(st) = stored.filter(|_| pn == 0 || dn == 0) {
            st.insert((k1, k2), pn == 0);
        }
        (pn, dn)
    }
}
