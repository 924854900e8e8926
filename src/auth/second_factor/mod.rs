//! The owner's second factor: a code from an authenticator app (TOTP, RFC 6238) or one of ten
//! single-use recovery codes, asked for after the password.
//!
//! - **Set-up** (`start_enrolment`, `confirm_enrolment`): a new secret waits, inert, until the
//!   owner enters a code from it; then it guards every sign-in, ten recovery codes are made
//!   (shown that once), and every other session ends. The secret is returned only while the
//!   set-up waits.
//! - **Sign-in** (`begin_sign_in`, `finish_sign_in`): a right password for a guarded account
//!   opens no session; it returns a short-lived single-use token, and the session is opened
//!   only when a code comes with that token.
//! - **Every code check** (`check_code`) counts in the sign-in limiter (`super::attempts`)
//!   like a password, and accepts a step only when it is later than the last step accepted,
//!   in one conditional update: of two requests carrying the same code, exactly one wins.
//! - **Turning it off** needs the password and a code; `vita admin reset-2fa` does it from the
//!   shell (`reset`).

mod factors;
mod pending_sign_ins;
mod recovery_codes;
pub mod totp;

use argon2::{Algorithm, Argon2, Params, Version};
use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use sea_orm::ActiveValue::Set;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, TransactionTrait};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use uuid::Uuid;

use super::{AUTH_REQUIRED, OwnerSession, SignOutScope, User, attempts, password, sessions, users};
use crate::error::{AppError, FieldErrors};
use totp::Authenticator;

/// How many recovery codes a set has.
pub const RECOVERY_CODES: usize = 10;
/// How long the code may take after the password.
pub const PENDING_LIFETIME: Duration = Duration::minutes(5);
/// Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand stays clear.
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters of a recovery code (5 bits each: 50 bits), shown as two groups of five.
const RECOVERY_CODE_LENGTH: usize = 10;

pub const CODE_WRONG: &str = "The code is not correct";
pub const CODE_REUSED: &str = "This code has been used already: wait for the next one";
pub const CODE_MISSING: &str = "Enter the code from your authenticator app or a recovery code";
pub const PENDING_EXPIRED: &str = "This sign-in has expired: enter your email and password again";
pub const ALREADY_ON: &str = "Two-factor authentication is already on";
pub const NOT_ON: &str = "Two-factor authentication is not on";
pub const NOT_STARTED: &str = "Start setting up two-factor authentication first";
pub const PASSWORD_WRONG: &str = "The password is not correct";
pub const TOO_MANY_CODES: &str = "Too many wrong codes for this sign-in: enter your email and password again";
pub const CONFIRMATION_NEEDED: &str = "Enter your password to confirm this change";
pub const CODE_NEEDED: &str = "Enter the code from your authenticator app (or a recovery code) to confirm this change";

/// Codes a half-done sign-in may try before it is void.
pub const MAX_CODE_TRIES: i32 = 5;

/// Whether the owner's sign-in asks for a code, and how many recovery codes are left.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SecondFactorStatus {
    pub enabled: bool,
    pub recovery_codes_left: u32,
}

/// What the set-up shows once: the secret as text, and as a QR code for the app to scan.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Enrolment {
    /// Base32, for typing into an app that cannot scan.
    pub secret: String,
    /// The `otpauth://` address the QR code holds.
    pub otpauth_url: String,
    /// The QR code, an SVG document.
    pub qr_svg: String,
}

/// A new set of recovery codes, shown once.
#[derive(Clone, Debug, Serialize, TS)]
pub struct RecoveryCodes {
    pub recovery_codes: Vec<String>,
}

/// `POST /api/auth/second-factor/enrolment`: the password, so that a stolen session cannot
/// put its own app in front of the owner's account.
#[derive(Debug, Default, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct StartEnrolmentRequest {
    pub password: String,
}

/// A code from the app, or a recovery code.
#[derive(Debug, Default, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct CodeRequest {
    pub code: String,
}

