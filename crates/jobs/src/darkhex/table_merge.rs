//! Merging a sharded `darkhex table` ([`crate::merge`]): every shard's `values-IofN.csv` into
//! the `values.md` and `values.csv` that one `gsolve darkhex table --iterations N` run writes
//! (the recorded command line aside: the merge's says what it merged), and every board's
//! folder (`boards/VARIANT-RxC/`: strategy, checkpoint, convergence, summary), copied from the
//! folder beside the part file of the shard that ran it. [`compare_boards`] checks the boards'
//! strategies against a single run's.

use super::table::{board_dir, every_board, table_row, write_values, TableConfig, TableRow};
use super::table_journal::{part_config, part_rows, Finished};
use crate::merge::{gather_items, PartItem, Unfinished};
use crate::output::{write_atomic, JobError, JobResult};
use crate::shard::{Part, PartHeader, Shard};
use darkhex::strategy::StrategyFile;
use std::path::{Path, PathBuf};

/// The table's result files and their columns that measure the run.
pub const RESULT_FILES: &[(&str, &[&str])] =
    &[("values.csv", &["seconds"]), ("values.md", &["seconds"])];

/// The CFR variants a table can run, by the name its config records.
const ALGORITHMS: [::cfr::Algorithm; 5] = [
    ::cfr::Algorithm::DCFR_DEFAULT,
    ::cfr::Algorithm::CfrPlus,
    ::cfr::Algorithm::PcfrPlus,
    ::cfr::Algorithm::Linear,
    ::cfr::Algorithm::Vanilla,
];

/// The `--algo` name of a table's algorithm.
fn algo_option(a: &::cfr::Algorithm) -> String {
    match a {
        ::cfr::Algorithm::Dcfr { .. } => "dcfr".to_string(),
        other => other.describe(),
    }
}

/// The table's settings from a part config (checked to be in the form this gsolve writes),
/// writing into `out`.
fn read_config(parts: &[Part], common: &PartHeader, out: &Path) -> JobResult<TableConfig> {
    let bad = || {
        JobError::input(format!(
            "{}: config {:?}: expected algorithm=A max_cells=M large_boards=yes|no iterations=N",
            parts[0].path.display(),
            common.config
        ))
    };
    let word = |key: &str| {
        common
            .config
            .split_whitespace()
            .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
    };
    let algorithm = ALGORITHMS
        .into_iter()
        .find(|a| word("algorithm") == Some(a.describe().as_str()))
        .ok_or_else(bad)?;
    let max_cells: usize = word("max_cells")
        .and_then(|m| m.parse().ok())
        .filter(|m| (1..=9).contains(m))
        .ok_or_else(bad)?;
    let large = match word("large_boards") {
        Some("yes") => true,
        Some("no") => false,
        _ => return Err(bad()),
    };
    let iterations: u64 = word("iterations")
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .ok_or_else(bad)?;
    if part_config(&algorithm, max_cells, large, iterations) != common.config {
        return Err(bad());
    }
    // No backticks: the Markdown quotes the command in them.
    let command = format!(
        "gsolve merge ({} shards of gsolve darkhex table --max-cells {max_cells} --iterations {iterations} --algo {}{})",
        common.shard.count,
        algo_option(&algorithm),
        if large { " --large-time 1" } else { "" },
    );
    Ok(TableConfig {
        out: out.to_path_buf(),
        time: 0.0,
        gap: 0.0,
        algorithm,
        // Only whether it is positive counts with a fixed number of iterations.
        large_time: if large { 1.0 } else { 0.0 },
        checkpoint_secs: 0.0,
        max_cells,
        iterations: Some(iterations),
        command,
        shard: Shard::WHOLE,
    })
}

/// Every board of the parts, checked to be its shard's, and the unfinished shards.
fn gather(parts: &[Part], config: &TableConfig) -> JobResult<(Vec<Option<Finished>>, Unfinished)> {
    let boards = every_board(config);
    gather_items(parts, boards.len(), "boards", |part| {
        Ok(part_rows(part)?
            .into_iter()
            .map(|f| PartItem {
                index: boards.iter().position(|r| *r == f.rules),
                name: format!(
                    "board {} {}x{}",
                    f.rules.variant, f.rules.rows, f.rules.cols
                ),
                value: f,
            })
            .collect())
    })
}

/// The shards among `parts` that have not finished their boards: (shard, done, total).
pub fn unfinished(parts: &[Part], common: &PartHeader) -> JobResult<Unfinished> {
    let config = read_config(parts, common, Path::new("."))?;
    Ok(gather(parts, &config)?.1)
}

