//! The owner's works in ORCID, as import entries: the same preview as a .bib file (new,
//! duplicate of a stored paper by DOI or title and year, invalid and why) and the same import.
//! ORCID's work summaries carry no authors, so a work with a DOI is filled from Crossref (or
//! DOI content negotiation), as "Add by DOI" does; a work without one keeps what ORCID gives,
//! the owner's name as its author, and a note saying so.

use std::collections::HashMap;

use sea_orm::DatabaseConnection;
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

use super::http::Source;
use super::{Scholarly, outside, runs, work};
use crate::content::homepage::{self, HeroContent};
use crate::content::publications::PublicationKind;
use crate::error::AppError;
use crate::import::bibtex::{Mapped, RawEntry};
use crate::import::{self, EntryStatus, ImportPreview};

/// The row of `outside_sources` where the daily check keeps what it found.
pub const CHECK: &str = "orcid-check";

/// One work summary of an ORCID record.
#[derive(Clone, Debug, PartialEq)]
pub struct Work {
    pub put_code: i64,
    pub title: String,
    pub kind: PublicationKind,
    pub venue: Option<String>,
    pub year: Option<i32>,
    pub month: Option<i32>,
    pub doi: Option<String>,
    pub url: Option<String>,
}

/// The works of `GET /v3.0/{id}/works`: the first (preferred) summary of each group.
pub fn works(record: &Value) -> Vec<Work> {
    let groups = record.get("group").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    groups.iter().filter_map(|group| group.pointer("/work-summary/0")).map(summary).collect()
}

fn summary(work: &Value) -> Work {
    let text = |pointer: &str| work.pointer(pointer).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    let number = |pointer: &str| text(pointer).and_then(|value| value.parse::<i32>().ok());
    let doi = work
        .pointer("/external-ids/external-id")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|id| id.get("external-id-type").and_then(Value::as_str) == Some("doi"))
        .filter(|id| id.get("external-id-relationship").and_then(Value::as_str) != Some("part-of"))
        .find_map(|id| id.get("external-id-value").and_then(Value::as_str))
        .and_then(|doi| crate::rules::validate::doi(doi).ok());
    Work {
        put_code: work.get("put-code").and_then(Value::as_i64).unwrap_or(0),
        title: text("/title/title/value").map(|t| crate::import::bibtex::strip_markup(&t)).unwrap_or_default(),
        kind: kind(work.get("type").and_then(Value::as_str).unwrap_or("")),
        venue: text("/journal-title/value"),
        year: number("/publication-date/year/value"),
        month: number("/publication-date/month/value").filter(|m| (1..=12).contains(m)),
        doi,
        url: text("/url/value"),
    }
}

/// ORCID's work types (v3.0) as publication kinds.
fn kind(work_type: &str) -> PublicationKind {
    match work_type {
        "journal-article" => PublicationKind::JournalArticle,
        "conference-paper" => PublicationKind::ConferencePaper,
        "preprint" | "working-paper" => PublicationKind::Preprint,
        "book" | "edited-book" => PublicationKind::Book,
        "book-chapter" => PublicationKind::BookChapter,
        "dissertation" | "dissertation-thesis" => PublicationKind::Thesis,
        "report" => PublicationKind::Report,
        _ => PublicationKind::Other,
    }
}

