//! `tournament`: create, list, show and run tournaments on a server from
//! the command line, with this client's player key and name (the organiser
//! is whoever created it, by key). Each action connects, asks, waits until
//! the server's view of the tournament shows it done (or the server refuses
//! it, in words and with a non-zero exit), and prints what changed;
//! `create` prints the new id as its last line, for scripts.
//!
//! - [`render`]: a tournament as plain text (shared with the lobby's
//!   tournament screen).
//! - [`request`]: what each action sends and which view says it is done.

pub mod render;
pub mod request;

use std::io::{IsTerminal, Write};
use std::time::Duration;

use amazons_core::PlayerKind;
use amazons_protocol::tournament::{TournamentId, TournamentStatus, TournamentView};
use amazons_protocol::{ClientMessage, ServerMessage};

use crate::cli::{TournamentAction, TournamentArgs};
use crate::net::address::ServerAddress;
use crate::net::connection::{Backoff, Connection, Greeting, NetEvent, connect};
use crate::store::player_key::KeyFile;
use request::{Request, Step};

/// The width `show` and `list` print in.
pub const WIDTH: usize = 80;

/// How long an action waits for the server's answer.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(20);

/// Runs `tournament ACTION`.
pub fn run(args: &TournamentArgs, name: String, key_file: KeyFile) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let mut client =
            Client::connect(args.server.clone(), name, PlayerKind::Human, key_file).await?;
        let result = act(&mut client, &args.action).await;
        client.connection.close().await;
        result
    })
}

/// Carries out one action on a connected client.
async fn act(client: &mut Client, action: &TournamentAction) -> anyhow::Result<()> {
    let mut out = std::io::stdout();
    match action {
        TournamentAction::List => {
            client.send(ClientMessage::ListTournaments);
            let tournaments = loop {
                if let ServerMessage::TournamentList { tournaments } = client
                    .answer_to(amazons_protocol::MessageType::ListTournaments)
                    .await?
                {
                    break tournaments;
                }
            };
            for line in render::list_rows(&tournaments, WIDTH) {
                writeln!(out, "{line}")?;
            }
            Ok(())
        }
        TournamentAction::Create(create) => {
            let message = request::create_message(create)?;
            client.send(message);
            let id = loop {
                if let ServerMessage::TournamentCreated { tournament_id } = client
                    .answer_to(amazons_protocol::MessageType::CreateTournament)
                    .await?
                {
                    break tournament_id;
                }
            };
            let view = client.view_of(id).await;
            if let Ok(view) = view {
                for line in render::heading_lines(&view.summary, WIDTH) {
                    writeln!(out, "{line}")?;
                }
            }
            writeln!(out, "{id}")?;
            Ok(())
        }
        TournamentAction::Show { id, watch } => {
            let id = client.resolve(id).await?;
            show(client, id, *watch).await
        }
        other => {
            let Some((id_text, request)) = Request::of(other) else {
                unreachable!("list, create and show are handled above")
            };
            let id = client.resolve(id_text).await?;
            client.send(ClientMessage::WatchTournament { tournament_id: id });
            let before = client.view_of(id).await?;
            let message = request.message(id);
            let reply_to = message.message_type();
            client.send(message);
            let mut view = before.clone();
            loop {
                match request.step(&before, &view, &client.name) {
                    Step::Done(text) => {
                        writeln!(out, "{text}")?;
                        return Ok(());
                    }
                    Step::Wait => {}
                }
                view = match client.answer_to(reply_to).await? {
                    ServerMessage::TournamentUpdated { tournament }
                        if tournament.summary.id == id =>
                    {
                        tournament
                    }
                    _ => continue,
                };
            }
        }
    }
}

/// `show ID [--watch]`: the view now, or redrawn at every update until the
/// tournament finishes.
async fn show(client: &mut Client, id: TournamentId, watch: bool) -> anyhow::Result<()> {
    client.send(ClientMessage::WatchTournament { tournament_id: id });
    let mut view = client.view_of(id).await?;
    let terminal = std::io::stdout().is_terminal();
    loop {
        let mut out = std::io::stdout();
        if watch && terminal {
            // Home and clear: the view redrawn in place.
            write!(out, "\x1b[H\x1b[2J")?;
        }
        for line in render::view_lines(&view, WIDTH) {
            writeln!(out, "{line}")?;
        }
        out.flush()?;
        if !watch || view.summary.status == TournamentStatus::Finished {
            return Ok(());
        }
        view = loop {
            match client.next_waiting().await? {
                ServerMessage::TournamentUpdated { tournament } if tournament.summary.id == id => {
                    break tournament;
                }
                _ => {}
            }
        };
        if !terminal {
            writeln!(out)?;
        }
    }
}

