//! The targets: one per parser, each with its seeds, dictionary and invariants.

use crate::Target;
use std::borrow::Cow;

fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

fn strings(list: &[&str]) -> Vec<Vec<u8>> {
    list.iter().map(|s| s.as_bytes().to_vec()).collect()
}

/// Every target, in the order `scripts/fuzz.sh` runs them.
pub static TARGETS: &[Target] = &[
    Target {
        name: "rex-size",
        seeds: || strings(&["5x5", "4x3", "11x11", "1x1", "1152921504606846976x16"]),
        dictionary: &["x", "X", " ", "0", "121", "18446744073709551615", "-1", "+"],
        run: rex_size,
    },
    Target {
        name: "rex-cells",
        seeds: || strings(&["a1", "e5", "k11", "swap", "c3", "z99"]),
        dictionary: &["a", "k", "0", "11", "swap", "é", " "],
        run: rex_cells,
    },
    Target {
        name: "rex-moves",
        seeds: || strings(&["a1,b2,c3", "a1 b1 swap", "c3,,d4", "e5, a1 ,b2"]),
        dictionary: &[",", " ", "swap", "a1", "k11", "z9", ",,"],
        run: rex_moves,
    },
    Target {
        name: "rex-suite",
        seeds: || vec![include_bytes!("../seeds/solrex-5x5.dat").to_vec()],
        dictionary: &[":", " ", "\n", "a1", "e5", "swap", "#"],
        run: rex_suite,
    },
    Target {
        name: "rex-parity-csv",
        seeds: || vec![include_bytes!("../../../results/rex/parity.csv").to_vec()],
        dictionary: &[",", "\n", "#", "first", "second", "a1", "99", "-1", "1e309"],
        run: rex_parity_csv,
    },
    Target {
        name: "shard-part-header",
        seeds: || {
            strings(&[
                "# gsolve-part 1\n# job: rex-map\n# config: board=5x5 openings=all\n# shard: 3/25\n# toolkit: gsolve 0.1.0\nopening,reply\n",
                "# gsolve-part 1\n# job: dola-perft\n# config: variant=sultan depth=4 fen=10/10 w - - 0 1\n# shard: 0/1\n# toolkit: gsolve 0.1.0\n",
            ])
        },
        dictionary: &[
            "# ",
            "gsolve-part 1",
            "job: ",
            "shard: ",
            "/",
            "\n",
            "0",
            "18446744073709551615",
            ": ",
        ],
        run: shard_part_header,
    },
    Target {
        name: "dola-fen",
        seeds: || {
            dola::Variant::ALL
                .iter()
                .map(|&v| dola::Position::start(v).to_fen().into_bytes())
                .collect()
        },
        dictionary: &["/", " ", "w", "b", "-", "10", "K", "q", "C", "0 1"],
        run: dola_fen,
    },
    Target {
        name: "dola-record",
        seeds: || vec![include_bytes!("../seeds/dola-sultan.txt").to_vec()],
        dictionary: &["&", "-", "x", "1)", "\n", "P", "f2", "e10", "+"],
        run: dola_record,
    },
    Target {
        name: "hexecs-position",
        seeds: || vec![hexecs::write_position(hexecs::Hexecs::start().board()).into_bytes()],
        dictionary: &["/", " ", "-", "1", "K", "p", "\n"],
        run: hexecs_position,
    },
    Target {
        name: "darkhex-mixture",
        seeds: || vec![include_bytes!("../seeds/black-lower-2x2.mix").to_vec()],
        dictionary: &[
            "POLICY ",
            "PRIORITY ",
            "DECISIONS ",
            "END\n",
            "DONE\n",
            "ROWS 2\n",
            "COLUMNS 1\n",
            "OWNER WHITE\n",
            "MODE ABRUPT\n",
            "18446744073709551616",
        ],
        run: darkhex_mixture,
    },
    Target {
        name: "darkhex-strategy",
        seeds: || {
            vec![
                include_bytes!("../seeds/strategy-2x2.bin").to_vec(),
                include_bytes!("../seeds/checkpoint-2x2.bin").to_vec(),
            ]
        },
        dictionary: &[
            "GSDHSTRT",
            "GSDHCKPT",
            "\u{ff}\u{ff}\u{ff}\u{ff}",
            "\0\0\0\0",
        ],
        run: darkhex_strategy,
    },
    Target {
        name: "cfr-checkpoint",
        seeds: || vec![include_bytes!("../seeds/checkpoint-2x2.bin").to_vec()],
        dictionary: &[
            "\u{1}\0\0\0\0\0\0\0",
            "\u{ff}\u{ff}\u{ff}\u{ff}",
            "\0\0\0\0",
        ],
        run: cfr_checkpoint,
    },
    Target {
        name: "double-oracle-checkpoint",
        seeds: || vec![include_bytes!("../seeds/do-checkpoint-2x2.bin").to_vec()],
        dictionary: &[
            "GSDHDOCK",
            "\u{1}\0\0\0",
            "\u{2}\0\0\0",
            "\u{ff}\u{ff}\u{ff}\u{ff}",
        ],
        run: double_oracle_checkpoint,
    },
    Target {
        name: "kept-lp",
        seeds: || vec![kept_lp_seed()],
        dictionary: &[
            "\u{1}\0\0\0\0\0\0\0",
            "\0\0\0\0\0\0\u{f0}\u{7f}",
            "\0\0\0\0",
        ],
        run: kept_lp,
    },
    Target {
        name: "coins-weighing",
        seeds: || strings(&["1 2 3 4 | 5 6 7 8", "1 | 2", "9 10 11 12 | 1 2 3 4"]),
        dictionary: &["|", " ", "12", "13", "0", "-1", "1"],
        run: coins_weighing,
    },
    Target {
        name: "coins-tree",
        seeds: || vec![include_bytes!("../seeds/tree-5.tree").to_vec()],
        dictionary: &[
            "weigh ", "coin ", " light", " heavy", "=     ", "left  ", "right ", "\n", "  ",
        ],
        run: coins_tree,
    },
];

