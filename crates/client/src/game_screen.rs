//! The game screen every mode shares: the board with both players' names and
//! clocks, the move list, the status, the line where moves are typed, a line of
//! key hints and the help overlay. It turns keys and clicks into
//! [`ScreenAction`]s; the mode driving it (local, network, replay) decides what
//! they mean.

use std::time::Instant;

use amazons_core::{Move, Outcome, Position, Side};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::board_view::{BoardGeometry, BoardView};
use crate::clock::{Clocks, format_clock};
use crate::help::HELP_TEXT;
use crate::move_input::{MoveInput, Pick};

/// What the player asked for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ScreenAction {
    /// Nothing for the driver to do.
    None,
    /// Play this move (complete and legal where it was built; the driver still
    /// plays it through the rules or the server).
    Move(Move),
    /// A command key (`t` take back, `r` resign, `n` new game, ...); which keys
    /// mean something is up to the mode, listed in its key hints.
    Command(char),
    /// Leave this screen (`q` or Ctrl-C).
    Quit,
}

/// How a notice is shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tone {
    /// Plain information.
    Info,
    /// Something was refused or went wrong.
    Warning,
}

/// Everything the screen shows; modes update the public fields.
#[derive(Clone, Debug)]
pub struct GameScreen {
    /// The position on the board.
    pub position: Position,
    /// Every move of the game so far (for the list).
    pub moves: Vec<Move>,
    /// How many of `moves` lead to `position` (fewer while replaying).
    pub shown: usize,
    /// Ply number of the first move (non-zero when a game starts from a FEN).
    pub first_ply: u32,
    /// Player names, white first.
    pub names: [String; 2],
    /// The clocks.
    pub clocks: Clocks,
    /// Which sides the person at this terminal may move.
    pub movable: [bool; 2],
    /// The state of play in a few words ("engine thinking", "reconnecting…").
    pub status: String,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
    /// The last notice (a refusal, an offer) and its tone.
    pub notice: Option<(String, Tone)>,
    /// Keys this mode understands, shown on the bottom line.
    pub key_hints: String,
    /// Black at the bottom.
    pub flipped: bool,
    /// The move being built by pointing.
    input: MoveInput,
    /// The move being typed.
    typed: String,
    /// Whether the help overlay is open.
    help: bool,
    /// Where the board was last drawn, to map mouse clicks.
    geometry: Option<BoardGeometry>,
}

impl GameScreen {
    /// A screen for a game from `position` between `names` (white first).
    pub fn new(position: Position, names: [String; 2]) -> GameScreen {
        GameScreen {
            position,
            moves: Vec::new(),
            shown: 0,
            first_ply: position.ply(),
            names,
            clocks: Clocks::untimed(),
            movable: [false, false],
            status: String::new(),
            outcome: None,
            notice: None,
            key_hints: String::new(),
            flipped: false,
            input: MoveInput::default(),
            typed: String::new(),
            help: false,
            geometry: None,
        }
    }

    /// Shows a new position reached by `m` (or a fresh one with `m` = None),
    /// dropping any half-built move.
    pub fn show_move(&mut self, position: Position, m: Move) {
        self.moves.truncate(self.shown);
        self.moves.push(m);
        self.shown = self.moves.len();
        self.position = position;
        self.input.reset();
    }

    /// Replaces the game shown (takeback, resync, replay step).
    pub fn show_game(&mut self, position: Position, moves: Vec<Move>, shown: usize) {
        self.position = position;
        self.moves = moves;
        self.shown = shown;
        self.input.reset();
    }

    /// Shows `text` on the notice line.
    pub fn notify(&mut self, text: impl Into<String>, tone: Tone) {
        self.notice = Some((text.into(), tone));
    }

    /// The last move played on the board shown.
    pub fn last_move(&self) -> Option<Move> {
        self.shown.checked_sub(1).map(|i| self.moves[i])
    }

    fn can_move_now(&self) -> bool {
        self.outcome.is_none() && self.movable[self.position.turn().index()]
    }

