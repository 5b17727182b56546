//! Everything that can happen to a match, as one enum: [`Event`].
//!
//! Durable events are what the journal keeps (one JSON line each, tagged
//! `event`); replaying a match's durable events in order rebuilds it after a
//! restart. Transient events (connections coming and going, spectators,
//! rematch offers, a written record) change only the live match: after a
//! restart nobody is connected, so none of them needs to survive. Transient
//! variants are `#[serde(skip)]`: the journal is only ever handed durable
//! ones ([`Event::is_durable`]).

use amazons_core::{BySide, Move, Outcome, PlayerId, PlayerKind, Side, TerritoryEnd, TimeControl};
use amazons_protocol::{MatchId, SeatToken, TournamentId};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Identifies one connection for the matches it takes part in (a number the
/// server gives each WebSocket; the match never holds the connection itself).
pub type ConnId = u64;

/// The SHA-256 of a seat token: what the match and the journal keep instead
/// of the token.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenHash([u8; 32]);

impl TokenHash {
    /// The hash of `token`.
    pub fn of(token: &SeatToken) -> TokenHash {
        TokenHash(Sha256::digest(token.as_bytes()).into())
    }

    /// 64 lower-case hex digits, the journal's form.
    pub fn to_hex(self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Reads [`TokenHash::to_hex`]'s form.
    pub fn from_hex(text: &str) -> Option<TokenHash> {
        if text.len() != 64 || !text.is_ascii() {
            return None;
        }
        let mut out = [0u8; 32];
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(TokenHash(out))
    }
}

impl core::fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("TokenHash(..)")
    }
}

/// What the server's own computer player in a seat is: journalled with the
/// seat (`seated.computer`), so that after a restart the server knows whom
/// to seat there again, and carried into a rematch.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ComputerSeat {
    /// The built-in level or the configured engine.
    #[serde(flatten)]
    pub opponent: Opponent,
    /// Think time per move, in milliseconds (the clock may allow less).
    pub think_ms: u64,
}

/// Which program a computer seat runs.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    /// The built-in engine at this level.
    Level(amazons_core::Level),
    /// The engine configured under this name (`[[computer.engines]]`).
    Engine(String),
}

/// The tournament game a match is: journalled with its creation
/// (`created.tournament`), so that after a restart the match still keeps
/// each seat for its entrant and tells its tournament how it ended.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentTag {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The round, 1 for the first.
    pub round: u32,
    /// The entrant each seat is kept for (only a connection whose `hello`
    /// carried that public id may `join` it).
    pub entrants: BySide<PlayerId>,
}

/// What exact counting proved about a separated position: who wins, by how
/// much, and the proven play-out (see `docs/analysis.md`, "Margin").
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Verdict {
    /// Who wins, whoever is to move.
    pub winner: Side,
    /// The margin, each side's moves left and the proven finish, as a game
    /// ended on territory records them.
    pub end: TerritoryEnd,
}

/// A message that answers one connection again without changing anything.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Echo {
    /// The `move_played` of an accepted ply (a retried move).
    MovePlayed(u32),
    /// A snapshot (`spectate` by a connection already watching or seated).
    Snapshot,
    /// `left` (`leave` of a match the connection is not in).
    Left,
}

