//! The game's words in the client's language: sides, outcomes, time
//! controls, match states, and core's and the server's refusals. Notation,
//! coordinates and numbers stay as they are in every language.
//!
//! The Chinese names a side by move order with the colour beside it
//! (先手（白）), the English by colour alone (`white`), as
//! `docs/glossary.md` decides; the Chinese words come from `common.ftl`.

use amazons_core::{
    EndReason, IllegalMove, MoveParseError, MovePart, Outcome, Side, TimeControl, TimeControlError,
    Vocabulary,
};
use amazons_protocol::{ErrorCode, MatchStatus};

use crate::tr::{Lang, Value, lang, message};

/// The words of a value people see by name (a tie-break, a tournament
/// format), in one form of its key family in `common.ftl` (`""`, or one of
/// the enum's [`Vocabulary::FORMS`] such as `"-short"`): the keys the
/// vocabulary tests hold to the enum, shared with the page.
pub fn named<T: Vocabulary>(value: T, form: &str, args: &[(&str, Value<'_>)]) -> String {
    message(&value.key_of(form), args)
}

/// A side in a sentence: `white`, 先手（白）.
pub fn side(side: Side) -> String {
    match side {
        Side::First => t!("side-word-white"),
        Side::Second => t!("side-word-black"),
    }
}

/// A side where there is little room: `white`, 先手.
pub fn side_short(side: Side) -> String {
    match side {
        Side::First => t!("side-word-white-short"),
        Side::Second => t!("side-word-black-short"),
    }
}

/// A game's end in a sentence: `white wins by time`, 先手（白）胜：后手（黑）超时.
pub fn outcome(outcome: Outcome) -> String {
    outcome_by(outcome, None)
}

/// [`outcome`], with the margin of a game the territory decided when it is
/// known (`white wins on territory by 7`).
pub fn outcome_by(outcome: Outcome, margin: Option<u32>) -> String {
    let Some(winner) = outcome.winner else {
        return match outcome.reason {
            EndReason::Abandonment => t!("game-result-abandoned-by-both"),
            EndReason::Aborted => t!("game-result-aborted"),
            _ => t!("game-result-no-winner", reason = reason(outcome.reason)),
        };
    };
    let (winner, loser) = (side(winner), side(!winner));
    match outcome.reason {
        EndReason::NoLegalMove => t!("game-result-no-legal-move", winner = winner, loser = loser),
        EndReason::Resignation => t!("game-result-resignation", winner = winner, loser = loser),
        EndReason::Time => t!("game-result-time", winner = winner, loser = loser),
        EndReason::Abandonment => t!("game-result-abandonment", winner = winner, loser = loser),
        EndReason::Aborted => t!("game-result-aborted-won", winner = winner, loser = loser),
        EndReason::IllegalMove => t!("game-result-illegal-move", winner = winner, loser = loser),
        EndReason::EngineFailure => {
            t!("game-result-engine-failure", winner = winner, loser = loser)
        }
        EndReason::Territory => match margin {
            Some(margin) => t!("game-result-territory-by", winner = winner, margin = margin),
            None => t!("game-result-territory", winner = winner),
        },
    }
}

/// Why a game ended, in a word or two: `resignation`, 认输.
pub fn reason(reason: EndReason) -> String {
    match reason {
        EndReason::NoLegalMove => t!("reason-no-legal-move"),
        EndReason::Resignation => t!("reason-resignation"),
        EndReason::Time => t!("reason-time"),
        EndReason::Abandonment => t!("reason-abandonment"),
        EndReason::Aborted => t!("reason-aborted"),
        EndReason::IllegalMove => t!("reason-illegal-move"),
        EndReason::EngineFailure => t!("reason-engine-failure"),
        EndReason::Territory => t!("reason-territory"),
    }
}

/// A time control: `5+3` stays as it is, `untimed` is a word (不限时).
pub fn time_control(time_control: TimeControl) -> String {
    if time_control.is_timed() {
        time_control.to_string()
    } else {
        t!("clock-untimed")
    }
}

/// Whether a match counts for ratings, in a word: `rated`, 积分.
pub fn rated_word(rated: bool) -> String {
    if rated { t!("rated") } else { t!("casual") }
}

/// A match status in a word: `waiting`, 等待中.
pub fn status_word(status: MatchStatus) -> String {
    match status {
        MatchStatus::Waiting => t!("status-waiting"),
        MatchStatus::Playing => t!("status-playing"),
        MatchStatus::Finished => t!("status-finished"),
    }
}

/// Why the rules refuse a move, in the player's words.
pub fn illegal_move(reason: IllegalMove) -> String {
    match reason {
        IllegalMove::GameOver => t!("illegal-game-over"),
        IllegalMove::NoQueen(square) => t!("illegal-no-queen", square = square.to_string()),
        IllegalMove::NotYourQueen(square) => {
            t!("illegal-not-your-queen", square = square.to_string())
        }
        IllegalMove::QueenNotInLine { from, to } => t!(
            "illegal-queen-not-in-line",
            from = from.to_string(),
            to = to.to_string()
        ),
        IllegalMove::QueenPathBlocked(square) => {
            t!("illegal-queen-path-blocked", square = square.to_string())
        }
        IllegalMove::ArrowNotInLine { from, to } => t!(
            "illegal-arrow-not-in-line",
            from = from.to_string(),
            to = to.to_string()
        ),
        IllegalMove::ArrowPathBlocked(square) => {
            t!("illegal-arrow-path-blocked", square = square.to_string())
        }
    }
}

/// Why typed text is no move.
pub fn move_parse_error(error: &MoveParseError) -> String {
    match error {
        MoveParseError::Empty => t!("move-text-empty"),
        MoveParseError::UnexpectedChar { found } => {
            t!("move-text-unexpected", found = found.to_string())
        }
        MoveParseError::BadSquare { part, source } => {
            let part = match part {
                MovePart::From => t!("move-part-from"),
                MovePart::To => t!("move-part-to"),
                MovePart::Arrow => t!("move-part-arrow"),
            };
            // Core keeps its square errors' type to itself: English reads
            // its words, other languages say where squares run.
            t!(
                "move-text-bad-square",
                part = part,
                why = source.to_string()
            )
        }
        MoveParseError::WrongSquareCount { found } => t!("move-text-square-count", found = *found),
        MoveParseError::ArrowNotFromDestination { to, arrow_from } => t!(
            "move-text-arrow-not-from-destination",
            to = to.to_string(),
            from = arrow_from.to_string()
        ),
    }
}

/// Why typed text is no time control.
pub fn time_control_error(error: &TimeControlError) -> String {
    match error {
        TimeControlError::Syntax(text) => t!("time-control-syntax", text = text.as_str()),
        TimeControlError::NoInitialTime => t!("time-control-no-initial"),
        TimeControlError::InitialTooLong => t!("time-control-initial-too-long"),
        TimeControlError::IncrementTooLarge => t!("time-control-increment-too-large"),
    }
}

/// What the server said when it refused something: in English, the
/// server's own message (it names the details); in another language, the
/// catalogue's sentence for the code (`common.ftl`'s `error-<code>`), else
/// the server's message for a code the catalogue does not know.
pub fn server_error(code: ErrorCode, message: &str) -> String {
    let catalog = amazons_i18n::catalog(lang());
    let key = Vocabulary::key(code);
    if lang() == Lang::En || code == ErrorCode::Unknown || !catalog.has(&key) {
        message.to_string()
    } else {
        catalog.t(&key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_territory_ending_says_its_margin_when_known_in_both_languages() {
        let won = Outcome {
            winner: Some(Side::First),
            reason: EndReason::Territory,
        };
        assert_eq!(outcome_by(won, Some(7)), "white wins on territory by 7");
        assert_eq!(outcome(won), "white wins on territory");
        crate::tr::with_lang(Lang::ZhCn, || {
            assert_eq!(outcome_by(won, Some(7)), "先手（白）胜 7 步：领地已定");
        });
    }
}
