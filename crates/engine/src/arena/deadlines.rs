//! `amazons-engine deadlines`: re-checks the deadline guarantee of a match
//! played with clocks, from its game records (`arena --out`). For each move
//! of the named player it rebuilds what the player was told (both clocks
//! before the move, the increments, the position), recomputes the hard
//! budget the engine's time plan gives for it ([`time::allocate_with`]), and
//! compares the time the move was charged. With a fixed move time the arena
//! checks this itself (`over the move time + margin`); under a clock the
//! budget depends on the clocks, hence this command.

use std::path::PathBuf;
use std::time::Duration;

use crate::time::{self, TimePlan};
use crate::{ClockLimits, SearchLimits};
use amazons_core::{GameRecord, Side, TimeControl};
use anyhow::{Context, bail};

use crate::arena::records;

/// Arguments of `amazons-engine deadlines`.
#[derive(clap::Args, Debug)]
pub struct DeadlineArgs {
    /// Directory of game records (`game-*.json`, as `arena --out` writes).
    pub dir: PathBuf,
    /// The player whose moves are checked, by its name in the records.
    #[arg(long)]
    pub player: String,
    /// The time plan the player budgets with: `phased` (level 7) or `even`
    /// (levels 1–6, and level 7 before issue 15).
    #[arg(long, value_enum, default_value_t = Plan::Phased)]
    pub plan: Plan,
    /// Lateness allowed beyond the hard budget, in milliseconds.
    #[arg(long, default_value_t = 50)]
    pub margin_ms: u64,
}

/// The time plans by name, for the command line.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// [`TimePlan::Phased`].
    Phased,
    /// [`TimePlan::Even`].
    Even,
}

impl From<Plan> for TimePlan {
    fn from(plan: Plan) -> TimePlan {
        match plan {
            Plan::Phased => TimePlan::Phased,
            Plan::Even => TimePlan::Even,
        }
    }
}

/// One checked move: where it is, its hard budget and what it was charged.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Checked {
    /// The record's file name and the move's index in it (from 1).
    place: String,
    /// The hard budget the plan gives.
    hard: Duration,
    /// The time charged.
    spent: Duration,
}

/// The checked moves of `player` in one record, or an error when the game
/// had no clock.
fn check_record(
    record: &GameRecord,
    file: &str,
    player: &str,
    plan: TimePlan,
) -> anyhow::Result<Vec<Checked>> {
    let TimeControl::Fischer {
        initial_ms,
        increment_ms,
    } = record.time_control
    else {
        bail!("{file}: the game has no clock (the arena checks fixed move times itself)");
    };
    let positions = record
        .replay()
        .with_context(|| format!("{file}: replaying"))?;
    let increment = Duration::from_millis(increment_ms);
    // The clock, before the move at `index`, of the side that makes it: its
    // clock after its last move, or the initial time. (At `index + 1`: the
    // opponent's.)
    let clock_before = |index: usize| -> anyhow::Result<Duration> {
        match index.checked_sub(2) {
            None => Ok(Duration::from_millis(initial_ms)),
            Some(last) => record.moves[last]
                .clock_ms
                .map(Duration::from_millis)
                .with_context(|| format!("{file}: move {} has no clock", last + 1)),
        }
    };
    let mut checked = Vec::new();
    for (index, recorded) in record.moves.iter().enumerate() {
        let position = &positions[index];
        let mover = match position.turn() {
            Side::First => &record.white.name,
            Side::Second => &record.black.name,
        };
        if mover != player {
            continue;
        }
        let limits = SearchLimits {
            clock: Some(ClockLimits {
                remaining: clock_before(index)?,
                increment,
                opponent_remaining: clock_before(index + 1)?,
                opponent_increment: increment,
            }),
            ..SearchLimits::default()
        };
        let hard = time::allocate_with(plan, &limits, position)
            .hard
            .context("a clock always gives a hard budget")?;
        checked.push(Checked {
            place: format!("{file} move {}", index + 1),
            hard,
            spent: Duration::from_millis(recorded.time_ms),
        });
    }
    Ok(checked)
}

