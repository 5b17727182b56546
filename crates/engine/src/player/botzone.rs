//! Driving a bot written for Botzone, in its "simple interaction" protocol.
//!
//! **A turn.** The bot reads a line with the turn number `n` (from 1), then
//! `2n − 1` lines alternating between what the platform told it and what it
//! answered, oldest first (request 1, response 1, request 2, …, request `n`),
//! then one line of `data` and one of `globaldata` (what it asked to keep).
//! Each request and response is one move as six integers `x0 y0 x1 y1 x2 y2`
//! (queen from, queen to, arrow); the first request of the player who moves
//! first is `-1 -1 -1 -1 -1 -1` ("you move first"). The bot answers with its
//! move on one line, optionally followed by a debug line, a data line and a
//! globaldata line.
//!
//! **Two modes**, chosen by the bot. A bot that exits after answering is
//! started again next turn with the whole history (restart per turn). A bot
//! that prints `>>>BOTZONE_REQUEST_KEEP_RUNNING<<<` after its answer keeps
//! running and from then on reads one request line per turn (the opponent's
//! move). The mode is seen at the start of the next turn; a bot that has
//! neither exited nor asked to keep running within the grace is killed and
//! restarted with the history.
//!
//! **Coordinates.** `x` is the file (0 = a … 9 = j) and `y` the rank less one
//! (0 = rank 1 … 9 = rank 10), so `d1` is `3 0`. Botzone calls the player who
//! moves first *black* and draws `y = 0` at the top: a bot sees our board
//! upside down, which changes no line on it. Its first player starts on
//! `(3,0) (6,0) (0,3) (9,3)` and the second on `(3,9) (6,9) (0,6) (9,6)`,
//! which is what Botzone's 8×8 start, `(2,0) (5,0) (0,2) (7,2)` for black,
//! becomes on 10×10 (Botzone's sample bots place the queens with a formula in
//! the board size that gives exactly this). Botzone's own Amazons is played on
//! 8×8: a bot must be built for a 10×10 board to play here.
//!
//! **Time.** The protocol carries no time: a bot thinks for whatever its own
//! limit is (Botzone gives 1 s a turn to compiled bots). The driver waits for
//! the move budget plus the grace, then counts the bot as silent. The bot's
//! CPU time ([`Session::cpu_time`]) is that of all the processes of the
//! session: a keep-running one while it runs, and each that has ended as it
//! was when it exited.
//!
//! **Positions.** Botzone describes a game only by its moves from the
//! standard start; a game from another position is handed over as the moves
//! that lead to it from the start ([`crate::player::route`]).

use std::time::{Duration, Instant};

use amazons_core::{Move, Position, Square};

use crate::player::external::{Session, SessionOptions, checked_move};
use crate::player::process::EngineProcess;
use crate::player::route::route_from_start;
use crate::player::uci::program_name;
use crate::player::{GameSoFar, PlayerError, ThinkBudget};

/// The line a keep-running bot prints after its answer.
pub const KEEP_RUNNING: &str = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

/// The request that tells a bot it moves first.
pub const YOU_MOVE_FIRST: &str = "-1 -1 -1 -1 -1 -1";

/// A move as Botzone writes it: `x0 y0 x1 y1 x2 y2`.
pub fn format_move(m: Move) -> String {
    let xy = |s: Square| format!("{} {}", s.file(), s.rank());
    format!("{} {} {}", xy(m.from), xy(m.to), xy(m.arrow))
}

/// Reads a move written as six integers; `None` for anything else
/// (including `-1 -1 -1 -1 -1 -1`, "no move").
pub fn parse_move(text: &str) -> Option<Move> {
    let numbers: Vec<u8> = text
        .split_whitespace()
        .map(|w| w.parse::<u8>().ok())
        .collect::<Option<_>>()?;
    let [x0, y0, x1, y1, x2, y2] = numbers[..] else {
        return None;
    };
    Some(Move::new(
        Square::new(x0, y0)?,
        Square::new(x1, y1)?,
        Square::new(x2, y2)?,
    ))
}

