//! The balance study's summary (`gsolve balance summary`): every run's CSV under
//! `<out>/<game>/<strength>/` read back, the first player's score with its 95 % interval, the
//! throughput, and piece values from a logistic fit.
//!
//! Score: the mean of the game scores (1 win, ½ draw or unfinished, 0 loss) of the first
//! player; the 95 % interval is ±1.96·s/√N with s the sample standard deviation of the game
//! scores (normal approximation; N is in the hundreds or more). Throughput: games per second
//! per core, N over the sum of the games' wall seconds on their worker threads.
//!
//! Piece values: the fractional logistic regression P(first player scores) = σ(b₀ + Σ bₖ·xₖ)
//! of the game score on the material balance xₖ (White minus Black of piece type k at the
//! snapshot), fitted by Newton's method (IRLS) with a small ridge (λ = 10⁻³) for the types that
//! vary; a type's value in pawns is bₖ / b_pawn. Fitted only from [`MIN_FIT_GAMES`] games on.

use crate::balance::{read_rows, GameRow, StudyGame};
use crate::output::{toolkit_version, utc_minute, write_atomic, JobError, JobResult};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Fewer games than this give no piece-value fit (200-game pilots gave pawn coefficients near
/// zero and ratios in the hundreds: noise).
pub const MIN_FIT_GAMES: usize = 2000;

/// The summary of one (game, strength).
#[derive(Clone, Debug)]
pub struct StrengthSummary {
    /// The game's name.
    pub game: String,
    /// `depth2`, `nodes20000`, …
    pub strength: String,
    /// Games (distinct indices).
    pub games: usize,
    /// First-player wins, draws, second-player wins, unfinished.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// Second-player wins.
    pub losses: usize,
    /// Stopped at the ply limit (scored ½).
    pub unfinished: usize,
    /// The first player's mean score.
    pub score: f64,
    /// Half width of the 95 % interval.
    pub half_width: f64,
    /// Games per second per core.
    pub games_per_core_second: f64,
    /// Mean decisions per game.
    pub mean_decisions: f64,
    /// Piece values in pawns (name, value), when fitted.
    pub values: Option<Vec<(String, f64)>>,
    /// The CSV files read.
    pub files: Vec<PathBuf>,
}

/// Summarise every run under `out` and write `out/summary.md` (atomically).
pub fn balance_summary(out: &Path, command: &str) -> JobResult<Vec<StrengthSummary>> {
    let mut all = vec![];
    for game in StudyGame::ALL {
        let dir = out.join(game.name());
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut strengths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        strengths.sort();
        for sdir in strengths {
            if let Some(s) = summarise(game, &sdir)? {
                all.push(s);
            }
        }
    }
    if all.is_empty() {
        return Err(JobError::input(format!(
            "{}: no study runs found (expected <game>/<strength>/games-*.csv)",
            out.display()
        )));
    }
    write_atomic(&out.join("summary.md"), markdown(&all, command).as_bytes())?;
    Ok(all)
}

fn summarise(game: StudyGame, dir: &Path) -> JobResult<Option<StrengthSummary>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| JobError::runtime(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "csv"))
        .collect();
    files.sort();
    let mut rows: BTreeMap<u64, GameRow> = BTreeMap::new();
    for f in &files {
        let text = std::fs::read_to_string(f)
            .map_err(|e| JobError::input(format!("{}: {e}", f.display())))?;
        for r in read_rows(&text, f)? {
            rows.entry(r.index).or_insert(r);
        }
    }
    if rows.is_empty() {
        return Ok(None);
    }
    let rows: Vec<GameRow> = rows.into_values().collect();
    let n = rows.len();
    let scores: Vec<f64> = rows.iter().map(|r| r.result.unwrap_or(0.5)).collect();
    let mean = scores.iter().sum::<f64>() / n as f64;
    let var = if n > 1 {
        scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1) as f64
    } else {
        0.0
    };
    let count = |x: Option<f64>| rows.iter().filter(|r| r.result == x).count();
    let seconds: f64 = rows.iter().map(|r| r.seconds).sum();
    let names = game.piece_names();
    Ok(Some(StrengthSummary {
        game: game.name(),
        strength: dir
            .file_name()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned()),
        games: n,
        wins: count(Some(1.0)),
        draws: count(Some(0.5)),
        losses: count(Some(0.0)),
        unfinished: count(None),
        score: mean,
        half_width: 1.96 * (var / n as f64).sqrt(),
        games_per_core_second: if seconds > 0.0 {
            n as f64 / seconds
        } else {
            0.0
        },
        mean_decisions: rows.iter().map(|r| f64::from(r.decisions)).sum::<f64>() / n as f64,
        values: (n >= MIN_FIT_GAMES)
            .then(|| piece_values(&rows, &scores, &names, game.pawn_index()))
            .flatten(),
        files,
    }))
}

