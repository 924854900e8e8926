//! The one error type of the application and the one place where errors become HTTP responses.
//!
//! Every response error has the body `{ "error": { "code": …, "message": …, "fields"?: {…},
//! "existing"?: {…} } }`.
//! Handlers return `Result<_, AppError>` and never build error responses themselves.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sea_orm::{DbErr, RuntimeErr};
use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The request is malformed: bad JSON, a wrong type, an unknown field, a bad id.
    #[error("{0}")]
    BadRequest(String),
    /// The request is well-formed but breaks a rule of the spec; `fields` says which.
    #[error("{message}")]
    Validation { message: String, fields: FieldErrors },
    /// A new password that is too easy to guess (the spec's `weak_password`, with reasons).
    #[error("{}", reasons.join(" "))]
    WeakPassword { reasons: Vec<String> },
    /// Saving would store what another item holds already (a paper's DOI): `fields` says on
    /// which field, `existing` which item has it, so the admin can offer to open that one.
    #[error("{message}")]
    Conflict { message: String, fields: FieldErrors, existing: Existing },
    #[error("{0}")]
    NotFound(String),
    /// It existed but is over (an undo after its window).
    #[error("{0}")]
    Gone(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// The request body paused longer than `--body-timeout`.
    #[error("The request body stopped arriving: it must be sent without long pauses")]
    RequestTimeout,
    #[error("{message}")]
    TooManyRequests { message: String, retry_after_secs: u64 },
    /// The database is busy or out of connections: worth a retry.
    #[error("The service is busy, please try again")]
    Unavailable(#[source] anyhow::Error),
    /// The file storage (the S3 bucket, or the data folder) failed or cannot be reached.
    #[error("File storage is unavailable, please try again later")]
    StorageUnavailable(#[source] anyhow::Error),
    /// An outside scholarly source (Crossref, doi.org, ORCID, OpenAlex) failed the owner's
    /// lookup: down, too slow, an error status or an answer that cannot be read. The message
    /// names the source and what went wrong.
    #[error("{0}")]
    OutsideSource(String),
    /// Anything else. The cause is logged, never shown.
    #[error("Internal server error")]
    Internal(#[from] anyhow::Error),
}

/// Field name → message, shown by the admin forms next to the field.
#[derive(Debug, Default, Clone, Serialize, TS, PartialEq)]
#[serde(transparent)]
pub struct FieldErrors(#[ts(type = "Record<string, string>")] BTreeMap<String, String>);

impl FieldErrors {
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_owned()).or_insert_with(|| message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.get(field).map(String::as_str)
    }

    pub fn first_message(&self) -> Option<&str> {
        self.0.values().next().map(String::as_str)
    }
}

/// The stored item a `Conflict` names.
#[derive(Debug, Clone, Serialize, TS, PartialEq)]
pub struct Existing {
    pub id: uuid::Uuid,
    pub slug: String,
    pub title: String,
}

/// The JSON body of every error response.
#[derive(Serialize, TS)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Serialize, TS)]
pub struct ErrorDetail {
    pub code: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fields: Option<FieldErrors>,
    /// The stored item a conflict is with (`AppError::Conflict`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub existing: Option<Existing>,
}

impl AppError {
    pub fn not_found(noun: &str) -> Self {
        AppError::NotFound(format!("{} not found", capitalise(noun)))
    }

    pub fn validation(fields: FieldErrors) -> Self {
        let message = fields.first_message().unwrap_or("The request is not valid").to_owned();
        AppError::Validation { message, fields }
    }

    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            AppError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            AppError::Validation { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "validation"),
            AppError::WeakPassword { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "weak_password"),
            AppError::Conflict { .. } => (StatusCode::CONFLICT, "conflict"),
            AppError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            AppError::Gone(_) => (StatusCode::GONE, "gone"),
            AppError::Unauthorized(_) => (StatusCode::UNAUTHORIZED, "unauthorized"),
            AppError::Forbidden(_) => (StatusCode::FORBIDDEN, "forbidden"),
            AppError::PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            AppError::UnsupportedMediaType(_) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type"),
            AppError::RequestTimeout => (StatusCode::REQUEST_TIMEOUT, "request_timeout"),
            AppError::TooManyRequests { .. } => (StatusCode::TOO_MANY_REQUESTS, "too_many_requests"),
            AppError::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            AppError::StorageUnavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "storage_unavailable"),
            AppError::OutsideSource(_) => (StatusCode::BAD_GATEWAY, "outside_source"),
            AppError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        match &self {
            AppError::Internal(cause) => tracing::error!(error = ?cause, "internal error"),
            AppError::Unavailable(cause) => tracing::warn!(error = ?cause, "service unavailable"),
            AppError::StorageUnavailable(cause) => tracing::error!(error = ?cause, "file storage unavailable"),
            _ => {}
        }
        // The rest of a stalled body may still come: the connection cannot carry another request.
        let close = matches!(self, AppError::RequestTimeout);
        let retry_after = match &self {
            AppError::TooManyRequests { retry_after_secs, .. } => Some(*retry_after_secs),
            // A busy database is usually free again within a second.
            AppError::Unavailable(_) => Some(1),
            _ => None,
        };
        let message = self.to_string();
        let (fields, existing) = match self {
            AppError::Validation { fields, .. } => (Some(fields), None),
            AppError::Conflict { fields, existing, .. } => (Some(fields), Some(existing)),
            AppError::WeakPassword { reasons } => {
                let mut fields = FieldErrors::default();
                fields.add("password", reasons.join(" "));
                (Some(fields), None)
            }
            _ => (None, None),
        };
        let body = ErrorBody { error: ErrorDetail { code: code.to_owned(), message, fields, existing } };
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(secs) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        if close {
            response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }
}

impl From<DbErr> for AppError {
    fn from(err: DbErr) -> Self {
        match &err {
            DbErr::ConnectionAcquire(_) => AppError::Unavailable(err.into()),
            DbErr::Conn(RuntimeErr::SqlxError(e)) | DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e))
                if is_busy(e) =>
            {
                AppError::Unavailable(anyhow::anyhow!("{err}"))
            }
            _ => AppError::Internal(err.into()),
        }
    }
}

