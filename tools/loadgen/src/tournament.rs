//! `tournament`: one tournament of N entrants run by the server from its
//! creation to its end, each entrant a player key on raw WebSocket
//! connections playing random legal moves. It stands in for N `amazons-client
//! bot --tournament` processes the way they talk to the server: an
//! organiser connection creates the tournament and starts it once everyone
//! has joined; each entrant has a coordinating connection (hello with its
//! key, `join_tournament`, then it hears `tournament_game`) and plays each
//! game on a connection of its own (`join` of the reserved seat, random moves
//! after a pause, until `game_over`).
//!
//! Reports the rounds, the wall time from the start to `finished`, each
//! round's length, the longest wait between a round's last result and the
//! next round's pairings (as the organiser sees them), and the move round
//! trip (a move sent to its `move_played`) over every entrant's moves: that
//! is the server's responsiveness while the tournament runs.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use amazons_core::{Position, Side, TimeControl};
use amazons_protocol::tournament::{Format, TournamentId, TournamentStatus};
use amazons_protocol::{ClientMessage, MatchId, PlayerKey, ServerMessage};
use anyhow::{Context, bail};
use hdrhistogram::Histogram;
use tokio::sync::Semaphore;

use crate::{Stats, Ws, cpu_seconds, new_stats, play_side, recv, rss_kib, send};

/// What the tournament run is asked to do.
pub struct Plan {
    /// Entrants.
    pub entrants: usize,
    /// Swiss rounds.
    pub rounds: u32,
    /// Every game's clock.
    pub time_control: TimeControl,
    /// Pause before each move.
    pub think: Duration,
}

/// Connects and says hello as `name` with `key`.
async fn connect(url: &str, name: &str, key: PlayerKey) -> anyhow::Result<Ws> {
    crate::connect_as(url, name, Some(key)).await
}

/// A fresh player key.
fn key() -> PlayerKey {
    PlayerKey::from_bytes(rand::random())
}

/// One game of an entrant's, on its own connection.
async fn game(
    url: String,
    (name, key): (String, PlayerKey),
    (match_id, seat): (MatchId, Side),
    think: Duration,
    stats: Arc<Stats>,
) -> anyhow::Result<()> {
    let mut ws = connect(&url, &name, key).await?;
    send(
        &mut ws,
        &ClientMessage::Join {
            match_id,
            seat: Some(seat),
        },
    )
    .await?;
    let mut local = Histogram::<u64>::new_with_bounds(1, 60_000_000, 3)?;
    let played = play_side(
        &mut ws,
        (match_id, Position::start()),
        seat,
        think,
        &stats,
        &mut local,
    )
    .await;
    stats.latency.lock().await.add(&local)?;
    played.with_context(|| format!("{name} in {match_id}"))?;
    stats.games.fetch_add(1, Ordering::Relaxed);
    let _ = send(&mut ws, &ClientMessage::Leave { match_id }).await;
    Ok(())
}

/// One entrant: joins, then plays every game it is told of until the
/// tournament finishes.
async fn entrant(
    url: String,
    n: usize,
    id: TournamentId,
    think: Duration,
    stats: Arc<Stats>,
    gate: Arc<Semaphore>,
) -> anyhow::Result<()> {
    let name = format!("lt{n}");
    let key = key();
    let mut ws = {
        let _permit = gate.acquire().await?;
        connect(&url, &name, key.clone()).await?
    };
    send(
        &mut ws,
        &ClientMessage::JoinTournament { tournament_id: id },
    )
    .await?;
    let mut games = Vec::new();
    loop {
        match recv(&mut ws).await? {
            ServerMessage::TournamentGame {
                tournament_id,
                match_id,
                seat,
                ..
            } if tournament_id == id => {
                games.push(tokio::spawn(game(
                    url.clone(),
                    (name.clone(), key.clone()),
                    (match_id, seat),
                    think,
                    Arc::clone(&stats),
                )));
            }
            ServerMessage::TournamentUpdated { tournament }
                if tournament.summary.id == id
                    && tournament.summary.status == TournamentStatus::Finished =>
            {
                break;
            }
            ServerMessage::Error { code, message, .. } => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                bail!("{name} refused: {code:?}: {message}");
            }
            _ => {}
        }
    }
    for game in games {
        game.await??;
    }
    Ok(())
}

/// What the organiser saw of the rounds.
struct Timeline {
    /// When each round was paired, from the start.
    paired: Vec<Duration>,
    /// When each round's last result arrived, from the start.
    over: Vec<Duration>,
    /// When the tournament finished, from the start.
    finished: Duration,
    /// The final leader and their points.
    winner: Option<(String, u32)>,
}

