//! Reading result files: Markdown tables, CSV with `#` comment headers, the producing command,
//! numbers written as fractions or with separators.

use std::path::Path;

/// The text of `results/rel`, or why not ("is missing", "cannot be read: …").
pub fn read_text(results: &Path, rel: &str) -> Result<String, String> {
    let path = results.join(rel);
    match std::fs::read_to_string(&path) {
        Ok(t) => Ok(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err("is missing".into()),
        Err(e) => Err(format!("cannot be read ({e})")),
    }
}

/// A Markdown table and the last `#`-heading above it.
#[derive(Debug, Clone, Default)]
pub struct MdTable {
    /// The heading text (without `#`), empty when none.
    pub heading: String,
    /// Column names.
    pub header: Vec<String>,
    /// Cells row by row (trimmed, emphasis kept: see [`clean_cell`]).
    pub rows: Vec<Vec<String>>,
}

impl MdTable {
    /// The index of the first column whose name contains `name`.
    pub fn col(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h.contains(name))
    }
}

fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|c| c.trim().to_string()).collect()
}

/// Every Markdown table of `text`, with the heading it stands under.
pub fn md_tables(text: &str) -> Vec<MdTable> {
    let mut out = Vec::new();
    let mut heading = String::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim();
        if l.starts_with('#') {
            heading = l.trim_start_matches('#').trim().to_string();
        }
        let is_rule = |s: &str| {
            let s = s.trim();
            s.starts_with('|') && s.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
        };
        if l.starts_with('|') && i + 1 < lines.len() && is_rule(lines[i + 1]) {
            let mut t = MdTable {
                heading: heading.clone(),
                header: cells(l),
                rows: Vec::new(),
            };
            i += 2;
            while i < lines.len() && lines[i].trim().starts_with('|') {
                t.rows.push(cells(lines[i]));
                i += 1;
            }
            out.push(t);
            continue;
        }
        i += 1;
    }
    out
}

/// A CSV file: comment lines (`#`) skipped, the first other line the header.
pub fn csv(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let header = lines
        .next()
        .map(|h| h.split(',').map(|s| s.trim().to_string()).collect())
        .unwrap_or_default();
    let rows = lines
        .map(|l| l.split(',').map(|s| s.trim().to_string()).collect())
        .collect();
    (header, rows)
}

/// The command that produced a result file, as its header says (`# command: …`,
/// `# produced by: …`, `- command: \`…\``, "Produced by `…`", "Written by `…`").
pub fn command_of(text: &str) -> Option<String> {
    for line in text.lines().take(40) {
        let lower = line.to_ascii_lowercase();
        if let Some(at) = lower.find("command:") {
            let rest = line[at + "command:".len()..].trim();
            let rest = rest.trim_end_matches("-->").trim();
            let cmd = match (rest.find('`'), rest.rfind('`')) {
                (Some(a), Some(b)) if b > a => &rest[a + 1..b],
                _ => rest,
            };
            if !cmd.is_empty() {
                return Some(cmd.trim().to_string());
            }
        }
        for key in ["produced by", "written by"] {
            if let Some(at) = lower.find(key) {
                let rest = &line[at + key.len()..];
                if let Some(a) = rest.find('`') {
                    if let Some(b) = rest[a + 1..].find('`') {
                        return Some(rest[a + 1..a + 1 + b].trim().to_string());
                    }
                }
                let rest = rest.trim_start_matches(':').trim();
                if !rest.is_empty() {
                    return Some(rest.trim_end_matches('.').to_string());
                }
            }
        }
    }
    None
}

/// A table cell as plain text: Markdown bold and code marks removed.
pub fn clean_cell(s: &str) -> String {
    s.replace("**", "").replace('`', "").trim().to_string()
}

/// The number a cell starts with: `14279/67484`, `≈0.909`, `1,599`, `0.211 ✓ inside`,
/// `8.4e-12`, `61%`. `None` for `—` and text.
pub fn number(cell: &str) -> Option<f64> {
    let s = clean_cell(cell);
    let s = s.trim_start_matches('≈').trim();
    let token: String = s
        .split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .filter(|&c| c != ',' && c != '%')
        .collect();
    if let Some((a, b)) = token.split_once('/') {
        let (a, b) = (a.parse::<f64>().ok()?, b.parse::<f64>().ok()?);
        return (b != 0.0).then_some(a / b);
    }
    token.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// Text escaped for XML content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// `text` broken into lines of at most about `width` characters, at blanks.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_cells() {
        assert_eq!(number("14279/67484"), Some(14279.0 / 67484.0));
        assert_eq!(number("≈0.909"), Some(0.909));
        assert_eq!(number("1,599"), Some(1599.0));
        assert_eq!(number("1 ✓ inside"), Some(1.0));
        assert_eq!(number("**0.5**"), Some(0.5));
        assert_eq!(number("—"), None);
    }

    #[test]
    fn commands_from_headers() {
        assert_eq!(
            command_of("# x\n# command: gsolve a b\n").as_deref(),
            Some("gsolve a b")
        );
        assert_eq!(
            command_of("- command: `gsolve x --y`\n").as_deref(),
            Some("gsolve x --y")
        );
        assert_eq!(
            command_of("Produced by `gsolve rex table` (gsolve 0.1.0).").as_deref(),
            Some("gsolve rex table")
        );
        assert_eq!(
            command_of("# produced by: gsolve rex table --max-cells 29").as_deref(),
            Some("gsolve rex table --max-cells 29")
        );
    }

    #[test]
    fn tables_under_headings() {
        let t = md_tables("## A\n\n| x | y |\n|---|---:|\n| 1 | 2 |\n\ntext\n");
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].heading, "A");
        assert_eq!(t[0].rows, vec![vec!["1".to_string(), "2".to_string()]]);
    }
}
