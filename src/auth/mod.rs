//! Owner sign-in: accounts with argon2id password hashes, an optional second factor
//! (`second_factor`: a code from an authenticator app, or a recovery code), server-side
//! sessions referenced by a random token in an HttpOnly SameSite cookie (`crate::http::session`
//! reads and writes the cookie and makes `OwnerSession` an extractor).

pub mod attempts;
pub mod password;
pub mod second_factor;
pub mod sessions;
pub mod users;

use base64::Engine;
use chrono::{DateTime, Duration, Utc};
use rand::RngCore;
use sea_orm::ActiveValue::Set;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, TransactionTrait};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;
use uuid::Uuid;

use crate::content::settings;
use crate::error::AppError;
use crate::error::FieldErrors;
use crate::rules::validate::is_email;

pub const COOKIE_NAME: &str = "vita_session";
/// The cookie's name over HTTPS. A browser keeps a `__Host-` cookie only when it is `Secure`,
/// has `Path=/` and no `Domain`, so neither a plain-HTTP page nor a sibling subdomain can plant
/// one.
pub const SECURE_COOKIE_NAME: &str = "__Host-vita_session";
/// A session not used for this long ends.
pub const IDLE_LIFETIME: Duration = Duration::days(7);
/// A session ends after this long whatever the activity.
pub const ABSOLUTE_LIFETIME: Duration = Duration::days(30);
/// Sliding the idle expiry costs a write; do it at most this often per session.
const TOUCH_INTERVAL: Duration = Duration::minutes(1);

pub const MISSING_CREDENTIALS: &str = "You must provide either an email or phone number and a password";
pub const INVALID_CREDENTIALS: &str = "Invalid login credentials";
pub const AUTH_REQUIRED: &str = "Authentication required";
pub const SETUP_CLOSED: &str = "Setup is already complete: sign in instead";
pub const SETUP_TOKEN_WRONG: &str =
    "This setup link is not valid: open the link that `vita serve` printed when it started, or run `vita admin add`";

/// The first-run setup's one-time token. Without it, whoever reached a fresh instance first
/// would become its owner. It is made when the server starts on a database with no owner and
/// printed once in the setup link; only its SHA-256 is kept, in this process's memory: each
/// instance prints and accepts its own (several instances on one fresh database each print a
/// link, any of them works on the instance that printed it), and a restart makes a new one.
#[derive(Clone, Default)]
pub struct SetupToken {
    hash: Option<[u8; 32]>,
}

impl SetupToken {
    /// A new random token (256 bits, URL-safe) and the state that accepts it.
    pub fn generate() -> (String, Self) {
        let bytes: [u8; 32] = rand::random();
        let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
        let hash = Some(Sha256::digest(token.as_bytes()).into());
        (token, Self { hash })
    }

    /// Whether `token` is the one printed; always false when none was made.
    pub fn accepts(&self, token: &str) -> bool {
        let given: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        // Compared as digests of equal length: how long the comparison takes says nothing
        // about the token itself.
        self.hash.is_some_and(|hash| hash.iter().zip(given).fold(0, |diff, (a, b)| diff | (a ^ b)) == 0)
    }
}

/// The signed-in user as the admin app sees it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct User {
    pub id: Uuid,
    pub email: String,
}

/// The current session as the admin app sees it (never the token itself).
#[derive(Clone, Debug, Serialize, TS)]
pub struct SessionInfo {
    pub user: User,
    pub expires_at: DateTime<Utc>,
}

/// The answer to `POST /api/auth/token`: the session, or (for an account with a second
/// factor) the token that the code must come with.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(untagged)]
pub enum SignInResponse {
    Session(SessionInfo),
    SecondFactorRequired(second_factor::SecondFactorChallenge),
}

/// The answer to the second step of a sign-in.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SecondFactorSignIn {
    #[serde(flatten)]
    #[ts(flatten)]
    pub session: SessionInfo,
    /// After a recovery code: how many are left.
    pub recovery_codes_left: Option<u32>,
}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(default)]
#[ts(optional_fields = nullable)]
pub struct SignInRequest {
    pub email: Option<String>,
    pub password: Option<String>,
}

