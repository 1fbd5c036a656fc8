//! A slow, simple reference implementation of the Dola rules for cross-checking the fast move
//! generator: a mailbox of `(colour, kind)` walked square by square with coordinate offsets,
//! pseudo-legal moves written straight from `dola.md`, legality by making the move on a copy and
//! asking whether any enemy piece attacks the king. It shares no code with the engine beyond the
//! public types used to read a position.

use dola::{Color, Kind, Position};

pub type Cell = Option<(Color, Kind)>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    pub board: [Cell; 100],
    pub side: Color,
    /// White j-side, White a-side, Black j-side, Black a-side.
    pub castling: [bool; 4],
    pub ep: Vec<(i32, i32)>,
    pub ep_victim: Option<(i32, i32)>,
}

/// A reference move: from, to, promotion kind (base, before the mode is applied), castling.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RefMove {
    pub text: String,
    pub from: (i32, i32),
    pub to: (i32, i32),
    pub promo: Option<Kind>,
}

fn idx(f: i32, r: i32) -> usize {
    (f + 10 * r) as usize
}
fn on(f: i32, r: i32) -> bool {
    (0..10).contains(&f) && (0..10).contains(&r)
}
fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}
fn fwd(c: Color) -> i32 {
    if c == Color::White {
        1
    } else {
        -1
    }
}
/// Beyond the frontier for `c`: White on ranks 6–10, Black on ranks 1–5.
fn beyond(c: Color, r: i32) -> bool {
    if c == Color::White {
        r >= 5
    } else {
        r <= 4
    }
}

const N: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];
const CM: [(i32, i32); 8] = [
    (1, 3),
    (3, 1),
    (-1, 3),
    (-3, 1),
    (1, -3),
    (3, -1),
    (-1, -3),
    (-3, -1),
];
const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

impl RefPos {
    pub fn from(p: &Position) -> RefPos {
        let mut board = [None; 100];
        for sq in 0..100u32 {
            board[sq as usize] = p.piece_at(sq).map(|pc| (pc.color, pc.kind));
        }
        let cr = p.castling_rights();
        let mut ep = vec![];
        for sq in 0..100u32 {
            if p.en_passant_squares() >> sq & 1 == 1 {
                ep.push(((sq % 10) as i32, (sq / 10) as i32));
            }
        }
        RefPos {
            board,
            side: p.side_to_move(),
            castling: [cr & 1 != 0, cr & 2 != 0, cr & 4 != 0, cr & 8 != 0],
            ep,
            ep_victim: p
                .en_passant_victim()
                .map(|s| ((s % 10) as i32, (s / 10) as i32)),
        }
    }

    fn at(&self, f: i32, r: i32) -> Cell {
        self.board[idx(f, r)]
    }

    /// (slides orthogonally, slides diagonally, knight leaps, camel leaps, king steps) for the
    /// piece on (f, r), written from the table of dola.md.
    fn powers(&self, c: Color, k: Kind, r: i32) -> (bool, bool, bool, bool, bool) {
        let b = beyond(c, r);
        use Kind::*;
        match k {
            Pawn => (false, false, false, false, false),
            Knight => (false, false, true, false, false),
            Camel => (false, false, false, true, false),
            Arab => (false, false, true, true, false),
            Bishop => (false, true, false, b, false),
            Rook => (true, false, b, false, false),
            Queen => (true, true, false, false, false),
            QueenN => (true, true, b, false, false),
            QueenC => (true, true, false, b, false),
            SuperBishop => (false, true, false, true, false),
            SuperRook => (true, false, true, false, false),
            SuperQueen => (true, true, true, true, false),
            SuperQueenN => (true, true, true, false, false),
            SuperQueenC => (true, true, false, true, false),
            King => (false, false, b, b, true),
        }
    }

