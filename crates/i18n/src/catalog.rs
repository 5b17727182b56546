//! One language's messages, looked up by key.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use crate::Lang;
use crate::sources::sources_of;

/// A catalogue that does not load cleanly: a syntax error in a file, or a
/// key defined twice. The embedded catalogues are checked by the tests, so
/// that [`catalog`] never meets one.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// A file has a syntax error (Fluent skips the entry it is in).
    #[error("{lang}/{file}: {errors}")]
    Syntax {
        /// The catalogue's language.
        lang: Lang,
        /// The file.
        file: &'static str,
        /// The parser's complaints.
        errors: String,
    },
    /// A key is defined twice (in one file or in two).
    #[error("{lang}/{file}: {errors}")]
    Duplicate {
        /// The catalogue's language.
        lang: Lang,
        /// The file that defines the key again.
        file: &'static str,
        /// The bundle's complaints.
        errors: String,
    },
}

/// The messages of one language: every embedded file of it in one bundle,
/// with English behind it for a message this language lacks.
pub struct Catalog {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl Catalog {
    /// Loads `lang`'s embedded files, failing on the first error (for the
    /// tests; [`catalog`] keeps what loads).
    pub fn load(lang: Lang) -> Result<Catalog, CatalogError> {
        Catalog::build(lang, true)
    }

    fn build(lang: Lang, strict: bool) -> Result<Catalog, CatalogError> {
        let id: LanguageIdentifier = lang.tag().parse().expect("the tags are valid");
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Unicode isolation marks around each placed value keep
        // right-to-left text in order, and would take up room (or show as
        // boxes) in a terminal: the clients speak no right-to-left language.
        bundle.set_use_isolating(false);
        for (file, text) in sources_of(lang) {
            let resource = match FluentResource::try_new(text.to_string()) {
                Ok(resource) => resource,
                Err((_, errors)) if strict => {
                    return Err(CatalogError::Syntax {
                        lang,
                        file,
                        errors: format!("{errors:?}"),
                    });
                }
                Err((resource, _)) => resource,
            };
            if strict {
                bundle
                    .add_resource(resource)
                    .map_err(|errors| CatalogError::Duplicate {
                        lang,
                        file,
                        errors: format!("{errors:?}"),
                    })?;
            } else {
                bundle.add_resource_overriding(resource);
            }
        }
        Ok(Catalog { lang, bundle })
    }

    /// The catalogue's language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether this language itself (not its English fallback) has `key`.
    pub fn has(&self, key: &str) -> bool {
        self.bundle
            .get_message(key)
            .is_some_and(|message| message.value().is_some())
    }

    /// What is wrong with this language's messages as written: a reference
    /// to a message or term that does not exist, or a function that does
    /// not. (A variable is only known when the message is used, so one left
    /// out is not counted.) Empty for a sound catalogue; for the tests.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for (file, text) in sources_of(self.lang) {
            let resource = match fluent_syntax::parser::parse(text) {
                Ok(resource) => resource,
                Err((resource, _)) => resource,
            };
            for entry in &resource.body {
                let fluent_syntax::ast::Entry::Message(message) = entry else {
                    continue;
                };
                let key = message.id.name;
                let Some(pattern) = self.bundle.get_message(key).and_then(|m| m.value()) else {
                    continue;
                };
                let mut errors = Vec::new();
                self.bundle.format_pattern(pattern, None, &mut errors);
                problems.extend(
                    errors
                        .iter()
                        .map(|error| error.to_string())
                        .filter(|error| !error.contains("Unknown variable"))
                        .map(|error| format!("{}/{file}: {key}: {error}", self.lang)),
                );
            }
        }
        problems
    }

    /// The message `key` without variables. See [`Catalog::t_args`].
    pub fn t(&self, key: &str) -> String {
        self.t_args(key, &[])
    }

    /// The message `key` with its variables (`&[("name", "ann".into())]`);
    /// numbers are written plainly (`1523`, no grouping). A message this
    /// language lacks is taken from English; one English lacks too reads as
    /// its key, so that it shows rather than vanishes (the tests keep that
    /// from happening). A variable left out reads as its name in braces.
    pub fn t_args(&self, key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        let english = (self.lang != Lang::En).then(|| catalog(Lang::En));
        for catalog in std::iter::once(self).chain(english) {
            let pattern = catalog
                .bundle
                .get_message(key)
                .and_then(|message| message.value());
            if let Some(pattern) = pattern {
                let mut errors = Vec::new();
                return catalog
                    .bundle
                    .format_pattern(pattern, Some(&fluent_args), &mut errors)
                    .into_owned();
            }
        }
        key.to_string()
    }
}

/// The catalogue of `lang`, loaded once for the whole program.
pub fn catalog(lang: Lang) -> &'static Catalog {
    static CATALOGS: OnceLock<Vec<Catalog>> = OnceLock::new();
    let catalogs = CATALOGS.get_or_init(|| {
        Lang::ALL
            .iter()
            .map(|&lang| Catalog::build(lang, false).expect("a lenient load cannot fail"))
            .collect()
    });
    &catalogs[Lang::ALL
        .iter()
        .position(|&l| l == lang)
        .expect("every Lang is in ALL")]
}
