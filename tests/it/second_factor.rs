//! The owner's second factor (issue 19) on SQLite and PostgreSQL: set-up, sign-in with a code,
//! replay, clock skew, recovery codes, the limiter, turning it off, every way a session could be
//! opened without the code, and `vita admin reset-2fa` through the real binary.
//!
//! No test waits on the clock. The store tests give the time to the functions; the HTTP tests
//! use a code of the current step for the set-up and one of the next step for the sign-in
//! (accepted as one step of skew, and still accepted if the step changes meanwhile).

use chrono::{DateTime, Duration, Utc};
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, EntityTrait, Statement};
use serde_json::{Value, json};
use vita::auth::second_factor::totp::{Authenticator, start_of, step_of};
use vita::auth::second_factor::{self, CodeRequest, SecondFactorSignInRequest, StartEnrolmentRequest};
use vita::auth::{self, OwnerSession, SignIn, SignInRequest, users};

use crate::helpers::{OWNER_EMAIL, OWNER_PASSWORD, TestApp, TestDb};
use crate::on_both_databases;

/// The code the owner's app shows at the start of `step`.
pub(crate) fn code(secret: &str, step: i64) -> String {
    Authenticator::new(secret, OWNER_EMAIL).unwrap().code_at(start_of(step))
}

pub(crate) fn now_step() -> i64 {
    step_of(Utc::now())
}

/// A client like the test app's own: a cookie jar, and the site as its Origin.
pub(crate) fn browser(app: &TestApp) -> reqwest::Client {
    let origin = reqwest::header::HeaderMap::from_iter([(reqwest::header::ORIGIN, app.base.parse().unwrap())]);
    reqwest::Client::builder().cookie_store(true).default_headers(origin).build().unwrap()
}

pub(crate) async fn json_of(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Turns the second factor on for the app's signed-in client; returns the secret, the step
/// used to confirm it, and the recovery codes.
pub(crate) async fn enrol(app: &TestApp) -> (String, i64, Vec<String>) {
    let (status, enrolment) = json_of(
        app.client.post(app.url("/api/auth/second-factor/enrolment")).json(&json!({ "password": OWNER_PASSWORD })).send().await.unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{enrolment}");
    let secret = enrolment["secret"].as_str().unwrap().to_owned();
    assert!(enrolment["otpauth_url"].as_str().unwrap().starts_with("otpauth://totp/Vita:owner%40example.org?secret="));
    assert!(enrolment["qr_svg"].as_str().unwrap().contains("<svg"));
    let (status, off) = json_of(app.client.get(app.url("/api/auth/second-factor")).send().await.unwrap()).await;
    assert_eq!((status, off), (StatusCode::OK, json!({ "enabled": false, "recovery_codes_left": 0 })), "inactive until confirmed");
    let step = now_step();
    let (status, body) = json_of(
        app.client
            .post(app.url("/api/auth/second-factor/enrolment/confirm"))
            .json(&json!({ "code": code(&secret, step) }))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let codes: Vec<String> = serde_json::from_value(body["recovery_codes"].clone()).unwrap();
    (secret, step, codes)
}

/// The first step of a sign-in: no cookie, the token for the second step.
pub(crate) async fn password_step(client: &reqwest::Client, app: &TestApp) -> String {
    let response =
        client.post(app.url("/api/auth/token")).json(&json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD })).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers().get("set-cookie").is_none(), "no session before the code");
    let body: Value = response.json().await.unwrap();
    assert!(body.get("user").is_none(), "{body}");
    body["second_factor_token"].as_str().expect("a token for the second step").to_owned()
}

pub(crate) async fn code_step(client: &reqwest::Client, app: &TestApp, token: &str, code: &str) -> (StatusCode, Value) {
    json_of(
        client
            .post(app.url("/api/auth/token/second-factor"))
            .json(&json!({ "second_factor_token": token, "code": code }))
            .send()
            .await
            .unwrap(),
    )
    .await
}

