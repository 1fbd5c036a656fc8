//! Dola perft by first move, as a file: `gsolve dola perft --out DIR [--shard I/N]`. The first
//! moves of the position, in generation order, are the work items: shard I/N counts the moves
//! whose index is I modulo N ([`crate::shard`]) and appends `move,nodes,seconds` to its part
//! file (`perft.csv` for the whole count, `perft-IofN.csv` for a shard) as each finishes, so a
//! killed run resumes after its last finished move and a finished one does nothing.
//! [`merge`] adds the shards into the `perft.csv` one run writes.

use crate::merge::Unfinished;
use crate::output::{write_atomic, JobError, JobResult};
use crate::shard::{Part, PartHeader, Shard};
use crate::Progress;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The job name of the part files.
pub const JOB: &str = "dola-perft";
/// The columns of a part file (`seconds` measures the run).
const COLUMNS: &str = "move,nodes,seconds";
/// The result file and its timing column.
pub const RESULT_FILES: &[(&str, &[&str])] = &[("perft.csv", &["seconds"])];

/// What a run of a perft shard did.
#[derive(Debug, Clone)]
pub struct PerftPart {
    /// The part file.
    pub file: PathBuf,
    /// The shard's first moves and their counts, in generation order (all of them when the
    /// shard is finished).
    pub divide: Vec<(String, u64)>,
    /// The shard's first moves.
    pub moves: usize,
    /// Moves counted by this run.
    pub counted_now: usize,
}

fn config(variant: dola::Variant, depth: u32, pos: &dola::Position) -> String {
    format!(
        "variant={} depth={depth} fen={}",
        variant.name(),
        pos.to_fen()
    )
}

/// The part's body rows: (move, nodes, line).
fn rows(part: &Part) -> JobResult<Vec<(String, u64, String)>> {
    let mut out = Vec::new();
    for line in &part.body {
        if line.starts_with('#') || line == COLUMNS || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split(',').collect();
        let nodes = (f.len() == 3).then(|| f[1].parse::<u64>().ok()).flatten();
        let Some(nodes) = nodes else {
            return Err(JobError::input(format!(
                "{}: {line:?}: expected {COLUMNS}",
                part.path.display()
            )));
        };
        out.push((f[0].to_string(), nodes, line.clone()));
    }
    Ok(out)
}

fn part_start(header: &PartHeader, depth: u32) -> String {
    format!(
        "{}# dola perft {depth} split by first move (generation order); seconds measures the run\n{COLUMNS}\n",
        header.text()
    )
}

/// Count this shard's first moves of `pos` to `depth` (2 to 12) into `out`.
pub fn dola_perft_shard(
    variant: dola::Variant,
    pos: &dola::Position,
    depth: u32,
    shard: Shard,
    out: &Path,
    progress: &dyn Progress,
) -> JobResult<PerftPart> {
    if !(2..=crate::perft::MAX_PERFT_DEPTH).contains(&depth) {
        return Err(JobError::input(format!(
            "--depth {depth}: a perft split by first move needs 2..={}",
            crate::perft::MAX_PERFT_DEPTH
        )));
    }
    let header = PartHeader::new(JOB, &config(variant, depth, pos), shard);
    let file = out.join(format!("perft{}.csv", shard.file_suffix()));
    let mut done: Vec<(String, u64, String)> = Vec::new();
    if file.exists() {
        let part = crate::shard::read_part(&file)?
            .ok_or_else(|| JobError::input(format!("{}: not a part file", file.display())))?;
        if part.header.job != header.job
            || part.header.config != header.config
            || part.header.shard != shard
        {
            return Err(JobError::input(format!(
                "{}: a part of {} {} shard {}, not of this run ({} shard {}): use another --out",
                file.display(),
                part.header.job,
                part.header.config,
                part.header.shard,
                header.config,
                shard
            )));
        }
        done = rows(&part)?;
    }
    let roots = pos.legal_move_list();
    let mine: Vec<dola::Move> = roots
        .as_slice()
        .iter()
        .enumerate()
        .filter(|&(i, _)| shard.owns(i))
        .map(|(_, &m)| m)
        .collect();
    let name = dola::Position::coordinate;
    if done.len() < mine.len() {
        // Whole lines only (a kill may tear the last one): rewritten before appending.
        let mut text = part_start(&header, depth);
        for d in &done {
            text.push_str(&d.2);
            text.push('\n');
        }
        write_atomic(&file, text.as_bytes())?;
    }
    progress.start("perft", mine.len() as u64);
    let mut counted_now = 0;
    let mut p = pos.clone();
    for (k, &mv) in mine.iter().enumerate() {
        if done.iter().any(|d| d.0 == name(mv)) {
            continue;
        }
        let t = Instant::now();
        p.play_unchecked(mv);
        let nodes = dola::perft(&mut p, depth - 1);
        p.undo_unchecked(mv);
        let line = format!("{},{nodes},{:.3}", name(mv), t.elapsed().as_secs_f64());
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&file)
            .and_then(|mut f| f.write_all(format!("{line}\n").as_bytes()).map(|_| f))
            .map_err(|e| JobError::runtime(format!("cannot append to {}: {e}", file.display())))?;
        f.flush()
            .and_then(|_| f.sync_data())
            .map_err(|e| JobError::runtime(format!("{}: {e}", file.display())))?;
        done.push((name(mv), nodes, line));
        counted_now += 1;
        progress.advance(k as u64 + 1, &name(mv));
    }
    progress.finish();
    let divide = mine
        .iter()
        .filter_map(|&m| {
            done.iter()
                .find(|d| d.0 == name(m))
                .map(|d| (d.0.clone(), d.1))
        })
        .collect();
    Ok(PerftPart {
        file,
        divide,
        moves: mine.len(),
        counted_now,
    })
}

