//! Time management: turns [`SearchLimits`] into a soft budget (do not start a
//! new iteration after it) and a hard budget (abort the search at it), and
//! reads those budgets on the clock the engine was told to count in
//! ([`TimeSource`]): wall-clock time in real play, or the search thread's CPU
//! time for measurements that other processes on the machine must not change.

use std::time::{Duration, Instant};

use amazons_core::{MAX_GAME_LENGTH, Position};

use crate::SearchLimits;

/// Which clock a search counts its thinking time on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TimeSource {
    /// Wall-clock time: what a game's clock charges. Real play uses it.
    #[default]
    Wall,
    /// The CPU time of each search thread. A search then gets the same work
    /// done per move whatever else runs on the machine (it only takes longer
    /// by the wall clock), so arena results do not depend on the load. For
    /// measurement only: a game's clock counts wall time.
    ThreadCpu,
}

/// The CPU time the calling thread has run so far.
pub fn thread_cpu_time() -> Duration {
    cpu_time::ThreadTime::now().as_duration()
}

/// A limit on a search's thinking time, read on the thread that searches.
///
/// A wall-clock deadline is an instant. A CPU-time deadline is a CPU budget
/// of the calling thread from the moment it was set; reading a thread's CPU
/// time is a system call (~250 ns, ten times an `Instant`), so the deadline
/// keeps the earliest instant at which the budget can run out (a thread runs
/// at most as much CPU time as wall-clock time passes) and reads the CPU
/// clock only after it, a handful of times per search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// Before this instant the limit has certainly not been reached (for a
    /// wall-clock deadline, the deadline itself).
    not_before: Instant,
    /// For a CPU-time limit: the thread's CPU time when it was set, and the
    /// CPU time allowed from then.
    cpu: Option<(Duration, Duration)>,
    /// The time from when it was set to the limit.
    total: Duration,
}

impl Deadline {
    /// A wall-clock deadline at `instant`.
    pub fn at(instant: Instant) -> Deadline {
        Deadline {
            not_before: instant,
            cpu: None,
            total: instant.saturating_duration_since(Instant::now()),
        }
    }

    /// A deadline `budget` from now on `source`'s clock (for CPU time, the
    /// calling thread's).
    pub fn after(source: TimeSource, budget: Duration) -> Deadline {
        let now = Instant::now();
        Deadline {
            not_before: now + budget,
            cpu: match source {
                TimeSource::Wall => None,
                TimeSource::ThreadCpu => Some((thread_cpu_time(), budget)),
            },
            total: budget,
        }
    }

    /// The same limit for a search thread starting now: a wall-clock
    /// deadline is shared as it is; a CPU-time deadline gives the calling
    /// thread its whole budget on its own CPU clock (helper threads start
    /// together with the search).
    pub fn on_this_thread(&self) -> Deadline {
        match self.cpu {
            None => *self,
            Some((_, budget)) => Deadline::after(TimeSource::ThreadCpu, budget),
        }
    }

    /// Whether the limit has been reached (on the thread that set it, or
    /// that [`Deadline::on_this_thread`] gave it to).
    #[inline]
    pub fn reached(&mut self) -> bool {
        let now = Instant::now();
        if now < self.not_before {
            return false;
        }
        let Some((start, budget)) = self.cpu else {
            return true;
        };
        let used = thread_cpu_time().saturating_sub(start);
        if used >= budget {
            return true;
        }
        // The rest of the budget cannot run out sooner than this.
        self.not_before = now + (budget - used);
        false
    }

    /// The time left until the limit (reads the clock: for CPU time a system
    /// call, so callers pace it).
    pub fn remaining(&self) -> Duration {
        match self.cpu {
            None => self.not_before.saturating_duration_since(Instant::now()),
            Some((start, budget)) => budget.saturating_sub(thread_cpu_time().saturating_sub(start)),
        }
    }

    /// The time spent since the limit was set, on its clock.
    pub fn spent(&self) -> Duration {
        self.total.saturating_sub(self.remaining())
    }

    /// [`Deadline::reached`] for a caller that cannot keep what was read
    /// (reads the CPU clock every time once past the earliest instant).
    pub fn reached_now(&self) -> bool {
        let mut copy = *self;
        copy.reached()
    }
}

/// Clock state for a move: our time and increment, and the opponent's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockLimits {
    /// Time left on our clock.
    pub remaining: Duration,
    /// Our increment per move.
    pub increment: Duration,
    /// Time left on the opponent's clock.
    pub opponent_remaining: Duration,
    /// The opponent's increment per move.
    pub opponent_increment: Duration,
}

