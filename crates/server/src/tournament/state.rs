//! One tournament as a value: who entered, the rounds paired and their
//! results, and what the organiser has asked (paused, ending). Every rule of
//! who may do what, and when, lives here; no I/O and no clocks. The actor
//! (`actor.rs`) persists this value whole after every change, and builds
//! the wire's view from it.

use amazons_core::{PlayerId, PlayerInfo, PlayerKind, Side, TimeControl};
use amazons_protocol::{
    Entrant, ErrorCode, MatchId, Rating, StandingRow, TournamentGame, TournamentId,
    TournamentRound, TournamentStatus, TournamentSummary, TournamentView, name_key,
};
use amazons_tournament::{Format, GameResult, Round};
use serde::{Deserialize, Serialize};

use super::pairing;
use crate::match_state::{ComputerSeat, Refusal};

/// The layout version of a persisted tournament and of its record.
pub const TOURNAMENT_SCHEMA_VERSION: u32 = 1;

/// A player by public id and name (the organiser).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Person {
    /// Their key's public id.
    pub id: PlayerId,
    /// Their name.
    pub name: String,
}

/// One entrant: an identity (a player key's public id, or a computer
/// player's), how it shows, and whether it is still playing.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct EntrantState {
    /// The identity its seats are kept for.
    pub id: PlayerId,
    /// Its name.
    pub name: String,
    /// Person or program.
    pub kind: PlayerKind,
    /// The server's computer player, running this (seated at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerSeat>,
    /// Its rating when the tournament started (seeding).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rating>,
    /// Withdrew or was removed after the start.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
}

/// One round: the pairing crate's round (entrant indices, results) and the
/// match of each game, board by board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RoundState {
    /// Pairings, results and the bye.
    pub round: Round,
    /// Each board's match, once created (`None` for a game forfeited before
    /// it was created).
    #[serde(default)]
    pub matches: Vec<Option<MatchId>>,
}

impl RoundState {
    /// Whether every game of the round has its result.
    pub fn is_over(&self) -> bool {
        self.round.pairings.iter().all(|p| p.result.is_some())
    }
}

/// A game of the current round that still needs its match created.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Unmade {
    /// The board (index in the round).
    pub board: usize,
    /// White's and black's entrant indices.
    pub white: usize,
    /// Black's.
    pub black: usize,
}

/// A game waiting for one entrant to take its seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Waiting {
    /// The round, 1 for the first.
    pub round: u32,
    /// The match.
    pub match_id: MatchId,
    /// The entrant's seat.
    pub seat: Side,
    /// The opponent's name.
    pub opponent: String,
}

/// One tournament (see the module documentation); its serde form is what
/// the live file and the record hold.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Tournament {
    /// Layout version ([`TOURNAMENT_SCHEMA_VERSION`]).
    pub schema: u32,
    /// The tournament.
    pub id: TournamentId,
    /// Its title.
    pub title: String,
    /// Round robin or Swiss.
    pub format: Format,
    /// The clock of every game.
    pub time_control: TimeControl,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// Who created it (the role comes with the key).
    pub organiser: Person,
    /// The only names that may join, if the organiser closed entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry_list: Option<Vec<String>>,
    /// When it was created, Unix milliseconds.
    pub created_at_ms: u64,
    /// When it finished, Unix milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_at_ms: Option<u64>,
    /// Registering, running or finished.
    pub status: TournamentStatus,
    /// No new round is paired until resumed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub paused: bool,
    /// The organiser ended it: it finishes when the current round is over.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ending: bool,
    /// The entrants, in seeding order once started.
    pub entrants: Vec<EntrantState>,
    /// The rounds paired so far.
    #[serde(default)]
    pub rounds: Vec<RoundState>,
}

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(code, message))
}

/// What a withdrawal (or removal) leaves to do: the matches in which the
/// entrant's pending game must be forfeited or resigned for them.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Withdrawal {
    /// Each such match and the entrant's seat in it.
    pub games: Vec<(MatchId, Side)>,
}

