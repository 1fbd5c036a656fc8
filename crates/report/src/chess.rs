//! The Dola and Hexecs section: positions drawn by the game crates' own SVG renderers
//! (`dola::Position::to_svg`, `hexecs::show::svg_diagram`, the pictures of `dola show --svg`
//! and `hexecs show --svg`), perft tables, self-play scores with 95 % intervals.

use crate::figure::{slug, Figure, Item, Section, Table};
use crate::hexboard::{command_lines, text_lines, TextKind};
use crate::palette::{BLUE, VERMILLION};
use crate::plot::{Frame, Mark, RowChart, Swatch};
use crate::read::{clean_cell, command_of, esc, md_tables, number, read_text, wrap};
use std::path::{Path, PathBuf};

/// The value of attribute `name` in the first tag of `svg`.
fn attr(svg: &str, name: &str) -> Option<f64> {
    let tag = &svg[..svg.find('>')?];
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    tag[at..].split('"').next()?.parse().ok()
}

/// A game crate's picture of a position, with a title band above and the command below.
fn framed(inner: &str, title: &str, subtitle: &[String], command: &str) -> String {
    let (w, h) = (
        attr(inner, "width").unwrap_or(500.0),
        attr(inner, "height").unwrap_or(500.0),
    );
    let width = w.max(360.0);
    let mut head = String::new();
    let title_lines = wrap(title, (width / 8.5) as usize);
    let sub_lines: Vec<String> = subtitle
        .iter()
        .flat_map(|s| wrap(s, (width / 7.4) as usize))
        .collect();
    let y = text_lines(&mut head, &title_lines, TextKind::Title, 10.0, 20.0);
    let mut y = text_lines(&mut head, &sub_lines, TextKind::Body, y, 16.0);
    y += 8.0;
    let inner = inner
        .trim_start_matches("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        .trim_start();
    let nested = inner.replacen(
        "<svg ",
        &format!("<svg x=\"{:.0}\" y=\"{y:.0}\" ", (width - w) / 2.0),
        1,
    );
    let mut foot = String::new();
    let fy = text_lines(
        &mut foot,
        &command_lines("drawn by", command, width),
        TextKind::Command,
        y + h,
        14.0,
    );
    let height = fy + 10.0;
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\"><title>{}</title><rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>{head}\n{nested}{foot}</svg>\n",
        esc(title)
    )
}

fn position_figure(
    id: &str,
    title: &str,
    sub: &[String],
    inner: &str,
    command: &str,
    source: &str,
) -> Item {
    Item::Figure(Figure {
        id: id.into(),
        title: title.into(),
        svg: framed(inner, title, sub, command),
        sources: vec![PathBuf::from(source)],
        wide: false,
        large: false,
    })
}

fn dola_positions(s: &mut Section, results: &Path) {
    for v in dola::Variant::ALL {
        let pos = dola::Position::start(v);
        let sub = vec![
            format!("FEN {}", pos.to_fen()),
            "White (light discs) at the bottom; red line: the frontier".into(),
        ];
        s.items.push(position_figure(
            &format!("dola-start-{}", v.name()),
            &format!("Dola {}: start position", v.name()),
            &sub,
            &pos.to_svg(),
            &format!("gsolve dola show --variant {} --svg FILE", v.name()),
            "../seeds/dola-start.tsv",
        ));
    }
    let rel = "dola/replay.md";
    let Some(text) = s.read(
        results,
        rel,
        "Dola final positions of the inventor's records",
    ) else {
        return;
    };
    let mut heading = String::new();
    let mut found = 0;
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            heading = h.trim().to_string();
        }
        let Some(rest) = line.strip_prefix("Final position (FEN): `") else {
            continue;
        };
        let fen = rest.trim_end_matches('`');
        let Ok(v) = heading.parse::<dola::Variant>() else {
            continue;
        };
        match dola::Position::from_fen(v, fen) {
            Ok(pos) => {
                found += 1;
                let sub = vec![
                    format!("the last position of the inventor's {heading} record"),
                    format!("FEN {fen}"),
                ];
                s.items.push(position_figure(&format!("dola-final-{heading}"), &format!("Dola {heading}: final position of the inventor's game"), &sub, &pos.to_svg(), &format!("gsolve dola replay --variant {heading} crates/dola/tests/data/{heading}.txt (the position: gsolve dola show --variant {heading} --fen FEN --svg FILE)"), rel));
            }
            Err(e) => s.items.push(Item::Missing(format!(
                "Dola {heading} final position: not drawn, the FEN in {rel} does not parse ({e})"
            ))),
        }
    }
    if found == 0 {
        s.missing(
            "Dola final positions of the inventor's records",
            rel,
            "has no \"Final position (FEN)\" line",
        );
    }
}

fn hexecs_positions(s: &mut Section, results: &Path) {
    let rel = "hexecs/perft.md";
    let Some(text) = s.read(results, rel, "Hexecs start positions") else {
        return;
    };
    let mut heading = String::new();
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            heading = h.trim().to_string();
            continue;
        }
        let t = line.trim();
        if !heading.starts_with("start") || !t.starts_with('`') || t.len() < 3 {
            continue;
        }
        let fen = t.trim_matches('`');
        if let Ok(board) = hexecs::fen::parse_position(fen) {
            let sub = vec![format!("FEN {fen}")];
            s.items.push(position_figure(
                &format!("hexecs-{}", slug(&heading)),
                &format!("Hexecs: {heading}"),
                &sub,
                &hexecs::show::svg_diagram(&board),
                &format!("gsolve hexecs show --fen '{fen}' --svg FILE"),
                rel,
            ));
        }
    }
    s.items.push(Item::Note("Hexecs has no game record of its inventor in the repository (shared/seeds/hexecs-and-12-coins.txt gives rules only), so no final position is drawn.".into()));
}

