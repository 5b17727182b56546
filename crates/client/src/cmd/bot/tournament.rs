//! `bot --tournament ID`: one process plays all of a bot's games in a
//! tournament. A coordinating connection watches the tournament (joining it
//! first while it registers and the bot is not entered), and for every
//! `tournament_game` starts the usual bot loop ([`super::play`]) on a
//! connection of its own for that match and seat, with its own engine: the
//! games of a round that pairs the bot more than once run at once. A server
//! restart costs nothing: each game's loop resumes its seat with its token,
//! and the coordinator watches again (the server sends `tournament_game`
//! again for a game not yet joined; one already being played is not started
//! twice). When the tournament finishes it prints the final standings and
//! exits 0.

use std::collections::HashSet;

use amazons_core::Side;
use amazons_protocol::tournament::{TournamentId, TournamentStatus, TournamentView};
use amazons_protocol::{ClientMessage, MatchId, MessageType, ServerMessage};
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;

use super::{Engine, Game, greeting, play};
use crate::cli::BotArgs;
use crate::cmd::tournament::{Client, WIDTH, render};
use crate::net::connection::{Backoff, NetEvent, connect};
use crate::store::player_key::KeyFile;

/// The words the coordinator fails with and prints, in one place, from the
/// catalogue.
mod words {
    /// Started before we entered.
    pub fn started_without_us(name: &str) -> String {
        t!("tournament-bot-started-without-us", name = name)
    }
    /// Removed or withdrawn.
    pub fn withdrawn(name: &str) -> String {
        t!("tournament-bot-withdrawn", name = name)
    }
    /// Finished.
    pub fn finished() -> String {
        t!("tournament-bot-finished")
    }
}

/// What the coordinator asks its loop to do.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Action {
    /// Send this.
    Send(ClientMessage),
    /// Play this game.
    Play {
        /// The match.
        match_id: MatchId,
        /// Our seat.
        seat: Side,
        /// The round, for the log.
        round: u32,
        /// The opponent, for the log.
        opponent: String,
    },
    /// The tournament is over: print these standings and stop.
    Finished(Box<TournamentView>),
}

/// The coordinator's state: which tournament, who we are, which games are
/// being played or done.
pub(crate) struct Coordinator {
    /// The tournament.
    id: TournamentId,
    /// Our name on the server (`welcome.name`).
    name: String,
    /// We asked to join (once).
    joining: bool,
    /// Games whose loop is running or ended well (not started again).
    started: HashSet<MatchId>,
}

impl Coordinator {
    /// Follows tournament `id`.
    pub(crate) fn new(id: TournamentId) -> Coordinator {
        Coordinator {
            id,
            name: String::new(),
            joining: false,
            started: HashSet::new(),
        }
    }

    /// A game's loop failed (its seat refused, say): if the server offers
    /// it again, it is played.
    pub(crate) fn game_failed(&mut self, match_id: MatchId) {
        self.started.remove(&match_id);
    }

    /// One connection event: what to do.
    pub(crate) fn on_event(&mut self, event: NetEvent) -> anyhow::Result<Vec<Action>> {
        let message = match event {
            NetEvent::Connected => {
                tracing::info!("connected; watching tournament {}", self.id);
                return Ok(vec![Action::Send(ClientMessage::WatchTournament {
                    tournament_id: self.id,
                })]);
            }
            NetEvent::Reconnecting {
                reason, retry_in, ..
            } => {
                tracing::warn!("connection lost ({reason}); reconnecting in {retry_in:?}");
                return Ok(Vec::new());
            }
            NetEvent::GaveUp(reason) => anyhow::bail!("{reason}"),
            NetEvent::Message(message) => message,
        };
        match message {
            ServerMessage::Welcome { name, .. } => self.name = name,
            ServerMessage::TournamentUpdated { tournament } if tournament.summary.id == self.id => {
                return self.on_view(tournament);
            }
            ServerMessage::TournamentGame {
                tournament_id,
                round,
                match_id,
                seat,
                opponent,
            } if tournament_id == self.id && self.started.insert(match_id) => {
                return Ok(vec![Action::Play {
                    match_id,
                    seat,
                    round,
                    opponent,
                }]);
            }
            ServerMessage::Error {
                code,
                message,
                reply_to:
                    Some(
                        MessageType::WatchTournament
                        | MessageType::JoinTournament
                        | MessageType::ListTournaments,
                    ),
                ..
            } => anyhow::bail!(crate::cmd::tournament::request::words::refused(
                code, &message
            )),
            ServerMessage::ServerShutdown { message } => tracing::warn!("server: {message}"),
            _ => {}
        }
        Ok(Vec::new())
    }

