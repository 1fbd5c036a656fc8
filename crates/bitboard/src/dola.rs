//! The 10×10 Dola board on one `u128` word.
//!
//! Square `file + 10·rank` (files a..j = 0..9, ranks 1..10 = 0..9), so `a1` is bit 0, `j1` bit 9
//! and `j10` bit 99; bits 100..127 are always zero. The frontier runs between ranks 5 and 6:
//! [`CAMP`]`[0]` is White's camp (ranks 1–5), [`CAMP`]`[1]` Black's (ranks 6–10).
//!
//! Leaper tables ([`KNIGHT`] (1,2), [`CAMEL`] (1,3), [`KING`] steps) and the eight [`RAYS`] are
//! built at compile time by `const fn`. Sliding attacks use the classical ray method: the first
//! blocker on a ray is the lowest set bit of `ray & occupied` for rays that go up in index
//! (north, east, north-east, north-west) and the highest for the others; the part of the ray
//! beyond it is removed with the blocker's own ray. Four rays per rook, four per bishop, no
//! large tables — on 100 squares magic bitboards would need a 128→64-bit fold and ~1 MB of tables
//! for little gain at the node rates Dola needs.

/// Board side length.
pub const SIZE: u32 = 10;
/// Number of squares.
pub const SQUARES: usize = 100;
/// Every square of the board.
pub const BOARD: u128 = (1u128 << 100) - 1;

/// The square of `file` (0..10) and `rank` (0..10).
#[inline(always)]
pub const fn square(file: u32, rank: u32) -> u32 {
    file + SIZE * rank
}

/// File 0..10 of a square.
#[inline(always)]
pub const fn file_of(sq: u32) -> u32 {
    sq % SIZE
}

/// Rank 0..10 of a square.
#[inline(always)]
pub const fn rank_of(sq: u32) -> u32 {
    sq / SIZE
}

/// Name of a square: `a1` … `j10`.
pub fn square_name(sq: u32) -> String {
    debug_assert!(sq < 100);
    format!("{}{}", (b'a' + file_of(sq) as u8) as char, rank_of(sq) + 1)
}

/// Parse a square name (`a1` … `j10`, lower or upper case file letter); `None` if it is not one.
pub fn parse_square(s: &str) -> Option<u32> {
    let b = s.as_bytes();
    if b.len() < 2 || b.len() > 3 {
        return None;
    }
    let f = b[0].to_ascii_lowercase();
    if !(b'a'..=b'j').contains(&f) {
        return None;
    }
    if !b[1..].iter().all(u8::is_ascii_digit) || b[1] == b'0' {
        return None;
    }
    let rank: u32 = s[1..].parse().ok()?;
    if !(1..=10).contains(&rank) {
        return None;
    }
    Some(square((f - b'a') as u32, rank - 1))
}

const fn rank_mask(r: u32) -> u128 {
    0x3ffu128 << (10 * r)
}

const fn build_ranks() -> [u128; 10] {
    let mut out = [0u128; 10];
    let mut r = 0;
    while r < 10 {
        out[r as usize] = rank_mask(r);
        r += 1;
    }
    out
}

const fn build_files() -> [u128; 10] {
    let mut out = [0u128; 10];
    let mut f = 0;
    while f < 10 {
        let mut r = 0;
        while r < 10 {
            out[f as usize] |= 1u128 << square(f, r);
            r += 1;
        }
        f += 1;
    }
    out
}

/// Rank masks, rank 1 first.
pub const RANKS: [u128; 10] = build_ranks();
/// File masks, file a first.
pub const FILES: [u128; 10] = build_files();
/// The two camps: `[0]` White's (ranks 1–5), `[1]` Black's (ranks 6–10).
pub const CAMP: [u128; 2] = [
    rank_mask(0) | rank_mask(1) | rank_mask(2) | rank_mask(3) | rank_mask(4),
    rank_mask(5) | rank_mask(6) | rank_mask(7) | rank_mask(8) | rank_mask(9),
];

