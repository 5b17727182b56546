//! The analysis routes: `POST /api/games/{id}/analysis` asks for one, `GET`
//! shows it (docs/protocol.md, "Analysis"). The game is named as for
//! `GET /api/games/{id}`: its id or a unique prefix of it.

use std::sync::Arc;

use amazons_protocol::MatchId;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::{Analyses, Asked, Refused};
use crate::history::{History, Lookup};

/// What the analysis routes reach (their router state, taken from the
/// server's): the analyses and the history of games.
#[derive(Clone)]
pub struct AnalysisApi {
    /// The analyses.
    pub analyses: Arc<Analyses>,
    /// Finished game records, to find a game and read its record.
    pub history: Arc<History>,
}

/// `POST`: 200 with the analysis when it is done, 202 with its state when
/// it waits or runs (queued now or before); 404 for no such game, 409 for a
/// prefix of several, 503 when analyses are off or the queue is full.
pub async fn ask(State(shared): State<AnalysisApi>, Path(text): Path<String>) -> Response {
    let id = match game(&shared, text).await {
        Ok(id) => id,
        Err(refusal) => return refusal.into_response(),
    };
    let history = Arc::clone(&shared.history);
    let record = move || {
        let bytes = history.read(id)?;
        serde_json::from_slice(&bytes).ok()
    };
    match shared.analyses.ask(id, record).await {
        Ok(Asked::Done(bytes)) => json_bytes(bytes),
        Ok(Asked::Pending(analysis)) => (StatusCode::ACCEPTED, Json(analysis)).into_response(),
        Err(refused) => {
            let (status, code) = match refused {
                Refused::Off => (StatusCode::SERVICE_UNAVAILABLE, "analysis_off"),
                Refused::Busy(_) => (StatusCode::SERVICE_UNAVAILABLE, "analysis_busy"),
                Refused::BadRecord(_) => (StatusCode::INTERNAL_SERVER_ERROR, "bad_record"),
            };
            ApiRefusal::new(status, code, refused.to_string()).into_response()
        }
    }
}

/// `GET`: the analysis (200), done or not (its `status` says); 404 when it
/// was never asked for, or for no such game.
pub async fn show(State(shared): State<AnalysisApi>, Path(text): Path<String>) -> Response {
    let id = match game(&shared, text).await {
        Ok(id) => id,
        Err(refusal) => return refusal.into_response(),
    };
    match shared.analyses.current(id).await {
        Some(Asked::Pending(analysis)) => Json(analysis).into_response(),
        Some(Asked::Done(bytes)) => json_bytes(bytes),
        None => ApiRefusal::new(
            StatusCode::NOT_FOUND,
            "no_analysis",
            "this game has not been analysed: ask with POST".into(),
        )
        .into_response(),
    }
}

/// The game `text` names, or why none (404, 409), found on a blocking
/// thread (a whole id is looked for on disk).
async fn game(shared: &AnalysisApi, text: String) -> Result<MatchId, ApiRefusal> {
    let found = shared.history.off_runtime(move |h| h.find(&text)).await;
    match found.unwrap_or(Lookup::None) {
        Lookup::One(id) => Ok(id),
        Lookup::None => Err(ApiRefusal::new(
            StatusCode::NOT_FOUND,
            "no_game",
            "no such game".into(),
        )),
        Lookup::Several(n) => Err(ApiRefusal::new(
            StatusCode::CONFLICT,
            "ambiguous_game",
            format!("{n} games have ids starting with that; give more of the id"),
        )),
    }
}

/// A saved analysis: its JSON text as on disk, 200.
fn json_bytes(bytes: Vec<u8>) -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        bytes,
    )
        .into_response()
}

/// A refused request: its status and, as JSON, `{"error": CODE, "message":
/// TEXT}` (docs/protocol.md lists the codes).
#[derive(Debug)]
struct ApiRefusal {
    /// The HTTP status.
    status: StatusCode,
    /// The code a program acts on.
    code: &'static str,
    /// What happened, in words.
    message: String,
}

impl ApiRefusal {
    /// A refusal with `status`, `code` and `message`.
    fn new(status: StatusCode, code: &'static str, message: String) -> ApiRefusal {
        ApiRefusal {
            status,
            code,
            message,
        }
    }
}

impl IntoResponse for ApiRefusal {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.code, "message": self.message });
        (self.status, Json(body)).into_response()
    }
}
