//! Every fuzz target on its seeds and a seeded random corpus of mutations (a few thousand
//! inputs each, well under a second in all): no panic, every invariant holds.

#[test]
fn every_target_on_a_seeded_corpus() {
    for (i, t) in fuzz_targets::TARGETS.iter().enumerate() {
        let stats = fuzz_targets::run_target(t, 3000, 0x19 + i as u64, false);
        assert_eq!(
            stats.executions,
            3000 + (t.seeds)().len() as u64,
            "{}",
            t.name
        );
    }
}

#[test]
fn the_mutator_is_seeded_and_varied() {
    let t = fuzz_targets::target("rex-moves").unwrap();
    let a: Vec<Vec<u8>> = {
        let mut m = fuzz_targets::Mutator::new(t, 7);
        (0..200).map(|_| m.next_input()).collect()
    };
    let mut m = fuzz_targets::Mutator::new(t, 7);
    let b: Vec<Vec<u8>> = (0..200).map(|_| m.next_input()).collect();
    assert_eq!(a, b, "same seed, same inputs");
    let distinct: std::collections::HashSet<_> = a.iter().collect();
    assert!(
        distinct.len() > 150,
        "{} distinct inputs of 200",
        distinct.len()
    );
}

#[test]
fn a_panicking_target_is_caught_and_its_input_kept() {
    let t = fuzz_targets::Target {
        name: "always-panics-on-x",
        seeds: || vec![b"abc".to_vec()],
        dictionary: &["x"],
        run: |d| assert!(!d.contains(&b'x'), "an x"),
    };
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let stats = fuzz_targets::run_target(&t, 500, 1, true);
    std::panic::set_hook(prev);
    assert!(stats.crashes > 0);
    assert!(stats.crashing_inputs.iter().all(|i| i.contains(&b'x')));
}

/// Inputs that crashed a target in a long run (`scripts/fuzz.sh`), kept as regressions: file
/// `crates/fuzz/tests/crashes/TARGET-N` is an input of TARGET.
#[test]
fn every_crash_found_so_far_is_fixed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/crashes");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let target = name.rsplit_once('-').map_or(name.as_str(), |(t, _)| t);
        let t = fuzz_targets::target(target).unwrap_or_else(|| panic!("{name}: no target"));
        (t.run)(&std::fs::read(entry.path()).unwrap());
        n += 1;
    }
    assert!(n >= 1, "the crash inputs are in {}", dir.display());
}
