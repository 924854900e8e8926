//! The owner's list of a table in the admin (issue 44): the table's own list read (its order,
//! drafts included) narrowed by a search and the filters the table has, sorted as asked and
//! read a page at a time, with the number of matches. One query for every table: what a table
//! can be filtered on is read from its columns, so a table with no `kind` refuses `?kind=`.

use std::str::FromStr;

use chrono::NaiveDate;
use sea_orm::sea_query::{Alias, Condition, Expr, ExprTrait, Func, LikeExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, Order, PaginatorTrait, QueryFilter, QuerySelect, QueryTrait, Select};
use serde::Deserialize;
use uuid::Uuid;

use super::imports::{self, SourceFilter};
use super::{Audience, Content, ContentStatus, ListQuery, tagging};
use crate::error::AppError;

/// `GET /api/admin/<table>?q=&kind=&year=&status=&tag=&source=&featured=&sort=&limit=&offset=`. Every
/// parameter is read as text and an empty one counts as absent (the admin sends its empty
/// filters as they are), so a value that does not fit is refused here, by name.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnerQuery {
    /// Words that must each appear in one of the table's `Content::SEARCH` columns, in any case.
    pub q: Option<String>,
    pub kind: Option<String>,
    /// The `year` column, or the year of the `date` column.
    pub year: Option<String>,
    pub status: Option<String>,
    /// A tag's id.
    pub tag: Option<String>,
    /// A paper's import: an import's id, or `manual` for the papers of none (`imports`).
    pub source: Option<String>,
    pub featured: Option<String>,
    /// A column's name, `-` first for the largest first (`-year`); the table's own order breaks
    /// ties.
    pub sort: Option<String>,
    pub limit: Option<String>,
    pub offset: Option<String>,
}

/// One page of the owner's list and how many items match in all.
pub struct OwnerPage<M> {
    pub total: u64,
    pub items: Vec<M>,
}

/// Runs `query` on `E`; a parameter the table cannot take, or a value of the wrong kind, is a
/// 400 that names it.
pub async fn read<E: Content>(db: &impl ConnectionTrait, query: &OwnerQuery) -> Result<OwnerPage<E::Model>, AppError> {
    let select = select::<E>(query)?;
    let total = select.clone().count(db).await?;
    let mut select = select;
    if let Some(offset) = given(&query.offset) {
        select = select.offset(Ord::min(count("offset", offset)?, i64::MAX as u64));
    }
    if let Some(limit) = given(&query.limit) {
        select = select.limit(Ord::min(count("limit", limit)?, i64::MAX as u64));
    }
    let mut items = select.all(db).await?;
    tagging::attach::<E>(db, &mut items).await?;
    Ok(OwnerPage { total, items })
}

