//! The two message enums, one per direction, and the error codes.
//!
//! Every message is one JSON object in one WebSocket text frame, with a `type`
//! field naming the variant in snake_case. Optional fields may be left out.
//!
//! Each list of the wire's vocabulary is written once: the messages are the
//! variants of [`ClientMessage`] and [`ServerMessage`] (serde spells their
//! names), their types ([`MessageType`], [`ServerMessageType`], with `ALL`
//! and `message_type()`) are declared from the variant names by
//! `message_types!`, whose `match` the compiler checks against the message
//! enum both ways, and the error codes are the variants of [`ErrorCode`]
//! (listed by [`ErrorCode::all`]). The tests below check that every type has
//! an example; `tests/docs_vocabulary.rs` that docs/protocol.md has a
//! section for every type and exactly these error codes, and
//! `tests/docs_examples.rs` that every example there parses.

use amazons_core::{BySide, EndReason, PlayerKind, Side, TimeControl, Vocabulary};
use serde::{Deserialize, Serialize};

use crate::analysis::Decided;
use crate::computer::{ComputerOffer, ComputerRequest};
use crate::identity::PlayerKey;
use crate::ids::{MatchId, SeatToken};
use crate::legal::LegalMoves;
use crate::limits::ServerLimits;
use crate::lobby::{Clocks, MatchSnapshot, MatchSummary, Seats};
use crate::rating::RatingChange;
use crate::tournament::{Format, TournamentId, TournamentSummary, TournamentView};

/// The protocol version this crate speaks. A client says it in `hello`; the
/// server refuses a different one with `version_mismatch`.
pub const PROTOCOL_VERSION: u32 = 1;

/// Which colour the creator of a match wants.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColorPreference {
    /// Play first.
    White,
    /// Play second.
    Black,
    /// Let the server toss a coin.
    #[default]
    Random,
}

fn human() -> PlayerKind {
    PlayerKind::Human
}

/// A message from a client to the server.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message on every connection: protocol version and who is
    /// connecting. Answered by `welcome`, or by `version_mismatch` / `bad_name`.
    Hello {
        /// Must be [`PROTOCOL_VERSION`].
        protocol: u32,
        /// Display name: 1 to 32 printable characters.
        name: String,
        /// Person or program (default `human`); game records keep it.
        #[serde(default = "human")]
        kind: PlayerKind,
        /// Free text naming the client program, for the server's log.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        client: Option<String>,
        /// The player's secret key (64 hex digits), made once by the client
        /// and kept private. The server binds the name to the first key that
        /// uses it and refuses the name to any other key (`name_taken`);
        /// without a key any unclaimed name may be used, as a guest, whose
        /// games are never rated. Never logged, stored or sent back.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<PlayerKey>,
        /// Asks for a `legal_moves` message whenever it is this client's turn
        /// in a match where it holds a seat (default false).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        legal_moves: bool,
    },
    /// Asks for the list of matches once (answered by `match_list`).
    ListMatches,
    /// Asks for the list now (`match_list`) and then every change as it happens
    /// (`match_updated`, `match_removed`).
    SubscribeLobby,
    /// Stops the live lobby updates.
    UnsubscribeLobby,
    /// Creates a match and seats the sender in it (answered by `joined` and a
    /// `snapshot`); with `computer`, the server seats its computer player in
    /// the other seat at once and the game starts.
    CreateMatch {
        /// Clock rules (default untimed).
        #[serde(default)]
        time_control: TimeControl,
        /// Colour wanted (default random).
        #[serde(default)]
        color: ColorPreference,
        /// A computer opponent (a level or a configured engine), when the
        /// server offers them (`welcome.computer`); absent for a match
        /// against a person.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        computer: Option<ComputerRequest>,
        /// Whether the game counts for ratings. Absent: rated when timed,
        /// casual when untimed. A rated match becomes casual when it begins
        /// unless both players are identified by two different keys (or one
        /// is the server's computer).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rated: Option<bool>,
        /// Whether the server ends the game as soon as the territory proves
        /// it (the board separated and counted exactly; reason `territory`).
        /// Absent: on for a casual match, off for a rated one (players then
        /// `claim_territory`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        end_when_decided: Option<bool>,
        /// Whether the players may see the territory view during the game
        /// (clients show it to spectators always, to players only when
        /// this is true). Absent: false; a rated match cannot allow it
        /// (`bad_match_options`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        assistance: Option<bool>,
        /// A set-up position to start from (FEN), for a casual game; absent:
        /// the standard start. Refused (`bad_match_options`) in a rated
        /// match, when it is no position, or when the side to move cannot
        /// move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        initial_fen: Option<String>,
    },
    /// Takes a free seat (answered by `joined` and a `snapshot`).
    Join {
        /// The match.
        match_id: MatchId,
        /// The seat wanted; any free seat when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Side>,
    },
    /// Leaves a match: a spectator stops watching; a player gives up a seat in
    /// a match that has not started. During a game, resign or abort instead.
    Leave {
        /// The match.
        match_id: MatchId,
    },
    /// Watches a match (answered by a `snapshot`, then every event).
    Spectate {
        /// The match.
        match_id: MatchId,
    },
    /// Takes back a seat with its token after a dropped connection (answered by
    /// a `snapshot`). Any other connection holding that seat is closed.
    Resume {
        /// The match.
        match_id: MatchId,
        /// The token from `joined`.
        token: SeatToken,
    },
    /// Plays a move.
    Move {
        /// The match.
        match_id: MatchId,
        /// The ply this move is meant for: the number of moves already played.
        ply: u32,
        /// The move in any form the rules crate parses (`d1-d7/g7`, `d1 d7 g7`,
        /// `d1d7,d7g7`, ...).
        #[serde(rename = "move")]
        mv: String,
        /// The seat token; optional on the connection that holds the seat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<SeatToken>,
    },
    /// Resigns the game (allowed at any time during play).
    Resign {
        /// The match.
        match_id: MatchId,
        /// The seat token; optional on the connection that holds the seat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<SeatToken>,
    },
    /// Calls the game off; allowed until both sides have moved. Nobody wins.
    Abort {
        /// The match.
        match_id: MatchId,
        /// The seat token; optional on the connection that holds the seat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<SeatToken>,
    },
    /// A seated player asks the server to count: when the board is
    /// separated and exact counting proves the result, the game ends at
    /// once with the proven winner (whoever it favours), reason
    /// `territory`; otherwise `not_decided` and nothing changes.
    ClaimTerritory {
        /// The match.
        match_id: MatchId,
    },
    /// After a finished game, offers the opponent another one with colours
    /// swapped. If the opponent has already offered, this accepts.
    OfferRematch {
        /// The finished match.
        match_id: MatchId,
    },
    /// Accepts the opponent's rematch offer: a new match starts with colours
    /// swapped, and both players get `joined` for it.
    AcceptRematch {
        /// The finished match.
        match_id: MatchId,
    },
    /// Turns down the opponent's rematch offer (or withdraws one's own).
    DeclineRematch {
        /// The finished match.
        match_id: MatchId,
    },
    /// Creates a tournament; the sender (who must have said hello with a
    /// key) is its organiser. Answered by `tournament_created`, then
    /// `tournament_updated` (the sender watches it).
    CreateTournament {
        /// A title for lists; the server makes one from the format when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        title: Option<String>,
        /// Round robin (1 or 2 cycles) or Swiss (a number of rounds).
        format: Format,
        /// The clock of every game (default untimed).
        #[serde(default)]
        time_control: TimeControl,
        /// Whether the games count for ratings (default false).
        #[serde(default)]
        rated: bool,
        /// Closes entry to these names (the organiser may still enter
        /// computer players); absent: anyone with a key may join.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entry_list: Option<Vec<String>>,
        /// Computer players entered at once (levels or configured engines).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        computers: Vec<ComputerRequest>,
    },
    /// Asks for the list of tournaments (answered by `tournament_list`).
    ListTournaments,
    /// Watches a tournament: `tournament_updated` now and at every change.
    WatchTournament {
        /// The tournament.
        tournament_id: TournamentId,
    },
    /// Stops watching a tournament.
    UnwatchTournament {
        /// The tournament.
        tournament_id: TournamentId,
    },
    /// Enters the sender (by their key) while the tournament registers; the
    /// sender then watches it and is sent `tournament_game` for each game.
    JoinTournament {
        /// The tournament.
        tournament_id: TournamentId,
    },
    /// Withdraws the sender: before the start the entry is gone; after it the
    /// entrant is not paired again and a pending game is forfeited.
    WithdrawTournament {
        /// The tournament.
        tournament_id: TournamentId,
    },
    /// Organiser only: enters one of the server's computer players.
    EnterComputer {
        /// The tournament.
        tournament_id: TournamentId,
        /// A level or a configured engine, as in `create_match`.
        computer: ComputerRequest,
    },
    /// Organiser only: closes entry and pairs the first round.
    StartTournament {
        /// The tournament.
        tournament_id: TournamentId,
    },
    /// Organiser only: no new round starts until `resume_tournament` (the
    /// games in progress go on).
    PauseTournament {
        /// The tournament.
        tournament_id: TournamentId,
    },
    /// Organiser only: undoes `pause_tournament` (pairing the next round if
    /// the last one is over).
    ResumeTournament {
        /// The tournament.
        tournament_id: TournamentId,
    },
    /// Organiser only: removes an entrant, as if they had withdrawn.
    RemoveEntrant {
        /// The tournament.
        tournament_id: TournamentId,
        /// The entrant's name.
        name: String,
    },
    /// Organiser only: ends the tournament now; games in progress are
    /// played out and counted, no new round is paired.
    EndTournament {
        /// The tournament.
        tournament_id: TournamentId,
    },
    /// An application-level ping for clients that cannot see WebSocket pings;
    /// answered by `pong` with the same `nonce`. It also counts as activity.
    Ping {
        /// Echoed back.
        #[serde(default)]
        nonce: u64,
    },
}

