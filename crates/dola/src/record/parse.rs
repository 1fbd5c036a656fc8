//! Reading a record as written: tokens (words, parenthesised groups, `&`) and move words; the
//! reader that sorts words into moves, numbers, marks and commentary is `super::reader`.

use super::{Letters, RecordAction};
use crate::types::*;

#[derive(Debug)]
pub(super) enum Tok {
    Word(String),
    Group(String),
    Amp,
}

pub(super) fn tokenize(text: &str) -> Vec<Tok> {
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

pub(super) fn take_letters(s: &str) -> Option<(Letters, &str)> {
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

pub(super) fn take_square(s: &str) -> Option<(u32, &str)> {
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

pub(super) struct ParsedWord {
    pub(super) action: RecordAction,
    pub(super) check: bool,
    pub(super) mate: bool,
    pub(super) notes: Vec<String>,
}

/// Read one move word such as `Fi5xFf2+`, `Pd4xTe1=SD`, `Dc5-g9+mat`.
pub(super) fn parse_move_word(w: &str) -> Option<ParsedWord> {
    let mut notes = vec![];
    // A move in coordinates (`f2-f5`, `f2f5`) names no piece.
    let (piece, rest) = match take_square(w) {
        Some(_) => (Letters::Any, w),
        None => take_letters(w)?,
    };
    let (from, rest) = take_square(rest)?;
    let (capture, rest) = if take_square(rest).is_some() {
        if piece != Letters::Any {
            notes.push("no '-' between the two squares".to_string());
        }
        (None, rest)
    } else if let Some(r) = rest.strip_prefix('x') {
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
            Letters::AnyKnight | Letters::Any => return None,
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
pub(super) fn castle_side(group: &str) -> Option<bool> {
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
