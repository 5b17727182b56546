//! Territory endings over real sockets: games from a set-up position that a
//! move separates, ended by the server's exact count or by a claim, the
//! match options and their checks, the options and the count after a
//! restart, and `GET /api/territory`.
//!
//! Every position here is a board of arrows with one queen a side in a
//! corridor on the first rank, so the moves each side has left can be
//! counted by hand: a queen at the end of a corridor of `n` empty squares
//! has exactly `n` moves (each move fills one square).

mod common;

use amazons_core::{BySide, EndReason, Move, Position, Side, TimeControl};
use amazons_protocol::{
    ClientMessage, ColorPreference, Decided, ErrorCode, MatchId, MatchSnapshot, SeatToken,
    ServerMessage,
};
use amazons_testkit::WsClient;
use amazons_testkit::http::get as http_get;
use common::TestServer;

/// Nine ranks of arrows above a first rank `rank1` (FEN), white to move.
fn corridor(rank1: &str) -> String {
    format!("{}{rank1} w - - 0 1", "**********/".repeat(9))
}

/// White's queen on a1 and black's on i1 share the corridor b1–h1 (j1 is
/// burnt): not separated.
fn shared_corridor() -> String {
    corridor("Q7q*")
}

/// White's move that separates [`shared_corridor`]: the queen steps to b1
/// and burns f1, leaving white a1 and c1–e1 (4 moves: b1-c1/a1, c1-d1/b1,
/// d1-e1/c1, e1-d1/e1) and black g1–h1 (2 moves). Black is to move with 2
/// against 4, so white wins; the margin is 4 - 2 + 1 = 3 (white has 2 moves
/// left when black is stuck, plus one).
const SEPARATING: &str = "a1-b1/f1";

/// The winner and margin of the position after [`SEPARATING`].
const PROVEN: Decided = Decided {
    winner: Side::First,
    margin: 3,
};

/// `create_match` from `fen` on an untimed clock, white for the creator,
/// with the options as given (absent when `None`).
fn create_from(
    fen: Option<&str>,
    rated: Option<bool>,
    end_when_decided: Option<bool>,
    assistance: Option<bool>,
) -> ClientMessage {
    ClientMessage::CreateMatch {
        time_control: TimeControl::Untimed,
        color: ColorPreference::White,
        computer: None,
        rated,
        end_when_decided,
        assistance,
        initial_fen: fen.map(str::to_owned),
    }
}

/// Ann creates `create` (white) and Bob joins (black); both have seen the
/// game start. Returns their connections, the match and Ann's token.
async fn started(
    server: &TestServer,
    create: &ClientMessage,
) -> (WsClient, WsClient, MatchId, SeatToken) {
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    ann.send(create).await;
    let (match_id, token, seat) = ann.joined_or_refused().await.expect("created");
    assert_eq!(seat, Side::First);
    let mut bob = WsClient::greeted(server.addr(), "bob").await;
    bob.join(match_id).await;
    for client in [&mut ann, &mut bob] {
        client
            .recv_until(|m| matches!(m, ServerMessage::GameStarted { .. }))
            .await;
    }
    (ann, bob, match_id, token)
}

/// The next `move_played` a client sees.
async fn next_move(client: &mut WsClient) -> ServerMessage {
    client
        .recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await
}

/// The next `game_over` a client sees: its winner, reason and margin.
async fn game_over(client: &mut WsClient) -> (Option<Side>, EndReason, Option<u32>) {
    match client
        .recv_until(|m| matches!(m, ServerMessage::GameOver { .. }))
        .await
    {
        ServerMessage::GameOver {
            winner,
            reason,
            margin,
            ..
        } => (winner, reason, margin),
        _ => unreachable!("recv_until returns only what it waited for"),
    }
}

