//! How the JSON API over HTTP says no: a status and, as JSON,
//! `{"error": CODE, "message": TEXT}`, the shape the analysis endpoints
//! answer with, so a client reads every refusal of the API one way
//! (docs/protocol.md lists the codes). [`ApiQuery`] is axum's `Query` with
//! that refusal in place of axum's plain-text one.

use axum::Json;
use axum::extract::{FromRequestParts, Query};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

/// A refused API request.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    status: StatusCode,
    /// The code a program acts on.
    code: &'static str,
    /// What happened, in words.
    message: String,
}

impl ApiError {
    /// A refusal with `status`, `code` and `message`.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.code, "message": self.message });
        (self.status, Json(body)).into_response()
    }
}

/// The query string read as `T`; one that does not read (a page that is no
/// number, a kind that is no kind) is a 400 `bad_query` naming the field.
pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(query)) => Ok(ApiQuery(query)),
            Err(rejection) => Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_query",
                rejection.body_text(),
            )),
        }
    }
}
