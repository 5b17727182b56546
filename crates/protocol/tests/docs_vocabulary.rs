//! docs/protocol.md names the wire's vocabulary exactly as the code does:
//! a `###` section for every client and every server message type, under
//! its direction's heading and nowhere else, and an error-code table with
//! every [`ErrorCode`] once, spelled as on the wire, and no other code. A
//! message type or an error code added to the code without its
//! documentation (or documented and then removed) fails here.

use std::collections::BTreeMap;

use amazons_protocol::{ErrorCode, MessageType, ServerMessageType};

/// docs/protocol.md.
fn protocol_md() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md");
    std::fs::read_to_string(path).expect("docs/protocol.md exists")
}

/// The `###` headings (without backticks) under each `##` heading.
fn sections(text: &str) -> BTreeMap<String, Vec<String>> {
    let mut sections: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current = String::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        if let Some(heading) = line.strip_prefix("## ") {
            current = heading.trim().to_owned();
        } else if let Some(heading) = line.strip_prefix("### ") {
            sections
                .entry(current.clone())
                .or_default()
                .push(heading.trim().trim_matches('`').to_owned());
        }
    }
    sections
}

/// The codes in the first column of the table under `Codes:` in the
/// `error` section, in the order written.
fn documented_codes(text: &str) -> Vec<String> {
    let error_section = text
        .split("\n### `error`\n")
        .nth(1)
        .expect("docs/protocol.md has an `error` section");
    let table = error_section
        .split("\nCodes:\n")
        .nth(1)
        .expect("the `error` section has a `Codes:` table");
    table
        .lines()
        .skip_while(|line| line.trim().is_empty())
        .take_while(|line| line.starts_with('|'))
        .skip(2) // the header and its rule
        .map(|row| {
            let cell = row.split('|').nth(1).expect("a table row has cells").trim();
            cell.strip_prefix('`')
                .and_then(|c| c.strip_suffix('`'))
                .unwrap_or_else(|| panic!("a code is written in backticks: {row}"))
                .to_owned()
        })
        .collect()
}

/// `names` sorted, for comparisons that also catch a name written twice.
fn sorted(mut names: Vec<String>) -> Vec<String> {
    names.sort();
    names
}

#[test]
fn every_message_type_has_its_section_and_no_section_names_another() {
    let text = protocol_md();
    let sections = sections(&text);
    let client: Vec<String> = MessageType::ALL.iter().map(|t| t.name()).collect();
    let server: Vec<String> = ServerMessageType::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(
        sorted(sections["Client messages"].clone()),
        sorted(client),
        "the `###` sections under `## Client messages` and MessageType differ"
    );
    assert_eq!(
        sorted(sections["Server messages"].clone()),
        sorted(server),
        "the `###` sections under `## Server messages` and ServerMessageType differ"
    );
}

#[test]
fn the_error_code_table_lists_exactly_the_codes() {
    let documented = documented_codes(&protocol_md());
    let codes: Vec<String> = ErrorCode::all().map(ErrorCode::name).collect();
    assert_eq!(
        sorted(documented),
        sorted(codes),
        "the code table in docs/protocol.md and ErrorCode differ"
    );
}

#[test]
fn the_readers_see_what_the_tests_compare() {
    // The parsers above find what is there (so the tests cannot pass by
    // reading nothing).
    let text = "## Client messages\n### `hello`\n```json\n### not a heading\n```\n## Server messages\n### `error`\n\nCodes:\n\n| code | meaning |\n|---|---|\n| `malformed` | x |\n| `internal` | y |\n\nafter\n";
    let sections = sections(text);
    assert_eq!(sections["Client messages"], ["hello"]);
    assert_eq!(sections["Server messages"], ["error"]);
    assert_eq!(documented_codes(text), ["malformed", "internal"]);
}
