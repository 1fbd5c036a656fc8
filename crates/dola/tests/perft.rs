//! Perft: the suite file `tests/data/perft.txt` (depths 1–4 here, depth 5 ignored), the same
//! counts recomputed by the independent reference generator, and symmetry: the left–right
//! mirror and the colour flip leave perft unchanged.

use dola_reference as common;

use bitboard::dola::{file_of, rank_of, square, square_name};
use common::RefPos;
use dola::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

struct Case {
    variant: Variant,
    fen: String,
    depths: Vec<(u32, u64)>,
}

fn suite() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut cases: Vec<Case> = vec![];
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("perft.txt line {}: {line}", i + 1));
        match key {
            "variant" => cases.push(Case {
                variant: rest.parse().unwrap(),
                fen: String::new(),
                depths: vec![],
            }),
            "fen" => cases.last_mut().unwrap().fen = rest.to_string(),
            "perft" => {
                let (d, n) = rest.split_once(' ').unwrap();
                cases
                    .last_mut()
                    .unwrap()
                    .depths
                    .push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => panic!("perft.txt line {}: unknown key {key}", i + 1),
        }
    }
    assert_eq!(cases.len(), 3);
    cases
}

fn run_suite(min_depth: u32, max_depth: u32) {
    for case in suite() {
        let mut pos = Position::from_fen(case.variant, &case.fen).unwrap();
        assert_eq!(
            case.fen,
            case.variant.start_fen(),
            "the suite uses the start positions"
        );
        for &(d, n) in &case.depths {
            if d >= min_depth && d <= max_depth {
                assert_eq!(perft(&mut pos, d), n, "{} perft {d}", case.variant);
            }
        }
    }
}

#[test]
fn perft_suite_depths_1_to_4() {
    run_suite(1, 4);
}

#[test]
#[ignore = "depth 5: about 760 M leaves, ~10 s in release"]
fn perft_suite_depth_5() {
    run_suite(5, 5);
}

fn ref_perft(p: &RefPos, promos: &[Kind], depth: u32) -> u64 {
    let moves = p.legal(promos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| ref_perft(&p.make(m), promos, depth - 1))
        .sum()
}

fn reference_suite(depth: u32) {
    for case in suite() {
        let pos = Position::from_fen(case.variant, &case.fen).unwrap();
        let promos: Vec<Kind> = case
            .variant
            .rules()
            .promotions
            .iter()
            .map(|t| t.base_kind())
            .collect();
        let expect = case.depths.iter().find(|d| d.0 == depth).unwrap().1;
        assert_eq!(
            ref_perft(&RefPos::from(&pos), &promos, depth),
            expect,
            "{} depth {depth}",
            case.variant
        );
    }
}

#[test]
fn reference_generator_gives_the_same_perft_to_depth_3() {
    reference_suite(3);
}

#[test]
#[ignore = "the slow reference generator at depth 4: minutes"]
fn reference_generator_gives_the_same_perft_at_depth_4() {
    reference_suite(4);
}