/// The position, depth and first moves of a perft part config.
fn read_config(part: &Part) -> JobResult<(dola::Position, u32, Vec<String>)> {
    let bad = || {
        JobError::input(format!(
            "{}: config {:?}: expected variant=V depth=D fen=FEN",
            part.path.display(),
            part.header.config
        ))
    };
    let c = &part.header.config;
    let (head, fen) = c.split_once(" fen=").ok_or_else(bad)?;
    let mut words = head.split_whitespace();
    let variant: dola::Variant = words
        .next()
        .and_then(|w| w.strip_prefix("variant="))
        .and_then(|v| v.parse().ok())
        .ok_or_else(bad)?;
    let depth: u32 = words
        .next()
        .and_then(|w| w.strip_prefix("depth="))
        .and_then(|d| d.parse().ok())
        .ok_or_else(bad)?;
    let pos = dola::Position::from_fen(variant, fen).map_err(|_| bad())?;
    let moves = pos
        .legal_move_list()
        .as_slice()
        .iter()
        .map(|&m| dola::Position::coordinate(m))
        .collect();
    Ok((pos, depth, moves))
}

/// Every first move's count in the parts, and the unfinished shards.
fn gather(parts: &[Part]) -> JobResult<(Vec<Option<u64>>, Unfinished, u32)> {
    let (_, depth, moves) = read_config(&parts[0])?;
    let mut counts: Vec<Option<u64>> = vec![None; moves.len()];
    let mut unfinished = Vec::new();
    for part in parts {
        let shard = part.header.shard;
        let mine: Vec<usize> = (0..moves.len()).filter(|&i| shard.owns(i)).collect();
        let mut found = 0;
        for (mv, nodes, _) in rows(part)? {
            let i = moves
                .iter()
                .position(|m| *m == mv)
                .filter(|i| mine.contains(i));
            let Some(i) = i else {
                return Err(JobError::input(format!(
                    "{}: first move {mv} is not one of shard {shard}'s",
                    part.path.display()
                )));
            };
            if counts[i].replace(nodes).is_none() {
                found += 1;
            }
        }
        if found < mine.len() {
            unfinished.push((shard.index, found, mine.len()));
        }
    }
    Ok((counts, unfinished, depth))
}

/// The shards among `parts` that have not finished their first moves.
pub fn unfinished(parts: &[Part]) -> JobResult<Unfinished> {
    Ok(gather(parts)?.1)
}

/// Merge the parts into `out/perft.csv`: (first moves, files written). The seconds of each
/// move are the shard's.
pub fn merge(parts: &[Part], common: &PartHeader, out: &Path) -> JobResult<(usize, Vec<PathBuf>)> {
    let (counts, unfinished, depth) = gather(parts)?;
    crate::merge::unfinished_error(common, &unfinished)?;
    let mut lines: Vec<(usize, String)> = Vec::new();
    let (_, _, moves) = read_config(&parts[0])?;
    for part in parts {
        for (mv, _, line) in rows(part)? {
            let i = moves
                .iter()
                .position(|m| *m == mv)
                .expect("checked by gather");
            lines.push((i, line));
        }
    }
    lines.sort_by_key(|l| l.0);
    let header = PartHeader::new(JOB, &common.config, Shard::WHOLE);
    let mut text = part_start(&header, depth);
    for (_, line) in &lines {
        text.push_str(line);
        text.push('\n');
    }
    let file = out.join("perft.csv");
    write_atomic(&file, text.as_bytes())?;
    debug_assert!(counts.iter().all(Option::is_some));
    Ok((moves.len(), vec![file]))
}
