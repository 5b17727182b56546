//! Every enum the faces show by name, in one list, and the page's copy of
//! it.
//!
//! Each enum is declared once, in the crate that owns it, as a
//! [`Vocabulary`]; [`families`] gathers them. The catalogues hold one key
//! family per enum in `common.ftl` (a test here checks every value in both
//! languages), and the page's unions and value lists are generated from
//! the same declarations into `web/assets/js/vocabulary.js` ([`page_module`];
//! a test fails while the committed file differs). To regenerate it after a
//! change, run
//!
//! ```text
//! AMAZONS_WRITE_VOCABULARY=1 cargo test -p amazons-protocol vocabulary
//! ```

use amazons_core::{EndReason, MoveClass, TimeControlKind, Vocabulary};
use amazons_tournament::{CrossScore, FormatName, Tiebreak};

use crate::ErrorCode;

/// One [`Vocabulary`] as data (its trait has constants, so it cannot be
/// listed as a trait object): what the catalogue tests and the page's
/// generated module read.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// The enum's name, and the page's union type (`EndReason`).
    pub type_name: &'static str,
    /// The catalogue key family (`end-reason`).
    pub family: &'static str,
    /// The suffixes of the keys of each value (`""`, `"-short"`).
    pub forms: &'static [&'static str],
    names: fn() -> Vec<&'static str>,
    keys: fn() -> Vec<String>,
}

impl Family {
    /// The family of `T`.
    pub fn of<T: Vocabulary>() -> Family {
        Family {
            type_name: T::TYPE,
            family: T::FAMILY,
            forms: T::FORMS,
            names: || T::ALL.iter().map(|value| value.name()).collect(),
            keys: || {
                T::ALL
                    .iter()
                    .flat_map(|value| T::FORMS.iter().map(move |form| value.key_of(form)))
                    .collect()
            },
        }
    }

    /// The values' wire names, in declaration order.
    pub fn names(&self) -> Vec<&'static str> {
        (self.names)()
    }

    /// Every catalogue key of the family: each value in each form.
    pub fn keys(&self) -> Vec<String> {
        (self.keys)()
    }

    /// The page's name for the list of values: `END_REASONS`.
    fn list_name(&self) -> String {
        let mut upper = String::new();
        for (i, c) in self.type_name.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                upper.push('_');
            }
            upper.push(c.to_ascii_uppercase());
        }
        upper + "S"
    }
}

/// Every enum the faces show by name. A new one is added here (and gets
/// its words in `common.ftl` and its union in the page by the tests below).
pub fn families() -> Vec<Family> {
    vec![
        Family::of::<EndReason>(),
        Family::of::<TimeControlKind>(),
        Family::of::<ErrorCode>(),
        Family::of::<FormatName>(),
        Family::of::<Tiebreak>(),
        Family::of::<CrossScore>(),
        Family::of::<MoveClass>(),
    ]
}

/// The text of `web/assets/js/vocabulary.js`: for each family a JSDoc union
/// of its names and a frozen list of them, and `FAMILIES`, the catalogue
/// key families the page's catalogue test checks.
pub fn page_module() -> String {
    let quote = |names: &[&str]| {
        names
            .iter()
            .map(|name| format!("'{name}'"))
            .collect::<Vec<_>>()
    };
    let mut out = String::from(
        "// The domain's enums the page shows by name, generated from their Rust\n\
         // declarations (crates/protocol/src/vocabulary.rs): do not edit. Regenerate with\n\
         //   AMAZONS_WRITE_VOCABULARY=1 cargo test -p amazons-protocol vocabulary\n\
         // Each union's words are the catalogue keys `<family>-<name>` of common.ftl\n\
         // (`_` written `-`), one for each form.\n",
    );
    for family in families() {
        let names = quote(&family.names());
        out.push_str(&format!(
            "\n/** @typedef {{{}}} {} */\n",
            names.join(" | "),
            family.type_name
        ));
        out.push_str(&format!(
            "/** @type {{readonly {}[]}} */\nexport const {} = Object.freeze([{}]);\n",
            family.type_name,
            family.list_name(),
            names.join(", ")
        ));
    }
    out.push_str(
        "\n/**\n * The catalogue key families: `<family>-<name><form>` for every name and form.\n \
         * @typedef {{type: string, family: string, forms: readonly string[], names: readonly string[]}} Family\n \
         */\n/** @type {readonly Family[]} */\nexport const FAMILIES = Object.freeze([\n",
    );
    for family in families() {
        out.push_str(&format!(
            "  Object.freeze({{ type: '{}', family: '{}', forms: Object.freeze([{}]), names: {} }}),\n",
            family.type_name,
            family.family,
            quote(family.forms).join(", "),
            family.list_name()
        ));
    }
    out.push_str("]);\n");
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::PathBuf;

    use amazons_i18n::{Lang, message_ids};

    use super::*;

    #[test]
    fn every_value_has_its_words_in_common_ftl_in_both_languages() {
        for lang in Lang::ALL {
            let common: BTreeSet<String> = message_ids(lang, "common.ftl").into_iter().collect();
            for family in families() {
                let missing: Vec<String> = family
                    .keys()
                    .into_iter()
                    .filter(|key| !common.contains(key))
                    .collect();
                assert!(
                    missing.is_empty(),
                    "{lang}/common.ftl lacks {}'s {missing:?}",
                    family.type_name
                );
            }
        }
    }

    #[test]
    fn a_family_has_no_key_but_its_values() {
        let families = families();
        let keys: BTreeSet<String> = families.iter().flat_map(Family::keys).collect();
        for family in &families {
            let prefix = format!("{}-", family.family);
            // A family whose prefix another family's extends
            // (`tiebreak-` and a `tiebreak-x-` family) would claim its keys.
            for other in &families {
                assert!(
                    other.family == family.family || !other.family.starts_with(&prefix),
                    "{} and {} share keys",
                    family.family,
                    other.family
                );
            }
            for lang in Lang::ALL {
                for file in amazons_i18n::FILES {
                    let strays: Vec<String> = message_ids(lang, file)
                        .into_iter()
                        .filter(|key| key.starts_with(&prefix) && !keys.contains(key))
                        .collect();
                    assert!(
                        strays.is_empty(),
                        "{lang}/{file}: {strays:?} look like {} words but name no value",
                        family.type_name
                    );
                }
            }
        }
    }

    #[test]
    fn the_page_module_is_generated_from_the_declarations() {
        let path =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/assets/js/vocabulary.js");
        let expected = page_module();
        if std::env::var_os("AMAZONS_WRITE_VOCABULARY").is_some() {
            std::fs::write(&path, &expected).expect("web/assets/js/vocabulary.js is writable");
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == expected,
            "web/assets/js/vocabulary.js is not what the Rust declarations make: \
             regenerate it with AMAZONS_WRITE_VOCABULARY=1 cargo test -p amazons-protocol vocabulary"
        );
        assert!(expected.contains("export const END_REASONS = Object.freeze(['no_legal_move', "));
        assert!(expected.contains("'double_round_robin'"));
    }
}
