//! The public interface's words in the page's language (issue 45): the message catalogues of
//! `web/src/i18n/` (flat keys, `{name}` placeholders), compiled in, for what the server writes
//! itself: the menu, the CV, the feeds, the words the browser's script needs. The React pages
//! read the same files (`web/src/i18n/index.ts`), so a word is translated once for both.
//!
//! Call sites name the module (`i18n::t(lang, "cv.education")`): the tests find every key the
//! code uses that way and check the English catalogue has it.

use std::collections::{BTreeMap, HashMap};
use std::sync::LazyLock;

use chrono::{Datelike, NaiveDate};

/// The shipped catalogues, English (the reference) first.
const SHIPPED: [(&str, &str); 3] = [
    ("en", include_str!("../web/src/i18n/en.json")),
    ("de", include_str!("../web/src/i18n/de.json")),
    ("zh-Hans", include_str!("../web/src/i18n/zh-Hans.json")),
];

type Catalogue = HashMap<String, String>;

static CATALOGUES: LazyLock<Vec<(&'static str, Catalogue)>> = LazyLock::new(|| {
    SHIPPED
        .iter()
        .map(|(lang, json)| (*lang, serde_json::from_str(json).expect("the embedded catalogues are JSON objects of strings")))
        .collect()
});

/// The keys the browser needs, embedded in each page (`browser_messages`): the frame's words
/// (the browser hydrates the frame) and the Copy buttons' feedback. `web/src/i18n/index.ts`
/// has the same list.
pub const BROWSER_PREFIXES: [&str; 2] = ["frame.", "copy."];

/// The shipped catalogue for a BCP 47 tag: the tag itself, else the tag without its region or
/// script (`de-AT` → `de`), else Chinese in any script or region → `zh-Hans` (the one Chinese
/// catalogue), else English. Tags compare without regard to case.
pub fn language(tag: &str) -> &'static str {
    let lower = tag.trim().to_ascii_lowercase();
    let primary = lower.split('-').next().unwrap_or_default();
    let shipped = |candidate: &str| SHIPPED.iter().map(|(lang, _)| *lang).find(|lang| lang.eq_ignore_ascii_case(candidate));
    shipped(&lower).or_else(|| shipped(primary)).unwrap_or(if primary == "zh" { "zh-Hans" } else { "en" })
}

fn catalogue(lang: &str) -> &'static Catalogue {
    let lang = language(lang);
    &CATALOGUES.iter().find(|(shipped, _)| *shipped == lang).expect("every resolved language is shipped").1
}

/// `key` in the language of `lang` (English where the catalogue lacks it; the key itself where
/// English does too, so a slip shows rather than vanishes; the tests keep both from happening).
pub fn t<'a>(lang: &str, key: &'a str) -> &'a str {
    catalogue(lang).get(key).or_else(|| catalogue("en").get(key)).map_or(key, String::as_str)
}

/// `key` in the language of `lang` with its `{name}` placeholders filled from `vars`.
pub fn t_vars(lang: &str, key: &str, vars: &[(&str, &str)]) -> String {
    vars.iter().fold(t(lang, key).to_owned(), |text, (name, value)| text.replace(&format!("{{{name}}}"), value))
}

/// What the server embeds in a page for the browser: the catalogue's keys under
/// `BROWSER_PREFIXES`, in the page's language.
pub fn browser_messages(lang: &str) -> BTreeMap<&'static str, &'static str> {
    catalogue(lang)
        .iter()
        .filter(|(key, _)| BROWSER_PREFIXES.iter().any(|prefix| key.starts_with(prefix)))
        .map(|(key, text)| (key.as_str(), text.as_str()))
        .collect()
}

/// 'January 5, 2025', '5. Januar 2025', '2025年1月5日'.
pub fn date(lang: &str, date: NaiveDate) -> String {
    let day = date.day().to_string();
    let year = date.year().to_string();
    t_vars(lang, "date.full", &[("month", month(lang, date.month())), ("day", &day), ("year", &year)])
}

/// A month's full name: 'March', 'März', '3月'.
pub fn month(lang: &str, month: u32) -> &'static str {
    match month {
        1 => t(lang, "date.month.1"),
        2 => t(lang, "date.month.2"),
        3 => t(lang, "date.month.3"),
        4 => t(lang, "date.month.4"),
        5 => t(lang, "date.month.5"),
        6 => t(lang, "date.month.6"),
        7 => t(lang, "date.month.7"),
        8 => t(lang, "date.month.8"),
        9 => t(lang, "date.month.9"),
        10 => t(lang, "date.month.10"),
        11 => t(lang, "date.month.11"),
        _ => t(lang, "date.month.12"),
    }
}

