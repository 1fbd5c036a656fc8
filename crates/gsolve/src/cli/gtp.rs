//! `gsolve gtp`: a Go Text Protocol engine for Rex speaking Benzene's command names, so that
//! HexGui and the Solrex regression scripts can drive the exact solver.
//!
//! Commands: `protocol_version`, `name`, `version`, `known_command`, `list_commands`,
//! `boardsize N` or `boardsize COLS ROWS`, `clear_board`, `play COLOUR CELL`,
//! `genmove COLOUR`, `undo`, `showboard`, `dfpn-solve-state [COLOUR]` (the winner of the
//! position with COLOUR to move, default the side to move), `dfpn-solver-find-winning COLOUR`
//! (every winning move of COLOUR, space-separated), `param_dfpn [NAME VALUE]` (Solrex's solver
//! parameters that apply here: `threads`, `timelimit` seconds per solve, 0 = none, and
//! `tt_mb`; without arguments it lists them), `time_settings MAIN BYO STONES` and
//! `time_left COLOUR SECONDS STONES` (genmove then solves within its share of the time left
//! and otherwise plays the solver's first-ordered move; a winning move is one the solve proved,
//! not necessarily the first listed by `dfpn-solver-find-winning`), `quit`. A solve cut by a time limit
//! answers `unknown` (dfpn-solve-state) or the empty list. Each solve logs its search nodes on
//! standard error as a line `Work N`, the form of Solrex's work lines.
//!
//! Conventions: by default gsolve's (Black first, joining top and bottom). With `--benzene`,
//! Benzene's as used in the Solrex suite: the colour names are exchanged (`white` is the first
//! player) and every cell is transposed (column letter ↔ row number), so the first player joins
//! west and east. Errors answer `? message` and never end the session.

use super::common::{read_session_line, CliError, CliResult, Global};
use super::rex::SolverOpts;
use exact::Solver;
use game::{Game, Player};
use rex::solrex::transpose_name;
use rex::{RexMove, RexPosition};
use std::io::Write;

/// Arguments of `gsolve gtp`.
#[derive(clap::Args, Debug)]
pub struct GtpArgs {
    /// Speak Benzene's convention: `white` moves first and joins west–east; cells transposed.
    #[arg(long)]
    benzene: bool,
    /// Initial board size.
    #[arg(long, default_value_t = 5)]
    size: usize,
    #[command(flatten)]
    solver: SolverOpts,
}

const COMMANDS: &[&str] = &[
    "boardsize",
    "clear_board",
    "dfpn-solve-state",
    "dfpn-solver-find-winning",
    "genmove",
    "known_command",
    "list_commands",
    "name",
    "param_dfpn",
    "play",
    "protocol_version",
    "quit",
    "showboard",
    "time_left",
    "time_settings",
    "undo",
    "version",
];

/// The engine state: the position (u64 boards, up to 8×8 — the exact solver's reach), the
/// move history for `undo`, and one solver whose table persists between commands.
pub struct GtpEngine {
    benzene: bool,
    pos: RexPosition<u64>,
    history: Vec<(Player, u32)>,
    solver: Solver<RexPosition<u64>>,
    opts: SolverOpts,
    /// Seconds per solve command (`param_dfpn timelimit`), 0 = none.
    timelimit: f64,
    /// Seconds left on each player's clock (`time_settings`, `time_left`), if timed.
    clock: [Option<f64>; 2],
}

impl GtpEngine {
    /// A new engine on an empty `size × size` board.
    pub fn new(benzene: bool, size: usize, opts: &SolverOpts) -> Result<Self, CliError> {
        let pos = Self::board(size, size)?;
        let solver = Solver::new(opts.config_for(Some(size * size))?).map_err(CliError::input)?;
        Ok(GtpEngine {
            benzene,
            pos,
            history: Vec::new(),
            solver,
            opts: opts.clone(),
            timelimit: 0.0,
            clock: [None, None],
        })
    }

    fn board(rows: usize, cols: usize) -> Result<RexPosition<u64>, CliError> {
        if rows.saturating_mul(cols) > 64 || rows == 0 || cols == 0 {
            return Err(CliError::input(format!(
                "board {cols}x{rows} not supported: the GTP engine takes 1 to 64 cells"
            )));
        }
        RexPosition::new(rows, cols).map_err(CliError::input)
    }

