//! The progress sink every job reports to; the CLI draws it as a bar, tests ignore it.

/// Where a job reports how far it has come. Every method has a do-nothing default.
pub trait Progress: Sync {
    /// A new phase of `total` steps (0 when the total is unknown) named `what`.
    fn start(&self, _what: &str, _total: u64) {}
    /// `done` of the current phase's steps are finished; `note` says what was done last.
    fn advance(&self, _done: u64, _note: &str) {}
    /// A line for the user (a finished item, a warning).
    fn message(&self, _line: &str) {}
    /// The current phase is over.
    fn finish(&self) {}
}

/// A sink that drops everything (tests, scripts, `--json`).
#[derive(Debug, Default, Clone, Copy)]
pub struct NoProgress;

impl Progress for NoProgress {}
