//! Typo repair by mutation: each of the source's three games (written back by
//! `french_record` from its replay, so the unmutated text replays exactly) gets seeded random
//! typos of each kind at random moves, and the replayer must recover the original move sequence
//! and report the typo (a repair, or a note for a capture mark it reads through). The rates are
//! measured and asserted (single typos ≥ 95 %, two typos ≥ 85 %); `-- --nocapture` prints them
//! per kind. The figures are in `results/dola/typo-repair.md`.

use dola::record::{french_record, parse_record, replay, Replay, Verdict};
use dola::{Position, Variant};

const KINDS: [&str; 5] = [
    "wrong piece letter",
    "origin one coordinate off",
    "destination one coordinate off",
    "origin and destination one coordinate off",
    "capture mark",
];
const LETTERS: [&str; 11] = ["R", "D", "T", "F", "CT", "CF", "CA", "ST", "SF", "SD", "P"];
/// Mutations per game and kind (single typos), and two-typo games per game.
const SINGLE_PER_KIND: usize = 40;
const DOUBLE_PER_GAME: usize = 80;

/// splitmix64: a seeded generator with no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A move word of `french_record`: letters, from, separator with captured letters, to, rest.
struct Word {
    piece: String,
    from: (u8, u32),
    sep: String,
    to: (u8, u32),
    rest: String,
}

fn take_square(s: &str) -> Option<((u8, u32), &str)> {
    let file = *s.as_bytes().first()?;
    let digits = s[1..].bytes().take_while(u8::is_ascii_digit).count();
    let rank = s[1..1 + digits].parse().ok()?;
    Some(((file, rank), &s[1 + digits..]))
}

fn split_word(w: &str) -> Option<Word> {
    let n = w.bytes().take_while(u8::is_ascii_uppercase).count();
    let (from, rest) = take_square(&w[n..])?;
    let sep_len = rest
        .bytes()
        .take_while(|b| *b == b'-' || *b == b'x' || b.is_ascii_uppercase())
        .count();
    let (to, tail) = take_square(&rest[sep_len..])?;
    Some(Word {
        piece: w[..n].to_string(),
        from,
        sep: rest[..sep_len].to_string(),
        to,
        rest: tail.to_string(),
    })
}

fn square_text(s: (u8, u32)) -> String {
    format!("{}{}", s.0 as char, s.1)
}

/// One coordinate of `s` moved by one (on the board).
fn nudge(rng: &mut Rng, s: (u8, u32)) -> (u8, u32) {
    loop {
        let d: i32 = if rng.below(2) == 0 { -1 } else { 1 };
        let (f, r) = if rng.below(2) == 0 {
            (s.0 as i32 + d, s.1 as i32)
        } else {
            (s.0 as i32, s.1 as i32 + d)
        };
        if (b'a' as i32..=b'j' as i32).contains(&f) && (1..=10).contains(&r) {
            return (f as u8, r as u32);
        }
    }
}

fn mutate(rng: &mut Rng, w: &Word, kind: &str) -> String {
    let mut m = Word {
        piece: w.piece.clone(),
        from: w.from,
        sep: w.sep.clone(),
        to: w.to,
        rest: w.rest.clone(),
    };
    match kind {
        "wrong piece letter" => loop {
            let l = LETTERS[rng.below(LETTERS.len())];
            if l != w.piece {
                m.piece = l.to_string();
                break;
            }
        },
        "origin one coordinate off" => m.from = nudge(rng, w.from),
        "destination one coordinate off" => m.to = nudge(rng, w.to),
        "origin and destination one coordinate off" => {
            m.from = nudge(rng, w.from);
            m.to = nudge(rng, w.to);
        }
        _ => {
            m.sep = if w.sep == "-" {
                "x".to_string()
            } else {
                "-".to_string()
            }
        }
    }
    format!(
        "{}{}{}{}{}",
        m.piece,
        square_text(m.from),
        m.sep,
        square_text(m.to),
        m.rest
    )
}

struct Game {
    variant: Variant,
    /// The record's tokens (move numbers, `&`, moves, castling remarks).
    tokens: Vec<String>,
    /// Token indices of ordinary moves, in order, with their record move index.
    moves: Vec<(usize, usize)>,
    played: Vec<String>,
}

fn played(r: &Replay) -> Vec<String> {
    r.steps.iter().filter_map(|s| s.played.clone()).collect()
}