    fn colour(&self, text: &str) -> Result<Player, String> {
        let p = match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Player::First,
            "w" | "white" => Player::Second,
            _ => return Err(format!("unknown colour {text:?} (expected black or white)")),
        };
        Ok(if self.benzene { p.other() } else { p })
    }

    fn colour_name(&self, p: Player) -> &'static str {
        let p = if self.benzene { p.other() } else { p };
        match p {
            Player::First => "black",
            Player::Second => "white",
        }
    }

    fn cell(&self, text: &str) -> Result<u32, String> {
        let name = if self.benzene {
            transpose_name(text).ok_or_else(|| format!("bad cell {text:?}"))?
        } else {
            text.to_string()
        };
        self.pos
            .parse_cell(&name)
            .map_err(|e| format!("{e}").replace(&name, text))
    }

    fn cell_name(&self, cell: u32) -> String {
        let n = self.pos.hex().name(cell);
        if self.benzene {
            transpose_name(&n).unwrap_or(n)
        } else {
            n
        }
    }

    /// Every winning move of `p`, or `None` when the time limit cut the solve.
    fn winning_moves(&mut self, p: Player, seconds: f64) -> Option<Vec<u32>> {
        let mut pos = self.pos.clone();
        pos.set_to_move(p);
        if pos.loser().is_some() {
            return Some(Vec::new());
        }
        self.arm(seconds);
        let values = self.logged(|s| s.move_values(&pos));
        if self.solver.stopped() {
            return None;
        }
        let mut w: Vec<u32> = values
            .iter()
            .filter(|v| v.wins)
            .filter_map(|v| v.mv.as_cell())
            .collect();
        w.sort_by_key(|&c| self.cell_name(c));
        Some(w)
    }

    /// A winning move of `p` ([`exact::Solver::winning_move`]: taken from the solve's own
    /// proofs, the other moves left unsolved), `Some(None)` when `p` loses, `None` when the
    /// time limit cut the solve.
    fn one_winning_move(&mut self, p: Player, seconds: f64) -> Option<Option<u32>> {
        let mut pos = self.pos.clone();
        pos.set_to_move(p);
        self.arm(seconds);
        let mv = self.logged(|s| s.winning_move(&pos));
        (!self.solver.stopped()).then(|| mv.and_then(|m| m.as_cell()))
    }

    /// Set the solver's deadline `seconds` from now (0: none).
    fn arm(&mut self, seconds: f64) {
        // A limit too large for the clock (`param_dfpn timelimit 1e300`) is no limit.
        let d = jobs::clock::deadline_after(std::time::Instant::now(), seconds);
        self.solver.set_deadline(d);
    }

    /// The time genmove may spend for `p`: the solve limit, and a share of the clock (the
    /// time left over half the moves `p` still has to make, at least 0.05 s).
    fn move_budget(&self, p: Player) -> f64 {
        let moves_left = (self.pos.empty().count_ones() as f64 / 2.0).ceil().max(1.0);
        let share = self.clock[p.index()].map(|t| (t / moves_left).max(0.05));
        match (share, self.timelimit > 0.0) {
            (Some(s), true) => s.min(self.timelimit),
            (Some(s), false) => s,
            (None, true) => self.timelimit,
            (None, false) => 0.0,
        }
    }

    /// `param_dfpn`: list, or set one parameter.
    fn param_dfpn(&mut self, args: &[&str]) -> Result<Option<String>, String> {
        if args.is_empty() {
            return Ok(Some(format!(
                "\n[string] threads {}\n[string] timelimit {}\n[string] tt_mb {}",
                self.opts.threads,
                self.timelimit,
                self.opts.tt_mb_for(Some(self.cells()))
            )));
        }
        if args.len() != 2 {
            return Err("param_dfpn takes NAME VALUE".into());
        }
        let number = |what: &str| -> Result<f64, String> {
            args[1]
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("param_dfpn {what} {:?}: expected a number >= 0", args[1]))
        };
        match args[0] {
            "threads" | "tt_mb" => {
                let v = number(args[0])? as usize;
                let mut opts = self.opts.clone();
                if args[0] == "threads" {
                    opts.threads = v;
                } else {
                    opts.tt_mb = Some(v);
                }
                self.renew(opts)?;
            }
            "timelimit" => self.timelimit = number("timelimit")?,
            other => return Err(format!("param_dfpn: unknown or unsupported parameter {other:?} (supported: threads, timelimit, tt_mb)")),
        }
        Ok(Some(String::new()))
    }

    /// Execute one command line; `Ok(None)` means quit.
    pub fn execute(&mut self, line: &str) -> Result<Option<String>, String> {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Ok(Some(String::new()));
        };
        let args: Vec<&str> = words.collect();
        let need = |n: usize| need_args(cmd, &args, n);
        let done = Ok(Some(String::new()));
        match cmd {
            "protocol_version" => Ok(Some("2".into())),
            "name" => Ok(Some("gsolve".into())),
            "version" => Ok(Some(env!("CARGO_PKG_VERSION").into())),
            "known_command" => {
                need(1)?;
                Ok(Some(COMMANDS.contains(&args[0]).to_string()))
            }
            "list_commands" => Ok(Some(COMMANDS.join("\n"))),
            "quit" => Ok(None),
            "boardsize" => {
                need(1)?;
                at_most(cmd, &args, 2)?;
                self.boardsize(&args)?;
                done
            }
            "clear_board" => {
                self.pos =
                    Self::board(self.pos.rows(), self.pos.cols()).map_err(|e| e.to_string())?;
                self.history.clear();
                done
            }
            "play" => {
                need(2)?;
                at_most(cmd, &args, 2)?;
                let p = self.colour(args[0])?;
                let cell = self.cell(args[1])?;
                self.pos.try_place(p, cell).map_err(|e| e.to_string())?;
                self.history.push((p, cell));
                done
            }
            "undo" => {
                let (p, cell) = self.history.pop().ok_or("nothing to undo")?;
                self.pos.undo(RexMove::cell(cell));
                self.pos.set_to_move(p);
                done
            }
            "genmove" => {
                need(1)?;
                let p = self.colour(args[0])?;
                self.genmove(p).map(Some)
            }
            "showboard" => Ok(Some(format!("\n{}", self.pos.to_text()))),
            "dfpn-solve-state" => {
                let p = match args.first() {
                    Some(c) => self.colour(c)?,
                    None => self.pos.to_move(),
                };
                Ok(Some(self.solve_state(p)))
            }
            "dfpn-solver-find-winning" => {
                need(1)?;
                let p = self.colour(args[0])?;
                let limit = self.timelimit;
                let names: Vec<String> = self
                    .winning_moves(p, limit)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|c| self.cell_name(c))
                    .collect();
                Ok(Some(names.join(" ")))
            }
            "param_dfpn" => self.param_dfpn(&args),
            "time_settings" => {
                need(1)?;
                let main = seconds_arg("time_settings: bad main time", args[0])?;
                // Byo-yomi is not modelled: the main time is the whole budget (0: untimed).
                self.clock = if main > 0.0 {
                    [Some(main), Some(main)]
                } else {
                    [None, None]
                };
                done
            }
            "time_left" => {
                need(2)?;
                let p = self.colour(args[0])?;
                self.clock[p.index()] = Some(seconds_arg("time_left: bad seconds", args[1])?);
                done
            }
            _ => Err(format!("unknown command {cmd:?}")),
        }
    }

    /// `boardsize W [H]`: a new empty board (Benzene gives width (columns) then height).
    fn boardsize(&mut self, args: &[&str]) -> Result<(), String> {
        let parse = |s: &str| {
            s.parse::<usize>()
                .map_err(|_| format!("bad board size {s:?}"))
        };
        let w = parse(args[0])?;
        let h = if args.len() > 1 { parse(args[1])? } else { w };
        // Transposed in Benzene mode.
        let (rows, cols) = if self.benzene { (w, h) } else { (h, w) };
        let before = self.opts.tt_mb_for(Some(self.cells()));
        self.pos = Self::board(rows, cols).map_err(|e| e.to_string())?;
        self.history.clear();
        if self.opts.tt_mb_for(Some(self.cells())) != before {
            // The table sized by the board (no `--tt-mb`, no `param_dfpn tt_mb`): resized.
            self.renew(self.opts.clone())?;
        }
        Ok(())
    }

    /// Cells of the board.
    fn cells(&self) -> usize {
        self.pos.rows() * self.pos.cols()
    }

    /// A new solver (and table) with the resources of `opts`, which become the engine's.
    fn renew(&mut self, opts: SolverOpts) -> Result<(), String> {
        let config = opts
            .config_for(Some(self.cells()))
            .map_err(|e| e.to_string())?;
        self.solver = Solver::new(config).map_err(|e| e.to_string())?;
        self.opts = opts;
        Ok(())
    }

    /// `genmove P`: play and name a winning move of `p` found within its time budget; without
    /// one, the solver's first-ordered move when time ran out, or a move that does not lose at
    /// once when the position is lost.
    fn genmove(&mut self, p: Player) -> Result<String, String> {
        if self.pos.loser().is_some() {
            return Err("the game is over".into());
        }
        let budget = self.move_budget(p);
        let started = std::time::Instant::now();
        let win = self.one_winning_move(p, budget);
        if let Some(t) = &mut self.clock[p.index()] {
            *t = (*t - started.elapsed().as_secs_f64()).max(0.0);
        }
        let mut pos = self.pos.clone();
        pos.set_to_move(p);
        let safe = pos.empty() & !pos.suicide_cells();
        let cell = match win {
            Some(Some(c)) => c,
            None => {
                // Out of time: the solver's own best guess (its first-ordered move).
                let mut moves = Vec::new();
                let _ = game::ExactGame::prepare(&pos, &mut moves);
                moves
                    .iter()
                    .find_map(|m| m.as_cell())
                    .unwrap_or(if safe != 0 { safe } else { pos.empty() }.trailing_zeros())
            }
            Some(None) => {
                // Lost anyway: prolong the game with a move that does not lose at once.
                let pick = if safe != 0 { safe } else { pos.empty() };
                if pick == 0 {
                    return Err("no empty cell".into());
                }
                pick.trailing_zeros()
            }
        };
        self.pos.try_place(p, cell).map_err(|e| e.to_string())?;
        self.history.push((p, cell));
        Ok(self.cell_name(cell))
    }

    /// Run one solve and log its search nodes on standard error, in the form of Solrex's
    /// `Work` lines (so its drivers sum them the same way).
    fn logged<R>(&self, solve: impl FnOnce(&Solver<RexPosition<u64>>) -> R) -> R {
        let before = self.solver.nodes();
        let r = solve(&self.solver);
        eprintln!(
            "Work           {}",
            self.solver.nodes().saturating_sub(before)
        );
        r
    }

    /// `dfpn-solve-state [P]`: the winner with `p` to move, or "unknown" when the time limit
    /// stopped the solver.
    fn solve_state(&mut self, p: Player) -> String {
        let mut pos = self.pos.clone();
        pos.set_to_move(p);
        let limit = self.timelimit;
        self.arm(limit);
        let winner = match pos.loser() {
            Some(l) => l.other(),
            None => {
                let wins = self.logged(|s| s.solve(&pos));
                if self.solver.stopped() {
                    return "unknown".into();
                }
                if wins {
                    p
                } else {
                    p.other()
                }
            }
        };
        self.colour_name(winner).into()
    }
}

