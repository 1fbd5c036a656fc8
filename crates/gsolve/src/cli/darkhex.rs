//! `gsolve darkhex` — certificates, CFR solving, evaluation and the small-board table.
//!
//! All computation is in the `darkhex` and `cfr` crates; this module parses arguments, runs
//! the solve loop (iterate, measure the exact bracket, checkpoint), shows progress and writes
//! the result files atomically.

use super::common::{
    command_line, print_json, progress_bar, toolkit_version, write_atomic, CliError, CliResult,
    Global,
};
use cfr::{Algorithm, Checkpoint, Solver};
use darkhex::certificate::{best_response as certificate_response, Mixture};
use darkhex::extensive::{HistoryGame, ViewGame};
use darkhex::response::{exact_bracket, file_strategy, ExactBracket};
use darkhex::strategy::{
    first_probe_table, CheckpointFile, Entry, Representation, StrategyFile, StrategyHeader,
    CHECKPOINT_MAGIC, FORMAT_VERSION, STRATEGY_MAGIC,
};
use darkhex::{DarkHex, Rules, Variant};
use game::extensive::ExtensiveGame;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `gsolve darkhex`.
#[derive(clap::Args, Debug)]
pub struct DarkhexArgs {
    #[command(subcommand)]
    command: DarkhexCommand,
}

#[derive(clap::Subcommand, Debug)]
enum DarkhexCommand {
    /// Exact best response against a DARKHEX_MIXTURE certificate: prints the proven bound on
    /// Black's value as a fraction.
    Certify {
        /// The certificate (.mix).
        file: PathBuf,
    },
    /// Compute strategies by CFR and measure their exact bracket.
    Solve(Box<SolveArgs>),
    /// Exact bracket (both perfect-recall best responses) of a strategy file.
    Eval {
        /// A strategy.bin written by `solve` (or a checkpoint.bin: its average strategy).
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
    /// Values of every board of at most 9 cells (both variants) → results/darkhex/values.md/.csv.
    Table(TableArgs),
}

#[derive(clap::Args, Debug, Clone)]
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
    /// Tell a player when one of its stones is touched.
    #[arg(long)]
    announce_touch: bool,
    /// dcfr (α=1.5, β=0, γ=2), cfr+, pcfr+ (predictive CFR+), linear, vanilla, or
    /// double-oracle (exact: pure perfect-recall policies, exact best-response oracle, writes
    /// certificate-format mixtures black-lower.mix / white-upper.mix).
    #[arg(long, default_value = "dcfr")]
    algo: String,
    /// Information sets: history (perfect recall; small boards), view (own + known stones,
    /// imperfect recall), or auto (history when the tree fits in --max-nodes).
    #[arg(long, default_value = "auto")]
    repr: String,
    /// Stop after this many iterations in total.
    #[arg(long)]
    iterations: Option<u64>,
    /// Stop when the measured gap is at most this.
    #[arg(long)]
    gap: Option<f64>,
    /// Stop after this many seconds of CFR in this run (best responses not counted).
    #[arg(long)]
    time: Option<f64>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Output directory.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue from OUT/checkpoint.bin.
    #[arg(long)]
    resume: bool,
    /// Seed recorded in the files (the solvers are deterministic).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Checkpoint interval in seconds.
    #[arg(long, default_value_t = 600.0)]
    checkpoint_secs: f64,
    /// Measure the bracket at most every this many seconds of solving (0 = automatic: the
    /// best response takes at most about a quarter of the time).
    #[arg(long, default_value_t = 0.0)]
    eval_secs: f64,
    /// Best-response pruning threshold (rigorous, see `eval --prune`).
    #[arg(long, default_value_t = 0.0)]
    prune: f64,
    /// Save (and measure) the average strategy purified: probes below this probability
    /// dropped at every information set (0 = off). Makes the exact best response affordable
    /// on 4×3.
    #[arg(long, default_value_t = 0.0)]
    purify: f64,
    /// Do not measure the bracket (run `eval` on the strategy later).
    #[arg(long)]
    no_eval: bool,
    /// Largest DAG to expand.
    #[arg(long, default_value_t = 60_000_000)]
    max_nodes: usize,
    /// Double oracle: start with this many random priority-order policies per player besides
    /// the identity order (drawn from --seed).
    #[arg(long, default_value_t = 0)]
    initial_policies: usize,
    /// Double oracle: give each plain best response a random fallback priority (where the
    /// opponent's mixture never lets it go) instead of the identity order.
    #[arg(long, conflicts_with = "inherit_fallback")]
    random_fallback: bool,
    /// Double oracle: let each plain best response play, where the opponent's mixture never
    /// lets it go, like a policy drawn from the responder's own restricted mixture.
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
}

#[derive(clap::Args, Debug)]
struct TableArgs {
    /// Output directory.
    #[arg(long, default_value = "results/darkhex")]
    out: PathBuf,
    /// Seconds of CFR per board and variant.
    #[arg(long, default_value_t = 60.0)]
    time: f64,
    /// Target gap per board.
    #[arg(long, default_value_t = 1e-6)]
    gap: f64,
    /// CFR variant (see `solve --algo`).
    #[arg(long, default_value = "pcfr+")]
    algo: String,
    /// Also try 4x3 and 3x4 (view abstraction) with this many seconds each (0 = skip).
    #[arg(long, default_value_t = 0.0)]
    large_time: f64,
}

/// Run `gsolve darkhex`.
pub fn run(args: DarkhexArgs, global: &Global) -> CliResult {
    match args.command {
        DarkhexCommand::Certify { file } => certify(&file, global),
        DarkhexCommand::Solve(a) if a.algo == "double-oracle" || a.algo == "do" => {
            solve_double_oracle(&a, global)
        }
        DarkhexCommand::Solve(a) => {
            let r = solve(*a, global)?;
            print_report(&r, global);
            Ok(())
        }
        DarkhexCommand::Eval {
            strategy,
            prune,
            purify,
        } => eval(&strategy, prune, purify, global),
        DarkhexCommand::Table(a) => table(a, global),
    }
}

