//! How the client names things for people: time controls and match states.

use amazons_core::TimeControl;
use amazons_protocol::MatchStatus;

/// A time control as people write it: `untimed`, `5+3`.
pub fn time_control_text(tc: TimeControl) -> String {
    match tc {
        TimeControl::Untimed => "untimed".into(),
        TimeControl::Fischer {
            initial_ms,
            increment_ms,
        } => {
            let minutes = initial_ms as f64 / 60_000.0;
            format!("{minutes}+{}", increment_ms as f64 / 1000.0)
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_like_they_are_typed() {
        assert_eq!(time_control_text(TimeControl::Untimed), "untimed");
        let blitz = TimeControl::Fischer {
            initial_ms: 300_000,
            increment_ms: 3_000,
        };
        assert_eq!(time_control_text(blitz), "5+3");
        let bullet = TimeControl::Fischer {
            initial_ms: 30_000,
            increment_ms: 500,
        };
        assert_eq!(time_control_text(bullet), "0.5+0.5");
    }
}