/// The FEN of `p` with squares moved by `map` (colours swapped if `swap`), castling dropped
/// unless `keep_castling`.
fn transformed(
    p: &Position,
    map: impl Fn(u32) -> u32,
    swap: bool,
    keep_castling: bool,
) -> Position {
    let mut cells: [Option<Piece>; 100] = [None; 100];
    for sq in 0..100 {
        if let Some(mut pc) = p.piece_at(sq) {
            if swap {
                pc.color = pc.color.other();
            }
            cells[map(sq) as usize] = Some(pc);
        }
    }
    let mut board = String::new();
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..10 {
            match cells[square(file, rank) as usize] {
                None => empty += 1,
                Some(pc) => {
                    if empty > 0 {
                        board += &empty.to_string();
                        empty = 0;
                    }
                    let l = pc.kind.piece_type().fen();
                    board += &if pc.color == Color::White {
                        l.to_string()
                    } else {
                        l.to_ascii_lowercase()
                    };
                }
            }
        }
        if empty > 0 {
            board += &empty.to_string();
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let mut side = p.side_to_move();
    if swap {
        side = side.other();
    }
    let castling = if keep_castling {
        let r = p.castling_rights();
        let r = if swap { (r >> 2) | ((r & 3) << 2) } else { r };
        let s: String = [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')]
            .iter()
            .filter(|(b, _)| r & b != 0)
            .map(|x| x.1)
            .collect();
        if s.is_empty() {
            "-".to_string()
        } else {
            s
        }
    } else {
        "-".to_string()
    };
    let mut ep: Vec<u32> = (0..100)
        .filter(|&s| p.en_passant_squares() >> s & 1 == 1)
        .map(&map)
        .collect();
    ep.sort();
    let ep = if ep.is_empty() {
        "-".to_string()
    } else {
        ep.iter()
            .map(|&s| square_name(s))
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut modes: Vec<(u32, char)> = (0..100)
        .filter_map(|s| {
            let pc = p.piece_at(s)?;
            match pc.kind.mode() {
                QueenMode::Knight => Some((map(s), 'n')),
                QueenMode::Camel => Some((map(s), 'c')),
                _ => None,
            }
        })
        .collect();
    modes.sort();
    let modes = if modes.is_empty() {
        "-".to_string()
    } else {
        modes
            .iter()
            .map(|(s, m)| format!("{}:{m}", square_name(*s)))
            .collect::<Vec<_>>()
            .join(",")
    };
    let fen = format!(
        "{board} {} {castling} {ep} {modes} 0 1",
        if side == Color::White { "w" } else { "b" }
    );
    Position::from_fen(p.variant(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mirror(sq: u32) -> u32 {
    square(9 - file_of(sq), rank_of(sq))
}
fn flip(sq: u32) -> u32 {
    square(file_of(sq), 9 - rank_of(sq))
}

#[test]
fn mirror_leaves_start_perft_unchanged() {
    // Sultan and Qinwan have mirror-symmetric setups apart from king and queen; castling needs
    // at least seven plies here, so without castling rights the counts must agree to depth 4.
    for v in [Variant::Sultan, Variant::Qinwan] {
        let start = Position::start(v);
        let mut plain = transformed(&start, |s| s, false, false);
        let mut mirrored = transformed(&start, mirror, false, false);
        for d in 1..=4 {
            assert_eq!(
                perft(&mut plain, d),
                perft(&mut mirrored, d),
                "{v} depth {d}"
            );
        }
        let mut start = start;
        assert_eq!(
            perft(&mut start, 4),
            perft(&mut plain, 4),
            "{v}: castling plays no part by depth 4"
        );
    }
}

#[test]
fn mirror_and_colour_flip_leave_perft_unchanged_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut checked = 0;
    for v in Variant::ALL {
        for _ in 0..12 {
            let mut pos = Position::start(v);
            let plies = rng.gen_range(4..80);
            for _ in 0..plies {
                let list = pos.legal_move_list();
                if list.is_empty() {
                    break;
                }
                pos.play_unchecked(list.as_slice()[rng.gen_range(0..list.len())]);
            }
            if pos.count_legal() == 0 {
                continue;
            }
            // Colour flip keeps castling (it maps f1 to f10); the mirror does not.
            let mut a = transformed(&pos, |s| s, false, true);
            let mut b = transformed(&pos, flip, true, true);
            assert_eq!(
                perft(&mut a, 3),
                perft(&mut b, 3),
                "colour flip of {}",
                pos.to_fen()
            );
            let mut a = transformed(&pos, |s| s, false, false);
            let mut c = transformed(&pos, mirror, false, false);
            assert_eq!(
                perft(&mut a, 3),
                perft(&mut c, 3),
                "mirror of {}",
                pos.to_fen()
            );
            checked += 1;
        }
    }
    assert!(checked > 30);
}
