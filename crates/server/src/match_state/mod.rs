//! One match as a pure value: seats, the core [`Game`] (position, moves,
//! clocks, outcome), spectators, the rematch. No journal, no channels, no
//! runtime, no clock reading: time comes in as a value (`now: Instant`).
//!
//! A request is first *decided* ([`Match::decide`] in `decide.rs`: every
//! refusal rule lives there), giving the [`Event`]s it causes; the match task
//! journals the durable ones, then *applies* them ([`Match::apply`] in
//! `apply.rs`),
//! then asks what to tell whom ([`Match::outputs`] in `views.rs`). Timers are
//! the same: [`Match::next_deadline`] says when something falls due, and
//! [`Match::tick`] decides what (a flag, an expired grace period, the
//! clear-away of a finished match). Journal recovery replays durable events
//! through the same `apply` ([`Match::restore`]); unit tests and the fuzz
//! target drive this same type.
//!
//! # Layout
//! - `event.rs`: [`Event`], durable (journalled) and transient.
//! - `request.rs`: [`Request`], [`Refusal`], the match-creation rules.
//! - `decide.rs`: [`Match::decide`] and [`Match::tick`]: who may do what, when.
//! - `apply.rs`: [`Match::apply`]: what each event changes.
//! - `views.rs`: snapshots, summaries, clocks and the messages each event
//!   sends ([`Output`]).

mod apply;
mod decide;
mod event;
mod request;
mod views;

#[cfg(test)]
mod tests;

use std::time::{Duration, Instant, SystemTime};

use amazons_core::{
    BySide, Game, GameRecord, Outcome, PlayerInfo, PlayerKind, Position, RecordMeta, Side,
    TimeControl,
};
use amazons_protocol::{MatchId, Rating, RatingChange};

pub use apply::Misfit;
pub use event::{ComputerSeat, ConnId, Echo, Event, Opponent, TokenHash, TournamentTag, Verdict};
pub use request::{Refusal, RematchSeed, Request, Terms, fresh_token, new_match_seat};
pub use views::{Output, Recipient};

/// The timing rules a match follows (from the server's configuration).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MatchRules {
    /// How long a player who dropped keeps the seat.
    pub grace: Duration,
    /// How long a finished match stays (for rematch offers, late resumes).
    pub linger: Duration,
}

/// A pairing of a monotonic instant with the wall-clock time at that
/// instant, so that a match given only `now: Instant` can stamp its events
/// and records in Unix milliseconds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WallClock {
    /// An instant.
    instant: Instant,
    /// The Unix time at that instant.
    at: SystemTime,
}

impl WallClock {
    /// `at` was the wall-clock time at `instant`.
    pub fn new(instant: Instant, at: SystemTime) -> WallClock {
        WallClock { instant, at }
    }

    /// The wall-clock time at `now`.
    pub fn at(&self, now: Instant) -> SystemTime {
        match now.checked_duration_since(self.instant) {
            Some(after) => self.at + after,
            None => self.at - self.instant.duration_since(now),
        }
    }

    /// Unix milliseconds at `now`.
    pub fn unix_ms(&self, now: Instant) -> u64 {
        amazons_core::unix_ms(self.at(now))
    }
}

/// A taken seat.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Seat {
    /// Who sits there.
    player: PlayerInfo,
    /// SHA-256 of the seat token.
    token: TokenHash,
    /// The connection holding the seat now, if any.
    conn: Option<ConnId>,
    /// When the seat of a player who is away is given up (while the game is
    /// not over).
    grace_until: Option<Instant>,
    /// Whether the player was connected at the end of the game or has come
    /// back since, and so knows how it ended.
    told_end: bool,
    /// Whether the connection holding the seat wants `legal_moves`.
    legal_moves: bool,
    /// The server's computer player sits here, running this.
    computer: Option<ComputerSeat>,
}

/// The server's computer player taking the other seat of a match being
/// created: who it is, what it runs, its seat token and its connection.
#[derive(Clone, Debug)]
pub struct ComputerJoin {
    /// Its name (`computer (level 5)`, an engine's name) and kind (`bot`).
    pub player: PlayerInfo,
    /// What it runs.
    pub seat: ComputerSeat,
    /// Its seat token.
    pub token: amazons_protocol::SeatToken,
    /// The connection it plays through.
    pub conn: ConnId,
}

