//! The CV (issue 28): the six sections only a CV has, through the generic content API, on
//! SQLite and PostgreSQL: create, read, update and delete; years of four digits from 1900 to
//! 2100 with the end not before the start and empty for "present"; an amount with an ISO 4217
//! currency; hostile HTML in the free section stored sanitised.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

/// Each section's API path and a body that creates a valid row.
fn sections() -> Vec<(&'static str, Value)> {
    vec![
        (
            "cv-appointments",
            json!({ "title": "Associate Professor", "institution": "Chalmers", "place": "Gothenburg", "start_year": 2019, "end_year": null }),
        ),
        (
            "cv-education",
            json!({ "degree": "PhD", "field": "Computer Engineering", "institution": "KTH", "year": 2012, "thesis_title": "Secure boot", "advisor": "Prof. B" }),
        ),
        ("cv-awards", json!({ "name": "Best Paper Award", "awarding_body": "DAC", "year": 2021 })),
        (
            "cv-grants",
            json!({ "title": "Trusted chips", "funder": "VR", "role": "PI", "amount": 4000000, "currency": "SEK", "start_year": 2022, "end_year": 2025 }),
        ),
        (
            "cv-service",
            json!({ "role": "Programme committee member", "body": "CHES", "kind": "committee", "start_year": 2020, "end_year": null }),
        ),
        ("cv-other", json!({ "title": "Languages", "content": "<p>Swedish, English</p>" })),
    ]
}

async fn post(app: &TestApp, path: &str, body: &Value) -> (StatusCode, Value) {
    let response = app.client.post(app.url(&format!("/api/{path}"))).json(body).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// The field errors of a refused write.
fn fields(body: &Value) -> &serde_json::Map<String, Value> {
    body["error"]["fields"].as_object().unwrap_or_else(|| panic!("no field errors in {body}"))
}

async fn every_section_is_created_read_updated_and_deleted(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    for (path, body) in sections() {
        let (status, created) = post(&app, path, &body).await;
        assert_eq!(status, StatusCode::CREATED, "{path}: {created}");
        assert_eq!(created["status"], "published", "{path}: published by default");
        assert_eq!(created["sort_order"], 0);
        let id = created["id"].as_str().unwrap();
        let list: Value = app.client.get(app.url(&format!("/api/{path}"))).send().await.unwrap().json().await.unwrap();
        assert_eq!(list.as_array().unwrap().len(), 1, "{path}");

        let mut changed = body.clone();
        changed["status"] = json!("draft");
        changed["sort_order"] = json!(3);
        let response = app.client.put(app.url(&format!("/api/{path}/{id}"))).json(&changed).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let updated: Value = response.json().await.unwrap();
        assert_eq!((updated["status"].as_str(), updated["sort_order"].as_i64()), (Some("draft"), Some(3)), "{path}");

        let anonymous = reqwest::Client::new();
        let public: Value = anonymous.get(app.url(&format!("/api/{path}"))).send().await.unwrap().json().await.unwrap();
        assert_eq!(public, json!([]), "{path}: a draft is not public");

        let response = app.client.delete(app.url(&format!("/api/{path}/{id}"))).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NO_CONTENT, "{path}");
        let response = app.client.get(app.url(&format!("/api/{path}/{id}"))).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    }
}

