//! The map's files: the finished units (`replies*.csv`, appended one line per unit) and the
//! reports rebuilt from them (`openings.csv`, `map.md`, `map.svg`).

use super::{io_err, MapConfig, MapError, OpeningStatus, UnitResult};
use bitboard::BitWord;
use rex::RexPosition;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

pub(super) fn results_name(shard: (usize, usize)) -> String {
    if shard.1 == 1 {
        "replies.csv".into()
    } else {
        format!("replies-{}of{}.csv", shard.0, shard.1)
    }
}

pub(super) fn proofs_name(shard: (usize, usize)) -> String {
    if shard.1 == 1 {
        "proofs.bin.gz".into()
    } else {
        format!("proofs-{}of{}.bin.gz", shard.0, shard.1)
    }
}

const CSV_COLUMNS: &str = "opening,reply,black_wins,answer,nodes,seconds,threads";

/// Every finished unit in the folder's `replies*.csv` files, by (opening, reply).
pub(super) fn read_results(dir: &Path) -> Result<BTreeMap<(String, String), UnitResult>, MapError> {
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
        let text = std::fs::read_to_string(&path).map_err(|err| match err.kind() {
            std::io::ErrorKind::InvalidData => MapError::Results {
                path: path.display().to_string(),
                line: 0,
                why: "not UTF-8 text (a foreign file?)".into(),
            },
            _ => io_err(&path)(err),
        })?;
        // Only whole lines: a kill while appending leaves a last line without its newline.
        let whole = match text.rfind('\n') {
            Some(i) => &text[..=i],
            None => "",
        };
        for (i, line) in whole.lines().enumerate() {
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
            let r = UnitResult {
                opening: f[0].into(),
                reply: f[1].into(),
                black_wins,
                answer: (!f[3].is_empty()).then(|| f[3].to_string()),
                nodes: f[4].parse().map_err(|_| bad("bad node count"))?,
                seconds: f[5].parse().map_err(|_| bad("bad seconds"))?,
                threads: f[6].parse().map_err(|_| bad("bad thread count"))?,
            };
            out.insert((r.opening.clone(), r.reply.clone()), r);
        }
    }
    Ok(out)
}

pub(super) fn append_result(path: &Path, r: &UnitResult, board: &str) -> Result<(), MapError> {
    let fresh = !path.exists();
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(io_err(path))?;
    let mut text = String::new();
    if fresh {
        text.push_str(&format!(
            "# gsolve {} rex map {board}: one line per (opening, reply), Black to move after both; answer = a winning Black move\n{CSV_COLUMNS}\n",
            env!("CARGO_PKG_VERSION")
        ));
    }
    text.push_str(&format!(
        "{},{},{},{},{},{:.3},{}\n",
        r.opening,
        r.reply,
        r.black_wins,
        r.answer.as_deref().unwrap_or(""),
        r.nodes,
        r.seconds,
        r.threads
    ));
    f.write_all(text.as_bytes()).map_err(io_err(path))?;
    f.sync_data().map_err(io_err(path))
}

pub(super) fn statuses<W: BitWord>(
    board: &RexPosition<W>,
    all_units: &[(u32, u32)],
    done: &BTreeMap<(String, String), UnitResult>,
) -> Vec<OpeningStatus> {
    let n = board.hex().cells() as u32;
    let name = |c: u32| board.hex().name(c);
    let mut out: Vec<OpeningStatus> = Vec::new();
    for &(x, r) in all_units {
        if out.last().is_none_or(|o| o.opening != name(x)) {
            out.push(OpeningStatus {
                opening: name(x),
                image: name(n - 1 - x),
                replies_total: 0,
                replies_done: 0,
                white_wins: Vec::new(),
                black_wins: None,
                seconds: 0.0,
            });
        }
        let o = out.last_mut().expect("pushed");
        o.replies_total += 1;
        if let Some(u) = done.get(&(name(x), name(r))) {
            o.replies_done += 1;
            // Each unit as written in the CSV (milliseconds), so that a rewrite after a reload
            // gives the same total as the run that solved the units.
            o.seconds += (u.seconds * 1000.0).round() / 1000.0;
            if !u.black_wins {
                o.white_wins.push(u.reply.clone());
            }
        }
    }
    for o in &mut out {
        o.black_wins = if !o.white_wins.is_empty() {
            Some(false)
        } else if o.replies_done == o.replies_total {
            Some(true)
        } else {
            None
        };
    }
    out
}

/// Rebuild `openings.csv`, `map.md` and `map.svg` from every finished unit.
pub(super) fn write_reports<W: BitWord>(
    cfg: &MapConfig,
    board: &RexPosition<W>,
    all_units: &[(u32, u32)],
    done: &BTreeMap<(String, String), UnitResult>,
) -> Result<Vec<PathBuf>, MapError> {
    let st = statuses(board, all_units, done);
    let size = format!("{}x{}", cfg.rows, cfg.cols);
    let version = env!("CARGO_PKG_VERSION");
    let mut csv = format!(
        "# gsolve {version} rex map {size}: openings up to the 180-degree rotation\nopening,image,black_wins,replies_done,replies_total,white_winning_replies,seconds\n"
    );
    for o in &st {
        csv.push_str(&format!(
            "{},{},{},{},{},{},{:.3}\n",
            o.opening,
            o.image,
            match o.black_wins {
                Some(true) => "true",
                Some(false) => "false",
                None => "",
            },
            o.replies_done,
            o.replies_total,
            o.white_wins.join(" "),
            o.seconds
        ));
    }
    let md = super::super::map_report::markdown(&size, &st, done, version);
    let svg = super::super::map_report::svg(board, &st);
    let mut files = Vec::new();
    for (name, text) in [("openings.csv", csv), ("map.md", md), ("map.svg", svg)] {
        let path = cfg.out.join(name);
        write_atomic(&path, &text)?;
        files.push(path);
    }
    Ok(files)
}

/// Write `text` atomically ([`crate::output::write_atomic`]).
fn write_atomic(path: &Path, text: &str) -> Result<(), MapError> {
    crate::output::write_atomic(path, text.as_bytes()).map_err(|e| MapError::Io {
        path: path.display().to_string(),
        err: std::io::Error::other(e.to_string()),
    })
}
