//! The database: a SQLite file in the data folder by default, PostgreSQL when `DATABASE_URL`
//! says so. Both are reached through one SeaORM connection, so every query is written once.

pub mod changes;
pub mod migrations;

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use sea_orm::sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sea_orm::sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sea_orm::{ConnectionTrait, DatabaseConnection, SqlxPostgresConnector, SqlxSqliteConnector};
use sea_orm_migration::MigratorTrait;

use crate::ops::config::StoreConfig;

/// The SQLite file inside the data folder.
pub const SQLITE_FILE: &str = "vita.db";

/// Which database, and how to reach it.
#[derive(Clone, Debug)]
pub enum Database {
    Sqlite { path: std::path::PathBuf },
    Postgres { url: String, schema: Option<String> },
}

impl Database {
    pub fn from_config(config: &StoreConfig) -> anyhow::Result<Self> {
        match &config.database_url {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Ok(Database::Postgres { url: url.clone(), schema: None })
            }
            Some(url) if url.starts_with("sqlite:") => {
                let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
                Ok(Database::Sqlite { path: path.into() })
            }
            Some(_) => anyhow::bail!("DATABASE_URL must start with postgres:// (or sqlite:)"),
            None => Ok(Database::Sqlite { path: config.data_dir.join(SQLITE_FILE) }),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Database::Sqlite { .. } => format!("SQLite at {}", self.location()),
            Database::Postgres { .. } => format!("PostgreSQL at {}", self.location()),
        }
    }

    /// Where the database is, as the command line names it: the SQLite file's absolute path
    /// (`/var/lib/vita/vita.db`), or the PostgreSQL URL without its password.
    pub fn location(&self) -> String {
        match self {
            Database::Sqlite { path } => std::path::absolute(path).unwrap_or_else(|_| path.clone()).display().to_string(),
            Database::Postgres { url, .. } => without_password(url),
        }
    }
}

/// A PostgreSQL URL fit to print: no password, neither in the user part nor as a parameter.
fn without_password(url: &str) -> String {
    let Ok(mut parsed) = reqwest::Url::parse(url) else { return "PostgreSQL (DATABASE_URL)".to_owned() };
    // Only a URL with a user part can have a password; `set_password` fails on no other.
    let _ = parsed.set_password(None);
    if parsed.query_pairs().any(|(key, _)| key == "password") {
        let kept: Vec<(String, String)> =
            parsed.query_pairs().filter(|(key, _)| key != "password").map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
        if kept.is_empty() {
            parsed.set_query(None);
        } else {
            parsed.query_pairs_mut().clear().extend_pairs(kept);
        }
    }
    parsed.to_string()
}

/// Whether `database` holds a site already: its SQLite file exists, or PostgreSQL has Vita's
/// tables. Opening a database creates what is missing, so `vita admin add` asks this first.
pub async fn holds_a_site(database: &Database) -> anyhow::Result<bool> {
    match database {
        Database::Sqlite { path } => path.try_exists().with_context(|| format!("cannot look for {}", path.display())),
        Database::Postgres { .. } => {
            let db = connect(database).await?;
            let found = sea_orm_migration::SchemaManager::new(&db).has_table("seaql_migrations").await;
            close(db).await;
            Ok(found?)
        }
    }
}

/// How long a statement waits for a lock another connection holds (SQLite's busy timeout,
/// PostgreSQL's `lock_timeout`). Short: a write that cannot get in answers 503 with
/// `Retry-After` within about a second instead of holding the request, a worker and a pool
/// connection for many seconds; our own transactions hold their locks for milliseconds.
const LOCK_WAIT: Duration = Duration::from_secs(1);

/// How long a request waits for a free pool connection before it answers 503.
const ACQUIRE_WAIT: Duration = Duration::from_secs(3);

/// Opens the database. SQLite runs in WAL mode with foreign keys on and a busy timeout, so
/// readers never block the writer and a brief lock waits instead of failing.
pub async fn connect(database: &Database) -> anyhow::Result<DatabaseConnection> {
    match database {
        Database::Sqlite { path } => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).with_context(|| format!("cannot create the data folder {}", dir.display()))?;
            }
            let options = SqliteConnectOptions::new()
                .filename(path)
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                // FULL: an acknowledged write survives a power loss (NORMAL in WAL mode may
                // lose the last transactions); the cost is one more fsync per commit.
                .synchronous(SqliteSynchronous::Full)
                .foreign_keys(true)
                .busy_timeout(LOCK_WAIT);
            let pool = SqlitePoolOptions::new()
                .max_connections(8)
                .acquire_timeout(ACQUIRE_WAIT)
                .connect_with(options)
                .await
                .with_context(|| format!("cannot open the SQLite database {}", path.display()))?;
            Ok(SqlxSqliteConnector::from_sqlx_sqlite_pool(pool))
        }
        Database::Postgres { url, schema } => {
            let mut options = PgConnectOptions::from_str(url)
                .context("DATABASE_URL is not a valid PostgreSQL URL")?
                .options([("lock_timeout", format!("{}ms", LOCK_WAIT.as_millis()))]);
            if let Some(schema) = schema {
                options = options.options([("search_path", schema.as_str())]);
            }
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(ACQUIRE_WAIT)
                .connect_with(options)
                .await
                .context("cannot connect to PostgreSQL")?;
            Ok(SqlxPostgresConnector::from_sqlx_postgres_pool(pool))
        }
    }
}

/// Brings the schema up to date.
pub async fn migrate(db: &DatabaseConnection) -> anyhow::Result<()> {
    migrations::Migrator::up(db, None).await.context("database migration failed")
}

/// Opens the database and migrates it: what every command does first.
pub async fn open(config: &StoreConfig) -> anyhow::Result<DatabaseConnection> {
    let database = Database::from_config(config)?;
    let db = connect(&database).await?;
    migrate(&db).await?;
    Ok(db)
}

/// Whether the database answers (for `/readyz`).
pub async fn ping(db: &DatabaseConnection) -> bool {
    db.execute_unprepared("SELECT 1").await.is_ok()
}

/// Closes the pool so SQLite checkpoints its write-ahead log and PostgreSQL sees clean exits.
pub async fn close(db: DatabaseConnection) {
    if let Err(err) = db.close().await {
        tracing::warn!(error = %err, "closing the database failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_printed_postgres_url_has_no_password() {
        let printed = |url: &str| Database::Postgres { url: url.to_owned(), schema: None }.location();
        assert_eq!(printed("postgres://vita:secret@db.example.org:5432/vita"), "postgres://vita@db.example.org:5432/vita");
        assert_eq!(printed("postgres://vita@db.example.org/vita?sslmode=require"), "postgres://vita@db.example.org/vita?sslmode=require");
        assert_eq!(printed("postgresql://db.example.org/vita?user=vita&password=secret"), "postgresql://db.example.org/vita?user=vita");
        assert_eq!(printed("postgres://db.example.org/vita?password=secret"), "postgres://db.example.org/vita");
    }

    #[test]
    fn a_sqlite_file_is_named_by_its_absolute_path() {
        let database = Database::Sqlite { path: "data/vita.db".into() };
        assert_eq!(database.location(), std::env::current_dir().unwrap().join("data/vita.db").display().to_string());
    }
}
