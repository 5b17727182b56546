//! Game records: what the server writes when a game ends, what the client
//! saves after a local game and what the arena writes after each game; what
//! `history`, the web page and `arena --resume` read back. JSON through serde,
//! with a schema version so old files stay readable.
//!
//! A record is built in one place, [`GameRecord::from_game`]: a finished
//! [`Game`] (start, moves, clocks, result) plus its [`RecordMeta`] (who, when,
//! what it followed). Outside this crate no record is written as a struct
//! literal (the type is `#[non_exhaustive]`), so a new field touches this file,
//! the writer that knows its value and the renderers that show it.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::clock::TimeControl;
use crate::fen::START_FEN;
use crate::game::Game;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::player_id::PlayerId;
use crate::position::{PlayError, Position};
use crate::side::{BySide, Side};

/// Version of the record layout written by this crate. Readers accept this and
/// every earlier version they know; [`GameRecord::replay`] refuses a newer one.
///
/// # When it changes
/// Bump it when a record written now would be misread by a program that knows
/// only the previous version: a field removed, renamed, made required or given
/// another type, or a field whose meaning changes (its unit, what it counts,
/// whose it is). Do **not** bump it for a new optional field that is absent
/// when it has no value (`#[serde(default, skip_serializing_if = ...)]`): no
/// record type denies unknown fields, so older readers skip it, and older
/// files read with it absent. Keep both true: never `deny_unknown_fields` on a
/// record type, and never give a new field a value that older files lack.
///
/// Version 1 grew this way by [`GameRecord::rematch_of`]. Version 2 adds
/// identity: [`PlayerInfo::id`] and [`GameRecord::rated`]. Their absence means
/// "a guest" and "casual" from version 2 on, but "not known yet" in version 1,
/// which is why the number moved (a version 1 record is never rated, and a
/// page may say it was played before ratings existed). Version 3 adds
/// [`GameRecord::tournament`]: from version 3 on its absence means "not a
/// tournament game", before it "not known". Version 4 adds the end reason
/// [`EndReason::Territory`](crate::EndReason::Territory), which a version 3
/// reader cannot read, with [`GameRecord::territory`] (its margin and proven
/// finish).
pub const RECORD_SCHEMA_VERSION: u32 = 4;

/// A wall-clock instant as Unix milliseconds, the form records keep.
pub fn unix_ms(at: SystemTime) -> u64 {
    at.duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis().try_into().unwrap_or(u64::MAX))
}

/// Whether a player is a person or a program.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PlayerKind {
    /// A person at a client.
    Human,
    /// An engine or bot.
    Bot,
}

/// Who played one side. Made by [`PlayerInfo::new`] (a guest) and
/// [`PlayerInfo::identified`].
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct PlayerInfo {
    /// Display name.
    pub name: String,
    /// Person or program.
    pub kind: PlayerKind,
    /// The player's public id when they were identified (a player key, or one
    /// of the server's computer players); absent for a guest and in records
    /// older than version 2. Ratings follow it.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub id: Option<PlayerId>,
}

impl PlayerInfo {
    /// A player known only by the name they gave.
    pub fn new(name: impl Into<String>, kind: PlayerKind) -> PlayerInfo {
        PlayerInfo {
            name: name.into(),
            kind,
            id: None,
        }
    }

    /// The same player, identified as `id` (or a guest again with `None`).
    pub fn identified(mut self, id: Option<PlayerId>) -> PlayerInfo {
        self.id = id;
        self
    }
}

/// One move as the record keeps it.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RecordedMove {
    /// The move in canonical text (`d1-d7/g7`).
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: Move,
    /// Thinking time charged for the move, in milliseconds.
    pub time_ms: u64,
    /// The mover's clock after the move (increment included), in milliseconds;
    /// absent in untimed games.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub clock_ms: Option<u64>,
}

