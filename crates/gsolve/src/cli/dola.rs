//! `gsolve dola` — perft, record replay, board display, bounded-depth search and engine
//! self-play for the three Dola games. All rules live in the `dola` crate and the search in the
//! `search` crate; this module parses arguments and prints.
//!
//! Search move ordering: [`DolaHints`] orders captures by most valuable victim, least valuable
//! attacker, with the evaluation's material values (`dola::eval::MATERIAL`).
//!
//! Self-play records (`gsolve dola play --out FILE`) are written in the inventor's French record
//! format that `gsolve dola replay` reads (`1) Pf2-f5 & Pf9-f6 2) …`, captures `xPIECE`,
//! promotions `=PIECE`, castling `00 (Rf1-i1)`), with `#` comment lines naming the toolkit,
//! variant, seed, game number, result and final FEN. With several games, game `i` goes to
//! `FILE` with `-NNN` (the 1-based game number) inserted before the extension.

use super::common::{
    command_line, print_json, progress_bar, toolkit_version, write_atomic, CliError, CliResult,
    Global,
};
use dola::record::{parse_record, replay, Verdict};
use dola::{perft, perft_divide, perft_full, Position, Variant};
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

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
    Perft(PerftArgs),
    /// Replay one of the inventor's French game records, judging every move.
    Replay(ReplayArgs),
    /// Draw a position as text (and as SVG with --svg).
    Show(ShowArgs),
    /// Search a position to a bounded depth (alpha-beta) and print each iteration.
    Search(SearchArgs),
    /// Engine self-play from the start position; summary and optional records.
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
    /// sultan, qinwan or sinwan.
    #[arg(long, default_value = "sultan")]
    variant: String,
    /// Write the games as French records (game i to FILE-NNN.ext when there are several).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Append the summary table to this markdown file (e.g. results/dola/selfplay.md).
    #[arg(long)]
    summary: Option<PathBuf>,
    #[command(flatten)]
    play: super::search::PlayArgs,
}

#[derive(clap::Args, Debug)]
struct PositionArgs {
    /// sultan, qinwan or sinwan.
    #[arg(long, default_value = "sultan")]
    variant: String,
    /// Start from this FEN instead of the variant's starting position.
    #[arg(long)]
    fen: Option<String>,
    /// Coordinate moves to play first, comma separated (f2f5,f9f6).
    #[arg(long, default_value = "")]
    moves: String,
}

#[derive(clap::Args, Debug)]
struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// Also give the count below each first move.
    #[arg(long)]
    divide: bool,
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
struct ShowArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Also write the board as an SVG file.
    #[arg(long)]
    svg: Option<PathBuf>,
}

fn parse_variant(s: &str) -> Result<Variant, CliError> {
    s.parse::<Variant>().map_err(CliError::input)
}

fn setup(args: &PositionArgs) -> Result<(Variant, Position), CliError> {
    let variant = parse_variant(&args.variant)?;
    let mut pos = match &args.fen {
        Some(f) => Position::from_fen(variant, f).map_err(CliError::input)?,
        None => Position::start(variant),
    };
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
        DolaCommand::Show(a) => run_show(a, global),
        DolaCommand::Search(a) => run_search(a, global),
        DolaCommand::Play(a) => run_play(a, global),
    }
}

/// Victim/attacker ordering of Dola captures for the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct DolaHints;

/// Ordering value of a piece kind: its material value, the king counted as 2 000.
fn order_value(kind: dola::Kind) -> i32 {
    if kind == dola::Kind::King {
        2000
    } else {
        dola::eval::MATERIAL[kind as usize]
    }
}

impl search::MoveHints<Position> for DolaHints {
    fn capture_order_key(&self, pos: &Position, mv: dola::Move) -> i32 {
        let victim = if mv.flag() == dola::MoveFlag::EnPassant {
            dola::eval::MATERIAL[dola::Kind::Pawn as usize]
        } else {
            pos.piece_at(mv.to()).map_or(0, |p| order_value(p.kind))
        };
        let attacker = pos.piece_at(mv.from()).map_or(0, |p| order_value(p.kind));
        let promotion = if mv.promotion_type().is_some() {
            1000
        } else {
            0
        };
        16 * victim - attacker + promotion
    }
}

fn run_search(args: SearchArgs, global: &Global) -> CliResult {
    let (_, pos) = setup(&args.position)?;
    super::search::run_search_with(pos, &DolaHints, &args.limits, global)
}

