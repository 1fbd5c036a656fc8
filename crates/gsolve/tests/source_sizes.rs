//! The size rules of the README ("Files and functions a reader can hold", issue #17), checked:
//! no Rust source file of the repository over [`MAX_FILE_LINES`] lines and no function over
//! [`MAX_FN_LINES`] lines, except those listed below with their reason. An exception that is no
//! longer needed fails the test too, so the lists stay true.
//!
//! `cargo test -p gsolve --test source_sizes -- --nocapture` prints every file and function
//! over the limits, listed or not.
//!
//! A function's length runs from its `fn` line to its closing brace (rustfmt puts that brace
//! at the indentation of the `fn` line); doc comments and attributes are not counted.

use std::path::{Path, PathBuf};

/// Longest source file, in lines.
const MAX_FILE_LINES: usize = 700;
/// Longest function, in lines.
const MAX_FN_LINES: usize = 120;

/// Source files allowed to be longer: (path from the repository root, reason).
const LONG_FILES: &[(&str, &str)] = &[];

/// Functions allowed to be longer: (path from the repository root, function name, reason).
const LONG_FUNCTIONS: &[(&str, &str, &str)] = &[
    (
        "solvers/matrix-game/src/generate.rs",
        "generate",
        "one strategy-generation loop whose step order fixes the pivots (its doc comment)",
    ),
    (
        "crates/dola/reference/src/lib.rs",
        "legal",
        "a reference implementation kept literal to the rules page (its doc comment)",
    ),
];

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `dir`, skipping build output (`target/`) and hidden folders.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        let name = e.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// The name of the function declared on `line`, if it declares one (`pub(crate) const fn x`,
/// `unsafe fn x<T>(…` …), with its indentation.
fn declared_fn(line: &str) -> Option<(&str, &str)> {
    let body = line.trim_start();
    let indent = &line[..line.len() - body.len()];
    let mut rest = body;
    loop {
        let before = rest;
        for prefix in ["pub ", "const ", "async ", "unsafe ", "extern \"C\" "] {
            rest = rest.strip_prefix(prefix).unwrap_or(rest);
        }
        if rest.starts_with("pub(") {
            rest = rest.split_once(") ").map_or(rest, |(_, r)| r);
        }
        if rest == before {
            break;
        }
    }
    let rest = rest.strip_prefix("fn ")?;
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| (indent, &rest[..end]))
}

/// (name, first line (1-based), length in lines) of every function with a body in `text`.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some((indent, name)) = declared_fn(line) else {
            continue;
        };
        // The signature ends at the first line ending in `{` (a body), `;` (none) or `}` (a
        // one-line function).
        let Some(open) = (i..lines.len()).find(|&j| {
            let t = lines[j].trim_end();
            t.ends_with('{') || t.ends_with(';') || t.ends_with('}')
        }) else {
            continue;
        };
        if !lines[open].trim_end().ends_with('{') {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = (open + 1..lines.len()).find(|&j| lines[j] == close) {
            found.push((name.to_string(), i + 1, end - i + 1));
        }
    }
    found
}

#[test]
fn the_function_finder_measures_from_fn_to_closing_brace() {
    let text = "impl X {\n    pub(crate) fn a(\n        x: u8,\n    ) -> u8 {\n        x\n    }\n    fn b();\n}\nconst fn c() -> u8 { 1 }\nfn d() {\n    if true {\n    }\n}\n";
    let f = functions(text);
    assert_eq!(
        f,
        vec![("a".to_string(), 2, 5), ("d".to_string(), 10, 4)],
        "{f:?}"
    );
}

#[test]
fn no_file_or_function_is_longer_than_the_readme_allows() {
    let root = repo_root();
    let mut files = Vec::new();
    for top in ["crates", "solvers", "experiments"] {
        rust_files(&root.join(top), &mut files);
    }
    files.sort();
    assert!(files.len() > 50, "only {} source files found", files.len());
    let mut faults = Vec::new();
    let mut long_files_seen = Vec::new();
    let mut long_fns_seen = Vec::new();
    for path in &files {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(path).unwrap();
        let n = text.lines().count();
        if n > MAX_FILE_LINES {
            let listed = LONG_FILES.iter().find(|(p, _)| *p == rel);
            println!(
                "file {rel}: {n} lines{}",
                listed.map_or("", |_| " (listed)")
            );
            match listed {
                Some(_) => long_files_seen.push(rel.clone()),
                None => faults.push(format!("{rel}: {n} lines (over {MAX_FILE_LINES})")),
            }
        }
        for (name, line, len) in functions(&text) {
            if len <= MAX_FN_LINES {
                continue;
            }
            let listed = LONG_FUNCTIONS
                .iter()
                .find(|(p, f, _)| *p == rel && *f == name);
            println!(
                "function {rel}:{line} {name}: {len} lines{}",
                listed.map_or(String::new(), |(_, _, why)| format!(" (listed: {why})"))
            );
            match listed {
                Some(_) => long_fns_seen.push((rel.clone(), name)),
                None => faults.push(format!(
                    "{rel}:{line} fn {name}: {len} lines (over {MAX_FN_LINES})"
                )),
            }
        }
    }
    for (p, _) in LONG_FILES {
        if !long_files_seen.iter().any(|s| s == p) {
            faults.push(format!(
                "{p} is listed in LONG_FILES but no longer too long"
            ));
        }
    }
    for (p, f, _) in LONG_FUNCTIONS {
        if !long_fns_seen.iter().any(|(sp, sf)| sp == p && sf == f) {
            faults.push(format!(
                "{p} fn {f} is listed in LONG_FUNCTIONS but no longer too long"
            ));
        }
    }
    assert!(
        faults.is_empty(),
        "split these or list them with a reason in crates/gsolve/tests/source_sizes.rs:\n{}",
        faults.join("\n")
    );
}
