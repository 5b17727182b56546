//! The server's own computer opponents.
//!
//! A player who creates a match can ask for the computer in the other seat
//! (`create_match.computer`): a built-in level or an engine the host
//! configured by name. The computer is a *player*, not a shortcut: it sits
//! in a seat with a seat token, plays through a connection of its own (an id
//! and an outbound queue, no socket), and every move it makes goes through
//! the match's `decide` like anyone's, so it is checked, timed, journalled
//! and recorded the same way. It shows in the lobby and in records as a
//! `bot` named `computer (level N)` (or the engine's name).
//!
//! # Layout
//! - this file: [`Computer`], the service the connections ask (the offer in
//!   `welcome`, checking a request, the limit of games at once), and
//!   [`Seating`], a computer about to take its seat.
//! - `mind.rs`: [`mind::Mind`], what the computer knows and decides, as a
//!   pure fold of the messages it receives (the protocol crate's
//!   `MatchView`, then its policy; unit-tested without a runtime).
//! - `task.rs`: the computer's task: its queue, its thinking on its
//!   player's thread, its requests to the match.
//! - `pool.rs`: [`pool::ThinkerPool`], the dedicated low-priority thread
//!   each engine is driven from (the engine crate's `PlayerThread`), off the
//!   async runtime, and the `max_games` places that bound how many think at
//!   once.
//! - `worker.rs`: the process each built-in engine runs in
//!   (`amazons-server computer-worker`, a small UCI engine), so that a
//!   search never shares the server's process; the server drives it with
//!   the engine crate's UCI driver like any external engine.
//! - `key.rs`: [`key::SeatKey`], the secret its seat tokens are derived from,
//!   so that it can `resume` its seats after a restart without any token
//!   being stored.
//!
//! After a restart the journal says which seats are the computer's
//! (`seated.computer`); the server starts a computer player for each, which
//! takes its seat back with `resume` ([`reattach`]).

pub mod key;
pub mod mind;
pub mod pool;
mod task;
pub mod worker;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use amazons_core::{Level, PlayerId, PlayerInfo, PlayerKind, Side};
use amazons_engine::player::{PlayerSettings, PlayerSpec, describe_level};
use amazons_protocol::{
    AskedLevel, ComputerOffer, ComputerRequest, EngineOffer, ErrorCode, LevelOffer, MatchId,
    SeatToken, ThinkTimes, WorkEngine,
};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::config::ComputerConfig;
use crate::mailbox::{ConnHandle, Outbound};
use crate::match_state::{ComputerSeat, Opponent, Refusal};
use crate::registry::Registry;
use crate::workers::{KeyBook, Placement, Ticket, Workers};
use key::SeatKey;
use pool::ThinkerPool;

/// A configured engine.
#[derive(Clone, Debug)]
struct NamedEngine {
    /// What plays.
    spec: PlayerSpec,
    /// What it is, in words.
    description: String,
}

/// The computer opponents of this server: what it offers, the engines by
/// name, the count of games being played, the places its engines think in
/// and the seat-token key.
#[derive(Debug)]
pub struct Computer {
    /// The `[computer]` settings.
    config: ComputerConfig,
    /// The engines players may pick, by name.
    engines: HashMap<String, NamedEngine>,
    /// Every place a game can take: the host's `max_games` and the
    /// workers' (each game holds a [`GameSlot`]).
    workers: Arc<Workers>,
    /// Where engines think.
    pool: ThinkerPool,
    /// The secret its seat tokens come from.
    key: SeatKey,
}

/// A place for one game against the computer (one of the host's
/// `computer.max_games`, or a worker's): held by a computer player while
/// its game is on; given back when dropped.
pub type GameSlot = crate::workers::Lease;