fn certify(file: &Path, global: &Global) -> CliResult {
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", file.display())))?;
    let start = Instant::now();
    let m =
        Mixture::parse(&text).map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    let c = certificate_response(&m);
    let secs = start.elapsed().as_secs_f64();
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
            "seconds": secs,
        }));
    } else {
        println!("{}", c.black_value);
        eprintln!(
            "{}: {} {}x{} mixture of {} policies for {}; exact best response of {} wins {} — Black's value {} ≈ {:.7} is a proven {bound} bound ({} responder histories, {:.3} s)",
            file.display(),
            m.rules.variant,
            m.rules.rows,
            m.rules.cols,
            m.policies.len(),
            if c.owner == 0 { "Black" } else { "White" },
            if c.owner == 0 { "White" } else { "Black" },
            c.responder_value,
            c.black_value,
            c.black_value.to_f64(),
            c.responder_nodes,
            secs
        );
    }
    Ok(())
}

fn eval(path: &Path, prune: f64, purify: f64, global: &Global) -> CliResult {
    let bytes = std::fs::read(path)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
    let mut f = if bytes.starts_with(&CHECKPOINT_MAGIC) {
        strategy_from_checkpoint(&bytes)
    } else {
        StrategyFile::from_bytes(&bytes).map_err(|e| e.to_string())
    }
    .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    f.purify(purify);
    let start = Instant::now();
    let game = f.game();
    let b = exact_bracket(&game, &*file_strategy(&f), prune);
    let secs = start.elapsed().as_secs_f64();
    if global.json {
        print_json(&json!({
            "strategy": path.display().to_string(),
            "rows": f.header.rules.rows, "cols": f.header.rules.cols,
            "variant": f.header.rules.variant.name(),
            "representation": f.header.representation.name(),
            "algorithm": f.header.algorithm, "iterations": f.header.iterations,
            "lower": b.lower, "upper": b.upper, "gap": b.gap,
            "responder_nodes": b.nodes, "prune": prune, "purify": purify, "seconds": secs,
        }));
    } else {
        println!(
            "{} {}x{} {} ({} information sets, {}, {} iterations): lower {:.9} upper {:.9} gap {:.3e} ({:.2} s, {} responder histories)",
            f.header.rules.variant, f.header.rules.rows, f.header.rules.cols,
            f.header.representation.name(), f.entries.len(), f.header.algorithm,
            f.header.iterations, b.lower, b.upper, b.gap, secs, b.nodes
        );
    }
    Ok(())
}

/// The average strategy stored in a checkpoint (validated like a strategy file).
fn strategy_from_checkpoint(bytes: &[u8]) -> Result<StrategyFile, String> {
    let c = CheckpointFile::from_bytes(bytes).map_err(|e| e.to_string())?;
    let game = DarkHex::new(c.header.rules).map_err(|e| e.to_string())?;
    let (keys, sums): (Vec<(u8, u128, usize)>, Vec<f64>) = match c.header.representation {
        Representation::History => {
            let s: Checkpoint<u128> =
                Checkpoint::from_bytes(&c.solver).map_err(|e| e.to_string())?;
            let mut keys = Vec::with_capacity(s.keys.len());
            for k in s.keys {
                let (p, h) = ((k >> 127) as u8, k & !(1u128 << 127));
                let (own, known) = darkhex::strategy::replay_history(&game, p, h)?;
                keys.push((p, h, (game.all() & !(own | known)).count_ones() as usize));
            }
            (keys, s.strategy_sum)
        }
        Representation::View => {
            let s: Checkpoint<u64> =
                Checkpoint::from_bytes(&c.solver).map_err(|e| e.to_string())?;
            let keys = s
                .keys
                .iter()
                .map(|&k| {
                    let (own, known) = ((k >> 16) & 0xffff, k & 0xffff);
                    let n = (game.all() & !(own | known)).count_ones() as usize;
                    ((k >> 32) as u8, (k & 0xffff_ffff) as u128, n)
                })
                .collect();
            (keys, s.strategy_sum)
        }
    };
    let mut entries = Vec::with_capacity(keys.len());
    let mut o = 0usize;
    for (player, key, n) in keys {
        let slice = sums
            .get(o..o + n)
            .ok_or("checkpoint shorter than its information sets")?;
        o += n;
        let total: f64 = slice.iter().sum();
        let probs = if total > 0.0 {
            slice.iter().map(|v| v / total).collect()
        } else {
            vec![1.0 / n as f64; n]
        };
        entries.push(Entry { player, key, probs });
    }
    if o != sums.len() {
        return Err("checkpoint longer than its information sets".into());
    }
    entries.sort_by_key(|e| (e.player, e.key));
    let mut header = c.header;
    header.magic = STRATEGY_MAGIC;
    let f = StrategyFile { header, entries };
    // Re-validate through the strategy reader.
    StrategyFile::from_bytes(&f.to_bytes()).map_err(|e| e.to_string())
}

/// What a finished solve reports.
struct SolveReport {
    rules: Rules,
    representation: Representation,
    algorithm: Algorithm,
    iterations: u64,
    seconds: f64,
    bracket: Option<ExactBracket>,
    nodes: usize,
    infosets: usize,
    out: PathBuf,
}

fn parse_rules(a: &SolveArgs) -> Result<Rules, CliError> {
    let variant: Variant = a.variant.parse().map_err(CliError::input)?;
    let rules = Rules {
        rows: a.rows,
        cols: a.cols,
        variant,
        announce_touch: a.announce_touch,
    };
    DarkHex::new(rules).map_err(CliError::input)?;
    Ok(rules)
}

