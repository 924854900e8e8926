//! The validation rules that the server enforces and the admin forms mirror, written once here:
//! limits, ranges, patterns and the fixed sets of values with their defaults. The admin gets
//! them as `web/src/api/rules.ts`, generated (`crate::typescript::rules`) by the same step that writes `types.ts`
//! (`VITA_UPDATE_TYPES=1 cargo test types`; a stale file fails the tests). Both sides are
//! checked against one file of conformance vectors, `web/src/api/rule-vectors.json`.
//! `math` is here, low in the layers, because every layer that writes text needs it: the pages
//! (MathML), the meta tags, feeds and references (Unicode).

use std::ops::RangeInclusive;
use std::sync::LazyLock;

use regex::Regex;

pub mod math;
pub mod names;
pub mod validate;

/// Longest accepted single-line text (titles, names, venues, slugs, URLs), in characters
/// (Unicode code points) after trimming.
pub const MAX_SHORT: usize = 1_000;
/// Longest accepted free text (abstracts, rich text, BibTeX).
pub const MAX_LONG: usize = 200_000;
/// Years of publications, courses and students.
pub const YEAR: RangeInclusive<i32> = 1000..=9999;
/// The years a date (news, talks, projects, deadlines) may fall in.
pub const DATE_YEARS: RangeInclusive<i32> = 1900..=2200;
/// The years of the CV sections (appointments, degrees, awards, grants, service): four digits,
/// a working life's span with room on both sides.
pub const CV_YEARS: RangeInclusive<i32> = 1900..=2100;
/// A grant's amount: not negative, and below what a float holds exactly as a whole number.
pub const AMOUNT: RangeInclusive<f64> = 0.0..=1e15;
/// The month of a publication, when known.
pub const MONTH: RangeInclusive<i32> = 1..=12;
/// Course credits (fractional: 7.5 ECTS is common).
pub const CREDITS: RangeInclusive<f64> = 0.0..=1000.0;
pub const STUDENTS_COUNT: RangeInclusive<i32> = 0..=1_000_000;
pub const PASSWORD_MIN_LENGTH: usize = 10;
pub const PASSWORD_MAX_LENGTH: usize = 1024;
/// The colour of a research area or tag when none is given.
pub const DEFAULT_COLOR: &str = "#3b82f6";

/// A pattern in the syntax that the `regex` crate and JavaScript read the same way.
pub struct Pattern {
    pub source: &'static str,
    pub case_insensitive: bool,
    compiled: LazyLock<Regex>,
}

impl Pattern {
    pub fn is_match(&self, value: &str) -> bool {
        self.compiled.is_match(value)
    }

    /// The JavaScript regular-expression literal (for `crate::typescript::rules`).
    pub fn javascript(&self) -> String {
        let flags = if self.case_insensitive { "i" } else { "" };
        format!("/{}/{flags}", self.source.replace('/', "\\/"))
    }
}

macro_rules! pattern {
    ($source:expr, $case_insensitive:expr) => {
        Pattern {
            source: $source,
            case_insensitive: $case_insensitive,
            compiled: LazyLock::new(|| {
                regex::RegexBuilder::new($source).case_insensitive($case_insensitive).build().expect("a valid pattern")
            }),
        }
    };
}

/// Slugs: lower-case letters and digits in groups joined by single hyphens.
pub static SLUG: Pattern = pattern!(r"^[a-z0-9]+(?:-[a-z0-9]+)*$", false);
/// Colours: `#rrggbb`.
pub static HEX_COLOR: Pattern = pattern!(r"^#[0-9a-fA-F]{6}$", false);
/// Links: absolute http(s) URLs (the scheme in any case) with a real host: no user name
/// (`https://good.example@evil.example`), and nowhere white space, a backslash (browsers read
/// `\` as `/`) or a control character.
pub static HTTP_URL: Pattern = pattern!(r"^https?://[^\s/?#\\@\x00-\x1F\x7F-\x9F]+(?:[/?#][^\s\\\x00-\x1F\x7F-\x9F]*)?$", true);
/// A path on this site (an uploaded file's `/files/…`): one `/`, then anything that cannot
/// make a browser read it as another host (`//evil.example`, `/\evil.example`), with no white
/// space, backslash or control character.
pub static SITE_PATH: Pattern = pattern!(r"^/(?:[^/\s\\\x00-\x1F\x7F-\x9F][^\s\\\x00-\x1F\x7F-\x9F]*)?$", false);
/// A currency: an ISO 4217 code, three upper-case letters (EUR, SEK, USD).
pub static CURRENCY: Pattern = pattern!(r"^[A-Z]{3}$", false);
/// A DOI as typed or pasted: bare, after `doi:`, or a doi.org or dx.doi.org link (the prefix in
/// any case); `10.`, a registrant code of dot-separated digits, a slash and a suffix with no
/// white space or control character. `validate::doi` stores it bare and lower case.
pub static DOI: Pattern =
    pattern!(r"^\s*(?:(?:https?://(?:dx\.)?doi\.org/|doi\.org/|doi:)\s*)?10\.[0-9]+(?:\.[0-9]+)*/[^\s\x00-\x1F\x7F-\x9F]+\s*$", true);
