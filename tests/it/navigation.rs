//! Issue 44, item 1: the owner's menu. A site setting holds the menu's items in order (the
//! site's pages, shown or not, and links of the owner's), checked on the server; every public
//! page shows it, through the page cache; with "Hide sections with nothing published" on, a
//! list page with nothing published leaves it, and comes back with its first published item.
//! On SQLite and PostgreSQL.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

/// The spec's navigation bar (section 2), as a site that changed nothing shows it.
const SPEC_MENU: [(&str, &str); 11] = [
    ("/", "Home"),
    ("/about", "About"),
    ("/research", "Research"),
    ("/publications", "Selected Publications"),
    ("/projects", "Projects"),
    ("/teaching", "Teaching"),
    ("/students", "Students"),
    ("/talks", "Talks"),
    ("/open-calls", "Open Calls"),
    ("/blog", "Blog"),
    ("/contact", "Contact"),
];

/// The links of the desktop menu of a page (`<nav aria-label="Main">`, its first list), as
/// (href, label); the phone's menu is checked to be the same.
fn menu(html: &str) -> Vec<(String, String)> {
    let nav = &html[html.find("aria-label=\"Main\"").expect("the page has the main navigation")..];
    let nav = &nav[..nav.find("</nav>").unwrap()];
    let lists: Vec<Vec<(String, String)>> = nav
        .split("<ul")
        .skip(1)
        .map(|list| {
            list.split("<a href=\"")
                .skip(1)
                .map(|link| {
                    let href = &link[..link.find('"').unwrap()];
                    let label = &link[link.find('>').unwrap() + 1..link.find("</a>").unwrap()];
                    (href.replace("&amp;", "&"), label.to_owned())
                })
                .filter(|(href, _)| href != "/admin")
                .collect()
        })
        .collect();
    assert_eq!(lists.len(), 2, "a desktop and a phone menu");
    assert_eq!(lists[0], lists[1], "the phone shows the desktop's menu");
    lists[0].clone()
}

/// The spec's menu as the setting names its pages.
const SPEC_PAGES: [&str; 11] =
    ["home", "about", "research", "publications", "projects", "teaching", "students", "talks", "open_calls", "blog", "contact"];

fn links(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items.iter().map(|(href, label)| ((*href).to_owned(), (*label).to_owned())).collect()
}

/// The menu of `path` as a visitor gets it once it is `expected`: after a save, visitors are
/// served the previous page until the new one is rendered in the background.
async fn menu_becomes(app: &TestApp, path: &str, expected: &[(String, String)]) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let html = reqwest::get(app.url(path)).await.unwrap().text().await.unwrap();
        if menu(&html) == expected {
            return html;
        }
        assert!(std::time::Instant::now() < deadline, "{path}'s menu is {:?}, not {expected:?}", menu(&html));
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

async fn save(app: &TestApp, body: Value) -> reqwest::Response {
    app.client.put(app.url("/api/settings")).json(&body).send().await.unwrap()
}

async fn stored_menu(app: &TestApp) -> Value {
    let settings: Value = app.client.get(app.url("/api/settings")).send().await.unwrap().json().await.unwrap();
    settings["menu"].clone()
}

fn page(page: &str, shown: bool) -> Value {
    json!({ "kind": "page", "page": page, "shown": shown })
}

