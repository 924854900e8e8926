//! Rendered public pages kept in memory, already compressed. Anonymous visitors are nearly all
//! of the traffic, and a page changes only when the owner writes something, so a page is
//! rendered and compressed once and then served from here.
//!
//! How it holds when the owner saves during heavy traffic:
//! - **Only the pages a write feeds go stale.** Each page records the sources it was rendered
//!   from (`Sources`: tables, page texts, settings) and the write count when its data was read;
//!   a write bumps the count of the sources it touched. A sign-in or an upload touches none.
//! - **Stale pages are still served** (stale-while-revalidate) while one background refresher
//!   renders them again, most visited first; a page nobody asked for since its last render is
//!   dropped instead. A visitor never waits for a render the write caused.
//! - **One render per page at a time** (single-flight): concurrent requests for a missing page
//!   wait for the one render in progress. If its client goes away, the render is abandoned and
//!   one of the waiting requests takes over.
//! - A page is kept only for the day it was rendered on (pages show dates relative to today).

use std::collections::HashMap;
use std::future::Future;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use axum::body::Bytes;
use axum::http::HeaderValue;
use chrono::NaiveDate;
use sha2::{Digest, Sha256};
use tokio::sync::{Notify, watch};

use crate::error::AppError;
use crate::store::changes::{Sources, Watcher};

/// One encoding of a page: its bytes and its ETag, ready to send.
pub struct Variant {
    pub body: Bytes,
    /// The quoted strong validator, e.g. `"9f8a…-gz"`.
    pub etag: HeaderValue,
}

/// One rendered page in every encoding it is served in.
pub struct CachedPage {
    pub identity: Variant,
    /// `None` for a file that is compressed already (the CV's PDF).
    pub gzip: Option<Variant>,
    pub brotli: Option<Variant>,
    /// A page-specific Content-Security-Policy (the home page may load an analytics script).
    pub content_security_policy: Option<HeaderValue>,
    /// `text/html` for pages; the feeds and the sitemap are kept here too (`crate::discovery`).
    pub content_type: HeaderValue,
    /// The CV's PDF is served `inline` with its file name.
    pub content_disposition: Option<HeaderValue>,
    /// The language of a page, a feed or the CV (`Content-Language`); `None` for the sitemap.
    pub content_language: Option<HeaderValue>,
}

impl CachedPage {
    /// An HTML page. Compresses once, here, so requests never pay for it. CPU-bound: call off
    /// the executor.
    pub fn new(html: String, content_security_policy: Option<HeaderValue>) -> Self {
        Self::document(html, HeaderValue::from_static("text/html; charset=utf-8"), content_security_policy)
    }

    /// A document of any text type (a feed, the sitemap), compressed like a page.
    pub fn document(html: String, content_type: HeaderValue, content_security_policy: Option<HeaderValue>) -> Self {
        let etag = etag_of(html.as_bytes());
        let mut gzip = flate2::write::GzEncoder::new(Vec::with_capacity(html.len() / 3), flate2::Compression::best());
        gzip.write_all(html.as_bytes()).expect("writing to memory cannot fail");
        let gzip = gzip.finish().expect("writing to memory cannot fail");
        let mut brotli = Vec::with_capacity(html.len() / 3);
        {
            let mut writer = brotli::CompressorWriter::new(&mut brotli, 4096, 9, 22);
            writer.write_all(html.as_bytes()).expect("writing to memory cannot fail");
        }
        // Each encoding is its own representation, so each gets its own validator.
        let variant = |body: Vec<u8>, suffix: &str| Variant {
            body: Bytes::from(body),
            etag: HeaderValue::from_str(&format!("\"{etag}{suffix}\"")).expect("hex digits and a suffix are a valid header"),
        };
        Self {
            identity: variant(html.into_bytes(), ""),
            gzip: Some(variant(gzip, "-gz")),
            brotli: Some(variant(brotli, "-br")),
            content_security_policy,
            content_type,
            content_disposition: None,
            content_language: None,
        }
    }

    /// A generated file served as it is (its content is compressed already).
    pub fn file(body: Vec<u8>, content_type: HeaderValue, content_disposition: HeaderValue) -> Self {
        let etag = HeaderValue::from_str(&format!("\"{}\"", etag_of(&body))).expect("hex digits are a valid header");
        Self {
            identity: Variant { body: Bytes::from(body), etag },
            gzip: None,
            brotli: None,
            content_security_policy: None,
            content_type,
            content_disposition: Some(content_disposition),
            content_language: None,
        }
    }

