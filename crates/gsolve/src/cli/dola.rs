//! `gsolve dola` — not written yet (this placeholder is replaced by the work).

use super::common::{CliError, CliResult, Global};

/// Arguments of `gsolve dola`.
#[derive(clap::Args, Debug)]
pub struct DolaArgs {
    /// Remaining arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Run `gsolve dola`.
pub fn run(args: DolaArgs, _global: &Global) -> CliResult {
    let _ = args.rest;
    Err(CliError::runtime("gsolve dola is not implemented yet"))
}

/// `gsolve bench dola`: write results/dola/bench.md.
pub fn bench(_global: &Global) -> CliResult {
    Err(CliError::runtime("gsolve bench dola is not implemented yet"))
}
