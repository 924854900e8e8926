//! Issue 45, items 2 and 6: translations field by field, beside the item. On SQLite and
//! PostgreSQL: a translation is shown along a language chain with the language of each text
//! told; editing the source marks it outdated (the page keeps it) until it is edited or reviewed;
//! a deleted item takes its translations with it (and a bulk delete's undo brings them back);
//! the owner's API refuses what does not fit with a readable 4xx; and the page data of a
//! language carries the translated texts.

use reqwest::StatusCode;
use serde_json::{Value, json};
use vita::content::homepage::{self, AboutContent, HeroContent};
use vita::content::translations::{self, Field, TranslationInput, TranslationKind, TranslationStatus};
use vita::content::{self, news, research_areas};
use vita::render::PageData;
use vita::render::pages::{self, PublicPage, Requested};
use vita::render::translated;

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

fn field(kind: TranslationKind, name: &str) -> Field {
    kind.field(name).unwrap()
}

async fn translate(db: &sea_orm::DatabaseConnection, kind: TranslationKind, id: &str, name: &str, lang: &str, text: &str) {
    translations::write(db, kind, id, field(kind, name), lang, TranslationInput { text: text.to_owned() }).await.unwrap();
}

async fn status(db: &sea_orm::DatabaseConnection, lang: &str, kind: TranslationKind, id: &str, name: &str) -> TranslationStatus {
    let list = translations::list(db, lang, "en").await.unwrap();
    let text = list.texts.iter().find(|t| t.kind == kind && t.item_id == id && t.field == name);
    text.unwrap_or_else(|| panic!("{id}.{name} is listed")).status
}

async fn a_translation_is_shown_along_the_chain_and_says_its_language(t: TestDb) {
    let db = &t.db;
    let area = content::create::<research_areas::Entity>(
        db,
        research_areas::Input {
            title: "Hardware security".into(),
            description: Some("Chips that keep secrets.".into()),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    let id = area.id.to_string();
    let kind = TranslationKind::ResearchArea;
    translate(db, kind, &id, "title", "de", "Hardwaresicherheit").await;
    translate(db, kind, &id, "description", "zh-Hans", "保密的芯片。").await;

    let shown = translations::overlay(db, &["de", "zh-Hans", "en"], kind, &id, area.clone()).await.unwrap();
    assert_eq!(shown.item.title, "Hardwaresicherheit");
    assert_eq!(shown.item.description.as_deref(), Some("保密的芯片。"), "the description falls back to the next language");
    assert_eq!(shown.langs["title"], "de");
    assert_eq!(shown.langs["description"], "zh-Hans");
    assert_eq!(shown.item.slug, area.slug, "what is not translatable stays");

    let shown = translations::overlay(db, &["fr", "en"], kind, &id, area.clone()).await.unwrap();
    assert_eq!(shown.item, area, "nothing in French: the source texts");
    assert_eq!(shown.langs["title"], "en");

    let shown = translations::overlay(db, &["en"], kind, &id, area.clone()).await.unwrap();
    assert_eq!(shown.item.title, "Hardware security", "the owner's own language shows the source");

    // A page text: the hero, keyed by its section.
    homepage::upsert(db, HeroContent { bio: "I build secure chips.".into(), ..HeroContent::default() }).await.unwrap();
    translate(db, TranslationKind::Hero, "hero", "bio", "de", "Ich baue sichere Chips.").await;
    let hero = homepage::read::<HeroContent>(db).await.unwrap().content;
    let shown = translations::overlay(db, &["de-AT", "de", "en"], TranslationKind::Hero, "hero", hero).await.unwrap();
    assert_eq!(shown.item.bio, "Ich baue sichere Chips.");
    assert_eq!(shown.langs["bio"], "de");
    assert_eq!(shown.langs["title"], "en");
}

async fn editing_the_source_marks_its_translations_outdated_until_reviewed(t: TestDb) {
    let db = &t.db;
    homepage::upsert(db, HeroContent { bio: "I build secure chips.".into(), ..HeroContent::default() }).await.unwrap();
    let kind = TranslationKind::Hero;
    assert_eq!(status(db, "de", kind, "hero", "bio").await, TranslationStatus::Untranslated);
    translate(db, kind, "hero", "bio", "de", "Ich baue sichere Chips.").await;
    assert_eq!(status(db, "de", kind, "hero", "bio").await, TranslationStatus::Done);
    assert_eq!(status(db, "fr", kind, "hero", "bio").await, TranslationStatus::Untranslated, "per language");

    homepage::upsert(db, HeroContent { bio: "I build secure chips and tools.".into(), ..HeroContent::default() }).await.unwrap();
    assert_eq!(status(db, "de", kind, "hero", "bio").await, TranslationStatus::Outdated);
    let counts = translations::outdated_counts(db).await.unwrap();
    assert_eq!((counts[0].lang.as_str(), counts[0].outdated), ("de", 1));
    // The page keeps showing the translation meanwhile.
    let hero = homepage::read::<HeroContent>(db).await.unwrap().content;
    let shown = translations::overlay(db, &["de", "en"], kind, "hero", hero).await.unwrap();
    assert_eq!(shown.item.bio, "Ich baue sichere Chips.");

    translations::mark_reviewed(db, kind, "hero", field(kind, "bio"), "de").await.unwrap();
    assert_eq!(status(db, "de", kind, "hero", "bio").await, TranslationStatus::Done);
    assert_eq!(translations::outdated_counts(db).await.unwrap()[0].outdated, 0);

    homepage::upsert(db, HeroContent { bio: "Something else.".into(), ..HeroContent::default() }).await.unwrap();
    assert_eq!(status(db, "de", kind, "hero", "bio").await, TranslationStatus::Outdated);
    translate(db, kind, "hero", "bio", "de", "Etwas anderes.").await;
    assert_eq!(status(db, "de", kind, "hero", "bio").await, TranslationStatus::Done, "an edit of the translation reviews it");
}

async fn a_deleted_item_takes_its_translations_with_it(t: TestDb) {
    let db = &t.db;
    let input = || news::Input { title: "Grant".into(), content: "We won.".into(), ..Default::default() };
    let kept = content::create::<news::Entity>(db, input()).await.unwrap();
    let gone = content::create::<news::Entity>(db, input()).await.unwrap();
    for item in [&kept, &gone] {
        translate(db, TranslationKind::News, &item.id.to_string(), "title", "de", "Förderung").await;
    }
    content::delete::<news::Entity>(db, gone.id).await.unwrap();
    let left = translations::of_items(db, &[kept.id, gone.id]).await.unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].item_id, kept.id.to_string());
}

