//! Bulk actions on an admin list (issue 44): delete, publish, unpublish or tag many items at
//! once, in one transaction announced like any write (`Changes::begin`, so the public pages
//! refresh), and undo the action within `UNDO_WINDOW`.
//!
//! What an undo needs is kept in the database (`undo_actions`, migration m0020) rather than in
//! the server's memory: several instances may serve one PostgreSQL database, and the undo may
//! reach another instance than the action did; a restart must not lose it either. Each record
//! holds exactly what the action changed, as JSON:
//! - a delete: the rows as they were and everything their delete took with them through a
//!   cascading foreign key (their tag links; a tag's links to every item; a paper's citation
//!   counts; a paper's link to the import that added it) or that the delete removed beside them
//!   (their translations). An uploaded PDF stays stored, so the restored paper still has it.
//! - a publish or unpublish: the status and update time of each row whose status it changed;
//! - a tag: the items it added the tag to (not those that had it already).
//!
//! An undo restores that and deletes the record in the same transaction, so it happens once.
//! Expired records are pruned an hour after their expiry; until then a late undo is told it
//! is too late rather than that the action is unknown.

use std::time::Duration;

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, IntoActiveModel, QueryFilter,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use uuid::Uuid;

use super::tagging::{TagLinks, link_error};
use super::{Content, ContentStatus, citation_counts, import_links, publications, tags, translations};
use crate::error::{AppError, FieldErrors};
use crate::store::changes::{Changes, Sources};

/// How long an action can be undone.
pub const UNDO_WINDOW: Duration = Duration::from_secs(30);

/// How long an expired record is kept, so a late undo is told why it fails.
const KEEP_EXPIRED: Duration = Duration::from_secs(3600);

/// Ids bound per `IN (…)` list (both databases take far more parameters than this).
const CHUNK: usize = 1000;

/// `POST /api/admin/<table>/bulk`.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct BulkRequest {
    pub action: BulkAction,
    pub ids: Vec<Uuid>,
    /// The tag to add: only with `tag`.
    #[serde(default)]
    #[ts(optional)]
    pub tag: Option<Uuid>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum BulkAction {
    Delete,
    Publish,
    Unpublish,
    Tag,
}

/// The answer to a bulk action: what `POST /api/admin/undo/<undo>` takes back.
#[derive(Debug, Serialize, Deserialize, TS)]
pub struct UndoToken {
    pub undo: String,
}

/// What an undo restores (see the module's documentation).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Snapshot {
    Delete {
        rows: Vec<serde_json::Value>,
        links: Vec<Link>,
        citation_counts: Vec<citation_counts::Model>,
        /// Absent from the records written before m0022.
        #[serde(default)]
        imported_by: Vec<import_links::Model>,
        /// Absent from the records written before m0023.
        #[serde(default)]
        translations: Vec<translations::Model>,
    },
    Status {
        action: BulkAction,
        rows: Vec<StatusBefore>,
    },
    Tag {
        tag: Uuid,
        items: Vec<Uuid>,
    },
}

/// One row of a join table of tags (`TagLinks`).
#[derive(Debug, Serialize, Deserialize)]
struct Link {
    table: String,
    item_id: Uuid,
    tag_id: Uuid,
}

#[derive(Debug, Serialize, Deserialize)]
struct StatusBefore {
    id: Uuid,
    status: ContentStatus,
    updated_at: DateTime<Utc>,
}

/// The stored records of undoable actions.
pub mod records {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "undo_actions")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub token: String,
        /// The table's API path (`Content::PATH`).
        pub table_path: String,
        /// The `Snapshot`, as JSON.
        #[sea_orm(column_type = "Text")]
        pub snapshot: String,
        pub created_at: DateTimeUtc,
        pub expires_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// Runs `request` on `E`'s items in one announced transaction and records how to undo it.
