//! The Dark Hex section: the best brackets as intervals, every run folder's convergence and
//! first-probe heat maps.

use crate::figure::{slug, Figure, Item, Section};
use crate::hexboard::{Board, BoardFigure, Cell};
use crate::palette::{viridis, BLUE, BLUISH_GREEN, VERMILLION};
use crate::plot::{convergence, Frame, Mark, RowChart, Swatch};
use crate::read::{command_of, csv, md_tables, number, read_text, MdTable};
use std::path::{Path, PathBuf};

/// At most this many points of a convergence curve are drawn (evenly spaced by index, the
/// last always kept): a 3 400-iteration run would otherwise weigh 100 KB per figure.
const MAX_POINTS: usize = 300;

fn best_values(s: &mut Section, results: &Path) {
    let rel = "darkhex/best-values.md";
    let Some(text) = s.read(results, rel, "Dark Hex best values") else {
        return;
    };
    let Some(t) = md_tables(&text)
        .into_iter()
        .find(|t| t.col("lower").is_some())
    else {
        return s.missing(
            "Dark Hex best values",
            rel,
            "has no table with a lower column",
        );
    };
    let (Some(bi), Some(vi), Some(li), Some(ui), ki) = (
        t.col("board"),
        t.col("variant"),
        t.col("lower"),
        t.col("upper"),
        t.col("known"),
    ) else {
        return s.missing(
            "Dark Hex best values",
            rel,
            "lacks the board/variant/lower/upper columns",
        );
    };
    for variant in ["classical", "abrupt"] {
        let rows: Vec<&Vec<String>> = t
            .rows
            .iter()
            .filter(|r| r.get(vi).map(String::as_str) == Some(variant))
            .collect();
        if rows.is_empty() {
            s.missing(
                &format!("Dark Hex {variant} brackets"),
                rel,
                &format!("has no {variant} rows"),
            );
            continue;
        }
        let mut chart = RowChart {
            frame: Frame {
                title: format!("Dark Hex ({variant}): proven brackets of Black's winning probability"),
                subtitle: vec![
                    "Each bound is proven by an exact best response; the tightest lower and upper bound per board (r×c = rows × columns, Black first, top–bottom).".into(),
                ],
                legend: vec![
                    (BLUE, Swatch::Dot, "solved exactly (lower = upper)".into()),
                    (VERMILLION, Swatch::Interval, "bracket [lower, upper]; one narrower than a pixel shows as a tick".into()),
                    ((0, 0, 0), Swatch::Cross, "known value from the literature or certificates".into()),
                ],
                command: Some("scripts/darkhex-best-table.sh (sources: values.csv, double-oracle-values.md, double-oracle-*/, frontier/*/*/)".into()),
            },
            rows: Vec::new(),
            x_desc: "Black's winning probability (value of the game, 0–1)".into(),
            x_range: (-0.02, 1.02),
            log10: false,
            reference: None,
            marks: Vec::new(),
            label_width: 60,
        };
        for (i, r) in rows.iter().enumerate() {
            chart.rows.push(r[bi].clone());
            let (lo, hi) = (
                r.get(li).and_then(|c| number(c)),
                r.get(ui).and_then(|c| number(c)),
            );
            match (lo, hi) {
                (Some(lo), Some(hi)) if lo == hi => chart.marks.push(Mark::Dot(i, lo, BLUE)),
                (Some(lo), Some(hi)) => chart.marks.push(Mark::Interval(i, lo, hi, VERMILLION)),
                _ => {}
            }
            if let Some(k) = ki.and_then(|k| r.get(k)).and_then(|c| number(c)) {
                chart.marks.push(Mark::Cross(i, k, (0, 0, 0)));
            }
        }
        s.items.push(Item::Figure(Figure {
            id: format!("darkhex-brackets-{variant}"),
            title: format!("Dark Hex {variant}: proven brackets"),
            svg: chart.render(),
            sources: vec![PathBuf::from(rel)],
            wide: true,
            large: false,
        }));
    }
}

/// Every folder under `dir` holding a `convergence.csv` or a `summary.md`, sorted.
fn run_dirs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut subs: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    subs.sort();
    for p in subs {
        if p.join("convergence.csv").is_file() || p.join("summary.md").is_file() {
            out.push(p.clone());
        }
        run_dirs(&p, out);
    }
}

