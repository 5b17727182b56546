//! The lobby's tournaments (`t`): the list of the server's tournaments
//! (asked for again every few seconds while shown), and one tournament's
//! screen: its standings (or entrants before the start, or the crosstable
//! of a round robin with `x`), the current round's pairings with a
//! selection (Enter watches the game), joining and withdrawing, and the
//! organiser's start, pause, resume and end. The text of both is
//! [`crate::cmd::tournament::render`]'s, as `tournament show` prints it.
//! Keys turn into [`TournamentsAction`]s; `play` sends them.

use std::time::{Duration, Instant};

use amazons_core::Vocabulary;
use amazons_protocol::tournament::{
    FormatName, TournamentId, TournamentStatus, TournamentSummary, TournamentView,
};
use amazons_protocol::{ClientMessage, MatchId, ServerMessage};
use crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, List, ListItem, ListState, Paragraph};

use crate::cmd::tournament::render;
use crate::face::columns::shorten;
use crate::face::help::screen_help;
use crate::face::words::named;
use crate::tui::popup::{draw_help, draw_question};
use crate::tui::theme::{Theme, color};

/// The words of these screens, in one place, from the catalogue.
mod words {
    /// The form's field names, each with its colon.
    pub fn fields() -> [String; 5] {
        [
            t!("tournaments-field-title"),
            t!("tournaments-field-format"),
            t!("tournaments-field-rounds"),
            t!("tournaments-field-clock"),
            t!("tournaments-field-rated"),
        ]
    }
}

/// What says a tournament game of ours is ready.
pub fn your_game(round: u32, opponent: &str) -> String {
    t!("tournaments-your-game", round = round, opponent = opponent)
}

/// The list's keys, each with the catalogue key of what it does.
const LIST_KEYS: &[(&str, &str)] = &[
    ("↑/↓", "tournaments-key-select"),
    ("Enter", "tournaments-key-open"),
    ("n", "tournaments-key-new"),
    ("Esc", "tournaments-key-lobby"),
    ("?", "lobby-key-help"),
    ("q", "lobby-key-quit"),
];

/// Every key of a tournament's screen, for the help (the hints show those
/// that apply now), each with the catalogue key of what it does.
const TOURNAMENT_KEYS: &[(&str, &str)] = &[
    ("↑/↓", "tournaments-key-select-game"),
    ("Enter", "lobby-key-watch"),
    ("j", "tournaments-key-join"),
    ("w", "tournaments-key-withdraw"),
    ("s", "tournaments-key-start"),
    ("p", "tournaments-key-pause-resume"),
    ("e", "tournaments-key-end"),
    ("x", "tournaments-key-crosstable"),
    ("Esc", "tournaments-key-list"),
    ("?", "lobby-key-help"),
    ("q", "lobby-key-quit"),
];

/// How often the list is asked for again while shown.
pub const LIST_EVERY: Duration = Duration::from_secs(3);

/// What the person asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentsAction {
    /// Nothing to do.
    None,
    /// Send this to the server.
    Send(ClientMessage),
    /// Watch this game.
    Spectate(MatchId),
    /// Back to the lobby.
    Lobby,
    /// Leave the program.
    Quit,
}

/// One tournament on screen.
#[derive(Clone, Debug)]
struct Open {
    /// Which.
    id: TournamentId,
    /// Its view, once it came.
    view: Option<TournamentView>,
    /// The selected game of the round.
    selected: usize,
    /// The crosstable instead of the standings.
    crosstable: bool,
    /// A question open: its text and the message a `y` sends.
    question: Option<(String, ClientMessage)>,
}

/// The tournaments' state.
#[derive(Clone, Debug, Default)]
pub struct Tournaments {
    /// The list, once the server sent it.
    list: Option<Vec<TournamentSummary>>,
    /// The selected row.
    selected: usize,
    /// The tournament open, if any.
    open: Option<Open>,
    /// When the list was last asked for.
    asked: Option<Instant>,
    /// Our name on the server (`welcome.name`): who is the organiser, who
    /// is entered.
    pub me: String,
    /// A line for the person (a refusal, a game ready).
    pub notice: String,
    /// The connection line.
    pub title: String,
    /// Text colours.
    pub theme: Theme,
    /// The help overlay is open.
    help: bool,
    /// The create form, open.
    form: Option<NewForm>,
    /// We asked to create one: its `tournament_created` opens it.
    creating: bool,
}

/// The new-tournament form (`n` in the list).
#[derive(Clone, Debug)]
struct NewForm {
    /// The field with the cursor (index into `words::fields()`).
    field: usize,
    /// The title as typed.
    title: String,
    /// The format chosen (one of [`Vocabulary::ALL`], so a new format is
    /// offered here without an edit).
    format: FormatName,
    /// A Swiss's rounds.
    rounds: u32,
    /// The clock as typed.
    clock: String,
    /// Rated.
    rated: bool,
    /// Why Enter did nothing.
    error: Option<String>,
}