/// Watches the tournament from the start to its end.
async fn follow(ws: &mut Ws, id: TournamentId, start: Instant) -> anyhow::Result<Timeline> {
    let mut paired = Vec::new();
    let mut over = Vec::new();
    loop {
        let ServerMessage::TournamentUpdated { tournament } = recv(ws).await? else {
            continue;
        };
        if tournament.summary.id != id {
            continue;
        }
        let now = start.elapsed();
        while paired.len() < tournament.rounds.len() {
            paired.push(now);
        }
        let done = tournament
            .rounds
            .iter()
            .take_while(|r| r.games.iter().all(|g| g.result.is_some()))
            .count();
        while over.len() < done {
            over.push(now);
        }
        if tournament.summary.status == TournamentStatus::Finished {
            let winner = tournament
                .standings
                .first()
                .map(|row| (row.name.clone(), row.points));
            return Ok(Timeline {
                paired,
                over,
                finished: now,
                winner,
            });
        }
    }
}

/// Runs the tournament and prints its figures.
pub async fn run(cli: &crate::Cli, plan: Plan) -> anyhow::Result<()> {
    let stats = new_stats()?;
    let mut organiser = connect(&cli.url, "lt-organiser", key()).await?;
    send(
        &mut organiser,
        &ClientMessage::CreateTournament {
            title: Some(format!("loadgen swiss of {}", plan.entrants)),
            format: Format::Swiss {
                rounds: plan.rounds,
            },
            time_control: plan.time_control,
            rated: false,
            entry_list: None,
            computers: Vec::new(),
        },
    )
    .await?;
    let id = loop {
        match recv(&mut organiser).await? {
            ServerMessage::TournamentCreated { tournament_id } => break tournament_id,
            ServerMessage::Error { code, message, .. } => {
                bail!("create_tournament refused: {code:?}: {message}")
            }
            _ => {}
        }
    };
    let gate = Arc::new(Semaphore::new(cli.connect_concurrency));
    let entrants: Vec<_> = (0..plan.entrants)
        .map(|n| {
            tokio::spawn(entrant(
                cli.url.clone(),
                n,
                id,
                plan.think,
                Arc::clone(&stats),
                Arc::clone(&gate),
            ))
        })
        .collect();
    // Everyone in: the organiser watches since it created the tournament.
    loop {
        if let ServerMessage::TournamentUpdated { tournament } = recv(&mut organiser).await? {
            if tournament.entrants.len() >= plan.entrants {
                break;
            }
        }
    }
    let rss_before = rss_kib(cli.server_pid);
    let cpu_before = cpu_seconds(cli.server_pid);
    let start = Instant::now();
    send(
        &mut organiser,
        &ClientMessage::StartTournament { tournament_id: id },
    )
    .await?;
    let timeline = follow(&mut organiser, id, start).await?;
    let mut failures = 0;
    for entrant in entrants {
        if let Err(e) = entrant.await? {
            failures += 1;
            if failures <= 5 {
                eprintln!("entrant failed: {e:#}");
            }
        }
    }
    let latency = stats.latency.lock().await;
    println!(
        "mode: tournament  swiss of {} entrants, {} rounds, {} a game, think {} ms",
        plan.entrants,
        timeline.paired.len(),
        plan.time_control,
        plan.think.as_millis()
    );
    println!(
        "wall time from start to finished: {:.1} s  games {}  moves {}  failed entrants {failures}  errors {}",
        timeline.finished.as_secs_f64(),
        stats.games.load(Ordering::Relaxed) / 2,
        stats.moves.load(Ordering::Relaxed),
        stats.errors.load(Ordering::Relaxed)
    );
    let mut longest_gap = Duration::ZERO;
    for (r, (paired, over)) in timeline.paired.iter().zip(&timeline.over).enumerate() {
        if let Some(next) = timeline.paired.get(r + 1) {
            longest_gap = longest_gap.max(next.saturating_sub(*over));
        }
        println!(
            "round {}: paired at {:.2} s, last result at {:.2} s ({:.1} s)",
            r + 1,
            paired.as_secs_f64(),
            over.as_secs_f64(),
            (*over - *paired).as_secs_f64()
        );
    }
    println!(
        "longest wait from a round's last result to the next round's pairings: {:.1} ms",
        longest_gap.as_secs_f64() * 1000.0
    );
    if let Some((name, points)) = &timeline.winner {
        println!("first in the standings: {name} with {points} points");
    }
    println!(
        "move round trip: p50 {:.2} ms  p90 {:.2} ms  p99 {:.2} ms  max {:.2} ms  (samples {})",
        latency.value_at_quantile(0.50) as f64 / 1000.0,
        latency.value_at_quantile(0.90) as f64 / 1000.0,
        latency.value_at_quantile(0.99) as f64 / 1000.0,
        latency.max() as f64 / 1000.0,
        latency.len()
    );
    if let Some(before) = rss_before {
        println!(
            "server RSS: before the start {before} KiB  after the end {} KiB",
            rss_kib(cli.server_pid).unwrap_or(0)
        );
    }
    if let (Some(before), Some(after)) = (cpu_before, cpu_seconds(cli.server_pid)) {
        let used = after - before;
        println!(
            "server CPU: {used:.1} s ({:.0}% of one core over the wall time)",
            100.0 * used / timeline.finished.as_secs_f64().max(0.001)
        );
    }
    if failures > 0 {
        bail!("{failures} entrants failed");
    }
    Ok(())
}
