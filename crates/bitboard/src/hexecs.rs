//! The 97-cell Hexecs board on `u128` words.
//!
//! Cells are named by a column letter `A..M` (c = 1..13) and a row `1..9`; columns are oblique.
//! Cell (c, r) exists iff `max(1, r-4) <= c <= min(13, r+8)`: rows of 9, 10, 11, 12, 13, 12, 11,
//! 10, 9 cells, 97 in all. Cells are indexed row by row from row 1 (A1 = 0, I1 = 8, A2 = 9, …,
//! M9 = 96), so bit `i` of a `u128` is cell `i`, and moving "up" (towards row 9) increases the
//! index.
//!
//! - Edge neighbours: (c±1, r), (c, r±1), (c+1, r+1), (c-1, r-1).
//! - Vertex ("diagonal") neighbours: (+1,+2), (+2,+1), (+1,-1), (-1,-2), (-2,-1), (-1,+1).
//! - Cell colour `(c + r) mod 3`: 1 white, 2 black, 0 green; vertex steps keep the colour.
//! - Fortresses: White's is rows 1–2, Black's rows 8–9 (19 cells each); rows 3–7 (59 cells) are
//!   the battlefield.
//! - Directions are numbered 0..12: 0..6 edge, 6..12 vertex. For every direction `d`, `d ^ 1`
//!   is its opposite and [`DIR_INCREASING`] says whether stepping along it increases the cell
//!   index — that is what lets slider attacks be found with one `trailing_zeros` /
//!   `leading_zeros` per ray ("classical" ray attacks).
//!
//! Every table is built at compile time by `const fn`s.

/// Number of cells.
pub const CELLS: usize = 97;
/// Number of rows (and of oblique columns: 13).
pub const ROWS: i32 = 9;
/// Number of columns.
pub const COLS: i32 = 13;
/// A "no cell" marker in step tables.
pub const NO_CELL: u8 = 255;

/// First column (1-based) of row `r` (1-based).
#[inline]
pub const fn row_first_col(r: i32) -> i32 {
    if r - 4 > 1 {
        r - 4
    } else {
        1
    }
}

/// Last column (1-based) of row `r` (1-based).
#[inline]
pub const fn row_last_col(r: i32) -> i32 {
    if r + 8 < 13 {
        r + 8
    } else {
        13
    }
}

/// True if (c, r) (1-based) is on the board.
#[inline]
pub const fn on_board(c: i32, r: i32) -> bool {
    r >= 1 && r <= ROWS && c >= row_first_col(r) && c <= row_last_col(r)
}

const fn build_row_start() -> [u8; 11] {
    let mut out = [0u8; 11];
    let mut r = 1;
    let mut acc = 0;
    while r <= 10 {
        out[r as usize] = acc as u8;
        if r <= 9 {
            acc += row_last_col(r) - row_first_col(r) + 1;
        }
        r += 1;
    }
    out
}

/// Index of the first cell of row `r` (1-based); `ROW_START[10] = 97`.
pub const ROW_START: [u8; 11] = build_row_start();

/// Index of cell (c, r) (1-based), or `None` off the board.
#[inline]
pub const fn cell_at(c: i32, r: i32) -> Option<u8> {
    if on_board(c, r) {
        Some(ROW_START[r as usize] + (c - row_first_col(r)) as u8)
    } else {
        None
    }
}

const fn build_coords() -> [(i8, i8); CELLS] {
    let mut out = [(0i8, 0i8); CELLS];
    let mut r = 1;
    while r <= ROWS {
        let mut c = row_first_col(r);
        while c <= row_last_col(r) {
            let i = ROW_START[r as usize] as i32 + c - row_first_col(r);
            out[i as usize] = (c as i8, r as i8);
            c += 1;
        }
        r += 1;
    }
    out
}

/// (column, row), both 1-based, of every cell.
pub const COORDS: [(i8, i8); CELLS] = build_coords();

/// The 12 directions (dc, dr): 0..6 edge, 6..12 vertex; `d ^ 1` is the opposite of `d`.
pub const DIRS: [(i8, i8); 12] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, 2),
    (-1, -2),
    (2, 1),
    (-2, -1),
    (-1, 1),
    (1, -1),
];

/// True if stepping along direction `d` increases the cell index.
pub const DIR_INCREASING: [bool; 12] = [
    true, false, true, false, true, false, true, false, true, false, true, false,
];

/// Indices of the edge directions in [`DIRS`].
pub const EDGE_DIRS: core::ops::Range<usize> = 0..6;
/// Indices of the vertex directions in [`DIRS`].
pub const VERTEX_DIRS: core::ops::Range<usize> = 6..12;

