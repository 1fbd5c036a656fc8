//! `gsolve darkhex` — certificates, solving (CFR or the exact double oracle), evaluation, the
//! small-board table.
//!
//! Every run is a job of `jobs::darkhex`; this module maps the arguments to the jobs' configs
//! (rejecting options that do not apply to the chosen algorithm), draws their progress and
//! prints their reports (human or `--json`).

use super::common::{command_line, print_json, progress_bar, CliError, CliResult, Global};
use super::darkhex_print::{print_cfr, print_double_oracle};
use darkhex::double_oracle::OracleKind;
use darkhex::strategy::Representation;
use darkhex::{DarkHex, Rules, Variant};
use indicatif::ProgressBar;
use jobs::darkhex::certify::CertifyReport;
use jobs::darkhex::cfr::{CfrConfig, RepresentationChoice};
use jobs::darkhex::double_oracle::DoubleOracleConfig;
use jobs::darkhex::{default_method, Method, Output, Stop};
use jobs::Progress;
use serde_json::json;
use std::path::PathBuf;

/// The best response's memo floor of `certify` and `symmetrise`.
#[derive(clap::Args, Debug)]
struct MemoFloor {
    /// Memoise only responder histories with more than N legal probes. The bound is exact for
    /// any N; only time and memory change. Default: 8 on abrupt boards (deep transpositions
    /// are rare there: the 4×4 abrupt certificates take a fifth of the memory), 0 (every
    /// history) on classical boards, where the responder's repeated probes transpose often.
    #[arg(long, value_name = "N")]
    memo_floor: Option<u32>,
}

/// Arguments of `gsolve darkhex`.
#[derive(clap::Args, Debug)]
pub struct DarkhexArgs {
    #[command(subcommand)]
    command: DarkhexCommand,
}

#[derive(clap::Subcommand, Debug)]
enum DarkhexCommand {
    /// Exact best response against a DARKHEX_MIXTURE certificate: prints the proven bound on
    /// Black's value as a fraction. 16-cell files pack 6 bits per event (`EVENT_BITS 6`); a
    /// legacy 16-cell file without that line is converted exactly and reported as such.
    Certify {
        /// The certificate (.mix).
        file: PathBuf,
        #[command(flatten)]
        memo: MemoFloor,
    },
    /// Write the certificate symmetrised (each policy with its 180° image at equal weight, as
    /// the published format requires; never a worse bound) to OUT and certify what was written.
    Symmetrise {
        /// The certificate (.mix).
        file: PathBuf,
        /// Where the symmetrised certificate goes.
        #[arg(long)]
        out: PathBuf,
        #[command(flatten)]
        memo: MemoFloor,
    },
    /// Play against a saved mixture (one command a line on stdin; see `play help`).
    Play(super::darkhex_play::PlayArgs),
    /// Solve a board: exact double oracle or CFR (see --algo), with proven brackets.
    Solve(Box<SolveArgs>),
    /// Exact bracket (both perfect-recall best responses) of a strategy file.
    Eval {
        /// A strategy.bin written by `solve`, a checkpoint.bin (its average strategy), or a
        /// perfect-recall text export (`export`'s output, or an OpenSpiel policy converted by
        /// `scripts/openspiel_eval.py import`).
        #[arg(long)]
        strategy: PathBuf,
        /// Skip best-response subtrees lighter than this (counted against the strategy, so
        /// the bracket stays rigorous); 0 = exact.
        #[arg(long, default_value_t = 0.0)]
        prune: f64,
        /// Evaluate the strategy purified at this threshold (see `solve --purify`).
        #[arg(long, default_value_t = 0.0)]
        purify: f64,
    },
    /// The text export of a strategy file (or of a checkpoint's average strategy) on stdout.
    Export {
        /// A strategy.bin written by `solve` (or a checkpoint.bin).
        strategy: PathBuf,
    },
    /// CFR values of every board of at most 9 cells (both variants) → OUT/values.md/.csv.
    Table(super::darkhex_table::TableArgs),
    /// Exact counts of each player's perfect-recall information sets (private histories at
    /// which it is to move) and views, by a dynamic program over views (4x4: about a minute,
    /// 344 MB).
    Count(super::darkhex_count::CountArgs),
    /// Write a uniform, rotation-invariant DARKHEX_MIXTURE of the identity and N random
    /// priority-order policies (each with its 180° image) for `certify`.
    PriorityMixture(super::darkhex_count::PriorityMixtureArgs),
    /// Write a smaller board's certificate played on a sub-board of a larger board (cells
    /// re-indexed, the other cells last in every priority) for `certify` there.
    Embed(super::darkhex_count::EmbedArgs),
}

