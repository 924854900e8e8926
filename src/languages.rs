//! The site's languages (issue 45): which tags the owner may choose, the fallback chain of a
//! language, and where a language's pages live. The first of `SiteSettings.languages` is the
//! default, served at `/` as the site always was; every other one has the same pages under
//! `/<tag>/…` (`/de/news`, `/zh-Hans/publications/some-paper`). `crate::routes` spells the
//! addresses without a language; this module puts the prefix on and takes it off.
//!
//! Which pages of a language are real translations, and which are shown wholly in the fallback
//! language, the translations store decides (`render::translated::TranslatedPages`): search
//! engines are told only about the real ones (canonical, `hreflang`, the sitemap).
//!
//! `canonical_tag` is the one reading of BCP 47 tags: the site's languages and the languages
//! translations are written in (`content::translations::target_language`) are both read by it.

use std::collections::BTreeSet;

use serde::Serialize;
use ts_rs::TS;

/// The most languages a site may have: each is a copy of every page to keep and to crawl.
pub const MAX_LANGUAGES: usize = 10;

/// The languages of a site that never chose any.
pub fn default_languages() -> Vec<String> {
    vec!["en".to_owned()]
}

/// `tag` in its canonical case (`zh-hans` → `zh-Hans`, `de-at` → `de-AT`), or why it is not a
/// language tag a site can use.
///
/// The tags are BCP 47's language, script, region and variants (`sr-Latn-RS`, `de-CH-1996`):
/// what a language of a web page needs. Extensions (`-u-…`), private use (`x-…`) and the
/// grandfathered tags are refused, and so is a primary language subtag longer than three
/// letters (BCP 47 keeps those for future registrations): a first path segment of the site
/// could otherwise be read as a language (`/talks`). For the same reason a tag may not be the
/// first segment of one of the site's own addresses (`cv`: the CV is at `/cv`).
pub fn canonical_tag(tag: &str) -> Result<String, String> {
    let tag = tag.trim();
    let invalid = || format!("“{tag}” is not a language tag like en, de, de-AT or zh-Hans");
    let mut subtags = tag.split('-');
    let language = subtags.next().unwrap_or_default();
    if !(2..=3).contains(&language.len()) || !language.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(invalid());
    }
    let mut canonical = language.to_ascii_lowercase();
    // Script, then region, then variants, each at most once in that order.
    let mut stage = 0;
    let mut variants = BTreeSet::new();
    for subtag in subtags {
        let alpha = subtag.bytes().all(|b| b.is_ascii_alphabetic());
        let digits = subtag.bytes().all(|b| b.is_ascii_digit());
        let alphanumeric = subtag.bytes().all(|b| b.is_ascii_alphanumeric());
        canonical.push('-');
        if stage < 1 && subtag.len() == 4 && alpha {
            stage = 1;
            canonical.push_str(&subtag[..1].to_ascii_uppercase());
            canonical.push_str(&subtag[1..].to_ascii_lowercase());
        } else if stage < 2 && ((subtag.len() == 2 && alpha) || (subtag.len() == 3 && digits)) {
            stage = 2;
            canonical.push_str(&subtag.to_ascii_uppercase());
        } else if alphanumeric
            && ((5..=8).contains(&subtag.len()) || (subtag.len() == 4 && subtag.as_bytes()[0].is_ascii_digit()))
            && variants.insert(subtag.to_ascii_lowercase())
        {
            stage = 3;
            canonical.push_str(&subtag.to_ascii_lowercase());
        } else {
            return Err(invalid());
        }
    }
    if RESERVED.contains(&canonical.as_str()) {
        return Err(format!("“{canonical}” cannot be a language of the site: /{canonical} is one of its own addresses"));
    }
    Ok(canonical)
}

/// First segments of the site's own addresses that are shaped like a language tag.
const RESERVED: &[&str] = &["cv", "api"];

