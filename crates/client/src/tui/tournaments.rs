//! The lobby's tournaments (`t`): the list of the server's tournaments
//! (asked for again every few seconds while shown), and one tournament's
//! screen: its standings (or entrants before the start, or the crosstable
//! of a round robin with `x`), the current round's pairings with a
//! selection (Enter watches the game), joining and withdrawing, and the
//! organiser's start, pause, resume and end. The text of both is
//! [`crate::cmd::tournament::render`]'s, as `tournament show` prints it.
//! Keys turn into [`TournamentsAction`]s; `play` sends them.

use std::time::{Duration, Instant};

use amazons_protocol::tournament::{
    Format, TournamentId, TournamentStatus, TournamentSummary, TournamentView,
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
use crate::tui::popup::{draw_help, draw_question};
use crate::tui::theme::{Theme, color};

/// The words of these screens, in one place.
mod words {
    /// The list's box.
    pub fn list_title(n: usize) -> String {
        format!(" tournaments ({n}) ")
    }
    /// The list before the server answered.
    pub const READING: &str = "asking the server for its tournaments …";
    /// The tournament before its view came.
    pub const WATCHING: &str = "reading the tournament …";
    /// The standings' box.
    pub const STANDINGS: &str = " standings ";
    /// The entrants' box.
    pub const ENTRANTS: &str = " entrants ";
    /// The crosstable's box.
    pub const CROSSTABLE: &str = " crosstable ";
    /// The pairings' box.
    pub fn round(number: u32) -> String {
        format!(" round {number} ")
    }
    /// No round yet.
    pub const NO_ROUND: &str = " pairings ";
    /// Before the first round.
    pub const NOT_STARTED: &str = "not started yet";
    /// A game not created yet, or a bye, cannot be watched.
    pub const NOTHING_TO_WATCH: &str = "this game has no match to watch yet";
    /// Ending asks first.
    pub const END_QUESTION: &str = "End the tournament now? No new round will be paired.";
    /// Withdrawing asks first.
    pub const WITHDRAW_QUESTION: &str =
        "Withdraw from the tournament? Your pending games are forfeited.";
    /// Sent, waiting for the view.
    pub const ASKED: &str = "asked the server …";
    /// The create form's box.
    pub const NEW: &str = " new tournament ";
    /// The form's field names.
    pub const FIELDS: [&str; 5] = ["title", "format", "rounds", "clock", "rated"];
    /// The form's format choices.
    pub const ROUND_ROBIN: &str = "round robin";
    /// A double round robin.
    pub const DOUBLE_ROUND_ROBIN: &str = "double round robin";
    /// A Swiss.
    pub const SWISS: &str = "Swiss";
    /// A round robin's rounds.
    pub const ROUNDS_FOLLOW: &str = "as many as the field needs";
    /// Yes and no.
    pub const YES: &str = "yes";
    /// No.
    pub const NO: &str = "no";
    /// The form's keys.
    pub const FORM_KEYS: &str = "↑/↓ field  ←/→ change  Enter creates  Esc cancels";
    /// An empty title.
    pub const TITLE_FROM_FORMAT: &str = "(from the format)";
    /// Sent, waiting for the id.
    pub const CREATING: &str = "creating the tournament …";
    /// Your game is ready.
    pub fn your_game(round: u32, opponent: &str) -> String {
        format!("round {round}: your game against {opponent} is ready")
    }
}

/// What says a tournament game of ours is ready.
pub fn your_game(round: u32, opponent: &str) -> String {
    words::your_game(round, opponent)
}

/// The list's keys.
const LIST_KEYS: &[(&str, &str)] = &[
    ("↑/↓", "select"),
    ("Enter", "open"),
    ("n", "new"),
    ("Esc", "lobby"),
    ("?", "help"),
    ("q", "quit"),
];

/// Every key of a tournament's screen, for the help (the hints show those
/// that apply now).
const TOURNAMENT_KEYS: &[(&str, &str)] = &[
    ("↑/↓", "select a game"),
    ("Enter", "watch"),
    ("j", "join"),
    ("w", "withdraw"),
    ("s", "start"),
    ("p", "pause/resume"),
    ("e", "end"),
    ("x", "crosstable"),
    ("Esc", "list"),
    ("?", "help"),
    ("q", "quit"),
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
    question: Option<(&'static str, ClientMessage)>,
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

/// The formats the form offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum FormFormat {
    /// Once each.
    #[default]
    RoundRobin,
    /// Twice each.
    DoubleRoundRobin,
    /// A number of rounds.
    Swiss,
}

/// The new-tournament form (`n` in the list).
#[derive(Clone, Debug)]
struct NewForm {
    /// The field with the cursor (index into `words::FIELDS`).
    field: usize,
    /// The title as typed.
    title: String,
    /// The format chosen.
    format: FormFormat,
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
            format: FormFormat::default(),
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
        let fields = words::FIELDS.len();
        let change = |form: &mut NewForm, forward: bool| match form.field {
            1 => {
                let all = [
                    FormFormat::RoundRobin,
                    FormFormat::DoubleRoundRobin,
                    FormFormat::Swiss,
                ];
                let at = all.iter().position(|f| *f == form.format).unwrap_or(0);
                form.format = all[(at + if forward { 1 } else { 2 }) % 3];
            }
            2 if form.format == FormFormat::Swiss => {
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
                    let format = match self.format {
                        FormFormat::RoundRobin => Format::RoundRobin { cycles: 1 },
                        FormFormat::DoubleRoundRobin => Format::RoundRobin { cycles: 2 },
                        FormFormat::Swiss => Format::Swiss {
                            rounds: self.rounds,
                        },
                    };
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
                words::TITLE_FROM_FORMAT.to_string()
            } else {
                self.title.clone()
            },
            match self.format {
                FormFormat::RoundRobin => words::ROUND_ROBIN,
                FormFormat::DoubleRoundRobin => words::DOUBLE_ROUND_ROBIN,
                FormFormat::Swiss => words::SWISS,
            }
            .to_string(),
            match self.format {
                FormFormat::Swiss => self.rounds.to_string(),
                _ => words::ROUNDS_FOLLOW.to_string(),
            },
            self.clock.clone(),
            if self.rated { words::YES } else { words::NO }.to_string(),
        ];
        let label_width = words::FIELDS
            .iter()
            .map(|f| unicode_width::UnicodeWidthStr::width(*f))
            .max()
            .unwrap_or(0);
        let mut lines: Vec<Line<'_>> = words::FIELDS
            .iter()
            .zip(values)
            .enumerate()
            .map(|(i, (name, value))| {
                let pad = " ".repeat(label_width - unicode_width::UnicodeWidthStr::width(*name));
                let marked = match i {
                    _ if i != self.field => format!("  {name}:{pad} {value}"),
                    0 | 3 => format!("> {name}:{pad} {value}▏"),
                    _ => format!("> {name}:{pad} ‹ {value} ›"),
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
            words::FORM_KEYS,
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
            body.block(Block::default().borders(Borders::ALL).title(words::NEW)),
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
                self.notice = message.clone();
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
                    self.notice = words::CREATING.into();
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
                    self.notice = words::ASKED.into();
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
                None => self.notice = words::NOTHING_TO_WATCH.into(),
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
                            words::WITHDRAW_QUESTION,
                            ClientMessage::WithdrawTournament { tournament_id },
                        ));
                        None
                    }
                    'e' => {
                        open.question = Some((
                            words::END_QUESTION,
                            ClientMessage::EndTournament { tournament_id },
                        ));
                        None
                    }
                    _ => None,
                };
                if let Some(message) = message {
                    self.notice = words::ASKED.into();
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
                    .unwrap_or_else(|| vec![("Esc", "list")]);
                (keys, TOURNAMENT_KEYS)
            }
        };
        let hint: Vec<String> = keys
            .iter()
            .filter(|(k, _)| *k != "↑/↓")
            .map(|(k, what)| format!("{k} {what}"))
            .collect();
        frame.render_widget(
            Paragraph::new(shorten(&hint.join("  "), width)).style(quiet),
            hints,
        );
        if let Some(form) = &self.form {
            form.draw(frame, area, self.theme);
        }
        if let Some((question, _)) = self.open.as_ref().and_then(|o| o.question.as_ref()) {
            draw_question(frame, area, question, self.theme);
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
            None => (0, vec![words::READING.to_string()]),
            Some(list) => (list.len(), render::list_rows(list, inner)),
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .title(words::list_title(count));
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
                Paragraph::new(words::WATCHING).block(Block::default().borders(Borders::ALL)),
                area,
            );
            return;
        };
        let width = usize::from(area.width);
        let inner = width.saturating_sub(2);
        let heading = render::heading_lines(&view.summary, width);
        let (box_title, table) = if open.crosstable {
            let lines = render::crosstable_lines(view, inner).unwrap_or_default();
            (words::CROSSTABLE, lines.into_iter().skip(1).collect())
        } else if view.summary.status == TournamentStatus::Registering || view.standings.is_empty()
        {
            let lines = render::entrant_lines(view, inner);
            (words::ENTRANTS, lines.into_iter().skip(1).collect())
        } else {
            let lines = render::standings_lines(view, inner);
            (
                words::STANDINGS,
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
        if box_title != words::ENTRANTS {
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
        let title = round.map_or(words::NO_ROUND.to_string(), |r| words::round(r.number));
        let block = Block::default().borders(Borders::ALL).title(title);
        match round {
            None => frame.render_widget(Paragraph::new(words::NOT_STARTED).block(block), bottom),
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
/// allows, the crosstable of a round robin.
fn applicable(view: &TournamentView, me: &str) -> Vec<(&'static str, &'static str)> {
    let status = view.summary.status;
    let entered = view.entrants.iter().any(|e| e.name == me && !e.withdrawn);
    let organiser = view.summary.organiser == me;
    let round_robin = matches!(
        view.summary.format,
        amazons_protocol::tournament::Format::RoundRobin { .. }
    );
    let mut keys = Vec::new();
    let watchable =
        render::current_round(view).is_some_and(|r| r.games.iter().any(|g| g.match_id.is_some()));
    if watchable {
        keys.push(("Enter", "watch"));
    }
    match status {
        TournamentStatus::Registering if !entered => keys.push(("j", "join")),
        TournamentStatus::Registering | TournamentStatus::Running if entered => {
            keys.push(("w", "withdraw"));
        }
        _ => {}
    }
    if organiser {
        match status {
            TournamentStatus::Registering => keys.push(("s", "start")),
            TournamentStatus::Running if view.summary.paused => keys.push(("p", "resume")),
            TournamentStatus::Running => keys.push(("p", "pause")),
            TournamentStatus::Finished => {}
        }
        if status != TournamentStatus::Finished {
            keys.push(("e", "end"));
        }
    }
    if round_robin && status != TournamentStatus::Registering {
        keys.push(("x", "crosstable"));
    }
    keys.extend([("Esc", "list"), ("?", "help"), ("q", "quit")]);
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::tournament::render::tests::{ID, double_round_robin};
    use crate::tui::snapshot::{assert_snapshot, render, shows_whole};
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
        assert!(text(&t).contains(words::WATCHING));
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
        assert!(shows_whole(&screen, words::FORM_KEYS), "{screen}");
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
        assert!(shows_whole(&text(&t), words::END_QUESTION));
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
