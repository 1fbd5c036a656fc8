//! The markdown of the search benchmark files.

use super::{median, saving, BenchRow, StarSample, StarSavings, BENCH_TT_MB, STAR_SAMPLE_SEED};
use crate::output::{load_average, logical_cpus, toolkit_version};

/// The explanation of the Star tables.
const STAR_LEGEND: &str = "Each search: a fresh engine, iterative deepening to the depth, 64 MiB \
table, one thread, quiescence and check extension on, no late move reductions; every root score \
is checked equal. Baseline (\"expectimax\") = plain expectimax (alpha-beta at decision nodes, \
every chance outcome searched with the full window) with whichever of two move orderings gives \
it fewer nodes: the roll ordered as a quiet move (history, killers), or the roll first (right \
after the table move, the engine's default, which suits Star2 and costs plain expectimax more). \
Star1 and Star2 use the default ordering (roll first); the last column is Star2 with the roll \
ordered as a quiet move, to separate the ordering's part of the saving. Star1, whose windows \
come from the hard bounds ±(EVAL_BOUND + MAX_PLY + 1), prunes little and suffers from the roll-first \
ordering like plain expectimax: compare it with the \"expectimax, roll first\" column. \"below chance\" = \
share of the baseline's nodes inside the subtree of a chance outcome (the rest, decision nodes \
above every chance node and the chance nodes themselves, cannot be pruned at chance nodes).";

/// One table row of Star figures: baseline, below-chance share, Star1, Star2, savings, the
/// plain runs with both orderings and Star2 without roll first.
fn star_cells(base: u64, inside_share: f64, runs: &[u64; 5]) -> String {
    format!(
        "{} | {:.1}% | {} | {:.1}% | {} | {:.1}% | {} | {} | {} ({:.1}%)",
        base,
        100.0 * inside_share,
        runs[2],
        100.0 * saving(base, runs[2]),
        runs[3],
        100.0 * saving(base, runs[3]),
        runs[0],
        runs[1],
        runs[4],
        100.0 * saving(base, runs[4])
    )
}

const STAR_HEADER: &str = "expectimax nodes | below chance | Star1 nodes | Star1 saving | Star2 \
nodes | Star2 saving | expectimax, roll as quiet | expectimax, roll first | Star2, roll as quiet \
(saving) |";

/// The markdown of the Star sample: the totals of every depth, then each depth's positions.
pub(super) fn star_sample_markdown(samples: &[StarSample]) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let Some(first) = samples.first() else {
        return s;
    };
    let depths: Vec<String> = samples.iter().map(|x| x.depth.to_string()).collect();
    let _ = writeln!(
        s,
        "\n## Star1 / Star2 on {} random positions with a free princess (seed {}, depths {})\n",
        first.rows.len(),
        STAR_SAMPLE_SEED,
        depths.join(", ")
    );
    let _ = writeln!(
        s,
        "Positions: 0 to 11 random plies from the princess position, kept when a princess is on \
         the board and the side to move may roll. {STAR_LEGEND}\n"
    );
    let _ = writeln!(s, "### Totals per depth\n");
    let _ = writeln!(
        s,
        "| depth | {STAR_HEADER} Star2 median | smallest | largest | halved |"
    );
    let _ = writeln!(
        s,
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for x in samples {
        let t = x.totals();
        let per = x.star2_savings();
        let _ = writeln!(
            s,
            "| {} | {} | {:.1}% | {:.1}% | {:.1}% | {} of {} |",
            x.depth,
            star_cells(
                t[0],
                x.baseline_inside() as f64 / t[0].max(1) as f64,
                &x.run_totals()
            ),
            100.0 * median(&per),
            100.0 * per.first().copied().unwrap_or(0.0),
            100.0 * per.last().copied().unwrap_or(0.0),
            x.halved(),
            x.rows.len()
        );
    }
    for x in samples {
        let _ = writeln!(s, "\n### Depth {}\n", x.depth);
        let _ = writeln!(s, "| position | score | {STAR_HEADER}");
        let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (text, st) in &x.rows {
            let _ = writeln!(
                s,
                "| `{}` | {} | {} |",
                text,
                st.score,
                star_cells(st.expectimax_nodes, st.baseline_inside_share(), &st.nodes)
            );
        }
        let t = x.totals();
        let _ = writeln!(
            s,
            "| total | | {} |",
            star_cells(
                t[0],
                x.baseline_inside() as f64 / t[0].max(1) as f64,
                &x.run_totals()
            )
        );
    }
    s
}

/// The markdown of the princess position's Star figures at fixed depths.
pub(super) fn princess_star_markdown(rows: &[StarSavings]) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    if rows.is_empty() {
        return s;
    }
    let _ = writeln!(
        s,
        "\n## Chance nodes: Star1 / Star2 versus plain expectimax on the princess position\n"
    );
    let _ = writeln!(
        s,
        "Position `{}` (hexecs princesses free) at fixed depths. {STAR_LEGEND}\n",
        hexecs::PRINCESS_POSITION
    );
    let _ = writeln!(s, "| depth | score | {STAR_HEADER}");
    let _ = writeln!(
        s,
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for st in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} |",
            st.depth,
            st.score,
            star_cells(st.expectimax_nodes, st.baseline_inside_share(), &st.nodes)
        );
    }
    s
}

