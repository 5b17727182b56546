//! The arena, the tuner and the sequential test: the engine's measuring
//! tools, which the `amazons-engine` binary's `arena`, `deadlines` and `tune`
//! commands run (feature `cli`; the players built on this crate never
//! compile them).
//!
//! Why a module of the library and not of the binary: the binary stays a
//! thin command line, and the tools are found, documented and tested like
//! the rest of the crate. Why not a crate of their own: the `amazons-engine`
//! binary runs them and they run the engine's players, and a package may
//! not depend on one that depends on it. Their errors are reports to the
//! person who ran the command, hence `anyhow`, as in a binary.
//!
//! # Layout
//! - this module: a match between two players, or a round robin of more
//!   ([`run`], [`ArenaArgs`]), and the openings they play.
//! - [`schedule`]: who plays whom, with which colours and openings.
//! - [`records`]: the games on disk, written as they end, read back by
//!   `--resume`.
//! - [`standings`]: Glicko-2 ratings and the round robin's tables.
//! - [`sprt`]: the sequential probability ratio test that stops a match
//!   once it is decided.
//! - [`deadlines`]: a clocked match's records re-checked against the time
//!   plan's hard budget.
//! - [`tune`]: SPSA over level 7's constants by self-play.
//!
//! # A match
//! The arena plays matches between two players, or a round robin of
//! three or more, and measures the result.
//!
//! Players are anything the player grammar names (`level:7`, `random`,
//! `mcts:c=30`, `uci:CMD`, `botzone:CMD`, `sau:CMD`; see
//! `crate::player::spec`). Each pair of players plays each opening
//! of the openings file twice with colours swapped ([`schedule`];
//! games with a SAU engine start from the standard start: its protocol
//! cannot set up a position). Each game is a core `Game`: moves are checked
//! and clocks kept by the rules crate, and the record is the game's own. A
//! player that answers an illegal move loses by `illegal_move`, one that
//! crashes or goes silent (after its one restart) by `engine_failure`, one
//! that is late by `time`. A match of two reports its score with a 95%
//! confidence interval and an Elo difference, and optionally a sequential
//! test ([`sprt`]) that ends the match once it is decided; every run
//! also rates its players by Glicko-2 as the server does
//! ([`standings`]), and a round robin prints its standings and the
//! results of every pair.
//!
//! With `--cpu-time` every move is charged the CPU time its player spent
//! ([`Player::cpu_time`]) instead of wall-clock time: the built-in engine
//! then also counts its budget in CPU time, and an external engine must do
//! the same (`uci:amazons-engine --cpu-time`). The game's clock is run on a
//! virtual time line that advances by the CPU time of each move, so other
//! processes on the machine slow a match down but do not change its result.

pub mod deadlines;
pub mod records;
pub mod schedule;
pub mod sprt;
pub mod standings;
pub mod tune;

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime};

use crate::player::{
    ClockBudget, ExternalTimeouts, GameSoFar, Player, PlayerSettings, PlayerSpec, Protocol,
    ThinkBudget, TimeRule,
};
use crate::{TimeSource, territory};
use amazons_core::{
    BySide, EndReason, Game, GameError, GameRecord, Move, Outcome, PlayerInfo, PlayerKind,
    Position, RecordMeta, Side, TerritoryEnd, TimeControl, unix_ms,
};
use anyhow::{Context, bail};

use records::Scheduled;
use schedule::{Entrant, Schedule, letter};
use sprt::{Sprt, Verdict};
use standings::Finished;

/// The openings shipped with the crate (see `data/README.md` for how they were made).
pub const DEFAULT_OPENINGS: &str = include_str!("../data/openings.txt");

/// The example `arena --help` ends with: a round robin and what it printed.
const ROUND_ROBIN_EXAMPLE: &str = "\
A round robin of three levels, two games a pair:

  amazons-engine arena --player level:1 --player level:2 --player level:3 \\
    --games 2 --movetime 50 --out games/

ends with

  round robin of 3 players: 6 games, white won 3
  lost on time 0, by an illegal move 0, by an engine failure 0
  rank  player  Glicko-2     games  wins  losses   score
     1  level3  1970? ± 274      4     4       0  100.0%
     2  level2  1515? ± 273      4     2       2   50.0%
     3  level1  1086? ± 314      4     0       4    0.0%
  wins-losses of each row against each column (by rank):
              1    2    3
  1 level3    -  2-0  2-0
  2 level2  0-2    -  2-0
  3 level1  0-2  0-2    -
  Glicko-2 by lichess's parameters, 6 games folded in the order played.

