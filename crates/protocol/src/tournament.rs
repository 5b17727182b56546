//! What a client sees of a tournament: the line in the list, and the full
//! view (entrants, rounds, standings) sent to whoever watches it. The
//! pairing rules and the tie-breaks are `amazons-tournament`'s; this module
//! is their wire form, by name rather than by entrant index.

use core::fmt;
use core::str::FromStr;

use amazons_core::{PlayerKind, TimeControl};
use std::collections::HashMap;

pub use amazons_tournament::{CrossScore, Format, FormatName, GameResult, Tiebreak};
use amazons_tournament::{Pairing, Round};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::ids::MatchId;
use crate::rating::Rating;

/// Names one tournament on a server (a UUID, like a match id, so that the
/// tournament records of different server runs never collide).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TournamentId(pub Uuid);

impl TournamentId {
    /// A fresh random id, made by the server when a tournament is created.
    pub fn random() -> TournamentId {
        TournamentId(Uuid::new_v4())
    }
}

impl fmt::Display for TournamentId {
    /// The hyphenated lower-case UUID, as on the wire and in file names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.hyphenated(), f)
    }
}

impl fmt::Debug for TournamentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TournamentId({self})")
    }
}

impl FromStr for TournamentId {
    type Err = uuid::Error;
    /// Reads a UUID in any form the `uuid` crate accepts.
    fn from_str(s: &str) -> Result<TournamentId, uuid::Error> {
        Uuid::parse_str(s).map(TournamentId)
    }
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// Entrants may join and withdraw; nothing is paired yet.
    Registering,
    /// Rounds are being played (see `paused`).
    Running,
    /// Every round is played, or the organiser ended it early; the record is
    /// in the history.
    Finished,
}

/// One entrant as everyone may see them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Entrant {
    /// The entrant's name (a key-bound name, or a computer player's).
    pub name: String,
    /// Person or program.
    pub kind: PlayerKind,
    /// The entrant's rating when the tournament started (or now, while
    /// registering); absent when unrated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rating>,
    /// Withdrew or was removed: not paired again, pending games forfeited.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
    /// Whether a connection of this entrant is open now (computer players
    /// always are).
    pub connected: bool,
}

/// One game of a round, by the entrants' names.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentGame {
    /// Who moves first.
    pub white: String,
    /// Who moves second.
    pub black: String,
    /// The match, once created (watch it with `spectate`; its record, once
    /// finished, is `GET /api/games/{match_id}`). Absent for a game forfeited
    /// before it was created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_id: Option<MatchId>,
    /// The result, once known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
}

/// One round: its games (board 1 first) and the bye.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentRound {
    /// 1 for the first round.
    pub number: u32,
    /// The games.
    pub games: Vec<TournamentGame>,
    /// Who has the bye (scored as a win), if anyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<String>,
}

/// One tie-break's value for one entrant.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TiebreakValue {
    /// Which tie-break.
    pub kind: Tiebreak,
    /// Its value (every tie-break is a whole number: Amazons has no draws).
    pub value: i64,
}

/// One line of the standings, best first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct StandingRow {
    /// 1 for the leader; entrants equal on points and every tie-break share
    /// a rank.
    pub rank: u32,
    /// The entrant.
    pub name: String,
    /// Wins, byes and forfeit wins.
    pub points: u32,
    /// Games played or forfeited, and byes.
    pub games: u32,
    /// The tie-breaks in the order they apply to this format.
    pub tiebreaks: Vec<TiebreakValue>,
}

/// One row of a round robin's crosstable.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CrosstableRow {
    /// The entrant.
    pub name: String,
    /// Their points (as in the standings).
    pub points: u32,
    /// Against each entrant of the crosstable, in its row order: this
    /// entrant's scores, one a game in round order, `pending` for a game
    /// being played or still to be paired; empty against themself.
    pub scores: Vec<Vec<CrossScore>>,
}

