//! Configuration errors in a person's words. `figment` reports a typo as
//! ``unknown field: found `grace_sec`, expected `one of …` `` with every key
//! listed, a key as `default.grace_sec` and a kind as `u16`; this module
//! turns each of its errors into a [`Problem`]: where the value came from,
//! the key as written in the file, and what is wrong in plain words (the
//! likely key for a typo, the kind of value wanted, the default).
//!
//! Every source merged into the configuration is a [`Labeled`] provider, so
//! an error names the file, the `--set` argument or the flags it came from.

use figment::error::{Actual, Kind};
use figment::value::{Dict, Map};
use figment::{Metadata, Profile, Provider};

use amazons_core::Level;

use super::values::ADDRESS_WORDS;
use super::{DEFAULT_CONFIG_TOML, Problem};

/// A configuration source with the name an error should give it: a file's
/// path, `` `--set port=80` ``, `the command line`.
pub(super) struct Labeled<P> {
    /// How a person knows the source.
    label: String,
    /// The source itself.
    inner: P,
}

impl<P: Provider> Labeled<P> {
    /// `inner`, known to errors as `label`.
    pub(super) fn new(label: impl Into<String>, inner: P) -> Labeled<P> {
        Labeled {
            label: label.into(),
            inner,
        }
    }
}

impl<P: Provider> Provider for Labeled<P> {
    fn metadata(&self) -> Metadata {
        Metadata::named(self.label.clone())
    }

    fn data(&self) -> Result<Map<Profile, Dict>, figment::Error> {
        self.inner.data()
    }
}

/// Every error `figment` found, each in words.
pub(super) fn problems(error: figment::Error) -> Vec<Problem> {
    error.into_iter().map(problem).collect()
}

/// One `figment` error in words.
fn problem(error: figment::Error) -> Problem {
    let origin = error
        .metadata
        .as_ref()
        .map_or_else(|| "the configuration".to_owned(), |m| m.name.to_string());
    let key = (!error.path.is_empty()).then(|| key_text(&error.path));
    let what = match (&error.kind, key.as_deref()) {
        (Kind::UnknownField(name, expected), Some(_)) => unknown_key(&error.path, name, expected),
        (Kind::InvalidType(actual, expected) | Kind::InvalidValue(actual, expected), Some(key)) => {
            wrong_value(&error.path, key, actual, expected)
        }
        (Kind::MissingField(field), Some(key)) => {
            format!("`{key}` needs `{field}` (see the example in config/server.toml)")
        }
        (Kind::MissingField(field), None) => format!("`{field}` is missing"),
        (Kind::Message(message), Some(key)) => format!("`{key}`: {message}"),
        // A source that could not be read as a whole: a file that is not TOML.
        (Kind::Message(message), None) => not_toml(message),
        (kind, Some(key)) => format!("`{key}`: {kind}"),
        (kind, None) => kind.to_string(),
    };
    Problem { origin, key, what }
}

/// A key path as it is written in TOML: `computer.think_ms`, with list
/// entries numbered from 1 (`computer.engines[1].name`).
fn key_text(path: &[String]) -> String {
    let mut text = String::new();
    for part in path {
        match part.parse::<usize>() {
            Ok(index) => text.push_str(&format!("[{}]", index + 1)),
            Err(_) => {
                if !text.is_empty() {
                    text.push('.');
                }
                text.push_str(part);
            }
        }
    }
    text
}

/// The documented defaults, as a TOML table.
fn defaults() -> toml::Table {
    DEFAULT_CONFIG_TOML
        .parse()
        .expect("the embedded config/server.toml is valid TOML")
}

/// The keys of the top-level table (`None`) or of the `[computer]` table.
fn keys_of(table: Option<&str>) -> Vec<String> {
    let defaults = defaults();
    let table = match table {
        None => Some(&defaults),
        Some(name) => defaults.get(name).and_then(toml::Value::as_table),
    };
    table
        .map(|t| {
            t.iter()
                .filter(|(_, value)| !value.is_table())
                .map(|(key, _)| key.clone())
                .collect()
        })
        .unwrap_or_default()
}

