//! Exact perfect-recall best response against a behavioural strategy, in floating point.
//!
//! The responder's information sets are its private histories. [`best_response`] recurses over
//! them exactly like the certificate checker in [`crate::certificate`], carrying the
//! distribution of *worlds* consistent with the responder's history: a world is the
//! opponent's stones and known cells (plus its private history when its strategy needs it),
//! with the probability that the opponent's strategy produced it. Worlds that agree on
//! everything the opponent's strategy and the rules look at are merged (for a view strategy
//! this merges every order of the same opponent probes), so the recursion never enumerates
//! opponent histories one by one. At a responder history the value of a probe is the sum over
//! its observable outcomes; the responder takes the maximum.
//!
//! With `prune > 0`, a responder subtree whose worlds weigh less than `prune` in total is not
//! explored: its value is counted as 0 and its weight is added to `slack`, so the true
//! best-response value lies in `[value, value + slack]` and the brackets built from it stay
//! rigorous (only looser).

use crate::extensive::ViewGame;
use crate::rules::{DarkHex, Variant};
use bitboard::BitWord;
use hashbrown::HashMap;
use rayon::prelude::*;

/// A behavioural strategy as the best response sees it.
pub trait CellStrategy: Sync {
    /// True if the strategy looks at the private history, not only at (own, known).
    fn needs_history(&self) -> bool;
    /// Write the probability of probing each cell (0 for illegal cells) into `out[..cells]`.
    fn probabilities(&self, player: u8, history: u128, own: u64, known: u64, out: &mut [f64; 16]);
}

/// A view strategy: canonical view key → probabilities in [`ViewGame::view_actions`] order.
/// On construction every stored view is expanded, in both orientations, into per-cell
/// probabilities, so a lookup is one hash probe.
#[derive(Clone, Debug)]
pub struct ViewStrategy {
    game: ViewGame,
    cells: HashMap<u64, [f64; 16]>,
}

impl ViewStrategy {
    /// Wrap a table keyed like [`ViewGame`]'s information sets.
    pub fn new(game: ViewGame, map: HashMap<u64, Vec<f64>>) -> Self {
        let g = game.0.geometry().clone();
        let mut cells = HashMap::with_capacity(map.len() * 2);
        let mut acts = Vec::with_capacity(16);
        for (key, probs) in map {
            let player = (key >> 32) as u8;
            let (own, known) = ((key >> 16) & 0xffff, key & 0xffff);
            for (o, k) in [(own, known), (g.rotate180(own), g.rotate180(known))] {
                acts.clear();
                game.view_actions(player, o, k, &mut acts);
                if acts.len() != probs.len() {
                    continue;
                }
                let mut out = [0.0; 16];
                for (c, &q) in acts.iter().zip(&probs) {
                    out[*c as usize] = q;
                }
                cells.insert((player as u64) << 32 | o << 16 | k, out);
            }
        }
        ViewStrategy { game, cells }
    }
}

impl CellStrategy for ViewStrategy {
    fn needs_history(&self) -> bool {
        false
    }
    fn probabilities(&self, player: u8, _h: u128, own: u64, known: u64, out: &mut [f64; 16]) {
        match self.cells.get(&((player as u64) << 32 | own << 16 | known)) {
            Some(p) => *out = *p,
            None => {
                *out = [0.0; 16];
                let legal = self.game.0.all() & !(own | known);
                let u = 1.0 / legal.count_ones() as f64;
                for c in legal.iter() {
                    out[c as usize] = u;
                }
            }
        }
    }
}

/// A history strategy: `history_key(player, history)` → probabilities of the legal cells in
/// ascending order.
#[derive(Clone, Debug)]
pub struct HistoryStrategy {
    cells: usize,
    map: HashMap<u128, Vec<f64>>,
}

impl HistoryStrategy {
    /// Wrap a table keyed by [`crate::extensive::history_key`].
    pub fn new(cells: usize, map: HashMap<u128, Vec<f64>>) -> Self {
        HistoryStrategy { cells, map }
    }
}

