//! Dark Hex as an [`ExtensiveGame`], in two information-set representations.
//!
//! - [`HistoryGame`] (perfect recall): a player's information set is its private history,
//!   keyed `player << 127 | history`. Exact, but the game tree has one node per pair of
//!   histories, which is affordable only on boards of up to about 8 cells.
//! - [`SymmetricHistoryGame`] (perfect recall up to the 180° rotation): a history and its
//!   rotation share one information set, whose actions are listed in the canonical
//!   orientation, and a state and its rotation are one node. The strategies it can express are
//!   exactly the rotation-invariant ones; CFR on it walks half the tree (the rotated half of
//!   every subtree below a rotation-invariant state is not built) with half the sets.
//! - [`ViewGame`] (imperfect recall, a view abstraction): a player's information set is its
//!   *view*, the pair (own stones, known enemy stones), so histories that differ only in the
//!   order of the same probes share a strategy. States are merged on (true board, both known
//!   sets, player to move), so the game becomes a DAG of `≈3.2e7` states on 4×3 instead of
//!   `≈1.7e16` histories. Views are taken up to the 180° rotation (which maps each player's
//!   edges to themselves): a view and its rotation share one information set, whose actions are
//!   listed in the canonical orientation, so every strategy is rotation-equivariant and there
//!   are half as many information sets. States are merged only when equal (see
//!   [`ExtensiveGame::transposition_key`] below for why not up to rotation). The cost is that
//!   the abstraction forgets the order of events (a player cannot condition on *when* it found
//!   a stone), so its best strategies may be exploitable by a perfect-recall opponent; the
//!   exact best responses in [`crate::response`] measure this.
//!
//! In both, the payoff is 1 if Black wins and 0 otherwise, so values are Black's winning
//! probability.

use crate::rules::{DarkHex, State};
use bitboard::BitWord;
use game::extensive::ExtensiveGame;
use game::{NodeKind, Player};

#[inline]
fn node_kind(s: &State) -> NodeKind {
    if s.winner.is_some() {
        NodeKind::Terminal
    } else if s.to_move == 0 {
        NodeKind::Decision(Player::First)
    } else {
        NodeKind::Decision(Player::Second)
    }
}

#[inline]
fn payoff(s: &State) -> f64 {
    if s.winner == Some(0) {
        1.0
    } else {
        0.0
    }
}

/// Perfect-recall Dark Hex: information sets are private histories.
#[derive(Clone, Debug)]
pub struct HistoryGame(pub DarkHex);

/// The information-set key of `player` with private history `history` in [`HistoryGame`].
#[inline]
pub fn history_key(player: u8, history: u128) -> u128 {
    (player as u128) << 127 | history
}

impl ExtensiveGame for HistoryGame {
    type State = State;
    type Action = u8;
    type InfoKey = u128;
    const PERFECT_RECALL: bool = true;

    fn root(&self) -> State {
        self.0.root()
    }
    fn node_kind(&self, s: &State) -> NodeKind {
        node_kind(s)
    }
    fn legal_actions(&self, s: &State, out: &mut Vec<u8>) {
        out.extend(self.0.legal_set(s).iter().map(|c| c as u8));
    }
    fn apply(&self, s: &mut State, a: u8) {
        self.0.play(s, a as u32);
    }
    fn info_key(&self, s: &State) -> u128 {
        history_key(s.to_move, s.history[s.to_move as usize])
    }
    fn payoff(&self, s: &State) -> f64 {
        payoff(s)
    }
}

/// Perfect-recall Dark Hex up to the board's 180° rotation (see the module documentation).
///
/// Its keys are [`history_key`]s of the canonical history `min(h, rotate(h))`. At a history
/// equal to its own rotation (the empty one, or one of centre probes only) the actions are in
/// plain order and [`ExtensiveGame::mirrored_actions`] pairs each cell with its rotation, so
/// that the solver keeps the strategy there symmetric. States are merged with their rotations
/// (the key packs both private histories: on boards of at most 12 cells, 6 with
/// announcements; larger ones are not merged).
#[derive(Clone, Debug)]
pub struct SymmetricHistoryGame(pub DarkHex);

impl SymmetricHistoryGame {
    /// The canonical history of `h` and whether it is the rotated one.
    #[inline]
    pub fn canonical(&self, h: u128) -> (u128, bool) {
        let r = self.0.rotate_history(h);
        if r < h {
            (r, true)
        } else {
            (h, false)
        }
    }

    /// The cells of `legal` in the order of the information set of a history whose canonical
    /// orientation is the rotated one (`flip`) or not: ascending cells of the canonical
    /// orientation, mapped back to the board (the rotation reverses the order of cells).
    fn ordered(&self, legal: u64, flip: bool, out: &mut Vec<u8>) {
        let start = out.len();
        out.extend(legal.iter().map(|c| c as u8));
        if flip {
            out[start..].reverse();
        }
    }

    /// The expansion of a strategy keyed by this game's keys (canonical histories) into one
    /// keyed like [`HistoryGame`]'s: each entry also stands for its rotation, whose actions in
    /// ascending cell order are the canonical ones reversed.
    pub fn expand(
        &self,
        entries: impl IntoIterator<Item = (u128, Vec<f64>)>,
    ) -> Vec<(u128, Vec<f64>)> {
        let player_bit = 1u128 << 127;
        let mut out = Vec::new();
        for (key, probs) in entries {
            let rotated = key & player_bit | self.0.rotate_history(key & !player_bit);
            if rotated != key {
                out.push((rotated, probs.iter().rev().copied().collect()));
            }
            out.push((key, probs));
        }
        out
    }
}

