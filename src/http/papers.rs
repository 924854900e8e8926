//! A paper's PDF at its paper's own address, `/publications/<slug>/<slug>.pdf`: Google
//! Scholar indexes a PDF only when it sits under the paper's path on the same host and answers
//! directly (no redirect). The public paper page links it (`citation_pdf_url`) exactly when
//! the publication has a `pdf_file`.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::AppState;
use super::extract::Path;
use super::files::not_modified;
use crate::content::{ContentStatus, publications};
use crate::error::AppError;
use crate::media::buckets::Bucket;

/// The policy of a served PDF. Not the `sandbox` of `/files`: Chrome's PDF viewer does not
/// open in a sandboxed document (it shows "blocked"), and a paper is there to be read.
/// Nothing else may load; the viewer itself is the document's own (`'self'`) object.
pub const PDF_POLICY: &str = "default-src 'none'; object-src 'self'; frame-ancestors 'none'";

/// `GET /publications/<slug>/<slug>.pdf`: 200 with the stored PDF, streamed from the store,
/// when the paper is published and has one; otherwise the same 404 as a missing `/files/…`.
///
/// The URL stays the same when the owner replaces the PDF, so it is revalidated on every use
/// (`no-cache`); the stored object's name, never reused, is a strong ETag for it.
pub async fn pdf(
    State(state): State<AppState>,
    Path((slug, file)): Path<(String, String)>,
    request: HeaderMap,
) -> Result<Response, AppError> {
    let not_found = || AppError::not_found("file");
    if file != format!("{slug}.pdf") {
        return Err(not_found());
    }
    let paper = publications::Entity::find().filter(publications::Column::Slug.eq(slug.as_str())).one(&state.db).await?;
    let name = match paper {
        Some(paper) if paper.status == ContentStatus::Published => paper.pdf_file.ok_or_else(not_found)?,
        _ => return Err(not_found()),
    };
    let etag = HeaderValue::from_str(&format!("\"{name}\"")).map_err(|_| not_found())?;
    let mut response = if not_modified(&request, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let (body, size) = state.files.stream(Bucket::PaperPdfs, &name).await?;
        let mut response = Body::into_response(body);
        response.headers_mut().insert(header::CONTENT_LENGTH, HeaderValue::from(size));
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    // A slug is lower-case letters, digits and dashes: nothing to escape in the quoted name.
    let disposition = HeaderValue::from_str(&format!("inline; filename=\"{file}\"")).map_err(|_| not_found())?;
    headers.insert(header::CONTENT_DISPOSITION, disposition);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, no-cache"));
    headers.insert(header::ETAG, etag);
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(PDF_POLICY));
    Ok(response)
}
