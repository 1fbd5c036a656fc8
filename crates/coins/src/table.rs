//! The general table: for each `K`, with and without a reference coin, the largest solvable
//! `N` found by search, adaptively and non-adaptively, next to the classical formula.
//!
//! Every `N` from 1 upward is searched until a proof covers all larger `N`: adaptively, the
//! root counting bound `2N > 3^K`; non-adaptively, the pigeonhole bound `N > (3^K − 1)/2`
//! (fewer lines than coins). Both bounds are theorems, applied only where they hold; every `N`
//! below them is decided by exhaustive search. The formulas of [`crate::classical_max`] are
//! read only to fill the comparison column.

use crate::adaptive::{AdaptiveSolver, State};
use crate::nonadaptive::{self, Limits, LineSearch, SearchEnd};
use crate::{classical_max, pow3, Problem};
use std::fmt::Write;

/// Format version of `table.md` / `table.csv`.
pub const TABLE_FORMAT_VERSION: u32 = 1;

/// How a value of `N` was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decided {
    /// Exhaustive search found a strategy.
    SolvedBySearch,
    /// Exhaustive search found none.
    RefutedBySearch,
    /// Refuted at the root: `2N > 3^K` hypotheses for `3^K` outcome sequences.
    CountingBound,
    /// Refuted at the root: more coins than the `(3^K − 1)/2` lines (non-adaptive only).
    Pigeonhole,
    /// The search hit its node limit.
    Unknown,
}

/// One line of the table.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Row {
    /// Number of weighings `K`.
    pub weighings: u8,
    /// Whether a reference coin is available.
    pub reference_coin: bool,
    /// How each `N = 1, 2, …` was decided, up to the first `N` refuted by a root bound.
    pub adaptive: Vec<Decided>,
    /// Same for non-adaptive strategies.
    pub non_adaptive: Vec<Decided>,
    /// Largest adaptively solvable `N` found by search.
    pub adaptive_max: Option<u16>,
    /// Largest non-adaptively solvable `N` found by search.
    pub non_adaptive_max: Option<u16>,
    /// The classical value, for comparison.
    pub classical_max: u64,
    /// States expanded by the adaptive search (this row).
    pub adaptive_nodes: u64,
    /// Nodes of the non-adaptive searches (this row).
    pub non_adaptive_nodes: u64,
    /// Adaptive strategy classes (at most `K` weighings) at the largest solvable `N`.
    pub adaptive_classes_at_max: Option<String>,
    /// Non-adaptive solution classes at the largest solvable `N`, when the enumeration fits the
    /// limits and canonical forms agree with Burnside (otherwise a note saying which failed).
    pub non_adaptive_classes_at_max: Option<String>,
}

impl Row {
    /// Whether both searched maxima equal the classical value.
    pub fn matches_classical(&self) -> bool {
        // "No solvable N" is a maximum of 0 (the classical value for K = 1 without reference).
        let max = |m: Option<u16>| m.map_or(0, u64::from);
        max(self.adaptive_max) == self.classical_max
            && max(self.non_adaptive_max) == self.classical_max
    }
}

fn largest_solved(decided: &[Decided]) -> Option<u16> {
    decided
        .iter()
        .rposition(|&d| d == Decided::SolvedBySearch)
        .map(|i| i as u16 + 1)
}

/// Decide `N = 1, 2, …, bound` with `decide`, then record `N = bound + 1` as refuted by the
/// root proof `beyond` (which covers every larger `N` too).
fn decide_each_n(
    weighings: u8,
    reference_coin: bool,
    bound: u64,
    beyond: Decided,
    mut decide: impl FnMut(&Problem) -> Decided,
) -> Vec<Decided> {
    let mut out: Vec<Decided> = (1..=bound as u16)
        .map(|coins| {
            decide(&Problem {
                coins,
                weighings,
                reference_coin,
            })
        })
        .collect();
    out.push(beyond);
    out
}