/// A connection for one command: the server's messages one at a time, a
/// refusal of what we asked as an error, the name the server calls us.
pub(crate) struct Client {
    /// The connection.
    pub(crate) connection: Connection,
    /// The name the server shows for us (`welcome.name`).
    pub(crate) name: String,
}

impl Client {
    /// Connects and waits for the server's welcome.
    pub(crate) async fn connect(
        server: ServerAddress,
        name: String,
        kind: PlayerKind,
        key_file: KeyFile,
    ) -> anyhow::Result<Client> {
        let greeting = Greeting {
            name,
            kind,
            key_file: Some(key_file),
        };
        let connection = connect(server, greeting, Backoff::default());
        let mut client = Client {
            connection,
            name: String::new(),
        };
        loop {
            match client.next().await? {
                ServerMessage::Welcome { name, .. } => {
                    client.name = name;
                    return Ok(client);
                }
                ServerMessage::Error { code, message, .. } => {
                    anyhow::bail!(request::words::refused(code, &message))
                }
                _ => {}
            }
        }
    }

    /// Sends one message.
    pub(crate) fn send(&self, message: ClientMessage) {
        let _ = self.connection.outbox.send(message);
    }

    /// The next message (a lost connection is an error: these commands are
    /// one question each), within [`ANSWER_TIMEOUT`].
    async fn next(&mut self) -> anyhow::Result<ServerMessage> {
        tokio::time::timeout(ANSWER_TIMEOUT, self.next_waiting())
            .await
            .map_err(|_| {
                anyhow::anyhow!(t!(
                    "tournament-no-answer",
                    seconds = ANSWER_TIMEOUT.as_secs()
                ))
            })?
    }

    /// The next message, however long it takes.
    async fn next_waiting(&mut self) -> anyhow::Result<ServerMessage> {
        loop {
            match self.connection.events.recv().await {
                None => anyhow::bail!(t!("tournament-connection-ended")),
                Some(NetEvent::Connected) => {}
                Some(NetEvent::GaveUp(reason)) => anyhow::bail!("{reason}"),
                Some(NetEvent::Reconnecting { reason, .. }) => {
                    anyhow::bail!(t!(
                        "tournament-connection-lost",
                        reason = reason.to_string()
                    ))
                }
                Some(NetEvent::Message(message)) => return Ok(message),
            }
        }
    }

    /// The next message, or the server's refusal of `reply_to` as an error.
    async fn answer_to(
        &mut self,
        reply_to: amazons_protocol::MessageType,
    ) -> anyhow::Result<ServerMessage> {
        let message = self.next().await?;
        if let Some(refusal) = request::refusal(&message, reply_to) {
            anyhow::bail!(refusal);
        }
        Ok(message)
    }

    /// The view of `id` (after `watch_tournament`, `create_tournament` or
    /// `join_tournament`), or the refusal to show it.
    pub(crate) async fn view_of(&mut self, id: TournamentId) -> anyhow::Result<TournamentView> {
        loop {
            let message = self.next().await?;
            if let Some(refusal) =
                request::refusal(&message, amazons_protocol::MessageType::WatchTournament)
            {
                anyhow::bail!(refusal);
            }
            if let ServerMessage::TournamentUpdated { tournament } = message {
                if tournament.summary.id == id {
                    return Ok(tournament);
                }
            }
        }
    }

    /// The tournament `text` names: a whole id, or the start of exactly one
    /// tournament's id (as `list` shows them).
    pub(crate) async fn resolve(&mut self, text: &str) -> anyhow::Result<TournamentId> {
        if let Ok(id) = text.parse() {
            return Ok(id);
        }
        self.send(ClientMessage::ListTournaments);
        loop {
            if let ServerMessage::TournamentList { tournaments } = self
                .answer_to(amazons_protocol::MessageType::ListTournaments)
                .await?
            {
                let ids: Vec<TournamentId> = tournaments.iter().map(|t| t.id).collect();
                return request::by_prefix(&ids, text);
            }
        }
    }
}
