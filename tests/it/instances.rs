//! Two real `vita serve` processes on one PostgreSQL schema and one S3 bucket (moto), as behind
//! a load balancer: an edit through A shows on B within a second, an upload through A is
//! served by B, a write that rolls back announces nothing, B's listener connection killed makes
//! B reconnect and drop its cache, and sessions and the sign-in lock are shared.

#[path = "../../benches/faults/instances.rs"]
mod processes;

use std::time::{Duration, Instant};

use processes::{HEARD, Instance, edit_delays, percentile, save_hero_name, sign_in, time_until_shown};
use reqwest::Method;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::helpers::{OWNER_EMAIL, OWNER_PASSWORD, S3Server, TestDb};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

/// Waits (at most five seconds) until `instance` has logged `needle` `times` times.
async fn logged(instance: &Instance, needle: &str, times: usize) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let log = instance.log();
        if log.matches(needle).count() >= times {
            return log;
        }
        assert!(Instant::now() < deadline, "{needle:?} not logged {times} times within 5 s:\n{log}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn shows(instance: &Instance, path: &str, needle: &str) {
    let shown = time_until_shown(instance, path, needle, Instant::now(), Duration::from_secs(5)).await;
    assert!(shown.is_some(), "{path} on {} did not show {needle:?} within 5 s", instance.base);
}

#[tokio::test]
async fn two_instances_share_edits_uploads_sessions_and_the_sign_in_lock() {
    let test_db = TestDb::postgres().await;
    let s3 = S3Server::start().await;
    vita::auth::add_owner(&test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_vita"));
    let env = [s3.environment(), vec![("VITA_S3_BUCKET".to_owned(), s3.bucket.clone())]].concat();
    let a = Instance::start(bin, &test_db.database_url(), &env);
    // Started second: its listener is the newer of the two connections named vita-listener.
    let b = Instance::start(bin, &test_db.database_url(), &env);

    // A session made on A is good on B.
    let cookie = sign_in(&a, OWNER_EMAIL, OWNER_PASSWORD).await;
    let session = b.request(Method::GET, "/api/auth/session", &cookie).send().await.unwrap();
    assert_eq!(session.status(), 200);
    assert!(session.text().await.unwrap().contains(OWNER_EMAIL));

    // Edits through A show on B (whose home page is cached) within a second.
    let delays = edit_delays(&a, &b, &cookie, 5).await;
    assert!(percentile(&delays, 100) <= Duration::from_secs(1), "edit to visible on the other instance: {delays:?}");

    // An upload through A is served by B.
    let uploaded = a.request(Method::POST, "/api/uploads/cv-files?filename=cv.pdf", &cookie).body(PDF).send().await.unwrap();
    assert_eq!(uploaded.status(), 201, "{}", a.log());
    let file: Value = uploaded.json().await.unwrap();
    let served = reqwest::get(b.url(file["url"].as_str().unwrap())).await.unwrap();
    assert_eq!((served.status().as_u16(), served.bytes().await.unwrap().as_ref()), (200, PDF));

    // A write that fails inside its transaction (after its announcement) announces nothing:
    // B hears the committed writes only, in commit order.
    let heard = logged(&b, HEARD, delays.len()).await.matches(HEARD).count();
    assert_eq!(heard, delays.len(), "B heard each of A's saves once (and the upload changed no page)");
    let news = a.request(Method::POST, "/api/news", &cookie).json(&json!({ "title": "Seen by all", "content": "x" })).send().await.unwrap();
    assert_eq!(news.status(), 201);
    let bibtex = "@article{a, title={A paper}, author={Doe, Jane}, journal={J}, year=2024}";
    let failed = a
        .request(Method::POST, "/api/publications/import", &cookie)
        .json(&json!({ "bibtex": bibtex, "import": [5], "update": [] }))
        .send()
        .await
        .unwrap();
    assert!(failed.status().is_client_error(), "{}", failed.status());
    save_hero_name(&a, &cookie, "Dr. After The Rollback").await;
    shows(&b, "/", "Dr. After The Rollback").await;
    shows(&b, "/news", "Seen by all").await;
    let log = logged(&b, HEARD, heard + 2).await;
    assert_eq!(log.matches(HEARD).count(), heard + 2, "the failed import was heard:\n{log}");

    // A change B cannot hear (made in the database directly) stays unseen on B while its
    // cache holds the page...
    let changed = test_db
        .db
        .execute_unprepared("UPDATE news_items SET title = 'Heard by nobody' WHERE title = 'Seen by all'")
        .await
        .unwrap()
        .rows_affected();
    assert_eq!(changed, 1);
    let cached = reqwest::get(b.url("/news")).await.unwrap().text().await.unwrap();
    assert!(cached.contains("Seen by all"), "B's /news comes from its cache");

    // ...until B's listener connection is killed: B logs it, reconnects and drops its cache.
    let schema: String = test_db
        .db
        .query_one_raw(sea_orm::Statement::from_string(test_db.db.get_database_backend(), "SELECT current_schema()::text AS s"))
        .await
        .unwrap()
        .unwrap()
        .try_get("", "s")
        .unwrap();
    let listeners = test_db
        .db
        .query_all_raw(sea_orm::Statement::from_string(
            test_db.db.get_database_backend(),
            format!(
                "SELECT pid FROM pg_stat_activity WHERE application_name = 'vita-listener' AND query = 'LISTEN \"vita_{schema}\"' \
                 ORDER BY backend_start"
            ),
        ))
        .await
        .unwrap();
    assert_eq!(listeners.len(), 2, "one listener per instance");
    let b_listener: i32 = listeners[1].try_get("", "pid").unwrap();
    test_db.db.execute_unprepared(&format!("SELECT pg_terminate_backend({b_listener})")).await.unwrap();
    // An edit through A while B is not listening.
    save_hero_name(&a, &cookie, "Dr. While B Was Away").await;
    logged(&b, "lost the connection that listens for other instances' writes", 1).await;
    logged(&b, "reconnected: listening for other instances' writes again", 1).await;
    shows(&b, "/news", "Heard by nobody").await;
    shows(&b, "/", "Dr. While B Was Away").await;

    // Five wrong passwords through A lock this address out on B too.
    let attempt = |instance: &Instance, password: &str| {
        let request = reqwest::Client::new().post(instance.url("/api/auth/token"));
        request.json(&json!({ "email": OWNER_EMAIL, "password": password })).send()
    };
    for _ in 0..5 {
        assert_eq!(attempt(&a, "wrong password").await.unwrap().status(), 400);
    }
    assert_eq!(attempt(&b, OWNER_PASSWORD).await.unwrap().status(), 429);
}
