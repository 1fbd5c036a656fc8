//! The start data in `seeds/` equals what the rules engines produce.

use std::process::Command;

fn gsolve(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "gsolve {args:?} failed");
    serde_json::from_slice(&out.stdout).unwrap()
}

fn seeds(name: &str) -> Vec<(String, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../seeds/").to_string() + name;
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (k, v) = l.split_once('\t').expect("name<TAB>position");
            (k.to_string(), v.to_string())
        })
        .collect()
}

#[test]
fn dola_start_positions_match_the_engine() {
    let rows = seeds("dola-start.tsv");
    assert_eq!(rows.len(), 3);
    for (variant, fen) in rows {
        let v = gsolve(&["dola", "show", "--variant", &variant, "--json"]);
        assert_eq!(v["fen"].as_str().unwrap(), fen, "{variant}");
    }
}

#[test]
fn hexecs_start_positions_match_the_engine() {
    let rows = seeds("hexecs-start.tsv");
    assert_eq!(rows.len(), 2);
    for (name, pos) in rows {
        let mut args = vec!["hexecs", "show", "--json"];
        if name == "sixteen-droids" {
            args.push("--sixteen-droids");
        }
        let v = gsolve(&args);
        let diagram = v["diagram"].as_str().unwrap();
        assert!(diagram.contains(&format!("position: {pos}\n")), "{name}");
    }
}
