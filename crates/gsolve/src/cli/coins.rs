//! `gsolve coins` — not written yet (this placeholder is replaced by the work).

use super::common::{CliError, CliResult, Global};

/// Arguments of `gsolve coins`.
#[derive(clap::Args, Debug)]
pub struct CoinsArgs {
    /// Remaining arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Run `gsolve coins`.
pub fn run(args: CoinsArgs, _global: &Global) -> CliResult {
    let _ = args.rest;
    Err(CliError::runtime("gsolve coins is not implemented yet"))
}