/// Checks the record of a game white won on territory after [`SEPARATING`]:
/// the result, the set-up position, the margin, the moves each side had left
/// and a finish that is a legal play-out until black is stuck.
fn check_territory_record(server: &TestServer, match_id: MatchId) {
    let record = server.record(match_id);
    assert_eq!(record.result.reason, EndReason::Territory);
    assert_eq!(record.result.winner, Some(Side::First));
    assert_eq!(
        record.initial_fen.as_deref(),
        Some(shared_corridor().as_str())
    );
    assert_eq!(record.schema, amazons_core::RECORD_SCHEMA_VERSION);
    let end = record
        .territory
        .clone()
        .expect("a territory ending keeps its count");
    assert_eq!(end.margin, PROVEN.margin);
    assert_eq!(end.moves_left, BySide::new(4, 2));
    let last = *record.replay().unwrap().last().unwrap();
    let mut position = last;
    for mv in &end.finish {
        position = position.play(*mv).unwrap();
    }
    assert_eq!(end.finish.len(), 4, "black, white, black, white");
    assert_eq!(position.turn(), Side::Second);
    assert!(position.is_game_over(), "black is stuck after the finish");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_that_decides_the_game_ends_it_with_the_margin() {
    let server = TestServer::start().await;
    let fen = shared_corridor();
    // Casual (a set-up position is), so the game ends when decided.
    let (mut ann, mut bob, match_id, _) =
        started(&server, &create_from(Some(&fen), None, None, None)).await;
    let snapshot = bob.spectate(match_id).await;
    assert!(snapshot.end_when_decided && !snapshot.assistance && !snapshot.rated);
    assert_eq!(snapshot.initial_fen, fen);
    assert_eq!(snapshot.decided, None);

    ann.play(match_id, 0, SEPARATING).await;
    for client in [&mut ann, &mut bob] {
        match next_move(client).await {
            // A game that ends by itself never announces `decided`.
            ServerMessage::MovePlayed { decided, .. } => assert_eq!(decided, None),
            _ => unreachable!(),
        }
        assert_eq!(
            game_over(client).await,
            (Some(Side::First), EndReason::Territory, Some(PROVEN.margin))
        );
    }
    check_territory_record(&server, match_id);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_ends_a_proven_game_for_whoever_it_favours_and_nothing_else() {
    let server = TestServer::start().await;
    let fen = shared_corridor();
    let (mut ann, mut bob, match_id, _) =
        started(&server, &create_from(Some(&fen), None, Some(false), None)).await;
    let mut eve = WsClient::greeted(server.addr(), "eve").await;
    assert!(!eve.spectate(match_id).await.end_when_decided);

    // Not separated yet: not proven, and nothing changes.
    let claim = ClientMessage::ClaimTerritory { match_id };
    assert_eq!(bob.refused(&claim).await, ErrorCode::NotDecided);
    assert_eq!(eve.refused(&claim).await, ErrorCode::NotAPlayer);
    let snapshot = bob.spectate(match_id).await;
    assert_eq!((snapshot.ply, snapshot.outcome), (0, None));

    ann.play(match_id, 0, SEPARATING).await;
    for client in [&mut ann, &mut bob, &mut eve] {
        match next_move(client).await {
            ServerMessage::MovePlayed { decided, .. } => assert_eq!(decided, Some(PROVEN)),
            _ => unreachable!(),
        }
    }
    assert_eq!(bob.spectate(match_id).await.decided, Some(PROVEN));
    assert_eq!(eve.refused(&claim).await, ErrorCode::NotAPlayer);

    // Black claims, though the count favours white: white wins.
    bob.send(&claim).await;
    for client in [&mut ann, &mut bob, &mut eve] {
        assert_eq!(
            game_over(client).await,
            (Some(Side::First), EndReason::Territory, Some(PROVEN.margin))
        );
    }
    assert_eq!(ann.refused(&claim).await, ErrorCode::GameOver);
    check_territory_record(&server, match_id);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_match_options_are_checked_and_defaulted_by_rated() {
    let server = TestServer::start().await;
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let fen = shared_corridor();
    // Both queens walled in: white, to move, cannot move.
    let stuck = corridor("Q*******q*");
    let timed = TimeControl::Fischer {
        initial_ms: 60_000,
        increment_ms: 0,
    };
    let refused = [
        create_from(Some(&fen), Some(true), None, None),
        create_from(Some("not a position"), None, None, None),
        create_from(Some(&corridor("Q7q")), None, None, None),
        create_from(Some(&stuck), None, None, None),
        create_from(None, Some(true), None, Some(true)),
        // Timed and not said casual: rated, so no assistance.
        match create_from(None, None, None, Some(true)) {
            ClientMessage::CreateMatch {
                color,
                computer,
                rated,
                end_when_decided,
                assistance,
                initial_fen,
                ..
            } => ClientMessage::CreateMatch {
                time_control: timed,
                color,
                computer,
                rated,
                end_when_decided,
                assistance,
                initial_fen,
            },
            _ => unreachable!(),
        },
    ];
    for create in &refused {
        ann.send(create).await;
        let (code, message) = ann.joined_or_refused().await.unwrap_err();
        assert_eq!(code, ErrorCode::BadMatchOptions, "{create:?}: {message}");
    }
    let (status, body) = http_get(server.addr(), "/api/matches").await;
    assert_eq!((status, body.trim()), (200, "[]"), "nothing was created");

    // The defaults: casual ends when decided, rated does not.
    let mut made = Vec::new();
    for (create, end_when_decided, assistance) in [
        (create_from(None, None, None, None), true, false),
        (create_from(None, Some(true), None, None), false, false),
        (create_from(None, Some(true), Some(true), None), true, false),
        (
            create_from(None, Some(false), Some(false), Some(true)),
            false,
            true,
        ),
    ] {
        ann.send(&create).await;
        let (match_id, _, _) = ann.joined_or_refused().await.expect("created");
        let snapshot: MatchSnapshot = match ann
            .recv_until(|m| matches!(m, ServerMessage::Snapshot(_)))
            .await
        {
            ServerMessage::Snapshot(snapshot) => snapshot,
            _ => unreachable!(),
        };
        assert_eq!(
            (snapshot.end_when_decided, snapshot.assistance),
            (end_when_decided, assistance),
            "{create:?}"
        );
        made.push((match_id, end_when_decided, assistance));
    }
    let (_, body) = http_get(server.addr(), "/api/matches").await;
    let listed: Vec<amazons_protocol::MatchSummary> = serde_json::from_str(&body).unwrap();
    for (match_id, end_when_decided, assistance) in made {
        let summary = listed.iter().find(|s| s.id == match_id).unwrap();
        assert_eq!(
            (summary.end_when_decided, summary.assistance),
            (end_when_decided, assistance)
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_the_options_and_counts_the_position_again() {
    let server = TestServer::start().await;
    let fen = shared_corridor();
    let create = create_from(Some(&fen), Some(false), Some(false), Some(true));
    let (mut ann, mut bob, match_id, ann_token) = started(&server, &create).await;
    ann.play(match_id, 0, SEPARATING).await;
    next_move(&mut bob).await;
    drop((ann, bob));

    let server = server.restart_with(|_| {}).await;
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let snapshot = ann.resume(match_id, ann_token).await.expect("resumed");
    assert!(!snapshot.end_when_decided);
    assert!(snapshot.assistance);
    assert_eq!(snapshot.initial_fen, fen);
    assert_eq!(snapshot.ply, 1);
    assert_eq!(snapshot.decided, Some(PROVEN));
    let (_, body) = http_get(server.addr(), "/api/matches").await;
    let listed: Vec<amazons_protocol::MatchSummary> = serde_json::from_str(&body).unwrap();
    assert!(listed[0].assistance && !listed[0].end_when_decided);

    ann.send(&ClientMessage::ClaimTerritory { match_id }).await;
    assert_eq!(
        game_over(&mut ann).await,
        (Some(Side::First), EndReason::Territory, Some(PROVEN.margin))
    );
    check_territory_record(&server, match_id);
    server.stop().await;
}

/// `GET /api/territory` for `fen`, URL-encoded.
async fn territory_of(server: &TestServer, fen: &str) -> (u16, serde_json::Value) {
    let query = fen
        .replace(' ', "%20")
        .replace('/', "%2F")
        .replace('*', "%2A");
    let (status, body) = http_get(server.addr(), &format!("/api/territory?fen={query}")).await;
    let json = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
    (status, json)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_territory_view_colours_counts_and_decides() {
    let server = TestServer::start().await;
    let separated = Position::from_fen(&shared_corridor())
        .unwrap()
        .play(SEPARATING.parse::<Move>().unwrap())
        .unwrap();
    let (status, view) = territory_of(&server, &separated.fen()).await;
    assert_eq!(status, 200, "{view}");
    let owners = view["owners"].as_str().unwrap();
    assert_eq!(owners.len(), 100);
    // a1 first: a1 white's, b1 the white queen, c1–e1 white's, f1 burnt,
    // g1–h1 black's, i1 the black queen, j1 burnt; then arrows.
    assert_eq!(&owners[..10], "wQwwwxbbqx");
    assert!(owners[10..].chars().all(|c| c == 'x'));
    assert_eq!(view["counts"]["white"], 4);
    assert_eq!(view["counts"]["black"], 2);
    assert_eq!(view["counts"]["contested"], 0);
    assert_eq!(view["decided"]["winner"], "white");
    assert_eq!(view["decided"]["margin"], PROVEN.margin);
    let regions = view["regions"].as_array().unwrap();
    assert_eq!(regions.len(), 2, "{view}");
    let white = regions.iter().find(|r| r["owner"] == "white").unwrap();
    assert_eq!(
        white["squares"],
        serde_json::json!(["a1", "c1", "d1", "e1"])
    );
    assert_eq!(white["moves"], serde_json::json!({"lower": 4, "upper": 4}));
    let black = regions.iter().find(|r| r["owner"] == "black").unwrap();
    assert_eq!(black["moves"], serde_json::json!({"lower": 2, "upper": 2}));

    // Not separated: contested squares, no closed region, nothing decided.
    let (status, view) = territory_of(&server, &shared_corridor()).await;
    assert_eq!(status, 200);
    assert!(view.get("decided").is_none(), "{view}");
    // Both queens reach b1–h1 in one queen move: all seven are a tie.
    assert_eq!(view["counts"]["contested"], 7);
    assert_eq!(&view["owners"].as_str().unwrap()[..10], "Q=======qx");
    assert_eq!(view["regions"], serde_json::json!([]));

    // A bad position is a 400 with a JSON error saying why.
    let (status, error) = territory_of(&server, "nonsense").await;
    assert_eq!(status, 400);
    assert_eq!(error["error"], "bad_fen");
    assert!(
        error["message"].as_str().unwrap().contains("ranks"),
        "{error}"
    );
    let (status, body) = http_get(server.addr(), "/api/territory").await;
    assert_eq!(status, 400, "{body}");
    server.stop().await;
}
