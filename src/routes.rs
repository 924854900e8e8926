//! Every public address of the site, in one table: `Route::parse` reads a request's path,
//! `Route::path` writes the address a link, a feed, the sitemap or the static export needs. The
//! page cache, the public router (`crate::http::public`), the feeds, the sitemap, robots.txt,
//! the social card and the static export all go through it, so an address is spelled here and
//! nowhere else. What a route shows and what it is made from live with the pages
//! (`crate::render::pages`), the feeds (`crate::render::feed`) and the sitemap
//! (`crate::discovery::sitemap`).

use std::borrow::Cow;

use crate::rules::SLUG;

/// Every public page with a route of its own. Its JSON name (`open_calls`) is how the owner's
/// menu names it (`content::settings::MenuItem`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum PublicPage {
    Home,
    About,
    Research,
    Publications,
    Projects,
    Teaching,
    Students,
    Talks,
    Blog,
    OpenCalls,
    Contact,
    News,
    /// The CV (issue 28): linked from the footer, not from the spec's navigation bar.
    Cv,
}

impl PublicPage {
    pub const ALL: [PublicPage; 13] = [
        PublicPage::Home,
        PublicPage::About,
        PublicPage::Research,
        PublicPage::Publications,
        PublicPage::Projects,
        PublicPage::Teaching,
        PublicPage::Students,
        PublicPage::Talks,
        PublicPage::Blog,
        PublicPage::OpenCalls,
        PublicPage::Contact,
        PublicPage::News,
        PublicPage::Cv,
    ];

    pub fn path(self) -> &'static str {
        match self {
            PublicPage::Home => "/",
            PublicPage::About => "/about",
            PublicPage::Research => "/research",
            PublicPage::Publications => "/publications",
            PublicPage::Projects => "/projects",
            PublicPage::Teaching => "/teaching",
            PublicPage::Students => "/students",
            PublicPage::Talks => "/talks",
            PublicPage::Blog => "/blog",
            PublicPage::OpenCalls => "/open-calls",
            PublicPage::Contact => "/contact",
            PublicPage::News => "/news",
            PublicPage::Cv => "/cv",
        }
    }

    /// The page at `path`; a trailing slash is tolerated.
    pub fn from_path(path: &str) -> Option<Self> {
        let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
        Self::ALL.into_iter().find(|page| page.path() == path)
    }
}

/// The site's Atom feeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feed {
    Site,
    News,
    Publications,
    Talks,
    OpenCalls,
    Blog,
}

impl Feed {
    pub const ALL: [Feed; 6] = [Feed::Site, Feed::News, Feed::Publications, Feed::Talks, Feed::OpenCalls, Feed::Blog];

    pub fn path(self) -> &'static str {
        match self {
            Feed::Site => "/feed.atom",
            Feed::News => "/news.atom",
            Feed::Publications => "/publications.atom",
            Feed::Talks => "/talks.atom",
            Feed::OpenCalls => "/open-calls.atom",
            Feed::Blog => "/blog.atom",
        }
    }

    pub fn from_path(path: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|feed| feed.path() == path)
    }
}

/// Which file of the sitemap: `/sitemap.xml` (the whole sitemap, or the index of the parts
/// when there are too many addresses) or `/sitemap-<n>.xml`, n from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SitemapFile {
    Main,
    Part(usize),
}

impl SitemapFile {
    pub fn from_path(path: &str) -> Option<Self> {
        if path == "/sitemap.xml" {
            return Some(Self::Main);
        }
        let number = path.strip_prefix("/sitemap-")?.strip_suffix(".xml")?;
        // Digits without a leading zero: one address per part, so made-up spellings of a
        // number cannot each become a cache entry.
        if number.is_empty() || number.starts_with('0') || !number.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        number.parse().ok().map(Self::Part)
    }

    pub fn path(self) -> String {
        match self {
            Self::Main => "/sitemap.xml".to_owned(),
            Self::Part(n) => format!("/sitemap-{n}.xml"),
        }
    }
}