async fn years_must_be_four_digits_and_end_not_before_start(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let base = json!({ "title": "Lecturer", "institution": "Uni" });
    let with = |extra: Value| {
        let mut body = base.clone();
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    for (extra, field, message) in [
        (json!({}), "start_year", "Start year is required"),
        (json!({ "start_year": 1899 }), "start_year", "Start year must be between 1900 and 2100"),
        (json!({ "start_year": 20190 }), "start_year", "Start year must be between 1900 and 2100"),
        (json!({ "start_year": 2019, "end_year": 2101 }), "end_year", "End year must be between 1900 and 2100"),
        (json!({ "start_year": 2019, "end_year": 2018 }), "end_year", "End year must not be before the start year"),
    ] {
        let (status, body) = post(&app, "cv-appointments", &with(extra.clone())).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{extra}");
        assert_eq!(fields(&body)[field], json!(message), "{extra}: {body}");
    }
    let (status, body) = post(&app, "cv-appointments", &with(json!({ "start_year": "2019" }))).await;
    assert!(status.is_client_error(), "a year as text is refused: {body}");
    let (status, body) = post(&app, "cv-service", &json!({ "role": "Chair", "body": "X", "start_year": 2020, "end_year": 2019 })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(fields(&body).contains_key("end_year"));
    let (status, body) = post(&app, "cv-awards", &json!({ "name": "Prize", "year": 99 })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fields(&body)["year"], json!("Year must be between 1900 and 2100"));

    let (status, present) = post(&app, "cv-appointments", &with(json!({ "start_year": 2019, "end_year": null }))).await;
    assert_eq!(status, StatusCode::CREATED, "no end year is \"present\": {present}");
    assert_eq!(present["end_year"], Value::Null);
    let (status, same) = post(&app, "cv-appointments", &with(json!({ "start_year": 2019, "end_year": 2019 }))).await;
    assert_eq!(status, StatusCode::CREATED, "one year: {same}");
    let stored: Value = app.client.get(app.url("/api/cv-appointments")).send().await.unwrap().json().await.unwrap();
    assert_eq!(stored.as_array().unwrap().len(), 2, "nothing refused was stored");
}

async fn a_grant_amount_needs_an_iso_currency(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let grant =
        |amount: Value, currency: Value| json!({ "title": "G", "funder": "F", "start_year": 2020, "amount": amount, "currency": currency });
    for (amount, currency, field, message) in [
        (json!(-1), json!("EUR"), "amount", "Amount must be a number of at least 0"),
        (json!(100), json!("eur"), "currency", "Currency must be an ISO 4217 code of three capital letters, e.g. EUR"),
        (json!(100), json!("EURO"), "currency", "Currency must be an ISO 4217 code of three capital letters, e.g. EUR"),
        (json!(100), json!(null), "currency", "Currency is required with an amount"),
    ] {
        let (status, body) = post(&app, "cv-grants", &grant(amount.clone(), currency.clone())).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{amount} {currency}");
        assert_eq!(fields(&body)[field], json!(message), "{amount} {currency}: {body}");
    }
    let (status, body) = post(&app, "cv-grants", &grant(json!("lots"), json!("EUR"))).await;
    assert!(status.is_client_error(), "an amount as text is refused: {body}");
    let (status, body) = post(&app, "cv-grants", &grant(json!(2500000.5), json!("EUR"))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!((body["amount"].as_f64(), body["currency"].as_str()), (Some(2500000.5), Some("EUR")));
    let (status, body) = post(&app, "cv-grants", &grant(Value::Null, Value::Null)).await;
    assert_eq!(status, StatusCode::CREATED, "no amount at all is fine: {body}");
}

async fn hostile_html_in_the_free_section_is_stored_sanitised(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let hostile =
        r#"<p onclick="alert(1)">Memberships<script>alert(2)</script><img src=x onerror=alert(3)><a href="javascript:alert(4)">x</a></p>"#;
    let (status, body) = post(&app, "cv-other", &json!({ "title": "Memberships", "content": hostile })).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let stored = body["content"].as_str().unwrap();
    for bad in ["<script", "onclick", "onerror", "javascript:"] {
        assert!(!stored.contains(bad), "{bad} survived: {stored}");
    }
    assert!(stored.contains("Memberships"), "{stored}");
}

async fn the_cv_sections_need_a_session_to_write(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    for (path, body) in sections() {
        let (status, _) = post(&app, path, &body).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
    }
}

async fn create(app: &TestApp, path: &str, body: Value) {
    let (status, created) = post(app, path, &body).await;
    assert_eq!(status, StatusCode::CREATED, "{path}: {created}");
}

/// /cv: published items of every section, never drafts; papers by kind in the chosen style
/// with the owner's name in bold; students only when shown to everyone; "Download PDF" links
/// /cv.pdf, or the uploaded CV when the settings choose it (the default) and there is one.
async fn the_cv_page_shows_published_items_by_section_and_never_drafts(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let saved = app.client.put(app.url("/api/homepage/hero")).json(&json!({ "name": "Dr. Grace Hopper" })).send().await.unwrap();
    assert!(saved.status().is_success());
    for (path, body) in sections() {
        create(&app, path, body).await;
    }
    create(&app, "cv-awards", json!({ "name": "Secret Draft Award", "year": 2020, "status": "draft" })).await;
    create(&app, "cv-other", json!({ "title": "Hidden Draft Section", "status": "draft" })).await;
    let paper = |title: &str, kind: &str, status: &str| json!({ "title": title, "authors": ["Grace Hopper", "Alan Turing"], "venue": "Venue of it", "year": 2024, "kind": kind, "status": status });
    create(&app, "publications", paper("Conference Work", "conference-paper", "published")).await;
    create(&app, "publications", paper("Journal Work", "journal-article", "published")).await;
    create(&app, "publications", paper("Unfinished Draft Paper", "journal-article", "draft")).await;
    create(&app, "talks", json!({ "title": "Keynote on chips", "event_name": "DATE", "date": "2024-03-01" })).await;
    create(&app, "courses", json!({ "code": "EDA123", "title": "Hardware Security" })).await;
    create(&app, "students", json!({ "name": "Ada Student" })).await;

    let visitor = reqwest::Client::new();
    let response = visitor.get(app.url("/cv")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let html = response.text().await.unwrap();
    for shown in [
        "Curriculum Vitae",
        "Associate Professor",
        "2019–present",
        "Best Paper Award",
        "4,000,000 SEK",
        "Programme committee member",
        "Languages",
        "Keynote on chips",
        "EDA123",
        "Journal Articles",
        "Conference Papers",
        "<strong>G. Hopper</strong>",
    ] {
        assert!(html.contains(shown), "/cv lacks {shown:?}");
    }
    for hidden in ["Secret Draft Award", "Hidden Draft Section", "Unfinished Draft Paper", "Ada Student", "Supervised Students"] {
        assert!(!html.contains(hidden), "/cv shows {hidden:?}");
    }
    assert!(html.contains(r#"href="/cv.pdf""#), "without an uploaded CV, Download PDF links the generated one");
    let (journal, conference) = (html.find("Journal Work").unwrap(), html.find("Conference Work").unwrap());
    assert!(
        html.find("Journal Articles").unwrap() < journal
            && journal < html.find("Conference Papers").unwrap()
            && html.find("Conference Papers").unwrap() < conference
    );

    // A write to a CV section makes the kept /cv stale (`Sources::CV`).
    create(&app, "cv-awards", json!({ "name": "Award Added Later", "year": 2025 })).await;
    app.page_once_it_shows(&visitor, "/cv", "Award Added Later").await;

    // Students shown to everyone, APA, an uploaded CV: all three show on the next render.
    let saved = app
        .client
        .put(app.url("/api/settings"))
        .json(&json!({ "show_students_publicly": true, "cv_citation_style": "apa" }))
        .send()
        .await
        .unwrap();
    assert!(saved.status().is_success(), "{}", saved.text().await.unwrap());
    let saved = app
        .client
        .put(app.url("/api/homepage/hero"))
        .json(&json!({ "name": "Dr. Grace Hopper", "cv_url": "/files/cv-files/cv.pdf" }))
        .send()
        .await
        .unwrap();
    assert!(saved.status().is_success());
    let html = app.page_once_it_shows(&visitor, "/cv", r#"href="/files/cv-files/cv.pdf""#).await;
    let html = if html.contains("Ada Student") { html } else { app.page_once_it_shows(&visitor, "/cv", "Ada Student").await };
    assert!(html.contains("Supervised Students") && html.contains("Current Students"), "students shown publicly");
    assert!(html.contains(r#"href="/files/cv-files/cv.pdf""#), "Download PDF links the uploaded CV");
    assert!(html.contains("<strong>Hopper, G.</strong>"), "APA, the owner in bold");
}

on_both_databases!(
    the_cv_page_shows_published_items_by_section_and_never_drafts,
    every_section_is_created_read_updated_and_deleted,
    years_must_be_four_digits_and_end_not_before_start,
    a_grant_amount_needs_an_iso_currency,
    hostile_html_in_the_free_section_is_stored_sanitised,
    the_cv_sections_need_a_session_to_write,
);