fn select<E: Content>(query: &OwnerQuery) -> Result<Select<E>, AppError> {
    let status = given(&query.status).map(str::to_owned);
    if let Some(status) = &status {
        the_table_has::<E>("status", "status")?;
        if E::FILTERS.status && serde_json::from_value::<ContentStatus>(status.as_str().into()).is_err() {
            return Err(AppError::BadRequest(format!(
                "status must be {} or {}",
                ContentStatus::Published.as_str(),
                ContentStatus::Draft.as_str()
            )));
        }
    }
    // The table's own list read for the owner: its order and its status filter (students have
    // statuses of their own).
    let mut select = E::select(&ListQuery { status, ..ListQuery::default() }, Audience::Owner);
    if let Some(featured) = given(&query.featured) {
        let featured = match featured {
            "true" => true,
            "false" => false,
            _ => return Err(AppError::BadRequest("featured must be true or false".to_owned())),
        };
        select = select.filter(the_table_has::<E>("featured", "featured flag")?.eq(featured));
    }
    if let Some(kind) = given(&query.kind) {
        select = select.filter(the_table_has::<E>("kind", "kind")?.eq(kind));
    }
    if let Some(year) = given(&query.year) {
        select = select.filter(year_filter::<E>(year)?);
    }
    if let Some(tag) = given(&query.tag) {
        let tag = Uuid::parse_str(tag).map_err(|_| AppError::BadRequest("tag must be the id of a tag".to_owned()))?;
        let links = E::TAG_LINKS.ok_or_else(|| cannot::<E>("tags"))?;
        select = select.filter(super::column::<E>("id").in_subquery(links.items_of(tag)));
    }
    if let Some(source) = given(&query.source) {
        if !imports::has_sources::<E>() {
            return Err(cannot::<E>("source"));
        }
        let id = super::column::<E>("id");
        select = select.filter(match SourceFilter::parse(source)? {
            SourceFilter::Import(import) => id.in_subquery(imports::papers_of(Some(import))),
            SourceFilter::Manual => id.not_in_subquery(imports::papers_of(None)),
        });
    }
    if let Some(words) = given(&query.q) {
        select = select.filter(search::<E>(words));
    }
    if let Some(sort) = given(&query.sort) {
        let (name, direction) = match sort.strip_prefix('-') {
            Some(name) => (name, Order::Desc),
            None => (sort, Order::Asc),
        };
        if E::Column::from_str(name).is_err() {
            return Err(AppError::BadRequest(format!("{}s cannot be sorted by {name}", super::capitalised_noun::<E>())));
        }
        // The asked key first, then the table's own order for ties.
        let mut keys = vec![(name, direction)];
        keys.extend(E::ORDER.iter().cloned());
        QueryTrait::query(&mut select).clear_order_by();
        select = super::order(select, &keys);
    }
    Ok(select)
}

/// The parameter's value, unless it is absent or blank.
fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|value| !value.is_empty())
}

fn count(name: &str, value: &str) -> Result<u64, AppError> {
    value.parse().map_err(|_| AppError::BadRequest(format!("{name} must be a whole number, 0 or more")))
}

/// The column `name` of `E`, or a 400 saying the table has no such thing.
fn the_table_has<E: Content>(name: &str, what: &str) -> Result<E::Column, AppError> {
    E::Column::from_str(name).map_err(|_| cannot::<E>(what))
}

fn cannot<E: Content>(what: &str) -> AppError {
    AppError::BadRequest(format!("{}s have no {what} to filter on", super::capitalised_noun::<E>()))
}

/// `?year=`: the `year` column, or the dates of that year in the `date` column (a range, which
/// both databases compare alike).
fn year_filter<E: Content>(year: &str) -> Result<Condition, AppError> {
    let year: i32 = year.parse().map_err(|_| AppError::BadRequest("year must be a whole number".to_owned()))?;
    if let Ok(column) = E::Column::from_str("year") {
        return Ok(Condition::all().add(column.eq(year)));
    }
    let column = E::Column::from_str("date").map_err(|_| cannot::<E>("year"))?;
    let (Some(first), Some(last)) = (NaiveDate::from_ymd_opt(year, 1, 1), NaiveDate::from_ymd_opt(year, 12, 31)) else {
        return Err(AppError::BadRequest(format!("year {year} is out of range")));
    };
    Ok(Condition::all().add(column.between(first, last)))
}

/// Every word of `words` in one of the table's search columns, whatever its case. The columns
/// are read as text (a paper's authors are a JSON list) and lowered on both sides: PostgreSQL's
/// `LIKE` minds case, SQLite's does not (and lowers ASCII letters only).
fn search<E: Content>(words: &str) -> Condition {
    words.split_whitespace().fold(Condition::all(), |all, word| {
        let pattern = format!("%{}%", escape_like(&word.to_lowercase()));
        let any = E::SEARCH.iter().fold(Condition::any(), |any, name| {
            let text = Func::lower(Func::cast_as(Expr::col(super::column::<E>(name)), Alias::new("TEXT")));
            any.add(Expr::expr(text).like(LikeExpr::new(pattern.clone()).escape('\\')))
        });
        all.add(any)
    })
}

/// `%` and `_` typed by the owner are searched for as themselves.
fn escape_like(word: &str) -> String {
    word.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

#[cfg(test)]
mod tests {
    #[test]
    fn wildcards_typed_by_the_owner_are_literal() {
        assert_eq!(super::escape_like(r"100%_a\b"), r"100\%\_a\\b");
    }
}