    /// Handles one terminal event.
    pub fn handle(&mut self, event: &Event) -> ScreenAction {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.handle_key(*key),
            Event::Mouse(mouse) => {
                let square = self
                    .geometry
                    .and_then(|g| g.square_at(mouse.column, mouse.row));
                match (mouse.kind, square) {
                    (MouseEventKind::Down(MouseButton::Left), Some(square)) => {
                        self.help = false;
                        self.pick(|input, position| input.pick(position, square))
                    }
                    (MouseEventKind::Down(MouseButton::Right), _) => {
                        self.input.back();
                        ScreenAction::None
                    }
                    _ => ScreenAction::None,
                }
            }
            _ => ScreenAction::None,
        }
    }

    fn pick(&mut self, how: impl FnOnce(&mut MoveInput, &Position) -> Pick) -> ScreenAction {
        if !self.can_move_now() {
            let why = if self.outcome.is_some() {
                "the game is over"
            } else {
                "it is not your turn"
            };
            self.notify(why, Tone::Warning);
            return ScreenAction::None;
        }
        match how(&mut self.input, &self.position) {
            Pick::Advanced => {
                self.notice = None;
                ScreenAction::None
            }
            Pick::Complete(m) => {
                self.notice = None;
                ScreenAction::Move(m)
            }
            Pick::Refused(reason) => {
                self.notify(reason, Tone::Warning);
                ScreenAction::None
            }
        }
    }

    fn handle_key(&mut self, key: KeyEvent) -> ScreenAction {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return ScreenAction::Quit;
        }
        if self.help {
            self.help = false;
            return ScreenAction::None;
        }
        let (files, ranks) = if self.flipped { (-1, -1) } else { (1, 1) };
        match key.code {
            KeyCode::Char('?') => self.help = true,
            KeyCode::Char(c) if is_move_text(c) => self.typed.push(c),
            KeyCode::Char(' ') if !self.typed.is_empty() => self.typed.push(' '),
            KeyCode::Char('q') => return ScreenAction::Quit,
            KeyCode::Char('v') => self.flipped = !self.flipped,
            KeyCode::Char(' ') => {
                return self.pick(|input, position| input.pick_cursor(position));
            }
            KeyCode::Char(c) => return ScreenAction::Command(c),
            KeyCode::Backspace => {
                self.typed.pop();
            }
            KeyCode::Esc if !self.typed.is_empty() => self.typed.clear(),
            KeyCode::Esc => self.input.back(),
            KeyCode::Left => self.input.move_cursor(-files, 0),
            KeyCode::Right => self.input.move_cursor(files, 0),
            KeyCode::Up => self.input.move_cursor(0, ranks),
            KeyCode::Down => self.input.move_cursor(0, -ranks),
            KeyCode::Enter if !self.typed.is_empty() => return self.submit_typed(),
            KeyCode::Enter => {
                return self.pick(|input, position| input.pick_cursor(position));
            }
            _ => {}
        }
        ScreenAction::None
    }

    fn submit_typed(&mut self) -> ScreenAction {
        let text = std::mem::take(&mut self.typed);
        if !self.can_move_now() {
            self.typed = text;
            self.notify("it is not your turn", Tone::Warning);
            return ScreenAction::None;
        }
        match text.parse::<Move>() {
            Ok(m) => match self.position.is_legal(m) {
                Ok(()) => {
                    self.notice = None;
                    self.input.reset();
                    ScreenAction::Move(m)
                }
                Err(reason) => {
                    self.typed = text;
                    self.notify(format!("{m}: {reason}"), Tone::Warning);
                    ScreenAction::None
                }
            },
            Err(error) => {
                self.typed = text;
                self.notify(error.to_string(), Tone::Warning);
                ScreenAction::None
            }
        }
    }

    /// Draws the whole screen.
    pub fn draw(&mut self, frame: &mut Frame<'_>) {
        let now = Instant::now();
        let area = frame.area();
        let [main, notice, typed, hints] = Layout::vertical([
            Constraint::Min(0),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let large = main.width >= 53 + 28 && main.height >= 23;
        let (board_width, board_height) = if large {
            BoardGeometry::size(5, 2)
        } else {
            BoardGeometry::size(3, 1)
        };
        let [board_column, _, panel] = Layout::horizontal([
            Constraint::Length(board_width),
            Constraint::Length(1),
            Constraint::Min(0),
        ])
        .areas(main);
        let board_area = Rect {
            height: board_height.min(board_column.height),
            ..board_column
        };
        let [top_player, panel_middle, bottom_player] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(1),
        ])
        .areas(panel);
        let (top, bottom) = if self.flipped {
            (Side::First, Side::Second)
        } else {
            (Side::Second, Side::First)
        };
        frame.render_widget(self.player_line(top, now), top_player);
        frame.render_widget(self.player_line(bottom, now), bottom_player);
        let view = BoardView {
            position: &self.position,
            last_move: self.last_move(),
            targets: self.input.targets(&self.position),
            moving: self.input.moving(),
            cursor: self.can_move_now().then(|| self.input.cursor()),
            flipped: self.flipped,
        };
        frame.render_widget(view, board_area);
        self.geometry = Some(BoardGeometry::fit(board_area, self.flipped));
        self.draw_panel(frame, panel_middle);
        if let Some((text, tone)) = &self.notice {
            let style = match tone {
                Tone::Info => Style::default().fg(Color::Cyan),
                Tone::Warning => Style::default().fg(Color::LightRed),
            };
            frame.render_widget(Paragraph::new(text.as_str()).style(style), notice);
        }
        let typed_line = Line::from(vec![
            Span::styled("move> ", Style::default().fg(Color::Gray)),
            Span::raw(self.typed.as_str()),
            Span::styled("▏", Style::default().fg(Color::Gray)),
        ]);
        frame.render_widget(Paragraph::new(typed_line), typed);
        let hints_text = format!("{}  ? help  q quit", self.key_hints);
        frame.render_widget(
            Paragraph::new(hints_text.trim_start()).style(Style::default().fg(Color::DarkGray)),
            hints,
        );
        if self.help {
            draw_help(frame, area);
        }
    }

    fn player_line(&self, side: Side, now: Instant) -> Paragraph<'_> {
        let glyph = match side {
            Side::First => "♕ white",
            Side::Second => "♛ black",
        };
        let on_move = self.outcome.is_none() && self.position.turn() == side;
        let clock = self
            .clocks
            .remaining(side, now)
            .map(format_clock)
            .unwrap_or_default();
        let marker = if on_move { "▶ " } else { "  " };
        let name_style = if on_move {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        let clock_style = if on_move && self.clocks.running_side() == Some(side) {
            Style::default()
                .fg(Color::Black)
                .bg(Color::White)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        Paragraph::new(Line::from(vec![
            Span::raw(marker),
            Span::styled(format!("{glyph} {}", self.names[side.index()]), name_style),
            Span::raw("  "),
            Span::styled(clock, clock_style),
        ]))
    }

    fn draw_panel(&self, frame: &mut Frame<'_>, area: Rect) {
        let [status_area, moves_area] =
            Layout::vertical([Constraint::Length(3), Constraint::Min(0)]).areas(area);
        let status = match self.outcome {
            Some(outcome) => Line::styled(
                format!("GAME OVER: {outcome}"),
                Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
            ),
            None => {
                let turn = self.position.turn();
                let mut text = format!("{turn} to move");
                if self.can_move_now() {
                    text.push_str(": ");
                    text.push_str(&self.input.prompt());
                }
                Line::raw(text)
            }
        };
        let lines = vec![
            status,
            Line::styled(self.status.clone(), Style::default().fg(Color::Cyan)),
        ];
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), status_area);

        let rows = move_rows(&self.moves, self.first_ply, self.shown);
        let block = Block::default().borders(Borders::TOP).title(" moves ");
        let visible = moves_area.height.saturating_sub(1) as usize;
        let current_row = rows
            .iter()
            .position(|row| row.current)
            .unwrap_or(rows.len());
        let skip = (current_row + 1)
            .saturating_sub(visible)
            .min(rows.len().saturating_sub(visible));
        let lines: Vec<Line<'_>> = rows
            .into_iter()
            .skip(skip)
            .map(|row| {
                let mut spans = vec![Span::raw(format!("{:>3}. ", row.number))];
                for (text, current) in row.moves {
                    let style = if current {
                        Style::default().add_modifier(Modifier::REVERSED)
                    } else {
                        Style::default()
                    };
                    spans.push(Span::styled(format!("{text:<12}"), style));
                }
                Line::from(spans)
            })
            .collect();
        frame.render_widget(Paragraph::new(lines).block(block), moves_area);
    }
}

