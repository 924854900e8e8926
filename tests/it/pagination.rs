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
