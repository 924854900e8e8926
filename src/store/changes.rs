//! What changed in the store, told to whoever keeps copies of it: the page cache of this
//! process, and the other processes serving the same database (instances behind a load
//! balancer on PostgreSQL, `vita import` or `vita restore` beside `vita serve` on SQLite).
//!
//! - **Each writer names what it changes** (`Sources`: a table, a page text, the settings),
//!   once, where the write is: a content type's `Content::SOURCES`, a page section's
//!   `Section::SOURCES`, the importers, the citation refresh, the restore. Nothing maps a URL
//!   back to what it wrote.
//! - **One announcement per write, inside its transaction** (`Changes::begin`): the first
//!   statement of the write's transaction tells the other instances (`pg_notify`) or processes
//!   (a row of `cache_announcements`), so a write that fails and rolls back tells nobody;
//!   committing it (`Write::commit`) then tells this process's own `Watcher`, the page cache.
//!   The payload is the writing instance's id and the `Sources` it may change.
//! - **A new HTTPS certificate** is an announcement of the same channel (`crate::tls` stores it
//!   in the database and the other instances serve it at once).
//! - **Every instance listens** on a connection of its own (application name `vita-listener`,
//!   the same options as the pool, so the same `search_path`) and tells its watcher; an
//!   instance skips its own announcements, which its commit told already.
//! - **A lost connection loses notifications** (PostgreSQL keeps none for a dead session), so
//!   anything kept may then be out of date: the watcher is told to drop everything when the
//!   connection is lost and again once it listens again, and it reconnects with back-off
//!   (100 ms doubling to 5 s), never in a hot loop.
//! - **The channel is named after the schema**, so two sites in one database (two schemas) do
//!   not flush each other.
//!
//! On SQLite there is one server, but the command line writes too: a write then adds a row to
//! `cache_announcements` in its transaction (so it is there only if the write commits), and the
//! server reads the rows it did not write once a second (`SqlitePoller`), as a notification
//! would be heard. Rows older than ten minutes are pruned by the server.

use std::ops::BitOr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use chrono::Utc;

use anyhow::Context;
use sea_orm::sqlx::postgres::{PgListener, PgPool, PgPoolOptions};
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, DatabaseTransaction, DbErr, Statement, TransactionTrait};
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// The stored data a page is rendered from, as a set: one bit per table, page text and the
/// settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Sources(u32);

impl Sources {
    pub const NONE: Sources = Sources(0);
    pub const HERO: Sources = Sources(1 << 0);
    pub const STATS: Sources = Sources(1 << 1);
    pub const ABOUT: Sources = Sources(1 << 2);
    pub const CONTACT: Sources = Sources(1 << 3);
    pub const SETTINGS: Sources = Sources(1 << 4);
    pub const NEWS: Sources = Sources(1 << 5);
    pub const PUBLICATIONS: Sources = Sources(1 << 6);
    pub const RESEARCH_AREAS: Sources = Sources(1 << 7);
    pub const PROJECTS: Sources = Sources(1 << 8);
    pub const COURSES: Sources = Sources(1 << 9);
    pub const STUDENTS: Sources = Sources(1 << 10);
    pub const TALKS: Sources = Sources(1 << 11);
    pub const TAGS: Sources = Sources(1 << 12);
    pub const OPEN_CALLS: Sources = Sources(1 << 13);
    /// The citation counts of the outside sources (`content::citation_counts`): a refresh
    /// changes only the pages that show them.
    pub const CITATIONS: Sources = Sources(1 << 14);
    /// The sections only the CV has (appointments, education, awards, grants, service, other):
    /// one bit for the six, since /cv shows them (and /about four of them, when it chooses the
    /// CV's lists: the page adds the bit then).
    pub const CV: Sources = Sources(1 << 15);
    pub const POSTS: Sources = Sources(1 << 16);
    pub const COUNT: usize = 17;
    pub const ALL: Sources = Sources((1 << Self::COUNT) - 1);

    /// The bits of the set, as indexes below `COUNT`.
    pub fn bits(self) -> impl Iterator<Item = usize> {
        (0..Self::COUNT).filter(move |bit| self.0 & (1 << bit) != 0)
    }

    /// The set as a number, as other instances are told it (`Changes`).
    pub fn to_number(self) -> u32 {
        self.0
    }

