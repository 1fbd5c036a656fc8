//! Bounded-depth search of one position (`gsolve dola search`, `gsolve hexecs search`): the
//! validated engine settings shared by search, self-play and the benches, and the search run.

use crate::output::{JobError, JobResult};
use game::{Evaluate, MoveHints};
use search::{ChancePruning, Engine, Iteration, Limits, SearchError, SearchOptions, SearchResult};
use std::time::Duration;

/// Largest thread count.
pub const MAX_THREADS: usize = 256;
/// Largest table (MiB, 64 GiB).
pub const MAX_TT_MB: usize = 1 << 16;
/// Longest time limit in seconds (one week), to keep `Duration` arithmetic far from overflow.
pub const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// Search limits and engine settings as the user gives them (the CLI's flags of the same
/// names); [`SearchSettings::resolve`] checks them.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchSettings {
    /// `--depth`: decision plies (1..=64).
    pub depth: Option<u32>,
    /// `--time`: seconds (no new iteration starts after half of it).
    pub time: Option<f64>,
    /// `--nodes`: a node budget.
    pub nodes: Option<u64>,
    /// `--threads` (1 gives reproducible node counts).
    pub threads: usize,
    /// `--tt-mb`: table size in MiB.
    pub tt_mb: usize,
    /// `--no-tt`: no table.
    pub no_tt: bool,
    /// `--chance`: pruning at chance nodes.
    pub chance: ChancePruning,
    /// `--no-lmr`: no late move reductions (exact fixed-depth values).
    pub no_lmr: bool,
    /// `--no-chance-first`: order a roll like any quiet move.
    pub no_chance_first: bool,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            depth: None,
            time: None,
            nodes: None,
            threads: 1,
            tt_mb: 64,
            no_tt: false,
            chance: ChancePruning::Star2,
            no_lmr: false,
            no_chance_first: false,
        }
    }
}

impl SearchSettings {
    /// Check the settings and turn them into the engine's limits and options. Every error is
    /// [`JobError::Input`] naming the flag.
    pub fn resolve(&self) -> JobResult<(Limits, SearchOptions)> {
        if self.depth.is_none() && self.time.is_none() && self.nodes.is_none() {
            return Err(JobError::input(
                "no search limit: give --depth D, --time SECONDS or --nodes N",
            ));
        }
        if let Some(d) = self.depth {
            if d == 0 || d > search::MAX_DEPTH {
                return Err(JobError::input(format!(
                    "--depth {d}: expected a depth from 1 to {}",
                    search::MAX_DEPTH
                )));
            }
        }
        let time = match self.time {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 && t <= MAX_SECONDS => {
                Some(Duration::from_secs_f64(t))
            }
            Some(t) => {
                return Err(JobError::input(format!(
                "--time {t}: expected a number of seconds greater than 0 and at most {MAX_SECONDS}"
            )))
            }
        };
        if self.nodes == Some(0) {
            return Err(JobError::input("--nodes 0: expected at least 1 node"));
        }
        if self.threads == 0 || self.threads > MAX_THREADS {
            return Err(JobError::input(format!(
                "--threads {}: expected 1 to {MAX_THREADS}",
                self.threads
            )));
        }
        if self.tt_mb > MAX_TT_MB {
            return Err(JobError::input(format!(
                "--tt-mb {}: expected at most {MAX_TT_MB} MiB",
                self.tt_mb
            )));
        }
        if !self.no_tt && self.tt_mb > 0 {
            crate::output::check_memory_mib("--tt-mb", self.tt_mb)?;
        }
        let limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            time,
            hard_time: false,
        };
        let opts = SearchOptions {
            tt_mib: if self.no_tt { 0 } else { self.tt_mb },
            threads: self.threads,
            chance_pruning: self.chance,
            lmr: !self.no_lmr,
            chance_moves_first: !self.no_chance_first,
            ..SearchOptions::default()
        };
        Ok((limits, opts))
    }
}

/// A search error as a job error: a thread pool that cannot start is a failed run, everything
/// else (a position that cannot be searched) bad input.
pub fn search_error(e: SearchError) -> JobError {
    match e {
        SearchError::ThreadPool(_) => JobError::runtime(e),
        _ => JobError::input(e),
    }
}

/// Search `root` within `settings`, calling `on_iteration` after each completed iteration;
/// returns the result and the options it ran with.
pub fn search_position<G: Evaluate, H: MoveHints<G>>(
    root: &G,
    hints: &H,
    settings: &SearchSettings,
    on_iteration: impl FnMut(&Iteration<G::Move>),
) -> JobResult<(SearchResult<G::Move>, SearchOptions)> {
    search_position_until(root, hints, settings, None, on_iteration)
}

/// [`search_position`] that also stops when `stop` is raised from another thread (a UCI
/// `stop`): the result is then the last completed iteration's.
pub fn search_position_until<G: Evaluate, H: MoveHints<G>>(
    root: &G,
    hints: &H,
    settings: &SearchSettings,
    stop: Option<&std::sync::atomic::AtomicBool>,
    on_iteration: impl FnMut(&Iteration<G::Move>),
) -> JobResult<(SearchResult<G::Move>, SearchOptions)> {
    let (limits, opts) = settings.resolve()?;
    let mut engine = Engine::new(opts.clone()).map_err(search_error)?;
    let r = engine
        .search_until(root, &limits, hints, stop, on_iteration)
        .map_err(search_error)?;
    Ok((r, opts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(depth: Option<u32>, time: Option<f64>, nodes: Option<u64>) -> SearchSettings {
        SearchSettings {
            depth,
            time,
            nodes,
            ..SearchSettings::default()
        }
    }

    fn is_input(r: JobResult<(Limits, SearchOptions)>) -> bool {
        matches!(r, Err(JobError::Input(_)))
    }

    #[test]
    fn impossible_limits_are_input_errors() {
        assert!(is_input(limits(Some(0), None, None).resolve()));
        assert!(is_input(limits(Some(65), None, None).resolve()));
        assert!(is_input(limits(None, Some(-1.0), None).resolve()));
        assert!(is_input(limits(None, Some(0.0), None).resolve()));
        assert!(is_input(limits(None, Some(f64::NAN), None).resolve()));
        assert!(is_input(limits(None, Some(f64::INFINITY), None).resolve()));
        assert!(is_input(limits(None, None, Some(0)).resolve()));
        assert!(is_input(limits(None, None, None).resolve()));
        assert!(is_input(
            SearchSettings {
                threads: 0,
                ..limits(Some(3), None, None)
            }
            .resolve()
        ));
        let (l, o) = SearchSettings {
            no_tt: true,
            threads: 2,
            ..limits(Some(3), Some(1.5), None)
        }
        .resolve()
        .unwrap();
        assert_eq!(
            (l.depth, l.time, o.tt_mib, o.threads),
            (Some(3), Some(Duration::from_millis(1500)), 0, 2)
        );
    }

    #[test]
    fn a_finished_position_is_bad_input() {
        use search::toy::TicTacToe;
        let over: TicTacToe = "XXXOO.... o".parse().unwrap();
        let r = search_position(&over, &game::NoHints, &limits(Some(3), None, None), |_| {});
        assert!(matches!(r, Err(JobError::Input(_))));
    }
}
