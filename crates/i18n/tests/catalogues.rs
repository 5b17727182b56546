//! The embedded catalogues as a translator leaves them: each loads without
//! an error, both languages have the same keys in each file, every
//! reference inside them resolves, and values are placed without the
//! isolation marks that would break a terminal's columns.

use std::collections::BTreeSet;

use amazons_i18n::{Catalog, FILES, Lang, catalog, message_ids, source};

#[test]
fn every_catalogue_loads_without_an_error_in_both_languages() {
    for lang in Lang::ALL {
        for file in FILES {
            assert!(source(lang, file).is_some(), "{lang}/{file} is embedded");
            assert!(
                !message_ids(lang, file).is_empty(),
                "{lang}/{file} has messages"
            );
        }
        if let Err(error) = Catalog::load(lang) {
            panic!("{error}");
        }
        let problems = catalog(lang).problems();
        assert!(problems.is_empty(), "{problems:#?}");
    }
}

#[test]
fn every_key_is_in_both_languages() {
    for file in FILES {
        let keys = |lang| message_ids(lang, file).into_iter().collect::<BTreeSet<_>>();
        let (en, zh) = (keys(Lang::En), keys(Lang::ZhCn));
        let missing_in_zh: Vec<_> = en.difference(&zh).collect();
        let missing_in_en: Vec<_> = zh.difference(&en).collect();
        assert!(
            missing_in_zh.is_empty(),
            "{file}: not in zh-CN: {missing_in_zh:?}"
        );
        assert!(
            missing_in_en.is_empty(),
            "{file}: not in en: {missing_in_en:?}"
        );
        let count = message_ids(Lang::En, file).len();
        assert_eq!(en.len(), count, "{file}: a key defined twice in en");
    }
}

/// The keys of a catalogue file as written in `locales/` (the page's
/// `web.ftl` is not embedded here: the server serves it).
fn keys_on_disk(lang: Lang, file: &str) -> BTreeSet<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(lang.tag())
        .join(file);
    let text = std::fs::read_to_string(&path).expect("a catalogue file");
    let resource = match fluent_syntax::parser::parse(text.as_str()) {
        Ok(resource) => resource,
        Err((resource, _)) => resource,
    };
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(message) => Some(message.id.name.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_word_both_faces_show_is_in_common_ftl_only() {
    for lang in Lang::ALL {
        let files = ["common.ftl", "terminal.ftl", "web.ftl"];
        let keys: Vec<BTreeSet<String>> = files.iter().map(|f| keys_on_disk(lang, f)).collect();
        assert_eq!(
            keys[1],
            message_ids(lang, "terminal.ftl").into_iter().collect(),
            "the embedded terminal.ftl is the file on disk"
        );
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let both: Vec<_> = keys[a].intersection(&keys[b]).collect();
            assert!(
                both.is_empty(),
                "{lang}: {both:?} are in {} and {}: a word both faces show belongs in \
                 common.ftl only, and a face's own word needs a name of its own",
                files[a],
                files[b]
            );
        }
    }
}

#[test]
fn values_are_placed_without_isolation_marks_and_numbers_plainly() {
    let zh = catalog(Lang::ZhCn);
    let text = zh.t_args("move-text-square-count", &[("found", 12345.into())]);
    assert!(text.contains("12345"), "{text}");
    assert!(
        !text.contains(['\u{2068}', '\u{2069}']),
        "no FSI/PDI around a value: {text:?}"
    );
    let en = catalog(Lang::En).t_args("illegal-no-queen", &[("square", "d1".into())]);
    assert_eq!(en, "there is no queen on d1");
}

#[test]
fn a_message_missing_in_a_language_falls_back_to_english_then_to_its_key() {
    let zh = catalog(Lang::ZhCn);
    assert!(zh.has("side-white"));
    assert_eq!(zh.t("side-white"), "先手（白）");
    assert_eq!(
        zh.t("side-word-white"),
        "先手（白）",
        "a reference to common.ftl"
    );
    assert_eq!(zh.t("no-such-key"), "no-such-key");
    assert!(!zh.has("no-such-key"));
    // Plural selectors: English says one or many; Chinese has one form.
    let en = catalog(Lang::En);
    let minutes = |c: &Catalog, n: u32| {
        c.t_args(
            "clock-fischer",
            &[("minutes", n.into()), ("seconds", 1.into())],
        )
    };
    assert_eq!(minutes(en, 1), "1 minute each, plus 1 second a move");
    assert_eq!(minutes(en, 5), "5 minutes each, plus 1 second a move");
    assert_eq!(minutes(zh, 5), "每方 5 分钟，每步加 1 秒");
}
