//! Times the pairing search on random positions (a development aid).
use game::{Game, Player};
use rex::RexPosition;
fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (n, stones, count) = (args[0], args[1], args[2]);
    let mut state = 12345u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut p = RexPosition::<u64>::new(n, n).unwrap();
        let mut ok = true;
        for _ in 0..stones {
            let e: Vec<u32> = p.empty_cells();
            let c = e[(next() % e.len() as u64) as usize];
            p.play(rex::RexMove::cell(c));
            if p.loser().is_some() {
                ok = false;
                break;
            }
        }
        if ok {
            positions.push(p);
        }
    }
    let t = std::time::Instant::now();
    let mut found = [0usize; 2];
    for p in &positions {
        for pl in Player::ALL {
            let r = p.pairing(pl);
            found[0] += r.full as usize;
            found[1] += (r.semi_keys != 0) as usize;
        }
    }
    let el = t.elapsed();
    println!(
        "{} calls, {:.2} us/call, full {} semi {}",
        2 * count,
        el.as_secs_f64() * 1e6 / (2 * count) as f64,
        found[0],
        found[1]
    );
}
