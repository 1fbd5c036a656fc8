//! Shards and part files: how a long job is split into disjoint, deterministic pieces that
//! separate processes (a Slurm job array's tasks) run, and how each piece says what it is.
//!
//! # Shards
//! A shard `I/N` (0 ≤ I < N) owns the work items whose index in the job's fixed item order is
//! I modulo N. The item order depends only on the job's config, never on timing or threads, so
//! the N shards are disjoint, together cover the job, and any shard can run (or run again)
//! anywhere. The whole job is shard `0/1`.
//!
//! # Part files
//! A shard writes its results to a part file that opens with a header of `# ` lines:
//!
//! ```text
//! # gsolve-part 1
//! # job: rex-map
//! # config: board=5x5 openings=all
//! # shard: 3/25
//! # toolkit: gsolve 0.1.0
//! ```
//!
//! `gsolve-part 1` is the format and its version; `job` names the job kind; `config` is every
//! setting that decides the results (two parts merge only when their configs are equal);
//! `shard` is the shard; `toolkit` the version that wrote it. Further `#` lines describe the
//! columns. The body is the job's own lines (CSV for every job so far). Part files are written
//! through temporary files renamed into place, or appended a whole line at a time and
//! flushed; a torn last line (a kill while appending) is ignored by readers and dropped when
//! the shard resumes. [`crate::merge`] checks and merges a job's parts.

use crate::output::{JobError, JobResult};
use std::fmt;
use std::io::Write as _;
use std::path::Path;

/// The format line of a part file (its first line, after `# `).
pub const PART_FORMAT: &str = "gsolve-part 1";

/// One shard of a job: the items whose index is `index` modulo `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shard {
    /// This shard's number, `0 <= index < count`.
    pub index: usize,
    /// How many shards the job is split into.
    pub count: usize,
}

impl Shard {
    /// The whole job as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// A shard, checked: `what` names the input in the error (e.g. `--shard`).
    pub fn new(index: usize, count: usize, what: &str) -> JobResult<Shard> {
        if count == 0 || index >= count {
            return Err(JobError::input(format!(
                "{what} {index}/{count}: expected I/N with 0 <= I < N"
            )));
        }
        Ok(Shard { index, count })
    }

    /// Parse `I/N`; `what` names the input in the error.
    pub fn parse(text: &str, what: &str) -> JobResult<Shard> {
        let bad = || JobError::input(format!("{what} {text:?}: expected I/N with 0 <= I < N"));
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let i: usize = i.trim().parse().map_err(|_| bad())?;
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        if n == 0 || i >= n {
            return Err(bad());
        }
        Ok(Shard { index: i, count: n })
    }

    /// Whether the item with this index (in the job's item order) belongs to this shard.
    pub fn owns(&self, item: usize) -> bool {
        item % self.count == self.index
    }

