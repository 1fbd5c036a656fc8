//! `gsolve hexecs` — not written yet (this placeholder is replaced by the work).

use super::common::{CliError, CliResult, Global};

/// Arguments of `gsolve hexecs`.
#[derive(clap::Args, Debug)]
pub struct HexecsArgs {
    /// Remaining arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Run `gsolve hexecs`.
pub fn run(args: HexecsArgs, _global: &Global) -> CliResult {
    let _ = args.rest;
    Err(CliError::runtime("gsolve hexecs is not implemented yet"))
}

/// `gsolve bench hexecs`: write results/hexecs/bench.md.
pub fn bench(_global: &Global) -> CliResult {
    Err(CliError::runtime("gsolve bench hexecs is not implemented yet"))
}
