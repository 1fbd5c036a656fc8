//! The swap-rule table: the value of every square board with the swap rule, and its fair
//! openings, from the first-move maps — checked against the solver with the swap move.
//!
//! # Theorem (Rex with swap is a second-player win on every square board)
//! Let σ map a position to its transpose (row ↔ column) with the colours exchanged. σ maps
//! Black's edges to White's and back, so it maps Rex to Rex with the players' roles exchanged:
//! a position and its σ-image have the same value for the player to move. After Black opens at
//! x, White's swap gives one White stone at the transpose of x with Black to move — exactly the
//! σ-image of "Black's stone at x, White to move". So after the swap Black is in the position
//! White would have been in without it. If x wins for Black (White to move loses), White swaps
//! and Black, now the player to move in a lost position, loses; if x loses for Black, White
//! plays on and wins. Either way White wins: no opening is *fair* (neither a win for the opener
//! nor, swapped, a win for the second player), and White swaps exactly the winning openings.
//! The 1×1 board is lost at once (Black's only move joins Black's sides).
//!
//! The table is therefore computed from the maps (which openings White swaps), and checked
//! where the solver can: the empty board with swap, and every opening's swap decision.

use exact::{Solver, SolverConfig};
use game::Game;
use rex::report::ParityTable;
use rex::{RexMove, RexPosition};
use std::path::Path;

/// One square board.
#[derive(Debug, Clone, PartialEq)]
pub struct SwapRow {
    /// Side length.
    pub n: usize,
    /// Black wins without swap.
    pub first_wins_without_swap: bool,
    /// Black's winning openings without swap: the openings White swaps.
    pub swapped: Vec<String>,
    /// Where the openings came from.
    pub source: String,
    /// Openings neither won by the opener nor, swapped, by the second player (none, by the
    /// theorem).
    pub fair: Vec<String>,
    /// Black wins with the swap rule.
    pub first_wins_with_swap: bool,
    /// `Some(true)` when the solver with the swap move agreed on the board's value and on
    /// every opening's swap decision; `None` when not checked.
    pub solver_agrees: Option<bool>,
}

/// The table for n×n, n = 1..=`max_n`, with openings from `parity` (boards it holds) and from
/// `extra` (n, winning openings, source) for larger boards; boards up to `check_n` are
/// checked by the solver with the swap move.
pub fn swap_table(
    max_n: usize,
    parity: &ParityTable,
    extra: &[(usize, Vec<String>, String)],
    check_n: usize,
    solver: &SolverConfig,
) -> Vec<SwapRow> {
    let mut out = Vec::new();
    for n in 1..=max_n {
        let (swapped, source) = if let Some(b) = parity.get(n, n) {
            (b.winning_openings.clone(), "parity table".to_string())
        } else if let Some((_, w, s)) = extra.iter().find(|e| e.0 == n) {
            (w.clone(), s.clone())
        } else {
            continue;
        };
        let solver_agrees = (n <= check_n).then(|| check_with_solver(n, &swapped, solver));
        out.push(SwapRow {
            n,
            first_wins_without_swap: !swapped.is_empty(),
            swapped,
            source,
            fair: Vec::new(),
            first_wins_with_swap: false,
            solver_agrees,
        });
    }
    out
}

/// Solve n×n with the swap rule: Black must lose, and after each opening the swap must win for
/// White exactly when the opening is in `swapped`.
fn check_with_solver(n: usize, swapped: &[String], cfg: &SolverConfig) -> bool {
    let solver = Solver::<RexPosition<u64>>::new(cfg.clone()).expect("valid solver settings");
    let board = RexPosition::<u64>::new(n, n)
        .expect("square board")
        .with_swap(true)
        .expect("square board");
    if solver.solve(&board) {
        return false;
    }
    if n == 1 {
        return true;
    }
    (0..(n * n) as u32).all(|x| {
        let mut p = board.clone();
        p.play(RexMove::cell(x));
        let mut q = p.clone();
        q.play(RexMove::SWAP);
        // White's swap wins iff Black, to move after it, loses.
        let swap_wins = !solver.solve(&q);
        swap_wins == swapped.contains(&p.move_name(RexMove::cell(x)))
    })
}