/// Why a journal's events do not rebuild a match.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RestoreError {
    /// The first event is not `created`.
    #[error("the journal does not start with the match's creation")]
    NotCreatedFirst,
    /// An event does not fit the match as rebuilt so far.
    #[error("event {number}: {problem}")]
    BadEvent {
        /// 1-based index of the event.
        number: usize,
        /// Why it does not fit.
        problem: Misfit,
    },
}

/// One match. See the module documentation.
#[derive(Clone, Debug)]
pub struct Match {
    /// The match.
    id: MatchId,
    /// Grace and linger periods.
    rules: MatchRules,
    /// Turns instants into Unix time for events and records.
    wall: WallClock,
    /// Both seats.
    seats: BySide<Option<Seat>>,
    /// Position, moves, clocks and outcome.
    game: Game,
    /// When the game started (Unix ms), once both seats were taken.
    started_at_ms: Option<u64>,
    /// When the game ended (Unix ms), once its end is journalled.
    ended_at_ms: Option<u64>,
    /// When the game's last move left the side to move without a move, while
    /// its end is not journalled yet (only after a restore whose journal
    /// stops between the two): the end falls due then.
    end_due: Option<Instant>,
    /// Connections watching.
    spectators: Vec<ConnId>,
    /// A pending rematch offer, by the side that made it.
    rematch_offer: Option<Side>,
    /// The rematch, once started (one per match).
    rematch: Option<MatchId>,
    /// The finished match this one is a rematch of (from its `created`
    /// event), for the record.
    rematch_of: Option<MatchId>,
    /// Created rated (from its `created` event); whether the game counts is
    /// [`Match::is_rated`].
    created_rated: bool,
    /// A proven territory count ends the game (from its `created` event).
    end_when_decided: bool,
    /// The players may use the territory view (from its `created` event).
    assistance: bool,
    /// What exact counting proved about the current position (set by the
    /// match task with `judged`, cleared by every move).
    verdict: Option<Box<Verdict>>,
    /// How a game ended on territory was proven (from its `ended` event).
    territory: Option<amazons_core::TerritoryEnd>,
    /// Each seated player's rating as the server's table shows it now (set
    /// by the match task, [`Match::show_ratings`]; `None` for a guest).
    ratings: BySide<Option<Rating>>,
    /// What the finished rated game did to both ratings, once counted.
    rating_change: Option<BySide<RatingChange>>,
    /// Whether the record of the finished game is on disk.
    recorded: bool,
    /// The tournament game this is (from its `created` event).
    tournament: Option<TournamentTag>,
    /// For a tournament game not started: when a seat not taken by then is
    /// forfeited (the grace period from the round's start, or from a
    /// restart).
    forfeit_at: Option<Instant>,
    /// When a finished match leaves the server.
    linger_until: Option<Instant>,
    /// The match has left the server (its task ends).
    cleared: bool,
}

impl Match {
    /// A new, empty match: the state after its `created` event.
    pub fn new(id: MatchId, terms: &Terms, rules: MatchRules, wall: WallClock) -> Match {
        let game = match terms.initial {
            Some(initial) => Game::from_position(initial, terms.time_control),
            None => Game::new(terms.time_control),
        };
        Match {
            id,
            rules,
            wall,
            seats: BySide::new(None, None),
            game,
            started_at_ms: None,
            ended_at_ms: None,
            end_due: None,
            spectators: Vec::new(),
            rematch_offer: None,
            rematch: None,
            rematch_of: None,
            created_rated: terms.rated,
            end_when_decided: terms.end_when_decided,
            assistance: terms.assistance,
            verdict: None,
            territory: None,
            ratings: BySide::new(None, None),
            rating_change: None,
            recorded: false,
            tournament: None,
            forfeit_at: None,
            linger_until: None,
            cleared: false,
        }
    }

