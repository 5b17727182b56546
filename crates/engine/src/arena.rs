//! The arena: plays matches between two players and measures the result.
//!
//! Players are built-in levels (`level:6`, `random`, `baseline`, `ab` for the
//! alpha-beta level 6, `full` or `mcts` for the Monte-Carlo level 7), level 6
//! with other selectivity (`level:6:root=24,inner=10`), level 7 with other
//! Monte-Carlo knobs (`mcts:c=30,width=24,playout=2`; see [`crate::mcts`]) or
//! external UCI engines (`uci:<command line>`), spawned as child processes and
//! spoken to in the Fairy-Stockfish Amazons dialect. Each opening of the openings file is
//! played twice with colours swapped. Every move is checked through
//! `amazons-core`: an illegal move, a missing answer or a move later than the
//! budget plus the margin loses the game. Results come with a 95% confidence
//! interval and an Elo difference; games can be written as core
//! [`GameRecord`]s.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use amazons_core::{
    EndReason, GameRecord, Move, Outcome, PlayerInfo, PlayerKind, Position, RECORD_SCHEMA_VERSION,
    RecordedMove, START_FEN, Side, TimeControl,
};
use anyhow::{Context, bail};

use crate::{ClockLimits, Engine, EngineConfig, SearchLimits};

/// The openings shipped with the crate (see `data/README.md` for how they were made).
pub const DEFAULT_OPENINGS: &str = include_str!("../data/openings.txt");

/// Arguments of `amazons-engine arena`.
#[derive(clap::Args, Debug, Clone)]
pub struct ArenaArgs {
    /// First player: `level:N` (1-7), `random` (1), `baseline` (3), `ab` or
    /// `alphabeta` (6), `full` or `mcts` (7), `level:6:root=..,inner=..`
    /// (alpha-beta level with other selectivity),
    /// `mcts:c=..,width=..,qwidth=..,rwidth=..,rqwidth=..,playout=..,scale=..,expand=..,prior=..,widen=..`
    /// (Monte-Carlo level 7 with other knobs), or `uci:<command>`.
    #[arg(long)]
    pub a: String,
    /// Second player, same forms.
    #[arg(long)]
    pub b: String,
    /// Number of games (rounded up to an even number: each opening twice).
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Fixed time per move in milliseconds (default 100 unless --tc is given).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Fischer clock `SECONDS+INCREMENT` (e.g. `10+0.1`), instead of --movetime.
    #[arg(long)]
    pub tc: Option<String>,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub concurrency: usize,
    /// Openings file (one FEN per line, `#` comments); default: the shipped set.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Directory to write each game's record (JSON) into.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Lateness allowed beyond the budget, in milliseconds, before a move loses on time.
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
}

/// A player specification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A built-in level.
    Level(u8),
    /// The alpha-beta level 6 with other selectivity
    /// (`level:6:root=24,inner=10,queen=6`), for tuning experiments.
    Tuned(crate::Tuning),
    /// The Monte-Carlo level 7 with other knobs (`mcts:c=30,width=24,...`),
    /// for tuning experiments (`mcts` alone is `Level(7)`).
    Mcts(crate::mcts::MctsParams),
    /// An external UCI engine command line.
    Uci(String),
}