async fn the_menu_setting_is_checked_and_completed(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let default = stored_menu(&app).await;
    let items = default.as_array().unwrap();
    assert_eq!(items.len(), 13, "every page of the site once: {default}");
    let shown: Vec<&str> = items.iter().filter(|item| item["shown"] == true).map(|item| item["page"].as_str().unwrap()).collect();
    assert_eq!(shown, SPEC_PAGES);
    assert_eq!(items[11], page("news", false), "News follows, hidden");
    assert_eq!(items[12], page("cv", false), "the CV follows, hidden");

    let link = |label: &str, url: &str| json!({ "kind": "link", "label": label, "url": url });
    for (menu, message) in [
        (json!([link(" ", "https://example.org")]), "Link 1 needs a label"),
        (json!([link(&"x".repeat(41), "https://example.org")]), "longer than 40 characters"),
        (json!([link("Lab", "javascript:alert(1)")]), "The link \"Lab\" needs a web address starting with https:// or http://"),
        (json!([link("Lab", "/about")]), "needs a web address"),
        (json!([page("blog", true), page("blog", false)]), "Blog is in the menu twice"),
        (json!((0..11).map(|n| link(&format!("L{n}"), "https://example.org")).collect::<Vec<_>>()), "at most 10 links"),
    ] {
        let response = save(&app, json!({ "menu": menu })).await;
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY, "{menu}");
        let body: Value = response.json().await.unwrap();
        let said = body["error"]["fields"]["menu"].as_str().unwrap_or_default();
        assert!(said.contains(message), "{menu}: {body}");
    }
    for refused in [
        json!({ "menu": [{ "kind": "page", "page": "admin", "shown": true }] }),
        json!({ "menu": [{ "kind": "link", "label": "Lab", "url": "https://example.org", "target": "_blank" }] }),
        json!({ "hide_empty_sections": "yes" }),
    ] {
        let response = save(&app, refused.clone()).await;
        assert!(response.status().is_client_error(), "{refused}: {}", response.status());
        assert_ne!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    }
    assert_eq!(stored_menu(&app).await, default, "nothing refused was written");

    // A menu that names some pages gets the others after them, hidden; labels and addresses
    // are trimmed.
    let response = save(&app, json!({ "menu": [page("cv", true), link(" Lab ", " https://lab.example.org/ ")] })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved = stored_menu(&app).await;
    let items = saved.as_array().unwrap();
    assert_eq!(items.len(), 14);
    assert_eq!(items[0], page("cv", true));
    assert_eq!(items[1], link("Lab", "https://lab.example.org/"));
    assert!(items[2..].iter().all(|item| item["shown"] == false), "{saved}");
    // An empty menu is the default one (what "Reset to the default menu" sends, too).
    assert_eq!(save(&app, json!({ "menu": [] })).await.status(), StatusCode::OK);
    assert_eq!(stored_menu(&app).await, default);
}

async fn every_page_shows_the_owners_menu(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let paper = app
        .client
        .post(app.url("/api/publications"))
        .json(&json!({ "title": "On menus", "authors": ["A. Author"], "venue": "Venue", "year": 2024 }))
        .send()
        .await
        .unwrap();
    assert_eq!(paper.status(), StatusCode::CREATED, "{}", paper.text().await.unwrap());
    let paper: Value = paper.json().await.unwrap();
    let paper_path = format!("/publications/{}", paper["slug"].as_str().unwrap());

    // Unchanged, every page shows the spec's menu; these pages are now in the cache.
    let spec = links(&SPEC_MENU);
    for path in ["/", "/about", "/news", paper_path.as_str(), "/no-such-page"] {
        let html = reqwest::get(app.url(path)).await.unwrap().text().await.unwrap();
        assert_eq!(menu(&html), spec, "{path}");
    }

    // Blog hidden, News and CV shown, News moved up after Home, a link of the owner's.
    let mut items = vec![page("home", true), page("news", true)];
    items.extend(["about", "research", "publications", "projects", "teaching", "students", "talks", "open_calls"].map(|p| page(p, true)));
    items.extend([page("blog", false), page("contact", true), page("cv", true)]);
    items.push(json!({ "kind": "link", "label": "Lab & Group", "url": "https://lab.example.org/?a=1&b=2" }));
    assert_eq!(save(&app, json!({ "menu": items })).await.status(), StatusCode::OK);
    let expected = links(&[
        ("/", "Home"),
        ("/news", "News"),
        ("/about", "About"),
        ("/research", "Research"),
        ("/publications", "Selected Publications"),
        ("/projects", "Projects"),
        ("/teaching", "Teaching"),
        ("/students", "Students"),
        ("/talks", "Talks"),
        ("/open-calls", "Open Calls"),
        ("/contact", "Contact"),
        ("/cv", "CV"),
        ("https://lab.example.org/?a=1&b=2", "Lab &amp; Group"),
    ]);
    for path in ["/", "/about", paper_path.as_str(), "/no-such-page"] {
        menu_becomes(&app, path, &expected).await;
    }
    let news = menu_becomes(&app, "/news", &expected).await;
    assert!(news.contains("href=\"/news\" aria-current=\"page\""), "the current page stays marked");
    let blog = reqwest::get(app.url("/blog")).await.unwrap();
    assert_eq!(blog.status(), StatusCode::OK, "a page left out of the menu is still there");
    assert!(!menu(&blog.text().await.unwrap()).iter().any(|(href, _)| href == "/blog"));
    let external = news.find("href=\"https://lab.example.org/?a=1&amp;b=2\"").unwrap();
    assert!(!news[external..external + 120].contains("target="), "an owner's link opens as a normal link");
}

