//! `gsolve coins` — the coin-weighing puzzle (crate `coins`).
//!
//! - `gsolve coins solve --coins N --weighings K [--reference-coin] [--adaptive|--non-adaptive]`:
//!   decide solvability, count strategies and their symmetry classes, print one representative
//!   per non-adaptive class and one optimal decision tree. Without a mode flag both modes run.
//! - `gsolve coins table [--max-weighings 4] [--out results/coins]`: the largest solvable N for
//!   each K, found by search, written to `table.md` and `table.csv`.
//!
//! Every strategy printed is first re-checked by the crate's brute-force checker.

use super::common::{
    command_line, print_json, progress_bar, toolkit_version, write_atomic, CliError, CliResult,
    Global,
};
use coins::adaptive::DecisionTree;
use coins::adaptive::{self, AdaptiveReport, AdaptiveSolver};
use coins::check::{check_non_adaptive, check_tree};
use coins::nonadaptive::{self, Limits, NonAdaptiveReport};
use coins::table;
use coins::{Problem, Weighing};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Arguments of `gsolve coins`.
#[derive(clap::Args, Debug)]
pub struct CoinsArgs {
    /// What to do.
    #[command(subcommand)]
    command: CoinsCommand,
}

#[derive(clap::Subcommand, Debug)]
enum CoinsCommand {
    /// Solve one instance: solvability, strategy counts, symmetry classes, example strategies.
    Solve(SolveArgs),
    /// The table of largest solvable N for K = 2..=4 (by search), to results/coins/.
    Table(TableArgs),
    /// Check a strategy from a file by brute force: either one weighing per line
    /// (`1 2 3 4 | 5 6 7 8`, non-adaptive) or a decision tree as printed by `solve`.
    Check(CheckArgs),
}

/// The instance: `--coins N --weighings K [--reference-coin]`.
#[derive(clap::Args, Debug)]
struct ProblemArgs {
    /// Number of coins N (one is counterfeit, heavier or lighter).
    #[arg(long)]
    coins: u64,
    /// Number of weighings K allowed.
    #[arg(long)]
    weighings: u64,
    /// An extra coin known to be genuine is available (written `ref`).
    #[arg(long)]
    reference_coin: bool,
}

impl ProblemArgs {
    fn problem(&self) -> Result<Problem, CliError> {
        Problem::new(self.coins, self.weighings, self.reference_coin).map_err(CliError::input)
    }
}

#[derive(clap::Args, Debug)]
struct CheckArgs {
    #[command(flatten)]
    problem: ProblemArgs,
    /// The strategy file; lines starting with '#' are ignored.
    file: PathBuf,
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    problem: ProblemArgs,
    /// Only adaptive strategies (each weighing may depend on earlier outcomes).
    #[arg(long, conflicts_with = "non_adaptive")]
    adaptive: bool,
    /// Only non-adaptive strategies (all weighings fixed in advance).
    #[arg(long)]
    non_adaptive: bool,
    /// Decide and show one strategy only; skip counting.
    #[arg(long)]
    no_count: bool,
    /// Print at most this many non-adaptive class representatives (all by default).
    #[arg(long)]
    show_classes: Option<usize>,
    /// Also write the human report to this file (with a header: format, toolkit, command).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
struct TableArgs {
    /// Smallest K in the table.
    #[arg(long, default_value_t = 2)]
    min_weighings: u64,
    /// Largest K in the table.
    #[arg(long, default_value_t = 4)]
    max_weighings: u64,
    /// Directory for table.md and table.csv.
    #[arg(long, default_value = "results/coins")]
    out: PathBuf,
}

/// Run `gsolve coins`.
pub fn run(args: CoinsArgs, global: &Global) -> CliResult {
    match args.command {
        CoinsCommand::Solve(a) => solve(a, global),
        CoinsCommand::Table(a) => run_table(a, global),
        CoinsCommand::Check(a) => run_check(a, global),
    }
}

fn run_check(a: CheckArgs, global: &Global) -> CliResult {
    let problem = a.problem.problem()?;
    let raw = std::fs::read_to_string(&a.file)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", a.file.display())))?;
    let text: String = raw
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    let first = text.lines().next().unwrap_or("").trim_start();
    let (kind, verdict) = if first.starts_with("weigh ") || first.starts_with("coin ") {
        let tree = DecisionTree::parse(&text, problem.coins).map_err(CliError::input)?;
        ("adaptive", check_tree(&problem, &tree))
    } else {
        let weighings = text
            .lines()
            .map(|l| Weighing::parse(l, problem.coins))
            .collect::<Result<Vec<_>, _>>()
            .map_err(CliError::input)?;
        if weighings.is_empty() {
            return Err(CliError::input(format!(
                "{}: no weighings",
                a.file.display()
            )));
        }
        ("non_adaptive", check_non_adaptive(&problem, &weighings))
    };
    if global.json {
        print_json(&json!({
            "kind": kind,
            "valid": verdict.is_ok(),
            "reason": verdict.as_ref().err().map(|e| e.to_string()),
        }));
    } else {
        match &verdict {
            Ok(()) => println!(
                "valid {kind} strategy: identifies all {} cases",
                problem.hypotheses()
            ),
            Err(e) => println!("NOT a solution ({kind}): {e}"),
        }
    }
    Ok(())
}

fn solve(a: SolveArgs, global: &Global) -> CliResult {
    let problem = a.problem.problem()?;
    let (do_adaptive, do_non_adaptive) = match (a.adaptive, a.non_adaptive) {
        (true, _) => (true, false),
        (_, true) => (false, true),
        _ => (true, true),
    };
    let count = !a.no_count;
    let mut out = json!({
        "coins": problem.coins,
        "weighings": problem.weighings,
        "reference_coin": problem.reference_coin,
    });
    let mut text = format!(
        "{} coins, at most {} weighings, {} reference coin\n",
        problem.coins,
        problem.weighings,
        if problem.reference_coin {
            "with a"
        } else {
            "no"
        }
    );
    if do_non_adaptive {
        let bar = progress_bar(global, 1, "non-adaptive search");
        let report = nonadaptive::solve(&problem, count, Limits::default());
        bar.finish_and_clear();
        out["non_adaptive"] = non_adaptive_output(&problem, &report, a.show_classes, &mut text)?;
    }
    if do_adaptive {
        let bar = progress_bar(global, 1, "adaptive search");
        let report = adaptive::solve(&problem, count);
        bar.finish_and_clear();
        out["adaptive"] = adaptive_output(&problem, &report, &mut text)?;
    }
    if let Some(path) = &a.out {
        let header = format!(
            "# gsolve-coins-solve v{}\n# toolkit: {}\n# command: {}\n# no randomness (no seed)\n\n",
            table::TABLE_FORMAT_VERSION,
            toolkit_version(),
            command_line()
        );
        write_atomic(path, (header + &text).as_bytes())?;
        out["file"] = json!(path.display().to_string());
    }
    if global.json {
        print_json(&out);
    } else {
        print!("{text}");
    }
    Ok(())
}

/// Append one line to the human report (writing to a `String` cannot fail).
macro_rules! line {
    ($text:expr, $($arg:tt)*) => {{
        let _ = writeln!($text, $($arg)*);
    }};
}

fn internal(what: &str) -> impl Fn(coins::check::CheckError) -> CliError + '_ {
    move |e| {
        CliError::runtime(format!(
            "internal error, {what} fails the brute-force check: {e}"
        ))
    }
}

