//! Decoding of client messages, exactly as the server reads a text frame
//! (`ClientMessage::decode`): it never panics, a refusal is `malformed` or
//! `unknown_type` (the latter only for a `type` that is not a message of the
//! protocol), and a decoded message survives encode -> decode unchanged with
//! a stable encoding. Server messages get the same round-trip check.
//!
//! The corpus directory is not kept in git, so besides the raw input (read as
//! text) each input is also spliced into a documented example of a client
//! message: every example of docs/protocol.md whose `type` is a client
//! message (the docs hold one for every type, which `docs_vocabulary.rs`
//! requires, and this target checks at its start), so every message type is
//! fuzzed and a new one is without a change here. The first byte picks the
//! example, the second the field, the rest becomes that field's raw JSON.

#![no_main]

use std::collections::BTreeSet;
use std::sync::OnceLock;

use amazons_protocol::{ClientMessage, ErrorCode, MessageType, ServerMessage};
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value};

/// The protocol document, compiled in.
const PROTOCOL_MD: &str = include_str!("../../docs/protocol.md");

/// Stands in for the field the fuzz input replaces.
const HOLE: &str = "\u{1}fuzz\u{1}";

/// Every documented example of a client message, as a JSON object.
fn templates() -> &'static [Map<String, Value>] {
    static TEMPLATES: OnceLock<Vec<Map<String, Value>>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        let mut found = Vec::new();
        for block in PROTOCOL_MD.split("```json").skip(1) {
            let body = block.split("```").next().unwrap_or("");
            let body = body.split_once('\n').map_or("", |(_, rest)| rest);
            for line in body.lines() {
                if let Ok(Value::Object(map)) = serde_json::from_str::<Value>(line)
                    && let Some(Value::String(name)) = map.get("type")
                    && MessageType::from_name(name).is_some()
                {
                    found.push(map);
                }
            }
        }
        let covered: BTreeSet<String> = found
            .iter()
            .filter_map(|m| m.get("type").and_then(Value::as_str).map(str::to_owned))
            .collect();
        for message_type in MessageType::ALL {
            assert!(
                covered.contains(&message_type.name()),
                "docs/protocol.md has no example of {} to fuzz",
                message_type.name()
            );
        }
        found
    })
}

/// `template` with its `field`-th field (in the example's order, `type`
/// included) replaced by `fragment` as raw JSON.
fn spliced(template: &Map<String, Value>, field: usize, fragment: &str) -> String {
    let mut map = template.clone();
    if let Some(key) = map.keys().nth(field % map.len().max(1)).cloned() {
        map.insert(key, Value::String(HOLE.to_owned()));
    }
    let text = Value::Object(map).to_string();
    let hole = Value::String(HOLE.to_owned()).to_string();
    text.replacen(&hole, fragment, 1)
}

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
    if let [pick, field, rest @ ..] = data {
        let templates = templates();
        let template = &templates[usize::from(*pick) % templates.len()];
        let fragment = String::from_utf8_lossy(rest);
        check_client(&spliced(template, usize::from(*field), &fragment));
    }
});
