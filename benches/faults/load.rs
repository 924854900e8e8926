//! An open-loop load generator (like wrk2): requests leave at a fixed rate whatever the server
//! does, and each one's latency counts from the moment it was *due*, so a server that stalls
//! shows the queue it builds up instead of slowing the generator down (a closed-loop tool such
//! as wrk sends less when the server is slow and hides that latency). Meanwhile the owner saves
//! a news item once a second, which is what used to empty the page cache under traffic.
//!
//! Shared by `benches/faults` (30 s at 200 requests/s against the release binary) and
//! `tests/it/faults.rs` (a few seconds against the debug binary, asserting no errors).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::time::Instant;

/// What to send.
pub struct Plan {
    /// e.g. `http://127.0.0.1:43121`
    pub base: String,
    /// Public paths, requested in turn.
    pub paths: Vec<String>,
    /// Read requests per second.
    pub rate: u32,
    pub duration: Duration,
    /// A request that takes longer than this (from when it was due) is an error.
    pub timeout: Duration,
    /// The owner's e-mail and password: one save a second. None: reads only.
    pub owner: Option<(String, String)>,
}

/// What came back.
#[derive(Default)]
pub struct Report {
    pub reads: u64,
    pub writes: u64,
    /// Error kind (`status 503`, `timeout`, `connection: …`) → count, reads and writes.
    pub errors: BTreeMap<String, u64>,
    /// Latencies of the reads, sorted.
    pub latencies: Vec<Duration>,
    /// Latencies of the writes, sorted.
    pub write_latencies: Vec<Duration>,
}

impl Report {
    pub fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }

    pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
        if sorted.is_empty() {
            return Duration::ZERO;
        }
        sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
    }

    /// One line: requests, errors and the read latencies.
    pub fn summary(&self) -> String {
        let ms = |p: f64| Self::percentile(&self.latencies, p).as_secs_f64() * 1000.0;
        let write_ms = |p: f64| Self::percentile(&self.write_latencies, p).as_secs_f64() * 1000.0;
        let errors = if self.errors.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.errors.iter().map(|(kind, n)| format!("{kind}: {n}")).collect::<Vec<_>>().join(", "))
        };
        format!(
            "requests {} (reads {}, writes {}), errors {}{errors}; reads p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms; \
             writes p50 {:.1} ms, max {:.1} ms",
            self.reads + self.writes,
            self.reads,
            self.writes,
            self.error_count(),
            ms(0.5),
            ms(0.9),
            ms(0.99),
            ms(1.0),
            write_ms(0.5),
            write_ms(1.0),
        )
    }
}

/// The outcome of one request: its latency, or what went wrong.
type Outcome = Result<Duration, String>;

fn classify(result: Result<Result<reqwest::Response, reqwest::Error>, tokio::time::error::Elapsed>) -> Result<reqwest::Response, String> {
    match result {
        Err(_) => Err("timeout".to_owned()),
        Ok(Err(error)) if error.is_timeout() => Err("timeout".to_owned()),
        Ok(Err(error)) => Err(format!("connection: {}", error.without_url())),
        Ok(Ok(response)) if response.status().is_client_error() || response.status().is_server_error() => {
            Err(format!("status {}", response.status().as_u16()))
        }
        Ok(Ok(response)) => Ok(response),
    }
}

/// One request, due at `due`, given until `due + timeout` for the whole answer.
async fn timed(due: Instant, timeout: Duration, request: reqwest::RequestBuilder) -> Outcome {
    let deadline = due + timeout;
    let response = classify(tokio::time::timeout_at(deadline, request.send()).await)?;
    match tokio::time::timeout_at(deadline, response.bytes()).await {
        Ok(Ok(_)) => Ok(due.elapsed()),
        Ok(Err(error)) => Err(format!("body: {}", error.without_url())),
        Err(_) => Err("timeout".to_owned()),
    }
}

