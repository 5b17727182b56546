//! The lobby screen of `play`: the live list of matches (seats, players with
//! their ratings, time control, rated or casual, status), a selection, the
//! form that creates a match and the leaderboard box (`L`). It turns
//! keys into [`LobbyAction`]s; `play` sends them to the server.

use amazons_core::{PlayerKind, Side, TimeControl};
use amazons_protocol::{
    ColorPreference, ComputerOffer, ComputerRequest, MatchId, MatchStatus, MatchSummary,
    PlayersPage, ServerMessage,
};
use crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Row, Table, TableState, Wrap};
use unicode_width::UnicodeWidthStr;

use crate::cmd::leaderboard::{board_lines, page_line};
use crate::face::columns::{one_line, shorten};
use crate::face::help::screen_help;
use crate::face::words::{rated_word, status_word, time_control, time_control_error};
use crate::tui::computer_form::{ComputerForm, FormResult};
use crate::tui::popup::draw_help;
use crate::tui::territory_options::TerritoryOptions;
use crate::tui::theme::{Theme, color};
use crate::tui::wrap::{WRAP, rows};

/// The lobby's keys, for the hints line and the help: each key with the
/// catalogue key of what it does.
const KEYS: &[(&str, &str)] = &[
    ("↑/↓", "lobby-key-select"),
    ("Enter", "lobby-key-join"),
    ("s", "lobby-key-watch"),
    ("c", "lobby-key-create"),
    ("p", "lobby-key-computer"),
    ("r", "lobby-key-refresh"),
    ("t", "lobby-key-tournaments"),
    ("L", "lobby-key-leaderboard"),
    ("?", "lobby-key-help"),
    ("Esc", "lobby-key-esc"),
    ("q", "lobby-key-quit"),
];

/// The hints line: the keys that fit 80 columns in either language (the
/// help has all; the list is live, so `r` is rarely needed, and Enter
/// watches too), each with the catalogue key of what it does.
const HINTS: &[(&str, &str)] = &[
    ("Enter", "lobby-hint-join"),
    ("c", "lobby-key-create"),
    ("p", "lobby-key-computer"),
    ("t", "lobby-key-tournaments"),
    ("L", "lobby-key-leaderboard"),
    ("?", "lobby-key-help"),
    ("q", "lobby-key-quit"),
];

/// What the person asked for in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyAction {
    /// Nothing to send.
    None,
    /// Create a match.
    Create {
        /// Its clock.
        time_control: TimeControl,
        /// The colour wanted.
        color: ColorPreference,
        /// The server's computer as the opponent.
        computer: Option<ComputerRequest>,
        /// Rated or casual as chosen (`None`: the server's default, rated
        /// when timed).
        rated: Option<bool>,
        /// Whether the server ends the game once counting the territory
        /// proves the winner (`None`: the server's default, yes unless
        /// rated).
        end_when_decided: Option<bool>,
        /// Whether the players may show the territory during the game
        /// (never in a rated one).
        assistance: bool,
    },
    /// Take a free seat.
    Join(MatchId),
    /// Watch.
    Spectate(MatchId),
    /// Ask for the list again.
    Refresh,
    /// Read a page of the server's leaderboard (for the box that shows it).
    Leaderboard {
        /// Only people, only bots, or everyone.
        kind: Option<PlayerKind>,
        /// The page.
        page: u32,
    },
    /// Open the tournaments.
    Tournaments,
    /// Leave the program.
    Quit,
}

/// A line of the create-a-match form, the one ←/→ changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FormLine {
    /// The time control (typed; letters go there from any line).
    TimeControl,
    /// The colour wanted.
    Colour,
    /// Rated or casual.
    Rated,
    /// Whether a game the territory decides ends at once.
    EndWhenDecided,
    /// Whether the players may show the territory.
    Assistance,
}

impl FormLine {
    /// The lines top to bottom.
    const ALL: [FormLine; 5] = [
        FormLine::TimeControl,
        FormLine::Colour,
        FormLine::Rated,
        FormLine::EndWhenDecided,
        FormLine::Assistance,
    ];
}

/// The create-a-match form.
#[derive(Clone, Debug, PartialEq, Eq)]
struct CreateForm {
    /// The time control as typed.
    time_control: String,
    /// The colour chosen.
    color: ColorPreference,
    /// Rated or casual, once changed (`None`: as the server decides, rated
    /// when timed).
    rated: Option<bool>,
    /// End when decided, allow the territory view.
    territory: TerritoryOptions,
    /// The line ←/→ changes.
    line: FormLine,
    /// Why Enter did nothing (shown in the form, whole).
    error: Option<String>,
}

/// The lobby's state.
#[derive(Clone, Debug, Default)]
pub struct Lobby {
    /// Matches, newest first, as the server lists them.
    matches: Vec<MatchSummary>,
    /// The selected row.
    selected: usize,
    /// The open create form.
    form: Option<CreateForm>,
    /// A message for the person (a refusal, the connection state).
    pub notice: String,
    /// Where we are connected and as whom.
    pub title: String,
    /// Text colours.
    pub theme: Theme,
    /// Whether the help overlay is open.
    help: bool,
    /// The computer opponents the server offers (`welcome.computer`).
    computer: Option<ComputerOffer>,
    /// The open play-the-computer form.
    computer_form: Option<ComputerForm>,
    /// The open leaderboard box.
    leaderboard: Option<LeaderboardBox>,
}

