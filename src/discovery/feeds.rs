//! Atom feeds: `/feed.atom` (the whole site) and one per dated section (`/news.atom`,
//! `/publications.atom`, `/talks.atom`, `/open-calls.atom`, `/blog.atom`), written with
//! `atom_syndication`.
//!
//! - Published items only; news and talks whose date is still to come appear on their day
//!   (feeds are kept for the day they were made, like pages); so do posts.
//! - Each entry's id is `urn:uuid:<the item's id>`: the same in the site feed and the section
//!   feed, across restarts and edits, so a reader never shows an edited item twice.
//! - `published` is the item's own date: a news item's or talk's date, a paper's publication
//!   month (its first day; the year's first day when the month is not known), an open call's
//!   posting; `updated` is its last save. Feeds are ordered and cut by `published` (ties by
//!   `updated`), so an import of old papers lands at their own dates and never pushes recent
//!   items out.
//! - The newest `MAX_ENTRIES` of each feed: enough for a reader that polls now and then,
//!   bounded however long the lists grow.
//! - A feed in another language than the owner's (`/de/news.atom`) shows the owner's
//!   translations of the news items', talks' and posts' texts, each along the language's
//!   fallback chain as the pages do (`content::translations::Overlay`); a paper is never
//!   translated.
//! - Feeds are plain text: the math the pages draw (titles, abstracts, news texts) is written
//!   as Unicode, or as its TeX without the dollars where it has none (`math::to_plain`).

use atom_syndication::{Category, Content, Entry, Feed as AtomFeed, Generator, Link, Person, Text};
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use sea_orm::sea_query::{Expr, ExprTrait as _, Order};
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use uuid::Uuid;

use crate::content::translations::{Overlay, TranslationKind};
use crate::content::{ContentStatus, news, open_calls, posts, publications, talks};
use crate::error::AppError;
use crate::i18n;
use crate::languages::localized;
use crate::render::feed::{Feed, MEDIA_TYPE};
use crate::render::pages::PublicPage;
use crate::render::paper::{absolute_url, paper_path};
use crate::routes::Route;
use crate::rules::math;

/// Entries in one feed, newest first.
pub const MAX_ENTRIES: u64 = 100;

/// One entry with the date it is sorted by in the site feed.
struct Dated {
    published: DateTime<Utc>,
    entry: Entry,
}

/// Where a feed is and which language it is in: `/de/feed.atom` is in German (`xml:lang`) and
/// links to the German pages.
pub struct FeedSite<'a> {
    pub base_url: &'a str,
    /// The BCP 47 tag of the feed's language.
    pub lang: &'a str,
    /// The start of the language's addresses ("" for the default language, `/de`).
    pub prefix: &'a str,
    /// Where the feed's texts come from, in order (`languages::chain`: `["de", "en"]`).
    pub chain: &'a [&'a str],
}

impl FeedSite<'_> {
    /// The absolute address of `path` in the feed's language.
    fn url(&self, path: &str) -> String {
        absolute_url(self.base_url, &localized(self.prefix, path))
    }
}

