//! Memo keys: a responder node's own, or its 180° image's for a rotation-invariant mixture.

use super::{Responder, World, UNBUILT};
use std::hash::{BuildHasher, Hasher};

/// A memo key: hash, responder stones and known cells, and the worlds when they are the
/// rotated image's (else the node's own worlds are the key).
pub(super) struct MemoKey {
    pub(super) hash: u64,
    pub(super) stones: u64,
    pub(super) known: u64,
    pub(super) rotated: Option<Vec<World>>,
}

impl Responder<'_> {
    fn key_hash(&self, r_stones: u64, r_known: u64, worlds: &[World]) -> u64 {
        let mut h = self.s.hasher.build_hasher();
        h.write_u64(r_stones);
        h.write_u64(r_known);
        for w in worlds {
            h.write_u128(w.history);
        }
        h.finish()
    }

    /// The memo key of the responder node with worlds `worlds[ws..]`: the node itself, or,
    /// for a rotation-invariant mixture, its 180° image when that is smaller (the image's
    /// worlds are the rotated histories, which carry the same weights and rotated policies, so
    /// the image has the same value, and its best probes are the rotated ones). The worlds'
    /// memo ids are interned here, the first time an owner history is part of a key, and
    /// cached in its owner node.
    pub(super) fn memo_key(&mut self, r_stones: u64, r_known: u64, ws: usize) -> MemoKey {
        if self.s.rotation {
            let g = &self.s.game;
            let hex = g.geometry();
            let worlds = &self.worlds[ws..];
            let (rs, rk) = (hex.rotate180(r_stones), hex.rotate180(r_known));
            let mut rot: Vec<World> = worlds
                .iter()
                .map(|w| World {
                    history: g.rotate_history(w.history),
                    ..*w
                })
                .collect();
            rot.sort_unstable_by_key(|w| w.history);
            let smaller = (rs, rk).cmp(&(r_stones, r_known)).then_with(|| {
                rot.iter()
                    .map(|w| w.history)
                    .cmp(worlds.iter().map(|w| w.history))
            });
            if smaller == std::cmp::Ordering::Less {
                for w in &mut rot {
                    let node = &mut self.owner_nodes[w.node as usize];
                    if node.image_id == UNBUILT {
                        node.image_id = self.s.memo.id(w.history);
                    }
                    w.id = node.image_id;
                }
                return MemoKey {
                    hash: self.key_hash(rs, rk, &rot),
                    stones: rs,
                    known: rk,
                    rotated: Some(rot),
                };
            }
        }
        for k in ws..self.worlds.len() {
            let w = &mut self.worlds[k];
            if w.id == UNBUILT {
                let node = &mut self.owner_nodes[w.node as usize];
                if node.id == UNBUILT {
                    node.id = self.s.memo.id(w.history);
                }
                w.id = node.id;
            }
        }
        MemoKey {
            hash: self.key_hash(r_stones, r_known, &self.worlds[ws..]),
            stones: r_stones,
            known: r_known,
            rotated: None,
        }
    }

    /// The memo entry of the responder node with worlds `worlds[ws..]` under `key`:
    /// `(value, probe, exact)`, the probe in this node's orientation.
    pub(super) fn lookup(&self, key: &MemoKey, ws: usize) -> Option<(u128, u8, bool)> {
        let worlds = key.rotated.as_deref().unwrap_or(&self.worlds[ws..]);
        let found = self.s.memo.get(key.hash, key.stones, key.known, worlds);
        found.map(|(v, a, exact)| (v, self.orient(key, a), exact))
    }

    /// A probe of the node seen in the orientation of `key`, or back (the rotation is its own
    /// inverse).
    pub(super) fn orient(&self, key: &MemoKey, a: u8) -> u8 {
        if key.rotated.is_some() {
            self.s.game.cells() as u8 - 1 - a
        } else {
            a
        }
    }
}
