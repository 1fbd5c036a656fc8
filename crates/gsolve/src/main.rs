//! The `gsolve` command line: argument parsing, progress display and output formatting only.
//! Every computation lives in the library crates (`crates/`, `solvers/`).
//!
//! Exit codes: 0 success, 1 a run that failed (I/O, resource limits, a result that disagrees
//! with the stored table or the literature), 2 bad input (malformed arguments, positions,
//! moves or files, contradictory options, a strategy that `coins check` finds is not a
//! solution). With `--json` every subcommand prints exactly one JSON object on stdout, errors
//! included; human-readable output otherwise. Progress bars go to stderr, only on a
//! terminal and never with `--json`.
//!
//! A closed output pipe (`gsolve … | head -1`) ends the program quietly, as it ends `cat`:
//! killed by SIGPIPE at its next write (exit status 141 in a shell), with no panic message.
//! Result files are written whole through temporaries, so this loses no more than `kill -9`.
//! Running out of memory is a failed run too (exit 1, one JSON object with `--json`; see
//! `oom`), not an allocation-failure abort.

mod cli;
mod oom;
mod signals;

#[global_allocator]
static ALLOCATOR: oom::ClearOutOfMemory = oom::ClearOutOfMemory;

use clap::{Parser, Subcommand};
use cli::common::Global;

/// gsolve — a game-solving research toolkit.
///
/// Run without arguments to reproduce the quick Rex table (every board of at most 25 cells:
/// winner and winning first moves), written to runs/rex/, and to draw the committed results
/// of results/ on one page, runs/report/index.html.
#[derive(Parser, Debug)]
#[command(
    name = "gsolve",
    version = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("GSOLVE_COMMIT"), ")"),
    about,
    long_about,
    propagate_version = true,
    after_help = "Examples:\n  gsolve                                   quick Rex table (boards of at most 25 cells)\n  gsolve rex solve --size 5x5 --moves c3 --all --threads 2\n  gsolve darkhex certify FILE.mix\n  gsolve dola perft --variant sultan --depth 4\n  gsolve hexecs search --time 10\n  gsolve coins solve --coins 12 --weighings 3\n  gsolve report                            every result on one page (results/report/index.html)\n\nEvery subcommand takes --json (one JSON object on stdout). Exit codes: 0 ok, 1 failed run, 2 bad input."
)]
struct Cli {
    /// Print one JSON object with the results on stdout instead of human output.
    #[arg(long, global = true)]
    json: bool,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Rex (reverse Hex): exact solving, opening maps, the parity table.
    Rex(cli::rex::RexArgs),
    /// A GTP engine (Benzene command names) for Rex, to be driven by HexGui or test scripts.
    Gtp(cli::gtp::GtpArgs),
    /// Dark Hex: CFR equilibria, exact best response, certificates.
    Darkhex(cli::darkhex::DarkhexArgs),
    /// Dola (three 10×10 chess variants): perft, replay, show, search, self-play.
    Dola(cli::dola::DolaArgs),
    /// Hexecs (hexagonal chess with a die): perft, show, search, self-play.
    Hexecs(cli::hexecs::HexecsArgs),
    /// The balance study of Dola and Hexecs: resumable seed-range runs of engine games and
    /// their summary (first-player score with a 95 % interval, piece values).
    Balance(cli::balance::BalanceArgs),
    /// The coin-weighing puzzle: exhaustive strategy search.
    Coins(cli::coins::CoinsArgs),
    /// Benchmarks whose figures go to results/*/bench.md.
    Bench(cli::bench::BenchArgs),
    /// Every result of results/ drawn on one static page (results/report/index.html).
    ///
    /// Reads the result files of --results (tables, CSV files, Dark Hex run folders) and never
    /// runs a solver. Writes OUT/index.html, one self-contained page (inline SVG, no script,
    /// nothing fetched from the network: open it from disk, or on a phone), and every figure
    /// again as OUT/figures/ID.svg. Each figure has a title, axis labels with units, a legend
    /// and the command that produced its data, and links to its result file.
    ///
    /// Figures: Rex first-move maps as hex boards, the parity table as a grid of boards, the
    /// 6×6/7×7 map progress; Dark Hex brackets as intervals, each run's convergence (bounds
    /// against seconds, gap on a log axis) and first-probe heat maps; Dola and Hexecs
    /// positions, perft tables and self-play scores with 95 % intervals; the coins table; the
    /// benchmarks against Solrex and HiGHS as ratio bars. A figure whose data is missing is
    /// replaced by a note naming the file, and listed under "What is missing".
    ///
    /// The main job (gsolve with no arguments) ends by writing the same page to runs/report/
    /// (it never rewrites results/). Exit 2 when --out cannot be written.
    Report(cli::report::ReportArgs),
    /// The part files of a sharded run (`--shard I/N`, e.g. a Slurm job array's tasks) into
    /// the files one run of the whole job writes.
    ///
    /// Checks that the parts belong to one job with one config, names missing or duplicate
    /// shards and unfinished ones (exit 2), and writes the result files; they equal a single
    /// run's except in the columns that measure the run (seconds, nodes, threads) and the
    /// recorded command line, which --same-as DIR checks. Jobs with parts: rex map, rex table
    /// (--shard), dola perft and hexecs perft (--out --shard), darkhex table (--iterations
    /// --shard), dola play and hexecs play (--shard --out DIR: the records and selfplay.md).
    /// --pending lists the shards still to run.
    Merge(cli::merge::MergeArgs),
}

