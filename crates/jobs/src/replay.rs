//! Replaying the inventor's French Dola records (`gsolve dola replay`) and the table of all
//! three (`gsolve dola replay-table`, `results/dola/replay.md`).

use crate::output::{toolkit_version, utc_minute, write_atomic, JobError, JobResult};
use crate::Progress;
use dola::record::{parse_record, replay, Replay, ReplayStep, Verdict};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

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
        let why = fault(&s.verdict)?;
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

/// What is wrong with a move of verdict `v`, or `None` for a legal move or one not reached.
fn fault(v: &Verdict) -> Option<String> {
    Some(match v {
        Verdict::Legal | Verdict::NotReached => return None,
        Verdict::Ambiguous { candidates } => format!("ambiguous ({})", candidates.join(" ")),
        Verdict::NotLegal { reason } => format!("not legal: {reason}"),
        Verdict::Repaired { .. } => return None,
        Verdict::Unparseable { reason } => format!("unparseable: {reason}"),
    })
}

/// The inventor's three records, one per variant: `<variant>.txt` in `dir` (the repository's
/// transcriptions are in `crates/dola/tests/data/`).
pub fn record_files(dir: &Path) -> Vec<(dola::Variant, PathBuf)> {
    dola::Variant::ALL
        .into_iter()
        .map(|v| (v, dir.join(format!("{}.txt", v.name()))))
        .collect()
}

/// One replayed record of the table.
#[derive(Debug, Clone)]
pub struct ReplayRow {
    /// The variant the record was replayed in.
    pub variant: dola::Variant,
    /// The record file.
    pub file: PathBuf,
    /// Its replay (faulty moves are reported in the table, not errors).
    pub replay: DolaReplay,
}

/// The job of `gsolve dola replay-table`: replay every `(variant, file)` record and write the
/// Markdown table of [`replay_markdown`] to `out` (atomically), stamped with `command`. A
/// record whose moves are not all legal is reported in the table, not an error; an unreadable
/// or empty record is.
pub fn dola_replay_table(
    records: &[(dola::Variant, PathBuf)],
    out: &Path,
    command: &str,
    progress: &dyn Progress,
) -> JobResult<Vec<ReplayRow>> {
    progress.start("dola replay table", records.len() as u64);
    let mut rows = Vec::with_capacity(records.len());
    for (variant, file) in records {
        rows.push(ReplayRow {
            variant: *variant,
            file: file.clone(),
            replay: dola_replay(*variant, file)?,
        });
        progress.advance(rows.len() as u64, variant.name());
    }
    progress.finish();
    let doc = replay_markdown(&rows, command, &utc_minute());
    write_atomic(out, doc.as_bytes())?;
    Ok(rows)
}

/// Irregularities noted in a replay (typos read through, facts of the rules).
fn note_count(r: &Replay) -> usize {
    r.steps.iter().map(|s| s.notes.len()).sum()
}

/// `results/dola/replay.md`: one table row per record (moves, legal moves, whether the final
/// position is checkmate, the winner, the number of notes), then one section per record listing
/// every note, every move that is not legal, the comment after the last move and the final
/// position. `stamp` is the time of the run.
pub fn replay_markdown(rows: &[ReplayRow], command: &str, stamp: &str) -> String {
    let mut doc = format!(
        "# Dola record replays (format 1)\n\n\
         Written by `{command}` with {ver}, {stamp}.\n\
         Each record is the source's text as written (shared/seeds/dola.txt), transcribed to\n\
         `crates/dola/tests/data/<variant>.txt`; `gsolve dola replay` judges every move\n\
         (legal / not legal and why / ambiguous) and notes every irregularity. The same checks,\n\
         with each typo's correction, are asserted by `crates/dola/tests/replay.rs`.\n\n\
         | game | moves | legal | final position checkmate | winner | notes (typos and facts) |\n\
         |---|---|---|---|---|---|\n",
        ver = toolkit_version(),
    );
    for row in rows {
        let r = &row.replay.replay;
        let _ = writeln!(
            doc,
            "| {} | {} | {} | {} | {} | {} |",
            row.variant.name(),
            r.moves,
            r.legal,
            if r.final_checkmate { "yes" } else { "no" },
            r.outcome.unwrap_or("none"),
            note_count(r)
        );
    }
    for row in rows {
        doc.push_str(&record_section(row));
    }
    doc
}

/// The section of one record in [`replay_markdown`].
fn record_section(row: &ReplayRow) -> String {
    let r = &row.replay.replay;
    let faulty = r
        .steps
        .iter()
        .filter(|s| !matches!(s.verdict, Verdict::Legal))
        .count();
    let mut items = String::new();
    for s in &r.steps {
        for n in &s.notes {
            let played = s.played.as_deref().unwrap_or("-");
            let _ = writeln!(items, "- {}: {n}", move_label(s, Some(played)));
        }
        if let Some(r) = dola::record::repair_text(s) {
            let _ = writeln!(items, "- move {} ({}): {r}", s.number, s.color);
        } else if !matches!(s.verdict, Verdict::Legal) {
            let why = fault(&s.verdict).unwrap_or_else(|| "not reached".to_string());
            let _ = writeln!(items, "- {}: {why}", move_label(s, None));
        }
    }
    if let Some(c) = &r.trailing_comment {
        let _ = writeln!(items, "- comment after the last move: \"{c}\"");
    }
    if !items.is_empty() {
        items.push('\n');
    }
    format!(
        "\n## {}\n\n{} moves, {} legal; moves not legal or ambiguous: {faulty}.\n\n{items}\
         Final position (FEN): `{}`\n",
        row.variant.name(),
        r.moves,
        r.legal,
        r.final_fen
    )
}

/// "move 12 (white) `text`", with "→ `played`" when given.
fn move_label(s: &ReplayStep, played: Option<&str>) -> String {
    let mut label = format!("move {} ({}) `{}`", s.number, s.color, s.text);
    if let Some(p) = played {
        let _ = write!(label, " → `{p}`");
    }
    label
}
