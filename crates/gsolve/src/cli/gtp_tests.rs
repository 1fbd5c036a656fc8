//! Tests of the GTP engine (`gtp.rs`).
use super::*;

fn engine(benzene: bool) -> GtpEngine {
    engine_with(benzene, Some(16), "alphabeta")
}

/// An engine on a 3×3 board with one thread.
fn engine_with(benzene: bool, tt_mb: Option<usize>, algo: &str) -> GtpEngine {
    let opts = SolverOpts {
        threads: 1,
        tt_mb,
        algo: algo.into(),
    };
    GtpEngine::new(benzene, 3, &opts).unwrap()
}

/// Without `--tt-mb` the table follows the board (`boardsize` resizes it); once set, it
/// stays.
#[test]
fn table_size_follows_the_board_unless_set() {
    let mut e = engine_with(false, None, "dfpn");
    let tt = |e: &mut GtpEngine| {
        let list = e.execute("param_dfpn").unwrap().unwrap();
        list.lines()
            .find_map(|l| l.strip_prefix("[string] tt_mb "))
            .unwrap()
            .to_string()
    };
    assert_eq!(tt(&mut e), "64");
    e.execute("boardsize 6").unwrap();
    assert_eq!(tt(&mut e), "256");
    e.execute("boardsize 7").unwrap();
    assert_eq!(tt(&mut e), "1024");
    e.execute("param_dfpn tt_mb 32").unwrap();
    e.execute("boardsize 4").unwrap();
    assert_eq!(tt(&mut e), "32");
    assert_eq!(
        e.execute("dfpn-solve-state black").unwrap().unwrap(),
        "black"
    );
}

#[test]
fn answers_and_errors() {
    let mut e = engine(false);
    assert_eq!(e.execute("name").unwrap().unwrap(), "gsolve");
    assert_eq!(e.execute("boardsize 2").unwrap().unwrap(), "");
    assert_eq!(
        e.execute("dfpn-solver-find-winning black")
            .unwrap()
            .unwrap(),
        "a1 b2"
    );
    assert_eq!(
        e.execute("dfpn-solve-state black").unwrap().unwrap(),
        "black"
    );
    assert!(e.execute("play black z9").is_err());
    assert!(e.execute("play purple a1").is_err());
    assert!(e.execute("frobnicate").is_err());
    assert!(e.execute("param_dfpn threads 2").unwrap().is_some());
    assert!(e
        .execute("param_dfpn")
        .unwrap()
        .unwrap()
        .contains("threads 2"));
    assert!(e.execute("param_dfpn widening_base 3").is_err());
    assert!(e.execute("param_dfpn timelimit -1").is_err());
    assert!(e.execute("time_settings 10 0 0").is_ok());
    assert!(e.execute("time_left black x 0").is_err());
    assert!(e.execute("boardsize 9").is_err());
    e.execute("play black a1").unwrap();
    assert!(e.execute("play white a1").is_err(), "occupied");
    assert_eq!(e.execute("quit").unwrap(), None);
}

#[test]
fn genmove_plays_a_winning_move() {
    let mut e = engine(false);
    e.execute("boardsize 4").unwrap();
    e.execute("play black c2").unwrap();
    let mut won = 0;
    for colour in ["white", "black"].iter().cycle().take(8) {
        let listed = e.execute(&format!("dfpn-solver-find-winning {colour}"));
        let Ok(played) = e.execute(&format!("genmove {colour}")) else {
            break; // the game is over
        };
        let (listed, played) = (listed.unwrap().unwrap(), played.unwrap());
        won += !listed.is_empty() as usize;
        let ok = listed.is_empty() || listed.split(' ').any(|w| w == played);
        assert!(ok, "genmove {colour} {played}: not in {listed:?}");
    }
    assert!(won > 2, "only {won} won positions");
}

#[test]
fn timed_commands_stop_and_say_so() {
    // A 6x6 opening cannot be solved in 0.2 s: dfpn-solve-state says unknown, genmove
    // still moves (legally) within its budget.
    let mut e = engine(false);
    e.execute("boardsize 6").unwrap();
    e.execute("param_dfpn timelimit 0.2").unwrap();
    e.execute("play black a1").unwrap();
    assert_eq!(
        e.execute("dfpn-solve-state white").unwrap().unwrap(),
        "unknown"
    );
    e.execute("time_settings 1 0 0").unwrap();
    let t = std::time::Instant::now();
    let mv = e.execute("genmove white").unwrap().unwrap();
    assert!(t.elapsed().as_secs_f64() < 1.0, "genmove overran its clock");
    assert!(e.pos.parse_cell(&mv).is_ok() && mv != "a1");
}

