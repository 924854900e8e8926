//! A page in another language than the one the owner writes in (issue 45, items 2 and 3).
//!
//! - **What a page shows**: each translatable text of the page's data shows its first
//!   translation along the page's language chain (`content::translations::Overlay`), and the
//!   page is told which texts are shown in another language than its own (`TextLangs`), so the
//!   components mark them with their `lang` and a screen reader switches voice. A page in the
//!   owner's own language is left as it is (and costs nothing more).
//! - **Which pages are translations**: a page is a real translation in a language when it
//!   shows a text translated into it (`TranslatedPages`); search engines are told only about
//!   those (canonical, `hreflang`, the sitemap).
//!
//! Both follow one table, `Showing::kinds`: the kinds of item whose texts each page shows. Each
//! overlay checks the kinds it overlays against it, and a test that every kind it lists is
//! overlaid on its page.

use std::collections::{BTreeSet, HashMap};

use sea_orm::ConnectionTrait;
use serde::Serialize;
use uuid::Uuid;

use super::cv::CvItems;
use super::{PageData, TextLangs};
use crate::content::translations::{Overlay, Translated, TranslationKind};
use crate::content::{news, posts, projects, tagging, talks};
use crate::error::AppError;
use crate::routes::PublicPage;

/// A page as its translations see it: one of the site's pages, a paper's page, or the page of
/// one post or one tag (by its id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Showing {
    Page(PublicPage),
    Paper,
    Post(Uuid),
    Tag(Uuid),
}

impl Showing {
    /// The page `data` is; none for the 404 page, which is in no language but the default.
    pub fn of(data: &PageData) -> Option<Self> {
        Some(match data {
            PageData::Home(_) => Showing::Page(PublicPage::Home),
            PageData::About(_) => Showing::Page(PublicPage::About),
            PageData::Research { .. } => Showing::Page(PublicPage::Research),
            PageData::Publications(_) => Showing::Page(PublicPage::Publications),
            PageData::Paper(_) => Showing::Paper,
            PageData::Projects { .. } => Showing::Page(PublicPage::Projects),
            PageData::Teaching { .. } => Showing::Page(PublicPage::Teaching),
            PageData::Students { .. } => Showing::Page(PublicPage::Students),
            PageData::Talks { .. } => Showing::Page(PublicPage::Talks),
            PageData::Blog { .. } => Showing::Page(PublicPage::Blog),
            PageData::Post(post) => Showing::Post(post.post.id),
            PageData::OpenCalls { .. } => Showing::Page(PublicPage::OpenCalls),
            PageData::Contact(_) => Showing::Page(PublicPage::Contact),
            PageData::News { .. } => Showing::Page(PublicPage::News),
            PageData::Tag(tag) => Showing::Tag(tag.tag.id),
            PageData::Cv(_) => Showing::Page(PublicPage::Cv),
            PageData::NotFound => return None,
        })
    }

    /// The kinds of item whose texts the page shows, and so shows translated: the one table
    /// the overlays keep to and the search engines are told by. A paper is never translated,
    /// and the students and open calls have no translatable texts.
    pub fn kinds(self) -> &'static [TranslationKind] {
        use TranslationKind as K;
        match self {
            Showing::Page(page) => match page {
                PublicPage::Home => &[K::Hero, K::Stats, K::ResearchArea, K::Project, K::News],
                // With the CV's entries of the blocks the owner chose them for (issue 44).
                PublicPage::About => &[K::About, K::CvAppointment, K::CvEducation, K::CvAward, K::CvService],
                PublicPage::Contact => &[K::Contact],
                PublicPage::Research => &[K::ResearchArea],
                PublicPage::Projects => &[K::Project],
                PublicPage::Teaching => &[K::Course],
                PublicPage::Talks => &[K::Talk],
                PublicPage::News => &[K::News],
                PublicPage::Blog => &[K::Post],
                PublicPage::Cv => {
                    &[K::CvAppointment, K::CvEducation, K::CvAward, K::CvGrant, K::Talk, K::Course, K::Project, K::CvService, K::CvOther]
                }
                PublicPage::Publications | PublicPage::Students | PublicPage::OpenCalls => &[],
            },
            Showing::Paper => &[],
            Showing::Post(_) => &[K::Post],
            Showing::Tag(_) => &[K::Project, K::Talk, K::News, K::Post],
        }
    }
}

/// Which pages are real translations, and in which of the site's languages (issue 45, item 3):
/// a page that shows a text translated into the language (`Showing::kinds`). For a list or
/// text page that is any item of a kind it shows, and a long list's pages go with their list
/// (`/news?page=2` with `/news`); for a post's page that post; for a tag's page (all its pages,
/// as for a list) any published item with the tag. Every other page of a language is shown
/// wholly in the fallback language and is canonical to the default language's page.
#[derive(Debug, Default)]
pub struct TranslatedPages {
    items: Translated,
    /// Tag id → the languages some published item with the tag is translated into.
    tags: HashMap<Uuid, BTreeSet<String>>,
}

