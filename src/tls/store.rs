//! The `tls_state` table: named values (the ACME account, the certificate and its key, the
//! HTTP-01 answers) and the lease that lets one instance at a time order. Nothing read or
//! written here goes to a log line: the values are private keys.

use sea_orm::sea_query::{Alias, Expr, OnConflict, Query};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, ExprTrait};

const TABLE: &str = "tls_state";
const LEASE: &str = "lease";

fn table() -> Alias {
    Alias::new(TABLE)
}

fn col(name: &'static str) -> Expr {
    Expr::col(Alias::new(name))
}

pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// A stored value and its expiry (Unix seconds).
pub async fn get(db: &DatabaseConnection, name: &str) -> Result<Option<(String, i64)>, DbErr> {
    let select =
        Query::select().columns([Alias::new("value"), Alias::new("expires_at")]).from(table()).and_where(col("name").eq(name)).to_owned();
    match db.query_one(&select).await? {
        Some(row) => Ok(Some((row.try_get("", "value")?, row.try_get("", "expires_at")?))),
        None => Ok(None),
    }
}

/// Stores `value` under `name`, replacing what was there.
pub async fn put(db: &DatabaseConnection, name: &str, value: &str, expires_at: i64) -> Result<(), DbErr> {
    let insert = Query::insert()
        .into_table(table())
        .columns([Alias::new("name"), Alias::new("value"), Alias::new("expires_at")])
        .values_panic([name.into(), value.into(), expires_at.into()])
        .on_conflict(OnConflict::column(Alias::new("name")).update_columns([Alias::new("value"), Alias::new("expires_at")]).to_owned())
        .to_owned();
    db.execute(&insert).await.map(|_| ())
}

pub async fn delete(db: &DatabaseConnection, name: &str) -> Result<(), DbErr> {
    let delete = Query::delete().from_table(table()).and_where(col("name").eq(name)).to_owned();
    db.execute(&delete).await.map(|_| ())
}

/// Takes (or extends) the ordering lease for `seconds` when nobody else holds a live one. One
/// statement each, so two instances racing on PostgreSQL or SQLite cannot both win: the
/// conditional UPDATE re-checks its condition on the row it locks, and the INSERT of a lease
/// that does not exist yet succeeds for one of them only.
pub async fn take_lease(db: &DatabaseConnection, holder: &str, seconds: i64) -> Result<bool, DbErr> {
    let now = now();
    let update = Query::update()
        .table(table())
        .values([(Alias::new("value"), holder.into()), (Alias::new("expires_at"), (now + seconds).into())])
        .and_where(col("name").eq(LEASE))
        .and_where(col("value").eq(holder).or(col("expires_at").lt(now)))
        .to_owned();
    if db.execute(&update).await?.rows_affected() == 1 {
        return Ok(true);
    }
    let insert = Query::insert()
        .into_table(table())
        .columns([Alias::new("name"), Alias::new("value"), Alias::new("expires_at")])
        .values_panic([LEASE.into(), holder.into(), (now + seconds).into()])
        .on_conflict(OnConflict::column(Alias::new("name")).do_nothing().to_owned())
        .to_owned();
    Ok(db.execute(&insert).await?.rows_affected() == 1)
}

/// Gives the lease up, if `holder` still has it.
pub async fn release_lease(db: &DatabaseConnection, holder: &str) -> Result<(), DbErr> {
    let delete = Query::delete().from_table(table()).and_where(col("name").eq(LEASE)).and_where(col("value").eq(holder)).to_owned();
    db.execute(&delete).await.map(|_| ())
}
