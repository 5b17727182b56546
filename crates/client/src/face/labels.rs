//! How the client names things for people: clock readings, match states,
//! counts, move numbers. (A time control reads as core's
//! [`amazons_core::TimeControl`] prints it: `untimed`, `5+3`.)

use std::time::Duration;

/// The question asked before leaving a live game (`q` on the board, `quit`
/// in plain mode); what leaving keeps follows it
/// (`cmd::play::server_rules::ServerRules::leave_question`).
pub const LEAVE_LIVE_GAME: &str = "Leave the game?";

/// The question asked before resigning a live game.
pub const RESIGN_LIVE_GAME: &str = "Resign this game?";

/// The question asked before aborting a game.
pub const ABORT_GAME: &str = "Abort this game? Nobody wins (allowed until both sides have moved).";

use amazons_protocol::MatchStatus;

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

/// A match status in a word.
pub fn status_word(status: MatchStatus) -> &'static str {
    match status {
        MatchStatus::Waiting => "waiting",
        MatchStatus::Playing => "playing",
        MatchStatus::Finished => "finished",
    }
}

/// `1 move`, `2 moves`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// How long ago something happened, roughly: `just now`, `5 min ago`,
/// `3 h ago`, `2 days ago`.
pub fn ago(elapsed: Duration) -> String {
    let minutes = elapsed.as_secs() / 60;
    match minutes {
        0 => "just now".into(),
        1..60 => format!("{minutes} min ago"),
        60..2880 => format!("{} h ago", minutes / 60),
        _ => format!("{} days ago", minutes / 1440),
    }
}

/// The number a move has in the move list for the ply it was played at
/// (counted from 0 at the standard start): white's `12.`, black's `12...`.
pub fn move_number(ply: u32) -> String {
    let number = ply / 2 + 1;
    if ply % 2 == 0 {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
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
        assert_eq!(count(1, "move", "moves"), "1 move");
        assert_eq!(count(0, "move", "moves"), "0 moves");
        assert_eq!(move_number(0), "1.");
        assert_eq!(move_number(1), "1...");
        assert_eq!(move_number(22), "12.");
        assert_eq!(ago(Duration::from_secs(59)), "just now");
        assert_eq!(ago(Duration::from_secs(5 * 60 + 20)), "5 min ago");
        assert_eq!(ago(Duration::from_secs(3 * 3600)), "3 h ago");
        assert_eq!(ago(Duration::from_secs(3 * 86_400)), "3 days ago");
    }
}