/// Markup in what must be plain text: a `<` that opens a tag, a closing tag, a comment or a
/// declaration (`<b>`, `</p>`, `<!--`, `<?`); a `<` before a space or a digit (`x < y`) is text.
pub static HTML_TAG: Pattern = pattern!(r"<[A-Za-z!/?]", false);
/// E-mail addresses: one `@`, a dot inside the domain, no white space.
pub static EMAIL: Pattern = pattern!(r"^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]*[^\s@.]$", false);

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Deserialize)]
    struct Case<T> {
        value: T,
        valid: bool,
    }

    #[derive(Deserialize)]
    struct Repeated {
        repeat: String,
        times: usize,
        valid: bool,
    }

    #[derive(Deserialize)]
    struct Vectors {
        http_url: Vec<Case<String>>,
        link: Vec<Case<String>>,
        email: Vec<Case<String>>,
        hex_color: Vec<Case<String>>,
        slug: Vec<Case<String>>,
        year: Vec<Case<i32>>,
        short_text: Vec<Repeated>,
    }

    fn vectors() -> Vectors {
        serde_json::from_str(include_str!("../../web/src/api/rule-vectors.json")).expect("valid vectors")
    }

    /// Each text rule, as the server applies it to a field (through `Check`), not only the bare
    /// pattern: what the vectors prove is what a write gets.
    fn accepted(rule: fn(&mut crate::rules::validate::Check, String), value: &str) -> bool {
        let mut check = crate::rules::validate::Check::new();
        rule(&mut check, value.to_owned());
        check.finish().is_ok()
    }

    #[test]
    fn text_rules_agree_with_the_shared_vectors() {
        let v = vectors();
        type Rule = fn(&mut crate::rules::validate::Check, String);
        let suites: [(&str, &Vec<Case<String>>, Rule); 5] = [
            ("http_url", &v.http_url, |c, s| {
                c.optional_url("url", "URL", Some(s));
            }),
            ("link", &v.link, |c, s| {
                c.optional_link("url", "URL", Some(s));
            }),
            ("email", &v.email, |c, s| {
                c.optional_email("email", "Email", Some(s));
            }),
            ("hex_color", &v.hex_color, |c, s| {
                c.color("color", "Color", Some(s), DEFAULT_COLOR);
            }),
            ("slug", &v.slug, |c, s| {
                c.slug("slug", "Slug", Some(s), "", crate::rules::validate::slugify);
            }),
        ];
        for (name, cases, rule) in suites {
            assert!(cases.len() >= 8, "{name}: too few vectors");
            for case in cases {
                assert_eq!(accepted(rule, &case.value), case.valid, "{name}: {:?}", case.value);
            }
        }
    }

    #[test]
    fn year_and_length_rules_agree_with_the_shared_vectors() {
        let v = vectors();
        for case in &v.year {
            let mut check = crate::rules::validate::Check::new();
            check.int_range("year", "Year", case.value, YEAR);
            assert_eq!(check.finish().is_ok(), case.valid, "year {}", case.value);
        }
        for case in &v.short_text {
            let text = case.repeat.repeat(case.times);
            assert_eq!(accepted(|c, s| drop(c.required("title", "Title", s)), &text), case.valid, "{} × {:?}", case.times, case.repeat);
        }
    }
}
