//! `amazons-loadgen`: load for `amazons-server`.
//!
//! - `play`: M concurrent matches (2 connections each) playing random legal
//!   moves as fast as the server allows, one game after another, for a given
//!   time; reports moves per second, the move round trip (sending a move to
//!   receiving its `move_played`) at p50/p99/max, and the server's memory.
//!   `--computer-games N` adds N games against the server's computer
//!   opponent (one connection each, random moves at once), to measure the
//!   human matches while the computer thinks; their figures are reported
//!   apart. `--initial-fen` starts every human match from a set-up position
//!   instead: one walled off into a region a side (or nearly) makes every
//!   move count the territory, the server's dearest work after a move.
//! - `idle`: N connections that say hello and then only answer pings;
//!   reports the server's memory per connection.
//! - `history`: writes N synthetic finished rated games among P players
//!   into a directory (module `history`), to time a server's start-up
//!   (ratings folded from every record) on a large history.
//! - `players`: the latency of `GET /api/players` on a running server
//!   (module `players`): median, p99 and maximum.
//! - `tournament`: one Swiss of N keyed entrants on raw connections playing
//!   random moves, from creation to the end (module `tournament`): rounds,
//!   wall time, round lengths, and the move round trip while it runs.
//!
//! The server's memory is its VmRSS from /proc/<pid>/status (Linux), given
//! `--server-pid`.

mod history;
mod players;
mod tournament;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use amazons_core::{PlayerKind, Position, Side, TimeControl};
use amazons_protocol::{
    ClientMessage, ColorPreference, ComputerRequest, ErrorCode, MatchId, MatchStatus, ServerMessage,
};
use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use rand::seq::IndexedRandom;
use tokio::sync::{Mutex, Semaphore};
use tokio_tungstenite::tungstenite::Message;

/// Load generator for amazons-server.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// WebSocket URL of the server.
    #[arg(long, default_value = "ws://127.0.0.1:7878/ws")]
    url: String,
    /// The server's process id, to report its memory (VmRSS).
    #[arg(long)]
    server_pid: Option<u32>,
    /// Connections opened at the same time while connecting.
    #[arg(long, default_value_t = 200)]
    connect_concurrency: usize,
    #[command(subcommand)]
    mode: Mode,
}

#[derive(Subcommand)]
enum Mode {
    /// Concurrent matches of random legal moves.
    Play {
        /// Concurrent matches.
        #[arg(long, default_value_t = 100)]
        matches: usize,
        /// How long to play, in seconds.
        #[arg(long, default_value_t = 20)]
        seconds: u64,
        /// Pause before each move, in milliseconds (0 = as fast as possible;
        /// 210 stays under the default rate limit of 100 messages per 20 s).
        #[arg(long, default_value_t = 0)]
        think_ms: u64,
        /// Games against the server's computer opponent at the same time
        /// (their round trips are reported apart).
        #[arg(long, default_value_t = 0)]
        computer_games: usize,
        /// The computer's level in those games.
        #[arg(long, default_value_t = amazons_core::Level::MAX)]
        computer_level: amazons_core::Level,
        /// The computer's think time per move in those games, ms.
        #[arg(long, default_value_t = 1000)]
        computer_think_ms: u64,
        /// A configured engine to play instead of a level (its name).
        #[arg(long)]
        computer_engine: Option<String>,
        /// The position every human match starts from (create_match's
        /// `initial_fen`), say a separated or nearly separated one, so that
        /// the server counts the territory after the moves; the start
        /// position when not given.
        #[arg(long)]
        initial_fen: Option<String>,
    },
    /// Writes synthetic finished rated games into a history directory.
    History {
        /// Games to write.
        #[arg(long, default_value_t = 10_000)]
        games: usize,
        /// Players they are played among.
        #[arg(long, default_value_t = 1_000)]
        players: usize,
        /// The directory (a server's `--history-dir`); created if missing.
        #[arg(long)]
        out: PathBuf,
        /// Seed of the games and players (the same seed writes the same
        /// players).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Moves of each game before the side to move resigns: 0 (the
        /// default) for 1 to 11 at random, else this many (fewer when the
        /// game ends first), say 80 for games to analyse.
        #[arg(long, default_value_t = 0)]
        plies: usize,
    },
    /// Latency of GET /api/players on a running server.
    Players {
        /// Requests to send, one after another.
        #[arg(long, default_value_t = 2_000)]
        requests: usize,
        /// Players per page.
        #[arg(long, default_value_t = 20)]
        per_page: u32,
    },
    /// One Swiss tournament of keyed entrants playing random moves, run by
    /// the server from its creation to its end.
    Tournament {
        /// Entrants.
        #[arg(long, default_value_t = 64)]
        entrants: usize,
        /// Swiss rounds.
        #[arg(long, default_value_t = 6)]
        rounds: u32,
        /// Every game's clock (`MIN+SEC` or `untimed`).
        #[arg(long, default_value = "1+1")]
        time: TimeControl,
        /// Pause before each move, in milliseconds (a game's connection
        /// stays under the default rate limit even at 0).
        #[arg(long, default_value_t = 20)]
        think_ms: u64,
    },
    /// Idle connections.
    Idle {
        /// Connections to open.
        #[arg(long, default_value_t = 10_000)]
        connections: usize,
        /// How long to hold them, in seconds.
        #[arg(long, default_value_t = 10)]
        hold_seconds: u64,
    },
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn rss_kib(pid: Option<u32>) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// CPU time (user + system) the process has used, in seconds, from
/// /proc/<pid>/stat (clock ticks, assumed 100 per second as on Linux).
fn cpu_seconds(pid: Option<u32>) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid?)).ok()?;
    let after_name = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

