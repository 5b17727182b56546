//! Driving an external engine over UCI, in the dialect Fairy-Stockfish
//! speaks for Amazons: `uci`/`uciok`, `setoption name UCI_Variant value
//! amazons`, `isready`/`readyok`, `ucinewgame`, `position startpos|fen FEN
//! moves d1d7,d7g7 ...`, `go movetime ..` or `go wtime .. btime .. winc ..
//! binc ..`, and `bestmove d1d7,d7g7`.
//!
//! Coordinates are ours (files a–j left to right, ranks 1–10 from White's
//! side; White moves first). The budget is handed over exactly (`movetime`, or
//! both clocks). An engine that is still thinking when its budget and the
//! grace have passed is sent `stop` and gets the grace once more; then it
//! counts as silent.
//!
//! Pondering ([`Session::ponder`]) is `position` (the game after our move,
//! the opponent to move) and `go ponder movetime LIMIT`: an engine that keeps
//! its search tree between moves, as ours does, starts its next search from
//! what it found. [`Session::stop_pondering`] sends `stop` without waiting;
//! the next command first reads the pondering search's `bestmove` (sending
//! `stop` if that was not done) and drops it.

use std::time::Instant;

use amazons_core::{Move, Position};

use crate::player::external::{Session, SessionOptions, checked_move};
use crate::player::process::EngineProcess;
use crate::player::{GameSoFar, PlayerError, ThinkBudget};

/// A running UCI engine.
pub struct UciSession {
    /// The program.
    process: EngineProcess,
    /// The name it reported (`id name ...`), or the program's file name.
    name: String,
    /// Deadlines.
    options: SessionOptions,
    /// The `go ponder` search, if its `bestmove` is still to be read.
    pondering: Pondering,
}

/// Where a `go ponder` search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pondering {
    /// None runs (or its `bestmove` has been read).
    Idle,
    /// It runs.
    Running,
    /// It was sent `stop`; its `bestmove` is still to be read.
    Stopped,
}

