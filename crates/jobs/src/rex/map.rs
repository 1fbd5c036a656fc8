//! The Rex first-move map: for every opening, the value of every reply, and a winning answer
//! to each reply that Black wins. Resumable, shardable, and written as it goes.
//!
//! # Work units
//! One unit is an (opening, reply) pair: the position after Black's opening and White's reply,
//! Black to move, solved exactly; when Black wins, the answer is a proven winning move
//! ([`exact::Solver::winning_move`], taken from the proofs the unit's search left; it can
//! differ between runs, and `gsolve rex map-check` solves every answer again). Openings are
//! taken up to the 180° rotation (a position and its rotation have the same value), so an n×n
//! map has ⌈n²/2⌉ openings; for an opening fixed
//! by the rotation (the centre of an odd board) replies are taken up to it too. An opening wins
//! for Black iff Black wins after every reply; for a losing opening the replies Black loses
//! after are White's winning replies.
//!
//! # Files (in the output folder)
//! - `replies.csv` (or `replies-<i>of<n>.csv` for shard i of n): the run's part file
//!   ([`crate::shard`]: a header naming the job `rex-map`, the config `board=… openings=…`,
//!   the shard and the toolkit), then one line per finished unit, appended and flushed as each
//!   finishes; a torn last line (a kill while writing) is ignored, and dropped when the shard
//!   resumes. A shard run again after it finished does nothing.
//! - `openings.csv`, `map.md`, `map.svg`: the map so far, rebuilt after each unit from the
//!   units of every `replies*.csv` in the folder when the run started and the run's own. Shards
//!   running at the same time each write their own view; `gsolve merge` ([`super::map_merge`])
//!   writes the whole map from the parts.
//! - `resume/proofs*.bin.gz`: the solved-position database ([`super::proofs`]): every position
//!   within `store_depth` plies of a unit's root proven so far. Saved every
//!   `checkpoint_seconds` and when the run stops; every shard's file is loaded at start. It is
//!   what lets a killed unit resume without redoing its finished subtrees, and later units and
//!   shards reuse it. Beside it `resume/spent*.csv` ([`super::map_spent`]): the time and nodes
//!   already spent on the unit in progress, so that a unit's figures count every run that
//!   worked on it. The folder is deleted when the whole map is complete.
//!
//! A stop asked through [`crate::stop`] (the binary routes SIGTERM and Ctrl-C there) ends the
//! run as its time limit does: the unit in progress is interrupted, the database and the unit's
//! account are saved, and the summary is returned with `stopped` set.

use super::map_files::{self, append_result, proofs_name, read_results, results_name};
pub(crate) use super::map_report::{statuses, write_reports};
use super::map_spent::{Accounts, Spent};
use super::proofs::{self, ProofsError, ProofsHeader};
use super::{node_rate_note, with_ticker};
use crate::shard::{PartHeader, Shard};
use crate::Progress;
use bitboard::BitWord;
use exact::{ProofStore, Solver, SolverConfig};
use game::{ExactGame, Game};
use rex::{RexMove, RexPosition};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Settings of a map run.
#[derive(Debug, Clone)]
pub struct MapConfig {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Output folder (created if needed).
    pub out: PathBuf,
    /// Only these openings (cell names); all when empty.
    pub openings: Vec<String>,
    /// This run's shard: the units whose index in the map's unit order is the shard's number
    /// modulo the shard count ([`crate::shard`]).
    pub shard: Shard,
    /// Solver settings.
    pub solver: SolverConfig,
    /// Stop after this much wall time (the run then saves its state and can be resumed).
    pub time_limit: Option<Duration>,
    /// Positions within this many plies of a unit's root go to the solved-position database.
    pub store_depth: u32,
    /// At most this many positions in the database (once full, a new proof replaces the oldest
    /// not in use: `exact::ProofStore`).
    pub store_max: usize,
    /// Seconds between saves of the database.
    pub checkpoint_seconds: u64,
    /// Solve at most this many units in this run (0: no limit).
    pub max_units: usize,
    /// Units (opening, reply cell names) to solve after every other unit of the run, in this
    /// order: a leg can leave one hard unit for its end. Each must be a unit of the run
    /// (either image of it); the values do not depend on the order.
    pub defer: Vec<(String, String)>,
    /// At most this much wall time per unit in this run: a unit that reaches it is set aside
    /// (its time kept in `resume/spent*.csv`, its proofs in the database) and the run goes on
    /// with the next, so that one round measures every unit at a fixed cost (`None`: no cap).
    pub unit_cap: Option<Duration>,
}

