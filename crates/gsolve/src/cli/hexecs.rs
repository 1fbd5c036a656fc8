//! `gsolve hexecs` — perft, show, bounded-depth search (expectimax with Star1/Star2 at the die)
//! and engine self-play for Hexecs (the rules engine is the `hexecs` crate, the search the
//! `search` crate), and `gsolve bench hexecs`.
//!
//! Search move ordering: [`HexecsHints`] orders captures by most valuable victim, least valuable
//! attacker (`hexecs::eval::PIECE_VALUES`, the king counted as 2 000), plus half the value of a
//! piece the move liberates; a princess move is keyed by the piece on her destination cell only
//! (the pieces she converts on her path are not weighed).
//!
//! Self-play records (`gsolve hexecs play --out FILE`): one text file, `#` comment lines (toolkit,
//! command, start position, and per game its number, result, length and final position) and one
//! line per game with its moves in coordinate notation separated by spaces (`D2D4 … roll roll=5
//! 5:F1F6 …`), exactly what `gsolve hexecs perft --fen START --moves "LINE"` reads.

use super::common::{
    command_line, print_json, progress_bar, toolkit_version, write_atomic, CliError, CliResult,
    Global,
};
use hexecs::{perft, raw_move_text, Board, Hexecs, Move, PerftMode, Phase, Setup};
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `gsolve hexecs`.
#[derive(clap::Args, Debug)]
pub struct HexecsArgs {
    #[command(subcommand)]
    command: HexecsCommand,
}

#[derive(clap::Subcommand, Debug)]
enum HexecsCommand {
    /// Count the leaves of the game tree (decision-only and with chance outcomes as plies).
    Perft(PerftArgs),
    /// Draw a position as text, and as an SVG picture with --svg.
    Show(ShowArgs),
    /// Search a position to a bounded depth (expectimax with Star1/Star2 at the die).
    Search(SearchArgs),
    /// Engine self-play; summary and optional records.
    Play(PlayArgs),
}

#[derive(clap::Args, Debug)]
struct SearchArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    limits: super::search::SearchLimits,
}

#[derive(clap::Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Write the games (one line of moves per game) to this file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Put the summary table into this markdown file (e.g. results/hexecs/selfplay.md).
    #[arg(long)]
    summary: Option<PathBuf>,
    #[command(flatten)]
    play: super::search::PlayArgs,
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

#[derive(clap::Args, Debug)]
struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// Print the count under every first move.
    #[arg(long)]
    divide: bool,
}

#[derive(clap::Args, Debug)]
struct ShowArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Also write an SVG picture of the board to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
}

fn load(p: &PositionArgs) -> Result<Hexecs, CliError> {
    let mut g = match &p.fen {
        Some(text) => {
            Hexecs::from_position(text).map_err(|e| CliError::input(format!("--fen: {e}")))?
        }
        None if p.sixteen_droids => Hexecs::new(Setup::SixteenDroids),
        None => Hexecs::start(),
    };
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
        HexecsCommand::Play(a) => run_play(a, global),
    }
}

/// Victim/attacker ordering of Hexecs captures for the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct HexecsHints;

fn order_value(k: hexecs::Kind) -> i32 {
    if k == hexecs::Kind::King {
        2000
    } else {
        hexecs::eval::PIECE_VALUES[k.index()]
    }
}

impl search::MoveHints<Hexecs> for HexecsHints {
    fn capture_order_key(&self, g: &Hexecs, mv: Move) -> i32 {
        let b = g.board();
        let victim = b.piece_at(mv.to()).map_or(0, |p| order_value(p.kind));
        let attacker = b.piece_at(mv.from()).map_or(0, |p| order_value(p.kind));
        let liberation = mv.liberation().map_or(0, |k| order_value(k) / 2);
        16 * victim - attacker + liberation
    }
}

fn run_search(a: SearchArgs, global: &Global) -> CliResult {
    let g = load(&a.position)?;
    if g.board().phase() == Phase::Rolled {
        return Err(CliError::input(
            "the position is a chance node (the die must be rolled first): add the outcome to --moves, e.g. roll=5",
        ));
    }
    super::search::run_search_with(g, &HexecsHints, &a.limits, global)
}

