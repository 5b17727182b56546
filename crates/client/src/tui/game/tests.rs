//! The game screen driven by keys and clicks and drawn on a test
//! terminal: what it hands back and what it shows.

use std::time::Duration;

use amazons_core::{BySide, Clock, Move, Outcome, Position, Side};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::{GameScreen, ScreenAction};

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn type_text(screen: &mut GameScreen, text: &str) -> ScreenAction {
    for c in text.chars() {
        screen.handle(&key(KeyCode::Char(c)));
    }
    screen.handle(&key(KeyCode::Enter))
}

fn screen_text(screen: &mut GameScreen, width: u16, height: u16) -> String {
    crate::tui::snapshot::render(width, height, |frame| screen.draw(frame))
}

fn hot_seat() -> GameScreen {
    let mut screen = GameScreen::new(Position::start(), BySide::new("ann".into(), "bob".into()));
    screen.movable = BySide::both(true);
    screen
}

#[test]
fn an_80x24_screen_shows_board_names_clocks_and_moves() {
    let mut screen = hot_seat();
    screen.clock = Clock::with_remaining(
        "5+0".parse().unwrap(),
        amazons_core::BySide::new(Duration::from_secs(300), Duration::from_millis(9_400)),
    );
    let m: Move = "d1-d7/g7".parse().unwrap();
    screen.show_move(Position::start().play(m).unwrap(), m);
    let text = screen_text(&mut screen, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "10           ♛        ♛           ▶ ♛ black bob  0:09.4"
    );
    assert_eq!(
        lines[1],
        " 9                                black to move: pick a queen"
    );
    assert_eq!(
        lines[3], " 7 [♛]       ♛        ×        ♛",
        "black's turn starts with the cursor on a black queen"
    );
    assert_eq!(
        lines[9], " 1                    ♛             ♛ white ann  5:00",
        "white's clock is level with the board's bottom rank"
    );
    assert!(
        lines[10].starts_with("    a  b  c  d  e  f  g  h  i  j"),
        "{text}"
    );
    assert!(lines[10].contains("moves ───"), "{text}");
    assert_eq!(lines[11], "                                    1. d1-d7/g7");
    assert!(lines[22].starts_with("move> "), "{text}");
    crate::tui::snapshot::assert_snapshot("hot_seat_80x24", &text);
}

#[test]
fn clicks_walk_through_the_stages_and_right_click_steps_back() {
    let mut screen = hot_seat();
    screen_text(&mut screen, 80, 24);
    let click = |column, row, button| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(button),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    // d1 is column 3 + 3*3 = 12, row 9 on the 80x24 layout.
    assert_eq!(
        screen.handle(&click(12, 9, MouseButton::Left)),
        ScreenAction::None
    );
    let text = screen_text(&mut screen, 80, 24);
    assert!(text.contains("d1: pick its destination"), "{text}");
    screen.handle(&click(12, 3, MouseButton::Left));
    screen.handle(&click(1, 1, MouseButton::Right));
    screen.handle(&click(12, 3, MouseButton::Left));
    let action = screen.handle(&click(21, 3, MouseButton::Left));
    assert_eq!(action, ScreenAction::Move("d1-d7/g7".parse().unwrap()));
}

#[test]
fn typed_moves_in_any_form_and_refusals_keep_the_text() {
    let mut screen = hot_seat();
    assert_eq!(
        type_text(&mut screen, "ｄ１，ｄ７，ｇ７"),
        ScreenAction::Move("d1-d7/g7".parse().unwrap())
    );
    assert_eq!(type_text(&mut screen, "d1 d7 d10"), ScreenAction::None);
    let text = screen_text(&mut screen, 80, 24);
    assert!(
        text.contains("d1-d7/d10: the arrow's path is blocked at d10"),
        "{text}"
    );
    assert!(text.contains("move> d1 d7 d10"), "{text}");
    screen.handle(&key(KeyCode::Esc));
    assert_eq!(type_text(&mut screen, "d1 d7"), ScreenAction::None);
    assert!(screen_text(&mut screen, 80, 24).contains("found 2"));
}

