//! An external engine, whatever its protocol, with one failure policy: a
//! program that crashes, goes silent or answers an illegal move is restarted
//! once per game and asked again; a second failure gives up, and the caller
//! ends the game (the arena) or resigns (a bot). Nothing else goes down with
//! it: the program is a child process, killed when it is dropped.

use std::time::{Duration, Instant};

use amazons_core::{Move, Position, Side};

use crate::player::spec::Protocol;
use crate::player::{GameSoFar, Player, PlayerError, ThinkBudget, botzone, sau, uci};

/// How long to wait for an external engine beyond what it was asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ExternalTimeouts {
    /// For the start-up handshake (`uciok`, `readyok`, `name`).
    pub handshake: Duration,
    /// Extra time after the move budget: a UCI engine then gets `stop` and
    /// this much again; other protocols have no `stop`, so they get this
    /// once and count as silent after it.
    pub grace: Duration,
    /// The longest search when the budget sets no limit.
    pub unbounded: Duration,
}

impl Default for ExternalTimeouts {
    fn default() -> Self {
        ExternalTimeouts {
            handshake: Duration::from_secs(10),
            grace: Duration::from_secs(2),
            unbounded: Duration::from_secs(60),
        }
    }
}

impl ExternalTimeouts {
    /// When the answer to a move request is due: `side`'s budget (or
    /// [`Self::unbounded`] when it sets no limit) and the grace after it.
    pub(crate) fn move_deadline(&self, budget: ThinkBudget, side: Side) -> Instant {
        Instant::now() + budget.limit(side).unwrap_or(self.unbounded) + self.grace
    }
}

/// An engine's answer `text` as a move: `parsed` is what its protocol's
/// notation made of it (or why it is no move), and the move must be legal
/// in `position`; anything else is the engine's illegal move.
pub(crate) fn checked_move(
    position: &Position,
    text: String,
    parsed: Result<Move, String>,
) -> Result<Move, PlayerError> {
    let checked = parsed.and_then(|m| position.is_legal(m).map(|()| m).map_err(|e| e.to_string()));
    checked.map_err(|reason| PlayerError::IllegalMove { text, reason })
}

/// How a driver starts and how long it waits: what every protocol session
/// needs to know besides the command.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SessionOptions {
    /// The deadlines.
    pub timeouts: ExternalTimeouts,
    /// Whether the program's stderr goes to ours (else it is discarded).
    pub show_stderr: bool,
}

/// One protocol's conversation with one running program (or, for Botzone's
/// restart-per-turn bots, with a program started again every turn).
pub trait Session: Send {
    /// The engine's name, as its protocol tells it (or the program's name).
    fn name(&self) -> String;
    /// Tells the engine a new game starts.
    fn new_game(&mut self) -> Result<(), PlayerError>;
    /// Asks for a move in `game` within `budget`; the answer is checked by
    /// the rules before it is returned.
    fn best_move(&mut self, game: GameSoFar<'_>, budget: ThinkBudget) -> Result<Move, PlayerError>;
    /// The CPU time the engine has used in this session so far, when it can
    /// be read ([`crate::player::process::EngineProcess::cpu_time`]): a total
    /// that only grows, over every process of the session (a Botzone bot
    /// restarted each turn has many), so that the CPU time of a move is the
    /// difference between two readings.
    fn cpu_time(&self) -> Option<Duration> {
        None
    }
    /// Thinks on the opponent's time about `game` (the opponent to move) for
    /// at most `limit`, and returns at once: whether the protocol can (UCI
    /// only). The next command stops it first.
    fn ponder(&mut self, game: GameSoFar<'_>, limit: Duration) -> Result<bool, PlayerError> {
        let _ = (game, limit);
        Ok(false)
    }
    /// Ends the pondering search, if one runs, without waiting for the
    /// engine (an async host may call it).
    fn stop_pondering(&mut self) -> Result<(), PlayerError> {
        Ok(())
    }
    /// Ends the session's program now, as dropping the session would, and
    /// returns the CPU time the session used in all ([`Session::cpu_time`]
    /// read at its very end): an engine restarted after a failure is still
    /// charged what the failed program burnt.
    fn end(&mut self) -> Option<Duration>;
}

/// Starts a session of `protocol` for `words` (the command line, split).
fn start_session(
    protocol: Protocol,
    words: &[String],
    options: SessionOptions,
) -> Result<Box<dyn Session>, PlayerError> {
    Ok(match protocol {
        Protocol::Uci => Box::new(uci::UciSession::start(words, options)?),
        Protocol::Botzone => Box::new(botzone::BotzoneSession::start(words, options)?),
        Protocol::Sau => Box::new(sau::SauSession::start(words, options)?),
    })
}

/// An external engine with the restart-once policy.
pub struct ExternalPlayer {
    /// The protocol it speaks.
    protocol: Protocol,
    /// The command line, split into words.
    words: Vec<String>,
    /// Deadlines and stderr handling.
    options: SessionOptions,
    /// The running session; `None` after a failure, until restarted.
    session: Option<Box<dyn Session>>,
    /// Restarts still allowed in this game.
    restarts_left: u32,
    /// The engine's name once known.
    name: String,
    /// The CPU time of the sessions ended after a failure, so that
    /// [`Player::cpu_time`] keeps growing over restarts; `None` once one of
    /// them could not be read.
    ended_cpu: Option<Duration>,
}

impl ExternalPlayer {
    /// Starts the engine now, so a bad command is reported before any game.
    pub fn start(
        protocol: Protocol,
        words: Vec<String>,
        options: SessionOptions,
    ) -> Result<ExternalPlayer, PlayerError> {
        let session = start_session(protocol, &words, options)?;
        Ok(ExternalPlayer {
            name: session.name(),
            protocol,
            words,
            options,
            session: Some(session),
            restarts_left: 1,
            ended_cpu: Some(Duration::ZERO),
        })
    }

