//! Time: the clock rules of a game ([`TimeControl`]) and the two running
//! clocks ([`Clock`]).
//!
//! There is one meaning of `5+3` everywhere in the project, the lichess one:
//! 5 minutes each, plus 3 seconds after every move. Time is passed in as a
//! value (`now: Instant`); nothing here reads a clock, so the server, the
//! client, the arena and the tests charge moves the same way and a test can
//! step time forward without sleeping.

use core::fmt;
use core::str::FromStr;
use std::time::{Duration, Instant};

use crate::side::{BySide, Side};

/// The longest starting time a [`TimeControl`] accepts: 24 hours.
pub const MAX_INITIAL: Duration = Duration::from_secs(24 * 3600);

/// The largest increment a [`TimeControl`] accepts: 1 hour.
pub const MAX_INCREMENT: Duration = Duration::from_secs(3600);

/// The clock rules of a game.
///
/// As text (`FromStr` / `Display`): `untimed`, or `MINUTES+SECONDS` such as
/// `5+3` (5 minutes each, 3 seconds added after each move), `0.5+0` or
/// `1.5+1`; the starting time may also be given in seconds with an `s`:
/// `10s+0.1`. On the wire and in records it is the serde form below.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum TimeControl {
    /// No clocks.
    #[default]
    Untimed,
    /// Fischer clocks: each side starts with `initial_ms` and gains
    /// `increment_ms` after each move made in time.
    Fischer {
        /// Starting time per side, in milliseconds.
        initial_ms: u64,
        /// Time added after each move, in milliseconds.
        increment_ms: u64,
    },
}

/// The kinds of [`TimeControl`], by the `kind` tag they carry on the wire:
/// the words a clock is shown in are its kind's (`clock-fischer` in the
/// catalogues, given the times).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TimeControlKind {
    /// No clocks.
    Untimed,
    /// Fischer clocks.
    Fischer,
}

crate::vocabulary!(TimeControlKind, "clock", {
    Untimed => "untimed",
    Fischer => "fischer",
});

/// Why a time control was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TimeControlError {
    /// The text is not `untimed` or `MINUTES+SECONDS`.
    #[error(
        "`{0}` is not a time control: write `untimed` or MINUTES+SECONDS like 5+3 (or 10s+0.1)"
    )]
    Syntax(String),
    /// A Fischer clock must start with some time.
    #[error("a clock must start with more than 0 seconds")]
    NoInitialTime,
    /// The starting time is longer than [`MAX_INITIAL`].
    #[error("a clock may start with at most 24 hours")]
    InitialTooLong,
    /// The increment is larger than [`MAX_INCREMENT`].
    #[error("the increment may be at most 1 hour")]
    IncrementTooLarge,
}

impl TimeControl {
    /// Fischer clocks of `initial` each plus `increment` per move, checked
    /// against the limits.
    pub fn fischer(
        initial: Duration,
        increment: Duration,
    ) -> Result<TimeControl, TimeControlError> {
        TimeControl::Fischer {
            initial_ms: initial.as_millis().try_into().unwrap_or(u64::MAX),
            increment_ms: increment.as_millis().try_into().unwrap_or(u64::MAX),
        }
        .validated()
    }

    /// `self` if it is within the limits (a value read from the wire or a
    /// file is checked with this before a game uses it).
    pub fn validated(self) -> Result<TimeControl, TimeControlError> {
        if let TimeControl::Fischer {
            initial_ms,
            increment_ms,
        } = self
        {
            if initial_ms == 0 {
                return Err(TimeControlError::NoInitialTime);
            }
            if initial_ms > MAX_INITIAL.as_millis() as u64 {
                return Err(TimeControlError::InitialTooLong);
            }
            if increment_ms > MAX_INCREMENT.as_millis() as u64 {
                return Err(TimeControlError::IncrementTooLarge);
            }
        }
        Ok(self)
    }

    /// Which kind of clock, without its times: what decides the words it
    /// is shown in.
    pub fn kind(self) -> TimeControlKind {
        match self {
            TimeControl::Untimed => TimeControlKind::Untimed,
            TimeControl::Fischer { .. } => TimeControlKind::Fischer,
        }
    }

    /// Whether there are clocks at all.
    pub fn is_timed(self) -> bool {
        matches!(self, TimeControl::Fischer { .. })
    }

