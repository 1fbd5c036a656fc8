//! Engine self-play (`gsolve dola play`, `gsolve hexecs play`): games of the engine against
//! itself with the same settings for both sides, a summary table for
//! `results/{dola,hexecs}/selfplay.md`, and each game's record in the game's own format.
//!
//! Determinism: the random opening plies and the dice come from `seed` and the game number; with
//! a depth or node limit and one thread every game is a function of the config.

use crate::output::{put_markdown_section, toolkit_version, write_atomic, JobError, JobResult};
use crate::search::{search_error, SearchSettings};
use crate::selfplay_journal::{journal_path, FinishedGame, Journal};
use crate::Progress;
use game::{Evaluate, MoveHints, Outcome, Player};
use search::{Engine, GameRecord, Limits, SearchOptions, SelfPlayOptions, SelfPlaySummary};
use std::path::{Path, PathBuf};

/// The games to play.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayConfig {
    /// Number of games (at least 1).
    pub games: u32,
    /// Seed of the random opening moves and of the dice.
    pub seed: u64,
    /// Random legal moves at the start of each game (for variety).
    pub random_plies: u32,
    /// Stop a game after this many decisions (reported unfinished; at least 1).
    pub max_plies: u32,
    /// The search of every engine move.
    pub search: SearchSettings,
}

/// Check the games of `cfg` (at least one, a ply cap of at least 1) and its search settings:
/// the engine's limits and options, or an input error naming the flag.
pub fn check_play(cfg: &PlayConfig) -> JobResult<(Limits, SearchOptions)> {
    if cfg.games == 0 {
        return Err(JobError::input("--games 0: expected at least one game"));
    }
    if cfg.max_plies == 0 {
        return Err(JobError::input("--max-plies 0: expected at least 1"));
    }
    cfg.search.resolve()
}

/// Play `cfg.games` engine games from `root`, calling `on_game(index, record)` after each (it
/// writes the record and returns what to keep of it) and reporting one line per game to
/// `progress`. With `journal` (its path and the run's settings), each finished game is
/// journaled ([`crate::selfplay_journal`]) and the games already there are not played again;
/// the journal is handed back, for the caller to remove once its files are written. Returns
/// the summary and the kept text of every game, in order.
pub fn play_games<G: Evaluate, H: MoveHints<G>>(
    root: &G,
    hints: &H,
    cfg: &PlayConfig,
    journal: Option<(&Path, &str)>,
    progress: &dyn Progress,
    mut on_game: impl FnMut(u32, &GameRecord<G::Move>) -> JobResult<String>,
) -> JobResult<PlayedGames> {
    let (limits, opts) = check_play(cfg)?;
    let mut engine = Engine::new(opts).map_err(search_error)?;
    let play = SelfPlayOptions {
        random_plies: cfg.random_plies,
        max_plies: cfg.max_plies,
        seed: cfg.seed,
    };
    let (mut journal, done) = match journal {
        Some((path, key)) => {
            let (j, done) = Journal::open(path, &format!("{key} {cfg:?}"))?;
            (Some(j), done)
        }
        None => (None, Vec::new()),
    };
    progress.start("self-play", u64::from(cfg.games));
    let mut summary = SelfPlaySummary::default();
    let mut texts = Vec::new();
    for g in done.into_iter().take(cfg.games as usize) {
        summary.add_result(g.outcome, g.decisions);
        texts.push(g.text);
    }
    if !texts.is_empty() {
        progress.message(&format!("resumed after {} finished games", texts.len()));
    }
    for i in texts.len() as u32..cfg.games {
        let record = search::play_game(root, &mut engine, &limits, hints, &play, u64::from(i))
            .map_err(search_error)?;
        summary.add(&record);
        let text = on_game(i, &record)?;
        if let Some(j) = journal.as_mut() {
            j.append(&FinishedGame {
                index: i,
                outcome: record.outcome,
                decisions: record.decisions,
                text: text.clone(),
            })?;
        }
        texts.push(text);
        progress.message(&format!(
            "game {:>4}: {:<14} after {:>4} decisions",
            i + 1,
            outcome_text(record.outcome),
            record.decisions
        ));
        progress.advance(u64::from(i + 1), "");
    }
    progress.finish();
    Ok(PlayedGames {
        summary,
        texts,
        journal,
    })
}