fn convergence_item(results: &Path, rel: &str, title: &str) -> Item {
    let file = format!("{rel}/convergence.csv");
    let text = match read_text(results, &file) {
        Ok(t) => t,
        Err(why) => return Item::Missing(format!("convergence plot: not drawn, {file} {why}")),
    };
    let (header, rows) = csv(&text);
    let col = |n: &str| header.iter().position(|h| h == n);
    let (Some(si), Some(li), Some(ui), Some(gi)) =
        (col("seconds"), col("lower"), col("upper"), col("gap"))
    else {
        return Item::Missing(format!(
            "convergence plot: not drawn, {file} lacks seconds/lower/upper/gap columns"
        ));
    };
    let points: Vec<(f64, f64, f64, f64)> = rows
        .iter()
        .filter_map(|r| {
            Some((
                r.get(si)?.parse().ok()?,
                r.get(li)?.parse().ok()?,
                r.get(ui)?.parse().ok()?,
                r.get(gi)?.parse().ok()?,
            ))
        })
        .collect();
    if points.is_empty() {
        return Item::Missing(format!("convergence plot: not drawn, {file} has a header but no data rows (the run measured no bracket)"));
    }
    let step = points.len().div_ceil(MAX_POINTS);
    let last = points.len() - 1;
    let drawn: Vec<_> = points
        .iter()
        .enumerate()
        .filter(|(i, _)| i % step == 0 || *i == last)
        .map(|(_, p)| *p)
        .collect();
    let end = points[last];
    let mut subtitle = vec![format!(
        "{} measurements{}; at the end ({:.1} s): lower {:.9}, upper {:.9}, gap {:.3e}",
        points.len(),
        if step > 1 {
            format!(" (every {step}th drawn, and the last)")
        } else {
            String::new()
        },
        end.0,
        end.1,
        end.2,
        end.3
    )];
    if end.3 <= 0.0 {
        subtitle.push("The final gap is 0 (solved exactly): not drawable on the log axis, so the gap curve stops before it.".into());
    }
    let frame = Frame {
        title: format!("{title}: convergence"),
        subtitle,
        legend: vec![
            (
                BLUE,
                Swatch::Line,
                "lower bound (Black's guaranteed probability)".into(),
            ),
            (
                VERMILLION,
                Swatch::Line,
                "upper bound (White's guarantee, as Black's probability)".into(),
            ),
            (
                BLUISH_GREEN,
                Swatch::Line,
                "gap = upper − lower (lower chart, log axis)".into(),
            ),
        ],
        command: command_of(&text),
    };
    Item::Figure(Figure {
        id: format!(
            "darkhex-{}-convergence",
            slug(rel.trim_start_matches("darkhex/"))
        ),
        title: format!("{title}: convergence"),
        svg: convergence(&frame, &drawn),
        sources: vec![PathBuf::from(file)],
        wide: false,
        large: true,
    })
}

/// A first-probe table: rows, columns, probabilities row-major.
type Probes = (usize, usize, Vec<f64>);

/// A first-probe table of a summary.
fn probe_table(t: &MdTable) -> Option<Probes> {
    let cols = t.header.len().checked_sub(1)?;
    let mut values = Vec::new();
    for r in &t.rows {
        for c in r.iter().skip(1).take(cols) {
            values.push(number(c)?);
        }
    }
    (cols > 0 && values.len() == cols * t.rows.len()).then_some((t.rows.len(), cols, values))
}