/// One numbered line of the move list.
struct MoveRow {
    /// The full-move number.
    number: u32,
    /// White's and black's move texts (`...` when the game starts with black),
    /// and whether each is the move on the board.
    moves: Vec<(String, bool)>,
    /// Whether this row holds the move on the board.
    current: bool,
}

fn move_rows(moves: &[Move], first_ply: u32, shown: usize) -> Vec<MoveRow> {
    let mut rows: Vec<MoveRow> = Vec::new();
    for (index, m) in moves.iter().enumerate() {
        let ply = first_ply + index as u32;
        let current = index + 1 == shown;
        if ply % 2 == 0 || rows.is_empty() {
            let mut moves = Vec::new();
            if ply % 2 == 1 {
                moves.push(("...".to_string(), false));
            }
            rows.push(MoveRow {
                number: ply / 2 + 1,
                moves,
                current: false,
            });
        }
        let row = rows.last_mut().expect("a row was just pushed");
        row.moves.push((m.to_string(), current));
        row.current |= current;
    }
    rows
}

/// Whether a typed character belongs to move text rather than to a command:
/// file letters, digits, separators and any non-ASCII character (full-width
/// forms).
fn is_move_text(c: char) -> bool {
    matches!(c.to_ascii_lowercase(), 'a'..='j' | '0'..='9' | '-' | '/' | ',' | '(' | ')')
        || !c.is_ascii()
}

