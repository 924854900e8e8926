//! Issue 44, items 4 and 6: every import of papers is recorded with the papers it added
//! (migration m0022), the owner's list filters by it (`?source=`), and an import is removed as
//! a whole in one action that is undone within 30 s, keeping the papers edited since. A paper
//! saved with a DOI another paper has is refused on the DOI field, naming that paper. On
//! SQLite and PostgreSQL.

use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use vita::content::bulk::records;

use crate::fake_apis::FakeApis;
use crate::helpers::{TestApp, TestDb, publication_update};
use crate::on_both_databases;

/// An ORCID record with 111 works, 97 of them importable (the recorded fixture).
const ORCID_FULL: &str = "0000-0003-1444-9135";

async fn post(app: &TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    let response = app.client.post(app.url(path)).json(&body).send().await.unwrap();
    (response.status(), response.json().await.unwrap_or(Value::Null))
}

async fn put(app: &TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    let response = app.client.put(app.url(path)).json(&body).send().await.unwrap();
    (response.status(), response.json().await.unwrap_or(Value::Null))
}

async fn get(app: &TestApp, path: &str) -> (StatusCode, Value) {
    let response = app.client.get(app.url(path)).send().await.unwrap();
    (response.status(), response.json().await.unwrap_or(Value::Null))
}

/// The titles of the owner's list at `query`, sorted, and its `X-Total-Count`.
async fn titles(app: &TestApp, query: &str) -> (u64, Vec<String>) {
    let response = app.client.get(app.url(&format!("/api/admin/publications?{query}"))).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{query}");
    let total = response.headers()["x-total-count"].to_str().unwrap().parse().unwrap();
    let items: Vec<Value> = response.json().await.unwrap();
    let mut titles: Vec<String> = items.iter().map(|item| item["title"].as_str().unwrap().to_owned()).collect();
    titles.sort();
    (total, titles)
}

async fn imports(app: &TestApp) -> Vec<Value> {
    let (status, body) = get(app, "/api/admin/imports").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array().unwrap().clone()
}

/// Two .bib imports, one named by its file and one pasted, and a paper added by hand: the list
/// of imports counts each one's papers and the list filters by source.
async fn papers_are_listed_by_the_import_that_added_them(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let file = "@article{a, title={Alpha}, author={Ada Lovelace}, journal={J}, year=2020}\n\
                @article{b, title={Beta}, author={Ada Lovelace}, journal={J}, year=2021}\n";
    let (status, outcome) =
        post(&app, "/api/publications/import", json!({ "bibtex": file, "import": [0, 1], "update": [], "file_name": "chiquet.bib" })).await;
    assert_eq!((status, outcome["imported"].as_u64()), (StatusCode::OK, Some(2)), "{outcome}");
    let pasted = "@misc{c, title={Gamma}, author={Grace Hopper}, year=2022}\n";
    let (status, _) = post(&app, "/api/publications/import", json!({ "bibtex": pasted, "import": [0], "update": [] })).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) =
        post(&app, "/api/publications", json!({ "title": "Delta", "authors": ["Alan Turing"], "venue": "V", "year": 2023 })).await;
    assert_eq!(status, StatusCode::CREATED);
    // An import whose entries are all skipped adds nothing, and leaves no record.
    let (status, _) =
        post(&app, "/api/publications/import", json!({ "bibtex": file, "import": [], "update": [], "file_name": "again.bib" })).await;
    assert_eq!(status, StatusCode::OK);

    let listed = imports(&app).await;
    assert_eq!(listed.len(), 2, "{listed:?}");
    let (newest, first) = (&listed[0], &listed[1]);
    assert_eq!(
        (newest["kind"].as_str(), newest["label"].as_str(), newest["papers"].as_u64()),
        (Some("bibtex"), Some("pasted text"), Some(1))
    );
    assert_eq!((first["kind"].as_str(), first["label"].as_str(), first["papers"].as_u64()), (Some("bibtex"), Some("chiquet.bib"), Some(2)));
    assert_eq!((first["imported"].as_u64(), first["edited"].as_u64()), (Some(2), Some(0)));

    let id = first["id"].as_str().unwrap();
    assert_eq!(titles(&app, &format!("source={id}")).await, (2, vec!["Alpha".to_owned(), "Beta".to_owned()]));
    assert_eq!(titles(&app, "source=manual").await, (1, vec!["Delta".to_owned()]));
    assert_eq!(titles(&app, &format!("source={id}&q=beta")).await.1, vec!["Beta".to_owned()], "with the other filters");
    assert_eq!(titles(&app, "source=").await.0, 4, "an empty source is no filter");

    // A paper saved since its import is counted as edited.
    let (_, alpha) = get(&app, &format!("/api/admin/publications?source={id}&q=alpha")).await;
    let alpha = &alpha[0];
    let (status, _) =
        put(&app, &format!("/api/publications/{}", alpha["id"].as_str().unwrap()), publication_update(alpha, json!({ "venue": "Edited" })))
            .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(imports(&app).await[1]["edited"], 1);

    for (path, says) in [
        ("/api/admin/publications?source=orcid", "source must be the id of an import, or manual"),
        ("/api/admin/talks?source=manual", "Talks have no source to filter on"),
    ] {
        let (status, body) = get(&app, path).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
        assert!(body["error"]["message"].as_str().unwrap().contains(says), "{path}: {body}");
    }
    let unknown = format!("/api/admin/imports/{}/remove", uuid::Uuid::new_v4());
    assert_eq!(post(&app, &unknown, json!(null)).await.0, StatusCode::NOT_FOUND);
    let anonymous = reqwest::Client::new();
    assert!(anonymous.get(app.url("/api/admin/imports")).send().await.unwrap().status().is_client_error(), "only the owner");
}