/// Check `--threads`, `--gap` and `--time` (shared by every `solve` algorithm) and size
/// rayon's global pool.
fn check_limits(a: &SolveArgs) -> Result<(), CliError> {
    if let Some(t) = a.threads {
        if t == 0 {
            return Err(CliError::input("--threads must be at least 1"));
        }
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global();
    }
    for (name, v) in [("--gap", a.gap), ("--time", a.time)] {
        if let Some(v) = v {
            if !(v.is_finite() && v >= 0.0) {
                return Err(CliError::input(format!(
                    "{name} must be a non-negative number"
                )));
            }
        }
    }
    Ok(())
}

fn solve(a: SolveArgs, global: &Global) -> Result<SolveReport, CliError> {
    let rules = parse_rules(&a)?;
    let algorithm = Algorithm::parse(&a.algo).map_err(CliError::input)?;
    check_limits(&a)?;
    let game = DarkHex::new(rules).map_err(CliError::input)?;
    let out = a.out.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "results/darkhex/{}-{}x{}",
            rules.variant, rules.rows, rules.cols
        ))
    });
    let repr = match a.repr.as_str() {
        "history" => Representation::History,
        "view" => Representation::View,
        "auto" => {
            if rules.rows * rules.cols <= 6 {
                Representation::History
            } else {
                Representation::View
            }
        }
        other => {
            return Err(CliError::input(format!(
                "unknown --repr {other:?}: expected history, view or auto"
            )))
        }
    };
    match repr {
        Representation::History => {
            let g = HistoryGame(game.clone());
            run_solve(&g, &game, repr, algorithm, &a, &out, global, |k| {
                ((k >> 127) as u8, k & !(1u128 << 127))
            })
        }
        Representation::View => {
            let g = ViewGame(game.clone());
            run_solve(&g, &game, repr, algorithm, &a, &out, global, |k: u64| {
                ((k >> 32) as u8, (k & 0xffff_ffff) as u128)
            })
        }
    }
}

fn header(
    rules: Rules,
    repr: Representation,
    algorithm: Algorithm,
    iterations: u64,
    seed: u64,
    magic: [u8; 8],
    bracket: Option<ExactBracket>,
) -> StrategyHeader {
    StrategyHeader {
        magic,
        version: FORMAT_VERSION,
        game: "darkhex".into(),
        rules,
        representation: repr,
        algorithm: algorithm.describe(),
        iterations,
        seed,
        toolkit: toolkit_version(),
        command: command_line(),
        bracket: bracket.map_or((f64::NAN, f64::NAN), |b| (b.lower, b.upper)),
    }
}

