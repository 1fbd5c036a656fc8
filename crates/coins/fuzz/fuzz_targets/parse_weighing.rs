//! Invariant: parsing never panics, and whatever parses prints and parses back to itself.
#![no_main]
use coins::Weighing;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(w) = Weighing::parse(text, 40) {
            assert_eq!(Weighing::parse(&w.to_string(), 40), Ok(w));
        }
    }
});