/// `name` is not a key where it was written (`path` ends with it):
/// whether it belongs in the other table, else the closest real key of
/// `expected`, by edit distance.
fn unknown_key(path: &[String], name: &str, expected: &[&str]) -> String {
    let key = key_text(path);
    let table = &path[..path.len() - 1];
    let prefix = if table.is_empty() {
        String::new()
    } else {
        format!("{}.", key_text(table))
    };
    if table.is_empty() && keys_of(Some("computer")).iter().any(|k| k == name) {
        return format!(
            "`{name}` is a setting of the [computer] table, not a top-level one: in a file, \
             put it after the `[computer]` line; with --set, write `computer.{name}`"
        );
    }
    if table == ["computer"] && keys_of(None).iter().any(|k| k == name) {
        return format!(
            "`{key}` is not a setting: `{name}` is a top-level setting, not one of the \
             [computer] table (in a file, every key after the `[computer]` line belongs to \
             that table: move `{name}` above it)"
        );
    }
    match closest(name, expected) {
        Some(best) => format!("`{key}` is not a setting; did you mean `{prefix}{best}`?"),
        None => format!("`{key}` is not a setting"),
    }
}

/// The candidate `name` probably meant, case aside: the closest in
/// Damerau-Levenshtein distance if it is a few letters off, else the
/// shortest that `name` abbreviates (same first letter, its letters in
/// order: `cmd` for `command`).
fn closest<'a>(name: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let name = name.to_ascii_lowercase();
    let limit = (name.chars().count() / 3).max(2);
    let near = candidates
        .iter()
        .map(|candidate| (strsim::damerau_levenshtein(&name, candidate), *candidate))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate);
    near.or_else(|| {
        candidates
            .iter()
            .filter(|candidate| name.len() >= 3 && abbreviates(&name, candidate))
            .min_by_key(|candidate| candidate.len())
            .copied()
    })
}

/// Whether `short` starts as `long` does and has its letters in order.
fn abbreviates(short: &str, long: &str) -> bool {
    let mut rest = long.chars();
    short.chars().next() == long.chars().next() && short.chars().all(|c| rest.any(|l| l == c))
}

/// `key` holds `actual` where `expected` (serde's name of a type) was
/// wanted.
fn wrong_value(path: &[String], key: &str, actual: &Actual, expected: &str) -> String {
    let wanted = kind_in_words(path, expected);
    let default = default_of(path)
        .map(|d| format!("; the default is {d}"))
        .unwrap_or_default();
    let unquote = match actual {
        Actual::Str(text)
            if text.trim().parse::<f64>().is_ok() || matches!(text.trim(), "true" | "false") =>
        {
            format!("; write it without quotes: `{key} = {}`", text.trim())
        }
        _ => String::new(),
    };
    format!(
        "`{key}` is {}, but it must be {wanted}{default}{unquote}",
        actual_in_words(actual)
    )
}

