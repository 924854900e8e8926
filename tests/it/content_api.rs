//! Every content table's API against bad input (issue 4, item 11) and without a session
//! (issue 3, item 6), on SQLite and PostgreSQL: malformed JSON, wrong types, missing required
//! fields, oversized strings, unknown ids, hostile HTML and slug clashes each get a 4xx with a
//! readable message, and the stored rows are exactly as they were afterwards.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

/// One content table as the API sees it.
struct Table {
    path: &'static str,
    /// A body that creates a valid row.
    valid: fn() -> Value,
    /// The field errors that creating from `{}` must get (the spec's required fields).
    missing: &'static [(&'static str, &'static str)],
    /// Optional fields that `null` sets to a default rather than to null.
    defaults_on_null: &'static [&'static str],
    /// A field whose JSON type is text, to send a number in.
    text_field: &'static str,
    /// Rich-text fields, stored sanitised.
    html_fields: &'static [&'static str],
    /// Whether rows have a unique slug.
    has_slug: bool,
}

const TABLES: &[Table] = &[
    Table {
        path: "news",
        valid: || json!({ "title": "Grant awarded", "content": "We got it.", "date": "2025-03-01" }),
        missing: &[("title", "Title is required"), ("content", "Content is required")],
        defaults_on_null: &["date"],
        text_field: "title",
        html_fields: &[],
        has_slug: false,
    },
    Table {
        path: "publications",
        valid: || json!({ "title": "Side channels", "authors": ["A. Author"], "venue": "USENIX Security", "year": 2024 }),
        // No venue is accepted (issue 27, item 6: an imported entry that names none is stored
        // without one); the admin form still asks for one.
        missing: &[("title", "Title is required"), ("authors", "At least one author is required")],
        defaults_on_null: &["slug", "year"],
        text_field: "venue",
        html_fields: &[],
        has_slug: true,
    },
    Table {
        path: "research-areas",
        valid: || json!({ "title": "Systems security", "content": "<p>Intro</p>" }),
        missing: &[("title", "Title is required")],
        defaults_on_null: &["slug", "color", "icon"],
        text_field: "title",
        html_fields: &["content"],
        has_slug: true,
    },
    Table {
        path: "projects",
        valid: || json!({ "title": "Trusted boot", "summary": "Measured boot for IoT.", "tech_stack": ["Rust"], "collaborators": [], "featured": false, "sort_order": 0 }),
        missing: &[("title", "Title is required"), ("summary", "Summary is required")],
        defaults_on_null: &["slug"],
        text_field: "summary",
        html_fields: &[],
        has_slug: true,
    },
    Table {
        path: "courses",
        valid: || json!({ "code": "CS101", "title": "Intro to Security", "credits": 7.5 }),
        missing: &[("code", "Code is required"), ("title", "Title is required")],
        defaults_on_null: &["slug", "year"],
        text_field: "code",
        html_fields: &[],
        has_slug: true,
    },
    Table {
        path: "students",
        valid: || json!({ "name": "Ada Lovelace" }),
        missing: &[("name", "Name is required")],
        defaults_on_null: &["start_year"],
        text_field: "name",
        html_fields: &[],
        has_slug: false,
    },
    Table {
        path: "talks",
        valid: || json!({ "title": "Keynote", "event_name": "RustConf", "date": "2025-09-01" }),
        missing: &[("title", "Title is required"), ("event_name", "Event name is required"), ("date", "Date is required")],
        defaults_on_null: &["slug"],
        text_field: "event_name",
        html_fields: &[],
        has_slug: true,
    },
    Table {
        path: "tags",
        valid: || json!({ "name": "Security" }),
        missing: &[("name", "Name is required")],
        defaults_on_null: &["slug", "color"],
        text_field: "name",
        html_fields: &[],
        has_slug: true,
    },
    Table {
        path: "open-calls",
        valid: || json!({ "title": "PhD position", "slug": "phd-position", "content": "<p>Apply</p>", "requirements": "<ul><li>MSc</li></ul>", "contact_info": "<p>Mail me</p>" }),
        missing: &[("title", "Title is required"), ("slug", "Slug is required")],
        defaults_on_null: &[],
        text_field: "title",
        html_fields: &["content", "requirements", "contact_info"],
        has_slug: true,
    },
];