/// A finished game. Built by [`GameRecord::from_game`]; read with serde.
/// Its fields are public to read; a new one follows the rule of
/// [`RECORD_SCHEMA_VERSION`].
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct GameRecord {
    /// Layout version ([`RECORD_SCHEMA_VERSION`] when written by this crate).
    pub schema: u32,
    /// Unique id of the game (the server uses the match UUID).
    pub id: String,
    /// The id of the game this one is a rematch of (the server's rematches);
    /// absent otherwise, and in records older than the field.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub rematch_of: Option<String>,
    /// Whether the game counts for ratings: created rated, and both sides
    /// identified by two different ids when it began. An aborted game is
    /// never rated whatever this says. Absent (false) for a casual game and
    /// in records older than version 2.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "std::ops::Not::not")
    )]
    pub rated: bool,
    /// The tournament game this was (the server's tournaments); absent
    /// otherwise, and in records older than version 3.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub tournament: Option<TournamentGameRef>,
    /// Who played first (white).
    pub white: PlayerInfo,
    /// Who played second (black).
    pub black: PlayerInfo,
    /// When the game started, Unix milliseconds.
    pub started_at_ms: u64,
    /// When the game ended, Unix milliseconds.
    pub ended_at_ms: u64,
    /// The clock rules.
    pub time_control: TimeControl,
    /// Position the game started from, when it is not the standard start.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub initial_fen: Option<String>,
    /// The moves, in order.
    pub moves: Vec<RecordedMove>,
    /// Who won and why.
    pub result: Outcome,
    /// The position after the last move.
    pub final_fen: String,
    /// How the territory decided the game, when it ended by
    /// [`EndReason::Territory`](crate::EndReason::Territory); absent
    /// otherwise, and in records older than version 4.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub territory: Option<TerritoryEnd>,
}

/// The count that ended a game by territory: who had how many moves left in
/// the final position, by how much the winner won, and a proven play-out a
/// replay can show after the last move.
///
/// In a separated position the side to move, with `a` moves left against
/// the other side's `b`, wins exactly when `a > b`. The margin is the
/// winner's moves left when the loser is stuck, plus one, so every win is by
/// at least 1: `a - b` when the side to move wins, `b - a + 1` otherwise.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TerritoryEnd {
    /// The winner's margin in moves (at least 1).
    pub margin: u32,
    /// Each side's exact number of moves left in the final position.
    pub moves_left: BySide<u32>,
    /// A proven finish from the final position: alternate moves, each side
    /// filling its own regions, until the loser cannot move. Not part of the
    /// game: the moves nobody played.
    pub finish: Vec<Move>,
}

impl TerritoryEnd {
    /// The margin of a separated position where `to_move` has `own` moves
    /// left and the other side `other` (see the type's documentation).
    pub fn margin_of(own: u32, other: u32) -> u32 {
        if own > other {
            own - other
        } else {
            other - own + 1
        }
    }
}

/// Which tournament game a game was: the tournament's id and the round.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TournamentGameRef {
    /// The tournament's id (the server uses a UUID).
    pub id: String,
    /// The round, 1 for the first.
    pub round: u32,
}

/// What a finished [`Game`] does not know and its record says: the game's id,
/// who played and when, and what it followed. [`RecordMeta::new`] takes what
/// every record has; each optional fact has a builder method, so a new
/// optional field adds a method and changes only the callers that know it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordMeta {
    /// Unique id of the game (the server uses the match id).
    id: String,
    /// Who played each side.
    players: BySide<PlayerInfo>,
    /// When the game started.
    started_at: SystemTime,
    /// When it ended.
    ended_at: SystemTime,
    /// The game this one is a rematch of.
    rematch_of: Option<String>,
    /// Whether the game counts for ratings.
    rated: bool,
    /// The tournament game it was.
    tournament: Option<TournamentGameRef>,
    /// The count that ended it by territory.
    territory: Option<TerritoryEnd>,
}

impl RecordMeta {
    /// The game `id`, played by `players` from `started_at` to `ended_at`.
    pub fn new(
        id: impl Into<String>,
        players: BySide<PlayerInfo>,
        started_at: SystemTime,
        ended_at: SystemTime,
    ) -> RecordMeta {
        RecordMeta {
            id: id.into(),
            players,
            started_at,
            ended_at,
            rematch_of: None,
            rated: false,
            tournament: None,
            territory: None,
        }
    }

    /// The game ended by the territory count `end` (see
    /// [`GameRecord::territory`]).
    pub fn territory(mut self, end: TerritoryEnd) -> RecordMeta {
        self.territory = Some(end);
        self
    }

