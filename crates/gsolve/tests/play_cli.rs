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

/// A UCI engine driven line by line, as a GUI does: lines are sent while the engine searches.
struct Engine {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        use std::io::BufRead;
        use std::process::{Command, Stdio};
        let mut child = Command::new(env!("CARGO_BIN_EXE_gsolve"))
            .args(["dola", "uci"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Read lines until one starts with `prefix` (within `within`): that line.
    fn wait_for(&mut self, prefix: &str, within: Duration) -> String {
        let deadline = std::time::Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.starts_with(prefix) {
                        return line;
                    }
                }
                Err(_) => panic!("no {prefix:?} within {within:?}; seen {:?}", self.seen),
            }
        }
    }

    /// Lines that arrive within `within`.
    fn drain(&mut self, within: Duration) -> Vec<String> {
        let mut v = Vec::new();
        while let Ok(line) = self.lines.recv_timeout(within) {
            self.seen.push(line.clone());
            v.push(line);
        }
        v
    }

    fn bestmoves(&self) -> usize {
        self.seen
            .iter()
            .filter(|l| l.starts_with("bestmove "))
            .count()
    }
}

/// The search runs on its own thread: `isready` is answered during it, `stop` ends it (an
/// infinite search would not end otherwise), `go` during a search is refused, `quit` ends a
/// search and the engine; every `go` gets exactly one `bestmove`, a legal move.
#[test]
fn uci_stop_isready_and_quit_during_a_search() {
    let start = Dola::start();
    let mut e = Engine::start();
    e.send("uci");
    e.wait_for("uciok", Duration::from_secs(10));
    e.send("position startpos");
    e.send("go infinite");
    // Several iterations, then a question while it searches.
    e.wait_for("info depth 3 ", Duration::from_secs(60));
    e.send("isready");
    e.wait_for("readyok", Duration::from_secs(5));
    e.send("go depth 2");
    e.wait_for(
        "info string error: go: an infinite search is running",
        Duration::from_secs(5),
    );
    assert_eq!(
        e.bestmoves(),
        0,
        "an infinite search answers only after stop"
    );
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        e.bestmoves(),
        0,
        "an infinite search answers only after stop"
    );
    let asked = std::time::Instant::now();
    e.send("stop");
    let best = e.wait_for("bestmove ", Duration::from_secs(5));
    let stop_secs = asked.elapsed().as_secs_f64();
    assert!(start.legal(&best), "{best}");
    // `go movetime`: at most about the time asked, then one answer.
    let asked = std::time::Instant::now();
    e.send("go movetime 400");
    let best = e.wait_for("bestmove ", Duration::from_secs(10));
    let movetime_secs = asked.elapsed().as_secs_f64();
    assert!(start.legal(&best), "{best}");
    assert!(
        movetime_secs < 2.0,
        "go movetime 400 took {movetime_secs} s"
    );
    // A clock: 3 s left, 30 moves to go → about 0.1 s.
    e.send("go wtime 3000 btime 3000 winc 0 binc 0");
    let best = e.wait_for("bestmove ", Duration::from_secs(10));
    assert!(start.legal(&best), "{best}");
    // `quit` during a deep search: one more answer, and the engine exits at once.
    e.send("go depth 60");
    e.wait_for("info depth 2 ", Duration::from_secs(30));
    let asked = std::time::Instant::now();
    e.send("quit");
    let rest = e.drain(Duration::from_secs(5));
    let status = e.child.wait().unwrap();
    let quit_secs = asked.elapsed().as_secs_f64();
    assert!(status.success(), "{status:?}");
    assert_eq!(
        rest.iter().filter(|l| l.starts_with("bestmove ")).count(),
        1,
        "{rest:?}"
    );
    assert_eq!(e.bestmoves(), 4, "{:?}", e.seen);
    assert!(
        stop_secs < 2.0 && quit_secs < 7.0,
        "stop {stop_secs} s, quit {quit_secs} s"
    );
    eprintln!(
        "uci: stop answered in {stop_secs:.3} s, go movetime 400 in {movetime_secs:.3} s, quit in {quit_secs:.3} s"
    );
}

/// The end of the input during a search: a limited search is let finish (its `bestmove`
/// printed), an infinite one is stopped.
#[test]
fn uci_end_of_input_during_a_search() {
    let (code, out, err) = session(&["dola", "uci"], "position startpos\ngo depth 3\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("info depth 3 "), "{out}");
    assert_eq!(out.matches("bestmove ").count(), 1, "{out}");
    let (code, out, err) = session(&["dola", "uci"], "go infinite\n");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.matches("bestmove ").count(), 1, "{out}");
}

/// A line that is not UTF-8 is answered as an error and the session goes on.
#[test]
fn uci_bytes_that_are_not_utf8_do_not_end_the_session() {
    let mut input = b"uci\n".to_vec();
    input.extend([0xff, 0xfe, b'g', b'o', b'\n']);
    input.extend(b"isready\nquit\n");
    let r = common::gsolve_in(&["dola", "uci"], &input, None, Duration::from_secs(60));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("info string error: command is not UTF-8 text"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.lines().any(|l| l == "readyok"), "{}", r.stdout);
}

/// The start position's legal moves, for checking answers.
struct Dola(dola::Position);

impl Dola {
    fn start() -> Dola {
        Dola(dola::Position::start(dola::Variant::Sultan))
    }
    fn legal(&self, bestmove: &str) -> bool {
        let m = bestmove.trim_start_matches("bestmove ").trim();
        self.0.parse_move(m).is_ok()
    }
}

/// A line that is not UTF-8 in a game against the engine is reported and the game goes on
/// (it used to end the session with an I/O error, exit 1): Dola and Dark Hex.
#[test]
fn a_line_that_is_not_utf8_does_not_end_a_game() {
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(b"hint\nquit\n");
    let args = ["dola", "play", "--human", "white", "--depth", "1"];
    let r = common::gsolve_in(&args, &input, None, Duration::from_secs(120));
    assert!(!r.hung);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("not UTF-8"), "{}", r.stdout);
    assert!(
        r.stdout.contains("hint: "),
        "the game went on: {}",
        r.stdout
    );
    let mix = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../results/darkhex/double-oracle-boards/classical-3x2/white-upper.mix"
    );
    let mut input = b"\xff\n".to_vec();
    input.extend(b"help\nquit\n");
    let r = common::gsolve_in(
        &["darkhex", "play", mix],
        &input,
        None,
        Duration::from_secs(120),
    );
    assert!(!r.hung);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("? that line is not UTF-8"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("= commands:"),
        "the game went on: {}",
        r.stdout
    );
}

/// UCI options outside the announced ranges are refused at `setoption` (the old value stays,
/// so the next search runs), and a depth too large for the engine is named as written.
#[test]
fn uci_out_of_range_options_keep_the_old_values() {
    let script = "setoption name Threads value 99999999999\nsetoption name Hash value 0\n\
                  go depth 99999999999\nposition startpos\ngo depth 1\nquit\n";
    let (code, out, err) = session(&["dola", "uci"], script);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("info string error: Threads \"99999999999\": expected a count from 1 to 256"),
        "{out}"
    );
    assert!(out.contains("info string error: Hash \"0\""), "{out}");
    assert!(
        out.contains("info string error: go depth 99999999999:"),
        "{out}"
    );
    assert_eq!(
        out.lines().filter(|l| l.starts_with("bestmove ")).count(),
        1,
        "{out}"
    );
}
