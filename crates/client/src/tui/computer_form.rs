//! "Play the computer": the opponents a server offers (`welcome.computer`),
//! chosen in the full-screen lobby's form or named in plain mode, and turned
//! into a `create_match.computer` request. Each level is shown in the
//! server's words; a level the server does not offer is an error naming the
//! range, never adjusted.

use amazons_engine::player::describe_level;
use unicode_width::UnicodeWidthStr;

use crate::face::columns::pad_to;
use amazons_core::{Level, TimeControl};
use amazons_protocol::{ColorPreference, ComputerOffer, ComputerRequest};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::tui::territory_options::TerritoryOptions;
use crate::tui::theme::{Theme, color};
use crate::tui::wrap::{WRAP, rows};

/// One opponent on offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// `level 4` or the engine's name.
    pub label: String,
    /// What it is, in the server's words.
    pub description: String,
    /// What to ask for (without a think time).
    pub request: ComputerRequest,
}

/// The opponents of an offer: the levels, then the engines.
pub fn opponents(offer: &ComputerOffer) -> Vec<Opponent> {
    let levels = offer.levels.iter().map(|level| Opponent {
        label: t!("computer-level", level = level.level.get()),
        description: level_description(level.level, &level.description),
        request: ComputerRequest::level(level.level),
    });
    let engines = offer.engines.iter().map(|engine| Opponent {
        label: engine.name.clone(),
        description: t!("computer-engine", description = engine.description.as_str()),
        request: ComputerRequest::engine(engine.name.clone()),
    });
    levels.chain(engines).collect()
}

/// A level's words: the server's, or in the client's language when they
/// are the engine's own words for that level (a server that describes its
/// levels otherwise is shown as it says).
fn level_description(level: Level, server_says: &str) -> String {
    if server_says != describe_level(level) {
        return server_says.to_string();
    }
    match level.get() {
        1 => t!("level-description-1"),
        2 => t!("level-description-2"),
        3 => t!("level-description-3"),
        4 => t!("level-description-4"),
        5 => t!("level-description-5"),
        6 => t!("level-description-6"),
        7 => t!("level-description-7"),
        _ => server_says.to_string(),
    }
}

/// The levels offered as `1 to 7` (or `none`).
pub fn level_range(offer: &ComputerOffer) -> String {
    let levels: Vec<Level> = offer.levels.iter().map(|l| l.level).collect();
    match (levels.iter().min(), levels.iter().max()) {
        (Some(low), Some(high)) if low == high => t!("levels-only", level = low.get()),
        (Some(low), Some(high)) => t!("levels-range", low = low.get(), high = high.get()),
        _ => t!("levels-none"),
    }
}

/// The opponent named `word` in plain mode: a level number or an engine's
/// name; an error that names what is offered otherwise.
pub fn named(offer: &ComputerOffer, word: &str) -> Result<ComputerRequest, String> {
    if let Ok(number) = word.parse::<u32>() {
        let offered = offer
            .levels
            .iter()
            .find(|l| u32::from(l.level.get()) == number);
        return match offered {
            Some(offered) => Ok(ComputerRequest::level(offered.level)),
            None => Err(t!(
                "level-not-offered",
                level = number,
                offered = level_range(offer)
            )),
        };
    }
    if offer.engines.iter().any(|e| e.name == word) {
        return Ok(ComputerRequest::engine(word));
    }
    let engines: Vec<&str> = offer.engines.iter().map(|e| e.name.as_str()).collect();
    Err(if engines.is_empty() {
        t!("give-a-level", word = word, levels = level_range(offer))
    } else {
        t!(
            "give-a-level-or-engine",
            word = word,
            levels = level_range(offer),
            engines = engines.join(", ")
        )
    })
}

/// A think time in seconds as the person sees it: `1`, `2.5`.
fn seconds(ms: u64) -> String {
    let text = format!("{:.1}", ms as f64 / 1000.0);
    text.trim_end_matches(".0").to_string()
}

