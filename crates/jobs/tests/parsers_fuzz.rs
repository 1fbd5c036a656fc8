//! Seeded random-input tests for the parsers whose crates have no such test of their own (the
//! stable toolchain cannot run cargo-fuzz): Rex move lists (`RexPosition::play_list`). Nothing
//! may panic, and an accepted list round-trips: its moves, written back with `move_name`,
//! replay to the same position. (Dark Hex's mixture and certificate files are the Dark Hex
//! owner's: crates/darkhex/fuzz.)

use game::rng::SplitMix64;
use rex::RexPosition;

/// A random move-list-like string: cell names (some off the board), `swap`, separators, noise.
fn random_list(rng: &mut SplitMix64) -> String {
    const NOISE: [&str; 8] = ["swap", ",", " ", "", "z9", "a0", "é", "a1a1"];
    let mut s = String::new();
    for _ in 0..rng.below(12) {
        if rng.below(5) == 0 {
            s.push_str(NOISE[rng.below(NOISE.len())]);
        } else {
            s.push((b'a' + rng.below(8) as u8) as char);
            s.push_str(&(rng.below(9)).to_string());
        }
        s.push(if rng.below(3) == 0 { ' ' } else { ',' });
    }
    s
}

#[test]
fn rex_move_lists_never_panic_and_accepted_lists_round_trip() {
    let mut rng = SplitMix64::new(0x2E8);
    let mut accepted = 0;
    for _ in 0..5000 {
        let (rows, cols) = (1 + rng.below(6), 1 + rng.below(6));
        // The swap rule is for square boards only.
        let swap = rows == cols && rng.below(2) == 0;
        let fresh = RexPosition::<u64>::new(rows, cols)
            .unwrap()
            .with_swap(swap)
            .unwrap();
        let text = random_list(&mut rng);
        let mut pos = fresh.clone();
        if pos.play_list(&text).is_err() {
            continue;
        }
        accepted += 1;
        // The same moves, one at a time, written back in canonical form.
        let mut step = fresh.clone();
        let mut names = Vec::new();
        for token in text.split([',', ' ']).filter(|t| !t.trim().is_empty()) {
            let mv = step.parse_move(token).unwrap();
            names.push(step.move_name(mv));
            step.try_play(mv).unwrap();
        }
        let mut again = fresh.clone();
        again.play_list(&names.join(",")).unwrap();
        assert_eq!(again.to_text(), pos.to_text(), "{text:?}");
        assert_eq!(again.to_move(), pos.to_move(), "{text:?}");
    }
    assert!(
        accepted > 100,
        "only {accepted} lists accepted: the generator is too noisy"
    );
}