/// How serde writes a unit variant (`create_match`, `bad_opponent`): its name
/// on the wire, spelled in one place for the message types and the error
/// codes alike.
fn wire_name(variant: impl Serialize) -> String {
    match serde_json::to_value(variant) {
        Ok(serde_json::Value::String(name)) => name,
        _ => String::new(),
    }
}

/// Declares the enum of the `type`s of one message enum from the names of
/// its variants: `$kind` with one variant per name (documented as the type
/// of that message; serde spells it as the message's tag, in snake_case like
/// the message enums), `$kind::ALL` in the order given, `$kind::name`,
/// `Display`, and `$message::message_type`. That last one is a `match` on
/// every name, so the compiler refuses a list that misses a message or
/// names one that does not exist. An `unknown` variant, when given, is what
/// a name this version does not know reads as (`#[serde(other)]`); it is not
/// in `ALL`.
macro_rules! message_types {
    (
        $(#[$meta:meta])*
        $kind:ident for $message:ident {
            $($variant:ident),+ $(,)?
        }
        $(unknown: $(#[$unknown_meta:meta])* $unknown:ident)?
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $kind {
            $(
                #[doc = concat!("The type of [`", stringify!($message), "::", stringify!($variant), "`].")]
                $variant,
            )+
            $(
                $(#[$unknown_meta])*
                #[serde(other)]
                $unknown,
            )?
        }

        impl $kind {
            /// Every type of this protocol version, in the order of the
            /// message enum.
            pub const ALL: &'static [$kind] = &[$($kind::$variant),+];

            /// The name on the wire (`create_match`): serde's spelling.
            pub fn name(self) -> String {
                wire_name(self)
            }
        }

        impl core::fmt::Display for $kind {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(&self.name())
            }
        }

        impl $message {
            /// The `type` of this message (its tag on the wire), for logs,
            /// tests and `error.reply_to`.
            pub fn message_type(&self) -> $kind {
                match self {
                    $($message::$variant { .. } => $kind::$variant,)+
                }
            }
        }
    };
}

message_types! {
    /// The `type` of a client message: what `error.reply_to` names, and what
    /// the server's log says. Its serde form is the tag itself
    /// (`"create_match"`).
    MessageType for ClientMessage {
        Hello,
        ListMatches,
        SubscribeLobby,
        UnsubscribeLobby,
        CreateMatch,
        Join,
        Leave,
        Spectate,
        Resume,
        Move,
        Resign,
        Abort,
        ClaimTerritory,
        OfferRematch,
        AcceptRematch,
        DeclineRematch,
        CreateTournament,
        ListTournaments,
        WatchTournament,
        UnwatchTournament,
        JoinTournament,
        WithdrawTournament,
        EnterComputer,
        StartTournament,
        PauseTournament,
        ResumeTournament,
        RemoveEntrant,
        EndTournament,
        Ping,
    }
    unknown:
    /// A type this version of the crate does not know (read from a newer
    /// server's `reply_to`; never sent).
    Other
}

impl MessageType {
    /// The type named `name` on the wire, if this version knows it.
    pub fn from_name(name: &str) -> Option<MessageType> {
        serde_json::from_value(serde_json::Value::String(name.to_owned()))
            .ok()
            .filter(|t| *t != MessageType::Other)
    }
}

/// A message from the server to a client.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// Answer to `hello`: the connection is ready.
    Welcome {
        /// The server's protocol version ([`PROTOCOL_VERSION`]).
        protocol: u32,
        /// Server program and version, e.g. `amazons-server 0.1.0`.
        server: String,
        /// The name the server will show for this connection.
        name: String,
        /// Largest text frame the server reads, in bytes.
        max_message_bytes: u32,
        /// How long a dropped player keeps the seat, in milliseconds.
        grace_ms: u64,
        /// What the server accepts (name length, time control bounds, the
        /// abort rule), so that a client checks and explains the same limits
        /// instead of restating them; absent from older servers (this one
        /// always sends it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limits: Option<ServerLimits>,
        /// The computer opponents a client may ask for in `create_match`;
        /// absent when the server offers none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        computer: Option<ComputerOffer>,
    },
    /// The matches on the server (answer to `list_matches` and `subscribe_lobby`).
    MatchList {
        /// Every match, newest first.
        matches: Vec<MatchSummary>,
    },
    /// Lobby update: a match appeared or changed (seats, status, spectators).
    MatchUpdated {
        /// The match as it now is.
        #[serde(rename = "match")]
        summary: MatchSummary,
    },
    /// Lobby update: a match is gone from the server.
    MatchRemoved {
        /// The match.
        match_id: MatchId,
    },
    /// The receiver now holds a seat. Sent only to that client: the token is
    /// the only proof of the seat, keep it to `resume` after a drop.
    Joined {
        /// The match.
        match_id: MatchId,
        /// The seat taken.
        seat: Side,
        /// The secret for `resume` (and optionally `move`).
        token: SeatToken,
    },
    /// The full state of a match (after `joined`, `resume` and `spectate`).
    Snapshot(MatchSnapshot),
    /// Someone took, left, lost or regained a seat, or the spectator count
    /// changed.
    SeatsChanged {
        /// The match.
        match_id: MatchId,
        /// Both seats as they now are.
        seats: Seats,
        /// How many spectators are watching.
        spectators: u32,
    },
    /// Both seats are taken: the game is on and white's clock runs.
    GameStarted {
        /// The match.
        match_id: MatchId,
        /// Both seats.
        seats: Seats,
        /// The clocks (`null` when untimed).
        clocks: Option<Clocks>,
        /// Whether the game counts for ratings, settled now that both seats
        /// are taken (a rated match is casual when a seat is a guest or both
        /// are one key).
        #[serde(default)]
        rated: bool,
    },
    /// A move was accepted. Sent to both players and every spectator; sent
    /// again to a player who repeats the same move for the same ply.
    MovePlayed {
        /// The match.
        match_id: MatchId,
        /// The ply the move was played at (the first move is ply 0); the next
        /// move must carry `ply + 1`.
        ply: u32,
        /// The move in canonical form (`d1-d7/g7`).
        #[serde(rename = "move")]
        mv: String,
        /// Who moved.
        side: Side,
        /// Thinking time charged for the move, in milliseconds.
        time_ms: u64,
        /// Both clocks after the move (`null` when untimed).
        clocks: Option<Clocks>,
        /// The position after the move, as FEN (the server always sends it;
        /// absent from older servers).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fen: Option<String>,
        /// The territory proves the game after this move; sent only when
        /// the match does not end such games itself (`end_when_decided`
        /// off), so that a player can `claim_territory`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        decided: Option<Decided>,
    },
    /// The legal moves of the receiver, whose turn it is (only to a seated
    /// player who asked for them in `hello`): after `game_started`, after a
    /// `move_played` that makes it their turn, and after a `snapshot` sent to
    /// them while it is their turn. Never once the game has ended.
    LegalMoves {
        /// The match.
        match_id: MatchId,
        /// The ply the moves are for: the `ply` the next `move` must carry.
        ply: u32,
        /// Queen square → destination → arrow squares.
        moves: LegalMoves,
    },
    /// The game has ended.
    GameOver {
        /// The match.
        match_id: MatchId,
        /// The winner; `null` when the game was aborted.
        winner: Option<Side>,
        /// Why it ended.
        reason: EndReason,
        /// The clocks at the end (`null` when untimed).
        clocks: Option<Clocks>,
        /// Where the record is: `GET /api/games/{record_id}`. Absent when no
        /// record was written (a match abandoned before it started).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        record_id: Option<MatchId>,
        /// What the game did to each side's rating; absent when it was not
        /// rated (casual, aborted, or a side was a guest).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<BySide<RatingChange>>,
        /// For reason `territory`: the winner's margin in moves.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        margin: Option<u32>,
    },
    /// A player offers a rematch with colours swapped.
    RematchOffered {
        /// The finished match.
        match_id: MatchId,
        /// Who offers.
        by: Side,
    },
    /// A rematch offer was turned down or withdrawn.
    RematchDeclined {
        /// The finished match.
        match_id: MatchId,
        /// Who declined.
        by: Side,
    },
    /// The rematch exists; each player also gets `joined` and a `snapshot` for it.
    RematchStarted {
        /// The finished match.
        match_id: MatchId,
        /// The new match.
        new_match_id: MatchId,
    },
    /// Answer to `leave`: the connection no longer takes part in the match.
    Left {
        /// The match.
        match_id: MatchId,
    },
    /// Another connection resumed this seat with its token; this connection no
    /// longer holds it (and the server closes it).
    Replaced {
        /// The match.
        match_id: MatchId,
    },
    /// Answer to `create_tournament`: the new tournament's id.
    TournamentCreated {
        /// The tournament.
        tournament_id: TournamentId,
    },
    /// The tournaments on the server, newest first (answer to
    /// `list_tournaments`).
    TournamentList {
        /// Every tournament the server holds (finished ones are in the
        /// history: `GET /api/tournaments`).
        tournaments: Vec<TournamentSummary>,
    },
    /// A watched tournament as it now is (after `watch_tournament`,
    /// `join_tournament`, `create_tournament`, and at every change).
    TournamentUpdated {
        /// The whole view.
        tournament: TournamentView,
    },
    /// The receiver's next tournament game is ready: `join` this match and
    /// seat (only this entrant may take it) before the grace period from the
    /// round's start ends, or lose it by forfeit.
    TournamentGame {
        /// The tournament.
        tournament_id: TournamentId,
        /// The round (1 for the first).
        round: u32,
        /// The match created for the game.
        match_id: MatchId,
        /// The receiver's seat.
        seat: Side,
        /// The opponent's name.
        opponent: String,
    },
    /// Answer to `ping`.
    Pong {
        /// The nonce from the ping.
        nonce: u64,
    },
    /// The server is shutting down; matches in progress are kept and can be
    /// resumed with the seat tokens when it is back.
    ServerShutdown {
        /// Text for people.
        message: String,
    },
    /// A request was refused. Nothing changed.
    Error {
        /// What went wrong, for programs.
        code: ErrorCode,
        /// What went wrong, for people (for `illegal_move`, the rules' reason).
        message: String,
        /// The `type` of the refused message, when it could be read and is a
        /// type of this protocol version (an unknown type is named in
        /// `message` instead).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reply_to: Option<MessageType>,
        /// The match concerned, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        match_id: Option<MatchId>,
        /// For `stale_ply` and `not_your_turn`: the ply the server expects next.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        expected_ply: Option<u32>,
    },
}

message_types! {
    /// The `type` of a server message, for logs and tests. Its serde form is
    /// the tag itself (`"move_played"`).
    ServerMessageType for ServerMessage {
        Welcome,
        MatchList,
        MatchUpdated,
        MatchRemoved,
        Joined,
        Snapshot,
        SeatsChanged,
        GameStarted,
        MovePlayed,
        LegalMoves,
        GameOver,
        RematchOffered,
        RematchDeclined,
        RematchStarted,
        Left,
        Replaced,
        TournamentCreated,
        TournamentList,
        TournamentUpdated,
        TournamentGame,
        Pong,
        ServerShutdown,
        Error,
    }
}

impl ServerMessage {
    /// The one match this message is about: the match of every match event,
    /// of a lobby update (`match_updated`, `match_removed`), the finished
    /// match of `rematch_started`, and an `error`'s `match_id`. `None` for
    /// what is about no single match (`welcome`, `match_list`, `pong`,
    /// `server_shutdown`, an `error` without `match_id`).
    pub fn match_id(&self) -> Option<MatchId> {
        match self {
            ServerMessage::Snapshot(snapshot) => Some(snapshot.match_id),
            ServerMessage::MatchUpdated { summary } => Some(summary.id),
            ServerMessage::MatchRemoved { match_id }
            | ServerMessage::Joined { match_id, .. }
            | ServerMessage::SeatsChanged { match_id, .. }
            | ServerMessage::GameStarted { match_id, .. }
            | ServerMessage::MovePlayed { match_id, .. }
            | ServerMessage::LegalMoves { match_id, .. }
            | ServerMessage::GameOver { match_id, .. }
            | ServerMessage::RematchOffered { match_id, .. }
            | ServerMessage::RematchDeclined { match_id, .. }
            | ServerMessage::RematchStarted { match_id, .. }
            | ServerMessage::Left { match_id }
            | ServerMessage::Replaced { match_id }
            | ServerMessage::TournamentGame { match_id, .. } => Some(*match_id),
            ServerMessage::Error { match_id, .. } => *match_id,
            ServerMessage::Welcome { .. }
            | ServerMessage::MatchList { .. }
            | ServerMessage::Pong { .. }
            | ServerMessage::TournamentCreated { .. }
            | ServerMessage::TournamentList { .. }
            | ServerMessage::TournamentUpdated { .. }
            | ServerMessage::ServerShutdown { .. } => None,
        }
    }

    /// An `error` with only a code and a message.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            code,
            message: message.into(),
            reply_to: None,
            match_id: None,
            expected_ply: None,
        }
    }
}

