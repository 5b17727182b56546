//! What each `tournament` action sends, and which view of the tournament
//! shows it done: no socket here, so the rules are tested on their own.

use amazons_core::Level;
use amazons_protocol::tournament::{
    Format, FormatName, TournamentId, TournamentStatus, TournamentView,
};
use amazons_protocol::{ClientMessage, ComputerRequest, MessageType, ServerMessage};

use crate::cli::{CreateTournamentArgs, TournamentAction};

/// The words of the actions' answers, in one place, from the catalogue.
pub mod words {
    use amazons_protocol::ErrorCode;

    /// Started.
    pub fn started() -> String {
        t!("tournament-started")
    }
    /// Paused.
    pub fn paused() -> String {
        t!("tournament-paused")
    }
    /// Resumed.
    pub fn resumed() -> String {
        t!("tournament-resumed")
    }
    /// Ended.
    pub fn ended() -> String {
        t!("tournament-ended")
    }
    /// Joined.
    pub fn joined(name: &str) -> String {
        t!("tournament-joined", name = name)
    }
    /// Withdrew.
    pub fn withdrew(name: &str) -> String {
        t!("tournament-withdrew", name = name)
    }
    /// Removed.
    pub fn removed(name: &str) -> String {
        t!("tournament-removed", name = name)
    }
    /// A computer entered.
    pub fn entered(name: &str) -> String {
        t!("tournament-computer-entered", name = name)
    }
    /// No tournament's id starts so.
    pub fn no_such(text: &str) -> String {
        t!("tournament-no-such", text = text)
    }
    /// Several start so.
    pub fn ambiguous(text: &str, n: usize) -> String {
        t!("tournament-ambiguous", text = text, count = n)
    }
    /// A refusal: the server's words in English, the code's in another
    /// language.
    pub fn refused(code: ErrorCode, message: &str) -> String {
        let message = crate::face::words::server_error(code, message);
        t!("tournament-refused", message = message)
    }
    /// `--rounds` missing for a Swiss.
    pub fn rounds_needed() -> String {
        t!("tournament-rounds-needed")
    }
    /// `--rounds` given for a round robin.
    pub fn rounds_round_robin() -> String {
        t!("tournament-rounds-round-robin")
    }
    /// `--cycles` given for a Swiss.
    pub fn cycles_swiss() -> String {
        t!("tournament-cycles-swiss")
    }
}

/// An action on an existing tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Enter ourselves.
    Join,
    /// Withdraw ourselves.
    Withdraw,
    /// Close entry and pair round 1.
    Start,
    /// No new round until resumed.
    Pause,
    /// Undo pause.
    Resume,
    /// End now.
    End,
    /// Remove an entrant.
    Remove(String),
    /// Enter one of the server's computer players.
    EnterComputer(ComputerRequest),
}

/// Whether the view shows the action done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Not yet.
    Wait,
    /// Done: what to print.
    Done(String),
}

impl Request {
    /// The request an action makes and the id text it names (`None` for
    /// `list`, `create` and `show`).
    pub fn of(action: &TournamentAction) -> Option<(&str, Request)> {
        Some(match action {
            TournamentAction::Join { id } => (id, Request::Join),
            TournamentAction::Withdraw { id } => (id, Request::Withdraw),
            TournamentAction::Start { id } => (id, Request::Start),
            TournamentAction::Pause { id } => (id, Request::Pause),
            TournamentAction::Resume { id } => (id, Request::Resume),
            TournamentAction::End { id } => (id, Request::End),
            TournamentAction::Remove { id, name } => (id, Request::Remove(name.clone())),
            TournamentAction::EnterComputer { id, computer } => {
                (id, Request::EnterComputer(computer_request(computer)))
            }
            TournamentAction::List
            | TournamentAction::Create(_)
            | TournamentAction::Show { .. } => return None,
        })
    }

    /// The message for tournament `id`.
    pub fn message(&self, tournament_id: TournamentId) -> ClientMessage {
        match self {
            Request::Join => ClientMessage::JoinTournament { tournament_id },
            Request::Withdraw => ClientMessage::WithdrawTournament { tournament_id },
            Request::Start => ClientMessage::StartTournament { tournament_id },
            Request::Pause => ClientMessage::PauseTournament { tournament_id },
            Request::Resume => ClientMessage::ResumeTournament { tournament_id },
            Request::End => ClientMessage::EndTournament { tournament_id },
            Request::Remove(name) => ClientMessage::RemoveEntrant {
                tournament_id,
                name: name.clone(),
            },
            Request::EnterComputer(computer) => ClientMessage::EnterComputer {
                tournament_id,
                computer: computer.clone(),
            },
        }
    }

