//! How the site is found and followed: Atom feeds (`feeds`), the sitemap (`sitemap`),
//! robots.txt. The OpenGraph tags, the default link-preview image and the `Person` JSON-LD of
//! the pages are made where the pages are (`crate::render`), which also lists the feeds the
//! pages link to (`crate::render::feed`).
//!
//! The feeds and the sitemap are kept in the page cache like pages, compressed and with an
//! ETag (feed readers poll), and go stale with the data they are made from.

pub mod feeds;
pub mod sitemap;

use axum::http::HeaderValue;

use crate::render::feed::Feed;
use crate::render::paper::absolute_url;
use crate::routes::Route;
use crate::store::changes::Sources;
use sitemap::SitemapFile;

/// A generated document other than a page, kept in the page cache under its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Document {
    Feed(Feed),
    Sitemap(SitemapFile),
}

impl Document {
    /// The document a route names, if it names one (`crate::routes` parses the path).
    pub fn of(route: Route) -> Option<Self> {
        match route {
            Route::Feed(feed) => Some(Self::Feed(feed)),
            Route::Sitemap(file) => Some(Self::Sitemap(file)),
            _ => None,
        }
    }

    pub fn content_type(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            Self::Feed(_) => "application/atom+xml; charset=utf-8",
            Self::Sitemap(_) => "application/xml; charset=utf-8",
        })
    }

    /// What the document is made from. The sitemap lists and dates every public page.
    pub fn sources(self) -> Sources {
        match self {
            Self::Feed(feed) => feed.sources(),
            Self::Sitemap(_) => Sources::ALL,
        }
    }
}

/// robots.txt (RFC 9309): everything public may be crawled, papers and their PDFs included;
/// the admin and the API may not; the sitemap is named by its absolute address. The
/// `Disallow` lines come first: RFC 9309 crawlers pick the longest matching rule, but older
/// parsers (Python's `urllib.robotparser` among them) take the first, and `Allow: /` first
/// would allow everything.
pub fn robots_txt(base_url: &str) -> String {
    format!("User-agent: *\nDisallow: /admin\nDisallow: /api\nAllow: /\n\nSitemap: {}\n", absolute_url(base_url, &SitemapFile::Main.path()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn robots_names_the_sitemap_by_its_absolute_address() {
        let robots = robots_txt("https://vita.example/");
        assert!(
            robots.starts_with("User-agent: *\nDisallow: /admin\nDisallow: /api\nAllow: /\n"),
            "refusals before the allowance: {robots}"
        );
        assert!(robots.ends_with("Sitemap: https://vita.example/sitemap.xml\n"));
    }

    #[test]
    fn documents_are_the_feeds_and_the_sitemap_files() {
        let document = |path| Route::parse(path).and_then(Document::of);
        assert_eq!(document("/feed.atom"), Some(Document::Feed(Feed::Site)));
        assert_eq!(document("/sitemap-2.xml"), Some(Document::Sitemap(SitemapFile::Part(2))));
        assert_eq!(document("/news"), None);
    }
}