    /// Squares attacked by the piece on (f, r).
    pub fn attacks(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let Some((c, k)) = self.at(f, r) else {
            return vec![];
        };
        let mut out = vec![];
        if k == Kind::Pawn {
            for df in [-1, 1] {
                if on(f + df, r + fwd(c)) {
                    out.push((f + df, r + fwd(c)));
                }
            }
            if beyond(c, r) {
                for (df, dr) in [(1, 3), (-1, 3), (3, 1), (-3, 1)] {
                    if on(f + df, r + dr * fwd(c)) {
                        out.push((f + df, r + dr * fwd(c)));
                    }
                }
            }
            return out;
        }
        let (o, d, n, cm, kg) = self.powers(c, k, r);
        let mut slide = |dirs: &[(i32, i32)]| {
            for &(df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while on(x, y) {
                    out.push((x, y));
                    if self.at(x, y).is_some() {
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        };
        if o {
            slide(&ORTH);
        }
        if d {
            slide(&DIAG);
        }
        let mut leap = |ds: &[(i32, i32)]| {
            for &(df, dr) in ds {
                if on(f + df, r + dr) {
                    out.push((f + df, r + dr));
                }
            }
        };
        if n {
            leap(&N);
        }
        if cm {
            leap(&CM);
        }
        if kg {
            leap(&[
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ]);
        }
        out
    }

    pub fn attacked_by(&self, sq: (i32, i32), by: Color) -> bool {
        for f in 0..10 {
            for r in 0..10 {
                if matches!(self.at(f, r), Some((c, _)) if c == by)
                    && self.attacks(f, r).contains(&sq)
                {
                    return true;
                }
            }
        }
        false
    }

    pub fn king(&self, c: Color) -> (i32, i32) {
        for f in 0..10 {
            for r in 0..10 {
                if self.at(f, r) == Some((c, Kind::King)) {
                    return (f, r);
                }
            }
        }
        panic!("no king")
    }

    fn kings_ok(&self) -> bool {
        let (a, b) = (self.king(Color::White), self.king(Color::Black));
        let (df, dr) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        let (lo, hi) = (df.min(dr), df.max(dr));
        !(hi <= 1 || (lo, hi) == (1, 2) || (lo, hi) == (1, 3))
    }

    /// The mode a queen gets from a move's geometry.
    fn shape_mode(from: (i32, i32), to: (i32, i32)) -> u8 {
        let (df, dr) = ((from.0 - to.0).abs(), (from.1 - to.1).abs());
        let (lo, hi) = (df.min(dr), df.max(dr));
        if lo == 0 || (lo, hi) == (1, 2) {
            1 // knight mode
        } else {
            2 // camel mode (diagonal or (1,3))
        }
    }

    fn moved_kind(k: Kind, c: Color, from: (i32, i32), to: (i32, i32)) -> Kind {
        use Kind::*;
        let m = Self::shape_mode(from, to);
        match k {
            Queen | QueenN | QueenC => {
                if beyond(c, to.1) {
                    if m == 1 {
                        QueenN
                    } else {
                        QueenC
                    }
                } else {
                    Queen
                }
            }
            SuperQueen | SuperQueenN | SuperQueenC => {
                if m == 1 {
                    SuperQueenN
                } else {
                    SuperQueenC
                }
            }
            k => k,
        }
    }

    /// Make a move on a copy (no legality check).
    pub fn make(&self, m: &RefMove) -> RefPos {
        let mut p = self.clone();
        let c = self.side;
        let (cc, k) = self.at(m.from.0, m.from.1).expect("piece");
        assert_eq!(cc, c);
        p.ep = vec![];
        p.ep_victim = None;
        // En passant: a pawn moving onto a passed square captures the advanced pawn.
        if k == Kind::Pawn
            && self.ep.contains(&m.to)
            && self.at(m.to.0, m.to.1).is_none()
            && self.attacks(m.from.0, m.from.1).contains(&m.to)
        {
            let v = self.ep_victim.unwrap();
            p.board[idx(v.0, v.1)] = None;
        }
        p.board[idx(m.from.0, m.from.1)] = None;
        let newk = match m.promo {
            Some(Kind::Queen) | Some(Kind::SuperQueen) => {
                let q = m.promo.unwrap();
                Self::moved_kind(q, c, m.from, m.to)
            }
            Some(other) => other,
            None => Self::moved_kind(k, c, m.from, m.to),
        };
        p.board[idx(m.to.0, m.to.1)] = Some((c, newk));
        let home = if c == Color::White { 0 } else { 9 };
        if k == Kind::King
            && (m.to.0 - m.from.0).abs() == 3
            && m.from.1 == m.to.1
            && m.from == (5, home)
        {
            if m.to.0 == 8 {
                let rook = p.board[idx(9, home)].take();
                p.board[idx(7, home)] = rook;
            } else {
                let rook = p.board[idx(0, home)].take();
                p.board[idx(3, home)] = rook;
            }
        }
        if k == Kind::Pawn && m.from.0 == m.to.0 && (m.to.1 - m.from.1).abs() >= 2 {
            let mut y = m.from.1 + fwd(c);
            while y != m.to.1 {
                p.ep.push((m.from.0, y));
                y += fwd(c);
            }
            p.ep.sort_by_key(|&(f, r)| idx(f, r));
            p.ep_victim = Some(m.to);
        }
        // Castling rights: anything moving from or to a king or rook home square.
        for sq in [m.from, m.to] {
            match sq {
                (5, 0) => {
                    p.castling[0] = false;
                    p.castling[1] = false
                }
                (9, 0) => p.castling[0] = false,
                (0, 0) => p.castling[1] = false,
                (5, 9) => {
                    p.castling[2] = false;
                    p.castling[3] = false
                }
                (9, 9) => p.castling[2] = false,
                (0, 9) => p.castling[3] = false,
                _ => {}
            }
        }
        p.side = c.other();
        p
    }

    /// Every legal move, by pseudo-legal generation and legality by making.
    ///
    /// One function of about 125 lines on purpose: as a reference it is kept literal, the
    /// rules of `dola.md` (pawns, other pieces, convention 2, castling, legality) in the order
    /// the rules page gives them, sharing no step structure with the engine's generator.
    pub fn legal(&self, promotions: &[Kind]) -> Vec<RefMove> {
        let c = self.side;
        let mut pseudo: Vec<RefMove> = vec![];
        let mut add = |from: (i32, i32), to: (i32, i32), promo: Option<Kind>| {
            pseudo.push(RefMove {
                text: String::new(),
                from,
                to,
                promo,
            });
        };
        let (kf, kr) = self.king(c);
        let in_check = self.attacked_by((kf, kr), c.other());
        for f in 0..10 {
            for r in 0..10 {
                let Some((pc, k)) = self.at(f, r) else {
                    continue;
                };
                if pc != c {
                    continue;
                }
                if k == Kind::Pawn {
                    let last = if c == Color::White { 9 } else { 0 };
                    let mut to_list = vec![];
                    // Straight advance: own camp → up to the frontier rank, at least one step.
                    let frontier = if c == Color::White { 4 } else { 5 };
                    let max_steps = if !beyond(c, r) {
                        ((frontier - r) * fwd(c)).max(1)
                    } else {
                        1
                    };
                    for s in 1..=max_steps {
                        let y = r + s * fwd(c);
                        if !on(f, y) || self.at(f, y).is_some() {
                            break;
                        }
                        to_list.push((f, y));
                    }
                    if beyond(c, r) {
                        for (df, dr) in [(1, 2), (-1, 2), (2, 1), (-2, 1)] {
                            let (x, y) = (f + df, r + dr * fwd(c));
                            if on(x, y) && self.at(x, y).is_none() {
                                to_list.push((x, y));
                            }
                        }
                    }
                    for t in self.attacks(f, r) {
                        match self.at(t.0, t.1) {
                            Some((oc, _)) if oc != c => to_list.push(t),
                            None if self.ep.contains(&t) => to_list.push(t),
                            _ => {}
                        }
                    }
                    for t in to_list {
                        if t.1 == last {
                            for &pk in promotions {
                                add((f, r), t, Some(pk));
                            }
                        } else {
                            add((f, r), t, None);
                        }
                    }
                    continue;
                }
                for t in self.attacks(f, r) {
                    if !matches!(self.at(t.0, t.1), Some((oc, _)) if oc == c) {
                        add((f, r), t, None);
                    }
                }
                if k == Kind::King {
                    // Convention 2: capture an undefended leaping checker from anywhere.
                    for fe in 0..10 {
                        for re in 0..10 {
                            if matches!(self.at(fe, re), Some((oc, _)) if oc != c) {
                                let (df, dr) = ((fe - f).abs(), (re - r).abs());
                                let (lo, hi) = (df.min(dr), df.max(dr));
                                let leap = (lo, hi) == (1, 2) || (lo, hi) == (1, 3);
                                if leap && self.attacks(fe, re).contains(&(f, r)) {
                                    add((f, r), (fe, re), None);
                                }
                            }
                        }
                    }
                    // Castling.
                    let home = if c == Color::White { 0 } else { 9 };
                    let (jr, ar) = if c == Color::White { (0, 1) } else { (2, 3) };
                    if !in_check && (f, r) == (5, home) {
                        if self.castling[jr]
                            && (6..9).all(|x| self.at(x, home).is_none())
                            && (6..9).all(|x| !self.attacked_by((x, home), c.other()))
                        {
                            add((f, r), (8, home), None);
                        }
                        if self.castling[ar]
                            && (1..5).all(|x| self.at(x, home).is_none())
                            && (2..5).all(|x| !self.attacked_by((x, home), c.other()))
                        {
                            add((f, r), (2, home), None);
                        }
                    }
                }
            }
        }
        pseudo.sort();
        pseudo.dedup();
        let mut out = vec![];
        for mut m in pseudo {
            let after = self.make(&m);
            if after.attacked_by(after.king(c), c.other()) || !after.kings_ok() {
                continue;
            }
            m.text = format!(
                "{}{}{}",
                name(m.from.0, m.from.1),
                name(m.to.0, m.to.1),
                m.promo
                    .map(|k| dola::PieceType::fen(k.piece_type()).to_ascii_lowercase())
                    .unwrap_or_default()
            );
            out.push(m);
        }
        out
    }
}
