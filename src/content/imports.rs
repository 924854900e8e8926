//! The record of each import of papers (issue 44, item 4): a .bib file, an ORCID record, a
//! list of DOIs or a site, when it ran and the papers it added (migration m0022). The admin's
//! publication list filters by it (`owner_list`, `?source=`), and an import is taken back as a
//! whole: its papers go in one bulk delete, undoable for 30 s like any (`bulk`).
//!
//! A paper the owner changed after the import brought it (any save since: an edit, a publish,
//! an update from a later import) is kept: an import's removal takes back what the import did,
//! not the owner's work. It is told apart by its update time, which a save always moves and
//! the import left equal to its creation time.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query, SelectStatement};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use ts_rs::TS;
use uuid::Uuid;

use super::bulk::{self, BulkAction};
use super::import_links as links;
use super::{Content, publications};
use crate::error::AppError;
use crate::store::changes::Changes;

text_enum! {
    /// Where an import's papers came from.
    ImportKind { #[default] Bibtex = "bibtex", Orcid = "orcid", Doi = "doi", Site = "site" }
}

/// The imports, one row each.
pub mod records {
    use sea_orm::entity::prelude::*;

    use super::ImportKind;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
    #[sea_orm(table_name = "imports")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub kind: ImportKind,
        /// What was imported: the file's name, the ORCID iD, the DOIs, the site's generator.
        pub label: String,
        /// The papers it added.
        pub item_count: i32,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// What an import is, as its writer knows it.
#[derive(Clone, Debug)]
pub struct ImportSource {
    pub kind: ImportKind,
    pub label: String,
}

impl ImportSource {
    pub fn new(kind: ImportKind, label: impl Into<String>) -> Self {
        Self { kind, label: label.into() }
    }
}

/// Records that `source` added the papers `ids` (in the import's transaction). An import that
/// added nothing leaves no record.
pub async fn record(db: &impl ConnectionTrait, source: &ImportSource, ids: &[Uuid]) -> Result<(), AppError> {
    if ids.is_empty() {
        return Ok(());
    }
    let id = Uuid::new_v4();
    let record = records::Model {
        id,
        kind: source.kind,
        label: source.label.chars().take(200).collect(),
        item_count: i32::try_from(ids.len()).unwrap_or(i32::MAX),
        created_at: crate::ops::clock::now(),
    };
    records::Entity::insert(record.into_active_model()).exec(db).await?;
    for chunk in ids.chunks(500) {
        let links = chunk.iter().map(|paper| links::Model { publication_id: *paper, import_id: id }.into_active_model());
        links::Entity::insert_many(links).exec(db).await?;
    }
    Ok(())
}

/// `?source=` of the admin's list: the papers of one import, or those of none (`manual`).
pub enum SourceFilter {
    Import(Uuid),
    Manual,
}

impl SourceFilter {
    pub fn parse(value: &str) -> Result<Self, AppError> {
        if value == "manual" {
            return Ok(Self::Manual);
        }
        Uuid::parse_str(value)
            .map(Self::Import)
            .map_err(|_| AppError::BadRequest("source must be the id of an import, or manual".to_owned()))
    }
}

/// The ids of the papers `import` added (of any import when `None`), as a subquery for
/// `id IN (…)`.
pub fn papers_of(import: Option<Uuid>) -> SelectStatement {
    let mut select = Query::select();
    select.column(Alias::new("publication_id")).from(Alias::new("import_publications"));
    if let Some(import) = import {
        select.and_where(Expr::col(Alias::new("import_id")).eq(import));
    }
    select.to_owned()
}

/// One import as the admin lists it.
#[derive(Debug, Serialize, TS)]
pub struct ImportSummary {
    pub id: Uuid,
    pub kind: ImportKind,
    pub label: String,
    pub created_at: DateTime<Utc>,
    /// The papers it added.
    pub imported: u32,
    /// Those still stored.
    pub papers: u32,
    /// Those of `papers` changed since (a removal keeps them).
    pub edited: u32,
}

/// The imports that still have papers, the newest first.
pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<ImportSummary>, AppError> {
    let mut counts: HashMap<Uuid, (u32, u32)> = HashMap::new();
    for (import, paper) in linked_papers(db, None).await? {
        let (papers, edited) = counts.entry(import).or_default();
        *papers += 1;
        if !paper.unchanged() {
            *edited += 1;
        }
    }
    let records = records::Entity::find().order_by_desc(records::Column::CreatedAt).all(db).await?;
    Ok(records
        .into_iter()
        .filter_map(|record| {
            let (papers, edited) = counts.get(&record.id).copied()?;
            Some(ImportSummary {
                id: record.id,
                kind: record.kind,
                label: record.label,
                created_at: record.created_at,
                imported: u32::try_from(record.item_count).unwrap_or(0),
                papers,
                edited,
            })
        })
        .collect())
}

/// A linked paper, as far as a removal needs it.
struct Linked {
    id: Uuid,
    title: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl Linked {
    /// Whether nothing saved it since it was created. The two times are one value at creation;
    /// compared to the millisecond, as the databases keep different precisions.
    fn unchanged(&self) -> bool {
        self.created_at.timestamp_millis() == self.updated_at.timestamp_millis()
    }
}

/// The stored papers of every import (or of `import`), with the import's id.
async fn linked_papers(db: &impl ConnectionTrait, import: Option<Uuid>) -> Result<Vec<(Uuid, Linked)>, AppError> {
    let mut select = links::Entity::find();
    if let Some(import) = import {
        select = select.filter(links::Column::ImportId.eq(import));
    }
    let links: HashMap<Uuid, Uuid> = select.all(db).await?.into_iter().map(|link| (link.publication_id, link.import_id)).collect();
    let papers: Vec<(Uuid, String, DateTime<Utc>, DateTime<Utc>)> = publications::Entity::find()
        .select_only()
        .columns([publications::Column::Id, publications::Column::Title, publications::Column::CreatedAt, publications::Column::UpdatedAt])
        .filter(publications::Column::Id.in_subquery(papers_of(import)))
        .order_by_asc(publications::Column::Title)
        .into_tuple()
        .all(db)
        .await?;
    Ok(papers
        .into_iter()
        .filter_map(|(id, title, created_at, updated_at)| Some((*links.get(&id)?, Linked { id, title, created_at, updated_at })))
        .collect())
}

/// A paper a removal kept.
#[derive(Debug, Serialize, TS)]
pub struct KeptPaper {
    pub id: Uuid,
    pub title: String,
}

/// The answer to `POST /api/admin/imports/<id>/remove`.
#[derive(Debug, Serialize, TS)]
pub struct ImportRemoval {
    /// Takes the removal back (`POST /api/admin/undo/<undo>`); none when nothing was removed.
    pub undo: Option<String>,
    pub removed: u32,
    /// The papers changed since the import, left stored.
    pub kept: Vec<KeptPaper>,
}

/// Deletes the papers `import` added that nothing changed since, in one bulk delete (one
/// transaction, one undo token), and names the ones it kept.
pub async fn remove(db: &DatabaseConnection, changes: &Changes, import: Uuid) -> Result<ImportRemoval, AppError> {
    if records::Entity::find_by_id(import).one(db).await?.is_none() {
        return Err(AppError::not_found("import"));
    }
    let write = changes.begin(db, bulk::sources_of::<publications::Entity>(BulkAction::Delete)).await?;
    let txn = write.txn();
    // Read in the transaction that deletes: a paper saved meanwhile is seen as changed.
    let (unchanged, changed): (Vec<Linked>, Vec<Linked>) =
        linked_papers(txn, Some(import)).await?.into_iter().map(|(_, paper)| paper).partition(Linked::unchanged);
    let kept = changed.into_iter().map(|paper| KeptPaper { id: paper.id, title: paper.title }).collect();
    let ids: Vec<Uuid> = unchanged.iter().map(|paper| paper.id).collect();
    if ids.is_empty() {
        return Ok(ImportRemoval { undo: None, removed: 0, kept });
    }
    let token = bulk::delete_in::<publications::Entity>(txn, &ids).await?;
    write.commit().await?;
    Ok(ImportRemoval { undo: Some(token.undo), removed: ids.len() as u32, kept })
}

/// `E` has import records (only papers are imported in batches an owner may take back).
pub fn has_sources<E: Content>() -> bool {
    E::PATH == publications::Entity::PATH
}