/// `DELETE /api/auth/second-factor`: turning it off needs the password and a code.
#[derive(Debug, Default, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct DisableRequest {
    pub password: String,
    pub code: String,
}

/// The answer to a right password when a code is still due.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SecondFactorChallenge {
    /// Sent back with the code (`SecondFactorSignInRequest`); works once, until `expires_at`.
    pub second_factor_token: String,
    pub expires_at: DateTime<Utc>,
}

/// `POST /api/auth/token/second-factor`: the second step of a sign-in.
#[derive(Debug, Default, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct SecondFactorSignInRequest {
    pub second_factor_token: String,
    pub code: String,
}

/// Which kind of code was accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accepted {
    App,
    /// A recovery code, now used up; `left` remain.
    Recovery {
        left: u32,
    },
}

fn code_error(message: &str) -> AppError {
    let mut fields = FieldErrors::default();
    fields.add("code", message);
    AppError::validation(fields)
}

/// An empty code is refused before the limiter counts anything, as a missing password is.
fn require_code(code: &str) -> Result<(), AppError> {
    if code.trim().is_empty() { Err(code_error(CODE_MISSING)) } else { Ok(()) }
}

fn password_error() -> AppError {
    let mut fields = FieldErrors::default();
    fields.add("password", PASSWORD_WRONG);
    AppError::validation(fields)
}

/// Whether the user's sign-in asks for a code.
pub async fn is_enabled(db: &impl ConnectionTrait, user_id: Uuid) -> Result<bool, AppError> {
    Ok(active_factor(db, user_id).await?.is_some())
}

/// The owner's confirmed factor, if the sign-in is guarded.
async fn active_factor(db: &impl ConnectionTrait, user_id: Uuid) -> Result<Option<factors::Model>, AppError> {
    Ok(factors::Entity::find_by_id(user_id).filter(factors::Column::ConfirmedAt.is_not_null()).one(db).await?)
}

pub async fn status(db: &impl ConnectionTrait, owner: &OwnerSession) -> Result<SecondFactorStatus, AppError> {
    let enabled = is_enabled(db, owner.user.id).await?;
    let left = if enabled { recovery_codes_left(db, owner.user.id).await? } else { 0 };
    Ok(SecondFactorStatus { enabled, recovery_codes_left: left })
}

async fn recovery_codes_left(db: &impl ConnectionTrait, user_id: Uuid) -> Result<u32, AppError> {
    let count = recovery_codes::Entity::find().filter(recovery_codes::Column::UserId.eq(user_id)).count(db).await?;
    Ok(u32::try_from(count).unwrap_or(u32::MAX))
}

async fn check_password(db: &impl ConnectionTrait, user_id: Uuid, given: String) -> Result<bool, AppError> {
    let user = users::Entity::find_by_id(user_id).one(db).await?.ok_or_else(|| AppError::Unauthorized(AUTH_REQUIRED.to_owned()))?;
    password::verify(Some(user.password_hash), given).await
}

/// Starts (or restarts) the set-up: a new secret that guards nothing until confirmed.
pub async fn start_enrolment(
    db: &DatabaseConnection,
    owner: &OwnerSession,
    request: StartEnrolmentRequest,
    ip: Option<&str>,
) -> Result<Enrolment, AppError> {
    if request.password.is_empty() {
        return Err(password_error());
    }
    // A password check counts in the limiter wherever it is.
    counted(db, &owner.user.email, ip, async {
        match check_password(db, owner.user.id, request.password).await? {
            true => Ok(()),
            false => Err(password_error()),
        }
    })
    .await?;
    let secret = Authenticator::new_secret();
    let authenticator = Authenticator::new(&secret, &owner.user.email)?;
    let now = crate::ops::clock::now();
    let txn = db.begin().await?;
    if active_factor(&txn, owner.user.id).await?.is_some() {
        return Err(AppError::BadRequest(ALREADY_ON.to_owned()));
    }
    factors::Entity::delete_by_id(owner.user.id).exec(&txn).await?;
    let row = factors::ActiveModel {
        user_id: Set(owner.user.id),
        secret: Set(secret.clone()),
        confirmed_at: Set(None),
        last_used_step: Set(None),
        recovery_salt: Set(new_salt()),
        created_at: Set(now),
        updated_at: Set(now),
    };
    factors::Entity::insert(row).exec(&txn).await?;
    txn.commit().await?;
    Ok(Enrolment { otpauth_url: authenticator.otpauth_url()?, qr_svg: authenticator.qr_svg()?, secret })
}

