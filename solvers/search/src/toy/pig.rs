//! Pig, the dice game.

use game::{Evaluate, Game, NodeKind, Notation, Outcome, Player};

/// A move of [`Pig`]: a decision or a die outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PigMove {
    /// Ask for the die.
    Roll,
    /// Bank the turn total and pass the turn.
    Hold,
    /// The die shows this face (a chance outcome).
    Die(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct PigState {
    scores: [u8; 2],
    turn: u8,
    to_move: Player,
    rolling: bool,
}

/// Pig to `target` points. On a turn the player rolls a die as often as they like: a 1 loses
/// the turn total and passes the turn, any other face adds to it; holding banks it and passes.
/// Reaching the target (banked plus turn total) wins at once.
///
/// Search sees: a decision (roll, or hold when the turn total is positive), then after a roll a
/// chance node (faces 1–6, 1/6 each) followed by the same player's decision or, after a 1, the
/// opponent's. Evaluation for the side to move: `4·mine + 2·turn − 4·theirs` within
/// `EVAL_BOUND = 6·target`. Holding counts as a "capture" (quiescence looks at banking).
#[derive(Clone, Debug)]
pub struct Pig {
    target: u8,
    s: PigState,
    history: Vec<PigState>,
}

impl Pig {
    /// A new game to `target` points (2..=40).
    pub fn new(target: u8) -> Self {
        assert!(
            (2..=40).contains(&target),
            "pig target {target} out of 2..=40"
        );
        Pig {
            target,
            s: PigState {
                scores: [0, 0],
                turn: 0,
                to_move: Player::First,
                rolling: false,
            },
            history: Vec::new(),
        }
    }

    /// A position: banked scores, the turn total of the player to move, who moves.
    pub fn from_parts(target: u8, scores: [u8; 2], turn: u8, to_move: Player) -> Self {
        let mut p = Pig::new(target);
        p.s = PigState {
            scores,
            turn,
            to_move,
            rolling: false,
        };
        p
    }

    /// Banked scores.
    pub fn scores(&self) -> [u8; 2] {
        self.s.scores
    }
}

/// The evaluation bound of Pig to 40 (the largest target), shared by every target.
const PIG_BOUND: i32 = 6 * 40;

impl Game for Pig {
    type Move = PigMove;

    fn node_kind(&self) -> NodeKind {
        if let Some(_o) = self.outcome() {
            NodeKind::Terminal
        } else if self.s.rolling {
            NodeKind::Chance
        } else {
            NodeKind::Decision(self.s.to_move)
        }
    }

    fn legal_moves(&self, out: &mut Vec<PigMove>) {
        if self.node_kind() == NodeKind::Decision(self.s.to_move) {
            out.push(PigMove::Roll);
            if self.s.turn > 0 {
                out.push(PigMove::Hold);
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(PigMove, f64)>) {
        if self.s.rolling && self.outcome().is_none() {
            out.extend((1..=6).map(|f| (PigMove::Die(f), 1.0 / 6.0)));
        }
    }

    fn play(&mut self, mv: PigMove) {
        self.history.push(self.s);
        let me = self.s.to_move.index();
        match mv {
            PigMove::Roll => self.s.rolling = true,
            PigMove::Hold => {
                self.s.scores[me] += self.s.turn;
                self.s.turn = 0;
                self.s.to_move = self.s.to_move.other();
            }
            PigMove::Die(1) => {
                self.s.rolling = false;
                self.s.turn = 0;
                self.s.to_move = self.s.to_move.other();
            }
            PigMove::Die(f) => {
                self.s.rolling = false;
                self.s.turn += f;
                if self.s.scores[me] + self.s.turn >= self.target {
                    self.s.scores[me] = self.target;
                    self.s.turn = 0;
                }
            }
        }
    }

    fn undo(&mut self, _mv: PigMove) {
        self.s = self.history.pop().expect("undo without play");
    }

    fn outcome(&self) -> Option<Outcome> {
        Player::ALL
            .into_iter()
            .find(|p| self.s.scores[p.index()] >= self.target)
            .map(Outcome::Win)
    }

    fn hash_key(&self) -> u64 {
        let s = &self.s;
        let packed = u64::from(s.scores[0])
            | u64::from(s.scores[1]) << 8
            | u64::from(s.turn) << 16
            | (s.to_move.index() as u64) << 24
            | u64::from(s.rolling) << 25
            | u64::from(self.target) << 32;
        super::mix64(packed ^ 0x5049_4750)
    }
}

impl Evaluate for Pig {
    const EVAL_BOUND: i32 = PIG_BOUND;

    fn evaluate(&self) -> i32 {
        let me = self.s.to_move.index();
        4 * i32::from(self.s.scores[me]) + 2 * i32::from(self.s.turn)
            - 4 * i32::from(self.s.scores[1 - me])
    }

    fn is_capture(&self, mv: PigMove) -> bool {
        mv == PigMove::Hold
    }
}

impl Notation for Pig {
    fn move_text(&self, mv: PigMove) -> String {
        match mv {
            PigMove::Roll => "roll".into(),
            PigMove::Hold => "hold".into(),
            PigMove::Die(f) => format!("die{f}"),
        }
    }
}
