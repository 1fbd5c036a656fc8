//! The best response's memo: solved responder histories in 64 locked shards.

use super::responder::World;
use hashbrown::HashTable;

/// A solved responder history: the key (responder stones and known cells, the owner
/// histories of its worlds in ascending order, stored in `Responder::keys[start..start + len]`),
/// the value and the maximising probe (first in cell order among the best).
struct MemoEntry {
    hash: u64,
    r_stones: u64,
    r_known: u64,
    start: usize,
    len: usize,
    value: u128,
    action: u8,
    /// False: `value` is only an upper bound on the node's value (it was searched with a
    /// threshold above its value, see [`Responder::respond`]); `action` is then meaningless.
    exact: bool,
}

/// The memo, in shards chosen by hash bits that neither the table's bucket index nor its tag
/// uses, each behind its own lock, so that threads rarely wait for each other.
pub(super) struct Memo {
    shards: Box<[std::sync::Mutex<MemoShard>]>,
}

#[derive(Default)]
struct MemoShard {
    table: HashTable<MemoEntry>,
    /// The memo keys' owner histories: entry `e` owns `keys[e.start..e.start + e.len]`.
    keys: Vec<u128>,
}

const MEMO_SHARDS: usize = 64;

impl Memo {
    pub(super) fn new() -> Memo {
        Memo {
            shards: (0..MEMO_SHARDS).map(|_| Default::default()).collect(),
        }
    }

    fn shard(&self, hash: u64) -> std::sync::MutexGuard<'_, MemoShard> {
        let k = (hash >> 32) as usize % MEMO_SHARDS;
        // A panic while holding a shard lock leaves the shard consistent (no partial
        // insertions), so a poisoned lock is still usable.
        self.shards[k].lock().unwrap_or_else(|e| e.into_inner())
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
            .map(|e| (e.value, e.action, e.exact))
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
            if !e.exact && (exact || value < e.value) {
                (e.value, e.action, e.exact) = (value, action, exact);
            }
            return;
        }
        let start = keys.len();
        keys.extend(worlds.iter().map(|w| w.history));
        let entry = MemoEntry {
            hash,
            r_stones,
            r_known,
            start,
            len: worlds.len(),
            value,
            action,
            exact,
        };
        table.insert_unique(hash, entry, |e| e.hash);
    }
}

impl MemoEntry {
    fn matches(&self, keys: &[u128], r_stones: u64, r_known: u64, worlds: &[World]) -> bool {
        self.r_stones == r_stones
            && self.r_known == r_known
            && self.len == worlds.len()
            && keys[self.start..self.start + self.len]
                .iter()
                .zip(worlds)
                .all(|(&h, w)| h == w.history)
    }
}
