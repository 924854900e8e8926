//! Cross-cutting request handling: the same-origin check on unsafe methods, security headers
//! and the one log line per request.

use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use sha2::{Digest, Sha256};

use super::{AppState, session};
use crate::error::AppError;

/// A browser sends `Origin` (and `Sec-Fetch-Site`) with every unsafe request. One that comes
/// from another site, or from this host over the other scheme (an `http://` page may be a
/// network attacker's), is refused, so a page elsewhere cannot use the owner's session cookie.
/// A request that carries the session cookie but neither header is refused too: it did not come
/// from a page of this site. Requests without the cookie (scripts, curl signing in) carry no
/// ambient browser credentials.
pub async fn same_origin(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let safe = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe {
        let https = session::is_https(&state, request.extensions(), request.headers());
        if let Some(reason) = refusal(request.headers(), request.uri().authority().map(|a| a.as_str()), https) {
            return AppError::Forbidden(reason.to_owned()).into_response();
        }
    }
    next.run(request).await
}

/// Why an unsafe request is refused, if it is. `authority`: the request target's host, which
/// HTTP/2 sends instead of a `Host` header (`:authority`); `https`: the site's scheme for this
/// request.
fn refusal(headers: &HeaderMap, authority: Option<&str>, https: bool) -> Option<&'static str> {
    let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    if matches!(site, Some("cross-site" | "same-site")) {
        return Some(CROSS_SITE);
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        let no_browser_headers = site.is_none() && session::carries_session_cookie(headers);
        return no_browser_headers.then_some("A signed-in request must come from the site's own pages: it has no Origin header");
    };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).or(authority).unwrap_or("");
    let same = match origin.split_once("://") {
        Some((scheme, origin_host)) => {
            scheme.eq_ignore_ascii_case(if https { "https" } else { "http" }) && origin_host.eq_ignore_ascii_case(host)
        }
        None => false,
    };
    (!same).then_some(CROSS_SITE)
}

const CROSS_SITE: &str = "Cross-site requests are not allowed";

/// The security headers every response carries, computed once at start-up.
#[derive(Clone)]
pub struct SecurityHeaders {
    script_hashes: String,
    content_security_policy: HeaderValue,
    strict_transport_security: Option<HeaderValue>,
}

