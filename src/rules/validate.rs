//! The spec's validation rules (section 5) as small reusable checks, and the slug rules
//! (section 4). The server is the authority: forms mirror these rules for the user, but every
//! write passes through here.

use unicode_normalization::{UnicodeNormalization, char::is_combining_mark};

use crate::error::{AppError, FieldErrors};
use crate::rules::{self, MAX_LONG, MAX_SHORT};

/// Collects the problems of one input, then either passes or fails it as a whole.
#[derive(Default)]
pub struct Check {
    errors: FieldErrors,
}

impl Check {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn fail(&mut self, field: &str, message: impl Into<String>) {
        self.errors.add(field, message);
    }

    /// A single-line text that must not be blank; returned trimmed.
    pub fn required(&mut self, field: &str, label: &str, value: String) -> String {
        let value = value.trim().to_owned();
        if value.is_empty() {
            self.fail(field, format!("{label} is required"));
        }
        self.max_len(field, label, &value, MAX_SHORT);
        value
    }

    /// A single-line text that may be blank, kept as `""` then.
    pub fn text(&mut self, field: &str, label: &str, value: String) -> String {
        let value = value.trim().to_owned();
        self.max_len(field, label, &value, MAX_SHORT);
        value
    }

    /// A single-line text that may be blank; blank becomes `None`.
    pub fn optional(&mut self, field: &str, label: &str, value: Option<String>) -> Option<String> {
        let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())?;
        self.max_len(field, label, &value, MAX_SHORT);
        Some(value)
    }

    /// Multi-line free text that must not be blank (kept as typed, but not only white space).
    pub fn required_long(&mut self, field: &str, label: &str, value: String) -> String {
        if value.trim().is_empty() {
            self.fail(field, format!("{label} is required"));
        }
        self.max_len(field, label, &value, MAX_LONG);
        value
    }

    /// Multi-line free text that may be blank; blank becomes `None`.
    pub fn optional_long(&mut self, field: &str, label: &str, value: Option<String>) -> Option<String> {
        let value = value.filter(|v| !v.trim().is_empty())?;
        self.max_len(field, label, &value, MAX_LONG);
        Some(value)
    }

    /// Rich text: sanitised HTML; `None` when nothing visible is left (blank, or an editor's
    /// empty `<p></p>`), so an empty section is hidden rather than shown with no text.
    pub fn optional_html(&mut self, field: &str, label: &str, value: Option<String>) -> Option<String> {
        let value = self.optional_long(field, label, value)?;
        let clean = sanitize_html(&value);
        let text = ammonia::Builder::empty().clean(&clean).to_string();
        let visible = !text.trim().is_empty() || clean.contains("<img");
        visible.then_some(clean)
    }

    /// An optional absolute http(s) URL.
    pub fn optional_url(&mut self, field: &str, label: &str, value: Option<String>) -> Option<String> {
        let value = self.optional(field, label, value)?;
        if !is_http_url(&value) {
            self.fail(field, format!("{label} must be a valid URL starting with http:// or https://"));
        }
        Some(value)
    }

    /// An optional DOI, stored bare and lower case however it was typed or pasted (`doi`):
    /// every reader takes the stored value as it is.
    pub fn optional_doi(&mut self, field: &str, _label: &str, value: Option<String>) -> Option<String> {
        let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())?;
        match doi(&value) {
            Ok(bare) => Some(bare),
            Err(rule) => {
                self.fail(field, rule);
                Some(value)
            }
        }
    }

    /// An optional link that may also be a path on this site (an uploaded image's `/files/…`):
    /// see `rules::SITE_PATH`. The message is the URL fields' own.
    pub fn optional_link(&mut self, field: &str, label: &str, value: Option<String>) -> Option<String> {
        let value = self.optional(field, label, value)?;
        if !is_http_url(&value) && !is_site_path(&value) {
            self.fail(field, format!("{label} must be a valid URL starting with http:// or https://"));
        }
        Some(value)
    }

    /// An optional e-mail address.
    pub fn optional_email(&mut self, field: &str, label: &str, value: Option<String>) -> Option<String> {
        let value = self.optional(field, label, value)?;
        if !is_email(&value) {
            self.fail(field, format!("{label} must be a valid email address"));
        }
        Some(value)
    }

    /// A `#rrggbb` colour; blank takes the default.
    pub fn color(&mut self, field: &str, _label: &str, value: Option<String>, default: &str) -> String {
        let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        match value {
            None => default.to_owned(),
            Some(v) if is_hex_color(&v) => v.to_ascii_lowercase(),
            Some(v) => {
                self.fail(field, "Color must be a hex colour like #3b82f6");
                v
            }
        }
    }

    /// A whole number within a sensible range.
    pub fn int_range(&mut self, field: &str, label: &str, value: i32, range: std::ops::RangeInclusive<i32>) -> i32 {
        if !range.contains(&value) {
            self.fail(field, format!("{label} must be between {} and {}", range.start(), range.end()));
        }
        value
    }

    /// An optional whole number within a sensible range.
    pub fn optional_int_range(
        &mut self,
        field: &str,
        label: &str,
        value: Option<i32>,
        range: std::ops::RangeInclusive<i32>,
    ) -> Option<i32> {
        value.map(|value| self.int_range(field, label, value, range))
    }

    /// A year within `rules::YEAR`; missing is the current year.
    pub fn year_or_current(&mut self, field: &str, label: &str, value: Option<i32>) -> i32 {
        self.int_range(field, label, value.unwrap_or_else(crate::ops::clock::current_year), rules::YEAR)
    }

    /// An optional year within `rules::YEAR`, not before `start` (a graduation after its start).
    pub fn year_not_before(&mut self, field: &str, label: &str, value: Option<i32>, start: i32) -> Option<i32> {
        let year = self.optional_int_range(field, label, value, rules::YEAR)?;
        if year < start {
            self.fail(field, format!("{label} must not be before the start year"));
        }
        Some(year)
    }

    /// A year of a CV section, within `rules::CV_YEARS`; missing is refused.
    pub fn cv_year(&mut self, field: &str, label: &str, value: Option<i32>) -> i32 {
        let Some(year) = value else {
            self.fail(field, format!("{label} is required"));
            return 0;
        };
        self.int_range(field, label, year, rules::CV_YEARS)
    }

    /// The end of a span of years: `None` is "present" (still going on); a year must be a CV
    /// year and not before `start`.
    pub fn end_year(&mut self, field: &str, label: &str, value: Option<i32>, start: i32) -> Option<i32> {
        let year = value?;
        if !rules::CV_YEARS.contains(&year) {
            self.int_range(field, label, year, rules::CV_YEARS);
        } else if rules::CV_YEARS.contains(&start) && year < start {
            self.fail(field, format!("{label} must not be before the start year"));
        }
        Some(year)
    }

    /// An amount of money, not negative.
    pub fn amount(&mut self, field: &str, label: &str, value: Option<f64>) -> Option<f64> {
        if let Some(a) = value
            && (!a.is_finite() || !rules::AMOUNT.contains(&a))
        {
            self.fail(field, format!("{label} must be a number of at least 0"));
        }
        value
    }

    /// The currency of `amount`: an ISO 4217 code, required with an amount (and kept alone
    /// without one).
    pub fn currency(&mut self, field: &str, label: &str, value: Option<String>, amount: Option<f64>) -> Option<String> {
        let currency = value.map(|c| c.trim().to_owned()).filter(|c| !c.is_empty());
        match &currency {
            Some(code) if !rules::CURRENCY.is_match(code) => {
                self.fail(field, format!("{label} must be an ISO 4217 code of three capital letters, e.g. EUR"));
            }
            None if amount.is_some() => self.fail(field, format!("{label} is required with an amount")),
            _ => {}
        }
        currency
    }

    /// A date within `rules::DATE_YEARS` (year 0 or 10000 is a typing mistake).
    pub fn date(&mut self, field: &str, label: &str, value: Option<chrono::NaiveDate>) -> Option<chrono::NaiveDate> {
        use chrono::Datelike;
        if let Some(date) = value
            && !rules::DATE_YEARS.contains(&date.year())
        {
            let (first, last) = (rules::DATE_YEARS.start(), rules::DATE_YEARS.end());
            self.fail(field, format!("{label} must be between the years {first} and {last}"));
        }
        value
    }

    /// A required date (within `rules::DATE_YEARS`).
    pub fn required_date(&mut self, field: &str, label: &str, value: Option<chrono::NaiveDate>) -> chrono::NaiveDate {
        if value.is_none() {
            self.fail(field, format!("{label} is required"));
        }
        self.date(field, label, value).unwrap_or_default()
    }

    /// A date (within `rules::DATE_YEARS`); missing is today.
    pub fn date_or_today(&mut self, field: &str, label: &str, value: Option<chrono::NaiveDate>) -> chrono::NaiveDate {
        self.date(field, label, value).unwrap_or_else(crate::ops::clock::today)
    }

    /// The optional end of a span of dates: not before its `start`, when both are given.
    pub fn end_date(
        &mut self,
        field: &str,
        label: &str,
        value: Option<chrono::NaiveDate>,
        start: Option<chrono::NaiveDate>,
    ) -> Option<chrono::NaiveDate> {
        if let (Some(start), Some(end)) = (start, value)
            && end < start
        {
            self.fail(field, format!("{label} must not be before the start date"));
        }
        self.date(field, label, value)
    }

    pub fn number_range(&mut self, field: &str, label: &str, value: f64, range: std::ops::RangeInclusive<f64>) -> f64 {
        if !range.contains(&value) {
            self.fail(field, format!("{label} must be between {} and {}", range.start(), range.end()));
        }
        value
    }

    /// An optional number within a sensible range.
    pub fn optional_number_range(
        &mut self,
        field: &str,
        label: &str,
        value: Option<f64>,
        range: std::ops::RangeInclusive<f64>,
    ) -> Option<f64> {
        value.map(|value| self.number_range(field, label, value, range))
    }

    /// A single-line text that may be blank; blank becomes `default`.
    pub fn optional_or(&mut self, field: &str, label: &str, value: Option<String>, default: &str) -> String {
        self.optional(field, label, value).unwrap_or_else(|| default.to_owned())
    }

    /// A list of short texts: each trimmed, the blank ones dropped (spec section 5).
    pub fn entries(&mut self, field: &str, label: &str, values: Vec<String>) -> Vec<String> {
        let kept: Vec<String> = values.into_iter().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()).collect();
        for value in &kept {
            self.max_len(field, label, value, MAX_SHORT);
        }
        kept
    }

    /// Optional page numbers, their range written with an en dash (`page_range`).
    pub fn optional_pages(&mut self, field: &str, label: &str, value: Option<String>) -> Option<String> {
        self.optional(field, label, value).map(|pages| page_range(&pages))
    }

    /// A slug: the one given (which must already be in slug form), or one derived from `source`
    /// by `derive`.
    pub fn slug(&mut self, field: &str, label: &str, value: Option<String>, source: &str, derive: fn(&str) -> String) -> String {
        let given = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        match given {
            Some(slug) => {
                self.slug_form(field, label, &slug);
                self.max_len(field, label, &slug, MAX_SHORT);
                slug
            }
            None => {
                let slug = derive(source);
                if slug.is_empty() && !source.trim().is_empty() {
                    self.fail(field, format!("{label} is required"));
                }
                slug
            }
        }
    }

    /// A slug the owner must give (no deriving it).
    pub fn required_slug(&mut self, field: &str, label: &str, value: String) -> String {
        let slug = self.required(field, label, value);
        if !slug.is_empty() {
            self.slug_form(field, label, &slug);
        }
        slug
    }

    fn slug_form(&mut self, field: &str, label: &str, slug: &str) {
        if !is_slug(slug) {
            self.fail(field, format!("{label} may contain only lower-case letters, digits and single hyphens"));
        }
    }

    pub fn max_len(&mut self, field: &str, label: &str, value: &str, max: usize) {
        if value.chars().count() > max {
            self.fail(field, format!("{label} must be at most {max} characters"));
        }
    }

    pub fn finish(self) -> Result<(), AppError> {
        if self.errors.is_empty() { Ok(()) } else { Err(AppError::validation(self.errors)) }
    }
}

