//! The [`BitWord`] abstraction over `u64` and `u128`.

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A fixed-width set of cells, one bit per cell (bit `i` = cell `i`).
pub trait BitWord:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + 'static
{
    /// Number of bits in the word.
    const BITS: u32;
    /// The empty set.
    const ZERO: Self;
    /// All bits set.
    const ONES: Self;

    /// The set holding only cell `i` (`i < BITS`).
    fn bit(i: u32) -> Self;
    /// Number of cells in the set.
    fn count(self) -> u32;
    /// Index of the lowest cell (`BITS` if empty).
    fn lowest(self) -> u32;
    /// The set with its lowest cell removed.
    fn without_lowest(self) -> Self;
    /// The set of the lowest `n` cells (`n ≤ BITS`).
    fn low_mask(n: u32) -> Self;
    /// Widen to `u128` (for hashing and printing).
    fn to_u128(self) -> u128;
    /// Narrow from `u128` (bits above `BITS` are dropped).
    fn from_u128(v: u128) -> Self;
    /// Reverse the bit order of the whole word.
    fn reverse(self) -> Self;

    /// True if no cell is set.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    /// True if cell `i` is set.
    #[inline]
    fn has(self, i: u32) -> bool {
        self & Self::bit(i) != Self::ZERO
    }
    /// Iterate over the set cells, lowest first.
    #[inline]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

macro_rules! impl_word {
    ($t:ty) => {
        impl BitWord for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONES: Self = !0;
            #[inline(always)]
            fn bit(i: u32) -> Self {
                debug_assert!(i < Self::BITS);
                1 << i
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn low_mask(n: u32) -> Self {
                if n >= Self::BITS {
                    !0
                } else {
                    (1 << n) - 1
                }
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn from_u128(v: u128) -> Self {
                v as Self
            }
            #[inline(always)]
            fn reverse(self) -> Self {
                self.reverse_bits()
            }
        }
    };
}
impl_word!(u64);
impl_word!(u128);

/// Iterator over the cells of a [`BitWord`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct BitIter<W>(W);

impl<W: BitWord> Iterator for BitIter<W> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(i)
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<W: BitWord> ExactSizeIterator for BitIter<W> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_set_bits_in_order() {
        let w: u128 = (1 << 3) | (1 << 70) | 1;
        assert_eq!(w.iter().collect::<Vec<_>>(), vec![0, 3, 70]);
        assert_eq!(u64::low_mask(64), !0u64);
        assert_eq!(u64::low_mask(5), 31);
    }
}