async fn send(ws: &mut Ws, message: &ClientMessage) -> anyhow::Result<()> {
    ws.send(Message::text(message.encode())).await?;
    Ok(())
}

async fn recv(ws: &mut Ws) -> anyhow::Result<ServerMessage> {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(text))) => return Ok(ServerMessage::decode(&text)?),
            Some(Ok(Message::Close(frame))) => bail!("closed by the server: {frame:?}"),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.into()),
            None => bail!("connection ended"),
        }
    }
}

/// Connects and says hello as `name` (with `key`, when the player needs an
/// identity: a tournament entrant).
async fn connect_as(
    url: &str,
    name: &str,
    key: Option<amazons_protocol::PlayerKey>,
) -> anyhow::Result<Ws> {
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .context("connect")?;
    send(
        &mut ws,
        &ClientMessage::Hello {
            key,
            protocol: 1,
            name: name.into(),
            kind: PlayerKind::Bot,
            client: Some("amazons-loadgen".into()),
            legal_moves: false,
        },
    )
    .await?;
    match recv(&mut ws).await? {
        ServerMessage::Welcome { .. } => Ok(ws),
        other => bail!("expected welcome, got {other:?}"),
    }
}

/// Connects and says hello as `name`, a guest.
async fn connect(url: &str, name: &str) -> anyhow::Result<Ws> {
    connect_as(url, name, None).await
}

/// Counters shared by all players.
struct Stats {
    moves: AtomicU64,
    games: AtomicU64,
    errors: AtomicU64,
    latency: Mutex<Histogram<u64>>,
}

/// One player: plays its side of one game; records its own round trips.
async fn play_side(
    ws: &mut Ws,
    (match_id, start): (MatchId, Position),
    me: Side,
    think: Duration,
    stats: &Stats,
    local: &mut Histogram<u64>,
) -> anyhow::Result<()> {
    let mut position = start;
    let mut sent_at: Option<Instant> = None;
    let mut rng = rand::rngs::SmallRng::from_os_rng();
    let mut moves = Vec::new();
    let mut started = false;
    loop {
        if started && position.turn() == me && sent_at.is_none() && !position.is_game_over() {
            if !think.is_zero() {
                tokio::time::sleep(think).await;
            }
            position.legal_moves_into(&mut moves);
            let mv = *moves.choose(&mut rng).context("no move")?;
            sent_at = Some(Instant::now());
            send(
                ws,
                &ClientMessage::Move {
                    match_id,
                    ply: position.ply(),
                    mv: mv.to_string(),
                    token: None,
                },
            )
            .await?;
        }
        match recv(ws).await? {
            ServerMessage::MovePlayed { mv, side, .. } => {
                position = position.play(mv.parse()?)?;
                if side == me {
                    if let Some(at) = sent_at.take() {
                        let _ = local.record(at.elapsed().as_micros() as u64);
                    }
                    stats.moves.fetch_add(1, Ordering::Relaxed);
                }
            }
            ServerMessage::GameStarted { .. } => started = true,
            // A seat taken second (a tournament game's) may find the game
            // already on.
            ServerMessage::Snapshot(snapshot) if snapshot.status == MatchStatus::Playing => {
                started = true;
            }
            ServerMessage::GameOver { .. } => {
                if sent_at.is_some() {
                    // A move sent as the server ended the game (on
                    // territory) is refused as too late: read that refusal
                    // here, not as the next game's.
                    late_refusal(ws, stats).await?;
                }
                return Ok(());
            }
            ServerMessage::Error { code, message, .. } => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                bail!("refused: {code:?}: {message}");
            }
            _ => {}
        }
    }
}