/// The French record text of `moves` played from `start` (the format `replay` reads).
pub fn french_record(start: &Position, moves: &[dola::Move]) -> String {
    use bitboard::dola::square_name;
    let mut pos = start.clone();
    let mut out = String::new();
    let mut number = pos.fullmove_number();
    for (i, &mv) in moves.iter().enumerate() {
        let white = pos.side_to_move() == dola::Color::White;
        if white || i == 0 {
            if i > 0 {
                out.push('\n');
            }
            out += &format!("{number}) ");
            if !white {
                out += "... & ";
            }
        } else {
            out += " & ";
        }
        let text = match mv.flag() {
            dola::MoveFlag::CastleKing | dola::MoveFlag::CastleQueen => {
                format!("00 (R{}-{})", square_name(mv.from()), square_name(mv.to()))
            }
            _ => {
                let piece = pos
                    .piece_at(mv.from())
                    .map_or("?", |p| p.kind.piece_type().french());
                let capture = if mv.flag() == dola::MoveFlag::EnPassant {
                    "xP".to_string()
                } else {
                    match pos.piece_at(mv.to()) {
                        Some(p) => format!("x{}", p.kind.piece_type().french()),
                        None => "-".to_string(),
                    }
                };
                let promo = mv
                    .promotion_type()
                    .map_or(String::new(), |t| format!("={}", t.french()));
                format!(
                    "{piece}{}{capture}{}{promo}",
                    square_name(mv.from()),
                    square_name(mv.to())
                )
            }
        };
        out += &text;
        pos.play_unchecked(mv);
        if pos.is_check() {
            out += if pos.count_legal() == 0 { "+mat" } else { "+" };
        }
        if pos.side_to_move() == dola::Color::White {
            number += 1;
        }
    }
    out.push('\n');
    out
}

/// Path of game `index` (0-based) of `games` for `--out FILE`.
fn game_path(out: &std::path::Path, index: u32, games: u32) -> PathBuf {
    if games == 1 {
        return out.to_path_buf();
    }
    let stem = out
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    let name = match out.extension() {
        Some(e) => format!("{stem}-{:03}.{}", index + 1, e.to_string_lossy()),
        None => format!("{stem}-{:03}", index + 1),
    };
    out.with_file_name(name)
}

fn outcome_name(o: Option<game::Outcome>) -> &'static str {
    match o {
        Some(game::Outcome::Win(game::Player::First)) => "white wins",
        Some(game::Outcome::Win(game::Player::Second)) => "black wins",
        Some(game::Outcome::Draw) => "draw",
        None => "unfinished (ply cap)",
    }
}

fn run_play(args: PlayArgs, global: &Global) -> CliResult {
    let variant = parse_variant(&args.variant)?;
    let start = Position::start(variant);
    let mut files = Vec::new();
    let summary = super::search::run_play_with(
        start.clone(),
        &DolaHints,
        &args.play,
        global,
        |i, record| {
            if let Some(out) = &args.out {
                let path = game_path(out, i, args.play.games);
                let mut end = start.clone();
                for &m in &record.moves {
                    end.play_unchecked(m);
                }
                let text = format!(
                    "# gsolve dola play record, format 1; {}\n# command: {}\n# variant {}, seed {}, game {} of {}, result: {}, {} plies\n# final FEN: {}\n{}",
                    toolkit_version(),
                    command_line(),
                    variant.name(),
                    args.play.seed,
                    i + 1,
                    args.play.games,
                    outcome_name(record.outcome),
                    record.moves.len(),
                    end.to_fen(),
                    french_record(&start, &record.moves)
                );
                write_atomic(&path, text.as_bytes())?;
                files.push(path.display().to_string());
            }
            Ok(())
        },
    )?;
    let title = format!("Dola, variant {}", variant.name());
    let md = super::search::selfplay_markdown(&title, &summary, &args.play);
    if let Some(path) = &args.summary {
        super::search::append_markdown(path, "# Dola engine self-play", &md)?;
    }
    if global.json {
        print_json(&json!({
            "variant": variant.name(),
            "games": summary.games,
            "white_wins": summary.first_wins,
            "draws": summary.draws,
            "black_wins": summary.second_wins,
            "unfinished": summary.unfinished,
            "mean_length": summary.mean_length(),
            "files": files,
        }));
    } else {
        print!("{md}");
    }
    Ok(())
}

