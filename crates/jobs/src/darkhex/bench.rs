//! The Dark Hex benchmark (`gsolve bench darkhex`): CFR time per iteration, the exact best
//! response against the published certificates, and the double-oracle job to gap 1e-6 on the
//! boards of at most 9 cells that it does not solve at once → `bench.md`. Everything after the
//! generated sections is kept: the section `scripts/darkhex-cfr-peer.sh` writes (OpenSpiel side
//! by side) and any measurements written by hand below it.

use super::certify::certify_text;
use super::cfr_timing::passes_name;
use super::double_oracle::{self, DoubleOracleConfig};
use super::{toolkit_version, write_atomic, JobError, JobResult, Output, Stop};
use crate::Progress;
use cfr::{Algorithm, Passes, Solver};
use darkhex::double_oracle::OracleKind;
use darkhex::extensive::{HistoryGame, SymmetricHistoryGame, ViewGame};
use darkhex::strategy::Representation;
use darkhex::{DarkHex, Rules, Variant};
use game::extensive::ExtensiveGame;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

/// The benchmark's inputs and output.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchConfig {
    /// Where `bench.md` goes.
    pub out: PathBuf,
    /// The directory of the published certificates (`classic-4x3/`, `abrupt-3x3/`).
    pub certificates: PathBuf,
    /// The command line recorded in the file.
    pub command: String,
}

/// The finished benchmark.
#[derive(Debug, Clone)]
pub struct BenchReport {
    /// The text of `bench.md`.
    pub markdown: String,
    /// One JSON object per measurement.
    pub results: Vec<serde_json::Value>,
}

/// Run the benchmark (see the module documentation).
pub fn run(config: &BenchConfig, progress: &dyn Progress) -> JobResult<BenchReport> {
    let mut md = format!(
        "# Dark Hex benchmarks\n\n- command: `{}`\n- toolkit: {}\n- machine: {} logical cores, load average at start {} (the machine is shared: figures are wall-clock under that load)\n\n",
        config.command,
        toolkit_version(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        std::fs::read_to_string("/proc/loadavg")
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|_| "unknown".into())
    );
    let mut results = Vec::new();
    progress.message("CFR iteration time");
    cfr_section(&mut md, &mut results)?;
    progress.message("exact best response against the certificates");
    certificate_section(config, &mut md, &mut results)?;
    progress.message("double oracle to gap 1e-6");
    double_oracle_section(&mut md, &mut results, progress)?;
    // What other tools and people wrote below the generated sections survives a rerun.
    if let Some(tail) = std::fs::read_to_string(&config.out)
        .ok()
        .and_then(|old| kept_tail(&old))
    {
        md.push('\n');
        md.push_str(&tail);
    }
    write_atomic(&config.out, md.as_bytes())?;
    Ok(BenchReport {
        markdown: md,
        results,
    })
}

/// The marker that starts the section `scripts/darkhex-cfr-peer.sh` writes into `bench.md`.
const PEER_BEGIN: &str = "<!-- peer: scripts/darkhex-cfr-peer.sh -->";

/// The headings of the sections this job writes (each the start of its `## ` line).
const GENERATED: [&str; 3] = [
    "## CFR iteration time",
    "## Exact best response against the certificates",
    "## Double oracle to gap",
];

/// The part of an old `bench.md` that this job did not write: everything from the peer
/// section's marker or the first heading that is not one of [`GENERATED`] (with a final
/// newline), if there is such a part.
fn kept_tail(text: &str) -> Option<String> {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let l = line.trim_end();
        if l == PEER_BEGIN || (l.starts_with("## ") && !GENERATED.iter().any(|g| l.starts_with(g)))
        {
            let tail = &text[start..];
            return Some(if tail.ends_with('\n') {
                tail.to_string()
            } else {
                format!("{tail}\n")
            });
        }
        start += line.len();
    }
    None
}

