//! The language the client speaks and its messages: chosen once at start
//! (`--lang`, `AMAZONS_LANG`, else the locale environment) and read by
//! every screen through `t!` (declared here, in scope in every module).
//!
//! The catalogue keys are written as string literals at the call sites, so
//! that the tests can hold the catalogue and the code to each other
//! (`tests/catalogue_keys.rs`).

use std::cell::Cell;
use std::sync::atomic::{AtomicU8, Ordering};

pub use amazons_i18n::{Lang, Value};

/// The program's language, as [`Lang::ALL`]'s index.
static LANG: AtomicU8 = AtomicU8::new(0);

thread_local! {
    /// A language for this thread only, for tests that draw screens in
    /// both languages side by side.
    static THREAD_LANG: Cell<Option<Lang>> = const { Cell::new(None) };
}

/// Sets the program's language (at start, before any screen).
pub fn set_lang(lang: Lang) {
    let index = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
    LANG.store(index as u8, Ordering::Relaxed);
}

/// The language messages are written in now.
pub fn lang() -> Lang {
    THREAD_LANG
        .with(Cell::get)
        .unwrap_or_else(|| Lang::ALL[usize::from(LANG.load(Ordering::Relaxed))])
}

/// Runs `f` with this thread speaking `lang` (tests).
pub fn with_lang<R>(lang: Lang, f: impl FnOnce() -> R) -> R {
    let before = THREAD_LANG.with(|cell| cell.replace(Some(lang)));
    let result = f();
    THREAD_LANG.with(|cell| cell.set(before));
    result
}

/// The message `key` in the current language, with `args` placed.
pub fn message(key: &str, args: &[(&str, Value<'_>)]) -> String {
    amazons_i18n::catalog(lang()).t_args(key, args)
}

/// Whether `answer` (as typed, any case) says yes to a y/n question: `y`,
/// `yes`, or the current language's words for yes (`是`, `是的`, `好`).
pub fn is_yes(answer: &str) -> bool {
    let answer = answer.trim().to_lowercase();
    matches!(answer.as_str(), "y" | "yes")
        || message("answer-yes-words", &[])
            .split_whitespace()
            .any(|word| word.to_lowercase() == answer)
}

/// The message of a catalogue key in the current language:
/// `t!("lobby-title")`, or with variables,
/// `t!("link-connected-as", name = name)` (each value anything a
/// [`Value`] is made from: text or a number).
macro_rules! t {
    ($key:literal) => {
        $crate::tr::message($key, &[])
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::tr::message(
            $key,
            &[$((stringify!($name), $crate::tr::Value::from($value))),+],
        )
    };
}