#[allow(clippy::type_complexity)]
fn run_solve<G, K>(
    g: &G,
    game: &DarkHex,
    repr: Representation,
    algorithm: Algorithm,
    a: &SolveArgs,
    out: &Path,
    global: &Global,
    split: impl Fn(K) -> (u8, u128),
) -> Result<SolveReport, CliError>
where
    G: ExtensiveGame<InfoKey = K>,
    K: Copy
        + Eq
        + std::hash::Hash
        + std::fmt::Debug
        + Send
        + Sync
        + serde::Serialize
        + for<'de> serde::Deserialize<'de>,
{
    let rules = *game.rules();
    let checkpoint_path = out.join("checkpoint.bin");
    if checkpoint_path.exists() && !a.resume {
        return Err(CliError::input(format!(
            "{} exists: pass --resume to continue it, or choose another --out",
            checkpoint_path.display()
        )));
    }
    let build_start = Instant::now();
    let mut solver = Solver::new(g, algorithm, a.max_nodes).map_err(CliError::runtime)?;
    let build_secs = build_start.elapsed().as_secs_f64();
    if !global.json {
        let t = solver.tree();
        eprintln!(
            "{} {}x{} {}: {} information sets, DAG of {} nodes and {} edges ({} determined nodes made terminal), ~{} MiB, built in {:.1} s",
            rules.variant, rules.rows, rules.cols, repr.name(), t.infosets(), t.nodes(), t.edges(),
            t.fixed_nodes(), t.memory_bytes() >> 20, build_secs
        );
    }
    let mut rows: Vec<(u64, f64, f64, f64, f64)> = Vec::new();
    let mut seconds_before = 0.0;
    if a.resume {
        let bytes = read_for_resume(&checkpoint_path)?;
        let c = CheckpointFile::from_bytes(&bytes)
            .map_err(|e| CliError::input(format!("{}: {e}", checkpoint_path.display())))?;
        if c.header.rules != rules || c.header.representation != repr {
            return Err(CliError::input(format!(
                "{}: checkpoint is for {:?} ({}), this run asks for {:?} ({})",
                checkpoint_path.display(),
                c.header.rules,
                c.header.representation.name(),
                rules,
                repr.name()
            )));
        }
        let state: Checkpoint<K> = Checkpoint::from_bytes(&c.solver)
            .map_err(|e| CliError::input(format!("{}: {e}", checkpoint_path.display())))?;
        solver
            .restore(state)
            .map_err(|e| CliError::input(format!("{}: {e}", checkpoint_path.display())))?;
        rows = c.rows;
        seconds_before = c.seconds;
    }
    let target_iters = a
        .iterations
        .unwrap_or(if a.gap.is_some() || a.time.is_some() {
            u64::MAX
        } else {
            1000
        });
    let bar = progress_bar(
        global,
        if target_iters == u64::MAX {
            0
        } else {
            target_iters
        },
        "darkhex solve",
    );
    bar.set_position(solver.iterations());
    let start = Instant::now();
    let mut last_checkpoint = Instant::now();
    let mut solve_secs_since_eval = 0.0f64;
    let mut solve_secs = 0.0f64;
    let mut last_eval_secs = 0.0f64;
    let mut last: Option<ExactBracket> = None;
    let mut chunk = 1u64;
    let to_file = |solver: &Solver<K>, bracket: Option<ExactBracket>| -> StrategyFile {
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
            header: header(
                rules,
                repr,
                algorithm,
                solver.iterations(),
                a.seed,
                STRATEGY_MAGIC,
                bracket,
            ),
            entries,
        };
        f.purify(a.purify);
        f
    };
    let write_checkpoint =
        |solver: &Solver<K>, rows: &Vec<(u64, f64, f64, f64, f64)>, secs: f64| -> CliResult {
            let c = CheckpointFile {
                header: header(
                    rules,
                    repr,
                    algorithm,
                    solver.iterations(),
                    a.seed,
                    CHECKPOINT_MAGIC,
                    None,
                ),
                rows: rows.clone(),
                seconds: secs,
                solver: solver.checkpoint().to_bytes(),
            };
            write_atomic(&checkpoint_path, &c.to_bytes())
        };
    loop {
        let time_up = a.time.is_some_and(|t| solve_secs >= t);
        let iters_done = solver.iterations() >= target_iters;
        let gap_done = matches!((a.gap, last), (Some(g), Some(b)) if b.gap <= g);
        let eval_due = solver.iterations() > 0
            && (if a.eval_secs > 0.0 {
                solve_secs_since_eval >= a.eval_secs
            } else {
                // Best responses take at most about a quarter of the time.
                solve_secs_since_eval >= (3.0 * last_eval_secs).max(1.0)
            });
        let finishing = time_up || iters_done || gap_done;
        if (eval_due || finishing)
            && !a.no_eval
            && !gap_done
            && (last.is_none() || solve_secs_since_eval > 0.0)
        {
            let t = Instant::now();
            let f = to_file(&solver, None);
            let b = exact_bracket(game, &*file_strategy(&f), a.prune);
            last_eval_secs = t.elapsed().as_secs_f64();
            solve_secs_since_eval = 0.0;
            rows.push((
                solver.iterations(),
                seconds_before + start.elapsed().as_secs_f64(),
                b.lower,
                b.upper,
                b.gap,
            ));
            bar.set_message(format!(
                "it {} lower {:.7} upper {:.7} gap {:.2e}",
                solver.iterations(),
                b.lower,
                b.upper,
                b.gap
            ));
            if bar.is_hidden() && !global.json {
                eprintln!(
                    "[{:.0} s] iteration {} lower {:.9} upper {:.9} gap {:.3e} (best responses {:.1} s, {} histories)",
                    seconds_before + start.elapsed().as_secs_f64(),
                    solver.iterations(), b.lower, b.upper, b.gap, last_eval_secs, b.nodes
                );
            }
            last = Some(b);
            continue;
        }
        if finishing {
            break;
        }
        if last_checkpoint.elapsed().as_secs_f64() >= a.checkpoint_secs {
            write_checkpoint(
                &solver,
                &rows,
                seconds_before + start.elapsed().as_secs_f64(),
            )?;
            // The latest average strategy too, so a long run can be evaluated while it goes on.
            write_atomic(
                &out.join("strategy.bin"),
                &to_file(&solver, None).to_bytes(),
            )?;
            last_checkpoint = Instant::now();
        }
        let t = Instant::now();
        let n = chunk.min(target_iters - solver.iterations());
        solver.iterate(n);
        let dt = t.elapsed().as_secs_f64();
        solve_secs_since_eval += dt;
        solve_secs += dt;
        // Chunks of about a second between checks.
        if dt < 0.5 {
            chunk = (chunk * 2).min(1 << 20);
        } else if dt > 2.0 && chunk > 1 {
            chunk /= 2;
        }
        bar.set_position(solver.iterations());
    }
    bar.finish_and_clear();
    let total_secs = seconds_before + start.elapsed().as_secs_f64();
    write_checkpoint(&solver, &rows, total_secs)?;
    let file = to_file(&solver, last);
    write_atomic(&out.join("strategy.bin"), &file.to_bytes())?;
    write_atomic(&out.join("strategy.txt"), file.to_text().as_bytes())?;
    let mut csv = format!(
        "# gsolve darkhex solve: {} {}x{} announce_touch={} representation={} algorithm={} seed={} toolkit={}\n# command: {}\niteration,seconds,lower,upper,gap\n",
        rules.variant, rules.rows, rules.cols, rules.announce_touch, repr.name(),
        algorithm.describe(), a.seed, toolkit_version(), command_line()
    );
    for r in &rows {
        csv.push_str(&format!(
            "{},{:.3},{:.12},{:.12},{:.6e}\n",
            r.0, r.1, r.2, r.3, r.4
        ));
    }
    write_atomic(&out.join("convergence.csv"), csv.as_bytes())?;
    let tree = solver.tree();
    let mut md = format!(
        "# Dark Hex {} {}×{} — CFR strategies\n\n- command: `{}`\n- toolkit: {}\n- representation: {} ({} information sets; DAG of {} nodes, {} edges, {} nodes with a determined outcome treated as terminal; built in {:.1} s)\n- algorithm: {}, {} iterations, {:.1} s in total, seed {}\n",
        rules.variant, rules.rows, rules.cols, command_line(), toolkit_version(), repr.name(),
        tree.infosets(), tree.nodes(), tree.edges(), tree.fixed_nodes(), build_secs,
        algorithm.describe(), solver.iterations(), total_secs, a.seed
    );
    if let Some(b) = last {
        md.push_str(&format!(
            "- exact perfect-recall best responses: **lower {:.9}, upper {:.9}, gap {:.3e}** ({} responder histories{})\n",
            b.lower, b.upper, b.gap, b.nodes,
            if a.prune > 0.0 { format!(", pruned below {:e} with the pruned weight counted against the strategies", a.prune) } else { String::new() }
        ));
    }
    md.push_str("\nFiles: `strategy.bin` (bincode, header with magic GSDHSTRA), `strategy.txt` (text export), `convergence.csv`, `checkpoint.bin` (for `--resume`).\n");
    for p in 0..2u8 {
        if let Some(probs) = file.first_probe(p) {
            md.push_str(&format!(
                "\n## {}'s first probe\n\n{}",
                if p == 0 { "Black" } else { "White" },
                first_probe_table(game, &probs)
            ));
        }
    }
    write_atomic(&out.join("summary.md"), md.as_bytes())?;
    let report = SolveReport {
        rules,
        representation: repr,
        algorithm,
        iterations: solver.iterations(),
        seconds: total_secs,
        bracket: last,
        nodes: tree.nodes(),
        infosets: tree.infosets(),
        out: out.to_path_buf(),
    };
    Ok(report)
}