/// Players a page in the lobby's leaderboard box (it fits 24 rows).
pub const BOX_PER_PAGE: u32 = 14;

/// The leaderboard box (`L`): which page of which players, and what the
/// server said.
#[derive(Clone, Debug)]
struct LeaderboardBox {
    /// Only people, only bots, or everyone.
    kind: Option<PlayerKind>,
    /// The page asked for.
    page: u32,
    /// The page, once it came, and when (for `3 h ago`); or why not.
    shown: Option<Result<(PlayersPage, u64), String>>,
}

impl LeaderboardBox {
    /// What asks for this page.
    fn action(&self) -> LobbyAction {
        LobbyAction::Leaderboard {
            kind: self.kind,
            page: self.page,
        }
    }

    /// Draws the box over most of `area`.
    fn draw(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let text = theme.text();
        let width = area.width.min(80);
        let inner = usize::from(width.saturating_sub(2));
        let quiet = Style::default().fg(color(text.quiet));
        let mut lines: Vec<Line<'_>> = Vec::new();
        match &self.shown {
            None => lines.push(Line::raw(t!("leaderboard-reading"))),
            Some(Err(why)) => lines.push(Line::styled(
                why.clone(),
                Style::default().fg(color(text.warning)),
            )),
            Some(Ok((page, fetched_ms))) => {
                let mut table = board_lines(page, inner, *fetched_ms).into_iter();
                if let Some(header) = table.next() {
                    lines.push(Line::styled(
                        header,
                        Style::default()
                            .fg(color(text.label))
                            .add_modifier(Modifier::UNDERLINED),
                    ));
                }
                lines.extend(table.map(Line::raw));
                lines.push(Line::raw(""));
                let (count, _) = page_line(page, self.kind);
                lines.push(Line::styled(
                    t!("leaderboard-box-count", count = count),
                    quiet,
                ));
            }
        }
        lines.push(Line::styled(t!("leaderboard-box-keys"), quiet));
        // The table's lines fit and keep their leading spaces (right-aligned
        // ranks); only a long error wraps.
        let body = Paragraph::new(lines).wrap(Wrap { trim: false });
        let height = (rows(&body, width.saturating_sub(2)) + 2).min(area.height);
        let popup = Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height - height) / 2,
            width,
            height,
        );
        let who = match self.kind {
            None => t!("players-everyone"),
            Some(PlayerKind::Human) => t!("players-people"),
            Some(PlayerKind::Bot) => t!("players-bots"),
        };
        frame.render_widget(Clear, popup);
        frame.render_widget(
            body.block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(t!("leaderboard-box-title", who = who)),
            ),
            popup,
        );
    }

    /// A key while the box is open: what to ask for, if anything; `None`
    /// closes the box.
    fn handle(&mut self, code: KeyCode) -> Option<LobbyAction> {
        let next_page = match &self.shown {
            Some(Ok((page, _))) => page_line(page, self.kind).1,
            _ => None,
        };
        match code {
            KeyCode::Esc | KeyCode::Char('q' | 'L' | 'l') => return None,
            KeyCode::Tab => {
                self.kind = match self.kind {
                    None => Some(PlayerKind::Human),
                    Some(PlayerKind::Human) => Some(PlayerKind::Bot),
                    Some(PlayerKind::Bot) => None,
                };
                self.page = 1;
            }
            KeyCode::Right | KeyCode::PageDown if next_page.is_some() => {
                self.page = next_page.unwrap_or(self.page);
            }
            KeyCode::Left | KeyCode::PageUp if self.page > 1 => self.page -= 1,
            _ => return Some(LobbyAction::None),
        }
        self.shown = None;
        Some(self.action())
    }
}

impl CreateForm {
    /// A new form: 5+3, any colour, the server's defaults.
    fn new() -> CreateForm {
        CreateForm {
            time_control: "5+3".into(),
            color: ColorPreference::Random,
            rated: None,
            territory: TerritoryOptions::default(),
            line: FormLine::TimeControl,
            error: None,
        }
    }

    /// Moves the chosen line `by` lines down (up when negative), round.
    fn move_line(&mut self, by: isize) {
        let lines = FormLine::ALL.len() as isize;
        let at = FormLine::ALL
            .iter()
            .position(|l| *l == self.line)
            .unwrap_or(0) as isize;
        self.line = FormLine::ALL[(at + by).rem_euclid(lines) as usize];
    }

    /// Changes the chosen line's value, `forward` or back (the colour
    /// cycles, a yes/no flips; the time control is typed instead).
    fn change(&mut self, forward: bool) {
        let colors = [
            ColorPreference::Random,
            ColorPreference::White,
            ColorPreference::Black,
        ];
        let at = colors.iter().position(|c| *c == self.color).unwrap_or(0);
        match self.line {
            FormLine::TimeControl => {}
            FormLine::Colour => {
                self.color = colors[(at + if forward { 1 } else { 2 }) % 3];
            }
            FormLine::Rated => self.rated = Some(!self.rated_now().unwrap_or(true)),
            FormLine::EndWhenDecided => self.territory.flip_end_when_decided(self.rated_now()),
            FormLine::Assistance => {
                if let Err(why) = self.territory.flip_assistance(self.rated_now()) {
                    self.error = Some(why);
                }
            }
        }
    }

