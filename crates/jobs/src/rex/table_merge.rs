//! Merging a sharded Rex parity table ([`crate::merge`]): every shard's `parity-IofN.csv`
//! into the `parity.csv` and `parity.md` that one `gsolve rex table` run writes (the
//! recorded command line aside).

use super::table::{part_config, part_table};
use crate::merge::{gather_items, PartItem, Unfinished};
use crate::output::{toolkit_version, write_atomic, JobError, JobResult};
use crate::shard::{Part, PartHeader};
use rex::report::{self, ParityTable};
use std::path::{Path, PathBuf};

/// The table's result files and their columns that measure the run.
pub const RESULT_FILES: &[(&str, &[&str])] = &[
    ("parity.csv", &["nodes", "seconds"]),
    ("parity.md", &["nodes", "seconds"]),
];

/// Every board of the parts, checked to be its shard's, and the unfinished shards.
fn gather(parts: &[Part], common: &PartHeader) -> JobResult<(ParityTable, Unfinished)> {
    let max_cells = common
        .config
        .strip_prefix("max_cells=")
        .and_then(|m| m.parse::<usize>().ok())
        .filter(|&m| (1..=121).contains(&m) && part_config(m) == common.config)
        .ok_or_else(|| {
            JobError::input(format!(
                "{}: config {:?}: expected max_cells=N (1 to 121)",
                parts[0].path.display(),
                common.config
            ))
        })?;
    let boards = report::boards_up_to(max_cells);
    let (rows, unfinished) = gather_items(parts, boards.len(), "boards", |part| {
        Ok(part_table(part)?
            .iter()
            .map(|row| PartItem {
                index: boards.iter().position(|&b| b == (row.rows, row.cols)),
                name: format!("board {}x{}", row.rows, row.cols),
                value: row.clone(),
            })
            .collect())
    })?;
    let mut merged = ParityTable::default();
    for row in rows.into_iter().flatten() {
        merged.insert(row);
    }
    Ok((merged, unfinished))
}

/// The shards among `parts` that have not finished their boards: (shard, done, total).
pub fn unfinished(parts: &[Part], common: &PartHeader) -> JobResult<Unfinished> {
    Ok(gather(parts, common)?.1)
}

/// Merge the table's parts into `out`: (boards, files written).
pub fn merge(parts: &[Part], common: &PartHeader, out: &Path) -> JobResult<(usize, Vec<PathBuf>)> {
    let (table, unfinished) = gather(parts, common)?;
    crate::merge::unfinished_error(common, &unfinished)?;
    let max_cells = common.config.trim_start_matches("max_cells=");
    let producer = format!(
        "gsolve merge of {} shards of `gsolve rex table --max-cells {max_cells}` ({})",
        common.shard.count,
        toolkit_version()
    );
    let (csv, md) = (out.join("parity.csv"), out.join("parity.md"));
    write_atomic(&csv, table.to_csv(&producer).as_bytes())?;
    write_atomic(&md, table.to_markdown(&producer).as_bytes())?;
    Ok((table.iter().count(), vec![csv, md]))
}
