//! The portable backup: one ZIP archive that restores on SQLite or PostgreSQL.
//!
//! | entry | what |
//! |---|---|
//! | `manifest.json` | format, Vita's version, the schema (last applied migration), when, per table its row count, size and SHA-256, per file its size and SHA-256 |
//! | `tables/<table>.jsonl` | one JSON object per row, keys the model's fields, in primary-key order |
//! | `files/<bucket>/<name>` | the uploaded files, byte for byte |
//!
//! Rows go through the entity models, so a value is the same in both databases: times are RFC
//! 3339 in UTC (to the microsecond, see `clock::now`), ids are UUID strings, booleans are
//! `true`/`false`, numbers are JSON numbers (a float is written so it reads back exactly) and
//! JSON columns are nested JSON.
//!
//! Sessions and sign-in attempts are never in the archive: a restored site signs everyone out.
//! The owner accounts are, with their password hashes, so the owner signs in as before. Their
//! second factor is not (the app's secret, the recovery codes): a restore that replaces the
//! accounts removes it with them, and the owner turns it on again.
//!
//! **Consistency.** Every table is read in one read transaction (PostgreSQL: repeatable read,
//! read only; SQLite: one transaction on one connection of a WAL database), so the rows are one
//! committed state while writes go on. The files are listed right after that state is taken.
//! A stored file's name is generated and never reused or overwritten, so every file a row of
//! the state names is in the list, unless it was deleted in that moment (the backup then
//! lacks it, as the site does); a file uploaded after the state was taken may be in the
//! archive too, named by no row, which is harmless.
//!
//! **Restore** checks the whole archive before it changes anything: the format, that the schema
//! is one this Vita knows, every entry's size and SHA-256 (and the ZIP's own CRC), that every
//! row reads as its table's model and that the counts match; then that the site is empty
//! (unless forced). It then writes every row in one transaction and every file, and commits;
//! with `--force` it first deletes every row (and the sessions) and afterwards the files the
//! archive does not have.

use std::collections::BTreeMap;
use std::io::{Read, Seek, Write};

use anyhow::{Context, anyhow, bail};
use axum::body::Bytes;
use chrono::{DateTime, Utc};
use sea_orm::{
    AccessMode, ActiveModelTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, DatabaseTransaction, EntityTrait, IntoActiveModel,
    IsolationLevel, Iterable, PaginatorTrait, PrimaryKeyToColumn, QueryOrder, Statement, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use zip::write::SimpleFileOptions;

use crate::auth::{sessions, users};
use crate::content::settings;
use crate::content::{homepage, tagging};
use crate::media::files::{Files, StoredKey};
use crate::store::changes::{Changes, Sources};
use crate::store::migrations::Migrator;

/// The archive layout this Vita writes and reads.
pub const FORMAT: u32 = 1;

const MANIFEST: &str = "manifest.json";

/// Rows written per INSERT: well under both databases' limit on bound values.
const INSERT_CHUNK: usize = 200;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub format: u32,
    pub vita_version: String,
    /// The last migration applied to the database the archive was taken from.
    pub schema: String,
    pub created_at: DateTime<Utc>,
    pub tables: BTreeMap<String, Entry>,
    /// Keyed `<bucket>/<name>`.
    pub files: BTreeMap<String, Entry>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Rows of a table; absent for a file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<u64>,
    pub size: u64,
    pub sha256: String,
}

/// Every table in the archive, in an order that inserts parents first (no table here refers
/// to another today; sessions, which refer to users, are left out, and so is `tls_state`: the
/// HTTPS certificate, its key and the ACME account belong to the host, not the site). The
/// statistics (`stats_*`, issue 43) are left out too: they are counts of the site's readers,
/// not its content, a restore must not add a second copy to a site that keeps counting, and
/// the day's salt must never leave the database.
pub const TABLES: &[&str] = crate::content::tables!(archived_tables);

