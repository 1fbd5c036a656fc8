//! The reference's move generation: every legal move with its resulting position, by walking
//! coordinates and testing legality on the position after the move.

use crate::{name, on, Cell, RefPos, EDGE, VERTEX};

impl RefPos {
    /// Every legal move: (text, resulting position).
    pub fn moves(&self) -> Vec<(String, RefPos)> {
        let mut out = Vec::new();
        if self.phase == 7 {
            return out;
        }
        if (1..=6).contains(&self.phase) {
            return self.princess_moves(self.phase as i32);
        }
        let us = self.side;
        let pieces: Vec<(Cell, char)> = self
            .cells
            .iter()
            .filter(|(_, &(c, _))| c == us)
            .map(|(&cell, &(_, k))| (cell, k))
            .collect();
        for (from, kind) in pieces {
            if kind != 'P' {
                self.piece_moves(from, kind, &mut out);
            }
        }
        if !self.in_check(us) {
            self.castlings(&mut out);
            if self.cells.values().any(|&(c, k)| c == us && k == 'P') {
                let mut p = self.clone();
                p.phase = 7;
                out.push(("roll".to_string(), p));
            }
        }
        out
    }

    /// The princess's moves after the die showed `n`: `n` cells along a line (from 4 on she
    /// converts the pieces she passes and may stay), or a pass when she has none.
    fn princess_moves(&self, n: i32) -> Vec<(String, RefPos)> {
        let mut out = Vec::new();
        let us = self.side;
        let them = 1 - us;
        let from = *self
            .cells
            .iter()
            .find(|(_, &(c, k))| c == us && k == 'P')
            .unwrap()
            .0;
        for &(dc, dr) in EDGE.iter().chain(VERTEX.iter()) {
            let to = (from.0 + dc * n, from.1 + dr * n);
            if !on(to.0, to.1) {
                continue;
            }
            let path: Vec<Cell> = (1..n).map(|k| (from.0 + dc * k, from.1 + dr * k)).collect();
            if n >= 4
                && path
                    .iter()
                    .any(|c| matches!(self.cells.get(c), Some(&(pc, pk)) if pc == us || pk == 'K'))
            {
                continue;
            }
            match self.cells.get(&to) {
                Some(&(pc, pk)) if pc == us || pk == 'K' => continue,
                Some(_) if Self::fortress(us, from.1) && Self::fortress(them, to.1) => continue,
                _ => {}
            }
            let mut p = self.clone();
            p.cells.remove(&from);
            let mut reset = false;
            if n >= 4 {
                for c in &path {
                    if let Some(&(pc, pk)) = p.cells.get(c) {
                        if pk != 'D' {
                            p.cells.insert(*c, (pc, 'D'));
                            reset = true;
                            if pk == 'J' {
                                if let Some(f) = p.pending_at(pc, *c) {
                                    p.pending.remove(&(pc, f));
                                }
                            }
                        }
                    }
                }
            }
            let mut captured_back = false;
            if p.cells.contains_key(&to) {
                reset = true;
                captured_back = p.capture(to, (us, 'P'));
            }
            if !captured_back {
                p.cells.insert(to, (us, 'P'));
            }
            p.end_turn(reset);
            if self.legal_after(&p) {
                out.push((format!("{n}:{}{}", name(from), name(to)), p));
            }
        }
        if n >= 4 {
            let mut p = self.clone();
            p.end_turn(false);
            out.push((format!("{n}:{}{}", name(from), name(from)), p));
        }
        if out.is_empty() {
            let mut p = self.clone();
            p.end_turn(false);
            out.push((format!("{n}:pass"), p));
        }
        out
    }

    /// The moves of the piece `kind` on `from` (not the princess), appended to `out`.
    fn piece_moves(&self, from: Cell, kind: char, out: &mut Vec<(String, RefPos)>) {
        let us = self.side;
        let them = 1 - us;
        let targets = self.targets(from, kind);
        for to in targets {
            let libs: Vec<Option<char>> = if to.1 == Self::last_row(us) && kind == 'D' {
                let v: Vec<Option<char>> = ['Q', 'R', 'J', 'N']
                    .into_iter()
                    .filter(|&k| self.prison.contains_key(&(us, k)))
                    .map(Some)
                    .collect();
                if v.is_empty() {
                    vec![None]
                } else {
                    v
                }
            } else if to.1 == Self::last_row(us) && kind == 'J' {
                let v: Vec<Option<char>> = ['U', 'P']
                    .into_iter()
                    .filter(|&k| {
                        self.prison.contains_key(&(us, k)) && !self.pending.contains_key(&(us, k))
                    })
                    .map(Some)
                    .collect();
                if v.is_empty() {
                    vec![None]
                } else {
                    v
                }
            } else {
                vec![None]
            };
            if kind == 'K' && self.cells.contains_key(&to) && self.pending_at(them, to).is_some() {
                continue;
            }
            for lib in libs {
                let p = self.apply_normal(from, to, lib);
                if self.legal_after(&p) {
                    let mut t = format!("{}{}", name(from), name(to));
                    if let Some(l) = lib {
                        t.push('=');
                        t.push(l);
                    }
                    out.push((t, p));
                }
            }
        }
    }

