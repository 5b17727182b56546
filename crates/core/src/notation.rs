//! Reading move text the way people type it, and the strict UCI form engines use.
//!
//! Accepted: `d1-d7/g7` (canonical), `d1 d7 g7`, `D1-D7-G7`, `d1,d7,g7`,
//! `d1-d7(g7)`, `d1d7g7`, full-width letters, digits and punctuation
//! (`ｄ１－ｄ７／ｇ７`), Chinese commas and ideographic spaces, extra spaces, and
//! the UCI form `d1d7,d7g7`. Errors name the part that is wrong.

use core::fmt;
use core::str::FromStr;

use crate::moves::Move;
use crate::square::{Square, SquareParseError};

/// Which of a move's squares a parse error is about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MovePart {
    /// The square the queen starts on.
    From,
    /// The square the queen lands on.
    To,
    /// The square the arrow lands on.
    Arrow,
}

impl fmt::Display for MovePart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MovePart::From => "queen's starting square",
            MovePart::To => "queen's destination",
            MovePart::Arrow => "arrow square",
        })
    }
}

/// Why move text could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MoveParseError {
    /// Nothing but spaces and separators.
    #[error("empty move: type three squares, e.g. d1-d7/g7")]
    Empty,
    /// A character that is neither part of a square nor a separator.
    #[error("unexpected `{found}` in the move: type three squares, e.g. d1-d7/g7")]
    UnexpectedChar {
        /// The offending character, as typed.
        found: char,
    },
    /// One of the squares is not a square of the board.
    #[error("the {part} is wrong: {source}")]
    BadSquare {
        /// Which square of the move.
        part: MovePart,
        /// What is wrong with it.
        source: SquareParseError,
    },
    /// The wrong number of squares.
    #[error("a move names 3 squares (queen from, queen to, arrow), found {found}")]
    WrongSquareCount {
        /// How many square-like pieces were found.
        found: usize,
    },
    /// A UCI move whose arrow does not start where the queen landed.
    #[error(
        "UCI move: the arrow must be shot from the queen's destination {to}, not from {arrow_from}"
    )]
    ArrowNotFromDestination {
        /// Where the queen landed.
        to: Square,
        /// Where the text says the arrow starts.
        arrow_from: Square,
    },
}

/// Maps full-width ASCII variants (U+FF01–U+FF5E), the ideographic space and the
/// ideographic comma to their ASCII forms, and lower-cases letters.
fn normalise(c: char) -> char {
    let c = match c {
        '\u{3000}' => ' ',
        '\u{3001}' => ',',
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
        _ => c,
    };
    c.to_ascii_lowercase()
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '-' | '/' | ',' | '(' | ')' | ';' | ':' | '*')
}

/// Splits normalised text into square-like chunks: separators split, and each
/// letter starts a new chunk (so `d1d7g7` gives `d1`, `d7`, `g7`).
fn square_chunks(text: &str) -> Result<Vec<String>, MoveParseError> {
    let mut chunks: Vec<String> = Vec::new();
    let mut current = String::new();
    for raw in text.chars() {
        let c = normalise(raw);
        if is_separator(c) {
            if !current.is_empty() {
                chunks.push(core::mem::take(&mut current));
            }
        } else if c.is_ascii_alphabetic() {
            if !current.is_empty() {
                chunks.push(core::mem::take(&mut current));
            }
            current.push(c);
        } else if c.is_ascii_digit() {
            current.push(c);
        } else {
            return Err(MoveParseError::UnexpectedChar { found: raw });
        }
    }
    if !current.is_empty() {
        chunks.push(current);
    }
    Ok(chunks)
}

fn square(chunk: &str, part: MovePart) -> Result<Square, MoveParseError> {
    chunk
        .parse()
        .map_err(|source| MoveParseError::BadSquare { part, source })
}

impl FromStr for Move {
    type Err = MoveParseError;

    /// Reads any of the accepted forms (see the module docs).
    fn from_str(text: &str) -> Result<Move, MoveParseError> {
        let chunks = square_chunks(text)?;
        match chunks.len() {
            0 => Err(MoveParseError::Empty),
            3 => Ok(Move::new(
                square(&chunks[0], MovePart::From)?,
                square(&chunks[1], MovePart::To)?,
                square(&chunks[2], MovePart::Arrow)?,
            )),
            4 => {
                let from = square(&chunks[0], MovePart::From)?;
                let to = square(&chunks[1], MovePart::To)?;
                let arrow_from = square(&chunks[2], MovePart::Arrow)?;
                let arrow = square(&chunks[3], MovePart::Arrow)?;
                if arrow_from != to {
                    return Err(MoveParseError::ArrowNotFromDestination { to, arrow_from });
                }
                Ok(Move::new(from, to, arrow))
            }
            found => Err(MoveParseError::WrongSquareCount { found }),
        }
    }
}