/// `--algo`: the CFR variants and the double oracle.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Algo {
    /// Discounted CFR (α=1.5, β=0, γ=2).
    Dcfr,
    /// CFR⁺.
    #[value(name = "cfr+")]
    CfrPlus,
    /// Predictive CFR⁺.
    #[value(name = "pcfr+")]
    PcfrPlus,
    /// Linear CFR.
    Linear,
    /// Plain CFR.
    Vanilla,
    /// Exact double oracle: pure perfect-recall policies, exact best-response oracle, writes
    /// certificate-format mixtures black-lower.mix / white-upper.mix.
    #[value(name = "double-oracle", alias = "do")]
    DoubleOracle,
}

impl Algo {
    pub(super) fn cfr(self) -> Option<cfr::Algorithm> {
        Some(match self {
            Algo::Dcfr => cfr::Algorithm::DCFR_DEFAULT,
            Algo::CfrPlus => cfr::Algorithm::CfrPlus,
            Algo::PcfrPlus => cfr::Algorithm::PcfrPlus,
            Algo::Linear => cfr::Algorithm::Linear,
            Algo::Vanilla => cfr::Algorithm::Vanilla,
            Algo::DoubleOracle => return None,
        })
    }
}

/// `--repr`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Repr {
    /// Perfect recall (small boards).
    History,
    /// Own + known stones (imperfect recall).
    View,
    /// History when the board has at most 6 cells, view above.
    Auto,
}

#[derive(clap::Args, Debug, Clone)]
#[command(after_long_help = "\
Default algorithm (no --algo), chosen by measurement (results/darkhex/README.md): the \
double oracle, which is exact on every board of at most 6 cells in under a second (CFR needs \
131 s for 1e-5 on 3x2 abrupt) and reaches a proven gap of 1e-6 on the boards of 8-9 cells in \
about a minute (3x3 abrupt: 8.7e-12 in 67 s), where CFR's view abstraction stalls at gaps of \
0.03-0.14; dcfr on n x 1 abrupt with n >= 7 (where the double oracle stalls) and with \
--announce-touch (which certificates cannot express).

Options of one algorithm are an error with the other: --repr, --symmetric, --eval-secs, \
--prune, --purify, --no-eval and --max-nodes are CFR options; --initial-policies, --plain-oracle, \
--random-fallback, --inherit-fallback, --scratch-lp and --initial-from are double-oracle \
options; --no-symmetry applies to both.