pub(crate) async fn signed_in(client: &reqwest::Client, app: &TestApp) -> bool {
    client.get(app.url("/api/auth/session")).send().await.unwrap().status() == 200
}

on_both_databases!(
    setting_up_asks_for_a_code_at_the_next_sign_in_and_ends_the_other_sessions,
    a_code_works_once_and_the_second_step_cannot_be_skipped,
    a_recovery_code_works_once_and_a_new_set_replaces_the_old,
    wrong_codes_count_like_wrong_passwords,
    turning_it_off_needs_the_password_and_a_code,
    one_step_of_skew_is_accepted_two_are_not_and_each_step_once,
    two_requests_with_the_same_code_at_once_open_one_session,
    the_token_of_the_second_step_expires_and_dies_with_a_new_password,
    reset_2fa_from_the_shell_lets_the_password_alone_sign_in,
);

async fn setting_up_asks_for_a_code_at_the_next_sign_in_and_ends_the_other_sessions(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let other = browser(&app);
    other.post(app.url("/api/auth/token")).json(&json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD })).send().await.unwrap();
    assert!(signed_in(&other, &app).await);

    // The set-up needs the password; a wrong one starts nothing.
    let (status, body) =
        json_of(app.client.post(app.url("/api/auth/second-factor/enrolment")).json(&json!({ "password": "not it" })).send().await.unwrap())
            .await;
    assert_eq!(status, 422);
    assert_eq!(body["error"]["fields"]["password"], second_factor::PASSWORD_WRONG);
    // A wrong code does not turn it on.
    let (status, body) = json_of(
        app.client.post(app.url("/api/auth/second-factor/enrolment/confirm")).json(&json!({ "code": "123456" })).send().await.unwrap(),
    )
    .await;
    assert_eq!((status, body["error"]["message"].as_str()), (StatusCode::BAD_REQUEST, Some(second_factor::NOT_STARTED)));

    let (secret, step, codes) = enrol(&app).await;
    assert_eq!(codes.len(), 10);
    assert!(codes.iter().all(|c| c.len() == 11 && c.as_bytes()[5] == b'-'), "{codes:?}");
    assert!(!signed_in(&other, &app).await, "turning it on ends every other session");
    assert!(signed_in(&app.client, &app).await, "but not this one");

    // The secret is never returned again: not by the status, not by a second set-up.
    let status_body = app.client.get(app.url("/api/auth/second-factor")).send().await.unwrap().text().await.unwrap();
    assert_eq!(serde_json::from_str::<Value>(&status_body).unwrap(), json!({ "enabled": true, "recovery_codes_left": 10 }));
    let again =
        app.client.post(app.url("/api/auth/second-factor/enrolment")).json(&json!({ "password": OWNER_PASSWORD })).send().await.unwrap();
    assert_eq!(again.status(), 400);
    assert!(!again.text().await.unwrap().contains(&secret));
    // Only hashes are stored.
    let db = &app.test_db.db;
    let stored = db.query_all_raw(Statement::from_string(db.get_database_backend(), "SELECT code_hash FROM recovery_codes")).await.unwrap();
    assert_eq!(stored.len(), 10);
    for row in stored {
        let hash: String = row.try_get("", "code_hash").unwrap();
        assert!(codes.iter().all(|c| !hash.contains(&c.replace('-', ""))), "{hash}");
    }

    // Sign out, then in: the password alone opens no session; the code does.
    app.client.post(app.url("/api/auth/logout")).send().await.unwrap();
    let token = password_step(&app.client, &app).await;
    assert!(!signed_in(&app.client, &app).await);
    let (status, body) = code_step(&app.client, &app, &token, &code(&secret, step + 1)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["email"], OWNER_EMAIL);
    assert_eq!(body["recovery_codes_left"], Value::Null);
    assert!(signed_in(&app.client, &app).await);
}