/// One finished unit.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitResult {
    /// Black's opening (cell name).
    pub opening: String,
    /// White's reply.
    pub reply: String,
    /// Black wins the position after both moves.
    pub black_wins: bool,
    /// A winning answer when Black wins.
    pub answer: Option<String>,
    /// Nodes searched, by every run that worked on the unit (0 when read from a file).
    pub nodes: u64,
    /// Wall time, of every run that worked on the unit (stopped runs included).
    pub seconds: f64,
    /// Worker threads.
    pub threads: usize,
}

/// The state of one opening in the map.
#[derive(Debug, Clone, PartialEq)]
pub struct OpeningStatus {
    /// The opening cell.
    pub opening: String,
    /// Its 180° image (same value).
    pub image: String,
    /// Replies to solve (up to symmetry).
    pub replies_total: usize,
    /// Replies solved.
    pub replies_done: usize,
    /// White's winning replies found so far.
    pub white_wins: Vec<String>,
    /// `Some(true)` when Black wins after every reply, `Some(false)` once a reply refutes it.
    pub black_wins: Option<bool>,
    /// Seconds spent on its units.
    pub seconds: f64,
}

/// What a run did.
#[derive(Debug, Clone)]
pub struct MapSummary {
    /// Units of this shard.
    pub shard_units: usize,
    /// Units of this shard finished before this run.
    pub done_before: usize,
    /// Units finished by this run.
    pub done_now: usize,
    /// The run stopped at its time limit, unit limit or a stop request with units left.
    pub stopped: bool,
    /// The whole map (every shard) is complete.
    pub complete: bool,
    /// The map so far.
    pub openings: Vec<OpeningStatus>,
    /// Positions in the solved-position database at the end.
    pub stored_positions: usize,
    /// Searches this run answered from the database.
    pub store_hits: u64,
    /// Older positions of the database replaced by newer proofs in this run (it was full).
    pub store_replaced: u64,
    /// Units (opening, reply) this run set aside at the unit cap, unfinished.
    pub capped: Vec<(String, String)>,
    /// Files written.
    pub files: Vec<PathBuf>,
}

impl MapSummary {
    /// A run with nothing to do: every unit of its shard was finished before.
    fn idle(shard_units: usize, complete: bool, openings: Vec<OpeningStatus>) -> Self {
        MapSummary {
            shard_units,
            done_before: shard_units,
            done_now: 0,
            stopped: false,
            complete,
            openings,
            stored_positions: 0,
            store_hits: 0,
            store_replaced: 0,
            capped: Vec::new(),
            files: Vec::new(),
        }
    }
}

/// Errors of a map run.
#[derive(Debug, thiserror::Error)]
pub enum MapError {
    /// Bad settings (the message names the input).
    #[error("{0}")]
    Input(String),
    /// Input/output failure.
    #[error("{path}: {err}")]
    Io {
        /// The file.
        path: String,
        /// What failed.
        err: std::io::Error,
    },
    /// A proofs file could not be used.
    #[error(transparent)]
    Proofs(#[from] ProofsError),
    /// A results file is malformed.
    #[error("{path} line {line}: {why}")]
    Results {
        /// The file.
        path: String,
        /// Line number.
        line: usize,
        /// What is wrong.
        why: String,
    },
}

fn io_err(path: &Path) -> impl Fn(std::io::Error) -> MapError + '_ {
    move |err| MapError::Io {
        path: path.display().to_string(),
        err,
    }
}

/// Run (or resume) the map described by `cfg`.
pub fn run_map(cfg: &MapConfig, progress: &dyn Progress) -> Result<MapSummary, MapError> {
    if cfg.rows.saturating_mul(cfg.cols) <= 64 {
        run_on::<u64>(cfg, progress)
    } else {
        run_on::<u128>(cfg, progress)
    }
}

