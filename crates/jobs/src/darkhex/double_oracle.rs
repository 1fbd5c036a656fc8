//! The exact double oracle on Dark Hex as a job: the generic loop of `solvers/double-oracle`
//! with Dark Hex's exact best response ([`darkhex::double_oracle::DarkHexOracle`]), its stop
//! rules, checkpoints and resume, and its result files: `black-lower.mix` and
//! `white-upper.mix` (certificates of the best bounds), `convergence.csv`, `summary.md` and
//! `do-checkpoint.bin`.

use super::{
    check_checkpoint, convergence_csv, known_value, log, read_for_resume, toolkit_version,
    write_atomic, JobError, JobResult, LogCadence, Output, Row, Stop,
};
use crate::Progress;
use darkhex::certificate::{Fraction, Mixture};
use darkhex::double_oracle::{
    first_probe, initial_policies, Checkpoint, Continuation, DarkHexOracle, OracleKind,
    ResponseStats,
};
use darkhex::strategy::first_probe_table;
use darkhex::Rules;
use double_oracle::StepOf;
use game::oracle::Bound;
use game::Player;
use matrix_game::RestrictedSolver;
use std::path::PathBuf;
use std::time::Instant;

/// The double oracle of Dark Hex as the jobs run it.
pub type DarkHexDoubleOracle = double_oracle::DoubleOracle<DarkHexOracle, RestrictedSolver>;

/// One iteration of it.
pub type DarkHexStep = StepOf<DarkHexOracle>;

/// A double-oracle run.
#[derive(Debug, Clone, PartialEq)]
pub struct DoubleOracleConfig {
    /// The board (no announcements).
    pub rules: Rules,
    /// Which best response is added.
    pub oracle: OracleKind,
    /// Random priority-order policies per player besides the identity order.
    pub initial_policies: usize,
    /// Seed of the initial policies.
    pub seed: u64,
    /// Solve every restricted game from scratch instead of keeping the linear program.
    pub scratch_lp: bool,
    /// Use the 180° rotation (`DarkHexOracle::with_symmetry`): policy sets closed under it,
    /// rotation-invariant proofs.
    pub symmetric: bool,
    /// Mixtures to start from (e.g. the certificates of an earlier run): their policies join
    /// their owner's initial set and each, certified again, is the first best bound.
    pub seeds: Vec<Mixture>,
    /// When to stop; with nothing given the run goes on until neither best response is new.
    pub stop: Stop,
    /// Output directory, resume and checkpoints.
    pub output: Output,
}

/// What a finished double-oracle run reports.
#[derive(Debug, Clone)]
pub struct DoubleOracleReport {
    /// The board.
    pub rules: Rules,
    /// The oracle used.
    pub oracle: OracleKind,
    /// Iterations in total (resumed runs included).
    pub iterations: u64,
    /// Seconds in total (resumed runs included).
    pub seconds: f64,
    /// The best exact bounds and the mixtures that prove them.
    pub lower: (Fraction, Mixture),
    /// See `lower`.
    pub upper: (Fraction, Mixture),
    /// Policies per player (Black, White).
    pub policies: [usize; 2],
    /// Neither best response of the last iteration was new.
    pub converged: bool,
    /// The last iteration of this run.
    pub last_step: Option<DarkHexStep>,
    /// Seconds of this run in the restricted solves, the best responses and the play-outs.
    pub phase_seconds: [f64; 3],
    /// The convergence rows (resumed runs included).
    pub rows: Vec<Row>,
    /// The output directory, if written.
    pub out: Option<PathBuf>,
}

impl DoubleOracleReport {
    /// `upper − lower` as a float.
    pub fn gap(&self) -> f64 {
        self.upper.0.to_f64() - self.lower.0.to_f64()
    }
}

/// The oracle of `config`.
fn oracle(config: &DoubleOracleConfig) -> JobResult<DarkHexOracle> {
    Ok(DarkHexOracle::new(config.rules, config.oracle)
        .map_err(JobError::input)?
        .with_symmetry(config.symmetric))
}

