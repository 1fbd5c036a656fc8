//! The game-trait core of gsolve.
//!
//! Games (crates `rex`, `darkhex`, `hexecs`, `dola`, `coins`) implement these traits; solvers
//! (`exact`, `cfr`, `search`) are generic over them and never name a game. The interface is
//! deliberately small, in the spirit of OpenSpiel: who is to move (a player or chance), the legal
//! moves written into a caller's buffer (nothing allocated per node), a fast unchecked
//! [`Game::play`] with its [`Game::undo`], the terminal outcome, and a hash key.
//!
//! - [`Game`]: any sequential game with perfect information, optionally with chance nodes
//!   (Hexecs's die). Rex, Hexecs and Dola implement it.
//! - [`ExactGame`]: what the exact win/loss solver needs on top — a static result for the side to
//!   move when it is known without search, a move list reduced by the game's *proven* pruning
//!   rules, and a key invariant under the game's symmetries.
//! - [`Evaluate`]: a heuristic evaluation with hard bounds, for bounded-depth search.
//! - [`extensive`]: imperfect-information games (Dark Hex) for CFR and best response.
//! - [`oracle`]: games as pure policies with a best-response oracle, for the double oracle.
//! - [`MoveHints`]: optional game knowledge for move ordering (a capture's victim/attacker key),
//!   which a game implements on a unit struct of its own and a search takes as a parameter.
//! - [`rng`]: the seeded SplitMix64 generator of random openings and position samples.
#![warn(missing_docs)]

pub mod extensive;
pub mod oracle;
pub mod rng;

use core::fmt::Debug;
use core::hash::Hash;

/// One of the two players. `First` moves first (Black in Hex games, White in chess games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves first.
    First = 0,
    /// The player who moves second.
    Second = 1,
}

impl Player {
    /// The other player.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
    /// 0 for `First`, 1 for `Second`.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// Both players, first one first.
    pub const ALL: [Player; 2] = [Player::First, Player::Second];
}

/// Who acts at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// The game is over.
    Terminal,
    /// A player chooses a move.
    Decision(Player),
    /// Chance chooses among [`Game::chance_outcomes`].
    Chance,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// +1 if `p` won, −1 if it lost, 0 for a draw.
    #[inline]
    pub fn value_for(self, p: Player) -> i32 {
        match self {
            Outcome::Win(w) if w == p => 1,
            Outcome::Win(_) => -1,
            Outcome::Draw => 0,
        }
    }
}

/// A sequential game with perfect information and optional chance nodes.
///
/// `play` is the fast unchecked path (invariants are `debug_assert!`ed): the move must come from
/// [`Game::legal_moves`] or [`Game::chance_outcomes`] of the current position. `undo` reverses the
/// most recent `play` of the same move; games keep whatever they need for that on an internal
/// stack. Checked twins (`try_play`) live in the game crates, where the errors are typed.
pub trait Game: Clone + Send + Sync {
    /// A move (or a chance outcome); small and `Copy`.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// Who acts now.
    fn node_kind(&self) -> NodeKind;

    /// Append the legal moves of the player to move to `out` (which the caller has cleared).
    /// Empty at terminal and chance nodes.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Append the chance outcomes and their probabilities (summing to 1) at a chance node.
    /// Games without chance keep the default, which appends nothing.
    fn chance_outcomes(&self, out: &mut Vec<(Self::Move, f64)>) {
        let _ = out;
    }

    /// Play a legal move (unchecked).
    fn play(&mut self, mv: Self::Move);

    /// Undo the most recent `play(mv)`.
    fn undo(&mut self, mv: Self::Move);

    /// The outcome if the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// A hash of the position (Zobrist or equivalent): equal positions give equal keys.
    fn hash_key(&self) -> u64;
}

/// What the exact win/loss solver needs beyond [`Game`]: two-player games without draws or
/// chance, where every position is a win or a loss for the player to move.
pub trait ExactGame: Game {
    /// Either the result for the player to move when it is proven without search
    /// (`Some(true)`: wins, `Some(false)`: loses; always `Some` at terminal positions), or `None`
    /// after appending to `moves` (cleared by the caller) the moves the solver must try, best
    /// guess first: a subset of the legal moves proven to contain a winning move whenever the
    /// player to move has one. Only pruning proven for the game may drop moves here.
    fn prepare(&self, moves: &mut Vec<Self::Move>) -> Option<bool>;

    /// [`Self::prepare`] with only the game's cheap knowledge, for estimates the solver makes
    /// about children it may never search (move ordering). The same contract: a `Some` is a
    /// proof and the moves contain a winning one whenever there is one. Defaults to `prepare`.
    fn prepare_quick(&self, moves: &mut Vec<Self::Move>) -> Option<bool> {
        self.prepare(moves)
    }

    /// A key equal for positions that are equal up to the game's symmetries (and so have the
    /// same value), and a second, independent key used to verify table hits.
    fn canonical_keys(&self) -> (u64, u64);

    /// Number of distinct move slots (for the solver's history and countermove tables).
    const MOVE_SLOTS: usize;

    /// A dense index `< MOVE_SLOTS` of a move (for example its cell).
    fn move_slot(&self, mv: Self::Move) -> usize;

    /// An estimate of the plies left in the game (for example the empty cells), used only to
    /// decide where expensive move ordering pays; `u32::MAX` when unknown.
    fn plies_left_hint(&self) -> u32 {
        u32::MAX
    }
}

/// A heuristic evaluation for bounded-depth search (alpha-beta, expectimax).
pub trait Evaluate: Game {
    /// The evaluation never leaves `[-EVAL_BOUND, EVAL_BOUND]` (Star1/Star2 pruning needs hard
    /// bounds); mate scores lie outside it.
    const EVAL_BOUND: i32;

    /// Static evaluation from the point of view of the player to move (centipawn-like units).
    fn evaluate(&self) -> i32;

    /// True if `mv` captures (quiescence search follows captures only).
    fn is_capture(&self, mv: Self::Move) -> bool;

    /// True if the player to move is in check (check extension).
    fn in_check(&self) -> bool {
        false
    }
}

/// Move notation: how a game writes its moves for humans and files.
pub trait Notation: Game {
    /// The text of `mv` played from the current position (coordinate form).
    fn move_text(&self, mv: Self::Move) -> String;
}

/// Optional knowledge that sharpens move ordering. Every method has a neutral default.
pub trait MoveHints<G: Game>: Sync {
    /// Ordering key of a capture in `pos` (higher is tried first): typically
    /// `16 · value(victim) − value(attacker)` (MVV-LVA). Keep it within ±1 000 000.
    fn capture_order_key(&self, pos: &G, mv: G::Move) -> i32 {
        let _ = (pos, mv);
        0
    }
}

/// No hints: captures keep the game's generation order.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHints;

impl<G: Game> MoveHints<G> for NoHints {}
