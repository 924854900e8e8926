//! The embedded frontend files: content-hashed assets cached for a year, the admin app's page,
//! and the few root files (favicon, placeholder portrait). Text files go out in the smallest
//! encoding the client takes, from the compressed copies `build.rs` embedded with them.

use std::borrow::Cow;

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::AppError;
use crate::render::assets::{ADMIN_PAGE, BrotliFiles, ClientFiles, GzipFiles};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The `Content-Encoding` a file or page is sent in (shared with the cached pages).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

/// The encoding to answer in: the client's highest q-value among brotli, gzip (or `*` for
/// either) and an explicit `identity`; on a tie the smaller one, brotli, then gzip. `q=0`
/// refuses an encoding; no header, or nothing acceptable but the raw bytes, means no encoding.
pub fn negotiate(headers: &HeaderMap) -> Encoding {
    let accepted = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or("");
    let (mut brotli, mut gzip, mut identity, mut any) = (None, None, None, None);
    for item in accepted.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let q = match parts.find_map(|p| p.trim().strip_prefix("q=")) {
            Some(q) => q.trim().parse::<f32>().unwrap_or(0.0),
            None => 1.0,
        };
        // Compared without a lower-cased copy: every cached page negotiates (issue 46).
        let named = |coding: &str| name.eq_ignore_ascii_case(coding);
        if named("br") {
            brotli = Some(q);
        } else if named("gzip") || named("x-gzip") {
            gzip = Some(q);
        } else if named("identity") {
            identity = Some(q);
        } else if name == "*" {
            any = Some(q);
        }
    }
    let brotli = brotli.or(any).unwrap_or(0.0);
    let gzip = gzip.or(any).unwrap_or(0.0);
    // Unnamed, identity is acceptable but ranks below any compression the client names.
    let identity = identity.unwrap_or(0.0);
    if brotli > 0.0 && brotli >= gzip && brotli >= identity {
        Encoding::Brotli
    } else if gzip > 0.0 && gzip >= identity {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

/// Whether the request's `If-None-Match` lists `etag` or `*`. The comparison is weak, as the
/// header asks for, so `W/"x"` (a proxy may weaken a tag) matches `"x"`.
pub fn not_modified(request: &HeaderMap, etag: &HeaderValue) -> bool {
    let etag = etag.as_bytes();
    request.get_all(header::IF_NONE_MATCH).iter().flat_map(|tags| tags.as_bytes().split(|b| *b == b',')).any(|tag| {
        let tag = tag.trim_ascii();
        tag == b"*" || tag.strip_prefix(b"W/").unwrap_or(tag) == etag
    })
}

fn file_response(path: &str, cache_control: &'static str, request: &HeaderMap) -> Option<Response> {
    let raw = ClientFiles::get(path)?;
    // A copy is only embedded when it is smaller, but a stale one must never win either.
    let compressed = match negotiate(request) {
        Encoding::Brotli => BrotliFiles::get(&format!("{path}.br")).map(|copy| (copy, "br", "-br")),
        Encoding::Gzip => GzipFiles::get(&format!("{path}.gz")).map(|copy| (copy, "gzip", "-gz")),
        Encoding::Identity => None,
    }
    .filter(|(copy, ..)| copy.data.len() < raw.data.len());
    // Each encoding is its own representation, so each gets its own strong validator (with
    // the suffixes the pages use).
    let hash: String = raw.metadata.sha256_hash().iter().take(16).map(|b| format!("{b:02x}")).collect();
    let (data, encoding, suffix) = match compressed {
        Some((copy, encoding, suffix)) => (copy.data, Some(encoding), suffix),
        None => (raw.data, None, ""),
    };
    let etag = HeaderValue::from_str(&format!("\"{hash}{suffix}\"")).ok()?;
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let not_modified = not_modified(request, &etag);
    let mut response = if not_modified {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        // Embedded bytes are static: sent without a copy.
        let body = match data {
            Cow::Borrowed(bytes) => Bytes::from_static(bytes),
            Cow::Owned(bytes) => Bytes::from(bytes),
        };
        (StatusCode::OK, body).into_response()
    };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(mime.as_ref()).ok()?);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    headers.insert(header::ETAG, etag);
    if let Some(encoding) = encoding.filter(|_| !not_modified) {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    Some(response)
}

/// `GET /assets/<file>`: the name carries the content hash, so the file never changes.
pub async fn asset(axum::extract::Path(path): axum::extract::Path<String>, request: HeaderMap) -> Result<Response, AppError> {
    file_response(&format!("assets/{path}"), IMMUTABLE, &request).ok_or_else(|| AppError::NotFound(format!("No asset {path}")))
}

/// `GET /admin/…`: the admin single-page app; its router takes over in the browser.
pub async fn admin_page(request: HeaderMap) -> Result<Response, AppError> {
    file_response(ADMIN_PAGE, "no-cache", &request).ok_or_else(|| AppError::Internal(anyhow::anyhow!("the admin page is not embedded")))
}

/// A root file of the frontend such as `/favicon.svg`, never the manifest or the admin page.
pub fn root_file(path: &str, request: &HeaderMap) -> Option<Response> {
    let name = path.strip_prefix('/')?;
    if name.is_empty() || name.contains('/') || name.starts_with('.') || name == ADMIN_PAGE {
        return None;
    }
    file_response(name, "public, max-age=3600", request)
}

/// The inline scripts of the admin page (Vite copies them from `web/admin.html`), read from
/// the raw page, never a compressed copy.
pub fn admin_inline_scripts() -> Vec<String> {
    let Some(file) = ClientFiles::get(ADMIN_PAGE) else { return Vec::new() };
    let html = String::from_utf8_lossy(&file.data);
    html.split("<script")
        .skip(1)
        .filter_map(|rest| {
            let (attributes, body) = rest.split_once('>')?;
            let (script, _) = body.split_once("</script>")?;
            (!attributes.contains("src=") && !attributes.contains("application/json")).then(|| script.to_owned())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &'static str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(value));
        headers
    }

    #[test]
    fn brotli_is_preferred_then_gzip_and_q_values_decide() {
        assert_eq!(negotiate(&accept("gzip, deflate, br, zstd")), Encoding::Brotli);
        assert_eq!(negotiate(&accept("gzip")), Encoding::Gzip);
        assert_eq!(negotiate(&accept("br;q=0, gzip;q=0.5")), Encoding::Gzip);
        assert_eq!(negotiate(&accept("br;q=0.5, gzip")), Encoding::Gzip);
        assert_eq!(negotiate(&accept("*")), Encoding::Brotli);
        assert_eq!(negotiate(&accept("*;q=0.5, br;q=0")), Encoding::Gzip);
        assert_eq!(negotiate(&accept("identity")), Encoding::Identity);
        assert_eq!(negotiate(&accept("br;q=0.5, identity")), Encoding::Identity);
        assert_eq!(negotiate(&accept("br;q=0, gzip;q=0")), Encoding::Identity);
        assert_eq!(negotiate(&HeaderMap::new()), Encoding::Identity);
    }

    #[test]
    fn if_none_match_compares_weakly_and_takes_a_list() {
        let etag = HeaderValue::from_static("\"abc-br\"");
        let request = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static(value));
            headers
        };
        assert!(not_modified(&request("\"x\", \"abc-br\""), &etag));
        assert!(not_modified(&request("W/\"abc-br\""), &etag));
        assert!(not_modified(&request("*"), &etag));
        assert!(!not_modified(&request("\"abc\""), &etag));
        assert!(!not_modified(&HeaderMap::new(), &etag));
    }
}
