//! Identity and ratings over real sockets: names bound to player keys
//! (`name_taken` for anyone else), rated and casual games, ratings that move
//! exactly as the Glicko-2 rules say, the leaderboard and player pages over
//! HTTP, `release-name`, and a restart that keeps bindings and ratings
//! (the ratings rebuilt from the history files alone equal the live ones).

mod common;

use std::net::SocketAddr;
use std::time::{Duration, UNIX_EPOCH};

use amazons_core::{
    BySide, GameRecord, Level, PlayerId, PlayerInfo, PlayerKind, RecordMeta, Side, TimeControl,
};
use amazons_protocol::{
    ClientMessage, ColorPreference, ComputerRequest, ErrorCode, MatchId, MessageType, PlayerKey,
    PlayerPage, PlayersPage, Rating, RatingChange, ServerMessage,
};
use amazons_ratings::{Glicko, RatedGame, RatingRules, Ratings};
use amazons_records::RecordDir;
use amazons_testkit::http::get as http_get;
use amazons_testkit::{StartedMatch, WsClient};
use common::TestServer;

fn key(n: u8) -> PlayerKey {
    PlayerKey::from_bytes([n; 32])
}

fn timed() -> TimeControl {
    "5+5".parse().unwrap()
}

fn hello(name: &str, key: Option<&PlayerKey>) -> ClientMessage {
    ClientMessage::Hello {
        key: key.cloned(),
        protocol: 1,
        name: name.into(),
        kind: PlayerKind::Human,
        client: Some("ratings test".into()),
        legal_moves: false,
    }
}

/// Connects and says hello as `name` with `key`; after `welcome`.
async fn keyed(addr: SocketAddr, name: &str, key: &PlayerKey) -> WsClient {
    let mut client = WsClient::connect(addr).await;
    client.send(&hello(name, Some(key))).await;
    match client.recv().await {
        ServerMessage::Welcome { .. } => client,
        other => panic!("{name} was not welcomed: {other:?}"),
    }
}

/// The refusal of a `hello` as `name` with `key` on a new connection.
async fn refused_hello(
    addr: SocketAddr,
    name: &str,
    key: Option<&PlayerKey>,
) -> (ErrorCode, String) {
    let mut client = WsClient::connect(addr).await;
    client.send(&hello(name, key)).await;
    match client.recv().await {
        ServerMessage::Error {
            code,
            message,
            reply_to,
            ..
        } => {
            assert_eq!(reply_to, Some(MessageType::Hello));
            (code, message)
        }
        other => panic!("{name} was not refused: {other:?}"),
    }
}