impl Tournament {
    /// A tournament registering, with nobody entered yet.
    pub fn new(
        id: TournamentId,
        title: String,
        (format, time_control, rated): (Format, TimeControl, bool),
        organiser: Person,
        entry_list: Option<Vec<String>>,
        created_at_ms: u64,
    ) -> Tournament {
        Tournament {
            schema: TOURNAMENT_SCHEMA_VERSION,
            id,
            title,
            format,
            time_control,
            rated,
            organiser,
            entry_list,
            created_at_ms,
            finished_at_ms: None,
            status: TournamentStatus::Registering,
            paused: false,
            ending: false,
            entrants: Vec::new(),
            rounds: Vec::new(),
        }
    }

    /// Refuses unless `id` is the organiser's.
    pub fn check_organiser(&self, id: Option<&PlayerId>) -> Result<(), Refusal> {
        if id != Some(&self.organiser.id) {
            return refuse(
                ErrorCode::NotOrganiser,
                format!(
                    "only the organiser ({}) may do that, from a client with their player key",
                    self.organiser.name
                ),
            );
        }
        Ok(())
    }

    /// The index of the entrant `id`.
    pub fn entrant_of(&self, id: &PlayerId) -> Option<usize> {
        self.entrants.iter().position(|e| &e.id == id)
    }

    /// `join_tournament`: a keyed player enters while it registers (and is
    /// on the entry list, if there is one). Joining again changes nothing.
    pub fn join(&mut self, player: &PlayerInfo) -> Result<bool, Refusal> {
        let Some(id) = &player.id else {
            return refuse(
                ErrorCode::KeyRequired,
                "a tournament entrant needs a player key: say hello with your key",
            );
        };
        if self.status != TournamentStatus::Registering {
            return refuse(
                ErrorCode::RegistrationClosed,
                "this tournament has started: it takes no more entrants",
            );
        }
        if self.entrant_of(id).is_some() {
            return Ok(false);
        }
        if let Some(list) = &self.entry_list
            && !list.iter().any(|n| name_key(n) == name_key(&player.name))
        {
            return refuse(
                ErrorCode::RegistrationClosed,
                format!("`{}` is not on this tournament's entry list", player.name),
            );
        }
        if self
            .entrants
            .iter()
            .any(|e| name_key(&e.name) == name_key(&player.name))
        {
            return refuse(
                ErrorCode::BadTournament,
                format!("an entrant already goes by the name `{}`", player.name),
            );
        }
        self.entrants.push(EntrantState {
            id: id.clone(),
            name: player.name.clone(),
            kind: player.kind,
            computer: None,
            rating: None,
            withdrawn: false,
        });
        Ok(true)
    }

    /// `enter_computer`: the organiser enters one of the server's computer
    /// players (`player` is how it shows) while it registers; each once.
    pub fn enter_computer(
        &mut self,
        player: &PlayerInfo,
        seat: ComputerSeat,
    ) -> Result<(), Refusal> {
        if self.status != TournamentStatus::Registering {
            return refuse(
                ErrorCode::RegistrationClosed,
                "this tournament has started: it takes no more entrants",
            );
        }
        let Some(id) = &player.id else {
            return refuse(ErrorCode::Internal, "a computer player without an id");
        };
        if self.entrant_of(id).is_some() {
            return refuse(
                ErrorCode::BadTournament,
                format!("{} is already entered", player.name),
            );
        }
        self.entrants.push(EntrantState {
            id: id.clone(),
            name: player.name.clone(),
            kind: player.kind,
            computer: Some(seat),
            rating: None,
            withdrawn: false,
        });
        Ok(())
    }

    /// `withdraw_tournament` (for `id` itself) or `remove_entrant` (the
    /// organiser, naming them): before the start the entry goes; after it
    /// the entrant is not paired again, and the matches of their pending
    /// games come back to be forfeited or resigned for them.
    pub fn withdraw(&mut self, index: usize) -> Result<Withdrawal, Refusal> {
        match self.status {
            TournamentStatus::Finished => refuse(
                ErrorCode::TournamentNotRunning,
                "this tournament has finished",
            ),
            TournamentStatus::Registering => {
                self.entrants.remove(index);
                Ok(Withdrawal::default())
            }
            TournamentStatus::Running => {
                let entrant = &mut self.entrants[index];
                if entrant.withdrawn {
                    return Ok(Withdrawal::default());
                }
                entrant.withdrawn = true;
                let mut games = Vec::new();
                if let Some(round) = self.rounds.last() {
                    for (pairing, id) in round.round.pairings.iter().zip(&round.matches) {
                        let side = if pairing.white == index {
                            Side::First
                        } else if pairing.black == index {
                            Side::Second
                        } else {
                            continue;
                        };
                        if let (None, Some(id)) = (pairing.result, id) {
                            games.push((*id, side));
                        }
                    }
                }
                Ok(Withdrawal { games })
            }
        }
    }

