//! Rex knowledge against brute force: dead cells by the graph test and by fill-in, fill-in
//! pairs, and colour symmetry, each checked on random positions of 4×4 to 6×6 by exhaustive
//! completion or by the memoised plain minimax (no knowledge) of `common`.

mod common;
use common::*;
use game::{Game, Player};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// Memos of `common::memo_wins`, one per board size: it keys positions by their stones only.
type Memos = HashMap<(usize, usize), HashMap<(u64, u64, bool), bool>>;

/// True if `cell` is dead by definition: on every completion of the other empty cells,
/// Black's chain exists with `cell` Black iff it exists with `cell` White.
fn dead_by_completion(pos: &rex::RexPosition<u64>, cell: u32) -> bool {
    let hex = pos.hex();
    let black = pos.stones(Player::First);
    let others: Vec<u32> = pos
        .empty_cells()
        .into_iter()
        .filter(|&c| c != cell)
        .collect();
    (0u64..1 << others.len()).all(|mask| {
        let mut b = black;
        for (i, &c) in others.iter().enumerate() {
            if mask >> i & 1 == 1 {
                b |= 1 << c;
            }
        }
        hex.joins_top_bottom(b | 1 << cell) == hex.joins_top_bottom(b)
    })
}

/// Random positions with at most `max_empty` empty cells, from 4×4 to 6×6.
fn small_positions(seeds: u64, max_empty: usize) -> Vec<rex::RexPosition<u64>> {
    let cases: Vec<(usize, usize, usize)> = [(4, 4), (4, 5), (5, 5), (5, 6), (6, 6)]
        .iter()
        .map(|&(r, c)| (r, c, r * c - max_empty))
        .collect();
    random_positions(&cases, seeds, 104_729)
}

#[test]
fn graph_test_dead_cells_are_dead() {
    let (mut found, mut beyond_ring) = (0, 0);
    for pos in small_positions(300, 11) {
        let ring = pos
            .geometry()
            .dead_cells(pos.stones(Player::First), pos.stones(Player::Second));
        let dead = pos.graph_dead_cells();
        for c in pos.empty_cells() {
            if dead >> c & 1 == 1 {
                found += 1;
                beyond_ring += (ring >> c & 1 == 0) as u32;
                assert!(dead_by_completion(&pos, c), "cell {c} is not dead\n{pos:?}");
            }
        }
    }
    // The test must see dead cells, including some the ring test misses.
    assert!(
        found > 100 && beyond_ring > 10,
        "{found} dead, {beyond_ring} beyond the ring test"
    );
}

#[test]
fn fill_in_dead_cells_are_dead_and_pairs_keep_the_value() {
    let mut memos = Memos::new();
    let (mut pairs, mut dead) = (0, 0);
    for pos in small_positions(150, 12) {
        let memo = memos.entry((pos.rows(), pos.cols())).or_default();
        for (a, b, colour) in pos.fill_in_pair_list() {
            pairs += 1;
            // Filling the pair one stone of each colour, either way round, keeps the value
            // (whoever moves), and so does every child outside the pair.
            for mover in Player::ALL {
                let mut p = pos.clone();
                p.set_to_move(mover);
                let v = memo_wins(&mut p.clone(), memo);
                for (x, y) in [(a, b), (b, a)] {
                    // Q: the pair filled, Black on x and White on y. A chain made by the first
                    // stone stays when the second is added, and decides Q.
                    let mut q = pos.clone();
                    q.try_place(Player::First, x).unwrap();
                    if q.loser().is_none() {
                        q.try_place(Player::Second, y).unwrap();
                    }
                    q.set_to_move(mover);
                    let vq = match q.loser() {
                        Some(l) => l != mover,
                        None => memo_wins(&mut q, memo),
                    };
                    assert_eq!(vq, v, "pair {a},{b}, Black on {x}\n{p:?}");
                }
                // Q': both cells of the colour whose stone on either kills the other, as the
                // solver fills them (unless those two stones join that colour's sides).
                let c = [Player::First, Player::Second][colour];
                let mut q = pos.clone();
                q.try_place(c, a).unwrap();
                if q.loser().is_none() {
                    q.try_place(c, b).unwrap();
                }
                q.set_to_move(mover);
                let vq = match q.loser() {
                    Some(l) => l != mover,
                    None => memo_wins(&mut q, memo),
                };
                assert_eq!(vq, v, "pair {a},{b} both of colour {colour}\n{p:?}");
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                let outside = moves
                    .iter()
                    .filter(|m| m.as_cell() != Some(a) && m.as_cell() != Some(b))
                    .any(|&m| {
                        let mut c = p.clone();
                        c.play(m);
                        !memo_wins(&mut c, memo)
                    });
                if moves.len() > 2 {
                    assert_eq!(outside, v, "best move inside pair {a},{b}\n{p:?}");
                }
            }
        }
        let (_, d) = pos.fill_in_pairs(pos.empty());
        for c in pos.empty_cells() {
            if d >> c & 1 == 1 {
                dead += 1;
                assert!(dead_by_completion(&pos, c), "cell {c} is not dead\n{pos:?}");
            }
        }
    }
    assert!(pairs > 100, "only {pairs} pairs seen ({dead} dead)");
}

