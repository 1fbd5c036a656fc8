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
///
/// A store with a capacity limit keeps the newest proofs and those in use: once full, each
/// new position replaces the oldest one held that has not answered a lookup since it was
/// added or last passed over (a "second chance", the CLOCK rule of page replacement: an entry
/// that answered a lookup is passed over once and counts as new). Entries read from a file
/// count in file order, and [`ProofStore::entries`] lists them oldest first, so a save and a
/// load keep the ages (not the second chances). A long run's database thus keeps the proofs of
/// the units still being solved rather than only those of the first units (the old rule,
/// "later proofs are dropped", froze a full store), and the proofs near a hard unit's root,
/// which every leg of that unit looks up again, are not pushed out by the many newer proofs
/// deeper in its tree (plain oldest-first replacement dropped them after a few legs).
#[derive(Debug)]
pub struct ProofStore {
    min_plies: u32,
    max_entries: usize,
    held: Mutex<Held>,
    added: AtomicU64,
    replaced: AtomicU64,
    hits: AtomicU64,
}

/// The entries and their ages: `order` lists the keys held, oldest first from `next` on
/// (cyclically) once the store is full, from 0 on before.
#[derive(Debug, Default)]
struct Held {
    map: HashMap<(u64, u64), Slot>,
    order: Vec<(u64, u64)>,
    next: usize,
}

/// One entry: its result, and whether it answered a lookup since it was added or last passed
/// over by the replacement.
#[derive(Debug, Clone, Copy)]
struct Slot {
    mover_wins: bool,
    used: bool,
}

impl ProofStore {
    /// An empty store for nodes with at least `min_plies` plies left.
    pub fn new(min_plies: u32) -> Self {
        Self::with_capacity_limit(min_plies, usize::MAX)
    }

    /// An empty store that keeps at most `max_entries` positions, the newest (an older proof
    /// that is replaced only costs its re-search).
    pub fn with_capacity_limit(min_plies: u32, max_entries: usize) -> Self {
        ProofStore {
            min_plies,
            max_entries,
            held: Mutex::new(Held::default()),
            added: AtomicU64::new(0),
            replaced: AtomicU64::new(0),
            hits: AtomicU64::new(0),
        }
    }

    /// Nodes with fewer plies left are neither looked up nor stored.
    pub fn min_plies(&self) -> u32 {
        self.min_plies
    }

    /// The result for the player to move at the position with these keys, if proven.
    pub fn get(&self, keys: (u64, u64)) -> Option<bool> {
        let r = self.lock().map.get_mut(&keys).map(|slot| {
            slot.used = true;
            slot.mover_wins
        });
        if r.is_some() {
            self.hits.fetch_add(1, Ordering::Relaxed);
        }
        r
    }

    /// Record a proven result (true: the player to move wins). A full store replaces its
    /// oldest entry not in use (see the type); a position already held keeps its place.
    pub fn insert(&self, keys: (u64, u64), mover_wins: bool) {
        if self.max_entries == 0 {
            return;
        }
        let mut held = self.lock();
        let Held { map, order, next } = &mut *held;
        if let Some(slot) = map.get_mut(&keys) {
            slot.mover_wins = mover_wins;
            return;
        }
        if map.len() < self.max_entries {
            order.push(keys);
        } else {
            // Second chances: at most one pass over the entries, which clears every mark.
            while let Some(slot) = map.get_mut(&order[*next]).filter(|slot| slot.used) {
                slot.used = false;
                *next = (*next + 1) % self.max_entries;
            }
            let old = std::mem::replace(&mut order[*next], keys);
            map.remove(&old);
            *next = (*next + 1) % self.max_entries;
            self.replaced.fetch_add(1, Ordering::Relaxed);
        }
        map.insert(
            keys,
            Slot {
                mover_wins,
                used: false,
            },
        );
        self.added.fetch_add(1, Ordering::Relaxed);
    }

    /// Number of positions held.
    pub fn len(&self) -> usize {
        self.lock().map.len()
    }

    /// True when nothing is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Positions added since the store was made (loaded entries count too).
    pub fn added(&self) -> u64 {
        self.added.load(Ordering::Relaxed)
    }

