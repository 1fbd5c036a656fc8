//! Unit tests of the ring-state table and of the incremental dead-cell tests.

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

/// The kill tests' incremental form (one more stone on a cell, from the position's graphs and
/// useful cells, without flood fills) finds exactly what the reachability and graph tests find
/// on the position with that stone.
#[test]
fn dead_after_stone_matches_the_tests_on_the_new_position() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut checked = 0;
    for (rows, cols) in [(3, 3), (4, 4), (5, 5), (6, 6), (4, 7)] {
        for round in 0..150 {
            let mut p = RexPosition::<u64>::new(rows, cols).unwrap();
            let density = 2 + round % 5;
            for c in 0..(rows * cols) as u32 {
                let (next, r) = bitboard::keys::splitmix64(state);
                state = next;
                match r % density {
                    0 => p.stones[0] |= 1 << c,
                    1 => p.stones[1] |= 1 << c,
                    _ => {}
                }
            }
            let graphs = p.graphs();
            let useful = p.useful_cells();
            for c in p.empty().iter() {
                for colour in 0..2 {
                    let mut q = p.clone();
                    q.stones[colour] |= 1 << c;
                    let want = q.unreachable_cells() | q.graph_dead_cells();
                    let got = p.dead_after_stone(&graphs, useful, c, colour);
                    assert_eq!(
                        got, want,
                        "{rows}x{cols} stones {:?} cell {c} colour {colour}",
                        p.stones
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
