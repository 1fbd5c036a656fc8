//! A hand-written SVG renderer for rhombic Hex boards (Rex maps, Dark Hex heat maps).
//!
//! Cell (r, c) is a pointy-top hexagon of radius `s` centred at
//! x = (c + r/2 + 1/2)·√3·s, y = (1 + 3r/2)·s: row 1 on top, each row half a cell to the right,
//! so `a1` is the top-left, acute corner (the convention of `crates/rex`). Black's sides (top
//! and bottom) are drawn as black bars, White's sides (left and right) as white bars outlined
//! in black. Every cell is a `<g data-cell="b3" …>` with the attributes its caller gives, so
//! a test can read back what a figure shows.

use crate::palette::{hex, text_on};
use crate::read::{esc, wrap};
use std::fmt::Write;

/// One cell as drawn.
#[derive(Debug, Clone)]
pub struct Cell {
    /// Fill colour.
    pub fill: (u8, u8, u8),
    /// Text in the cell (its name, a value …); empty for none.
    pub label: String,
    /// Drawn with a disc in its centre (the second cue beside colour).
    pub marked: bool,
    /// Extra `data-*` attributes (name without the `data-` prefix, value).
    pub data: Vec<(String, String)>,
}

/// A board: `rows × cols` cells, row-major.
#[derive(Debug, Clone)]
pub struct Board {
    /// Caption drawn above the board (empty for none).
    pub caption: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Cells, index r·cols + c.
    pub cells: Vec<Cell>,
}

/// One legend line: a swatch (with a disc when `marked`) and its text.
#[derive(Debug, Clone)]
pub struct LegendEntry {
    /// Swatch colour.
    pub fill: (u8, u8, u8),
    /// Swatch carries a disc.
    pub marked: bool,
    /// What it means.
    pub text: String,
}

/// A colour bar: the ramp (0..1 to a colour), the values at its two ends, its label.
pub type ColourBar = (fn(f64) -> (u8, u8, u8), f64, f64, String);

/// A figure of one or more boards side by side, with title, legend and command.
#[derive(Debug, Clone, Default)]
pub struct BoardFigure {
    /// Title (first line, bold).
    pub title: String,
    /// Lines under the title.
    pub subtitle: Vec<String>,
    /// The boards, left to right.
    pub boards: Vec<Board>,
    /// Legend lines.
    pub legend: Vec<LegendEntry>,
    /// A colour bar (ramp, lowest value, highest value, label), for heat maps.
    pub colour_bar: Option<ColourBar>,
    /// The command that produced the data.
    pub command: Option<String>,
    /// Attributes of the root `<svg>` (name without `data-`, value).
    pub data: Vec<(String, String)>,
    /// Largest cell radius in pixels (boards are shrunk to fit about 420 pixels).
    pub max_radius: f64,
}

/// The name of cell (r, c): column letter, then row number from 1.
pub fn cell_name(r: usize, c: usize) -> String {
    let col = if c < 26 {
        ((b'a' + c as u8) as char).to_string()
    } else {
        format!("col{}", c + 1)
    };
    format!("{col}{}", r + 1)
}

/// The style of a line of hand-drawn figure text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// A title line: 15 px bold.
    Title,
    /// A subtitle or legend line: 12 px.
    Body,
    /// The producing command: 10 px monospace, grey.
    Command,
}

/// Write `lines` as `<text>` elements at x = 12, each `step` pixels below the one before,
/// starting one step below `y`; the y of the last line.
pub fn text_lines(
    out: &mut String,
    lines: &[String],
    kind: TextKind,
    mut y: f64,
    step: f64,
) -> f64 {
    let style = match kind {
        TextKind::Title => "font-size=\"15\" font-weight=\"bold\"",
        TextKind::Body => "font-size=\"12\"",
        TextKind::Command => "font-size=\"10\" font-family=\"monospace\" fill=\"#333333\"",
    };
    for l in lines {
        y += step;
        let _ = writeln!(out, "<text x=\"12\" y=\"{y:.0}\" {style}>{}</text>", esc(l));
    }
    y
}

/// The producing command as figure lines, wrapped to `width` pixels.
pub fn command_lines(prefix: &str, command: &str, width: f64) -> Vec<String> {
    wrap(&format!("{prefix}: {command}"), (width / 6.7) as usize)
}

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// The pixel size (with 4 pixels of margin around) of a board drawn with radius `s`.
pub fn board_size(rows: usize, cols: usize, s: f64) -> (f64, f64) {
    let w = SQRT3 * s;
    let width = (cols as f64 + (rows as f64 - 1.0) / 2.0) * w + 8.0;
    let height = (1.5 * rows as f64 + 0.5) * s + 8.0;
    (width, height)
}

/// The radius that fits a `rows × cols` board into about `room` pixels of width.
pub fn fit_radius(rows: usize, cols: usize, room: f64, max: f64) -> f64 {
    let units = (cols as f64 + (rows as f64 - 1.0) / 2.0) * SQRT3;
    (room / units.max(1.0)).clamp(0.4, max)
}