impl Move {
    /// Reads the strict UCI form `d1d7,d7g7` that engines exchange. Use the
    /// [`FromStr`] impl for text typed by people.
    ///
    /// ```
    /// use amazons_core::Move;
    ///
    /// let m = Move::from_uci("d1d7,d7g7")?;
    /// assert_eq!(m.to_string(), "d1-d7/g7");
    /// assert_eq!(m.uci().to_string(), "d1d7,d7g7");
    /// // The arrow must leave from where the queen landed.
    /// assert!(Move::from_uci("d1d7,e7g7").is_err());
    /// # Ok::<(), amazons_core::MoveParseError>(())
    /// ```
    pub fn from_uci(text: &str) -> Result<Move, MoveParseError> {
        let (queen, arrow) = text
            .trim()
            .split_once(',')
            .ok_or(MoveParseError::WrongSquareCount { found: 0 })?;
        let queen = square_chunks(queen)?;
        let arrow = square_chunks(arrow)?;
        if queen.len() != 2 || arrow.len() != 2 {
            return Err(MoveParseError::WrongSquareCount {
                found: queen.len() + arrow.len(),
            });
        }
        let from = square(&queen[0], MovePart::From)?;
        let to = square(&queen[1], MovePart::To)?;
        let arrow_from = square(&arrow[0], MovePart::Arrow)?;
        if arrow_from != to {
            return Err(MoveParseError::ArrowNotFromDestination { to, arrow_from });
        }
        Ok(Move::new(from, to, square(&arrow[1], MovePart::Arrow)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expected() -> Move {
        Move::new(
            "d1".parse().unwrap(),
            "d7".parse().unwrap(),
            "g7".parse().unwrap(),
        )
    }

    #[test]
    fn reads_what_people_type() {
        for text in [
            "d1-d7/g7",
            "d1 d7 g7",
            "D1-D7/G7",
            "D1-D7-G7",
            "d1,d7,g7",
            "d1-d7(g7)",
            "d1d7g7",
            "  d1   d7  g7 ",
            "ｄ１－ｄ７／ｇ７",
            "d1，d7，g7",
            "d1、d7、g7",
            "d1\u{3000}d7\u{3000}g7",
            "d1d7,d7g7",
        ] {
            assert_eq!(text.parse::<Move>(), Ok(expected()), "{text:?}");
        }
    }

    #[test]
    fn ten_is_one_rank() {
        let m: Move = "a10b10c10".parse().unwrap();
        assert_eq!(m.to_string(), "a10-b10/c10");
    }

    #[test]
    fn errors_name_the_part() {
        let err = "d1 k7 g7".parse::<Move>().unwrap_err();
        assert!(matches!(
            err,
            MoveParseError::BadSquare {
                part: MovePart::To,
                ..
            }
        ));
        assert!(err.to_string().contains("destination"), "{err}");
        let err = "d1 d7 g11".parse::<Move>().unwrap_err();
        assert!(matches!(
            err,
            MoveParseError::BadSquare {
                part: MovePart::Arrow,
                ..
            }
        ));
        assert_eq!(
            "d1 d7".parse::<Move>(),
            Err(MoveParseError::WrongSquareCount { found: 2 })
        );
        assert_eq!("".parse::<Move>(), Err(MoveParseError::Empty));
        assert!(matches!(
            "d1 d7 g7!".parse::<Move>(),
            Err(MoveParseError::UnexpectedChar { found: '!' })
        ));
        assert!(matches!(
            "d1d7,e7g7".parse::<Move>(),
            Err(MoveParseError::ArrowNotFromDestination { .. })
        ));
    }

    #[test]
    fn uci_round_trips() {
        let m = expected();
        assert_eq!(m.uci().to_string(), "d1d7,d7g7");
        assert_eq!(Move::from_uci("d1d7,d7g7"), Ok(m));
        assert!(Move::from_uci("d1d7g7").is_err());
        assert!(Move::from_uci("d1d7,e7g7").is_err());
    }
}
