//! The admin's "Import a site" over real HTTP (issue 42), on SQLite and PostgreSQL: a fixture
//! site of `../shared/fixtures/sites/`, zipped here (and once as a .tar.gz), uploaded; the
//! preview's numbers are the fixture's expected.json and the real run's; the same site again
//! changes nothing; the hostile archives are refused with a 4xx naming the problem, nothing
//! written and the server still serving; only the owner, from the site's own pages, may upload;
//! a declared size past 400 MB is refused before a byte is read.

use std::io::Write;

use sea_orm::{DatabaseConnection, EntityTrait, PaginatorTrait};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use vita::content::{courses, news, posts, projects, publications, talks};
use vita::import::site::sources;

use crate::helpers::{OWNER_EMAIL, OWNER_PASSWORD, TestApp, TestDb};
use crate::on_both_databases;
use crate::site_import::{files_of, fixtures};

const SITE: &str = "02-alfolio-johanneshoerner";

fn zip_of(entries: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        zip.start_file(name.as_str(), zip::write::SimpleFileOptions::default()).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// The fixture site as GitHub's "Download ZIP" makes it: one top folder.
fn zipped_site(id: &str) -> Vec<u8> {
    let named: Vec<(String, Vec<u8>)> = files_of(&fixtures().join(id)).into_iter().map(|(p, b)| (format!("site-main/{p}"), b)).collect();
    zip_of(&named)
}

async fn upload(app: &TestApp, archive: Vec<u8>) -> (u16, Value) {
    let response = app.client.post(app.url("/api/site-import")).body(archive).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn import(app: &TestApp, token: &str) -> (u16, Value) {
    let response = app.client.post(app.url(&format!("/api/site-import/{token}"))).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// A kind's numbers in an answer (`created`, `updated`, …), zeros when the kind is absent.
fn counts(answer: &Value, kind: &str) -> Value {
    answer["counts"].as_array().unwrap().iter().find(|k| k["kind"] == kind).map(|k| k["counts"].clone()).unwrap_or(Value::Null)
}

/// The rows the import could write.
async fn rows(db: &DatabaseConnection) -> [u64; 7] {
    [
        publications::Entity::find().count(db).await.unwrap(),
        news::Entity::find().count(db).await.unwrap(),
        projects::Entity::find().count(db).await.unwrap(),
        talks::Entity::find().count(db).await.unwrap(),
        courses::Entity::find().count(db).await.unwrap(),
        posts::Entity::find().count(db).await.unwrap(),
        sources::Entity::find().count(db).await.unwrap(),
    ]
}

/// The uploads the server keeps on disk.
fn kept(app: &TestApp) -> usize {
    std::fs::read_dir(app.data_dir().join("site-uploads")).map(Iterator::count).unwrap_or(0)
}

async fn a_zipped_site_previews_and_imports_as_the_command_does(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let db = &app.test_db.db;
    let expected: Value = serde_json::from_str(&std::fs::read_to_string(fixtures().join("expected.json")).unwrap()).unwrap();
    let want = &expected["sites"][SITE];

    let (status, preview) = upload(&app, zipped_site(SITE)).await;
    assert_eq!(status, 200, "{preview}");
    assert!(preview["detection"].as_str().unwrap().starts_with("Detected: alfolio"), "{}", preview["detection"]);
    assert_eq!(preview["report"]["dry_run"], true);
    let token = preview["token"].as_str().expect("a token for the kept upload").to_owned();
    assert_eq!(rows(db).await, [0; 7], "the preview writes nothing");
    assert_eq!(kept(&app), 1, "the upload is kept for its Import button");

    // The preview's numbers are the fixture's.
    for (kind, counted) in [
        ("publication", "publications"),
        ("news", "news"),
        ("project", "projects"),
        ("talk", "talks"),
        ("post", "posts"),
        ("course", "courses"),
    ] {
        let created = counts(&preview, kind)["created"].as_u64().unwrap_or(0);
        let mut accepted = vec![want["counts"][counted].as_u64().unwrap()];
        accepted.extend(want["counts_accept"][counted].as_array().into_iter().flatten().map(|v| v.as_u64().unwrap()));
        assert!(accepted.contains(&created), "{kind}: {created} new in the preview, expected.json says {accepted:?}");
    }

    // The import of the same upload does what the preview said, and deletes the upload.
    let (status, result) = import(&app, &token).await;
    assert_eq!(status, 200, "{result}");
    assert_eq!(result["report"]["dry_run"], false);
    assert_eq!(result["token"], Value::Null);
    assert_eq!(result["counts"], preview["counts"], "the preview's numbers are the real run's");
    let outcomes = |answer: &Value| -> Vec<(Value, Value, Value)> {
        answer["report"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| (i["kind"].clone(), i["source"].clone(), i["outcome"].clone()))
            .collect()
    };
    assert_eq!(outcomes(&result), outcomes(&preview), "item by item");
    let stored = rows(db).await;
    assert_eq!(stored[1], want["counts"]["news"].as_u64().unwrap(), "the news items are stored");
    assert_eq!(kept(&app), 0, "the imported upload is deleted");
    let (status, again) = import(&app, &token).await;
    assert_eq!(status, 404, "a token is good for one import: {again}");
    assert!(again["error"]["message"].as_str().unwrap().contains("upload the site again"));

    // An imported news item is on the public site.
    let title =
        result["report"]["items"].as_array().unwrap().iter().find(|i| i["kind"] == "news").unwrap()["title"].as_str().unwrap().to_owned();
    let visitor = reqwest::Client::new();
    let escaped = title.replace('&', "&amp;").replace('\'', "&#x27;").replace('"', "&quot;");
    app.page_once_it_shows(&visitor, "/news", &escaped).await;

    // The same site again changes nothing.
    let (status, second) = upload(&app, zipped_site(SITE)).await;
    assert_eq!(status, 200, "{second}");
    let (status, second) = import(&app, second["token"].as_str().unwrap()).await;
    assert_eq!(status, 200, "{second}");
    for kind in second["counts"].as_array().unwrap() {
        assert_eq!((kind["counts"]["created"].as_u64(), kind["counts"]["updated"].as_u64()), (Some(0), Some(0)), "{kind}");
    }
    assert_eq!(rows(db).await, stored, "a second import changes nothing");
}

async fn hostile_archives_are_refused_and_nothing_is_written(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let config = |extra: (&str, Vec<u8>)| vec![("site/_config.yml".to_owned(), b"title: x\n".to_vec()), (extra.0.to_owned(), extra.1)];
    let news = b"---\ntitle: Hostile\ndate: 2024-01-01\n---\nx\n".to_vec();

    let mut symlink = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    symlink.start_file("site/_config.yml", zip::write::SimpleFileOptions::default()).unwrap();
    symlink.write_all(b"title: x\n").unwrap();
    symlink.add_symlink("site/_news/passwd.md", "../../../../etc/passwd", zip::write::SimpleFileOptions::default()).unwrap();
    let symlink = symlink.finish().unwrap().into_inner();

    // 100,000 empty files.
    let many: Vec<(String, Vec<u8>)> = (0..100_000).map(|i| (format!("site/_news/{i}.md"), Vec::new())).collect();

    // A bomb that says so: entries declaring 2 GB in all (the zip's sizes rewritten).
    let mut declared = zip_of(&[("site/_news/a.md".to_owned(), news.clone()), ("site/_news/b.md".to_owned(), news.clone())]);
    declare_sizes(&mut declared, 0x4000_0000);
    // And one that lies: an entry that says a few bytes and unpacks to 70 MB (the zip reader
    // stops it where it passes its stated size).
    let mut lying =
        zip_of(&[("site/_config.yml".to_owned(), b"title: x\n".to_vec()), ("site/_news/a.md".to_owned(), vec![b' '; 70 << 20])]);
    declare_sizes(&mut lying, 9);

    let site = zipped_site(SITE);
    let truncated = site[..site.len() / 2].to_vec();
    let tar_link = tar_gz(|tar| {
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::Symlink);
        header.set_size(0);
        header.set_mode(0o777);
        tar.append_link(&mut header, "site/_news/passwd.md", "/etc/passwd").unwrap();
    });

    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        ("../ in a path", zip_of(&config(("../evil.md", news.clone()))), 400, "../evil.md"),
        ("an absolute path", zip_of(&config(("/etc/evil.md", news.clone()))), 400, "/etc/evil.md"),
        ("a symbolic link", symlink, 400, "symbolic link"),
        ("a link in a .tar.gz", tar_link, 400, "site/_news/passwd.md is a link"),
        ("100,000 empty files", zip_of(&many), 400, "more than 20000 files"),
        ("a zip bomb (declared)", declared, 400, "unpacks to more than 1024 MB"),
        ("a zip bomb (lying)", lying, 400, "larger than its declared uncompressed size"),
        ("not an archive", b"<html>hello</html>".to_vec(), 415, "not a .zip or .tar.gz"),
        ("a gzip that is no tar", gzip(b"just some text, not a tar archive at all"), 400, "archive"),
        ("a truncated archive", truncated, 400, "not a readable .zip"),
        ("an empty body", Vec::new(), 415, "not a .zip or .tar.gz"),
        ("no site in it", zip_of(&[("README.md".to_owned(), b"hello".to_vec())]), 400, "not a site Vita recognises"),
    ];
    for (what, archive, status, named) in cases {
        let (got, answer) = upload(&app, archive).await;
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert_eq!(got, status, "{what}: {answer}");
        assert!(message.contains(named), "{what}: {message:?} should name {named:?}");
        assert_eq!(rows(&app.test_db.db).await, [0; 7], "{what}: nothing written");
        assert_eq!(kept(&app), 0, "{what}: the refused upload is not kept");
        assert_eq!(app.client.get(app.url("/healthz")).send().await.unwrap().status(), 200, "{what}: the server still serves");
    }
    assert!(!app.data_dir().parent().unwrap().join("evil.md").exists());

    // The same site as a .tar.gz reads as its .zip does.
    let files = files_of(&fixtures().join(SITE));
    let site = tar_gz(|tar| {
        for (path, bytes) in &files {
            let mut header = tar::Header::new_gnu();
            header.set_size(bytes.len() as u64);
            header.set_mode(0o644);
            tar.append_data(&mut header, format!("site/{path}"), bytes.as_slice()).unwrap();
        }
    });
    let (status, answer) = upload(&app, site).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(counts(&answer, "news")["created"], 14);

    let (status, answer) = upload_with_generator(&app, "jekyll").await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["error"]["message"].as_str().unwrap().contains("alfolio, hugo or academicpages"));
}

