//! `gsolve darkhex` — not written yet (this placeholder is replaced by the work).

use super::common::{CliError, CliResult, Global};

/// Arguments of `gsolve darkhex`.
#[derive(clap::Args, Debug)]
pub struct DarkhexArgs {
    /// Remaining arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Run `gsolve darkhex`.
pub fn run(args: DarkhexArgs, _global: &Global) -> CliResult {
    let _ = args.rest;
    Err(CliError::runtime("gsolve darkhex is not implemented yet"))
}

/// `gsolve bench darkhex`: write results/darkhex/bench.md.
pub fn bench(_global: &Global) -> CliResult {
    Err(CliError::runtime("gsolve bench darkhex is not implemented yet"))
}
