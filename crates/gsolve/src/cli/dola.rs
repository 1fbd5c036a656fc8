//! `gsolve dola` — perft, record replay, board display, bounded-depth search and engine
//! self-play for the three Dola games. The rules (and the capture ordering
//! `dola::DolaHints`, the French record reader and writer) live in the `dola` crate, the work
//! in `jobs::{perft, replay, selfplay, search}`; this module maps arguments and prints.
//!
//! Self-play records (`gsolve dola play --out FILE`) are written in the inventor's French record
//! format that `gsolve dola replay` reads, with `#` comment lines naming the toolkit, variant,
//! seed, game number, result and final FEN (`jobs::selfplay::dola_record_file`).

use super::common::{
    command_line, print_json, write_atomic, BarProgress, CliError, CliResult, Global,
};
use super::search::{PerftArgs, PlayArgs, SearchArgs, ShowArgs};
use dola::record::Verdict;
use dola::{DolaHints, Position, Variant};
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `gsolve dola`.
#[derive(clap::Args, Debug)]
pub struct DolaArgs {
    /// What to do.
    #[command(subcommand)]
    command: DolaCommand,
}

#[derive(clap::Subcommand, Debug)]
enum DolaCommand {
    /// Count the leaves of the legal move tree (bulk counting at the last ply).
    Perft(DolaPerftArgs),
    /// Replay a game record as a person pastes it (the inventor's French notation or
    /// coordinates), judging every move: played as written, repaired, or not legal and why.
    ///
    /// The record may carry a title line, move numbers glued to moves (`12)00`), missing or
    /// repeated, moves split across lines, `&` or not between the two half-moves, commentary
    /// anywhere (kept and shown, never read as moves) and the result in words or symbols
    /// (`mat`, `Les blancs abandonnent`, `nulle`, `1-0`). A move that is not legal is replaced
    /// by the nearest legal move (same piece letter, origin or destination, one coordinate off,
    /// a wrong capture mark or piece letter) that lets the rest of the record replay furthest,
    /// reported as `repaired: <written> → <played> (<kind>)`; two equally good repairs stop the
    /// replay as ambiguous. Example: `gsolve dola replay --variant sultan game.txt`.
    Replay(ReplayArgs),
    /// Replay the inventor's three records (`<variant>.txt` in --records) and write the
    /// Markdown table of their verdicts and notes (the committed one: results/dola/replay.md).
    ReplayTable(ReplayTableArgs),
    /// Draw a position as text (and as SVG with --svg).
    Show(ShowArgs<PositionArgs>),
    /// Search a position to a bounded depth (alpha-beta) and print each iteration.
    Search(SearchArgs<PositionArgs>),
    /// Engine self-play from the start position (summary and optional records); with
    /// `--human white` (or black), your game against the engine in the terminal.
    ///
    /// Against the engine: the board is drawn after every move; type moves in the source's
    /// French notation (Pf2-f5, CTh1-g3, Fi5xFf2, 00 (Rf1-i1)) or in coordinates (f2f5);
    /// `undo`, `hint`, `save [FILE]` (a French record that `gsolve dola replay` reads back),
    /// `quit`. Strength: --depth (default 3), --time or --nodes. Example:
    /// `gsolve dola play --human white --variant qinwan --depth 4 --out mygame.txt`.
    Play(DolaPlayArgs),
    /// Speak UCI on stdin/stdout for a chess GUI or match runner: `UCI_Variant` (dola-sultan,
    /// dola-qinwan, dola-sinwan) as in Fairy-Stockfish, FEN with 10 files, coordinate moves
    /// (f2f5, d9d10q, castling as the king's move f1i1).
    Uci,
}

/// `gsolve dola play`: self-play, or a person against the engine.
#[derive(clap::Args, Debug)]
struct DolaPlayArgs {
    #[command(flatten)]
    play: PlayArgs<VariantArg>,
    #[command(flatten)]
    human: super::human::HumanArgs,
}