/// Runs `amazons-engine deadlines`: prints the moves checked, how many went
/// over their hard budget + the margin (each such move on a line of its
/// own), the largest excess and how much of its budget a move used.
pub fn run(args: DeadlineArgs) -> anyhow::Result<()> {
    let records = records::read_all(&args.dir)?;
    if records.is_empty() {
        bail!("no game records (game-*.json) in {}", args.dir.display());
    }
    let mut checked = Vec::new();
    for (file, record) in &records {
        checked.extend(check_record(record, file, &args.player, args.plan.into())?);
    }
    if checked.is_empty() {
        bail!("{} made no move in these records", args.player);
    }
    let margin = Duration::from_millis(args.margin_ms);
    let late: Vec<&Checked> = checked
        .iter()
        .filter(|c| c.spent > c.hard + margin)
        .collect();
    for c in &late {
        println!(
            "late: {}: {} ms charged for a hard budget of {} ms",
            c.place,
            c.spent.as_millis(),
            c.hard.as_millis()
        );
    }
    let excess = |c: &Checked| c.spent.as_millis() as i128 - c.hard.as_millis() as i128;
    let worst = checked.iter().max_by_key(|c| excess(c)).expect("not empty");
    let mut shares: Vec<f64> = checked
        .iter()
        .map(|c| c.spent.as_secs_f64() / c.hard.as_secs_f64().max(1e-3))
        .collect();
    shares.sort_by(f64::total_cmp);
    println!(
        "{}: {} moves in {} games, {} over the hard budget + {} ms; largest excess {:+} ms ({}: {} ms for {} ms); \
         share of the hard budget used: median {:.2}, max {:.2}",
        args.player,
        checked.len(),
        records.len(),
        late.len(),
        args.margin_ms,
        excess(worst),
        worst.place,
        worst.spent.as_millis(),
        worst.hard.as_millis(),
        shares[shares.len() / 2],
        shares[shares.len() - 1],
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::time::{Instant, SystemTime};

    use amazons_core::{BySide, Game, PlayerInfo, PlayerKind, Position, RecordMeta};

    use super::*;

    /// A game at 10 s + 0.1 s: white spends 1 s, black 0.5 s, white 0.2 s,
    /// then black resigns.
    fn record() -> GameRecord {
        let control: TimeControl = "10s+0.1".parse().unwrap();
        let mut game = Game::from_position(Position::start(), control);
        let t0 = Instant::now();
        game.start(t0);
        for at in [1000, 1500, 1700] {
            let m = game.position().legal_moves()[0];
            game.play(m, t0 + Duration::from_millis(at)).unwrap();
        }
        game.resign(Side::Second, t0 + Duration::from_secs(2));
        let bot = |name: &str| PlayerInfo::new(name, PlayerKind::Bot);
        let meta = RecordMeta::new(
            "test",
            BySide::new(bot("w"), bot("b")),
            SystemTime::now(),
            SystemTime::now(),
        );
        GameRecord::from_game(&game, meta).unwrap()
    }

    /// The budget a move gets with these clocks (ms) in `position`.
    fn hard(plan: TimePlan, ours: u64, theirs: u64, position: &Position) -> Duration {
        let limits = SearchLimits {
            clock: Some(ClockLimits {
                remaining: Duration::from_millis(ours),
                increment: Duration::from_millis(100),
                opponent_remaining: Duration::from_millis(theirs),
                opponent_increment: Duration::from_millis(100),
            }),
            ..SearchLimits::default()
        };
        time::allocate_with(plan, &limits, position).hard.unwrap()
    }

    #[test]
    fn each_move_is_checked_against_the_clocks_its_player_was_told() {
        let record = record();
        let positions = record.replay().unwrap();
        for plan in [TimePlan::Phased, TimePlan::Even] {
            let white = check_record(&record, "g.json", "w", plan).unwrap();
            assert_eq!(
                white,
                [
                    Checked {
                        place: "g.json move 1".into(),
                        hard: hard(plan, 10_000, 10_000, &positions[0]),
                        spent: Duration::from_millis(1000),
                    },
                    Checked {
                        // 10 s − 1 s + 0.1 s against 10 s − 0.5 s + 0.1 s.
                        place: "g.json move 3".into(),
                        hard: hard(plan, 9_100, 9_600, &positions[2]),
                        spent: Duration::from_millis(200),
                    },
                ]
            );
            let black = check_record(&record, "g.json", "b", plan).unwrap();
            assert_eq!(black.len(), 1);
            assert_eq!(black[0].hard, hard(plan, 10_000, 9_100, &positions[1]));
        }
    }

    #[test]
    fn an_untimed_game_is_refused() {
        let mut record = record();
        record.time_control = TimeControl::Untimed;
        let error = check_record(&record, "g.json", "w", TimePlan::Phased).unwrap_err();
        assert!(error.to_string().contains("no clock"), "{error}");
    }
}