#[test]
fn keys_outside_move_text_are_commands() {
    let mut screen = hot_seat();
    screen.keys = vec![("t", "take back")];
    assert_eq!(
        screen.handle(&key(KeyCode::Char('t'))),
        ScreenAction::Command('t')
    );
    assert_eq!(screen.handle(&key(KeyCode::Char('q'))), ScreenAction::Quit);
    screen.handle(&key(KeyCode::Char('?')));
    assert!(screen_text(&mut screen, 80, 24).contains("HOW TO PLAY"));
    screen.handle(&key(KeyCode::Char('x')));
    assert!(!screen_text(&mut screen, 80, 24).contains("HOW TO PLAY"));
}

#[test]
fn a_word_on_the_move_line_keeps_every_letter_and_listed_keys_act_only_on_an_empty_line() {
    let mut screen = hot_seat();
    screen.keys = vec![
        ("t", "keys-take-back"),
        ("r", "keys-resign"),
        ("n", "keys-new-game"),
    ];
    for c in "hello".chars() {
        assert_eq!(
            screen.handle(&key(KeyCode::Char(c))),
            ScreenAction::None,
            "{c} types"
        );
    }
    assert!(screen_text(&mut screen, 80, 24).contains("move> hello"));
    // Once the line has text, the listed keys and q type too.
    for c in " tqrn?v".chars() {
        assert_eq!(screen.handle(&key(KeyCode::Char(c))), ScreenAction::None);
    }
    let text = screen_text(&mut screen, 80, 24);
    assert!(text.contains("move> hello tqrn?v"), "{text}");
    assert!(!text.contains("HOW TO PLAY"), "? typed, no help: {text}");
    assert_eq!(screen.handle(&key(KeyCode::Enter)), ScreenAction::None);
    assert!(
        screen_text(&mut screen, 80, 24).contains("in the move: type three squares"),
        "Enter reads the line as a move"
    );
    // Esc clears the line and what was said about it.
    screen.handle(&key(KeyCode::Esc));
    let text = screen_text(&mut screen, 80, 24);
    assert!(!text.contains("type three squares"), "{text}");
    // A word with no square in it is no move; it is not counted as squares.
    assert_eq!(type_text(&mut screen, "hello"), ScreenAction::None);
    let text = screen_text(&mut screen, 80, 24);
    assert!(
        text.contains("`hello` is not a move: type three squares, e.g. d1-d7/g7"),
        "{text}"
    );
    assert!(!text.contains("found 5"), "{text}");
    // Esc clears it; on the empty line the listed keys act again, and a
    // letter that is no key starts the line.
    screen.handle(&key(KeyCode::Esc));
    assert_eq!(
        screen.handle(&key(KeyCode::Char('t'))),
        ScreenAction::Command('t')
    );
    assert_eq!(screen.handle(&key(KeyCode::Char('q'))), ScreenAction::Quit);
    assert_eq!(screen.handle(&key(KeyCode::Char('k'))), ScreenAction::None);
    assert!(screen_text(&mut screen, 80, 24).contains("move> k"));
    screen.handle(&key(KeyCode::Esc));
    screen.handle(&key(KeyCode::Char('?')));
    let help = screen_text(&mut screen, 80, 24);
    assert!(
        help.contains("the keys below act on an empty line; else every key types"),
        "the rule is in the help: {help}"
    );
}

#[test]
fn the_opponents_turn_refuses_picks() {
    let mut screen = hot_seat();
    screen.movable = BySide::new(false, true);
    screen.handle(&key(KeyCode::Enter));
    assert!(screen_text(&mut screen, 80, 24).contains("it is not your turn"));
}

