//! Issue 44, item 2: the fixed public sentences in the owner's words (`SiteSettings.texts`,
//! `PUT /api/settings/texts`): a changed sentence is on its public page at once (the save
//! makes the cached pages stale), an empty one is the default again, the others keep theirs;
//! an unknown key, markup or an overlong sentence is a readable 422 and writes nothing; the
//! dashboard lists the Featured Publications line while it is the sample's. On SQLite and
//! PostgreSQL.

use reqwest::StatusCode;
use sea_orm::ActiveValue::Set;
use sea_orm::EntityTrait;
use serde_json::{Value, json};
use vita::content::settings;

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

const SPEC_LINE: &str = "Recent research contributions in hardware security and embedded systems.";

async fn save(app: &TestApp, body: Value) -> reqwest::Response {
    app.client.put(app.url("/api/settings/texts")).json(&body).send().await.unwrap()
}

async fn stored_texts(app: &TestApp) -> Value {
    let settings: Value = app.client.get(app.url("/api/settings")).send().await.unwrap().json().await.unwrap();
    settings["texts"].clone()
}

/// The page at `path` once it no longer contains `gone` (a sentence replaced in the background).
async fn page_once_without(app: &TestApp, path: &str, gone: &str) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let html = reqwest::get(app.url(path)).await.unwrap().text().await.unwrap();
        if !html.contains(gone) {
            return html;
        }
        assert!(std::time::Instant::now() < deadline, "{path} still shows {gone:?} after 5 s");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