async fn sections_with_nothing_published_can_leave_the_menu(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let spec = links(&SPEC_MENU);
    // Off (the default): the empty sections stay.
    let html = reqwest::get(app.url("/about")).await.unwrap().text().await.unwrap();
    assert_eq!(menu(&html), spec);

    let with_cv: Vec<Value> = SPEC_PAGES.iter().chain(&["cv"]).map(|p| page(p, true)).collect();
    assert_eq!(save(&app, json!({ "hide_empty_sections": true, "menu": with_cv })).await.status(), StatusCode::OK);
    let bare = links(&[("/", "Home"), ("/about", "About"), ("/contact", "Contact"), ("/cv", "CV")]);
    menu_becomes(&app, "/about", &bare).await;

    // A draft brings nothing back; publishing it does, on pages kept in the cache too.
    let draft = json!({ "title": "On menus", "event_name": "MenuConf", "date": "2025-05-01", "status": "draft" });
    let talk = app.client.post(app.url("/api/talks")).json(&draft).send().await.unwrap();
    assert_eq!(talk.status(), StatusCode::CREATED);
    let talk: Value = talk.json().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let html = reqwest::get(app.url("/about")).await.unwrap().text().await.unwrap();
    assert_eq!(menu(&html), bare, "a draft is not published");

    let id = talk["id"].as_str().unwrap().to_owned();
    let published = json!({ "title": "On menus", "slug": "on-menus", "event_name": "MenuConf", "event_location": null,
        "date": "2025-05-01", "type": "invited", "abstract": null, "slides_url": null, "video_url": null, "status": "published",
        "featured": false, "tag_ids": [] });
    let response = app.client.put(app.url(&format!("/api/talks/{id}"))).json(&published).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{}", response.text().await.unwrap());
    let with_talks = links(&[("/", "Home"), ("/about", "About"), ("/talks", "Talks"), ("/contact", "Contact"), ("/cv", "CV")]);
    menu_becomes(&app, "/about", &with_talks).await;
    menu_becomes(&app, "/", &with_talks).await;

    // Its last item deleted, the section leaves again; off, every section is back.
    assert_eq!(app.client.delete(app.url(&format!("/api/talks/{id}"))).send().await.unwrap().status(), StatusCode::NO_CONTENT);
    menu_becomes(&app, "/about", &bare).await;
    assert_eq!(save(&app, json!({ "hide_empty_sections": false })).await.status(), StatusCode::OK);
    let mut all = spec.clone();
    all.push(("/cv".to_owned(), "CV".to_owned()));
    menu_becomes(&app, "/about", &all).await;
}

on_both_databases!(
    the_menu_setting_is_checked_and_completed,
    every_page_shows_the_owners_menu,
    sections_with_nothing_published_can_leave_the_menu,
);