/// Why a request was refused. Programs decide on the code; the accompanying
/// message is for people. Codes this version does not know read as `unknown`,
/// so an older client keeps working against a newer server.
///
/// This enum is the list of codes: its [`Vocabulary`] list (below it) is
/// checked against it by the compiler, and a test checks that
/// docs/protocol.md's table has exactly these codes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The text is not JSON, or a field is missing or of the wrong kind; or a
    /// text frame is not UTF-8 (the connection is then closed, 1007).
    Malformed,
    /// The `type` is not a message of this protocol version.
    UnknownType,
    /// The frame is larger than the server's `max_message_bytes`.
    TooLarge,
    /// The frame was binary; the protocol is JSON text frames only.
    BinaryNotSupported,
    /// Too many messages in too short a time; the connection is closed (1008).
    RateLimited,
    /// `hello` named another protocol version; the connection is closed.
    VersionMismatch,
    /// Another message came before `hello` (or none came in time; the
    /// connection is then closed, 1008).
    HelloRequired,
    /// Nothing (no message, no pong) arrived for the heartbeat timeout; the
    /// connection is closed (1008) and counts as a drop.
    HeartbeatTimeout,
    /// `hello` was sent twice.
    AlreadyGreeted,
    /// The name is empty, too long or not printable.
    BadName,
    /// `hello` used a name that another player key has claimed (names are
    /// compared ignoring case, surrounding space and Unicode width), or one
    /// of the names the server's computer players go by.
    NameTaken,
    /// The server is at its connection limit; the connection is closed.
    ServerFull,
    /// The server is at its match limit; no new match can be created.
    TooManyMatches,
    /// No match with that id.
    NoSuchMatch,
    /// The seat asked for is taken (or the match has no free seat).
    SeatTaken,
    /// The connection already holds a seat in this match.
    AlreadySeated,
    /// The token does not belong to a seat of this match.
    BadToken,
    /// The token is a seat's token, but this connection does not hold that
    /// seat: `resume` with it first (tokens prove a seat to `resume`; moves,
    /// resignations and aborts come from the connection holding the seat).
    NotYourSeat,
    /// The request needs a seat, and this connection holds none in the match
    /// (spectators can never move).
    NotAPlayer,
    /// The game has not started: a seat is still free.
    NotStarted,
    /// It is the opponent's turn.
    NotYourTurn,
    /// The move names a ply that is not the next one (see `expected_ply`).
    StalePly,
    /// The move text is not three squares.
    BadMoveText,
    /// The move breaks the rules; the message gives the rules' reason.
    IllegalMove,
    /// The game has ended.
    GameOver,
    /// Both sides have moved: too late to abort (resign instead).
    TooLateToAbort,
    /// `leave` during a game in progress (resign or abort instead).
    GameInProgress,
    /// The game is not over, so no rematch yet.
    GameNotOver,
    /// `accept_rematch` without an offer from the opponent.
    NoRematchOffer,
    /// The opponent has left, so a rematch cannot start.
    OpponentGone,
    /// `create_match.computer` asks for what the server does not offer: a
    /// level out of range (the message names the range), an unknown engine,
    /// a think time out of range, or both a level and an engine.
    BadOpponent,
    /// No computer opponent can be seated now: the server's limit of
    /// computer games at once is reached, or it offers none.
    ComputerBusy,
    /// No tournament with that id.
    NoSuchTournament,
    /// The request needs a player key (`hello.key`): a guest cannot create,
    /// join or organise a tournament.
    KeyRequired,
    /// The request is the organiser's (start, pause, resume, remove, end,
    /// enter a computer player).
    NotOrganiser,
    /// The tournament no longer takes entries (it has started), or the
    /// sender is not on its entry list.
    RegistrationClosed,
    /// The sender (or the named player) is not an entrant.
    NotEntered,
    /// The tournament cannot be made or started as asked: too few entrants,
    /// more Swiss rounds than the field allows, a bad number of cycles or a
    /// bad title; the message says which.
    BadTournament,
    /// The request needs a running tournament (pause, resume, end), or one
    /// still registering (start).
    TournamentNotRunning,
    /// `create_match` options that do not go together or do not hold:
    /// assistance or a set-up position in a rated match, a set-up position
    /// that is no position or where the side to move cannot move. The
    /// message says which.
    BadMatchOptions,
    /// `claim_territory` when the territory does not prove the game (the
    /// board is not separated, or the count did not finish).
    NotDecided,
    /// Something went wrong inside the server (for example, the disk); the
    /// request was not carried out.
    Internal,
    /// A code this version of the protocol crate does not know (read from a
    /// newer server; never sent).
    #[serde(other)]
    Unknown,
}