    /// The game counts for ratings (see [`GameRecord::rated`]).
    pub fn rated(mut self, rated: bool) -> RecordMeta {
        self.rated = rated;
        self
    }

    /// The game was round `round` of the tournament `id`.
    pub fn tournament(mut self, id: impl Into<String>, round: u32) -> RecordMeta {
        self.tournament = Some(TournamentGameRef {
            id: id.into(),
            round,
        });
        self
    }

    /// The game is a rematch of the game `id`.
    pub fn rematch_of(mut self, id: impl Into<String>) -> RecordMeta {
        self.rematch_of = Some(id.into());
        self
    }
}

/// Why a record does not replay.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReplayError {
    /// The record's layout is newer than this program understands.
    #[error("record schema {0} is newer than this program understands ({RECORD_SCHEMA_VERSION})")]
    UnknownSchema(u32),
    /// The starting FEN does not parse.
    #[error("bad initial FEN: {0}")]
    BadInitialFen(#[from] crate::fen::FenError),
    /// A move is illegal where it stands.
    #[error("move {number} ({source})")]
    IllegalMove {
        /// 1-based index of the move in the record.
        number: usize,
        /// The refusal.
        source: Box<PlayError>,
    },
    /// The moves do not lead to the recorded final position.
    #[error("the moves lead to {actual}, but the record says {recorded}")]
    FinalFenMismatch {
        /// FEN stored in the record.
        recorded: String,
        /// FEN reached by replaying.
        actual: String,
    },
}

impl GameRecord {
    /// The record of `game`, once it has ended (`None` while it goes on):
    /// the one place a record is made. The start (its FEN only when it is not
    /// the standard start), the moves with their times, the clock rules, the
    /// result and the final position come from the game; the rest from `meta`.
    pub fn from_game(game: &Game, meta: RecordMeta) -> Option<GameRecord> {
        let result = game.outcome()?;
        let initial = game.initial();
        let BySide {
            first: white,
            second: black,
        } = meta.players;
        Some(GameRecord {
            schema: RECORD_SCHEMA_VERSION,
            id: meta.id,
            rematch_of: meta.rematch_of,
            rated: meta.rated,
            tournament: meta.tournament,
            white,
            black,
            started_at_ms: unix_ms(meta.started_at),
            ended_at_ms: unix_ms(meta.ended_at),
            time_control: game.time_control(),
            initial_fen: (initial != Position::start()).then(|| initial.fen()),
            moves: game.moves().to_vec(),
            result,
            final_fen: game.position().fen(),
            territory: meta.territory,
        })
    }

    /// The name of `side`'s player.
    pub fn player(&self, side: Side) -> &PlayerInfo {
        match side {
            Side::First => &self.white,
            Side::Second => &self.black,
        }
    }

    /// The position the game started from.
    pub fn initial_position(&self) -> Result<Position, ReplayError> {
        Ok(Position::from_fen(
            self.initial_fen.as_deref().unwrap_or(START_FEN),
        )?)
    }

    /// Every position of the game, the start first and the final one last,
    /// checking each move through the rules and the final FEN against the record.
    pub fn replay(&self) -> Result<Vec<Position>, ReplayError> {
        if self.schema > RECORD_SCHEMA_VERSION {
            return Err(ReplayError::UnknownSchema(self.schema));
        }
        let mut positions = vec![self.initial_position()?];
        for (index, recorded) in self.moves.iter().enumerate() {
            let current = positions[positions.len() - 1];
            let next = current
                .play(recorded.mv)
                .map_err(|e| ReplayError::IllegalMove {
                    number: index + 1,
                    source: Box::new(e),
                })?;
            positions.push(next);
        }
        let actual = positions[positions.len() - 1].fen();
        if actual != self.final_fen {
            return Err(ReplayError::FinalFenMismatch {
                recorded: self.final_fen.clone(),
                actual,
            });
        }
        Ok(positions)
    }

