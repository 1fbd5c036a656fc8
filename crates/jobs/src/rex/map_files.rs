//! The map's part files: `replies.csv` (the whole map, shard 0/1) or `replies-IofN.csv`
//! (shard I of N), each a [`crate::shard`] part file of job `rex-map` whose config names the
//! board and the openings; read back, checked, appended one unit at a time.

use super::map::{MapError, UnitResult};
use crate::shard::{PartHeader, Shard};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The job name in the part header.
pub(crate) const JOB: &str = "rex-map";

/// The CSV columns of a part file; `nodes`, `seconds` and `threads` measure the run (they
/// differ between runs and between a single run and merged shards), the rest are results.
pub(crate) const CSV_COLUMNS: &str = "opening,reply,black_wins,answer,nodes,seconds,threads";

/// The line after the part header that says what the lines are.
pub(crate) fn description(board: &str) -> String {
    format!(
        "# rex map {board}: one line per (opening, reply), Black to move after both; answer = a winning Black move; nodes, seconds and threads measure the run\n"
    )
}

/// The part file's name for this shard.
pub(crate) fn results_name(shard: Shard) -> String {
    format!("replies{}.csv", shard.file_suffix())
}

/// The solved-position database's name for this shard.
pub(crate) fn proofs_name(shard: Shard) -> String {
    format!("proofs{}.bin.gz", shard.file_suffix())
}

/// The part config: the board and the openings asked for (canonical names, sorted, or `all`).
pub(crate) fn config_text(board: &str, openings: &[String]) -> String {
    if openings.is_empty() {
        format!("board={board} openings=all")
    } else {
        format!("board={board} openings={}", openings.join(","))
    }
}

/// The openings named in a part config: `None` for `openings=all` (or no openings field).
fn config_openings(config: &str) -> Option<Vec<&str>> {
    config
        .split_whitespace()
        .find_map(|w| w.strip_prefix("openings="))
        .filter(|o| *o != "all")
        .map(|o| o.split(',').collect())
}

/// The config this run's part file keeps: an existing part's config when it covers the
/// openings this run asks for (a run of some openings into a folder of the whole map adds
/// its units to that map: a unit's result does not depend on which openings a run was asked
/// for), this run's own config otherwise (a mismatch is refused by [`prepare_part`]).
pub(crate) fn kept_config(path: &Path, config: &str, board: &str) -> Result<String, MapError> {
    if !path.exists() {
        return Ok(config.to_string());
    }
    let text = read_text(path)?;
    let Some(found) = checked_header(&text, path, board)? else {
        return Ok(config.to_string());
    };
    let covers = match (config_openings(&found.config), config_openings(config)) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(have), Some(want)) => want.iter().all(|o| have.contains(o)),
    };
    Ok(if covers {
        found.config
    } else {
        config.to_string()
    })
}

/// The board named in a part config, if any.
pub(crate) fn config_board(config: &str) -> Option<&str> {
    config
        .split_whitespace()
        .find_map(|w| w.strip_prefix("board="))
}

/// One CSV line of a unit.
pub(crate) fn csv_line(r: &UnitResult) -> String {
    format!(
        "{},{},{},{},{},{:.3},{}\n",
        r.opening,
        r.reply,
        r.black_wins,
        r.answer.as_deref().unwrap_or(""),
        r.nodes,
        r.seconds,
        r.threads
    )
}

/// The units of a part's body lines (header comments and the column line skipped).
pub(crate) fn parse_lines<'a>(
    lines: impl Iterator<Item = &'a str>,
    path: &Path,
) -> Result<Vec<UnitResult>, MapError> {
    let mut out = Vec::new();
    for (i, line) in lines.enumerate() {
        if line.starts_with('#') || line == CSV_COLUMNS || line.trim().is_empty() {
            continue;
        }
        let bad = |why: &str| MapError::Results {
            path: path.display().to_string(),
            line: i + 1,
            why: why.into(),
        };
        let f: Vec<&str> = line.split(',').collect();
        if f.len() != 7 {
            return Err(bad("expected 7 fields"));
        }
        let black_wins = match f[2] {
            "true" => true,
            "false" => false,
            _ => return Err(bad("black_wins must be true or false")),
        };
        out.push(UnitResult {
            opening: f[0].into(),
            reply: f[1].into(),
            black_wins,
            answer: (!f[3].is_empty()).then(|| f[3].to_string()),
            nodes: f[4].parse().map_err(|_| bad("bad node count"))?,
            seconds: f[5].parse().map_err(|_| bad("bad seconds"))?,
            threads: f[6].parse().map_err(|_| bad("bad thread count"))?,
        });
    }
    Ok(out)
}

