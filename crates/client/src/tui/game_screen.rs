//! The game screen every mode shares: the board with both players' names and
//! clocks beside it, the move list, the status, the line where moves are
//! typed (only where the person may move), a line of key hints, the help
//! overlay (the rules and this screen's keys) and the `y/n` question. It
//! turns keys and clicks into [`ScreenAction`]s; the mode driving it (local,
//! network, replay) decides what they mean.

use std::time::Instant;

use amazons_core::{BySide, Clock, Move, Outcome, Position, Side, TimeControl};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::face::help::{POINTING, screen_help};
use crate::face::labels::format_clock;
use crate::net::session::position_for;
use crate::tui::board::{BoardGeometry, BoardView};
use crate::tui::move_input::{MoveInput, Pick};
use crate::tui::theme::{Theme, board, color};

/// The narrowest panel beside the board (names, clocks, moves).
const PANEL_WIDTH: u16 = 30;

/// What the player asked for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ScreenAction {
    /// Nothing for the driver to do.
    None,
    /// Play this move (complete and legal where it was built; the driver still
    /// plays it through the rules or the server).
    Move(Move),
    /// A move built during the opponent's turn, kept in
    /// [`GameScreen::premove`]: the driver plays it when the turn comes if it
    /// is still legal then.
    Premove(Move),
    /// A command key (`t` take back, `r` resign, `n` new game, ...); which keys
    /// mean something is up to the mode, listed in its key hints.
    Command(char),
    /// The answer to [`GameScreen::ask`] was yes; the tag says which question.
    Confirmed(char),
    /// Go to this move number (a replay; typed digits and Enter).
    Jump(usize),
    /// `q` or Ctrl-C: the driver asks first if something would be lost.
    Quit,
    /// Ctrl-C pressed while a question was open: leave at once.
    QuitNow,
}

/// How a notice is shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tone {
    /// Plain information.
    Info,
    /// Something was refused or went wrong.
    Warning,
}

/// What the line above the key hints reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Typing {
    /// Moves (shown only while the person may move or premove).
    Moves,
    /// A move number to jump to (replays).
    MoveNumber,
}

/// A `y/n` question on screen.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Question {
    /// The question, with what yes does.
    text: String,
    /// Handed back in [`ScreenAction::Confirmed`].
    tag: char,
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
    /// Player names.
    pub names: BySide<String>,
    /// The clocks.
    pub clock: Clock,
    /// Which sides the person at this terminal may move.
    pub movable: BySide<bool>,
    /// The side the person may premove for while the other side thinks.
    pub premove_for: Option<Side>,
    /// The premove waiting for its turn.
    pub premove: Option<Move>,
    /// The state of play in a few words ("engine thinking", "reconnecting…").
    pub status: String,
    /// A line that stands out (the game has started), until the next move.
    pub banner: Option<String>,
    /// What the match is (its id), shown under the status.
    pub caption: String,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
    /// Nobody moves yet: a seat is free (the turn line says so instead).
    pub waiting: bool,
    /// The last notice (a refusal, an offer) and its tone; cleared when the
    /// board changes.
    pub notice: Option<(String, Tone)>,
    /// This screen's keys besides the board's (`("r", "resign")`), for the
    /// hints line and the help.
    pub keys: Vec<(&'static str, &'static str)>,
    /// What the typing line takes.
    pub typing: Typing,
    /// Black at the bottom.
    pub flipped: bool,
    /// Text colours.
    pub theme: Theme,
    /// The move being built by pointing.
    input: MoveInput,
    /// The text being typed.
    typed: String,
    /// Whether the help overlay is open.
    help: bool,
    /// The open `y/n` question.
    question: Option<Question>,
    /// Where the board was last drawn, to map mouse clicks.
    geometry: Option<BoardGeometry>,
}

impl GameScreen {
    /// A screen for a game from `position` between `names`.
    pub fn new(position: Position, names: BySide<String>) -> GameScreen {
        GameScreen {
            position,
            moves: Vec::new(),
            shown: 0,
            first_ply: position.ply(),
            names,
            clock: Clock::new(TimeControl::Untimed),
            movable: BySide::both(false),
            premove_for: None,
            premove: None,
            status: String::new(),
            banner: None,
            caption: String::new(),
            outcome: None,
            waiting: false,
            notice: None,
            keys: Vec::new(),
            typing: Typing::Moves,
            flipped: false,
            theme: Theme::default(),
            input: MoveInput::default(),
            typed: String::new(),
            help: false,
            question: None,
            geometry: None,
        }
    }