/// Reads up to the `game_over` refusal of a move that came after its game
/// ended; any other refusal is an error.
async fn late_refusal(ws: &mut Ws, stats: &Stats) -> anyhow::Result<()> {
    loop {
        match recv(ws).await? {
            ServerMessage::Error {
                code: ErrorCode::GameOver,
                ..
            } => return Ok(()),
            ServerMessage::Error { code, message, .. } => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                bail!("refused: {code:?}: {message}");
            }
            _ => {}
        }
    }
}

use rand::SeedableRng;

/// One match slot: two connections playing game after game from `start`
/// (its FEN, when not the start position) until `until`.
async fn match_slot(
    url: String,
    n: usize,
    until: Instant,
    (think, start): (Duration, Option<(String, Position)>),
    stats: Arc<Stats>,
    gate: Arc<Semaphore>,
) -> anyhow::Result<()> {
    let (mut white, mut black) = {
        let _permit = gate.acquire().await?;
        (
            connect(&url, &format!("lw{n}")).await?,
            connect(&url, &format!("lb{n}")).await?,
        )
    };
    let mut local = Histogram::<u64>::new_with_bounds(1, 60_000_000, 3)?;
    let mut white_local = Histogram::<u64>::new_with_bounds(1, 60_000_000, 3)?;
    while Instant::now() < until {
        let fen = start.as_ref().map(|(fen, _)| fen.clone());
        let position = start.as_ref().map_or_else(Position::start, |(_, p)| *p);
        let (match_id, _) = create(&mut white, ColorPreference::White, None, fen).await?;
        send(
            &mut black,
            &ClientMessage::Join {
                match_id,
                seat: None,
            },
        )
        .await?;
        let (w, b) = tokio::join!(
            play_side(
                &mut white,
                (match_id, position),
                Side::First,
                think,
                &stats,
                &mut white_local
            ),
            play_side(
                &mut black,
                (match_id, position),
                Side::Second,
                think,
                &stats,
                &mut local
            ),
        );
        w?;
        b?;
        stats.games.fetch_add(1, Ordering::Relaxed);
        // Done with it: leaving lets the server clear the match away at once.
        send(&mut white, &ClientMessage::Leave { match_id }).await?;
        send(&mut black, &ClientMessage::Leave { match_id }).await?;
    }
    let mut all = stats.latency.lock().await;
    all.add(&local)?;
    all.add(&white_local)?;
    Ok(())
}

/// One game slot against the computer: one connection playing random moves
/// at once (no pause), game after game until `until`; the computer thinks
/// its own time. Records the connection's own move round trips in `stats`.
async fn computer_slot(
    url: String,
    n: usize,
    until: Instant,
    computer: ComputerRequest,
    stats: Arc<Stats>,
) -> anyhow::Result<()> {
    let mut ws = connect(&url, &format!("lc{n}")).await?;
    let mut local = Histogram::<u64>::new_with_bounds(1, 60_000_000, 3)?;
    while Instant::now() < until {
        let color = if n % 2 == 0 {
            ColorPreference::White
        } else {
            ColorPreference::Black
        };
        let (match_id, me) = create(&mut ws, color, Some(computer.clone()), None).await?;
        let start = (match_id, Position::start());
        play_side(&mut ws, start, me, Duration::ZERO, &stats, &mut local).await?;
        stats.games.fetch_add(1, Ordering::Relaxed);
        send(&mut ws, &ClientMessage::Leave { match_id }).await?;
    }
    stats.latency.lock().await.add(&local)?;
    Ok(())
}

/// Creates an untimed match (against `computer`, if given) asking for
/// `color`, from `initial_fen` if given; its id and the seat given.
async fn create(
    ws: &mut Ws,
    color: ColorPreference,
    computer: Option<ComputerRequest>,
    initial_fen: Option<String>,
) -> anyhow::Result<(MatchId, Side)> {
    let against = if computer.is_some() {
        " against the computer"
    } else {
        ""
    };
    send(
        ws,
        &ClientMessage::CreateMatch {
            end_when_decided: None,
            assistance: None,
            initial_fen,
            rated: None,
            time_control: TimeControl::Untimed,
            color,
            computer,
        },
    )
    .await?;
    loop {
        match recv(ws).await? {
            ServerMessage::Joined { match_id, seat, .. } => return Ok((match_id, seat)),
            ServerMessage::Error { code, message, .. } => {
                bail!("create_match{against} refused: {code:?}: {message}")
            }
            _ => {}
        }
    }
}

