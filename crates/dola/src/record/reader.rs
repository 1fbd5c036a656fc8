//! Sorting the words of a record as a person pastes it into moves, move numbers, marks,
//! commentary and the stated result.
//!
//! A word is a *move number* when it is `N)` (also glued to its move, `12)00`, `1)Pf2-f5`),
//! `N...` (Black's move follows) or `N.` glued to a move; a *move* when it parses as one
//! ([`super::parse::parse_move_word`], castling `00`/`0-0`/`O-O`/`000`/`0-0-0`); a *move
//! fragment* when it is a move cut after its `-` or `x` (a move split across lines), joined to
//! the next word; *move-like* (and then reported as unparseable, never dropped) when it holds
//! a square followed by `-`/`x` or two squares; a *mark* (`+`, `mat`, `+mat`, `#`) right after a
//! move; a *result* (`1-0`, `0-1`, `1/2-1/2`, `½-½`). Every other word is commentary: kept,
//! attached to the move before it (or to the title before the first move), never parsed as a
//! move. A parenthesised group right after a move is that move's remark; elsewhere it is
//! commentary. Commentary also states results in words: `abandonne(nt)` (the side named, or
//! else the side to move, resigns), `gagnent`, `nulle`, `pat`; a move marked `mat` wins.

use super::parse::{castle_side, parse_move_word, take_letters, take_square, tokenize, Tok};
use super::{DeclaredResult, Record, RecordAction, RecordMove};
use crate::types::*;

/// Read a record as written.
pub fn parse_record(text: &str) -> Record {
    // Join lines so that remarks broken over lines stay one group.
    let joined: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ");
    let mut reader = Reader::default();
    for tok in tokenize(&joined) {
        reader.token(tok);
    }
    reader.finish()
}

/// What the last token was, for remarks and marks that belong to the move before them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Move,
    /// A move number or `&`: a move is expected.
    Marker,
    Other,
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
    /// Commentary words since the last move.
    comment: Vec<String>,
    /// A move cut after its `-` or `x`, waiting for the rest.
    fragment: Option<String>,
    last: Last,
    /// A White move number was read since the last White move.
    number_given: bool,
}

impl Default for Reader {
    fn default() -> Self {
        Reader {
            rec: Record::default(),
            number: 0,
            next_color: Color::White,
            pending_notes: vec![],
            comment: vec![],
            fragment: None,
            last: Last::Other,
            number_given: false,
        }
    }
}

/// `N)`, `N...` or `N.` at the start of a word: the number, whether Black's move follows, and
/// the rest of the word.
fn leading_number(w: &str) -> Option<(u32, bool, &str)> {
    let digits = w.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 4 {
        return None;
    }
    let n: u32 = w[..digits].parse().ok()?;
    let rest = &w[digits..];
    if let Some(r) = rest.strip_prefix(')') {
        return Some((n, false, r));
    }
    if let Some(r) = rest.strip_prefix("...") {
        return Some((n, true, r));
    }
    // `12.` only glued to a move: a lone `3.` is more often a sentence.
    let r = rest.strip_prefix('.')?;
    (is_move_word(r) && !r.is_empty()).then_some((n, false, r))
}

fn is_castle(w: &str) -> Option<Option<bool>> {
    match w {
        "00" | "0-0" | "O-O" => Some(None),
        "000" | "0-0-0" | "O-O-O" => Some(Some(false)),
        _ => None,
    }
}

fn is_move_word(w: &str) -> bool {
    is_castle(w).is_some() || parse_move_word(w).is_some()
}

/// A move cut after its `-` or `x`: letters, a square and the mark, nothing else.
fn is_fragment(w: &str) -> bool {
    let rest = match take_square(w) {
        Some(_) => w,
        None => match take_letters(w) {
            Some((_, r)) => r,
            None => return false,
        },
    };
    matches!(take_square(rest), Some((_, "-" | "x")))
}

