//! `gsolve darkhex play FILE.mix`: play Dark Hex against a saved mixture (issue 18, item 6).
//!
//! The engine is the mixture's owner and plays one of its policies, drawn by weight at the
//! start of each game (`darkhex::play::Match`: exactly the mixed strategy the certificate
//! proves). The person (or a script) plays the other side and is told only what the rules tell
//! a player: whether its probe placed a stone or found a hidden enemy stone, whose turn it is,
//! and the result at the end — never where, or how often, the engine probed.
//!
//! One command a line on stdin, one answer on stdout, GTP style: `= text` or `? error`, then a
//! blank line (with `--json`: one object a line, `{"ok": …, "reply": …}`). Commands: `probe
//! CELL` (or just `CELL`, e.g. `b2`), `board` (your view: `X` yours, `O` found enemy stones),
//! `new` (the next game, the next draw), `help`, `quit`.

use super::common::{print_json, read_session_line, CliResult, Global};
use darkhex::play::Match;
use darkhex::Probe;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `gsolve darkhex play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The engine's strategy: a DARKHEX_MIXTURE certificate (e.g. black-lower.mix to play
    /// White against Black's mixture).
    file: PathBuf,
    /// Seed of the engine's draws (game k of the session uses seed + k).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

const HELP: &str = "commands: probe CELL (or just CELL), board, new, help, quit";

fn side(p: u8) -> &'static str {
    if p == 0 {
        "Black (top-bottom)"
    } else {
        "White (left-right)"
    }
}

/// The answer to one command, or `None` to quit.
fn answer(
    g: &mut Match,
    line: &str,
    new_game: &mut dyn FnMut() -> Match,
) -> Option<Result<String, String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let cell_name = match words.as_slice() {
        ["quit"] => return None,
        [] | ["help"] => return Some(Ok(HELP.into())),
        ["board"] => return Some(Ok(format!("\n{}", g.view()))),
        ["new"] => {
            *g = new_game();
            return Some(Ok(format!(
                "new game: you are {}; your turn",
                side(g.human())
            )));
        }
        ["probe", c] | [c] => *c,
        _ => return Some(Err(format!("unknown command {line:?} ({HELP})"))),
    };
    let cell = match g.game().geometry().parse_cell(cell_name) {
        Ok(c) => c,
        Err(e) => return Some(Err(format!("{cell_name}: {e}"))),
    };
    Some(match g.probe(cell) {
        Err(e) => Err(e.to_string()),
        Ok(r) => {
            let what = match r {
                Probe::Placed => "placed",
                Probe::Found => "found an enemy stone",
            };
            Ok(match g.winner() {
                Some(w) => format!(
                    "{what}; {} wins{}\n{}",
                    side(w),
                    if w == g.human() { " (you)" } else { "" },
                    g.reveal()
                ),
                None if g.human_to_move() => format!("{what}; your turn"),
                None => unreachable!("the engine plays until it is the person's turn"),
            })
        }
    })
}

/// Run `gsolve darkhex play`.
pub fn run(a: &PlayArgs, global: &Global) -> CliResult {
    let mixture = jobs::darkhex::certify::read_mixture(&a.file)?;
    let mut games = 0u64;
    let seed = a.seed;
    let mut new_game = || {
        let m = Match::new(&mixture, seed.wrapping_add(games)).expect("a parsed mixture's board");
        games += 1;
        m
    };
    let mut g = new_game();
    let say = |r: Result<String, String>| {
        if global.json {
            let (ok, reply) = match r {
                Ok(t) => (true, t),
                Err(t) => (false, t),
            };
            print_json(&json!({ "ok": ok, "reply": reply }));
        } else {
            match r {
                Ok(t) => println!("= {t}\n"),
                Err(t) => println!("? {t}\n"),
            }
        }
        let _ = std::io::stdout().flush();
    };
    say(Ok(format!(
        "{} {}x{}: you are {} against the mixture's {} ({} policies); your turn; {HELP}",
        mixture.rules.variant,
        mixture.rules.rows,
        mixture.rules.cols,
        side(g.human()),
        side(mixture.owner),
        mixture.policies.len()
    )));
    let mut stdin = std::io::stdin().lock();
    let mut raw = Vec::new();
    loop {
        let not_text = || {
            say(Err(
                "that line is not UTF-8 text; type `help` for the commands".into(),
            ));
            Ok(())
        };
        let Some(line) = read_session_line(&mut stdin, &mut raw, not_text)? else {
            break;
        };
        match answer(&mut g, line.trim(), &mut new_game) {
            None => break,
            Some(r) => say(r),
        }
    }
    Ok(())
}
