//! Issue 42, item 9: the blog is real. Posts are a content table like the news (the API, its
//! rules, tags); `/blog` lists the published ones newest first, a page at a time; `/blog/<slug>`
//! shows one with a `BlogPosting` in JSON-LD; `/blog.atom`, the site feed, the sitemap and the
//! tag pages carry them; drafts appear nowhere. On SQLite and PostgreSQL.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

async fn create(app: &TestApp, body: Value) -> Value {
    let response = app.client.post(app.url("/api/posts")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED, "{}", response.text().await.unwrap());
    response.json().await.unwrap()
}

/// A public address as a visitor reads it (no session).
async fn visit(app: &TestApp, path: &str) -> (StatusCode, String) {
    let response = reqwest::get(app.url(path)).await.unwrap();
    (response.status(), response.text().await.unwrap())
}

async fn posts_are_checked_and_stored_like_the_other_content(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let created = create(&app, json!({ "title": "Moving to Vita", "content": "<p>Hello <script>alert(1)</script>world</p>" })).await;
    assert_eq!(created["slug"], "moving-to-vita", "made from the title");
    assert_eq!(created["date"], chrono::Utc::now().date_naive().to_string(), "no date: today");
    assert_eq!(created["content"], "<p>Hello world</p>", "rich text is sanitised");
    assert_eq!(created["status"], "published");

    let response = app
        .client
        .post(app.url("/api/posts"))
        .json(&json!({ "title": " ", "slug": "Not A Slug", "cover_image": "javascript:alert(1)", "date": "0001-01-01" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await.unwrap();
    let fields = &body["error"]["fields"];
    for field in ["title", "slug", "cover_image", "date"] {
        assert!(fields[field].is_string(), "{field} refused: {body}");
    }
    let clash = app.client.post(app.url("/api/posts")).json(&json!({ "title": "Moving to Vita" })).send().await.unwrap();
    assert_eq!(clash.status(), StatusCode::UNPROCESSABLE_ENTITY, "the slug is taken");
    let listed: Vec<Value> = reqwest::get(app.url("/api/posts")).await.unwrap().json().await.unwrap();
    assert_eq!(listed.len(), 1, "nothing of the refused posts was written");
}

async fn the_blog_lists_posts_newest_first_a_page_at_a_time(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let (status, empty) = visit(&app, "/blog").await;
    assert_eq!(status, StatusCode::OK);
    assert!(empty.contains("Blog posts and articles coming soon..."), "the spec's text is the empty state");

    for day in 1..=22 {
        create(
            &app,
            json!({ "title": format!("Post of day {day}"), "date": format!("2026-03-{day:02}"), "summary": format!("Summary {day}.") }),
        )
        .await;
    }
    create(&app, json!({ "title": "A draft post", "date": "2026-03-30", "status": "draft" })).await;

    let first = shown(&app, "/blog", "Post of day 22").await;
    assert!(!first.contains("coming soon"), "no placeholder once there are posts");
    let position = |html: &str, title: &str| html.find(title).unwrap_or_else(|| panic!("{title} is not on the page"));
    assert!(position(&first, "Post of day 22") < position(&first, "Post of day 21"), "newest first");
    assert!(!first.contains("A draft post"), "drafts are not listed");
    assert!(first.contains("href=\"/blog/post-of-day-22\""), "each post links to its page");
    assert!(first.contains("/blog?page=2"), "a second page is linked");
    let (status, second) = visit(&app, "/blog?page=2").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!second.contains("Post of day 22"), "the first page's posts are not repeated");
    assert!(second.contains("Post of day 1<") || second.contains("Post of day 1\""), "the oldest is on a later page");

    let (status, _) = visit(&app, "/blog/a-draft-post").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a draft has no page");
    let (status, _) = visit(&app, "/blog/no-such-post").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// The page once it shows `text` (a visitor may be served the page kept before a write for a
/// moment, while the new one renders).
async fn shown(app: &TestApp, path: &str, text: &str) -> String {
    app.page_once_it_shows(&reqwest::Client::new(), path, text).await
}

async fn a_post_has_its_page_feed_sitemap_and_tag(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let tag = app.client.post(app.url("/api/tags")).json(&json!({ "name": "Open science" })).send().await.unwrap();
    let tag: Value = tag.json().await.unwrap();
    create(
        &app,
        json!({ "title": "Why we publish preprints", "date": "2025-06-01", "summary": "Short answer: speed.",
            "content": "<p>The long answer.</p>", "cover_image": "https://images.example.org/cover.jpg", "tag_ids": [tag["id"]] }),
    )
    .await;

    let page = shown(&app, "/blog/why-we-publish-preprints", "The long answer.").await;
    let ld = page.split("<script type=\"application/ld+json\">").nth(1).expect("the page carries JSON-LD");
    let ld: Value = serde_json::from_str(ld.split("</script>").next().unwrap()).unwrap();
    assert_eq!(ld["@type"], "BlogPosting");
    assert_eq!(ld["headline"], "Why we publish preprints");
    assert_eq!(ld["datePublished"], "2025-06-01");
    assert_eq!(ld["image"], "https://images.example.org/cover.jpg");
    assert_eq!(ld["keywords"], "Open science");
    assert_eq!(ld["url"], app.url("/blog/why-we-publish-preprints"));
    assert!(page.contains("href=\"/blog.atom\"") || page.contains("/blog.atom\""), "the page advertises the blog's feed");

    let (status, feed) = visit(&app, "/blog.atom").await;
    assert_eq!(status, StatusCode::OK);
    assert!(feed.contains("<title>Why we publish preprints</title>"), "{feed}");
    assert!(feed.contains("Short answer: speed."));
    assert!(feed.contains(&app.url("/blog/why-we-publish-preprints")));
    let (_, site_feed) = visit(&app, "/feed.atom").await;
    assert!(site_feed.contains("<title>Why we publish preprints</title>"), "the site feed carries posts");

    let (_, sitemap) = visit(&app, "/sitemap.xml").await;
    assert!(sitemap.contains(&format!("<loc>{}</loc>", app.url("/blog/why-we-publish-preprints"))), "{sitemap}");
    assert!(sitemap.contains(&format!("<loc>{}</loc>", app.url("/blog"))));

    let (status, tag_page) = visit(&app, &format!("/tags/{}", tag["slug"].as_str().unwrap())).await;
    assert_eq!(status, StatusCode::OK);
    assert!(tag_page.contains("Why we publish preprints"), "the tag's page lists the post");
}

on_both_databases!(
    posts_are_checked_and_stored_like_the_other_content,
    the_blog_lists_posts_newest_first_a_page_at_a_time,
    a_post_has_its_page_feed_sitemap_and_tag,
);