/// The feed's XML as of `today`.
pub async fn render(
    db: &DatabaseConnection,
    feed: Feed,
    site: &FeedSite<'_>,
    owner_name: &str,
    today: NaiveDate,
) -> Result<String, AppError> {
    let overlay = Overlay::load(db, site.chain).await?;
    let mut entries = Vec::new();
    if matches!(feed, Feed::Site | Feed::News) {
        entries.extend(news_entries(db, site, &overlay, today).await?);
    }
    if matches!(feed, Feed::Site | Feed::Publications) {
        entries.extend(publication_entries(db, site, today).await?);
    }
    if matches!(feed, Feed::Site | Feed::Talks) {
        entries.extend(talk_entries(db, site, &overlay, today).await?);
    }
    if matches!(feed, Feed::Site | Feed::OpenCalls) {
        entries.extend(open_call_entries(db, site).await?);
    }
    if matches!(feed, Feed::Site | Feed::Blog) {
        entries.extend(post_entries(db, site, &overlay, today).await?);
    }
    // Newest first by each item's own date, then the latest saved; the id breaks the last ties
    // so the order never changes between renders.
    entries.sort_by(|a, b| {
        b.published.cmp(&a.published).then_with(|| b.entry.updated.cmp(&a.entry.updated)).then_with(|| a.entry.id.cmp(&b.entry.id))
    });
    entries.truncate(MAX_ENTRIES as usize);

    let feed_url = site.url(feed.path());
    let updated = entries.iter().map(|dated| dated.entry.updated).max().unwrap_or_else(|| DateTime::UNIX_EPOCH.fixed_offset());
    let atom = AtomFeed {
        title: Text::plain(xml_text(&feed.title(owner_name, site.lang))),
        id: feed_url.clone(),
        updated,
        authors: vec![Person { name: xml_text(owner_name), uri: Some(site.url(PublicPage::Home.path())), ..Default::default() }],
        generator: Some(Generator { value: "Vita".into(), uri: None, version: None }),
        links: vec![link(feed_url, "self", Some(MEDIA_TYPE)), link(site.url(feed.page().path()), "alternate", Some("text/html"))],
        lang: Some(site.lang.to_owned()),
        entries: entries.into_iter().map(|dated| dated.entry).collect(),
        ..Default::default()
    };
    Ok(atom.to_string())
}

async fn news_entries(db: &DatabaseConnection, site: &FeedSite<'_>, overlay: &Overlay, today: NaiveDate) -> Result<Vec<Dated>, AppError> {
    let items = news::Entity::find()
        .filter(news::Column::Status.eq(ContentStatus::Published))
        .filter(news::Column::Date.lte(today))
        .order_by_desc(news::Column::Date)
        .order_by_desc(news::Column::CreatedAt)
        .limit(MAX_ENTRIES)
        .all(db)
        .await?;
    items
        .into_iter()
        .map(|mut item| {
            overlay.apply(TranslationKind::News, &item.id.to_string(), &mut item)?;
            let mut links = vec![link(site.url(PublicPage::News.path()), "alternate", Some("text/html"))];
            if let Some(url) = item.link_url.filter(|url| !url.is_empty()) {
                links.push(Link { title: item.link_text.map(|text| xml_text(&text)), ..link(url, "related", None) });
            }
            let published = midnight(item.date);
            Ok(Dated {
                published,
                entry: Entry {
                    content: Some(text_content(&math::to_plain(&item.content))),
                    links,
                    ..entry(item.id, &math::to_plain(&item.title), published, item.updated_at)
                },
            })
        })
        .collect()
}

