//! Reading the two UCI commands that set up a search, for every UCI engine
//! written on this crate (the `amazons-engine` binary, the server's
//! computer worker, the test engines): `position startpos|fen FEN [moves
//! m1 m2 ...]` ([`PositionCommand`]) and `go` with its limits
//! ([`GoCommand`]). Each parses the words after the command's name with
//! `FromStr`; a malformed line is a [`UciCommandError`], never a panic.
//!
//! Moves are read in UCI coordinates (`d1d7,d7g7`) or in our notation
//! (`d1-d7/g7`). Whether they are legal is the rules' question, asked by
//! [`PositionCommand::position`]; the reader only reads.

use std::str::FromStr;
use std::time::Duration;

use amazons_core::{BySide, Move, Position, Side};

use crate::player::{ClockBudget, ThinkBudget};
use crate::{ClockLimits, SearchLimits};

/// What cannot be read in a `position` or `go` line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UciCommandError {
    /// `position` without `startpos` or `fen`.
    #[error("position needs `startpos` or `fen <FEN>`, got `{0}`")]
    NoSetup(String),
    /// The FEN does not describe a position.
    #[error("bad FEN: {0}")]
    BadFen(String),
    /// A word after `moves` is no move.
    #[error("bad move `{text}`: {reason}")]
    BadMove {
        /// The word.
        text: String,
        /// Why it is no move.
        reason: String,
    },
    /// A move is against the rules where it is played.
    #[error("illegal move `{text}`: {reason}")]
    IllegalMove {
        /// The move, in UCI coordinates.
        text: String,
        /// Why the rules refuse it.
        reason: String,
    },
    /// A `go` word this reader does not know.
    #[error("unknown go parameter `{0}`")]
    UnknownGoParameter(String),
    /// A `go` limit without its number.
    #[error("go {0} needs a number")]
    MissingNumber(String),
}

/// `position`: where the game started and the moves since.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// The start (`startpos`, or the `fen`).
    pub start: Position,
    /// The moves after `moves`, as written (not yet checked by the rules).
    pub moves: Vec<Move>,
}

impl PositionCommand {
    /// The position after the moves, or the first one the rules refuse.
    pub fn position(&self) -> Result<Position, UciCommandError> {
        self.moves.iter().try_fold(self.start, |position, m| {
            position.play(*m).map_err(|e| UciCommandError::IllegalMove {
                text: m.uci().to_string(),
                reason: e.reason.to_string(),
            })
        })
    }
}

impl FromStr for PositionCommand {
    type Err = UciCommandError;