/// Draw one board with its top-left corner at (x0, y0) and radius `s`.
pub fn draw_board(out: &mut String, b: &Board, x0: f64, y0: f64, s: f64) {
    let w = SQRT3 * s;
    let centre = |r: usize, c: usize| {
        (
            x0 + 4.0 + w / 2.0 + c as f64 * w + r as f64 * w / 2.0,
            y0 + 4.0 + s + r as f64 * 1.5 * s,
        )
    };
    let font = (s * 0.55).clamp(6.0, 12.0);
    for r in 0..b.rows {
        for c in 0..b.cols {
            let cell = &b.cells[r * b.cols + c];
            let (x, y) = centre(r, c);
            let _ = write!(out, "<g data-cell=\"{}\"", cell_name(r, c));
            for (k, v) in &cell.data {
                let _ = write!(out, " data-{k}=\"{}\"", esc(v));
            }
            let _ = write!(
                out,
                "><polygon points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"{}\" stroke=\"#555555\" stroke-width=\"{:.2}\"/>",
                x, y - s, x + w / 2.0, y - s / 2.0, x + w / 2.0, y + s / 2.0,
                x, y + s, x - w / 2.0, y + s / 2.0, x - w / 2.0, y - s / 2.0,
                hex(cell.fill),
                (s * 0.05).clamp(0.15, 0.8)
            );
            if cell.marked {
                let _ = write!(
                    out,
                    "<circle class=\"mark\" cx=\"{x:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"{}\"/>",
                    y - s * 0.3,
                    s * 0.22,
                    text_on(cell.fill)
                );
            }
            if !cell.label.is_empty() && s >= 9.0 {
                let ty = if cell.marked {
                    y + s * 0.45
                } else {
                    y + font * 0.35
                };
                let _ = write!(
                    out,
                    "<text x=\"{x:.1}\" y=\"{ty:.1}\" font-size=\"{font:.1}\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                    text_on(cell.fill),
                    esc(&cell.label)
                );
            }
            out.push_str("</g>\n");
        }
    }
    draw_sides(out, b, s, &centre);
}

