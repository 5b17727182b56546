//! `local` on the full screen: the game screen over the local match. A
//! program thinks on its own thread while the screen keeps drawing and the
//! clocks tick; keys and clicks come back from the screen as actions.

use std::time::{Duration, Instant, SystemTime};

use amazons_core::{BySide, Move, Side};
use amazons_engine::player::PlayerError;
use crossterm::event;

use super::kept::KeptGame;
use super::{LocalMatch, Thinking};
use crate::face::bell::{Bell, Ring};
use crate::face::labels::{move_count, ply_count};
use crate::tui::game::{GameScreen, ScreenAction, Tone};
use crate::tui::theme::Theme;

/// Runs the full-screen face until the person quits; says whether an
/// unfinished game is left kept.
pub(super) fn run(
    mut local: LocalMatch,
    terminal: &mut ratatui::DefaultTerminal,
    mut bell: Bell,
    theme: Theme,
) -> anyhow::Result<bool> {
    let names = local.players.clone().map(|p| p.name);
    let mut screen = GameScreen::new(amazons_core::Position::start(), names.clone());
    screen.theme = theme;
    screen.territory_allowed = true;
    screen.movable = BySide::from_fn(|s| local.is_human(s));
    screen.flipped = local.is_human(Side::Second) && !local.is_human(Side::First);
    let moves = local.moves();
    let shown = moves.len();
    screen.show_game(local.game.position(), moves, shown);
    screen.focus();
    screen.keys = if local.humans() > 0 {
        vec![
            ("t", "keys-take-back"),
            ("r", "keys-resign"),
            ("n", "keys-new-game"),
        ]
    } else {
        vec![("n", "keys-new-game")]
    };
    if !local.game.moves().is_empty() {
        screen.notify(
            t!(
                "local-resumed",
                moves = move_count(local.game.moves().len())
            ),
            Tone::Info,
        );
    }
    let mut thinking: Option<(Side, Thinking)> = None;
    loop {
        if crate::tui::signals::stop_requested() {
            // A signal: quit as `q` does (the game stays kept).
            local.keep_unfinished();
            return Ok(local.unfinished());
        }
        let now = Instant::now();
        if local.game.check_flag(now).is_some() {
            bell.ring(Ring::GameOver);
        }
        screen.clock = *local.game.clock();
        screen.outcome = local.game.outcome();
        if let Some(saved) = local.save_if_over() {
            match saved {
                Ok(path) => screen.notify(
                    t!("local-saved", path = path.display().to_string()),
                    Tone::Info,
                ),
                Err(e) => screen.notify(
                    t!("local-not-saved", error = format!("{e:#}")),
                    Tone::Warning,
                ),
            }
        }
        if thinking.is_none() {
            thinking = local.think_on_a_thread(now);
        }
        screen.status = match &thinking {
            Some((side, _)) => t!(
                "local-thinking",
                name = names[*side].as_str(),
                side = crate::face::words::side(*side)
            ),
            None => String::new(),
        };
        terminal.draw(|frame| screen.draw(frame))?;

        if let Some((side, reply)) = &mut thinking {
            let side = *side;
            // The program's answer, once it has come.
            if let Some(answer) = reply.try_take() {
                thinking = None;
                show_program_answer(&mut local, &mut screen, side, answer);
                if local.humans() > 0 {
                    bell.ring(if local.game.outcome().is_some() {
                        Ring::GameOver
                    } else {
                        Ring::OpponentMoved
                    });
                }
                continue;
            }
        }

        if !event::poll(Duration::from_millis(50))? {
            continue;
        }
        let action = screen.handle(&event::read()?);
        match action {
            ScreenAction::Quit if local.unfinished() => {
                screen.ask(t!("local-quit-question"), 'q');
            }
            ScreenAction::Quit | ScreenAction::QuitNow | ScreenAction::Confirmed('q') => {
                local.keep_unfinished();
                return Ok(local.unfinished());
            }
            ScreenAction::Move(m) => match local.play(m) {
                Ok(()) => {
                    screen.show_move(local.game.position(), m);
                    if local.game.outcome().is_some() {
                        bell.ring(Ring::GameOver);
                    }
                }
                Err(e) => screen.notify(e.to_string(), Tone::Warning),
            },
            ScreenAction::Command('t') => {
                if thinking.is_some() {
                    screen.notify(t!("local-wait-to-take-back"), Tone::Warning);
                    continue;
                }
                let undone = local
                    .game
                    .take_back(local.take_back_plies(), Instant::now());
                if undone == 0 {
                    screen.notify(t!("local-nothing-to-take-back"), Tone::Warning);
                } else {
                    let moves = local.moves();
                    let shown = moves.len();
                    screen.show_game(local.game.position(), moves, shown);
                    local.keep_unfinished();
                    screen.notify(t!("local-took-back", plies = ply_count(undone)), Tone::Info);
                }
            }
            ScreenAction::Command('r') if local.game.outcome().is_none() => {
                match local.resigning_side() {
                    Some(side) => screen.ask(
                        t!("local-resign-as", side = crate::face::words::side(side)),
                        'r',
                    ),
                    None => screen.notify(t!("local-only-a-person-resigns"), Tone::Warning),
                }
            }
            ScreenAction::Confirmed('r') => {
                if let Some(side) = local.resigning_side() {
                    local.game.resign(side, Instant::now());
                    bell.ring(Ring::GameOver);
                }
            }
            ScreenAction::Command('n') if local.game.outcome().is_some() && thinking.is_none() => {
                local.start_new_game()?;
                screen.show_game(local.game.position(), Vec::new(), 0);
                screen.notify(t!("local-new-game"), Tone::Info);
            }
            ScreenAction::Command('n') => screen.notify(t!("local-new-game-after"), Tone::Warning),
            ScreenAction::Command(c) => {
                screen.notify(t!("key-does-nothing", key = c.to_string()), Tone::Warning)
            }
            ScreenAction::Premove(_)
            | ScreenAction::Jump(_)
            | ScreenAction::Confirmed(_)
            | ScreenAction::None => {}
        }
    }
}