/// Piece values in pawns from the logistic fit (see the module header); `None` when the pawn
/// balance does not vary or its coefficient is not positive.
pub fn piece_values(
    rows: &[GameRow],
    y: &[f64],
    names: &[String],
    pawn: usize,
) -> Option<Vec<(String, f64)>> {
    // Types whose balance varies (the king never does).
    let used: Vec<usize> = (0..names.len())
        .filter(|&k| {
            rows.iter()
                .any(|r| r.material.get(k) != rows[0].material.get(k))
        })
        .collect();
    let pawn_col = used.iter().position(|&k| k == pawn)?;
    let x: Vec<Vec<f64>> = rows
        .iter()
        .map(|r| {
            std::iter::once(1.0)
                .chain(used.iter().map(|&k| f64::from(r.material[k])))
                .collect()
        })
        .collect();
    let b = logistic_fit(&x, y)?;
    let per_pawn = b[pawn_col + 1];
    (per_pawn > 0.0).then(|| {
        used.iter()
            .enumerate()
            .map(|(c, &k)| (names[k].clone(), b[c + 1] / per_pawn))
            .collect()
    })
}

/// Newton's method for the fractional logistic regression of `y` on the rows of `x` (with the
/// intercept column included), ridge 10⁻³; `None` if a step fails.
pub fn logistic_fit(x: &[Vec<f64>], y: &[f64]) -> Option<Vec<f64>> {
    let p = x.first()?.len();
    let mut b = vec![0.0; p];
    for _ in 0..50 {
        let mut grad = vec![0.0; p];
        let mut hess = vec![vec![0.0; p]; p];
        for (row, &yi) in x.iter().zip(y) {
            let z: f64 = row.iter().zip(&b).map(|(a, c)| a * c).sum();
            let mu = 1.0 / (1.0 + (-z).exp());
            let w = mu * (1.0 - mu);
            for i in 0..p {
                grad[i] += (yi - mu) * row[i];
                for j in 0..p {
                    hess[i][j] += w * row[i] * row[j];
                }
            }
        }
        for i in 0..p {
            grad[i] -= 1e-3 * b[i];
            hess[i][i] += 1e-3;
        }
        let step = solve(hess, grad)?;
        let size: f64 = step.iter().map(|s| s.abs()).fold(0.0, f64::max);
        for i in 0..p {
            b[i] += step[i];
        }
        if size < 1e-9 {
            break;
        }
    }
    Some(b)
}

/// Solve `a·x = r` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut r: Vec<f64>) -> Option<Vec<f64>> {
    let n = r.len();
    for c in 0..n {
        let piv = (c..n).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[piv][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, piv);
        r.swap(c, piv);
        for i in c + 1..n {
            let f = a[i][c] / a[c][c];
            for j in c..n {
                a[i][j] -= f * a[c][j];
            }
            r[i] -= f * r[c];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|j| a[i][j] * x[j]).sum();
        x[i] = (r[i] - s) / a[i][i];
    }
    Some(x)
}

fn markdown(all: &[StrengthSummary], command: &str) -> String {
    let mut doc = format!(
        "# Balance study summary (format 1)\n\nWritten by `{command}` with {}, {}, from the \
         game records (CSV) beside it. Score: the first player's mean (win 1, draw or \
         unfinished ½, loss 0), ± the 95 % interval (1.96·s/√N). Throughput: games per second \
         per core. Games for ±0.01: (1.96·s/0.01)² with this s, and the core-hours they take at \
         this throughput.\n\n| game | strength | games | W / D / L / unfinished | \
         first-player score | 95 % interval | mean decisions | games/s/core | games for ±0.01 \
         | core-hours for them |\n|---|---|---|---|---|---|---|---|---|---|\n",
        toolkit_version(),
        utc_minute()
    );
    for s in all {
        let sd = s.half_width * (s.games as f64).sqrt() / 1.96;
        let needed = (1.96 * sd / 0.01).powi(2).ceil();
        let hours = if s.games_per_core_second > 0.0 {
            needed / s.games_per_core_second / 3600.0
        } else {
            f64::NAN
        };
        let _ = writeln!(
            doc,
            "| {} | {} | {} | {} / {} / {} / {} | {:.3} | ±{:.3} | {:.1} | {:.3} | {needed:.0} | {hours:.1} |",
            s.game,
            s.strength,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            s.unfinished,
            s.score,
            s.half_width,
            s.mean_decisions,
            s.games_per_core_second
        );
    }
    doc.push_str("\n## Piece values (pawns, logistic fit on the material balance)\n\n");
    for s in all {
        match &s.values {
            Some(v) => {
                let text: Vec<String> = v.iter().map(|(n, x)| format!("{n} {x:.2}")).collect();
                let _ = writeln!(doc, "- {} {}: {}", s.game, s.strength, text.join(", "));
            }
            None => {
                let _ = writeln!(
                    doc,
                    "- {} {}: no fit ({} games; at least {MIN_FIT_GAMES} needed)",
                    s.game, s.strength, s.games
                );
            }
        }
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_known_coefficients() {
        // y = σ(0.2 + 1.0·pawns + 3.0·knights) exactly, as fractional outcomes.
        let mut x = vec![];
        let mut y = vec![];
        for p in -3..=3 {
            for k in -2..=2 {
                let z = 0.2 + f64::from(p) + 3.0 * f64::from(k);
                x.push(vec![1.0, f64::from(p), f64::from(k)]);
                y.push(1.0 / (1.0 + (-z).exp()));
            }
        }
        let b = logistic_fit(&x, &y).unwrap();
        assert!(
            (b[1] - 1.0).abs() < 0.01 && (b[2] - 3.0).abs() < 0.03,
            "{b:?}"
        );
    }
}
