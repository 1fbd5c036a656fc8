//! The journal of a `darkhex table` run in progress: `OUT/resume/darkhex-table.csv`, its
//! parameters (whatever decides the values: algorithm, time, gap, boards, iterations) and one
//! line per finished board with everything the table prints of it, floats written so that they
//! read back to the same bits. Written atomically after every board; removed when the table is
//! written. A run that finds it continues that table (and refuses one with other parameters).
//!
//! A shard of the table (`--shard I/N`, [`crate::shard`]) keeps the same lines in its part
//! file `OUT/values-IofN.csv` instead: a part header (job `darkhex-table`, the config
//! [`part_config`], the shard), then the columns and the finished boards. It stays when the
//! shard is done: `gsolve merge` reads it ([`super::table_merge`]).

use super::cfr::CfrReport;
use super::table::TableConfig;
use super::{write_atomic, JobError, JobResult};
use crate::shard::{read_own_part, Part, PartHeader};
use darkhex::response::ExactBracket;
use darkhex::strategy::Representation;
use darkhex::{Rules, Variant};
use std::path::{Path, PathBuf};

/// The first line: what the file is and its format version.
const MAGIC_LINE: &str = "# gsolve darkhex table journal; format 1";
const COLUMNS: &str = "rows,cols,variant,lower,upper,gap,response_nodes,representation,infosets,nodes,iterations,seconds";
/// The job name of a shard's part file.
pub const PART_JOB: &str = "darkhex-table";
/// The comment line after a part file's header.
const PART_NOTE: &str = "# gsolve darkhex table shard: one line per finished board (floats read back to the same bits); seconds measures the run";

/// The config line of a shard's part file: every setting that decides the values. Shards need
/// a fixed number of `iterations` per board (the large boards are in the table or not; their
/// wall-clock budget is then unused).
pub fn part_config(
    algorithm: &::cfr::Algorithm,
    max_cells: usize,
    large: bool,
    iterations: u64,
) -> String {
    format!(
        "algorithm={} max_cells={max_cells} large_boards={} iterations={iterations}",
        algorithm.describe(),
        if large { "yes" } else { "no" }
    )
}

/// One finished board.
#[derive(Debug, Clone)]
pub(crate) struct Finished {
    pub(crate) rules: Rules,
    bracket: ExactBracket,
    representation: Representation,
    infosets: usize,
    nodes: usize,
    iterations: u64,
    seconds: f64,
}

/// The journal of the table in progress (a shard's part file for a shard).
pub struct Journal {
    path: PathBuf,
    /// The lines before the columns: the magic and parameters line, or the part header.
    head: String,
    /// The part header, for a shard.
    part: Option<PartHeader>,
    algorithm: ::cfr::Algorithm,
    done: Vec<Finished>,
    /// The journal was there when the run began.
    pub resumed: bool,
}

impl Journal {
    /// The journal in `config.out` (a shard's part file), read if there (bad input if it is
    /// not a journal or was written with other parameters), empty otherwise.
    pub fn open(config: &TableConfig) -> JobResult<Journal> {
        let mut journal = Journal {
            path: config.out.join("resume").join("darkhex-table.csv"),
            head: format!("{MAGIC_LINE}\n{}\n", parameters(config)),
            part: None,
            algorithm: config.algorithm,
            done: Vec::new(),
            resumed: false,
        };
        if let (true, Some(n)) = (config.shard.count > 1, config.iterations) {
            let large = config.large_time > 0.0;
            let c = part_config(&config.algorithm, config.max_cells, large, n);
            let header = PartHeader::new(PART_JOB, &c, config.shard);
            journal.path = config
                .out
                .join(format!("values{}.csv", config.shard.file_suffix()));
            journal.head = format!("{}{PART_NOTE}\n", header.text());
            if let Some(part) = read_own_part(&journal.path, &header)? {
                journal.done = part_rows(&part)?;
                journal.resumed = true;
            }
            journal.part = Some(header);
        } else if journal.path.exists() {
            let text = std::fs::read_to_string(&journal.path).map_err(|e| {
                JobError::input(format!("cannot read {}: {e}", journal.path.display()))
            })?;
            journal.read(&text, &parameters(config))?;
            journal.resumed = true;
        }
        Ok(journal)
    }

