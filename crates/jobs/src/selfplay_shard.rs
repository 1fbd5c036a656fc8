//! Engine self-play split by game index: `gsolve dola play --shard I/N --out DIR` and
//! `gsolve hexecs play --shard I/N --out DIR`.
//!
//! # Shards
//! Game `g` (0-based) of a run of `games` games is shard `g mod N`'s ([`crate::shard`]). It is
//! `search::play_game` with the run's seed and the index `g` (its random opening plies and dice
//! drawn from both), played by one engine that is cleared before every game, so a game's moves
//! depend on the config and `g` only: the same in a single run, in any shard of any split, and
//! after a resume. A shard needs a depth or node limit and one search thread: a time limit
//! makes the moves depend on the machine's speed, and with several threads the choice among
//! root moves of equal score varies from run to run, so shards could not add up to one run's
//! games. Such shards are refused (exit 2).
//!
//! # Part files
//! A shard appends one line per finished game to `DIR/dola-play-IofN.csv` (Hexecs:
//! `DIR/hexecs-play-IofN.csv`; `-IofN` left out for `0/1`), flushed and synced, after the part
//! header (job `dola-play` or `hexecs-play`, the config below), a comment line and the column
//! line `game,result,decisions,seconds,moves`: the game's number, `first`, `second`, `draw` or
//! `unfinished` (stopped at the ply cap), the decisions played, the game's seconds (the one
//! column that measures the run), and its moves and die outcomes in coordinate notation,
//! separated by spaces. A killed shard resumes after its last finished game (a torn last line
//! is dropped); a finished one does nothing.
//!
//! The config is `games=G seed=S random_plies=R max_plies=M depth=D nodes=N tt_mb=T chance=C
//! lmr=yes|no chance_first=yes|no` (`none` for an unset limit; `tt_mb=0`: no table), with
//! `variant=V ` before it for Dola and ` position=TEXT` (the start position) after it for
//! Hexecs.
//!
//! # Merge
//! [`merge`] replays every game's moves from the start (each must be legal, and the game must
//! end as its line says) and writes the files that one unsharded run with `--out DIR/games.txt
//! --summary DIR/selfplay.md` writes: the records (Dola: `games-001.txt` … one French record per
//! game, `games.txt` when there is one game; Hexecs: `games.txt`, one line of moves per game)
//! and `selfplay.md`. They equal that run's files except the recorded command, which is the
//! merge's (`gsolve merge (N shards of JOB CONFIG)`); [`compare_records`] compares the records
//! of two folders, the command aside.

use crate::merge::{gather_items, PartItem, Unfinished};
use crate::output::{bounded, write_atomic, JobError, JobResult};
use crate::search::{search_error, SearchSettings};
use crate::selfplay::{self as sp, PlayConfig};
use crate::selfplay_journal::{outcome_code, parse_outcome};
use crate::shard::{append_line, read_own_part, Part, PartHeader, Shard};
use crate::Progress;
use game::{Evaluate, Game, MoveHints, NodeKind, Notation, Outcome};
use search::SelfPlaySummary;
use search::{ChancePruning, Engine, GameRecord, Limits, SearchOptions, SelfPlayOptions};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The job name of Dola's part files.
pub const DOLA_JOB: &str = "dola-play";
/// The job name of Hexecs's part files.
pub const HEXECS_JOB: &str = "hexecs-play";
/// The merged run's record file (Dola: the stem of `games-NNN.txt`).
pub const RECORDS: &str = "games.txt";
/// The merged run's summary file.
pub const SUMMARY: &str = "selfplay.md";
/// The result files compared by name (the records are compared by [`compare_records`]); none
/// has a column that measures the run.
pub const RESULT_FILES: &[(&str, &[&str])] = &[(SUMMARY, &[])];

const COLUMNS: &str = "game,result,decisions,seconds,moves";
const CHANCE: [ChancePruning; 3] = [
    ChancePruning::None,
    ChancePruning::Star1,
    ChancePruning::Star2,
];