(`?`: provisional, deviation above 110). Add --resume to go on with a run
stopped before its end.";

/// Arguments of `amazons-engine arena`.
#[derive(clap::Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("who").required(true).args(["a", "players"])))]
#[command(after_long_help = ROUND_ROBIN_EXAMPLE)]
pub struct ArenaArgs {
    /// First player of a match of two: `level:N` (1-7), `random` (1),
    /// `baseline` (3), `ab` or `alphabeta` (6), `full` or `mcts` (7),
    /// `level:6:root=..,inner=..` (alpha-beta level with other selectivity),
    /// `mcts:c=..,width=..,qwidth=..,rwidth=..,rqwidth=..,playout=..,scale=..,expand=..,prior=..,widen=..,reuse=0|1,tm=0|1,tree=0|1,vloss=..,kappa=..,mob=..`
    /// (Monte-Carlo level 7 with other knobs), or an external engine:
    /// `uci:CMD`, `botzone:CMD`, `sau:CMD` (CMD split like a shell does).
    /// `--a X --b Y` is `--player X --player Y`.
    #[arg(long, requires = "b", conflicts_with = "players")]
    pub a: Option<PlayerSpec>,
    /// Second player of a match of two, same forms.
    #[arg(long, requires = "a")]
    pub b: Option<PlayerSpec>,
    /// A player, same forms as --a; repeat it. Two make a match (as --a and
    /// --b); three or more play a round robin: every pair --games games,
    /// colours alternated, each pair on the same openings, ranked by
    /// Glicko-2 in a standings table with every pair's results.
    #[arg(long = "player", value_name = "SPEC")]
    pub players: Vec<PlayerSpec>,
    /// Number of games (of each pair, in a round robin), rounded up to an
    /// even number: each opening twice.
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Fixed time per move in milliseconds (default 100 unless --tc is given).
    #[arg(long, conflicts_with = "tc")]
    pub movetime: Option<u64>,
    /// Time per move for player A (the first) only, in a match of two
    /// (overrides --movetime): time odds, as in "as strong in a quarter of
    /// the time".
    #[arg(long, conflicts_with = "tc")]
    pub movetime_a: Option<u64>,
    /// Time per move for player B (the second) only, in a match of two
    /// (overrides --movetime).
    #[arg(long, conflicts_with = "tc")]
    pub movetime_b: Option<u64>,
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
    /// Go on with a match or round robin stopped before its end: the games
    /// whose records are already in `--out` (from a run with the same
    /// players in the same order, openings, offset and clocks, which is
    /// checked) are counted as played, and only the missing ones are played.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// With --movetime: lateness allowed beyond the move time, in
    /// milliseconds, before a move loses on time.
    #[arg(long, default_value_t = 50)]
    pub margin_ms: u64,
    /// Search threads for built-in players.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Search threads for player A (the first) only, in a match of two
    /// (overrides --threads).
    #[arg(long)]
    pub threads_a: Option<usize>,
    /// Search threads for player B (the second) only, in a match of two
    /// (overrides --threads).
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
    /// then the most games played. For a match of two.
    #[arg(long)]
    pub sprt: Option<Sprt>,
    /// End a game once the board has separated and exact counting proves
    /// its winner (reason `territory`, with the margin and the proven
    /// finish in the record), as the server's "end when territory decides"
    /// option does: the filling moves, about a sixth of a game's thinking
    /// time, are not played. The count runs on the arena's thread, charged
    /// to nobody.
    #[arg(long)]
    pub adjudicate: bool,
    /// Fix the built-in players' seeds (each player and worker its own,
    /// derived from this) so that node-limited games replay; by default
    /// each game draws new seeds.
    #[arg(long)]
    pub seed: Option<u64>,
}

/// How much time a move gets in every game of a run: the games' clock
/// rules, and a fixed time per move when they are untimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pace {
    /// The clocks the games are played with (`Untimed` with a move time).
    control: TimeControl,
    /// The time per move of untimed games.
    movetime: Option<MoveTime>,
    /// Whether moves are charged their player's CPU time (else wall time).
    cpu_time: bool,
    /// Whether a game ends once exact counting proves its winner.
    adjudicate: bool,
}

