//! `gsolve darkhex play`: a scripted person against a saved mixture. On 3×2 classical White
//! wins every game (value 0), so Black probing in any order loses every game against White's
//! mixture; the answers never say where the engine probed.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const WHITE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../results/darkhex/double-oracle-boards/classical-3x2/white-upper.mix"
);

#[test]
fn black_loses_every_game_against_whites_mixture_on_3x2_classical() {
    // Ten games, each probing every cell in one of two orders (errors for cells already known).
    let mut script = String::from("board\nfrob nicate\nfrobnicate\nz9\n");
    for game in 0..10 {
        let order = if game % 2 == 0 {
            ["a1", "b1", "a2", "b2", "a3", "b3"]
        } else {
            ["b3", "a3", "b2", "a2", "b1", "a1"]
        };
        for _ in 0..2 {
            for c in order {
                script.push_str(&format!("probe {c}\n"));
            }
        }
        script.push_str("new\n");
    }
    script.push_str("quit\n");
    let (code, out, err) = play(&["darkhex", "play", WHITE, "--seed", "4"], &script);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("= classical 3x2: you are Black"), "{out}");
    assert_eq!(out.matches("White (left-right) wins").count(), 10, "{out}");
    assert!(!out.contains("(you)"), "{out}");
    assert!(out.contains("? unknown command \"frob nicate\""), "{out}");
    assert!(out.contains("? frobnicate: bad cell"), "{out}");
    assert!(out.contains("? z9"), "{out}");
    assert!(out.contains("game is over"), "{out}");
    // --json: one object a line.
    let (code, out, err) = play(&["--json", "darkhex", "play", WHITE], "a1\nquit\n");
    assert_eq!(code, 0, "{err}");
    for line in out.lines() {
        let j: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(j["ok"], true, "{j}");
    }
    assert_eq!(out.lines().count(), 2, "{out}");
}