fn draw_help(frame: &mut Frame<'_>, area: Rect) {
    let width = area.width.min(78);
    let height = area.height.min(HELP_TEXT.lines().count() as u16 + 2);
    let popup = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(HELP_TEXT).wrap(Wrap { trim: false }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" help: any key closes "),
        ),
        popup,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEventState, MouseEvent};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use std::time::Duration;

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent {
            code,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        })
    }

    fn type_text(screen: &mut GameScreen, text: &str) -> ScreenAction {
        for c in text.chars() {
            screen.handle(&key(KeyCode::Char(c)));
        }
        screen.handle(&key(KeyCode::Enter))
    }

    fn screen_text(screen: &mut GameScreen, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| screen.draw(frame)).unwrap();
        let buf = terminal.backend().buffer().clone();
        (0..height)
            .map(|y| {
                let row: String = (0..width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect();
                row.trim_end().to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn hot_seat() -> GameScreen {
        let mut screen = GameScreen::new(Position::start(), ["ann".into(), "bob".into()]);
        screen.movable = [true, true];
        screen
    }

    #[test]
    fn an_80x24_screen_shows_board_names_clocks_and_moves() {
        let mut screen = hot_seat();
        screen.clocks = Clocks::stopped(Duration::from_secs(300), Duration::from_millis(9_400));
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
        assert_eq!(lines[3], " 7  ♛        ♕        ×        ♛");
        assert!(lines[4].contains("moves ───"), "{text}");
        assert_eq!(lines[5], " 5                                  1. d1-d7/g7");
        assert_eq!(lines[10], "    a  b  c  d  e  f  g  h  i  j");
        assert_eq!(
            lines[20],
            "                                    ♕ white ann  5:00"
        );
        assert!(lines[22].starts_with("move> "), "{text}");
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
    fn the_opponents_turn_refuses_picks() {
        let mut screen = hot_seat();
        screen.movable = [false, true];
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
        assert!(text.contains("a    b    c"), "{text}");
        let small = screen_text(&mut screen, 40, 12);
        assert!(small.contains("window too small"), "{small}");
    }

    #[test]
    fn the_move_list_numbers_pairs_and_marks_the_current_move() {
        let moves: Vec<Move> = ["d1-d7/g7", "a7-b7/c7", "g1-g4/g5"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        let rows = move_rows(&moves, 0, 2);
        assert_eq!(rows.len(), 2);
        assert_eq!(
            rows[0].moves,
            vec![("d1-d7/g7".into(), false), ("a7-b7/c7".into(), true)]
        );
        assert!(rows[0].current && !rows[1].current);
        let rows = move_rows(&moves, 1, 3);
        assert_eq!(rows[0].moves[0].0, "...");
        assert_eq!(rows[1].number, 2);
    }
}
