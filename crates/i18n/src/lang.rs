//! Which language: from a tag, a POSIX locale name or the environment.

use std::fmt;
use std::str::FromStr;

/// A language the clients speak. English is the fallback for a message a
/// catalogue lacks and for a locale nobody translated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese (zh-CN).
    ZhCn,
}

/// A language name that names none of [`Lang`]'s languages.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a language this program speaks: use en or zh-CN")]
pub struct UnknownLang(pub String);

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::ZhCn];

    /// The BCP 47 tag, which is also the catalogue's directory: `en`, `zh-CN`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
        }
    }

    /// Reads a language tag or a POSIX locale name: `en`, `en_GB.UTF-8`,
    /// `zh`, `zh-CN`, `zh_CN.UTF-8`, `zh-Hans`, any case; `C` and `POSIX`
    /// are English. Every Chinese locale reads as Simplified Chinese, the
    /// only Chinese there is. `None` for any other language.
    pub fn from_locale(name: &str) -> Option<Lang> {
        // `language[_territory][.codeset][@modifier]`: the language is what
        // comes before the first `_`, `-`, `.` or `@`.
        let name = name.trim();
        let language = name
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match language.as_str() {
            "c" | "posix" | "en" => Some(Lang::En),
            "zh" => Some(Lang::ZhCn),
            _ => None,
        }
    }

    /// The language the POSIX locale variables choose: the first set and
    /// non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG` decides (as `setlocale`
    /// reads them), English when none is set or it names a language without
    /// a catalogue. The values are given, so that this reads no environment.
    pub fn from_locale_vars(
        lc_all: Option<&str>,
        lc_messages: Option<&str>,
        lang: Option<&str>,
    ) -> Lang {
        [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .find(|value| !value.trim().is_empty())
            .and_then(Lang::from_locale)
            .unwrap_or_default()
    }

    /// [`Lang::from_locale_vars`] with this process's `LC_ALL`,
    /// `LC_MESSAGES` and `LANG`.
    pub fn from_env() -> Lang {
        let var = |name| std::env::var(name).ok();
        Lang::from_locale_vars(
            var("LC_ALL").as_deref(),
            var("LC_MESSAGES").as_deref(),
            var("LANG").as_deref(),
        )
    }
}

impl FromStr for Lang {
    type Err = UnknownLang;

    /// As [`Lang::from_locale`], for `--lang` and settings.
    fn from_str(text: &str) -> Result<Lang, UnknownLang> {
        Lang::from_locale(text).ok_or_else(|| UnknownLang(text.to_string()))
    }
}

impl fmt::Display for Lang {
    /// The tag: `en`, `zh-CN`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_locale_names_read_as_their_language() {
        for name in [
            "zh",
            "zh-CN",
            "zh_CN",
            "zh_CN.UTF-8",
            "zh_CN.utf8@pinyin",
            "zh-Hans",
            "zh-Hans-CN",
            "ZH-cn",
            "zh_SG.GB2312",
        ] {
            assert_eq!(Lang::from_locale(name), Some(Lang::ZhCn), "{name}");
        }
        for name in ["en", "en_US.UTF-8", "en-GB", "C", "C.UTF-8", "POSIX"] {
            assert_eq!(Lang::from_locale(name), Some(Lang::En), "{name}");
        }
        for name in ["fr_FR.UTF-8", "", "zhx", "de"] {
            assert_eq!(Lang::from_locale(name), None, "{name}");
        }
        assert_eq!("zh-CN".parse(), Ok(Lang::ZhCn));
        let error = "klingon".parse::<Lang>().unwrap_err();
        assert!(error.to_string().contains("en or zh-CN"), "{error}");
        for lang in Lang::ALL {
            assert_eq!(lang.to_string().parse(), Ok(lang));
        }
    }

    #[test]
    fn the_locale_variables_are_read_in_posix_order() {
        let zh = Some("zh_CN.UTF-8");
        let en = Some("en_US.UTF-8");
        assert_eq!(Lang::from_locale_vars(zh, en, en), Lang::ZhCn);
        assert_eq!(Lang::from_locale_vars(None, zh, en), Lang::ZhCn);
        assert_eq!(Lang::from_locale_vars(Some(""), None, zh), Lang::ZhCn);
        assert_eq!(Lang::from_locale_vars(en, zh, zh), Lang::En);
        assert_eq!(Lang::from_locale_vars(Some("C"), None, zh), Lang::En);
        assert_eq!(Lang::from_locale_vars(None, None, None), Lang::En);
        // The first set variable decides, even for a language without a
        // catalogue: LC_ALL=fr_FR means French, so English, not LANG's zh.
        assert_eq!(Lang::from_locale_vars(Some("fr_FR"), None, zh), Lang::En);
    }
}