async fn a_code_works_once_and_the_second_step_cannot_be_skipped(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let (secret, step, _) = enrol(&app).await;
    let visitor = browser(&app);

    // Every route that opens a session: the password grant, the setup (closed once an owner
    // exists), and the second step without its token, with a forged one, without a code.
    let token = password_step(&visitor, &app).await;
    assert!(!signed_in(&visitor, &app).await);
    let setup = json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD, "password_confirmation": OWNER_PASSWORD, "token": "" });
    assert_eq!(visitor.post(app.url("/api/auth/setup")).json(&setup).send().await.unwrap().status(), 403);
    let right = code(&secret, step + 1);
    for (forged, code) in [("", right.as_str()), ("forged-token", right.as_str()), (token.as_str(), ""), (token.as_str(), "000000x")] {
        let (status, body) = code_step(&visitor, &app, forged, code).await;
        assert!(status == 401 || status == 422, "{status} {body}");
    }
    let unknown_field = visitor
        .post(app.url("/api/auth/token/second-factor"))
        .json(&json!({ "second_factor_token": token, "code": right, "skip": true }))
        .send()
        .await
        .unwrap();
    assert_eq!(unknown_field.status(), 400);
    assert!(!signed_in(&visitor, &app).await);

    // The code opens the session once; the same code again is refused, even with a new token.
    let (status, _) = code_step(&visitor, &app, &token, &right).await;
    assert_eq!(status, 200);
    assert!(signed_in(&visitor, &app).await);
    let late = browser(&app);
    let (status, _) = code_step(&late, &app, &token, &right).await;
    assert_eq!(status, 401, "the token of the second step works once");
    let token = password_step(&late, &app).await;
    let (status, body) = code_step(&late, &app, &token, &right).await;
    assert_eq!(status, 422);
    assert_eq!(body["error"]["fields"]["code"], second_factor::CODE_REUSED);
    // So is the code that confirmed the set-up (an earlier step).
    let (status, _) = code_step(&late, &app, &token, &code(&secret, step)).await;
    assert_eq!(status, 422);
    assert!(!signed_in(&late, &app).await);
}

async fn a_recovery_code_works_once_and_a_new_set_replaces_the_old(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let (_, _, codes) = enrol(&app).await;
    let visitor = browser(&app);

    let token = password_step(&visitor, &app).await;
    // Typed in lower case, without the dash: still the code.
    let (status, body) = code_step(&visitor, &app, &token, &codes[0].to_lowercase().replace('-', "")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["recovery_codes_left"], 9);
    let token = password_step(&visitor, &app).await;
    let (status, body) = code_step(&visitor, &app, &token, &codes[0]).await;
    assert_eq!((status, &body["error"]["fields"]["code"]), (StatusCode::UNPROCESSABLE_ENTITY, &json!(second_factor::CODE_WRONG)));
    let status: Value = app.client.get(app.url("/api/auth/second-factor")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status["recovery_codes_left"], 9);

    // A new set (asked for with a recovery code) replaces the whole old set.
    let (status, body) = json_of(
        app.client.post(app.url("/api/auth/second-factor/recovery-codes")).json(&json!({ "code": codes[1] })).send().await.unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let fresh: Vec<String> = serde_json::from_value(body["recovery_codes"].clone()).unwrap();
    assert_eq!(fresh.len(), 10);
    let (status, _) = code_step(&visitor, &app, &token, &codes[2]).await;
    assert_eq!(status, 422, "a code of the old set is refused");
    let (status, body) = code_step(&visitor, &app, &token, &fresh[0]).await;
    assert_eq!((status, &body["recovery_codes_left"]), (StatusCode::OK, &json!(9)));
    // A new set needs a code.
    let refused = app.client.post(app.url("/api/auth/second-factor/recovery-codes")).json(&json!({ "code": "" })).send().await.unwrap();
    assert_eq!(refused.status(), 422);
}

async fn wrong_codes_count_like_wrong_passwords(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let (secret, step, _) = enrol(&app).await;
    let guesser = browser(&app);
    let wrong = |n: u32| format!("{:06}", (code(&secret, step + 1).parse::<u32>().unwrap() + n) % 1_000_000);

    // Three wrong codes, then the password again (which must not forget them), then two more:
    // five failures, as for passwords. The sixth try waits, even with the right code.
    let token = password_step(&guesser, &app).await;
    for n in 1..=3 {
        assert_eq!(code_step(&guesser, &app, &token, &wrong(n)).await.0, 422);
    }
    let token = password_step(&guesser, &app).await;
    for n in 4..=5 {
        assert_eq!(code_step(&guesser, &app, &token, &wrong(n)).await.0, 422);
    }
    let (status, body) = code_step(&guesser, &app, &token, &code(&secret, step + 1)).await;
    assert_eq!(status, 429, "{body}");
    assert!(body["error"]["message"].as_str().unwrap().starts_with("Too many failed sign-in attempts"));
    assert_eq!(
        guesser
            .post(app.url("/api/auth/token"))
            .json(&json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD }))
            .send()
            .await
            .unwrap()
            .status(),
        429,
        "the password waits too"
    );
    assert!(!signed_in(&guesser, &app).await);
}