/// Everything is checked before anything is written: an unknown id, an action the table does
/// not have or a missing tag is a 4xx and nothing changes.
pub async fn apply<E: Content>(db: &DatabaseConnection, changes: &Changes, request: BulkRequest) -> Result<UndoToken, AppError> {
    let BulkRequest { action, ids, tag } = request;
    let mut unique: Vec<Uuid> = Vec::with_capacity(ids.len());
    for id in ids {
        if !unique.contains(&id) {
            unique.push(id);
        }
    }
    let ids = unique;
    if ids.is_empty() {
        return Err(field_error("ids", "Choose at least one item"));
    }
    match (action, tag) {
        (BulkAction::Tag, None) => return Err(field_error("tag", "Choose the tag to add")),
        (BulkAction::Tag, Some(_)) => {}
        (_, Some(_)) => return Err(field_error("tag", "Only the tag action takes a tag")),
        (_, None) => {}
    }
    let noun = super::capitalised_noun::<E>();
    match action {
        BulkAction::Publish | BulkAction::Unpublish if !E::FILTERS.status => {
            return Err(AppError::BadRequest(format!("{noun}s have no draft state: they cannot be published or unpublished")));
        }
        BulkAction::Tag if E::TAG_LINKS.is_none() => return Err(AppError::BadRequest(format!("{noun}s do not carry tags"))),
        _ => {}
    }

    let write = changes.begin(db, sources_of::<E>(action)).await?;
    let txn = write.txn();
    let rows = read_rows::<E>(txn, &ids).await?;
    if rows.len() < ids.len() {
        let found: Vec<Uuid> = rows.iter().map(super::id_of::<E>).collect();
        let unknown: Vec<String> = ids.iter().filter(|id| !found.contains(id)).map(Uuid::to_string).collect();
        return Err(field_error("ids", format!("No {} has the id {}", E::NOUN, unknown.join(", "))));
    }
    let snapshot = match (action, tag) {
        (BulkAction::Delete, _) => delete::<E>(txn, &ids, rows).await?,
        (BulkAction::Publish, _) => set_status::<E>(txn, action, ContentStatus::Published, rows).await?,
        (BulkAction::Unpublish, _) => set_status::<E>(txn, action, ContentStatus::Draft, rows).await?,
        (BulkAction::Tag, Some(tag)) => add_tag::<E>(txn, tag, &ids).await?,
        (BulkAction::Tag, None) => unreachable!("checked above"),
    };
    let token = record::<E>(txn, &snapshot).await?;
    write.commit().await?;
    Ok(UndoToken { undo: token })
}

/// Deletes the items `ids` of `E` in `txn` as a bulk delete does and records its undo: an
/// import's removal (`imports::remove`), which chose the ids in the same transaction.
pub async fn delete_in<E: Content>(txn: &DatabaseTransaction, ids: &[Uuid]) -> Result<UndoToken, AppError> {
    let rows = read_rows::<E>(txn, ids).await?;
    let snapshot = delete::<E>(txn, ids, rows).await?;
    Ok(UndoToken { undo: record::<E>(txn, &snapshot).await? })
}

/// What an action makes stale: the table's pages, and the tag pages when links change.
pub fn sources_of<E: Content>(action: BulkAction) -> Sources {
    match action {
        BulkAction::Delete | BulkAction::Tag if E::TAG_LINKS.is_some() => E::SOURCES | Sources::TAGS,
        _ => E::SOURCES,
    }
}

fn field_error(field: &str, message: impl Into<String>) -> AppError {
    let mut fields = FieldErrors::default();
    fields.add(field, message);
    AppError::validation(fields)
}

async fn read_rows<E: Content>(db: &impl ConnectionTrait, ids: &[Uuid]) -> Result<Vec<E::Model>, AppError> {
    let mut rows = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(CHUNK) {
        rows.extend(E::find().filter(super::column::<E>("id").is_in(chunk.to_vec())).all(db).await?);
    }
    Ok(rows)
}

/// Every join table of tags (the tables whose items carry tags).
fn link_tables() -> Vec<TagLinks> {
    macro_rules! link_tables {
        ($($table:ident),*) => {
            [$(<crate::content::$table::Entity as Content>::TAG_LINKS),*]
        };
    }
    crate::content::tables!(link_tables).into_iter().flatten().collect()
}

/// The links of `table` whose `by` column (`item_id` or `tag_id`) is one of `ids`.
async fn read_links(db: &impl ConnectionTrait, table: &'static str, by: &str, ids: &[Uuid]) -> Result<Vec<Link>, AppError> {
    let mut links = Vec::new();
    for chunk in ids.chunks(CHUNK) {
        let select = Query::select()
            .columns([Alias::new("item_id"), Alias::new("tag_id")])
            .from(Alias::new(table))
            .and_where(Expr::col(Alias::new(by)).is_in(chunk.iter().copied()))
            .to_owned();
        for row in db.query_all(&select).await? {
            links.push(Link { table: table.to_owned(), item_id: row.try_get("", "item_id")?, tag_id: row.try_get("", "tag_id")? });
        }
    }
    Ok(links)
}

