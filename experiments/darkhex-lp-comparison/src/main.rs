//! The double oracle's restricted games: hand-written simplex (matrix_game::RestrictedSolver)
//! against HiGHS with the model kept between iterations (columns and rows added, hot start).
//!
//! `cargo run --release -- simplex|highs|both 3x3a|4x3c [SECONDS [ITERATIONS]]`: each LP runs
//! the same double oracle (plain best response with random fallbacks, 200 initial policies per
//! player, seed 0) until gap <= 1e-6, convergence, SECONDS of wall time (default 300) or
//! ITERATIONS (default unbounded), and prints one line: iterations, seconds, LP seconds, the
//! final bracket, when the gap first reached 1e-2 / 1e-3 / 1e-4 / 1e-6, and the load average.
use darkhex::double_oracle::{initial_policies, DarkHexOracle, OracleKind};
use darkhex::{Rules, Variant};
use highs::{Col, Model, Row, RowProblem, Sense};
use matrix_game::{MatrixSolution, RestrictedGameSolver, RestrictedSolver};
use std::time::Instant;

/// max Σz s.t. (A + 1) z ≤ 1, z ≥ 0 over the whole restricted game, one HiGHS model grown
/// by the new columns (White's policies) and rows (Black's) of each iteration.
#[derive(Default)]
struct HighsLp {
    model: Option<Model>,
    rows: Vec<Row>,
    cols: Vec<Col>,
}

// SAFETY: the model is used by one thread at a time (the restricted solve of a step).
unsafe impl Send for HighsLp {}

impl RestrictedGameSolver<u8> for HighsLp {
    fn solve(&mut self, a: &[Vec<u8>], _r: &[usize], _c: &[usize]) -> MatrixSolution {
        let (m, n) = (a.len(), a[0].len());
        let mut model = self.model.take().unwrap_or_else(|| {
            let mut p = Model::new(RowProblem::default());
            p.make_quiet();
            p.set_sense(Sense::Maximise);
            p
        });
        let old_m = self.rows.len();
        for j in self.cols.len()..n {
            let factors: Vec<(Row, f64)> = (0..old_m)
                .map(|i| (self.rows[i], a[i][j] as f64 + 1.0))
                .collect();
            self.cols.push(model.add_col(1.0, 0.0.., factors));
        }
        for i in old_m..m {
            let factors: Vec<(Col, f64)> = (0..n)
                .map(|j| (self.cols[j], a[i][j] as f64 + 1.0))
                .collect();
            self.rows.push(model.add_row(..=1.0, factors));
        }
        let solved = model.solve();
        let s = solved.get_solution();
        let z = s.columns().to_vec();
        let duals = s.dual_rows().to_vec();
        let sum: f64 = z.iter().sum();
        let col: Vec<f64> = z.iter().map(|x| x.max(0.0) / sum).collect();
        let dsum: f64 = duals.iter().map(|d| d.abs()).sum();
        let row: Vec<f64> = duals.iter().map(|d| d.abs() / dsum).collect();
        self.model = Some(solved.into());
        let value = 1.0 / sum - 1.0;
        MatrixSolution {
            value,
            row,
            col,
            row_guarantee: value,
            col_guarantee: value,
            pivots: 0,
        }
    }
}

/// The 1-minute load average (the machine is shared; both runs state theirs).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string())
}

/// Gaps at which the run notes its iteration and wall time.
const MILESTONES: [f64; 4] = [1e-2, 1e-3, 1e-4, 1e-6];

/// Run the double oracle with `lp` until the gap is at most 1e-6, the restricted equilibrium is
/// an equilibrium of the whole game, `secs` seconds have passed or `max_iterations` are done;
/// print one line with the totals and the milestones.
fn run<L: RestrictedGameSolver<u8> + Send>(
    name: &str,
    rules: Rules,
    lp: L,
    init: usize,
    kind: OracleKind,
    secs: f64,
    max_iterations: u64,
) {
    let load_before = load_average();
    // The unsymmetrised oracle: the path the recorded comparisons measured.
    let oracle = DarkHexOracle::new(rules, kind).unwrap().with_symmetry(false);
    let [b, w] = initial_policies(rules, init, 0).unwrap();
    let mut d = double_oracle::DoubleOracle::new(oracle, lp, b, w).unwrap();
    let t = Instant::now();
    let mut lp_secs = 0.0;
    let mut reached: Vec<Option<(u64, f64)>> = vec![None; MILESTONES.len()];
    loop {
        let s = d.step();
        lp_secs += s.seconds[0];
        let elapsed = t.elapsed().as_secs_f64();
        for (m, r) in MILESTONES.iter().zip(reached.iter_mut()) {
            if r.is_none() && s.gap() <= *m {
                *r = Some((s.iteration, elapsed));
            }
        }
        let stop = if s.gap() <= 1e-6 {
            Some("gap <= 1e-6")
        } else if s.added == [false, false] {
            Some("converged")
        } else if elapsed > secs {
            Some("time limit")
        } else if s.iteration >= max_iterations {
            Some("iteration limit")
        } else {
            None
        };
        if let Some(why) = stop {
            let milestones: Vec<String> = MILESTONES
                .iter()
                .zip(&reached)
                .map(|(m, r)| match r {
                    Some((i, at)) => format!("gap<={m:e} at it {i} / {at:.1} s"),
                    None => format!("gap<={m:e} not reached"),
                })
                .collect();
            println!(
                "{name} {}x{} {}: stopped by {why}: {} iterations, {:.1} s (lp {:.1} s, {:.4} s per solve), gap {:.3e} [{} , {}], {}; load {load_before} -> {}",
                rules.rows, rules.cols, rules.variant, s.iteration, elapsed, lp_secs,
                lp_secs / s.iteration as f64, s.gap(), s.best_lower.to_f64(), s.best_upper.to_f64(),
                milestones.join("; "), load_average()
            );
            return;
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("both", |s| s.as_str());
    let board = args.get(2).map_or("3x3a", |s| s.as_str());
    let secs: f64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(300.0);
    let max_iterations: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(u64::MAX);
    let rules = match board {
        "4x3c" => Rules {
            rows: 4,
            cols: 3,
            variant: Variant::Classical,
            announce_touch: false,
        },
        _ => Rules {
            rows: 3,
            cols: 3,
            variant: Variant::Abrupt,
            announce_touch: false,
        },
    };
    if which != "highs" {
        run(
            "simplex",
            rules,
            RestrictedSolver::default(),
            200,
            OracleKind::RandomFallback,
            secs,
            max_iterations,
        );
    }
    if which != "simplex" {
        run(
            "highs",
            rules,
            HighsLp::default(),
            200,
            OracleKind::RandomFallback,
            secs,
            max_iterations,
        );
    }
}