/// An error unless `cmd` got at least `n` arguments.
fn need_args(cmd: &str, args: &[&str], n: usize) -> Result<(), String> {
    if args.len() < n {
        Err(format!("{cmd} needs {n} argument(s)"))
    } else {
        Ok(())
    }
}

/// An error if `cmd` got more than `n` arguments (extra words are a malformed command, not
/// something to ignore).
fn at_most(cmd: &str, args: &[&str], n: usize) -> Result<(), String> {
    if args.len() > n {
        Err(format!(
            "{cmd} takes at most {n} argument(s), got {}",
            args.len()
        ))
    } else {
        Ok(())
    }
}

/// A finite non-negative number of seconds; `what` names the argument in the error.
fn seconds_arg(what: &str, s: &str) -> Result<f64, String> {
    s.parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v >= 0.0)
        .ok_or_else(|| format!("{what} {s:?}"))
}

/// Run `gsolve gtp` on stdin/stdout.
pub fn run(args: GtpArgs, global: &Global) -> CliResult {
    let mut engine = GtpEngine::new(args.benzene, args.size, &args.solver)?;
    if global.json {
        return Err(CliError::input(
            "--json does not apply to gtp: the engine answers in GTP on stdout",
        ));
    }
    let mut stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut raw = Vec::new();
    loop {
        let line = match read_session_line(&mut stdin, &mut raw, || {
            write!(out, "? command is not UTF-8 text\n\n").map_err(CliError::runtime)?;
            out.flush().map_err(CliError::runtime)
        })? {
            None => break,
            Some(text) => text.split('#').next().unwrap_or("").trim().to_string(),
        };
        if line.is_empty() {
            continue;
        }
        // An optional numeric id precedes the command.
        let (id, rest) = match line.split_once(char::is_whitespace) {
            Some((first, rest)) if first.bytes().all(|b| b.is_ascii_digit()) => {
                (first.to_string(), rest.trim())
            }
            _ if line.bytes().all(|b| b.is_ascii_digit()) => (line.clone(), ""),
            _ => (String::new(), line.as_str()),
        };
        let reply = engine.execute(rest);
        let (mark, text, quit) = match reply {
            Ok(Some(t)) => ('=', t, false),
            Ok(None) => ('=', String::new(), true),
            Err(e) => ('?', super::common::bounded(&e, 300), false),
        };
        let sep = if text.is_empty() || text.starts_with('\n') {
            ""
        } else {
            " "
        };
        write!(out, "{mark}{id}{sep}{text}\n\n").map_err(CliError::runtime)?;
        out.flush().map_err(CliError::runtime)?;
        if quit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "gtp_tests.rs"]
mod tests;