macro_rules! archived_tables {
    ($($table:ident),*) => {
        &[
            "users",
            "settings",
            "homepage_content",
            $(crate::content::$table::TABLE,)*
            // Where `vita import site` found each item (issue 42).
            "site_import_sources",
            // The imports of papers (issue 44), before their links to the papers.
            "imports",
            // After the items and tags they link (foreign keys).
            "publication_tags",
            "project_tags",
            "talk_tags",
            "news_item_tags",
            "post_tags",
            "import_publications",
            // The translations of the items' fields (issue 45): keyed by kind and id, no foreign key.
            "translations",
        ]
    };
}
use archived_tables;

/// Tables that came after the first archive format, with the migration that added each: an
/// archive taken before that migration has none of them, and they are restored empty.
const ADDED_BY: &[(&str, &str)] = &[
    ("cv_appointments", "m0014_cv_sections"),
    ("cv_education", "m0014_cv_sections"),
    ("cv_awards", "m0014_cv_sections"),
    ("cv_grants", "m0014_cv_sections"),
    ("cv_service", "m0014_cv_sections"),
    ("cv_other", "m0014_cv_sections"),
    ("posts", "m0016_posts"),
    ("post_tags", "m0016_posts"),
    ("site_import_sources", "m0018_site_import_sources"),
    ("imports", "m0022_import_records"),
    ("import_publications", "m0022_import_records"),
    ("translations", "m0023_translations"),
];

/// Whether an archive of database schema `schema` (a known migration) must hold `table`.
fn archived_by(schema: &str, table: &str, known: &[String]) -> bool {
    let position = |name: &str| known.iter().position(|m| m == name);
    match ADDED_BY.iter().find(|(t, _)| *t == table) {
        Some((_, added)) => position(schema) >= position(added),
        None => true,
    }
}

/// Evaluates `$body` with `$E` the entity of table `$name`: the one place that maps a table's
/// name to its model.
macro_rules! with_table {
    ($name:expr, $E:ident => $body:expr) => {
        crate::content::tables!(match_table; $name, $E => $body)
    };
}

macro_rules! match_table {
    ($($table:ident),*; $name:expr, $E:ident => $body:expr) => {
        match $name {
            "users" => {
                type $E = users::Entity;
                $body
            }
            "settings" => {
                type $E = settings::Entity;
                $body
            }
            "homepage_content" => {
                type $E = homepage::Entity;
                $body
            }
            $(name if name == crate::content::$table::TABLE => {
                type $E = crate::content::$table::Entity;
                $body
            })*
            "site_import_sources" => {
                type $E = crate::import::site::sources::Entity;
                $body
            }
            "publication_tags" => {
                type $E = tagging::publication_tags::Entity;
                $body
            }
            "project_tags" => {
                type $E = tagging::project_tags::Entity;
                $body
            }
            "talk_tags" => {
                type $E = tagging::talk_tags::Entity;
                $body
            }
            "news_item_tags" => {
                type $E = tagging::news_item_tags::Entity;
                $body
            }
            "post_tags" => {
                type $E = tagging::post_tags::Entity;
                $body
            }
            "imports" => {
                type $E = crate::content::imports::records::Entity;
                $body
            }
            "import_publications" => {
                type $E = crate::content::import_links::Entity;
                $body
            }
            "translations" => {
                type $E = crate::content::translations::Entity;
                $body
            }
            other => Err(refuse(format!("The archive has a table this Vita does not know: {other}. Nothing was changed."))),
        }
    };
}

fn sha256_hex(data: &[u8]) -> String {
    format!("{:x}", Sha256::digest(data))
}

/// What `write` wrote.
#[derive(Debug)]
pub struct Summary {
    pub rows: u64,
    pub files: usize,
    pub bytes: u64,
}

