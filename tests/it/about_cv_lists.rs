//! Issue 44, item 3: one source for each fact. The About page's Education, Experience, Awards
//! and Service blocks show their free text (the default, and what content stored before the
//! choice existed reads as) or the CV's published entries, chosen per block; then /about lists
//! them as /cv does, and a write to the CV renders /about again. On SQLite and PostgreSQL.

use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, ActiveValue::Set};
use serde_json::{Value, json};

use vita::render::cache::Lookup;

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

async fn post(app: &TestApp, path: &str, body: Value) -> Value {
    let response = app.client.post(app.url(&format!("/api/{path}"))).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED, "{path}");
    response.json().await.unwrap()
}

async fn put_about(app: &TestApp, body: Value) -> reqwest::Response {
    app.client.put(app.url("/api/homepage/about")).json(&body).send().await.unwrap()
}

/// The HTML of /about's section `key` (`<section aria-labelledby="about-<key>">`), if shown.
fn block(html: &str, key: &str) -> Option<String> {
    let start = html.find(&format!("aria-labelledby=\"about-{key}\""))?;
    let rest = &html[start..];
    Some(rest[..rest.find("</section>").unwrap()].to_owned())
}

/// The entries of a list in `html`, each as its text without tags.
fn entries(html: &str) -> Vec<String> {
    html.split("<li").skip(1).map(|item| text(&item[item.find('>').unwrap() + 1..item.find("</li>").unwrap()])).collect()
}

fn text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push(' ');
            }
            '>' => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

async fn about_shows_the_cvs_lists_once_chosen(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    post(&app, "cv-education", json!({ "degree": "PhD", "field": "Computer Engineering", "institution": "KTH", "year": 2012, "advisor": "Prof. B", "sort_order": 1 })).await;
    post(&app, "cv-education", json!({ "degree": "MSc", "institution": "IST Lisbon", "year": 2008, "sort_order": 2 })).await;
    post(&app, "cv-education", json!({ "degree": "Unfinished draft degree", "institution": "Nowhere", "year": 2005, "status": "draft" }))
        .await;
    post(
        &app,
        "cv-appointments",
        json!({ "title": "Associate Professor", "institution": "Chalmers", "place": "Gothenburg", "start_year": 2019 }),
    )
    .await;
    post(&app, "cv-awards", json!({ "name": "Best Paper Award", "awarding_body": "DAC", "year": 2021 })).await;
    post(
        &app,
        "cv-service",
        json!({ "role": "Programme committee member", "body": "CHES", "kind": "committee", "start_year": 2020, "end_year": 2023 }),
    )
    .await;

    // Content stored before the choice existed: no `*_source` keys. It reads, and shows, as
    // free text.
    let now = chrono::Utc::now();
    let stored =
        json!({ "title": "About Me", "bio": "I build secure chips.", "education": "PhD, KTH, 2012 (typed by hand)", "awards": "" });
    vita::content::homepage::ActiveModel {
        id: Set(uuid::Uuid::new_v4()),
        section: Set("about".to_owned()),
        content: Set(stored),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(&app.test_db.db)
    .await
    .unwrap();
    let record: Value = app.client.get(app.url("/api/homepage/about")).send().await.unwrap().json().await.unwrap();
    for source in ["education_source", "experience_source", "awards_source", "service_source"] {
        assert_eq!(record["content"][source], "text", "{source}: {record}");
    }
    let anonymous = reqwest::Client::new();
    let html = anonymous.get(app.url("/about")).send().await.unwrap().text().await.unwrap();
    let education = block(&html, "education").expect("the free text shows");
    assert!(education.contains("PhD, KTH, 2012 (typed by hand)") && !education.contains("<li"), "{education}");
    assert!(block(&html, "awards").is_none() && block(&html, "experience").is_none(), "empty free texts show nothing");

    // A choice that is neither is refused, by name, and writes nothing.
    let response = put_about(&app, json!({ "education_source": "both" })).await;
    assert!(response.status().is_client_error(), "{}", response.status());
    let record: Value = app.client.get(app.url("/api/homepage/about")).send().await.unwrap().json().await.unwrap();
    assert_eq!(record["content"]["education_source"], "text");

    // Every block chooses the CV's list: /about lists the published entries as /cv words them,
    // in the CV's order; the free text is kept, unseen.
    let response =
        put_about(&app, json!({ "education_source": "cv", "experience_source": "cv", "awards_source": "cv", "service_source": "cv" }))
            .await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.unwrap();
    assert_eq!(saved["content"]["education"], "PhD, KTH, 2012 (typed by hand)", "the free text is kept");
    let html = app.page_once_it_shows(&anonymous, "/about", "IST Lisbon").await;
    let cv = anonymous.get(app.url("/cv")).send().await.unwrap().text().await.unwrap();
    let education = entries(&block(&html, "education").unwrap());
    assert_eq!(education, ["2012 PhD, Computer Engineering KTH Advisor: Prof. B", "2008 MSc IST Lisbon"]);
    let cv_education = &cv[cv.find("id=\"cv-education\"").unwrap()..];
    assert_eq!(entries(&cv_education[..cv_education.find("</section>").unwrap()]), education, "as /cv lists them");
    assert!(!html.contains("typed by hand") && !html.contains("Unfinished draft degree"), "neither the free text nor a draft");
    assert_eq!(entries(&block(&html, "experience").unwrap()), ["2019–present Associate Professor Chalmers, Gothenburg"]);
    assert_eq!(entries(&block(&html, "awards").unwrap()), ["2021 Best Paper Award DAC"]);
    assert_eq!(entries(&block(&html, "service").unwrap()), ["2020–2023 Programme committee member CHES · Committee"]);

    // A write to the CV renders /about again.
    post(&app, "cv-awards", json!({ "name": "Young Researcher Prize", "year": 2023 })).await;
    let html = app.page_once_it_shows(&anonymous, "/about", "Young Researcher Prize").await;
    assert_eq!(entries(&block(&html, "awards").unwrap()).len(), 2);

    // Back to free text: the kept text shows again.
    assert_eq!(put_about(&app, json!({ "education_source": "text" })).await.status(), StatusCode::OK);
    let html = app.page_once_it_shows(&anonymous, "/about", "typed by hand").await;
    assert!(!html.contains("IST Lisbon"));
}

async fn about_is_unchanged_by_default(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    post(&app, "cv-education", json!({ "degree": "PhD", "institution": "KTH", "year": 2012 })).await;
    let response = put_about(&app, json!({ "education": "Doctorate from KTH", "service": "Reviewer for CHES" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let anonymous = reqwest::Client::new();
    let html = app.page_once_it_shows(&anonymous, "/about", "Doctorate from KTH").await;
    let (education, service) = (block(&html, "education").unwrap(), block(&html, "service").unwrap());
    assert!(service.contains("Reviewer for CHES"));
    assert!(!education.contains("<li") && !html.contains(">KTH<"), "the free text, not the CV's list: {education}");
    // Nothing on /about follows the CV then: a CV write leaves its kept copy fresh.
    let fresh = || matches!(app.cache.lookup("/about", vita::ops::clock::today()), Lookup::Fresh(_));
    assert!(fresh(), "the page is kept");
    post(&app, "cv-education", json!({ "degree": "MSc", "institution": "IST", "year": 2008 })).await;
    assert!(fresh(), "a CV write does not touch /about");
}

on_both_databases!(about_shows_the_cvs_lists_once_chosen, about_is_unchanged_by_default);