fn new_stats() -> anyhow::Result<Arc<Stats>> {
    Ok(Arc::new(Stats {
        moves: AtomicU64::new(0),
        games: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        latency: Mutex::new(Histogram::new_with_bounds(1, 60_000_000, 3)?),
    }))
}

async fn run_play(
    cli: &Cli,
    (matches, seconds, think_ms): (usize, u64, u64),
    (computer_games, computer): (usize, ComputerRequest),
    initial_fen: Option<&str>,
) -> anyhow::Result<()> {
    let set_up = match initial_fen {
        Some(fen) => Some((
            fen.to_string(),
            Position::from_fen(fen).map_err(|e| anyhow::anyhow!("--initial-fen {fen:?}: {e}"))?,
        )),
        None => None,
    };
    let stats = new_stats()?;
    let computer_stats = new_stats()?;
    let rss_before = rss_kib(cli.server_pid);
    let cpu_before = cpu_seconds(cli.server_pid);
    let own_cpu_before = cpu_seconds(Some(std::process::id()));
    let gate = Arc::new(Semaphore::new(cli.connect_concurrency / 2 + 1));
    let start = Instant::now();
    let until = start + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    let mut computer_tasks = Vec::new();
    for n in 0..computer_games {
        computer_tasks.push(tokio::spawn(computer_slot(
            cli.url.clone(),
            n,
            until,
            computer.clone(),
            Arc::clone(&computer_stats),
        )));
    }
    for n in 0..matches {
        tasks.push(tokio::spawn(match_slot(
            cli.url.clone(),
            n,
            until,
            (Duration::from_millis(think_ms), set_up.clone()),
            Arc::clone(&stats),
            Arc::clone(&gate),
        )));
    }
    // Sample the server's memory while the games run, to the end of the
    // last one (endgames, where the server counts the territory, come
    // after the time is up).
    let mut peak_rss = rss_before.unwrap_or(0);
    let playing = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let pid = cli.server_pid;
        let playing = Arc::clone(&playing);
        tokio::spawn(async move {
            let mut peak = 0;
            while playing.load(Ordering::Relaxed) {
                peak = peak.max(rss_kib(pid).unwrap_or(0));
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            peak
        })
    };
    let mut failures = 0;
    for task in tasks {
        match task.await? {
            Ok(()) => {}
            Err(e) => {
                failures += 1;
                if failures <= 5 {
                    eprintln!("match slot failed: {e:#}");
                }
            }
        }
    }
    let mut computer_failures = 0;
    for task in computer_tasks {
        if let Err(e) = task.await? {
            computer_failures += 1;
            eprintln!("computer game slot failed: {e:#}");
        }
    }
    playing.store(false, Ordering::Relaxed);
    peak_rss = peak_rss.max(sampler.await?);
    let elapsed = start.elapsed().as_secs_f64();
    let latency = stats.latency.lock().await;
    let moves = stats.moves.load(Ordering::Relaxed);
    println!(
        "mode: play  matches: {matches}  connections: {}  think: {think_ms} ms  from: {}",
        matches * 2,
        initial_fen.unwrap_or("the start")
    );
    println!(
        "elapsed {elapsed:.1} s  moves {moves}  games finished {}  moves/s {:.0}  failed slots {failures}  errors {}",
        stats.games.load(Ordering::Relaxed),
        moves as f64 / elapsed,
        stats.errors.load(Ordering::Relaxed)
    );
    println!(
        "move round trip: p50 {:.2} ms  p90 {:.2} ms  p99 {:.2} ms  max {:.2} ms  (samples {})",
        latency.value_at_quantile(0.50) as f64 / 1000.0,
        latency.value_at_quantile(0.90) as f64 / 1000.0,
        latency.value_at_quantile(0.99) as f64 / 1000.0,
        latency.max() as f64 / 1000.0,
        latency.len()
    );
    if computer_games > 0 {
        let c = computer_stats.latency.lock().await;
        println!(
            "games against the computer ({computer:?}): {computer_games} at once, {} finished, {} moves by their players, failed slots {computer_failures}; their players' move round trip p50 {:.2} ms  p99 {:.2} ms",
            computer_stats.games.load(Ordering::Relaxed),
            computer_stats.moves.load(Ordering::Relaxed),
            c.value_at_quantile(0.50) as f64 / 1000.0,
            c.value_at_quantile(0.99) as f64 / 1000.0,
        );
    }
    if let Some(before) = rss_before {
        println!(
            "server RSS: before {before} KiB  peak during play {peak_rss} KiB  after {} KiB",
            rss_kib(cli.server_pid).unwrap_or(0)
        );
    }
    if let (Some(before), Some(after)) = (cpu_before, cpu_seconds(cli.server_pid)) {
        let used = after - before;
        let own =
            cpu_seconds(Some(std::process::id())).unwrap_or(0.0) - own_cpu_before.unwrap_or(0.0);
        println!(
            "server CPU: {used:.1} s ({:.0}% of one core, {:.1} us per move); load generator CPU: {own:.1} s",
            100.0 * used / elapsed,
            1e6 * used / moves.max(1) as f64
        );
    }
    Ok(())
}

