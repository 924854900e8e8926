//! Issue 43: the server counts its readers with no cookie and no script, over real HTTP on
//! SQLite and PostgreSQL: the issue's "Done when" traffic through a trusted proxy, robots and
//! prefetches that count for nothing, a PDF read in parts that is one download, sources, feed
//! subscribers; nothing personal in the database; the day boundary on the server's clock; two
//! instances that add up; the counts written at SIGTERM.

use chrono::{Days, NaiveDate, TimeDelta, Utc};
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::helpers::{ServerProcess, TestApp, TestDb, test_config};
use crate::on_both_databases;

const PDF_HEAD: &[u8] = b"%PDF-1.7\n1 0 obj <<>> endobj\n";

const BROWSERS: [&str; 4] = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
];

const ROBOTS: [&str; 7] = [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "curl/8.5.0",
    "python-requests/2.31.0",
    "",
];

const PAGES: [&str; 10] =
    ["/", "/about", "/research", "/publications", "/projects", "/teaching", "/talks", "/news", "/cv", "/publications/masking"];

const PDF_PATH: &str = "/publications/masking/masking.pdf";

/// The address of visitor `n`: each in a /24 of its own.
fn address(n: usize) -> String {
    format!("198.51.{n}.77")
}

/// A client with no cookie store: a visitor.
fn visitor() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

/// A published paper "Masking" with an uploaded PDF of `size` bytes.
async fn paper_with_pdf(app: &TestApp, size: usize) {
    let mut pdf = PDF_HEAD.to_vec();
    pdf.resize(size - 6, b' ');
    pdf.extend_from_slice(b"%%EOF\n");
    let uploaded = app.client.post(app.url("/api/uploads/paper-pdfs?filename=Paper.pdf")).body(pdf).send().await.unwrap();
    assert_eq!(uploaded.status(), 201);
    let name = uploaded.json::<Value>().await.unwrap()["name"].as_str().unwrap().to_owned();
    let paper = json!({
        "title": "Masking", "slug": "masking", "authors": ["Ada"], "kind": "journal-article", "venue": "TC",
        "year": 2024, "pdf_file": name, "status": "published",
    });
    let created = app.client.post(app.url("/api/publications")).json(&paper).send().await.unwrap();
    assert_eq!(created.status(), 201, "{}", created.text().await.unwrap());
}

async fn get(app: &TestApp, client: &reqwest::Client, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut request = client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    assert!(!response.headers().contains_key("set-cookie"), "{path} set a cookie for a visitor");
    response
}