async fn a_changed_sentence_is_on_its_page_at_once_and_an_empty_one_is_the_default_again(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let anonymous = reqwest::Client::new();
    let paper = json!({ "title": "Masking RISC-V", "authors": ["Zoë Ångström"], "venue": "TCHES", "year": 2024, "featured": true });
    let created = app.client.post(app.url("/api/publications")).json(&paper).send().await.unwrap();
    assert_eq!(created.status(), StatusCode::CREATED, "{}", created.text().await.unwrap());
    // The pages are kept in the cache before the change: the save must make them stale.
    let home = app.page_once_it_shows(&anonymous, "/", "Masking RISC-V").await;
    assert!(home.contains(SPEC_LINE), "a new site shows the spec's line under Featured Publications");
    let projects = anonymous.get(app.url("/projects")).send().await.unwrap().text().await.unwrap();
    assert!(projects.contains("No projects available yet.") && projects.contains("Research projects, funded collaborations and software."));

    let response = save(
        &app,
        json!({
            "home.featured_publications_intro": "  Papers on glaciers & sea ice <3  ",
            "projects.intro": "Software from the Ice Lab.",
            "projects.empty": "Projects come soon.",
        }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK, "{}", response.text().await.unwrap());
    let texts = response.json::<Value>().await.unwrap()["texts"].clone();
    assert_eq!(texts["home.featured_publications_intro"], "Papers on glaciers & sea ice <3", "trimmed");

    let home = app.page_once_it_shows(&anonymous, "/", "Papers on glaciers &amp; sea ice &lt;3").await;
    assert!(!home.contains(SPEC_LINE), "the owner's line replaces the spec's");
    let projects = app.page_once_it_shows(&anonymous, "/projects", "Projects come soon.").await;
    assert!(projects.contains("Software from the Ice Lab.") && !projects.contains("No projects available yet."));
    assert_eq!(projects.matches("Software from the Ice Lab.").count(), 1, "in the content only, not in the frame's hydration data");

    // An empty sentence is the default again; the ones not sent keep the owner's words.
    let response = save(&app, json!({ "projects.empty": "" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let projects = page_once_without(&app, "/projects", "Projects come soon.").await;
    assert!(projects.contains("No projects available yet.") && projects.contains("Software from the Ice Lab."));
    assert_eq!(
        stored_texts(&app).await,
        json!({ "home.featured_publications_intro": "Papers on glaciers & sea ice <3", "projects.intro": "Software from the Ice Lab." })
    );

    // The whole settings' save keeps the sentences it does not name (the Site Settings form).
    let response = app.client.put(app.url("/api/settings")).json(&json!({ "show_citation_counts": true })).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(stored_texts(&app).await["projects.intro"], "Software from the Ice Lab.");
}

on_both_databases!(a_changed_sentence_is_on_its_page_at_once_and_an_empty_one_is_the_default_again);

async fn a_sentence_that_breaks_a_rule_is_refused_and_nothing_is_written(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    let anonymous = reqwest::Client::new();
    let response = anonymous.put(app.url("/api/settings/texts")).json(&json!({ "news.intro": "Hi." })).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "the owner's only");
    app.sign_in().await;

    let cases = [
        (
            json!({ "news.intro": "Fine.", "home.welcome": "Hello" }),
            "texts.home.welcome",
            "There is no fixed sentence \u{201c}home.welcome\u{201d} to change",
        ),
        (
            json!({ "news.intro": "Fine.", "talks.intro": "<b>Talks</b>" }),
            "texts.talks.intro",
            "A sentence is plain text: leave out HTML tags such as <b>",
        ),
        (
            json!({ "news.intro": "Fine.", "talks.empty": "a".repeat(301) }),
            "texts.talks.empty",
            "A sentence must be at most 300 characters",
        ),
    ];
    for (body, field, message) in cases {
        let response = save(&app, body).await;
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error"]["fields"][field], message, "{error}");
        assert_eq!(error["error"]["message"], message, "the message says what is wrong: {error}");
    }
    // A sentence must be text.
    let response = save(&app, json!({ "news.intro": 3 })).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    // The whole settings' save checks them too.
    let response = app.client.put(app.url("/api/settings")).json(&json!({ "texts": { "nope": "x" } })).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(stored_texts(&app).await, json!({}), "nothing of a refused save is written");
}

on_both_databases!(a_sentence_that_breaks_a_rule_is_refused_and_nothing_is_written);

async fn settings_stored_before_the_sentences_read_as_the_defaults(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    // Settings as a site stored them before `texts` existed: the owner's options are kept.
    let row = settings::ActiveModel {
        key: Set(settings::SITE.to_owned()),
        value: Set(json!({ "show_citation_counts": true, "orcid_id": "" })),
        updated_at: Set(vita::ops::clock::now()),
    };
    settings::Entity::insert(row).exec(&app.test_db.db).await.unwrap();
    let stored: Value = app.client.get(app.url("/api/settings")).send().await.unwrap().json().await.unwrap();
    assert_eq!((stored["texts"].clone(), stored["show_citation_counts"].clone()), (json!({}), json!(true)));
    let response = save(&app, json!({ "news.intro": "What is new." })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let stored: Value = response.json().await.unwrap();
    assert_eq!((stored["texts"]["news.intro"].clone(), stored["show_citation_counts"].clone()), (json!("What is new."), json!(true)));
    app.page_once_it_shows(&reqwest::Client::new(), "/news", "What is new.").await;
}

on_both_databases!(settings_stored_before_the_sentences_read_as_the_defaults);

async fn the_dashboard_lists_the_featured_publications_line_while_it_is_the_samples(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let sample = |texts: &[Value]| texts.iter().find(|text| text["key"] == "texts.home.featured_publications_intro").cloned();
    let texts: Vec<Value> = app.client.get(app.url("/api/admin/sample-texts")).send().await.unwrap().json().await.unwrap();
    let line = sample(&texts).expect("a new site's Featured Publications line is sample text");
    assert_eq!(
        (&line["place"], &line["label"], &line["text"], &line["edit_path"]),
        (
            &json!("Homepage: sentences"),
            &json!("Under \u{201c}Featured Publications\u{201d}"),
            &json!(SPEC_LINE),
            &json!("/admin/homepage")
        )
    );
    // The other sentences name no field of the sample owner's.
    assert_eq!(texts.iter().filter(|text| text["key"].as_str().unwrap().starts_with("texts.")).count(), 1);

    let response = save(&app, json!({ "home.featured_publications_intro": "Papers on sea ice." })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let texts: Vec<Value> = app.client.get(app.url("/api/admin/sample-texts")).send().await.unwrap().json().await.unwrap();
    assert!(sample(&texts).is_none(), "the owner's line is not sample");
    // Written back as the spec has it, it is the default again: sample once more.
    save(&app, json!({ "home.featured_publications_intro": SPEC_LINE })).await;
    let texts: Vec<Value> = app.client.get(app.url("/api/admin/sample-texts")).send().await.unwrap().json().await.unwrap();
    assert!(sample(&texts).is_some());
}

on_both_databases!(the_dashboard_lists_the_featured_publications_line_while_it_is_the_samples);
