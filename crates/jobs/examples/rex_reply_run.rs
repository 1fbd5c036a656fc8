//! Development experiment: the replies to a 6×6 Rex opening solved one after another by one
//! solver (df-pn, one thread), as a GTP session or `rex suite` solves a file, or each by a
//! fresh solver (`fresh`): what the table size and the table kept across positions change.
//!
//! `cargo run --release -p jobs --example rex_reply_run -- TT_MB kept|fresh OPENING R1,R2,…`
//! prints `REPLY WINS NODES` per reply and `total NODES SECONDS`. Node counts of one thread
//! are deterministic; seconds are wall time. Used for `results/rex/knowledge.md`, session 33,
//! and the table sizes of `gsolve`'s `default_tt_mb`. Bad arguments exit 2.
use exact::{Algorithm, Solver, SolverConfig};
use game::Game;
use rex::RexPosition;

fn fail(msg: &str) -> ! {
    eprintln!("rex_reply_run: {msg}\nusage: rex_reply_run TT_MB kept|fresh OPENING R1,R2,...");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [tt, mode, opening, replies] = args.as_slice() else {
        fail("expected four arguments");
    };
    let tt: usize = tt
        .parse()
        .unwrap_or_else(|_| fail("TT_MB: expected a number"));
    let fresh = match mode.as_str() {
        "kept" => false,
        "fresh" => true,
        other => fail(&format!("{other:?}: expected kept or fresh")),
    };
    let config = SolverConfig {
        algorithm: Algorithm::Dfpn,
        tt_mb: tt,
        threads: 1,
        ..Default::default()
    };
    let new_solver = || Solver::new(config.clone()).unwrap_or_else(|e| fail(&e.to_string()));
    let mut solver = new_solver();
    let (mut total, start) = (0u64, std::time::Instant::now());
    for reply in replies.split(',') {
        if fresh {
            solver = new_solver();
        }
        let mut pos = RexPosition::<u64>::new(6, 6).unwrap_or_else(|e| fail(&e.to_string()));
        for m in [opening.as_str(), reply] {
            let mv = pos
                .parse_move(m)
                .unwrap_or_else(|e| fail(&format!("{m}: {e}")));
            pos.play(mv);
        }
        let before = solver.nodes();
        let wins = solver.solve(&pos);
        let nodes = solver.nodes() - before;
        total += nodes;
        println!("{reply} {wins} {nodes}");
    }
    println!("total {total} {:.1}", start.elapsed().as_secs_f64());
}