    /// The moves as numbered text: `1. d1-d7/g7 a7-d4/a7 2. ...`.
    pub fn move_text(&self) -> String {
        let first_ply = self
            .initial_position()
            .map(|p| p.ply() as usize)
            .unwrap_or(0);
        let mut text = String::new();
        for (index, recorded) in self.moves.iter().enumerate() {
            let ply = first_ply + index;
            if ply % 2 == 0 || index == 0 {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(&format!("{}.", ply / 2 + 1));
                if ply % 2 == 1 {
                    text.push_str("..");
                }
            }
            text.push(' ');
            text.push_str(&recorded.mv.to_string());
        }
        text
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::outcome::EndReason;

    fn meta() -> RecordMeta {
        RecordMeta::new(
            "00000000-0000-4000-8000-000000000000",
            BySide::new(
                PlayerInfo::new("ann", PlayerKind::Human),
                PlayerInfo::new("bot", PlayerKind::Bot),
            ),
            UNIX_EPOCH + Duration::from_secs(1_700_000_000),
            UNIX_EPOCH + Duration::from_secs(1_700_000_060),
        )
    }

    /// Two moves at 5 min + 5 s, 1.2 s each, then black resigns.
    fn sample() -> GameRecord {
        let t0 = Instant::now();
        let mut game = Game::new("5+5".parse().unwrap());
        game.start(t0);
        for (n, m) in ["d1-d7/g7", "a7-b7/c7"].iter().enumerate() {
            let at = t0 + Duration::from_millis(1_200 * (n as u64 + 1));
            game.play(m.parse().unwrap(), at).unwrap();
        }
        game.resign(Side::Second, t0 + Duration::from_secs(3));
        GameRecord::from_game(&game, meta()).unwrap()
    }

    #[test]
    fn a_record_is_made_from_the_game_and_its_meta() {
        let record = sample();
        assert_eq!(record.schema, RECORD_SCHEMA_VERSION);
        assert_eq!(record.id, "00000000-0000-4000-8000-000000000000");
        assert_eq!(record.player(Side::Second).name, "bot");
        assert_eq!(record.started_at_ms, 1_700_000_000_000);
        assert_eq!(record.ended_at_ms, 1_700_000_060_000);
        assert_eq!(record.time_control.to_string(), "5+5");
        assert_eq!(record.initial_fen, None);
        assert_eq!(record.moves[1].time_ms, 1_200);
        assert_eq!(record.moves[1].clock_ms, Some(303_800));
        assert_eq!(
            record.result,
            Outcome::win(Side::First, EndReason::Resignation)
        );
        assert_eq!(record.rematch_of, None);
        let going = Game::new(record.time_control);
        assert!(
            GameRecord::from_game(&going, meta()).is_none(),
            "a game still going has no record"
        );
    }

    #[test]
    fn json_round_trips_and_replays() {
        let record = sample();
        let json = serde_json::to_string_pretty(&record).unwrap();
        assert!(json.contains("\"move\": \"d1-d7/g7\""), "{json}");
        assert!(json.contains("\"winner\": \"white\""), "{json}");
        assert!(!json.contains("rematch_of"), "absent when None: {json}");
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, record);
        assert_eq!(back.replay().unwrap().len(), 3);
        assert_eq!(record.move_text(), "1. d1-d7/g7 a7-b7/c7");
    }

