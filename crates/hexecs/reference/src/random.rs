//! Seeded random positions exercising every rule, for the move-by-move comparisons.

use crate::rows_text;
use hexecs::Board;

/// A small deterministic generator (SplitMix64) so the helpers need no crate.
pub struct Rng(pub u64);
impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// A random position text (may be rejected by the parser, e.g. side not to move in check).
pub fn random_position(rng: &mut Rng) -> String {
    let mut cells: [Option<char>; 97] = [None; 97];
    let mut free: Vec<u8> = (0..97).collect();
    let mut prisoners = String::new();
    for colour in 0..2 {
        place_side(rng, colour, &mut cells, &mut free, &mut prisoners);
    }
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    let castling = castling_field(rng, &cells);
    let pending = pending_field(rng, &cells, &prisoners, side);
    let prisoners = if prisoners.is_empty() {
        "-".to_string()
    } else {
        prisoners
    };
    format!(
        "{} {side} {castling} {prisoners} {pending} {} {}",
        rows_text(&cells),
        rng.below(20),
        1 + rng.below(60)
    )
}

/// Place the king and a random part of the other pieces of `colour` (0 White, 1 Black) on
/// free cells; each piece left over goes to `prisoners` with probability 1/2.
fn place_side(
    rng: &mut Rng,
    colour: usize,
    cells: &mut [Option<char>; 97],
    free: &mut Vec<u8>,
    prisoners: &mut String,
) {
    let take = |rng: &mut Rng, free: &mut Vec<u8>| {
        let k = rng.below(free.len() as u64) as usize;
        free.swap_remove(k)
    };
    let case = |l: char| {
        if colour == 0 {
            l
        } else {
            l.to_ascii_lowercase()
        }
    };
    let mut bag: Vec<char> = "QRRNNJJJUPDDDDDDDDDD".chars().collect();
    // Half the time the king and rooks stand at home (castling).
    let homes = if colour == 0 {
        ["D1", "A1", "I1"]
    } else {
        ["J9", "E9", "M9"]
    };
    let homes_free = homes
        .iter()
        .all(|h| cells[bitboard::hexecs::parse_cell(h).unwrap() as usize].is_none());
    if homes_free && rng.below(2) == 0 {
        for (h, l) in homes.into_iter().zip(['K', 'R', 'R']) {
            let i = bitboard::hexecs::parse_cell(h).unwrap();
            free.retain(|&x| x != i);
            cells[i as usize] = Some(case(l));
        }
        bag.retain(|&l| l != 'R');
    } else {
        let k = take(rng, free);
        cells[k as usize] = Some(case('K'));
    }
    let n_on_board = 4 + rng.below(14) as usize;
    for _ in 0..n_on_board {
        if bag.is_empty() {
            break;
        }
        let j = rng.below(bag.len() as u64) as usize;
        let l = bag.swap_remove(j);
        let cell = take(rng, free);
        cells[cell as usize] = Some(case(l));
    }
    for l in bag {
        if rng.below(2) == 0 {
            prisoners.push(case(l));
        }
    }
}

/// The castling field: each right whose king and rook stand at home, with probability 3/4.
fn castling_field(rng: &mut Rng, cells: &[Option<char>; 97]) -> String {
    let mut castling = String::new();
    let homes = [
        ("D1", "I1", 'K', 'K', 'R'),
        ("D1", "A1", 'Q', 'K', 'R'),
        ("J9", "M9", 'k', 'k', 'r'),
        ("J9", "E9", 'q', 'k', 'r'),
    ];
    for (k, r, right, kl, rl) in homes {
        let ki = bitboard::hexecs::parse_cell(k).unwrap() as usize;
        let ri = bitboard::hexecs::parse_cell(r).unwrap() as usize;
        if cells[ki] == Some(kl) && cells[ri] == Some(rl) && rng.below(4) != 0 {
            castling.push(right);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    castling
}

/// The pending field: jedi liberations of imprisoned unicorns and princesses (each with
/// probability 1/2, by the first jedi on the last row), then with probability 1/3 a roll
/// when the side to move has a princess on the board.
fn pending_field(rng: &mut Rng, cells: &[Option<char>; 97], prisoners: &str, side: &str) -> String {
    let mut pending = Vec::new();
    for (colour, row, jedi) in [(0, 9, 'J'), (1, 1, 'j')] {
        for l in ['U', 'P'] {
            let pl = if colour == 0 {
                l
            } else {
                l.to_ascii_lowercase()
            };
            if !prisoners.contains(pl) || rng.below(2) == 0 {
                continue;
            }
            for c in 1..=13 {
                if let Some(i) = bitboard::hexecs::cell_at(c, row) {
                    let already = pending
                        .iter()
                        .any(|p: &String| p.starts_with(&bitboard::hexecs::cell_name(i)));
                    if cells[i as usize] == Some(jedi) && !already {
                        pending.push(format!("{}={}", bitboard::hexecs::cell_name(i), l));
                        break;
                    }
                }
            }
        }
    }
    let princess = if side == "w" { 'P' } else { 'p' };
    if cells.contains(&Some(princess)) && rng.below(3) == 0 {
        let n = rng.below(7);
        pending.push(if n == 0 {
            "roll".into()
        } else {
            format!("roll={n}")
        });
    }
    if pending.is_empty() {
        "-".to_string()
    } else {
        pending.join(",")
    }
}

/// Random valid positions (parser-accepted), deterministic for a seed.
pub fn random_boards(seed: u64, count: usize) -> Vec<Board> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let text = random_position(&mut rng);
        if let Ok(b) = hexecs::parse_position(&text) {
            out.push(b);
        }
    }
    out
}
