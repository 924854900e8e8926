//! `POST /api/publications/import/preview` (the .bib text as the body) and
//! `POST /api/publications/import` (JSON: the text, the entries to add, the duplicates to
//! update). Both are the owner's; the work is in `crate::import`.

use axum::body::{Body, to_bytes};
use axum::extract::State;
use axum::http::HeaderMap;

use super::AppState;
use super::extract::Json;
use crate::auth::OwnerSession;
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

fn not_text() -> AppError {
    AppError::UnsupportedMediaType("This is not a BibTeX file: a .bib file is UTF-8 text".to_owned())
}
