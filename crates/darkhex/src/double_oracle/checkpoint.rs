//! The double oracle's checkpoint file (`do-checkpoint.bin`).

use super::{policy_set, DoubleOracleError};
use crate::certificate::{best_response, Fraction, Mixture, Policy};
use crate::rules::Rules;
use bincode::Options;

/// Magic of a double-oracle checkpoint file.
pub const CHECKPOINT_MAGIC: [u8; 8] = *b"GSDHDOCK";
/// Version of the checkpoint format.
pub const CHECKPOINT_VERSION: u32 = 2;

/// A checkpoint: the policy sets, the best mixtures, the convergence rows, and (from version
/// 2) the state that makes a resumed run an exact continuation. Bincode with a magic, a
/// version and the toolkit version; the policies are stored as `DARKHEX_MIXTURE` texts so
/// that loading re-validates them with the strict certificate reader. Version 1 files (no
/// continuation state) are still read.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Checkpoint {
    /// [`CHECKPOINT_MAGIC`].
    pub magic: [u8; 8],
    /// [`CHECKPOINT_VERSION`].
    pub version: u32,
    /// Toolkit version that wrote it.
    pub toolkit: String,
    /// The rules.
    pub rules: Rules,
    /// Iterations done.
    pub iterations: u64,
    /// Seconds spent so far.
    pub seconds: f64,
    /// Convergence rows (iteration, seconds, lower, upper, gap).
    pub rows: Vec<(u64, f64, f64, f64, f64)>,
    /// Black's and White's policy sets (mixture texts, weights 1).
    pub sets: [String; 2],
    /// The best Black and White mixtures found (texts), if any.
    pub best: [Option<String>; 2],
    /// What the next iteration starts from (none in version 1 files).
    pub continuation: Option<Continuation>,
}

/// The state of a double oracle beyond its policy sets and best bounds that its next
/// iteration depends on: where the restricted solve starts, the kept linear program (opaque
/// bytes of the restricted solver, bit for bit), and whether the run has converged. With it a
/// resumed run takes exactly the path of an uninterrupted one.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Continuation {
    /// Supports of the last restricted solution (Black's, White's policy indices).
    pub support: [Vec<u64>; 2],
    /// Policy counts when it was solved.
    pub counts: [u64; 2],
    /// The restricted solver's kept program (empty: none).
    pub restricted: Vec<u8>,
    /// Neither best response of the last iteration was new.
    pub converged: bool,
}

/// Version 1 of the format: [`Checkpoint`] without the continuation.
#[derive(serde::Deserialize)]
struct CheckpointV1 {
    magic: [u8; 8],
    version: u32,
    toolkit: String,
    rules: Rules,
    iterations: u64,
    seconds: f64,
    rows: Vec<(u64, f64, f64, f64, f64)>,
    sets: [String; 2],
    best: [Option<String>; 2],
}

impl Checkpoint {
    /// Capture a run: its policy sets (`sets[p]`, player `p`), the best mixtures found so far
    /// (Black's, White's) and the convergence rows.
    pub fn capture(
        rules: Rules,
        toolkit: String,
        iterations: u64,
        seconds: f64,
        rows: Vec<(u64, f64, f64, f64, f64)>,
        sets: [&[Policy]; 2],
        best: [Option<&Mixture>; 2],
    ) -> Checkpoint {
        Checkpoint {
            magic: CHECKPOINT_MAGIC,
            version: CHECKPOINT_VERSION,
            toolkit,
            rules,
            iterations,
            seconds,
            rows,
            sets: [
                policy_set(rules, 0, sets[0]).to_text(),
                policy_set(rules, 1, sets[1]).to_text(),
            ],
            best: best.map(|m| m.map(Mixture::to_text)),
            continuation: None,
        }
    }

    /// This checkpoint with the continuation state `c`.
    pub fn with_continuation(mut self, c: Continuation) -> Checkpoint {
        self.continuation = Some(c);
        self
    }

    /// Serialise.
    pub fn to_bytes(&self) -> Vec<u8> {
        bincode::serialize(self).expect("serialisable")
    }

    /// Read and validate the header (the policies are validated by [`Checkpoint::restore`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, DoubleOracleError> {
        if bytes.len() < 8 || bytes[..8] != CHECKPOINT_MAGIC {
            return Err(DoubleOracleError::Checkpoint(
                "wrong magic: not a double-oracle checkpoint (expected GSDHDOCK)".into(),
            ));
        }
        let version = u32::from_le_bytes(
            bytes[8..]
                .get(..4)
                .map_or([0; 4], |v| v.try_into().expect("4 bytes")),
        );
        let options = bincode::DefaultOptions::new()
            .with_fixint_encoding()
            .with_limit(1 << 34)
            .allow_trailing_bytes();
        let corrupt =
            |e: bincode::Error| DoubleOracleError::Checkpoint(format!("corrupt or truncated: {e}"));
        let c: Checkpoint = match version {
            1 => {
                let v: CheckpointV1 = options.deserialize(bytes).map_err(corrupt)?;
                Checkpoint {
                    magic: v.magic,
                    version: v.version,
                    toolkit: v.toolkit,
                    rules: v.rules,
                    iterations: v.iterations,
                    seconds: v.seconds,
                    rows: v.rows,
                    sets: v.sets,
                    best: v.best,
                    continuation: None,
                }
            }
            CHECKPOINT_VERSION => options.deserialize(bytes).map_err(corrupt)?,
            v => {
                return Err(DoubleOracleError::Checkpoint(format!(
                    "format version {v} (this toolkit reads 1 and {CHECKPOINT_VERSION})"
                )))
            }
        };
        Ok(c)
    }

    /// The policy sets and best mixtures, every policy re-validated by the strict mixture
    /// reader; the best mixtures' bounds are recomputed by exact best response, never trusted.
    pub fn restore(&self) -> Result<Restored, DoubleOracleError> {
        let r = self.rules;
        let parse = |text: &str, owner: u8| -> Result<Mixture, DoubleOracleError> {
            let m = Mixture::parse(text)
                .map_err(|e| DoubleOracleError::Checkpoint(format!("policy set: {e}")))?;
            m.expect(r.rows, r.cols, r.variant, owner)
                .map_err(|e| DoubleOracleError::Checkpoint(e.to_string()))?;
            Ok(m)
        };
        let black = parse(&self.sets[0], 0)?;
        let white = parse(&self.sets[1], 1)?;
        if black.policies.is_empty() || white.policies.is_empty() {
            return Err(DoubleOracleError::Checkpoint(
                "each player needs at least one policy".into(),
            ));
        }
        let mut best = [None, None];
        for (owner, text) in self.best.iter().enumerate() {
            if let Some(t) = text {
                let m = parse(t, owner as u8)?;
                best[owner] = Some((best_response(&m).black_value, m));
            }
        }
        Ok(Restored {
            sets: [black.policies, white.policies],
            iterations: self.iterations,
            best,
        })
    }
}

/// What [`Checkpoint::restore`] gives back.
#[derive(Clone, Debug)]
pub struct Restored {
    /// Black's and White's policy sets (weights 1).
    pub sets: [Vec<Policy>; 2],
    /// Iterations done.
    pub iterations: u64,
    /// The best Black (lower bound) and White (upper bound) mixtures with their recomputed
    /// bounds.
    pub best: [Option<(Fraction, Mixture)>; 2],
}