fn rex_size(data: &[u8]) {
    let Ok((rows, cols)) = bitboard::hex::parse_size(&text(data)) else {
        return;
    };
    if rows.saturating_mul(cols) <= 121 {
        // A size that parses and fits is a board, or a clean error.
        let _ = rex::RexPosition::<u128>::new(rows, cols);
    }
}

/// A small board from the first byte (one of 128: 1–8 rows and columns, with or without the
/// swap rule on square boards), the rest as text. The boards are built once.
fn board_and_text(data: &[u8]) -> Option<(rex::RexPosition<u64>, Cow<'_, str>)> {
    static BOARDS: std::sync::OnceLock<Vec<Option<rex::RexPosition<u64>>>> =
        std::sync::OnceLock::new();
    let boards = BOARDS.get_or_init(|| {
        (0..128u8)
            .map(|b| {
                let (rows, cols) = (1 + (b & 7) as usize, 1 + (b >> 3 & 7) as usize);
                let pos = rex::RexPosition::<u64>::new(rows, cols).ok()?;
                pos.with_swap(rows == cols && b & 64 != 0).ok()
            })
            .collect()
    });
    let (&first, rest) = data.split_first()?;
    let pos = boards[(first & 127) as usize].clone()?;
    Some((pos, text(rest)))
}

fn rex_cells(data: &[u8]) {
    let Some((pos, t)) = board_and_text(data) else {
        return;
    };
    if let Ok(c) = pos.parse_cell(&t) {
        assert!(
            (c as usize) < pos.hex().cells(),
            "{t:?}: cell {c} off the board"
        );
        assert_eq!(pos.parse_cell(&pos.hex().name(c)), Ok(c), "{t:?}");
    }
    if let Ok(m) = pos.parse_move(&t) {
        assert_eq!(pos.parse_move(&pos.move_name(m)), Ok(m), "{t:?}");
    }
}

fn rex_moves(data: &[u8]) {
    let Some((fresh, t)) = board_and_text(data) else {
        return;
    };
    let mut pos = fresh.clone();
    if pos.play_list(&t).is_err() {
        return;
    }
    // An accepted list replays, written back in canonical form, to the same position.
    let mut step = fresh.clone();
    let mut names = Vec::new();
    for token in t.split([',', ' ']).filter(|x| !x.trim().is_empty()) {
        let mv = step.parse_move(token).expect("an accepted move re-reads");
        names.push(step.move_name(mv));
        step.try_play(mv).expect("an accepted move plays");
    }
    let mut again = fresh;
    again.play_list(&names.join(",")).expect("canonical list");
    assert_eq!(again.to_text(), pos.to_text(), "{t:?}");
}

fn rex_suite(data: &[u8]) {
    let _ = rex::solrex::parse_suite(&text(data));
}

fn rex_parity_csv(data: &[u8]) {
    let Ok(table) = rex::report::ParityTable::from_csv(&text(data)) else {
        return;
    };
    let written = table.to_csv("fuzz");
    let again = rex::report::ParityTable::from_csv(&written).expect("a written table re-reads");
    assert_eq!(again.to_csv("fuzz"), written);
}

/// A part header that parses is written back to the same header; a shard that parses
/// owns its own number.
fn shard_part_header(data: &[u8]) {
    let t = text(data);
    if let Some(Ok(h)) = jobs::shard::PartHeader::parse(&t) {
        let again = jobs::shard::PartHeader::parse(&h.text())
            .expect("a written header is a part header")
            .expect("a written header re-reads");
        assert_eq!(again, h);
        assert!(h.shard.owns(h.shard.index));
    }
    if let Ok(s) = jobs::shard::Shard::parse(&t, "--shard") {
        assert_eq!(
            jobs::shard::Shard::parse(&s.to_string(), "--shard").ok(),
            Some(s)
        );
    }
}

fn dola_fen(data: &[u8]) {
    let t = text(data);
    for v in dola::Variant::ALL {
        if let Ok(p) = dola::Position::from_fen(v, &t) {
            let fen = p.to_fen();
            let again = dola::Position::from_fen(v, &fen).expect("a written FEN re-reads");
            assert_eq!(again.to_fen(), fen);
            let _ = p.parse_move(&t);
        }
    }
}

