//! `/robots.txt` and the default link-preview image. The feeds and the sitemap are kept in
//! the page cache and served with the pages (`public`).

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::AppState;
use super::files;
use crate::discovery;
use crate::error::AppError;
use crate::render::card;

pub async fn robots_txt(State(state): State<AppState>) -> Response {
    let headers = [(header::CONTENT_TYPE, "text/plain; charset=utf-8"), (header::CACHE_CONTROL, "public, max-age=3600")];
    (headers, discovery::robots_txt(&state.base_url)).into_response()
}

/// The same bytes for the life of the binary: a day of browser and proxy caching, and an
/// ETag for the revalidation after it.
pub async fn social_card(request: HeaderMap) -> Result<Response, AppError> {
    let etag = HeaderValue::from_static(concat!("\"social-card-", env!("CARGO_PKG_VERSION"), "\""));
    let mut response = if files::not_modified(&request, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        // The first call draws the image: off the executor, so other requests go on meanwhile.
        tokio::task::spawn_blocking(card::png).await.map_err(anyhow::Error::from)?.into_response()
    };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    headers.insert(header::ETAG, etag);
    Ok(response)
}
