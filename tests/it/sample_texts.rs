//! Issue 44, item 2: the dashboard's list of the public texts still the spec's sample
//! (`GET /api/admin/sample-texts`, the owner only): every text a new site shows as it came,
//! each with the screen that edits it; a text leaves the list once the owner writes their own
//! (and the first-run step's four fields, written through the hero's API, show on / at once).
//! On SQLite and PostgreSQL.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

/// What a new site shows as the spec's sample: every page text whose default is not empty, and
/// the fixed sentence that names the sample owner's field.
const NEW_SITE: [&str; 18] = [
    "hero.name",
    "hero.title",
    "hero.institution",
    "hero.bio",
    "hero.profile_image_url",
    "stats.publications_label",
    "stats.publications_description",
    "stats.students_label",
    "stats.students_description",
    "stats.courses_label",
    "stats.courses_description",
    "stats.research_areas_label",
    "stats.research_areas_description",
    "texts.home.featured_publications_intro",
    "about.title",
    "about.bio",
    "contact.title",
    "contact.subtitle",
];

async fn sample_texts(app: &TestApp) -> Vec<Value> {
    let response = app.client.get(app.url("/api/admin/sample-texts")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Vec<Value>>().await.unwrap()
}

fn keys(texts: &[Value]) -> Vec<String> {
    texts.iter().map(|text| text["key"].as_str().unwrap().to_owned()).collect()
}

async fn put(app: &TestApp, section: &str, body: Value) {
    let response = app.client.put(app.url(&format!("/api/homepage/{section}"))).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{section}: {}", response.text().await.unwrap());
}

async fn a_new_site_lists_its_sample_texts_until_they_are_replaced(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    let anonymous = reqwest::Client::new();
    let response = anonymous.get(app.url("/api/admin/sample-texts")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "the owner's only");
    app.sign_in().await;

    let texts = sample_texts(&app).await;
    assert_eq!(keys(&texts), NEW_SITE);
    let name = &texts[0];
    assert_eq!(
        (&name["place"], &name["label"], &name["text"], &name["edit_path"]),
        (&json!("Homepage: hero"), &json!("Name"), &json!("Dr. Alex Lindberg"), &json!("/admin/homepage"))
    );
    assert_eq!(texts[4]["label"], "Photo");
    assert_eq!(texts[14]["edit_path"], "/admin/about");
    assert_eq!(texts[17]["text"], "Get in touch about research, teaching or collaboration.");

    // The first-run step: name, title, institution and a photo, through the hero's API. The
    // home page shows them at once (its cached copy is stale after the write).
    let before = anonymous.get(app.url("/")).send().await.unwrap().text().await.unwrap();
    assert!(before.contains("Dr. Alex Lindberg"), "a new site's home page shows the sample owner");
    let photo = "https://images.example.org/maria.jpg";
    let introduction =
        json!({ "name": "Dr. Maria Keller", "title": "Professor", "institution": "Lund University", "profile_image_url": photo });
    put(&app, "hero", introduction).await;
    let home = app.page_once_it_shows(&anonymous, "/", "Dr. Maria Keller").await;
    assert!(home.contains("Lund University") && home.contains(photo), "the name, institution and photo are on /");
    assert!(!home.contains("Dr. Alex Lindberg"));

    let texts = keys(&sample_texts(&app).await);
    assert_eq!(&texts[..2], ["hero.bio", "stats.publications_label"], "only the bio is left of the hero: {texts:?}");

    // A text written as the sample says it (spaces around it are trimmed) is still sample; one of
    // the owner's is not; an emptied one says nothing, so it is not listed either.
    put(&app, "about", json!({ "title": " About Me ", "bio": "I lead the Trustworthy Systems group." })).await;
    put(&app, "contact", json!({ "subtitle": "" })).await;
    let texts = keys(&sample_texts(&app).await);
    assert!(texts.contains(&"about.title".to_owned()) && !texts.contains(&"about.bio".to_owned()), "{texts:?}");
    assert!(!texts.iter().any(|key| key.starts_with("contact.subtitle")), "{texts:?}");
}

on_both_databases!(a_new_site_lists_its_sample_texts_until_they_are_replaced);