fn probes_item(results: &Path, rel: &str, title: &str, summary: &str) -> Item {
    let file = format!("{rel}/summary.md");
    let tables = md_tables(summary);
    let find = |who: &str| {
        tables
            .iter()
            .find(|t| t.heading.contains(who) && t.heading.contains("first probe"))
            .and_then(probe_table)
    };
    let players: Vec<(&str, Probes)> = ["Black", "White"]
        .into_iter()
        .filter_map(|who| find(who).map(|t| (who, t)))
        .collect();
    if players.is_empty() {
        return Item::Missing(format!(
            "first-probe heat maps: not drawn, {file} has no first-probe table"
        ));
    }
    let _ = results;
    let max = players
        .iter()
        .flat_map(|p| p.1 .2.iter())
        .copied()
        .fold(0.0, f64::max)
        .max(1e-9);
    let board = |who: &str, (rows, cols, v): &Probes| Board {
        caption: format!("{who}'s first probe"),
        rows: *rows,
        cols: *cols,
        cells: v
            .iter()
            .map(|&p| Cell {
                fill: viridis(p / max),
                label: format!("{p:.2}"),
                marked: false,
                data: vec![("probability".into(), format!("{p}"))],
            })
            .collect(),
    };
    let mut subtitle = vec!["Probability of each cell as the player's first probe, in the strategy of the run (cell labels: probability).".to_string()];
    if players.len() == 1 {
        let other = if players[0].0 == "Black" {
            "White"
        } else {
            "Black"
        };
        subtitle.push(format!(
            "{file} has no table of {other}'s first probe, so only {}'s is drawn.",
            players[0].0
        ));
    }
    let fig = BoardFigure {
        title: format!("{title}: first probes"),
        subtitle,
        boards: players.iter().map(|(who, t)| board(who, t)).collect(),
        legend: Vec::new(),
        colour_bar: Some((
            viridis,
            0.0,
            max,
            "probability of the first probe (colour scale 0 to the largest value)".into(),
        )),
        command: command_of(summary),
        data: Vec::new(),
        max_radius: 24.0,
    };
    Item::Figure(Figure {
        id: format!(
            "darkhex-{}-probes",
            slug(rel.trim_start_matches("darkhex/"))
        ),
        title: format!("{title}: first probes"),
        svg: fig.render(),
        sources: vec![PathBuf::from(file)],
        wide: false,
        large: false,
    })
}

/// The Dark Hex section.
pub fn section(results: &Path) -> Section {
    let mut s = Section::new("darkhex", "Dark Hex");
    s.items.push(Item::Note("Values are Black's winning probability under optimal play by both (Black first, joining top and bottom); classical: a probe of an occupied cell is told and the player probes again; abrupt: the turn is lost.".into()));
    s.heading("darkhex-brackets", "Best proven brackets");
    best_values(&mut s, results);
    s.heading("darkhex-runs", "Runs: convergence and first probes");
    let mut dirs = Vec::new();
    run_dirs(&results.join("darkhex"), &mut dirs);
    if dirs.is_empty() {
        s.missing(
            "Dark Hex convergence plots and heat maps",
            "darkhex/*/",
            "has no run folder (convergence.csv or summary.md)",
        );
    }
    let mut groups: Vec<(String, Vec<Item>)> = Vec::new();
    for d in &dirs {
        let rel = d
            .strip_prefix(results)
            .unwrap_or(d)
            .to_string_lossy()
            .replace('\\', "/");
        let family = match rel.split('/').nth(1) {
            Some(f @ ("boards" | "double-oracle-boards" | "frontier")) => f.to_string(),
            _ => "single runs".to_string(),
        };
        let summary = read_text(results, &format!("{rel}/summary.md")).unwrap_or_default();
        let title = summary
            .lines()
            .next()
            .filter(|l| l.starts_with("# "))
            .map(|l| {
                format!(
                    "{} ({})",
                    l.trim_start_matches("# ").trim(),
                    rel.trim_start_matches("darkhex/")
                )
            })
            .unwrap_or_else(|| rel.clone());
        let mut items = vec![convergence_item(results, &rel, &title)];
        if summary.is_empty() {
            items.push(Item::Missing(format!(
                "first-probe heat maps: not drawn, {rel}/summary.md is missing"
            )));
        } else {
            items.push(probes_item(results, &rel, &title, &summary));
        }
        // Missing notes first, so that a run's figures stay on one row.
        items.sort_by_key(|i| !matches!(i, Item::Missing(_)));
        let row = Item::Row(items);
        match groups.iter_mut().find(|g| g.0 == family) {
            Some(g) => g.1.push(row),
            None => groups.push((family, vec![row])),
        }
    }
    for (family, items) in groups {
        let n = items.len();
        let what = match family.as_str() {
            "boards" => "CFR table runs (darkhex/boards/)",
            "double-oracle-boards" => "double-oracle table runs (darkhex/double-oracle-boards/)",
            "frontier" => "frontier legs (darkhex/frontier/)",
            _ => "single runs (darkhex/*/)",
        };
        s.items.push(Item::Group {
            title: format!("{what}: {n} folder(s)"),
            open: family == "single runs",
            items,
        });
    }
    s
}