    /// What Enter sends, or why it sends nothing (kept in the form).
    fn submit(&mut self) -> Option<LobbyAction> {
        match self.time_control.parse::<TimeControl>() {
            Ok(time_control) => Some(LobbyAction::Create {
                time_control,
                color: self.color,
                computer: None,
                rated: self.rated,
                end_when_decided: self.territory.end_when_decided,
                assistance: self.territory.assistance_now(self.rated_now()),
            }),
            Err(e) => {
                self.error = Some(time_control_error(&e));
                None
            }
        }
    }

    /// Whether the match will be rated: as chosen, else as the server
    /// decides (rated when timed; `None` while the clock typed is no time
    /// control).
    fn rated_now(&self) -> Option<bool> {
        self.rated.or_else(|| {
            self.time_control
                .parse::<TimeControl>()
                .ok()
                .map(|t| t.is_timed())
        })
    }

    /// Draws the form a third of the way down `area`, as tall as its
    /// wrapped lines (an error included, whole).
    fn draw(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let text = theme.text();
        let colour = match self.color {
            ColorPreference::Random => t!("colour-random"),
            ColorPreference::White => t!("side-word-white"),
            ColorPreference::Black => t!("side-word-black"),
        };
        let yes_no = |value: Option<bool>, unknown: &str| match value {
            Some(true) => t!("create-form-yes"),
            Some(false) => t!("create-form-no"),
            None => crate::tr::message(unknown, &[]),
        };
        let (end_words, view_words) = self.territory.value_words(self.rated_now());
        let texts = FormLine::ALL.map(|line| match line {
            FormLine::TimeControl => t!(
                "create-form-time-control",
                typed = self.time_control.as_str()
            ),
            FormLine::Colour => t!("create-form-colour", colour = colour.as_str()),
            FormLine::Rated => t!(
                "create-form-rated",
                value = yes_no(self.rated_now(), "create-form-rated-when-timed")
            ),
            FormLine::EndWhenDecided => {
                t!("create-form-end-when-decided", value = end_words.as_str())
            }
            FormLine::Assistance => match &view_words {
                Some(words) => t!("create-form-assistance", value = words.as_str()),
                None => t!("create-form-assistance-rated"),
            },
        });
        let mut lines: Vec<Line<'_>> = FormLine::ALL
            .iter()
            .zip(texts)
            .map(|(line, text)| {
                if *line == self.line {
                    Line::styled(
                        format!("▸ {text}"),
                        Style::default().add_modifier(Modifier::BOLD),
                    )
                } else {
                    Line::raw(format!("  {text}"))
                }
            })
            .collect();
        lines.push(Line::raw(""));
        if let Some(error) = &self.error {
            lines.push(Line::styled(
                error.clone(),
                Style::default().fg(color(text.warning)),
            ));
        }
        lines.push(Line::styled(
            t!("create-form-keys"),
            Style::default().fg(color(text.quiet)),
        ));
        let body = Paragraph::new(lines).wrap(Wrap { trim: false });
        let width = area.width.min(60);
        let height = (rows(&body, width.saturating_sub(2)) + 2).min(area.height);
        let popup = Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height / 3).min(area.height - height),
            width,
            height,
        );
        frame.render_widget(Clear, popup);
        frame.render_widget(
            body.block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(t!("create-form-title")),
            ),
            popup,
        );
    }
}

/// Columns of the lobby's table besides the names, with the borders, the
/// selection mark and the gaps: what the two name columns share the rest of.
const FIXED_COLUMNS: u16 = 7 + 6 + 8 + 3 + 5 + 6 + 2 + 2;

/// A seat in a name column `width` wide: the name (cut in the middle when
/// the rest would not fit), its rating, `[bot]` and `(away)`.
fn seat_text(summary: &MatchSummary, side: Side, width: usize) -> String {
    match summary.seats.get(side) {
        None => t!("seat-free"),
        Some(seat) => {
            let mut after = String::new();
            if let Some(rating) = seat.rating {
                after.push_str(&format!(" {rating}"));
            }
            if seat.kind == PlayerKind::Bot {
                after.push(' ');
                after.push_str(&t!("seat-bot-mark"));
            }
            if !seat.connected {
                after.push(' ');
                after.push_str(&t!("seat-away-mark"));
            }
            let room = width.saturating_sub(after.width()).max(MIN_NAME);
            format!("{}{after}", shorten(&one_line(&seat.name), room))
        }
    }
}

/// A name is never cut shorter than this.
const MIN_NAME: usize = 6;

