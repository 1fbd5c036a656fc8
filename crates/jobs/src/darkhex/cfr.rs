//! CFR on Dark Hex as a job: build the history or view game's DAG, iterate in chunks of about
//! a second, measure the exact bracket (both perfect-recall best responses against the average
//! strategy) on a schedule that keeps the best responses to about a quarter of the time,
//! checkpoint, resume, stop (iterations, wall time of the run, proven gap), and write
//! `strategy.bin` (the one kept strategy form: bincode with magic `GSDHSTRA`), `convergence.csv`,
//! `summary.md` and `checkpoint.bin`.
//!
//! With `symmetric` the history game is solved with the information sets that the board's 180°
//! rotation maps onto each other tied ([`SymmetricHistoryGame`]: half the tree and half the
//! sets, so an iteration costs about half). Everything written and measured is its average
//! strategy expanded to every history (representation `history`, algorithm marked
//! [`darkhex::strategy::ROTATION_TIED`]), so the readers of strategy files need nothing new;
//! only the checkpoint keeps the tied form (representation `symmetric-history`), and a resume
//! with the other choice is refused.

use super::{
    check_checkpoint, convergence_csv, log, read_for_resume, toolkit_version, write_atomic,
    JobError, JobResult, Output, Row, Stop,
};
use crate::Progress;
use cfr::{Algorithm, Checkpoint, Solver};
use darkhex::extensive::{HistoryGame, SymmetricHistoryGame, ViewGame};
use darkhex::response::{exact_bracket, file_strategy, ExactBracket};
use darkhex::strategy::{
    first_probe_table, CheckpointFile, Entry, Representation, StrategyFile, StrategyHeader,
    CHECKPOINT_MAGIC, FORMAT_VERSION, STRATEGY_MAGIC,
};
use darkhex::{DarkHex, Rules};
use game::extensive::ExtensiveGame;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Seconds of solving after which the first checkpoint (and one before a bracket measurement)
/// is written, whatever the interval.
const FIRST_CHECKPOINT_SECS: f64 = 5.0;

/// What an information-set key of the history or view game must be for the run loop.
pub trait InfoKey:
    Copy
    + Eq
    + std::hash::Hash
    + std::fmt::Debug
    + Send
    + Sync
    + serde::Serialize
    + for<'de> serde::Deserialize<'de>
{
}

impl<K> InfoKey for K where
    K: Copy
        + Eq
        + std::hash::Hash
        + std::fmt::Debug
        + Send
        + Sync
        + serde::Serialize
        + for<'de> serde::Deserialize<'de>
{
}

/// Which information sets CFR uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RepresentationChoice {
    /// Perfect recall (one information set per private history): small boards.
    History,
    /// Own and known stones (imperfect recall).
    View,
    /// History on boards of at most 6 cells, view above.
    #[default]
    Auto,
}

/// A CFR run.
#[derive(Debug, Clone, PartialEq)]
pub struct CfrConfig {
    /// The board.
    pub rules: Rules,
    /// The CFR variant.
    pub algorithm: Algorithm,
    /// The information sets.
    pub representation: RepresentationChoice,
    /// Tie the perfect-recall information sets that the 180° rotation maps onto each other
    /// (history representation only; see the module documentation).
    pub symmetric: bool,
    /// Seed recorded in the files (CFR is deterministic).
    pub seed: u64,
    /// When to stop; with nothing given, after 1000 iterations.
    pub stop: Stop,
    /// Measure the bracket at most every this many seconds of solving (0: automatic).
    pub eval_secs: f64,
    /// Best-response pruning threshold (rigorous: the pruned weight counts against the
    /// strategy).
    pub prune: f64,
    /// Save and measure the average strategy purified at this threshold (0: off).
    pub purify: f64,
    /// Never measure the bracket.
    pub no_eval: bool,
    /// Largest DAG to expand.
    pub max_nodes: usize,
    /// Output directory, resume and checkpoints.
    pub output: Output,
}