    /// The same, sent with `Content-Language: <lang>` (a BCP 47 tag, always a valid header).
    pub fn in_language(self, lang: &str) -> Self {
        Self { content_language: HeaderValue::from_str(lang).ok(), ..self }
    }
}

/// The first 96 bits of the SHA-256 of `body`, in hex.
fn etag_of(body: &[u8]) -> String {
    Sha256::digest(body).iter().take(12).map(|b| format!("{b:02x}")).collect()
}

/// What rendering a cache key produced: the page (`None`: nothing lives there, e.g. a draft's
/// paper page) and the sources it was rendered from.
pub struct Rendered {
    pub page: Option<Arc<CachedPage>>,
    pub sources: Sources,
    /// The key the page is kept under when it is not the one asked for: a list page number
    /// past the end shows the last page, kept as that page, so made-up numbers add nothing.
    pub kept_as: Option<String>,
}

struct Entry {
    page: Arc<CachedPage>,
    day: NaiveDate,
    sources: Sources,
    /// The write count when the page's data was read.
    read_at: u64,
    /// Requests served since the page was rendered: the refresher renders busy pages first
    /// and drops pages nobody asked for.
    hits: AtomicU64,
}

/// What the cache holds for a key today.
pub enum Lookup {
    Fresh(Arc<CachedPage>),
    /// Rendered before a write to one of its sources: still worth serving while it is redone.
    Stale(Arc<CachedPage>),
    Missing,
}

/// The state of a render in progress, as its waiters see it: `None` until it is done.
type Flight = Option<Option<Arc<CachedPage>>>;

enum Role {
    /// This caller renders; the sender tells the waiters. Dropped without a result (the
    /// client went away, or the render failed), the waiters try again.
    Leader(FlightGuard),
    Follower(watch::Receiver<Flight>),
}

pub struct PageCache {
    entries: RwLock<HashMap<String, Entry>>,
    /// The most filtered variants kept (keys with a query other than `page=`, e.g.
    /// `/publications?q=masking`): visitors can make up any number of them, so past the limit
    /// a variant is rendered for its request and not kept. The few real pages are never
    /// refused.
    variant_limit: usize,
    flights: Mutex<HashMap<String, watch::Receiver<Flight>>>,
    /// Counts writes; `last_write[source]` is the count after the latest write to it.
    writes: AtomicU64,
    last_write: [AtomicU64; Sources::COUNT],
    /// Wakes the refresher after a write.
    stale: Notify,
    /// Told by the refresher after each page it rendered again.
    refreshed: Notify,
}

/// Every committed write, this process's or another's, stales the pages it feeds.
impl Watcher for PageCache {
    fn changed(&self, sources: Sources) {
        self.invalidate(sources);
    }

    fn missed(&self) {
        self.clear();
    }
}

impl Default for PageCache {
    fn default() -> Self {
        Self::with_variant_limit(crate::ops::config::DEFAULT_PAGE_CACHE_VARIANTS)
    }
}

/// Whether a cache key is a filtered variant: a query with more than the page number.
fn is_variant(key: &str) -> bool {
    key.split_once('?').is_some_and(|(_, query)| query.split('&').any(|pair| !pair.starts_with("page=")))
}

impl PageCache {
    pub fn with_variant_limit(variant_limit: usize) -> Self {
        Self {
            entries: RwLock::default(),
            variant_limit,
            flights: Mutex::default(),
            writes: AtomicU64::default(),
            last_write: Default::default(),
            stale: Notify::default(),
            refreshed: Notify::default(),
        }
    }

    /// How many filtered variants are kept (tests and the benchmark check the bound).
    pub fn variants(&self) -> usize {
        self.entries.read().map_or(0, |entries| entries.keys().filter(|key| is_variant(key)).count())
    }

    /// The bytes of the kept pages (all three encodings) and of their keys: the benchmark
    /// reports it.
    pub fn memory(&self) -> usize {
        self.entries.read().map_or(0, |entries| {
            entries
                .iter()
                .map(|(key, entry)| {
                    let page = &entry.page;
                    let compressed = [&page.gzip, &page.brotli].into_iter().flatten().map(|variant| variant.body.len()).sum::<usize>();
                    key.len() + page.identity.body.len() + compressed
                })
                .sum()
        })
    }

    fn last_write(&self, sources: Sources) -> u64 {
        sources.bits().map(|bit| self.last_write[bit].load(Ordering::Acquire)).max().unwrap_or(0)
    }

