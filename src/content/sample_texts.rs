//! The public texts that are still the spec's sample (issue 44, item 2): a new site shows a
//! made-up owner until its owner writes their own, and the dashboard names each text that a
//! visitor still reads as it came, with the admin screen where it is written.
//!
//! `sample_texts` is the one list: a text the owner can override elsewhere joins it there, as
//! the fixed sentences whose default speaks of the sample owner do (`sentences::Sentence::sample`).

use sea_orm::ConnectionTrait;
use serde::Serialize;
use ts_rs::TS;

use super::homepage::{self, AboutContent, ContactContent, HeroContent, Section, SectionRecord, StatsContent};
use super::sentences::{SENTENCES, Sentence};
use super::settings::{self, SiteSettings};
use crate::error::AppError;

/// One text a visitor reads as the sample had it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct SampleText {
    /// Which text, for good: the section and the field (`hero.name`).
    pub key: String,
    /// Where the owner reads it in the admin: "Homepage: hero", "About page".
    pub place: String,
    /// The field, as its form names it: "Name", "Short bio".
    pub label: String,
    /// What visitors read.
    pub text: String,
    /// The admin screen that edits it (`/admin/homepage`).
    pub edit_path: String,
}

/// Every public text still the sample, in the order of the admin's screens and their fields.
pub async fn sample_texts(db: &impl ConnectionTrait) -> Result<Vec<SampleText>, AppError> {
    let (hero, stats, about, contact, site) = tokio::try_join!(
        homepage::read::<HeroContent>(db),
        homepage::read::<StatsContent>(db),
        homepage::read::<AboutContent>(db),
        homepage::read::<ContactContent>(db),
        settings::site(db),
    )?;
    let mut texts = still_sample(&hero, "Homepage: hero", "/admin/homepage");
    texts.extend(still_sample(&stats, "Homepage: stats", "/admin/homepage"));
    texts.extend(sample_sentences(&site, "home", "Homepage: sentences", "/admin/homepage"));
    texts.extend(still_sample(&about, "About page", "/admin/about"));
    texts.extend(still_sample(&contact, "Contact page", "/admin/contact"));
    Ok(texts)
}

/// The sentences of `page` whose sample default the site still shows: the owner has not
/// written their own.
fn sample_sentences(site: &SiteSettings, page: &str, place: &str, edit_path: &str) -> Vec<SampleText> {
    SENTENCES
        .iter()
        .filter(|sentence| sentence.page == page && sentence.sample && !site.texts.contains_key(sentence.key))
        .map(|&Sentence { key, label, default, .. }| SampleText {
            key: format!("texts.{key}"),
            place: place.to_owned(),
            label: label.to_owned(),
            text: default.to_owned(),
            edit_path: edit_path.to_owned(),
        })
        .collect()
}

/// The section's texts that visitors read as the defaults have them: a text left empty by
/// default says nothing, so it is never sample.
fn still_sample<S: Section>(record: &SectionRecord<S>, place: &str, edit_path: &str) -> Vec<SampleText> {
    let defaults = S::default();
    let defaults = defaults.texts();
    record
        .content
        .texts()
        .into_iter()
        .zip(defaults)
        .filter(|((_, text), (_, default))| !default.is_empty() && text.trim() == default.trim())
        .map(|((field, text), _)| SampleText {
            key: format!("{}.{field}", S::KEY),
            place: place.to_owned(),
            label: label(S::KEY, field),
            text: shown(S::KEY, field, text),
            edit_path: edit_path.to_owned(),
        })
        .collect()
}

/// A field as its form labels it.
fn label(section: &str, field: &str) -> String {
    match (section, field) {
        ("hero", "profile_image_url") => "Photo".to_owned(),
        ("hero", "bio") => "Short bio".to_owned(),
        ("about", "bio") => "Biography".to_owned(),
        _ => homepage::label(field),
    }
}

/// What a visitor reads: the photo is a picture, not its address.
fn shown(section: &str, field: &str, text: &str) -> String {
    match (section, field) {
        ("hero", "profile_image_url") => "The placeholder portrait".to_owned(),
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record<S: Section>(content: S) -> SectionRecord<S> {
        SectionRecord { section: S::KEY.to_owned(), content, updated_at: None }
    }

    #[test]
    fn a_text_is_sample_while_it_reads_as_the_default() {
        let hero = HeroContent { name: "Dr. Ada Byron".to_owned(), institution: " ".to_owned(), ..HeroContent::default() };
        let texts = still_sample(&record(hero), "Homepage: hero", "/admin/homepage");
        // The name is the owner's, the institution emptied; the empty defaults never count.
        let keys: Vec<&str> = texts.iter().map(|text| text.key.as_str()).collect();
        assert_eq!(keys, ["hero.title", "hero.bio", "hero.profile_image_url"]);
        let labels: Vec<&str> = texts.iter().map(|text| text.label.as_str()).collect();
        assert_eq!(labels, ["Title", "Short bio", "Photo"]);
    }

    #[test]
    fn a_sample_sentence_is_listed_until_the_owner_words_it() {
        let mut site = SiteSettings::default();
        let listed = |site: &SiteSettings| sample_sentences(site, "home", "Homepage: sentences", "/admin/homepage");
        let texts = listed(&site);
        assert_eq!(texts.len(), 1, "the Featured Publications line only: the others name no field");
        assert_eq!(texts[0].key, "texts.home.featured_publications_intro");
        assert_eq!(texts[0].text, "Recent research contributions in hardware security and embedded systems.");
        site.texts.insert("home.featured_publications_intro".to_owned(), "Papers on sea ice.".to_owned());
        assert!(listed(&site).is_empty());
    }
}
