//! The words both plain modes read alike. `play --plain` and `local --plain`
//! each parse a typed line once into their own command enum
//! (`cmd::play::plain::command::PlayCommand`,
//! `cmd::local::plain::LocalCommand`); both start here, so `help`, `?`,
//! `board`, `resign` and `quit` are the same words in both, and anything
//! that is no command is move text, read by core's one move grammar
//! (`d1-d7/g7`, `d1 d7 g7`, `d1d7g7`, full-width forms ...).

/// A command both plain modes know (what it does is the mode's).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Common {
    /// `help` or `?`: the rules and the mode's commands.
    Help,
    /// `board`: the board again.
    Board,
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
            ["resign"] => Some(Common::Resign),
            ["quit"] => Some(Common::Quit),
            _ => None,
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
    fn each_word_alone_and_nothing_else() {
        assert_eq!(parse("help"), Some(Common::Help));
        assert_eq!(parse("?"), Some(Common::Help));
        assert_eq!(parse("  board "), Some(Common::Board));
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