/// Merge the table's parts into `out`: (boards, files written: `values.md`, `values.csv` and
/// every file of every board's folder).
pub fn merge(parts: &[Part], common: &PartHeader, out: &Path) -> JobResult<(usize, Vec<PathBuf>)> {
    let config = read_config(parts, common, out)?;
    let (finished, unfinished) = gather(parts, &config)?;
    crate::merge::unfinished_error(common, &unfinished)?;
    let mut rows: Vec<TableRow> = Vec::new();
    let mut files = Vec::new();
    for (i, f) in finished.into_iter().enumerate() {
        let f = f.expect("every shard finished");
        let part = parts
            .iter()
            .find(|p| p.header.shard.owns(i))
            .expect("every shard is there");
        let from = board_dir(part.path.parent().unwrap_or(Path::new(".")), &f.rules);
        let to = board_dir(out, &f.rules);
        files.extend(copy_board(&from, &to, part)?);
        rows.push(table_row(f.report(config.algorithm, &to)));
    }
    write_values(&config, &rows)?;
    files.splice(0..0, [out.join("values.md"), out.join("values.csv")]);
    Ok((rows.len(), files))
}

/// The files of a board's folder (no temporaries), sorted.
fn board_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// Copy a board's folder `from` (beside `part`) to `to`: the files written.
fn copy_board(from: &Path, to: &Path, part: &Part) -> JobResult<Vec<PathBuf>> {
    let missing = |e: std::io::Error| {
        JobError::input(format!(
            "{}: cannot read the board folder of shard {} ({e}): a shard writes its boards' folders beside its part file {}",
            from.display(),
            part.header.shard,
            part.path.display()
        ))
    };
    let sources = board_files(from).map_err(missing)?;
    if !sources.iter().any(|f| f.ends_with("strategy.bin")) {
        return Err(missing(std::io::Error::other("no strategy.bin")));
    }
    std::fs::create_dir_all(to)
        .map_err(|e| JobError::runtime(format!("cannot create {}: {e}", to.display())))?;
    let mut written = Vec::new();
    for source in sources {
        let bytes = std::fs::read(&source).map_err(missing)?;
        let target = to.join(source.file_name().expect("a file"));
        write_atomic(&target, &bytes)?;
        written.push(target);
    }
    Ok(written)
}

/// The differences between the board folders of two tables `a` and `b`: the same folders,
/// the same files in each, and equal strategies (`strategy.bin` but its recorded command).
pub fn compare_boards(a: &Path, b: &Path) -> JobResult<Vec<String>> {
    let folders = |dir: &Path| -> JobResult<Vec<String>> {
        let boards = dir.join("boards");
        let mut names: Vec<String> = std::fs::read_dir(&boards)
            .map_err(|e| JobError::input(format!("cannot read {}: {e}", boards.display())))?
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        Ok(names)
    };
    let (names, other) = (folders(a)?, folders(b)?);
    if names != other {
        return Ok(vec![format!(
            "boards/: folders {} against {}",
            names.join(" "),
            other.join(" ")
        )]);
    }
    let strategy = |dir: &Path| -> JobResult<Vec<u8>> {
        let path = dir.join("strategy.bin");
        let bytes = std::fs::read(&path)
            .map_err(|e| JobError::input(format!("cannot read {}: {e}", path.display())))?;
        let mut s = StrategyFile::from_bytes(&bytes)
            .map_err(|e| JobError::input(format!("{}: {e}", path.display())))?;
        s.header.command.clear();
        Ok(s.to_bytes())
    };
    let mut diffs = Vec::new();
    for name in names {
        let (x, y) = (a.join("boards").join(&name), b.join("boards").join(&name));
        let listing = |d: &Path| -> JobResult<Vec<String>> {
            Ok(board_files(d)
                .map_err(|e| JobError::input(format!("cannot read {}: {e}", d.display())))?
                .iter()
                .filter_map(|f| f.file_name().map(|n| n.to_string_lossy().into_owned()))
                .collect())
        };
        if listing(&x)? != listing(&y)? {
            diffs.push(format!("boards/{name}: other files"));
        } else if strategy(&x)? != strategy(&y)? {
            diffs.push(format!("boards/{name}/strategy.bin differs"));
        }
    }
    Ok(diffs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_algorithm_is_read_back_from_its_config() {
        for a in ALGORITHMS {
            let config = part_config(&a, 4, false, 100);
            let part = Part {
                path: PathBuf::from("values-0of2.csv"),
                header: PartHeader::new(
                    super::super::table_journal::PART_JOB,
                    &config,
                    Shard::new(0, 2, "s").unwrap(),
                ),
                body: Vec::new(),
            };
            let read =
                read_config(std::slice::from_ref(&part), &part.header, Path::new("out")).unwrap();
            assert_eq!(read.algorithm, a);
            assert_eq!((read.max_cells, read.iterations), (4, Some(100)));
            let mut damaged = part.header.clone();
            damaged.config = config.replace("max_cells=4", "max_cells=10");
            assert!(read_config(&[part], &damaged, Path::new("out")).is_err());
        }
    }
}