/// Confirms the set-up with a code from the new secret: from now on the sign-in asks for a
/// code, every other session ends, and the first recovery codes are returned.
pub async fn confirm_enrolment(
    db: &DatabaseConnection,
    owner: &OwnerSession,
    request: CodeRequest,
    ip: Option<&str>,
    now: DateTime<Utc>,
) -> Result<RecoveryCodes, AppError> {
    let Some(factor) = factors::Entity::find_by_id(owner.user.id).one(db).await? else {
        return Err(AppError::BadRequest(NOT_STARTED.to_owned()));
    };
    if factor.confirmed_at.is_some() {
        return Err(AppError::BadRequest(ALREADY_ON.to_owned()));
    }
    require_code(&request.code)?;
    let step = counted(db, &owner.user.email, ip, async {
        Authenticator::new(&factor.secret, &owner.user.email)?.check(&request.code, now).ok_or_else(|| code_error(CODE_WRONG))
    })
    .await?;
    let (codes, salt, hashes) = new_recovery_codes().await?;
    let txn = db.begin().await?;
    let confirmed = factors::Entity::update_many()
        .col_expr(factors::Column::ConfirmedAt, Expr::value(Some(now)))
        .col_expr(factors::Column::LastUsedStep, Expr::value(Some(step)))
        .col_expr(factors::Column::RecoverySalt, Expr::value(salt))
        .col_expr(factors::Column::UpdatedAt, Expr::value(now))
        .filter(factors::Column::UserId.eq(owner.user.id))
        .filter(factors::Column::Secret.eq(&factor.secret))
        .filter(factors::Column::ConfirmedAt.is_null())
        .exec(&txn)
        .await?;
    if confirmed.rows_affected != 1 {
        // A second set-up replaced this secret, or a parallel request confirmed it first.
        return Err(AppError::BadRequest(NOT_STARTED.to_owned()));
    }
    store_recovery_codes(&txn, owner.user.id, hashes, now).await?;
    super::sign_out(&txn, owner, SignOutScope::Others).await?;
    txn.commit().await?;
    tracing::info!(user = %owner.user.email, "two-factor authentication turned on");
    Ok(RecoveryCodes { recovery_codes: codes })
}

/// Replaces the whole set of recovery codes; needs a code.
pub async fn regenerate_recovery_codes(
    db: &DatabaseConnection,
    owner: &OwnerSession,
    request: CodeRequest,
    ip: Option<&str>,
    now: DateTime<Utc>,
) -> Result<RecoveryCodes, AppError> {
    let factor = active_factor(db, owner.user.id).await?.ok_or_else(|| AppError::BadRequest(NOT_ON.to_owned()))?;
    require_code(&request.code)?;
    counted(db, &owner.user.email, ip, check_code(db, &factor, &owner.user, &request.code, now)).await?;
    let (codes, salt, hashes) = new_recovery_codes().await?;
    let txn = db.begin().await?;
    factors::Entity::update_many()
        .col_expr(factors::Column::RecoverySalt, Expr::value(salt))
        .col_expr(factors::Column::UpdatedAt, Expr::value(now))
        .filter(factors::Column::UserId.eq(owner.user.id))
        .exec(&txn)
        .await?;
    store_recovery_codes(&txn, owner.user.id, hashes, now).await?;
    txn.commit().await?;
    Ok(RecoveryCodes { recovery_codes: codes })
}