    fn on_view(&mut self, view: TournamentView) -> anyhow::Result<Vec<Action>> {
        let us = view.entrants.iter().find(|e| e.name == self.name);
        match (view.summary.status, us) {
            (TournamentStatus::Finished, _) => {
                return Ok(vec![Action::Finished(Box::new(view))]);
            }
            (TournamentStatus::Registering, None) if !self.joining => {
                self.joining = true;
                tracing::info!("joining tournament {} as {}", self.id, self.name);
                return Ok(vec![Action::Send(ClientMessage::JoinTournament {
                    tournament_id: self.id,
                })]);
            }
            (TournamentStatus::Running, None) => {
                anyhow::bail!(words::started_without_us(&self.name))
            }
            (_, Some(entrant)) if entrant.withdrawn => {
                anyhow::bail!(words::withdrawn(&self.name))
            }
            _ => {}
        }
        Ok(Vec::new())
    }
}

/// Runs `bot --tournament ID` until the tournament finishes.
pub fn run(args: &BotArgs, key_file: KeyFile, tournament: &str) -> anyhow::Result<()> {
    let engine = Engine::of(args);
    // The engine is tried once at the start, so a bad --engine fails now
    // rather than at the first game.
    let probe = engine.spawn()?;
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let _ = probe.close().await;
        let id = match tournament.parse() {
            Ok(id) => id,
            Err(_) => {
                let mut client = Client::connect(
                    args.server.clone(),
                    args.name.clone(),
                    amazons_core::PlayerKind::Bot,
                    key_file.clone(),
                )
                .await?;
                let id = client.resolve(tournament).await;
                client.connection.close().await;
                id?
            }
        };
        coordinate(args, key_file, &engine, id).await
    })
}