/// The (opening, reply) units of the board, openings up to the 180° rotation, in cell order.
pub(crate) fn units<W: BitWord>(board: &RexPosition<W>, only: &[u32]) -> Vec<(u32, u32)> {
    let n = board.hex().cells() as u32;
    let rot = |c: u32| n - 1 - c;
    let mut out = Vec::new();
    for x in 0..n {
        if rot(x) < x || (!only.is_empty() && !only.contains(&x) && !only.contains(&rot(x))) {
            continue;
        }
        for r in 0..n {
            if r == x || canonical_unit(n, x, r) != (x, r) {
                continue;
            }
            out.push((x, r));
        }
    }
    out
}

pub(crate) fn fingerprint<W: BitWord>(board: &RexPosition<W>) -> String {
    let mut p = board.clone();
    let a = p.canonical_keys();
    p.play(RexMove::cell(0));
    let b = p.canonical_keys();
    format!("{:016x}{:016x}{:016x}{:016x}", a.0, a.1, b.0, b.1)
}

/// A unit of the map: (opening, reply) cells.
pub(crate) type Unit = (u32, u32);

/// Which units a run concerns.
pub(crate) struct Plan {
    /// Every unit of the map, in unit order.
    pub all_units: Vec<Unit>,
    /// The units of the openings asked for (all if none), in unit order.
    pub wanted: Vec<Unit>,
    /// This shard's share of `wanted`: unit i of the whole map belongs to shard i mod N.
    pub mine: Vec<Unit>,
    /// The part config: board and openings (canonical names, in cell order).
    pub config: String,
}

/// The plan of a run on `board` for `openings` (cell names) and `shard`.
pub(crate) fn plan<W: BitWord>(
    board: &RexPosition<W>,
    openings: &[String],
    shard: Shard,
) -> Result<Plan, MapError> {
    Shard::new(shard.index, shard.count, "--shard").map_err(|e| MapError::Input(e.to_string()))?;
    let n = board.hex().cells() as u32;
    let mut only = Vec::new();
    for name in openings {
        let c = board
            .parse_cell(name)
            .map_err(|e| MapError::Input(format!("--openings {name}: {e}")))?;
        only.push(c.min(n - 1 - c));
    }
    only.sort_unstable();
    only.dedup();
    let all_units = units(board, &[]);
    let wanted = units(board, &only);
    let mine: Vec<Unit> = wanted
        .iter()
        .copied()
        .filter(|u| shard.owns(all_units.iter().position(|v| v == u).expect("unit")))
        .collect();
    let size = format!("{}x{}", board.hex().rows(), board.hex().cols());
    let names: Vec<String> = only.iter().map(|&c| board.hex().name(c)).collect();
    Ok(Plan {
        config: map_files::config_text(&size, &names),
        all_units,
        wanted,
        mine,
    })
}

/// The map's unit for the position after `opening` and `reply` (cell names): the pair itself
/// or its 180° image, whichever the map solves.
pub(crate) fn unit_of<W: BitWord>(
    board: &RexPosition<W>,
    opening: &str,
    reply: &str,
) -> Result<Unit, String> {
    let x = board.parse_cell(opening).map_err(|e| e.to_string())?;
    let r = board.parse_cell(reply).map_err(|e| e.to_string())?;
    if x == r {
        return Err("the reply is the opening's cell".into());
    }
    Ok(canonical_unit(board.hex().cells() as u32, x, r))
}

/// The one of (opening `x`, reply `r`) and its 180° image on a board of `cells` cells that the
/// map solves: the opening with the smaller cell, and for the centre opening of an odd board
/// (its own image) the reply with the smaller cell. [`units`] holds exactly the pairs this
/// maps to themselves.
fn canonical_unit(cells: u32, x: u32, r: u32) -> Unit {
    let rot = |c: u32| cells - 1 - c;
    let (x, r) = if rot(x) < x { (rot(x), rot(r)) } else { (x, r) };
    if rot(x) == x {
        (x, r.min(rot(r)))
    } else {
        (x, r)
    }
}

