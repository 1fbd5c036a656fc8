//! Development experiment: the static pairing verdicts of one position per input line
//! (`pairstat ROWSxCOLS < moves`): for each player, whether the pairing search finds a pairing
//! (`full`) or a pre-pairing (`semi`), as `MOVES black=F/S white=F/S`; game-over lines are
//! printed as `MOVES over`.
use game::Player;
use rex::RexPosition;
use std::io::BufRead;

fn main() {
    let size = std::env::args().nth(1).unwrap_or_else(|| "6x6".into());
    let (r, c) = size.split_once('x').expect("ROWSxCOLS");
    let base = RexPosition::<u64>::new(r.parse().unwrap(), c.parse().unwrap()).unwrap();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let moves = line.trim();
        let mut pos = base.clone();
        if pos.play_list(moves).is_err() || pos.loser().is_some() {
            println!("{moves} over");
            continue;
        }
        let f = |p: Player| {
            let x = pos.pairing(p);
            format!("{}/{}", x.full as u8, (x.full || x.semi) as u8)
        };
        println!(
            "{moves} black={} white={}",
            f(Player::First),
            f(Player::Second)
        );
    }
}