/// The fixed time a move gets in an untimed game, by player: the same for
/// all but with time odds (`--movetime-a`, `--movetime-b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MoveTime {
    /// Player A's (the first's) time a move.
    first: Duration,
    /// Every other player's (player B's in a match of two).
    others: Duration,
    /// The lateness allowed beyond it before a move loses on time.
    margin: Duration,
}

impl MoveTime {
    /// The time a move of player `index` (in the order given) gets.
    fn of(&self, index: usize) -> Duration {
        if index == 0 { self.first } else { self.others }
    }
}

impl Pace {
    /// What the side to move may spend now, with the players `seats` (indices
    /// in the order given) at the board: the clocks as they stand, or its
    /// player's time per move in an untimed game.
    fn budget(&self, game: &Game, now: Instant, seats: BySide<usize>) -> ThinkBudget {
        let side = game.position().turn();
        let rule = TimeRule::clocks_or(self.movetime.map(|m| m.of(seats[side])));
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

/// Plays one game between `white` and `black` from `start`, the players
/// `seats` (indices in the order given) at the board.
fn play_game(
    index: usize,
    start: Position,
    mut players: BySide<&mut dyn Player>,
    entrants: BySide<&Entrant>,
    seats: BySide<usize>,
    pace: Pace,
) -> Played {
    let names = entrants.map(|e| e.name.clone());
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
    let mut territory = None;
    while game.outcome().is_none() {
        let position = game.position();
        let side = position.turn();
        let name = &names[side];
        if !pace.cpu_time {
            now = Instant::now();
        }
        let budget = pace.budget(&game, now, seats);
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
        if let Some(m) = pace.movetime {
            let (movetime, margin) = (m.of(seats[side]), m.margin);
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
            Ok(_) => {
                moves.push(m);
                if pace.adjudicate && game.outcome().is_none() {
                    territory = adjudicated(&mut game, answered);
                }
            }
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
    // The record says what the arena counts: a rated game between the
    // players' arena ids.
    let bot =
        |e: &Entrant| PlayerInfo::new(&e.name, PlayerKind::Bot).identified(Some(e.id.clone()));
    let meta = RecordMeta::new(
        format!("arena-{}-{index}", unix_ms(started_at)),
        entrants.map(bot),
        started_at,
        SystemTime::now(),
    )
    .rated(true);
    let meta = match territory {
        Some(end) => meta.territory(end),
        None => meta,
    };
    let record = GameRecord::from_game(&game, meta).expect("a finished game has a record");
    Played { record, reason }
}

/// Ends `game` at `now` when its board has separated and exact counting
/// (within the engine's fixed budget) proves the winner; the count for the
/// record.
fn adjudicated(game: &mut Game, now: Instant) -> Option<TerritoryEnd> {
    let position = game.position();
    if !territory::is_separated(position.board()) {
        return None;
    }
    let solved = territory::solve(&position, territory::SOLVE_BUDGET)?;
    game.end(Outcome::win(solved.winner(), EndReason::Territory), now);
    Some(TerritoryEnd {
        margin: solved.margin(),
        moves_left: solved.moves_left(),
        finish: solved.finish().to_vec(),
    })
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

/// The openings of the file at `path`, or the shipped set without one.
pub fn load_openings(path: Option<&std::path::Path>) -> anyhow::Result<Vec<Position>> {
    match path {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            parse_openings(&text)
        }
        None => parse_openings(DEFAULT_OPENINGS),
    }
}

/// Runs `amazons-engine arena`.
pub fn run(args: ArenaArgs) -> anyhow::Result<()> {
    let specs = match (&args.a, &args.b) {
        (Some(a), Some(b)) => vec![a.clone(), b.clone()],
        _ => args.players.clone(),
    };
    if specs.len() < 2 {
        bail!("--player needs at least two players (three or more play a round robin)");
    }
    let round_robin = specs.len() > 2;
    let for_one = [
        args.threads_a.is_some(),
        args.threads_b.is_some(),
        args.movetime_a.is_some(),
        args.movetime_b.is_some(),
    ];
    if round_robin && (args.sprt.is_some() || for_one.contains(&true)) {
        bail!(
            "--sprt, --threads-a, --threads-b, --movetime-a and --movetime-b are for a match of two players"
        );
    }
    let entrants = schedule::entrants(specs)?;
    let pace = match (args.tc, args.movetime) {
        (Some(control), _) => {
            if !control.is_timed() {
                bail!("--tc needs a clock (like 10s+0.1); use --movetime for untimed games");
            }
            Pace {
                control,
                movetime: None,
                cpu_time: args.cpu_time,
                adjudicate: args.adjudicate,
            }
        }
        (None, movetime) => {
            let all = movetime.unwrap_or(100);
            Pace {
                control: TimeControl::Untimed,
                movetime: Some(MoveTime {
                    first: Duration::from_millis(args.movetime_a.unwrap_or(all)),
                    others: Duration::from_millis(args.movetime_b.unwrap_or(all)),
                    margin: Duration::from_millis(args.margin_ms),
                }),
                cpu_time: args.cpu_time,
                adjudicate: args.adjudicate,
            }
        }
    };
    let sau = entrants
        .iter()
        .any(|e| e.spec.protocol() == Some(Protocol::Sau));
    let openings = if sau {
        println!("a SAU engine plays: every game starts from the standard start");
        vec![Position::start()]
    } else {
        load_openings(args.openings.as_deref())?
    };
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir)?;
    }
    let schedule = Schedule::new(entrants.len(), args.games);
    let games = schedule.games();
    let scheduled_start =
        |i: usize| openings[(schedule.game(i).opening + args.opening_offset) % openings.len()];
    let resumed = match (&args.out, args.resume) {
        (Some(dir), true) => records::read_finished(dir, games, |i| {
            let game = schedule.game(i);
            Scheduled {
                white: entrants[game.white].name.clone(),
                black: entrants[game.black].name.clone(),
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
            .map(|(i, record)| {
                let game = schedule.game(i);
                Finished {
                    white: game.white,
                    black: game.black,
                    record,
                }
            })
            .collect(),
    );
    let next = AtomicUsize::new(0);
    let pace_text = match pace.movetime {
        Some(m) if m.first == m.others => format!(
            "{} ms a move (+{} ms margin)",
            m.first.as_millis(),
            m.margin.as_millis()
        ),
        Some(m) => format!(
            "{} ms a move for {}, {} ms for {} (+{} ms margin)",
            m.first.as_millis(),
            entrants[0].name,
            m.others.as_millis(),
            entrants[1].name,
            m.margin.as_millis()
        ),
        None => format!("clock {}", pace.control),
    };
    let pace_text = if args.cpu_time {
        format!("{pace_text} of CPU time")
    } else {
        pace_text
    };
    let pace_text = if args.adjudicate {
        format!("{pace_text}, ended once territory decides")
    } else {
        pace_text
    };
    if round_robin {
        println!(
            "arena: round robin of {} players, {} games a pair, {games} games, {pace_text}, concurrency {}, {} openings",
            entrants.len(),
            schedule.per_pair(),
            args.concurrency,
            openings.len()
        );
        for entrant in &entrants {
            println!("  {}: {}", entrant.name, entrant.spec);
        }
    } else {
        println!(
            "arena: {} ({}) vs {} ({}), {games} games, {pace_text}, concurrency {}, {} openings",
            entrants[0].name,
            entrants[0].spec,
            entrants[1].name,
            entrants[1].spec,
            args.concurrency,
            openings.len()
        );
    }
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
    // Player `index` of worker `worker`: its threads, and its own seed.
    let settings = |index: usize, worker: usize| PlayerSettings {
        threads: match index {
            0 => args.threads_a,
            1 => args.threads_b,
            _ => None,
        }
        .unwrap_or(args.threads),
        hash_mb: 16,
        seed: args
            .seed
            .map(|seed| seed.wrapping_add(1000 * (index as u64 + 1) + worker as u64)),
        time_source,
        timeouts,
        show_stderr: false,
    };
    // Set once a sequential test has decided: no new game starts.
    let decided = AtomicBool::new(false);
    if let Some(sprt) = &args.sprt {
        let results = results.lock().expect("results");
        let wins = wins_of_first(&results);
        if sprt.verdict(wins, already - wins) != Verdict::Continue {
            decided.store(true, Ordering::SeqCst);
        }
    }
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let mut handles = Vec::new();
        for worker in 0..args.concurrency.max(1) {
            let (args, pending, next, results, decided) =
                (&args, &pending, &next, &results, &decided);
            let (entrants, schedule, settings) = (&entrants, &schedule, &settings);
            let scheduled_start = &scheduled_start;
            handles.push(scope.spawn(move || -> anyhow::Result<()> {
                // This worker's players, each started when first needed.
                let mut players: Vec<Option<Box<dyn Player>>> =
                    entrants.iter().map(|_| None).collect();
                let take = |players: &mut Vec<Option<Box<dyn Player>>>,
                            index: usize|
                 -> anyhow::Result<Box<dyn Player>> {
                    if let Some(player) = players[index].take() {
                        return Ok(player);
                    }
                    let entrant = &entrants[index];
                    let player =
                        entrant
                            .spec
                            .player(&settings(index, worker))
                            .with_context(|| {
                                format!(
                                    "starting player {} ({}: {})",
                                    letter(index),
                                    entrant.name,
                                    entrant.spec
                                )
                            })?;
                    if args.cpu_time && player.cpu_time().is_none() {
                        bail!(
                            "--cpu-time: player {} cannot tell its CPU time",
                            entrant.spec
                        );
                    }
                    Ok(player)
                };
                loop {
                    if decided.load(Ordering::SeqCst) {
                        return Ok(());
                    }
                    let Some(&i) = pending.get(next.fetch_add(1, Ordering::SeqCst)) else {
                        return Ok(());
                    };
                    let start = scheduled_start(i);
                    let game = schedule.game(i);
                    let mut white = take(&mut players, game.white)?;
                    let mut black = take(&mut players, game.black)?;
                    let played = play_game(
                        i,
                        start,
                        BySide::new(&mut *white, &mut *black),
                        BySide::new(&entrants[game.white], &entrants[game.black]),
                        BySide::new(game.white, game.black),
                        pace,
                    );
                    players[game.white] = Some(white);
                    players[game.black] = Some(black);
                    let record = played.record;
                    let winner = record.result.winner.unwrap_or(Side::First);
                    let (wins, finished) = {
                        let mut results = results.lock().expect("results");
                        results.push(Finished {
                            white: game.white,
                            black: game.black,
                            record: record.clone(),
                        });
                        (wins_of_first(&results), results.len())
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
                    let tally = if round_robin {
                        format!("{finished} of {games} played")
                    } else {
                        format!("{}: {wins}/{finished}{test}", entrants[0].name)
                    };
                    println!(
                        "game {:>3}: {} (white) vs {} (black): {} wins ({}, {} plies) | {tally}",
                        i + 1,
                        record.white.name,
                        record.black.name,
                        winner,
                        played.reason,
                        record.moves.len(),
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
    let ratings = standings::ratings(&entrants, &results);
    println!("----");
    if round_robin {
        println!(
            "round robin of {} players: {n} games, white won {white_wins}",
            entrants.len()
        );
        println!(
            "lost on time {}, by an illegal move {}, by an engine failure {}",
            count(EndReason::Time),
            count(EndReason::IllegalMove),
            count(EndReason::EngineFailure),
        );
        print!("{}", standings::tables(&entrants, &results, &ratings));
        println!(
            "Glicko-2 by lichess's parameters, {} games folded in the order played.",
            ratings.games()
        );
    } else {
        let a_wins = wins_of_first(&results);
        let (name_a, name_b) = (&entrants[0].name, &entrants[1].name);
        let (s, lo, hi, e, elo_lo, elo_hi) = score_summary(a_wins, n);
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
        println!("{}", standings::glicko_line(&entrants, &ratings));
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
            if let Some((k, verdict, llr)) = first_verdict(sprt, &results)
                && k < n
            {
                // The games under way when the test decided were played out.
                println!(
                    "SPRT decided at game {k} of the {n} (in the order they ended): {verdict}, LLR {llr:+.2}"
                );
            }
        }
    }
    let clock = if args.cpu_time { "CPU" } else { "wall" };
    for (index, entrant) in entrants.iter().enumerate() {
        let times = move_times(&results, index);
        if let Some(t) = TimeStats::of(&times, pace.movetime.map(|m| m.of(index) + m.margin)) {
            println!(
                "{}: {} moves, {clock} time per move: mean {:.0} ms, median {} ms, 99th percentile {} ms, max {} ms{}",
                entrant.name,
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

/// The times (ms) of every move player `player` made, from the records.
fn move_times(results: &[Finished], player: usize) -> Vec<u64> {
    let mut times = Vec::new();
    for f in results {
        let side = if f.white == player {
            Side::First
        } else if f.black == player {
            Side::Second
        } else {
            continue;
        };
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

/// How many of `results` the first player (A, of a match of two) won.
fn wins_of_first(results: &[Finished]) -> usize {
    results.iter().filter(|f| f.winner() == Some(0)).count()
}

/// Where a sequential test over `results` (in the order the games ended)
/// first decided: the number of games then, the verdict and the LLR; `None`
/// when it never did. The match stops there, but games already under way
/// are played out, and their results can take the final LLR back inside
/// the bounds: the test's answer is the one at the crossing.
fn first_verdict(sprt: &Sprt, results: &[Finished]) -> Option<(usize, Verdict, f64)> {
    let mut wins = 0;
    for (k, finished) in results.iter().enumerate() {
        wins += usize::from(finished.winner() == Some(0));
        let verdict = sprt.verdict(wins, k + 1 - wins);
        if verdict != Verdict::Continue {
            return Some((k + 1, verdict, sprt.llr(wins, k + 1 - wins)));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_that_decided_says_so_though_the_games_under_way_moved_the_llr_back() {
        use amazons_core::Side;
        let sprt: Sprt = "0,20".parse().unwrap();
        // Player 0 wins the first 120 games, then loses 3 under way.
        let results: Vec<Finished> = (0..123)
            .map(|k| {
                let winner = if k < 120 { Side::First } else { Side::Second };
                crate::arena::standings::tests::finished(0, 1, winner, k)
            })
            .collect();
        let (k, verdict, llr) = first_verdict(&sprt, &results).unwrap();
        assert_eq!(verdict, Verdict::H1);
        assert!(llr >= sprt.bounds().1, "{llr}");
        assert!(k < 120, "decided before the losses: {k}");
        let even: Vec<Finished> = (0..20)
            .map(|k| {
                let winner = if k % 2 == 0 {
                    Side::First
                } else {
                    Side::Second
                };
                crate::arena::standings::tests::finished(0, 1, winner, k)
            })
            .collect();
        assert_eq!(first_verdict(&sprt, &even), None, "undecided");
    }

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
            adjudicate: false,
        };
        let t0 = Instant::now();
        let mut game = Game::new(control);
        game.start(t0);
        let budget = pace.budget(&game, t0 + Duration::from_secs(2), BySide::new(0, 1));
        let clocks = budget.clocks.unwrap();
        assert_eq!(
            clocks.remaining,
            BySide::new(Duration::from_secs(8), Duration::from_secs(10))
        );
        assert_eq!(clocks.increment, BySide::both(Duration::from_millis(100)));
        assert_eq!(budget.movetime, None, "the clocks, raw");
        let untimed = Pace {
            control: TimeControl::Untimed,
            movetime: Some(MoveTime {
                first: Duration::from_millis(100),
                others: Duration::from_millis(100),
                margin: Duration::from_millis(50),
            }),
            cpu_time: false,
            adjudicate: false,
        };
        let mut game = Game::new(TimeControl::Untimed);
        assert_eq!(
            untimed.budget(&game, t0, BySide::new(0, 1)),
            ThinkBudget::movetime(Duration::from_millis(100))
        );
        // Time odds: each side gets its own player's time, whichever seat.
        let odds = Pace {
            movetime: Some(MoveTime {
                first: Duration::from_millis(250),
                others: Duration::from_millis(1000),
                margin: Duration::from_millis(50),
            }),
            ..untimed
        };
        let a_black = BySide::new(1, 0);
        assert_eq!(
            odds.budget(&game, t0, a_black),
            ThinkBudget::movetime(Duration::from_millis(1000)),
            "white is B"
        );
        let m = Position::start().legal_moves()[0];
        game.start(t0);
        game.play(m, t0).unwrap();
        assert_eq!(
            odds.budget(&game, t0, a_black),
            ThinkBudget::movetime(Duration::from_millis(250)),
            "black is A"
        );
        assert_eq!(
            odds.budget(&game, t0, BySide::new(0, 1)),
            ThinkBudget::movetime(Duration::from_millis(1000))
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