/// What a finished CFR run reports.
#[derive(Debug, Clone)]
pub struct CfrReport {
    /// The board.
    pub rules: Rules,
    /// The information sets used.
    pub representation: Representation,
    /// The CFR variant.
    pub algorithm: Algorithm,
    /// Iterations in total (resumed runs included).
    pub iterations: u64,
    /// Seconds in total (resumed runs included).
    pub seconds: f64,
    /// The last exact bracket measured, if any.
    pub bracket: Option<ExactBracket>,
    /// Live DAG nodes.
    pub nodes: usize,
    /// Information sets.
    pub infosets: usize,
    /// Seconds to build the DAG (this run).
    pub build_seconds: f64,
    /// The convergence rows (resumed runs included).
    pub rows: Vec<Row>,
    /// The output directory, if written.
    pub out: Option<PathBuf>,
}

impl CfrConfig {
    /// The representation `auto` resolves to on this board (history tied under the rotation
    /// with `symmetric`); `symmetric` with the view representation is an error naming both
    /// options.
    pub fn resolved_representation(&self) -> JobResult<Representation> {
        let history = match self.representation {
            RepresentationChoice::History => true,
            RepresentationChoice::View => false,
            RepresentationChoice::Auto => self.rules.rows * self.rules.cols <= 6,
        };
        match (history, self.symmetric) {
            (true, false) => Ok(Representation::History),
            (true, true) => Ok(Representation::SymmetricHistory),
            (false, false) => Ok(Representation::View),
            (false, true) => Err(JobError::input(format!(
                "--symmetric ties perfect-recall histories, but this run's representation is view ({}); add --repr history (boards of up to about 8 cells; views are already taken up to the rotation)",
                if self.representation == RepresentationChoice::View {
                    "--repr view".to_string()
                } else {
                    format!("--repr auto on {} cells", self.rules.rows * self.rules.cols)
                }
            ))),
        }
    }
}

/// Run CFR (see the module documentation).
pub fn run(config: &CfrConfig, progress: &dyn Progress) -> JobResult<CfrReport> {
    let repr = config.resolved_representation()?;
    let game = DarkHex::new(config.rules).map_err(JobError::input)?;
    let split_history = |k: u128| ((k >> 127) as u8, k & !(1u128 << 127));
    match repr {
        Representation::History => {
            let g = HistoryGame(game.clone());
            Run::new(config, &game, repr).go(&g, progress, split_history)
        }
        Representation::SymmetricHistory => {
            let g = SymmetricHistoryGame(game.clone());
            Run::new(config, &game, repr).go(&g, progress, split_history)
        }
        Representation::View => {
            let g = ViewGame(game.clone());
            Run::new(config, &game, repr).go(&g, progress, |k: u64| {
                ((k >> 32) as u8, (k & 0xffff_ffff) as u128)
            })
        }
    }
}

/// One run's fixed data.
struct Run<'a> {
    config: &'a CfrConfig,
    game: &'a DarkHex,
    repr: Representation,
}

/// The measuring schedule's and the stop rules' clock.
/// When the next checkpoint is due: the first after a few seconds of solving, not a whole
/// interval, so that a kill early in a long run loses little; one also before a bracket
/// measurement (it can be long) that follows a few seconds of unsaved solving.
struct CheckpointClock {
    last: Instant,
    after: f64,
    interval: f64,
}

impl CheckpointClock {
    fn new(interval: f64) -> Self {
        CheckpointClock {
            last: Instant::now(),
            after: interval.min(FIRST_CHECKPOINT_SECS),
            interval,
        }
    }
    fn due(&self) -> bool {
        self.last.elapsed().as_secs_f64() >= self.after
    }
    fn due_before_eval(&self) -> bool {
        self.last.elapsed().as_secs_f64() >= FIRST_CHECKPOINT_SECS.min(self.interval)
    }
    fn reset(&mut self) {
        self.last = Instant::now();
        self.after = self.interval;
    }
}

#[derive(Default)]
struct Clock {
    solve_secs_since_eval: f64,
    last_eval_secs: f64,
}

impl<'a> Run<'a> {
    fn new(config: &'a CfrConfig, game: &'a DarkHex, repr: Representation) -> Self {
        Run { config, game, repr }
    }

    fn header(&self, iterations: u64, magic: [u8; 8], b: Option<ExactBracket>) -> StrategyHeader {
        StrategyHeader {
            magic,
            version: FORMAT_VERSION,
            game: "darkhex".into(),
            rules: self.config.rules,
            representation: self.repr,
            algorithm: self.config.algorithm.describe(),
            iterations,
            seed: self.config.seed,
            toolkit: toolkit_version(),
            command: self.config.output.command.clone(),
            bracket: b.map_or((f64::NAN, f64::NAN), |b| (b.lower, b.upper)),
        }
    }

