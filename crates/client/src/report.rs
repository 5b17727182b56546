//! How a failure that ends the program is told to the person: its reason
//! and each cause once (a library error that puts its source in its own
//! words, as `cannot start …: No such file or directory`, would otherwise
//! say that source twice), wrapped at words to the terminal's width so that
//! no word is broken across two lines.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// `error` and its causes joined with `: `, as `{error:#}` joins them, but a
/// cause the text so far already ends with is not said again.
pub fn causes_once(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let words = cause.to_string();
        if words.is_empty() || text.ends_with(&words) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&words);
    }
    text
}

/// `text` in lines of at most `width` columns, broken at spaces; a word
/// wider than a line (a path, or Chinese, which has no spaces) is broken
/// where the line ends. The text's own line breaks are kept.
pub fn wrap_at_words(text: &str, width: usize) -> String {
    let width = width.max(1);
    let mut lines: Vec<String> = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
            let gap = usize::from(!line.is_empty());
            if line.width() + gap + word.width() <= width {
                if gap == 1 {
                    line.push(' ');
                }
                line.push_str(word);
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            for c in word.chars() {
                if line.width() + c.width().unwrap_or(0) > width {
                    lines.push(std::mem::take(&mut line));
                }
                line.push(c);
            }
        }
        lines.push(line);
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cause_already_in_the_message_is_said_once() {
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "No such file or directory");
        let spawn = anyhow::Error::new(io).context("cannot start `/x`: No such file or directory");
        assert_eq!(
            causes_once(&spawn.context("starting uci:/x")),
            "starting uci:/x: cannot start `/x`: No such file or directory"
        );
        let plain = anyhow::anyhow!("refused").context("joining");
        assert_eq!(causes_once(&plain), "joining: refused");
    }

    #[test]
    fn lines_break_at_spaces_and_only_a_word_wider_than_a_line_is_cut() {
        let text = "error: cannot start the engine because the file is missing";
        let wrapped = wrap_at_words(text, 20);
        assert_eq!(
            wrapped,
            "error: cannot start\nthe engine because\nthe file is missing"
        );
        assert_eq!(
            wrap_at_words("a /very/long/path b", 6),
            "a\n/very/\nlong/p\nath b"
        );
        assert_eq!(
            wrap_at_words("错误：无法启动引擎", 8),
            "错误：无\n法启动引\n擎"
        );
        assert_eq!(wrap_at_words("one\ntwo three", 80), "one\ntwo three");
    }
}
