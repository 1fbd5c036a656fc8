//! `gsolve rex` — placeholder while the Rex work lands.

use super::common::{CliError, CliResult, Global};

/// Arguments of `gsolve rex`.
#[derive(clap::Args, Debug)]
pub struct RexArgs {
    /// Remaining arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Run `gsolve rex`.
pub fn run(args: RexArgs, _global: &Global) -> CliResult {
    let _ = args.rest;
    Err(CliError::runtime("not yet"))
}

/// The default job.
pub fn run_default(_global: &Global) -> CliResult {
    Err(CliError::runtime("not yet"))
}

/// Arguments of `gsolve bench rex`.
#[derive(clap::Args, Debug)]
pub struct RexBenchArgs {}

/// `gsolve bench rex`.
pub fn bench(_a: RexBenchArgs, _global: &Global) -> CliResult {
    Err(CliError::runtime("not yet"))
}
