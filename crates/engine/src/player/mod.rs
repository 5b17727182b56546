//! Programs that play: one [`Player`] trait for the built-in engine and for
//! external engines, one [`PlayerSpec`] grammar naming them, and the drivers
//! that talk to external engines over UCI, Botzone's simple interaction or the
//! SAU platform protocol.
//!
//! The arena (`amazons-engine arena`), the client's bots and offline games,
//! and the server's computer opponents all play through this module,
//! so a fix to how an engine is spoken to, timed out or restarted lands once.
//!
//! - [`spec`]: [`PlayerSpec`], the text that names a player (`level:7`,
//!   `mcts:c=30`, `uci:CMD`, `botzone:CMD`, `sau:CMD`), and how one is built.
//! - [`builtin`]: the in-process engine as a player.
//! - [`external`]: an external engine with the failure policy (restarted once
//!   per game, then it gives up), whatever its protocol.
//! - [`process`]: a child process spoken to line by line, every wait with a
//!   deadline.
//! - [`uci`], [`botzone`], [`sau`]: the three protocols, with their
//!   coordinates.
//! - [`route`]: the moves from the standard start to a position, for
//!   protocols that can only describe a game by its moves.
//! - [`error`]: what can go wrong, and how a game records it.
//! - [`levels`]: what each built-in level is, in words.
//! - [`budget`]: how long a move may take ([`ThinkBudget`]), and the one
//!   rule that makes it from a game's clocks for every host
//!   ([`ThinkBudget::under_clock`], [`TimeRule`]).
//! - [`thread`]: [`PlayerThread`], a player on a thread of its own, asked
//!   through channels whose replies are awaited (async hosts) or waited for
//!   (threads).
//!
//! The [`Player`] trait is synchronous (a driver blocks on its engine's
//! pipe); a host that must not block (a user interface, an async runtime)
//! runs its player in a [`PlayerThread`], which is also what keeps a slow
//! engine from delaying anything else.

pub mod botzone;
pub mod budget;
pub mod builtin;
pub mod error;
pub mod external;
pub mod levels;
pub mod process;
pub mod route;
pub mod sau;
pub mod spec;
pub mod thread;
pub mod uci;

use std::time::Duration;

use amazons_core::{Move, Position};

pub use budget::{ClockBudget, ClockMargin, FixedCap, ThinkBudget, TimeRule};
pub use builtin::BuiltinPlayer;
pub use error::PlayerError;
pub use external::{ExternalPlayer, ExternalTimeouts};
pub use levels::describe_level;
pub use spec::{PlayerSettings, PlayerSpec, Protocol};
pub use thread::{MoveRequest, PlayerThread, Reply};

/// The game so far, as a player needs it: protocols that describe a game by
/// its moves get the start and the moves, the built-in engine the position.
#[derive(Clone, Copy, Debug)]
pub struct GameSoFar<'a> {
    /// Where the game started.
    pub start: Position,
    /// The moves played since.
    pub moves: &'a [Move],
    /// The position to choose a move in (`start` with `moves` played).
    pub position: Position,
}

impl<'a> GameSoFar<'a> {
    /// The game from `start` after `moves` (which must be legal there).
    pub fn new(start: Position, moves: &'a [Move]) -> Result<GameSoFar<'a>, PlayerError> {
        let mut position = start;
        for m in moves {
            position = position.play(*m).map_err(|e| {
                PlayerError::Unsupported(format!("the game so far is not legal: {e}"))
            })?;
        }
        Ok(GameSoFar {
            start,
            moves,
            position,
        })
    }
}

/// A program that chooses moves.
///
/// `Send`, so a user interface or a server can run it on a thread of its own.
pub trait Player: Send {
    /// A name for player lists, records and logs (an external engine's own
    /// name when its protocol tells it).
    fn name(&self) -> String;
    /// Called before each game (clears hash tables, tells external engines).
    fn new_game(&mut self) -> Result<(), PlayerError>;
    /// Chooses a legal move in `game.position`, which must not be over.
    /// An error means the player cannot go on in this game: the caller ends
    /// the game with [`PlayerError::end_reason`] or resigns for it.
    fn choose(&mut self, game: GameSoFar<'_>, budget: ThinkBudget) -> Result<Move, PlayerError>;
    /// The CPU time this player has spent so far, when it can tell: the
    /// built-in engine counts the thread it searches on (its first search
    /// thread), an external UCI or SAU engine its whole process, a Botzone
    /// bot every process it has run (one restarted each turn is read as each
    /// process exits). External engines: Linux only, read from `/proc` in
    /// ticks of 10 ms; an engine restarted after a failure is charged the
    /// failed program's time too. The arena's `--cpu-time` charges each move
    /// the difference.
    fn cpu_time(&self) -> Option<Duration> {
        None
    }
    /// Thinks on the opponent's time about `game` (the opponent to move),
    /// for at most `limit`, and returns at once. The thinking stops at the
    /// next call of any other method (or when the player is dropped), and the
    /// next [`Player::choose`] starts from what it found. It uses no more
    /// threads than the player's own search. Returns whether the player
    /// ponders at all (by default it does not, and this does nothing).
    fn ponder(&mut self, game: GameSoFar<'_>, limit: Duration) -> bool {
        let _ = (game, limit);
        false
    }
    /// Ends the thinking [`Player::ponder`] started, if any (when the game
    /// ends, or the host wants the CPU back); a no-op otherwise.
    fn stop_pondering(&mut self) {}
    /// Chooses a move as [`Player::choose`] does, then, with `ponder`,
    /// thinks on the opponent's time about the game after it for at most
    /// that long ([`Player::ponder`]): what a host that ponders does after
    /// each move.
    fn choose_then_ponder(
        &mut self,
        game: GameSoFar<'_>,
        budget: ThinkBudget,
        ponder: Option<Duration>,
    ) -> Result<Move, PlayerError> {
        let m = self.choose(game, budget)?;
        if let (Some(limit), Ok(position)) = (ponder, game.position.play(m)) {
            let mut moves = game.moves.to_vec();
            moves.push(m);
            let after = GameSoFar {
                start: game.start,
                moves: &moves,
                position,
            };
            self.ponder(after, limit);
        }
        Ok(m)
    }
}