/// Where the games of a self-play run start.
#[derive(Debug, Clone)]
pub enum SelfPlayStart {
    /// The start position of a Dola variant.
    Dola(dola::Variant),
    /// A Hexecs position (its game record starts afresh there).
    Hexecs(Box<hexecs::Hexecs>),
}

impl SelfPlayStart {
    /// Hexecs self-play from `start`'s position, as `gsolve hexecs play` starts it.
    pub fn hexecs(start: &hexecs::Hexecs) -> JobResult<SelfPlayStart> {
        let fresh = hexecs::Hexecs::from_position(&start.position_text())
            .map_err(|e| JobError::input(format!("start position: {e}")))?;
        Ok(SelfPlayStart::Hexecs(Box::new(fresh)))
    }

    /// The job name of the part files.
    pub fn job(&self) -> &'static str {
        match self {
            SelfPlayStart::Dola(_) => DOLA_JOB,
            SelfPlayStart::Hexecs(_) => HEXECS_JOB,
        }
    }

    /// The part config of the run `cfg` from here.
    fn config(&self, cfg: &PlayConfig) -> String {
        let s = &cfg.search;
        let limit = |v: Option<u64>| v.map_or("none".to_string(), |v| v.to_string());
        let yes = |b: bool| if b { "yes" } else { "no" };
        let words = format!(
            "games={} seed={} random_plies={} max_plies={} depth={} nodes={} tt_mb={} chance={} lmr={} chance_first={}",
            cfg.games,
            cfg.seed,
            cfg.random_plies,
            cfg.max_plies,
            limit(s.depth.map(u64::from)),
            limit(s.nodes),
            if s.no_tt { 0 } else { s.tt_mb },
            s.chance.name(),
            yes(!s.no_lmr),
            yes(!s.no_chance_first)
        );
        match self {
            SelfPlayStart::Dola(v) => format!("variant={} {words}", v.name()),
            SelfPlayStart::Hexecs(g) => format!("{words} position={}", g.position_text()),
        }
    }
}

/// Check that the run `cfg` can be split: the checks of every self-play run, and a depth or
/// node limit (no time limit) with one search thread. The engine's limits and options.
pub fn check_shard_config(cfg: &PlayConfig) -> JobResult<(Limits, SearchOptions)> {
    let resolved = sp::check_play(cfg)?;
    if let Some(t) = cfg.search.time {
        return Err(JobError::input(format!(
            "--time {t} with --shard: a game on the clock depends on the machine's speed, so the shards would not add up to one run's games; give --depth D or --nodes N"
        )));
    }
    if cfg.search.threads != 1 {
        return Err(JobError::input(format!(
            "--threads {} with --shard: with several search threads the choice among equal root moves varies from run to run, so the shards would not add up to one run's games; use --threads 1 and more shards",
            cfg.search.threads
        )));
    }
    Ok(resolved)
}

/// What a run of a self-play shard did.
#[derive(Debug, Clone)]
pub struct SelfPlayPart {
    /// The part file.
    pub file: PathBuf,
    /// The shard's games.
    pub games: usize,
    /// Games played by this run (the others were in the part already).
    pub played_now: usize,
    /// The totals of the shard's finished games.
    pub summary: SelfPlaySummary,
}

/// One game of a part.
#[derive(Debug, Clone)]
struct Row {
    game: u32,
    outcome: Option<Outcome>,
    decisions: u32,
    moves: String,
    line: String,
    file: PathBuf,
}

/// The part's games, in file order.
fn rows(part: &Part) -> JobResult<Vec<Row>> {
    let mut out = Vec::new();
    for line in &part.body {
        if line.starts_with('#') || line == COLUMNS || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.splitn(5, ',').collect();
        let row = (f.len() == 5)
            .then(|| {
                f[3].parse::<f64>().ok().filter(|s| s.is_finite())?;
                Some(Row {
                    game: f[0].parse().ok()?,
                    outcome: parse_outcome(f[1])?,
                    decisions: f[2].parse().ok()?,
                    moves: f[4].to_string(),
                    line: line.clone(),
                    file: part.path.clone(),
                })
            })
            .flatten();
        let Some(row) = row else {
            return Err(JobError::input(format!(
                "{}: {:?}: expected {COLUMNS} (result first, second, draw or unfinished)",
                part.path.display(),
                bounded(line, 1000)
            )));
        };
        out.push(row);
    }
    Ok(out)
}