/// The `defer` units of the run, checked: each must be one of the run's units (`mine`).
fn deferred<W: BitWord>(
    board: &RexPosition<W>,
    mine: &[Unit],
    defer: &[(String, String)],
) -> Result<Vec<Unit>, MapError> {
    defer
        .iter()
        .map(|(opening, reply)| {
            let bad = |why: String| MapError::Input(format!("--defer {opening}:{reply}: {why}"));
            let unit = unit_of(board, opening, reply).map_err(bad)?;
            if mine.contains(&unit) {
                Ok(unit)
            } else {
                Err(bad(
                    "not a unit of this run (see --openings and --shard)".into()
                ))
            }
        })
        .collect()
}

/// The run's units not `finished`, in unit order but for the deferred ones (`last`), which
/// come at the end in the order first named.
fn to_do(mine: &[Unit], last: &[Unit], finished: impl Fn(Unit) -> bool) -> Vec<Unit> {
    let mut todo: Vec<Unit> = mine
        .iter()
        .copied()
        .filter(|&u| !finished(u) && !last.contains(&u))
        .collect();
    for &u in last {
        // A unit named twice (by both images, say) is solved once.
        if !finished(u) && !todo.contains(&u) {
            todo.push(u);
        }
    }
    todo
}

/// The solved-position database of the map: every shard's file under `resume/`, loaded.
fn open_store<W: BitWord>(
    cfg: &MapConfig,
    board: &RexPosition<W>,
    size: &str,
    progress: &dyn Progress,
) -> Result<(Arc<ProofStore>, ProofsHeader), MapError> {
    let cells = board.hex().cells() as u32;
    let min_plies = (cells - 2).saturating_sub(cfg.store_depth);
    let store = Arc::new(ProofStore::with_capacity_limit(min_plies, cfg.store_max));
    let header = ProofsHeader {
        game: "rex".into(),
        board: size.to_string(),
        key_fingerprint: fingerprint(board),
        producer: format!("gsolve {}", env!("CARGO_PKG_VERSION")),
        entries: 0,
    };
    let resume = cfg.out.join("resume");
    if let Ok(entries) = std::fs::read_dir(&resume) {
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.to_string_lossy().ends_with(".bin.gz"))
            .collect();
        files.sort();
        for f in files {
            let n = proofs::load(&f, &header, &store)?;
            progress.message(&format!("loaded {n} proven positions from {}", f.display()));
        }
    }
    Ok((store, header))
}

/// Solve one unit (opening `x`, reply `r`, Black to move): `None` if the solver was stopped.
/// While it runs, `progress` sees the unit's node count and rate (its position stays at
/// `done`, the units finished).
fn solve_unit<W: BitWord>(
    solver: &Solver<RexPosition<W>>,
    board: &RexPosition<W>,
    (x, r): Unit,
    threads: usize,
    (progress, done): (&dyn Progress, u64),
) -> Option<UnitResult> {
    let name = |c: u32| board.hex().name(c);
    let mut pos = board.clone();
    pos.play(RexMove::cell(x));
    pos.play(RexMove::cell(r));
    let t = Instant::now();
    let nodes_before = solver.nodes();
    let label = format!("{} {}", name(x), name(r));
    let tick = |elapsed| {
        let note = node_rate_note(solver.nodes() - nodes_before, elapsed);
        progress.advance(done, &format!("{label}: {note}"));
    };
    let (black_wins, answer) = with_ticker(tick, || {
        let black_wins = if pos.loser().is_some() {
            pos.loser() == Some(game::Player::Second)
        } else {
            solver.solve(&pos)
        };
        if solver.stopped() {
            return (black_wins, None);
        }
        let answer = black_wins.then(|| solver.winning_move(&pos)).flatten();
        (black_wins, answer)
    });
    // A stopped search (the deadline, also in the answer's search) proves nothing.
    if solver.stopped() {
        return None;
    }
    Some(UnitResult {
        opening: name(x),
        reply: name(r),
        black_wins,
        answer: answer.map(|m| pos.move_name(m)),
        nodes: solver.nodes() - nodes_before,
        seconds: t.elapsed().as_secs_f64(),
        threads,
    })
}

