//! The fault suite's short versions (issue 15, item 10), against the real `vita` binary on
//! SQLite and PostgreSQL, each bounded in time, on 127.0.0.1, the server stopped by its PID:
//! load with one owner save a second answers every request; `kill -9` during writes loses no
//! acknowledged write. The full figures come from `benches/faults` (bench/run), which shares
//! this code.

#[path = "../../benches/faults/kill.rs"]
mod kill;
#[path = "../../benches/faults/load.rs"]
mod load;
#[path = "../../benches/faults/server.rs"]
mod server;

use std::time::Duration;

use serde_json::json;

use crate::helpers::{OWNER_EMAIL, OWNER_PASSWORD, TestDb};
use server::ServerSpec;

/// Read requests per second of the short load run.
const RATE: u32 = 200;
const SECONDS: u64 = 5;

fn spec(test_db: &TestDb, data: &tempfile::TempDir) -> ServerSpec {
    ServerSpec {
        bin: env!("CARGO_BIN_EXE_vita").into(),
        data_dir: data.path().to_owned(),
        database_url: Some(test_db.database_url()),
        cpu: None,
        render_workers: None,
    }
}

/// A small site: a paper (its page is in the load), a talk, a project, a student.
async fn seed(base: &str) {
    let client = reqwest::Client::builder().cookie_store(true).build().unwrap();
    let signed_in = client
        .post(format!("{base}/api/auth/token"))
        .header("origin", base)
        .json(&json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_in.status(), 200);
    for (path, body) in [
        ("/api/publications", json!({ "title": "Masking AES under load", "authors": ["A. Author"], "venue": "CHES", "year": 2024 })),
        ("/api/talks", json!({ "title": "A talk", "event_name": "DATE", "date": "2024-03-10" })),
        ("/api/projects", json!({ "title": "A project", "summary": "<p>Summary</p>" })),
        ("/api/students", json!({ "name": "Ada Student", "status": "current" })),
    ] {
        let created = client.post(format!("{base}{path}")).header("origin", base).json(&body).send().await.unwrap();
        assert_eq!(created.status(), 201, "{path}: {}", created.text().await.unwrap());
    }
}

async fn load_with_writes_answers_every_request(test_db: TestDb) {
    let data = tempfile::tempdir().unwrap();
    let spec = spec(&test_db, &data);
    spec.add_owner(OWNER_EMAIL, OWNER_PASSWORD);
    let server = spec.start();
    seed(&server.base).await;
    let plan = load::Plan {
        base: server.base.clone(),
        paths: load::public_paths(&server.base).await,
        rate: RATE,
        duration: Duration::from_secs(SECONDS),
        timeout: Duration::from_secs(5),
        owner: Some((OWNER_EMAIL.to_owned(), OWNER_PASSWORD.to_owned())),
    };
    let rss_before = server.rss_mb().unwrap_or_default();
    let report = load::run(&plan).await;
    let rss_after = server.rss_mb().unwrap_or_default();
    eprintln!("{} ({}): {}; RSS {rss_before:.0} → {rss_after:.0} MB", test_db.kind, server.pid(), report.summary());
    assert_eq!(report.reads, u64::from(RATE) * SECONDS);
    assert_eq!(report.writes, SECONDS, "one save a second");
    assert_eq!(report.error_count(), 0, "{}", report.summary());
    assert!(server.stop(), "the server stops cleanly after the load");
}

async fn kill_9_during_writes_loses_no_acknowledged_write(test_db: TestDb) {
    let data = tempfile::tempdir().unwrap();
    let spec = spec(&test_db, &data);
    let report =
        kill::run(&spec, (OWNER_EMAIL, OWNER_PASSWORD), 3, Duration::from_millis(300)..Duration::from_millis(1500), &test_db.db).await;
    eprintln!("{}: {}", test_db.kind, report.summary());
    assert!(report.acknowledged > 0, "no write was acknowledged: {}", spec.log());
    assert_eq!(report.lost, Vec::<String>::new(), "acknowledged writes lost over the kills");
    if test_db.kind == "sqlite" {
        assert_eq!(report.integrity.as_deref(), Some("ok"));
    }
}

/// Like `on_both_databases!`, on a runtime with two threads: the load's many requests in
/// flight and the blocking waits on the child process do not stall each other.
macro_rules! on_both_databases_threaded {
    ($($case:ident),* $(,)?) => {
        $(
            mod $case {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$case($crate::helpers::TestDb::sqlite().await).await;
                }

                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    super::$case($crate::helpers::TestDb::postgres().await).await;
                }
            }
        )*
    };
}

on_both_databases_threaded!(load_with_writes_answers_every_request, kill_9_during_writes_loses_no_acknowledged_write);