async fn turning_it_off_needs_the_password_and_a_code(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let (secret, step, codes) = enrol(&app).await;
    let other = browser(&app);
    let token = password_step(&other, &app).await;
    let (_, body) = code_step(&other, &app, &token, &code(&secret, step + 1)).await;
    assert_eq!(body["user"]["email"], OWNER_EMAIL);

    let disable = |password: &str, code: &str| {
        app.client.post(app.url("/api/auth/second-factor/disable")).json(&json!({ "password": password, "code": code })).send()
    };
    let (status, body) = json_of(disable("not the password", &codes[0]).await.unwrap()).await;
    assert_eq!((status, &body["error"]["fields"]["password"]), (StatusCode::UNPROCESSABLE_ENTITY, &json!(second_factor::PASSWORD_WRONG)));
    assert_eq!(disable(OWNER_PASSWORD, "").await.unwrap().status(), 422);
    // The code of step + 1 was used by the other sign-in: refused here too.
    assert_eq!(disable(OWNER_PASSWORD, &code(&secret, step + 1)).await.unwrap().status(), 422);
    assert_eq!(disable(OWNER_PASSWORD, &codes[0]).await.unwrap().status(), 204);
    assert!(!signed_in(&other, &app).await, "turning it off ends every other session");
    assert!(signed_in(&app.client, &app).await);
    let status: Value = app.client.get(app.url("/api/auth/second-factor")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status, json!({ "enabled": false, "recovery_codes_left": 0 }));
    assert_eq!(count(&app.test_db.db, "recovery_codes").await + count(&app.test_db.db, "totp_factors").await, 0);
    // The password alone signs in again.
    let signed =
        other.post(app.url("/api/auth/token")).json(&json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD })).send().await.unwrap();
    assert_eq!(signed.status(), 200);
    assert!(signed_in(&other, &app).await);
}

async fn count(db: &sea_orm::DatabaseConnection, table: &str) -> usize {
    db.query_all_raw(Statement::from_string(db.get_database_backend(), format!("SELECT * FROM {table}"))).await.unwrap().len()
}

/// A session of the owner, opened through the store.
async fn owner_session(db: &sea_orm::DatabaseConnection) -> OwnerSession {
    let user = users::Entity::find().one(db).await.unwrap().expect("the owner");
    let (token, _) = auth::open_session(db, auth::User { id: user.id, email: user.email }, None, None).await.unwrap();
    auth::session_for_token(db, &token).await.unwrap().unwrap()
}