impl UciSession {
    /// Starts `words` and completes the UCI handshake.
    pub fn start(words: &[String], options: SessionOptions) -> Result<UciSession, PlayerError> {
        let process = EngineProcess::spawn(words, options.show_stderr)?;
        let mut session = UciSession {
            name: program_name(words),
            process,
            options,
            pondering: Pondering::Idle,
        };
        session.process.send("uci")?;
        let deadline = Instant::now() + options.timeouts.handshake;
        loop {
            let line = session.process.next_line(deadline, "uciok")?;
            if let Some(name) = line.strip_prefix("id name ") {
                session.name = name.trim().to_string();
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        session
            .process
            .send("setoption name UCI_Variant value amazons")?;
        session.ready()?;
        Ok(session)
    }

    /// Ends a pondering search, if there is one: `stop` (unless sent
    /// already), then its `bestmove`, dropped.
    fn end_pondering(&mut self) -> Result<(), PlayerError> {
        self.stop_pondering()?;
        if std::mem::replace(&mut self.pondering, Pondering::Idle) == Pondering::Idle {
            return Ok(());
        }
        let deadline = Instant::now() + self.options.timeouts.handshake;
        while !self
            .process
            .next_line(deadline, "the pondering search's bestmove")?
            .trim()
            .starts_with("bestmove")
        {}
        Ok(())
    }

    /// Sends `isready` and waits for `readyok`.
    fn ready(&mut self) -> Result<(), PlayerError> {
        self.process.send("isready")?;
        let deadline = Instant::now() + self.options.timeouts.handshake;
        while self.process.next_line(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }
}

/// The file name of a command's program: a name until the engine tells its own.
pub(crate) fn program_name(words: &[String]) -> String {
    let program = words.first().map_or("engine", String::as_str);
    program.rsplit('/').next().unwrap_or(program).to_string()
}

impl Session for UciSession {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.end_pondering()?;
        self.process.send("ucinewgame")?;
        self.ready()
    }

    fn best_move(&mut self, game: GameSoFar<'_>, budget: ThinkBudget) -> Result<Move, PlayerError> {
        self.end_pondering()?;
        self.process.send(&position_command(game))?;
        self.process.send(&go_command(budget))?;
        let side = game.position.turn();
        let timeouts = self.options.timeouts;
        let mut deadline = timeouts.move_deadline(budget, side);
        let mut stopped = false;
        let text = loop {
            match self.process.next_line(deadline, "bestmove") {
                Ok(line) => {
                    if let Some(rest) = line.trim().strip_prefix("bestmove") {
                        break rest.split_whitespace().next().unwrap_or("").to_string();
                    }
                }
                Err(PlayerError::Silent { .. }) if !stopped => {
                    self.process.send("stop")?;
                    stopped = true;
                    deadline = Instant::now() + timeouts.grace;
                }
                Err(e) => return Err(e),
            }
        };
        let parsed = Move::from_uci(&text).map_err(|e| e.to_string());
        checked_move(&game.position, text, parsed)
    }

    fn cpu_time(&self) -> Option<std::time::Duration> {
        self.process.cpu_time()
    }

    fn ponder(
        &mut self,
        game: GameSoFar<'_>,
        limit: std::time::Duration,
    ) -> Result<bool, PlayerError> {
        self.end_pondering()?;
        self.process.send(&position_command(game))?;
        self.process
            .send(&format!("go ponder movetime {}", limit.as_millis()))?;
        self.pondering = Pondering::Running;
        Ok(true)
    }

    /// Sends `stop` and returns at once: the `bestmove` it brings is read
    /// before the next command.
    fn stop_pondering(&mut self) -> Result<(), PlayerError> {
        if self.pondering == Pondering::Running {
            self.pondering = Pondering::Stopped;
            self.process.send("stop")?;
        }
        Ok(())
    }

    /// Says `stop` (to a pondering search) and `quit` (a program that has
    /// crashed cannot hear them) and ends the program.
    fn end(&mut self) -> Option<std::time::Duration> {
        let _ = self.stop_pondering();
        let _ = self.process.send("quit");
        self.process.end()
    }
}

impl Drop for UciSession {
    fn drop(&mut self) {
        self.end();
    }
}

/// The `position` line for a game.
fn position_command(game: GameSoFar<'_>) -> String {
    let mut line = if game.start == Position::start() {
        "position startpos".to_string()
    } else {
        format!("position fen {}", game.start.fen())
    };
    if !game.moves.is_empty() {
        line.push_str(" moves");
        for m in game.moves {
            line.push_str(&format!(" {}", m.uci()));
        }
    }
    line
}

/// The `go` line for a budget.
fn go_command(budget: ThinkBudget) -> String {
    match (budget.movetime, budget.clocks) {
        (Some(movetime), _) => format!("go movetime {}", movetime.as_millis()),
        (None, Some(clocks)) => format!(
            "go wtime {} btime {} winc {} binc {}",
            clocks.remaining.first.as_millis(),
            clocks.remaining.second.as_millis(),
            clocks.increment.first.as_millis(),
            clocks.increment.second.as_millis(),
        ),
        (None, None) => "go infinite".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::ClockBudget;
    use crate::uci_command::{GoCommand, PositionCommand};
    use amazons_core::BySide;
    use std::time::Duration;

    #[test]
    fn go_lines() {
        let movetime = ThinkBudget::movetime(Duration::from_millis(1500));
        assert_eq!(go_command(movetime), "go movetime 1500");
        let clocks = ThinkBudget {
            movetime: None,
            clocks: Some(ClockBudget {
                remaining: BySide::new(Duration::from_secs(60), Duration::from_secs(50)),
                increment: BySide::new(Duration::from_secs(2), Duration::from_secs(3)),
            }),
        };
        assert_eq!(
            go_command(clocks),
            "go wtime 60000 btime 50000 winc 2000 binc 3000"
        );
        assert_eq!(go_command(ThinkBudget::default()), "go infinite");
    }

    #[test]
    fn position_lines() {
        let moves: Vec<Move> = vec!["d1-d7/g7".parse().unwrap()];
        let game = GameSoFar::new(Position::start(), &moves).unwrap();
        assert_eq!(position_command(game), "position startpos moves d1d7,d7g7");
        let other: Position = "3q6/10/10/3Q*1Q1*q/10/*1q7/Q5q3/10/6*3/6Q3 w - - 4 3"
            .parse()
            .unwrap();
        let game = GameSoFar::new(other, &[]).unwrap();
        assert_eq!(
            position_command(game),
            format!("position fen {}", other.fen())
        );
    }

    #[test]
    fn position_and_go_lines_read_back() {
        let moves: Vec<Move> = vec!["d1-d7/g7".parse().unwrap(), "a7-b7/c7".parse().unwrap()];
        let second = Position::start().play(moves[0]).unwrap();
        for (start, played) in [(Position::start(), &moves[..1]), (second, &moves[1..])] {
            let line = position_command(GameSoFar::new(start, played).unwrap());
            let args = line.strip_prefix("position ").unwrap();
            let read: PositionCommand = args.parse().unwrap();
            assert_eq!((read.start, read.moves), (start, played.to_vec()));
        }
        let clocks = ThinkBudget {
            movetime: None,
            clocks: Some(ClockBudget {
                remaining: BySide::new(Duration::from_secs(60), Duration::from_secs(50)),
                increment: BySide::new(Duration::from_secs(2), Duration::from_secs(3)),
            }),
        };
        for budget in [ThinkBudget::movetime(Duration::from_millis(1500)), clocks] {
            let line = go_command(budget);
            let read: GoCommand = line.strip_prefix("go ").unwrap().parse().unwrap();
            assert_eq!(read.think_budget(), budget);
        }
        let infinite: GoCommand = "infinite".parse().unwrap();
        assert!(infinite.infinite);
    }
}