/// Turns the second factor off; needs the password and a code. Every other session ends.
pub async fn disable(
    db: &DatabaseConnection,
    owner: &OwnerSession,
    request: DisableRequest,
    ip: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    let factor = active_factor(db, owner.user.id).await?.ok_or_else(|| AppError::BadRequest(NOT_ON.to_owned()))?;
    require_code(&request.code)?;
    counted(db, &owner.user.email, ip, async {
        match check_password(db, owner.user.id, request.password).await? {
            false => Err(password_error()),
            true => check_code(db, &factor, &owner.user, &request.code, now).await,
        }
    })
    .await?;
    let txn = db.begin().await?;
    remove(&txn, owner.user.id).await?;
    super::sign_out(&txn, owner, SignOutScope::Others).await?;
    txn.commit().await?;
    tracing::info!(user = %owner.user.email, "two-factor authentication turned off");
    Ok(())
}

/// What a change that puts a script on visitors' pages comes with (`confirm_owner`).
#[derive(Debug, Default, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct Confirmation {
    pub current_password: String,
    /// A code from the app or a recovery code, when the second factor is on.
    pub code: String,
}

/// Checks that the owner is at the keyboard, not only their session: the password, and a code
/// when the second factor is on, in the same request (a stolen session cookie is not enough).
/// Counted in the sign-in limiter like a sign-in.
pub async fn confirm_owner(
    db: &DatabaseConnection,
    owner: &OwnerSession,
    confirmation: Confirmation,
    ip: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    let factor = active_factor(db, owner.user.id).await?;
    let mut missing = FieldErrors::default();
    if confirmation.current_password.is_empty() {
        missing.add("current_password", CONFIRMATION_NEEDED);
    }
    if factor.is_some() && confirmation.code.trim().is_empty() {
        missing.add("code", CODE_NEEDED);
    }
    if !missing.is_empty() {
        return Err(AppError::validation(missing));
    }
    counted(db, &owner.user.email, ip, async {
        if !check_password(db, owner.user.id, confirmation.current_password).await? {
            let mut fields = FieldErrors::default();
            fields.add("current_password", PASSWORD_WRONG);
            return Err(AppError::validation(fields));
        }
        match &factor {
            Some(factor) => check_code(db, factor, &owner.user, &confirmation.code, now).await.map(|_| ()),
            None => Ok(()),
        }
    })
    .await
}

/// Runs `check` as a sign-in attempt: refused while the limiter locks this account and
/// address, and a failure counts like a wrong password.
async fn counted<T>(
    db: &DatabaseConnection,
    email: &str,
    ip: Option<&str>,
    check: impl std::future::Future<Output = Result<T, AppError>>,
) -> Result<T, AppError> {
    let attempt = attempts::reserve(db, email, ip, attempts::Ceiling::Applies).await?;
    match check.await {
        Ok(value) => {
            attempt.succeeded(db).await?;
            Ok(value)
        }
        Err(error) => {
            attempt.failed(db).await;
            Err(error)
        }
    }
}

/// `vita admin reset-2fa`: removes the owner's second factor and recovery codes, and ends
/// every session. Whether there was one to remove.
pub async fn reset(db: &DatabaseConnection, email: &str) -> Result<bool, AppError> {
    let email = super::normalise_email(email);
    let user = users::Entity::find()
        .filter(users::Column::Email.eq(&email))
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound(format!("There is no owner account {email}")))?;
    let txn = db.begin().await?;
    let had = factors::Entity::find_by_id(user.id).filter(factors::Column::ConfirmedAt.is_not_null()).one(&txn).await?.is_some();
    remove(&txn, user.id).await?;
    sessions::Entity::delete_many().filter(sessions::Column::UserId.eq(user.id)).exec(&txn).await?;
    txn.commit().await?;
    Ok(had)
}