    /// Starting time per side (`None` when untimed).
    pub fn initial(self) -> Option<Duration> {
        match self {
            TimeControl::Untimed => None,
            TimeControl::Fischer { initial_ms, .. } => Some(Duration::from_millis(initial_ms)),
        }
    }

    /// Time added after each move (zero when untimed).
    pub fn increment(self) -> Duration {
        match self {
            TimeControl::Untimed => Duration::ZERO,
            TimeControl::Fischer { increment_ms, .. } => Duration::from_millis(increment_ms),
        }
    }
}

/// Reads a non-negative decimal number of `unit_ms` milliseconds, rounded to
/// the millisecond.
fn parse_amount(text: &str, unit_ms: f64) -> Option<u64> {
    let valid = !text.is_empty()
        && text.chars().all(|c| c.is_ascii_digit() || c == '.')
        && text.chars().filter(|&c| c == '.').count() <= 1
        && text != ".";
    if !valid {
        return None;
    }
    let value: f64 = text.parse().ok()?;
    let ms = (value * unit_ms).round();
    (ms.is_finite() && ms < 1e15).then_some(ms as u64)
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let trimmed = text.trim();
        let lower = trimmed.to_ascii_lowercase();
        if matches!(lower.as_str(), "untimed" | "none" | "-" | "unlimited") {
            return Ok(TimeControl::Untimed);
        }
        let syntax = || TimeControlError::Syntax(trimmed.to_string());
        let (base, increment) = lower.split_once('+').unwrap_or((lower.as_str(), "0"));
        let (base, base_unit) = match base.trim().strip_suffix('s') {
            Some(seconds) => (seconds, 1_000.0),
            None => (base.trim(), 60_000.0),
        };
        let initial_ms = parse_amount(base, base_unit).ok_or_else(syntax)?;
        let increment = increment.trim();
        let increment = increment.strip_suffix('s').unwrap_or(increment);
        let increment_ms = parse_amount(increment, 1_000.0).ok_or_else(syntax)?;
        TimeControl::Fischer {
            initial_ms,
            increment_ms,
        }
        .validated()
    }
}

/// Milliseconds as decimal seconds with no trailing zeros: `3`, `0.1`, `2.05`.
fn seconds_text(ms: u64) -> String {
    let whole = ms / 1000;
    let frac = ms % 1000;
    if frac == 0 {
        whole.to_string()
    } else {
        let digits = format!("{frac:03}");
        format!("{whole}.{}", digits.trim_end_matches('0'))
    }
}

impl fmt::Display for TimeControl {
    /// `untimed`, or the starting time in minutes when it is a whole number
    /// of quarter minutes (`5+3`, `0.5+0`, `1.25+1`), else in seconds
    /// (`10s+0.1`). Parsing the text gives the same value back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Untimed => f.write_str("untimed"),
            TimeControl::Fischer {
                initial_ms,
                increment_ms,
            } => {
                if initial_ms % 15_000 == 0 {
                    let quarters = initial_ms / 15_000;
                    let minutes = match quarters % 4 {
                        0 => format!("{}", quarters / 4),
                        1 => format!("{}.25", quarters / 4),
                        2 => format!("{}.5", quarters / 4),
                        _ => format!("{}.75", quarters / 4),
                    };
                    write!(f, "{minutes}+{}", seconds_text(increment_ms))
                } else {
                    write!(
                        f,
                        "{}s+{}",
                        seconds_text(initial_ms),
                        seconds_text(increment_ms)
                    )
                }
            }
        }
    }
}

/// What a move made at some instant costs its mover: the answer of
/// [`Clock::charge`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Charge {
    /// Who moved.
    pub side: Side,
    /// Time the mover used since its turn began, in whole milliseconds (the
    /// measured time truncated): what the mover's clock is charged, and what
    /// records and messages report as the move's time.
    pub spent: Duration,
    /// The mover's clock after the move, increment included (`None` when
    /// untimed).
    pub clock_after: Option<Duration>,
}

/// The mover's time ran out before the move: the answer of
/// [`Clock::charge`] when the flag has fallen.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{side}'s time ran out")]
pub struct Flagged {
    /// Whose time ran out.
    pub side: Side,
}