/// What [`play_games`] gives back.
pub struct PlayedGames {
    /// The summary of every game.
    pub summary: SelfPlaySummary,
    /// What `on_game` kept of each game, in order (read back from the journal for games an
    /// earlier run finished).
    pub texts: Vec<String>,
    /// The journal, to remove once the files are written.
    pub journal: Option<Journal>,
}

fn outcome_text(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Win(Player::First)) => "first wins",
        Some(Outcome::Win(Player::Second)) => "second wins",
        Some(Outcome::Draw) => "draw",
        None => "unfinished",
    }
}

/// A game's result for record files (the first player is White in both games).
pub fn outcome_name(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Win(Player::First)) => "white wins",
        Some(Outcome::Win(Player::Second)) => "black wins",
        Some(Outcome::Draw) => "draw",
        None => "unfinished (ply cap)",
    }
}

/// A markdown section (`## title`) summarising self-play games: command, toolkit, parameters
/// and seed, then the table.
pub fn selfplay_markdown(
    title: &str,
    summary: &SelfPlaySummary,
    cfg: &PlayConfig,
    command: &str,
) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = writeln!(s, "## {title}\n");
    let _ = writeln!(s, "- command: `{command}`");
    let _ = writeln!(s, "- toolkit: {}", toolkit_version());
    let _ = writeln!(
        s,
        "- games {}, seed {}, random opening plies {}, ply cap {}, limits: depth {:?}, time {:?} s, nodes {:?}, threads {}\n",
        cfg.games,
        cfg.seed,
        cfg.random_plies,
        cfg.max_plies,
        cfg.search.depth,
        cfg.search.time,
        cfg.search.nodes,
        cfg.search.threads
    );
    let _ = writeln!(s, "| games | first wins | draws | second wins | unfinished | first player score | mean length (decisions) |");
    let _ = writeln!(s, "|---:|---:|---:|---:|---:|---:|---:|");
    let _ = writeln!(
        s,
        "| {} | {} | {} | {} | {} | {} | {:.1} |",
        summary.games,
        summary.first_wins,
        summary.draws,
        summary.second_wins,
        summary.unfinished,
        summary
            .first_player_score()
            .map_or("-".to_string(), |x| format!("{:.3}", x)),
        summary.mean_length()
    );
    s
}

/// Put a self-play section into the summary file `path` (document title `title`), replacing
/// the section of the same heading.
pub fn put_selfplay_section(path: &Path, title: &str, section: &str) -> JobResult<()> {
    let preamble = format!(
        "{title}\n\nFormat: gsolve-selfplay 1. Each section is written by the command it names \
         (engine against itself, same settings for both sides; the first player is White).\n\n"
    );
    put_markdown_section(path, &preamble, section)
}

/// What a self-play job did.
#[derive(Debug, Clone)]
pub struct PlayReport {
    /// The games' totals.
    pub summary: SelfPlaySummary,
    /// The summary section (markdown).
    pub markdown: String,
    /// Record files written.
    pub files: Vec<PathBuf>,
}

/// `gsolve dola play`.
#[derive(Debug, Clone)]
pub struct DolaPlayConfig {
    /// The variant (games start from its start position).
    pub variant: dola::Variant,
    /// The games.
    pub play: PlayConfig,
    /// Write each game as a French record (game i to `FILE-NNN.ext` when there are several).
    pub out: Option<PathBuf>,
    /// Put the summary section into this markdown file.
    pub summary: Option<PathBuf>,
    /// The command, stated in every file.
    pub command: String,
}

/// Path of game `index` (0-based) of `games` for the record path `out`.
pub fn game_path(out: &Path, index: u32, games: u32) -> PathBuf {
    if games == 1 {
        return out.to_path_buf();
    }
    let stem = out
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    let name = match out.extension() {
        Some(e) => format!("{stem}-{:03}.{}", index + 1, e.to_string_lossy()),
        None => format!("{stem}-{:03}", index + 1),
    };
    out.with_file_name(name)
}