async fn run_idle(cli: &Cli, connections: usize, hold_seconds: u64) -> anyhow::Result<()> {
    let rss_before = rss_kib(cli.server_pid);
    let gate = Arc::new(Semaphore::new(cli.connect_concurrency));
    let start = Instant::now();
    let (done_tx, _) = tokio::sync::broadcast::channel::<()>(1);
    let mut tasks = Vec::new();
    let opened = Arc::new(AtomicU64::new(0));
    for n in 0..connections {
        let url = cli.url.clone();
        let gate = Arc::clone(&gate);
        let opened = Arc::clone(&opened);
        let mut done = done_tx.subscribe();
        tasks.push(tokio::spawn(async move {
            let mut ws = {
                let _permit = gate.acquire().await?;
                connect(&url, &format!("idle{n}")).await?
            };
            opened.fetch_add(1, Ordering::Relaxed);
            // Only read: that answers the server's pings.
            loop {
                tokio::select! {
                    _ = done.recv() => break,
                    frame = ws.next() => match frame {
                        Some(Ok(_)) => {}
                        _ => bail!("dropped by the server"),
                    }
                }
            }
            let _ = ws.close(None).await;
            Ok::<(), anyhow::Error>(())
        }));
    }
    // Wait until all are open (or failed), then hold.
    loop {
        let open = opened.load(Ordering::Relaxed) as usize;
        let finished = tasks.iter().filter(|t| t.is_finished()).count();
        if open + finished >= connections {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let connect_time = start.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(hold_seconds)).await;
    let rss_held = rss_kib(cli.server_pid);
    let still_open = tasks.iter().filter(|t| !t.is_finished()).count();
    let _ = done_tx.send(());
    let mut failures = 0;
    for task in tasks {
        if let Ok(Err(e)) = task.await {
            failures += 1;
            if failures <= 5 {
                eprintln!("connection failed: {e:#}");
            }
        }
    }
    println!(
        "mode: idle  connections asked {connections}  opened {}  still open after {hold_seconds} s hold: {still_open}  failures {failures}  connect time {connect_time:.1} s",
        opened.load(Ordering::Relaxed)
    );
    if let (Some(before), Some(held)) = (rss_before, rss_held) {
        let per = (held.saturating_sub(before)) as f64 / still_open.max(1) as f64;
        println!(
            "server RSS: before {before} KiB  holding {held} KiB  => {per:.1} KiB per idle connection"
        );
    }
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match &cli.mode {
        Mode::Play {
            matches,
            seconds,
            think_ms,
            computer_games,
            computer_level,
            computer_think_ms,
            computer_engine,
            initial_fen,
        } => {
            let computer = match computer_engine {
                Some(name) => ComputerRequest::engine(name.clone()),
                None => ComputerRequest::level(*computer_level),
            }
            .with_think_ms(*computer_think_ms);
            run_play(
                &cli,
                (*matches, *seconds, *think_ms),
                (*computer_games, computer),
                initial_fen.as_deref(),
            )
            .await
        }
        Mode::Idle {
            connections,
            hold_seconds,
        } => run_idle(&cli, *connections, *hold_seconds).await,
        Mode::History {
            games,
            players,
            out,
            seed,
            plies,
        } => history::write(out, *games, *players, *seed, *plies),
        Mode::Players { requests, per_page } => players::run(&cli.url, *requests, *per_page).await,
        Mode::Tournament {
            entrants,
            rounds,
            time,
            think_ms,
        } => {
            let plan = tournament::Plan {
                entrants: *entrants,
                rounds: *rounds,
                time_control: *time,
                think: Duration::from_millis(*think_ms),
            };
            tournament::run(&cli, plan).await
        }
    }
}
