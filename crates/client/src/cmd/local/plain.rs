//! `local` line by line: the board as text, a prompt for the side a person
//! moves, and a program's move printed when it comes (a program thinks on
//! this thread). A typed line is parsed once into a [`LocalCommand`], with
//! the words plain `play` shares (`face::plain_command`).

use std::io::{BufRead, Write};
use std::time::{Instant, SystemTime};

use amazons_core::{BySide, Game, Move, MoveParseError};

use super::kept::KeptGame;
use super::{LocalMatch, kept_line};
use crate::face::help::{plain_local, rules};
use crate::face::labels::{format_clock, move_count, move_number, ply_count};
use crate::face::plain_command::{Answer, Common};
use crate::face::territory::territory_text;
use crate::face::text_board::board_text;
use crate::face::words;

/// A line typed in plain `local`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LocalCommand {
    /// An empty line: nothing to do.
    Nothing,
    /// `help` or `?`: the rules and these commands.
    Help,
    /// `board`: the board again.
    Board,
    /// `territory`: who owns the board.
    Territory,
    /// `takeback` or `undo`: take back the last move (and the engine's
    /// reply before it, against an engine).
    TakeBack,
    /// `resign`: the side to move resigns, once the next line says yes.
    Resign,
    /// `quit`: stop; the game is kept for `local --resume`.
    Quit,
    /// The move of the side to move, in any form core reads.
    Move(Move),
}

impl LocalCommand {
    /// Reads one typed line; what is no command and no move text says why
    /// it is no move.
    fn parse(line: &str) -> Result<LocalCommand, MoveParseError> {
        let line = line.trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(common) = Common::parse(&words) {
            return Ok(match common {
                Common::Help => LocalCommand::Help,
                Common::Board => LocalCommand::Board,
                Common::Territory => LocalCommand::Territory,
                Common::Resign => LocalCommand::Resign,
                Common::Quit => LocalCommand::Quit,
            });
        }
        match words.as_slice() {
            [] => Ok(LocalCommand::Nothing),
            ["takeback" | "undo"] => Ok(LocalCommand::TakeBack),
            _ => line.parse().map(LocalCommand::Move),
        }
    }
}

/// The clocks as text for plain mode (`white 4:59 / black 5:00`), if timed.
fn clock_text(game: &Game, now: Instant) -> String {
    match game.clock().remaining_both(now) {
        Some(BySide {
            first: white,
            second: black,
        }) => t!(
            "local-clocks",
            white = format_clock(white),
            black = format_clock(black)
        ),
        None => String::new(),
    }
}

/// Asks whether a new game may replace the `kept` one; true on yes. Where
/// nobody can answer (`interactive` false: input is not a terminal) or
/// input ends first, nothing starts: an error that names `--resume` and
/// `--new`. No keeps the game.
pub(super) fn replace_kept(
    kept: &KeptGame,
    input: &mut impl BufRead,
    out: &mut impl Write,
    interactive: bool,
) -> anyhow::Result<bool> {
    let now = SystemTime::now();
    if !interactive {
        anyhow::bail!("{}", kept.refusal(now));
    }
    write!(
        out,
        "{} ",
        t!("plain-question", question = kept.question(now))
    )?;
    out.flush()?;
    match crate::tui::terminal::read_line(input, out)? {
        None => {
            writeln!(out)?;
            anyhow::bail!("{}", kept.refusal(now))
        }
        Some(line) if Answer::parse(&line) == Answer::Yes => Ok(true),
        Some(_) => {
            writeln!(out, "{}", kept.still_kept())?;
            Ok(false)
        }
    }
}

/// Runs the plain face until the game ends, the person quits or input ends.
pub(super) fn run(
    mut local: LocalMatch,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let players = local.players.clone();
    let line = t!(
        "local-players",
        white = players.first.name.as_str(),
        black = players.second.name.as_str()
    );
    writeln!(out, "{line}")?;
    writeln!(out, "{}", t!("local-plain-intro"))?;
    if !local.game.moves().is_empty() {
        let moves = move_count(local.game.moves().len());
        writeln!(out, "{}", t!("local-resumed", moves = moves))?;
    }
    let mut show_board = true;
    loop {
        let now = Instant::now();
        local.game.check_flag(now);
        if let Some(outcome) = local.game.outcome() {
            writeln!(out, "{}", board_text(&local.game.position()))?;
            let line = t!("game-over-notice", outcome = words::outcome(outcome));
            writeln!(out, "{line}")?;
            let moves = local.record().map(|r| r.move_text()).unwrap_or_default();
            writeln!(out, "{}", t!("local-moves", moves = moves))?;
            match local.save_if_over() {
                Some(Ok(path)) => {
                    let path = path.display().to_string();
                    writeln!(out, "{}", t!("local-plain-saved", path = path))?;
                }
                Some(Err(e)) => {
                    let error = format!("{e:#}");
                    writeln!(out, "{}", t!("local-not-saved", error = error))?;
                }
                None => {}
            }
            return Ok(());
        }
        let position = local.game.position();
        let side = position.turn();
        let name = &players[side].name;
        let number = move_number(local.game.ply());
        if !local.is_human(side) {
            let answer = local.think_here(now);
            match local.play_program_answer(side, answer) {
                Ok(m) => {
                    let line = t!(
                        "local-plays",
                        number = number.as_str(),
                        side = words::side(side),
                        name = name.as_str(),
                        premove = m.to_string()
                    );
                    writeln!(out, "{line}")?;
                }
                Err(why) => writeln!(out, "{why}")?,
            }
            show_board = true;
            continue;
        }
        if show_board {
            writeln!(out, "{}", board_text(&position))?;
        }
        let prompt = t!(
            "local-prompt",
            number = number.as_str(),
            side = words::side(side),
            name = name.as_str(),
            clocks = clock_text(&local.game, now)
        );
        write!(out, "{prompt} ")?;
        out.flush()?;
        let Some(line) = crate::tui::terminal::read_line(input, out)? else {
            writeln!(out)?;
            local.keep_unfinished();
            writeln!(out, "{}", t!("local-end-of-input", kept = kept_line()))?;
            return Ok(());
        };
        match LocalCommand::parse(&line) {
            Ok(LocalCommand::Quit) => {
                local.keep_unfinished();
                writeln!(out, "{}", t!("local-quitting", kept = kept_line()))?;
                return Ok(());
            }
            Ok(LocalCommand::Resign) => {
                // Asked as every mode asks: the next line answers.
                let question = t!("local-resign-as", side = words::side(side));
                write!(out, "{} ", t!("plain-question", question = question))?;
                out.flush()?;
                let Some(answer) = crate::tui::terminal::read_line(input, out)? else {
                    writeln!(out)?;
                    local.keep_unfinished();
                    let line = t!("local-end-before-answer", kept = kept_line());
                    writeln!(out, "{line}")?;
                    return Ok(());
                };
                if Answer::parse(&answer) == Answer::Yes {
                    local.game.resign(side, Instant::now());
                } else {
                    writeln!(out, "{}", t!("plain-kept-playing"))?;
                    show_board = false;
                }
            }
            command => show_board = carry_out(&mut local, command, out)?,
        }
    }
}

