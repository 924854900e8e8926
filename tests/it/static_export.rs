//! `vita export DIR --base-url …`: every public page, paper and file as static files under a
//! sub-path, with no link that leads nowhere, the same tree on a second run, and a removed
//! paper gone from the next one.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use regex::Regex;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

const VITA: &str = env!("CARGO_BIN_EXE_vita");
const BASE: &str = "https://uni.example/~maja";

const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F,
    0x15, 0xC4, 0x89, 0, 0, 0, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0D, 0x0A, 0x2D, 0xB4, 0, 0, 0, 0,
    0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

async fn send(app: &TestApp, request: reqwest::RequestBuilder) -> Value {
    let response = request.send().await.unwrap();
    assert!(response.status().is_success(), "{}", response.text().await.unwrap());
    let _ = app;
    response.json().await.unwrap_or(Value::Null)
}

fn export(app: &TestApp, dir: &Path) -> std::process::Output {
    Command::new(VITA)
        .args(["export", dir.to_str().unwrap(), "--base-url", &format!("{BASE}/")])
        .env("VITA_DATA_DIR", app.data_dir())
        .env("DATABASE_URL", app.test_db.database_url())
        .output()
        .unwrap()
}

/// Every file under `dir` (relative path → SHA-256).
fn tree(dir: &Path) -> BTreeMap<PathBuf, String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let hash = format!("{:x}", Sha256::digest(std::fs::read(&path).unwrap()));
                out.insert(path.strip_prefix(root).unwrap().to_owned(), hash);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// The file a link of the exported site names, if the export has it: what a static file
/// server does with `…/`, `…/news` and `…/paper.pdf`.
fn resolve(dir: &Path, link: &str) -> Option<PathBuf> {
    let path = link.strip_prefix(BASE).or_else(|| link.strip_prefix("/~maja"))?;
    let path = path.split('#').next().unwrap().trim_start_matches('/');
    let candidates = [dir.join(path), dir.join(path).join("index.html")];
    candidates.into_iter().find(|c| c.is_file())
}

on_both_databases!(the_whole_public_site_is_exported_under_a_sub_path_with_no_dead_links, every_language_is_exported_with_its_translations,);