impl TranslatedPages {
    /// For the site's `languages` (the default first, whose pages are the originals), in one
    /// query; `tags`: the tags' pages too, in one query more per kind of tagged item translated.
    pub async fn load(db: &impl ConnectionTrait, languages: &[String], tags: bool) -> Result<Self, AppError> {
        let items = Translated::load(db, languages.get(1..).unwrap_or_default()).await?;
        let mut tag_langs: HashMap<Uuid, BTreeSet<String>> = HashMap::new();
        if tags {
            for &kind in Showing::Tag(Uuid::nil()).kinds() {
                let translated: HashMap<Uuid, &BTreeSet<String>> =
                    items.items_of(kind).filter_map(|(id, langs)| Some((Uuid::parse_str(id).ok()?, langs))).collect();
                if translated.is_empty() {
                    continue;
                }
                let ids: Vec<Uuid> = translated.keys().copied().collect();
                let pairs = match kind {
                    TranslationKind::Project => tagging::tags_of_published::<projects::Entity>(db, &ids).await?,
                    TranslationKind::Talk => tagging::tags_of_published::<talks::Entity>(db, &ids).await?,
                    TranslationKind::News => tagging::tags_of_published::<news::Entity>(db, &ids).await?,
                    TranslationKind::Post => tagging::tags_of_published::<posts::Entity>(db, &ids).await?,
                    // Only the kinds that carry tags are on a tag's page.
                    _ => Vec::new(),
                };
                for (item, tag) in pairs {
                    tag_langs.entry(tag).or_default().extend(translated[&item].iter().cloned());
                }
            }
        }
        Ok(Self { items, tags: tag_langs })
    }

    /// The languages `page` is a real translation in.
    pub fn langs(&self, page: Showing) -> BTreeSet<&str> {
        match page {
            Showing::Post(id) => page.kinds().iter().flat_map(|kind| self.items.of_item(*kind, &id.to_string())).collect(),
            Showing::Tag(id) => self.tags.get(&id).into_iter().flatten().map(String::as_str).collect(),
            Showing::Page(_) | Showing::Paper => page.kinds().iter().flat_map(|kind| self.items.of_kind(*kind)).collect(),
        }
    }
}

/// A page's data as a page in the first language of `chain` shows it (`["de", "en"]`). The
/// CV's are already (`cv_items`, when it was loaded), and so are the About page's CV lists.
pub async fn translate(db: &impl ConnectionTrait, chain: &[&str], page: &mut PageData) -> Result<TextLangs, AppError> {
    // A page in the default language (a chain of one) shows the items as written.
    let (Some(&page_lang), Some(own), Some(showing)) = (chain.first(), chain.last(), Showing::of(page)) else {
        return Ok(TextLangs::default());
    };
    if page_lang.eq_ignore_ascii_case(own) || showing.kinds().is_empty() {
        return Ok(TextLangs::default());
    }
    let overlay = Overlay::load(db, chain).await?;
    overlay_page(&overlay, page_lang, showing, page)
}

/// `page` (which is `showing`) with the texts of `overlay`, in the page's language `page_lang`.
fn overlay_page(overlay: &Overlay, page_lang: &str, showing: Showing, page: &mut PageData) -> Result<TextLangs, AppError> {
    use TranslationKind as K;
    let mut shown = Shown { overlay, page_lang, showing, langs: TextLangs::default() };
    match page {
        PageData::Home(home) => {
            shown.section(K::Hero, &mut home.hero)?;
            shown.section(K::Stats, &mut home.stats.labels)?;
            shown.items(K::ResearchArea, &mut home.research_areas, |area| area.id)?;
            shown.items(K::Project, &mut home.featured_projects, |project| project.id)?;
            shown.items(K::News, &mut home.latest_news, |item| item.id)?;
        }
        PageData::About(about) => shown.section(K::About, &mut about.content)?,
        PageData::Contact(contact) => shown.section(K::Contact, &mut contact.content)?,
        PageData::Research { areas } => shown.items(K::ResearchArea, areas, |area| area.id)?,
        PageData::Projects { projects, .. } => shown.items(K::Project, projects, |project| project.id)?,
        PageData::Teaching { courses, .. } => shown.items(K::Course, courses, |course| course.id)?,
        PageData::News { items, .. } => shown.items(K::News, items, |item| item.id)?,
        PageData::Talks { talks, .. } => shown.items(K::Talk, talks, |talk| talk.id)?,
        PageData::Blog { posts, .. } => {
            for post in posts {
                shown.item(K::Post, post.post.id, &mut post.post)?;
            }
        }
        PageData::Post(post) => shown.item(K::Post, post.post.id, &mut post.post)?,
        PageData::Tag(tag) => {
            shown.items(K::Project, &mut tag.projects, |project| project.id)?;
            shown.items(K::Talk, &mut tag.talks, |talk| talk.id)?;
            shown.items(K::News, &mut tag.news, |item| item.id)?;
            for post in &mut tag.posts {
                shown.item(K::Post, post.post.id, &mut post.post)?;
            }
        }
        // Its document is made from the items, translated when they were loaded (`cv_items`).
        PageData::Cv(_) => {}
        PageData::Publications(_) | PageData::Paper(_) | PageData::Students { .. } | PageData::OpenCalls { .. } => {}
        PageData::NotFound => {}
    }
    Ok(shown.langs)
}

