//! The game screen every mode shares: the board with both players' names and
//! clocks beside it, the move list, the status, the line where moves are
//! typed (only where the person may move), a line of key hints, the help
//! overlay (the rules and this screen's keys) and the `y/n` question. It
//! turns keys and clicks into [`ScreenAction`]s; the mode driving it (local,
//! network, replay) decides what they mean.
//!
//! - this module: what the screen shows ([`GameScreen`]'s fields, set by the
//!   mode) and what follows from it (who may move or premove, against which
//!   position).
//! - `input`: keys and clicks to [`ScreenAction`]s, and the keys that work
//!   now.
//! - `draw`: the layout and the drawing.

mod draw;
mod input;
#[cfg(test)]
mod tests;

use amazons_core::{BySide, Clock, Move, Outcome, Position, Side, TimeControl};
use amazons_engine::territory::{Solved, Territory};

use crate::face::territory::territory_of;
use crate::net::session::position_for;
use crate::tui::board::BoardGeometry;
use crate::tui::move_input::MoveInput;
use crate::tui::theme::Theme;

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
    /// Go to this move (a replay): the typed text, a move number such as
    /// `2` or `2b`, for the mode to read.
    Jump(String),
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
    /// Lines the mode adds under the status (a replay's analysis).
    pub notes: Vec<String>,
    /// Lines about players who are away: how long each has left to come
    /// back (the mode sets them every frame, so they count down).
    pub away: Vec<String>,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
    /// By how many moves, when the territory decided it.
    pub margin: Option<u32>,
    /// Lines under the outcome once the game has ended: what a rated game
    /// did to each side's rating.
    pub results: Vec<String>,
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
    /// Whether `m` may show the territory here: the mode decides (always
    /// in replays, local games and for spectators; for a player in a live
    /// game only when the match allows assistance).
    pub territory_allowed: bool,
    /// The territory view of the position on the board while it is shown,
    /// and the exact count when the board is separated and counted.
    territory: Option<(Territory, Option<Solved>)>,
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
            notes: Vec::new(),
            away: Vec::new(),
            outcome: None,
            margin: None,
            results: Vec::new(),
            waiting: false,
            notice: None,
            keys: Vec::new(),
            typing: Typing::Moves,
            flipped: false,
            theme: Theme::default(),
            territory_allowed: false,
            territory: None,
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
        if self.territory.is_some() {
            self.territory = Some(territory_of(&self.position));
        }
    }

    /// Shows or hides the territory view (`m`).
    fn toggle_territory(&mut self) {
        self.territory = match self.territory {
            Some(_) => None,
            None => Some(territory_of(&self.position)),
        };
    }

    /// Stops showing the territory and takes the key away (a live game
    /// whose match allows no assistance).
    pub fn forbid_territory(&mut self) {
        self.territory_allowed = false;
        self.territory = None;
    }

    #[cfg(test)]
    /// Whether the territory view is on the board.
    pub fn showing_territory(&self) -> bool {
        self.territory.is_some()
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
    fn typing_line(&self) -> Option<String> {
        match self.typing {
            Typing::MoveNumber => Some(t!("prompt-go-to-move")),
            Typing::Moves if self.can_move_now() => Some(t!("prompt-move")),
            Typing::Moves if self.premoving().is_some() => Some(t!("prompt-premove")),
            Typing::Moves => None,
        }
    }
}