/// Play this shard's games of `cfg` from `start` into its part file in `out` (a folder),
/// resuming after the games already there.
pub fn play_shard(
    start: &SelfPlayStart,
    cfg: &PlayConfig,
    shard: Shard,
    out: &Path,
    progress: &dyn Progress,
) -> JobResult<SelfPlayPart> {
    let engine = check_shard_config(cfg)?;
    let header = PartHeader::new(start.job(), &start.config(cfg), shard);
    // This shard's own temporaries only: other shards may be writing theirs from other nodes.
    let name = format!("{}{}.csv", start.job(), shard.file_suffix());
    crate::output::remove_stale_temporaries(out, &name);
    let file = out.join(name);
    let run = ShardRun {
        cfg,
        engine,
        header,
        file,
    };
    match start {
        SelfPlayStart::Dola(v) => run.play(&dola::Position::start(*v), &dola::DolaHints, progress),
        SelfPlayStart::Hexecs(g) => run.play(g.as_ref(), &hexecs::HexecsHints, progress),
    }
}

/// One shard's run: its config, the engine's settings and its part file.
struct ShardRun<'a> {
    cfg: &'a PlayConfig,
    engine: (Limits, SearchOptions),
    header: PartHeader,
    file: PathBuf,
}

impl ShardRun<'_> {
    fn play<G: Evaluate + Notation, H: MoveHints<G>>(
        self,
        root: &G,
        hints: &H,
        progress: &dyn Progress,
    ) -> JobResult<SelfPlayPart> {
        let (shard, games) = (self.header.shard, self.cfg.games);
        let part = read_own_part(&self.file, &self.header)?;
        let mut done: BTreeMap<u32, Row> = BTreeMap::new();
        if let Some(p) = &part {
            for row in rows(p)? {
                if row.game >= games || !shard.owns(row.game as usize) {
                    let name = format!("game {}", row.game);
                    return Err(crate::merge::not_this_shards(p, &name, "games"));
                }
                done.insert(row.game, row);
            }
        }
        let mine: Vec<u32> = (0..games).filter(|&g| shard.owns(g as usize)).collect();
        let todo: Vec<u32> = mine
            .iter()
            .copied()
            .filter(|g| !done.contains_key(g))
            .collect();
        if part.is_none() || !todo.is_empty() {
            // Whole lines only (a kill may tear the last one): rewritten before appending.
            let mut text = part_start(&self.header);
            for row in done.values() {
                text.push_str(&row.line);
                text.push('\n');
            }
            write_atomic(&self.file, text.as_bytes())?;
        }
        progress.start("self-play", mine.len() as u64);
        if !todo.is_empty() {
            progress.message(&format!(
                "shard {shard}: {} of its {} games to play",
                todo.len(),
                mine.len()
            ));
            let (limits, opts) = &self.engine;
            let mut engine = Engine::new(opts.clone()).map_err(search_error)?;
            let play = SelfPlayOptions {
                random_plies: self.cfg.random_plies,
                max_plies: self.cfg.max_plies,
                seed: self.cfg.seed,
            };
            for &g in &todo {
                let t = Instant::now();
                let record = search::play_game(root, &mut engine, limits, hints, &play, g.into())
                    .map_err(search_error)?;
                let moves = moves_text(root, &record.moves);
                let line = format!(
                    "{g},{},{},{:.3},{moves}",
                    outcome_code(record.outcome),
                    record.decisions,
                    t.elapsed().as_secs_f64()
                );
                append_line(&self.file, &line)?;
                let row = Row {
                    game: g,
                    outcome: record.outcome,
                    decisions: record.decisions,
                    moves,
                    line,
                    file: self.file.clone(),
                };
                done.insert(g, row);
                progress.advance(done.len() as u64, &format!("game {}", g + 1));
            }
        }
        progress.finish();
        let mut summary = SelfPlaySummary::default();
        for row in done.values() {
            summary.add_result(row.outcome, row.decisions);
        }
        Ok(SelfPlayPart {
            file: self.file,
            games: mine.len(),
            played_now: todo.len(),
            summary,
        })
    }
}

