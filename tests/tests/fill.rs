//! Fill a seat: people create matches on a real server and `amazons-client
//! bot --fill` processes take the free seats; two bots fill two matches at
//! the same time and every game is played to its end and recorded.

use std::collections::BTreeSet;
use std::time::Duration;

use amazons_core::{EndReason, PlayerKind, Side, TimeControl};
use amazons_e2e::player::{SeatPlan, play_seat};
use amazons_e2e::{ClientProcess, records};
use amazons_protocol::{ColorPreference, ServerMessage};
use amazons_testkit::WsClient;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_fill_two_matches_at_once_and_finish_them() {
    let seed = amazons_e2e::seed(61);
    let server = amazons_e2e::start_server(&[]);
    let url = server.url();

    // Two people: one wants white, the other black (so one bot moves first).
    let mut people = Vec::new();
    for (name, color) in [
        ("ann", ColorPreference::White),
        ("bea", ColorPreference::Black),
    ] {
        let mut person = WsClient::greeted(&url, name).await;
        let (match_id, token, side) = person.create(TimeControl::Untimed, color).await;
        people.push((name, person, match_id, token, side));
    }
    let mut bots = [
        ClientProcess::filling_bot(&url, "filler-1"),
        ClientProcess::filling_bot(&url, "filler-2"),
    ];

    // Each person sees a bot sit down and the game start.
    for (_, person, match_id, _, _) in &mut people {
        let started = person
            .recv_until(|m| matches!(m, ServerMessage::GameStarted { .. }))
            .await;
        let ServerMessage::GameStarted { seats, .. } = started else {
            unreachable!()
        };
        let bot_seat = seats
            .white
            .iter()
            .chain(seats.black.iter())
            .find(|s| s.kind == PlayerKind::Bot)
            .unwrap_or_else(|| panic!("a bot sits in {match_id}: {seats:?}"));
        assert!(bot_seat.name.starts_with("filler-"), "{seats:?}");
    }

    // The people play their sides (random legal moves) to the end.
    let mut games = Vec::new();
    for (n, (name, person, match_id, token, side)) in people.into_iter().enumerate() {
        drop(person);
        games.push(tokio::spawn(play_seat(SeatPlan {
            addr: server.addr(),
            name: name.to_owned(),
            match_id,
            token,
            side,
            pace_ms: (0, 10),
            seed: seed + n as u64,
            deadline: Duration::from_secs(120),
        })));
    }
    let mut reports = Vec::new();
    for game in games {
        reports.push(game.await.expect("the person's task"));
    }

    // Both bots played exactly one game each, in different matches, and quit.
    let mut filled = BTreeSet::new();
    for bot in &mut bots {
        let status = tokio::task::block_in_place(|| bot.wait_exit(Duration::from_secs(30)));
        let log = bot.stderr_text();
        assert!(status.success(), "{status:?}\n{log}");
        assert!(log.contains("game 1 over"), "{log}");
        let seated = log
            .lines()
            .filter_map(|l| l.split(" in match ").nth(1))
            .find(|_| true)
            .unwrap_or_else(|| panic!("the bot says where it sat:\n{log}"));
        filled.insert(seated.trim().to_owned());
    }
    let expected: BTreeSet<_> = reports.iter().map(|r| r.match_id.to_string()).collect();
    assert_eq!(filled, expected, "each bot filled one of the two matches");

    for report in &reports {
        let id = report.match_id.to_string();
        let record = records::fetch(server.addr(), &id);
        let last = records::check(&record);
        assert_eq!(record.result, report.outcome);
        // Played out: until a side could not move, or (casual games end
        // when decided) until the territory count proved the winner.
        assert!(
            matches!(
                record.result.reason,
                EndReason::NoLegalMove | EndReason::Territory
            ),
            "{record:?}"
        );
        assert_eq!(
            record.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
            report.moves
        );
        if record.result.reason == EndReason::NoLegalMove {
            assert_eq!(last.outcome(), Some(record.result));
        }
        let bot = record.player(match report.side {
            Side::First => Side::Second,
            Side::Second => Side::First,
        });
        assert_eq!(bot.kind, PlayerKind::Bot);
        assert!(bot.name.starts_with("filler-"), "{bot:?}");
        assert_eq!(records::read(server.history_dir(), &id), record);
    }
}