impl PlayerSpec {
    /// Parses `level:N`, `levelN`, `random`, `baseline`, `ab`, `alphabeta`,
    /// `full`, `mcts`, `level:6:knobs`, `mcts:knobs` or `uci:<cmd>`.
    pub fn parse(text: &str) -> anyhow::Result<PlayerSpec> {
        let t = text.trim();
        if let Some(cmd) = t.strip_prefix("uci:") {
            return Ok(PlayerSpec::Uci(cmd.to_string()));
        }
        if let Some(opts) = t.strip_prefix("mcts:") {
            let mut p = crate::mcts::MctsParams::default();
            for kv in opts.split(',') {
                let (k, v) = kv.split_once('=').context("mcts options are key=value")?;
                let v: usize = v.parse().with_context(|| format!("bad value in `{kv}`"))?;
                let v32 = u32::try_from(v).with_context(|| format!("`{kv}` is too large"))?;
                match k {
                    "c" => p.exploration_pct = v32,
                    "width" => p.width = v,
                    "qwidth" => p.queen_width = v,
                    "rwidth" => p.root_width = v,
                    "rqwidth" => p.root_queen_width = v,
                    "playout" => p.playout_plies = v32,
                    "scale" => p.scale_cp = v32.max(1),
                    "expand" => p.expand_visits = v32,
                    "prior" => p.prior_visits = v32,
                    "widen" => p.widen = v32,
                    _ => bail!(
                        "unknown mcts option `{k}` (c, width, qwidth, rwidth, rqwidth, playout, scale, expand, prior, widen)"
                    ),
                }
            }
            if p.width == 0 || p.queen_width == 0 || p.root_width == 0 || p.root_queen_width == 0 {
                bail!("mcts widths must be at least 1");
            }
            if p == crate::mcts::MctsParams::default() {
                return Ok(PlayerSpec::Level(crate::MAX_LEVEL));
            }
            return Ok(PlayerSpec::Mcts(p));
        }
        if let Some((head, opts)) = t.rsplit_once(':') {
            if opts.contains('=') {
                if PlayerSpec::parse(head)? != PlayerSpec::Level(crate::ALPHA_BETA_LEVEL) {
                    bail!(
                        "only the alpha-beta level {} takes tuning options (`mcts:..` tunes level {})",
                        crate::ALPHA_BETA_LEVEL,
                        crate::MAX_LEVEL
                    );
                }
                let mut tuning = crate::Tuning::default();
                for kv in opts.split(',') {
                    let (k, v) = kv.split_once('=').context("tuning options are key=value")?;
                    let v: usize = v.parse().with_context(|| format!("bad value in `{kv}`"))?;
                    match k {
                        "root" => tuning.root_width = v,
                        "inner" => tuning.inner_width = v,
                        "queen" => tuning.queen_width = v,
                        "qeval" => tuning.queen_eval_depth = v as i32,
                        "aeval" => tuning.arrow_eval_depth = v as i32,
                        "kappa" => tuning.kappa_pct = v as i32,
                        "mob" => tuning.mobility_pct = v as i32,
                        _ => bail!(
                            "unknown tuning option `{k}` (root, inner, queen, qeval, aeval, kappa, mob)"
                        ),
                    }
                }
                return Ok(PlayerSpec::Tuned(tuning));
            }
        }
        let level = match t {
            "random" => 1,
            "baseline" => 3,
            "ab" | "alphabeta" => crate::ALPHA_BETA_LEVEL,
            "full" | "mcts" => crate::MAX_LEVEL,
            _ => {
                let n = t.trim_start_matches("level").trim_start_matches(':');
                n.parse::<u8>()
                    .with_context(|| format!("unknown player `{t}`"))?
            }
        };
        if !(1..=crate::MAX_LEVEL).contains(&level) {
            bail!("level must be 1 to {}", crate::MAX_LEVEL);
        }
        Ok(PlayerSpec::Level(level))
    }

    /// A short name for tables and records.
    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Level(n) => format!("level{n}"),
            PlayerSpec::Tuned(t) => format!(
                "ab-r{}-i{}-q{}-qe{}-ae{}-k{}-m{}",
                t.root_width,
                t.inner_width,
                t.queen_width,
                t.queen_eval_depth,
                t.arrow_eval_depth,
                t.kappa_pct,
                t.mobility_pct
            ),
            PlayerSpec::Mcts(p) => format!(
                "mcts-c{}-w{}-q{}-rw{}-rq{}-p{}-s{}-e{}-pr{}-wi{}",
                p.exploration_pct,
                p.width,
                p.queen_width,
                p.root_width,
                p.root_queen_width,
                p.playout_plies,
                p.scale_cp,
                p.expand_visits,
                p.prior_visits,
                p.widen
            ),
            PlayerSpec::Uci(cmd) => cmd.split_whitespace().next().unwrap_or("uci").to_string(),
        }
    }
}