impl CellStrategy for HistoryStrategy {
    fn needs_history(&self) -> bool {
        true
    }
    fn probabilities(&self, player: u8, h: u128, own: u64, known: u64, out: &mut [f64; 16]) {
        *out = [0.0; 16];
        let legal = ((1u64 << self.cells) - 1) & !(own | known);
        let key = crate::extensive::history_key(player, h);
        match self
            .map
            .get(&key)
            .filter(|p| p.len() == legal.count_ones() as usize)
        {
            Some(p) => {
                for (c, &q) in legal.iter().zip(p) {
                    out[c as usize] = q;
                }
            }
            None => {
                let u = 1.0 / legal.count_ones() as f64;
                for c in legal.iter() {
                    out[c as usize] = u;
                }
            }
        }
    }
}

/// The behaviour stored in a strategy file, as the best response reads it.
pub fn file_strategy(file: &crate::strategy::StrategyFile) -> Box<dyn CellStrategy> {
    use crate::strategy::Representation;
    let game = file.game();
    match file.header.representation {
        Representation::SymmetricHistory => file_strategy(&file.clone().expanded()),
        Representation::History => Box::new(HistoryStrategy::new(
            game.cells(),
            file.entries
                .iter()
                .map(|e| {
                    (
                        crate::extensive::history_key(e.player, e.key),
                        e.probs.clone(),
                    )
                })
                .collect(),
        )),
        Representation::View => Box::new(ViewStrategy::new(
            ViewGame(game),
            file.entries
                .iter()
                .map(|e| ((e.player as u64) << 32 | e.key as u64, e.probs.clone()))
                .collect(),
        )),
    }
}

/// The result of [`best_response`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Response {
    /// The responder's winning probability under the best response (a lower bound when
    /// pruning).
    pub value: f64,
    /// Weight of the pruned subtrees: the true value is at most `value + slack`.
    pub slack: f64,
    /// Responder histories visited.
    pub nodes: u64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct World {
    stones: u64,
    known: u64,
    history: u128,
    weight: f64,
}

type MemoKey = (u64, u64, Vec<(u64, u64, u128, u64)>);

struct Ctx<'a, S: ?Sized> {
    game: &'a DarkHex,
    strategy: &'a S,
    opponent: u8,
    keep_history: bool,
    prune: f64,
    /// Transposition table: (responder stones, responder known, worlds with weight bits) →
    /// (value, slack). Sharded to let the top levels run in parallel.
    memo: Vec<std::sync::Mutex<HashMap<MemoKey, (f64, f64)>>>,
    /// Largest number of worlds kept in the table (memory bound).
    memo_limit: usize,
    memo_worlds: std::sync::atomic::AtomicUsize,
    hits: std::sync::atomic::AtomicU64,
    /// One hasher for the shard choice (a fresh one per call could be seeded differently).
    hasher: hashbrown::DefaultHashBuilder,
}

const SHARDS: usize = 64;

fn merge(mut worlds: Vec<World>) -> Vec<World> {
    worlds.sort_unstable_by_key(|w| (w.stones, w.known, w.history));
    let mut out: Vec<World> = Vec::with_capacity(worlds.len());
    for w in worlds {
        match out.last_mut() {
            Some(l) if (l.stones, l.known, l.history) == (w.stones, w.known, w.history) => {
                l.weight += w.weight
            }
            _ => out.push(w),
        }
    }
    out
}

