//! CSL-JSON, the format Zotero, Mendeley and pandoc read. A small struct of our own rather
//! than `citationberg::json::Item`, which serialises absent members as `null` (the schema
//! refuses them).
//!
//! Its members are plain text: the math of every text member is written as Unicode where it
//! has a Unicode form (`$H_0$` → H₀), else as its TeX without the dollars
//! (`crate::rules::math::to_plain`), as in the feeds and the meta tags.

use serde::Serialize;

use super::names::{Name, parse_all};
use super::{arxiv_id, is_arxiv};
use crate::content::publications::{Model, PublicationKind};
use crate::rules::math::to_plain;

#[derive(Serialize)]
#[serde(rename_all = "kebab-case")]
struct Item<'a> {
    id: &'a str,
    #[serde(rename = "type")]
    kind: &'static str,
    title: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    author: Vec<Author>,
    /// None for an undated paper.
    #[serde(skip_serializing_if = "Option::is_none")]
    issued: Option<Issued>,
    #[serde(skip_serializing_if = "Option::is_none")]
    container_title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    publisher: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    genre: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    page: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    volume: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    issue: Option<String>,
    #[serde(rename = "DOI", skip_serializing_if = "Option::is_none")]
    doi: Option<&'a str>,
    #[serde(rename = "URL")]
    url: String,
    #[serde(rename = "abstract", skip_serializing_if = "Option::is_none")]
    abstract_: Option<String>,
}

#[derive(Serialize)]
struct Author {
    #[serde(skip_serializing_if = "Option::is_none")]
    family: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    given: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    suffix: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    literal: Option<String>,
}

#[derive(Serialize)]
struct Issued {
    #[serde(rename = "date-parts")]
    date_parts: Vec<Vec<i32>>,
}

/// The paper as one CSL-JSON item. `base_url` (the site's address) makes the paper page's URL
/// when the record has no URL of its own.
pub fn csl_json(p: &Model, base_url: &str) -> serde_json::Value {
    let author = parse_all(&p.authors.0).into_iter().map(author).collect();
    let issued = p.year.map(|year| {
        let mut date = vec![year];
        if let Some(month) = p.month.filter(|m| (1..=12).contains(m)) {
            date.push(month);
        }
        Issued { date_parts: vec![date] }
    });
    // An empty venue is none.
    let title = to_plain(&p.title);
    let venue_text = to_plain(&p.venue);
    let venue = Some(venue_text.as_str()).filter(|v| !v.trim().is_empty());
    let publisher_text = p.publisher.as_deref().map(to_plain);
    let publisher = publisher_text.as_deref();
    let arxiv = p.kind == PublicationKind::Preprint && is_arxiv(&p.venue, p.url.as_deref());
    // Where the venue goes depends on the type, as CSL styles read it: the container for
    // articles and chapters, the publisher for what an institution issues.
    let (kind, container_title, publisher, genre, number) = match p.kind {
        PublicationKind::JournalArticle => ("article-journal", venue, publisher, None, None),
        PublicationKind::ConferencePaper => ("paper-conference", venue, publisher, None, None),
        PublicationKind::Preprint if arxiv => {
            ("article", None, Some("arXiv"), Some("Preprint"), arxiv_id(&p.venue, p.url.as_deref()).map(|id| format!("arXiv:{id}")))
        }
        PublicationKind::Preprint => ("article", None, publisher.or(venue), Some("Preprint"), None),
        PublicationKind::Book => ("book", None, publisher.or(venue), None, None),
        PublicationKind::BookChapter => ("chapter", venue, publisher, None, None),
        PublicationKind::Thesis => ("thesis", None, venue, Some("PhD thesis"), None),
        PublicationKind::Report => ("report", None, venue, None, p.issue.as_deref().map(to_plain)),
        PublicationKind::Other => ("document", venue, publisher, None, None),
    };
    let issue = if p.kind == PublicationKind::Report { None } else { p.issue.as_deref().map(to_plain) };
    let item = Item {
        id: &p.slug,
        kind,
        title: &title,
        author,
        issued,
        container_title,
        publisher,
        genre,
        number,
        page: p.pages.as_deref(),
        volume: p.volume.as_deref().map(to_plain),
        issue,
        doi: p.doi.as_deref(),
        url: p.url.clone().unwrap_or_else(|| format!("{}/publications/{}", base_url.trim_end_matches('/'), p.slug)),
        abstract_: p.r#abstract.as_deref().map(to_plain).filter(|text| !text.trim().is_empty()),
    };
    serde_json::to_value(item).expect("a CSL-JSON item always serialises")
}

fn author(name: Name) -> Author {
    let empty = Author { family: None, given: None, suffix: None, literal: None };
    match name {
        Name::Person { family, given, suffix } => Author { family: Some(family), given, suffix, ..empty },
        Name::Literal(literal) => Author { literal: Some(literal), ..empty },
        Name::Others => Author { literal: Some("others".to_owned()), ..empty },
    }
}