/// Signs the owner in (a cookie-carrying client) and creates the news item the saves edit.
/// Returns the client, the item's id and its body.
pub async fn owner_client(base: &str, email: &str, password: &str) -> (reqwest::Client, String, Value) {
    let client = reqwest::Client::builder().cookie_store(true).build().expect("client");
    let signed_in = client
        .post(format!("{base}/api/auth/token"))
        .header("origin", base)
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .expect("sign in");
    assert_eq!(signed_in.status(), 200, "sign-in failed: {}", signed_in.text().await.unwrap_or_default());
    let body = json!({
        "title": "Saved under load", "content": "<p>Edited once a second while the site is busy.</p>",
        "date": "2025-06-01", "link_url": null, "link_text": null, "featured": true, "status": "published", "tag_ids": [],
    });
    let created = client.post(format!("{base}/api/news")).header("origin", base).json(&body).send().await.expect("create");
    assert_eq!(created.status(), 201, "creating the news item failed: {}", created.text().await.unwrap_or_default());
    let id = created.json::<Value>().await.expect("json")["id"].as_str().expect("id").to_owned();
    (client, id, body)
}

/// Runs the plan and gathers the report.
pub async fn run(plan: &Plan) -> Report {
    // No connection limit: an open loop opens as many as the requests in flight need.
    let client = reqwest::Client::builder().pool_max_idle_per_host(usize::MAX).build().expect("client");
    let owner = match &plan.owner {
        Some((email, password)) => Some(owner_client(&plan.base, email, password).await),
        None => None,
    };
    let start = Instant::now();
    let writes: Arc<Mutex<Vec<Outcome>>> = Arc::default();
    let writer = owner.map(|(client, id, mut body)| {
        let (base, seconds, timeout, writes) = (plan.base.clone(), plan.duration.as_secs(), plan.timeout, writes.clone());
        tokio::spawn(async move {
            let mut saves = tokio::task::JoinSet::new();
            for second in 0..seconds {
                // Half-way through each second, so the saves fall between the reads' bursts.
                let due = start + Duration::from_millis(second * 1000 + 500);
                tokio::time::sleep_until(due).await;
                body["title"] = json!(format!("Saved under load, save {second}"));
                let request = client.put(format!("{base}/api/news/{id}")).header("origin", &base).json(&body);
                let writes = writes.clone();
                saves.spawn(async move {
                    let outcome = timed(due, timeout, request).await;
                    writes.lock().unwrap().push(outcome);
                });
            }
            saves.join_all().await;
        })
    });

    let total = u64::from(plan.rate) * plan.duration.as_secs();
    let mut reads = tokio::task::JoinSet::new();
    for i in 0..total {
        let due = start + Duration::from_secs_f64(i as f64 / f64::from(plan.rate));
        tokio::time::sleep_until(due).await;
        let url = format!("{}{}", plan.base, plan.paths[i as usize % plan.paths.len()]);
        // As a browser asks; the body is read, not decoded.
        let request = client.get(url).header("accept-encoding", "gzip");
        reads.spawn(timed(due, plan.timeout, request));
    }
    let read_outcomes = reads.join_all().await;
    if let Some(writer) = writer {
        writer.await.expect("writer");
    }
    let write_outcomes = std::mem::take(&mut *writes.lock().unwrap());

    let mut report = Report { reads: read_outcomes.len() as u64, writes: write_outcomes.len() as u64, ..Report::default() };
    for (outcomes, latencies) in [(read_outcomes, &mut report.latencies), (write_outcomes, &mut report.write_latencies)] {
        for outcome in outcomes {
            match outcome {
                Ok(latency) => latencies.push(latency),
                Err(kind) => *report.errors.entry(kind).or_default() += 1,
            }
        }
        latencies.sort();
    }
    report
}

/// The public pages the load goes over: the lists, the home page and a paper's page (the
/// first one `/publications` links to).
pub async fn public_paths(base: &str) -> Vec<String> {
    let publications = reqwest::get(format!("{base}/publications")).await.expect("GET /publications").text().await.expect("body");
    let paper = publications
        .split("href=\"/publications/")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .map(|slug| format!("/publications/{slug}"))
        .expect("a paper linked from /publications");
    ["/", "/publications", "/news", "/talks", "/projects", "/research", "/teaching", "/students", "/open-calls", &paper]
        .into_iter()
        .map(str::to_owned)
        .collect()
}