fn part_start(header: &PartHeader) -> String {
    format!(
        "{}# {} self-play split by game index (game g is shard g mod N's; its random plies and dice come from the seed and g); result first, second, draw or unfinished (ply cap); seconds measures the run\n{COLUMNS}\n",
        header.text(),
        if header.job == DOLA_JOB { "dola" } else { "hexecs" }
    )
}

/// The moves of a game from `root`, in coordinate notation separated by spaces.
fn moves_text<G: Notation>(root: &G, moves: &[G::Move]) -> String {
    let mut g = root.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        out.push(g.move_text(m));
        g.play(m);
    }
    out.join(" ")
}

/// The start and the games of a part's config (checked to be in the form this gsolve writes).
fn read_config(part: &Part) -> JobResult<(SelfPlayStart, PlayConfig)> {
    let c = &part.header.config;
    let bad = || {
        JobError::input(format!(
            "{}: config {:?} is not a {} config this gsolve writes (see `gsolve merge --help`)",
            part.path.display(),
            bounded(c, 1000),
            part.header.job
        ))
    };
    let (start, words) = if part.header.job == DOLA_JOB {
        let (variant, words) = c.split_once(' ').ok_or_else(bad)?;
        let variant: dola::Variant = variant
            .strip_prefix("variant=")
            .and_then(|v| v.parse().ok())
            .ok_or_else(bad)?;
        (SelfPlayStart::Dola(variant), words)
    } else {
        let (words, position) = c.split_once(" position=").ok_or_else(bad)?;
        let game = hexecs::Hexecs::from_position(position).map_err(|_| bad())?;
        (SelfPlayStart::Hexecs(Box::new(game)), words)
    };
    let word = |key: &str| {
        words
            .split_whitespace()
            .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
    };
    let number = |key: &str| word(key).and_then(|v| v.parse::<u64>().ok());
    let small = |key: &str| number(key).and_then(|v| u32::try_from(v).ok());
    let limit = |key: &str| match word(key) {
        Some("none") => Some(None),
        Some(v) => v.parse::<u64>().ok().map(Some),
        None => None,
    };
    let depth = limit("depth").ok_or_else(bad)?;
    let cfg = PlayConfig {
        games: small("games").ok_or_else(bad)?,
        seed: number("seed").ok_or_else(bad)?,
        random_plies: small("random_plies").ok_or_else(bad)?,
        max_plies: small("max_plies").ok_or_else(bad)?,
        search: SearchSettings {
            depth: depth.map(u32::try_from).transpose().map_err(|_| bad())?,
            nodes: limit("nodes").ok_or_else(bad)?,
            tt_mb: number("tt_mb")
                .and_then(|v| v.try_into().ok())
                .ok_or_else(bad)?,
            chance: CHANCE
                .into_iter()
                .find(|c| word("chance") == Some(c.name()))
                .ok_or_else(bad)?,
            no_lmr: word("lmr") == Some("no"),
            no_chance_first: word("chance_first") == Some("no"),
            ..SearchSettings::default()
        },
    };
    if start.config(&cfg) != *c {
        return Err(bad());
    }
    check_shard_config(&cfg)
        .map_err(|e| JobError::input(format!("{}: config {c:?}: {e}", part.path.display())))?;
    Ok((start, cfg))
}

/// Every game's row in the parts, and the unfinished shards.
fn gather(parts: &[Part], cfg: &PlayConfig) -> JobResult<(Vec<Option<Row>>, Unfinished)> {
    gather_items(parts, cfg.games as usize, "games", |part| {
        Ok(rows(part)?
            .into_iter()
            .map(|row| PartItem {
                index: Some(row.game as usize),
                name: format!("game {}", row.game),
                value: row,
            })
            .collect())
    })
}

/// The shards among `parts` that have not finished their games.
pub fn unfinished(parts: &[Part]) -> JobResult<Unfinished> {
    let (_, cfg) = read_config(&parts[0])?;
    Ok(gather(parts, &cfg)?.1)
}

