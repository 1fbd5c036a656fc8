//! Per-worker scratch of the alpha-beta search: move buffers, ordering tables and the node
//! count.

use std::sync::atomic::{AtomicU64, Ordering};

/// Per-worker scratch: one move buffer per ply, and the move-ordering tables.
pub(crate) struct Scratch<M> {
    pub(crate) bufs: Vec<Vec<M>>,
    pub(crate) nodes: u64,
    /// Of `nodes`, those already added to the solver's shared count (published every 1024
    /// nodes, so that [`crate::Solver::nodes`] is live during a long solve).
    pub(crate) published: u64,
    /// History heuristic, by ply parity and move slot: work proven by the move.
    pub(crate) history: Vec<u64>,
    /// Countermoves: the winning answer last found to each move slot.
    pub(crate) counter: Vec<u32>,
    pub(crate) scores: Vec<u64>,
    pub(crate) keys: Vec<(u64, u64)>,
    pub(crate) child_moves: Vec<M>,
}

impl<M> Scratch<M> {
    pub(crate) fn new(slots: usize) -> Self {
        Scratch {
            published: 0,
            bufs: Vec::new(),
            nodes: 0,
            history: vec![0; 2 * slots],
            counter: vec![u32::MAX; slots + 1],
            scores: Vec::with_capacity(256),
            keys: Vec::with_capacity(256),
            child_moves: Vec::with_capacity(128),
        }
    }
    /// Add the nodes not yet published to the solver's shared count.
    #[inline]
    pub(crate) fn publish(&mut self, total: &AtomicU64) {
        total.fetch_add(self.nodes - self.published, Ordering::Relaxed);
        self.published = self.nodes;
    }
    #[inline]
    pub(crate) fn take(&mut self, ply: usize) -> Vec<M> {
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, || Vec::with_capacity(128));
        }
        std::mem::take(&mut self.bufs[ply])
    }
    #[inline]
    pub(crate) fn put(&mut self, ply: usize, mut v: Vec<M>) {
        v.clear();
        self.bufs[ply] = v;
    }
}
