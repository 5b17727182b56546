//! The terminal bell: one BEL character, rung when something happens that
//! the player should hear (an opponent sits down or moves, time runs low,
//! the game ends), unless `--quiet`; and the low-time rule both faces of
//! `play` follow ([`LowTimeWatch`]).

use std::io::{IsTerminal, Write};
use std::time::Instant;

use amazons_protocol::{MatchId, MatchView};

/// What the bell is rung for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ring {
    /// An opponent sat down: the game (and the clock) starts.
    OpponentJoined,
    /// The opponent moved: it is our turn.
    OpponentMoved,
    /// Our clock fell under [`LOW_TIME`].
    LowTime,
    /// The game ended.
    GameOver,
}

/// At this much time left or less, the bell rings once per game
/// ([`LowTimeWatch`]).
pub const LOW_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// The bell (and, in unit tests, what it has rung for).
#[derive(Clone, Debug, Default)]
pub struct Bell {
    /// `--quiet`: never ring.
    quiet: bool,
    /// Every ring asked for, in order (also when quiet: what the player
    /// would have heard), for the unit tests to read.
    #[cfg(test)]
    rung: Vec<Ring>,
}

impl Bell {
    /// A bell that rings unless `quiet`.
    pub fn new(quiet: bool) -> Bell {
        Bell {
            quiet,
            #[cfg(test)]
            rung: Vec::new(),
        }
    }

    /// Rings for `why` (a BEL to the terminal, when stdout is one).
    pub fn ring(&mut self, why: Ring) {
        // What it rings for is kept only for the unit tests to read.
        #[cfg(test)]
        self.rung.push(why);
        #[cfg(not(test))]
        let _ = why;
        if self.quiet {
            return;
        }
        let mut out = std::io::stdout();
        if out.is_terminal() {
            let _ = out.write_all(b"\x07");
            let _ = out.flush();
        }
    }

    #[cfg(test)]
    /// Everything rung for so far.
    pub fn rung(&self) -> &[Ring] {
        &self.rung
    }
}

/// The low-time rule: the bell rings once per match, when our own clock,
/// running on our turn, falls under [`LOW_TIME`]. The full-screen client
/// checks it every frame; the plain one sleeps until [`LowTimeWatch::due`].
#[derive(Clone, Copy, Debug, Default)]
pub struct LowTimeWatch {
    /// The match whose low-time bell has rung.
    rung_for: Option<MatchId>,
}

impl LowTimeWatch {
    /// Rings `bell` if our clock is running with [`LOW_TIME`] or less at
    /// `now` and has not rung for this match yet; says whether it rang.
    pub fn check(&mut self, view: Option<&MatchView>, now: Instant, bell: &mut Bell) -> bool {
        let Some(view) = view.filter(|v| self.rung_for != Some(v.id)) else {
            return false;
        };
        let Some(me) = view.you.filter(|_| view.outcome.is_none()) else {
            return false;
        };
        let low = view.clock.running() == Some(me)
            && view
                .clock
                .remaining(me, now)
                .is_some_and(|left| left <= LOW_TIME);
        if low {
            self.rung_for = Some(view.id);
            bell.ring(Ring::LowTime);
        }
        low
    }

    /// When our running clock reaches [`LOW_TIME`], if the bell has yet to
    /// ring for this match (an instant already past when it is under):
    /// `None` when nothing can ring before the next event.
    pub fn due(&self, view: Option<&MatchView>) -> Option<Instant> {
        let view = view.filter(|v| self.rung_for != Some(v.id) && v.outcome.is_none())?;
        let me = view.you?;
        let (running, flag) = view.clock.flag_deadline()?;
        (running == me).then(|| flag.checked_sub(LOW_TIME).unwrap_or(flag))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::{Side, TimeControl};
    use amazons_protocol::{Clocks, MatchSnapshot, testing};
    use std::time::Duration;

    const ID: &str = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";

    /// Our (white's) match, white to move, `running` on the clock with 12 s left each.
    fn view(running: Side, now: Instant) -> MatchView {
        let snapshot = MatchSnapshot {
            time_control: TimeControl::Fischer {
                initial_ms: 60_000,
                increment_ms: 0,
            },
            clocks: Some(Clocks {
                white_ms: 12_000,
                black_ms: 12_000,
                running: Some(running),
            }),
            ..testing::snapshot(ID.parse().unwrap(), Some(Side::First), &[])
        };
        MatchView::from_snapshot(&snapshot, None, now).unwrap()
    }

    #[test]
    fn our_running_clock_rings_once_when_it_falls_under_ten_seconds() {
        let start = Instant::now();
        let ours = view(Side::First, start);
        let mut watch = LowTimeWatch::default();
        let mut bell = Bell::new(true);
        assert_eq!(watch.due(Some(&ours)), Some(start + Duration::from_secs(2)));
        assert!(!watch.check(Some(&ours), start + Duration::from_millis(1999), &mut bell));
        assert!(
            watch.check(Some(&ours), start + Duration::from_secs(2), &mut bell),
            "due is when it rings"
        );
        assert!(!watch.check(Some(&ours), start + Duration::from_secs(5), &mut bell));
        assert_eq!(bell.rung(), [Ring::LowTime], "once per match");
        assert_eq!(watch.due(Some(&ours)), None, "nothing more to wait for");

        let theirs = view(Side::Second, start);
        let mut watch = LowTimeWatch::default();
        assert_eq!(watch.due(Some(&theirs)), None, "the opponent's clock");
        assert!(!watch.check(Some(&theirs), start + Duration::from_secs(5), &mut bell));
        let mut watching = view(Side::First, start);
        watching.you = None;
        assert_eq!(watch.due(Some(&watching)), None, "a spectator has no clock");
        assert!(!watch.check(Some(&watching), start + Duration::from_secs(5), &mut bell));
        assert_eq!(bell.rung(), [Ring::LowTime]);
    }
}
