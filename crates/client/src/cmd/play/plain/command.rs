//! The grammar of plain `play`: a typed line parsed once into a
//! [`PlayCommand`] (or the reason it is none), which the loop then carries
//! out (a `y`/`n` answer to a question is the shared
//! `face::plain_command::Answer`). Every form `help` lists
//! (`face::help::PLAIN_PLAY`) is read here and nowhere else. What needs the
//! server's state (a match named by an id prefix, a computer opponent named
//! by level or engine) stays text here and is resolved when carried out.

use amazons_core::{Move, MoveParseError, Side, TimeControl, TimeControlError};
use amazons_protocol::ColorPreference;

use crate::cli::parse_side;
use crate::face::labels::{abort_game, leave_live_game, resign_live_game};
use crate::face::plain_command::Common;
use crate::net::session::MatchRules;

/// A line of plain `play`, as typed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum PlayCommand {
    /// An empty line: nothing to do.
    Nothing,
    /// `help` or `?`: the rules and these commands.
    Help,
    /// `quit` (asks first in a live game).
    Quit,
    /// `list`: the matches on the server.
    List,
    /// `board`: the board of the match followed.
    Board,
    /// `create [untimed|MIN+SEC] [white|black|random] [rated|casual]`: a
    /// new match.
    Create {
        /// Its clock.
        time_control: TimeControl,
        /// The seat asked for.
        color: ColorPreference,
        /// `rated` or `casual`, `play-on` or `end-decided`, `assist`.
        rules: MatchRules,
    },
    /// `computer` alone: the computer opponents the server offers.
    ComputerOffer,
    /// `computer LEVEL|ENGINE [think SECS] [white|black|random]
    /// [untimed|MIN+SEC]`: a game against the server's computer.
    Computer {
        /// The opponent as typed (a level or an engine's name), looked up in
        /// the server's offer when carried out.
        opponent: String,
        /// The words after it, or why they are none: told only once the
        /// opponent is found in the offer.
        settings: Result<GameSettings, SettingsError>,
    },
    /// `join ID [white|black]`: take a free seat.
    Join {
        /// The match: a whole id or a prefix of one listed.
        id: String,
        /// The seat asked for (a word that names no side asks for none).
        seat: Option<Side>,
    },
    /// `watch ID`: watch a match.
    Watch {
        /// The match: a whole id or a prefix of one listed.
        id: String,
    },
    /// `territory`: who owns the board (for a player only where the match
    /// allows assistance, or once the game is over).
    Territory,
    /// `claim`: ask the server to count the territory and end the game.
    Claim,
    /// `resign` (asks first in a live game).
    Resign,
    /// `abort` (asks first in a live game).
    Abort,
    /// `rematch`: offer or accept one.
    Rematch,
    /// `decline`: decline the rematch offered.
    Decline,
    /// `leave`: give up the seat or stop watching.
    Leave,
    /// A move in any form core reads; typed early, it waits for the turn.
    Move(Move),
}

/// Why a line is no command.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub(crate) enum CommandError {
    /// Neither a command word nor move text.
    #[error("{}", t!("plain-not-a-command", why = crate::face::words::move_parse_error(.0)))]
    NotACommand(MoveParseError),
    /// The words after `create` are no game settings.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// `create` with `think SECS`.
    #[error("{}", t!("plain-think-without-computer"))]
    ThinkWithoutComputer,
}

/// Words after `create` or `computer LEVEL` that are no game settings.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub(crate) enum SettingsError {
    /// `think` without a positive number of seconds after it.
    #[error("{}", t!("plain-think-seconds"))]
    ThinkSeconds,
    /// A word that is no colour and no time control.
    #[error("{}", crate::face::words::time_control_error(.0))]
    TimeControl(#[from] TimeControlError),
}

