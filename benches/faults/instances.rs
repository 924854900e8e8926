//! Two `vita serve` processes on one PostgreSQL schema: how long an edit saved through one
//! takes to show on the other's public pages. Shared by `benches/faults` (100 edits, p50 and
//! p99) and the two-instance test (`tests/it/instances.rs`), which includes this file with
//! `#[path]`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long a start may take (a debug build on a busy machine).
const STARTUP_TIMEOUT: Duration = Duration::from_secs(120);

/// What an instance logs (at debug level) for each write another instance announced.
pub const HEARD: &str = "pages made stale by a write on another instance";

/// One `vita serve` process with a data folder of its own; killed by its PID when dropped.
pub struct Instance {
    child: Option<Child>,
    /// e.g. `http://127.0.0.1:43121`
    pub base: String,
    log: PathBuf,
    _data: tempfile::TempDir,
}

impl Instance {
    /// Starts `bin serve` on a free port of 127.0.0.1 on `database_url`, with `env` added (the
    /// S3 settings, say), and waits for its address. Its log goes to a file, `HEARD` included.
    pub fn start(bin: &Path, database_url: &str, env: &[(String, String)]) -> Self {
        let data = tempfile::tempdir().expect("data folder");
        let log = data.path().join("vita.log");
        let mut command = Command::new(bin);
        // Only the S3 settings given here: none inherited from the machine's environment.
        for (key, _) in std::env::vars().filter(|(key, _)| key.starts_with("AWS_")) {
            command.env_remove(key);
        }
        let mut child = command
            .args(["serve", "--listen", "127.0.0.1:0", "--render-workers", "1", "--database-url", database_url])
            .arg("--data-dir")
            .arg(data.path())
            .envs(env.iter().map(|(key, value)| (key, value)))
            .env("RUST_LOG", "info,vita::store::changes=debug")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("log file"))
            .spawn()
            .expect("start vita serve");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        // Read on a thread of its own, so the wait is bounded.
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line);
            let _ = tx.send(line);
        });
        let line = rx.recv_timeout(STARTUP_TIMEOUT).unwrap_or_default();
        let mut instance = Self { child: Some(child), base: String::new(), log, _data: data };
        match line.trim().strip_prefix("Vita is running at ") {
            Some(base) => instance.base = base.to_owned(),
            None => panic!("vita did not start (first line {line:?}): {}", instance.log()),
        }
        instance
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// A request from a page of this instance, signed in with `cookie`.
    pub fn request(&self, method: reqwest::Method, path: &str, cookie: &str) -> reqwest::RequestBuilder {
        reqwest::Client::new().request(method, self.url(path)).header("origin", &self.base).header("cookie", cookie)
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Signs in on `instance`; the session cookie (`name=value`).
pub async fn sign_in(instance: &Instance, email: &str, password: &str) -> String {
    let response = reqwest::Client::new()
        .post(instance.url("/api/auth/token"))
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .expect("sign in");
    assert_eq!(response.status(), 200, "sign-in failed");
    let cookie = response.headers().get("set-cookie").expect("a session cookie").to_str().expect("ASCII");
    cookie.split(';').next().expect("name=value").to_owned()
}

/// Saves the hero section with the owner's name set to `name`, through `instance`.
pub async fn save_hero_name(instance: &Instance, cookie: &str, name: &str) {
    let hero: Value = instance.request(reqwest::Method::GET, "/api/homepage/hero", cookie).send().await.unwrap().json().await.unwrap();
    let mut content = hero["content"].clone();
    content["name"] = json!(name);
    let saved = instance.request(reqwest::Method::PUT, "/api/homepage/hero", cookie).json(&content).send().await.unwrap();
    assert_eq!(saved.status(), 200, "saving the hero failed: {}", saved.text().await.unwrap_or_default());
}

/// How long until `instance`'s page at `path` shows `needle`, asked every 5 ms from `since`;
/// `None` past `limit`.
pub async fn time_until_shown(instance: &Instance, path: &str, needle: &str, since: Instant, limit: Duration) -> Option<Duration> {
    let client = reqwest::Client::new();
    while since.elapsed() < limit {
        if let Ok(response) = client.get(instance.url(path)).send().await
            && response.text().await.is_ok_and(|html| html.contains(needle))
        {
            return Some(since.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    None
}

/// `edits` saves of the owner's name through `a`, each timed from the moment it is sent until
/// `b`'s home page (asked for before, so cached) shows it. A save that does not show within
/// five seconds counts as five seconds.
pub async fn edit_delays(a: &Instance, b: &Instance, cookie: &str, edits: usize) -> Vec<Duration> {
    let mut delays = Vec::with_capacity(edits);
    for edit in 0..edits {
        let name = format!("Dr. Edit {edit} {}", uuid::Uuid::new_v4().simple());
        reqwest::get(b.url("/")).await.expect("b answers");
        let sent = Instant::now();
        let save = save_hero_name(a, cookie, &name);
        let shown = time_until_shown(b, "/", &name, sent, Duration::from_secs(5));
        let ((), shown) = tokio::join!(save, shown);
        delays.push(shown.unwrap_or(Duration::from_secs(5)));
    }
    delays
}

/// The `percent` percentile of `delays` (nearest rank).
pub fn percentile(delays: &[Duration], percent: usize) -> Duration {
    let mut sorted = delays.to_vec();
    sorted.sort();
    let rank = (sorted.len() * percent).div_ceil(100).max(1);
    sorted[rank - 1]
}