/// A handler argument that exists only for a valid, unexpired owner session.
#[derive(Clone, Debug)]
pub struct OwnerSession {
    pub session_id: Uuid,
    pub user: User,
    pub expires_at: DateTime<Utc>,
}

fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn token_hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn normalise_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Creates the owner account, or sets a new password when it exists (`vita admin add`).
pub async fn add_owner(db: &impl ConnectionTrait, email: &str, password: &str) -> Result<User, AppError> {
    let email = normalise_email(email);
    if !is_email(&email) {
        return Err(AppError::BadRequest(format!("'{email}' is not a valid email address")));
    }
    let reasons = password::weaknesses(password, &email);
    if !reasons.is_empty() {
        return Err(AppError::WeakPassword { reasons });
    }
    let hash = password::hash(password.to_owned()).await?;
    let now = crate::ops::clock::now();
    let row = users::ActiveModel {
        id: Set(Uuid::new_v4()),
        email: Set(email.clone()),
        password_hash: Set(hash),
        created_at: Set(now),
        updated_at: Set(now),
    };
    users::Entity::insert(row)
        .on_conflict(
            OnConflict::column(users::Column::Email).update_columns([users::Column::PasswordHash, users::Column::UpdatedAt]).to_owned(),
        )
        .exec(db)
        .await?;
    settings::set_once(db, settings::SETUP_COMPLETED, serde_json::Value::Bool(true)).await?;
    let user = users::Entity::find().filter(users::Column::Email.eq(&email)).one(db).await?.ok_or_else(|| AppError::not_found("user"))?;
    // A new password is how a leaked one is shut out: every session opened with it ends, and
    // every sign-in it half-opened.
    sessions::Entity::delete_many().filter(sessions::Column::UserId.eq(user.id)).exec(db).await?;
    second_factor::forget_pending_sign_ins(db, user.id).await?;
    Ok(User { id: user.id, email: user.email })
}

/// What the first-run setup form sends.
#[derive(Debug, Default, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct SetupRequest {
    pub email: String,
    pub password: String,
    pub password_confirmation: String,
    /// The one-time token of the setup link that `vita serve` printed (see `SetupToken`).
    pub token: String,
}

/// Whether the site still needs its owner account (the first-run setup is open).
pub async fn setup_needed(db: &impl ConnectionTrait) -> Result<bool, AppError> {
    Ok(!settings::is_set(db, settings::SETUP_COMPLETED).await?)
}

