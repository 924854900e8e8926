//! Issue 40, item 6 and issue 41, item 7: a DOI is stored once and right, bare and lower case,
//! however it was typed or pasted (form, API, imports), so every export writes it as stored; a
//! value that is no DOI is refused with the rule and nothing is written; the migration rewrites
//! the values stored before. Both databases.

use sea_orm::ActiveValue::Set;
use sea_orm::{ActiveModelTrait, EntityTrait, PaginatorTrait};
use sea_orm_migration::MigratorTrait;
use serde_json::{Value, json};
use vita::content::{self, publications};
use vita::store::migrations::Migrator;

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

fn paper(n: usize, doi: &str) -> Value {
    json!({ "title": format!("Paper {n}"), "slug": format!("paper-{n}"), "authors": ["Jane Doe"], "kind": "journal-article",
            "venue": "J", "year": 2024, "doi": doi })
}

async fn a_typed_doi_is_stored_bare_and_lower_case(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let typed = ["https://doi.org/10.1000/ABC.Def", "doi:10.1000/ABC.Def", "  http://dx.doi.org/10.1000/abc.DEF ", "10.1000/ABC.DEF"];
    for (n, doi) in typed.into_iter().enumerate() {
        let response = app.client.post(app.url("/api/publications")).json(&paper(n, doi)).send().await.unwrap();
        assert_eq!(response.status(), 201, "{doi}: {}", response.text().await.unwrap());
        let stored: Value = response.json().await.unwrap();
        assert_eq!(stored["doi"], "10.1000/abc.def", "{doi}");
        // A DOI is one paper's (issue 44): each form is tried alone, the last paper stays for the
        // exports.
        if n + 1 < typed.len() {
            let id = stored["id"].as_str().unwrap();
            assert_eq!(app.client.delete(app.url(&format!("/api/publications/{id}"))).send().await.unwrap().status(), 204);
        }
    }
    // An update stores it the same way.
    let other: Value =
        app.client.post(app.url("/api/publications")).json(&paper(8, "10.5555/other")).send().await.unwrap().json().await.unwrap();
    let id = other["id"].as_str().unwrap();
    // An update sends every field.
    let mut body = paper(9, "HTTPS://DOI.ORG/10.5555/XYZ");
    for key in ["month", "abstract", "pdf_url", "pdf_file", "url", "pages", "volume", "issue", "publisher", "bibtex"] {
        body[key] = Value::Null;
    }
    body["featured"] = json!(false);
    body["status"] = json!("published");
    body["tag_ids"] = json!([]);
    let response = app.client.put(app.url(&format!("/api/publications/{id}"))).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    assert_eq!(response.json::<Value>().await.unwrap()["doi"], "10.5555/xyz");

    // Every export writes it as stored.
    let anonymous = reqwest::Client::new();
    let bib = anonymous.get(app.url("/publications/paper-3.bib")).send().await.unwrap().text().await.unwrap();
    let doi_line = bib.lines().find(|line| line.trim_start().starts_with("doi")).unwrap_or_default();
    assert!(doi_line.contains("= {10.1000/abc.def}"), "{bib}");
    let page = anonymous.get(app.url("/publications/paper-3")).send().await.unwrap().text().await.unwrap();
    assert!(page.contains(r#"<meta name="citation_doi" content="10.1000/abc.def">"#), "{page}");
}

async fn what_is_no_doi_is_refused_and_nothing_is_written(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    for (n, doi) in ["not a doi", "https://example.org/10.1000/x", "10.abc/x", "10.1000/"].into_iter().enumerate() {
        let response = app.client.post(app.url("/api/publications")).json(&paper(n, doi)).send().await.unwrap();
        assert_eq!(response.status(), 422, "{doi}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"]["fields"]["doi"], vita::rules::validate::DOI_RULE, "{doi}");
    }
    assert_eq!(publications::Entity::find().count(&app.test_db.db).await.unwrap(), 0);
    // An empty DOI is none.
    let response = app.client.post(app.url("/api/publications")).json(&paper(7, " ")).send().await.unwrap();
    assert_eq!(response.status(), 201);
    assert_eq!(response.json::<Value>().await.unwrap()["doi"], Value::Null);
}

/// Rows stored as typed (before m0015) are bare and lower case once the migration runs; a
/// value that is no DOI is kept as it was.
async fn the_migration_rewrites_stored_dois(test_db: TestDb) {
    let db = &test_db.db;
    // Back to before m0015 (the fifteenth migration), whatever came after it.
    Migrator::down(db, Some(Migrator::migrations().len() as u32 - 14)).await.unwrap();
    let mut ids = Vec::new();
    for (n, typed) in ["https://doi.org/10.1000/ABC.Def", "not a doi", "10.1000/already"].into_iter().enumerate() {
        let input: publications::Input = serde_json::from_value(paper(n, "10.1/x")).unwrap();
        let stored = content::create::<publications::Entity>(db, input).await.unwrap();
        let mut row: publications::ActiveModel = stored.into();
        row.doi = Set(Some(typed.to_owned()));
        ids.push(row.update(db).await.unwrap().id);
    }
    Migrator::up(db, None).await.unwrap();
    let mut read = Vec::new();
    for id in ids {
        read.push(publications::Entity::find_by_id(id).one(db).await.unwrap().unwrap().doi.unwrap());
    }
    assert_eq!(read, ["10.1000/abc.def", "not a doi", "10.1000/already"]);
}

on_both_databases!(
    a_typed_doi_is_stored_bare_and_lower_case,
    what_is_no_doi_is_refused_and_nothing_is_written,
    the_migration_rewrites_stored_dois
);