/// The Done-when of issue 44: the 97 papers of the recorded ORCID record's import go in one
/// action that is undone within 30 s; a paper edited since stays; after the 30 s the undo is
/// refused and the papers stay gone.
async fn an_orcid_import_is_removed_in_one_action_that_can_be_undone(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let outside = fake.config();
    let app = TestApp::spawn_with(test_db, |config| config.outside = outside).await;
    app.sign_in().await;
    let (status, preview) = post(&app, "/api/scholarly/orcid/preview", json!({ "orcid_id": ORCID_FULL })).await;
    assert_eq!(status, StatusCode::OK, "{preview}");
    let new: Vec<u64> =
        preview["entries"].as_array().unwrap().iter().filter(|e| e["status"] == "new").map(|e| e["index"].as_u64().unwrap()).collect();
    assert_eq!(new.len(), 97, "the recorded record has 97 works to import");
    let (status, outcome) = post(&app, "/api/scholarly/orcid/import", json!({ "orcid_id": ORCID_FULL, "import": new })).await;
    assert_eq!((status, outcome["imported"].as_u64()), (StatusCode::OK, Some(97)), "{outcome}");
    let (status, _) =
        post(&app, "/api/publications", json!({ "title": "By hand", "authors": ["Alan Turing"], "venue": "V", "year": 2023 })).await;
    assert_eq!(status, StatusCode::CREATED);

    let listed = imports(&app).await;
    assert_eq!(listed.len(), 1);
    let record = &listed[0];
    assert_eq!((record["kind"].as_str(), record["label"].as_str(), record["papers"].as_u64()), (Some("orcid"), Some(ORCID_FULL), Some(97)));
    let id = record["id"].as_str().unwrap();
    let source = format!("source={id}");
    assert_eq!(titles(&app, &source).await.0, 97);

    // The owner edits one paper of the import: the removal keeps it and says so.
    let (_, page) = get(&app, &format!("/api/admin/publications?{source}&sort=title&limit=1")).await;
    let edited = &page[0];
    let (status, _) = put(
        &app,
        &format!("/api/publications/{}", edited["id"].as_str().unwrap()),
        publication_update(edited, json!({ "featured": true })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, before) = get(&app, "/api/admin/publications").await;

    let (status, removal) = post(&app, &format!("/api/admin/imports/{id}/remove"), json!(null)).await;
    assert_eq!(status, StatusCode::OK, "{removal}");
    assert_eq!(removal["removed"], 96);
    assert_eq!(removal["kept"], json!([{ "id": edited["id"], "title": edited["title"] }]));
    assert_eq!(titles(&app, "").await.0, 2, "the edited paper and the one added by hand stay");
    assert_eq!(titles(&app, &source).await.0, 1);
    assert_eq!(imports(&app).await[0]["papers"], 1);

    // Undone within the 30 s: every paper is back as it was, its source with it.
    let token = removal["undo"].as_str().unwrap();
    let (status, body) = post(&app, &format!("/api/admin/undo/{token}"), json!(null)).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (_, after) = get(&app, "/api/admin/publications").await;
    assert_eq!(after, before, "exactly what was removed came back");
    assert_eq!(titles(&app, &source).await.0, 97);
    assert_eq!(imports(&app).await[0]["papers"], 97);

    // Removed again and left past the 30 s: the undo is refused, the papers stay gone.
    let (_, removal) = post(&app, &format!("/api/admin/imports/{id}/remove"), json!(null)).await;
    assert_eq!(removal["removed"], 96);
    let token = removal["undo"].as_str().unwrap();
    let past = chrono::Utc::now() - chrono::Duration::seconds(1);
    records::Entity::update_many()
        .col_expr(records::Column::ExpiresAt, Expr::value(past))
        .filter(records::Column::Token.eq(token))
        .exec(&app.test_db.db)
        .await
        .unwrap();
    assert_eq!(post(&app, &format!("/api/admin/undo/{token}"), json!(null)).await.0, StatusCode::GONE);
    assert_eq!(titles(&app, "").await.0, 2);

    // What is left is the edited paper: a removal now removes nothing and has no undo.
    let (_, removal) = post(&app, &format!("/api/admin/imports/{id}/remove"), json!(null)).await;
    assert_eq!(
        (removal["removed"].as_u64(), removal["undo"].is_null(), removal["kept"].as_array().map(Vec::len)),
        (Some(0), true, Some(1))
    );
}

/// Item 6: a DOI another paper has (typed in any form) is refused on the DOI field, before the
/// slug's clash, with a 409 naming the stored paper; its own DOI is no clash.
async fn a_duplicate_doi_names_the_paper_that_has_it(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let paper = |title: &str, doi: &str| json!({ "title": title, "authors": ["Ada Lovelace"], "venue": "V", "year": 2021, "doi": doi });
    let (status, stored) = post(&app, "/api/publications", paper("Masking RISC-V", "10.1/ABC")).await;
    assert_eq!(status, StatusCode::CREATED);

    // The same title would clash on the slug too: the DOI is what is said.
    let (status, body) = post(&app, "/api/publications", paper("Masking RISC-V", "https://doi.org/10.1/abc")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let error = &body["error"];
    assert_eq!(error["code"], "conflict");
    assert_eq!(error["message"], "\u{201c}Masking RISC-V\u{201d} (2021) already has this DOI.");
    assert_eq!(error["fields"], json!({ "doi": "\u{201c}Masking RISC-V\u{201d} (2021) already has this DOI." }), "on the DOI only");
    assert_eq!(error["existing"], json!({ "id": stored["id"], "slug": "masking-risc-v", "title": "Masking RISC-V" }));
    assert_eq!(titles(&app, "").await.0, 1, "nothing was written");

    // An update to another paper's DOI is refused the same way; a paper keeps its own.
    let (_, other) = post(&app, "/api/publications", paper("Fault Attacks", "10.1/other")).await;
    let (status, body) = put(
        &app,
        &format!("/api/publications/{}", other["id"].as_str().unwrap()),
        publication_update(&other, json!({ "doi": "DOI:10.1/Abc" })),
    )
    .await;
    assert_eq!((status, &body["error"]["existing"]["id"]), (StatusCode::CONFLICT, &stored["id"]), "{body}");
    let (status, body) = put(
        &app,
        &format!("/api/publications/{}", stored["id"].as_str().unwrap()),
        publication_update(&stored, json!({ "venue": "Edited" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, kept) = get(&app, &format!("/api/publications/{}", other["id"].as_str().unwrap())).await;
    assert_eq!(kept["doi"], "10.1/other");
    // Without a DOI clash, a slug clash is still said on the slug.
    let (status, body) = post(&app, "/api/publications", paper("Masking RISC-V", "10.1/new")).await;
    assert_eq!((status, body["error"]["fields"]["slug"].is_string()), (StatusCode::UNPROCESSABLE_ENTITY, true), "{body}");
}

on_both_databases!(
    papers_are_listed_by_the_import_that_added_them,
    an_orcid_import_is_removed_in_one_action_that_can_be_undone,
    a_duplicate_doi_names_the_paper_that_has_it,
);
