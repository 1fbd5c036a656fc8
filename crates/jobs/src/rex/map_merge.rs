//! Merging a sharded Rex map ([`crate::merge`]): every shard's `replies-IofN.csv` into the
//! `replies.csv`, `openings.csv`, `map.md` and `map.svg` that one run of the whole map writes.

use super::map::{plan, write_reports, MapError, UnitResult};
use super::map_files::{self, config_board, csv_line, parse_lines, JOB};
use crate::merge::Unfinished;
use crate::output::{JobError, JobResult};
use crate::shard::{Part, PartHeader, Shard};
use bitboard::BitWord;
use rex::RexPosition;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The map's result files and their columns that depend on the run: the measurements, and
/// Black's answers (any proven winning move, which can differ between runs; `gsolve rex
/// map-check` solves every answer again).
pub const RESULT_FILES: &[(&str, &[&str])] = &[
    ("replies.csv", &["answer", "nodes", "seconds", "threads"]),
    ("openings.csv", &["seconds"]),
    ("map.md", &[ANSWERS_COLUMN, "seconds"]),
    ("map.svg", &[]),
];

/// The header of `map.md`'s column of Black's answers.
pub const ANSWERS_COLUMN: &str = "Black's answers (reply→answer)";

fn job_err(e: MapError) -> JobError {
    match e {
        MapError::Io { .. } => JobError::runtime(e),
        _ => JobError::input(e),
    }
}

/// The board and openings of a map part's config.
fn read_config(parts: &[Part], common: &PartHeader) -> JobResult<((usize, usize), Vec<String>)> {
    let bad_config = || {
        JobError::input(format!(
            "{}: config {:?}: expected board=RxC openings=…",
            parts[0].path.display(),
            common.config
        ))
    };
    let size = config_board(&common.config).ok_or_else(bad_config)?;
    let (rows, cols) = size
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .ok_or_else(bad_config)?;
    let openings: Vec<String> = common
        .config
        .split_whitespace()
        .find_map(|w| w.strip_prefix("openings="))
        .filter(|o| *o != "all")
        .map(|o| o.split(',').map(str::to_string).collect())
        .unwrap_or_default();
    Ok(((rows, cols), openings))
}

/// The shards among `parts` that have not finished their units: (shard, done, total).
pub fn unfinished(parts: &[Part], common: &PartHeader) -> JobResult<Unfinished> {
    let (size, openings) = read_config(parts, common)?;
    if size.0.saturating_mul(size.1) <= 64 {
        Ok(gather::<u64>(parts, common, size, &openings)?.1)
    } else {
        Ok(gather::<u128>(parts, common, size, &openings)?.1)
    }
}

/// Merge the map's parts (checked by [`crate::merge::check_shards`]) into `out`: (units,
/// files written).
pub fn merge(parts: &[Part], common: &PartHeader, out: &Path) -> JobResult<(usize, Vec<PathBuf>)> {
    let (size, openings) = read_config(parts, common)?;
    if size.0.saturating_mul(size.1) <= 64 {
        merge_on::<u64>(parts, common, out, size, &openings)
    } else {
        merge_on::<u128>(parts, common, out, size, &openings)
    }
}

type Done = BTreeMap<(String, String), UnitResult>;

/// Every unit of the parts, checked to be its shard's, and the unfinished shards.
fn gather<W: BitWord>(
    parts: &[Part],
    common: &PartHeader,
    (rows, cols): (usize, usize),
    openings: &[String],
) -> JobResult<(Done, Unfinished)> {
    let board = RexPosition::<W>::new(rows, cols)
        .map_err(|e| JobError::input(format!("{}: {e}", parts[0].path.display())))?;
    let name = |c: u32| board.hex().name(c);
    let whole = plan(&board, openings, Shard::WHOLE).map_err(job_err)?;
    if whole.config != common.config {
        return Err(JobError::input(format!(
            "{}: config {:?} is not in the form this gsolve writes ({:?})",
            parts[0].path.display(),
            common.config,
            whole.config
        )));
    }
    let mut done = Done::new();
    let mut incomplete = Vec::new();
    for part in parts {
        let mine = plan(&board, openings, part.header.shard)
            .map_err(job_err)?
            .mine;
        let units =
            parse_lines(part.body.iter().map(String::as_str), &part.path).map_err(job_err)?;
        let mut found = 0;
        for u in units {
            let owned = mine
                .iter()
                .any(|&(x, r)| name(x) == u.opening && name(r) == u.reply);
            if !owned {
                let unit = format!("unit {} {}", u.opening, u.reply);
                return Err(crate::merge::not_this_shards(part, &unit, "units"));
            }
            if done
                .insert((u.opening.clone(), u.reply.clone()), u)
                .is_none()
            {
                found += 1;
            }
        }
        if found < mine.len() {
            incomplete.push((part.header.shard.index, found, mine.len()));
        }
    }
    Ok((done, incomplete))
}

fn merge_on<W: BitWord>(
    parts: &[Part],
    common: &PartHeader,
    out: &Path,
    (rows, cols): (usize, usize),
    openings: &[String],
) -> JobResult<(usize, Vec<PathBuf>)> {
    let (done, incomplete) = gather::<W>(parts, common, (rows, cols), openings)?;
    crate::merge::unfinished_error(common, &incomplete)?;
    let board = RexPosition::<W>::new(rows, cols).map_err(JobError::input)?;
    let name = |c: u32| board.hex().name(c);
    let whole = plan(&board, openings, Shard::WHOLE).map_err(job_err)?;
    std::fs::create_dir_all(out)
        .map_err(|e| JobError::runtime(format!("cannot create {}: {e}", out.display())))?;
    let header = PartHeader::new(JOB, &common.config, Shard::WHOLE);
    let mut text = map_files::part_start(&header, &format!("{rows}x{cols}"));
    for &(x, r) in &whole.wanted {
        text.push_str(&csv_line(&done[&(name(x), name(r))]));
    }
    let replies = out.join(map_files::results_name(Shard::WHOLE));
    crate::output::write_atomic(&replies, text.as_bytes())?;
    let mut files = vec![replies];
    files.extend(write_reports(out, &board, &whole.all_units, &done).map_err(job_err)?);
    Ok((whole.wanted.len(), files))
}
