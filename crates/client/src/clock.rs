//! The two game clocks as the client shows them: the remaining time of each
//! side, and which one is running since when. The server's clocks are the
//! truth in network games; the client counts down between its updates. Local
//! games run their clocks here.

use std::time::{Duration, Instant};

use amazons_core::Side;

/// Both clocks; `None` in untimed games.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Clocks {
    /// Time left for each side at the moment `running` started (or now, when
    /// stopped), indexed by [`Side::index`].
    remaining: Option<[Duration; 2]>,
    /// The side whose clock is running and since when.
    running: Option<(Side, Instant)>,
}

impl Clocks {
    /// Clocks that do not exist (untimed game).
    pub fn untimed() -> Clocks {
        Clocks::default()
    }

    /// Stopped clocks showing `white` and `black`.
    pub fn stopped(white: Duration, black: Duration) -> Clocks {
        Clocks {
            remaining: Some([white, black]),
            running: None,
        }
    }

    /// The side whose clock is running.
    pub fn running_side(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// Starts `side`'s clock at `now` (stopping the other one first).
    pub fn start(&mut self, side: Side, now: Instant) {
        self.stop(now);
        if self.remaining.is_some() {
            self.running = Some((side, now));
        }
    }

    /// Stops the running clock at `now`, charging it the time used.
    pub fn stop(&mut self, now: Instant) {
        if let (Some(remaining), Some((side, since))) = (self.remaining.as_mut(), self.running) {
            let used = now.saturating_duration_since(since);
            remaining[side.index()] = remaining[side.index()].saturating_sub(used);
        }
        self.running = None;
    }

    /// Adds `increment` to `side`'s clock (Fischer increment after a move).
    pub fn add(&mut self, side: Side, increment: Duration) {
        if let Some(remaining) = self.remaining.as_mut() {
            remaining[side.index()] += increment;
        }
    }

    /// Time left for `side` at `now`.
    pub fn remaining(&self, side: Side, now: Instant) -> Option<Duration> {
        let remaining = self.remaining?[side.index()];
        Some(match self.running {
            Some((running, since)) if running == side => {
                remaining.saturating_sub(now.saturating_duration_since(since))
            }
            _ => remaining,
        })
    }

    /// The side whose time has run out, if any.
    pub fn flagged(&self, now: Instant) -> Option<Side> {
        let side = self.running_side()?;
        (self.remaining(side, now)? == Duration::ZERO).then_some(side)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_clock_counts_down_and_stopping_charges_it() {
        let t0 = Instant::now();
        let mut clocks = Clocks::stopped(Duration::from_secs(60), Duration::from_secs(30));
        clocks.start(Side::First, t0);
        let t1 = t0 + Duration::from_secs(5);
        assert_eq!(
            clocks.remaining(Side::First, t1),
            Some(Duration::from_secs(55))
        );
        assert_eq!(
            clocks.remaining(Side::Second, t1),
            Some(Duration::from_secs(30))
        );
        clocks.start(Side::Second, t1);
        clocks.add(Side::First, Duration::from_secs(2));
        let t2 = t1 + Duration::from_secs(40);
        assert_eq!(
            clocks.remaining(Side::First, t2),
            Some(Duration::from_secs(57))
        );
        assert_eq!(clocks.remaining(Side::Second, t2), Some(Duration::ZERO));
        assert_eq!(clocks.flagged(t2), Some(Side::Second));
    }

    #[test]
    fn untimed_clocks_show_nothing() {
        let mut clocks = Clocks::untimed();
        clocks.start(Side::First, Instant::now());
        assert_eq!(clocks.remaining(Side::First, Instant::now()), None);
        assert_eq!(clocks.flagged(Instant::now()), None);
    }

    #[test]
    fn readings() {
        assert_eq!(format_clock(Duration::from_secs(300)), "5:00");
        assert_eq!(format_clock(Duration::from_millis(59_999)), "0:59");
        assert_eq!(format_clock(Duration::from_millis(9_450)), "0:09.4");
        assert_eq!(format_clock(Duration::from_secs(3723)), "1:02:03");
    }
}
