//! `gsolve bench …` — benchmarks whose figures are written to `results/<game>/bench.md` with the
//! command that produced them. Each game's module owns its benchmark; this only dispatches.

use super::common::{CliResult, Global};

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

/// Arguments of `gsolve bench search`.
#[derive(clap::Args, Debug)]
pub struct SearchBenchArgs {
    /// Seconds per position.
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
        BenchWhich::Dola => super::dola::bench(global),
        BenchWhich::Hexecs => super::hexecs::bench(global),
        BenchWhich::Search(a) => {
            super::search::game_bench(a.seconds, &a.sample_depths, a.star_only, &a.out, global)
        }
    }
}
