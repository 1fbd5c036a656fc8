//! Reader for the Solrex regression files (`moves: winning moves` per line).
//!
//! The Solrex suite (`shared/data/solrex/`) uses Benzene's GTP colours: the first mover is White
//! and joins west–east (columns `a` and `e`). Transposing every cell (swap the column letter and
//! the row number, `b4 ↔ d2`) maps that convention to this project's (Black first, top–bottom):
//! the neighbourhood is symmetric under transposition, and the first mover's sides become top
//! and bottom. [`parse_suite`] returns the lines already transposed.

use thiserror::Error;

/// One line of a suite file: the moves played from the empty board (first mover first) and the
/// complete set of winning moves for the player to move (empty: the player to move loses).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteLine {
    /// 1-based line number in the file.
    pub line: usize,
    /// Moves in this project's convention.
    pub moves: Vec<String>,
    /// Winning moves of the player to move, in this project's convention, sorted by name.
    pub winning: Vec<String>,
}

/// A malformed suite file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {why}")]
pub struct SuiteError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

/// Transpose a cell name: column letter ↔ row number (`b4` → `d2`). `None` if malformed or
/// beyond 26 rows/columns.
pub fn transpose_name(name: &str) -> Option<String> {
    let t = name.trim().to_ascii_lowercase();
    let mut chars = t.chars();
    let letter = chars.next()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let row: usize = chars.as_str().parse().ok()?;
    if row == 0 || row > 26 {
        return None;
    }
    let col = (letter as u8 - b'a') as usize + 1;
    Some(format!("{}{}", (b'a' + row as u8 - 1) as char, col))
}

/// Parse a suite file in Benzene's convention and transpose it to this project's.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteLine>, SuiteError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let (moves, winning) = l.split_once(':').ok_or_else(|| SuiteError {
            line,
            why: "expected `moves: winning moves`".into(),
        })?;
        let conv = |s: &str| -> Result<Vec<String>, SuiteError> {
            s.split_whitespace()
                .map(|c| {
                    transpose_name(c).ok_or_else(|| SuiteError {
                        line,
                        why: format!("bad cell {c:?}"),
                    })
                })
                .collect()
        };
        let moves = conv(moves)?;
        if moves.is_empty() {
            return Err(SuiteError {
                line,
                why: "no moves before the colon".into(),
            });
        }
        let mut winning = conv(winning)?;
        winning.sort();
        out.push(SuiteLine {
            line,
            moves,
            winning,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transposition() {
        assert_eq!(transpose_name("c3").as_deref(), Some("c3"));
        assert_eq!(transpose_name("b4").as_deref(), Some("d2"));
        assert_eq!(transpose_name("e1").as_deref(), Some("a5"));
        assert_eq!(transpose_name("1e"), None);
        let s = parse_suite("a1 b2:c1 e5\nb5 d2 a2 a5 a3:\n").unwrap();
        assert_eq!(s[0].moves, vec!["a1", "b2"]);
        assert_eq!(s[0].winning, vec!["a3", "e5"]);
        assert!(s[1].winning.is_empty());
        assert!(parse_suite("a1 b2 c1").is_err());
        assert!(parse_suite("zz:").is_err());
    }
}
