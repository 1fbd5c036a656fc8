//! Wall time and nodes already spent on a map's unfinished units
//! (`resume/spent.csv`, `resume/spent-<i>of<n>.csv` for a shard).
//!
//! A unit stopped by `--time` or killed is solved again from its root when the map resumes
//! (with the proofs the database kept), so the run that finishes it sees only its own share of
//! the work. To make a unit's `seconds` and `nodes` columns (and so an opening's time) the
//! whole cost, the unit in progress is written here with the database, every
//! `checkpoint_seconds` and when the run stops; the run that finishes the unit adds these
//! figures to its own and drops the line. A kill loses at most one checkpoint interval of
//! this account. The file goes with the rest of `resume/` when the map is complete.

use super::map::MapError;
use crate::shard::Shard;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// The file's first line.
const HEADER: &str = "# gsolve rex map: wall seconds and nodes already spent on unfinished units by earlier runs (added to the unit when it finishes)";
/// Its column line.
const COLUMNS: &str = "opening,reply,seconds,nodes";

/// A unit's key: (opening, reply) cell names.
pub(crate) type Key = (String, String);

/// The account of one shard (see the module documentation).
#[derive(Debug)]
pub(crate) struct Spent {
    path: PathBuf,
    units: BTreeMap<Key, (f64, u64)>,
}

/// The unit being solved: where its clock and node count started, and what earlier runs spent.
#[derive(Debug, Clone)]
pub(crate) struct InProgress {
    /// The unit.
    pub key: Key,
    /// When this run started it.
    pub started: Instant,
    /// The solver's node count then.
    pub nodes_before: u64,
    /// Seconds and nodes of earlier runs.
    pub earlier: (f64, u64),
}

impl InProgress {
    /// Earlier runs' figures plus this run's so far, given the solver's node count now.
    pub(crate) fn total(&self, nodes_now: u64) -> (f64, u64) {
        (
            self.earlier.0 + self.started.elapsed().as_secs_f64(),
            self.earlier.1 + nodes_now.saturating_sub(self.nodes_before),
        )
    }
}

/// The account's file name for a shard.
pub(crate) fn spent_name(shard: Shard) -> String {
    format!("spent{}.csv", shard.file_suffix())
}

impl Spent {
    /// Read `resume/<spent_name>` (an empty account when there is none).
    pub(crate) fn load(resume: &Path, shard: Shard) -> Result<Self, MapError> {
        let path = resume.join(spent_name(shard));
        let mut units = BTreeMap::new();
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(err) => {
                return Err(MapError::Io {
                    path: path.display().to_string(),
                    err,
                })
            }
        };
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') || line == COLUMNS || line.trim().is_empty() {
                continue;
            }
            let bad = |why: &str| MapError::Results {
                path: path.display().to_string(),
                line: i + 1,
                why: why.to_string(),
            };
            let f: Vec<&str> = line.split(',').collect();
            let [opening, reply, seconds, nodes] = f[..] else {
                return Err(bad("expected opening,reply,seconds,nodes"));
            };
            let seconds: f64 = seconds
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| bad("seconds is not a non-negative number"))?;
            let nodes: u64 = nodes
                .parse()
                .map_err(|_| bad("nodes is not a whole number"))?;
            units.insert((opening.to_string(), reply.to_string()), (seconds, nodes));
        }
        Ok(Spent { path, units })
    }

    /// What earlier runs spent on `key` (zero if nothing).
    pub(crate) fn earlier(&self, key: &Key) -> (f64, u64) {
        self.units.get(key).copied().unwrap_or((0.0, 0))
    }

    /// Set `key`'s account and write the file.
    pub(crate) fn record(&mut self, key: &Key, total: (f64, u64)) -> Result<(), MapError> {
        self.units.insert(key.clone(), total);
        self.save()
    }

    /// Drop `key` (finished) and write the file if it had a line.
    pub(crate) fn finish(&mut self, key: &Key) -> Result<(), MapError> {
        if self.units.remove(key).is_some() {
            self.save()
        } else {
            Ok(())
        }
    }

    /// Write the account through a temporary (removing the file when it is empty).
    fn save(&self) -> Result<(), MapError> {
        let io = |err| MapError::Io {
            path: self.path.display().to_string(),
            err,
        };
        if self.units.is_empty() {
            return match std::fs::remove_file(&self.path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(e)),
                _ => Ok(()),
            };
        }
        let mut text = format!("{HEADER}\n{COLUMNS}\n");
        for ((o, r), (s, n)) in &self.units {
            text.push_str(&format!("{o},{r},{s:.3},{n}\n"));
        }
        super::map::write_atomic(&self.path, &text)
    }
}

/// The account of time and nodes spent on unfinished units (the module documentation), shared by
/// the unit loop and the saver thread.
pub(crate) struct Accounts {
    /// The shard's account file.
    pub spent: Mutex<Spent>,
    /// The unit being solved, if any.
    pub current: Mutex<Option<InProgress>>,
}

impl Accounts {
    /// A unit starts: remember its clock; returns what earlier runs spent on it.
    pub(crate) fn start(&self, key: &(String, String), nodes_now: u64) -> (f64, u64) {
        let earlier = self.spent.lock().expect("not poisoned").earlier(key);
        *self.current.lock().expect("not poisoned") = Some(InProgress {
            key: key.clone(),
            started: Instant::now(),
            nodes_before: nodes_now,
            earlier,
        });
        earlier
    }

    /// Write the unit in progress (earlier runs plus this one so far), if any.
    pub(crate) fn save_current(&self, nodes_now: u64) -> Result<(), MapError> {
        let current = self.current.lock().expect("not poisoned");
        match &*current {
            Some(c) => self
                .spent
                .lock()
                .expect("not poisoned")
                .record(&c.key, c.total(nodes_now)),
            None => Ok(()),
        }
    }

