//! Prints the moves the solver considers after each prefix of a move list (a development aid):
//! `consider ROWSxCOLS MOVES`.
use game::ExactGame;
use rex::RexPosition;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (r, c) = args[0].split_once('x').expect("ROWSxCOLS");
    let mut pos = RexPosition::<u64>::new(r.parse().unwrap(), c.parse().unwrap()).unwrap();
    let list: Vec<&str> = args.get(1).map_or(vec![], |m| m.split(',').collect());
    for i in 0..=list.len() {
        let mut moves = Vec::new();
        let decided = pos.prepare(&mut moves);
        let names: Vec<String> = moves.iter().map(|&m| pos.move_name(m)).collect();
        println!(
            "{:>2} empty {:>2}: {:?} {} moves: {}",
            i,
            pos.empty().count_ones(),
            decided,
            moves.len(),
            names.join(" ")
        );
        let keys = pos.pairing(pos.to_move()).semi_keys;
        let names: Vec<String> = (0..64u32)
            .filter(|&c| keys >> c & 1 == 1)
            .map(|c| pos.move_name(rex::RexMove::cell(c)))
            .collect();
        println!("   own pre-pairing keys: {}", names.join(" "));
        if i < list.len() {
            pos.try_play(pos.parse_move(list[i]).unwrap()).unwrap();
        }
    }
}
