//! Owner sign-in over real HTTP: first-run setup, rate limiting, password change, sessions,
//! and the security headers.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{OWNER_EMAIL, OWNER_PASSWORD, TestApp, TestDb};

async fn error_message(response: reqwest::Response) -> (StatusCode, String, Value) {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    (status, body["error"]["message"].as_str().unwrap_or_default().to_owned(), body)
}

#[tokio::test]
async fn first_run_setup_creates_the_owner_once_and_then_closes() {
    let app = TestApp::spawn().await;
    let status: Value = app.client.get(app.url("/api/auth/setup")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status["setup_needed"], true);

    let token = app.setup_token.clone().expect("a fresh app makes a setup token");
    let setup = |mut body: Value| {
        body["token"] = json!(token);
        app.client.post(app.url("/api/auth/setup")).json(&body).send()
    };
    let (status, _, body) =
        error_message(setup(json!({ "email": "me@example.org", "password": "short", "password_confirmation": "short" })).await.unwrap())
            .await;
    assert_eq!((status, body["error"]["code"].as_str().unwrap()), (StatusCode::UNPROCESSABLE_ENTITY, "weak_password"));
    assert!(body["error"]["fields"]["password"].as_str().unwrap().contains("at least 10 characters"));
    let (status, _, body) = error_message(
        setup(
            json!({ "email": "me@example.org", "password": "a long enough passphrase", "password_confirmation": "different passphrase" }),
        )
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(body["error"]["fields"]["password_confirmation"], "The passwords do not match");

    let created = setup(
        json!({ "email": "me@example.org", "password": "a long enough passphrase", "password_confirmation": "a long enough passphrase" }),
    )
    .await
    .unwrap();
    assert_eq!(created.status(), 200, "setup signs the new owner in");
    let session: Value = app.client.get(app.url("/api/auth/session")).send().await.unwrap().json().await.unwrap();
    assert_eq!(session["user"]["email"], "me@example.org");

    let (status, message, _) = error_message(setup(json!({ "email": "other@example.org", "password": "another long passphrase", "password_confirmation": "another long passphrase" })).await.unwrap()).await;
    assert_eq!((status, message.as_str()), (StatusCode::FORBIDDEN, "Setup is already complete: sign in instead"));
    let status: Value = app.client.get(app.url("/api/auth/setup")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status["setup_needed"], false);
}

/// Without the token of the link `vita serve` printed, the first-run setup creates nothing:
/// whoever reaches a fresh instance first does not become its owner.
async fn setup_needs_the_printed_token(t: TestDb) {
    let app = TestApp::spawn_on(t).await;
    let token = app.setup_token.clone().expect("a fresh app makes a setup token");
    let body = |token: Option<&str>| {
        let mut body = json!({ "email": "me@example.org", "password": "a long enough passphrase", "password_confirmation": "a long enough passphrase" });
        if let Some(token) = token {
            body["token"] = json!(token);
        }
        body
    };
    let wrong = format!("{token}x");
    for attempt in [body(None), body(Some("")), body(Some(&wrong)), body(Some("AAAA"))] {
        let (status, message, _) = error_message(app.client.post(app.url("/api/auth/setup")).json(&attempt).send().await.unwrap()).await;
        assert_eq!((status, message.as_str()), (StatusCode::FORBIDDEN, vita::auth::SETUP_TOKEN_WRONG));
    }
    let status: Value = app.client.get(app.url("/api/auth/setup")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status["setup_needed"], true, "no account was made");
    use sea_orm::{EntityTrait, PaginatorTrait};
    assert_eq!(vita::auth::users::Entity::find().count(&app.test_db.db).await.unwrap(), 0);

    let created = app.client.post(app.url("/api/auth/setup")).json(&body(Some(&token))).send().await.unwrap();
    assert_eq!(created.status(), 200);
    let again = json!({ "email": "other@example.org", "password": "another long passphrase", "password_confirmation": "another long passphrase", "token": token });
    let (status, message, _) = error_message(app.client.post(app.url("/api/auth/setup")).json(&again).send().await.unwrap()).await;
    assert_eq!((status, message.as_str()), (StatusCode::FORBIDDEN, vita::auth::SETUP_CLOSED), "the token is spent");
    assert_eq!(vita::auth::users::Entity::find().count(&app.test_db.db).await.unwrap(), 1);
}
crate::on_both_databases!(setup_needs_the_printed_token);

/// An instance started on a database that has an owner makes no setup link.
#[tokio::test]
async fn no_setup_token_once_an_owner_exists() {
    let db = TestDb::sqlite().await;
    vita::auth::add_owner(&db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    let app = TestApp::spawn_on(db).await;
    assert_eq!(app.setup_token, None);
}

#[tokio::test]
async fn the_sixth_failed_sign_in_within_fifteen_minutes_is_rate_limited() {
    let app = TestApp::spawn_on(TestDb::postgres().await).await;
    vita::auth::add_owner(&app.test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    let attempt = |password: &'static str| {
        app.client.post(app.url("/api/auth/token")).json(&json!({ "email": OWNER_EMAIL, "password": password })).send()
    };
    for _ in 0..5 {
        assert_eq!(attempt("wrong password").await.unwrap().status(), 400);
    }
    let limited = attempt("wrong password").await.unwrap();
    assert_eq!(limited.status(), 429);
    let retry_after: u64 = limited.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=900).contains(&retry_after), "{retry_after}");
    let (_, message, _) = error_message(limited).await;
    assert!(message.starts_with("Too many failed sign-in attempts"), "{message}");
    let (status, _, _) = error_message(attempt(OWNER_PASSWORD).await.unwrap()).await;
    assert_eq!(status, 429, "even the right password waits while the account is locked");
}

