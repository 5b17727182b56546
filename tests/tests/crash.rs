//! Crash safety: twenty games in flight (eighteen between reconnecting raw
//! clients, two against `amazons-client bot --fill` processes), the server
//! SIGKILLed at random moments (seeded) and restarted on the same port and
//! history directory each time. At the end every game has finished, every
//! move any client saw acknowledged is in its record, and every record in the
//! directory parses and replays.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use amazons_core::{EndReason, Side, TimeControl};
use amazons_e2e::player::{SeatPlan, SeatReport, play_seat};
use amazons_e2e::{ClientProcess, records};
use amazons_protocol::{ColorPreference, MatchId, ServerMessage};
use amazons_testkit::{StartedMatch, WsClient};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const MATCHES: usize = 20;
const BOT_MATCHES: usize = 2;
const KILLS: usize = 4;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_twenty_games_loses_no_acknowledged_move() {
    let seed = amazons_e2e::seed(2026);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut server = amazons_e2e::start_server(&[]);
    let url = server.url();
    let plan = |name: String, match_id, token, side, n: usize| SeatPlan {
        addr: server.addr(),
        name,
        match_id,
        token,
        side,
        pace_ms: (60, 140),
        seed: seed.wrapping_add(n as u64),
        deadline: Duration::from_secs(150),
    };
    let mut plans = Vec::new();

    // Two matches whose black seat a real bot fills.
    let mut creators = Vec::new();
    for n in 0..BOT_MATCHES {
        let name = format!("crash-w{n}");
        let mut white = WsClient::greeted(&url, &name).await;
        let (match_id, token, side) = white
            .create(TimeControl::Untimed, ColorPreference::White)
            .await;
        plans.push(plan(name, match_id, token, side, plans.len()));
        creators.push(white);
    }
    let mut bots: Vec<ClientProcess> = (0..BOT_MATCHES)
        .map(|n| ClientProcess::filling_bot(&url, &format!("crash-bot{n}")))
        .collect();
    for white in &mut creators {
        white
            .recv_until(|m| matches!(m, ServerMessage::GameStarted { .. }))
            .await;
    }
    // The other eighteen between raw clients.
    let mut games = Vec::new();
    for n in BOT_MATCHES..MATCHES {
        let (white, black) = (format!("crash-w{n}"), format!("crash-b{n}"));
        let game = StartedMatch::new(&url, &white, &black, TimeControl::Untimed).await;
        let id = game.match_id;
        plans.push(plan(white, id, game.white_token, Side::First, plans.len()));
        plans.push(plan(black, id, game.black_token, Side::Second, plans.len()));
        games.push(game);
    }
    // The seats continue on connections of their own (resuming with tokens).
    drop((creators, games));
    let started = Instant::now();
    let seats: Vec<_> = plans
        .into_iter()
        .map(|p| tokio::spawn(play_seat(p)))
        .collect();

    let mut in_flight_at_kills = Vec::new();
    for kill in 0..KILLS {
        let wait = rng.random_range(800..2800);
        tokio::time::sleep(Duration::from_millis(wait)).await;
        let in_flight = seats.iter().filter(|s| !s.is_finished()).count();
        in_flight_at_kills.push(in_flight);
        if kill == 0 {
            assert_eq!(
                in_flight,
                MATCHES * 2 - BOT_MATCHES,
                "every seat is playing at the first kill"
            );
        }
        server.kill();
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..300))).await;
        tokio::task::block_in_place(|| server.restart());
    }
    eprintln!(
        "seats in flight at the {KILLS} kills: {in_flight_at_kills:?} (of {})",
        MATCHES * 2 - BOT_MATCHES
    );

    let mut reports: HashMap<MatchId, Vec<SeatReport>> = HashMap::new();
    for seat in seats {
        let report = seat
            .await
            .unwrap_or_else(|e| panic!("a seat failed: {e}\nserver log:\n{}", server.log()));
        reports.entry(report.match_id).or_default().push(report);
    }
    eprintln!(
        "all games over {:.1} s after the first move",
        started.elapsed().as_secs_f64()
    );
    for bot in &mut bots {
        let status = tokio::task::block_in_place(|| bot.wait_exit(Duration::from_secs(60)));
        let log = bot.stderr_text();
        assert!(status.success(), "{status:?}\n{log}");
        assert!(log.contains("game 1 over"), "{log}");
        assert!(
            log.contains("resuming match"),
            "the bot resumed its seat:\n{log}"
        );
    }

    assert_eq!(reports.len(), MATCHES);
    let mut acknowledged = 0;
    let mut reconnects = 0;
    for (match_id, seats) in &reports {
        let id = match_id.to_string();
        let record = records::fetch(server.addr(), &id);
        records::check(&record);
        // Played out (records::check proved the ending from the moves):
        // until a side could not move, or, casual games ending when decided,
        // until the territory count proved the winner.
        assert!(
            matches!(
                record.result.reason,
                EndReason::NoLegalMove | EndReason::Territory
            ),
            "{id}: {record:?}"
        );
        for seat in seats {
            assert_eq!(
                seat.outcome, record.result,
                "{id}: {} saw another result",
                seat.side
            );
            for &(ply, mv) in &seat.acknowledged {
                assert_eq!(
                    record.moves.get(ply as usize).map(|m| m.mv),
                    Some(mv),
                    "{id}: move {mv} at ply {ply}, acknowledged to {}, is not in the record",
                    seat.side
                );
            }
            acknowledged += seat.acknowledged.len();
            reconnects += seat.reconnects;
        }
    }
    eprintln!("{acknowledged} acknowledgements checked; {reconnects} reconnects");
    assert!(reconnects as usize >= KILLS, "the kills were felt");

    // Every file in the history directory is a whole record; a clean restart
    // indexes all twenty.
    let (all, others) = records::all_in(server.history_dir());
    for (path, record) in &all {
        records::check(record);
        assert_eq!(
            path.file_stem().and_then(|s| s.to_str()),
            Some(record.id.as_str())
        );
    }
    assert_eq!(all.len(), MATCHES, "one record per game, no more");
    if !others.is_empty() {
        eprintln!("other files in the history directory: {others:?}");
    }
    tokio::task::block_in_place(|| server.restart());
    let (status, list) = amazons_e2e::raw::http_get(server.addr(), "/api/games?per_page=100");
    assert_eq!(status, 200);
    let list: serde_json::Value = serde_json::from_str(&list).expect("JSON");
    assert_eq!(list["total"], MATCHES, "{list}");
}