/// `swap.csv` and `swap.md` in `out`.
pub fn write_swap_table(out: &Path, rows: &[SwapRow], command: &str) -> std::io::Result<()> {
    std::fs::create_dir_all(out)?;
    let version = env!("CARGO_PKG_VERSION");
    let mut csv = format!(
        "# gsolve {version} rex swap table: produced by `{command}`\nn,first_wins_without_swap,first_wins_with_swap,swapped_openings,fair_openings,source,solver_agrees\n"
    );
    let mut md = format!(
        "# Rex with the swap rule\n\nProduced by `{command}` (gsolve {version}).\n\n\
         With the swap rule the second player wins every square board, and no opening is fair: White swaps exactly \
         Black's winning openings (proof in `crates/jobs/src/rex/swap.rs`: the swapped position is the transposed, \
         colour-exchanged image of the unswapped one). The openings come from the first-move maps; \"solver\" says \
         whether `gsolve rex solve --swap` agreed on the board and on every opening's swap decision.\n\n\
         | board | without swap | with swap | White swaps after | fair openings | openings from | solver |\n|---|---|---|---|---|---|---|\n"
    );
    for r in rows {
        let agrees = match r.solver_agrees {
            Some(true) => "agrees",
            Some(false) => "**disagrees**",
            None => "not run",
        };
        csv.push_str(&format!(
            "{},{},{},{},{},{},{}\n",
            r.n,
            r.first_wins_without_swap,
            r.first_wins_with_swap,
            r.swapped.join(" "),
            r.fair.join(" "),
            r.source,
            r.solver_agrees.map_or("".into(), |a| a.to_string())
        ));
        md.push_str(&format!(
            "| {n}x{n} | {} | second player | {} | none | {} | {agrees} |\n",
            if r.first_wins_without_swap {
                "first player"
            } else {
                "second player"
            },
            if r.swapped.is_empty() {
                "— (every opening loses)".to_string()
            } else {
                r.swapped.join(" ")
            },
            r.source,
            n = r.n
        ));
    }
    let largest = rows.iter().map(|r| r.n).max().unwrap_or(0);
    md.push_str(&format!(
        "\n\"not run\": the board is too large for the swap solver here; its row rests on the map's opening \
         values and the theorem. Larger boards than {largest}x{largest}: by the theorem the second player wins with \
         the swap rule and no opening is fair; which openings White swaps needs the value of every opening, \
         from the board's first-move map (7x7: not mapped, see `results/rex/7x7.md`).\n",
    ));
    for (name, text) in [("swap.csv", csv), ("swap.md", md)] {
        crate::output::write_atomic(&out.join(name), text.as_bytes())
            .map_err(|e| std::io::Error::other(e.to_string()))?;
    }
    Ok(())
}

/// Black's winning openings of a finished `openings.csv` of a map (both cells of each row),
/// or `None` while the map is incomplete.
pub fn winning_openings_from_map(openings_csv: &str) -> Option<Vec<String>> {
    let mut wins = Vec::new();
    for line in openings_csv.lines() {
        if line.starts_with('#') || line.starts_with("opening,") || line.is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split(',').collect();
        match f.get(2).copied() {
            Some("true") => {
                wins.push(f[0].to_string());
                if f[1] != f[0] {
                    wins.push(f[1].to_string());
                }
            }
            Some("false") => {}
            _ => return None,
        }
    }
    Some(wins)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_up_to_4x4_agree_with_the_swap_solver() {
        // Openings from the solver without swap (the parity table's method).
        let mut t = ParityTable::default();
        let solver = Solver::<RexPosition<u64>>::new(SolverConfig::default()).unwrap();
        for n in 1..=4 {
            let b = RexPosition::<u64>::new(n, n).unwrap();
            let winning_openings = solver
                .move_values(&b)
                .into_iter()
                .filter(|v| v.wins)
                .map(|v| b.move_name(v.mv))
                .collect::<Vec<_>>();
            t.insert(rex::report::BoardRow {
                rows: n,
                cols: n,
                first_player_wins: !winning_openings.is_empty(),
                winning_openings,
                nodes: 0,
                seconds: 0.0,
            });
        }
        let rows = swap_table(4, &t, &[], 4, &SolverConfig::default());
        assert_eq!(rows.len(), 4);
        for r in &rows {
            assert_eq!(r.solver_agrees, Some(true), "{}x{}", r.n, r.n);
        }
        // A wrong map is caught: claim 4x4's c2 wins (it loses).
        let mut bad = rows[3].swapped.clone();
        bad.push("c2".into());
        assert!(!check_with_solver(4, &bad, &SolverConfig::default()));
    }
}
