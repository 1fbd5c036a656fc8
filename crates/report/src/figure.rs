//! What a section holds: figures (complete SVG documents), tables, and notes on what is missing.

use std::path::PathBuf;

/// One figure: an SVG document that carries its own title, legend and producing command.
#[derive(Debug, Clone)]
pub struct Figure {
    /// File stem of `figures/ID.svg` and the page anchor (letters, digits, `-`).
    pub id: String,
    /// The title, repeated in the page's caption and table of contents.
    pub title: String,
    /// The `<svg>` element (no XML declaration).
    pub svg: String,
    /// The result files it was drawn from, relative to the results folder.
    pub sources: Vec<PathBuf>,
    /// Drawn across the page's full width rather than in the grid of small figures.
    pub wide: bool,
    /// In the grid, two columns wide when the page is wide enough (plots with small text).
    pub large: bool,
}

impl Figure {
    /// The figure as a file of its own.
    pub fn standalone_svg(&self) -> String {
        format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}", self.svg)
    }
}

/// A table copied from a result file.
#[derive(Debug, Clone)]
pub struct Table {
    /// Caption (what the table is).
    pub caption: String,
    /// Column names.
    pub header: Vec<String>,
    /// Cells, row by row (plain text; Markdown emphasis and code marks are removed).
    pub rows: Vec<Vec<String>>,
    /// The result file it was copied from, relative to the results folder.
    pub source: PathBuf,
    /// The command that produced it, if the file says.
    pub command: Option<String>,
}

/// One thing on the page.
#[derive(Debug, Clone)]
pub enum Item {
    /// A sub-heading listed in the table of contents.
    Heading {
        /// Anchor.
        id: String,
        /// Text.
        title: String,
    },
    /// A figure.
    Figure(Figure),
    /// A table.
    Table(Table),
    /// A paragraph of plain text.
    Note(String),
    /// A figure or table that could not be drawn, and why (which file is missing or empty).
    Missing(String),
    /// Items kept together on a row of their own (the figures of one run).
    Row(Vec<Item>),
    /// Items folded under a summary line (`<details>`), for long families of figures.
    Group {
        /// The summary line.
        title: String,
        /// Unfolded when the page opens.
        open: bool,
        /// What it holds.
        items: Vec<Item>,
    },
}

/// One section of the page: one game, or the benchmarks.
#[derive(Debug, Clone)]
pub struct Section {
    /// Anchor.
    pub id: String,
    /// Heading.
    pub title: String,
    /// What is in it, in order.
    pub items: Vec<Item>,
}

impl Section {
    /// A section with no items yet.
    pub fn new(id: &str, title: &str) -> Section {
        Section {
            id: id.into(),
            title: title.into(),
            items: Vec::new(),
        }
    }

    /// Every item, groups unfolded (a group's own entry first, then its items).
    pub fn items(&self) -> Vec<&Item> {
        fn walk<'a>(items: &'a [Item], out: &mut Vec<&'a Item>) {
            for it in items {
                out.push(it);
                if let Item::Group { items, .. } | Item::Row(items) = it {
                    walk(items, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.items, &mut out);
        out
    }

    /// Every figure, groups unfolded.
    pub fn figures(&self) -> Vec<&Figure> {
        self.items()
            .into_iter()
            .filter_map(|i| match i {
                Item::Figure(f) => Some(f),
                _ => None,
            })
            .collect()
    }

    /// A sub-heading listed in the table of contents.
    pub fn heading(&mut self, id: &str, title: &str) {
        self.items.push(Item::Heading {
            id: id.into(),
            title: title.into(),
        });
    }

    /// The text of `results/rel`, or `None` after noting that `what` is not drawn and why.
    pub fn read(&mut self, results: &std::path::Path, rel: &str, what: &str) -> Option<String> {
        match crate::read::read_text(results, rel) {
            Ok(t) => Some(t),
            Err(why) => {
                self.missing(what, rel, &why);
                None
            }
        }
    }

    /// Say that `what` could not be drawn because `file` (relative to the results folder) is
    /// missing or unreadable.
    pub fn missing(&mut self, what: &str, file: &str, why: &str) {
        self.items
            .push(Item::Missing(format!("{what}: not drawn, {file} {why}")));
    }
}

/// An id made of letters, digits and `-` from `text`.
pub fn slug(text: &str) -> String {
    let mut s = String::new();
    for ch in text.chars() {
        if ch.is_ascii_alphanumeric() {
            s.push(ch.to_ascii_lowercase());
        } else if !s.ends_with('-') {
            s.push('-');
        }
    }
    s.trim_matches('-').to_string()
}
