//! `gsolve gtp` — not written yet (this placeholder is replaced by the work).

use super::common::{CliError, CliResult, Global};

/// Arguments of `gsolve gtp`.
#[derive(clap::Args, Debug)]
pub struct GtpArgs {
    /// Remaining arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Run `gsolve gtp`.
pub fn run(args: GtpArgs, _global: &Global) -> CliResult {
    let _ = args.rest;
    Err(CliError::runtime("gsolve gtp is not implemented yet"))
}