/// How much time a move gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Fixed time per move.
    PerMove(Duration),
    /// Fischer clock.
    Fischer {
        /// Starting time.
        initial: Duration,
        /// Increment per move.
        increment: Duration,
    },
}

/// One side of a game in progress.
trait Player {
    fn new_game(&mut self) -> anyhow::Result<()>;
    fn choose(
        &mut self,
        start_fen: &str,
        moves: &[Move],
        position: &Position,
        limits: &SearchLimits,
        deadline: Duration,
    ) -> anyhow::Result<Move>;
}

struct BuiltIn(Engine);

impl Player for BuiltIn {
    fn new_game(&mut self) -> anyhow::Result<()> {
        self.0.new_game();
        Ok(())
    }
    fn choose(
        &mut self,
        _: &str,
        _: &[Move],
        position: &Position,
        limits: &SearchLimits,
        _: Duration,
    ) -> anyhow::Result<Move> {
        let report = self.0.search(position, limits, &mut |_| {});
        report.best_move.context("engine returned no move")
    }
}

struct External {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl External {
    fn spawn(cmd: &str) -> anyhow::Result<External> {
        let mut parts = cmd.split_whitespace();
        let program = parts.next().context("empty UCI command")?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start `{cmd}`"))?;
        let stdin = child.stdin.take().context("no stdin")?;
        let stdout = child.stdout.take().context("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = External {
            child,
            stdin,
            lines: rx,
        };
        e.send("uci")?;
        e.wait_for("uciok", Duration::from_secs(10))?;
        e.send("setoption name UCI_Variant value amazons")?;
        e.send("isready")?;
        e.wait_for("readyok", Duration::from_secs(10))?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()?;
        Ok(())
    }

    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> anyhow::Result<String> {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => bail!("no `{prefix}` within {timeout:?}"),
                Err(RecvTimeoutError::Disconnected) => bail!("engine exited"),
            }
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Player for External {
    fn new_game(&mut self) -> anyhow::Result<()> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(10))?;
        Ok(())
    }
    fn choose(
        &mut self,
        start_fen: &str,
        moves: &[Move],
        position: &Position,
        limits: &SearchLimits,
        deadline: Duration,
    ) -> anyhow::Result<Move> {
        let mut cmd = format!("position fen {start_fen}");
        if !moves.is_empty() {
            cmd.push_str(" moves");
            for m in moves {
                cmd.push_str(&format!(" {}", m.uci()));
            }
        }
        self.send(&cmd)?;
        let go = if let Some(mt) = limits.movetime {
            format!("go movetime {}", mt.as_millis())
        } else if let Some(c) = limits.clock {
            let (w, b, wi, bi) = if position.turn() == Side::First {
                (
                    c.remaining,
                    c.opponent_remaining,
                    c.increment,
                    c.opponent_increment,
                )
            } else {
                (
                    c.opponent_remaining,
                    c.remaining,
                    c.opponent_increment,
                    c.increment,
                )
            };
            format!(
                "go wtime {} btime {} winc {} binc {}",
                w.as_millis(),
                b.as_millis(),
                wi.as_millis(),
                bi.as_millis()
            )
        } else {
            "go movetime 1000".to_string()
        };
        self.send(&go)?;
        let line = self.wait_for("bestmove", deadline)?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        Move::from_uci(text).map_err(|e| anyhow::anyhow!("unreadable bestmove `{text}`: {e}"))
    }
}