#[test]
fn game_over_and_large_screens() {
    let mut screen = hot_seat();
    screen.outcome = Some(Outcome::win(
        Side::Second,
        amazons_core::EndReason::Resignation,
    ));
    let text = screen_text(&mut screen, 120, 40);
    assert!(
        text.contains("GAME OVER: black wins by resignation"),
        "{text}"
    );
    assert!(text.contains("a      b      c"), "squares grow: {text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with("♛ black bob"), "{text}");
    assert!(
        lines[29].ends_with("♛ white ann"),
        "level with rank 1: {text}"
    );
    assert!(
        !text.contains("move>"),
        "nobody moves after the end: {text}"
    );
    crate::tui::snapshot::assert_snapshot("game_over_120x40", &text);
    let small = screen_text(&mut screen, 40, 12);
    assert!(small.contains("window too small"), "{small}");
}

#[test]
fn a_question_over_a_busy_board_on_a_stale_terminal_leaves_nothing_stale() {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    // What a killed run left on the screen: every cell written.
    let stale: Vec<String> = (0..24).map(|_| "#".repeat(80)).collect();
    let mut terminal = Terminal::new(TestBackend::with_lines(stale)).unwrap();
    crate::tui::terminal::start_clean(&mut terminal).unwrap();
    let mut screen = hot_seat();
    for text in ["d1-d7/g7", "a7-b7/c7", "g1-g4/g5", "j7-j6/j5"] {
        let m: Move = text.parse().unwrap();
        screen.show_move(screen.position.play(m).unwrap(), m);
    }
    screen.notify("a notice under the board", super::Tone::Info);
    terminal.draw(|frame| screen.draw(frame)).unwrap();
    let question = "Quit this game? It is kept: `amazons-client local --resume` continues it.";
    screen.ask(question, 'q');
    terminal.draw(|frame| screen.draw(frame)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    let rows: Vec<String> = (0..24)
        .map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect())
        .collect();
    let text = rows.join("\n");
    assert!(!text.contains('#'), "stale cells are left:\n{text}");
    // Inside the box: the question's words and the answers, nothing else.
    let top = rows.iter().position(|r| r.contains("┌")).expect("a box");
    let bottom = rows.iter().rposition(|r| r.contains("└")).expect("a box");
    let left = rows[top].chars().position(|c| c == '┌').unwrap();
    let right = rows[top].chars().position(|c| c == '┐').unwrap();
    let inside: Vec<String> = rows[top + 1..bottom]
        .iter()
        .map(|row| {
            let cells: Vec<char> = row.chars().collect();
            cells[left + 1..right].iter().collect::<String>()
        })
        .collect();
    let words: Vec<&str> = inside.iter().flat_map(|r| r.split_whitespace()).collect();
    let expected: Vec<&str> = question
        .split_whitespace()
        .chain(["y", "yes", "n", "no"])
        .collect();
    assert_eq!(words, expected, "{text}");
}

#[test]
fn every_line_of_a_finished_game_is_whole_at_80x24() {
    let mut screen = hot_seat();
    screen.movable = BySide::both(false);
    screen.outcome = Some(Outcome::win(
        Side::Second,
        amazons_core::EndReason::Resignation,
    ));
    let status =
        "you play black; white offers a rematch (o accepts, n declines)   [connected as bob]";
    screen.status = status.into();
    let caption = "match 6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";
    screen.caption = caption.into();
    screen.keys = vec![
        ("o", "keys-rematch"),
        ("n", "keys-decline"),
        ("l", "keys-leave"),
    ];
    let saved = "game saved to /home/someone/.local/share/amazons/history/\
                 2026-12-01T21-20-00Z-6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60.json";
    screen.notify(saved, super::Tone::Info);
    let text = screen_text(&mut screen, 80, 24);
    for line in [
        "GAME OVER: black wins by resignation",
        status,
        caption,
        saved,
        "o rematch  n decline  l leave  v flip  ? help  q quit",
    ] {
        assert!(
            crate::tui::snapshot::shows_whole(&text, line),
            "{line:?} is cut:\n{text}"
        );
    }
    screen.status = "you play black; rematch offered   [connected as bob]".into();
    let text = screen_text(&mut screen, 80, 24);
    assert!(
        crate::tui::snapshot::shows_whole(&text, &screen.status),
        "{text}"
    );
}

#[test]
fn the_help_is_whole_at_80x24() {
    let mut screen = hot_seat();
    screen.keys = vec![
        ("t", "keys-take-back"),
        ("r", "keys-resign"),
        ("n", "keys-new-game"),
    ];
    screen.handle(&key(KeyCode::Char('?')));
    let text = screen_text(&mut screen, 80, 24);
    for line in crate::face::help::screen_help(&screen.current_keys()).lines() {
        assert!(
            crate::tui::snapshot::shows_whole(&text, line),
            "{line:?} is cut:\n{text}"
        );
    }
}

/// Whether every row of `screen` fits `width` columns, measured as a
/// terminal does (a Chinese character is two).
fn fits(screen: &str, width: usize) -> bool {
    use unicode_width::UnicodeWidthStr;
    screen.lines().all(|line| line.width() <= width)
}

#[test]
fn in_chinese_a_game_in_progress_a_finished_game_and_the_help_fit_80x24() {
    use crate::tr::{Lang, with_lang};
    use crate::tui::snapshot::{assert_snapshot, shows_whole};
    with_lang(Lang::ZhCn, || {
        let mut screen = hot_seat();
        screen.clock = Clock::with_remaining(
            "5+0".parse().unwrap(),
            BySide::new(Duration::from_secs(300), Duration::from_millis(9_400)),
        );
        screen.keys = vec![("r", "keys-resign"), ("x", "keys-abort")];
        let m: Move = "d1-d7/g7".parse().unwrap();
        screen.show_move(Position::start().play(m).unwrap(), m);
        screen.status = t!("role-you-play", side = t!("side-word-black"));
        let text = screen_text(&mut screen, 80, 24);
        assert!(fits(&text, 80), "{text}");
        for line in [
            "轮到后手（黑）：选一个皇后",
            "♛ 后手（黑） bob  0:09.4",
            "♛ 先手（白） ann  5:00",
            "r 认输  x 中止  v 翻转  ? 帮助  q 退出",
            "你执后手（黑）",
        ] {
            assert!(shows_whole(&text, line), "{line:?} is cut:\n{text}");
        }
        assert!(text.contains("1. d1-d7/g7"), "notation stays: {text}");
        assert_snapshot("zh_game_in_progress", &text);

        screen.outcome = Some(Outcome::win(
            Side::First,
            amazons_core::EndReason::Resignation,
        ));
        screen.keys = vec![
            ("o", "keys-rematch"),
            ("n", "keys-decline"),
            ("l", "keys-leave"),
        ];
        let text = screen_text(&mut screen, 80, 24);
        assert!(fits(&text, 80), "{text}");
        for line in [
            "对局结束：先手（白）胜：后手（黑）认输",
            "o 再来一局  n 拒绝  l 离开  v 翻转  ? 帮助  q 退出",
        ] {
            assert!(shows_whole(&text, line), "{line:?} is cut:\n{text}");
        }
        assert_snapshot("zh_game_over", &text);

        let mut screen = hot_seat();
        screen.handle(&key(KeyCode::Char('?')));
        let text = screen_text(&mut screen, 80, 24);
        assert!(fits(&text, 80), "{text}");
        for line in crate::face::help::screen_help(&screen.current_keys()).lines() {
            assert!(shows_whole(&text, line), "{line:?} is cut:\n{text}");
        }
        assert_snapshot("zh_help", &text);

        screen.handle(&key(KeyCode::Esc));
        screen.ask(crate::face::labels::resign_live_game(), 'r');
        let text = screen_text(&mut screen, 80, 24);
        assert!(shows_whole(&text, "认输？"), "{text}");
        assert!(shows_whole(&text, "y 是   n 否"), "{text}");
        assert_eq!(
            screen.handle(&key(KeyCode::Char('是'))),
            ScreenAction::Confirmed('r')
        );
    });
}

/// A separated endgame: rank 1 only (`Q . . . . . * . . q`, the rest
/// burnt), White to move with 5 moves against Black's 2: White wins by 3.
const RACE: &str = "**********/**********/**********/**********/**********/**********/**********/**********/**********/Q5*2q w";

/// A middlegame: queens apart on an open board, a few arrows.
const POCKET: &str = "3q2q3/10/q8q/10/10/10/10/*3Q2Q2/**1Q6/Q1*7 w";

#[test]
fn m_shows_the_territory_only_where_the_mode_allows_it_and_follows_the_board() {
    let race = Position::from_fen(RACE).unwrap();
    let mut screen = GameScreen::new(race, BySide::new("ann".into(), "bob".into()));
    screen.handle(&key(KeyCode::Char('m')));
    let text = screen_text(&mut screen, 80, 24);
    assert!(!text.contains("territory"), "not allowed: {text}");
    screen.territory_allowed = true;
    assert!(
        screen_text(&mut screen, 80, 24).contains("m territory"),
        "the hint"
    );
    screen.handle(&key(KeyCode::Char('m')));
    assert!(screen.showing_territory());
    let text = screen_text(&mut screen, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    // Each closed region shows its moves on its first square, the rest
    // its letter: capitals, for nothing there can change hands.
    assert!(
        lines[9].starts_with(" 1  ♛  5  W  W  W  W  ×  2  B  ♛"),
        "{text}"
    );
    for line in [
        "territory: white 5 · black 2 · contested 0",
        "moves left in closed regions: white 5, black 2",
        "proven: white wins by 3",
    ] {
        assert!(
            crate::tui::snapshot::shows_whole(&text, line),
            "{line}: {text}"
        );
    }
    crate::tui::snapshot::assert_snapshot("territory_race", &text);
    // A move changes the view; `m` again hides it.
    let m: Move = "a1-b1/a1".parse().unwrap();
    screen.show_move(race.play(m).unwrap(), m);
    let text = screen_text(&mut screen, 80, 24);
    assert!(
        crate::tui::snapshot::shows_whole(&text, "territory: white 4 · black 2"),
        "{text}"
    );
    screen.handle(&key(KeyCode::Char('m')));
    assert!(!screen_text(&mut screen, 80, 24).contains("territory:"));
    screen.forbid_territory();
    screen.handle(&key(KeyCode::Char('m')));
    assert!(
        !screen.showing_territory(),
        "the key is gone with the right"
    );
}

#[test]
fn the_territory_of_an_open_board_is_whole_at_80x24_in_both_languages() {
    use crate::tr::{Lang, with_lang};
    let position = Position::from_fen(POCKET).unwrap();
    for (lang, name) in [
        (Lang::En, "territory_open"),
        (Lang::ZhCn, "zh_territory_open"),
    ] {
        with_lang(lang, || {
            let mut screen = GameScreen::new(position, BySide::new("ann".into(), "bob".into()));
            screen.territory_allowed = true;
            screen.movable = BySide::both(true);
            screen.handle(&key(KeyCode::Char('m')));
            let text = screen_text(&mut screen, 80, 24);
            let (territory, solved) = crate::face::territory::territory_of(&position);
            assert!(solved.is_none(), "open: nothing proven");
            let mut wanted = vec![crate::face::territory::legend()];
            wanted.extend(crate::face::territory::summary_lines(&territory, None));
            for line in wanted {
                assert!(
                    crate::tui::snapshot::shows_whole(&text, &line),
                    "{line}: {text}"
                );
            }
            crate::tui::snapshot::assert_snapshot(name, &text);
        });
    }
}
