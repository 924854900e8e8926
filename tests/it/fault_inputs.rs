//! The bad-input corpus (issue 15, items 4 and 10), on SQLite and PostgreSQL: thousands of
//! requests generated from every route of `src/http/mod.rs` times ways to get input wrong
//! (malformed JSON, wrong types, huge numbers, NUL bytes, overlong strings, unknown ids, bad
//! UUIDs and enums, wrong content types, empty and oversized bodies, odd queries, path
//! traversal), sent as the signed-in owner (with the site's `Origin`) and anonymously. Not one
//! answer may be a 5xx or a dropped connection.
//!
//! The requests are written on a raw TCP connection, so odd paths (`..`, `%00`, invalid
//! UTF-8) reach the server as sent instead of being normalised by a URL parser.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use reqwest::cookie::CookieStore;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

/// One request of the corpus.
#[derive(Clone)]
struct Probe {
    method: &'static str,
    /// The raw request target, sent byte for byte.
    target: String,
    content_type: Option<&'static str>,
    body: Vec<u8>,
}

impl Probe {
    fn new(method: &'static str, target: impl Into<String>) -> Self {
        Self { method, target: target.into(), content_type: None, body: Vec::new() }
    }

    fn json(method: &'static str, target: impl Into<String>, body: &Value) -> Self {
        Self { content_type: Some("application/json"), body: body.to_string().into_bytes(), ..Self::new(method, target) }
    }

    fn raw(method: &'static str, target: impl Into<String>, content_type: Option<&'static str>, body: impl Into<Vec<u8>>) -> Self {
        Self { content_type, body: body.into(), ..Self::new(method, target) }
    }

    fn describe(&self) -> String {
        let body = String::from_utf8_lossy(&self.body[..self.body.len().min(80)]).into_owned();
        format!("{} {} [{}] {body:?}", self.method, &self.target[..self.target.len().min(120)], self.content_type.unwrap_or("-"))
    }
}

/// Who sends: the owner's cookie and the site's origin, or nobody.
#[derive(Clone)]
struct Sender {
    address: String,
    cookie: Option<String>,
}

impl Sender {
    /// The answer's status code, or what went wrong on the connection.
    async fn send(&self, probe: &Probe) -> Result<u16, String> {
        let mut head = format!("{} {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n", probe.method, probe.target, self.address);
        if let Some(cookie) = &self.cookie {
            head.push_str(&format!("Cookie: {cookie}\r\nOrigin: http://{}\r\n", self.address));
        }
        if let Some(content_type) = probe.content_type {
            head.push_str(&format!("Content-Type: {content_type}\r\n"));
        }
        if !probe.body.is_empty() || !matches!(probe.method, "GET" | "HEAD" | "DELETE") {
            head.push_str(&format!("Content-Length: {}\r\n", probe.body.len()));
        }
        head.push_str("\r\n");
        let exchange = async {
            let mut stream = tokio::net::TcpStream::connect(&self.address).await.map_err(|e| format!("connect: {e}"))?;
            stream.write_all(head.as_bytes()).await.map_err(|e| format!("write: {e}"))?;
            // A server may answer (413) and close before an oversized body is all written:
            // the answer is still read.
            let _ = stream.write_all(&probe.body).await;
            let mut answer = Vec::new();
            let mut buffer = [0u8; 8192];
            // The status line is enough; the rest is read until the server closes.
            loop {
                match stream.read(&mut buffer).await {
                    Ok(0) => break,
                    Ok(n) => answer.extend_from_slice(&buffer[..n]),
                    Err(_) if !answer.is_empty() => break,
                    Err(e) => return Err(format!("read: {e}")),
                }
            }
            let line = String::from_utf8_lossy(&answer[..answer.len().min(32)]).into_owned();
            line.strip_prefix("HTTP/1.1 ")
                .and_then(|rest| rest.get(..3))
                .and_then(|code| code.parse().ok())
                .ok_or_else(|| format!("no status line: {line:?}"))
        };
        tokio::time::timeout(Duration::from_secs(30), exchange).await.unwrap_or_else(|_| Err("no answer within 30 s".to_owned()))
    }
}

