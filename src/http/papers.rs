//! A paper's PDF at its paper's own address, `/publications/<slug>/<slug>.pdf`: Google
//! Scholar indexes a PDF only when it sits under the paper's path on the same host and answers
//! directly (no redirect). The public paper page links it (`citation_pdf_url`) exactly when
//! the publication has a `pdf_file`. A `Range` of one span is answered 206 with that part
//! (PDF viewers read long files in parts); several spans get the whole file, as the RFC allows.

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
    let wanted = request.get(header::RANGE).and_then(|value| value.to_str().ok()).filter(|_| if_range_holds(&request, &etag));
    let mut response = if not_modified(&request, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else if let Some(wanted) = wanted {
        let size = state.files.size(Bucket::PaperPdfs, &name).await?;
        match byte_range(wanted, size) {
            Ok(Some(range)) => {
                let (first, last) = (range.start, range.end - 1);
                let (body, size) = state.files.stream_range(Bucket::PaperPdfs, &name, range.clone()).await?;
                let mut response = Body::into_response(body);
                *response.status_mut() = StatusCode::PARTIAL_CONTENT;
                let headers = response.headers_mut();
                headers.insert(header::CONTENT_LENGTH, HeaderValue::from(range.end - range.start));
                let content_range = HeaderValue::from_str(&format!("bytes {first}-{last}/{size}")).map_err(anyhow::Error::from)?;
                headers.insert(header::CONTENT_RANGE, content_range);
                response
            }
            Ok(None) => whole(&state, &name).await?,
            Err(()) => {
                let mut response = StatusCode::RANGE_NOT_SATISFIABLE.into_response();
                let content_range = HeaderValue::from_str(&format!("bytes */{size}")).map_err(anyhow::Error::from)?;
                response.headers_mut().insert(header::CONTENT_RANGE, content_range);
                response
            }
        }
    } else {
        whole(&state, &name).await?
    };
    let headers = response.headers_mut();
    // PDF viewers fetch a long paper in parts.
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
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

/// The whole stored PDF.
async fn whole(state: &AppState, name: &str) -> Result<Response, AppError> {
    let (body, size) = state.files.stream(Bucket::PaperPdfs, name).await?;
    let mut response = Body::into_response(body);
    response.headers_mut().insert(header::CONTENT_LENGTH, HeaderValue::from(size));
    Ok(response)
}

/// Whether a `Range` may be answered: no `If-Range`, or one naming the current file.
fn if_range_holds(request: &HeaderMap, etag: &HeaderValue) -> bool {
    request.get(header::IF_RANGE).is_none_or(|tag| tag == etag)
}

/// The bytes a `Range: bytes=…` header asks of a file of `size` bytes: `Ok(None)` for a header
/// to ignore (not bytes, several spans, not readable), `Err` for one no byte of the file
/// satisfies (416).
fn byte_range(header: &str, size: u64) -> Result<Option<std::ops::Range<u64>>, ()> {
    let Some(spec) = header.trim().strip_prefix("bytes=") else { return Ok(None) };
    let Some((first, last)) = spec.trim().split_once('-') else { return Ok(None) };
    if spec.contains(',') {
        return Ok(None);
    }
    let number = |text: &str| text.trim().parse::<u64>().ok();
    match (first.trim().is_empty(), number(first), number(last)) {
        // The last `n` bytes.
        (true, _, Some(suffix)) if suffix > 0 && size > 0 => Ok(Some(size.saturating_sub(suffix)..size)),
        (true, _, Some(_)) => Err(()),
        (false, Some(first), _) if first >= size => Err(()),
        (false, Some(first), None) if last.trim().is_empty() => Ok(Some(first..size)),
        (false, Some(first), Some(last)) if last >= first => Ok(Some(first..(last + 1).min(size))),
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::byte_range;

    #[test]
    fn ranges_of_one_span_are_read_and_others_ignored_or_refused() {
        assert_eq!(byte_range("bytes=0-99", 1000), Ok(Some(0..100)));
        assert_eq!(byte_range("bytes=900-", 1000), Ok(Some(900..1000)));
        assert_eq!(byte_range("bytes=-100", 1000), Ok(Some(900..1000)));
        assert_eq!(byte_range("bytes=-5000", 1000), Ok(Some(0..1000)));
        assert_eq!(byte_range("bytes=990-2000", 1000), Ok(Some(990..1000)));
        assert_eq!(byte_range("bytes=1000-", 1000), Err(()));
        assert_eq!(byte_range("bytes=-0", 1000), Err(()));
        assert_eq!(byte_range("bytes=0-1,5-9", 1000), Ok(None));
        assert_eq!(byte_range("bytes=9-1", 1000), Ok(None));
        assert_eq!(byte_range("items=0-1", 1000), Ok(None));
        assert_eq!(byte_range("bytes=x-y", 1000), Ok(None));
    }
}