/// The owner with the second factor on, set up at `at` through the store; the secret.
async fn owner_with_factor(db: &sea_orm::DatabaseConnection, at: DateTime<Utc>) -> String {
    auth::add_owner(db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    let owner = owner_session(db).await;
    let enrolment =
        second_factor::start_enrolment(db, &owner, StartEnrolmentRequest { password: OWNER_PASSWORD.into() }, None).await.unwrap();
    let confirm = CodeRequest { code: code(&enrolment.secret, step_of(at)) };
    second_factor::confirm_enrolment(db, &owner, confirm, None, at).await.unwrap();
    enrolment.secret
}

async fn challenge(db: &sea_orm::DatabaseConnection) -> String {
    let request = SignInRequest { email: Some(OWNER_EMAIL.into()), password: Some(OWNER_PASSWORD.into()) };
    match auth::sign_in(db, request, None, None).await.unwrap() {
        SignIn::SecondFactorRequired(challenge) => challenge.second_factor_token,
        SignIn::Session(..) => panic!("a session without the code"),
    }
}

async fn finish(
    db: &sea_orm::DatabaseConnection,
    code: String,
    now: DateTime<Utc>,
) -> Result<second_factor::Accepted, vita::error::AppError> {
    let request = SecondFactorSignInRequest { second_factor_token: challenge(db).await, code };
    second_factor::finish_sign_in(db, request, None, now).await.map(|(_, accepted)| accepted)
}

async fn one_step_of_skew_is_accepted_two_are_not_and_each_step_once(test_db: TestDb) {
    let db = &test_db.db;
    let set_up = Utc::now();
    let secret = owner_with_factor(db, set_up).await;
    // The server's clock mid-step, three steps after the set-up (the token of the second step
    // lives five minutes): the app's clock may be one step either side.
    let s = step_of(set_up) + 3;
    let server = start_of(s) + Duration::seconds(15);
    let refused = |result: Result<_, vita::error::AppError>| result.expect_err("refused").to_string();
    assert_eq!(refused(finish(db, code(&secret, s - 2), server).await), second_factor::CODE_WRONG, "two steps behind");
    assert_eq!(refused(finish(db, code(&secret, s + 2), server).await), second_factor::CODE_WRONG, "two steps ahead");
    assert!(finish(db, code(&secret, s - 1), server).await.is_ok(), "one step behind");
    assert!(finish(db, code(&secret, s), server).await.is_ok(), "the current step");
    assert_eq!(refused(finish(db, code(&secret, s), server).await), second_factor::CODE_REUSED, "the same code again");
    assert_eq!(refused(finish(db, code(&secret, s - 1), server).await), second_factor::CODE_REUSED, "an earlier step after a later one");
    assert!(finish(db, code(&secret, s + 1), server).await.is_ok(), "one step ahead");
    assert_eq!(refused(finish(db, code(&secret, s + 1), server + Duration::seconds(30)).await), second_factor::CODE_REUSED);
}

async fn two_requests_with_the_same_code_at_once_open_one_session(test_db: TestDb) {
    let db = &test_db.db;
    let secret = owner_with_factor(db, Utc::now()).await;
    let now = start_of(step_of(Utc::now()) + 5);
    let same = code(&secret, step_of(now));
    let (first, second) = (challenge(db).await, challenge(db).await);
    let (a, b) = tokio::join!(
        second_factor::finish_sign_in(db, SecondFactorSignInRequest { second_factor_token: first, code: same.clone() }, None, now),
        second_factor::finish_sign_in(db, SecondFactorSignInRequest { second_factor_token: second, code: same }, None, now),
    );
    assert_eq!(u8::from(a.is_ok()) + u8::from(b.is_ok()), 1, "exactly one wins: {a:?} {b:?}");
}

async fn the_token_of_the_second_step_expires_and_dies_with_a_new_password(test_db: TestDb) {
    let db = &test_db.db;
    let secret = owner_with_factor(db, Utc::now()).await;
    let token = challenge(db).await;
    let late = Utc::now() + second_factor::PENDING_LIFETIME + Duration::seconds(1);
    let request = SecondFactorSignInRequest { second_factor_token: token, code: code(&secret, step_of(late)) };
    let expired = second_factor::finish_sign_in(db, request, None, late).await.unwrap_err();
    assert_eq!(expired.to_string(), second_factor::PENDING_EXPIRED);

    let token = challenge(db).await;
    auth::add_owner(db, OWNER_EMAIL, "another long passphrase").await.unwrap();
    let now = start_of(step_of(Utc::now()) + 5);
    let request = SecondFactorSignInRequest { second_factor_token: token, code: code(&secret, step_of(now)) };
    let ended = second_factor::finish_sign_in(db, request, None, now).await.unwrap_err();
    assert_eq!(ended.to_string(), second_factor::PENDING_EXPIRED, "a new password ends the half-done sign-ins");
}

/// The real binary: a replayed code is refused and logged; `vita admin reset-2fa` turns the
/// second factor off and ends every session, and the password alone signs in.
async fn reset_2fa_from_the_shell_lets_the_password_alone_sign_in(test_db: TestDb) {
    use std::io::BufRead;
    let data = tempfile::tempdir().unwrap();
    let vita = |args: &[&str]| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_vita"));
        command.args(args).env("VITA_DATA_DIR", data.path()).env("DATABASE_URL", test_db.database_url()).env("RUST_LOG", "info");
        command
    };
    auth::add_owner(&test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    let mut server = vita(&["serve", "--listen", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(server.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let base = line.trim().strip_prefix("Vita is running at ").unwrap_or_else(|| panic!("{line:?}")).to_owned();
    let url = |path: &str| format!("{base}{path}");
    let origin = reqwest::header::HeaderMap::from_iter([(reqwest::header::ORIGIN, base.parse().unwrap())]);
    let client = reqwest::Client::builder().cookie_store(true).default_headers(origin).build().unwrap();
    let sign_in = || client.post(url("/api/auth/token")).json(&json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD })).send();
    let second_step = |token: String, code: String| {
        client.post(url("/api/auth/token/second-factor")).json(&json!({ "second_factor_token": token, "code": code })).send()
    };

    assert_eq!(sign_in().await.unwrap().status(), 200);
    let enrolment: Value = client
        .post(url("/api/auth/second-factor/enrolment"))
        .json(&json!({ "password": OWNER_PASSWORD }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let secret = enrolment["secret"].as_str().unwrap().to_owned();
    let step = now_step();
    let confirmed =
        client.post(url("/api/auth/second-factor/enrolment/confirm")).json(&json!({ "code": code(&secret, step) })).send().await.unwrap();
    assert_eq!(confirmed.status(), 200);
    // The same code twice: the second time is a replay.
    for expected in [200, 422] {
        let challenge: Value = sign_in().await.unwrap().json().await.unwrap();
        let token = challenge["second_factor_token"].as_str().unwrap().to_owned();
        assert_eq!(second_step(token, code(&secret, step + 1)).await.unwrap().status(), expected);
    }

    let unknown = vita(&["admin", "reset-2fa", "--email", "nobody@example.org"]).output().unwrap();
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("There is no owner account nobody@example.org"));
    let reset = vita(&["admin", "reset-2fa", "--email", "Owner@Example.org"]).output().unwrap();
    assert!(reset.status.success(), "{}", String::from_utf8_lossy(&reset.stderr));
    assert!(String::from_utf8_lossy(&reset.stdout).contains("Two-factor authentication is off for owner@example.org"));

    assert_eq!(client.get(url("/api/auth/session")).send().await.unwrap().status(), 401, "every session ended");
    let signed: Value = sign_in().await.unwrap().json().await.unwrap();
    assert_eq!(signed["user"]["email"], OWNER_EMAIL, "the password alone: {signed}");
    assert_eq!(client.get(url("/api/auth/session")).send().await.unwrap().status(), 200);
    let again = vita(&["admin", "reset-2fa", "--email", OWNER_EMAIL]).output().unwrap();
    assert!(String::from_utf8_lossy(&again.stdout).contains("had no two-factor authentication"));

    let stopped = std::process::Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(stopped.success());
    let output = server.wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&output.stderr);
    let replays: Vec<&str> = log.lines().filter(|l| l.contains("a one-time code was used again and refused")).collect();
    assert_eq!(replays.len(), 1, "{log}");
    assert!(replays[0].contains("WARN") && replays[0].contains("owner@example.org"), "{}", replays[0]);
}