    /// Older entries replaced by newer ones since the store was made.
    pub fn replaced(&self) -> u64 {
        self.replaced.load(Ordering::Relaxed)
    }

    /// Lookups answered from the store.
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    /// Every entry, oldest first (the order in which a full store replaces them).
    pub fn entries(&self) -> Vec<((u64, u64), bool)> {
        let held = self.lock();
        let (newer, older) = held.order.split_at(held.next);
        older
            .iter()
            .chain(newer)
            .map(|k| (*k, held.map[k].mover_wins))
            .collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Held> {
        // No code that can panic runs between the paired updates of `map` and `order`.
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(i: u64) -> (u64, u64) {
        (i.wrapping_mul(0x9E37_79B9_7F4A_7C15), i)
    }

    #[test]
    fn a_full_store_replaces_its_oldest_entries() {
        let s = ProofStore::with_capacity_limit(0, 3);
        for i in 0..5 {
            s.insert(keys(i), i % 2 == 0);
        }
        assert_eq!(s.len(), 3);
        assert_eq!(s.replaced(), 2);
        assert_eq!(s.added(), 5);
        assert_eq!(s.get(keys(0)), None);
        assert_eq!(s.get(keys(1)), None);
        assert_eq!(
            s.entries(),
            vec![(keys(2), true), (keys(3), false), (keys(4), true)]
        );
        // A position already held keeps its place: nothing is replaced.
        s.insert(keys(2), true);
        assert_eq!(s.replaced(), 2);
        s.insert(keys(5), false);
        assert_eq!(
            s.entries(),
            vec![(keys(3), false), (keys(4), true), (keys(5), false)]
        );
    }

    /// An entry that answered a lookup is passed over once by the replacement (and then counts
    /// as new); plain oldest-first replacement would drop it first.
    #[test]
    fn an_entry_looked_up_gets_a_second_chance() {
        let s = ProofStore::with_capacity_limit(0, 3);
        for i in 0..3 {
            s.insert(keys(i), true);
        }
        assert_eq!(s.get(keys(0)), Some(true));
        s.insert(keys(3), false);
        let held = |s: &ProofStore| s.entries().iter().map(|e| e.0).collect::<Vec<_>>();
        assert_eq!(held(&s), vec![keys(2), keys(0), keys(3)]);
        s.insert(keys(4), false);
        assert_eq!(held(&s), vec![keys(0), keys(3), keys(4)]);
        // The mark was spent: 0 is now the oldest and goes next.
        s.insert(keys(5), false);
        assert_eq!(held(&s), vec![keys(3), keys(4), keys(5)]);
        assert_eq!(s.replaced(), 3);
        // Every entry marked: one pass clears the marks and the oldest goes.
        for i in 3..6 {
            assert!(s.get(keys(i)).is_some());
        }
        s.insert(keys(6), true);
        assert_eq!(held(&s), vec![keys(4), keys(5), keys(6)]);
    }

    #[test]
    fn entries_oldest_first_survive_a_reload() {
        let a = ProofStore::with_capacity_limit(0, 4);
        for i in 0..7 {
            a.insert(keys(i), i % 3 == 0);
        }
        let b = ProofStore::with_capacity_limit(0, 4);
        for (k, r) in a.entries() {
            b.insert(k, r);
        }
        assert_eq!(a.entries(), b.entries());
        // Both now replace the same entry next.
        a.insert(keys(9), true);
        b.insert(keys(9), true);
        assert_eq!(a.entries(), b.entries());
        assert_eq!(a.get(keys(3)), None);
    }

    #[test]
    fn a_store_of_capacity_zero_keeps_nothing_and_an_unlimited_one_everything() {
        let z = ProofStore::with_capacity_limit(0, 0);
        z.insert(keys(1), true);
        assert!(z.is_empty());
        let u = ProofStore::new(0);
        for i in 0..1000 {
            u.insert(keys(i), true);
        }
        assert_eq!(u.len(), 1000);
        assert_eq!(u.replaced(), 0);
        assert_eq!(u.entries().len(), 1000);
    }
}
