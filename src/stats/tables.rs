//! The statistics' tables (migration `m0016_statistics`): a buffer's counts added with one
//! upsert per row, so several instances add up; the day's salt, created by whichever instance
//! asks first; the roll-up of a finished day's keys into counts.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict, Query};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, TransactionTrait, Value};

use super::buffer::Buffer;
use super::visitor::Salt;

/// Keys written per INSERT: well under both databases' limit on bound values.
const KEYS_PER_INSERT: usize = 300;

/// The scope of a visitor key: the whole site, a page, or a source.
pub const SITE: &str = "site";
pub const PAGE: &str = "page:";
pub const SOURCE: &str = "source:";

/// Adds a buffer's counts, in one transaction: all of them or none (the caller keeps the
/// buffer for the next try). Rows are written in key order, so two instances writing at once
/// lock them in the same order and cannot deadlock.
pub async fn write(db: &DatabaseConnection, buffer: &Buffer) -> Result<(), DbErr> {
    let txn = db.begin().await?;
    for (&day, counts) in &buffer.days {
        let totals = [("views", counts.views), ("downloads", counts.downloads), ("unique_downloads", counts.unique_downloads)];
        add(&txn, "stats_days", day, &[], &totals).await?;
        let mut keys: Vec<(String, i64)> = counts.visitors.iter().map(|key| (SITE.to_owned(), *key)).collect();
        for (path, page) in sorted(&counts.pages) {
            add(&txn, "stats_pages", day, &[("path", path)], &[("views", page.views)]).await?;
            keys.extend(page.visitors.iter().map(|key| (format!("{PAGE}{path}"), *key)));
        }
        for (path, file) in sorted(&counts.files) {
            let figures = [("downloads", file.downloads), ("unique_downloads", file.unique_downloads)];
            add(&txn, "stats_files", day, &[("path", path)], &figures).await?;
        }
        for (name, source) in sorted(&counts.sources) {
            add(&txn, "stats_sources", day, &[("source", name)], &[("visitors", source.without_key)]).await?;
            keys.extend(source.visitors.iter().map(|key| (format!("{SOURCE}{name}"), *key)));
        }
        for ((reader, feed), subscribers) in sorted(&counts.feeds) {
            set_subscribers(&txn, day, reader, feed, *subscribers).await?;
        }
        keys.sort_unstable();
        for chunk in keys.chunks(KEYS_PER_INSERT) {
            let mut insert = Query::insert();
            insert.into_table("stats_keys").columns(["day", "scope", "visitor"]);
            for (scope, key) in chunk {
                insert.values_panic([day.into(), scope.as_str().into(), (*key).into()]);
            }
            insert.on_conflict(OnConflict::columns(["day", "scope", "visitor"]).do_nothing().to_owned());
            txn.execute(&insert).await?;
        }
    }
    txn.commit().await
}

fn sorted<K: Ord, V>(map: &HashMap<K, V>) -> Vec<(&K, &V)> {
    let mut entries: Vec<(&K, &V)> = map.iter().collect();
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    entries
}

