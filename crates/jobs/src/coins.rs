//! The coin-weighing jobs (`gsolve coins solve|check|table`): solving one instance with its
//! human report, checking a strategy file, and the table of the largest solvable N per K
//! (`table.md`, `table.csv`). Every strategy reported is first re-checked by the crate's
//! brute-force checker. No randomness (no seed).

use crate::output::{toolkit_version, write_atomic, JobError, JobResult};
use crate::Progress;
use coins::adaptive::{self, AdaptiveReport, AdaptiveSolver, DecisionTree};
use coins::check::{check_non_adaptive, check_tree};
use coins::nonadaptive::{self, Limits, NonAdaptiveReport};
use coins::table;
use coins::{Problem, Weighing};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// `gsolve coins solve`.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveConfig {
    /// The instance.
    pub problem: Problem,
    /// Search adaptive strategies.
    pub adaptive: bool,
    /// Search non-adaptive strategies.
    pub non_adaptive: bool,
    /// Count strategies and classes (else decide and show one strategy only).
    pub count: bool,
    /// Show at most this many non-adaptive class representatives (all by default).
    pub show_classes: Option<usize>,
    /// Also write the human report to this file, with a header (format, toolkit, command).
    pub out: Option<PathBuf>,
    /// The command, stated in the file.
    pub command: String,
}

/// What [`solve`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveReport {
    /// The figures as one JSON object (`coins`, `weighings`, `reference_coin`, `non_adaptive`,
    /// `adaptive`, and `file` when written).
    pub json: Value,
    /// The human report.
    pub text: String,
}

/// The job of `gsolve coins solve`.
pub fn solve(cfg: &SolveConfig, progress: &dyn Progress) -> JobResult<SolveReport> {
    let problem = cfg.problem;
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
    if cfg.non_adaptive {
        progress.start("non-adaptive search", 1);
        let report = nonadaptive::solve(&problem, cfg.count, Limits::default());
        progress.finish();
        out["non_adaptive"] = non_adaptive_output(&problem, &report, cfg.show_classes, &mut text)?;
    }
    if cfg.adaptive {
        progress.start("adaptive search", 1);
        let report = adaptive::solve(&problem, cfg.count);
        progress.finish();
        out["adaptive"] = adaptive_output(&problem, &report, &mut text)?;
    }
    if let Some(path) = &cfg.out {
        let header = format!(
            "# gsolve-coins-solve v{}\n# toolkit: {}\n# command: {}\n# no randomness (no seed)\n\n",
            table::TABLE_FORMAT_VERSION,
            toolkit_version(),
            cfg.command
        );
        write_atomic(path, (header + &text).as_bytes())?;
        out["file"] = json!(path.display().to_string());
    }
    Ok(SolveReport { json: out, text })
}

/// What [`check`] decided about a strategy file.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckReport {
    /// "adaptive" (a decision tree) or "non_adaptive" (one weighing per line).
    pub kind: &'static str,
    /// `Ok` when the strategy identifies every case, else why not.
    pub verdict: Result<(), String>,
}

/// The job of `gsolve coins check`: read a strategy from `file` (one weighing per line, or a
/// decision tree as `solve` prints it; `#` lines ignored) and check it by brute force. A file
/// that cannot be read or parsed is bad input; a wrong strategy is a verdict.
pub fn check(problem: &Problem, file: &Path) -> JobResult<CheckReport> {
    let raw = std::fs::read_to_string(file)
        .map_err(|e| JobError::input(format!("cannot read {}: {e}", file.display())))?;
    let text = strategy_text(&raw);
    if text.contains(" coins, at most ") {
        return Err(JobError::input(format!(
            "{}: a `coins solve` report without a decision tree: expected one weighing per line or a decision tree",
            file.display()
        )));
    }
    let first = text.lines().next().unwrap_or("").trim_start();
    let (kind, verdict) = if first.starts_with("weigh ") || first.starts_with("coin ") {
        let bad = |e: coins::CoinsError| JobError::input(format!("{}: {e}", file.display()));
        let tree = DecisionTree::parse(&text, problem.coins).map_err(bad)?;
        ("adaptive", check_tree(problem, &tree))
    } else {
        let weighings = text
            .lines()
            .map(|l| Weighing::parse(l, problem.coins))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| JobError::input(format!("{}: {e}", file.display())))?;
        if weighings.is_empty() {
            return Err(JobError::input(format!("{}: no weighings", file.display())));
        }
        ("non_adaptive", check_non_adaptive(problem, &weighings))
    };
    Ok(CheckReport {
        kind,
        verdict: verdict.map_err(|e| e.to_string()),
    })
}

/// The strategy in a file's text: `#` and blank lines dropped; from a whole report of
/// `gsolve coins solve` (as printed or written by `--out`), the decision tree it shows; the
/// lines' common indentation removed (the report indents the tree by four spaces).
fn strategy_text(raw: &str) -> String {
    let kept: Vec<&str> = raw
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .collect();
    // Leading ASCII blanks only, so that slicing them off stays on a character boundary.
    let depth = |l: &str| l.bytes().take_while(|b| *b == b' ' || *b == b'\t').count();
    let tree_start = kept.iter().position(|l| l.contains(TREE_HEADING));
    let lines: Vec<&str> = match tree_start {
        Some(i) => {
            // The tree is the block indented deeper than its heading.
            let heading = depth(kept[i]);
            kept[i + 1..]
                .iter()
                .take_while(|l| depth(l) > heading)
                .copied()
                .collect()
        }
        None => kept,
    };
    let indent = lines.iter().map(|l| depth(l)).min().unwrap_or(0);
    lines
        .iter()
        .map(|l| format!("{}\n", &l[indent..]))
        .collect()
}

