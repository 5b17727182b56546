//! Rules of the Game of the Amazons, as the ICGA Computer Olympiad plays it.
//!
//! Everything else in the project (engine, server, client) asks this crate
//! whether a move is legal. It does no I/O and needs no runtime.
//!
//! # Layout
//! - [`square`]: the 100 squares and their names.
//! - [`bitboard`]: sets of squares in a `u128`, and set-wise shifts.
//! - [`attacks`]: how far a queen or arrow reaches through empty squares.
//! - [`board`]: where the queens and arrows stand; staged move generation
//!   (queen steps, then arrows), counting and "can this side move".
//! - [`side`]: the first and second player (White and Black at the edges).
//! - [`moves`]: a move (queen from, queen to, arrow) and its canonical text.
//! - [`notation`]: the tolerant move parser and the UCI form.
//! - [`position`]: a board and the side to move: legality, make/unmake.
//! - [`zobrist`]: hash keys, updated incrementally by moves.
//! - [`fen`]: positions as FEN text (Fairy-Stockfish's Amazons form).
//! - [`outcome`]: how a game ends.
//! - [`clock`]: time controls (`5+3` = 5 minutes + 3 s) and Fischer clocks.
//! - [`game`]: a game in progress (moves, clocks, outcome) and the record it becomes.
//! - [`record`]: finished games as serde records, and their replay.
//! - [`perft`](mod@perft): move-tree counts, the check that move generation is right.
//!
//! # Example
//! ```
//! use amazons_core::{Move, Position, Side};
//!
//! // Set up the standard start and list the legal moves.
//! let start = Position::start();
//! let moves = start.legal_moves();
//! assert_eq!(moves.len(), 2176);
//!
//! // Play a move typed the way a person types it.
//! let m: Move = "d1 d7 g7".parse()?;
//! let next = start.play(m)?;
//! assert_eq!(next.turn(), Side::Second);
//! assert_eq!(m.to_string(), "d1-d7/g7");
//! assert_eq!(m.uci().to_string(), "d1d7,d7g7");
//!
//! // An illegal move is refused with a reason and changes nothing.
//! let err = next.play("d7-d1/d2".parse()?).unwrap_err();
//! assert_eq!(err.reason.to_string(), "the queen on d7 is not yours");
//! assert_eq!(err.position, next);
//!
//! // Read the outcome: a side that cannot move has lost.
//! let boxed: Position = "Q*8/**8/10/10/10/10/10/10/10/9q w".parse()?;
//! let outcome = boxed.outcome().expect("white cannot move");
//! assert_eq!(outcome.winner, Some(Side::Second));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod clock;
pub mod fen;
pub mod game;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod record;
pub mod side;
pub mod square;
pub mod zobrist;

pub use bitboard::{Bitboard, Direction};
pub use board::{Board, QUEENS_PER_SIDE};
pub use clock::{Charge, Clock, Flagged, TimeControl, TimeControlError};
pub use fen::{FenError, START_FEN};
pub use game::{Game, GameError, RecordMeta, unix_ms};
pub use moves::{Move, UciMove};
pub use notation::{MoveParseError, MovePart};
pub use outcome::{EndReason, Outcome};
pub use perft::{divide, perft, perft_parallel};
pub use position::{IllegalMove, PlayError, Position, SetupError};
pub use record::{
    GameRecord, PlayerInfo, PlayerKind, RECORD_SCHEMA_VERSION, RecordedMove, ReplayError,
};
pub use side::Side;
pub use square::Square;

/// The longest possible game: every move burns one of the 92 squares that are
/// empty at the start.
pub const MAX_GAME_LENGTH: usize = 92;
