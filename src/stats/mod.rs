//! Statistics with nothing to consent to (issue 43): the server counts the page views, daily
//! visitors, PDF downloads, sources and feed subscribers of the requests it answers, with no
//! cookie and no script, and stores daily counts only.
//!
//! - **Counted**: GETs of public HTML pages and of PDFs (paper PDFs, `/cv.pdf`) answered 200,
//!   206 or 304; feed fetches only for the subscribers their reader announces. Never: HEAD,
//!   the API, the admin, assets, the signed-in owner, prefetches, robots (`robots`).
//! - **Visitors**: a daily key (`visitor`): an HMAC of the day's random salt (in the database,
//!   so instances agree) with the address cut to its network and the browser's family and
//!   major version. A finished day's keys are rolled into counts and deleted with its salt
//!   (`tables::roll_up`). `Sec-GPC: 1` and the `views` setting give no key.
//! - **Downloads**, COUNTER's way (`buffer::Readings`): a double click within 30 s is one, the
//!   parts of a file a PDF viewer fetches are one, a unique download is one per visitor, file
//!   and hour.
//! - **Never stored**, in a table or a log: an address, a user agent, a referrer's path.
//!
//! Counting is a few hash-map updates under one of several locks (`Shard`), in memory; the
//! counts reach the database every `FLUSH_EVERY`, as upserts that add up across instances, and
//! at shutdown. A write that fails keeps them for the next one, within `buffer`'s bounds.

pub mod buffer;
pub mod privacy;
pub mod report;
pub mod robots;
pub mod sources;
pub mod tables;
pub mod visitor;

use std::borrow::Cow;
use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, AtomicU8, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use axum::http::{HeaderMap, HeaderName, header};
use chrono::{DateTime, Days, Months, NaiveDate, TimeDelta, Utc};
use sea_orm::DatabaseConnection;

use crate::content::settings::{self, SiteSettings, Statistics};
use crate::error::AppError;
use buffer::{Buffer, Readings, Verdict};
use visitor::{Browser, DailyHash};

/// How often an instance writes what it counted.
pub const FLUSH_EVERY: Duration = Duration::from_secs(10);

/// How long after midnight a finished day is rolled up: by then every instance has written
/// the day's last counts (`FLUSH_EVERY`), with room for a slow write.
const ROLL_UP_AFTER: TimeDelta = TimeDelta::minutes(2);

/// Locks the counts are spread over: requests on different threads rarely wait for each other.
const SHARDS: usize = 16;

/// What a request was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An HTML page.
    Page,
    /// A paper's PDF or /cv.pdf.
    Download,
    /// An Atom feed: only its reader's subscribers count.
    Feed,
}

/// A public GET the server answered, as the HTTP layer hands it over once it has checked
/// what only it can (method, status, the owner's cookie).
pub struct Hit<'a> {
    pub kind: Kind,
    pub path: &'a str,
    /// The client's address (`X-Forwarded-For` only from a trusted proxy).
    pub client: IpAddr,
    pub headers: &'a HeaderMap,
    pub query: Option<&'a str>,
}

/// A request that counts, with what will be added for it.
#[derive(Clone, Debug)]
pub enum Counted<'a> {
    Visit { kind: Kind, now: DateTime<Utc>, path: Cow<'a, str>, key: Option<i64>, source: Option<Cow<'a, str>>, ranged: bool },
    Subscribers { day: NaiveDate, reader: Cow<'a, str>, feed: Cow<'a, str>, subscribers: i64 },
}

impl Counted<'_> {
    /// The same, owning its texts (kept across an `await`).
    pub fn into_owned(self) -> Counted<'static> {
        match self {
            Counted::Visit { kind, now, path, key, source, ranged } => Counted::Visit {
                kind,
                now,
                path: Cow::Owned(path.into_owned()),
                key,
                source: source.map(|source| Cow::Owned(source.into_owned())),
                ranged,
            },
            Counted::Subscribers { day, reader, feed, subscribers } => {
                Counted::Subscribers { day, reader: Cow::Owned(reader.into_owned()), feed: Cow::Owned(feed.into_owned()), subscribers }
            }
        }
    }
}

#[derive(Default)]
struct Shard {
    buffer: Buffer,
    readings: Readings,
}

struct Inner {
    mode: AtomicU8,
    retention_months: AtomicU32,
    shards: Box<[Mutex<Shard>]>,
    /// The salts of today and tomorrow (ready before midnight), as keyed hashes.
    hashes: RwLock<Vec<(NaiveDate, DailyHash)>>,
    /// Seconds added to the system clock (`move_clock`).
    offset: AtomicI64,
    /// What a failed write kept; held while a write is under way, so writes take turns.
    pending: tokio::sync::Mutex<Buffer>,
    /// The day the old detail was last deleted.
    forgotten_on: Mutex<Option<NaiveDate>>,
}

/// The counter of one instance.
#[derive(Clone)]
pub struct Stats(Arc<Inner>);

