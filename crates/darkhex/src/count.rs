//! Exact counts of Dark Hex's information sets: how many private histories each player can
//! be to move at, and how many views (own stones, known enemy stones) they reach.
//!
//! The perfect-recall information sets of a player are its private histories (ordered probes
//! with their outcomes), which are too many to list on 16 cells, but they are counted exactly
//! by a dynamic program over the player's *view* `(S, F)` (own stones, found enemy stones):
//! the number of histories reaching a view is the sum over its last event, and whether a
//! history is possible at all depends only on its view, as follows.
//!
//! A history of player `p` with view `(S, F)` at which `p` is to move is possible iff `S` does
//! not connect `p` and the opponent can have placed a set `O` of stones with `F ⊆ O`,
//! `O ∩ S = ∅`, `|O| = w` and `O` not connecting the opponent, where `w` is the fewest stones
//! the opponent can have placed:
//! - classical, Black: `w = |S|` (White has placed exactly as many stones as Black);
//! - classical, White: `w = |S| + 1`;
//! - abrupt, Black: `w = |F|` (White's other turns were probes of Black's stones), and a find
//!   needs `S ≠ ∅` (Black's first probe meets an empty board);
//! - abrupt, White: `w = |F| + 1` (Black can have failed at most once per White stone, and
//!   each find of White needs a Black stone placed before it).
//!
//! The opponent's stones can always be placed in an order that makes every earlier view of
//! `p` possible (the found cells first, in the order found), so a history is possible iff
//! every prefix's view is, and the views' condition is monotone (a superset of an impossible
//! view is impossible), so the count propagates from possible views only. By the Hex theorem
//! (a full board has exactly one winner) `O` exists iff `w ≥ |F|` and the cheapest chain of
//! `p` through the cells outside `F` that contains `S` has at most `cells − w` cells: the
//! complement of `O` is such a chain. The cheapest chain is a 0–1 breadth-first search over
//! the cells (own stones cost 0, empty cells 1).
//!
//! The views are the `3^cells` pairs of disjoint sets; the table holds one `u64` count per view,
//! 344 MB on 16 cells, and is swept in
//! base-3 order, which is a topological order (a probe adds `3^c` or `2·3^c`). A count fits
//! `u64`: the histories of one view are orderings of at most 16 events (`16! ≈ 2.1e13`).
//! Tested against a walk of the whole game tree on the small boards.

use crate::rules::{DarkHex, Rules, Variant, MAX_CELLS};
use bitboard::hex::HexGeometry;

/// What [`count_information_sets`] found for one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerCount {
    /// Private histories at which the player is to move (its perfect-recall information sets).
    pub histories: u128,
    /// Of those, by the number of events (own probes) in the history: `by_events[k]`.
    pub by_events: Vec<u128>,
    /// Distinct views (own stones, found enemy stones) of those histories: the information
    /// sets of the view abstraction before the rotation is taken out.
    pub views: u64,
}

/// The counts of both players (Black `[0]`, White `[1]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InformationSetCount {
    /// The board.
    pub rules: Rules,
    /// Per player.
    pub players: [PlayerCount; 2],
}

/// Why a count cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// Announcements change the histories; the count covers the plain rules only.
    #[error("information-set counts are for the rules without touch announcements")]
    AnnounceTouch,
    /// The board is not a Dark Hex board.
    #[error(transparent)]
    Rules(#[from] crate::rules::DarkHexError),
}

/// The fewest cells outside `blocked` that must join `own` for player `p` to connect its
/// edges, or `None` if `blocked` cuts every chain (a 0–1 breadth-first search by layers:
/// `reach` is every cell a chain from the first edge reaches at the current cost).
fn cheapest_fill(hex: &HexGeometry<u64>, p: u8, own: u64, blocked: u64) -> Option<u32> {
    let (a, b) = hex.edges(p == 0);
    let open = hex.all() & !blocked;
    let mut reach = hex.flood(own & a, own);
    let mut cost = 0;
    loop {
        if reach & b != 0 {
            return Some(cost);
        }
        let frontier = (hex.expand(reach) | a) & open & !reach;
        if frontier == 0 {
            return None;
        }
        let seeds = reach | frontier;
        reach = hex.flood(seeds, seeds | own);
        cost += 1;
    }
}

/// The exact number of information sets (private histories at which the player is to move)
/// and views of both players of Dark Hex under `rules` (no announcements), by the dynamic
/// program of the module header. Memory: `8 · 3^cells` bytes, 344 MB on 16 cells; time: tens of seconds on 16 cells.
pub fn count_information_sets(rules: Rules) -> Result<InformationSetCount, CountError> {
    if rules.announce_touch {
        return Err(CountError::AnnounceTouch);
    }
    let game = DarkHex::new(rules)?;
    let players = [count_player(&game, 0), count_player(&game, 1)];
    Ok(InformationSetCount { rules, players })
}