/// One thing that happened to a match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The match exists. Always its first event.
    Created {
        /// Clock rules.
        time_control: TimeControl,
        /// Unix milliseconds.
        created_at_ms: u64,
        /// The finished match this one is a rematch of.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rematch_of: Option<MatchId>,
        /// Created rated (`create_match.rated`, or its default): the game
        /// counts for ratings if both players are identified by two
        /// different ids when it begins. Absent (casual) in journals older
        /// than ratings.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rated: bool,
        /// The tournament game this match is (absent for any other match,
        /// and in journals older than tournaments).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tournament: Option<TournamentTag>,
        /// The game ends as soon as exact counting proves a separated
        /// position's winner (`create_match.end_when_decided`, or its
        /// default). Absent (false: the game is played out or claimed) in
        /// journals older than territory endings.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        end_when_decided: bool,
        /// The players may use the territory view while playing
        /// (`create_match.assistance`; never in a rated match).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        assistance: bool,
        /// The set-up position the game starts from (FEN, checked when the
        /// match was created); absent for the standard start.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        initial_fen: Option<String>,
    },
    /// A player took a seat. Only a hash of the seat token is kept.
    Seated {
        /// The seat.
        side: Side,
        /// Player name.
        name: String,
        /// Person or program.
        kind: PlayerKind,
        /// SHA-256 of the token bytes, hex ([`TokenHash::to_hex`]).
        token_sha256: String,
        /// The server's computer player sits here (absent for everyone
        /// else, and in journals older than computer opponents).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        computer: Option<ComputerSeat>,
        /// The player's public id when identified (a player key's, or a
        /// computer player's); absent for a guest and in journals older
        /// than identities. Never the key.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<PlayerId>,
    },
    /// A player gave up a seat before the game started (by `leave`, or by
    /// not coming back within the grace period).
    Unseated {
        /// The seat.
        side: Side,
    },
    /// Both seats were taken and the game began: the first mover's clock runs.
    Started {
        /// Unix milliseconds.
        at_ms: u64,
    },
    /// A move was accepted.
    Moved {
        /// The ply it was played at.
        ply: u32,
        /// The move.
        #[serde(rename = "move")]
        mv: Move,
        /// Time charged.
        time_ms: u64,
        /// Mover's clock after the move, increment included (timed games).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock_ms: Option<u64>,
        /// Both remaining times after the move, white first (timed games;
        /// kept for readers of the journal, the mover's `clock_ms` suffices
        /// to rebuild the clocks).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<[u64; 2]>,
    },
    /// The game (or the waiting match) ended.
    Ended {
        /// Result.
        outcome: Outcome,
        /// Unix milliseconds.
        at_ms: u64,
        /// How exact counting proved the result, for a game ended on
        /// territory (absent otherwise): what the record keeps.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        territory: Option<TerritoryEnd>,
    },
    /// The match leaves the server: its record is on disk (or it needs none),
    /// so the journal may forget it.
    Archived,

    /// A connection holds a seat now: after `join` (with the new token, which
    /// only that connection is told) or `resume` (which replaces any other
    /// connection holding the seat).
    #[serde(skip)]
    Attached {
        /// The seat.
        side: Side,
        /// The connection.
        conn: ConnId,
        /// The token of a seat just taken, for the `joined` message.
        joined: Option<SeatToken>,
        /// The connection that held the seat until now, which is told
        /// `replaced` and closed.
        replaced: Option<ConnId>,
        /// Whether the connection asked (in `hello`) for `legal_moves`.
        legal_moves: bool,
    },
    /// A connection closed: a spectator stops watching, a player is away (and
    /// the grace period runs while the game is on).
    #[serde(skip)]
    Detached {
        /// The connection.
        conn: ConnId,
    },
    /// A connection started to watch.
    #[serde(skip)]
    Spectating {
        /// The connection.
        conn: ConnId,
    },
    /// A connection left the match by `leave` (a spectator, a player of a
    /// finished match, or a player who gave up a seat before the start).
    #[serde(skip)]
    Left {
        /// The connection.
        conn: ConnId,
    },
    /// A connection is answered again; nothing changes.
    #[serde(skip)]
    Echoed {
        /// The connection.
        conn: ConnId,
        /// What it is sent.
        echo: Echo,
    },
    /// A player offers a rematch.
    #[serde(skip)]
    RematchOffered {
        /// Who offers.
        by: Side,
    },
    /// A rematch offer was declined or withdrawn.
    #[serde(skip)]
    RematchDeclined {
        /// Who declined.
        by: Side,
    },
    /// The rematch exists (see [`super::Match::rematch_events`]).
    #[serde(skip)]
    RematchStarted {
        /// The new match.
        new_match: MatchId,
    },
    /// The game's record is on disk.
    #[serde(skip)]
    Recorded,
    /// The current position was counted (after a move, at the creation
    /// from a set-up position, after a restart): what exact counting proved
    /// about it, if anything. Counting the same position again gives the
    /// same answer, so a restart counts again rather than journal it.
    #[serde(skip)]
    Judged {
        /// The proven result, if the count proved one.
        verdict: Option<Box<Verdict>>,
    },
    /// The match leaves the server without its record on disk (writing it
    /// failed): the journal keeps it, and the next start writes the record.
    #[serde(skip)]
    ClearedAway,
}

impl Event {
    /// Whether the journal keeps this event (it must be on disk before it is
    /// applied).
    pub fn is_durable(&self) -> bool {
        matches!(
            self,
            Event::Created { .. }
                | Event::Seated { .. }
                | Event::Unseated { .. }
                | Event::Started { .. }
                | Event::Moved { .. }
                | Event::Ended { .. }
                | Event::Archived
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_hashes_round_trip_as_hex_and_never_print() {
        let hash = TokenHash::of(&SeatToken::from_bytes([9; 16]));
        assert_eq!(TokenHash::from_hex(&hash.to_hex()), Some(hash));
        assert_eq!(TokenHash::from_hex("zz"), None);
        assert_eq!(TokenHash::from_hex(&"é".repeat(32)), None);
        assert_eq!(format!("{hash:?}"), "TokenHash(..)");
    }

    #[test]
    fn a_computer_seat_is_journalled_with_its_program() {
        let line = r#"{"event":"seated","side":"black","name":"computer (level 5)","kind":"bot","token_sha256":"00","computer":{"level":5,"think_ms":1000}}"#;
        let event: Event = serde_json::from_str(line).unwrap();
        match &event {
            Event::Seated { computer, .. } => assert_eq!(
                computer,
                &Some(ComputerSeat {
                    opponent: Opponent::Level(amazons_core::Level::new(5).unwrap()),
                    think_ms: 1000
                })
            ),
            other => panic!("{other:?}"),
        }
        assert_eq!(serde_json::to_string(&event).unwrap(), line);
        let engine = ComputerSeat {
            opponent: Opponent::Engine("fairy".into()),
            think_ms: 200,
        };
        assert_eq!(
            serde_json::to_string(&engine).unwrap(),
            r#"{"engine":"fairy","think_ms":200}"#
        );
        let old =
            r#"{"event":"seated","side":"white","name":"ann","kind":"human","token_sha256":"00"}"#;
        assert!(matches!(
            serde_json::from_str::<Event>(old).unwrap(),
            Event::Seated { computer: None, .. }
        ));
    }

    #[test]
    fn durable_events_keep_the_journal_format() {
        let line = r#"{"event":"moved","ply":3,"move":"d1-d7/g7","time_ms":5}"#;
        let event: Event = serde_json::from_str(line).unwrap();
        assert!(event.is_durable());
        assert_eq!(serde_json::to_string(&event).unwrap(), line);
        let transient = Event::Detached { conn: 1 };
        assert!(!transient.is_durable());
        assert!(serde_json::to_string(&transient).is_err());
    }
}