async fn report(app: &TestApp) -> Value {
    let response = app.client.get(app.url("/api/admin/stats")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn today_of(report: &Value, today: NaiveDate) -> &Value {
    report["days"].as_array().unwrap().iter().find(|day| day["date"] == today.to_string()).expect("today is in the report")
}

/// Everything the database holds of the statistics, as text (the tables' rows).
async fn stats_rows(app: &TestApp) -> String {
    let db = &app.test_db.db;
    let mut all = String::new();
    for table in ["stats_days", "stats_pages", "stats_files", "stats_sources", "stats_feeds", "stats_keys", "stats_salts"] {
        let rows = db.query_all_raw(Statement::from_string(db.get_database_backend(), format!("SELECT * FROM {table}"))).await.unwrap();
        all.push_str(&format!("{table}: {rows:?}\n"));
    }
    all
}

async fn the_issues_traffic_is_counted_as_it_says(test_db: TestDb) {
    let app = TestApp::spawn_behind_proxy(test_db).await;
    app.sign_in().await;
    paper_with_pdf(&app, 64 * 1024).await;
    let visitor = visitor();

    // 50 browsers × 10 pages, through the proxy.
    let mut home = None;
    for n in 0..50 {
        for page in PAGES {
            let forwarded = address(n);
            let response = get(&app, &visitor, page, &[("user-agent", BROWSERS[n % 4]), ("x-forwarded-for", &forwarded)]).await;
            assert_eq!(response.status(), 200, "{page}");
            if page == "/" && n == 0 {
                home = Some((response.headers()["etag"].clone(), response.bytes().await.unwrap()));
            }
        }
    }
    // 140 robots and prefetches, plus HEADs and the owner's own visits: nothing.
    for n in 0..20 {
        for robot in ROBOTS {
            get(&app, &visitor, PAGES[n % 10], &[("user-agent", robot), ("x-forwarded-for", &address(100 + n))]).await;
        }
    }
    let prefetches: [&[(&str, &str)]; 3] =
        [&[("sec-purpose", "prefetch")], &[("purpose", "prefetch")], &[("sec-purpose", "prefetch;prerender")]];
    for (n, prefetch) in prefetches.iter().enumerate() {
        let mut headers = vec![("user-agent", BROWSERS[0])];
        headers.extend_from_slice(prefetch);
        get(&app, &visitor, PAGES[n], &headers).await;
    }
    let head = visitor.head(app.url("/about")).header("user-agent", BROWSERS[1]).send().await.unwrap();
    assert_eq!(head.status(), 200);
    let owner = app.client.get(app.url("/about")).header("user-agent", BROWSERS[1]).send().await.unwrap();
    assert_eq!(owner.status(), 200);
    // Forged or absurd headers break nothing and are not counted as anything else.
    let long = format!("{} {}", BROWSERS[0], "x".repeat(10_000));
    assert_eq!(get(&app, &visitor, "/about", &[("user-agent", &long)]).await.status(), 200);

    // One of the readers gets the PDF: whole, then six parts, then a HEAD: one download, the
    // parts answered 206.
    let forwarded = address(2);
    let reader = [("user-agent", BROWSERS[2]), ("x-forwarded-for", forwarded.as_str())];
    let whole = get(&app, &visitor, PDF_PATH, &reader).await;
    assert_eq!(whole.status(), 200);
    assert_eq!(whole.headers()["accept-ranges"], "bytes");
    assert_eq!(whole.bytes().await.unwrap().len(), 64 * 1024);
    for part in 0..6u64 {
        let range = format!("bytes={}-{}", part * 1000, part * 1000 + 999);
        let mut headers = reader.to_vec();
        headers.push(("range", &range));
        let response = get(&app, &visitor, PDF_PATH, &headers).await;
        assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT);
        assert_eq!(response.headers()["content-range"], format!("bytes {}-{}/{}", part * 1000, part * 1000 + 999, 64 * 1024).as_str());
        assert_eq!(response.bytes().await.unwrap().len(), 1000);
    }
    let head =
        visitor.head(app.url(PDF_PATH)).header("user-agent", BROWSERS[2]).header("x-forwarded-for", &forwarded).send().await.unwrap();
    assert_eq!(head.status(), 200);
    // A new reader straight from Google Scholar.
    let scholar = [("user-agent", BROWSERS[1]), ("x-forwarded-for", "192.0.2.44"), ("referer", "https://scholar.google.com/")];
    assert_eq!(get(&app, &visitor, PDF_PATH, &scholar).await.status(), 200);
    // Feed readers: subscribers, never views.
    for reader in [
        "Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers; like FeedFetcher-Google)",
        "NewsBlur Feed Fetcher - 12 subscribers - https://www.newsblur.com/site/6/x (Mozilla/5.0)",
    ] {
        assert_eq!(get(&app, &visitor, "/feed.atom", &[("user-agent", reader)]).await.status(), 200);
    }

    let today = app.stats.now().date_naive();
    let report = report(&app).await;
    let day = today_of(&report, today);
    assert_eq!((day["visitors"].as_i64(), day["views"].as_i64(), day["downloads"].as_i64()), (Some(51), Some(500), Some(2)), "{day}");
    for page in PAGES {
        let figures = report["pages"].as_array().unwrap().iter().find(|p| p["path"] == page).unwrap_or_else(|| panic!("{page}"));
        assert_eq!((figures["views"].as_i64(), figures["visitors"].as_i64()), (Some(50), Some(50)), "{page}");
    }
    assert_eq!(report["pages"].as_array().unwrap().len(), 10, "{}", report["pages"]);
    assert_eq!(report["downloads"], json!([{ "path": PDF_PATH, "title": "Masking", "downloads": 2, "unique_downloads": 2 }]));
    assert_eq!(report["sources"], json!([{ "source": "Google Scholar", "visitors": 1 }]));
    assert_eq!(report["feed_subscribers"], 54);

    // Counting changes nothing of the page (no script, no cookie): it is the same, byte for
    // byte and by its ETag, with the statistics off (the save renders it again).
    let saved = app.client.put(app.url("/api/settings")).json(&json!({ "statistics": "off" })).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    let (etag, body) = home.unwrap();
    let again = get(&app, &visitor, "/", &[("user-agent", BROWSERS[0])]).await;
    assert_eq!(again.headers()["etag"], etag);
    assert_eq!(again.bytes().await.unwrap(), body);

    // Nothing that names a reader is stored: not in the tables, not in the SQLite file or its
    // journal.
    let rows = stats_rows(&app).await;
    let mut stored = vec![rows];
    if app.test_db.kind == "sqlite" {
        let file = app.test_db.database_url().strip_prefix("sqlite:").unwrap().to_owned();
        for path in [file.clone(), format!("{file}-wal"), format!("{file}-journal")] {
            if let Ok(bytes) = std::fs::read(&path) {
                stored.push(String::from_utf8_lossy(&bytes).into_owned());
            }
        }
        assert!(stored.len() > 1, "the database file was read");
    }
    for text in &stored {
        for n in 0..50 {
            assert!(!text.contains(&address(n)), "{} is stored", address(n));
        }
        for secret in ["192.0.2.44", "Gecko", "Googlebot", "Feedly/1.0", "scholar.google.com/"] {
            assert!(!text.contains(secret), "{secret} is stored");
        }
    }
}

/// The settings: `views` counts with no visitor key, `Sec-GPC` gives no key, `off` counts
/// nothing.
async fn the_setting_decides_what_is_counted(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let visitor = visitor();
    get(&app, &visitor, "/about", &[("user-agent", BROWSERS[0]), ("sec-gpc", "1")]).await;
    let saved = app.client.put(app.url("/api/settings")).json(&json!({ "statistics": "views" })).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    get(&app, &visitor, "/about", &[("user-agent", BROWSERS[1])]).await;
    let saved = app.client.put(app.url("/api/settings")).json(&json!({ "statistics": "off" })).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    get(&app, &visitor, "/about", &[("user-agent", BROWSERS[2])]).await;
    let today = app.stats.now().date_naive();
    let report = report(&app).await;
    let day = today_of(&report, today);
    assert_eq!((day["visitors"].as_i64(), day["views"].as_i64()), (Some(0), Some(2)), "{day}");
    let bad = app.client.put(app.url("/api/settings")).json(&json!({ "statistics_retention_months": 0 })).send().await.unwrap();
    assert_eq!(bad.status(), 422);
    let bad = app.client.get(app.url("/api/admin/stats?from=2026-13-01")).send().await.unwrap();
    assert_eq!(bad.status(), 400);
    assert_eq!(visitor.get(app.url("/api/admin/stats")).send().await.unwrap().status(), 401, "owner only");
}

/// `path` as reader `n` (a browser of its own network, through the proxy) gets it.
async fn read(app: &TestApp, client: &reqwest::Client, path: &str, n: usize) -> reqwest::Response {
    let forwarded = address(n);
    get(app, client, path, &[("user-agent", BROWSERS[n % 4]), ("x-forwarded-for", &forwarded)]).await
}

/// Item 7's public line on paper pages: off by default; on, a paper's page shows its views and
/// PDF downloads since the first day counted, as of its last render (counting changes no
/// page's bytes or ETag; a write the page shows renders it again); a paper without a PDF has
/// no downloads part, one never read no line; nothing with the statistics off.
async fn paper_pages_show_their_readers_when_asked(test_db: TestDb) {
    let app = TestApp::spawn_behind_proxy(test_db).await;
    app.sign_in().await;
    paper_with_pdf(&app, 4096).await;
    for (title, slug) in [("Plain", "plain"), ("Unread", "unread")] {
        let paper = json!({
            "title": title, "slug": slug, "authors": ["Ada"], "kind": "journal-article", "venue": "TC", "year": 2024,
            "pdf_url": "https://elsewhere.example/paper.pdf", "status": "published",
        });
        assert_eq!(app.client.post(app.url("/api/publications")).json(&paper).send().await.unwrap().status(), 201);
    }
    let visitor = visitor();
    for n in 0..3 {
        assert_eq!(read(&app, &visitor, "/publications/masking", n).await.status(), 200);
    }
    assert_eq!(read(&app, &visitor, PDF_PATH, 0).await.status(), 200);
    assert_eq!(read(&app, &visitor, "/publications/plain", 1).await.status(), 200);
    app.stats.flush(&app.test_db.db).await.unwrap();
    // The owner is served a page rendered after the latest save (and is never counted).
    let owner_sees = |path: &'static str| {
        let request = app.client.get(app.url(path));
        async move { request.send().await.unwrap().text().await.unwrap() }
    };
    assert!(!owner_sees("/publications/masking").await.contains("data-readership"), "off by default");

    let saved = app.client.put(app.url("/api/settings")).json(&json!({ "show_paper_statistics": true })).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    let since = app.stats.now().format("%B %Y").to_string();
    let masking = owner_sees("/publications/masking").await;
    assert!(masking.contains(&format!("3 views · 1 PDF download since {since}</p>")), "{masking}");
    let plain = owner_sees("/publications/plain").await;
    assert!(plain.contains(&format!(">1 view since {since}</p>")), "no PDF of its own, no downloads: {plain}");
    assert!(!owner_sees("/publications/unread").await.contains("data-readership"), "nothing counted, no line");

    // Counting does not touch a page: more readers, and the page is the same bytes and ETag
    // until something it shows is saved.
    let before = get(&app, &visitor, "/publications/masking", &[]).await;
    let etag = before.headers()["etag"].clone();
    let bytes = before.bytes().await.unwrap();
    for n in 3..5 {
        read(&app, &visitor, "/publications/masking", n).await;
    }
    app.stats.flush(&app.test_db.db).await.unwrap();
    let after = get(&app, &visitor, "/publications/masking", &[]).await;
    assert_eq!(after.headers()["etag"], etag);
    assert_eq!(after.bytes().await.unwrap(), bytes);
    let saved = app.client.put(app.url("/api/settings")).json(&json!({ "show_citation_counts": true })).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    assert!(owner_sees("/publications/masking").await.contains("5 views · 1 PDF download since"));

    // Statistics off: no line, whatever the line's setting.
    let saved = app.client.put(app.url("/api/settings")).json(&json!({ "statistics": "off" })).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    assert!(!owner_sees("/publications/masking").await.contains("data-readership"), "statistics off");
    let saved = app
        .client
        .put(app.url("/api/settings"))
        .json(&json!({ "statistics": "views", "show_paper_statistics": false }))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 200);
    assert!(!owner_sees("/publications/masking").await.contains("data-readership"), "the line off");
    // Not a yes or no: refused, saying which setting.
    let bad = app.client.put(app.url("/api/settings")).json(&json!({ "show_paper_statistics": "yes" })).send().await.unwrap();
    assert_eq!(bad.status(), 400);
    let message = bad.text().await.unwrap();
    assert!(message.contains("show_paper_statistics"), "{message}");
}

