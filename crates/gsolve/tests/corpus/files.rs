//! Malformed files for the corpus: broken versions of real files (suites, weighings,
//! certificates, strategies, records, checkpoints) and foreign result files.

use super::{case, Case};
use crate::common::{darkhex_2x2, gsolve_in};
use crate::HANG;
use rand::{Rng, SeedableRng};
use std::path::Path;

/// A valid CFR run's strategy.bin and checkpoint.bin (2×2, three iterations).
fn cfr_files(dir: &Path) -> (Vec<u8>, Vec<u8>) {
    let out = dir.join("seed-cfr");
    let r = gsolve_in(
        &darkhex_2x2(
            "dcfr",
            &["--iterations", "3", "--out", out.to_str().unwrap()],
        ),
        b"",
        None,
        HANG,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let s = std::fs::read(out.join("strategy.bin")).unwrap();
    let c = std::fs::read(out.join("checkpoint.bin")).unwrap();
    std::fs::remove_dir_all(&out).unwrap();
    (s, c)
}

/// Broken versions of `good`: empty, halves, garbage, random bytes (seeded), a long line, not
/// UTF-8; for a `binary` format also a flipped magic and the last bytes cut (a text file may
/// stay valid under those).
fn broken(good: &[u8], binary: bool, rng: &mut impl Rng) -> Vec<(String, Vec<u8>)> {
    let mut v = vec![
        ("empty".to_string(), Vec::new()),
        ("half".to_string(), good[..good.len() / 2].to_vec()),
        ("first-byte".to_string(), good[..1.min(good.len())].to_vec()),
        ("long-line".to_string(), vec![b'7'; 3 << 20]),
        (
            "not-utf8".to_string(),
            b"\xff\xfe\xfd\x00\x01 garbage\n".to_vec(),
        ),
    ];
    if binary {
        let mut magic = good.to_vec();
        magic[0] ^= 0x20;
        v.push(("magic".to_string(), magic));
        let mut tail = good.to_vec();
        tail.truncate(good.len().saturating_sub(3));
        v.push(("minus-3".to_string(), tail));
    }
    for i in 0..3 {
        let n = rng.gen_range(1..4000);
        v.push((format!("random{i}"), (0..n).map(|_| rng.gen()).collect()));
    }
    v
}

pub fn file_cases(dir: &Path) -> Vec<Case> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
    let files = dir.join("inputs");
    std::fs::create_dir_all(&files).unwrap();
    let (strategy, _) = cfr_files(dir);
    let suite = std::fs::read("../../../shared/data/solrex/random5x5.dat").unwrap();
    let mix = std::fs::read("../../../shared/data/darkhex-certificates/abrupt-3x3/black-lower.mix")
        .unwrap();
    let record = std::fs::read("../dola/tests/data/sultan.txt").unwrap();
    let weighings = b"1 2 3 4 | 5 6 7 8\n4 6 7 8 | 1 2 9 10\n9 10 11 12 | 1 2 3 4\n".to_vec();
    let mut v = Vec::new();
    let mut add = |kind: &str,
                   good: &[u8],
                   extra: Vec<(String, Vec<u8>)>,
                   cmd: &dyn Fn(&str) -> Vec<String>| {
        let mut variants = broken(good, matches!(kind, "strategy" | "export"), &mut rng);
        variants.extend(extra);
        for (name, bytes) in variants {
            let path = files.join(format!("{kind}-{name}"));
            std::fs::write(&path, &bytes).unwrap();
            let p = path.to_str().unwrap().to_string();
            v.push(Case {
                args: cmd(&p),
                needle: format!("{kind}-{name}"),
            });
        }
    };
    let text = |s: &str| s.as_bytes().to_vec();
    add(
        "suite",
        &suite,
        vec![
            ("bad-cell".into(), text("z9 a1:b2\n")),
            ("no-colon".into(), text("a1 b2 c3\n")),
            ("taken".into(), text("a1 a1:b2\n")),
            ("comments-only".into(), text("# nothing\n")),
        ],
        &|p| vec!["rex".into(), "suite".into(), p.into()],
    );
    add(
        "weighings",
        &weighings,
        vec![
            ("two-bars".into(), text("1 2 | 3 | 4\n")),
            ("coin-13".into(), text("1 2 3 13 | 4 5 6 7\n")),
            ("same-coin".into(), text("1 1 2 3 | 4 5 6 7\n")),
            (
                "tree-bad-indent".into(),
                text("weigh 1 | 2\n =     coin 3 heavy\n"),
            ),
            (
                "tree-coin-99".into(),
                text("weigh 1 | 2\n  =     coin 99 heavy\n"),
            ),
            ("not-a-solution".into(), text("1 | 2\n")),
        ],
        &|p| {
            ["coins", "check", "--coins", "12", "--weighings", "3", p]
                .map(String::from)
                .to_vec()
        },
    );
    add(
        "mix",
        &mix,
        vec![
            (
                "rows-0".into(),
                text("DARKHEX_MIXTURE\nROWS 0\nCOLUMNS 3\n"),
            ),
            ("no-end".into(), mix[..mix.len() - 4].to_vec()),
        ],
        &|p| vec!["darkhex".into(), "certify".into(), p.into()],
    );
    add("strategy", &strategy, vec![], &|p| {
        ["darkhex", "eval", "--strategy", p]
            .map(String::from)
            .to_vec()
    });
    add("export", &strategy, vec![], &|p| {
        ["darkhex", "export", p].map(String::from).to_vec()
    });
    add(
        "record",
        &record,
        vec![("bad-move".into(), text("1)\nZz9-z99 & Pf9-f6\n"))],
        &|p| {
            ["dola", "replay", "--variant", "sultan", p]
                .map(String::from)
                .to_vec()
        },
    );
    v
}