impl Computer {
    /// The service for `config`, with its key in `history_dir` (made there
    /// on first start), and `max_games` places to think.
    pub fn new(config: &ComputerConfig, history_dir: &Path) -> std::io::Result<Computer> {
        let engines = config
            .engines
            .iter()
            .filter_map(|entry| {
                let spec: PlayerSpec = entry.command.parse().ok()?;
                let description = if entry.description.trim().is_empty() {
                    match spec.protocol() {
                        Some(protocol) => format!("external engine ({})", protocol.prefix()),
                        None => format!("built-in player {spec}"),
                    }
                } else {
                    entry.description.clone()
                };
                Some((entry.name.clone(), NamedEngine { spec, description }))
            })
            .collect();
        let places = if config.enabled { config.max_games } else { 1 };
        Ok(Computer {
            config: config.clone(),
            engines,
            workers: Arc::new(Workers::new(
                if config.enabled { config.max_games } else { 0 },
                config.max_waiting,
                KeyBook::new(history_dir),
            )),
            pool: ThinkerPool::new(places),
            key: SeatKey::open(history_dir)?,
        })
    }

    /// What `welcome` offers: `None` when computer opponents are off.
    pub fn offer(&self) -> Option<ComputerOffer> {
        if !self.config.enabled {
            return None;
        }
        Some(ComputerOffer {
            levels: Level::all()
                .take_while(|level| *level <= self.config.max_level)
                .map(|level| LevelOffer {
                    level,
                    description: describe_level(level).to_owned(),
                })
                .collect(),
            engines: self
                .config
                .engines
                .iter()
                .filter_map(|entry| {
                    let engine = self.engines.get(&entry.name)?;
                    Some(EngineOffer {
                        name: entry.name.clone(),
                        description: engine.description.clone(),
                    })
                })
                .collect(),
            think_ms: ThinkTimes {
                default: self.config.think_ms.get(),
                max: self.config.max_think_ms.get(),
            },
        })
    }

    /// Checks a request against the offer: what the computer seat will run,
    /// or `bad_opponent` saying what is on offer (`computer_busy` when the
    /// computer is off). Nothing is adjusted.
    pub fn choose(&self, request: &ComputerRequest) -> Result<ComputerSeat, Refusal> {
        let bad = |message: String| Err(Refusal::new(ErrorCode::BadOpponent, message));
        if !self.config.enabled {
            return Err(Refusal::new(
                ErrorCode::ComputerBusy,
                "this server offers no computer opponents",
            ));
        }
        let top = self.config.max_level;
        let opponent = match (request.level, &request.engine) {
            (Some(_), Some(_)) => return bad("ask for a level or an engine, not both".into()),
            (None, None) => {
                return bad(format!("ask for a level (1 to {top}) or an engine by name"));
            }
            (Some(asked), None) => match asked {
                AskedLevel::Level(level) if level <= top => Opponent::Level(level),
                AskedLevel::Level(_) | AskedLevel::OutOfRange(_) => {
                    return bad(format!(
                        "there is no level {asked}: levels are 1 to {top} on this server"
                    ));
                }
            },
            (None, Some(name)) => {
                if !self.engines.contains_key(name) {
                    let names: Vec<&str> = self
                        .config
                        .engines
                        .iter()
                        .map(|e| e.name.as_str())
                        .collect();
                    return bad(if names.is_empty() {
                        format!(
                            "there is no engine `{name}`: this server has no engines, only levels 1 to {top}"
                        )
                    } else {
                        format!(
                            "there is no engine `{name}`: the engines are {}",
                            names.join(", ")
                        )
                    });
                }
                Opponent::Engine(name.clone())
            }
        };
        let max = self.config.max_think_ms.get();
        let think_ms = request.think_ms.unwrap_or(self.config.think_ms.get());
        if think_ms == 0 || think_ms > max {
            return bad(format!(
                "a think time of {think_ms} ms is out of range: 1 to {max} ms on this server"
            ));
        }
        Ok(ComputerSeat { opponent, think_ms })
    }

    /// A place for one more game against the computer, if one is free (a
    /// worker's first, then one of the host's `max_games`).
    pub fn reserve(&self) -> Option<GameSlot> {
        self.workers.reserve(None)
    }

    /// A place for the new game `match_id`, or a place in the line of
    /// games waiting for one (`computer.max_waiting`); `None` when that
    /// line is full too.
    pub fn reserve_or_wait(&self, match_id: MatchId) -> Option<Placement> {
        self.workers.reserve_or_wait(match_id)
    }

    /// One of the host's own places, if one is free: analyses run on the
    /// host.
    pub fn reserve_local(&self) -> Option<GameSlot> {
        self.workers.reserve_local()
    }

