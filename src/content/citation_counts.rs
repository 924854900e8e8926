//! How often each paper is cited, as the outside sources count it (Crossref's
//! `is-referenced-by-count`, OpenAlex's `cited_by_count` and `counts_by_year`): one row per
//! paper and source, written by `crate::scholarly::refresh` and never by the owner. The counts
//! live apart from the papers so a refresh never changes a paper's row or its `updated_at`.

use std::collections::HashMap;

use sea_orm::entity::prelude::*;
use sea_orm::{FromJsonQueryResult, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::AppError;

/// The sources, in the order a paper page prefers them: OpenAlex counts more citing works
/// (preprints, books) and by year; Crossref's count is there for every Crossref DOI.
pub const SOURCES: [&str; 2] = [OPENALEX, CROSSREF];
pub const OPENALEX: &str = "openalex";
pub const CROSSREF: &str = "crossref";

/// Citations received in one year.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct YearCount {
    pub year: i32,
    // Far below 2^53: a plain number in TypeScript.
    #[ts(type = "number")]
    pub count: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, FromJsonQueryResult)]
pub struct YearCounts(pub Vec<YearCount>);

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize)]
#[sea_orm(table_name = "citation_counts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub publication_id: Uuid,
    #[sea_orm(primary_key, auto_increment = false)]
    pub source: String,
    pub count: i64,
    #[sea_orm(column_type = "Json", nullable)]
    pub by_year: Option<YearCounts>,
    pub counted_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// What a page shows of a paper's counts: one number, its source's name and its date.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct CitedBy {
    #[ts(type = "number")]
    pub count: i64,
    /// "OpenAlex" or "Crossref".
    pub source: String,
    /// `YYYY-MM-DD`, the day the source was asked.
    pub counted_on: String,
}

pub fn source_name(source: &str) -> &str {
    match source {
        OPENALEX => "OpenAlex",
        CROSSREF => "Crossref",
        other => other,
    }
}

/// The preferred count among one paper's rows (`SOURCES`' order).
pub fn preferred(rows: &[Model]) -> Option<&Model> {
    SOURCES.iter().find_map(|source| rows.iter().find(|row| row.source == *source))
}

impl From<&Model> for CitedBy {
    fn from(row: &Model) -> Self {
        Self {
            count: row.count,
            source: source_name(&row.source).to_owned(),
            counted_on: row.counted_at.date_naive().format("%Y-%m-%d").to_string(),
        }
    }
}

/// The count a paper page shows, if any source counted the paper.
pub async fn cited_by(db: &impl ConnectionTrait, publication_id: Uuid) -> Result<Option<CitedBy>, AppError> {
    let rows = Entity::find().filter(Column::PublicationId.eq(publication_id)).all(db).await?;
    Ok(preferred(&rows).map(CitedBy::from))
}

/// Every paper's rows, by paper.
pub async fn all(db: &impl ConnectionTrait) -> Result<HashMap<Uuid, Vec<Model>>, AppError> {
    let mut by_paper: HashMap<Uuid, Vec<Model>> = HashMap::new();
    for row in Entity::find().order_by_asc(Column::PublicationId).all(db).await? {
        by_paper.entry(row.publication_id).or_default().push(row);
    }
    Ok(by_paper)
}

/// The dashboard's figures over the published papers: each paper's preferred count.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(rename = "CitationSummary")]
pub struct Summary {
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub h_index: i64,
    /// Papers that a source counted.
    pub papers_counted: u32,
    /// Citations per year over all papers (OpenAlex's counts by year; empty without them).
    pub per_year: Vec<YearCount>,
    /// The newest count's day, `YYYY-MM-DD`.
    pub counted_on: Option<String>,
}

pub async fn summary(db: &impl ConnectionTrait) -> Result<Summary, AppError> {
    use super::publications;
    let published: std::collections::HashSet<Uuid> = publications::Entity::find()
        .filter(publications::Column::Status.eq(super::ContentStatus::Published))
        .select_only()
        .column(publications::Column::Id)
        .into_tuple::<Uuid>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut counts = Vec::new();
    let mut per_year: std::collections::BTreeMap<i32, i64> = std::collections::BTreeMap::new();
    let mut newest = None;
    for (id, rows) in all(db).await? {
        if !published.contains(&id) {
            continue;
        }
        let Some(row) = preferred(&rows) else { continue };
        counts.push(row.count);
        newest = newest.max(Some(row.counted_at));
        if let Some(row) = rows.iter().find(|row| row.by_year.is_some()) {
            for year in row.by_year.iter().flat_map(|years| &years.0) {
                *per_year.entry(year.year).or_default() += year.count;
            }
        }
    }
    Ok(Summary {
        total: counts.iter().sum(),
        h_index: h_index(&counts),
        papers_counted: counts.len() as u32,
        per_year: per_year.into_iter().map(|(year, count)| YearCount { year, count }).collect(),
        counted_on: newest.map(|at| at.date_naive().format("%Y-%m-%d").to_string()),
    })
}

/// The h-index of `counts`: the largest h such that h papers have at least h citations each.
pub fn h_index(counts: &[i64]) -> i64 {
    let mut sorted = counts.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    sorted.iter().enumerate().take_while(|(i, count)| **count > *i as i64).count() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h_index_counts_papers_with_at_least_h_citations() {
        assert_eq!(h_index(&[]), 0);
        assert_eq!(h_index(&[0, 0]), 0);
        assert_eq!(h_index(&[10, 8, 5, 4, 3]), 4);
        assert_eq!(h_index(&[25, 8, 5, 3, 3]), 3);
        assert_eq!(h_index(&[1]), 1);
        assert_eq!(h_index(&[100]), 1);
    }
}