amazons_core::vocabulary!(ErrorCode, "error", {
    Malformed => "malformed",
    UnknownType => "unknown_type",
    TooLarge => "too_large",
    BinaryNotSupported => "binary_not_supported",
    RateLimited => "rate_limited",
    VersionMismatch => "version_mismatch",
    HelloRequired => "hello_required",
    HeartbeatTimeout => "heartbeat_timeout",
    AlreadyGreeted => "already_greeted",
    BadName => "bad_name",
    NameTaken => "name_taken",
    ServerFull => "server_full",
    TooManyMatches => "too_many_matches",
    NoSuchMatch => "no_such_match",
    SeatTaken => "seat_taken",
    AlreadySeated => "already_seated",
    BadToken => "bad_token",
    NotYourSeat => "not_your_seat",
    NotAPlayer => "not_a_player",
    NotStarted => "not_started",
    NotYourTurn => "not_your_turn",
    StalePly => "stale_ply",
    BadMoveText => "bad_move_text",
    IllegalMove => "illegal_move",
    GameOver => "game_over",
    TooLateToAbort => "too_late_to_abort",
    GameInProgress => "game_in_progress",
    GameNotOver => "game_not_over",
    NoRematchOffer => "no_rematch_offer",
    OpponentGone => "opponent_gone",
    BadOpponent => "bad_opponent",
    ComputerBusy => "computer_busy",
    NoSuchTournament => "no_such_tournament",
    KeyRequired => "key_required",
    NotOrganiser => "not_organiser",
    RegistrationClosed => "registration_closed",
    NotEntered => "not_entered",
    BadTournament => "bad_tournament",
    TournamentNotRunning => "tournament_not_running",
    BadMatchOptions => "bad_match_options",
    NotDecided => "not_decided",
    Internal => "internal",
} read_only { Unknown => "unknown" });