fn non_adaptive_output(
    problem: &Problem,
    r: &NonAdaptiveReport,
    show: Option<usize>,
    text: &mut String,
) -> Result<Value, CliError> {
    if let Some(example) = &r.example {
        check_non_adaptive(problem, example).map_err(internal("the example"))?;
    }
    let strings = |ws: &[Weighing]| ws.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let mut v = json!({
        "solvable": r.solvable,
        "search_nodes": r.search_nodes,
        "example": r.example.as_deref().map(strings),
    });
    line!(
        text,
        "\nnon-adaptive strategies (all weighings fixed in advance):"
    );
    line!(
        text,
        "  solvable: {}",
        match r.solvable {
            Some(true) => "yes",
            Some(false) => "no (exhaustive search)",
            None => "undecided (search node limit reached)",
        }
    );
    let Some(c) = &r.counts else {
        if let Some(note) = &r.counts_note {
            v["counts_note"] = json!(note);
            line!(text, "  {note}");
        }
        if let Some(c) = &r.cycle_counts {
            if !c.divisible {
                return Err(CliError::runtime(
                    "internal error: Burnside sum not divisible by the group order",
                ));
            }
            let labelled = c.labelled(problem.coins);
            v["counting_method"] = json!("cycles");
            v["solutions"] = json!(labelled.to_string());
            v["solutions_up_to_relabelling"] = json!(c.sets.to_string());
            v["classes"] = json!(c.classes.to_string());
            v["group_order"] = json!(c.group_order);
            line!(
                text,
                "  solutions (labelled coins, ordered weighings and pans): {labelled}"
            );
            line!(text, "  solutions up to relabelling the coins: {}", c.sets);
            line!(
                text,
                "  classes up to relabelling, pan swaps and reordering the weighings: {} \
                 (Burnside over the {} signed permutations, fixed sets from line cycles)",
                c.classes,
                c.group_order
            );
        }
        if let Some(ex) = &r.example {
            line!(text, "  example:");
            for w in ex {
                line!(text, "    {w}");
            }
        }
        return Ok(v);
    };
    if c.burnside_classes != c.classes.len() as u64 {
        return Err(CliError::runtime(format!(
            "internal error: {} classes by canonical forms but {} by Burnside",
            c.classes.len(),
            c.burnside_classes
        )));
    }
    for class in &c.classes {
        check_non_adaptive(problem, &class.weighings)
            .map_err(internal("a class representative"))?;
    }
    let shown = &c.classes[..show.unwrap_or(usize::MAX).min(c.classes.len())];
    v["counting_method"] = json!("enumeration");
    v["solutions"] = json!(c.labelled.to_string());
    v["solutions_up_to_relabelling"] = json!(c.sets);
    v["classes"] = json!(c.classes.len());
    v["classes_burnside"] = json!(c.burnside_classes);
    v["group_order"] = json!(c.group_order);
    v["representatives"] = shown
        .iter()
        .map(|cl| json!({ "orbit_size": cl.orbit_size, "weighings": strings(&cl.weighings) }))
        .collect();
    line!(
        text,
        "  solutions (labelled coins, ordered weighings and pans): {}",
        c.labelled
    );
    line!(text, "  solutions up to relabelling the coins: {}", c.sets);
    line!(
        text,
        "  classes up to relabelling, pan swaps and reordering the weighings: {} \
         (canonical forms; Burnside over the {} signed permutations: {})",
        c.classes.len(),
        c.group_order,
        c.burnside_classes
    );
    for (i, cl) in shown.iter().enumerate() {
        line!(
            text,
            "\n  class {} ({} of the solutions up to relabelling):",
            i + 1,
            cl.orbit_size
        );
        for w in &cl.weighings {
            line!(text, "    {w}");
        }
    }
    if shown.len() < c.classes.len() {
        line!(
            text,
            "\n  ({} more classes not shown)",
            c.classes.len() - shown.len()
        );
    }
    Ok(v)
}