Symmetry: both algorithms use the board's 180° rotation by default. CFR with history \
information sets ties each private history to its rotation (half the tree, so an iteration \
costs half; never slower to a given gap on 3x2 classical, 2x3 and 3x2 abrupt: \
results/darkhex/bench.md); --no-symmetry solves the plain history game. Views are always \
taken up to the rotation.")]
struct SolveArgs {
    /// Rows (Black joins top and bottom).
    #[arg(long)]
    rows: usize,
    /// Columns.
    #[arg(long)]
    cols: usize,
    /// classical or abrupt.
    #[arg(long, default_value = "classical")]
    variant: String,
    /// Tell a player when one of its stones is touched (CFR only).
    #[arg(long)]
    announce_touch: bool,
    /// The algorithm (case-insensitive; default: by board, see below).
    #[arg(long, value_enum, ignore_case = true)]
    algo: Option<Algo>,
    /// CFR: information sets (history, view, or auto: history on at most 6 cells).
    #[arg(long, value_enum, ignore_case = true)]
    repr: Option<Repr>,
    /// CFR with history information sets: tie each private history to its 180° rotation
    /// (the default there; only rotation-invariant strategies, half the tree and the sets, so
    /// an iteration costs about half). strategy.bin, the brackets and every file are the tied
    /// strategy expanded to every history, so eval, export, play and OpenSpiel read it as
    /// usual; a checkpoint resumes only with the same choice. An error with --no-symmetry and
    /// with the view representation, which is always taken up to the rotation.
    #[arg(long, conflicts_with = "no_symmetry")]
    symmetric: bool,
    /// Stop after this many iterations in total (CFR default without --gap/--time: 1000).
    #[arg(long)]
    iterations: Option<u64>,
    /// Stop when the proven gap (upper − lower bound on Black's value) is at most this.
    #[arg(long)]
    gap: Option<f64>,
    /// Stop after this many seconds of wall time in this run.
    #[arg(long)]
    time: Option<f64>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Output directory (default: runs/darkhex/ALGO-VARIANT-RxC under the current directory).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue from the checkpoint in OUT.
    #[arg(long)]
    resume: bool,
    /// Seed (double oracle: of the initial policies; CFR: recorded, CFR is deterministic).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Checkpoint interval in seconds (a first checkpoint is also written after about 5 s of
    /// solving and before a bracket measurement that follows unsaved solving).
    #[arg(long, default_value_t = 60.0)]
    checkpoint_secs: f64,
    /// CFR: measure the bracket at most every this many seconds of solving (0 = automatic:
    /// the best response takes at most about a quarter of the time).
    #[arg(long)]
    eval_secs: Option<f64>,
    /// CFR: best-response pruning threshold (rigorous, see `eval --prune`).
    #[arg(long)]
    prune: Option<f64>,
    /// CFR: save (and measure) the average strategy purified: probes below this probability
    /// dropped at every information set (0 = off). Makes the exact best response affordable
    /// on 4×3.
    #[arg(long)]
    purify: Option<f64>,
    /// CFR: do not measure the bracket (run `eval` on the strategy later).
    #[arg(long)]
    no_eval: bool,
    /// CFR: largest DAG to expand (default 60,000,000).
    #[arg(long)]
    max_nodes: Option<usize>,
    /// Double oracle: start with this many random priority-order policies per player besides
    /// the identity order (drawn from --seed).
    #[arg(long)]
    initial_policies: Option<usize>,
    /// Double oracle, with --plain-oracle: give each plain best response a random fallback
    /// priority (where the opponent's mixture never lets it go) instead of the identity order.
    #[arg(long, conflicts_with = "inherit_fallback")]
    random_fallback: bool,
    /// Double oracle, with --plain-oracle: let each plain best response play, where the
    /// opponent's mixture never lets it go, like a policy drawn from the responder's own
    /// restricted mixture.
    #[arg(long)]
    inherit_fallback: bool,
    /// Double oracle: use the plain best response instead of breaking its ties against the
    /// whole policy set.
    #[arg(long)]
    plain_oracle: bool,
    /// Double oracle: solve every restricted game from scratch instead of continuing the
    /// previous iteration's linear program (slower; the equilibria picked, hence the path,
    /// differ). For comparisons with runs before the kept program.
    #[arg(long)]
    scratch_lp: bool,
    /// Ignore the board's 180° rotation. Double oracle: policy sets not closed under it (the
    /// written mixtures are still symmetrised and certified again). CFR with history
    /// information sets: solve the plain history game instead of the rotation-tied one (an
    /// error with the view representation).
    #[arg(long)]
    no_symmetry: bool,
    /// Double oracle: start from this DARKHEX_MIXTURE (repeatable; e.g. an earlier run's
    /// black-lower.mix and white-upper.mix): its policies join the initial set, its bound the
    /// bracket.
    #[arg(long)]
    initial_from: Vec<PathBuf>,
}

/// Run `gsolve darkhex`.
pub fn run(args: DarkhexArgs, global: &Global) -> CliResult {
    match args.command {
        DarkhexCommand::Certify { file, memo } => print_certified(
            &file,
            &jobs::darkhex::certify::certify(&file, memo.memo_floor)?,
            global,
        ),
        DarkhexCommand::Symmetrise { file, out, memo } => print_certified(
            &out,
            &jobs::darkhex::certify::symmetrise(&file, &out, memo.memo_floor)?,
            global,
        ),
        DarkhexCommand::Solve(a) => solve(&a, global),
        DarkhexCommand::Play(a) => super::darkhex_play::run(&a, global),
        DarkhexCommand::Eval {
            strategy,
            prune,
            purify,
        } => eval(&strategy, prune, purify, global),
        DarkhexCommand::Export { strategy } => {
            let text = jobs::darkhex::certify::export(&strategy)?;
            if global.json {
                print_json(&json!({ "strategy": strategy.display().to_string(), "text": text }));
            } else {
                print!("{text}");
            }
            Ok(())
        }
        DarkhexCommand::Table(a) => super::darkhex_table::run(a, global),
        DarkhexCommand::Count(a) => super::darkhex_count::count(a, global),
        DarkhexCommand::PriorityMixture(a) => super::darkhex_count::priority_mixture(a, global),
        DarkhexCommand::Embed(a) => super::darkhex_count::embed(a, global),
    }
}

