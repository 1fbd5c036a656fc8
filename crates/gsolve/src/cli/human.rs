//! `gsolve dola play --human white` and `gsolve hexecs play --human white`: a person against
//! the engine in the terminal. The session (engine replies, dice, undo, hint) is
//! `jobs::human::Session`; the notation, the board drawing and the record are the game
//! crates'. This module reads lines, prints boards and messages.

use super::common::{read_session_line, write_atomic, CliError, CliResult, Global};
use super::search::{score_text, SearchLimits};
use game::{Evaluate, MoveHints, Notation, Outcome, Player};
use jobs::human::{Event, Session};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// The options of a game against the engine.
#[derive(clap::Args, Debug, Clone)]
pub struct HumanArgs {
    /// Play yourself against the engine, with this side (white or black), instead of engine
    /// self-play. Type moves at the prompt; `help` lists the commands (undo, hint, save, quit).
    /// The engine's strength is --depth, --time or --nodes (default --depth 3); --seed draws the
    /// die; --out is where `save` writes.
    #[arg(long, value_parser = ["white", "black"])]
    pub human: Option<String>,
    /// How to draw the board: auto (colour on a terminal that supports it, plain otherwise),
    /// plain (ASCII), unicode, colour.
    #[arg(long, default_value = "auto", value_parser = ["auto", "plain", "unicode", "colour", "color"])]
    pub board: String,
}

/// A board style for the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// ASCII.
    Plain,
    /// Box drawing.
    Unicode,
    /// Box drawing and ANSI colours.
    Colour,
}

impl HumanArgs {
    /// The side the person plays, if any.
    pub fn side(&self) -> Option<Player> {
        self.human.as_deref().map(|s| match s {
            "white" => Player::First,
            _ => Player::Second,
        })
    }

    /// The board style; `auto` is colour when stdout is a terminal, `TERM` is not `dumb` and
    /// `NO_COLOR` is unset, plain otherwise.
    pub fn style(&self) -> Style {
        match self.board.as_str() {
            "plain" => Style::Plain,
            "unicode" => Style::Unicode,
            "colour" | "color" => Style::Colour,
            _ => {
                let term_ok = std::env::var("TERM").is_ok_and(|t| t != "dumb");
                if std::io::stdout().is_terminal()
                    && term_ok
                    && std::env::var_os("NO_COLOR").is_none()
                {
                    Style::Colour
                } else {
                    Style::Plain
                }
            }
        }
    }
}

/// What the terminal loop needs of a game beyond the engine's traits.
pub trait HumanGame: Evaluate + Notation {
    /// The board drawn in `style`.
    fn draw(&self, style: Style) -> String;
    /// A typed move, or why it is refused.
    fn read_move(&self, text: &str) -> Result<Self::Move, String>;
    /// The text `save` writes for `moves` played from `start` (one the game's reader reads).
    fn record(start: &Self, moves: &[Self::Move], header: &str) -> String;
    /// A move as the player reads it (the game's own notation).
    fn say(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }
    /// Examples of typed moves for the help text.
    const MOVE_EXAMPLES: &'static str;
}

/// The engine's limits for a game against a person: as given, or depth 3.
pub fn human_limits(limits: &SearchLimits) -> jobs::search::SearchSettings {
    let mut s = limits.settings();
    if s.depth.is_none() && s.time.is_none() && s.nodes.is_none() {
        s.depth = Some(3);
    }
    s
}

/// Play a game of `game` (named in the saved record's header) against the engine on
/// stdin/stdout, with the person's options, the engine's limits and the seed of `flags`, and
/// `out` as the default file of `save`.
pub fn run_session<G: HumanGame, H: MoveHints<G>>(
    start: G,
    hints: H,
    args: &HumanArgs,
    flags: &super::search::PlayFlags,
    out: Option<PathBuf>,
    game: &str,
    global: &Global,
) -> CliResult {
    let header = format!(
        "# {} ({})\n# {game} against the engine\n",
        super::common::command_line(),
        super::common::toolkit_version()
    );
    let (limits, seed) = (&flags.limits, flags.seed);
    if global.json {
        return Err(CliError::input(
            "--json: a game against the engine is interactive and prints no JSON",
        ));
    }
    let human = args.side().expect("--human given");
    if let Some(f) = &out {
        jobs::output::check_writable_file("--out", f)?;
    }
    let mut s = Session::new(start, human, hints, &human_limits(limits), seed)?;
    let style = args.style();
    let mut stdin = std::io::stdin().lock();
    let mut raw = Vec::new();
    println!(
        "You play {}. Type a move ({}) or `help`.",
        side_name(human),
        G::MOVE_EXAMPLES
    );
    let mut show = true;
    loop {
        let before = s.position().clone();
        let events = s.advance()?;
        print_events(&before, &events);
        if show || !events.is_empty() {
            print!("{}", s.position().draw(style));
        }
        show = false;
        if let Some(o) = s.outcome() {
            println!("game over: {}", outcome_words(o));
        }
        let prompt = if s.outcome().is_some() {
            "game over> "
        } else {
            "your move> "
        };
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        let not_text = || {
            print!("error: that line is not UTF-8 text; type `help` for the commands\n{prompt}");
            let _ = std::io::stdout().flush();
            Ok(())
        };
        let Some(line) = read_session_line(&mut stdin, &mut raw, not_text)? else {
            println!();
            return Ok(());
        };
        match command(&mut s, line.trim(), &out, &header)? {
            Step::Quit => return Ok(()),
            Step::Redraw => show = true,
            Step::Stay => {}
        }
    }
}