    #[test]
    fn an_optional_field_keeps_the_schema_and_both_ways_of_reading() {
        let t0 = Instant::now();
        let mut game = Game::new(TimeControl::Untimed);
        game.start(t0);
        game.resign(Side::First, t0);
        let meta = meta().rematch_of("11111111-0000-4000-8000-000000000000");
        let record = GameRecord::from_game(&game, meta).unwrap();
        assert_eq!(
            record.schema, RECORD_SCHEMA_VERSION,
            "rematch_of is optional"
        );
        let json = serde_json::to_string(&record).unwrap();
        assert!(
            json.contains(r#""rematch_of":"11111111-0000-4000-8000-000000000000""#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<GameRecord>(&json).unwrap(), record);
        // A file written before the field reads with it absent.
        let older = json.replace(
            r#""rematch_of":"11111111-0000-4000-8000-000000000000","#,
            "",
        );
        let read: GameRecord = serde_json::from_str(&older).unwrap();
        assert_eq!(read.rematch_of, None);
        // A reader skips a field it does not know yet (a newer writer's).
        let schema = format!(r#""schema":{RECORD_SCHEMA_VERSION},"#);
        let newer = json.replacen(&schema, &format!(r#"{schema}"rating":1500,"#), 1);
        assert!(
            newer.contains(r#""rating":1500"#),
            "the field is added: {newer}"
        );
        assert_eq!(serde_json::from_str::<GameRecord>(&newer).unwrap(), record);
    }

    #[test]
    fn identities_and_rated_are_kept_and_a_version_1_record_still_reads() {
        let t0 = Instant::now();
        let mut game = Game::new("5+5".parse().unwrap());
        game.start(t0);
        game.resign(Side::Second, t0 + Duration::from_secs(1));
        let players = BySide::new(
            PlayerInfo::new("ann", PlayerKind::Human).identified(Some(PlayerId::new("a1"))),
            PlayerInfo::new("computer (level 5)", PlayerKind::Bot)
                .identified(Some(PlayerId::computer("level-5"))),
        );
        let meta = RecordMeta::new("g", players, UNIX_EPOCH, UNIX_EPOCH).rated(true);
        let record = GameRecord::from_game(&game, meta).unwrap();
        let json = serde_json::to_string(&record).unwrap();
        assert!(json.contains(r#""rated":true"#), "{json}");
        assert!(json.contains(r#""id":"computer:level-5""#), "{json}");
        assert_eq!(serde_json::from_str::<GameRecord>(&json).unwrap(), record);
        // Version 1: no ids, no rated; it reads as a casual game of guests.
        let v1 = serde_json::to_string(&sample()).unwrap().replace(
            &format!(r#""schema":{RECORD_SCHEMA_VERSION}"#),
            r#""schema":1"#,
        );
        let old: GameRecord = serde_json::from_str(&v1).unwrap();
        assert_eq!(old.schema, 1);
        assert!(!old.rated);
        assert_eq!(old.white.id, None);
        assert!(old.replay().is_ok(), "a version 1 record replays");
        assert!(!v1.contains("rated"), "casual is absent: {v1}");
    }

    #[test]
    fn a_tournament_game_says_which_and_a_version_2_record_still_reads() {
        let t0 = Instant::now();
        let mut game = Game::new(TimeControl::Untimed);
        game.start(t0);
        game.resign(Side::First, t0);
        let tagged = meta().tournament("0b3f6d2c-1a4e-4f5b-8c7d-9e0f1a2b3c4d", 2);
        let record = GameRecord::from_game(&game, tagged).unwrap();
        assert_eq!(record.schema, RECORD_SCHEMA_VERSION);
        let json = serde_json::to_string(&record).unwrap();
        assert!(
            json.contains(
                r#""tournament":{"id":"0b3f6d2c-1a4e-4f5b-8c7d-9e0f1a2b3c4d","round":2}"#
            ),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<GameRecord>(&json).unwrap(), record);
        let plain = GameRecord::from_game(&game, meta()).unwrap();
        let plain_json = serde_json::to_string(&plain).unwrap();
        assert!(!plain_json.contains("tournament"), "{plain_json}");
        // Version 2, written before tournaments: it reads, as no tournament's.
        let v2 = plain_json.replace(
            &format!(r#""schema":{RECORD_SCHEMA_VERSION}"#),
            r#""schema":2"#,
        );
        let old: GameRecord = serde_json::from_str(&v2).unwrap();
        assert_eq!((old.schema, &old.tournament), (2, &None));
        assert!(old.replay().is_ok(), "a version 2 record replays");
    }

    #[test]
    fn replay_catches_tampering() {
        let mut record = sample();
        record.final_fen = crate::fen::START_FEN.into();
        assert!(matches!(
            record.replay(),
            Err(ReplayError::FinalFenMismatch { .. })
        ));
        let mut record = sample();
        record.moves[1].mv = "a7-a4/a5".parse().unwrap();
        assert!(matches!(
            record.replay(),
            Err(ReplayError::IllegalMove { number: 2, .. })
        ));
        let mut record = sample();
        record.schema = RECORD_SCHEMA_VERSION + 1;
        assert!(matches!(
            record.replay(),
            Err(ReplayError::UnknownSchema(_))
        ));
    }
}