impl<S: CellStrategy + ?Sized> Ctx<'_, S> {
    /// Let the opponent move in `w` until the responder is to move; worlds where the opponent
    /// connects are dropped (worth 0 to the responder).
    fn opponent_moves(&self, w: World, r_stones: u64, out: &mut Vec<World>) {
        let mut probs = [0.0; 16];
        self.strategy
            .probabilities(self.opponent, w.history, w.stones, w.known, &mut probs);
        let legal = self.game.all() & !(w.stones | w.known);
        for a in legal.iter() {
            let p = probs[a as usize];
            if p <= 0.0 {
                continue;
            }
            let bit = 1u64 << a;
            let weight = w.weight * p;
            let event = |success: bool| {
                if self.keep_history {
                    self.game
                        .push_event(w.history, crate::rules::probe_event(a, success))
                } else {
                    0
                }
            };
            if r_stones & bit != 0 {
                let child = World {
                    stones: w.stones,
                    known: w.known | bit,
                    history: event(false),
                    weight,
                };
                match self.game.rules().variant {
                    Variant::Classical => self.opponent_moves(child, r_stones, out),
                    Variant::Abrupt => out.push(child),
                }
            } else {
                let stones = w.stones | bit;
                if self.game.connects(self.opponent, stones) {
                    continue;
                }
                out.push(World {
                    stones,
                    known: w.known,
                    history: event(true),
                    weight,
                });
            }
        }
    }

    fn after_opponent(&self, worlds: Vec<World>, r_stones: u64) -> Vec<World> {
        let mut next = Vec::with_capacity(worlds.len() * 4);
        for w in worlds {
            self.opponent_moves(w, r_stones, &mut next);
        }
        merge(next)
    }

    /// Value of probing `a` from (r_stones, r_known) with these worlds.
    fn probe(&self, r_stones: u64, r_known: u64, worlds: &[World], a: u32, depth: u32) -> Response {
        let bit = 1u64 << a;
        let responder = 1 - self.opponent;
        let (found, placed): (Vec<World>, Vec<World>) =
            worlds.iter().partition(|w| w.stones & bit != 0);
        let mut r = Response {
            value: 0.0,
            slack: 0.0,
            nodes: 0,
        };
        if !placed.is_empty() {
            let stones = r_stones | bit;
            if self.game.connects(responder, stones) {
                r.value += placed.iter().map(|w| w.weight).sum::<f64>();
            } else {
                let next = self.after_opponent(placed, stones);
                let c = self.respond(stones, r_known, next, depth + 1);
                r.value += c.value;
                r.slack += c.slack;
                r.nodes += c.nodes;
            }
        }
        if !found.is_empty() {
            let known = r_known | bit;
            let next = match self.game.rules().variant {
                Variant::Classical => found,
                Variant::Abrupt => self.after_opponent(found, r_stones),
            };
            let c = self.respond(r_stones, known, next, depth + 1);
            r.value += c.value;
            r.slack += c.slack;
            r.nodes += c.nodes;
        }
        r
    }

    fn respond(&self, r_stones: u64, r_known: u64, worlds: Vec<World>, depth: u32) -> Response {
        let total: f64 = worlds.iter().map(|w| w.weight).sum();
        if worlds.is_empty() || total <= 0.0 {
            return Response {
                value: 0.0,
                slack: 0.0,
                nodes: 0,
            };
        }
        if total < self.prune {
            return Response {
                value: 0.0,
                slack: total,
                nodes: 0,
            };
        }
        // Dense world sets (full-support strategies) almost never repeat: only sparse ones
        // are worth the table.
        if worlds.len() > 48 {
            return self.solve_node(r_stones, r_known, worlds, total, depth);
        }
        let key: MemoKey = (
            r_stones,
            r_known,
            worlds
                .iter()
                .map(|w| (w.stones, w.known, w.history, w.weight.to_bits()))
                .collect(),
        );
        let shard = {
            use std::hash::BuildHasher;
            (self.hasher.hash_one(&key) as usize) % SHARDS
        };
        if let Some(&(value, slack)) = self.memo[shard].lock().expect("memo").get(&key) {
            self.hits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            return Response {
                value,
                slack,
                nodes: 0,
            };
        }
        let best = self.solve_node(r_stones, r_known, worlds, total, depth);
        // Bounded by the number of worlds stored (about 40 bytes each).
        let size = key.2.len() + 1;
        if self
            .memo_worlds
            .fetch_add(size, std::sync::atomic::Ordering::Relaxed)
            < self.memo_limit
        {
            self.memo[shard]
                .lock()
                .expect("memo")
                .insert(key, (best.value, best.slack));
        }
        best
    }

    fn solve_node(
        &self,
        r_stones: u64,
        r_known: u64,
        worlds: Vec<World>,
        total: f64,
        depth: u32,
    ) -> Response {
        let legal = self.game.all() & !(r_stones | r_known);
        // Each action's value lies in [v, v + s]; the maximum lies in [max v, max (v + s)].
        let pick = |best: Response, r: Response| {
            let hi = (best.value + best.slack).max(r.value + r.slack);
            let lo = best.value.max(r.value);
            Response {
                value: lo,
                slack: hi - lo,
                nodes: best.nodes + r.nodes,
            }
        };
        let start = Response {
            value: f64::NEG_INFINITY,
            slack: 0.0,
            nodes: 1,
        };
        let mut best = if depth < 2 {
            let cells: Vec<u32> = legal.iter().collect();
            let results: Vec<Response> = cells
                .par_iter()
                .map(|&a| self.probe(r_stones, r_known, &worlds, a, depth))
                .collect();
            results.into_iter().fold(start, pick)
        } else {
            let mut best = start;
            for a in legal.iter() {
                best = pick(best, self.probe(r_stones, r_known, &worlds, a, depth));
                // No probe can win more than every world: stop once one does (up to
                // rounding of the sums).
                if best.slack == 0.0 && best.value >= total * (1.0 - 1e-12) {
                    break;
                }
            }
            best
        };
        if best.value == f64::NEG_INFINITY {
            best.value = 0.0;
        }
        best
    }
}

