//! Replaying the inventor's French Dola records (`gsolve dola replay`).

use crate::output::{JobError, JobResult};
use dola::record::{parse_record, replay, Replay, Verdict};
use std::path::Path;

/// A replayed record file.
#[derive(Debug, Clone)]
pub struct DolaReplay {
    /// Every move's verdict, the final position and the outcome.
    pub replay: Replay,
    /// The first move that is not plainly legal (ambiguous, not legal or unparseable), as a
    /// sentence naming the file, the move and why; `None` when every reached move is legal.
    pub first_fault: Option<String>,
}

/// Read `file` and replay it from the start position of `variant`. An unreadable file or one
/// without moves is bad input; faulty moves are reported, not errors.
pub fn dola_replay(variant: dola::Variant, file: &Path) -> JobResult<DolaReplay> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| JobError::input(format!("cannot read record {}: {e}", file.display())))?;
    let rec = parse_record(&text);
    if rec.moves.is_empty() {
        return Err(JobError::input(format!(
            "record {}: no moves found",
            file.display()
        )));
    }
    let r = replay(&dola::Position::start(variant), &rec);
    let first_fault = r.steps.iter().find_map(|s| {
        let why = match &s.verdict {
            Verdict::Legal | Verdict::NotReached => return None,
            Verdict::Ambiguous { candidates } => format!("ambiguous ({})", candidates.join(" ")),
            Verdict::NotLegal { reason, .. } => format!("not legal: {reason}"),
            Verdict::Unparseable { reason } => format!("unparseable: {reason}"),
        };
        Some(format!(
            "record {}: move {} ({} `{}`) is {why}",
            file.display(),
            s.number,
            s.color,
            s.text
        ))
    });
    Ok(DolaReplay {
        replay: r,
        first_fault,
    })
}