fn count_player(game: &DarkHex, p: u8) -> PlayerCount {
    let hex = game.geometry();
    let n = game.cells();
    debug_assert!(n <= MAX_CELLS);
    let abrupt = game.rules().variant == Variant::Abrupt;
    let pow3: Vec<usize> = (0..=n).map(|k| 3usize.pow(k as u32)).collect();
    let mut counts = vec![0u64; pow3[n]];
    counts[0] = 1;
    let mut by_events = vec![0u128; n + 1];
    let mut histories = 0u128;
    let mut views = 0u64;
    // The view of the current index, kept in step with it (a base-3 counter over the cells:
    // digit 0 empty, 1 own stone, 2 found enemy stone).
    let mut digits = vec![0u8; n];
    let (mut own, mut found) = (0u64, 0u64);
    for index in 0..pow3[n] {
        if index > 0 {
            // Increment the counter.
            for (c, d) in digits.iter_mut().enumerate() {
                let bit = 1u64 << c;
                *d = (*d + 1) % 3;
                match *d {
                    1 => own |= bit,
                    2 => (own, found) = (own & !bit, found | bit),
                    _ => found &= !bit,
                }
                if *d != 0 {
                    break;
                }
            }
        }
        let count = counts[index];
        if count == 0 {
            continue;
        }
        let (s, f) = (own.count_ones(), found.count_ones());
        // The fewest stones the opponent can have placed (module header).
        let fewest = match (abrupt, p) {
            (false, 0) => s,
            (false, _) => s + 1,
            (true, 0) => f,
            (true, _) => f + 1,
        };
        // The cheapest chain of `p` through the cells outside `found` containing `own`.
        let chain = cheapest_fill(hex, p, own, found).map(|fill| s + fill);
        let possible = fewest >= f
            && chain.is_some_and(|c| c as usize <= n - fewest as usize)
            && !(abrupt && p == 0 && f > 0 && s == 0);
        if !possible {
            continue;
        }
        views += 1;
        histories += count as u128;
        by_events[(s + f) as usize] += count as u128;
        for c in 0..n {
            let bit = 1u64 << c;
            if (own | found) & bit != 0 {
                continue;
            }
            // Placed: the game goes on unless the stone connects.
            if !game.connects(p, own | bit) {
                counts[index + pow3[c]] += count;
            }
            // Found: the next view's own condition decides whether it can happen.
            counts[index + 2 * pow3[c]] += count;
        }
    }
    while by_events.len() > 1 && by_events.last() == Some(&0) {
        by_events.pop();
    }
    PlayerCount {
        histories,
        by_events,
        views,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hashbrown::HashSet;

    /// Every (player, history) at which someone is to move, by walking the whole game tree.
    fn walk(game: &DarkHex) -> [HashSet<u128>; 2] {
        fn go(game: &DarkHex, s: crate::rules::State, seen: &mut [HashSet<u128>; 2]) {
            if s.winner.is_some() {
                return;
            }
            let p = s.to_move as usize;
            seen[p].insert(s.history[p]);
            let legal = game.legal_set(&s);
            for c in 0..game.cells() as u32 {
                if legal >> c & 1 == 1 {
                    let mut t = s;
                    game.play(&mut t, c);
                    go(game, t, seen);
                }
            }
        }
        let mut seen = [HashSet::new(), HashSet::new()];
        go(game, game.root(), &mut seen);
        seen
    }

    fn rules(rows: usize, cols: usize, variant: Variant) -> Rules {
        Rules {
            rows,
            cols,
            variant,
            announce_touch: false,
        }
    }

    #[test]
    fn counts_match_a_walk_of_the_game_tree() {
        for (rows, cols) in [
            (1, 1),
            (1, 3),
            (3, 1),
            (2, 2),
            (2, 3),
            (3, 2),
            (1, 5),
            (4, 1),
        ] {
            for variant in [Variant::Classical, Variant::Abrupt] {
                let r = rules(rows, cols, variant);
                let game = DarkHex::new(r).unwrap();
                let seen = walk(&game);
                let counted = count_information_sets(r).unwrap();
                for p in 0..2 {
                    let c = &counted.players[p];
                    assert_eq!(
                        c.histories,
                        seen[p].len() as u128,
                        "{rows}x{cols} {variant} player {p}"
                    );
                    let views: HashSet<(u64, u64)> = seen[p]
                        .iter()
                        .map(|&h| crate::strategy::replay_history(&game, p as u8, h).unwrap())
                        .collect();
                    assert_eq!(c.views, views.len() as u64, "{rows}x{cols} {variant} views");
                    assert_eq!(c.by_events.iter().sum::<u128>(), c.histories);
                }
            }
        }
    }

    #[test]
    fn known_totals() {
        // The perfect-recall information sets of gsolve's CFR (results/darkhex, issue 18).
        for (rows, cols, total) in [(2, 2, 70), (3, 2, 4180), (2, 3, 2508)] {
            let c = count_information_sets(rules(rows, cols, Variant::Classical)).unwrap();
            assert_eq!(c.players[0].histories + c.players[1].histories, total);
        }
    }

    #[test]
    fn view_totals_match_the_published_sizes() {
        // ../shared/rules/darkhex.md, "Sizes": view states (own stones + known enemy stones).
        for (rows, cols, total) in [(2, 2, 42), (3, 2, 410), (3, 3, 12_556), (4, 3, 367_919)] {
            let c = count_information_sets(rules(rows, cols, Variant::Classical)).unwrap();
            assert_eq!(c.players[0].views + c.players[1].views, total);
        }
    }

    #[test]
    fn announcements_are_refused() {
        let mut r = rules(2, 2, Variant::Classical);
        r.announce_touch = true;
        assert_eq!(count_information_sets(r), Err(CountError::AnnounceTouch));
    }
}
