//! Issue 16, items 1 and 2: tags on publications, projects, talks and news items (the API, the
//! chips, `/tags/<slug>`), and the filters of `/publications` with the page cache's bound on
//! filtered variants, on SQLite and PostgreSQL.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

async fn post(app: &TestApp, path: &str, body: Value) -> Value {
    let response = app.client.post(app.url(&format!("/api/{path}"))).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED, "{path}: {}", response.text().await.unwrap());
    response.json().await.unwrap()
}

async fn tag(app: &TestApp, name: &str, color: &str) -> String {
    post(app, "tags", json!({ "name": name, "color": color })).await["id"].as_str().unwrap().to_owned()
}

fn tag_names(item: &Value) -> Vec<&str> {
    item["tags"].as_array().unwrap().iter().map(|tag| tag["name"].as_str().unwrap()).collect()
}

/// Links in a join table, read from the store.
async fn links(app: &TestApp, table: &str) -> i64 {
    use sea_orm::{ConnectionTrait, Statement};
    let db = &app.test_db.db;
    let sql = format!("SELECT COUNT(*) AS n FROM {table}");
    db.query_one_raw(Statement::from_string(db.get_database_backend(), sql)).await.unwrap().unwrap().try_get::<i64>("", "n").unwrap()
}

fn paper(title: &str, tag_ids: &[&str]) -> Value {
    json!({ "title": title, "authors": ["Ana Ölund", "Bo Li"], "venue": "CHES", "year": 2024, "tag_ids": tag_ids })
}

async fn every_kind_carries_tags_and_deleting_a_tag_keeps_the_items(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let side = tag(&app, "Side channels", "#dc2626").await;
    let faults = tag(&app, "Fault attacks", "#2563eb").await;

    let created = post(&app, "publications", paper("Masking RISC-V", &[&side, &faults, &side])).await;
    assert_eq!(tag_names(&created), ["Fault attacks", "Side channels"], "by name, each once");
    let item = app.url(&format!("/api/publications/{}", created["id"].as_str().unwrap()));
    let mut input = created.clone();
    for key in ["id", "created_at", "updated_at", "tags"] {
        input.as_object_mut().unwrap().remove(key);
    }
    input["tag_ids"] = json!([side]);
    let updated: Value = app.client.put(&item).json(&input).send().await.unwrap().json().await.unwrap();
    assert_eq!(tag_names(&updated), ["Side channels"], "an update replaces the tags");
    let read: Value = app.client.get(&item).send().await.unwrap().json().await.unwrap();
    assert_eq!(tag_names(&read), ["Side channels"]);

    let project = post(&app, "projects", json!({ "title": "Trusted boot", "summary": "S.", "tag_ids": [faults] })).await;
    let talk = post(&app, "talks", json!({ "title": "T", "event_name": "E", "date": "2025-01-01", "tag_ids": [faults, side] })).await;
    let news = post(&app, "news", json!({ "title": "N", "content": "C.", "tag_ids": [side] })).await;
    assert_eq!(
        (tag_names(&project), tag_names(&talk), tag_names(&news)),
        (vec!["Fault attacks"], vec!["Fault attacks", "Side channels"], vec!["Side channels"])
    );
    let listed: Vec<Value> = reqwest::get(app.url("/api/talks")).await.unwrap().json().await.unwrap();
    assert_eq!(tag_names(&listed[0]), ["Fault attacks", "Side channels"], "the public list carries the tags");

    // Deleting a tag removes it from the items, never the items.
    assert_eq!(app.client.delete(app.url(&format!("/api/tags/{side}"))).send().await.unwrap().status(), 204);
    let talks: Vec<Value> = reqwest::get(app.url("/api/talks")).await.unwrap().json().await.unwrap();
    assert_eq!(tag_names(&talks[0]), ["Fault attacks"]);
    let news_items: Vec<Value> = reqwest::get(app.url("/api/news")).await.unwrap().json().await.unwrap();
    assert_eq!((news_items.len(), tag_names(&news_items[0]).len()), (1, 0));
    let papers: Vec<Value> = reqwest::get(app.url("/api/publications")).await.unwrap().json().await.unwrap();
    assert_eq!(papers.len(), 1);
    assert_eq!(links(&app, "publication_tags").await, 0);

    // Deleting an item removes its links.
    assert_eq!(links(&app, "talk_tags").await, 1);
    assert_eq!(app.client.delete(app.url(&format!("/api/talks/{}", talk["id"].as_str().unwrap()))).send().await.unwrap().status(), 204);
    assert_eq!(links(&app, "talk_tags").await, 0);
    assert_eq!(links(&app, "project_tags").await, 1, "other items keep theirs");
}

