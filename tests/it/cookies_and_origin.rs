//! The session cookie over HTTP and HTTPS (base URL, or a trusted proxy's
//! `X-Forwarded-Proto`), and the same-origin check on signed-in writes.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{OWNER_EMAIL, OWNER_PASSWORD, TestApp, TestDb};
use crate::on_both_databases;

/// Signs in the way curl would (no Origin, no cookie jar) and returns the `Set-Cookie` value.
async fn sign_in(app: &TestApp, forwarded_proto: Option<&str>) -> String {
    let mut request =
        reqwest::Client::new().post(app.url("/api/auth/token")).json(&json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD }));
    if let Some(proto) = forwarded_proto {
        request = request.header("x-forwarded-proto", proto);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200, "a sign-in without a cookie needs no Origin");
    response.headers()["set-cookie"].to_str().unwrap().to_owned()
}

/// `name=value` of a `Set-Cookie` value.
fn pair(set_cookie: &str) -> &str {
    set_cookie.split(';').next().unwrap()
}

async fn session_status(app: &TestApp, cookie: &str) -> StatusCode {
    reqwest::Client::new().get(app.url("/api/auth/session")).header("cookie", cookie).send().await.unwrap().status()
}

async fn the_cookie_is_plain_over_http(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    vita::auth::add_owner(&app.test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    let cookie = sign_in(&app, None).await;
    assert!(cookie.starts_with("vita_session="), "{cookie}");
    assert!(!cookie.contains("Secure"), "{cookie}");
    // Without a trusted proxy, X-Forwarded-Proto changes nothing.
    let cookie = sign_in(&app, Some("https")).await;
    assert!(cookie.starts_with("vita_session="), "{cookie}");
    assert_eq!(session_status(&app, pair(&cookie)).await, 200);
}

/// An https base URL: `__Host-`, Secure, Path=/, no Domain; only that name is read.
async fn the_cookie_is_secure_and_host_prefixed_over_https(test_db: TestDb) {
    let app = TestApp::spawn_with(test_db, |config| config.base_url = Some("https://vita.example".to_owned())).await;
    vita::auth::add_owner(&app.test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    let cookie = sign_in(&app, None).await;
    assert!(cookie.starts_with("__Host-vita_session="), "{cookie}");
    assert!(cookie.contains("; Secure") && cookie.contains("; Path=/;"), "{cookie}");
    assert!(!cookie.to_ascii_lowercase().contains("domain"), "{cookie}");
    assert_eq!(session_status(&app, pair(&cookie)).await, 200);
    let token = pair(&cookie).split_once('=').unwrap().1;
    assert_eq!(session_status(&app, &format!("vita_session={token}")).await, 401, "the plain name is not read over HTTPS");
}

async fn a_trusted_proxy_saying_https_gets_the_secure_cookie(test_db: TestDb) {
    let app = TestApp::spawn_behind_proxy(test_db).await;
    vita::auth::add_owner(&app.test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    assert!(sign_in(&app, None).await.starts_with("vita_session="));
    let cookie = sign_in(&app, Some("https")).await;
    assert!(cookie.starts_with("__Host-vita_session=") && cookie.contains("; Secure"), "{cookie}");

    // A write through the proxy: the Origin must be https://, like the site the browser saw.
    let host = app.base.trim_start_matches("http://").to_owned();
    let write = |origin: String| {
        reqwest::Client::new()
            .post(app.url("/api/news"))
            .header("cookie", pair(&cookie))
            .header("x-forwarded-proto", "https")
            .header("origin", origin)
            .json(&json!({ "title": "T", "content": "C" }))
            .send()
    };
    assert_eq!(write(format!("http://{host}")).await.unwrap().status(), 403);
    assert_eq!(write(format!("https://{host}")).await.unwrap().status(), 201);
}

async fn a_signed_in_write_must_say_where_it_comes_from(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    vita::auth::add_owner(&app.test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    let cookie = sign_in(&app, None).await;
    let client = reqwest::Client::new();
    let news = json!({ "title": "T", "content": "C" });
    let post = || client.post(app.url("/api/news")).header("cookie", pair(&cookie)).json(&news);

    let refused = post().send().await.unwrap();
    assert_eq!(refused.status(), 403);
    let body: serde_json::Value = refused.json().await.unwrap();
    assert!(body["error"]["message"].as_str().unwrap().contains("Origin"), "{body}");
    // The same host over the other scheme is another origin.
    let https_origin = app.base.replace("http://", "https://");
    assert_eq!(post().header("origin", https_origin).send().await.unwrap().status(), 403);
    assert_eq!(post().header("sec-fetch-site", "cross-site").send().await.unwrap().status(), 403);

    assert_eq!(post().header("origin", &app.base).send().await.unwrap().status(), 201);
    assert_eq!(post().header("sec-fetch-site", "same-origin").send().await.unwrap().status(), 201);
    // No cookie: nothing to protect, the usual answer.
    assert_eq!(client.post(app.url("/api/news")).json(&news).send().await.unwrap().status(), 401);
}

on_both_databases!(
    the_cookie_is_plain_over_http,
    the_cookie_is_secure_and_host_prefixed_over_https,
    a_trusted_proxy_saying_https_gets_the_secure_cookie,
    a_signed_in_write_must_say_where_it_comes_from,
);
