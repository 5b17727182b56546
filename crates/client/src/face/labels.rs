//! How the client names things for people: clock readings, match states,
//! counts, move numbers. (A time control reads as core's
//! [`amazons_core::TimeControl`] prints it: `untimed`, `5+3`.)

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use amazons_core::Side;

/// The question asked before leaving a live game (`q` on the board, `quit`
/// in plain mode); what leaving keeps follows it
/// (`cmd::play::server_rules::ServerRules::leave_question`).
pub fn leave_live_game() -> String {
    t!("question-leave-game")
}

/// The question asked before resigning a live game.
pub fn resign_live_game() -> String {
    t!("question-resign-game")
}

/// The question asked before aborting a game.
pub fn abort_game() -> String {
    t!("question-abort-game")
}

use amazons_protocol::{Rating, RatingChange, SeatInfo};

/// A seated player's name with their rating beside it when they have one
/// (`ann 1523?`; a guest is only a name).
pub fn name_and_rating(seat: &SeatInfo) -> String {
    match seat.rating {
        Some(rating) => format!("{} {rating}", seat.name),
        None => seat.name.clone(),
    }
}

/// A rating with its deviation, as the leaderboard shows it: `1523±45`,
/// `1500?±350` while provisional.
pub fn rating_and_deviation(rating: &Rating) -> String {
    format!("{rating}±{}", rating.deviation)
}

/// What a rated game did to a rating: `1500? -> 1688? (+188)`.
pub fn rating_change(change: &RatingChange) -> String {
    format!(
        "{} -> {} ({:+})",
        change.before,
        change.after,
        change.delta()
    )
}

/// A clock reading for people: `4:59`, `1:02:03`, and tenths under ten
/// seconds (`0:09.4`), when every tenth counts.
pub fn format_clock(time: Duration) -> String {
    let tenths = time.as_millis() / 100;
    let seconds = tenths / 10;
    if seconds >= 3600 {
        format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        )
    } else if seconds >= 10 {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    } else {
        format!("0:{:02}.{}", seconds, tenths % 10)
    }
}

/// How long ago something happened, roughly: `just now`, `5 min ago`,
/// `3 h ago`, `2 days ago`.
pub fn ago(elapsed: Duration) -> String {
    let minutes = elapsed.as_secs() / 60;
    match minutes {
        0 => t!("ago-just-now"),
        1..60 => t!("ago-minutes", count = minutes),
        60..2880 => t!("ago-hours", count = minutes / 60),
        _ => t!("ago-days", count = minutes / 1440),
    }
}

/// A move's number as the move list prints it (`1. d1-d7/g7 a7-d4/a7`):
/// move N is white's and black's N-th moves, white's written `N.` and
/// black's `N...`. Every place that names or counts moves for a person
/// means moves in this sense (a count of single turns says "plies").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The full-move number, from 1.
    pub number: u32,
    /// Whose move it is.
    pub side: Side,
}

impl MoveNumber {
    /// The number of the move played at `ply` (plies counted from 0 at the
    /// standard start, as core's `Position::ply`).
    pub fn of_ply(ply: u32) -> MoveNumber {
        let side = if ply % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        MoveNumber {
            number: ply / 2 + 1,
            side,
        }
    }

    /// The ply this move is played at (0 for white's move 1).
    pub fn ply(self) -> u32 {
        (self.number - 1) * 2 + self.side.index() as u32
    }

    /// In words: `move 2, black`.
    pub fn words(self) -> String {
        let side = crate::face::words::side(self.side);
        t!("move-number-words", number = self.number, side = side)
    }
}

impl fmt::Display for MoveNumber {
    /// `12.` for white's move 12, `12...` for black's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.side {
            Side::First => write!(f, "{}.", self.number),
            Side::Second => write!(f, "{}...", self.number),
        }
    }
}

/// Why typed text names no move: the text says what to type instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", t!("move-number-error", text = .0.as_str()))]
pub struct MoveNumberError(String);

impl FromStr for MoveNumber {
    type Err = MoveNumberError;

    /// Reads `2`, `2.` or `2w` (white's move 2) and `2b`, `2...` or `2…`
    /// (black's), as the move list writes them or as quick to type.
    fn from_str(text: &str) -> Result<MoveNumber, MoveNumberError> {
        let text = text.trim();
        let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (number, rest) = text.split_at(digits);
        let side = match rest.trim().to_ascii_lowercase().as_str() {
            "" | "." | "w" => Side::First,
            "b" | ".." | "..." | "…" => Side::Second,
            _ => return Err(MoveNumberError(text.to_string())),
        };
        match number.parse::<u32>() {
            Ok(number) if number >= 1 => Ok(MoveNumber { number, side }),
            _ => Err(MoveNumberError(text.to_string())),
        }
    }
}

/// The number a move has in the move list for the ply it was played at
/// (counted from 0 at the standard start): white's `12.`, black's `12...`.
pub fn move_number(ply: u32) -> String {
    MoveNumber::of_ply(ply).to_string()
}

