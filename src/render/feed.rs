//! Which Atom feeds the site has, where they are and what they are made from: what the pages
//! link to (`<link rel="alternate">`) and what `crate::discovery::feeds` writes.

use super::pages::PublicPage;
use crate::i18n;
use crate::store::changes::Sources;

pub const MEDIA_TYPE: &str = "application/atom+xml";

pub use crate::routes::Feed;

impl Feed {
    /// The page whose items the feed carries (the home page for the site feed).
    pub fn page(self) -> PublicPage {
        match self {
            Feed::Site => PublicPage::Home,
            Feed::News => PublicPage::News,
            Feed::Publications => PublicPage::Publications,
            Feed::Talks => PublicPage::Talks,
            Feed::OpenCalls => PublicPage::OpenCalls,
            Feed::Blog => PublicPage::Blog,
        }
    }

    /// The feed's name after the owner's: the section's heading, in the language `lang`.
    pub fn section(self, lang: &str) -> Option<&'static str> {
        match self {
            Feed::Site => None,
            Feed::News => Some(i18n::t(lang, "page.news")),
            Feed::Publications => Some(i18n::t(lang, "page.publications")),
            Feed::Talks => Some(i18n::t(lang, "page.talks")),
            Feed::OpenCalls => Some(i18n::t(lang, "page.open_calls")),
            Feed::Blog => Some(i18n::t(lang, "page.blog")),
        }
    }

    /// `Dr. X` for the site feed, `Dr. X — News` for a section's.
    pub fn title(self, owner_name: &str, lang: &str) -> String {
        match self.section(lang) {
            Some(section) => format!("{owner_name} — {section}"),
            None => owner_name.to_owned(),
        }
    }

    /// What the feed is made from: a write to any of these makes the kept copy stale. The
    /// owner's name (hero) is the feed's title and author.
    pub fn sources(self) -> Sources {
        Sources::HERO
            | match self {
                Feed::Site => Sources::NEWS | Sources::PUBLICATIONS | Sources::TALKS | Sources::OPEN_CALLS | Sources::POSTS,
                Feed::News => Sources::NEWS,
                Feed::Publications => Sources::PUBLICATIONS,
                Feed::Talks => Sources::TALKS,
                Feed::OpenCalls => Sources::OPEN_CALLS,
                Feed::Blog => Sources::POSTS,
            }
    }
}
