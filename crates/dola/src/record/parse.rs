//! Reading a record as written: tokens (words, parenthesised groups, `&`), then move words.

use super::{Letters, Record, RecordAction, RecordMove};
use crate::types::*;

#[derive(Debug)]
enum Tok {
    Word(String),
    Group(String),
    Amp,
}

fn tokenize(text: &str) -> Vec<Tok> {
    let mut toks = vec![];
    let mut word = String::new();
    let flush = |w: &mut String, toks: &mut Vec<Tok>| {
        if !w.is_empty() {
            toks.push(Tok::Word(std::mem::take(w)));
        }
    };
    for line in text.lines() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let mut depth = 0usize;
        let mut group = String::new();
        for c in line.chars() {
            if depth > 0 {
                match c {
                    '(' => {
                        depth += 1;
                        group.push(c)
                    }
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            toks.push(Tok::Group(std::mem::take(&mut group)));
                        } else {
                            group.push(c)
                        }
                    }
                    _ => group.push(c),
                }
                continue;
            }
            match c {
                '(' => {
                    flush(&mut word, &mut toks);
                    depth = 1;
                }
                '&' => {
                    flush(&mut word, &mut toks);
                    toks.push(Tok::Amp);
                }
                '|' | '_' => flush(&mut word, &mut toks),
                ':' => {
                    flush(&mut word, &mut toks);
                    toks.push(Tok::Word(":".to_string()));
                }
                c if c.is_whitespace() => flush(&mut word, &mut toks),
                c => word.push(c),
            }
        }
        flush(&mut word, &mut toks);
        // `parse_record` joins the lines first, so a group still open here is unterminated.
        if depth > 0 {
            toks.push(Tok::Group(format!("{group} [unterminated]")));
        }
    }
    toks
}

const TWO_LETTERS: [(&str, PieceType); 6] = [
    ("CT", PieceType::Knight),
    ("CF", PieceType::Camel),
    ("CA", PieceType::Arab),
    ("ST", PieceType::SuperRook),
    ("SF", PieceType::SuperBishop),
    ("SD", PieceType::SuperQueen),
];
const ONE_LETTER: [(&str, PieceType); 5] = [
    ("R", PieceType::King),
    ("D", PieceType::Queen),
    ("T", PieceType::Rook),
    ("F", PieceType::Bishop),
    ("P", PieceType::Pawn),
];

fn take_letters(s: &str) -> Option<(Letters, &str)> {
    for (l, t) in TWO_LETTERS {
        if let Some(rest) = s.strip_prefix(l) {
            return Some((Letters::Type(t), rest));
        }
    }
    for (l, t) in ONE_LETTER {
        if let Some(rest) = s.strip_prefix(l) {
            return Some((Letters::Type(t), rest));
        }
    }
    s.strip_prefix('C').map(|rest| (Letters::AnyKnight, rest))
}

fn take_square(s: &str) -> Option<(u32, &str)> {
    let b = s.as_bytes();
    if b.is_empty() || !(b'a'..=b'j').contains(&b[0]) {
        return None;
    }
    let file = (b[0] - b'a') as u32;
    if b.len() >= 3 && &b[1..3] == b"10" {
        return Some((file + 90, &s[3..]));
    }
    if b.len() >= 2 && (b'1'..=b'9').contains(&b[1]) {
        return Some((file + 10 * (b[1] - b'1') as u32, &s[2..]));
    }
    None
}

struct ParsedWord {
    action: RecordAction,
    check: bool,
    mate: bool,
    notes: Vec<String>,
}

/// Read one move word such as `Fi5xFf2+`, `Pd4xTe1=SD`, `Dc5-g9+mat`.
fn parse_move_word(w: &str) -> Option<ParsedWord> {
    let mut notes = vec![];
    let (piece, rest) = take_letters(w)?;
    let (from, rest) = take_square(rest)?;
    let (capture, rest) = if let Some(r) = rest.strip_prefix('x') {
        match take_letters(r) {
            Some((l, r2)) if take_square(r2).is_some() => (Some(Some(l)), r2),
            _ => (Some(None), r),
        }
    } else if let Some(r) = rest.strip_prefix('-') {
        (None, r)
    } else {
        return None;
    };
    let (to, mut rest) = take_square(rest)?;
    let mut promotion = None;
    if let Some(r) = rest.strip_prefix('=') {
        let (l, r2) = take_letters(r)?;
        match l {
            Letters::Type(t) => promotion = Some(t),
            Letters::AnyKnight => return None,
        }
        rest = r2;
    }
    let mut check = false;
    let mut mate = false;
    if let Some(r) = rest.strip_prefix('+') {
        check = true;
        rest = r;
    }
    if let Some(r) = rest.strip_prefix("mat") {
        mate = true;
        rest = r;
    }
    if rest == "-" {
        notes.push("stray '-' after the move ignored".to_string());
        rest = "";
    }
    if !rest.is_empty() {
        return None;
    }
    if piece == Letters::AnyKnight {
        notes.push("bare 'C' read as a knight of some kind (CT, CF or CA)".to_string());
    }
    if capture == Some(Some(Letters::AnyKnight)) {
        notes.push("captured piece written 'C' (read as CT, CF or CA)".to_string());
    }
    Some(ParsedWord {
        action: RecordAction::Move {
            piece,
            from,
            to,
            capture,
            promotion,
        },
        check,
        mate,
        notes,
    })
}

