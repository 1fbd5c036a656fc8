//! `gsolve dola perft --out DIR [--shard I/N]` and `gsolve hexecs perft --out DIR [--shard
//! I/N]`: perft split by first move into a part file ([`jobs::perft_shard`]), for runs that
//! outgrow one machine (`gsolve merge` puts the shards together).

use super::common::{print_json, BarProgress, CliError, CliResult, Global};
use jobs::shard::Shard;
use serde_json::json;
use std::path::PathBuf;

/// The file options of `gsolve dola perft` and `gsolve hexecs perft`.
#[derive(clap::Args, Debug)]
pub struct PerftFileArgs {
    /// Write the count below each first move to DIR/perft.csv (DIR/perft-IofN.csv with
    /// --shard), one line as each first move finishes: a killed run resumes after its last
    /// finished move. Depth 2 or more.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Count only the first moves whose index (generation order) is I modulo N, e.g. a Slurm
    /// array task's; needs --out. `gsolve merge` puts the shards' files into one perft.csv.
    #[arg(long, requires = "out")]
    pub shard: Option<String>,
}

/// The shard and the output folder (created), checked.
fn prepare(a: &PerftFileArgs) -> Result<(Shard, PathBuf), CliError> {
    let out = a.out.clone().expect("called with --out");
    let shard = match &a.shard {
        Some(s) => Shard::parse(s, "--shard")?,
        None => Shard::WHOLE,
    };
    jobs::output::check_writable_dir("--out", &out)?;
    std::fs::create_dir_all(&out)
        .map_err(|e| CliError::runtime(format!("cannot create {}: {e}", out.display())))?;
    Ok((shard, out))
}

/// The summary line after the counts.
fn summary(depth: u32, shard: Shard, nodes: &str, p: &jobs::perft_shard::PerftPart) -> String {
    format!(
        "perft {depth} shard {shard}: {nodes} below {} first moves ({} counted now); {}",
        p.moves,
        p.counted_now,
        p.file.display()
    )
}

/// Run a Dola perft into a file.
pub fn run(
    variant: dola::Variant,
    pos: &dola::Position,
    depth: u32,
    a: &PerftFileArgs,
    global: &Global,
) -> CliResult {
    let (shard, out) = prepare(a)?;
    let progress = BarProgress::new(global);
    let p = jobs::perft_shard::dola_perft_shard(variant, pos, depth, shard, &out, &progress)?;
    let nodes: u64 = p.divide.iter().map(|d| d.1[0]).sum();
    if global.json {
        print_json(&json!({
            "variant": variant.name(),
            "fen": pos.to_fen(),
            "depth": depth,
            "shard": shard.to_string(),
            "first_moves": p.moves,
            "counted_now": p.counted_now,
            "nodes": nodes,
            "divide": p.divide.iter().map(|(m, n)| json!({"move": m, "nodes": n[0]})).collect::<Vec<_>>(),
            "file": p.file.display().to_string(),
        }));
    } else {
        for (m, n) in &p.divide {
            println!("{m} {}", n[0]);
        }
        println!();
        println!("{}", summary(depth, shard, &nodes.to_string(), &p));
    }
    Ok(())
}

/// Run a Hexecs perft (both counts) into a file.
pub fn run_hexecs(
    game: &hexecs::Hexecs,
    depth: u32,
    a: &PerftFileArgs,
    global: &Global,
) -> CliResult {
    let (shard, out) = prepare(a)?;
    let progress = BarProgress::new(global);
    let p = jobs::perft_shard::hexecs_perft_shard(game, depth, shard, &out, &progress)?;
    let total = |k: usize| -> u64 { p.divide.iter().map(|d| d.1[k]).sum() };
    let (decisions, with_chance) = (total(0), total(1));
    if global.json {
        let divide: Vec<_> = p
            .divide
            .iter()
            .map(|(m, n)| json!({"move": m, "nodes_decisions": n[0], "nodes_with_chance": n[1]}))
            .collect();
        print_json(&json!({
            "game": "hexecs",
            "position": game.position_text(),
            "depth": depth,
            "shard": shard.to_string(),
            "first_moves": p.moves,
            "counted_now": p.counted_now,
            "nodes_decisions": decisions,
            "nodes_with_chance": with_chance,
            "divide": divide,
            "file": p.file.display().to_string(),
        }));
    } else {
        println!("{:<12} {:>16} {:>16}", "move", "decisions", "with chance");
        for (m, n) in &p.divide {
            println!("{m:<12} {:>16} {:>16}", n[0], n[1]);
        }
        println!();
        let nodes =
            format!("{decisions} (decision-only), {with_chance} (chance outcomes as plies)");
        println!("{}", summary(depth, shard, &nodes, &p));
    }
    Ok(())
}