/// Forward edge steps of White (index 0) and Black (index 1).
pub const FORWARD_EDGE: [[(i8, i8); 2]; 2] = [[(0, 1), (1, 1)], [(0, -1), (-1, -1)]];
/// Forward vertex steps (droid captures) of White and Black.
pub const FORWARD_VERTEX: [[(i8, i8); 3]; 2] =
    [[(-1, 1), (1, 2), (2, 1)], [(1, -1), (-1, -2), (-2, -1)]];
/// Forward double steps (from the own fortress) of White and Black.
pub const FORWARD_DOUBLE: [[(i8, i8); 3]; 2] =
    [[(0, 2), (1, 2), (2, 2)], [(0, -2), (-1, -2), (-2, -2)]];

/// Knight offsets: hex distance 3, not on a straight line.
pub const KNIGHT_OFFSETS: [(i8, i8); 12] = [
    (1, 3),
    (2, 3),
    (3, 2),
    (3, 1),
    (2, -1),
    (1, -2),
    (-1, -3),
    (-2, -3),
    (-3, -2),
    (-3, -1),
    (-2, 1),
    (-1, 2),
];

/// Unicorn offsets beyond the knight's: the 12 cells at hex distance 2.
pub const DISTANCE_TWO_OFFSETS: [(i8, i8); 12] = [
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    (2, 2),
    (-2, -2),
    (1, 2),
    (-1, -2),
    (2, 1),
    (-2, -1),
    (-1, 1),
    (1, -1),
];

/// Colour of a board cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellColour {
    /// `(c + r) mod 3 == 1`.
    White,
    /// `(c + r) mod 3 == 2`.
    Black,
    /// `(c + r) mod 3 == 0`.
    Green,
}

/// Colour of cell `i`.
#[inline]
pub const fn cell_colour(i: u8) -> CellColour {
    let (c, r) = COORDS[i as usize];
    match (c as i32 + r as i32) % 3 {
        1 => CellColour::White,
        2 => CellColour::Black,
        _ => CellColour::Green,
    }
}

/// The cell one step from `i` along `(dc, dr)`, if on the board.
#[inline]
pub const fn offset(i: u8, dc: i8, dr: i8) -> Option<u8> {
    let (c, r) = COORDS[i as usize];
    cell_at(c as i32 + dc as i32, r as i32 + dr as i32)
}

const fn build_step() -> [[u8; 12]; CELLS] {
    let mut out = [[NO_CELL; 12]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 12 {
            if let Some(j) = offset(i as u8, DIRS[d].0, DIRS[d].1) {
                out[i][d] = j;
            }
            d += 1;
        }
        i += 1;
    }
    out
}

/// `STEP[i][d]`: the neighbour of `i` along direction `d`, or [`NO_CELL`].
pub static STEP: [[u8; 12]; CELLS] = build_step();

const fn build_rays() -> [[u128; 12]; CELLS] {
    let steps = build_step();
    let mut out = [[0u128; 12]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 12 {
            let mut m = 0u128;
            let mut j = steps[i][d];
            while j != NO_CELL {
                m |= 1u128 << j;
                j = steps[j as usize][d];
            }
            out[i][d] = m;
            d += 1;
        }
        i += 1;
    }
    out
}

/// `RAYS[i][d]`: every cell from `i` (excluded) to the board's edge along direction `d`.
pub static RAYS: [[u128; 12]; CELLS] = build_rays();

const fn build_leaper(offsets: &[(i8, i8)]) -> [u128; CELLS] {
    let mut out = [0u128; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut k = 0;
        while k < offsets.len() {
            if let Some(j) = offset(i as u8, offsets[k].0, offsets[k].1) {
                out[i] |= 1u128 << j;
            }
            k += 1;
        }
        i += 1;
    }
    out
}

const fn concat24(a: [(i8, i8); 12], b: [(i8, i8); 12]) -> [(i8, i8); 24] {
    let mut out = [(0i8, 0i8); 24];
    let mut k = 0;
    while k < 12 {
        out[k] = a[k];
        out[k + 12] = b[k];
        k += 1;
    }
    out
}

const UNICORN_OFFSETS: [(i8, i8); 24] = concat24(KNIGHT_OFFSETS, DISTANCE_TWO_OFFSETS);

/// Knight targets of every cell (12 at most).
pub static KNIGHT: [u128; CELLS] = build_leaper(&KNIGHT_OFFSETS);
/// Unicorn targets of every cell (24 at most).
pub static UNICORN: [u128; CELLS] = build_leaper(&UNICORN_OFFSETS);
/// King targets (the 12 edge and vertex neighbours).
pub static KING: [u128; CELLS] = build_leaper(&DIRS);

