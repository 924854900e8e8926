//! Issue 33's budget: a citation refresh of 1,000 papers against a local fake of Crossref and
//! OpenAlex (the fake of the tests, `tests/it/fake_apis.rs`) takes at most 30 s, at most 10
//! requests a second reach any one source, and the p99 of the public pages while it runs is
//! within 2x of the same load without it (same run).
//!
//! `cargo bench --bench citations` (release), or `cargo bench --profile dev --bench citations`
//! for a quick look. `--seconds N` sets each load phase (default 10), `--clients N` the
//! concurrent visitors (default 4). It prints the figures and whether each budget is met.

#[path = "../tests/it/fake_apis.rs"]
#[allow(dead_code)]
mod fake_apis;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fake_apis::{CROSSREF, FakeApis, OPENALEX};
use serde_json::json;
use vita::app::App;
use vita::content::{self, ContentStatus, publications, settings};
use vita::ops::config::{Config, OutsideConfig, StoreConfig};
use vita::scholarly::{Scholarly, refresh};
use vita::store::changes::Changes;
use vita::store::{self, Database};

const PAPERS: usize = 1000;

fn doi(i: usize) -> String {
    format!("10.5555/bench.{i}")
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let option = |name: &str, default: u64| args.iter().position(|a| a == name).map_or(default, |i| args[i + 1].parse().unwrap());
    let seconds = option("--seconds", 10);
    let clients = option("--clients", 4) as usize;

    let dir = tempfile::tempdir().unwrap();
    let db = store::connect(&Database::Sqlite { path: dir.path().join(store::SQLITE_FILE) }).await.unwrap();
    store::migrate(&db).await.unwrap();
    for i in 0..PAPERS {
        let input = publications::Input {
            title: format!("Benchmark paper {i}"),
            authors: vec!["Dr. Jane Doe".to_owned(), "A. Colleague".to_owned()],
            venue: "Journal of Benchmarks".to_owned(),
            year: Some(2000 + (i % 25) as i32),
            doi: Some(doi(i)),
            status: ContentStatus::Published,
            ..Default::default()
        };
        content::create::<publications::Entity>(&db, input).await.unwrap();
    }
    let before = settings::site(&db).await.unwrap();
    let site = settings::SiteSettings { openalex_api_key: "bench-key".to_owned(), ..before.clone() };
    settings::save_site(&db, site, &before).await.unwrap();

    // No recording lists 1,000 DOIs: each list call is answered with every paper (shaped as
    // the recorded Crossref and OpenAlex lists are); the refresh takes the ones it asked for.
    let fake = FakeApis::start().await;
    let items: Vec<_> = (0..PAPERS).map(|i| json!({"DOI": doi(i), "is-referenced-by-count": i})).collect();
    let crossref = json!({"status": "ok", "message-type": "work-list", "message": {"total-results": PAPERS, "items": items}});
    fake.answer(CROSSREF, "/works", 200, serde_json::to_vec(&crossref).unwrap());
    let results: Vec<_> = (0..PAPERS)
        .map(|i| json!({"doi": format!("https://doi.org/{}", doi(i)), "cited_by_count": i + 1, "counts_by_year": [{"year": 2025, "cited_by_count": 1}]}))
        .collect();
    fake.answer(OPENALEX, "/works", 200, serde_json::to_vec(&json!({"meta": {"count": PAPERS}, "results": results})).unwrap());

    let config = Config {
        listen: Some("127.0.0.1:0".parse().unwrap()),
        base_url: None,
        tls: Default::default(),
        render_workers: 0,
        trusted_proxies: vec![],
        limits: Default::default(),
        store: StoreConfig { data_dir: dir.path().to_owned(), database_url: None, s3_bucket: None, s3_settings: vec![] },
        // The refresh is started below, at a known time: the daily job stays off.
        outside: OutsideConfig { no_outside_calls: true, ..OutsideConfig::public_sources() },
        sitemap_max_urls: vita::ops::config::SITEMAP_MAX_URLS,
    };
    let app = App::build_with(&config, db.clone()).await.unwrap();
    let base = format!("http://{}", app.local_addr());
    let cache = app.state().cache.clone();
    let (stop_server, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(app.serve(async move {
        let _ = stopped.await;
    }));

    let visitor = reqwest::Client::new();
    let paths: Arc<Vec<String>> = Arc::new(
        std::iter::once("/publications".to_owned()).chain((0..PAPERS).map(|i| format!("/publications/benchmark-paper-{i}"))).collect(),
    );
    // Every page once, so both phases measure the cache as visitors meet it.
    for path in paths.iter() {
        visitor.get(format!("{base}{path}")).send().await.unwrap().bytes().await.unwrap();
    }

    let baseline = load(&visitor, &base, &paths, clients, Duration::from_secs(seconds), || async {}).await;

    let sources =
        Scholarly::new(&OutsideConfig { contact_email: Some("owner@example.org".to_owned()), ..fake.config() }, &base, None).unwrap();
    let changes = Changes::for_database(&db).await.unwrap().watched_by(cache.clone());
    let mut took = Duration::ZERO;
    let during = load(&visitor, &base, &paths, clients, Duration::from_secs(seconds), || async {
        let started = Instant::now();
        let outcome = refresh::run(&db, &sources, &changes).await.unwrap();
        took = started.elapsed();
        println!("refresh: {}", outcome.summary());
    })
    .await;

    let fastest = |host: &str| {
        let times: Vec<Instant> = fake.seen(host).iter().map(|s| s.at).collect();
        // The most requests inside any one second.
        times
            .iter()
            .map(|start| times.iter().filter(|t| **t >= *start && t.duration_since(*start) < Duration::from_secs(1)).count())
            .max()
            .unwrap_or(0)
    };
    let (crossref_rate, openalex_rate) = (fastest(CROSSREF), fastest(OPENALEX));
    let verdict = |ok: bool| if ok { "ok" } else { "OVER BUDGET" };
    println!("papers: {PAPERS}, visitors: {clients}, each load phase: {seconds} s");
    println!("refresh wall time: {:.1} s (budget 30 s): {}", took.as_secs_f64(), verdict(took <= Duration::from_secs(30)));
    println!(
        "requests in the busiest second: Crossref {crossref_rate}, OpenAlex {openalex_rate} (budget 10): {}",
        verdict(crossref_rate <= 10 && openalex_rate <= 10)
    );
    println!("Crossref calls: {}, OpenAlex calls: {}", fake.seen(CROSSREF).len(), fake.seen(OPENALEX).len());
    println!(
        "public pages p99: {:.1} ms without, {:.1} ms during the refresh ({} and {} requests; budget 2x): {}",
        baseline.p99_ms(),
        during.p99_ms(),
        baseline.latencies.len(),
        during.latencies.len(),
        verdict(during.p99_ms() <= 2.0 * baseline.p99_ms())
    );
    let _ = stop_server.send(());
}

struct Load {
    latencies: Vec<Duration>,
}

impl Load {
    fn p99_ms(&self) -> f64 {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        let at = ((sorted.len() as f64) * 0.99).ceil() as usize;
        sorted.get(at.saturating_sub(1)).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}

/// `clients` visitors reading pages as fast as answered, for `length` or until `during` ends,
/// whichever is later (`during` runs beside them: the refresh, or nothing).
async fn load<F, Fut>(visitor: &reqwest::Client, base: &str, paths: &Arc<Vec<String>>, clients: usize, length: Duration, during: F) -> Load
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let done = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for client in 0..clients {
        let (visitor, base, paths, done) = (visitor.clone(), base.to_owned(), paths.clone(), done.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut next = client * 7919;
            while !done.load(Ordering::Relaxed) {
                next = (next + 104_729) % paths.len();
                let started = Instant::now();
                let response = visitor.get(format!("{base}{}", paths[next])).send().await.unwrap();
                assert!(response.status().is_success(), "{}", paths[next]);
                response.bytes().await.unwrap();
                latencies.push(started.elapsed());
            }
            latencies
        }));
    }
    let started = Instant::now();
    during().await;
    tokio::time::sleep(length.saturating_sub(started.elapsed())).await;
    done.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.unwrap());
    }
    Load { latencies }
}