/// `--variant`.
#[derive(clap::Args, Debug)]
struct VariantArg {
    /// sultan, qinwan or sinwan.
    #[arg(long, default_value = "sultan")]
    variant: String,
}

#[derive(clap::Args, Debug)]
struct PositionArgs {
    #[command(flatten)]
    variant: VariantArg,
    /// Start from this FEN instead of the variant's starting position.
    #[arg(long)]
    fen: Option<String>,
    /// Coordinate moves to play first, comma separated (f2f5,f9f6).
    #[arg(long, default_value = "")]
    moves: String,
}

#[derive(clap::Args, Debug)]
struct ReplayArgs {
    /// sultan, qinwan or sinwan.
    #[arg(long)]
    variant: String,
    /// The record file (text as in the source; `#` lines are comments).
    file: PathBuf,
    /// Audit mode: report every move's verdict and exit 0 even when some move is not legal,
    /// ambiguous or unparseable (historical records contain errors). Without it such a record
    /// is bad input: the first faulty move is named and the exit code is 2 (the human report is
    /// still printed; with --json only the error object is).
    #[arg(long)]
    audit: bool,
}

#[derive(clap::Args, Debug)]
struct ReplayTableArgs {
    /// Folder with the records `sultan.txt`, `qinwan.txt` and `sinwan.txt`.
    #[arg(long, default_value = "crates/dola/tests/data")]
    records: PathBuf,
    /// Output file.
    #[arg(long, default_value = "runs/dola/replay.md")]
    out: PathBuf,
}

fn parse_variant(s: &str) -> Result<Variant, CliError> {
    s.parse::<Variant>().map_err(CliError::input)
}

fn setup(args: &PositionArgs) -> Result<(Variant, Position), CliError> {
    let variant = parse_variant(&args.variant.variant)?;
    let mut pos = match &args.fen {
        Some(f) => Position::from_fen(variant, f).map_err(CliError::input)?,
        None => Position::start(variant),
    };
    super::common::check_move_list("--moves", &args.moves)?;
    for m in args
        .moves
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
    {
        pos.play_text(m)
            .map_err(|e| CliError::input(format!("--moves: {e}")))?;
    }
    pos.clear_history();
    Ok((variant, pos))
}

/// Run `gsolve dola`.
pub fn run(args: DolaArgs, global: &Global) -> CliResult {
    match args.command {
        DolaCommand::Perft(a) => run_perft(a, global),
        DolaCommand::Replay(a) => run_replay(a, global),
        DolaCommand::ReplayTable(a) => run_replay_table(a, global),
        DolaCommand::Show(a) => run_show(a, global),
        DolaCommand::Search(a) => {
            let (_, pos) = setup(&a.position)?;
            super::search::run_search(pos, &DolaHints, &a.limits, global)
        }
        DolaCommand::Play(a) if a.human.side().is_some() => run_human(a, global),
        DolaCommand::Play(a) => run_play(a.play, global),
        DolaCommand::Uci => super::uci::run(global),
    }
}

fn run_human(a: DolaPlayArgs, global: &Global) -> CliResult {
    let variant = parse_variant(&a.play.position.variant)?;
    let (flags, out) = (&a.play.play, a.play.out);
    let game = format!("Dola-{}", variant.name());
    let start = Position::start(variant);
    super::human::run_session(start, DolaHints, &a.human, flags, out, &game, global)
}

fn run_play(args: PlayArgs<VariantArg>, global: &Global) -> CliResult {
    let variant = parse_variant(&args.position.variant)?;
    if let (Some(shard), Some(out)) = (&args.shard, &args.out) {
        let start = jobs::selfplay_shard::SelfPlayStart::Dola(variant);
        return super::play_shard::run(&start, &args.play.config(), shard, out, global);
    }
    args.check_files()?;
    let cfg = jobs::selfplay::DolaPlayConfig {
        variant,
        play: args.play.config(),
        out: args.out,
        summary: args.summary,
        command: command_line(),
    };
    let report = jobs::selfplay::dola_play(&cfg, &BarProgress::new(global))?;
    let files: Vec<String> = report
        .files
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let extra = json!({ "variant": cfg.variant.name(), "files": files });
    super::search::print_play(&report, extra, global);
    Ok(())
}

