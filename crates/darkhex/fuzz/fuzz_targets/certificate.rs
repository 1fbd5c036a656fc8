//! The certificate reader never panics, and whatever it accepts can be best-responded to.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(m) = darkhex::certificate::Mixture::parse(text) {
            if m.rules.rows * m.rules.cols <= 6 {
                let _ = darkhex::certificate::best_response(&m);
            }
        }
    }
});