fn main() {
    end_quietly_on_broken_pipe();
    oom::set_json(std::env::args_os().any(|a| a == "--json"));
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // A malformed command line is bad input (exit 2), one JSON object with --json;
        // --help and --version print as usual.
        Err(e) if e.use_stderr() => {
            let args: Vec<String> = std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            // Clap's message starts with its own "error: ", which the report adds again.
            let msg = negative_number_message(&e, &args).unwrap_or_else(|| {
                let text = e.to_string();
                let text = text.trim();
                text.strip_prefix("error: ").unwrap_or(text).to_string()
            });
            let global = Global {
                json: args.iter().any(|a| a == "--json"),
            };
            std::process::exit(cli::common::CliError::Input(msg).report(&global));
        }
        Err(e) => e.exit(),
    };
    let global = Global { json: cli.json };
    let result = match cli.command {
        None => cli::rex::run_default(&global),
        Some(Command::Rex(a)) => cli::rex::run(a, &global),
        Some(Command::Gtp(a)) => cli::gtp::run(a, &global),
        Some(Command::Darkhex(a)) => cli::darkhex::run(a, &global),
        Some(Command::Dola(a)) => cli::dola::run(a, &global),
        Some(Command::Hexecs(a)) => cli::hexecs::run(a, &global),
        Some(Command::Balance(a)) => cli::balance::run(a, &global),
        Some(Command::Coins(a)) => cli::coins::run(a, &global),
        Some(Command::Bench(a)) => cli::bench::run(a, &global),
        Some(Command::Report(a)) => cli::report::run(a, &global),
        Some(Command::Merge(a)) => cli::merge::run(a, &global),
    };
    if let Err(e) = result {
        std::process::exit(e.report(&global));
    }
}

/// Give SIGPIPE back its default action (end the process), which the Rust runtime replaces by
/// "ignore" before `main`: a write to a closed pipe would otherwise fail with `EPIPE`, and
/// every `println!` panics on a failed write ("failed printing to stdout: Broken pipe").
#[cfg(unix)]
fn end_quietly_on_broken_pipe() {
    // SAFETY: `signal` with `SIG_DFL` installs no handler (no code runs in signal context); it
    // is called first in `main`, before any thread is started.
    #[allow(unsafe_code)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn end_quietly_on_broken_pipe() {}

/// Clap reads `--threads -1` as an unknown flag `-1` (or as a missing value): say instead
/// which option got a negative number (no option of gsolve takes one unless it says so, and
/// those parse it themselves).
fn negative_number_message(e: &clap::Error, args: &[String]) -> Option<String> {
    use clap::error::ErrorKind;
    if !matches!(
        e.kind(),
        ErrorKind::UnknownArgument | ErrorKind::InvalidValue | ErrorKind::NoEquals
    ) {
        return None;
    }
    let at = args.iter().enumerate().skip(2).find_map(|(i, a)| {
        let negative = a.len() > 1 && a.starts_with('-') && a[1..].parse::<f64>().is_ok();
        (negative && args[i - 1].starts_with("--")).then_some(i)
    })?;
    Some(format!(
        "{} {}: negative numbers are not allowed here (expected a number >= 0)",
        args[at - 1],
        args[at]
    ))
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::Parser;

    /// The command lines of `experiments/*.toml`, read as scripts/experiment.sh reads them.
    fn experiment_commands() -> Vec<(String, String)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../experiments");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&dir).expect("experiments/ exists") {
            let path = entry.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("toml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let mut inside = false;
            let mut found = 0;
            for line in text.lines() {
                if line.starts_with("commands = [") {
                    inside = true;
                } else if inside && line.starts_with(']') {
                    inside = false;
                } else if inside {
                    let c = line.trim().trim_end_matches(',').trim_matches('"');
                    assert!(c.starts_with("gsolve "), "{}: {line}", path.display());
                    out.push((path.display().to_string(), c.to_string()));
                    found += 1;
                }
            }
            assert!(found > 0, "{} lists no commands", path.display());
            assert!(text.contains("description = "), "{}", path.display());
        }
        out
    }

    #[test]
    fn experiments_parse_with_the_cli() {
        let cmds = experiment_commands();
        assert!(cmds.len() >= 8, "only {} experiment commands", cmds.len());
        for (file, c) in cmds {
            if let Err(e) = Cli::try_parse_from(c.split_whitespace()) {
                panic!("{file}: `{c}` does not parse: {e}");
            }
        }
    }
}