/// The first-run setup: creates the owner account once. The `setup_completed` setting is
/// claimed in the same transaction, so two racing requests cannot both create an owner.
pub async fn setup_owner(db: &DatabaseConnection, token: &SetupToken, request: SetupRequest) -> Result<User, AppError> {
    if !setup_needed(db).await? {
        return Err(AppError::Forbidden(SETUP_CLOSED.to_owned()));
    }
    if !token.accepts(&request.token) {
        return Err(AppError::Forbidden(SETUP_TOKEN_WRONG.to_owned()));
    }
    let email = normalise_email(&request.email);
    let mut fields = FieldErrors::default();
    if !is_email(&email) {
        fields.add("email", "Enter a valid email address");
    }
    if request.password != request.password_confirmation {
        fields.add("password_confirmation", "The passwords do not match");
    }
    if !fields.is_empty() {
        return Err(AppError::validation(fields));
    }
    let reasons = password::weaknesses(&request.password, &email);
    if !reasons.is_empty() {
        return Err(AppError::WeakPassword { reasons });
    }
    let hash = password::hash(request.password).await?;
    let txn = db.begin().await?;
    if !settings::set_once(&txn, settings::SETUP_COMPLETED, serde_json::Value::Bool(true)).await? {
        return Err(AppError::Forbidden(SETUP_CLOSED.to_owned()));
    }
    let now = crate::ops::clock::now();
    let user = users::ActiveModel {
        id: Set(Uuid::new_v4()),
        email: Set(email),
        password_hash: Set(hash),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(User { id: user.id, email: user.email })
}

/// Sets a new password after checking the current one; every other session of the user ends.
/// The check of the current password counts in the sign-in limiter: without it, a stolen
/// session could guess the password here without limit.
pub async fn change_password(
    db: &DatabaseConnection,
    owner: &OwnerSession,
    request: ChangePasswordRequest,
    ip: Option<&str>,
) -> Result<(), AppError> {
    let user = users::Entity::find_by_id(owner.user.id).one(db).await?.ok_or_else(|| AppError::Unauthorized(AUTH_REQUIRED.to_owned()))?;
    let attempt = attempts::reserve(db, &user.email, ip, attempts::Ceiling::Applies).await?;
    if !password::verify(Some(user.password_hash.clone()), request.current_password).await? {
        attempt.failed(db).await;
        let mut fields = FieldErrors::default();
        fields.add("current_password", "The current password is not correct");
        return Err(AppError::validation(fields));
    }
    attempt.succeeded(db).await?;
    let reasons = password::weaknesses(&request.new_password, &user.email);
    if !reasons.is_empty() {
        return Err(AppError::WeakPassword { reasons });
    }
    let hash = password::hash(request.new_password).await?;
    let txn = db.begin().await?;
    users::ActiveModel { id: Set(user.id), password_hash: Set(hash), updated_at: Set(crate::ops::clock::now()), ..Default::default() }
        .update(&txn)
        .await?;
    sign_out(&txn, owner, SignOutScope::Others).await?;
    second_factor::forget_pending_sign_ins(&txn, user.id).await?;
    txn.commit().await?;
    Ok(())
}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct ChangePasswordRequest {
    pub current_password: String,
    pub new_password: String,
}

/// One of the owner's sessions, as the account page lists them.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SessionSummary {
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    pub user_agent: Option<String>,
    pub ip: Option<String>,
    /// The session making this request.
    pub current: bool,
}

pub async fn list_sessions(db: &impl ConnectionTrait, owner: &OwnerSession) -> Result<Vec<SessionSummary>, AppError> {
    let now = crate::ops::clock::now();
    let rows = sessions::Entity::find()
        .filter(sessions::Column::UserId.eq(owner.user.id))
        .filter(sessions::Column::IdleExpiresAt.gt(now))
        .filter(sessions::Column::ExpiresAt.gt(now))
        .order_by_desc(sessions::Column::LastSeenAt)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|s| SessionSummary {
            id: s.id,
            created_at: s.created_at,
            last_seen_at: s.last_seen_at,
            user_agent: s.user_agent,
            ip: s.ip,
            current: s.id == owner.session_id,
        })
        .collect())
}

/// Ends one of the owner's own sessions.
pub async fn revoke_session(db: &impl ConnectionTrait, owner: &OwnerSession, id: Uuid) -> Result<(), AppError> {
    let result = sessions::Entity::delete_many()
        .filter(sessions::Column::Id.eq(id))
        .filter(sessions::Column::UserId.eq(owner.user.id))
        .exec(db)
        .await?;
    if result.rows_affected == 0 {
        return Err(AppError::not_found("session"));
    }
    Ok(())
}

/// What a right password leads to.
#[derive(Debug)]
pub enum SignIn {
    /// A session: the cookie token and the session.
    Session(String, SessionInfo),
    /// No session yet: the account asks for a code (`second_factor::finish_sign_in`).
    SecondFactorRequired(second_factor::SecondFactorChallenge),
}

