//! The one HTTP client every outside call goes through, so each is equally calm: a connect
//! timeout of 5 s and a total of 20 s, a User-Agent naming the site and the owner's contact
//! (what Crossref's and OpenAlex's polite pools ask), fewer than 10 requests a second to any
//! one source, 429 answers waited out as `Retry-After` says (a few times, then given up), and
//! answers over 10 MB refused while they stream in, before they are held whole.

use std::fmt;
use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::{ACCEPT, HeaderMap, RETRY_AFTER, USER_AGENT};
use tokio::sync::Mutex;
use tokio::time::Instant;

pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
pub const TOTAL_TIMEOUT: Duration = Duration::from_secs(20);
/// The largest answer read: a work with thousands of references is well under 1 MB.
pub const MAX_BODY: usize = 10 * 1024 * 1024;
/// One request per this interval to a source: fewer than 10 a second, with room for the
/// network's jitter (a source counts arrivals, not departures).
pub const PACE: Duration = Duration::from_millis(110);
/// How many times a 429 is waited out before the call fails.
const RATE_LIMIT_RETRIES: u32 = 3;
/// The longest `Retry-After` waited for; a source asking for more is treated as failing.
const LONGEST_RETRY_WAIT: Duration = Duration::from_secs(30);
/// The wait after a 429 without a usable `Retry-After`, doubled at each retry.
const FIRST_BACKOFF: Duration = Duration::from_secs(1);

/// The outside sources Vita calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Crossref,
    Doi,
    Orcid,
    OpenAlex,
}

impl Source {
    /// Its name in the `outside_sources` table and in `citation_counts`.
    pub fn key(self) -> &'static str {
        match self {
            Source::Crossref => "crossref",
            Source::Doi => "doi",
            Source::Orcid => "orcid",
            Source::OpenAlex => "openalex",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Source::Crossref => "Crossref",
            Source::Doi => "doi.org",
            Source::Orcid => "ORCID",
            Source::OpenAlex => "OpenAlex",
        }
    }
}

/// Why a call to a source gave nothing usable. The message is what the owner reads (the
/// lookup's 502, the dashboard's last error) and what the one warning of a run says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    Unreachable(Source, String),
    TimedOut(Source),
    Status(Source, u16),
    RateLimited(Source),
    TooLarge(Source),
    Malformed(Source, String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Unreachable(source, cause) => write!(f, "{} cannot be reached ({cause})", source.name()),
            Failure::TimedOut(source) => write!(f, "{} did not answer within {} s", source.name(), TOTAL_TIMEOUT.as_secs()),
            Failure::Status(source, status) => write!(f, "{} answered with the error {status}", source.name()),
            Failure::RateLimited(source) => write!(f, "{} kept answering 429 (too many requests)", source.name()),
            Failure::TooLarge(source) => write!(f, "{}'s answer is larger than {} MB: refused", source.name(), MAX_BODY / 1024 / 1024),
            Failure::Malformed(source, what) => write!(f, "{}'s answer could not be read: {what}", source.name()),
        }
    }
}

impl std::error::Error for Failure {}

/// An answer with a usable status: `None` body for 404 and 410 (the source has no such record).
pub type Answer = Option<Vec<u8>>;

pub struct Client {
    inner: reqwest::Client,
    /// When each source (by `Source as usize`) may be called next.
    next_call: [Mutex<Option<Instant>>; 4],
}

impl Client {
    pub fn new() -> anyhow::Result<Self> {
        let inner = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(TOTAL_TIMEOUT)
            // doi.org answers with redirects to the registration agency (reqwest follows up to 10).
            .redirect(reqwest::redirect::Policy::limited(10))
            .build()?;
        Ok(Self { inner, next_call: Default::default() })
    }

    /// Waits for `source`'s turn: one call per `PACE` to each source, counted from when the
    /// previous call left (the lock is held through the wait, so calls leave one by one).
    async fn take_turn(&self, source: Source) {
        let mut next = self.next_call[source as usize].lock().await;
        if let Some(at) = *next {
            tokio::time::sleep_until(at).await;
        }
        *next = Some(Instant::now() + PACE);
    }