/// Values that are wrong for some field in some way, put in place of each field in turn.
fn bad_values() -> Vec<Value> {
    vec![
        Value::Null,
        json!(true),
        json!(-1),
        json!(2147483648i64),
        json!(9223372036854775807i64),
        json!(18446744073709551615u64),
        json!(1e308),
        json!(-0.5),
        json!(""),
        json!("\u{0}"),
        json!("a\u{0}b"),
        json!("x".repeat(100_000)),
        json!("not-a-date"),
        json!("2024-02-30"),
        json!("no-such-kind"),
        json!("javascript:alert(1)"),
        json!("../../../etc/passwd"),
        json!("\u{202e}\u{fffd}\u{1f600}"),
        json!([]),
        json!(["\u{0}"]),
        json!({}),
    ]
}

/// Bodies that are wrong as a whole, for every route that takes a body.
fn bad_bodies(template: &Value) -> Vec<(Option<&'static str>, Vec<u8>)> {
    let json = Some("application/json");
    let mut nested = "[".repeat(10_000);
    nested.push_str(&"]".repeat(10_000));
    let mut oversized = br#"{"title": ""#.to_vec();
    oversized.extend(std::iter::repeat_n(b'x', 3 * 1024 * 1024));
    oversized.extend(br#""}"#);
    let mut with_bom = "\u{feff}".as_bytes().to_vec();
    with_bom.extend(template.to_string().into_bytes());
    vec![
        (None, Vec::new()),
        (json, Vec::new()),
        (json, b"{".to_vec()),
        (json, b"{\"title\": }".to_vec()),
        (json, b"null".to_vec()),
        (json, b"[]".to_vec()),
        (json, b"\"text\"".to_vec()),
        (json, b"12345678901234567890123456789".to_vec()),
        (json, b"{\"no_such_field\": 1}".to_vec()),
        (json, vec![0xff, 0xfe, b'{', 0x80, b'}']),
        (json, b"{\"title\": \"\\ud800\"}".to_vec()),
        (json, nested.into_bytes()),
        (json, oversized),
        (json, with_bom),
        (json, template.to_string().into_bytes()),
        (Some("text/plain"), template.to_string().into_bytes()),
        (Some("application/x-www-form-urlencoded"), b"title=x&name=y".to_vec()),
        (Some("multipart/form-data; boundary=x"), b"--x\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nx\r\n--x--".to_vec()),
        (Some("application/json; charset=utf-16"), template.to_string().into_bytes()),
    ]
}

/// The template with each field in turn replaced by each bad value, and each field left out.
fn field_mutations(template: &Value) -> Vec<Value> {
    let Some(fields) = template.as_object() else { return Vec::new() };
    let mut bodies = Vec::new();
    for key in fields.keys() {
        for value in bad_values() {
            let mut body = template.clone();
            body[key] = value;
            bodies.push(body);
        }
        let mut without = template.clone();
        without.as_object_mut().unwrap().remove(key);
        bodies.push(without);
    }
    bodies
}

/// Every bad body for one JSON route.
fn json_probes(method: &'static str, target: &str, template: &Value) -> Vec<Probe> {
    let mut probes: Vec<Probe> =
        bad_bodies(template).into_iter().map(|(content_type, body)| Probe::raw(method, target, content_type, body)).collect();
    probes.extend(field_mutations(template).iter().map(|body| Probe::json(method, target, body)));
    probes
}

const UNKNOWN_UUID: &str = "3f2b8c1e-9a4d-4e2b-8f1a-2c3d4e5f6a7b";

/// Path segments where an id belongs: unknown, malformed, hostile.
fn bad_ids() -> Vec<String> {
    [UNKNOWN_UUID, "00000000-0000-0000-0000-000000000000", "not-a-uuid", "123", "%00", "%2e%2e%2f%2e%2e%2fvita.db", "' OR 1=1 --"]
        .into_iter()
        .map(str::to_owned)
        .chain(["a".repeat(5000), "3f2b8c1e-9a4d-4e2b-8f1a-2c3d4e5f6a7b%00".to_owned()])
        .collect()
}

/// Query strings for the list reads.
fn odd_queries() -> Vec<String> {
    [
        "?limit=-1",
        "?limit=abc",
        "?limit=99999999999999999999999999",
        "?limit=1e3",
        "?limit=1&limit=2",
        "?featured=maybe",
        "?featured=true&status=draft",
        "?status=%00",
        "?status=bogus",
        "?status=published",
        "?page=0",
        "?page=-1",
        "?page=99999999999",
        "?offset=-5",
        "?%ff=%fe",
        "?a[b]=c",
        "?=",
        "?&&&",
    ]
    .into_iter()
    .map(str::to_owned)
    .chain([format!("?{}", "x=1&".repeat(2000))])
    .collect()
}

/// The content tables: their path and a body POST accepts.
fn tables() -> Vec<(&'static str, Value)> {
    vec![
        ("news", json!({ "title": "News", "content": "<p>Body</p>" })),
        ("publications", json!({ "title": "Paper", "authors": ["A. Author"], "venue": "CHES", "year": 2024 })),
        ("research-areas", json!({ "title": "Area" })),
        ("projects", json!({ "title": "Project", "summary": "Summary" })),
        ("courses", json!({ "code": "EDA001", "title": "Course" })),
        ("students", json!({ "name": "Ada Student" })),
        ("talks", json!({ "title": "Talk", "event_name": "DATE", "date": "2024-03-10" })),
        ("tags", json!({ "name": "Tag" })),
        ("open-calls", json!({ "title": "Call", "slug": "call" })),
    ]
}

/// The stored row as a PUT body: the row's keys, without those the server keeps itself.
fn as_input(row: &Value) -> Value {
    let mut body = row.clone();
    for key in ["id", "created_at", "updated_at"] {
        body.as_object_mut().unwrap().remove(key);
    }
    body
}

/// The corpus, in three phases: reads and writes, then deletes, then sign-outs (so the
/// owner's rows and session last until the end).
async fn corpus(app: &TestApp) -> [Vec<Probe>; 3] {
    let mut main = Vec::new();
    let mut deletes = Vec::new();
    let mut sign_outs = Vec::new();
    for (path, body) in tables() {
        let created = app.client.post(app.url(&format!("/api/{path}"))).header("origin", &app.base).json(&body).send().await.unwrap();
        let status = created.status();
        let row: Value = created.json().await.unwrap();
        assert_eq!(status, 201, "{path}: {row}");
        let id = row["id"].as_str().unwrap().to_owned();
        for query in odd_queries() {
            main.push(Probe::new("GET", format!("/api/{path}{query}")));
            main.push(Probe::new("GET", format!("/api/admin/{path}{query}")));
        }
        main.extend(json_probes("POST", &format!("/api/{path}"), &body));
        main.extend(json_probes("PUT", &format!("/api/{path}/{id}"), &as_input(&row)));
        for bad in bad_ids() {
            main.push(Probe::new("GET", format!("/api/{path}/{bad}")));
            main.push(Probe::json("PUT", format!("/api/{path}/{bad}"), &as_input(&row)));
            deletes.push(Probe::new("DELETE", format!("/api/{path}/{bad}")));
        }
        main.push(Probe::new("PATCH", format!("/api/{path}/{id}")));
        deletes.push(Probe::new("DELETE", format!("/api/{path}/{id}")));
    }
    for section in ["hero", "stats", "about", "contact"] {
        let record: Value = app.client.get(app.url(&format!("/api/homepage/{section}"))).send().await.unwrap().json().await.unwrap();
        main.push(Probe::new("GET", format!("/api/homepage/{section}?x=%00")));
        main.extend(json_probes("PUT", &format!("/api/homepage/{section}"), &record["content"]));
    }
    main.push(Probe::new("GET", "/api/homepage/nonexistent"));
    let settings: Value = app.client.get(app.url("/api/settings")).send().await.unwrap().json().await.unwrap();
    main.extend(json_probes("PUT", "/api/settings", &settings));

    // Accounts. The password change always names a wrong current password (nothing changes).
    main.extend(json_probes("POST", "/api/auth/token", &json!({ "email": "owner@example.org", "password": "wrong password" })));
    main.extend(json_probes(
        "POST",
        "/api/auth/setup",
        &json!({ "email": "new@example.org", "password": "another long password", "password_confirmation": "another long password" }),
    ));
    main.extend(json_probes(
        "PUT",
        "/api/auth/password",
        &json!({ "current_password": "wrong password", "new_password": "a new long password" }),
    ));
    for path in ["/api/auth/session", "/api/auth/sessions", "/api/auth/setup", "/api/auth/session?x=%00"] {
        main.push(Probe::new("GET", path));
    }
    for bad in bad_ids() {
        deletes.push(Probe::new("DELETE", format!("/api/auth/sessions/{bad}")));
    }
    for scope in ["bogus", "%00", "others&scope=others", "LOCAL", "others"] {
        sign_outs.push(Probe::new("POST", format!("/api/auth/logout?scope={scope}")));
    }

    // Uploads: every bucket, odd names and contents.
    let png_header = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    for bucket in ["profile-photos", "cv-files", "paper-pdfs", "no-such-bucket", "..", "%2e%2e", "%00"] {
        for filename in
            ["a.png", "", "../../vita.db", "a.html", "a.svg", "a%00.png", "noext", "a.pdf", &format!("{}.pdf", "a".repeat(3000))]
        {
            for (content_type, body) in [
                (None, Vec::new()),
                (Some("image/png"), png_header.clone()),
                (Some("application/pdf"), b"%PDF-1.4 truncated".to_vec()),
                (Some("text/html"), b"<script>alert(1)</script>".to_vec()),
                (Some("application/octet-stream"), vec![0u8; 4096]),
            ] {
                main.push(Probe::raw("POST", format!("/api/uploads/{bucket}?filename={filename}"), content_type, body));
            }
        }
        main.push(Probe::raw("POST", format!("/api/uploads/{bucket}?filename=a.png&extra=1"), Some("image/png"), png_header.clone()));
        for name in ["..%2Fvita.db", "nonexistent.png", "%00", "a.png%00.html", "..", "."] {
            deletes.push(Probe::new("DELETE", format!("/api/uploads/{bucket}/{name}")));
            main.push(Probe::new("GET", format!("/files/{bucket}/{name}")));
        }
    }

    // The BibTeX import: its preview takes the .bib text, the import a JSON request.
    let bib = "@article{a, title={Masking AES}, author={Doe, Jane}, journal={TC}, year=2024}";
    for (content_type, body) in [
        (None, Vec::new()),
        (Some("text/plain"), b"@article{".to_vec()),
        (Some("text/plain"), b"@article{a, title={\0}}".to_vec()),
        (Some("text/plain"), vec![0xff, 0xfe, 0x00, 0x80]),
        (Some("text/plain"), "@article{a, title={x}, year=99999999999999999999}".as_bytes().to_vec()),
        (Some("text/plain"), format!("@string{{a = b # a}} @article{{x, title = a # a # {}}}", "{".repeat(5000)).into_bytes()),
        (Some("text/plain"), bib.repeat(20_000).into_bytes()),
        (Some("application/json"), json!({ "bibtex": bib }).to_string().into_bytes()),
        (Some("text/plain"), bib.as_bytes().to_vec()),
    ] {
        main.push(Probe::raw("POST", "/api/publications/import/preview", content_type, body));
    }
    main.extend(json_probes("POST", "/api/publications/import", &json!({ "bibtex": bib, "import": [0], "update": [] })));

    // Public routes with odd paths and queries.
    for path in [
        "/?%ff",
        "/?page=-1",
        "/news?page=0",
        "/news?page=99999999999999999999",
        "/news?page=abc",
        "/publications?page=-5&limit=%00",
        "/publications/%00",
        "/publications/..%2f..%2fvita.db",
        "/publications/x/..%2f..%2fvita.db",
        "/publications/no-such-paper/no-such-paper.pdf",
        "/publications/a/b.pdf%00",
        "/publications.bib?x=%00",
        "/publications.json?limit=-1",
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/assets/../../Cargo.toml",
        "/assets/%2e%2e/%2e%2e/Cargo.toml",
        "/assets/%00",
        "/files/cv-files/../../vita.db",
        "/files/../vita.db",
        "/admin/../../etc/passwd",
        "/admin/%00",
        "/talks/%ff%fe",
        "/%c0%ae%c0%ae/",
        "//evil.example/",
        "/\\evil.example",
        "/open-calls/%00",
        "/research/a%2fb",
        "/healthz?x=1",
        "/readyz?%00",
    ]
    .into_iter()
    .map(str::to_owned)
    .chain([format!("/{}", "a".repeat(8000)), format!("/news?{}", "page=1&".repeat(3000))])
    {
        main.push(Probe::new("GET", path.clone()));
        main.push(Probe::new("HEAD", path.clone()));
        main.push(Probe::raw("POST", path, Some("application/json"), b"{}".to_vec()));
    }
    [main, deletes, sign_outs]
}

async fn every_endpoint_answers_bad_input_without_a_server_error(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let address = app.base.trim_start_matches("http://").to_owned();
    // The owner's session cookie, as the signed-in client holds it.
    let jar = Arc::new(reqwest::cookie::Jar::default());
    let owner_client = reqwest::Client::builder().cookie_provider(jar.clone()).build().unwrap();
    let signed_in = owner_client
        .post(app.url("/api/auth/token"))
        .json(&json!({ "email": crate::helpers::OWNER_EMAIL, "password": crate::helpers::OWNER_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_in.status(), 200);
    let cookie = jar.cookies(&app.base.parse().unwrap()).expect("a session cookie").to_str().unwrap().to_owned();
    let owner = Sender { address: address.clone(), cookie: Some(cookie) };
    let anonymous = Sender { address, cookie: None };

    let mut statuses: BTreeMap<u16, u64> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut sent = 0;
    for phase in corpus(&app).await {
        for sender in [&anonymous, &owner] {
            // The anonymous requests eight at a time (they are refused before any write); the
            // owner's one at a time, so a write never waits on another: this is about input,
            // not contention (SQLite answers a write that meets another's lock with a 503).
            let at_once = if sender.cookie.is_some() { 1 } else { 8 };
            for chunk in phase.chunks(at_once) {
                let mut batch = tokio::task::JoinSet::new();
                for probe in chunk {
                    let (sender, probe) = (sender.clone(), probe.clone());
                    batch.spawn(async move {
                        let outcome = sender.send(&probe).await;
                        (probe, outcome)
                    });
                }
                for (probe, outcome) in batch.join_all().await {
                    sent += 1;
                    let who = if sender.cookie.is_some() { "owner" } else { "anonymous" };
                    match outcome {
                        Ok(status) => {
                            *statuses.entry(status).or_default() += 1;
                            if status >= 500 {
                                failures.push(format!("{status} as {who}: {}", probe.describe()));
                            }
                        }
                        Err(error) => failures.push(format!("{error} as {who}: {}", probe.describe())),
                    }
                }
            }
        }
    }
    eprintln!("{}: {sent} bad-input requests, answers by status {statuses:?}", app.test_db.kind);
    assert!(sent >= 1000, "only {sent} requests");
    assert!(failures.is_empty(), "{} of {sent} requests failed:\n{}", failures.len(), failures.join("\n"));
    // The server is still up and the owner's session still works (the sign-outs ended the
    // owner's other sessions only).
    let session = owner_client.get(app.url("/api/auth/session")).send().await.unwrap();
    assert_eq!(session.status(), 200);
}

on_both_databases!(every_endpoint_answers_bad_input_without_a_server_error);