/// Writes the archive of the site to `out` (a file: ZIP needs to seek).
pub async fn write<W: Write + Seek + Send + 'static>(db: &DatabaseConnection, files: &Files, out: W) -> anyhow::Result<(W, Summary)> {
    let txn = match db.get_database_backend() {
        DatabaseBackend::Postgres => db.begin_with_config(Some(IsolationLevel::RepeatableRead), Some(AccessMode::ReadOnly)).await?,
        _ => db.begin().await?,
    };
    // The first statement takes the snapshot every later read of the transaction sees.
    let schema = applied_schema(&txn).await?;
    let listed = files.list().await.context("cannot list the uploaded files")?;
    let mut tables = BTreeMap::new();
    let mut writer = zip::ZipWriter::new(out);
    let text = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated).compression_level(Some(1));
    // Already compressed mostly (PDF, JPEG, DOCX): stored as they are.
    let raw = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored).large_file(false);
    let mut total_rows = 0;
    for name in TABLES {
        let (jsonl, rows) = with_table!(*name, E => dump::<E>(&txn).await)?;
        total_rows += rows;
        tables.insert((*name).to_owned(), Entry { rows: Some(rows), size: jsonl.len() as u64, sha256: sha256_hex(&jsonl) });
        writer = blocking(move || {
            writer.start_file(format!("tables/{name}.jsonl"), text)?;
            writer.write_all(&jsonl)?;
            Ok(writer)
        })
        .await?;
    }
    txn.commit().await?;
    let mut stored = BTreeMap::new();
    for (key, _) in listed {
        let key = StoredKey::parse(&key).ok_or_else(|| anyhow!("the store holds a file Vita did not name: {key}"))?;
        // Deleted since it was listed: the site no longer has it either.
        let Some(data) = files.get(&key).await.with_context(|| format!("cannot read the uploaded file {key}"))? else { continue };
        stored.insert(key.to_string(), Entry { rows: None, size: data.len() as u64, sha256: sha256_hex(&data) });
        writer = blocking(move || {
            writer.start_file(format!("files/{key}"), raw.large_file(data.len() as u64 >= u64::from(u32::MAX)))?;
            writer.write_all(&data)?;
            Ok(writer)
        })
        .await?;
    }
    let manifest = Manifest {
        format: FORMAT,
        vita_version: env!("CARGO_PKG_VERSION").to_owned(),
        schema,
        created_at: crate::ops::clock::now(),
        tables,
        files: stored,
    };
    let summary = Summary { rows: total_rows, files: manifest.files.len(), bytes: manifest.files.values().map(|f| f.size).sum() };
    let json = serde_json::to_vec_pretty(&manifest)?;
    let out = blocking(move || {
        writer.start_file(MANIFEST, text)?;
        writer.write_all(&json)?;
        Ok(writer.finish()?)
    })
    .await?;
    Ok((out, summary))
}

async fn blocking<T: Send + 'static>(work: impl FnOnce() -> anyhow::Result<T> + Send + 'static) -> anyhow::Result<T> {
    tokio::task::spawn_blocking(work).await.context("the archive writer stopped")?
}

/// The name of the last migration applied, as recorded by the migrator.
async fn applied_schema(db: &impl ConnectionTrait) -> anyhow::Result<String> {
    let statement = Statement::from_string(db.get_database_backend(), "SELECT MAX(version) AS version FROM seaql_migrations");
    let row = db.query_one_raw(statement).await?.ok_or_else(|| anyhow!("the database has no migrations table"))?;
    Ok(row.try_get::<String>("", "version")?)
}

/// One table as JSON lines in primary-key order, and its row count.
async fn dump<E>(db: &DatabaseTransaction) -> anyhow::Result<(Vec<u8>, u64)>
where
    E: EntityTrait,
    E::Model: Serialize,
{
    let mut select = E::find();
    for key in E::PrimaryKey::iter() {
        select = select.order_by_asc(key.into_column());
    }
    let rows = select.all(db).await?;
    let mut out = Vec::with_capacity(rows.len() * 256);
    for row in &rows {
        serde_json::to_writer(&mut out, row)?;
        out.push(b'\n');
    }
    Ok((out, rows.len() as u64))
}

/// Why a restore was refused: nothing was changed.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

fn refuse(message: impl Into<String>) -> anyhow::Error {
    Refused(message.into()).into()
}

