//! The owner's calls to the outside sources (`crate::scholarly`): "Fill from DOI" in the
//! publication form, "Import from ORCID", and the dashboard's citations. The lookups are the
//! only outside calls made while a request waits, and only for the signed-in owner.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::AppState;
use super::extract::Json;
use crate::auth::OwnerSession;
use crate::content::citation_counts::{self, Summary};
use crate::content::imports::{ImportKind, ImportSource};
use crate::content::settings;
use crate::error::{AppError, FieldErrors};
use crate::import::bibtex::RawEntry;
use crate::import::{self, DuplicateOf, ImportOutcome, ImportPreview};
use crate::scholarly::runs::{self, SourceStatus};
use crate::scholarly::{self, DoiRecord, Scholarly, orcid};

#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct DoiLookupRequest {
    /// A bare DOI, `doi:…` or a doi.org link.
    pub doi: String,
}

/// What "Fill from DOI" puts in the form, and whether a stored paper has that DOI (or title
/// and year) already.
#[derive(Debug, Serialize, TS)]
pub struct DoiLookup {
    pub record: DoiRecord,
    pub duplicate_of: Option<DuplicateOf>,
}

/// `POST /api/scholarly/doi-lookup`.
pub async fn lookup_doi(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(request): Json<DoiLookupRequest>,
) -> Result<axum::Json<DoiLookup>, AppError> {
    let doi = crate::rules::validate::doi(&request.doi).map_err(|rule| field_error("doi", rule))?;
    let record = sources(&state)?.lookup_doi(&doi).await?;
    let entry = RawEntry { line: 1, key: Some(doi), text: String::new(), warnings: Vec::new(), mapped: Ok(record.publication.clone()) };
    let preview = import::preview_entries(&state.db, vec![entry]).await?;
    let duplicate_of = preview.entries.into_iter().next().and_then(|entry| entry.duplicate_of);
    Ok(axum::Json(DoiLookup { record, duplicate_of }))
}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
pub struct OrcidPreviewRequest {
    /// The iD to read; the one in the settings when left out.
    #[ts(optional)]
    pub orcid_id: Option<String>,
}

/// `POST /api/scholarly/orcid/preview`: what importing the record's works would do.
pub async fn orcid_preview(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(request): Json<OrcidPreviewRequest>,
) -> Result<axum::Json<ImportPreview>, AppError> {
    let id = orcid_id(&state, request.orcid_id).await?;
    let entries = orcid::entries(&state.db, sources(&state)?, &id, true).await?;
    Ok(axum::Json(import::preview_entries(&state.db, entries).await?))
}

#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct OrcidImportRequest {
    pub orcid_id: Option<String>,
    /// The previewed works to add, by `index`.
    pub import: Vec<u32>,
    /// The years the owner gave works that have none (the preview's `needs_year`), by `index`.
    #[serde(default)]
    pub years: Vec<GivenYear>,
}

/// A year the owner gave a work of the ORCID record that has none.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct GivenYear {
    pub index: u32,
    pub year: i32,
}

/// `POST /api/scholarly/orcid/import`: reads the record again and adds the chosen works that
/// are still new.
pub async fn orcid_import(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(request): Json<OrcidImportRequest>,
) -> Result<axum::Json<ImportOutcome>, AppError> {
    let id = orcid_id(&state, request.orcid_id).await?;
    let mut entries = orcid::entries(&state.db, sources(&state)?, &id, true).await?;
    for given in &request.years {
        // Only a work that has no year takes one; the year is then checked as any other.
        if let Some(Ok(work)) = entries.get_mut(given.index as usize).map(|entry| entry.mapped.as_mut())
            && work.year == Some(0)
        {
            work.year = Some(given.year);
        }
    }
    let source = ImportSource::new(ImportKind::Orcid, id);
    Ok(axum::Json(import::import_entries(&state.db, &state.changes, entries, &request.import, &[], &source).await?))
}

/// The dashboard's citations and sources.
#[derive(Debug, Serialize, TS)]
pub struct ScholarlyDashboard {
    pub citations: Summary,
    pub sources: Vec<SourceStatus>,
    /// The daily ORCID check's last result for the iD set now.
    pub orcid: Option<orcid::CheckResult>,
    /// Whether Vita may call the sources (`--no-outside-calls` turns it off).
    pub outside_calls: bool,
}

/// `GET /api/admin/scholarly`.
pub async fn dashboard(State(state): State<AppState>, _owner: OwnerSession) -> Result<axum::Json<ScholarlyDashboard>, AppError> {
    let site = settings::site(&state.db).await?;
    let orcid = match site.orcid_id.as_str() {
        "" => None,
        id => orcid::last_check(&state.db, id).await?,
    };
    Ok(axum::Json(ScholarlyDashboard {
        citations: citation_counts::summary(&state.db).await?,
        sources: runs::statuses(&state.db).await?,
        orcid,
        outside_calls: state.scholarly.is_some(),
    }))
}

fn sources(state: &AppState) -> Result<&Scholarly, AppError> {
    state.scholarly.as_deref().ok_or_else(|| AppError::OutsideSource(scholarly::TURNED_OFF.to_owned()))
}

/// The iD asked for, else the one in the settings, checked.
async fn orcid_id(state: &AppState, asked: Option<String>) -> Result<String, AppError> {
    let id = match asked.filter(|id| !id.trim().is_empty()) {
        Some(id) => id,
        None => settings::site(&state.db).await?.orcid_id,
    };
    if id.is_empty() {
        return Err(field_error("orcid_id", "Set your ORCID iD in the settings first"));
    }
    crate::rules::validate::orcid_id(&id).map_err(|rule| field_error("orcid_id", rule))
}

fn field_error(field: &str, message: &str) -> AppError {
    let mut fields = FieldErrors::default();
    fields.add(field, message);
    AppError::validation(fields)
}