impl Default for NewForm {
    fn default() -> Self {
        NewForm {
            field: 0,
            title: String::new(),
            format: FormatName::ALL[0],
            rounds: 5,
            clock: "5+3".into(),
            rated: false,
            error: None,
        }
    }
}

/// What a key did to the form.
enum FormKey {
    /// Still open.
    Open,
    /// Closed without creating.
    Cancelled,
    /// Create this.
    Create(ClientMessage),
}

impl NewForm {
    /// Handles a key.
    fn handle(&mut self, code: KeyCode) -> FormKey {
        let fields = words::fields().len();
        let change = |form: &mut NewForm, forward: bool| match form.field {
            1 => {
                let all = FormatName::ALL;
                let at = all.iter().position(|f| *f == form.format).unwrap_or(0);
                form.format = all[(at + if forward { 1 } else { all.len() - 1 }) % all.len()];
            }
            2 if form.format.asks_rounds() => {
                form.rounds = if forward {
                    (form.rounds + 1).min(99)
                } else {
                    form.rounds.saturating_sub(1).max(1)
                };
            }
            4 => form.rated = !form.rated,
            _ => {}
        };
        match code {
            KeyCode::Esc => return FormKey::Cancelled,
            KeyCode::Up | KeyCode::BackTab => self.field = (self.field + fields - 1) % fields,
            KeyCode::Down | KeyCode::Tab => self.field = (self.field + 1) % fields,
            KeyCode::Right => change(self, true),
            KeyCode::Left => change(self, false),
            KeyCode::Char(' ') if matches!(self.field, 1 | 4) => change(self, true),
            KeyCode::Backspace => {
                match self.field {
                    0 => self.title.pop(),
                    3 => self.clock.pop(),
                    _ => None,
                };
            }
            KeyCode::Char(c) => match self.field {
                0 => self.title.push(c),
                3 => self.clock.push(c),
                _ => {}
            },
            KeyCode::Enter => match self.clock.trim().parse::<amazons_core::TimeControl>() {
                Err(e) => self.error = Some(e.to_string()),
                Ok(time_control) => {
                    let format = self.format.format(self.rounds);
                    let title = self.title.trim();
                    return FormKey::Create(ClientMessage::CreateTournament {
                        title: (!title.is_empty()).then(|| title.to_string()),
                        format,
                        time_control,
                        rated: self.rated,
                        entry_list: None,
                        computers: Vec::new(),
                    });
                }
            },
            _ => {}
        }
        FormKey::Open
    }

    /// Draws the form a third of the way down `area`.
    fn draw(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let text = theme.text();
        let values = [
            if self.title.is_empty() && self.field != 0 {
                t!("tournaments-title-from-format")
            } else {
                self.title.clone()
            },
            named(self.format, "-choice", &[]),
            if self.format.asks_rounds() {
                self.rounds.to_string()
            } else {
                t!("tournaments-rounds-follow")
            },
            self.clock.clone(),
            if self.rated {
                t!("tournaments-yes")
            } else {
                t!("tournaments-no")
            },
        ];
        let fields = words::fields();
        let label_width = fields
            .iter()
            .map(|f| unicode_width::UnicodeWidthStr::width(f.as_str()))
            .max()
            .unwrap_or(0);
        let mut lines: Vec<Line<'_>> = fields
            .iter()
            .zip(values)
            .enumerate()
            .map(|(i, (name, value))| {
                let pad =
                    " ".repeat(label_width - unicode_width::UnicodeWidthStr::width(name.as_str()));
                let marked = match i {
                    _ if i != self.field => format!("  {name}{pad} {value}"),
                    0 | 3 => format!("> {name}{pad} {value}▏"),
                    _ => format!("> {name}{pad} ‹ {value} ›"),
                };
                Line::raw(marked)
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
            t!("tournaments-form-keys"),
            Style::default().fg(color(text.quiet)),
        ));
        let body = Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false });
        let width = area.width.min(60);
        let height = (crate::tui::wrap::rows(&body, width.saturating_sub(2)) + 2).min(area.height);
        let popup = Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height / 3).min(area.height - height),
            width,
            height,
        );
        frame.render_widget(ratatui::widgets::Clear, popup);
        frame.render_widget(
            body.block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(t!("tournaments-form-title")),
            ),
            popup,
        );
    }
}

