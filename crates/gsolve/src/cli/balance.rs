//! `gsolve balance` — the balance study of Dola and Hexecs (`jobs::balance`,
//! `jobs::balance_fit`): `play` runs (or resumes) one seed range of one game at one strength,
//! `summary` reads every run back and writes the score table with its intervals, the
//! throughput and the piece-value fit. `scripts/balance-study.sh` drives the whole study.

use super::common::{command_line, print_json, BarProgress, CliError, CliResult, Global};
use jobs::balance::{BalanceConfig, StudyGame};
use jobs::search::SearchSettings;
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `gsolve balance`.
#[derive(clap::Args, Debug)]
pub struct BalanceArgs {
    #[command(subcommand)]
    command: BalanceCommand,
}

#[derive(clap::Subcommand, Debug)]
enum BalanceCommand {
    /// Play (or resume) games FIRST .. FIRST+COUNT of one game at one strength, on --threads
    /// workers; the results go to OUT/GAME/STRENGTH/games-FIRST-END.csv, rewritten every 20
    /// games, and a run started again plays only the games missing from its file. Disjoint
    /// ranges may run on different machines. Example: `gsolve balance play --game dola-sultan
    /// --depth 2 --first 0 --count 1000 --threads 2`.
    Play(PlayArgs),
    /// Read every run under --out and write OUT/summary.md: the first player's score with its
    /// 95 % interval per game and strength, games per second per core, and piece values in
    /// pawns from a logistic fit of the results on the material balance.
    Summary(SummaryArgs),
}

#[derive(clap::Args, Debug)]
struct PlayArgs {
    /// dola-sultan, dola-qinwan, dola-sinwan, hexecs-10 or hexecs-16.
    #[arg(long)]
    game: String,
    /// Strength: search depth of every move.
    #[arg(long)]
    depth: Option<u32>,
    /// Strength: node budget of every move (instead of --depth).
    #[arg(long)]
    nodes: Option<u64>,
    /// First game index of this run.
    #[arg(long, default_value_t = 0)]
    first: u64,
    /// Number of games in this run.
    #[arg(long)]
    count: u64,
    /// Worker threads (games in parallel; results do not depend on it).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Seed of the openings and dice, shared by every run of the study.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random legal moves at the start of every game (the varied openings).
    #[arg(long, default_value_t = 4)]
    random_plies: u32,
    /// Decisions after which a game is stopped and scored as a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// Transposition table of each worker's engine, MiB.
    #[arg(long = "tt-mb", default_value_t = 16)]
    tt_mb: usize,
    /// The study's folder.
    #[arg(long, default_value = "runs/balance")]
    out: PathBuf,
}

#[derive(clap::Args, Debug)]
struct SummaryArgs {
    /// The study's folder.
    #[arg(long, default_value = "runs/balance")]
    out: PathBuf,
}

/// Run `gsolve balance`.
pub fn run(args: BalanceArgs, global: &Global) -> CliResult {
    match args.command {
        BalanceCommand::Play(a) => play(a, global),
        BalanceCommand::Summary(a) => summary(a, global),
    }
}

fn play(a: PlayArgs, global: &Global) -> CliResult {
    if a.depth.is_some() == a.nodes.is_some() {
        return Err(CliError::input(
            "give exactly one strength: --depth D or --nodes N",
        ));
    }
    let cfg = BalanceConfig {
        game: StudyGame::parse(&a.game)?,
        search: SearchSettings {
            depth: a.depth,
            nodes: a.nodes,
            tt_mb: a.tt_mb,
            ..SearchSettings::default()
        },
        seed: a.seed,
        random_plies: a.random_plies,
        max_plies: a.max_plies,
        first: a.first,
        count: a.count,
        threads: a.threads,
        out: a.out,
        command: command_line(),
    };
    let run = jobs::balance::balance_play(&cfg, &BarProgress::new(global))?;
    let seconds: f64 = run.rows.iter().map(|r| r.seconds).sum();
    let per_core = if seconds > 0.0 {
        run.rows.len() as f64 / seconds
    } else {
        0.0
    };
    if global.json {
        print_json(&json!({
            "file": run.file.display().to_string(),
            "games": run.rows.len(),
            "kept": run.kept,
            "played": run.played,
            "seconds": run.seconds,
            "games_per_second_per_core": per_core,
        }));
    } else {
        println!(
            "{}: {} games ({} kept, {} played now) in {:.1} s; {:.3} games/s/core",
            run.file.display(),
            run.rows.len(),
            run.kept,
            run.played,
            run.seconds,
            per_core
        );
    }
    Ok(())
}

fn summary(a: SummaryArgs, global: &Global) -> CliResult {
    let all = jobs::balance_fit::balance_summary(&a.out, &command_line())?;
    if global.json {
        let rows: Vec<_> = all
            .iter()
            .map(|s| {
                json!({"game": s.game, "strength": s.strength, "games": s.games,
                    "wins": s.wins, "draws": s.draws, "losses": s.losses,
                    "unfinished": s.unfinished, "score": s.score, "half_width_95": s.half_width,
                    "games_per_second_per_core": s.games_per_core_second,
                    "piece_values": s.values})
            })
            .collect();
        print_json(
            &json!({"summary": rows, "file": a.out.join("summary.md").display().to_string()}),
        );
    } else {
        for s in &all {
            println!(
                "{} {}: {} games, first-player score {:.3} ± {:.3}, {:.3} games/s/core",
                s.game, s.strength, s.games, s.score, s.half_width, s.games_per_core_second
            );
        }
        println!("written {}", a.out.join("summary.md").display());
    }
    Ok(())
}