fn make_player(spec: &PlayerSpec, threads: usize, seed: u64) -> anyhow::Result<Box<dyn Player>> {
    Ok(match spec {
        PlayerSpec::Level(level) => Box::new(BuiltIn(Engine::new(EngineConfig {
            level: *level,
            threads,
            hash_mb: 16,
            seed,
        }))),
        PlayerSpec::Tuned(t) => {
            let mut e = Engine::new(EngineConfig {
                level: crate::ALPHA_BETA_LEVEL,
                threads,
                hash_mb: 16,
                seed,
            });
            e.set_tuning(*t);
            Box::new(BuiltIn(e))
        }
        PlayerSpec::Mcts(p) => {
            let mut e = Engine::new(EngineConfig {
                level: crate::MAX_LEVEL,
                threads,
                hash_mb: 16,
                seed,
            });
            e.set_mcts_params(*p);
            Box::new(BuiltIn(e))
        }
        PlayerSpec::Uci(cmd) => Box::new(External::spawn(cmd)?),
    })
}

/// The result of one game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// Game number (0-based).
    pub index: usize,
    /// Whether player A played first (white).
    pub a_first: bool,
    /// The winner.
    pub winner: Side,
    /// Why the game ended.
    pub reason: String,
    /// The record.
    pub record: GameRecord,
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Plays one game between `white` and `black` from `start_fen`.
#[allow(clippy::too_many_arguments)]
fn play_game(
    index: usize,
    start_fen: &str,
    white: &mut dyn Player,
    black: &mut dyn Player,
    names: [String; 2],
    clock: Clock,
    margin: Duration,
) -> anyhow::Result<(Side, String, GameRecord)> {
    let start = Position::from_fen(start_fen)?;
    white.new_game()?;
    black.new_game()?;
    let started = now_ms();
    let mut position = start;
    let mut moves = Vec::new();
    let mut recorded = Vec::new();
    let mut clocks = match clock {
        Clock::PerMove(_) => [Duration::ZERO; 2],
        Clock::Fischer { initial, .. } => [initial; 2],
    };
    let (outcome, reason) = loop {
        if !position.has_legal_move() {
            break (
                Outcome::win(position.turn().opponent(), EndReason::NoLegalMove),
                "no legal move".to_string(),
            );
        }
        let side = position.turn();
        let (limits, budget) = match clock {
            Clock::PerMove(t) => (SearchLimits::movetime(t), t),
            Clock::Fischer { increment, .. } => (
                SearchLimits::clock(ClockLimits {
                    remaining: clocks[side.index()],
                    increment,
                    opponent_remaining: clocks[1 - side.index()],
                    opponent_increment: increment,
                }),
                clocks[side.index()],
            ),
        };
        let player: &mut dyn Player = if side == Side::First {
            &mut *white
        } else {
            &mut *black
        };
        let t0 = Instant::now();
        let answer = player.choose(
            start_fen,
            &moves,
            &position,
            &limits,
            budget + margin + Duration::from_secs(1),
        );
        let spent = t0.elapsed();
        let m = match answer {
            Ok(m) => m,
            Err(e) => {
                break (
                    Outcome::win(side.opponent(), EndReason::Time),
                    format!("{} failed: {e}", names[side.index()]),
                );
            }
        };
        if spent > budget + margin {
            break (
                Outcome::win(side.opponent(), EndReason::Time),
                format!(
                    "{} took {} ms for a {} ms budget",
                    names[side.index()],
                    spent.as_millis(),
                    budget.as_millis()
                ),
            );
        }
        let next = match position.play(m) {
            Ok(p) => p,
            Err(e) => {
                break (
                    Outcome::win(side.opponent(), EndReason::NoLegalMove),
                    format!("{} played an illegal move: {e}", names[side.index()]),
                );
            }
        };
        let clock_ms = if let Clock::Fischer { increment, .. } = clock {
            clocks[side.index()] = clocks[side.index()].saturating_sub(spent) + increment;
            Some(clocks[side.index()].as_millis() as u64)
        } else {
            None
        };
        recorded.push(RecordedMove {
            mv: m,
            time_ms: spent.as_millis() as u64,
            clock_ms,
        });
        moves.push(m);
        position = next;
    };
    let time_control = match clock {
        Clock::PerMove(_) => TimeControl::Untimed,
        Clock::Fischer { initial, increment } => TimeControl::Fischer {
            initial_ms: initial.as_millis() as u64,
            increment_ms: increment.as_millis() as u64,
        },
    };
    let [white_name, black_name] = names;
    let record = GameRecord {
        schema: RECORD_SCHEMA_VERSION,
        id: format!("arena-{started}-{index}"),
        white: PlayerInfo {
            name: white_name,
            kind: PlayerKind::Bot,
        },
        black: PlayerInfo {
            name: black_name,
            kind: PlayerKind::Bot,
        },
        started_at_ms: started,
        ended_at_ms: now_ms(),
        time_control,
        initial_fen: (start_fen != START_FEN).then(|| start.fen()),
        moves: recorded,
        result: outcome,
        final_fen: position.fen(),
    };
    Ok((outcome.winner.unwrap_or(Side::First), reason, record))
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
pub fn parse_openings(text: &str) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let p = Position::from_fen(line).with_context(|| format!("openings line {}", i + 1))?;
        out.push(p.fen());
    }
    if out.is_empty() {
        bail!("no openings");
    }
    Ok(out)
}

