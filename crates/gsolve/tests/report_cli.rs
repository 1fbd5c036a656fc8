//! `gsolve report` through the binary: one JSON object naming the files it wrote (the same
//! figures the library writes), and bad input (an output folder that cannot be made, a
//! results path that is a file) exits 2 with one JSON error object.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gsolve-report-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn gsolve(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .current_dir(repo())
        .arg("--json")
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "exactly one JSON line: {text}");
    (
        out.status.code().unwrap(),
        serde_json::from_str(&text).unwrap(),
    )
}

#[test]
fn report_json_names_the_page_and_the_figures() {
    let out = scratch("ok");
    let (code, v) = gsolve(&["report", "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{v}");
    let index = PathBuf::from(v["index"].as_str().unwrap());
    assert_eq!(index, out.join("index.html"));
    assert!(index.is_file());
    let figures = v["figures"].as_array().unwrap();
    assert!(figures.len() > 100);
    for f in figures {
        assert!(Path::new(f.as_str().unwrap()).is_file(), "{f}");
    }
    assert!(v["missing"].is_array());
}

#[test]
fn bad_report_folders_are_bad_input() {
    let dir = scratch("bad");
    let file = dir.join("plain-file");
    std::fs::write(&file, b"x").unwrap();
    let below_file = file.join("report");
    let (code, v) = gsolve(&["report", "--out", below_file.to_str().unwrap()]);
    assert_eq!(code, 2, "{v}");
    assert_eq!(v["kind"], "input");
    assert!(v["error"].as_str().unwrap().contains("--out"), "{v}");
    let out = dir.join("out");
    let (code, v) = gsolve(&[
        "report",
        "--results",
        file.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{v}");
    assert!(v["error"].as_str().unwrap().contains("--results"), "{v}");
    let nowhere = dir.join("no-such-folder");
    let (code, v) = gsolve(&[
        "report",
        "--results",
        nowhere.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{v}");
}

#[test]
fn the_main_job_ends_with_the_report_in_runs() {
    // An empty results/ beside it: the report says what is missing, and nothing is written
    // under results/.
    let dir = scratch("main-job");
    std::fs::create_dir_all(dir.join("results")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .current_dir(&dir)
        .arg("--json")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "exactly one JSON line: {text}");
    assert_eq!(out.status.code(), Some(0), "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["report"]["index"], "runs/report/index.html", "{v}");
    assert!(dir.join("runs/report/index.html").is_file());
    assert!(!v["report"]["missing"].as_array().unwrap().is_empty());
    let under_results: Vec<_> = std::fs::read_dir(dir.join("results")).unwrap().collect();
    assert!(under_results.is_empty(), "the main job wrote into results/");
}