/// A bot process left from the last turn, with what it has seen.
struct LastProcess {
    /// The program.
    process: EngineProcess,
    /// The moves from the start that it knows, its own answer included.
    known: Vec<Move>,
    /// Whether it has asked to keep running (`None`: not seen yet).
    keep_running: Option<bool>,
    /// Lines after its answer so far (debug, data, globaldata).
    extra: Vec<String>,
}

/// A Botzone bot.
pub struct BotzoneSession {
    /// The command line, split.
    words: Vec<String>,
    /// Deadlines and stderr handling.
    options: SessionOptions,
    /// The program's file name (the protocol has no name command).
    name: String,
    /// The process of the last turn, if it may still be running.
    last: Option<LastProcess>,
    /// The CPU time of the session's processes that have ended (all but
    /// `last`), so that [`Session::cpu_time`] keeps growing over processes;
    /// `None` where a process's CPU time cannot be read (the check in
    /// [`BotzoneSession::start`] tells).
    ended_cpu: Option<Duration>,
    /// What the bot asked to keep until its next turn.
    data: String,
    /// What the bot asked to keep for good (across games too).
    globaldata: String,
}

impl BotzoneSession {
    /// Checks that the program starts (and stops it again: it is started for
    /// real at its first turn).
    pub fn start(words: &[String], options: SessionOptions) -> Result<BotzoneSession, PlayerError> {
        let ended_cpu = EngineProcess::spawn(words, options.show_stderr)?.end();
        Ok(BotzoneSession {
            words: words.to_vec(),
            options,
            name: program_name(words),
            last: None,
            ended_cpu,
            data: String::new(),
            globaldata: String::new(),
        })
    }

    /// Ends one of the session's processes and counts its CPU time.
    fn end_process(&mut self, mut process: EngineProcess) {
        let cpu = process.end();
        if let Some(ended) = &mut self.ended_cpu {
            *ended += cpu.unwrap_or_default();
        }
    }

    /// Settles the mode of the last turn's process: reads what it printed
    /// after its answer until it asks to keep running, exits, or the grace
    /// runs out (then it is killed). Keeps its data lines. Returns the process
    /// when it keeps running; else ends it, counting its CPU time.
    fn settle_last(&mut self) -> Option<LastProcess> {
        let mut last = self.last.take()?;
        let deadline = Instant::now() + self.options.timeouts.grace;
        while last.keep_running.is_none() {
            match last.process.next_line(deadline, KEEP_RUNNING) {
                Ok(line) if line.trim() == KEEP_RUNNING => last.keep_running = Some(true),
                Ok(line) => last.extra.push(line),
                // Exited (restart per turn), or neither: restart it.
                Err(_) => last.keep_running = Some(false),
            }
        }
        if last.keep_running == Some(true) {
            return Some(last);
        }
        // Restart per turn: the lines after the answer are debug, data, globaldata.
        self.data = last.extra.get(1).cloned().unwrap_or_default();
        if let Some(global) = last.extra.get(2) {
            self.globaldata = global.clone();
        }
        self.end_process(last.process);
        None
    }

    /// What a bot started for this turn is told: the whole history (`line`:
    /// every move from the start) as requests and responses, then the data
    /// and globaldata it asked to keep.
    fn history_input(&self, line: &[Move]) -> Vec<String> {
        let first = line.len() % 2 == 0;
        let mut requests: Vec<String> = Vec::new();
        let mut responses: Vec<String> = Vec::new();
        if first {
            requests.push(YOU_MOVE_FIRST.to_string());
        }
        for (ply, m) in line.iter().enumerate() {
            let mine = (ply % 2 == 0) == first;
            if mine {
                responses.push(format_move(*m));
            } else {
                requests.push(format_move(*m));
            }
        }
        let mut input = vec![requests.len().to_string()];
        for (i, request) in requests.iter().enumerate() {
            input.push(request.clone());
            if let Some(response) = responses.get(i) {
                input.push(response.clone());
            }
        }
        input.push(self.data.clone());
        input.push(self.globaldata.clone());
        input
    }
}

