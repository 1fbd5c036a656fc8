//! The journal of a `darkhex table` run in progress: `OUT/resume/darkhex-table.csv`, its
//! parameters (whatever decides the values: algorithm, time, gap, boards, iterations) and one
//! line per finished board with everything the table prints of it, floats written so that they
//! read back to the same bits. Written atomically after every board; removed when the table is
//! written. A run that finds it continues that table (and refuses one with other parameters).

use super::cfr::CfrReport;
use super::table::TableConfig;
use super::{write_atomic, JobError, JobResult};
use darkhex::response::ExactBracket;
use darkhex::strategy::Representation;
use darkhex::{Rules, Variant};
use std::path::{Path, PathBuf};

/// The first line: what the file is and its format version.
const MAGIC_LINE: &str = "# gsolve darkhex table journal; format 1";
const COLUMNS: &str = "rows,cols,variant,lower,upper,gap,response_nodes,representation,infosets,nodes,iterations,seconds";

/// One finished board.
#[derive(Debug, Clone)]
struct Finished {
    rules: Rules,
    bracket: ExactBracket,
    representation: Representation,
    infosets: usize,
    nodes: usize,
    iterations: u64,
    seconds: f64,
}

/// The journal of the table in progress.
pub struct Journal {
    path: PathBuf,
    parameters: String,
    algorithm: ::cfr::Algorithm,
    done: Vec<Finished>,
    /// The journal was there when the run began.
    pub resumed: bool,
}

impl Journal {
    /// The journal in `config.out`, read if there (bad input if it is not a journal or was
    /// written with other parameters), empty otherwise.
    pub fn open(config: &TableConfig) -> JobResult<Journal> {
        let path = config.out.join("resume").join("darkhex-table.csv");
        let parameters = format!(
            "# parameters: algorithm={}; time={}; gap={}; large_time={}; max_cells={}; iterations={}",
            config.algorithm.describe(),
            config.time,
            config.gap,
            config.large_time,
            config.max_cells,
            config
                .iterations
                .map_or("none".to_string(), |n| n.to_string())
        );
        let mut journal = Journal {
            path,
            parameters,
            algorithm: config.algorithm,
            done: Vec::new(),
            resumed: false,
        };
        if journal.path.exists() {
            let text = std::fs::read_to_string(&journal.path).map_err(|e| {
                JobError::input(format!("cannot read {}: {e}", journal.path.display()))
            })?;
            journal.read(&text)?;
            journal.resumed = true;
        }
        Ok(journal)
    }

    /// Whether some board is finished.
    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }

    fn read(&mut self, text: &str) -> JobResult<()> {
        let bad = |what: String| {
            JobError::input(format!(
                "{}: {what} (the journal of a table in progress; remove it to start the table afresh)",
                self.path.display()
            ))
        };
        let mut lines = text.lines();
        if lines.next() != Some(MAGIC_LINE) {
            return Err(bad(format!("not a table journal: expected `{MAGIC_LINE}`")));
        }
        match lines.next() {
            Some(p) if p == self.parameters => {}
            Some(p) => {
                return Err(bad(format!(
                    "written by a table run with other options (`{p}`); this run asks for `{}`: rerun with those options or choose another --out",
                    self.parameters
                )))
            }
            None => return Err(bad("no parameters line".into())),
        }
        if lines.next() != Some(COLUMNS) {
            return Err(bad(format!("expected the columns `{COLUMNS}`")));
        }
        for (i, line) in lines.enumerate() {
            let row = parse_row(line).ok_or_else(|| {
                bad(format!(
                    "line {}: not a finished board: {:.200}",
                    i + 4,
                    line
                ))
            })?;
            self.done.push(row);
        }
        Ok(())
    }

    /// The report of `rules` if an earlier run finished it (`dir`: its folder).
    pub fn finished(&self, rules: &Rules, dir: &Path) -> Option<CfrReport> {
        let f = self.done.iter().find(|f| f.rules == *rules)?;
        Some(CfrReport {
            rules: f.rules,
            representation: f.representation,
            algorithm: self.algorithm,
            iterations: f.iterations,
            seconds: f.seconds,
            bracket: Some(f.bracket),
            nodes: f.nodes,
            infosets: f.infosets,
            build_seconds: 0.0,
            rows: Vec::new(),
            out: Some(dir.to_path_buf()),
        })
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
        let mut text = format!("{MAGIC_LINE}\n{}\n{COLUMNS}\n", self.parameters);
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

    /// The table is written: the journal (and its folder, if empty) is no longer needed.
    pub fn remove(&self) {
        let _ = std::fs::remove_file(&self.path);
        if let Some(dir) = self.path.parent() {
            // A run killed while saving the journal left its temporary here.
            crate::output::remove_stale_temporaries(dir, "darkhex-table.csv");
            let _ = std::fs::remove_dir(dir);
        }
    }
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
