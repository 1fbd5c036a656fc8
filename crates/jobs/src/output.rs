//! What the jobs share: the error type (bad input or a failed run), the toolkit version and
//! command stamped into result files, and atomic writes.

use std::fmt::Display;
use std::path::Path;

/// A job that did not complete.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobError {
    /// Bad input: a malformed config, position, move or file (the CLI's exit code 2). The text
    /// names the input and what was expected.
    Input(String),
    /// A run that failed for another reason: I/O, resource limits, an internal check (exit 1).
    Runtime(String),
}

impl JobError {
    /// Bad input.
    pub fn input(e: impl Display) -> Self {
        JobError::Input(e.to_string())
    }
    /// A failed run.
    pub fn runtime(e: impl Display) -> Self {
        JobError::Runtime(e.to_string())
    }
}

impl Display for JobError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JobError::Input(m) | JobError::Runtime(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for JobError {}

/// `text` cut to at most `max` bytes (at a character boundary) with a note of how much was
/// dropped: messages quote inputs, and a bad input line may be megabytes long.
pub fn bounded(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} more bytes)", &text[..end], text.len() - end)
}

/// The result of a job.
pub type JobResult<T> = Result<T, JobError>;

/// "gsolve X.Y.Z": the toolkit version stamped into every file a job writes (the workspace
/// shares one version, so this is the binary's version too).
pub fn toolkit_version() -> String {
    format!("gsolve {}", env!("CARGO_PKG_VERSION"))
}

/// The 1-minute load average (`/proc/loadavg`), or "unknown": timing tables state it because
/// the machines are shared.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string())
}

/// The current UTC time to the minute, `YYYY-MM-DDTHH:MMZ` (stamped into tables that say
/// when they were made).
pub fn utc_minute() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// The proleptic Gregorian date of `days` since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// The machine's memory in MiB (`MemTotal` of `/proc/meminfo`), if known.
pub fn machine_memory_mib() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Check a memory cap given as `option` (e.g. `--tt-mb`) of `mib` MiB: at least 1 and at most
/// the machine's memory (an allocation beyond it aborts the process instead of failing).
pub fn check_memory_mib(option: &str, mib: usize) -> JobResult<()> {
    let total = machine_memory_mib().unwrap_or(1 << 20);
    if mib == 0 || mib > total {
        return Err(JobError::input(format!(
            "{option} {mib}: expected 1 to {total} MiB (the memory of this machine)"
        )));
    }
    Ok(())
}

/// Logical CPUs of the machine.
pub fn logical_cpus() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Write `contents` to `path` atomically: a temporary file in the same directory (a name of
/// its own per process and call, so that two runs into one folder never clash), written,
/// synced to disk and renamed into place, so that a failed run never leaves a half-written
/// result or destroys the previous one; the temporary is removed when a step fails. A
/// read-only result file is never replaced (bad input: exit 2). Missing directories are
/// created.
pub fn write_atomic(path: &Path, contents: &[u8]) -> JobResult<()> {
    if let Some(dir) = path.parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir)
                .map_err(|e| JobError::runtime(format!("cannot create {}: {e}", dir.display())))?;
        }
    }
    refuse_read_only(path)?;
    let tmp = temporary_name(path);
    let written = (|| {
        use std::io::Write as _;
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(JobError::runtime(format!(
            "cannot write {}: {e}",
            tmp.display()
        )));
    }
    if let Err(e) = std::fs::rename(&tmp, path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(JobError::runtime(format!(
            "cannot rename into {}: {e}",
            path.display()
        )));
    }
    Ok(())
}

/// `NAME.PID-SEQ.tmp` beside `path`: unique per process and per call.
pub fn temporary_name(path: &Path) -> std::path::PathBuf {
    static SEQ: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let seq = SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}-{seq}.tmp", std::process::id()))
}