/// The markdown of `results/search/bench.md`.
pub fn bench_markdown(rows: &[BenchRow], command: &str) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = writeln!(s, "# Bounded-depth search benchmark\n");
    let _ = writeln!(s, "- command: `{command}`");
    let _ = writeln!(s, "- toolkit: {}", toolkit_version());
    let _ = writeln!(s, "- format: gsolve-search-bench 1");
    let _ = writeln!(
        s,
        "- machine: {} logical CPUs shared with other jobs; load average {} when the table was written \
         (nodes/s and depths scale with the share of a core the run got)",
        logical_cpus(),
        load_average()
    );
    let _ = writeln!(
        s,
        "- settings: one thread, {BENCH_TT_MB} MiB table, Star2 at chance nodes, quiescence, check \
         extension and late move reductions on (the defaults of `search`/`play`); iterations start until \
         the time is up (depth = deepest completed iteration; every iteration of nominal depth d searches \
         every move, late quiet moves of non-PV nodes first at a reduced depth and again at d - 1 if they \
         beat alpha); exact depth = the same without late move reductions (`--no-lmr`: the plain \
         alpha-beta value of depth d, equal to minimax as the tests check)"
    );
    let _ = writeln!(
        s,
        "- ebf = nodes(d) / nodes(d-1) of the last two iterations; mean ebf = (nodes(d) / nodes(1))^(1/(d-1))"
    );
    let _ = writeln!(
        s,
        "- Star columns (positions whose search met chance nodes): nodes of a fresh search (iterative \
         deepening, 64 MiB table) to the deepest depth all complete within the time, for plain expectimax \
         (every chance outcome searched with the full window; decision nodes keep alpha-beta) under the \
         better of its two move orderings (roll first or ordered as a quiet move), Star1 and Star2 (default \
         ordering, roll first; same root score, checked)\n"
    );
    let _ = writeln!(s, "| position | time (s) | depth | exact depth | seldepth | nodes | nodes/s | ebf | mean ebf | best move | score |");
    let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|");
    let f = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.2}"));
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {:.0} | {} | {} | {} | {} |",
            r.name,
            r.seconds,
            r.depth,
            r.exact_depth,
            r.seldepth,
            r.nodes,
            r.nps,
            f(r.ebf),
            f(r.mean_ebf),
            r.best_move,
            r.score
        );
    }
    if rows.iter().any(|r| r.star.is_some()) {
        let _ = writeln!(
            s,
            "\n## Chance nodes: Star1 / Star2 versus plain expectimax\n"
        );
        let _ = writeln!(s, "| position | depth | expectimax nodes | Star1 nodes | Star1 saving | Star2 nodes | Star2 saving |");
        let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|---:|");
        for r in rows {
            if let Some(st) = &r.star {
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} | {:.1}% | {} | {:.1}% |",
                    r.name,
                    st.depth,
                    st.expectimax_nodes,
                    st.star1_nodes,
                    100.0 * saving(st.expectimax_nodes, st.star1_nodes),
                    st.star2_nodes,
                    100.0 * saving(st.expectimax_nodes, st.star2_nodes)
                );
            }
        }
    }
    s
}

/// The targets, each judged from the rows (`met` / `NOT met`).
pub(super) fn bench_targets(
    rows: &[BenchRow],
    princess: &[StarSavings],
    samples: &[StarSample],
) -> String {
    use std::fmt::Write as _;
    let verdict = |ok: bool| if ok { "met" } else { "NOT met" };
    let mut s = String::from("\n## Targets (issue 6)\n\n");
    for r in rows {
        let (goal, unit) = if r.name.starts_with("dola") {
            (7, "plies")
        } else {
            (6, "decision plies")
        };
        let _ = writeln!(
            s,
            "- {}: depth ≥ {goal} {unit} in {} s on one thread — reached {} (exact search without \
             late move reductions: {}): {}",
            r.name,
            r.seconds,
            r.depth,
            r.exact_depth,
            verdict(r.depth >= goal)
        );
    }
    for st in princess {
        let _ = writeln!(
            s,
            "- hexecs princesses free, depth {}: Star2 at most half the nodes of plain expectimax \
             (its better ordering) — {} vs {} nodes ({:.1}% saved): {}",
            st.depth,
            st.star2_nodes,
            st.expectimax_nodes,
            100.0 * saving(st.expectimax_nodes, st.star2_nodes),
            verdict(2 * st.star2_nodes <= st.expectimax_nodes)
        );
    }
    for x in samples {
        let t = x.totals();
        let _ = writeln!(
            s,
            "- {} random positions with a free princess, depth {}: Star2 at most half the nodes of \
             plain expectimax (each position's better ordering) in total — {} vs {} nodes ({:.1}% saved; halved on {} of the {} \
             positions): {}",
            x.rows.len(),
            x.depth,
            t[2],
            t[0],
            100.0 * saving(t[0], t[2]),
            x.halved(),
            x.rows.len(),
            verdict(2 * t[2] <= t[0])
        );
    }
    s
}
