//! Issue 16, items 3–4: the sitemap, robots.txt and the Atom feeds over HTTP, read by the
//! reference parsers (Python's `feedparser` and `urllib.robotparser`, from the repository's
//! `.venv`, which `./scripts/test` makes) and checked against the stored records.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use quick_xml::Reader;
use quick_xml::events::Event;
use serde_json::{Value, json};
use vita::app::App;

use crate::helpers::{TestApp, TestDb, test_config};
use crate::on_both_databases;

const ATOM: &str = "application/atom+xml; charset=utf-8";
const FEEDS: [&str; 5] = ["/feed.atom", "/news.atom", "/publications.atom", "/talks.atom", "/open-calls.atom"];
/// Every character a feed must carry through escaping.
const TRICKY: &str = "Fast & <Secure> \"Boot\" 🔐";

/// Runs `tests/python/discovery.py` and returns what it printed.
async fn parsers(args: Vec<String>) -> Value {
    tokio::task::spawn_blocking(move || {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/python/discovery.py");
        let output = Command::new(crate::helpers::venv_python()).arg(script).args(args).output().expect("run python");
        assert!(output.status.success(), "discovery.py failed: {}", String::from_utf8_lossy(&output.stderr));
        serde_json::from_slice(&output.stdout).expect("discovery.py prints JSON")
    })
    .await
    .unwrap()
}

async fn create(app: &TestApp, table: &str, body: Value) -> Value {
    let response = app.client.post(app.url(&format!("/api/{table}"))).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201, "{table}: {}", response.text().await.unwrap());
    response.json().await.unwrap()
}

async fn get(app: &TestApp, path: &str) -> reqwest::Response {
    reqwest::Client::new().get(app.url(path)).send().await.unwrap()
}

/// The text of every `<name>` element of an XML document, in order, references resolved.
fn elements(xml: &str, name: &str) -> Vec<String> {
    let mut reader = Reader::from_str(xml);
    let (mut found, mut current) = (Vec::new(), None::<String>);
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(start) if start.name().as_ref() == name.as_bytes() => current = Some(String::new()),
            Event::Text(text) => {
                if let Some(current) = &mut current {
                    current.push_str(&text.xml10_content().unwrap());
                }
            }
            Event::GeneralRef(reference) => {
                if let Some(current) = &mut current {
                    let entity = format!("&{};", reference.decode().unwrap());
                    current.push_str(&quick_xml::escape::unescape(&entity).unwrap());
                }
            }
            Event::End(end) if end.name().as_ref() == name.as_bytes() => found.extend(current.take()),
            Event::Eof => return found,
            _ => {}
        }
    }
}

fn today() -> chrono::NaiveDate {
    chrono::Utc::now().date_naive()
}

/// What the feed tests publish, and what they must not show.
struct Seeded {
    news: Value,
    paper: Value,
    talk: Value,
    call: Value,
}

async fn seed(app: &TestApp) -> Seeded {
    let past = today() - chrono::Days::new(10);
    let future = today() + chrono::Days::new(10);
    let news =
        create(app, "news", json!({ "title": TRICKY, "content": "A <b> & c", "date": past, "link_url": "https://example.org/a?b=1&c=2" }))
            .await;
    create(app, "news", json!({ "title": "Draft news", "content": "x", "date": past, "status": "draft" })).await;
    create(app, "news", json!({ "title": "Future news", "content": "x", "date": future })).await;
    let paper = create(
        app,
        "publications",
        json!({ "title": "Masking & <RISC-V>", "slug": "masking", "authors": ["Zoë Ångström", "Çetin Koç"], "venue": "TC", "year": 2024 }),
    )
    .await;
    create(
        app,
        "publications",
        json!({ "title": "Draft paper", "slug": "draft-paper", "authors": ["A"], "venue": "V", "year": 2024, "status": "draft" }),
    )
    .await;
    let talk = create(app, "talks", json!({ "title": "Keynote on 🔐", "event_name": "DATE", "date": past })).await;
    create(app, "talks", json!({ "title": "Future talk", "event_name": "DAC", "date": future })).await;
    create(app, "talks", json!({ "title": "Draft talk", "event_name": "DAC", "date": past, "status": "draft" })).await;
    let call =
        create(app, "open-calls", json!({ "title": "PhD position", "slug": "phd", "content": "<p>Apply <strong>now</strong></p>" })).await;
    create(app, "open-calls", json!({ "title": "Draft call", "slug": "draft-call", "status": "draft" })).await;
    Seeded { news, paper, talk, call }
}

