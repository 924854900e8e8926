//! The sign-in API: the spec's `POST /token` (password grant) and `POST /logout?scope=`, plus a
//! read of the current session for the admin app's auth context.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::AppState;
use super::client::ClientAddress;
use super::extract::{Json, Path, Query};
use super::session;
use crate::auth::second_factor::{
    self, Accepted, CodeRequest, DisableRequest, Enrolment, RecoveryCodes, SecondFactorSignInRequest, SecondFactorStatus,
    StartEnrolmentRequest,
};
use crate::auth::{
    self, ChangePasswordRequest, OwnerSession, SecondFactorSignIn, SessionSummary, SetupRequest, SignIn, SignInRequest, SignInResponse,
    SignOutScope,
};
use crate::error::AppError;

pub async fn sign_in(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(request): Json<SignInRequest>,
) -> Result<Response, AppError> {
    let client = super::client::address(peer.ip(), &headers, &state.trusted_proxies);
    match auth::sign_in(&state.db, request, user_agent(&headers), Some(client.to_string())).await? {
        SignIn::Session(token, session) => Ok(with_session_cookie(https(&state, peer, &headers), &token, SignInResponse::Session(session))),
        // No cookie: no session exists until the code is accepted.
        SignIn::SecondFactorRequired(challenge) => Ok(axum::Json(SignInResponse::SecondFactorRequired(challenge)).into_response()),
    }
}

/// `POST /api/auth/token/second-factor`: the code after the password; opens the session.
pub async fn sign_in_with_code(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(request): Json<SecondFactorSignInRequest>,
) -> Result<Response, AppError> {
    let client = super::client::address(peer.ip(), &headers, &state.trusted_proxies).to_string();
    let (user, accepted) = second_factor::finish_sign_in(&state.db, request, Some(&client), crate::ops::clock::now()).await?;
    let (token, session) = auth::open_session(&state.db, user, user_agent(&headers), Some(client)).await?;
    let recovery_codes_left = match accepted {
        Accepted::Recovery { left } => Some(left),
        Accepted::App => None,
    };
    Ok(with_session_cookie(https(&state, peer, &headers), &token, SecondFactorSignIn { session, recovery_codes_left }))
}

fn user_agent(headers: &HeaderMap) -> Option<String> {
    headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).map(str::to_owned)
}

fn https(state: &AppState, peer: SocketAddr, headers: &HeaderMap) -> bool {
    super::client::is_https(state.secure_cookies, Some(peer.ip()), headers, &state.trusted_proxies)
}

fn with_session_cookie(https: bool, token: &str, body: impl serde::Serialize) -> Response {
    let cookie = session::session_cookie(Some(token), https);
    ([(header::SET_COOKIE, cookie)], axum::Json(body)).into_response()
}

pub async fn session(owner: OwnerSession) -> axum::Json<auth::SessionInfo> {
    axum::Json(auth::SessionInfo { user: owner.user, expires_at: owner.expires_at })
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SignOutQuery {
    scope: SignOutScope,
}

pub async fn sign_out(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    owner: OwnerSession,
    Query(query): Query<SignOutQuery>,
) -> Result<Response, AppError> {
    auth::sign_out(&state.db, &owner, query.scope).await?;
    let response = if query.scope == SignOutScope::Others {
        StatusCode::NO_CONTENT.into_response()
    } else {
        ([(header::SET_COOKIE, session::session_cookie(None, https(&state, peer, &headers)))], StatusCode::NO_CONTENT).into_response()
    };
    Ok(response)
}

#[derive(serde::Serialize, ts_rs::TS)]
pub struct SetupStatus {
    pub setup_needed: bool,
}

/// `GET /api/auth/setup`: whether the first-run setup is still open.
pub async fn setup_status(State(state): State<AppState>) -> Result<axum::Json<SetupStatus>, AppError> {
    Ok(axum::Json(SetupStatus { setup_needed: auth::setup_needed(&state.db).await? }))
}

/// `POST /api/auth/setup`: creates the owner account once, then signs it in (with the password
/// just hashed: checking it again would only cost another slow hash).
pub async fn setup(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(request): Json<SetupRequest>,
) -> Result<Response, AppError> {
    let user = auth::setup_owner(&state.db, &state.setup_token, request).await?;
    let client = super::client::address(peer.ip(), &headers, &state.trusted_proxies);
    let (token, session) = auth::open_session(&state.db, user, user_agent(&headers), Some(client.to_string())).await?;
    Ok(with_session_cookie(https(&state, peer, &headers), &token, session))
}

pub async fn change_password(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    owner: OwnerSession,
    Json(body): Json<serde_json::Value>,
) -> Result<StatusCode, AppError> {
    let request: ChangePasswordRequest = super::extract::complete(body)?;
    auth::change_password(&state.db, &owner, request, Some(&client.to_string())).await?;
    Ok(StatusCode::NO_CONTENT)
}

pub async fn list_sessions(State(state): State<AppState>, owner: OwnerSession) -> Result<axum::Json<Vec<SessionSummary>>, AppError> {
    Ok(axum::Json(auth::list_sessions(&state.db, &owner).await?))
}

pub async fn revoke_session(
    State(state): State<AppState>,
    owner: OwnerSession,
    Path(id): Path<uuid::Uuid>,
) -> Result<StatusCode, AppError> {
    auth::revoke_session(&state.db, &owner, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/auth/second-factor`: whether the sign-in asks for a code; never the secret.
pub async fn second_factor_status(State(state): State<AppState>, owner: OwnerSession) -> Result<axum::Json<SecondFactorStatus>, AppError> {
    Ok(axum::Json(second_factor::status(&state.db, &owner).await?))
}

/// `POST /api/auth/second-factor/enrolment`: a new secret, inert until confirmed.
pub async fn start_enrolment(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    owner: OwnerSession,
    Json(request): Json<StartEnrolmentRequest>,
) -> Result<axum::Json<Enrolment>, AppError> {
    let client = client.to_string();
    Ok(axum::Json(second_factor::start_enrolment(&state.db, &owner, request, Some(&client)).await?))
}

/// `POST /api/auth/second-factor/enrolment/confirm`: a code from the new secret turns it on.
pub async fn confirm_enrolment(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    owner: OwnerSession,
    Json(request): Json<CodeRequest>,
) -> Result<axum::Json<RecoveryCodes>, AppError> {
    let client = client.to_string();
    Ok(axum::Json(second_factor::confirm_enrolment(&state.db, &owner, request, Some(&client), crate::ops::clock::now()).await?))
}

/// `POST /api/auth/second-factor/recovery-codes`: a new set replaces the old one.
pub async fn regenerate_recovery_codes(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    owner: OwnerSession,
    Json(request): Json<CodeRequest>,
) -> Result<axum::Json<RecoveryCodes>, AppError> {
    let client = client.to_string();
    Ok(axum::Json(second_factor::regenerate_recovery_codes(&state.db, &owner, request, Some(&client), crate::ops::clock::now()).await?))
}

/// `POST /api/auth/second-factor/disable`: needs the password and a code.
pub async fn disable_second_factor(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    owner: OwnerSession,
    Json(request): Json<DisableRequest>,
) -> Result<StatusCode, AppError> {
    let client = client.to_string();
    second_factor::disable(&state.db, &owner, request, Some(&client), crate::ops::clock::now()).await?;
    Ok(StatusCode::NO_CONTENT)
}
