//! A person playing against the engine (`gsolve dola play --human`, `gsolve hexecs play
//! --human`): the game state, the engine's replies, the die, `undo` and `hint`. The terminal
//! loop (reading lines, drawing boards) is the binary's; the game's notation is the game
//! crate's.
//!
//! Chance nodes are resolved by the program: the die is drawn from `seed` (SplitMix64), so a
//! session replayed with the same seed and the same typed moves is the same game. `undo` takes
//! back the person's last decision and everything after it (the engine's reply, the dice) but
//! never re-rolls a die the person saw before that decision: a die rolled before the undone
//! move stays as it was.

use crate::output::{JobError, JobResult};
use crate::search::{search_error, SearchSettings};
use game::{Evaluate, MoveHints, NodeKind, Outcome, Player};
use search::rng::SplitMix64;
use search::{Engine, Limits, SearchResult};

/// What happened while the game went on without the person.
#[derive(Clone, Debug, PartialEq)]
pub enum Event<M> {
    /// The die (or another chance event) gave this outcome.
    Chance(M),
    /// The engine played this move.
    Engine {
        /// The move.
        mv: M,
        /// Its search.
        depth: u32,
        /// The score for the engine in centipawns (or a mate distance, see `score_text`).
        score: search::ScoreKind,
    },
}

/// A game between a person and the engine.
pub struct Session<G: Evaluate, H: MoveHints<G>> {
    start: G,
    pos: G,
    /// Every move played (decisions and chance outcomes) with the player who decided it
    /// (`None` for chance).
    played: Vec<(G::Move, Option<Player>)>,
    human: Player,
    hints: H,
    engine: Engine<G::Move>,
    limits: Limits,
    rng: SplitMix64,
}

impl<G: Evaluate, H: MoveHints<G>> Session<G, H> {
    /// A new game from `start` with the person playing `human`; the engine searches within
    /// `settings` (checked here: bad settings are input errors).
    pub fn new(
        start: G,
        human: Player,
        hints: H,
        settings: &SearchSettings,
        seed: u64,
    ) -> JobResult<Self> {
        let (limits, opts) = settings.resolve()?;
        let engine = Engine::new(opts).map_err(search_error)?;
        Ok(Session {
            pos: start.clone(),
            start,
            played: vec![],
            human,
            hints,
            engine,
            limits,
            rng: SplitMix64::new(search::rng::mix64(seed)),
        })
    }

    /// The position now.
    pub fn position(&self) -> &G {
        &self.pos
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// Every move played so far, decisions and chance outcomes.
    pub fn moves(&self) -> Vec<G::Move> {
        self.played.iter().map(|&(m, _)| m).collect()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.pos.node_kind() {
            NodeKind::Terminal => Some(self.pos.outcome().unwrap_or(Outcome::Draw)),
            _ => None,
        }
    }

    /// Whether the person is to decide now.
    pub fn human_to_move(&self) -> bool {
        self.pos.node_kind() == NodeKind::Decision(self.human)
    }

    /// Play the person's move (it must be legal: the game crate's reader checks it).
    pub fn play_human(&mut self, mv: G::Move) -> JobResult<()> {
        if !self.human_to_move() {
            return Err(JobError::input("it is not your move"));
        }
        let mut legal = vec![];
        self.pos.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            return Err(JobError::input("that move is not legal here"));
        }
        self.pos.play(mv);
        self.played.push((mv, Some(self.human)));
        Ok(())
    }

    /// Let the game go on until the person is to decide or it is over: the die is rolled,
    /// the engine moves.
    pub fn advance(&mut self) -> JobResult<Vec<Event<G::Move>>> {
        let mut events = vec![];
        loop {
            match self.pos.node_kind() {
                NodeKind::Terminal => return Ok(events),
                NodeKind::Decision(p) if p == self.human => return Ok(events),
                NodeKind::Chance => {
                    let mv = self.roll();
                    self.pos.play(mv);
                    self.played.push((mv, None));
                    events.push(Event::Chance(mv));
                }
                NodeKind::Decision(p) => {
                    let r = self.search()?;
                    self.pos.play(r.best_move);
                    self.played.push((r.best_move, Some(p)));
                    events.push(Event::Engine {
                        mv: r.best_move,
                        depth: r.depth,
                        score: r.score_kind,
                    });
                }
            }
        }
    }

    /// The engine's choice for the side to move (for `hint`).
    pub fn search(&mut self) -> JobResult<SearchResult<G::Move>> {
        self.engine
            .search(&self.pos, &self.limits, &self.hints, |_| {})
            .map_err(search_error)
    }

    /// Take back the person's last decision and everything after it; false if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(last) = self
            .played
            .iter()
            .rposition(|&(_, who)| who == Some(self.human))
        else {
            return false;
        };
        while self.played.len() > last {
            let (m, _) = self.played.pop().expect("a move to take back");
            self.pos.undo(m);
        }
        true
    }

    /// Draw a chance outcome by its probability.
    fn roll(&mut self) -> G::Move {
        let mut outs = vec![];
        self.pos.chance_outcomes(&mut outs);
        let u = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let mut acc = 0.0;
        for &(mv, p) in &outs {
            acc += p;
            if u < acc {
                return mv;
            }
        }
        outs.last().expect("a chance node has outcomes").0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Game;
    use search::toy::TicTacToe;

    fn settings() -> SearchSettings {
        SearchSettings {
            depth: Some(9),
            ..SearchSettings::default()
        }
    }

    #[test]
    fn the_engine_answers_and_undo_takes_back_a_whole_turn() {
        let start: TicTacToe = "......... x".parse().unwrap();
        let mut s = Session::new(start, Player::First, game::NoHints, &settings(), 1).unwrap();
        assert!(s.advance().unwrap().is_empty(), "the person moves first");
        let mut legal = vec![];
        s.position().legal_moves(&mut legal);
        s.play_human(legal[4]).unwrap();
        let events = s.advance().unwrap();
        assert_eq!(events.len(), 1);
        assert_eq!(s.moves().len(), 2);
        assert!(s.undo());
        assert!(s.moves().is_empty());
        assert!(!s.undo());
        assert!(s.play_human(legal[4]).is_ok());
        assert!(s.play_human(legal[0]).is_err(), "not the person's turn");
    }
}
