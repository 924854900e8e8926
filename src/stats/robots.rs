//! Who is not a reader: robots (the COUNTER-Robots list and Vita's additions in `robots.txt`,
//! compiled once into one `RegexSet`), user agents too short to be a browser's, and feed
//! readers, which are counted apart: the subscribers their user agent announces.

use std::sync::LazyLock;

use regex::{Regex, RegexSet, RegexSetBuilder};

use super::visitor::{self, Browser};

/// A browser's user agent is never this short (`Mozilla/5.0 (…)` at least); shorter ones are
/// scripts and robots.
const SHORTEST_BROWSER: usize = 12;

/// Longer than any browser's: a 10 KB user agent is a forgery, not a reader.
const LONGEST_BROWSER: usize = 1024;

static ROBOTS: LazyLock<RegexSet> = LazyLock::new(|| {
    let patterns = include_str!("robots.txt").lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#'));
    RegexSetBuilder::new(patterns).case_insensitive(true).build().expect("the robot patterns are valid regular expressions")
});

/// Compiles the robot list now (at start-up) rather than on the first visitor's request.
pub fn prepare() {
    LazyLock::force(&ROBOTS);
    LazyLock::force(&SUBSCRIBERS);
}

/// Who sent a request, as its `User-Agent` tells: no reader (a robot, a link preview, a feed
/// reader, a script, or no user agent worth the name), or a reader's browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sender {
    Robot,
    /// The browser's family and major version (`visitor::browser`), a part of the visitor key.
    Reader(Browser),
}

/// Whether a request with this `User-Agent` is not a person reading.
pub fn is_robot(user_agent: &str) -> bool {
    sender(user_agent) == Sender::Robot
}

/// Who sent a request with this `User-Agent`. A reader's browser sends the same user agent
/// with every request: the answers for the last ones each thread saw are kept by a hash of
/// the text (never the text itself), so the robot list is matched, and the browser read, once
/// per user agent rather than once per request (together they cost more than the rest of a
/// cached page's answer).
pub fn sender(user_agent: &str) -> Sender {
    if user_agent.len() < SHORTEST_BROWSER || user_agent.len() > LONGEST_BROWSER {
        return Sender::Robot;
    }
    thread_local! {
        static SENDERS: std::cell::RefCell<[(u64, Sender); SENDERS_KEPT]> =
            const { std::cell::RefCell::new([(0, Sender::Robot); SENDERS_KEPT]) };
    }
    let hash = {
        let mut hasher = std::hash::DefaultHasher::new();
        std::hash::Hasher::write(&mut hasher, user_agent.as_bytes());
        // 0 marks an empty slot.
        std::hash::Hasher::finish(&hasher).max(1)
    };
    let slot = (hash % SENDERS_KEPT as u64) as usize;
    SENDERS.with_borrow_mut(|senders| match senders[slot] {
        (kept, sender) if kept == hash => sender,
        _ => {
            let sender = if ROBOTS.is_match(user_agent) { Sender::Robot } else { Sender::Reader(visitor::browser(user_agent)) };
            senders[slot] = (hash, sender);
            sender
        }
    })
}

/// User agents whose answer a thread keeps.
const SENDERS_KEPT: usize = 256;

static SUBSCRIBERS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b([0-9]{1,9})\s+(?:subscribers|readers)\b").expect("a valid regular expression"));

/// Feed readers that name themselves other than by their user agent's first word.
const FETCHERS: &[(&str, &str)] = &[
    ("feedly", "Feedly"),
    ("newsblur", "NewsBlur"),
    ("feedbin", "Feedbin"),
    ("inoreader", "Inoreader"),
    ("theoldreader", "The Old Reader"),
    ("feedspot", "Feedspot"),
    ("feedhq", "FeedHQ"),
    ("bazqux", "BazQux"),
    ("feedwrangler", "Feed Wrangler"),
];

/// The longest fetcher name kept (one taken from an unknown user agent's first word).
const LONGEST_FETCHER: usize = 40;

/// The feed reader and the number of subscribers it announces ("Feedly/1.0 (…; 42
/// subscribers; …)", "NewsBlur Feed Fetcher - 12 subscribers - …", "Feedbin feed-id:1 - 7
/// subscribers"); `None` for any other user agent.
pub fn feed_subscribers(user_agent: &str) -> Option<(&str, u32)> {
    if user_agent.len() > LONGEST_BROWSER {
        return None;
    }
    let count: u32 = SUBSCRIBERS.captures(user_agent)?.get(1)?.as_str().parse().ok()?;
    let lower = user_agent.to_ascii_lowercase();
    if let Some((_, name)) = FETCHERS.iter().find(|(needle, _)| lower.contains(needle)) {
        return Some((name, count));
    }
    // Another reader: its user agent's first word, if it is a plain name.
    let first = user_agent.split(['/', ' ', ';', '(']).next().unwrap_or("");
    let plain = !first.is_empty()
        && first.len() <= LONGEST_FETCHER
        && first.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.');
    plain.then_some((first, count))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Current browsers, on desktop and phone: none of them is a robot.
    const BROWSERS: [&str; 6] = [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    ];

    #[test]
    fn browsers_are_readers_and_robots_are_not() {
        for browser in BROWSERS {
            assert!(!is_robot(browser), "{browser}");
        }
        for robot in [
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
            "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
            "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
            "WhatsApp/2.23.20.0",
            "curl/8.5.0",
            "python-requests/2.31.0",
            "Go-http-client/1.1",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
            "Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers; like FeedFetcher-Google)",
            "",
            "Mozilla",
            "x",
        ] {
            assert!(is_robot(robot), "{robot:?}");
        }
        // A forged 10 KB user agent is not a reader either.
        assert!(is_robot(&format!("{} {}", BROWSERS[0], "a".repeat(10_000))));
        // Asked again (the kept verdicts), the answers are the same.
        for _ in 0..2 {
            assert!(!is_robot(BROWSERS[0]));
            assert!(is_robot("curl/8.5.0 (a script)"));
        }
    }

    #[test]
    fn feed_readers_announce_their_subscribers() {
        assert_eq!(
            feed_subscribers("Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers; like FeedFetcher-Google)"),
            Some(("Feedly", 42))
        );
        assert_eq!(
            feed_subscribers("NewsBlur Feed Fetcher - 12 subscribers - https://www.newsblur.com/site/6/x (Mozilla/5.0)"),
            Some(("NewsBlur", 12))
        );
        assert_eq!(feed_subscribers("Feedbin feed-id:1373711 - 7 subscribers"), Some(("Feedbin", 7)));
        assert_eq!(feed_subscribers("Tumbleweed/2.0 (3 subscribers)"), Some(("Tumbleweed", 3)));
        assert_eq!(feed_subscribers(BROWSERS[0]), None);
        assert_eq!(feed_subscribers("Feedly/1.0 (no count)"), None);
    }
}