fn dola_record(data: &[u8]) {
    let t = text(data);
    let rec = dola::record::parse_record(&t);
    for v in dola::Variant::ALL {
        let start = dola::Position::start(v);
        let _ = start.parse_move(&t);
        let r = dola::record::replay(&start, &rec);
        assert!(r.legal <= r.moves);
        dola::Position::from_fen(v, &r.final_fen).expect("the final FEN re-reads");
    }
}

fn hexecs_position(data: &[u8]) {
    let t = text(data);
    if let Ok(b) = hexecs::parse_position(&t) {
        let written = hexecs::write_position(&b);
        let again = hexecs::parse_position(&written).expect("a written position re-reads");
        assert_eq!(again, b);
        assert_eq!(b.hash(), b.full_hash());
        let _ = hexecs::parse_move(&b, &t);
    }
    let _ = hexecs::Hexecs::start().parse_move(&t);
}

fn darkhex_mixture(data: &[u8]) {
    if let Ok(m) = darkhex::certificate::Mixture::parse(&text(data)) {
        let again = darkhex::certificate::Mixture::parse(&m.to_text()).expect("re-reads");
        assert_eq!(again.to_text(), m.to_text());
        if m.rules.rows * m.rules.cols <= 4 {
            let _ = darkhex::certificate::best_response(&m);
        }
    }
}

fn darkhex_strategy(data: &[u8]) {
    if let Ok(s) = darkhex::strategy::StrategyFile::from_bytes(data) {
        let again = darkhex::strategy::StrategyFile::from_bytes(&s.to_bytes()).expect("re-reads");
        assert_eq!(again.to_bytes(), s.to_bytes());
        let _ = s.to_text();
    }
    let _ = darkhex::strategy::CheckpointFile::from_bytes(data);
}

/// A CFR checkpoint restored into a solver of the 2×2 classical board (the sizes and the
/// algorithm are checked by `Solver::restore`, as a resumed run does).
fn cfr_checkpoint(data: &[u8]) {
    let _ = cfr::Checkpoint::<u128>::from_bytes(data);
    let Ok(file) = darkhex::strategy::CheckpointFile::from_bytes(data) else {
        return;
    };
    let Ok(state) = cfr::Checkpoint::<u128>::from_bytes(&file.solver) else {
        return;
    };
    let rules = darkhex::Rules {
        rows: 2,
        cols: 2,
        variant: darkhex::Variant::Classical,
        announce_touch: false,
    };
    let game = darkhex::extensive::HistoryGame(darkhex::DarkHex::new(rules).expect("2x2"));
    let mut solver =
        cfr::Solver::new(&game, state.algorithm, 1 << 20).expect("the 2x2 tree is small");
    if solver.restore(state).is_ok() {
        solver.iterate(1);
    }
}

fn double_oracle_checkpoint(data: &[u8]) {
    let Ok(c) = darkhex::double_oracle::Checkpoint::from_bytes(data) else {
        return;
    };
    if c.rules.rows * c.rules.cols <= 4 {
        let _ = c.restore();
    }
    if let Some(k) = &c.continuation {
        kept_lp(&k.restricted);
    }
}

/// The 0/1 game the kept-LP target solves: rows beat the columns they are at least.
fn kept_lp_game() -> Vec<Vec<u8>> {
    (0..4)
        .map(|i| {
            (0..4)
                .map(|j| u8::from(i >= j && (i + j) % 3 != 1))
                .collect()
        })
        .collect()
}

fn kept_lp_seed() -> Vec<u8> {
    let mut s = matrix_game::RestrictedSolver::new(false);
    s.solve(&kept_lp_game(), &[0], &[0]);
    s.kept_bytes()
}

/// A restricted solver's kept program from bytes, then a solve of a fixed game from it: no
/// panic, and the value stays a probability.
fn kept_lp(data: &[u8]) {
    let mut s = matrix_game::RestrictedSolver::new(false);
    if s.restore_kept(data).is_ok() {
        let r = s.solve(&kept_lp_game(), &[0, 1], &[0, 1]);
        assert!((-1e-6..=1.0 + 1e-6).contains(&r.value), "value {}", r.value);
    }
}

fn coins_weighing(data: &[u8]) {
    let t = text(data);
    if let Ok(w) = coins::Weighing::parse(&t, 12) {
        assert_eq!(coins::Weighing::parse(&w.to_string(), 12), Ok(w), "{t:?}");
    }
}

fn coins_tree(data: &[u8]) {
    let t = text(data);
    if let Ok(tree) = coins::adaptive::DecisionTree::parse(&t, 12) {
        let again = coins::adaptive::DecisionTree::parse(&tree.to_string(), 12);
        assert_eq!(again.as_ref(), Ok(&tree), "{t:?}");
        let p = coins::Problem {
            coins: 12,
            weighings: 3,
            reference_coin: false,
        };
        let _ = coins::check::check_tree(&p, &tree);
    }
}