async fn salt_of(app: &TestApp, day: NaiveDate) -> Option<String> {
    let db = &app.test_db.db;
    let rows = db
        .query_all_raw(Statement::from_string(db.get_database_backend(), format!("SELECT salt FROM stats_salts WHERE day = '{day}'")))
        .await
        .unwrap();
    rows.first().map(|row| row.try_get::<String>("", "salt").unwrap())
}

/// The day ends on the server's clock: a new salt, the old one deleted, the two days counted
/// apart, and the finished day's keys rolled into counts and gone.
async fn each_day_has_its_salt_and_its_counts(test_db: TestDb) {
    let app = TestApp::spawn_behind_proxy(test_db).await;
    app.sign_in().await;
    let visitor = visitor();
    let reader = [("user-agent", BROWSERS[0]), ("x-forwarded-for", "198.51.100.1")];
    let day_one = app.stats.now().date_naive();
    let first_salt = salt_of(&app, day_one).await.expect("today's salt is made at start-up");
    for page in ["/", "/about"] {
        get(&app, &visitor, page, &reader).await;
    }
    app.stats.flush(&app.test_db.db).await.unwrap();

    // Noon of the next day.
    let noon = (day_one + Days::new(1)).and_hms_opt(12, 0, 0).unwrap().and_utc();
    app.stats.move_clock(TimeDelta::seconds((noon - Utc::now()).num_seconds()));
    let day_two = app.stats.now().date_naive();
    assert_eq!(day_two, day_one + Days::new(1));
    app.stats.maintain(&app.test_db.db).await.unwrap();
    assert_eq!(salt_of(&app, day_one).await, None, "the finished day's salt is deleted");
    let second_salt = salt_of(&app, day_two).await.expect("the new day's salt");
    assert_ne!(first_salt, second_salt);

    get(&app, &visitor, "/", &reader).await;
    let report: Value =
        app.client.get(app.url(&format!("/api/admin/stats?from={day_one}&to={day_two}"))).send().await.unwrap().json().await.unwrap();
    let days: Vec<(i64, i64)> =
        report["days"].as_array().unwrap().iter().map(|d| (d["visitors"].as_i64().unwrap(), d["views"].as_i64().unwrap())).collect();
    assert_eq!(days, [(1, 2), (1, 1)], "{report}");
    let home = report["pages"].as_array().unwrap().iter().find(|p| p["path"] == "/").unwrap();
    assert_eq!((home["views"].as_i64(), home["visitors"].as_i64()), (Some(2), Some(2)), "a visitor on each day");
    let db = &app.test_db.db;
    let left = db
        .query_all_raw(Statement::from_string(db.get_database_backend(), format!("SELECT visitor FROM stats_keys WHERE day = '{day_one}'")))
        .await
        .unwrap();
    assert!(left.is_empty(), "the finished day's keys are rolled up and deleted");
}