const OFF: u8 = 0;
const VIEWS: u8 = 1;
const VISITORS: u8 = 2;

impl Stats {
    /// A counter with the site's settings and today's salt, ready before the first request.
    pub async fn start(db: &DatabaseConnection) -> Result<Self, AppError> {
        robots::prepare();
        let stats = Self::off();
        stats.maintain(db).await?;
        Ok(stats)
    }

    /// A counter that counts nothing (the static export, which is no visitor).
    pub fn off() -> Self {
        Stats(Arc::new(Inner {
            mode: AtomicU8::new(OFF),
            retention_months: AtomicU32::new(0),
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            hashes: RwLock::default(),
            offset: AtomicI64::new(0),
            pending: tokio::sync::Mutex::default(),
            forgotten_on: Mutex::default(),
        }))
    }

    /// Takes the owner's choice (at start-up, after a save, and at every write for the saves of
    /// other instances).
    pub fn apply_settings(&self, site: &SiteSettings) {
        let mode = match site.statistics {
            Statistics::Off => OFF,
            Statistics::Views => VIEWS,
            Statistics::Visitors => VISITORS,
        };
        self.0.mode.store(mode, Ordering::Relaxed);
        self.0.retention_months.store(site.statistics_retention_months.0, Ordering::Relaxed);
    }

    /// Whether anything is counted at all.
    pub fn is_on(&self) -> bool {
        self.0.mode.load(Ordering::Relaxed) != OFF
    }