fn policy(script_sources: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self'{script_sources}; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; \
         font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

impl SecurityHeaders {
    /// `inline_scripts` are the exact texts of the inline scripts the pages carry (the theme
    /// script): they are allowed by hash, so no other inline script can run.
    pub fn new(inline_scripts: &[&str], https: bool) -> Self {
        let hashes: String =
            inline_scripts.iter().map(|script| format!(" 'sha256-{}'", BASE64.encode(Sha256::digest(script.as_bytes())))).collect();
        Self {
            content_security_policy: HeaderValue::from_str(&policy(&hashes)).expect("the policy is ASCII"),
            script_hashes: hashes,
            strict_transport_security: https.then(|| HeaderValue::from_static("max-age=31536000; includeSubDomains")),
        }
    }
}

impl SecurityHeaders {
    /// The policy of a page that also loads an analytics script: `origins` (from
    /// `settings::AllowedScript`, already checked against the allow-list) may serve scripts and
    /// receive connections; nothing else is widened.
    pub fn policy_allowing_script(&self, origins: &[String]) -> HeaderValue {
        let origins: String = origins.iter().map(|origin| format!(" {origin}")).collect();
        let with_script =
            policy(&format!("{}{origins}", self.script_hashes)).replace("connect-src 'self'", &format!("connect-src 'self'{origins}"));
        HeaderValue::from_str(&with_script).unwrap_or_else(|_| self.content_security_policy.clone())
    }
}

/// A successful write through the API made the pages it feeds stale (its commit told the page
/// cache: `store::changes`); they are rendered again in the background, and the save answers
/// once they are (or after a second at most), so whoever saved and then looks at the site sees
/// the save.
pub async fn wait_for_pages_after_writes(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let unsafe_method = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let response = next.run(request).await;
    if unsafe_method && response.status().is_success() {
        state.cache.settled(crate::ops::clock::today(), SAVE_WAITS_FOR_PAGES).await;
    }
    response
}

/// How long a save waits at most for the pages it made stale to be rendered again.
const SAVE_WAITS_FOR_PAGES: std::time::Duration = std::time::Duration::from_secs(1);

pub async fn security_headers(State(security): State<SecurityHeaders>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    security.apply(response.headers_mut());
    response
}

impl SecurityHeaders {
    /// Adds the headers a response does not set itself (a page may bring its own policy).
    /// Header names as constants: parsing them from text was a tenth of a cached page's
    /// instructions (issue 46).
    pub fn apply(&self, headers: &mut HeaderMap) {
        const FIXED: [(HeaderName, &str); 3] = [
            (HeaderName::from_static("x-content-type-options"), "nosniff"),
            (HeaderName::from_static("referrer-policy"), "strict-origin-when-cross-origin"),
            (HeaderName::from_static("x-frame-options"), "DENY"),
        ];
        headers.reserve(FIXED.len() + 2);
        for (name, value) in FIXED {
            headers.entry(name).or_insert(HeaderValue::from_static(value));
        }
        headers.entry(header::CONTENT_SECURITY_POLICY).or_insert(self.content_security_policy.clone());
        if let Some(hsts) = &self.strict_transport_security {
            headers.insert(header::STRICT_TRANSPORT_SECURITY, hsts.clone());
        }
    }
}

/// One structured line per request: method, path, status, latency.
pub async fn log_request(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    log_line(&method, &path, response.status(), started);
    response
}

/// The line `log_request` writes (the page cache's fast path writes it too).
pub fn log_line(method: &Method, path: &str, status: axum::http::StatusCode, started: Instant) {
    crate::ops::logs::request(method, path, status, started.elapsed());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs.iter().map(|(k, v)| (header::HeaderName::from_static(k), HeaderValue::from_static(v))).collect()
    }

    #[test]
    fn same_host_origin_passes_and_foreign_origin_fails() {
        let refused = |pairs: &[(&'static str, &'static str)], https: bool| refusal(&headers(pairs), None, https).is_some();
        assert!(!refused(&[("host", "localhost:8080"), ("origin", "http://localhost:8080")], false));
        assert!(refused(&[("host", "localhost:8080"), ("origin", "https://evil.example")], false));
        assert!(refused(&[("host", "localhost:8080"), ("origin", "null")], false));
        assert!(refused(&[("host", "localhost:8080"), ("sec-fetch-site", "cross-site")], false));
        assert!(!refused(&[("host", "localhost:8080")], false));
        // The scheme counts: an http:// page cannot write to the https:// site, nor the reverse.
        assert!(refused(&[("host", "example.org"), ("origin", "http://example.org")], true));
        assert!(!refused(&[("host", "example.org"), ("origin", "https://example.org")], true));
        assert!(refused(&[("host", "example.org"), ("origin", "https://example.org")], false));
        // With the session cookie, a request must say where it comes from.
        assert!(refused(&[("host", "example.org"), ("cookie", "vita_session=abc")], false));
        assert!(refused(&[("host", "example.org"), ("cookie", "a=b; __Host-vita_session=abc")], true));
        assert!(!refused(&[("host", "example.org"), ("cookie", "vita_session=abc"), ("sec-fetch-site", "same-origin")], false));
        assert!(!refused(&[("host", "example.org"), ("cookie", "other=abc")], false));
    }

    #[test]
    fn over_http2_the_host_is_the_authority() {
        // HTTP/2 has no Host header: the host comes as `:authority`, which is the URI's.
        let origin = headers(&[("origin", "https://www.example.org"), ("sec-fetch-site", "same-origin")]);
        assert_eq!(refusal(&origin, Some("www.example.org"), true), None);
        assert_eq!(refusal(&origin, Some("evil.example"), true), Some(CROSS_SITE));
        assert_eq!(refusal(&origin, None, true), Some(CROSS_SITE));
    }
}
