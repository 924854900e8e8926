//! Backup and restore: SQLite → PostgreSQL → SQLite with zero differences (every row of every
//! table, every file by SHA-256), the refusals (newer schema, damaged or truncated archive, a
//! site with content) that change nothing, sessions never in the archive, one consistent state
//! while a writer runs, and the owner's download.

use std::io::{Read, Write};
use std::process::Command;

use sea_orm::{DatabaseConnection, EntityTrait, Iterable, PrimaryKeyToColumn, QueryOrder, TransactionTrait};
use sea_orm_migration::MigratorTrait;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use vita::auth::{sessions, users};
use vita::backup;
use vita::content::settings;
use vita::content::tagging::{news_item_tags, post_tags, project_tags, publication_tags, talk_tags};
use vita::content::{
    courses, cv_appointments, cv_awards, cv_education, cv_grants, cv_other, cv_service, homepage, news, open_calls, posts, projects,
    publications, research_areas, students, tags, talks, translations,
};
use vita::import::site::sources as site_sources;
use vita::media::files::Files;
use vita::ops::config::StoreConfig;

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

const VITA: &str = env!("CARGO_BIN_EXE_vita");

const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F,
    0x15, 0xC4, 0x89, 0, 0, 0, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0D, 0x0A, 0x2D, 0xB4, 0, 0, 0, 0,
    0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

fn pdf(text: &str) -> Vec<u8> {
    format!("%PDF-1.4\n% {text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").into_bytes()
}

fn store_config(data_dir: &std::path::Path) -> StoreConfig {
    StoreConfig { data_dir: data_dir.to_owned(), database_url: None, s3_bucket: None, s3_settings: vec![] }
}

async fn post(app: &TestApp, path: &str, body: Value) -> Value {
    let response = app.client.post(app.url(path)).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201, "{path}: {}", response.text().await.unwrap());
    response.json().await.unwrap()
}

