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
    /// A run that finished with a result that is itself a failure (a suite with a mismatch, a
    /// table whose literature check fails, a strategy that is not a solution): with `--json`
    /// the result object is printed once, with the error's fields added, so stdout still holds
    /// exactly one JSON object.
    WithResult(Box<CliError>, serde_json::Value),
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
    /// This error together with the result the run produced (see [`CliError::WithResult`]).
    pub fn with_result(self, result: serde_json::Value) -> Self {
        CliError::WithResult(Box::new(self), result)
    }
    /// Print the error (as JSON with `--json`) and return the exit code.
    pub fn report(&self, global: &Global) -> i32 {
        let (kind, msg, code, result) = self.parts();
        if global.json {
            let mut v = match result {
                Some(serde_json::Value::Object(m)) => serde_json::Value::Object(m.clone()),
                Some(other) => serde_json::json!({ "result": other }),
                None => serde_json::json!({}),
            };
            v["error"] = serde_json::json!(bounded(msg, 1000));
            v["kind"] = serde_json::json!(kind);
            v["exit_code"] = serde_json::json!(code);
            println!("{v}");
        }
        eprintln!("error: {}", bounded(msg, 1000));
        code
    }
    fn parts(&self) -> (&'static str, &str, i32, Option<&serde_json::Value>) {
        match self {
            CliError::Input(m) => ("input", m, 2, None),
            CliError::Runtime(m) => ("runtime", m, 1, None),
            CliError::WithResult(e, v) => {
                let (kind, msg, code, _) = e.parts();
                (kind, msg, code, Some(v))
            }
        }
    }
}

impl Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.parts().1)
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

/// `text` cut to at most `max` bytes (at a character boundary) with a note of how much was
/// dropped: error messages quote inputs, and an input line may be megabytes long.
pub fn bounded(text: &str, max: usize) -> String {
    jobs::output::bounded(text, max)
}

/// Check a list of moves or cells given as `option` (items separated by commas, or by
/// blanks where the option allows): no empty item such as the middle one of `a1,,b2`, which a
/// splitter would silently drop.
pub fn check_move_list(option: &str, text: &str) -> CliResult {
    let items: Vec<&str> = text.split(',').collect();
    if items.len() > 1 {
        if let Some(i) = items.iter().position(|t| t.trim().is_empty()) {
            return Err(CliError::input(format!(
                "{option} {:?}: item {} is empty (expected moves separated by single commas)",
                bounded(text, 200),
                i + 1
            )));
        }
    }
    Ok(())
}

/// Result of a subcommand.
pub type CliResult = Result<(), CliError>;

/// Read the next line of text of an interactive session (GTP, UCI, a game against the
/// engine) from `input` into `raw` (cleared first), its newline included; `None` at the end
/// of the input. Bytes are read as they are, so that a line that is not UTF-8 is one bad line,
/// not the end of the session: `not_text` answers it (like any bad command) and the next line
/// is read.
pub fn read_session_line<'a>(
    input: &mut impl std::io::BufRead,
    raw: &'a mut Vec<u8>,
    mut not_text: impl FnMut() -> Result<(), CliError>,
) -> Result<Option<&'a str>, CliError> {
    loop {
        raw.clear();
        if input.read_until(b'\n', raw).map_err(CliError::runtime)? == 0 {
            return Ok(None);
        }
        if std::str::from_utf8(raw).is_ok() {
            break;
        }
        not_text()?;
    }
    Ok(Some(std::str::from_utf8(raw).expect("checked above")))
}

/// Print `value` as one JSON object on stdout.
pub fn print_json(value: &serde_json::Value) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{value}");
}

/// With `--json`, the end of a run whose result is `value`: printed when the run succeeded,
/// else handed back with `failure` so that the error report prints it once with the error's
/// fields (one JSON object either way).
pub fn print_result(value: serde_json::Value, failure: Option<CliError>) -> CliResult {
    match failure {
        Some(e) => Err(e.with_result(value)),
        None => {
            print_json(&value);
            Ok(())
        }
    }
}

/// A progress bar on stderr when it is a terminal and `--json` is off; hidden otherwise.
pub fn progress_bar(global: &Global, len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    if global.json || !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(bar_style(len));
    bar.set_prefix(what.to_string());
    bar
}

