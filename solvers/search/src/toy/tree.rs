//! A synthetic game: everything comes from a hash of the position.

use super::mix64;
use game::{Evaluate, Game, NodeKind, Notation, Outcome, Player};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct TreeState {
    counts: [u8; 8],
    to_move: Player,
    pending: bool,
    len: u8,
}

/// A synthetic game for testing search algorithms.
///
/// A position is a vector of eight counters, the player to move, a pending-chance flag and the
/// number of moves played. A decision move `m < width` adds one to counter `m`, so move orders
/// transpose. Everything else is drawn from a hash of (seed, position): which of the `width`
/// moves are legal (about three in four, at least one), which capture (one in three), whether
/// the side to move is in check (one in seven), the evaluation (uniform in ±1000), early ends
/// (one position in thirteen after two moves) and the outcome at an end (2/5 first player wins,
/// 2/5 second, 1/5 draw). The game ends after `length` moves.
///
/// With `chance`, one decision move in three is "risky": it leads to a chance node with 2 to 5
/// outcomes (probabilities 1/3 2/3; 1/6 1/3 1/2; 1/4 ×4; 1/5 ×5) that add to counters 4–7, after
/// which the same player or the other one moves (hash-decided), as after a Hexecs princess roll.
#[derive(Clone, Debug)]
pub struct TreeGame {
    seed: u64,
    width: u8,
    length: u8,
    chance: bool,
    s: TreeState,
    history: Vec<TreeState>,
}

impl TreeGame {
    /// A new game: `width` in 1..=4 decision moves, at most `length` (≤ 60) moves.
    pub fn new(seed: u64, width: u8, length: u8, chance: bool) -> Self {
        assert!(
            (1..=4).contains(&width) && length <= 60,
            "tree game width 1..=4, length ≤ 60"
        );
        TreeGame {
            seed,
            width,
            length,
            chance,
            s: TreeState {
                counts: [0; 8],
                to_move: Player::First,
                pending: false,
                len: 0,
            },
            history: Vec::new(),
        }
    }

    /// Moves played so far.
    pub fn len(&self) -> usize {
        usize::from(self.s.len)
    }

    /// True before the first move.
    pub fn is_empty(&self) -> bool {
        self.s.len == 0
    }

    fn h(&self, salt: u64) -> u64 {
        mix64(self.hash_key() ^ mix64(salt.wrapping_add(self.seed)))
    }

    fn is_risky(&self, m: u8) -> bool {
        self.chance && self.h(30 + u64::from(m)) % 3 == 0
    }

    fn ended(&self) -> bool {
        self.s.len >= self.length || (self.s.len >= 2 && self.h(1) % 13 == 0)
    }
}

impl Game for TreeGame {
    type Move = u8;

    fn node_kind(&self) -> NodeKind {
        if self.ended() {
            NodeKind::Terminal
        } else if self.s.pending {
            NodeKind::Chance
        } else {
            NodeKind::Decision(self.s.to_move)
        }
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.ended() || self.s.pending {
            return;
        }
        let before = out.len();
        out.extend((0..self.width).filter(|&m| self.h(10 + u64::from(m)) % 4 != 0));
        if out.len() == before {
            out.push(0);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(u8, f64)>) {
        if self.ended() || !self.s.pending {
            return;
        }
        let probs: &[f64] = match self.h(5) % 4 {
            0 => &[1.0 / 3.0, 2.0 / 3.0],
            1 => &[1.0 / 6.0, 1.0 / 3.0, 1.0 / 2.0],
            2 => &[0.25; 4],
            _ => &[0.2; 5],
        };
        out.extend(probs.iter().enumerate().map(|(k, &p)| (10 + k as u8, p)));
    }

    fn play(&mut self, mv: u8) {
        self.history.push(self.s);
        if mv >= 10 {
            let k = mv - 10;
            let same = self.h(40 + u64::from(k)) % 2 == 0;
            self.s.counts[4 + usize::from(k % 4)] += 1;
            self.s.pending = false;
            if !same {
                self.s.to_move = self.s.to_move.other();
            }
        } else {
            let risky = self.is_risky(mv);
            self.s.counts[usize::from(mv)] += 1;
            if risky {
                self.s.pending = true;
            } else {
                self.s.to_move = self.s.to_move.other();
            }
        }
        self.s.len += 1;
    }

    fn undo(&mut self, _mv: u8) {
        self.s = self.history.pop().expect("undo without play");
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.ended() {
            return None;
        }
        Some(match self.h(2) % 5 {
            0 | 1 => Outcome::Win(Player::First),
            2 | 3 => Outcome::Win(Player::Second),
            _ => Outcome::Draw,
        })
    }

    fn hash_key(&self) -> u64 {
        let s = &self.s;
        let packed = u64::from_le_bytes(s.counts);
        let flags = (s.to_move.index() as u64) | u64::from(s.pending) << 1 | u64::from(s.len) << 2;
        mix64(mix64(packed ^ self.seed) ^ flags.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
}

impl Evaluate for TreeGame {
    const EVAL_BOUND: i32 = 1000;

    fn evaluate(&self) -> i32 {
        (self.h(4) % 2001) as i32 - 1000
    }

    fn is_capture(&self, mv: u8) -> bool {
        mv < 10 && self.h(20 + u64::from(mv)) % 3 == 0
    }

    fn in_check(&self) -> bool {
        !self.s.pending && self.h(3) % 7 == 0
    }
}

impl Notation for TreeGame {
    fn move_text(&self, mv: u8) -> String {
        if mv >= 10 {
            format!("c{}", mv - 10)
        } else {
            format!("m{mv}")
        }
    }
}