async fn players(addr: SocketAddr, query: &str) -> PlayersPage {
    let (status, body) = http_get(addr, &format!("/api/players{query}")).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

async fn player_page(addr: SocketAddr, name: &str) -> Option<PlayerPage> {
    let (status, body) = http_get(addr, &format!("/api/players/{name}")).await;
    match status {
        200 => Some(serde_json::from_str(&body).unwrap()),
        404 => None,
        other => panic!("{other}: {body}"),
    }
}

/// The winner's and loser's `game_over` after `loser` resigns `game` (one
/// move played first, so it is not an abort).
async fn one_move_then_resign(
    game: &mut StartedMatch,
    loser: Side,
) -> Option<BySide<RatingChange>> {
    game.play_random(1).await;
    let match_id = game.match_id;
    let (resigner, other) = match loser {
        Side::First => (&mut game.white, &mut game.black),
        Side::Second => (&mut game.black, &mut game.white),
    };
    resigner.resign(match_id).await;
    match other
        .recv_until(|m| matches!(m, ServerMessage::GameOver { .. }))
        .await
    {
        ServerMessage::GameOver {
            ratings, winner, ..
        } => {
            assert_eq!(winner, Some(loser.opponent()));
            ratings
        }
        _ => unreachable!(),
    }
}

/// The lobby's line of a match as `client` sees it.
async fn summary_of(client: &mut WsClient, match_id: MatchId) -> amazons_protocol::MatchSummary {
    client.send(&ClientMessage::ListMatches).await;
    match client
        .recv_until(|m| matches!(m, ServerMessage::MatchList { .. }))
        .await
    {
        ServerMessage::MatchList { matches } => matches
            .into_iter()
            .find(|m| m.id == match_id)
            .expect("the match is listed"),
        _ => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_keyed_players_ratings_move_as_glicko2_says_and_survive_a_restart() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let (ann_key, bob_key) = (key(1), key(2));
    let (ann_id, bob_id) = (ann_key.public_id(), bob_key.public_id());
    let rules = RatingRules::lichess();
    // What the rules say, kept alongside: (state, last game's end).
    let mut expected: BySide<(Glicko, Option<u64>)> = BySide::both((rules.start(), None));
    // ann is white in every game; she wins, loses, wins.
    for (n, loser) in [Side::Second, Side::First, Side::Second]
        .into_iter()
        .enumerate()
    {
        let ann = keyed(addr, "Ann", &ann_key).await;
        let bob = keyed(addr, "bob", &bob_key).await;
        let mut game = StartedMatch::between(ann, bob, timed()).await;
        let summary = summary_of(&mut game.white, game.match_id).await;
        assert!(summary.rated, "timed, two keys: rated");
        let seats = summary.seats;
        let shown = |side: Side| rules.shown(expected[side].0);
        assert_eq!(seats.white.unwrap().rating, Some(shown(Side::First)));
        assert_eq!(seats.black.unwrap().rating, Some(shown(Side::Second)));
        let change = one_move_then_resign(&mut game, loser)
            .await
            .expect("a rated game's game_over carries the change");
        let record = server.record(game.match_id);
        assert!(record.rated);
        assert_eq!(record.white.id.as_ref(), Some(&ann_id));
        assert_eq!(record.black.id.as_ref(), Some(&bob_id));
        let at = record.ended_at_ms;
        let before = BySide::from_fn(|side| {
            let (state, last) = expected[side];
            last.map_or(state, |last| rules.after_absence(state, at - last))
        });
        let (white, black) = rules.after_game(before.first, before.second, loser == Side::Second);
        expected = BySide::new((white, Some(at)), (black, Some(at)));
        for side in Side::BOTH {
            assert_eq!(
                change[side],
                RatingChange {
                    before: rules.shown(before[side]),
                    after: rules.shown(expected[side].0),
                },
                "game {n}, {side}"
            );
        }
        assert_eq!(change.first.delta() > 0, loser == Side::Second);
    }
    let board = players(addr, "").await;
    assert_eq!(board.total, 2);
    let ann_row = board.players.iter().find(|p| p.id == ann_id).unwrap();
    assert_eq!((ann_row.wins, ann_row.losses, ann_row.games), (2, 1, 3));
    assert_eq!(ann_row.rating, rules.shown(expected.first.0));
    assert_eq!(ann_row.rank, 1, "two wins of three");
    assert_eq!(ann_row.name, "Ann");
    let page = player_page(addr, "ＡＮＮ").await.expect("ann's page");
    assert_eq!(page.row.id, ann_id);
    assert_eq!(page.history.len(), 3);
    assert_eq!(page.history[2].rating, ann_row.rating.rating);
    assert_eq!(page.recent_games.len(), 3);
    assert!(page.recent_games.iter().all(|g| g.rated));
    assert!(
        page.recent_games[0].ended_at_ms >= page.recent_games[2].ended_at_ms,
        "newest first"
    );
    assert_eq!(player_page(addr, "nobody").await, None);

    // A restart: the ratings come back from the history, the names from
    // their file.
    let before_restart = players(addr, "").await;
    let server = server.restart_with(|_| {}).await;
    let addr = server.addr();
    assert_eq!(players(addr, "").await, before_restart);
    assert_eq!(player_page(addr, "ann").await, Some(page));
    let (code, _) = refused_hello(addr, "ann", Some(&key(3))).await;
    assert_eq!(code, ErrorCode::NameTaken, "the binding survives a restart");
    let mut ann = keyed(addr, "ann", &ann_key).await;
    let (match_id, _, _) = ann.create(timed(), ColorPreference::White).await;
    let seats = summary_of(&mut ann, match_id).await.seats;
    assert_eq!(seats.white.unwrap().rating, Some(ann_row.rating));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_key_is_refused_in_words_claims_nothing_and_hello_may_follow() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let mut client = WsClient::connect(addr).await;
    let hex = "ab".repeat(32);
    for bad in ["zz", &"g".repeat(64), &hex[..62], "12"] {
        let text = format!(r#"{{"type":"hello","protocol":1,"name":"ann","key":"{bad}"}}"#);
        client.send_text(&text).await;
        match client.recv().await {
            ServerMessage::Error { code, message, .. } => {
                assert_eq!(code, ErrorCode::Malformed, "{bad}");
                assert!(message.contains("64 hex digits"), "{message}");
                assert!(!message.contains(bad), "the key is not echoed: {message}");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    let names = server.dir.path().join(amazons_server::names::NAMES_FILE);
    assert!(!names.exists(), "nothing was claimed");
    // The same connection then says hello properly and claims the name.
    client.send(&hello("ann", Some(&key(1)))).await;
    assert!(matches!(client.recv().await, ServerMessage::Welcome { .. }));
    assert!(names.exists());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stolen_name_is_refused_and_nothing_changes() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let ann = keyed(addr, "ann", &key(1)).await;
    let names = std::fs::read(server.dir.path().join(amazons_server::names::NAMES_FILE)).unwrap();
    for name in ["ann", "ＡＮＮ", " ann ", "Ann"] {
        let (code, message) = refused_hello(addr, name, Some(&key(2))).await;
        assert_eq!(code, ErrorCode::NameTaken, "{name:?}");
        assert!(message.contains("pick another name"), "{message}");
        assert!(message.contains("player-key"), "{message}");
        // A guest may not use a claimed name either.
        let (code, _) = refused_hello(addr, name, None).await;
        assert_eq!(code, ErrorCode::NameTaken, "{name:?} without a key");
    }
    // The computer players' names are nobody's.
    for name in ["computer", "Computer (level 5)"] {
        for key in [Some(key(3)), None] {
            let (code, message) = refused_hello(addr, name, key.as_ref()).await;
            assert_eq!(code, ErrorCode::NameTaken, "{name}");
            assert!(message.contains("computer players"), "{message}");
        }
    }
    let after = std::fs::read(server.dir.path().join(amazons_server::names::NAMES_FILE)).unwrap();
    assert_eq!(after, names, "the names file is unchanged");
    // The refused connection may still say hello under a free name, and
    // the owner still gets in.
    let mut mallory = WsClient::connect(addr).await;
    mallory.send(&hello("ann", Some(&key(2)))).await;
    assert_eq!(mallory.expect_error().await, ErrorCode::NameTaken);
    mallory.send(&hello("mallory", Some(&key(2)))).await;
    assert!(
        matches!(mallory.recv().await, ServerMessage::Welcome { name, .. } if name == "mallory")
    );
    drop(ann);
    keyed(addr, "ANN", &key(1)).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_still_plays_casual_games_and_untimed_or_aborted_games_move_nothing() {
    let server = TestServer::start().await;
    let addr = server.addr();
    // A guest (no key) against a keyed player, timed: casual.
    let ann = keyed(addr, "ann", &key(1)).await;
    let guest = WsClient::greeted(addr, "guest").await;
    let mut game = StartedMatch::between(ann, guest, timed()).await;
    let summary = summary_of(&mut game.white, game.match_id).await;
    assert!(!summary.rated, "a guest's game is casual");
    assert!(
        summary.seats.white.unwrap().rating.is_some(),
        "ann is identified"
    );
    assert_eq!(
        summary.seats.black.unwrap().rating,
        None,
        "the guest has none"
    );
    let snapshot = game.black.spectate(game.match_id).await;
    assert!(!snapshot.rated);
    assert_eq!(one_move_then_resign(&mut game, Side::Second).await, None);
    let record = server.record(game.match_id);
    assert!(!record.rated);
    assert_eq!(record.black.id, None);
    assert_eq!(record.white.id, Some(key(1).public_id()));

    // Two keys, untimed: casual by default.
    let ann = keyed(addr, "ann", &key(1)).await;
    let bob = keyed(addr, "bob", &key(2)).await;
    let mut game = StartedMatch::between(ann, bob, TimeControl::Untimed).await;
    assert!(!summary_of(&mut game.white, game.match_id).await.rated);
    assert_eq!(one_move_then_resign(&mut game, Side::First).await, None);
    assert!(!server.record(game.match_id).rated);

    // Timed but asked casual.
    let mut ann = keyed(addr, "ann", &key(1)).await;
    ann.send(&ClientMessage::CreateMatch {
        end_when_decided: None,
        assistance: None,
        initial_fen: None,
        rated: Some(false),
        time_control: timed(),
        color: ColorPreference::White,
        computer: None,
    })
    .await;
    let (match_id, _, _) = ann.joined_or_refused().await.unwrap();
    assert!(!summary_of(&mut ann, match_id).await.rated);

    // One key on both sides: casual.
    let one = keyed(addr, "carol", &key(4)).await;
    let again = keyed(addr, "carol", &key(4)).await;
    let mut game = StartedMatch::between(one, again, timed()).await;
    assert!(!summary_of(&mut game.white, game.match_id).await.rated);
    assert_eq!(one_move_then_resign(&mut game, Side::First).await, None);

    // Rated, then aborted: nothing moves.
    let ann = keyed(addr, "ann", &key(1)).await;
    let bob = keyed(addr, "bob", &key(2)).await;
    let mut game = StartedMatch::between(ann, bob, timed()).await;
    assert!(summary_of(&mut game.white, game.match_id).await.rated);
    game.white.abort(game.match_id).await;
    match game
        .black
        .recv_until(|m| matches!(m, ServerMessage::GameOver { .. }))
        .await
    {
        ServerMessage::GameOver { ratings, .. } => assert_eq!(ratings, None),
        _ => unreachable!(),
    }
    assert_eq!(players(addr, "").await.total, 0, "no game counted");
    assert_eq!(
        player_page(addr, "ann")
            .await
            .map(|p| (p.row.games, p.recent_games.len())),
        Some((0, 3)),
        "ann has claimed her name; her games are listed, none rated"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_is_a_rated_player_under_its_own_id() {
    let server = TestServer::start_with(|config| {
        config.computer.think_ms = amazons_server::config::Millis::new(50);
        config.computer.hash_mb = 4;
    })
    .await;
    let addr = server.addr();
    let mut ann = keyed(addr, "ann", &key(1)).await;
    ann.send(&ClientMessage::CreateMatch {
        end_when_decided: None,
        assistance: None,
        initial_fen: None,
        rated: None,
        time_control: timed(),
        color: ColorPreference::Black,
        computer: Some(ComputerRequest::level(Level::new(1).unwrap())),
    })
    .await;
    let (match_id, _, side) = ann.joined_or_refused().await.unwrap();
    assert_eq!(side, Side::Second);
    let snapshot = ann.spectate(match_id).await;
    assert!(snapshot.rated);
    assert_eq!(
        snapshot.seats.white.unwrap().rating.map(|r| r.to_string()),
        Some("1500?".into())
    );
    // Wait for the computer's first move, then resign.
    ann.recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await;
    ann.send(&ClientMessage::Resign {
        match_id,
        token: None,
    })
    .await;
    let ratings = match ann
        .recv_until(|m| matches!(m, ServerMessage::GameOver { .. }))
        .await
    {
        ServerMessage::GameOver { ratings, .. } => ratings.expect("rated"),
        _ => unreachable!(),
    };
    assert!(ratings.first.delta() > 0 && ratings.second.delta() < 0);
    let record = server.record(match_id);
    assert_eq!(record.white.id, Some(PlayerId::computer("level-1")));
    let bots = players(addr, "?kind=bot").await;
    assert_eq!(bots.total, 1);
    assert_eq!(bots.players[0].name, "computer (level 1)");
    assert_eq!(bots.players[0].rank, 1);
    let people = players(addr, "?kind=human").await;
    assert_eq!((people.total, people.players[0].rank), (1, 1));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn release_name_frees_a_name_on_a_running_server_and_says_what_it_did() {
    let server = TestServer::start().await;
    let addr = server.addr();
    keyed(addr, "ann", &key(1)).await;
    let release = |name: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_amazons-server"))
            .args(["release-name", name, "--history-dir"])
            .arg(server.dir.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let said = release(" ANN ");
    assert!(said.contains("released the name `ann`"), "{said}");
    assert!(said.contains(key(1).public_id().as_str()), "{said}");
    assert!(
        !said.contains(&key(1).expose_hex()),
        "never the key: {said}"
    );
    let said = release("ann");
    assert!(said.contains("not claimed"), "{said}");
    // Free again: another key claims it, and the first is refused now.
    keyed(addr, "ann", &key(2)).await;
    let (code, _) = refused_hello(addr, "ann", Some(&key(1))).await;
    assert_eq!(code, ErrorCode::NameTaken);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_in_progress_keeps_its_ids_and_rating_across_a_restart() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let ann = keyed(addr, "ann", &key(1)).await;
    let bob = keyed(addr, "bob", &key(2)).await;
    let mut game = StartedMatch::between(ann, bob, timed()).await;
    game.play_random(3).await;
    let (match_id, white_token) = (game.match_id, game.white_token);
    drop(game);
    let server = server.restart_with(|_| {}).await;
    let addr = server.addr();
    let mut ann = keyed(addr, "ann", &key(1)).await;
    let snapshot = ann.resume(match_id, white_token).await.unwrap();
    assert!(snapshot.rated, "still rated after the restart");
    assert!(
        snapshot.seats.black.unwrap().rating.is_some(),
        "bob still identified"
    );
    ann.resign(match_id).await;
    let record = server.record(match_id);
    assert!(record.rated);
    assert_eq!(record.black.id, Some(key(2).public_id()));
    let board = players(addr, "").await;
    assert_eq!(board.total, 2);
    assert_eq!(board.players[0].id, key(2).public_id(), "bob won");
    server.stop().await;
}

/// A finished rated game between `white` and `black` (person ids), won by
/// `white` when `white_wins`, ending at `at_ms`.
fn rated_record(n: usize, at_ms: u64, (white, black): (u8, u8), white_wins: bool) -> GameRecord {
    let person = |p: u8| {
        PlayerInfo::new(format!("p{p}"), PlayerKind::Human).identified(Some(key(p).public_id()))
    };
    let at = UNIX_EPOCH + Duration::from_millis(at_ms);
    let id = format!("00000000-0000-4000-8000-{n:012}");
    let meta = RecordMeta::new(id, BySide::new(person(white), person(black)), at, at).rated(true);
    let moves: &[&str] = if white_wins { &["d1-d7/g7"] } else { &[] };
    amazons_core::testing::record_of(meta, moves)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_rebuilt_from_the_history_alone_equal_the_live_ones() {
    // 240 games already in the history among eight players (written while
    // a server is stopped, as a history copied in would be)...
    let server = TestServer::start().await;
    let records = RecordDir::new(server.dir.path());
    let start_ms = amazons_core::unix_ms(std::time::SystemTime::now()) - 30 * 86_400_000;
    for n in 0..240 {
        let white = (n % 8) as u8 + 10;
        let black = ((n * 3 + 1) % 8) as u8 + 10;
        let black = if black == white {
            (black - 10 + 1) % 8 + 10
        } else {
            black
        };
        let record = rated_record(
            n,
            start_ms + n as u64 * 3_600_000,
            (white, black),
            n % 3 != 0,
        );
        records.save(&record.id.clone(), &record).unwrap();
    }
    let server = server.restart_with(|_| {}).await;
    let addr = server.addr();
    assert_eq!(players(addr, "?per_page=100").await.total, 8);
    // ...then 60 live ones among four keyed players and two of those eight.
    let names = ["ann", "bob", "cat", "dan", "p10", "p11"];
    let keys = [1u8, 2, 3, 4, 10, 11];
    for n in 0..60 {
        let (w, b) = (n % 6, (n + 1 + n / 6) % 6);
        let (w, b) = if w == b { (w, (b + 1) % 6) } else { (w, b) };
        let white = keyed(addr, names[w], &key(keys[w])).await;
        let black = keyed(addr, names[b], &key(keys[b])).await;
        let mut game = StartedMatch::between(white, black, timed()).await;
        let loser = if n % 4 == 0 {
            Side::First
        } else {
            Side::Second
        };
        assert!(one_move_then_resign(&mut game, loser).await.is_some());
    }
    let live = players(addr, "?per_page=100").await;
    assert_eq!(live.total, 12);
    let mut live_pages = Vec::new();
    for row in &live.players {
        live_pages.push(player_page(addr, &row.name).await.unwrap());
    }
    // Folding the records on disk here gives the same table...
    let scan = RecordDir::new(server.dir.path()).scan().unwrap();
    assert_eq!(scan.records.len(), 300);
    let rebuilt = Ratings::rebuild(
        RatingRules::lichess(),
        scan.records.iter().filter_map(|s| RatedGame::of(&s.record)),
    );
    let shown: Vec<(PlayerId, Rating)> = rebuilt
        .ranked(None)
        .iter()
        .map(|s| (s.id.clone(), rebuilt.rules().shown(s.glicko)))
        .collect();
    let served: Vec<(PlayerId, Rating)> = live
        .players
        .iter()
        .map(|p| (p.id.clone(), p.rating))
        .collect();
    assert_eq!(served, shown);
    // ...and so does a server started on them.
    let server = server.restart_with(|_| {}).await;
    let addr = server.addr();
    assert_eq!(players(addr, "?per_page=100").await, live);
    for page in live_pages {
        assert_eq!(
            player_page(addr, &page.row.name).await.as_ref(),
            Some(&page)
        );
    }
    server.stop().await;
}

/// The real binary logging at trace level (but for the chattiest network
/// crates, so that the kept tail of the log covers the whole game): no
/// player key in its log, none in any file of its history directory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_never_reaches_the_log_or_the_disk() {
    let dir = tempfile::tempdir().unwrap();
    let server = amazons_testkit::ServerProcess::options()
        .binary(env!("CARGO_BIN_EXE_amazons-server"))
        .history_dir(dir.path())
        .env(
            "RUST_LOG",
            "trace,tokio_tungstenite=off,hyper=off,tokio=off,mio=off,h2=off,tower=off,axum=off",
        )
        .start();
    let addr = server.addr();
    let (ann_key, bob_key) = (key(0xa7), key(0x5c));
    let ann = keyed(addr, "ann", &ann_key).await;
    let bob = keyed(addr, "bob", &bob_key).await;
    let mut game = StartedMatch::between(ann, bob, timed()).await;
    assert!(
        one_move_then_resign(&mut game, Side::Second)
            .await
            .is_some()
    );
    refused_hello(addr, "ann", Some(&bob_key)).await;
    let output = server.output();
    let wait = tokio::task::spawn_blocking(move || {
        output.wait_for("rated game counted", Duration::from_secs(10))
    })
    .await
    .unwrap();
    assert!(wait.is_some(), "{}", server.log());
    let log = server.log();
    assert!(log.contains("keyed=true"), "{log}");
    let mut on_disk = String::new();
    for file in walk(dir.path()) {
        on_disk.push_str(&String::from_utf8_lossy(&std::fs::read(file).unwrap()));
    }
    assert!(
        on_disk.contains(ann_key.public_id().as_str()),
        "the id is kept"
    );
    for key in [&ann_key, &bob_key] {
        let hex = key.expose_hex();
        assert!(!log.contains(&hex), "a key in the log");
        assert!(!on_disk.contains(&hex), "a key on disk");
    }
}

/// Every file under `dir`.
fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}