/// Time reserved for answering and for the transport of the move.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// Share of each budget held back as well: on a loaded machine the search
/// thread can be descheduled just as its deadline passes, so the margin grows
/// with the budget (5%).
pub const OVERHEAD_SHARE: f64 = 0.05;

fn reserve(t: Duration) -> Duration {
    t.saturating_sub(MOVE_OVERHEAD + t.mul_f64(OVERHEAD_SHARE))
        .max(Duration::from_millis(1))
}

/// Thinking time used when a caller gives no limit at all.
pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// The budgets of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Do not start another iteration after this much time.
    pub soft: Option<Duration>,
    /// Stop searching at this much time.
    pub hard: Option<Duration>,
}

/// Computes the budget for a search of `position` under `limits`.
///
/// - `movetime`: hard = movetime minus [`MOVE_OVERHEAD`] and [`OVERHEAD_SHARE`]
///   (at least 1 ms). Time per move cannot be saved for later, so the soft
///   budget equals the hard one: the search keeps deepening until cut off (a
///   cut-off iteration still improves the move when a root move finishes with
///   a better score).
/// - clock: soft = 60% of hard (an iteration started later rarely finishes,
///   and unused time stays on the clock). The game has at most 92 plies, so with `p` plies played we expect
///   at most `(92 − p) / 2` more moves of ours; we plan for that plus a margin
///   of 3 and add three quarters of the increment. The hard budget never
///   exceeds a third of the remaining time, and the same reserve is held back.
/// - `infinite`, or only depth/nodes: no time limit.
/// - nothing at all: [`DEFAULT_MOVETIME`].
pub fn allocate(limits: &SearchLimits, position: &Position) -> Budget {
    allocate_with(TimePlan::Even, limits, position)
}

/// How a clock is shared out over the moves of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimePlan {
    /// As if every move until the 92nd ply were worth the same ([`allocate`]).
    #[default]
    Even,
    /// Level 7's plan: games are decided well before the 92nd ply (a proven
    /// endgame is played at once), and they are decided in the middlegame,
    /// when the board splits into regions. So the plan counts the moves
    /// until about ply [`DECIDED_BY_PLY`] (at least [`MIN_MOVES_LEFT`]),
    /// takes the increment as coming back, and weights the share by phase:
    /// less in the opening, more from ply 20 to 50. That share is the soft
    /// budget (past it the search stops once its choice is clear); the hard
    /// budget is [`HARD_OVER_SOFT`] times it, never more than a third of the
    /// clock.
    Phased,
}

/// The ply by which a game is usually decided (its endgame proven).
pub const DECIDED_BY_PLY: u32 = 64;

/// The fewest moves of ours the phased plan expects to still think about.
pub const MIN_MOVES_LEFT: u32 = 11;

/// How far past its planned share a phased move may run when unclear.
pub const HARD_OVER_SOFT: f64 = 2.5;

/// The phased plan's weight for a move at `ply`.
fn phase_weight(ply: u32) -> f64 {
    match ply {
        0..10 => 0.75,
        10..20 => 1.0,
        20..50 => 1.25,
        _ => 1.0,
    }
}

