//! Zobrist keys, generated at compile time by SplitMix64 from a fixed seed.
//!
//! The key of a position XORs: one key per (piece, cell), one for Black to move, one per
//! castling-rights value, one per (side, kind, number imprisoned) for the prisons, one per
//! (side, U/P, cell) for pending jedi liberations, and one per phase (die to be thrown, die
//! showing 1..6).

use bitboard::hexecs::CELLS;

use bitboard::keys::splitmix64 as splitmix;

/// Largest number of pieces of one kind a prison key table covers (counts saturate here).
pub(crate) const PRISON_MAX: usize = 32;

pub(crate) struct Keys {
    pub piece: [[u64; CELLS]; 16],
    pub black_to_move: u64,
    pub castling: [u64; 16],
    pub prison: [[[u64; PRISON_MAX + 1]; 8]; 2],
    pub pending: [[[u64; CELLS]; 2]; 2],
    pub phase: [u64; 8],
}

const fn build() -> Keys {
    let mut k = Keys {
        piece: [[0; CELLS]; 16],
        black_to_move: 0,
        castling: [0; 16],
        prison: [[[0; PRISON_MAX + 1]; 8]; 2],
        pending: [[[0; CELLS]; 2]; 2],
        phase: [0; 8],
    };
    let mut s = 0x4845_5845_4353_0001u64; // "HEXECS" + 1
    let mut p = 0;
    while p < 16 {
        let mut i = 0;
        while i < CELLS {
            let (ns, v) = splitmix(s);
            s = ns;
            k.piece[p][i] = v;
            i += 1;
        }
        p += 1;
    }
    let (ns, v) = splitmix(s);
    s = ns;
    k.black_to_move = v;
    let mut c = 1;
    while c < 16 {
        let (ns, v) = splitmix(s);
        s = ns;
        k.castling[c] = v;
        c += 1;
    }
    let mut side = 0;
    while side < 2 {
        let mut kind = 0;
        while kind < 8 {
            let mut n = 1;
            while n <= PRISON_MAX {
                let (ns, v) = splitmix(s);
                s = ns;
                k.prison[side][kind][n] = v;
                n += 1;
            }
            kind += 1;
        }
        let mut which = 0;
        while which < 2 {
            let mut i = 0;
            while i < CELLS {
                let (ns, v) = splitmix(s);
                s = ns;
                k.pending[side][which][i] = v;
                i += 1;
            }
            which += 1;
        }
        side += 1;
    }
    let mut ph = 1;
    while ph < 8 {
        let (ns, v) = splitmix(s);
        s = ns;
        k.phase[ph] = v;
        ph += 1;
    }
    k
}

pub(crate) static KEYS: Keys = build();