/// A job's progress drawn as an indicatif bar (hidden with `--json` or off a terminal); its
/// messages go to stderr except with `--json`.
pub(super) struct BarProgress {
    bar: ProgressBar,
    json: bool,
}

impl BarProgress {
    pub(super) fn new(global: &Global) -> Self {
        BarProgress {
            bar: progress_bar(global, 0, "darkhex"),
            json: global.json,
        }
    }
}

impl Progress for BarProgress {
    fn start(&self, what: &str, total: u64) {
        self.bar.set_prefix(what.to_string());
        self.bar.set_style(super::common::bar_style(total));
        self.bar.set_length(total);
        self.bar.set_position(0);
    }
    fn advance(&self, done: u64, note: &str) {
        self.bar.set_position(done);
        if !note.is_empty() {
            self.bar.set_message(note.to_string());
        }
    }
    fn message(&self, line: &str) {
        if self.json {
        } else if self.bar.is_hidden() {
            eprintln!("{line}");
        } else {
            self.bar.println(line);
        }
    }
    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

fn print_certified(file: &std::path::Path, r: &CertifyReport, global: &Global) -> CliResult {
    let (m, c) = (&r.mixture, &r.certified);
    let bound = if c.owner == 0 { "lower" } else { "upper" };
    if global.json {
        print_json(&json!({
            "file": file.display().to_string(),
            "rows": m.rules.rows, "cols": m.rules.cols, "variant": m.rules.variant.name(),
            "owner": if c.owner == 0 { "black" } else { "white" },
            "policies": m.policies.len(),
            "value": c.black_value.to_string(),
            "value_f64": c.black_value.to_f64(),
            "bound": bound,
            "responder_value": c.responder_value.to_string(),
            "responder_nodes": c.responder_nodes,
            "memo_hits": c.memo_hits,
            "rotation_invariant": m.is_rotation_invariant(),
            "event_bits": m.rules.event_bits(),
            "legacy_converted": r.legacy_converted,
            "memo_floor": r.memo_floor,
            "seconds": r.seconds,
        }));
    } else {
        println!("{}", c.black_value);
        eprintln!(
            "{}: {} {}x{} mixture of {} policies for {}; exact best response of {} wins {} — Black's value {} ≈ {:.7} is a proven {bound} bound ({} responder histories, {:.3} s){}{}",
            file.display(), m.rules.variant, m.rules.rows, m.rules.cols, m.policies.len(),
            if c.owner == 0 { "Black" } else { "White" },
            if c.owner == 0 { "White" } else { "Black" },
            c.responder_value, c.black_value, c.black_value.to_f64(), c.responder_nodes, r.seconds,
            if r.legacy_converted { "; a legacy 16-cell file (5-bit histories, no EVENT_BITS 6 line), converted exactly: the value is the legacy numbers' (`darkhex symmetrise` writes a 6-bit file)" } else { "" },
            if m.is_rotation_invariant() { "" } else { "; the mixture is not rotation invariant (written before gsolve symmetrised its mixtures; the published format requires it)" }
        );
    }
    Ok(())
}

fn eval(path: &std::path::Path, prune: f64, purify: f64, global: &Global) -> CliResult {
    let r = jobs::darkhex::certify::eval(path, prune, purify)?;
    let (h, b) = (&r.file.header, &r.bracket);
    if global.json {
        print_json(&json!({
            "strategy": path.display().to_string(),
            "rows": h.rules.rows, "cols": h.rules.cols, "variant": h.rules.variant.name(),
            "representation": h.representation.name(),
            "algorithm": h.algorithm, "iterations": h.iterations,
            "lower": b.lower, "upper": b.upper, "gap": b.gap,
            "responder_nodes": b.nodes, "prune": prune, "purify": purify, "seconds": r.seconds,
        }));
    } else {
        println!(
            "{} {}x{} {} ({} information sets, {}, {} iterations): lower {:.9} upper {:.9} gap {:.3e} ({:.2} s, {} responder histories)",
            h.rules.variant, h.rules.rows, h.rules.cols, h.representation.name(),
            r.file.entries.len(), h.algorithm, h.iterations, b.lower, b.upper, b.gap, r.seconds,
            b.nodes
        );
    }
    Ok(())
}

impl SolveArgs {
    fn rules(&self) -> Result<Rules, CliError> {
        let variant: Variant = self.variant.parse().map_err(CliError::input)?;
        let rules = Rules {
            rows: self.rows,
            cols: self.cols,
            variant,
            announce_touch: self.announce_touch,
        };
        DarkHex::new(rules).map_err(CliError::input)?;
        Ok(rules)
    }

