//! `gsolve merge`: the parts of a sharded job ([`crate::shard`]) into the files a single run
//! of the job writes.
//!
//! The merge reads every part file given (a folder stands for the part files in it), checks
//! that they belong to one job with one config and one shard count, that no shard is missing
//! or given twice, and that each shard finished its items; then the job's own merger writes
//! the result files. A single run's files and the merged files agree line for line except in
//! the columns that measure the run (seconds, nodes, threads) and the recorded command line,
//! which [`compare_outputs`] leaves out.

use crate::output::{JobError, JobResult};
use crate::shard::{ranges, read_part, Part, PartHeader};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What a merge did.
#[derive(Debug, Clone)]
pub struct MergeSummary {
    /// The job kind.
    pub job: String,
    /// Its config.
    pub config: String,
    /// How many shards were merged.
    pub shards: usize,
    /// Work items (units, boards, games, …) in the merged result.
    pub items: usize,
    /// Files written.
    pub files: Vec<PathBuf>,
}

/// The result files of a job kind and, for each, the columns that measure the run rather
/// than give a result (left out when a merged result is compared with a single run's).
pub fn result_files(job: &str) -> Option<&'static [(&'static str, &'static [&'static str])]> {
    match job {
        "rex-map" => Some(crate::rex::map_merge::RESULT_FILES),
        "rex-table" => Some(crate::rex::table_merge::RESULT_FILES),
        "dola-perft" | "hexecs-perft" => Some(crate::perft_shard::RESULT_FILES),
        "darkhex-table" => Some(crate::darkhex::table_merge::RESULT_FILES),
        "dola-play" | "hexecs-play" => Some(crate::selfplay_shard::RESULT_FILES),
        _ => None,
    }
}

const JOBS: &str =
    "rex-map, rex-table, dola-perft, hexecs-perft, darkhex-table, dola-play, hexecs-play";

/// Whether `file` is a temporary of an atomic write ([`crate::output::temporary_name`]): a
/// run killed while rewriting its part leaves one that starts like the part itself.
fn is_temporary(file: &Path) -> bool {
    file.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.') && n.ends_with(".tmp"))
}

/// Every part file named by `paths`: a file must be a part file; a folder stands for the part
/// files directly inside it (at least one; temporaries of a killed run are not parts).
pub fn collect_parts(paths: &[PathBuf]) -> JobResult<Vec<Part>> {
    if paths.is_empty() {
        return Err(JobError::input(
            "no parts given: expected part files or folders",
        ));
    }
    let mut parts = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| JobError::input(format!("cannot read {}: {e}", p.display())))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.is_file() && !is_temporary(f))
                .collect();
            files.sort();
            let before = parts.len();
            for f in files {
                if let Some(part) = read_part(&f)? {
                    parts.push(part);
                }
            }
            if parts.len() == before {
                return Err(JobError::input(format!(
                    "{}: no part files in this folder (files starting `# {}`)",
                    p.display(),
                    crate::shard::PART_FORMAT
                )));
            }
        } else if p.exists() {
            match read_part(p)? {
                Some(part) => parts.push(part),
                None => {
                    return Err(JobError::input(format!(
                        "{}: not a part file (its first line is not `# {}`)",
                        p.display(),
                        crate::shard::PART_FORMAT
                    )))
                }
            }
        } else {
            return Err(JobError::input(format!(
                "{}: no such file or folder",
                p.display()
            )));
        }
    }
    Ok(parts)
}

/// The shards of a set of parts of one job.
#[derive(Debug, Clone)]
pub struct ShardCheck {
    /// The parts' common header (shard 0/N).
    pub common: PartHeader,
    /// Shard numbers with no part.
    pub missing: Vec<usize>,
    /// Shard numbers given more than once, with their files.
    pub duplicate: Vec<(usize, Vec<PathBuf>)>,
}

