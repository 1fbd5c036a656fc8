//! Perft by first move, as a file: `gsolve dola perft --out DIR [--shard I/N]` and
//! `gsolve hexecs perft --out DIR [--shard I/N]`. The first moves of the position, in
//! generation order (Hexecs at a chance node: the six die faces), are the work items: shard
//! I/N counts the moves whose index is I modulo N ([`crate::shard`]) and appends one line per
//! move to its part file (`perft.csv` for the whole count, `perft-IofN.csv` for a shard) as
//! each finishes, so a killed run resumes after its last finished move and a finished one does
//! nothing. [`merge`] puts the shards' lines into the `perft.csv` one run writes.
//!
//! A Dola line is `move,nodes,seconds`; a Hexecs line `move,nodes_decisions,nodes_with_chance,
//! seconds`, the two counts of `gsolve hexecs perft` (decision plies only, and the die's
//! outcomes counted as plies too).

use crate::merge::{gather_items, PartItem, Unfinished};
use crate::output::{write_atomic, JobError, JobResult};
use crate::shard::{append_line, read_own_part, Part, PartHeader, Shard};
use crate::Progress;
use hexecs::PerftMode;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The job name of Dola's part files.
pub const DOLA_JOB: &str = "dola-perft";
/// The job name of Hexecs's part files.
pub const HEXECS_JOB: &str = "hexecs-perft";
/// The result file and its timing column (both games).
pub const RESULT_FILES: &[(&str, &[&str])] = &[("perft.csv", &["seconds"])];

const DOLA_COLUMNS: &str = "move,nodes,seconds";
const HEXECS_COLUMNS: &str = "move,nodes_decisions,nodes_with_chance,seconds";

/// What a run of a perft shard did.
#[derive(Debug, Clone)]
pub struct PerftPart {
    /// The part file.
    pub file: PathBuf,
    /// The shard's first moves and their counts (Dola: one; Hexecs: decision-only, then with
    /// chance outcomes), in generation order (all of them when the shard is finished).
    pub divide: Vec<(String, Vec<u64>)>,
    /// The shard's first moves.
    pub moves: usize,
    /// Moves counted by this run.
    pub counted_now: usize,
}

/// A perft split by first move: what its part files say and how one first move is counted.
struct Split<'a> {
    job: &'static str,
    config: String,
    columns: &'static str,
    /// The comment line after the part header.
    note: String,
    /// The first moves' names, in generation order.
    moves: Vec<String>,
    /// The counts below first move `i`.
    count: Box<dyn Fn(usize) -> Vec<u64> + 'a>,
}

fn dola_split(variant: dola::Variant, pos: &dola::Position, depth: u32) -> Split<'_> {
    let roots: Vec<dola::Move> = pos.legal_move_list().as_slice().to_vec();
    Split {
        job: DOLA_JOB,
        config: format!(
            "variant={} depth={depth} fen={}",
            variant.name(),
            pos.to_fen()
        ),
        columns: DOLA_COLUMNS,
        note: format!(
            "# dola perft {depth} split by first move (generation order); seconds measures the run"
        ),
        moves: roots
            .iter()
            .map(|&m| dola::Position::coordinate(m))
            .collect(),
        count: Box::new(move |i| {
            let mut p = pos.clone();
            p.play_unchecked(roots[i]);
            vec![dola::perft(&mut p, depth - 1)]
        }),
    }
}

fn hexecs_split(game: &hexecs::Hexecs, depth: u32) -> Split<'_> {
    let board = game.board();
    let roots = hexecs::first_moves(board);
    Split {
        job: HEXECS_JOB,
        config: format!("depth={depth} position={}", game.position_text()),
        columns: HEXECS_COLUMNS,
        note: format!(
            "# hexecs perft {depth} split by first move (generation order; the die faces at a chance node); nodes_decisions counts decision plies only, nodes_with_chance the die's outcomes too; seconds measures the run"
        ),
        moves: roots.iter().map(|&m| hexecs::raw_move_text(m)).collect(),
        count: Box::new(move |i| {
            [PerftMode::Decisions, PerftMode::WithChance]
                .map(|mode| hexecs::perft_below(board, roots[i], depth, mode))
                .to_vec()
        }),
    }
}

