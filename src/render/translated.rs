//! A page in another language than the one the owner writes in (issue 45, item 2): each
//! translatable text of the page's data shows its first translation along the page's language
//! chain (`content::translations::Overlay`), and the page is told which texts are shown in
//! another language than its own (`TextLangs`), so the components mark them with their `lang`
//! and a screen reader switches voice. A page in the owner's own language is left as it is (and
//! costs nothing more).

use std::collections::BTreeMap;

use sea_orm::ConnectionTrait;
use serde::Serialize;

use super::PageData;
use crate::content::translations::{Overlay, TranslationKind};
use crate::error::AppError;

/// The language of each text a page shows in another language than the page's, keyed
/// `<kind>:<item id>:<field>` (`news:…:title`, `hero:hero:bio`); texts in the page's own
/// language are not listed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct TextLangs(pub BTreeMap<String, String>);

/// A page's data as a page in the first language of `chain` shows it (`["de", "en"]`).
pub async fn translate(db: &impl ConnectionTrait, chain: &[&str], page: &mut PageData) -> Result<TextLangs, AppError> {
    // A page in the default language (a chain of one) shows the items as written.
    let (Some(&page_lang), Some(own)) = (chain.first(), chain.last()) else { return Ok(TextLangs::default()) };
    if page_lang.eq_ignore_ascii_case(own) {
        return Ok(TextLangs::default());
    }
    let overlay = Overlay::load(db, chain).await?;
    let mut shown = Shown { overlay: &overlay, page_lang, langs: TextLangs::default() };
    match page {
        PageData::Home(home) => {
            shown.section(TranslationKind::Hero, &mut home.hero)?;
            shown.section(TranslationKind::Stats, &mut home.stats.labels)?;
            shown.items(TranslationKind::ResearchArea, &mut home.research_areas, |area| area.id)?;
            shown.items(TranslationKind::Project, &mut home.featured_projects, |project| project.id)?;
            shown.items(TranslationKind::News, &mut home.latest_news, |item| item.id)?;
        }
        PageData::About(about) => shown.section(TranslationKind::About, &mut about.content)?,
        PageData::Research { areas } => shown.items(TranslationKind::ResearchArea, areas, |area| area.id)?,
        PageData::Projects { projects, .. } => shown.items(TranslationKind::Project, projects, |project| project.id)?,
        PageData::News { items, .. } => shown.items(TranslationKind::News, items, |item| item.id)?,
        PageData::Talks { talks, .. } => shown.items(TranslationKind::Talk, talks, |talk| talk.id)?,
        // The other pages show their texts as written for now.
        _ => {}
    }
    Ok(shown.langs)
}

struct Shown<'a> {
    overlay: &'a Overlay,
    page_lang: &'a str,
    langs: TextLangs,
}

impl Shown<'_> {
    fn item<T: Serialize + serde::de::DeserializeOwned>(&mut self, kind: TranslationKind, id: &str, item: &mut T) -> Result<(), AppError> {
        for (field, lang) in self.overlay.apply(kind, id, item)? {
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
        id: impl Fn(&T) -> uuid::Uuid,
    ) -> Result<(), AppError> {
        for item in items {
            let key = id(item).to_string();
            self.item(kind, &key, item)?;
        }
        Ok(())
    }
}
