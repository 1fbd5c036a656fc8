//! Compile-time tables that depend on the rules (pawns, castling) and the Zobrist keys.

use bitboard::dola::{CAMP, KNIGHT_DELTAS};

/// True if `sq` is beyond the frontier for `color` (0 White, 1 Black).
const fn beyond(color: usize, sq: usize) -> bool {
    CAMP[1 - color] >> sq & 1 == 1
}

const fn forward(color: usize) -> i32 {
    if color == 0 {
        1
    } else {
        -1
    }
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 10 && r >= 0 && r < 10
}

/// `PAWN_PUSH[c][sq]`: the straight-advance squares of a pawn on `sq` if all were empty. In the
/// own camp: every square up to the frontier rank (rank 5 / rank 6), and at least one step (a
/// pawn standing on the frontier rank steps across it); beyond the frontier: one step.
pub const PAWN_PUSH: [[u128; 100]; 2] = build_pawn_push();
/// `PAWN_LEAP[c][sq]`: forward knight leaps of a pawn beyond the frontier (non-capturing).
pub const PAWN_LEAP: [[u128; 100]; 2] = build_pawn_leaper(&KNIGHT_DELTAS);
/// `PAWN_CAPTURE[c][sq]`: what a pawn attacks: one square diagonally forward, plus the forward
/// camel leaps when beyond the frontier.
pub const PAWN_CAPTURE: [[u128; 100]; 2] = build_pawn_capture();
/// `PAWN_ATTACKERS[c][sq]`: the squares from which a pawn of colour `c` attacks `sq`.
pub const PAWN_ATTACKERS: [[u128; 100]; 2] = build_pawn_attackers();

const fn build_pawn_push() -> [[u128; 100]; 2] {
    let mut out = [[0u128; 100]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 100 {
            let f = (sq % 10) as i32;
            let r = (sq / 10) as i32;
            let fw = forward(c);
            // Relative rank: 0 = own back rank.
            let rel = if c == 0 { r } else { 9 - r };
            let steps = if rel <= 4 {
                if rel < 4 {
                    4 - rel
                } else {
                    1
                }
            } else {
                1
            };
            let mut k = 1;
            while k <= steps {
                let nr = r + fw * k;
                if on_board(f, nr) {
                    out[c][sq] |= 1u128 << (f + 10 * nr);
                }
                k += 1;
            }
            sq += 1;
        }
        c += 1;
    }
    out
}

const CAMEL_FORWARD: [(i32, i32); 4] = [(1, 3), (-1, 3), (3, 1), (-3, 1)];

const fn build_pawn_leaper(deltas: &[(i32, i32)]) -> [[u128; 100]; 2] {
    let mut out = [[0u128; 100]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 100 {
            if beyond(c, sq) {
                let f = (sq % 10) as i32;
                let r = (sq / 10) as i32;
                let mut i = 0;
                while i < deltas.len() {
                    let (df, dr) = deltas[i];
                    // Forward leaps only.
                    if dr > 0 {
                        let nf = f + df;
                        let nr = r + dr * forward(c);
                        if on_board(nf, nr) {
                            out[c][sq] |= 1u128 << (nf + 10 * nr);
                        }
                    }
                    i += 1;
                }
            }
            sq += 1;
        }
        c += 1;
    }
    out
}

const fn build_pawn_capture() -> [[u128; 100]; 2] {
    let mut out = build_pawn_leaper(&CAMEL_FORWARD);
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 100 {
            let f = (sq % 10) as i32;
            let r = (sq / 10) as i32 + forward(c);
            if on_board(f - 1, r) {
                out[c][sq] |= 1u128 << (f - 1 + 10 * r);
            }
            if on_board(f + 1, r) {
                out[c][sq] |= 1u128 << (f + 1 + 10 * r);
            }
            sq += 1;
        }
        c += 1;
    }
    out
}

const fn build_pawn_attackers() -> [[u128; 100]; 2] {
    let capture = build_pawn_capture();
    let mut out = [[0u128; 100]; 2];
    let mut c = 0;
    while c < 2 {
        let mut from = 0;
        while from < 100 {
            let mut to = 0;
            while to < 100 {
                if capture[c][from] >> to & 1 == 1 {
                    out[c][to] |= 1u128 << from;
                }
                to += 1;
            }
            from += 1;
        }
        c += 1;
    }
    out
}

/// Castling right bits: White towards j, White towards a, Black towards j, Black towards a.
pub const CASTLE_WK: u8 = 1;
/// White towards the a-file rook.
pub const CASTLE_WQ: u8 = 2;
/// Black towards the j-file rook.
pub const CASTLE_BK: u8 = 4;
/// Black towards the a-file rook.
pub const CASTLE_BQ: u8 = 8;

/// `CASTLE_KEEP[sq]`: the rights that survive a move from or to `sq`.
pub const CASTLE_KEEP: [u8; 100] = {
    let mut t = [15u8; 100];
    t[5] = !(CASTLE_WK | CASTLE_WQ) & 15;
    t[9] = !CASTLE_WK & 15;
    t[0] = !CASTLE_WQ & 15;
    t[95] = !(CASTLE_BK | CASTLE_BQ) & 15;
    t[99] = !CASTLE_BK & 15;
    t[90] = !CASTLE_BQ & 15;
    t
};

use bitboard::keys::splitmix64 as splitmix;

/// Zobrist keys, all drawn from one fixed SplitMix64 stream (seed `0xD01A`).
pub struct Zobrist {
    /// `piece[code][sq]` for board codes 0..32 (code 0 and 16 unused).
    pub piece: [[u64; 100]; 32],
    /// Black to move.
    pub side: u64,
    /// One key per castling-rights nibble.
    pub castling: [u64; 16],
    /// One key per square passed by the last multi-square pawn advance.
    pub ep: [u64; 100],
}

const fn build_zobrist() -> Zobrist {
    let mut z = Zobrist {
        piece: [[0; 100]; 32],
        side: 0,
        castling: [0; 16],
        ep: [0; 100],
    };
    let mut state = 0xD01Au64;
    let mut code = 0;
    while code < 32 {
        let mut sq = 0;
        while sq < 100 {
            let (s, v) = splitmix(state);
            state = s;
            z.piece[code][sq] = v;
            sq += 1;
        }
        code += 1;
    }
    let (s, v) = splitmix(state);
    state = s;
    z.side = v;
    let mut i = 1;
    while i < 16 {
        let (s, v) = splitmix(state);
        state = s;
        z.castling[i] = v;
        i += 1;
    }
    let mut sq = 0;
    while sq < 100 {
        let (s, v) = splitmix(state);
        state = s;
        z.ep[sq] = v;
        sq += 1;
    }
    z
}

/// The keys.
pub static ZOBRIST: Zobrist = build_zobrist();
