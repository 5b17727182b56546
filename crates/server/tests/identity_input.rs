//! What a `hello` may carry, over a real socket: a key is exactly 64 hex
//! digits (one with white space around it is `malformed`, as
//! docs/protocol.md says), and a name that differs from a claimed one only
//! by invisible characters (a soft hyphen, a word joiner) is refused: it is
//! that name, not another (the zero-width characters the name check itself
//! refuses are `bad_name` before that).

mod common;

use amazons_core::PlayerKind;
use amazons_protocol::{ClientMessage, ErrorCode, ServerMessage};
use amazons_testkit::WsClient;
use common::TestServer;

const KEY: &str = "5f4dcc3b5aa765d61d8327deb882cf995f4dcc3b5aa765d61d8327deb882cf99";
const OTHER_KEY: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/// A `hello` as `name` with the key text `key`, as a client writes it.
fn hello_text(name: &str, key: &str) -> String {
    serde_json::json!({"type": "hello", "protocol": 1, "name": name, "key": key}).to_string()
}

/// What the server answers a new connection's `hello` as `name` with `key`.
async fn answer(server: &TestServer, name: &str, key: &str) -> ServerMessage {
    let mut client = WsClient::connect(server.addr()).await;
    client.send_text(&hello_text(name, key)).await;
    client.recv().await
}

fn code(message: ServerMessage) -> ErrorCode {
    match message {
        ServerMessage::Error { code, .. } => code,
        other => panic!("not refused: {other:?}"),
    }
}

#[tokio::test]
async fn a_key_with_white_space_around_it_is_malformed() {
    let server = TestServer::start().await;
    for padded in [format!(" {KEY}"), format!("{KEY}\n"), format!("{KEY} ")] {
        assert_eq!(
            code(answer(&server, "ann", &padded).await),
            ErrorCode::Malformed,
            "{padded:?}"
        );
    }
    assert!(matches!(
        answer(&server, "ann", KEY).await,
        ServerMessage::Welcome { .. }
    ));
    assert!(matches!(
        answer(&server, "ann", &KEY.to_uppercase()).await,
        ServerMessage::Welcome { .. }
    ));
    server.stop().await;
}

#[tokio::test]
async fn a_name_with_an_invisible_character_in_it_is_refused_and_never_a_look_alike() {
    let server = TestServer::start().await;
    let mut ann = WsClient::connect(server.addr()).await;
    ann.send_text(&hello_text("ann", KEY)).await;
    assert!(matches!(ann.recv().await, ServerMessage::Welcome { .. }));
    for look_alike in ["a\u{ad}nn", "ann\u{2060}", "\u{ad}ann", "an\u{200b}n"] {
        let with_key = code(answer(&server, look_alike, OTHER_KEY).await);
        assert!(
            with_key == ErrorCode::BadName,
            "{look_alike:?} with another key: {with_key:?}"
        );
        let mut guest = WsClient::connect(server.addr()).await;
        guest
            .send(&ClientMessage::Hello {
                protocol: 1,
                name: look_alike.into(),
                kind: PlayerKind::Human,
                client: None,
                legal_moves: false,
                key: None,
            })
            .await;
        let as_guest = code(guest.recv().await);
        assert!(
            as_guest == ErrorCode::BadName,
            "{look_alike:?} as a guest: {as_guest:?}"
        );
    }
    // No invisible character passes the name check, whoever sends it, so no
    // name that looks like another can be claimed, not even by its holder.
    for key in [OTHER_KEY, KEY] {
        assert_eq!(
            code(answer(&server, "a\u{ad}nn", key).await),
            ErrorCode::BadName
        );
    }
    assert!(matches!(
        answer(&server, "ann", KEY).await,
        ServerMessage::Welcome { .. }
    ));
    server.stop().await;
}