/// Checkpoints, parity tables and map results that are broken or foreign, and paths that
/// are missing or folders.
pub fn state_file_cases(dir: &Path) -> Vec<Case> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20);
    let files = dir.join("inputs");
    let (_, checkpoint) = cfr_files(dir);
    let mut v = Vec::new();
    // Checkpoints to resume: each in its own output folder.
    for (name, bytes) in broken(&checkpoint, true, &mut rng) {
        let out = dir.join(format!("results/resume-{name}"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("checkpoint.bin"), &bytes).unwrap();
        v.push(case(
            &darkhex_2x2(
                "dcfr",
                &[
                    "--iterations",
                    "5",
                    "--resume",
                    "--out",
                    out.to_str().unwrap(),
                ],
            ),
            "checkpoint.bin",
        ));
    }
    // Parity tables and map results that are not ours.
    for (name, bytes) in [
        ("binary", b"\xff\xfe\x00\x01".to_vec()),
        ("csv", b"a,b,c\n1,2,3\n".to_vec()),
        ("long", vec![b'x'; 2 << 20]),
    ] {
        let out = dir.join(format!("results/table-{name}"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("parity.csv"), &bytes).unwrap();
        v.push(case(
            &[
                "rex",
                "table",
                "--max-cells",
                "4",
                "--out",
                out.to_str().unwrap(),
            ],
            "parity.csv",
        ));
        let out = dir.join(format!("results/map-{name}"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("replies.csv"), [bytes.as_slice(), b"\n"].concat()).unwrap();
        v.push(case(
            &[
                "rex",
                "map",
                "--size",
                "2x2",
                "--out",
                out.to_str().unwrap(),
            ],
            "replies.csv",
        ));
    }
    for missing in [
        "rex suite",
        "darkhex certify",
        "dola replay --variant sultan",
        "coins check --coins 12 --weighings 3",
    ] {
        let mut a: Vec<String> = missing.split(' ').map(String::from).collect();
        a.push(dir.join("no-such-file").to_str().unwrap().into());
        v.push(Case {
            args: a,
            needle: "no-such-file".into(),
        });
        let mut a: Vec<String> = missing.split(' ').map(String::from).collect();
        a.push(files.to_str().unwrap().into());
        v.push(Case {
            args: a,
            needle: "inputs".into(),
        });
    }
    v
}