impl ErrorCode {
    /// Every code of this protocol version, in declaration order (not
    /// [`ErrorCode::Unknown`], which is only ever read).
    pub fn all() -> impl Iterator<Item = ErrorCode> {
        <ErrorCode as Vocabulary>::ALL.iter().copied()
    }

    /// The name on the wire (`bad_opponent`): [`Vocabulary::name`], owned.
    pub fn name(self) -> String {
        Vocabulary::name(self).to_string()
    }
}

/// Why a text frame could not be read as a [`ClientMessage`]: the error code to
/// answer with and a message for people.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DecodeError {
    /// `malformed` or `unknown_type`.
    pub code: ErrorCode,
    /// What was wrong.
    pub message: String,
    /// The `type`, when there was one that this version knows (`None` for
    /// `unknown_type`, and for text that is not a message object).
    pub message_type: Option<MessageType>,
}

impl ClientMessage {
    /// Reads one text frame, telling an unknown `type` apart from a malformed
    /// message so that each gets its own error code.
    pub fn decode(text: &str) -> Result<ClientMessage, DecodeError> {
        match serde_json::from_str::<ClientMessage>(text) {
            Ok(message) => Ok(message),
            Err(error) => {
                #[derive(Deserialize)]
                struct Tag {
                    #[serde(rename = "type")]
                    type_name: Option<String>,
                }
                let tag = serde_json::from_str::<Tag>(text)
                    .ok()
                    .and_then(|t| t.type_name);
                match tag {
                    Some(name) => match MessageType::from_name(&name) {
                        None => Err(DecodeError {
                            code: ErrorCode::UnknownType,
                            message: format!("unknown message type `{name}`"),
                            message_type: None,
                        }),
                        Some(message_type) => Err(DecodeError {
                            code: ErrorCode::Malformed,
                            message: format!("malformed `{name}`: {error}"),
                            message_type: Some(message_type),
                        }),
                    },
                    None => Err(DecodeError {
                        code: ErrorCode::Malformed,
                        message: format!("not a message object with a string `type`: {error}"),
                        message_type: None,
                    }),
                }
            }
        }
    }

