//! What an instance counted since its last write to the database: the day's totals, and per
//! page, file, source and feed; the visitor keys seen, to be added to the day's keys. Bounded:
//! past `MAX_KEYS` keys or `MAX_NAMES` sources, further keys are dropped (the views still
//! count) and further sources are counted as "Other", so a database that stays down, or a
//! flood of made-up referrers, cannot grow it without end.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};

/// The most visitor keys one buffer holds (about 16 bytes each).
pub const MAX_KEYS: usize = 500_000;
/// The most sources, or feed readers, one day of a buffer holds.
pub const MAX_NAMES: usize = 5_000;
/// What the sources past `MAX_NAMES` are counted as.
pub const OTHER: &str = "Other";

/// Visitor keys. They are HMAC outputs under a secret salt, evenly spread and beyond a
/// sender's choosing, so they are their own hash: SipHash, which guards a set against keys made
/// to collide, would only cost time on every request.
pub type Keys = HashSet<i64, BuildHasherDefault<KeyHasher>>;

/// The hasher of `Keys`: the key itself.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_i64` is used by a `Keys`; anything else is folded in all the same.
        for byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*byte);
        }
    }

    fn write_i64(&mut self, key: i64) {
        self.0 = key as u64;
    }
}

/// One day's counts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Day {
    pub views: i64,
    pub downloads: i64,
    pub unique_downloads: i64,
    /// Keys of the day's visitors (of any page or file).
    pub visitors: Keys,
    pub pages: HashMap<String, Page>,
    pub files: HashMap<String, File>,
    pub sources: HashMap<String, Source>,
    /// The latest figure of each feed reader (and feed): `(reader, feed path)`.
    pub feeds: HashMap<(String, String), i64>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    pub views: i64,
    pub visitors: Keys,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct File {
    pub downloads: i64,
    pub unique_downloads: i64,
}

/// Arrivals from a source: the keys of the visitors, and how many came with no key (the
/// `views` setting, `Sec-GPC`), each of whom counts as one visitor of the source.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Source {
    pub without_key: i64,
    pub visitors: Keys,
}

#[derive(Debug, Default)]
pub struct Buffer {
    pub days: BTreeMap<NaiveDate, Day>,
    /// Keys held over all days and scopes (for `MAX_KEYS`).
    keys: usize,
}

impl Buffer {
    pub fn is_empty(&self) -> bool {
        self.days.is_empty()
    }

    pub fn keys(&self) -> usize {
        self.keys
    }

    fn day(&mut self, day: NaiveDate) -> &mut Day {
        self.days.entry(day).or_default()
    }

    /// Adds `key` to `set` unless the buffer is full.
    fn remember(keys: &mut usize, set: &mut Keys, key: Option<i64>) {
        if let Some(key) = key
            && *keys < MAX_KEYS
            && set.insert(key)
        {
            *keys += 1;
        }
    }

    pub fn view(&mut self, day: NaiveDate, path: &str, key: Option<i64>, source: Option<&str>) {
        let keys = &mut self.keys;
        let counts = self.days.entry(day).or_default();
        counts.views += 1;
        Self::remember(keys, &mut counts.visitors, key);
        let page = match counts.pages.get_mut(path) {
            Some(page) => page,
            None => counts.pages.entry(path.to_owned()).or_default(),
        };
        page.views += 1;
        Self::remember(keys, &mut page.visitors, key);
        if let Some(source) = source {
            Self::arrival(keys, counts, source, key);
        }
    }

    pub fn download(&mut self, day: NaiveDate, path: &str, key: Option<i64>, source: Option<&str>, unique: bool) {
        let keys = &mut self.keys;
        let counts = self.days.entry(day).or_default();
        counts.downloads += 1;
        counts.unique_downloads += i64::from(unique);
        Self::remember(keys, &mut counts.visitors, key);
        let file = match counts.files.get_mut(path) {
            Some(file) => file,
            None => counts.files.entry(path.to_owned()).or_default(),
        };
        file.downloads += 1;
        file.unique_downloads += i64::from(unique);
        if let Some(source) = source {
            Self::arrival(keys, counts, source, key);
        }
    }

