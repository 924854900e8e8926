//! The session cookie, and `OwnerSession` as an extractor: every owner-only handler takes it,
//! so such a handler cannot run without a valid session. `Option<OwnerSession>` serves the
//! handlers whose answer only depends on whether the owner is signed in.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts, OptionalFromRequestParts};
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap, header};

use super::{AppState, client};
use crate::auth::{ABSOLUTE_LIFETIME, AUTH_REQUIRED, COOKIE_NAME, OwnerSession, SECURE_COOKIE_NAME, session_for_token};
use crate::error::AppError;

/// Whether this request reached the site over HTTPS (`client::is_https`): then the session
/// cookie is `Secure` and `__Host-` prefixed.
pub fn is_https(state: &AppState, extensions: &Extensions, headers: &HeaderMap) -> bool {
    let peer = extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(address)| address.ip());
    client::is_https(state.secure_cookies, peer, headers, &state.trusted_proxies)
}

fn cookie_name(https: bool) -> &'static str {
    if https { SECURE_COOKIE_NAME } else { COOKIE_NAME }
}

fn cookies(headers: &HeaderMap) -> impl Iterator<Item = (&str, &str)> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(|(_, value)| !value.is_empty())
}

/// The session token from the request's cookies, if any. Only the name in use is read: over
/// HTTPS a plain `vita_session` (which anyone on the network could have planted) is ignored.
pub fn cookie_token(headers: &HeaderMap, https: bool) -> Option<String> {
    let name = cookie_name(https);
    cookies(headers).find(|(n, _)| *n == name).map(|(_, value)| value.to_owned())
}

/// Whether the request carries a session cookie under either name (it may be the owner's).
pub fn carries_session_cookie(headers: &HeaderMap) -> bool {
    cookies(headers).any(|(name, _)| name == COOKIE_NAME || name == SECURE_COOKIE_NAME)
}

/// The `Set-Cookie` value that stores a session token (or clears it, with `None`).
pub fn session_cookie(token: Option<&str>, https: bool) -> String {
    let (name, secure) = (cookie_name(https), if https { "; Secure" } else { "" });
    match token {
        Some(token) => {
            format!("{name}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}", ABSOLUTE_LIFETIME.num_seconds())
        }
        None => format!("{name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    }
}

impl OptionalFromRequestParts<AppState> for OwnerSession {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Option<Self>, Self::Rejection> {
        match cookie_token(&parts.headers, is_https(state, &parts.extensions, &parts.headers)) {
            Some(token) => session_for_token(&state.db, &token).await,
            None => Ok(None),
        }
    }
}

impl FromRequestParts<AppState> for OwnerSession {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        <Self as OptionalFromRequestParts<AppState>>::from_request_parts(parts, state)
            .await?
            .ok_or_else(|| AppError::Unauthorized(AUTH_REQUIRED.to_owned()))
    }
}