/// What the unit loop of a run needs besides the config.
struct UnitRun<'a, W: BitWord> {
    board: &'a RexPosition<W>,
    all_units: &'a [Unit],
    header: &'a PartHeader,
    size: &'a str,
    results_path: &'a Path,
    account: &'a Accounts,
    /// The run's own deadline (`--time`), which a unit cap never extends.
    run_deadline: Option<Instant>,
}

/// What the unit loop did.
struct Round {
    /// Units finished.
    done_now: usize,
    /// Stopped early (time limit, unit limit or a stop request).
    stopped: bool,
    /// Units set aside at the unit cap.
    capped: Vec<(String, String)>,
}

fn run_on<W: BitWord>(cfg: &MapConfig, progress: &dyn Progress) -> Result<MapSummary, MapError> {
    let board = RexPosition::<W>::new(cfg.rows, cfg.cols)
        .map_err(|e| MapError::Input(format!("--size {}x{}: {e}", cfg.rows, cfg.cols)))?;
    let size = format!("{}x{}", cfg.rows, cfg.cols);
    let Plan {
        all_units,
        mine,
        config,
        ..
    } = plan(&board, &cfg.openings, cfg.shard)?;
    let last = deferred(&board, &mine, &cfg.defer)?;
    std::fs::create_dir_all(&cfg.out).map_err(io_err(&cfg.out))?;
    let name = |c: u32| board.hex().name(c);
    let mut done = read_results(&cfg.out, &size)?;
    let results_path = cfg.out.join(results_name(cfg.shard));
    let config = map_files::kept_config(&results_path, &config, &size)?;
    let part = PartHeader::new(map_files::JOB, &config, cfg.shard);
    map_files::prepare_part(&results_path, &part, &size)?;
    let todo = to_do(&mine, &last, |(x, r)| {
        done.contains_key(&(name(x), name(r)))
    });
    let done_before = mine.len() - todo.len();
    let resume = cfg.out.join("resume");
    let complete_now = |done: &BTreeMap<(String, String), UnitResult>| {
        all_units
            .iter()
            .all(|&(x, r)| done.contains_key(&(name(x), name(r))))
    };
    if todo.is_empty() {
        // A finished shard run again does nothing: no database to load, no file rewritten.
        let openings = statuses(&board, &all_units, &done);
        return Ok(MapSummary::idle(mine.len(), complete_now(&done), openings));
    }
    let (store, header) = open_store(cfg, &board, &size, progress)?;
    let proofs_path = resume.join(proofs_name(cfg.shard));
    let mut solver = Solver::<RexPosition<W>>::new(cfg.solver.clone())
        .map_err(|e| MapError::Input(e.to_string()))?;
    solver.set_store(Some(store.clone()));
    // A stop asked by a signal ends the run as its time limit does.
    solver.set_interrupt(Some(crate::stop::flag()));
    // A limit too far away for the clock is no limit.
    let run_deadline = cfg.time_limit.and_then(|t| Instant::now().checked_add(t));
    solver.set_deadline(run_deadline);
    progress.start(&format!("rex map {size}"), mine.len() as u64);
    progress.advance(done_before as u64, "resumed");
    let account = Accounts {
        spent: Mutex::new(Spent::load(&resume, cfg.shard)?),
        current: Mutex::new(None),
    };
    let ctx = UnitRun {
        account: &account,
        board: &board,
        all_units: &all_units,
        header: &part,
        size: &size,
        results_path: &results_path,
        run_deadline,
    };
    let finished = AtomicBool::new(false);
    let (
        Round {
            done_now,
            stopped,
            capped,
        },
        mut files,
    ) = std::thread::scope(|scope| {
        // Saves the database, and the account of the unit in progress, every
        // checkpoint_seconds while the units run.
        let saver = scope.spawn(|| -> Result<(), MapError> {
            let mut last = Instant::now();
            while !finished.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                if last.elapsed().as_secs() >= cfg.checkpoint_seconds {
                    proofs::save(&proofs_path, &header, &store)?;
                    account.save_current(solver.nodes())?;
                    last = Instant::now();
                }
            }
            Ok(())
        });
        let work = solve_units(cfg, &ctx, &solver, &todo, &mut done, done_before, progress);
        finished.store(true, Ordering::Relaxed);
        let saved = saver.join().expect("the saver thread does not panic");
        saved.and(work)
    })?;
    progress.finish();
    let openings = statuses(&board, &all_units, &done);
    let complete = complete_now(&done);
    files.push(results_path.clone());
    files.extend(write_reports(&cfg.out, &board, &all_units, &done)?);
    if complete {
        // The map is delivered: its resume state is no longer needed.
        let _ = std::fs::remove_dir_all(&resume);
    } else {
        proofs::save(&proofs_path, &header, &store)?;
        files.push(proofs_path);
    }
    files.sort();
    files.dedup();
    Ok(MapSummary {
        shard_units: mine.len(),
        done_before,
        done_now,
        stopped: (stopped || !capped.is_empty()) && done_before + done_now < mine.len(),
        complete,
        openings,
        stored_positions: store.len(),
        store_hits: store.hits(),
        store_replaced: store.replaced(),
        capped,
        files,
    })
}

