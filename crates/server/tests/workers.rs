//! Remote workers over real sockets: the real server binary, real
//! `amazons-server worker` processes (and, for answers no real worker
//! gives, a worker spoken by hand): keys checked at hello and revoked while
//! connected; computer games played on a worker's place, going on elsewhere
//! when their worker is killed or answers an illegal move; games waiting in
//! line for a place; analyses split by position with a worker (the same
//! result as the host's alone) and unsound lines refused; a worker that
//! connects again by itself, and one that finishes its game after Ctrl-C.

mod common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use amazons_core::testing::random_move;
use amazons_core::{EndReason, Level, Position, Side, TimeControl};
use amazons_protocol::{
    ClientMessage, ColorPreference, ComputerRequest, HostMessage, MatchId, ServerMessage,
    WORKER_PROTOCOL_VERSION, WorkKind, WorkerKey, WorkerMessage, WorkerRefusal, WorkersPage,
};
use amazons_testkit::http::get as http_get;
use amazons_testkit::{ChildProcess, ServerProcess, WsClient};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

const BINARY: &str = env!("CARGO_BIN_EXE_amazons-server");

/// How long anything here may take before the test fails.
const WAIT: Duration = Duration::from_secs(60);

/// A server of this package's binary with `max_games` places of its own
/// and a line of one waiting game.
fn server(max_games: usize) -> ServerProcess {
    ServerProcess::options()
        .binary(BINARY)
        .args(["--computer-max-games", &max_games.to_string()])
        .args(["--set", "computer.max_waiting=1"])
        .start()
}

/// `amazons-server worker-key ARGS` on `history`: its stdout (the key for
/// `add`).
fn worker_key(history: &Path, args: &[&str]) -> String {
    let output = Command::new(BINARY)
        .arg("worker-key")
        .args(args)
        .arg("--history-dir")
        .arg(history)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

/// A key file holding `key`, in `dir`.
fn key_file(dir: &Path, name: &str, key: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("{key}\n")).unwrap();
    path
}

/// A real worker of `places` places for `server`.
fn worker(label: &str, server: &ServerProcess, key_file: &Path, places: u32) -> ChildProcess {
    let mut command = Command::new(BINARY);
    command
        .arg("worker")
        .arg("--server")
        .arg(format!("http://{}", server.addr()))
        .arg("--key-file")
        .arg(key_file)
        .arg("--places")
        .arg(places.to_string())
        .env("RUST_LOG", "info");
    ChildProcess::spawn(label, command)
}