impl ExtensiveGame for SymmetricHistoryGame {
    type State = State;
    type Action = u8;
    type InfoKey = u128;
    const PERFECT_RECALL: bool = true;

    fn root(&self) -> State {
        self.0.root()
    }
    fn node_kind(&self, s: &State) -> NodeKind {
        node_kind(s)
    }
    fn legal_actions(&self, s: &State, out: &mut Vec<u8>) {
        let (_, flip) = self.canonical(s.history[s.to_move as usize]);
        self.ordered(self.0.legal_set(s), flip, out);
    }
    fn apply(&self, s: &mut State, a: u8) {
        self.0.play(s, a as u32);
    }
    fn info_key(&self, s: &State) -> u128 {
        let (h, _) = self.canonical(s.history[s.to_move as usize]);
        history_key(s.to_move, h)
    }
    fn payoff(&self, s: &State) -> f64 {
        payoff(s)
    }
    fn mirrored_actions(&self, s: &State, out: &mut Vec<u16>) {
        let h = s.history[s.to_move as usize];
        if self.0.rotate_history(h) != h {
            return;
        }
        // Plain order; the legal set is rotation invariant (so is the history), and the
        // rotation reverses the order of cells.
        let n = self.0.legal_set(s).count_ones() as u16;
        out.extend((0..n).map(|k| n - 1 - k));
    }
    fn transposition_key(&self, s: &State) -> Option<u128> {
        // A state is its two private histories, which must fit 64 bits each: one event per own
        // probe (each probes a new cell), plus one per touched stone with announcements.
        let events = self.0.cells() * if self.0.rules().announce_touch { 2 } else { 1 };
        if events * self.0.event_bits() as usize > 64 {
            return None;
        }
        let pack = |h: [u128; 2]| h[0] << 64 | h[1];
        let r = [
            self.0.rotate_history(s.history[0]),
            self.0.rotate_history(s.history[1]),
        ];
        Some(pack(s.history).min(pack(r)))
    }
}

/// View-abstracted Dark Hex (imperfect recall), merged on states and the 180° rotation.
#[derive(Clone, Debug)]
pub struct ViewGame(pub DarkHex);

impl ViewGame {
    /// The canonical view key of `player` with `own` stones and `known` enemy stones, and
    /// whether the canonical orientation is the rotated one.
    #[inline]
    pub fn view_key(&self, player: u8, own: u64, known: u64) -> (u64, bool) {
        let g = self.0.geometry();
        let direct = own << 16 | known;
        let rotated = g.rotate180(own) << 16 | g.rotate180(known);
        let (k, flip) = if rotated < direct {
            (rotated, true)
        } else {
            (direct, false)
        };
        ((player as u64) << 32 | k, flip)
    }

    /// The legal cells of a view in the order of its information set's actions.
    pub fn view_actions(&self, player: u8, own: u64, known: u64, out: &mut Vec<u8>) {
        let (_, flip) = self.view_key(player, own, known);
        let n = self.0.cells() as u32;
        let legal = self.0.all() & !(own | known);
        if flip {
            let canon = self.0.geometry().rotate180(legal);
            out.extend(canon.iter().map(|c| (n - 1 - c) as u8));
        } else {
            out.extend(legal.iter().map(|c| c as u8));
        }
    }

    fn pack(s: &State, rot: impl Fn(u64) -> u64) -> u128 {
        (rot(s.stones[0]) as u128)
            | (rot(s.stones[1]) as u128) << 16
            | (rot(s.known[0]) as u128) << 32
            | (rot(s.known[1]) as u128) << 48
            | (s.to_move as u128) << 64
    }
}

impl ExtensiveGame for ViewGame {
    type State = State;
    type Action = u8;
    type InfoKey = u64;
    const PERFECT_RECALL: bool = false;

    fn root(&self) -> State {
        self.0.root()
    }
    fn node_kind(&self, s: &State) -> NodeKind {
        node_kind(s)
    }
    fn legal_actions(&self, s: &State, out: &mut Vec<u8>) {
        let p = s.to_move as usize;
        self.view_actions(s.to_move, s.stones[p], s.known[p], out);
    }
    fn apply(&self, s: &mut State, a: u8) {
        self.0.play(s, a as u32);
        // Histories are not part of this representation; dropping them keeps states equal
        // when their views are.
        s.history = [0; 2];
    }
    fn info_key(&self, s: &State) -> u64 {
        let p = s.to_move as usize;
        self.view_key(s.to_move, s.stones[p], s.known[p]).0
    }
    fn payoff(&self, s: &State) -> f64 {
        payoff(s)
    }
    fn transposition_key(&self, s: &State) -> Option<u128> {
        // Not taken up to rotation: at a view equal to its own rotation (the empty board, for
        // one) the actions are listed in plain order, so a state and its rotation would map
        // action k to cells that are not rotations of each other, and merging them would be
        // wrong unless strategies at such views were forced symmetric.
        Some(Self::pack(s, |x| x))
    }
}
