//! Hands the public GETs to the statistics (`crate::stats`), from the page cache's fast path
//! and, as a middleware, from the router (pages rendered on the spot, paper PDFs). Only what
//! the HTTP layer knows is checked here: the method, the status, and the owner.
//!
//! **The owner** is recognised by the session cookie alone, never by a database lookup per
//! request: only the owner can sign in, so a browser that carries the cookie, valid or
//! expired, is the owner's. A visitor never gets one (no response to a visitor sets a cookie).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{Extensions, HeaderMap, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::Response;

use super::{AppState, client, session};
use crate::routes::Route;
use crate::stats::{Hit, Kind};

/// What kind of counted request `route` is, if it counts at all.
fn kind(route: Route<'_>) -> Option<Kind> {
    match route {
        Route::Page(_) | Route::Tag(_) | Route::Paper(_) => Some(Kind::Page),
        Route::PaperPdf(_) | Route::CvPdf => Some(Kind::Download),
        Route::Feed(_) => Some(Kind::Feed),
        _ => None,
    }
}

fn counts(status: StatusCode) -> bool {
    matches!(status, StatusCode::OK | StatusCode::PARTIAL_CONTENT | StatusCode::NOT_MODIFIED)
}

/// The hit of a GET to `route` by anyone but the owner, with the client's address.
fn hit<'a>(
    state: &AppState,
    route: Route<'_>,
    method: &Method,
    uri: &'a Uri,
    headers: &'a HeaderMap,
    extensions: &Extensions,
) -> Option<Hit<'a>> {
    if method != Method::GET || !state.stats.is_on() {
        return None;
    }
    let kind = kind(route)?;
    if session::carries_session_cookie(headers) {
        return None;
    }
    let ConnectInfo(peer) = extensions.get::<ConnectInfo<SocketAddr>>()?;
    let client = client::address(peer.ip(), headers, &state.trusted_proxies);
    Some(Hit { kind, path: uri.path(), client, headers, query: uri.query() })
}

/// Counts a response of the page cache's fast path.
pub fn cached(state: &AppState, route: Route<'_>, request: &Request, status: StatusCode) {
    if counts(status)
        && let Some(hit) = hit(state, route, request.method(), request.uri(), request.headers(), request.extensions())
    {
        state.stats.record(&hit);
    }
}

/// Counts what the router answers: what counts is worked out before (the request is handed
/// on), and added once the status says it was served.
pub async fn count(State(state): State<AppState>, request: Request, next: Next) -> Response {
    // A page in another language (`/de/news`) counts as what it is (its own path is kept).
    let counted = Route::parse(crate::languages::split_path(request.uri().path()).1)
        .and_then(|route| hit(&state, route, request.method(), request.uri(), request.headers(), request.extensions()))
        .and_then(|hit| state.stats.prepare(&hit))
        .map(crate::stats::Counted::into_owned);
    let response = next.run(request).await;
    if let Some(counted) = counted
        && counts(response.status())
    {
        state.stats.commit(counted);
    }
    response
}
