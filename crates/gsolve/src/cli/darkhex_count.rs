//! `gsolve darkhex count` (the exact information-set counts of `darkhex::count`), and two
//! ways to make a certificate for `certify` on boards where the double oracle does not run
//! (4×4): `gsolve darkhex priority-mixture` (a uniform, rotation-invariant mixture of random
//! priority-order policies) and `gsolve darkhex embed` (a smaller board's mixture played on a
//! sub-board).

use super::common::{print_json, CliError, CliResult, Global};
use darkhex::{DarkHex, Rules, Variant};
use serde_json::json;
use std::path::PathBuf;

/// The board options both commands share.
#[derive(clap::Args, Debug)]
pub struct BoardArgs {
    /// Rows (Black joins top and bottom).
    #[arg(long)]
    rows: usize,
    /// Columns.
    #[arg(long)]
    cols: usize,
    /// classical or abrupt.
    #[arg(long, default_value = "classical")]
    variant: String,
}

impl BoardArgs {
    fn rules(&self) -> Result<Rules, CliError> {
        let variant: Variant = self.variant.parse().map_err(CliError::input)?;
        let rules = Rules {
            rows: self.rows,
            cols: self.cols,
            variant,
            announce_touch: false,
        };
        DarkHex::new(rules).map_err(CliError::input)?;
        Ok(rules)
    }
}

/// Arguments of `gsolve darkhex count`.
#[derive(clap::Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    board: BoardArgs,
}

/// Arguments of `gsolve darkhex priority-mixture`.
#[derive(clap::Args, Debug)]
pub struct PriorityMixtureArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Whose mixture: black (proves a lower bound) or white (an upper bound).
    #[arg(long)]
    owner: String,
    /// Random priority orders besides the identity order (drawn from --seed like the double
    /// oracle's initial policies); each joins with its 180° image.
    #[arg(long)]
    policies: usize,
    /// Seed of the random orders.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Where the certificate goes.
    #[arg(long)]
    out: PathBuf,
}

/// Run `gsolve darkhex count`.
pub fn count(a: CountArgs, global: &Global) -> CliResult {
    let rules = a.board.rules()?;
    let start = std::time::Instant::now();
    let c = darkhex::count::count_information_sets(rules).map_err(CliError::input)?;
    let seconds = start.elapsed().as_secs_f64();
    let names = ["black", "white"];
    if global.json {
        let players: Vec<_> = c
            .players
            .iter()
            .zip(names)
            .map(|(p, name)| {
                json!({
                    "player": name,
                    "information_sets": p.histories.to_string(),
                    "views": p.views,
                    "by_events": p.by_events.iter().map(|n| n.to_string()).collect::<Vec<_>>(),
                })
            })
            .collect();
        print_json(&json!({
            "rows": rules.rows, "cols": rules.cols, "variant": rules.variant.name(),
            "players": players,
            "seconds": seconds,
        }));
    } else {
        println!(
            "{} {}x{}: perfect-recall information sets (private histories to move at) and views (own stones, found stones)",
            rules.variant, rules.rows, rules.cols
        );
        for (p, name) in c.players.iter().zip(["Black", "White"]) {
            println!(
                "{name}: {} information sets, {} views; by events: {}",
                p.histories,
                p.views,
                p.by_events
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
        eprintln!("({seconds:.1} s)");
    }
    Ok(())
}

/// Run `gsolve darkhex priority-mixture`.
pub fn priority_mixture(a: PriorityMixtureArgs, global: &Global) -> CliResult {
    let rules = a.board.rules()?;
    let owner = match a.owner.to_ascii_lowercase().as_str() {
        "black" => 0,
        "white" => 1,
        _ => {
            return Err(CliError::input(format!(
                "--owner {}: expected black or white",
                a.owner
            )))
        }
    };
    let m =
        jobs::darkhex::certify::write_priority_mixture(rules, owner, a.policies, a.seed, &a.out)?;
    let owner_name = ["black", "white"][owner as usize];
    if global.json {
        print_json(&json!({
            "file": a.out.display().to_string(),
            "rows": rules.rows, "cols": rules.cols, "variant": rules.variant.name(),
            "owner": owner_name,
            "policies": m.policies.len(),
            "seed": a.seed,
        }));
    } else {
        println!(
            "{}: uniform mixture of {} priority-order policies for {} ({} {}x{}, seed {})",
            a.out.display(),
            m.policies.len(),
            ["Black", "White"][owner as usize],
            rules.variant,
            rules.rows,
            rules.cols,
            a.seed
        );
    }
    Ok(())
}

/// Arguments of `gsolve darkhex embed`.
#[derive(clap::Args, Debug)]
pub struct EmbedArgs {
    /// The certificate of the smaller board (.mix).
    file: PathBuf,
    /// Rows of the larger board.
    #[arg(long)]
    rows: usize,
    /// Columns of the larger board.
    #[arg(long)]
    cols: usize,
    /// Row of the larger board where the smaller board's first row goes.
    #[arg(long, default_value_t = 0)]
    row_offset: usize,
    /// Column of the larger board where the smaller board's first column goes.
    #[arg(long, default_value_t = 0)]
    col_offset: usize,
    /// Where the embedded certificate goes.
    #[arg(long)]
    out: PathBuf,
}

/// Run `gsolve darkhex embed`.
pub fn embed(a: EmbedArgs, global: &Global) -> CliResult {
    let m = jobs::darkhex::certify::read_mixture(&a.file)?;
    let e = m
        .embedded(a.rows, a.cols, a.row_offset, a.col_offset)
        .map_err(|e| CliError::input(format!("{}: {e}", a.file.display())))?;
    jobs::output::write_atomic(&a.out, e.to_text().as_bytes())?;
    if global.json {
        print_json(&json!({
            "file": a.file.display().to_string(),
            "out": a.out.display().to_string(),
            "rows": a.rows, "cols": a.cols,
            "row_offset": a.row_offset, "col_offset": a.col_offset,
            "policies": e.policies.len(),
        }));
    } else {
        println!(
            "{}: {} policies of {} {}x{} played on rows {}.. and columns {}.. of {}x{}",
            a.out.display(),
            e.policies.len(),
            m.rules.variant,
            m.rules.rows,
            m.rules.cols,
            a.row_offset + 1,
            a.col_offset + 1,
            a.rows,
            a.cols
        );
    }
    Ok(())
}
