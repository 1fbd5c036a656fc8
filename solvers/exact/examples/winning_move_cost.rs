//! Development measurement: what a winning move costs after the position is solved
//! (`winning_move_cost [--threads N] MOVES...`, 6×6 Rex positions given as move lists, each
//! solved by a fresh alpha-beta/df-pn portfolio solver with a 1 GiB table and no database, as
//! one map unit is): per position the solve's seconds and nodes, then the winning move's.
//! `results/rex/knowledge.md` (twenty-sixth session) has the figures. Bad arguments exit 2.
use exact::{Algorithm, Solver, SolverConfig};
use rex::RexPosition;
use std::time::Instant;

fn fail(msg: &str) -> ! {
    eprintln!("winning_move_cost: {msg}\nusage: winning_move_cost [--threads N] MOVES...   e.g. winning_move_cost a1,e1 d1,f4");
    std::process::exit(2);
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut threads = 2;
    if args.first().map(String::as_str) == Some("--threads") {
        threads = args
            .get(1)
            .and_then(|t| t.parse().ok())
            .filter(|&t| t > 0)
            .unwrap_or_else(|| fail("--threads needs a positive number"));
        args.drain(..2);
    }
    if args.is_empty() {
        fail("no positions");
    }
    for line in args {
        let mut pos = RexPosition::<u64>::new(6, 6).expect("6x6 is a valid board");
        if let Err(e) = pos.play_list(&line) {
            fail(&format!("moves {line:?}: {e}"));
        }
        let solver = Solver::<RexPosition<u64>>::new(SolverConfig {
            algorithm: Algorithm::Portfolio,
            threads,
            tt_mb: 1024,
            ..SolverConfig::default()
        })
        .unwrap_or_else(|e| fail(&e.to_string()));
        let t = Instant::now();
        let wins = solver.solve(&pos);
        let (solve_s, solve_nodes) = (t.elapsed().as_secs_f64(), solver.nodes());
        let t = Instant::now();
        let mv = solver.winning_move(&pos).map(|m| pos.move_name(m));
        println!(
            "{line}: mover wins {wins}; solve {solve_s:.1} s, {solve_nodes} nodes; winning move {} in {:.1} s, {} nodes",
            mv.as_deref().unwrap_or("-"),
            t.elapsed().as_secs_f64(),
            solver.nodes() - solve_nodes
        );
    }
}
