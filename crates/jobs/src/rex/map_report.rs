//! The map's Markdown table and SVG picture.

use super::map::{OpeningStatus, UnitResult};
use bitboard::BitWord;
use rex::RexPosition;
use std::collections::BTreeMap;

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