fn urn(item: &Value) -> String {
    format!("urn:uuid:{}", item["id"].as_str().unwrap())
}

async fn feeds_carry_published_items_only_and_parse_without_errors(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let seeded = seed(&app).await;

    for path in FEEDS {
        let response = get(&app, path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["content-type"], ATOM, "{path}");
        assert!(response.headers().contains_key("etag"), "{path}: readers poll with If-None-Match");
    }

    let args = [vec!["feeds".to_owned(), app.base.clone()], FEEDS.map(str::to_owned).to_vec()].concat();
    let parsed = parsers(args).await;
    for path in FEEDS {
        let feed = &parsed[path];
        assert_eq!(feed["bozo"], false, "{path}: {}", feed["bozo_exception"]);
        assert_eq!(feed["version"], "atom10", "{path}");
    }
    let ids = |path: &str| -> BTreeSet<String> {
        parsed[path]["entries"].as_array().unwrap().iter().map(|entry| entry["id"].as_str().unwrap().to_owned()).collect()
    };
    let expect = |items: &[&Value]| -> BTreeSet<String> { items.iter().map(|item| urn(item)).collect() };
    assert_eq!(ids("/news.atom"), expect(&[&seeded.news]), "no draft, no future-dated news");
    assert_eq!(ids("/publications.atom"), expect(&[&seeded.paper]), "no draft paper");
    assert_eq!(ids("/talks.atom"), expect(&[&seeded.talk]), "no draft, no future talk");
    assert_eq!(ids("/open-calls.atom"), expect(&[&seeded.call]), "no draft call");
    assert_eq!(ids("/feed.atom"), expect(&[&seeded.news, &seeded.paper, &seeded.talk, &seeded.call]), "the site feed has them all");

    let news = &parsed["/news.atom"]["entries"][0];
    assert_eq!(news["title"], TRICKY, "the title survives exactly");
    assert_eq!(news["link"], app.url("/news"));
    let paper = &parsed["/publications.atom"]["entries"][0];
    assert_eq!(paper["title"], "Masking & <RISC-V>");
    assert_eq!(paper["link"], app.url("/publications/masking"));
    assert_eq!(parsed["/talks.atom"]["entries"][0]["title"], "Keynote on 🔐");
    assert_eq!(parsed["/feed.atom"]["title"], "Dr. Alex Lindberg", "the site feed is the owner's");
    assert_eq!(parsed["/news.atom"]["title"], "Dr. Alex Lindberg — News");

    // Future-dated items appear on their day: the talk in ten days is absent today only.
    let body = get(&app, "/talks.atom").await.text().await.unwrap();
    assert!(!body.contains("Future talk") && !body.contains("Draft talk"));
}

async fn entry_ids_stay_the_same_across_edits_and_restarts(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let news = create(&app, "news", json!({ "title": "Before", "content": "x", "date": today() })).await;
    let before = get(&app, "/news.atom").await.text().await.unwrap();
    assert!(before.contains(&format!("<id>{}</id>", urn(&news))), "{before}");

    let edited = json!({ "title": "After", "content": "x", "date": today(), "link_url": null, "link_text": null, "featured": false, "status": "published", "tag_ids": [] });
    let response = app.client.put(app.url(&format!("/api/news/{}", news["id"].as_str().unwrap()))).json(&edited).send().await.unwrap();
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    let after = app.page_once_it_shows(&reqwest::Client::new(), "/news.atom", "<title>After</title>").await;
    assert!(after.contains(&format!("<id>{}</id>", urn(&news))), "the edit keeps the id: {after}");
    assert!(!after.contains("Before"));

    // A restart (another instance on the same database): the same ids.
    let data = tempfile::tempdir().unwrap();
    let config = test_config(data.path());
    let second = App::build_with(&config, app.test_db.db.clone()).await.unwrap();
    let base = format!("http://{}", second.local_addr());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(second.serve(async move {
        let _ = stopped.await;
    }));
    let restarted = reqwest::get(format!("{base}/news.atom")).await.unwrap().text().await.unwrap();
    assert!(restarted.contains(&format!("<id>{}</id>", urn(&news))), "{restarted}");
    let _ = stop.send(());
}

