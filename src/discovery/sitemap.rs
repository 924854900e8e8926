//! `/sitemap.xml` (sitemaps.org protocol): every public page, every page of the long lists
//! and every published paper, with `lastmod` from the stored `updated_at` of what the page
//! shows. Above `max_urls` addresses (the protocol's limit is 50,000 a file) `/sitemap.xml`
//! becomes a sitemap index of `/sitemap-1.xml`, `/sitemap-2.xml`, ….
//!
//! The pages `N ≥ 2` of a list (`/news?page=2`) and of a tag's page (`/tags/<slug>?page=2`)
//! are listed: each is canonical at its own address, and for news, talks, courses and open
//! calls it is the only page their items appear on. Drafts appear nowhere: their paper pages answer 404, and list pages are dated by
//! published items only.
//!
//! With several languages, a page is listed in another language only where it is a real
//! translation (`render::translated::TranslatedPages`, which the pages' `hreflang` follows too): a page shown wholly in the fallback language
//! is canonical to the default language's page and would be a duplicate. A translated page is
//! listed in each of its languages, each entry with one `xhtml:link` per language and an
//! `x-default` (Google's sitemap form of `hreflang`).

use std::collections::BTreeSet;

use chrono::{DateTime, SecondsFormat, Utc};
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};
use sea_orm::{DatabaseConnection, EntityTrait, QueryOrder, QuerySelect, QueryTrait, Select};
use uuid::Uuid;

use crate::content::homepage::{self, AboutContent, ContactContent, HeroContent, StatsContent};
use crate::content::settings;
use crate::content::{
    Audience, Content, ListQuery, courses, news, open_calls, posts, projects, publications, research_areas, students, tags, talks,
};
use crate::error::AppError;
use crate::languages::{localized, prefix};
use crate::render::pages::PublicPage;
use crate::render::paper::{absolute_url, paper_path};
use crate::render::translated::{Showing, TranslatedPages};
use crate::routes::Route;

const NAMESPACE: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML: &str = "http://www.w3.org/1999/xhtml";

/// One address of the site and when what it shows last changed (`None`: nothing stored).
#[derive(Debug, Clone, PartialEq)]
pub struct SiteUrl {
    pub path: String,
    pub lastmod: Option<DateTime<Utc>>,
    /// Which page it is, as its translations see it (a page of a list is its list's).
    pub shows: Showing,
    /// The page in each language it is really translated into, the default first, as
    /// (language, path); empty when it has no translation.
    pub alternates: Vec<(String, String)>,
}

/// `urls` (the default language's) with their translations: each translated page gets its
/// alternates, and an entry of its own in each language it is translated into, right after
/// the default's. `translated` says which languages but the default a page is translated into
/// (`TranslatedPages::langs`).
pub fn with_translations(urls: Vec<SiteUrl>, languages: &[String], translated: impl Fn(Showing) -> BTreeSet<String>) -> Vec<SiteUrl> {
    let mut out = Vec::with_capacity(urls.len());
    for url in urls {
        let translated = translated(url.shows);
        let alternates: Vec<(String, String)> = languages
            .iter()
            .enumerate()
            .filter(|(i, lang)| *i == 0 || translated.contains(*lang))
            .map(|(_, lang)| (lang.clone(), localized(&prefix(lang, languages), &url.path)))
            .collect();
        if alternates.len() < 2 {
            out.push(SiteUrl { alternates: Vec::new(), ..url });
            continue;
        }
        for (_, path) in &alternates {
            out.push(SiteUrl { path: path.clone(), lastmod: url.lastmod, shows: url.shows, alternates: alternates.clone() });
        }
    }
    out
}

pub use crate::routes::SitemapFile;

/// The XML of `file`, or `None` when it does not exist (a part number past the last, or any
/// part while one file holds everything).
pub async fn render(db: &DatabaseConnection, base_url: &str, file: SitemapFile, max_urls: usize) -> Result<Option<String>, AppError> {
    let languages = settings::site(db).await?.languages.0;
    let translated = TranslatedPages::load(db, &languages, true).await?;
    let urls = with_translations(site_urls(db).await?, &languages, |page| translated.langs(page).into_iter().map(str::to_owned).collect());
    let max_urls = max_urls.max(1);
    let xml = match file {
        SitemapFile::Main if urls.len() <= max_urls => url_set(base_url, &urls),
        SitemapFile::Main => index(base_url, &urls.chunks(max_urls).collect::<Vec<_>>()),
        SitemapFile::Part(n) if urls.len() > max_urls => match urls.chunks(max_urls).nth(n - 1) {
            Some(part) => url_set(base_url, part),
            None => return Ok(None),
        },
        SitemapFile::Part(_) => return Ok(None),
    };
    Ok(Some(xml.map_err(anyhow::Error::from)?))
}

