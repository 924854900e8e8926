//! Issue 15, item 1: long public lists paginate with `?page=N` (plain links), read a page at
//! a time, and made-up `?page=` values are never errors and never grow the page cache.

use serde::de::DeserializeOwned;
use serde_json::json;
use vita::content::{self, Content, news, students};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

async fn seed<E: Content>(app: &TestApp, value: serde_json::Value)
where
    E::Input: DeserializeOwned,
{
    let input = serde_json::from_value(value).expect("seed input");
    content::create::<E>(&app.test_db.db, input).await.expect("seed");
}

/// 120 news items, "News 000" the oldest, one day apart: six pages of 20.
async fn seed_news(app: &TestApp) {
    let first = chrono::NaiveDate::from_ymd_opt(2020, 1, 1).unwrap();
    for i in 0..120 {
        let date = first + chrono::Days::new(i);
        seed::<news::Entity>(app, json!({ "title": format!("News {i:03}"), "content": "Text.", "date": date })).await;
    }
}

async fn get(app: &TestApp, path: &str) -> (String, String) {
    let response = reqwest::get(app.url(path)).await.unwrap();
    assert_eq!(response.status(), 200, "{path}");
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    (etag, response.text().await.unwrap())
}

/// The titles of the news items on a page, in the order shown.
fn titles(html: &str) -> Vec<u64> {
    html.match_indices(">News ").filter_map(|(at, _)| html[at + 6..].get(..3)?.parse().ok()).collect()
}

fn numbers(from: u64, to: u64) -> Vec<u64> {
    (to..=from).rev().collect()
}

