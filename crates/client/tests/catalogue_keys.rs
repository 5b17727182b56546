//! The terminal catalogue and the client's code held to each other: every
//! key of `terminal.ftl` is used by the client's source (as a string
//! literal), every key the source looks up is in a catalogue, and the keys
//! built at run time from an enum (`error-<code>`) exist for every value.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use amazons_i18n::{Lang, catalog, message_ids};

/// The text of every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a source file");
            found.push((path, text));
        }
    }
    found
}

/// Every string literal in `text` that could be a key: lower-case words
/// joined by `-`.
fn key_literals(text: &str) -> BTreeSet<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            !s.is_empty()
                && s.contains('-')
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
        .map(str::to_string)
        .collect()
}

/// The keys `t!("…")` and `message("…")` look up in `text`.
fn looked_up(text: &str) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for opener in ["t!(\"", "t!(\n", "message(\""] {
        for (at, _) in text.match_indices(opener) {
            // `t!(`, not the end of `format!(` or `writeln!(`.
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                continue;
            }
            let rest = text[at + opener.len()..]
                .trim_start()
                .trim_start_matches('"');
            if let Some(end) = rest.find('"') {
                keys.insert(rest[..end].to_string());
            }
        }
    }
    keys
}

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn every_key_of_the_terminal_catalogue_is_used_by_the_client() {
    let used: BTreeSet<String> = sources(&src())
        .iter()
        .flat_map(|(_, text)| key_literals(text))
        .collect();
    let unused: Vec<String> = message_ids(Lang::En, "terminal.ftl")
        .into_iter()
        .filter(|key| !used.contains(key))
        .collect();
    assert!(
        unused.is_empty(),
        "terminal.ftl keys nothing uses: {unused:?}"
    );
}

#[test]
fn every_key_the_client_looks_up_is_in_a_catalogue() {
    let known: BTreeSet<String> = ["terminal.ftl", "common.ftl"]
        .iter()
        .flat_map(|file| message_ids(Lang::En, file))
        .collect();
    let mut missing = Vec::new();
    for (path, text) in sources(&src()) {
        for key in looked_up(&text) {
            // `message(what, …)` with a variable: the lists it reads are
            // checked below.
            if key.contains(' ') || key.is_empty() {
                continue;
            }
            if !known.contains(&key) {
                missing.push(format!("{}: {key}", path.display()));
            }
        }
    }
    assert!(missing.is_empty(), "keys in no catalogue: {missing:#?}");
    // The key lists (`("q", "keys-quit")`) hold keys too: each one is known.
    for (path, text) in sources(&src()) {
        for key in key_literals(&text) {
            let listed = key.starts_with("keys-") || key.starts_with("lobby-key-");
            assert!(
                !listed || known.contains(&key),
                "{}: {key} is in no catalogue",
                path.display()
            );
        }
    }
}

#[test]
fn every_error_code_has_its_sentence_in_both_languages() {
    for lang in Lang::ALL {
        for code in amazons_protocol::ErrorCode::all() {
            let key = format!("error-{}", code.name().replace('_', "-"));
            assert!(catalog(lang).has(&key), "{lang}: no {key}");
        }
    }
}

#[test]
fn the_search_finds_keys_and_only_keys() {
    let text = r#"t!("lobby-title", name = n); format!("{x}"); x("a b"); ("q", "keys-quit"); t!(
        "to-move",
        side = s
    )"#;
    assert_eq!(
        looked_up(text),
        ["lobby-title", "to-move"].map(String::from).into()
    );
    assert!(key_literals(text).contains("keys-quit"));
    assert!(!key_literals(text).contains("a b"));
}

#[test]
fn the_levels_words_are_the_engines_in_english_and_translated_for_every_level() {
    for level in amazons_core::Level::all() {
        let key = format!("level-description-{}", level.get());
        assert_eq!(
            catalog(Lang::En).t(&key),
            amazons_engine::player::describe_level(level),
            "{key}"
        );
        assert!(catalog(Lang::ZhCn).has(&key), "{key}");
    }
}