/// Check that `parts` (at least one) belong to one job with one config, shard count and
/// toolkit (an error naming two files that differ otherwise), and find the missing and the
/// duplicate shards.
pub fn check_shards(parts: &[Part]) -> JobResult<ShardCheck> {
    let first = &parts[0].header;
    for p in &parts[1..] {
        let h = &p.header;
        let differs = if h.job != first.job {
            Some(format!("job {} against {}", h.job, first.job))
        } else if h.config != first.config {
            Some(format!("config {:?} against {:?}", h.config, first.config))
        } else if h.shard.count != first.shard.count {
            Some(format!(
                "{} shards against {}",
                h.shard.count, first.shard.count
            ))
        } else if h.toolkit != first.toolkit {
            Some(format!("toolkit {} against {}", h.toolkit, first.toolkit))
        } else {
            None
        };
        if let Some(why) = differs {
            return Err(JobError::input(format!(
                "{} and {} are not parts of one run: {why}",
                p.path.display(),
                parts[0].path.display()
            )));
        }
    }
    let mut by_shard: BTreeMap<usize, Vec<PathBuf>> = BTreeMap::new();
    for p in parts {
        by_shard
            .entry(p.header.shard.index)
            .or_default()
            .push(p.path.clone());
    }
    let count = first.shard.count;
    let mut common = first.clone();
    common.shard.index = 0;
    Ok(ShardCheck {
        common,
        missing: (0..count).filter(|i| !by_shard.contains_key(i)).collect(),
        duplicate: by_shard.into_iter().filter(|(_, v)| v.len() > 1).collect(),
    })
}

/// The error for missing or duplicate shards, if any.
fn shard_problems(check: &ShardCheck) -> JobResult<()> {
    let count = check.common.shard.count;
    let mut problems = Vec::new();
    if !check.missing.is_empty() {
        problems.push(format!(
            "missing shard{} {} (of 0-{})",
            if check.missing.len() == 1 { "" } else { "s" },
            ranges(&check.missing),
            count - 1
        ));
    }
    for (i, files) in &check.duplicate {
        let files: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        problems.push(format!("duplicate shard {i} ({})", files.join(", ")));
    }
    if problems.is_empty() {
        return Ok(());
    }
    Err(JobError::input(format!(
        "{} {} in {count} shards: {}",
        check.common.job,
        check.common.config,
        problems.join("; ")
    )))
}

/// What each job's merger reports about its parts: the shards that have not finished their
/// items, as (shard, items done, items of the shard).
pub type Unfinished = Vec<(usize, usize, usize)>;

fn unsupported(parts: &[Part], job: &str) -> JobError {
    JobError::input(format!(
        "{}: job {job:?} cannot be merged (jobs with parts: {JOBS})",
        parts[0].path.display()
    ))
}

/// The shards of the run whose parts are `paths` that still have work: missing ones and
/// unfinished ones, in order (a duplicate shard is an error). With the check, for a summary.
pub fn pending(paths: &[PathBuf]) -> JobResult<(ShardCheck, Vec<usize>)> {
    let parts = collect_parts(paths)?;
    let check = check_shards(&parts)?;
    if !check.duplicate.is_empty() {
        shard_problems(&check)?;
    }
    let unfinished: Unfinished = match check.common.job.as_str() {
        "rex-map" => crate::rex::map_merge::unfinished(&parts, &check.common)?,
        "rex-table" => crate::rex::table_merge::unfinished(&parts, &check.common)?,
        "dola-perft" | "hexecs-perft" => crate::perft_shard::unfinished(&parts)?,
        "darkhex-table" => crate::darkhex::table_merge::unfinished(&parts, &check.common)?,
        "dola-play" | "hexecs-play" => crate::selfplay_shard::unfinished(&parts)?,
        other => return Err(unsupported(&parts, other)),
    };
    let mut out: Vec<usize> = check.missing.clone();
    out.extend(unfinished.iter().map(|u| u.0));
    out.sort_unstable();
    Ok((check, out))
}

