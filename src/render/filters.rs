//! The filters of `/publications` (issue 16): `?kind=`, `?year=`, `?tag=` (a tag's slug) and
//! `?q=` (words in the title, the authors or the venue), combinable with `?page=`. A filter
//! whose value is not valid is ignored, never an error: links from elsewhere keep working.

use serde::Serialize;
use ts_rs::TS;

use crate::content::publications::PublicationKind;

/// The longest search kept, in characters; the rest is dropped.
pub const MAX_QUERY: usize = 100;

/// The filters a request asks for, as the page shows them (only valid ones).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, TS)]
pub struct PublicationFilters {
    pub kind: Option<PublicationKind>,
    pub year: Option<i32>,
    /// A tag's slug; a slug no tag has is dropped when the page is read.
    pub tag: Option<String>,
    /// Trimmed, with runs of whitespace made one space.
    pub q: Option<String>,
}

impl PublicationFilters {
    /// The filters of a query string; the first value of each key counts.
    pub fn parse(query: Option<&str>) -> Self {
        let mut filters = Self::default();
        let mut seen = [false; 4];
        for (key, value) in form_urlencoded::parse(query.unwrap_or("").as_bytes()) {
            let slot = match key.as_ref() {
                "kind" => 0,
                "year" => 1,
                "tag" => 2,
                "q" => 3,
                _ => continue,
            };
            if std::mem::replace(&mut seen[slot], true) {
                continue;
            }
            match slot {
                0 => filters.kind = kind(&value),
                1 => filters.year = year(&value),
                2 => filters.tag = crate::rules::SLUG.is_match(&value).then(|| value.into_owned()),
                _ => filters.q = search(&value),
            }
        }
        filters
    }

    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The query string that asks for these filters, in a fixed order (the cache key's part),
    /// empty for none.
    pub fn query(&self) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        if let Some(kind) = self.kind {
            query.append_pair("kind", kind.as_str());
        }
        if let Some(year) = self.year {
            query.append_pair("year", &year.to_string());
        }
        if let Some(tag) = &self.tag {
            query.append_pair("tag", tag);
        }
        if let Some(q) = &self.q {
            query.append_pair("q", q);
        }
        query.finish()
    }

    /// Whether a paper matches the search: every word of `q`, case-insensitively (Unicode
    /// lower case, the same on both databases because it is done here), in its title, its
    /// authors or its venue.
    pub fn matches(q: &str, title: &str, authors: &[String], venue: &str) -> bool {
        let haystack = format!("{title}\n{}\n{venue}", authors.join("\n")).to_lowercase();
        q.to_lowercase().split(' ').all(|word| haystack.contains(word))
    }
}

fn kind(value: &str) -> Option<PublicationKind> {
    use sea_orm::Iterable;
    PublicationKind::iter().find(|kind| kind.as_str() == value)
}

fn year(value: &str) -> Option<i32> {
    if value.is_empty() || value.len() > 4 || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse().ok().filter(|year| crate::rules::YEAR.contains(year))
}

fn search(value: &str) -> Option<String> {
    let words: Vec<&str> = value.split(|c: char| c.is_whitespace() || c.is_control()).filter(|w| !w.is_empty()).collect();
    let joined: String = words.join(" ").chars().take(MAX_QUERY).collect();
    let trimmed = joined.trim_end();
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_filters_are_kept_and_invalid_ones_ignored() {
        let f = PublicationFilters::parse(Some("kind=journal-article&year=2023&tag=side-channels&q=%20Masking%20%20RISC-V%20&page=2"));
        assert_eq!(f.kind, Some(PublicationKind::JournalArticle));
        assert_eq!(f.year, Some(2023));
        assert_eq!(f.tag.as_deref(), Some("side-channels"));
        assert_eq!(f.q.as_deref(), Some("Masking RISC-V"));
        assert_eq!(f.query(), "kind=journal-article&year=2023&tag=side-channels&q=Masking+RISC-V");
        let bad = PublicationFilters::parse(Some("kind=poem&year=20x3&tag=Not%20A%20Slug&q=%20%20&utm=1"));
        assert!(bad.is_empty(), "{bad:?}");
        assert_eq!(PublicationFilters::parse(Some("year=99999")).year, None);
        assert_eq!(PublicationFilters::parse(Some("year=2020&year=2021")).year, Some(2020), "the first value counts");
        assert_eq!(PublicationFilters::parse(Some(&format!("q={}", "a".repeat(500)))).q.map(|q| q.len()), Some(MAX_QUERY));
    }

    #[test]
    fn the_search_matches_every_word_in_any_field_ignoring_case() {
        let authors = ["Ana Ölund".to_owned(), "Bo Li".to_owned()];
        assert!(PublicationFilters::matches("masking ölund", "Masking for RISC-V", &authors, "CHES"));
        assert!(PublicationFilters::matches("ÖLUND", "x", &authors, "y"));
        assert!(PublicationFilters::matches("ches", "x", &authors, "TCHES 2024"));
        assert!(!PublicationFilters::matches("masking rowhammer", "Masking", &authors, "CHES"));
        assert!(PublicationFilters::matches("50%_", "A 50%_ title", &authors, "v"), "no LIKE wildcards");
        assert!(!PublicationFilters::matches("50%", "A 500 title", &authors, "v"));
    }
}