/// The words after `create` or `computer LEVEL`, in any order: a time
/// control, a colour, `rated` or `casual`, and (for the computer) `think
/// SECS`. The last of each counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct GameSettings {
    /// `untimed` (the default) or `MIN+SEC`.
    pub(crate) time_control: TimeControl,
    /// `white`, `black` or `random` (the default), or another word
    /// `parse_side` reads.
    pub(crate) color: ColorPreference,
    /// `think SECS`, in milliseconds.
    pub(crate) think_ms: Option<u64>,
    /// `rated` or `casual`; neither: the server's default (rated when
    /// timed).
    pub(crate) rated: Option<bool>,
    /// `end-decided` or `play-on` (whether a game the territory decides
    /// ends at once); neither: the server's default (yes unless rated).
    pub(crate) end_when_decided: Option<bool>,
    /// `assist`: the players may show the territory (casual games only).
    pub(crate) assistance: bool,
}

impl GameSettings {
    fn parse(words: &[&str]) -> Result<GameSettings, SettingsError> {
        let mut settings = GameSettings {
            time_control: TimeControl::Untimed,
            color: ColorPreference::Random,
            think_ms: None,
            rated: None,
            end_when_decided: None,
            assistance: false,
        };
        let mut words = words.iter();
        while let Some(word) = words.next() {
            match (parse_side(word), *word) {
                (Some(Side::First), _) => settings.color = ColorPreference::White,
                (Some(Side::Second), _) => settings.color = ColorPreference::Black,
                (None, "random") => settings.color = ColorPreference::Random,
                (None, "rated") => settings.rated = Some(true),
                (None, "casual") => settings.rated = Some(false),
                (None, "end-decided") => settings.end_when_decided = Some(true),
                (None, "play-on") => settings.end_when_decided = Some(false),
                (None, "assist") => settings.assistance = true,
                (None, "think") => {
                    let seconds = words
                        .next()
                        .and_then(|w| w.parse::<f64>().ok())
                        .filter(|s| *s > 0.0 && s.is_finite())
                        .ok_or(SettingsError::ThinkSeconds)?;
                    settings.think_ms = Some((seconds * 1000.0).round() as u64);
                }
                (None, text) => settings.time_control = text.parse::<TimeControl>()?,
            }
        }
        Ok(settings)
    }

    /// The match's rules these words chose.
    pub(crate) fn rules(&self) -> MatchRules {
        MatchRules {
            rated: self.rated,
            end_when_decided: self.end_when_decided,
            assistance: self.assistance,
        }
    }
}

impl PlayCommand {
    /// Reads one typed line.
    pub(crate) fn parse(line: &str) -> Result<PlayCommand, CommandError> {
        let line = line.trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(common) = Common::parse(&words) {
            return Ok(match common {
                Common::Help => PlayCommand::Help,
                Common::Board => PlayCommand::Board,
                Common::Territory => PlayCommand::Territory,
                Common::Resign => PlayCommand::Resign,
                Common::Quit => PlayCommand::Quit,
            });
        }
        Ok(match words.as_slice() {
            [] => PlayCommand::Nothing,
            ["list"] => PlayCommand::List,
            ["claim"] => PlayCommand::Claim,
            ["create", rest @ ..] => match GameSettings::parse(rest)? {
                GameSettings {
                    think_ms: Some(_), ..
                } => return Err(CommandError::ThinkWithoutComputer),
                settings => PlayCommand::Create {
                    time_control: settings.time_control,
                    color: settings.color,
                    rules: settings.rules(),
                },
            },
            ["computer"] => PlayCommand::ComputerOffer,
            ["computer", opponent, rest @ ..] => PlayCommand::Computer {
                opponent: opponent.to_string(),
                settings: GameSettings::parse(rest),
            },
            ["join", id, rest @ ..] => PlayCommand::Join {
                id: id.to_string(),
                seat: rest.first().and_then(|w| parse_side(w)),
            },
            ["watch", id] => PlayCommand::Watch { id: id.to_string() },
            ["abort"] => PlayCommand::Abort,
            ["rematch"] => PlayCommand::Rematch,
            ["decline"] => PlayCommand::Decline,
            ["leave"] => PlayCommand::Leave,
            _ => PlayCommand::Move(line.parse().map_err(CommandError::NotACommand)?),
        })
    }
}

