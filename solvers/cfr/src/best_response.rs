//! Exact best response (perfect recall) and the resulting bracket.

use game::extensive::{Behaviour, ExtensiveGame};
use game::{NodeKind, Player};
use hashbrown::HashMap;
use rayon::prelude::*;

/// What a strategy pair proves about the game value (first player's payoff).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Bracket {
    /// The value the first player's strategy guarantees (against a best response).
    pub lower: f64,
    /// The value the second player's strategy concedes at most.
    pub upper: f64,
    /// `upper − lower` (the sum of both exploitabilities).
    pub gap: f64,
}

/// The expected payoff of `responder` when it best-responds to `profile` (which gives the
/// other player's behaviour; missing information sets are played uniformly). Exact for
/// perfect-recall games; with `parallel`, the responder's first information sets are solved
/// on rayon's pool (the sum is taken in a fixed order, so the result does not depend on it).
pub fn best_response_value<G, B>(game: &G, profile: &B, responder: Player, parallel: bool) -> f64
where
    G: ExtensiveGame,
    B: Behaviour<G> + ?Sized,
{
    let br = Br {
        game,
        profile,
        responder,
    };
    br.expand(vec![(game.root(), 1.0)], parallel)
}

/// The bracket of a profile holding both players' strategies.
pub fn bracket<G, B>(game: &G, profile: &B, parallel: bool) -> Bracket
where
    G: ExtensiveGame,
    B: Behaviour<G> + ?Sized,
{
    let (first, second) = if parallel {
        rayon::join(
            || best_response_value(game, profile, Player::First, true),
            || best_response_value(game, profile, Player::Second, true),
        )
    } else {
        (
            best_response_value(game, profile, Player::First, false),
            best_response_value(game, profile, Player::Second, false),
        )
    };
    let lower = -second;
    let upper = first;
    Bracket {
        lower,
        upper,
        gap: upper - lower,
    }
}

struct Br<'a, G: ExtensiveGame, B: ?Sized> {
    game: &'a G,
    profile: &'a B,
    responder: Player,
}

impl<G: ExtensiveGame, B: Behaviour<G> + ?Sized> Br<'_, G, B> {
    /// Σ weight × responder payoff under the best response, from a set of states that all lie
    /// below the same sequence of responder information sets and actions.
    fn expand(&self, items: Vec<(G::State, f64)>, parallel: bool) -> f64 {
        let g = self.game;
        let mut total = 0.0;
        let mut groups: HashMap<G::InfoKey, Vec<(G::State, f64)>> = HashMap::new();
        let mut stack = items;
        let mut acts = Vec::new();
        let mut outs = Vec::new();
        let mut probs: Vec<f64> = Vec::new();
        while let Some((s, w)) = stack.pop() {
            match g.node_kind(&s) {
                NodeKind::Terminal => total += w * g.payoff_for(&s, self.responder),
                NodeKind::Chance => {
                    outs.clear();
                    g.chance_outcomes(&s, &mut outs);
                    for &(a, p) in &outs {
                        if p > 0.0 {
                            let mut c = s.clone();
                            g.apply(&mut c, a);
                            stack.push((c, w * p));
                        }
                    }
                }
                NodeKind::Decision(p) if p == self.responder => {
                    groups.entry(g.info_key(&s)).or_default().push((s, w));
                }
                NodeKind::Decision(_) => {
                    acts.clear();
                    g.legal_actions(&s, &mut acts);
                    let key = g.info_key(&s);
                    let n = acts.len();
                    probs.clear();
                    probs.resize(n, 0.0);
                    if !self.profile.fill(&key, &mut probs) {
                        probs.iter_mut().for_each(|p| *p = 1.0 / n as f64);
                    }
                    for (k, &a) in acts.iter().enumerate() {
                        let p = probs[k];
                        if p > 0.0 {
                            let mut c = s.clone();
                            g.apply(&mut c, a);
                            stack.push((c, w * p));
                        }
                    }
                }
            }
        }
        let mut groups: Vec<_> = groups.into_iter().collect();
        groups.sort_unstable_by_key(|g| g.0);
        let solve = |group: &Vec<(G::State, f64)>| -> f64 {
            let mut acts = Vec::new();
            g.legal_actions(&group[0].0, &mut acts);
            let mut best = f64::NEG_INFINITY;
            for &a in &acts {
                let children = group
                    .iter()
                    .map(|(s, w)| {
                        let mut c = s.clone();
                        g.apply(&mut c, a);
                        (c, *w)
                    })
                    .collect();
                best = best.max(self.expand(children, false));
            }
            best
        };
        let values: Vec<f64> = if parallel && groups.len() > 1 {
            groups.par_iter().map(|(_, grp)| solve(grp)).collect()
        } else if parallel {
            // One group only (the usual case at the root): parallelise one level down.
            groups
                .iter()
                .map(|(_, grp)| {
                    let mut acts = Vec::new();
                    g.legal_actions(&grp[0].0, &mut acts);
                    acts.par_iter()
                        .map(|&a| {
                            let children = grp
                                .iter()
                                .map(|(s, w)| {
                                    let mut c = s.clone();
                                    g.apply(&mut c, a);
                                    (c, *w)
                                })
                                .collect();
                            self.expand(children, false)
                        })
                        .collect::<Vec<f64>>()
                        .into_iter()
                        .fold(f64::NEG_INFINITY, f64::max)
                })
                .collect()
        } else {
            groups.iter().map(|(_, grp)| solve(grp)).collect()
        };
        total + values.iter().sum::<f64>()
    }
}
