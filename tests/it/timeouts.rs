//! Slow and stuck clients over raw TCP: half-sent headers, stalled bodies, idle kept-alive
//! connections, more connections than allowed, and a SIGTERM while a client hangs.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{OWNER_EMAIL, OWNER_PASSWORD, TestApp, TestDb};
use crate::on_both_databases;

/// Long enough for any answer on a busy machine; the timeouts under test are 1 second.
const PATIENCE: Duration = Duration::from_secs(15);

/// The app with one-second header and body timeouts.
async fn impatient_app(test_db: TestDb) -> TestApp {
    TestApp::spawn_with(test_db, |config| {
        config.limits.header_timeout_secs = 1;
        config.limits.body_timeout_secs = 1;
    })
    .await
}

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.base.trim_start_matches("http://")).await.unwrap()
}

/// Everything the server sends until it closes the connection, or `None` if it is still open
/// after `wait`.
async fn read_until_closed(stream: &mut TcpStream, wait: Duration) -> Option<String> {
    let mut received = Vec::new();
    let read = tokio::time::timeout(wait, async {
        let mut buffer = [0u8; 4096];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    read.ok().map(|()| String::from_utf8_lossy(&received).into_owned())
}

/// Signs the owner in and returns the `Cookie` header for raw requests.
async fn session_cookie(app: &TestApp) -> String {
    vita::auth::add_owner(&app.test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    let response = reqwest::Client::new()
        .post(app.url("/api/auth/token"))
        .json(&serde_json::json!({ "email": OWNER_EMAIL, "password": OWNER_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let set_cookie = response.headers()["set-cookie"].to_str().unwrap();
    set_cookie.split(';').next().unwrap().to_owned()
}

async fn half_sent_requests_are_closed(test_db: TestDb) {
    let app = impatient_app(test_db).await;
    let mut clients = Vec::new();
    for _ in 0..200 {
        let mut stream = connect(&app).await;
        stream.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ").await.unwrap();
        clients.push(stream);
    }
    for (i, stream) in clients.iter_mut().enumerate() {
        assert!(read_until_closed(stream, PATIENCE).await.is_some(), "half-sent request {i} is still open");
    }
    // The server is fine afterwards.
    assert_eq!(app.client.get(app.url("/healthz")).send().await.unwrap().status(), 200);
}

async fn a_stalled_upload_is_cut_off_with_408(test_db: TestDb) {
    let app = impatient_app(test_db).await;
    let cookie = session_cookie(&app).await;
    let host = app.base.trim_start_matches("http://").to_owned();
    let mut stream = connect(&app).await;
    // 6 MB announced, 1 KB sent, then nothing.
    let head = format!(
        "POST /api/uploads/cv-files?filename=cv.pdf HTTP/1.1\r\nHost: {host}\r\nOrigin: {}\r\nCookie: {cookie}\r\n\
         Content-Type: application/pdf\r\nContent-Length: {}\r\n\r\n",
        app.base,
        6 * 1024 * 1024
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&[b'%'; 1024]).await.unwrap();
    let answer = read_until_closed(&mut stream, PATIENCE).await.expect("the stalled upload is still waited on");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("request_timeout"), "{answer}");

    // A JSON body that stops half-way gets the same answer.
    let mut stream = connect(&app).await;
    let head = format!("POST /api/auth/token HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(b"{\"email\": \"").await.unwrap();
    let answer = read_until_closed(&mut stream, PATIENCE).await.expect("the stalled JSON body is still waited on");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
}

async fn an_idle_kept_alive_connection_is_closed(test_db: TestDb) {
    let app = impatient_app(test_db).await;
    let mut stream = connect(&app).await;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n").await.unwrap();
    let answer = read_until_closed(&mut stream, PATIENCE).await.expect("the kept-alive connection is never closed");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

async fn connections_past_the_limit_wait_for_a_free_one(test_db: TestDb) {
    let app = TestApp::spawn_with(test_db, |config| config.limits.max_connections = 2).await;
    let first = connect(&app).await;
    let _second = connect(&app).await;
    let mut third = connect(&app).await;
    third.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut byte = [0u8; 1];
    let early = tokio::time::timeout(Duration::from_secs(1), third.read(&mut byte)).await;
    assert!(early.is_err(), "a third connection was served while two were open: {early:?}");
    drop(first);
    let answer = read_until_closed(&mut third, PATIENCE).await.expect("the third connection is served once one closes");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

on_both_databases!(
    half_sent_requests_are_closed,
    a_stalled_upload_is_cut_off_with_408,
    an_idle_kept_alive_connection_is_closed,
    connections_past_the_limit_wait_for_a_free_one,
);

#[test]
fn sigterm_exits_within_the_deadline_despite_a_stuck_client() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vita"))
        .args(["serve", "--listen", "127.0.0.1:0", "--shutdown-timeout", "1", "--body-timeout", "600"])
        .env("VITA_DATA_DIR", dir.path())
        .env_remove("DATABASE_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    // Kept open to the end: the server writes the setup link after the address.
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    stdout.read_line(&mut line).unwrap();
    let address = line.trim().strip_prefix("Vita is running at http://").unwrap_or_else(|| panic!("unexpected first line {line:?}"));
    // A request whose body never comes: the server is in the middle of it when told to stop.
    let mut stuck = std::net::TcpStream::connect(address).unwrap();
    std::io::Write::write_all(
        &mut stuck,
        b"POST /api/auth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    let deadline = std::time::Instant::now() + PATIENCE;
    let exit = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = Command::new("kill").args(["-KILL", &child.id().to_string()]).status();
            let _ = child.wait();
            panic!("SIGTERM did not stop the server while a client was stuck");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(exit.success(), "{exit:?}");
    let mut log = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut log).unwrap();
    // The last lines reached the log before the exit (the log writer is flushed).
    assert!(log.contains("the shutdown deadline passed"), "{log}");
    drop((stuck, stdout));
}