fn cfr_section(md: &mut String, results: &mut Vec<serde_json::Value>) -> JobResult<()> {
    md.push_str("## CFR iteration time (one iteration = both players' updates, after the DAG is built)\n\nEach row times the first batch of 2^k iterations (after 2^k + 2 untimed ones) that takes over 2 s. `walk` is the pruned depth-first walk of perfect-recall trees (it skips what the opponent reaches with probability 0, so it gets faster as strategies become sparse), `level` the three passes over every node (the only passes of the view DAG).\n\n| board | variant | representation | algorithm | passes | live nodes | information sets | iterations timed | ms / iteration |\n|---|---|---|---|---|---|---|---|---|\n");
    use Representation::{History, SymmetricHistory, View};
    use Variant::{Abrupt, Classical};
    let (walk, level) = (Passes::PrunedWalk, Passes::Level);
    for (r, c, v, repr, algo, passes) in [
        (3, 2, Classical, History, Algorithm::DCFR_DEFAULT, walk),
        (3, 2, Classical, History, Algorithm::CfrPlus, walk),
        (3, 2, Classical, History, Algorithm::CfrPlus, level),
        (3, 2, Abrupt, History, Algorithm::CfrPlus, walk),
        (3, 2, Abrupt, History, Algorithm::CfrPlus, level),
        (2, 3, Abrupt, History, Algorithm::CfrPlus, walk),
        (2, 3, Abrupt, History, Algorithm::CfrPlus, level),
        (3, 2, Abrupt, History, Algorithm::PcfrPlus, walk),
        (3, 3, Classical, View, Algorithm::DCFR_DEFAULT, level),
        (3, 3, Abrupt, View, Algorithm::DCFR_DEFAULT, level),
    ] {
        let game = DarkHex::with(r, c, v).map_err(JobError::runtime)?;
        let t = match repr {
            History => time_iterations(&HistoryGame(game), algo, passes)?,
            View => time_iterations(&ViewGame(game), algo, passes)?,
            SymmetricHistory => time_iterations(&SymmetricHistoryGame(game), algo, passes)?,
        };
        let (nodes, sets, iters, ms) = t;
        let passes = passes_name(passes);
        md.push_str(&format!(
            "| {r}×{c} | {v} | {} | {} | {passes} | {nodes} | {sets} | {iters} | {ms:.4} |\n",
            repr.name(),
            algo.describe()
        ));
        results.push(json!({"board": format!("{r}x{c}"), "variant": v.name(), "representation": repr.name(), "algorithm": algo.describe(), "passes": passes, "ms_per_iteration": ms}));
    }
    md.push_str("\nOpenSpiel's C++ CFR+ beside gsolve's on the same boards, measured in one run: the section written by `scripts/darkhex-cfr-peer.sh` at the end of this file.\n");
    Ok(())
}

/// (live nodes, information sets, iterations timed, ms per iteration): doubling the batch
/// until one takes over 2 s.
fn time_iterations<G: ExtensiveGame>(
    g: &G,
    algo: Algorithm,
    passes: Passes,
) -> JobResult<(usize, usize, u64, f64)> {
    let mut s = Solver::new(g, algo, 60_000_000).map_err(JobError::runtime)?;
    if s.set_passes(passes) != passes {
        return Err(JobError::runtime(format!(
            "the {} passes are not available on this tree",
            passes_name(passes)
        )));
    }
    s.iterate(3);
    let mut n = 1u64;
    loop {
        let t = Instant::now();
        s.iterate(n);
        let e = t.elapsed().as_secs_f64();
        if e > 2.0 || n > 1 << 20 {
            let ms = e * 1000.0 / n as f64;
            return Ok((s.tree().nodes(), s.tree().infosets(), n, ms));
        }
        n *= 2;
    }
}