async fn an_unknown_tag_is_refused_and_nothing_is_written(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let known = tag(&app, "Known", "#16a34a").await;
    let unknown = uuid::Uuid::new_v4().to_string();
    for path in ["publications", "projects", "talks", "news"] {
        let body = match path {
            "publications" => paper("P", &[&known, &unknown]),
            "projects" => json!({ "title": "P", "summary": "S.", "tag_ids": [known, unknown] }),
            "talks" => json!({ "title": "T", "event_name": "E", "date": "2025-01-01", "tag_ids": [known, unknown] }),
            _ => json!({ "title": "N", "content": "C.", "tag_ids": [known, unknown] }),
        };
        let response = app.client.post(app.url(&format!("/api/{path}"))).json(&body).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY, "{path}");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error"]["fields"]["tag_ids"], format!("Unknown tag: {unknown}"), "{path}: {error}");
        let listed: Vec<Value> = app.client.get(app.url(&format!("/api/admin/{path}"))).send().await.unwrap().json().await.unwrap();
        assert!(listed.is_empty(), "{path}: nothing written");
    }
    // An update with an unknown tag keeps the stored row and its tags.
    let stored = post(&app, "publications", paper("Kept", &[&known])).await;
    let mut input = paper("Changed", &[&unknown]);
    for key in ["slug", "month", "abstract", "pdf_url", "pdf_file", "url", "doi", "pages", "volume", "issue", "publisher", "bibtex"] {
        input[key] = Value::Null;
    }
    input["kind"] = json!("conference-paper");
    input["featured"] = json!(false);
    input["status"] = json!("published");
    let item = app.url(&format!("/api/publications/{}", stored["id"].as_str().unwrap()));
    assert_eq!(app.client.put(&item).json(&input).send().await.unwrap().status(), StatusCode::UNPROCESSABLE_ENTITY);
    let read: Value = app.client.get(&item).send().await.unwrap().json().await.unwrap();
    assert_eq!((read["title"].as_str(), tag_names(&read)), (Some("Kept"), vec!["Known"]));
    input["tag_ids"] = json!([]);
    let cleared: Value = app.client.put(&item).json(&input).send().await.unwrap().json().await.unwrap();
    assert_eq!((cleared["title"].as_str(), tag_names(&cleared).len()), (Some("Changed"), 0));
}

/// The chips of the tags on an item: links to the tag's page.
fn chip(slug: &str) -> String {
    format!("href=\"/tags/{slug}\"")
}