/// A random colour-symmetric position of an n×n board: `k` Black stones off the mirror's fixed
/// cells and their mirror images as White stones, or `None` if a player has a chain.
fn symmetric_position(
    n: usize,
    k: usize,
    anti: bool,
    rng: &mut ChaCha8Rng,
) -> Option<rex::RexPosition<u64>> {
    let mut pos = board(n, n);
    let mirror = |c: u32| {
        let (r, q) = (c as usize / n, c as usize % n);
        if anti {
            ((n - 1 - q) * n + (n - 1 - r)) as u32
        } else {
            (q * n + r) as u32
        }
    };
    let mut cells: Vec<u32> = (0..(n * n) as u32).filter(|&c| mirror(c) != c).collect();
    cells.shuffle(rng);
    let mut placed = 0;
    for c in cells {
        if placed == k {
            break;
        }
        if pos.empty_cells().contains(&c) && pos.empty_cells().contains(&mirror(c)) {
            pos.try_place(Player::First, c).ok()?;
            pos.try_place(Player::Second, mirror(c)).ok()?;
            placed += 1;
        }
    }
    pos.loser().is_none().then_some(pos)
}

#[test]
fn colour_symmetric_positions_are_won_by_the_mover_iff_the_empty_count_is_even() {
    let mut rng = ChaCha8Rng::seed_from_u64(2016);
    let mut memos = Memos::new();
    let mut checked = [0, 0];
    let solver = solver(1);
    for _ in 0..400 {
        let n = [3, 4, 5][rng.gen_range(0..3)];
        let k = rng.gen_range(1..=(n * n - n) / 2);
        if n * n - 2 * k > 13 {
            continue;
        }
        let anti = rng.gen_bool(0.5);
        let Some(sym) = symmetric_position(n, k, anti, &mut rng) else {
            continue;
        };
        let e = sym.empty_cells().len();
        let memo = memos.entry((n, n)).or_default();
        for mover in Player::ALL {
            let mut p = sym.clone();
            p.set_to_move(mover);
            assert_eq!(p.colour_symmetry().0, Some(e % 2 == 0), "{p:?}");
            assert_eq!(memo_wins(&mut p.clone(), memo), e % 2 == 0, "{p:?}");
            assert_eq!(solver.solve(&p), e % 2 == 0, "{p:?}");
            checked[e % 2] += 1;
            // One move short of symmetric: take back one stone of the other player, who is
            // then to move; restoring the stone must be reported, and the solver must agree
            // with the reference.
            let other = mover.other();
            let stones: Vec<u32> = (0..(n * n) as u32)
                .filter(|&c| p.stones(other) >> c & 1 == 1)
                .collect();
            let s = *stones.choose(&mut rng).unwrap();
            let mut q = board(n, n);
            for c in 0..(n * n) as u32 {
                if c != s && p.stones(Player::First) >> c & 1 == 1 {
                    q.try_place(Player::First, c).unwrap();
                }
                if c != s && p.stones(Player::Second) >> c & 1 == 1 {
                    q.try_place(Player::Second, c).unwrap();
                }
            }
            q.set_to_move(other);
            let (value, makers) = q.colour_symmetry();
            assert!(value.is_none() && makers >> s & 1 == 1, "{q:?}");
            assert_eq!(solver.solve(&q), memo_wins(&mut q.clone(), memo), "{q:?}");
        }
    }
    assert!(checked[0] > 50 && checked[1] > 50, "{checked:?}");
}

/// True if the move `m` wins for the player to move in `pos` (by the memoised minimax).
fn move_wins(
    pos: &rex::RexPosition<u64>,
    m: rex::RexMove,
    memo: &mut HashMap<(u64, u64, bool), bool>,
) -> bool {
    let mut c = pos.clone();
    c.play(m);
    match c.loser() {
        Some(l) => l != pos.to_move(),
        None => !memo_wins(&mut c, memo),
    }
}

