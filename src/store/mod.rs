//! The database: a SQLite file in the data folder by default, PostgreSQL when `DATABASE_URL`
//! says so. Both are reached through one SeaORM connection, so every query is written once.

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
            Database::Sqlite { path } => format!("SQLite at {}", path.display()),
            Database::Postgres { .. } => "PostgreSQL".to_owned(),
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
