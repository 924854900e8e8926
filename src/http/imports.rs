//! `POST /api/publications/import/preview` (the .bib text as the body) and
//! `POST /api/publications/import` (JSON: the text, the entries to add, the duplicates to
//! update); the work is in `crate::import`. `GET /api/admin/imports` (the imports that still
//! have papers) and `POST /api/admin/imports/<id>/remove` (an import's papers taken back, with
//! an undo token); the work is in `crate::content::imports`. All are the owner's.

use axum::body::{Body, to_bytes};
use axum::extract::State;
use axum::http::HeaderMap;
use uuid::Uuid;

use super::AppState;
use super::extract::{Json, Path};
use crate::auth::OwnerSession;
use crate::content::imports::{self as records, ImportRemoval, ImportSummary};
use crate::error::AppError;
use crate::import::{self, ImportOutcome, ImportPreview, ImportRequest};

/// The import request carries the text as a JSON string, where escapes can make it up to twice
/// as long (a file of quotes and backslashes); the text itself is still held to 5 MB.
pub const MAX_IMPORT_BODY: usize = 2 * import::MAX_BYTES + 64 * 1024;

pub async fn preview(
    State(state): State<AppState>,
    _owner: OwnerSession,
    headers: HeaderMap,
    body: Body,
) -> Result<axum::Json<ImportPreview>, AppError> {
    // A declared size past the limit is refused before a byte is read.
    let declared = super::extract::declared_length(&headers);
    if declared.is_some_and(|length| length > import::MAX_BYTES) {
        return Err(import::too_large());
    }
    let bytes = to_bytes(body, import::MAX_BYTES)
        .await
        .map_err(|e| if crate::error::is_body_timeout(&e) { AppError::RequestTimeout } else { import::too_large() })?;
    let text = std::str::from_utf8(&bytes).map_err(|_| not_text())?;
    Ok(axum::Json(import::preview(&state.db, text).await?))
}

pub async fn import(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(request): Json<ImportRequest>,
) -> Result<axum::Json<ImportOutcome>, AppError> {
    Ok(axum::Json(import::import(&state.db, &state.changes, request).await?))
}

pub async fn list(State(state): State<AppState>, _owner: OwnerSession) -> Result<axum::Json<Vec<ImportSummary>>, AppError> {
    Ok(axum::Json(records::list(&state.db).await?))
}

pub async fn remove(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(id): Path<Uuid>,
) -> Result<axum::Json<ImportRemoval>, AppError> {
    Ok(axum::Json(records::remove(&state.db, &state.changes, id).await?))
}

fn not_text() -> AppError {
    AppError::UnsupportedMediaType("This is not a BibTeX file: a .bib file is UTF-8 text".to_owned())
}