#[test]
fn a_stone_that_kills_a_cell_makes_that_cell_the_better_move() {
    let mut memos = Memos::new();
    let mut checked = 0;
    for pos in small_positions(200, 12) {
        let memo = memos.entry((pos.rows(), pos.cols())).or_default();
        for (p, d) in pos.killing_pairs() {
            let (p_wins, d_wins) = (
                move_wins(&pos, rex::RexMove::cell(p), memo),
                move_wins(&pos, rex::RexMove::cell(d), memo),
            );
            assert!(!p_wins || d_wins, "{p} wins, {d} does not\n{pos:?}");
            checked += 1;
        }
    }
    assert!(checked > 200, "only {checked} kill pairs seen");
}

#[test]
fn a_neighbourhood_dominator_is_at_least_as_good() {
    // Neighbourhood domination (crate header): y dominates x, so if x wins, y wins. Many
    // positions, each with every dominating pair; the reach through edges must show up too.
    let mut memos = Memos::new();
    let (mut checked, mut strict) = (0, 0);
    for pos in small_positions(300, 12) {
        let memo = memos.entry((pos.rows(), pos.cols())).or_default();
        for (x, y) in pos.neighbourhood_pairs() {
            let (x_wins, y_wins) = (
                move_wins(&pos, rex::RexMove::cell(x), memo),
                move_wins(&pos, rex::RexMove::cell(y), memo),
            );
            assert!(
                !x_wins || y_wins,
                "{x} wins, its dominator {y} does not\n{pos:?}"
            );
            checked += 1;
            strict += (y_wins && !x_wins) as usize;
        }
    }
    assert!(
        checked > 2000 && strict > 100,
        "{checked} pairs ({strict} strict)"
    );
}

#[test]
fn prepare_keeps_a_winning_move_whenever_there_is_one() {
    use game::ExactGame;
    let mut memos = Memos::new();
    let (mut pruned, mut won) = (0, 0);
    for base in small_positions(200, 12) {
        let memo = memos.entry((base.rows(), base.cols())).or_default();
        let wins = memo_wins(&mut base.clone(), memo);
        // The pairing search decides most of these positions at once, so the pruning is
        // checked with the greedy pairing test alone too (no pairing search at any size).
        for pos in [base.clone(), base.clone().with_pair_search_from(u8::MAX)] {
            let mut moves = Vec::new();
            match pos.prepare(&mut moves) {
                Some(v) => assert_eq!(v, wins, "static value\n{pos:?}"),
                None => {
                    let kept = moves.iter().any(|&m| move_wins(&pos, m, memo));
                    assert_eq!(kept, wins, "kept moves {moves:?}\n{pos:?}");
                    pruned += (moves.len() < pos.empty_cells().len()) as usize;
                    won += wins as usize;
                }
            }
        }
    }
    assert!(pruned > 100 && won > 50, "{pruned} pruned, {won} won");
}

#[test]
fn the_broad_edge_rule_is_false_in_rex() {
    // Not a rule the solver uses: "for the mover, an empty cell on the mover's own edge is at
    // least as good as an empty neighbour touching no edge" (the broad form of some of
    // Solrex's Hex edge patterns) has counterexamples (results/rex/knowledge.md, session 30).
    let mut memos = Memos::new();
    let (mut checked, mut bad) = (0, 0);
    for pos in small_positions(400, 12) {
        let memo = memos.entry((pos.rows(), pos.cols())).or_default();
        let hex = pos.hex();
        let (ea, eb) = hex.edges(pos.to_move() == Player::First);
        let any_edge = hex.top() | hex.bottom() | hex.left() | hex.right();
        let empty = pos.empty_cells();
        for &y in empty.iter().filter(|&&y| (ea | eb) >> y & 1 == 1) {
            for &x in &empty {
                if any_edge >> x & 1 == 1 || hex.neighbours(y) >> x & 1 == 0 {
                    continue;
                }
                checked += 1;
                bad += (move_wins(&pos, rex::RexMove::cell(x), memo)
                    && !move_wins(&pos, rex::RexMove::cell(y), memo))
                    as usize;
            }
        }
    }
    eprintln!("{checked} pairs, {bad} counterexamples");
    assert!(
        checked > 1000 && bad > 10,
        "{checked} pairs, {bad} counterexamples"
    );
}