    /// The index of the entrant named `name` (as names compare).
    pub fn entrant_named(&self, name: &str) -> Result<usize, Refusal> {
        self.entrants
            .iter()
            .position(|e| name_key(&e.name) == name_key(name))
            .map_or_else(
                || {
                    refuse(
                        ErrorCode::NotEntered,
                        format!("nobody named `{name}` entered"),
                    )
                },
                Ok,
            )
    }

    /// `start_tournament`: closes entry, seeds the field by `rating_of`
    /// (highest first, then by name), checks the format against it. The
    /// first round is paired by [`Tournament::pair_next`].
    pub fn start(&mut self, rating_of: impl Fn(&PlayerId) -> Rating) -> Result<(), Refusal> {
        if self.status != TournamentStatus::Registering {
            return refuse(
                ErrorCode::TournamentNotRunning,
                "this tournament has already started",
            );
        }
        if let Err(e) = pairing::validate(&self.format, self.entrants.len()) {
            return refuse(ErrorCode::BadTournament, e.to_string());
        }
        for entrant in &mut self.entrants {
            entrant.rating = Some(rating_of(&entrant.id));
        }
        self.entrants.sort_by(|a, b| {
            let rating = |e: &EntrantState| e.rating.map_or(0, |r| r.rating);
            rating(b)
                .cmp(&rating(a))
                .then_with(|| name_key(&a.name).cmp(&name_key(&b.name)))
        });
        self.status = TournamentStatus::Running;
        Ok(())
    }

    /// How many rounds it has with its field now.
    pub fn rounds_planned(&self) -> u32 {
        pairing::rounds_planned(&self.format, self.entrants.len().max(2))
    }

    /// Whether the current round (if any) has all its results.
    pub fn round_over(&self) -> bool {
        self.rounds.last().is_none_or(RoundState::is_over)
    }

    /// Whether a next round is due: running, not paused, not ending, the
    /// round over, and rounds left.
    pub fn next_round_due(&self) -> bool {
        self.status == TournamentStatus::Running
            && !self.paused
            && !self.ending
            && self.round_over()
            && (self.rounds.len() as u32) < self.rounds_planned()
    }

    /// Whether it is done: running, its round over, and either ending or out
    /// of rounds.
    pub fn finish_due(&self) -> bool {
        self.status == TournamentStatus::Running
            && self.round_over()
            && (self.ending || self.rounds.len() as u32 >= self.rounds_planned())
    }

    /// Pairs the next round. A game with a withdrawn entrant is forfeited at
    /// once (the pairing stands; the one still playing wins, nobody when
    /// both withdrew).
    pub fn pair_next(&mut self) -> Result<(), Refusal> {
        let withdrawn: Vec<usize> = (0..self.entrants.len())
            .filter(|i| self.entrants[*i].withdrawn)
            .collect();
        let played: Vec<Round> = self.rounds.iter().map(|r| r.round.clone()).collect();
        let mut round = pairing::pair(&self.format, self.entrants.len(), &withdrawn, &played)
            .map_err(|e| Refusal::new(ErrorCode::BadTournament, e.to_string()))?;
        for pairing in &mut round.pairings {
            let out = |i: usize| self.entrants[i].withdrawn;
            pairing.result = match (out(pairing.white), out(pairing.black)) {
                (false, false) => None,
                (white, black) => Some(GameResult {
                    winner: match (white, black) {
                        (true, false) => Some(Side::Second),
                        (false, true) => Some(Side::First),
                        _ => None,
                    },
                    forfeit: true,
                    margin: None,
                }),
            };
        }
        let boards = round.pairings.len();
        self.rounds.push(RoundState {
            round,
            matches: vec![None; boards],
        });
        Ok(())
    }