fn game(variant: Variant) -> Game {
    let path = format!(
        "{}/tests/data/{}.txt",
        env!("CARGO_MANIFEST_DIR"),
        variant.name()
    );
    let start = Position::start(variant);
    let r = replay(
        &start,
        &parse_record(&std::fs::read_to_string(path).unwrap()),
    );
    // Parse the coordinates in sequence (each from the position before it).
    let mut pos = start.clone();
    let mut seq = vec![];
    for s in &r.steps {
        let m = pos.parse_move(s.played.as_deref().unwrap()).unwrap();
        pos.play_unchecked(m);
        seq.push(m);
    }
    let text = french_record(&start, &seq);
    let tokens: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let mut index = 0;
    let mut ordinary = vec![];
    for (t, tok) in tokens.iter().enumerate() {
        if tok.ends_with(')') && !tok.starts_with('(')
            || tok == "&"
            || tok.starts_with('(')
            || tok == "..."
        {
            continue;
        }
        if split_word(tok).is_some() {
            ordinary.push((t, index));
        }
        index += 1;
    }
    let g = Game {
        variant,
        tokens,
        moves: ordinary,
        played: played(&r),
    };
    let check = replay(&start, &parse_record(&g.tokens.join(" ")));
    assert_eq!(
        played(&check),
        g.played,
        "{variant}: the written-back record replays"
    );
    g
}

/// Replay `g` with `typos` (token index, kind) applied; whether the original moves were
/// recovered with every typo reported (a repair or a note on its move).
fn recovered(rng: &mut Rng, g: &Game, typos: &[(usize, &str)]) -> bool {
    let mut tokens = g.tokens.clone();
    let mut at = vec![];
    for &(k, kind) in typos {
        let (t, index) = g.moves[k];
        tokens[t] = mutate(rng, &split_word(&tokens[t]).unwrap(), kind);
        at.push(index);
    }
    let r = replay(
        &Position::start(g.variant),
        &parse_record(&tokens.join(" ")),
    );
    if std::env::var_os("TYPO_DEBUG").is_some() && played(&r) != g.played {
        let first = played(&r).iter().zip(&g.played).position(|(a, b)| a != b);
        for &i in &at {
            let s = &r.steps[i];
            println!(
                "{} typo at {i} `{}` (was {}): {:?}; first difference {first:?}",
                g.variant, s.text, g.played[i], s.verdict
            );
        }
        if let Some(d) = first {
            println!("   at {d}: {:?} {:?}", r.steps[d].text, r.steps[d].verdict);
        }
    }
    played(&r) == g.played
        && at.iter().all(|&i| {
            let s = &r.steps[i];
            matches!(s.verdict, Verdict::Repaired { .. }) || !s.notes.is_empty()
        })
}

#[test]
fn single_and_double_typos_are_recovered() {
    let mut rng = Rng(20);
    let games: Vec<Game> = Variant::ALL.into_iter().map(game).collect();
    let mut per_kind = [(0usize, 0usize); 5];
    for g in &games {
        for (k, kind) in KINDS.iter().enumerate() {
            for _ in 0..SINGLE_PER_KIND {
                let m = rng.below(g.moves.len());
                per_kind[k].1 += 1;
                per_kind[k].0 += usize::from(recovered(&mut rng, g, &[(m, kind)]));
            }
        }
    }
    let (mut ok2, mut n2) = (0, 0);
    for g in &games {
        for _ in 0..DOUBLE_PER_GAME {
            let a = rng.below(g.moves.len());
            let b = loop {
                let b = rng.below(g.moves.len());
                if b != a {
                    break b;
                }
            };
            let (ka, kb) = (KINDS[rng.below(5)], KINDS[rng.below(5)]);
            n2 += 1;
            ok2 += usize::from(recovered(&mut rng, g, &[(a, ka), (b, kb)]));
        }
    }
    let (ok1, n1) = per_kind
        .iter()
        .fold((0, 0), |(a, b), &(x, y)| (a + x, b + y));
    for (k, (ok, n)) in KINDS.iter().zip(per_kind) {
        println!("single typo, {k}: {ok}/{n} recovered");
    }
    println!(
        "single typos: {ok1}/{n1} = {:.1} %",
        100.0 * ok1 as f64 / n1 as f64
    );
    println!(
        "two typos: {ok2}/{n2} = {:.1} %",
        100.0 * ok2 as f64 / n2 as f64
    );
    assert!(ok1 as f64 >= 0.95 * n1 as f64, "single typos: {ok1}/{n1}");
    assert!(ok2 as f64 >= 0.85 * n2 as f64, "two typos: {ok2}/{n2}");
}
