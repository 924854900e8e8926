//! Issue 45, items 1, 3 and 5: the site's languages. The setting `languages` (BCP 47 tags, the
//! first the default) is checked on the server; every page, paper, tag page, feed and the CV of
//! the default language has its twin under `/<lang>/…` in each other language, with `<html
//! lang>`, `Content-Language`, the menu and the links kept in that language, and a switcher; an
//! unknown prefix is a 404. Until the translations store says otherwise, every such page is
//! shown in the fallback language: canonical to the default language's page, without
//! `hreflang`, and not in the sitemap; once a text it shows is translated, it is a real
//! translation. The page cache keeps each language's copy apart. On SQLite and PostgreSQL.

use reqwest::StatusCode;
use reqwest::redirect::Policy;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb, canonical, hreflangs};
use crate::on_both_databases;

on_both_databases!(
    the_languages_setting_is_checked_on_the_server,
    every_sitemap_address_has_a_twin_in_each_language,
    an_unknown_language_prefix_is_not_found,
    the_cache_keeps_languages_apart_and_a_write_refreshes_each,
    a_translation_makes_the_page_a_real_translation,
    the_404_page_is_in_the_language_of_its_prefix,
);

async fn save(app: &TestApp, body: Value) -> reqwest::Response {
    app.client.put(app.url("/api/settings")).json(&body).send().await.unwrap()
}

async fn stored_languages(app: &TestApp) -> Value {
    let settings: Value = app.client.get(app.url("/api/settings")).send().await.unwrap().json().await.unwrap();
    settings["languages"].clone()
}

async fn create(app: &TestApp, table: &str, body: Value) -> Value {
    let response = app.client.post(app.url(&format!("/api/{table}"))).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED, "{}", response.text().await.unwrap());
    response.json().await.unwrap()
}

/// The values of every `<name>` element of `xml`.
fn elements(xml: &str, name: &str) -> Vec<String> {
    let (open, close) = (format!("<{name}>"), format!("</{name}>"));
    xml.split(&open).skip(1).map(|rest| rest[..rest.find(&close).unwrap()].replace("&amp;", "&")).collect()
}

async fn with_german(app: &TestApp) {
    let response = save(app, json!({ "languages": ["en", "de"] })).await;
    assert_eq!(response.status(), StatusCode::OK, "{}", response.text().await.unwrap());
}

async fn the_languages_setting_is_checked_on_the_server(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    assert_eq!(stored_languages(&app).await, json!(["en"]), "a site that never chose has English");

    let response = save(&app, json!({ "languages": ["en", "DE", "zh-hans"] })).await;
    assert_eq!(response.status(), StatusCode::OK, "{}", response.text().await.unwrap());
    assert_eq!(stored_languages(&app).await, json!(["en", "de", "zh-Hans"]), "kept in their canonical case");

    for (languages, message) in [
        (json!([]), "The site needs at least one language"),
        (json!(["en", "de", "de"]), "Deutsch is in the list twice"),
        (json!(["en", "en_GB"]), "“en_GB” is not a language tag like en, de, de-AT or zh-Hans"),
        (json!(["en", "cv"]), "“cv” cannot be a language of the site: /cv is one of its own addresses"),
        (json!(["en", "de", "fr", "it", "es", "pt", "nl", "sv", "da", "fi", "pl"]), "A site has at most 10 languages"),
    ] {
        let response = save(&app, json!({ "languages": languages })).await;
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY, "{languages}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"]["fields"]["languages"], message, "{body}");
    }
    assert_eq!(stored_languages(&app).await, json!(["en", "de", "zh-Hans"]), "nothing of a refused save is written");
    let wrong_type = save(&app, json!({ "languages": "de" })).await;
    assert_eq!(wrong_type.status().as_u16() / 100, 4, "not a list: a readable 4xx");
}

