//! The Rex section: first-move maps of `rex/parity.csv`, the parity grid, map progress of
//! `rex/NxN/openings.csv`.

use crate::figure::{Figure, Item, Section};
use crate::hexboard::{
    board_size, cell_name, command_lines, draw_board, fit_radius, text_lines, Board, BoardFigure,
    Cell, LegendEntry, TextKind,
};
use crate::palette::{hex, BLUE, BLUISH_GREEN, GREY, ORANGE, VERMILLION};
use crate::read::{command_of, csv, read_text};
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// One board of the parity table.
#[derive(Debug, Clone)]
struct Solved {
    rows: usize,
    cols: usize,
    first_wins: bool,
    winning: Vec<String>,
}

fn parity(text: &str) -> Vec<Solved> {
    let (header, rows) = csv(text);
    let col = |n: &str| header.iter().position(|h| h == n);
    let (Some(r), Some(c), Some(w), Some(o)) = (
        col("rows"),
        col("cols"),
        col("winner"),
        col("winning_openings"),
    ) else {
        return Vec::new();
    };
    let mut out: Vec<Solved> = rows
        .iter()
        .filter_map(|row| {
            Some(Solved {
                rows: row.get(r)?.parse().ok()?,
                cols: row.get(c)?.parse().ok()?,
                first_wins: row.get(w)? == "first",
                winning: row.get(o)?.split_whitespace().map(str::to_string).collect(),
            })
        })
        .filter(|b| b.rows > 0 && b.cols > 0)
        .collect();
    out.sort_by_key(|b| (b.rows * b.cols, b.rows));
    out
}

/// "1 row", "4 rows".
fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn map_figure(b: &Solved, command: &Option<String>) -> Figure {
    let wins: HashSet<&str> = b.winning.iter().map(String::as_str).collect();
    let mut cells = Vec::new();
    for r in 0..b.rows {
        for c in 0..b.cols {
            let name = cell_name(r, c);
            let win = wins.contains(name.as_str());
            cells.push(Cell {
                fill: if win { BLUISH_GREEN } else { GREY },
                label: name.clone(),
                marked: win,
                data: vec![("winning".into(), win.to_string())],
            });
        }
    }
    let winner = if b.first_wins {
        format!(
            "first player (Black) wins; {} winning first move{}",
            b.winning.len(),
            if b.winning.len() == 1 { "" } else { "s" }
        )
    } else {
        "second player (White) wins; no first move wins".to_string()
    };
    let id = format!("rex-map-{}x{}", b.rows, b.cols);
    let fig = BoardFigure {
        title: format!("Rex {}×{} first-move map", b.rows, b.cols),
        subtitle: vec![
            winner,
            format!(
                "{} × {}, no swap; Black moves first",
                plural(b.rows, "row"),
                plural(b.cols, "column")
            ),
        ],
        boards: vec![Board {
            caption: String::new(),
            rows: b.rows,
            cols: b.cols,
            cells,
        }],
        legend: vec![
            LegendEntry {
                fill: BLUISH_GREEN,
                marked: true,
                text: "winning first move for Black".into(),
            },
            LegendEntry {
                fill: GREY,
                marked: false,
                text: "losing first move".into(),
            },
        ],
        command: command.clone(),
        data: vec![
            ("board".into(), format!("{}x{}", b.rows, b.cols)),
            (
                "winner".into(),
                if b.first_wins { "first" } else { "second" }.into(),
            ),
        ],
        max_radius: 24.0,
        ..Default::default()
    };
    Figure {
        id,
        title: format!("Rex {}×{} first-move map", b.rows, b.cols),
        svg: fig.render(),
        sources: vec![PathBuf::from("rex/parity.csv")],
        wide: false,
        large: false,
    }
}