/// Asks, over the kept game's board, whether a new game may replace it;
/// true on yes. No, Esc, Ctrl-C or a signal keep it.
pub(super) fn replace_kept(
    terminal: &mut ratatui::DefaultTerminal,
    kept: &KeptGame,
    theme: Theme,
) -> anyhow::Result<bool> {
    let mut screen = kept_game_screen(kept, theme)?;
    loop {
        if crate::tui::signals::stop_requested() {
            return Ok(false);
        }
        terminal.draw(|frame| screen.draw(frame))?;
        if !event::poll(Duration::from_millis(50))? {
            continue;
        }
        match screen.handle(&event::read()?) {
            ScreenAction::Confirmed(_) => return Ok(true),
            ScreenAction::QuitNow => return Ok(false),
            _ if !screen.asking() => return Ok(false),
            _ => {}
        }
    }
}

/// The kept game on the board (nobody may move on it), with the question
/// whether a new game may replace it.
fn kept_game_screen(kept: &KeptGame, theme: Theme) -> anyhow::Result<GameScreen> {
    let game = kept.saved.restore(Instant::now())?;
    let names = kept.saved.players.clone().map(|p| p.name);
    let mut screen = GameScreen::new(amazons_core::Position::start(), names);
    screen.theme = theme;
    let moves: Vec<Move> = game.moves().iter().map(|m| m.mv).collect();
    let shown = moves.len();
    screen.show_game(game.position(), moves, shown);
    screen.caption = t!("local-kept-game");
    screen.ask(kept.question(SystemTime::now()), 'n');
    Ok(screen)
}

/// Plays a program's answer and shows it: the move, or why it resigned.
fn show_program_answer(
    local: &mut LocalMatch,
    screen: &mut GameScreen,
    side: Side,
    answer: Result<Move, PlayerError>,
) {
    match local.play_program_answer(side, answer) {
        Ok(m) => screen.show_move(local.game.position(), m),
        Err(why) => screen.notify(why, Tone::Warning),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_question_names_the_kept_game_over_its_board_at_80x24() {
        let kept = KeptGame {
            saved: super::super::kept::tests::kept_game(&["d1-d7/g7", "a7-b7/c7", "g1-g4/g5"]),
            last_played: None,
        };
        let mut screen = kept_game_screen(&kept, Theme::Dark).unwrap();
        let text = crate::tui::snapshot::render(80, 24, |frame| screen.draw(frame));
        let words: Vec<&str> = text
            .lines()
            .flat_map(|line| line.split('│').nth(1).into_iter())
            .flat_map(str::split_whitespace)
            .collect();
        let question = kept.question(SystemTime::now());
        let expected: Vec<&str> = question.split_whitespace().collect();
        assert!(
            words
                .windows(expected.len())
                .any(|w| w == expected.as_slice()),
            "the whole question is in its box:\n{text}"
        );
        assert!(text.contains("y yes   n no"), "{text}");
        assert!(
            text.lines().nth(3).unwrap().contains("♛  ×  ♛"),
            "the kept game's board: {text}"
        );
        assert!(!text.contains("move>"), "nobody moves on it: {text}");
    }
}