    /// The games of the current round that need their match created.
    pub fn unmade(&self) -> Vec<Unmade> {
        let Some(round) = self.rounds.last() else {
            return Vec::new();
        };
        round
            .round
            .pairings
            .iter()
            .zip(&round.matches)
            .enumerate()
            .filter(|(_, (p, m))| p.result.is_none() && m.is_none())
            .map(|(board, (p, _))| Unmade {
                board,
                white: p.white,
                black: p.black,
            })
            .collect()
    }

    /// Stores a game's result (from its match); `false` when the match is
    /// none of this tournament's games waiting for one.
    pub fn record(&mut self, match_id: MatchId, result: GameResult) -> bool {
        for round in &mut self.rounds {
            for (pairing, id) in round.round.pairings.iter_mut().zip(&round.matches) {
                if *id == Some(match_id) && pairing.result.is_none() {
                    pairing.result = Some(result);
                    return true;
                }
            }
        }
        false
    }

    /// The games of the current round without a result in which entrant
    /// `index` plays (and is not a computer): what `tournament_game` tells.
    pub fn waiting_for(&self, index: usize) -> Vec<Waiting> {
        let Some(round) = self.rounds.last() else {
            return Vec::new();
        };
        if self.entrants[index].computer.is_some() || self.status != TournamentStatus::Running {
            return Vec::new();
        }
        let number = self.rounds.len() as u32;
        round
            .round
            .pairings
            .iter()
            .zip(&round.matches)
            .filter(|(p, _)| p.result.is_none())
            .filter_map(|(p, id)| {
                let id = (*id)?;
                let (seat, opponent) = if p.white == index {
                    (Side::First, p.black)
                } else if p.black == index {
                    (Side::Second, p.white)
                } else {
                    return None;
                };
                Some(Waiting {
                    round: number,
                    match_id: id,
                    seat,
                    opponent: self.entrants[opponent].name.clone(),
                })
            })
            .collect()
    }

    /// The line of the list.
    pub fn summary(&self) -> TournamentSummary {
        TournamentSummary {
            id: self.id,
            title: self.title.clone(),
            format: self.format,
            time_control: self.time_control,
            rated: self.rated,
            status: self.status,
            paused: self.paused,
            organiser: self.organiser.name.clone(),
            entrant_count: self.entrants.len() as u32,
            round: self.rounds.len() as u32,
            rounds_planned: self.rounds_planned(),
        }
    }

    /// The whole view, crosstable included; `connected` says whether an
    /// entrant (not a computer) has a connection open now.
    pub fn view(&self, connected: impl Fn(&PlayerId) -> bool) -> TournamentView {
        let name = |i: usize| self.entrants[i].name.clone();
        let rounds = self
            .rounds
            .iter()
            .enumerate()
            .map(|(n, r)| TournamentRound {
                number: n as u32 + 1,
                games: r
                    .round
                    .pairings
                    .iter()
                    .zip(&r.matches)
                    .map(|(p, id)| TournamentGame {
                        white: name(p.white),
                        black: name(p.black),
                        match_id: *id,
                        result: p.result,
                    })
                    .collect(),
                bye: r.round.bye.map(name),
            })
            .collect();
        let played: Vec<Round> = self.rounds.iter().map(|r| r.round.clone()).collect();
        let standings = if self.status == TournamentStatus::Registering {
            Vec::new()
        } else {
            pairing::standings(&self.format, self.entrants.len(), &played)
                .into_iter()
                .map(|row| StandingRow {
                    rank: row.rank,
                    name: name(row.entrant),
                    points: row.points,
                    games: row.games,
                    tiebreaks: row.tiebreaks,
                })
                .collect()
        };
        TournamentView {
            summary: self.summary(),
            entry_list: self.entry_list.clone(),
            entrants: self
                .entrants
                .iter()
                .map(|e| Entrant {
                    name: e.name.clone(),
                    kind: e.kind,
                    rating: e.rating,
                    withdrawn: e.withdrawn,
                    connected: e.computer.is_some() || connected(&e.id),
                })
                .collect(),
            rounds,
            standings,
            crosstable: Vec::new(),
        }
        .with_crosstable()
    }
}