async fn upload_with_generator(app: &TestApp, generator: &str) -> (u16, Value) {
    let response =
        app.client.post(app.url(&format!("/api/site-import?generator={generator}"))).body(zipped_site(SITE)).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Rewrites the uncompressed size every entry of a zip declares (local and central headers).
fn declare_sizes(zip: &mut [u8], size: u32) {
    let mut i = 0;
    while i + 30 < zip.len() {
        match &zip[i..i + 4] {
            [b'P', b'K', 3, 4] => zip[i + 22..i + 26].copy_from_slice(&size.to_le_bytes()),
            [b'P', b'K', 1, 2] => zip[i + 24..i + 28].copy_from_slice(&size.to_le_bytes()),
            _ => {}
        }
        i += 1;
    }
}

fn tar_gz(add: impl FnOnce(&mut tar::Builder<flate2::write::GzEncoder<Vec<u8>>>)) -> Vec<u8> {
    let mut tar = tar::Builder::new(flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast()));
    add(&mut tar);
    tar.into_inner().unwrap().finish().unwrap()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

async fn only_the_owner_uploads_and_a_large_declared_size_is_refused_at_once(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    // Nobody signed in.
    let (status, _) = upload(&app, zipped_site(SITE)).await;
    assert_eq!(status, 401);
    let (status, _) = import(&app, "abc").await;
    assert_eq!(status, 401);

    app.sign_in().await;
    // Signed in, but from another site's page.
    let response = app
        .client
        .post(app.url("/api/site-import"))
        .header("Origin", "https://elsewhere.example")
        .body(zipped_site(SITE))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    assert_eq!(kept(&app), 0);

    // 500 MB announced, nothing sent: refused before a byte is read.
    let login = reqwest::Client::new()
        .post(app.url("/api/auth/token"))
        .json(&serde_json::json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD }))
        .send()
        .await
        .unwrap();
    let cookie = login.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let host = app.base.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&host).await.unwrap();
    let head = format!(
        "POST /api/site-import HTTP/1.1\r\nHost: {host}\r\nOrigin: {}\r\nCookie: {cookie}\r\nContent-Type: application/zip\r\n\
         Content-Length: {}\r\n\r\nPK\x03\x04",
        app.base,
        500u64 * 1024 * 1024
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = vec![0u8; 4096];
    let read = tokio::time::timeout(std::time::Duration::from_secs(10), stream.read(&mut answer)).await.expect("answered at once").unwrap();
    let answer = String::from_utf8_lossy(&answer[..read]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("larger than 400 MB"), "{answer}");
    assert_eq!(kept(&app), 0);

    // A token never given is not found.
    let (status, _) = import(&app, "nothing-like-it").await;
    assert_eq!(status, 404);
}