/// A fresh double oracle for `config` (its initial policy sets, oracle and restricted solver;
/// the seed mixtures' policies first, their bounds offered and their supports the first
/// working set).
pub fn start(config: &DoubleOracleConfig) -> JobResult<DarkHexDoubleOracle> {
    let oracle = oracle(config)?;
    let mut sets = initial_policies(config.rules, config.initial_policies, config.seed)
        .map_err(JobError::input)?;
    for m in &config.seeds {
        m.expect(
            config.rules.rows,
            config.rules.cols,
            config.rules.variant,
            m.owner,
        )
        .map_err(JobError::input)?;
        let set = &mut sets[m.owner as usize];
        let tail = std::mem::take(set);
        set.extend(m.policies.iter().map(|p| darkhex::certificate::Policy {
            weight: 1,
            ..p.clone()
        }));
        set.extend(tail);
    }
    let [black, white] = sets;
    let lp = RestrictedSolver::new(config.scratch_lp);
    let mut d =
        double_oracle::DoubleOracle::new(oracle, lp, black, white).map_err(JobError::input)?;
    for m in &config.seeds {
        let proof = if config.symmetric {
            m.symmetrised()
        } else {
            m.clone()
        };
        let bound = darkhex::certificate::best_response(&proof).black_value;
        let owner = [Player::First, Player::Second][m.owner as usize];
        let want: std::collections::HashSet<_> = proof.policies.iter().map(|p| p.key()).collect();
        d.warm_start(owner, |p| want.contains(&p.key()));
        d.offer_bound(owner, bound, proof);
    }
    Ok(d)
}

/// The double oracle of a checkpoint, with its rows, seconds and whether it had converged.
/// A checkpoint with its continuation state (version 2) resumes exactly where the run was:
/// the same policy order, restricted-solve start and kept linear program, so the rest of the
/// path is the uninterrupted run's. A version 1 checkpoint starts the next restricted solve
/// from the supports of the best mixtures instead (a valid run, on another path).
fn restore(
    config: &DoubleOracleConfig,
    c: &Checkpoint,
) -> JobResult<(DarkHexDoubleOracle, Vec<Row>, f64, bool)> {
    let r = c.restore().map_err(JobError::input)?;
    let oracle = oracle(config)?;
    let lp = RestrictedSolver::new(config.scratch_lp);
    let [black, white] = r.sets;
    let mut d =
        double_oracle::DoubleOracle::resume(oracle, lp, black, white).map_err(JobError::input)?;
    d.set_iterations(r.iterations);
    for (owner, best) in [Player::First, Player::Second].into_iter().zip(r.best) {
        if let Some((v, m)) = best {
            d.offer_bound(owner, v, m);
        }
    }
    if let Some(k) = &c.continuation {
        let index = |v: &[u64]| {
            v.iter()
                .map(|&i| i.min(usize::MAX as u64) as usize)
                .collect()
        };
        d.set_warm_start(
            [index(&k.support[0]), index(&k.support[1])],
            k.counts.map(|n| n.min(usize::MAX as u64) as usize),
        );
        d.restricted_mut()
            .restore_kept(&k.restricted)
            .map_err(JobError::input)?;
        return Ok((d, c.rows.clone(), c.seconds, k.converged));
    }
    for owner in [Player::First, Player::Second] {
        let best = match owner {
            Player::First => d.best_lower(),
            Player::Second => d.best_upper(),
        };
        let Some((_, m)) = best else { continue };
        let want: std::collections::HashSet<_> = m.policies.iter().map(|p| p.key()).collect();
        d.warm_start(owner, |p| want.contains(&p.key()));
    }
    Ok((d, c.rows.clone(), c.seconds, false))
}

fn capture(d: &DarkHexDoubleOracle, rows: &[Row], seconds: f64, converged: bool) -> Checkpoint {
    let (support, counts) = d.warm_start_state();
    let index = |v: &[usize]| v.iter().map(|&i| i as u64).collect();
    Checkpoint::capture(
        d.oracle().rules(),
        toolkit_version(),
        d.iterations(),
        seconds,
        rows.to_vec(),
        [d.policies(Player::First), d.policies(Player::Second)],
        [d.best_lower().map(|b| &b.1), d.best_upper().map(|b| &b.1)],
    )
    .with_continuation(Continuation {
        support: [index(&support[0]), index(&support[1])],
        counts: counts.map(|n| n as u64),
        restricted: d.restricted().kept_bytes(),
        converged,
    })
}