    /// Reads the words after `position`.
    fn from_str(args: &str) -> Result<PositionCommand, UciCommandError> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let moves_at = words
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(words.len());
        let setup = &words[..moves_at];
        let start = match setup.split_first() {
            Some((&"startpos", [])) => Position::start(),
            Some((&"fen", fen)) => fen
                .join(" ")
                .parse::<Position>()
                .map_err(|e| UciCommandError::BadFen(e.to_string()))?,
            _ => return Err(UciCommandError::NoSetup(setup.join(" "))),
        };
        let moves = words
            .iter()
            .skip(moves_at + 1)
            .map(|text| {
                Move::from_uci(text)
                    .or_else(|_| text.parse::<Move>())
                    .map_err(|e| UciCommandError::BadMove {
                        text: (*text).to_owned(),
                        reason: e.to_string(),
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(PositionCommand { start, moves })
    }
}

/// `go`: the limits of one search, as given. Times below zero (some hosts
/// send them when a clock has run out) read as zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    /// White's clock (`wtime`).
    pub wtime: Option<Duration>,
    /// Black's clock (`btime`).
    pub btime: Option<Duration>,
    /// White's increment (`winc`).
    pub winc: Option<Duration>,
    /// Black's increment (`binc`).
    pub binc: Option<Duration>,
    /// Moves to the next time control (`movestogo`): read, and not used by
    /// this engine's time management (its controls are Fischer).
    pub movestogo: Option<u64>,
    /// A fixed time for the move (`movetime`).
    pub movetime: Option<Duration>,
    /// The deepest iteration (`depth`).
    pub depth: Option<u32>,
    /// A node budget (`nodes`).
    pub nodes: Option<u64>,
    /// Search until `stop` (`infinite`).
    pub infinite: bool,
    /// Think on the opponent's time until `ponderhit` or `stop` (`ponder`).
    pub ponder: bool,
}

impl FromStr for GoCommand {
    type Err = UciCommandError;

    /// Reads the words after `go`.
    fn from_str(args: &str) -> Result<GoCommand, UciCommandError> {
        let mut go = GoCommand::default();
        let mut words = args.split_whitespace();
        while let Some(key) = words.next() {
            match key {
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "wtime" | "btime" | "winc" | "binc" | "movestogo" | "movetime" | "depth"
                | "nodes" => {
                    let value = words
                        .next()
                        .and_then(|v| v.parse::<i64>().ok())
                        .ok_or_else(|| UciCommandError::MissingNumber(key.to_owned()))?;
                    let n = value.max(0) as u64;
                    let ms = Some(Duration::from_millis(n));
                    match key {
                        "wtime" => go.wtime = ms,
                        "btime" => go.btime = ms,
                        "winc" => go.winc = ms,
                        "binc" => go.binc = ms,
                        "movestogo" => go.movestogo = Some(n),
                        "movetime" => go.movetime = ms,
                        "depth" => go.depth = Some(u32::try_from(n).unwrap_or(u32::MAX)),
                        _ => go.nodes = Some(n),
                    }
                }
                other => return Err(UciCommandError::UnknownGoParameter(other.to_owned())),
            }
        }
        Ok(go)
    }
}

impl GoCommand {
    /// The engine's limits for `side` to move (its clock is `wtime` or
    /// `btime`; an opponent's clock not given reads as ours). A bare `go`
    /// searches until `stop`. `ponder` is left to the caller, which holds
    /// these limits until `ponderhit`.
    pub fn search_limits(&self, side: Side) -> SearchLimits {
        let (mine, theirs, my_inc, their_inc) = match side {
            Side::First => (self.wtime, self.btime, self.winc, self.binc),
            Side::Second => (self.btime, self.wtime, self.binc, self.winc),
        };
        SearchLimits {
            movetime: self.movetime,
            clock: mine.map(|mine| ClockLimits {
                remaining: mine,
                increment: my_inc.unwrap_or_default(),
                opponent_remaining: theirs.unwrap_or(mine),
                opponent_increment: their_inc.unwrap_or_default(),
            }),
            depth: self.depth,
            nodes: self.nodes,
            infinite: self.infinite || *self == GoCommand::default(),
            ponder: false,
        }
    }

    /// The budget a [`crate::player::Player`] gets for this line: the
    /// `movetime`, else both clocks when both are given, else none (the
    /// player's default).
    pub fn think_budget(&self) -> ThinkBudget {
        if let Some(movetime) = self.movetime {
            return ThinkBudget::movetime(movetime);
        }
        match (self.wtime, self.btime) {
            (Some(white), Some(black)) => ThinkBudget {
                movetime: None,
                clocks: Some(ClockBudget {
                    remaining: BySide::new(white, black),
                    increment: BySide::new(
                        self.winc.unwrap_or_default(),
                        self.binc.unwrap_or_default(),
                    ),
                }),
            },
            _ => ThinkBudget::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn positions_are_read_from_the_start_or_a_fen_with_moves_in_either_notation() {
        let read: PositionCommand = "startpos moves d1d7,d7g7 a7-b7/c7".parse().unwrap();
        assert_eq!(read.start, Position::start());
        assert_eq!(
            read.moves,
            [
                "d1-d7/g7".parse::<Move>().unwrap(),
                "a7-b7/c7".parse().unwrap()
            ]
        );
        let after = read.position().unwrap();
        assert_eq!(after.ply(), 2);
        let fen = after.fen();
        let again: PositionCommand = format!("fen {fen}").parse().unwrap();
        assert_eq!((again.start, again.moves.len()), (after, 0));
        let bare: PositionCommand = "startpos moves".parse().unwrap();
        assert!(bare.moves.is_empty());
    }

    #[test]
    fn malformed_positions_are_errors() {
        let error = |args: &str| args.parse::<PositionCommand>().unwrap_err();
        assert_eq!(error(""), UciCommandError::NoSetup(String::new()));
        assert!(matches!(
            error("startpos d1d7,d7g7"),
            UciCommandError::NoSetup(_)
        ));
        assert!(matches!(
            error("somewhere moves d1d7,d7g7"),
            UciCommandError::NoSetup(_)
        ));
        assert!(matches!(error("fen"), UciCommandError::BadFen(_)));
        assert!(matches!(
            error("fen not/a/fen w"),
            UciCommandError::BadFen(_)
        ));
        assert!(matches!(
            error("startpos moves zz"),
            UciCommandError::BadMove { .. }
        ));
        assert!(matches!(
            error("startpos moves z9"),
            UciCommandError::BadMove { .. }
        ));
        assert!(error("fen x").to_string().starts_with("bad FEN"));
        // Readable but illegal: the rules say so, naming the move.
        let illegal: PositionCommand = "startpos moves d1d7,d7g7 d7d1,d1d2".parse().unwrap();
        let refused = illegal.position().unwrap_err();
        assert!(
            matches!(&refused, UciCommandError::IllegalMove { text, .. } if text == "d7d1,d1d2"),
            "{refused}"
        );
        assert!(refused.to_string().starts_with("illegal move"));
    }

    #[test]
    fn go_reads_every_limit() {
        let go: GoCommand =
            "wtime 1000 btime 2000 winc 5 binc 6 movestogo 9 movetime 50 depth 4 nodes 777 infinite ponder"
                .parse()
                .unwrap();
        assert_eq!(
            go,
            GoCommand {
                wtime: ms(1000),
                btime: ms(2000),
                winc: ms(5),
                binc: ms(6),
                movestogo: Some(9),
                movetime: ms(50),
                depth: Some(4),
                nodes: Some(777),
                infinite: true,
                ponder: true,
            }
        );
        let late: GoCommand = "wtime -20 btime 100".parse().unwrap();
        assert_eq!(late.wtime, ms(0), "a clock below zero reads as zero");
        assert_eq!("".parse::<GoCommand>().unwrap(), GoCommand::default());
    }

    #[test]
    fn malformed_go_lines_are_errors() {
        let error = |args: &str| args.parse::<GoCommand>().unwrap_err();
        assert_eq!(
            error("sideways 3"),
            UciCommandError::UnknownGoParameter("sideways".into())
        );
        assert_eq!(
            error("movetime"),
            UciCommandError::MissingNumber("movetime".into())
        );
        assert_eq!(
            error("wtime soon"),
            UciCommandError::MissingNumber("wtime".into())
        );
        assert_eq!(
            error("depth 99999999999999999999"),
            UciCommandError::MissingNumber("depth".into())
        );
        assert!(error("nodes").to_string().contains("needs a number"));
    }

    #[test]
    fn go_becomes_the_engines_limits_for_the_side_to_move() {
        let go: GoCommand = "btime 2000 binc 30 wtime 1000".parse().unwrap();
        let black = go.search_limits(Side::Second);
        assert_eq!(
            black.clock,
            Some(ClockLimits {
                remaining: Duration::from_millis(2000),
                increment: Duration::from_millis(30),
                opponent_remaining: Duration::from_millis(1000),
                opponent_increment: Duration::ZERO,
            })
        );
        assert!(!black.infinite);
        let alone: GoCommand = "wtime 500".parse().unwrap();
        let white = alone.search_limits(Side::First).clock.unwrap();
        assert_eq!(white.opponent_remaining, Duration::from_millis(500));
        assert_eq!(alone.search_limits(Side::Second).clock, None);
        let bare = GoCommand::default().search_limits(Side::First);
        assert!(bare.infinite, "a bare go searches until stop");
        let fixed: GoCommand = "movetime 50 depth 3 nodes 9".parse().unwrap();
        let limits = fixed.search_limits(Side::First);
        assert_eq!(
            (limits.movetime, limits.depth, limits.nodes, limits.infinite),
            (ms(50), Some(3), Some(9), false)
        );
        let pondering: GoCommand = "ponder".parse().unwrap();
        assert!(!pondering.search_limits(Side::First).infinite);
    }

    #[test]
    fn go_becomes_a_players_budget() {
        let fixed: GoCommand = "movetime 50 wtime 1000 btime 2000".parse().unwrap();
        assert_eq!(
            fixed.think_budget(),
            ThinkBudget::movetime(Duration::from_millis(50))
        );
        let clocks: GoCommand = "wtime 1000 btime 2000 winc 5 binc 6".parse().unwrap();
        assert_eq!(
            clocks.think_budget(),
            ThinkBudget {
                movetime: None,
                clocks: Some(ClockBudget {
                    remaining: BySide::new(
                        Duration::from_millis(1000),
                        Duration::from_millis(2000)
                    ),
                    increment: BySide::new(Duration::from_millis(5), Duration::from_millis(6)),
                }),
            }
        );
        let one_clock: GoCommand = "wtime 1000".parse().unwrap();
        assert_eq!(one_clock.think_budget(), ThinkBudget::default());
        assert_eq!(
            "infinite".parse::<GoCommand>().unwrap().think_budget(),
            ThinkBudget::default()
        );
    }
}
