//! The rules, and the keys of each screen, for the help overlay (`?`) and
//! the plain-mode `help` command. Each screen lists only what works there.

use unicode_width::UnicodeWidthStr;

use crate::tr::message;

/// The rules of the game.
pub fn rules() -> String {
    t!("help-rules")
}

/// How a move is made on the full-screen board (only where the person may
/// move): each key with the catalogue key of what it does.
pub const POINTING: &[(&str, &str)] = &[
    ("click", "keys-click"),
    ("right-click/Esc", "keys-step-back"),
    ("arrows", "keys-arrows"),
    ("Tab", "keys-tab-queen"),
    ("type", "keys-type"),
    ("typing", "keys-typing"),
];

/// A screen's key list for people: each key with what it does in the
/// current language (`keys` pairs a key with its catalogue key).
pub fn key_lines(keys: &[(&str, &str)]) -> Vec<(String, String)> {
    keys.iter()
        .map(|(key, what)| (key_name(key), message(what, &[])))
        .collect()
}

/// A key's name as the help writes it: the keys themselves stay as they
/// are (`Enter`, `q`); the mouse and typing are words.
fn key_name(key: &str) -> String {
    match key {
        "click" => t!("key-name-click"),
        "right-click/Esc" => t!("key-name-right-click"),
        "arrows" => t!("key-name-arrows"),
        "type" => t!("key-name-type"),
        "typing" => t!("key-name-typing"),
        other => other.to_string(),
    }
}

/// The help text for a full-screen board: the rules, then `keys` (each key
/// with the catalogue key of what it does), the keys padded to one column
/// by their width on the screen.
pub fn screen_help(keys: &[(&str, &str)]) -> String {
    let mut text = format!("{}\n\n{}\n", rules(), t!("help-keys-heading"));
    let keys = key_lines(keys);
    let width = keys.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    for (key, what) in keys {
        let pad = " ".repeat(width - key.width());
        text.push_str(&format!("{key}{pad}  {what}\n"));
    }
    text
}

/// `help` in plain `play`.
pub fn plain_play() -> String {
    t!("help-plain-play")
}

/// `help` in plain `local`.
pub fn plain_local() -> String {
    t!("help-plain-local")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tr::Lang;

    #[test]
    fn plain_help_never_mentions_the_mouse_and_screen_help_lists_its_keys() {
        for text in [plain_play(), plain_local()] {
            assert!(!text.contains("click"), "{text}");
            assert!(!text.contains("mouse"), "{text}");
        }
        let help = screen_help(&[("←/→", "keys-step"), ("q", "keys-quit")]);
        assert!(help.contains("HOW TO PLAY"));
        assert!(help.contains("←/→  step\nq    quit"), "{help}");
        let help = crate::tr::with_lang(Lang::ZhCn, || {
            screen_help(&[("type", "keys-type"), ("q", "keys-quit")])
        });
        assert!(help.contains("怎么下"), "{help}");
        assert!(help.contains("输入  d1-d7/g7"), "{help}");
        assert!(help.contains("\nq     退出"), "padded by width: {help}");
    }

    #[test]
    fn plain_help_lines_fit_80_columns_in_both_languages() {
        for lang in Lang::ALL {
            crate::tr::with_lang(lang, || {
                for text in [plain_play(), plain_local(), rules()] {
                    for line in text.lines() {
                        assert!(line.width() <= 80, "wider than 80 columns: {line:?}");
                    }
                }
            });
        }
    }
}
