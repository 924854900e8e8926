//! Tags on content (issue 16): publications, projects, talks and news items carry tags through
//! one join table per kind (`item_id`, `tag_id`, see migration m0006). The links are written
//! with the item, in its transaction, and read back in one query per list.

use std::collections::HashMap;

use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query, SelectStatement};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Select, SqlErr,
    Value,
};
use uuid::Uuid;

use super::{Audience, Content, ListQuery, tags};
use crate::error::{AppError, FieldErrors};

/// How a table's items carry tags: the join table that links them.
#[derive(Clone, Copy, Debug)]
pub struct TagLinks {
    pub table: &'static str,
}

/// Ids bound per `IN (…)` list: one parameter each, and SQLite takes at most 32,766 in a
/// statement (PostgreSQL 65,535), so a list of any length is read in chunks of this many.
const IN_LIST_CHUNK: usize = 5_000;

/// The input key that lists the tags of an item.
pub const FIELD: &str = "tag_ids";

impl TagLinks {
    /// The ids of the items linked to `tag`, as a subquery for `id IN (…)`.
    pub fn items_of(self, tag: Uuid) -> SelectStatement {
        Query::select()
            .column(Alias::new("item_id"))
            .from(Alias::new(self.table))
            .and_where(Expr::col(Alias::new("tag_id")).eq(tag))
            .to_owned()
    }
}

/// The tags `ids` names, each once, in the order asked; an unknown id is the caller's mistake
/// (422 on `tag_ids`), and nothing is written.
async fn known_tags(db: &impl ConnectionTrait, ids: &[Uuid]) -> Result<Vec<Uuid>, AppError> {
    let mut unique: Vec<Uuid> = Vec::with_capacity(ids.len());
    for id in ids {
        if !unique.contains(id) {
            unique.push(*id);
        }
    }
    if unique.is_empty() {
        return Ok(unique);
    }
    let mut found: Vec<Uuid> = Vec::with_capacity(unique.len());
    for chunk in unique.chunks(IN_LIST_CHUNK) {
        found.extend(tags::Entity::find().filter(tags::Column::Id.is_in(chunk.to_vec())).all(db).await?.into_iter().map(|t| t.id));
    }
    let unknown: Vec<String> = unique.iter().filter(|id| !found.contains(id)).map(Uuid::to_string).collect();
    if !unknown.is_empty() {
        return Err(unknown_tags(&unknown.join(", ")));
    }
    Ok(unique)
}

fn unknown_tags(which: &str) -> AppError {
    let mut fields = FieldErrors::default();
    fields.add(FIELD, format!("Unknown tag: {which}"));
    AppError::validation(fields)
}

/// A tag deleted between the check and the write breaks the foreign key: the same mistake.
pub fn link_error(err: DbErr) -> AppError {
    match err.sql_err() {
        Some(SqlErr::ForeignKeyConstraintViolation(_)) => unknown_tags("a tag was deleted meanwhile"),
        _ => err.into(),
    }
}

/// Checks `ids` before the item is written (see `known_tags`).
pub async fn check<E: Content>(db: &impl ConnectionTrait, ids: &[Uuid]) -> Result<Vec<Uuid>, AppError> {
    match E::TAG_LINKS {
        Some(_) => known_tags(db, ids).await,
        None => Ok(Vec::new()),
    }
}

/// Makes `item`'s tags exactly `ids` (already checked).
pub async fn replace<E: Content>(db: &impl ConnectionTrait, item: Uuid, ids: &[Uuid]) -> Result<(), AppError> {
    let Some(links) = E::TAG_LINKS else { return Ok(()) };
    let table = Alias::new(links.table);
    let delete = Query::delete().from_table(table.clone()).and_where(Expr::col(Alias::new("item_id")).eq(item)).to_owned();
    db.execute(&delete).await.map_err(link_error)?;
    if ids.is_empty() {
        return Ok(());
    }
    // Two parameters a row.
    for chunk in ids.chunks(IN_LIST_CHUNK / 2) {
        let mut insert = Query::insert();
        insert.into_table(table.clone()).columns([Alias::new("item_id"), Alias::new("tag_id")]);
        for id in chunk {
            insert.values_panic([Value::from(item).into(), Value::from(*id).into()]);
        }
        db.execute(&insert).await.map_err(link_error)?;
    }
    Ok(())
}

