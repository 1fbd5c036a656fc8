//! The journal of a self-play run (`.NAME.journal` beside its record file): one line per
//! finished game, appended and synced as each finishes, so that a killed run resumes after its
//! last finished game instead of from the first. Games are independent (the engine is cleared
//! before each; its random opening plies and dice come from the seed and the game number), so
//! the resumed run plays exactly the games the uninterrupted one would have played next.
//!
//! Format: a header line `# gsolve self-play journal 1<TAB>KEY` (KEY: the run's settings; a
//! journal of other settings is refused), then per game `INDEX<TAB>OUTCOME<TAB>DECISIONS<TAB>
//! TEXT` with OUTCOME `first`, `second`, `draw` or `unfinished` and TEXT what the job keeps of
//! the game (its record text or file), `\` and newlines escaped. A torn last line (a kill while
//! appending) is ignored. The journal is removed when the run is complete.

use crate::output::{JobError, JobResult};
use game::{Outcome, Player};
use std::io::Write;
use std::path::{Path, PathBuf};

const HEADER: &str = "# gsolve self-play journal 1\t";

/// One finished game as the journal keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedGame {
    /// 0-based game number.
    pub index: u32,
    /// The result.
    pub outcome: Option<Outcome>,
    /// Decisions played.
    pub decisions: u32,
    /// What the job keeps of the game.
    pub text: String,
}

/// An open journal.
pub struct Journal {
    path: PathBuf,
    file: std::fs::File,
}

pub(crate) fn outcome_code(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Win(Player::First)) => "first",
        Some(Outcome::Win(Player::Second)) => "second",
        Some(Outcome::Draw) => "draw",
        None => "unfinished",
    }
}

pub(crate) fn parse_outcome(text: &str) -> Option<Option<Outcome>> {
    Some(match text {
        "first" => Some(Outcome::Win(Player::First)),
        "second" => Some(Outcome::Win(Player::Second)),
        "draw" => Some(Outcome::Draw),
        "unfinished" => None,
        _ => return None,
    })
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\n', "\\n")
}

fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => {}
            },
            (c, false) => out.push(c),
        }
    }
    out
}

fn parse_line(line: &str) -> Option<FinishedGame> {
    let mut f = line.splitn(4, '\t');
    Some(FinishedGame {
        index: f.next()?.parse().ok()?,
        outcome: parse_outcome(f.next()?)?,
        decisions: f.next()?.parse().ok()?,
        text: unescape(f.next()?),
    })
}

/// The journal of the record file `out`.
pub fn journal_path(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map_or_else(|| "games".into(), |n| n.to_string_lossy().into_owned());
    out.with_file_name(format!(".{name}.journal"))
}

impl Journal {
    /// Open (or start) the journal at `path` of the run `key`; the games it holds, in order.
    pub fn open(path: &Path, key: &str) -> JobResult<(Journal, Vec<FinishedGame>)> {
        let bad = |why: &str| {
            JobError::input(format!(
                "{}: {why} (move it away to start the games afresh)",
                path.display()
            ))
        };
        let key = key.replace(['\t', '\n'], " ");
        let mut games = Vec::new();
        match std::fs::read(path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                let mut lines = text.split_inclusive('\n');
                let header = lines.next().unwrap_or("");
                if header.trim_end_matches('\n') != format!("{HEADER}{key}") {
                    return Err(bad("a self-play journal of other settings, or not one"));
                }
                for line in lines {
                    // A line without its newline is a torn last append: ignored.
                    let Some(line) = line.strip_suffix('\n') else {
                        break;
                    };
                    let g = parse_line(line).ok_or_else(|| bad("a damaged line"))?;
                    if g.index as usize != games.len() {
                        return Err(bad("games out of order"));
                    }
                    games.push(g);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(JobError::runtime(format!("{}: {e}", path.display()))),
        }
        // Rewritten without a torn tail, then appended to.
        let mut body = format!("{HEADER}{key}\n");
        for g in &games {
            body.push_str(&Self::line(g));
        }
        crate::output::write_atomic(path, body.as_bytes())?;
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| JobError::runtime(format!("{}: {e}", path.display())))?;
        Ok((
            Journal {
                path: path.to_path_buf(),
                file,
            },
            games,
        ))
    }

    fn line(g: &FinishedGame) -> String {
        format!(
            "{}\t{}\t{}\t{}\n",
            g.index,
            outcome_code(g.outcome),
            g.decisions,
            escape(&g.text)
        )
    }

    /// Append a finished game (synced).
    pub fn append(&mut self, g: &FinishedGame) -> JobResult<()> {
        let io = |e: std::io::Error| JobError::runtime(format!("{}: {e}", self.path.display()));
        self.file.write_all(Self::line(g).as_bytes()).map_err(io)?;
        self.file.sync_data().map_err(io)
    }

    /// The run is complete: remove the journal, and the temporaries that killed runs left
    /// of it and of the record files of `out` (`.NAME.PID-N.tmp`, see
    /// [`crate::output::remove_stale_temporaries`]).
    pub fn remove(self, out: &Path) {
        let _ = std::fs::remove_file(&self.path);
        let stem = out
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        if let Some(dir) = out.parent() {
            let dir = if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir
            };
            crate::output::remove_stale_temporaries(dir, &stem);
            // The journal's own (it is rewritten when a run resumes).
            let journal = self
                .path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned());
            crate::output::remove_stale_temporaries(dir, &journal.unwrap_or_default());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_round_trip_a_torn_line_is_dropped_and_other_settings_refused() {
        let dir = std::env::temp_dir().join(format!("jobs-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = journal_path(&dir.join("g.txt"));
        let game = |index, outcome| FinishedGame {
            index,
            outcome,
            decisions: 7 + index,
            text: format!("game {index}\nline two \\ tab\tend"),
        };
        let (mut j, none) = Journal::open(&path, "key A").unwrap();
        assert!(none.is_empty());
        j.append(&game(0, Some(Outcome::Draw))).unwrap();
        j.append(&game(1, None)).unwrap();
        drop(j);
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        f.write_all(b"2\tfirst\t3\ttorn").unwrap();
        let (_, back) = Journal::open(&path, "key A").unwrap();
        assert_eq!(back, vec![game(0, Some(Outcome::Draw)), game(1, None)]);
        assert!(Journal::open(&path, "key B").is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