fn adaptive_output(
    problem: &Problem,
    r: &AdaptiveReport,
    text: &mut String,
) -> Result<Value, CliError> {
    if let (Some(tree), Some(k)) = (&r.tree, r.min_weighings) {
        let p = Problem {
            weighings: k,
            ..*problem
        };
        check_tree(&p, tree).map_err(internal("the decision tree"))?;
    }
    let mut v = json!({
        "solvable": r.solvable,
        "min_weighings": r.min_weighings,
        "search_nodes": r.search_nodes,
        "count_nodes": r.count_nodes,
        "tree": r.tree.as_ref().map(|t| t.to_string()),
    });
    line!(
        text,
        "\nadaptive strategies (each weighing may depend on earlier outcomes):"
    );
    match r.min_weighings {
        Some(k) => line!(text, "  solvable: yes; fewest weighings needed: {k}"),
        None => line!(text, "  solvable: no (exhaustive search)"),
    }
    if let Some(c) = &r.counts {
        v["strategies"] = json!(c.labelled.to_string());
        v["strategy_classes"] = json!(c.classes.to_string());
        line!(
            text,
            "  strategies with at most {} weighings (labelled decision trees): {}",
            problem.weighings,
            c.labelled
        );
        line!(
            text,
            "  classes up to relabelling and pan swaps at each node: {}",
            c.classes
        );
    }
    if let Some(t) = &r.tree {
        line!(
            text,
            "  one optimal decision tree ('left'/'right' = heavier pan):"
        );
        for l in t.to_string().lines() {
            line!(text, "    {l}");
        }
    }
    Ok(v)
}

fn run_table(a: TableArgs, global: &Global) -> CliResult {
    let range = |k: u64| {
        Problem::new(1, k, false)
            .map(|p| p.weighings)
            .map_err(CliError::input)
    };
    let (lo, hi) = (range(a.min_weighings)?, range(a.max_weighings)?);
    if lo > hi {
        return Err(CliError::input(format!(
            "--min-weighings {lo} is larger than --max-weighings {hi}"
        )));
    }
    let bar = progress_bar(global, 2 * (hi - lo + 1) as u64, "coins table");
    let mut solver = AdaptiveSolver::new();
    let mut rows = Vec::new();
    for k in lo..=hi {
        for reference in [false, true] {
            bar.set_message(format!("K={k} ref={reference}"));
            rows.push(table::row(
                &mut solver,
                k,
                reference,
                Limits::default().nodes,
            ));
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    let (toolkit, command) = (toolkit_version(), command_line());
    let md = a.out.join("table.md");
    let csv = a.out.join("table.csv");
    write_atomic(&md, table::markdown(&rows, &toolkit, &command).as_bytes())?;
    write_atomic(&csv, table::csv(&rows, &toolkit, &command).as_bytes())?;
    if global.json {
        print_json(&json!({
            "rows": rows.iter().map(|r| json!({
                "weighings": r.weighings,
                "reference_coin": r.reference_coin,
                "adaptive_max": r.adaptive_max,
                "non_adaptive_max": r.non_adaptive_max,
                "classical_max": r.classical_max,
                "matches_classical": r.matches_classical(),
                "adaptive_classes_at_max": r.adaptive_classes_at_max,
                "non_adaptive_classes_at_max": r.non_adaptive_classes_at_max,
                "adaptive": r.adaptive,
                "non_adaptive": r.non_adaptive,
            })).collect::<Vec<_>>(),
            "files": [md.display().to_string(), csv.display().to_string()],
        }));
    } else {
        print!("{}", table::markdown(&rows, &toolkit, &command));
        println!("\nwritten: {} and {}", md.display(), csv.display());
    }
    Ok(())
}