    /// The set a number stands for; `None` when it names a source this build does not know.
    pub fn from_number(number: u32) -> Option<Sources> {
        (number & !Self::ALL.0 == 0).then_some(Sources(number))
    }
}

impl BitOr for Sources {
    type Output = Sources;

    fn bitor(self, other: Sources) -> Sources {
        Sources(self.0 | other.0)
    }
}

/// The `application_name` of the listening connection (what `pg_stat_activity` shows).
pub const LISTENER_APPLICATION: &str = "vita-listener";

/// The first wait before listening again after a failure, and the longest.
const FIRST_RETRY: Duration = Duration::from_millis(100);
const LAST_RETRY: Duration = Duration::from_secs(5);

/// How often the server on SQLite reads what other processes wrote.
const SQLITE_POLL: Duration = Duration::from_secs(1);
/// How long an announcement row is kept on SQLite.
const SQLITE_KEEP: Duration = Duration::from_secs(600);

/// The payload (after the instance) that tells the other instances a new HTTPS certificate is
/// stored (`crate::tls`), rather than which pages a write made stale.
const CERTIFICATE: &str = "certificate";

/// What this process keeps that a write can make stale: the page cache (`crate::render`). It is
/// told of this process's own writes when they commit, and of the others' when heard.
pub trait Watcher: Send + Sync + 'static {
    /// A write to `sources` committed.
    fn changed(&self, sources: Sources);
    /// Writes may have gone unheard (the listening connection was lost): nothing kept can be
    /// trusted.
    fn missed(&self);
}

/// How this process announces its writes, and recognises its own announcements.
#[derive(Clone)]
pub struct Changes {
    /// The notification channel; `None` on SQLite, where announcements are rows.
    channel: Option<Arc<str>>,
    instance: Uuid,
    /// Woken when another instance stored a new certificate (or when notifications may have
    /// been lost).
    certificate: Arc<Notify>,
    /// The server's page cache; `None` for a command that keeps nothing.
    watcher: Option<Arc<dyn Watcher>>,
}

impl std::fmt::Debug for Changes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Changes").field("channel", &self.channel).field("instance", &self.instance).finish_non_exhaustive()
    }
}

impl Changes {
    /// For a new process on `db`: on PostgreSQL, the channel of the schema it works in.
    pub async fn for_database(db: &DatabaseConnection) -> anyhow::Result<Self> {
        let channel = match db.get_database_backend() {
            DatabaseBackend::Postgres => {
                let row = db
                    .query_one_raw(Statement::from_string(DatabaseBackend::Postgres, "SELECT current_schema()::text AS schema"))
                    .await?
                    .context("PostgreSQL has no current schema")?;
                let schema: String = row.try_get("", "schema")?;
                Some(channel(&schema).into())
            }
            _ => None,
        };
        Ok(Self { channel, instance: Uuid::new_v4(), certificate: Arc::new(Notify::new()), watcher: None })
    }

    /// The same announcements, with `watcher` told of every write of this process and of every
    /// one heard from elsewhere (`listen`).
    pub fn watched_by(self, watcher: Arc<dyn Watcher>) -> Self {
        Self { watcher: Some(watcher), ..self }
    }

    /// Begins a write that may change `sources`: a transaction whose first statement announces
    /// it, seen by the others only if the transaction commits. Dropped, it rolls back and
    /// nothing is announced.
    pub async fn begin(&self, db: &DatabaseConnection, sources: Sources) -> Result<Write, DbErr> {
        let txn = db.begin().await?;
        self.announce(&txn, sources).await?;
        Ok(Write { txn, sources, watcher: self.watcher.clone() })
    }

    async fn announce(&self, txn: &DatabaseTransaction, sources: Sources) -> Result<(), DbErr> {
        if sources == Sources::NONE {
            return Ok(());
        }
        let Some(channel) = &self.channel else {
            txn.execute_raw(Statement::from_sql_and_values(
                DatabaseBackend::Sqlite,
                "INSERT INTO cache_announcements (instance, sources, created_at) VALUES (?, ?, ?)",
                [self.instance.simple().to_string().into(), i64::from(sources.to_number()).into(), Utc::now().into()],
            ))
            .await?;
            return Ok(());
        };
        notify(txn, channel, format!("{}:{}", self.instance.simple(), sources.to_number())).await
    }