    /// A place even beyond the limit: for games restored after a restart,
    /// which were admitted before it, and for tournament games (the
    /// tournament's computer entrants were admitted when entered).
    pub fn reserve_anyway(&self) -> GameSlot {
        self.workers.reserve_local_anyway()
    }

    /// How many games against the computer (and analyses) hold a place.
    pub fn games_on(&self) -> usize {
        self.workers.busy()
    }

    /// Every place and the workers giving them.
    pub fn workers(&self) -> Arc<Workers> {
        Arc::clone(&self.workers)
    }

    /// The token of the computer's seat on `side` of match `id`.
    pub fn token(&self, id: MatchId, side: Side) -> SeatToken {
        self.key.token(id, side)
    }

    /// How the computer running `seat` shows in seats and records:
    /// `computer (level 5)`, or the engine's name; always a `bot`, and
    /// identified (`computer:level-5`, `computer:<engine>`) so that its
    /// games are rated and its rating carries over restarts.
    pub fn player_info(seat: &ComputerSeat) -> PlayerInfo {
        let (name, id) = match &seat.opponent {
            Opponent::Level(level) => (
                format!("computer (level {level})"),
                PlayerId::computer(&format!("level-{level}")),
            ),
            Opponent::Engine(name) => (name.clone(), PlayerId::computer(name)),
        };
        PlayerInfo::new(name, PlayerKind::Bot).identified(Some(id))
    }

    /// Whether `name` is one that only the server's computer players go by:
    /// `computer`, `computer (...)`, or a configured engine's name (compared
    /// as names are, by [`name_key`](amazons_protocol::name_key)).
    pub fn reserves(&self, name: &str) -> bool {
        let key = amazons_protocol::name_key(name);
        key == "computer"
            || key.starts_with("computer (")
            || self
                .engines
                .keys()
                .any(|engine| amazons_protocol::name_key(engine) == key)
    }

    /// What plays for `seat`: an external engine as configured, or a
    /// built-in player (a level, or a configured `level:`/`mcts:` player) in
    /// a worker process of its own (`worker.rs`), both over UCI. An engine
    /// no longer configured after a restart plays nothing, and the computer
    /// gives up at its first move.
    fn spec(&self, seat: &ComputerSeat) -> PlayerSpec {
        match self.builtin(seat) {
            Ok(builtin) => builtin_command(
                &worker_program(&self.config),
                builtin,
                self.config.threads_per_game,
                self.config.hash_mb,
            ),
            Err(spec) => spec,
        }
    }

    /// The built-in player for `seat` (a level, or a configured
    /// `level:`/`mcts:` player), or else what plays instead: an external
    /// engine as configured, or one that fails at once (an engine no longer
    /// configured after a restart).
    fn builtin(&self, seat: &ComputerSeat) -> Result<PlayerSpec, PlayerSpec> {
        match &seat.opponent {
            Opponent::Level(level) => Ok(PlayerSpec::Level(*level)),
            Opponent::Engine(name) => match self.engines.get(name) {
                Some(engine) if engine.spec.protocol().is_some() => Err(engine.spec.clone()),
                Some(engine) => Ok(engine.spec.clone()),
                None => Err(PlayerSpec::External {
                    protocol: amazons_engine::player::Protocol::Uci,
                    command: format!("engine `{name}` is no longer configured"),
                }),
            },
        }
    }

    /// What a worker's place starts for `seat`: built-in players only (a
    /// worker never runs a command the server names; external engines
    /// play on the host).
    fn remote_engine(&self, seat: &ComputerSeat) -> Option<WorkEngine> {
        self.builtin(seat).ok().map(|player| WorkEngine {
            player: player.to_string(),
            hash_mb: self.config.hash_mb as u32,
        })
    }

    /// How long the player for `seat` thinks on its opponent's time after
    /// each of its moves: built-in players only (an external engine's UCI
    /// pondering needs a predicted reply, which the driver does not make),
    /// and not at all when `ponder_ms` is 0.
    fn ponder(&self, seat: &ComputerSeat) -> Option<std::time::Duration> {
        let builtin = match &seat.opponent {
            Opponent::Level(_) => true,
            Opponent::Engine(name) => self
                .engines
                .get(name)
                .is_some_and(|engine| engine.spec.protocol().is_none()),
        };
        (builtin && self.config.ponder_ms.get() > 0).then(|| self.config.ponder_ms.duration())
    }

