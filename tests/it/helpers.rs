//! Test fixtures: a fresh database of either kind per test, and the real app on a free port.

use sea_orm::{ConnectionTrait, DatabaseConnection};
use tempfile::TempDir;
use vita::app::App;
use vita::config::{Config, StoreConfig};
use vita::store::{self, Database};

/// The PostgreSQL server the tests use. Each test gets its own schema in it, so runs and
/// tests cannot collide. An unreachable server fails the test: it is never skipped.
pub fn postgres_url() -> String {
    std::env::var("VITA_TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

/// A migrated, empty database that disappears with the value.
pub struct TestDb {
    pub db: DatabaseConnection,
    pub kind: &'static str,
    _dir: Option<TempDir>,
    schema: Option<String>,
}

impl TestDb {
    pub async fn sqlite() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let database = Database::Sqlite { path: dir.path().join(store::SQLITE_FILE) };
        let db = store::connect(&database).await.expect("open SQLite");
        store::migrate(&db).await.expect("migrate SQLite");
        Self { db, kind: "sqlite", _dir: Some(dir), schema: None }
    }

    pub async fn postgres() -> Self {
        let url = postgres_url();
        let schema = format!("vita_test_{}", uuid::Uuid::new_v4().simple());
        let admin = store::connect(&Database::Postgres { url: url.clone(), schema: None }).await.unwrap_or_else(|e| {
            panic!("PostgreSQL is not reachable at {url} ({e:#}); the store tests need it (set VITA_TEST_DATABASE_URL)")
        });
        admin.execute_unprepared(&format!("CREATE SCHEMA {schema}")).await.expect("create schema");
        store::close(admin).await;
        let db = store::connect(&Database::Postgres { url, schema: Some(schema.clone()) }).await.expect("connect to schema");
        store::migrate(&db).await.expect("migrate PostgreSQL");
        Self { db, kind: "postgres", _dir: None, schema: Some(schema) }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let Some(schema) = self.schema.take() else { return };
        // Drop runs outside async code: clean up on a thread of its own with its own runtime.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
            runtime.block_on(async {
                if let Ok(admin) = store::connect(&Database::Postgres { url: postgres_url(), schema: None }).await {
                    let _ = admin.execute_unprepared(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).await;
                    store::close(admin).await;
                }
            });
        })
        .join();
    }
}

/// Runs one async test case against a fresh SQLite file and a fresh PostgreSQL schema.
#[macro_export]
macro_rules! on_both_databases {
    ($($case:ident),* $(,)?) => {
        $(
            mod $case {
                #[tokio::test]
                async fn sqlite() {
                    super::$case($crate::helpers::TestDb::sqlite().await).await;
                }

                #[tokio::test]
                async fn postgres() {
                    super::$case($crate::helpers::TestDb::postgres().await).await;
                }
            }
        )*
    };
}

/// The real server on a free port, with its own database and data folder.
pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub test_db: TestDb,
    /// The first-run setup's token (`App::setup_token`), when the app started with no owner.
    pub setup_token: Option<String>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    _data: TempDir,
}

pub const OWNER_EMAIL: &str = "owner@example.org";
pub const OWNER_PASSWORD: &str = "correct horse battery staple";

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_on(TestDb::sqlite().await).await
    }

    pub async fn spawn_on(test_db: TestDb) -> Self {
        Self::spawn_configured(test_db, vec![]).await
    }

    /// The app behind a reverse proxy at 127.0.0.1: `X-Forwarded-For` names the client.
    pub async fn spawn_behind_proxy(test_db: TestDb) -> Self {
        Self::spawn_configured(test_db, vec!["127.0.0.1/32".parse().unwrap()]).await
    }

    async fn spawn_configured(test_db: TestDb, trusted_proxies: Vec<ipnet::IpNet>) -> Self {
        let data = tempfile::tempdir().expect("temp dir");
        let config = Config {
            listen: "127.0.0.1:0".parse().unwrap(),
            base_url: None,
            render_workers: 1,
            trusted_proxies,
            store: StoreConfig { data_dir: data.path().to_owned(), database_url: None, s3_bucket: None },
        };
        let app = App::build_with(&config, test_db.db.clone()).await.expect("build app");
        let address = app.local_addr();
        let setup_token = app.setup_token().map(str::to_owned);
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(app.serve(async move {
            let _ = rx.await;
        }));
        let client = reqwest::Client::builder().cookie_store(true).build().unwrap();
        Self { base: format!("http://{address}"), client, test_db, setup_token, shutdown: Some(tx), _data: data }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The app's data folder (uploads are in `files/<bucket>/`).
    pub fn data_dir(&self) -> &std::path::Path {
        self._data.path()
    }

    /// Creates the owner account and signs this app's client in.
    pub async fn sign_in(&self) {
        vita::auth::add_owner(&self.test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.expect("add owner");
        let response = self
            .client
            .post(self.url("/api/auth/token"))
            .json(&serde_json::json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "sign-in failed: {}", response.text().await.unwrap());
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}