/// Remove the temporaries ([`temporary_name`]) that a killed run left in `dir` for files whose
/// name starts with `prefix`: those of a process that no longer runs (`/proc/PID` is gone;
/// elsewhere none is removed). A live run's temporaries are left alone.
pub fn remove_stale_temporaries(dir: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(rest) = name
            .strip_prefix('.')
            .filter(|r| r.starts_with(prefix))
            .and_then(|r| r.strip_suffix(".tmp"))
        else {
            continue;
        };
        let pid = rest
            .rsplit_once('.')
            .and_then(|(_, p)| p.split_once('-'))
            .and_then(|(pid, _)| pid.parse::<u32>().ok());
        if let Some(pid) = pid {
            let gone = Path::new("/proc").is_dir() && !Path::new(&format!("/proc/{pid}")).exists();
            if gone {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
}

/// An error if `path` is an existing file that is not writable (a result someone protected)
/// or is a directory.
pub fn refuse_read_only(path: &Path) -> JobResult<()> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(JobError::input(format!(
            "{} is a directory, not a result file",
            path.display()
        ))),
        Ok(m) if m.permissions().readonly() => Err(JobError::input(format!(
            "{} is read-only: not replaced (make it writable or choose another --out)",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// Check before any work that the folder `dir` can take result files: created if missing,
/// then a probe file written and removed (and the probes of killed runs removed first: a
/// run killed between writing its probe and removing it leaves one). A failure is bad input
/// naming `option`.
pub fn check_writable_dir(option: &str, dir: &Path) -> JobResult<()> {
    let fail = |e: &dyn Display| {
        JobError::input(format!(
            "{option} {}: cannot write results there: {e}",
            dir.display()
        ))
    };
    std::fs::create_dir_all(dir).map_err(|e| fail(&e))?;
    remove_stale_temporaries(dir, "probe.");
    let probe = temporary_name(&dir.join("probe"));
    std::fs::write(&probe, b"").map_err(|e| fail(&e))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Check before any work that the result file `file` can be written: its folder writable (see
/// [`check_writable_dir`]) and the file itself not read-only.
pub fn check_writable_file(option: &str, file: &Path) -> JobResult<()> {
    match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => check_writable_dir(option, dir)?,
        _ => check_writable_dir(option, Path::new("."))?,
    }
    refuse_read_only(file)
}

/// Put `section` (markdown starting with a `## heading` line) into the markdown file `path`
/// whose first lines are `preamble` (written when the file is new or empty): a section with
/// the same heading is replaced, otherwise `section` is appended. Written atomically.
pub fn put_markdown_section(path: &Path, preamble: &str, section: &str) -> JobResult<()> {
    let heading = section.lines().next().unwrap_or("").trim_end().to_string();
    let old = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => {
            return Err(JobError::runtime(format!(
                "cannot read {}: {e}",
                path.display()
            )))
        }
    };
    let mut doc = if old.trim().is_empty() {
        preamble.to_string()
    } else {
        String::new()
    };
    let mut replaced = false;
    let mut skipping = false;
    for line in old.lines() {
        if line.starts_with("## ") {
            skipping = line.trim_end() == heading;
            if skipping && !replaced {
                doc.push_str(section);
                doc.push('\n');
                replaced = true;
            }
        }
        if !skipping {
            doc.push_str(line);
            doc.push('\n');
        }
    }
    if !replaced {
        if !doc.ends_with("\n\n") {
            doc.push('\n');
        }
        doc.push_str(section);
    }
    write_atomic(path, doc.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_of_known_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn temporaries_are_unique_and_never_left_behind() {
        let dir = std::env::temp_dir().join(format!("jobs-tmp-{}", std::process::id()));
        let path = dir.join("result.md");
        assert_ne!(temporary_name(&path), temporary_name(&path));
        write_atomic(&path, b"one").unwrap();
        // Replacing a folder fails, and the temporary goes with the failure.
        let folder = dir.join("folder.md");
        std::fs::create_dir_all(&folder).unwrap();
        assert!(write_atomic(&folder, b"two").is_err());
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A run killed between writing its writability probe and removing it leaves the probe;
    /// the next check removes it (its process is gone), and leaves a live run's alone.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_killed_runs_probe_is_removed_by_the_next_check() {
        let dir = std::env::temp_dir().join(format!("jobs-probe-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // PIDs above the kernel's maximum (2^22) never run.
        let dead = dir.join(".probe.99999999-0.tmp");
        let live = dir.join(format!(".probe.{}-77.tmp", std::process::id()));
        std::fs::write(&dead, b"").unwrap();
        std::fs::write(&live, b"").unwrap();
        check_writable_dir("--out", &dir).unwrap();
        assert!(!dead.exists());
        assert!(live.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn long_messages_are_bounded_at_a_character_boundary() {
        let text = "é".repeat(1000);
        let short = bounded(&text, 101);
        assert!(short.len() < 140 && short.contains("more bytes"), "{short}");
        assert_eq!(bounded("short", 10), "short");
    }

    #[test]
    fn a_section_is_replaced_by_heading_and_others_are_kept() {
        let dir = std::env::temp_dir().join(format!("jobs-output-{}", std::process::id()));
        let path = dir.join("doc.md");
        let _ = std::fs::remove_file(&path);
        put_markdown_section(&path, "# Title\n\n", "## a\n\none\n").unwrap();
        put_markdown_section(&path, "# Title\n\n", "## b\n\ntwo\n").unwrap();
        put_markdown_section(&path, "# Title\n\n", "## a\n\nthree\n").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, "# Title\n\n## a\n\nthree\n\n## b\n\ntwo\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
