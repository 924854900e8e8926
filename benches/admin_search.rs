//! The admin's publication list with 500 papers (issue 44: "finds one by a word of its title
//! in under 1 s"): the time of `GET /api/admin/publications?q=<word>&limit=50` over HTTP against
//! the real server on a fresh SQLite database, and of deleting 97 papers in one bulk action
//! and undoing it. Prints figures; never fails on a timing. Run: `cargo bench --bench admin_search`.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use vita::app::App;
use vita::content::{self, publications};
use vita::ops::config::{Config, OutsideConfig, StoreConfig};
use vita::store::{self, Database};

const PAPERS: usize = 500;
const SEARCHES: usize = 200;
const EMAIL: &str = "owner@example.org";
const PASSWORD: &str = "correct horse battery staple";

const WORDS: [&str; 10] = ["secure", "neural", "cache", "quantum", "fuzzing", "lattice", "sensor", "graph", "compiler", "privacy"];

#[tokio::main]
async fn main() {
    let dir = tempfile::tempdir().unwrap();
    let db = store::connect(&Database::Sqlite { path: dir.path().join(store::SQLITE_FILE) }).await.unwrap();
    store::migrate(&db).await.unwrap();
    for i in 0..PAPERS {
        let input = publications::Input {
            title: format!("On {} systems, part {i}", WORDS[i % WORDS.len()]),
            authors: vec![format!("Author {}", i % 37), "Ada Lovelace".to_owned()],
            venue: format!("Conference {}", i % 13),
            year: Some(1990 + (i % 35) as i32),
            ..Default::default()
        };
        content::create::<publications::Entity>(&db, input).await.unwrap();
    }
    // One paper with a word no other has: the search the issue names.
    let needle = publications::Input {
        title: "Masking the unmaskable".to_owned(),
        authors: vec!["Grace Hopper".to_owned()],
        venue: "CHES".to_owned(),
        ..Default::default()
    };
    content::create::<publications::Entity>(&db, needle).await.unwrap();
    vita::auth::add_owner(&db, EMAIL, PASSWORD).await.unwrap();

    let config = Config {
        listen: Some("127.0.0.1:0".parse().unwrap()),
        base_url: None,
        tls: Default::default(),
        render_workers: 0,
        trusted_proxies: vec![],
        limits: Default::default(),
        store: StoreConfig { data_dir: dir.path().to_owned(), database_url: None, s3_bucket: None, s3_settings: vec![] },
        outside: OutsideConfig { no_outside_calls: true, ..OutsideConfig::public_sources() },
        sitemap_max_urls: vita::ops::config::SITEMAP_MAX_URLS,
    };
    let app = App::build_with(&config, db.clone()).await.unwrap();
    let base = format!("http://{}", app.local_addr());
    let (stop_server, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(app.serve(async move {
        let _ = stopped.await;
    }));
    let origin = reqwest::header::HeaderMap::from_iter([(reqwest::header::ORIGIN, base.parse().unwrap())]);
    let owner = reqwest::Client::builder().cookie_store(true).default_headers(origin).build().unwrap();
    let signed_in =
        owner.post(format!("{base}/api/auth/token")).json(&json!({ "email": EMAIL, "password": PASSWORD })).send().await.unwrap();
    assert!(signed_in.status().is_success(), "sign-in: {}", signed_in.status());

    let search = |query: String| {
        let owner = owner.clone();
        let url = format!("{base}/api/admin/publications?{query}");
        async move {
            let started = Instant::now();
            let response = owner.get(url).send().await.unwrap();
            let total: u64 = response.headers()["x-total-count"].to_str().unwrap().parse().unwrap();
            let items: Vec<Value> = response.json().await.unwrap();
            (started.elapsed(), total, items)
        }
    };
    let (_, total, items) = search("q=unmaskable&limit=50".to_owned()).await;
    assert_eq!((total, items.len()), (1, 1), "the one paper is found");
    let mut times: Vec<Duration> = Vec::with_capacity(SEARCHES);
    for i in 0..SEARCHES {
        let query =
            if i % 2 == 0 { "q=unmaskable&limit=50".to_owned() } else { format!("q={}&sort=-year&limit=50", WORDS[i % WORDS.len()]) };
        times.push(search(query).await.0);
    }
    times.sort();
    let at = |share: f64| times[((times.len() - 1) as f64 * share) as usize].as_secs_f64() * 1e3;
    let (_, _, first_page) = search("limit=50".to_owned()).await;
    let whole = search(String::new()).await.0;

    // 97 papers of one import removed in one action, then put back.
    let (_, _, doomed) = search("q=systems&limit=97".to_owned()).await;
    let ids: Vec<&Value> = doomed.iter().map(|paper| &paper["id"]).collect();
    let started = Instant::now();
    let answer: Value = owner
        .post(format!("{base}/api/admin/publications/bulk"))
        .json(&json!({ "action": "delete", "ids": ids }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let deleted = started.elapsed();
    let token = answer["undo"].as_str().expect("an undo token");
    let started = Instant::now();
    let undone = owner.post(format!("{base}/api/admin/undo/{token}")).send().await.unwrap();
    let restored = started.elapsed();
    assert!(undone.status().is_success(), "undo: {}", undone.status());

    println!("papers: {}, searches: {SEARCHES} (a word of the title; half of them also sorted by year)", PAPERS + 1);
    println!(
        "search over HTTP: median {:.1} ms, p95 {:.1} ms, max {:.1} ms (budget 1000 ms): {}",
        at(0.5),
        at(0.95),
        at(1.0),
        if at(1.0) < 1000.0 { "ok" } else { "OVER BUDGET" }
    );
    println!(
        "first page of 50 (no search): {} items; the whole list of {}: {:.1} ms",
        first_page.len(),
        PAPERS + 1,
        whole.as_secs_f64() * 1e3
    );
    println!(
        "bulk delete of {} papers: {:.1} ms; its undo: {:.1} ms",
        ids.len(),
        deleted.as_secs_f64() * 1e3,
        restored.as_secs_f64() * 1e3
    );
    let _ = stop_server.send(());
    store::close(db).await;
}
