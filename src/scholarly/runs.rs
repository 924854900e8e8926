//! The `outside_sources` table: per source, when it was last called, last answered and last
//! failed (and why), which the dashboard shows; per daily job, when it last ran and the lease
//! that lets one instance at a time run it on PostgreSQL.

use chrono::{DateTime, Utc};
use sea_orm::entity::prelude::*;
use sea_orm::{ActiveValue::Set, ExprTrait};
use serde::Serialize;
use ts_rs::TS;

use super::http::{Failure, Source};
use crate::error::AppError;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "outside_sources")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub name: String,
    pub last_run_at: Option<DateTimeUtc>,
    pub last_success_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    pub last_error_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Json", nullable)]
    pub detail: Option<Json>,
    pub lease_holder: Option<String>,
    pub lease_until: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// A source as the dashboard shows it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SourceStatus {
    pub name: String,
    pub last_run_at: Option<DateTime<Utc>>,
    pub last_success_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub last_error_at: Option<DateTime<Utc>>,
}

/// Makes sure the row `name` exists, so updates can find it.
async fn ensure(db: &impl ConnectionTrait, name: &str) -> Result<(), DbErr> {
    let row = ActiveModel {
        name: Set(name.to_owned()),
        last_run_at: Set(None),
        last_success_at: Set(None),
        last_error: Set(None),
        last_error_at: Set(None),
        detail: Set(None),
        lease_holder: Set(None),
        lease_until: Set(None),
    };
    Entity::insert(row).on_conflict_do_nothing_on([Column::Name]).exec(db).await?;
    Ok(())
}

/// Notes a call's outcome for `source`: answered, or failed and why.
pub async fn record(db: &impl ConnectionTrait, source: Source, outcome: Result<(), &Failure>) -> Result<(), AppError> {
    ensure(db, source.key()).await?;
    let now = crate::ops::clock::now();
    let mut update = Entity::update_many().col_expr(Column::LastRunAt, Expr::value(now)).filter(Column::Name.eq(source.key()));
    update = match outcome {
        Ok(()) => update.col_expr(Column::LastSuccessAt, Expr::value(now)),
        Err(failure) => {
            update.col_expr(Column::LastError, Expr::value(failure.to_string())).col_expr(Column::LastErrorAt, Expr::value(now))
        }
    };
    update.exec(db).await?;
    Ok(())
}

/// Stores what a job's run found (the ORCID check's new works).
pub async fn set_detail(db: &impl ConnectionTrait, name: &str, detail: serde_json::Value) -> Result<(), AppError> {
    ensure(db, name).await?;
    Entity::update_many().col_expr(Column::Detail, Expr::value(detail)).filter(Column::Name.eq(name)).exec(db).await?;
    Ok(())
}

pub async fn get(db: &impl ConnectionTrait, name: &str) -> Result<Option<Model>, AppError> {
    Ok(Entity::find_by_id(name.to_owned()).one(db).await?)
}

/// The sources' rows, for the dashboard.
pub async fn statuses(db: &impl ConnectionTrait) -> Result<Vec<SourceStatus>, AppError> {
    let sources = [Source::Crossref, Source::OpenAlex, Source::Orcid, Source::Doi];
    let mut out = Vec::new();
    for source in sources {
        if let Some(row) = get(db, source.key()).await? {
            // An error the source has answered since is over: the dashboard no longer shows it.
            let current = match (row.last_error_at, row.last_success_at) {
                (Some(error), Some(success)) => error > success,
                (error, _) => error.is_some(),
            };
            out.push(SourceStatus {
                name: source.name().to_owned(),
                last_run_at: row.last_run_at,
                last_success_at: row.last_success_at,
                last_error: row.last_error.filter(|_| current),
                last_error_at: row.last_error_at.filter(|_| current),
            });
        }
    }
    Ok(out)
}

/// Takes the lease of job `name` for `holder` when the job is due (its last run is older than
/// `every`) and no other instance holds a live lease. One conditional UPDATE: on PostgreSQL
/// and SQLite alike, two instances racing cannot both win.
pub async fn take_if_due(
    db: &impl ConnectionTrait,
    name: &str,
    holder: &str,
    every: chrono::Duration,
    lease: chrono::Duration,
) -> Result<bool, AppError> {
    ensure(db, name).await?;
    let now = crate::ops::clock::now();
    let taken = Entity::update_many()
        .col_expr(Column::LeaseHolder, Expr::value(holder))
        .col_expr(Column::LeaseUntil, Expr::value(now + lease))
        .filter(Column::Name.eq(name))
        .filter(Expr::col(Column::LeaseUntil).is_null().or(Expr::col(Column::LeaseUntil).lt(now)))
        .filter(Expr::col(Column::LastRunAt).is_null().or(Expr::col(Column::LastRunAt).lt(now - every)))
        .exec(db)
        .await?;
    Ok(taken.rows_affected == 1)
}

/// Ends a job's run: its time noted, the lease given back.
pub async fn finish(db: &impl ConnectionTrait, name: &str, holder: &str) -> Result<(), AppError> {
    Entity::update_many()
        .col_expr(Column::LastRunAt, Expr::value(crate::ops::clock::now()))
        .col_expr(Column::LeaseHolder, Expr::value(Option::<String>::None))
        .col_expr(Column::LeaseUntil, Expr::value(Option::<DateTimeUtc>::None))
        .filter(Column::Name.eq(name))
        .filter(Column::LeaseHolder.eq(holder))
        .exec(db)
        .await?;
    Ok(())
}