    /// Shows a new position reached by `m`, dropping any half-built move and
    /// the notices about the position before.
    pub fn show_move(&mut self, position: Position, m: Move) {
        self.moves.truncate(self.shown);
        self.moves.push(m);
        self.shown = self.moves.len();
        self.position = position;
        self.after_change();
        self.banner = None;
    }

    /// Replaces the game shown (takeback, resync, replay step).
    pub fn show_game(&mut self, position: Position, moves: Vec<Move>, shown: usize) {
        let changed = self.position != position || self.shown != shown;
        self.position = position;
        self.moves = moves;
        self.shown = shown;
        if changed {
            self.after_change();
        }
    }

    fn after_change(&mut self) {
        self.input.reset();
        self.notice = None;
        self.focus();
    }

    /// Puts the cursor on one of the person's queens, if it is not on one
    /// and a move (or premove) can be built: where a turn or a game starts.
    pub fn focus(&mut self) {
        if let Some(position) = self.building_position() {
            self.input.cursor_to_own_queen(&position);
        }
    }

    /// Shows `text` on the notice line.
    pub fn notify(&mut self, text: impl Into<String>, tone: Tone) {
        self.notice = Some((text.into(), tone));
    }

    /// Asks `text` (a `y/n` question); yes comes back as
    /// [`ScreenAction::Confirmed`] with `tag`.
    pub fn ask(&mut self, text: impl Into<String>, tag: char) {
        self.question = Some(Question {
            text: text.into(),
            tag,
        });
    }

    /// Whether a question is open.
    pub fn asking(&self) -> bool {
        self.question.is_some()
    }

    /// The last move played on the board shown.
    pub fn last_move(&self) -> Option<Move> {
        self.shown.checked_sub(1).map(|i| self.moves[i])
    }

    /// Whether the person may move on the board now.
    pub fn can_move_now(&self) -> bool {
        self.outcome.is_none() && self.movable[self.position.turn()]
    }

    /// The side a premove is built for now, if any.
    fn premoving(&self) -> Option<Side> {
        self.premove_for
            .filter(|side| self.outcome.is_none() && *side != self.position.turn())
    }

    /// The position moves are built against: the real one, or during the
    /// opponent's turn the same board with our turn (a premove).
    fn building_position(&self) -> Option<Position> {
        if self.can_move_now() {
            Some(self.position)
        } else {
            self.premoving()
                .map(|side| position_for(&self.position, side))
        }
    }

