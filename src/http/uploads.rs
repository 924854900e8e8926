//! File uploads (profile photo, CV, paper PDFs): streamed with the bucket's size limit enforced while
//! reading, checked by content, stored under a generated name, served back with their type.

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use serde::Deserialize;

use super::AppState;
use super::extract::{Path, Query};
use crate::auth::OwnerSession;
use crate::error::AppError;
use crate::media::buckets::Bucket;
use crate::media::files::UploadedFile;
use crate::media::photos;

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UploadQuery {
    /// The file's original name (only its extension is kept).
    filename: String,
}

/// `POST /api/uploads/<bucket>?filename=…` with the file as the raw request body.
pub async fn upload(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(bucket): Path<String>,
    Query(query): Query<UploadQuery>,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, axum::Json<UploadedFile>), AppError> {
    let bucket = Bucket::from_name(&bucket)?;
    let declared = super::extract::declared_length(&headers);
    // Past the drain limit there is no point reading: refuse at once. Anything smaller that is
    // still too large is caught (and drained) while reading, whatever Content-Length said.
    if declared.is_some_and(|length| length > drain_limit(bucket)) {
        return Err(bucket.too_large());
    }
    let data = match read_limited(body, bucket, declared.unwrap_or(0)).await {
        Err(ReadError::TooLarge(rest)) => {
            // The bucket's limit is read already: the rest may make up the drain limit.
            discard(rest, drain_limit(bucket) - bucket.max_bytes()).await;
            return Err(bucket.too_large());
        }
        Err(ReadError::Interrupted(error)) => return Err(error),
        Ok(data) => data,
    };
    let uploaded = state.files.upload(bucket, &query.filename, data).await?;
    Ok((StatusCode::CREATED, axum::Json(uploaded)))
}

/// An oversized upload is read to its end (and thrown away) when it is at most this big, so
/// the client, still sending, gets the 413 and its message instead of a broken connection; a
/// larger one is answered at once and the connection closed.
const DRAIN_LIMIT: usize = 32 * 1024 * 1024;

/// The drain limit of a bucket: 32 MB, or the bucket's own limit plus 32 MB when that limit is
/// larger (a paper's 50 MB), so a file the bucket takes is never refused on its Content-Length
/// and one a little too large still gets the readable 413.
fn drain_limit(bucket: Bucket) -> usize {
    if bucket.max_bytes() < DRAIN_LIMIT { DRAIN_LIMIT } else { bucket.max_bytes() + DRAIN_LIMIT }
}

enum ReadError {
    /// Past the bucket's limit; the rest of the body is still unread.
    TooLarge(Body),
    Interrupted(AppError),
}

/// Reads the body but stops as soon as it passes the limit, whatever Content-Length said.
/// `declared` (Content-Length) only sizes the buffer, so a 50 MB paper is not copied as it grows.
async fn read_limited(mut body: Body, bucket: Bucket, declared: usize) -> Result<Bytes, ReadError> {
    let mut data = Vec::with_capacity(declared.min(bucket.max_bytes()));
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| {
            ReadError::Interrupted(if crate::error::is_body_timeout(&e) {
                AppError::RequestTimeout
            } else {
                AppError::BadRequest(format!("The upload was interrupted: {e}"))
            })
        })?;
        if let Ok(chunk) = frame.into_data() {
            if data.len() + chunk.len() > bucket.max_bytes() {
                return Err(ReadError::TooLarge(body));
            }
            data.extend_from_slice(&chunk);
        }
    }
    Ok(Bytes::from(data))
}

/// Reads and drops the rest of a body, up to `limit` bytes.
async fn discard(mut body: Body, limit: usize) {
    let mut read = 0;
    while let Some(Ok(frame)) = body.frame().await {
        read += frame.data_ref().map_or(0, |chunk| chunk.len());
        if read > limit {
            return;
        }
    }
}

/// `DELETE /api/uploads/<bucket>/<name>`.
pub async fn remove(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path((bucket, name)): Path<(String, String)>,
) -> Result<StatusCode, AppError> {
    state.files.remove(Bucket::from_name(&bucket)?, &name).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /files/<bucket>/<name>`: names are unique and never reused, so the file never
/// changes and may be cached for a year.
///
/// A paper's PDF is public only at its paper's address, and only while the paper is published
/// (`papers::pdf`); here only the owner sees it (the form's preview), so a draft's PDF stays
/// private. So is a photo's original, with its camera's metadata: the pages show its variants.
pub async fn serve(
    State(state): State<AppState>,
    owner: Option<OwnerSession>,
    Path((bucket, name)): Path<(String, String)>,
) -> Result<Response, AppError> {
    let bucket = Bucket::from_name(&bucket)?;
    let private_original = photos::is_private(bucket, &name);
    if (bucket == Bucket::PaperPdfs || private_original) && owner.is_none() {
        return Err(AppError::not_found("file"));
    }
    let (data, mime) = state.files.read(bucket, &name).await?;
    let mut response = data.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    let cache_control = if bucket == Bucket::PaperPdfs {
        "private, no-store"
    } else if private_original {
        "private, max-age=31536000, immutable"
    } else {
        "public, max-age=31536000, immutable"
    };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    // Word documents download; images and PDFs open in the browser, sandboxed from the site.
    let disposition = if mime.starts_with("image/") || mime == "application/pdf" { "inline" } else { "attachment" };
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static(disposition));
    let policy = if bucket == Bucket::PaperPdfs { super::papers::PDF_POLICY } else { "default-src 'none'; sandbox" };
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(policy));
    Ok(response)
}