fn run_perft(args: PerftArgs, global: &Global) -> CliResult {
    let (variant, mut pos) = setup(&args.position)?;
    if args.depth > 12 {
        return Err(CliError::input(format!(
            "--depth {}: expected 0..=12",
            args.depth
        )));
    }
    let fen = pos.to_fen();
    let t = Instant::now();
    let (nodes, divide) = if args.depth >= 2 {
        // One root move at a time, with a progress bar.
        let roots = pos.legal_move_list();
        let bar = progress_bar(global, roots.len() as u64, "perft");
        let mut d = Vec::with_capacity(roots.len());
        for &mv in roots.as_slice() {
            pos.play_unchecked(mv);
            d.push((mv, perft(&mut pos, args.depth - 1)));
            pos.undo_unchecked(mv);
            bar.inc(1);
        }
        bar.finish_and_clear();
        (
            d.iter().map(|&(_, n)| n).sum::<u64>(),
            args.divide.then_some(d),
        )
    } else if args.divide && args.depth == 1 {
        let d = perft_divide(&mut pos, 1);
        (d.len() as u64, Some(d))
    } else {
        (perft(&mut pos, args.depth), None)
    };
    let secs = t.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    if global.json {
        let mut v = json!({
            "variant": variant.name(),
            "fen": fen,
            "depth": args.depth,
            "nodes": nodes,
            "seconds": secs,
            "nodes_per_second": nps,
        });
        if let Some(d) = &divide {
            v["divide"] = d
                .iter()
                .map(|&(m, n)| json!({"move": Position::coordinate(m), "nodes": n}))
                .collect();
        }
        print_json(&v);
    } else {
        if let Some(d) = &divide {
            for &(m, n) in d {
                println!("{} {n}", Position::coordinate(m));
            }
            println!();
        }
        println!("perft {} {nodes}", args.depth);
        println!("{variant} {fen}");
        println!("{secs:.3} s, {:.1} M nodes/s", nps / 1e6);
    }
    Ok(())
}

fn run_replay(args: ReplayArgs, global: &Global) -> CliResult {
    let variant = parse_variant(&args.variant)?;
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| CliError::input(format!("cannot read record {}: {e}", args.file.display())))?;
    let rec = parse_record(&text);
    if rec.moves.is_empty() {
        return Err(CliError::input(format!(
            "record {}: no moves found",
            args.file.display()
        )));
    }
    let r = replay(&Position::start(variant), &rec);
    // The first move that is not plainly legal, for the strict (non-audit) exit status.
    let faulty = r.steps.iter().find_map(|s| {
        let why = match &s.verdict {
            Verdict::Legal | Verdict::NotReached => return None,
            Verdict::Ambiguous { candidates } => format!("ambiguous ({})", candidates.join(" ")),
            Verdict::NotLegal { reason, .. } => format!("not legal: {reason}"),
            Verdict::Unparseable { reason } => format!("unparseable: {reason}"),
        };
        Some(format!(
            "record {}: move {} ({} `{}`) is {why} (use --audit to report without failing)",
            args.file.display(),
            s.number,
            s.color,
            s.text
        ))
    });
    let status = || match &faulty {
        Some(m) if !args.audit => Err(CliError::input(m.clone())),
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
    for s in &r.steps {
        let verdict = match &s.verdict {
            Verdict::Legal => "legal".to_string(),
            Verdict::Ambiguous { candidates } => format!("AMBIGUOUS: {}", candidates.join(" ")),
            Verdict::NotLegal {
                reason,
                repaired_as,
            } => match repaired_as {
                Some(m) => format!("NOT LEGAL: {reason}; played {m} instead"),
                None => format!("NOT LEGAL: {reason}"),
            },
            Verdict::Unparseable { reason } => format!("UNPARSEABLE: {reason}"),
            Verdict::NotReached => "not reached".to_string(),
        };
        let played = s.played.as_deref().unwrap_or("-");
        println!(
            "{:>3}. {:<5} {:<32} {:<7} {verdict}",
            s.number, s.color, s.text, played
        );
        for n in &s.notes {
            println!("{:>11}note: {n}", "");
        }
    }
    if let Some(c) = &r.trailing_comment {
        println!("comment after the last move: {c}");
    }
    println!("final position: {}", r.final_fen);
    println!(
        "final checkmate: {}",
        if r.final_checkmate { "yes" } else { "no" }
    );
    println!("{} moves, {} legal", r.moves, r.legal);
    status()
}