    /// `""` for the whole job, else `-IofN`: the suffix of this shard's file names.
    pub fn file_suffix(&self) -> String {
        if self.count == 1 {
            String::new()
        } else {
            format!("-{}of{}", self.index, self.count)
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The header of a part file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartHeader {
    /// The job kind, e.g. `rex-map`.
    pub job: String,
    /// Every setting that decides the results, as `key=value` words.
    pub config: String,
    /// The shard.
    pub shard: Shard,
    /// The toolkit version that wrote the file, e.g. `gsolve 0.1.0`.
    pub toolkit: String,
}

impl PartHeader {
    /// A header for this toolkit's version.
    pub fn new(job: &str, config: &str, shard: Shard) -> PartHeader {
        PartHeader {
            job: job.to_string(),
            config: config.to_string(),
            shard,
            toolkit: crate::output::toolkit_version(),
        }
    }

    /// The header's lines (each ending in a newline).
    pub fn text(&self) -> String {
        format!(
            "# {PART_FORMAT}\n# job: {}\n# config: {}\n# shard: {}\n# toolkit: {}\n",
            self.job, self.config, self.shard, self.toolkit
        )
    }

    /// Read the header at the start of `text`: `None` when the text does not start with the
    /// format line (not a part file), an error naming the bad line otherwise.
    pub fn parse(text: &str) -> Option<Result<PartHeader, String>> {
        let mut lines = text.lines();
        let first = lines.next()?;
        if first.trim_end() != format!("# {PART_FORMAT}") {
            if first.starts_with("# gsolve-part ") {
                return Some(Err(format!(
                    "{first:?}: a part format this gsolve does not read (expected {PART_FORMAT:?})"
                )));
            }
            return None;
        }
        let mut field = |key: &str| -> Result<String, String> {
            let line = lines.next().unwrap_or("");
            line.strip_prefix(&format!("# {key}: "))
                .map(|v| v.trim_end().to_string())
                .ok_or_else(|| format!("expected a `# {key}: …` line, found {line:?}"))
        };
        let parsed = (|| {
            let job = field("job")?;
            let config = field("config")?;
            let shard_text = field("shard")?;
            let shard = Shard::parse(&shard_text, "shard").map_err(|e| e.to_string())?;
            let toolkit = field("toolkit")?;
            Ok(PartHeader {
                job,
                config,
                shard,
                toolkit,
            })
        })();
        Some(parsed)
    }
}

/// A part file read whole: its header and the whole lines after the header's comment lines
/// (a torn last line, without its newline, is left out).
#[derive(Debug, Clone)]
pub struct Part {
    /// Where it was read from.
    pub path: std::path::PathBuf,
    /// Its header.
    pub header: PartHeader,
    /// Every whole line after the header, comments included, in order.
    pub body: Vec<String>,
}

/// Read `path` as a part file: `Ok(None)` when it is not one (no format line), an error
/// naming the file when it cannot be read or its header is malformed.
pub fn read_part(path: &Path) -> JobResult<Option<Part>> {
    let bytes = std::fs::read(path)
        .map_err(|e| JobError::input(format!("cannot read {}: {e}", path.display())))?;
    let Ok(text) = String::from_utf8(bytes) else {
        return Ok(None);
    };
    let header = match PartHeader::parse(&text) {
        None => return Ok(None),
        Some(Err(why)) => {
            return Err(JobError::input(format!(
                "{}: malformed part header: {why}",
                path.display()
            )))
        }
        Some(Ok(h)) => h,
    };
    let whole = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let body = whole.lines().skip(5).map(str::to_string).collect();
    Ok(Some(Part {
        path: path.to_path_buf(),
        header,
        body,
    }))
}

/// The part file `path` of the shard run `want` (job, config, shard), if there is one: an
/// error naming the file when it is not a part file or is a part of another run (the same
/// `--out` used for two runs).
pub fn read_own_part(path: &Path, want: &PartHeader) -> JobResult<Option<Part>> {
    if !path.exists() {
        return Ok(None);
    }
    let part = read_part(path)?
        .ok_or_else(|| JobError::input(format!("{}: not a part file", path.display())))?;
    let h = &part.header;
    if h.job != want.job || h.config != want.config || h.shard != want.shard {
        return Err(JobError::input(format!(
            "{}: a part of {} {} shard {}, not of this run ({} {} shard {}): use another --out",
            path.display(),
            h.job,
            h.config,
            h.shard,
            want.job,
            want.config,
            want.shard
        )));
    }
    Ok(Some(part))
}

/// Append one whole line to the part file `file`, flushed and synced (a kill tears at most
/// this line, which readers drop).
pub fn append_line(file: &Path, line: &str) -> JobResult<()> {
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(file)
        .and_then(|mut f| f.write_all(format!("{line}\n").as_bytes()).map(|_| f))
        .map_err(|e| JobError::runtime(format!("cannot append to {}: {e}", file.display())))?;
    f.flush()
        .and_then(|_| f.sync_data())
        .map_err(|e| JobError::runtime(format!("{}: {e}", file.display())))
}

/// Numbers as short ranges: `[1, 2, 3, 7]` → `"1-3, 7"`.
pub fn ranges(numbers: &[usize]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
            j += 1;
        }
        out.push(if j == i {
            numbers[i].to_string()
        } else {
            format!("{}-{}", numbers[i], numbers[j])
        });
        i = j + 1;
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_partition() {
        assert_eq!(
            Shard::parse("3/25", "--shard").unwrap(),
            Shard::new(3, 25, "x").unwrap()
        );
        for bad in ["3", "25/25", "1/0", "-1/3", "a/b", ""] {
            let e = Shard::parse(bad, "--shard").unwrap_err().to_string();
            assert!(e.contains("--shard") && e.contains("I/N"), "{bad}: {e}");
        }
        let shards: Vec<Shard> = (0..4).map(|i| Shard::new(i, 4, "s").unwrap()).collect();
        for item in 0..50 {
            assert_eq!(shards.iter().filter(|s| s.owns(item)).count(), 1);
        }
        assert_eq!(Shard::WHOLE.file_suffix(), "");
        assert_eq!(shards[2].file_suffix(), "-2of4");
    }

    #[test]
    fn headers_round_trip_and_reject_damage() {
        let h = PartHeader::new(
            "rex-map",
            "board=5x5 openings=all",
            Shard {
                index: 3,
                count: 25,
            },
        );
        let text = format!("{}# more\nrow\n", h.text());
        assert_eq!(PartHeader::parse(&text).unwrap().unwrap(), h);
        assert!(PartHeader::parse("opening,reply\n").is_none());
        assert!(PartHeader::parse("# gsolve-part 9\n").unwrap().is_err());
        let broken = h.text().replace("# shard: 3/25", "# shard: 30/25");
        assert!(PartHeader::parse(&broken).unwrap().is_err());
        assert_eq!(ranges(&[1, 2, 3, 7, 9, 10]), "1-3, 7, 9-10");
    }
}