/// The coordinator's loop: its connection, the games' loops, Ctrl-C.
async fn coordinate(
    args: &BotArgs,
    key_file: KeyFile,
    engine: &Engine,
    id: TournamentId,
) -> anyhow::Result<()> {
    let mut connection = connect(
        args.server.clone(),
        greeting(args, key_file.clone()),
        Backoff::default(),
    );
    let mut coordinator = Coordinator::new(id);
    let (presses, pressed) = tokio::sync::watch::channel(0u32);
    let mut interrupts = crate::tui::terminal::interrupts();
    let mut games = FuturesUnordered::new();
    let mut finished: Option<Box<TournamentView>> = None;
    // Ctrl-C once: no new game starts, the ones on are finished.
    let mut stopping = false;
    let result = loop {
        if (finished.is_some() || stopping) && games.is_empty() {
            break Ok(());
        }
        tokio::select! {
            event = connection.events.recv(), if finished.is_none() => {
                let Some(event) = event else {
                    break Err(anyhow::anyhow!("the connection task ended"));
                };
                let actions = match coordinator.on_event(event) {
                    Ok(actions) => actions,
                    Err(e) => break Err(e),
                };
                let mut failure = None;
                for action in actions {
                    match action {
                        Action::Send(message) => {
                            let _ = connection.outbox.send(message);
                        }
                        Action::Finished(view) => finished = Some(view),
                        Action::Play { match_id, .. } if stopping => {
                            tracing::warn!("stopping: not playing match {match_id}");
                        }
                        Action::Play { match_id, seat, round, opponent } => {
                            tracing::info!(
                                "round {round}: playing {} against {opponent} in match {match_id}",
                                seat.color_name()
                            );
                            let player = match engine.spawn() {
                                Ok(player) => player,
                                Err(e) => {
                                    failure = Some(e);
                                    break;
                                }
                            };
                            let game = Game::reserved(match_id, seat);
                            let greeting = greeting(args, key_file.clone());
                            let pressed = pressed.clone();
                            games.push(async move {
                                let result =
                                    play(&args.server, greeting, game, engine, player, pressed).await;
                                (match_id, result)
                            });
                        }
                    }
                }
                if let Some(e) = failure {
                    break Err(e);
                }
            }
            Some((match_id, result)) = games.next(), if !games.is_empty() => {
                if let Err(e) = result {
                    tracing::warn!("match {match_id}: {e:#}");
                    coordinator.game_failed(match_id);
                }
            }
            Some(()) = interrupts.recv() => {
                // The games hear it too: the first press finishes each, the
                // second resigns it.
                presses.send_modify(|n| *n += 1);
                if stopping {
                    while games.next().await.is_some() {}
                    break Ok(());
                }
                stopping = true;
                tracing::warn!(
                    "Ctrl-C: finishing the games in progress, then stopping \
                     (Ctrl-C again to resign them and quit now)"
                );
            }
        }
    };
    connection.close().await;
    if let (Ok(()), Some(view)) = (&result, finished) {
        println!("{}", words::finished());
        for line in render::standings_lines(&view, WIDTH) {
            println!("{line}");
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::tournament::render::tests::{ID, double_round_robin};

    fn welcome(name: &str) -> NetEvent {
        NetEvent::Message(amazons_protocol::testing::welcome(name))
    }

    fn updated(view: TournamentView) -> NetEvent {
        NetEvent::Message(ServerMessage::TournamentUpdated { tournament: view })
    }

    fn game(match_id: &str) -> NetEvent {
        NetEvent::Message(ServerMessage::TournamentGame {
            tournament_id: ID.parse().unwrap(),
            round: 4,
            match_id: match_id.parse().unwrap(),
            seat: Side::First,
            opponent: "ann".into(),
        })
    }

    const GAME: &str = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";
    const OTHER: &str = "0b8e4d2c-1a3f-4e5d-8c7b-6a5f4e3d2c1b";

    #[test]
    fn it_joins_while_registering_and_plays_each_game_once() {
        let mut c = Coordinator::new(ID.parse().unwrap());
        let watch = c.on_event(NetEvent::Connected).unwrap();
        assert_eq!(
            watch,
            [Action::Send(ClientMessage::WatchTournament {
                tournament_id: ID.parse().unwrap()
            })]
        );
        c.on_event(welcome("dan")).unwrap();
        let mut registering = double_round_robin();
        registering.summary.status = TournamentStatus::Registering;
        let join = c.on_event(updated(registering.clone())).unwrap();
        assert_eq!(
            join,
            [Action::Send(ClientMessage::JoinTournament {
                tournament_id: ID.parse().unwrap()
            })]
        );
        assert_eq!(c.on_event(updated(registering)).unwrap(), [], "asked once");
        let play = c.on_event(game(GAME)).unwrap();
        assert!(matches!(
            play[..],
            [Action::Play {
                seat: Side::First,
                ..
            }]
        ));
        // The server sends it again after a reconnect: not played twice...
        c.on_event(NetEvent::Connected).unwrap();
        assert_eq!(c.on_event(game(GAME)).unwrap(), []);
        // ...unless its loop failed; a second game of the round runs too.
        assert_eq!(c.on_event(game(OTHER)).unwrap().len(), 1);
        c.game_failed(GAME.parse().unwrap());
        assert_eq!(c.on_event(game(GAME)).unwrap().len(), 1);
    }

    #[test]
    fn it_stops_when_the_tournament_is_over_or_goes_on_without_it() {
        let mut c = Coordinator::new(ID.parse().unwrap());
        c.on_event(welcome("bob")).unwrap();
        assert_eq!(c.on_event(updated(double_round_robin())).unwrap(), []);
        let mut over = double_round_robin();
        over.summary.status = TournamentStatus::Finished;
        assert!(matches!(
            c.on_event(updated(over)).unwrap()[..],
            [Action::Finished(_)]
        ));
        let mut c = Coordinator::new(ID.parse().unwrap());
        c.on_event(welcome("dan")).unwrap();
        let error = c.on_event(updated(double_round_robin())).unwrap_err();
        assert_eq!(error.to_string(), words::started_without_us("dan"));
        let mut c = Coordinator::new(ID.parse().unwrap());
        c.on_event(welcome("bob")).unwrap();
        let mut withdrawn = double_round_robin();
        withdrawn.entrants[1].withdrawn = true;
        assert!(c.on_event(updated(withdrawn)).is_err());
        let refused = ServerMessage::Error {
            code: amazons_protocol::ErrorCode::RegistrationClosed,
            message: "bob is not on the entry list".into(),
            reply_to: Some(MessageType::JoinTournament),
            match_id: None,
            expected_ply: None,
        };
        let error = c.on_event(NetEvent::Message(refused)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the server refused: bob is not on the entry list"
        );
    }
}
