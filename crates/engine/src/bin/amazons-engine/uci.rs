//! The UCI face, in the dialect Fairy-Stockfish speaks for Amazons: moves as
//! `d1d7,d7g7`, FEN with `*` for arrows, `UCI_Variant` fixed to `amazons`.
//!
//! The search runs on its own thread, so `isready`, `stop` and `quit` are
//! answered while it thinks. `go ponder` searches until `ponderhit` (then the
//! search goes on with the limits of the `go ponder` line, from the tree the
//! pondering grew) or `stop` (which prints its `bestmove`).
//!
//! `go depth N` and `go nodes N` bound the alpha-beta levels (3, 5 and 6) as
//! UCI hosts expect. The levels that have no depth (1, 2, 4: one ply or
//! none; 7: a Monte-Carlo search) say so in an `info string` before they
//! answer, with what they search instead ([`limits_note`]).

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use amazons_core::Position;

use amazons_engine::eval::MATE;
use amazons_engine::time::DEFAULT_MOVETIME;
use amazons_engine::uci_command::{GoCommand, PositionCommand};
use amazons_engine::{Engine, EngineConfig, MAX_LEVEL, SearchInfo, SearchLimits};

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// Formats a score as UCI does: `cp N`, or `mate N` (moves, negative when
/// losing) for a forced end of the game.
fn format_score(score: i32) -> String {
    if score.abs() >= MATE - 1000 {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        if score > 0 {
            format!("mate {moves}")
        } else {
            format!("mate -{moves}")
        }
    } else {
        format!("cp {score}")
    }
}

/// What a `go` line's `depth` or `nodes` means at `level`, when the level
/// cannot search as the line asks: the `info string` text saying which limit
/// is not used and what the level searches instead. `None` when it searches
/// as asked (the alpha-beta levels 3, 5 and 6 honour both; level 7 counts
/// `nodes` as playouts).
fn limits_note(level: u8, go: &GoCommand) -> Option<String> {
    let unused = match (go.depth.is_some(), go.nodes.is_some() && level != MAX_LEVEL) {
        (true, true) => "depth and nodes are",
        (true, false) => "depth is",
        (false, true) => "nodes is",
        (false, false) => return None,
    };
    let instead = match level {
        1 => "nothing: it plays a random legal move".to_owned(),
        2 => "one ply: every legal move, scored by mobility".to_owned(),
        4 => "one ply: every legal move, scored by the territory evaluation".to_owned(),
        MAX_LEVEL => {
            let budget = if go.infinite {
                "until stop".to_owned()
            } else if let Some(playouts) = go.nodes {
                format!("for {playouts} playouts (nodes)")
            } else if go.movetime.is_some() || go.wtime.is_some() || go.btime.is_some() {
                "for the time given (movetime or the clock)".to_owned()
            } else {
                format!(
                    "for {} ms, the default think time (give movetime, wtime/btime or nodes to choose)",
                    DEFAULT_MOVETIME.as_millis()
                )
            };
            format!("a Monte-Carlo tree {budget}")
        }
        _ => return None,
    };
    Some(format!(
        "{unused} not used by level {level}; searching {instead}"
    ))
}

/// Formats one `info` line.
fn info_line(i: &SearchInfo) -> String {
    let pv: Vec<String> = i.pv.iter().map(|m| m.uci().to_string()).collect();
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        i.depth,
        format_score(i.score_cp),
        i.nodes,
        i.nps,
        i.elapsed.as_millis(),
        pv.join(" ")
    )
}

struct Session {
    out: Out,
    config: EngineConfig,
    engine: Option<Engine>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<Engine>>,
    position: Position,
    infinite: bool,
    /// Set by the search thread once it has decided its move (it is then about
    /// to return the engine).
    done: Arc<AtomicBool>,
    /// While pondering (`go ponder`): the limits the search gets at
    /// `ponderhit`.
    ponder_limits: Option<SearchLimits>,
    /// Set to keep a search from printing its `bestmove` (a ponder search
    /// ended by `ponderhit`, whose search goes on as a timed one).
    silent: Arc<AtomicBool>,
}

impl Session {
    fn reclaim(&mut self, wait: bool) {
        if let Some(h) = self.thread.take() {
            if wait || h.is_finished() {
                if let Ok(engine) = h.join() {
                    self.engine = Some(engine);
                } else {
                    // The search panicked: start afresh rather than die.
                    self.engine = Some(Engine::new(self.config));
                    self.stop = self
                        .engine
                        .as_ref()
                        .map(Engine::stop_handle)
                        .unwrap_or_default();
                }
            } else {
                self.thread = Some(h);
            }
        }
    }

