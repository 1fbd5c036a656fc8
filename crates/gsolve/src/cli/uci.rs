//! `gsolve dola uci`: the Universal Chess Interface for the three Dola games, so that a chess
//! GUI or match runner that drives UCI engines can drive gsolve.
//!
//! As in Fairy-Stockfish, the variant is the option `UCI_Variant` (`dola-sultan`,
//! `dola-qinwan`, `dola-sinwan`; the bare names are accepted too), positions are FEN with 10
//! files and 10 ranks (`dola::Position::to_fen`, the format of `gsolve dola show`), and moves
//! are coordinates: `f2f5`, a promotion with the piece's FEN letter (`d9d10q`, `d4e1+q` for a
//! super queen), castling as the king's move (`f1i1`). Commands: `uci`, `isready`,
//! `setoption name … value …` (UCI_Variant, Hash, Threads), `ucinewgame`, `position startpos |
//! fen FEN [moves …]`, `go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS
//! movestogo N] [infinite]`, `stop`, `d` (the board, as text), `quit`. The search runs on a
//! thread of its own while the loop goes on reading: `stop` ends it (the last completed
//! iteration's move is the answer; depth 1 always completes), `isready` is answered at once,
//! `quit` stops it and exits; every `go` is answered by exactly one `bestmove`. `go infinite`
//! searches until `stop` (and answers only then, as the protocol asks); a bare `go` searches
//! to depth 6; `go movetime MS` spends at most MS; with `wtime`/`btime` the engine takes
//! `time left / movestogo (30 if not given) + increment / 2`. A `go` during a search waits
//! for it to end, as in Stockfish (during `go infinite` it is an error: send `stop` first);
//! `position`, `setoption` and `ucinewgame` during one set up the next search. `ponder` and
//! `ponderhit` are accepted and ignored (a pondering `go` is a normal search). Errors in a
//! command, and lines that are not UTF-8, are reported as `info string error: …` and the
//! engine keeps running, as GUIs expect.

use super::common::{read_session_line, CliError, CliResult, Global};
use super::search::line_text;
use dola::{DolaHints, Position, Variant};
use jobs::search::SearchSettings;
use search::ScoreKind;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// The engine state between commands.
struct Uci {
    variant: Variant,
    pos: Position,
    hash_mb: usize,
    threads: usize,
    /// The search in progress, if any.
    search: Option<Search>,
}

/// A search running on its own thread; it prints its `info` lines and its one `bestmove`.
struct Search {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
    infinite: bool,
}

impl Search {
    /// Raise the stop flag and wait for the `bestmove`.
    fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.thread.join();
    }
}

/// One line to stdout, flushed (the search thread and the loop share it; a line is written
/// under the lock, so lines never mix).
fn say(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")?;
    out.flush()
}

/// Run the UCI loop on stdin/stdout until `quit` or the end of input.
pub fn run(global: &Global) -> CliResult {
    if global.json {
        return Err(CliError::input(
            "--json: `dola uci` speaks UCI on stdout and prints no JSON",
        ));
    }
    let mut uci = Uci {
        variant: Variant::Sultan,
        pos: Position::start(Variant::Sultan),
        hash_mb: 64,
        threads: 1,
        search: None,
    };
    let mut stdin = std::io::stdin().lock();
    let mut quit = false;
    let mut raw = Vec::new();
    loop {
        let not_text =
            || say("info string error: command is not UTF-8 text").map_err(CliError::runtime);
        let Some(line) = read_session_line(&mut stdin, &mut raw, not_text)? else {
            break;
        };
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { continue };
        let rest: Vec<&str> = words.collect();
        // A search that ended by itself leaves its thread to join.
        if uci.search.as_ref().is_some_and(|s| s.thread.is_finished()) {
            let _ = uci.search.take().map(|s| s.thread.join());
        }
        let reply = match cmd {
            "quit" => {
                quit = true;
                break;
            }
            "uci" => Ok(uci_id()),
            "isready" => Ok("readyok".to_string()),
            "ucinewgame" => {
                uci.pos = Position::start(uci.variant);
                Ok(String::new())
            }
            "setoption" => uci.set_option(&rest).map(|()| String::new()),
            "position" => uci.position(&rest).map(|()| String::new()),
            "go" => uci.go(&rest),
            "stop" => {
                if let Some(s) = uci.search.take() {
                    s.stop();
                }
                Ok(String::new())
            }
            "d" => Ok(uci.pos.to_text().trim_end().to_string()),
            "ponderhit" | "debug" | "register" => Ok(String::new()),
            other => Err(format!("unknown command {other:?}")),
        };
        match reply {
            Ok(text) if !text.is_empty() => say(&text),
            Ok(_) => Ok(()),
            Err(e) => say(&format!("info string error: {e}")),
        }
        .map_err(CliError::runtime)?;
    }
    // `quit`, or the end of the input: an infinite search is stopped (nothing else would end
    // it), any other is let finish, so that every `go` gets its `bestmove`.
    if let Some(s) = uci.search.take() {
        if s.infinite || quit {
            s.stop();
        } else {
            let _ = s.thread.join();
        }
    }
    Ok(())
}

