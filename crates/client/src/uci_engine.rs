//! Driving an external Amazons engine over UCI, Fairy-Stockfish dialect:
//! `uci`/`uciok`, `setoption name UCI_Variant value amazons`,
//! `isready`/`readyok`, `ucinewgame`, `position startpos moves d1d7,d7g7 ...`,
//! `go wtime .. btime .. winc .. binc ..` or `go movetime ..`, and
//! `bestmove d1d7,d7g7`. The engine is a child process; a reader thread turns
//! its stdout into a channel so every wait has a deadline.
//!
//! [`SupervisedEngine`] adds the policy: a crashed, silent or illegal-move
//! engine is restarted once per game; a second failure gives up (the caller
//! resigns) with a clear log line.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use amazons_core::{Move, Position, Side};

use crate::chooser::{ChooserFailed, GameSoFar, MoveChooser, ThinkBudget};

/// How long to wait for an engine beyond what it was asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UciTimeouts {
    /// For `uciok` and `readyok`.
    pub handshake: Duration,
    /// Extra time after the move budget before `stop`, and again after `stop`
    /// before the engine counts as silent.
    pub grace: Duration,
    /// The longest search when the budget sets no limit.
    pub unbounded: Duration,
}

impl Default for UciTimeouts {
    fn default() -> Self {
        UciTimeouts {
            handshake: Duration::from_secs(10),
            grace: Duration::from_secs(2),
            unbounded: Duration::from_secs(60),
        }
    }
}

/// What went wrong with an engine.
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    /// The program could not be started.
    #[error("cannot start `{command}`: {source}")]
    Spawn {
        /// The command line.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine closed its output (exited or crashed).
    #[error("the engine exited{0}")]
    Crashed(String),
    /// The engine did not answer in time.
    #[error("the engine did not send `{expected}` within {waited:?}")]
    Silent {
        /// What we waited for.
        expected: &'static str,
        /// How long.
        waited: Duration,
    },
    /// The engine answered a move that cannot be played.
    #[error("the engine answered an illegal move `{text}`: {reason}")]
    IllegalMove {
        /// The move text sent.
        text: String,
        /// Why it is refused.
        reason: String,
    },
    /// Writing to the engine failed (it is gone).
    #[error("cannot write to the engine: {0}")]
    Write(std::io::Error),
}

/// Splits a command line into words, honouring single and double quotes.
pub fn split_command(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// A running UCI engine.
pub struct UciEngine {
    /// The command line, for messages.
    command: String,
    /// The engine process (killed on drop).
    child: Child,
    /// Its standard input.
    stdin: ChildStdin,
    /// Lines from its standard output; disconnected when it exits.
    lines: Receiver<String>,
    /// The name it reported (`id name ...`), or the program name.
    name: String,
    /// Deadlines.
    timeouts: UciTimeouts,
}

impl UciEngine {
    /// Starts `command` and completes the UCI handshake.
    pub fn start(command: &[String], timeouts: UciTimeouts) -> Result<UciEngine, UciError> {
        let display = command.join(" ");
        let (program, args) = command.split_first().ok_or_else(|| UciError::Spawn {
            command: display.clone(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidInput, "empty command"),
        })?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|source| UciError::Spawn {
                command: display.clone(),
                source,
            })?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            name: program.rsplit('/').next().unwrap_or(program).to_string(),
            command: display,
            child,
            stdin,
            lines,
            timeouts,
        };
        engine.send("uci")?;
        let deadline = Instant::now() + timeouts.handshake;
        loop {
            let line = engine.next_line(deadline, "uciok")?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_string();
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        engine.send("setoption name UCI_Variant value amazons")?;
        engine.ready()?;
        Ok(engine)
    }

    /// The engine's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn send(&mut self, line: &str) -> Result<(), UciError> {
        tracing::debug!(engine = %self.command, "> {line}");
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(UciError::Write)
    }

    fn next_line(&mut self, deadline: Instant, expected: &'static str) -> Result<String, UciError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                tracing::debug!(engine = %self.command, "< {line}");
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(UciError::Silent {
                expected,
                waited: wait,
            }),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.try_wait().ok().flatten();
                Err(UciError::Crashed(
                    status.map(|s| format!(" ({s})")).unwrap_or_default(),
                ))
            }
        }
    }

    fn ready(&mut self) -> Result<(), UciError> {
        self.send("isready")?;
        let deadline = Instant::now() + self.timeouts.handshake;
        while self.next_line(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) -> Result<(), UciError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// Asks for a move in `game` within `budget`, and checks it with the rules.
    pub fn best_move(
        &mut self,
        game: GameSoFar<'_>,
        budget: ThinkBudget,
    ) -> Result<Move, UciError> {
        let mut position = if game.start == Position::start() {
            "position startpos".to_string()
        } else {
            format!("position fen {}", game.start.fen())
        };
        if !game.moves.is_empty() {
            position.push_str(" moves");
            for m in game.moves {
                position.push_str(&format!(" {}", m.uci()));
            }
        }
        self.send(&position)?;
        self.send(&go_command(budget))?;
        let side = game.position.turn();
        let think = budget.limit(side).unwrap_or(self.timeouts.unbounded);
        let mut deadline = Instant::now() + think + self.timeouts.grace;
        let mut stopped = false;
        let text = loop {
            match self.next_line(deadline, "bestmove") {
                Ok(line) => {
                    if let Some(rest) = line.trim().strip_prefix("bestmove") {
                        break rest.split_whitespace().next().unwrap_or("").to_string();
                    }
                }
                Err(UciError::Silent { .. }) if !stopped => {
                    self.send("stop")?;
                    stopped = true;
                    deadline = Instant::now() + self.timeouts.grace;
                }
                Err(e) => return Err(e),
            }
        };
        let m = Move::from_uci(&text).map_err(|e| UciError::IllegalMove {
            text: text.clone(),
            reason: e.to_string(),
        })?;
        game.position
            .is_legal(m)
            .map_err(|e| UciError::IllegalMove {
                text,
                reason: e.to_string(),
            })?;
        Ok(m)
    }
}

