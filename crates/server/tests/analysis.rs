//! Game analyses through the real server binary over real sockets: asked
//! for with `POST /api/games/{id}/analysis`, followed with `GET` while it
//! runs, saved in `analyses/` and served from there after a restart, never
//! touching the record; 404, 409 and 503 where the protocol says; waiting
//! for one of the computer's places; a worker that fails; and the worker
//! process itself.

use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use amazons_core::testing::{random_move, record_of, sample_meta};
use amazons_core::{Level, PlayerKind, Position, Side, TimeControl};
use amazons_protocol::{
    AnalysisStatus, ClientMessage, ColorPreference, ComputerRequest, GameAnalysis, MatchId, testing,
};
use amazons_records::RecordDir;
use amazons_server::analysis::worker::{Evaluated, WorkerArgs, WorkerJob};
use amazons_testkit::WsClient;
use amazons_testkit::http::{get, parse_response};
use amazons_testkit::process::ChildProcess;
use amazons_testkit::server::ServerProcess;
use rand::SeedableRng;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The budget of the test analyses (small: the tests check the plumbing;
/// the engine's own tests check what the numbers mean).
const PLAYOUTS: &str = "analysis.playouts=100";

/// Writes into `dir` the record of a game of `plies` random moves (from
/// `seed`) that the side to move then resigned; its id.
fn seed_game(dir: &Path, plies: usize, seed: u64) -> MatchId {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut position = Position::start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        if position.is_game_over() {
            break;
        }
        let mv = random_move(&position, &mut rng);
        moves.push(mv.to_string());
        position = position.play(mv).unwrap();
    }
    let id = MatchId::random();
    let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
    let record = record_of(sample_meta(&id.to_string()), &texts);
    RecordDir::create(dir)
        .unwrap()
        .save(&id.to_string(), &record)
        .unwrap();
    id
}

/// A server (this package's binary) on `dir` with the test budget and the
/// extra `--set` settings.
fn server(dir: &Path, settings: &[&str]) -> ServerProcess {
    let mut args = vec!["--set".to_owned(), PLAYOUTS.to_owned()];
    for setting in settings {
        args.extend(["--set".to_owned(), (*setting).to_owned()]);
    }
    ServerProcess::options()
        .binary(env!("CARGO_BIN_EXE_amazons-server"))
        .history_dir(dir)
        .args(args)
        .start()
}

/// `POST path` with no body: (status, body).
async fn post(addr: SocketAddr, path: &str) -> (u16, String) {
    let exchange = async {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).await.unwrap();
        response
    };
    let response = tokio::time::timeout(Duration::from_secs(10), exchange)
        .await
        .unwrap_or_else(|_| panic!("POST {path}: no answer"));
    parse_response(&response)
}

fn path(id: MatchId) -> String {
    format!("/api/games/{id}/analysis")
}

fn analysis(body: &str) -> GameAnalysis {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not an analysis ({e}): {body}"))
}