const fn build_sided(offsets: [[(i8, i8); 2]; 2]) -> [[u128; CELLS]; 2] {
    [build_leaper(&offsets[0]), build_leaper(&offsets[1])]
}
const fn build_sided3(offsets: [[(i8, i8); 3]; 2]) -> [[u128; CELLS]; 2] {
    [build_leaper(&offsets[0]), build_leaper(&offsets[1])]
}

/// Droid single steps, `[side][cell]` (side 0 White, 1 Black).
pub static DROID_STEP: [[u128; CELLS]; 2] = build_sided(FORWARD_EDGE);
/// Droid captures (forward vertex neighbours), `[side][cell]`.
pub static DROID_CAPTURE: [[u128; CELLS]; 2] = build_sided3(FORWARD_VERTEX);
/// Droid double steps, `[side][cell]` (whether the start is in the fortress is checked by the
/// caller).
pub static DROID_DOUBLE: [[u128; CELLS]; 2] = build_sided3(FORWARD_DOUBLE);

const fn build_rows() -> [u128; 10] {
    let mut out = [0u128; 10];
    let mut r = 1;
    while r <= 9 {
        let mut i = ROW_START[r] as usize;
        while i < ROW_START[r + 1] as usize {
            out[r] |= 1u128 << i;
            i += 1;
        }
        r += 1;
    }
    out
}

/// `ROW[r]`: the cells of row `r` (1-based; `ROW[0]` is empty).
pub const ROW: [u128; 10] = build_rows();
/// Every cell of the board.
pub const ALL: u128 = (1u128 << CELLS) - 1;
/// The fortresses: White's (rows 1–2) at index 0, Black's (rows 8–9) at index 1.
pub const FORTRESS: [u128; 2] = [ROW[1] | ROW[2], ROW[8] | ROW[9]];
/// The battlefield (rows 3–7).
pub const BATTLEFIELD: u128 = ALL & !FORTRESS[0] & !FORTRESS[1];
/// The last row of each side (the enemy's back row): row 9 for White, row 1 for Black.
pub const LAST_ROW: [u128; 2] = [ROW[9], ROW[1]];

const fn build_colour_masks() -> [u128; 3] {
    let mut out = [0u128; 3];
    let mut i = 0;
    while i < CELLS {
        let k = match cell_colour(i as u8) {
            CellColour::White => 0,
            CellColour::Black => 1,
            CellColour::Green => 2,
        };
        out[k] |= 1u128 << i;
        i += 1;
    }
    out
}

/// The cells of each colour: white, black, green.
pub const COLOUR_MASK: [u128; 3] = build_colour_masks();

/// The image of cell `i` under the half-turn (c, r) -> (14-c, 10-r); on this board it is
/// simply `96 - i`.
#[inline]
pub const fn half_turn(i: u8) -> u8 {
    (CELLS as u8 - 1) - i
}

/// Half-turn of a whole set of cells.
#[inline]
pub fn half_turn_set(s: u128) -> u128 {
    s.reverse_bits() >> (128 - CELLS)
}

/// The name of cell `i` (`"A1"`, `"M9"`).
pub fn cell_name(i: u8) -> String {
    let (c, r) = COORDS[i as usize];
    format!("{}{}", (b'A' + c as u8 - 1) as char, r)
}

/// Parse a cell name (`"A1"`..`"M9"`, either case); `None` if malformed or off the board.
pub fn parse_cell(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let col = b[0].to_ascii_uppercase();
    if !(b'A'..=b'M').contains(&col) || !(b'1'..=b'9').contains(&b[1]) {
        return None;
    }
    cell_at((col - b'A' + 1) as i32, (b[1] - b'0') as i32)
}

