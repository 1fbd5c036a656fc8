//! Fuzz the position parser: never panics; accepted positions round-trip and hash correctly.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(b) = hexecs::parse_position(text) {
        let written = hexecs::write_position(&b);
        let again = hexecs::parse_position(&written).expect("written position parses");
        assert_eq!(again, b);
        assert_eq!(b.hash(), b.full_hash());
        let _ = b.count_moves();
    }
});