/// Replay `row`'s moves from `root` (`parse` reads one move in a position): the game's record,
/// or an error naming the part, the game and the move when a move is not legal or the game
/// does not end as the row says.
fn replay<G: Game>(
    root: &G,
    row: &Row,
    parse: impl Fn(&G, &str) -> Option<G::Move>,
) -> JobResult<GameRecord<G::Move>> {
    let bad =
        |why: String| JobError::input(format!("{}: game {}: {why}", row.file.display(), row.game));
    let mut g = root.clone();
    let (mut moves, mut decisions) = (Vec::new(), 0u32);
    for (k, text) in row.moves.split_whitespace().enumerate() {
        let kind = g.node_kind();
        let mv = match kind {
            NodeKind::Terminal => None,
            _ => parse(&g, text),
        }
        .ok_or_else(|| {
            bad(format!(
                "move {} ({:?}) is not legal there",
                k + 1,
                bounded(text, 100)
            ))
        })?;
        decisions += u32::from(matches!(kind, NodeKind::Decision(_)));
        g.play(mv);
        moves.push(mv);
    }
    let outcome = match g.node_kind() {
        NodeKind::Terminal => Some(g.outcome().unwrap_or(Outcome::Draw)),
        _ => None,
    };
    if (outcome, decisions) != (row.outcome, row.decisions) {
        return Err(bad(format!(
            "its moves end {} after {decisions} decisions, its line says {} after {}",
            outcome_code(outcome),
            outcome_code(row.outcome),
            row.decisions
        )));
    }
    Ok(GameRecord {
        moves,
        decisions,
        outcome,
    })
}

/// Merge the parts into the record files and `selfplay.md` in `out`: (games, files written).
pub fn merge(parts: &[Part], common: &PartHeader, out: &Path) -> JobResult<(usize, Vec<PathBuf>)> {
    let (start, cfg) = read_config(&parts[0])?;
    let (rows, unfinished) = gather(parts, &cfg)?;
    crate::merge::unfinished_error(common, &unfinished)?;
    let rows: Vec<Row> = rows.into_iter().flatten().collect();
    // No backticks: the summary quotes the command in them.
    let command = format!(
        "gsolve merge ({} shards of {} {})",
        common.shard.count, common.job, common.config
    );
    let mut summary = SelfPlaySummary::default();
    let summary_path = out.join(SUMMARY);
    let records_path = out.join(RECORDS);
    let mut files = Vec::new();
    // Every game is replayed before anything is written: a bad part writes nothing.
    let (title, document) = match &start {
        SelfPlayStart::Dola(variant) => {
            let root = dola::Position::start(*variant);
            let records = rows
                .iter()
                .map(|r| replay(&root, r, |p, t| p.parse_move(t).ok()))
                .collect::<JobResult<Vec<_>>>()?;
            let dola_cfg = sp::DolaPlayConfig {
                variant: *variant,
                play: cfg.clone(),
                out: Some(records_path.clone()),
                summary: Some(summary_path.clone()),
                command: command.clone(),
            };
            for (i, record) in (0..cfg.games).zip(&records) {
                summary.add(record);
                let path = sp::game_path(&records_path, i, cfg.games);
                write_atomic(&path, sp::dola_record_file(&dola_cfg, i, record).as_bytes())?;
                files.push(path);
            }
            (sp::dola_summary_title(*variant), sp::DOLA_SUMMARY_DOCUMENT)
        }
        SelfPlayStart::Hexecs(root) => {
            let records = rows
                .iter()
                .map(|r| replay(root.as_ref(), r, |g, t| g.parse_move(t).ok()))
                .collect::<JobResult<Vec<_>>>()?;
            let start_text = root.position_text();
            let mut text = sp::hexecs_records_head(&command, &start_text, &cfg);
            for (i, record) in (0..cfg.games).zip(&records) {
                summary.add(record);
                text.push_str(&sp::hexecs_game_text(root, i, record));
            }
            write_atomic(&records_path, text.as_bytes())?;
            files.push(records_path);
            (
                sp::hexecs_summary_title(&start_text),
                sp::HEXECS_SUMMARY_DOCUMENT,
            )
        }
    };
    let markdown = sp::selfplay_markdown(&title, &summary, &cfg, &command);
    sp::put_selfplay_section(&summary_path, document, &markdown)?;
    files.push(summary_path);
    Ok((rows.len(), files))
}