/// The form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerForm {
    /// What the server offers.
    offer: ComputerOffer,
    /// The opponents, levels first.
    choices: Vec<Opponent>,
    /// The one picked.
    selected: usize,
    /// Think time per move, in milliseconds.
    think_ms: u64,
    /// The colour wanted.
    color: ColorPreference,
    /// The time control as typed.
    time_control: String,
    /// End when decided, allow the territory view (Ctrl+E, Ctrl+T).
    territory: TerritoryOptions,
    /// Why Enter did nothing.
    error: Option<String>,
}

/// What a key did to the form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormResult {
    /// Still open.
    Open,
    /// Closed without asking.
    Cancelled,
    /// Create this match.
    Create {
        /// The clock.
        time_control: TimeControl,
        /// The colour wanted.
        color: ColorPreference,
        /// The opponent.
        computer: ComputerRequest,
        /// End once the territory decides, when chosen (`None`: the
        /// server's default, yes unless rated).
        end_when_decided: Option<bool>,
        /// Whether the player may show the territory view (never in a
        /// rated game).
        assistance: bool,
    },
}

/// The think-time step of ←/→, in milliseconds.
const THINK_STEP_MS: u64 = 500;

impl ComputerForm {
    /// A form for `offer`, the middle level picked.
    pub fn new(offer: ComputerOffer) -> ComputerForm {
        let choices = opponents(&offer);
        let selected = offer.levels.len().saturating_sub(1) / 2;
        ComputerForm {
            think_ms: offer.think_ms.default,
            offer,
            choices,
            selected,
            color: ColorPreference::Random,
            time_control: "untimed".into(),
            territory: TerritoryOptions::default(),
            error: None,
        }
    }

    /// Whether the game will be rated, by the server's rule for a game
    /// against its computer (rated when timed; `None` while the clock typed
    /// is no time control).
    fn rated_now(&self) -> Option<bool> {
        self.time_control
            .parse::<TimeControl>()
            .ok()
            .map(|t| t.is_timed())
    }

