//! Issue 44, item 4: the admin's lists hold hundreds. `GET /api/admin/<table>` searches,
//! filters, sorts and pages with `X-Total-Count`; `POST /api/admin/<table>/bulk` deletes,
//! publishes, unpublishes or tags many items in one transaction and answers an undo token;
//! `POST /api/admin/undo/<token>` restores exactly what the action changed within 30 s, and
//! says it is too late after. Bad input writes nothing. On SQLite and PostgreSQL.

use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, Statement};
use serde_json::{Value, json};
use vita::content::bulk::records;
use vita::content::citation_counts;

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

async fn create(app: &TestApp, table: &str, body: Value) -> Value {
    let response = app.client.post(app.url(&format!("/api/{table}"))).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED, "{}", response.text().await.unwrap());
    response.json().await.unwrap()
}

/// The owner's list at `query`: its total and its items' titles.
async fn list(app: &TestApp, table: &str, query: &str) -> (u64, Vec<String>) {
    let response = app.client.get(app.url(&format!("/api/admin/{table}?{query}"))).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{query}: {}", response.text().await.unwrap());
    let total = response.headers()["x-total-count"].to_str().unwrap().parse().unwrap();
    let items: Vec<Value> = response.json().await.unwrap();
    (total, items.iter().map(|item| item["title"].as_str().or(item["name"].as_str()).unwrap().to_owned()).collect())
}

async fn status_of(app: &TestApp, path: &str, query: &str) -> (StatusCode, Value) {
    let response = app.client.get(app.url(&format!("{path}?{query}"))).send().await.unwrap();
    (response.status(), response.json().await.unwrap_or(Value::Null))
}

async fn bulk(app: &TestApp, table: &str, body: Value) -> (StatusCode, Value) {
    let response = app.client.post(app.url(&format!("/api/admin/{table}/bulk"))).json(&body).send().await.unwrap();
    (response.status(), response.json().await.unwrap_or(Value::Null))
}

async fn undo(app: &TestApp, token: &str) -> (StatusCode, Value) {
    let response = app.client.post(app.url(&format!("/api/admin/undo/{token}"))).send().await.unwrap();
    (response.status(), response.json().await.unwrap_or(Value::Null))
}

/// Moves an undo's expiry into the past: the 30 s have gone by, without waiting for them.
async fn expire(app: &TestApp, token: &str) {
    let past = chrono::Utc::now() - chrono::Duration::seconds(1);
    let done = records::Entity::update_many()
        .col_expr(records::Column::ExpiresAt, Expr::value(past))
        .filter(records::Column::Token.eq(token))
        .exec(&app.test_db.db)
        .await
        .unwrap();
    assert_eq!(done.rows_affected, 1, "the undo is stored in the database");
}