/// 4000000 → '4,000,000' ('4.000.000' in German); the fraction as stored (1234.5 → '1,234.5',
/// '1.234,5').
pub fn amount(lang: &str, amount: f64) -> String {
    let text = amount.to_string();
    let (whole, fraction) = text.split_once('.').map_or((text.as_str(), None), |(w, f)| (w, Some(f)));
    let group = t(lang, "number.group");
    let digits: Vec<char> = whole.chars().collect();
    let mut grouped = String::new();
    for (i, c) in digits.iter().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) && c.is_ascii_digit() && digits[i - 1].is_ascii_digit() {
            grouped.push_str(group);
        }
        grouped.push(*c);
    }
    match fraction {
        Some(fraction) => format!("{grouped}{}{fraction}", t(lang, "number.decimal")),
        None => grouped,
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use regex::Regex;

    use super::*;

    #[test]
    fn every_shipped_catalogue_has_every_english_key_and_no_empty_one() {
        let english = catalogue("en");
        for (lang, messages) in CATALOGUES.iter() {
            let mut missing: Vec<&str> =
                english.keys().filter(|key| messages.get(*key).is_none_or(|text| text.trim().is_empty())).map(String::as_str).collect();
            missing.sort_unstable();
            let mut unknown: Vec<&str> = messages.keys().filter(|key| !english.contains_key(*key)).map(String::as_str).collect();
            unknown.sort_unstable();
            assert!(missing.is_empty() && unknown.is_empty(), "{lang}: missing {missing:?}, unknown {unknown:?}");
        }
    }

    /// The key of every call of `t` and `t_vars` through the module's name in the server's code.
    fn keys_in_code(dir: &Path, pattern: &Regex, keys: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                keys_in_code(&path, pattern, keys);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let code = std::fs::read_to_string(&path).unwrap();
                keys.extend(pattern.captures_iter(&code).map(|c| (path.display().to_string(), c[1].to_owned())));
            }
        }
    }

    #[test]
    fn every_key_the_server_uses_is_in_the_english_catalogue() {
        let pattern = Regex::new(r#"i18n::t(?:_vars)?\([^,;]*?,\s*"([^"]+)""#).unwrap();
        let mut keys = Vec::new();
        keys_in_code(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &pattern, &mut keys);
        assert!(keys.len() > 40, "the pattern finds the calls: {keys:?}");
        let missing: Vec<_> = keys.iter().filter(|(_, key)| !catalogue("en").contains_key(key)).collect();
        assert!(missing.is_empty(), "keys missing from en.json: {missing:?}");
    }

    #[test]
    fn a_tag_finds_its_catalogue() {
        let found: Vec<&str> =
            ["en", "en-GB", "de", "de-AT", "DE-ch", "zh-Hans", "zh", "zh-Hant", "zh-TW", "fr", ""].map(language).to_vec();
        assert_eq!(found, ["en", "en", "de", "de", "de", "zh-Hans", "zh-Hans", "zh-Hans", "zh-Hans", "en", "en"]);
    }

    #[test]
    fn words_dates_and_numbers_follow_the_language() {
        assert_eq!(t("de-AT", "menu.publications"), "Ausgewählte Publikationen");
        assert_eq!(t("de", "no.such.key"), "no.such.key");
        assert_eq!(t_vars("zh-Hant", "pagination.page_of", &[("page", "2"), ("pages", "5")]), "第 2 页，共 5 页");
        let day = NaiveDate::from_ymd_opt(2025, 1, 5).unwrap();
        assert_eq!([date("en", day), date("de", day), date("zh-Hans", day)], ["January 5, 2025", "5. Januar 2025", "2025年1月5日"]);
        assert_eq!([amount("en", 4_000_000.0), amount("de", 1234.5), amount("en", 12.0)], ["4,000,000", "1.234,5", "12"]);
    }

    #[test]
    fn the_browser_gets_the_frame_and_copy_words_only() {
        let messages = browser_messages("de");
        assert_eq!(messages.get("frame.skip_to_content"), Some(&"Zum Hauptinhalt springen"));
        assert_eq!(messages.get("copy.copied"), Some(&"Kopiert"));
        assert!(messages.keys().all(|key| BROWSER_PREFIXES.iter().any(|prefix| key.starts_with(prefix))));
    }
}
