//! The best response's memo: solved responder histories in 64 locked shards.
//!
//! A key's owner histories are stored as 4-byte ids ([`Memo::id`], one per distinct history
//! of the search, shared by every thread) rather than as the 16-byte histories themselves, and
//! an entry packs into 48 bytes: on 4×4 the keys hold several worlds each, and these two
//! choices let the best response reach about twice the responder histories in the same memory.

use super::responder::World;
use crate::rules::{Variant, MAX_CELLS};
use hashbrown::{HashMap, HashTable};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

// Stone sets are stored as `u32` in the memo entries.
const _: () = assert!(MAX_CELLS <= 32);

/// A solved responder history: the key (responder stones and known cells, the ids of the owner
/// histories of its worlds in ascending history order, stored in `MemoShard::keys` from
/// `start`, `len` of them), the value (`value_lo`, `value_hi`: a `u128` in two halves, so
/// that the entry is 8-byte aligned) and the maximising probe (first in cell order among the
/// best).
struct MemoEntry {
    hash: u64,
    value_lo: u64,
    value_hi: u64,
    start: u32,
    len: u32,
    r_stones: u32,
    r_known: u32,
    action: u8,
    /// False: `value` is only an upper bound on the node's value (it was searched with a
    /// threshold above its value, see [`Responder::respond`]); `action` is then meaningless.
    exact: bool,
}

/// The memo, in shards chosen by hash bits that neither the table's bucket index nor its tag
/// uses, each behind its own lock, so that threads rarely wait for each other.
pub(super) struct Memo {
    shards: Box<[Mutex<MemoShard>]>,
    /// The owner histories' ids, in shards chosen by the history's bits.
    ids: Box<[Mutex<HashMap<u128, u32>>]>,
    next_id: AtomicU32,
}

#[derive(Default)]
struct MemoShard {
    table: HashTable<MemoEntry>,
    /// The memo keys' owner history ids: entry `e` owns `keys[e.start..e.start + e.len]`.
    keys: Vec<u32>,
}

const MEMO_SHARDS: usize = 64;

/// A lock that a panic elsewhere may have poisoned: a panic while holding a memo lock leaves
/// the shard consistent (no partial insertions), so the data is still usable.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Memo {
    pub(super) fn new() -> Memo {
        Memo {
            shards: (0..MEMO_SHARDS).map(|_| Default::default()).collect(),
            ids: (0..MEMO_SHARDS).map(|_| Default::default()).collect(),
            next_id: AtomicU32::new(0),
        }
    }

    fn shard(&self, hash: u64) -> std::sync::MutexGuard<'_, MemoShard> {
        lock(&self.shards[(hash >> 32) as usize % MEMO_SHARDS])
    }

    /// The id of an owner history (a new one the first time it is asked for): two worlds have
    /// the same id iff they have the same history, whichever thread asked first.
    pub(super) fn id(&self, history: u128) -> u32 {
        let mix = (history as u64 ^ (history >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut shard = lock(&self.ids[(mix >> 58) as usize % MEMO_SHARDS]);
        *shard.entry(history).or_insert_with(|| {
            let id = self.next_id.fetch_add(1, Ordering::Relaxed);
            assert!(
                id < u32::MAX,
                "more than 2^32 owner histories in one best response"
            );
            id
        })
    }

    /// The memoised entry for this key, if any: `(value, probe, exact)`; when `exact` is false
    /// the value is only an upper bound (the key was searched below a threshold it missed).
    pub(super) fn get(
        &self,
        hash: u64,
        r_stones: u64,
        r_known: u64,
        worlds: &[World],
    ) -> Option<(u128, u8, bool)> {
        let shard = self.shard(hash);
        let keys = &shard.keys;
        shard
            .table
            .find(hash, |e| e.matches(keys, r_stones, r_known, worlds))
            .map(|e| (e.value(), e.action, e.exact))
    }

    /// Memoise a searched key: an exact value and its probe, or an upper bound. An existing
    /// entry is updated in place, never made less precise (exact beats a bound, a smaller bound
    /// beats a larger one), so that two threads racing on the same key leave an entry that is
    /// right whatever the order.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn insert(
        &self,
        hash: u64,
        r_stones: u64,
        r_known: u64,
        worlds: &[World],
        value: u128,
        action: u8,
        exact: bool,
    ) {
        let mut shard = self.shard(hash);
        let MemoShard { table, keys } = &mut *shard;
        if let Some(e) = table.find_mut(hash, |e| e.matches(keys, r_stones, r_known, worlds)) {
            if !e.exact && (exact || value < e.value()) {
                (e.value_lo, e.value_hi) = (value as u64, (value >> 64) as u64);
                (e.action, e.exact) = (action, exact);
            }
            return;
        }
        let start = u32::try_from(keys.len()).expect("a memo shard holds < 2^32 key ids");
        keys.extend(worlds.iter().map(|w| w.id));
        let entry = MemoEntry {
            hash,
            value_lo: value as u64,
            value_hi: (value >> 64) as u64,
            start,
            len: worlds.len() as u32,
            r_stones: r_stones as u32,
            r_known: r_known as u32,
            action,
            exact,
        };
        table.insert_unique(hash, entry, |e| e.hash);
    }
}

impl MemoEntry {
    fn value(&self) -> u128 {
        (self.value_hi as u128) << 64 | self.value_lo as u128
    }

    fn matches(&self, keys: &[u32], r_stones: u64, r_known: u64, worlds: &[World]) -> bool {
        let start = self.start as usize;
        self.r_stones as u64 == r_stones
            && self.r_known as u64 == r_known
            && self.len as usize == worlds.len()
            && keys[start..start + worlds.len()]
                .iter()
                .zip(worlds)
                .all(|(&id, w)| id == w.id)
    }
}

/// The memo floor of a best response on an abrupt board: only responder nodes with more than
/// this many legal probes are memoised (when a policy is wanted, as in the double oracle, its
/// extraction re-solves, with the memo, the unmemoised nodes on the policy's path: on the 4×3
/// abrupt double oracle seeded with its leg-2 certificates, iterations run 1.9× faster in a
/// third of the memory, with the same mixtures). On abrupt boards the memo hits deep in the tree are rare and the entries are
/// many: on the 4×4 abrupt certificates this floor takes 4.9 GB to 1.0 GB and 209 s to 120 s
/// (the symmetrised 664-policy lower bound), 2.25 GB to 0.13 GB and 35 s to 22 s (the embedded
/// upper bound), and the 4×3 abrupt ones run 1.5× faster in a tenth of the memory. On classical
/// boards the responder's repeated probes make transpositions everywhere (the 4×4 classical
/// lower bound: 9 s with every node memoised, 204 s with this floor), so there every node is.
/// `gsolve darkhex certify --memo-floor N` overrides it (the values are exact whatever the
/// floor; only time and memory change).
pub const ABRUPT_MEMO_FLOOR: u32 = 8;

/// The memo floor of a best response in `variant` (see [`ABRUPT_MEMO_FLOOR`]).
pub fn value_memo_floor(variant: Variant) -> u32 {
    match variant {
        Variant::Abrupt => ABRUPT_MEMO_FLOOR,
        Variant::Classical => 0,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_entry_packs_into_48_bytes() {
        assert_eq!(std::mem::size_of::<super::MemoEntry>(), 48);
    }
}
