//! Rhombus Hex boards of any `rows × cols` with at most 121 cells.
//!
//! Conventions (Benzene/HexGui and OpenSpiel): cell `(row r, col c)` has index `r·cols + c`
//! and name column letter + row number, `a1` top-left. The neighbours of `(r, c)` are
//! `(r, c±1)`, `(r±1, c)`, `(r−1, c+1)` and `(r+1, c−1)`, so `a1` and the bottom-right cell are
//! the acute corners. The first player (Black) owns top and bottom, the second (White) left and
//! right.
//!
//! All set operations are shifts and masks on one [`BitWord`]: neighbour expansion is six
//! shifts, a flood fill repeats expansion until nothing changes (at most one round per cell of
//! the longest path), and the 180° rotation is a bit reversal (`i ↦ n−1−i`).

use crate::word::BitWord;
use core::fmt;
use thiserror::Error;

/// Largest number of cells of a Hex board (11×11).
pub const MAX_CELLS: usize = 121;

/// Errors about board sizes and cell names.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HexError {
    /// The size string is not `ROWSxCOLS` with positive integers.
    #[error("malformed board size {0:?}: expected ROWSxCOLS such as 5x5 or 4x3")]
    MalformedSize(String),
    /// The board has no cell or too many for the word width.
    #[error("board {rows}x{cols} has {cells} cells; allowed: 1 to {max}")]
    BadSize {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// `rows × cols`.
        cells: usize,
        /// Largest cell count allowed here.
        max: usize,
    },
    /// More than 26 columns cannot be named by a letter (never happens under 121 cells… except
    /// on 1-row boards).
    #[error("board {rows}x{cols}: at most 26 columns can be named")]
    TooWide {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A cell name that does not parse or lies outside the board.
    #[error("bad cell {name:?} on a {rows}x{cols} board: expected a column letter a..{last_col} and a row 1..{rows}")]
    BadCell {
        /// The text given.
        name: String,
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// Last column letter.
        last_col: char,
    },
}

/// Parse `"ROWSxCOLS"` (also `"N"` for a square board) into `(rows, cols)`; checks only syntax.
pub fn parse_size(text: &str) -> Result<(usize, usize), HexError> {
    let t = text.trim().to_ascii_lowercase();
    let bad = || HexError::MalformedSize(text.to_string());
    let (r, c) = match t.split_once(['x', '×']) {
        Some((r, c)) => (r.trim(), c.trim()),
        None => (t.as_str(), t.as_str()),
    };
    let rows: usize = r.parse().map_err(|_| bad())?;
    let cols: usize = c.parse().map_err(|_| bad())?;
    Ok((rows, cols))
}

/// The geometry of a `rows × cols` Hex rhombus on word type `W`.
#[derive(Clone, PartialEq, Eq)]
pub struct HexGeometry<W: BitWord> {
    rows: usize,
    cols: usize,
    cells: usize,
    all: W,
    top: W,
    bottom: W,
    left: W,
    right: W,
    not_left: W,
    not_right: W,
    neighbours: Vec<W>,
}

impl<W: BitWord> fmt::Debug for HexGeometry<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HexGeometry({}x{})", self.rows, self.cols)
    }
}