/// Follows the analysis of `id` with `GET` (as a page does, every 50 ms
/// here) until it is no longer waiting or running; every state seen, and the
/// last body. Progress never goes back. Gives up after five minutes (a hung
/// analysis), which is no limit on how long one may take.
async fn follow(addr: SocketAddr, id: MatchId) -> (Vec<GameAnalysis>, String) {
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut seen: Vec<GameAnalysis> = Vec::new();
    loop {
        let (status, body) = get(addr, &path(id)).await;
        assert_eq!(status, 200, "{body}");
        let now = analysis(&body);
        if let Some(before) = seen.last() {
            assert!(now.done >= before.done, "progress went back");
        }
        assert!(now.done <= now.total);
        let pending = matches!(now.status, AnalysisStatus::Queued | AnalysisStatus::Running);
        seen.push(now);
        if !pending {
            return (seen, body);
        }
        assert!(Instant::now() < deadline, "the analysis did not end");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_runs_is_saved_survives_a_restart_and_leaves_the_record_alone() {
    let dir = tempfile::tempdir().unwrap();
    let id = seed_game(dir.path(), 30, 1);
    let record_file = dir.path().join(format!("{id}.json"));
    let record_before = std::fs::read(&record_file).unwrap();
    let mut server = server(dir.path(), &[]);
    let addr = server.addr();

    let (status, body) = get(addr, &path(id)).await;
    assert_eq!(status, 404, "never asked: {body}");
    let error: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(error["error"], "no_analysis");

    let (status, body) = post(addr, &path(id)).await;
    assert_eq!(status, 202, "{body}");
    let queued = analysis(&body);
    assert_eq!(queued.game_id, id.to_string());
    assert_eq!(
        queued.total, 31,
        "the start and the position after each move"
    );
    assert_eq!(queued.budget.playouts, 100);
    // Asking again changes nothing: the same analysis, not a second one.
    let (again, body) = post(addr, &path(id)).await;
    assert!(again == 202 || again == 200, "{again} {body}");

    let (seen, done_body) = follow(addr, id).await;
    let done = seen.last().unwrap();
    assert_eq!(done.status, AnalysisStatus::Done, "{:?}", done.error);
    assert_eq!(done.done, 31);
    assert_eq!(done.plies.len(), 31);
    for (k, ply) in done.plies.iter().enumerate() {
        assert_eq!(ply.ply as usize, k);
        assert!((0.0..=1.0).contains(&ply.win_chance), "{}", ply.win_chance);
        assert_eq!(
            ply.played.is_some(),
            k < 30,
            "the last position has no move"
        );
        assert_eq!(ply.class.is_some(), k < 30);
    }
    assert!(done.summary.is_some(), "a summary when done");
    let record = RecordDir::new(dir.path()).load(&id.to_string()).unwrap();
    for (ply, moved) in done.plies.iter().zip(&record.moves) {
        assert_eq!(ply.played, Some(moved.mv), "the moves of the record");
    }

    // Saved atomically beside the records, read back byte for byte.
    let file = dir.path().join("analyses").join(format!("{id}.json"));
    let saved = std::fs::read(&file).unwrap();
    assert_eq!(saved, done_body.as_bytes(), "GET serves the file");
    assert_eq!(analysis(&done_body), *done);
    let (status, body) = post(addr, &path(id)).await;
    assert_eq!(
        (status, body.as_bytes()),
        (200, saved.as_slice()),
        "done: 200"
    );

    // The record is untouched, and the history does not take the analysis
    // for a record.
    assert_eq!(std::fs::read(&record_file).unwrap(), record_before);
    let (_, games) = get(addr, "/api/games").await;
    let games: Value = serde_json::from_str(&games).unwrap();
    assert_eq!(games["total"], 1);

    server.restart();
    let addr = server.addr();
    let (status, body) = get(addr, &path(id)).await;
    assert_eq!(status, 200);
    assert_eq!(
        body.as_bytes(),
        saved.as_slice(),
        "the same after a restart"
    );
    let short = &id.to_string()[..8];
    let (status, body) = get(addr, &format!("/api/games/{short}/analysis")).await;
    assert_eq!(
        (status, body.as_bytes()),
        (200, saved.as_slice()),
        "by prefix"
    );
    assert!(!server.log().contains("not a record"), "{}", server.log());
    assert_eq!(std::fs::read(&record_file).unwrap(), record_before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_game_at_the_same_budget_gives_the_same_analysis() {
    let dir = tempfile::tempdir().unwrap();
    let id = seed_game(dir.path(), 12, 2);
    let server = server(dir.path(), &[]);
    assert_eq!(post(server.addr(), &path(id)).await.0, 202);
    let (_, first) = follow(server.addr(), id).await;
    drop(server);
    std::fs::remove_file(dir.path().join("analyses").join(format!("{id}.json"))).unwrap();
    let server = self::server(dir.path(), &[]);
    assert_eq!(
        post(server.addr(), &path(id)).await.0,
        202,
        "analysed afresh"
    );
    let (_, second) = follow(server.addr(), id).await;
    assert_eq!(first, second);
}

/// A saved analysis of an older version (here one saved before analyses
/// had versions: no `version`, no glyphs) is not served: asking makes it
/// again, and the new one carries this version and every class's glyph.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_saved_by_an_older_version_is_made_again_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let id = seed_game(dir.path(), 8, 5);
    let analyses = dir.path().join("analyses");
    std::fs::create_dir_all(&analyses).unwrap();
    let file = analyses.join(format!("{id}.json"));
    let old = format!(
        r#"{{"game_id":"{id}","status":"done","done":9,"total":9,"budget":{{"playouts":100,"engine":"amazons level 7, 100 playouts"}},"plies":[{{"ply":0,"win_chance":0.5,"score_cp":0,"played":"d1-d7/g7","class":"best","loss":0.0}}]}}"#
    );
    std::fs::write(&file, &old).unwrap();
    let server = server(dir.path(), &[]);
    let addr = server.addr();

    let (status, body) = get(addr, &path(id)).await;
    assert_eq!(status, 404, "an old analysis is not served: {body}");
    let (status, body) = post(addr, &path(id)).await;
    assert_eq!(status, 202, "made again: {body}");
    let (seen, done_body) = follow(addr, id).await;
    let done = seen.last().unwrap();
    assert_eq!(done.status, AnalysisStatus::Done, "{:?}", done.error);
    assert_eq!(done.plies.len(), 9);

    let saved = std::fs::read_to_string(&file).unwrap();
    assert_eq!(saved, done_body, "the new one is saved and served");
    let json: Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(json["version"], amazons_engine::analysis::ANALYSIS_VERSION);
    for ply in json["plies"].as_array().unwrap() {
        let Some(class) = ply.get("class") else {
            assert!(ply.get("glyph").is_none(), "no class, no glyph: {ply}");
            continue;
        };
        let class: amazons_core::MoveClass = serde_json::from_value(class.clone()).unwrap();
        assert_eq!(
            ply["glyph"],
            serde_json::json!({"symbol": class.symbol(), "key": amazons_core::Vocabulary::key(class), "fault": class.is_fault()}),
            "{class}: {ply}"
        );
        assert_eq!(ply["glyph"]["key"], format!("analysis-class-{}", class));
    }
    assert!(
        json["plies"][0]["win_chance_white"].is_f64(),
        "the engine's own evaluation: {saved}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_games_ambiguous_prefixes_and_analyses_off_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let id = seed_game(dir.path(), 4, 3);
    let server = server(dir.path(), &["analysis.enabled=false"]);
    let addr = server.addr();
    for asked in [MatchId::random().to_string(), "zzzz".into(), "12".into()] {
        let where_ = format!("/api/games/{asked}/analysis");
        let (status, body) = post(addr, &where_).await;
        assert_eq!(status, 404, "{asked}: {body}");
        let error: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(error["error"], "no_game");
        assert_eq!(get(addr, &where_).await.0, 404);
    }
    let (status, body) = post(addr, &path(id)).await;
    assert_eq!(status, 503, "{body}");
    let error: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(error["error"], "analysis_off");
    assert!(
        !dir.path()
            .join("analyses")
            .join(format!("{id}.json"))
            .exists()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyses_wait_for_a_computer_place_and_a_full_queue_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let first = seed_game(dir.path(), 6, 4);
    let second = seed_game(dir.path(), 6, 5);
    let server = server(
        dir.path(),
        &["computer.max_games=1", "analysis.max_queue=1"],
    );
    let addr = server.addr();
    // A game against the computer holds the one place.
    let mut ann = WsClient::connect(addr).await;
    ann.send(&testing::hello("ann", PlayerKind::Human)).await;
    ann.send(&ClientMessage::CreateMatch {
        rated: None,
        end_when_decided: None,
        assistance: None,
        initial_fen: None,
        time_control: TimeControl::Untimed,
        color: ColorPreference::White,
        computer: Some(ComputerRequest::level(Level::new(1).unwrap())),
    })
    .await;
    let (match_id, _, side) = ann.joined_or_refused().await.unwrap();
    assert_eq!(side, Side::First);

    let (status, body) = post(addr, &path(first)).await;
    assert_eq!(status, 202, "{body}");
    let (status, body) = post(addr, &path(second)).await;
    assert_eq!(status, 503, "one waits already: {body}");
    let error: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(error["error"], "analysis_busy");
    let (_, body) = get(addr, &path(first)).await;
    assert_eq!(analysis(&body).status, AnalysisStatus::Queued);
    assert_eq!(
        get(addr, &path(second)).await.0,
        404,
        "refused: nothing kept"
    );

    // The game ends; its place goes to the analysis.
    ann.send(&ClientMessage::Resign {
        match_id,
        token: None,
    })
    .await;
    let (seen, _) = follow(addr, first).await;
    assert_eq!(seen.last().unwrap().status, AnalysisStatus::Done);
    assert_eq!(post(addr, &path(second)).await.0, 202, "room again");
    let (seen, _) = follow(addr, second).await;
    assert_eq!(seen.last().unwrap().status, AnalysisStatus::Done);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_that_fails_fails_the_analysis_which_may_be_asked_again() {
    let dir = tempfile::tempdir().unwrap();
    let id = seed_game(dir.path(), 4, 6);
    let mut server = server(dir.path(), &["computer.worker=/bin/false"]);
    let addr = server.addr();
    assert_eq!(post(addr, &path(id)).await.0, 202);
    let (seen, _) = follow(addr, id).await;
    let failed = seen.last().unwrap();
    assert_eq!(failed.status, AnalysisStatus::Failed);
    let why = failed.error.as_deref().unwrap_or_default();
    assert!(why.contains("stopped at position 0 of 5"), "{why}");
    assert!(why.contains("exit status: 1"), "{why}");
    assert!(
        !dir.path()
            .join("analyses")
            .join(format!("{id}.json"))
            .exists()
    );
    // Asked again, it runs again (and fails again here).
    let (status, body) = post(addr, &path(id)).await;
    assert_eq!(status, 202, "{body}");
    let (seen, _) = follow(addr, id).await;
    assert_eq!(seen.last().unwrap().status, AnalysisStatus::Failed);
    server.kill();
}

/// The analysis worker of this package's binary, at `playouts`, one
/// position at a time.
fn worker(playouts: u64) -> ChildProcess {
    worker_with(playouts, 1)
}

/// The analysis worker at `playouts`, `threads` positions at a time.
fn worker_with(playouts: u64, threads: usize) -> ChildProcess {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_amazons-server"));
    command.args(WorkerArgs { playouts, threads }.to_args());
    ChildProcess::spawn("analysis-worker", command)
}

/// The lines a worker at `playouts` with `threads` writes for `moves`.
fn worker_lines(moves: &[&str], playouts: u64, threads: usize) -> Vec<String> {
    let mut worker = worker_with(playouts, threads);
    worker.write_line(&job(moves));
    let lines = (0..=moves.len())
        .map(|ply| {
            worker
                .next_line(Duration::from_secs(120))
                .unwrap_or_else(|| panic!("no line {ply}:\n{}", worker.output()))
        })
        .collect();
    let (ok, _, stderr) = worker.finish(Duration::from_secs(30));
    assert!(ok, "{stderr}");
    lines
}

#[test]
fn a_worker_with_threads_writes_what_one_thread_writes_in_the_same_order() {
    let moves = ["d1-d7/g7", "a7-b7/c7", "g1-g4/g2", "j7-h7/i7", "a4-c4/b4"];
    let one = worker_lines(&moves, 200, 1);
    let three = worker_lines(&moves, 200, 3);
    assert_eq!(three, one);
}

/// The worker's input for `moves` from the start.
fn job(moves: &[&str]) -> String {
    serde_json::to_string(&WorkerJob {
        initial_fen: None,
        moves: moves.iter().map(|m| m.parse().unwrap()).collect(),
    })
    .unwrap()
}

#[test]
fn the_worker_writes_a_line_per_position_in_order_and_stops_when_its_input_closes() {
    let mut worker = worker(50);
    let moves = ["d1-d7/g7", "a7-b7/c7"];
    worker.write_line(&job(&moves));
    for ply in 0..3 {
        let line = worker
            .next_line(Duration::from_secs(120))
            .unwrap_or_else(|| panic!("no line {ply}:\n{}", worker.output()));
        let evaluated: Evaluated = serde_json::from_str(&line).unwrap();
        assert_eq!(evaluated.ply, ply);
        assert!((0.0..=1.0).contains(&evaluated.eval.win_chance_white));
        // The position after the engine's move is evaluated exactly when
        // the played move is another (never after the last position).
        let played = moves.get(ply as usize).map(|m| m.parse().unwrap());
        let judged = played.is_some() && played != evaluated.eval.best;
        assert_eq!(evaluated.after_best.is_some(), judged, "{line}");
    }
    let (ok, _, stderr) = worker.finish(Duration::from_secs(30));
    assert!(ok, "{stderr}");

    // Mid-position: a budget it would take hours to spend.
    let mut busy = self::worker(1 << 40);
    busy.write_line(&job(&[]));
    let (ok, stdout, _) = busy.finish(Duration::from_secs(30));
    assert!(ok && stdout.is_empty(), "it stopped at once: {stdout}");

    let (ok, _, stderr) = self::worker(50).finish(Duration::from_secs(30));
    assert!(!ok && stderr.contains("no game"), "{stderr}");
    let mut refused = self::worker(50);
    refused.write_line(&job(&["d1-d7/g7", "d1-d7/g7"]));
    let (ok, _, stderr) = refused.finish(Duration::from_secs(30));
    assert!(!ok && stderr.contains("not legal"), "{stderr}");
}

/// The processes whose command line holds `word`.
fn processes_with(word: &str) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            String::from_utf8_lossy(&cmdline)
                .split('\0')
                .any(|w| w == word)
                .then_some(pid)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_drops_a_running_analysis_and_its_worker_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let id = seed_game(dir.path(), 4, 7);
    // A budget no position finishes in: the analysis runs until the end.
    let playouts = "987654321987";
    let mut server = server(dir.path(), &[&format!("analysis.playouts={playouts}")]);
    assert_eq!(post(server.addr(), &path(id)).await.0, 202);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (_, body) = get(server.addr(), &path(id)).await;
        if analysis(&body).status == AnalysisStatus::Running && !processes_with(playouts).is_empty()
        {
            break;
        }
        assert!(Instant::now() < deadline, "it never ran: {body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Killed, the server takes its worker with it (its input closes)...
    server.kill();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !processes_with(playouts).is_empty() {
        assert!(Instant::now() < deadline, "the worker outlived the server");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // ...and after the restart nothing is left of the analysis.
    server.restart();
    let (status, body) = get(server.addr(), &path(id)).await;
    assert_eq!(status, 404, "{body}");
    assert!(
        !dir.path()
            .join("analyses")
            .join(format!("{id}.json"))
            .exists()
    );
}