fn draw_sides(out: &mut String, b: &Board, s: f64, centre: &dyn Fn(usize, usize) -> (f64, f64)) {
    let w = SQRT3 * s;
    let pts = |v: &[(f64, f64)]| {
        v.iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (mut top, mut bottom, mut left, mut right) = (vec![], vec![], vec![], vec![]);
    for c in 0..b.cols {
        let (x, y) = centre(0, c);
        top.extend([
            (x - w / 2.0, y - s / 2.0),
            (x, y - s),
            (x + w / 2.0, y - s / 2.0),
        ]);
        let (x, y) = centre(b.rows - 1, c);
        bottom.extend([
            (x - w / 2.0, y + s / 2.0),
            (x, y + s),
            (x + w / 2.0, y + s / 2.0),
        ]);
    }
    for r in 0..b.rows {
        let (x, y) = centre(r, 0);
        left.extend([(x - w / 2.0, y - s / 2.0), (x - w / 2.0, y + s / 2.0)]);
        let (x, y) = centre(r, b.cols - 1);
        right.extend([(x + w / 2.0, y - s / 2.0), (x + w / 2.0, y + s / 2.0)]);
    }
    let width = (s * 0.28).clamp(0.6, 5.0);
    for side in [&left, &right] {
        let _ = writeln!(
            out,
            "<polyline class=\"white-side\" points=\"{}\" fill=\"none\" stroke=\"#000000\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"/><polyline points=\"{}\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"/>",
            pts(side), width * 1.7, pts(side), width
        );
    }
    for side in [&top, &bottom] {
        let _ = writeln!(
            out,
            "<polyline class=\"black-side\" points=\"{}\" fill=\"none\" stroke=\"#000000\" stroke-width=\"{width:.1}\" stroke-linecap=\"round\"/>",
            pts(side)
        );
    }
}

impl BoardFigure {
    /// The figure as an `<svg>` element.
    pub fn render(&self) -> String {
        let max_r = if self.max_radius > 0.0 {
            self.max_radius
        } else {
            24.0
        };
        let room = 420.0 / self.boards.len().max(1) as f64;
        let radii: Vec<f64> = self
            .boards
            .iter()
            .map(|b| fit_radius(b.rows, b.cols, room, max_r))
            .collect();
        let sizes: Vec<(f64, f64)> = self
            .boards
            .iter()
            .zip(&radii)
            .map(|(b, &s)| board_size(b.rows, b.cols, s))
            .collect();
        let boards_w: f64 = sizes.iter().map(|s| s.0).sum::<f64>() + 24.0 * sizes.len() as f64;
        let width = boards_w.max(340.0) + 24.0;
        let chars = (width / 7.0) as usize;
        let title = wrap(&self.title, (width / 8.5) as usize);
        let sub: Vec<String> = self.subtitle.iter().flat_map(|l| wrap(l, chars)).collect();
        let command: Vec<String> = self
            .command
            .as_ref()
            .map(|c| command_lines("data", c, width))
            .unwrap_or_default();
        let caption_h = if self.boards.iter().any(|b| !b.caption.is_empty()) {
            18.0
        } else {
            0.0
        };
        let boards_h = sizes.iter().map(|s| s.1).fold(0.0, f64::max) + caption_h;
        let mut body = String::new();
        let y = text_lines(&mut body, &title, TextKind::Title, 12.0, 18.0);
        let mut y = text_lines(&mut body, &sub, TextKind::Body, y, 16.0);
        y += 10.0;
        let mut x = 12.0;
        for ((b, &s), size) in self.boards.iter().zip(&radii).zip(&sizes) {
            if !b.caption.is_empty() {
                let _ = writeln!(body, "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"12\" font-weight=\"bold\">{}</text>", y + 13.0, esc(&b.caption));
            }
            let _ = writeln!(
                body,
                "<g class=\"board\" data-rows=\"{}\" data-cols=\"{}\">",
                b.rows, b.cols
            );
            draw_board(&mut body, b, x, y + caption_h, s);
            body.push_str("</g>\n");
            x += size.0 + 24.0;
        }
        y += boards_h + 8.0;
        y = self.draw_legend(&mut body, y, width);
        y = text_lines(&mut body, &command, TextKind::Command, y, 13.0);
        let height = y + 12.0;
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\""
        );
        for (k, v) in &self.data {
            let _ = write!(out, " data-{k}=\"{}\"", esc(v));
        }
        let _ = writeln!(out, "><title>{}</title>", esc(&self.title));
        let _ = writeln!(
            out,
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
        );
        out.push_str(&body);
        out.push_str("</svg>\n");
        out
    }

    fn draw_legend(&self, body: &mut String, mut y: f64, width: f64) -> f64 {
        let mut entries: Vec<(Option<&LegendEntry>, String)> = self
            .legend
            .iter()
            .map(|e| (Some(e), e.text.clone()))
            .collect();
        entries.push((None, "Black's sides (top, bottom)".into()));
        entries.push((None, "White's sides (left, right)".into()));
        for (i, (e, text)) in entries.iter().enumerate() {
            y += 18.0;
            match e {
                Some(e) => {
                    let _ = write!(body, "<rect x=\"12\" y=\"{:.0}\" width=\"14\" height=\"14\" fill=\"{}\" stroke=\"#555555\"/>", y - 11.0, hex(e.fill));
                    if e.marked {
                        let _ = write!(
                            body,
                            "<circle cx=\"19\" cy=\"{:.0}\" r=\"3\" fill=\"{}\"/>",
                            y - 4.0,
                            text_on(e.fill)
                        );
                    }
                }
                None if i + 2 == entries.len() => {
                    let _ = write!(body, "<line x1=\"12\" y1=\"{0:.0}\" x2=\"26\" y2=\"{0:.0}\" stroke=\"#000000\" stroke-width=\"4\"/>", y - 4.0);
                }
                None => {
                    let _ = write!(body, "<line x1=\"12\" y1=\"{0:.0}\" x2=\"26\" y2=\"{0:.0}\" stroke=\"#000000\" stroke-width=\"6\"/><line x1=\"13\" y1=\"{0:.0}\" x2=\"25\" y2=\"{0:.0}\" stroke=\"#ffffff\" stroke-width=\"4\"/>", y - 4.0);
                }
            }
            let lines = wrap(text, ((width - 40.0) / 6.5) as usize);
            for (j, l) in lines.iter().enumerate() {
                if j > 0 {
                    y += 15.0;
                }
                let _ = writeln!(
                    body,
                    "<text x=\"32\" y=\"{y:.0}\" font-size=\"12\">{}</text>",
                    esc(l)
                );
            }
        }
        if let Some((ramp, lo, hi, label)) = &self.colour_bar {
            y += 12.0;
            let steps = 40;
            let bar_w = (width - 120.0).min(260.0);
            for k in 0..steps {
                let t = k as f64 / (steps - 1) as f64;
                let _ = write!(
                    body,
                    "<rect x=\"{:.1}\" y=\"{y:.0}\" width=\"{:.1}\" height=\"12\" fill=\"{}\"/>",
                    12.0 + bar_w * k as f64 / steps as f64,
                    bar_w / steps as f64 + 0.3,
                    hex(ramp(t))
                );
            }
            let _ = writeln!(body, "<rect x=\"12\" y=\"{y:.0}\" width=\"{bar_w:.1}\" height=\"12\" fill=\"none\" stroke=\"#555555\"/>");
            y += 26.0;
            let _ = writeln!(body, "<text x=\"12\" y=\"{y:.0}\" font-size=\"11\">{lo:.2}</text><text x=\"{:.1}\" y=\"{y:.0}\" font-size=\"11\" text-anchor=\"end\">{hi:.2}</text>", 12.0 + bar_w);
            y += 15.0;
            let _ = writeln!(
                body,
                "<text x=\"12\" y=\"{y:.0}\" font-size=\"12\">{}</text>",
                esc(label)
            );
        }
        y
    }
}