    /// The JSON text of this message.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("client messages always serialize")
    }
}

impl ServerMessage {
    /// The JSON text of this message.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("server messages always serialize")
    }

    /// Reads one text frame from the server.
    pub fn decode(text: &str) -> Result<ServerMessage, serde_json::Error> {
        serde_json::from_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    use crate::lobby::{MatchStatus, SeatInfo};
    use amazons_core::{Level, Outcome, RecordedMove};

    fn id() -> MatchId {
        "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60".parse().unwrap()
    }

    fn token() -> SeatToken {
        SeatToken::from_bytes([0x5a; 16])
    }

    fn seats() -> Seats {
        Seats {
            white: Some(SeatInfo {
                rating: None,
                name: "ann".into(),
                kind: PlayerKind::Human,
                connected: true,
            }),
            black: None,
        }
    }

    fn clocks() -> Option<Clocks> {
        Some(Clocks {
            white_ms: 300_000,
            black_ms: 298_500,
            running: Some(Side::Second),
        })
    }

    fn summary() -> MatchSummary {
        MatchSummary {
            end_when_decided: false,
            assistance: false,
            rated: false,
            id: id(),
            seats: seats(),
            spectators: 2,
            status: MatchStatus::Waiting,
            time_control: TimeControl::Fischer {
                initial_ms: 300_000,
                increment_ms: 2_000,
            },
            ply: 0,
            outcome: None,
        }
    }

    /// One example of every client message (a test checks that none is
    /// missing).
    fn all_client() -> Vec<ClientMessage> {
        vec![
            ClientMessage::Hello {
                key: None,
                protocol: 1,
                name: "ann".into(),
                kind: PlayerKind::Bot,
                client: Some("x".into()),
                legal_moves: true,
            },
            ClientMessage::ListMatches,
            ClientMessage::SubscribeLobby,
            ClientMessage::UnsubscribeLobby,
            ClientMessage::CreateMatch {
                end_when_decided: None,
                assistance: None,
                initial_fen: None,
                rated: None,
                time_control: TimeControl::Untimed,
                color: ColorPreference::Black,
                computer: Some(
                    crate::ComputerRequest::level(Level::new(5).unwrap()).with_think_ms(2000),
                ),
            },
            ClientMessage::Join {
                match_id: id(),
                seat: Some(Side::Second),
            },
            ClientMessage::Leave { match_id: id() },
            ClientMessage::Spectate { match_id: id() },
            ClientMessage::Resume {
                match_id: id(),
                token: token(),
            },
            ClientMessage::Move {
                match_id: id(),
                ply: 3,
                mv: "d1 d7 g7".into(),
                token: Some(token()),
            },
            ClientMessage::Resign {
                match_id: id(),
                token: None,
            },
            ClientMessage::Abort {
                match_id: id(),
                token: Some(token()),
            },
            ClientMessage::ClaimTerritory { match_id: id() },
            ClientMessage::OfferRematch { match_id: id() },
            ClientMessage::AcceptRematch { match_id: id() },
            ClientMessage::DeclineRematch { match_id: id() },
            ClientMessage::CreateTournament {
                title: Some("Friday bots".into()),
                format: Format::Swiss { rounds: 5 },
                time_control: TimeControl::Fischer {
                    initial_ms: 60_000,
                    increment_ms: 1_000,
                },
                rated: true,
                entry_list: Some(vec!["ann".into(), "bob".into()]),
                computers: vec![crate::ComputerRequest::level(Level::new(3).unwrap())],
            },
            ClientMessage::ListTournaments,
            ClientMessage::WatchTournament {
                tournament_id: tournament_id(),
            },
            ClientMessage::UnwatchTournament {
                tournament_id: tournament_id(),
            },
            ClientMessage::JoinTournament {
                tournament_id: tournament_id(),
            },
            ClientMessage::WithdrawTournament {
                tournament_id: tournament_id(),
            },
            ClientMessage::EnterComputer {
                tournament_id: tournament_id(),
                computer: crate::ComputerRequest::level(Level::new(7).unwrap()),
            },
            ClientMessage::StartTournament {
                tournament_id: tournament_id(),
            },
            ClientMessage::PauseTournament {
                tournament_id: tournament_id(),
            },
            ClientMessage::ResumeTournament {
                tournament_id: tournament_id(),
            },
            ClientMessage::RemoveEntrant {
                tournament_id: tournament_id(),
                name: "bob".into(),
            },
            ClientMessage::EndTournament {
                tournament_id: tournament_id(),
            },
            ClientMessage::Ping { nonce: 9 },
        ]
    }

    /// One example of every server message (a test checks that none is
    /// missing).
    fn all_server() -> Vec<ServerMessage> {
        let snapshot = MatchSnapshot {
            end_when_decided: false,
            assistance: false,
            decided: None,
            margin: None,
            rated: false,
            match_id: id(),
            you: Some(Side::First),
            seats: seats(),
            spectators: 0,
            status: MatchStatus::Playing,
            time_control: TimeControl::Untimed,
            initial_fen: amazons_core::START_FEN.into(),
            moves: vec![RecordedMove {
                mv: "d1-d7/g7".parse().unwrap(),
                time_ms: 5,
                clock_ms: None,
            }],
            fen: amazons_core::START_FEN.into(),
            ply: 1,
            turn: Side::Second,
            clocks: None,
            outcome: Some(Outcome::win(Side::First, EndReason::Time)),
            rematch_offer: Some(Side::Second),
        };
        vec![
            ServerMessage::Welcome {
                protocol: 1,
                server: "amazons-server 0.1.0".into(),
                name: "ann".into(),
                max_message_bytes: 4096,
                grace_ms: 60_000,
                limits: Some(limits()),
                computer: Some(crate::ComputerOffer {
                    levels: vec![crate::LevelOffer {
                        level: Level::MIN,
                        description: "random mover".into(),
                    }],
                    engines: vec![crate::EngineOffer {
                        name: "fairy".into(),
                        description: "Fairy-Stockfish".into(),
                    }],
                    think_ms: crate::ThinkTimes {
                        default: 1000,
                        max: 10_000,
                    },
                }),
            },
            ServerMessage::MatchList {
                matches: vec![summary()],
            },
            ServerMessage::MatchUpdated { summary: summary() },
            ServerMessage::MatchRemoved { match_id: id() },
            ServerMessage::Joined {
                match_id: id(),
                seat: Side::First,
                token: token(),
            },
            ServerMessage::Snapshot(snapshot),
            ServerMessage::SeatsChanged {
                match_id: id(),
                seats: seats(),
                spectators: 1,
            },
            ServerMessage::GameStarted {
                match_id: id(),
                seats: seats(),
                clocks: clocks(),
                rated: true,
            },
            ServerMessage::MovePlayed {
                decided: None,
                match_id: id(),
                ply: 0,
                mv: "d1-d7/g7".into(),
                side: Side::First,
                time_ms: 1500,
                clocks: clocks(),
                fen: Some(amazons_core::START_FEN.into()),
            },
            ServerMessage::LegalMoves {
                match_id: id(),
                ply: 0,
                moves: LegalMoves::of_position(&amazons_core::Position::start()),
            },
            ServerMessage::GameOver {
                margin: None,
                ratings: None,
                match_id: id(),
                winner: None,
                reason: EndReason::Aborted,
                clocks: None,
                record_id: Some(id()),
            },
            ServerMessage::RematchOffered {
                match_id: id(),
                by: Side::First,
            },
            ServerMessage::RematchDeclined {
                match_id: id(),
                by: Side::Second,
            },
            ServerMessage::RematchStarted {
                match_id: id(),
                new_match_id: MatchId::random(),
            },
            ServerMessage::Left { match_id: id() },
            ServerMessage::Replaced { match_id: id() },
            ServerMessage::TournamentCreated {
                tournament_id: tournament_id(),
            },
            ServerMessage::TournamentList {
                tournaments: vec![tournament().summary],
            },
            ServerMessage::TournamentUpdated {
                tournament: tournament(),
            },
            ServerMessage::TournamentGame {
                tournament_id: tournament_id(),
                round: 1,
                match_id: id(),
                seat: Side::Second,
                opponent: "bob".into(),
            },
            ServerMessage::Pong { nonce: 1 },
            ServerMessage::ServerShutdown {
                message: "bye".into(),
            },
            ServerMessage::Error {
                code: ErrorCode::StalePly,
                message: "m".into(),
                reply_to: Some(MessageType::Move),
                match_id: Some(id()),
                expected_ply: Some(4),
            },
        ]
    }

    fn tournament_id() -> TournamentId {
        "0b3f6d2c-1a4e-4f5b-8c7d-9e0f1a2b3c4d".parse().unwrap()
    }

    fn tournament() -> TournamentView {
        use crate::tournament::{
            Entrant, GameResult, StandingRow, Tiebreak, TiebreakValue, TournamentGame,
            TournamentRound, TournamentStatus,
        };
        let entrant = |name: &str| Entrant {
            name: name.into(),
            kind: PlayerKind::Bot,
            rating: None,
            withdrawn: false,
            connected: true,
        };
        TournamentView {
            summary: TournamentSummary {
                id: tournament_id(),
                title: "Friday bots".into(),
                format: Format::RoundRobin { cycles: 2 },
                time_control: TimeControl::Untimed,
                rated: false,
                status: TournamentStatus::Running,
                paused: false,
                organiser: "ann".into(),
                entrant_count: 3,
                round: 1,
                rounds_planned: 6,
            },
            entry_list: None,
            entrants: vec![entrant("ann"), entrant("bob"), entrant("cy")],
            rounds: vec![TournamentRound {
                number: 1,
                games: vec![TournamentGame {
                    white: "ann".into(),
                    black: "bob".into(),
                    match_id: Some(id()),
                    result: Some(GameResult {
                        winner: Some(Side::First),
                        forfeit: false,
                        margin: None,
                    }),
                }],
                bye: Some("cy".into()),
            }],
            standings: vec![StandingRow {
                rank: 1,
                name: "ann".into(),
                points: 1,
                games: 1,
                tiebreaks: vec![TiebreakValue {
                    kind: Tiebreak::SonnebornBerger,
                    value: 0,
                }],
            }],
            crosstable: Vec::new(),
        }
        .with_crosstable()
    }

    fn limits() -> ServerLimits {
        ServerLimits {
            name_max_chars: 32,
            max_initial_ms: 86_400_000,
            max_increment_ms: 3_600_000,
            abort_before_ply: 2,
        }
    }

    #[test]
    fn every_client_message_round_trips() {
        let all = all_client();
        for message in &all {
            let message_type = message.message_type();
            let type_name = message_type.name();
            assert_eq!(MessageType::from_name(&type_name), Some(message_type));
            let text = message.encode();
            assert!(
                text.contains(&format!("\"type\":\"{type_name}\"")),
                "{text}"
            );
            assert_eq!(&ClientMessage::decode(&text).unwrap(), message, "{text}");
        }
        let examples: Vec<MessageType> = all.iter().map(ClientMessage::message_type).collect();
        assert_eq!(
            examples,
            MessageType::ALL,
            "one example of every type, in order"
        );
    }

    #[test]
    fn every_server_message_round_trips() {
        let all = all_server();
        for message in &all {
            let text = message.encode();
            assert_eq!(&ServerMessage::decode(&text).unwrap(), message, "{text}");
            let type_name = message.message_type().name();
            assert!(
                text.starts_with(&format!("{{\"type\":\"{type_name}\"")),
                "{text}"
            );
        }
        let examples: Vec<ServerMessageType> =
            all.iter().map(ServerMessage::message_type).collect();
        assert_eq!(
            examples,
            ServerMessageType::ALL,
            "one example of every type, in order"
        );
    }

    #[test]
    fn type_names_are_distinct_and_the_forward_compatible_ones_are_left_out() {
        let client: BTreeSet<String> = MessageType::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(client.len(), MessageType::ALL.len());
        assert!(!MessageType::ALL.contains(&MessageType::Other));
        let server: BTreeSet<String> = ServerMessageType::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(server.len(), ServerMessageType::ALL.len());
        let codes: Vec<ErrorCode> = ErrorCode::all().collect();
        assert!(!codes.contains(&ErrorCode::Unknown));
        for code in &codes {
            let text = format!("\"{}\"", code.name());
            assert_eq!(serde_json::from_str::<ErrorCode>(&text).unwrap(), *code);
        }
        let names: BTreeSet<String> = codes.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), codes.len());
        assert!(names.contains("too_late_to_abort") && names.contains("internal"));
    }

    #[test]
    fn match_id_says_which_match_a_message_is_about() {
        let mut about = 0;
        for message in all_server() {
            let expected = match &message {
                ServerMessage::Welcome { .. }
                | ServerMessage::MatchList { .. }
                | ServerMessage::Pong { .. }
                | ServerMessage::TournamentCreated { .. }
                | ServerMessage::TournamentList { .. }
                | ServerMessage::TournamentUpdated { .. }
                | ServerMessage::ServerShutdown { .. } => None,
                _ => Some(id()),
            };
            assert_eq!(message.match_id(), expected, "{}", message.message_type());
            about += usize::from(expected.is_some());
        }
        assert_eq!(about, ServerMessageType::ALL.len() - 7);
        let unconcerned = ServerMessage::error(ErrorCode::Malformed, "m");
        assert_eq!(unconcerned.match_id(), None);
    }

    #[test]
    fn decode_tells_unknown_types_from_malformed_messages() {
        let unknown = ClientMessage::decode(r#"{"type":"fly","x":1}"#).unwrap_err();
        assert_eq!(unknown.code, ErrorCode::UnknownType);
        let malformed = ClientMessage::decode(r#"{"type":"move","ply":"x"}"#).unwrap_err();
        assert_eq!(malformed.code, ErrorCode::Malformed);
        assert_eq!(malformed.message_type, Some(MessageType::Move));
        assert_eq!(unknown.message_type, None);
        assert_eq!(MessageType::from_name("other"), None);
        for text in ["", "[]", "{", "null", r#"{"type":5}"#, "{\"no_type\":1}"] {
            assert_eq!(
                ClientMessage::decode(text).unwrap_err().code,
                ErrorCode::Malformed
            );
        }
    }

    #[test]
    fn defaults_fill_optional_fields() {
        let hello = ClientMessage::decode(r#"{"type":"hello","protocol":1,"name":"a"}"#).unwrap();
        assert_eq!(
            hello,
            ClientMessage::Hello {
                key: None,
                protocol: 1,
                name: "a".into(),
                kind: PlayerKind::Human,
                client: None,
                legal_moves: false,
            }
        );
        let create = ClientMessage::decode(r#"{"type":"create_match"}"#).unwrap();
        assert_eq!(
            create,
            ClientMessage::CreateMatch {
                end_when_decided: None,
                assistance: None,
                initial_fen: None,
                rated: None,
                time_control: TimeControl::Untimed,
                color: ColorPreference::Random,
                computer: None,
            }
        );
    }

    #[test]
    fn the_v1_additions_are_optional_both_ways() {
        let hello = ClientMessage::Hello {
            key: None,
            protocol: 1,
            name: "a".into(),
            kind: PlayerKind::Human,
            client: None,
            legal_moves: false,
        };
        assert_eq!(
            hello.encode(),
            r#"{"type":"hello","protocol":1,"name":"a","kind":"human"}"#
        );
        let opted_in = r#"{"type":"hello","protocol":1,"name":"a","legal_moves":true}"#;
        assert!(matches!(
            ClientMessage::decode(opted_in).unwrap(),
            ClientMessage::Hello {
                legal_moves: true,
                ..
            }
        ));
        let old = r#"{"type":"move_played","match_id":"6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60","ply":0,"move":"d1-d7/g7","side":"white","time_ms":1,"clocks":null}"#;
        match ServerMessage::decode(old).unwrap() {
            ServerMessage::MovePlayed { fen, .. } => assert_eq!(fen, None),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_computer_and_limits_additions_are_optional_both_ways() {
        let old_welcome = r#"{"type":"welcome","protocol":1,"server":"s","name":"a","max_message_bytes":4096,"grace_ms":60000}"#;
        match ServerMessage::decode(old_welcome).unwrap() {
            ServerMessage::Welcome {
                computer, limits, ..
            } => {
                assert_eq!(computer, None);
                assert_eq!(limits, None, "an older server sends no limits");
            }
            other => panic!("{other:?}"),
        }
        let welcome = ServerMessage::Welcome {
            protocol: 1,
            server: "s".into(),
            name: "a".into(),
            max_message_bytes: 4096,
            grace_ms: 60_000,
            limits: Some(limits()),
            computer: None,
        };
        assert_eq!(
            welcome.encode(),
            r#"{"type":"welcome","protocol":1,"server":"s","name":"a","max_message_bytes":4096,"grace_ms":60000,"limits":{"name_max_chars":32,"max_initial_ms":86400000,"max_increment_ms":3600000,"abort_before_ply":2}}"#
        );
        assert_eq!(ServerMessage::decode(&welcome.encode()).unwrap(), welcome);
        let plain = ClientMessage::CreateMatch {
            end_when_decided: None,
            assistance: None,
            initial_fen: None,
            rated: None,
            time_control: TimeControl::Untimed,
            color: ColorPreference::White,
            computer: None,
        };
        assert!(!plain.encode().contains("computer"), "{}", plain.encode());
        let asked =
            r#"{"type":"create_match","color":"black","computer":{"level":5,"think_ms":2000}}"#;
        match ClientMessage::decode(asked).unwrap() {
            ClientMessage::CreateMatch { computer, .. } => assert_eq!(
                computer,
                Some(crate::ComputerRequest::level(Level::new(5).unwrap()).with_think_ms(2000))
            ),
            other => panic!("{other:?}"),
        }
        let busy = r#"{"type":"error","code":"computer_busy","message":"m"}"#;
        assert!(matches!(
            ServerMessage::decode(busy).unwrap(),
            ServerMessage::Error {
                code: ErrorCode::ComputerBusy,
                ..
            }
        ));
    }

    #[test]
    fn unknown_error_codes_read_as_unknown() {
        let text = r#"{"type":"error","code":"solar_flare","message":"?"}"#;
        match ServerMessage::decode(text).unwrap() {
            ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::Unknown),
            other => panic!("{other:?}"),
        }
        let text = r#"{"type":"error","code":"malformed","message":"?","reply_to":"teleport"}"#;
        match ServerMessage::decode(text).unwrap() {
            ServerMessage::Error { reply_to, .. } => {
                assert_eq!(reply_to, Some(MessageType::Other))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn tokens_never_show_in_debug_output() {
        let joined = ServerMessage::Joined {
            match_id: id(),
            seat: Side::First,
            token: token(),
        };
        assert!(!format!("{joined:?}").contains(&token().expose_hex()));
    }
}