/// A checked archive, ready to restore.
pub struct Checked {
    pub manifest: Manifest,
    tables: BTreeMap<String, Vec<u8>>,
    files: BTreeMap<StoredKey, Bytes>,
}

/// Reads and checks everything in the archive; changes nothing.
pub fn check<R: Read + Seek>(input: R) -> anyhow::Result<Checked> {
    let damaged = |detail: String| refuse(format!("The archive is damaged or incomplete: {detail}. Nothing was changed."));
    let mut archive = zip::ZipArchive::new(input).map_err(|e| damaged(format!("not a readable ZIP archive ({e})")))?;
    let manifest_bytes = read_entry(&mut archive, MANIFEST, 16 * 1024 * 1024).map_err(damaged)?;
    let manifest: Manifest =
        serde_json::from_slice(&manifest_bytes).map_err(|e| damaged(format!("its manifest.json cannot be read ({e})")))?;
    if manifest.format != FORMAT {
        bail!(refuse(format!(
            "The archive is in backup format {}; this Vita reads format {FORMAT}. Nothing was changed.",
            manifest.format
        )));
    }
    let known: Vec<String> = Migrator::migrations().iter().map(|m| m.name().to_owned()).collect();
    if !known.contains(&manifest.schema) {
        bail!(refuse(format!(
            "The archive comes from a newer Vita (database schema {}; this Vita knows up to {}): upgrade Vita, then restore. Nothing was changed.",
            manifest.schema,
            known.last().map_or("none", String::as_str)
        )));
    }
    let missing: Vec<&&str> =
        TABLES.iter().filter(|t| !manifest.tables.contains_key(**t) && archived_by(&manifest.schema, t, &known)).collect();
    if !missing.is_empty() {
        bail!(damaged(format!("the manifest lists no table {}", missing.iter().map(|t| **t).collect::<Vec<_>>().join(", "))));
    }
    let mut tables = BTreeMap::new();
    for (name, entry) in &manifest.tables {
        let path = format!("tables/{name}.jsonl");
        let data = read_entry(&mut archive, &path, entry.size).map_err(damaged)?;
        verify(&path, &data, entry).map_err(damaged)?;
        let rows = with_table!(name.as_str(), E => parse::<E>(name, &data).map(|rows| rows.len() as u64))?;
        if Some(rows) != entry.rows {
            bail!(damaged(format!("{path} has {rows} rows, the manifest says {}", entry.rows.unwrap_or(0))));
        }
        tables.insert(name.clone(), data);
    }
    let mut files = BTreeMap::new();
    for (key, entry) in &manifest.files {
        let stored = StoredKey::parse(key).ok_or_else(|| damaged(format!("the manifest names a file Vita cannot store: {key}")))?;
        let path = format!("files/{key}");
        let data = read_entry(&mut archive, &path, entry.size).map_err(damaged)?;
        verify(&path, &data, entry).map_err(damaged)?;
        files.insert(stored, Bytes::from(data));
    }
    Ok(Checked { manifest, tables, files })
}

/// Every line of a table read as its model: the check reads them all, so a restore cannot
/// fail half-way on a bad row.
fn parse<E>(table: &str, data: &[u8]) -> anyhow::Result<Vec<E::Model>>
where
    E: EntityTrait,
    E::Model: DeserializeOwned,
{
    let text = std::str::from_utf8(data).map_err(|_| refuse(format!("tables/{table}.jsonl is not UTF-8 text. Nothing was changed.")))?;
    text.lines()
        .enumerate()
        .map(|(index, line)| {
            serde_json::from_str(line).map_err(|e| {
                refuse(format!(
                    "Row {} of tables/{table}.jsonl does not fit this Vita's {table} table: {e}. Nothing was changed.",
                    index + 1
                ))
            })
        })
        .collect()
}