/// The parity table as a grid of small boards: column = board columns, row = board rows.
fn parity_grid(boards: &[Solved], command: &Option<String>) -> Figure {
    let max_r = boards.iter().map(|b| b.rows).max().unwrap_or(1);
    let max_c = boards.iter().map(|b| b.cols).max().unwrap_or(1);
    let bx = 42.0;
    let (x0, y0) = (70.0, 96.0);
    let width = x0 + max_c as f64 * bx + 20.0;
    let mut body = String::new();
    for c in 1..=max_c {
        let _ = write!(
            body,
            "<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"11\" text-anchor=\"middle\">{c}</text>",
            x0 + (c as f64 - 0.5) * bx,
            y0 - 6.0
        );
    }
    for r in 1..=max_r {
        let _ = write!(
            body,
            "<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"11\" text-anchor=\"end\">{r}</text>",
            x0 - 6.0,
            y0 + (r as f64 - 0.5) * bx + 4.0
        );
    }
    let _ = write!(body, "<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"13\" text-anchor=\"middle\">columns (White's direction, left–right)</text>", x0 + max_c as f64 * bx / 2.0, y0 - 22.0);
    let ymid = y0 + max_r as f64 * bx / 2.0;
    let _ = write!(body, "<text x=\"20\" y=\"{ymid:.0}\" font-size=\"13\" text-anchor=\"middle\" transform=\"rotate(-90 20 {ymid:.0})\">rows (Black's direction, top–bottom)</text>");
    for b in boards {
        let (x, y) = (x0 + (b.cols - 1) as f64 * bx, y0 + (b.rows - 1) as f64 * bx);
        let tint = if b.first_wins { ORANGE } else { BLUE };
        let _ = write!(body, "<g data-board=\"{}x{}\" data-winner=\"{}\"><rect x=\"{x:.0}\" y=\"{y:.0}\" width=\"{bx:.0}\" height=\"{bx:.0}\" fill=\"{}\" fill-opacity=\"0.35\" stroke=\"#ffffff\"/>", b.rows, b.cols, if b.first_wins { "first" } else { "second" }, hex(tint));
        // The board itself, shrunk into the upper part of the box (labels are too small to draw).
        let wins: HashSet<&str> = b.winning.iter().map(String::as_str).collect();
        let cells = (0..b.rows * b.cols)
            .map(|i| {
                let win = wins.contains(cell_name(i / b.cols, i % b.cols).as_str());
                Cell {
                    fill: if win { BLUISH_GREEN } else { GREY },
                    label: String::new(),
                    marked: false,
                    data: Vec::new(),
                }
            })
            .collect();
        let mini = Board {
            caption: String::new(),
            rows: b.rows,
            cols: b.cols,
            cells,
        };
        let room_h = (bx - 22.0) / (1.5 * b.rows as f64 + 0.5);
        let s = fit_radius(b.rows, b.cols, bx - 12.0, 6.0)
            .min(room_h)
            .max(0.4);
        let (w, _) = board_size(b.rows, b.cols, s);
        draw_board(&mut body, &mini, x + (bx - w) / 2.0, y - 1.0, s);
        let _ = write!(body, "<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"9\" font-weight=\"bold\" text-anchor=\"middle\">{}</text>", x + bx / 2.0, y + bx - 3.0, if b.first_wins { "1st" } else { "2nd" });
        body.push_str("</g>\n");
    }
    let height = y0 + max_r as f64 * bx + 130.0;
    let mut y = y0 + max_r as f64 * bx + 24.0;
    let legend = [
        (ORANGE, 0.35, "1st: the first player (Black) wins"),
        (BLUE, 0.35, "2nd: the second player (White) wins"),
        (
            BLUISH_GREEN,
            1.0,
            "a winning first move of Black (cell of the small board)",
        ),
        (GREY, 1.0, "a losing first move"),
    ];
    for (tint, opacity, text) in legend {
        let _ = write!(body, "<rect x=\"{x0:.0}\" y=\"{:.0}\" width=\"14\" height=\"14\" fill=\"{}\" fill-opacity=\"{opacity}\" stroke=\"#555555\"/><text x=\"{:.0}\" y=\"{y:.0}\" font-size=\"12\">{text}</text>", y - 11.0, hex(tint), x0 + 20.0);
        y += 18.0;
    }
    if let Some(c) = command {
        text_lines(
            &mut body,
            &command_lines("data", c, width),
            TextKind::Command,
            y - 13.0,
            13.0,
        );
    }
    let title = "Rex parity table: winner without swap, by board rows × columns";
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\"><title>{title}</title><rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/><text x=\"12\" y=\"26\" font-size=\"15\" font-weight=\"bold\">{title}</text><text x=\"12\" y=\"44\" font-size=\"12\">{} boards solved exactly; a box per board of that many rows and columns, with the board drawn small</text>\n{body}</svg>\n",
        boards.len()
    );
    Figure {
        id: "rex-parity-grid".into(),
        title: title.into(),
        svg,
        sources: vec![PathBuf::from("rex/parity.csv")],
        wide: true,
        large: false,
    }
}

