//! Refreshing the citation counts of every published paper with a DOI: Crossref's count
//! always, OpenAlex's (with its counts by year) when an API key is set. A source that fails
//! is not called again in the run, its error is noted for the dashboard and logged once, and
//! the counts it gave before stay as they were. The counts that came are written in one
//! transaction that announces `Sources::CITATIONS`, so only the pages showing counts are
//! rendered again, and no paper's row is touched.

use std::collections::HashMap;

use sea_orm::ActiveValue::Set;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect};
use uuid::Uuid;

use super::http::{Failure, Source};
use super::{Count, Scholarly, runs};
use crate::content::citation_counts::{self, YearCounts};
use crate::content::{ContentStatus, publications, settings};
use crate::error::AppError;
use crate::store::changes::{Changes, Sources};

/// What a refresh did.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Published papers with a DOI.
    pub papers: usize,
    /// Counts written (a paper counted by two sources counts twice).
    pub counts: usize,
    /// The sources asked, each with its failure if it failed.
    pub sources: Vec<(Source, Option<Failure>)>,
}

impl Outcome {
    /// Whether at least one source answered (or there was nothing to ask).
    pub fn any_answered(&self) -> bool {
        self.papers == 0 || self.sources.iter().any(|(_, failure)| failure.is_none())
    }

    /// "12 papers with a DOI: 20 counts stored (Crossref answered; OpenAlex failed: …)".
    pub fn summary(&self) -> String {
        let sources: Vec<String> = self
            .sources
            .iter()
            .map(|(source, failure)| match failure {
                None => format!("{} answered", source.name()),
                Some(failure) => format!("failed: {failure}"),
            })
            .collect();
        let noun = if self.papers == 1 { "paper" } else { "papers" };
        format!("{} {noun} with a DOI: {} counts stored ({})", self.papers, self.counts, sources.join("; "))
    }
}

/// Refreshes the counts, announcing the write through `changes` (the server's page cache hears
/// of it, whichever process refreshed).
pub async fn run(db: &DatabaseConnection, scholarly: &Scholarly, changes: &Changes) -> Result<Outcome, AppError> {
    let papers: Vec<(Uuid, Option<String>)> = publications::Entity::find()
        .filter(publications::Column::Status.eq(ContentStatus::Published))
        .filter(publications::Column::Doi.is_not_null())
        .select_only()
        .columns([publications::Column::Id, publications::Column::Doi])
        .into_tuple()
        .all(db)
        .await?;
    let mut by_doi: HashMap<String, Vec<Uuid>> = HashMap::new();
    for (id, doi) in papers {
        if let Some(doi) = doi.as_deref().and_then(|doi| crate::rules::validate::doi(doi).ok()) {
            by_doi.entry(doi).or_default().push(id);
        }
    }
    let mut outcome = Outcome { papers: by_doi.values().map(Vec::len).sum(), ..Default::default() };
    if by_doi.is_empty() {
        return Ok(outcome);
    }
    let mut dois: Vec<String> = by_doi.keys().cloned().collect();
    dois.sort();

    let mut found: Vec<(Source, HashMap<String, Count>)> = Vec::new();
    let key = scholarly.openalex_key(&settings::site(db).await?.openalex_api_key);
    let mut asks: Vec<Source> = vec![Source::Crossref];
    if key.is_some() {
        asks.push(Source::OpenAlex);
    }
    for source in asks {
        let result = match source {
            Source::OpenAlex => scholarly.openalex_counts(&dois, key.as_deref().unwrap_or_default()).await,
            _ => scholarly.crossref_counts(&dois).await,
        };
        runs::record(db, source, result.as_ref().map(|_| ())).await?;
        match result {
            Ok(counts) => {
                found.push((source, counts));
                outcome.sources.push((source, None));
            }
            Err(failure) => {
                // One line per source and run, whatever the number of papers.
                tracing::warn!(source = source.name(), error = %failure, "citation counts not refreshed: the last known counts stay");
                outcome.sources.push((source, Some(failure)));
            }
        }
    }

    let now = crate::ops::clock::now();
    let mut rows = Vec::new();
    for (source, counts) in &found {
        for (doi, count) in counts {
            for id in by_doi.get(doi).into_iter().flatten() {
                rows.push(citation_counts::ActiveModel {
                    publication_id: Set(*id),
                    source: Set(source.key().to_owned()),
                    count: Set(count.count),
                    by_year: Set(count.by_year.clone().map(YearCounts)),
                    counted_at: Set(now),
                });
            }
        }
    }
    outcome.counts = rows.len();
    if rows.is_empty() {
        return Ok(outcome);
    }
    let write = changes.begin(db, Sources::CITATIONS).await?;
    for chunk in rows.chunks(200) {
        citation_counts::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([citation_counts::Column::PublicationId, citation_counts::Column::Source])
                    .update_columns([citation_counts::Column::Count, citation_counts::Column::ByYear, citation_counts::Column::CountedAt])
                    .to_owned(),
            )
            .exec(write.txn())
            .await?;
    }
    write.commit().await?;
    Ok(outcome)
}