    /// How engines are driven (the driver's default deadlines; their
    /// stderr is not shown).
    fn settings(&self) -> PlayerSettings {
        PlayerSettings::default()
    }
}

/// What the computer's players reach, handed out by the server: the
/// computer (offer, places, key, thinking threads), the match table (to
/// find a match to resume), connection ids and the queue size for their
/// connections, the shutdown signal and the task tracker.
#[derive(Clone)]
pub struct ComputerHandle {
    /// The computer itself.
    pub computer: Arc<Computer>,
    /// Every match by id.
    pub registry: Arc<Registry>,
    /// The source of connection ids the connections share.
    pub next_conn_id: Arc<AtomicU64>,
    /// The size of a connection's outbound queue (`outbound_queue`).
    pub outbound_queue: usize,
    /// Cancelled once to start shutdown.
    pub shutdown: CancellationToken,
    /// Every task, so that shutdown can wait for them.
    pub tracker: TaskTracker,
}

impl ComputerHandle {
    /// A computer player about to be seated running `seat`: its connection
    /// (id and queue) exists, so the match's opening events can attach it.
    pub fn seating(&self, seat: ComputerSeat, slot: Option<GameSlot>) -> Seating {
        let id = self.next_conn_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = mpsc::channel(self.outbound_queue);
        let overflow = CancellationToken::new();
        let computer = &self.computer;
        Seating {
            conn: ConnHandle::new(id, tx, overflow.clone()),
            rx,
            overflow,
            player: Computer::player_info(&seat),
            spec: computer.spec(&seat),
            settings: computer.settings(),
            ponder: computer.ponder(&seat),
            remote: computer.remote_engine(&seat),
            seat,
            slot,
            ticket: None,
        }
    }
}

/// A built-in `player` in a `computer-worker` process of `program` (this
/// server's own binary), driven over UCI like any external engine: how the
/// host's places and a worker's run the computer alike.
pub(crate) fn builtin_command(
    program: &Path,
    player: PlayerSpec,
    threads: usize,
    hash_mb: usize,
) -> PlayerSpec {
    let args = worker::WorkerArgs {
        player,
        threads,
        hash_mb,
        seed: rand::random(),
    };
    let words = std::iter::once(program.to_string_lossy().into_owned()).chain(args.to_args());
    PlayerSpec::External {
        protocol: amazons_engine::player::Protocol::Uci,
        command: words.map(|w| quote(&w)).collect::<Vec<_>>().join(" "),
    }
}

/// One word of a command line, quoted for the engine crate's POSIX-shell
/// style splitting.
fn quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// A computer player whose connection exists and whose task has not
/// started: the creation of its match attaches [`Seating::conn`], then
/// [`Seating::start`] runs it.
#[derive(Debug)]
pub struct Seating {
    /// Its connection as the match sees it.
    pub conn: ConnHandle,
    /// Its queue.
    rx: mpsc::Receiver<Outbound>,
    /// Cancelled if its queue overflows.
    overflow: CancellationToken,
    /// What it runs.
    pub seat: ComputerSeat,
    /// Its place among the games at once.
    slot: Option<GameSlot>,
    /// The place it waits for, when every place was taken.
    ticket: Option<Ticket>,
    /// What plays.
    spec: PlayerSpec,
    /// Threads and memory.
    settings: PlayerSettings,
    /// How long it thinks on the opponent's time after its moves, if at all.
    ponder: Option<std::time::Duration>,
    /// What a worker's place starts for it (built-in players only).
    remote: Option<WorkEngine>,
    /// Its name and kind.
    pub player: PlayerInfo,
}

impl Seating {
    /// The computer waits for a place before its first move.
    pub fn waiting(self, ticket: Ticket) -> Seating {
        Seating {
            ticket: Some(ticket),
            ..self
        }
    }

    /// Starts its task (after its match has been created with it seated).
    pub fn start(self, shared: &ComputerHandle) {
        let task = task::ComputerTask::new(shared, self, None);
        shared.tracker.spawn(task.run());
    }
}

