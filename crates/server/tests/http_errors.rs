//! Every refusal of the JSON API over HTTP is JSON, `{"error": CODE,
//! "message": TEXT}`, as the analysis endpoints answer (docs/protocol.md,
//! "HTTP on the same port"), over a real socket: a query string that does
//! not read, and the 404s and 409s of the lookups.

mod common;

use amazons_testkit::http::get;
use common::TestServer;

/// The `error` code of a JSON refusal, checking it has a message.
fn code_of(path: &str, body: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(body)
        .unwrap_or_else(|e| panic!("{path}: the refusal is not JSON ({e}): {body:?}"));
    assert!(
        value["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{path}: {body}"
    );
    value["error"].as_str().expect("an error code").to_owned()
}

#[tokio::test]
async fn query_strings_that_do_not_read_and_missing_things_are_refused_in_json() {
    let server = TestServer::start().await;
    for (path, status, code) in [
        ("/api/games?page=first", 400, "bad_query"),
        ("/api/games?per_page=-1", 400, "bad_query"),
        ("/api/players?kind=robot", 400, "bad_query"),
        ("/api/players?page=1.5", 400, "bad_query"),
        ("/api/territory", 400, "bad_fen"),
        ("/api/territory?fen=nonsense", 400, "bad_fen"),
        ("/api/games/00000000", 404, "no_game"),
        ("/api/players/nobody", 404, "no_player"),
        ("/api/tournaments/nope", 404, "no_tournament"),
        (
            "/api/tournaments/0b3f6d2c-1a4e-4f5b-8c7d-9e0f1a2b3c4d",
            404,
            "no_tournament",
        ),
    ] {
        let (got, body) = get(server.addr(), path).await;
        assert_eq!(got, status, "{path}: {body}");
        assert_eq!(code_of(path, &body), code, "{path}");
    }
    // docs/protocol.md shows this refusal as the server words it.
    let docs = include_str!("../../../docs/protocol.md");
    let example = docs
        .split("`GET /api/games?page=first`:\n\n```json\n")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .expect("docs/protocol.md shows the refusal of `?page=first`");
    let (_, body) = get(server.addr(), "/api/games?page=first").await;
    assert_eq!(body, example);
    let (ok, _) = get(server.addr(), "/api/games?page=2&per_page=5").await;
    assert_eq!(ok, 200, "a query that reads is answered");
    server.stop().await;
}