/// Adds `counts` to the row of `table` for `day` and `key`, creating it at zero first.
async fn add(
    db: &impl ConnectionTrait,
    table: &'static str,
    day: NaiveDate,
    key: &[(&'static str, &str)],
    counts: &[(&'static str, i64)],
) -> Result<(), DbErr> {
    let key_columns: Vec<&'static str> = std::iter::once("day").chain(key.iter().map(|(column, _)| *column)).collect();
    let mut values: Vec<Value> = vec![day.into()];
    values.extend(key.iter().map(|(_, value)| Value::from(*value)));
    values.extend(counts.iter().map(|(_, count)| Value::from(*count)));
    let mut conflict = OnConflict::columns(key_columns.clone());
    for (column, _) in counts {
        conflict.value(*column, Expr::cust(format!("{table}.{column} + excluded.{column}")));
    }
    let mut insert = Query::insert();
    insert
        .into_table(table)
        .columns(key_columns.into_iter().chain(counts.iter().map(|(column, _)| *column)))
        .values_panic(values.into_iter().map(Into::into))
        .on_conflict(conflict.to_owned());
    db.execute(&insert).await?;
    Ok(())
}

/// A feed reader's latest figure of the day replaces the one before.
async fn set_subscribers(db: &impl ConnectionTrait, day: NaiveDate, reader: &str, feed: &str, subscribers: i64) -> Result<(), DbErr> {
    let mut insert = Query::insert();
    insert
        .into_table("stats_feeds")
        .columns(["day", "reader", "feed", "subscribers"])
        .values_panic([day.into(), reader.into(), feed.into(), subscribers.into()])
        .on_conflict(OnConflict::columns(["day", "reader", "feed"]).update_column("subscribers").to_owned());
    db.execute(&insert).await?;
    Ok(())
}

/// The salt of `day`: the one stored, or a new random one stored first (the first instance to
/// ask decides; the others read it).
pub async fn salt(db: &DatabaseConnection, day: NaiveDate) -> Result<Salt, DbErr> {
    let fresh: Salt = rand::random();
    let hex: String = fresh.iter().map(|b| format!("{b:02x}")).collect();
    let mut insert = Query::insert();
    insert
        .into_table("stats_salts")
        .columns(["day", "salt"])
        .values_panic([day.into(), hex.into()])
        .on_conflict(OnConflict::column("day").do_nothing().to_owned());
    db.execute(&insert).await?;
    let select = Query::select().column("salt").from("stats_salts").and_where(Expr::col("day").eq(day)).to_owned();
    let row = db.query_one(&select).await?.ok_or_else(|| DbErr::RecordNotFound(format!("the salt of {day}")))?;
    let stored: String = row.try_get("", "salt")?;
    let mut salt = [0u8; 32];
    for (byte, pair) in salt.iter_mut().zip(stored.as_bytes().chunks(2)) {
        *byte = std::str::from_utf8(pair).ok().and_then(|pair| u8::from_str_radix(pair, 16).ok()).unwrap_or(0);
    }
    Ok(salt)
}

/// Rolls the keys of every day before `before` into that day's visitor counts and deletes
/// them, then deletes those days' salts: what is left of a finished day cannot be linked to
/// anyone. The keys are counted as they are deleted (`RETURNING`), so two instances rolling up
/// at once cannot count a key twice.
pub async fn roll_up(db: &DatabaseConnection, before: NaiveDate) -> Result<(), DbErr> {
    let days = Query::select().distinct().column("day").from("stats_keys").and_where(Expr::col("day").lt(before)).to_owned();
    let days: Vec<NaiveDate> = db.query_all(&days).await?.iter().map(|row| row.try_get("", "day")).collect::<Result<_, _>>()?;
    for day in days {
        let txn = db.begin().await?;
        let delete = Query::delete().from_table("stats_keys").and_where(Expr::col("day").eq(day)).returning_col("scope").to_owned();
        // In key order, as `write` goes.
        let mut counted: BTreeMap<String, i64> = BTreeMap::new();
        for row in txn.query_all(&delete).await? {
            *counted.entry(row.try_get("", "scope")?).or_default() += 1;
        }
        for (scope, visitors) in counted {
            let visitors = [("visitors", visitors)];
            if scope == SITE {
                add(&txn, "stats_days", day, &[], &visitors).await?;
            } else if let Some(path) = scope.strip_prefix(PAGE) {
                add(&txn, "stats_pages", day, &[("path", path)], &visitors).await?;
            } else if let Some(name) = scope.strip_prefix(SOURCE) {
                add(&txn, "stats_sources", day, &[("source", name)], &visitors).await?;
            }
        }
        txn.commit().await?;
    }
    let salts = Query::delete().from_table("stats_salts").and_where(Expr::col("day").lt(before)).to_owned();
    db.execute(&salts).await?;
    Ok(())
}

/// Deletes the per-page and per-source counts of the days before `before` (the retention
/// setting); the day totals and the downloads per file stay.
pub async fn forget_detail_before(db: &DatabaseConnection, before: NaiveDate) -> Result<(), DbErr> {
    for table in ["stats_pages", "stats_sources"] {
        db.execute(&Query::delete().from_table(table).and_where(Expr::col("day").lt(before)).to_owned()).await?;
    }
    Ok(())
}