fn run_show(args: ShowArgs, global: &Global) -> CliResult {
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

/// `gsolve bench dola`: perft of the three start positions to depth 5, single thread, with
/// bulk counting; writes results/dola/perft.md.
pub fn bench(global: &Global) -> CliResult {
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string());
    let mut rows = vec![];
    let mut table = String::new();
    for v in Variant::ALL {
        let mut pos = Position::start(v);
        for depth in 1..=5 {
            // Best of three for the short runs (the machine is shared); depth 5 once.
            let runs = if depth < 5 { 3 } else { 1 };
            let mut nodes = 0;
            let mut secs = f64::INFINITY;
            for _ in 0..runs {
                let t = Instant::now();
                nodes = perft(&mut pos, depth);
                secs = secs.min(t.elapsed().as_secs_f64());
            }
            let nps = nodes as f64 / secs.max(1e-9);
            if !global.json {
                eprintln!(
                    "{v} depth {depth}: {nodes} nodes, {secs:.3} s, {:.1} M nodes/s",
                    nps / 1e6
                );
            }
            table += &format!(
                "| {v} | {depth} | {nodes} | {secs:.3} | {:.1} |\n",
                nps / 1e6
            );
            rows.push(json!({"variant": v.name(), "depth": depth, "nodes": nodes, "seconds": secs, "nodes_per_second": nps}));
        }
    }
    // Without bulk counting (every leaf played and undone), Sultan depth 4, for comparison.
    let mut pos = Position::start(Variant::Sultan);
    let mut full_nodes = 0;
    let mut full_secs = f64::INFINITY;
    for _ in 0..3 {
        let t = Instant::now();
        full_nodes = perft_full(&mut pos, 4);
        full_secs = full_secs.min(t.elapsed().as_secs_f64());
    }
    let full_nps = full_nodes as f64 / full_secs.max(1e-9);
    rows.push(
        json!({"variant": "sultan", "depth": 4, "nodes": full_nodes, "seconds": full_secs,
        "nodes_per_second": full_nps, "bulk_counting": false}),
    );
    let doc = format!(
        "# Dola perft (format 1)\n\n\
         Written by `{cmd}` ({ver}). Single thread, bulk counting at the last ply (the last ply's \
         legal moves are counted, not played). Perft counts legal moves only; draws are not \
         adjudicated.\n\n\
         | variant | depth | nodes | seconds | M nodes/s |\n|---|---|---|---|---|\n{table}\n\
         Without bulk counting (every leaf move played and undone): Sultan depth 4, \
         {full_nodes} nodes in {full_secs:.3} s, {full_mnps:.1} M nodes/s.\n\n\
         Target (issue 4): at least 10 M nodes/s single thread with bulk counting on the Sultan \
         start position. Depths 1–4 and the run without bulk counting: best of three; depth 5: one \
         run. Machine: {cpus} logical CPUs shared with other jobs (load average {load} when the \
         run started), so figures vary from run to run.\n\n\
         ## How these numbers are checked\n\n\
         No other engine plays Dola, so there is no external perft to compare with. The counts are \
         cross-checked by a second, independent implementation of the rules in \
         `crates/dola/tests/common/mod.rs`: a mailbox generator walking squares with coordinate \
         offsets, pseudo-legal moves written from `dola.md`, legality by making the move on a copy \
         and scanning every enemy piece's attacks. `tests/random_play.rs` compares the two move \
         lists and the position after every move on thousands of positions from random games and \
         random setups of the three variants (castling, en passant, promotions, convention 2, \
         queen modes included); `tests/perft.rs` recomputes the depth 1–3 counts of the three \
         start positions with the reference generator (depth 4 in an ignored test run by \
         `scripts/dola-perft-deep.sh`) and reads the depth 1–4 values of \
         `crates/dola/tests/data/perft.txt` (depth 5 is an ignored test, run by the same \
         script). Depth 5 is checked by the fast generator only. Depth 1 was also counted by \
         hand from the setups (Sultan 38, Qinwan 48, Sinwan 45). The same tests check that the \
         left–right mirror and the colour flip leave perft unchanged.\n\n\
         Build: the `release` profile (`scripts/cargo-locked build --release -p gsolve`).\n",
        cmd = command_line(),
        ver = toolkit_version(),
        full_mnps = full_nps / 1e6,
        load = load,
        cpus = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1),
    );
    let path = PathBuf::from("results/dola/perft.md");
    write_atomic(&path, doc.as_bytes())?;
    if global.json {
        print_json(&json!({"results": rows, "file": path.display().to_string()}));
    } else {
        println!("written {}", path.display());
    }
    Ok(())
}