/// A tournament as a line of the list (`tournament_list`,
/// `GET /api/tournaments`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentSummary {
    /// The tournament.
    pub id: TournamentId,
    /// Its title.
    pub title: String,
    /// Round robin or Swiss, with its cycles or rounds.
    pub format: Format,
    /// The clock of every game.
    pub time_control: TimeControl,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// Registering, running or finished.
    pub status: TournamentStatus,
    /// The organiser paused it: no new round starts until resumed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub paused: bool,
    /// The organiser's name.
    pub organiser: String,
    /// Entrants (withdrawn ones included).
    pub entrant_count: u32,
    /// The round being played or last played (0 before the start).
    pub round: u32,
    /// How many rounds it has (for a round robin, known once the field is
    /// closed at the start; until then as many as the field now needs).
    pub rounds_planned: u32,
}

/// Everything about a tournament: sent to whoever watches it
/// (`tournament_updated`) and read at `GET /api/tournaments/{id}`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentView {
    /// The line of the list.
    #[serde(flatten)]
    pub summary: TournamentSummary,
    /// The entry list, when the organiser closed entry to these names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry_list: Option<Vec<String>>,
    /// The entrants in seeding order (strongest first once started).
    pub entrants: Vec<Entrant>,
    /// Every round paired so far.
    #[serde(default)]
    pub rounds: Vec<TournamentRound>,
    /// The standings now (final once finished).
    #[serde(default)]
    pub standings: Vec<StandingRow>,
    /// A round robin's crosstable once it has started, rows in standings
    /// order: computed here once ([`TournamentView::with_crosstable`]), so
    /// that every face draws the same table. Empty for a Swiss and while
    /// registering.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crosstable: Vec<CrosstableRow>,
}

impl TournamentView {
    /// This view with its crosstable made from its rounds and standings (by
    /// `amazons_tournament::crosstable`): the server sends every view so,
    /// and completes a record written before views carried one.
    pub fn with_crosstable(mut self) -> TournamentView {
        self.crosstable = self.crosstable_rows();
        self
    }

    /// The rounds as the pairing crate's [`Round`]s, each entrant given by
    /// its place in `names` (a game or bye of a name not there is left
    /// out): what the crate's standings and crosstable read.
    pub fn rounds_among(&self, names: &[&str]) -> Vec<Round> {
        let index: HashMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        self.rounds
            .iter()
            .map(|round| Round {
                pairings: round
                    .games
                    .iter()
                    .filter_map(|game| {
                        Some(Pairing {
                            white: *index.get(game.white.as_str())?,
                            black: *index.get(game.black.as_str())?,
                            result: game.result,
                        })
                    })
                    .collect(),
                bye: round
                    .bye
                    .as_deref()
                    .and_then(|name| index.get(name).copied()),
            })
            .collect()
    }

    /// The rows of the crosstable: the standings' order, then any entrant
    /// the standings lack; none while registering or for a format without
    /// a crosstable.
    fn crosstable_rows(&self) -> Vec<CrosstableRow> {
        if self.summary.status == TournamentStatus::Registering {
            return Vec::new();
        }
        let mut names: Vec<&str> = self.standings.iter().map(|row| row.name.as_str()).collect();
        for entrant in &self.entrants {
            if !names.contains(&entrant.name.as_str()) {
                names.push(&entrant.name);
            }
        }
        let rounds = self.rounds_among(&names);
        let Some(table) =
            amazons_tournament::crosstable(&self.summary.format, names.len(), &rounds)
        else {
            return Vec::new();
        };
        let points: HashMap<&str, u32> = self
            .standings
            .iter()
            .map(|row| (row.name.as_str(), row.points))
            .collect();
        names
            .iter()
            .zip(table)
            .map(|(name, scores)| CrosstableRow {
                name: name.to_string(),
                points: points.get(name).copied().unwrap_or(0),
                scores,
            })
            .collect()
    }
}