/// Run the double oracle (see the module documentation). With `config.output.dir` set it
/// writes the result files there; a checkpoint already there is continued with
/// `config.output.resume` and is an error otherwise.
pub fn run(config: &DoubleOracleConfig, progress: &dyn Progress) -> JobResult<DoubleOracleReport> {
    let rules = config.rules;
    let out = config.output.dir.clone();
    let checkpoint_path = out.as_ref().map(|o| o.join("do-checkpoint.bin"));
    if let Some(p) = &checkpoint_path {
        check_checkpoint(p, config.output.resume)?;
    }
    let (mut d, mut rows, seconds_before, mut converged) =
        match (&checkpoint_path, config.output.resume) {
            (Some(path), true) => {
                let bytes = read_for_resume(path)?;
                let c = Checkpoint::from_bytes(&bytes)
                    .map_err(|e| JobError::input(format!("{}: {e}", path.display())))?;
                if c.rules != rules {
                    return Err(JobError::input(format!(
                        "{}: checkpoint is for {:?}, this run asks for {:?}",
                        path.display(),
                        c.rules,
                        rules
                    )));
                }
                restore(config, &c)
                    .map_err(|e| JobError::input(format!("{}: {e}", path.display())))?
            }
            _ => (start(config)?, Vec::new(), 0.0, false),
        };
    let target = config.stop.iterations.unwrap_or(u64::MAX);
    progress.start(
        "darkhex double oracle",
        if target == u64::MAX { 0 } else { target },
    );
    progress.advance(d.iterations(), "");
    let start = Instant::now();
    let mut last_checkpoint = Instant::now();
    let mut last_step: Option<DarkHexStep> = None;
    let mut phase_seconds = [0.0f64; 3];
    let mut cadence = LogCadence::new(25);
    let write_checkpoint = |d: &DarkHexDoubleOracle, rows: &[Row], secs: f64, converged: bool| {
        match &checkpoint_path {
            Some(p) => write_atomic(p, &capture(d, rows, secs, converged).to_bytes()),
            None => Ok(()),
        }
    };
    while !(d.iterations() >= target
        || config
            .stop
            .time
            .is_some_and(|t| start.elapsed().as_secs_f64() >= t)
        || config.stop.gap.is_some_and(|g| d.gap() <= g)
        || converged)
    {
        let s = d.step();
        phase_seconds
            .iter_mut()
            .zip(&s.seconds)
            .for_each(|(t, x)| *t += x);
        let secs = seconds_before + start.elapsed().as_secs_f64();
        rows.push((
            s.iteration,
            secs,
            s.best_lower.to_f64(),
            s.best_upper.to_f64(),
            s.gap(),
        ));
        let [black_set, white_set] = [Player::First, Player::Second].map(|p| d.policies(p).len());
        progress.advance(
            s.iteration,
            &format!(
                "it {} lower {:.7} upper {:.7} gap {:.2e} policies {black_set}+{white_set}",
                s.iteration,
                s.best_lower.to_f64(),
                s.best_upper.to_f64(),
                s.gap(),
            ),
        );
        if cadence.due(s.iteration) {
            log(progress, step_line(&s, secs, black_set + white_set));
        }
        converged = s.added == [false, false];
        last_step = Some(s);
        if last_checkpoint.elapsed().as_secs_f64() >= config.output.checkpoint_secs {
            write_checkpoint(&d, &rows, secs, converged)?;
            last_checkpoint = Instant::now();
        }
    }
    progress.finish();
    let seconds = seconds_before + start.elapsed().as_secs_f64();
    let (Some(lower), Some(upper)) = (d.best_lower().cloned(), d.best_upper().cloned()) else {
        return Err(JobError::runtime(
            "no iteration was run: nothing to write (raise --iterations or --time)",
        ));
    };
    // Every written mixture is rotation invariant (the published format's rule): without the
    // symmetric oracle, symmetrise the best mixtures now and certify them again (never worse).
    let (lower, upper) = (rotation_invariant(lower), rotation_invariant(upper));
    let report = DoubleOracleReport {
        rules,
        oracle: config.oracle,
        iterations: d.iterations(),
        seconds,
        lower,
        upper,
        policies: [Player::First, Player::Second].map(|p| d.policies(p).len()),
        converged,
        last_step,
        phase_seconds,
        rows,
        out: out.clone(),
    };
    if let Some(dir) = &out {
        write_checkpoint(&d, &report.rows, seconds, converged)?;
        write_files(&report, dir, config)?;
        // Temporaries that killed runs of this folder left behind.
        crate::output::remove_stale_temporaries(dir, "");
    }
    Ok(report)
}

/// `(bound, mixture)` with the mixture symmetrised and its bound certified again, if the
/// mixture is not rotation invariant (the symmetrised bound is never worse).
fn rotation_invariant((bound, m): (Fraction, Mixture)) -> (Fraction, Mixture) {
    if m.is_rotation_invariant() {
        return (bound, m);
    }
    let s = m.symmetrised();
    (darkhex::certificate::best_response(&s).black_value, s)
}

