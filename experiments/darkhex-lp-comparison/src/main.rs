//! The double oracle's restricted games: hand-written simplex (matrix_game::RestrictedSolver)
//! against HiGHS with the model kept between iterations (columns and rows added, hot start).
use darkhex::double_oracle::{initial_policies, DarkHexOracle, OracleKind};
use darkhex::{Rules, Variant};
use game::oracle::Bound;
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

fn run<L: RestrictedGameSolver<u8> + Send>(
    name: &str,
    rules: Rules,
    lp: L,
    init: usize,
    kind: OracleKind,
    secs: f64,
) {
    let oracle = DarkHexOracle::new(rules, kind).unwrap();
    let [b, w] = initial_policies(rules, init, 0).unwrap();
    let mut d = double_oracle::DoubleOracle::new(oracle, lp, b, w).unwrap();
    let t = Instant::now();
    let mut lp_secs = 0.0;
    let mut at_1e3 = None;
    loop {
        let s = d.step();
        lp_secs += s.seconds[0];
        if at_1e3.is_none() && s.gap() <= 1e-3 {
            at_1e3 = Some((s.iteration, t.elapsed().as_secs_f64()));
        }
        if s.gap() <= 1e-6 || t.elapsed().as_secs_f64() > secs || s.added == [false, false] {
            println!(
                "{name} {}x{} {}: {} iterations, {:.1} s (lp {:.1} s), gap {:.3e} [{} , {}], gap<=1e-3 at {:?}",
                rules.rows, rules.cols, rules.variant, s.iteration, t.elapsed().as_secs_f64(), lp_secs,
                s.gap(), s.best_lower.to_f64(), s.best_upper.to_f64(), at_1e3
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
        );
    }
}
