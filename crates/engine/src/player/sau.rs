//! Driving an engine written for the SAU game platform (used at the Chinese
//! Computer Games Championship, CCGC).
//!
//! **Messages.** The platform sends `name?` (the engine answers `name NAME`),
//! `new black` or `new white` (a new game, the engine playing that colour; as
//! black it answers its first move at once), `move XXXXXX` (the opponent's
//! move; the engine answers `move YYYYYY`), `end` (the game is over) and
//! `quit`. Lines an engine prints besides these (boards, debug text) are
//! skipped.
//!
//! **Coordinates.** A move is six letters, two per square (queen from, queen
//! to, arrow): the column `A`–`J` (file a–j), then the row counted from the
//! top, `A` = rank 10 … `J` = rank 1. So `d1` is `DJ` and `d1-d7/g7` is
//! `DJDDGD`. SAU calls the player who moves first *black*: our white is its
//! black (`new black` = the engine moves first), and its black starts on
//! `DJ GJ AG JG` (d1 g1 a4 j4), exactly our first player's squares.
//!
//! **Time.** The protocol carries no time: an engine thinks for whatever its
//! own limit is. The driver waits for the move budget plus the grace, then
//! counts the engine as silent.
//!
//! **Positions.** The protocol cannot set up a position or replay a game: an
//! engine plays from the standard start and follows a game from its first
//! move. A game from another position, or one joined halfway (a restart after
//! a crash, say), is refused with [`PlayerError::Unsupported`].

use std::time::Instant;

use amazons_core::{Move, Position, Side, Square};

use crate::player::external::{Session, SessionOptions, checked_move};
use crate::player::process::EngineProcess;
use crate::player::uci::program_name;
use crate::player::{GameSoFar, PlayerError, ThinkBudget};

/// A square as SAU writes it: column letter, then row letter from the top.
fn format_square(square: Square) -> String {
    let column = char::from(b'A' + square.file());
    let row = char::from(b'A' + (9 - square.rank()));
    format!("{column}{row}")
}

/// A move as SAU writes it: six letters.
pub fn format_move(m: Move) -> String {
    format!(
        "{}{}{}",
        format_square(m.from),
        format_square(m.to),
        format_square(m.arrow)
    )
}

/// Reads a move written as six letters (either case).
pub fn parse_move(text: &str) -> Option<Move> {
    let letters = text.trim().as_bytes();
    if letters.len() != 6 {
        return None;
    }
    let square = |pair: &[u8]| {
        let column = pair[0].to_ascii_uppercase().checked_sub(b'A')?;
        let row = pair[1].to_ascii_uppercase().checked_sub(b'A')?;
        Square::new(column, 9u8.checked_sub(row)?)
    };
    Some(Move::new(
        square(&letters[0..2])?,
        square(&letters[2..4])?,
        square(&letters[4..6])?,
    ))
}

/// An engine on the SAU protocol.
pub struct SauSession {
    /// The program.
    process: EngineProcess,
    /// The name it answered to `name?`.
    name: String,
    /// Deadlines.
    options: SessionOptions,
    /// The moves of the current game the engine knows (its own answers
    /// included); `None` until the game has been started with it.
    known: Option<Vec<Move>>,
}

impl SauSession {
    /// Starts the program and asks its name.
    pub fn start(words: &[String], options: SessionOptions) -> Result<SauSession, PlayerError> {
        let mut process = EngineProcess::spawn(words, options.show_stderr)?;
        process.send("name?")?;
        let deadline = Instant::now() + options.timeouts.handshake;
        let name = loop {
            let line = process.next_line(deadline, "name")?;
            if let Some(name) = line.trim().strip_prefix("name") {
                let name = name.trim();
                break if name.is_empty() {
                    program_name(words)
                } else {
                    name.to_string()
                };
            }
        };
        Ok(SauSession {
            process,
            name,
            options,
            known: None,
        })
    }
}

impl Session for SauSession {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        if self.known.take().is_some() {
            self.process.send("end")?;
        }
        Ok(())
    }

    fn best_move(&mut self, game: GameSoFar<'_>, budget: ThinkBudget) -> Result<Move, PlayerError> {
        if game.start != Position::start() {
            return Err(PlayerError::Unsupported(
                "a SAU engine plays games from the standard start only".into(),
            ));
        }
        let moves = game.moves;
        let side = game.position.turn();
        match &self.known {
            None if moves.len() <= 1 => {
                self.process.send(&format!("new {}", colour_name(side)))?;
                if let Some(first) = moves.first() {
                    self.process
                        .send(&format!("move {}", format_move(*first)))?;
                }
            }
            None => {
                return Err(PlayerError::Unsupported(format!(
                    "a SAU engine cannot join a game {} moves in",
                    moves.len()
                )));
            }
            Some(known) if moves.len() == known.len() + 1 && moves.starts_with(known) => {
                let opponent = *moves.last().expect("one move more than known");
                self.process
                    .send(&format!("move {}", format_move(opponent)))?;
            }
            Some(_) => {
                return Err(PlayerError::Unsupported(
                    "the game is not the one the SAU engine has followed".into(),
                ));
            }
        }
        let deadline = self.options.timeouts.move_deadline(budget, side);
        let text = loop {
            let line = self.process.next_line(deadline, "move")?;
            if let Some(text) = line.trim().strip_prefix("move ") {
                break text.trim().to_string();
            }
        };
        let parsed = parse_move(&text)
            .ok_or_else(|| "a move is six letters A-J, column then row from the top".to_string());
        let m = checked_move(&game.position, text, parsed)?;
        let mut known = moves.to_vec();
        known.push(m);
        self.known = Some(known);
        Ok(m)
    }

    fn cpu_time(&self) -> Option<std::time::Duration> {
        self.process.cpu_time()
    }

    /// Says `end` (in a game) and `quit`, then ends the program.
    fn end(&mut self) -> Option<std::time::Duration> {
        if self.known.take().is_some() {
            let _ = self.process.send("end");
        }
        let _ = self.process.send("quit");
        self.process.end()
    }
}

impl Drop for SauSession {
    fn drop(&mut self) {
        self.end();
    }
}

/// SAU's name for the colour of `side`: the first player is black.
pub fn colour_name(side: Side) -> &'static str {
    match side {
        Side::First => "black",
        Side::Second => "white",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_are_columns_and_rows_from_the_top() {
        let m: Move = "d1-d7/g7".parse().unwrap();
        assert_eq!(format_move(m), "DJDDGD");
        assert_eq!(parse_move("DJDDGD"), Some(m));
        assert_eq!(parse_move("djddgd"), Some(m));
        assert_eq!(parse_move("AAJJEF"), Some("a10-j1/e5".parse().unwrap()));
        assert_eq!(parse_move("DJDDG"), None);
        assert_eq!(parse_move("DJDDGK"), None);
        // SAU's black (the first player) starts on our first player's squares.
        let black: Vec<String> = Position::start()
            .queens(Side::First)
            .map(format_square)
            .collect();
        assert_eq!(black, ["DJ", "GJ", "AG", "JG"]);
        assert_eq!(colour_name(Side::First), "black");
    }
}