async fn the_whole_public_site_is_exported_under_a_sub_path_with_no_dead_links(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let photo = send(&app, app.client.post(app.url("/api/uploads/profile-photos?filename=me.png")).body(PNG.to_vec())).await;
    let cv = send(&app, app.client.post(app.url("/api/uploads/cv-files?filename=cv.pdf")).body(PDF.to_vec())).await;
    let paper = send(&app, app.client.post(app.url("/api/uploads/paper-pdfs?filename=p.pdf")).body(PDF.to_vec())).await;
    let hero = json!({ "name": "Maja Berg", "profile_image_url": photo["url"], "cv_url": cv["url"] });
    send(&app, app.client.put(app.url("/api/homepage/hero")).json(&hero)).await;
    for i in 0..25 {
        let item = json!({ "title": format!("News {i:02}"), "content": "x", "date": format!("2024-01-{:02}", i + 1) });
        send(&app, app.client.post(app.url("/api/news")).json(&item)).await;
    }
    let published = json!({ "title": "Masking RISC-V", "authors": ["M. Berg"], "venue": "CHES", "year": 2023,
        "pdf_file": paper["name"], "featured": true });
    let published = send(&app, app.client.post(app.url("/api/publications")).json(&published)).await;
    let draft = json!({ "title": "Secret draft", "authors": ["M. Berg"], "venue": "X", "year": 2024, "status": "draft" });
    send(&app, app.client.post(app.url("/api/publications")).json(&draft)).await;

    let work = tempfile::tempdir().unwrap();
    let dir = work.path().join("site");
    let output = export(&app, &dir);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let name = paper["name"].as_str().unwrap();
    for file in [
        "index.html",
        "about/index.html",
        "news/index.html",
        "news/page/2/index.html",
        "publications/index.html",
        "publications/masking-risc-v/index.html",
        "publications/masking-risc-v.bib",
        "publications/masking-risc-v.json",
        "publications/masking-risc-v/masking-risc-v.pdf",
        "publications.bib",
        "publications.json",
        "404.html",
        "favicon.svg",
        &format!("files/{}", photo["url"].as_str().unwrap().trim_start_matches("/files/").replace(".png", "-1.webp")),
        &format!("files/{}", photo["url"].as_str().unwrap().trim_start_matches("/files/").replace(".png", "-1.jpg")),
        &format!("files/{}", cv["url"].as_str().unwrap().trim_start_matches("/files/")),
    ] {
        assert!(dir.join(file).is_file(), "{file} is missing");
    }
    let original = format!("files/{}", photo["url"].as_str().unwrap().trim_start_matches("/files/"));
    assert!(!dir.join(&original).exists(), "the photo's original (with its metadata) is not public: only its variants are");
    let files = tree(&dir);
    let names: Vec<String> = files.keys().map(|p| p.to_string_lossy().into_owned()).collect();
    assert!(!names.iter().any(|n| n.contains("secret-draft") || n.contains(name)), "no draft, no raw paper-pdfs: {names:?}");
    assert!(!dir.join("news/page/3").exists(), "25 items are two pages");
    for text in names.iter().filter(|n| [".html", ".js", ".css", ".bib", ".json", ".svg"].iter().any(|e| n.ends_with(e))) {
        assert!(files.contains_key(Path::new(&format!("{text}.gz"))) && files.contains_key(Path::new(&format!("{text}.br"))), "{text}");
    }
    assert!(!files.contains_key(Path::new("publications/masking-risc-v/masking-risc-v.pdf.gz")));
    assert_eq!(std::fs::read(dir.join("publications/masking-risc-v/masking-risc-v.pdf")).unwrap(), PDF);
    // The CV typeset as PDF (issue 28), as the server serves it.
    assert!(std::fs::read(dir.join("cv.pdf")).unwrap().starts_with(b"%PDF-"), "cv.pdf is written");

    // Every link and asset of every page resolves inside the export (the admin is not part of
    // a static site), and nothing points at the root of the host.
    let attribute = Regex::new(r#"\s(?:href|src)="([^"]*)""#).unwrap();
    let mut checked = 0;
    for page in names.iter().filter(|n| n.ends_with(".html")) {
        let html = std::fs::read_to_string(dir.join(page)).unwrap();
        assert!(!html.contains("Secret draft"), "{page}");
        for link in attribute.captures_iter(&html).map(|c| c[1].to_owned()) {
            if link.starts_with('#') || link.starts_with("mailto:") || link == "/~maja/admin" {
                continue;
            }
            if link.starts_with("https://") && !link.starts_with(BASE) {
                continue;
            }
            assert!(!link.contains("?page="), "{page}: {link}");
            assert!(resolve(&dir, &link).is_some(), "{page}: {link} leads nowhere in the export");
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} links checked");
    let page_two = std::fs::read_to_string(dir.join("news/page/2/index.html")).unwrap();
    assert!(page_two.contains(&format!(r#"<link rel="canonical" href="{BASE}/news/page/2/">"#)), "{page_two}");
    let paper_page = std::fs::read_to_string(dir.join("publications/masking-risc-v/index.html")).unwrap();
    assert!(paper_page.contains(&format!(r#"content="{BASE}/publications/masking-risc-v/masking-risc-v.pdf""#)), "citation_pdf_url");
    assert!(paper_page.contains(r#"<script type="module" src="/~maja/assets/"#));

    // The live site at the root is unchanged by the export.
    let live = app.client.get(app.url("/news")).send().await.unwrap().text().await.unwrap();
    assert!(live.contains(r#"href="/news?page=2""#));

    // Idempotent; a removed paper is gone from the next export; other folders are not replaced.
    let output = export(&app, &dir);
    assert!(output.status.success());
    assert_eq!(tree(&dir), files, "a second export writes the same files");
    let id = published["id"].as_str().unwrap();
    let response = app.client.delete(app.url(&format!("/api/publications/{id}"))).send().await.unwrap();
    assert_eq!(response.status(), 204);
    assert!(export(&app, &dir).status.success());
    assert!(!dir.join("publications/masking-risc-v").exists());
    let other = work.path().join("other");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("keep.txt"), "mine").unwrap();
    let output = export(&app, &other);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is not empty and is not a previous export"));
    assert_eq!(std::fs::read_to_string(other.join("keep.txt")).unwrap(), "mine");
}

/// Issue 45's Done-when ("static export carries the translations"): with languages en and de,
/// the export has every page, paper, post, tag page, feed, the CV and the 404 page under `de/`
/// too, in German with the owner's translations, its links kept in German under the base path;
/// the sitemap lists a German page only where it is a real translation.
async fn every_language_is_exported_with_its_translations(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    send(&app, app.client.put(app.url("/api/settings")).json(&json!({ "languages": ["en", "de"] }))).await;
    let news = json!({ "title": "Grant awarded", "content": "We won a grant.", "date": "2024-03-01" });
    let news = send(&app, app.client.post(app.url("/api/news")).json(&news)).await;
    let id = news["id"].as_str().unwrap();
    let title = json!({ "text": "Förderung bewilligt" });
    send(&app, app.client.put(app.url(&format!("/api/admin/translations/news/{id}/title/de"))).json(&title)).await;
    let paper = json!({ "title": "Masking RISC-V", "authors": ["M. Berg"], "venue": "CHES", "year": 2023 });
    send(&app, app.client.post(app.url("/api/publications")).json(&paper)).await;
    send(&app, app.client.post(app.url("/api/tags")).json(&json!({ "name": "Side channels", "slug": "side-channels" }))).await;
    let post = json!({ "title": "A post", "slug": "a-post", "content": "<p>x</p>", "date": "2024-01-01" });
    send(&app, app.client.post(app.url("/api/posts")).json(&post)).await;

    let work = tempfile::tempdir().unwrap();
    let dir = work.path().join("site");
    let output = export(&app, &dir);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    for file in [
        "de/index.html",
        "de/about/index.html",
        "de/news/index.html",
        "de/publications/index.html",
        "de/publications/masking-risc-v/index.html",
        "de/blog/a-post/index.html",
        "de/tags/side-channels/index.html",
        "de/feed.atom",
        "de/news.atom",
        "de/talks.atom",
        "de/cv.pdf",
        "de/404.html",
        "404.html",
    ] {
        assert!(dir.join(file).is_file(), "{file} is missing");
    }
    for same_in_every_language in ["de/publications/masking-risc-v.bib", "de/publications.bib", "de/sitemap.xml", "de/robots.txt"] {
        assert!(!dir.join(same_in_every_language).exists(), "{same_in_every_language} is at its one address only");
    }

    let news = std::fs::read_to_string(dir.join("de/news/index.html")).unwrap();
    assert!(news.contains("<html lang=\"de\">") && news.contains("Förderung bewilligt"), "{news}");
    assert!(!news.contains(">Grant awarded<"), "the translation, not the English title");
    assert!(news.contains(&format!(r#"<link rel="canonical" href="{BASE}/de/news">"#)), "a real translation, canonical to itself");
    for link in [r#"href="/~maja/de""#, r#"href="/~maja/de/publications""#, r#"href="/~maja/de/talks""#, r#"href="/~maja/de/cv""#] {
        assert!(news.contains(link), "the menu stays in German under the base path: {link}");
    }
    // Every link of the German pages leads to a German page where the export has one: only the
    // links that name the English page on purpose (the switcher, `hreflang`, a fallback page's
    // canonical) and the files that are the same in every language lead elsewhere.
    let tag = Regex::new(r"<[a-z][^>]*>").unwrap();
    let attribute = Regex::new(r#"\s(?:href|src)="((?:https://uni\.example)?/~maja/[^"]*)""#).unwrap();
    let files = tree(&dir);
    let names: Vec<String> = files.keys().map(|p| p.to_string_lossy().into_owned()).collect();
    let mut checked = 0;
    for page in names.iter().filter(|n| n.starts_with("de/") && n.ends_with(".html")) {
        let html = std::fs::read_to_string(dir.join(page)).unwrap();
        assert!(html.contains("<html lang=\"de\">"), "{page}");
        for element in tag.find_iter(&html).map(|m| m.as_str()) {
            let Some(link) = attribute.captures(element).map(|c| c[1].to_owned()) else { continue };
            if link.ends_with("/admin") {
                continue;
            }
            assert!(resolve(&dir, &link).is_some(), "{page}: {link} leads nowhere in the export");
            let english = ["hrefLang=\"en\"", "hreflang=\"en\"", "hreflang=\"x-default\"", "rel=\"canonical\""];
            let german = link.contains("/~maja/de/") || link.ends_with("/~maja/de");
            if !german && !english.iter().any(|a| element.contains(a)) {
                let twin = link.replacen("/~maja/", "/~maja/de/", 1);
                assert!(resolve(&dir, &twin).is_none(), "{page}: {link} leaves German though {twin} is exported");
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} links checked");
    let feed = std::fs::read_to_string(dir.join("de/news.atom")).unwrap();
    assert!(feed.contains("xml:lang=\"de\"") && feed.contains("Förderung bewilligt"), "{feed}");
    let sitemap = std::fs::read_to_string(dir.join("sitemap.xml")).unwrap();
    assert!(sitemap.contains(&format!("<loc>{BASE}/de/news</loc>")), "a real translation is listed: {sitemap}");
    assert!(!sitemap.contains(&format!("<loc>{BASE}/de/talks</loc>")), "a page wholly in English is not: {sitemap}");

    // Both languages counted: every page of the site is there twice, and the 404 page once each.
    let pages_in = |german: bool| names.iter().filter(|n| n.ends_with("index.html") && n.starts_with("de/") == german).count();
    assert!(pages_in(false) >= 12, "{names:?}");
    assert_eq!(pages_in(true), pages_in(false), "each page in German too: {names:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains(&format!("Exported {} pages", 2 * pages_in(false) + 2)), "{stdout}");
}