/// Search one row. `node_limit` bounds each non-adaptive search.
pub fn row(
    solver: &mut AdaptiveSolver,
    weighings: u8,
    reference_coin: bool,
    node_limit: u64,
) -> Row {
    let before = solver.search_nodes;
    let hypotheses_bound = pow3(weighings as u32) / 2;
    let adaptive = decide_each_n(
        weighings,
        reference_coin,
        hypotheses_bound,
        Decided::CountingBound,
        |problem| {
            if solver.solvable(State::root(problem), weighings) {
                Decided::SolvedBySearch
            } else {
                Decided::RefutedBySearch
            }
        },
    );
    let adaptive_nodes = solver.search_nodes - before;
    let mut non_adaptive_nodes = 0;
    let lines = (pow3(weighings as u32) - 1) / 2;
    let non_adaptive = decide_each_n(
        weighings,
        reference_coin,
        lines,
        Decided::Pigeonhole,
        |problem| {
            let mut search = LineSearch::new(problem, node_limit);
            let mut found = false;
            let end = search.run(|_| {
                found = true;
                false
            });
            non_adaptive_nodes += search.nodes;
            match (found, end) {
                (true, _) => Decided::SolvedBySearch,
                (false, SearchEnd::Complete) => Decided::RefutedBySearch,
                (false, SearchEnd::NodeLimit) => Decided::Unknown,
            }
        },
    );
    let adaptive_max = largest_solved(&adaptive);
    let non_adaptive_max = largest_solved(&non_adaptive);
    let at = |coins: u16| Problem {
        coins,
        weighings,
        reference_coin,
    };
    let adaptive_classes_at_max = adaptive_max.map(|n| {
        solver
            .counts(State::root(&at(n)), weighings)
            .classes
            .to_string()
    });
    let non_adaptive_classes_at_max = non_adaptive_max.map(|n| {
        let limits = Limits {
            nodes: node_limit,
            ..Limits::default()
        };
        let report = nonadaptive::solve(&at(n), true, limits);
        match (report.counts, report.cycle_counts) {
            (Some(c), _) if c.burnside_classes == c.classes.len() as u64 => {
                c.classes.len().to_string()
            }
            (Some(_), _) => "MISMATCH (canonical forms vs Burnside)".into(),
            (None, Some(c)) if c.divisible => format!("{} (cycle method)", c.classes),
            (None, Some(_)) => "MISMATCH (Burnside sum not divisible)".into(),
            (None, None) => "not counted (enumeration limit)".into(),
        }
    });
    Row {
        weighings,
        reference_coin,
        adaptive_max,
        non_adaptive_max,
        adaptive_classes_at_max,
        non_adaptive_classes_at_max,
        adaptive,
        non_adaptive,
        classical_max: classical_max(weighings as u32, reference_coin),
        adaptive_nodes,
        non_adaptive_nodes,
    }
}

/// `N` values with the given verdict, as compact ranges (`1-2, 5`).
pub fn ranges(decided: &[Decided], which: Decided) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < decided.len() {
        if decided[i] != which {
            i += 1;
            continue;
        }
        let start = i;
        while i + 1 < decided.len() && decided[i + 1] == which {
            i += 1;
        }
        out.push(if start == i {
            format!("{}", start + 1)
        } else {
            format!("{}-{}", start + 1, i + 1)
        });
        i += 1;
    }
    if out.is_empty() {
        "none".into()
    } else {
        out.join(", ")
    }
}

fn show(n: Option<u16>) -> String {
    n.map_or("none".into(), |n| n.to_string())
}

fn next_reason(decided: &[Decided], max: Option<u16>) -> &'static str {
    match decided.get(max.map_or(0, |m| m as usize)) {
        Some(Decided::RefutedBySearch) => "search",
        Some(Decided::CountingBound) => "counting bound",
        Some(Decided::Pigeonhole) => "pigeonhole",
        Some(Decided::Unknown) => "UNDECIDED (node limit)",
        _ => "?",
    }
}