    /// GETs `url` from `source` with `accept`: the body of a 2xx answer, `None` for 404/410,
    /// a `Failure` for anything else. `user_agent` names the site and its owner's contact
    /// (`super::user_agent`).
    pub async fn get(&self, source: Source, url: &str, accept: &str, user_agent: &str) -> Result<Answer, Failure> {
        let mut backoff = FIRST_BACKOFF;
        for _ in 0..=RATE_LIMIT_RETRIES {
            self.take_turn(source).await;
            let request = self.inner.get(url).header(ACCEPT, accept).header(USER_AGENT, user_agent);
            let response = request.send().await.map_err(|e| transport(source, &e))?;
            let status = response.status();
            if status == StatusCode::TOO_MANY_REQUESTS {
                let wait = retry_after(response.headers()).unwrap_or(backoff);
                if wait > LONGEST_RETRY_WAIT {
                    return Err(Failure::RateLimited(source));
                }
                tracing::info!(source = source.name(), wait_ms = wait.as_millis() as u64, "rate limited: waiting as asked");
                tokio::time::sleep(wait).await;
                backoff *= 2;
                continue;
            }
            if status == StatusCode::NOT_FOUND || status == StatusCode::GONE {
                return Ok(None);
            }
            if !status.is_success() {
                return Err(Failure::Status(source, status.as_u16()));
            }
            return read_body(source, response).await.map(Some);
        }
        Err(Failure::RateLimited(source))
    }
}

/// The body, read a chunk at a time and refused as soon as it passes `MAX_BODY`.
async fn read_body(source: Source, mut response: reqwest::Response) -> Result<Vec<u8>, Failure> {
    if response.content_length().is_some_and(|length| length > MAX_BODY as u64) {
        return Err(Failure::TooLarge(source));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| transport(source, &e))? {
        if body.len() + chunk.len() > MAX_BODY {
            return Err(Failure::TooLarge(source));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

fn transport(source: Source, err: &reqwest::Error) -> Failure {
    if err.is_timeout() {
        return Failure::TimedOut(source);
    }
    // The innermost cause says it best ("Connection refused", "dns error").
    let mut cause: &dyn std::error::Error = err;
    while let Some(next) = cause.source() {
        cause = next;
    }
    if err.is_body() || err.is_decode() {
        return Failure::Malformed(source, format!("the answer was cut off ({cause})"));
    }
    Failure::Unreachable(source, cause.to_string())
}

/// `Retry-After` in seconds (the form Crossref and OpenAlex send); an HTTP date is not read.
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    headers.get(RETRY_AFTER)?.to_str().ok()?.trim().parse::<u64>().ok().map(Duration::from_secs)
}

/// A DOI as a URL path: the characters a DOI may hold that a path may not are escaped (`<>`,
/// `#`, `?`, `%`, spaces…); `/` and the usual punctuation stay as they are.
pub fn path_segment(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'.'
            | b'_'
            | b'~'
            | b'/'
            | b':'
            | b';'
            | b'('
            | b')'
            | b'@'
            | b'!'
            | b'$'
            | b'*'
            | b'+'
            | b','
            | b'='
            | b'\'' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// A query parameter's value, escaped.
pub fn query_value(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dois_become_paths_with_only_the_unsafe_characters_escaped() {
        assert_eq!(path_segment("10.1145/3448016.3452841"), "10.1145/3448016.3452841");
        assert_eq!(
            path_segment("10.1002/1096-9861(20010212)430:3<283::aid-cne1031>3.0.co;2-v"),
            "10.1002/1096-9861(20010212)430:3%3C283::aid-cne1031%3E3.0.co;2-v"
        );
        assert_eq!(path_segment("10.1/a#b?c%d e"), "10.1/a%23b%3Fc%25d%20e");
    }

    #[test]
    fn retry_after_is_read_in_seconds() {
        let mut headers = HeaderMap::new();
        assert_eq!(retry_after(&headers), None);
        headers.insert(RETRY_AFTER, "2".parse().unwrap());
        assert_eq!(retry_after(&headers), Some(Duration::from_secs(2)));
        headers.insert(RETRY_AFTER, "Wed, 21 Oct 2015 07:28:00 GMT".parse().unwrap());
        assert_eq!(retry_after(&headers), None);
    }
}