async fn every_sitemap_address_has_a_twin_in_each_language(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    create(&app, "publications", json!({ "title": "Masking", "slug": "masking", "authors": ["A"], "venue": "V", "year": 2024 })).await;
    create(&app, "tags", json!({ "name": "Side channels", "slug": "side-channels" })).await;
    create(&app, "news", json!({ "title": "A news item", "content": "x", "date": "2025-01-01" })).await;
    create(&app, "posts", json!({ "title": "A post", "slug": "a-post", "content": "<p>x</p>", "date": "2025-01-01" })).await;
    with_german(&app).await;
    let visitor = reqwest::Client::builder().redirect(Policy::none()).build().unwrap();

    let xml = visitor.get(app.url("/sitemap.xml")).send().await.unwrap().text().await.unwrap();
    let locs = elements(&xml, "loc");
    assert!(locs.len() >= 15, "{xml}");
    assert!(!xml.contains("/de/") && !xml.contains("hreflang"), "a page wholly in the fallback language is not listed: {xml}");
    for loc in &locs {
        let path = loc.strip_prefix(&app.url("")).unwrap();
        let english = visitor.get(app.url(path)).send().await.unwrap();
        assert_eq!((english.status(), &english.headers()["content-language"]), (StatusCode::OK, &"en".parse().unwrap()), "{path}");
        let english = english.text().await.unwrap();
        assert!(english.contains("<html lang=\"en\">"), "{path}");
        assert_eq!(canonical(&english), loc.as_str(), "{path}");

        let german_path = if path == "/" { "/de".to_owned() } else { format!("/de{path}") };
        let german = visitor.get(app.url(&german_path)).send().await.unwrap();
        assert_eq!(german.status(), StatusCode::OK, "{german_path}");
        assert_eq!(german.headers()["content-language"], "de", "{german_path}");
        let german = german.text().await.unwrap();
        assert!(german.contains("<html lang=\"de\">"), "{german_path}");
        assert_eq!(canonical(&german), loc.as_str(), "{german_path}: fallback, so canonical to the English page");
        assert!(!german.contains("hreflang=\"de\"") || !german.contains("rel=\"alternate\" hreflang"), "{german_path}: no hreflang");
        // The switcher names both languages by their own names and links this page in each.
        assert!(german.contains(&format!("href=\"{path}\" lang=\"en\" hrefLang=\"en\"")), "{german_path}");
        assert!(german.contains(&format!("href=\"{german_path}\" lang=\"de\" hrefLang=\"de\" aria-current=\"true\"")), "{german_path}");
        assert!(german.contains(">Deutsch</a>") && german.contains(">English</a>"), "{german_path}");
    }

    // The menu, the footer and the links of a German page stay in German.
    let talks = visitor.get(app.url("/de/talks")).send().await.unwrap().text().await.unwrap();
    for link in ["href=\"/de\"", "href=\"/de/publications\"", "href=\"/de/talks\" aria-current=\"page\"", "href=\"/de/cv\""] {
        assert!(talks.contains(link), "{link}");
    }
    assert!(!talks.contains("href=\"/de\" aria-current"), "Home is not the current page of /de/talks");
    let tag = visitor.get(app.url("/de/tags/side-channels")).send().await.unwrap().text().await.unwrap();
    assert!(tag.contains("<html lang=\"de\">"));
    let publications = visitor.get(app.url("/de/publications")).send().await.unwrap().text().await.unwrap();
    assert!(publications.contains("href=\"/de/publications/masking\""), "a paper's link stays in German");
    assert!(publications.contains(&format!("href=\"{}\"", app.url("/de/publications.atom"))), "the section's German feed");

    // The feeds and the CV in German.
    let feed = visitor.get(app.url("/de/feed.atom")).send().await.unwrap();
    assert_eq!((feed.status(), &feed.headers()["content-language"]), (StatusCode::OK, &"de".parse().unwrap()));
    let feed = feed.text().await.unwrap();
    assert!(feed.contains("xml:lang=\"de\""), "{feed}");
    assert!(feed.contains(&format!("href=\"{}\"", app.url("/de/publications/masking"))), "{feed}");
    let english_feed = visitor.get(app.url("/feed.atom")).send().await.unwrap().text().await.unwrap();
    assert!(english_feed.contains("xml:lang=\"en\"") && !english_feed.contains("/de/"), "{english_feed}");
    let cv = visitor.get(app.url("/de/cv.pdf")).send().await.unwrap();
    assert_eq!((cv.status(), &cv.headers()["content-language"]), (StatusCode::OK, &"de".parse().unwrap()));

    // The default language has no prefix: its own leads to its address.
    let english = visitor.get(app.url("/en/news?page=2")).send().await.unwrap();
    assert_eq!(english.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(english.headers()["location"], "/news?page=2");
}

async fn an_unknown_language_prefix_is_not_found(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    create(&app, "publications", json!({ "title": "Masking", "slug": "masking", "authors": ["A"], "venue": "V", "year": 2024 })).await;
    // Before German is added, /de is no page; nor any language the site does not have after.
    let before = reqwest::get(app.url("/de/news")).await.unwrap();
    assert_eq!(before.status(), StatusCode::NOT_FOUND);
    with_german(&app).await;
    for path in [
        "/fr/news",
        "/fr",
        "/zh-Hans/publications/masking",
        "/de/no-such-page",
        "/de/publications/no-such-paper",
        "/de/sitemap.xml",
        "/de/robots.txt",
        "/de/publications/masking.bib",
        "/de/de/news",
    ] {
        let response = reqwest::get(app.url(path)).await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let html = response.text().await.unwrap();
        let main = if path.starts_with("/de/") { "aria-label=\"Hauptnavigation\"" } else { "aria-label=\"Main\"" };
        assert!(html.contains(main), "{path}: the 404 page in the site's frame, in the prefix's language if the site has it");
    }
    assert_eq!(reqwest::get(app.url("/de/publications/masking")).await.unwrap().status(), StatusCode::OK);

    // A language removed again: its pages are gone.
    assert_eq!(save(&app, json!({ "languages": ["en"] })).await.status(), StatusCode::OK);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while reqwest::get(app.url("/de/publications/masking")).await.unwrap().status() != StatusCode::NOT_FOUND {
        assert!(std::time::Instant::now() < deadline, "/de is still served after German was removed");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let english = reqwest::get(app.url("/news")).await.unwrap().text().await.unwrap();
    assert!(!english.contains("hrefLang"), "one language: no switcher");
}

async fn the_cache_keeps_languages_apart_and_a_write_refreshes_each(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    with_german(&app).await;
    let visitor = reqwest::Client::new();
    // Each language twice: the second answer comes from the cache's fast path.
    for _ in 0..2 {
        for (path, lang) in [("/news", "en"), ("/de/news", "de"), ("/", "en"), ("/de", "de"), ("/news.atom", "en"), ("/de/news.atom", "de")]
        {
            let response = visitor.get(app.url(path)).send().await.unwrap();
            assert_eq!(response.headers()["content-language"], lang, "{path}");
            let body = response.text().await.unwrap();
            assert!(body.contains(&format!("lang=\"{lang}\"")), "{path}");
        }
    }
    create(&app, "news", json!({ "title": "Fresh news", "content": "x", "date": "2025-01-01" })).await;
    for path in ["/news", "/de/news", "/news.atom", "/de/news.atom"] {
        app.page_once_it_shows(&visitor, path, "Fresh news").await;
    }
    let german = visitor.get(app.url("/de/news")).send().await.unwrap().text().await.unwrap();
    assert!(german.contains("<html lang=\"de\">"), "the refreshed copy is still German");
}

/// Issue 45's Done-when with the translations store wired in: an untranslated news item shows on
/// `/de/news` in English inside `lang="en"`, and the page is canonical to `/news` with no
/// `hreflang`; once the owner translates its title, `/de/news` is canonical to itself, it and
/// `/news` name each other (and `x-default`) with `hreflang`, and the sitemap lists it with one
/// `xhtml:link` per language. An edit of the English title then leaves the German on the page.
async fn a_translation_makes_the_page_a_real_translation(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    with_german(&app).await;
    let news = create(&app, "news", json!({ "title": "Grant awarded", "content": "We won a grant.", "date": "2026-11-01" })).await;
    let id = news["id"].as_str().unwrap();
    let page = async |path: &str| app.client.get(app.url(path)).send().await.unwrap().text().await.unwrap();

    let german = page("/de/news").await;
    assert_eq!(canonical(&german), app.url("/news"), "wholly in English: canonical to the English page");
    assert!(hreflangs(&german).is_empty(), "no hreflang for a fallback page: {german}");
    assert!(german.contains("lang=\"en\"") && german.contains("Grant awarded"), "the English text, marked as English");

    let response = app
        .client
        .put(app.url(&format!("/api/admin/translations/news/{id}/title/de")))
        .json(&json!({ "text": "Förderung bewilligt" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{}", response.text().await.unwrap());

    let german = page("/de/news").await;
    assert!(german.contains("Förderung bewilligt"), "{german}");
    assert_eq!(canonical(&german), app.url("/de/news"), "a real translation is canonical to itself");
    let english = page("/news").await;
    let expected =
        vec![("en".to_owned(), app.url("/news")), ("de".to_owned(), app.url("/de/news")), ("x-default".to_owned(), app.url("/news"))];
    assert_eq!(hreflangs(&german), expected, "the German page names both");
    assert_eq!(hreflangs(&english), expected, "and the English page the same: every pair is reciprocal");
    let visitor = reqwest::Client::new();
    let sitemap = visitor.get(app.url("/sitemap.xml")).send().await.unwrap().text().await.unwrap();
    assert!(elements(&sitemap, "loc").contains(&app.url("/de/news")), "{sitemap}");
    assert!(sitemap.contains(&format!("hreflang=\"de\" href=\"{}\"", app.url("/de/news"))), "{sitemap}");

    let edited = json!({
        "title": "Grant awarded by the DFG", "content": "We won a grant.", "date": "2026-11-01", "link_url": null, "link_text": null,
        "featured": false, "status": "published", "tag_ids": [],
    });
    let edited = app.client.put(app.url(&format!("/api/news/{id}"))).json(&edited).send().await.unwrap();
    assert_eq!(edited.status(), StatusCode::OK, "{}", edited.text().await.unwrap());
    let german = page("/de/news").await;
    assert!(german.contains("Förderung bewilligt") && !german.contains("Grant awarded by the DFG"), "the translation stays while outdated");
    let list: Value = app.client.get(app.url("/api/admin/translations?lang=de")).send().await.unwrap().json().await.unwrap();
    let title = list["texts"].as_array().unwrap().iter().find(|text| text["item_id"] == id && text["field"] == "title").unwrap();
    assert_eq!(title["status"], "outdated", "{title}");
}

/// A made-up address under a language's prefix answers that language's 404 page (`<html lang>`,
/// `Content-Language`, the catalogue's heading and description, a switcher to each language's
/// home page); an unknown language's prefix answers the default language's. Each language's 404
/// page is kept once, whatever the paths asked for.
async fn the_404_page_is_in_the_language_of_its_prefix(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    with_german(&app).await;
    let visitor = reqwest::Client::new();
    // Twice: the second answers come from the cache.
    for round in 0..2 {
        for path in ["/de/nothing-here", "/de/publications/no-such-paper", "/de/de/news", &format!("/de/made-up-{round}")] {
            let response = visitor.get(app.url(path)).send().await.unwrap();
            assert_eq!(
                (response.status(), &response.headers()["content-language"]),
                (StatusCode::NOT_FOUND, &"de".parse().unwrap()),
                "{path}"
            );
            let html = response.text().await.unwrap();
            assert!(html.contains("<html lang=\"de\">"), "{path}");
            for german in ["Hoppla! Seite nicht gefunden", "Die gesuchte Seite existiert nicht.", "Zur Startseite"] {
                assert!(html.contains(german), "{path} lacks {german:?}");
            }
            assert!(!html.contains("Oops! Page not found"), "{path}");
            assert!(html.contains("href=\"/\" lang=\"en\" hrefLang=\"en\""), "{path}: the switcher leads to the English home page");
            assert!(html.contains("href=\"/de\" lang=\"de\" hrefLang=\"de\" aria-current=\"true\""), "{path}: and the German one");
        }
        for path in ["/nothing-here", "/fr/x", "/zh-Hans/nothing-here", &format!("/made-up-{round}")] {
            let response = visitor.get(app.url(path)).send().await.unwrap();
            assert_eq!(
                (response.status(), &response.headers()["content-language"]),
                (StatusCode::NOT_FOUND, &"en".parse().unwrap()),
                "{path}"
            );
            let html = response.text().await.unwrap();
            assert!(html.contains("<html lang=\"en\">") && html.contains("Oops! Page not found"), "{path}");
        }
    }
    assert_eq!(app.cache.len(), 2, "one 404 page per language, whatever the made-up paths");
}
