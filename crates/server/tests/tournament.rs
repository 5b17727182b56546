//! Tournaments over real sockets: created, joined and started by keyed
//! clients, each round's games announced with `tournament_game`, played,
//! and the standings and records checked; the refusals; forfeits; a
//! restart mid-round; computer entrants.

mod common;

use std::net::SocketAddr;

use amazons_core::{PlayerKind, Position, Side, TimeControl};
use amazons_protocol::tournament::Format;
use amazons_protocol::{
    ClientMessage, ComputerRequest, ErrorCode, MatchId, MatchStatus, PlayerKey, ServerMessage,
    StandingRow, TiebreakValue, TournamentId, TournamentStatus, TournamentView,
};
use amazons_server::config::Seconds;
use amazons_testkit::WsClient;
use amazons_tournament::{GameResult, Pairing, Round};
use common::{TestServer, play_out};

/// A server for tournament tests: random games send many moves quickly,
/// so the rate limit is out of the way.
async fn server() -> TestServer {
    TestServer::start_with(configure).await
}

fn configure(config: &mut amazons_server::Config) {
    config.rate_limit_messages = 1_000_000;
}

/// Four keyed entrants (ann organises) of a single round robin, started;
/// the clients, in the order ann, bob, cy, dee.
async fn four_started(addr: SocketAddr) -> (TournamentId, Vec<WsClient>) {
    four_started_as(addr, round_robin()).await
}

/// Four keyed entrants of the tournament `create` makes, started.
async fn four_started_as(addr: SocketAddr, create: ClientMessage) -> (TournamentId, Vec<WsClient>) {
    let mut ann = keyed(addr, "ann", 1).await;
    let id = created(&mut ann, create).await;
    join(&mut ann, id, "ann").await;
    let mut clients = vec![];
    for (n, name) in ["bob", "cy", "dee"].into_iter().enumerate() {
        let mut client = keyed(addr, name, n as u8 + 2).await;
        join(&mut client, id, name).await;
        clients.push(client);
    }
    view_until(&mut ann, id, |v| v.entrants.len() == 4).await;
    ann.send(&ClientMessage::StartTournament { tournament_id: id })
        .await;
    view_until(&mut ann, id, |v| {
        v.summary.status == TournamentStatus::Running
    })
    .await;
    clients.insert(0, ann);
    (id, clients)
}

