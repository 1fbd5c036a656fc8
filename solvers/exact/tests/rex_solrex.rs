//! The Solrex regression suite (`shared/data/solrex/`), read from the files and transposed from
//! Benzene's convention. The default run checks the first 8 openings with all their winning
//! replies and the first 200 random positions with all their winning moves; the whole suite
//! (25 openings, 500 positions) is the `#[ignore]`d pair below, run by
//! `scripts/rex-deep-tests.sh` (and through the CLI by the rex-solrex-suite experiment).

mod common;
use common::*;
use rex::solrex::parse_suite;

fn check_file(name: &str, limit: usize, threads: usize) {
    let path = shared().join("data/solrex").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let lines = parse_suite(&text).unwrap();
    let s = exact::Solver::new(exact::SolverConfig {
        tt_mb: 512,
        threads,
        ..exact::SolverConfig::default()
    })
    .unwrap();
    for l in lines.iter().take(limit) {
        let mut pos = board(5, 5);
        pos.play_list(&l.moves.join(",")).unwrap();
        assert_eq!(
            winning_names(&s, &pos),
            l.winning,
            "{name} line {}: {:?}",
            l.line,
            l.moves
        );
    }
}

#[test]
fn suite_files_have_the_documented_sizes() {
    let o = parse_suite(
        &std::fs::read_to_string(shared().join("data/solrex/rex5x5opening.dat")).unwrap(),
    )
    .unwrap();
    let r =
        parse_suite(&std::fs::read_to_string(shared().join("data/solrex/random5x5.dat")).unwrap())
            .unwrap();
    assert_eq!(o.len(), 25);
    // The issue says 499 (the file has 499 newlines); it holds 500 positions, the last
    // without a final newline.
    assert_eq!(r.len(), 500);
    assert!(r.iter().all(|l| l.moves.len() == 5));
}

#[test]
fn first_8_openings() {
    check_file("rex5x5opening.dat", 8, 2);
}

#[test]
fn first_200_random_positions() {
    check_file("random5x5.dat", 200, 2);
}

#[test]
#[ignore = "deep: scripts/rex-deep-tests.sh"]
fn all_25_openings() {
    check_file("rex5x5opening.dat", usize::MAX, 2);
}

#[test]
#[ignore = "deep: scripts/rex-deep-tests.sh"]
fn all_500_random_positions() {
    check_file("random5x5.dat", usize::MAX, 2);
}
