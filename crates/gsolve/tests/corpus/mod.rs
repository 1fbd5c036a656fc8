//! The cases of the bad-input corpus (`tests/bad_input_corpus.rs`): command lines here, the
//! malformed files they read in `files`.

pub mod files;

use std::path::Path;

/// One malformed command line: its arguments and a piece of text the error must contain.
pub struct Case {
    /// The arguments.
    pub args: Vec<String>,
    /// Text the error message must contain.
    pub needle: String,
}

pub fn case<S: AsRef<str>>(args: &[S], needle: &str) -> Case {
    Case {
        args: args.iter().map(|s| s.as_ref().to_string()).collect(),
        needle: needle.to_string(),
    }
}

/// Sizes that are no Rex board, with the text the error names.
const BAD_SIZES: &[(&str, &str)] = &[
    ("", "size"),
    ("x", "\"x\""),
    ("5x", "5x"),
    ("x5", "x5"),
    ("0x0", "0x0"),
    ("0x5", "0x5"),
    ("5x0", "5x0"),
    ("12x11", "12x11"),
    ("11x12", "11x12"),
    ("1x122", "1x122"),
    ("1x27", "1x27"),
    ("5x5x5", "5x5x5"),
    ("axb", "axb"),
    ("5*5", "5*5"),
    ("5 by 5", "5 by 5"),
    ("99999999999999999999x1", "99999999999999999999x1"),
    ("1152921504606846976x16", "1152921504606846976x16"),
    ("4294967296x4294967296", "4294967296x4294967296"),
    ("5x-5", "5x-5"),
    ("٥x٥", "٥x٥"),
    ("５x５", "５x５"),
    ("0", "0x0"),
    ("5.5x5", "5.5x5"),
];

pub fn size_cases(dir: &Path) -> Vec<Case> {
    let suite = "../../../shared/data/solrex/random5x5.dat";
    let out = dir.join("results/map");
    let mut v = Vec::new();
    for &(size, needle) in BAD_SIZES {
        v.push(case(&["rex", "solve", "--size", size], needle));
        v.push(case(
            &["rex", "map", "--size", size, "--out", out.to_str().unwrap()],
            needle,
        ));
        v.push(case(&["rex", "suite", suite, "--size", size], needle));
    }
    v
}

pub fn move_cases() -> Vec<Case> {
    let mut v = Vec::new();
    for (moves, needle) in [
        ("z9", "z9"),
        ("a0", "a0"),
        ("a4", "a4"),
        ("d1", "d1"),
        ("a1,a1", "a1"),
        ("a1;b2", "a1;b2"),
        ("a1,,b2", "a1,,b2"),
        (",a1", ",a1"),
        ("a1,", "a1,"),
        ("1a", "1a"),
        ("aa1", "aa1"),
        ("a-1", "a-1"),
        ("é1", "é1"),
        ("a99999999999999999999", "a99999999999999999999"),
        ("swap", "swap"),
        ("a1,c1,a2,c2,a3,b3", "b3"),
        ("pass", "pass"),
        ("a1,b1,c1,a2,b2,c2,a3,b3,c3,a1", "a1"),
    ] {
        v.push(case(
            &["rex", "solve", "--size", "3x3", "--moves", moves],
            needle,
        ));
    }
    for (moves, needle) in [
        ("f2f5,,f9f6", "--moves"),
        ("z1z2", "z1z2"),
        ("f2f9", "f2f9"),
        ("f2", "f2"),
        ("f2f5,f2f5", "f2f5"),
        ("k11k12", "k11k12"),
        ("é2é3", "é2é3"),
    ] {
        for command in ["perft --depth 1", "show"] {
            let mut args: Vec<&str> = ["dola"].into_iter().chain(command.split(' ')).collect();
            args.extend(["--variant", "sultan", "--moves", moves]);
            v.push(case(&args, needle));
        }
    }
    for (moves, needle) in [
        ("D2D4,,", "--moves"),
        ("Z9Z9", "Z9Z9"),
        ("roll=9", "roll=9"),
        ("roll=0", "roll=0"),
        ("5:", "5:"),
        ("D2", "D2"),
        ("é", "é"),
    ] {
        v.push(case(
            &["hexecs", "perft", "--depth", "1", "--moves", moves],
            needle,
        ));
        v.push(case(&["hexecs", "show", "--moves", moves], needle));
    }
    v
}

