//! `GET /api/backup`: the owner downloads the same archive as `vita backup` writes.

use std::io::Seek;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::AppState;
use crate::auth::OwnerSession;
use crate::backup;
use crate::error::AppError;

/// The archive is written to a temporary file (ZIP needs to seek, and the uploads may be far
/// larger than memory should hold), unlinked at once, and streamed from the open file.
pub async fn download(State(state): State<AppState>, _owner: OwnerSession) -> Result<Response, AppError> {
    let path = std::env::temp_dir().join(format!("vita-backup-{}.zip", uuid::Uuid::new_v4().simple()));
    let file = std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path).map_err(anyhow::Error::from)?;
    let written = backup::write(&state.db, &state.files, file).await;
    // Unlinked whatever happened: the open file lives on until the response has been sent.
    let _ = std::fs::remove_file(&path);
    let (mut file, _) = written?;
    let size = file.stream_position().map_err(anyhow::Error::from)?;
    file.rewind().map_err(anyhow::Error::from)?;
    let stream = tokio_util::io::ReaderStream::new(tokio::fs::File::from_std(file));
    let name = format!("vita-backup-{}.zip", crate::ops::clock::now().format("%Y%m%d-%H%M%S"));
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")).map_err(anyhow::Error::from)?;
    Ok((
        [(header::CONTENT_TYPE, HeaderValue::from_static("application/zip")), (header::CONTENT_DISPOSITION, disposition)],
        [(header::CONTENT_LENGTH, HeaderValue::from(size))],
        Body::from_stream(stream),
    )
        .into_response())
}
