//! Position texts for the tests: placements into a position string, and the mirror image.

use hexecs::{Board, Colour, Kind, Phase};

/// Build a position text from (cell name, letter) placements and the five other fields.
pub fn build(placements: &[(&str, char)], rest: &str) -> String {
    let mut cells = [None; 97];
    for &(n, l) in placements {
        let i = bitboard::hexecs::parse_cell(n).unwrap_or_else(|| panic!("bad cell {n}"));
        cells[i as usize] = Some(l);
    }
    format!("{} {rest}", rows_text(&cells))
}

pub fn rows_text(cells: &[Option<char>; 97]) -> String {
    let mut rows = Vec::new();
    for r in (1..=9).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for c in 1..=13 {
            if let Some(i) = bitboard::hexecs::cell_at(c, r) {
                match cells[i as usize] {
                    None => empty += 1,
                    Some(l) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(l);
                    }
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        rows.push(s);
    }
    rows.join("/")
}

/// The half-turn image of a position: (c, r) -> (14-c, 10-r), colours swapped.
pub fn mirror(b: &Board) -> String {
    let mut cells = [None; 97];
    for i in 0..97u8 {
        if let Some(p) = b.piece_at(i) {
            let l = p.letter();
            let swapped = if l.is_ascii_uppercase() {
                l.to_ascii_lowercase()
            } else {
                l.to_ascii_uppercase()
            };
            cells[(96 - i) as usize] = Some(swapped);
        }
    }
    let side = if b.side_to_move() == Colour::White {
        "b"
    } else {
        "w"
    };
    let cr = b.castling_rights();
    // White towards I1 (K) <-> Black towards E9 (q); White towards A1 (Q) <-> Black towards M9 (k).
    let mut castling = String::new();
    for (bitv, l) in [(8, 'K'), (4, 'Q'), (2, 'k'), (1, 'q')] {
        if cr & bitv != 0 {
            castling.push(l);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let mut prisoners = String::new();
    for c in Colour::ALL {
        for k in Kind::ALL {
            for _ in 0..b.imprisoned(c, k) {
                let l = hexecs::Piece {
                    colour: c.other(),
                    kind: k,
                }
                .letter();
                prisoners.push(l);
            }
        }
    }
    if prisoners.is_empty() {
        prisoners.push('-');
    }
    let mut pending = Vec::new();
    for c in Colour::ALL {
        for k in [Kind::Unicorn, Kind::Princess] {
            if let Some(i) = b.pending_release(c, k) {
                pending.push(format!(
                    "{}={}",
                    bitboard::hexecs::cell_name(96 - i),
                    k.letter()
                ));
            }
        }
    }
    match b.phase() {
        Phase::Normal => {}
        Phase::Rolled => pending.push("roll".into()),
        Phase::Die(n) => pending.push(format!("roll={n}")),
    }
    let pending = if pending.is_empty() {
        "-".to_string()
    } else {
        pending.join(",")
    };
    format!(
        "{} {side} {castling} {prisoners} {pending} {} {}",
        rows_text(&cells),
        b.halfmove_clock(),
        b.fullmove_number()
    )
}
