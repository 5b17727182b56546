//! Positions as text: FEN in Fairy-Stockfish's Amazons form.
//!
//! The start is `3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1`: ranks from 10
//! down to 1, `Q` a first-player (white) queen, `q` a second-player (black)
//! queen, `*` an arrow, digits (1–10) runs of empty squares; then the side to
//! move (`w` or `b`), two `-` fields (castling, en passant: always empty here),
//! the half-move clock and the full-move number. The counters may be left out.

use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::position::{Position, SetupError};
use crate::side::{BySide, Side};
use crate::square::Square;

/// The standard starting position in FEN.
pub const START_FEN: &str = "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1";

/// A position displayed as FEN (see [`Position::fen`]).
#[derive(Clone, Copy, Debug)]
pub struct Fen(pub Position);

/// Why FEN text could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FenError {
    /// The text was empty.
    #[error("empty FEN")]
    Empty,
    /// The board part does not have 10 ranks.
    #[error("the board has {0} ranks; it needs 10, separated by `/`")]
    RankCount(usize),
    /// A rank does not describe exactly 10 squares.
    #[error("rank {rank} describes {squares} squares; it needs 10")]
    RankLength {
        /// The rank (1–10).
        rank: u8,
        /// How many squares it described.
        squares: usize,
    },
    /// A character that is not `Q`, `q`, `*` or a digit in the board part.
    #[error("rank {rank}: `{found}` is not a piece; use Q, q, * or a count of empty squares")]
    BadPiece {
        /// The rank (1–10).
        rank: u8,
        /// The character found.
        found: char,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move must be `w` or `b`, found `{0}`")]
    BadSide(String),
    /// A counter is not a number.
    #[error("the {field} must be a whole number, found `{found}`")]
    BadCounter {
        /// Which counter.
        field: &'static str,
        /// What was found.
        found: String,
    },
    /// More fields than FEN has.
    #[error("unexpected text after the full-move number: `{0}`")]
    TrailingText(String),
    /// The pieces do not make a position.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

impl Position {
    /// This position as FEN.
    ///
    /// ```
    /// use amazons_core::{Position, START_FEN};
    ///
    /// let next = Position::start().play("d1-d7/g7".parse()?)?;
    /// assert_eq!(next.fen(), "3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1");
    /// assert_eq!(Position::from_fen(&next.fen())?, next);
    /// assert_eq!(Position::start().fen(), START_FEN);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fen(&self) -> String {
        Fen(*self).to_string()
    }

    /// Reads a FEN (same as `text.parse::<Position>()`).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        text.parse()
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let position = &self.0;
        for rank in (0..10u8).rev() {
            let mut run = 0;
            for file in 0..10u8 {
                let square = Square::new(file, rank).expect("on board");
                let piece = match position.queen_at(square) {
                    Some(Side::First) => Some('Q'),
                    Some(Side::Second) => Some('q'),
                    None if position.arrows().contains(square) => Some('*'),
                    None => None,
                };
                match piece {
                    Some(c) => {
                        if run > 0 {
                            write!(f, "{run}")?;
                            run = 0;
                        }
                        write!(f, "{c}")?;
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = match position.turn() {
            Side::First => 'w',
            Side::Second => 'b',
        };
        write!(
            f,
            " {side} - - {} {}",
            position.halfmove_clock(),
            position.fullmove_number()
        )
    }
}

fn counter(field: &'static str, text: Option<&str>, default: u16) -> Result<u16, FenError> {
    text.map_or(Ok(default), |t| {
        t.parse().map_err(|_| FenError::BadCounter {
            field,
            found: t.to_owned(),
        })
    })
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Position, FenError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut queens = BySide::both(Bitboard::EMPTY);
        let mut arrows = Bitboard::EMPTY;
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = 9 - row as u8;
            let mut file = 0usize;
            let mut chars = rank_text.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(digit) = c.to_digit(10) {
                    let mut run = digit as usize;
                    if let Some(next) = chars.peek().and_then(|n| n.to_digit(10)) {
                        run = run * 10 + next as usize;
                        chars.next();
                    }
                    file += run;
                    continue;
                }
                let target = match c {
                    'Q' => &mut queens.first,
                    'q' => &mut queens.second,
                    '*' => &mut arrows,
                    found => {
                        return Err(FenError::BadPiece {
                            rank: rank + 1,
                            found,
                        });
                    }
                };
                if let Some(square) = Square::new(file as u8, rank).filter(|_| file < 10) {
                    *target = target.with(square);
                }
                file += 1;
            }
            if file != 10 {
                return Err(FenError::RankLength {
                    rank: rank + 1,
                    squares: file,
                });
            }
        }
        let turn = match fields.next() {
            None | Some("w") => Side::First,
            Some("b") => Side::Second,
            Some(other) => return Err(FenError::BadSide(other.to_owned())),
        };
        // Castling and en passant fields: always `-` for Amazons; accept anything
        // Fairy-Stockfish might write there.
        let _castling = fields.next();
        let _en_passant = fields.next();
        let halfmove = counter("half-move clock", fields.next(), 0)?;
        let fullmove = counter("full-move number", fields.next(), 1)?;
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(FenError::TrailingText(rest.join(" ")));
        }
        Ok(Position::from_parts(
            queens.first,
            queens.second,
            arrows,
            turn,
            halfmove,
            fullmove,
        )?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_fen_round_trips() {
        let start = Position::start();
        assert_eq!(start.fen(), START_FEN);
        assert_eq!(START_FEN.parse::<Position>(), Ok(start));
    }

    #[test]
    fn arrows_and_side_round_trip() {
        let after = Position::start().play("d1-d7/g7".parse().unwrap()).unwrap();
        let fen = after.fen();
        assert_eq!(fen, "3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1");
        assert_eq!(fen.parse::<Position>(), Ok(after));
    }

    #[test]
    fn counters_are_optional() {
        let short = "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w";
        assert_eq!(short.parse::<Position>(), Ok(Position::start()));
    }

    #[test]
    fn errors_are_clear() {
        assert_eq!("".parse::<Position>(), Err(FenError::Empty));
        assert_eq!("10/10 w".parse::<Position>(), Err(FenError::RankCount(2)));
        assert!(matches!(
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q2 w".parse::<Position>(),
            Err(FenError::RankLength {
                rank: 1,
                squares: 9
            })
        ));
        assert!(matches!(
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3K2Q3 w".parse::<Position>(),
            Err(FenError::BadPiece {
                rank: 1,
                found: 'K'
            })
        ));
        assert!(matches!(
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 x".parse::<Position>(),
            Err(FenError::BadSide(_))
        ));
        assert!(matches!(
            "10/10/10/10/10/10/10/10/10/3Q2Q3 w".parse::<Position>(),
            Err(FenError::Setup(SetupError::NoQueens(Side::Second)))
        ));
        assert!(matches!(
            "QQQQQ5/10/10/10/10/10/10/10/10/q9 w".parse::<Position>(),
            Err(FenError::Setup(SetupError::TooManyQueens { .. }))
        ));
        assert!(
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - x 1"
                .parse::<Position>()
                .is_err()
        );
        assert!(
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1 extra"
                .parse::<Position>()
                .is_err()
        );
        assert!(
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/11 w"
                .parse::<Position>()
                .is_err()
        );
    }
}