fn outcome_name(o: Option<game::Outcome>) -> &'static str {
    match o {
        Some(game::Outcome::Win(game::Player::First)) => "white wins",
        Some(game::Outcome::Win(game::Player::Second)) => "black wins",
        Some(game::Outcome::Draw) => "draw",
        None => "unfinished (ply cap)",
    }
}

fn run_play(a: PlayArgs, global: &Global) -> CliResult {
    let mut start = load(&a.position)?;
    // Self-play starts a fresh game record from this position.
    start = Hexecs::from_position(&start.position_text())
        .map_err(|e| CliError::input(format!("start position: {e}")))?;
    let start_text = start.position_text();
    let mut text = format!(
        "# gsolve hexecs play records, format 1; {}\n# command: {}\n# start: {}\n# seed {}, {} games; one line of moves per game, after its comment line\n",
        toolkit_version(),
        command_line(),
        start_text,
        a.play.seed,
        a.play.games
    );
    let summary =
        super::search::run_play_with(start.clone(), &HexecsHints, &a.play, global, |i, record| {
            let mut end = start.clone();
            let mut words = Vec::with_capacity(record.moves.len());
            for &m in &record.moves {
                words.push(raw_move_text(m));
                game::Game::play(&mut end, m);
            }
            text += &format!(
                "# game {}: {}, {} decisions, {} moves and die outcomes; final position: {}\n{}\n",
                i + 1,
                outcome_name(record.outcome),
                record.decisions,
                record.moves.len(),
                end.position_text(),
                words.join(" ")
            );
            Ok(())
        })?;
    if let Some(out) = &a.out {
        write_atomic(out, text.as_bytes())?;
    }
    let md =
        super::search::selfplay_markdown(&format!("Hexecs from `{start_text}`"), &summary, &a.play);
    if let Some(path) = &a.summary {
        super::search::append_markdown(path, "# Hexecs engine self-play", &md)?;
    }
    if global.json {
        print_json(&json!({
            "start": start_text,
            "games": summary.games,
            "white_wins": summary.first_wins,
            "draws": summary.draws,
            "black_wins": summary.second_wins,
            "unfinished": summary.unfinished,
            "mean_length": summary.mean_length(),
            "file": a.out.as_ref().map(|p| p.display().to_string()),
        }));
    } else {
        print!("{md}");
    }
    Ok(())
}

fn first_moves(b: &Board) -> Vec<Move> {
    let mut v = Vec::new();
    if b.phase() == Phase::Rolled {
        v.extend((1..=6).map(Move::die));
    } else {
        b.legal_moves(&mut v);
    }
    v
}

/// Perft split by first move, with a progress bar over the first moves.
fn perft_split(
    b: &Board,
    depth: u32,
    mode: PerftMode,
    global: &Global,
    what: &str,
) -> Vec<(Move, u64)> {
    let moves = first_moves(b);
    let bar = progress_bar(global, moves.len() as u64, what);
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let mut c = *b;
        c.make(m);
        let d = if b.phase() == Phase::Rolled && mode == PerftMode::Decisions {
            depth
        } else {
            depth - 1
        };
        out.push((m, perft(&c, d, mode)));
        bar.inc(1);
    }
    bar.finish_and_clear();
    out
}

fn run_perft(a: PerftArgs, global: &Global) -> CliResult {
    if a.depth == 0 || a.depth > 12 {
        return Err(CliError::input(format!(
            "--depth {}: expected 1..=12",
            a.depth
        )));
    }
    let g = load(&a.position)?;
    let b = *g.board();
    let mut results = Vec::new();
    for (mode, name) in [
        (PerftMode::Decisions, "decisions"),
        (PerftMode::WithChance, "with chance"),
    ] {
        let t = Instant::now();
        let split = if a.divide || a.depth >= 5 {
            perft_split(&b, a.depth, mode, global, &format!("perft {name}"))
        } else {
            Vec::new()
        };
        let nodes = if split.is_empty() {
            perft(&b, a.depth, mode)
        } else {
            split.iter().map(|x| x.1).sum()
        };
        let secs = t.elapsed().as_secs_f64();
        results.push((nodes, secs, split));
    }
    let (dn, ds, dsplit) = &results[0];
    let (cn, cs, csplit) = &results[1];
    if global.json {
        let divide: Vec<_> = if a.divide {
            dsplit
                .iter()
                .zip(csplit.iter())
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
            "nodes_per_second_decisions": *dn as f64 / ds.max(1e-9),
            "divide": divide,
        }));
    } else {
        if a.divide {
            println!("{:<12} {:>16} {:>16}", "move", "decisions", "with chance");
            for ((m, d), (_, c)) in dsplit.iter().zip(csplit.iter()) {
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
            *dn as f64 / ds.max(1e-9) / 1e6,
            cs
        );
    }
    Ok(())
}