enum Step {
    Quit,
    Redraw,
    Stay,
}

const HELP: &str = "commands: a move | undo (take back your last move) | hint (the engine's \
choice for you) | save [FILE] (write the record) | board | moves | quit";

fn command<G: HumanGame, H: MoveHints<G>>(
    s: &mut Session<G, H>,
    line: &str,
    out: &Option<PathBuf>,
    header: &str,
) -> Result<Step, CliError> {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    match word {
        "" => Ok(Step::Stay),
        "quit" | "exit" => Ok(Step::Quit),
        "help" | "?" => {
            println!("{HELP}\nmoves: {}", G::MOVE_EXAMPLES);
            Ok(Step::Stay)
        }
        "board" => Ok(Step::Redraw),
        "moves" => {
            let mut g = s.start().clone();
            let texts: Vec<String> = s
                .moves()
                .iter()
                .map(|&m| {
                    let t = g.move_text(m);
                    g.play(m);
                    t
                })
                .collect();
            println!(
                "{}",
                if texts.is_empty() {
                    "(no moves yet)".to_string()
                } else {
                    texts.join(" ")
                }
            );
            Ok(Step::Stay)
        }
        "undo" => {
            if s.undo() {
                println!("taken back");
                Ok(Step::Redraw)
            } else {
                println!("nothing to take back");
                Ok(Step::Stay)
            }
        }
        "hint" => {
            if !s.human_to_move() {
                println!("no move to hint: the game is over");
                return Ok(Step::Stay);
            }
            let r = s.search()?;
            println!(
                "hint: {} (depth {}, score {})",
                s.position().say(r.best_move),
                r.depth,
                score_text(r.score_kind)
            );
            Ok(Step::Stay)
        }
        "save" => {
            let path = match (rest.trim(), out) {
                ("", Some(p)) => p.clone(),
                ("", None) => {
                    println!("save where? `save FILE` (or start with --out FILE)");
                    return Ok(Step::Stay);
                }
                (f, _) => PathBuf::from(f),
            };
            let text = G::record(s.start(), &s.moves(), header);
            match write_atomic(&path, text.as_bytes()) {
                Ok(()) => println!("saved {}", path.display()),
                Err(e) => println!("not saved: {e}"),
            }
            Ok(Step::Stay)
        }
        _ if s.outcome().is_some() => {
            println!("the game is over (undo, save or quit)");
            Ok(Step::Stay)
        }
        _ => match s.position().read_move(line) {
            Ok(m) => {
                println!("you: {}", s.position().say(m));
                s.play_human(m)?;
                Ok(Step::Redraw)
            }
            Err(e) => {
                println!("{e}");
                Ok(Step::Stay)
            }
        },
    }
}

fn print_events<G: HumanGame>(before: &G, events: &[Event<G::Move>]) {
    let mut g = before.clone();
    for e in events {
        match e {
            Event::Chance(m) => println!("die: {}", g.say(*m)),
            Event::Engine { mv, depth, score } => println!(
                "engine: {} (depth {depth}, score {})",
                g.say(*mv),
                score_text(*score)
            ),
        }
        g.play(match e {
            Event::Chance(m) | Event::Engine { mv: m, .. } => *m,
        });
    }
}

fn side_name(p: Player) -> &'static str {
    match p {
        Player::First => "White",
        Player::Second => "Black",
    }
}

fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::Win(Player::First) => "White wins (1-0)",
        Outcome::Win(Player::Second) => "Black wins (0-1)",
        Outcome::Draw => "draw (1/2-1/2)",
    }
}

impl HumanGame for dola::Position {
    fn draw(&self, style: Style) -> String {
        self.to_terminal(match style {
            Style::Plain => dola::BoardStyle::Plain,
            Style::Unicode => dola::BoardStyle::Unicode,
            Style::Colour => dola::BoardStyle::Colour,
        })
    }
    fn read_move(&self, text: &str) -> Result<dola::Move, String> {
        dola::record::read_move(self, text)
    }
    fn record(start: &Self, moves: &[dola::Move], header: &str) -> String {
        format!("{header}{}", dola::record::french_record(start, moves))
    }
    fn say(&self, mv: dola::Move) -> String {
        format!(
            "{} ({})",
            dola::record::move_word(self, mv),
            dola::Position::coordinate(mv)
        )
    }
    const MOVE_EXAMPLES: &'static str = "Pf2-f5, CTh1-g3, Fi5xFf2, 00 (Rf1-i1) or f2f5";
}

impl HumanGame for hexecs::Hexecs {
    fn draw(&self, _style: Style) -> String {
        // The hexagonal diagram is plain text in every style.
        format!("{}\n", hexecs::show::text_diagram(self.board()))
    }
    fn read_move(&self, text: &str) -> Result<hexecs::Move, String> {
        self.parse_move(text).map_err(|e| e.to_string())
    }
    fn record(start: &Self, moves: &[hexecs::Move], header: &str) -> String {
        let line = hexecs::moves_line(moves);
        format!("{header}# start: {}\n{line}\n", start.position_text())
    }
    const MOVE_EXAMPLES: &'static str = "D2D4, B1E3, roll, 5:F1F6, 5:pass";
}