/// Both players' Fischer clocks.
///
/// The clock of the side to move runs from the instant its turn began. A move
/// is charged the time since then; if that is at least what was left, the
/// flag has fallen (a move arriving exactly at zero is late). Otherwise the
/// mover keeps the rest plus the increment and the opponent's clock starts.
///
/// Time is charged in whole milliseconds, the unit of messages and records:
/// the measured time is truncated once, and that one value is both what the
/// move is reported to have taken and what the clock loses, so that for
/// every move `clock after = clock before - time taken + increment` holds
/// exactly in those units (a record's clocks replay). Whether the flag has
/// fallen is decided by the measured time itself.
/// In untimed games the clock still measures how long each move took (for
/// records) but never flags.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    /// The rules.
    control: TimeControl,
    /// Time left for each side when its turn began (or now, for a side whose
    /// clock is not running).
    remaining: BySide<Duration>,
    /// The side whose clock runs, and since when.
    running: Option<(Side, Instant)>,
}

impl Clock {
    /// Stopped clocks at the starting time of `control`.
    pub fn new(control: TimeControl) -> Clock {
        let initial = control.initial().unwrap_or(Duration::ZERO);
        Clock {
            control,
            remaining: BySide::both(initial),
            running: None,
        }
    }

    /// Stopped clocks showing `remaining`: a clock restored from storage or
    /// read from a server's message.
    pub fn with_remaining(control: TimeControl, remaining: BySide<Duration>) -> Clock {
        Clock {
            control,
            remaining,
            running: None,
        }
    }

    /// The rules.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// Starts `side`'s turn at `now`. A clock that was running for the other
    /// side is stopped first and charged without increment.
    pub fn start(&mut self, side: Side, now: Instant) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// Stops the running clock at `now`, charging it the time used (no
    /// increment): the end of a game, or a pause.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, since)) = self.running.take()
            && self.control.is_timed()
        {
            let used = whole_millis(now.saturating_duration_since(since));
            self.remaining[side] = self.remaining[side].saturating_sub(used);
        }
    }

    /// Time the running side has used in this turn at `now` (zero when
    /// stopped).
    pub fn spent(&self, now: Instant) -> Duration {
        self.running.map_or(Duration::ZERO, |(_, since)| {
            now.saturating_duration_since(since)
        })
    }

    /// Time left for `side` at `now` (`None` when untimed).
    pub fn remaining(&self, side: Side, now: Instant) -> Option<Duration> {
        if !self.control.is_timed() {
            return None;
        }
        let left = self.remaining[side];
        Some(match self.running {
            Some((running, since)) if running == side => {
                left.saturating_sub(now.saturating_duration_since(since))
            }
            _ => left,
        })
    }

    /// Both clocks at `now` (`None` when untimed).
    pub fn remaining_both(&self, now: Instant) -> Option<BySide<Duration>> {
        Some(BySide::new(
            self.remaining(Side::First, now)?,
            self.remaining(Side::Second, now)?,
        ))
    }

    /// When the running side's flag falls (`None` when untimed or stopped).
    pub fn flag_deadline(&self) -> Option<(Side, Instant)> {
        let (side, since) = self.running?;
        self.control.is_timed().then(|| {
            let left = self.remaining[side];
            (side, since.checked_add(left).unwrap_or(since))
        })
    }

    /// The side whose time has run out at `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Side> {
        let (side, at) = self.flag_deadline()?;
        (now >= at).then_some(side)
    }

    /// What a move by the running side at `now` costs, without changing the
    /// clock: the time since its turn began in whole milliseconds, and its
    /// clock after the move. `Err` when the flag has fallen by then. `None`
    /// when no clock runs (the game has not started or is over).
    pub fn charge(&self, now: Instant) -> Option<Result<Charge, Flagged>> {
        let (side, since) = self.running?;
        let measured = now.saturating_duration_since(since);
        let spent = whole_millis(measured);
        Some(if self.control.is_timed() {
            let left = self.remaining[side];
            if measured >= left {
                Err(Flagged { side })
            } else {
                Ok(Charge {
                    side,
                    spent,
                    clock_after: Some(left - spent + self.control.increment()),
                })
            }
        } else {
            Ok(Charge {
                side,
                spent,
                clock_after: None,
            })
        })
    }

    /// Books a move by `side` that left its clock at `clock_after` (from
    /// [`Clock::charge`], or as recorded) and starts the opponent's clock at
    /// `now`.
    pub fn record_move(&mut self, side: Side, clock_after: Option<Duration>, now: Instant) {
        self.running = None;
        if let Some(after) = clock_after
            && self.control.is_timed()
        {
            self.remaining[side] = after;
        }
        self.running = Some((side.opponent(), now));
    }

    /// Sets `side`'s time to zero and stops the clock: the flag fell.
    pub fn flag(&mut self, side: Side) {
        self.running = None;
        self.remaining[side] = Duration::ZERO;
    }
}

