//! What every subcommand shares: the error type and exit codes, JSON/human output, progress
//! bars, and safe writing of result files.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fmt::Display;
use std::io::{IsTerminal, Write};
use std::path::Path;

/// Options that apply to every subcommand.
#[derive(Debug, Clone)]
pub struct Global {
    /// Print one JSON object on stdout.
    pub json: bool,
}

/// A failed subcommand.
#[derive(Debug)]
pub enum CliError {
    /// Bad input: malformed arguments, positions, moves, files. Exit code 2.
    Input(String),
    /// A run that failed for another reason (I/O, limits). Exit code 1.
    Runtime(String),
}

impl CliError {
    /// Bad input (exit 2).
    pub fn input(e: impl Display) -> Self {
        CliError::Input(e.to_string())
    }
    /// A failed run (exit 1).
    pub fn runtime(e: impl Display) -> Self {
        CliError::Runtime(e.to_string())
    }
    /// Print the error (as JSON with `--json`) and return the exit code.
    pub fn report(&self, global: &Global) -> i32 {
        let (kind, msg, code) = match self {
            CliError::Input(m) => ("input", m, 2),
            CliError::Runtime(m) => ("runtime", m, 1),
        };
        if global.json {
            let v = serde_json::json!({ "error": msg, "kind": kind, "exit_code": code });
            println!("{v}");
        }
        eprintln!("error: {msg}");
        code
    }
}

impl From<jobs::JobError> for CliError {
    fn from(e: jobs::JobError) -> Self {
        match e {
            jobs::JobError::Input(m) => CliError::Input(m),
            jobs::JobError::Runtime(m) => CliError::Runtime(m),
        }
    }
}

/// Result of a subcommand.
pub type CliResult = Result<(), CliError>;

/// Print `value` as one JSON object on stdout.
pub fn print_json(value: &serde_json::Value) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{value}");
}

/// A progress bar on stderr when it is a terminal and `--json` is off; hidden otherwise.
pub fn progress_bar(global: &Global, len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    if global.json || !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} {prefix} [{elapsed_precise}] {bar:30} {pos}/{len} {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_prefix(what.to_string());
    bar
}

/// A job's progress drawn as a bar on stderr (terminal only, never with `--json`); a job's
/// messages (one line per finished item) go to stdout unless `--json`.
pub struct BarProgress {
    global: Global,
    bar: std::sync::Mutex<Option<ProgressBar>>,
}

impl BarProgress {
    /// A sink that draws nothing until the job starts a phase.
    pub fn new(global: &Global) -> Self {
        BarProgress {
            global: global.clone(),
            bar: std::sync::Mutex::new(None),
        }
    }

    fn with_bar(&self, f: impl FnOnce(&ProgressBar)) {
        let guard = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(bar) = guard.as_ref() {
            f(bar);
        }
    }
}

impl jobs::Progress for BarProgress {
    fn start(&self, what: &str, total: u64) {
        let mut guard = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = guard.take() {
            old.finish_and_clear();
        }
        // An unknown total (0) is drawn as a spinner.
        *guard = Some(if total == 0 {
            spinner(&self.global, what)
        } else {
            progress_bar(&self.global, total, what)
        });
    }

    fn advance(&self, done: u64, note: &str) {
        self.with_bar(|bar| {
            bar.set_position(done);
            bar.set_message(note.to_string());
        });
    }

    fn message(&self, line: &str) {
        if self.global.json {
            return;
        }
        let guard = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        match guard.as_ref() {
            Some(bar) => bar.suspend(|| println!("{line}")),
            None => println!("{line}"),
        }
    }

    fn finish(&self) {
        let mut guard = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(bar) = guard.take() {
            bar.finish_and_clear();
        }
    }
}

/// A spinner with elapsed time on stderr (terminal only, never with `--json`), for jobs whose
/// length is unknown.
pub fn spinner(global: &Global, what: &str) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    if global.json || !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    } else {
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
    }
    bar.set_message(what.to_string());
    bar
}

/// Write `contents` to `path` atomically: a temporary file in the same directory renamed into
/// place, so a failed run never leaves a half-written result or destroys the previous one.
pub fn write_atomic(path: &Path, contents: &[u8]) -> CliResult {
    Ok(jobs::output::write_atomic(path, contents)?)
}

/// "gsolve X.Y.Z" — stamped into every file the toolkit writes.
pub fn toolkit_version() -> String {
    format!("gsolve {}", env!("CARGO_PKG_VERSION"))
}

/// The command line that produced a result, for file headers.
pub fn command_line() -> String {
    let args: Vec<String> = std::env::args().collect();
    let mut parts = vec!["gsolve".to_string()];
    parts.extend(args.into_iter().skip(1));
    parts.join(" ")
}
