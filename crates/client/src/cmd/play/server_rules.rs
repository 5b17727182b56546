//! What the server told in `welcome` that both `play` faces explain to the
//! person: how long a seat is kept for a player who left or dropped (the
//! grace period), and until when a game may be aborted. The words for it
//! are here too, so the full screen and plain mode say the same.

use std::time::{Duration, Instant};

use amazons_core::{BySide, Game, Side};
use amazons_protocol::{MatchId, MatchStatus, MatchView, ServerMessage};

use crate::face::labels::{format_clock, leave_live_game, ply_count};

/// The grace period a server gives before it has said (its documented
/// default).
const DEFAULT_GRACE: Duration = Duration::from_secs(60);

/// The server's rules that the person is told about (until the server has
/// said: its documented defaults, core's abort rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ServerRules {
    /// How long a player who left or dropped keeps the seat
    /// (`welcome.grace_ms`); then a game in progress is lost by
    /// abandonment.
    pub(crate) grace: Duration,
    /// `abort` is allowed while fewer moves than this have been played
    /// (`welcome.limits.abort_before_ply`; a server that sends no limits
    /// follows core's [`Game::ABORT_BEFORE_PLY`]).
    pub(crate) abort_before_ply: u32,
}

impl Default for ServerRules {
    fn default() -> Self {
        ServerRules {
            grace: DEFAULT_GRACE,
            abort_before_ply: Game::ABORT_BEFORE_PLY,
        }
    }
}

impl ServerRules {
    /// Takes the rules from a `welcome` (other messages change nothing).
    pub(crate) fn learn(&mut self, message: &ServerMessage) {
        if let ServerMessage::Welcome {
            grace_ms, limits, ..
        } = message
        {
            self.grace = Duration::from_millis(*grace_ms);
            self.abort_before_ply = limits.map_or(Game::ABORT_BEFORE_PLY, |l| l.abort_before_ply);
        }
    }

    /// Whether the game in `view` may still be aborted.
    pub(crate) fn may_abort(&self, view: &MatchView) -> bool {
        view.outcome.is_none() && view.ply() < self.abort_before_ply
    }

    /// Why `abort` is refused now.
    pub(crate) fn too_late_to_abort(&self) -> String {
        t!(
            "too-late-to-abort",
            plies = ply_count(self.abort_before_ply as usize)
        )
    }

    /// The grace period in words: `60 s`, `2 min`.
    fn grace_words(&self) -> String {
        let seconds = self.grace.as_secs();
        if seconds >= 120 && seconds % 60 == 0 {
            t!("grace-minutes", count = seconds / 60)
        } else {
            t!("grace-seconds", count = seconds)
        }
    }

    /// What leaving the live game in `view` keeps, and how to take it back:
    /// `your seat is kept for 60 s while your clock runs: run the same
    /// command again to take it back`.
    pub(crate) fn seat_kept(&self, view: &MatchView) -> String {
        let grace = self.grace_words();
        if view.time_control.is_timed() {
            t!("seat-kept-clock-runs", grace = grace)
        } else {
            t!("seat-kept", grace = grace)
        }
    }

    /// The question before leaving the live game in `view`.
    pub(crate) fn leave_question(&self, view: &MatchView) -> String {
        t!(
            "leave-question",
            question = leave_live_game(),
            kept = capitalised(&self.seat_kept(view))
        )
    }

    /// What is printed after the full screen closes on a live game:
    /// which match, and what was kept.
    pub(crate) fn farewell(&self, match_id: MatchId, view: &MatchView) -> String {
        t!(
            "farewell-left-match",
            id = match_id.to_string(),
            kept = self.seat_kept(view)
        )
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// When each player of a match was first seen away (seated, not
/// connected), so that the time they have left to come back counts down
/// from then.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct AwayWatch {
    /// The match watched.
    match_id: Option<MatchId>,
    /// When each side was first seen away, while it is.
    since: BySide<Option<Instant>>,
}

impl AwayWatch {
    /// Follows the seats of `view` at `now`: a player seen away for the
    /// first time starts counting, one back (or gone) stops. Returns the
    /// sides seen away for the first time.
    pub(crate) fn follow(&mut self, view: &MatchView, now: Instant) -> Vec<Side> {
        if self.match_id != Some(view.id) {
            *self = AwayWatch {
                match_id: Some(view.id),
                ..AwayWatch::default()
            };
        }
        let mut gone = Vec::new();
        for side in Side::BOTH {
            let away =
                view.outcome.is_none() && view.seats.get(side).is_some_and(|seat| !seat.connected);
            let since = &mut self.since[side];
            match (away, *since) {
                (true, None) => {
                    *since = Some(now);
                    gone.push(side);
                }
                (false, _) => *since = None,
                (true, Some(_)) => {}
            }
        }
        gone
    }

    /// When each away player's seat runs out under `rules`.
    pub(crate) fn deadlines(&self, rules: &ServerRules) -> BySide<Option<Instant>> {
        self.since.map(|since| since.map(|at| at + rules.grace))
    }
}

/// The line that says how long the away player of `side` has left to come
/// back, at `now`, and what happens then: before the game, the seat is
/// given up; before the first move the game is called off; after it, the
/// game is lost by abandonment.
pub(crate) fn away_line(
    view: &MatchView,
    side: Side,
    deadline: Instant,
    now: Instant,
) -> Option<String> {
    let seat = view.seats.get(side)?;
    let left = format_clock(deadline.saturating_duration_since(now));
    let then = match view.status {
        MatchStatus::Waiting => t!("away-then-seat-given-up"),
        _ if view.moves.is_empty() => t!("away-then-called-off"),
        _ => t!("away-then-lost"),
    };
    Some(t!(
        "away-line",
        name = seat.name.as_str(),
        side = crate::face::words::side(side),
        left = left,
        then = then
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grace_in_words() {
        let rules = |seconds| ServerRules {
            grace: Duration::from_secs(seconds),
            ..ServerRules::default()
        };
        assert_eq!(rules(60).grace_words(), "60 s");
        assert_eq!(rules(90).grace_words(), "90 s");
        assert_eq!(rules(300).grace_words(), "5 min");
        assert_eq!(capitalised("your seat"), "Your seat");
    }

    #[test]
    fn the_rules_come_from_welcome_with_cores_abort_rule_when_it_has_no_limits() {
        let welcome = |limits| ServerMessage::Welcome {
            protocol: 1,
            server: "amazons-server".into(),
            name: "ann".into(),
            max_message_bytes: 4096,
            grace_ms: 30_000,
            computer: None,
            limits,
        };
        let mut rules = ServerRules::default();
        assert_eq!(rules.grace, Duration::from_secs(60));
        rules.learn(&welcome(Some(amazons_protocol::ServerLimits {
            name_max_chars: 32,
            max_initial_ms: 86_400_000,
            max_increment_ms: 3_600_000,
            abort_before_ply: 4,
        })));
        assert_eq!(rules.grace, Duration::from_secs(30));
        assert_eq!(rules.abort_before_ply, 4, "the server's limit");
        rules.learn(&welcome(None));
        assert_eq!(rules.abort_before_ply, Game::ABORT_BEFORE_PLY);
        assert!(
            rules
                .too_late_to_abort()
                .contains("before 2 plies are played")
        );
    }
}
