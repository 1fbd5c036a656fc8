//! `gsolve hexecs` — perft, show, bounded-depth search (expectimax with Star1/Star2 at the die)
//! and engine self-play for Hexecs, and `gsolve bench hexecs`. The rules (and the capture
//! ordering `hexecs::HexecsHints`, the bench positions) live in the `hexecs` crate, the work in
//! `jobs::{perft, selfplay, search}`; this module maps arguments and prints.
//!
//! Self-play records (`gsolve hexecs play --out FILE`): one text file, `#` comment lines and one
//! line of coordinate moves per game, exactly what `gsolve hexecs perft --fen START --moves
//! "LINE"` reads (`jobs::selfplay::hexecs_play`).

use super::common::{
    command_line, print_json, write_atomic, BarProgress, CliError, CliResult, Global,
};
use super::search::{PerftArgs, PlayArgs, SearchArgs, ShowArgs};
use hexecs::{raw_move_text, Hexecs, HexecsHints, Phase, Setup};
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `gsolve hexecs`.
#[derive(clap::Args, Debug)]
pub struct HexecsArgs {
    #[command(subcommand)]
    command: HexecsCommand,
}

#[derive(clap::Subcommand, Debug)]
enum HexecsCommand {
    /// Count the leaves of the game tree (decision-only and with chance outcomes as plies).
    Perft(HexecsPerftArgs),
    /// Draw a position as text, and as an SVG picture with --svg.
    Show(ShowArgs<PositionArgs>),
    /// Search a position to a bounded depth (expectimax with Star1/Star2 at the die).
    Search(SearchArgs<PositionArgs>),
    /// Engine self-play (summary and optional records); with `--human white` (or black), your
    /// game against the engine in the terminal, the die rolled by the program and shown.
    ///
    /// Against the engine: type moves in coordinates (D2D4, B1E3, castling as the king's move,
    /// `roll` to roll for the princess, then e.g. 5:F1F6 or 5:pass); `undo`, `hint`,
    /// `save [FILE]` (the start position and one line of moves, what `gsolve hexecs perft
    /// --fen START --moves LINE` reads), `quit`. Example: `gsolve hexecs play --human black
    /// --sixteen-droids --depth 3 --seed 7`.
    Play(HexecsPlayArgs),
}

/// `gsolve hexecs play`: self-play, or a person against the engine.
#[derive(clap::Args, Debug)]
struct HexecsPlayArgs {
    #[command(flatten)]
    play: PlayArgs<PositionArgs>,
    #[command(flatten)]
    human: super::human::HumanArgs,
}

/// `gsolve hexecs perft`: the counts, or with --out a file split by first move.
#[derive(clap::Args, Debug)]
struct HexecsPerftArgs {
    #[command(flatten)]
    base: PerftArgs<PositionArgs>,
    #[command(flatten)]
    file: super::perft_file::PerftFileArgs,
}

/// Where a position comes from.
#[derive(clap::Args, Debug)]
struct PositionArgs {
    /// Start from this position (the format of the rules page, quoted); default: the start.
    #[arg(long)]
    fen: Option<String>,
    /// Use the start position of the "16 droids" variant (ignored with --fen).
    #[arg(long)]
    sixteen_droids: bool,
    /// Moves to play first, in coordinate notation (D2D4 B1E3 roll roll=5 5:F1F6 …).
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
}

fn load(p: &PositionArgs) -> Result<Hexecs, CliError> {
    let mut g = match &p.fen {
        Some(text) => {
            Hexecs::from_position(text).map_err(|e| CliError::input(format!("--fen: {e}")))?
        }
        None if p.sixteen_droids => Hexecs::new(Setup::SixteenDroids),
        None => Hexecs::start(),
    };
    for m in &p.moves {
        super::common::check_move_list("--moves", m)?;
    }
    for text in p
        .moves
        .iter()
        .flat_map(|m| m.split([' ', ',']).filter(|s| !s.is_empty()))
    {
        g.try_play_text(text)
            .map_err(|e| CliError::input(format!("--moves: {e}")))?;
    }
    Ok(g)
}

/// Run `gsolve hexecs`.
pub fn run(args: HexecsArgs, global: &Global) -> CliResult {
    match args.command {
        HexecsCommand::Perft(a) => run_perft(a, global),
        HexecsCommand::Show(a) => run_show(a, global),
        HexecsCommand::Search(a) => run_search(a, global),
        HexecsCommand::Play(a) if a.human.side().is_some() => {
            let start = load(&a.play.position)?;
            let (flags, out) = (&a.play.play, a.play.out);
            super::human::run_session(start, HexecsHints, &a.human, flags, out, "Hexecs", global)
        }
        HexecsCommand::Play(a) => run_play(a.play, global),
    }
}

fn run_search(a: SearchArgs<PositionArgs>, global: &Global) -> CliResult {
    let g = load(&a.position)?;
    if g.board().phase() == Phase::Rolled {
        return Err(CliError::input(
            "the position is a chance node (the die must be rolled first): add the outcome to --moves, e.g. roll=5",
        ));
    }
    super::search::run_search(g, &HexecsHints, &a.limits, global)
}