fn tables(s: &mut Section, results: &Path, rel: &str, what: &str) {
    match read_text(results, rel) {
        Err(why) => s.missing(what, rel, &why),
        Ok(text) => {
            let command = command_of(&text);
            for t in md_tables(&text) {
                s.items.push(Item::Table(Table {
                    caption: if t.heading.is_empty() {
                        what.to_string()
                    } else {
                        format!("{what}: {}", t.heading)
                    },
                    header: t.header.iter().map(|h| clean_cell(h)).collect(),
                    rows: t
                        .rows
                        .iter()
                        .map(|r| r.iter().map(|c| clean_cell(c)).collect())
                        .collect(),
                    source: PathBuf::from(rel),
                    command: command.clone(),
                }));
            }
        }
    }
}

/// (label, first-player score, 95 % half-width, games, command) per self-play section.
fn selfplay_rows(text: &str, label: &str) -> Vec<(String, f64, f64, usize, Option<String>)> {
    let mut out = Vec::new();
    let sections: Vec<&str> = text.split("\n## ").skip(1).collect();
    for sec in sections {
        let heading = sec.lines().next().unwrap_or("").trim();
        let Some(t) = md_tables(sec)
            .into_iter()
            .find(|t| t.col("first wins").is_some())
        else {
            continue;
        };
        let (Some(gi), Some(wi), Some(di)) = (t.col("games"), t.col("first wins"), t.col("draws"))
        else {
            continue;
        };
        let Some(r) = t.rows.first() else { continue };
        let (Some(n), Some(w), Some(d)) = (number(&r[gi]), number(&r[wi]), number(&r[di])) else {
            continue;
        };
        if n < 1.0 {
            continue;
        }
        let score = (w + d / 2.0) / n;
        let second_moment = (w + d / 4.0) / n;
        let half = 1.96 * ((second_moment - score * score).max(0.0) / n).sqrt();
        let name = heading
            .split(" from ")
            .next()
            .unwrap_or(heading)
            .replace("Dola, variant ", "Dola ");
        out.push((
            if name.is_empty() {
                label.to_string()
            } else {
                name
            },
            score,
            half,
            n as usize,
            command_of(sec),
        ));
    }
    out
}

fn selfplay(s: &mut Section, results: &Path) {
    let mut rows = Vec::new();
    let mut sources = Vec::new();
    for (rel, label) in [
        ("dola/selfplay.md", "Dola"),
        ("hexecs/selfplay.md", "Hexecs"),
    ] {
        match read_text(results, rel) {
            Err(why) => s.missing(&format!("{label} self-play scores"), rel, &why),
            Ok(text) => {
                sources.push(PathBuf::from(rel));
                rows.extend(selfplay_rows(&text, label));
            }
        }
    }
    if rows.is_empty() {
        return;
    }
    let command = rows
        .iter()
        .filter_map(|r| r.4.clone())
        .collect::<Vec<_>>()
        .join("; ");
    let chart = RowChart {
        frame: Frame {
            title: "Self-play balance: the first player's score".into(),
            subtitle: vec!["The engine against itself with the same settings on both sides; score = (wins + draws/2) / games for the first player (White). Interval: 95 % (normal approximation over the games).".into()],
            legend: vec![
                (BLUE, Swatch::Dot, "first player's score".into()),
                (VERMILLION, Swatch::Interval, "95 % confidence interval".into()),
                ((0x66, 0x66, 0x66), Swatch::Line, "0.5: both sides equal".into()),
            ],
            command: Some(command),
        },
        rows: rows.iter().map(|r| format!("{} ({} games)", r.0, r.3)).collect(),
        x_desc: "first player's score (0 = always loses, 1 = always wins)".into(),
        x_range: (0.0, 1.0),
        log10: false,
        reference: Some(0.5),
        marks: rows
            .iter()
            .enumerate()
            .flat_map(|(i, r)| [Mark::Interval(i, r.1 - r.2, r.1 + r.2, VERMILLION), Mark::Dot(i, r.1, BLUE)])
            .collect(),
        label_width: 170,
    };
    s.items.push(Item::Figure(Figure {
        id: "selfplay-scores".into(),
        title: "Self-play balance: the first player's score".into(),
        svg: chart.render(),
        sources,
        wide: true,
        large: false,
    }));
}

/// The Dola and Hexecs section.
pub fn section(results: &Path) -> Section {
    let mut s = Section::new("chess", "Dola and Hexecs");
    s.heading("chess-positions", "Positions");
    dola_positions(&mut s, results);
    hexecs_positions(&mut s, results);
    s.heading("chess-selfplay", "Self-play");
    selfplay(&mut s, results);
    s.heading("chess-perft", "Perft");
    tables(&mut s, results, "dola/perft.md", "Dola perft");
    tables(&mut s, results, "hexecs/perft.md", "Hexecs perft");
    s
}