/// The kind of value a key takes, in words: by the key's name and unit
/// first (`_secs`, `_ms`, `_mib`), else by serde's name of its type.
pub(super) fn kind_in_words(path: &[String], expected: &str) -> String {
    let leaf = path.last().map(String::as_str).unwrap_or_default();
    match key_text(path).as_str() {
        "listen" => return ADDRESS_WORDS.to_owned(),
        "port" => return "a whole number from 0 to 65535 (0 picks any free port)".to_owned(),
        "computer.max_level" => {
            return format!("a level from {} to {}", Level::MIN, Level::MAX);
        }
        "computer.engines" => {
            return "a list of engines, each a table with `name`, `command` and \
                    `description` (see the example in config/server.toml)"
                .to_owned();
        }
        _ => {}
    }
    if leaf.ends_with("_secs") {
        return "a whole number of seconds".to_owned();
    }
    if leaf.ends_with("_ms") {
        return "a whole number of milliseconds".to_owned();
    }
    if leaf.ends_with("_mib") {
        return "a whole number of MiB".to_owned();
    }
    match expected {
        "u8" => "a whole number from 0 to 255".to_owned(),
        "u16" => "a whole number from 0 to 65535".to_owned(),
        "u32" => "a whole number from 0 to 4294967295".to_owned(),
        "u64" | "usize" => "a whole number (0 or more)".to_owned(),
        "a boolean" => "true or false".to_owned(),
        "a string" | "path string" => "text in quotes, such as \"history\"".to_owned(),
        "a sequence" => "a list in brackets, such as [\"a\", \"b\"]".to_owned(),
        other => other.to_owned(),
    }
}

/// The documented default of a key, as TOML writes it (`60`, `"history"`,
/// `true`), when it is a single value.
fn default_of(path: &[String]) -> Option<String> {
    let defaults = defaults();
    let mut value: Option<&toml::Value> = None;
    for part in path {
        value = match value {
            None => defaults.get(part),
            Some(v) => v.get(part.as_str()),
        };
    }
    match value? {
        toml::Value::Array(_) | toml::Value::Table(_) => None,
        scalar => Some(scalar.to_string()),
    }
}

/// A value as a person would name it: `70000`, `the text "ten"`, `a list`.
fn actual_in_words(actual: &Actual) -> String {
    match actual {
        Actual::Bool(b) => b.to_string(),
        Actual::Unsigned(n) => n.to_string(),
        Actual::Signed(n) => n.to_string(),
        Actual::Float(x) => x.to_string(),
        Actual::Char(c) => format!("the character {c:?}"),
        Actual::Str(text) => format!("the text {text:?}"),
        Actual::Seq => "a list".to_owned(),
        Actual::Map => "a table".to_owned(),
        Actual::Unit | Actual::Option => "empty".to_owned(),
        other => other.to_string(),
    }
}

/// A source that is not TOML: `toml`'s own report (line, column and a
/// picture of the spot), indented under the first line.
fn not_toml(message: &str) -> String {
    let body: Vec<String> = message
        .trim_end()
        .lines()
        .map(|line| format!("    {line}"))
        .collect();
    format!(
        "it is not valid TOML (text values need quotes: `history_dir = \"games\"`):\n{}",
        body.join("\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typo_gets_the_closest_key_and_nothing_far_off() {
        let keys = ["grace_secs", "port", "listen", "max_matches"];
        assert_eq!(closest("grace_sec", &keys), Some("grace_secs"));
        assert_eq!(closest("grace_seconds", &keys), Some("grace_secs"));
        assert_eq!(closest("prot", &keys), Some("port"));
        assert_eq!(closest("PORT", &keys), Some("port"));
        assert_eq!(closest("colour", &keys), None);
        let entry = ["name", "command", "description"];
        assert_eq!(closest("cmd", &entry), Some("command"));
        assert_eq!(closest("desc", &entry), Some("description"));
        assert_eq!(closest("xyz", &entry), None);
    }

    #[test]
    fn keys_read_as_in_the_file() {
        let path = |parts: &[&str]| parts.iter().map(|p| p.to_string()).collect::<Vec<_>>();
        assert_eq!(key_text(&path(&["grace_secs"])), "grace_secs");
        assert_eq!(
            key_text(&path(&["computer", "engines", "0", "name"])),
            "computer.engines[1].name"
        );
        assert_eq!(default_of(&path(&["grace_secs"])).as_deref(), Some("60"));
        assert_eq!(
            default_of(&path(&["history_dir"])).as_deref(),
            Some("\"history\"")
        );
        assert_eq!(default_of(&path(&["computer", "engines"])), None);
    }
}