async fn count_rows(app: &TestApp, sql: &str) -> i64 {
    let db = &app.test_db.db;
    let row = db.query_one_raw(Statement::from_string(db.get_database_backend(), sql.to_owned())).await.unwrap().unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

/// A paper with the usual fields, varied by `n`.
fn paper(title: &str, n: i32) -> Value {
    json!({
        "title": title,
        "authors": [format!("Author {n}"), "Ada Lovelace"],
        "venue": if n % 2 == 0 { "Journal of Even Things" } else { "Odd Conference" },
        "year": 2000 + n,
        "kind": if n % 3 == 0 { "journal-article" } else { "conference-paper" },
        "status": if n % 4 == 0 { "draft" } else { "published" },
    })
}

async fn the_owners_list_is_searched_filtered_sorted_and_paged(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let tag = create(&app, "tags", json!({ "name": "Security" })).await;
    for n in 1..=12 {
        let mut body = paper(&format!("Paper number {n}"), n);
        if n <= 3 {
            body["tag_ids"] = json!([tag["id"]]);
        }
        create(&app, "publications", body).await;
    }
    create(&app, "publications", json!({ "title": "Side-Channel Attacks on 100%_Secure Chips", "authors": ["Grace Hopper"], "venue": "USENIX Security", "year": 2019 })).await;

    let (total, all) = list(&app, "publications", "").await;
    assert_eq!((total, all.len()), (13, 13), "no parameters: everything, drafts included");
    let (total, found) = list(&app, "publications", "q=side-channel").await;
    assert_eq!((total, found), (1, vec!["Side-Channel Attacks on 100%_Secure Chips".to_owned()]), "a word of the title, any case");
    assert_eq!(list(&app, "publications", "q=HOPPER").await.0, 1, "the authors are searched");
    assert_eq!(list(&app, "publications", "q=usenix").await.0, 1, "the venue is searched");
    assert_eq!(list(&app, "publications", "q=lovelace+even").await.0, 6, "every word must match, in any column");
    assert_eq!(list(&app, "publications", "q=100%25_").await.0, 1, "% and _ are searched as themselves");
    assert_eq!(list(&app, "publications", "q=n%25c").await.0, 0, "% is no wildcard");
    assert_eq!(list(&app, "publications", "q=e_c").await.0, 0, "_ is no wildcard");
    assert_eq!(list(&app, "publications", "kind=journal-article").await.0, 4);
    assert_eq!(list(&app, "publications", "year=2005").await.1, vec!["Paper number 5".to_owned()]);
    assert_eq!(list(&app, "publications", "status=draft").await.0, 3);
    assert_eq!(list(&app, "publications", &format!("tag={}", tag["id"].as_str().unwrap())).await.0, 3);
    assert_eq!(list(&app, "publications", "q=&kind=&year=&status=&tag=&sort=").await.0, 13, "empty parameters are ignored");

    let (total, page) = list(&app, "publications", "sort=title&limit=5&offset=5").await;
    assert_eq!(total, 13, "the total counts every match, not the page");
    assert_eq!(
        page,
        ["Paper number 3", "Paper number 4", "Paper number 5", "Paper number 6", "Paper number 7"],
        "sorted by title (as text: 1, 10, 11, 12, 2, …), the second page of five"
    );
    let (_, newest) = list(&app, "publications", "sort=-year&limit=2").await;
    assert_eq!(newest, ["Side-Channel Attacks on 100%_Secure Chips", "Paper number 12"]);
    let (total, page) = list(&app, "publications", "kind=conference-paper&status=published&sort=-year&limit=3").await;
    assert_eq!(total, 7, "filters combine");
    assert_eq!(page, ["Side-Channel Attacks on 100%_Secure Chips", "Paper number 11", "Paper number 10"]);

    // Other tables through the same query: a talk's year is its date's.
    create(&app, "talks", json!({ "title": "Keynote", "event_name": "Conf", "date": "2024-05-01" })).await;
    create(&app, "talks", json!({ "title": "Seminar", "event_name": "Uni", "date": "2023-12-31" })).await;
    assert_eq!(list(&app, "talks", "year=2024").await.1, vec!["Keynote".to_owned()]);
    assert_eq!(list(&app, "talks", "q=uni").await.1, vec!["Seminar".to_owned()], "a talk's event is searched");
    assert_eq!(list(&app, "tags", "q=secur").await.0, 1);

    for (path, query, says) in [
        ("/api/admin/publications", "year=soon", "year must be a whole number"),
        ("/api/admin/publications", "limit=-1", "limit must be a whole number"),
        ("/api/admin/publications", "tag=not-a-tag", "tag must be the id of a tag"),
        ("/api/admin/publications", "status=gone", "status must be published or draft"),
        ("/api/admin/publications", "featured=maybe", "featured must be true or false"),
        ("/api/admin/publications", "sort=-colour", "cannot be sorted by colour"),
        ("/api/admin/tags", "kind=x", "Tags have no kind to filter on"),
        ("/api/admin/tags", "status=draft", "Tags have no status to filter on"),
        ("/api/admin/news", "tag=00000000-0000-0000-0000-000000000000&kind=x", "News items have no kind to filter on"),
        ("/api/admin/courses", "tag=00000000-0000-0000-0000-000000000000", "Courses have no tags to filter on"),
        ("/api/admin/publications", "colour=red", "unknown field"),
    ] {
        let (status, body) = status_of(&app, path, query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}?{query}: {body}");
        let message = body["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{path}?{query}: {message}");
    }
    let anonymous = reqwest::get(app.url("/api/admin/publications?q=paper")).await.unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED, "the owner's list is the owner's");
}