    /// Handles a key.
    pub fn handle(&mut self, key: KeyEvent) -> FormResult {
        let colors = [
            ColorPreference::Random,
            ColorPreference::White,
            ColorPreference::Black,
        ];
        let at = colors.iter().position(|c| *c == self.color).unwrap_or(0);
        let step = THINK_STEP_MS.min(self.offer.think_ms.max.max(1));
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            match key.code {
                KeyCode::Char('e') => self.territory.flip_end_when_decided(self.rated_now()),
                KeyCode::Char('t') => {
                    self.error = self.territory.flip_assistance(self.rated_now()).err();
                }
                _ => {}
            }
            return FormResult::Open;
        }
        match key.code {
            KeyCode::Esc => return FormResult::Cancelled,
            KeyCode::Up => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down => {
                self.selected = (self.selected + 1).min(self.choices.len().saturating_sub(1));
            }
            KeyCode::Left => self.think_ms = self.think_ms.saturating_sub(step).max(step),
            KeyCode::Right => {
                self.think_ms = (self.think_ms + step).min(self.offer.think_ms.max);
            }
            KeyCode::Tab => self.color = colors[(at + 1) % 3],
            KeyCode::BackTab => self.color = colors[(at + 2) % 3],
            KeyCode::Backspace => {
                self.time_control.pop();
            }
            KeyCode::Char(c) => self.time_control.push(c),
            KeyCode::Enter => {
                let Some(opponent) = self.choices.get(self.selected) else {
                    self.error = Some(t!("no-opponent-offered"));
                    return FormResult::Open;
                };
                match self.time_control.parse::<TimeControl>() {
                    Ok(time_control) => {
                        return FormResult::Create {
                            time_control,
                            color: self.color,
                            computer: opponent.request.clone().with_think_ms(self.think_ms),
                            end_when_decided: self.territory.end_when_decided,
                            assistance: self
                                .territory
                                .assistance_now(Some(time_control.is_timed())),
                        };
                    }
                    Err(e) => self.error = Some(crate::face::words::time_control_error(&e)),
                }
            }
            _ => {}
        }
        FormResult::Open
    }

    /// Draws the form in the middle of `area`. Every line but the
    /// opponents' is always whole; when the opponents do not all fit, the
    /// list shows those around the one picked.
    pub fn draw(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let text = theme.text();
        let quiet = Style::default().fg(color(text.quiet));
        let width = area.width.min(90);
        let inner = width.saturating_sub(2);
        let mut footer = vec![
            Line::raw(""),
            Line::raw(t!(
                "computer-form-think",
                seconds = seconds(self.think_ms),
                most = seconds(self.offer.think_ms.max)
            )),
        ];
        let colour = match self.color {
            ColorPreference::Random => t!("colour-random"),
            ColorPreference::White => t!("computer-form-white"),
            ColorPreference::Black => t!("side-word-black"),
        };
        footer.push(Line::raw(t!("computer-form-colour", colour = colour)));
        footer.push(Line::raw(t!(
            "create-form-time-control",
            typed = self.time_control.as_str()
        )));
        footer.push(Line::raw(match self.rated_now() {
            Some(true) => t!("computer-form-rated-yes"),
            Some(false) => t!("computer-form-rated-no"),
            None => t!("computer-form-rated-when-timed"),
        }));
        let (end_words, view_words) = self.territory.value_words(self.rated_now());
        footer.push(Line::raw(t!(
            "computer-form-end-when-decided",
            value = end_words.as_str()
        )));
        footer.push(Line::raw(match &view_words {
            Some(words) => t!("computer-form-assistance", value = words.as_str()),
            None => t!("computer-form-assistance-rated"),
        }));
        if let Some(error) = &self.error {
            footer.push(Line::styled(
                error.clone(),
                Style::default().fg(color(text.warning)),
            ));
        }
        footer.push(Line::styled(t!("computer-form-keys"), quiet));
        let footer = Paragraph::new(footer).wrap(WRAP);
        let footer_rows = rows(&footer, inner);
        let room = area.height.saturating_sub(footer_rows + 3) as usize;
        let choices: Vec<Vec<Line<'_>>> = self
            .choices
            .iter()
            .enumerate()
            .map(|(index, opponent)| opponent_lines(opponent, index == self.selected, inner))
            .collect();
        let shown = window(&choices, self.selected, room);
        let mut lines = vec![Line::styled(t!("computer-form-opponent"), quiet)];
        lines.extend(choices[shown].iter().flatten().cloned());
        let height = (lines.len() as u16 + footer_rows + 2).min(area.height);
        let popup = Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height - height) / 2,
            width,
            height,
        );
        frame.render_widget(Clear, popup);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(t!("computer-form-title"));
        let body = block.inner(popup);
        frame.render_widget(block, popup);
        let [list, rest] =
            Layout::vertical([Constraint::Length(lines.len() as u16), Constraint::Min(0)])
                .areas(body);
        frame.render_widget(Paragraph::new(lines), list);
        frame.render_widget(footer, rest);
    }
}

/// An opponent's row, its description wrapped under itself (not under the
/// label) to fit `width`; reversed when picked.
fn opponent_lines(opponent: &Opponent, picked: bool, width: u16) -> Vec<Line<'static>> {
    let mark = if picked { ">" } else { " " };
    let label = format!("{mark} {} ", pad_to(&opponent.label, 9));
    let indent = label.width();
    let room = (width as usize).saturating_sub(indent).max(10);
    let style = if picked {
        Style::default().add_modifier(Modifier::REVERSED)
    } else {
        Style::default()
    };
    let mut rows: Vec<String> = Vec::new();
    for word in opponent.description.split_whitespace() {
        match rows.last_mut() {
            Some(row) if row.width() + 1 + word.width() <= room => {
                row.push(' ');
                row.push_str(word);
            }
            _ => rows.push(word.to_string()),
        }
    }
    if rows.is_empty() {
        rows.push(String::new());
    }
    rows.into_iter()
        .enumerate()
        .map(|(index, row)| {
            let lead = if index == 0 {
                label.clone()
            } else {
                " ".repeat(indent)
            };
            Line::styled(format!("{lead}{row}"), style)
        })
        .collect()
}