async fn remove(db: &impl ConnectionTrait, user_id: Uuid) -> Result<(), AppError> {
    recovery_codes::Entity::delete_many().filter(recovery_codes::Column::UserId.eq(user_id)).exec(db).await?;
    forget_pending_sign_ins(db, user_id).await?;
    factors::Entity::delete_by_id(user_id).exec(db).await?;
    Ok(())
}

/// Ends the user's half-done sign-ins (after a new password: they were started with the old one).
pub async fn forget_pending_sign_ins(db: &impl ConnectionTrait, user_id: Uuid) -> Result<(), AppError> {
    pending_sign_ins::Entity::delete_many().filter(pending_sign_ins::Column::UserId.eq(user_id)).exec(db).await?;
    Ok(())
}

/// Checks a code against the owner's confirmed factor and uses it up: an app code's step
/// becomes the last one accepted (refused if it is not later than the last), a recovery code
/// is deleted. The caller counts a failure in the sign-in limiter.
async fn check_code(
    db: &impl ConnectionTrait,
    factor: &factors::Model,
    user: &User,
    code: &str,
    now: DateTime<Utc>,
) -> Result<Accepted, AppError> {
    let code = code.trim();
    if let Some(digits) = app_code_digits(code) {
        let Some(step) = Authenticator::new(&factor.secret, &user.email)?.check(&digits, now) else {
            return Err(code_error(CODE_WRONG));
        };
        let used = factors::Entity::update_many()
            .col_expr(factors::Column::LastUsedStep, Expr::value(Some(step)))
            .col_expr(factors::Column::UpdatedAt, Expr::value(now))
            .filter(factors::Column::UserId.eq(user.id))
            .filter(factors::Column::ConfirmedAt.is_not_null())
            .filter(Condition::any().add(factors::Column::LastUsedStep.is_null()).add(factors::Column::LastUsedStep.lt(step)))
            .exec(db)
            .await?;
        if used.rows_affected != 1 {
            // Whoever sends a code again has seen it: a replay, or a double submit.
            tracing::warn!(user = %user.email, step, "a one-time code was used again and refused");
            return Err(code_error(CODE_REUSED));
        }
        return Ok(Accepted::App);
    }
    let Some(normalised) = normalise_recovery_code(code) else {
        return Err(code_error(CODE_WRONG));
    };
    let hash = hash_recovery_code(normalised, factor.recovery_salt.clone()).await?;
    let used = recovery_codes::Entity::delete_many()
        .filter(recovery_codes::Column::UserId.eq(user.id))
        .filter(recovery_codes::Column::CodeHash.eq(hash))
        .exec(db)
        .await?;
    if used.rows_affected != 1 {
        return Err(code_error(CODE_WRONG));
    }
    let left = recovery_codes_left(db, user.id).await?;
    tracing::info!(user = %user.email, left, "a recovery code was used");
    Ok(Accepted::Recovery { left })
}

/// The first step of a guarded sign-in, after the right password: a single-use token for the
/// second step (the caller returns it; no session exists yet).
pub async fn begin_sign_in(db: &impl ConnectionTrait, user_id: Uuid, ip: Option<&str>) -> Result<SecondFactorChallenge, AppError> {
    let now = crate::ops::clock::now();
    pending_sign_ins::Entity::delete_many().filter(pending_sign_ins::Column::ExpiresAt.lte(now)).exec(db).await?;
    let token = super::new_token();
    let expires_at = now + PENDING_LIFETIME;
    let row = pending_sign_ins::ActiveModel {
        id: Set(Uuid::new_v4()),
        user_id: Set(user_id),
        token_hash: Set(super::token_hash(&token)),
        expires_at: Set(expires_at),
        created_at: Set(now),
        failures: Set(0),
        ip: Set(ip.map(attempts::address_group)),
    };
    pending_sign_ins::Entity::insert(row).exec(db).await?;
    Ok(SecondFactorChallenge { second_factor_token: token, expires_at })
}