/// Every public address, in the order of the navigation, then the papers in list order.
pub async fn site_urls(db: &DatabaseConnection) -> Result<Vec<SiteUrl>, AppError> {
    let mut urls = Vec::new();
    for page in PublicPage::ALL {
        let dates = match page {
            PublicPage::Home => vec![home_lastmod(db).await?],
            PublicPage::About => vec![homepage::read::<AboutContent>(db).await?.updated_at],
            PublicPage::Contact => vec![homepage::read::<ContactContent>(db).await?.updated_at],
            PublicPage::Cv => vec![None],
            PublicPage::Blog => list_pages(db, page, public::<posts::Entity>(), posts::Column::UpdatedAt).await?,
            PublicPage::Research => vec![latest(db, public::<research_areas::Entity>(), research_areas::Column::UpdatedAt).await?],
            PublicPage::Publications => list_pages(db, page, public::<publications::Entity>(), publications::Column::UpdatedAt).await?,
            PublicPage::Projects => list_pages(db, page, public::<projects::Entity>(), projects::Column::UpdatedAt).await?,
            PublicPage::Teaching => list_pages(db, page, public::<courses::Entity>(), courses::Column::UpdatedAt).await?,
            PublicPage::Talks => list_pages(db, page, public::<talks::Entity>(), talks::Column::UpdatedAt).await?,
            PublicPage::OpenCalls => list_pages(db, page, public::<open_calls::Entity>(), open_calls::Column::UpdatedAt).await?,
            PublicPage::News => list_pages(db, page, public::<news::Entity>(), news::Column::UpdatedAt).await?,
            // Visitors see the students only when the owner allows it; else one empty page.
            PublicPage::Students if settings::site(db).await?.show_students_publicly => {
                list_pages(db, page, students::grouped_for_page(), students::Column::UpdatedAt).await?
            }
            PublicPage::Students => vec![None],
        };
        urls.extend(dates.into_iter().enumerate().map(|(i, lastmod)| SiteUrl {
            path: page.page_path(i as u32 + 1).into_owned(),
            lastmod,
            shows: Showing::Page(page),
            alternates: Vec::new(),
        }));
    }
    let papers: Vec<(String, DateTime<Utc>)> = public::<publications::Entity>()
        .select_only()
        .columns([publications::Column::Slug, publications::Column::UpdatedAt])
        .into_tuple()
        .all(db)
        .await?;
    urls.extend(papers.into_iter().map(|(slug, updated_at)| SiteUrl {
        path: paper_path(&slug),
        lastmod: Some(updated_at),
        shows: Showing::Paper,
        alternates: Vec::new(),
    }));
    let posts: Vec<(Uuid, String, DateTime<Utc>)> = public::<posts::Entity>()
        .select_only()
        .columns([posts::Column::Id, posts::Column::Slug, posts::Column::UpdatedAt])
        .into_tuple()
        .all(db)
        .await?;
    urls.extend(posts.into_iter().map(|(id, slug, updated_at)| SiteUrl {
        path: Route::Post(&slug).path().into_owned(),
        lastmod: Some(updated_at),
        shows: Showing::Post(id),
        alternates: Vec::new(),
    }));
    // Every tag has a page (an empty one says so), paged as /news is; its own edits date it.
    let tags: Vec<(Uuid, String, DateTime<Utc>)> = tags::Entity::find()
        .select_only()
        .columns([tags::Column::Id, tags::Column::Slug, tags::Column::UpdatedAt])
        .order_by_asc(tags::Column::Slug)
        .into_tuple()
        .all(db)
        .await?;
    for (id, slug, updated_at) in tags {
        let pages = crate::render::pages::tag_page_count(db, id).await?;
        urls.extend((1..=pages).map(|n| SiteUrl {
            path: tags::paged_path(&slug, n),
            lastmod: Some(updated_at),
            shows: Showing::Tag(id),
            alternates: Vec::new(),
        }));
    }
    Ok(urls)
}