    /// The average strategy as a strategy file (a rotation-tied one expanded to every history;
    /// purified as asked).
    fn to_file<K: InfoKey>(
        &self,
        solver: &Solver<K>,
        split: &impl Fn(K) -> (u8, u128),
        bracket: Option<ExactBracket>,
    ) -> StrategyFile {
        let mut entries: Vec<Entry> = solver
            .average_strategy()
            .entries()
            .map(|(k, _, p)| {
                let (player, key) = split(k);
                Entry {
                    player,
                    key,
                    probs: p.to_vec(),
                }
            })
            .collect();
        entries.sort_by_key(|e| (e.player, e.key));
        let mut f = StrategyFile {
            header: self.header(solver.iterations(), STRATEGY_MAGIC, bracket),
            entries,
        }
        .expanded();
        f.purify(self.config.purify);
        f
    }

    fn checkpoint_bytes<K: InfoKey>(&self, solver: &Solver<K>, rows: &[Row], secs: f64) -> Vec<u8> {
        CheckpointFile {
            header: self.header(solver.iterations(), CHECKPOINT_MAGIC, None),
            rows: rows.to_vec(),
            seconds: secs,
            solver: solver.checkpoint().to_bytes(),
        }
        .to_bytes()
    }

    /// Build the solver and restore the checkpoint if resuming: (solver, rows, seconds before).
    #[allow(clippy::type_complexity)]
    fn prepare<G, K>(
        &self,
        g: &G,
        checkpoint_path: Option<&Path>,
        progress: &dyn Progress,
    ) -> JobResult<(Solver<K>, Vec<Row>, f64, f64)>
    where
        G: ExtensiveGame<InfoKey = K>,
        K: InfoKey,
    {
        let rules = self.config.rules;
        let build_start = Instant::now();
        let mut solver = Solver::new(g, self.config.algorithm, self.config.max_nodes)
            .map_err(JobError::runtime)?;
        let build_secs = build_start.elapsed().as_secs_f64();
        let t = solver.tree();
        log(progress, format!(
            "{} {}x{} {}: {} information sets, DAG of {} nodes and {} edges ({} determined nodes made terminal), ~{} MiB, built in {:.1} s",
            rules.variant, rules.rows, rules.cols, self.repr.name(), t.infosets(), t.nodes(), t.edges(),
            t.fixed_nodes(), t.memory_bytes() >> 20, build_secs
        ));
        let (Some(path), true) = (checkpoint_path, self.config.output.resume) else {
            return Ok((solver, Vec::new(), 0.0, build_secs));
        };
        let bad = |e: &dyn std::fmt::Display| JobError::input(format!("{}: {e}", path.display()));
        let c = CheckpointFile::from_bytes(&read_for_resume(path)?).map_err(|e| bad(&e))?;
        if c.header.rules != rules || c.header.representation != self.repr {
            use Representation::{History, SymmetricHistory};
            let hint = match (c.header.rules == rules, c.header.representation, self.repr) {
                (true, SymmetricHistory, History) => {
                    "; the checkpoint's run was rotation-tied: resume it with --symmetric"
                }
                (true, History, SymmetricHistory) => {
                    "; the checkpoint's run was not rotation-tied: resume it with --no-symmetry"
                }
                _ => "",
            };
            return Err(bad(&format!(
                "checkpoint is for {:?} ({}), this run asks for {:?} ({}){hint}",
                c.header.rules,
                c.header.representation.name(),
                rules,
                self.repr.name()
            )));
        }
        let state: Checkpoint<K> = Checkpoint::from_bytes(&c.solver).map_err(|e| bad(&e))?;
        solver.restore(state).map_err(|e| bad(&e))?;
        Ok((solver, c.rows, c.seconds, build_secs))
    }