    /// The cells the piece `kind` on `from` may move to (captures included).
    fn targets(&self, from: Cell, kind: char) -> Vec<Cell> {
        let us = self.side;
        let them = 1 - us;
        let mut targets: Vec<Cell> = Vec::new();
        if kind == 'D' {
            let f = Self::fwd(us);
            for (dc, dr) in [(0, 1), (1, 1)] {
                let t = (from.0 + dc * f, from.1 + dr * f);
                if on(t.0, t.1) && !self.cells.contains_key(&t) {
                    targets.push(t);
                    if Self::fortress(us, from.1) {
                        for (ec, er) in [(0, 1), (1, 1)] {
                            let t2 = (t.0 + ec * f, t.1 + er * f);
                            if on(t2.0, t2.1)
                                && !self.cells.contains_key(&t2)
                                && !targets.contains(&t2)
                            {
                                targets.push(t2);
                            }
                        }
                    }
                }
            }
            for t in self.capture_reach(from) {
                if matches!(self.cells.get(&t), Some(&(c, k)) if c == them && k != 'K') {
                    targets.push(t);
                }
            }
        } else {
            for t in self.capture_reach(from) {
                match self.cells.get(&t) {
                    None => targets.push(t),
                    Some(&(c, k)) if c == them && k != 'K' => targets.push(t),
                    _ => {}
                }
            }
            // Quiet moves into the enemy fortress from one's own are allowed: add the empty
            // cells the fortress rule removed from the reach.
            if Self::fortress(us, from.1) && matches!(kind, 'R' | 'J' | 'Q') {
                let dirs: Vec<Cell> = match kind {
                    'R' => EDGE.to_vec(),
                    'J' => VERTEX.to_vec(),
                    _ => EDGE.iter().chain(VERTEX.iter()).copied().collect(),
                };
                for (dc, dr) in dirs {
                    let (mut c, mut r) = from;
                    loop {
                        c += dc;
                        r += dr;
                        if !on(c, r) || self.cells.contains_key(&(c, r)) {
                            break;
                        }
                        if !targets.contains(&(c, r)) {
                            targets.push((c, r));
                        }
                    }
                }
            }
        }
        targets
    }

    /// The legal castlings (the caller checked that the side to move is not in check).
    fn castlings(&self, out: &mut Vec<(String, RefPos)>) {
        let us = self.side;
        let them = 1 - us;
        let specs = [
            (
                0usize,
                0u8,
                (4, 1),
                (6, 1),
                (9, 1),
                (5, 1),
                vec![(5, 1), (6, 1), (7, 1), (8, 1)],
            ),
            (1, 0, (4, 1), (2, 1), (1, 1), (3, 1), vec![(3, 1), (2, 1)]),
            (
                2,
                1,
                (10, 9),
                (12, 9),
                (13, 9),
                (11, 9),
                vec![(11, 9), (12, 9)],
            ),
            (
                3,
                1,
                (10, 9),
                (8, 9),
                (5, 9),
                (9, 9),
                vec![(9, 9), (8, 9), (7, 9), (6, 9)],
            ),
        ];
        for (i, colour, kf, kt, rf, rt, empty) in specs {
            if colour != us || !self.castling[i] || empty.iter().any(|c| self.cells.contains_key(c))
            {
                continue;
            }
            let cross = ((kf.0 + kt.0) / 2, 1 + 8 * colour as i32);
            if self.attacked(cross, them) {
                continue;
            }
            let mut p = self.clone();
            p.cells.remove(&kf);
            p.cells.remove(&rf);
            p.cells.insert(kt, (us, 'K'));
            p.cells.insert(rt, (us, 'R'));
            p.end_turn(false);
            if self.legal_after(&p) {
                out.push((format!("{}{}", name(kf), name(kt)), p));
            }
        }
    }
}
