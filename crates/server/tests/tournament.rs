//! Tournaments over real sockets: created, joined and started by keyed
//! clients, each round's games announced with `tournament_game`, played,
//! and the standings and records checked; the refusals; forfeits; a
//! restart mid-round; computer entrants.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use amazons_core::{PlayerKind, Position, Side, TimeControl};
use amazons_protocol::tournament::Format;
use amazons_protocol::{
    ClientMessage, ComputerRequest, ErrorCode, MatchId, PlayerKey, ServerMessage, TournamentId,
    TournamentStatus, TournamentView,
};
use amazons_server::config::Seconds;
use amazons_testkit::WsClient;
use common::{TestServer, play_out};

/// A server for tournament tests: random games send many moves quickly,
/// so the rate limit is out of the way.
async fn server() -> TestServer {
    TestServer::start_with(|config| config.rate_limit_messages = 1_000_000).await
}

fn key(n: u8) -> PlayerKey {
    PlayerKey::from_bytes([n; 32])
}

/// Connects and says hello as `name` with player key `n`; after `welcome`.
async fn keyed(addr: SocketAddr, name: &str, n: u8) -> WsClient {
    let mut client = WsClient::connect(addr).await;
    client
        .send(&ClientMessage::Hello {
            key: Some(key(n)),
            protocol: 1,
            name: name.into(),
            kind: PlayerKind::Bot,
            client: Some("tournament test".into()),
            legal_moves: false,
        })
        .await;
    match client.recv().await {
        ServerMessage::Welcome { .. } => client,
        other => panic!("{name} was not welcomed: {other:?}"),
    }
}

fn round_robin() -> ClientMessage {
    create(Format::RoundRobin { cycles: 1 }, Vec::new())
}

fn create(format: Format, computers: Vec<ComputerRequest>) -> ClientMessage {
    ClientMessage::CreateTournament {
        title: Some("Friday bots".into()),
        format,
        time_control: TimeControl::Untimed,
        rated: true,
        entry_list: None,
        computers,
    }
}

/// Creates a tournament as `organiser`; its id.
async fn created(organiser: &mut WsClient, message: ClientMessage) -> TournamentId {
    organiser.send(&message).await;
    match organiser
        .recv_until(|m| matches!(m, ServerMessage::TournamentCreated { .. }))
        .await
    {
        ServerMessage::TournamentCreated { tournament_id } => tournament_id,
        _ => unreachable!(),
    }
}

/// The next `tournament_updated` of `id` that satisfies `want`.
async fn view_until(
    client: &mut WsClient,
    id: TournamentId,
    mut want: impl FnMut(&TournamentView) -> bool,
) -> TournamentView {
    loop {
        if let ServerMessage::TournamentUpdated { tournament } = client.recv().await
            && tournament.summary.id == id
            && want(&tournament)
        {
            return tournament;
        }
    }
}

/// Joins `id` and waits to be listed.
async fn join(client: &mut WsClient, id: TournamentId, name: &str) {
    client
        .send(&ClientMessage::JoinTournament { tournament_id: id })
        .await;
    view_until(client, id, |v| v.entrants.iter().any(|e| e.name == name)).await;
}

/// The next `tournament_game`: the match and the seat.
async fn next_game(client: &mut WsClient) -> (u32, MatchId, Side) {
    match client
        .recv_until(|m| matches!(m, ServerMessage::TournamentGame { .. }))
        .await
    {
        ServerMessage::TournamentGame {
            round,
            match_id,
            seat,
            ..
        } => (round, match_id, seat),
        _ => unreachable!(),
    }
}

/// Takes the seat and plays random moves to the end.
async fn play_game(client: &mut WsClient, match_id: MatchId, seat: Side) {
    client
        .send(&ClientMessage::Join {
            match_id,
            seat: Some(seat),
        })
        .await;
    client
        .recv_until(
            |m| matches!(m, ServerMessage::GameStarted { match_id: m, .. } if *m == match_id),
        )
        .await;
    play_out(client, match_id, seat, Position::start()).await;
}

/// Plays every game it is told of until the tournament finishes; the final
/// view.
async fn play_all(mut client: WsClient, id: TournamentId) -> (WsClient, TournamentView) {
    loop {
        match client.recv().await {
            ServerMessage::TournamentGame { match_id, seat, .. } => {
                play_game(&mut client, match_id, seat).await;
            }
            ServerMessage::TournamentUpdated { tournament }
                if tournament.summary.id == id
                    && tournament.summary.status == TournamentStatus::Finished =>
            {
                return (client, tournament);
            }
            _ => {}
        }
    }
}

