//! The report read back: the page and every figure parse as XML, the Rex 4×4 map marks the
//! literature's winning openings, the 4×3 classical convergence plot ends at the committed
//! bounds, and empty or partial results folders give a page that says what is missing.

use report::{build_report, ReportConfig, ReportSummary};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh folder under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gsolve-report-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn build(results: &Path, name: &str) -> ReportSummary {
    let cfg = ReportConfig {
        results: results.to_path_buf(),
        out: scratch(name),
        command: "test".into(),
    };
    build_report(&cfg).expect("the report builds")
}

/// The report of the committed results, built once for all tests of this file.
fn committed() -> &'static ReportSummary {
    static R: std::sync::OnceLock<ReportSummary> = std::sync::OnceLock::new();
    R.get_or_init(|| build(&repo().join("results"), "committed"))
}

/// The page as XML (it opens with `<!DOCTYPE html>`, a DTD declaration roxmltree takes only
/// when asked to).
fn parse_page(page: &str) -> roxmltree::Document<'_> {
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(page, opts).expect("index.html is well-formed XML")
}

fn figure(s: &ReportSummary, id: &str) -> String {
    let path = s
        .index
        .parent()
        .unwrap()
        .join("figures")
        .join(format!("{id}.svg"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn page_and_every_figure_parse_as_xml() {
    let s = committed();
    let page = std::fs::read_to_string(&s.index).unwrap();
    let doc = parse_page(&page);
    let inline = doc
        .descendants()
        .filter(|n| n.has_tag_name(("http://www.w3.org/2000/svg", "svg")))
        .filter(|n| n.ancestors().skip(1).all(|a| !a.has_tag_name("svg")))
        .count();
    let figures = doc
        .descendants()
        .filter(|n| n.has_tag_name("figure"))
        .count();
    assert!(s.figures.len() > 100, "only {} figures", s.figures.len());
    assert_eq!(figures, s.figures.len(), "one <figure> per figure file");
    assert!(
        inline >= figures,
        "every figure inline: {inline} < {figures}"
    );
    for f in &s.figures {
        let text = std::fs::read_to_string(f).unwrap();
        let d = roxmltree::Document::parse(&text)
            .unwrap_or_else(|e| panic!("{} is not well-formed: {e}", f.display()));
        let root = d.root_element();
        assert_eq!(root.tag_name().name(), "svg", "{}", f.display());
        let title = root.children().find(|n| n.has_tag_name("title"));
        assert!(
            title.is_some_and(|t| t.text().is_some_and(|t| !t.is_empty())),
            "{} has no title",
            f.display()
        );
    }
    // Nothing is fetched: no external reference other than links to result files.
    for n in doc.descendants() {
        for a in ["src", "href"] {
            if let Some(v) = n.attribute(a) {
                assert!(!v.contains("://"), "external reference {v}");
            }
        }
    }
    // Every section of the table of contents exists.
    for id in ["rex", "darkhex", "chess", "coins", "bench"] {
        assert!(
            doc.descendants().any(|n| n.attribute("id") == Some(id)),
            "no section {id}"
        );
    }
}

/// The winning openings of 4×4 as `shared/rules/rex.md` states them ("all but b3 and c2").
fn literature_4x4() -> BTreeSet<String> {
    let rules = std::fs::read_to_string(repo().join("../shared/rules/rex.md"))
        .expect("shared/rules/rex.md");
    let line = rules
        .lines()
        .find(|l| l.contains("4×4 all but"))
        .expect("the 4×4 line of rules/rex.md");
    let rest = &line[line.find("4×4 all but").unwrap() + "4×4 all but".len()..];
    let rest = rest.split(';').next().unwrap();
    let excluded: BTreeSet<String> = rest
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() == 2)
        .map(str::to_string)
        .collect();
    assert_eq!(excluded.len(), 2, "{line}");
    let all = (0..4).flat_map(|r| (0..4).map(move |c| format!("{}{}", (b'a' + c) as char, r + 1)));
    all.filter(|c| !excluded.contains(c)).collect()
}

#[test]
fn rex_4x4_map_marks_exactly_the_literature_openings() {
    let svg = figure(committed(), "rex-map-4x4");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cells: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("data-cell").is_some())
        .collect();
    assert_eq!(cells.len(), 16, "a 4×4 board draws 16 cells");
    // A cell counts as marked when it is drawn with the marker disc (what a reader sees),
    // and its data attribute agrees.
    let marked: BTreeSet<String> = cells
        .iter()
        .filter(|g| {
            g.children()
                .any(|c| c.has_tag_name("circle") && c.attribute("class") == Some("mark"))
        })
        .map(|g| g.attribute("data-cell").unwrap().to_string())
        .collect();
    let flagged: BTreeSet<String> = cells
        .iter()
        .filter(|g| g.attribute("data-winning") == Some("true"))
        .map(|g| g.attribute("data-cell").unwrap().to_string())
        .collect();
    let want = literature_4x4();
    assert_eq!(want.len(), 14);
    assert_eq!(marked, want);
    assert_eq!(flagged, want);
    assert_eq!(doc.root_element().attribute("data-winner"), Some("first"));
}

/// A bound of a run's summary, "**lower 14279/67484 ≈ …" → 14279/67484.
fn summary_bound(summary: &str, which: &str) -> f64 {
    let at = summary
        .find(&format!("**{which} "))
        .expect("bound in summary.md")
        + which.len()
        + 3;
    let frac = summary[at..].split_whitespace().next().unwrap();
    let (a, b) = frac.split_once('/').unwrap();
    a.parse::<f64>().unwrap() / b.parse::<f64>().unwrap()
}

fn map(attr: &str) -> (f64, f64, f64, f64) {
    let v: Vec<f64> = attr
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    (v[0], v[1], v[2], v[3])
}

#[test]
fn classical_4x3_convergence_ends_at_the_committed_bounds() {
    let svg = figure(
        committed(),
        "darkhex-double-oracle-classical-4x3-convergence",
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let root = doc.root_element();
    let (x0, px0, x1, px1) = map(root.attribute("data-x-map").unwrap());
    let (y0, py0, y1, py1) = map(root.attribute("data-y-map").unwrap());
    let summary = std::fs::read_to_string(
        repo().join("results/darkhex/double-oracle-classical-4x3/summary.md"),
    )
    .unwrap();
    let csv = std::fs::read_to_string(
        repo().join("results/darkhex/double-oracle-classical-4x3/convergence.csv"),
    )
    .unwrap();
    let last_seconds: f64 = csv
        .lines()
        .last()
        .unwrap()
        .split(',')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let per_px_y = (y1 - y0).abs() / (py1 - py0).abs();
    let per_px_x = (x1 - x0).abs() / (px1 - px0).abs();
    for which in ["lower", "upper"] {
        let colour = root
            .attribute(format!("data-{which}-colour").as_str())
            .unwrap();
        // The curve is the longest polyline of the bound's colour (legend swatches have 2 points).
        let line = doc
            .descendants()
            .filter(|n| n.has_tag_name("polyline"))
            .filter(|n| {
                n.attribute("stroke")
                    .is_some_and(|s| s.eq_ignore_ascii_case(colour))
            })
            .max_by_key(|n| n.attribute("points").unwrap().split_whitespace().count())
            .expect("a polyline of the bound's colour");
        let last = line
            .attribute("points")
            .unwrap()
            .split_whitespace()
            .last()
            .unwrap();
        let (px, py) = last.split_once(',').unwrap();
        let (px, py): (f64, f64) = (px.parse().unwrap(), py.parse().unwrap());
        let t = x0 + (px - px0) * (x1 - x0) / (px1 - px0);
        let v = y0 + (py - py0) * (y1 - y0) / (py1 - py0);
        let want = summary_bound(&summary, which);
        assert!(
            (want - 14279.0 / 67484.0).abs() < 1e-12,
            "{which} bound of summary.md"
        );
        assert!(
            (v - want).abs() <= 1.5 * per_px_y,
            "{which}: last point {v}, committed {want}"
        );
        assert!(
            (t - last_seconds).abs() <= 1.5 * per_px_x,
            "{which}: last point at {t} s, run ended at {last_seconds} s"
        );
    }
}

fn page_text(s: &ReportSummary) -> String {
    let page = std::fs::read_to_string(&s.index).unwrap();
    parse_page(&page);
    page
}

#[test]
fn an_empty_results_folder_gives_a_page_of_what_is_missing() {
    let empty = scratch("empty-results");
    let s = build(&empty, "empty");
    let page = page_text(&s);
    for file in [
        "rex/parity.csv",
        "rex/6x6/openings.csv",
        "darkhex/best-values.md",
        "dola/replay.md",
        "hexecs/perft.md",
        "coins/table.md",
        "rex/bench-peer.md",
        "darkhex/lp-comparison.md",
        "dola/selfplay.md",
    ] {
        assert!(
            s.missing.iter().any(|m| m.contains(file)),
            "nothing says {file} is missing: {:?}",
            s.missing
        );
        assert!(page.contains(file), "the page does not name {file}");
    }
    assert!(page.contains("What is missing"));
    // The start positions come from the engines, not from results/: still drawn.
    assert!(s
        .figures
        .iter()
        .any(|f| f.ends_with("dola-start-sultan.svg")));
    assert!(!s
        .figures
        .iter()
        .any(|f| f.to_string_lossy().contains("rex-map")));
}

#[test]
fn a_partial_results_folder_draws_what_is_there() {
    let partial = scratch("partial-results");
    std::fs::create_dir_all(partial.join("rex")).unwrap();
    std::fs::copy(
        repo().join("results/rex/parity.csv"),
        partial.join("rex/parity.csv"),
    )
    .unwrap();
    // A run folder whose convergence file lost its rows, and a truncated best-values table.
    let run = partial.join("darkhex/double-oracle-x");
    std::fs::create_dir_all(&run).unwrap();
    std::fs::write(
        run.join("convergence.csv"),
        "# command: gsolve x\niteration,seconds,lower,upper,gap\n",
    )
    .unwrap();
    std::fs::write(
        partial.join("darkhex/best-values.md"),
        "# Dark Hex\n\n| board | variant |\n",
    )
    .unwrap();
    let s = build(&partial, "partial");
    page_text(&s);
    assert!(s.figures.iter().any(|f| f.ends_with("rex-map-4x4.svg")));
    assert!(s.figures.iter().any(|f| f.ends_with("rex-parity-grid.svg")));
    let said = |what: &str| s.missing.iter().any(|m| m.contains(what));
    assert!(
        said("darkhex/double-oracle-x/convergence.csv has a header but no data rows"),
        "{:?}",
        s.missing
    );
    assert!(
        said("darkhex/double-oracle-x/summary.md is missing"),
        "{:?}",
        s.missing
    );
    assert!(
        said("darkhex/best-values.md has no table"),
        "{:?}",
        s.missing
    );
}

#[test]
fn an_unwritable_output_folder_is_bad_input() {
    let dir = scratch("unwritable");
    let file = dir.join("a-file");
    std::fs::write(&file, b"").unwrap();
    let cfg = ReportConfig {
        results: repo().join("results"),
        out: file.join("report"),
        command: "test".into(),
    };
    match build_report(&cfg) {
        Err(jobs::JobError::Input(m)) => assert!(m.contains("--out"), "{m}"),
        other => panic!("expected bad input, got {other:?}"),
    }
}