/// Solve `todo` in order, appending each finished unit to the part file and rebuilding the
/// reports; a unit that reaches the unit cap is set aside and the loop goes on.
fn solve_units<W: BitWord>(
    cfg: &MapConfig,
    ctx: &UnitRun<'_, W>,
    solver: &Solver<RexPosition<W>>,
    todo: &[Unit],
    done: &mut BTreeMap<(String, String), UnitResult>,
    done_before: usize,
    progress: &dyn Progress,
) -> Result<(Round, Vec<PathBuf>), MapError> {
    let mut round = Round {
        done_now: 0,
        stopped: false,
        capped: Vec::new(),
    };
    let mut files = Vec::new();
    for &(x, r) in todo {
        let done_now = round.done_now;
        if cfg.max_units > 0 && done_now >= cfg.max_units || crate::stop::requested().is_some() {
            round.stopped = true;
            return Ok((round, files));
        }
        if let Some(cap) = cfg.unit_cap {
            let unit_end = Instant::now().checked_add(cap);
            solver.set_deadline(match (unit_end, ctx.run_deadline) {
                (Some(u), Some(d)) => Some(u.min(d)),
                (u, d) => u.or(d),
            });
        }
        let at = (progress, (done_before + done_now) as u64);
        let key = (ctx.board.hex().name(x), ctx.board.hex().name(r));
        let account = ctx.account;
        let earlier = account.start(&key, solver.nodes());
        let res = solve_unit(solver, ctx.board, (x, r), cfg.solver.threads, at);
        let Some(mut res) = res else {
            // Stopped: keep what this run spent on the unit for the run that finishes it.
            account.save_current(solver.nodes())?;
            let run_over = ctx.run_deadline.is_some_and(|d| Instant::now() >= d);
            if cfg.unit_cap.is_none() || run_over || crate::stop::requested().is_some() {
                round.stopped = true;
                return Ok((round, files));
            }
            // The unit cap: set the unit aside and go on with the next.
            account.set_aside();
            progress.advance(
                at.1,
                &format!("{} {}: set aside at the unit cap", key.0, key.1),
            );
            round.capped.push(key);
            continue;
        };
        account.finish(&key)?;
        res.seconds += earlier.0;
        res.nodes += earlier.1;
        append_result(ctx.results_path, &res, ctx.header, ctx.size)?;
        done.insert((res.opening.clone(), res.reply.clone()), res.clone());
        round.done_now += 1;
        let done_now = round.done_now;
        let value = if res.black_wins {
            "Black wins"
        } else {
            "White wins"
        };
        progress.advance(
            (done_before + done_now) as u64,
            &format!(
                "{} {}: {value} in {:.1} s",
                res.opening, res.reply, res.seconds
            ),
        );
        files.extend(write_reports(&cfg.out, ctx.board, ctx.all_units, done)?);
    }
    Ok((round, files))
}

/// Write `text` atomically ([`crate::output::write_atomic`]).
pub(crate) fn write_atomic(path: &Path, text: &str) -> Result<(), MapError> {
    crate::output::write_atomic(path, text.as_bytes()).map_err(|e| MapError::Io {
        path: path.display().to_string(),
        err: std::io::Error::other(e.to_string()),
    })
}

#[cfg(test)]
#[path = "map_tests.rs"]
mod tests;