/// An entry's bytes, at most `size` of them (a declared size cannot be exceeded by a crafted
/// entry); reading to the end also checks the ZIP's CRC.
fn read_entry<R: Read + Seek>(archive: &mut zip::ZipArchive<R>, name: &str, size: u64) -> Result<Vec<u8>, String> {
    let entry = archive.by_name(name).map_err(|_| format!("{name} is missing"))?;
    let mut data = Vec::with_capacity(size.min(64 * 1024 * 1024) as usize);
    entry.take(size.saturating_add(1)).read_to_end(&mut data).map_err(|e| format!("{name} cannot be read ({e})"))?;
    Ok(data)
}

fn verify(name: &str, data: &[u8], entry: &Entry) -> Result<(), String> {
    if data.len() as u64 != entry.size {
        return Err(format!("{name} has {} bytes, the manifest says {}", data.len(), entry.size));
    }
    if sha256_hex(data) != entry.sha256 {
        return Err(format!("{name} does not match its SHA-256 in the manifest"));
    }
    Ok(())
}

/// What the site holds now: rows of the archived tables and stored files.
pub async fn contents(db: &DatabaseConnection, files: &Files) -> anyhow::Result<(u64, usize)> {
    let mut rows = 0;
    for name in TABLES {
        rows += with_table!(*name, E => count::<E>(db).await)?;
    }
    Ok((rows, files.list().await?.len()))
}

async fn count<E: EntityTrait>(db: &impl ConnectionTrait) -> anyhow::Result<u64>
where
    E::Model: Sync,
{
    Ok(E::find().count(db).await?)
}

/// Restores a checked archive: refuses a site that has content unless `force`, then replaces
/// everything in one transaction.
pub async fn restore(db: &DatabaseConnection, files: &Files, checked: Checked, force: bool) -> anyhow::Result<Summary> {
    let (rows, stored) = contents(db, files).await?;
    if (rows > 0 || stored > 0) && !force {
        bail!(refuse(format!(
            "This site is not empty ({rows} rows, {stored} files): a restore replaces everything in it. Run it again with --force to do so. Nothing was changed."
        )));
    }
    // A server running on this database drops every page it keeps once the restore commits.
    let write = Changes::for_database(db).await?.begin(db, Sources::ALL).await?;
    let txn = write.txn();
    if force {
        // Sessions belong to the accounts being replaced: everyone signs in again.
        sessions::Entity::delete_many().exec(txn).await?;
        for name in TABLES.iter().rev() {
            with_table!(*name, E => delete_all::<E>(txn).await)?;
        }
    }
    let mut total = 0;
    for name in TABLES {
        // A table newer than the archive (`ADDED_BY`) stays empty.
        let Some(data) = checked.tables.get(*name) else { continue };
        let inserted = with_table!(*name, E => insert::<E>(txn, name, data).await)?;
        total += inserted;
    }
    for (key, data) in &checked.files {
        files.put(key, data.clone()).await.with_context(|| format!("cannot store the file {key}"))?;
    }
    write.commit().await?;
    if force {
        for (key, _) in files.list().await? {
            if let Some(key) = StoredKey::parse(&key).filter(|k| !checked.files.contains_key(k)) {
                files.delete(&key).await?;
            }
        }
    }
    Ok(Summary { rows: total, files: checked.files.len(), bytes: checked.files.values().map(|d| d.len() as u64).sum() })
}

async fn delete_all<E: EntityTrait>(db: &DatabaseTransaction) -> anyhow::Result<()> {
    E::delete_many().exec(db).await?;
    Ok(())
}

async fn insert<E>(db: &DatabaseTransaction, table: &str, data: &[u8]) -> anyhow::Result<u64>
where
    E: EntityTrait,
    E::Model: DeserializeOwned + IntoActiveModel<E::ActiveModel>,
    E::ActiveModel: ActiveModelTrait<Entity = E> + Send,
{
    let rows = parse::<E>(table, data)?;
    let count = rows.len() as u64;
    let mut rows = rows.into_iter().map(IntoActiveModel::into_active_model).peekable();
    while rows.peek().is_some() {
        let chunk: Vec<E::ActiveModel> = rows.by_ref().take(INSERT_CHUNK).collect();
        E::insert_many(chunk).exec_without_returning(db).await?;
    }
    Ok(count)
}