/// The items the CV is made of as the CV in `page_lang` shows them (its document is made from
/// them, for /cv and /cv.pdf alike); the languages of their texts go with them (`CvItems::langs`).
pub fn cv_items(overlay: &Overlay, page_lang: &str, items: &mut CvItems) -> Result<(), AppError> {
    use TranslationKind as K;
    let mut shown = Shown { overlay, page_lang, showing: Showing::Page(PublicPage::Cv), langs: TextLangs::default() };
    if overlay.translates() {
        shown.items(K::CvAppointment, &mut items.appointments, |item| item.id)?;
        shown.items(K::CvEducation, &mut items.education, |item| item.id)?;
        shown.items(K::CvAward, &mut items.awards, |item| item.id)?;
        shown.items(K::CvGrant, &mut items.grants, |item| item.id)?;
        shown.items(K::CvService, &mut items.service, |item| item.id)?;
        shown.items(K::CvOther, &mut items.other, |item| item.id)?;
        shown.items(K::Talk, &mut items.talks, |talk| talk.id)?;
        shown.items(K::Course, &mut items.courses, |course| course.id)?;
        shown.items(K::Project, &mut items.projects, |project| project.id)?;
    }
    items.langs = shown.langs;
    Ok(())
}

/// The About page's CV list of `kind` as the page in `page_lang` shows it (its entries are made
/// from the items when the page is loaded), with the languages of their texts.
pub fn about_cv_items<T: Serialize + serde::de::DeserializeOwned>(
    overlay: &Overlay,
    page_lang: &str,
    kind: TranslationKind,
    items: &mut [T],
    id: impl Fn(&T) -> Uuid,
) -> Result<TextLangs, AppError> {
    let mut shown = Shown { overlay, page_lang, showing: Showing::Page(PublicPage::About), langs: TextLangs::default() };
    if overlay.translates() {
        shown.items(kind, items, id)?;
    }
    Ok(shown.langs)
}

struct Shown<'a> {
    overlay: &'a Overlay,
    page_lang: &'a str,
    showing: Showing,
    langs: TextLangs,
}

