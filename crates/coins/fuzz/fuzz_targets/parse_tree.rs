//! Invariant: parsing never panics, whatever parses prints and parses back to itself, and the
//! brute-force checker never panics on it.
#![no_main]
use coins::adaptive::DecisionTree;
use coins::check::check_tree;
use coins::Problem;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(t) = DecisionTree::parse(text, 12) {
            assert_eq!(DecisionTree::parse(&t.to_string(), 12).as_ref(), Ok(&t));
            let p = Problem { coins: 12, weighings: 3, reference_coin: true };
            let _ = check_tree(&p, &t);
        }
    }
});
