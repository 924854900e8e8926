//! Another connection holds the write lock: a write through the API answers 503 with
//! `Retry-After` within about a second, and public pages keep answering.

use std::time::{Duration, Instant};

use sea_orm::sqlx::{Connection, Executor, PgConnection, SqliteConnection};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::json;

use crate::helpers::{TestApp, TestDb, postgres_url};
use crate::on_both_databases;

/// A connection of its own that holds the write lock until dropped.
enum Locker {
    Sqlite(SqliteConnection),
    Postgres(PgConnection),
}

impl Locker {
    async fn release(self) {
        match self {
            Locker::Sqlite(mut connection) => {
                connection.execute("ROLLBACK").await.unwrap();
                connection.close().await.unwrap();
            }
            Locker::Postgres(mut connection) => {
                connection.execute("ROLLBACK").await.unwrap();
                connection.close().await.unwrap();
            }
        }
    }
}

async fn one_value(test_db: &TestDb, sql: &str) -> String {
    let row = test_db.db.query_one_raw(Statement::from_string(test_db.db.get_database_backend(), sql)).await.unwrap().unwrap();
    row.try_get_by_index::<String>(0).unwrap()
}

async fn lock_writes(test_db: &TestDb) -> Locker {
    if test_db.kind == "sqlite" {
        let path = one_value(test_db, "SELECT file FROM pragma_database_list WHERE name = 'main'").await;
        let mut connection = SqliteConnection::connect(&format!("sqlite://{path}")).await.unwrap();
        connection.execute("BEGIN IMMEDIATE").await.unwrap();
        Locker::Sqlite(connection)
    } else {
        let schema = one_value(test_db, "SELECT current_schema()::text").await;
        let lock = format!("LOCK TABLE {schema}.news_items IN EXCLUSIVE MODE");
        let mut connection = PgConnection::connect(&postgres_url()).await.unwrap();
        connection.execute("BEGIN").await.unwrap();
        // Blocks every write to the table; reads go on.
        connection.execute(sea_orm::sqlx::raw_sql(sea_orm::sqlx::AssertSqlSafe(lock))).await.unwrap();
        Locker::Postgres(connection)
    }
}

async fn a_write_to_a_locked_database_answers_503_at_once(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let news = json!({ "title": "T", "content": "C" });
    assert_eq!(app.client.post(app.url("/api/news")).json(&news).send().await.unwrap().status(), 201);
    assert_eq!(app.client.get(app.url("/news")).send().await.unwrap().status(), 200);

    let locker = lock_writes(&app.test_db).await;
    let started = Instant::now();
    let response = tokio::time::timeout(Duration::from_secs(15), app.client.post(app.url("/api/news")).json(&news).send())
        .await
        .expect("the write waits on the lock without end")
        .unwrap();
    let waited = started.elapsed();
    assert_eq!(response.status(), 503, "{}", response.text().await.unwrap());
    assert_eq!(response.headers()["retry-after"], "1");
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "unavailable");
    // The lock wait is a second; it used to be five.
    assert!(waited < Duration::from_secs(5), "the write waited {waited:?} for the lock");

    // Public pages and reads are not held up by the lock.
    let page = tokio::time::timeout(Duration::from_secs(10), app.client.get(app.url("/news")).send()).await;
    assert_eq!(page.expect("a public page waits on the locked database").unwrap().status(), 200);
    let list = tokio::time::timeout(Duration::from_secs(10), app.client.get(app.url("/api/news")).send()).await;
    assert_eq!(list.expect("a public read waits on the locked database").unwrap().status(), 200);

    locker.release().await;
    // Once the lock is gone, the same write goes through.
    assert_eq!(app.client.post(app.url("/api/news")).json(&news).send().await.unwrap().status(), 201);
}

on_both_databases!(a_write_to_a_locked_database_answers_503_at_once);