/// A table's published items in the order of its public list.
fn public<E: Content>() -> Select<E> {
    E::select(&ListQuery::default(), Audience::Public)
}

/// The `lastmod` of each page of a list: the latest change among the items that page shows.
/// An empty list is one page, undated.
async fn list_pages<E: EntityTrait>(
    db: &DatabaseConnection,
    page: PublicPage,
    select: Select<E>,
    updated_at: E::Column,
) -> Result<Vec<Option<DateTime<Utc>>>, AppError> {
    let per_page = page.per_page().and_then(|n| usize::try_from(n).ok()).unwrap_or(usize::MAX);
    let dates: Vec<DateTime<Utc>> = select.select_only().column(updated_at).into_tuple().all(db).await?;
    if dates.is_empty() {
        return Ok(vec![None]);
    }
    Ok(dates.chunks(per_page).map(|chunk| chunk.iter().max().copied()).collect())
}

/// The latest change among the rows `select` reads.
async fn latest<E: EntityTrait>(
    db: &DatabaseConnection,
    mut select: Select<E>,
    updated_at: E::Column,
) -> Result<Option<DateTime<Utc>>, AppError> {
    QueryTrait::query(&mut select).clear_order_by();
    let latest: Option<DateTime<Utc>> =
        select.select_only().column(updated_at).order_by_desc(updated_at).limit(1).into_tuple().one(db).await?;
    Ok(latest)
}

/// The home page shows the hero, the counters and the published research areas, projects,
/// news and papers: its date is the latest change among them.
async fn home_lastmod(db: &DatabaseConnection) -> Result<Option<DateTime<Utc>>, AppError> {
    let dates = [
        homepage::read::<HeroContent>(db).await?.updated_at,
        homepage::read::<StatsContent>(db).await?.updated_at,
        latest(db, public::<research_areas::Entity>(), research_areas::Column::UpdatedAt).await?,
        latest(db, public::<projects::Entity>(), projects::Column::UpdatedAt).await?,
        latest(db, public::<news::Entity>(), news::Column::UpdatedAt).await?,
        latest(db, public::<publications::Entity>(), publications::Column::UpdatedAt).await?,
    ];
    Ok(dates.into_iter().flatten().max())
}

/// `<urlset>`: each address absolute, with its `lastmod` when known and its translations.
fn url_set(base_url: &str, urls: &[SiteUrl]) -> std::io::Result<String> {
    let entries = urls.iter().map(|url| {
        let mut alternates: Vec<(&str, String)> =
            url.alternates.iter().map(|(lang, path)| (lang.as_str(), absolute_url(base_url, path))).collect();
        if let Some((_, default)) = url.alternates.first() {
            alternates.push(("x-default", absolute_url(base_url, default)));
        }
        Entry { loc: absolute_url(base_url, &url.path), lastmod: url.lastmod, alternates }
    });
    write_document("urlset", "url", entries)
}

/// One `<url>` or `<sitemap>` of a sitemap file.
struct Entry<'a> {
    loc: String,
    lastmod: Option<DateTime<Utc>>,
    /// `xhtml:link rel="alternate"`: (hreflang, absolute address).
    alternates: Vec<(&'a str, String)>,
}

/// `<sitemapindex>`: one `<sitemap>` per part, dated by the latest address in it.
fn index(base_url: &str, parts: &[&[SiteUrl]]) -> std::io::Result<String> {
    let entries = parts.iter().enumerate().map(|(i, part)| Entry {
        loc: absolute_url(base_url, &SitemapFile::Part(i + 1).path()),
        lastmod: part.iter().filter_map(|url| url.lastmod).max(),
        alternates: Vec::new(),
    });
    write_document("sitemapindex", "sitemap", entries)
}

