//! Development experiment: the static pairing verdicts of one position per input line
//! (`pairstat ROWSxCOLS < moves`): for each player, whether the pairing search finds a pairing
//! (`full`) or a pre-pairing (`semi`), as `MOVES black=F/S white=F/S`; game-over lines are
//! printed as `MOVES over`. A bad size or move list exits with code 2 and names it.
use game::Player;
use rex::RexPosition;
use std::io::BufRead;

fn main() {
    let size = std::env::args().nth(1).unwrap_or_else(|| "6x6".into());
    let base = size
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .ok_or_else(|| format!("board size {size:?} is not ROWSxCOLS, e.g. 6x6"))
        .and_then(|(r, c)| RexPosition::<u64>::new(r, c).map_err(|e| format!("{size}: {e}")));
    let base = match base {
        Ok(b) => b,
        Err(e) => {
            eprintln!("pairstat: {e}");
            std::process::exit(2);
        }
    };
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let Ok(line) = line else {
            eprintln!("pairstat: input line {} is not UTF-8 text", n + 1);
            std::process::exit(2);
        };
        let moves = line.trim();
        let mut pos = base.clone();
        let played = pos.play_list(moves);
        if pos.loser().is_some() {
            println!("{moves} over");
            continue;
        }
        if let Err(e) = played {
            eprintln!("pairstat: line {}: {moves:?}: {e}", n + 1);
            std::process::exit(2);
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
