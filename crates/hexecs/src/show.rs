//! Drawing a position: a text diagram and an SVG picture of the hexagonal board.
//!
//! Cell (c, r) is drawn at x = c − r/2, y = r (up) in cell units: rows are horizontal, row 1 at
//! the bottom (White's side), and the vertex direction (+1, +2) points straight up.

use crate::board::{Board, Phase};
use crate::fen::write_position;
use crate::types::{Colour, Kind};
use bitboard::hexecs::{
    cell_at, cell_colour, cell_name, row_first_col, row_last_col, CellColour, CELLS, COORDS,
    FORTRESS,
};

fn empty_mark(i: u8) -> char {
    match cell_colour(i) {
        CellColour::White => '.',
        CellColour::Black => ':',
        CellColour::Green => '-',
    }
}

/// A text diagram: one line per row (9 at the top), cells two characters apart and offset by
/// half a cell per row so that the board's hexagon shows; empty cells as `.` (white), `:`
/// (black), `-` (green); fortress rows flagged.
pub fn text_diagram(b: &Board) -> String {
    let mut out = String::new();
    for r in (1..=9).rev() {
        let c0 = row_first_col(r);
        // x in half cells: 2c - r, minimum -3 (row 5, column A).
        let indent = (2 * c0 - r + 3) as usize;
        let mut line = format!("{r} {} ", (b'A' + c0 as u8 - 1) as char);
        line.push_str(&" ".repeat(indent));
        for c in c0..=row_last_col(r) {
            let i = cell_at(c, r).unwrap_or(0);
            let ch = b.piece_at(i).map(|p| p.letter()).unwrap_or(empty_mark(i));
            line.push(ch);
            line.push(' ');
        }
        let line = line.trim_end().to_string();
        let tag = match r {
            8 | 9 => "   (Black's fortress)",
            1 | 2 => "   (White's fortress)",
            _ => "",
        };
        out.push_str(&format!("{line:<36}{tag}\n"));
    }
    out.push_str(&format!("{}\n", status_line(b)));
    out
}

fn status_line(b: &Board) -> String {
    let side = match b.side_to_move() {
        Colour::White => "White",
        Colour::Black => "Black",
    };
    let phase = match b.phase() {
        Phase::Normal => String::new(),
        Phase::Rolled => ", has rolled (die about to be thrown)".into(),
        Phase::Die(n) => format!(", the die shows {n}"),
    };
    let check = if b.in_check() { ", in check" } else { "" };
    format!(
        "{side} to move{phase}{check}; position: {}",
        write_position(b)
    )
}

fn hex_points(cx: f64, cy: f64, s: f64) -> String {
    (0..6)
        .map(|k| {
            let a = std::f64::consts::PI / 180.0 * (60.0 * k as f64 - 90.0);
            format!("{:.2},{:.2}", cx + s * a.cos(), cy + s * a.sin())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// An SVG picture: cells coloured white / black / green, the two fortresses outlined (White's
/// in blue, Black's in red), cell names, pieces as discs with their letter, and a caption.
pub fn svg_diagram(b: &Board) -> String {
    let s = 28.0f64; // hexagon radius
    let w = 3f64.sqrt() * s;
    let h = 1.5 * s;
    let margin = 40.0;
    // x = (c - r/2) * w ranges over [-1.5 w, 10.5 w]; y = (10 - r) * h.
    let x_of = |c: f64, r: f64| margin + (c - r / 2.0 + 1.5) * w + w / 2.0;
    let y_of = |r: f64| margin + (9.0 - r) * h + s;
    let width = x_of(13.0, 5.0) + w / 2.0 + margin;
    let height = y_of(1.0) + s + margin + 50.0;
    let mut out = String::new();
    out.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">\n"
    ));
    out.push_str("<!-- gsolve hexecs show: the 97-cell Hexecs board -->\n");
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{width:.0}\" height=\"{height:.0}\" fill=\"#d9d4c7\"/>\n"
    ));
    for i in 0..CELLS as u8 {
        let (c, r) = COORDS[i as usize];
        let (cx, cy) = (x_of(c as f64, r as f64), y_of(r as f64));
        let fill = match cell_colour(i) {
            CellColour::White => "#f7f5ee",
            CellColour::Black => "#6b6b6b",
            CellColour::Green => "#6fae6a",
        };
        out.push_str(&format!(
            "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#333\" stroke-width=\"1\"/>\n",
            hex_points(cx, cy, s)
        ));
    }
    // Fortress outlines drawn over the cells.
    for (side, colour) in [(0usize, "#1f5fbf"), (1usize, "#c0392b")] {
        for i in 0..CELLS as u8 {
            if FORTRESS[side] >> i & 1 == 1 {
                let (c, r) = COORDS[i as usize];
                out.push_str(&format!(
                    "<polygon points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\"/>\n",
                    hex_points(x_of(c as f64, r as f64), y_of(r as f64), s - 3.0)
                ));
            }
        }
    }
    for i in 0..CELLS as u8 {
        let (c, r) = COORDS[i as usize];
        let (cx, cy) = (x_of(c as f64, r as f64), y_of(r as f64));
        let label_fill = if cell_colour(i) == CellColour::White {
            "#555"
        } else {
            "#eee"
        };
        out.push_str(&format!(
            "<text x=\"{cx:.2}\" y=\"{:.2}\" font-size=\"8\" text-anchor=\"middle\" fill=\"{label_fill}\">{}</text>\n",
            cy + s * 0.8,
            cell_name(i)
        ));
        if let Some(p) = b.piece_at(i) {
            let (disc, ink) = match p.colour {
                Colour::White => ("#ffffff", "#000000"),
                Colour::Black => ("#111111", "#ffffff"),
            };
            out.push_str(&format!(
                "<circle cx=\"{cx:.2}\" cy=\"{cy:.2}\" r=\"{:.1}\" fill=\"{disc}\" stroke=\"#000\" stroke-width=\"1.5\"/>\n",
                s * 0.45
            ));
            let name = match p.kind {
                Kind::King => "K",
                Kind::Queen => "Q",
                Kind::Rook => "R",
                Kind::Knight => "N",
                Kind::Jedi => "J",
                Kind::Droid => "D",
                Kind::Unicorn => "U",
                Kind::Princess => "P",
            };
            out.push_str(&format!(
                "<text x=\"{cx:.2}\" y=\"{:.2}\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{name}</text>\n",
                cy + 5.0
            ));
        }
    }
    let caption = status_line(b)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    out.push_str(&format!(
        "<text x=\"{margin:.0}\" y=\"{:.0}\" font-size=\"11\" fill=\"#000\">{caption}</text>\n",
        height - 40.0
    ));
    out.push_str(&format!(
        "<text x=\"{margin:.0}\" y=\"{:.0}\" font-size=\"11\" fill=\"#000\">Fortresses: White rows 1-2 (blue outline), Black rows 8-9 (red outline). Cell colours white / black / green.</text>\n",
        height - 22.0
    ));
    out.push_str("</svg>\n");
    out
}