fn uci_id() -> String {
    let vars: Vec<String> = Variant::ALL
        .iter()
        .map(|v| format!("var dola-{}", v.name()))
        .collect();
    format!(
        "id name gsolve {} (Dola)\nid author the gsolve authors\n\
         option name UCI_Variant type combo default dola-sultan {}\n\
         option name Hash type spin default 64 min 1 max 65536\n\
         option name Threads type spin default 1 min 1 max 256\nuciok",
        env!("CARGO_PKG_VERSION"),
        vars.join(" ")
    )
}

impl Uci {
    /// `setoption name NAME value VALUE`.
    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        let text = words.join(" ");
        let body = text
            .strip_prefix("name ")
            .ok_or("expected `setoption name NAME value VALUE`")?;
        let (name, value) = body
            .split_once(" value ")
            .ok_or("expected `setoption name NAME value VALUE`")?;
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let v = value.strip_prefix("dola-").unwrap_or(value);
                self.variant = v.parse().map_err(|_| {
                    format!(
                        "UCI_Variant {value:?}: expected dola-sultan, dola-qinwan or dola-sinwan"
                    )
                })?;
                self.pos = Position::start(self.variant);
            }
            // The ranges announced by `uci`; a value outside keeps the old one.
            "hash" => {
                self.hash_mb = value
                    .parse()
                    .ok()
                    .filter(|v| (1..=65536).contains(v))
                    .ok_or_else(|| format!("Hash {value:?}: expected MiB from 1 to 65536"))?
            }
            "threads" => {
                self.threads = value
                    .parse()
                    .ok()
                    .filter(|v| (1..=256).contains(v))
                    .ok_or_else(|| format!("Threads {value:?}: expected a count from 1 to 256"))?
            }
            other => return Err(format!("unknown option {other:?}")),
        }
        Ok(())
    }

    /// `position startpos|fen FEN [moves …]`; the position is unchanged on an error.
    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let mut pos = match setup.first() {
            Some(&"startpos") => Position::start(self.variant),
            Some(&"fen") => Position::from_fen(self.variant, &setup[1..].join(" "))
                .map_err(|e| format!("fen: {e}"))?,
            _ => return Err("expected `position startpos` or `position fen FEN`".to_string()),
        };
        for m in moves {
            pos.play_text(m).map_err(|e| format!("move {m}: {e}"))?;
        }
        self.pos = pos;
        Ok(())
    }

    /// `go …`: start the search on its own thread, which prints an `info` line per
    /// iteration and then `bestmove` (for `go infinite`, once `stop` comes).
    fn go(&mut self, words: &[&str]) -> Result<String, String> {
        // As in Stockfish, a `go` waits for the search in progress to end (an infinite one
        // would never end: that is an error).
        if let Some(s) = self.search.take() {
            if s.infinite {
                self.search = Some(s);
                return Err("go: an infinite search is running (send stop first)".to_string());
            }
            let _ = s.thread.join();
        }
        let (settings, infinite) = self.go_settings(words)?;
        settings.resolve().map_err(|e| e.to_string())?;
        if self.pos.count_legal() == 0 {
            return Ok("bestmove 0000".to_string());
        }
        let root = self.pos.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            let r = jobs::search::search_position_until(
                &root,
                &DolaHints,
                &settings,
                Some(&flag),
                |it| {
                    let _ = say(&format!(
                        "info depth {} seldepth {} score {} nodes {} nps {:.0} time {} pv {}",
                        it.depth,
                        it.seldepth,
                        uci_score(it.score_kind),
                        it.nodes,
                        it.nps(),
                        it.elapsed.as_millis(),
                        line_text(&root, &it.pv).join(" ")
                    ));
                },
            );
            // The protocol: in infinite mode the answer waits for `stop`.
            while infinite && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            let _ = match r {
                Ok((r, _)) => say(&format!("bestmove {}", Position::coordinate(r.best_move))),
                Err(e) => say(&format!("info string error: {e}\nbestmove 0000")),
            };
        });
        self.search = Some(Search {
            stop,
            thread,
            infinite,
        });
        Ok(String::new())
    }

    /// The search limits of a `go` command and whether it is `go infinite`.
    fn go_settings(&self, words: &[&str]) -> Result<(SearchSettings, bool), String> {
        let mut s = SearchSettings {
            threads: self.threads,
            tt_mb: self.hash_mb,
            ..SearchSettings::default()
        };
        let (mut wtime, mut btime, mut winc, mut binc, mut togo) = (None, None, 0u64, 0u64, 30u64);
        let mut infinite = false;
        let mut i = 0;
        while i < words.len() {
            let value = || -> Result<u64, String> {
                let v = words
                    .get(i + 1)
                    .ok_or(format!("go {}: expected a number", words[i]))?;
                v.parse()
                    .map_err(|_| format!("go {} {v}: expected a number", words[i]))
            };
            match words[i] {
                "depth" => {
                    let d = value()?;
                    s.depth = Some(u32::try_from(d).map_err(|_| {
                        format!(
                            "go depth {d}: expected a depth from 1 to {}",
                            search::MAX_DEPTH
                        )
                    })?)
                }
                "nodes" => s.nodes = Some(value()?),
                "movetime" => s.time = Some(value()? as f64 / 1000.0),
                "wtime" => wtime = Some(value()?),
                "btime" => btime = Some(value()?),
                "winc" => winc = value()?,
                "binc" => binc = value()?,
                "movestogo" => togo = value()?.max(1),
                "infinite" | "ponder" => {
                    infinite |= words[i] == "infinite";
                    i += 1;
                    continue;
                }
                other => return Err(format!("go: unknown limit {other:?}")),
            }
            i += 2;
        }
        let white = self.pos.side_to_move() == dola::Color::White;
        let (left, inc) = if white { (wtime, winc) } else { (btime, binc) };
        if let (None, Some(ms)) = (s.time, left) {
            // A share of the clock; the engine starts no iteration after half of it.
            s.time = Some(((ms / togo + inc / 2) as f64 / 1000.0).max(0.01));
        }
        if infinite {
            // Until `stop`: no limit but the deepest iteration the engine has.
            (s.depth, s.nodes, s.time) = (Some(search::MAX_DEPTH), None, None);
        } else if s.depth.is_none() && s.nodes.is_none() && s.time.is_none() {
            s.depth = Some(6);
        }
        Ok((s, infinite))
    }
}

fn uci_score(kind: ScoreKind) -> String {
    match kind {
        ScoreKind::Eval(cp) => format!("cp {cp}"),
        // UCI counts mates in moves, not plies.
        ScoreKind::WinIn(n) => format!("mate {}", n.div_ceil(2)),
        ScoreKind::LossIn(n) => format!("mate -{}", n.div_ceil(2)),
    }
}