async fn insert_link(db: &impl ConnectionTrait, link: &Link) -> Result<(), AppError> {
    let insert = Query::insert()
        .into_table(Alias::new(link.table.as_str()))
        .columns([Alias::new("item_id"), Alias::new("tag_id")])
        .values_panic([link.item_id.into(), link.tag_id.into()])
        .to_owned();
    db.execute(&insert).await.map_err(link_error)?;
    Ok(())
}

/// Deletes the rows, first keeping them and whatever their foreign keys' cascades remove: the
/// tag links (of the items, or of the tags when the items are tags), a paper's citation counts
/// and its import link (migrations m0006, m0012, m0016, m0022 have every cascade from a
/// content table); and the items' translations, which no foreign key can reach (m0023).
async fn delete<E: Content>(txn: &DatabaseTransaction, ids: &[Uuid], rows: Vec<E::Model>) -> Result<Snapshot, AppError> {
    let mut links = Vec::new();
    match E::TAG_LINKS {
        Some(own) => links.extend(read_links(txn, own.table, "item_id", ids).await?),
        None if E::PATH == tags::Entity::PATH => {
            for table in link_tables() {
                links.extend(read_links(txn, table.table, "tag_id", ids).await?);
            }
        }
        None => {}
    }
    let mut counts = Vec::new();
    let mut imported_by = Vec::new();
    if E::PATH == publications::Entity::PATH {
        for chunk in ids.chunks(CHUNK) {
            counts.extend(
                citation_counts::Entity::find().filter(citation_counts::Column::PublicationId.is_in(chunk.to_vec())).all(txn).await?,
            );
        }
        imported_by = import_links::links_of(txn, ids).await?;
    }
    let translated = translations::of_items(txn, ids).await?;
    for chunk in ids.chunks(CHUNK) {
        E::delete_many().filter(super::column::<E>("id").is_in(chunk.to_vec())).exec(txn).await?;
    }
    translations::forget(txn, ids).await?;
    let rows = rows.iter().map(serde_json::to_value).collect::<Result<_, _>>().map_err(anyhow::Error::from)?;
    Ok(Snapshot::Delete { rows, links, citation_counts: counts, imported_by, translations: translated })
}

/// Gives the rows `status` (and a new update time), keeping the ones it changes as they were.
async fn set_status<E: Content>(
    txn: &DatabaseTransaction,
    action: BulkAction,
    status: ContentStatus,
    rows: Vec<E::Model>,
) -> Result<Snapshot, AppError> {
    let mut before = Vec::new();
    for row in &rows {
        let value = serde_json::to_value(row).map_err(anyhow::Error::from)?;
        let was: StatusBefore = serde_json::from_value(value).map_err(anyhow::Error::from)?;
        if was.status != status {
            before.push(was);
        }
    }
    let changed: Vec<Uuid> = before.iter().map(|row| row.id).collect();
    let now = crate::ops::clock::now();
    for chunk in changed.chunks(CHUNK) {
        E::update_many()
            .col_expr(super::column::<E>("status"), Expr::value(status.as_str()))
            .col_expr(super::column::<E>("updated_at"), Expr::value(now))
            .filter(super::column::<E>("id").is_in(chunk.to_vec()))
            .exec(txn)
            .await?;
    }
    Ok(Snapshot::Status { action, rows: before })
}

/// Adds `tag` to the items that do not have it yet.
async fn add_tag<E: Content>(txn: &DatabaseTransaction, tag: Uuid, ids: &[Uuid]) -> Result<Snapshot, AppError> {
    let Some(own) = E::TAG_LINKS else { unreachable!("checked by apply") };
    if tags::Entity::find_by_id(tag).one(txn).await?.is_none() {
        return Err(field_error("tag", format!("No tag has the id {tag}")));
    }
    let tagged: Vec<Uuid> =
        read_links(txn, own.table, "item_id", ids).await?.into_iter().filter(|l| l.tag_id == tag).map(|l| l.item_id).collect();
    let items: Vec<Uuid> = ids.iter().copied().filter(|id| !tagged.contains(id)).collect();
    for item in &items {
        insert_link(txn, &Link { table: own.table.to_owned(), item_id: *item, tag_id: tag }).await?;
    }
    Ok(Snapshot::Tag { tag, items })
}