/// `GET /api/tournaments`: every tournament the server holds, live and
/// finished, newest first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentsPage {
    /// One line each.
    pub tournaments: Vec<TournamentSummary>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(white: &str, black: &str, result: Option<GameResult>) -> TournamentGame {
        TournamentGame {
            white: white.into(),
            black: black.into(),
            match_id: None,
            result,
        }
    }

    fn view(status: TournamentStatus, format: Format) -> TournamentView {
        let entrant = |name: &str| Entrant {
            name: name.into(),
            kind: PlayerKind::Bot,
            rating: None,
            withdrawn: false,
            connected: true,
        };
        let row = |rank, name: &str, points| StandingRow {
            rank,
            name: name.into(),
            points,
            games: 1,
            tiebreaks: Vec::new(),
        };
        let won = GameResult {
            winner: Some(amazons_core::Side::Second),
            forfeit: false,
            margin: None,
        };
        TournamentView {
            summary: TournamentSummary {
                id: TournamentId(Uuid::nil()),
                title: "t".into(),
                format,
                time_control: TimeControl::Untimed,
                rated: false,
                status,
                paused: false,
                organiser: "ann".into(),
                entrant_count: 3,
                round: 1,
                rounds_planned: 3,
            },
            entry_list: None,
            entrants: vec![entrant("ann"), entrant("bob"), entrant("cy")],
            rounds: vec![TournamentRound {
                number: 1,
                games: vec![game("ann", "bob", Some(won))],
                bye: Some("cy".into()),
            }],
            standings: vec![row(1, "bob", 1), row(1, "cy", 1), row(3, "ann", 0)],
            crosstable: Vec::new(),
        }
    }

    #[test]
    fn a_round_robin_view_carries_its_crosstable_in_standings_order() {
        use CrossScore::*;
        let single = Format::RoundRobin { cycles: 1 };
        let rows = view(TournamentStatus::Running, single)
            .with_crosstable()
            .crosstable;
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["bob", "cy", "ann"]);
        assert_eq!(rows[0].scores, [vec![], vec![Pending], vec![Won]]);
        assert_eq!(rows[2].scores, [vec![Lost], vec![Pending], vec![]]);
        assert_eq!(rows.iter().map(|r| r.points).collect::<Vec<_>>(), [1, 1, 0]);
        let json = serde_json::to_value(view(TournamentStatus::Running, single).with_crosstable())
            .unwrap();
        assert_eq!(json["crosstable"][0]["scores"][2][0], "won");
        for (status, format) in [
            (TournamentStatus::Registering, single),
            (TournamentStatus::Running, Format::Swiss { rounds: 2 }),
        ] {
            let quiet = view(status, format).with_crosstable();
            assert!(quiet.crosstable.is_empty(), "{status:?} {format:?}");
            let json = serde_json::to_string(&quiet).unwrap();
            assert!(!json.contains("crosstable"), "{json}");
        }
    }

    #[test]
    fn the_protocol_documents_crosstables_are_the_computed_ones() {
        let doc = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/protocol.md"),
        )
        .expect("docs/protocol.md");
        let views: Vec<TournamentView> = doc
            .lines()
            .filter(|line| line.contains("\"crosstable\""))
            .map(|line| {
                let json: serde_json::Value = serde_json::from_str(line).expect("an example");
                let view = json.get("tournament").unwrap_or(&json).clone();
                serde_json::from_value(view).expect("a tournament view")
            })
            .collect();
        assert_eq!(
            views.len(),
            2,
            "tournament_updated and GET /api/tournaments/{{id}}"
        );
        for view in views {
            assert!(!view.crosstable.is_empty());
            assert_eq!(view.clone().with_crosstable(), view);
        }
    }

    #[test]
    fn the_pages_tournament_fixtures_carry_the_computed_crosstable() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/test/fixtures");
        for name in ["tournament-round-robin.json", "tournament-swiss.json"] {
            let text = std::fs::read_to_string(dir.join(name)).expect("a fixture");
            let view: TournamentView = serde_json::from_str(&text).expect("a tournament view");
            let computed = view.clone().with_crosstable().crosstable;
            assert!(
                view.crosstable == computed,
                "{name}: its crosstable should be {}",
                serde_json::to_string(&computed).unwrap()
            );
        }
    }
}