/// A public address, with the slug it names (borrowed from the request's path, or from the
/// caller that writes a link).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route<'a> {
    Page(PublicPage),
    /// `/tags/<slug>`: everything published with a tag.
    Tag(&'a str),
    /// `/publications/<slug>`: a paper's page.
    Paper(&'a str),
    /// `/blog/<slug>`: a post.
    Post(&'a str),
    /// `/publications/<slug>.bib` and `.json`: one paper as BibTeX and as CSL-JSON.
    PaperBibtex(&'a str),
    PaperCslJson(&'a str),
    /// `/publications/<slug>/<slug>.pdf`: the uploaded PDF, under the paper's own path as Google
    /// Scholar wants it.
    PaperPdf(&'a str),
    /// `/publications.bib` and `/publications.json`: every published paper.
    AllBibtex,
    AllCslJson,
    /// `/cv.pdf`: the CV typeset from the site's data.
    CvPdf,
    Feed(Feed),
    Sitemap(SitemapFile),
    Robots,
    /// The default link-preview image.
    SocialCard,
}

/// The router's pattern of `Route::PaperPdf` (axum's syntax): the handler checks that the file
/// is `<slug>.pdf`.
pub const PAPER_PDF_PATTERN: &str = "/publications/{slug}/{file}";

impl<'a> Route<'a> {
    /// The route at `path` (without the query). Pages and tags tolerate a trailing slash, as
    /// do papers' pages; a slug must be one Vita would make (`rules::SLUG`).
    pub fn parse(path: &'a str) -> Option<Route<'a>> {
        if let Some(page) = PublicPage::from_path(path) {
            return Some(Route::Page(page));
        }
        if let Some(rest) = path.strip_prefix("/publications/") {
            if let Some(stem) = rest.strip_suffix(".bib") {
                return slug(stem).map(Route::PaperBibtex);
            }
            if let Some(stem) = rest.strip_suffix(".json") {
                return slug(stem).map(Route::PaperCslJson);
            }
            if let Some((paper, file)) = rest.split_once('/')
                && let Some(paper) = slug(paper)
                && file.strip_suffix(".pdf") == Some(paper)
            {
                return Some(Route::PaperPdf(paper));
            }
            return slug(rest.strip_suffix('/').unwrap_or(rest)).map(Route::Paper);
        }
        if let Some(rest) = path.strip_prefix("/tags/") {
            return slug(rest.strip_suffix('/').unwrap_or(rest)).map(Route::Tag);
        }
        if let Some(rest) = path.strip_prefix("/blog/") {
            return slug(rest.strip_suffix('/').unwrap_or(rest)).map(Route::Post);
        }
        if let Some(feed) = Feed::from_path(path) {
            return Some(Route::Feed(feed));
        }
        if let Some(file) = SitemapFile::from_path(path) {
            return Some(Route::Sitemap(file));
        }
        match path {
            "/publications.bib" => Some(Route::AllBibtex),
            "/publications.json" => Some(Route::AllCslJson),
            "/cv.pdf" => Some(Route::CvPdf),
            "/robots.txt" => Some(Route::Robots),
            "/social-card.png" => Some(Route::SocialCard),
            _ => None,
        }
    }

    /// The address, as links and the sitemap write it (no trailing slash).
    pub fn path(self) -> Cow<'static, str> {
        match self {
            Route::Page(page) => Cow::Borrowed(page.path()),
            Route::Tag(slug) => Cow::Owned(format!("/tags/{slug}")),
            Route::Paper(slug) => Cow::Owned(format!("/publications/{slug}")),
            Route::Post(slug) => Cow::Owned(format!("/blog/{slug}")),
            Route::PaperBibtex(slug) => Cow::Owned(format!("/publications/{slug}.bib")),
            Route::PaperCslJson(slug) => Cow::Owned(format!("/publications/{slug}.json")),
            Route::PaperPdf(slug) => Cow::Owned(format!("/publications/{slug}/{slug}.pdf")),
            Route::AllBibtex => Cow::Borrowed("/publications.bib"),
            Route::AllCslJson => Cow::Borrowed("/publications.json"),
            Route::CvPdf => Cow::Borrowed("/cv.pdf"),
            Route::Feed(feed) => Cow::Borrowed(feed.path()),
            Route::Sitemap(file) => Cow::Owned(file.path()),
            Route::Robots => Cow::Borrowed("/robots.txt"),
            Route::SocialCard => Cow::Borrowed("/social-card.png"),
        }
    }

    /// The address of page `number` of a paged route: the bare path for page 1, `?page=N` after
    /// it (`/news?page=2`, `/tags/<slug>?page=2`).
    pub fn paged(self, number: u32) -> Cow<'static, str> {
        match number {
            0 | 1 => self.path(),
            _ => Cow::Owned(format!("{}?page={number}", self.path())),
        }
    }
}

fn slug(slug: &str) -> Option<&str> {
    SLUG.is_match(slug).then_some(slug)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant, written and read back.
    fn every_route() -> Vec<Route<'static>> {
        let mut routes: Vec<Route> = PublicPage::ALL.into_iter().map(Route::Page).collect();
        routes.extend(Feed::ALL.into_iter().map(Route::Feed));
        routes.extend([
            Route::Tag("side-channels"),
            Route::Paper("masking-risc-v"),
            Route::Post("moving-to-vita"),
            Route::PaperBibtex("masking-risc-v"),
            Route::PaperCslJson("masking-risc-v"),
            Route::PaperPdf("masking-risc-v"),
            Route::AllBibtex,
            Route::AllCslJson,
            Route::CvPdf,
            Route::Sitemap(SitemapFile::Main),
            Route::Sitemap(SitemapFile::Part(1)),
            Route::Sitemap(SitemapFile::Part(12)),
            Route::Robots,
            Route::SocialCard,
        ]);
        routes
    }

    #[test]
    fn every_route_reads_back_from_its_path() {
        let routes = every_route();
        for route in &routes {
            let path = route.path();
            assert_eq!(Route::parse(&path), Some(*route), "{path}");
        }
        let mut paths: Vec<String> = routes.iter().map(|route| route.path().into_owned()).collect();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), routes.len(), "no two routes share an address");
    }

    #[test]
    fn a_trailing_slash_is_tolerated_where_a_page_is() {
        assert_eq!(Route::parse("/news/"), Some(Route::Page(PublicPage::News)));
        assert_eq!(Route::parse("/publications/"), Some(Route::Page(PublicPage::Publications)));
        assert_eq!(Route::parse("/"), Some(Route::Page(PublicPage::Home)));
        assert_eq!(Route::parse("/publications/masking-risc-v/"), Some(Route::Paper("masking-risc-v")));
        assert_eq!(Route::parse("/tags/side-channels/"), Some(Route::Tag("side-channels")));
        assert_eq!(Route::parse("/feed.atom/"), None);
    }

    #[test]
    fn made_up_addresses_are_no_route() {
        for path in [
            "/publications/Masking",
            "/publications/a/b",
            "/publications/.bib",
            "/publications/a--b",
            "/publications/x.pdf",
            "/publications/a/b.pdf",
            "/publications/a/a.pdf/",
            "/publicationsx/a",
            "/tags/",
            "/tags/A",
            "/feed.xml",
            "/sitemap-0.xml",
            "/sitemap-01.xml",
            "/sitemap-.xml",
            "/sitemap-x.xml",
            "/sitemap-1.xml/",
            "/sitemap.xml.gz",
            "/sitemap-99999999999999999999999.xml",
            "/cv.pdf/",
            "/admin",
            "/api/news",
        ] {
            assert_eq!(Route::parse(path), None, "{path}");
        }
    }

    #[test]
    fn a_paged_address_is_bare_for_the_first_page() {
        assert_eq!(Route::Page(PublicPage::News).paged(1), "/news");
        assert_eq!(Route::Page(PublicPage::News).paged(3), "/news?page=3");
        assert_eq!(Route::Tag("x").paged(0), "/tags/x");
        assert_eq!(Route::Tag("x").paged(2), "/tags/x?page=2");
    }
}