    /// The run loop: iterate in chunks, measure on schedule, checkpoint, stop; then write.
    fn go<G, K>(
        &self,
        g: &G,
        progress: &dyn Progress,
        split: impl Fn(K) -> (u8, u128),
    ) -> JobResult<CfrReport>
    where
        G: ExtensiveGame<InfoKey = K>,
        K: InfoKey,
    {
        let (config, out) = (self.config, self.config.output.dir.as_deref());
        let checkpoint_path = out.map(|o| o.join("checkpoint.bin"));
        if let Some(p) = &checkpoint_path {
            check_checkpoint(p, config.output.resume)?;
        }
        let start = Instant::now();
        let (mut solver, mut rows, seconds_before, build_seconds) =
            self.prepare(g, checkpoint_path.as_deref(), progress)?;
        let stop = config.stop;
        let target = stop
            .iterations
            .unwrap_or(if stop.gap.is_some() || stop.time.is_some() {
                u64::MAX
            } else {
                1000
            });
        progress.start("darkhex solve", if target == u64::MAX { 0 } else { target });
        progress.advance(solver.iterations(), "");
        let mut saved = CheckpointClock::new(config.output.checkpoint_secs);
        let mut clock = Clock::default();
        let mut last: Option<ExactBracket> = None;
        let mut chunk = 1u64;
        loop {
            let time_up = stop
                .time
                .is_some_and(|t| start.elapsed().as_secs_f64() >= t);
            let iters_done = solver.iterations() >= target;
            let gap_done = matches!((stop.gap, last), (Some(g), Some(b)) if b.gap <= g);
            let finishing = time_up || iters_done || gap_done;
            if (self.eval_due(&solver, &clock) || finishing)
                && !config.no_eval
                && !gap_done
                && (last.is_none() || clock.solve_secs_since_eval > 0.0)
            {
                // A bracket measurement can be long: save the solving done before it.
                if saved.due_before_eval() && !finishing {
                    let secs = seconds_before + start.elapsed().as_secs_f64();
                    self.write_checkpoint(&solver, &split, &rows, secs, &mut saved)?;
                }
                let t = Instant::now();
                let b = exact_bracket(
                    self.game,
                    &*file_strategy(&self.to_file(&solver, &split, None)),
                    config.prune,
                );
                clock.last_eval_secs = t.elapsed().as_secs_f64();
                clock.solve_secs_since_eval = 0.0;
                let secs = seconds_before + start.elapsed().as_secs_f64();
                rows.push((solver.iterations(), secs, b.lower, b.upper, b.gap));
                let it = solver.iterations();
                progress.advance(
                    it,
                    &format!(
                        "it {it} lower {:.7} upper {:.7} gap {:.2e}",
                        b.lower, b.upper, b.gap
                    ),
                );
                log(progress, format!(
                    "[{secs:.0} s] iteration {it} lower {:.9} upper {:.9} gap {:.3e} (best responses {:.1} s, {} histories)",
                    b.lower, b.upper, b.gap, clock.last_eval_secs, b.nodes
                ));
                last = Some(b);
                continue;
            }
            if finishing {
                break;
            }
            if saved.due() {
                let secs = seconds_before + start.elapsed().as_secs_f64();
                self.write_checkpoint(&solver, &split, &rows, secs, &mut saved)?;
            }
            let t = Instant::now();
            solver.iterate(chunk.min(target - solver.iterations()));
            let dt = t.elapsed().as_secs_f64();
            clock.solve_secs_since_eval += dt;
            // Chunks of about a second between checks.
            if dt < 0.5 {
                chunk = (chunk * 2).min(1 << 20);
            } else if dt > 2.0 && chunk > 1 {
                chunk /= 2;
            }
            progress.advance(solver.iterations(), "");
        }
        progress.finish();
        let seconds = seconds_before + start.elapsed().as_secs_f64();
        let file = self.to_file(&solver, &split, last);
        if let (Some(cp), Some(dir)) = (&checkpoint_path, out) {
            write_atomic(cp, &self.checkpoint_bytes(&solver, &rows, seconds))?;
            write_atomic(&dir.join("strategy.bin"), &file.to_bytes())?;
        }
        let tree = solver.tree();
        let report = CfrReport {
            rules: config.rules,
            representation: self.repr,
            algorithm: config.algorithm,
            iterations: solver.iterations(),
            seconds,
            bracket: last,
            nodes: tree.nodes(),
            infosets: tree.infosets(),
            build_seconds,
            rows,
            out: out.map(Path::to_path_buf),
        };
        if let Some(dir) = out {
            self.write_files(&report, &file, tree, dir)?;
        }
        Ok(report)
    }