/// Every client plays every game it is told of until the end; the final
/// view (from the last client).
async fn play_everything(clients: Vec<WsClient>, id: TournamentId) -> TournamentView {
    let players: Vec<_> = clients
        .into_iter()
        .map(|c| tokio::spawn(play_all(c, id)))
        .collect();
    let mut last = None;
    for player in players {
        last = Some(player.await.unwrap().1);
    }
    last.unwrap()
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

/// The next `tournament_game`: the round, the match and the seat.
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

/// Takes the seat (or takes it back: after a restart the seat is the
/// entrant's, and `join` hands it over) and waits for the game to be on;
/// the position, or `None` when the game is over already or ends before
/// it begins (forfeited, or told of twice).
async fn sit(client: &mut WsClient, match_id: MatchId, seat: Side) -> Option<Position> {
    client
        .send(&ClientMessage::Join {
            match_id,
            seat: Some(seat),
        })
        .await;
    let snapshot = match client
        .recv_keeping(|m| match m {
            ServerMessage::Snapshot(s) => s.match_id == match_id,
            ServerMessage::Error { match_id: m, .. } => *m == Some(match_id),
            _ => false,
        })
        .await
    {
        ServerMessage::Snapshot(snapshot) => snapshot,
        _ => return None,
    };
    if snapshot.status == MatchStatus::Waiting {
        // A game can end before it begins: the opponent's withdrawal
        // reaches the match after this seat was taken.
        let began = client
            .recv_keeping(|m| match m {
                ServerMessage::GameStarted { match_id: m, .. }
                | ServerMessage::GameOver { match_id: m, .. } => *m == match_id,
                _ => false,
            })
            .await;
        if matches!(began, ServerMessage::GameOver { .. }) {
            return None;
        }
    }
    let mut position = Position::start();
    for recorded in &snapshot.moves {
        position = position.play(recorded.mv).unwrap();
    }
    Some(position)
}

/// Takes the seat and plays random moves to the end (nothing when the game
/// is over already).
async fn play_game(client: &mut WsClient, match_id: MatchId, seat: Side) {
    if let Some(position) = sit(client, match_id, seat).await {
        play_out(client, match_id, seat, position).await;
    }
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

/// The standings recomputed by the pairing crate from the game records in
/// the history (each played game's result read from its record, which must
/// name the tournament game it was; forfeits from the view, as they have no
/// record), as rows of the view.
fn recomputed(server: &TestServer, view: &TournamentView) -> Vec<StandingRow> {
    let index = |name: &str| view.entrants.iter().position(|e| e.name == name).unwrap();
    let mut rounds = Vec::new();
    for (n, round) in view.rounds.iter().enumerate() {
        let mut pairings = Vec::new();
        for game in &round.games {
            let shown = game.result.expect("every game has its result");
            let result = match game.match_id {
                Some(id) if !shown.forfeit => {
                    let record = server.record(id);
                    let tag = record
                        .tournament
                        .clone()
                        .expect("a tournament game's record says so");
                    assert_eq!(tag.id, view.summary.id.to_string());
                    assert_eq!(tag.round, n as u32 + 1);
                    assert_eq!(record.white.name, game.white);
                    assert_eq!(record.black.name, game.black);
                    assert_eq!(record.rated, view.summary.rated);
                    assert_eq!(
                        record.territory.is_some(),
                        record.result.reason == amazons_core::EndReason::Territory
                    );
                    GameResult {
                        winner: record.result.winner,
                        forfeit: false,
                        margin: record.territory.map(|t| t.margin),
                    }
                }
                _ => shown,
            };
            pairings.push(Pairing {
                white: index(&game.white),
                black: index(&game.black),
                result: Some(result),
            });
        }
        rounds.push(Round {
            pairings,
            bye: round.bye.as_deref().map(index),
        });
    }
    amazons_tournament::standings(&view.summary.format, view.entrants.len(), &rounds)
        .into_iter()
        .map(|row| StandingRow {
            rank: row.rank,
            name: view.entrants[row.entrant].name.clone(),
            points: row.points,
            games: row.games,
            tiebreaks: row
                .tiebreaks
                .into_iter()
                .map(|(kind, value)| TiebreakValue { kind, value })
                .collect(),
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_is_played_to_the_end_and_recorded() {
    let server = server().await;
    let addr = server.addr();
    let (id, clients) = four_started(addr).await;
    let last = play_everything(clients, id).await;
    assert_eq!(last.summary.status, TournamentStatus::Finished);
    assert_eq!(
        last.rounds.len(),
        3,
        "a round robin of four has three rounds"
    );
    assert!(last.rounds.iter().all(|r| r.games.len() == 2));
    assert_eq!(last.standings, recomputed(&server, &last));
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_with_their_code_and_change_nothing() {
    let server = server().await;
    let addr = server.addr();
    let mut guest = WsClient::greeted(addr, "guest").await;
    assert_eq!(guest.refused(&round_robin()).await, ErrorCode::KeyRequired);
    let mut ann = keyed(addr, "ann", 1).await;
    let bad = create(Format::RoundRobin { cycles: 3 }, Vec::new());
    assert_eq!(ann.refused(&bad).await, ErrorCode::BadTournament);
    let id = created(&mut ann, round_robin()).await;
    assert_eq!(
        guest
            .refused(&ClientMessage::JoinTournament { tournament_id: id })
            .await,
        ErrorCode::KeyRequired
    );
    let nowhere = TournamentId::random();
    assert_eq!(
        guest
            .refused(&ClientMessage::WatchTournament {
                tournament_id: nowhere
            })
            .await,
        ErrorCode::NoSuchTournament
    );
    let start = ClientMessage::StartTournament { tournament_id: id };
    assert_eq!(
        ann.refused(&start).await,
        ErrorCode::BadTournament,
        "nobody entered yet"
    );
    join(&mut ann, id, "ann").await;
    let mut bob = keyed(addr, "bob", 2).await;
    join(&mut bob, id, "bob").await;
    assert_eq!(bob.refused(&start).await, ErrorCode::NotOrganiser);
    let pause = ClientMessage::PauseTournament { tournament_id: id };
    assert_eq!(ann.refused(&pause).await, ErrorCode::TournamentNotRunning);
    ann.send(&start).await;
    let (_, match_id, seat) = next_game(&mut ann).await;
    let mut cy = keyed(addr, "cy", 3).await;
    assert_eq!(
        cy.refused(&ClientMessage::JoinTournament { tournament_id: id })
            .await,
        ErrorCode::RegistrationClosed
    );
    assert_eq!(ann.refused(&start).await, ErrorCode::TournamentNotRunning);
    // The seats are the entrants': nobody else takes one.
    for side in [Side::First, Side::Second] {
        let join = ClientMessage::Join {
            match_id,
            seat: Some(side),
        };
        assert_eq!(cy.refused(&join).await, ErrorCode::SeatTaken);
    }
    assert_eq!(
        ann.refused(&ClientMessage::Join {
            match_id,
            seat: Some(seat.opponent())
        })
        .await,
        ErrorCode::SeatTaken,
        "not even the other entrant's"
    );
    let remove = ClientMessage::RemoveEntrant {
        tournament_id: id,
        name: "zed".into(),
    };
    assert_eq!(ann.refused(&remove).await, ErrorCode::NotEntered);
    assert_eq!(
        cy.refused(&ClientMessage::WithdrawTournament { tournament_id: id })
            .await,
        ErrorCode::NotEntered
    );
    // Nothing changed: one round, one game, no result.
    ann.send(&ClientMessage::WatchTournament { tournament_id: id })
        .await;
    let view = view_until(&mut ann, id, |_| true).await;
    assert_eq!(view.entrants.len(), 2);
    assert_eq!(view.rounds.len(), 1);
    assert_eq!(view.rounds[0].games[0].result, None);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_withdrawal_mid_event_forfeits_the_pending_game_and_the_later_ones() {
    let server = server().await;
    let addr = server.addr();
    let (id, mut clients) = four_started(addr).await;
    let mut dee = clients.pop().unwrap();
    let (round, _, _) = next_game(&mut dee).await;
    assert_eq!(round, 1);
    dee.send(&ClientMessage::WithdrawTournament { tournament_id: id })
        .await;
    view_until(&mut dee, id, |v| {
        v.entrants.iter().any(|e| e.name == "dee" && e.withdrawn)
    })
    .await;
    let last = play_everything(clients, id).await;
    assert_eq!(last.rounds.len(), 3, "the pairings stand");
    for round in &last.rounds {
        let game = round
            .games
            .iter()
            .find(|g| g.white == "dee" || g.black == "dee")
            .expect("dee is paired every round");
        let result = game.result.unwrap();
        assert!(result.forfeit, "{game:?}");
        let dee_side = if game.white == "dee" {
            Side::First
        } else {
            Side::Second
        };
        assert_eq!(result.winner, Some(dee_side.opponent()));
        if round.number > 1 {
            assert_eq!(
                game.match_id, None,
                "no match for a game forfeited at pairing"
            );
        }
    }
    let dee_row = last.standings.iter().find(|r| r.name == "dee").unwrap();
    assert_eq!(dee_row.points, 0);
    assert_eq!(last.standings, recomputed(&server, &last));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_not_taken_within_the_grace_period_is_forfeited() {
    let server = TestServer::start_with(|config| {
        configure(config);
        config.grace_secs = Seconds::new(1);
    })
    .await;
    let addr = server.addr();
    // ann turns up, bob does not; nobody turns up in cy and dee's.
    let mut ann = keyed(addr, "ann", 1).await;
    let one = created(&mut ann, round_robin()).await;
    join(&mut ann, one, "ann").await;
    let mut cy = keyed(addr, "cy", 3).await;
    let two = created(&mut cy, round_robin()).await;
    join(&mut cy, two, "cy").await;
    for (id, name, n) in [(one, "bob", 2), (two, "dee", 4)] {
        let mut client = keyed(addr, name, n).await;
        join(&mut client, id, name).await;
    }
    for (client, id) in [(&mut ann, one), (&mut cy, two)] {
        view_until(client, id, |v| v.entrants.len() == 2).await;
        client
            .send(&ClientMessage::StartTournament { tournament_id: id })
            .await;
    }
    let (_, match_id, seat) = next_game(&mut ann).await;
    ann.send(&ClientMessage::Join {
        match_id,
        seat: Some(seat),
    })
    .await;
    let finished = |v: &TournamentView| v.summary.status == TournamentStatus::Finished;
    let view = view_until(&mut ann, one, finished).await;
    let result = view.rounds[0].games[0].result.unwrap();
    assert!(result.forfeit);
    assert_eq!(result.winner, Some(seat), "ann was there");
    assert_eq!(view.standings[0].name, "ann");
    assert_eq!(view.standings[0].points, 1);
    let view = view_until(&mut cy, two, finished).await;
    let result = view.rounds[0].games[0].result.unwrap();
    assert!(
        result.forfeit && result.winner.is_none(),
        "a double forfeit"
    );
    assert!(view.standings.iter().all(|r| r.points == 0));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_round_keeps_the_tournament_its_results_and_its_games() {
    let server = server().await;
    let addr = server.addr();
    let (id, mut clients) = four_started(addr).await;
    // Round 1: one game is played to the end, the other is begun.
    let mut games = Vec::new();
    for client in &mut clients {
        games.push(next_game(client).await);
    }
    let first = games[0].1;
    let (mut finishers, mut others): (Vec<_>, Vec<_>) = clients
        .into_iter()
        .zip(games)
        .partition(|(_, (_, m, _))| *m == first);
    let mut played = Vec::new();
    for (mut client, (_, match_id, seat)) in finishers.drain(..) {
        played.push(tokio::spawn(async move {
            play_game(&mut client, match_id, seat).await;
            client
        }));
    }
    let mut ann = None;
    for task in played {
        let mut client = task.await.unwrap();
        if ann.is_none() {
            view_until(&mut client, id, |v| {
                v.rounds[0].games.iter().any(|g| g.result.is_some())
            })
            .await;
            ann = Some(client);
        }
    }
    for (client, (_, match_id, seat)) in &mut others {
        client
            .send(&ClientMessage::Join {
                match_id: *match_id,
                seat: Some(*seat),
            })
            .await;
        client
            .recv_until(|m| matches!(m, ServerMessage::Joined { .. }))
            .await;
    }
    let server = server.restart_with(configure).await;
    let addr = server.addr();
    let (status, body) = amazons_testkit::http::get(addr, &format!("/api/tournaments/{id}")).await;
    assert_eq!(status, 200);
    let view: TournamentView = serde_json::from_str(&body).unwrap();
    assert_eq!(view.summary.status, TournamentStatus::Running);
    assert_eq!(view.rounds.len(), 1);
    let results: Vec<bool> = view.rounds[0]
        .games
        .iter()
        .map(|g| g.result.is_some())
        .collect();
    assert_eq!(results.iter().filter(|r| **r).count(), 1, "{view:?}");
    assert!(view.rounds[0].games.iter().all(|g| g.match_id.is_some()));
    // Everyone comes back; the game in progress goes on, then the rest.
    let mut clients = Vec::new();
    for (name, n) in [("ann", 1), ("bob", 2), ("cy", 3), ("dee", 4)] {
        clients.push(keyed(addr, name, n).await);
    }
    for client in &mut clients {
        client
            .send(&ClientMessage::WatchTournament { tournament_id: id })
            .await;
    }
    let last = play_everything(clients, id).await;
    assert_eq!(last.rounds.len(), 3);
    assert_eq!(
        last.rounds[0].games,
        {
            let mut kept = view.rounds[0].games.clone();
            for (game, done) in kept.iter_mut().zip(&last.rounds[0].games) {
                game.result = game.result.or(done.result);
            }
            kept
        },
        "round 1 is the one from before the restart"
    );
    assert_eq!(last.standings, recomputed(&server, &last));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_entrants_play_their_games() {
    let server = server().await;
    let addr = server.addr();
    let mut ann = keyed(addr, "ann", 1).await;
    let quick = |level| ComputerRequest {
        think_ms: Some(1),
        ..ComputerRequest::level(amazons_core::Level::new(level).unwrap())
    };
    let id = created(
        &mut ann,
        create(Format::RoundRobin { cycles: 1 }, vec![quick(1)]),
    )
    .await;
    ann.send(&ClientMessage::EnterComputer {
        tournament_id: id,
        computer: quick(2),
    })
    .await;
    view_until(&mut ann, id, |v| v.entrants.len() == 2).await;
    assert_eq!(
        ann.refused(&ClientMessage::EnterComputer {
            tournament_id: id,
            computer: quick(2),
        })
        .await,
        ErrorCode::BadTournament,
        "each computer player once"
    );
    join(&mut ann, id, "ann").await;
    ann.send(&ClientMessage::StartTournament { tournament_id: id })
        .await;
    let last = play_everything(vec![ann], id).await;
    assert_eq!(
        last.rounds.len(),
        3,
        "three entrants: three rounds with a bye each"
    );
    assert!(
        last.rounds
            .iter()
            .all(|r| r.bye.is_some() && r.games.len() == 1)
    );
    let between_computers = last
        .rounds
        .iter()
        .flat_map(|r| &r.games)
        .find(|g| g.white != "ann" && g.black != "ann")
        .unwrap();
    assert!(
        !between_computers.result.unwrap().forfeit,
        "the computers played"
    );
    assert!(last.entrants.iter().all(|e| e.connected || e.name == "ann"));
    assert_eq!(last.standings, recomputed(&server, &last));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_paused_between_rounds_waits_for_its_organiser_then_plays_on() {
    let server = server().await;
    let addr = server.addr();
    let (id, mut clients) =
        four_started_as(addr, create(Format::Swiss { rounds: 3 }, Vec::new())).await;
    let mut ann = clients.remove(0);
    let (_, match_id, seat) = next_game(&mut ann).await;
    ann.send(&ClientMessage::PauseTournament { tournament_id: id })
        .await;
    view_until(&mut ann, id, |v| v.summary.paused).await;
    // Round 1 is played out; no round 2 comes while paused.
    let mut players = Vec::new();
    for mut client in clients {
        players.push(tokio::spawn(async move {
            let (_, match_id, seat) = next_game(&mut client).await;
            play_game(&mut client, match_id, seat).await;
            client
        }));
    }
    play_game(&mut ann, match_id, seat).await;
    let mut clients = vec![];
    for player in players {
        clients.push(player.await.unwrap());
    }
    let over = view_until(&mut ann, id, |v| {
        v.rounds[0].games.iter().all(|g| g.result.is_some())
    })
    .await;
    assert_eq!(over.rounds.len(), 1);
    // The next view is the answer to this watch (a round paired now would
    // have come first): still one round.
    ann.send(&ClientMessage::WatchTournament { tournament_id: id })
        .await;
    let next = view_until(&mut ann, id, |_| true).await;
    assert_eq!(next.rounds.len(), 1, "paused: round 2 waits");
    assert!(next.summary.paused);
    assert_eq!(
        clients[0]
            .refused(&ClientMessage::ResumeTournament { tournament_id: id })
            .await,
        ErrorCode::NotOrganiser
    );
    ann.send(&ClientMessage::ResumeTournament { tournament_id: id })
        .await;
    clients.insert(0, ann);
    let last = play_everything(clients, id).await;
    assert_eq!(last.rounds.len(), 3);
    assert!(!last.summary.paused);
    let mut pairs = std::collections::BTreeSet::new();
    for game in last.rounds.iter().flat_map(|r| &r.games) {
        let mut pair = [game.white.clone(), game.black.clone()];
        pair.sort();
        assert!(pairs.insert(pair), "no pairing twice in a Swiss: {game:?}");
    }
    assert_eq!(
        last.standings[0].tiebreaks.first().map(|t| t.kind),
        Some(amazons_protocol::tournament::Tiebreak::Buchholz)
    );
    assert_eq!(last.standings, recomputed(&server, &last));
    server.stop().await;
}
