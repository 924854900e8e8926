//! Issue 45, items 2 and 3, on every page that shows the owner's texts beyond the first few:
//! Contact, Teaching, the blog and each post, a tag's page, the CV (and its PDF) and the About
//! page's CV lists. A German translation of one of a page's texts shows on its `/de/…` page,
//! its untranslated texts there are marked `lang="en"`, the English page is unchanged, and the
//! German page becomes a real translation: canonical to itself, named by reciprocal `hreflang`
//! and listed in the sitemap with its `xhtml:link`s. A post's page is a translation only when
//! that post has one: another post's German page stays canonical to its English page. On
//! SQLite and PostgreSQL.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

on_both_databases!(every_page_shows_its_translations_and_says_so);

async fn create(app: &TestApp, table: &str, body: Value) -> Value {
    let response = app.client.post(app.url(&format!("/api/{table}"))).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED, "{table}: {}", response.text().await.unwrap());
    response.json().await.unwrap()
}

async fn put(app: &TestApp, path: &str, body: Value) {
    let response = app.client.put(app.url(path)).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}: {}", response.text().await.unwrap());
}

/// Translates `field` of item `id` of `kind` into German.
async fn german(app: &TestApp, kind: &str, id: &Value, field: &str, text: &str) {
    let id = id.as_str().unwrap();
    put(app, &format!("/api/admin/translations/{kind}/{id}/{field}/de"), json!({ "text": text })).await;
}

/// The `href` of `<link rel="canonical">` of a page.
fn canonical(html: &str) -> &str {
    let at = html.find("<link rel=\"canonical\" href=\"").expect("the page has a canonical link") + 28;
    &html[at..at + html[at..].find('"').unwrap()]
}

/// The `hreflang` links of a page's head, as (language, address) pairs.
fn hreflangs(html: &str) -> Vec<(String, String)> {
    html.split("<link rel=\"alternate\" hreflang=\"")
        .skip(1)
        .map(|rest| {
            let lang = &rest[..rest.find('"').unwrap()];
            let href = rest.split("href=\"").nth(1).unwrap();
            (lang.to_owned(), href[..href.find('"').unwrap()].to_owned())
        })
        .collect()
}

/// The language `text` is in on the page: the `lang` of the innermost element around its first
/// occurrence in the body that has one (`<html lang>` at the outermost).
fn lang_of(html: &str, text: &str) -> String {
    const VOID: &[&str] = &["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"];
    let root = html[html.find("<html lang=\"").unwrap() + 12..].split('"').next().unwrap().to_owned();
    let body = html.find("<body").unwrap();
    let at = body + html[body..].find(text).unwrap_or_else(|| panic!("{text:?} is not on the page"));
    let mut open: Vec<(String, Option<String>)> = Vec::new();
    for tag in html[body..at].split('<').skip(1) {
        let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
        let name: String = tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        if tag.starts_with('/') {
            if let Some(last) = open.iter().rposition(|(open, _)| *open == name) {
                open.truncate(last);
            }
        } else if !name.is_empty() && !tag.ends_with('/') && !VOID.contains(&name.as_str()) {
            let lang = tag.split(" lang=\"").nth(1).map(|rest| rest[..rest.find('"').unwrap()].to_owned());
            open.push((name, lang));
        }
    }
    open.into_iter().rev().find_map(|(_, lang)| lang).unwrap_or(root)
}

