//! The fixed sentences of the public pages (issue 44, item 2): the intros under the pages'
//! titles and the home page's section headings, and what a page says while it has nothing to
//! show. Each has the words the site came with (the spec's where it quotes them), and the owner
//! may put their own in its place (`SiteSettings::texts`, by key); an empty one is the default
//! again.
//!
//! `SENTENCES` is the one list: the admin's "Sentences on this page" cards, the public pages
//! (through `web/src/public/sentences.ts`, which reads the generated `web/src/api/sentences.ts`)
//! and the dashboard's sample texts all read it. A key is `<page>.<name>`, the page being the
//! public page it is read on.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::Serialize;
use ts_rs::TS;

use crate::rules::validate::Check;

/// One fixed sentence of a public page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
pub struct Sentence {
    /// `<page>.<name>`: `home.featured_publications_intro`.
    pub key: &'static str,
    /// The public page it is read on, which is the admin screen it is edited under: `home`.
    pub page: &'static str,
    /// Where on the page it stands, as the admin names it.
    pub label: &'static str,
    /// The words the site came with: the English catalogue's.
    pub default: &'static str,
    /// Whether its default says something of the sample owner that a real one may not share
    /// (their field): the dashboard lists it while the site shows it.
    pub sample: bool,
}

const fn place(key: &'static str, page: &'static str, label: &'static str) -> Place {
    (key, page, label, false)
}

/// A sentence as the list below names it: key, page, label, and whether it is `sample`.
type Place = (&'static str, &'static str, &'static str, bool);

const INTRO: &str = "Under the page's title";
const EMPTY: &str = "While nothing is published";

/// Every fixed sentence, in the order of the public pages and, on each, from top to bottom. Its
/// default words are the English catalogue's under its key (`web/src/i18n/en.json`), so the
/// words are written once: the other catalogues translate them there.
const PLACES: &[Place] = &[
    place("home.research_areas_intro", "home", "Under \u{201c}Research Areas\u{201d}"),
    place("home.featured_projects_intro", "home", "Under \u{201c}Featured Projects\u{201d}"),
    // The spec's words (section 2), whatever the owner's field is.
    ("home.featured_publications_intro", "home", "Under \u{201c}Featured Publications\u{201d}", true),
    place("about.placeholder", "about", "Until the About page is saved"),
    place("research.intro", "research", INTRO),
    place("research.empty", "research", EMPTY),
    place("publications.intro", "publications", INTRO),
    place("publications.empty", "publications", "When no publication is published or matches the filters"),
    place("projects.intro", "projects", INTRO),
    place("projects.empty", "projects", EMPTY),
    place("teaching.intro", "teaching", INTRO),
    place("teaching.empty", "teaching", EMPTY),
    place("students.intro", "students", INTRO),
    place("students.empty", "students", EMPTY),
    place("talks.intro", "talks", INTRO),
    place("talks.empty", "talks", EMPTY),
    place("open_calls.intro", "open_calls", INTRO),
    place("open_calls.empty", "open_calls", EMPTY),
    place("news.intro", "news", INTRO),
    place("news.empty", "news", EMPTY),
    place("blog.empty", "blog", EMPTY),
    place("tag.intro", "tag", "Under a tag page's title"),
    place("tag.empty", "tag", "On a tag page while nothing is published with the tag"),
    place("contact.placeholder", "contact", "Until the Contact page is saved"),
];

/// Every fixed sentence with its default words.
pub static SENTENCES: LazyLock<Vec<Sentence>> = LazyLock::new(|| {
    PLACES.iter().map(|&(key, page, label, sample)| Sentence { key, page, label, default: crate::i18n::t("en", key), sample }).collect()
});

/// The longest sentence of the owner's, in characters: a line or two under a title.
pub const MAX_LENGTH: usize = 300;

pub fn find(key: &str) -> Option<&'static Sentence> {
    SENTENCES.iter().find(|sentence| sentence.key == key)
}

