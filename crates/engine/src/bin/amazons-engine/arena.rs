//! The arena: plays matches between two players and measures the result.
//!
//! Players are anything the player grammar names (`level:7`, `random`,
//! `mcts:c=30`, `uci:CMD`, `botzone:CMD`, `sau:CMD`; see
//! `amazons_engine::player::spec`). Each opening of the openings file is
//! played twice with colours swapped (games with a SAU engine start from the
//! standard start: its protocol cannot set up a position). Each game is a core
//! `Game`: moves are checked and clocks kept by the rules crate, and the
//! record is the game's own. A player that answers an illegal move loses by
//! `illegal_move`, one that crashes or goes silent (after its one restart) by
//! `engine_failure`, one that is late by `time`. Results come with a 95%
//! confidence interval and an Elo difference, and optionally a sequential
//! test ([`crate::sprt`]) that ends the match once it is decided.
//!
//! With `--cpu-time` every move is charged the CPU time its player spent
//! ([`Player::cpu_time`]) instead of wall-clock time: the built-in engine
//! then also counts its budget in CPU time, and an external engine must do
//! the same (`uci:amazons-engine --cpu-time`). The game's clock is run on a
//! virtual time line that advances by the CPU time of each move, so other
//! processes on the machine slow a match down but do not change its result.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime};

use amazons_core::{
    BySide, EndReason, Game, GameError, GameRecord, Move, Outcome, PlayerInfo, PlayerKind,
    Position, RecordMeta, Side, TimeControl, unix_ms,
};
use amazons_engine::TimeSource;
use amazons_engine::player::{
    ClockBudget, ExternalTimeouts, GameSoFar, Player, PlayerSettings, PlayerSpec, Protocol,
    ThinkBudget, TimeRule,
};
use anyhow::{Context, bail};

use crate::records::{self, Scheduled};
use crate::sprt::{Sprt, Verdict};

/// The openings shipped with the crate (see `data/README.md` for how they were made).
pub const DEFAULT_OPENINGS: &str = include_str!("../../../data/openings.txt");

/// Arguments of `amazons-engine arena`.
#[derive(clap::Args, Debug, Clone)]
pub struct ArenaArgs {
    /// First player: `level:N` (1-7), `random` (1), `baseline` (3), `ab` or
    /// `alphabeta` (6), `full` or `mcts` (7), `level:6:root=..,inner=..`
    /// (alpha-beta level with other selectivity),
    /// `mcts:c=..,width=..,qwidth=..,rwidth=..,rqwidth=..,playout=..,scale=..,expand=..,prior=..,widen=..,reuse=0|1,tm=0|1`
    /// (Monte-Carlo level 7 with other knobs), or an external engine:
    /// `uci:CMD`, `botzone:CMD`, `sau:CMD` (CMD split like a shell does).
    #[arg(long)]
    pub a: PlayerSpec,
    /// Second player, same forms.
    #[arg(long)]
    pub b: PlayerSpec,
    /// Number of games (rounded up to an even number: each opening twice).
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Fixed time per move in milliseconds (default 100 unless --tc is given).
    #[arg(long, conflicts_with = "tc")]
    pub movetime: Option<u64>,
    /// A clock for each side, in the one time-control syntax: `5+3` (minutes
    /// + seconds), `10s+0.1` (seconds + seconds). A flag falls at zero.
    #[arg(long)]
    pub tc: Option<TimeControl>,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub concurrency: usize,
    /// Openings file (one FEN per line, `#` comments); default: the shipped set.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Directory to write each game's record (JSON) into.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Go on with a match stopped before its end: the games whose records
    /// are already in `--out` (from a run with the same players, openings,
    /// offset and clocks, which is checked) are counted as played, and only
    /// the missing ones are played.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// With --movetime: lateness allowed beyond the move time, in
    /// milliseconds, before a move loses on time.
    #[arg(long, default_value_t = 50)]
    pub margin_ms: u64,
    /// Search threads for built-in players.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Search threads for player A only (overrides --threads).
    #[arg(long)]
    pub threads_a: Option<usize>,
    /// Search threads for player B only (overrides --threads).
    #[arg(long)]
    pub threads_b: Option<usize>,
    /// Print every game's moves.
    #[arg(long)]
    pub verbose: bool,
    /// Start at this opening of the file (to sample other openings).
    #[arg(long, default_value_t = 0)]
    pub opening_offset: usize,
    /// Charge each move the CPU time its player spent, not wall-clock time:
    /// built-in players count their budget in their search thread's CPU
    /// time; external engines must too (start ours as
    /// `uci:amazons-engine --cpu-time`) and are measured by their process's
    /// CPU time (a Botzone bot's: of all its processes). The clocks run on
    /// CPU time, so load on the machine does not change results.
    #[arg(long)]
    pub cpu_time: bool,
    /// Stop as soon as a sequential probability ratio test decides:
    /// `ELO0,ELO1` (α = β = 0.05) or `ELO0,ELO1,ALPHA,BETA`; `--games` is
    /// then the most games played.
    #[arg(long)]
    pub sprt: Option<Sprt>,
    /// Fix the built-in players' seeds (each player and worker its own,
    /// derived from this) so that node-limited games replay; by default
    /// each game draws new seeds.
    #[arg(long)]
    pub seed: Option<u64>,
}