/// The columns shared by the Markdown and CSV files.
fn cells(r: &Row) -> Vec<String> {
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
    vec![
        r.weighings.to_string(),
        yes_no(r.reference_coin),
        show(r.adaptive_max),
        next_reason(&r.adaptive, r.adaptive_max).to_string(),
        ranges(&r.adaptive, Decided::SolvedBySearch),
        show(r.non_adaptive_max),
        next_reason(&r.non_adaptive, r.non_adaptive_max).to_string(),
        ranges(&r.non_adaptive, Decided::SolvedBySearch),
        r.classical_max.to_string(),
        yes_no(r.matches_classical()),
        r.adaptive_classes_at_max
            .clone()
            .unwrap_or_else(|| "-".into()),
        r.non_adaptive_classes_at_max
            .clone()
            .unwrap_or_else(|| "-".into()),
        r.adaptive_nodes.to_string(),
        r.non_adaptive_nodes.to_string(),
    ]
}

/// The Markdown file: header (format, toolkit version, command), the table, and notes.
pub fn markdown(rows: &[Row], toolkit: &str, command: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Coin weighing: largest solvable N by exhaustive search\n"
    );
    let _ = writeln!(
        s,
        "- format: gsolve-coins-table v{TABLE_FORMAT_VERSION}\n- toolkit: {toolkit}\n- command: `{command}`\n- no randomness (no seed)\n"
    );
    let _ = writeln!(
        s,
        "One counterfeit among N coins, heavier or lighter; find it and whether it is heavy or light \
         in at most K weighings with equal pan sizes. \"ref\" = one extra coin known to be genuine. \
         Every N below the root bounds is decided by exhaustive search (see `crates/coins/src/lib.rs`); \
         the classical column is Dyson's formula, (3^K−3)/2 without and (3^K−1)/2 with a reference coin, \
         shown only for comparison.\n"
    );
    let _ = writeln!(
        s,
        "| K | ref | adaptive max N (search) | N+1 refuted by | adaptive solvable N | non-adaptive max N (search) | N+1 refuted by | non-adaptive solvable N | classical | match | adaptive classes at max N | non-adaptive classes at max N | adaptive states | non-adaptive nodes |"
    );
    let _ = writeln!(
        s,
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    );
    for r in rows {
        let _ = writeln!(s, "| {} |", cells(r).join(" | "));
    }
    let _ = writeln!(
        s,
        "\n\"N+1 refuted by\": `search` = exhaustive search found no strategy; `counting bound` = \
         2(N+1) > 3^K (more hypotheses than outcome sequences); `pigeonhole` = N+1 > (3^K−1)/2 \
         (two coins would share a line ±v, so (i, heavy) and (j, light) collide). All larger N are \
         refuted by the same root bound. Classes at max N: adaptive strategies with at most K \
         weighings up to relabelling and pan swaps at each node (class-count DP); non-adaptive \
         solutions up to relabelling, pan swaps and reordering the weighings (canonical forms, \
         equal to the Burnside count, when all solutions can be enumerated within the limits; \
         otherwise \"cycle method\": Burnside's lemma with each group element's fixed solutions \
         counted from its cycles on the lines, no enumeration — see `crates/coins/src/cycles.rs`; \
         cross-checked against enumeration for every K ≤ 3 problem within three unused lines). Adaptive states count memoised (state, weighings left) \
         expansions, shared across rows of the same run, so a later row may reuse earlier work."
    );
    s
}

/// The CSV file: `#` header lines, then one record per row.
pub fn csv(rows: &[Row], toolkit: &str, command: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# gsolve-coins-table v{TABLE_FORMAT_VERSION}");
    let _ = writeln!(s, "# toolkit: {toolkit}");
    let _ = writeln!(s, "# command: {command}");
    let _ = writeln!(s, "weighings,reference_coin,adaptive_max,adaptive_next_refuted_by,adaptive_solvable,non_adaptive_max,non_adaptive_next_refuted_by,non_adaptive_solvable,classical_max,matches_classical,adaptive_classes_at_max,non_adaptive_classes_at_max,adaptive_states,non_adaptive_nodes");
    for r in rows {
        let quoted: Vec<String> = cells(r)
            .into_iter()
            .map(|c| {
                if c.contains(',') {
                    format!("\"{c}\"")
                } else {
                    c
                }
            })
            .collect();
        let _ = writeln!(s, "{}", quoted.join(","));
    }
    s
}