/// The part's body rows: (move, counts, line).
fn rows(part: &Part, split: &Split) -> JobResult<Vec<(String, Vec<u64>, String)>> {
    let fields = split.columns.split(',').count();
    let mut out = Vec::new();
    for line in &part.body {
        if line.starts_with('#') || line == split.columns || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split(',').collect();
        let counts: Option<Vec<u64>> = (f.len() == fields)
            .then(|| f[1..fields - 1].iter().map(|n| n.parse().ok()).collect())
            .flatten();
        let Some(counts) = counts else {
            return Err(JobError::input(format!(
                "{}: {line:?}: expected {}",
                part.path.display(),
                split.columns
            )));
        };
        out.push((f[0].to_string(), counts, line.clone()));
    }
    Ok(out)
}

fn part_start(header: &PartHeader, split: &Split) -> String {
    format!("{}{}\n{}\n", header.text(), split.note, split.columns)
}

/// The position of a perft split by first move.
#[derive(Debug, Clone, Copy)]
pub enum PerftPosition<'a> {
    /// A Dola position of a variant.
    Dola(dola::Variant, &'a dola::Position),
    /// A Hexecs position, counted in both modes.
    Hexecs(&'a hexecs::Hexecs),
}

/// Count this shard's first moves of `position` to `depth` (2 to 12) into `out`.
pub fn perft_shard(
    position: PerftPosition<'_>,
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
    run_shard(&split_of(position, depth), shard, out, progress)
}

fn run_shard(
    split: &Split,
    shard: Shard,
    out: &Path,
    progress: &dyn Progress,
) -> JobResult<PerftPart> {
    let header = PartHeader::new(split.job, &split.config, shard);
    let file = out.join(format!("perft{}.csv", shard.file_suffix()));
    let part = read_own_part(&file, &header)?;
    let mut done = match &part {
        Some(p) => rows(p, split)?,
        None => Vec::new(),
    };
    let mine: Vec<usize> = (0..split.moves.len()).filter(|&i| shard.owns(i)).collect();
    if part.is_none() || done.len() < mine.len() {
        // Whole lines only (a kill may tear the last one): rewritten before appending.
        let mut text = part_start(&header, split);
        for d in &done {
            text.push_str(&d.2);
            text.push('\n');
        }
        write_atomic(&file, text.as_bytes())?;
    }
    progress.start("perft", mine.len() as u64);
    let mut counted_now = 0;
    for (k, &i) in mine.iter().enumerate() {
        let name = &split.moves[i];
        if done.iter().any(|d| d.0 == *name) {
            continue;
        }
        let t = Instant::now();
        let counts = (split.count)(i);
        let numbers: Vec<String> = counts.iter().map(u64::to_string).collect();
        let line = format!(
            "{name},{},{:.3}",
            numbers.join(","),
            t.elapsed().as_secs_f64()
        );
        append_line(&file, &line)?;
        done.push((name.clone(), counts, line));
        counted_now += 1;
        progress.advance(k as u64 + 1, name);
    }
    progress.finish();
    let divide = mine
        .iter()
        .filter_map(|&i| {
            let d = done.iter().find(|d| d.0 == split.moves[i])?;
            Some((d.0.clone(), d.1.clone()))
        })
        .collect();
    Ok(PerftPart {
        file,
        divide,
        moves: mine.len(),
        counted_now,
    })
}

/// A part's position and depth, from its config (owned, for a [`PerftPosition`] to borrow).
enum Setup {
    Dola(dola::Variant, Box<dola::Position>),
    Hexecs(Box<hexecs::Hexecs>),
}

impl Setup {
    fn position(&self) -> PerftPosition<'_> {
        match self {
            Setup::Dola(variant, pos) => PerftPosition::Dola(*variant, pos),
            Setup::Hexecs(game) => PerftPosition::Hexecs(game),
        }
    }
}