/// Uploads wait for their Import button two at a time, can be dropped, and what a previous run
/// left is gone at the start.
async fn few_uploads_are_kept_and_none_from_a_previous_run(test_db: TestDb) {
    let app = TestApp::spawn_with(test_db, |config| {
        let left = config.store.data_dir.join("site-uploads");
        std::fs::create_dir_all(&left).unwrap();
        std::fs::write(left.join("left-by-the-last-run.zip"), b"PK\x03\x04").unwrap();
    })
    .await;
    assert_eq!(kept(&app), 0, "the uploads of the previous run are removed at the start");
    app.sign_in().await;
    let mut tokens = Vec::new();
    for _ in 0..3 {
        let (status, answer) = upload(&app, zipped_site(SITE)).await;
        assert_eq!(status, 200, "{answer}");
        tokens.push(answer["token"].as_str().unwrap().to_owned());
    }
    assert_eq!(kept(&app), 2, "two uploads kept at most");
    let (status, answer) = import(&app, &tokens[0]).await;
    assert_eq!(status, 404, "the oldest was pushed out: {answer}");
    let response = app.client.delete(app.url(&format!("/api/site-import/{}", tokens[2]))).send().await.unwrap();
    assert_eq!(response.status(), 204);
    assert_eq!(kept(&app), 1, "a dropped upload is deleted");
    let (status, answer) = import(&app, &tokens[1]).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(kept(&app), 0);
}

on_both_databases!(
    a_zipped_site_previews_and_imports_as_the_command_does,
    hostile_archives_are_refused_and_nothing_is_written,
    only_the_owner_uploads_and_a_large_declared_size_is_refused_at_once,
    few_uploads_are_kept_and_none_from_a_previous_run,
);