    fn busy(&mut self) -> bool {
        let finishing = self.done.load(Ordering::SeqCst);
        self.reclaim(finishing);
        self.thread.is_some()
    }

    fn stop_search(&mut self) {
        if self.thread.is_some() {
            self.stop.store(true, Ordering::Relaxed);
            self.reclaim(true);
            // A stop that arrived after the search had finished must not
            // cut the next one short.
            self.stop.store(false, Ordering::Relaxed);
        }
    }

    fn error(&self, msg: &str) {
        say(&self.out, &format!("info string {msg}"));
    }

    /// Options changed: the engine (and its table) is rebuilt lazily, at the
    /// next `isready`, `ucinewgame` or `go`, so a burst of `setoption`s costs
    /// one allocation and none of it is charged to a search's clock.
    fn rebuild(&mut self) {
        self.engine = None;
    }

    fn ensure_engine(&mut self) {
        if self.engine.is_none() && self.thread.is_none() {
            let engine = Engine::new(self.config);
            self.stop = engine.stop_handle();
            self.engine = Some(engine);
        }
    }

    fn setoption(&mut self, args: &str) {
        // setoption name <name...> [value <value...>]
        let Some(rest) = args.strip_prefix("name") else {
            return self.error("setoption needs `name <option> value <value>`");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        if self.busy() {
            return self.error("cannot change options while searching");
        }
        let number = |v: &str| v.parse::<u64>().ok();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                if !value.eq_ignore_ascii_case("amazons") {
                    self.error(&format!(
                        "unsupported variant `{value}`: only amazons is played"
                    ));
                }
            }
            "threads" => match number(value) {
                Some(n) if (1..=256).contains(&n) => {
                    self.config.threads = n as usize;
                    self.rebuild();
                }
                _ => self.error(&format!("Threads must be 1 to 256, not `{value}`")),
            },
            "hash" => match number(value) {
                Some(n) if (1..=65536).contains(&n) => {
                    self.config.hash_mb = n as usize;
                    self.rebuild();
                }
                _ => self.error(&format!("Hash must be 1 to 65536 (MB), not `{value}`")),
            },
            "level" => match number(value) {
                Some(n) if (1..=u64::from(MAX_LEVEL)).contains(&n) => {
                    self.config.level = n as u8;
                    self.rebuild();
                }
                _ => self.error(&format!("Level must be 1 to {MAX_LEVEL}, not `{value}`")),
            },
            "seed" => match number(value) {
                Some(n) => {
                    self.config.seed = Some(n);
                    self.rebuild();
                }
                None if value.eq_ignore_ascii_case("random") => {
                    self.config.seed = None;
                    self.rebuild();
                }
                None => self.error(&format!(
                    "Seed must be a whole number or `random`, not `{value}`"
                )),
            },
            "ponder" | "uci_chess960" | "multipv" => {}
            _ => self.error(&format!("unknown option `{name}`")),
        }
    }

    fn position(&mut self, args: &str) {
        let read = args.parse::<PositionCommand>().and_then(|c| c.position());
        match read {
            Ok(position) => self.position = position,
            Err(e) => self.error(&format!("{e}; position unchanged")),
        }
    }

    fn go(&mut self, args: &str) {
        let tokens: Vec<&str> = args.split_whitespace().collect();
        if tokens.first() == Some(&"perft") {
            let Some(depth) = tokens.get(1).and_then(|d| d.parse::<u32>().ok()) else {
                return self.error("go perft needs a depth");
            };
            let counts = amazons_core::divide(&self.position, depth.max(1));
            let mut total = 0;
            let mut text = String::new();
            for (m, n) in counts {
                total += n;
                text.push_str(&format!("{}: {n}\n", m.uci()));
            }
            text.push_str(&format!("\nNodes searched: {total}\n"));
            if let Ok(mut w) = self.out.lock() {
                let _ = write!(w, "{text}");
                let _ = w.flush();
            }
            return;
        }
        if self.busy() {
            return self.error("already searching; send stop first");
        }
        let go = match args.parse::<GoCommand>() {
            Ok(go) => go,
            Err(e) => return self.error(&e.to_string()),
        };
        if let Some(note) = limits_note(self.config.level, &go) {
            say(&self.out, &format!("info string {note}"));
        }
        let mut limits = go.search_limits(self.position.turn());
        if go.ponder {
            // Think until `ponderhit` (then with these limits) or `stop`.
            self.ponder_limits = Some(limits);
            limits = SearchLimits {
                ponder: true,
                ..SearchLimits::default()
            };
        } else {
            self.ponder_limits = None;
        }
        self.start_search(limits);
    }

    /// `ponderhit`: the move pondered on was played. The ponder search ends
    /// without a `bestmove` and the position is searched with the limits of
    /// its `go ponder`, from the tree the ponder search grew.
    fn ponderhit(&mut self) {
        let Some(limits) = self.ponder_limits.take() else {
            return self.error("ponderhit without go ponder");
        };
        self.silent.store(true, Ordering::SeqCst);
        self.stop_search();
        self.reclaim(true);
        self.silent.store(false, Ordering::SeqCst);
        self.start_search(limits);
    }

    /// Starts a search of the current position on its own thread.
    fn start_search(&mut self, limits: SearchLimits) {
        self.infinite = limits.infinite || limits.ponder;
        self.ensure_engine();
        let Some(mut engine) = self.engine.take() else {
            return self.error("engine unavailable");
        };
        let out = Arc::clone(&self.out);
        let position = self.position;
        let done = Arc::clone(&self.done);
        let silent = Arc::clone(&self.silent);
        done.store(false, Ordering::SeqCst);
        self.thread = Some(std::thread::spawn(move || {
            let report = engine.search(&position, &limits, &mut |i| say(&out, &info_line(i)));
            done.store(true, Ordering::SeqCst);
            if silent.load(Ordering::SeqCst) {
                return engine;
            }
            match report.best_move {
                Some(m) => say(&out, &format!("bestmove {}", m.uci())),
                None => say(&out, "bestmove (none)"),
            }
            engine
        }));
    }
}