    /// Whether `now` (the view after the request; `before`, the view when it
    /// was sent) shows it done; `us`: our name on the server.
    pub fn step(&self, before: &TournamentView, now: &TournamentView, us: &str) -> Step {
        let status = now.summary.status;
        let entered = |name: &str| now.entrants.iter().any(|e| e.name == name && !e.withdrawn);
        let done = match self {
            Request::Join => entered(us).then(|| words::joined(us)),
            Request::Withdraw => (!entered(us)).then(|| words::withdrew(us)),
            Request::Remove(name) => (!entered(name)).then(|| words::removed(name)),
            Request::Start => (status != TournamentStatus::Registering).then(words::started),
            Request::Pause => now.summary.paused.then(words::paused),
            Request::Resume => (!now.summary.paused).then(words::resumed),
            Request::End => (status == TournamentStatus::Finished).then(words::ended),
            Request::EnterComputer(_) => {
                // The new entrant: a name the view before did not have.
                now.entrants
                    .iter()
                    .find(|e| !before.entrants.iter().any(|b| b.name == e.name))
                    .map(|e| words::entered(&e.name))
            }
        };
        // A pause or resume that changes nothing has nothing to wait for:
        // the server's refusal (or nothing) tells; only a view that moved
        // counts for those two.
        let moved = before != now || !matches!(self, Request::Pause | Request::Resume);
        match done {
            Some(text) if moved => Step::Done(text),
            _ => Step::Wait,
        }
    }
}

/// `--computer 4` is a built-in level, any other word a configured engine.
pub fn computer_request(text: &str) -> ComputerRequest {
    match text.trim().parse::<u8>().ok().and_then(Level::new) {
        Some(level) => ComputerRequest::level(level),
        None => ComputerRequest::engine(text.trim()),
    }
}

/// The `create_tournament` message of `tournament create`'s options, or
/// why they do not make a tournament.
pub fn create_message(args: &CreateTournamentArgs) -> anyhow::Result<ClientMessage> {
    let name = args.format;
    let format = if name.asks_rounds() {
        if args.cycles.is_some() {
            anyhow::bail!(words::cycles_swiss());
        }
        let rounds = args
            .rounds
            .ok_or_else(|| anyhow::anyhow!(words::rounds_needed()))?;
        name.format(rounds)
    } else {
        if args.rounds.is_some() {
            anyhow::bail!(words::rounds_round_robin());
        }
        match (name, args.cycles) {
            (FormatName::RoundRobin, Some(cycles)) => Format::RoundRobin { cycles },
            (_, Some(_)) => anyhow::bail!(words::cycles_swiss()),
            (name, None) => name.format(0),
        }
    };
    Ok(ClientMessage::CreateTournament {
        title: args.title.clone(),
        format,
        time_control: args.time,
        rated: args.rated,
        entry_list: (!args.entry.is_empty()).then(|| args.entry.clone()),
        computers: args.computer.iter().map(|c| computer_request(c)).collect(),
    })
}

/// The refusal of a message of type `reply_to`, in words, if `message` is
/// one.
pub fn refusal(message: &ServerMessage, reply_to: MessageType) -> Option<String> {
    match message {
        ServerMessage::Error {
            code,
            message,
            reply_to: Some(refused),
            ..
        } if *refused == reply_to => Some(words::refused(*code, message)),
        _ => None,
    }
}