/// The owner's sentences trimmed, those left empty or written as the default dropped (the page
/// shows the default either way), each problem on the field `texts.<key>`.
pub fn validated(texts: BTreeMap<String, String>, check: &mut Check) -> BTreeMap<String, String> {
    let mut kept = BTreeMap::new();
    for (key, text) in texts {
        let field = format!("texts.{key}");
        let Some(sentence) = find(&key) else {
            check.fail(&field, format!("There is no fixed sentence \u{201c}{key}\u{201d} to change"));
            continue;
        };
        let text = text.trim();
        if text.is_empty() || text == sentence.default {
            continue;
        }
        check.max_len(&field, "A sentence", text, MAX_LENGTH);
        if crate::rules::HTML_TAG.is_match(text) {
            check.fail(&field, PLAIN_TEXT);
        }
        kept.insert(key, text.to_owned());
    }
    kept
}

/// What a sentence with markup in it is told.
pub const PLAIN_TEXT: &str = "A sentence is plain text: leave out HTML tags such as <b>";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_name_their_page() {
        for (i, sentence) in SENTENCES.iter().enumerate() {
            assert!(SENTENCES[..i].iter().all(|other| other.key != sentence.key), "{} twice", sentence.key);
            assert_eq!(sentence.key.split_once('.').map(|(page, _)| page), Some(sentence.page), "{}", sentence.key);
            // A key the English catalogue lacks reads as the key itself.
            assert_ne!(sentence.default, sentence.key, "web/src/i18n/en.json has no words for {}", sentence.key);
            assert!(!sentence.default.is_empty() && sentence.default.chars().count() <= MAX_LENGTH);
        }
    }

    fn checked(pairs: &[(&str, &str)]) -> (BTreeMap<String, String>, Result<(), crate::error::AppError>) {
        let mut check = Check::new();
        let texts = pairs.iter().map(|(key, text)| ((*key).to_owned(), (*text).to_owned())).collect();
        let kept = validated(texts, &mut check);
        (kept, check.finish())
    }

    #[test]
    fn the_owners_words_are_kept_trimmed_and_the_defaults_are_not_stored() {
        let (kept, result) = checked(&[
            ("home.featured_publications_intro", "  Papers on glaciers and sea ice. "),
            ("projects.empty", ""),
            ("news.intro", "Announcements, awards and updates."),
            ("talks.intro", "Slides: x < y, and a > b."),
        ]);
        assert!(result.is_ok());
        let kept: Vec<(&str, &str)> = kept.iter().map(|(key, text)| (key.as_str(), text.as_str())).collect();
        assert_eq!(
            kept,
            [("home.featured_publications_intro", "Papers on glaciers and sea ice."), ("talks.intro", "Slides: x < y, and a > b.")]
        );
    }

    /// The vectors the admin's form is tested against too (`PageSentences.test.tsx`).
    #[test]
    fn sentences_agree_with_the_shared_vectors() {
        #[derive(serde::Deserialize)]
        struct Case {
            value: String,
            valid: bool,
        }
        #[derive(serde::Deserialize)]
        struct Vectors {
            sentence: Vec<Case>,
        }
        let vectors: Vectors = serde_json::from_str(include_str!("../../web/src/api/rule-vectors.json")).expect("valid vectors");
        assert!(vectors.sentence.len() >= 10);
        for case in vectors.sentence {
            let (_, result) = checked(&[("news.intro", &case.value)]);
            assert_eq!(result.is_ok(), case.valid, "{:?}", case.value);
        }
    }

    #[test]
    fn unknown_keys_markup_and_long_sentences_are_refused_on_their_field() {
        let long = "a".repeat(MAX_LENGTH + 1);
        let (_, result) = checked(&[("home.welcome", "Hello"), ("news.intro", "<b>News</b>"), ("talks.intro", &long)]);
        let Err(crate::error::AppError::Validation { fields, .. }) = result else { panic!("refused") };
        assert_eq!(fields.get("texts.home.welcome"), Some("There is no fixed sentence \u{201c}home.welcome\u{201d} to change"));
        assert_eq!(fields.get("texts.news.intro"), Some(PLAIN_TEXT));
        assert_eq!(fields.get("texts.talks.intro"), Some("A sentence must be at most 300 characters"));
    }
}
