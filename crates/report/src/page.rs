//! The page: table of contents, one section per game, figures inline, tables, notes on what is
//! missing. XHTML-clean (every element closed, only the five XML entities), so that it parses
//! both as HTML and as XML; a style sheet of its own, no script, nothing fetched.

use crate::figure::{Figure, Item, Section, Table};
use crate::read::esc;
use std::fmt::Write;
use std::path::{Component, Path, PathBuf};

/// Links from the page to the result files: paths relative to the output folder.
#[derive(Debug, Clone)]
pub struct Links {
    results: PathBuf,
    out: PathBuf,
}

fn normalised(p: &Path) -> PathBuf {
    let abs = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

impl Links {
    /// Links for a page in `out` about the files of `results`.
    pub fn new(results: &Path, out: &Path) -> Links {
        Links {
            results: normalised(results),
            out: normalised(out),
        }
    }

    /// The link to `rel` (a path relative to the results folder), relative to the page.
    pub fn to(&self, rel: &Path) -> String {
        let target = normalised(&self.results.join(rel));
        let (t, o): (Vec<_>, Vec<_>) = (
            target.components().collect(),
            self.out.components().collect(),
        );
        let common = t.iter().zip(&o).take_while(|(a, b)| a == b).count();
        let mut parts: Vec<String> = vec!["..".to_string(); o.len() - common];
        parts.extend(
            t[common..]
                .iter()
                .map(|c| c.as_os_str().to_string_lossy().into_owned()),
        );
        parts.join("/")
    }
}

const STYLE: &str = "
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 0 auto; max-width: 1240px; padding: 0 16px 48px; color: #1a1a1a; line-height: 1.45; }
header { border-bottom: 2px solid #0072b2; margin-bottom: 12px; }
h1 { font-size: 1.7rem; margin: 18px 0 6px; }
h2 { font-size: 1.4rem; border-bottom: 1px solid #ccc; margin-top: 40px; }
h3 { font-size: 1.1rem; margin-top: 28px; }
nav ol { padding-left: 1.3em; }
nav li { margin: 2px 0; }
a { color: #0072b2; }
code { font-size: 0.9em; background: #f2f2f2; padding: 0 3px; word-break: break-all; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 380px), 1fr)); gap: 18px; align-items: start; }
figure { margin: 10px 0; }
figure svg { display: block; max-width: 100%; height: auto; border: 1px solid #e3e3e3; }
figcaption { font-size: 0.85rem; color: #444; margin-top: 4px; }
.missing { background: #fff4e0; border-left: 4px solid #e69f00; padding: 6px 10px; }
details { margin: 10px 0; }
summary { cursor: pointer; font-weight: 600; padding: 4px 0; }
.tablewrap { overflow-x: auto; margin: 8px 0 18px; }
table { border-collapse: collapse; font-size: 0.85rem; }
th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: left; vertical-align: top; }
th { background: #f2f2f2; }
@media (min-width: 900px) { figure.large { grid-column: span 2; } figure.large svg { width: 100%; } }
@media (max-width: 600px) { body { padding: 0 8px 32px; } h1 { font-size: 1.3rem; } }
";

fn figure_html(out: &mut String, f: &Figure, links: &Links) {
    let class = if f.large { " class=\"large\"" } else { "" };
    let _ = write!(out, "<figure id=\"fig-{}\"{class}>\n{}", f.id, f.svg);
    let _ = write!(out, "<figcaption>{} · data: ", esc(&f.title));
    let srcs: Vec<String> = f
        .sources
        .iter()
        .map(|s| {
            let shown = s.to_string_lossy().replace('\\', "/");
            format!("<a href=\"{}\">{}</a>", esc(&links.to(s)), esc(&shown))
        })
        .collect();
    out.push_str(&srcs.join(", "));
    let _ = writeln!(
        out,
        " · <a href=\"figures/{}.svg\">SVG file</a></figcaption></figure>",
        f.id
    );
}

fn table_html(out: &mut String, t: &Table, links: &Links) {
    let _ = write!(
        out,
        "<div class=\"tablewrap\"><table><caption>{}</caption>\n<thead><tr>",
        esc(&t.caption)
    );
    for h in &t.header {
        let _ = write!(out, "<th>{}</th>", esc(h));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for r in &t.rows {
        out.push_str("<tr>");
        for c in r {
            let _ = write!(out, "<td>{}</td>", esc(c));
        }
        out.push_str("</tr>\n");
    }
    let src = t.source.to_string_lossy().replace('\\', "/");
    let _ = write!(
        out,
        "</tbody></table><p class=\"source\">data: <a href=\"{}\">{}</a>",
        esc(&links.to(&t.source)),
        esc(&src)
    );
    if let Some(c) = &t.command {
        let _ = write!(out, ", produced by <code>{}</code>", esc(c));
    }
    out.push_str("</p></div>\n");
}

fn items_html(out: &mut String, items: &[Item], links: &Links) {
    let mut in_grid = false;
    for it in items {
        let small = matches!(it, Item::Figure(f) if !f.wide);
        if small && !in_grid {
            out.push_str("<div class=\"grid\">\n");
            in_grid = true;
        } else if !small && in_grid {
            out.push_str("</div>\n");
            in_grid = false;
        }
        match it {
            Item::Heading { id, title } => {
                let _ = writeln!(out, "<h3 id=\"{id}\">{}</h3>", esc(title));
            }
            Item::Figure(f) => figure_html(out, f, links),
            Item::Table(t) => table_html(out, t, links),
            Item::Note(n) => {
                let _ = writeln!(out, "<p>{}</p>", esc(n));
            }
            Item::Missing(m) => {
                let _ = writeln!(out, "<p class=\"missing\">Missing — {}</p>", esc(m));
            }
            Item::Row(items) => {
                out.push_str("<div class=\"row\">\n");
                items_html(out, items, links);
                out.push_str("</div>\n");
            }
            Item::Group { title, open, items } => {
                let _ = writeln!(
                    out,
                    "<details{}><summary>{}</summary>",
                    if *open { " open=\"open\"" } else { "" },
                    esc(title)
                );
                items_html(out, items, links);
                out.push_str("</details>\n");
            }
        }
    }
    if in_grid {
        out.push_str("</div>\n");
    }
}

fn toc_html(out: &mut String, sections: &[Section], any_missing: bool) {
    out.push_str("<nav id=\"toc\"><h2>Contents</h2><ol>\n");
    for s in sections {
        let n = s.figures().len();
        let _ = write!(
            out,
            "<li><a href=\"#{}\">{}</a> ({n} figure{})",
            s.id,
            esc(&s.title),
            if n == 1 { "" } else { "s" }
        );
        let subs: Vec<(&String, &String)> = s
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Heading { id, title } => Some((id, title)),
                _ => None,
            })
            .collect();
        if !subs.is_empty() {
            out.push_str("<ol>");
            for (id, title) in subs {
                let _ = write!(out, "<li><a href=\"#{id}\">{}</a></li>", esc(title));
            }
            out.push_str("</ol>");
        }
        out.push_str("</li>\n");
    }
    if any_missing {
        out.push_str("<li><a href=\"#missing\">What is missing</a></li>\n");
    }
    out.push_str("</ol></nav>\n");
}

/// The whole page.
pub fn render(sections: &[Section], links: &Links, command: &str) -> String {
    let missing: Vec<String> = sections
        .iter()
        .flat_map(|s| {
            s.items().into_iter().filter_map(move |i| match i {
                Item::Missing(m) => Some(format!("{}: {m}", s.title)),
                _ => None,
            })
        })
        .collect();
    let figures: usize = sections.iter().map(|s| s.figures().len()).sum();
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>gsolve results</title>\n");
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");
    let _ = writeln!(out, "<header><h1>gsolve: every result on one page</h1><p>{figures} figures drawn from the files of <code>{}</code> by <code>{}</code> ({}); no solver was run. Every figure names the command that produced its data and links to the file it was drawn from; each is also a file of its own under <code>figures/</code>. Colours: the Okabe–Ito palette and, for heat maps, viridis.</p></header>", esc(&links.to(Path::new(""))), esc(command), esc(&jobs::output::toolkit_version()));
    toc_html(&mut out, sections, !missing.is_empty());
    for s in sections {
        let _ = writeln!(out, "<section id=\"{}\"><h2>{}</h2>", s.id, esc(&s.title));
        items_html(&mut out, &s.items, links);
        out.push_str("</section>\n");
    }
    if !missing.is_empty() {
        out.push_str("<section id=\"missing\"><h2>What is missing</h2><ul>\n");
        for m in &missing {
            let _ = writeln!(out, "<li>{}</li>", esc(m));
        }
        out.push_str("</ul></section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}