/// `d` truncated to whole milliseconds: the unit time is charged in.
fn whole_millis(d: Duration) -> Duration {
    Duration::from_millis(d.as_millis().try_into().unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Vocabulary;

    #[test]
    fn each_kind_is_named_as_its_tag_on_the_wire() {
        let examples = [
            TimeControl::Untimed,
            TimeControl::Fischer {
                initial_ms: 300_000,
                increment_ms: 3000,
            },
        ];
        let kinds: Vec<TimeControlKind> = examples.iter().map(|t| t.kind()).collect();
        assert_eq!(kinds, TimeControlKind::ALL);
        for example in examples {
            let json = serde_json::to_value(example).unwrap();
            assert_eq!(json["kind"], example.kind().name(), "{json}");
        }
    }

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    #[test]
    fn time_controls_read_the_lichess_way() {
        assert_eq!(
            tc("5+3"),
            TimeControl::Fischer {
                initial_ms: 300_000,
                increment_ms: 3_000
            }
        );
        assert_eq!(
            tc("0.5+0"),
            TimeControl::Fischer {
                initial_ms: 30_000,
                increment_ms: 0
            }
        );
        assert_eq!(
            tc("10s+0.1"),
            TimeControl::Fischer {
                initial_ms: 10_000,
                increment_ms: 100
            }
        );
        assert_eq!(tc(" 3 "), tc("3+0"));
        assert_eq!(tc("Untimed"), TimeControl::Untimed);
        assert_eq!(tc("none"), TimeControl::Untimed);
        assert_eq!(tc("5+3").to_string(), "5+3");
        assert_eq!(tc("1.5+2.5").to_string(), "1.5+2.5");
        assert_eq!(tc("10s+0.1").to_string(), "10s+0.1");
        assert_eq!(tc("90s").to_string(), "1.5+0");
        assert_eq!(TimeControl::Untimed.to_string(), "untimed");
    }

    #[test]
    fn bad_time_controls_say_why() {
        assert!(matches!(
            "5+x".parse::<TimeControl>(),
            Err(TimeControlError::Syntax(_))
        ));
        assert!(matches!(
            "-1+0".parse::<TimeControl>(),
            Err(TimeControlError::Syntax(_))
        ));
        assert!(matches!(
            "1e3".parse::<TimeControl>(),
            Err(TimeControlError::Syntax(_))
        ));
        assert_eq!(
            "0+1".parse::<TimeControl>(),
            Err(TimeControlError::NoInitialTime)
        );
        assert_eq!(
            "1441+0".parse::<TimeControl>(),
            Err(TimeControlError::InitialTooLong)
        );
        assert_eq!(
            "5+3601".parse::<TimeControl>(),
            Err(TimeControlError::IncrementTooLarge)
        );
        assert!(
            "5+x"
                .parse::<TimeControl>()
                .unwrap_err()
                .to_string()
                .contains("5+3")
        );
    }

    #[test]
    fn a_move_is_charged_its_time_and_gets_the_increment() {
        let t0 = Instant::now();
        let mut clock = Clock::new(tc("1+2"));
        assert_eq!(clock.charge(t0), None, "no clock runs before the start");
        clock.start(Side::First, t0);
        let t1 = t0 + Duration::from_secs(5);
        let charge = clock.charge(t1).unwrap().unwrap();
        assert_eq!(charge.spent, Duration::from_secs(5));
        assert_eq!(charge.clock_after, Some(Duration::from_secs(57)));
        clock.record_move(charge.side, charge.clock_after, t1);
        assert_eq!(clock.running(), Some(Side::Second));
        assert_eq!(
            clock.remaining_both(t1 + Duration::from_secs(10)),
            Some(BySide::new(
                Duration::from_secs(57),
                Duration::from_secs(50)
            ))
        );
        assert_eq!(
            clock.flag_deadline(),
            Some((Side::Second, t1 + Duration::from_secs(60)))
        );
        assert_eq!(clock.flagged(t1 + Duration::from_millis(59_999)), None);
        assert_eq!(
            clock.flagged(t1 + Duration::from_secs(60)),
            Some(Side::Second)
        );
        assert_eq!(
            clock.charge(t1 + Duration::from_secs(60)),
            Some(Err(Flagged { side: Side::Second })),
            "a move arriving exactly at zero is late"
        );
    }

    #[test]
    fn a_move_is_charged_whole_milliseconds_and_the_clock_agrees() {
        // 306.4 ms on a 2 s + 0.5 s clock: 306 ms taken, 2000 - 306 + 500 left.
        let t0 = Instant::now();
        let mut clock = Clock::new(tc("2s+0.5"));
        clock.start(Side::First, t0);
        let t1 = t0 + Duration::from_micros(306_400);
        let charge = clock.charge(t1).unwrap().unwrap();
        assert_eq!(charge.spent, Duration::from_millis(306));
        assert_eq!(charge.clock_after, Some(Duration::from_millis(2_194)));
        // Just under the flag, the move is in time and keeps what is left.
        let t2 = t0 + Duration::from_micros(1_999_900);
        let charge = clock.charge(t2).unwrap().unwrap();
        assert_eq!(charge.spent, Duration::from_millis(1_999));
        assert_eq!(charge.clock_after, Some(Duration::from_millis(501)));
        // Stopping charges whole milliseconds too.
        clock.stop(t1);
        assert_eq!(
            clock.remaining(Side::First, t1),
            Some(Duration::from_millis(1_694))
        );
    }

    proptest::proptest! {
        /// Over random spends, sub-millisecond ones included, every move is
        /// charged whole milliseconds and the clock after it is exactly the
        /// clock before it minus that charge plus the increment.
        #[test]
        fn charges_are_whole_milliseconds_and_clocks_replay_from_them(
            initial_ms in 1u64..20_000,
            increment_ms in 0u64..3_000,
            spends_us in proptest::collection::vec(0u64..5_000_000, 1..40),
        ) {
            let t0 = Instant::now();
            let mut clock = Clock::new(TimeControl::Fischer { initial_ms, increment_ms });
            clock.start(Side::First, t0);
            let mut now = t0;
            let mut side = Side::First;
            let mut shown = BySide::both(initial_ms);
            for spent_us in spends_us {
                let later = now + Duration::from_micros(spent_us) + Duration::from_nanos(spent_us % 997);
                let Ok(charge) = clock.charge(later).unwrap() else {
                    proptest::prop_assert!(later - now >= Duration::from_millis(shown[side]));
                    break;
                };
                let spent_ms = charge.spent.as_millis() as u64;
                proptest::prop_assert_eq!(charge.spent, Duration::from_millis(spent_ms));
                proptest::prop_assert_eq!(spent_ms, (later - now).as_millis() as u64);
                let after = charge.clock_after.unwrap();
                proptest::prop_assert_eq!(after, Duration::from_millis(after.as_millis() as u64));
                proptest::prop_assert_eq!(
                    after.as_millis() as u64,
                    shown[side] - spent_ms + increment_ms
                );
                clock.record_move(side, charge.clock_after, later);
                shown[side] = after.as_millis() as u64;
                proptest::prop_assert_eq!(
                    clock.remaining(side, later + Duration::from_secs(1)),
                    Some(after),
                    "the mover's clock holds what was charged"
                );
                now = later;
                side = side.opponent();
            }
        }
    }

    #[test]
    fn untimed_clocks_measure_but_never_flag() {
        let t0 = Instant::now();
        let mut clock = Clock::new(TimeControl::Untimed);
        clock.start(Side::First, t0);
        let later = t0 + Duration::from_secs(100_000);
        assert_eq!(clock.remaining(Side::First, later), None);
        assert_eq!(clock.flag_deadline(), None);
        let charge = clock.charge(later).unwrap().unwrap();
        assert_eq!(charge.spent, Duration::from_secs(100_000));
        assert_eq!(charge.clock_after, None);
    }

    #[test]
    fn stopping_charges_without_increment() {
        let t0 = Instant::now();
        let mut clock = Clock::new(tc("1+5"));
        clock.start(Side::First, t0);
        clock.stop(t0 + Duration::from_secs(20));
        assert_eq!(clock.running(), None);
        assert_eq!(
            clock.remaining(Side::First, t0 + Duration::from_secs(99)),
            Some(Duration::from_secs(40))
        );
    }
}