/// After a restart: starts a computer player for the computer seat on
/// `side` of the restored match `id`, which takes the seat back with
/// `resume`. A game still on counts among the computer games even beyond
/// the limit (it was admitted before the restart); a finished one is
/// resumed so that its player can still be offered a rematch.
pub fn reattach(shared: &ComputerHandle, id: MatchId, side: Side, seat: ComputerSeat, over: bool) {
    let computer = &shared.computer;
    let slot = (!over).then(|| computer.reserve_anyway());
    let token = computer.token(id, side);
    let seating = shared.seating(seat, slot);
    tracing::info!(match_id = %id, player = %seating.player.name, "the computer takes its seat back");
    let mut task = task::ComputerTask::new(shared, seating, Some((id, side)));
    shared.tracker.spawn(async move {
        task.resume(id, token).await;
        task.run().await;
    });
}

/// The program that runs built-in engines (`computer.worker`, or this
/// server's own program when that is empty): a computer game's
/// `computer-worker`, an analysis's `analysis-worker`.
pub(crate) fn worker_program(config: &ComputerConfig) -> std::path::PathBuf {
    if config.worker.as_os_str().is_empty() {
        own_program()
    } else {
        config.worker.clone()
    }
}

/// This server's own program, to start as a worker. On Linux it is
/// `/proc/self/exe`, which runs the very binary this process was started
/// from even after that file is replaced on disk (an upgrade, a rebuild):
/// the worker always matches its server, and the computer keeps playing
/// instead of failing to start a path that now reads `… (deleted)`.
pub(crate) fn own_program() -> std::path::PathBuf {
    let proc_self = std::path::Path::new("/proc/self/exe");
    if cfg!(target_os = "linux") && proc_self.exists() {
        return proc_self.to_path_buf();
    }
    std::env::current_exe().unwrap_or_else(|_| "amazons-server".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Config, EngineEntry};

    fn level(number: u8) -> Level {
        Level::new(number).unwrap()
    }

    /// A request for level `number` as a client may send it, in range or not.
    fn asked(number: u32) -> ComputerRequest {
        ComputerRequest {
            level: Some(AskedLevel::from(number)),
            ..ComputerRequest::default()
        }
    }

    fn computer(config: ComputerConfig) -> (Computer, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        (Computer::new(&config, dir.path()).unwrap(), dir)
    }

    fn with_engine() -> ComputerConfig {
        ComputerConfig {
            max_level: level(5),
            max_games: 2,
            engines: vec![EngineEntry {
                name: "fairy".into(),
                command: "uci:fairy-stockfish".into(),
                description: String::new(),
            }],
            ..Config::default().computer
        }
    }

    fn refused(computer: &Computer, request: ComputerRequest) -> Refusal {
        computer.choose(&request).unwrap_err()
    }

    #[test]
    fn the_offer_lists_the_levels_in_words_and_the_engines() {
        let (computer, _dir) = computer(with_engine());
        let offer = computer.offer().unwrap();
        let levels: Vec<u8> = offer.levels.iter().map(|l| l.level.get()).collect();
        assert_eq!(levels, [1, 2, 3, 4, 5]);
        assert_eq!(offer.levels[0].description, "random mover");
        assert_eq!(offer.engines[0].name, "fairy");
        assert_eq!(offer.engines[0].description, "external engine (uci)");
        assert_eq!(offer.think_ms.default, 1000);
        let (off, _dir) = computer_off();
        assert_eq!(off.offer(), None);
    }

    #[test]
    fn the_computer_players_names_are_reserved_in_every_spelling() {
        let (computer, _dir) = computer(with_engine());
        for name in [
            "computer",
            " Computer ",
            "computer (level 5)",
            "ＣＯＭＰＵＴＥＲ (x)",
            "Fairy",
        ] {
            assert!(computer.reserves(name), "{name}");
        }
        for name in ["ann", "computers", "my computer", "fairy2"] {
            assert!(!computer.reserves(name), "{name}");
        }
    }

    fn computer_off() -> (Computer, tempfile::TempDir) {
        computer(ComputerConfig {
            enabled: false,
            ..Config::default().computer
        })
    }

    #[test]
    fn requests_are_checked_never_adjusted() {
        let (computer, _dir) = computer(with_engine());
        assert_eq!(
            computer.choose(&ComputerRequest::level(level(5))).unwrap(),
            ComputerSeat {
                opponent: Opponent::Level(level(5)),
                think_ms: 1000
            }
        );
        assert_eq!(
            computer
                .choose(&ComputerRequest::engine("fairy").with_think_ms(300))
                .unwrap(),
            ComputerSeat {
                opponent: Opponent::Engine("fairy".into()),
                think_ms: 300
            }
        );
        let too_high = refused(&computer, ComputerRequest::level(level(6)));
        assert_eq!(too_high.code, ErrorCode::BadOpponent);
        assert!(
            too_high
                .message
                .contains("levels are 1 to 5 on this server"),
            "{}",
            too_high.message
        );
        for request in [
            asked(0),
            asked(300),
            ComputerRequest::engine("stockfish"),
            ComputerRequest::level(level(3)).with_think_ms(0),
            ComputerRequest::level(level(3)).with_think_ms(10_001),
            ComputerRequest::default(),
            ComputerRequest {
                engine: Some("fairy".into()),
                ..ComputerRequest::level(level(3))
            },
        ] {
            assert_eq!(
                refused(&computer, request.clone()).code,
                ErrorCode::BadOpponent,
                "{request:?}"
            );
        }
        assert!(
            refused(&computer, ComputerRequest::engine("x"))
                .message
                .contains("fairy")
        );
        let (off, _dir) = computer_off();
        assert_eq!(
            refused(&off, ComputerRequest::level(level(1))).code,
            ErrorCode::ComputerBusy
        );
    }

    #[test]
    fn at_most_max_games_at_once() {
        let (computer, _dir) = computer(with_engine());
        let a = computer.reserve().unwrap();
        let b = computer.reserve().unwrap();
        assert!(computer.reserve().is_none());
        drop(a);
        let c = computer.reserve().unwrap();
        let restored = computer.reserve_anyway();
        assert_eq!(computer.games_on(), 3);
        drop((b, c, restored));
        assert_eq!(computer.games_on(), 0);
    }

    #[test]
    fn built_in_players_run_in_a_worker_process_and_engines_as_configured() {
        let (mut computer, _dir) = computer(with_engine());
        computer.config.worker = "/opt/my amazons/amazons-server".into();
        let builtin = ComputerSeat {
            opponent: Opponent::Level(level(4)),
            think_ms: 1,
        };
        let PlayerSpec::External { protocol, command } = computer.spec(&builtin) else {
            panic!("a level runs in a worker")
        };
        assert_eq!(protocol, amazons_engine::player::Protocol::Uci);
        let words = shell_words(&command);
        assert_eq!(words[0], "/opt/my amazons/amazons-server");
        assert_eq!(words[1], worker::SUBCOMMAND);
        let args = worker::WorkerArgs::parse(&words[2..]).unwrap();
        assert_eq!(args.player, PlayerSpec::Level(level(4)));
        assert_eq!(args.hash_mb, computer.config.hash_mb);
        let engine = ComputerSeat {
            opponent: Opponent::Engine("fairy".into()),
            think_ms: 1,
        };
        assert_eq!(computer.spec(&engine).to_string(), "uci:fairy-stockfish");
        assert_eq!(quote("it's"), "'it'\\''s'");
    }

    /// Splits like the engine crate does (through its grammar).
    fn shell_words(command: &str) -> Vec<String> {
        amazons_engine::player::process::split_command(command).unwrap()
    }

    #[test]
    fn the_computer_shows_as_a_bot_with_its_level_or_engine() {
        let builtin = ComputerSeat {
            opponent: Opponent::Level(level(5)),
            think_ms: 1,
        };
        assert_eq!(
            Computer::player_info(&builtin),
            PlayerInfo::new("computer (level 5)", PlayerKind::Bot)
                .identified(Some(PlayerId::computer("level-5")))
        );
        let engine = ComputerSeat {
            opponent: Opponent::Engine("fairy".into()),
            think_ms: 1,
        };
        assert_eq!(Computer::player_info(&engine).name, "fairy");
        assert_eq!(
            Computer::player_info(&engine).id,
            Some(PlayerId::computer("fairy"))
        );
    }
}
