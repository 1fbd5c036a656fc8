//! The balance study (`gsolve balance play`, `gsolve balance summary`): engine self-play games
//! of Dola-Sultan, -Qinwan, -Sinwan and Hexecs (10- and 16-droid starts) at a fixed search
//! strength, to measure the first player's score with a confidence interval, and the material
//! on the board for a piece-value fit (`crate::balance_fit`).
//!
//! A run plays the games with indices `first .. first + count` of one (game, strength): game `i`
//! is `search::play_game` with the study's seed and index `i` (its random opening plies and dice
//! drawn from both), so a game is a function of (game, strength, seed, random plies, max plies,
//! `i`) and the same on any machine, thread count or split. Games run on `threads` worker
//! threads, each with its own engine. The results go to one CSV per run,
//! `<out>/<game>/<strength>/games-<first>-<end>.csv`, rewritten atomically every
//! [`SAVE_EVERY`] games; a run started again with the same range keeps the games already in the
//! file and plays only the missing ones (resumable), and disjoint ranges can run on different
//! machines (a cluster array job: one range per task) and be summarised together.
//!
//! Draw rules: those of the game crates (Dola: stalemate, threefold repetition, 50 moves without
//! capture or pawn move; Hexecs: stalemate, third repetition, 100 plies without capture or droid
//! move); a game still running after `max_plies` decisions is stopped, recorded `unfinished` and
//! scored as a draw (adjudication). The material snapshot is the board after
//! [`SNAPSHOT_DECISIONS`] decisions (or the final board of a shorter game): White's count minus
//! Black's of each piece type.

use crate::output::{toolkit_version, write_atomic, JobError, JobResult};
use crate::search::{search_error, SearchSettings};
use crate::Progress;
use game::{Evaluate, Game, MoveHints, NodeKind, Outcome, Player};
use search::{Engine, SelfPlayOptions};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Games between two atomic rewrites of a run's CSV.
pub const SAVE_EVERY: usize = 20;
/// Decisions after which the material snapshot is taken.
pub const SNAPSHOT_DECISIONS: u32 = 40;

/// The games of the study.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyGame {
    /// A Dola variant.
    Dola(dola::Variant),
    /// Hexecs from the 10- or 16-droid start.
    Hexecs(hexecs::Setup),
}

impl StudyGame {
    /// Every game of the study.
    pub const ALL: [StudyGame; 5] = [
        StudyGame::Dola(dola::Variant::Sultan),
        StudyGame::Dola(dola::Variant::Qinwan),
        StudyGame::Dola(dola::Variant::Sinwan),
        StudyGame::Hexecs(hexecs::Setup::TenDroids),
        StudyGame::Hexecs(hexecs::Setup::SixteenDroids),
    ];

    /// `dola-sultan`, `dola-qinwan`, `dola-sinwan`, `hexecs-10`, `hexecs-16`.
    pub fn name(self) -> String {
        match self {
            StudyGame::Dola(v) => format!("dola-{}", v.name()),
            StudyGame::Hexecs(hexecs::Setup::TenDroids) => "hexecs-10".to_string(),
            StudyGame::Hexecs(_) => "hexecs-16".to_string(),
        }
    }

    /// Read a name of [`StudyGame::name`].
    pub fn parse(s: &str) -> JobResult<StudyGame> {
        StudyGame::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| {
                JobError::input(format!(
                    "--game {s:?}: expected dola-sultan, dola-qinwan, dola-sinwan, hexecs-10 or hexecs-16"
                ))
            })
    }

    /// The column of the pawn (Dola's P, Hexecs's droid) among [`StudyGame::piece_names`].
    pub fn pawn_index(self) -> usize {
        match self {
            StudyGame::Dola(_) => dola::PieceType::ALL
                .iter()
                .position(|&t| t == dola::PieceType::Pawn)
                .expect("the pawn is a type"),
            StudyGame::Hexecs(_) => hexecs::Kind::ALL
                .iter()
                .position(|&k| k == hexecs::Kind::Droid)
                .expect("the droid is a kind"),
        }
    }

    /// The names of the material features, in the order of the snapshot columns.
    pub fn piece_names(self) -> Vec<String> {
        match self {
            StudyGame::Dola(_) => dola::PieceType::ALL
                .iter()
                .map(|t| t.french().to_string())
                .collect(),
            StudyGame::Hexecs(_) => hexecs::Kind::ALL
                .iter()
                .map(|k| k.letter().to_string())
                .collect(),
        }
    }
}