    /// A visitor who is not counted as a download (a double click, a later part of a file)
    /// but whose key still belongs to the day's visitors.
    pub fn visitor(&mut self, day: NaiveDate, key: i64) {
        let keys = &mut self.keys;
        let counts = self.days.entry(day).or_default();
        Self::remember(keys, &mut counts.visitors, Some(key));
    }

    fn arrival(keys: &mut usize, counts: &mut Day, source: &str, key: Option<i64>) {
        let name = if counts.sources.contains_key(source) || counts.sources.len() < MAX_NAMES { source } else { OTHER };
        let arrivals = match counts.sources.get_mut(name) {
            Some(arrivals) => arrivals,
            None => counts.sources.entry(name.to_owned()).or_default(),
        };
        match key {
            Some(_) => Self::remember(keys, &mut arrivals.visitors, key),
            None => arrivals.without_key += 1,
        }
    }

    /// A feed reader's latest figure (a later fetch the same day replaces it).
    pub fn feed(&mut self, day: NaiveDate, reader: &str, feed: &str, subscribers: i64) {
        let counts = self.day(day);
        let entry = (reader.to_owned(), feed.to_owned());
        if counts.feeds.contains_key(&entry) || counts.feeds.len() < MAX_NAMES {
            counts.feeds.insert(entry, subscribers);
        }
    }

    /// Adds `other`'s counts to these (what a failed write kept, plus what came since).
    pub fn merge(&mut self, other: Buffer) {
        for (date, theirs) in other.days {
            let keys = &mut self.keys;
            let ours = self.days.entry(date).or_default();
            ours.views += theirs.views;
            ours.downloads += theirs.downloads;
            ours.unique_downloads += theirs.unique_downloads;
            for key in theirs.visitors {
                Self::remember(keys, &mut ours.visitors, Some(key));
            }
            for (path, page) in theirs.pages {
                let mine = ours.pages.entry(path).or_default();
                mine.views += page.views;
                for key in page.visitors {
                    Self::remember(keys, &mut mine.visitors, Some(key));
                }
            }
            for (path, file) in theirs.files {
                let mine = ours.files.entry(path).or_default();
                mine.downloads += file.downloads;
                mine.unique_downloads += file.unique_downloads;
            }
            for (name, source) in theirs.sources {
                let name = if ours.sources.contains_key(&name) || ours.sources.len() < MAX_NAMES { name } else { OTHER.to_owned() };
                let mine = ours.sources.entry(name).or_default();
                mine.without_key += source.without_key;
                for key in source.visitors {
                    Self::remember(keys, &mut mine.visitors, Some(key));
                }
            }
            // The later figure wins: `other` is the newer buffer.
            for (reader, subscribers) in theirs.feeds {
                if ours.feeds.contains_key(&reader) || ours.feeds.len() < MAX_NAMES {
                    ours.feeds.insert(reader, subscribers);
                }
            }
        }
    }
}

/// A second request for one file by one visitor within this is a double click, not a new
/// download (COUNTER: 30 seconds).
pub const DOUBLE_CLICK: TimeDelta = TimeDelta::seconds(30);
/// A Range request this soon after a counted download of the file, by its visitor, is a later
/// part of the same reading (a PDF viewer fetches a file in parts).
pub const ONE_READING: TimeDelta = TimeDelta::hours(1);
/// The most (visitor, file) pairs remembered for the rules above.
pub const MAX_READINGS: usize = 200_000;

/// The last request, and the last counted download, of one file by one visitor.
#[derive(Clone, Copy, Debug)]
struct Reading {
    last_request: DateTime<Utc>,
    last_counted: DateTime<Utc>,
    /// The hour (since the epoch) of the last unique download.
    unique_hour: i64,
}

/// Whether a download counts, COUNTER's way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A new download; `unique`: the first of this visitor and file in this hour.
    Counted { unique: bool },
    /// A double click, or a later part of a download already counted.
    Repeat,
}

/// The recent downloads of each (visitor, file), for the double-click and Range rules.
#[derive(Debug, Default)]
pub struct Readings(HashMap<(i64, String), Reading>);

fn hour(now: DateTime<Utc>) -> i64 {
    now.timestamp().div_euclid(3600)
}