/// Points by name, recomputed from the game records in the history.
fn points_from_records(server: &TestServer, view: &TournamentView) -> Vec<(String, u32)> {
    let mut points: std::collections::BTreeMap<String, u32> =
        view.entrants.iter().map(|e| (e.name.clone(), 0)).collect();
    for (n, round) in view.rounds.iter().enumerate() {
        for game in &round.games {
            let result = game.result.expect("every game has its result");
            match game.match_id {
                Some(id) if !result.forfeit => {
                    let record = server.record(id);
                    let tag = record
                        .tournament
                        .clone()
                        .expect("a tournament game's record says so");
                    assert_eq!(tag.id, view.summary.id.to_string());
                    assert_eq!(tag.round, n as u32 + 1);
                    assert_eq!(record.white.name, game.white);
                    assert_eq!(record.result.winner, result.winner);
                    assert!(record.rated, "a rated tournament's games are rated");
                    if let Some(side) = record.result.winner {
                        *points.get_mut(&record.player(side).name).unwrap() += 1;
                    }
                }
                _ => match result.winner {
                    Some(Side::First) => *points.get_mut(&game.white).unwrap() += 1,
                    Some(Side::Second) => *points.get_mut(&game.black).unwrap() += 1,
                    None => {}
                },
            }
        }
        if let Some(bye) = &round.bye {
            *points.get_mut(bye).unwrap() += 1;
        }
    }
    let mut rows: Vec<(String, u32)> = points.into_iter().collect();
    rows.sort();
    rows
}

fn points_of(view: &TournamentView) -> Vec<(String, u32)> {
    let mut rows: Vec<(String, u32)> = view
        .standings
        .iter()
        .map(|r| (r.name.clone(), r.points))
        .collect();
    rows.sort();
    rows
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_is_played_to_the_end_and_recorded() {
    let server = server().await;
    let addr = server.addr();
    let mut ann = keyed(addr, "ann", 1).await;
    let id = created(&mut ann, round_robin()).await;
    join(&mut ann, id, "ann").await;
    let mut others = Vec::new();
    for (n, name) in ["bob", "cy", "dee"].into_iter().enumerate() {
        let mut client = keyed(addr, name, n as u8 + 2).await;
        join(&mut client, id, name).await;
        others.push(client);
    }
    view_until(&mut ann, id, |v| v.entrants.len() == 4).await;
    ann.send(&ClientMessage::StartTournament { tournament_id: id })
        .await;
    let players: Vec<_> = std::iter::once(ann)
        .chain(others)
        .map(|c| tokio::spawn(play_all(c, id)))
        .collect();
    let mut finals = Vec::new();
    for player in players {
        finals.push(player.await.unwrap().1);
    }
    let last = finals.pop().unwrap();
    assert_eq!(last.summary.status, TournamentStatus::Finished);
    assert_eq!(
        last.rounds.len(),
        3,
        "a round robin of four has three rounds"
    );
    assert!(last.rounds.iter().all(|r| r.games.len() == 2));
    assert_eq!(points_of(&last), points_from_records(&server, &last));
    assert_eq!(last.standings.iter().map(|r| r.points).sum::<u32>(), 6);

    // The record and the API say the same.
    let (status, body) = amazons_testkit::http::get(addr, &format!("/api/tournaments/{id}")).await;
    assert_eq!(status, 200);
    let api: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(api["status"], "finished");
    assert_eq!(api["rounds"].as_array().unwrap().len(), 3);
    assert!(api["standings"][0]["name"].is_string() && api["standings"][0]["points"].is_u64());
    let file = server
        .dir
        .path()
        .join("tournaments")
        .join(format!("{id}.json"));
    let record: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(record["standings"], api["standings"]);
    assert_eq!(record["rounds"], api["rounds"]);
    let (status, body) = amazons_testkit::http::get(addr, "/api/tournaments").await;
    assert_eq!(status, 200);
    assert!(body.contains(&id.to_string()), "{body}");
    let (status, _) = amazons_testkit::http::get(addr, "/api/tournaments/nope").await;
    assert_eq!(status, 404);
    server.stop().await;
}