/// A command that asks `y/n` first while a live game is at stake.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum AtStake {
    /// `quit`.
    Quit,
    /// `resign`.
    Resign,
    /// `abort`.
    Abort,
}

impl AtStake {
    /// The question asked.
    pub(crate) fn question(self) -> String {
        match self {
            AtStake::Quit => leave_live_game(),
            AtStake::Resign => resign_live_game(),
            AtStake::Abort => abort_game(),
        }
    }

    /// The command, to carry out once answered yes.
    pub(crate) fn command(self) -> PlayCommand {
        match self {
            AtStake::Quit => PlayCommand::Quit,
            AtStake::Resign => PlayCommand::Resign,
            AtStake::Abort => PlayCommand::Abort,
        }
    }
}

impl std::fmt::Display for AtStake {
    /// The command's word, as typed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            AtStake::Quit => "quit",
            AtStake::Resign => "resign",
            AtStake::Abort => "abort",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> PlayCommand {
        PlayCommand::parse(line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    fn error(line: &str) -> String {
        match PlayCommand::parse(line) {
            Ok(command) => panic!("{line:?} read as {command:?}"),
            Err(e) => e.to_string(),
        }
    }

    fn settings(time_control: &str, color: ColorPreference, think_ms: Option<u64>) -> GameSettings {
        GameSettings {
            time_control: time_control.parse().unwrap(),
            color,
            think_ms,
            rated: None,
            end_when_decided: None,
            assistance: false,
        }
    }

    #[test]
    fn the_single_words() {
        assert_eq!(parse(""), PlayCommand::Nothing);
        assert_eq!(parse("   "), PlayCommand::Nothing);
        assert_eq!(parse("help"), PlayCommand::Help);
        assert_eq!(parse("?"), PlayCommand::Help);
        assert_eq!(parse("quit"), PlayCommand::Quit);
        assert_eq!(parse("list"), PlayCommand::List);
        assert_eq!(parse("board"), PlayCommand::Board);
        assert_eq!(parse(" resign "), PlayCommand::Resign);
        assert_eq!(parse("abort"), PlayCommand::Abort);
        assert_eq!(parse("rematch"), PlayCommand::Rematch);
        assert_eq!(parse("decline"), PlayCommand::Decline);
        assert_eq!(parse("leave"), PlayCommand::Leave);
        assert_eq!(parse("territory"), PlayCommand::Territory);
        assert_eq!(parse("claim"), PlayCommand::Claim);
        assert_eq!(parse("computer"), PlayCommand::ComputerOffer);
    }

    #[test]
    fn create_takes_a_time_control_and_a_colour_in_any_order() {
        let create = |line| match parse(line) {
            PlayCommand::Create {
                time_control,
                color,
                rules,
            } if rules == MatchRules::default() => (time_control.to_string(), color),
            other => panic!("{other:?}"),
        };
        for (line, time_control, color) in [
            ("create", "untimed", ColorPreference::Random),
            ("create 5+3", "5+3", ColorPreference::Random),
            ("create black 5+3", "5+3", ColorPreference::Black),
            ("create 1+0 white", "1+0", ColorPreference::White),
            ("create w b", "untimed", ColorPreference::Black),
            (
                "create white random untimed",
                "untimed",
                ColorPreference::Random,
            ),
        ] {
            assert_eq!(create(line), (time_control.into(), color), "{line}");
        }
        let rated = |line| match parse(line) {
            PlayCommand::Create { rules, .. } => rules.rated,
            other => panic!("{other:?}"),
        };
        let rules = |line| match parse(line) {
            PlayCommand::Create { rules, .. } => rules,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            rules("create casual assist play-on"),
            MatchRules {
                rated: Some(false),
                end_when_decided: Some(false),
                assistance: true,
            }
        );
        assert_eq!(
            rules("create play-on end-decided").end_when_decided,
            Some(true)
        );
        assert_eq!(rated("create 5+3 casual"), Some(false));
        assert_eq!(rated("create rated untimed black"), Some(true));
        assert_eq!(rated("create casual rated"), Some(true), "the last counts");
        assert_eq!(rated("create 5+3"), None, "the server decides");
        assert_eq!(
            parse("computer 3 casual 5+3"),
            PlayCommand::Computer {
                opponent: "3".into(),
                settings: Ok(GameSettings {
                    rated: Some(false),
                    ..settings("5+3", ColorPreference::Random, None)
                }),
            }
        );
        assert_eq!(
            error("create think 2"),
            "a think time is for `computer` games"
        );
        assert_eq!(
            error("create soon"),
            "soon".parse::<TimeControl>().unwrap_err().to_string()
        );
    }

    #[test]
    fn computer_names_an_opponent_and_takes_a_think_time() {
        assert_eq!(
            parse("computer 5 think 2 black 5+3"),
            PlayCommand::Computer {
                opponent: "5".into(),
                settings: Ok(settings("5+3", ColorPreference::Black, Some(2000))),
            }
        );
        assert_eq!(
            parse("computer fairy think 0.25"),
            PlayCommand::Computer {
                opponent: "fairy".into(),
                settings: Ok(settings("untimed", ColorPreference::Random, Some(250))),
            }
        );
        for bad in ["think", "think 0", "think -1", "think soon", "think inf"] {
            assert_eq!(
                parse(&format!("computer 3 {bad}")),
                PlayCommand::Computer {
                    opponent: "3".into(),
                    settings: Err(SettingsError::ThinkSeconds),
                },
                "{bad}"
            );
        }
        assert_eq!(
            SettingsError::ThinkSeconds.to_string(),
            "`think` takes seconds, like `think 2`"
        );
    }

    #[test]
    fn join_and_watch_name_a_match() {
        assert_eq!(
            parse("join 6f1c"),
            PlayCommand::Join {
                id: "6f1c".into(),
                seat: None
            }
        );
        assert_eq!(
            parse("join 6f1c black"),
            PlayCommand::Join {
                id: "6f1c".into(),
                seat: Some(Side::Second)
            }
        );
        assert_eq!(
            parse("join 6f1c white extra"),
            PlayCommand::Join {
                id: "6f1c".into(),
                seat: Some(Side::First)
            }
        );
        assert_eq!(
            parse("join 6f1c left"),
            PlayCommand::Join {
                id: "6f1c".into(),
                seat: None
            },
            "a word that is no side asks for no seat"
        );
        assert_eq!(
            parse("watch 6f1c"),
            PlayCommand::Watch { id: "6f1c".into() }
        );
    }

    #[test]
    fn anything_else_is_move_text_in_every_form_core_reads() {
        let expected: Move = "d1-d7/g7".parse().unwrap();
        for text in [
            "d1-d7/g7",
            "d1 d7 g7",
            "d1d7g7",
            "D1-D7-G7",
            "ｄ１，ｄ７，ｇ７",
            "  d1 d7 g7  ",
        ] {
            assert_eq!(parse(text), PlayCommand::Move(expected), "{text}");
        }
        assert!(
            error("hello").starts_with("not a command or a move: "),
            "{}",
            error("hello")
        );
        assert!(error("hello").ends_with(" (`help` lists them)"));
        // A command word with the wrong number of words is read as a move.
        for line in [
            "join",
            "watch",
            "watch a b",
            "resign now",
            "list all",
            "Quit",
        ] {
            assert!(matches!(
                PlayCommand::parse(line),
                Err(CommandError::NotACommand(_))
            ));
        }
    }

    #[test]
    fn what_is_at_stake_asks_its_question_and_reads_back_as_its_word() {
        for (at_stake, word) in [
            (AtStake::Quit, "quit"),
            (AtStake::Resign, "resign"),
            (AtStake::Abort, "abort"),
        ] {
            assert_eq!(at_stake.to_string(), word);
            assert_eq!(parse(word), at_stake.command());
        }
        assert_eq!(AtStake::Resign.question(), resign_live_game());
    }
}
