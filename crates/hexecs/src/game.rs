//! [`Hexecs`]: a position with its history, implementing the `game` traits.

use crate::board::{Board, Phase};
use crate::fen::{parse_position, write_position, PositionError, START, START_16_DROIDS};
use crate::notation::{parse_move, raw_move_text, MoveError};
use crate::types::{Colour, Move};
use game::{Evaluate, Game, NodeKind, Notation, Outcome, Player};

/// The start setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setup {
    /// 10 droids a side (the standard game).
    TenDroids,
    /// The "16 droids" variant.
    SixteenDroids,
}

/// Rule options that are cheap to vary (the **[decision]** draw rules of the rules page).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// A game ends drawn after this many turns without capture, conversion or droid move
    /// (default 100; 0 disables the rule).
    pub no_progress_plies: u16,
    /// A game ends drawn when a position occurs for this many times (default 3; 0 disables).
    pub repetitions: u8,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            no_progress_plies: 100,
            repetitions: 3,
        }
    }
}

/// A Hexecs game: the current [`Board`], the boards before each move (the undo stack, also used
/// for repetition), and the rule options.
#[derive(Clone, Debug)]
pub struct Hexecs {
    board: Board,
    history: Vec<Board>,
    /// The Zobrist keys of `history`, kept apart so that the repetition scan reads 8 bytes a
    /// position instead of a whole board.
    keys: Vec<u64>,
    rules: Rules,
}

/// The player of a side: White is [`Player::First`].
#[inline]
pub fn player_of(c: Colour) -> Player {
    match c {
        Colour::White => Player::First,
        Colour::Black => Player::Second,
    }
}

impl Hexecs {
    /// The start position of `setup` with the default rules.
    pub fn new(setup: Setup) -> Hexecs {
        let text = match setup {
            Setup::TenDroids => START,
            Setup::SixteenDroids => START_16_DROIDS,
        };
        Hexecs::from_board(parse_position(text).expect("built-in start position parses"))
    }

    /// The standard start position.
    pub fn start() -> Hexecs {
        Hexecs::new(Setup::TenDroids)
    }

    /// A game starting from a board, with the default rules and no history.
    pub fn from_board(board: Board) -> Hexecs {
        Hexecs {
            board,
            history: Vec::with_capacity(256),
            keys: Vec::with_capacity(256),
            rules: Rules::default(),
        }
    }

    /// Parse a position (see [`crate::fen`]).
    pub fn from_position(text: &str) -> Result<Hexecs, PositionError> {
        parse_position(text).map(Hexecs::from_board)
    }

    /// Replace the rule options.
    pub fn with_rules(mut self, rules: Rules) -> Hexecs {
        self.rules = rules;
        self
    }

    /// The current board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position text of the current board.
    pub fn position_text(&self) -> String {
        write_position(&self.board)
    }

    /// Number of moves played since construction (the undo stack's depth).
    pub fn plies_played(&self) -> usize {
        self.history.len()
    }

    /// The legal move (or chance outcome) written `text`.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if let Some(o) = self.outcome() {
            return Err(MoveError::Illegal {
                text: text.to_string(),
                reason: format!("the game is over ({o:?})"),
            });
        }
        parse_move(&self.board, text)
    }

    /// Checked play of a move text; returns the move played.
    pub fn try_play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.parse_move(text)?;
        self.play(m);
        Ok(m)
    }

    /// Checked play of a move value.
    pub fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        let text = raw_move_text(mv);
        let m = self.parse_move(&text)?;
        if m != mv {
            return Err(MoveError::Illegal {
                text,
                reason: "not a legal move of this position".into(),
            });
        }
        self.play(mv);
        Ok(())
    }

    /// The draw by rule (no progress or repetition), if it applies.
    fn rule_draw(&self) -> bool {
        if self.board.phase() != Phase::Normal {
            return false;
        }
        if self.rules.no_progress_plies > 0
            && self.board.halfmove_clock() >= self.rules.no_progress_plies
        {
            return true;
        }
        if self.rules.repetitions > 1 {
            let h = self.board.hash();
            // Each turn is at most 3 plies (roll, die, princess move); no earlier position
            // equal to this one lies beyond the last capture / droid move / conversion.
            let window = 3 * self.board.halfmove_clock() as usize + 3;
            // Mid-turn positions carry a phase key, so they never equal this one.
            let seen = self
                .keys
                .iter()
                .rev()
                .take(window)
                .filter(|&&k| k == h)
                .count();
            if seen + 1 >= self.rules.repetitions as usize {
                return true;
            }
        }
        false
    }
}

impl Game for Hexecs {
    type Move = Move;

    fn node_kind(&self) -> NodeKind {
        match self.board.phase() {
            Phase::Rolled => NodeKind::Chance,
            _ if self.outcome().is_some() => NodeKind::Terminal,
            _ => NodeKind::Decision(player_of(self.board.side_to_move())),
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.rule_draw() {
            return;
        }
        self.board.legal_moves(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Move, f64)>) {
        if self.board.phase() == Phase::Rolled {
            out.extend((1..=6).map(|n| (Move::die(n), 1.0 / 6.0)));
        }
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.history.push(self.board);
        self.keys.push(self.board.hash());
        self.board.make(mv);
    }

    #[inline]
    fn undo(&mut self, _mv: Move) {
        self.board = self.history.pop().expect("undo without a move played");
        self.keys.pop();
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.board.phase() != Phase::Normal {
            return None;
        }
        if !self.board.has_legal_move() {
            return Some(if self.board.in_check() {
                Outcome::Win(player_of(self.board.side_to_move().other()))
            } else {
                Outcome::Draw
            });
        }
        self.rule_draw().then_some(Outcome::Draw)
    }

    #[inline]
    fn hash_key(&self) -> u64 {
        self.board.hash()
    }
}

impl Evaluate for Hexecs {
    const EVAL_BOUND: i32 = crate::eval::EVAL_BOUND;

    fn evaluate(&self) -> i32 {
        crate::eval::evaluate(&self.board)
    }

    fn is_capture(&self, mv: Move) -> bool {
        crate::eval::is_capture(&self.board, mv)
    }

    fn in_check(&self) -> bool {
        self.board.in_check()
    }
}

impl Notation for Hexecs {
    fn move_text(&self, mv: Move) -> String {
        raw_move_text(mv)
    }
}