/// The first-move map in progress of `rex/NxN/openings.csv`.
fn progress_figure(n: usize, text: &str, command: Option<String>) -> Option<Figure> {
    let (header, rows) = csv(text);
    let col = |name: &str| header.iter().position(|h| h == name);
    let (oi, ii, bi, di, ti) = (
        col("opening")?,
        col("image")?,
        col("black_wins")?,
        col("replies_done")?,
        col("replies_total")?,
    );
    let mut status: BTreeMap<String, (String, String)> = BTreeMap::new();
    let (mut units, mut total, mut settled) = (0usize, 0usize, 0usize);
    for r in &rows {
        let (Some(o), Some(img), Some(b), Some(d), Some(t)) =
            (r.get(oi), r.get(ii), r.get(bi), r.get(di), r.get(ti))
        else {
            continue;
        };
        units += d.parse::<usize>().unwrap_or(0);
        total += t.parse::<usize>().unwrap_or(0);
        settled += usize::from(!b.is_empty());
        let v = (b.clone(), format!("{d}/{t}"));
        status.insert(o.clone(), v.clone());
        status.insert(img.clone(), v);
    }
    let mut cells = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let name = cell_name(r, c);
            let (b, done) = status.get(&name).cloned().unwrap_or_default();
            let (fill, value) = match b.as_str() {
                "true" => (BLUISH_GREEN, "black-wins"),
                "false" => (VERMILLION, "white-wins"),
                _ => (GREY, "open"),
            };
            let label = match value {
                "open" => done.clone(),
                "black-wins" => format!("{name} win"),
                _ => format!("{name} loss"),
            };
            cells.push(Cell {
                fill,
                label,
                marked: value == "black-wins",
                data: vec![("status".into(), value.into()), ("replies".into(), done)],
            });
        }
    }
    let fig = BoardFigure {
        title: if units == total && total > 0 {
            format!("Rex {n}×{n} first-move map, complete")
        } else {
            format!("Rex {n}×{n} first-move map in progress")
        },
        subtitle: vec![
            format!("{units} of {total} (opening, reply) units solved; {settled} of {} openings settled (each stands for its 180° image too)", rows.len()),
            "open cells show replies solved / replies".into(),
        ],
        boards: vec![Board { caption: String::new(), rows: n, cols: n, cells }],
        legend: vec![
            LegendEntry { fill: BLUISH_GREEN, marked: true, text: "opening settled: Black wins (an answer to every reply)".into() },
            LegendEntry { fill: VERMILLION, marked: false, text: "opening settled: White has a winning reply".into() },
            LegendEntry { fill: GREY, marked: false, text: "open: not all replies solved yet".into() },
        ],
        command,
        data: vec![("board".into(), format!("{n}x{n}"))],
        max_radius: 26.0,
        ..Default::default()
    };
    Some(Figure {
        id: format!("rex-progress-{n}x{n}"),
        title: format!("Rex {n}×{n} map progress"),
        svg: fig.render(),
        sources: vec![
            PathBuf::from(format!("rex/{n}x{n}/openings.csv")),
            PathBuf::from(format!("rex/{n}x{n}/replies.csv")),
        ],
        wide: false,
        large: false,
    })
}

/// One board per opening of `rex/NxN/replies.csv` with solved replies: each reply's cell
/// with Black's winning answer, or marked as a White win, or open.
fn reply_figures(n: usize, text: &str, command: &Option<String>) -> Vec<Figure> {
    let (header, rows) = csv(text);
    let col = |name: &str| header.iter().position(|h| h == name);
    let (Some(oi), Some(ri), Some(bi), Some(ai)) = (
        col("opening"),
        col("reply"),
        col("black_wins"),
        col("answer"),
    ) else {
        return Vec::new();
    };
    // In the order of their first line (the file is appended to as units finish).
    let mut openings: Vec<String> = Vec::new();
    for o in rows.iter().filter_map(|r| r.get(oi)) {
        if !openings.contains(o) {
            openings.push(o.clone());
        }
    }
    let mut figures = Vec::new();
    for o in openings {
        let replies: BTreeMap<&str, (&str, &str)> = rows
            .iter()
            .filter(|r| r.get(oi) == Some(&o))
            .filter_map(|r| {
                Some((
                    r.get(ri)?.as_str(),
                    (r.get(bi)?.as_str(), r.get(ai).map_or("", |a| a.as_str())),
                ))
            })
            .collect();
        let (wins, losses) = (
            replies.values().filter(|v| v.0 == "true").count(),
            replies.values().filter(|v| v.0 == "false").count(),
        );
        let cells = (0..n * n)
            .map(|i| {
                let name = cell_name(i / n, i % n);
                let (fill, label, status) = match replies.get(name.as_str()) {
                    _ if name == o => ((0, 0, 0), name.clone(), "opening"),
                    Some(("true", a)) => (BLUISH_GREEN, format!("→{a}"), "black-wins"),
                    Some(("false", _)) => (VERMILLION, "loss".into(), "white-wins"),
                    _ => (GREY, String::new(), "open"),
                };
                Cell {
                    fill,
                    label,
                    marked: status == "black-wins",
                    data: vec![("status".into(), status.into())],
                }
            })
            .collect();
        let fig = BoardFigure {
            title: format!("Rex {n}×{n} after {o}: Black's answer to each reply"),
            subtitle: vec![format!(
                "{} of {} replies solved: {wins} lost by White, {losses} won by White",
                replies.len(),
                n * n - 1
            )],
            boards: vec![Board {
                caption: String::new(),
                rows: n,
                cols: n,
                cells,
            }],
            legend: vec![
                LegendEntry {
                    fill: (0, 0, 0),
                    marked: false,
                    text: format!("Black's opening {o}"),
                },
                LegendEntry {
                    fill: BLUISH_GREEN,
                    marked: true,
                    text: "White's reply there loses: →x is Black's winning answer".into(),
                },
                LegendEntry {
                    fill: VERMILLION,
                    marked: false,
                    text: "White's reply there wins".into(),
                },
                LegendEntry {
                    fill: GREY,
                    marked: false,
                    text: "reply not solved yet".into(),
                },
            ],
            command: command.clone(),
            data: vec![
                ("board".into(), format!("{n}x{n}")),
                ("opening".into(), o.clone()),
            ],
            max_radius: 26.0,
            ..Default::default()
        };
        figures.push(Figure {
            id: format!("rex-replies-{n}x{n}-{o}"),
            title: format!("Rex {n}×{n} after {o}: replies"),
            svg: fig.render(),
            sources: vec![PathBuf::from(format!("rex/{n}x{n}/replies.csv"))],
            wide: false,
            large: false,
        });
    }
    figures
}