/// Merge the parts named by `paths` into `out` (which must not be one of the parts' folders).
pub fn merge(paths: &[PathBuf], out: &Path) -> JobResult<MergeSummary> {
    let mut parts = collect_parts(paths)?;
    let check = check_shards(&parts)?;
    shard_problems(&check)?;
    let common = check.common;
    parts.sort_by_key(|p| p.header.shard.index);
    let out_abs = std::fs::canonicalize(out).ok();
    for p in &parts {
        let dir = p.path.parent().and_then(|d| std::fs::canonicalize(d).ok());
        if dir.is_some() && dir == out_abs {
            return Err(JobError::input(format!(
                "--out {}: holds the part {}; write the merged files to another folder",
                out.display(),
                p.path.display()
            )));
        }
    }
    let (items, files) = match common.job.as_str() {
        "rex-map" => crate::rex::map_merge::merge(&parts, &common, out)?,
        "rex-table" => crate::rex::table_merge::merge(&parts, &common, out)?,
        "dola-perft" | "hexecs-perft" => crate::perft_shard::merge(&parts, &common, out)?,
        "darkhex-table" => crate::darkhex::table_merge::merge(&parts, &common, out)?,
        "dola-play" | "hexecs-play" => crate::selfplay_shard::merge(&parts, &common, out)?,
        other => return Err(unsupported(&parts, other)),
    };
    Ok(MergeSummary {
        job: common.job,
        config: common.config,
        shards: common.shard.count,
        items,
        files,
    })
}

/// The error for an item (`name`, e.g. `board 2x3`) that `part` holds but its shard does not
/// own (`kind`: what the job's items are, e.g. `boards`).
pub(crate) fn not_this_shards(part: &Part, name: &str, kind: &str) -> JobError {
    JobError::input(format!(
        "{}: {name} is not one of shard {}'s {kind}",
        part.path.display(),
        part.header.shard
    ))
}

/// One work item as a part holds it: its index in the job's item order (`None`: not an item
/// of this job at all), its name for messages, and its value.
pub(crate) struct PartItem<V> {
    /// The index in the job's item order.
    pub index: Option<usize>,
    /// The item's name, e.g. `board 2x3`.
    pub name: String,
    /// What the part holds of it.
    pub value: V,
}

/// The items of `parts` by their index in the job's order of `items` items (item i is shard
/// i mod N's), each checked to be its part's shard's ([`not_this_shards`] otherwise, `kind`
/// naming the items), and the shards that have not finished theirs. `read` reads one part's
/// items.
pub(crate) fn gather_items<V>(
    parts: &[Part],
    items: usize,
    kind: &str,
    mut read: impl FnMut(&Part) -> JobResult<Vec<PartItem<V>>>,
) -> JobResult<(Vec<Option<V>>, Unfinished)> {
    let mut values: Vec<Option<V>> = (0..items).map(|_| None).collect();
    let mut unfinished = Vec::new();
    for part in parts {
        let shard = part.header.shard;
        let mut found = 0;
        for item in read(part)? {
            let Some(i) = item.index.filter(|&i| i < items && shard.owns(i)) else {
                return Err(not_this_shards(part, &item.name, kind));
            };
            if values[i].replace(item.value).is_none() {
                found += 1;
            }
        }
        let mine = (0..items).filter(|&i| shard.owns(i)).count();
        if found < mine {
            unfinished.push((shard.index, found, mine));
        }
    }
    Ok((values, unfinished))
}

/// The error for unfinished shards (a job's merger calls it before writing anything).
pub(crate) fn unfinished_error(common: &PartHeader, unfinished: &Unfinished) -> JobResult<()> {
    if unfinished.is_empty() {
        return Ok(());
    }
    let numbers: Vec<usize> = unfinished.iter().map(|s| s.0).collect();
    let detail: Vec<String> = unfinished
        .iter()
        .map(|(i, f, t)| format!("{i}: {f} of {t} items"))
        .collect();
    Err(JobError::input(format!(
        "{} {}: shard{} {} not finished ({}); run {} to the end (the same command resumes) and merge again",
        common.job,
        common.config,
        if numbers.len() == 1 { "" } else { "s" },
        ranges(&numbers),
        detail.join(", "),
        if numbers.len() == 1 { "it" } else { "them" }
    )))
}