/// How many moves (in [`MoveNumber`]'s sense) a game of `plies` plies from
/// the standard start has: the number of its last move, 23 for 45 plies.
pub fn full_moves(plies: usize) -> usize {
    plies.div_ceil(2)
}

/// A game's length for people: `2 moves` for 3 or 4 plies from the
/// standard start, as its move list numbers them.
pub fn move_count(plies: usize) -> String {
    t!("count-moves", count = full_moves(plies))
}

/// `1 ply`, `2 plies`: where what is counted is single turns (a takeback).
pub fn ply_count(plies: usize) -> String {
    t!("count-plies", count = plies)
}

/// `1 rated game`, `2 rated games`.
pub fn rated_game_count(games: usize) -> String {
    t!("count-rated-games", count = games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_counts_and_numbers() {
        assert_eq!(format_clock(Duration::from_secs(300)), "5:00");
        assert_eq!(format_clock(Duration::from_millis(59_999)), "0:59");
        assert_eq!(format_clock(Duration::from_millis(9_450)), "0:09.4");
        assert_eq!(format_clock(Duration::from_secs(3723)), "1:02:03");
        assert_eq!(rated_game_count(1), "1 rated game");
        assert_eq!(rated_game_count(0), "0 rated games");
        assert_eq!(move_number(0), "1.");
        assert_eq!(move_number(1), "1...");
        assert_eq!(move_number(22), "12.");
        assert_eq!(ago(Duration::from_secs(59)), "just now");
        assert_eq!(ago(Duration::from_secs(5 * 60 + 20)), "5 min ago");
        assert_eq!(ago(Duration::from_secs(3 * 3600)), "3 h ago");
        assert_eq!(ago(Duration::from_secs(3 * 86_400)), "3 days ago");
        assert_eq!(full_moves(0), 0);
        assert_eq!(full_moves(3), 2);
        assert_eq!(full_moves(4), 2);
        assert_eq!(move_count(1), "1 move");
        assert_eq!(move_count(3), "2 moves");
        assert_eq!(ply_count(1), "1 ply");
        assert_eq!(ply_count(2), "2 plies");
        crate::tr::with_lang(crate::tr::Lang::ZhCn, || {
            assert_eq!(move_count(3), "2 步");
            assert_eq!(ago(Duration::from_secs(3 * 3600)), "3 小时前");
            let black_2 = MoveNumber::of_ply(3);
            assert_eq!(black_2.words(), "第 2 步，后手（黑）");
            let error = "x".parse::<MoveNumber>().unwrap_err().to_string();
            assert!(error.contains("不是步数"), "{error}");
        });
    }

    #[test]
    fn ratings_read_as_lichess_writes_them() {
        let provisional = Rating {
            rating: 1500,
            deviation: 350,
            provisional: true,
        };
        let after = Rating {
            rating: 1688,
            deviation: 240,
            provisional: true,
        };
        let change = RatingChange {
            before: provisional,
            after,
        };
        assert_eq!(rating_change(&change), "1500? -> 1688? (+188)");
        let lost = RatingChange {
            before: after,
            after: provisional,
        };
        assert_eq!(rating_change(&lost), "1688? -> 1500? (-188)");
        assert_eq!(rating_and_deviation(&provisional), "1500?±350");
        let settled = Rating {
            provisional: false,
            ..after
        };
        assert_eq!(rating_and_deviation(&settled), "1688±240");
        let mut seat = amazons_protocol::SeatInfo {
            name: "ann".into(),
            kind: amazons_core::PlayerKind::Human,
            connected: true,
            rating: None,
        };
        assert_eq!(name_and_rating(&seat), "ann", "a guest has no rating");
        seat.rating = Some(settled);
        assert_eq!(name_and_rating(&seat), "ann 1688");
        assert_eq!(crate::face::words::rated_word(true), "rated");
        assert_eq!(crate::face::words::rated_word(false), "casual");
    }

    #[test]
    fn a_move_number_reads_as_the_move_list_writes_it() {
        let black_2 = MoveNumber {
            number: 2,
            side: Side::Second,
        };
        assert_eq!(black_2.ply(), 3);
        assert_eq!(MoveNumber::of_ply(3), black_2);
        assert_eq!(black_2.to_string(), "2...");
        assert_eq!(black_2.words(), "move 2, black");
        for text in ["2b", "2...", "2…", " 2B ", "2.."] {
            assert_eq!(text.parse(), Ok(black_2), "{text}");
        }
        for text in ["2", "2.", "2w"] {
            assert_eq!(text.parse::<MoveNumber>().unwrap().ply(), 2, "{text}");
        }
        for text in ["", "0", "b", "2x", "-1", "2 3"] {
            let error = text.parse::<MoveNumber>().unwrap_err().to_string();
            assert!(
                error.contains("2b (or 2...) for black's move 2"),
                "{text}: {error}"
            );
        }
    }
}