fn certificate_section(
    config: &BenchConfig,
    md: &mut String,
    results: &mut Vec<serde_json::Value>,
) -> JobResult<()> {
    md.push_str("\n## Exact best response against the certificates\n\n| file | value | seconds |\n|---|---|---|\n");
    for f in [
        "classic-4x3/black-lower.mix",
        "classic-4x3/white-upper.mix",
        "abrupt-3x3/black-lower.mix",
        "abrupt-3x3/white-upper.mix",
    ] {
        let path = config.certificates.join(f);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| JobError::input(format!("cannot read {}: {e}", path.display())))?;
        // The certify job (parse and exact best response); the best of three runs.
        let mut best = certify_text(&text, None)?;
        for _ in 0..2 {
            let again = certify_text(&text, None)?;
            if again.seconds < best.seconds {
                best = again;
            }
        }
        let (value, secs) = (best.certified.black_value, best.seconds);
        md.push_str(&format!("| {f} | {value} | {secs:.3} |\n"));
        results.push(json!({"certificate": f, "value": value.to_string(), "seconds": secs}));
    }
    md.push_str("\nParse and exact best response, best of three runs, release build (`certify` prints the same value with its own timing).\n");
    Ok(())
}

fn double_oracle_section(
    md: &mut String,
    results: &mut Vec<serde_json::Value>,
    progress: &dyn Progress,
) -> JobResult<()> {
    md.push_str("\n## Double oracle to gap ≤ 1e-6 (boards of ≤ 9 cells)\n\nEach row is one fresh run of `gsolve darkhex solve --rows R --cols C --variant abrupt --algo double-oracle --plain-oracle --random-fallback --initial-policies 200 --gap 1e-6 --time 300` (seed 0; the same job); the other boards of ≤ 9 cells converge in under a second or stall (n×1 abrupt, n ≥ 7: see `double-oracle-values.md`).\n\n| board | variant | iterations | lower | upper | gap | seconds |\n|---|---|---|---|---|---|---|\n");
    for (r, c) in [(3, 3), (2, 4), (4, 2)] {
        let config = DoubleOracleConfig {
            rules: Rules {
                rows: r,
                cols: c,
                variant: Variant::Abrupt,
                announce_touch: false,
            },
            oracle: OracleKind::RandomFallback,
            initial_policies: 200,
            seed: 0,
            scratch_lp: false,
            symmetric: true,
            seeds: Vec::new(),
            stop: Stop {
                iterations: None,
                time: Some(300.0),
                gap: Some(1e-6),
            },
            output: Output::default(),
        };
        let d = double_oracle::run(&config, progress)?;
        let (lower, upper) = (d.lower.0, d.upper.0);
        md.push_str(&format!(
            "| {r}×{c} | abrupt | {} | {lower} ≈ {:.9} | {upper} ≈ {:.9} | {:.1e} | {:.1} |\n",
            d.iterations,
            lower.to_f64(),
            upper.to_f64(),
            d.gap(),
            d.seconds
        ));
        results.push(json!({"board": format!("{r}x{c}"), "variant": "abrupt", "algorithm": "double-oracle", "iterations": d.iterations, "lower": lower.to_f64(), "upper": upper.to_f64(), "gap": d.gap(), "seconds": d.seconds}));
    }
    md.push_str("\nThe longer exact double-oracle runs (iterations, time, memory, brackets) are listed in `double-oracle-runs.md`.\n");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everything_below_the_generated_sections_is_kept() {
        let text = format!(
            "# old\n\n## CFR iteration time (x)\n\nrows\n\n## Double oracle to gap ≤ 1e-6\n\nmore\n{PEER_BEGIN}\n## CFR+ side by side\n| a |\n<!-- end peer -->\n\n## By hand\n\ntrailing"
        );
        assert_eq!(
            kept_tail(&text).unwrap(),
            format!("{PEER_BEGIN}\n## CFR+ side by side\n| a |\n<!-- end peer -->\n\n## By hand\n\ntrailing\n")
        );
        // Without the peer marker, a hand-written section is kept from its heading.
        assert_eq!(
            kept_tail("# old\n## Exact best response against the certificates\nx\n## Notes\ny\n")
                .unwrap(),
            "## Notes\ny\n"
        );
        assert_eq!(kept_tail("# old\n## CFR iteration time\nrows\n"), None);
        assert_eq!(kept_tail("# no section\n"), None);
    }
}