/// One run of the study.
#[derive(Clone, Debug)]
pub struct BalanceConfig {
    /// The game.
    pub game: StudyGame,
    /// The engine's limit for every move (a depth or a node budget, for reproducibility).
    pub search: SearchSettings,
    /// Seed of the openings and dice (shared by every run of the study).
    pub seed: u64,
    /// Random legal moves at the start of each game (the varied openings).
    pub random_plies: u32,
    /// Decisions after which a game is stopped (unfinished, scored as a draw).
    pub max_plies: u32,
    /// First game index.
    pub first: u64,
    /// Number of games.
    pub count: u64,
    /// Worker threads.
    pub threads: usize,
    /// The study's folder (`results/balance`).
    pub out: PathBuf,
    /// The command line, for the file header.
    pub command: String,
}

impl BalanceConfig {
    /// `depth3` or `nodes20000`: the strength's folder name.
    pub fn strength(&self) -> JobResult<String> {
        match (self.search.depth, self.search.nodes, self.search.time) {
            (Some(d), None, None) => Ok(format!("depth{d}")),
            (None, Some(n), None) => Ok(format!("nodes{n}")),
            _ => Err(JobError::input(
                "the study's strength is one of --depth D or --nodes N (a time limit would make games depend on the machine)",
            )),
        }
    }

    /// The run's CSV file.
    pub fn file(&self) -> JobResult<PathBuf> {
        Ok(self
            .out
            .join(self.game.name())
            .join(self.strength()?)
            .join(format!(
                "games-{}-{}.csv",
                self.first,
                self.first + self.count
            )))
    }
}

/// One game of the study.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// Game index.
    pub index: u64,
    /// 1 (first player won), 0.5 (draw), 0 (second won), or `None` (unfinished).
    pub result: Option<f64>,
    /// Decisions played.
    pub decisions: u32,
    /// Wall seconds of the game on its worker thread.
    pub seconds: f64,
    /// White minus Black of each piece type at the snapshot.
    pub material: Vec<i32>,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct BalanceRun {
    /// The CSV file.
    pub file: PathBuf,
    /// Games already in the file before the run.
    pub kept: usize,
    /// Games played now.
    pub played: usize,
    /// Every game of the range, by index.
    pub rows: Vec<GameRow>,
    /// Wall seconds of the run.
    pub seconds: f64,
}

