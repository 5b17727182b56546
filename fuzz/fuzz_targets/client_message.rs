//! Decoding of client messages, exactly as the server reads a text frame
//! (`ClientMessage::decode`): it never panics, a refusal is `malformed` or
//! `unknown_type` (the latter only for a `type` that is not a message of the
//! protocol), and a decoded message survives encode -> decode unchanged with
//! a stable encoding. Server messages get the same round-trip check.
//!
//! The corpus directory is not kept in git, so besides the raw input (read as
//! text) each input is also spliced into a template of every message type:
//! the first byte picks the template, the rest becomes a field's raw JSON.
//! That reaches deep into the field decoders without a seed corpus.

#![no_main]

use amazons_protocol::{ClientMessage, ErrorCode, MessageType, ServerMessage};
use libfuzzer_sys::fuzz_target;

const ID: &str = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";

/// Message templates; `@` is replaced by the fuzz input (raw JSON).
const TEMPLATES: &[&str] = &[
    r#"{"type":"hello","protocol":@,"name":"ann"}"#,
    r#"{"type":"hello","protocol":1,"name":@,"kind":"bot"}"#,
    r#"{"type":"hello","protocol":1,"name":"x","kind":@,"client":"c"}"#,
    r#"{"type":"create_match","time_control":@,"color":"random"}"#,
    r#"{"type":"create_match","time_control":{"kind":"fischer","initial_ms":@,"increment_ms":2000}}"#,
    r#"{"type":"create_match","color":@}"#,
    r#"{"type":"join","match_id":"ID","seat":@}"#,
    r#"{"type":"join","match_id":@}"#,
    r#"{"type":"resume","match_id":"ID","token":@}"#,
    r#"{"type":"move","match_id":"ID","ply":@,"move":"d1-d7/g7"}"#,
    r#"{"type":"move","match_id":"ID","ply":0,"move":@}"#,
    r#"{"type":"move","match_id":"ID","ply":1,"move":"a7 b7 c7","token":@}"#,
    r#"{"type":"resign","match_id":"ID","token":@}"#,
    r#"{"type":"abort","match_id":"ID",@}"#,
    r#"{"type":"ping","nonce":@}"#,
    r#"{"type":@}"#,
    r#"{"type":"list_matches",@}"#,
    r#"{@}"#,
    r#"[@]"#,
    r#"@"#,
];

fn check_client(text: &str) {
    match ClientMessage::decode(text) {
        Ok(message) => {
            let encoded = message.encode();
            let again = ClientMessage::decode(&encoded)
                .unwrap_or_else(|e| panic!("{encoded} does not decode: {}", e.message));
            assert_eq!(again, message, "decode -> encode -> decode changed it");
            assert_eq!(again.encode(), encoded, "the encoding is not stable");
            let value: serde_json::Value = serde_json::from_str(&encoded).expect("JSON");
            let message_type = message.message_type();
            assert_eq!(value["type"], message_type.name());
            assert_eq!(MessageType::from_name(&message_type.name()), Some(message_type));
        }
        Err(error) => match error.code {
            ErrorCode::Malformed => {}
            ErrorCode::UnknownType => {
                assert_eq!(error.message_type, None);
                // (With duplicate keys the `type` read here may differ from
                // the one decode read, so only a plain object is checked.)
                if let Ok(serde_json::Value::Object(map)) = serde_json::from_str(text)
                    && let Some(serde_json::Value::String(name)) = map.get("type")
                    && text.matches("\"type\"").nth(1).is_none()
                {
                    assert_eq!(MessageType::from_name(name), None, "{name}");
                }
            }
            other => panic!("decode refused with {other:?}"),
        },
    }
}

fn check_server(text: &str) {
    if let Ok(message) = ServerMessage::decode(text) {
        let encoded = message.encode();
        let again = ServerMessage::decode(&encoded)
            .unwrap_or_else(|e| panic!("{encoded} does not decode: {e}"));
        assert_eq!(again.encode(), encoded, "the encoding is not stable");
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check_client(&text);
    check_server(&text);
    if let Some((&pick, rest)) = data.split_first() {
        let fragment = String::from_utf8_lossy(rest);
        let template = TEMPLATES[usize::from(pick) % TEMPLATES.len()].replace("ID", ID);
        let spliced = template.replace('@', &fragment);
        check_client(&spliced);
    }
});