/// Bad numbers and values for every option that takes one.
pub fn number_cases(dir: &Path) -> Vec<Case> {
    let out = dir.join("results/cfr");
    let o = out.to_str().unwrap();
    let mut v = Vec::new();
    let dh = [
        "darkhex", "solve", "--rows", "2", "--cols", "2", "--algo", "dcfr", "--out", o,
    ];
    for (opt, values) in [
        (
            "--threads",
            &["0", "-1", "abc", "1.5", "99999999999999999999999"][..],
        ),
        (
            "--tt-mb",
            &["0", "-1", "abc", "1048576", "99999999999999999999999"][..],
        ),
    ] {
        for val in values {
            for cmd in [
                &["rex", "solve", "--size", "3x3"][..],
                &["rex", "suite", "../../../shared/data/solrex/random5x5.dat"][..],
                &["rex", "table", "--max-cells", "4", "--out", o][..],
                &["gtp"][..],
            ] {
                let mut a: Vec<&str> = cmd.to_vec();
                a.extend([opt, val]);
                v.push(case(&a, opt));
            }
        }
    }
    for (opt, values) in [
        ("--gap", &["nan", "-1", "inf", "abc", ""][..]),
        ("--time", &["nan", "-1", "inf", "abc"][..]),
        ("--checkpoint-secs", &["nan", "-1", "abc"][..]),
        ("--iterations", &["0", "-1", "abc", "1e3"][..]),
        ("--purify", &["nan", "1", "-0.1", "2", "abc"][..]),
        ("--prune", &["nan", "-1", "inf", "1"][..]),
        ("--eval-secs", &["nan", "-1", "abc"][..]),
        ("--max-nodes", &["0", "-1", "abc"][..]),
        ("--seed", &["-1", "abc", "1.5"][..]),
        ("--variant", &["foo", "", "CLASSICAL1"][..]),
        ("--algo", &["foo", "cfr", ""][..]),
        ("--repr", &["foo", ""][..]),
    ] {
        for val in values {
            let mut a = dh.to_vec();
            a.extend([opt, val]);
            v.push(case(&a, opt.trim_start_matches('-')));
        }
    }
    for (opt, val) in [
        ("--checkpoint-secs", "nan"),
        ("--checkpoint-secs", "-1"),
        ("--time", "inf"),
        ("--large-time", "nan"),
        ("--max-cells", "0"),
        ("--max-cells", "10"),
        ("--max-cells", "-1"),
        ("--iterations", "0"),
        ("--iterations", "abc"),
    ] {
        v.push(case(&["darkhex", "table", "--out", o, opt, val], opt));
    }
    // --iterations replaces --time and --gap.
    for opt in ["--time", "--gap"] {
        v.push(case(
            &[
                "darkhex",
                "table",
                "--out",
                o,
                "--iterations",
                "5",
                opt,
                "1",
            ],
            opt,
        ));
    }
    for (rows, cols, needle) in [
        ("0", "2", "0x2"),
        ("2", "0", "2x0"),
        ("-1", "2", "--rows"),
        ("abc", "2", "--rows"),
        ("99", "99", "99x99"),
        ("1", "99", "1x99"),
    ] {
        v.push(case(
            &[
                "darkhex", "solve", "--rows", rows, "--cols", cols, "--out", o,
            ],
            needle,
        ));
    }
    v
}

/// Bad numbers of the coins options.
pub fn other_number_cases(dir: &Path) -> Vec<Case> {
    let out = dir.join("results/other");
    let o = out.to_str().unwrap();
    let mut v = Vec::new();
    for (coins, weighings, needle) in [
        ("0", "3", "0"),
        ("-1", "3", "--coins"),
        ("abc", "3", "--coins"),
        ("99999999999999999999", "3", "--coins"),
        ("12", "0", "0"),
        ("12", "-1", "--weighings"),
        ("12", "99", "99"),
        ("12", "abc", "--weighings"),
    ] {
        v.push(case(
            &["coins", "solve", "--coins", coins, "--weighings", weighings],
            needle,
        ));
        v.push(case(
            &[
                "coins",
                "check",
                "--coins",
                coins,
                "--weighings",
                weighings,
                "/dev/null",
            ],
            needle,
        ));
    }
    for (min, max, needle) in [
        ("5", "2", "5"),
        ("0", "3", "0"),
        ("2", "99", "99"),
        ("-2", "3", "--min-weighings"),
    ] {
        v.push(case(
            &[
                "coins",
                "table",
                "--min-weighings",
                min,
                "--max-weighings",
                max,
                "--out",
                o,
            ],
            needle,
        ));
    }
    v
}