/// The two kinds of sitemap file have one shape: a root element holding one element per entry,
/// each with its `<loc>` and, when known, its `<lastmod>`.
fn write_document<'a>(root: &str, entry: &str, entries: impl Iterator<Item = Entry<'a>>) -> std::io::Result<String> {
    let entries: Vec<Entry> = entries.collect();
    let mut writer = Writer::new(Vec::with_capacity(entries.len() * 120 + 128));
    writer.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let mut element = writer.create_element(root).with_attribute(("xmlns", NAMESPACE));
    // The namespace of the translations' links, only where there are some.
    if entries.iter().any(|entry| !entry.alternates.is_empty()) {
        element = element.with_attribute(("xmlns:xhtml", XHTML));
    }
    element.write_inner_content(|writer| {
        for Entry { loc, lastmod, alternates } in &entries {
            writer.create_element(entry).write_inner_content(|writer| {
                writer.create_element("loc").write_text_content(BytesText::new(loc))?;
                if let Some(lastmod) = lastmod {
                    writer.create_element("lastmod").write_text_content(BytesText::new(&w3c_datetime(*lastmod)))?;
                }
                for (hreflang, href) in alternates {
                    writer
                        .create_element("xhtml:link")
                        .with_attributes([("rel", "alternate"), ("hreflang", hreflang), ("href", href.as_str())])
                        .write_empty()?;
                }
                Ok(())
            })?;
        }
        Ok(())
    })?;
    Ok(String::from_utf8(writer.into_inner()).expect("the writer wrote UTF-8 strings only"))
}

/// W3C Datetime as the protocol asks, to the second in UTC (`2026-03-01T12:00:00Z`).
fn w3c_datetime(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_absolute_and_escaped() {
        let at = DateTime::parse_from_rfc3339("2026-03-01T12:00:00.123+00:00").unwrap().to_utc();
        let url = SiteUrl { path: "/news?page=2&x=<\"'>".into(), lastmod: Some(at), shows: Showing::Paper, alternates: Vec::new() };
        let xml = url_set("https://vita.example/", &[url]).unwrap();
        assert!(xml.contains("<loc>https://vita.example/news?page=2&amp;x=&lt;&quot;&apos;&gt;</loc>"), "{xml}");
        assert!(xml.contains("<lastmod>2026-03-01T12:00:00Z</lastmod>"), "{xml}");
        assert!(
            xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">")
        );
    }

    fn url(path: &str, shows: Showing) -> SiteUrl {
        SiteUrl { path: path.into(), lastmod: None, shows, alternates: Vec::new() }
    }

    #[test]
    fn only_real_translations_are_listed_each_with_every_language_and_x_default() {
        let languages: Vec<String> = ["en", "de", "zh-Hans"].map(String::from).into();
        // German has /news (and so its pages) and one post; Chinese nothing.
        let (post, other) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let translated = |page: Showing| match page {
            Showing::Page(PublicPage::News) => BTreeSet::from(["de".to_owned()]),
            Showing::Post(id) if id == post => BTreeSet::from(["de".to_owned()]),
            _ => BTreeSet::new(),
        };
        let urls = vec![
            url("/", Showing::Page(PublicPage::Home)),
            url("/news?page=2", Showing::Page(PublicPage::News)),
            url("/blog/a", Showing::Post(post)),
            url("/blog/b", Showing::Post(other)),
        ];
        let urls = with_translations(urls, &languages, translated);
        let paths: Vec<&str> = urls.iter().map(|url| url.path.as_str()).collect();
        assert_eq!(paths, ["/", "/news?page=2", "/de/news?page=2", "/blog/a", "/de/blog/a", "/blog/b"], "no fallback page is listed");
        assert!(urls[0].alternates.is_empty(), "an untranslated page has no alternates");
        let pair = vec![("en".to_owned(), "/blog/a".to_owned()), ("de".to_owned(), "/de/blog/a".to_owned())];
        assert_eq!((&urls[3].alternates, &urls[4].alternates), (&pair, &pair), "reciprocal");
        let xml = url_set("https://vita.example", &urls).unwrap();
        assert!(xml.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""), "{xml}");
        assert!(
            xml.contains(
                "<url><loc>https://vita.example/de/blog/a</loc>\
                 <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://vita.example/blog/a\"/>\
                 <xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"https://vita.example/de/blog/a\"/>\
                 <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://vita.example/blog/a\"/></url>"
            ),
            "{xml}"
        );
        assert!(!xml.contains("zh-Hans"), "{xml}");
        let untranslated = url_set("https://vita.example", &[url("/", Showing::Page(PublicPage::Home))]).unwrap();
        assert!(!untranslated.contains("xhtml"), "{untranslated}");
    }
}