/// The best response of `responder` (0 Black, 1 White) against `strategy` for the other
/// player. Subtrees lighter than `prune` are skipped with their weight added to the slack
/// (`prune = 0` is exact).
pub fn best_response<S: CellStrategy + ?Sized>(
    game: &DarkHex,
    strategy: &S,
    responder: u8,
    prune: f64,
) -> Response {
    let opponent = 1 - responder;
    let ctx = Ctx {
        game,
        strategy,
        opponent,
        keep_history: strategy.needs_history(),
        prune,
        memo: (0..SHARDS).map(|_| Default::default()).collect(),
        memo_limit: 50_000_000,
        memo_worlds: Default::default(),
        hits: Default::default(),
        hasher: Default::default(),
    };
    let start = World {
        stones: 0,
        known: 0,
        history: 0,
        weight: 1.0,
    };
    let worlds = if opponent == 0 {
        ctx.after_opponent(vec![start], 0)
    } else {
        vec![start]
    };
    ctx.respond(0, 0, worlds, 0)
}

/// A rigorous bracket on Black's value from Black's and White's strategies: `lower` is what
/// Black's strategy guarantees, `upper` what White's concedes (pruned weight counted against
/// the strategies).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ExactBracket {
    /// Black's guaranteed value.
    pub lower: f64,
    /// White's conceded value.
    pub upper: f64,
    /// `upper − lower`.
    pub gap: f64,
    /// Responder histories visited (both best responses).
    pub nodes: u64,
}

/// Both best responses against one profile (`strategy` gives both players' behaviour).
pub fn exact_bracket<S: CellStrategy + ?Sized>(
    game: &DarkHex,
    strategy: &S,
    prune: f64,
) -> ExactBracket {
    let (vs_black, vs_white) = rayon::join(
        || best_response(game, strategy, 1, prune),
        || best_response(game, strategy, 0, prune),
    );
    let lower = 1.0 - (vs_black.value + vs_black.slack);
    let upper = vs_white.value + vs_white.slack;
    ExactBracket {
        lower,
        upper,
        gap: upper - lower,
        nodes: vs_black.nodes + vs_white.nodes,
    }
}