    /// The checkpoint and the latest average strategy (so that a long run can be evaluated
    /// while it goes on), if the run writes files.
    fn write_checkpoint<K: InfoKey>(
        &self,
        solver: &Solver<K>,
        split: &impl Fn(K) -> (u8, u128),
        rows: &[Row],
        secs: f64,
        saved: &mut CheckpointClock,
    ) -> JobResult<()> {
        saved.reset();
        let Some(dir) = self.config.output.dir.as_deref() else {
            return Ok(());
        };
        let bytes = self.checkpoint_bytes(solver, rows, secs);
        write_atomic(&dir.join("checkpoint.bin"), &bytes)?;
        let f = self.to_file(solver, split, None);
        write_atomic(&dir.join("strategy.bin"), &f.to_bytes())
    }

    /// Whether the schedule asks for a bracket now: every `eval_secs` of solving, or
    /// (automatic) after three times the last measurement's duration, at least a second, so
    /// that best responses take at most about a quarter of the time.
    fn eval_due<K: InfoKey>(&self, solver: &Solver<K>, clock: &Clock) -> bool {
        solver.iterations() > 0
            && if self.config.eval_secs > 0.0 {
                clock.solve_secs_since_eval >= self.config.eval_secs
            } else {
                clock.solve_secs_since_eval >= (3.0 * clock.last_eval_secs).max(1.0)
            }
    }

    /// `convergence.csv` and `summary.md`.
    fn write_files<K: InfoKey>(
        &self,
        r: &CfrReport,
        file: &StrategyFile,
        tree: &cfr::Tree<K>,
        dir: &Path,
    ) -> JobResult<()> {
        let (rules, config) = (r.rules, self.config);
        let command = &config.output.command;
        let csv = convergence_csv(
            &[
                format!(
                    "gsolve darkhex solve: {} {}x{} announce_touch={} representation={} algorithm={} seed={} toolkit={}",
                    rules.variant, rules.rows, rules.cols, rules.announce_touch, self.repr.name(),
                    config.algorithm.describe(), config.seed, toolkit_version()
                ),
                format!("command: {command}"),
            ],
            &r.rows,
        );
        write_atomic(&dir.join("convergence.csv"), csv.as_bytes())?;
        let tied = if self.repr == Representation::SymmetricHistory {
            "; perfect recall with the information sets that the 180° rotation maps onto each other tied, so the sets and the DAG are the tied game's, and `strategy.bin` and every bracket are its average strategy expanded to every history"
        } else {
            ""
        };
        let mut md = format!(
            "# Dark Hex {} {}×{} — CFR strategies\n\n- command: `{command}`\n- toolkit: {}\n- representation: {} ({} information sets; DAG of {} nodes, {} edges, {} nodes with a determined outcome treated as terminal; built in {:.1} s{tied})\n- algorithm: {}, {} iterations, {:.1} s in total, seed {}\n",
            rules.variant, rules.rows, rules.cols, toolkit_version(), self.repr.name(),
            tree.infosets(), tree.nodes(), tree.edges(), tree.fixed_nodes(), r.build_seconds,
            config.algorithm.describe(), r.iterations, r.seconds, config.seed
        );
        if let Some(b) = r.bracket {
            let pruned = if config.prune > 0.0 {
                format!(
                    ", pruned below {:e} with the pruned weight counted against the strategies",
                    config.prune
                )
            } else {
                String::new()
            };
            md.push_str(&format!(
                "- exact perfect-recall best responses: **lower {:.9}, upper {:.9}, gap {:.3e}** ({} responder histories{pruned})\n",
                b.lower, b.upper, b.gap, b.nodes
            ));
        }
        md.push_str("\nFiles: `strategy.bin` (bincode, header with magic GSDHSTRA; `gsolve darkhex export` writes the text form), `convergence.csv`, `checkpoint.bin` (for `--resume`).\n");
        for p in 0..2u8 {
            if let Some(probs) = file.first_probe(p) {
                md.push_str(&format!(
                    "\n## {}'s first probe\n\n{}",
                    if p == 0 { "Black" } else { "White" },
                    first_probe_table(self.game, &probs)
                ));
            }
        }
        write_atomic(&dir.join("summary.md"), md.as_bytes())?;
        // Temporaries that killed runs of this folder left behind.
        crate::output::remove_stale_temporaries(dir, "");
        Ok(())
    }
}