on_both_databases!(
    the_issues_traffic_is_counted_as_it_says,
    the_setting_decides_what_is_counted,
    each_day_has_its_salt_and_its_counts,
    paper_pages_show_their_readers_when_asked
);

/// Two instances on one PostgreSQL: their views add up, and a reader who meets both is one
/// visitor (they share the day's salt).
#[tokio::test]
async fn two_instances_add_up() {
    let first = TestApp::spawn_behind_proxy(TestDb::postgres().await).await;
    first.sign_in().await;
    let data = tempfile::tempdir().unwrap();
    let mut config = test_config(data.path());
    config.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    let second = vita::app::App::build_with(&config, first.test_db.db.clone()).await.unwrap();
    let (second_stats, second_base) = (second.state().stats.clone(), format!("http://{}", second.local_addr()));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(second.serve(async move {
        let _ = stopped.await;
    }));
    let visitor = visitor();
    for (n, base) in [(0, &first.base), (0, &second_base), (1, &second_base), (2, &second_base)] {
        let response = visitor
            .get(format!("{base}/about"))
            .header("user-agent", BROWSERS[n])
            .header("x-forwarded-for", address(n))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    }
    second_stats.flush(&first.test_db.db).await.unwrap();
    let today = first.stats.now().date_naive();
    let report = report(&first).await;
    let day = today_of(&report, today);
    assert_eq!((day["visitors"].as_i64(), day["views"].as_i64()), (Some(3), Some(4)), "{day}");
    let _ = stop.send(());
}