/// Carries out one line typed by a person (all but `quit` and `resign`,
/// which the loop asks about); true when the board should be printed
/// again.
fn carry_out(
    local: &mut LocalMatch,
    command: Result<LocalCommand, MoveParseError>,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let now = Instant::now();
    match command {
        Ok(LocalCommand::Nothing | LocalCommand::Quit | LocalCommand::Resign) => Ok(false),
        Ok(LocalCommand::Help) => {
            writeln!(out, "{}\n\n{}", rules(), plain_local())?;
            Ok(false)
        }
        Ok(LocalCommand::Board) => Ok(true),
        Ok(LocalCommand::Territory) => {
            writeln!(out, "{}", territory_text(&local.game.position()))?;
            Ok(false)
        }
        Ok(LocalCommand::TakeBack) => {
            let undone = local.game.take_back(local.take_back_plies(), now);
            local.keep_unfinished();
            writeln!(out, "{}", t!("local-took-back", plies = ply_count(undone)))?;
            Ok(true)
        }
        Ok(LocalCommand::Move(m)) => {
            match local.play(m) {
                Ok(()) => return Ok(true),
                Err(amazons_core::GameError::Illegal(e)) => {
                    let reason = format!("{m}: {}", words::illegal_move(e.reason));
                    writeln!(out, "{}", t!("plain-illegal", reason = reason))?
                }
                Err(e) => writeln!(out, "{e}")?,
            }
            Ok(false)
        }
        Err(e) => {
            let why = words::move_parse_error(&e);
            writeln!(out, "{}", t!("local-not-a-move", why = why))?;
            Ok(false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_plain_local_reads() {
        let parse = |line: &str| LocalCommand::parse(line).unwrap();
        assert_eq!(parse(""), LocalCommand::Nothing);
        assert_eq!(parse("  \n"), LocalCommand::Nothing);
        assert_eq!(parse("help"), LocalCommand::Help);
        assert_eq!(parse("?"), LocalCommand::Help);
        assert_eq!(parse("board"), LocalCommand::Board);
        assert_eq!(parse("territory"), LocalCommand::Territory);
        assert_eq!(parse("takeback"), LocalCommand::TakeBack);
        assert_eq!(parse("undo"), LocalCommand::TakeBack);
        assert_eq!(parse("resign\n"), LocalCommand::Resign);
        assert_eq!(parse(" quit "), LocalCommand::Quit);
        let m: Move = "d10-d8/d9".parse().unwrap();
        for text in ["d10-d8/d9", "d10 d8 d9", "D10-D8-D9", "d10d8d9"] {
            assert_eq!(parse(text), LocalCommand::Move(m), "{text}");
        }
    }

    #[test]
    fn a_new_game_replaces_the_kept_one_only_on_yes() {
        let kept = KeptGame {
            saved: super::super::kept::tests::kept_game(&["d1-d7/g7"]),
            last_played: None,
        };
        let ask = |answer: &str, interactive: bool| {
            let mut out = Vec::new();
            let replace = replace_kept(&kept, &mut answer.as_bytes(), &mut out, interactive);
            (replace, String::from_utf8(out).unwrap())
        };
        let (replace, out) = ask("y\n", true);
        assert!(replace.unwrap(), "{out}");
        assert!(
            out.starts_with("An unfinished game is kept (white ann vs black bob, 1 move)."),
            "{out}"
        );
        let (replace, out) = ask("n\n", true);
        assert!(!replace.unwrap());
        assert!(out.contains("local --resume` continues it"), "{out}");
        let (replace, _) = ask("", true);
        assert!(
            replace
                .unwrap_err()
                .to_string()
                .contains("--new` replaces it")
        );
        let (replace, out) = ask("y\n", false);
        assert!(
            replace.is_err() && out.is_empty(),
            "no terminal: nothing asked, nothing read"
        );
    }

    #[test]
    fn play_only_words_and_other_text_are_no_moves() {
        for line in ["hello", "list", "abort", "take back", "QUIT", "resign now"] {
            assert!(LocalCommand::parse(line).is_err(), "{line:?}");
        }
        assert_eq!(
            LocalCommand::parse("a7").unwrap_err().to_string(),
            "a move names 3 squares (queen from, queen to, arrow), found 1"
        );
    }
}