/// The record file of one Dola game: `#` header lines (format, toolkit, command, variant, seed,
/// game number, result, length, final FEN), then [`dola::record::french_record`].
pub fn dola_record_file(
    cfg: &DolaPlayConfig,
    index: u32,
    record: &GameRecord<dola::Move>,
) -> String {
    let start = dola::Position::start(cfg.variant);
    let mut end = start.clone();
    for &m in &record.moves {
        end.play_unchecked(m);
    }
    format!(
        "# gsolve dola play record, format 1; {}\n# command: {}\n# variant {}, seed {}, game {} of {}, result: {}, {} plies\n# final FEN: {}\n{}",
        toolkit_version(),
        cfg.command,
        cfg.variant.name(),
        cfg.play.seed,
        index + 1,
        cfg.play.games,
        outcome_name(record.outcome),
        record.moves.len(),
        end.to_fen(),
        dola::record::french_record(&start, &record.moves)
    )
}

/// The job of `gsolve dola play`: the games, their records and the summary section.
pub fn dola_play(cfg: &DolaPlayConfig, progress: &dyn Progress) -> JobResult<PlayReport> {
    let start = dola::Position::start(cfg.variant);
    let journal = cfg.out.as_deref().map(journal_path);
    let key = format!("dola {}", cfg.variant.name());
    let played = play_games(
        &start,
        &dola::DolaHints,
        &cfg.play,
        journal.as_deref().map(|p| (p, key.as_str())),
        progress,
        |i, record| {
            let Some(out) = &cfg.out else {
                return Ok(String::new());
            };
            let path = game_path(out, i, cfg.play.games);
            write_atomic(&path, dola_record_file(cfg, i, record).as_bytes())?;
            Ok(path.display().to_string())
        },
    )?;
    let summary = played.summary;
    let files = if cfg.out.is_some() {
        played.texts.iter().map(PathBuf::from).collect()
    } else {
        Vec::new()
    };
    let title = dola_summary_title(cfg.variant);
    let markdown = selfplay_markdown(&title, &summary, &cfg.play, &cfg.command);
    if let Some(path) = &cfg.summary {
        put_selfplay_section(path, DOLA_SUMMARY_DOCUMENT, &markdown)?;
    }
    if let (Some(j), Some(out)) = (played.journal, &cfg.out) {
        j.remove(out);
    }
    Ok(PlayReport {
        summary,
        markdown,
        files,
    })
}

/// `gsolve hexecs play`.
#[derive(Debug, Clone)]
pub struct HexecsPlayConfig {
    /// The start position (a fresh game record starts from it).
    pub start: hexecs::Hexecs,
    /// The games.
    pub play: PlayConfig,
    /// Write all games to this file, one line of coordinate moves per game.
    pub out: Option<PathBuf>,
    /// Put the summary section into this markdown file.
    pub summary: Option<PathBuf>,
    /// The command, stated in every file.
    pub command: String,
}

/// The document title of Dola self-play summaries.
pub const DOLA_SUMMARY_DOCUMENT: &str = "# Dola engine self-play";
/// The document title of Hexecs self-play summaries.
pub const HEXECS_SUMMARY_DOCUMENT: &str = "# Hexecs engine self-play";

/// The summary section's title of Dola self-play in `variant`.
pub fn dola_summary_title(variant: dola::Variant) -> String {
    format!("Dola, variant {}", variant.name())
}

/// The summary section's title of Hexecs self-play from the position `start_text`.
pub fn hexecs_summary_title(start_text: &str) -> String {
    format!("Hexecs from `{start_text}`")
}

/// The comment lines that open a Hexecs record file.
pub fn hexecs_records_head(command: &str, start_text: &str, play: &PlayConfig) -> String {
    format!(
        "# gsolve hexecs play records, format 1; {}\n# command: {command}\n# start: {start_text}\n# seed {}, {} games; one line of moves per game, after its comment line\n",
        toolkit_version(),
        play.seed,
        play.games
    )
}