/// The `go` line for a budget.
fn go_command(budget: ThinkBudget) -> String {
    match (budget.movetime, budget.clocks) {
        (Some(movetime), _) => format!("go movetime {}", movetime.as_millis()),
        (None, Some(clocks)) => format!(
            "go wtime {} btime {} winc {} binc {}",
            clocks.remaining[Side::First.index()].as_millis(),
            clocks.remaining[Side::Second.index()].as_millis(),
            clocks.increment[Side::First.index()].as_millis(),
            clocks.increment[Side::Second.index()].as_millis(),
        ),
        (None, None) => "go infinite".to_string(),
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An external engine with a restart policy: one restart per game, then give up.
pub struct SupervisedEngine {
    /// The command line, split into words.
    command: Vec<String>,
    /// Deadlines.
    timeouts: UciTimeouts,
    /// The running engine, if started.
    engine: Option<UciEngine>,
    /// Restarts still allowed in this game.
    restarts_left: u32,
    /// The engine's name once known.
    name: String,
}

impl SupervisedEngine {
    /// Starts `command` now, so a bad command is reported before any game.
    pub fn start(
        command: Vec<String>,
        timeouts: UciTimeouts,
    ) -> Result<SupervisedEngine, UciError> {
        let engine = UciEngine::start(&command, timeouts)?;
        Ok(SupervisedEngine {
            name: engine.name().to_string(),
            command,
            timeouts,
            engine: Some(engine),
            restarts_left: 1,
        })
    }

    fn running(&mut self) -> Result<&mut UciEngine, UciError> {
        if self.engine.is_none() {
            let mut engine = UciEngine::start(&self.command, self.timeouts)?;
            engine.new_game()?;
            self.engine = Some(engine);
        }
        Ok(self.engine.as_mut().expect("just started"))
    }
}

impl MoveChooser for SupervisedEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), ChooserFailed> {
        self.restarts_left = 1;
        let result = self.running().and_then(|engine| engine.new_game());
        result.map_err(|e| {
            self.engine = None;
            ChooserFailed(format!("engine `{}`: {e}", self.command.join(" ")))
        })
    }

    fn choose(&mut self, game: GameSoFar<'_>, budget: ThinkBudget) -> Result<Move, ChooserFailed> {
        loop {
            let result = self
                .running()
                .and_then(|engine| engine.best_move(game, budget));
            let error = match result {
                Ok(m) => return Ok(m),
                Err(error) => error,
            };
            self.engine = None;
            let command = self.command.join(" ");
            if self.restarts_left == 0 {
                tracing::error!("engine `{command}` failed again ({error}); giving up");
                return Err(ChooserFailed(format!(
                    "engine `{command}` failed twice: {error}"
                )));
            }
            self.restarts_left -= 1;
            tracing::warn!("engine `{command}` failed ({error}); restarting it once");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chooser::ClockBudget;

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(
            split_command("engine --level 3"),
            ["engine", "--level", "3"]
        );
        assert_eq!(
            split_command(r#"  "my engine"  -x 'a b' "#),
            ["my engine", "-x", "a b"]
        );
        assert!(split_command("   ").is_empty());
    }

    #[test]
    fn go_lines() {
        let movetime = ThinkBudget {
            movetime: Some(Duration::from_millis(1500)),
            clocks: None,
        };
        assert_eq!(go_command(movetime), "go movetime 1500");
        let clocks = ThinkBudget {
            movetime: None,
            clocks: Some(ClockBudget {
                remaining: [Duration::from_secs(60), Duration::from_secs(50)],
                increment: [Duration::from_secs(2), Duration::from_secs(3)],
            }),
        };
        assert_eq!(
            go_command(clocks),
            "go wtime 60000 btime 50000 winc 2000 binc 3000"
        );
    }
}
