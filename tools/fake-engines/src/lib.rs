//! Scripted engines for testing the engine crate's drivers, one binary per
//! protocol: `fake-uci-engine`, `fake-botzone-bot`, `fake-sau-engine`. Each
//! takes a mode as its first argument:
//!
//! - `good`: answers with the first legal move (from `amazons-core`);
//! - `crash`: exits as soon as it is asked to move;
//! - `silent`: never answers a move;
//! - `illegal`: answers a move that is never legal (`e5-e6/e7`: e5 is empty at
//!   the start and in every test game's first moves);
//! - `crash-once MARKER_FILE [CPU_MS]`: crashes on its first move request if
//!   the marker file does not exist (creating it, and first burning that much
//!   CPU time, default none), then behaves like `good`;
//! - `engine [MOVETIME_MS]`: plays with the built-in level 7 at that time per
//!   move (default 100): the engine itself behind the protocol, to measure
//!   that a driver loses no strength;
//! - `busy [CPU_MS]`: burns that much CPU time (default 50) before each
//!   answer, then answers like `good`: to test that a driver tells the CPU
//!   time its engine used, however loaded the machine is.
//!
//! `fake-botzone-bot` also has `keep` (like `good`, but keep-running),
//! `engine-keep` and `busy-keep`. The bots check what they are told: a history
//! that is not a legal game makes them exit with status 5, so a driver that
//! sends a wrong game fails its test. They live in this test-support crate,
//! never in a product: `cargo install` of the client or the engine does not
//! install them.
//!
//! This library holds what the three binaries share.

use std::time::Duration;

use amazons_core::{Move, Position};
use amazons_engine::player::{BuiltinPlayer, GameSoFar, Player, ThinkBudget};
use amazons_engine::time::thread_cpu_time;
use amazons_engine::{Engine, EngineConfig, MAX_LEVEL};

/// The move a fake sends in `illegal` mode: e5 is empty at the start.
pub const ILLEGAL: &str = "e5-e6/e7";

/// What a fake does when asked for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first legal move.
    Good,
    /// Exit at once (status 3).
    Crash,
    /// Never answer.
    Silent,
    /// Answer [`ILLEGAL`].
    Illegal,
    /// Crash the first time (creating the marker file, after burning this
    /// much CPU time), then `Good`.
    CrashOnce(String, Duration),
    /// Play with the built-in level 7, this long per move.
    Engine(Duration),
    /// Burn this much CPU time, then answer like `Good`.
    Busy(Duration),
}

impl Mode {
    /// Reads the mode from the command line arguments after the program
    /// name: the mode word and its argument (`keep`, `engine-keep` and
    /// `busy-keep` read as `Good`, `Engine` and `Busy`; the Botzone bot looks
    /// for `keep` itself).
    pub fn from_args(args: &[String]) -> Mode {
        let word = args.first().map_or("good", String::as_str);
        match word {
            "crash" => Mode::Crash,
            "silent" => Mode::Silent,
            "illegal" => Mode::Illegal,
            "crash-once" => Mode::CrashOnce(
                args.get(1)
                    .cloned()
                    .expect("crash-once needs a marker file"),
                Duration::from_millis(args.get(2).and_then(|ms| ms.parse().ok()).unwrap_or(0)),
            ),
            w if w.starts_with("engine") => Mode::Engine(Duration::from_millis(
                args.get(1).and_then(|ms| ms.parse().ok()).unwrap_or(100),
            )),
            w if w.starts_with("busy") => Mode::Busy(Duration::from_millis(
                args.get(1).and_then(|ms| ms.parse().ok()).unwrap_or(50),
            )),
            _ => Mode::Good,
        }
    }
}

/// The answering side of a fake: the mode and, in engine mode, the engine.
pub struct Answerer {
    /// What to do.
    mode: Mode,
    /// The built-in engine, in engine mode.
    engine: Option<BuiltinPlayer>,
}

impl Answerer {
    /// An answerer in `mode`.
    pub fn new(mode: Mode) -> Answerer {
        let engine = matches!(mode, Mode::Engine(_)).then(|| {
            BuiltinPlayer::new(Engine::new(EngineConfig {
                level: MAX_LEVEL,
                hash_mb: 16,
                ..EngineConfig::default()
            }))
        });
        Answerer { mode, engine }
    }

    /// The move to answer in the game from `start` after `moves`; exits the
    /// process in `crash` mode (and the first time in `crash-once`), never
    /// returns in `silent` mode. `None` when there is no legal move.
    pub fn answer(&mut self, start: Position, moves: &[Move]) -> Option<Move> {
        let position = moves
            .iter()
            .try_fold(start, |p, m| p.play(*m))
            .unwrap_or_else(|_| std::process::exit(5));
        match &self.mode {
            Mode::Crash => std::process::exit(3),
            Mode::Silent => loop {
                std::thread::park();
            },
            Mode::Illegal => Some(ILLEGAL.parse().expect("a well-formed move")),
            Mode::CrashOnce(marker, cpu) => {
                if std::fs::metadata(marker).is_err() {
                    std::fs::write(marker, "crashed").expect("the marker file is writable");
                    burn(*cpu);
                    std::process::exit(3);
                }
                position.legal_moves().first().copied()
            }
            Mode::Good => position.legal_moves().first().copied(),
            Mode::Busy(cpu) => {
                burn(*cpu);
                position.legal_moves().first().copied()
            }
            Mode::Engine(movetime) => {
                let game = GameSoFar {
                    start,
                    moves,
                    position,
                };
                let engine = self.engine.as_mut().expect("engine mode has an engine");
                engine.choose(game, ThinkBudget::movetime(*movetime)).ok()
            }
        }
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) {
        if let Some(engine) = &mut self.engine {
            let _ = engine.new_game();
        }
    }
}

/// Spins until this thread has used `cpu` of CPU time.
fn burn(cpu: Duration) {
    let start = thread_cpu_time();
    while thread_cpu_time().saturating_sub(start) < cpu {
        std::hint::spin_loop();
    }
}