/// Stores the snapshot under a new random token, and prunes the records long expired.
async fn record<E: Content>(txn: &DatabaseTransaction, snapshot: &Snapshot) -> Result<String, AppError> {
    let now = crate::ops::clock::now();
    let keep = chrono::Duration::from_std(KEEP_EXPIRED).map_err(anyhow::Error::from)?;
    records::Entity::delete_many().filter(records::Column::ExpiresAt.lt(now - keep)).exec(txn).await?;
    let token = Uuid::new_v4().simple().to_string();
    let window = chrono::Duration::from_std(UNDO_WINDOW).map_err(anyhow::Error::from)?;
    let record = records::Model {
        token: token.clone(),
        table_path: E::PATH.to_owned(),
        snapshot: serde_json::to_string(snapshot).map_err(anyhow::Error::from)?,
        created_at: now,
        expires_at: now + window,
    };
    records::Entity::insert(record.into_active_model()).exec(txn).await?;
    Ok(token)
}

/// `POST /api/admin/undo/<token>`: restores what the action changed, once, within the window.
pub async fn undo(db: &DatabaseConnection, changes: &Changes, token: &str) -> Result<(), AppError> {
    let record = records::Entity::find_by_id(token.to_owned()).one(db).await?.ok_or_else(nothing_to_undo)?;
    if record.expires_at <= crate::ops::clock::now() {
        return Err(too_late());
    }
    macro_rules! undo_in_table {
        ($($table:ident),*) => {
            match record.table_path.as_str() {
                $(path if path == <crate::content::$table::Entity as Content>::PATH => {
                    undo_in::<crate::content::$table::Entity>(db, changes, &record).await
                })*
                _ => Err(nothing_to_undo()),
            }
        };
    }
    crate::content::tables!(undo_in_table)
}

fn nothing_to_undo() -> AppError {
    AppError::NotFound("Nothing to undo: this action is unknown or was undone already".to_owned())
}

fn too_late() -> AppError {
    AppError::Gone(format!("Too late to undo: an action can be undone for {} seconds after it", UNDO_WINDOW.as_secs()))
}

async fn undo_in<E: Content>(db: &DatabaseConnection, changes: &Changes, record: &records::Model) -> Result<(), AppError> {
    let snapshot: Snapshot = serde_json::from_str(&record.snapshot).map_err(anyhow::Error::from)?;
    let action = match &snapshot {
        Snapshot::Delete { .. } => BulkAction::Delete,
        Snapshot::Status { action, .. } => *action,
        Snapshot::Tag { .. } => BulkAction::Tag,
    };
    let write = changes.begin(db, sources_of::<E>(action)).await?;
    let txn = write.txn();
    // Claimed first: of two undos at once, the second waits for the first and finds nothing.
    let claimed = records::Entity::delete_many()
        .filter(records::Column::Token.eq(record.token.as_str()))
        .filter(records::Column::ExpiresAt.gt(crate::ops::clock::now()))
        .exec(txn)
        .await?;
    if claimed.rows_affected == 0 {
        return Err(nothing_to_undo());
    }
    match snapshot {
        Snapshot::Delete { rows, links, citation_counts, imported_by, translations: translated } => {
            for row in rows {
                let model: E::Model = serde_json::from_value(row).map_err(anyhow::Error::from)?;
                let active = model.into_active_model().reset_all();
                E::insert(active).exec(txn).await.map_err(super::clash_to_validation::<E>)?;
            }
            for link in &links {
                insert_link(txn, link).await?;
            }
            for count in citation_counts {
                citation_counts::Entity::insert(count.into_active_model().reset_all()).exec(txn).await?;
            }
            for link in imported_by {
                import_links::Entity::insert(link.into_active_model().reset_all()).exec(txn).await?;
            }
            translations::restore(txn, translated).await?;
        }
        Snapshot::Status { rows, .. } => {
            for row in rows {
                E::update_many()
                    .col_expr(super::column::<E>("status"), Expr::value(row.status.as_str()))
                    .col_expr(super::column::<E>("updated_at"), Expr::value(row.updated_at))
                    .filter(super::column::<E>("id").eq(row.id))
                    .exec(txn)
                    .await?;
            }
        }
        Snapshot::Tag { tag, items } => {
            if let Some(own) = E::TAG_LINKS {
                for chunk in items.chunks(CHUNK) {
                    let delete = Query::delete()
                        .from_table(Alias::new(own.table))
                        .and_where(Expr::col(Alias::new("tag_id")).eq(tag))
                        .and_where(Expr::col(Alias::new("item_id")).is_in(chunk.iter().copied()))
                        .to_owned();
                    txn.execute(&delete).await?;
                }
            }
        }
    }
    write.commit().await?;
    Ok(())
}
