//! The map's Markdown table and SVG picture.

use super::map::{MapError, OpeningStatus, UnitResult};
use bitboard::BitWord;
use rex::RexPosition;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The Markdown report: one row per opening (up to the 180° rotation).
pub fn markdown(
    size: &str,
    st: &[OpeningStatus],
    done: &BTreeMap<(String, String), UnitResult>,
    version: &str,
) -> String {
    let total: usize = st.iter().map(|o| o.replies_total).sum();
    let finished: usize = st.iter().map(|o| o.replies_done).sum();
    let wins = st.iter().filter(|o| o.black_wins == Some(true)).count();
    let losses = st.iter().filter(|o| o.black_wins == Some(false)).count();
    let mut md = format!(
        "# Rex {size} first-move map\n\nProduced by `gsolve rex map --size {size}` (gsolve {version}); rebuilt after every finished unit. \
         Black opens and joins top and bottom; the player who joins their own sides loses.\n\n\
         Units (opening, reply) finished: {finished} of {total}. Openings settled: {} of {} \
         ({wins} Black wins, {losses} Black losses). Each opening stands for its 180° image too.\n\n\
         ![map](map.svg)\n\n\
         | opening | image | value for Black | replies done | White's winning replies | Black's answers (reply→answer) | seconds |\n|---|---|---|---:|---|---|---:|\n",
        wins + losses,
        st.len()
    );
    for o in st {
        let value = match o.black_wins {
            Some(true) => "**win**",
            Some(false) if o.replies_done == o.replies_total => "loss",
            Some(false) => "loss (replies still running)",
            None => "open",
        };
        let answers: Vec<String> = done
            .values()
            .filter(|u| u.opening == o.opening && u.black_wins)
            .map(|u| format!("{}→{}", u.reply, u.answer.as_deref().unwrap_or("?")))
            .collect();
        md.push_str(&format!(
            "| {} | {} | {} | {}/{} | {} | {} | {:.1} |\n",
            o.opening,
            o.image,
            value,
            o.replies_done,
            o.replies_total,
            if o.white_wins.is_empty() {
                "—".into()
            } else {
                o.white_wins.join(" ")
            },
            if answers.is_empty() {
                "—".into()
            } else {
                answers.join(" ")
            },
            o.seconds
        ));
    }
    md
}

/// The board as a rhombus of hexagons: an opening is green when it wins for Black, red when it
/// loses, grey while open (with the fraction of replies solved).
pub fn svg<W: BitWord>(board: &RexPosition<W>, st: &[OpeningStatus]) -> String {
    let hex = board.hex();
    let (rows, cols) = (hex.rows(), hex.cols());
    let r = 18.0f64;
    let w = r * 3f64.sqrt();
    let width = w * (cols as f64 + rows as f64 / 2.0) + 2.0 * r;
    let height = r * 1.5 * rows as f64 + 2.0 * r;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{:.0}\" font-family=\"sans-serif\" font-size=\"9\">\n",
        height + 24.0
    );
    let by_cell = |name: &str| {
        st.iter()
            .find(|o| o.opening == name || o.image == name)
            .cloned()
    };
    for row in 0..rows {
        for col in 0..cols {
            let i = hex.index(row, col);
            let name = hex.name(i);
            let cx = r + w / 2.0 + w * (col as f64 + row as f64 / 2.0);
            let cy = r + r * 1.5 * row as f64;
            let pts: Vec<String> = (0..6)
                .map(|k| {
                    let a = std::f64::consts::PI / 180.0 * (60.0 * k as f64 - 30.0);
                    format!("{:.1},{:.1}", cx + r * a.cos(), cy + r * a.sin())
                })
                .collect();
            let (fill, label) = match by_cell(&name) {
                Some(o) => match o.black_wins {
                    Some(true) => ("#4caf50", "win".to_string()),
                    Some(false) => ("#e57373", "loss".to_string()),
                    None => ("#cfcfcf", format!("{}/{}", o.replies_done, o.replies_total)),
                },
                None => ("#ffffff", String::new()),
            };
            s.push_str(&format!(
                "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#555\"/>\n<text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{name}</text>\n<text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{label}</text>\n",
                pts.join(" "),
                cy - 2.0,
                cy + 9.0
            ));
        }
    }
    s.push_str(&format!(
        "<text x=\"4\" y=\"{:.0}\">Black opens (joins top-bottom, loses by joining). green: opening wins for Black; red: loses; grey: replies solved so far</text>\n</svg>\n",
        height + 14.0
    ));
    s
}

/// Each opening's state, from every finished unit.
pub(crate) fn statuses<W: BitWord>(
    board: &RexPosition<W>,
    all_units: &[(u32, u32)],
    done: &BTreeMap<(String, String), UnitResult>,
) -> Vec<OpeningStatus> {
    let n = board.hex().cells() as u32;
    let name = |c: u32| board.hex().name(c);
    let mut out: Vec<OpeningStatus> = Vec::new();
    for &(x, r) in all_units {
        if out.last().is_none_or(|o| o.opening != name(x)) {
            out.push(OpeningStatus {
                opening: name(x),
                image: name(n - 1 - x),
                replies_total: 0,
                replies_done: 0,
                white_wins: Vec::new(),
                black_wins: None,
                seconds: 0.0,
            });
        }
        let o = out.last_mut().expect("pushed");
        o.replies_total += 1;
        if let Some(u) = done.get(&(name(x), name(r))) {
            o.replies_done += 1;
            // Each unit as written in the CSV (milliseconds), so that a rewrite after a reload
            // gives the same total as the run that solved the units.
            o.seconds += (u.seconds * 1000.0).round() / 1000.0;
            if !u.black_wins {
                o.white_wins.push(u.reply.clone());
            }
        }
    }
    for o in &mut out {
        o.black_wins = if !o.white_wins.is_empty() {
            Some(false)
        } else if o.replies_done == o.replies_total {
            Some(true)
        } else {
            None
        };
    }
    out
}

/// Rebuild `openings.csv`, `map.md` and `map.svg` from every finished unit.
pub(crate) fn write_reports<W: BitWord>(
    out: &Path,
    board: &RexPosition<W>,
    all_units: &[(u32, u32)],
    done: &BTreeMap<(String, String), UnitResult>,
) -> Result<Vec<PathBuf>, MapError> {
    let st = statuses(board, all_units, done);
    let size = format!("{}x{}", board.hex().rows(), board.hex().cols());
    let version = env!("CARGO_PKG_VERSION");
    let mut csv = format!(
        "# gsolve {version} rex map {size}: openings up to the 180-degree rotation\nopening,image,black_wins,replies_done,replies_total,white_winning_replies,seconds\n"
    );
    for o in &st {
        csv.push_str(&format!(
            "{},{},{},{},{},{},{:.3}\n",
            o.opening,
            o.image,
            match o.black_wins {
                Some(true) => "true",
                Some(false) => "false",
                None => "",
            },
            o.replies_done,
            o.replies_total,
            o.white_wins.join(" "),
            o.seconds
        ));
    }
    let md = markdown(&size, &st, done, version);
    let svg = svg(board, &st);
    let mut files = Vec::new();
    for (name, text) in [("openings.csv", csv), ("map.md", md), ("map.svg", svg)] {
        let path = out.join(name);
        super::map::write_atomic(&path, &text)?;
        files.push(path);
    }
    Ok(files)
}
