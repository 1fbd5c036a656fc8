//! A store of proven positions that outlives a solver: the solved-position database.
//!
//! The solver's table is bounded and lossy; a [`ProofStore`] keeps every result the solver
//! proves at nodes with at least [`ProofStore::min_plies`] plies left
//! ([`game::ExactGame::plies_left_hint`]), and answers those nodes before they are searched.
//! A job saves it to disk (the file format is the job's) so that a killed run resumes with its
//! proofs, and later runs and other shards reuse them. Keys are the game's canonical key pairs,
//! so the store is only valid for the key scheme that filled it (the job's file header carries
//! a fingerprint of it). Results are exact, so sharing a store never changes a value.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Proven results by canonical key pair (see the module header).
#[derive(Debug)]
pub struct ProofStore {
    min_plies: u32,
    max_entries: usize,
    map: Mutex<HashMap<(u64, u64), bool>>,
    added: AtomicU64,
    hits: AtomicU64,
}

impl ProofStore {
    /// An empty store for nodes with at least `min_plies` plies left.
    pub fn new(min_plies: u32) -> Self {
        Self::with_capacity_limit(min_plies, usize::MAX)
    }

    /// An empty store that keeps at most `max_entries` positions (later proofs are dropped,
    /// which only costs their re-search).
    pub fn with_capacity_limit(min_plies: u32, max_entries: usize) -> Self {
        ProofStore {
            min_plies,
            max_entries,
            map: Mutex::new(HashMap::new()),
            added: AtomicU64::new(0),
            hits: AtomicU64::new(0),
        }
    }

    /// Nodes with fewer plies left are neither looked up nor stored.
    pub fn min_plies(&self) -> u32 {
        self.min_plies
    }

    /// The result for the player to move at the position with these keys, if proven.
    pub fn get(&self, keys: (u64, u64)) -> Option<bool> {
        let r = self.lock().get(&keys).copied();
        if r.is_some() {
            self.hits.fetch_add(1, Ordering::Relaxed);
        }
        r
    }

    /// Record a proven result (true: the player to move wins).
    pub fn insert(&self, keys: (u64, u64), mover_wins: bool) {
        let mut map = self.lock();
        if map.len() >= self.max_entries && !map.contains_key(&keys) {
            return;
        }
        if map.insert(keys, mover_wins).is_none() {
            self.added.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Number of positions held.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// True when nothing is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Positions added since the store was made (loaded entries count too).
    pub fn added(&self) -> u64 {
        self.added.load(Ordering::Relaxed)
    }

    /// Lookups answered from the store.
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    /// Every entry, sorted by key (a deterministic order for files).
    pub fn entries(&self) -> Vec<((u64, u64), bool)> {
        let mut v: Vec<_> = self.lock().iter().map(|(&k, &r)| (k, r)).collect();
        v.sort_unstable();
        v
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(u64, u64), bool>> {
        // A panic while holding the lock cannot leave the map half-written (single inserts).
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }
}