    /// The command line, for messages.
    fn command(&self) -> String {
        self.words.join(" ")
    }

    /// The running session, started (with a new game) if the last one failed.
    fn running(&mut self) -> Result<&mut Box<dyn Session>, PlayerError> {
        if self.session.is_none() {
            let mut session = start_session(self.protocol, &self.words, self.options)?;
            session.new_game()?;
            self.session = Some(session);
        }
        Ok(self.session.as_mut().expect("just started"))
    }

    /// Ends the running session after a failure, counting its CPU time.
    fn end_session(&mut self) {
        if let Some(mut session) = self.session.take() {
            let cpu = session.end();
            self.ended_cpu = self.ended_cpu.zip(cpu).map(|(ended, cpu)| ended + cpu);
        }
    }
}

impl Player for ExternalPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.restarts_left = 1;
        let result = self.running().and_then(|session| session.new_game());
        result.inspect_err(|_| self.end_session())
    }

    fn choose(&mut self, game: GameSoFar<'_>, budget: ThinkBudget) -> Result<Move, PlayerError> {
        loop {
            let result = self
                .running()
                .and_then(|session| session.best_move(game, budget));
            let error = match result {
                Ok(m) => return Ok(m),
                Err(error) => error,
            };
            self.end_session();
            let command = self.command();
            if self.restarts_left == 0 {
                tracing::error!("engine `{command}` failed again ({error}); giving up");
                return Err(PlayerError::GaveUp {
                    command,
                    last: Box::new(error),
                });
            }
            self.restarts_left -= 1;
            tracing::warn!("engine `{command}` failed ({error}); restarting it once");
        }
    }

    /// UCI engines only (the other protocols cannot be told to think
    /// without answering). An engine that fails to take the request is
    /// ended, and restarted at the next move.
    fn ponder(&mut self, game: GameSoFar<'_>, limit: Duration) -> bool {
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        match session.ponder(game, limit) {
            Ok(pondering) => pondering,
            Err(error) => {
                tracing::warn!("engine `{}` failed to ponder ({error})", self.command());
                self.end_session();
                false
            }
        }
    }

    /// Tells the engine to stop and returns without waiting for it.
    fn stop_pondering(&mut self) {
        if let Some(Err(error)) = self.session.as_mut().map(|s| s.stop_pondering()) {
            tracing::warn!(
                "engine `{}` failed to stop pondering ({error})",
                self.command()
            );
            self.end_session();
        }
    }

    /// Over every session of this player: the failed ones and the running
    /// one.
    fn cpu_time(&self) -> Option<Duration> {
        let running = match &self.session {
            Some(session) => session.cpu_time()?,
            None => Duration::ZERO,
        };
        Some(self.ended_cpu? + running)
    }
}
