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

use crate::helpers::{TestApp, TestDb, canonical, hreflangs};
use crate::on_both_databases;

on_both_databases!(every_page_shows_its_translations_and_says_so, a_crawl_finds_one_paper_german_citations_and_reciprocal_hreflang);

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

/// Issue 45's Done-when over the whole site in English and German: a crawl of every address the
/// sitemap lists answers 200 in its language, and every `hreflang` pair it finds is reciprocal
/// (each page it names names the same set back) and points into the sitemap; `/de/publications`
/// and a paper's German page cite with German terms ("Bd.", "S."), and the paper exists once in
/// `/publications.json`, which has no German twin.
async fn a_crawl_finds_one_paper_german_citations_and_reciprocal_hreflang(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    put(&app, "/api/settings", json!({ "languages": ["en", "de"] })).await;
    create(
        &app,
        "publications",
        json!({
            "title": "Masking in practice", "slug": "masking", "kind": "journal-article", "authors": ["Ada Lovelace", "Alan Turing"],
            "venue": "Journal of Hardware", "year": 2024, "volume": "7", "pages": "1-9", "featured": true,
        }),
    )
    .await;
    let news = create(&app, "news", json!({ "title": "Grant awarded", "content": "We won a grant.", "date": "2026-11-01" })).await;
    german(&app, "news", &news["id"], "title", "Förderung bewilligt").await;
    let post = create(&app, "posts", json!({ "title": "Masks", "content": "<p>Shares.</p>", "date": "2026-10-01" })).await;
    german(&app, "post", &post["id"], "title", "Masken").await;
    create(&app, "posts", json!({ "title": "Only English", "content": "<p>Notes.</p>", "date": "2026-09-01" })).await;
    let course = create(&app, "courses", json!({ "code": "EDA123", "title": "Hardware Security" })).await;
    german(&app, "course", &course["id"], "title", "Hardwaresicherheit").await;

    let page = async |url: &str| {
        let response = app.client.get(url).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{url}");
        response.text().await.unwrap()
    };
    let sitemap = page(&app.url("/sitemap.xml")).await;
    let listed: Vec<String> =
        sitemap.split("<loc>").skip(1).map(|rest| rest[..rest.find("</loc>").unwrap()].replace("&amp;", "&")).collect();
    assert!(listed.iter().any(|url| url.contains("/de/")), "German pages are listed: {sitemap}");
    let mut pairs = 0;
    for url in &listed {
        let html = page(url).await;
        let lang = if url.starts_with(&app.url("/de")) { "de" } else { "en" };
        assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{url} is in {lang}");
        let names = hreflangs(&html);
        if names.is_empty() {
            continue;
        }
        assert!(names.iter().any(|(_, href)| href == url), "{url} names itself among {names:?}");
        for (other_lang, other) in &names {
            assert!(listed.contains(other), "{url} names {other}, which the sitemap does not list");
            if other_lang == "x-default" || other == url {
                continue;
            }
            assert_eq!(hreflangs(&page(other).await), names, "{other} names the same pages back as {url}");
            pairs += 1;
        }
    }
    assert!(pairs >= 8, "the crawl checked the pairs of /, /news, /blog, the post and /teaching: {pairs}");

    let german_list = page(&app.url("/de/publications")).await;
    let german_paper = page(&app.url("/de/publications/masking")).await;
    for html in [&german_list, &german_paper] {
        assert!(html.contains("Bd. 7") && html.contains("S. 1–9"), "German CSL terms: {html}");
    }
    assert!(german_paper.contains("A. Lovelace und A. Turing"), "{german_paper}");
    let english_paper = page(&app.url("/publications/masking")).await;
    assert!(english_paper.contains("vol. 7") && english_paper.contains("pp. 1–9"), "{english_paper}");

    let all: Value = app.client.get(app.url("/publications.json")).send().await.unwrap().json().await.unwrap();
    let titles: Vec<&str> = all.as_array().unwrap().iter().map(|item| item["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Masking in practice"], "one paper, whatever the languages");
    assert_eq!(app.client.get(app.url("/de/publications.json")).send().await.unwrap().status(), StatusCode::NOT_FOUND);
}