/// Hex distance between two cells (edge steps).
pub fn hex_distance(a: u8, b: u8) -> i32 {
    let (c1, r1) = COORDS[a as usize];
    let (c2, r2) = COORDS[b as usize];
    let dc = c2 as i32 - c1 as i32;
    let dr = r2 as i32 - r1 as i32;
    // Axial coordinates with (1,1) a neighbour: distance = max(|dc|, |dr|, |dc - dr|).
    dc.abs().max(dr.abs()).max((dc - dr).abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(names: &str) -> u128 {
        names
            .split_whitespace()
            .map(|n| 1u128 << parse_cell(n).unwrap())
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn board_shape() {
        assert_eq!(ROW_START[10] as usize, CELLS);
        assert_eq!(ALL.count_ones(), 97);
        let lens: Vec<u32> = (1..=9).map(|r| ROW[r].count_ones()).collect();
        assert_eq!(lens, vec![9, 10, 11, 12, 13, 12, 11, 10, 9]);
        assert_eq!(cell_name(0), "A1");
        assert_eq!(cell_name(8), "I1");
        assert_eq!(cell_name(96), "M9");
        assert_eq!(parse_cell("E9"), Some(88));
        assert_eq!(parse_cell("A9"), None);
        assert_eq!(parse_cell("J1"), None);
        for i in 0..CELLS as u8 {
            assert_eq!(parse_cell(&cell_name(i)), Some(i));
        }
    }

    #[test]
    fn fortress_and_battlefield_sizes() {
        assert_eq!(FORTRESS[0].count_ones(), 19);
        assert_eq!(FORTRESS[1].count_ones(), 19);
        assert_eq!(BATTLEFIELD.count_ones(), 59);
    }

    #[test]
    fn colours() {
        assert_eq!(cell_colour(parse_cell("I1").unwrap()), CellColour::White);
        assert_eq!(cell_colour(parse_cell("E9").unwrap()), CellColour::Black);
        for i in 0..CELLS as u8 {
            for d in VERTEX_DIRS {
                let j = STEP[i as usize][d];
                if j != NO_CELL {
                    assert_eq!(cell_colour(i), cell_colour(j));
                }
            }
            for d in EDGE_DIRS {
                let j = STEP[i as usize][d];
                if j != NO_CELL {
                    assert_ne!(cell_colour(i), cell_colour(j));
                }
            }
        }
        assert_eq!(COLOUR_MASK.iter().map(|m| m.count_ones()).sum::<u32>(), 97);
    }

    #[test]
    fn directions_consistent() {
        for d in 0..12 {
            assert_eq!(DIRS[d].0, -DIRS[d ^ 1].0);
            assert_eq!(DIRS[d].1, -DIRS[d ^ 1].1);
            for i in 0..CELLS as u8 {
                let j = STEP[i as usize][d];
                if j != NO_CELL {
                    assert_eq!(j > i, DIR_INCREASING[d]);
                    assert_eq!(STEP[j as usize][d ^ 1], i);
                    let dist = hex_distance(i, j);
                    assert_eq!(dist, if d < 6 { 1 } else { 2 });
                }
            }
        }
    }

    #[test]
    fn half_turn_is_index_reversal() {
        for i in 0..CELLS as u8 {
            let (c, r) = COORDS[i as usize];
            assert_eq!(cell_at(14 - c as i32, 10 - r as i32), Some(half_turn(i)));
        }
        assert_eq!(half_turn_set(FORTRESS[0]), FORTRESS[1]);
        assert_eq!(half_turn_set(1), 1u128 << 96);
    }

    #[test]
    fn knight_and_unicorn_from_d5() {
        let d5 = parse_cell("D5").unwrap() as usize;
        let knight = cells("F8 G7 G6 F4 E3 C2 B2 A3 A4 B6 C7 E8");
        assert_eq!(KNIGHT[d5], knight);
        let extra = cells("E7 F7 F6 F5 E4 D3 C3 B3 B4 B5 C6 D7");
        assert_eq!(UNICORN[d5], knight | extra);
        assert_eq!(UNICORN[d5].count_ones(), 24);
        // Knight cells are at distance 3 and off the 12 lines; unicorn extras at distance 2.
        for j in 0..CELLS as u8 {
            if knight >> j & 1 == 1 {
                assert_eq!(hex_distance(d5 as u8, j), 3);
            }
            if extra >> j & 1 == 1 {
                assert_eq!(hex_distance(d5 as u8, j), 2);
            }
        }
    }

    #[test]
    fn droid_tables() {
        let d3 = parse_cell("D3").unwrap() as usize;
        assert_eq!(DROID_STEP[0][d3], cells("D4 E4"));
        assert_eq!(DROID_CAPTURE[0][d3], cells("C4 E5 F4"));
        let a2 = parse_cell("A2").unwrap() as usize;
        assert_eq!(DROID_DOUBLE[0][a2], cells("A4 B4 C4"));
        // Black's tables are the half-turn images of White's.
        for i in 0..CELLS {
            let m = half_turn(i as u8) as usize;
            assert_eq!(half_turn_set(DROID_STEP[0][i]), DROID_STEP[1][m]);
            assert_eq!(half_turn_set(DROID_CAPTURE[0][i]), DROID_CAPTURE[1][m]);
            assert_eq!(half_turn_set(DROID_DOUBLE[0][i]), DROID_DOUBLE[1][m]);
        }
    }

    #[test]
    fn rays_and_kings() {
        let d1 = parse_cell("D1").unwrap() as usize;
        assert_eq!(RAYS[d1][0], cells("E1 F1 G1 H1 I1"));
        // The kings face the enemy queens on a vertex line (D1 .. H9 along (+1,+2)).
        assert!(RAYS[d1][6] >> parse_cell("H9").unwrap() & 1 == 1);
        assert_eq!(KING[d1].count_ones(), 7);
        assert_eq!(KING[parse_cell("G5").unwrap() as usize].count_ones(), 12);
    }
}
