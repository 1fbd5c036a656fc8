//! Fuzz targets for every parser of gsolve, on the stable toolchain.
//!
//! Each [`Target`] is a function of arbitrary bytes that feeds them to one parser and checks
//! its invariants: it never panics, and what it accepts round-trips or can be used (a board
//! size gives a board, an accepted move list replays, a certificate can be best-responded to,
//! a checkpoint restores into a solver). The inputs come from [`Mutator`]: a seeded mutation
//! loop over each target's seed inputs (valid files and strings, in `seeds/` and built in):
//! byte flips, insertions, deletions, duplicated ranges, splices of dictionary tokens and of
//! other seeds, truncation. The default tests run every target on a few thousand inputs;
//! `scripts/fuzz.sh` runs the `fuzz` driver for millions per target, catching panics and
//! saving each crashing input. (`cargo fuzz` targets for some parsers are in the game crates'
//! `fuzz/` folders; they need a nightly toolchain.)
#![warn(missing_docs)]

mod targets;

pub use targets::TARGETS;

use game::rng::SplitMix64;

/// One fuzz target: a parser and its invariants.
pub struct Target {
    /// The name (`scripts/fuzz.sh TARGET`).
    pub name: &'static str,
    /// Valid inputs to mutate.
    pub seeds: fn() -> Vec<Vec<u8>>,
    /// Tokens the mutator splices in (keywords, separators, numbers at the edges).
    pub dictionary: &'static [&'static str],
    /// Run the parser on the input; panics if an invariant fails.
    pub run: fn(&[u8]),
}

/// The target named `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// Seeded mutations of a target's seeds.
pub struct Mutator {
    rng: SplitMix64,
    seeds: Vec<Vec<u8>>,
    dictionary: &'static [&'static str],
}

/// Inputs grow to at most this many bytes.
const MAX_LEN: usize = 1 << 16;

impl Mutator {
    /// Mutations of `target`'s seeds from `seed`.
    pub fn new(target: &Target, seed: u64) -> Mutator {
        let mut seeds = (target.seeds)();
        seeds.push(Vec::new());
        Mutator {
            rng: SplitMix64::new(seed),
            seeds,
            dictionary: target.dictionary,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        self.rng.below(n.max(1))
    }

    /// The next input: a seed with one to eight mutations.
    pub fn next_input(&mut self) -> Vec<u8> {
        let pick = self.below(self.seeds.len());
        let mut v = self.seeds[pick].clone();
        for _ in 0..1 + self.below(8) {
            self.mutate(&mut v);
        }
        v.truncate(MAX_LEN);
        v
    }

    fn mutate(&mut self, v: &mut Vec<u8>) {
        let at = self.below(v.len() + 1);
        match self.below(8) {
            0 if !v.is_empty() => {
                let i = at.min(v.len() - 1);
                v[i] ^= 1 << self.below(8);
            }
            1 => v.insert(at, self.rng.next_u64() as u8),
            2 if !v.is_empty() => {
                let end = (at + 1 + self.below(16)).min(v.len());
                v.drain(at.min(end)..end);
            }
            3 if !v.is_empty() => {
                let start = self.below(v.len());
                let end = (start + 1 + self.below(32)).min(v.len());
                let piece = v[start..end].to_vec();
                v.splice(at..at, piece);
            }
            4 | 5 if !self.dictionary.is_empty() => {
                let word = self.dictionary[self.below(self.dictionary.len())].as_bytes();
                v.splice(at..at, word.iter().copied());
            }
            6 => {
                let pick = self.below(self.seeds.len());
                let other = self.seeds[pick].clone();
                let from = self.below(other.len() + 1);
                v.truncate(at);
                v.extend_from_slice(&other[from..]);
            }
            7 if !v.is_empty() => {
                // A number-like byte: digits, signs and the edges of 8-, 32- and 64-bit words.
                let i = at.min(v.len() - 1);
                v[i] = [b'0', b'9', b'-', 0, 0xff, 0x7f, 0x80, b'.'][self.below(8)];
            }
            _ => v.truncate(at),
        }
    }
}

/// What a run of a target did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunStats {
    /// Inputs run.
    pub executions: u64,
    /// Inputs that panicked (the first few are kept).
    pub crashes: u64,
    /// The first crashing inputs.
    pub crashing_inputs: Vec<Vec<u8>>,
}

/// Run `target` on its seeds and then `executions` mutated inputs from `seed`; with
/// `catch`, panics are counted (and the first ten inputs kept) instead of propagated.
pub fn run_target(target: &Target, executions: u64, seed: u64, catch: bool) -> RunStats {
    let mut stats = RunStats::default();
    let mut m = Mutator::new(target, seed);
    let seeds = (target.seeds)();
    let one = |input: &[u8], stats: &mut RunStats| {
        stats.executions += 1;
        if !catch {
            (target.run)(input);
            return;
        }
        if std::panic::catch_unwind(|| (target.run)(input)).is_err() {
            stats.crashes += 1;
            if stats.crashing_inputs.len() < 10 {
                stats.crashing_inputs.push(input.to_vec());
            }
        }
    };
    for s in &seeds {
        one(s, &mut stats);
    }
    for _ in 0..executions {
        let input = m.next_input();
        one(&input, &mut stats);
    }
    stats
}
