//! Checking jobs: the exact best response against a `DARKHEX_MIXTURE` certificate
//! ([`certify`]), the exact bracket of a CFR strategy file ([`eval`]) and its text export
//! ([`export`]).

use super::{JobError, JobResult};
use cfr::Checkpoint;
use darkhex::certificate::{best_response_memo_floor, value_memo_floor, Certified, Mixture};
use darkhex::response::{exact_bracket, file_strategy, ExactBracket};
use darkhex::strategy::{
    replay_history, CheckpointFile, Entry, Representation, StrategyFile, CHECKPOINT_MAGIC,
    STRATEGY_MAGIC,
};
use darkhex::DarkHex;
use std::path::Path;
use std::time::Instant;

/// What [`certify`] found.
#[derive(Debug, Clone)]
pub struct CertifyReport {
    /// The parsed certificate.
    pub mixture: Mixture,
    /// The exact best response against it.
    pub certified: Certified,
    /// Seconds to parse and respond.
    pub seconds: f64,
    /// The text was a legacy 16-cell file (5-bit histories, no `EVENT_BITS 6` line), converted
    /// exactly to 6-bit histories by the reader ([`Mixture::parse_converting`]).
    pub legacy_converted: bool,
    /// The memo floor used: responder histories with at most this many legal probes were not
    /// memoised.
    pub memo_floor: u32,
}

/// Parse the certificate text `text` and compute the exact best response against it,
/// memoising responder nodes with more than `memo_floor` legal probes (`None`: the variant's
/// default, [`darkhex::certificate::value_memo_floor`]; the value is the same for any floor).
pub fn certify_text(text: &str, memo_floor: Option<u32>) -> JobResult<CertifyReport> {
    let start = Instant::now();
    let (mixture, legacy_converted) = Mixture::parse_converting(text).map_err(JobError::input)?;
    DarkHex::new(mixture.rules).map_err(JobError::input)?;
    let memo_floor = memo_floor.unwrap_or_else(|| value_memo_floor(mixture.rules.variant));
    let certified = best_response_memo_floor(&mixture, Some(memo_floor));
    Ok(CertifyReport {
        mixture,
        certified,
        seconds: start.elapsed().as_secs_f64(),
        legacy_converted,
        memo_floor,
    })
}

/// The text of the file `path` (errors name the file).
fn read_text(path: &Path) -> JobResult<String> {
    std::fs::read_to_string(path)
        .map_err(|e| JobError::input(format!("cannot read {}: {e}", path.display())))
}

/// [`certify_text`] of the file `path` (errors name the file).
pub fn certify(path: &Path, memo_floor: Option<u32>) -> JobResult<CertifyReport> {
    certify_text(&read_text(path)?, memo_floor)
        .map_err(|e| JobError::input(format!("{}: {e}", path.display())))
}

/// Symmetrise the certificate `path` (the average of the mixture and its 180° image, rotation
/// invariant as the published format requires, never a worse bound), write it to `out` and
/// compute the exact best response against what was written.
pub fn symmetrise(path: &Path, out: &Path, memo_floor: Option<u32>) -> JobResult<CertifyReport> {
    let text = read_mixture(path)?.symmetrised().to_text();
    crate::output::write_atomic(out, text.as_bytes())?;
    certify_text(&text, memo_floor).map_err(|e| JobError::input(format!("{}: {e}", out.display())))
}

/// A uniform mixture of `owner`'s identity priority order and `extra` random priority orders
/// (the double oracle's initial policies of `seed`), symmetrised (each with its 180° image),
/// written to `out` as a `DARKHEX_MIXTURE` certificate. Priority orders only: no decision
/// histories, so the certificate is exact on every board, 16 cells included.
pub fn write_priority_mixture(
    rules: darkhex::Rules,
    owner: u8,
    extra: usize,
    seed: u64,
    out: &Path,
) -> JobResult<Mixture> {
    let sets =
        darkhex::double_oracle::initial_policies(rules, extra, seed).map_err(JobError::input)?;
    let policies = sets[owner as usize & 1].clone();
    let m = darkhex::double_oracle::policy_set(rules, owner, &policies).symmetrised();
    crate::output::write_atomic(out, m.to_text().as_bytes())?;
    Ok(m)
}

/// The mixture in the `DARKHEX_MIXTURE` file `path`, strictly parsed (errors name the file).
pub fn read_mixture(path: &Path) -> JobResult<Mixture> {
    Mixture::parse(&read_text(path)?)
        .map_err(|e| JobError::input(format!("{}: {e}", path.display())))
}

/// What [`eval`] found.
#[derive(Debug, Clone)]
pub struct EvalReport {
    /// The strategy evaluated (purified as asked).
    pub file: StrategyFile,
    /// Its exact bracket.
    pub bracket: ExactBracket,
    /// Seconds of the two best responses.
    pub seconds: f64,
}

