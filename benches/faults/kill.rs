//! `kill -9` during writes: writers create news items with unique titles as fast as the server
//! takes them while the real binary is SIGKILLed at a random moment and started again on the
//! same data, cycle after cycle. Every write answered 201 was acknowledged and must be in the
//! database afterwards; on SQLite the file must pass `PRAGMA integrity_check`.
//!
//! Shared by `benches/faults` (20 cycles against the release binary) and `tests/it/faults.rs`
//! (3 cycles against the debug binary, on SQLite and PostgreSQL).

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::Rng;
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, Statement};
use serde_json::json;

use super::server::ServerSpec;

/// Concurrent writers: enough to keep several writes in flight when the kill lands.
const WRITERS: usize = 4;

pub struct KillReport {
    pub cycles: u32,
    pub acknowledged: usize,
    /// Writes that got an answer other than 201 (refused, not acknowledged).
    pub refused: u64,
    /// Acknowledged titles missing after the last restart.
    pub lost: Vec<String>,
    /// `PRAGMA integrity_check` on SQLite (`ok` when sound); None on PostgreSQL.
    pub integrity: Option<String>,
}

impl KillReport {
    pub fn summary(&self) -> String {
        let integrity = match &self.integrity {
            Some(result) if result == "ok" => ", integrity ok".to_owned(),
            Some(result) => format!(", integrity check: {result}"),
            None => String::new(),
        };
        format!(
            "{} kill -9 cycles: acknowledged {}, lost {}{integrity} ({} writes refused while the server was dying)",
            self.cycles,
            self.acknowledged,
            self.lost.len(),
            self.refused
        )
    }
}

/// Runs `cycles` start → write → SIGKILL cycles, each killed `kill_after` (a random time in the
/// range) after the writers start, then starts the server once more and checks the database
/// (`check_db`: a connection to the database the server uses) for every acknowledged write.
pub async fn run(
    spec: &ServerSpec,
    owner: (&str, &str),
    cycles: u32,
    kill_after: std::ops::Range<Duration>,
    check_db: &DatabaseConnection,
) -> KillReport {
    spec.add_owner(owner.0, owner.1);
    let client = reqwest::Client::builder().cookie_store(true).timeout(Duration::from_secs(10)).build().expect("client");
    let acknowledged: Arc<Mutex<Vec<String>>> = Arc::default();
    let refused = Arc::new(AtomicU64::new(0));
    for cycle in 0..cycles {
        let server = spec.start();
        let base = server.base.clone();
        if cycle == 0 {
            // The session is stored: the cookie stays valid over the restarts.
            let signed_in = client
                .post(server.url("/api/auth/token"))
                .header("origin", &base)
                .json(&json!({ "email": owner.0, "password": owner.1 }))
                .send()
                .await
                .expect("sign in");
            assert_eq!(signed_in.status(), 200, "sign-in failed");
        }
        let counter = Arc::new(AtomicU64::new(0));
        let mut writers = tokio::task::JoinSet::new();
        for writer in 0..WRITERS {
            let (client, base, acknowledged, refused, counter) =
                (client.clone(), base.clone(), acknowledged.clone(), refused.clone(), counter.clone());
            writers.spawn(async move {
                loop {
                    let n = counter.fetch_add(1, Ordering::Relaxed);
                    let title = format!("Acknowledged write {cycle}.{writer}.{n}");
                    let body = json!({ "title": title, "content": "<p>Written while the server may die.</p>" });
                    match client.post(format!("{base}/api/news")).header("origin", &base).json(&body).send().await {
                        // No await between the answer and the record: an abort cannot come between.
                        Ok(response) if response.status() == 201 => acknowledged.lock().unwrap().push(title),
                        Ok(_) => {
                            refused.fetch_add(1, Ordering::Relaxed);
                        }
                        // The server is gone: wait for the kill to be noticed.
                        Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
                    }
                }
            });
        }
        let wait = rand::rng().random_range(kill_after.clone());
        tokio::time::sleep(wait).await;
        server.kill9();
        writers.abort_all();
        while writers.join_next().await.is_some() {}
    }
    // One more start: the server must come up on what the kills left (recovery, migrations).
    let server = spec.start();
    let ready = client.get(server.url("/readyz")).send().await.expect("readyz").status();
    assert_eq!(ready, 200, "the server is not ready after the last kill: {}", spec.log());
    assert!(server.stop(), "the server did not stop cleanly after the kills");

    let db = check_db;
    let rows = db
        .query_all_raw(Statement::from_string(db.get_database_backend(), "SELECT title FROM news_items"))
        .await
        .expect("read the news items");
    let stored: HashSet<String> = rows.iter().map(|row| row.try_get::<String>("", "title").expect("title")).collect();
    let acknowledged = std::mem::take(&mut *acknowledged.lock().unwrap());
    let lost: Vec<String> = acknowledged.iter().filter(|title| !stored.contains(*title)).cloned().collect();
    let integrity = match db.get_database_backend() {
        DatabaseBackend::Sqlite => {
            let row = db
                .query_one_raw(Statement::from_string(db.get_database_backend(), "PRAGMA integrity_check"))
                .await
                .expect("integrity check")
                .expect("a row");
            Some(row.try_get_by_index::<String>(0).expect("result"))
        }
        _ => None,
    };
    KillReport { cycles, acknowledged: acknowledged.len(), refused: refused.load(Ordering::Relaxed), lost, integrity }
}