/// Runs a UCI session until `quit` or the end of `input`.
pub(crate) fn run<R: BufRead, W: Write + Send + 'static>(
    input: R,
    output: W,
    config: EngineConfig,
) -> anyhow::Result<()> {
    let out: Out = Arc::new(Mutex::new(Box::new(output)));
    let mut s = Session {
        out,
        config,
        stop: Arc::new(AtomicBool::new(false)),
        engine: None,
        thread: None,
        position: Position::start(),
        infinite: false,
        done: Arc::new(AtomicBool::new(false)),
        ponder_limits: None,
        silent: Arc::new(AtomicBool::new(false)),
    };
    for line in input.lines() {
        let line = line?;
        let line = line.trim();
        let (cmd, args) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        match cmd {
            "" => {}
            "uci" => {
                let text = format!(
                    "id name amazons-engine {}\nid author amazons developers\n\
                     option name UCI_Variant type combo default amazons var amazons\n\
                     option name Threads type spin default 1 min 1 max 256\n\
                     option name Hash type spin default 64 min 1 max 65536\n\
                     option name Level type spin default {MAX_LEVEL} min 1 max {MAX_LEVEL}\n\
                     option name Seed type string default random\n\
                     option name Ponder type check default false\nuciok",
                    env!("CARGO_PKG_VERSION"),
                );
                say(&s.out, &text);
            }
            "isready" => {
                if !s.busy() {
                    s.ensure_engine();
                }
                say(&s.out, "readyok");
            }
            "ucinewgame" => {
                if s.busy() {
                    s.error("cannot start a new game while searching");
                } else {
                    s.ensure_engine();
                    if let Some(e) = s.engine.as_mut() {
                        e.new_game();
                    }
                    s.position = Position::start();
                }
            }
            "setoption" => s.setoption(args),
            "position" => s.position(args),
            "go" => s.go(args),
            "stop" => {
                s.ponder_limits = None;
                s.stop_search();
            }
            "ponderhit" => s.ponderhit(),
            "quit" => {
                s.stop_search();
                return Ok(());
            }
            "d" => {
                let text = format!("{:?}", s.position);
                say(&s.out, &text);
            }
            other => s.error(&format!("unknown command `{other}`")),
        }
    }
    // End of input: let a timed search finish and print its move; stop an
    // infinite one.
    if s.infinite {
        s.stop_search();
    } else {
        s.reclaim(true);
    }
    Ok(())
}