async fn news_is_shown_a_page_at_a_time_newest_first(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    seed_news(&app).await;

    let (_, first) = get(&app, "/news").await;
    assert_eq!(titles(&first), numbers(119, 100), "page 1: the newest 20");
    assert!(first.contains(r#"<nav aria-label="Pagination""#));
    assert!(first.contains(r#"href="/news?page=2" rel="next""#), "a plain link to page 2");
    assert!(!first.contains(r#"rel="prev""#), "nothing newer than page 1");
    assert!(first.contains(r#"<link rel="canonical" href="http://127.0.0.1"#) && first.contains(r#"/news">"#));

    let (_, second) = get(&app, "/news?page=2").await;
    assert_eq!(titles(&second), numbers(99, 80), "page 2: the next 20, in order");
    assert!(second.contains(r#"href="/news" rel="prev""#), "page 1 is the bare path");
    assert!(second.contains(r#"href="/news?page=3" rel="next""#));
    assert!(second.contains(r#"aria-current="page""#) && second.contains("/news?page=2\">"));

    let (_, last) = get(&app, "/news?page=6").await;
    assert_eq!(titles(&last), numbers(19, 0), "the last page: the oldest 20");
    assert!(!last.contains(r#"rel="next""#), "no older link on the last page");
    assert!(!last.contains("Older"));
}
on_both_databases!(news_is_shown_a_page_at_a_time_newest_first);

async fn any_page_value_shows_a_page_and_made_up_values_do_not_grow_the_cache(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    seed_news(&app).await;
    let (first_etag, _) = get(&app, "/news").await;
    let (last_etag, _) = get(&app, "/news?page=6").await;
    // Not a page number: page 1. Past the last page (however far): the last page.
    for query in ["page=0", "page=-1", "page=abc", "page=", "page=2.5", "page=%32", "page=1", "utm_source=x", "page=1&utm_source=x"] {
        assert_eq!(get(&app, &format!("/news?{query}")).await.0, first_etag, "{query}");
    }
    for query in ["page=7", "page=999", "page=1180591620717411303424", "page=4294967296", "utm_source=x&page=99"] {
        assert_eq!(get(&app, &format!("/news?{query}")).await.0, last_etag, "{query}");
    }
    let pages = app.cache.len();
    for i in 0..100 {
        let query = match i % 4 {
            0 => format!("page={}", 7 + i * 1_000_003),
            1 => format!("page=x{i}"),
            2 => format!("page=-{i}"),
            _ => format!("utm_source={i}&page={}", 100 + i),
        };
        let (etag, _) = get(&app, &format!("/news?{query}")).await;
        assert!(etag == first_etag || etag == last_etag, "{query}");
    }
    assert_eq!(app.cache.len(), pages, "100 made-up ?page= values added no page to the cache");
    // Real pages are cached under their own key, and each is its own page.
    let (second_etag, _) = get(&app, "/news?page=2").await;
    assert_eq!(app.cache.len(), pages + 1);
    assert_ne!(second_etag, first_etag);
    assert_eq!(get(&app, "/news?page=2&utm_source=y").await.0, second_etag, "answered from the cache");
    assert_eq!(app.cache.len(), pages + 1);
}
on_both_databases!(any_page_value_shows_a_page_and_made_up_values_do_not_grow_the_cache);

/// Students are read current first, so each page groups its own: page 1 holds every current
/// student and the first alumni, page 2 only alumni.
async fn students_are_paginated_current_students_first(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let shown = app
        .client
        .put(app.url("/api/settings"))
        .json(&json!({ "analytics_script_url": "", "show_students_publicly": true }))
        .send()
        .await
        .unwrap();
    assert_eq!(shown.status(), 200);
    for i in 0..30 {
        let status = if i % 3 == 0 { "graduated" } else { "current" };
        seed::<students::Entity>(&app, json!({ "name": format!("Student {i:02}"), "status": status, "sort_order": 30 - i })).await;
    }
    let (_, first) = get(&app, "/students").await;
    let (_, second) = get(&app, "/students?page=2").await;
    let current = first.split(r#"id="alumni""#).next().unwrap();
    assert!(first.contains("Current Students") && first.contains(r#"id="alumni""#));
    assert_eq!(current.matches("<h3").count(), 20, "all 20 current students on page 1");
    assert!(!second.contains("Current Students"), "page 2 holds alumni only");
    assert_eq!(second.matches("<h3").count(), 6, "24 on page 1, the other 6 on page 2");
    // Within a group, the spec's order (sort_order ascending): Student 29 (sort 1) first.
    assert!(current.find("Student 29").unwrap() < current.find("Student 28").unwrap());
}
on_both_databases!(students_are_paginated_current_students_first);

/// The items of a tag's page, as `(kind, number)`: "Paper 007" is `("Paper", 7)`.
fn tagged_items(html: &str) -> std::collections::BTreeSet<(String, u64)> {
    let found = regex::Regex::new(r">(Paper|Project|News) (\d{3})<").unwrap();
    found.captures_iter(html).map(|c| (c[1].to_owned(), c[2].parse().unwrap())).collect()
}

/// Issue 41, item 11: a tag of 150 items (45 papers, 5 projects, 100 news items) is shown 20
/// items a page, as /news is: publications first, then projects and news, every item on
/// exactly one page; `?page=` links between the pages, a number past the last shows the last
/// (cached under its key), and every page is in the sitemap.
async fn a_tag_page_is_shown_a_page_at_a_time(test_db: TestDb) {
    use vita::content::{projects, publications, tags};
    let app = TestApp::spawn_on(test_db).await;
    let tag =
        content::create::<tags::Entity>(&app.test_db.db, serde_json::from_value(json!({ "name": "Networks" })).unwrap()).await.unwrap();
    let tagged = json!([tag.id]);
    for i in 0..45 {
        let paper = json!({ "title": format!("Paper {i:03}"), "authors": ["Julie Chiquet"], "venue": "Biometrics", "year": 2000 + i, "tag_ids": tagged });
        seed::<publications::Entity>(&app, paper).await;
    }
    for i in 0..5 {
        seed::<projects::Entity>(&app, json!({ "title": format!("Project {i:03}"), "summary": "A project.", "tag_ids": tagged })).await;
    }
    let first = chrono::NaiveDate::from_ymd_opt(2020, 1, 1).unwrap();
    for i in 0..100 {
        let news = json!({ "title": format!("News {i:03}"), "content": "Text.", "date": first + chrono::Days::new(i), "tag_ids": tagged });
        seed::<news::Entity>(&app, news).await;
    }

    let mut seen = std::collections::BTreeSet::new();
    for page in 1..=8 {
        let path = if page == 1 { "/tags/networks".to_owned() } else { format!("/tags/networks?page={page}") };
        let (_, html) = get(&app, &path).await;
        let items = tagged_items(&html);
        assert_eq!(items.len(), if page == 8 { 10 } else { 20 }, "{path}: {items:?}");
        assert!(items.iter().all(|item| seen.insert(item.clone())), "{path}: an item shown on an earlier page too");
        assert!(html.contains(r#"<nav aria-label="Pagination""#), "{path}");
        assert_eq!(html.contains(&format!(r#"href="/tags/networks?page={}" rel="next""#, page + 1)), page < 8, "{path}");
        assert!(
            html.contains(&format!(r#"/tags/networks{}">"#, if page == 1 { String::new() } else { format!("?page={page}") })),
            "{path}: canonical"
        );
        if page == 2 {
            assert!(html.contains(r#"href="/tags/networks" rel="prev""#), "page 1 is the bare path");
        }
        if page == 3 {
            // The papers' last 5, then every project, then the first 10 news items: each under its heading.
            let count = |kind: &str| items.iter().filter(|(k, _)| k == kind).count();
            assert_eq!((count("Paper"), count("Project"), count("News")), (5, 5, 10));
            assert!(html.contains(">Publications<") && html.contains(">Projects<") && html.contains(">News<"));
        }
    }
    assert_eq!(seen.len(), 150, "every item on one page");
    assert!(tagged_items(&get(&app, "/tags/networks").await.1).iter().all(|(kind, _)| kind == "Paper"), "publications first");

    let (last_etag, _) = get(&app, "/tags/networks?page=8").await;
    let pages = app.cache.len();
    for query in ["page=9", "page=999", "page=4294967296"] {
        assert_eq!(get(&app, &format!("/tags/networks?{query}")).await.0, last_etag, "{query} shows the last page");
    }
    assert_eq!(app.cache.len(), pages, "made-up page numbers add nothing to the cache");

    let sitemap = reqwest::get(app.url("/sitemap.xml")).await.unwrap().text().await.unwrap();
    for page in 2..=8 {
        assert!(sitemap.contains(&format!("/tags/networks?page={page}</loc>")), "page {page} in the sitemap");
    }
    assert!(sitemap.contains("/tags/networks</loc>") && !sitemap.contains("/tags/networks?page=9<"));
}
on_both_databases!(a_tag_page_is_shown_a_page_at_a_time);
