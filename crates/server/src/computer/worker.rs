//! The computer's engine in a process of its own: `amazons-server
//! computer-worker --player SPEC ...` is a small UCI engine (the dialect the
//! engine crate's UCI driver speaks) around one built-in player, and the
//! server runs every built-in level this way, driven by the same driver as
//! any external engine.
//!
//! Why a process and not a thread of the server: a search that runs for
//! seconds inside the server's process shares its address space and its
//! scheduling group with the matches. Measured on a 2-core machine busy with
//! other work, four searches in-process made the matches' move round trip
//! p99 grow from a few milliseconds to hundreds: a starved search thread
//! holding a lock the whole process needs (the memory map, taken to grow or
//! free a search tree) stalls the matches too, and with Linux's autogroup
//! scheduling the server's busy group no longer gets the CPU at once when a
//! move arrives. In a process of its own, in a session (hence a scheduling
//! group) of its own at a low priority, an engine takes only the CPU the
//! matches leave; and if it crashes, runs out of memory or hangs, only that
//! process goes, and the driver's failure policy (restart once, then the
//! computer loses with `engine_failure`) applies as for any engine.
//!
//! The worker exits when its input closes, so it never outlives the server.

use std::io::{BufRead, Write};
use std::time::Duration;

use amazons_core::{Move, Position};
use amazons_engine::player::{GameSoFar, Player, PlayerSettings, PlayerSpec};
use amazons_engine::uci_command::{GoCommand, PositionCommand};

/// The first argument that makes `amazons-server` a worker.
pub const SUBCOMMAND: &str = "computer-worker";

/// The scheduling priority of a worker (nice; 0 is normal, 19 the lowest).
pub const NICE: i32 = 10;

/// What a worker is started with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerArgs {
    /// The built-in player (`level:5`, `mcts:c=30`...).
    pub player: PlayerSpec,
    /// Search threads.
    pub threads: usize,
    /// Hash or tree memory, MB.
    pub hash_mb: usize,
    /// Seed of the randomised levels.
    pub seed: u64,
}

/// The worker's command line as clap reads it: the words after
/// [`SUBCOMMAND`]. Numbers out of range are brought into range rather than
/// refused; only the server writes these words ([`WorkerArgs::to_args`]).
#[derive(clap::Parser, Debug)]
#[command(
    name = SUBCOMMAND,
    no_binary_name = true,
    about = "A built-in computer player as a UCI engine on stdin/stdout, for the server."
)]
struct WorkerCli {
    /// The built-in player (`level:5`, `mcts:c=30`...); never an external engine.
    #[arg(long, default_value_t = PlayerSpec::Level(amazons_core::Level::MAX))]
    player: PlayerSpec,
    /// Search threads (1 to 64).
    #[arg(long, default_value_t = 1)]
    threads: u64,
    /// Hash or tree memory, MB (at least 1).
    #[arg(long, default_value_t = 64)]
    hash_mb: u64,
    /// Seed of the randomised levels.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl WorkerArgs {
    /// The command line words after the program.
    pub fn to_args(&self) -> Vec<String> {
        vec![
            SUBCOMMAND.to_owned(),
            "--player".to_owned(),
            self.player.to_string(),
            "--threads".to_owned(),
            self.threads.to_string(),
            "--hash-mb".to_owned(),
            self.hash_mb.to_string(),
            "--seed".to_owned(),
            self.seed.to_string(),
        ]
    }

    /// Reads the words after the subcommand; an external player is refused
    /// (a worker runs the built-in ones only).
    pub fn parse(words: &[String]) -> Result<WorkerArgs, clap::Error> {
        use clap::{CommandFactory, Parser};
        let cli = WorkerCli::try_parse_from(words)?;
        if cli.player.protocol().is_some() {
            return Err(WorkerCli::command().error(
                clap::error::ErrorKind::InvalidValue,
                "--player: a worker runs built-in players only",
            ));
        }
        Ok(WorkerArgs {
            player: cli.player,
            threads: cli.threads.clamp(1, 64) as usize,
            hash_mb: usize::try_from(cli.hash_mb.max(1)).unwrap_or(usize::MAX),
            seed: cli.seed,
        })
    }
}