impl Lobby {
    /// Follows the lobby messages (list, update, removal).
    pub fn apply(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Welcome { computer, .. } => {
                self.computer = computer.clone();
                return;
            }
            ServerMessage::MatchList { matches } => self.matches = matches.clone(),
            ServerMessage::MatchUpdated { summary } => {
                match self.matches.iter_mut().find(|m| m.id == summary.id) {
                    Some(known) => *known = summary.clone(),
                    None => self.matches.insert(0, summary.clone()),
                }
            }
            ServerMessage::MatchRemoved { match_id } => self.matches.retain(|m| m.id != *match_id),
            _ => return,
        }
        self.selected = self.selected.min(self.matches.len().saturating_sub(1));
    }

    /// A page of the leaderboard came (`kind` and `page` as asked; `now_ms`:
    /// when), or why it did not: shown if the box still asks for it.
    pub fn show_leaderboard(
        &mut self,
        kind: Option<PlayerKind>,
        page: u32,
        result: Result<PlayersPage, String>,
        now_ms: u64,
    ) {
        if let Some(board) = self
            .leaderboard
            .as_mut()
            .filter(|b| b.kind == kind && b.page == page)
        {
            board.shown = Some(result.map(|page| (page, now_ms)));
        }
    }

    fn selected_match(&self) -> Option<&MatchSummary> {
        self.matches.get(self.selected)
    }

    /// Handles one terminal event.
    pub fn handle(&mut self, event: &Event) -> LobbyAction {
        let Event::Key(key) = event else {
            return LobbyAction::None;
        };
        if key.kind == KeyEventKind::Release {
            return LobbyAction::None;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return LobbyAction::Quit;
        }
        if self.help {
            self.help = false;
            return LobbyAction::None;
        }
        if let Some(board) = self.leaderboard.as_mut() {
            return match board.handle(key.code) {
                Some(action) => action,
                None => {
                    self.leaderboard = None;
                    LobbyAction::None
                }
            };
        }
        if let Some(form) = self.computer_form.as_mut() {
            match form.handle(*key) {
                FormResult::Open => {}
                FormResult::Cancelled => self.computer_form = None,
                FormResult::Create {
                    time_control,
                    color,
                    computer,
                    end_when_decided,
                    assistance,
                } => {
                    self.computer_form = None;
                    return LobbyAction::Create {
                        time_control,
                        color,
                        computer: Some(computer),
                        rated: None,
                        end_when_decided,
                        assistance,
                    };
                }
            }
            return LobbyAction::None;
        }
        if let Some(form) = self.form.as_mut() {
            match key.code {
                KeyCode::Esc => self.form = None,
                KeyCode::Up | KeyCode::BackTab => form.move_line(-1),
                KeyCode::Down | KeyCode::Tab => form.move_line(1),
                KeyCode::Right | KeyCode::Char(' ') => form.change(true),
                KeyCode::Left => form.change(false),
                KeyCode::Backspace => {
                    form.time_control.pop();
                    form.error = None;
                }
                KeyCode::Char(c) => {
                    form.time_control.push(c);
                    form.error = None;
                }
                KeyCode::Enter => {
                    if let Some(action) = form.submit() {
                        self.form = None;
                        return action;
                    }
                }
                _ => {}
            }
            return LobbyAction::None;
        }
        match key.code {
            KeyCode::Char('?') => self.help = true,
            KeyCode::Char('q') => return LobbyAction::Quit,
            // Esc closes a box everywhere else; in the lobby itself it only
            // clears a notice, so a second Esc pressed to be sure a box is
            // gone never leaves the program.
            KeyCode::Esc => self.notice.clear(),
            KeyCode::Up | KeyCode::Char('k') => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => {
                self.selected = (self.selected + 1).min(self.matches.len().saturating_sub(1));
            }
            KeyCode::Char('c') => {
                self.notice.clear();
                self.form = Some(CreateForm::new());
            }
            KeyCode::Char('p') => match &self.computer {
                Some(offer) => {
                    self.notice.clear();
                    self.computer_form = Some(ComputerForm::new(offer.clone()));
                }
                None => self.notice = t!("lobby-no-computer"),
            },
            KeyCode::Char('r') => return LobbyAction::Refresh,
            KeyCode::Char('t') => return LobbyAction::Tournaments,
            KeyCode::Char('L') => {
                let board = LeaderboardBox {
                    kind: None,
                    page: 1,
                    shown: None,
                };
                let action = board.action();
                self.leaderboard = Some(board);
                return action;
            }
            KeyCode::Char('s') => {
                if let Some(summary) = self.selected_match() {
                    return LobbyAction::Spectate(summary.id);
                }
            }
            KeyCode::Enter => match self.selected_match() {
                Some(summary) if summary.status == MatchStatus::Waiting => {
                    return LobbyAction::Join(summary.id);
                }
                Some(summary) => return LobbyAction::Spectate(summary.id),
                None => self.notice = t!("lobby-nothing-to-join"),
            },
            _ => {}
        }
        LobbyAction::None
    }

    /// Draws the lobby.
    pub fn draw(&self, frame: &mut Frame<'_>) {
        let area = frame.area();
        let text = self.theme.text();
        // The title (with the connection's state) and the notice wrap
        // rather than lose their ends; the hints fit 80 columns.
        let title_text = Paragraph::new(self.title.as_str())
            .style(Style::default().add_modifier(Modifier::BOLD))
            .wrap(WRAP);
        let notice_text = Paragraph::new(self.notice.as_str())
            .style(Style::default().fg(color(text.info)))
            .wrap(WRAP);
        let [title, table_area, notice, hints] = Layout::vertical([
            Constraint::Length(rows(&title_text, area.width).clamp(1, 2)),
            Constraint::Min(3),
            Constraint::Length(rows(&notice_text, area.width).clamp(1, 3)),
            Constraint::Length(1),
        ])
        .areas(area);
        frame.render_widget(title_text, title);
        let name_width = usize::from(area.width.saturating_sub(FIXED_COLUMNS) / 2);
        let rows = self.matches.iter().map(|summary| {
            Row::new(vec![
                seat_text(summary, Side::First, name_width),
                seat_text(summary, Side::Second, name_width),
                time_control(summary.time_control),
                rated_word(summary.rated),
                status_word(summary.status),
                summary.ply.to_string(),
                summary.spectators.to_string(),
            ])
        });
        // The names share what the fixed columns leave (21 columns each at
        // 80), so `annabelle 1523? [bot]` fits.
        let widths = [
            Constraint::Fill(1),
            Constraint::Fill(1),
            Constraint::Length(7),
            Constraint::Length(6),
            Constraint::Length(8),
            Constraint::Length(3),
            Constraint::Length(5),
        ];
        let header = Row::new([
            t!("lobby-column-white"),
            t!("lobby-column-black"),
            t!("lobby-heading-time"),
            t!("lobby-column-rated"),
            t!("lobby-heading-status"),
            t!("lobby-column-ply"),
            t!("lobby-column-watch"),
        ])
        .style(
            Style::default()
                .fg(color(text.label))
                .add_modifier(Modifier::UNDERLINED),
        );
        let empty = self.matches.is_empty();
        let table = Table::new(rows, widths)
            .header(header)
            .row_highlight_style(Style::default().add_modifier(Modifier::REVERSED))
            .highlight_symbol("> ")
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(t!("lobby-matches-title", count = self.matches.len())),
            );
        let mut state = TableState::default().with_selected((!empty).then_some(self.selected));
        frame.render_stateful_widget(table, table_area, &mut state);
        if empty {
            let inner = Rect::new(
                table_area.x + 2,
                table_area.y + 2,
                table_area.width.saturating_sub(4),
                1,
            );
            frame.render_widget(Paragraph::new(t!("lobby-no-matches")), inner);
        }
        frame.render_widget(notice_text, notice);
        let hints_text: Vec<String> = HINTS
            .iter()
            .map(|(k, what)| format!("{k} {}", crate::tr::message(what, &[])))
            .collect();
        frame.render_widget(
            Paragraph::new(hints_text.join("  ")).style(Style::default().fg(color(text.quiet))),
            hints,
        );
        if let Some(form) = &self.form {
            form.draw(frame, area, self.theme);
        }
        if let Some(form) = &self.computer_form {
            form.draw(frame, area, self.theme);
        }
        if let Some(board) = &self.leaderboard {
            board.draw(frame, area, self.theme);
        }
        if self.help {
            draw_help(frame, area, &screen_help(KEYS));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_protocol::{SeatInfo, Seats, testing};
    use crossterm::event::KeyEvent;

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn lobby_with_matches() -> Lobby {
        let mut waiting = MatchSummary {
            time_control: TimeControl::Fischer {
                initial_ms: 300_000,
                increment_ms: 2_000,
            },
            rated: true,
            ..testing::waiting_for_black(
                "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60".parse().unwrap(),
                "ann",
            )
        };
        waiting.seats.white.as_mut().unwrap().rating = Some(amazons_protocol::Rating {
            rating: 1523,
            deviation: 180,
            provisional: true,
        });
        let away = SeatInfo {
            connected: false,
            ..testing::seat("cy")
        };
        let bot = SeatInfo {
            kind: PlayerKind::Bot,
            rating: Some(amazons_protocol::Rating {
                rating: 2104,
                deviation: 60,
                provisional: false,
            }),
            ..testing::seat("deep-thought-7000")
        };
        let playing = MatchSummary {
            spectators: 2,
            ply: 12,
            ..testing::summary(
                "0b8e4d2c-1a3f-4e5d-8c7b-6a5f4e3d2c1b".parse().unwrap(),
                Seats {
                    white: Some(away),
                    black: Some(bot),
                },
            )
        };
        let list = ServerMessage::MatchList {
            matches: vec![waiting, playing],
        };
        let mut lobby = Lobby::default();
        lobby.apply(&list);
        lobby
    }

    fn text(lobby: &Lobby) -> String {
        crate::tui::snapshot::render(80, 24, |frame| lobby.draw(frame))
    }

    #[test]
    fn lists_matches_with_seats_clocks_and_status() {
        let lobby = lobby_with_matches();
        let screen = text(&lobby);
        assert!(screen.contains("matches (2)"), "{screen}");
        assert!(screen.contains("> ann 1523?"), "{screen}");
        assert!(
            screen.contains("deep…7000 2104 [bot]"),
            "a long name is cut so its rating and the bot mark fit 80 columns: {screen}"
        );
        assert!(screen.contains("rated"), "{screen}");
        assert!(screen.contains("casual"), "{screen}");
        assert!(screen.contains("(free)"), "{screen}");
        assert!(screen.contains("5+2"), "{screen}");
        assert!(screen.contains("cy (away)"), "{screen}");

        assert!(screen.contains("playing"), "{screen}");
        crate::tui::snapshot::assert_snapshot("lobby", &screen);
    }

    #[test]
    fn enter_joins_a_waiting_match_and_watches_a_running_one() {
        let mut lobby = lobby_with_matches();
        let first: MatchId = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60".parse().unwrap();
        let second: MatchId = "0b8e4d2c-1a3f-4e5d-8c7b-6a5f4e3d2c1b".parse().unwrap();
        assert_eq!(lobby.handle(&key(KeyCode::Enter)), LobbyAction::Join(first));
        lobby.handle(&key(KeyCode::Down));
        assert_eq!(
            lobby.handle(&key(KeyCode::Enter)),
            LobbyAction::Spectate(second)
        );
        lobby.apply(&ServerMessage::MatchRemoved { match_id: second });
        assert!(!text(&lobby).contains("deep-thought"));
        assert_eq!(
            lobby.handle(&key(KeyCode::Char('s'))),
            LobbyAction::Spectate(first)
        );
    }

    #[test]
    fn play_the_computer_lists_the_levels_in_words_and_asks_for_one() {
        let mut lobby = Lobby::default();
        lobby.handle(&key(KeyCode::Char('p')));
        assert!(text(&lobby).contains("this server offers no computer opponents"));
        let welcome = crate::tui::computer_form::tests::welcome_with_offer();
        lobby.apply(&welcome);
        lobby.handle(&key(KeyCode::Char('p')));
        let screen = text(&lobby);
        assert!(screen.contains("play the computer"), "{screen}");
        assert!(screen.contains("level 1   random mover"), "{screen}");
        assert!(
            screen.contains("level 7   full strength, Monte-Carlo tree search"),
            "{screen}"
        );
        assert!(screen.contains("> level 4"), "{screen}");
        assert!(
            screen.contains("fairy     Fairy-Stockfish (engine)"),
            "{screen}"
        );
        assert!(
            screen.contains("think time (←/→): 1 s a move (at most 10 s)"),
            "{screen}"
        );
        crate::tui::snapshot::assert_snapshot("lobby_play_the_computer", &screen);
        lobby.handle(&key(KeyCode::Up));
        let action = lobby.handle(&key(KeyCode::Enter));
        assert_eq!(
            action,
            LobbyAction::Create {
                time_control: TimeControl::Untimed,
                color: ColorPreference::Random,
                computer: Some(
                    ComputerRequest::level(amazons_core::Level::new(3).unwrap())
                        .with_think_ms(1000)
                ),
                rated: None,
                end_when_decided: None,
                assistance: false,
            }
        );
    }

    #[test]
    fn the_lobby_its_help_and_the_create_forms_error_are_whole_at_80x24() {
        use crate::tui::snapshot::shows_whole;
        let mut lobby = lobby_with_matches();
        lobby.title =
            "amazons — ws://192.168.100.200:7878/ws as annabelle   [reconnecting in 3.2s \
                       (attempt 4): IO error: Connection refused (os error 111)]"
                .into();
        let screen = text(&lobby);
        assert!(shows_whole(&screen, &lobby.title), "{screen}");
        assert!(
            shows_whole(
                &screen,
                "Enter join  c create  p computer  t tournaments  L leaderboard  ? help  q quit"
            ),
            "{screen}"
        );
        lobby.handle(&key(KeyCode::Char('?')));
        let screen = text(&lobby);
        for line in screen_help(KEYS).lines() {
            assert!(shows_whole(&screen, line), "{line:?} is cut:\n{screen}");
        }
        lobby.handle(&key(KeyCode::Esc));
        lobby.handle(&key(KeyCode::Char('c')));
        for _ in 0..3 {
            lobby.handle(&key(KeyCode::Backspace));
        }
        lobby.handle(&key(KeyCode::Char('x')));
        lobby.handle(&key(KeyCode::Enter));
        let screen = text(&lobby);
        let error = "x".parse::<TimeControl>().unwrap_err().to_string();
        assert!(shows_whole(&screen, &error), "{error:?} is cut:\n{screen}");
        assert!(
            shows_whole(&screen, "Enter creates, Esc cancels"),
            "{screen}"
        );
    }

    #[test]
    fn esc_in_the_lobby_does_not_quit_and_the_help_says_what_it_does() {
        let mut lobby = lobby_with_matches();
        lobby.notice = "no computer on this server".into();
        assert_eq!(lobby.handle(&key(KeyCode::Esc)), LobbyAction::None);
        assert!(lobby.notice.is_empty(), "Esc clears the notice");
        assert_eq!(lobby.handle(&key(KeyCode::Esc)), LobbyAction::None);
        assert_eq!(lobby.handle(&key(KeyCode::Char('q'))), LobbyAction::Quit);
        lobby.handle(&key(KeyCode::Char('?')));
        let screen = text(&lobby);
        assert!(screen.contains("Esc"), "{screen}");
        assert!(screen.contains("closes a box"), "{screen}");
    }

    #[test]
    fn l_opens_the_leaderboard_box_whole_at_80x24_and_esc_returns() {
        use crate::cmd::leaderboard::tests::{NOW, sample_page};
        use crate::tui::snapshot::shows_whole;
        let mut lobby = lobby_with_matches();
        let everyone = LobbyAction::Leaderboard {
            kind: None,
            page: 1,
        };
        assert_eq!(lobby.handle(&key(KeyCode::Char('L'))), everyone);
        assert!(text(&lobby).contains("reading the leaderboard"));
        // A page for another question is not shown.
        lobby.show_leaderboard(Some(PlayerKind::Bot), 1, Ok(sample_page()), NOW);
        assert!(text(&lobby).contains("reading the leaderboard"));
        lobby.show_leaderboard(None, 1, Ok(sample_page()), NOW);
        let screen = text(&lobby);
        for line in crate::cmd::leaderboard::board_lines(&sample_page(), 78, NOW) {
            assert!(shows_whole(&screen, &line), "{line:?} is cut:\n{screen}");
        }
        assert!(screen.contains("leaderboard: everyone"), "{screen}");
        assert!(screen.contains("my-uci-bot [bot]"), "{screen}");
        assert!(shows_whole(
            &screen,
            "Tab everyone/people/bots  ←/→ page  Esc back"
        ));
        crate::tui::snapshot::assert_snapshot("lobby_leaderboard", &screen);
        // Ranks of two digits: the column stays aligned (leading spaces kept).
        let mut long = sample_page();
        long.players = (1..=12)
            .map(|n| {
                let mut row = sample_page().players[1].clone();
                row.rank = n;
                row.name = format!("p{n}");
                row
            })
            .collect();
        lobby.show_leaderboard(None, 1, Ok(long.clone()), NOW);
        let screen = text(&lobby);
        for line in crate::cmd::leaderboard::board_lines(&long, 78, NOW) {
            assert!(
                screen.contains(&format!("│{line}")),
                "{line:?} is not aligned:\n{screen}"
            );
        }
        lobby.show_leaderboard(None, 1, Ok(sample_page()), NOW);
        assert_eq!(
            lobby.handle(&key(KeyCode::Right)),
            LobbyAction::None,
            "one page"
        );
        assert_eq!(
            lobby.handle(&key(KeyCode::Tab)),
            LobbyAction::Leaderboard {
                kind: Some(PlayerKind::Human),
                page: 1
            }
        );
        lobby.show_leaderboard(
            Some(PlayerKind::Human),
            1,
            Err("nothing is listening at h:7878".into()),
            NOW,
        );
        assert!(text(&lobby).contains("nothing is listening at h:7878"));
        assert_eq!(lobby.handle(&key(KeyCode::Esc)), LobbyAction::None);
        let screen = text(&lobby);
        assert!(!screen.contains("leaderboard:"), "closed: {screen}");
        assert!(
            screen.contains("matches (2)"),
            "back in the lobby: {screen}"
        );
    }

    #[test]
    fn the_create_form_reads_a_time_control_a_colour_and_the_match_options() {
        let mut lobby = Lobby::default();
        lobby.handle(&key(KeyCode::Char('c')));
        assert!(text(&lobby).contains("▸ time control: 5+3"));
        lobby.handle(&key(KeyCode::Backspace));
        lobby.handle(&key(KeyCode::Char('0')));
        lobby.handle(&key(KeyCode::Down));
        lobby.handle(&key(KeyCode::Right));
        assert!(text(&lobby).contains("▸ your colour: ‹ white ›"));
        // Timed: rated, so no ending by territory and no assistance.
        let screen = text(&lobby);
        assert!(screen.contains("rated: ‹ yes ›"), "{screen}");
        assert!(
            screen.contains("end when territory decides: ‹ no ›"),
            "{screen}"
        );
        lobby.handle(&key(KeyCode::Up));
        lobby.handle(&key(KeyCode::Up));
        lobby.handle(&key(KeyCode::Right));
        assert!(
            text(&lobby).contains("a rated game allows no assistance"),
            "the last line, reached upwards, refuses in a rated game"
        );
        assert_eq!(
            lobby.handle(&key(KeyCode::Enter)),
            LobbyAction::Create {
                time_control: TimeControl::Fischer {
                    initial_ms: 300_000,
                    increment_ms: 0
                },
                color: ColorPreference::White,
                computer: None,
                rated: None,
                end_when_decided: None,
                assistance: false,
            }
        );
        // Rated follows the clock until changed, and the ending follows
        // rated: casual when untimed, so it ends when decided.
        lobby.handle(&key(KeyCode::Char('c')));
        assert!(text(&lobby).contains("rated: ‹ yes ›"));
        for _ in 0..3 {
            lobby.handle(&key(KeyCode::Backspace));
        }
        for c in "untimed".chars() {
            lobby.handle(&key(KeyCode::Char(c)));
        }
        let screen = text(&lobby);
        assert!(
            screen.contains("rated: ‹ no ›"),
            "untimed: casual: {screen}"
        );
        assert!(
            screen.contains("end when territory decides: ‹ yes ›"),
            "{screen}"
        );
        assert!(
            screen.contains("allow the territory view: ‹ no ›"),
            "{screen}"
        );
        for _ in 0..3 {
            lobby.handle(&key(KeyCode::Down));
        }
        lobby.handle(&key(KeyCode::Left));
        lobby.handle(&key(KeyCode::Down));
        lobby.handle(&key(KeyCode::Char(' ')));
        let screen = text(&lobby);
        assert!(
            screen.contains("end when territory decides: ‹ no ›"),
            "{screen}"
        );
        assert!(
            screen.contains("▸ allow the territory view: ‹ yes ›"),
            "{screen}"
        );
        assert_eq!(
            lobby.handle(&key(KeyCode::Enter)),
            LobbyAction::Create {
                time_control: TimeControl::Untimed,
                color: ColorPreference::Random,
                computer: None,
                rated: None,
                end_when_decided: Some(false),
                assistance: true,
            }
        );
        // Made rated, the assistance chosen is not sent.
        lobby.handle(&key(KeyCode::Char('c')));
        for _ in 0..3 {
            lobby.handle(&key(KeyCode::Backspace));
        }
        for c in "untimed".chars() {
            lobby.handle(&key(KeyCode::Char(c)));
        }
        lobby.handle(&key(KeyCode::Up));
        lobby.handle(&key(KeyCode::Right));
        lobby.handle(&key(KeyCode::Up));
        lobby.handle(&key(KeyCode::Up));
        lobby.handle(&key(KeyCode::Right));
        assert!(text(&lobby).contains("rated: ‹ yes ›"));
        assert!(
            text(&lobby).contains("allow the territory view: ‹ no › (not in rated games)"),
            "{}",
            text(&lobby)
        );
        assert_eq!(
            lobby.handle(&key(KeyCode::Enter)),
            LobbyAction::Create {
                time_control: TimeControl::Untimed,
                color: ColorPreference::Random,
                computer: None,
                rated: Some(true),
                end_when_decided: None,
                assistance: false,
            }
        );
        lobby.handle(&key(KeyCode::Char('c')));
        for _ in 0..3 {
            lobby.handle(&key(KeyCode::Backspace));
        }
        lobby.handle(&key(KeyCode::Char('x')));
        assert_eq!(lobby.handle(&key(KeyCode::Enter)), LobbyAction::None);
        assert!(text(&lobby).contains("is not a time control"));
        lobby.handle(&key(KeyCode::Esc));
        assert!(text(&lobby).contains("no matches yet"));
    }

    #[test]
    fn in_chinese_the_lobby_and_the_leaderboard_fit_80x24() {
        use crate::cmd::leaderboard::tests::{NOW, sample_page};
        use crate::tr::{Lang, with_lang};
        use crate::tui::snapshot::shows_whole;
        use unicode_width::UnicodeWidthStr;
        with_lang(Lang::ZhCn, || {
            let mut lobby = lobby_with_matches();
            lobby.title = "亚马逊棋 — ws://127.0.0.1:7878/ws，用户名 李雷   [已连接]".into();
            let screen = text(&lobby);
            assert!(screen.lines().all(|l| l.width() <= 80), "{screen}");
            for line in [
                "对局（2）",
                "先手（白）",
                "后手（黑）",
                "积分",
                "休闲",
                "（空位）",
                "cy （离开）",
                "[程序]",
                "等待中",
                "对局中",
                "Enter 加入  c 新建  p 电脑  t 比赛  L 排行榜  ? 帮助  q 退出",
                &lobby.title,
            ] {
                assert!(shows_whole(&screen, line), "{line:?} is cut:\n{screen}");
            }
            crate::tui::snapshot::assert_snapshot("zh_lobby", &screen);

            lobby.handle(&key(KeyCode::Char('L')));
            lobby.show_leaderboard(None, 1, Ok(sample_page()), NOW);
            let screen = text(&lobby);
            assert!(screen.lines().all(|l| l.width() <= 80), "{screen}");
            for line in crate::cmd::leaderboard::board_lines(&sample_page(), 78, NOW) {
                assert!(shows_whole(&screen, &line), "{line:?} is cut:\n{screen}");
            }
            assert!(shows_whole(&screen, "排行榜：全部"), "{screen}");
            crate::tui::snapshot::assert_snapshot("zh_leaderboard", &screen);

            lobby.handle(&key(KeyCode::Esc));
            lobby.handle(&key(KeyCode::Char('c')));
            let screen = text(&lobby);
            for line in [
                "↑/↓ 选择一行，←/→ 修改，Enter 新建，Esc 取消",
                "▸ 时限：5+3▏（untimed 或 5+3：5 分钟，每步加 3 秒）",
                "积分：‹ 是 ›",
                "领地已定即结束：‹ 否 ›",
                "允许查看领地：‹ 否 ›（积分局不允许）",
            ] {
                assert!(shows_whole(&screen, line), "{line}: {screen}");
            }
            crate::tui::snapshot::assert_snapshot("zh_create_form", &screen);
        });
    }
}