async fn pages_advertise_the_site_feed_and_their_section_feed(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    for (page, section) in [
        ("/", None),
        ("/about", None),
        ("/news", Some("/news.atom")),
        ("/publications", Some("/publications.atom")),
        ("/talks", Some("/talks.atom")),
        ("/open-calls", Some("/open-calls.atom")),
        ("/no-such-page", None),
    ] {
        let html = get(&app, page).await.text().await.unwrap();
        let head = html.split("</head>").next().unwrap();
        let feeds: Vec<&str> = head.match_indices("type=\"application/atom+xml\"").map(|(at, _)| &head[at..]).collect();
        assert_eq!(feeds.len(), 1 + usize::from(section.is_some()), "{page}: {head}");
        assert!(head.contains(r#"title="Dr. Alex Lindberg" href=""#) && head.contains(&format!("{}\">", app.url("/feed.atom"))), "{page}");
        if let Some(section) = section {
            assert!(head.contains(&format!("{}\">", app.url(section))), "{page}");
        }
    }
}

async fn the_sitemap_lists_every_public_page_and_paper_and_no_draft(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let paper =
        create(&app, "publications", json!({ "title": "Masking", "slug": "masking", "authors": ["A"], "venue": "V", "year": 2024 })).await;
    create(
        &app,
        "publications",
        json!({ "title": "Draft", "slug": "draft-paper", "authors": ["A"], "venue": "V", "year": 2024, "status": "draft" }),
    )
    .await;
    // 21 news items: two pages of 20.
    for i in 0..21 {
        create(&app, "news", json!({ "title": format!("News {i}"), "content": "x", "date": today() - chrono::Days::new(i) })).await;
    }
    let oldest = create(&app, "news", json!({ "title": "Oldest", "content": "x", "date": "2001-01-01" })).await;
    let tag = create(&app, "tags", json!({ "name": "Side channels", "slug": "side-channels" })).await;

    let response = get(&app, "/sitemap.xml").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/xml; charset=utf-8");
    let xml = response.text().await.unwrap();
    assert!(xml.contains(r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#), "{xml}");
    let locs = elements(&xml, "loc");
    let expected: Vec<String> = [
        "/",
        "/about",
        "/research",
        "/publications",
        "/projects",
        "/teaching",
        "/students",
        "/talks",
        "/blog",
        "/open-calls",
        "/contact",
        "/news",
        "/news?page=2",
        "/cv",
        "/publications/masking",
        "/tags/side-channels",
    ]
    .map(|path| app.url(path))
    .to_vec();
    assert_eq!(locs, expected);
    for loc in &locs {
        assert_eq!(reqwest::get(loc).await.unwrap().status(), 200, "{loc}");
    }
    assert_eq!(get(&app, "/publications/draft-paper").await.status(), 404, "the draft is absent and has no page");

    // lastmod is the record's updated_at (to the second): the paper's, and page 2's one item.
    let lastmods = elements(&xml, "lastmod");
    let second = |value: &Value| {
        chrono::DateTime::parse_from_rfc3339(value["updated_at"].as_str().unwrap())
            .unwrap()
            .to_utc()
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    };
    assert_eq!(lastmods[lastmods.len() - 2..], [second(&paper), second(&tag)], "{xml}");
    let page_two = xml.split("/news?page=2</loc>").nth(1).unwrap();
    assert!(page_two.starts_with(&format!("<lastmod>{}</lastmod>", second(&oldest))), "{page_two}");
    assert!(!xml.contains("/sitemap-1.xml"));
    assert_eq!(get(&app, "/sitemap-1.xml").await.status(), 404, "one file holds everything");
}

async fn above_the_limit_the_sitemap_becomes_an_index_of_parts(test_db: TestDb) {
    let app = TestApp::spawn_with(test_db, |config| config.sitemap_max_urls = 5).await;
    app.sign_in().await;
    for i in 0..4 {
        create(
            &app,
            "publications",
            json!({ "title": format!("Paper {i}"), "slug": format!("paper-{i}"), "authors": ["A"], "venue": "V", "year": 2024 }),
        )
        .await;
    }
    // 13 pages (/cv is one since issue 28) and 4 papers: 17 addresses, four parts of at most 5.
    let index = get(&app, "/sitemap.xml").await.text().await.unwrap();
    assert!(index.contains(r#"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#), "{index}");
    let parts = elements(&index, "loc");
    assert_eq!(parts, (1..=4).map(|n| app.url(&format!("/sitemap-{n}.xml"))).collect::<Vec<_>>());
    let mut all = Vec::new();
    for part in &parts {
        let xml = reqwest::get(part).await.unwrap().text().await.unwrap();
        let locs = elements(&xml, "loc");
        assert!(!locs.is_empty() && locs.len() <= 5, "{part}: {locs:?}");
        all.extend(locs);
    }
    assert_eq!(all.len(), 17);
    assert_eq!(all.iter().collect::<BTreeSet<_>>().len(), 17, "no address twice");
    assert!(all.contains(&app.url("/publications/paper-3")));
    assert_eq!(get(&app, "/sitemap-5.xml").await.status(), 404);
    assert_eq!(get(&app, "/sitemap-01.xml").await.status(), 404);
}

async fn robots_txt_allows_papers_and_refuses_the_admin(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    let response = get(&app, "/robots.txt").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/plain; charset=utf-8");
    let urls = ["/publications/x/x.pdf", "/publications/x", "/", "/admin", "/admin/publications", "/api/news"].map(|path| app.url(path));
    let parsed = parsers([vec!["robots".to_owned(), app.base.clone()], urls.to_vec()].concat()).await;
    let allowed = |path: &str| parsed["allowed"][app.url(path)].as_bool().unwrap();
    assert!(allowed("/publications/x/x.pdf") && allowed("/publications/x") && allowed("/"));
    assert!(!allowed("/admin") && !allowed("/admin/publications") && !allowed("/api/news"));
    assert_eq!(parsed["sitemaps"], json!([app.url("/sitemap.xml")]));
}

async fn the_default_card_image_answers(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    let response = get(&app, "/social-card.png").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    let etag = response.headers()["etag"].clone();
    assert!(response.bytes().await.unwrap().starts_with(b"\x89PNG\r\n\x1a\n"));
    let again = reqwest::Client::new().get(app.url("/social-card.png")).header("if-none-match", etag).send().await.unwrap();
    assert_eq!(again.status(), 304);
}

/// Issue 41, item 5: the feeds are plain text, so the math the pages draw in news titles and
/// texts and in talk titles and abstracts is written as Unicode there (TeX without its dollars
/// where it has none), as paper titles already were; in the site feed and the section feeds.
async fn feeds_write_the_math_of_news_and_talks_as_text(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let past = today() - chrono::Days::new(3);
    create(
        &app,
        "news",
        json!({ "title": "Our paper on $\\alpha_s$ bounds accepted", "content": "It bounds $x^2$ by $\\frac{1}{2}$.", "date": past }),
    )
    .await;
    create(
        &app,
        "talks",
        json!({ "title": "The $\\Lambda$CDM talk", "event_name": "DATE", "date": past, "abstract": "Sorting in $\\mathcal{O}(np)$ time." }),
    )
    .await;
    create(&app, "publications", json!({ "title": "On $\\Lambda$CDM", "slug": "lcdm", "authors": ["A B"], "venue": "V", "year": 2020 }))
        .await;
    for path in ["/feed.atom", "/news.atom", "/talks.atom"] {
        let feed = get(&app, path).await.text().await.unwrap();
        assert!(!feed.contains('$'), "{path}: {feed}");
        let titles = elements(&feed, "title");
        let contents = elements(&feed, "content");
        if path != "/talks.atom" {
            assert!(titles.contains(&"Our paper on αₛ bounds accepted".to_owned()), "{path}: {titles:?}");
            assert!(contents.contains(&"It bounds x² by \\frac{1}{2}.".to_owned()), "{path}: {contents:?}");
        }
        if path != "/news.atom" {
            assert!(titles.contains(&"The ΛCDM talk".to_owned()), "{path}: {titles:?}");
            assert!(contents.contains(&"Sorting in O(np) time.".to_owned()), "{path}: {contents:?}");
        }
        if path == "/feed.atom" {
            assert!(titles.contains(&"On ΛCDM".to_owned()), "{path}: {titles:?}");
        }
    }
}

/// Issue 45: a feed in another language shows the owner's translations of news items, talks and
/// posts (their titles and texts), in the site feed and the section feeds; an untranslated text
/// stays as written, a paper keeps its own title, and the default language's feeds are unchanged.
async fn a_feed_in_another_language_shows_the_translations(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let response = app.client.put(app.url("/api/settings")).json(&json!({ "languages": ["en", "de"] })).send().await.unwrap();
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    let past = today() - chrono::Days::new(3);
    let news = create(&app, "news", json!({ "title": "Grant awarded", "content": "We won a grant.", "date": past })).await;
    let talk =
        create(&app, "talks", json!({ "title": "Keynote on chips", "event_name": "DATE", "date": past, "abstract": "On chips." })).await;
    let post = json!({ "title": "A post", "slug": "a-post", "summary": "Short.", "content": "<p>Long.</p>", "date": past });
    let post = create(&app, "posts", post).await;
    create(&app, "news", json!({ "title": "Untranslated news", "content": "As written.", "date": past })).await;
    create(&app, "publications", json!({ "title": "Masking", "slug": "masking", "authors": ["A B"], "venue": "V", "year": 2020 })).await;
    for (kind, item, field, text) in [
        ("news", &news, "title", "Förderung bewilligt"),
        ("news", &news, "content", "Wir haben eine Förderung erhalten."),
        ("talk", &talk, "title", "Hauptvortrag über Chips"),
        ("talk", &talk, "abstract", "Über Chips."),
        ("post", &post, "title", "Ein Beitrag"),
        ("post", &post, "content", "<p>Lang.</p>"),
    ] {
        let path = format!("/api/admin/translations/{kind}/{}/{field}/de", item["id"].as_str().unwrap());
        let response = app.client.put(app.url(&path)).json(&json!({ "text": text })).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}: {}", response.text().await.unwrap());
    }

    let german = get(&app, "/de/feed.atom").await.text().await.unwrap();
    let (titles, contents) = (elements(&german, "title"), elements(&german, "content"));
    for title in ["Förderung bewilligt", "Hauptvortrag über Chips", "Ein Beitrag", "Untranslated news", "Masking"] {
        assert!(titles.contains(&title.to_owned()), "/de/feed.atom lacks {title:?}: {titles:?}");
    }
    for content in ["Wir haben eine Förderung erhalten.", "Über Chips.", "<p>Lang.</p>", "As written."] {
        assert!(contents.contains(&content.to_owned()), "/de/feed.atom lacks {content:?}: {contents:?}");
    }
    assert!(!titles.iter().any(|t| ["Grant awarded", "Keynote on chips", "A post"].contains(&t.as_str())), "{titles:?}");
    for (path, title) in
        [("/de/news.atom", "Förderung bewilligt"), ("/de/talks.atom", "Hauptvortrag über Chips"), ("/de/blog.atom", "Ein Beitrag")]
    {
        let feed = get(&app, path).await.text().await.unwrap();
        assert!(elements(&feed, "title").contains(&title.to_owned()), "{path}: {feed}");
    }
    let english = get(&app, "/feed.atom").await.text().await.unwrap();
    let titles = elements(&english, "title");
    for title in ["Grant awarded", "Keynote on chips", "A post"] {
        assert!(titles.contains(&title.to_owned()), "/feed.atom lacks {title:?}: {titles:?}");
    }
    assert!(!english.contains("Förderung"), "{english}");
}

on_both_databases!(
    a_feed_in_another_language_shows_the_translations,
    feeds_write_the_math_of_news_and_talks_as_text,
    feeds_carry_published_items_only_and_parse_without_errors,
    entry_ids_stay_the_same_across_edits_and_restarts,
    pages_advertise_the_site_feed_and_their_section_feed,
    the_sitemap_lists_every_public_page_and_paper_and_no_draft,
    above_the_limit_the_sitemap_becomes_an_index_of_parts,
    robots_txt_allows_papers_and_refuses_the_admin,
    the_default_card_image_answers,
);
