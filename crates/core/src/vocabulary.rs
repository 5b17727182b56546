//! The domain's enums that people see by name, declared once.
//!
//! An end reason, a tie-break, a tournament format, a kind of clock or an
//! error code is shown by both faces (the web page and the terminal
//! client) in words from the catalogues. Each such enum implements
//! [`Vocabulary`]: its values ([`Vocabulary::ALL`]), each value's name on
//! the wire, and the catalogue key family its words live under
//! (`end-reason-<name>` in `common.ftl`). Tests walk `ALL` to hold the
//! catalogues and the page's generated unions (`web/assets/js/vocabulary.js`)
//! to it, so that a new value is refused until every face has its words.
//!
//! Implement it with [`vocabulary!`], which builds `ALL` and the names from
//! one list checked by an exhaustive `match`: a variant left out of the list
//! does not compile.

/// An enum people see by name: its values, their wire names and the
/// catalogue keys of their words.
pub trait Vocabulary: Copy + Eq + core::fmt::Debug + 'static {
    /// The enum's name, also the name of the page's union type
    /// (`EndReason`).
    const TYPE: &'static str;
    /// The catalogue key family: a value's key is `<FAMILY>-<name>` with
    /// `_` written `-` (`end-reason-no-legal-move`).
    const FAMILY: &'static str;
    /// The forms a value's words come in: a suffix of its key each (`""`
    /// for the plain key, `"-short"` for a column heading).
    const FORMS: &'static [&'static str] = &[""];
    /// Every value a program may send, in declaration order.
    const ALL: &'static [Self];

    /// The value's name on the wire (serde's spelling: `no_legal_move`).
    fn name(self) -> &'static str;

    /// The catalogue key of the value's words (its plain form).
    fn key(self) -> String {
        format!("{}-{}", Self::FAMILY, self.name().replace('_', "-"))
    }

    /// The catalogue key of one of [`Vocabulary::FORMS`] (`key_of("-short")`).
    fn key_of(self, form: &str) -> String {
        format!("{}{form}", self.key())
    }
}

/// Implements [`Vocabulary`] for an enum from one list of its variants and
/// their wire names; variants only ever read (a newer peer's unknown value)
/// go after `read_only`, named but not in `ALL`.
///
/// ```
/// #[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// enum Colour { Red, Blue, Unknown }
/// amazons_core::vocabulary!(Colour, "colour", {
///     Red => "red",
///     Blue => "blue",
/// } read_only { Unknown => "unknown" });
/// use amazons_core::Vocabulary;
/// assert_eq!(Colour::ALL, &[Colour::Red, Colour::Blue]);
/// assert_eq!(Colour::Blue.key(), "colour-blue");
/// ```
#[macro_export]
macro_rules! vocabulary {
    ($ty:ident, $family:literal, { $($variant:ident => $name:literal),+ $(,)? }
        $(read_only { $($other:ident => $other_name:literal),+ $(,)? })?
        $(forms $forms:expr)?) => {
        impl $crate::Vocabulary for $ty {
            const TYPE: &'static str = stringify!($ty);
            const FAMILY: &'static str = $family;
            $(const FORMS: &'static [&'static str] = $forms;)?
            const ALL: &'static [Self] = &[$($ty::$variant),+];

            fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                    $($($ty::$other => $other_name,)+)?
                }
            }
        }
    };
}