fn read_text(path: &Path) -> Result<String, MapError> {
    std::fs::read_to_string(path).map_err(|err| match err.kind() {
        std::io::ErrorKind::InvalidData => MapError::Results {
            path: path.display().to_string(),
            line: 0,
            why: "not UTF-8 text (a foreign file?)".into(),
        },
        _ => MapError::Io {
            path: path.display().to_string(),
            err,
        },
    })
}

/// The header of a part file's text: `None` for a file written before part headers (its
/// lines are read all the same), an error when the header is malformed or belongs to another
/// job or board.
fn checked_header(text: &str, path: &Path, board: &str) -> Result<Option<PartHeader>, MapError> {
    let bad = |why: String| MapError::Results {
        path: path.display().to_string(),
        line: 1,
        why,
    };
    match PartHeader::parse(text) {
        None => Ok(None),
        Some(Err(why)) => Err(bad(format!("malformed part header: {why}"))),
        Some(Ok(h)) if h.job != JOB || config_board(&h.config) != Some(board) => Err(bad(format!(
            "a part of job {} ({}), not of the rex map {board}",
            h.job, h.config
        ))),
        Some(Ok(h)) => Ok(Some(h)),
    }
}

/// Every finished unit in the folder's `replies*.csv` files, by (opening, reply). Every file
/// must be a part of this board's map (or a file from before part headers).
pub(crate) fn read_results(
    dir: &Path,
    board: &str,
) -> Result<BTreeMap<(String, String), UnitResult>, MapError> {
    let mut out = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(out);
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("replies") && n.ends_with(".csv"))
        })
        .collect();
    files.sort();
    for path in files {
        let text = read_text(&path)?;
        checked_header(&text, &path, board)?;
        // Only whole lines: a kill while appending leaves a last line without its newline.
        let whole = match text.rfind('\n') {
            Some(i) => &text[..=i],
            None => "",
        };
        for r in parse_lines(whole.lines(), &path)? {
            out.insert((r.opening.clone(), r.reply.clone()), r);
        }
    }
    Ok(out)
}

/// Make this shard's part file ready for appending: check that an existing file is a part of
/// the same job, config and shard, and rewrite it (atomically) when it has a torn last line
/// or predates part headers, so that appended lines start on a line of their own.
pub(crate) fn prepare_part(path: &Path, header: &PartHeader, board: &str) -> Result<(), MapError> {
    if !path.exists() {
        return Ok(());
    }
    let text = read_text(path)?;
    let found = checked_header(&text, path, board)?;
    if let Some(h) = &found {
        if h.config != header.config || h.shard != header.shard {
            return Err(MapError::Input(format!(
                "{}: a part of config {:?} shard {}, but this run is config {:?} shard {}: use another --out",
                path.display(),
                h.config,
                h.shard,
                header.config,
                header.shard
            )));
        }
    }
    let torn = !text.is_empty() && !text.ends_with('\n');
    if found.is_some() && !torn {
        return Ok(());
    }
    let whole = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let units = parse_lines(whole.lines(), path)?;
    let mut fresh = part_start(header, board);
    for u in &units {
        fresh.push_str(&csv_line(u));
    }
    crate::output::write_atomic(path, fresh.as_bytes()).map_err(|e| MapError::Io {
        path: path.display().to_string(),
        err: std::io::Error::other(e.to_string()),
    })
}

/// The lines a part file starts with: its header, the description, the columns.
pub(crate) fn part_start(header: &PartHeader, board: &str) -> String {
    format!("{}{}{CSV_COLUMNS}\n", header.text(), description(board))
}

/// Append one finished unit to the part file, flushed; a new file is written whole (header
/// and first line) through a temporary renamed into place, so a part file always has its
/// header.
pub(crate) fn append_result(
    path: &Path,
    r: &UnitResult,
    header: &PartHeader,
    board: &str,
) -> Result<(), MapError> {
    let io = |err| MapError::Io {
        path: path.display().to_string(),
        err,
    };
    if !path.exists() {
        let text = format!("{}{}", part_start(header, board), csv_line(r));
        return crate::output::write_atomic(path, text.as_bytes())
            .map_err(|e| io(std::io::Error::other(e.to_string())));
    }
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(io)?;
    f.write_all(csv_line(r).as_bytes()).map_err(io)?;
    f.sync_data().map_err(io)
}