    /// Tells the other instances on PostgreSQL that a new certificate is stored, so they serve
    /// it at once. On SQLite one server serves HTTPS, and there is nobody to tell.
    pub async fn announce_certificate(&self, db: &impl ConnectionTrait) -> Result<(), DbErr> {
        let Some(channel) = &self.channel else { return Ok(()) };
        notify(db, channel, format!("{}:{CERTIFICATE}", self.instance.simple())).await
    }

    /// What another instance's new certificate wakes (`crate::tls` waits on it).
    pub fn certificate_stored(&self) -> Arc<Notify> {
        self.certificate.clone()
    }

    /// Starts listening (before the first page is cached, so no write is missed): a
    /// notification listener on PostgreSQL, the announcement table's reader on SQLite.
    /// `Listener::run` then tells the watcher what the others wrote.
    pub async fn listen(&self, db: &DatabaseConnection) -> anyhow::Result<Listener> {
        let watcher = self.watcher.clone().context("listening for other instances' writes needs something to tell")?;
        let Some(channel) = self.channel.clone() else {
            let poller = SqlitePoller { db: db.clone(), instance: self.instance, seen: latest_announcement(db).await?, watcher };
            return Ok(Listener::Sqlite(poller));
        };
        // The pool's own options (server, credentials, search_path, lock_timeout), named so
        // an operator (and the tests) can tell this connection apart.
        let options = db.get_postgres_connection_pool().connect_options().as_ref().clone().application_name(LISTENER_APPLICATION);
        // A pool of one: sqlx's listener takes its connection from a pool. While the server
        // refuses connections, the pool itself tries again 10 ms later, then twice as long
        // each time up to a fifth of this timeout (5 s): about ten attempts in the first ten
        // seconds, then one every 5 s, before `run`'s own back-off adds to it.
        let pool = PgPoolOptions::new().max_connections(1).acquire_timeout(LAST_RETRY * 5).connect_lazy_with(options);
        let listener = subscribe(&pool, &channel).await.context("cannot listen for the other instances' writes")?;
        Ok(Listener::Postgres(PostgresListener {
            pool,
            channel,
            instance: self.instance,
            listener,
            certificate: self.certificate.clone(),
            watcher,
        }))
    }
}

/// A write in progress (`Changes::begin`): its transaction, announced already.
pub struct Write {
    txn: DatabaseTransaction,
    sources: Sources,
    watcher: Option<Arc<dyn Watcher>>,
}

impl Write {
    /// The transaction to write in.
    pub fn txn(&self) -> &DatabaseTransaction {
        &self.txn
    }

    /// Commits the write and its announcement, then tells this process's watcher: a page
    /// rendered before the commit is stale from now on, one rendered after it shows the write.
    pub async fn commit(self) -> Result<(), DbErr> {
        self.txn.commit().await?;
        if let Some(watcher) = &self.watcher {
            watcher.changed(self.sources);
        }
        Ok(())
    }
}

/// Sends `payload` on `channel` (PostgreSQL delivers it when `db`'s transaction commits, or at
/// once outside one).
async fn notify(db: &impl ConnectionTrait, channel: &str, payload: String) -> Result<(), DbErr> {
    let statement = Statement::from_sql_and_values(DatabaseBackend::Postgres, "SELECT pg_notify($1, $2)", [channel.into(), payload.into()]);
    db.execute_raw(statement).await?;
    Ok(())
}

/// What keeps this process's watcher in step with writes made elsewhere.
pub enum Listener {
    Postgres(PostgresListener),
    Sqlite(SqlitePoller),
}

impl Listener {
    /// Marks stale what other instances' or processes' writes changed, for as long as the
    /// server runs.
    pub async fn run(self) {
        match self {
            Listener::Postgres(listener) => listener.run().await,
            Listener::Sqlite(poller) => poller.run().await,
        }
    }
}

/// The newest announcement row: the server reads only what comes after it.
async fn latest_announcement(db: &DatabaseConnection) -> Result<i64, DbErr> {
    let row = db
        .query_one_raw(Statement::from_string(DatabaseBackend::Sqlite, "SELECT COALESCE(MAX(id), 0) AS id FROM cache_announcements"))
        .await?;
    Ok(row.map(|r| r.try_get::<i64>("", "id")).transpose()?.unwrap_or(0))
}

