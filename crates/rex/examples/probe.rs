//! Development experiment: what the solver's static analysis concludes about a position and
//! each of its children (`probe ROWSxCOLS [MOVES]`): per line `CELL verdict kept`, where verdict
//! is `win`/`loss` for the player to move in the child (a proof) or `open`, and kept is the
//! number of moves the analysis leaves to search; the first line is the position itself
//! (`root verdict kept`). `scripts/rex-static-units.py` reads it. Bad arguments exit 2.
use game::ExactGame;
use rex::RexPosition;
use std::io::Write;

fn show(pos: &RexPosition<u128>) -> String {
    let mut moves = Vec::new();
    match pos.prepare(&mut moves) {
        Some(true) => "win 0".into(),
        Some(false) => "loss 0".into(),
        None if std::env::var_os("PROBE_MOVES").is_some() => format!(
            "open {} [{}]",
            moves.len(),
            moves
                .iter()
                .map(|&m| pos.move_name(m))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        None => format!("open {}", moves.len()),
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("probe: {msg}\nusage: probe ROWSxCOLS [MOVES]   e.g. probe 7x7 d4");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.len() > 2 {
        fail("expected a board size and an optional move list");
    }
    let size = args[0]
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)));
    let Some((rows, cols)) = size else {
        fail(&format!("{:?} is not a board size ROWSxCOLS", args[0]));
    };
    let mut pos = RexPosition::<u128>::new(rows, cols)
        .unwrap_or_else(|e| fail(&format!("board {}: {e}", args[0])));
    let moves = args.get(1).map(String::as_str).unwrap_or("");
    if let Err(e) = pos.play_list(moves) {
        fail(&format!("moves {moves:?}: {e}"));
    }
    if pos.loser().is_some() {
        fail(&format!("moves {moves:?}: the game is over"));
    }
    let mut out = std::io::stdout().lock();
    // A closed pipe (e.g. `| head`) ends the output quietly.
    let _ = writeln!(out, "root {}", show(&pos));
    for cell in pos.empty_cells() {
        let mut child = pos.clone();
        let mv = rex::RexMove::cell(cell);
        let name = child.move_name(mv);
        if child.try_play(mv).is_err() {
            continue;
        }
        let verdict = if child.loser().is_some() {
            "over 0".into()
        } else {
            show(&child)
        };
        if writeln!(out, "{name} {verdict}").is_err() {
            return;
        }
    }
}
