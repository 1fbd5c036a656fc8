//! Engine self-play: games between two equal engines, with random opening moves and dice drawn
//! from a seed, for balance experiments (how often does the first player win?).

use crate::order::MoveHints;
use crate::rng::SplitMix64;
use crate::{Engine, Limits, SearchError};
use game::{Evaluate, NodeKind, Outcome, Player};

/// How the games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlayOptions {
    /// The first `random_plies` decisions of each game are uniformly random legal moves.
    pub random_plies: u32,
    /// A game still running after this many decisions is stopped (reported unfinished).
    pub max_plies: u32,
    /// Seed of the random openings and the dice of game `i` (mixed with `i`).
    pub seed: u64,
}

/// One played game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord<M> {
    /// Every move in order: decisions and chance outcomes.
    pub moves: Vec<M>,
    /// How many of them were decisions.
    pub decisions: u32,
    /// The result, or `None` if the game hit `max_plies`.
    pub outcome: Option<Outcome>,
}

/// Play game number `index` from `root`: each engine move searched within `limits` (a fresh
/// table per game for reproducibility; with one thread and a depth or node limit the game is
/// a function of the seed and the index).
pub fn play_game<G, H>(
    root: &G,
    engine: &mut Engine<G::Move>,
    limits: &Limits,
    hints: &H,
    opts: &SelfPlayOptions,
    index: u64,
) -> Result<GameRecord<G::Move>, SearchError>
where
    G: Evaluate,
    H: MoveHints<G>,
{
    let mut rng = SplitMix64::new(crate::rng::mix64(
        opts.seed ^ crate::rng::mix64(index.wrapping_add(1)),
    ));
    let mut g = root.clone();
    let mut moves = Vec::new();
    let mut decisions = 0u32;
    let mut buf = Vec::new();
    let mut outs = Vec::new();
    engine.clear();
    loop {
        match g.node_kind() {
            NodeKind::Terminal => {
                return Ok(GameRecord {
                    moves,
                    decisions,
                    outcome: Some(g.outcome().unwrap_or(Outcome::Draw)),
                })
            }
            NodeKind::Chance => {
                outs.clear();
                g.chance_outcomes(&mut outs);
                let Some(&(first, _)) = outs.first() else {
                    return Err(SearchError::NoLegalMoves);
                };
                // Inverse transform sampling; the last outcome absorbs rounding.
                let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                let mut acc = 0.0;
                let mut pick = outs.last().map_or(first, |o| o.0);
                for &(mv, p) in &outs {
                    acc += p;
                    if u < acc {
                        pick = mv;
                        break;
                    }
                }
                g.play(pick);
                moves.push(pick);
            }
            NodeKind::Decision(_) => {
                if decisions >= opts.max_plies {
                    return Ok(GameRecord {
                        moves,
                        decisions,
                        outcome: None,
                    });
                }
                let mv = if decisions < opts.random_plies {
                    buf.clear();
                    g.legal_moves(&mut buf);
                    if buf.is_empty() {
                        return Err(SearchError::NoLegalMoves);
                    }
                    buf[rng.below(buf.len())]
                } else {
                    engine.search(&g, limits, hints, |_| {})?.best_move
                };
                g.play(mv);
                moves.push(mv);
                decisions += 1;
            }
        }
    }
}

/// Results of a series of games.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SelfPlaySummary {
    /// Games played.
    pub games: u32,
    /// Won by the first player.
    pub first_wins: u32,
    /// Won by the second player.
    pub second_wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Stopped at the ply limit.
    pub unfinished: u32,
    /// Total decisions over all games.
    pub total_decisions: u64,
}

impl SelfPlaySummary {
    /// Count one game.
    pub fn add<M>(&mut self, r: &GameRecord<M>) {
        self.add_result(r.outcome, r.decisions);
    }

    /// Count one game by its result and length (a game read back from a journal).
    pub fn add_result(&mut self, outcome: Option<Outcome>, decisions: u32) {
        self.games += 1;
        self.total_decisions += u64::from(decisions);
        match outcome {
            Some(Outcome::Win(Player::First)) => self.first_wins += 1,
            Some(Outcome::Win(Player::Second)) => self.second_wins += 1,
            Some(Outcome::Draw) => self.draws += 1,
            None => self.unfinished += 1,
        }
    }

    /// Mean number of decisions per game.
    pub fn mean_length(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_decisions as f64 / f64::from(self.games)
        }
    }

    /// The first player's score: (wins + draws / 2) / finished games.
    pub fn first_player_score(&self) -> Option<f64> {
        let finished = self.games - self.unfinished;
        (finished > 0).then(|| {
            (f64::from(self.first_wins) + 0.5 * f64::from(self.draws)) / f64::from(finished)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{Pig, TicTacToe};
    use crate::{NoHints, SearchOptions};

    #[test]
    fn perfect_tic_tac_toe_is_drawn_and_games_are_reproducible() {
        let mut e = Engine::new(SearchOptions::default()).unwrap();
        let opts = SelfPlayOptions {
            random_plies: 0,
            max_plies: 20,
            seed: 1,
        };
        let r = play_game(
            &TicTacToe::new(),
            &mut e,
            &Limits::depth(9),
            &NoHints,
            &opts,
            0,
        )
        .unwrap();
        assert_eq!(r.outcome, Some(Outcome::Draw));
        assert_eq!(r.decisions, 9);
        let opts = SelfPlayOptions {
            random_plies: 2,
            max_plies: 300,
            seed: 7,
        };
        let mut summary = SelfPlaySummary::default();
        let mut e = Engine::new(SearchOptions::default()).unwrap();
        for i in 0..6 {
            let a =
                play_game(&Pig::new(15), &mut e, &Limits::depth(4), &NoHints, &opts, i).unwrap();
            let b =
                play_game(&Pig::new(15), &mut e, &Limits::depth(4), &NoHints, &opts, i).unwrap();
            assert_eq!(a, b);
            assert!(matches!(a.outcome, Some(Outcome::Win(_))));
            summary.add(&a);
        }
        assert_eq!(summary.games, 6);
        assert_eq!(summary.first_wins + summary.second_wins, 6);
        assert!(summary.mean_length() > 2.0);
    }
}