fn print_report(r: &SolveReport, global: &Global) {
    let b = r.bracket;
    if global.json {
        print_json(&json!({
            "rows": r.rules.rows, "cols": r.rules.cols, "variant": r.rules.variant.name(),
            "representation": r.representation.name(), "algorithm": r.algorithm.describe(),
            "iterations": r.iterations, "seconds": r.seconds,
            "lower": b.map(|b| b.lower), "upper": b.map(|b| b.upper), "gap": b.map(|b| b.gap),
            "nodes": r.nodes, "infosets": r.infosets,
            "out": r.out.display().to_string(),
        }));
    } else if let Some(b) = b {
        println!(
            "{} {}x{} ({}, {}): {} iterations, {:.1} s: lower {:.9} upper {:.9} gap {:.3e} → {}",
            r.rules.variant,
            r.rules.rows,
            r.rules.cols,
            r.representation.name(),
            r.algorithm.describe(),
            r.iterations,
            r.seconds,
            b.lower,
            b.upper,
            b.gap,
            r.out.display()
        );
    }
}

/// Known values (rules/darkhex.md): (rows, cols, variant, value, how it is known).
fn known_value(rows: usize, cols: usize, v: Variant) -> Option<(f64, &'static str)> {
    match (rows, cols, v) {
        (4, 3, Variant::Classical) => Some((14279.0 / 67484.0, "14279/67484 (certificates)")),
        (3, 3, Variant::Abrupt) => Some((
            207579464761.0 / 299876201866.0,
            "207579464761/299876201866 (certificates)",
        )),
        (2, 2, Variant::Classical) => Some((1.0, "1 (OpenSpiel CFR+)")),
        (3, 2, Variant::Classical) => Some((0.0, "0 (OpenSpiel CFR+)")),
        (2, 3, Variant::Classical) => Some((1.0, "1 (OpenSpiel CFR+)")),
        (3, 2, Variant::Abrupt) => Some((7.0 / 16.0, "7/16 (OpenSpiel CFR+)")),
        (2, 3, Variant::Abrupt) => Some((0.909, "≈0.909 (OpenSpiel CFR+)")),
        _ => None,
    }
}

fn table(a: TableArgs, global: &Global) -> CliResult {
    let mut boards: Vec<(usize, usize)> = Vec::new();
    for r in 1..=9 {
        for c in 1..=9 {
            if r * c <= 9 {
                boards.push((r, c));
            }
        }
    }
    if a.large_time > 0.0 {
        boards.push((4, 3));
        boards.push((3, 4));
    }
    let mut lines = Vec::new();
    let mut json_rows = Vec::new();
    for &(r, c) in &boards {
        for v in [Variant::Classical, Variant::Abrupt] {
            let large = r * c > 9;
            let args = SolveArgs {
                rows: r,
                cols: c,
                variant: v.name().into(),
                announce_touch: false,
                algo: a.algo.clone(),
                repr: "auto".into(),
                iterations: None,
                gap: Some(a.gap),
                time: Some(if large { a.large_time } else { a.time }),
                threads: None,
                out: Some(a.out.join("boards").join(format!("{v}-{r}x{c}"))),
                resume: false,
                seed: 0,
                checkpoint_secs: 600.0,
                eval_secs: 0.0,
                prune: 0.0,
                purify: 0.0,
                no_eval: false,
                max_nodes: 60_000_000,
                plain_oracle: false,
                initial_policies: 0,
                random_fallback: false,
                inherit_fallback: false,
                scratch_lp: false,
            };
            let ckpt = args.out.as_ref().expect("set").join("checkpoint.bin");
            if ckpt.exists() {
                let _ = std::fs::remove_file(&ckpt);
            }
            let quiet = Global { json: true };
            let rep = solve(args, &quiet)?;
            let b = rep.bracket.expect("solve measures at the end");
            let known = known_value(r, c, v);
            let contains = known.map(|(x, _)| {
                b.lower - 1e-9 <= x + if x == 0.909 { 0.00025 } else { 0.0 }
                    && x - if x == 0.909 { 0.00025 } else { 0.0 } <= b.upper + 1e-9
            });
            if !global.json {
                eprintln!(
                    "{v} {r}x{c}: [{:.9}, {:.9}] gap {:.2e} ({} iterations, {:.1} s, {})",
                    b.lower,
                    b.upper,
                    b.gap,
                    rep.iterations,
                    rep.seconds,
                    rep.representation.name()
                );
            }
            lines.push(format!(
                "| {r}×{c} | {v} | {:.9} | {:.9} | {:.2e} | {} | {} | {} | {:.1} | {} |",
                b.lower,
                b.upper,
                b.gap,
                rep.representation.name(),
                rep.infosets,
                rep.iterations,
                rep.seconds,
                known.map_or("—".to_string(), |(_, s)| format!(
                    "{s}{}",
                    if contains == Some(true) {
                        " ✓ inside"
                    } else {
                        " ✗ OUTSIDE"
                    }
                ))
            ));
            json_rows.push(json!({
                "rows": r, "cols": c, "variant": v.name(), "lower": b.lower, "upper": b.upper,
                "gap": b.gap, "representation": rep.representation.name(),
                "iterations": rep.iterations, "seconds": rep.seconds,
                "known": known.map(|k| k.1), "contains_known": contains,
                "dir": rep.out.display().to_string(),
            }));
        }
    }
    let mut md = format!(
        "# Dark Hex values on small boards\n\nBlack's winning probability under optimal play, bracketed by CFR strategies and their exact perfect-recall best responses (`lower` = what Black's strategy guarantees, `upper` = what White's concedes). Board r×c = r rows × c columns, Black first, top–bottom; no announcement of touches.\n\n- command: `{}`\n- toolkit: {}\n- per board: {}, stop at gap ≤ {:e} or {} s of CFR; representation `history` (perfect recall) on ≤ 6 cells, `view` (own + known stones, imperfect recall) above\n\n| board | variant | lower | upper | gap | representation | information sets | iterations | seconds | known value |\n|---|---|---|---|---|---|---|---|---|---|\n",
        command_line(), toolkit_version(), a.algo, a.gap, a.time
    );
    md.push_str(&lines.join("\n"));
    md.push('\n');
    let mut csv = format!("# gsolve darkhex table; toolkit {}; command: {}\nrows,cols,variant,lower,upper,gap,representation,iterations,seconds\n", toolkit_version(), command_line());
    for j in &json_rows {
        csv.push_str(&format!(
            "{},{},{},{:.12},{:.12},{:.6e},{},{},{:.3}\n",
            j["rows"],
            j["cols"],
            j["variant"].as_str().unwrap_or(""),
            j["lower"].as_f64().unwrap_or(f64::NAN),
            j["upper"].as_f64().unwrap_or(f64::NAN),
            j["gap"].as_f64().unwrap_or(f64::NAN),
            j["representation"].as_str().unwrap_or(""),
            j["iterations"],
            j["seconds"].as_f64().unwrap_or(0.0)
        ));
    }
    write_atomic(&a.out.join("values.md"), md.as_bytes())?;
    write_atomic(&a.out.join("values.csv"), csv.as_bytes())?;
    if global.json {
        print_json(&json!({ "boards": json_rows, "out": a.out.display().to_string() }));
    } else {
        println!("{}", md);
    }
    Ok(())
}

