//! Cross-cutting request handling: the same-origin check on unsafe methods, security headers
//! and the one log line per request.

use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use sha2::{Digest, Sha256};

use super::AppState;
use crate::error::AppError;

/// A browser sends `Origin` (and `Sec-Fetch-Site`) with every unsafe request. One that comes
/// from another site is refused, so a page elsewhere cannot use the owner's session cookie.
/// Requests without those headers (scripts, curl) carry no ambient browser credentials.
pub async fn same_origin(request: Request, next: Next) -> Response {
    let safe = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe && is_cross_site(request.headers()) {
        return AppError::Forbidden("Cross-site requests are not allowed".to_owned()).into_response();
    }
    next.run(request).await
}

fn is_cross_site(headers: &HeaderMap) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok())
        && (site == "cross-site" || site == "same-site")
    {
        return true;
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or("");
    let origin_host = origin.split_once("://").map(|(_, rest)| rest).unwrap_or("null");
    origin == "null" || !origin_host.eq_ignore_ascii_case(host)
}

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

/// After a successful write through the API, every cached public page may be stale.
pub async fn invalidate_pages_after_writes(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let unsafe_method = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let response = next.run(request).await;
    if unsafe_method && response.status().is_success() {
        state.cache.invalidate();
    }
    response
}

pub async fn security_headers(State(security): State<SecurityHeaders>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    security.apply(response.headers_mut());
    response
}

impl SecurityHeaders {
    /// Adds the headers a response does not set itself (a page may bring its own policy).
    pub fn apply(&self, headers: &mut HeaderMap) {
        for (name, value) in
            [("x-content-type-options", "nosniff"), ("referrer-policy", "strict-origin-when-cross-origin"), ("x-frame-options", "DENY")]
        {
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
    let latency_ms = started.elapsed().as_secs_f64() * 1000.0;
    let status = status.as_u16();
    if status >= 500 {
        tracing::error!(%method, path, status, latency_ms, "request");
    } else {
        tracing::info!(%method, path, status, latency_ms, "request");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs.iter().map(|(k, v)| (header::HeaderName::from_static(k), HeaderValue::from_static(v))).collect()
    }

    #[test]
    fn same_host_origin_passes_and_foreign_origin_fails() {
        assert!(!is_cross_site(&headers(&[("host", "localhost:8080"), ("origin", "http://localhost:8080")])));
        assert!(is_cross_site(&headers(&[("host", "localhost:8080"), ("origin", "https://evil.example")])));
        assert!(is_cross_site(&headers(&[("host", "localhost:8080"), ("origin", "null")])));
        assert!(is_cross_site(&headers(&[("host", "localhost:8080"), ("sec-fetch-site", "cross-site")])));
        assert!(!is_cross_site(&headers(&[("host", "localhost:8080")])));
    }
}
