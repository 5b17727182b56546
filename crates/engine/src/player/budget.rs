//! How long a player may think about one move: [`ThinkBudget`], and the one
//! rule that makes it from a game's clocks ([`ThinkBudget::under_clock`]).
//!
//! Every host that seats a program asks that rule, each with the
//! [`TimeRule`] it needs: the arena and `local` hand the clocks over as they
//! stand, the client's bot keeps a margin for the network, the server's
//! computer thinks for its think time unless its clock is short.

use std::time::{Duration, Instant};

use amazons_core::{BySide, Clock, Position, Side};

use crate::time::{self, DEFAULT_MOVETIME};
use crate::{ClockLimits, SearchLimits};

/// Both sides' clocks as a player should budget them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClockBudget {
    /// Time left for each side.
    pub remaining: BySide<Duration>,
    /// Increment per move of each side.
    pub increment: BySide<Duration>,
}

impl ClockBudget {
    /// Core's `clock` as it stands at `now` (the running side counted down);
    /// `None` when the game is untimed.
    pub fn at(clock: &Clock, now: Instant) -> Option<ClockBudget> {
        Some(ClockBudget {
            remaining: clock.remaining_both(now)?,
            increment: BySide::both(clock.control().increment()),
        })
    }
}

/// How long a player may think about one move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ThinkBudget {
    /// A fixed time for this move.
    pub movetime: Option<Duration>,
    /// The clocks, when the player should manage its own time.
    pub clocks: Option<ClockBudget>,
}

/// What a host keeps back on the mover's own clock before it budgets a
/// move: the time the answer needs to reach the clock that charges it.
/// `base` plus one `one_in`-th of the time left (`0`: no share), leaving at
/// least `floor`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClockMargin {
    /// Kept back whatever the clock shows.
    pub base: Duration,
    /// One part in this much of the time left is kept back too (`0`: none).
    pub one_in: u32,
    /// The least time left to the player, however short the clock.
    pub floor: Duration,
}

impl ClockMargin {
    /// Nothing kept back: the player's clock is the one that charges it (the
    /// arena, `local`), or its host bounds it otherwise (the server).
    pub const NONE: ClockMargin = ClockMargin {
        base: Duration::ZERO,
        one_in: 0,
        floor: Duration::ZERO,
    };

    /// For a player across a network from the clock (the client's bot):
    /// 150 ms for the round trip and 5% for a loaded machine, leaving at
    /// least 20 ms.
    pub const NETWORK: ClockMargin = ClockMargin {
        base: Duration::from_millis(150),
        one_in: 20,
        floor: Duration::from_millis(20),
    };

    /// What of `left` the player may use.
    fn keep_from(self, left: Duration) -> Duration {
        let share = left.checked_div(self.one_in).unwrap_or_default();
        left.saturating_sub(self.base + share).max(self.floor)
    }
}

/// How a clock bounds a fixed time per move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FixedCap {
    /// At most a tenth of the time left plus 80% of the increment, and never
    /// all of it; the player is told the time only. A plain bound for a
    /// player whose owner asked for a time per move (the bot's `--think`):
    /// the time asked for, unless the clock is short.
    TenthOfClock,
    /// At most the hard budget the engine's own time management would give
    /// the move from the clock ([`time::allocate`]); the clocks are handed
    /// over too, for a player that manages its own time. For a host that
    /// offers a think time but must never lose on time because of it (the
    /// server's computer).
    EngineShare,
}

/// What a host asks of [`ThinkBudget::under_clock`]: the differences
/// between hosts, each a field.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimeRule {
    /// The time for a move in an untimed game (`None`: [`DEFAULT_MOVETIME`]).
    pub untimed: Option<Duration>,
    /// Under a clock, a fixed time per move and how the clock bounds it;
    /// `None` hands the clocks (less [`TimeRule::margin`]) to the player to
    /// share out itself.
    pub fixed: Option<(Duration, FixedCap)>,
    /// What is kept back on the mover's clock first.
    pub margin: ClockMargin,
}

impl TimeRule {
    /// The clocks as they stand, or `untimed` a move without one: for a
    /// player next to the clock that charges it (the arena, `local`).
    pub fn clocks_or(untimed: Option<Duration>) -> TimeRule {
        TimeRule {
            untimed,
            fixed: None,
            margin: ClockMargin::NONE,
        }
    }

    /// For a player across a network from the clock (the client's bot):
    /// [`ClockMargin::NETWORK`] kept back, and `fixed` (its `--think`), when
    /// given, for every move, bounded by [`FixedCap::TenthOfClock`].
    pub fn across_network(fixed: Option<Duration>) -> TimeRule {
        TimeRule {
            untimed: fixed,
            fixed: fixed.map(|time| (time, FixedCap::TenthOfClock)),
            margin: ClockMargin::NETWORK,
        }
    }