/// Read a strategy file, the average strategy of a CFR checkpoint, or a strategy's text export
/// (each validated like a strategy file).
pub fn read_strategy(path: &Path) -> JobResult<StrategyFile> {
    let bytes = std::fs::read(path)
        .map_err(|e| JobError::input(format!("cannot read {}: {e}", path.display())))?;
    if bytes.starts_with(&CHECKPOINT_MAGIC) {
        strategy_from_checkpoint(&bytes)
    } else if bytes.starts_with(b"# gsolve Dark Hex strategy text export") {
        // The text export (or a strategy converted from another tool into it).
        std::str::from_utf8(&bytes)
            .map_err(|_| "the text export is not UTF-8".to_string())
            .and_then(|t| StrategyFile::from_text(t).map_err(|e| e.to_string()))
    } else {
        StrategyFile::from_bytes(&bytes).map_err(|e| e.to_string())
    }
    .map_err(|e| JobError::input(format!("{}: {e}", path.display())))
}

/// The exact bracket (both perfect-recall best responses) of the strategy in `path`, purified
/// at `purify`, best responses pruned below `prune` (rigorous).
pub fn eval(path: &Path, prune: f64, purify: f64) -> JobResult<EvalReport> {
    check_probability("--prune", prune)?;
    check_probability("--purify", purify)?;
    let mut file = read_strategy(path)?;
    file.purify(purify);
    let start = Instant::now();
    let bracket = exact_bracket(&file.game(), &*file_strategy(&file), prune);
    Ok(EvalReport {
        file,
        bracket,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// A threshold given as `option`: a probability in [0, 1) (NaN and infinities rejected).
pub fn check_probability(option: &str, value: f64) -> JobResult<()> {
    if (0.0..1.0).contains(&value) {
        Ok(())
    } else {
        Err(JobError::input(format!(
            "{option} {value}: expected a probability threshold in [0, 1)"
        )))
    }
}

/// The text export of the strategy in `path` (see `darkhex::strategy`).
pub fn export(path: &Path) -> JobResult<String> {
    Ok(read_strategy(path)?.to_text())
}

/// The average strategy stored in a checkpoint (validated like a strategy file; a rotation-tied
/// run's expanded to every history, as its `strategy.bin` is).
fn strategy_from_checkpoint(bytes: &[u8]) -> Result<StrategyFile, String> {
    let c = CheckpointFile::from_bytes(bytes).map_err(|e| e.to_string())?;
    let game = DarkHex::new(c.header.rules).map_err(|e| e.to_string())?;
    let (keys, sums): (Vec<(u8, u128, usize)>, Vec<f64>) = match c.header.representation {
        // A rotation-tied run's keys are canonical histories: read like a history run's and
        // expanded below.
        Representation::History | Representation::SymmetricHistory => {
            let s: Checkpoint<u128> =
                Checkpoint::from_bytes(&c.solver).map_err(|e| e.to_string())?;
            let mut keys = Vec::with_capacity(s.keys.len());
            for k in s.keys {
                let (p, h) = ((k >> 127) as u8, k & !(1u128 << 127));
                let (own, known) = replay_history(&game, p, h)?;
                keys.push((p, h, (game.all() & !(own | known)).count_ones() as usize));
            }
            (keys, s.strategy_sum)
        }
        Representation::View => {
            let s: Checkpoint<u64> =
                Checkpoint::from_bytes(&c.solver).map_err(|e| e.to_string())?;
            let keys = s
                .keys
                .iter()
                .map(|&k| {
                    let (own, known) = ((k >> 16) & 0xffff, k & 0xffff);
                    let n = (game.all() & !(own | known)).count_ones() as usize;
                    ((k >> 32) as u8, (k & 0xffff_ffff) as u128, n)
                })
                .collect();
            (keys, s.strategy_sum)
        }
    };
    let mut entries = Vec::with_capacity(keys.len());
    let mut o = 0usize;
    for (player, key, n) in keys {
        let slice = sums
            .get(o..o + n)
            .ok_or("checkpoint shorter than its information sets")?;
        o += n;
        let total: f64 = slice.iter().sum();
        let probs = if total > 0.0 {
            slice.iter().map(|v| v / total).collect()
        } else {
            vec![1.0 / n as f64; n]
        };
        entries.push(Entry { player, key, probs });
    }
    if o != sums.len() {
        return Err("checkpoint longer than its information sets".into());
    }
    entries.sort_by_key(|e| (e.player, e.key));
    let mut header = c.header;
    header.magic = STRATEGY_MAGIC;
    let f = StrategyFile { header, entries }.expanded();
    // Re-validate through the strategy reader.
    StrategyFile::from_bytes(&f.to_bytes()).map_err(|e| e.to_string())
}