/// Runs a worker on stdin/stdout until its input closes or it is told
/// `quit`; the exit code of the program.
pub fn main(words: &[String]) -> std::process::ExitCode {
    let args = match WorkerArgs::parse(words) {
        Ok(args) => args,
        // clap's own: help on stdout (exit 0), a refusal and the usage on
        // stderr (exit 2).
        Err(e) => e.exit(),
    };
    step_aside();
    let settings = PlayerSettings {
        threads: args.threads,
        hash_mb: args.hash_mb,
        seed: Some(args.seed),
        ..PlayerSettings::default()
    };
    let player = match args.player.player(&settings) {
        Ok(player) => player,
        Err(e) => {
            eprintln!("amazons-server {SUBCOMMAND}: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut worker = Worker::new(args.player.clone(), player);
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let answer = worker.answer(&line);
        match answer {
            Answer::Quit => break,
            Answer::Lines(lines) => {
                for text in lines {
                    if writeln!(out, "{text}").is_err() {
                        return std::process::ExitCode::SUCCESS;
                    }
                }
                if out.flush().is_err() {
                    return std::process::ExitCode::SUCCESS;
                }
            }
        }
    }
    std::process::ExitCode::SUCCESS
}

/// What the worker says to one line.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    /// These lines (none for a command that needs no answer).
    Lines(Vec<String>),
    /// Stop.
    Quit,
}

/// The longest a `go ponder` without `movetime` thinks.
const PONDER_LIMIT: Duration = Duration::from_secs(60);

/// A worker's state between lines: its player, the position set by
/// `position`, and whether the player ponders.
struct Worker {
    /// What plays, for `id name`.
    spec: PlayerSpec,
    /// The player.
    player: Box<dyn Player>,
    /// The game `position` set: start and moves.
    game: (Position, Vec<Move>),
    /// Whether a `go ponder` search runs (its `bestmove` owed at `stop`).
    pondering: bool,
}

impl Worker {
    /// A worker for `player`, at the start.
    fn new(spec: PlayerSpec, player: Box<dyn Player>) -> Worker {
        Worker {
            spec,
            player,
            game: (Position::start(), Vec::new()),
            pondering: false,
        }
    }

    /// The answer to one UCI line. `go ponder [movetime N]` thinks on the
    /// opponent's time about the position (at most N ms, or
    /// [`PONDER_LIMIT`]) and answers nothing; `stop` then ends it and
    /// answers `bestmove (none)` (the driver drops it); any other search
    /// first ends it, keeping what it found.
    fn answer(&mut self, line: &str) -> Answer {
        let line = line.trim();
        let (command, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let player = self.player.as_mut();
        let lines = match command {
            "uci" => vec![
                format!("id name amazons-server computer {}", self.spec),
                "id author amazons developers".to_owned(),
                "uciok".to_owned(),
            ],
            "isready" => vec!["readyok".to_owned()],
            "ucinewgame" => {
                self.pondering = false;
                match player.new_game() {
                    Ok(()) => Vec::new(),
                    Err(e) => vec![format!("info string {e}")],
                }
            }
            "position" => match args.parse::<PositionCommand>() {
                Ok(read) => {
                    self.game = (read.start, read.moves);
                    Vec::new()
                }
                Err(e) => vec![format!("info string {e}")],
            },
            "go" => match args.parse::<GoCommand>() {
                Ok(go) if go.ponder => {
                    let limit = go.movetime.unwrap_or(PONDER_LIMIT);
                    match GameSoFar::new(self.game.0, &self.game.1) {
                        Ok(game) => {
                            self.pondering = player.ponder(game, limit);
                            Vec::new()
                        }
                        Err(e) => vec![format!("info string {e}"), "bestmove (none)".to_owned()],
                    }
                }
                Ok(go) => {
                    self.pondering = false;
                    let chosen = GameSoFar::new(self.game.0, &self.game.1)
                        .and_then(|g| player.choose(g, go.think_budget()));
                    match chosen {
                        Ok(m) => vec![format!("bestmove {}", m.uci())],
                        Err(e) => vec![format!("info string {e}"), "bestmove (none)".to_owned()],
                    }
                }
                Err(e) => vec![format!("info string {e}"), "bestmove (none)".to_owned()],
            },
            "stop" if self.pondering => {
                self.pondering = false;
                player.stop_pondering();
                vec!["bestmove (none)".to_owned()]
            }
            "quit" => return Answer::Quit,
            // `setoption` (the variant is always amazons), `stop` with no
            // ponder search (a search always ends within its budget),
            // anything else: nothing to say.
            _ => Vec::new(),
        };
        Answer::Lines(lines)
    }
}

/// Moves the worker out of the server's way: a session of its own (on Linux
/// its own autogroup, so the scheduler shares the CPU between the server
/// and the engines as two groups) at a low priority, the group's and its
/// own. Best effort: what the system refuses stays as it was.
pub(crate) fn step_aside() {
    #[cfg(target_os = "linux")]
    {
        let _ = rustix::process::setsid();
        let _ = std::fs::write("/proc/self/autogroup", NICE.to_string());
        let _ = rustix::process::setpriority_process(None, NICE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_round_trip_and_external_players_are_refused() {
        let args = WorkerArgs {
            player: "level:5".parse().unwrap(),
            threads: 2,
            hash_mb: 16,
            seed: 9,
        };
        let words = args.to_args();
        assert_eq!(words[0], SUBCOMMAND);
        assert_eq!(WorkerArgs::parse(&words[1..]).unwrap(), args);
        let external = ["--player".to_owned(), "uci:fairy".to_owned()];
        assert!(WorkerArgs::parse(&external).is_err());
        assert!(WorkerArgs::parse(&["--threads".to_owned()]).is_err());
        let words = |w: &[&str]| w.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>();
        assert!(WorkerArgs::parse(&words(&["--seed", "many"])).is_err());
        assert!(WorkerArgs::parse(&words(&["--colour", "white"])).is_err());
        // The defaults, and numbers brought into range.
        assert_eq!(
            WorkerArgs::parse(&words(&["--threads", "0", "--hash-mb", "0"])).unwrap(),
            WorkerArgs {
                player: PlayerSpec::Level(amazons_core::Level::MAX),
                threads: 1,
                hash_mb: 1,
                seed: 1,
            }
        );
        let many = WorkerArgs::parse(&words(&["--threads", "1000"])).unwrap();
        assert_eq!((many.threads, many.hash_mb), (64, 64));
    }

    #[test]
    fn it_speaks_the_uci_the_driver_speaks() {
        let spec: PlayerSpec = "level:2".parse().unwrap();
        let player = spec
            .player(&PlayerSettings {
                hash_mb: 1,
                ..PlayerSettings::default()
            })
            .unwrap();
        let mut worker = Worker::new(spec, player);
        let mut say = |line: &str| worker.answer(line);
        let Answer::Lines(hello) = say("uci") else {
            panic!()
        };
        assert_eq!(hello.last().unwrap(), "uciok");
        assert_eq!(say("isready"), Answer::Lines(vec!["readyok".into()]));
        assert_eq!(say("ucinewgame"), Answer::Lines(vec![]));
        assert_eq!(
            say("position startpos moves d1d7,d7g7"),
            Answer::Lines(vec![])
        );
        let Answer::Lines(best) = say("go movetime 50") else {
            panic!()
        };
        let text = best[0].strip_prefix("bestmove ").unwrap();
        let after = Position::start().play("d1-d7/g7".parse().unwrap()).unwrap();
        after.is_legal(Move::from_uci(text).unwrap()).unwrap();
        // Pondering on the opponent's time: no answer until `stop`, whose
        // `bestmove` the driver drops; then a search as usual.
        let pondered = format!("position startpos moves d1d7,d7g7 {text}");
        assert_eq!(say(&pondered), Answer::Lines(vec![]));
        assert_eq!(say("go ponder movetime 60000"), Answer::Lines(vec![]));
        assert_eq!(say("stop"), Answer::Lines(vec!["bestmove (none)".into()]));
        assert_eq!(say("stop"), Answer::Lines(vec![]), "nothing left to stop");
        assert_eq!(say("go ponder"), Answer::Lines(vec![]));
        let Answer::Lines(best) = say("go movetime 50") else {
            panic!()
        };
        assert!(best[0].starts_with("bestmove "), "{best:?}");
        assert_ne!(best[0], "bestmove (none)");
        assert_eq!(say("stop"), Answer::Lines(vec![]), "the search ended it");
        assert_eq!(say("quit"), Answer::Quit);
        // A line the reader cannot read is answered, never guessed at.
        assert_eq!(
            say("go sideways"),
            Answer::Lines(vec![
                "info string unknown go parameter `sideways`".into(),
                "bestmove (none)".into()
            ])
        );
        let Answer::Lines(refused) = say("position fen nonsense") else {
            panic!()
        };
        assert!(refused[0].starts_with("info string bad FEN"), "{refused:?}");
    }
}