const HOSTILE: &str =
    r#"<p>ok</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><svg onload="alert(4)"></svg>"#;

async fn error_of(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    let body: Value = response.json().await.expect("error bodies are JSON");
    let message = body["error"]["message"].as_str().unwrap_or_default();
    assert!(body["error"]["code"].is_string() && !message.is_empty(), "unreadable error body {body}");
    (status, body)
}

async fn rows(app: &TestApp, table: &Table) -> Value {
    let response = app.client.get(app.url(&format!("/api/admin/{}", table.path))).send().await.unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn bad_input_is_refused_and_changes_nothing(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    for table in TABLES {
        let collection = app.url(&format!("/api/{}", table.path));
        let created = app.client.post(&collection).json(&(table.valid)()).send().await.unwrap();
        assert_eq!(created.status(), 201, "{}: {}", table.path, created.text().await.unwrap());
        let row: Value = created.json().await.unwrap();
        for (field, value) in (table.valid)().as_object().unwrap() {
            assert_eq!(&row[field], value, "{}.{field} is stored as sent", table.path);
        }
        let item = app.url(&format!("/api/{}/{}", table.path, row["id"].as_str().unwrap()));
        let before = rows(&app, table).await;
        // An update sends every field (see the absent-key test below).
        let valid = || input_of(&row);

        let send_raw = |body: &'static str| app.client.put(&item).header("content-type", "application/json").body(body).send();
        let (status, body) = error_of(send_raw("{\"title\": ").await.unwrap()).await;
        assert_eq!(status, 400, "{}: malformed JSON: {body}", table.path);

        let mut wrong_type = valid();
        wrong_type[table.text_field] = json!(42);
        let (status, body) = error_of(app.client.put(&item).json(&wrong_type).send().await.unwrap()).await;
        assert_eq!(status, 400, "{}: wrong type: {body}", table.path);
        assert!(
            body["error"]["message"].as_str().unwrap().contains(table.text_field),
            "{}: the message names the field: {body}",
            table.path
        );

        let (status, body) = error_of(app.client.put(&item).json(&json!([1, 2])).send().await.unwrap()).await;
        // A 422 on the body (issue 32): serde would read an array as a row of defaults.
        assert_eq!(status, 422, "{}: an array is not a row: {body}", table.path);
        assert!(body["error"]["fields"]["."].as_str().unwrap().contains("JSON object"), "{}: {body}", table.path);

        let (status, body) = error_of(app.client.post(&collection).json(&json!({})).send().await.unwrap()).await;
        assert_eq!(status, 422, "{}: missing fields: {body}", table.path);
        for (field, message) in table.missing {
            assert_eq!(body["error"]["fields"][field], *message, "{}: {body}", table.path);
        }

        let mut oversized = valid();
        oversized[table.text_field] = json!("x".repeat(1024 * 1024));
        let (status, body) = error_of(app.client.put(&item).json(&oversized).send().await.unwrap()).await;
        assert_eq!(status, 422, "{}: a 1 MB {}: {body}", table.path, table.text_field);
        assert!(body["error"]["fields"][table.text_field].as_str().unwrap().contains("at most"), "{}: {body}", table.path);

        let unknown = app.url(&format!("/api/{}/{}", table.path, uuid::Uuid::new_v4()));
        let (status, body) = error_of(app.client.put(&unknown).json(&valid()).send().await.unwrap()).await;
        assert_eq!(status, 404, "{}: update of an unknown id: {body}", table.path);
        let (status, _) = error_of(app.client.delete(&unknown).send().await.unwrap()).await;
        assert_eq!(status, 404, "{}: delete of an unknown id", table.path);
        let (status, _) = error_of(app.client.delete(app.url(&format!("/api/{}/42", table.path))).send().await.unwrap()).await;
        assert_eq!(status, 400, "{}: an id that is not a UUID", table.path);

        if table.has_slug {
            let mut clash = (table.valid)();
            clash["slug"] = row["slug"].clone();
            let (status, body) = error_of(app.client.post(&collection).json(&clash).send().await.unwrap()).await;
            assert_eq!(status, 422, "{}: slug clash: {body}", table.path);
            assert!(body["error"]["fields"]["slug"].as_str().unwrap().contains("already uses this slug"), "{}: {body}", table.path);
        }

        assert_eq!(rows(&app, table).await, before, "{}: no bad request changed anything", table.path);

        // Hostile HTML: rich text is stored sanitised, plain text is stored as text (the pages escape it).
        let mut hostile = valid();
        hostile[table.text_field] = json!(HOSTILE);
        for field in table.html_fields {
            hostile[*field] = json!(HOSTILE);
        }
        let response = app.client.put(&item).json(&hostile).send().await.unwrap();
        assert_eq!(response.status(), 200, "{}: {}", table.path, response.text().await.unwrap());
        let saved: Value = response.json().await.unwrap();
        assert_eq!(saved[table.text_field], HOSTILE, "{}: plain text is kept as typed", table.path);
        for field in table.html_fields {
            let html = saved[*field].as_str().unwrap();
            assert!(html.contains("<p>ok</p>"), "{}: {html}", table.path);
            for bad in ["<script", "onerror", "javascript:", "onload", "<svg"] {
                assert!(!html.contains(bad), "{}.{field} kept {bad}: {html}", table.path);
            }
        }
    }
}

async fn every_write_and_owner_read_needs_a_session(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    let id = uuid::Uuid::new_v4();
    let mut requests = Vec::new();
    for table in TABLES {
        let path = table.path;
        requests.push(app.client.post(app.url(&format!("/api/{path}"))).json(&(table.valid)()));
        requests.push(app.client.put(app.url(&format!("/api/{path}/{id}"))).json(&(table.valid)()));
        requests.push(app.client.delete(app.url(&format!("/api/{path}/{id}"))));
        requests.push(app.client.get(app.url(&format!("/api/{path}/{id}"))));
        requests.push(app.client.get(app.url(&format!("/api/admin/{path}"))));
    }
    for section in ["hero", "stats", "about", "contact"] {
        requests.push(app.client.put(app.url(&format!("/api/homepage/{section}"))).json(&json!({})));
    }
    requests.push(app.client.get(app.url("/api/settings")));
    requests.push(app.client.put(app.url("/api/settings")).json(&json!({ "analytics_script_url": "", "show_students_publicly": true })));
    for bucket in ["profile-photos", "cv-files"] {
        requests.push(app.client.post(app.url(&format!("/api/uploads/{bucket}?filename=a.pdf"))).body("%PDF-1.4"));
        requests.push(app.client.delete(app.url(&format!("/api/uploads/{bucket}/1-abc.pdf"))));
    }
    requests.push(app.client.put(app.url("/api/auth/password")).json(&json!({ "current_password": "a", "new_password": "b" })));
    requests.push(app.client.get(app.url("/api/auth/sessions")));
    requests.push(app.client.delete(app.url(&format!("/api/auth/sessions/{id}"))));
    let count = requests.len();
    for request in requests {
        let request = request.build().unwrap();
        let description = format!("{} {}", request.method(), request.url().path());
        let (status, _) = error_of(app.client.execute(request).await.unwrap()).await;
        assert_eq!(status, 401, "{description} without a session");
    }
    assert_eq!(count, 9 * 5 + 4 + 2 + 4 + 3);
    for table in TABLES {
        assert!(rows_in_store(&app, table.path).await == 0, "{} got a row without a session", table.path);
    }
}

/// The input an update sends to keep a row as it is: every field of the row but the id and
/// the timestamps (each input field has a column of the same name), and the ids of its tags
/// for the tags it shows.
fn input_of(row: &Value) -> Value {
    let mut input = row.clone();
    let object = input.as_object_mut().unwrap();
    for key in ["id", "created_at", "updated_at"] {
        object.remove(key);
    }
    if let Some(Value::Array(tags)) = object.remove("tags") {
        object.insert("tag_ids".into(), tags.iter().map(|tag| tag["id"].clone()).collect());
    }
    input
}

/// An update must name every field: a key left out is a 422 on that key and changes nothing
/// (it never erases the stored value); `null` empties an optional field (or gives it its
/// default) and is a 4xx naming the field where the field cannot be empty.
async fn updates_refuse_absent_keys_and_take_null(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    for table in TABLES {
        let created = app.client.post(app.url(&format!("/api/{}", table.path))).json(&(table.valid)()).send().await.unwrap();
        assert_eq!(created.status(), 201, "{}", table.path);
        let row: Value = created.json().await.unwrap();
        let item = app.url(&format!("/api/{}/{}", table.path, row["id"].as_str().unwrap()));
        let complete = input_of(&row);
        let unchanged = app.client.put(&item).json(&complete).send().await.unwrap();
        assert_eq!(unchanged.status(), 200, "{}: the complete input is accepted", table.path);
        let before = rows(&app, table).await;
        let keys: Vec<String> = complete.as_object().unwrap().keys().cloned().collect();
        assert!(keys.len() >= 3, "{}: {keys:?}", table.path);
        for key in &keys {
            let mut absent = complete.clone();
            absent.as_object_mut().unwrap().remove(key);
            let (status, body) = error_of(app.client.put(&item).json(&absent).send().await.unwrap()).await;
            assert_eq!(status, 422, "{}: without {key}: {body}", table.path);
            let message = body["error"]["fields"][key].as_str().unwrap_or_default();
            assert!(message.contains("missing"), "{}: the error names {key}: {body}", table.path);
            assert_eq!(rows(&app, table).await, before, "{}: a PUT without {key} changed the row", table.path);
        }
        for key in &keys {
            let mut nulled = complete.clone();
            nulled[key] = Value::Null;
            let response = app.client.put(&item).json(&nulled).send().await.unwrap();
            if response.status() == 200 {
                let saved: Value = response.json().await.unwrap();
                if table.defaults_on_null.contains(&key.as_str()) {
                    assert!(!saved[key].is_null(), "{}.{key}: null takes the default", table.path);
                } else {
                    assert!(saved[key].is_null(), "{}.{key}: null empties the field: {saved}", table.path);
                }
                // Put the row back for the next key.
                let restored = app.client.put(&item).json(&complete).send().await.unwrap();
                assert_eq!(restored.status(), 200, "{}", table.path);
            } else {
                let (status, body) = error_of(response).await;
                // A field that cannot be empty: a wrong type (400) or a required value (422), named.
                let named = body["error"]["message"].as_str().unwrap().contains(key.as_str()) || body["error"]["fields"][key].is_string();
                assert!(status == 400 || status == 422, "{}: {key}: null: {body}", table.path);
                assert!(named, "{}: the error names {key}: {body}", table.path);
                assert!(!table.defaults_on_null.contains(&key.as_str()), "{}.{key} should take null", table.path);
            }
            let contents = |rows: Value| rows.as_array().unwrap().iter().map(input_of).collect::<Vec<_>>();
            assert_eq!(contents(rows(&app, table).await), contents(before.clone()), "{}: after null {key} and the restore", table.path);
        }
    }
    // A value outside a fixed set is the user's mistake on that field, with the allowed values.
    for (path, field, body, message) in [
        ("courses", "term", json!({ "code": "C", "title": "T", "term": "autumn" }), "Term must be one of: spring, summer, fall, winter"),
        (
            "talks",
            "type",
            json!({ "title": "T", "event_name": "E", "date": "2025-01-01", "type": "panel" }),
            "Type must be one of: invited, keynote, conference, workshop, seminar, webinar",
        ),
        ("news", "status", json!({ "title": "T", "content": "C", "status": "hidden" }), "Status must be one of: published, draft"),
    ] {
        let (status, error) = error_of(app.client.post(app.url(&format!("/api/{path}"))).json(&body).send().await.unwrap()).await;
        assert_eq!((status.as_u16(), error["error"]["fields"][field].as_str()), (422, Some(message)), "{path}: {error}");
    }
}

/// Rows of a table, read straight from the store (no session needed).
async fn rows_in_store(app: &TestApp, path: &str) -> usize {
    use sea_orm::{ConnectionTrait, Statement};
    let table = path.replace('-', "_").replace("news", "news_items");
    let sql = format!("SELECT COUNT(*) AS n FROM {table}");
    let row = app.test_db.db.query_one_raw(Statement::from_string(app.test_db.db.get_database_backend(), sql)).await.unwrap().unwrap();
    row.try_get::<i64>("", "n").unwrap() as usize
}

on_both_databases!(
    bad_input_is_refused_and_changes_nothing,
    every_write_and_owner_read_needs_a_session,
    updates_refuse_absent_keys_and_take_null
);