fn run_show(a: ShowArgs, global: &Global) -> CliResult {
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

/// A position with both princesses free (unicorns still imprisoned), used by the bench and the
/// perft table for the counts with chance.
pub const PRINCESS_POSITION: &str =
    "rnjqjkjnr/dddddddddd/11/4p7/13/3P8/11/DDDDDDDDDD/RNJKJQJNR w KQkq Uu - 0 1";
/// The same position after White's roll (a chance node).
pub const ROLLED_POSITION: &str =
    "rnjqjkjnr/dddddddddd/11/4p7/13/3P8/11/DDDDDDDDDD/RNJKJQJNR w KQkq Uu roll 0 1";

struct Run {
    label: &'static str,
    position: String,
    depth: u32,
    mode: PerftMode,
    nodes: u64,
    secs: f64,
}

fn mode_name(mode: PerftMode) -> &'static str {
    match mode {
        PerftMode::Decisions => "decision-only",
        PerftMode::WithChance => "with chance",
    }
}

/// `gsolve bench hexecs`: perft of the suite positions at depths 1–4 (and 5 from the start,
/// decision-only), single thread, bulk counting; writes results/hexecs/perft.md (the table)
/// and results/hexecs/bench.md (the speed figures).
pub fn bench(global: &Global) -> CliResult {
    let positions: [(&'static str, String, u32); 4] = [
        ("start (10 droids)", hexecs::START.to_string(), 5),
        ("start (16 droids)", hexecs::START_16_DROIDS.to_string(), 4),
        ("princesses free", PRINCESS_POSITION.to_string(), 4),
        (
            "princesses free, White has rolled",
            ROLLED_POSITION.to_string(),
            4,
        ),
    ];
    let total: u64 = positions.iter().map(|p| 2 * 4 + u64::from(p.2 > 4)).sum();
    let bar = progress_bar(global, total, "bench hexecs");
    let mut runs = Vec::new();
    for (label, text, max_depth) in &positions {
        let b = hexecs::parse_position(text).map_err(CliError::runtime)?;
        for depth in 1..=*max_depth {
            for mode in [PerftMode::Decisions, PerftMode::WithChance] {
                if depth > 4 && mode == PerftMode::WithChance {
                    continue;
                }
                let t = Instant::now();
                let nodes = perft(&b, depth, mode);
                let secs = t.elapsed().as_secs_f64();
                runs.push(Run {
                    label,
                    position: text.clone(),
                    depth,
                    mode,
                    nodes,
                    secs,
                });
                bar.inc(1);
            }
        }
    }
    bar.finish_and_clear();
    let rate = |r: &Run| r.nodes as f64 / r.secs.max(1e-9) / 1e6;
    let header = format!(
        "<!-- gsolve results file: hexecs perft, format 1; {}; command: {} -->\n",
        toolkit_version(),
        command_line()
    );
    let mut perft_md = header.clone();
    perft_md.push_str("# Hexecs perft\n\n");
    perft_md.push_str(&format!(
        "Produced by `{}` ({}): one thread, bulk counting (the leaves' moves are counted, not \
         made), copy-make, built with `cargo build --profile dist` (scripts/hexecs-bench.sh).\n\n",
        command_line(),
        toolkit_version()
    ));
    perft_md.push_str(
        "Two counts (see the `hexecs::perft` docs): **decision-only** — only decisions (moves, \
         including `roll`) consume depth, a chance node expands its six die faces in place; \
         **with chance** — each die outcome is a ply of its own. Repetition and no-progress \
         draws are ignored, as chess perft ignores the fifty-move rule. From the start position \
         no princess is free for several moves, so the two counts agree there.\n\n",
    );
    perft_md.push_str(
        "Cross-checks: there is no published Hexecs perft. Every count of at most 5 000 leaves in \
         `crates/hexecs/tests/data/perft.txt` (which holds these numbers) is recomputed in the \
         default test suite by a second, independent generator (`crates/hexecs/tests/common`: \
         coordinate walking over a map of pieces, legality by making the move and asking whether \
         any enemy piece could capture the king), and the #[ignore]d deep test \
         (`scripts/hexecs-deep-tests.sh`) does so up to 400 000 leaves; the two generators are \
         also compared move by move (texts and resulting positions) on 1 000 random positions \
         that exercise every rule in the default tests, and on 20 000 random positions plus \
         every position of 40 random games in the deep test. Perft of the half-turn image of a \
         position equals the position's (tested).\n\n",
    );
    for (label, text, _) in &positions {
        perft_md.push_str(&format!("## {label}\n\n`{text}`\n\n"));
        perft_md.push_str("| depth | decision-only | with chance | s (decision-only) | M nodes/s |\n|---|---|---|---|---|\n");
        let mine: Vec<&Run> = runs.iter().filter(|r| r.label == *label).collect();
        let max_depth = mine.iter().map(|r| r.depth).max().unwrap_or(0);
        for depth in 1..=max_depth {
            let d = mine
                .iter()
                .find(|r| r.depth == depth && r.mode == PerftMode::Decisions);
            let c = mine
                .iter()
                .find(|r| r.depth == depth && r.mode == PerftMode::WithChance);
            perft_md.push_str(&format!(
                "| {depth} | {} | {} | {} | {} |\n",
                d.map(|r| r.nodes.to_string()).unwrap_or_default(),
                c.map(|r| r.nodes.to_string())
                    .unwrap_or_else(|| "same (no roll before ply 7)".into()),
                d.map(|r| format!("{:.4}", r.secs)).unwrap_or_default(),
                d.map(|r| format!("{:.1}", rate(r))).unwrap_or_default(),
            ));
        }
        perft_md.push('\n');
    }
    let mut md = header;
    md.push_str("# Hexecs perft speed\n\n");
    md.push_str(&format!(
        "Produced by `{}` ({}), one thread, bulk counting, built with `cargo build --profile dist` (scripts/hexecs-bench.sh). The machine \
         is shared (2 cores, several jobs): figures are lower bounds of the engine's speed.\n\n",
        command_line(),
        toolkit_version()
    ));
    md.push_str(
        "| position | depth | mode | leaves | seconds | M nodes/s |\n|---|---|---|---|---|---|\n",
    );
    let mut json_rows = Vec::new();
    for r in &runs {
        json_rows.push(
            json!({"label": r.label, "position": r.position, "depth": r.depth,
            "mode": mode_name(r.mode), "nodes": r.nodes, "seconds": r.secs,
            "nodes_per_second": r.nodes as f64 / r.secs.max(1e-9)}),
        );
        if r.secs < 0.05 {
            continue;
        }
        md.push_str(&format!(
            "| {} | {} | {} | {} | {:.3} | {:.1} |\n",
            r.label,
            r.depth,
            mode_name(r.mode),
            r.nodes,
            r.secs,
            rate(r)
        ));
    }
    md.push_str("\nTarget (issue 5): at least 20 M nodes/s decision-only, bulk counting, one thread, from the start position.\n");
    let perft_path = PathBuf::from("results/hexecs/perft.md");
    let bench_path = PathBuf::from("results/hexecs/bench.md");
    write_atomic(&perft_path, perft_md.as_bytes())?;
    write_atomic(&bench_path, md.as_bytes())?;
    if global.json {
        print_json(
            &json!({"game": "hexecs", "files": [perft_path.display().to_string(),
            bench_path.display().to_string()], "runs": json_rows}),
        );
    } else {
        print!("{md}");
        println!(
            "written to {} and {}",
            perft_path.display(),
            bench_path.display()
        );
    }
    Ok(())
}