/// The opponents to show in `room` rows: all when they fit, else as many
/// as fit around the picked one.
fn window(choices: &[Vec<Line<'_>>], picked: usize, room: usize) -> std::ops::Range<usize> {
    let total: usize = choices.iter().map(Vec::len).sum();
    if total <= room || choices.is_empty() {
        return 0..choices.len();
    }
    let picked = picked.min(choices.len() - 1);
    let (mut start, mut end) = (picked, picked + 1);
    let mut used = choices[picked].len();
    loop {
        let below = choices.get(end).map(Vec::len);
        let above = start.checked_sub(1).map(|i| choices[i].len());
        match (below, above) {
            (Some(rows), _) if used + rows <= room => {
                used += rows;
                end += 1;
            }
            (_, Some(rows)) if used + rows <= room => {
                used += rows;
                start -= 1;
            }
            _ => return start..end,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use amazons_protocol::{EngineOffer, LevelOffer, ServerMessage, ThinkTimes};
    use crossterm::event::KeyModifiers;

    /// Levels 1 to 7 as a server might describe them, and one engine.
    pub(crate) fn offer() -> ComputerOffer {
        let words = [
            "random mover",
            "greedy: the best move by a quick look",
            "shallow search",
            "alpha-beta, short",
            "alpha-beta, longer",
            "alpha-beta, full",
            "full strength, Monte-Carlo tree search",
        ];
        ComputerOffer {
            levels: words
                .iter()
                .enumerate()
                .map(|(i, d)| LevelOffer {
                    level: Level::new(i as u8 + 1).unwrap(),
                    description: (*d).into(),
                })
                .collect(),
            engines: vec![EngineOffer {
                name: "fairy".into(),
                description: "Fairy-Stockfish".into(),
            }],
            think_ms: ThinkTimes {
                default: 1000,
                max: 10_000,
            },
        }
    }

    /// The `welcome` to ann from a server that makes [`offer`].
    pub(crate) fn welcome_with_offer() -> ServerMessage {
        ServerMessage::Welcome {
            protocol: 1,
            server: "amazons-server".into(),
            name: "ann".into(),
            max_message_bytes: 4096,
            grace_ms: 60_000,
            limits: None,
            computer: Some(offer()),
        }
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn plain_names_a_level_or_an_engine_and_out_of_range_says_the_range() {
        let offer = offer();
        assert_eq!(
            named(&offer, "5"),
            Ok(ComputerRequest::level(Level::new(5).unwrap()))
        );
        assert_eq!(named(&offer, "fairy"), Ok(ComputerRequest::engine("fairy")));
        assert_eq!(
            named(&offer, "9"),
            Err("level 9: this server offers levels 1 to 7".into())
        );
        assert!(named(&offer, "stockfish").unwrap_err().contains("fairy"));
    }

    #[test]
    fn the_form_is_whole_at_80x24_with_long_descriptions_and_many_engines() {
        use crate::tui::snapshot::{render, shows_whole};
        let mut offer = offer();
        offer.levels[5].description =
            "strong: deep selective alpha-beta search with exact endgame counting".into();
        let mut form = ComputerForm::new(offer.clone());
        let screen = render(80, 24, |frame| form.draw(frame, frame.area(), Theme::Dark));
        for line in [
            "level 6   strong: deep selective alpha-beta search with exact endgame counting",
            "think time (←/→): 1 s a move (at most 10 s)",
            "Enter starts the game, Esc cancels",
        ] {
            assert!(shows_whole(&screen, line), "{line:?} is cut:\n{screen}");
        }
        // A bad time control: the error, and still the line of keys.
        form.handle(key(KeyCode::Backspace));
        form.handle(key(KeyCode::Enter));
        let screen = render(80, 24, |frame| form.draw(frame, frame.area(), Theme::Dark));
        let error = "untime".parse::<TimeControl>().unwrap_err().to_string();
        assert!(shows_whole(&screen, &error), "{screen}");
        assert!(
            shows_whole(&screen, "Enter starts the game, Esc cancels"),
            "{screen}"
        );
        // More opponents than rows: the list scrolls with the pick.
        offer.engines = (1..=8)
            .map(|n| EngineOffer {
                name: format!("engine{n}"),
                description: format!("external engine number {n}"),
            })
            .collect();
        let mut form = ComputerForm::new(offer);
        for _ in 0..14 {
            form.handle(key(KeyCode::Down));
        }
        let screen = render(80, 24, |frame| form.draw(frame, frame.area(), Theme::Dark));
        assert!(screen.contains("> engine8"), "the pick is shown:\n{screen}");
        assert!(
            shows_whole(&screen, "Enter starts the game, Esc cancels"),
            "{screen}"
        );
        assert!(
            shows_whole(&screen, "your colour (Tab): ‹ random ›"),
            "{screen}"
        );
    }

    #[test]
    fn the_form_picks_an_opponent_a_think_time_and_a_colour() {
        let mut form = ComputerForm::new(offer());
        assert_eq!(form.choices.len(), 8);
        assert_eq!(form.choices[7].label, "fairy");
        form.handle(key(KeyCode::Down));
        form.handle(key(KeyCode::Right));
        for _ in 0..40 {
            form.handle(key(KeyCode::Right));
        }
        form.handle(key(KeyCode::Tab));
        let created = form.handle(key(KeyCode::Enter));
        assert_eq!(
            created,
            FormResult::Create {
                time_control: TimeControl::Untimed,
                color: ColorPreference::White,
                computer: ComputerRequest::level(Level::new(5).unwrap()).with_think_ms(10_000),
                end_when_decided: None,
                assistance: false,
            },
            "think time capped at the server's maximum"
        );
        assert_eq!(form.handle(key(KeyCode::Esc)), FormResult::Cancelled);
    }

    /// `c` with Ctrl held.
    fn ctrl(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    #[test]
    fn ctrl_e_and_ctrl_t_set_the_territory_options_the_view_only_in_a_casual_game() {
        use crate::tui::snapshot::{render, shows_whole};
        let mut form = ComputerForm::new(offer());
        let screen = render(80, 24, |frame| form.draw(frame, frame.area(), Theme::Dark));
        for line in [
            "end when territory decides (Ctrl+E): ‹ yes ›",
            "allow the territory view (Ctrl+T): ‹ no ›",
        ] {
            assert!(shows_whole(&screen, line), "{line:?}:\n{screen}");
        }
        form.handle(ctrl('e'));
        form.handle(ctrl('t'));
        assert_eq!(form.time_control, "untimed", "not typed into the clock");
        let screen = render(80, 24, |frame| form.draw(frame, frame.area(), Theme::Dark));
        for line in [
            "end when territory decides (Ctrl+E): ‹ no ›",
            "allow the territory view (Ctrl+T): ‹ yes ›",
        ] {
            assert!(shows_whole(&screen, line), "{line:?}:\n{screen}");
        }
        let FormResult::Create {
            end_when_decided,
            assistance,
            ..
        } = form.handle(key(KeyCode::Enter))
        else {
            panic!("created");
        };
        assert_eq!((end_when_decided, assistance), (Some(false), true));
        // Timed, so rated: no view, and Ctrl+T says why.
        let mut form = ComputerForm::new(offer());
        form.time_control = "5+3".into();
        form.handle(ctrl('t'));
        let screen = render(80, 24, |frame| form.draw(frame, frame.area(), Theme::Dark));
        assert!(
            shows_whole(
                &screen,
                "a rated game allows no assistance: make it casual first"
            ),
            "{screen}"
        );
        assert!(
            shows_whole(
                &screen,
                "allow the territory view (Ctrl+T): ‹ no › (not in rated games)"
            ),
            "{screen}"
        );
        assert!(
            shows_whole(&screen, "end when territory decides (Ctrl+E): ‹ no ›"),
            "rated: not unless asked\n{screen}"
        );
        let FormResult::Create { assistance, .. } = form.handle(key(KeyCode::Enter)) else {
            panic!("created");
        };
        assert!(!assistance);
    }
}