async fn publication_entries(db: &DatabaseConnection, site: &FeedSite<'_>, today: NaiveDate) -> Result<Vec<Dated>, AppError> {
    // A paper is dated by its publication (the first of its month, or of its year when the
    // month is not known), not by when it was added: an import of old papers stays in the
    // past. A paper whose date is still to come appears on that day; an undated one (imported
    // so) has no day to appear on.
    let month = Expr::cust("COALESCE(month, 1)");
    let not_yet = Condition::any().add(publications::Column::Year.gt(today.year())).add(
        Condition::all().add(publications::Column::Year.eq(today.year())).add(Expr::cust("COALESCE(month, 1)").gt(today.month() as i32)),
    );
    let papers = publications::Entity::find()
        .filter(publications::Column::Status.eq(ContentStatus::Published))
        .filter(publications::Column::Year.is_not_null())
        .filter(not_yet.not())
        .order_by_desc(publications::Column::Year)
        .order_by(month, Order::Desc)
        .order_by_desc(publications::Column::UpdatedAt)
        .limit(MAX_ENTRIES)
        .all(db)
        .await?;
    Ok(papers
        .into_iter()
        .filter_map(|paper| {
            let year = paper.year?;
            let published = NaiveDate::from_ymd_opt(year, paper.month.filter(|m| (1..=12).contains(m)).unwrap_or(1) as u32, 1)
                .map_or(paper.created_at, midnight);
            let venue = [math::to_plain(&paper.venue)].into_iter().filter(|v| !v.trim().is_empty()).map(|v| format!("{v}, "));
            let reference = format!("{}. {}{year}.", paper.authors.0.join(", "), venue.collect::<String>());
            let summary = math::to_plain(paper.r#abstract.as_deref().filter(|text| !text.trim().is_empty()).unwrap_or(&reference));
            Some(Dated {
                published,
                entry: Entry {
                    authors: paper.authors.0.iter().map(|name| Person { name: xml_text(name), ..Default::default() }).collect(),
                    categories: vec![Category { term: paper.kind.as_str().into(), scheme: None, label: None }],
                    links: vec![link(site.url(&paper_path(&paper.slug)), "alternate", Some("text/html"))],
                    summary: Some(Text::plain(xml_text(&summary))),
                    ..entry(paper.id, &math::to_plain(&paper.title), published, paper.updated_at)
                },
            })
        })
        .collect())
}

async fn talk_entries(db: &DatabaseConnection, site: &FeedSite<'_>, overlay: &Overlay, today: NaiveDate) -> Result<Vec<Dated>, AppError> {
    let items = talks::Entity::find()
        .filter(talks::Column::Status.eq(ContentStatus::Published))
        .filter(talks::Column::Date.lte(today))
        .order_by_desc(talks::Column::Date)
        .order_by_desc(talks::Column::CreatedAt)
        .limit(MAX_ENTRIES)
        .all(db)
        .await?;
    items
        .into_iter()
        .map(|mut talk| {
            overlay.apply(TranslationKind::Talk, &talk.id.to_string(), &mut talk)?;
            let mut links = vec![link(site.url(PublicPage::Talks.path()), "alternate", Some("text/html"))];
            for (url, title) in [(talk.slides_url, i18n::t(site.lang, "talks.slides")), (talk.video_url, i18n::t(site.lang, "talks.video"))]
            {
                if let Some(url) = url.filter(|url| !url.is_empty()) {
                    links.push(Link { title: Some(title.into()), ..link(url, "related", None) });
                }
            }
            let event = [Some(talk.event_name.as_str()), talk.event_location.as_deref()].into_iter().flatten().filter(|s| !s.is_empty());
            let event = format!("{}, {}.", event.collect::<Vec<_>>().join(", "), i18n::date(site.lang, talk.date));
            let published = midnight(talk.date);
            Ok(Dated {
                published,
                entry: Entry {
                    categories: vec![Category { term: talk.talk_type.as_str().into(), scheme: None, label: None }],
                    summary: Some(Text::plain(xml_text(&event))),
                    content: talk
                        .r#abstract
                        .as_deref()
                        .filter(|text| !text.trim().is_empty())
                        .map(|text| text_content(&math::to_plain(text))),
                    links,
                    ..entry(talk.id, &math::to_plain(&talk.title), published, talk.updated_at)
                },
            })
        })
        .collect()
}

async fn open_call_entries(db: &DatabaseConnection, site: &FeedSite<'_>) -> Result<Vec<Dated>, AppError> {
    let calls = open_calls::Entity::find()
        .filter(open_calls::Column::Status.eq(ContentStatus::Published))
        .order_by_desc(open_calls::Column::CreatedAt)
        .limit(MAX_ENTRIES)
        .all(db)
        .await?;
    Ok(calls
        .into_iter()
        .map(|call| {
            let mut links = vec![link(site.url(PublicPage::OpenCalls.path()), "alternate", Some("text/html"))];
            if let Some(url) = call.application_url.filter(|url| !url.is_empty()) {
                links.push(Link { title: Some(i18n::t(site.lang, "open_calls.apply_link").into()), ..link(url, "related", None) });
            }
            Dated {
                published: call.created_at,
                entry: Entry {
                    summary: call.description.as_deref().filter(|text| !text.trim().is_empty()).map(|text| Text::plain(xml_text(text))),
                    // Sanitised on every write (ammonia), as the page shows it.
                    content: call.content.filter(|html| !html.trim().is_empty()).map(|html| Content {
                        value: Some(xml_text(&html)),
                        content_type: Some("html".into()),
                        ..Default::default()
                    }),
                    links,
                    ..entry(call.id, &call.title, call.created_at, call.updated_at)
                },
            }
        })
        .collect())
}

async fn post_entries(db: &DatabaseConnection, site: &FeedSite<'_>, overlay: &Overlay, today: NaiveDate) -> Result<Vec<Dated>, AppError> {
    let posts = posts::Entity::find()
        .filter(posts::Column::Status.eq(ContentStatus::Published))
        .filter(posts::Column::Date.lte(today))
        .order_by_desc(posts::Column::Date)
        .order_by_desc(posts::Column::CreatedAt)
        .limit(MAX_ENTRIES)
        .all(db)
        .await?;
    posts
        .into_iter()
        .map(|mut post| {
            overlay.apply(TranslationKind::Post, &post.id.to_string(), &mut post)?;
            let published = midnight(post.date);
            Ok(Dated {
                published,
                entry: Entry {
                    summary: post
                        .summary
                        .as_deref()
                        .filter(|text| !text.trim().is_empty())
                        .map(|text| Text::plain(xml_text(&math::to_plain(text)))),
                    // Sanitised on every write (ammonia), as the page shows it.
                    content: post.content.filter(|html| !html.trim().is_empty()).map(|html| Content {
                        value: Some(xml_text(&html)),
                        content_type: Some("html".into()),
                        ..Default::default()
                    }),
                    links: vec![link(site.url(&Route::Post(&post.slug).path()), "alternate", Some("text/html"))],
                    ..entry(post.id, &math::to_plain(&post.title), published, post.updated_at)
                },
            })
        })
        .collect()
}

/// An entry's identity, title and dates; `updated` is never before `published` (an item
/// saved ahead of its date appears on that date).
fn entry(id: Uuid, title: &str, published: DateTime<Utc>, updated: DateTime<Utc>) -> Entry {
    Entry {
        id: format!("urn:uuid:{id}"),
        title: Text::plain(xml_text(title)),
        published: Some(published.fixed_offset()),
        updated: Ord::max(updated, published).fixed_offset(),
        ..Default::default()
    }
}

fn link(href: String, rel: &str, mime_type: Option<&str>) -> Link {
    Link { href, rel: rel.into(), mime_type: mime_type.map(str::to_owned), ..Default::default() }
}

fn text_content(text: &str) -> Content {
    Content { value: Some(xml_text(text)), content_type: Some("text".into()), ..Default::default() }
}

fn midnight(date: NaiveDate) -> DateTime<Utc> {
    date.and_hms_opt(0, 0, 0).expect("midnight exists").and_utc()
}

/// The text without the characters XML 1.0 cannot carry at all (C0 controls other than tab
/// and line breaks, U+FFFE, U+FFFF): stored text may hold them, and one would make the
/// whole feed unreadable.
fn xml_text(text: &str) -> String {
    text.chars().filter(|&c| matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}')).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_feed_has_a_path_of_its_own() {
        for feed in Feed::ALL {
            assert_eq!(Feed::from_path(feed.path()), Some(feed));
        }
        assert_eq!(Feed::from_path("/feed.xml"), None);
    }

    #[test]
    fn text_keeps_everything_xml_can_carry() {
        assert_eq!(xml_text("a\u{0}b\u{1b}c\td\ne & <f> \"g\" 🎓\u{FFFF}"), "abc\td\ne & <f> \"g\" 🎓");
    }
}