async fn items_show_chips_and_the_tag_page_lists_what_is_published_by_kind(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let side = tag(&app, "Side channels", "#dc2626").await;
    let other = tag(&app, "Other", "#000000").await;
    post(&app, "publications", paper("Masking RISC-V", &[&side])).await;
    post(&app, "publications", json!({ "title": "Draft paper", "authors": ["A"], "venue": "V", "status": "draft", "tag_ids": [side] }))
        .await;
    post(&app, "projects", json!({ "title": "Trusted boot", "summary": "S.", "tag_ids": [side] })).await;
    post(&app, "talks", json!({ "title": "Keynote on leakage", "event_name": "E", "date": "2025-01-01", "tag_ids": [side] })).await;
    post(&app, "news", json!({ "title": "Grant for side channels", "content": "C.", "tag_ids": [side] })).await;
    post(&app, "news", json!({ "title": "Untagged news", "content": "C." })).await;
    post(&app, "news", json!({ "title": "Other news", "content": "C.", "tag_ids": [other] })).await;

    let visitor = reqwest::Client::new();
    for path in ["/publications", "/projects", "/talks", "/news", "/publications/masking-risc-v"] {
        let html = visitor.get(app.url(path)).send().await.unwrap().text().await.unwrap();
        assert!(html.contains(&chip("side-channels")), "{path} shows the chip");
    }
    let response = visitor.get(app.url("/tags/side-channels")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let html = response.text().await.unwrap();
    for (heading, title) in [
        ("Publications", "Masking RISC-V"),
        ("Projects", "Trusted boot"),
        ("Talks", "Keynote on leakage"),
        ("News", "Grant for side channels"),
    ] {
        assert!(html.contains(&format!(">{heading}</h2>")), "{heading}");
        assert!(html.contains(title), "{title}");
    }
    for absent in ["Draft paper", "Untagged news", "Other news"] {
        assert!(!html.contains(absent), "{absent} is not on the page");
    }
    for unknown in ["/tags/no-such-tag", "/tags/Not_A_Slug"] {
        let response = visitor.get(app.url(unknown)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{unknown}");
        assert!(response.text().await.unwrap().contains("Page not found"), "{unknown}: the site's 404 page");
    }
    // A tag edit shows on the pages that show it (they read the tags).
    let renamed = json!({ "name": "Leakage", "slug": "side-channels", "color": "#dc2626" });
    assert_eq!(app.client.put(app.url(&format!("/api/tags/{side}"))).json(&renamed).send().await.unwrap().status(), 200);
    app.page_once_it_shows(&visitor, "/tags/side-channels", ">Leakage<").await;
    app.page_once_it_shows(&visitor, "/publications", ">Leakage<").await;
}

/// The paper titles a /publications page shows (each is a heading linking to its page).
fn titles(html: &str) -> Vec<String> {
    html.match_indices("<h3")
        .filter_map(|(at, _)| {
            let rest = &html[at..];
            let link = rest.find("<a href=\"/publications/")?;
            let start = link + rest[link..].find('>')? + 1;
            Some(rest[start..start + rest[start..].find('<')?].to_owned())
        })
        .collect()
}

async fn filters(app: &TestApp, query: &str) -> Vec<String> {
    let response = reqwest::get(app.url(&format!("/publications?{query}"))).await.unwrap();
    assert_eq!(response.status(), 200, "{query}");
    let mut shown = titles(&response.text().await.unwrap());
    shown.sort();
    shown
}

async fn publications_filter_by_kind_year_tag_and_search(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let side = tag(&app, "Side channels", "#dc2626").await;
    for (title, kind, year, venue, authors, tags) in [
        ("Masking RISC-V", "journal-article", 2024, "TCHES", vec!["Ana Ölund"], vec![side.as_str()]),
        ("Fault attacks on boot", "conference-paper", 2024, "CHES", vec!["Bo Li"], vec![]),
        ("100%_ coverage", "conference-paper", 2023, "DAC", vec!["Cy Wu"], vec![side.as_str()]),
        ("Rowhammer", "preprint", 2022, "arXiv", vec!["Ana Ölund", "Cy Wu"], vec![]),
    ] {
        post(
            &app,
            "publications",
            json!({ "title": title, "kind": kind, "year": year, "venue": venue, "authors": authors, "tag_ids": tags }),
        )
        .await;
    }
    post(&app, "publications", json!({ "title": "Draft masking", "authors": ["A"], "venue": "V", "status": "draft", "tag_ids": [side] }))
        .await;
    let all = ["100%_ coverage", "Fault attacks on boot", "Masking RISC-V", "Rowhammer"];
    assert_eq!(filters(&app, "").await, all);
    assert_eq!(filters(&app, "kind=preprint").await, ["Rowhammer"]);
    assert_eq!(filters(&app, "year=2024").await, ["Fault attacks on boot", "Masking RISC-V"]);
    assert_eq!(filters(&app, "tag=side-channels").await, ["100%_ coverage", "Masking RISC-V"]);
    assert_eq!(filters(&app, "q=masking").await, ["Masking RISC-V"], "title, case-insensitive; drafts never");
    assert_eq!(filters(&app, "q=%C3%96LUND").await, ["Masking RISC-V", "Rowhammer"], "authors, non-ASCII case folding");
    assert_eq!(filters(&app, "q=ches").await, ["Fault attacks on boot", "Masking RISC-V"], "venue");
    assert_eq!(filters(&app, "q=%25_").await, ["100%_ coverage"], "% and _ are plain characters");
    assert_eq!(filters(&app, "q=_").await, ["100%_ coverage"]);
    assert_eq!(filters(&app, "q=nothing+matches").await, Vec::<String>::new());
    // Combinations.
    assert_eq!(filters(&app, "tag=side-channels&year=2023").await, ["100%_ coverage"]);
    assert_eq!(filters(&app, "q=%C3%B6lund&kind=journal-article&tag=side-channels&year=2024&page=1").await, ["Masking RISC-V"]);
    assert_eq!(filters(&app, "q=wu&year=2022").await, ["Rowhammer"]);
    // Invalid values are ignored, not errors.
    for invalid in ["kind=poem", "year=20x4", "year=99999", "tag=no-such-tag", "tag=Bad%20Slug", "q=%20%20", "page=-1&kind=", "q"] {
        assert_eq!(filters(&app, invalid).await, all, "{invalid}");
    }
    assert_eq!(filters(&app, "kind=poem&year=2022").await, ["Rowhammer"], "the valid filter still applies");

    // The active filters, each with a link that removes it; the form works without JavaScript.
    let html = reqwest::get(app.url("/publications?year=2024&tag=side-channels")).await.unwrap().text().await.unwrap();
    let form = &html[html.find("<form").expect("a form")..];
    let form = &form[..form.find('>').unwrap()];
    assert!(form.contains(r#"method="get""#) && form.contains(r#"action="/publications""#), "a plain GET form: {form}");
    assert!(html.contains("href=\"/publications?tag=side-channels\""), "removes the year");
    assert!(html.contains("href=\"/publications?year=2024\""), "removes the tag");
}

async fn filtered_variants_are_cached_up_to_the_bound(test_db: TestDb) {
    const BOUND: usize = 5;
    let app = TestApp::spawn_with(test_db, |config| config.limits.page_cache_variants = BOUND).await;
    app.sign_in().await;
    post(&app, "publications", paper("Masking", &[])).await;
    let visitor = reqwest::Client::new();
    for i in 0..3 * BOUND {
        let response = visitor.get(app.url(&format!("/publications?q=crawler{i}"))).send().await.unwrap();
        assert_eq!(response.status(), 200);
        assert!(app.cache.variants() <= BOUND, "after {i}: {}", app.cache.variants());
    }
    assert_eq!(app.cache.variants(), BOUND);
    // A kept variant is answered from the cache (the same validator), and the real pages are
    // still kept past the bound.
    let etag = |response: reqwest::Response| response.headers()["etag"].to_str().unwrap().to_owned();
    let first = etag(visitor.get(app.url("/publications?q=crawler0")).send().await.unwrap());
    assert_eq!(etag(visitor.get(app.url("/publications?q=crawler0")).send().await.unwrap()), first);
    let before = app.cache.len();
    assert_eq!(visitor.get(app.url("/talks")).send().await.unwrap().status(), 200);
    assert_eq!(app.cache.len(), before + 1);
}

on_both_databases!(
    every_kind_carries_tags_and_deleting_a_tag_keeps_the_items,
    an_unknown_tag_is_refused_and_nothing_is_written,
    items_show_chips_and_the_tag_page_lists_what_is_published_by_kind,
    publications_filter_by_kind_year_tag_and_search,
    filtered_variants_are_cached_up_to_the_bound,
);