/// Bad numbers of the Dola and Hexecs perft and search options, of the map and the bench, and
/// bad FEN strings.
pub fn search_number_cases(dir: &Path) -> Vec<Case> {
    let out = dir.join("results/other");
    let o = out.to_str().unwrap();
    let mut v = Vec::new();
    for (opt, val) in [
        ("--depth", "abc"),
        ("--depth", "-1"),
        ("--depth", "99"),
        ("--variant", "foo"),
    ] {
        v.push(case(
            &[
                "dola",
                "perft",
                "--variant",
                "sultan",
                "--depth",
                "1",
                opt,
                val,
            ],
            opt.trim_start_matches('-'),
        ));
    }
    for (opt, val) in [("--depth", "abc"), ("--depth", "-1"), ("--depth", "99")] {
        v.push(case(&["hexecs", "perft", opt, val], "depth"));
    }
    for (opt, val) in [
        ("--depth", "0"),
        ("--depth", "999"),
        ("--nodes", "0"),
        ("--time", "nan"),
        ("--threads", "0"),
        ("--tt-mb", "99999999"),
    ] {
        // A depth, so that the option itself is what is wrong.
        let limit: &[&str] = if opt == "--depth" {
            &[]
        } else {
            &["--depth", "1"]
        };
        let dola = ["dola", "search", "--variant", "sultan"];
        let hexecs = ["hexecs", "search"];
        for game in [&dola[..], &hexecs[..]] {
            let args: Vec<&str> = [game, limit, &[opt, val]].concat();
            v.push(case(&args, opt));
        }
    }
    for (opt, val) in [
        ("--shard", "2/2"),
        ("--shard", "0/0"),
        ("--shard", "x"),
        ("--time", "0"),
        ("--time", "nan"),
        // Too large for a Duration: was a panic.
        ("--time", "99999999999999999999"),
        ("--checkpoint-seconds", "0"),
    ] {
        v.push(case(
            &["rex", "map", "--size", "3x3", "--out", o, opt, val],
            opt,
        ));
    }
    for (opt, val) in [("--budget", "0"), ("--budget", "nan"), ("--budget", "-1")] {
        let file = format!("{o}/bench.md");
        v.push(case(
            &["bench", "rex", "--out", &file, opt, val],
            "--budget",
        ));
    }
    for fen in [
        "",
        "xyz",
        "10/10/10",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        v.push(case(
            &["dola", "show", "--variant", "sultan", "--fen", fen],
            "FEN",
        ));
        v.push(case(&["hexecs", "show", "--fen", fen], "fen"));
    }
    v
}