pub fn is_http_url(value: &str) -> bool {
    rules::HTTP_URL.is_match(value)
}

pub fn is_site_path(value: &str) -> bool {
    rules::SITE_PATH.is_match(value)
}

pub fn is_email(value: &str) -> bool {
    rules::EMAIL.is_match(value)
}

pub fn is_hex_color(value: &str) -> bool {
    rules::HEX_COLOR.is_match(value)
}

pub fn is_slug(value: &str) -> bool {
    rules::SLUG.is_match(value)
}

/// Accented letters become their base letter ('Café' → 'cafe'): NFKD splits them into a
/// letter and combining marks, and the marks are dropped.
fn fold_accents(source: &str) -> String {
    source.nfkd().filter(|c| !is_combining_mark(*c)).collect::<String>().to_lowercase()
}

/// The spec's slug rule for courses, talks, tags and open calls: lower-case, every run of
/// characters other than letters and digits becomes one hyphen, no hyphen at either end.
/// The client has the same rule (web/src/lib/slug.ts); both are tested against one file of
/// vectors (web/src/lib/slug-vectors.json).
pub fn slugify(source: &str) -> String {
    let mut slug = String::with_capacity(source.len());
    let mut pending_hyphen = false;
    for c in fold_accents(source).chars() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            if pending_hyphen && !slug.is_empty() {
                slug.push('-');
            }
            pending_hyphen = false;
            slug.push(c);
        } else {
            pending_hyphen = true;
        }
    }
    slug
}