/// The record files of a self-play run in `dir`: `games.txt` and `games-NNN.txt`, by name.
fn record_files(dir: &Path) -> JobResult<Vec<String>> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| JobError::input(format!("cannot read {}: {e}", dir.display())))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            n == RECORDS
                || n.strip_prefix("games-")
                    .and_then(|n| n.strip_suffix(".txt"))
                    .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        })
        .collect();
    names.sort();
    Ok(names)
}

/// The differences between the record files of the self-play runs in `a` and `b`, their
/// recorded commands aside: which files only one has, and the first differing line of each
/// file both have.
pub fn compare_records(a: &Path, b: &Path) -> JobResult<Vec<String>> {
    let (x, y) = (record_files(a)?, record_files(b)?);
    let mut diffs = Vec::new();
    if x != y {
        diffs.push(format!(
            "record files: {} in {} against {} in {}",
            x.len(),
            a.display(),
            y.len(),
            b.display()
        ));
    }
    for name in x.iter().filter(|n| y.contains(n)) {
        diffs.extend(crate::merge::compare_file(name, a, b, &[])?);
    }
    Ok(diffs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(start: &SelfPlayStart, cfg: &PlayConfig, body: &[&str]) -> Part {
        let header = PartHeader::new(start.job(), &start.config(cfg), Shard::WHOLE);
        Part {
            path: PathBuf::from("p.csv"),
            header,
            body: body.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn configs_round_trip_and_damage_is_refused() {
        let mut cfg = PlayConfig {
            games: 7,
            seed: 9,
            random_plies: 3,
            max_plies: 50,
            search: SearchSettings {
                nodes: Some(5000),
                no_tt: true,
                chance: ChancePruning::Star1,
                no_lmr: true,
                ..SearchSettings::default()
            },
        };
        let hexecs = SelfPlayStart::hexecs(&hexecs::Hexecs::start()).unwrap();
        for start in [SelfPlayStart::Dola(dola::Variant::Qinwan), hexecs] {
            let p = part(&start, &cfg, &[]);
            let (back, read) = read_config(&p).unwrap();
            assert_eq!(back.config(&read), p.header.config);
            assert_eq!(start.config(&read), start.config(&cfg));
            let mut bad = p.clone();
            bad.header.config = p.header.config.replace("seed=9", "seed=x");
            assert!(read_config(&bad).is_err(), "{}", bad.header.config);
            bad.header.config = p.header.config.replace("nodes=5000", "nodes=none");
            let e = read_config(&bad).unwrap_err().to_string();
            assert!(e.contains("no search limit"), "{e}");
        }
        cfg.search.time = Some(1.0);
        let e = check_shard_config(&cfg).unwrap_err().to_string();
        assert!(e.starts_with("--time 1 with --shard"), "{e}");
    }

    #[test]
    fn rows_read_whole_lines_and_name_bad_ones() {
        let cfg = PlayConfig {
            games: 2,
            seed: 1,
            random_plies: 0,
            max_plies: 10,
            search: SearchSettings {
                depth: Some(1),
                ..SearchSettings::default()
            },
        };
        let start = SelfPlayStart::Dola(dola::Variant::Sultan);
        let good = part(
            &start,
            &cfg,
            &["# note", COLUMNS, "1,unfinished,10,0.5,f2f3"],
        );
        let rows = rows(&good).unwrap();
        assert_eq!(
            (rows[0].game, rows[0].outcome, rows[0].decisions),
            (1, None, 10)
        );
        for line in [
            "1,won,10,0.5,f2f3",
            "1,first,10,NaN,f2f3",
            "x,first,1,0,a",
            "1,first",
        ] {
            let e = super::rows(&part(&start, &cfg, &[line]))
                .unwrap_err()
                .to_string();
            assert!(e.contains("p.csv") && e.contains(COLUMNS), "{line}: {e}");
        }
    }
}
