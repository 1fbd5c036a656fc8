//! Unit tests of the ring-state table.

use super::*;

/// The ring-state table and the bit-parallel ring test agree on every empty cell.
#[test]
fn ring_table_matches_the_ring_test() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut checked = 0;
    for (rows, cols) in [(3, 3), (4, 5), (6, 6), (7, 7)] {
        for _ in 0..200 {
            let mut p = RexPosition::<u64>::new(rows, cols).unwrap();
            for c in 0..(rows * cols) as u32 {
                let (next, r) = bitboard::keys::splitmix64(state);
                state = next;
                match r % 3 {
                    1 => p.stones[0] |= 1 << c,
                    2 => p.stones[1] |= 1 << c,
                    _ => {}
                }
            }
            let g = p.geometry();
            let dead = g.dead_cells(p.stones[0], p.stones[1]);
            for c in p.empty().iter() {
                let s = g.ring_state(p.stones[0], p.stones[1], c);
                assert_eq!(g.ring_state_is_dead(s), dead.has(c), "cell {c}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000);
}