    /// The unit in progress is left unfinished (after [`Accounts::save_current`]): no unit is
    /// in progress until the next starts.
    pub(crate) fn set_aside(&self) {
        *self.current.lock().expect("not poisoned") = None;
    }

    /// The unit is finished: its account is no longer needed.
    pub(crate) fn finish(&self, key: &(String, String)) -> Result<(), MapError> {
        let mut current = self.current.lock().expect("not poisoned");
        *current = None;
        self.spent.lock().expect("not poisoned").finish(key)
    }
}

#[cfg(test)]
mod tests {
    use super::super::map::{run_map, MapConfig};
    use super::*;
    use exact::SolverConfig;
    use std::time::Duration;

    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("gsolve-spent-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn the_account_round_trips_and_empties() {
        let dir = tmp("trip");
        let shard = Shard::new(1, 3, "shard").unwrap();
        let mut s = Spent::load(&dir, shard).unwrap();
        let k = ("a1".to_string(), "b1".to_string());
        assert_eq!(s.earlier(&k), (0.0, 0));
        s.record(&k, (12.5, 1000)).unwrap();
        assert!(dir.join("spent-1of3.csv").exists());
        let mut t = Spent::load(&dir, shard).unwrap();
        assert_eq!(t.earlier(&k), (12.5, 1000));
        t.finish(&k).unwrap();
        assert!(!dir.join("spent-1of3.csv").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn map_config(dir: &Path, size: usize, openings: &[&str], time: Option<f64>) -> MapConfig {
        MapConfig {
            rows: size,
            cols: size,
            out: dir.to_path_buf(),
            openings: openings.iter().map(|s| s.to_string()).collect(),
            shard: Shard::new(0, 1, "shard").unwrap(),
            solver: SolverConfig {
                tt_mb: 8,
                threads: 1,
                ..SolverConfig::default()
            },
            time_limit: time.map(Duration::from_secs_f64),
            store_depth: 4,
            store_max: 1 << 20,
            checkpoint_seconds: 3600,
            max_units: 0,
            defer: Vec::new(),
            unit_cap: None,
        }
    }

    /// (seconds, nodes) of a unit in the run's replies.csv.
    fn unit_figures(dir: &Path, opening: &str, reply: &str) -> (f64, u64) {
        let text = std::fs::read_to_string(dir.join("replies.csv")).unwrap();
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{opening},{reply},")))
            .unwrap_or_else(|| panic!("no line for {opening},{reply}"));
        let f: Vec<&str> = line.split(',').collect();
        (f[5].parse().unwrap(), f[4].parse().unwrap())
    }

    /// A unit that earlier runs worked on gets their time and nodes added when it finishes,
    /// and the account goes when the map is complete.
    #[test]
    fn a_finished_unit_counts_what_earlier_runs_spent() {
        let dir = tmp("finish");
        let k = ("a1".to_string(), "b1".to_string());
        let shard = Shard::new(0, 1, "shard").unwrap();
        Spent::load(&dir.join("resume"), shard)
            .unwrap()
            .record(&k, (100.0, 12_345))
            .unwrap();
        let s = run_map(&map_config(&dir, 3, &[], None), &crate::NoProgress).unwrap();
        assert!(s.complete);
        let (secs, nodes) = unit_figures(&dir, "a1", "b1");
        assert!(secs >= 100.0 && nodes >= 12_345, "{secs} s, {nodes} nodes");
        let (other, _) = unit_figures(&dir, "a1", "c1");
        assert!(other < 100.0, "another unit got the account: {other} s");
        let a1 = s.openings.iter().find(|o| o.opening == "a1").unwrap();
        assert!(a1.seconds >= 100.0);
        assert!(!dir.join("resume").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A unit stopped by the time limit is written to the account, and a second stopped run
    /// adds its own time to the first's.
    #[test]
    fn a_stopped_unit_keeps_its_time_across_runs() {
        let dir = tmp("stop");
        let shard = Shard::new(0, 1, "shard").unwrap();
        let k = ("a1".to_string(), "b1".to_string());
        // 6x6 a1 b1 takes minutes: both runs stop inside it.
        let cfg = map_config(&dir, 6, &["a1"], Some(0.5));
        let first = run_map(&cfg, &crate::NoProgress).unwrap();
        assert!(first.stopped && first.done_now == 0);
        let (s1, n1) = Spent::load(&dir.join("resume"), shard).unwrap().earlier(&k);
        assert!(s1 >= 0.4 && n1 > 0, "{s1} s, {n1} nodes");
        run_map(&cfg, &crate::NoProgress).unwrap();
        let (s2, n2) = Spent::load(&dir.join("resume"), shard).unwrap().earlier(&k);
        assert!(
            s2 >= s1 + 0.4 && n2 > n1,
            "{s1} -> {s2} s, {n1} -> {n2} nodes"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_malformed_account_names_the_file_and_line() {
        let dir = tmp("bad");
        std::fs::create_dir_all(&dir).unwrap();
        let shard = Shard::new(0, 1, "shard").unwrap();
        for body in ["a1,b1,-3,5", "a1,b1,2.0", "a1,b1,x,5", "a1,b1,1.0,-1"] {
            std::fs::write(
                dir.join("spent.csv"),
                format!("{HEADER}\n{COLUMNS}\n{body}\n"),
            )
            .unwrap();
            let e = Spent::load(&dir, shard).unwrap_err().to_string();
            assert!(e.contains("spent.csv line 3"), "{body}: {e}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
