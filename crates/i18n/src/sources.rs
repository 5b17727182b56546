//! The catalogue files, compiled in, and the message keys each defines.

use fluent_syntax::ast::Entry;

use crate::Lang;

/// The catalogue files this crate embeds, by area, the same names in every
/// language's directory.
pub const FILES: &[&str] = &["common.ftl", "terminal.ftl"];

/// Every embedded file: language, file name, text.
const SOURCES: &[(Lang, &str, &str)] = &[
    (
        Lang::En,
        "common.ftl",
        include_str!("../locales/en/common.ftl"),
    ),
    (
        Lang::ZhCn,
        "common.ftl",
        include_str!("../locales/zh-CN/common.ftl"),
    ),
    (
        Lang::En,
        "terminal.ftl",
        include_str!("../locales/en/terminal.ftl"),
    ),
    (
        Lang::ZhCn,
        "terminal.ftl",
        include_str!("../locales/zh-CN/terminal.ftl"),
    ),
];

/// The text of one catalogue file (`source(Lang::ZhCn, "terminal.ftl")`),
/// for a server that hands the catalogues to a page; `None` for a file
/// this crate does not embed.
pub fn source(lang: Lang, file: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|(l, f, _)| *l == lang && *f == file)
        .map(|(_, _, text)| *text)
}

/// The keys of the messages one file defines, in file order (terms, the
/// `-name` entries shared inside a catalogue, are not messages); empty for
/// a file this crate does not embed. For tests that hold the catalogues
/// and the code that uses them to each other.
pub fn message_ids(lang: Lang, file: &str) -> Vec<String> {
    let Some(text) = source(lang, file) else {
        return Vec::new();
    };
    let resource = match fluent_syntax::parser::parse(text) {
        Ok(resource) => resource,
        Err((resource, _)) => resource,
    };
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            Entry::Message(message) => Some(message.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// The embedded files of one language, in [`FILES`] order.
pub(crate) fn sources_of(lang: Lang) -> impl Iterator<Item = (&'static str, &'static str)> {
    SOURCES
        .iter()
        .filter(move |(l, _, _)| *l == lang)
        .map(|(_, file, text)| (*file, *text))
}
