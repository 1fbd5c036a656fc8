//! `gsolve dola perft --out DIR [--shard I/N]` and `gsolve hexecs perft --out DIR [--shard
//! I/N]`: perft split by first move into a part file ([`jobs::perft_shard`]), for runs that
//! outgrow one machine (`gsolve merge` puts the shards together).

use super::common::{print_json, BarProgress, CliError, CliResult, Global};
use jobs::perft_shard::{perft_shard, PerftPosition};
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

/// Run a perft into a file: Dola's count, or Hexecs's two.
pub fn run(
    position: PerftPosition<'_>,
    depth: u32,
    a: &PerftFileArgs,
    global: &Global,
) -> CliResult {
    let out = a.out.clone().expect("called with --out");
    let shard = match &a.shard {
        Some(s) => Shard::parse(s, "--shard")?,
        None => Shard::WHOLE,
    };
    jobs::output::check_writable_dir("--out", &out)?;
    std::fs::create_dir_all(&out)
        .map_err(|e| CliError::runtime(format!("cannot create {}: {e}", out.display())))?;
    let p = perft_shard(position, depth, shard, &out, &BarProgress::new(global))?;
    let total = |k: usize| -> u64 { p.divide.iter().map(|d| d.1[k]).sum() };
    let (mut v, nodes) = match position {
        PerftPosition::Dola(variant, pos) => (
            json!({"variant": variant.name(), "fen": pos.to_fen(), "nodes": total(0)}),
            total(0).to_string(),
        ),
        PerftPosition::Hexecs(game) => (
            json!({
                "game": "hexecs",
                "position": game.position_text(),
                "nodes_decisions": total(0),
                "nodes_with_chance": total(1),
            }),
            format!(
                "{} (decision-only), {} (chance outcomes as plies)",
                total(0),
                total(1)
            ),
        ),
    };
    let hexecs = matches!(position, PerftPosition::Hexecs(_));
    if global.json {
        v["depth"] = json!(depth);
        v["shard"] = json!(shard.to_string());
        v["first_moves"] = json!(p.moves);
        v["counted_now"] = json!(p.counted_now);
        v["file"] = json!(p.file.display().to_string());
        v["divide"] = p
            .divide
            .iter()
            .map(|(m, n)| {
                if hexecs {
                    json!({"move": m, "nodes_decisions": n[0], "nodes_with_chance": n[1]})
                } else {
                    json!({"move": m, "nodes": n[0]})
                }
            })
            .collect();
        print_json(&v);
        return Ok(());
    }
    if hexecs {
        println!("{:<12} {:>16} {:>16}", "move", "decisions", "with chance");
    }
    for (m, n) in &p.divide {
        if hexecs {
            println!("{m:<12} {:>16} {:>16}", n[0], n[1]);
        } else {
            println!("{m} {}", n[0]);
        }
    }
    println!();
    println!(
        "perft {depth} shard {shard}: {nodes} below {} first moves ({} counted now); {}",
        p.moves,
        p.counted_now,
        p.file.display()
    );
    Ok(())
}
