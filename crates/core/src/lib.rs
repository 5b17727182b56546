//! Rules of the Game of the Amazons, as the ICGA Computer Olympiad plays it.
//!
//! Everything else in the project (engine, server, client) asks this crate
//! whether a move is legal. It does no I/O and needs no runtime.
//!
//! # Layout
//! The modules are private; every type has one path, `amazons_core::Type`.
//! - `square`: the 100 [`Square`]s and their names.
//! - `bitboard`: sets of squares in a `u128` ([`Bitboard`]), and set-wise shifts.
//! - [`attacks`]: how far a queen or arrow reaches through empty squares (the
//!   one public module: functions the engine's evaluation builds on).
//! - `board`: where the queens and arrows stand ([`Board`]); staged move
//!   generation (queen steps, then arrows), counting and "can this side move".
//! - `side`: the first and second player ([`Side`]; White and Black at the
//!   edges), and per-side data ([`BySide`]).
//! - `moves`: a [`Move`] (queen from, queen to, arrow) and its canonical text.
//! - `notation`: the tolerant move parser ([`MoveParseError`]) and the UCI form.
//! - `position`: a board and the side to move ([`Position`]): legality,
//!   make/unmake.
//! - `zobrist`: hash keys, updated incrementally by moves.
//! - `fen`: positions as FEN text (Fairy-Stockfish's Amazons form, [`Fen`]).
//! - `outcome`: how a game ends ([`Outcome`], [`EndReason`]).
//! - `clock`: time controls ([`TimeControl`]: `5+3` = 5 minutes + 3 s) and
//!   Fischer clocks ([`Clock`]).
//! - `game`: a game in progress ([`Game`]: moves, clocks, outcome).
//! - `record`: finished games as serde records ([`GameRecord`], made by
//!   [`GameRecord::from_game`] from a game and its [`RecordMeta`]), the
//!   schema rule ([`RECORD_SCHEMA_VERSION`]) and their replay.
//! - `level`: the built-in computer levels ([`Level`], 1 to 7), shared by
//!   the engine that plays them and the server and clients that offer and
//!   ask for them.
//! - `analysis`: the words of an analysed game shared by the engine, its
//!   worker process and the protocol: an evaluation ([`PositionEval`]), a
//!   proven result ([`Proven`]) and the move classes ([`MoveClass`], each
//!   with its symbol and catalogue key).
//! - `perft`: move-tree counts ([`perft()`]), the check that move generation
//!   is right.
//! - `testing` (feature `testing`, for dev-dependencies only): seeded random
//!   positions and games, and sample records, for the tests of every crate.
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

mod analysis;
pub mod attacks;
mod bitboard;
mod board;
mod clock;
mod fen;
mod game;
mod level;
mod moves;
mod notation;
mod outcome;
mod perft;
mod player_id;
mod position;
mod record;
mod side;
mod square;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
mod vocabulary;
mod zobrist;

pub use analysis::{MoveClass, PositionEval, Proven};
pub use bitboard::{Bitboard, Direction};
pub use board::{Board, QUEENS_PER_SIDE};
pub use clock::{
    Charge, Clock, Flagged, MAX_INCREMENT, MAX_INITIAL, TimeControl, TimeControlError,
    TimeControlKind,
};
pub use fen::{Fen, FenError, START_FEN};
pub use game::{Game, GameError};
pub use level::{Level, LevelError};
pub use moves::{Move, UciMove};
pub use notation::{MoveParseError, MovePart};
pub use outcome::{EndReason, Outcome};
pub use perft::{divide, perft, perft_parallel};
pub use player_id::PlayerId;
pub use position::{IllegalMove, PlayError, Position, SetupError};
pub use record::{
    GameRecord, PlayerInfo, PlayerKind, RECORD_SCHEMA_VERSION, RecordMeta, RecordedMove,
    ReplayError, TerritoryEnd, TournamentGameRef, unix_ms,
};
pub use side::{BySide, Side};
pub use square::{FILES, RANKS, SQUARES, Square};
pub use vocabulary::Vocabulary;

/// The longest possible game: every move burns one of the 92 squares that are
/// empty at the start.
pub const MAX_GAME_LENGTH: usize = 92;