/// The `rex/NxN/` map in progress: the openings board, then one board per opening with
/// solved replies.
fn progress(s: &mut Section, results: &Path, n: usize) {
    let rel = format!("rex/{n}x{n}/openings.csv");
    let what = format!("Rex {n}×{n} map progress");
    let text = match read_text(results, &rel) {
        Ok(t) => t,
        Err(why) => {
            return s.missing(
                &what,
                &rel,
                &format!("{why} (no {n}×{n} map run is in the results)"),
            )
        }
    };
    let command = read_text(results, &format!("rex/{n}x{n}/map.md"))
        .ok()
        .and_then(|t| command_of(&t));
    let Some(f) = progress_figure(n, &text, command.clone()) else {
        return s.missing(&what, &rel, "lacks the expected columns");
    };
    s.items.push(Item::Figure(f));
    let replies = format!("rex/{n}x{n}/replies.csv");
    if let Some(t) = s.read(
        results,
        &replies,
        &format!("Rex {n}×{n} answers to replies"),
    ) {
        s.items
            .extend(reply_figures(n, &t, &command).into_iter().map(Item::Figure));
    }
}

/// The Rex section.
pub fn section(results: &Path) -> Section {
    let mut s = Section::new("rex", "Rex (reverse Hex)");
    s.items.push(Item::Note("Black moves first and joins top and bottom, White joins left and right; whoever completes a chain between their own sides loses. Cells are named column letter + row, a1 top-left.".into()));
    match read_text(results, "rex/parity.csv") {
        Err(why) => s.missing(
            "Rex first-move maps and parity grid",
            "rex/parity.csv",
            &why,
        ),
        Ok(text) => {
            let boards = parity(&text);
            let command = command_of(&text);
            if boards.is_empty() {
                s.missing(
                    "Rex first-move maps and parity grid",
                    "rex/parity.csv",
                    "has no board rows",
                );
            } else {
                s.heading("rex-parity", "Parity table");
                s.items.push(Item::Figure(parity_grid(&boards, &command)));
                s.heading("rex-maps", "First-move maps");
                let (square, other): (Vec<_>, Vec<_>) =
                    boards.iter().partition(|b| b.rows == b.cols);
                for (kind, open, list) in [("square", true, square), ("other", false, other)] {
                    s.items.push(Item::Group {
                        title: format!("{kind} boards ({})", list.len()),
                        open,
                        items: list
                            .iter()
                            .map(|b| Item::Figure(map_figure(b, &command)))
                            .collect(),
                    });
                }
            }
        }
    }
    s.heading("rex-progress", "6×6 and 7×7 maps: progress");
    for n in [6, 7] {
        progress(&mut s, results, n);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::progress_figure;

    /// The map figure says "complete" only when every unit of every opening is solved.
    #[test]
    fn a_map_is_called_complete_only_when_every_unit_is_solved() {
        let head = "opening,image,black_wins,replies_done,replies_total\n";
        let done = format!("{head}a1,b2,true,3,3\nb1,a2,false,3,3\n");
        let part = format!("{head}a1,b2,true,3,3\nb1,a2,,2,3\n");
        let svg = |t: &str| progress_figure(2, t, None).unwrap().svg;
        assert!(svg(&done).contains("first-move map, complete"));
        assert!(svg(&part).contains("first-move map in progress"));
        assert!(!svg(&part).contains("complete"));
    }
}