    /// `think` for every move, bounded under a clock by
    /// [`FixedCap::EngineShare`]: the server's computer, whose think time is
    /// what its opponent asked for.
    pub fn think_time(think: Duration) -> TimeRule {
        TimeRule {
            untimed: Some(think),
            fixed: Some((think, FixedCap::EngineShare)),
            margin: ClockMargin::NONE,
        }
    }
}

impl ThinkBudget {
    /// A fixed time for the move.
    pub fn movetime(time: Duration) -> ThinkBudget {
        ThinkBudget {
            movetime: Some(time),
            clocks: None,
        }
    }

    /// What the side to move in `position` may spend now, given the clocks
    /// as they stand (`None`: untimed) and the host's `rule`: the one rule
    /// of every host that seats a program.
    ///
    /// - Untimed: [`TimeRule::untimed`] as a fixed time.
    /// - Under a clock, the mover's time less [`TimeRule::margin`], then
    ///   either the clocks themselves (no fixed time) or the fixed time
    ///   bounded by its [`FixedCap`].
    pub fn under_clock(
        clocks: Option<ClockBudget>,
        position: &Position,
        rule: TimeRule,
    ) -> ThinkBudget {
        let Some(clocks) = clocks else {
            return ThinkBudget::movetime(rule.untimed.unwrap_or(DEFAULT_MOVETIME));
        };
        let side = position.turn();
        let mut usable = clocks;
        usable.remaining[side] = rule.margin.keep_from(clocks.remaining[side]);
        let left = usable.remaining[side];
        match rule.fixed {
            None => ThinkBudget {
                movetime: None,
                clocks: Some(usable),
            },
            Some((time, FixedCap::TenthOfClock)) => {
                let share = left / 10 + usable.increment[side].mul_f64(0.8);
                ThinkBudget::movetime(time.min(share).min(left))
            }
            Some((time, FixedCap::EngineShare)) => {
                let limits = SearchLimits::clock(clock_limits(&usable, side));
                let hard = time::allocate(&limits, position).hard.unwrap_or(time);
                ThinkBudget {
                    movetime: Some(time.min(hard)),
                    clocks: Some(usable),
                }
            }
        }
    }

    /// The longest the side to move can take under this budget, if bounded:
    /// what a driver waits for before it counts an engine as silent.
    pub fn limit(&self, side: Side) -> Option<Duration> {
        match (self.movetime, self.clocks) {
            (Some(movetime), _) => Some(movetime),
            (None, Some(clocks)) => Some(clocks.remaining[side]),
            (None, None) => None,
        }
    }
}