/// The languages the owner chose, checked: well-formed tags in their canonical case, each
/// once, one to `MAX_LANGUAGES`. The problems come as sentences for the field.
pub fn validated(languages: Vec<String>) -> (Vec<String>, Vec<String>) {
    let mut tags = Vec::with_capacity(languages.len());
    let mut problems = Vec::new();
    if languages.is_empty() {
        problems.push("The site needs at least one language".to_owned());
    }
    if languages.len() > MAX_LANGUAGES {
        problems.push(format!("A site has at most {MAX_LANGUAGES} languages"));
    }
    for language in languages {
        match canonical_tag(&language) {
            Ok(tag) if tags.contains(&tag) => problems.push(format!("{} is in the list twice", name(&tag))),
            Ok(tag) => tags.push(tag),
            Err(problem) => problems.push(problem),
        }
    }
    (tags, problems)
}

/// Where the text of a page in `lang` comes from, in order: the language itself, its parents
/// among the site's languages (`zh-Hant` → `zh-Hans` → `zh`, `de-AT` → `de`), then the
/// default language. A parent the site does not have is left out: nothing is translated into
/// it.
pub fn chain(lang: &str, languages: &[String]) -> Vec<String> {
    // The parents by dropping the last subtag: `zh-Hant-HK` → `zh-Hant`, `zh`.
    let mut parents: Vec<&str> = Vec::new();
    let mut parent = lang;
    while let Some((rest, _)) = parent.rsplit_once('-') {
        parents.push(rest);
        parent = rest;
    }
    // Chinese in another script reads Simplified before nothing: the scripts share most words.
    let simplified = lang == "zh-Hans" || lang.starts_with("zh-Hans-");
    if parent == "zh" && lang != "zh" && !simplified {
        parents.insert(parents.len() - 1, "zh-Hans");
    }
    let mut chain = vec![lang.to_owned()];
    for tag in parents.into_iter().chain(languages.first().map(String::as_str)) {
        if !chain.iter().any(|known| known == tag) && languages.iter().any(|known| known == tag) {
            chain.push(tag.to_owned());
        }
    }
    chain
}

/// The start of the addresses of `lang`: "" for the default language (the first), `/de` for
/// the others.
pub fn prefix(lang: &str, languages: &[String]) -> String {
    if languages.first().is_some_and(|default| default == lang) { String::new() } else { format!("/{lang}") }
}

/// `path` (which may carry a query) under `prefix`: `/de` + `/news` is `/de/news`, and the home
/// page of a language is its bare prefix (`/de`).
pub fn localized(prefix: &str, path: &str) -> String {
    match path.strip_prefix('/') {
        _ if prefix.is_empty() => path.to_owned(),
        Some(rest) if rest.is_empty() || rest.starts_with('?') => format!("{prefix}{rest}"),
        _ => format!("{prefix}{path}"),
    }
}

/// A request's path split into the language its first segment names, if it names one, and
/// the path after it (`/de/news` → `de`, `/news`; `/de` → `de`, `/`). The tag is read by its
/// shape alone, in its canonical case: whether the site has that language is the caller's
/// question (a language it does not have is a 404).
pub fn split_path(path: &str) -> (Option<&str>, &str) {
    let Some(rest) = path.strip_prefix('/') else { return (None, path) };
    let (segment, after) = rest.find('/').map_or((rest, "/"), |at| (&rest[..at], &rest[at..]));
    match canonical_tag(segment) {
        Ok(tag) if tag == segment => (Some(segment), after),
        _ => (None, path),
    }
}

/// One of the site's languages as a page shows it: its name, where this page is in it, and
/// whether that is a real translation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct LanguageVersion {
    /// The BCP 47 tag (`de`).
    pub lang: String,
    /// The language's name in itself (`Deutsch`): what the language switcher shows.
    pub name: String,
    /// The start of the language's addresses: "" for the default, `/de` for the others.
    pub prefix: String,
    /// The page's address in the language, with the page number of a long list's page after
    /// the first (`/de/news?page=2`).
    pub path: String,
    /// A real translation (always, for the default language); false for a page shown wholly
    /// in the fallback language, which search engines are not told about.
    pub translated: bool,
}

/// The page at `path` (without a language) in each of the site's languages, the default first.
/// `translated(lang)` tells whether the page has a real translation in `lang`.
pub fn versions(path: &str, languages: &[String], translated: impl Fn(&str) -> bool) -> Vec<LanguageVersion> {
    languages
        .iter()
        .enumerate()
        .map(|(i, lang)| {
            let prefix = prefix(lang, languages);
            LanguageVersion {
                lang: lang.clone(),
                name: name(lang),
                path: localized(&prefix, path),
                prefix,
                translated: i == 0 || translated(lang),
            }
        })
        .collect()
}