    /// The events that create a match and seat its creator on `side` with
    /// `token`, connected as `conn` (which wants `legal_moves` or not): what
    /// `create_match` journals. With `computer`, the server's computer
    /// player takes the other seat in the same breath and the game starts,
    /// so the match is never seen with a free seat.
    pub fn creation_events(
        terms: &Terms,
        creator: &PlayerInfo,
        side: Side,
        token: amazons_protocol::SeatToken,
        (conn, legal_moves): (ConnId, bool),
        computer: Option<ComputerJoin>,
        created_at_ms: u64,
    ) -> Vec<Event> {
        let mut events = vec![
            terms.created(created_at_ms, None, None),
            seated(side, creator, &token, None),
            Event::Attached {
                side,
                conn,
                joined: Some(token),
                replaced: None,
                legal_moves,
            },
        ];
        if let Some(computer) = computer {
            let other = side.opponent();
            events.push(seated(
                other,
                &computer.player,
                &computer.token,
                Some(&computer.seat),
            ));
            events.push(Event::Attached {
                side: other,
                conn: computer.conn,
                joined: Some(computer.token),
                replaced: None,
                legal_moves: false,
            });
            events.push(Event::Started {
                at_ms: created_at_ms,
            });
        }
        events
    }

    /// The events that create the match of a tournament game: both seats
    /// kept for their entrants (`tag`), and each computer entrant
    /// (`computers`, by side) seated and attached at once; when both are
    /// computers the game starts. A tournament game starts from the
    /// standard position, without assistance, and ends as soon as its
    /// territory count is proven, so that the tournament's game-score
    /// tie-break has each such game's margin (and no entrant, the computer
    /// included, has to play out a decided game).
    pub fn tournament_events(
        (time_control, rated): (TimeControl, bool),
        tag: TournamentTag,
        computers: BySide<Option<ComputerJoin>>,
        created_at_ms: u64,
    ) -> Vec<Event> {
        let terms = Terms {
            rated,
            end_when_decided: true,
            ..Terms::casual(time_control)
        };
        let mut events = vec![terms.created(created_at_ms, None, Some(tag))];
        let both = computers.iter().all(Option::is_some);
        for (side, computer) in Side::BOTH.into_iter().zip(computers.iter()) {
            if let Some(computer) = computer {
                events.push(seated(
                    side,
                    &computer.player,
                    &computer.token,
                    Some(&computer.seat),
                ));
                events.push(Event::Attached {
                    side,
                    conn: computer.conn,
                    joined: Some(computer.token),
                    replaced: None,
                    legal_moves: false,
                });
            }
        }
        if both {
            events.push(Event::Started {
                at_ms: created_at_ms,
            });
        }
        events
    }

    /// Builds a match from its events (the first must be `created`), all
    /// applied at `now`. Used for matches being created (before anyone can
    /// reach them) and for journal recovery.
    pub fn from_events(
        id: MatchId,
        events: &[Event],
        rules: MatchRules,
        wall: WallClock,
        now: Instant,
    ) -> Result<Match, RestoreError> {
        let Some(
            created @ Event::Created {
                rematch_of,
                tournament,
                ..
            },
        ) = events.first()
        else {
            return Err(RestoreError::NotCreatedFirst);
        };
        let terms = Terms::of_created(created)
            .map_err(|problem| RestoreError::BadEvent { number: 1, problem })?;
        let mut state = Match::new(id, &terms, rules, wall);
        state.rematch_of = *rematch_of;
        state.tournament = tournament.clone();
        for (index, event) in events.iter().enumerate().skip(1) {
            state
                .apply(event, now)
                .map_err(|problem| RestoreError::BadEvent {
                    number: index + 1,
                    problem,
                })?;
        }
        if state.tournament.is_some() && !state.is_started() && !state.is_over() {
            state.forfeit_at = Some(now + rules.grace);
        }
        Ok(state)
    }

    /// Rebuilds a match from the journal after a restart, at `now`. Nobody is
    /// connected: every seated player of a game not over gets the grace
    /// period from `now` to come back, and the side to move's clock restarts
    /// at `now` with the time it had after the last move (no time runs while
    /// the server is down). A finished match stays for the linger period
    /// from `now`, so that its players can still learn how it ended. A game
    /// whose last journalled move ended it but whose end is not journalled
    /// ends at once (its end is due at `now`). `recorded` says whether its
    /// record is already on disk.
    pub fn restore(
        id: MatchId,
        events: &[Event],
        rules: MatchRules,
        wall: WallClock,
        now: Instant,
        recorded: bool,
    ) -> Result<Match, RestoreError> {
        let mut state = Match::from_events(id, events, rules, wall, now)?;
        state.recorded = recorded;
        if state.is_over() {
            state.linger_until = Some(now + rules.linger);
        } else {
            for seat in state.seats.iter_mut().flatten() {
                seat.grace_until = Some(now + rules.grace);
            }
        }
        Ok(state)
    }