    /// The options given that belong to CFR only / to the double oracle only.
    fn given(&self) -> (Vec<&'static str>, Vec<&'static str>) {
        let mut cfr = Vec::new();
        let mut dbl = Vec::new();
        let note = |on: bool, list: &mut Vec<&'static str>, name| {
            if on {
                list.push(name)
            }
        };
        note(self.repr.is_some(), &mut cfr, "--repr");
        note(self.symmetric, &mut cfr, "--symmetric");
        note(self.eval_secs.is_some(), &mut cfr, "--eval-secs");
        note(self.prune.is_some(), &mut cfr, "--prune");
        note(self.purify.is_some(), &mut cfr, "--purify");
        note(self.no_eval, &mut cfr, "--no-eval");
        note(self.max_nodes.is_some(), &mut cfr, "--max-nodes");
        note(
            self.initial_policies.is_some(),
            &mut dbl,
            "--initial-policies",
        );
        note(self.plain_oracle, &mut dbl, "--plain-oracle");
        note(self.random_fallback, &mut dbl, "--random-fallback");
        note(self.inherit_fallback, &mut dbl, "--inherit-fallback");
        note(self.scratch_lp, &mut dbl, "--scratch-lp");
        note(!self.initial_from.is_empty(), &mut dbl, "--initial-from");
        (cfr, dbl)
    }

    /// Check `--threads`, `--gap`, `--time` and `--checkpoint-secs`, and size rayon's pool.
    fn limits(&self) -> Result<Stop, CliError> {
        if let Some(t) = self.threads {
            if t == 0 {
                return Err(CliError::input("--threads must be at least 1"));
            }
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(t)
                .build_global();
        }
        for (name, v) in [
            ("--gap", self.gap),
            ("--time", self.time),
            ("--checkpoint-secs", Some(self.checkpoint_secs)),
        ] {
            if v.is_some_and(|v| !(v.is_finite() && v >= 0.0)) {
                return Err(CliError::input(format!(
                    "{name} must be a non-negative number"
                )));
            }
        }
        for (name, v) in [("--prune", self.prune), ("--purify", self.purify)] {
            if let Some(v) = v {
                jobs::darkhex::certify::check_probability(name, v)?;
            }
        }
        if self.eval_secs.is_some_and(|v| !(v.is_finite() && v >= 0.0)) {
            return Err(CliError::input("--eval-secs must be a non-negative number"));
        }
        if self.iterations == Some(0) {
            return Err(CliError::input(
                "--iterations 0: expected at least 1 iteration",
            ));
        }
        if self.max_nodes == Some(0) {
            return Err(CliError::input("--max-nodes 0: expected at least 1 node"));
        }
        if self.no_eval {
            // Without a measured bracket the gap never falls: --gap would never stop the run.
            for (other, given) in [
                ("--gap", self.gap.is_some()),
                ("--eval-secs", self.eval_secs.is_some()),
                ("--prune", self.prune.is_some()),
            ] {
                if given {
                    return Err(CliError::input(format!(
                        "--no-eval contradicts {other}: the bracket is never measured"
                    )));
                }
            }
        }
        Ok(Stop {
            iterations: self.iterations,
            time: self.time,
            gap: self.gap,
        })
    }

    fn output(&self, default_dir: String) -> Result<Output, CliError> {
        let dir = self
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from("runs/darkhex").join(default_dir));
        jobs::output::check_writable_dir("--out", &dir)?;
        Ok(Output {
            dir: Some(dir),
            resume: self.resume,
            checkpoint_secs: self.checkpoint_secs,
            command: command_line(),
        })
    }
}

