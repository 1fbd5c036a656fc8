//! The benchmarks section: each side-by-side comparison with a peer program as ratio bars on a
//! log axis (`rex/bench-peer.md`: gsolve against Solrex; `darkhex/lp-comparison.md`: the
//! hand-written simplex against HiGHS).

use crate::figure::{Figure, Item, Section};
use crate::palette::{BLUE, ORANGE, VERMILLION};
use crate::plot::{Frame, Mark, RowChart, Swatch};
use crate::read::{command_of, md_tables, number};
use std::path::{Path, PathBuf};

/// One bar: label, ratio, whether the ratio is only a bound (a side stopped at its cap).
type Bar = (String, f64, bool);

fn ratio_chart(
    title: &str,
    what: &str,
    x_desc: &str,
    bars: &[Bar],
    command: Option<String>,
    bound_text: &str,
) -> String {
    let logs: Vec<f64> = bars.iter().map(|b| b.1.log10()).collect();
    let lo = logs.iter().copied().fold(0.0, f64::min);
    let hi = logs.iter().copied().fold(0.0, f64::max);
    // Room on both sides for the value labels at the ends of the bars.
    let pad = ((hi - lo) * 0.2).max(0.25);
    let mut legend = vec![
        (
            BLUE,
            Swatch::Bar,
            "ratio > 1: gsolve's side is faster".to_string(),
        ),
        (
            ORANGE,
            Swatch::Bar,
            "ratio < 1: the peer is faster".to_string(),
        ),
    ];
    if bars.iter().any(|b| b.2) {
        legend.push((VERMILLION, Swatch::Bar, bound_text.to_string()));
    }
    legend.push((
        (0x66, 0x66, 0x66),
        Swatch::Line,
        "ratio 1: equal".to_string(),
    ));
    RowChart {
        frame: Frame {
            title: title.into(),
            subtitle: vec![what.into()],
            legend,
            command,
        },
        rows: bars.iter().map(|b| b.0.clone()).collect(),
        x_desc: x_desc.into(),
        x_range: (lo - pad, hi + pad),
        log10: true,
        reference: Some(0.0),
        marks: bars
            .iter()
            .zip(&logs)
            .enumerate()
            .flat_map(|(i, (b, &l))| {
                let colour = if b.2 {
                    VERMILLION
                } else if l >= 0.0 {
                    BLUE
                } else {
                    ORANGE
                };
                let text = format!("{}×{:.2}", if b.2 { "≤ " } else { "" }, b.1);
                [
                    Mark::Bar(i, 0.0, l, colour),
                    Mark::Label(i, l, text, l >= 0.0),
                ]
            })
            .collect(),
        label_width: 290,
    }
    .render()
}

/// One comparison with a peer, drawn as ratio bars.
struct Comparison {
    id: &'static str,
    title: &'static str,
    what: &'static str,
    x_desc: &'static str,
    /// What a bar that is only a bound means.
    bound_text: &'static str,
    /// The result file, relative to the results folder.
    source: &'static str,
    /// Why nothing is drawn when no bar could be read.
    empty: &'static str,
}

impl Comparison {
    /// The figure, or the note that the file holds no comparison.
    fn push(&self, s: &mut Section, bars: &[Bar], command: Option<String>) {
        if bars.is_empty() {
            return s.missing(self.title, self.source, self.empty);
        }
        s.items.push(Item::Figure(Figure {
            id: self.id.into(),
            title: self.title.into(),
            svg: ratio_chart(
                self.title,
                self.what,
                self.x_desc,
                bars,
                command,
                self.bound_text,
            ),
            sources: vec![PathBuf::from(self.source)],
            wide: true,
            large: false,
        }));
    }
}

fn rex_peer(s: &mut Section, results: &Path) {
    let rel = "rex/bench-peer.md";
    let Some(text) = s.read(results, rel, "Rex: gsolve against Solrex, solve time ratio") else {
        return;
    };
    let mut bars = Vec::new();
    for t in md_tables(&text) {
        let (Some(ii), Some(ti), Some(ri), Some(gs), Some(gd), Some(ss)) = (
            t.col("item"),
            t.col("threads"),
            t.col("rep"),
            t.col("gsolve s"),
            t.col("gsolve solved"),
            t.col("Solrex s"),
        ) else {
            continue;
        };
        for r in &t.rows {
            let (Some(g), Some(p)) = (
                r.get(gs).and_then(|c| number(c)),
                r.get(ss).and_then(|c| number(c)),
            ) else {
                continue;
            };
            let solved = r.get(gd).map(String::as_str).unwrap_or("");
            let complete = solved.split_once('/').is_some_and(|(a, b)| a == b);
            if g > 0.0 && p > 0.0 {
                bars.push((
                    format!("{}, {} thr, rep {}", r[ii], r[ti], r[ri]),
                    p / g,
                    !complete,
                ));
            }
        }
    }
    let c = Comparison {
        id: "bench-rex-solrex",
        title: "Rex: gsolve against Solrex, solve time ratio",
        what: "ratio = Solrex seconds / gsolve seconds for the same item on the same machine and thread count",
        x_desc: "Solrex time / gsolve time (log scale)",
        bound_text: "gsolve stopped at its time cap: its true ratio is at most the bar",
        source: rel,
        empty: "has no row with both tools' seconds",
    };
    c.push(s, &bars, command_of(&text));
}

fn lp_peer(s: &mut Section, results: &Path) {
    let rel = "darkhex/lp-comparison.md";
    let Some(text) = s.read(results, rel, "Dark Hex: hand-written simplex against HiGHS") else {
        return;
    };
    let mut bars = Vec::new();
    for t in md_tables(&text) {
        let (Some(li), Some(bi), Some(pi)) = (t.col("LP"), t.col("board"), t.col("LP per solve"))
        else {
            continue;
        };
        let ours: Vec<&Vec<String>> = t
            .rows
            .iter()
            .filter(|r| r[li].contains("hand-written"))
            .collect();
        for o in ours {
            let peer = t
                .rows
                .iter()
                .find(|r| r[li].contains("HiGHS") && r[bi] == o[bi]);
            if let (Some(a), Some(b)) = (number(&o[pi]), peer.and_then(|p| number(&p[pi]))) {
                if a > 0.0 && b > 0.0 {
                    bars.push((format!("{}: LP seconds per solve", o[bi]), b / a, false));
                }
            }
        }
    }
    let c = Comparison {
        id: "bench-lp-highs",
        title: "Dark Hex double oracle: restricted-game LP, hand-written simplex against HiGHS",
        what: "ratio = HiGHS seconds / hand-written seconds per restricted-LP solve, same run settings",
        x_desc: "HiGHS time / hand-written time per LP solve (log scale)",
        bound_text: "",
        source: rel,
        empty: "has no pair of rows with LP seconds per solve",
    };
    let command = command_of(&text)
        .or_else(|| Some("experiments/darkhex-lp-comparison (see the file)".into()));
    c.push(s, &bars, command);
}

/// The benchmarks section.
pub fn section(results: &Path) -> Section {
    let mut s = Section::new("bench", "Benchmarks against peers");
    s.items.push(Item::Note("Each bar compares gsolve with another program on the same task and machine. Timing figures vary with the machine's load, which the source files record.".into()));
    rex_peer(&mut s, results);
    lp_peer(&mut s, results);
    s
}