    /// The tournament game this match is, if it is one.
    pub fn tournament(&self) -> Option<&TournamentTag> {
        self.tournament.as_ref()
    }

    /// The match's id.
    pub fn id(&self) -> MatchId {
        self.id
    }

    /// The game: position, moves, clocks, outcome.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether the game has ended (its end may not be journalled yet).
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// Whether the game started (both seats were taken).
    pub fn is_started(&self) -> bool {
        self.started_at_ms.is_some()
    }

    /// Whether the match has left the server: its task can end.
    pub fn is_cleared(&self) -> bool {
        self.cleared
    }

    /// The rematch, once started.
    pub fn rematch(&self) -> Option<MatchId> {
        self.rematch
    }

    /// Whether the finished game still needs its record written: it started,
    /// its end is journalled, and the record is not on disk yet.
    pub fn needs_record(&self) -> bool {
        self.is_started() && self.ended_at_ms.is_some() && !self.recorded
    }

    /// Whether the record of the finished game is on disk.
    pub fn is_recorded(&self) -> bool {
        self.recorded
    }

    /// The seat `side`'s player.
    pub fn player(&self, side: Side) -> Option<&PlayerInfo> {
        self.seats[side].as_ref().map(|s| &s.player)
    }

    /// The seats where the server's computer player sits, with what it runs.
    pub fn computer_seats(&self) -> impl Iterator<Item = (Side, &ComputerSeat)> + '_ {
        Side::BOTH.into_iter().filter_map(|side| {
            self.seats[side]
                .as_ref()
                .and_then(|s| s.computer.as_ref())
                .map(|c| (side, c))
        })
    }

    /// The seat a connection holds.
    pub fn seat_of_conn(&self, conn: ConnId) -> Option<Side> {
        Side::BOTH.into_iter().find(|side| {
            self.seats[*side]
                .as_ref()
                .is_some_and(|s| s.conn == Some(conn))
        })
    }

    /// The seat a token belongs to.
    fn seat_of_token(&self, token: &amazons_protocol::SeatToken) -> Option<Side> {
        let hash = TokenHash::of(token);
        Side::BOTH
            .into_iter()
            .find(|side| self.seats[*side].as_ref().is_some_and(|s| s.token == hash))
    }

    /// The connection holding `side`'s seat, if it asked for `legal_moves`.
    fn legal_moves_conn(&self, side: Side) -> Option<ConnId> {
        self.seats[side]
            .as_ref()
            .filter(|s| s.legal_moves)
            .and_then(|s| s.conn)
    }

    /// The connection holding `side`'s seat.
    pub fn conn_of(&self, side: Side) -> Option<ConnId> {
        self.seats[side].as_ref().and_then(|s| s.conn)
    }

    /// Every connection taking part: seated players first, then spectators.
    pub fn audience(&self) -> impl Iterator<Item = ConnId> + '_ {
        self.seats
            .iter()
            .flatten()
            .filter_map(|s| s.conn)
            .chain(self.spectators.iter().copied())
    }

    /// The earliest instant at which [`Match::tick`] has something to do: a
    /// game end that is due, a flag, a grace period's end, the clear-away of
    /// a finished match.
    pub fn next_deadline(&self) -> Option<Instant> {
        if self.cleared {
            return None;
        }
        let mut deadline: Option<Instant> = None;
        let mut consider = |at: Option<Instant>| {
            if let Some(at) = at {
                deadline = Some(deadline.map_or(at, |d| d.min(at)));
            }
        };
        consider(self.end_due);
        if !self.is_over() && !self.is_started() {
            consider(self.forfeit_at);
        }
        if !self.is_over() {
            consider(self.game.flag_deadline().map(|(_, at)| at));
            for seat in self.seats.iter().flatten() {
                consider(seat.grace_until);
            }
        }
        consider(self.linger_until);
        deadline
    }

    /// The finished game as a record (`None` before the end is journalled,
    /// and for a match that never started), naming the match it is a rematch
    /// of, if it is one.
    pub fn to_record(&self) -> Option<GameRecord> {
        let started = self.started_at_ms?;
        let ended = self.ended_at_ms?;
        let player = |side: Side| {
            self.player(side)
                .cloned()
                .unwrap_or(PlayerInfo::new("?", PlayerKind::Human))
        };
        let at = |ms: u64| SystemTime::UNIX_EPOCH + Duration::from_millis(ms);
        let mut meta = RecordMeta::new(
            self.id.to_string(),
            BySide::from_fn(player),
            at(started),
            at(ended),
        );
        if let Some(of) = self.rematch_of {
            meta = meta.rematch_of(of.to_string());
        }
        if let Some(tag) = &self.tournament {
            meta = meta.tournament(tag.tournament_id.to_string(), tag.round);
        }
        if let Some(end) = &self.territory {
            meta = meta.territory(end.clone());
        }
        GameRecord::from_game(&self.game, meta.rated(self.is_rated()))
    }

    /// The events that open the rematch of this finished match: the same
    /// time control, colours swapped, both players seated (with `seed`'s
    /// tokens) on the connections they hold now, and the game started, all
    /// at once, so that the rematch is never seen with a free seat.
    pub fn rematch_events(&self, seed: &RematchSeed, now: Instant) -> Vec<Event> {
        let at_ms = self.wall.unix_ms(now);
        let mut events = vec![self.terms().created(at_ms, Some(self.id), None)];
        // The old black sits white, and the old white black.
        for new_side in Side::BOTH {
            let old = new_side.opponent();
            if let Some(seat) = &self.seats[old] {
                let token = seed.tokens[new_side];
                events.push(seated(
                    new_side,
                    &seat.player,
                    &token,
                    seat.computer.as_ref(),
                ));
                if let Some(conn) = seat.conn {
                    events.push(Event::Attached {
                        side: new_side,
                        conn,
                        joined: Some(token),
                        replaced: None,
                        legal_moves: seat.legal_moves,
                    });
                }
            }
        }
        events.push(Event::Started { at_ms });
        events
    }

    /// How this match is played: what it was created with (a rematch is
    /// created with the same).
    pub fn terms(&self) -> Terms {
        let initial = self.game.initial();
        Terms {
            time_control: self.game.time_control(),
            rated: self.created_rated,
            end_when_decided: self.end_when_decided,
            assistance: self.assistance,
            initial: (initial != Position::start()).then_some(initial),
        }
    }

    /// Grace and linger periods.
    pub fn rules(&self) -> MatchRules {
        self.rules
    }

    /// Unix milliseconds at `now`.
    pub fn unix_ms(&self, now: Instant) -> u64 {
        self.wall.unix_ms(now)
    }

    /// The outcome, if the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// How exact counting proved the result of a game ended on territory.
    pub fn territory(&self) -> Option<&amazons_core::TerritoryEnd> {
        self.territory.as_ref()
    }

    /// Whether the game counts for ratings: created rated, and every seated
    /// player identified, by different ids. Before the game begins this is
    /// what it will be if the one who joins is identified by another id;
    /// once it has begun (both seats are fixed) it is settled.
    pub fn is_rated(&self) -> bool {
        let ids: Vec<Option<&amazons_core::PlayerId>> = self
            .seats
            .iter()
            .flatten()
            .map(|seat| seat.player.id.as_ref())
            .collect();
        self.created_rated
            && ids.iter().all(Option::is_some)
            && !(ids.len() == 2 && ids[0] == ids[1])
    }

    /// Sets each identified seated player's rating as the server's table
    /// shows it (`rating_of` their id), for seats, the lobby and snapshots.
    pub fn show_ratings(&mut self, rating_of: impl Fn(&amazons_core::PlayerId) -> Rating) {
        self.ratings = BySide::from_fn(|side| {
            self.seats[side]
                .as_ref()
                .and_then(|seat| seat.player.id.as_ref())
                .map(&rating_of)
        });
    }

    /// What the finished rated game did to both ratings, for `game_over`.
    pub fn set_rating_change(&mut self, change: BySide<RatingChange>) {
        self.rating_change = Some(change);
    }
}

/// The `seated` event for `player` on `side` with `token` (the server's
/// computer player when `computer` says what it runs).
fn seated(
    side: Side,
    player: &PlayerInfo,
    token: &amazons_protocol::SeatToken,
    computer: Option<&ComputerSeat>,
) -> Event {
    Event::Seated {
        side,
        name: player.name.clone(),
        kind: player.kind,
        token_sha256: TokenHash::of(token).to_hex(),
        computer: computer.cloned(),
        id: player.id.clone(),
    }
}