    fn is_fresh(&self, entry: &Entry) -> bool {
        self.last_write(entry.sources) <= entry.read_at
    }

    /// The page kept today for `key`, counting the request.
    pub fn lookup(&self, key: &str, today: NaiveDate) -> Lookup {
        let Ok(entries) = self.entries.read() else { return Lookup::Missing };
        match entries.get(key) {
            Some(entry) if entry.day == today => {
                entry.hits.fetch_add(1, Ordering::Relaxed);
                if self.is_fresh(entry) { Lookup::Fresh(Arc::clone(&entry.page)) } else { Lookup::Stale(Arc::clone(&entry.page)) }
            }
            _ => Lookup::Missing,
        }
    }

    /// How many pages are kept (tests check that made-up paths do not add any).
    pub fn len(&self) -> usize {
        self.entries.read().map_or(0, |entries| entries.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Called after a successful write to `sources`: the pages they feed go stale and the
    /// refresher is woken.
    pub fn invalidate(&self, sources: Sources) {
        if sources == Sources::NONE {
            return;
        }
        let count = self.writes.fetch_add(1, Ordering::AcqRel) + 1;
        for bit in sources.bits() {
            self.last_write[bit].fetch_max(count, Ordering::AcqRel);
        }
        self.stale.notify_one();
    }

    /// Forgets every page (after notifications may have been lost, so any page may be out of
    /// date). The write count moves on too, so a render in progress is kept only as stale.
    pub fn clear(&self) {
        self.invalidate(Sources::ALL);
        if let Ok(mut entries) = self.entries.write() {
            entries.clear();
        }
    }

    /// Waits until a write may have made pages stale.
    pub async fn stale_pages_possible(&self) {
        self.stale.notified().await;
    }

    /// Whether a page someone asked for is stale (pages nobody asked for are dropped rather
    /// than rendered again).
    fn has_stale_pages(&self, today: NaiveDate) -> bool {
        let Ok(entries) = self.entries.read() else { return false };
        entries.values().any(|entry| entry.day == today && entry.hits.load(Ordering::Relaxed) > 0 && !self.is_fresh(entry))
    }

    /// Waits, at most `limit`, until the refresher has rendered again every stale page that
    /// visitors asked for: a save answers once the site shows it.
    pub async fn settled(&self, today: NaiveDate, limit: Duration) {
        let _ = tokio::time::timeout(limit, async {
            loop {
                let refreshed = self.refreshed.notified();
                if !self.has_stale_pages(today) {
                    return;
                }
                refreshed.await;
            }
        })
        .await;
    }

    /// The keys to render again, busiest first. Pages of another day and stale pages nobody
    /// asked for since they were rendered are dropped instead.
    pub fn keys_to_refresh(&self, today: NaiveDate) -> Vec<String> {
        let Ok(mut entries) = self.entries.write() else { return Vec::new() };
        entries.retain(|_, entry| entry.day == today && (self.is_fresh(entry) || entry.hits.load(Ordering::Relaxed) > 0));
        let mut stale: Vec<(u64, String)> = entries
            .iter()
            .filter(|(_, entry)| !self.is_fresh(entry))
            .map(|(key, entry)| (entry.hits.load(Ordering::Relaxed), key.clone()))
            .collect();
        stale.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        stale.into_iter().map(|(_, key)| key).collect()
    }

    fn store(&self, key: &str, rendered: &Rendered, read_at: u64, today: NaiveDate) {
        let key = rendered.kept_as.as_deref().unwrap_or(key);
        let Ok(mut entries) = self.entries.write() else { return };
        match &rendered.page {
            Some(_)
                if is_variant(key)
                    && !entries.contains_key(key)
                    && entries.keys().filter(|k| is_variant(k)).count() >= self.variant_limit =>
            {
                // Full: this variant was rendered for its request only. Counting is a walk
                // of the keys, cheap beside the render that just happened.
            }
            Some(page) => {
                let entry = Entry { page: Arc::clone(page), day: today, sources: rendered.sources, read_at, hits: AtomicU64::new(0) };
                let fresh = self.is_fresh(&entry);
                entries.insert(key.to_owned(), entry);
                // A write came while this rendered: the refresher may have passed this key
                // already, so it must look again.
                if !fresh {
                    self.stale.notify_one();
                }
            }
            None => {
                entries.remove(key);
            }
        }
    }

    fn join_flight(self: &Arc<Self>, key: &str) -> Role {
        let mut flights = self.flights.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(receiver) = flights.get(key) {
            return Role::Follower(receiver.clone());
        }
        let (sender, receiver) = watch::channel(None);
        flights.insert(key.to_owned(), receiver);
        Role::Leader(FlightGuard { cache: Arc::clone(self), key: key.to_owned(), sender })
    }

    /// The page for `key`: kept, or rendered by `render` once however many ask at the same
    /// time. A stale page is served as it is (the refresher redoes it) unless `fresh_only`:
    /// then this waits for a render that read the data after the latest write, so the owner
    /// sees what they just saved.
    pub async fn get_or_render<F, Fut>(
        self: &Arc<Self>,
        key: &str,
        today: NaiveDate,
        fresh_only: bool,
        render: F,
    ) -> Result<Option<Arc<CachedPage>>, AppError>
    where
        F: Fn() -> Fut,
        Fut: Future<Output = Result<Rendered, AppError>>,
    {
        loop {
            match self.lookup(key, today) {
                Lookup::Fresh(page) => return Ok(Some(page)),
                Lookup::Stale(page) if !fresh_only => {
                    self.stale.notify_one();
                    return Ok(Some(page));
                }
                Lookup::Stale(_) | Lookup::Missing => {}
            }
            match self.join_flight(key) {
                Role::Follower(mut receiver) => {
                    let done = receiver.wait_for(Option::is_some).await.map(|flight| flight.clone().flatten());
                    match done {
                        // The render may have read the data before the latest write: look again.
                        Ok(_) if fresh_only => continue,
                        Ok(page) => return Ok(page),
                        // The leader went away without a page: one of the waiters takes over.
                        Err(_) => continue,
                    }
                }
                Role::Leader(guard) => return self.lead(guard, key, today, render()).await,
            }
        }
    }

    /// Renders `key` again unless a render of it is in progress already (the refresher).
    pub async fn refresh<Fut>(self: &Arc<Self>, key: &str, today: NaiveDate, render: Fut) -> Result<(), AppError>
    where
        Fut: Future<Output = Result<Rendered, AppError>>,
    {
        let Role::Leader(guard) = self.join_flight(key) else { return Ok(()) };
        let rendered = self.lead(guard, key, today, render).await;
        self.refreshed.notify_waiters();
        rendered.map(|_| ())
    }

    /// Renders `key` as its one flight: keeps the page and hands it to the waiters. On an
    /// error the guard is dropped, and a waiter takes over.
    async fn lead<Fut>(&self, guard: FlightGuard, key: &str, today: NaiveDate, render: Fut) -> Result<Option<Arc<CachedPage>>, AppError>
    where
        Fut: Future<Output = Result<Rendered, AppError>>,
    {
        let read_at = self.writes.load(Ordering::Acquire);
        let rendered = render.await?;
        self.store(key, &rendered, read_at, today);
        guard.finish(rendered.page.clone());
        Ok(rendered.page)
    }
}

/// The right to render one key; removes the flight when done or dropped.
struct FlightGuard {
    cache: Arc<PageCache>,
    key: String,
    sender: watch::Sender<Flight>,
}

impl FlightGuard {
    fn finish(self, page: Option<Arc<CachedPage>>) {
        self.sender.send_replace(Some(page));
    }
}

impl Drop for FlightGuard {
    fn drop(&mut self) {
        // The entry is this flight's: a key gets a new flight only once the old one is removed.
        self.cache.flights.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).remove(&self.key);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;

    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 1, d).unwrap()
    }