/// The PDF's text (`pdftotext`, poppler-utils).
fn pdf_text(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cv.pdf");
    std::fs::write(&file, pdf).unwrap();
    let output = std::process::Command::new("pdftotext").arg(&file).arg("-").output().expect("pdftotext (poppler-utils) is installed");
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

async fn every_page_shows_its_translations_and_says_so(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    put(&app, "/api/settings", json!({ "languages": ["en", "de"] })).await;

    put(&app, "/api/homepage/contact", json!({ "title": "Get in touch", "subtitle": "Write any time", "email": "ada@example.org" })).await;
    german(&app, "contact", &json!("contact"), "title", "Schreiben Sie mir").await;
    let course = create(&app, "courses", json!({ "code": "EDA123", "title": "Hardware Security", "description": "Side channels." })).await;
    german(&app, "course", &course["id"], "title", "Hardwaresicherheit").await;
    let tag = create(&app, "tags", json!({ "name": "Security" })).await;
    let post = create(
        &app,
        "posts",
        json!({ "title": "Masks in practice", "content": "<p>Shares and more.</p>", "date": "2026-10-01", "tag_ids": [tag["id"]] }),
    )
    .await;
    german(&app, "post", &post["id"], "title", "Masken in der Praxis").await;
    create(&app, "posts", json!({ "title": "Untranslated notes", "content": "<p>Only English.</p>", "date": "2026-09-01" })).await;
    create(&app, "projects", json!({ "title": "Secure cores", "summary": "A masked core.", "tag_ids": [tag["id"]] })).await;
    let appointment =
        create(&app, "cv-appointments", json!({ "title": "Senior Lecturer", "institution": "Chalmers", "start_year": 2019 })).await;
    german(&app, "cv_appointment", &appointment["id"], "title", "Hochschuldozent").await;
    let education =
        create(&app, "cv-education", json!({ "degree": "PhD", "field": "Computer Engineering", "institution": "KTH", "year": 2012 })).await;
    german(&app, "cv_education", &education["id"], "field", "Technische Informatik").await;
    create(&app, "cv-awards", json!({ "name": "Best Paper Award", "year": 2021 })).await;
    let other = create(&app, "cv-other", json!({ "title": "Languages spoken", "content": "<p>Swedish, English</p>" })).await;
    german(&app, "cv_other", &other["id"], "title", "Sprachkenntnisse").await;
    put(&app, "/api/homepage/about", json!({ "title": "About me", "experience_source": "cv" })).await;

    // The owner's client waits for the renders made after the writes.
    let page = async |path: &str| {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        response.text().await.unwrap()
    };
    let sitemap = page("/sitemap.xml").await;
    // Each page: a German text it shows, the English it replaces, and a text left in English.
    let pages = [
        ("/contact", "Schreiben Sie mir", "Get in touch", "Write any time"),
        ("/teaching", "Hardwaresicherheit", "Hardware Security", "Side channels."),
        ("/blog", "Masken in der Praxis", "Masks in practice", "Untranslated notes"),
        ("/blog/masks-in-practice", "Masken in der Praxis", "Masks in practice", "Shares and more."),
        ("/tags/security", "Masken in der Praxis", "Masks in practice", "Secure cores"),
        ("/cv", "Hochschuldozent", "Senior Lecturer", "Best Paper Award"),
        ("/about", "Hochschuldozent", "Senior Lecturer", "About me"),
    ];
    for (path, translated, source, untranslated) in pages {
        let german_path = format!("/de{path}");
        let (english, german) = (page(path).await, page(&german_path).await);
        assert!(english.contains(source) && !english.contains(translated), "{path} is as written: {english}");
        assert!(german.contains(translated) && !german.contains(source), "{german_path} shows the translation: {german}");
        assert_eq!(lang_of(&german, translated), "de", "{german_path}");
        assert_eq!(lang_of(&german, untranslated), "en", "{german_path}: an untranslated text is marked as English");
        assert_eq!(lang_of(&english, untranslated), "en", "{path}");
        assert_eq!(canonical(&german), app.url(&german_path), "{german_path} is a real translation");
        let expected =
            vec![("en".to_owned(), app.url(path)), ("de".to_owned(), app.url(&german_path)), ("x-default".to_owned(), app.url(path))];
        assert_eq!(hreflangs(&german), expected, "{german_path}");
        assert_eq!(hreflangs(&english), expected, "{path}: every pair is reciprocal");
        assert!(sitemap.contains(&format!("<loc>{}</loc>", app.url(&german_path))), "{german_path} not in {sitemap}");
        assert!(sitemap.contains(&format!("hreflang=\"de\" href=\"{}\"", app.url(&german_path))), "{sitemap}");
    }

    // A text of an entry in two languages: the untranslated degree is marked, its field is not.
    let cv = page("/de/cv").await;
    assert_eq!((lang_of(&cv, "PhD"), lang_of(&cv, "Technische Informatik")), ("en".to_owned(), "de".to_owned()));
    assert_eq!((lang_of(&cv, "Sprachkenntnisse"), lang_of(&cv, "Swedish, English")), ("de".to_owned(), "en".to_owned()));
    assert!(cv.contains("Hardwaresicherheit"), "the CV's courses are translated too");

    // The PDF of the German CV is made from the same translated entries.
    let pdf = app.client.get(app.url("/de/cv.pdf")).send().await.unwrap();
    assert_eq!(pdf.status(), StatusCode::OK);
    let text = pdf_text(&pdf.bytes().await.unwrap());
    assert!(text.contains("Hochschuldozent") && text.contains("Technische Informatik"), "{text}");
    let text = pdf_text(&app.client.get(app.url("/cv.pdf")).send().await.unwrap().bytes().await.unwrap());
    assert!(text.contains("Senior Lecturer") && !text.contains("Hochschuldozent"), "{text}");

    // Another post, not translated: its German page is wholly English, canonical to the English
    // page, named by no hreflang and not in the sitemap.
    let other = page("/de/blog/untranslated-notes").await;
    assert_eq!(canonical(&other), app.url("/blog/untranslated-notes"));
    assert!(hreflangs(&other).is_empty(), "{other}");
    assert_eq!(lang_of(&other, "Only English."), "en");
    assert!(!sitemap.contains(&app.url("/de/blog/untranslated-notes")), "{sitemap}");
    assert!(hreflangs(&page("/blog/untranslated-notes").await).is_empty());
}