/// Checks the credentials; opens a session, unless the account asks for a code first.
pub async fn sign_in(
    db: &impl ConnectionTrait,
    request: SignInRequest,
    user_agent: Option<String>,
    ip: Option<String>,
) -> Result<SignIn, AppError> {
    let email = request.email.map(|e| normalise_email(&e)).filter(|e| !e.is_empty());
    let password = request.password.filter(|p| !p.is_empty());
    let (Some(email), Some(password)) = (email, password) else {
        return Err(AppError::BadRequest(MISSING_CREDENTIALS.to_owned()));
    };
    let attempt = attempts::reserve(db, &email, ip.as_deref(), attempts::Ceiling::Applies).await?;
    let user = users::Entity::find().filter(users::Column::Email.eq(&email)).one(db).await?;
    let valid = password::verify(user.as_ref().map(|u| u.password_hash.clone()), password).await?;
    let user = match user {
        Some(user) if valid => user,
        _ => {
            attempt.failed(db).await;
            return Err(AppError::BadRequest(INVALID_CREDENTIALS.to_owned()));
        }
    };
    if second_factor::is_enabled(db, user.id).await? {
        attempt.undecided(db).await?;
        return Ok(SignIn::SecondFactorRequired(second_factor::begin_sign_in(db, user.id, ip.as_deref()).await?));
    }
    attempt.succeeded(db).await?;
    let (token, session) = open_session(db, User { id: user.id, email: user.email }, user_agent, ip).await?;
    Ok(SignIn::Session(token, session))
}

/// Opens a session for a user whose credentials were just checked (or just set, by the
/// first-run setup); returns the cookie token and the session.
pub async fn open_session(
    db: &impl ConnectionTrait,
    user: User,
    user_agent: Option<String>,
    ip: Option<String>,
) -> Result<(String, SessionInfo), AppError> {
    let token = new_token();
    let now = crate::ops::clock::now();
    let session = sessions::ActiveModel {
        id: Set(Uuid::new_v4()),
        user_id: Set(user.id),
        token_hash: Set(token_hash(&token)),
        last_seen_at: Set(now),
        idle_expires_at: Set(now + IDLE_LIFETIME),
        expires_at: Set(now + ABSOLUTE_LIFETIME),
        user_agent: Set(user_agent.map(|ua| ua.chars().take(512).collect())),
        ip: Set(ip),
        created_at: Set(now),
        updated_at: Set(now),
    };
    sessions::Entity::insert(session).exec(db).await?;
    let info = SessionInfo { user, expires_at: now + IDLE_LIFETIME };
    Ok((token, info))
}

/// Finds the live session of a cookie token, sliding its idle expiry forward.
pub async fn session_for_token(db: &impl ConnectionTrait, token: &str) -> Result<Option<OwnerSession>, AppError> {
    let now = crate::ops::clock::now();
    let Some(session) = sessions::Entity::find().filter(sessions::Column::TokenHash.eq(token_hash(token))).one(db).await? else {
        return Ok(None);
    };
    if session.idle_expires_at <= now || session.expires_at <= now {
        sessions::Entity::delete_by_id(session.id).exec(db).await?;
        return Ok(None);
    }
    let Some(user) = users::Entity::find_by_id(session.user_id).one(db).await? else {
        return Ok(None);
    };
    let mut idle_expires_at = session.idle_expires_at;
    if now - session.last_seen_at >= TOUCH_INTERVAL {
        idle_expires_at = (now + IDLE_LIFETIME).min(session.expires_at);
        let touched = sessions::ActiveModel {
            id: Set(session.id),
            last_seen_at: Set(now),
            idle_expires_at: Set(idle_expires_at),
            updated_at: Set(now),
            ..Default::default()
        };
        sessions::Entity::update(touched).exec(db).await?;
    }
    Ok(Some(OwnerSession { session_id: session.id, user: User { id: user.id, email: user.email }, expires_at: idle_expires_at }))
}

/// Which sessions a sign-out ends (the spec's scopes).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, TS)]
#[serde(rename_all = "lowercase")]
pub enum SignOutScope {
    /// This session.
    #[default]
    Local,
    /// Every other session of the user.
    Others,
    /// Every session of the user.
    Global,
}

pub async fn sign_out(db: &impl ConnectionTrait, session: &OwnerSession, scope: SignOutScope) -> Result<(), AppError> {
    let by_user = sessions::Entity::delete_many().filter(sessions::Column::UserId.eq(session.user.id));
    match scope {
        SignOutScope::Local => sessions::Entity::delete_by_id(session.session_id).exec(db).await?,
        SignOutScope::Others => by_user.filter(sessions::Column::Id.ne(session.session_id)).exec(db).await?,
        SignOutScope::Global => by_user.exec(db).await?,
    };
    Ok(())
}