on_both_databases!(
    a_translation_is_shown_along_the_chain_and_says_its_language,
    editing_the_source_marks_its_translations_outdated_until_reviewed,
    a_deleted_item_takes_its_translations_with_it,
    the_page_data_of_a_language_carries_its_translations,
    the_owners_api_lists_writes_reviews_and_refuses_with_readable_4xx,
    a_bulk_delete_and_its_undo_take_and_bring_back_the_translations,
    an_items_edit_form_lists_its_own_texts_and_the_languages_names,
);

async fn the_page_data_of_a_language_carries_its_translations(t: TestDb) {
    let db = &t.db;
    let site = vita::content::settings::site(db).await.unwrap();
    let item = content::create::<news::Entity>(db, news::Input { title: "Grant".into(), content: "We won.".into(), ..Default::default() })
        .await
        .unwrap();
    translate(db, TranslationKind::News, &item.id.to_string(), "title", "de", "Förderung").await;
    homepage::upsert(db, AboutContent { bio: "About me.".into(), ..AboutContent::default() }).await.unwrap();
    translate(db, TranslationKind::About, "about", "bio", "de", "Über mich.").await;
    let hero = HeroContent::default();
    let load = async |page| pages::load(db, page, &Requested::parse(page, None), &site, &hero, false, "de").await;

    let mut news_page = load(PublicPage::News).await.unwrap();
    let langs = translated::translate(db, &["de", "en"], &mut news_page).await.unwrap();
    let PageData::News { items, .. } = &news_page else { panic!("the news page") };
    assert_eq!(items[0].title, "Förderung");
    assert_eq!(items[0].content, "We won.", "untranslated: the English text");
    assert_eq!(langs.0.get(&format!("news:{}:content", item.id)).map(String::as_str), Some("en"), "marked as English");
    assert!(!langs.0.contains_key(&format!("news:{}:title", item.id)), "German on a German page needs no mark");

    let mut about = load(PublicPage::About).await.unwrap();
    translated::translate(db, &["de", "en"], &mut about).await.unwrap();
    let PageData::About(about) = &about else { panic!("the about page") };
    assert_eq!(about.content.bio, "Über mich.");

    let mut home = load(PublicPage::Home).await.unwrap();
    let langs = translated::translate(db, &["de", "en"], &mut home).await.unwrap();
    let PageData::Home(home) = &home else { panic!("the home page") };
    assert_eq!(home.latest_news[0].title, "Förderung");
    assert_eq!(langs.0.get("hero:hero:bio").map(String::as_str), Some("en"));

    // The owner's own language: the page as stored, nothing marked.
    let mut english = load(PublicPage::News).await.unwrap();
    let langs = translated::translate(db, &["en"], &mut english).await.unwrap();
    let PageData::News { items, .. } = &english else { panic!("the news page") };
    assert_eq!(items[0].title, "Grant");
    assert!(langs.0.is_empty());
}