#[test]
fn benzene_convention_transposes_and_swaps_colours() {
    // Benzene: white moves first and joins west-east; on 2x2 its winning openings are the
    // transposes of ours (a1, b2 are fixed by the transposition).
    let mut e = engine(true);
    e.execute("boardsize 2").unwrap();
    assert_eq!(
        e.execute("dfpn-solver-find-winning white")
            .unwrap()
            .unwrap(),
        "a1 b2"
    );
    // In Benzene's colours a white chain a1-b1... joins west-east: after white a1 b1 it has lost.
    e.execute("play white a1").unwrap();
    e.execute("play black a2").unwrap();
    e.execute("play white b1").unwrap();
    assert_eq!(
        e.execute("dfpn-solve-state black").unwrap().unwrap(),
        "black"
    );
}

/// The GTP fuzz target: one line (lossily decoded) to a persistent engine, then `name`,
/// which must still be answered. Commands that search are skipped (a fuzzed board of 64
/// cells would search for hours), as are solver resizes (`param_dfpn threads` / `tt_mb`
/// allocate; their parsing is in the bad-input corpus).
fn gtp_line(data: &[u8]) {
    thread_local! {
        static ENGINE: std::cell::RefCell<GtpEngine> = std::cell::RefCell::new(engine(false));
    }
    let line = String::from_utf8_lossy(data);
    let first = line.split_whitespace().next().unwrap_or("");
    if matches!(
        first,
        "genmove" | "dfpn-solve-state" | "dfpn-solver-find-winning"
    ) || (first == "param_dfpn" && (line.contains("threads") || line.contains("tt_mb")))
    {
        return;
    }
    ENGINE.with(|e| {
        let mut e = e.borrow_mut();
        if e.execute(&line) == Ok(None) {
            *e = engine(false);
        }
        assert_eq!(
            e.execute("name"),
            Ok(Some("gsolve".into())),
            "after {line:?}"
        );
    });
}

fn gtp_target() -> fuzz_targets::Target {
    fuzz_targets::Target {
        name: "gtp-line",
        seeds: || {
            [
                "boardsize 3",
                "play black a1",
                "play white b2",
                "undo",
                "showboard",
                "known_command play",
                "time_settings 10 0 0",
                "time_left black 5 0",
                "param_dfpn timelimit 0.5",
                "param_dfpn",
                "clear_board",
                "boardsize 4 3",
                "list_commands",
                "protocol_version",
                "version",
            ]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect()
        },
        dictionary: &[
            " ", "black", "white", "b", "w", "a1", "h8", "z9", "0", "-1", "nan", "1e309", "9",
            "64", "\t", "\u{ff}", "swap", "resign", "pass",
        ],
        run: gtp_line,
    }
}

#[test]
fn gtp_lines_fuzz_on_a_seeded_corpus() {
    let stats = fuzz_targets::run_target(&gtp_target(), 3000, 0x617, false);
    assert_eq!(stats.executions, 3015);
}

/// `scripts/fuzz.sh` runs this with `GSOLVE_FUZZ_EXECS` (default 10 million).
#[test]
#[ignore]
fn gtp_lines_fuzz_long() {
    let n = std::env::var("GSOLVE_FUZZ_EXECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000);
    let seed = std::env::var("GSOLVE_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    std::panic::set_hook(Box::new(|_| {}));
    let t = std::time::Instant::now();
    let stats = fuzz_targets::run_target(&gtp_target(), n, seed, true);
    let _ = std::panic::take_hook();
    println!(
        "gtp-line {} {:.1} {}",
        stats.executions,
        t.elapsed().as_secs_f64(),
        stats.crashes
    );
    for input in &stats.crashing_inputs {
        println!("crash: {:?}", String::from_utf8_lossy(input));
    }
    assert_eq!(stats.crashes, 0);
}
