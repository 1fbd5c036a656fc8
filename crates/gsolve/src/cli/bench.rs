//! `gsolve bench …` — benchmarks whose figures are written to `results/<game>/bench.md` with the
//! command that produced them. Each game's module owns its benchmark; this only dispatches.

use super::common::{print_json, CliError, CliResult, Global};
use jobs::darkhex::cfr_timing::{cfr_timing, passes_name, CfrTimingConfig};

/// Arguments of `gsolve bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Which benchmark to run.
    #[command(subcommand)]
    which: BenchWhich,
}

#[derive(clap::Subcommand, Debug)]
enum BenchWhich {
    /// Rex exact solver: 4x4 and 5x5 maps, the Solrex suite, 6x6 positions, 1 vs 2 threads.
    Rex(super::rex::RexBenchArgs),
    /// Dark Hex: CFR per-iteration time, exact best response against the certificates, the
    /// double oracle to gap 1e-6 on the boards of 8-9 cells.
    Darkhex(DarkhexBenchArgs),
    /// Dark Hex CFR on the perfect-recall game: time a number of iterations of one board on
    /// this thread and give the exact bracket they reach (the gsolve side of
    /// scripts/darkhex-cfr-peer.sh).
    DarkhexCfr(DarkhexCfrBenchArgs),
    /// Dola perft speed.
    Dola,
    /// Hexecs perft speed.
    Hexecs,
    /// Bounded-depth search (Dola and Hexecs): depth in a time budget, nodes/s, branching
    /// factor, Star1/Star2 savings; writes results/search/bench.md.
    Search(SearchBenchArgs),
}

/// Arguments of `gsolve bench darkhex`.
#[derive(clap::Args, Debug)]
pub struct DarkhexBenchArgs {
    /// Output file (the committed figures: results/darkhex/bench.md).
    #[arg(long, default_value = "runs/darkhex/bench.md")]
    out: std::path::PathBuf,
}

/// `--passes` of `gsolve bench darkhex-cfr`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum PassesArg {
    /// The pruned depth-first walk (perfect-recall trees; the default).
    Walk,
    /// The three level passes over every node (the representation before the walk).
    Level,
}

/// `--algo` of `gsolve bench darkhex-cfr`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum CfrAlgo {
    /// CFR⁺ (OpenSpiel's CFRPlusSolver is the same algorithm).
    #[value(name = "cfr+")]
    CfrPlus,
    /// Discounted CFR (α=1.5, β=0, γ=2).
    Dcfr,
    /// Predictive CFR⁺.
    #[value(name = "pcfr+")]
    PcfrPlus,
    /// Linear CFR.
    Linear,
    /// Plain CFR.
    Vanilla,
}

/// Arguments of `gsolve bench darkhex-cfr`.
#[derive(clap::Args, Debug)]
pub struct DarkhexCfrBenchArgs {
    /// Rows.
    #[arg(long)]
    rows: usize,
    /// Columns.
    #[arg(long)]
    cols: usize,
    /// classical or abrupt.
    #[arg(long, default_value = "abrupt")]
    variant: String,
    /// The CFR variant.
    #[arg(long, value_enum, ignore_case = true, default_value = "cfr+")]
    algo: CfrAlgo,
    /// Iterations timed.
    #[arg(long, default_value_t = 1000)]
    iterations: u64,
    /// Which passes.
    #[arg(long, value_enum, ignore_case = true, default_value = "walk")]
    passes: PassesArg,
    /// Worker threads of the level passes (the walk uses one).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Tie the information sets that the board's 180° rotation maps onto each other.
    #[arg(long)]
    symmetric: bool,
    /// Stop at the first check of the exact gap that reaches this (--iterations is then the
    /// most to run); the checks are not timed.
    #[arg(long, allow_negative_numbers = true)]
    gap: Option<f64>,
    /// Iterations between the checks of --gap.
    #[arg(long, default_value_t = 10)]
    check_every: u64,
}

/// Arguments of `gsolve bench search`.
#[derive(clap::Args, Debug)]
pub struct SearchBenchArgs {
    /// Seconds per search of a position (a hard limit, but every search finishes depth 1, so
    /// a tiny budget still takes a moment per position).
    #[arg(long, default_value_t = 10.0, allow_negative_numbers = true)]
    seconds: f64,
    /// Output file.
    #[arg(long, default_value = "runs/search/bench.md")]
    out: std::path::PathBuf,
    /// Depths of the Star1/Star2 sample of random positions with a free princess (each one
    /// reported), comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = super::search::STAR_SAMPLE_DEPTHS)]
    sample_depths: Vec<u32>,
    /// Only the Star1/Star2 sample (skip the timed searches of the start positions).
    #[arg(long)]
    star_only: bool,
}

/// Run `gsolve bench`.
pub fn run(args: BenchArgs, global: &Global) -> CliResult {
    match args.which {
        BenchWhich::Rex(a) => super::rex::bench(a, global),
        BenchWhich::Darkhex(a) => super::darkhex::bench(a.out, global),
        BenchWhich::DarkhexCfr(a) => darkhex_cfr(a, global),
        BenchWhich::Dola => super::dola::bench(global),
        BenchWhich::Hexecs => super::hexecs::bench(global),
        BenchWhich::Search(a) => {
            super::search::game_bench(a.seconds, &a.sample_depths, a.star_only, &a.out, global)
        }
    }
}

/// `gsolve bench darkhex-cfr`: the job `jobs::darkhex::cfr_timing`.
fn darkhex_cfr(a: DarkhexCfrBenchArgs, global: &Global) -> CliResult {
    if a.threads == 0 {
        return Err(CliError::input("--threads must be at least 1"));
    }
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .build_global();
    let variant = a.variant.parse().map_err(CliError::input)?;
    let config = CfrTimingConfig {
        rules: darkhex::Rules {
            rows: a.rows,
            cols: a.cols,
            variant,
            announce_touch: false,
        },
        algorithm: match a.algo {
            CfrAlgo::CfrPlus => cfr::Algorithm::CfrPlus,
            CfrAlgo::Dcfr => cfr::Algorithm::DCFR_DEFAULT,
            CfrAlgo::PcfrPlus => cfr::Algorithm::PcfrPlus,
            CfrAlgo::Linear => cfr::Algorithm::Linear,
            CfrAlgo::Vanilla => cfr::Algorithm::Vanilla,
        },
        iterations: a.iterations,
        passes: match a.passes {
            PassesArg::Walk => cfr::Passes::PrunedWalk,
            PassesArg::Level => cfr::Passes::Level,
        },
        symmetric: a.symmetric,
        gap: a.gap,
        check_every: a.check_every,
    };
    let t = cfr_timing(&config)?;
    if global.json {
        print_json(&t.to_json());
    } else {
        let r = config.rules;
        println!(
            "{} {}x{} history{}, {} ({} passes): {} nodes, {} information sets, built in {:.2} s; {} iterations in {:.3} s = {:.4} ms/iteration ({:.1}% of the nodes visited per update); exact bracket [{:.9}, {:.9}], gap {:.3e}",
            r.variant, r.rows, r.cols, if config.symmetric { " (rotation-tied)" } else { "" },
            config.algorithm.describe(), passes_name(t.passes),
            t.nodes, t.infosets, t.build_seconds, t.iterations, t.seconds,
            t.ms_per_iteration(), 100.0 * t.visited_fraction, t.bracket.lower, t.bracket.upper,
            t.bracket.gap
        );
    }
    Ok(())
}