impl Readings {
    /// Judges a request for `path` by `key` at `now`; `ranged`: it asked for a part only.
    pub fn judge(&mut self, key: i64, path: &str, now: DateTime<Utc>, ranged: bool) -> Verdict {
        let Some(reading) = self.0.get_mut(&(key, path.to_owned())) else {
            if self.0.len() < MAX_READINGS {
                self.0.insert((key, path.to_owned()), Reading { last_request: now, last_counted: now, unique_hour: hour(now) });
            }
            return Verdict::Counted { unique: true };
        };
        let double_click = now - reading.last_request < DOUBLE_CLICK;
        let part_of_counted = ranged && now - reading.last_counted < ONE_READING;
        reading.last_request = now;
        if double_click || part_of_counted {
            return Verdict::Repeat;
        }
        reading.last_counted = now;
        let unique = hour(now) != reading.unique_hour;
        reading.unique_hour = hour(now);
        Verdict::Counted { unique }
    }

    /// Forgets what no rule looks at any more.
    pub fn forget_before(&mut self, now: DateTime<Utc>) {
        self.0.retain(|_, reading| now - reading.last_request < ONE_READING || hour(now) == reading.unique_hour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap()
    }

    #[test]
    fn double_clicks_and_parts_count_once() {
        let mut readings = Readings::default();
        let pdf = "/publications/a/a.pdf";
        assert_eq!(readings.judge(1, pdf, at(0), false), Verdict::Counted { unique: true });
        assert_eq!(readings.judge(1, pdf, at(10), false), Verdict::Repeat, "a double click");
        assert_eq!(readings.judge(1, pdf, at(20), true), Verdict::Repeat, "a part");
        assert_eq!(readings.judge(1, pdf, at(120), true), Verdict::Repeat, "a later part of the same reading");
        assert_eq!(readings.judge(2, pdf, at(120), false), Verdict::Counted { unique: true }, "another visitor");
        assert_eq!(readings.judge(1, "/cv.pdf", at(120), false), Verdict::Counted { unique: true }, "another file");
        // A whole download again, past the double-click window: a download, not a unique one
        // within the same hour.
        let same_hour = at(200);
        assert_eq!(hour(same_hour), hour(at(0)));
        assert_eq!(readings.judge(1, pdf, same_hour, false), Verdict::Counted { unique: false });
        assert_eq!(readings.judge(1, pdf, at(2 * 3600), false), Verdict::Counted { unique: true }, "a new hour");
    }

    #[test]
    fn the_buffer_is_bounded() {
        let mut buffer = Buffer::default();
        let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        for key in 0..(MAX_KEYS as i64 / 2 + 10) {
            buffer.view(day, "/", Some(key), None);
        }
        assert_eq!(buffer.keys(), MAX_KEYS, "the day's set and the page's set, up to the bound");
        assert_eq!(buffer.days[&day].views, MAX_KEYS as i64 / 2 + 10, "every view still counts");
        for n in 0..(MAX_NAMES + 5) {
            buffer.view(day, "/", None, Some(&format!("spam{n}.example")));
        }
        assert_eq!(buffer.days[&day].sources.len(), MAX_NAMES + 1);
        assert_eq!(buffer.days[&day].sources[OTHER].without_key, 5);
    }

    #[test]
    fn merging_adds_counts_and_keeps_the_newer_feed_figure() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let (mut older, mut newer) = (Buffer::default(), Buffer::default());
        older.view(day, "/", Some(1), Some("arXiv"));
        older.feed(day, "Feedly", "/feed.atom", 40);
        newer.view(day, "/", Some(1), Some("arXiv"));
        newer.view(day, "/", Some(2), None);
        newer.feed(day, "Feedly", "/feed.atom", 42);
        older.merge(newer);
        let counts = &older.days[&day];
        assert_eq!((counts.views, counts.visitors.len(), counts.pages["/"].visitors.len()), (3, 2, 2));
        assert_eq!(counts.sources["arXiv"].visitors.len(), 1);
        assert_eq!(counts.feeds[&("Feedly".to_owned(), "/feed.atom".to_owned())], 42);
    }
}
