//! Region domination (crate header): `y` dominates `x` for the mover when, for one of the
//! players P, every filling of the empty cells next to `x` or `y` shows that a stone of P on
//! `y` (and the other colour on `x`) joins nothing that a stone of P on `x` (and the other
//! colour on `y`) does not join too. Neighbourhood domination is the case of no filled cells.
//!
//! The test looks only at the region R (`x`, `y` and their neighbours) and the ring around it,
//! so its answer depends only on the colours there: answers are kept per thread, keyed by
//! those colours, the pair and the player.

use super::RexPosition;
use bitboard::BitWord;
use std::cell::RefCell;

/// Most empty cells next to `x` or `y` whose fillings the region test enumerates (2^k).
pub(crate) const REGION_MAX_FREE: u32 = 8;

/// Answers kept per thread before the cache is cleared.
const CACHE_MAX: usize = 1 << 20;

type Key = (u128, u128, u64);

thread_local! {
    static CACHE: RefCell<hashbrown::HashMap<Key, bool>> = RefCell::new(hashbrown::HashMap::new());
}

impl<W: BitWord> RexPosition<W> {
    /// The component of `seed` in `stones` with P's edges `(a, b)` counted as nodes, and the
    /// edges it touches (bit 0: `a`, bit 1: `b`).
    #[inline]
    fn component_with_edges(&self, seed: W, stones: W, a: W, b: W) -> (W, u8) {
        let hex = &self.geo.hex;
        let mut k = hex.flood(seed, stones);
        let mut edges = 0u8;
        loop {
            let e = (!(k & a).is_empty() as u8) | ((!(k & b).is_empty() as u8) << 1);
            if e == edges {
                return (k, edges);
            }
            edges = e;
            let mut more = W::ZERO;
            if e & 1 != 0 {
                more |= stones & a;
            }
            if e & 2 != 0 {
                more |= stones & b;
            }
            k = hex.flood(k | more, stones);
        }
    }

    /// True if `y` dominates `x` for the mover by the region test for player `p` (0: Black,
    /// 1: White), cached per thread (see [`Self::region_test`]).
    pub(crate) fn region_beats(&self, y: u32, x: u32, p: usize) -> bool {
        let hex = &self.geo.hex;
        let around = hex.expand(hex.expand(W::bit(x) | W::bit(y)));
        let key = (
            (self.stones[p] & around).to_u128(),
            (self.stones[1 - p] & around).to_u128(),
            (hex.rows() as u64) << 32
                | (hex.cols() as u64) << 24
                | (x as u64) << 16
                | (y as u64) << 8
                | p as u64,
        );
        if let Some(v) = CACHE.with(|c| c.borrow().get(&key).copied()) {
            return v;
        }
        let v = self.region_test(y, x, p);
        CACHE.with(|c| {
            let mut c = c.borrow_mut();
            if c.len() >= CACHE_MAX {
                c.clear();
            }
            c.insert(key, v);
        });
        v
    }

    /// The region test: R is `x`, `y` and their neighbours, the ring the cells next to R
    /// outside it that could carry a chain of P (empty, or P's). For every colouring of R's
    /// empty cells other than `x` and `y` (P's stones on a set S), the component of `y` in
    /// (P's stones in R) ∪ S ∪ {y}, P's edges counted as nodes, touches only ring cells and
    /// edges that one component of (P's stones in R) ∪ S ∪ {x} touches too. `x` and `y` are
    /// distinct empty cells.
    pub(crate) fn region_test(&self, y: u32, x: u32, p: usize) -> bool {
        let hex = &self.geo.hex;
        let empty = self.empty();
        let (bx, by) = (W::bit(x), W::bit(y));
        let region = hex.expand(bx | by);
        let free = region & empty & !(bx | by);
        if free.count() > REGION_MAX_FREE {
            return false;
        }
        let own = self.stones[p] & region;
        let ring = hex.expand(region) & !region & !self.stones[1 - p];
        let (a, b) = hex.edges(p == 0);
        let mut cells = [0u32; REGION_MAX_FREE as usize];
        let k = free.count() as usize;
        for (i, c) in free.iter().enumerate() {
            cells[i] = c;
        }
        for mask in 0u32..1 << k {
            let mut s = W::ZERO;
            for (i, &c) in cells[..k].iter().enumerate() {
                if mask >> i & 1 == 1 {
                    s |= W::bit(c);
                }
            }
            let (ky, ey) = self.component_with_edges(by, own | s | by, a, b);
            let front = hex.expand(ky) & ring;
            if front.count() + ey.count_ones() <= 1 {
                continue;
            }
            // A component of the other board that touches all of it is next to any front
            // cell, or touches any of the edges: try each.
            let pb = own | s | bx;
            let mut rest = match front.iter().next() {
                Some(f) => hex.neighbours(f) & pb,
                None if ey & 1 != 0 => pb & a,
                None => pb & b,
            };
            let mut found = false;
            while !rest.is_empty() && !found {
                let (kx, ex) = self.component_with_edges(W::bit(rest.lowest()), pb, a, b);
                found = (front & !hex.expand(kx)).is_empty() && ey & !ex == 0;
                rest &= !kx;
            }
            if !found {
                return false;
            }
        }
        true
    }
}
