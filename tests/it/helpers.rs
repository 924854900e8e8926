//! Test fixtures: a fresh database of either kind per test, and the real app on a free port.

use std::io::BufRead;
use std::process::{Child, Command, Stdio};

use sea_orm::{ConnectionTrait, DatabaseConnection};
use serde_json::{Value, json};
use tempfile::TempDir;
use vita::app::App;
use vita::ops::config::{Config, OutsideConfig, StoreConfig};
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

impl TestDb {
    /// The `--database-url` that points the real `vita` binary at this database.
    pub fn database_url(&self) -> String {
        match (&self.schema, &self._dir) {
            // sqlx's `options[search_path]`: the binary's connections use the test's schema.
            (Some(schema), _) => format!("{}?options[search_path]={schema}", postgres_url()),
            (None, Some(dir)) => format!("sqlite:{}", dir.path().join(store::SQLITE_FILE).display()),
            (None, None) => unreachable!("a test database is a SQLite file or a PostgreSQL schema"),
        }
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

/// Runs one async test case (taking the app) with uploads kept in the data folder (on SQLite)
/// and in a bucket of a local S3 server (on PostgreSQL): the same results on both.
#[macro_export]
macro_rules! on_both_file_stores {
    ($($case:ident),* $(,)?) => {
        $(
            mod $case {
                use $crate::helpers::{S3Server, TestApp, TestDb};

                #[tokio::test]
                async fn local_files() {
                    super::$case(TestApp::spawn_on(TestDb::sqlite().await).await).await;
                }

                #[tokio::test]
                async fn s3() {
                    super::$case(TestApp::spawn_on_s3(TestDb::postgres().await, S3Server::start().await).await).await;
                }
            }
        )*
    };
}

/// A local S3 server (moto, from the virtualenv `./scripts/test` creates) on a free port, with
/// one empty bucket; stopped, by its process id, when dropped.
pub struct S3Server {
    process: Option<std::process::Child>,
    pub endpoint: String,
    pub bucket: String,
}

impl S3Server {
    pub async fn start() -> Self {
        let moto = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/moto_server");
        assert!(moto.exists(), "{} is missing: ./scripts/test creates the virtualenv (tests/python-requirements.txt)", moto.display());
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let process = std::process::Command::new(&moto)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start moto_server");
        let server = Self { process: Some(process), endpoint: format!("http://127.0.0.1:{port}"), bucket: "vita-test".to_owned() };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        // moto takes no credentials: plain requests create the bucket and list it.
        let client = reqwest::Client::new();
        loop {
            if let Ok(response) = client.put(format!("{}/{}", server.endpoint, server.bucket)).send().await {
                assert!(response.status().is_success(), "creating the bucket: {}", response.status());
                return server;
            }
            assert!(std::time::Instant::now() < deadline, "moto_server did not answer on port {port} within 30 s");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }

    /// The settings that point Vita at this server (`StoreConfig::s3_settings`).
    pub fn settings(&self) -> Vec<(String, String)> {
        [
            ("aws_endpoint", self.endpoint.as_str()),
            ("aws_allow_http", "true"),
            ("aws_access_key_id", "test"),
            ("aws_secret_access_key", "test"),
            ("aws_region", "us-east-1"),
            ("aws_virtual_hosted_style_request", "false"),
        ]
        .into_iter()
        .map(|(key, value)| (key.to_owned(), value.to_owned()))
        .collect()
    }

    /// The same settings as the environment of a `vita` process (`AWS_ENDPOINT`…).
    pub fn environment(&self) -> Vec<(String, String)> {
        self.settings().into_iter().map(|(key, value)| (key.to_ascii_uppercase(), value)).collect()
    }

    /// The keys stored under `prefix`.
    pub async fn keys(&self, prefix: &str) -> Vec<String> {
        let url = format!("{}/{}?list-type=2&prefix={prefix}", self.endpoint, self.bucket);
        let listing = reqwest::get(url).await.unwrap().text().await.unwrap();
        listing.split("<Key>").skip(1).filter_map(|rest| rest.split_once("</Key>")).map(|(key, _)| key.to_owned()).collect()
    }

    /// The object's ETag as S3 reports it (a multipart upload's ends in `-<parts>`).
    pub async fn etag(&self, key: &str) -> String {
        let response = reqwest::Client::new().head(format!("{}/{}/{key}", self.endpoint, self.bucket)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{key}");
        response.headers()["etag"].to_str().unwrap().trim_matches('"').to_owned()
    }

    /// Stops the server (the storage goes down).
    pub fn stop(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.kill();
            let _ = process.wait();
        }
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The real server on a free port, with its own database and data folder.
pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub test_db: TestDb,
    /// The app's page cache, to check what a write made stale.
    pub cache: std::sync::Arc<vita::render::cache::PageCache>,
    /// The app's statistics, to write them now or move their clock.
    pub stats: vita::stats::Stats,
    /// The first-run setup's token (`App::setup_token`), when the app started with no owner.
    pub setup_token: Option<String>,
    /// The S3 server holding the uploads, when not the data folder.
    pub s3: Option<S3Server>,
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

    /// The app keeping its uploads in `s3`'s bucket.
    pub async fn spawn_on_s3(test_db: TestDb, s3: S3Server) -> Self {
        let mut app = Self::spawn_with(test_db, |config| {
            config.store.s3_bucket = Some(s3.bucket.clone());
            config.store.s3_settings = s3.settings();
        })
        .await;
        app.s3 = Some(s3);
        app
    }

    /// How many files the app stores in `bucket` (its folder, or its prefix in the S3 bucket).
    pub async fn stored_files(&self, bucket: &str) -> usize {
        match &self.s3 {
            Some(s3) => s3.keys(&format!("{bucket}/")).await.len(),
            None => std::fs::read_dir(self.data_dir().join("files").join(bucket)).map(Iterator::count).unwrap_or(0),
        }
    }

    /// The app behind a reverse proxy at 127.0.0.1: `X-Forwarded-For` names the client.
    pub async fn spawn_behind_proxy(test_db: TestDb) -> Self {
        Self::spawn_configured(test_db, vec!["127.0.0.1/32".parse().unwrap()]).await
    }

    async fn spawn_configured(test_db: TestDb, trusted_proxies: Vec<ipnet::IpNet>) -> Self {
        Self::spawn_with(test_db, |config| config.trusted_proxies = trusted_proxies).await
    }

    /// The app with settings changed from the defaults by `configure` (timeouts, base URL…).
    pub async fn spawn_with(test_db: TestDb, configure: impl FnOnce(&mut Config)) -> Self {
        let data = tempfile::tempdir().expect("temp dir");
        let mut config = test_config(data.path());
        configure(&mut config);
        let app = App::build_with(&config, test_db.db.clone()).await.expect("build app");
        let address = app.local_addr();
        let cache = app.state().cache.clone();
        let stats = app.state().stats.clone();
        let setup_token = app.setup_token().map(str::to_owned);
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(app.serve(async move {
            let _ = rx.await;
        }));
        // Like a browser, the client says which site its requests come from.
        let origin = reqwest::header::HeaderMap::from_iter([(reqwest::header::ORIGIN, format!("http://{address}").parse().unwrap())]);
        let client = reqwest::Client::builder().cookie_store(true).default_headers(origin).build().unwrap();
        Self { base: format!("http://{address}"), client, test_db, cache, stats, setup_token, s3: None, shutdown: Some(tx), _data: data }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The app's data folder (uploads are in `files/<bucket>/`).
    pub fn data_dir(&self) -> &std::path::Path {
        self._data.path()
    }

    /// The page at `path` as `client` gets it once it contains `needle`. After a save, visitors
    /// are served the previous page until the new one is rendered in the background, which
    /// takes well under a second; this waits at most five.
    pub async fn page_once_it_shows(&self, client: &reqwest::Client, path: &str, needle: &str) -> String {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        loop {
            let html = client.get(self.url(path)).send().await.unwrap().text().await.unwrap();
            if html.contains(needle) {
                return html;
            }
            assert!(std::time::Instant::now() < deadline, "{path} did not show {needle:?} within 5 s");
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    /// Creates the owner account and signs this app's client in.
    pub async fn sign_in(&self) {
        vita::auth::add_owner(&self.test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.expect("add owner");
        self.sign_in_again().await;
    }

    /// Signs this app's client in to the owner account `sign_in` created.
    pub async fn sign_in_again(&self) {
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

/// The settings a test app starts from: any free port, its files in `data_dir`, defaults elsewhere.
pub fn test_config(data_dir: &std::path::Path) -> Config {
    Config {
        listen: Some("127.0.0.1:0".parse().unwrap()),
        base_url: None,
        tls: Default::default(),
        render_workers: 1,
        trusted_proxies: vec![],
        limits: Default::default(),
        store: StoreConfig { data_dir: data_dir.to_owned(), database_url: None, s3_bucket: None, s3_settings: vec![] },
        // Tests never call the real sources; the scholarly tests point these at their fake.
        outside: OutsideConfig { no_outside_calls: true, ..OutsideConfig::public_sources() },
        sitemap_max_urls: vita::ops::config::SITEMAP_MAX_URLS,
    }
}

/// The real `vita serve` process on a free port of 127.0.0.1, stopped by its PID when dropped.
pub struct ServerProcess {
    child: Child,
    pub base: String,
    /// Signed in as the owner.
    pub client: reqwest::Client,
    _data: tempfile::TempDir,
}

impl ServerProcess {
    /// Creates the owner account in `test_db`, starts `vita serve` on it and signs in.
    pub async fn start(test_db: &TestDb) -> Self {
        let data = tempfile::tempdir().unwrap();
        vita::auth::add_owner(&test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_vita"))
            .args(["serve", "--listen", "127.0.0.1:0"])
            .env("VITA_DATA_DIR", data.path())
            .env("DATABASE_URL", test_db.database_url())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let base = line.trim().strip_prefix("Vita is running at ").unwrap_or_else(|| panic!("{line:?}")).to_owned();
        let origin = reqwest::header::HeaderMap::from_iter([(reqwest::header::ORIGIN, base.parse().unwrap())]);
        let client = reqwest::Client::builder().cookie_store(true).default_headers(origin).build().unwrap();
        let server = ServerProcess { child, base, client, _data: data };
        let signed_in = server
            .client
            .post(server.url("/api/auth/token"))
            .json(&serde_json::json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(signed_in.status(), 200);
        server
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Resident memory of the server process, in KB.
    pub fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).expect("the server process is alive");
        status.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok()).unwrap()
    }

    /// Sends SIGTERM, as a service manager stops the server, and waits for it to exit.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        self.child.wait().unwrap()
    }

    pub async fn ready(&self) -> bool {
        reqwest::get(self.url("/readyz")).await.is_ok_and(|r| r.status() == 200)
    }

    /// Waits until a visitor's `path` shows `text`, at most `limit` (what another process
    /// wrote reaches the server's cached pages within it); panics, naming `what`, if not.
    pub async fn shows_within(&self, path: &str, text: &str, limit: std::time::Duration, what: &str) {
        let visitor = reqwest::Client::new();
        let started = std::time::Instant::now();
        loop {
            let page = visitor.get(self.url(path)).send().await.unwrap().text().await.unwrap();
            if page.contains(text) {
                return;
            }
            assert!(started.elapsed() < limit, "{path} still lacks {text:?} {limit:?} after {what}");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-KILL", &self.child.id().to_string()]).status();
        let _ = self.child.wait();
    }
}

/// The Python of `.venv`, which `./scripts/test` makes from `tests/python-requirements.txt`.
pub fn venv_python() -> std::path::PathBuf {
    let python = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python");
    assert!(
        python.exists(),
        "{} is missing: ./scripts/test makes it from tests/python-requirements.txt (python3 -m venv .venv && .venv/bin/pip install -r tests/python-requirements.txt)",
        python.display()
    );
    python
}

/// The `href` of `<link rel="canonical">` of a page.
pub fn canonical(html: &str) -> &str {
    let at = html.find("<link rel=\"canonical\" href=\"").expect("the page has a canonical link") + 28;
    &html[at..at + html[at..].find('"').unwrap()]
}

/// The `hreflang` links of a page's head, as (language, address) pairs.
pub fn hreflangs(html: &str) -> Vec<(String, String)> {
    html.split("<link rel=\"alternate\" hreflang=\"")
        .skip(1)
        .map(|rest| {
            let lang = &rest[..rest.find('"').unwrap()];
            let href = rest.split("href=\"").nth(1).unwrap();
            (lang.to_owned(), href[..href.find('"').unwrap()].to_owned())
        })
        .collect()
}

/// Every field of a paper, for an update (which sends them all).
pub fn publication_update(stored: &Value, changes: Value) -> Value {
    let mut body = json!({});
    for key in [
        "title",
        "slug",
        "authors",
        "kind",
        "venue",
        "year",
        "month",
        "abstract",
        "pdf_url",
        "pdf_file",
        "url",
        "doi",
        "pages",
        "volume",
        "issue",
        "publisher",
        "bibtex",
        "featured",
        "status",
    ] {
        body[key] = stored[key].clone();
    }
    body["tag_ids"] = json!(stored["tags"].as_array().unwrap().iter().map(|tag| tag["id"].clone()).collect::<Vec<_>>());
    for (key, value) in changes.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}