impl Tournaments {
    /// Follows the tournament messages: the list, the open tournament's
    /// view, refusals of what was asked here.
    pub fn apply(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Welcome { name, .. } => self.me = name.clone(),
            ServerMessage::TournamentList { tournaments } => {
                self.selected = self.selected.min(tournaments.len().saturating_sub(1));
                self.list = Some(tournaments.clone());
            }
            ServerMessage::TournamentCreated { tournament_id } if self.creating => {
                self.creating = false;
                self.notice.clear();
                self.open = Some(Open {
                    id: *tournament_id,
                    view: None,
                    selected: 0,
                    crosstable: false,
                    question: None,
                });
            }
            ServerMessage::TournamentUpdated { tournament } => {
                if let Some(list) = &mut self.list {
                    if let Some(row) = list.iter_mut().find(|t| t.id == tournament.summary.id) {
                        *row = tournament.summary.clone();
                    }
                }
                if let Some(open) = self.open.as_mut().filter(|o| o.id == tournament.summary.id) {
                    if open.view.is_some() {
                        self.notice.clear();
                    }
                    let games = render::current_round(tournament).map_or(0, |r| r.games.len());
                    open.selected = open.selected.min(games.saturating_sub(1));
                    open.view = Some(tournament.clone());
                }
            }
            ServerMessage::Error {
                code,
                message,
                reply_to: Some(kind),
                ..
            } if kind.name().contains("tournament")
                || matches!(
                    kind,
                    amazons_protocol::MessageType::EnterComputer
                        | amazons_protocol::MessageType::RemoveEntrant
                ) =>
            {
                if *kind == amazons_protocol::MessageType::CreateTournament {
                    self.creating = false;
                }
                self.notice = crate::face::words::server_error(*code, message);
            }
            _ => {}
        }
    }

    /// Opens the list: asks for it now.
    pub fn show(&mut self, now: Instant) -> ClientMessage {
        self.asked = Some(now);
        ClientMessage::ListTournaments
    }

    /// The list asked for again when due (while the list is shown).
    pub fn tick(&mut self, now: Instant) -> Option<ClientMessage> {
        let due = self
            .asked
            .is_none_or(|at| now.duration_since(at) >= LIST_EVERY);
        (self.open.is_none() && due).then(|| self.show(now))
    }

    /// The tournament open, for `play` (unwatched when the screen closes).
    pub fn open_id(&self) -> Option<TournamentId> {
        self.open.as_ref().map(|o| o.id)
    }

    /// Handles one terminal event.
    pub fn handle(&mut self, event: &Event) -> TournamentsAction {
        let Event::Key(key) = event else {
            return TournamentsAction::None;
        };
        if key.kind == KeyEventKind::Release {
            return TournamentsAction::None;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return TournamentsAction::Quit;
        }
        if self.help {
            self.help = false;
            return TournamentsAction::None;
        }
        if let Some(form) = self.form.as_mut() {
            match form.handle(key.code) {
                FormKey::Open => {}
                FormKey::Cancelled => self.form = None,
                FormKey::Create(message) => {
                    self.form = None;
                    self.creating = true;
                    self.notice = t!("tournaments-creating");
                    return TournamentsAction::Send(message);
                }
            }
            return TournamentsAction::None;
        }
        if key.code == KeyCode::Char('?') {
            self.help = true;
            return TournamentsAction::None;
        }
        if key.code == KeyCode::Char('q') {
            return TournamentsAction::Quit;
        }
        match self.open.take() {
            None => self.on_list_key(key.code),
            Some(open) => self.on_tournament_key(open, key.code),
        }
    }

    fn on_list_key(&mut self, code: KeyCode) -> TournamentsAction {
        let rows = self.list.as_ref().map_or(0, Vec::len);
        match code {
            KeyCode::Esc => return TournamentsAction::Lobby,
            KeyCode::Char('n') => self.form = Some(NewForm::default()),
            KeyCode::Up => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down if self.selected + 1 < rows => self.selected += 1,
            KeyCode::Enter => {
                if let Some(t) = self.list.as_ref().and_then(|l| l.get(self.selected)) {
                    self.open = Some(Open {
                        id: t.id,
                        view: None,
                        selected: 0,
                        crosstable: false,
                        question: None,
                    });
                    self.notice.clear();
                    return TournamentsAction::Send(ClientMessage::WatchTournament {
                        tournament_id: t.id,
                    });
                }
            }
            _ => {}
        }
        TournamentsAction::None
    }

    fn on_tournament_key(&mut self, mut open: Open, code: KeyCode) -> TournamentsAction {
        let tournament_id = open.id;
        if let Some((_, message)) = open.question.take() {
            let action = match code {
                KeyCode::Char('y' | 'Y') => {
                    self.notice = t!("tournaments-asked");
                    TournamentsAction::Send(message)
                }
                _ => TournamentsAction::None,
            };
            self.open = Some(open);
            return action;
        }
        let Some(view) = open.view.clone() else {
            if code == KeyCode::Esc {
                return self.close(tournament_id);
            }
            self.open = Some(open);
            return TournamentsAction::None;
        };
        let keys = applicable(&view, &self.me);
        let allowed = |k: &str| keys.iter().any(|(key, _)| *key == k);
        let games = render::current_round(&view).map_or(&[][..], |r| r.games.as_slice());
        let mut action = TournamentsAction::None;
        match code {
            KeyCode::Esc => return self.close(tournament_id),
            KeyCode::Up => open.selected = open.selected.saturating_sub(1),
            KeyCode::Down if open.selected + 1 < games.len() => open.selected += 1,
            KeyCode::Enter => match games.get(open.selected).and_then(|g| g.match_id) {
                Some(match_id) => action = TournamentsAction::Spectate(match_id),
                None => self.notice = t!("tournaments-nothing-to-watch"),
            },
            KeyCode::Char('x') if allowed("x") => open.crosstable = !open.crosstable,
            KeyCode::Char(c) if allowed(&c.to_string()) => {
                let message = match c {
                    'j' => Some(ClientMessage::JoinTournament { tournament_id }),
                    's' => Some(ClientMessage::StartTournament { tournament_id }),
                    'p' if view.summary.paused => {
                        Some(ClientMessage::ResumeTournament { tournament_id })
                    }
                    'p' => Some(ClientMessage::PauseTournament { tournament_id }),
                    'w' => {
                        open.question = Some((
                            t!("tournaments-withdraw-question"),
                            ClientMessage::WithdrawTournament { tournament_id },
                        ));
                        None
                    }
                    'e' => {
                        open.question = Some((
                            t!("tournaments-end-question"),
                            ClientMessage::EndTournament { tournament_id },
                        ));
                        None
                    }
                    _ => None,
                };
                if let Some(message) = message {
                    self.notice = t!("tournaments-asked");
                    action = TournamentsAction::Send(message);
                }
            }
            _ => {}
        }
        self.open = Some(open);
        action
    }

    /// Back to the list: stop watching, ask for the list again.
    fn close(&mut self, tournament_id: TournamentId) -> TournamentsAction {
        self.open = None;
        self.notice.clear();
        self.asked = None;
        TournamentsAction::Send(ClientMessage::UnwatchTournament { tournament_id })
    }

    /// Draws the list or the tournament open.
    pub fn draw(&self, frame: &mut Frame<'_>) {
        let area = frame.area();
        let text = self.theme.text();
        let quiet = Style::default().fg(color(text.quiet));
        let [title, body, notice, hints] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let width = usize::from(area.width);
        frame.render_widget(Paragraph::new(shorten(&self.title, width)), title);
        frame.render_widget(
            Paragraph::new(shorten(&self.notice, width))
                .style(Style::default().fg(color(text.warning))),
            notice,
        );
        let (keys, all) = match &self.open {
            None => {
                self.draw_list(frame, body);
                (LIST_KEYS.to_vec(), LIST_KEYS)
            }
            Some(open) => {
                self.draw_open(frame, body, open);
                let keys = open
                    .view
                    .as_ref()
                    .map(|v| applicable(v, &self.me))
                    .unwrap_or_else(|| vec![("Esc", "tournaments-key-list")]);
                (keys, TOURNAMENT_KEYS)
            }
        };
        let hint: Vec<String> = keys
            .iter()
            .filter(|(k, _)| *k != "↑/↓")
            .map(|(k, what)| format!("{k} {}", crate::tr::message(what, &[])))
            .collect();
        frame.render_widget(
            Paragraph::new(shorten(&hint.join("  "), width)).style(quiet),
            hints,
        );
        if let Some(form) = &self.form {
            form.draw(frame, area, self.theme);
        }
        if let Some((question, _)) = self.open.as_ref().and_then(|o| o.question.as_ref()) {
            draw_question(frame, area, question.as_str(), self.theme);
        }
        if self.help {
            draw_help(frame, area, &screen_help(all));
        }
    }

    fn draw_list(&self, frame: &mut Frame<'_>, area: Rect) {
        let inner = usize::from(area.width.saturating_sub(4));
        let header_style = Style::default()
            .fg(color(self.theme.text().label))
            .add_modifier(Modifier::UNDERLINED);
        let (count, lines) = match &self.list {
            None => (0, vec![t!("tournaments-reading")]),
            Some(list) => (list.len(), render::list_rows(list, inner)),
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .title(t!("tournaments-list-title", count = count));
        let has_rows = count > 0;
        let mut items: Vec<ListItem<'_>> = Vec::new();
        let mut lines = lines.into_iter();
        let header = has_rows.then(|| lines.next()).flatten();
        items.extend(lines.map(|l| ListItem::new(Line::raw(l))));
        let inner_area = block.inner(area);
        frame.render_widget(block, area);
        let [head, rows] =
            Layout::vertical([Constraint::Length(u16::from(has_rows)), Constraint::Min(0)])
                .areas(inner_area);
        if let Some(header) = header {
            frame.render_widget(
                Paragraph::new(format!("  {header}")).style(header_style),
                head,
            );
        }
        let list = List::new(items)
            .highlight_symbol("> ")
            .highlight_style(Style::default().add_modifier(Modifier::REVERSED));
        let mut state = ListState::default().with_selected(has_rows.then_some(self.selected));
        frame.render_stateful_widget(list, rows, &mut state);
    }

    fn draw_open(&self, frame: &mut Frame<'_>, area: Rect, open: &Open) {
        let Some(view) = &open.view else {
            frame.render_widget(
                Paragraph::new(t!("tournaments-reading-one"))
                    .block(Block::default().borders(Borders::ALL)),
                area,
            );
            return;
        };
        let width = usize::from(area.width);
        let inner = width.saturating_sub(2);
        let heading = render::heading_lines(&view.summary, width);
        let (box_title, table) = if open.crosstable {
            let lines = render::crosstable_lines(view, inner).unwrap_or_default();
            (
                t!("tournaments-box-crosstable"),
                lines.into_iter().skip(1).collect(),
            )
        } else if view.summary.status == TournamentStatus::Registering || view.standings.is_empty()
        {
            let lines = render::entrant_lines(view, inner);
            (
                t!("tournaments-box-entrants"),
                lines.into_iter().skip(1).collect(),
            )
        } else {
            let lines = render::standings_lines(view, inner);
            (
                t!("tournaments-box-standings"),
                lines.into_iter().skip(1).collect::<Vec<_>>(),
            )
        };
        let round = render::current_round(view);
        let round_rows = round.map_or(1, |r| r.games.len() + usize::from(r.bye.is_some()));
        // The pairings get what they need (at least 3 rows, at most half);
        // the table the rest.
        let body_rows = area.height.saturating_sub(2);
        let round_height = (round_rows as u16 + 2).clamp(3, (body_rows / 2).max(3));
        let [head, top, bottom] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(3),
            Constraint::Length(round_height),
        ])
        .areas(area);
        frame.render_widget(
            Paragraph::new(heading.into_iter().map(Line::raw).collect::<Vec<_>>()),
            head,
        );
        let label = Style::default()
            .fg(color(self.theme.text().label))
            .add_modifier(Modifier::UNDERLINED);
        let mut table_lines: Vec<Line<'_>> = Vec::new();
        let mut table = table.into_iter();
        if box_title != t!("tournaments-box-entrants") {
            if let Some(header) = table.next() {
                table_lines.push(Line::styled(header, label));
            }
        }
        table_lines.extend(table.map(Line::raw));
        frame.render_widget(
            Paragraph::new(table_lines)
                .block(Block::default().borders(Borders::ALL).title(box_title)),
            top,
        );
        let title = round.map_or(t!("tournaments-box-pairings"), |r| {
            t!("tournaments-box-round", number = r.number)
        });
        let block = Block::default().borders(Borders::ALL).title(title);
        match round {
            None => frame.render_widget(
                Paragraph::new(t!("tournaments-not-started")).block(block),
                bottom,
            ),
            Some(round) => {
                let items: Vec<ListItem<'_>> = render::pairing_rows(round, inner.saturating_sub(2))
                    .into_iter()
                    .map(ListItem::new)
                    .collect();
                let list = List::new(items)
                    .block(block)
                    .highlight_symbol("> ")
                    .highlight_style(Style::default().add_modifier(Modifier::REVERSED));
                let selected = (!round.games.is_empty()).then_some(open.selected);
                let mut state = ListState::default().with_selected(selected);
                frame.render_stateful_widget(list, bottom, &mut state);
            }
        }
    }
}