/// The real binary writes what it counted when it is stopped with SIGTERM.
#[tokio::test]
async fn sigterm_writes_the_counts() {
    let test_db = TestDb::sqlite().await;
    let mut server = ServerProcess::start(&test_db).await;
    let response = visitor().get(server.url("/about")).header("user-agent", BROWSERS[0]).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(server.terminate().success());
    let db = &test_db.db;
    let rows = db
        .query_all_raw(Statement::from_string(db.get_database_backend(), "SELECT views FROM stats_pages WHERE path = '/about'".to_owned()))
        .await
        .unwrap();
    let views: Vec<i64> = rows.iter().map(|row| row.try_get("", "views").unwrap()).collect();
    assert_eq!(views, [1]);
}

/// A write that fails (here: a database without the statistics' tables) keeps the counts, and
/// the next write brings them in; counting itself never waits for the database.
async fn a_failed_write_keeps_the_counts(test_db: TestDb) {
    let stats = vita::stats::Stats::start(&test_db.db).await.unwrap();
    let mut headers = axum::http::HeaderMap::new();
    headers.insert("user-agent", BROWSERS[1].parse().unwrap());
    let hit = |path| vita::stats::Hit {
        kind: vita::stats::Kind::Page,
        path,
        client: "198.51.100.7".parse().unwrap(),
        headers: &headers,
        query: None,
    };
    stats.record(&hit("/about"));
    let elsewhere = tempfile::tempdir().unwrap();
    let empty = vita::store::connect(&vita::store::Database::Sqlite { path: elsewhere.path().join("empty.db") }).await.unwrap();
    assert!(stats.flush(&empty).await.is_err(), "a database without the tables refuses the write");
    stats.record(&hit("/about"));
    stats.flush(&test_db.db).await.unwrap();
    let today = stats.now().date_naive();
    let report = vita::stats::report::report(&test_db.db, today, today).await.unwrap();
    assert_eq!((report.days[0].views, report.days[0].visitors), (2, 1));
    assert_eq!(report.pages[0].path, "/about");
}