/// How much time a move gets: the game's clock rules, and a fixed time per
/// move when the game is untimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pace {
    /// The clocks the game is played with (`Untimed` with a move time).
    control: TimeControl,
    /// The time for every move, and the lateness allowed beyond it.
    movetime: Option<(Duration, Duration)>,
    /// Whether moves are charged their player's CPU time (else wall time).
    cpu_time: bool,
}

impl Pace {
    /// What the side to move may spend now: the clocks as they stand, or
    /// the time per move of an untimed game.
    fn budget(&self, game: &Game, now: Instant) -> ThinkBudget {
        let rule = TimeRule::clocks_or(self.movetime.map(|(movetime, _)| movetime));
        ThinkBudget::under_clock(ClockBudget::at(game.clock(), now), &game.position(), rule)
    }
}

/// How one game ended, for the table: the record and a sentence.
struct Played {
    /// The game's record.
    record: GameRecord,
    /// What happened, in words (who failed and how, or "no legal move").
    reason: String,
}

/// Plays one game between `white` and `black` from `start`.
fn play_game(
    index: usize,
    start: Position,
    mut players: BySide<&mut dyn Player>,
    names: BySide<String>,
    pace: Pace,
) -> Played {
    let started_at = SystemTime::now();
    let mut game = Game::from_position(start, pace.control);
    let mut reason = String::new();
    for side in Side::BOTH {
        if let Err(e) = players[side].new_game() {
            let name = &names[side];
            reason = format!("{name} could not start a game: {e}");
            game.end(
                Outcome::win(side.opponent(), e.end_reason()),
                Instant::now(),
            );
            break;
        }
    }
    // With CPU time the game's clock runs on a virtual time line that
    // advances by each move's CPU time.
    let mut now = Instant::now();
    game.start(now);
    let mut moves: Vec<Move> = Vec::new();
    while game.outcome().is_none() {
        let position = game.position();
        let side = position.turn();
        let name = &names[side];
        if !pace.cpu_time {
            now = Instant::now();
        }
        let budget = pace.budget(&game, now);
        let so_far = GameSoFar {
            start,
            moves: &moves,
            position,
        };
        let player = &mut players[side];
        let cpu_before = player.cpu_time().unwrap_or_default();
        let answer = player.choose(so_far, budget);
        let answered = if pace.cpu_time {
            now += player
                .cpu_time()
                .unwrap_or_default()
                .saturating_sub(cpu_before);
            now
        } else {
            Instant::now()
        };
        let m = match answer {
            Ok(m) => m,
            Err(e) => {
                reason = format!("{name} failed: {e}");
                game.end(Outcome::win(side.opponent(), e.end_reason()), answered);
                break;
            }
        };
        if let Some((movetime, margin)) = pace.movetime {
            let spent = game.clock().spent(answered);
            if spent > movetime + margin {
                reason = format!(
                    "{name} took {} ms for a {} ms budget",
                    spent.as_millis(),
                    movetime.as_millis()
                );
                game.end(Outcome::win(side.opponent(), EndReason::Time), answered);
                break;
            }
        }
        match game.play(m, answered) {
            Ok(_) => moves.push(m),
            Err(GameError::Flagged(_)) => reason = format!("{name} ran out of time"),
            Err(e) => {
                reason = format!("{name} played an illegal move: {e}");
                game.end(
                    Outcome::win(side.opponent(), EndReason::IllegalMove),
                    answered,
                );
            }
        }
    }
    let outcome = game.outcome().expect("the game is over");
    if reason.is_empty() {
        reason = outcome.reason.to_string();
    }
    let bot = |name: String| PlayerInfo::new(name, PlayerKind::Bot);
    let meta = RecordMeta::new(
        format!("arena-{}-{index}", unix_ms(started_at)),
        names.map(bot),
        started_at,
        SystemTime::now(),
    );
    let record = GameRecord::from_game(&game, meta).expect("a finished game has a record");
    Played { record, reason }
}