const fn build_leaper(deltas: &[(i32, i32)]) -> [u128; 100] {
    let mut out = [0u128; 100];
    let mut sq = 0;
    while sq < 100 {
        let f = (sq % 10) as i32;
        let r = (sq / 10) as i32;
        let mut i = 0;
        while i < deltas.len() {
            let (df, dr) = deltas[i];
            let (nf, nr) = (f + df, r + dr);
            if nf >= 0 && nf < 10 && nr >= 0 && nr < 10 {
                out[sq] |= 1u128 << (nf + 10 * nr);
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// All eight (1,2)/(2,1) offsets.
pub const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// All eight (1,3)/(3,1) offsets.
pub const CAMEL_DELTAS: [(i32, i32); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];
/// The eight king steps.
pub const KING_DELTAS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Knight (CT) leaps from each square.
pub const KNIGHT: [u128; 100] = build_leaper(&KNIGHT_DELTAS);
/// Camel (CF) leaps from each square.
pub const CAMEL: [u128; 100] = build_leaper(&CAMEL_DELTAS);
/// King steps from each square.
pub const KING: [u128; 100] = build_leaper(&KING_DELTAS);

/// Ray directions `(file step, rank step)`; the first four go up in square index.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];
/// Index into [`DIRECTIONS`]: north.
pub const NORTH: usize = 0;
/// Index into [`DIRECTIONS`]: east.
pub const EAST: usize = 1;
/// Index into [`DIRECTIONS`]: north-east.
pub const NORTH_EAST: usize = 2;
/// Index into [`DIRECTIONS`]: north-west.
pub const NORTH_WEST: usize = 3;
/// Index into [`DIRECTIONS`]: south.
pub const SOUTH: usize = 4;
/// Index into [`DIRECTIONS`]: west.
pub const WEST: usize = 5;
/// Index into [`DIRECTIONS`]: south-west.
pub const SOUTH_WEST: usize = 6;
/// Index into [`DIRECTIONS`]: south-east.
pub const SOUTH_EAST: usize = 7;

const fn build_rays() -> [[u128; 100]; 8] {
    let mut out = [[0u128; 100]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIRECTIONS[d];
        let mut sq = 0;
        while sq < 100 {
            let mut f = (sq % 10) as i32 + df;
            let mut r = (sq / 10) as i32 + dr;
            while f >= 0 && f < 10 && r >= 0 && r < 10 {
                out[d][sq] |= 1u128 << (f + 10 * r);
                f += df;
                r += dr;
            }
            sq += 1;
        }
        d += 1;
    }
    out
}

/// `RAYS[d][sq]`: the squares from `sq` (excluded) to the edge in direction `d`.
pub const RAYS: [[u128; 100]; 8] = build_rays();

#[inline(always)]
fn ray_up(d: usize, sq: u32, occ: u128) -> u128 {
    let ray = RAYS[d][sq as usize];
    let blockers = ray & occ;
    if blockers == 0 {
        ray
    } else {
        ray ^ RAYS[d][blockers.trailing_zeros() as usize]
    }
}

#[inline(always)]
fn ray_down(d: usize, sq: u32, occ: u128) -> u128 {
    let ray = RAYS[d][sq as usize];
    let blockers = ray & occ;
    if blockers == 0 {
        ray
    } else {
        ray ^ RAYS[d][(127 - blockers.leading_zeros()) as usize]
    }
}

/// Squares a rook on `sq` attacks with `occ` occupied (first blockers included).
#[inline]
pub fn rook_attacks(sq: u32, occ: u128) -> u128 {
    ray_up(NORTH, sq, occ)
        | ray_up(EAST, sq, occ)
        | ray_down(SOUTH, sq, occ)
        | ray_down(WEST, sq, occ)
}

/// Squares a bishop on `sq` attacks with `occ` occupied (first blockers included).
#[inline]
pub fn bishop_attacks(sq: u32, occ: u128) -> u128 {
    ray_up(NORTH_EAST, sq, occ)
        | ray_up(NORTH_WEST, sq, occ)
        | ray_down(SOUTH_WEST, sq, occ)
        | ray_down(SOUTH_EAST, sq, occ)
}

/// The direction index from `a` to `b` if they share a rank, file or diagonal (`a ≠ b`).
#[inline]
pub fn direction(a: u32, b: u32) -> Option<usize> {
    (0..8).find(|&d| RAYS[d][a as usize] >> b & 1 == 1)
}

/// Squares strictly between `a` and `b` on a common line; empty if they share none.
#[inline]
pub fn between(a: u32, b: u32) -> u128 {
    match direction(a, b) {
        Some(d) => RAYS[d][a as usize] & !RAYS[d][b as usize] & !(1u128 << b),
        None => 0,
    }
}

/// Left–right mirror of a square (a↔j).
#[inline]
pub const fn mirror_file(sq: u32) -> u32 {
    square(9 - file_of(sq), rank_of(sq))
}

/// Left–right mirror of a set of squares.
pub fn mirror_files(bb: u128) -> u128 {
    let mut out = 0;
    let mut rest = bb;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        out |= 1u128 << mirror_file(sq);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in 0..100 {
            assert_eq!(parse_square(&square_name(sq)), Some(sq));
        }
        assert_eq!(parse_square("j10"), Some(99));
        for bad in ["k1", "a0", "a11", "a", "", "a01", "a+1", "a1x"] {
            assert_eq!(parse_square(bad), None, "{bad}");
        }
    }

    #[test]
    fn leaper_counts() {
        // A knight in the middle has 8 leaps, a camel on d4 too, a corner knight 2, a corner camel 2.
        assert_eq!(KNIGHT[square(4, 4) as usize].count_ones(), 8);
        assert_eq!(CAMEL[square(3, 3) as usize].count_ones(), 8);
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(CAMEL[0].count_ones(), 2);
        // The camel is colour-bound: (1,3) keeps the parity of file + rank.
        for sq in 0..100u32 {
            let mut rest = CAMEL[sq as usize];
            while rest != 0 {
                let t = rest.trailing_zeros();
                rest &= rest - 1;
                assert_eq!(
                    (file_of(sq) + rank_of(sq)) % 2,
                    (file_of(t) + rank_of(t)) % 2
                );
            }
        }
    }

    #[test]
    fn sliders_stop_at_blockers() {
        let d4 = square(3, 3);
        assert_eq!(rook_attacks(d4, 0).count_ones(), 18);
        assert_eq!(bishop_attacks(square(0, 0), 0).count_ones(), 9);
        let occ = 1u128 << square(3, 6) | 1u128 << square(5, 3);
        let att = rook_attacks(d4, occ);
        assert!(att >> square(3, 6) & 1 == 1);
        assert!(att >> square(3, 7) & 1 == 0);
        assert!(att >> square(5, 3) & 1 == 1);
        assert!(att >> square(6, 3) & 1 == 0);
        assert_eq!(between(square(0, 0), square(4, 4)).count_ones(), 3);
        assert_eq!(between(square(0, 0), square(1, 2)), 0);
        assert_eq!(mirror_file(0), 9);
    }
}