on_both_databases!(a_failed_write_keeps_the_counts);

/// Past the retention (25 months by default) the counts per page and per source are deleted,
/// the day's totals stay; the old day's keys were rolled into its counts first.
async fn old_detail_is_forgotten_and_totals_kept(test_db: TestDb) {
    let stats = vita::stats::Stats::start(&test_db.db).await.unwrap();
    let mut headers = axum::http::HeaderMap::new();
    headers.insert("user-agent", BROWSERS[0].parse().unwrap());
    headers.insert("referer", "https://arxiv.org/abs/1".parse().unwrap());
    let back = TimeDelta::days(800);
    stats.move_clock(-back);
    // That day's salt, as every day has one ready.
    stats.maintain(&test_db.db).await.unwrap();
    let long_ago = stats.now().date_naive();
    let hit = vita::stats::Hit {
        kind: vita::stats::Kind::Page,
        path: "/about",
        client: "198.51.100.7".parse().unwrap(),
        headers: &headers,
        query: None,
    };
    stats.record(&hit);
    stats.flush(&test_db.db).await.unwrap();
    stats.maintain(&test_db.db).await.unwrap();
    let before = vita::stats::report::report(&test_db.db, long_ago, long_ago).await.unwrap();
    assert_eq!((before.pages.len(), before.sources.len()), (1, 1));

    stats.move_clock(back);
    stats.maintain(&test_db.db).await.unwrap();
    let after = vita::stats::report::report(&test_db.db, long_ago, long_ago).await.unwrap();
    assert_eq!((after.days[0].views, after.days[0].visitors), (1, 1), "the totals stay, the visitor rolled up");
    assert!(after.pages.is_empty() && after.sources.is_empty(), "{after:?}");
}

