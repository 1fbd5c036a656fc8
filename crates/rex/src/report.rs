//! The parity table: one row per board, stored as a self-describing CSV and drawn as Markdown
//! with an opening map per board, plus the literature checks of `rules/rex.md`.

use bitboard::hex::HexGeometry;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// First line of every parity CSV written by gsolve.
pub const CSV_MAGIC: &str = "# gsolve rex parity table, format 1";
const CSV_HEADER: &str = "rows,cols,cells,winner,winning_openings,nodes,seconds";

/// The solved empty board `rows × cols` (Black first, no swap).
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRow {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// True if the first player (Black) wins.
    pub first_player_wins: bool,
    /// Every winning first move, by cell name, in index order.
    pub winning_openings: Vec<String>,
    /// Nodes the solver visited.
    pub nodes: u64,
    /// Seconds it took.
    pub seconds: f64,
}

/// The table, keyed by `(rows, cols)`.
#[derive(Clone, Debug, Default)]
pub struct ParityTable {
    rows: BTreeMap<(usize, usize), BoardRow>,
}

/// Why a parity CSV was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// Not a gsolve parity table (or another format version).
    #[error("not a gsolve Rex parity table (first line must be {CSV_MAGIC:?})")]
    Foreign,
    /// A malformed line.
    #[error("line {line}: {why}")]
    Malformed {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        why: String,
    },
}

/// Every board `rows × cols` with `rows·cols ≤ max_cells` (and at most 26 columns), ordered by
/// cell count, then rows.
pub fn boards_up_to(max_cells: usize) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for rows in 1..=max_cells {
        for cols in 1..=max_cells.min(26) {
            if rows * cols <= max_cells {
                v.push((rows, cols));
            }
        }
    }
    v.sort_by_key(|&(r, c)| (r * c, r));
    v
}

impl ParityTable {
    /// The row of a board, if solved.
    pub fn get(&self, rows: usize, cols: usize) -> Option<&BoardRow> {
        self.rows.get(&(rows, cols))
    }

    /// Add or replace a row.
    pub fn insert(&mut self, row: BoardRow) {
        self.rows.insert((row.rows, row.cols), row);
    }

    /// All rows in board order.
    pub fn iter(&self) -> impl Iterator<Item = &BoardRow> {
        let mut v: Vec<&BoardRow> = self.rows.values().collect();
        v.sort_by_key(|b| (b.rows * b.cols, b.rows));
        v.into_iter()
    }

    /// Parse a CSV written by [`ParityTable::to_csv`]; refuses anything else.
    pub fn from_csv(text: &str) -> Result<Self, TableError> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, l)) if l.trim_end() == CSV_MAGIC => {}
            _ => return Err(TableError::Foreign),
        }
        let mut table = ParityTable::default();
        let mut saw_header = false;
        for (i, line) in lines {
            let bad = |why: &str| TableError::Malformed {
                line: i + 1,
                why: why.to_string(),
            };
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if !saw_header {
                if line.trim_end() != CSV_HEADER {
                    return Err(bad("expected the column header"));
                }
                saw_header = true;
                continue;
            }
            let f: Vec<&str> = line.split(',').collect();
            if f.len() != 7 {
                return Err(bad("expected 7 fields"));
            }
            let num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad("bad number"));
            let (rows, cols, cells) = (num(f[0])?, num(f[1])?, num(f[2])?);
            if rows == 0 || cols == 0 || rows * cols != cells || cells > 121 || cols > 26 {
                return Err(bad("inconsistent board size"));
            }
            let first_player_wins = match f[3].trim() {
                "first" => true,
                "second" => false,
                _ => return Err(bad("winner must be first or second")),
            };
            let geo = HexGeometry::<u128>::new(rows, cols).map_err(|e| bad(&e.to_string()))?;
            let mut winning_openings = Vec::new();
            for name in f[4].split_whitespace() {
                let cell = geo.parse_cell(name).map_err(|e| bad(&e.to_string()))?;
                winning_openings.push(geo.name(cell));
            }
            if first_player_wins == winning_openings.is_empty() {
                return Err(bad("winner disagrees with the winning openings"));
            }
            let nodes = f[5]
                .trim()
                .parse::<u64>()
                .map_err(|_| bad("bad node count"))?;
            let seconds = f[6].trim().parse::<f64>().map_err(|_| bad("bad seconds"))?;
            table.insert(BoardRow {
                rows,
                cols,
                first_player_wins,
                winning_openings,
                nodes,
                seconds,
            });
        }
        Ok(table)
    }

    /// The CSV text, headed by the magic line and `producer`.
    pub fn to_csv(&self, producer: &str) -> String {
        let mut s = format!("{CSV_MAGIC}\n# produced by: {producer}\n# Black moves first, no swap; winning_openings are the first player's winning first moves.\n{CSV_HEADER}\n");
        for b in self.iter() {
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{:.3}",
                b.rows,
                b.cols,
                b.rows * b.cols,
                if b.first_player_wins {
                    "first"
                } else {
                    "second"
                },
                b.winning_openings.join(" "),
                b.nodes,
                b.seconds
            );
        }
        s
    }

    /// The Markdown report: the table, the literature checks and an opening map per board
    /// (`W` winning opening, `.` losing).
    pub fn to_markdown(&self, producer: &str) -> String {
        let mut s = String::from("# Rex parity table\n\n");
        let _ = writeln!(s, "Produced by `{producer}`.\n");
        s.push_str(
            "Black moves first and joins top and bottom; White joins left and right; no swap.\n",
        );
        s.push_str("Every value is solved exactly by `gsolve rex table` (negamax with a transposition table and the\n");
        s.push_str("proven Rex pruning documented in `crates/rex`).\n\n");
        s.push_str("| board | cells | winner | # winning openings | winning openings | nodes | seconds |\n");
        s.push_str("|---|---:|---|---:|---|---:|---:|\n");
        for b in self.iter() {
            let _ = writeln!(
                s,
                "| {}x{} | {} | {} | {} | {} | {} | {:.3} |",
                b.rows,
                b.cols,
                b.rows * b.cols,
                if b.first_player_wins {
                    "first"
                } else {
                    "second"
                },
                b.winning_openings.len(),
                if b.winning_openings.is_empty() {
                    "—".into()
                } else {
                    b.winning_openings.join(" ")
                },
                b.nodes,
                b.seconds
            );
        }
        s.push_str("\n## Literature checks\n\n");
        for c in literature_checks(self) {
            let _ = writeln!(s, "- {} {}", if c.ok { "✔" } else { "✘ FAILED:" }, c.what);
        }
        s.push_str("\n## Opening maps\n\n`W`: the first move wins for Black; `.`: it loses.\n");
        for b in self.iter().filter(|b| b.rows > 1 && b.cols > 1) {
            let _ = writeln!(s, "\n### {}x{}\n\n```", b.rows, b.cols);
            s.push_str(&opening_map(b));
            s.push_str("```\n");
        }
        s
    }
}