/// The spec's variant for publications, projects and research areas: lower-case, characters
/// other than letters, digits, spaces and hyphens removed, white space runs become a hyphen,
/// repeated hyphens collapsed, trimmed.
pub fn slugify_variant(source: &str) -> String {
    let kept: String =
        fold_accents(source).chars().filter(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c.is_whitespace() || *c == '-').collect();
    let hyphenated = kept.split_whitespace().collect::<Vec<_>>().join("-");
    hyphenated.split('-').filter(|part| !part.is_empty()).collect::<Vec<_>>().join("-")
}

/// Rich text is stored only after this: scripts, event handlers, `javascript:` URLs and
/// anything else outside ammonia's safe list are removed.
pub fn sanitize_html(html: &str) -> String {
    ammonia::Builder::default()
        .link_rel(Some("noopener noreferrer"))
        .url_schemes(["http", "https", "mailto", "tel"].into_iter().collect())
        .clean(html)
        .to_string()
}

/// Pages as stored and cited: a range with one en dash and no spaces (`101–117`), whatever
/// was typed (`101--117`, `101-117`, `101 – 117`, `101—117`); several ranges a comma apart each
/// the same; a single page or an article number (`e0123456`) as it is.
pub fn page_range(pages: &str) -> String {
    let ranges: Vec<String> = pages
        .split(',')
        .map(|part| {
            let part = part.trim();
            match part.split_once(['-', '–', '—', '−']) {
                Some((first, last)) => {
                    let last = last.trim_start_matches(['-', '–', '—', '−', ' ']);
                    format!("{}–{}", first.trim(), last.trim())
                }
                None => part.to_owned(),
            }
        })
        .collect();
    ranges.join(", ")
}