/// The one id among `ids` that starts with `text`.
pub fn by_prefix(ids: &[TournamentId], text: &str) -> anyhow::Result<TournamentId> {
    let wanted = text.trim().to_ascii_lowercase();
    let found: Vec<&TournamentId> = ids
        .iter()
        .filter(|id| !wanted.is_empty() && id.to_string().starts_with(&wanted))
        .collect();
    match found.as_slice() {
        [id] => Ok(**id),
        [] => anyhow::bail!(words::no_such(text)),
        many => anyhow::bail!(words::ambiguous(text, many.len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use crate::cmd::tournament::render::tests::double_round_robin;
    use amazons_core::TimeControl;
    use amazons_protocol::ErrorCode;
    use clap::Parser;

    fn create(args: &[&str]) -> anyhow::Result<ClientMessage> {
        let mut all = vec!["amazons-client", "tournament", "create"];
        all.extend(args);
        let cli = Cli::try_parse_from(all).map_err(|e| anyhow::anyhow!("{e}"))?;
        let Command::Tournament(t) = cli.command else {
            panic!("tournament")
        };
        let TournamentAction::Create(c) = t.action else {
            panic!("create")
        };
        create_message(&c)
    }

    #[test]
    fn create_reads_the_format_clock_entries_and_computers() {
        let message = create(&[
            "--format",
            "swiss",
            "--rounds",
            "5",
            "--time",
            "1+1",
            "--rated",
            "--title",
            "Friday bots",
            "--entry",
            "ann",
            "--entry",
            "bob",
            "--computer",
            "3",
            "--computer",
            "fairy",
        ])
        .unwrap();
        assert_eq!(
            message,
            ClientMessage::CreateTournament {
                title: Some("Friday bots".into()),
                format: Format::Swiss { rounds: 5 },
                time_control: TimeControl::Fischer {
                    initial_ms: 60_000,
                    increment_ms: 1_000
                },
                rated: true,
                entry_list: Some(vec!["ann".into(), "bob".into()]),
                computers: vec![
                    ComputerRequest::level(Level::new(3).unwrap()),
                    ComputerRequest::engine("fairy")
                ],
            }
        );
        let double = create(&[
            "--format",
            "round-robin",
            "--cycles",
            "2",
            "--time",
            "untimed",
        ]);
        assert!(matches!(
            double.unwrap(),
            ClientMessage::CreateTournament {
                format: Format::RoundRobin { cycles: 2 },
                rated: false,
                entry_list: None,
                ..
            }
        ));
        let typed = create(&["--format", "double-round-robin", "--time", "untimed"]);
        assert!(matches!(
            typed.unwrap(),
            ClientMessage::CreateTournament {
                format: Format::RoundRobin { cycles: 2 },
                ..
            }
        ));
        assert!(create(&["--format", "knockout", "--time", "5+3"]).is_err());
        let no_rounds = create(&["--format", "swiss", "--time", "5+3"]).unwrap_err();
        assert_eq!(no_rounds.to_string(), words::rounds_needed());
        let rounds_rr = create(&["--format", "round-robin", "--rounds", "3", "--time", "5+3"]);
        assert_eq!(
            rounds_rr.unwrap_err().to_string(),
            words::rounds_round_robin()
        );
        assert!(
            create(&["--format", "round-robin", "--cycles", "3", "--time", "5+3"]).is_err(),
            "one or two cycles"
        );
        assert!(
            create(&["--format", "swiss", "--rounds", "3"]).is_err(),
            "--time is needed"
        );
    }

    #[test]
    fn each_action_is_done_when_the_view_shows_it() {
        let before = double_round_robin();
        let mut registering = before.clone();
        registering.summary.status = TournamentStatus::Registering;
        let start = Request::Start;
        assert_eq!(start.step(&registering, &registering, "ann"), Step::Wait);
        assert_eq!(
            start.step(&registering, &before, "ann"),
            Step::Done(words::started())
        );
        let mut paused = before.clone();
        paused.summary.paused = true;
        assert_eq!(Request::Pause.step(&before, &before, "x"), Step::Wait);
        assert_eq!(
            Request::Pause.step(&before, &paused, "x"),
            Step::Done(words::paused())
        );
        assert_eq!(
            Request::Resume.step(&before, &before, "x"),
            Step::Wait,
            "not paused before: the refusal tells"
        );
        assert_eq!(
            Request::Resume.step(&paused, &before, "x"),
            Step::Done(words::resumed())
        );
        // Join: our name among the entrants, not withdrawn.
        assert_eq!(Request::Join.step(&before, &before, "dan"), Step::Wait);
        assert_eq!(
            Request::Join.step(&before, &before, "ann"),
            Step::Done(words::joined("ann"))
        );
        let mut withdrawn = before.clone();
        withdrawn.entrants[0].withdrawn = true;
        assert_eq!(Request::Withdraw.step(&before, &before, "ann"), Step::Wait);
        assert_eq!(
            Request::Withdraw.step(&before, &withdrawn, "ann"),
            Step::Done(words::withdrew("ann"))
        );
        let remove = Request::Remove("ann".into());
        assert_eq!(
            remove.step(&before, &withdrawn, "teacher"),
            Step::Done(words::removed("ann"))
        );
        let computer = Request::EnterComputer(computer_request("4"));
        assert_eq!(computer.step(&before, &before, "teacher"), Step::Wait);
        let mut more = before.clone();
        let mut level = more.entrants[1].clone();
        level.name = "level-4".into();
        more.entrants.push(level);
        assert_eq!(
            computer.step(&before, &more, "teacher"),
            Step::Done(words::entered("level-4"))
        );
        let mut finished = before.clone();
        finished.summary.status = TournamentStatus::Finished;
        assert_eq!(
            Request::End.step(&before, &finished, "teacher"),
            Step::Done(words::ended())
        );
    }

    #[test]
    fn a_refusal_of_what_was_asked_is_told_in_words() {
        let refused = ServerMessage::Error {
            code: ErrorCode::NotOrganiser,
            message: "only the organiser may start this tournament".into(),
            reply_to: Some(MessageType::StartTournament),
            match_id: None,
            expected_ply: None,
        };
        assert_eq!(
            refusal(&refused, MessageType::StartTournament).as_deref(),
            Some("the server refused: only the organiser may start this tournament")
        );
        assert_eq!(refusal(&refused, MessageType::PauseTournament), None);
    }

    #[test]
    fn an_id_may_be_given_by_its_start() {
        let a: TournamentId = "0b3f6d2c-1a4e-4f5b-8c7d-9e0f1a2b3c4d".parse().unwrap();
        let b: TournamentId = "0b3f7777-1a4e-4f5b-8c7d-9e0f1a2b3c4d".parse().unwrap();
        assert_eq!(by_prefix(&[a, b], "0b3f6").unwrap(), a);
        assert_eq!(
            by_prefix(&[a, b], "0b3f").unwrap_err().to_string(),
            words::ambiguous("0b3f", 2)
        );
        assert_eq!(
            by_prefix(&[a, b], "ff").unwrap_err().to_string(),
            words::no_such("ff")
        );
        assert!(by_prefix(&[a], "").is_err());
    }
}