/// `gsolve bench darkhex`: write results/darkhex/bench.md.
pub fn bench(global: &Global) -> CliResult {
    let mut md = format!(
        "# Dark Hex benchmarks\n\n- command: `{}`\n- toolkit: {}\n- machine: {} logical cores, load average at start {} (the machine is shared: figures are wall-clock under that load)\n\n",
        command_line(),
        toolkit_version(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        std::fs::read_to_string("/proc/loadavg")
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|_| "unknown".into())
    );
    let mut results = Vec::new();
    // CFR per-iteration time.
    md.push_str("## CFR iteration time (one iteration = both players' passes, after the DAG is built)\n\n| board | variant | representation | algorithm | live nodes | information sets | iterations timed | ms / iteration |\n|---|---|---|---|---|---|---|---|\n");
    for (r, c, v, repr, algo) in [
        (
            3,
            2,
            Variant::Classical,
            Representation::History,
            Algorithm::DCFR_DEFAULT,
        ),
        (
            3,
            2,
            Variant::Classical,
            Representation::History,
            Algorithm::CfrPlus,
        ),
        (
            3,
            2,
            Variant::Abrupt,
            Representation::History,
            Algorithm::PcfrPlus,
        ),
        (
            3,
            3,
            Variant::Classical,
            Representation::View,
            Algorithm::DCFR_DEFAULT,
        ),
        (
            3,
            3,
            Variant::Abrupt,
            Representation::View,
            Algorithm::DCFR_DEFAULT,
        ),
    ] {
        let game = DarkHex::with(r, c, v).map_err(CliError::runtime)?;
        let (nodes, sets, iters, ms) = match repr {
            Representation::History => time_iterations(&HistoryGame(game), algo)?,
            Representation::View => time_iterations(&ViewGame(game), algo)?,
        };
        md.push_str(&format!(
            "| {r}×{c} | {v} | {} | {} | {nodes} | {sets} | {iters} | {ms:.4} |\n",
            repr.name(),
            algo.describe()
        ));
        results.push(json!({"board": format!("{r}x{c}"), "variant": v.name(), "representation": repr.name(), "algorithm": algo.describe(), "ms_per_iteration": ms}));
    }
    md.push_str("\nOpenSpiel's C++ CFR+ on 3×2 classical: 112 ms / iteration on this machine kind (issue 3).\n");
    // Certificates.
    md.push_str("\n## Exact best response against the certificates\n\n| file | value | seconds |\n|---|---|---|\n");
    let base = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/darkhex-certificates"
    );
    for f in [
        "classic-4x3/black-lower.mix",
        "classic-4x3/white-upper.mix",
        "abrupt-3x3/black-lower.mix",
        "abrupt-3x3/white-upper.mix",
    ] {
        let path = Path::new(base).join(f);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
        // Parse and best response, as `certify` does; the best of three runs.
        let mut secs = f64::INFINITY;
        let mut value = None;
        for _ in 0..3 {
            let t = Instant::now();
            let m = Mixture::parse(&text).map_err(CliError::input)?;
            let c = certificate_response(&m);
            secs = secs.min(t.elapsed().as_secs_f64());
            value = Some(c);
        }
        let c = value.expect("three runs");
        md.push_str(&format!("| {f} | {} | {secs:.3} |\n", c.black_value));
        results
            .push(json!({"certificate": f, "value": c.black_value.to_string(), "seconds": secs}));
    }
    md.push_str("\nParse and exact best response, best of three runs, release build (`certify` prints the same value with its own timing).\n");
    // The double oracle on the boards of at most 9 cells that it does not solve at once.
    md.push_str("\n## Double oracle to gap ≤ 1e-6 (boards of ≤ 9 cells)\n\nEach row is one fresh run of `gsolve darkhex solve --rows R --cols C --variant abrupt --algo double-oracle --plain-oracle --random-fallback --initial-policies 200 --gap 1e-6` (seed 0), stopped after 300 s if the gap is still larger; the other boards of ≤ 9 cells converge in under a second or stall (n×1 abrupt, n ≥ 7: see `double-oracle-values.md`).\n\n| board | variant | iterations | lower | upper | gap | seconds |\n|---|---|---|---|---|---|---|\n");
    for (r, c) in [(3, 3), (2, 4), (4, 2)] {
        use darkhex::double_oracle::DoubleOracle;
        let rules = Rules {
            rows: r,
            cols: c,
            variant: Variant::Abrupt,
            announce_touch: false,
        };
        let mut d = DoubleOracle::with_random_priorities(rules, 200, 0).map_err(CliError::input)?;
        d.set_lexicographic(false);
        d.set_random_fallback(true);
        let t = Instant::now();
        let step = loop {
            let s = d.step();
            if s.gap() <= 1e-6 || t.elapsed().as_secs_f64() > 300.0 {
                break s;
            }
        };
        let secs = t.elapsed().as_secs_f64();
        md.push_str(&format!(
            "| {r}×{c} | abrupt | {} | {} ≈ {:.9} | {} ≈ {:.9} | {:.1e} | {secs:.1} |\n",
            step.iteration,
            step.best_lower,
            step.best_lower.to_f64(),
            step.best_upper,
            step.best_upper.to_f64(),
            step.gap()
        ));
        results.push(json!({"board": format!("{r}x{c}"), "variant": "abrupt", "algorithm": "double-oracle", "iterations": step.iteration, "lower": step.best_lower.to_f64(), "upper": step.best_upper.to_f64(), "gap": step.gap(), "seconds": secs}));
    }
    md.push_str("\nThe longer exact double-oracle runs (iterations, time, memory, brackets) are listed in `double-oracle-runs.md`.\n");
    let path = Path::new("results/darkhex/bench.md");
    write_atomic(path, md.as_bytes())?;
    if global.json {
        print_json(&json!({"results": results, "out": path.display().to_string()}));
    } else {
        println!("{md}");
    }
    Ok(())
}