/// Reads, once a second, the announcements other processes wrote to the SQLite database.
pub struct SqlitePoller {
    db: DatabaseConnection,
    instance: Uuid,
    /// The last row read.
    seen: i64,
    watcher: Arc<dyn Watcher>,
}

impl SqlitePoller {
    async fn run(mut self) {
        let mut ticks = tokio::time::interval(SQLITE_POLL);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut failing = false;
        for tick in 0u64.. {
            ticks.tick().await;
            match self.read().await {
                Ok(()) if failing => {
                    failing = false;
                    tracing::info!("reading other processes' writes again");
                }
                Ok(()) => {}
                // Once per outage, not once a second.
                Err(err) if !failing => {
                    failing = true;
                    tracing::warn!(error = %err, "cannot read other processes' writes: pages they changed may show late");
                }
                Err(_) => {}
            }
            if tick % 60 == 0 {
                let before = Utc::now() - SQLITE_KEEP;
                let pruned = self
                    .db
                    .execute_raw(Statement::from_sql_and_values(
                        DatabaseBackend::Sqlite,
                        "DELETE FROM cache_announcements WHERE created_at < ?",
                        [before.into()],
                    ))
                    .await;
                if let Err(err) = pruned {
                    tracing::debug!(error = %err, "could not prune old cache announcements");
                }
            }
        }
    }

    /// Marks stale what the rows written since the last read say, skipping this server's own.
    async fn read(&mut self) -> Result<(), DbErr> {
        let rows = self
            .db
            .query_all_raw(Statement::from_sql_and_values(
                DatabaseBackend::Sqlite,
                "SELECT id, instance, sources FROM cache_announcements WHERE id > ? ORDER BY id",
                [self.seen.into()],
            ))
            .await?;
        for row in rows {
            let id: i64 = row.try_get("", "id")?;
            let instance: String = row.try_get("", "instance")?;
            let sources: i64 = row.try_get("", "sources")?;
            self.seen = id;
            apply(self.watcher.as_ref(), self.instance, &format!("{instance}:{sources}"));
        }
        Ok(())
    }
}

/// The listening connection of one instance on PostgreSQL.
pub struct PostgresListener {
    pool: PgPool,
    channel: Arc<str>,
    instance: Uuid,
    listener: PgListener,
    certificate: Arc<Notify>,
    watcher: Arc<dyn Watcher>,
}

impl PostgresListener {
    async fn run(self) {
        let Self { pool, channel, instance, listener, certificate, watcher } = self;
        let mut listener = Some(listener);
        let mut retry = FIRST_RETRY;
        loop {
            if let Some(mut connected) = listener.take() {
                let since = Instant::now();
                let error = loop {
                    match connected.try_recv().await {
                        Ok(Some(notification)) if is_certificate(instance, notification.payload()) => certificate.notify_one(),
                        Ok(Some(notification)) => apply(watcher.as_ref(), instance, notification.payload()),
                        Ok(None) => break None,
                        Err(err) => break Some(err),
                    }
                };
                drop(connected);
                // Writes made until it listens again are not heard: no cached page can be trusted.
                watcher.missed();
                tracing::warn!(error = ?error, "lost the connection that listens for other instances' writes: page cache dropped, reconnecting");
                // A connection that lasted starts the back-off afresh; one that keeps dropping at
                // once waits longer each time.
                if since.elapsed() > LAST_RETRY {
                    retry = FIRST_RETRY;
                }
            }
            tokio::time::sleep(retry).await;
            retry = (retry * 2).min(LAST_RETRY);
            match subscribe(&pool, &channel).await {
                Ok(connected) => {
                    watcher.missed();
                    // A certificate stored meanwhile was not heard of either.
                    certificate.notify_one();
                    tracing::warn!(channel = %channel, "reconnected: listening for other instances' writes again, page cache dropped");
                    listener = Some(connected);
                }
                Err(err) => {
                    tracing::warn!(error = %err, retry_in_ms = retry.as_millis() as u64, "cannot listen for other instances' writes yet")
                }
            }
        }
    }
}

async fn subscribe(pool: &PgPool, channel: &str) -> Result<PgListener, sea_orm::sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    // A lost connection is reported (`Ok(None)`), not silently replaced: `run` reconnects
    // itself, with back-off, and drops the cache.
    listener.eager_reconnect(false);
    listener.listen(channel).await?;
    Ok(listener)
}