/// A bar `pos/len` when the total is known; when it is not (0), the count alone with
/// "(total unknown)", never a bar `N/0`.
pub fn bar_style(total: u64) -> ProgressStyle {
    let template = if total == 0 {
        "{spinner} {prefix} [{elapsed_precise}] {pos} done (total unknown) {msg}"
    } else {
        "{spinner} {prefix} [{elapsed_precise}] {bar:30} {pos}/{len} {msg}"
    };
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// A job's progress drawn as a bar on stderr (terminal only, never with `--json`); a job's
/// messages (one line per finished item) go to stdout unless `--json`. Off a terminal (a batch
/// script, a Slurm log) the bar is replaced by a plain line on stderr at most once a minute
/// (`GSOLVE_PROGRESS_SECS` sets the interval, 0 turns the lines off), so a long run's log
/// shows it is alive and how far it got.
pub struct BarProgress {
    global: Global,
    bar: std::sync::Mutex<Option<ProgressBar>>,
    /// Off a terminal: the interval of the log lines and when the last one was due.
    log: Option<(std::time::Duration, std::sync::Mutex<std::time::Instant>)>,
}

/// The interval of [`BarProgress`]'s log lines off a terminal: `GSOLVE_PROGRESS_SECS` (seconds,
/// may be fractional; 0 = none), 60 when it is unset or not a number.
fn log_interval() -> Option<std::time::Duration> {
    let secs = std::env::var("GSOLVE_PROGRESS_SECS")
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .unwrap_or(60.0);
    jobs::clock::duration(secs)
}

impl BarProgress {
    /// A sink that draws nothing until the job starts a phase.
    pub fn new(global: &Global) -> Self {
        let plain = !global.json && !std::io::stderr().is_terminal();
        BarProgress {
            global: global.clone(),
            bar: std::sync::Mutex::new(None),
            log: plain
                .then(log_interval)
                .flatten()
                .map(|d| (d, std::sync::Mutex::new(std::time::Instant::now()))),
        }
    }

    /// Off a terminal: the bar's state as one line on stderr, if the interval has passed.
    fn log_line(&self, bar: &ProgressBar) {
        let Some((every, last)) = &self.log else {
            return;
        };
        let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() < *every {
            return;
        }
        *last = std::time::Instant::now();
        let t = bar.elapsed().as_secs();
        let total = bar.length().filter(|&n| n > 0);
        eprintln!(
            "{} [{:02}:{:02}:{:02}] {} done{} {}",
            bar.prefix(),
            t / 3600,
            t / 60 % 60,
            t % 60,
            bar.position(),
            total.map_or_else(|| " (total unknown)".into(), |n| format!(" of {n}")),
            bar.message()
        );
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
        // An unknown total (0) is drawn as a count that says so, ticking to show it is alive.
        let bar = progress_bar(&self.global, total, what);
        if total == 0 {
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
        }
        *guard = Some(bar);
    }

    fn advance(&self, done: u64, note: &str) {
        self.with_bar(|bar| {
            bar.set_position(done);
            bar.set_message(note.to_string());
            self.log_line(bar);
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
    // args_os: an argument that is not UTF-8 must not panic here (clap rejects it later).
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let mut parts = vec!["gsolve".to_string()];
    parts.extend(args.into_iter().skip(1));
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::bar_style;
    use indicatif::{ProgressBar, ProgressDrawTarget, TermLike};
    use std::sync::{Arc, Mutex};

    /// A terminal that keeps what is drawn on it.
    #[derive(Debug, Default, Clone)]
    struct Screen(Arc<Mutex<String>>);

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            120
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.write_str(&format!("{s}\n"))
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> std::io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// What a bar of `total` steps shows at position 7.
    fn drawn(total: u64) -> String {
        let screen = Screen::default();
        let bar = ProgressBar::with_draw_target(
            Some(total),
            ProgressDrawTarget::term_like(Box::new(screen.clone())),
        );
        bar.set_style(bar_style(total));
        bar.set_prefix("job");
        bar.set_position(7);
        bar.set_message("note");
        bar.abandon();
        let text = screen.0.lock().unwrap().clone();
        text
    }

    #[test]
    fn a_bar_without_a_total_says_so_and_never_shows_n_of_0() {
        let unknown = drawn(0);
        assert!(unknown.contains("7 done (total unknown)"), "{unknown:?}");
        assert!(!unknown.contains("7/0"), "{unknown:?}");
        let known = drawn(10);
        assert!(known.contains("7/10"), "{known:?}");
        assert!(!known.contains("unknown"), "{known:?}");
    }
}
