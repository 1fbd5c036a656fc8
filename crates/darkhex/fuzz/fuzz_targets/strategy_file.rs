//! The strategy and checkpoint readers never panic on arbitrary bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = darkhex::strategy::StrategyFile::from_bytes(data);
    let _ = darkhex::strategy::CheckpointFile::from_bytes(data);
});