/// Runs `amazons-engine arena`.
pub fn run(args: ArenaArgs) -> anyhow::Result<()> {
    let a = PlayerSpec::parse(&args.a)?;
    let b = PlayerSpec::parse(&args.b)?;
    let clock = match (&args.tc, args.movetime) {
        (Some(tc), _) => {
            let (init, inc) = tc.split_once('+').unwrap_or((tc.as_str(), "0"));
            let init: f64 = init.parse().context("--tc SECONDS+INCREMENT")?;
            let inc: f64 = inc.parse().context("--tc SECONDS+INCREMENT")?;
            Clock::Fischer {
                initial: Duration::from_secs_f64(init),
                increment: Duration::from_secs_f64(inc),
            }
        }
        (None, mt) => Clock::PerMove(Duration::from_millis(mt.unwrap_or(100))),
    };
    let openings = match &args.openings {
        Some(path) => parse_openings(&std::fs::read_to_string(path)?)?,
        None => parse_openings(DEFAULT_OPENINGS)?,
    };
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir)?;
    }
    let games = args.games.div_ceil(2) * 2;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<GameResult>> = Mutex::new(Vec::new());
    let names = [a.name(), b.name()];
    let (names_a, names_b) = if names[0] == names[1] {
        (format!("{}-A", names[0]), format!("{}-B", names[1]))
    } else {
        (names[0].clone(), names[1].clone())
    };
    let tally = Arc::new(Mutex::new((0usize, 0usize)));
    println!(
        "arena: {names_a} vs {names_b}, {games} games, {clock:?}, concurrency {}, {} openings",
        args.concurrency,
        openings.len()
    );
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let mut handles = Vec::new();
        for worker in 0..args.concurrency.max(1) {
            let (a, b, openings, next, results, args, tally) =
                (&a, &b, &openings, &next, &results, &args, &tally);
            let (names_a, names_b) = (names_a.clone(), names_b.clone());
            handles.push(scope.spawn(move || -> anyhow::Result<()> {
                let mut pa = make_player(
                    a,
                    args.threads_a.unwrap_or(args.threads),
                    1000 + worker as u64,
                )?;
                let mut pb = make_player(
                    b,
                    args.threads_b.unwrap_or(args.threads),
                    2000 + worker as u64,
                )?;
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= games {
                        return Ok(());
                    }
                    let fen = &openings[(i / 2 + args.opening_offset) % openings.len()];
                    let a_first = i % 2 == 0;
                    let (white, black, names) = if a_first {
                        (&mut *pa, &mut *pb, [names_a.clone(), names_b.clone()])
                    } else {
                        (&mut *pb, &mut *pa, [names_b.clone(), names_a.clone()])
                    };
                    let (winner, reason, record) = play_game(
                        i,
                        fen,
                        white,
                        black,
                        names,
                        clock,
                        Duration::from_millis(args.margin_ms),
                    )?;
                    let a_won = (winner == Side::First) == a_first;
                    let (wins, played) = {
                        let mut t = tally.lock().expect("tally");
                        t.0 += usize::from(a_won);
                        t.1 += 1;
                        *t
                    };
                    println!(
                        "game {:>3}: {} (white) vs {} (black): {} wins ({}, {} plies) | {}: {}/{}",
                        i + 1,
                        record.white.name,
                        record.black.name,
                        winner,
                        reason,
                        record.moves.len(),
                        names_a,
                        wins,
                        played
                    );
                    if args.verbose {
                        println!("  {}", record.move_text());
                    }
                    if let Some(dir) = &args.out {
                        let path = dir.join(format!("game-{:04}.json", i + 1));
                        std::fs::write(&path, serde_json::to_string_pretty(&record)?)?;
                    }
                    results.lock().expect("results").push(GameResult {
                        index: i,
                        a_first,
                        winner,
                        reason,
                        record,
                    });
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
    let a_wins = results
        .iter()
        .filter(|r| (r.winner == Side::First) == r.a_first)
        .count();
    let n = results.len();
    let late = results
        .iter()
        .filter(|r| r.record.result.reason == EndReason::Time)
        .count();
    let white_wins = results.iter().filter(|r| r.winner == Side::First).count();
    let (s, lo, hi, e, elo_lo, elo_hi) = score_summary(a_wins, n);
    println!("----");
    println!(
        "{names_a} vs {names_b}: +{a_wins} -{} (of {n}); white won {white_wins}; {late} lost on time/failure",
        n - a_wins
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
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        assert_eq!(PlayerSpec::parse("level:3").unwrap(), PlayerSpec::Level(3));
        assert_eq!(PlayerSpec::parse("level6").unwrap(), PlayerSpec::Level(6));
        assert_eq!(PlayerSpec::parse("level:7").unwrap(), PlayerSpec::Level(7));
        assert_eq!(PlayerSpec::parse("random").unwrap(), PlayerSpec::Level(1));
        assert_eq!(PlayerSpec::parse("baseline").unwrap(), PlayerSpec::Level(3));
        assert_eq!(PlayerSpec::parse("ab").unwrap(), PlayerSpec::Level(6));
        assert_eq!(
            PlayerSpec::parse("alphabeta").unwrap(),
            PlayerSpec::Level(6)
        );
        assert_eq!(PlayerSpec::parse("full").unwrap(), PlayerSpec::Level(7));
        assert_eq!(
            PlayerSpec::parse("uci:foo --bar").unwrap(),
            PlayerSpec::Uci("foo --bar".into())
        );
        assert!(PlayerSpec::parse("level:8").is_err());
        assert!(PlayerSpec::parse("level:0").is_err());
        let tuned = PlayerSpec::Tuned(crate::Tuning {
            inner_width: 10,
            ..crate::Tuning::default()
        });
        assert_eq!(PlayerSpec::parse("level:6:inner=10").unwrap(), tuned);
        assert_eq!(PlayerSpec::parse("ab:inner=10").unwrap(), tuned);
        // Tuning options are alpha-beta knobs: level 7 and `full` refuse them.
        assert!(PlayerSpec::parse("level:7:inner=10").is_err());
        assert!(PlayerSpec::parse("full:inner=10").is_err());
    }

    #[test]
    fn mcts_specs_parse() {
        use crate::mcts::MctsParams;
        // `mcts` is level 7, with or without its default knobs spelt out.
        assert_eq!(PlayerSpec::parse("mcts").unwrap(), PlayerSpec::Level(7));
        assert_eq!(
            PlayerSpec::parse("mcts:c=15").unwrap(),
            PlayerSpec::Level(7)
        );
        assert_eq!(PlayerSpec::parse("mcts").unwrap().name(), "level7");
        assert_eq!(
            PlayerSpec::parse("mcts:c=50,playout=4").unwrap(),
            PlayerSpec::Mcts(MctsParams {
                exploration_pct: 50,
                playout_plies: 4,
                ..MctsParams::default()
            })
        );
        assert!(PlayerSpec::parse("mcts:foo=1").is_err());
        assert!(PlayerSpec::parse("mcts:width=0").is_err());
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
}