/// Score (0–1), its 95% confidence interval and the Elo difference, for
/// `wins` out of `games` (Amazons has no draws).
pub fn score_summary(wins: usize, games: usize) -> (f64, f64, f64, f64, f64, f64) {
    let n = games.max(1) as f64;
    let s = wins as f64 / n;
    let sd = (s * (1.0 - s) / n).sqrt();
    let lo = (s - 1.96 * sd).max(0.0);
    let hi = (s + 1.96 * sd).min(1.0);
    (s, lo, hi, elo(s), elo(lo), elo(hi))
}

/// Elo difference for an expected score `s` (infinite at 0 and 1).
pub fn elo(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// Reads an openings file: one FEN per line, blank lines and `#` comments skipped.
pub fn parse_openings(text: &str) -> anyhow::Result<Vec<Position>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let p = Position::from_fen(line).with_context(|| format!("openings line {}", i + 1))?;
        out.push(p);
    }
    if out.is_empty() {
        bail!("no openings");
    }
    Ok(out)
}

/// A finished game with what the table needs.
struct Finished {
    /// Whether player A played first (white).
    a_first: bool,
    /// The record (winner, reason, moves).
    record: GameRecord,
}

/// Runs `amazons-engine arena`.
pub fn run(args: ArenaArgs) -> anyhow::Result<()> {
    let pace = match (args.tc, args.movetime) {
        (Some(control), _) => {
            if !control.is_timed() {
                bail!("--tc needs a clock (like 10s+0.1); use --movetime for untimed games");
            }
            Pace {
                control,
                movetime: None,
                cpu_time: args.cpu_time,
            }
        }
        (None, movetime) => Pace {
            control: TimeControl::Untimed,
            movetime: Some((
                Duration::from_millis(movetime.unwrap_or(100)),
                Duration::from_millis(args.margin_ms),
            )),
            cpu_time: args.cpu_time,
        },
    };
    let sau = [&args.a, &args.b]
        .iter()
        .any(|spec| spec.protocol() == Some(Protocol::Sau));
    let openings = if sau {
        println!("a SAU engine plays: every game starts from the standard start");
        vec![Position::start()]
    } else {
        match &args.openings {
            Some(path) => parse_openings(&std::fs::read_to_string(path)?)?,
            None => parse_openings(DEFAULT_OPENINGS)?,
        }
    };
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir)?;
    }
    let games = args.games.div_ceil(2) * 2;
    let labels = [args.a.label(), args.b.label()];
    let (name_a, name_b) = if labels[0] == labels[1] {
        (format!("{}-A", labels[0]), format!("{}-B", labels[1]))
    } else {
        (labels[0].clone(), labels[1].clone())
    };
    // Game i: opening i / 2 (from the offset), player A white in the even ones.
    let scheduled_start = |i: usize| openings[(i / 2 + args.opening_offset) % openings.len()];
    let resumed = match (&args.out, args.resume) {
        (Some(dir), true) => records::read_finished(dir, games, |i| {
            let (white, black) = if i % 2 == 0 {
                (name_a.clone(), name_b.clone())
            } else {
                (name_b.clone(), name_a.clone())
            };
            Scheduled {
                white,
                black,
                start: scheduled_start(i),
                control: pace.control,
            }
        })?,
        _ => Vec::new(),
    };
    let pending: Vec<usize> = (0..games)
        .filter(|i| !resumed.iter().any(|(done, _)| done == i))
        .collect();
    let results: Mutex<Vec<Finished>> = Mutex::new(
        resumed
            .into_iter()
            .map(|(i, record)| Finished {
                a_first: i % 2 == 0,
                record,
            })
            .collect(),
    );
    let next = AtomicUsize::new(0);
    let pace_text = match pace.movetime {
        Some((movetime, margin)) => format!(
            "{} ms a move (+{} ms margin)",
            movetime.as_millis(),
            margin.as_millis()
        ),
        None => format!("clock {}", pace.control),
    };
    let pace_text = if args.cpu_time {
        format!("{pace_text} of CPU time")
    } else {
        pace_text
    };
    println!(
        "arena: {name_a} ({}) vs {name_b} ({}), {games} games, {pace_text}, concurrency {}, {} openings",
        args.a,
        args.b,
        args.concurrency,
        openings.len()
    );
    let already = games - pending.len();
    if args.resume {
        println!(
            "resumed: {already} games already played, {} to play",
            pending.len()
        );
    }
    // An external engine gets the lateness margin and a second more before
    // it counts as silent (then the game is lost anyway). Counting CPU time,
    // the wall clock says little: a loaded machine can stretch a move's
    // wall time far beyond its CPU time, so the wait is a minute more.
    let grace = if args.cpu_time {
        Duration::from_secs(60)
    } else {
        Duration::from_secs(1)
    };
    let timeouts = ExternalTimeouts {
        grace: Duration::from_millis(args.margin_ms) + grace,
        ..ExternalTimeouts::default()
    };
    let time_source = if args.cpu_time {
        TimeSource::ThreadCpu
    } else {
        TimeSource::Wall
    };
    let settings = |threads: Option<usize>, offset: u64| PlayerSettings {
        threads: threads.unwrap_or(args.threads),
        hash_mb: 16,
        seed: args.seed.map(|seed| seed.wrapping_add(offset)),
        time_source,
        timeouts,
        show_stderr: false,
    };
    // Set once a sequential test has decided: no new game starts.
    let decided = AtomicBool::new(false);
    if let Some(sprt) = &args.sprt {
        let results = results.lock().expect("results");
        let wins = a_wins(&results);
        if sprt.verdict(wins, already - wins) != Verdict::Continue {
            decided.store(true, Ordering::SeqCst);
        }
    }
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let mut handles = Vec::new();
        for worker in 0..args.concurrency.max(1) {
            let (args, pending, next, results, decided) =
                (&args, &pending, &next, &results, &decided);
            let scheduled_start = &scheduled_start;
            let (name_a, name_b) = (name_a.clone(), name_b.clone());
            let settings_a = settings(args.threads_a, 1000 + worker as u64);
            let settings_b = settings(args.threads_b, 2000 + worker as u64);
            handles.push(scope.spawn(move || -> anyhow::Result<()> {
                let mut player_a = args
                    .a
                    .player(&settings_a)
                    .with_context(|| format!("starting player A ({})", args.a))?;
                let mut player_b = args
                    .b
                    .player(&settings_b)
                    .with_context(|| format!("starting player B ({})", args.b))?;
                if args.cpu_time {
                    for (spec, player) in [(&args.a, &player_a), (&args.b, &player_b)] {
                        if player.cpu_time().is_none() {
                            bail!("--cpu-time: player {spec} cannot tell its CPU time");
                        }
                    }
                }
                loop {
                    if decided.load(Ordering::SeqCst) {
                        return Ok(());
                    }
                    let Some(&i) = pending.get(next.fetch_add(1, Ordering::SeqCst)) else {
                        return Ok(());
                    };
                    let start = scheduled_start(i);
                    let a_first = i % 2 == 0;
                    let (players, names): (BySide<&mut dyn Player>, _) = if a_first {
                        (
                            BySide::new(&mut *player_a, &mut *player_b),
                            BySide::new(name_a.clone(), name_b.clone()),
                        )
                    } else {
                        (
                            BySide::new(&mut *player_b, &mut *player_a),
                            BySide::new(name_b.clone(), name_a.clone()),
                        )
                    };
                    let played = play_game(i, start, players, names, pace);
                    let record = played.record;
                    let winner = record.result.winner.unwrap_or(Side::First);
                    let (wins, finished) = {
                        let mut results = results.lock().expect("results");
                        results.push(Finished {
                            a_first,
                            record: record.clone(),
                        });
                        (a_wins(&results), results.len())
                    };
                    let test = match &args.sprt {
                        Some(sprt) => {
                            if sprt.verdict(wins, finished - wins) != Verdict::Continue {
                                decided.store(true, Ordering::SeqCst);
                            }
                            format!(" | LLR {:+.2}", sprt.llr(wins, finished - wins))
                        }
                        None => String::new(),
                    };
                    println!(
                        "game {:>3}: {} (white) vs {} (black): {} wins ({}, {} plies) | {}: {}/{}{test}",
                        i + 1,
                        record.white.name,
                        record.black.name,
                        winner,
                        played.reason,
                        record.moves.len(),
                        name_a,
                        wins,
                        finished
                    );
                    if args.verbose {
                        println!("  {}", record.move_text());
                    }
                    if let Some(dir) = &args.out {
                        records::write(dir, i, &record)?;
                    }
                }
            }));
        }
        for h in handles {
            h.join()
                .map_err(|_| anyhow::anyhow!("arena worker panicked"))??;
        }
        Ok(())
    })?;
    let results = results.into_inner().expect("results");
    let n = results.len();
    let a_wins = a_wins(&results);
    let white_wins = results
        .iter()
        .filter(|f| f.record.result.winner == Some(Side::First))
        .count();
    let count = |reason: EndReason| {
        results
            .iter()
            .filter(|f| f.record.result.reason == reason)
            .count()
    };
    let (s, lo, hi, e, elo_lo, elo_hi) = score_summary(a_wins, n);
    println!("----");
    println!(
        "{name_a} vs {name_b}: +{a_wins} -{} (of {n}); white won {white_wins}; lost on time {}, by an illegal move {}, by an engine failure {}",
        n - a_wins,
        count(EndReason::Time),
        count(EndReason::IllegalMove),
        count(EndReason::EngineFailure),
    );
    println!(
        "score {:.1}% (95% CI {:.1}% .. {:.1}%), Elo {:+.0} (95% CI {:+.0} .. {:+.0})",
        s * 100.0,
        lo * 100.0,
        hi * 100.0,
        e,
        elo_lo,
        elo_hi
    );
    if let Some(sprt) = &args.sprt {
        let (lower, upper) = sprt.bounds();
        println!(
            "SPRT elo0 {} elo1 {} (alpha {}, beta {}): LLR {:+.2} in [{lower:.2}, {upper:.2}]: {}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            sprt.llr(a_wins, n - a_wins),
            sprt.verdict(a_wins, n - a_wins)
        );
    }
    let clock = if args.cpu_time { "CPU" } else { "wall" };
    for (name, is_a) in [(&name_a, true), (&name_b, false)] {
        let times = move_times(&results, is_a);
        if let Some(t) = TimeStats::of(&times, pace.movetime.map(|(m, g)| m + g)) {
            println!(
                "{name}: {} moves, {clock} time per move: mean {:.0} ms, median {} ms, 99th percentile {} ms, max {} ms{}",
                t.moves,
                t.mean_ms,
                t.median_ms,
                t.p99_ms,
                t.max_ms,
                t.late.map_or(String::new(), |late| format!(
                    ", {late} over the move time + margin"
                )),
            );
        }
    }
    Ok(())
}