/// `text` without the columns named in `timing`: in CSV text, the columns of the first line
/// that is not a `#` comment; in Markdown text, the cells under those headers in every table.
/// A line recording the producing command (`# produced by: …`, `Produced by `…``) is left out
/// too, and so is what follows `command: ` in a `#` comment or Markdown list line.
fn without_timing(text: &str, csv: bool, timing: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut drop: Vec<usize> = Vec::new();
    let mut in_table = false;
    let mut seen_header = false;
    for line in text.lines() {
        if line.starts_with("# produced by: ") || line.starts_with("Produced by `") {
            // The recorded command line: a merge names itself, not the single run's command.
            out.push("(producer)".to_string());
            continue;
        }
        if let Some((before, _)) = line
            .split_once("command: ")
            .filter(|_| line.starts_with('#') || line.starts_with("- "))
        {
            out.push(format!("{before}command: (producer)"));
            continue;
        }
        let cells: Vec<&str> = if csv {
            if line.starts_with('#') {
                out.push(line.to_string());
                continue;
            }
            line.split(',').collect()
        } else if line.starts_with('|') {
            line.trim_matches('|').split('|').map(str::trim).collect()
        } else {
            in_table = false;
            out.push(line.to_string());
            continue;
        };
        if (csv && !seen_header) || (!csv && !in_table) {
            drop = (0..cells.len())
                .filter(|&i| timing.contains(&cells[i]))
                .collect();
            seen_header = true;
            in_table = true;
        }
        let kept: Vec<&str> = (0..cells.len())
            .filter(|i| !drop.contains(i))
            .map(|i| cells[i])
            .collect();
        out.push(kept.join(if csv { "," } else { "|" }));
    }
    out
}

/// The first difference between the files `name` in folders `a` and `b`, leaving out the
/// columns named in `timing` and the recorded command (`None` when they agree).
pub(crate) fn compare_file(
    name: &str,
    a: &Path,
    b: &Path,
    timing: &[&str],
) -> JobResult<Option<String>> {
    let read = |dir: &Path| {
        let p = dir.join(name);
        std::fs::read_to_string(&p)
            .map_err(|e| JobError::input(format!("cannot read {}: {e}", p.display())))
    };
    let csv = name.ends_with(".csv");
    let (x, y) = (
        without_timing(&read(a)?, csv, timing),
        without_timing(&read(b)?, csv, timing),
    );
    Ok((0..x.len().max(y.len()))
        .find(|&i| x.get(i) != y.get(i))
        .map(|i| {
            format!(
                "{name} line {}: {:?} against {:?}",
                i + 1,
                x.get(i).map_or("(end of file)", |s| s.as_str()),
                y.get(i).map_or("(end of file)", |s| s.as_str())
            )
        }))
}

/// The differences between the result files of `job` in folders `a` and `b`, leaving out the
/// columns that measure the run: one line per file that differs (empty when they agree).
pub fn compare_outputs(job: &str, a: &Path, b: &Path) -> JobResult<Vec<String>> {
    let files = result_files(job)
        .ok_or_else(|| JobError::input(format!("job {job:?}: no result files known")))?;
    let mut diffs = Vec::new();
    for (name, timing) in files {
        diffs.extend(compare_file(name, a, b, timing)?);
    }
    if job == crate::darkhex::table_journal::PART_JOB {
        diffs.extend(crate::darkhex::table_merge::compare_boards(a, b)?);
    }
    if job == crate::selfplay_shard::DOLA_JOB || job == crate::selfplay_shard::HEXECS_JOB {
        diffs.extend(crate::selfplay_shard::compare_records(a, b)?);
    }
    Ok(diffs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_columns_are_left_out() {
        let csv = "# made by x\na,seconds,b\n1,2.5,3\n";
        assert_eq!(
            without_timing(csv, true, &["seconds"]),
            ["# made by x", "a,b", "1,3"]
        );
        let md = "text\n| a | seconds |\n|---|---:|\n| x | 1.0 |\n\n| c |\n|---|\n| y |\n";
        assert_eq!(
            without_timing(md, false, &["seconds"]),
            ["text", "a", "---", "x", "", "c", "---", "y"]
        );
        let commands =
            "# table; toolkit t; command: gsolve a\n- command: `gsolve b`\nsee command: c\n";
        assert_eq!(
            without_timing(commands, false, &[]),
            [
                "# table; toolkit t; command: (producer)",
                "- command: (producer)",
                "see command: c"
            ]
        );
    }
}