/// `gsolve dola perft`: the count, or with --out a file split by first move.
#[derive(clap::Args, Debug)]
pub struct DolaPerftArgs {
    #[command(flatten)]
    base: PerftArgs<PositionArgs>,
    #[command(flatten)]
    file: super::perft_file::PerftFileArgs,
}

fn run_perft(a: DolaPerftArgs, global: &Global) -> CliResult {
    let args = a.base;
    let (variant, pos) = setup(&args.position)?;
    if a.file.out.is_some() {
        let position = jobs::perft_shard::PerftPosition::Dola(variant, &pos);
        return super::perft_file::run(position, args.depth, &a.file, global);
    }
    let fen = pos.to_fen();
    let p = jobs::perft::dola_perft(&pos, args.depth, args.divide, &BarProgress::new(global))?;
    let nps = if p.seconds > 0.0 {
        p.nodes as f64 / p.seconds
    } else {
        0.0
    };
    if global.json {
        let mut v = json!({
            "variant": variant.name(),
            "fen": fen,
            "depth": args.depth,
            "nodes": p.nodes,
            "seconds": p.seconds,
            "nodes_per_second": nps,
        });
        if let Some(d) = &p.divide {
            v["divide"] = d
                .iter()
                .map(|&(m, n)| json!({"move": Position::coordinate(m), "nodes": n}))
                .collect();
        }
        print_json(&v);
    } else {
        if let Some(d) = &p.divide {
            for &(m, n) in d {
                println!("{} {n}", Position::coordinate(m));
            }
            println!();
        }
        println!("perft {} {}", args.depth, p.nodes);
        println!("{variant} {fen}");
        println!("{:.3} s, {:.1} M nodes/s", p.seconds, nps / 1e6);
    }
    Ok(())
}

fn verdict_text(s: &dola::record::ReplayStep) -> String {
    if let Some(r) = dola::record::repair_text(s) {
        return r;
    }
    match &s.verdict {
        Verdict::Legal => "legal".to_string(),
        Verdict::Ambiguous { candidates } => format!("AMBIGUOUS: {}", candidates.join(" | ")),
        Verdict::NotLegal { reason } => format!("NOT LEGAL: {reason}"),
        Verdict::Repaired { .. } => unreachable!("repair_text covers repairs"),
        Verdict::Unparseable { reason } => format!("UNPARSEABLE: {reason}"),
        Verdict::NotReached => "not reached".to_string(),
    }
}

fn run_replay(args: ReplayArgs, global: &Global) -> CliResult {
    let variant = parse_variant(&args.variant)?;
    let jobs::replay::DolaReplay {
        replay: r,
        first_fault,
    } = jobs::replay::dola_replay(variant, &args.file)?;
    let status = || match &first_fault {
        Some(m) if !args.audit => Err(CliError::input(format!(
            "{m} (use --audit to report without failing)"
        ))),
        _ => Ok(()),
    };
    if global.json {
        // One JSON object: the error alone when the record fails (--audit gives the report).
        status()?;
        let mut v = serde_json::to_value(&r).map_err(CliError::runtime)?;
        v["variant"] = json!(variant.name());
        v["file"] = json!(args.file.display().to_string());
        print_json(&v);
        return Ok(());
    }
    if let Some(t) = &r.title {
        println!("title: {}", super::common::bounded(t, 300));
    }
    for (i, s) in r.steps.iter().enumerate() {
        let played = s.played.as_deref().unwrap_or("-");
        println!(
            "{:>3}. {:<5} {:<32} {:<7} {}",
            s.number,
            s.color,
            // A record's move may be megabytes of garbage: quote a few hundred bytes.
            super::common::bounded(&s.text, 200),
            played,
            super::common::bounded(&verdict_text(s), 400)
        );
        for n in &s.notes {
            println!("{:>11}note: {}", "", super::common::bounded(n, 300));
        }
        // The last move's comment is printed below as the comment after the last move.
        if let Some(c) = s.comment.as_deref().filter(|_| i + 1 < r.steps.len()) {
            println!("{:>11}comment: {}", "", super::common::bounded(c, 300));
        }
    }
    if let Some(c) = &r.trailing_comment {
        println!(
            "comment after the last move: {}",
            super::common::bounded(c, 300)
        );
    }
    println!("final position: {}", r.final_fen);
    println!(
        "final checkmate: {}",
        if r.final_checkmate { "yes" } else { "no" }
    );
    if let Some(d) = &r.declared_result {
        println!(
            "result stated by the record: {} ({})",
            d.outcome,
            super::common::bounded(&d.text, 200)
        );
    }
    println!(
        "result of the final position: {}",
        r.outcome.unwrap_or("game not over")
    );
    println!(
        "{} moves, {} legal, {} repaired",
        r.moves, r.legal, r.repaired
    );
    status()
}