/// The times (ms) of every move player A (or B) made, from the records.
fn move_times(results: &[Finished], of_a: bool) -> Vec<u64> {
    let mut times = Vec::new();
    for f in results {
        let a = a_side(f.a_first);
        let side = if of_a { a } else { a.opponent() };
        let Ok(first) = f.record.initial_position().map(|p| p.turn()) else {
            continue;
        };
        for (ply, m) in f.record.moves.iter().enumerate() {
            // The side to move alternates from the initial position's.
            let mover = if ply % 2 == 0 {
                first
            } else {
                first.opponent()
            };
            if mover == side {
                times.push(m.time_ms);
            }
        }
    }
    times
}

/// How long one player's moves took.
#[derive(Debug, PartialEq)]
struct TimeStats {
    /// Moves counted.
    moves: usize,
    /// Mean time.
    mean_ms: f64,
    /// Median time.
    median_ms: u64,
    /// 99th percentile.
    p99_ms: u64,
    /// Longest move.
    max_ms: u64,
    /// Moves over the allowed time (with a fixed move time).
    late: Option<usize>,
}

impl TimeStats {
    /// Statistics of `times` (ms); `allowed` counts the moves above it.
    fn of(times: &[u64], allowed: Option<Duration>) -> Option<TimeStats> {
        if times.is_empty() {
            return None;
        }
        let mut sorted = times.to_vec();
        sorted.sort_unstable();
        let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
        Some(TimeStats {
            moves: sorted.len(),
            mean_ms: sorted.iter().sum::<u64>() as f64 / sorted.len() as f64,
            median_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: at(1.0),
            late: allowed.map(|a| {
                sorted
                    .iter()
                    .filter(|&&t| u128::from(t) > a.as_millis())
                    .count()
            }),
        })
    }
}