/// Game `index` (0-based) of a Hexecs record file: its comment line (number, result, length,
/// final position) and its line of moves.
pub fn hexecs_game_text(
    start: &hexecs::Hexecs,
    index: u32,
    record: &GameRecord<hexecs::Move>,
) -> String {
    let mut end = start.clone();
    for &m in &record.moves {
        game::Game::play(&mut end, m);
    }
    format!(
        "# game {}: {}, {} decisions, {} moves and die outcomes; final position: {}\n{}\n",
        index + 1,
        outcome_name(record.outcome),
        record.decisions,
        record.moves.len(),
        end.position_text(),
        hexecs::moves_line(&record.moves)
    )
}

/// The job of `gsolve hexecs play`. The record file has `#` comment lines (toolkit, command,
/// start position, and per game its number, result, length and final position) and one line
/// per game with its moves in coordinate notation (`D2D4 … roll roll=5 5:F1F6 …`), exactly what
/// `gsolve hexecs perft --fen START --moves "LINE"` reads.
pub fn hexecs_play(cfg: &HexecsPlayConfig, progress: &dyn Progress) -> JobResult<PlayReport> {
    // Self-play starts a fresh game record from this position.
    let start = hexecs::Hexecs::from_position(&cfg.start.position_text())
        .map_err(|e| JobError::input(format!("start position: {e}")))?;
    let start_text = start.position_text();
    let mut text = hexecs_records_head(&cfg.command, &start_text, &cfg.play);
    let journal = cfg.out.as_deref().map(journal_path);
    let key = format!("hexecs {start_text}");
    let played = play_games(
        &start,
        &hexecs::HexecsHints,
        &cfg.play,
        journal.as_deref().map(|p| (p, key.as_str())),
        progress,
        |i, record| Ok(hexecs_game_text(&start, i, record)),
    )?;
    let summary = played.summary;
    text.extend(played.texts);
    let mut files = Vec::new();
    if let Some(out) = &cfg.out {
        write_atomic(out, text.as_bytes())?;
        files.push(out.clone());
    }
    let title = hexecs_summary_title(&start_text);
    let markdown = selfplay_markdown(&title, &summary, &cfg.play, &cfg.command);
    if let Some(path) = &cfg.summary {
        put_selfplay_section(path, HEXECS_SUMMARY_DOCUMENT, &markdown)?;
    }
    if let (Some(j), Some(out)) = (played.journal, &cfg.out) {
        j.remove(out);
    }
    Ok(PlayReport {
        summary,
        markdown,
        files,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use search::toy::Pig;

    fn config(games: u32) -> PlayConfig {
        PlayConfig {
            games,
            seed: 5,
            random_plies: 1,
            max_plies: 200,
            search: SearchSettings {
                depth: Some(3),
                ..SearchSettings::default()
            },
        }
    }

    #[test]
    fn games_are_played_and_summarised() {
        let mut seen = 0;
        let cfg = config(3);
        let summary = play_games(
            &Pig::new(12),
            &game::NoHints,
            &cfg,
            None,
            &crate::NoProgress,
            |_, r| {
                seen += 1;
                assert!(r.outcome.is_some());
                Ok(String::new())
            },
        )
        .unwrap()
        .summary;
        assert_eq!((seen, summary.games), (3, 3));
        let md = selfplay_markdown("Pig to 12", &summary, &cfg, "test");
        assert!(md.starts_with("## Pig to 12\n") && md.contains("| 3 |"));
        let none = play_games(
            &Pig::new(12),
            &game::NoHints,
            &config(0),
            None,
            &crate::NoProgress,
            |_, _| Ok(String::new()),
        );
        assert!(matches!(none, Err(JobError::Input(_))));
    }

    #[test]
    fn game_paths_number_the_games() {
        let p = Path::new("runs/dola/g.txt");
        assert_eq!(game_path(p, 0, 1), PathBuf::from("runs/dola/g.txt"));
        assert_eq!(game_path(p, 4, 9), PathBuf::from("runs/dola/g-005.txt"));
        assert_eq!(game_path(Path::new("g"), 0, 2), PathBuf::from("g-001"));
    }
}