/// What a DOI must look like (issue 33's lookup and import): said as the 422's message.
pub const DOI_RULE: &str = "A DOI starts with 10., a registrant code, a slash and a suffix, e.g. 10.1145/3448016.3452841 (doi: and https://doi.org/ in front are accepted)";

/// A DOI as typed or pasted (bare, `doi:…`, a doi.org or dx.doi.org link), lower-cased (DOIs
/// are case-insensitive), or `DOI_RULE` when it is none.
pub fn doi(value: &str) -> Result<String, &'static str> {
    let trimmed = value.trim();
    if !crate::rules::DOI.is_match(trimmed) {
        return Err(DOI_RULE);
    }
    let mut doi = trimmed;
    for prefix in ["https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi.org/", "doi:"] {
        if doi.len() >= prefix.len() && doi[..prefix.len()].eq_ignore_ascii_case(prefix) {
            doi = doi[prefix.len()..].trim_start();
            break;
        }
    }
    if doi.len() > crate::rules::MAX_SHORT {
        return Err(DOI_RULE);
    }
    Ok(doi.to_lowercase())
}

/// What an ORCID iD must look like: said as the 422's message.
pub const ORCID_RULE: &str = "An ORCID iD is four groups of four digits, e.g. 0000-0002-1825-0097, whose last character (a digit or X) must match the others: check it for a typo";