/// The second step: with a live token and an accepted code, the token is used up and the
/// user returned, for the caller to open the session. A wrong code leaves the token for
/// another try, `MAX_CODE_TRIES` in all whatever the addresses they come from; then the token
/// is void and the sign-in starts again with the password. Each try also counts in the
/// sign-in limiter.
pub async fn finish_sign_in(
    db: &impl ConnectionTrait,
    request: SecondFactorSignInRequest,
    ip: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(User, Accepted), AppError> {
    let expired = || AppError::Unauthorized(PENDING_EXPIRED.to_owned());
    let pending = pending_sign_ins::Entity::find()
        .filter(pending_sign_ins::Column::TokenHash.eq(super::token_hash(&request.second_factor_token)))
        .filter(pending_sign_ins::Column::ExpiresAt.gt(now))
        .one(db)
        .await?
        .ok_or_else(expired)?;
    let user = users::Entity::find_by_id(pending.user_id).one(db).await?.ok_or_else(expired)?;
    let user = User { id: user.id, email: user.email };
    // Turned off (or reset from the shell) meanwhile: the password alone was checked in
    // another state, so start again.
    let factor = active_factor(db, user.id).await?.ok_or_else(expired)?;
    require_code(&request.code)?;
    let from_password_address = pending.ip.is_some() && pending.ip == ip.map(attempts::address_group);
    let ceiling = if from_password_address && app_code_digits(&request.code).is_none() {
        attempts::Ceiling::ExceptRecoveryCode
    } else {
        attempts::Ceiling::Applies
    };
    let attempt = attempts::reserve(db, &user.email, ip, ceiling).await?;
    // The try is taken before the code is checked, in one conditional update, so parallel
    // tries cannot pass the count between a read and a write. A try the limiter refused
    // (above) takes none.
    let tried = pending_sign_ins::Entity::update_many()
        .col_expr(pending_sign_ins::Column::Failures, Expr::col(pending_sign_ins::Column::Failures).add(1))
        .filter(pending_sign_ins::Column::Id.eq(pending.id))
        .filter(pending_sign_ins::Column::Failures.lt(MAX_CODE_TRIES))
        .exec(db)
        .await?;
    if tried.rows_affected != 1 {
        attempt.undecided(db).await?;
        pending_sign_ins::Entity::delete_by_id(pending.id).exec(db).await?;
        return Err(AppError::Unauthorized(TOO_MANY_CODES.to_owned()));
    }
    let accepted = match check_code(db, &factor, &user, &request.code, now).await {
        Ok(accepted) => accepted,
        Err(error) => {
            attempt.failed(db).await;
            if pending.failures + 1 >= MAX_CODE_TRIES {
                pending_sign_ins::Entity::delete_by_id(pending.id).exec(db).await?;
                tracing::warn!(user = %user.email, "a sign-in's second step was voided after {MAX_CODE_TRIES} wrong codes");
                return Err(AppError::Unauthorized(TOO_MANY_CODES.to_owned()));
            }
            return Err(error);
        }
    };
    // The token works once, even for two requests with two right codes at the same time.
    let used = pending_sign_ins::Entity::delete_by_id(pending.id).exec(db).await?;
    if used.rows_affected != 1 {
        return Err(expired());
    }
    attempt.succeeded(db).await?;
    Ok((user, accepted))
}

/// The six digits of a code as an authenticator app shows them (spaces and dashes dropped);
/// `None` for anything else, such as a recovery code (ten characters).
fn app_code_digits(code: &str) -> Option<String> {
    let digits: String = code.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
    (digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

async fn store_recovery_codes(db: &impl ConnectionTrait, user_id: Uuid, hashes: Vec<String>, now: DateTime<Utc>) -> Result<(), AppError> {
    recovery_codes::Entity::delete_many().filter(recovery_codes::Column::UserId.eq(user_id)).exec(db).await?;
    let rows = hashes.into_iter().map(|code_hash| recovery_codes::ActiveModel {
        id: Set(Uuid::new_v4()),
        user_id: Set(user_id),
        code_hash: Set(code_hash),
        created_at: Set(now),
    });
    recovery_codes::Entity::insert_many(rows).exec(db).await?;
    Ok(())
}

fn new_salt() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Ten new codes as shown (`ABCDE-FGHJK`), a new salt, and the codes' hashes with it.
async fn new_recovery_codes() -> Result<(Vec<String>, String, Vec<String>), AppError> {
    let codes: Vec<String> = {
        // The thread's generator is not `Send`: it must be gone before the first await.
        let mut rng = rand::rng();
        (0..RECOVERY_CODES)
            .map(|_| {
                let chars: String = (0..RECOVERY_CODE_LENGTH).map(|_| CROCKFORD[rng.random_range(0..32)] as char).collect();
                format!("{}-{}", &chars[..5], &chars[5..])
            })
            .collect()
    };
    let salt = new_salt();
    let mut hashes = Vec::with_capacity(codes.len());
    for code in &codes {
        let normalised = normalise_recovery_code(code).expect("a generated code is well-formed");
        hashes.push(hash_recovery_code(normalised, salt.clone()).await?);
    }
    Ok((codes, salt, hashes))
}

/// A recovery code as typed, in its canonical form: upper case, no dash or spaces, and the
/// letters Crockford's base32 reads as digits (O as 0, I and L as 1). None when it cannot be
/// one.
fn normalise_recovery_code(code: &str) -> Option<String> {
    let normalised: String = code
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        })
        .collect();
    let well_formed = normalised.len() == RECOVERY_CODE_LENGTH && normalised.bytes().all(|b| CROCKFORD.contains(&b));
    well_formed.then_some(normalised)
}

/// Argon2id with the owner's salt: one slow hash per try, then an exact lookup, so using a
/// code is one conditional delete. Lighter than the password's parameters: a code is 50
/// random bits, not a word a person chose.
async fn hash_recovery_code(code: String, salt: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || {
        let params = Params::new(4 * 1024, 2, 1, Some(32)).map_err(|e| anyhow::anyhow!("argon2 parameters: {e}"))?;
        let mut out = [0u8; 32];
        Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
            .hash_password_into(code.as_bytes(), salt.as_bytes(), &mut out)
            .map_err(|e| anyhow::anyhow!("hashing a recovery code: {e}"))?;
        Ok::<_, anyhow::Error>(out.iter().map(|b| format!("{b:02x}")).collect())
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))?
    .map_err(AppError::Internal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovery_codes_are_read_as_crockford_base32() {
        assert_eq!(normalise_recovery_code("abcde-fghjk").as_deref(), Some("ABCDEFGHJK"));
        assert_eq!(normalise_recovery_code(" 0oIl1 23456 ").as_deref(), Some("0011123456"));
        assert_eq!(normalise_recovery_code("ABCDE-FGHJ"), None, "too short");
        assert_eq!(normalise_recovery_code("ABCDE-FGHJU"), None, "U is not in the alphabet");
    }

    #[tokio::test]
    async fn a_set_has_ten_distinct_well_formed_codes_hashed_with_its_salt() {
        let (codes, salt, hashes) = new_recovery_codes().await.unwrap();
        assert_eq!(codes.len(), RECOVERY_CODES);
        assert_eq!(codes.iter().collect::<std::collections::HashSet<_>>().len(), RECOVERY_CODES);
        for (code, hash) in codes.iter().zip(&hashes) {
            assert!(code.len() == 11 && code.as_bytes()[5] == b'-', "{code}");
            assert_eq!(&hash_recovery_code(normalise_recovery_code(code).unwrap(), salt.clone()).await.unwrap(), hash);
            assert!(!hash.contains(&code.replace('-', "")), "a hash, not the code");
        }
    }
}
