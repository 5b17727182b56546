//! The tournament door: the tournament requests a connection may send,
//! split off its messages once ([`TournamentRequest`]), checked
//! (`create_tournament`'s setup, a computer entrant against the offer) and
//! handed to the tournament's task, or answered here for a finished one.

use std::collections::HashSet;

use amazons_core::{PlayerInfo, TimeControl};
use amazons_protocol::tournament::Format;
use amazons_protocol::{
    ComputerRequest, ErrorCode, MessageType, ServerMessage, TournamentId, TournamentStatus,
};

use super::actor::{Setup, TournamentsHandle};
use super::{Ask, Command};
use crate::mailbox::ConnHandle;
use crate::match_state::Refusal;
use crate::names::validate_name;
use crate::reply::Reply;

/// `create_tournament` as sent, before its checks.
pub struct Creation {
    /// The title asked for (made from the format when absent).
    pub title: Option<String>,
    /// The format.
    pub format: Format,
    /// The clock of every game.
    pub time_control: TimeControl,
    /// Rated or casual.
    pub rated: bool,
    /// The entry list, if entry is closed.
    pub entry_list: Option<Vec<String>>,
    /// Computer players to enter at once.
    pub computers: Vec<ComputerRequest>,
}

/// A request about tournaments, as the door splits it off.
pub enum TournamentRequest {
    /// `list_tournaments`.
    List,
    /// `create_tournament`.
    Create(Creation),
    /// A request to one tournament.
    Ask(TournamentId, Ask),
    /// `enter_computer`, not yet checked against the offer.
    EnterComputer(TournamentId, ComputerRequest),
}

/// Who asks, and the tournaments its connection watches (told when it
/// drops).
pub struct Asker<'a> {
    /// The connection.
    pub conn: &'a ConnHandle,
    /// Who it is (from `hello`).
    pub player: &'a PlayerInfo,
    /// The tournaments it watches.
    pub watching: &'a mut HashSet<TournamentId>,
}

/// Answers a tournament request of message type `kind`.
pub async fn answer(
    shared: &TournamentsHandle,
    asker: Asker<'_>,
    request: TournamentRequest,
    kind: MessageType,
) -> Reply {
    match request {
        TournamentRequest::List => Reply::one(ServerMessage::TournamentList {
            tournaments: shared.tournaments.list(),
        }),
        TournamentRequest::Create(creation) => {
            let setup = match setup(shared, asker.player, creation) {
                Ok(setup) => setup,
                Err(refused) => return Reply::refused(refused, kind),
            };
            match super::actor::create(shared, asker.conn, asker.player, setup).await {
                Ok(tournament_id) => {
                    asker.watching.insert(tournament_id);
                    Reply::one(ServerMessage::TournamentCreated { tournament_id })
                }
                Err(refused) => Reply::refused(refused, kind),
            }
        }
        TournamentRequest::Ask(id, ask) => ask_tournament(shared, asker, id, ask, kind).await,
        TournamentRequest::EnterComputer(id, computer) => match shared.computer.choose(&computer) {
            Ok(seat) => ask_tournament(shared, asker, id, Ask::EnterComputer(seat), kind).await,
            Err(refused) => Reply::refused(refused, kind),
        },
    }
}

/// Checks `create_tournament`: a key (`key_required`), a title of at
/// most twice the name length (made from the format when absent), the
/// format's numbers ([`Format::check_numbers`]), a clock within core's limits,
/// entry-list names as `hello` checks them (`bad_tournament` for any of
/// these), and each computer player on offer (its own refusal).
fn setup(
    shared: &TournamentsHandle,
    player: &PlayerInfo,
    creation: Creation,
) -> Result<Setup, Refusal> {
    let bad = |message: String| Refusal::new(ErrorCode::BadTournament, message);
    if player.id.is_none() {
        return Err(Refusal::new(
            ErrorCode::KeyRequired,
            "organising a tournament needs a player key: say hello with your key",
        ));
    }
    let Creation {
        title,
        format,
        time_control,
        rated,
        entry_list,
        computers,
    } = creation;
    format.check_numbers().map_err(|e| bad(e.to_string()))?;
    let time_control = time_control.validated().map_err(|e| bad(e.to_string()))?;
    let max = shared.config.max_name_chars;
    let title = match title {
        Some(title) => {
            validate_name(&title, max * 2).map_err(|p| bad(format!("the title: {p}")))?
        }
        None => format.default_title(),
    };
    let entry_list = match entry_list {
        None => None,
        Some(names) => Some(
            names
                .iter()
                .map(|n| validate_name(n, max).map_err(|p| bad(format!("the entry list: {p}"))))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let computers = computers
        .iter()
        .map(|c| shared.computer.choose(c))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Setup {
        title,
        format,
        time_control,
        rated,
        entry_list,
        computers,
    })
}

/// Hands a request to a live tournament (which answers on the
/// connection); a finished one is answered here: watched, it sends its
/// final view; anything else is refused.
async fn ask_tournament(
    shared: &TournamentsHandle,
    asker: Asker<'_>,
    id: TournamentId,
    ask: Ask,
    kind: MessageType,
) -> Reply {
    if let Ask::Unwatch = ask {
        asker.watching.remove(&id);
    }
    if let Some(handle) = shared.tournaments.handle(id) {
        if let Ask::Watch | Ask::Join = ask {
            asker.watching.insert(id);
        }
        let sent = handle
            .send(Command::Ask {
                conn: asker.conn.clone(),
                player: asker.player.clone(),
                ask: ask.clone(),
                kind,
            })
            .await;
        if sent {
            return Reply::none();
        }
    }
    let Some(view) = shared.tournaments.view(id) else {
        return Reply::refusal(
            ErrorCode::NoSuchTournament,
            "there is no such tournament",
            kind,
            None,
        );
    };
    match ask {
        Ask::Watch => Reply::one(ServerMessage::TournamentUpdated { tournament: view }),
        Ask::Unwatch => Reply::none(),
        Ask::Join if view.summary.status != TournamentStatus::Registering => Reply::refusal(
            ErrorCode::RegistrationClosed,
            "this tournament has finished",
            kind,
            None,
        ),
        Ask::Join
        | Ask::Withdraw
        | Ask::EnterComputer(_)
        | Ask::Start
        | Ask::Pause
        | Ask::Resume
        | Ask::Remove(_)
        | Ask::End => Reply::refusal(
            ErrorCode::TournamentNotRunning,
            "this tournament has finished",
            kind,
            None,
        ),
    }
}