/// Play (or resume) the run `cfg`.
pub fn balance_play(cfg: &BalanceConfig, progress: &dyn Progress) -> JobResult<BalanceRun> {
    if cfg.count == 0 || cfg.threads == 0 || cfg.max_plies == 0 {
        return Err(JobError::input(
            "--count, --threads and --max-plies must be at least 1",
        ));
    }
    cfg.search.resolve()?;
    let file = cfg.file()?;
    crate::output::check_writable_file("--out", &file)?;
    let header = file_header(cfg)?;
    let mut done: BTreeMap<u64, GameRow> = match std::fs::read_to_string(&file) {
        Ok(text) => read_rows(&text, &file)?
            .into_iter()
            .filter(|r| (cfg.first..cfg.first + cfg.count).contains(&r.index))
            .map(|r| (r.index, r))
            .collect(),
        Err(_) => BTreeMap::new(),
    };
    let kept = done.len();
    let todo: Vec<u64> = (cfg.first..cfg.first + cfg.count)
        .filter(|i| !done.contains_key(i))
        .collect();
    progress.start(&format!("balance {}", cfg.game.name()), cfg.count);
    progress.advance(kept as u64, "");
    let started = Instant::now();
    let shared = Mutex::new((std::mem::take(&mut done), 0usize));
    let next = AtomicU64::new(0);
    let save = |rows: &BTreeMap<u64, GameRow>| write_atomic(&file, csv(&header, rows).as_bytes());
    let worker = || -> JobResult<()> {
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed) as usize;
            let Some(&index) = todo.get(k) else {
                return Ok(());
            };
            let row = play_one(cfg, index)?;
            let mut guard = shared.lock().expect("no worker panics holding the lock");
            guard.0.insert(index, row);
            guard.1 += 1;
            progress.advance(guard.0.len() as u64, "");
            if guard.1 % SAVE_EVERY == 0 {
                save(&guard.0)?;
            }
        }
    };
    let results: Vec<JobResult<()>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..cfg.threads.min(todo.len().max(1)))
            .map(|_| s.spawn(worker))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(JobError::runtime("a worker panicked")))
            })
            .collect()
    });
    let (rows, played) = shared.into_inner().expect("workers finished");
    save(&rows)?;
    results.into_iter().collect::<JobResult<Vec<()>>>()?;
    progress.finish();
    Ok(BalanceRun {
        file,
        kept,
        played,
        rows: rows.into_values().collect(),
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Game `index` of the run (a fresh engine and table per game, as `search::play_game` clears
/// it anyway).
fn play_one(cfg: &BalanceConfig, index: u64) -> JobResult<GameRow> {
    let started = Instant::now();
    let opts = SelfPlayOptions {
        random_plies: cfg.random_plies,
        max_plies: cfg.max_plies,
        seed: cfg.seed,
    };
    let (result, decisions, material) = match cfg.game {
        StudyGame::Dola(v) => {
            let root = dola::Position::start(v);
            let (o, d, snap) = game_and_snapshot(cfg, &root, &dola::DolaHints, &opts, index)?;
            (o, d, snap.material_balance().to_vec())
        }
        StudyGame::Hexecs(setup) => {
            let root = hexecs::Hexecs::new(setup);
            let (o, d, snap) = game_and_snapshot(cfg, &root, &hexecs::HexecsHints, &opts, index)?;
            (o, d, hexecs::eval::material_balance(snap.board()).to_vec())
        }
    };
    Ok(GameRow {
        index,
        result: result.map(|o| match o {
            Outcome::Win(Player::First) => 1.0,
            Outcome::Win(Player::Second) => 0.0,
            Outcome::Draw => 0.5,
        }),
        decisions,
        seconds: started.elapsed().as_secs_f64(),
        material,
    })
}

/// Play game `index` from `root`: its outcome, its decisions and the snapshot position.
fn game_and_snapshot<G: Evaluate, H: MoveHints<G>>(
    cfg: &BalanceConfig,
    root: &G,
    hints: &H,
    opts: &SelfPlayOptions,
    index: u64,
) -> JobResult<(Option<Outcome>, u32, G)> {
    let (limits, engine_opts) = cfg.search.resolve()?;
    let mut engine = Engine::new(engine_opts).map_err(search_error)?;
    let rec =
        search::play_game(root, &mut engine, &limits, hints, opts, index).map_err(search_error)?;
    Ok((rec.outcome, rec.decisions, snapshot(root, &rec.moves)))
}

/// The position after [`SNAPSHOT_DECISIONS`] decisions of `moves` (or the last one).
fn snapshot<G: Game>(root: &G, moves: &[G::Move]) -> G {
    let mut g = root.clone();
    let mut decisions = 0;
    for &m in moves {
        if decisions >= SNAPSHOT_DECISIONS && matches!(g.node_kind(), NodeKind::Decision(_)) {
            break;
        }
        if matches!(g.node_kind(), NodeKind::Decision(_)) {
            decisions += 1;
        }
        g.play(m);
    }
    g
}

fn file_header(cfg: &BalanceConfig) -> JobResult<String> {
    let names = cfg.game.piece_names();
    Ok(format!(
        "# gsolve balance games (format 1)\n# command: {}\n# toolkit: {}\n\
         # game: {}; strength: {}; seed: {}; random plies: {}; max plies: {}; games {}..{}\n\
         # result: 1 first player won, 0 second won, 0.5 draw, unfinished (stopped at max plies);\n\
         # material: White minus Black after {SNAPSHOT_DECISIONS} decisions (or at the end)\n\
         index,result,decisions,seconds,{}\n",
        cfg.command,
        toolkit_version(),
        cfg.game.name(),
        cfg.strength()?,
        cfg.seed,
        cfg.random_plies,
        cfg.max_plies,
        cfg.first,
        cfg.first + cfg.count,
        names.join(",")
    ))
}

fn csv(header: &str, rows: &BTreeMap<u64, GameRow>) -> String {
    let mut s = header.to_string();
    for r in rows.values() {
        let result = r.result.map_or("unfinished".to_string(), |x| x.to_string());
        let material: Vec<String> = r.material.iter().map(i32::to_string).collect();
        let _ = writeln!(
            s,
            "{},{result},{},{:.4},{}",
            r.index,
            r.decisions,
            r.seconds,
            material.join(",")
        );
    }
    s
}

/// The game rows of a run's CSV (`#` lines and the column line skipped).
pub fn read_rows(text: &str, file: &Path) -> JobResult<Vec<GameRow>> {
    let bad =
        |line: usize, why: &str| JobError::input(format!("{} line {line}: {why}", file.display()));
    let mut rows = vec![];
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("index,") || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split(',').collect();
        if f.len() < 4 {
            return Err(bad(
                n + 1,
                "expected index,result,decisions,seconds,material…",
            ));
        }
        let num = |s: &str| s.parse::<f64>().map_err(|_| bad(n + 1, "not a number"));
        rows.push(GameRow {
            index: num(f[0])? as u64,
            result: if f[1] == "unfinished" {
                None
            } else {
                Some(num(f[1])?)
            },
            decisions: num(f[2])? as u32,
            seconds: num(f[3])?,
            material: f[4..]
                .iter()
                .map(|s| num(s).map(|x| x as i32))
                .collect::<JobResult<_>>()?,
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(out: &Path, first: u64, count: u64, threads: usize) -> BalanceConfig {
        BalanceConfig {
            game: StudyGame::Dola(dola::Variant::Sultan),
            search: SearchSettings {
                depth: Some(1),
                tt_mb: 1,
                ..SearchSettings::default()
            },
            seed: 5,
            random_plies: 4,
            max_plies: 60,
            first,
            count,
            threads,
            out: out.to_path_buf(),
            command: "test".to_string(),
        }
    }

    fn without_time(rows: &[GameRow]) -> Vec<GameRow> {
        rows.iter()
            .map(|r| GameRow {
                seconds: 0.0,
                ..r.clone()
            })
            .collect()
    }

    #[test]
    fn games_do_not_depend_on_threads_or_splits_and_runs_resume() {
        let dir = std::env::temp_dir().join(format!("gsolve-balance-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let quiet = crate::NoProgress;
        let one = balance_play(&config(&dir.join("a"), 0, 6, 1), &quiet).unwrap();
        let two = balance_play(&config(&dir.join("b"), 0, 6, 2), &quiet).unwrap();
        assert_eq!(without_time(&one.rows), without_time(&two.rows));
        // Two ranges give the same games as one.
        let lo = balance_play(&config(&dir.join("c"), 0, 3, 2), &quiet).unwrap();
        let hi = balance_play(&config(&dir.join("c"), 3, 3, 2), &quiet).unwrap();
        let split: Vec<GameRow> = lo.rows.iter().chain(&hi.rows).cloned().collect();
        assert_eq!(without_time(&split), without_time(&one.rows));
        // Started again, a run keeps its games; a lost row is played again, the same.
        let again = balance_play(&config(&dir.join("a"), 0, 6, 2), &quiet).unwrap();
        assert_eq!((again.kept, again.played), (6, 0));
        let text = std::fs::read_to_string(&one.file).unwrap();
        let cut: Vec<&str> = text.lines().filter(|l| !l.starts_with("2,")).collect();
        std::fs::write(&one.file, cut.join("\n")).unwrap();
        let resumed = balance_play(&config(&dir.join("a"), 0, 6, 1), &quiet).unwrap();
        assert_eq!((resumed.kept, resumed.played), (5, 1));
        assert_eq!(without_time(&resumed.rows), without_time(&one.rows));
        let summary = crate::balance_fit::balance_summary(&dir.join("a"), "test").unwrap();
        assert_eq!(summary[0].games, 6);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
