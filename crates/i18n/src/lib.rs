//! The words of the amazons clients in English and Simplified Chinese.
//!
//! The messages live in Project Fluent catalogues, one directory per
//! language under `locales/` and one file per area (`terminal.ftl` for the
//! terminal client; see [`FILES`]). They are compiled into the crate, so a
//! program that uses it reads no files; a server can serve the same text to
//! a page through [`source`].
//!
//! - [`Lang`]: the languages, read from a tag (`zh-CN`), a POSIX locale
//!   (`zh_CN.UTF-8`) or the locale environment ([`Lang::from_env`]).
//! - [`Catalog`]: one language's messages, looked up by key with
//!   [`Catalog::t`] and [`Catalog::t_args`]; a message missing in a
//!   language is taken from English.
//!
//! ```
//! use amazons_i18n::{Lang, catalog};
//! let zh = catalog(Lang::ZhCn);
//! assert_eq!(zh.lang(), Lang::ZhCn);
//! assert_eq!(catalog(Lang::En).t("no-such-message"), "no-such-message");
//! ```

mod catalog;
mod lang;
mod sources;

pub use catalog::{Catalog, CatalogError, catalog};
pub use fluent_bundle::FluentValue as Value;
pub use lang::{Lang, UnknownLang};
pub use sources::{FILES, message_ids, source};
