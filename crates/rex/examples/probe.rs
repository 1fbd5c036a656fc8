//! Development experiment: what the solver's static analysis concludes about a position and
//! each of its children (`probe ROWSxCOLS MOVES`): per line `CELL verdict kept`, where verdict
//! is `win`/`loss` for the player to move in the child (a proof) or `open`, and kept is the
//! number of moves the analysis leaves to search.
use game::ExactGame;
use rex::RexPosition;

fn show(pos: &RexPosition<u64>) -> String {
    let mut moves = Vec::new();
    match pos.prepare(&mut moves) {
        Some(true) => "win 0".into(),
        Some(false) => "loss 0".into(),
        None => format!("open {}", moves.len()),
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (r, c) = a[1].split_once('x').expect("ROWSxCOLS");
    let mut pos = RexPosition::<u64>::new(r.parse().unwrap(), c.parse().unwrap()).unwrap();
    pos.play_list(a.get(2).map(String::as_str).unwrap_or(""))
        .unwrap();
    println!("root {}", show(&pos));
    for cell in pos.empty_cells() {
        let mut child = pos.clone();
        let mv = rex::RexMove::cell(cell);
        let name = child.move_name(mv);
        child.try_play(mv).unwrap();
        println!(
            "{name} {}",
            if child.loser().is_some() {
                "over 0".into()
            } else {
                show(&child)
            }
        );
    }
}