on_both_databases!(old_detail_is_forgotten_and_totals_kept);

/// `vita stats` prints the same figures as the API.
#[tokio::test]
async fn the_command_prints_the_table() {
    let test_db = TestDb::sqlite().await;
    let stats = vita::stats::Stats::start(&test_db.db).await.unwrap();
    let mut headers = axum::http::HeaderMap::new();
    headers.insert("user-agent", BROWSERS[0].parse().unwrap());
    headers.insert("referer", "https://scholar.google.com/".parse().unwrap());
    let hit = vita::stats::Hit {
        kind: vita::stats::Kind::Page,
        path: "/research",
        client: "198.51.100.7".parse().unwrap(),
        headers: &headers,
        query: None,
    };
    stats.record(&hit);
    stats.flush(&test_db.db).await.unwrap();
    let today = stats.now().date_naive();
    let data = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_vita"))
        .args(["stats", "--from", &today.to_string(), "--to", &today.to_string()])
        .env("VITA_DATA_DIR", data.path())
        .env("DATABASE_URL", test_db.database_url())
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let printed = String::from_utf8_lossy(&output.stdout);
    let line = |start: &str| printed.lines().find(|line| line.starts_with(start)).map(|line| line.split_whitespace().collect::<Vec<_>>());
    assert_eq!(line(&today.to_string()), Some(vec![today.to_string().as_str(), "1", "1", "0"]), "{printed}");
    assert_eq!(line("/research"), Some(vec!["/research", "1", "1"]), "{printed}");
    assert_eq!(line("Google Scholar"), Some(vec!["Google", "Scholar", "1"]), "{printed}");
    let refused = std::process::Command::new(env!("CARGO_BIN_EXE_vita"))
        .args(["stats", "--from", "2026-02-30"])
        .env("VITA_DATA_DIR", data.path())
        .env("DATABASE_URL", test_db.database_url())
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("from must be a date like 2026-12-31"));
}

/// Item 7's privacy note: `docs/privacy.md` is written from the statistics tables of the
/// migrated schema (SQLite), every column with its sentence; a column added without one, or a
/// note not regenerated, fails here. `VITA_UPDATE_DOCS=1` rewrites the note.
#[tokio::test]
async fn the_privacy_note_lists_every_stored_column() {
    let test_db = TestDb::sqlite().await;
    let db = &test_db.db;
    let tables = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'stats\\_%' ESCAPE '\\' ORDER BY name",
        ))
        .await
        .unwrap();
    let mut schema = Vec::new();
    for table in tables {
        let table: String = table.try_get("", "name").unwrap();
        let columns = db
            .query_all_raw(Statement::from_sql_and_values(
                db.get_database_backend(),
                "SELECT name FROM pragma_table_info(?)",
                [table.clone().into()],
            ))
            .await
            .unwrap();
        schema.push((table, columns.iter().map(|column| column.try_get::<String>("", "name").unwrap()).collect::<Vec<_>>()));
    }
    assert!(schema.len() >= 7, "the statistics tables: {schema:?}");
    let fresh = vita::stats::privacy::note(&schema).unwrap_or_else(|missing| panic!("{}", missing.join("\n")));
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(vita::stats::privacy::NOTE_FILE);
    if std::env::var_os("VITA_UPDATE_DOCS").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == fresh,
        "{} is stale: run `VITA_UPDATE_DOCS=1 cargo nextest run -E 'test(/privacy_note/)'` and commit it",
        vita::stats::privacy::NOTE_FILE
    );
}