async fn bulk_actions_change_many_items_at_once_and_undo_restores_them(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let security = create(&app, "tags", json!({ "name": "Security" })).await;
    let hardware = create(&app, "tags", json!({ "name": "Hardware" })).await;
    let mut ids = Vec::new();
    for n in 1..=5 {
        let mut body = paper(&format!("Bulk paper {n}"), n);
        body["status"] = json!("published");
        body["tag_ids"] = json!([security["id"]]);
        ids.push(create(&app, "publications", body).await["id"].as_str().unwrap().to_owned());
    }
    // A citation count goes with a paper's delete (a foreign key's cascade).
    let count = citation_counts::Model {
        publication_id: ids[0].parse().unwrap(),
        source: "crossref".to_owned(),
        count: 17,
        by_year: None,
        counted_at: vita::ops::clock::now(),
    };
    citation_counts::Entity::insert(count.into_active_model()).exec(&app.test_db.db).await.unwrap();
    app.page_once_it_shows(&app.client, "/publications", "Bulk paper 1").await;

    // Delete three: gone with their tag links and the count, from the API and the public page.
    let doomed = &ids[..3];
    let (status, answer) = bulk(&app, "publications", json!({ "action": "delete", "ids": doomed })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let token = answer["undo"].as_str().expect("an undo token").to_owned();
    assert_eq!(list(&app, "publications", "").await.0, 2);
    assert_eq!(count_rows(&app, "SELECT COUNT(*) FROM publication_tags").await, 2);
    assert_eq!(count_rows(&app, "SELECT COUNT(*) FROM citation_counts").await, 0);
    let page = app.page_once_it_shows(&app.client, "/publications", "Bulk paper 5").await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    let mut page = page;
    while page.contains("Bulk paper 1") {
        assert!(std::time::Instant::now() < deadline, "the public page still lists a deleted paper");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        page = app.client.get(app.url("/publications")).send().await.unwrap().text().await.unwrap();
    }

    // Undo: the same rows, ids, timestamps, tags and counts.
    let before: Vec<Value> = app.client.get(app.url("/api/admin/publications?sort=title")).send().await.unwrap().json().await.unwrap();
    let (status, body) = undo(&app, &token).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let restored: Vec<Value> = app.client.get(app.url("/api/admin/publications?sort=title")).send().await.unwrap().json().await.unwrap();
    assert_eq!(restored.len(), 5);
    assert_eq!(before.len(), 2);
    let first = restored.iter().find(|p| p["id"] == ids[0]).expect("the same id");
    assert_eq!(first["tags"][0]["name"], "Security", "its tag links are back");
    assert_eq!(count_rows(&app, "SELECT COUNT(*) FROM citation_counts").await, 1, "its citation count is back");
    app.page_once_it_shows(&app.client, "/publications", "Bulk paper 1").await;
    let (status, body) = undo(&app, &token).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "an undo happens once: {body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("Nothing to undo"));

    // Unpublish two of five, one already a draft: only what changed is put back.
    let (status, _) = bulk(&app, "publications", json!({ "action": "unpublish", "ids": [ids[4]] })).await;
    assert_eq!(status, StatusCode::OK);
    let stamp =
        |items: &[Value], id: &str| items.iter().find(|p| p["id"] == id).map(|p| (p["status"].clone(), p["updated_at"].clone())).unwrap();
    let all: Vec<Value> = app.client.get(app.url("/api/admin/publications")).send().await.unwrap().json().await.unwrap();
    let (draft_status, draft_stamp) = stamp(&all, &ids[4]);
    assert_eq!(draft_status, "draft");
    let (_, published_stamp) = stamp(&all, &ids[3]);
    let (status, answer) = bulk(&app, "publications", json!({ "action": "unpublish", "ids": [ids[3], ids[4]] })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list(&app, "publications", "status=draft").await.0, 2);
    let (status, _) = undo(&app, answer["undo"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let all: Vec<Value> = app.client.get(app.url("/api/admin/publications")).send().await.unwrap().json().await.unwrap();
    assert_eq!(stamp(&all, &ids[3]), (json!("published"), published_stamp), "published again, with its old update time");
    assert_eq!(stamp(&all, &ids[4]), (json!("draft"), draft_stamp), "the one that was a draft stays one, untouched");

    // Publish, then undo.
    let (_, answer) = bulk(&app, "publications", json!({ "action": "publish", "ids": ids })).await;
    assert_eq!(list(&app, "publications", "status=draft").await.0, 0);
    undo(&app, answer["undo"].as_str().unwrap()).await;
    assert_eq!(list(&app, "publications", "status=draft").await.1, vec!["Bulk paper 5".to_owned()]);

    // Tag: added where missing; the undo removes only the links it added.
    let (status, answer) = bulk(&app, "publications", json!({ "action": "tag", "ids": [ids[0], ids[1]], "tag": hardware["id"] })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let hardware_filter = format!("tag={}", hardware["id"].as_str().unwrap());
    assert_eq!(list(&app, "publications", &hardware_filter).await.0, 2);
    let (_, again) = bulk(&app, "publications", json!({ "action": "tag", "ids": [ids[1], ids[2]], "tag": hardware["id"] })).await;
    undo(&app, again["undo"].as_str().unwrap()).await;
    assert_eq!(list(&app, "publications", &hardware_filter).await.0, 2, "the second tagging's undo keeps the first's links");
    undo(&app, answer["undo"].as_str().unwrap()).await;
    assert_eq!(list(&app, "publications", &hardware_filter).await.0, 0);

    // Deleting a tag takes its links to every item; the undo brings them back.
    let (_, answer) = bulk(&app, "tags", json!({ "action": "delete", "ids": [security["id"]] })).await;
    assert_eq!(count_rows(&app, "SELECT COUNT(*) FROM publication_tags").await, 0);
    undo(&app, answer["undo"].as_str().unwrap()).await;
    assert_eq!(count_rows(&app, "SELECT COUNT(*) FROM publication_tags").await, 5);

    // After 30 s: a clear "too late", and nothing changes.
    let (_, answer) = bulk(&app, "publications", json!({ "action": "delete", "ids": [ids[0]] })).await;
    let token = answer["undo"].as_str().unwrap();
    expire(&app, token).await;
    let (status, body) = undo(&app, token).await;
    assert_eq!(status, StatusCode::GONE, "{body}");
    assert_eq!(body["error"]["message"], "Too late to undo: an action can be undone for 30 seconds after it");
    assert_eq!(list(&app, "publications", "").await.0, 4);
    let (status, _) = undo(&app, "no-such-token").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn bad_bulk_requests_write_nothing(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let id = create(&app, "publications", paper("Kept paper", 1)).await["id"].clone();
    let tag = create(&app, "tags", json!({ "name": "Kept" })).await["id"].clone();
    let unknown = "00000000-0000-0000-0000-000000000001";
    for (table, body, status, says) in [
        (
            "publications",
            json!({ "action": "delete", "ids": [id, unknown] }),
            422,
            "No publication has the id 00000000-0000-0000-0000-000000000001",
        ),
        ("publications", json!({ "action": "delete", "ids": [] }), 422, "Choose at least one item"),
        ("publications", json!({ "action": "shred", "ids": [id] }), 422, "must be one of: delete, publish, unpublish, tag"),
        ("publications", json!({ "action": "delete", "ids": "all" }), 400, "ids"),
        ("publications", json!({ "action": "delete", "ids": ["not-a-uuid"] }), 400, "ids"),
        ("publications", json!({ "action": "tag", "ids": [id] }), 422, "Choose the tag to add"),
        ("publications", json!({ "action": "tag", "ids": [id], "tag": unknown }), 422, "No tag has the id"),
        ("publications", json!({ "action": "delete", "ids": [id], "tag": tag }), 422, "Only the tag action takes a tag"),
        ("publications", json!({ "action": "delete", "ids": [id], "everything": true }), 400, "unknown field"),
        ("tags", json!({ "action": "publish", "ids": [tag] }), 400, "Tags have no draft state"),
        ("courses", json!({ "action": "tag", "ids": [id], "tag": tag }), 400, "Courses do not carry tags"),
    ] {
        let (got, body) = bulk(&app, table, body.clone()).await;
        assert_eq!(got.as_u16(), status, "{body}");
        assert!(body.to_string().contains(says), "{says}: {body}");
    }
    assert_eq!(list(&app, "publications", "").await.0, 1, "nothing was deleted");
    assert_eq!(count_rows(&app, "SELECT COUNT(*) FROM undo_actions").await, 0, "nothing was recorded");
    let anonymous = reqwest::Client::new().post(app.url("/api/admin/undo/x")).send().await.unwrap();
    assert!(anonymous.status().is_client_error(), "only the owner undoes");
}

on_both_databases!(
    the_owners_list_is_searched_filtered_sorted_and_paged,
    bulk_actions_change_many_items_at_once_and_undo_restores_them,
    bad_bulk_requests_write_nothing,
);