/// Contradictions, unknown flags, missing arguments.
pub fn option_cases(dir: &Path) -> Vec<Case> {
    let o = dir.join("results/opts");
    let o = o.to_str().unwrap();
    let mut v = Vec::new();
    let dh = ["darkhex", "solve", "--rows", "2", "--cols", "2", "--out", o];
    for (extra, needle) in [
        (
            &["--algo", "dcfr", "--initial-policies", "5"][..],
            "--initial-policies",
        ),
        (&["--algo", "dcfr", "--scratch-lp"][..], "--scratch-lp"),
        (&["--algo", "dcfr", "--plain-oracle"][..], "--plain-oracle"),
        (
            &["--algo", "dcfr", "--random-fallback"][..],
            "--random-fallback",
        ),
        (&["--algo", "double-oracle", "--repr", "view"][..], "--repr"),
        (
            &["--algo", "double-oracle", "--purify", "0.1"][..],
            "--purify",
        ),
        (&["--algo", "double-oracle", "--no-eval"][..], "--no-eval"),
        (
            &["--algo", "double-oracle", "--prune", "0.1"][..],
            "--prune",
        ),
        (
            &["--algo", "double-oracle", "--max-nodes", "5"][..],
            "--max-nodes",
        ),
        (
            &["--algo", "double-oracle", "--random-fallback"][..],
            "--random-fallback",
        ),
        (
            &["--algo", "double-oracle", "--announce-touch"][..],
            "--announce-touch",
        ),
        (
            &["--algo", "dcfr", "--no-eval", "--gap", "1e-6"][..],
            "--gap",
        ),
        (
            &["--algo", "dcfr", "--no-eval", "--eval-secs", "1"][..],
            "--eval-secs",
        ),
        (
            &["--algo", "dcfr", "--no-eval", "--prune", "0.1"][..],
            "--prune",
        ),
        (&["--resume", "--algo", "dcfr"][..], "--resume"),
    ] {
        let mut a = dh.to_vec();
        a.extend(extra);
        v.push(case(&a, needle));
    }
    v.push(case(
        &[
            "coins",
            "solve",
            "--coins",
            "12",
            "--weighings",
            "3",
            "--adaptive",
            "--non-adaptive",
        ],
        "--adaptive",
    ));
    v
}

/// An unknown flag for every subcommand, and missing arguments.
pub fn flag_cases() -> Vec<Case> {
    let mut v = Vec::new();
    // An unknown flag and a missing value for every subcommand.
    for cmd in [
        "rex solve",
        "rex table",
        "rex suite",
        "rex map",
        "rex swap",
        "gtp",
        "darkhex certify",
        "darkhex solve",
        "darkhex eval",
        "darkhex export",
        "darkhex table",
        "dola perft",
        "dola replay",
        "dola replay-table",
        "dola show",
        "dola search",
        "dola play",
        "hexecs perft",
        "hexecs show",
        "hexecs search",
        "hexecs play",
        "coins solve",
        "coins table",
        "coins check",
        "bench rex",
        "bench darkhex",
        "bench dola",
        "bench hexecs",
        "bench search",
    ] {
        let mut a: Vec<&str> = cmd.split(' ').collect();
        a.push("--bogus-flag");
        v.push(case(&a, "--bogus-flag"));
    }
    for (cmd, needle) in [
        ("rex nosuch", "nosuch"),
        ("nosuch", "nosuch"),
        ("rex solve --size", "--size"),
        ("rex suite", "FILE"),
        ("darkhex solve --rows 2", "--cols"),
        ("darkhex eval", "--strategy"),
        ("coins solve --coins 12", "--weighings"),
        ("coins check --coins 12 --weighings 3", "FILE"),
        ("dola replay", "--variant"),
        ("dola perft --variant", "--variant"),
    ] {
        v.push(case(&cmd.split(' ').collect::<Vec<_>>(), needle));
    }
    v
}

/// GTP lines that are bad commands: each answered `? …` (short, no debug text), the session
/// going on to answer `name`.
pub fn gtp_lines() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = [
        "boardsize 0",
        "boardsize 99",
        "boardsize 1152921504606846976 16",
        "boardsize x",
        "boardsize 3 3 3",
        "play black",
        "play purple a1",
        "play black z9",
        "play black a99",
        "genmove",
        "genmove purple",
        "undo",
        "dfpn-solver-find-winning",
        "dfpn-solve-state purple",
        "param_dfpn threads 0",
        "param_dfpn tt_mb 99999999",
        "param_dfpn timelimit -1",
        "param_dfpn timelimit nan",
        "param_dfpn nosuch 1",
        "time_settings",
        "time_settings a b c",
        "time_settings -1 0 0",
        "time_left black",
        "time_left black nan 0",
        "known_command",
        "nosuchcommand",
        "12 nosuchcommand",
        "play",
        "PLAY black a1",
        "play black a1 b2 c3",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    v.push(b"\xff\xfe\xfd".to_vec());
    v.push(b"play black \xc3".to_vec());
    v.push(vec![b'y'; 1 << 20]);
    v.push(b"\x00\x01\x02".to_vec());
    v
}