/// The position and depth of a perft part's config.
fn read_config(part: &Part) -> JobResult<(Setup, u32)> {
    let c = &part.header.config;
    let bad = |expected: &str| {
        JobError::input(format!(
            "{}: config {c:?}: expected {expected}",
            part.path.display()
        ))
    };
    let depth_of = |w: &str| {
        w.strip_prefix("depth=")
            .and_then(|d| d.parse::<u32>().ok())
            .filter(|d| (2..=crate::perft::MAX_PERFT_DEPTH).contains(d))
    };
    if part.header.job == DOLA_JOB {
        let expected = "variant=V depth=D fen=FEN";
        let (head, fen) = c.split_once(" fen=").ok_or_else(|| bad(expected))?;
        let mut words = head.split_whitespace();
        let variant: dola::Variant = words
            .next()
            .and_then(|w| w.strip_prefix("variant="))
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| bad(expected))?;
        let depth = words
            .next()
            .and_then(depth_of)
            .ok_or_else(|| bad(expected))?;
        let pos = dola::Position::from_fen(variant, fen).map_err(|_| bad(expected))?;
        Ok((Setup::Dola(variant, Box::new(pos)), depth))
    } else {
        let expected = "depth=D position=POSITION";
        let (head, text) = c.split_once(" position=").ok_or_else(|| bad(expected))?;
        let depth = depth_of(head).ok_or_else(|| bad(expected))?;
        let game = hexecs::Hexecs::from_position(text).map_err(|_| bad(expected))?;
        Ok((Setup::Hexecs(Box::new(game)), depth))
    }
}

fn split_of(position: PerftPosition<'_>, depth: u32) -> Split<'_> {
    match position {
        PerftPosition::Dola(variant, pos) => dola_split(variant, pos, depth),
        PerftPosition::Hexecs(game) => hexecs_split(game, depth),
    }
}

/// Every first move's line in the parts, and the unfinished shards.
fn gather(parts: &[Part], split: &Split) -> JobResult<(Vec<Option<String>>, Unfinished)> {
    if split.config != parts[0].header.config {
        return Err(JobError::input(format!(
            "{}: config {:?} is not in the form this gsolve writes ({:?})",
            parts[0].path.display(),
            parts[0].header.config,
            split.config
        )));
    }
    gather_items(parts, split.moves.len(), "first moves", |part| {
        Ok(rows(part, split)?
            .into_iter()
            .map(|(mv, _, line)| PartItem {
                index: split.moves.iter().position(|m| *m == mv),
                name: format!("first move {mv}"),
                value: line,
            })
            .collect())
    })
}

/// The shards among `parts` that have not finished their first moves.
pub fn unfinished(parts: &[Part]) -> JobResult<Unfinished> {
    let (setup, depth) = read_config(&parts[0])?;
    let split = split_of(setup.position(), depth);
    Ok(gather(parts, &split)?.1)
}

/// Merge the parts into `out/perft.csv`: (first moves, files written). The seconds of each
/// move are the shard's.
pub fn merge(parts: &[Part], common: &PartHeader, out: &Path) -> JobResult<(usize, Vec<PathBuf>)> {
    let (setup, depth) = read_config(&parts[0])?;
    let split = split_of(setup.position(), depth);
    let (lines, unfinished) = gather(parts, &split)?;
    crate::merge::unfinished_error(common, &unfinished)?;
    let header = PartHeader::new(&common.job, &common.config, Shard::WHOLE);
    let mut text = part_start(&header, &split);
    for line in lines.iter().flatten() {
        text.push_str(line);
        text.push('\n');
    }
    let file = out.join("perft.csv");
    write_atomic(&file, text.as_bytes())?;
    Ok((split.moves.len(), vec![file]))
}