fn run_replay_table(args: ReplayTableArgs, global: &Global) -> CliResult {
    jobs::output::check_writable_file("--out", &args.out)?;
    let records = jobs::replay::record_files(&args.records);
    let rows = jobs::replay::dola_replay_table(
        &records,
        &args.out,
        &command_line(),
        &BarProgress::new(global),
    )?;
    if global.json {
        let records: Vec<_> = rows
            .iter()
            .map(|row| {
                let r = &row.replay.replay;
                json!({
                    "variant": row.variant.name(),
                    "file": row.file.display().to_string(),
                    "moves": r.moves,
                    "legal": r.legal,
                    "final_checkmate": r.final_checkmate,
                    "outcome": r.outcome,
                    "first_fault": row.replay.first_fault,
                })
            })
            .collect();
        print_json(&json!({"records": records, "file": args.out.display().to_string()}));
    } else {
        println!("written {}", args.out.display());
    }
    Ok(())
}

fn run_show(args: ShowArgs<PositionArgs>, global: &Global) -> CliResult {
    let (variant, pos) = setup(&args.position)?;
    if let Some(path) = &args.svg {
        write_atomic(path, pos.to_svg().as_bytes())?;
    }
    if global.json {
        print_json(&json!({
            "variant": variant.name(),
            "fen": pos.to_fen(),
            "text": pos.to_text(),
            "in_check": pos.is_check(),
            "legal_moves": pos.count_legal(),
            "svg_file": args.svg.as_ref().map(|p| p.display().to_string()),
        }));
    } else {
        print!("{}", pos.to_text());
        println!(
            "{} legal moves{}",
            pos.count_legal(),
            if pos.is_check() { ", in check" } else { "" }
        );
        if let Some(p) = &args.svg {
            println!("SVG written to {}", p.display());
        }
    }
    Ok(())
}

/// Where `gsolve bench dola` writes (`results/dola/perft.md` is the committed copy;
/// `scripts/dola-perft-deep.sh` refreshes it from here).
pub const BENCH_PATH: &str = "runs/dola/perft.md";

/// `gsolve bench dola`: the job `jobs::perft::dola_perft_bench`, written to [`BENCH_PATH`].
pub fn bench(global: &Global) -> CliResult {
    let path = PathBuf::from(BENCH_PATH);
    let b = jobs::perft::dola_perft_bench(&path, &command_line(), &BarProgress::new(global))?;
    if global.json {
        let rows: Vec<_> = b
            .runs
            .iter()
            .map(|r| {
                let mut v = json!({"variant": r.label, "depth": r.depth, "nodes": r.nodes,
                    "seconds": r.seconds, "nodes_per_second": r.nodes_per_second()});
                if r.mode == "full" {
                    v["bulk_counting"] = json!(false);
                }
                v
            })
            .collect();
        print_json(&json!({"results": rows, "file": path.display().to_string()}));
    } else {
        println!("written {}", path.display());
    }
    Ok(())
}