/// The opening map of a board as text: a rhombus of `W` (winning opening) and `.`.
pub fn opening_map(b: &BoardRow) -> String {
    let mut s = String::from("   ");
    for c in 0..b.cols {
        s.push((b'a' + c as u8) as char);
        s.push(' ');
    }
    s.push('\n');
    for r in 0..b.rows {
        s.push_str(&" ".repeat(r));
        let _ = write!(s, "{:>2} ", r + 1);
        for c in 0..b.cols {
            let name = format!("{}{}", (b'a' + c as u8) as char, r + 1);
            s.push(if b.winning_openings.contains(&name) {
                'W'
            } else {
                '.'
            });
            s.push(' ');
        }
        s.push('\n');
    }
    s
}

/// One comparison with a published result.
#[derive(Clone, Debug)]
pub struct Check {
    /// What was compared.
    pub what: String,
    /// Whether the table agrees.
    pub ok: bool,
}

/// Compare the table with `rules/rex.md`: the winner of n×n (n even ⇔ first player), the
/// complete winning-opening sets of 1×1 to 5×5, and "the player whose own sides are farther
/// apart wins" on non-square boards. Only boards present in the table are checked.
pub fn literature_checks(t: &ParityTable) -> Vec<Check> {
    let mut out = Vec::new();
    let known: [(usize, &[&str]); 5] = [
        (1, &[]),
        (2, &["a1", "b2"]),
        (3, &[]),
        (
            4,
            &[
                "a1", "b1", "c1", "d1", "a2", "b2", "d2", "a3", "c3", "d3", "a4", "b4", "c4", "d4",
            ],
        ),
        (5, &[]),
    ];
    for b in t.iter() {
        if b.rows == b.cols {
            let n = b.rows;
            out.push(Check {
                what: format!(
                    "{n}x{n}: first player wins iff n is even (Winder, Lagarias–Sleator)"
                ),
                ok: b.first_player_wins == (n % 2 == 0),
            });
            if let Some((_, set)) = known.iter().find(|(k, _)| *k == n) {
                let mut want: Vec<String> = set.iter().map(|s| s.to_string()).collect();
                let mut got = b.winning_openings.clone();
                want.sort();
                got.sort();
                out.push(Check {
                    what: format!(
                        "{n}x{n}: winning openings are exactly {{{}}} (rules/rex.md)",
                        set.join(" ")
                    ),
                    ok: want == got,
                });
            }
        } else {
            // Black's sides are `rows` apart, White's `cols` apart.
            let black_farther = b.rows > b.cols;
            out.push(Check {
                what: format!(
                    "{}x{}: {} (own sides farther apart) wins",
                    b.rows,
                    b.cols,
                    if black_farther { "Black" } else { "White" },
                ),
                ok: b.first_player_wins == black_farther,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_round_trip_and_refusals() {
        let mut t = ParityTable::default();
        t.insert(BoardRow {
            rows: 2,
            cols: 2,
            first_player_wins: true,
            winning_openings: vec!["a1".into(), "b2".into()],
            nodes: 7,
            seconds: 0.001,
        });
        t.insert(BoardRow {
            rows: 1,
            cols: 3,
            first_player_wins: false,
            winning_openings: vec![],
            nodes: 1,
            seconds: 0.0,
        });
        let text = t.to_csv("test");
        let back = ParityTable::from_csv(&text).unwrap();
        assert_eq!(back.get(2, 2), t.get(2, 2));
        assert_eq!(back.get(1, 3).unwrap().winning_openings.len(), 0);
        assert_eq!(
            ParityTable::from_csv("rows,cols\n1,2").unwrap_err(),
            TableError::Foreign
        );
        let corrupt = text.replace("a1 b2", "a1 z9");
        assert!(matches!(
            ParityTable::from_csv(&corrupt),
            Err(TableError::Malformed { .. })
        ));
        let truncated = &text[..text.len() - 6];
        assert!(
            ParityTable::from_csv(truncated).is_err()
                || ParityTable::from_csv(truncated)
                    .unwrap()
                    .get(1, 3)
                    .is_none()
        );
    }

    #[test]
    fn boards_are_listed_by_size() {
        let b = boards_up_to(4);
        assert_eq!(
            b,
            vec![
                (1, 1),
                (1, 2),
                (2, 1),
                (1, 3),
                (3, 1),
                (1, 4),
                (2, 2),
                (4, 1)
            ]
        );
    }
}