    /// Whether the typing line is shown.
    fn typing_line(&self) -> Option<&'static str> {
        match self.typing {
            Typing::MoveNumber => Some("go to move> "),
            Typing::Moves if self.can_move_now() => Some("move> "),
            Typing::Moves if self.premoving().is_some() => Some("premove> "),
            Typing::Moves => None,
        }
    }

    /// Handles one terminal event.
    pub fn handle(&mut self, event: &Event) -> ScreenAction {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.handle_key(*key),
            Event::Mouse(mouse) if self.question.is_none() => {
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
        let Some(position) = self.building_position() else {
            let why = if self.outcome.is_some() {
                "the game is over"
            } else if self.movable.iter().any(|m| *m) || self.premove_for.is_some() {
                "it is not your turn"
            } else {
                "you cannot move on this board"
            };
            self.notify(why, Tone::Warning);
            return ScreenAction::None;
        };
        match how(&mut self.input, &position) {
            Pick::Advanced => {
                self.notice = None;
                ScreenAction::None
            }
            Pick::Complete(m) => self.built(m),
            Pick::Refused(reason) => {
                self.notify(reason, Tone::Warning);
                ScreenAction::None
            }
        }
    }

    /// A complete move: played now, or kept as the premove.
    fn built(&mut self, m: Move) -> ScreenAction {
        self.input.reset();
        if self.can_move_now() {
            self.notice = None;
            ScreenAction::Move(m)
        } else {
            self.premove = Some(m);
            self.notify(
                format!("premove {m}: played when your turn comes, if still legal (Esc cancels)"),
                Tone::Info,
            );
            ScreenAction::Premove(m)
        }
    }

    fn handle_key(&mut self, key: KeyEvent) -> ScreenAction {
        let ctrl_c =
            key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
        if let Some(question) = self.question.take() {
            return match key.code {
                _ if ctrl_c => ScreenAction::QuitNow,
                KeyCode::Char('y' | 'Y') => ScreenAction::Confirmed(question.tag),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => ScreenAction::None,
                _ => {
                    self.question = Some(question);
                    ScreenAction::None
                }
            };
        }
        if ctrl_c {
            return ScreenAction::Quit;
        }
        if self.help {
            self.help = false;
            return ScreenAction::None;
        }
        let pointing = self.building_position().is_some();
        let (files, ranks) = if self.flipped { (-1, -1) } else { (1, 1) };
        match key.code {
            KeyCode::Char('?') => self.help = true,
            KeyCode::Char(c) if self.typing == Typing::MoveNumber && c.is_ascii_digit() => {
                self.typed.push(c);
            }
            KeyCode::Char(c) if pointing && is_move_text(c) => self.typed.push(c),
            KeyCode::Char(' ') if pointing && !self.typed.is_empty() => self.typed.push(' '),
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
            KeyCode::Esc if self.premove.is_some() && self.input.moving().is_none() => {
                self.premove = None;
                self.notify("premove cancelled", Tone::Info);
            }
            KeyCode::Esc => self.input.back(),
            KeyCode::Tab | KeyCode::BackTab if pointing => {
                if let Some(position) = self.building_position() {
                    self.input.cycle_queen(&position, key.code == KeyCode::Tab);
                }
            }
            KeyCode::Left if pointing => self.input.move_cursor(-files, 0),
            KeyCode::Right if pointing => self.input.move_cursor(files, 0),
            KeyCode::Up if pointing => self.input.move_cursor(0, ranks),
            KeyCode::Down if pointing => self.input.move_cursor(0, -ranks),
            KeyCode::Enter if !self.typed.is_empty() => return self.submit_typed(),
            // Where no move can be built, picking says why.
            KeyCode::Enter => {
                return self.pick(|input, position| input.pick_cursor(position));
            }
            _ => {}
        }
        ScreenAction::None
    }

    fn submit_typed(&mut self) -> ScreenAction {
        let text = std::mem::take(&mut self.typed);
        if self.typing == Typing::MoveNumber {
            return match text.parse::<usize>() {
                Ok(n) => ScreenAction::Jump(n),
                Err(_) => ScreenAction::None,
            };
        }
        let Some(position) = self.building_position() else {
            self.typed = text;
            self.notify("it is not your turn", Tone::Warning);
            return ScreenAction::None;
        };
        match text.parse::<Move>() {
            Ok(m) => match position.is_legal(m) {
                Ok(()) => self.built(m),
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

    /// The keys that work on this screen now: the board's (when the person
    /// may move), the mode's, and the screen's own.
    fn current_keys(&self) -> Vec<(&'static str, &'static str)> {
        let mut keys = Vec::new();
        if self.building_position().is_some() {
            keys.extend_from_slice(POINTING);
        }
        if self.typing == Typing::MoveNumber {
            keys.push(("digits, Enter", "go to that move"));
        }
        keys.extend(self.keys.iter().copied());
        keys.push(("v", "flip the board"));
        keys.push(("?", "this help"));
        keys.push(("q", "quit"));
        keys
    }

    /// Draws the whole screen.
    pub fn draw(&mut self, frame: &mut Frame<'_>) {
        let now = Instant::now();
        let area = frame.area();
        let text = self.theme.text();
        let prompt = self.typing_line();
        let [main, notice, typed, hints] = Layout::vertical([
            Constraint::Min(0),
            Constraint::Length(1),
            Constraint::Length(u16::from(prompt.is_some())),
            Constraint::Length(1),
        ])
        .areas(area);
        let room = main.width.saturating_sub(PANEL_WIDTH + 1);
        let (cell_width, cell_height) = BoardGeometry::cell_size(room, main.height);
        let (board_width, board_height) = BoardGeometry::size(cell_width, cell_height);
        let [board_column, _, panel_column] = Layout::horizontal([
            Constraint::Length(board_width),
            Constraint::Length(1),
            Constraint::Min(0),
        ])
        .areas(main);
        let board_area = Rect {
            height: board_height.min(board_column.height),
            ..board_column
        };
        // The players' lines sit level with the board's top and bottom
        // edges, so each clock is next to its side of the board; the move
        // list goes between them, or below the bottom one when the board
        // leaves rows free under it.
        let panel_height = board_height.saturating_sub(1).min(panel_column.height);
        let below = panel_column.height.saturating_sub(panel_height);
        let panel = Rect {
            height: panel_height,
            ..panel_column
        };
        let [top_player, panel_middle, bottom_player] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(1),
        ])
        .areas(panel);
        let moves_below = (below >= 4).then(|| Rect {
            y: panel.y + panel_height,
            height: below,
            ..panel_column
        });
        let (top, bottom) = if self.flipped {
            (Side::First, Side::Second)
        } else {
            (Side::Second, Side::First)
        };
        frame.render_widget(self.player_line(top, now), top_player);
        frame.render_widget(self.player_line(bottom, now), bottom_player);
        let building = self.building_position();
        let moving = self.input.moving().or_else(|| {
            self.premove
                .filter(|_| building.is_some())
                .map(|m| (m.from, Some(m.to)))
        });
        let view = BoardView {
            position: &self.position,
            last_move: self.last_move(),
            targets: building.map_or(amazons_core::Bitboard::EMPTY, |p| self.input.targets(&p)),
            moving,
            cursor: building.map(|_| self.input.cursor()),
            flipped: self.flipped,
            theme: self.theme,
        };
        frame.render_widget(view, board_area);
        self.geometry = Some(BoardGeometry::fit(board_area, self.flipped));
        self.draw_panel(frame, panel_middle, moves_below);
        if let Some((message, tone)) = &self.notice {
            let ink = match tone {
                Tone::Info => text.info,
                Tone::Warning => text.warning,
            };
            frame.render_widget(
                Paragraph::new(message.as_str()).style(Style::default().fg(color(ink))),
                notice,
            );
        }
        if let Some(prompt) = prompt {
            let typed_line = Line::from(vec![
                Span::styled(prompt, Style::default().fg(color(text.quiet))),
                Span::raw(self.typed.as_str()),
                Span::styled("▏", Style::default().fg(color(text.quiet))),
            ]);
            frame.render_widget(Paragraph::new(typed_line), typed);
        }
        let hints_text: Vec<String> = self
            .keys
            .iter()
            .map(|(key, what)| format!("{key} {what}"))
            .chain(["v flip".into(), "? help".into(), "q quit".into()])
            .collect();
        frame.render_widget(
            Paragraph::new(hints_text.join("  ")).style(Style::default().fg(color(text.quiet))),
            hints,
        );
        if self.help {
            draw_help(frame, area, &screen_help(&self.current_keys()));
        }
        if let Some(question) = &self.question {
            draw_question(frame, area, &question.text, self.theme);
        }
    }

    fn player_line(&self, side: Side, now: Instant) -> Paragraph<'_> {
        // The side's token as the board draws it, then its colour in words.
        let (chip, ink, word) = match side {
            Side::First => (board::WHITE_CHIP, board::BLACK_CHIP, "white"),
            Side::Second => (board::BLACK_CHIP, board::WHITE_CHIP, "black"),
        };
        let token = Style::default().bg(color(chip)).fg(color(ink));
        let on_move = self.outcome.is_none() && !self.waiting && self.position.turn() == side;
        let clock = self
            .clock
            .remaining(side, now)
            .map(format_clock)
            .unwrap_or_default();
        let marker = if on_move { "▶ " } else { "  " };
        let name_style = if on_move {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        let low = self
            .clock
            .remaining(side, now)
            .is_some_and(|left| left < crate::face::bell::LOW_TIME);
        let clock_style = if on_move && self.clock.running() == Some(side) {
            let ink = if low {
                self.theme.text().warning
            } else {
                self.theme.text().highlight
            };
            Style::default()
                .fg(color(ink))
                .add_modifier(Modifier::BOLD | Modifier::REVERSED)
        } else {
            Style::default()
        };
        Paragraph::new(Line::from(vec![
            Span::raw(marker),
            Span::styled("♛", token),
            Span::styled(format!(" {word} {}", self.names[side]), name_style),
            Span::raw("  "),
            Span::styled(clock, clock_style),
        ]))
    }

    /// The status lines in `area`, and the move list under them or in
    /// `moves_below` when given.
    fn draw_panel(&self, frame: &mut Frame<'_>, area: Rect, moves_below: Option<Rect>) {
        let text = self.theme.text();
        let mut lines = Vec::new();
        if let Some(banner) = &self.banner {
            lines.push(Line::styled(
                format!(" {banner} "),
                Style::default()
                    .fg(color(text.highlight))
                    .add_modifier(Modifier::BOLD | Modifier::REVERSED),
            ));
        }
        lines.push(match self.outcome {
            None if self.waiting => Line::styled(
                "waiting for an opponent: the clock starts when one sits down",
                Style::default().add_modifier(Modifier::BOLD),
            ),
            Some(outcome) => Line::styled(
                format!("GAME OVER: {outcome}"),
                Style::default()
                    .fg(color(text.highlight))
                    .add_modifier(Modifier::BOLD),
            ),
            None => {
                let turn = self.position.turn();
                let mut line = format!("{turn} to move");
                if self.can_move_now() {
                    line.push_str(": ");
                    line.push_str(&self.input.prompt());
                } else if let Some(m) = self.premove.filter(|_| self.premoving().is_some()) {
                    line.push_str(&format!("; your premove: {m}"));
                } else if self.premoving().is_some() && self.input.moving().is_some() {
                    line.push_str(&format!("; premove {}", self.input.prompt()));
                }
                Line::raw(line)
            }
        });
        if !self.status.is_empty() {
            lines.push(Line::styled(
                self.status.clone(),
                Style::default().fg(color(text.info)),
            ));
        }
        if !self.caption.is_empty() {
            lines.push(Line::styled(
                self.caption.clone(),
                Style::default().fg(color(text.quiet)),
            ));
        }
        let (status_area, moves_area) = match moves_below {
            Some(below) => (area, below),
            None => {
                let status_height = (lines.len() as u16 + 1).min(area.height);
                let [status_area, moves_area] =
                    Layout::vertical([Constraint::Length(status_height), Constraint::Min(0)])
                        .areas(area);
                (status_area, moves_area)
            }
        };
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

/// A box of `width` x `height` in the middle of `area`.
fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let (width, height) = (width.min(area.width), height.min(area.height));
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// The help overlay: `text` in a box (any key closes it).
pub fn draw_help(frame: &mut Frame<'_>, area: Rect, text: &str) {
    let popup = centred(area, 78, text.lines().count() as u16 + 2);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(text).wrap(Wrap { trim: false }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" help: any key closes "),
        ),
        popup,
    );
}

/// A `y/n` question in a box.
pub fn draw_question(frame: &mut Frame<'_>, area: Rect, text: &str, theme: Theme) {
    let width = (text.chars().count() as u16 + 4).clamp(30, 70);
    let lines = textwrap_lines(text, width.saturating_sub(2) as usize);
    let popup = centred(area, width, lines as u16 + 4);
    frame.render_widget(Clear, popup);
    let body = vec![
        Line::raw(text.to_string()),
        Line::raw(""),
        Line::styled(
            "y yes   n no",
            Style::default()
                .fg(color(theme.text().highlight))
                .add_modifier(Modifier::BOLD),
        ),
    ];
    frame.render_widget(
        Paragraph::new(body)
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::ALL).title(" sure? ")),
        popup,
    );
}

/// How many lines `text` takes wrapped at `width` (roughly, by words).
fn textwrap_lines(text: &str, width: usize) -> usize {
    let mut lines = 1;
    let mut used = 0;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if used > 0 && used + 1 + len > width {
            lines += 1;
            used = len;
        } else {
            used += len + usize::from(used > 0);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::MouseEvent;
    use std::time::Duration;

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
        let mut screen =
            GameScreen::new(Position::start(), BySide::new("ann".into(), "bob".into()));
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
