//! Issue 30, item 1: feeds date every item by its own date. An import of 100 old papers
//! followed by a news item keeps the news item in `/feed.atom`, papers are dated by their
//! publication month (the year's first day without one), and a paper dated in the future
//! stays out. Both databases.

use vita::content::{self, news};
use vita::import::{self, EntryStatus, ImportRequest};
use vita::store::changes::Changes;

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

/// `<published>` of the entry whose title is `title`.
fn published_of(feed: &str, title: &str) -> Option<String> {
    let at = feed.find(&format!("<title>{title}</title>"))?;
    let entry_start = feed[..at].rfind("<entry>")?;
    let entry = &feed[entry_start..entry_start + feed[entry_start..].find("</entry>")?];
    let start = entry.find("<published>")? + "<published>".len();
    Some(entry[start..start + entry[start..].find("</published>")?].to_owned())
}

async fn an_import_of_old_papers_does_not_push_out_todays_news(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    let db = &app.test_db.db;
    let mut bib = String::new();
    for i in 0..100 {
        let month = if i % 2 == 0 { format!(", month = {}", ["mar", "sep"][i % 4 / 2]) } else { String::new() };
        bib.push_str(&format!(
            "@article{{old{i}, title={{Old paper {i}}}, author={{Doe, Jane}}, journal={{J}}, year={}{month}}}\n",
            1990 + i % 30
        ));
    }
    bib.push_str("@article{future, title={Paper of next year}, author={Doe, Jane}, journal={J}, year=2999}\n");
    let preview = import::preview(db, &bib).await.unwrap();
    let all: Vec<u32> = preview.entries.iter().filter(|e| e.status == EntryStatus::New).map(|e| e.index).collect();
    assert_eq!(all.len(), 101);
    let changes = Changes::for_database(db).await.unwrap();
    import::import(db, &changes, ImportRequest { bibtex: bib, import: all, update: vec![], file_name: None }).await.unwrap();
    let item: news::Input =
        serde_json::from_value(serde_json::json!({ "title": "Posted after the import", "content": "<p>Hi</p>", "status": "published" }))
            .unwrap();
    content::create::<news::Entity>(db, item).await.unwrap();
    app.cache.clear();

    let feed = app.page_once_it_shows(&app.client, "/feed.atom", "Posted after the import").await;
    assert_eq!(feed.matches("<entry>").count(), 100, "the feed keeps its cap");
    let today = chrono::Utc::now().date_naive();
    assert_eq!(published_of(&feed, "Posted after the import").as_deref(), Some(format!("{today}T00:00:00+00:00").as_str()));
    assert!(published_of(&feed, "Paper of next year").is_none(), "a paper dated in the future stays out");

    let papers = app.page_once_it_shows(&app.client, "/publications.atom", "Old paper 0").await;
    // Paper 0: 1990, March; paper 2: 1992, September; paper 1: 1991, no month.
    assert_eq!(published_of(&papers, "Old paper 0").as_deref(), Some("1990-03-01T00:00:00+00:00"));
    assert_eq!(published_of(&papers, "Old paper 2").as_deref(), Some("1992-09-01T00:00:00+00:00"));
    assert_eq!(published_of(&papers, "Old paper 1").as_deref(), Some("1991-01-01T00:00:00+00:00"));
    // Newest first by those dates: 2019's papers before 1990's.
    assert!(papers.find("Old paper 29<").unwrap() < papers.find("Old paper 0<").unwrap());
}

on_both_databases!(an_import_of_old_papers_does_not_push_out_todays_news);