    fn page(html: &str) -> Arc<CachedPage> {
        Arc::new(CachedPage::new(html.to_owned(), None))
    }

    fn body(page: &CachedPage) -> &[u8] {
        &page.identity.body
    }

    /// Renders `html` from `sources`, counting the renders.
    async fn render(renders: &AtomicUsize, html: &str, sources: Sources) -> Result<Rendered, AppError> {
        renders.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(20)).await;
        Ok(Rendered { page: Some(page(html)), sources, kept_as: None })
    }

    async fn fill(cache: &Arc<PageCache>, key: &str, html: &str, sources: Sources) {
        let renders = AtomicUsize::new(0);
        cache.get_or_render(key, day(1), false, || render(&renders, html, sources)).await.unwrap();
    }

    fn fresh(cache: &PageCache, key: &str) -> Option<Vec<u8>> {
        match cache.lookup(key, day(1)) {
            Lookup::Fresh(page) => Some(body(&page).to_vec()),
            _ => None,
        }
    }

    #[tokio::test]
    async fn a_write_stales_only_the_pages_that_read_what_it_wrote() {
        let cache = Arc::new(PageCache::default());
        fill(&cache, "/news", "news", Sources::HERO | Sources::NEWS).await;
        fill(&cache, "/talks", "talks", Sources::HERO | Sources::TALKS).await;
        cache.invalidate(Sources::NEWS);
        assert!(matches!(cache.lookup("/news", day(1)), Lookup::Stale(_)));
        assert_eq!(fresh(&cache, "/talks").as_deref(), Some(&b"talks"[..]));
        cache.invalidate(Sources::NONE);
        assert!(fresh(&cache, "/talks").is_some(), "a write that touches nothing (a sign-in) stales nothing");
        cache.invalidate(Sources::HERO);
        assert!(matches!(cache.lookup("/talks", day(1)), Lookup::Stale(_)), "the owner's name is on every page");
    }

    #[tokio::test]
    async fn concurrent_misses_render_once() {
        let cache = Arc::new(PageCache::default());
        let renders = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..20 {
            let (cache, renders) = (Arc::clone(&cache), Arc::clone(&renders));
            tasks.push(tokio::spawn(async move {
                cache.get_or_render("/", day(1), false, || render(&renders, "home", Sources::HERO)).await.unwrap().unwrap()
            }));
        }
        for task in tasks {
            assert_eq!(body(&task.await.unwrap()), b"home");
        }
        assert_eq!(renders.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_stale_page_is_served_at_once_to_visitors_and_the_owner_waits_for_the_new_one() {
        let cache = Arc::new(PageCache::default());
        fill(&cache, "/news", "old", Sources::NEWS).await;
        cache.invalidate(Sources::NEWS);
        let renders = AtomicUsize::new(0);
        let visitor = cache.get_or_render("/news", day(1), false, || render(&renders, "new", Sources::NEWS)).await.unwrap();
        assert_eq!((body(&visitor.unwrap()), renders.load(Ordering::SeqCst)), (&b"old"[..], 0));
        let owner = cache.get_or_render("/news", day(1), true, || render(&renders, "new", Sources::NEWS)).await.unwrap();
        assert_eq!((body(&owner.unwrap()), renders.load(Ordering::SeqCst)), (&b"new"[..], 1));
        assert_eq!(fresh(&cache, "/news").as_deref(), Some(&b"new"[..]));
    }

    #[tokio::test]
    async fn when_the_rendering_client_goes_away_a_waiting_one_takes_over() {
        let cache = Arc::new(PageCache::default());
        let renders = Arc::new(AtomicUsize::new(0));
        let leader = {
            let (cache, renders) = (Arc::clone(&cache), Arc::clone(&renders));
            tokio::spawn(async move {
                cache
                    .get_or_render("/", day(1), false, || async {
                        renders.fetch_add(1, Ordering::SeqCst);
                        std::future::pending::<Result<Rendered, AppError>>().await
                    })
                    .await
            })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        let follower = {
            let (cache, renders) = (Arc::clone(&cache), Arc::clone(&renders));
            tokio::spawn(async move { cache.get_or_render("/", day(1), false, || render(&renders, "home", Sources::HERO)).await })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(renders.load(Ordering::SeqCst), 1, "the second request waits for the first one's render");
        leader.abort();
        let page = tokio::time::timeout(Duration::from_secs(5), follower).await.unwrap().unwrap().unwrap().unwrap();
        assert_eq!((body(&page), renders.load(Ordering::SeqCst)), (&b"home"[..], 2));
    }

    #[tokio::test]
    async fn a_render_that_read_before_a_write_is_kept_but_stale() {
        let cache = Arc::new(PageCache::default());
        let rendered = cache.get_or_render("/news", day(1), false, || async {
            // The owner saves while this page's data is being read.
            cache.invalidate(Sources::NEWS);
            Ok(Rendered { page: Some(page("before the save")), sources: Sources::NEWS, kept_as: None })
        });
        assert_eq!(body(&rendered.await.unwrap().unwrap()), b"before the save");
        assert!(matches!(cache.lookup("/news", day(1)), Lookup::Stale(_)));
        assert_eq!(cache.keys_to_refresh(day(1)), vec!["/news".to_owned()]);
    }

    #[tokio::test]
    async fn the_refresher_redoes_visited_pages_busiest_first_and_drops_the_rest() {
        let cache = Arc::new(PageCache::default());
        for key in ["/", "/news", "/talks", "/publications/a"] {
            fill(&cache, key, key, Sources::HERO).await;
        }
        for _ in 0..3 {
            cache.lookup("/news", day(1));
        }
        cache.lookup("/", day(1));
        cache.lookup("/publications/a", day(1));
        cache.invalidate(Sources::HERO);
        assert_eq!(cache.keys_to_refresh(day(1)), ["/news", "/", "/publications/a"]);
        assert!(matches!(cache.lookup("/talks", day(1)), Lookup::Missing), "nobody asked for it since: dropped");
        let renders = AtomicUsize::new(0);
        cache.refresh("/news", day(1), render(&renders, "new news", Sources::HERO)).await.unwrap();
        assert_eq!(fresh(&cache, "/news").as_deref(), Some(&b"new news"[..]));
        assert!(cache.keys_to_refresh(day(2)).is_empty(), "a new day drops yesterday's pages");
        assert!(cache.is_empty());
    }

    #[tokio::test]
    async fn a_save_can_wait_until_the_refresher_has_caught_up() {
        let cache = Arc::new(PageCache::default());
        fill(&cache, "/news", "old", Sources::NEWS).await;
        cache.lookup("/news", day(1));
        cache.invalidate(Sources::NEWS);
        let refresher = {
            let cache = Arc::clone(&cache);
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(50)).await;
                let renders = AtomicUsize::new(0);
                cache.refresh("/news", day(1), render(&renders, "new", Sources::NEWS)).await.unwrap();
            })
        };
        cache.settled(day(1), Duration::from_secs(5)).await;
        assert_eq!(fresh(&cache, "/news").as_deref(), Some(&b"new"[..]));
        refresher.await.unwrap();
        // Nothing stale: no wait at all (the limit here would fail the test by hanging it).
        tokio::time::timeout(Duration::from_secs(1), cache.settled(day(1), Duration::from_secs(3600))).await.unwrap();
    }

    #[tokio::test]
    async fn pages_are_served_only_on_the_day_they_were_rendered_on() {
        let cache = Arc::new(PageCache::default());
        fill(&cache, "/", "monday", Sources::HERO).await;
        assert!(matches!(cache.lookup("/", day(2)), Lookup::Missing));
        let renders = AtomicUsize::new(0);
        let page = cache.get_or_render("/", day(2), false, || render(&renders, "tuesday", Sources::HERO)).await.unwrap();
        assert_eq!(body(&page.unwrap()), b"tuesday");
    }

    #[tokio::test]
    async fn filtered_variants_are_kept_up_to_the_limit_and_real_pages_always() {
        let cache = Arc::new(PageCache::with_variant_limit(3));
        for n in 0..10 {
            fill(&cache, &format!("/publications?q=w{n}"), "variant", Sources::PUBLICATIONS).await;
        }
        assert_eq!(cache.variants(), 3);
        fill(&cache, "/publications?page=2", "page 2", Sources::PUBLICATIONS).await;
        fill(&cache, "/tags/x", "tag", Sources::TAGS).await;
        assert_eq!((cache.len(), cache.variants()), (5, 3), "page numbers and other pages are not variants");
        cache.invalidate(Sources::PUBLICATIONS);
        let renders = AtomicUsize::new(0);
        cache.refresh("/publications?q=w0", day(1), render(&renders, "again", Sources::PUBLICATIONS)).await.unwrap();
        assert_eq!(fresh(&cache, "/publications?q=w0").as_deref(), Some(&b"again"[..]), "a kept variant is still refreshed");
        assert!(cache.memory() > 0);
    }

    #[test]
    fn compressed_copies_decompress_to_the_page() {
        use std::io::Read;
        let html = "<p>hello</p>".repeat(200);
        let page = CachedPage::new(html.clone(), None);
        let mut gunzipped = String::new();
        let (gzip, brotli) = (page.gzip.as_ref().unwrap(), page.brotli.as_ref().unwrap());
        flate2::read::GzDecoder::new(&gzip.body[..]).read_to_string(&mut gunzipped).unwrap();
        let mut unbrotlied = String::new();
        brotli::Decompressor::new(&brotli.body[..], 4096).read_to_string(&mut unbrotlied).unwrap();
        assert_eq!((gunzipped.as_str(), unbrotlied.as_str()), (html.as_str(), html.as_str()));
        assert!(gzip.body.len() < html.len() / 10);
        assert_ne!(gzip.etag, brotli.etag, "each encoding has its own validator");
    }
}