impl<W: BitWord> HexGeometry<W> {
    /// Build the geometry; fails if the board is empty, does not fit in `W`, or exceeds 121
    /// cells.
    pub fn new(rows: usize, cols: usize) -> Result<Self, HexError> {
        let cells = rows.saturating_mul(cols);
        let max = MAX_CELLS.min(W::BITS as usize);
        if rows == 0 || cols == 0 || cells > max {
            return Err(HexError::BadSize {
                rows,
                cols,
                cells,
                max,
            });
        }
        if cols > 26 {
            return Err(HexError::TooWide { rows, cols });
        }
        let all = W::low_mask(cells as u32);
        let mut top = W::ZERO;
        let mut bottom = W::ZERO;
        let mut left = W::ZERO;
        let mut right = W::ZERO;
        for c in 0..cols {
            top |= W::bit(c as u32);
            bottom |= W::bit(((rows - 1) * cols + c) as u32);
        }
        for r in 0..rows {
            left |= W::bit((r * cols) as u32);
            right |= W::bit((r * cols + cols - 1) as u32);
        }
        let mut g = HexGeometry {
            rows,
            cols,
            cells,
            all,
            top,
            bottom,
            left,
            right,
            not_left: all & !left,
            not_right: all & !right,
            neighbours: Vec::new(),
        };
        g.neighbours = (0..cells)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                let mut m = W::ZERO;
                for (dr, dc) in [(0i64, 1i64), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, -1)] {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols {
                        m |= W::bit((nr as usize * cols + nc as usize) as u32);
                    }
                }
                m
            })
            .collect();
        Ok(g)
    }

    /// Rows of the board.
    #[inline]
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Columns of the board.
    #[inline]
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// Number of cells.
    #[inline]
    pub fn cells(&self) -> usize {
        self.cells
    }
    /// Every cell.
    #[inline]
    pub fn all(&self) -> W {
        self.all
    }
    /// Row 1 (the first player's top edge).
    #[inline]
    pub fn top(&self) -> W {
        self.top
    }
    /// The last row (the first player's bottom edge).
    #[inline]
    pub fn bottom(&self) -> W {
        self.bottom
    }
    /// Column `a` (the second player's left edge).
    #[inline]
    pub fn left(&self) -> W {
        self.left
    }
    /// The last column (the second player's right edge).
    #[inline]
    pub fn right(&self) -> W {
        self.right
    }
    /// The two edges of the first player (`first = true`: top and bottom) or of the second
    /// (left and right).
    #[inline]
    pub fn edges(&self, first: bool) -> (W, W) {
        if first {
            (self.top, self.bottom)
        } else {
            (self.left, self.right)
        }
    }
    /// The neighbours of cell `i` (table lookup).
    #[inline]
    pub fn neighbours(&self, i: u32) -> W {
        self.neighbours[i as usize]
    }

    /// `set` together with every neighbour of a cell of `set` (six shifts).
    #[inline]
    pub fn expand(&self, set: W) -> W {
        let c = self.cols as u32;
        let east = (set << 1) & self.not_left; // (r, c+1)
        let west = (set >> 1) & self.not_right; // (r, c-1)
        let south = set << c; // (r+1, c)
        let north = set >> c; // (r-1, c)
                              // (r-1, c+1): index − (cols − 1); (r+1, c−1): index + (cols − 1).
        let north_east = (set >> (c - 1)) & self.not_left;
        let south_west = (set << (c - 1)) & self.not_right;
        (set | east | west | south | north | north_east | south_west) & self.all
    }

    /// Cells of `within` connected to `seeds ∩ within` through `within`.
    #[inline]
    pub fn flood(&self, seeds: W, within: W) -> W {
        let mut reach = seeds & within;
        loop {
            let next = self.expand(reach) & within;
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    /// True if `stones` join the two edges `a` and `b` (stones on `a` flooded through `stones`
    /// reach `b`).
    #[inline]
    pub fn joins(&self, stones: W, a: W, b: W) -> bool {
        !(self.flood(stones & a, stones) & b).is_empty()
    }

    /// True if `stones` join top and bottom (a first-player chain).
    #[inline]
    pub fn joins_top_bottom(&self, stones: W) -> bool {
        self.joins(stones, self.top, self.bottom)
    }

    /// True if `stones` join left and right (a second-player chain).
    #[inline]
    pub fn joins_left_right(&self, stones: W) -> bool {
        self.joins(stones, self.left, self.right)
    }

    /// The 180° rotation: cell `i ↦ cells − 1 − i`.
    #[inline]
    pub fn rotate180(&self, set: W) -> W {
        set.reverse() >> (W::BITS - self.cells as u32)
    }

    /// Index of `(row, col)`.
    #[inline]
    pub fn index(&self, row: usize, col: usize) -> u32 {
        debug_assert!(row < self.rows && col < self.cols);
        (row * self.cols + col) as u32
    }

    /// `(row, col)` of cell `i`.
    #[inline]
    pub fn coords(&self, i: u32) -> (usize, usize) {
        (i as usize / self.cols, i as usize % self.cols)
    }

    /// The name of cell `i`: column letter and 1-based row, `a1` top-left.
    pub fn name(&self, i: u32) -> String {
        let (r, c) = self.coords(i);
        format!("{}{}", (b'a' + c as u8) as char, r + 1)
    }

    /// Parse a cell name (`a1`, case-insensitive) on this board.
    pub fn parse_cell(&self, name: &str) -> Result<u32, HexError> {
        let bad = || HexError::BadCell {
            name: name.to_string(),
            rows: self.rows,
            cols: self.cols,
            last_col: (b'a' + self.cols as u8 - 1) as char,
        };
        let t = name.trim();
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let col = (letter as u8 - b'a') as usize;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return Err(bad());
        }
        let row: usize = digits.parse().map_err(|_| bad())?;
        if col >= self.cols || row == 0 || row > self.rows {
            return Err(bad());
        }
        Ok(self.index(row - 1, col))
    }

    /// Names of the cells of `set`, lowest index first.
    pub fn names(&self, set: W) -> Vec<String> {
        set.iter().map(|i| self.name(i)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn brute_expand<W: BitWord>(g: &HexGeometry<W>, set: W) -> W {
        let mut out = set;
        for i in set.iter() {
            out |= g.neighbours(i);
        }
        out
    }

    #[test]
    fn neighbours_of_corners_and_centre() {
        let g = HexGeometry::<u64>::new(5, 5).unwrap();
        let a1 = g.parse_cell("a1").unwrap();
        assert_eq!(g.names(g.neighbours(a1)), vec!["b1", "a2"]);
        let c3 = g.parse_cell("c3").unwrap();
        assert_eq!(
            g.names(g.neighbours(c3)),
            vec!["c2", "d2", "b3", "d3", "b4", "c4"]
        );
        let e5 = g.parse_cell("e5").unwrap();
        assert_eq!(g.neighbours(e5).count(), 2);
        // Obtuse corners have three neighbours.
        assert_eq!(g.neighbours(g.parse_cell("e1").unwrap()).count(), 3);
        assert_eq!(g.neighbours(g.parse_cell("a5").unwrap()).count(), 3);
    }

    #[test]
    fn names_round_trip_and_errors() {
        let g = HexGeometry::<u128>::new(11, 11).unwrap();
        for i in 0..121 {
            assert_eq!(g.parse_cell(&g.name(i)).unwrap(), i);
        }
        assert_eq!(g.parse_cell("k11").unwrap(), 120);
        for bad in ["", "a", "a0", "l1", "a12", "1a", "aa1", "a-1", "ä1"] {
            assert!(g.parse_cell(bad).is_err(), "{bad}");
        }
        assert!(HexGeometry::<u64>::new(9, 9).is_err());
        assert!(HexGeometry::<u128>::new(12, 11).is_err());
        assert!(HexGeometry::<u128>::new(0, 3).is_err());
        assert_eq!(parse_size("4x3").unwrap(), (4, 3));
        assert_eq!(parse_size("6").unwrap(), (6, 6));
        assert!(parse_size("4y3").is_err());
    }

    #[test]
    fn connection_tests() {
        let g = HexGeometry::<u64>::new(3, 3).unwrap();
        let set = |names: &[&str]| {
            names
                .iter()
                .fold(0u64, |m, n| m | 1 << g.parse_cell(n).unwrap())
        };
        assert!(g.joins_top_bottom(set(&["b1", "b2", "b3"])));
        // c1-b2-a3 runs along the short diagonal: connected.
        assert!(g.joins_top_bottom(set(&["c1", "b2", "a3"])));
        // a1-b2-c3 is not a chain (a1 and b2 are not neighbours).
        assert!(!g.joins_top_bottom(set(&["a1", "b2", "c3"])));
        assert!(g.joins_left_right(set(&["a2", "b2", "c2"])));
        assert!(!g.joins_left_right(set(&["a1", "b2", "c3"])));
    }

    proptest! {
        #[test]
        fn expand_matches_table(rows in 1usize..=11, cols in 1usize..=11, bits: u128) {
            prop_assume!(rows * cols <= 121);
            let g = HexGeometry::<u128>::new(rows, cols).unwrap();
            let set = bits & g.all();
            prop_assert_eq!(g.expand(set), brute_expand(&g, set));
        }

        #[test]
        fn rotation_is_an_involutive_automorphism(rows in 1usize..=8, cols in 1usize..=8, bits: u64) {
            let g = HexGeometry::<u64>::new(rows, cols).unwrap();
            let set = bits & g.all();
            let rot = g.rotate180(set);
            prop_assert_eq!(g.rotate180(rot), set);
            prop_assert_eq!(rot.count(), set.count());
            prop_assert_eq!(g.expand(rot), g.rotate180(g.expand(set)));
            prop_assert_eq!(g.joins_top_bottom(set), g.joins_top_bottom(rot));
            prop_assert_eq!(g.joins_left_right(set), g.joins_left_right(rot));
        }

        #[test]
        fn a_full_board_has_exactly_one_chain(rows in 1usize..=8, cols in 1usize..=8, bits: u64) {
            let g = HexGeometry::<u64>::new(rows, cols).unwrap();
            let black = bits & g.all();
            let white = g.all() & !black;
            prop_assert_ne!(g.joins_top_bottom(black), g.joins_left_right(white));
        }
    }
}
