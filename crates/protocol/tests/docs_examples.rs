//! Every JSON example in docs/protocol.md parses as the message (or HTTP body)
//! its heading names and is exactly what the code writes for that value
//! (parsed, written back and compared as JSON), and every message type and
//! HTTP route has at least one example (the game record's example must
//! replay): the document a client author reads cannot drift from the code.
//! What the examples' values are (ratings, records, standings) is checked by
//! `docs_computed.rs`.

use std::collections::BTreeSet;

use amazons_core::GameRecord;
use amazons_protocol::{
    ClientMessage, GameAnalysis, GamesPage, Health, HostMessage, MatchSummary, MessageType,
    PlayerPage, PlayersPage, ServerMessage, ServerMessageType, TournamentView, TournamentsPage,
    WorkerMessage,
};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Section {
    Other,
    Client,
    Server,
    Worker,
    Http,
}

/// `value` as the code writes it, read back as JSON (through the text, so a
/// 32-bit float reads as the digits written, not as its 64-bit widening).
fn as_written<T: serde::Serialize>(value: &T) -> serde_json::Value {
    let text = serde_json::to_string(value).expect("a message serializes");
    serde_json::from_str(&text).expect("what the code writes reads back")
}

/// `example` is what the code writes for `value`, the value it was read as:
/// no field the code would leave out, rename or write otherwise.
fn written_back<T: serde::Serialize>(heading: &str, example: &str, value: &T) {
    let documented: serde_json::Value =
        serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
    let written = as_written(value);
    assert_eq!(
        written, documented,
        "{heading}: the code writes the first, the doc shows the second"
    );
}

/// Every field of the client's `example` is one the server reads, with the
/// value it read (the server ignores unknown fields, so a misspelt one
/// would pass unseen); fields left out take their defaults.
fn read_whole(heading: &str, example: &str, message: &ClientMessage) {
    fn within(shown: &serde_json::Value, read: &serde_json::Value) -> bool {
        match (shown, read) {
            (serde_json::Value::Object(shown), serde_json::Value::Object(read)) => shown
                .iter()
                .all(|(key, value)| read.get(key).is_some_and(|r| within(value, r))),
            (shown, read) => shown == read,
        }
    }
    let shown: serde_json::Value =
        serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
    let read = as_written(message);
    assert!(
        within(&shown, &read),
        "{heading}: the server reads {read}, the doc shows {shown}"
    );
}

/// Parses an example of the HTTP API body its heading names
/// (`GET /api/games`), with the type the server writes and the client reads.
fn check_http(heading: &str, example: &str) {
    match heading {
        "GET /health" => {
            let health: Health =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            written_back(heading, example, &health);
        }
        "GET /api/matches" => {
            let list: Vec<MatchSummary> =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            written_back(heading, example, &list);
            assert!(!list.is_empty());
        }
        "GET /api/games" => {
            let page: GamesPage =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            written_back(heading, example, &page);
            assert!(!page.games.is_empty());
        }
        "GET /api/games/{id}" => {
            let record: GameRecord =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            written_back(heading, example, &record);
            let positions = record
                .replay()
                .unwrap_or_else(|e| panic!("the GameRecord example does not replay: {e}"));
            assert_eq!(positions.len(), record.moves.len() + 1);
        }
        "POST /api/games/{id}/analysis" | "GET /api/games/{id}/analysis" => {
            let analysis: GameAnalysis =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            written_back(heading, example, &analysis);
            assert_eq!(analysis.plies.len(), analysis.done as usize, "{heading}");
            for (k, ply) in analysis.plies.iter().enumerate() {
                assert_eq!(ply.ply as usize, k, "{heading}");
            }
        }
        "GET /api/players" => {
            let page: PlayersPage =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            written_back(heading, example, &page);
            assert!(!page.players.is_empty());
        }
        "GET /api/players/{name}" => {
            let page: PlayerPage =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            written_back(heading, example, &page);
            assert!(!page.history.is_empty() && !page.recent_games.is_empty());
        }
        "GET /api/tournaments" => {
            let page: TournamentsPage =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            written_back(heading, example, &page);
            assert!(!page.tournaments.is_empty());
        }
        "GET /api/tournaments/{id}" => {
            let view: TournamentView =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            written_back(heading, example, &view);
            assert!(!view.rounds.is_empty() && !view.standings.is_empty());
        }
        "GET /api/workers" => {
            let page: amazons_protocol::WorkersPage =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            assert_eq!(page.workers[0].name, "host", "the host first");
            let places: u32 = page.workers.iter().map(|w| w.places).sum();
            let free: u32 = page.workers.iter().map(|w| w.places - w.busy).sum();
            assert_eq!((page.places, page.free), (places, free));
        }
        "GET /api/territory" => {
            let view: amazons_protocol::TerritoryView =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            written_back(heading, example, &view);
            assert_eq!(view.owners.chars().count(), 100, "one letter a square");
        }
        "Errors" => {
            let refusal: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(example).unwrap_or_else(|e| panic!("{heading}: {e}"));
            let keys: Vec<&str> = refusal.keys().map(String::as_str).collect();
            assert_eq!(keys, ["error", "message"], "{heading}: {example}");
            assert!(
                refusal.values().all(serde_json::Value::is_string),
                "{example}"
            );
        }
        other => panic!("an HTTP example under an unknown heading `{other}`"),
    }
}

