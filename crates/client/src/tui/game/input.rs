//! Keys and clicks on the game screen, turned into [`ScreenAction`]s: a
//! move is built by pointing (`MoveInput`) or typed, against the position
//! [`GameScreen`] says moves are built on; the keys the screen lists are
//! the mode's commands. One rule for letters where a move can be typed: on
//! an empty move line a listed key acts and anything else starts the line;
//! once the line has text every key types into it (Enter plays it, Esc
//! clears it, Ctrl-C still quits).

use amazons_core::{Move, MoveParseError, Position};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

use super::{GameScreen, ScreenAction, Tone, Typing};
use crate::face::help::POINTING;
use crate::tui::move_input::{MoveInput, Pick};

impl GameScreen {
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
                t!("game-is-over")
            } else if self.movable.iter().any(|m| *m) || self.premove_for.is_some() {
                t!("not-your-turn")
            } else {
                t!("cannot-move-on-this-board")
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
            self.notify(t!("premove-kept", premove = m.to_string()), Tone::Info);
            ScreenAction::Premove(m)
        }
    }

    fn handle_key(&mut self, key: KeyEvent) -> ScreenAction {
        let ctrl_c =
            key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
        if let Some(question) = self.question.take() {
            return match key.code {
                _ if ctrl_c => ScreenAction::QuitNow,
                KeyCode::Char('y' | 'Y' | '是') => ScreenAction::Confirmed(question.tag),
                KeyCode::Char('n' | 'N' | '否') | KeyCode::Esc => ScreenAction::None,
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
            KeyCode::Char(c) if pointing && self.typing == Typing::Moves && self.types(c) => {
                self.typed.push(c);
            }
            KeyCode::Char('?') => self.help = true,
            KeyCode::Char(c)
                if self.typing == Typing::MoveNumber && is_move_number_text(c, &self.typed) =>
            {
                self.typed.push(c);
            }
            KeyCode::Char('q') => return ScreenAction::Quit,
            KeyCode::Char('v') => self.flipped = !self.flipped,
            KeyCode::Char('m') if self.territory_allowed => self.toggle_territory(),
            KeyCode::Char(' ') => {
                return self.pick(|input, position| input.pick_cursor(position));
            }
            KeyCode::Char(c) => return ScreenAction::Command(c),
            KeyCode::Backspace => {
                self.typed.pop();
            }
            // The line and what was said about it go together.
            KeyCode::Esc if !self.typed.is_empty() => {
                self.typed.clear();
                self.notice = None;
            }
            KeyCode::Esc if self.premove.is_some() && self.input.moving().is_none() => {
                self.premove = None;
                self.notify(t!("premove-cancelled"), Tone::Info);
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

    /// Whether `c` goes to the move line rather than to a key: always
    /// once the line has text; on an empty line, unless it is one of this
    /// screen's keys (a space picks the square under the cursor). So a
    /// word typed on the line keeps all its letters.
    fn types(&self, c: char) -> bool {
        if !self.typed.is_empty() {
            return true;
        }
        c != ' ' && (is_move_text(c) || !self.is_key(c))
    }

    /// Whether `c` is one of the keys this screen lists.
    fn is_key(&self, c: char) -> bool {
        let mut own = ['?', 'q', 'v'].into_iter();
        own.any(|key| key == c)
            || (c == 'm' && self.territory_allowed)
            || self.keys.iter().any(|(key, _)| {
                let mut chars = key.chars();
                chars.next() == Some(c) && chars.next().is_none()
            })
    }

    fn submit_typed(&mut self) -> ScreenAction {
        let text = std::mem::take(&mut self.typed);
        if self.typing == Typing::MoveNumber {
            return if text.is_empty() {
                ScreenAction::None
            } else {
                ScreenAction::Jump(text)
            };
        }
        let Some(position) = self.building_position() else {
            self.typed = text;
            self.notify(t!("not-your-turn"), Tone::Warning);
            return ScreenAction::None;
        };
        match text.parse::<Move>() {
            Ok(m) => match position.is_legal(m) {
                Ok(()) => self.built(m),
                Err(reason) => {
                    self.typed = text;
                    let reason = crate::face::words::illegal_move(reason);
                    self.notify(format!("{m}: {reason}"), Tone::Warning);
                    ScreenAction::None
                }
            },
            Err(error) => {
                let counted = matches!(error, MoveParseError::WrongSquareCount { .. });
                let why = if counted && names_no_square(&text) {
                    t!("move-text-not-a-move", typed = text.clone())
                } else {
                    crate::face::words::move_parse_error(&error)
                };
                self.typed = text;
                self.notify(why, Tone::Warning);
                ScreenAction::None
            }
        }
    }

    /// The keys that work on this screen now: the board's (when the person
    /// may move), the mode's, and the screen's own.
    pub(super) fn current_keys(&self) -> Vec<(&'static str, &'static str)> {
        let mut keys = Vec::new();
        if self.building_position().is_some() {
            keys.extend_from_slice(POINTING);
        }
        if self.typing == Typing::MoveNumber {
            keys.push(("2, Enter", "keys-go-to-white-move"));
            keys.push(("2b, Enter", "keys-go-to-black-move"));
        }
        keys.extend(self.keys.iter().copied());
        if self.territory_allowed {
            keys.push(("m", "keys-territory"));
        }
        keys.push(("v", "keys-flip-board"));
        keys.push(("?", "keys-this-help"));
        keys.push(("q", "keys-quit"));
        keys
    }
}

/// Whether typed text has no digit at all, so names no square (`hello`,
/// whose letters the move grammar counts as five squares): it is no move,
/// rather than a move of the wrong number of squares.
fn names_no_square(text: &str) -> bool {
    !text.chars().any(char::is_numeric)
}

/// Whether a typed character belongs to a move number (`2`, `2b`, `2...`)
/// after `typed`: digits, and a side's mark once a digit is there.
fn is_move_number_text(c: char, typed: &str) -> bool {
    c.is_ascii_digit() || (!typed.is_empty() && matches!(c, '.' | '…' | 'b' | 'B' | 'w' | 'W'))
}

/// Whether a typed character can be part of a move: file letters, digits,
/// separators and any non-ASCII character (full-width forms).
fn is_move_text(c: char) -> bool {
    matches!(c.to_ascii_lowercase(), 'a'..='j' | '0'..='9' | '-' | '/' | ',' | '(' | ')')
        || !c.is_ascii()
}