/// SQLite's "database is locked" (after the busy timeout), PostgreSQL's `lock_timeout` and
/// a busy or closed pool are temporary.
fn is_busy(err: &sea_orm::sqlx::Error) -> bool {
    match err {
        sea_orm::sqlx::Error::PoolTimedOut | sea_orm::sqlx::Error::PoolClosed => true,
        sea_orm::sqlx::Error::Database(db) => {
            matches!(db.code().as_deref(), Some("5") | Some("6") | Some("517") | Some("55P03") | Some("57P03"))
        }
        _ => false,
    }
}

/// Whether a failed body read is the body timeout (`--body-timeout`) rather than a client that
/// hung up or sent too much.
pub fn is_body_timeout(err: &(dyn std::error::Error + 'static)) -> bool {
    std::iter::successors(Some(err), |e| e.source()).any(|e| e.is::<tower_http::timeout::TimeoutError>())
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        if is_body_timeout(&rejection) {
            return AppError::RequestTimeout;
        }
        let status = rejection.status();
        let message = match &rejection {
            JsonRejection::MissingJsonContentType(_) => "Expected a JSON body with the header Content-Type: application/json".to_owned(),
            JsonRejection::JsonSyntaxError(_) => format!("The body is not valid JSON: {}", rejection.body_text()),
            JsonRejection::JsonDataError(_) => rejection.body_text(),
            _ => rejection.body_text(),
        };
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::PayloadTooLarge("The request body is too large".to_owned())
        } else {
            AppError::BadRequest(message)
        }
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        AppError::BadRequest(format!("Invalid path: {}", rejection.body_text()))
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        AppError::BadRequest(rejection.body_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_503_and_429_says_when_to_retry() {
        let busy = AppError::Unavailable(anyhow::anyhow!("database is locked")).into_response();
        assert_eq!(busy.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(busy.headers()[header::RETRY_AFTER], "1");
        let limited = AppError::TooManyRequests { message: "Too many".to_owned(), retry_after_secs: 60 }.into_response();
        assert_eq!(limited.headers()[header::RETRY_AFTER], "60");
        assert!(AppError::BadRequest("x".to_owned()).into_response().headers().get(header::RETRY_AFTER).is_none());
    }
}