fn solve(a: &SolveArgs, global: &Global) -> CliResult {
    let rules = a.rules()?;
    let stop = a.limits()?;
    let (by_default, method) = match a.algo {
        None => (true, default_method(&rules)),
        Some(Algo::DoubleOracle) => (false, Method::DoubleOracle),
        Some(_) => (false, Method::Cfr),
    };
    let (cfr_only, do_only) = a.given();
    let (wrong, name) = match method {
        Method::Cfr => (do_only, "CFR"),
        Method::DoubleOracle => (cfr_only, "the double oracle"),
    };
    if !wrong.is_empty() {
        return Err(CliError::input(format!(
            "{} {} not apply to {name}{}",
            wrong.join(", "),
            if wrong.len() == 1 { "does" } else { "do" },
            if by_default {
                " (the default algorithm on this board; choose one with --algo)".to_string()
            } else {
                format!(
                    " (--algo {})",
                    a.algo
                        .and_then(|x| clap::ValueEnum::to_possible_value(&x))
                        .map_or(String::new(), |v| v.get_name().to_string())
                )
            }
        )));
    }
    let progress = BarProgress::new(global);
    match method {
        Method::DoubleOracle => {
            if rules.announce_touch {
                return Err(CliError::input(
                    "--algo double-oracle needs rules without --announce-touch (the certificate format has no announcements)",
                ));
            }
            let oracle = match (a.plain_oracle, a.random_fallback, a.inherit_fallback) {
                (false, false, false) => OracleKind::Lexicographic,
                (false, _, _) => {
                    return Err(CliError::input(
                        "--random-fallback and --inherit-fallback apply to the plain oracle: add --plain-oracle",
                    ))
                }
                (true, true, _) => OracleKind::RandomFallback,
                (true, _, true) => OracleKind::InheritFallback,
                (true, false, false) => OracleKind::Plain,
            };
            let config = DoubleOracleConfig {
                rules,
                oracle,
                initial_policies: a.initial_policies.unwrap_or(0),
                seed: a.seed,
                scratch_lp: a.scratch_lp,
                symmetric: !a.no_symmetry,
                seeds: a
                    .initial_from
                    .iter()
                    .map(|p| jobs::darkhex::certify::read_mixture(p))
                    .collect::<Result<_, _>>()?,
                stop,
                output: a.output(format!(
                    "double-oracle-{}-{}x{}",
                    rules.variant, rules.rows, rules.cols
                ))?,
            };
            let r = jobs::darkhex::double_oracle::run(&config, &progress)?;
            print_double_oracle(&r, global);
        }
        Method::Cfr => {
            let config = cfr_config(a, rules, stop)?;
            let r = jobs::darkhex::cfr::run(&config, &progress)?;
            print_cfr(&r, global);
        }
    }
    Ok(())
}

/// The CFR run the arguments ask for. History information sets are tied under the 180° rotation
/// unless `--no-symmetry` (measured: `results/darkhex/bench.md`, never slower, an iteration
/// costs half); views are always taken up to the rotation, so `--symmetric` or `--no-symmetry`
/// with them is an error, found before any folder is made.
fn cfr_config(a: &SolveArgs, rules: Rules, stop: Stop) -> Result<CfrConfig, CliError> {
    let representation = match a.repr.unwrap_or(Repr::Auto) {
        Repr::History => RepresentationChoice::History,
        Repr::View => RepresentationChoice::View,
        Repr::Auto => RepresentationChoice::Auto,
    };
    let mut config = CfrConfig {
        rules,
        algorithm: a
            .algo
            .and_then(Algo::cfr)
            .unwrap_or(cfr::Algorithm::DCFR_DEFAULT),
        representation,
        symmetric: a.symmetric,
        seed: a.seed,
        stop,
        eval_secs: a.eval_secs.unwrap_or(0.0),
        prune: a.prune.unwrap_or(0.0),
        purify: a.purify.unwrap_or(0.0),
        no_eval: a.no_eval,
        max_nodes: a.max_nodes.unwrap_or(60_000_000),
        output: Output::default(),
    };
    let views = config.resolved_representation()? == Representation::View;
    if views && a.no_symmetry {
        return Err(CliError::input(
            "--no-symmetry unties history information sets, but this run's representation is view (--repr view, or auto on more than 6 cells), which is always taken up to the 180° rotation",
        ));
    }
    config.symmetric = !views && !a.no_symmetry;
    config.output = a.output(format!("{}-{}x{}", rules.variant, rules.rows, rules.cols))?;
    Ok(config)
}

/// `gsolve bench darkhex`: the benchmark job, written to `out`.
pub fn bench(out: PathBuf, global: &Global) -> CliResult {
    jobs::output::check_writable_file("--out", &out)?;
    let config = jobs::darkhex::bench::BenchConfig {
        out: out.clone(),
        certificates: PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data/darkhex-certificates"
        )),
        command: command_line(),
    };
    let r = jobs::darkhex::bench::run(&config, &BarProgress::new(global))?;
    if global.json {
        print_json(&json!({"results": r.results, "out": out.display().to_string()}));
    } else {
        println!("{}", r.markdown);
    }
    Ok(())
}