impl Shown<'_> {
    fn item<T: Serialize + serde::de::DeserializeOwned>(
        &mut self,
        kind: TranslationKind,
        id: impl ToString,
        item: &mut T,
    ) -> Result<(), AppError> {
        // The table says where a kind's texts are shown: search engines are told by it.
        debug_assert!(self.showing.kinds().contains(&kind), "{kind:?} is overlaid on {:?}, whose kinds do not list it", self.showing);
        let id = id.to_string();
        for (field, lang) in self.overlay.apply(kind, &id, item)? {
            if lang != self.page_lang {
                self.langs.0.insert(format!("{}:{id}:{field}", kind.key()), lang);
            }
        }
        Ok(())
    }

    /// A page text, keyed by its kind (`hero`).
    fn section<T: Serialize + serde::de::DeserializeOwned>(&mut self, kind: TranslationKind, content: &mut T) -> Result<(), AppError> {
        self.item(kind, kind.key(), content)
    }

    fn items<T: Serialize + serde::de::DeserializeOwned>(
        &mut self,
        kind: TranslationKind,
        items: &mut [T],
        id: impl Fn(&T) -> Uuid,
    ) -> Result<(), AppError> {
        for item in items {
            let key = id(item);
            self.item(kind, key, item)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use serde::de::DeserializeOwned;
    use serde_json::json;

    use super::*;
    use crate::content::homepage::{AboutContent, ContactContent, HeroContent, StatsContent};
    use crate::render::cv::AboutCvLists;
    use crate::render::{AboutPage, HomeData, HomeStats, Pagination, PublicPost, SectionPage, TagPageData};

    /// A published item of any content table, every text of it written (fields of other tables
    /// are ignored).
    fn row<T: DeserializeOwned>() -> T {
        serde_json::from_value(json!({
            "id": Uuid::nil(), "slug": "a-slug", "sort_order": 0, "status": "published", "featured": true,
            "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z", "tech_stack": [], "collaborators": [],
            "title": "Title", "summary": "Summary", "content": "Content", "description": "Description", "abstract": "Abstract",
            "date": "2026-01-01", "event_name": "Event", "type": "invited", "code": "EDA123", "year": 2026, "term": "spring",
            "role": "instructor", "name": "Name", "color": "#2563eb", "icon": "cpu", "institution": "KTH", "start_year": 2020,
            "degree": "PhD", "field": "Field", "funder": "VR", "body": "Body", "kind": "committee",
        }))
        .unwrap()
    }

    fn kinds(langs: &TextLangs) -> HashSet<TranslationKind> {
        langs.0.keys().map(|key| TranslationKind::parse(key.split(':').next().unwrap()).unwrap()).collect()
    }

    /// With one item in each list and no translation, a German page shows each text it shows
    /// in English, marked so: the kinds marked are those it overlays, which must be exactly the
    /// kinds the table says it shows, for every page that shows any.
    #[test]
    fn every_page_overlays_exactly_the_kinds_the_table_says_it_shows() {
        use TranslationKind as K;
        let overlay = Overlay::without_texts(&["de", "en"]);
        let page = |number| Pagination::new(number, 1, 10);
        let pages = vec![
            PageData::Home(Box::new(HomeData {
                hero: HeroContent::default(),
                cv_link: String::new(),
                portrait: None,
                stats: HomeStats { labels: StatsContent::default(), publications: 0, students: 0, courses: 0, research_areas: 0 },
                research_areas: vec![row()],
                featured_projects: vec![row()],
                latest_news: vec![row()],
                featured_publications: Vec::new(),
            })),
            PageData::About(AboutPage { content: AboutContent::default(), stored: true, cv: AboutCvLists::default() }),
            PageData::Contact(SectionPage { content: ContactContent::default(), stored: true }),
            PageData::Research { areas: vec![row()] },
            PageData::Projects { projects: vec![row()], pagination: page(1) },
            PageData::Teaching { courses: vec![row()], pagination: page(1) },
            PageData::Talks { talks: vec![row()], pagination: page(1) },
            PageData::News { items: vec![row()], pagination: page(1) },
            PageData::Blog { posts: vec![PublicPost::from(row::<posts::Model>())], pagination: page(1) },
            PageData::Post(Box::new(PublicPost::from(row::<posts::Model>()))),
            PageData::Tag(Box::new(TagPageData {
                tag: row(),
                publications: Vec::new(),
                projects: vec![row()],
                talks: vec![row()],
                news: vec![row()],
                posts: vec![PublicPost::from(row::<posts::Model>())],
                pagination: page(1),
            })),
        ];
        let mut checked = Vec::new();
        for mut data in pages {
            let showing = Showing::of(&data).unwrap();
            let mut overlaid = kinds(&overlay_page(&overlay, "de", showing, &mut data).unwrap());
            // The About page's CV lists are overlaid when they are loaded.
            if showing == Showing::Page(PublicPage::About) {
                for kind in [K::CvAppointment, K::CvEducation, K::CvAward, K::CvService] {
                    let langs = about_cv_items(&overlay, "de", kind, &mut [row::<serde_json::Value>()], |_| Uuid::nil()).unwrap();
                    overlaid.extend(kinds(&langs));
                }
            }
            assert_eq!(overlaid, showing.kinds().iter().copied().collect(), "{showing:?}");
            checked.push(showing);
        }
        // The CV's document is made from its items, overlaid when they are loaded.
        let mut items = CvItems {
            appointments: vec![row()],
            education: vec![row()],
            awards: vec![row()],
            grants: vec![row()],
            service: vec![row()],
            other: vec![row()],
            papers: Vec::new(),
            talks: vec![row()],
            courses: vec![row()],
            students: None,
            projects: vec![row()],
            langs: TextLangs::default(),
        };
        cv_items(&overlay, "de", &mut items).unwrap();
        let cv = Showing::Page(PublicPage::Cv);
        assert_eq!(kinds(&items.langs), cv.kinds().iter().copied().collect(), "the CV");
        checked.push(cv);
        let every =
            PublicPage::ALL.into_iter().map(Showing::Page).chain([Showing::Paper, Showing::Post(Uuid::nil()), Showing::Tag(Uuid::nil())]);
        for showing in every {
            assert!(showing.kinds().is_empty() || checked.contains(&showing), "{showing:?} shows texts: check it above");
        }
    }
}