/// The keys that do something now, for whoever we are: Enter when a game
/// can be watched, join while registering and not entered, withdraw while
/// entered, the organiser's start, pause or resume and end as the status
/// allows, the crosstable when the server sent one (a round robin's).
fn applicable(view: &TournamentView, me: &str) -> Vec<(&'static str, &'static str)> {
    let status = view.summary.status;
    let entered = view.entrants.iter().any(|e| e.name == me && !e.withdrawn);
    let organiser = view.summary.organiser == me;
    let has_crosstable = !view.crosstable.is_empty();
    let mut keys = Vec::new();
    let watchable =
        render::current_round(view).is_some_and(|r| r.games.iter().any(|g| g.match_id.is_some()));
    if watchable {
        keys.push(("Enter", "lobby-key-watch"));
    }
    match status {
        TournamentStatus::Registering if !entered => keys.push(("j", "tournaments-key-join")),
        TournamentStatus::Registering | TournamentStatus::Running if entered => {
            keys.push(("w", "tournaments-key-withdraw"));
        }
        _ => {}
    }
    if organiser {
        match status {
            TournamentStatus::Registering => keys.push(("s", "tournaments-key-start")),
            TournamentStatus::Running if view.summary.paused => {
                keys.push(("p", "tournaments-key-resume"))
            }
            TournamentStatus::Running => keys.push(("p", "tournaments-key-pause")),
            TournamentStatus::Finished => {}
        }
        if status != TournamentStatus::Finished {
            keys.push(("e", "tournaments-key-end"));
        }
    }
    if has_crosstable && status != TournamentStatus::Registering {
        keys.push(("x", "tournaments-key-crosstable"));
    }
    keys.extend([
        ("Esc", "tournaments-key-list"),
        ("?", "lobby-key-help"),
        ("q", "lobby-key-quit"),
    ]);
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::tournament::render::tests::{ID, double_round_robin};
    use crate::tui::snapshot::{assert_snapshot, render, shows_whole};
    use amazons_protocol::tournament::Format;
    use crossterm::event::KeyEvent;

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn text(t: &Tournaments) -> String {
        render(80, 24, |frame| t.draw(frame))
    }

    fn listed() -> Tournaments {
        let mut t = Tournaments {
            title: "amazons — ws://127.0.0.1:7878/ws as teacher   [connected as teacher]".into(),
            ..Tournaments::default()
        };
        t.apply(&amazons_protocol::testing::welcome("teacher"));
        let mut swiss = double_round_robin().summary;
        swiss.id = "1c2d3e4f-1a4e-4f5b-8c7d-9e0f1a2b3c4d".parse().unwrap();
        swiss.title = "Club night".into();
        swiss.format = amazons_protocol::tournament::Format::Swiss { rounds: 5 };
        swiss.status = TournamentStatus::Registering;
        swiss.round = 0;
        swiss.rounds_planned = 5;
        t.apply(&ServerMessage::TournamentList {
            tournaments: vec![double_round_robin().summary, swiss],
        });
        t
    }

    #[test]
    fn the_list_fits_80x24_and_enter_watches_the_tournament() {
        let mut t = listed();
        let screen = text(&t);
        assert!(screen.contains("tournaments (2)"), "{screen}");
        assert!(screen.contains("> 0b3f6d2c  Friday bots"), "{screen}");
        assert!(shows_whole(
            &screen,
            "Enter open  n new  Esc lobby  ? help  q quit"
        ));
        assert_snapshot("tournaments_list", &screen);
        assert_eq!(t.tick(Instant::now()), Some(ClientMessage::ListTournaments));
        assert_eq!(t.tick(Instant::now()), None, "not again at once");
        assert_eq!(
            t.handle(&key(KeyCode::Enter)),
            TournamentsAction::Send(ClientMessage::WatchTournament {
                tournament_id: ID.parse().unwrap()
            })
        );
        assert!(text(&t).contains(&t!("tournaments-reading-one")));
        assert_eq!(t.tick(Instant::now() + LIST_EVERY), None, "not while open");
        assert_eq!(
            t.handle(&key(KeyCode::Esc)),
            TournamentsAction::Send(ClientMessage::UnwatchTournament {
                tournament_id: ID.parse().unwrap()
            })
        );
        assert_eq!(t.handle(&key(KeyCode::Esc)), TournamentsAction::Lobby);
    }

    #[test]
    fn n_creates_a_tournament_from_a_form_and_opens_it() {
        let mut t = listed();
        t.handle(&key(KeyCode::Char('n')));
        for c in "Friday".chars() {
            t.handle(&key(KeyCode::Char(c)));
        }
        t.handle(&key(KeyCode::Down));
        t.handle(&key(KeyCode::Right));
        t.handle(&key(KeyCode::Right));
        t.handle(&key(KeyCode::Down));
        t.handle(&key(KeyCode::Left));
        t.handle(&key(KeyCode::Down));
        for _ in 0..3 {
            t.handle(&key(KeyCode::Backspace));
        }
        t.handle(&key(KeyCode::Char('x')));
        t.handle(&key(KeyCode::Down));
        t.handle(&key(KeyCode::Char(' ')));
        assert_eq!(t.handle(&key(KeyCode::Enter)), TournamentsAction::None);
        let screen = text(&t);
        assert!(screen.contains("is not a time control"), "{screen}");
        assert!(screen.contains("> rated:  ‹ yes ›"), "{screen}");
        assert!(screen.contains("rounds: 4"), "{screen}");
        assert!(
            shows_whole(&screen, &t!("tournaments-form-keys")),
            "{screen}"
        );
        assert_snapshot("tournament_new", &screen);
        t.handle(&key(KeyCode::Up));
        t.handle(&key(KeyCode::Backspace));
        for c in "1+1".chars() {
            t.handle(&key(KeyCode::Char(c)));
        }
        assert_eq!(
            t.handle(&key(KeyCode::Enter)),
            TournamentsAction::Send(ClientMessage::CreateTournament {
                title: Some("Friday".into()),
                format: Format::Swiss { rounds: 4 },
                time_control: amazons_core::TimeControl::Fischer {
                    initial_ms: 60_000,
                    increment_ms: 1_000
                },
                rated: true,
                entry_list: None,
                computers: Vec::new(),
            })
        );
        t.apply(&ServerMessage::TournamentCreated {
            tournament_id: ID.parse().unwrap(),
        });
        assert_eq!(t.open_id(), Some(ID.parse().unwrap()));
        t.apply(&ServerMessage::TournamentUpdated {
            tournament: double_round_robin(),
        });
        assert!(text(&t).contains("standings"));
    }

    #[test]
    fn in_chinese_the_list_a_running_round_robin_its_crosstable_and_the_form_fit_80x24() {
        use crate::tr::{Lang, with_lang};
        use unicode_width::UnicodeWidthStr;
        with_lang(Lang::ZhCn, || {
            let mut t = listed();
            t.title = "亚马逊棋 — ws://127.0.0.1:7878/ws，用户名 teacher   [已连接]".into();
            let screen = text(&t);
            assert!(screen.lines().all(|l| l.width() <= 80), "{screen}");
            for line in [
                "比赛（2）",
                "编号      名称        赛制            时限  状态        人数",
                "> 0b3f6d2c  Friday bots  双循环赛",
                "瑞士制 5 轮",
                "进行中 4/6",
                "报名中",
                "Enter 打开  n 新建  Esc 大厅  ? 帮助  q 退出",
            ] {
                assert!(shows_whole(&screen, line), "{line:?} is cut:\n{screen}");
            }
            assert_snapshot("zh_tournaments_list", &screen);

            t.handle(&key(KeyCode::Enter));
            t.apply(&ServerMessage::TournamentUpdated {
                tournament: double_round_robin(),
            });
            let screen = text(&t);
            assert!(screen.lines().all(|l| l.width() <= 80), "{screen}");
            for line in render::standings_lines(&double_round_robin(), 78)
                .iter()
                .skip(1)
            {
                assert!(shows_whole(&screen, line), "{line:?} is cut:\n{screen}");
            }
            for line in [
                "Friday bots — 双循环赛，1+1，积分",
                "进行中 · 第 4 轮，共 6 轮 · 组织者 teacher · 3 名参赛者",
                "名次",
                "第 4 轮",
                "> 1  bob  ann  对局中",
                "cy-the-very-long-named-bot  轮空",
                "Enter 观战  p 暂停  e 结束  x 交叉表  Esc 列表  ? 帮助  q 退出",
            ] {
                assert!(shows_whole(&screen, line), "{line:?} is cut:\n{screen}");
            }
            assert_snapshot("zh_tournament_running", &screen);

            t.handle(&key(KeyCode::Char('x')));
            let screen = text(&t);
            assert!(screen.lines().all(|l| l.width() <= 80), "{screen}");
            for line in render::crosstable_lines(&double_round_robin(), 78)
                .unwrap()
                .iter()
                .skip(1)
            {
                assert!(shows_whole(&screen, line), "{line:?} is cut:\n{screen}");
            }
            assert!(screen.contains("交叉表"), "{screen}");
            assert_snapshot("zh_tournament_crosstable", &screen);

            t.handle(&key(KeyCode::Esc));
            t.handle(&key(KeyCode::Char('n')));
            t.handle(&key(KeyCode::Down));
            t.handle(&key(KeyCode::Right));
            t.handle(&key(KeyCode::Right));
            t.handle(&key(KeyCode::Down));
            let screen = text(&t);
            assert!(screen.lines().all(|l| l.width() <= 80), "{screen}");
            for line in [
                "新建比赛",
                "名称：（按赛制命名）",
                "赛制：瑞士制",
                "> 轮数： ‹ 5 ›",
                "时限：5+3",
                "积分：否",
                "↑/↓ 选项  ←/→ 更改  Enter 创建  Esc 取消",
            ] {
                let flat: String = screen.split_whitespace().collect();
                let want: String = line.split_whitespace().collect();
                assert!(flat.contains(&want), "{line:?} is not shown:\n{screen}");
            }
            assert_snapshot("zh_tournament_new", &screen);
        });
    }

    fn opened() -> Tournaments {
        let mut t = listed();
        t.handle(&key(KeyCode::Enter));
        t.apply(&ServerMessage::TournamentUpdated {
            tournament: double_round_robin(),
        });
        t
    }

    #[test]
    fn a_running_round_robin_shows_standings_pairings_and_the_organisers_keys() {
        let mut t = opened();
        let screen = text(&t);
        for line in render::standings_lines(&double_round_robin(), 78)
            .iter()
            .skip(1)
        {
            assert!(shows_whole(&screen, line), "{line:?} is cut:\n{screen}");
        }
        assert!(screen.contains("round 4"), "{screen}");
        assert!(screen.contains("> 1  bob  ann  playing"), "{screen}");
        assert!(
            shows_whole(
                &screen,
                "Enter watch  p pause  e end  x crosstable  Esc list  ? help  q quit"
            ),
            "{screen}"
        );
        assert_snapshot("tournament_running", &screen);
        assert_eq!(
            t.handle(&key(KeyCode::Enter)),
            TournamentsAction::Spectate("6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60".parse().unwrap())
        );
        assert_eq!(
            t.handle(&key(KeyCode::Char('p'))),
            TournamentsAction::Send(ClientMessage::PauseTournament {
                tournament_id: ID.parse().unwrap()
            })
        );
        assert_eq!(t.handle(&key(KeyCode::Char('s'))), TournamentsAction::None);
        // End asks first.
        assert_eq!(t.handle(&key(KeyCode::Char('e'))), TournamentsAction::None);
        assert!(shows_whole(&text(&t), &t!("tournaments-end-question")));
        assert_eq!(t.handle(&key(KeyCode::Char('n'))), TournamentsAction::None);
        t.handle(&key(KeyCode::Char('e')));
        assert_eq!(
            t.handle(&key(KeyCode::Char('y'))),
            TournamentsAction::Send(ClientMessage::EndTournament {
                tournament_id: ID.parse().unwrap()
            })
        );
        t.handle(&key(KeyCode::Char('x')));
        let screen = text(&t);
        assert!(screen.contains("crosstable"), "{screen}");
        assert!(screen.contains("××  1.  +."), "{screen}");
        assert_snapshot("tournament_crosstable", &screen);
        t.handle(&key(KeyCode::Char('?')));
        let screen = text(&t);
        for line in screen_help(TOURNAMENT_KEYS).lines() {
            assert!(shows_whole(&screen, line), "{line:?} is cut:\n{screen}");
        }
    }

    #[test]
    fn an_entrant_may_join_before_the_start_and_withdraw_after_saying_yes() {
        let mut t = opened();
        t.me = "dan".into();
        let mut registering = double_round_robin();
        registering.summary.status = TournamentStatus::Registering;
        registering.summary.round = 0;
        registering.rounds.clear();
        registering.standings.clear();
        t.apply(&ServerMessage::TournamentUpdated {
            tournament: registering.clone(),
        });
        let screen = text(&t);
        assert!(screen.contains("entrants"), "{screen}");
        assert!(screen.contains("not started yet"), "{screen}");
        assert!(
            shows_whole(&screen, "j join  Esc list  ? help  q quit"),
            "{screen}"
        );
        assert_snapshot("tournament_registering", &screen);
        assert_eq!(
            t.handle(&key(KeyCode::Char('j'))),
            TournamentsAction::Send(ClientMessage::JoinTournament {
                tournament_id: ID.parse().unwrap()
            })
        );
        let mut entered = registering;
        entered
            .entrants
            .push(amazons_protocol::tournament::Entrant {
                name: "dan".into(),
                ..double_round_robin().entrants[1].clone()
            });
        t.apply(&ServerMessage::TournamentUpdated {
            tournament: entered,
        });
        assert_eq!(t.handle(&key(KeyCode::Char('j'))), TournamentsAction::None);
        t.handle(&key(KeyCode::Char('w')));
        assert_eq!(
            t.handle(&key(KeyCode::Char('y'))),
            TournamentsAction::Send(ClientMessage::WithdrawTournament {
                tournament_id: ID.parse().unwrap()
            })
        );
        let refused = ServerMessage::Error {
            code: amazons_protocol::ErrorCode::RegistrationClosed,
            message: "the tournament has started".into(),
            reply_to: Some(amazons_protocol::MessageType::WithdrawTournament),
            match_id: None,
            expected_ply: None,
        };
        t.apply(&refused);
        assert!(text(&t).contains("the tournament has started"));
    }
}