async fn send(app: &TestApp, method: reqwest::Method, path: &str, body: Option<Value>) -> (StatusCode, Value) {
    let mut request = app.client.request(method, app.url(path));
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn the_owners_api_lists_writes_reviews_and_refuses_with_readable_4xx(t: TestDb) {
    use reqwest::Method;
    let app = TestApp::spawn_on(t).await;
    let (status, _) = send(&app, Method::GET, "/api/admin/translations?lang=de", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the owner's only");
    app.sign_in().await;
    let (_, area) = send(&app, Method::POST, "/api/research-areas", Some(json!({ "title": "Hardware security" }))).await;
    let id = area["id"].as_str().unwrap();
    let path = format!("/api/admin/translations/research_area/{id}/title/de");

    let (status, list) = send(&app, Method::GET, "/api/admin/translations?lang=de", None).await;
    assert_eq!(status, StatusCode::OK);
    let entry = list["texts"].as_array().unwrap().iter().find(|t| t["item_id"] == id && t["field"] == "title").unwrap().clone();
    assert_eq!(entry["status"], "untranslated");
    assert_eq!(entry["source"], "Hardware security");

    let (status, saved) = send(&app, Method::PUT, &path, Some(json!({ "text": "Hardwaresicherheit" }))).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, list) = send(&app, Method::GET, "/api/admin/translations?lang=de", None).await;
    let entry = list["texts"].as_array().unwrap().iter().find(|t| t["item_id"] == id && t["field"] == "title").unwrap().clone();
    assert_eq!((entry["status"].as_str(), entry["translation"].as_str()), (Some("done"), Some("Hardwaresicherheit")));
    let (status, _) = send(&app, Method::POST, &format!("{path}/reviewed"), None).await;
    assert_eq!(status, StatusCode::OK);

    // What does not fit, each with a message that says why.
    let cases = [
        (Method::GET, "/api/admin/translations?lang=de_DE".to_owned(), None, StatusCode::UNPROCESSABLE_ENTITY, "not a language tag like"),
        (Method::GET, "/api/admin/translations?lang=en".to_owned(), None, StatusCode::UNPROCESSABLE_ENTITY, "written in en"),
        (
            Method::PUT,
            format!("/api/admin/translations/research_area/{id}/title/en"),
            Some(json!({ "text": "x" })),
            StatusCode::UNPROCESSABLE_ENTITY,
            "written in en",
        ),
        (
            Method::PUT,
            format!("/api/admin/translations/research_area/{id}/title/not a tag"),
            Some(json!({ "text": "x" })),
            StatusCode::UNPROCESSABLE_ENTITY,
            "not a language tag like",
        ),
        (
            Method::PUT,
            format!("/api/admin/translations/paper/{id}/title/de"),
            Some(json!({ "text": "x" })),
            StatusCode::NOT_FOUND,
            "No kind of item",
        ),
        (
            Method::PUT,
            format!("/api/admin/translations/research_area/{}/title/de", uuid::Uuid::new_v4()),
            Some(json!({ "text": "x" })),
            StatusCode::NOT_FOUND,
            "Research area not found",
        ),
        (
            Method::PUT,
            "/api/admin/translations/research_area/not-an-id/title/de".to_owned(),
            Some(json!({ "text": "x" })),
            StatusCode::NOT_FOUND,
            "Research area not found",
        ),
        (
            Method::PUT,
            format!("/api/admin/translations/research_area/{id}/slug/de"),
            Some(json!({ "text": "x" })),
            StatusCode::BAD_REQUEST,
            "no translatable field",
        ),
        (Method::PUT, path.clone(), Some(json!({ "text": "  " })), StatusCode::UNPROCESSABLE_ENTITY, "Translation is required"),
        (Method::PUT, path.clone(), Some(json!({ "text": "x".repeat(1001) })), StatusCode::UNPROCESSABLE_ENTITY, "at most 1000"),
        (Method::PUT, path.clone(), Some(json!({})), StatusCode::UNPROCESSABLE_ENTITY, "required"),
        (Method::DELETE, format!("/api/admin/translations/research_area/{id}/title/fr"), None, StatusCode::NOT_FOUND, "no fr translation"),
        (
            Method::POST,
            format!("/api/admin/translations/research_area/{id}/description/de/reviewed"),
            None,
            StatusCode::NOT_FOUND,
            "no de translation",
        ),
    ];
    for (method, path, body, expected, message) in cases {
        let (status, error) = send(&app, method.clone(), &path, body).await;
        assert_eq!(status, expected, "{method} {path}: {error}");
        assert!(error.to_string().contains(message), "{method} {path}: {error} says {message:?}");
    }
    let (_, list) = send(&app, Method::GET, "/api/admin/translations?lang=de", None).await;
    let entry = list["texts"].as_array().unwrap().iter().find(|t| t["item_id"] == id && t["field"] == "title").unwrap().clone();
    assert_eq!(entry["translation"], "Hardwaresicherheit", "a refused write wrote nothing");

    let (status, _) = send(&app, Method::DELETE, &path, None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = send(&app, Method::DELETE, &path, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn a_bulk_delete_and_its_undo_take_and_bring_back_the_translations(t: TestDb) {
    use reqwest::Method;
    let app = TestApp::spawn_on(t).await;
    app.sign_in().await;
    let (_, item) = send(&app, Method::POST, "/api/news", Some(json!({ "title": "Grant", "content": "We won." }))).await;
    let id = item["id"].as_str().unwrap().to_owned();
    let (status, _) =
        send(&app, Method::PUT, &format!("/api/admin/translations/news/{id}/title/de"), Some(json!({ "text": "Förderung" }))).await;
    assert_eq!(status, StatusCode::OK);
    let (status, token) = send(&app, Method::POST, "/api/admin/news/bulk", Some(json!({ "action": "delete", "ids": [id] }))).await;
    assert_eq!(status, StatusCode::OK, "{token}");
    let uuid = uuid::Uuid::parse_str(&id).unwrap();
    assert!(translations::of_items(&app.test_db.db, &[uuid]).await.unwrap().is_empty());
    let (status, _) = send(&app, Method::POST, &format!("/api/admin/undo/{}", token["undo"].as_str().unwrap()), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let back = translations::of_items(&app.test_db.db, &[uuid]).await.unwrap();
    assert_eq!(back.len(), 1);
    assert_eq!(back[0].text, "Förderung");
}

/// An item's edit form (its language tabs) asks for that item's texts alone, and names the
/// site's languages from the settings.
async fn an_items_edit_form_lists_its_own_texts_and_the_languages_names(t: TestDb) {
    use reqwest::Method;
    let app = TestApp::spawn_on(t).await;
    app.sign_in().await;
    let (_, settings) = send(&app, Method::GET, "/api/settings", None).await;
    assert_eq!(settings["language_names"], json!([["en", "English"]]));
    let mut ids = Vec::new();
    for title in ["Grant", "Award"] {
        let (_, item) = send(&app, Method::POST, "/api/news", Some(json!({ "title": title, "content": "We won." }))).await;
        ids.push(item["id"].as_str().unwrap().to_owned());
    }
    let (status, _) =
        send(&app, Method::PUT, &format!("/api/admin/translations/news/{}/title/de", ids[0]), Some(json!({ "text": "Förderung" }))).await;
    assert_eq!(status, StatusCode::OK);
    let (_, area) = send(&app, Method::POST, "/api/research-areas", Some(json!({ "title": "Hardware security" }))).await;

    let texts = |list: &Value| -> Vec<(String, String, String)> {
        list["texts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                (
                    t["item_id"].as_str().unwrap().to_owned(),
                    t["field"].as_str().unwrap().to_owned(),
                    t["status"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let (status, list) = send(&app, Method::GET, &format!("/api/admin/translations?lang=de&kind=news&item={}", ids[0]), None).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let own = |field: &str, status: &str| (ids[0].clone(), field.to_owned(), status.to_owned());
    assert_eq!(texts(&list), [own("title", "done"), own("content", "untranslated")], "the item's texts, an empty link text left out");
    assert_eq!(list["texts"][0]["translation"], "Förderung");

    let (_, list) = send(&app, Method::GET, "/api/admin/translations?lang=de&kind=news", None).await;
    assert_eq!(texts(&list).len(), 4, "both news items and nothing else: {list}");
    let (_, list) = send(&app, Method::GET, "/api/admin/translations?lang=de&kind=hero&item=hero", None).await;
    assert!(texts(&list).iter().all(|(id, _, _)| id == "hero"), "a page text by its section's key: {list}");
    let (_, list) = send(&app, Method::GET, "/api/admin/translations?lang=de", None).await;
    assert!(texts(&list).iter().any(|(id, _, _)| id == area["id"].as_str().unwrap()), "unfiltered: every kind");

    for (path, expected, message) in [
        (format!("/api/admin/translations?lang=de&item={}", ids[0]), StatusCode::BAD_REQUEST, "with its kind"),
        ("/api/admin/translations?lang=de&kind=paper".to_owned(), StatusCode::NOT_FOUND, "No kind of item"),
    ] {
        let (status, error) = send(&app, Method::GET, &path, None).await;
        assert_eq!(status, expected, "{path}: {error}");
        assert!(error.to_string().contains(message), "{path}: {error} says {message:?}");
    }
}