/// The line of the `solve` report that introduces its decision tree.
const TREE_HEADING: &str = "one optimal decision tree";

/// `gsolve coins table`.
#[derive(Debug, Clone, PartialEq)]
pub struct TableConfig {
    /// Smallest K.
    pub min_weighings: u64,
    /// Largest K.
    pub max_weighings: u64,
    /// Directory for `table.md` and `table.csv`.
    pub out_dir: PathBuf,
    /// The command, stated in the files.
    pub command: String,
}

/// What [`table`] computed.
#[derive(Debug, Clone)]
pub struct TableReport {
    /// One row per K and reference-coin setting.
    pub rows: Vec<table::Row>,
    /// The markdown table (the text of `table.md`).
    pub markdown: String,
    /// `table.md` and `table.csv`.
    pub files: Vec<PathBuf>,
}

impl TableReport {
    /// The rows as JSON objects.
    pub fn rows_json(&self) -> Vec<Value> {
        self.rows
            .iter()
            .map(|r| {
                json!({
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
                })
            })
            .collect()
    }
}

/// The job of `gsolve coins table`: the largest solvable N for each K in the range, with and
/// without a reference coin, found by search; writes `table.md` and `table.csv` into
/// `cfg.out_dir` (normally `runs/coins/`; the committed table is `results/coins/`).
pub fn table(cfg: &TableConfig, progress: &dyn Progress) -> JobResult<TableReport> {
    let range = |k: u64| {
        Problem::new(1, k, false)
            .map(|p| p.weighings)
            .map_err(JobError::input)
    };
    let (lo, hi) = (range(cfg.min_weighings)?, range(cfg.max_weighings)?);
    if lo > hi {
        return Err(JobError::input(format!(
            "--min-weighings {lo} is larger than --max-weighings {hi}"
        )));
    }
    progress.start("coins table", 2 * (hi - lo + 1) as u64);
    let mut solver = AdaptiveSolver::new();
    let mut rows = Vec::new();
    for k in lo..=hi {
        for reference in [false, true] {
            rows.push(table::row(
                &mut solver,
                k,
                reference,
                Limits::default().nodes,
            ));
            progress.advance(rows.len() as u64, &format!("K={k} ref={reference}"));
        }
    }
    progress.finish();
    let toolkit = toolkit_version();
    let md_path = cfg.out_dir.join("table.md");
    let csv_path = cfg.out_dir.join("table.csv");
    let markdown = table::markdown(&rows, &toolkit, &cfg.command);
    write_atomic(&md_path, markdown.as_bytes())?;
    write_atomic(
        &csv_path,
        table::csv(&rows, &toolkit, &cfg.command).as_bytes(),
    )?;
    Ok(TableReport {
        rows,
        markdown,
        files: vec![md_path, csv_path],
    })
}

/// Append one line to the human report (writing to a `String` cannot fail).
macro_rules! line {
    ($text:expr, $($arg:tt)*) => {{
        let _ = writeln!($text, $($arg)*);
    }};
}

fn internal(what: &str) -> impl Fn(coins::check::CheckError) -> JobError + '_ {
    move |e| {
        JobError::runtime(format!(
            "internal error, {what} fails the brute-force check: {e}"
        ))
    }
}

fn non_adaptive_output(
    problem: &Problem,
    r: &NonAdaptiveReport,
    show: Option<usize>,
    text: &mut String,
) -> JobResult<Value> {
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
        return uncounted_output(problem, r, v, text);
    };
    if c.burnside_classes != c.classes.len() as u64 {
        return Err(JobError::runtime(format!(
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

fn adaptive_output(problem: &Problem, r: &AdaptiveReport, text: &mut String) -> JobResult<Value> {
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
        line!(text, "  {TREE_HEADING} ('left'/'right' = heavier pan):");
        for l in t.to_string().lines() {
            line!(text, "    {l}");
        }
    }
    Ok(v)
}

/// The non-adaptive report without enumerated classes: the note, the Burnside counts over
/// line cycles when the search has them, and the example.
fn uncounted_output(
    problem: &Problem,
    r: &NonAdaptiveReport,
    mut v: Value,
    text: &mut String,
) -> JobResult<Value> {
    if let Some(note) = &r.counts_note {
        v["counts_note"] = json!(note);
        line!(text, "  {note}");
    }
    if let Some(c) = &r.cycle_counts {
        if !c.divisible {
            return Err(JobError::runtime(
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
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twelve_coins_in_three_weighings() {
        let cfg = SolveConfig {
            problem: Problem::new(12, 3, false).unwrap(),
            adaptive: true,
            non_adaptive: true,
            count: true,
            show_classes: Some(1),
            out: None,
            command: "test".to_string(),
        };
        let r = solve(&cfg, &crate::NoProgress).unwrap();
        assert_eq!(r.json["non_adaptive"]["classes"], 7);
        assert_eq!(r.json["non_adaptive"]["solutions_up_to_relabelling"], 304);
        assert_eq!(r.json["adaptive"]["strategy_classes"], "18705");
        assert_eq!(r.json["adaptive"]["min_weighings"], 3);
    }
}