/// Fills in the tags of `items` (by name), in one read of the links and one of the tags.
pub async fn attach<E: Content>(db: &impl ConnectionTrait, items: &mut [E::Model]) -> Result<(), AppError> {
    let Some(links) = E::TAG_LINKS else { return Ok(()) };
    if items.is_empty() {
        return Ok(());
    }
    let ids: Vec<Uuid> = items.iter().map(super::id_of::<E>).collect();
    let mut linked: HashMap<Uuid, Vec<Uuid>> = HashMap::new();
    for chunk in ids.chunks(IN_LIST_CHUNK) {
        let select = Query::select()
            .columns([Alias::new("item_id"), Alias::new("tag_id")])
            .from(Alias::new(links.table))
            .and_where(Expr::col(Alias::new("item_id")).is_in(chunk.iter().copied()))
            .to_owned();
        for row in db.query_all(&select).await? {
            linked.entry(row.try_get("", "item_id")?).or_default().push(row.try_get("", "tag_id")?);
        }
    }
    if linked.is_empty() {
        return Ok(());
    }
    let mut tag_ids: Vec<Uuid> = linked.values().flatten().copied().collect();
    tag_ids.sort_unstable();
    tag_ids.dedup();
    // In the database's order of names (its collation), kept through a rank per tag.
    let mut tags: HashMap<Uuid, (usize, tags::Model)> = HashMap::with_capacity(tag_ids.len());
    for chunk in tag_ids.chunks(IN_LIST_CHUNK) {
        let found = tags::Entity::find()
            .filter(tags::Column::Id.is_in(chunk.to_vec()))
            .order_by_asc(tags::Column::Name)
            .order_by_asc(tags::Column::Id)
            .all(db)
            .await?;
        for tag in found {
            tags.insert(tag.id, (tags.len(), tag));
        }
    }
    for item in items {
        if let (Some(ids), Some(slot)) = (linked.get(&super::id_of::<E>(item)), E::tags_mut(item)) {
            let mut own: Vec<&(usize, tags::Model)> = ids.iter().filter_map(|id| tags.get(id)).collect();
            own.sort_by_key(|(rank, _)| *rank);
            *slot = own.into_iter().map(|(_, tag)| tag.clone()).collect();
        }
    }
    Ok(())
}

/// The published items of `E` that carry `tag`, in the spec's order; `None` for a table
/// without tags.
fn select_published_with<E: Content>(tag: Uuid) -> Option<Select<E>> {
    let links = E::TAG_LINKS?;
    Some(E::select(&ListQuery::default(), Audience::Public).filter(super::column::<E>("id").in_subquery(links.items_of(tag))))
}

/// How many published items of `E` carry `tag`.
pub async fn count_published_with<E: Content>(db: &impl ConnectionTrait, tag: Uuid) -> Result<u64, AppError> {
    let Some(select) = select_published_with::<E>(tag) else { return Ok(0) };
    Ok(select.count(db).await?)
}

/// The published items of `E` that carry `tag`, in the spec's order, `skip` of them left out
/// and then at most `take`, with their tags.
pub async fn published_with<E: Content>(db: &impl ConnectionTrait, tag: Uuid, skip: u64, take: u64) -> Result<Vec<E::Model>, AppError> {
    let Some(select) = select_published_with::<E>(tag).filter(|_| take > 0) else { return Ok(Vec::new()) };
    let mut items = select.offset(skip).limit(take).all(db).await?;
    attach::<E>(db, &mut items).await?;
    Ok(items)
}

/// The tags of the published items of `E` among `ids`, as (item, tag) pairs: which tags' pages
/// show those items (`render::translated`).
pub async fn tags_of_published<E: Content>(db: &impl ConnectionTrait, ids: &[Uuid]) -> Result<Vec<(Uuid, Uuid)>, AppError> {
    let Some(links) = E::TAG_LINKS else { return Ok(Vec::new()) };
    let mut pairs = Vec::new();
    for chunk in ids.chunks(IN_LIST_CHUNK) {
        let mut published = E::select(&ListQuery::default(), Audience::Public)
            .select_only()
            .column(super::column::<E>("id"))
            .filter(super::column::<E>("id").is_in(chunk.iter().copied()));
        QueryTrait::query(&mut published).clear_order_by();
        let select = Query::select()
            .columns([Alias::new("item_id"), Alias::new("tag_id")])
            .from(Alias::new(links.table))
            .and_where(Expr::col(Alias::new("item_id")).in_subquery(published.into_query()))
            .to_owned();
        for row in db.query_all(&select).await? {
            pairs.push((row.try_get("", "item_id")?, row.try_get("", "tag_id")?));
        }
    }
    Ok(pairs)
}

/// A join table as an entity, for the backup (`crate::backup`), which copies every table row
/// by row through its model.
macro_rules! link_table {
    ($module:ident, $table:literal) => {
        #[doc = concat!("The `", $table, "` join table: one row per tag on an item.")]
        pub mod $module {
            use sea_orm::entity::prelude::*;
            use serde::{Deserialize, Serialize};

            #[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize)]
            #[sea_orm(table_name = $table)]
            pub struct Model {
                #[sea_orm(primary_key, auto_increment = false)]
                pub item_id: Uuid,
                #[sea_orm(primary_key, auto_increment = false)]
                pub tag_id: Uuid,
            }

            #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
            pub enum Relation {}

            impl ActiveModelBehavior for ActiveModel {}
        }
    };
}

link_table!(publication_tags, "publication_tags");
link_table!(project_tags, "project_tags");
link_table!(talk_tags, "talk_tags");
link_table!(news_item_tags, "news_item_tags");
link_table!(post_tags, "post_tags");