fn run_play(a: PlayArgs<PositionArgs>, global: &Global) -> CliResult {
    let start = load(&a.position)?;
    if let (Some(shard), Some(out)) = (&a.shard, &a.out) {
        let start = jobs::selfplay_shard::SelfPlayStart::hexecs(&start)?;
        return super::play_shard::run(&start, &a.play.config(), shard, out, global);
    }
    a.check_files()?;
    let cfg = jobs::selfplay::HexecsPlayConfig {
        start,
        play: a.play.config(),
        out: a.out,
        summary: a.summary,
        command: command_line(),
    };
    let report = jobs::selfplay::hexecs_play(&cfg, &BarProgress::new(global))?;
    let extra = json!({
        "start": cfg.start.position_text(),
        "file": report.files.first().map(|p| p.display().to_string()),
    });
    super::search::print_play(&report, extra, global);
    Ok(())
}

fn run_perft(args: HexecsPerftArgs, global: &Global) -> CliResult {
    let a = args.base;
    let g = load(&a.position)?;
    if args.file.out.is_some() {
        let position = jobs::perft_shard::PerftPosition::Hexecs(&g);
        return super::perft_file::run(position, a.depth, &args.file, global);
    }
    let [d, c] =
        jobs::perft::hexecs_perft(g.board(), a.depth, a.divide, &BarProgress::new(global))?;
    let (dn, ds, cn, cs) = (d.nodes, d.seconds, c.nodes, c.seconds);
    if global.json {
        let divide: Vec<_> = if a.divide {
            d.split
                .iter()
                .zip(c.split.iter())
                .map(|((m, d), (_, c))| json!({"move": raw_move_text(*m), "nodes_decisions": d, "nodes_with_chance": c}))
                .collect()
        } else {
            Vec::new()
        };
        print_json(&json!({
            "game": "hexecs",
            "position": g.position_text(),
            "depth": a.depth,
            "nodes_decisions": dn,
            "nodes_with_chance": cn,
            "seconds_decisions": ds,
            "seconds_with_chance": cs,
            "nodes_per_second_decisions": dn as f64 / ds.max(1e-9),
            "divide": divide,
        }));
    } else {
        if a.divide {
            println!("{:<12} {:>16} {:>16}", "move", "decisions", "with chance");
            for ((m, d), (_, c)) in d.split.iter().zip(c.split.iter()) {
                println!("{:<12} {:>16} {:>16}", raw_move_text(*m), d, c);
            }
            println!();
        }
        println!("position: {}", g.position_text());
        println!(
            "perft {}: {} (decision-only), {} (chance outcomes as plies)",
            a.depth, dn, cn
        );
        println!(
            "time: {:.3} s decision-only ({:.1} M nodes/s), {:.3} s with chance",
            ds,
            dn as f64 / ds.max(1e-9) / 1e6,
            cs
        );
    }
    Ok(())
}

fn run_show(a: ShowArgs<PositionArgs>, global: &Global) -> CliResult {
    let g = load(&a.position)?;
    let b = g.board();
    if let Some(path) = &a.svg {
        let svg = hexecs::show::svg_diagram(b);
        write_atomic(path, svg.as_bytes())?;
    }
    let mut moves = Vec::new();
    if b.phase() != Phase::Rolled {
        b.legal_moves(&mut moves);
    }
    let texts: Vec<String> = moves.iter().map(|&m| raw_move_text(m)).collect();
    if global.json {
        print_json(&json!({
            "game": "hexecs",
            "position": g.position_text(),
            "side_to_move": format!("{:?}", b.side_to_move()).to_lowercase(),
            "in_check": b.in_check(),
            "legal_moves": texts,
            "diagram": hexecs::show::text_diagram(b),
            "svg": a.svg.as_ref().map(|p| p.display().to_string()),
        }));
    } else {
        print!("{}", hexecs::show::text_diagram(b));
        if b.phase() == Phase::Rolled {
            println!("chance node: roll=1 .. roll=6, probability 1/6 each");
        } else {
            println!("{} legal moves: {}", texts.len(), texts.join(" "));
        }
        if let Some(p) = &a.svg {
            println!("SVG written to {}", p.display());
        }
    }
    Ok(())
}

/// Where `gsolve bench hexecs` writes `perft.md` and `bench.md` (`results/hexecs/` holds the
/// committed copies; `scripts/hexecs-bench.sh` refreshes them from here).
pub const BENCH_DIR: &str = "runs/hexecs";

/// `gsolve bench hexecs`: the job `jobs::perft::hexecs_perft_bench`, written to [`BENCH_DIR`].
pub fn bench(global: &Global) -> CliResult {
    let dir = PathBuf::from(BENCH_DIR);
    let b = jobs::perft::hexecs_perft_bench(&dir, &command_line(), &BarProgress::new(global))?;
    let files: Vec<String> = b.files.iter().map(|p| p.display().to_string()).collect();
    if global.json {
        let runs: Vec<_> = b
            .runs
            .iter()
            .map(|r| {
                json!({"label": r.label, "position": r.position, "depth": r.depth,
                "mode": r.mode, "nodes": r.nodes, "seconds": r.seconds,
                "nodes_per_second": r.nodes_per_second()})
            })
            .collect();
        print_json(&json!({"game": "hexecs", "files": files, "runs": runs}));
    } else {
        print!("{}", b.markdown);
        println!("written to {}", files.join(" and "));
    }
    Ok(())
}