async fn workers_page(server: &ServerProcess) -> WorkersPage {
    let (status, body) = http_get(server.addr(), "/api/workers").await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// Waits until `/api/workers` satisfies `want`.
async fn wait_page(server: &ServerProcess, want: impl Fn(&WorkersPage) -> bool) -> WorkersPage {
    let deadline = Instant::now() + WAIT;
    loop {
        let page = workers_page(server).await;
        if want(&page) {
            return page;
        }
        assert!(
            Instant::now() < deadline,
            "/api/workers never became as wanted: {page:?}\n{}",
            server.log()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Creates a match against level 1 thinking 50 ms, ann white; returns its
/// id.
async fn against_level_1(ann: &mut WsClient) -> MatchId {
    let (match_id, _, side) = try_against_level_1(ann).await.unwrap();
    assert_eq!(side, Side::First);
    match_id
}

/// Asks for a match against level 1 thinking 50 ms, white.
async fn try_against_level_1(
    ann: &mut WsClient,
) -> Result<(MatchId, amazons_protocol::SeatToken, Side), (amazons_protocol::ErrorCode, String)> {
    ann.send(&ClientMessage::CreateMatch {
        end_when_decided: None,
        assistance: None,
        initial_fen: None,
        rated: None,
        time_control: TimeControl::Fischer {
            initial_ms: 300_000,
            increment_ms: 0,
        },
        color: ColorPreference::White,
        computer: Some(ComputerRequest::level(Level::new(1).unwrap()).with_think_ms(50)),
    })
    .await;
    ann.joined_or_refused().await
}

/// Plays ann's random moves until the computer has made `replies` moves;
/// returns the position then (ann to move, nothing in flight).
async fn play_until(
    ann: &mut WsClient,
    match_id: MatchId,
    mut position: Position,
    replies: u32,
) -> Position {
    let mut seen = 0;
    let mv = random_move(&position, &mut rand::rng());
    ann.play(match_id, position.ply(), &mv.to_string()).await;
    loop {
        match ann.recv().await {
            ServerMessage::MovePlayed { ply, mv, .. } => {
                assert_eq!(ply, position.ply());
                position = position.play(mv.parse().unwrap()).unwrap();
                if position.is_game_over() {
                    return position;
                }
                if position.turn() == Side::First {
                    seen += 1;
                    if seen == replies {
                        return position;
                    }
                    let mv = random_move(&position, &mut rand::rng());
                    ann.play(match_id, position.ply(), &mv.to_string()).await;
                }
            }
            ServerMessage::GameOver { reason, .. } => panic!("the game ended early: {reason:?}"),
            ServerMessage::Error { code, message, .. } => panic!("{code:?}: {message}"),
            _ => {}
        }
    }
}

/// Plays the game out and checks it ended by the rules, the record too.
async fn finish_and_check(
    server: &ServerProcess,
    ann: &mut WsClient,
    match_id: MatchId,
    position: Position,
) {
    let (_, over) = common::play_out(ann, match_id, Side::First, position).await;
    let ServerMessage::GameOver {
        reason, record_id, ..
    } = over
    else {
        unreachable!()
    };
    assert_eq!(reason, EndReason::NoLegalMove, "{}", server.log());
    let (status, body) =
        http_get(server.addr(), &format!("/api/games/{}", record_id.unwrap())).await;
    assert_eq!(status, 200);
    let record: amazons_core::GameRecord = serde_json::from_str(&body).unwrap();
    record.replay().unwrap();
    assert_eq!(record.result.reason, EndReason::NoLegalMove);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_are_checked_at_hello_and_a_removed_key_ends_its_worker() {
    let server = server(1);
    let history = server.history_dir().to_owned();
    let keys = tempfile::tempdir().unwrap();
    let key = worker_key(&history, &["add", "lab-1"]);
    let analyses = worker_key(&history, &["add", "lab-2", "--analysis-only"]);
    assert_eq!(key.len(), 64);
    let listed = worker_key(&history, &["list"]);
    assert!(listed.contains("lab-1\tgames") && listed.contains("lab-2\tanalyses only"));
    let stored = std::fs::read_to_string(history.join("workers/keys.json")).unwrap();
    assert!(!stored.contains(&key), "only the hash is stored");

    // A wrong key and an analysis-only key offering games are refused; the
    // worker stops (trying again would not help).
    for (label, file, code) in [
        (
            "wrong",
            key_file(keys.path(), "wrong", &"0".repeat(64)),
            "BadKey",
        ),
        (
            "analyses",
            key_file(keys.path(), "analyses", &analyses),
            "NotAllowed",
        ),
    ] {
        let mut refused = worker(label, &server, &file, 1);
        assert!(!refused.wait_exit(WAIT).success(), "{label}");
        assert!(
            refused.stderr_text().contains(code),
            "{label}: {}",
            refused.output()
        );
        assert!(
            !refused.stderr_text().contains(&key) && !refused.stderr_text().contains(&analyses)
        );
    }
    assert_eq!(
        workers_page(&server).await.workers.len(),
        1,
        "the host only"
    );

    let file = key_file(keys.path(), "lab-1", &key);
    let mut lab = worker("lab-1", &server, &file, 2);
    let page = wait_page(&server, |p| p.workers.len() == 2).await;
    assert_eq!((page.places, page.free), (3, 3));
    assert_eq!(page.workers[0].name, "host");
    assert_eq!(
        (page.workers[1].name.as_str(), page.workers[1].places),
        ("lab-1", 2)
    );
    assert!(!server.log().contains(&key), "a key is never logged");

    // Removed on the host while connected: the worker is told and stops.
    assert!(worker_key(&history, &["remove", "lab-1"]).contains("removed"));
    assert!(!lab.wait_exit(WAIT).success());
    assert!(lab.stderr_text().contains("Revoked"), "{}", lab.output());
    wait_page(&server, |p| p.workers.len() == 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_worker_is_killed_goes_on_at_another_worker_and_is_recorded() {
    let server = server(1);
    let keys = tempfile::tempdir().unwrap();
    let history = server.history_dir().to_owned();
    let mut labs = Vec::new();
    for name in ["lab-1", "lab-2"] {
        let key = worker_key(&history, &["add", name]);
        labs.push(worker(name, &server, &key_file(keys.path(), name, &key), 1));
    }
    wait_page(&server, |p| p.workers.len() == 3).await;

    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let match_id = against_level_1(&mut ann).await;
    let page = wait_page(&server, |p| p.workers.iter().any(|w| w.busy == 1)).await;
    assert_eq!(page.workers[0].busy, 0, "a worker's place first: {page:?}");
    let playing = page.workers.iter().position(|w| w.busy == 1).unwrap();
    let position = play_until(&mut ann, match_id, Position::start(), 3).await;
    let (killed, other) = if playing == 1 { (0, 1) } else { (1, 0) };
    assert!(
        labs[killed].stderr_text().contains("played"),
        "the worker played: {}",
        labs[killed].output()
    );
    labs[killed].kill();

    // The game goes on at the other worker, never at the one that failed
    // (or at the host, if the other too lost it: on a machine so loaded
    // that its engine missed its start-up deadline).
    let position = play_until(&mut ann, match_id, position, 3).await;
    let page = workers_page(&server).await;
    assert_eq!(page.workers.len(), 2, "{page:?}");
    let at_the_other = page.workers[1].busy == 1;
    assert!(
        at_the_other || (page.workers[0].busy == 1 && page.workers[1].jobs_lost == 1),
        "{page:?}"
    );
    assert!(
        labs[other]
            .stderr_text()
            .contains("a computer game starts here"),
        "{}",
        labs[other].output()
    );
    finish_and_check(&server, &mut ann, match_id, position).await;
    wait_page(&server, |p| p.free == p.places).await;
    assert!(server.log().contains("goes on in another place"));
}

/// A worker spoken by hand: connected and welcomed.
async fn hand_worker(
    server: &ServerProcess,
    key: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let url = format!("ws://{}/worker", server.addr());
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let hello = WorkerMessage::Hello {
        protocol: WORKER_PROTOCOL_VERSION,
        key: WorkerKey(key.to_owned()),
        places: 1,
        work: vec![WorkKind::Game],
    };
    ws.send(Message::text(hello.encode())).await.unwrap();
    match next_host_message(&mut ws).await {
        HostMessage::Welcome { name, .. } => assert_eq!(name, "by-hand"),
        other => panic!("{other:?}"),
    }
    ws
}

async fn next_host_message<S>(ws: &mut S) -> HostMessage
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let frame = tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("a message in time")
            .expect("the connection is open")
            .unwrap();
        if let Message::Text(text) = frame {
            return HostMessage::decode(&text).unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_answer_loses_the_job_and_the_host_plays_on() {
    let server = server(1);
    let key = worker_key(server.history_dir(), &["add", "by-hand"]);
    let mut ws = hand_worker(&server, &key).await;
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let match_id = against_level_1(&mut ann).await;
    let first = random_move(&Position::start(), &mut rand::rng());
    ann.play(match_id, 0, &first.to_string()).await;
    let HostMessage::Think {
        job,
        ply,
        moves,
        engine,
        new_game,
        ..
    } = next_host_message(&mut ws).await
    else {
        panic!("a think")
    };
    assert_eq!((ply, moves, new_game), (1, vec![first.to_string()], true));
    assert_eq!(engine.unwrap().player, "level:1");
    // White's move for black: not legal there.
    let illegal = WorkerMessage::Moved {
        job,
        ply,
        mv: first.to_string(),
    };
    ws.send(Message::text(illegal.encode())).await.unwrap();
    assert_eq!(
        next_host_message(&mut ws).await,
        HostMessage::EndGame { job }
    );
    // The host thinks the ply again and plays it.
    let mut position = Position::start();
    while position.ply() < 2 {
        if let ServerMessage::MovePlayed { ply, mv, .. } = ann.recv().await {
            assert_eq!(ply, position.ply());
            position = position.play(mv.parse().unwrap()).unwrap();
        }
    }
    let page = workers_page(&server).await;
    assert_eq!((page.workers[0].busy, page.workers[1].jobs_lost), (1, 1));
    finish_and_check(&server, &mut ann, match_id, position).await;

    // A second hello on the same connection is a bad message.
    let again = WorkerMessage::Hello {
        protocol: WORKER_PROTOCOL_VERSION,
        key: WorkerKey(key.clone()),
        places: 1,
        work: vec![WorkKind::Game],
    };
    ws.send(Message::text(again.encode())).await.unwrap();
    let HostMessage::Refused { code, .. } = next_host_message(&mut ws).await else {
        panic!("refused")
    };
    assert_eq!(code, WorkerRefusal::BadMessage);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_every_place_is_taken_a_game_waits_in_line_and_its_computer_moves_when_one_frees() {
    let server = server(1);
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let first = against_level_1(&mut ann).await;
    // The only place is taken: bob's game starts and waits in line.
    let mut bob = WsClient::greeted(server.addr(), "bob").await;
    let waiting = against_level_1(&mut bob).await;
    let page = workers_page(&server).await;
    assert_eq!((page.free, page.waiting.clone()), (0, vec![waiting]));
    // The line holds one: carol is refused.
    let mut carol = WsClient::greeted(server.addr(), "carol").await;
    let (code, message) = try_against_level_1(&mut carol).await.unwrap_err();
    assert_eq!(code, amazons_protocol::ErrorCode::ComputerBusy, "{message}");
    assert!(message.contains("wait for a place"), "{message}");
    // Bob moves; his computer has no place yet, so it has not answered
    // when ann's game ends and frees the place; then it does.
    let mv = random_move(&Position::start(), &mut rand::rng());
    bob.play(waiting, 0, &mv.to_string()).await;
    loop {
        if let ServerMessage::MovePlayed { ply: 0, .. } = bob.recv().await {
            break;
        }
    }
    assert_eq!(workers_page(&server).await.waiting, vec![waiting]);
    ann.abort(first).await;
    loop {
        match bob.recv().await {
            ServerMessage::MovePlayed { ply: 1, side, .. } => {
                assert_eq!(side, Side::Second);
                break;
            }
            ServerMessage::GameOver { reason, .. } => panic!("{reason:?}"),
            _ => {}
        }
    }
    let page = workers_page(&server).await;
    assert!(page.waiting.is_empty(), "{page:?}");
    assert_eq!(page.workers[0].busy, 1, "the freed place is bob's game's");
}

/// Writes into `dir` the record of a game of `plies` random moves (from
/// `seed`); its id.
fn seed_game(dir: &Path, plies: usize, seed: u64) -> MatchId {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut position = Position::start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let mv = random_move(&position, &mut rng);
        moves.push(mv.to_string());
        position = position.play(mv).unwrap();
    }
    let id = MatchId::random();
    let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
    let record = amazons_core::testing::record_of(
        amazons_core::testing::sample_meta(&id.to_string()),
        &texts,
    );
    amazons_records::RecordDir::create(dir)
        .unwrap()
        .save(&id.to_string(), &record)
        .unwrap();
    id
}

/// A server on `dir` analysing at 100 playouts a position.
fn analysing_server(dir: &Path) -> ServerProcess {
    ServerProcess::options()
        .binary(BINARY)
        .history_dir(dir)
        .args(["--set", "analysis.playouts=100"])
        .start()
}

/// `POST /api/games/{id}/analysis`, then `GET` until it is done; the
/// analysis.
async fn analyse(server: &ServerProcess, id: MatchId) -> amazons_protocol::GameAnalysis {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = server.addr();
    let path = format!("/api/games/{id}/analysis");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let (status, body) = amazons_testkit::http::parse_response(&response);
    assert_eq!(status, 202, "{body}");
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let (status, body) = http_get(addr, &path).await;
        assert_eq!(status, 200, "{body}");
        let analysis: amazons_protocol::GameAnalysis = serde_json::from_str(&body).unwrap();
        if !matches!(
            analysis.status,
            amazons_protocol::AnalysisStatus::Queued | amazons_protocol::AnalysisStatus::Running
        ) {
            return analysis;
        }
        assert!(Instant::now() < deadline, "the analysis did not end");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_split_with_a_worker_equals_the_hosts_alone() {
    let dir = tempfile::tempdir().unwrap();
    let id = seed_game(dir.path(), 16, 3);
    let alone = {
        let server = analysing_server(dir.path());
        let analysis = analyse(&server, id).await;
        std::fs::remove_file(dir.path().join("analyses").join(format!("{id}.json"))).unwrap();
        analysis
    };
    assert_eq!(alone.status, amazons_protocol::AnalysisStatus::Done);
    let server = analysing_server(dir.path());
    let keys = tempfile::tempdir().unwrap();
    let key = worker_key(dir.path(), &["add", "lab", "--analysis-only"]);
    let file = key_file(keys.path(), "lab", &key);
    let mut command = Command::new(BINARY);
    command
        .args(["worker", "--work", "analysis", "--places", "2", "--server"])
        .arg(format!("ws://{}", server.addr()))
        .arg("--key-file")
        .arg(&file)
        .env("RUST_LOG", "info");
    let lab = ChildProcess::spawn("lab", command);
    let page = wait_page(&server, |p| p.workers.len() == 2).await;
    assert_eq!(page.workers[1].places, 0, "no place for games");
    let split = analyse(&server, id).await;
    assert_eq!(split, alone, "the same analysis wherever its positions ran");
    assert!(
        lab.stderr_text().contains("evaluated"),
        "the worker took positions: {}",
        lab.output()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_whose_evaluations_are_unsound_never_gets_a_position_twice_and_the_analysis_finishes()
 {
    let dir = tempfile::tempdir().unwrap();
    let id = seed_game(dir.path(), 12, 4);
    let server = analysing_server(dir.path());
    let key = worker_key(dir.path(), &["add", "by-hand", "--analysis-only"]);
    let url = format!("ws://{}/worker", server.addr());
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let hello = WorkerMessage::Hello {
        protocol: WORKER_PROTOCOL_VERSION,
        key: WorkerKey(key),
        places: 1,
        work: vec![WorkKind::Analysis],
    };
    ws.send(Message::text(hello.encode())).await.unwrap();
    assert!(matches!(
        next_host_message(&mut ws).await,
        HostMessage::Welcome { .. }
    ));
    let (mut sink, mut stream) = ws.split();
    // The unsound worker answers every position with a chance of 2, until
    // the test is done with it.
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let liar = tokio::spawn(async move {
        let mut asked = Vec::new();
        let mut stopped = stopped;
        loop {
            let message = tokio::select! {
                _ = &mut stopped => return asked,
                message = next_host_message(&mut stream) => message,
            };
            if let HostMessage::Evaluate { job, ply, .. } = message {
                asked.push(ply);
                let line = serde_json::json!({"ply": 0, "win_chance_white": 2.0, "score_cp": 0});
                let answer = WorkerMessage::Evaluated { job, ply, line };
                sink.send(Message::text(answer.encode())).await.unwrap();
            }
        }
    });
    let analysis = analyse(&server, id).await;
    assert_eq!(analysis.status, amazons_protocol::AnalysisStatus::Done);
    assert_eq!(analysis.done, analysis.total);
    let lost = workers_page(&server).await.workers[1].jobs_lost;
    stop.send(()).unwrap();
    let asked = liar.await.unwrap();
    assert!(!asked.is_empty(), "the worker was asked");
    let mut once = asked.clone();
    once.sort_unstable();
    once.dedup();
    assert_eq!(
        once.len(),
        asked.len(),
        "never the same position twice: {asked:?}"
    );
    // Every unsound answer read before the end was counted against it.
    assert!(
        lost >= 1 && lost <= asked.len() as u64,
        "{lost} of {asked:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_connects_again_by_itself_when_its_server_comes_back() {
    let mut server = server(1);
    let keys = tempfile::tempdir().unwrap();
    let key = worker_key(server.history_dir(), &["add", "lab"]);
    let mut lab = worker("lab", &server, &key_file(keys.path(), "lab", &key), 1);
    wait_page(&server, |p| p.workers.len() == 2).await;
    server.kill();
    lab.wait_log_line(WAIT, |line| line.contains("connecting again"));
    // While the server is away it keeps trying, waiting longer each time.
    lab.wait_log_line(WAIT, |line| line.contains("cannot work for"));
    server.restart();
    let page = wait_page(&server, |p| p.workers.len() == 2).await;
    assert_eq!(page.workers[1].name, "lab");
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let match_id = against_level_1(&mut ann).await;
    let position = play_until(&mut ann, match_id, Position::start(), 2).await;
    assert!(position.ply() >= 4);
    assert_eq!(
        workers_page(&server).await.workers[1].busy,
        1,
        "it plays again"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_that_fails_or_stays_silent_loses_the_game_which_goes_on_even_beyond_the_hosts_places()
 {
    let server = server(1);
    let key = worker_key(server.history_dir(), &["add", "by-hand"]);
    let mut ws = hand_worker(&server, &key).await;
    // Ann's game: the worker says its engine failed; the host takes it.
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let first = against_level_1(&mut ann).await;
    let mv = random_move(&Position::start(), &mut rand::rng());
    ann.play(first, 0, &mv.to_string()).await;
    let HostMessage::Think { job, ply, .. } = next_host_message(&mut ws).await else {
        panic!("a think")
    };
    let failed = WorkerMessage::Failed {
        job,
        ply,
        reason: "the engine crashed twice".into(),
    };
    ws.send(Message::text(failed.encode())).await.unwrap();
    assert_eq!(
        next_host_message(&mut ws).await,
        HostMessage::EndGame { job }
    );
    let page = wait_page(&server, |p| p.workers[0].busy == 1).await;
    assert_eq!(page.workers[1].jobs_lost, 1);
    // Bob's game: the worker takes it and stays silent past the deadline;
    // the host's one place is ann's, yet bob's game goes on there.
    let mut bob = WsClient::greeted(server.addr(), "bob").await;
    // The silence lasts the think's deadline (its budget, the grace and the
    // engine's start): longer than a message usually takes.
    bob.timeout = WAIT;
    let second = against_level_1(&mut bob).await;
    let mv = random_move(&Position::start(), &mut rand::rng());
    bob.play(second, 0, &mv.to_string()).await;
    let HostMessage::Think { job, .. } = next_host_message(&mut ws).await else {
        panic!("a think")
    };
    assert_eq!(
        next_host_message(&mut ws).await,
        HostMessage::EndGame { job }
    );
    bob.recv_until(|m| matches!(m, ServerMessage::MovePlayed { ply: 1, .. }))
        .await;
    let page = workers_page(&server).await;
    assert_eq!(page.workers[0].busy, 2, "beyond the host's count: {page:?}");
    assert_eq!(page.workers[1].jobs_lost, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_ctrl_c_lets_the_workers_game_finish_there_and_a_new_game_go_elsewhere() {
    let server = server(1);
    let keys = tempfile::tempdir().unwrap();
    let key = worker_key(server.history_dir(), &["add", "lab"]);
    let mut lab = worker("lab", &server, &key_file(keys.path(), "lab", &key), 1);
    wait_page(&server, |p| p.workers.len() == 2).await;
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let match_id = against_level_1(&mut ann).await;
    let position = play_until(&mut ann, match_id, Position::start(), 1).await;
    lab.interrupt();
    lab.wait_log_line(WAIT, |line| line.contains("finishing the 1 job(s) in hand"));
    // Bob's new game goes to the host; ann's stays at the worker.
    let page = wait_page(&server, |p| p.workers[1].places == 1).await;
    assert_eq!(page.workers[1].busy, 1);
    let mut bob = WsClient::greeted(server.addr(), "bob").await;
    against_level_1(&mut bob).await;
    wait_page(&server, |p| p.workers[0].busy == 1).await;
    let before = lab.stderr_text().matches("played").count();
    finish_and_check(&server, &mut ann, match_id, position).await;
    assert!(
        lab.stderr_text().matches("played").count() > before,
        "the worker played on after Ctrl-C: {}",
        lab.output()
    );
    assert!(lab.wait_exit(WAIT).success(), "{}", lab.output());
    assert!(lab.stderr_text().contains("every job in hand is finished"));
    let page = wait_page(&server, |p| p.workers.len() == 1).await;
    assert_eq!(page.workers[0].busy, 1, "bob's game");
}