    /// The statistics' clock: the system's, moved by `move_clock`.
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + TimeDelta::seconds(self.0.offset.load(Ordering::Relaxed))
    }

    /// Moves the statistics' clock by `by`: how the tests cross midnight without waiting for it.
    pub fn move_clock(&self, by: TimeDelta) {
        self.0.offset.fetch_add(by.num_seconds(), Ordering::Relaxed);
    }

    /// Whether `hit` counts, and what for; `None` for a robot, a prefetch, or with the
    /// statistics off. Cheap: no lock but a read lock for the visitor key, no allocation but
    /// for a `utm_source` or a referrer's host in capitals.
    pub fn prepare<'a>(&self, hit: &Hit<'a>) -> Option<Counted<'a>> {
        let mode = self.0.mode.load(Ordering::Relaxed);
        if mode == OFF || is_prefetch(hit.headers) {
            return None;
        }
        let text = |name: header::HeaderName| hit.headers.get(name).and_then(|value| value.to_str().ok());
        let user_agent = text(header::USER_AGENT).unwrap_or("");
        let path = if hit.path.len() > 1 { hit.path.trim_end_matches('/') } else { hit.path };
        let now = self.now();
        if hit.kind == Kind::Feed {
            let (reader, subscribers) = robots::feed_subscribers(user_agent)?;
            let (reader, feed) = (Cow::Borrowed(reader), Cow::Borrowed(path));
            return Some(Counted::Subscribers { day: now.date_naive(), reader, feed, subscribers: i64::from(subscribers) });
        }
        let robots::Sender::Reader(browser) = robots::sender(user_agent) else {
            return None;
        };
        let opted_out = hit.headers.get(SEC_GPC).is_some_and(|value| value.as_bytes() == b"1");
        let key = (mode == VISITORS && !opted_out).then(|| self.key(now.date_naive(), hit.client, browser)).flatten();
        let source = sources::source(text(header::REFERER), hit.query, text(header::HOST));
        let ranged = hit.headers.contains_key(header::RANGE);
        Some(Counted::Visit { kind: hit.kind, now, path: Cow::Borrowed(path), key, source, ranged })
    }

    /// The visitor key of `client` on `day`; `None` before the day's salt is known (the view
    /// still counts).
    fn key(&self, day: NaiveDate, client: IpAddr, browser: Browser) -> Option<i64> {
        let hashes = self.0.hashes.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (_, hash) = hashes.iter().find(|(salted, _)| *salted == day)?;
        Some(hash.key(client, browser))
    }

    /// Adds what `prepare` found to the counts in memory.
    pub fn commit(&self, counted: Counted<'_>) {
        match counted {
            Counted::Subscribers { day, reader, feed, subscribers } => {
                self.shard(None).buffer.feed(day, &reader, &feed, subscribers);
            }
            Counted::Visit { kind: Kind::Download, now, path, key: Some(key), source, ranged } => {
                // One visitor's downloads meet in one shard, whichever thread serves them.
                let mut shard = self.shard(Some(key));
                let day = now.date_naive();
                match shard.readings.judge(key, &path, now, ranged) {
                    Verdict::Counted { unique } => shard.buffer.download(day, &path, Some(key), source.as_deref(), unique),
                    Verdict::Repeat => shard.buffer.visitor(day, key),
                }
            }
            // With no key there is no telling a part from a download: only whole files count.
            Counted::Visit { kind: Kind::Download, now, path, key: None, source, ranged } => {
                if !ranged {
                    self.shard(None).buffer.download(now.date_naive(), &path, None, source.as_deref(), true);
                }
            }
            Counted::Visit { now, path, key, source, .. } => {
                self.shard(None).buffer.view(now.date_naive(), &path, key, source.as_deref());
            }
        }
    }

    /// `prepare` and `commit` at once.
    pub fn record(&self, hit: &Hit<'_>) {
        if let Some(counted) = self.prepare(hit) {
            self.commit(counted);
        }
    }

    /// The shard of a visitor's downloads, or else the current thread's.
    fn shard(&self, key: Option<i64>) -> std::sync::MutexGuard<'_, Shard> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        thread_local! {
            static HOME: usize = NEXT.fetch_add(1, Ordering::Relaxed);
        }
        let index = match key {
            Some(key) => key.unsigned_abs() as usize,
            None => HOME.with(|home| *home),
        } % self.0.shards.len();
        self.0.shards[index].lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Writes what was counted since the last write. On failure the counts are kept for the
    /// next one (within `buffer`'s bounds) and the error is returned.
    pub async fn flush(&self, db: &DatabaseConnection) -> Result<(), AppError> {
        let mut pending = self.0.pending.lock().await;
        for shard in self.0.shards.iter() {
            let taken = {
                let mut shard = shard.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                std::mem::take(&mut shard.buffer)
            };
            pending.merge(taken);
        }
        if pending.is_empty() {
            return Ok(());
        }
        tables::write(db, &pending).await?;
        *pending = Buffer::default();
        Ok(())
    }

    /// The periodic chores: the owner's settings, the salts of today and tomorrow, the
    /// roll-up of finished days and, once a day, the detail past the retention.
    pub async fn maintain(&self, db: &DatabaseConnection) -> Result<(), AppError> {
        self.apply_settings(&settings::site(db).await?);
        let now = self.now();
        let today = now.date_naive();
        let tomorrow = today + Days::new(1);
        let known: Vec<NaiveDate> = self.read_hashes().iter().map(|(day, _)| *day).collect();
        let mut fresh = Vec::new();
        for day in [today, tomorrow] {
            if !known.contains(&day) {
                fresh.push((day, DailyHash::new(&tables::salt(db, day).await?)));
            }
        }
        {
            let mut hashes = self.0.hashes.write().unwrap_or_else(std::sync::PoisonError::into_inner);
            hashes.extend(fresh);
            hashes.retain(|(day, _)| *day >= today);
        }
        let midnight = today.and_hms_opt(0, 0, 0).map(|midnight| midnight.and_utc()).unwrap_or(now);
        let settled = if now - midnight >= ROLL_UP_AFTER { today } else { today - Days::new(1) };
        tables::roll_up(db, settled).await?;
        let forget = {
            let mut forgotten_on = self.0.forgotten_on.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let due = *forgotten_on != Some(today);
            *forgotten_on = Some(today);
            due
        };
        let months = self.0.retention_months.load(Ordering::Relaxed);
        if forget && let Some(before) = detail_kept_from(today, months) {
            tables::forget_detail_before(db, before).await?;
        }
        Ok(())
    }

    fn read_hashes(&self) -> std::sync::RwLockReadGuard<'_, Vec<(NaiveDate, DailyHash)>> {
        self.0.hashes.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Writes every `FLUSH_EVERY` and does the chores, until the task is dropped. Failures are
    /// logged (without anything a visitor sent) and tried again at the next turn.
    pub async fn run(self, db: DatabaseConnection) {
        let mut every = tokio::time::interval(FLUSH_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        every.tick().await;
        loop {
            every.tick().await;
            if let Err(err) = self.flush(&db).await {
                let kept = self.0.pending.lock().await.keys();
                tracing::warn!(error = %err, kept, "writing the statistics failed; kept for the next try");
            }
            if let Err(err) = self.maintain(&db).await {
                tracing::warn!(error = %err, "the statistics' daily chores failed");
            }
        }
    }
}

/// The first day whose per-page and per-source counts are kept with a retention of `months`
/// (the days before it are forgotten once a day); `None` when it would be before the calendar.
pub fn detail_kept_from(today: NaiveDate, months: u32) -> Option<NaiveDate> {
    today.checked_sub_months(Months::new(months))
}

// The headers read per request that `http` has no constant for, named once: a name given as
// text would be parsed at every lookup.
const SEC_GPC: HeaderName = HeaderName::from_static("sec-gpc");
const SEC_PURPOSE: HeaderName = HeaderName::from_static("sec-purpose");
const PURPOSES: [HeaderName; 3] =
    [HeaderName::from_static("purpose"), HeaderName::from_static("x-purpose"), HeaderName::from_static("x-moz")];

/// A prefetch or prerender: the browser may never show the page.
fn is_prefetch(headers: &HeaderMap) -> bool {
    headers.contains_key(SEC_PURPOSE)
        || PURPOSES.iter().any(|name| {
            headers.get(name).is_some_and(|value| {
                value.as_bytes().eq_ignore_ascii_case(b"prefetch") || value.as_bytes().eq_ignore_ascii_case(b"preview")
            })
        })
}