/// The works of the ORCID record `orcid_id` as import entries. With `enrich`, each work with a
/// DOI is filled from its agency (a batch of Crossref calls, then doi.org for the rest); the
/// daily check leaves that out, as it only counts the new works.
pub async fn entries(db: &DatabaseConnection, scholarly: &Scholarly, orcid_id: &str, enrich: bool) -> Result<Vec<RawEntry>, AppError> {
    let record = scholarly.orcid_works(orcid_id).await;
    runs::record(db, Source::Orcid, record.as_ref().map(|_| ())).await?;
    let Some(record) = record.map_err(outside)? else {
        return Err(AppError::NotFound(format!("ORCID has no public record {orcid_id}")));
    };
    let works = works(&record);
    if works.is_empty() {
        return Err(AppError::NotFound(format!("The ORCID record {orcid_id} has no public works (it is empty, or its works are private)")));
    }
    let owner = homepage::read::<HeroContent>(db).await?.content.name;
    let mut filled: HashMap<String, (Mapped, Option<String>)> = HashMap::new();
    if enrich {
        let dois: Vec<String> = works.iter().filter_map(|w| w.doi.clone()).collect();
        match scholarly.crossref_works(&dois).await {
            Ok(found) => filled.extend(found.iter().map(|(doi, w)| (doi.clone(), (work::map(w), None)))),
            Err(failure) => tracing::warn!(error = %failure, "ORCID works not filled from Crossref"),
        }
        let missing: Vec<&String> = dois.iter().filter(|doi| !filled.contains_key(*doi)).collect();
        for doi in missing {
            if let Ok(record) = scholarly.lookup_doi_elsewhere(doi).await {
                filled.insert(doi.clone(), (record.publication, record.bibtex));
            }
        }
    }
    Ok(works
        .into_iter()
        .enumerate()
        .map(|(index, work)| {
            let key = Some(format!("put-code {}", work.put_code));
            let found = work.doi.as_ref().and_then(|doi| filled.remove(doi));
            let (mapped, text, warnings) = match found {
                Some((mapped, bibtex)) => (mapped, bibtex.unwrap_or_default(), Vec::new()),
                None => {
                    let why = if work.doi.is_some() { "its DOI was not found" } else { "no DOI" };
                    let note = format!("From ORCID only ({why}): check the authors (only your name) and the venue");
                    (from_orcid(&work, &owner), String::new(), vec![note])
                }
            };
            RawEntry { line: index + 1, key, text, warnings, mapped: Ok(mapped) }
        })
        .collect())
}

/// What ORCID alone says of a work; the owner is its one known author, by name only: the
/// hero's "Prof. Dr." and "PhD" are how the owner is shown, not how a paper names them.
fn from_orcid(work: &Work, owner: &str) -> Mapped {
    Mapped {
        title: work.title.clone(),
        authors: Some(crate::rules::names::without_titles(owner)).filter(|name| !name.is_empty()).into_iter().collect(),
        kind: work.kind,
        venue: work.venue.clone().unwrap_or_default(),
        year: Some(work.year.unwrap_or(0)),
        month: work.month,
        volume: None,
        issue: None,
        pages: None,
        publisher: None,
        doi: work.doi.clone(),
        url: work.url.clone(),
        pdf_url: None,
        r#abstract: None,
        featured: false,
    }
}

/// What the daily check found: the dashboard's "N new works in your ORCID record: review".
#[derive(Clone, Debug, Default, Serialize, serde::Deserialize, TS)]
#[ts(rename = "OrcidCheck")]
pub struct CheckResult {
    pub orcid_id: String,
    pub new_works: u32,
    /// The new works' titles, the first twenty.
    pub titles: Vec<String>,
}

/// The daily check: counts the record's works that are not stored yet and keeps the result
/// for the dashboard. Nothing is imported.
pub async fn check(db: &DatabaseConnection, scholarly: &Scholarly, orcid_id: &str) -> Result<CheckResult, AppError> {
    let entries = entries(db, scholarly, orcid_id, false).await?;
    let preview: ImportPreview = import::preview_entries(db, entries).await?;
    let new: Vec<String> = preview
        .entries
        .iter()
        .filter(|entry| entry.status == EntryStatus::New)
        .filter_map(|entry| entry.publication.as_ref().map(|p| p.title.clone()))
        .collect();
    let result = CheckResult { orcid_id: orcid_id.to_owned(), new_works: new.len() as u32, titles: new.into_iter().take(20).collect() };
    runs::set_detail(db, CHECK, serde_json::to_value(&result).map_err(anyhow::Error::from)?).await?;
    Ok(result)
}

/// The last check's result, if it was for the iD set now.
pub async fn last_check(db: &DatabaseConnection, orcid_id: &str) -> Result<Option<CheckResult>, AppError> {
    let detail = runs::get(db, CHECK).await?.and_then(|row| row.detail);
    Ok(detail.and_then(|d| serde_json::from_value::<CheckResult>(d).ok()).filter(|r| r.orcid_id == orcid_id))
}
