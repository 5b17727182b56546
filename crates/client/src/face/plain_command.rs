//! The words both plain modes read alike. `play --plain` and `local --plain`
//! each parse a typed line once into their own command enum
//! (`cmd::play::plain::command::PlayCommand`,
//! `cmd::local::plain::LocalCommand`); both start here, so `help`, `?`,
//! `board`, `territory`, `resign` and `quit` are the same words in both, and anything
//! that is no command is move text, read by core's one move grammar
//! (`d1-d7/g7`, `d1 d7 g7`, `d1d7g7`, full-width forms ...). The line
//! after a `y/n` question is read as an [`Answer`] in both.

/// A command both plain modes know (what it does is the mode's).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Common {
    /// `help` or `?`: the rules and the mode's commands.
    Help,
    /// `board`: the board again.
    Board,
    /// `territory`: who owns the board (where the mode allows it).
    Territory,
    /// `resign`.
    Resign,
    /// `quit`.
    Quit,
}

impl Common {
    /// The command `words` (a line split at white space) make, if they are
    /// one of these words alone.
    pub(crate) fn parse(words: &[&str]) -> Option<Common> {
        match words {
            ["help" | "?"] => Some(Common::Help),
            ["board"] => Some(Common::Board),
            ["territory"] => Some(Common::Territory),
            ["resign"] => Some(Common::Resign),
            ["quit"] => Some(Common::Quit),
            _ => None,
        }
    }
}

/// The line after a `y/n` question.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Answer {
    /// `y` or `yes`, in any case, or the language's yes (`是`): go ahead.
    Yes,
    /// Anything else: do not.
    No,
}

impl Answer {
    /// Reads the answer `line` gives.
    pub(crate) fn parse(line: &str) -> Answer {
        if crate::tr::is_yes(line) {
            Answer::Yes
        } else {
            Answer::No
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Option<Common> {
        Common::parse(&line.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn only_y_or_yes_is_yes() {
        for yes in ["y", "Y", "yes", "YES", " Yes \n"] {
            assert_eq!(Answer::parse(yes), Answer::Yes, "{yes:?}");
        }
        for no in ["n", "no", "", "yeah", "d1 d7 g7", "quit", "是"] {
            assert_eq!(Answer::parse(no), Answer::No, "{no:?}");
        }
        crate::tr::with_lang(crate::tr::Lang::ZhCn, || {
            for yes in ["y", "yes", "是", " 是的 ", "好"] {
                assert_eq!(Answer::parse(yes), Answer::Yes, "{yes:?}");
            }
            for no in ["n", "否", "不", ""] {
                assert_eq!(Answer::parse(no), Answer::No, "{no:?}");
            }
        });
    }

    #[test]
    fn each_word_alone_and_nothing_else() {
        assert_eq!(parse("help"), Some(Common::Help));
        assert_eq!(parse("?"), Some(Common::Help));
        assert_eq!(parse("  board "), Some(Common::Board));
        assert_eq!(parse("territory"), Some(Common::Territory));
        assert_eq!(parse("resign"), Some(Common::Resign));
        assert_eq!(parse("quit\n"), Some(Common::Quit));
        for line in [
            "",
            "help me",
            "Quit",
            "QUIT",
            "resign now",
            "d1-d7/g7",
            "quit quit",
        ] {
            assert_eq!(parse(line), None, "{line:?}");
        }
    }
}