#[tokio::test]
async fn changing_the_password_ends_the_other_sessions() {
    let app = TestApp::spawn().await;
    app.sign_in().await;
    let other = reqwest::Client::builder().cookie_store(true).build().unwrap();
    let signed_in =
        other.post(app.url("/api/auth/token")).json(&json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD })).send().await.unwrap();
    assert_eq!(signed_in.status(), 200);

    let sessions: Vec<Value> = app.client.get(app.url("/api/auth/sessions")).send().await.unwrap().json().await.unwrap();
    assert_eq!(sessions.len(), 2);
    assert_eq!(sessions.iter().filter(|s| s["current"] == true).count(), 1);

    let change = |current: &str, new: &str| {
        app.client.put(app.url("/api/auth/password")).json(&json!({ "current_password": current, "new_password": new })).send()
    };
    let (status, _, body) = error_message(change("not the password", "a brand new passphrase").await.unwrap()).await;
    assert_eq!(status, 422);
    assert_eq!(body["error"]["fields"]["current_password"], "The current password is not correct");
    assert_eq!(change(OWNER_PASSWORD, "a brand new passphrase").await.unwrap().status(), 204);

    assert_eq!(other.get(app.url("/api/auth/session")).send().await.unwrap().status(), 401, "the other device is signed out");
    assert_eq!(app.client.get(app.url("/api/auth/session")).send().await.unwrap().status(), 200, "this device stays signed in");
}

#[tokio::test]
async fn a_session_can_be_revoked_from_another_device() {
    let app = TestApp::spawn().await;
    app.sign_in().await;
    let other = reqwest::Client::builder().cookie_store(true).build().unwrap();
    other.post(app.url("/api/auth/token")).json(&json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD })).send().await.unwrap();
    let sessions: Vec<Value> = app.client.get(app.url("/api/auth/sessions")).send().await.unwrap().json().await.unwrap();
    let other_id = sessions.iter().find(|s| s["current"] == false).unwrap()["id"].as_str().unwrap().to_owned();
    let revoked = app.client.delete(app.url(&format!("/api/auth/sessions/{other_id}"))).send().await.unwrap();
    assert_eq!(revoked.status(), 204);
    assert_eq!(other.get(app.url("/api/auth/session")).send().await.unwrap().status(), 401);
    let again = app.client.delete(app.url(&format!("/api/auth/sessions/{other_id}"))).send().await.unwrap();
    assert_eq!(again.status(), 404);
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::spawn().await;
    for path in ["/", "/api/tags", "/admin", "/no/such/page"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self' 'sha256-"), "{path}: {csp}");
        assert!(!csp.contains("script-src 'self' 'unsafe-inline'"), "{path}: inline scripts are allowed only by hash");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin", "{path}");
        assert!(headers.get("strict-transport-security").is_none(), "{path}: no HSTS over plain HTTP");
    }
}