/// Whether `payload` is another instance's news of a new certificate.
fn is_certificate(instance: Uuid, payload: &str) -> bool {
    payload.split_once(':').is_some_and(|(from, what)| what == CERTIFICATE && from != instance.simple().to_string())
}

/// Tells the watcher what another instance's write changed; anything unreadable changed
/// everything.
fn apply(watcher: &dyn Watcher, instance: Uuid, payload: &str) {
    let (from, number) = payload.split_once(':').unwrap_or(("", ""));
    if from == instance.simple().to_string() {
        return;
    }
    let sources = number.parse().ok().and_then(Sources::from_number).unwrap_or(Sources::ALL);
    tracing::debug!(sources = sources.to_number(), "pages made stale by a write on another instance");
    watcher.changed(sources);
}

/// `vita_<schema>` when the schema's name is plain (lower-case letters, digits, `_`) and short
/// enough; otherwise its plain characters and a hash of the whole name. Channel names are
/// identifiers of at most 63 bytes.
fn channel(schema: &str) -> String {
    let plain: String = schema.chars().filter(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_').collect();
    if plain == schema && schema.len() <= 58 {
        return format!("vita_{schema}");
    }
    let hash: String = Sha256::digest(schema.as_bytes()).iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!("vita_{}_{hash}", &plain[..plain.len().min(40)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_instances_certificate_news_is_told_apart_from_a_write() {
        let me = Uuid::new_v4();
        let other = Uuid::new_v4();
        assert!(is_certificate(me, &format!("{}:certificate", other.simple())));
        assert!(!is_certificate(me, &format!("{}:certificate", me.simple())), "its own");
        assert!(!is_certificate(me, &format!("{}:64", other.simple())), "a write");
        assert!(!is_certificate(me, "certificate"));
    }

    #[test]
    fn each_schema_has_its_own_channel_of_at_most_63_bytes() {
        assert_eq!(channel("public"), "vita_public");
        let long = "a".repeat(63);
        let odd = ["Site", "site\"; DROP", &long, "lab_ü"];
        let channels: Vec<String> = odd.iter().map(|schema| channel(schema)).collect();
        for name in &channels {
            assert!(name.len() <= 63 && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), "{name}");
        }
        assert_ne!(channel("Site"), channel("site"));
        assert_ne!(channel(&long), channel(&"a".repeat(62)));
    }

    /// What a watcher was told, in order.
    #[derive(Default)]
    struct Told(std::sync::Mutex<Vec<Option<Sources>>>);

    impl Watcher for Told {
        fn changed(&self, sources: Sources) {
            self.0.lock().unwrap().push(Some(sources));
        }
        fn missed(&self) {
            self.0.lock().unwrap().push(None);
        }
    }

    #[test]
    fn an_announcement_tells_its_sources_unless_it_is_this_instances_own() {
        let told = Told::default();
        let me = Uuid::new_v4();
        apply(&told, me, &format!("{}:{}", me.simple(), Sources::NEWS.to_number()));
        assert!(told.0.lock().unwrap().is_empty(), "an instance's own write was told by its commit already");
        apply(&told, me, &format!("{}:{}", Uuid::new_v4().simple(), (Sources::NEWS | Sources::TALKS).to_number()));
        apply(&told, me, "garbled");
        apply(&told, me, &format!("{}:{}", Uuid::new_v4().simple(), 1u32 << Sources::COUNT));
        assert_eq!(
            *told.0.lock().unwrap(),
            [Some(Sources::NEWS | Sources::TALKS), Some(Sources::ALL), Some(Sources::ALL)],
            "anything unreadable, or a source this build does not know, changed everything"
        );
    }

    #[test]
    fn a_set_of_sources_is_told_as_a_number_and_read_back() {
        for sources in [Sources::NONE, Sources::HERO, Sources::CV | Sources::NEWS, Sources::ALL] {
            assert_eq!(Sources::from_number(sources.to_number()), Some(sources));
        }
        assert_eq!(Sources::from_number(Sources::ALL.to_number() + 1), None);
        assert_eq!((Sources::NEWS | Sources::CV).bits().collect::<Vec<_>>(), [5, 15]);
    }
}