/// Whether a word that is no move still looks like one (then it is reported, not dropped): a
/// square followed by `-`/`x`, or two squares.
fn looks_like_move(w: &str) -> bool {
    let b = w.as_bytes();
    let mut squares = 0;
    let mut i = 0;
    while i < b.len() {
        if let Some((_, rest)) = take_square(&w[i..]) {
            squares += 1;
            if rest.starts_with(['-', 'x']) && rest.len() > 1 {
                return true;
            }
            i = w.len() - rest.len();
        } else {
            i += w[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    squares >= 2
}

/// Piece letters (or none) and a square at the start of the word.
fn starts_like_move(w: &str) -> bool {
    take_square(w).is_some() || take_letters(w).is_some_and(|(_, r)| take_square(r).is_some())
}

/// A result in symbols.
fn result_symbol(w: &str) -> Option<&'static str> {
    match w {
        "1-0" => Some("white"),
        "0-1" => Some("black"),
        "1/2-1/2" | "½-½" | "1/2" | "½" => Some("draw"),
        _ => None,
    }
}

/// Trailing punctuation that is no part of a move (`Pf2-f5,`, `Pf2-f5!?`).
fn trim_punctuation(w: &str) -> &str {
    w.trim_end_matches([',', ';', '.', '!', '?'])
}

impl Reader {
    fn token(&mut self, tok: Tok) {
        if self.rec.moves.last().is_some_and(|m| m.mate) {
            // After the mating move everything is commentary.
            match tok {
                Tok::Word(w) => self.comment_word(w),
                Tok::Group(g) => self.comment_word(format!("({g})")),
                Tok::Amp => self.comment_word("&".to_string()),
            }
            return;
        }
        match tok {
            Tok::Amp => {
                self.flush_fragment();
                if self.next_color != Color::Black {
                    self.pending_notes
                        .push("'&' where White's move was expected".to_string());
                }
                self.next_color = Color::Black;
                self.last = Last::Marker;
            }
            Tok::Group(g) => {
                self.flush_fragment();
                self.group(g)
            }
            Tok::Word(w) => self.word(&w),
        }
    }

    /// A parenthesised group: the remark of the move right before it, else commentary.
    fn group(&mut self, g: String) {
        let m = match self.rec.moves.last_mut() {
            Some(m) if self.last == Last::Move => m,
            _ => {
                self.comment_word(format!("({g})"));
                return;
            }
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
        if let Some(frag) = self.fragment.take() {
            let joined = format!("{frag}{w}");
            if is_move_word(trim_punctuation(&joined)) {
                self.pending_notes
                    .push(format!("move split in two: {frag:?} and {w:?} read as one"));
                self.push_move(trim_punctuation(&joined));
                return;
            }
            self.push_move(&frag);
        }
        if let Some((n, black, rest)) = leading_number(w) {
            self.move_number(n, black);
            if !rest.is_empty() {
                self.word(rest);
            }
            return;
        }
        let bare = trim_punctuation(w);
        if matches!(w, "+" | "mat" | "+mat" | "#" | "++") && self.last == Last::Move {
            let m = self.rec.moves.last_mut().expect("a move was read");
            m.text += &format!(" {w}");
            m.check |= w.starts_with('+') || w == "#";
            m.mate |= w.ends_with("mat") || w == "#";
        } else if let Some(outcome) = result_symbol(bare) {
            self.declare(outcome, bare.to_string());
            self.comment_word(w.to_string());
        } else if is_move_word(bare) {
            self.push_move(bare);
        } else if is_fragment(bare) && bare == w {
            self.fragment = Some(w.to_string());
        } else if looks_like_move(bare) || (self.last == Last::Marker && starts_like_move(bare)) {
            // In the slot of a move (after `N)` or `&`), a piece and a square are a move cut
            // short, not a remark about a piece.
            self.push_move(bare);
        } else {
            self.comment_word(w.to_string());
        }
    }

    /// A fragment that found no continuation: it is a faulty move of its own.
    fn flush_fragment(&mut self) {
        if let Some(f) = self.fragment.take() {
            self.push_move(&f);
        }
    }

    fn comment_word(&mut self, w: String) {
        self.comment.push(w);
        self.last = Last::Other;
    }

    /// The commentary since the last move goes to that move (or to the title).
    fn flush_comment(&mut self) {
        if self.comment.is_empty() {
            return;
        }
        let text = std::mem::take(&mut self.comment).join(" ");
        self.read_result_words(&text);
        match self.rec.moves.last_mut() {
            Some(m) => m.comment = Some(text),
            None => self.rec.title = Some(text),
        }
    }

    /// Results stated in words in a commentary `text`.
    fn read_result_words(&mut self, text: &str) {
        let lower = text.to_lowercase();
        let names = |side: &str| lower.contains(side);
        let (white, black) = (names("blanc"), names("noir"));
        let after_last = self
            .rec
            .moves
            .last()
            .map_or(Color::White, |m| m.color.other());
        let side_name = |c: Color| if c == Color::White { "white" } else { "black" };
        if lower.contains("abandon") {
            let resigner = match (white, black) {
                (true, false) => Color::White,
                (false, true) => Color::Black,
                _ => after_last,
            };
            self.declare(side_name(resigner.other()), text.to_string());
        } else if lower.contains("gagne") && white != black {
            self.declare(if white { "white" } else { "black" }, text.to_string());
        } else if lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| matches!(w, "nulle" | "pat" | "remise"))
        {
            self.declare("draw", text.to_string());
        } else if lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == "mat")
        {
            if let Some(m) = self.rec.moves.last() {
                self.declare(side_name(m.color), text.to_string());
            }
        }
    }

    fn declare(&mut self, outcome: &'static str, text: String) {
        if self.rec.declared_result.is_none() {
            self.rec.declared_result = Some(DeclaredResult { outcome, text });
        }
    }

    /// `n)` (White to move) or `n...` (Black to move).
    fn move_number(&mut self, n: u32, black: bool) {
        self.flush_fragment();
        let number = self.number;
        let repeated_for_black = n == number && self.next_color == Color::Black;
        if black || repeated_for_black {
            if n != number && number != 0 {
                self.pending_notes
                    .push(format!("move number {n}... follows move {number}"));
            }
            self.number = n;
            self.next_color = Color::Black;
            self.last = Last::Marker;
            return;
        }
        if n != number + 1 {
            self.pending_notes.push(if n == number + 2 {
                format!(
                    "move number {} missing (numbering jumps from {number} to {n})",
                    number + 1
                )
            } else if n == number {
                format!("move number {n} repeated")
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
        self.number_given = true;
        self.last = Last::Marker;
    }

    /// A move word (or a move-like word that is no move, kept as unparseable).
    fn push_move(&mut self, w: &str) {
        self.flush_comment();
        let (action, check, mate, mut notes) = if let Some(side) = is_castle(w) {
            (
                RecordAction::Castle { kingside: side },
                false,
                false,
                vec![],
            )
        } else if let Some(p) = parse_move_word(w) {
            (p.action, p.check, p.mate, p.notes)
        } else {
            let action = RecordAction::Unparseable(w.to_string());
            (action, false, false, vec![])
        };
        notes.append(&mut self.pending_notes);
        if self.next_color == Color::White && !self.number_given && self.number > 0 {
            // A pair written without its number continues the numbering.
            self.number += 1;
        }
        self.number_given = false;
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
            comment: None,
        });
        self.next_color = self.next_color.other();
        self.last = Last::Move;
    }

    fn finish(mut self) -> Record {
        self.flush_fragment();
        self.flush_comment();
        if let Some(m) = self.rec.moves.last_mut() {
            self.rec.trailing_comment = m.comment.clone();
        }
        if self.rec.declared_result.is_none() {
            if let Some(m) = self.rec.moves.last().filter(|m| m.mate) {
                let outcome = if m.color == Color::White {
                    "white"
                } else {
                    "black"
                };
                self.rec.declared_result = Some(DeclaredResult {
                    outcome,
                    text: m.text.clone(),
                });
            }
        }
        self.rec
    }
}