/// How many of `results` player A won.
fn a_wins(results: &[Finished]) -> usize {
    results
        .iter()
        .filter(|f| f.record.result.winner == Some(a_side(f.a_first)))
        .count()
}

/// The side player A had in a game.
fn a_side(a_first: bool) -> Side {
    if a_first { Side::First } else { Side::Second }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_score_is_zero() {
        let (s, lo, hi, e, _, _) = score_summary(10, 20);
        assert_eq!(s, 0.5);
        assert!(lo < 0.5 && hi > 0.5);
        assert!(e.abs() < 1e-9);
        assert!(elo(0.75) > 190.0 && elo(0.75) < 192.0);
    }

    #[test]
    fn shipped_openings_parse() {
        assert!(parse_openings(DEFAULT_OPENINGS).unwrap().len() >= 10);
    }

    #[test]
    fn a_clock_game_is_budgeted_from_the_core_clock() {
        let control: TimeControl = "10s+0.1".parse().unwrap();
        let pace = Pace {
            control,
            movetime: None,
            cpu_time: false,
        };
        let t0 = Instant::now();
        let mut game = Game::new(control);
        game.start(t0);
        let budget = pace.budget(&game, t0 + Duration::from_secs(2));
        let clocks = budget.clocks.unwrap();
        assert_eq!(
            clocks.remaining,
            BySide::new(Duration::from_secs(8), Duration::from_secs(10))
        );
        assert_eq!(clocks.increment, BySide::both(Duration::from_millis(100)));
        assert_eq!(budget.movetime, None, "the clocks, raw");
        let untimed = Pace {
            control: TimeControl::Untimed,
            movetime: Some((Duration::from_millis(100), Duration::from_millis(50))),
            cpu_time: false,
        };
        let game = Game::new(TimeControl::Untimed);
        assert_eq!(
            untimed.budget(&game, t0),
            ThinkBudget::movetime(Duration::from_millis(100))
        );
    }

    #[test]
    fn time_statistics() {
        let t = TimeStats::of(&[10, 30, 20, 200], Some(Duration::from_millis(150))).unwrap();
        assert_eq!(t.moves, 4);
        assert_eq!((t.median_ms, t.max_ms, t.late), (30, 200, Some(1)));
        assert!((t.mean_ms - 65.0).abs() < 1e-9);
        assert_eq!(TimeStats::of(&[], None), None);
    }
}
