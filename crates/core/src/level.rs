//! The built-in computer levels as one type, [`Level`]: 1 (random mover) to
//! 7 (full strength).
//!
//! The engine plays them, the server offers them and the clients ask for
//! them; each of those used to carry a bare number and check its range
//! itself. A `Level` is always in range, so the check happens once, where a
//! number comes in (text, a config file, the wire), with one message.

use std::fmt;
use std::str::FromStr;

/// A built-in computer level, [`Level::MIN`] to [`Level::MAX`]. Written as
/// its number in text and in serde formats (`5`); a number out of range is
/// refused with a [`LevelError`] that names the range.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u64", into = "u8"))]
pub struct Level(u8);

/// Why a number or a text is not a [`Level`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LevelError {
    /// A number outside [`Level::MIN`] to [`Level::MAX`].
    #[error("level {0} is out of range: levels are {min} to {max}", min = Level::MIN, max = Level::MAX)]
    OutOfRange(u64),
    /// A text that is not a number.
    #[error("`{0}` is not a level ({min} to {max})", min = Level::MIN, max = Level::MAX)]
    NotANumber(String),
}

impl Level {
    /// The weakest level: a random mover.
    pub const MIN: Level = Level(1);

    /// The strongest level: the full strength of the engine.
    pub const MAX: Level = Level(7);

    /// The level numbered `number`, if there is one.
    pub const fn new(number: u8) -> Option<Level> {
        if number >= Level::MIN.0 && number <= Level::MAX.0 {
            Some(Level(number))
        } else {
            None
        }
    }

    /// Its number.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl DoubleEndedIterator<Item = Level> + Clone {
        (Level::MIN.0..=Level::MAX.0).map(Level)
    }
}

impl TryFrom<u64> for Level {
    type Error = LevelError;

    fn try_from(number: u64) -> Result<Level, LevelError> {
        u8::try_from(number)
            .ok()
            .and_then(Level::new)
            .ok_or(LevelError::OutOfRange(number))
    }
}

impl TryFrom<u32> for Level {
    type Error = LevelError;

    fn try_from(number: u32) -> Result<Level, LevelError> {
        Level::try_from(u64::from(number))
    }
}

impl TryFrom<u8> for Level {
    type Error = LevelError;

    fn try_from(number: u8) -> Result<Level, LevelError> {
        Level::try_from(u64::from(number))
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

impl FromStr for Level {
    type Err = LevelError;

    /// The number, surrounding spaces allowed: `"5"`.
    fn from_str(text: &str) -> Result<Level, LevelError> {
        let text = text.trim();
        let number: u64 = text
            .parse()
            .map_err(|_| LevelError::NotANumber(text.to_owned()))?;
        Level::try_from(number)
    }
}

impl fmt::Display for Level {
    /// The number: `5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_is_one_to_seven_and_nothing_else() {
        let numbers: Vec<u8> = Level::all().map(Level::get).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(Level::all().next(), Some(Level::MIN));
        assert_eq!(Level::all().next_back(), Some(Level::MAX));
        for bad in [0u64, 8, 255, 256, u64::MAX] {
            assert_eq!(Level::try_from(bad), Err(LevelError::OutOfRange(bad)));
        }
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::try_from(5u8).map(Level::get), Ok(5));
        assert_eq!(u8::from(Level::MAX), 7);
    }

    #[test]
    fn text_round_trips_and_errors_name_the_range() {
        for level in Level::all() {
            assert_eq!(level.to_string().parse(), Ok(level));
        }
        assert_eq!(" 4 ".parse::<Level>().map(Level::get), Ok(4));
        assert_eq!(
            "9".parse::<Level>().unwrap_err().to_string(),
            "level 9 is out of range: levels are 1 to 7"
        );
        assert_eq!(
            "x".parse::<Level>().unwrap_err().to_string(),
            "`x` is not a level (1 to 7)"
        );
        assert!("-1".parse::<Level>().is_err());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_writes_the_plain_number_and_refuses_others_by_the_range() {
        let level = Level::new(5).unwrap();
        assert_eq!(serde_json::to_string(&level).unwrap(), "5");
        assert_eq!(serde_json::from_str::<Level>("5").unwrap(), level);
        let error = serde_json::from_str::<Level>("8").unwrap_err().to_string();
        assert!(error.contains("levels are 1 to 7"), "{error}");
        assert!(serde_json::from_str::<Level>("300").is_err());
        assert!(serde_json::from_str::<Level>("\"5\"").is_err());
    }
}