/// An ORCID iD as typed (bare, or an orcid.org link), in its canonical form
/// `0000-0002-1825-0097`, when its form and its check character (ISO 7064 11,2) are right.
pub fn orcid_id(value: &str) -> Result<String, &'static str> {
    let trimmed = value.trim().trim_end_matches('/');
    let id = ["https://orcid.org/", "http://orcid.org/", "orcid.org/"]
        .iter()
        .find_map(|prefix| trimmed.strip_prefix(prefix))
        .unwrap_or(trimmed)
        .to_ascii_uppercase();
    let groups: Vec<&str> = id.split('-').collect();
    if groups.len() != 4 || groups.iter().any(|g| g.len() != 4) {
        return Err(ORCID_RULE);
    }
    let chars: Vec<char> = groups.concat().chars().collect();
    if !chars[..15].iter().all(char::is_ascii_digit) || !(chars[15].is_ascii_digit() || chars[15] == 'X') {
        return Err(ORCID_RULE);
    }
    // ISO 7064 MOD 11-2, as ORCID documents it.
    let total = chars[..15].iter().fold(0u32, |total, c| (total + c.to_digit(10).unwrap_or(0)) * 2);
    let check = (12 - total % 11) % 11;
    let expected = if check == 10 { 'X' } else { char::from_digit(check, 10).unwrap_or('?') };
    if chars[15] != expected {
        return Err(ORCID_RULE);
    }
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orcid_ids_are_checked_by_their_last_character() {
        // ORCID's documented examples, and an iD of the recorded fixtures.
        assert_eq!(orcid_id("0000-0002-1825-0097"), Ok("0000-0002-1825-0097".to_owned()));
        assert_eq!(orcid_id("https://orcid.org/0000-0001-5109-3700"), Ok("0000-0001-5109-3700".to_owned()));
        assert_eq!(orcid_id("0000-0002-1694-233x"), Ok("0000-0002-1694-233X".to_owned()));
        assert_eq!(orcid_id("0000-0003-1444-9135"), Ok("0000-0003-1444-9135".to_owned()));
        for bad in ["0000-0002-1825-0098", "0000-0002-1825-009", "0000000218250097", "abcd-0002-1825-0097", "", "0000-0002-1694-2339"] {
            assert_eq!(orcid_id(bad), Err(ORCID_RULE), "{bad:?}");
        }
    }

    #[test]
    fn dois_are_taken_bare_with_doi_or_as_links() {
        for typed in [
            "10.1145/3448016.3452841",
            "doi:10.1145/3448016.3452841",
            "https://doi.org/10.1145/3448016.3452841",
            " DOI:10.1145/3448016.3452841 ",
            "http://dx.doi.org/10.1145/3448016.3452841",
        ] {
            assert_eq!(doi(typed), Ok("10.1145/3448016.3452841".to_owned()), "{typed:?}");
        }
        assert_eq!(
            doi("10.1002/1096-9861(20010212)430:3<283::AID-CNE1031>3.0.CO;2-V"),
            Ok("10.1002/1096-9861(20010212)430:3<283::aid-cne1031>3.0.co;2-v".to_owned())
        );
        for bad in ["", "10.1145", "11.1145/x", "10./x", "10.1145/", "10.1145/a b", "https://example.org/10.1/x", "foo"] {
            assert_eq!(doi(bad), Err(DOI_RULE), "{bad:?}");
        }
    }

    /// The vectors the client's implementation is tested against too.
    #[derive(serde::Deserialize)]
    struct SlugVectors {
        slugify: Vec<(String, String)>,
        slugify_variant: Vec<(String, String)>,
    }

    fn vectors() -> SlugVectors {
        serde_json::from_str(include_str!("../../web/src/lib/slug-vectors.json")).unwrap()
    }

    #[test]
    fn slugify_matches_the_shared_vectors() {
        let vectors = vectors().slugify;
        assert!(vectors.len() > 10);
        for (source, expected) in vectors {
            assert_eq!(slugify(&source), expected, "slugify({source:?})");
        }
    }

    #[test]
    fn slugify_variant_matches_the_shared_vectors() {
        let vectors = vectors().slugify_variant;
        assert!(vectors.len() > 10);
        for (source, expected) in vectors {
            assert_eq!(slugify_variant(&source), expected, "slugify_variant({source:?})");
        }
    }

    #[test]
    fn rich_text_with_nothing_visible_is_no_rich_text() {
        let mut check = Check::new();
        assert_eq!(check.optional_html("content", "Content", Some("<p></p>".into())), None);
        assert_eq!(check.optional_html("content", "Content", Some("<p> <br></p><ul><li></li></ul>".into())), None);
        assert_eq!(check.optional_html("content", "Content", Some("<script>x</script>".into())), None);
        assert_eq!(check.optional_html("content", "Content", Some("<p>Hi</p>".into())).as_deref(), Some("<p>Hi</p>"));
        assert!(check.optional_html("content", "Content", Some(r#"<img src="https://x.org/a.png" alt="">"#.into())).is_some());
        assert!(check.finish().is_ok());
    }

    #[test]
    fn urls_must_be_absolute_http() {
        assert!(is_http_url("https://example.org/x?y#z"));
        assert!(is_http_url("http://localhost:8080"));
        assert!(!is_http_url("javascript:alert(1)"));
        assert!(!is_http_url("https://"));
        assert!(!is_http_url("ftp://example.org"));
        assert!(!is_http_url("https://exa mple.org"));
    }

    #[test]
    fn emails_and_colours_are_checked() {
        assert!(is_email("jane.doe@uni.se"));
        assert!(!is_email("jane@"));
        assert!(!is_email("jane@localhost"));
        assert!(is_hex_color("#3B82F6"));
        assert!(!is_hex_color("#3b82f"));
        assert!(!is_hex_color("red"));
    }

    #[test]
    fn hostile_html_is_neutralised() {
        let dirty = r#"<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">a</a><img src=x onerror=alert(1)><svg onload=alert(1)></svg></p>"#;
        let clean = sanitize_html(dirty);
        for bad in ["<script", "onclick", "javascript:", "onerror", "<svg", "onload"] {
            assert!(!clean.contains(bad), "{bad} survived in {clean}");
        }
        assert!(clean.contains("<p>Hi"));
    }

    #[test]
    fn check_collects_every_problem() {
        let mut check = Check::new();
        check.required("title", "Title", "  ".into());
        check.optional_url("url", "URL", Some("nope".into()));
        let err = check.finish().unwrap_err();
        match err {
            AppError::Validation { fields, .. } => {
                assert_eq!(fields.get("title"), Some("Title is required"));
                assert!(fields.get("url").unwrap().contains("valid URL"));
            }
            other => panic!("unexpected {other:?}"),
        }
    }
}