/// Sends `input` to `process` and reads its answer, a move legal in
/// `position`, by `deadline`.
fn ask(
    process: &mut EngineProcess,
    input: &[String],
    position: &Position,
    deadline: Instant,
) -> Result<Move, PlayerError> {
    for text in input {
        process.send(text)?;
    }
    let text = loop {
        let text = process.next_line(deadline, "a move")?;
        if !text.trim().is_empty() {
            break text.trim().to_string();
        }
    };
    let parsed = parse_move(&text)
        .ok_or_else(|| "a move is six integers 0-9: x0 y0 x1 y1 x2 y2".to_string());
    checked_move(position, text, parsed)
}

impl Session for BotzoneSession {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        if let Some(last) = self.last.take() {
            self.end_process(last.process);
        }
        self.data.clear();
        Ok(())
    }

    fn best_move(&mut self, game: GameSoFar<'_>, budget: ThinkBudget) -> Result<Move, PlayerError> {
        let mut line = if game.start == Position::start() {
            Vec::new()
        } else {
            route_from_start(&game.start).ok_or_else(|| {
                PlayerError::Unsupported(format!(
                    "a Botzone bot needs the moves from the start, and none lead to {}",
                    game.start.fen()
                ))
            })?
        };
        line.extend_from_slice(game.moves);
        // A keep-running bot goes on only if the game went on from what it
        // knows by one move (the opponent's); else it is ended and started
        // again with the history.
        let kept = match self.settle_last() {
            Some(last) if line.len() == last.known.len() + 1 && line.starts_with(&last.known) => {
                Some(last)
            }
            Some(stale) => {
                self.end_process(stale.process);
                None
            }
            None => None,
        };
        let (mut process, input) = match kept {
            // Keep-running: one request per turn, the opponent's move.
            Some(last) => {
                let opponent = *line.last().expect("one move more than known");
                (last.process, vec![format_move(opponent)])
            }
            None => (
                EngineProcess::spawn(&self.words, self.options.show_stderr)?,
                self.history_input(&line),
            ),
        };
        let deadline = self
            .options
            .timeouts
            .move_deadline(budget, game.position.turn());
        let m = match ask(&mut process, &input, &game.position, deadline) {
            Ok(m) => m,
            Err(error) => {
                // Counted: a restarted engine is charged what this one burnt.
                self.end_process(process);
                return Err(error);
            }
        };
        line.push(m);
        self.last = Some(LastProcess {
            process,
            known: line,
            keep_running: None,
            extra: Vec::new(),
        });
        Ok(m)
    }

    /// The ended processes' CPU time and the last one's so far.
    fn cpu_time(&self) -> Option<Duration> {
        let last = match &self.last {
            Some(last) => last.process.cpu_time()?,
            None => Duration::ZERO,
        };
        Some(self.ended_cpu? + last)
    }

    /// Ends the last turn's process, if it still runs, and tells the total.
    fn end(&mut self) -> Option<Duration> {
        if let Some(last) = self.last.take() {
            self.end_process(last.process);
        }
        self.ended_cpu
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_are_file_and_rank_from_zero() {
        let m: Move = "d1-d7/g7".parse().unwrap();
        assert_eq!(format_move(m), "3 0 3 6 6 6");
        assert_eq!(parse_move("3 0 3 6 6 6"), Some(m));
        assert_eq!(
            parse_move(" 9 9 0 0 5 5 "),
            Some("j10-a1/f6".parse().unwrap())
        );
        assert_eq!(parse_move(YOU_MOVE_FIRST), None);
        assert_eq!(parse_move("3 0 3 6 6"), None);
        assert_eq!(parse_move("3 0 3 6 6 10"), None);
        // Botzone's first player starts where our first player (white) does.
        let first: Vec<String> = Position::start()
            .queens(amazons_core::Side::First)
            .map(|q| format!("({},{})", q.file(), q.rank()))
            .collect();
        assert_eq!(first, ["(3,0)", "(6,0)", "(0,3)", "(9,3)"]);
    }
}
