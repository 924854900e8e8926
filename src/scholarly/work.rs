//! A work's metadata as Crossref (`GET /works/{doi}`'s `message`) and DOI content
//! negotiation (CSL-JSON, which Crossref's format follows closely) describe it, mapped to a
//! publication as the BibTeX import maps an entry (`import::bibtex::Mapped`), so the preview,
//! duplicate detection and the import are the same for all three.

use serde_json::Value;

use crate::content::publications::PublicationKind;
use crate::import::bibtex::{Mapped, strip_markup};

/// The publication a Crossref work or a CSL-JSON item describes. Title, venue and authors
/// may come out empty: the publication's own rules then say what is missing (the preview's
/// "invalid", or the form's field errors for the owner to fill).
pub fn map(work: &Value) -> Mapped {
    let text = |key: &str| first_text(work.get(key));
    let title = match (text("title"), text("subtitle")) {
        (Some(title), Some(subtitle)) if !subtitle.is_empty() => format!("{title}: {subtitle}"),
        (Some(title), _) => title,
        (None, _) => String::new(),
    };
    let kind = kind(work.get("type").and_then(Value::as_str).unwrap_or(""));
    let venue = text("container-title")
        .or_else(|| work.get("event").and_then(|event| first_text(event.get("name"))))
        .or_else(|| work.get("institution").and_then(|i| first_text(i.get(0).and_then(|i| i.get("name")))))
        .or_else(|| text("publisher"))
        .unwrap_or_default();
    let (year, month) = date(work);
    Mapped {
        title,
        authors: authors(work.get("author")),
        kind,
        venue,
        year: Some(year.unwrap_or(0)),
        month,
        volume: text("volume"),
        issue: text("issue"),
        pages: text("page").map(|pages| crate::rules::validate::page_range(&pages)),
        publisher: text("publisher"),
        doi: text("DOI").map(|doi| doi.to_lowercase()),
        url: text("URL"),
        pdf_url: None,
        r#abstract: text("abstract").filter(|a| !a.is_empty()),
        featured: false,
    }
}

/// A string, or the first string of an array (Crossref gives titles as arrays, CSL-JSON as
/// strings), as plain text: markup (`<i>`, JATS) removed and whitespace collapsed.
fn first_text(value: Option<&Value>) -> Option<String> {
    let raw = match value? {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().find_map(Value::as_str)?.to_owned(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    Some(decode_entities(&strip_markup(&raw)))
}

/// The character references Crossref leaves in titles and names (`&amp;`), written out; what
/// the text then holds is escaped by the pages like any other text.
fn decode_entities(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}

/// "Given Family" for each person, in the order given; an organisation by its name.
fn authors(value: Option<&Value>) -> Vec<String> {
    let Some(Value::Array(people)) = value else { return Vec::new() };
    people
        .iter()
        .filter_map(|person| {
            let part = |key: &str| person.get(key).and_then(Value::as_str).map(|s| decode_entities(s.trim())).filter(|s| !s.is_empty());
            match (part("given"), part("family")) {
                (Some(given), Some(family)) => Some(format!("{given} {family}")),
                (None, Some(family)) => Some(family),
                (Some(given), None) => Some(given),
                (None, None) => part("literal").or_else(|| part("name")),
            }
        })
        .collect()
}

/// Year and month of `issued`, else of the first publication date given.
fn date(work: &Value) -> (Option<i32>, Option<i32>) {
    for key in ["issued", "published", "published-print", "published-online", "created"] {
        let parts = work.get(key).and_then(|d| d.get("date-parts")).and_then(|p| p.get(0));
        let part = |i: usize| parts.and_then(|p| p.get(i)).and_then(|v| v.as_i64().or_else(|| v.as_str()?.parse().ok()));
        if let Some(year) = part(0) {
            let month = part(1).filter(|m| (1..=12).contains(m)).map(|m| m as i32);
            return (Some(year as i32), month);
        }
    }
    (None, None)
}

/// The kind of work, from Crossref's `type` or CSL's.
pub fn kind(work_type: &str) -> PublicationKind {
    match work_type {
        "journal-article" | "article-journal" => PublicationKind::JournalArticle,
        "proceedings-article" | "paper-conference" => PublicationKind::ConferencePaper,
        "posted-content" | "article" | "preprint" => PublicationKind::Preprint,
        "book" | "monograph" | "edited-book" | "reference-book" => PublicationKind::Book,
        "book-chapter" | "book-section" | "book-part" | "chapter" => PublicationKind::BookChapter,
        "dissertation" | "thesis" => PublicationKind::Thesis,
        "report" | "report-series" => PublicationKind::Report,
        _ => PublicationKind::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_crossref_work_maps_to_a_publication() {
        let work = json!({
            "title": ["Vector Quotient Filters"], "subtitle": ["Overcoming the Time/Space Trade-Off"],
            "author": [{"given": "Prashant", "family": "Pandey"}, {"name": "The Consortium"}, {"family": "Conway"}],
            "container-title": ["Proceedings of SIGMOD"], "type": "proceedings-article",
            "issued": {"date-parts": [[2021, 6, 9]]}, "page": "1386-1399", "publisher": "ACM",
            "DOI": "10.1145/3448016.3452841", "URL": "https://doi.org/10.1145/3448016.3452841",
            "abstract": "<jats:p>Filters &amp; <jats:italic>sets</jats:italic>.</jats:p>"
        });
        let mapped = map(&work);
        assert_eq!(mapped.title, "Vector Quotient Filters: Overcoming the Time/Space Trade-Off");
        assert_eq!(mapped.authors, ["Prashant Pandey", "The Consortium", "Conway"]);
        assert_eq!(mapped.kind, PublicationKind::ConferencePaper);
        assert_eq!((mapped.year, mapped.month), (Some(2021), Some(6)));
        assert_eq!(mapped.venue, "Proceedings of SIGMOD");
        assert_eq!(mapped.pages.as_deref(), Some("1386–1399"));
        assert_eq!(mapped.r#abstract.as_deref(), Some("Filters & sets."));
    }

    #[test]
    fn csl_json_strings_and_string_dates_are_read_too() {
        let item = json!({"title": "Data", "container-title": "Zenodo", "type": "dataset", "issued": {"date-parts": [["2016", "3"]]}});
        let mapped = map(&item);
        assert_eq!((mapped.title.as_str(), mapped.venue.as_str(), mapped.year, mapped.month), ("Data", "Zenodo", Some(2016), Some(3)));
        assert_eq!(mapped.kind, PublicationKind::Other);
    }
}
