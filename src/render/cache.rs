//! Rendered public pages kept in memory, already compressed. Anonymous visitors are nearly all
//! of the traffic, and a page changes only when the owner writes something, so a page is
//! rendered and compressed once and then served from here until any write clears the cache.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use axum::body::Bytes;
use axum::http::HeaderValue;
use chrono::NaiveDate;
use sha2::{Digest, Sha256};

/// One encoding of a page: its bytes and its ETag, ready to send.
pub struct Variant {
    pub body: Bytes,
    /// The quoted strong validator, e.g. `"9f8a…-gz"`.
    pub etag: HeaderValue,
}

/// One rendered page in every encoding it is served in.
pub struct CachedPage {
    pub identity: Variant,
    pub gzip: Variant,
    pub brotli: Variant,
    /// A page-specific Content-Security-Policy (the home page may load an analytics script).
    pub content_security_policy: Option<HeaderValue>,
}

impl CachedPage {
    /// Compresses once, here, so requests never pay for it. CPU-bound: call off the executor.
    pub fn new(html: String, content_security_policy: Option<HeaderValue>) -> Self {
        let digest = Sha256::digest(html.as_bytes());
        let etag: String = digest.iter().take(12).map(|b| format!("{b:02x}")).collect();
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
            gzip: variant(gzip, "-gz"),
            brotli: variant(brotli, "-br"),
            content_security_policy,
        }
    }
}

/// The pages of one day: pages show dates relative to today (an open call's 'Soon' badge), so
/// a page rendered yesterday is not served today.
#[derive(Default)]
struct Pages {
    day: Option<NaiveDate>,
    by_path: HashMap<String, Arc<CachedPage>>,
}

#[derive(Default)]
pub struct PageCache {
    pages: RwLock<Pages>,
    /// Bumped by every invalidation. A render that started before a write must not put its
    /// (possibly stale) page into the cache after the write cleared it.
    generation: AtomicU64,
}

impl PageCache {
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// The page rendered today for `path`, if any.
    pub fn get(&self, path: &str, today: NaiveDate) -> Option<Arc<CachedPage>> {
        let pages = self.pages.read().ok()?;
        if pages.day != Some(today) {
            return None;
        }
        pages.by_path.get(path).cloned()
    }

    /// Stores a page rendered on `today` from data read at `generation`, unless a write came
    /// since. The first page of a new day drops the previous day's pages.
    pub fn insert(&self, path: &str, page: Arc<CachedPage>, generation: u64, today: NaiveDate) {
        if let Ok(mut pages) = self.pages.write() {
            if self.generation() != generation {
                return;
            }
            if pages.day != Some(today) {
                pages.by_path.clear();
                pages.day = Some(today);
            }
            pages.by_path.insert(path.to_owned(), page);
        }
    }

    /// How many pages are kept (for tests: made-up requests must not grow the cache).
    pub fn len(&self) -> usize {
        self.pages.read().map_or(0, |pages| pages.by_path.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets every page: called after any successful write.
    pub fn invalidate(&self) {
        if let Ok(mut pages) = self.pages.write() {
            self.generation.fetch_add(1, Ordering::AcqRel);
            pages.by_path.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 1, d).unwrap()
    }

    #[test]
    fn a_page_rendered_before_a_write_is_not_cached_after_it() {
        let cache = PageCache::default();
        let before = cache.generation();
        cache.invalidate();
        cache.insert("/", Arc::new(CachedPage::new("<p>old</p>".into(), None)), before, day(1));
        assert!(cache.get("/", day(1)).is_none());
        cache.insert("/", Arc::new(CachedPage::new("<p>new</p>".into(), None)), cache.generation(), day(1));
        assert!(cache.get("/", day(1)).is_some());
    }

    #[test]
    fn pages_are_kept_for_the_day_they_were_rendered_on() {
        let cache = PageCache::default();
        cache.insert("/", Arc::new(CachedPage::new("<p>monday</p>".into(), None)), cache.generation(), day(1));
        cache.insert("/talks", Arc::new(CachedPage::new("<p>monday</p>".into(), None)), cache.generation(), day(1));
        assert!(cache.get("/", day(2)).is_none(), "yesterday's page is not served today");
        cache.insert("/", Arc::new(CachedPage::new("<p>tuesday</p>".into(), None)), cache.generation(), day(2));
        assert!(cache.get("/", day(2)).is_some());
        assert!(cache.get("/talks", day(2)).is_none());
        assert!(cache.get("/talks", day(1)).is_none(), "the new day dropped the old pages");
    }

    #[test]
    fn compressed_copies_decompress_to_the_page() {
        use std::io::Read;
        let html = "<p>hello</p>".repeat(200);
        let page = CachedPage::new(html.clone(), None);
        let mut gunzipped = String::new();
        flate2::read::GzDecoder::new(&page.gzip.body[..]).read_to_string(&mut gunzipped).unwrap();
        let mut unbrotlied = String::new();
        brotli::Decompressor::new(&page.brotli.body[..], 4096).read_to_string(&mut unbrotlied).unwrap();
        assert_eq!((gunzipped.as_str(), unbrotlied.as_str()), (html.as_str(), html.as_str()));
        assert!(page.gzip.body.len() < html.len() / 10);
        assert_ne!(page.gzip.etag, page.brotli.etag, "each encoding has its own validator");
    }
}