fn time_iterations<G: ExtensiveGame>(
    g: &G,
    algo: Algorithm,
) -> Result<(usize, usize, u64, f64), CliError> {
    let mut s = Solver::new(g, algo, 60_000_000).map_err(CliError::runtime)?;
    s.iterate(3);
    let mut n = 1u64;
    loop {
        let t = Instant::now();
        s.iterate(n);
        let e = t.elapsed().as_secs_f64();
        if e > 2.0 || n > 1 << 20 {
            return Ok((
                s.tree().nodes(),
                s.tree().infosets(),
                n,
                e * 1000.0 / n as f64,
            ));
        }
        n *= 2;
    }
}

/// The bytes of the checkpoint `--resume` continues (an unreadable file is bad input).
fn read_for_resume(path: &std::path::Path) -> Result<Vec<u8>, CliError> {
    std::fs::read(path)
        .map_err(|e| CliError::input(format!("--resume: cannot read {}: {e}", path.display())))
}

/// `solve --algo double-oracle`: the exact double oracle of [`darkhex::double_oracle`].
fn solve_double_oracle(a: &SolveArgs, global: &Global) -> CliResult {
    use darkhex::double_oracle::{first_probe, Checkpoint, DoubleOracle};
    let rules = parse_rules(a)?;
    if rules.announce_touch {
        return Err(CliError::input(
            "--algo double-oracle needs rules without --announce-touch (the certificate format has no announcements)",
        ));
    }
    check_limits(a)?;
    let out = a.out.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "results/darkhex/double-oracle-{}-{}x{}",
            rules.variant, rules.rows, rules.cols
        ))
    });
    let checkpoint_path = out.join("do-checkpoint.bin");
    if checkpoint_path.exists() && !a.resume {
        return Err(CliError::input(format!(
            "{} exists: pass --resume to continue it, or choose another --out",
            checkpoint_path.display()
        )));
    }
    let mut rows: Vec<(u64, f64, f64, f64, f64)> = Vec::new();
    let mut seconds_before = 0.0;
    let mut d = if a.resume {
        let bytes = read_for_resume(&checkpoint_path)?;
        let c = Checkpoint::from_bytes(&bytes)
            .map_err(|e| CliError::input(format!("{}: {e}", checkpoint_path.display())))?;
        if c.rules != rules {
            return Err(CliError::input(format!(
                "{}: checkpoint is for {:?}, this run asks for {:?}",
                checkpoint_path.display(),
                c.rules,
                rules
            )));
        }
        let d = c
            .restore()
            .map_err(|e| CliError::input(format!("{}: {e}", checkpoint_path.display())))?;
        rows = c.rows;
        seconds_before = c.seconds;
        d
    } else {
        DoubleOracle::with_random_priorities(rules, a.initial_policies, a.seed)
            .map_err(CliError::input)?
    };
    d.set_lexicographic(!a.plain_oracle);
    d.set_random_fallback(a.random_fallback);
    d.set_scratch_lp(a.scratch_lp);
    d.set_inherit_fallback(a.inherit_fallback);
    let target = a.iterations.unwrap_or(u64::MAX);
    let bar = progress_bar(
        global,
        if target == u64::MAX { 0 } else { target },
        "darkhex double oracle",
    );
    bar.set_position(d.iterations());
    let start = Instant::now();
    let mut last_checkpoint = Instant::now();
    let mut converged = false;
    let mut last_step = None;
    // Seconds in the LP, the best responses and the play-outs over this run's iterations.
    let mut phase_seconds = [0.0f64; 3];
    let mut last_log = Instant::now();
    let write_checkpoint = |d: &DoubleOracle, rows: &Vec<(u64, f64, f64, f64, f64)>, secs: f64| {
        let c = Checkpoint::capture(d, toolkit_version(), secs, rows.clone());
        write_atomic(&checkpoint_path, &c.to_bytes())
    };
    let gap_of = |d: &DoubleOracle| match (d.best_lower(), d.best_upper()) {
        (Some(l), Some(u)) => u.0.to_f64() - l.0.to_f64(),
        _ => f64::INFINITY,
    };
    loop {
        if d.iterations() >= target
            || a.time.is_some_and(|t| start.elapsed().as_secs_f64() >= t)
            || a.gap.is_some_and(|g| gap_of(&d) <= g)
            || converged
        {
            break;
        }
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
        let policies = d.policies(0).len() + d.policies(1).len();
        bar.set_position(s.iteration);
        bar.set_message(format!(
            "it {} lower {:.7} upper {:.7} gap {:.2e} policies {}+{}",
            s.iteration,
            s.best_lower.to_f64(),
            s.best_upper.to_f64(),
            s.gap(),
            d.policies(0).len(),
            d.policies(1).len()
        ));
        if bar.is_hidden()
            && !global.json
            && (s.iteration % 25 == 0
                || s.iteration < 10
                || last_log.elapsed().as_secs_f64() >= 30.0)
        {
            last_log = Instant::now();
            eprintln!(
                "[{secs:.0} s] iteration {} lower {:.9} upper {:.9} gap {:.3e} policies {policies} (restricted value {:.7}, support {}+{}; lp {:.2} s, best responses {:.2} s, {} histories)",
                s.iteration, s.best_lower.to_f64(), s.best_upper.to_f64(), s.gap(),
                s.restricted_value, s.support[0], s.support[1], s.seconds[0], s.seconds[1],
                s.responder_nodes
            );
        }
        converged = s.added == [false, false];
        last_step = Some(s);
        if last_checkpoint.elapsed().as_secs_f64() >= a.checkpoint_secs {
            write_checkpoint(&d, &rows, secs)?;
            last_checkpoint = Instant::now();
        }
    }
    bar.finish_and_clear();
    let total_secs = seconds_before + start.elapsed().as_secs_f64();
    let (Some((lower, black)), Some((upper, white))) = (d.best_lower(), d.best_upper()) else {
        return Err(CliError::runtime(
            "no iteration was run: nothing to write (raise --iterations or --time)",
        ));
    };
    let (lower, upper) = (*lower, *upper);
    write_checkpoint(&d, &rows, total_secs)?;
    write_atomic(&out.join("black-lower.mix"), black.to_text().as_bytes())?;
    write_atomic(&out.join("white-upper.mix"), white.to_text().as_bytes())?;
    let gap = upper.to_f64() - lower.to_f64();
    let mut csv = format!(
        "# gsolve darkhex solve --algo double-oracle: {} {}x{} oracle={} seed={} toolkit={}\n# command: {}\n# lower/upper: best exact bounds so far (proven by black-lower.mix / white-upper.mix)\niteration,seconds,lower,upper,gap\n",
        rules.variant, rules.rows, rules.cols,
        if a.plain_oracle { "plain" } else { "lexicographic" },
        a.seed, toolkit_version(), command_line()
    );
    for r in &rows {
        csv.push_str(&format!(
            "{},{:.3},{:.12},{:.12},{:.6e}\n",
            r.0, r.1, r.2, r.3, r.4
        ));
    }
    write_atomic(&out.join("convergence.csv"), csv.as_bytes())?;
    let game = d.game().clone();
    let mut md = format!(
        "# Dark Hex {} {}×{} — exact double oracle\n\n- command: `{}`\n- toolkit: {}\n- oracle: exact perfect-recall best response ({}), restricted games solved by a dense steepest-edge simplex with strategy generation, mixtures rounded to weights over 2^40\n- {} iterations, {:.1} s in total, {} + {} policies (Black + White){}\n- **lower {} ≈ {:.9}** (Black's mixture `black-lower.mix`, {} policies), **upper {} ≈ {:.9}** (White's mixture `white-upper.mix`, {} policies), **gap {:.3e}**\n- both bounds are exact: `gsolve darkhex certify OUT/black-lower.mix` and `… white-upper.mix` recompute them independently\n",
        rules.variant, rules.rows, rules.cols, command_line(), toolkit_version(),
        if a.plain_oracle { "plain" } else { "ties broken against the whole policy set" },
        d.iterations(), total_secs, d.policies(0).len(), d.policies(1).len(),
        if converged { "; converged (neither best response was new)" } else { "" },
        lower, lower.to_f64(), black.policies.len(), upper, upper.to_f64(), white.policies.len(), gap
    );
    if let Some((x, how)) = known_value(rules.rows, rules.cols, rules.variant) {
        let inside = lower.to_f64() <= x + 1e-3 * (x == 0.909) as u8 as f64
            && x - 1e-3 * (x == 0.909) as u8 as f64 <= upper.to_f64();
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
    write_atomic(&out.join("summary.md"), md.as_bytes())?;
    let policies = d.policies(0).len() + d.policies(1).len();
    if global.json {
        print_json(&json!({
            "rows": rules.rows, "cols": rules.cols, "variant": rules.variant.name(),
            "algorithm": "double-oracle",
            "oracle": if a.plain_oracle { "plain" } else { "lexicographic" },
            "iterations": d.iterations(), "seconds": total_secs,
            "lower": lower.to_f64(), "upper": upper.to_f64(), "gap": gap,
            "lower_exact": lower.to_string(), "upper_exact": upper.to_string(),
            "policies": policies,
            "support": [black.policies.len(), white.policies.len()],
            "converged": converged,
            "restricted_value": last_step.as_ref().map(|s| s.restricted_value),
            "last_iteration_seconds": last_step.as_ref().map(|s| json!({
                "lp": s.seconds[0], "best_responses": s.seconds[1], "playouts": s.seconds[2],
                "pivots": s.pivots, "responder_nodes": s.responder_nodes,
            })),
            "run_seconds": json!({
                "lp": phase_seconds[0], "best_responses": phase_seconds[1],
                "playouts": phase_seconds[2],
            }),
            "out": out.display().to_string(),
        }));
    } else {
        println!(
            "{} {}x{} (double oracle): {} iterations, {:.1} s, {} policies: lower {} ≈ {:.9} upper {} ≈ {:.9} gap {:.3e}{} → {}",
            rules.variant, rules.rows, rules.cols, d.iterations(), total_secs, policies,
            lower, lower.to_f64(), upper, upper.to_f64(), gap,
            if converged { " (converged)" } else { "" },
            out.display()
        );
    }
    Ok(())
}