/// A language's name in itself, as the language switcher shows it: the common languages by
/// name, with the region when the tag has one (`Deutsch (AT)`); any other by its tag.
pub fn name(tag: &str) -> String {
    if let Some((_, name)) = NAMES.iter().find(|(known, _)| *known == tag) {
        return (*name).to_owned();
    }
    let mut parent = tag;
    while let Some((rest, _)) = parent.rsplit_once('-') {
        if let Some((_, name)) = NAMES.iter().find(|(known, _)| *known == rest) {
            let extra = &tag[rest.len() + 1..];
            return format!("{name} ({extra})");
        }
        parent = rest;
    }
    tag.to_owned()
}

/// Languages by their own names (endonyms), the scripts of Chinese and Serbian apart.
const NAMES: &[(&str, &str)] = &[
    ("ar", "العربية"),
    ("bg", "Български"),
    ("bn", "বাংলা"),
    ("ca", "Català"),
    ("cs", "Čeština"),
    ("cy", "Cymraeg"),
    ("da", "Dansk"),
    ("de", "Deutsch"),
    ("el", "Ελληνικά"),
    ("en", "English"),
    ("eo", "Esperanto"),
    ("es", "Español"),
    ("et", "Eesti"),
    ("eu", "Euskara"),
    ("fa", "فارسی"),
    ("fi", "Suomi"),
    ("fr", "Français"),
    ("ga", "Gaeilge"),
    ("gl", "Galego"),
    ("he", "עברית"),
    ("hi", "हिन्दी"),
    ("hr", "Hrvatski"),
    ("hu", "Magyar"),
    ("id", "Bahasa Indonesia"),
    ("is", "Íslenska"),
    ("it", "Italiano"),
    ("ja", "日本語"),
    ("ko", "한국어"),
    ("la", "Latina"),
    ("lt", "Lietuvių"),
    ("lv", "Latviešu"),
    ("ms", "Bahasa Melayu"),
    ("nb", "Norsk bokmål"),
    ("nl", "Nederlands"),
    ("nn", "Norsk nynorsk"),
    ("no", "Norsk"),
    ("pl", "Polski"),
    ("pt", "Português"),
    ("pt-BR", "Português (Brasil)"),
    ("ro", "Română"),
    ("ru", "Русский"),
    ("sk", "Slovenčina"),
    ("sl", "Slovenščina"),
    ("sr", "Српски"),
    ("sr-Latn", "Srpski"),
    ("sv", "Svenska"),
    ("sw", "Kiswahili"),
    ("ta", "தமிழ்"),
    ("th", "ไทย"),
    ("tr", "Türkçe"),
    ("uk", "Українська"),
    ("ur", "اردو"),
    ("vi", "Tiếng Việt"),
    ("zh", "中文"),
    ("zh-Hans", "简体中文"),
    ("zh-Hant", "繁體中文"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(list: &[&str]) -> Vec<String> {
        list.iter().map(|tag| (*tag).to_owned()).collect()
    }

    #[test]
    fn tags_are_read_in_their_canonical_case() {
        for (typed, canonical) in [
            ("en", "en"),
            ("DE", "de"),
            ("de-at", "de-AT"),
            ("zh-hans", "zh-Hans"),
            ("ZH-HANT-tw", "zh-Hant-TW"),
            ("sr-Latn-RS", "sr-Latn-RS"),
            ("es-419", "es-419"),
            ("de-CH-1996", "de-CH-1996"),
            (" fr ", "fr"),
            ("yue", "yue"),
        ] {
            assert_eq!(canonical_tag(typed).as_deref(), Ok(canonical), "{typed}");
        }
    }

    #[test]
    fn malformed_or_reserved_tags_are_refused() {
        for tag in [
            "",
            "e",
            "english",
            "talks",
            "de_AT",
            "de-",
            "-de",
            "de--AT",
            "de-AT-DE",
            "zh-Hans-Hant",
            "en-u-ca-buddhist",
            "x-private",
            "i-klingon",
            "de-AT-1996-1996",
            "12",
            "dé",
            "cv",
            "CV",
            "api",
            "de/at",
        ] {
            assert!(canonical_tag(tag).is_err(), "{tag}");
        }
        assert_eq!(canonical_tag("cv").unwrap_err(), "“cv” cannot be a language of the site: /cv is one of its own addresses");
    }

    #[test]
    fn a_list_needs_one_to_ten_distinct_tags() {
        assert_eq!(validated(tags(&["en", "DE", "zh-hans"])), (tags(&["en", "de", "zh-Hans"]), vec![]));
        assert_eq!(validated(vec![]).1, ["The site needs at least one language"]);
        assert_eq!(validated(tags(&["en", "de", "DE"])).1, ["Deutsch is in the list twice"]);
        assert_eq!(validated(tags(&["en", "en_GB"])).1, ["“en_GB” is not a language tag like en, de, de-AT or zh-Hans"]);
        let eleven = tags(&["en", "de", "fr", "it", "es", "pt", "nl", "sv", "da", "fi", "pl"]);
        assert_eq!(validated(eleven).1, ["A site has at most 10 languages"]);
    }

    #[test]
    fn the_chain_goes_through_the_parents_the_site_has_then_the_default() {
        let site = tags(&["en", "de", "de-AT", "zh", "zh-Hans", "zh-Hant", "zh-Hant-HK"]);
        assert_eq!(chain("de-AT", &site), ["de-AT", "de", "en"]);
        assert_eq!(chain("zh-Hant", &site), ["zh-Hant", "zh-Hans", "zh", "en"]);
        assert_eq!(chain("zh-Hant-HK", &site), ["zh-Hant-HK", "zh-Hant", "zh-Hans", "zh", "en"]);
        assert_eq!(chain("zh-Hans", &site), ["zh-Hans", "zh", "en"]);
        assert_eq!(chain("en", &site), ["en"]);
        assert_eq!(chain("de-AT", &tags(&["fr", "de-AT"])), ["de-AT", "fr"], "a parent the site does not have is skipped");
    }

    #[test]
    fn the_default_language_has_no_prefix() {
        let site = tags(&["en", "de"]);
        assert_eq!((prefix("en", &site), prefix("de", &site)), (String::new(), "/de".to_owned()));
        assert_eq!(localized("/de", "/"), "/de");
        assert_eq!(localized("/de", "/?page=2"), "/de?page=2");
        assert_eq!(localized("/de", "/news?page=2"), "/de/news?page=2");
        assert_eq!(localized("", "/news"), "/news");
    }

    #[test]
    fn a_path_splits_into_its_language_and_the_rest() {
        assert_eq!(split_path("/de/news"), (Some("de"), "/news"));
        assert_eq!(split_path("/de"), (Some("de"), "/"));
        assert_eq!(split_path("/de/"), (Some("de"), "/"));
        assert_eq!(split_path("/zh-Hans/publications/x"), (Some("zh-Hans"), "/publications/x"));
        for path in ["/", "/news", "/cv", "/cv.pdf", "/zh-hans/news", "/DE/news", "/feed.atom", "/tags/de", "/talks"] {
            assert_eq!(split_path(path), (None, path), "{path}");
        }
        for lang in ["de", "zh-Hans"] {
            let path = localized(&format!("/{lang}"), "/news?page=2");
            assert_eq!(split_path(&path), (Some(lang), "/news?page=2"), "localized and split are inverses");
        }
    }

    #[test]
    fn versions_link_the_same_page_in_every_language() {
        let site = tags(&["en", "de", "zh-Hans"]);
        let versions = versions("/news", &site, |lang| lang == "de");
        let shown: Vec<_> = versions.iter().map(|v| (v.name.as_str(), v.path.as_str(), v.translated)).collect();
        assert_eq!(shown, [("English", "/news", true), ("Deutsch", "/de/news", true), ("简体中文", "/zh-Hans/news", false)]);
        assert_eq!(name("de-AT"), "Deutsch (AT)");
        assert_eq!(name("zh-Hant-TW"), "繁體中文 (TW)");
        assert_eq!(name("tlh"), "tlh");
    }
}
