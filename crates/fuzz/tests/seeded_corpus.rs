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
