//! The public menu as a page shows it: the owner's menu (`content::settings::Menu`) with the
//! hidden items left out, and, with "Hide sections with nothing published" on, the list pages
//! that have nothing published.

use sea_orm::DatabaseConnection;
use serde::Serialize;
use ts_rs::TS;

use crate::content::settings::{MenuItem, SiteSettings};
use crate::content::{
    Audience, Content, ListQuery, courses, news, open_calls, posts, projects, publications, research_areas, students, talks,
};
use crate::error::AppError;
use crate::i18n;
use crate::languages::localized;
use crate::routes::PublicPage;
use crate::store::changes::Sources;

/// One link of the menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct MenuLink {
    pub href: String,
    pub label: String,
}

/// The menu's links: the site's own pages in the language `lang`, whose addresses start with
/// `prefix` (`/de`, "" for the default), named in that language (the owner's links by their
/// own labels).
pub async fn links(db: &DatabaseConnection, settings: &SiteSettings, prefix: &str, lang: &str) -> Result<Vec<MenuLink>, AppError> {
    let mut links = Vec::new();
    for item in &settings.menu.0 {
        match item {
            MenuItem::Page { shown: false, .. } => {}
            MenuItem::Page { page, shown: true } => {
                if settings.hide_empty_sections && MenuItem::can_be_empty(*page) && !has_published(db, *page).await? {
                    continue;
                }
                links.push(MenuLink { href: localized(prefix, page.path()), label: label(*page, lang).to_owned() });
            }
            MenuItem::Link { label, url } => links.push(MenuLink { href: url.clone(), label: label.clone() }),
        }
    }
    Ok(links)
}

/// A page's name in the menu in the language `lang` (in English, `settings::menu_label`'s,
/// which the admin shows).
fn label(page: PublicPage, lang: &str) -> &'static str {
    match page {
        PublicPage::Home => i18n::t(lang, "menu.home"),
        PublicPage::About => i18n::t(lang, "menu.about"),
        PublicPage::Research => i18n::t(lang, "menu.research"),
        PublicPage::Publications => i18n::t(lang, "menu.publications"),
        PublicPage::Projects => i18n::t(lang, "menu.projects"),
        PublicPage::Teaching => i18n::t(lang, "menu.teaching"),
        PublicPage::Students => i18n::t(lang, "menu.students"),
        PublicPage::Talks => i18n::t(lang, "menu.talks"),
        PublicPage::OpenCalls => i18n::t(lang, "menu.open_calls"),
        PublicPage::Blog => i18n::t(lang, "menu.blog"),
        PublicPage::Contact => i18n::t(lang, "menu.contact"),
        PublicPage::News => i18n::t(lang, "menu.news"),
        PublicPage::Cv => i18n::t(lang, "menu.cv"),
    }
}

/// What the menu is decided from: the settings, and, with the option on, the tables of the
/// shown sections it may leave out. Every page shows the menu, so a write to one of those makes
/// every page stale. That is the cheapest honest way: the cache cannot tell a write that
/// publishes a section's first item (or unpublishes its last) from any other write to the
/// table, while the owner's writes are few and visitors are served the previous pages until the
/// background refresher has rendered them again. With the option off (the default) only a save
/// of the settings does.
pub fn sources(settings: &SiteSettings) -> Sources {
    let mut sources = Sources::SETTINGS;
    if settings.hide_empty_sections {
        for item in &settings.menu.0 {
            if let MenuItem::Page { page, shown: true } = item {
                sources = sources | section_sources(*page);
            }
        }
    }
    sources
}

/// What a list page's items are read from.
fn section_sources(page: PublicPage) -> Sources {
    match page {
        PublicPage::Research => research_areas::Entity::SOURCES,
        PublicPage::Publications => publications::Entity::SOURCES,
        PublicPage::Projects => projects::Entity::SOURCES,
        PublicPage::Teaching => courses::Entity::SOURCES,
        PublicPage::Students => students::Entity::SOURCES,
        PublicPage::Talks => talks::Entity::SOURCES,
        PublicPage::OpenCalls => open_calls::Entity::SOURCES,
        PublicPage::Blog => posts::Entity::SOURCES,
        PublicPage::News => news::Entity::SOURCES,
        PublicPage::Home | PublicPage::About | PublicPage::Contact | PublicPage::Cv => Sources::NONE,
    }
}

/// Whether a list page has anything published.
async fn has_published(db: &DatabaseConnection, page: PublicPage) -> Result<bool, AppError> {
    match page {
        PublicPage::Research => any::<research_areas::Entity>(db).await,
        PublicPage::Publications => any::<publications::Entity>(db).await,
        PublicPage::Projects => any::<projects::Entity>(db).await,
        PublicPage::Teaching => any::<courses::Entity>(db).await,
        // Students have no draft state: the section is empty without any.
        PublicPage::Students => any::<students::Entity>(db).await,
        PublicPage::Talks => any::<talks::Entity>(db).await,
        PublicPage::OpenCalls => any::<open_calls::Entity>(db).await,
        PublicPage::Blog => any::<posts::Entity>(db).await,
        PublicPage::News => any::<news::Entity>(db).await,
        PublicPage::Home | PublicPage::About | PublicPage::Contact | PublicPage::Cv => Ok(true),
    }
}

/// Whether the table's public list has an item.
async fn any<E: Content>(db: &DatabaseConnection) -> Result<bool, AppError> {
    Ok(E::select(&ListQuery::default(), Audience::Public).one(db).await?.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::settings::menu_label;

    #[test]
    fn the_english_menu_names_the_pages_as_the_admin_does() {
        for page in PublicPage::ALL {
            assert_eq!(label(page, "en"), menu_label(page), "{page:?}");
        }
        assert_eq!(label(PublicPage::Publications, "de"), "Ausgewählte Publikationen");
    }
}
