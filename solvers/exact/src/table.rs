//! The transposition table: `2^k` buckets of two entries (one kept by subtree size, one always
//! replaced), each two `AtomicU64`s written with Hyatt's lock-less XOR scheme (see the crate
//! header).

use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) struct Table {
    pub(crate) words: Vec<AtomicU64>,
    pub(crate) mask: u64,
}

/// Entry data layout: bit 0 win, bits 1..9 best move slot + 1 (0 = none), bits 9.. log2 work.
pub(crate) const NO_MOVE: u64 = 0;

impl Table {
    pub(crate) fn new(mb: usize) -> Table {
        let buckets = ((mb.max(1) << 20) / 32).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        Table {
            words: zeroed_atomics(buckets * 4),
            mask: buckets as u64 - 1,
        }
    }

    /// Ask the processor to load the bucket of `k1` into the cache (a hint; no effect on
    /// results).
    #[inline]
    pub(crate) fn prefetch(&self, k1: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let b = ((k1 & self.mask) * 4) as usize;
            let p = self.words[b..].as_ptr().cast::<i8>();
            // SAFETY: prefetching is a hint that never faults and reads nothing; the pointer
            // is in bounds of the table.
            #[allow(unsafe_code)]
            unsafe {
                core::arch::x86_64::_mm_prefetch(p, core::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = k1;
    }

    #[inline]
    pub(crate) fn probe(&self, k1: u64, k2: u64) -> Option<u64> {
        let b = ((k1 & self.mask) * 4) as usize;
        for e in 0..2 {
            let data = self.words[b + 2 * e + 1].load(Ordering::Relaxed);
            let check = self.words[b + 2 * e].load(Ordering::Relaxed);
            if data != 0 && check ^ data == k2 {
                return Some(data);
            }
        }
        None
    }

    #[inline]
    pub(crate) fn store(&self, k1: u64, k2: u64, win: bool, slot: u64, work: u64) {
        let b = ((k1 & self.mask) * 4) as usize;
        let log_work = 64 - work.leading_zeros() as u64;
        let data = (win as u64) | (slot << 1) | (log_work << 9) | (1 << 63);
        let old = self.words[b + 1].load(Ordering::Relaxed);
        let old_work = (old >> 9) & 0xff;
        // Entry 0 keeps the biggest proof; entry 1 takes everything else.
        let e = if old == 0 || log_work >= old_work {
            0
        } else {
            1
        };
        self.words[b + 2 * e].store(k2 ^ data, Ordering::Relaxed);
        self.words[b + 2 * e + 1].store(data, Ordering::Relaxed);
    }
}

/// `n` atomics set to zero, allocated with `calloc` so the pages stay untouched (and cost
/// nothing) until the table uses them: a 4 GiB table starts instantly.
#[allow(unsafe_code)]
fn zeroed_atomics(n: usize) -> Vec<AtomicU64> {
    let v: Vec<u64> = vec![0; n];
    advise_huge_pages(&v);
    let mut v = std::mem::ManuallyDrop::new(v);
    // SAFETY: AtomicU64 has the same size, alignment and bit validity as u64 (documented in
    // std), and the allocation is handed over whole (pointer, length, capacity).
    unsafe { Vec::from_raw_parts(v.as_mut_ptr().cast::<AtomicU64>(), v.len(), v.capacity()) }
}

/// Ask Linux for transparent huge pages on the table: random probes then miss the TLB far
/// less. A hint only; ignored where unsupported.
#[allow(unsafe_code)]
fn advise_huge_pages(v: &[u64]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = v.as_ptr() as usize;
        let end = start + std::mem::size_of_val(v);
        let aligned = start.div_ceil(HUGE) * HUGE;
        if end > aligned + HUGE {
            let len = (end - aligned) / HUGE * HUGE;
            // SAFETY: the range lies inside the live allocation `v`; madvise only changes
            // how the kernel backs these pages, never their contents.
            unsafe {
                libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}