async fn upload(app: &TestApp, bucket: &str, filename: &str, body: Vec<u8>) -> Value {
    let response = app.client.post(app.url(&format!("/api/uploads/{bucket}?filename={filename}"))).body(body).send().await.unwrap();
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

/// A row in every archived table with the values that differ between the two databases'
/// representations: fractional numbers, dates and times, UUIDs, booleans both ways, JSON,
/// text beyond ASCII and NULLs; and a file in every bucket (the photo with its two variants,
/// WebP and JPEG: five files). The client stays signed in, so the site has a session.
async fn seed(app: &TestApp) {
    app.sign_in().await;
    let photo = upload(app, "profile-photos", "me.png", PNG.to_vec()).await;
    let cv = upload(app, "cv-files", "cv.pdf", pdf("cv")).await;
    let paper = upload(app, "paper-pdfs", "paper.pdf", pdf("paper")).await;
    let hero = json!({ "name": "Dr. Zoë Ångström", "bio": "Ünïcödé \"quoted\" <b>not bold</b>\nsecond line",
        "profile_image_url": photo["url"], "cv_url": cv["url"] });
    let response = app.client.put(app.url("/api/homepage/hero")).json(&hero).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let response = app.client.put(app.url("/api/settings")).json(&json!({ "show_students_publicly": true })).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let tag = post(app, "/api/tags", json!({ "name": "side channels" })).await["id"].clone();
    post(app, "/api/news", json!({ "title": "Grant 🎉", "content": "We won.", "date": "2024-02-29", "featured": true, "tag_ids": [tag] }))
        .await;
    post(app, "/api/news", json!({ "title": "Draft", "content": "x", "status": "draft", "link_url": "https://example.org/a?b=c&d" })).await;
    let area = post(app, "/api/research-areas", json!({ "title": "Hardware security", "sort_order": -3 })).await;
    // A translation of one of its fields (issue 45).
    let translation = format!("/api/admin/translations/research_area/{}/title/zh-Hans", area["id"].as_str().unwrap());
    let response = app.client.put(app.url(&translation)).json(&json!({ "text": "硬件安全" })).send().await.unwrap();
    assert_eq!(response.status(), 200);
    post(
        app,
        "/api/publications",
        json!({ "title": "Masking RISC-V", "authors": ["A. Å", "B. Ø"], "venue": "CHES", "year": 2023,
        "month": 9, "pdf_file": paper["name"], "bibtex": "@article{x,\n  title={Masking}\n}", "tag_ids": [tag] }),
    )
    .await;
    post(
        app,
        "/api/projects",
        json!({ "title": "Silicon", "summary": "s", "tech_stack": ["Rust", "Verilog"], "collaborators": [],
        "start_date": "2020-01-31", "funding_amount": "€1.2M", "tag_ids": [tag] }),
    )
    .await;
    post(app, "/api/courses", json!({ "code": "DAT110", "title": "Security", "credits": 7.5, "students_count": 120 })).await;
    post(app, "/api/courses", json!({ "code": "DAT111", "title": "Odd credits", "credits": 0.30000000000000004 })).await;
    post(
        app,
        "/api/students",
        json!({ "name": "Kim", "level": "phd", "status": "current", "start_year": 2021,
        "email": "kim@example.org" }),
    )
    .await;
    post(app, "/api/talks", json!({ "title": "Keynote", "event_name": "DATE", "date": "2023-04-17", "type": "keynote", "tag_ids": [tag] }))
        .await;
    post(
        app,
        "/api/open-calls",
        json!({ "title": "PhD position", "slug": "phd-position", "deadline": "2030-12-31",
        "featured": true }),
    )
    .await;
    post(app, "/api/cv-appointments", json!({ "title": "Docent", "institution": "Lund", "start_year": 2019, "end_year": null })).await;
    post(app, "/api/cv-education", json!({ "degree": "PhD", "institution": "KTH", "year": 2012, "advisor": "Å. Ö" })).await;
    post(app, "/api/cv-awards", json!({ "name": "Prize", "year": 2021, "status": "draft", "sort_order": -1 })).await;
    post(
        app,
        "/api/cv-grants",
        json!({ "title": "G", "funder": "VR", "amount": 1234567.89, "currency": "SEK", "start_year": 2020, "end_year": 2024 }),
    )
    .await;
    post(app, "/api/cv-service", json!({ "role": "Editor", "body": "TCAD", "kind": "editorial-board", "start_year": 2020 })).await;
    post(app, "/api/cv-other", json!({ "title": "Languages", "content": "<p>Svenska &amp; English</p>" })).await;
    post(
        app,
        "/api/posts",
        json!({ "title": "Moving to Vita ✨", "date": "2024-02-29", "summary": "Why.", "content": "<p>Because $x^2$.</p>",
        "cover_image": photo["url"], "featured": true, "tag_ids": [tag] }),
    )
    .await;
    // Where an item of `vita import site` came from (issue 42).
    let at = chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap();
    let source = site_sources::ActiveModel {
        id: sea_orm::Set(uuid::Uuid::new_v4()),
        generator: sea_orm::Set("alfolio".to_owned()),
        kind: sea_orm::Set("news".to_owned()),
        source: sea_orm::Set("_news/Württemberg.md".to_owned()),
        hash: sea_orm::Set("ab".repeat(32)),
        item_id: sea_orm::Set(uuid::Uuid::new_v4()),
        item_updated_at: sea_orm::Set(at),
        created_at: sea_orm::Set(at),
        updated_at: sea_orm::Set(at),
    };
    sea_orm::ActiveModelTrait::insert(source, &app.test_db.db).await.unwrap();
}

/// Every row of a table in primary-key order, as its model.
async fn rows<E: EntityTrait>(db: &DatabaseConnection) -> Vec<E::Model> {
    let mut select = E::find();
    for key in E::PrimaryKey::iter() {
        select = select.order_by_asc(key.into_column());
    }
    select.all(db).await.unwrap()
}

/// Fails on the first table whose rows differ in any value.
async fn assert_same_rows(a: &DatabaseConnection, b: &DatabaseConnection) {
    macro_rules! same {
        ($($module:ident),*) => {$(
            let (left, right) = (rows::<$module::Entity>(a).await, rows::<$module::Entity>(b).await);
            assert!(!left.is_empty(), "the seed has no {} rows", stringify!($module));
            assert_eq!(left, right, "{} differ", stringify!($module));
        )*};
    }
    same!(users, settings, homepage, news, research_areas, publications, projects, courses, students, talks, tags, open_calls);
    same!(publication_tags, project_tags, talk_tags, news_item_tags, post_tags, posts);
    same!(cv_appointments, cv_education, cv_awards, cv_grants, cv_service, cv_other);
    same!(site_sources, translations);
}

/// Every stored file, `bucket/name` → SHA-256.
async fn file_hashes(data_dir: &std::path::Path) -> Vec<(String, String)> {
    let files = Files::open(&store_config(data_dir)).unwrap();
    let mut out = Vec::new();
    for (key, _) in files.list().await.unwrap() {
        let data = files.get(&vita::media::files::StoredKey::parse(&key).unwrap()).await.unwrap().unwrap();
        out.push((key, format!("{:x}", Sha256::digest(&data))));
    }
    out
}

fn vita(args: &[&str], data_dir: &std::path::Path, database_url: &str) -> std::process::Output {
    Command::new(VITA).args(args).env("VITA_DATA_DIR", data_dir).env("DATABASE_URL", database_url).output().unwrap()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[tokio::test]
async fn sqlite_to_postgres_and_back_restores_every_row_and_file_exactly() {
    let source = TestApp::spawn_on(TestDb::sqlite().await).await;
    seed(&source).await;
    assert!(!rows::<sessions::Entity>(&source.test_db.db).await.is_empty(), "the owner is signed in");
    let work = tempfile::tempdir().unwrap();

    // SQLite → PostgreSQL, with the real commands.
    let first = work.path().join("from-sqlite.zip");
    let output = vita(&["backup", first.to_str().unwrap()], source.data_dir(), &source.test_db.database_url());
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("5 files"), "{}", String::from_utf8_lossy(&output.stdout));
    let postgres = TestDb::postgres().await;
    let postgres_files = tempfile::tempdir().unwrap();
    let output = vita(&["restore", first.to_str().unwrap()], postgres_files.path(), &postgres.database_url());
    assert!(output.status.success(), "{}", stderr(&output));
    assert_same_rows(&source.test_db.db, &postgres.db).await;
    assert!(rows::<sessions::Entity>(&postgres.db).await.is_empty(), "sessions are never restored");
    let source_files = file_hashes(source.data_dir()).await;
    assert_eq!(source_files.len(), 5);
    assert_eq!(file_hashes(postgres_files.path()).await, source_files);

    // PostgreSQL → SQLite.
    let second = work.path().join("from-postgres.zip");
    let output = vita(&["backup", second.to_str().unwrap()], postgres_files.path(), &postgres.database_url());
    assert!(output.status.success(), "{}", stderr(&output));
    let sqlite = TestDb::sqlite().await;
    let sqlite_files = tempfile::tempdir().unwrap();
    let output = vita(&["restore", second.to_str().unwrap()], sqlite_files.path(), &sqlite.database_url());
    assert!(output.status.success(), "{}", stderr(&output));
    assert_same_rows(&postgres.db, &sqlite.db).await;
    assert_same_rows(&source.test_db.db, &sqlite.db).await;
    assert_eq!(file_hashes(sqlite_files.path()).await, source_files);

    // The archive: readable by any JSON tool, no sessions or sign-in attempts in it, and the
    // two databases wrote the same table files.
    let (first, second) = (entries(&first), entries(&second));
    let names: Vec<&String> = first.keys().collect();
    assert!(names.iter().all(|n| !n.contains("session") && !n.contains("attempt")), "{names:?}");
    for (name, data) in &first {
        if name.ends_with(".jsonl") {
            for line in std::str::from_utf8(data).unwrap().lines() {
                serde_json::from_str::<Value>(line).unwrap();
            }
            assert_eq!(Some(data), second.get(name), "{name} differs between the SQLite and the PostgreSQL archive");
        }
    }
    let manifest: Value = serde_json::from_slice(&first["manifest.json"]).unwrap();
    let newest = vita::store::migrations::Migrator::migrations().last().map(|m| m.name().to_owned());
    assert_eq!(manifest["schema"].as_str(), newest.as_deref(), "the archive names the schema it was taken from");
    assert_eq!(manifest["tables"]["courses"]["rows"], 2);
    let session = rows::<sessions::Entity>(&source.test_db.db).await.remove(0);
    assert!(first.values().all(|data| !contains(data, session.token_hash.as_bytes())));
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Every entry of a ZIP archive by name.
fn entries(path: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    (0..archive.len())
        .map(|i| {
            let mut entry = archive.by_index(i).unwrap();
            let mut data = Vec::new();
            entry.read_to_end(&mut data).unwrap();
            (entry.name().unwrap().into_owned(), data)
        })
        .collect()
}

/// The archive with `change` applied to its entries, written anew.
fn rewrite(from: &std::path::Path, to: &std::path::Path, change: impl FnOnce(&mut std::collections::BTreeMap<String, Vec<u8>>)) {
    let mut all = entries(from);
    change(&mut all);
    let mut writer = zip::ZipWriter::new(std::fs::File::create(to).unwrap());
    for (name, data) in all {
        writer.start_file(name, zip::write::SimpleFileOptions::default()).unwrap();
        writer.write_all(&data).unwrap();
    }
    writer.finish().unwrap();
}

on_both_databases!(refused_archives_change_nothing_and_force_replaces_the_site);

async fn refused_archives_change_nothing_and_force_replaces_the_site(test_db: TestDb) {
    let source = TestApp::spawn_on(test_db).await;
    seed(&source).await;
    let work = tempfile::tempdir().unwrap();
    let good = work.path().join("good.zip");
    let files = Files::open(&store_config(source.data_dir())).unwrap();
    let (_, summary) = backup::write(&source.test_db.db, &files, std::fs::File::create(&good).unwrap()).await.unwrap();
    assert_eq!(summary.files, 5);

    // A target with other content: one news item and one file.
    let target = TestApp::spawn_on(if source.test_db.kind == "sqlite" { TestDb::sqlite().await } else { TestDb::postgres().await }).await;
    target.sign_in().await;
    post(&target, "/api/news", json!({ "title": "Only here", "content": "x" })).await;
    upload(&target, "profile-photos", "other.png", PNG.to_vec()).await;
    let before = (rows::<news::Entity>(&target.test_db.db).await, file_hashes(target.data_dir()).await);
    let url = target.test_db.database_url();
    let restore = |archive: &std::path::Path, extra: &[&str]| {
        let mut args = vec!["restore", archive.to_str().unwrap()];
        args.extend(extra);
        vita(&args, target.data_dir(), &url)
    };
    let assert_refused = |output: std::process::Output, reason: &str| {
        assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
        assert!(stderr(&output).contains(reason), "{reason:?} not in {}", stderr(&output));
        assert!(stderr(&output).contains("Nothing was changed"), "{}", stderr(&output));
    };

    assert_refused(restore(&good, &[]), "This site is not empty (");

    let newer = work.path().join("newer.zip");
    rewrite(&good, &newer, |all| {
        let mut manifest: Value = serde_json::from_slice(&all["manifest.json"]).unwrap();
        manifest["schema"] = json!("m9999_from_the_future");
        all.insert("manifest.json".into(), serde_json::to_vec(&manifest).unwrap());
    });
    assert_refused(restore(&newer, &["--force"]), "comes from a newer Vita (database schema m9999_from_the_future");

    let truncated = work.path().join("truncated.zip");
    let bytes = std::fs::read(&good).unwrap();
    std::fs::write(&truncated, &bytes[..bytes.len() * 2 / 3]).unwrap();
    assert_refused(restore(&truncated, &["--force"]), "The archive is damaged or incomplete");

    // A row changed after the manifest was written: its hash no longer matches.
    let tampered = work.path().join("tampered.zip");
    rewrite(&good, &tampered, |all| {
        let news = all.get_mut("tables/news_items.jsonl").unwrap();
        let at = news.windows(5).position(|w| w == b"Draft").unwrap();
        news[at] = b'd';
    });
    assert_refused(restore(&tampered, &["--force"]), "tables/news_items.jsonl does not match its SHA-256");

    // A file missing from the archive.
    let missing = work.path().join("missing.zip");
    rewrite(&good, &missing, |all| all.retain(|name, _| !name.starts_with("files/cv-files/")));
    assert_refused(restore(&missing, &["--force"]), "files/cv-files/");

    // An archive of this schema must have every table; one from before m0014 has no CV tables.
    let cv_tables = ["cv_appointments", "cv_education", "cv_awards", "cv_grants", "cv_service", "cv_other"];
    let without_cv = |all: &mut std::collections::BTreeMap<String, Vec<u8>>| {
        let mut manifest: Value = serde_json::from_slice(&all["manifest.json"]).unwrap();
        for table in cv_tables {
            manifest["tables"].as_object_mut().unwrap().remove(table);
            all.remove(&format!("tables/{table}.jsonl"));
        }
        manifest
    };
    let incomplete = work.path().join("incomplete.zip");
    rewrite(&good, &incomplete, |all| {
        let manifest = without_cv(all);
        all.insert("manifest.json".into(), serde_json::to_vec(&manifest).unwrap());
    });
    assert_refused(restore(&incomplete, &["--force"]), "the manifest lists no table cv_appointments");

    assert_eq!((rows::<news::Entity>(&target.test_db.db).await, file_hashes(target.data_dir()).await), before);

    let older = work.path().join("older.zip");
    rewrite(&good, &older, |all| {
        let mut manifest = without_cv(all);
        manifest["schema"] = json!("m0013_no_invented_venues");
        all.insert("manifest.json".into(), serde_json::to_vec(&manifest).unwrap());
    });
    let output = restore(&older, &["--force"]);
    assert!(output.status.success(), "an archive from before the CV tables restores: {}", stderr(&output));
    assert_eq!(rows::<news::Entity>(&target.test_db.db).await, rows::<news::Entity>(&source.test_db.db).await);
    assert!(rows::<cv_awards::Entity>(&target.test_db.db).await.is_empty(), "the CV tables it did not have are empty");

    let output = restore(&good, &["--force"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_same_rows(&source.test_db.db, &target.test_db.db).await;
    assert_eq!(file_hashes(target.data_dir()).await, file_hashes(source.data_dir()).await, "the other photo is gone");
    assert!(rows::<sessions::Entity>(&target.test_db.db).await.is_empty(), "everyone signs in again");
}

on_both_databases!(a_backup_taken_during_writes_is_one_committed_state);

/// A writer commits a news item and a settings row together, again and again, while backups
/// are taken: each archive must hold as many of the one as of the other.
async fn a_backup_taken_during_writes_is_one_committed_state(test_db: TestDb) {
    let db = test_db.db.clone();
    let data = tempfile::tempdir().unwrap();
    let files = Files::open(&store_config(data.path())).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = tokio::spawn({
        let (db, stop) = (db.clone(), stop.clone());
        async move {
            let mut written = 0u32;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let txn = db.begin().await.unwrap();
                let input = news::Input { title: format!("Item {written}"), content: "x".into(), ..Default::default() };
                vita::content::create::<news::Entity>(&txn, input).await.unwrap();
                assert!(settings::set_once(&txn, &format!("writer-{written}"), json!(written)).await.unwrap());
                txn.commit().await.unwrap();
                written += 1;
            }
            written
        }
    });
    // Archives taken at four different moments of the writing, at least.
    let mut moments = std::collections::BTreeSet::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while moments.len() < 4 {
        assert!(std::time::Instant::now() < deadline, "the writer made no progress during the backups");
        let mut out = std::io::Cursor::new(Vec::new());
        (out, _) = backup::write(&db, &files, out).await.unwrap();
        out.set_position(0);
        let archive = backup::check(out).unwrap();
        let (news, settings) = (archive.manifest.tables["news_items"].rows, archive.manifest.tables["settings"].rows);
        assert_eq!(news, settings, "news items and their settings rows were read at different moments");
        moments.insert(news.unwrap());
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    writer.await.unwrap();
}

#[tokio::test]
async fn the_owner_downloads_the_archive_from_the_admin() {
    let app = TestApp::spawn().await;
    let anonymous = reqwest::Client::new().get(app.url("/api/backup")).send().await.unwrap();
    assert_eq!(anonymous.status(), 401);
    seed(&app).await;
    let response = app.client.get(app.url("/api/backup")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/zip");
    assert_eq!(response.headers()["cache-control"], "no-store");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.starts_with("attachment; filename=\"vita-backup-") && disposition.ends_with(".zip\""), "{disposition}");
    let body = response.bytes().await.unwrap();
    let archive = backup::check(std::io::Cursor::new(body.to_vec())).unwrap();
    assert_eq!(archive.manifest.files.len(), 5);
    assert_eq!(archive.manifest.tables["news_items"].rows, Some(2));
    assert_eq!(archive.manifest.tables["users"].rows, Some(1));
    let leftovers: Vec<_> = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("vita-backup-"))
        .collect();
    assert!(leftovers.is_empty(), "the temporary archive is removed");
}

/// Issue 41, item 16: `vita restore` beside a running server says what is true: the server
/// shows the restored site within a second (the restore announces its write), with no restart.
async fn a_restore_shows_on_the_running_site(test_db: TestDb) {
    let server = crate::helpers::ServerProcess::start(&test_db).await;
    let visitor = reqwest::Client::new();
    let before = visitor.get(server.url("/publications")).send().await.unwrap().text().await.unwrap();
    assert!(!before.contains("Restored Paper"));
    // The archive: a SQLite site of its own with one paper.
    let source = tempfile::tempdir().unwrap();
    let vita = |args: &[&str], data: &std::path::Path, database: Option<String>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_vita"));
        command.args(args).env("VITA_DATA_DIR", data).env_remove("DATABASE_URL");
        if let Some(url) = database {
            command.env("DATABASE_URL", url);
        }
        let output = command.output().unwrap();
        assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let bib = source.path().join("paper.bib");
    std::fs::write(&bib, "@article{r1, title={Restored Paper}, author={Doe, Jane}, journal={J}, year=2024}\n").unwrap();
    vita(&["import", "bibtex", bib.to_str().unwrap()], source.path(), None);
    let archive = source.path().join("site.zip");
    vita(&["backup", archive.to_str().unwrap()], source.path(), None);

    let target = tempfile::tempdir().unwrap();
    let said = vita(&["restore", "--force", archive.to_str().unwrap()], target.path(), Some(test_db.database_url()));
    assert!(said.contains("A running Vita shows them within a second."), "{said}");
    assert!(!said.contains("Restart"), "{said}");
    // A second as said, with a second's slack for the loaded test machine.
    server.shows_within("/publications", "Restored Paper", std::time::Duration::from_secs(2), "the restore").await;
}

on_both_databases!(a_restore_shows_on_the_running_site);
