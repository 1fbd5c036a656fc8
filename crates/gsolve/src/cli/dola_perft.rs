//! `gsolve dola perft --out DIR [--shard I/N]`: perft split by first move into a part file
//! ([`jobs::perft_shard`]), for runs that outgrow one machine (`gsolve merge` adds the shards).

use super::common::{print_json, BarProgress, CliError, CliResult, Global};
use serde_json::json;
use std::path::PathBuf;

/// The file options of `gsolve dola perft`.
#[derive(clap::Args, Debug)]
pub struct PerftFileArgs {
    /// Write the count below each first move to DIR/perft.csv (DIR/perft-IofN.csv with
    /// --shard), one line as each first move finishes: a killed run resumes after its last
    /// finished move. Depth 2 or more.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Count only the first moves whose index (generation order) is I modulo N, e.g. a Slurm
    /// array task's; needs --out. `gsolve merge` adds the shards' files into one perft.csv.
    #[arg(long, requires = "out")]
    pub shard: Option<String>,
}

/// Run the perft into a file.
pub fn run(
    variant: dola::Variant,
    pos: &dola::Position,
    depth: u32,
    a: &PerftFileArgs,
    global: &Global,
) -> CliResult {
    let out = a.out.clone().expect("called with --out");
    let shard = match &a.shard {
        Some(s) => jobs::shard::Shard::parse(s, "--shard")?,
        None => jobs::shard::Shard::WHOLE,
    };
    jobs::output::check_writable_dir("--out", &out)?;
    std::fs::create_dir_all(&out)
        .map_err(|e| CliError::runtime(format!("cannot create {}: {e}", out.display())))?;
    let p = jobs::perft_shard::dola_perft_shard(
        variant,
        pos,
        depth,
        shard,
        &out,
        &BarProgress::new(global),
    )?;
    let nodes: u64 = p.divide.iter().map(|d| d.1).sum();
    if global.json {
        print_json(&json!({
            "variant": variant.name(),
            "fen": pos.to_fen(),
            "depth": depth,
            "shard": shard.to_string(),
            "first_moves": p.moves,
            "counted_now": p.counted_now,
            "nodes": nodes,
            "divide": p.divide.iter().map(|(m, n)| json!({"move": m, "nodes": n})).collect::<Vec<_>>(),
            "file": p.file.display().to_string(),
        }));
    } else {
        for (m, n) in &p.divide {
            println!("{m} {n}");
        }
        println!();
        println!(
            "perft {depth} shard {shard}: {nodes} below {} first moves ({} counted now); {}",
            p.moves,
            p.counted_now,
            p.file.display()
        );
    }
    Ok(())
}
