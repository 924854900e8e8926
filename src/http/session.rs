//! The session cookie, and `OwnerSession` as an extractor: every owner-only handler takes it,
//! so such a handler cannot run without a valid session. `Option<OwnerSession>` serves the
//! handlers whose answer only depends on whether the owner is signed in.

use axum::extract::{FromRequestParts, OptionalFromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};

use super::AppState;
use crate::auth::{ABSOLUTE_LIFETIME, AUTH_REQUIRED, COOKIE_NAME, OwnerSession, session_for_token};
use crate::error::AppError;

/// The session token from the request's cookies, if any.
pub fn cookie_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE_NAME)
        .map(|(_, value)| value.to_owned())
        .filter(|value| !value.is_empty())
}

/// The `Set-Cookie` value that stores a session token (or clears it, with `None`).
pub fn session_cookie(token: Option<&str>, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    match token {
        Some(token) => {
            format!("{COOKIE_NAME}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}", ABSOLUTE_LIFETIME.num_seconds())
        }
        None => format!("{COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    }
}

impl OptionalFromRequestParts<AppState> for OwnerSession {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Option<Self>, Self::Rejection> {
        match cookie_token(&parts.headers) {
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
