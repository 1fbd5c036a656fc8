//! The transposition table: a fixed number of 4-slot buckets chosen from a size in MiB.
//!
//! Each slot holds the full 64-bit key, the best move, the score, the bound type, the draft
//! (remaining nominal depth), the check-extension budget left and the search generation. A
//! bucket sits behind its own mutex, so the table is shared by the threads of a parallel search
//! without `unsafe` (moves are any `Copy` type, so the lock-free xor trick of chess engines, which
//! needs moves packed in a `u64`, is not available); an uncontended lock costs about as much as
//! the cache miss the probe pays anyway.
//!
//! Cut-offs are only taken from entries whose draft *and* extension budget equal the node's, so
//! a table never changes a value the search returns at a fixed depth (see the crate header);
//! entries of any draft still supply the first move to try.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Mutex;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the exact value.
    Exact,
    /// The true value is at least the score (a fail-high).
    Lower,
    /// The true value is at most the score (a fail-low).
    Upper,
}

/// One table entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The position's full key (a chance node's key is salted).
    pub key: u64,
    /// The best (or refuting) move found, if any.
    pub mv: Option<M>,
    /// The score (relative to the node; see [`crate::score`]).
    pub score: i32,
    /// Remaining nominal depth of the search that stored it.
    pub draft: i16,
    /// Check-extension budget left at the node.
    pub ext: u8,
    /// How `score` bounds the true value.
    pub bound: Bound,
    /// The search generation that wrote it (older entries are replaced first).
    pub age: u8,
}

const SLOTS: usize = 4;

struct Bucket<M> {
    slots: [Option<Entry<M>>; SLOTS],
}

/// A bounded, thread-safe transposition table.
pub struct TranspositionTable<M> {
    buckets: Box<[Mutex<Bucket<M>>]>,
    mask: usize,
    age: AtomicU8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using at most `mib` MiB (rounded down to a power of two number of buckets; at
    /// least one bucket).
    pub fn new(mib: usize) -> Self {
        let bucket_bytes = std::mem::size_of::<Mutex<Bucket<M>>>().max(1);
        let wanted = (mib.saturating_mul(1 << 20) / bucket_bytes).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let buckets = (0..count)
            .map(|_| {
                Mutex::new(Bucket {
                    slots: [None; SLOTS],
                })
            })
            .collect::<Vec<_>>()
            .into_boxed_slice();
        TranspositionTable {
            buckets,
            mask: count - 1,
            age: AtomicU8::new(0),
        }
    }

    /// Number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * SLOTS
    }

    /// Bytes used by the slots.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Mutex<Bucket<M>>>()
    }

    /// Forget every entry.
    pub fn clear(&self) {
        for b in self.buckets.iter() {
            lock(b).slots = [None; SLOTS];
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Start a new search generation (entries of older ones are replaced first).
    pub fn new_generation(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Mutex<Bucket<M>> {
        // The low bits pick the bucket; the full key is compared inside.
        &self.buckets[(key as usize) & self.mask]
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let b = lock(self.bucket(key));
        b.slots.iter().flatten().find(|e| e.key == key).copied()
    }

    /// Store an entry: over the same key (keeping the old move if the new entry has none), else
    /// into an empty slot, else over the slot with the smallest draft, older generations first.
    #[inline]
    pub fn store(&self, mut entry: Entry<M>) {
        let age = self.age.load(Ordering::Relaxed);
        entry.age = age;
        let mut b = lock(self.bucket(entry.key));
        let mut victim = 0usize;
        let mut victim_worth = i32::MAX;
        for (i, slot) in b.slots.iter().enumerate() {
            match slot {
                Some(e) if e.key == entry.key => {
                    if entry.mv.is_none() {
                        entry.mv = e.mv;
                    }
                    victim = i;
                    break;
                }
                None => {
                    victim = i;
                    victim_worth = i32::MIN;
                }
                Some(e) => {
                    let stale = i32::from(age.wrapping_sub(e.age));
                    let worth = i32::from(e.draft) - 8 * stale;
                    if worth < victim_worth {
                        victim_worth = worth;
                        victim = i;
                    }
                }
            }
        }
        b.slots[victim] = Some(entry);
    }

    /// Occupied slots per mille among the first 1000 slots (the usual `hashfull` figure).
    pub fn hashfull(&self) -> u32 {
        let mut used = 0u32;
        let mut seen = 0u32;
        for b in self.buckets.iter().take(250) {
            let b = lock(b);
            for s in &b.slots {
                seen += 1;
                used += u32::from(s.is_some());
            }
        }
        (used * 1000).checked_div(seen).unwrap_or(0)
    }
}

#[inline]
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic in another search thread cannot leave a bucket half-written (entries are
    // assigned whole), so a poisoned lock is still usable.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, draft: i16) -> Entry<u16> {
        Entry {
            key,
            mv: Some(key as u16),
            score: draft as i32,
            draft,
            ext: 0,
            bound: Bound::Exact,
            age: 0,
        }
    }

    #[test]
    fn size_is_bounded_and_entries_round_trip() {
        let t = TranspositionTable::<u16>::new(1);
        assert!(t.bytes() <= 1 << 20);
        assert!(t.capacity() >= 1024);
        t.store(entry(12345, 3));
        let e = t.probe(12345).expect("stored");
        assert_eq!((e.score, e.draft, e.mv), (3, 3, Some(12345_u16)));
        assert!(t.probe(12346).is_none());
        t.clear();
        assert!(t.probe(12345).is_none());
    }

    #[test]
    fn a_full_bucket_replaces_the_shallowest_entry() {
        let t = TranspositionTable::<u16>::new(0); // one bucket
        assert_eq!(t.capacity(), SLOTS);
        for (k, d) in [(1, 5), (2, 1), (3, 7), (4, 6)] {
            t.store(entry(k, d));
        }
        t.store(entry(9, 2));
        assert!(t.probe(2).is_none());
        assert!(t.probe(9).is_some() && t.probe(1).is_some());
    }
}