/// The log line of one iteration.
fn step_line(s: &DarkHexStep, secs: f64, policies: usize) -> String {
    let [ResponseStats { support: sb, .. }, ResponseStats { support: sw, .. }] = s.stats;
    format!(
        "[{secs:.0} s] iteration {} lower {:.9} upper {:.9} gap {:.3e} policies {policies} (restricted value {:.7}, support {sb}+{sw}; lp {:.2} s, best responses {:.2} s, {} histories)",
        s.iteration,
        s.best_lower.to_f64(),
        s.best_upper.to_f64(),
        s.gap(),
        s.restricted_value,
        s.seconds[0],
        s.seconds[1],
        responder_nodes(s)
    )
}

/// Responder histories visited by both best responses of `s`.
pub fn responder_nodes(s: &DarkHexStep) -> u64 {
    s.stats[0].responder_nodes + s.stats[1].responder_nodes
}

/// Write the mixtures, `convergence.csv` and `summary.md` of a finished run into `dir`.
fn write_files(
    r: &DoubleOracleReport,
    dir: &std::path::Path,
    config: &DoubleOracleConfig,
) -> JobResult<()> {
    let (rules, command) = (r.rules, &config.output.command);
    let ((lower, black), (upper, white)) = (&r.lower, &r.upper);
    write_atomic(&dir.join("black-lower.mix"), black.to_text().as_bytes())?;
    write_atomic(&dir.join("white-upper.mix"), white.to_text().as_bytes())?;
    let csv = convergence_csv(
        &[
            format!(
                "gsolve darkhex solve --algo double-oracle: {} {}x{} oracle={} seed={} toolkit={}",
                rules.variant,
                rules.rows,
                rules.cols,
                r.oracle.name(),
                config.seed,
                toolkit_version()
            ),
            format!("command: {command}"),
            "lower/upper: best exact bounds so far (proven by black-lower.mix / white-upper.mix)"
                .into(),
        ],
        &r.rows,
    );
    write_atomic(&dir.join("convergence.csv"), csv.as_bytes())?;
    let game = darkhex::DarkHex::new(rules).map_err(JobError::runtime)?;
    let mut md = format!(
        "# Dark Hex {} {}×{} — exact double oracle\n\n- command: `{command}`\n- toolkit: {}\n- oracle: exact perfect-recall best response ({}), restricted games solved by a dense steepest-edge simplex with strategy generation, mixtures rounded to weights over 2^40\n- {} iterations, {:.1} s in total, {} + {} policies (Black + White){}\n- **lower {lower} ≈ {:.9}** (Black's mixture `black-lower.mix`, {} policies), **upper {upper} ≈ {:.9}** (White's mixture `white-upper.mix`, {} policies), **gap {:.3e}**\n- both bounds are exact: `gsolve darkhex certify OUT/black-lower.mix` and `… white-upper.mix` recompute them independently\n",
        rules.variant, rules.rows, rules.cols, toolkit_version(),
        if r.oracle == OracleKind::Lexicographic { "ties broken against the whole policy set" } else { "plain" },
        r.iterations, r.seconds, r.policies[0], r.policies[1],
        if r.converged { "; converged (neither best response was new)" } else { "" },
        lower.to_f64(), black.policies.len(), upper.to_f64(), white.policies.len(), r.gap()
    );
    if let Some((x, how)) = known_value(rules.rows, rules.cols, rules.variant) {
        // ≈0.909 is known to three decimals only.
        let slack = if x == 0.909 { 1e-3 } else { 0.0 };
        let inside = lower.to_f64() <= x + slack && x - slack <= upper.to_f64();
        md.push_str(&format!(
            "- known value {how}: {}\n",
            if inside {
                "inside the bracket"
            } else {
                "OUTSIDE the bracket"
            }
        ));
    }
    md.push_str("\nFiles: `black-lower.mix`, `white-upper.mix` (DARKHEX_MIXTURE certificates), `convergence.csv`, `do-checkpoint.bin` (policy sets, for `--resume`).\n");
    for (name, m) in [("Black", black), ("White", white)] {
        md.push_str(&format!(
            "\n## {name}'s first probe\n\n{}",
            first_probe_table(&game, &first_probe(&game, m))
        ));
    }
    write_atomic(&dir.join("summary.md"), md.as_bytes())
}