/// [`allocate`] with a choice of [`TimePlan`] for clocks (a fixed move time
/// and the other limits are read the same way by every plan).
pub fn allocate_with(plan: TimePlan, limits: &SearchLimits, position: &Position) -> Budget {
    if limits.infinite {
        return Budget::default();
    }
    if let (TimePlan::Phased, Some(c)) = (plan, limits.clock) {
        let ply = position.ply();
        let moves_left = (DECIDED_BY_PLY.saturating_sub(ply) / 2).max(MIN_MOVES_LEFT);
        let share =
            (c.remaining / moves_left + c.increment.mul_f64(0.9)).mul_f64(phase_weight(ply));
        let cap = c.remaining / 3;
        let mut hard = reserve(share.mul_f64(HARD_OVER_SOFT).min(cap));
        let mut soft = reserve(share.min(cap)).min(hard);
        if let Some(mt) = limits.movetime {
            hard = hard.min(reserve(mt));
            soft = soft.min(hard);
        }
        return Budget {
            soft: Some(soft),
            hard: Some(hard),
        };
    }
    let mut hard: Option<Duration> = None;
    if let Some(mt) = limits.movetime {
        hard = Some(reserve(mt));
    }
    if let Some(c) = limits.clock {
        let plies_left = (MAX_GAME_LENGTH as u32)
            .saturating_sub(position.ply())
            .max(2);
        let moves_left = plies_left / 2 + 3;
        let base = c.remaining / moves_left + c.increment * 3 / 4;
        let cap = c.remaining / 3;
        let t = reserve(base.min(cap));
        hard = Some(hard.map_or(t, |h| h.min(t)));
    }
    if hard.is_none() && limits.depth.is_none() && limits.nodes.is_none() {
        hard = Some(reserve(DEFAULT_MOVETIME));
    }
    Budget {
        soft: if limits.clock.is_some() {
            hard.map(|h| h.mul_f64(0.6))
        } else {
            hard
        },
        hard,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_allocation_is_a_sensible_share() {
        let p = Position::start();
        let limits = SearchLimits::clock(ClockLimits {
            remaining: Duration::from_secs(60),
            increment: Duration::from_secs(1),
            ..Default::default()
        });
        let b = allocate(&limits, &p);
        let hard = b.hard.unwrap();
        assert!(
            hard > Duration::from_millis(1500) && hard < Duration::from_secs(3),
            "{hard:?}"
        );
        // Nearly flagging: never more than a third of what is left.
        let limits = SearchLimits::clock(ClockLimits {
            remaining: Duration::from_millis(90),
            ..Default::default()
        });
        assert!(allocate(&limits, &p).hard.unwrap() <= Duration::from_millis(30));
    }

    #[test]
    fn the_phased_plan_spends_more_in_the_middlegame_and_never_a_third_more() {
        let clock = |secs: u64| {
            SearchLimits::clock(ClockLimits {
                remaining: Duration::from_secs(secs),
                increment: Duration::from_secs(1),
                ..Default::default()
            })
        };
        let at_ply = |ply: u32| {
            let mut p = Position::start();
            for _ in 0..ply {
                let m = p.legal_moves()[0];
                p.make(m);
            }
            p
        };
        let opening = allocate_with(TimePlan::Phased, &clock(60), &at_ply(0));
        let middle = allocate_with(TimePlan::Phased, &clock(60), &at_ply(30));
        let (o, m) = (opening.soft.unwrap(), middle.soft.unwrap());
        assert!(o < m, "{o:?} {m:?}");
        // 60 s / 32 moves + 0.9 s, three quarters of it: about 2 s.
        assert!(
            o > Duration::from_millis(1700) && o < Duration::from_millis(2300),
            "{o:?}"
        );
        assert!(middle.hard.unwrap() > m);
        // Nearly flagging: never more than a third of what is left.
        let late = allocate_with(TimePlan::Phased, &clock(3), &at_ply(30));
        assert!(late.hard.unwrap() <= Duration::from_secs(1), "{late:?}");
        // A fixed move time is read as by the even plan.
        let mt = SearchLimits::movetime(Duration::from_secs(1));
        assert_eq!(
            allocate_with(TimePlan::Phased, &mt, &at_ply(0)),
            allocate(&mt, &at_ply(0))
        );
    }

    #[test]
    fn movetime_holds_back_the_reserve_and_deepens_to_the_end() {
        let p = Position::start();
        let b = allocate(&SearchLimits::movetime(Duration::from_secs(1)), &p);
        assert_eq!(b.hard, Some(Duration::from_millis(940)));
        assert_eq!(b.soft, b.hard);
        let tiny = allocate(&SearchLimits::movetime(Duration::from_millis(5)), &p);
        assert_eq!(tiny.hard, Some(Duration::from_millis(1)));
    }

    #[test]
    fn a_cpu_deadline_counts_only_the_threads_cpu_time() {
        let budget = Duration::from_millis(20);
        let start = thread_cpu_time();
        let mut cpu = Deadline::after(TimeSource::ThreadCpu, budget);
        // Sleeping passes wall-clock time, not CPU time.
        std::thread::sleep(Duration::from_millis(40));
        assert!(!cpu.reached());
        let mut x = 0u64;
        while !cpu.reached() {
            x = x.wrapping_mul(31).wrapping_add(7);
        }
        assert!(thread_cpu_time() - start >= budget, "{x}");
        // A wall-clock deadline in the past is reached, one in the future not.
        assert!(Deadline::at(Instant::now()).reached_now());
        let mut wall = Deadline::after(TimeSource::Wall, Duration::from_secs(3600));
        assert!(!wall.reached());
        assert!(!wall.on_this_thread().reached_now());
    }

    #[test]
    fn no_limits_means_one_second_and_infinite_means_none() {
        let p = Position::start();
        assert_eq!(
            allocate(&SearchLimits::default(), &p).hard,
            Some(Duration::from_millis(940))
        );
        let inf = SearchLimits {
            infinite: true,
            ..Default::default()
        };
        assert_eq!(allocate(&inf, &p).hard, None);
        assert_eq!(allocate(&SearchLimits::nodes(10), &p).hard, None);
    }
}
