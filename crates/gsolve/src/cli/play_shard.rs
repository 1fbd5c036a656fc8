//! `gsolve dola play --shard I/N --out DIR` and `gsolve hexecs play --shard I/N --out DIR`:
//! engine self-play split by game index into a part file ([`jobs::selfplay_shard`]), for
//! studies that outgrow one machine (`gsolve merge` puts the shards together).

use super::common::{print_json, BarProgress, CliError, CliResult, Global};
use jobs::selfplay::PlayConfig;
use jobs::selfplay_shard::{play_shard, SelfPlayStart};
use jobs::shard::Shard;
use serde_json::json;
use std::path::Path;

/// Play shard `shard` (the `--shard` text) of the games of `cfg` from `start` into the folder
/// `out`, and print what it did (or one JSON object).
pub fn run(
    start: &SelfPlayStart,
    cfg: &PlayConfig,
    shard: &str,
    out: &Path,
    global: &Global,
) -> CliResult {
    let shard = Shard::parse(shard, "--shard")?;
    jobs::selfplay_shard::check_shard_config(cfg)?;
    jobs::output::check_writable_dir("--out", out)?;
    std::fs::create_dir_all(out)
        .map_err(|e| CliError::runtime(format!("cannot create {}: {e}", out.display())))?;
    let p = play_shard(start, cfg, shard, out, &BarProgress::new(global))?;
    let s = &p.summary;
    if global.json {
        print_json(&json!({
            "job": start.job(),
            "shard": shard.to_string(),
            "games": p.games,
            "played_now": p.played_now,
            "white_wins": s.first_wins,
            "draws": s.draws,
            "black_wins": s.second_wins,
            "unfinished": s.unfinished,
            "mean_length": s.mean_length(),
            "file": p.file.display().to_string(),
        }));
        return Ok(());
    }
    println!(
        "{} shard {shard}: {} games ({} played now): {} white wins, {} draws, {} black wins, {} unfinished; {}",
        start.job(),
        p.games,
        p.played_now,
        s.first_wins,
        s.draws,
        s.second_wins,
        s.unfinished,
        p.file.display()
    );
    Ok(())
}
