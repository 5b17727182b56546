//! The one thing local games and bots need from a program that plays: given
//! the game so far and a thinking budget, choose a move. The built-in engine
//! and external UCI engines both implement [`MoveChooser`].

use std::time::Duration;

use amazons_core::{Move, Position, Side};

/// The game so far, as an engine needs it: UCI engines get the start and the
/// moves, the built-in engine the current position.
#[derive(Clone, Copy, Debug)]
pub struct GameSoFar<'a> {
    /// Where the game started.
    pub start: Position,
    /// The moves played since.
    pub moves: &'a [Move],
    /// The position to choose a move in.
    pub position: Position,
}

/// Both sides' clocks as the chooser should budget them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClockBudget {
    /// Time left, indexed by [`Side::index`] (white first).
    pub remaining: [Duration; 2],
    /// Increment per move, indexed the same way.
    pub increment: [Duration; 2],
}

/// How long the chooser may think.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ThinkBudget {
    /// A fixed time for this move.
    pub movetime: Option<Duration>,
    /// The clocks, when the engine should manage its own time.
    pub clocks: Option<ClockBudget>,
}

impl ThinkBudget {
    /// The longest the side to move can take under this budget, if bounded.
    pub fn limit(&self, side: Side) -> Option<Duration> {
        match (self.movetime, self.clocks) {
            (Some(movetime), _) => Some(movetime),
            (None, Some(clocks)) => Some(clocks.remaining[side.index()]),
            (None, None) => None,
        }
    }
}

/// Why a chooser could not produce a move (the caller resigns).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ChooserFailed(pub String);

/// A program that chooses moves.
pub trait MoveChooser: Send {
    /// A name for the player list and logs.
    fn name(&self) -> String;
    /// Called before each game (clears hash tables, tells UCI engines).
    fn new_game(&mut self) -> Result<(), ChooserFailed>;
    /// Chooses a legal move in `game.position`, which must not be over.
    fn choose(&mut self, game: GameSoFar<'_>, budget: ThinkBudget) -> Result<Move, ChooserFailed>;
}
