//! Input edges and careful-server habits (issue 15, items 4 to 6), on SQLite and PostgreSQL:
//! what used to be a 500 is the caller's 4xx, and nothing is written.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{OWNER_EMAIL, TestApp, TestDb};
use crate::on_both_databases;

async fn status_and_body(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// A limit past what the databases take is "all of them", not a server error.
async fn a_huge_limit_lists_everything(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let created = app.client.post(app.url("/api/news")).json(&json!({ "title": "T", "content": "C" })).send().await.unwrap();
    assert_eq!(created.status(), 201);
    for limit in ["9223372036854775807", "9223372036854775808", "18446744073709551615"] {
        let (status, body) = status_and_body(app.client.get(app.url(&format!("/api/news?limit={limit}"))).send().await.unwrap()).await;
        assert_eq!(status, 200, "limit {limit}: {body}");
        assert_eq!(body.as_array().map(Vec::len), Some(1), "limit {limit}");
    }
}

/// PostgreSQL cannot store a NUL character: any text holding one is refused on its field, in a
/// body or in a query, and nothing is stored.
async fn nul_characters_are_refused(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    for (path, body, field) in [
        ("/api/news", json!({ "title": "A\u{0}B", "content": "C" }), "title"),
        ("/api/publications", json!({ "title": "T", "authors": ["Ada", "B\u{0}"], "venue": "V" }), "authors.1"),
        ("/api/tags", json!({ "name": "\u{0}" }), "name"),
    ] {
        let (status, error) = status_and_body(app.client.post(app.url(path)).json(&body).send().await.unwrap()).await;
        assert_eq!(status, 422, "{path}: {error}");
        assert_eq!(error["error"]["fields"][field], "Text must not contain NUL characters", "{path}: {error}");
    }
    let (status, error) =
        status_and_body(app.client.put(app.url("/api/homepage/hero")).json(&json!({ "name": "X\u{0}" })).send().await.unwrap()).await;
    assert_eq!(status, 422, "a page section: {error}");
    let (status, _) = status_and_body(app.client.get(app.url("/api/admin/news?status=dra%00ft")).send().await.unwrap()).await;
    assert_eq!(status, 400, "a NUL in a filter");
    for path in ["/api/admin/news", "/api/admin/publications", "/api/admin/tags"] {
        let rows: Value = app.client.get(app.url(path)).send().await.unwrap().json().await.unwrap();
        assert_eq!(rows, json!([]), "{path}: nothing was stored");
    }
}

/// Dates are within 1900–2200: year 1 or 2201 is a typing mistake, named on its field.
async fn dates_are_within_a_sensible_range(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    for (path, body, field) in [
        ("/api/news", json!({ "title": "T", "content": "C", "date": "0001-01-01" }), "date"),
        ("/api/talks", json!({ "title": "T", "event_name": "E", "date": "2201-01-01" }), "date"),
        ("/api/projects", json!({ "title": "T", "summary": "S", "start_date": "1899-12-31" }), "start_date"),
        ("/api/open-calls", json!({ "title": "T", "slug": "t", "deadline": "9999-12-31" }), "deadline"),
    ] {
        let (status, error) = status_and_body(app.client.post(app.url(path)).json(&body).send().await.unwrap()).await;
        assert_eq!(status, 422, "{path}: {error}");
        let message = error["error"]["fields"][field].as_str().unwrap_or_default();
        assert!(message.contains("between the years 1900 and 2200"), "{path}: {error}");
    }
    let ok =
        app.client.post(app.url("/api/news")).json(&json!({ "title": "T", "content": "C", "date": "1900-01-01" })).send().await.unwrap();
    assert_eq!(ok.status(), 201, "the first year of the range is fine");
}

/// Owner-only answers are never kept by a browser or a proxy.
async fn api_answers_are_not_stored_by_caches(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    for path in ["/api/admin/publications", "/api/auth/session", "/api/auth/sessions", "/api/settings"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-store", "{path}");
    }
}

/// `vita admin add` is the documented password reset: it ends every session, so whoever
/// signed in with the old password is out.
async fn a_password_reset_ends_every_session(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    assert_eq!(app.client.get(app.url("/api/auth/session")).send().await.unwrap().status(), 200);
    vita::auth::add_owner(&app.test_db.db, OWNER_EMAIL, "a brand new passphrase").await.unwrap();
    assert_eq!(app.client.get(app.url("/api/auth/session")).send().await.unwrap().status(), 401);
}

/// Links another host could hide behind, in every kind of URL field: refused with a 422 on the
/// field, nothing stored. Image and CV fields also take a path on this site; links to elsewhere
/// only http(s) URLs.
async fn links_cannot_point_at_another_host_in_disguise(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let hostile = [
        "//evil.example/x.jpg",
        "/\\evil.example",
        "/\\/evil.example",
        "\\\\evil.example",
        "https://good.example@evil.example/",
        "https://evil.example\\@good.example/",
        "https://example.org/a\\b",
        "/files/a\u{7}b.jpg",
        "/files/a\u{85}b.jpg",
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
    ];
    let student = |url: &str| json!({ "name": "S", "profile_image_url": url });
    let news = |url: &str| json!({ "title": "T", "content": "C", "link_url": url });
    for url in hostile {
        for (path, body, field) in [("/api/students", student(url), "profile_image_url"), ("/api/news", news(url), "link_url")] {
            let (status, error) = status_and_body(app.client.post(app.url(path)).json(&body).send().await.unwrap()).await;
            assert_eq!(status, 422, "{path} {url:?}: {error}");
            assert!(
                error["error"]["fields"][field].as_str().unwrap_or_default().contains("must be a valid URL"),
                "{path} {url:?}: {error}"
            );
        }
        for field in ["profile_image_url", "cv_url", "website_url"] {
            let (status, error) =
                status_and_body(app.client.put(app.url("/api/homepage/hero")).json(&json!({ field: url })).send().await.unwrap()).await;
            assert_eq!(status, 422, "hero {field} {url:?}: {error}");
            assert_eq!(error["error"]["fields"][field], "Must be a valid URL starting with http:// or https://", "hero {field} {url:?}");
        }
    }
    for path in ["/api/admin/news", "/api/admin/students"] {
        let rows: Value = app.client.get(app.url(path)).send().await.unwrap().json().await.unwrap();
        assert_eq!(rows, json!([]), "{path}: nothing was stored");
    }

    // A site path where a file of this site makes sense, and only there.
    let (status, error) = status_and_body(app.client.post(app.url("/api/news")).json(&news("/publications")).send().await.unwrap()).await;
    assert_eq!(
        (status, error["error"]["fields"]["link_url"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("Link URL must be a valid URL starting with http:// or https://"))
    );
    let (status, error) =
        status_and_body(app.client.put(app.url("/api/homepage/hero")).json(&json!({ "website_url": "/about" })).send().await.unwrap())
            .await;
    assert_eq!(status, 422, "a website is elsewhere: {error}");
    for url in ["/files/profile-photos/1700000000000-abc.jpg", "https://example.org/me.jpg"] {
        let (status, body) = status_and_body(app.client.post(app.url("/api/students")).json(&student(url)).send().await.unwrap()).await;
        assert_eq!((status, body["profile_image_url"].as_str()), (StatusCode::CREATED, Some(url)), "{body}");
    }
    let (status, body) =
        status_and_body(app.client.post(app.url("/api/news")).json(&news("https://example.org/@jane?q=1#x")).send().await.unwrap()).await;
    assert_eq!(status, 201, "{body}");
    let hero = json!({ "profile_image_url": "/files/profile-photos/1-a.png", "cv_url": "/files/cv-files/1-a.pdf", "website_url": "https://example.org" });
    let (status, body) = status_and_body(app.client.put(app.url("/api/homepage/hero")).json(&hero).send().await.unwrap()).await;
    assert_eq!(status, 200, "{body}");
}

on_both_databases!(
    links_cannot_point_at_another_host_in_disguise,
    a_huge_limit_lists_everything,
    nul_characters_are_refused,
    dates_are_within_a_sensible_range,
    api_answers_are_not_stored_by_caches,
    a_password_reset_ends_every_session,
);

/// SQLite acknowledges a write only once it is on disk (`synchronous=FULL`, 2).
#[tokio::test]
async fn sqlite_syncs_every_commit() {
    use sea_orm::{ConnectionTrait, Statement};
    let test_db = TestDb::sqlite().await;
    let backend = test_db.db.get_database_backend();
    let row = test_db.db.query_one_raw(Statement::from_string(backend, "PRAGMA synchronous")).await.unwrap().unwrap();
    assert_eq!(row.try_get_by_index::<i32>(0).unwrap(), 2);
}
