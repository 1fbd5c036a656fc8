//! The coins section: the table of largest solvable N and solution counts.

use crate::figure::{Item, Section, Table};
use crate::read::{clean_cell, command_of, md_tables, read_text};
use std::path::{Path, PathBuf};

/// The coins section.
pub fn section(results: &Path) -> Section {
    let mut s = Section::new("coins", "The coin-weighing puzzle");
    let rel = "coins/table.md";
    match read_text(results, rel) {
        Err(why) => s.missing("Coin-weighing solution counts", rel, &why),
        Ok(text) => {
            let tables = md_tables(&text);
            if tables.is_empty() {
                s.missing("Coin-weighing solution counts", rel, "has no table");
            }
            s.items.push(Item::Note("One counterfeit among N coins, heavier or lighter, to be found with its direction in at most K weighings; \"ref\" = one extra genuine coin. Classes count strategies up to relabelling and pan swaps.".into()));
            for t in tables {
                s.items.push(Item::Table(Table {
                    caption: "Largest solvable N and the number of solution classes, by exhaustive search".into(),
                    header: t.header.iter().map(|h| clean_cell(h)).collect(),
                    rows: t.rows.iter().map(|r| r.iter().map(|c| clean_cell(c)).collect()).collect(),
                    source: PathBuf::from(rel),
                    command: command_of(&text),
                }));
            }
        }
    }
    s
}