#[test]
fn every_example_in_protocol_md_parses_as_its_message() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md");
    let text = std::fs::read_to_string(path).expect("docs/protocol.md exists");
    let mut section = Section::Other;
    let mut heading = String::new();
    let mut in_json = false;
    let mut seen_client = BTreeSet::new();
    let mut seen_server = BTreeSet::new();
    let mut seen_http = BTreeSet::new();
    let mut seen_worker = BTreeSet::new();
    let mut block = String::new();
    for line in text.lines() {
        if in_json {
            if line.starts_with("```") {
                in_json = false;
                let example = block.trim();
                match section {
                    Section::Client => {
                        let message = ClientMessage::decode(example)
                            .unwrap_or_else(|e| panic!("{heading}: {example}: {e:?}"));
                        assert_eq!(message.message_type().name(), heading, "{example}");
                        read_whole(&heading, example, &message);
                        seen_client.insert(heading.clone());
                    }
                    Section::Server => {
                        let message = ServerMessage::decode(example)
                            .unwrap_or_else(|e| panic!("{heading}: {example}: {e}"));
                        assert_eq!(message.message_type().name(), heading, "{example}");
                        written_back(&heading, example, &message);
                        seen_server.insert(heading.clone());
                    }
                    Section::Worker => {
                        let name = match WorkerMessage::decode(example) {
                            Ok(message) => message.type_name(),
                            Err(_) => HostMessage::decode(example)
                                .unwrap_or_else(|e| panic!("{heading}: {example}: {e}"))
                                .type_name(),
                        };
                        assert_eq!(name, heading, "{example}");
                        seen_worker.insert(heading.clone());
                    }
                    Section::Http => {
                        check_http(&heading, example);
                        seen_http.insert(heading.clone());
                    }
                    Section::Other => panic!("JSON example outside the message sections"),
                }
                block.clear();
            } else {
                block.push_str(line);
                block.push('\n');
            }
        } else if line == "## Client messages" {
            section = Section::Client;
        } else if line == "## Server messages" {
            section = Section::Server;
        } else if line == "## Worker messages" {
            section = Section::Worker;
        } else if line == "## HTTP on the same port" {
            section = Section::Http;
        } else if line.starts_with("## ") {
            section = Section::Other;
        } else if let Some(rest) = line.strip_prefix("### ") {
            heading = rest.trim_matches('`').to_owned();
        } else if line.starts_with("```json") {
            in_json = true;
        }
    }
    let expected_client: BTreeSet<String> = MessageType::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(
        seen_client, expected_client,
        "client messages without an example"
    );
    let expected_server: BTreeSet<String> =
        ServerMessageType::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(
        seen_server, expected_server,
        "server messages without an example"
    );
    let expected_worker: BTreeSet<String> = WorkerMessage::TYPES
        .iter()
        .chain(HostMessage::TYPES.iter())
        .map(|t| t.to_string())
        .collect();
    assert_eq!(
        seen_worker, expected_worker,
        "worker messages without an example"
    );
    for route in [
        "Errors",
        "GET /health",
        "GET /api/matches",
        "GET /api/games",
        "GET /api/games/{id}",
        "POST /api/games/{id}/analysis",
        "GET /api/games/{id}/analysis",
        "GET /api/players",
        "GET /api/players/{name}",
        "GET /api/tournaments",
        "GET /api/tournaments/{id}",
        "GET /api/territory",
        "GET /api/workers",
    ] {
        assert!(seen_http.contains(route), "`{route}` has no example");
    }
}

#[test]
fn the_snapshot_example_tells_the_truth_about_its_position() {
    use amazons_core::Position;
    let after = Position::start().play("d1-d7/g7".parse().unwrap()).unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(
        text.contains(&format!("\"fen\":\"{}\"", after.fen())),
        "{}",
        after.fen()
    );
}

#[test]
fn the_legal_moves_example_is_the_truth_about_its_position() {
    use amazons_core::Position;
    use amazons_protocol::LegalMoves;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md");
    let text = std::fs::read_to_string(path).unwrap();
    let fen = "9q/10/10/10/10/10/10/***7/2*7/Q**7 w - - 0 4";
    assert!(text.contains(&format!("`{fen}`")), "the example's position");
    let position: Position = fen.parse().unwrap();
    let example = text
        .lines()
        .find(|line| line.starts_with(r#"{"type":"legal_moves""#))
        .expect("a legal_moves example");
    match ServerMessage::decode(example).unwrap() {
        ServerMessage::LegalMoves { ply, moves, .. } => {
            assert_eq!(ply, position.ply());
            assert_eq!(moves, LegalMoves::of_position(&position));
        }
        other => panic!("{other:?}"),
    }
}