    /// The file: the journal, or the shard's part file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether some board is finished.
    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }

    fn read(&mut self, text: &str, parameters: &str) -> JobResult<()> {
        let why = "the journal of a table in progress; remove it to start the table afresh";
        let bad =
            |what: String| JobError::input(format!("{}: {what} ({why})", self.path.display()));
        let mut lines = text.lines();
        if lines.next() != Some(MAGIC_LINE) {
            return Err(bad(format!("not a table journal: expected `{MAGIC_LINE}`")));
        }
        match lines.next() {
            Some(p) if p == parameters => {}
            Some(p) => {
                return Err(bad(format!(
                    "written by a table run with other options (`{p}`); this run asks for `{parameters}`: rerun with those options or choose another --out"
                )))
            }
            None => return Err(bad("no parameters line".into())),
        }
        self.done = read_rows(lines.enumerate().map(|(i, l)| (i + 3, l)), &self.path, why)?;
        Ok(())
    }

    /// The report of `rules` if an earlier run finished it (`dir`: its folder).
    pub fn finished(&self, rules: &Rules, dir: &Path) -> Option<CfrReport> {
        let f = self.done.iter().find(|f| f.rules == *rules)?;
        Some(f.report(self.algorithm, dir))
    }

    /// Record a finished board and save the journal.
    pub fn push(&mut self, r: &CfrReport) -> JobResult<()> {
        self.done.push(Finished {
            rules: r.rules,
            bracket: r.bracket.expect("the CFR job measures at the end"),
            representation: r.representation,
            infosets: r.infosets,
            nodes: r.nodes,
            iterations: r.iterations,
            seconds: r.seconds,
        });
        self.save()
    }

    /// Write the journal (atomically).
    pub fn save(&self) -> JobResult<()> {
        let mut text = format!("{}{COLUMNS}\n", self.head);
        for f in &self.done {
            let b = f.bracket;
            // `{}` of an f64 is the shortest text that reads back to the same value.
            text.push_str(&format!(
                "{},{},{},{},{},{},{},{},{},{},{},{}\n",
                f.rules.rows,
                f.rules.cols,
                f.rules.variant.name(),
                b.lower,
                b.upper,
                b.gap,
                b.nodes,
                f.representation.name(),
                f.infosets,
                f.nodes,
                f.iterations,
                f.seconds
            ));
        }
        write_atomic(&self.path, text.as_bytes())
    }

    /// The table is written: the journal (and its folder, if empty) is no longer needed. A
    /// shard's part file stays (the merge reads it).
    pub fn remove(&self) {
        if self.part.is_some() {
            return;
        }
        let _ = std::fs::remove_file(&self.path);
        if let Some(dir) = self.path.parent() {
            // A run killed while saving the journal left its temporary here.
            crate::output::remove_stale_temporaries(dir, "darkhex-table.csv");
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// The parameters line of the journal of a table run with `config`.
fn parameters(config: &TableConfig) -> String {
    format!(
        "# parameters: algorithm={}; time={}; gap={}; large_time={}; max_cells={}; iterations={}",
        config.algorithm.describe(),
        config.time,
        config.gap,
        config.large_time,
        config.max_cells,
        config
            .iterations
            .map_or("none".to_string(), |n| n.to_string())
    )
}

impl Finished {
    /// The board's report as the table prints it (`dir`: its folder).
    pub(crate) fn report(&self, algorithm: ::cfr::Algorithm, dir: &Path) -> CfrReport {
        CfrReport {
            rules: self.rules,
            representation: self.representation,
            algorithm,
            iterations: self.iterations,
            seconds: self.seconds,
            bracket: Some(self.bracket),
            nodes: self.nodes,
            infosets: self.infosets,
            build_seconds: 0.0,
            rows: Vec::new(),
            out: Some(dir.to_path_buf()),
        }
    }
}

/// The columns line and the finished boards after it, as (line number, line); `why` says in
/// an error what the file is.
fn read_rows<'a>(
    mut lines: impl Iterator<Item = (usize, &'a str)>,
    path: &Path,
    why: &str,
) -> JobResult<Vec<Finished>> {
    let bad = |what: String| JobError::input(format!("{}: {what} ({why})", path.display()));
    if lines.next().map(|l| l.1) != Some(COLUMNS) {
        return Err(bad(format!("expected the columns `{COLUMNS}`")));
    }
    lines
        .map(|(n, line)| {
            parse_row(line)
                .ok_or_else(|| bad(format!("line {n}: not a finished board: {:.200}", line)))
        })
        .collect()
}

/// The finished boards of a shard's part file.
pub(crate) fn part_rows(part: &Part) -> JobResult<Vec<Finished>> {
    // The body starts after the five header lines; its comment lines are skipped.
    let lines = part
        .body
        .iter()
        .enumerate()
        .map(|(i, l)| (i + 6, l.as_str()))
        .filter(|(_, l)| !l.starts_with('#'));
    let why = "a shard's part file; remove it to run the shard afresh";
    read_rows(lines, &part.path, why)
}

fn parse_row(line: &str) -> Option<Finished> {
    let f: Vec<&str> = line.split(',').collect();
    if f.len() != 12 {
        return None;
    }
    let rows: usize = f[0].parse().ok()?;
    let cols: usize = f[1].parse().ok()?;
    let variant: Variant = f[2].parse().ok()?;
    let float = |s: &str| s.parse::<f64>().ok().filter(|x| x.is_finite());
    let representation = match f[7] {
        "history" => Representation::History,
        "view" => Representation::View,
        _ => return None,
    };
    Some(Finished {
        rules: Rules {
            rows,
            cols,
            variant,
            announce_touch: false,
        },
        bracket: ExactBracket {
            lower: float(f[3])?,
            upper: float(f[4])?,
            gap: float(f[5])?,
            nodes: f[6].parse().ok()?,
        },
        representation,
        infosets: f[8].parse().ok()?,
        nodes: f[9].parse().ok()?,
        iterations: f[10].parse().ok()?,
        seconds: float(f[11])?,
    })
}