/// Which side a castling remark such as `Rf1-i1,Tj1-h1` or `STj10-h10` describes.
fn castle_side(group: &str) -> Option<bool> {
    for part in group.split(',') {
        let p = part.trim();
        let (l, rest) = take_letters(p)?;
        let (from, rest) = take_square(rest)?;
        let rest = rest.strip_prefix('-')?;
        let (to, _) = take_square(rest)?;
        match l {
            Letters::Type(PieceType::King) => return Some(to % 10 > from % 10),
            Letters::Type(PieceType::Rook | PieceType::SuperRook) => return Some(from % 10 == 9),
            _ => {}
        }
    }
    None
}

/// Read a record as written.
pub fn parse_record(text: &str) -> Record {
    // Join lines so that remarks broken over lines stay one group.
    let joined: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
        .replace('\n', " ");
    let mut reader = Reader::default();
    for tok in tokenize(&joined) {
        reader.token(tok);
    }
    reader.finish()
}

/// The state of [`parse_record`] between tokens.
struct Reader {
    rec: Record,
    /// The move number of the current pair (0 before the first).
    number: u32,
    /// Whose move the next move word is.
    next_color: Color,
    /// Irregularities found before the next move word, attached to it.
    pending_notes: Vec<String>,
    /// Everything after the mating move.
    after_mate: Vec<String>,
}

impl Default for Reader {
    fn default() -> Self {
        Reader {
            rec: Record::default(),
            number: 0,
            next_color: Color::White,
            pending_notes: vec![],
            after_mate: vec![],
        }
    }
}

impl Reader {
    fn token(&mut self, tok: Tok) {
        if self.rec.moves.last().is_some_and(|m| m.mate) {
            self.after_mate.push(match tok {
                Tok::Word(w) => w,
                Tok::Group(g) => format!("({g})"),
                Tok::Amp => "&".to_string(),
            });
            return;
        }
        match tok {
            Tok::Amp => {
                if self.next_color != Color::Black {
                    self.pending_notes
                        .push("'&' where White's move was expected".to_string());
                }
                self.next_color = Color::Black;
            }
            Tok::Group(g) => self.group(g),
            Tok::Word(w) => self.word(&w),
        }
    }

    /// A parenthesised remark: it belongs to the move before it.
    fn group(&mut self, g: String) {
        let Some(m) = self.rec.moves.last_mut() else {
            self.pending_notes
                .push(format!("remark ({g}) before the first move ignored"));
            return;
        };
        m.text += &format!(" ({g})");
        if let RecordAction::Castle { kingside: None } = m.action {
            m.action = RecordAction::Castle {
                kingside: castle_side(&g),
            };
        }
        m.annotations.push(g);
    }

    fn word(&mut self, w: &str) {
        if let Some(n) = w.strip_suffix(')').and_then(|d| d.parse::<u32>().ok()) {
            self.move_number(n);
        } else if w == "+" || w == "mat" || w == "+mat" {
            // A check or mate mark standing apart from its move.
            if let Some(m) = self.rec.moves.last_mut() {
                m.text += &format!(" {w}");
                m.check |= w.starts_with('+');
                m.mate |= w.ends_with("mat");
            }
        } else {
            self.push_move(w);
        }
    }

    /// `n)`: a new move pair, White to move.
    fn move_number(&mut self, n: u32) {
        let number = self.number;
        if n != number + 1 {
            self.pending_notes.push(if n == number + 2 {
                format!(
                    "move number {} missing (numbering jumps from {number} to {n})",
                    number + 1
                )
            } else {
                format!("move number {n} follows {number}")
            });
        }
        if self.next_color != Color::White {
            self.pending_notes
                .push(format!("move number {n} where Black's move was expected"));
        }
        self.number = n;
        self.next_color = Color::White;
    }

    /// A move word (or a word that is no move, kept as unparseable).
    fn push_move(&mut self, w: &str) {
        let (action, check, mate, mut notes) = if w == "00" || w == "0-0" {
            (
                RecordAction::Castle { kingside: None },
                false,
                false,
                vec![],
            )
        } else if let Some(p) = parse_move_word(w) {
            (p.action, p.check, p.mate, p.notes)
        } else {
            (
                RecordAction::Unparseable(w.to_string()),
                false,
                false,
                vec![],
            )
        };
        notes.append(&mut self.pending_notes);
        if self.number == 0 {
            self.number = 1;
            notes.push("no move number before the first move".to_string());
        }
        self.rec.moves.push(RecordMove {
            number: self.number,
            color: self.next_color,
            text: w.to_string(),
            action,
            check,
            mate,
            annotations: vec![],
            notes,
        });
        self.next_color = self.next_color.other();
    }

    fn finish(mut self) -> Record {
        if !self.after_mate.is_empty() {
            self.rec.trailing_comment = Some(self.after_mate.join(" "));
        }
        self.rec
    }
}
