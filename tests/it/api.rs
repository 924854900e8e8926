//! The HTTP layer over real HTTP: error bodies, limits, authentication, the same-origin
//! check, health probes and the server-rendered pages.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb};

async fn error_of(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    let body: Value = response.json().await.expect("error bodies are JSON");
    assert!(body["error"]["code"].is_string() && body["error"]["message"].is_string(), "bad error body {body}");
    (status, body)
}

async fn publication_count(app: &TestApp) -> usize {
    let list: Vec<Value> = app.client.get(app.url("/api/admin/publications")).send().await.unwrap().json().await.unwrap();
    list.len()
}

#[tokio::test]
async fn health_and_readiness_probes_answer() {
    let app = TestApp::spawn().await;
    let health = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), 200);
    let ready = app.client.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!((ready.status(), ready.text().await.unwrap().as_str()), (StatusCode::OK, "ready"));
}

#[tokio::test]
async fn bad_requests_get_a_readable_4xx_and_write_nothing() {
    let app = TestApp::spawn().await;
    app.sign_in().await;
    let url = app.url("/api/publications");
    let post_raw = |body: &'static str| app.client.post(&url).header("content-type", "application/json").body(body).send();

    let (status, body) = error_of(post_raw("{not json").await.unwrap()).await;
    assert_eq!(status, 400);
    assert!(body["error"]["message"].as_str().unwrap().contains("not valid JSON"), "{body}");

    let (status, body) = error_of(post_raw(r#"{"title": 5, "authors": ["A"], "venue": "V"}"#).await.unwrap()).await;
    assert_eq!(status, 400);
    assert!(body["error"]["message"].as_str().unwrap().contains("title"), "{body}");

    let (status, body) = error_of(post_raw(r#"{"title": "T", "authors": ["A"], "venue": "V", "colour": "x"}"#).await.unwrap()).await;
    assert_eq!(status, 400);
    assert!(body["error"]["message"].as_str().unwrap().contains("unknown field"), "{body}");

    let (status, _) = error_of(app.client.post(&url).body(r#"{"title":"T"}"#).send().await.unwrap()).await;
    assert_eq!(status, 400, "a body without a JSON content type is refused");

    let (status, body) =
        error_of(app.client.post(&url).json(&json!({ "title": "", "authors": [""], "venue": "V" })).send().await.unwrap()).await;
    assert_eq!(status, 422);
    assert_eq!(body["error"]["fields"]["title"], "Title is required");
    assert_eq!(body["error"]["fields"]["authors"], "At least one author is required");

    let huge = json!({ "title": "x".repeat(3 * 1024 * 1024), "authors": ["A"], "venue": "V" });
    let (status, _) = error_of(app.client.post(&url).json(&huge).send().await.unwrap()).await;
    assert_eq!(status, 413);

    let (status, body) = error_of(
        app.client
            .put(app.url(&format!("/api/publications/{}", uuid::Uuid::new_v4())))
            .json(&json!({ "title": "T", "authors": ["A"], "venue": "V" }))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status, body["error"]["message"].as_str().unwrap()), (StatusCode::NOT_FOUND, "Publication not found"));

    let (status, _) = error_of(app.client.delete(app.url("/api/publications/not-a-uuid")).send().await.unwrap()).await;
    assert_eq!(status, 400);

    let (status, _) = error_of(app.client.get(app.url("/api/no-such-thing")).send().await.unwrap()).await;
    assert_eq!(status, 404);

    assert_eq!(publication_count(&app).await, 0, "no bad request wrote anything");

    let created =
        app.client.post(&url).json(&json!({ "title": "Real", "authors": ["A"], "venue": "V", "year": 2024 })).send().await.unwrap();
    assert_eq!(created.status(), 201);
    assert_eq!(publication_count(&app).await, 1);
}

#[tokio::test]
async fn writes_and_owner_reads_need_a_session() {
    let app = TestApp::spawn().await;
    let id = uuid::Uuid::new_v4();
    let body = json!({ "name": "x" });
    let requests = [
        app.client.post(app.url("/api/tags")).json(&body),
        app.client.put(app.url(&format!("/api/tags/{id}"))).json(&body),
        app.client.delete(app.url(&format!("/api/tags/{id}"))),
        app.client.get(app.url(&format!("/api/tags/{id}"))),
        app.client.get(app.url("/api/admin/tags")),
        app.client.put(app.url("/api/homepage/hero")).json(&json!({})),
        app.client.get(app.url("/api/auth/session")),
        app.client.post(app.url("/api/auth/logout")),
    ];
    for request in requests {
        let (status, _) = error_of(request.send().await.unwrap()).await;
        assert_eq!(status, 401);
    }
    let (status, body) = error_of(app.client.get(app.url("/api/students")).send().await.unwrap()).await;
    assert_eq!(
        (status, body["error"]["message"].as_str().unwrap()),
        (StatusCode::UNAUTHORIZED, "Authentication required to access student data")
    );
    let public = app.client.get(app.url("/api/tags")).send().await.unwrap();
    assert_eq!(public.status(), 200, "public lists need no session");
}

#[tokio::test]
async fn a_signed_in_owner_writes_and_the_public_reads_published_items() {
    let app = TestApp::spawn_on(TestDb::postgres().await).await;
    app.sign_in().await;
    let session: Value = app.client.get(app.url("/api/auth/session")).send().await.unwrap().json().await.unwrap();
    assert_eq!(session["user"]["email"], crate::helpers::OWNER_EMAIL);

    let draft: Value = app
        .client
        .post(app.url("/api/talks"))
        .json(&json!({ "title": "Draft talk", "event_name": "E", "date": "2025-01-01", "status": "draft" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let public: Value = app
        .client
        .post(app.url("/api/talks"))
        .json(&json!({ "title": "Public talk", "event_name": "E", "date": "2025-02-01" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let anonymous = reqwest::Client::new();
    let listed: Vec<Value> = anonymous.get(app.url("/api/talks")).send().await.unwrap().json().await.unwrap();
    assert_eq!(listed.iter().map(|t| t["title"].as_str().unwrap()).collect::<Vec<_>>(), ["Public talk"]);

    let updated = app.client.put(app.url(&format!("/api/talks/{}", draft["id"].as_str().unwrap()))).json(&json!({ "title": "Now public", "slug": null, "event_name": "E", "event_location": null, "date": "2025-03-01", "type": "invited", "abstract": null, "slides_url": null, "video_url": null, "status": "published", "featured": false, "tag_ids": [] })).send().await.unwrap();
    assert_eq!(updated.status(), 200);
    let deleted = app.client.delete(app.url(&format!("/api/talks/{}", public["id"].as_str().unwrap()))).send().await.unwrap();
    assert_eq!(deleted.status(), 204);
    let listed: Vec<Value> = anonymous.get(app.url("/api/talks")).send().await.unwrap().json().await.unwrap();
    assert_eq!(listed.iter().map(|t| t["title"].as_str().unwrap()).collect::<Vec<_>>(), ["Now public"]);

    let hero: Value =
        app.client.put(app.url("/api/homepage/hero")).json(&json!({ "name": "Dr. Jane Doe" })).send().await.unwrap().json().await.unwrap();
    assert_eq!(hero["content"]["name"], "Dr. Jane Doe");
    assert_eq!(hero["content"]["title"], "Associate Professor", "fields left out keep their defaults");

    let signed_out = app.client.post(app.url("/api/auth/logout?scope=local")).send().await.unwrap();
    assert_eq!(signed_out.status(), 204);
    let (status, _) = error_of(app.client.get(app.url("/api/auth/session")).send().await.unwrap()).await;
    assert_eq!(status, 401, "the session ended");
}

#[tokio::test]
async fn unsafe_requests_from_another_origin_are_refused() {
    let app = TestApp::spawn().await;
    app.sign_in().await;
    let body = json!({ "name": "csrf" });
    let (status, _) =
        error_of(app.client.post(app.url("/api/tags")).header("origin", "https://evil.example").json(&body).send().await.unwrap()).await;
    assert_eq!(status, 403);
    let (status, _) =
        error_of(app.client.post(app.url("/api/tags")).header("sec-fetch-site", "cross-site").json(&body).send().await.unwrap()).await;
    assert_eq!(status, 403);
    let same = app.client.post(app.url("/api/tags")).header("origin", app.base.clone()).json(&body).send().await.unwrap();
    assert_eq!(same.status(), 201);
    let tags: Vec<Value> = app.client.get(app.url("/api/tags")).send().await.unwrap().json().await.unwrap();
    assert_eq!(tags.len(), 1, "only the same-origin request wrote");
}

#[tokio::test]
async fn sign_in_failures_share_one_message_and_missing_fields_get_the_spec_wording() {
    let app = TestApp::spawn().await;
    vita::auth::add_owner(&app.test_db.db, "owner@example.org", "a long enough passphrase").await.unwrap();
    let try_sign_in = |body: Value| app.client.post(app.url("/api/auth/token")).json(&body).send();
    let (status, wrong) = error_of(try_sign_in(json!({ "email": "owner@example.org", "password": "nope nope nope" })).await.unwrap()).await;
    assert_eq!(status, 400);
    let (_, unknown) = error_of(try_sign_in(json!({ "email": "who@example.org", "password": "nope nope nope" })).await.unwrap()).await;
    assert_eq!(wrong["error"]["message"], unknown["error"]["message"]);
    let (status, missing) = error_of(try_sign_in(json!({ "email": "owner@example.org" })).await.unwrap()).await;
    assert_eq!(status, 400);
    assert_eq!(missing["error"]["message"], "You must provide either an email or phone number and a password");

    let ok = try_sign_in(json!({ "email": "owner@example.org", "password": "a long enough passphrase" })).await.unwrap();
    let cookie = ok.headers().get("set-cookie").unwrap().to_str().unwrap().to_owned();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.starts_with("vita_session="), "{cookie}");
    let body = ok.text().await.unwrap();
    let token = cookie.trim_start_matches("vita_session=").split(';').next().unwrap();
    assert!(!body.contains(token), "the token never appears where page scripts could read it");
}

#[tokio::test]
async fn pages_are_server_rendered_and_unknown_paths_get_the_404_page() {
    let app = TestApp::spawn().await;
    let home = app.client.get(app.url("/")).send().await.unwrap();
    assert_eq!(home.status(), 200);
    assert_eq!(home.headers()["x-content-type-options"], "nosniff");
    let html = home.text().await.unwrap();
    assert!(html.contains("View Publications") && html.contains("Associate Professor"), "{html}");
    assert!(html.contains(r#"<script type="application/json" id="vita-data">"#));
    // The browser hydrates the frame with the words the page brings (no catalogue in its script).
    assert!(html.contains(r#""frame.skip_to_content":"Skip to main content""#), "{html}");

    let missing = app.client.get(app.url("/no/such/page")).send().await.unwrap();
    assert_eq!(missing.status(), 404);
    let html = missing.text().await.unwrap();
    assert!(html.contains("Oops! Page not found") && html.contains("Return to Home"));
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_the_admin_app_is_served() {
    let app = TestApp::spawn().await;
    let html = app.client.get(app.url("/")).send().await.unwrap().text().await.unwrap();
    let script = html.split(r#"<script type="module" src=""#).nth(1).and_then(|rest| rest.split('"').next()).expect("module script");
    let asset = app.client.get(app.url(script)).send().await.unwrap();
    assert_eq!(asset.status(), 200);
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(asset.headers()["content-type"].to_str().unwrap().contains("javascript"));

    let admin = app.client.get(app.url("/admin/publications")).send().await.unwrap();
    assert_eq!(admin.status(), 200);
    assert!(admin.text().await.unwrap().contains(r#"<div id="root">"#));
    let (status, _) = error_of(app.client.get(app.url("/assets/nope.js")).send().await.unwrap()).await;
    assert_eq!(status, 404);
}
