//! Scripted sessions against the real binary: a person's game against the engine in the
//! terminal (`dola play --human`, `hexecs play --human`) and a UCI session (`dola uci`).

mod common;

use std::time::Duration;

/// Run `gsolve args` with `input` on stdin (hang guard: 120 s): exit code, stdout, stderr.
fn session(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let r = common::gsolve_in(args, input.as_bytes(), None, Duration::from_secs(120));
    assert!(!r.hung, "{args:?} hung");
    (Some(r.code), r.stdout, r.stderr)
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gsolve-play-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_dola_game_against_the_engine_saves_a_record_replay_reads() {
    let file = temp("game.txt");
    let script = format!(
        "help\nPf2-f5\nhint\nCTh1-h3\nundo\nf2f5\nCTh1-g3\nsave {}\nquit\n",
        file.display()
    );
    let args = [
        "dola", "play", "--human", "white", "--depth", "1", "--board", "plain",
    ];
    let (code, out, err) = session(&args, &script);
    assert_eq!(code, Some(0), "{err}");
    for expected in [
        "You play White",
        "commands:",
        "you: Pf2-f5 (f2f5)",
        "engine: ",
        "hint: ",
        "\"CTh1-h3\" is not legal: the CT on h1 cannot go to h3",
        "near it: h1g3",
        "taken back",
        "you: CTh1-g3 (h1g3)",
        "saved ",
        "frontier",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
    }
    assert!(!out.contains('\u{1b}'), "plain board: no colour codes");
    // The saved record replays move for move: f2f5, the reply, h1g3, the reply.
    let file_arg = file.display().to_string();
    let replay = common::gsolve(&["--json", "dola", "replay", "--variant", "sultan", &file_arg]);
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    let v: serde_json::Value = serde_json::from_str(&replay.stdout).unwrap();
    assert_eq!(
        (v["moves"].as_u64(), v["legal"].as_u64()),
        (Some(4), Some(4)),
        "{v}"
    );
    assert_eq!(v["steps"][0]["played"], "f2f5");
    assert_eq!(v["steps"][2]["played"], "h1g3");
}

#[test]
fn colour_boards_and_bad_options() {
    let (code, out, _) = session(
        &[
            "dola", "play", "--human", "black", "--depth", "1", "--board", "colour",
        ],
        "quit\n",
    );
    assert_eq!(code, Some(0));
    assert!(out.contains("engine: ") && out.contains("\u{1b}["), "{out}");
    let (code, out, err) = session(&["--json", "dola", "play", "--human", "white"], "");
    assert_eq!(code, Some(2), "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(v["error"].as_str().unwrap().contains("interactive"), "{v}");
    let (code, _, err) = session(&["dola", "play", "--human", "green"], "");
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn a_hexecs_game_against_the_engine() {
    let file = temp("hexecs.txt");
    let (code, out, err) = session(
        &[
            "hexecs", "play", "--human", "black", "--depth", "1", "--seed", "3",
        ],
        &format!("roll\nhint\nsave {}\nquit\n", file.display()),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("You play Black") && out.contains("engine: "),
        "{out}"
    );
    assert!(
        out.contains("no free princess"),
        "roll is refused without a princess: {out}"
    );
    assert!(out.contains("hint: "), "{out}");
    let saved = std::fs::read_to_string(&file).unwrap();
    let line = saved.lines().last().unwrap();
    // The saved line is what `hexecs perft --moves` reads.
    let check = common::gsolve(&["hexecs", "perft", "--depth", "1", "--moves", line]);
    assert_eq!(check.code, 0, "{line}: {}", check.stderr);
}

#[test]
fn a_uci_session() {
    let script = "uci\nisready\nsetoption name UCI_Variant value dola-qinwan\nucinewgame\n\
                  position startpos moves f2f5 f9f6\ngo depth 2\nposition fen nonsense\n\
                  go wtime 2000 btime 2000 winc 0 binc 0\nbogus\nquit\n";
    let (code, out, err) = session(&["dola", "uci"], script);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"uciok") && lines.contains(&"readyok"),
        "{out}"
    );
    assert!(
        out.contains("option name UCI_Variant type combo default dola-sultan"),
        "{out}"
    );
    assert!(out.contains("info depth 2 "), "{out}");
    assert!(out.contains("info string error: fen:"), "{out}");
    assert!(
        out.contains("info string error: unknown command \"bogus\""),
        "{out}"
    );
    let best: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), 2, "{out}");
    // Both answers are legal in the position they were asked in (Qinwan, after f2f5 f9f6).
    let mut pos = dola::Position::start(dola::Variant::Qinwan);
    pos.play_text("f2f5").unwrap();
    pos.play_text("f9f6").unwrap();
    for b in best {
        assert!(pos.parse_move(b).is_ok(), "bestmove {b} is not legal");
    }
    let (code, _, _) = session(&["--json", "dola", "uci"], "quit\n");
    assert_eq!(code, Some(2));
}