/// The engine's clock limits of `side` (its time and increment, and its
/// opponent's).
pub(crate) fn clock_limits(clocks: &ClockBudget, side: Side) -> ClockLimits {
    ClockLimits {
        remaining: clocks.remaining[side],
        increment: clocks.increment[side],
        opponent_remaining: clocks.remaining[side.opponent()],
        opponent_increment: clocks.increment[side.opponent()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::TimeControl;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// A Fischer clock at `now`: white's and black's time, `running` (if
    /// any) from `now`.
    fn clock(increment_ms: u64, white_ms: u64, black_ms: u64) -> Clock {
        let control = TimeControl::Fischer {
            initial_ms: white_ms.max(black_ms),
            increment_ms,
        };
        Clock::with_remaining(control, BySide::new(ms(white_ms), ms(black_ms)))
    }

    /// The start with black to move.
    fn black_to_move() -> Position {
        Position::start().play("d1-d7/g7".parse().unwrap()).unwrap()
    }

    #[test]
    fn the_clock_as_it_stands_counts_the_running_side_down() {
        let t0 = Instant::now();
        let control: TimeControl = "10s+0.1".parse().unwrap();
        let mut running = Clock::new(control);
        running.start(Side::First, t0);
        let clocks = ClockBudget::at(&running, t0 + Duration::from_secs(2)).unwrap();
        assert_eq!(
            clocks.remaining,
            BySide::new(Duration::from_secs(8), Duration::from_secs(10))
        );
        assert_eq!(clocks.increment, BySide::both(ms(100)));
        assert_eq!(ClockBudget::at(&Clock::new(TimeControl::Untimed), t0), None);
    }

    #[test]
    fn the_arena_and_local_hand_the_clocks_over_as_they_stand() {
        let clocks = ClockBudget::at(&clock(100, 8_000, 10_000), Instant::now());
        let rule = TimeRule::clocks_or(Some(ms(250)));
        let budget = ThinkBudget::under_clock(clocks, &Position::start(), rule);
        assert_eq!(
            budget,
            ThinkBudget {
                movetime: None,
                clocks,
            }
        );
        // Untimed: the time per move given (the arena's --movetime,
        // local's --think), else the default second.
        assert_eq!(
            ThinkBudget::under_clock(None, &Position::start(), rule),
            ThinkBudget::movetime(ms(250))
        );
        assert_eq!(
            ThinkBudget::under_clock(None, &Position::start(), TimeRule::clocks_or(None)),
            ThinkBudget::movetime(DEFAULT_MOVETIME)
        );
    }

    #[test]
    fn the_bot_keeps_a_network_margin_and_caps_its_think_time() {
        // Black to move with 300 s (increment 2 s); white has 297.9 s.
        let clocks = ClockBudget::at(&clock(2_000, 297_900, 300_000), Instant::now());
        let position = black_to_move();
        let own = ThinkBudget::under_clock(clocks, &position, TimeRule::across_network(None));
        let usable = own.clocks.unwrap();
        assert_eq!(own.movetime, None);
        // 300 s less 150 ms and a twentieth (15 s).
        assert_eq!(usable.remaining.second, ms(284_850));
        assert_eq!(usable.remaining.first, ms(297_900), "the opponent's as is");
        assert_eq!(usable.increment, BySide::both(ms(2_000)));
        // --think 100 s: a tenth of what is usable plus 80% of the increment.
        let long = TimeRule::across_network(Some(Duration::from_secs(100)));
        assert_eq!(
            ThinkBudget::under_clock(clocks, &position, long),
            ThinkBudget::movetime(ms(28_485) + ms(2_000).mul_f64(0.8))
        );
        // --think 1 s: as asked.
        let short = TimeRule::across_network(Some(Duration::from_secs(1)));
        assert_eq!(
            ThinkBudget::under_clock(clocks, &position, short),
            ThinkBudget::movetime(Duration::from_secs(1))
        );
        // Nearly flagging: 20 ms are left to it, a tenth of that a move.
        let flagging = ClockBudget::at(&clock(0, 297_900, 100), Instant::now());
        let nearly = ThinkBudget::under_clock(flagging, &position, TimeRule::across_network(None));
        assert_eq!(nearly.clocks.unwrap().remaining.second, ms(20));
        assert_eq!(
            ThinkBudget::under_clock(flagging, &position, long),
            ThinkBudget::movetime(ms(2))
        );
        // Untimed: --think, else a second.
        assert_eq!(
            ThinkBudget::under_clock(None, &position, short),
            ThinkBudget::movetime(Duration::from_secs(1))
        );
        assert_eq!(
            ThinkBudget::under_clock(None, &position, TimeRule::across_network(None)),
            ThinkBudget::movetime(DEFAULT_MOVETIME)
        );
    }

    #[test]
    fn the_servers_computer_thinks_its_time_unless_the_engine_would_spend_less() {
        let position = Position::start();
        let plenty = ClockBudget::at(&clock(0, 60_000, 60_000), Instant::now());
        let budget = ThinkBudget::under_clock(plenty, &position, TimeRule::think_time(ms(200)));
        assert_eq!(budget.movetime, Some(ms(200)));
        assert_eq!(
            budget.clocks, plenty,
            "the clocks are handed over as they are"
        );
        // Short of time: what the engine's time management would spend.
        let short = ClockBudget::at(&clock(0, 3_000, 60_000), Instant::now());
        let long = TimeRule::think_time(Duration::from_secs(10));
        let budget = ThinkBudget::under_clock(short, &position, long);
        let limits = SearchLimits::clock(ClockLimits {
            remaining: ms(3_000),
            increment: Duration::ZERO,
            opponent_remaining: ms(60_000),
            opponent_increment: Duration::ZERO,
        });
        assert_eq!(budget.movetime, time::allocate(&limits, &position).hard);
        let movetime = budget.movetime.unwrap();
        assert!(
            movetime < ms(1_000) && movetime > Duration::ZERO,
            "{movetime:?}"
        );
        // Untimed: the think time.
        assert_eq!(
            ThinkBudget::under_clock(None, &position, long),
            ThinkBudget::movetime(Duration::from_secs(10))
        );
    }

    #[test]
    fn a_budgets_limit_is_its_movetime_else_the_movers_clock() {
        let clocks = ClockBudget::at(&clock(0, 5_000, 7_000), Instant::now());
        let handed = ThinkBudget {
            movetime: None,
            clocks,
        };
        assert_eq!(handed.limit(Side::Second), Some(ms(7_000)));
        assert_eq!(
            ThinkBudget::movetime(ms(30)).limit(Side::First),
            Some(ms(30))
        );
        assert_eq!(ThinkBudget::default().limit(Side::First), None);
    }
}
