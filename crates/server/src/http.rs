//! The HTTP side of the one port: the WebSocket endpoint, the small JSON
//! API (`/health`, `/api/matches`, `/api/games`, `/api/games/{id}`,
//! `/api/games/{id}/analysis` (see [`crate::analysis`]),
//! `/api/players`, `/api/players/{name}`, `/api/tournaments`,
//! `/api/tournaments/{id}`, `/api/territory`, `/api/workers`), the workers'
//! WebSocket `/worker` (see [`crate::workers`]) and the web board (`/`, `/assets/...`, see
//! [`crate::web_assets`]) with its message catalogues
//! (`/locales/{lang}/{file}.ftl`, see [`crate::locales`]).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use amazons_core::Position;
use amazons_protocol::{
    GamesPage, GamesQuery, Health, HealthStatus, PlayersPage, PlayersQuery, TournamentId,
    TournamentsPage,
};
use axum::Json;
use axum::Router;
use axum::extract::{ConnectInfo, Path, State, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::analysis::http as analysis;
use crate::api_error::{ApiError, ApiQuery};
use crate::connection;
use crate::history::Lookup;
use crate::players;
use crate::shared::Shared;
use crate::territory;
use crate::web_assets;
use crate::workers;

/// The routes of the server.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/ws", get(websocket))
        .route("/worker", get(workers::door::upgrade))
        .route("/api/workers", get(workers::door::page))
        .route("/health", get(health))
        .route("/api/matches", get(matches))
        .route("/api/games", get(games))
        .route("/api/games/{id}", get(game))
        .route(
            "/api/games/{id}/analysis",
            get(analysis::show).post(analysis::ask),
        )
        .route("/api/players", get(leaderboard))
        .route("/api/players/{name}", get(player))
        .route("/api/tournaments", get(tournaments))
        .route("/api/tournaments/{id}", get(tournament))
        .route("/api/territory", get(territory_view))
        .merge(web_assets::routes())
        .with_state(shared)
}

async fn websocket(
    upgrade: WebSocketUpgrade,
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> Response {
    let permit = Arc::clone(&shared.connection_permits)
        .try_acquire_owned()
        .ok();
    let config = &shared.config;
    upgrade
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(config.hard_frame_bytes * 4)
        .max_message_size(config.hard_frame_bytes)
        .max_frame_size(config.hard_frame_bytes)
        .on_upgrade(move |socket| connection::serve(socket, shared, permit, peer))
}

async fn health(State(shared): State<Arc<Shared>>) -> Json<Health> {
    Json(Health {
        status: if shared.shutdown.is_cancelled() {
            HealthStatus::ShuttingDown
        } else {
            HealthStatus::Ok
        },
        version: env!("CARGO_PKG_VERSION").into(),
        connections: shared.connections.load(Ordering::Relaxed) as u64,
        matches: shared.registry.len() as u64,
    })
}

async fn matches(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    Json(shared.registry.list())
}

async fn games(
    State(shared): State<Arc<Shared>>,
    ApiQuery(query): ApiQuery<GamesQuery>,
) -> Json<GamesPage> {
    Json(shared.history.page(query))
}

/// One record, by its id or a unique prefix of it (404 when none, 409 when
/// the prefix names several games).
async fn game(State(shared): State<Arc<Shared>>, Path(text): Path<String>) -> Response {
    let found = shared
        .history
        .off_runtime(move |history| match history.find(&text) {
            Lookup::One(id) => Ok(history.read(id)),
            other => Err(other),
        });
    match found.await {
        Some(Ok(Some(bytes))) => {
            ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
        }
        Some(Err(Lookup::Several(n))) => {
            let message = format!("{n} games have ids starting with that; give more of the id");
            ApiError::new(StatusCode::CONFLICT, "ambiguous_game", message).into_response()
        }
        Some(Ok(None) | Err(Lookup::None | Lookup::One(_))) => no_game(),
        None => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "history_unreadable",
            "the history could not be read",
        )
        .into_response(),
    }
}

/// The 404 of a game id that names no finished game.
fn no_game() -> Response {
    ApiError::new(StatusCode::NOT_FOUND, "no_game", "no such game").into_response()
}

/// The leaderboard: rated players (of `kind`, or all), best first.
async fn leaderboard(
    State(shared): State<Arc<Shared>>,
    ApiQuery(query): ApiQuery<PlayersQuery>,
) -> Json<PlayersPage> {
    let ratings = shared.ratings.read().unwrap_or_else(|e| e.into_inner());
    Json(players::leaderboard(&ratings, query))
}

/// A player's page, by name (compared as names are): the one the name is
/// bound to, else whoever last played a rated game under it (404 when
/// nobody).
async fn player(State(shared): State<Arc<Shared>>, Path(name): Path<String>) -> Response {
    let binding = shared.names.holder(&name);
    let found = {
        let ratings = shared.ratings.read().unwrap_or_else(|e| e.into_inner());
        players::who(&ratings, binding.as_ref(), &name).and_then(|id| {
            let recent = shared.history.recent_games(&id);
            players::page(&ratings, &id, binding.as_ref(), recent)
        })
    };
    match found {
        Some(page) => Json(page).into_response(),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            "no_player",
            "no player by that name has a rated game or has claimed it",
        )
        .into_response(),
    }
}

/// Every tournament, live and finished, newest first.
async fn tournaments(State(shared): State<Arc<Shared>>) -> Json<TournamentsPage> {
    Json(TournamentsPage {
        tournaments: shared.tournaments.list(),
    })
}

/// One tournament's view, live or finished (404 when there is none).
async fn tournament(State(shared): State<Arc<Shared>>, Path(text): Path<String>) -> Response {
    let view = text
        .parse::<TournamentId>()
        .ok()
        .and_then(|id| shared.tournaments.view(id));
    match view {
        Some(view) => Json(view).into_response(),
        None => ApiError::new(StatusCode::NOT_FOUND, "no_tournament", "no such tournament")
            .into_response(),
    }
}

/// The query of `GET /api/territory`.
#[derive(serde::Deserialize)]
struct TerritoryQuery {
    /// The position, as FEN.
    fen: Option<String>,
}

/// The territory view of a position (`?fen=`), counted on a blocking
/// thread; 400 with a JSON error saying why when the FEN is missing or is
/// no position.
async fn territory_view(ApiQuery(query): ApiQuery<TerritoryQuery>) -> Response {
    let bad = |message: String| {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_fen", message).into_response()
    };
    let Some(fen) = query.fen else {
        return bad("give the position as ?fen=<FEN>".into());
    };
    let position = match Position::from_fen(&fen) {
        Ok(position) => position,
        Err(e) => return bad(format!("fen is no position: {e}")),
    };
    match tokio::task::spawn_blocking(move || territory::view(&position)).await {
        Ok(view) => Json(view).into_response(),
        Err(e) => {
            tracing::error!("the territory view failed: {e}");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                "the territory view failed\n",
            )
                .into_response()
        }
    }
}
