//! The embedded frontend files: content-hashed assets cached for a year, the admin app's page,
//! and the few root files (favicon, placeholder portrait).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::AppError;
use crate::render::assets::{ADMIN_PAGE, ClientFiles};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

fn file_response(path: &str, cache_control: &'static str) -> Option<Response> {
    let file = ClientFiles::get(path)?;
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let mut response = (StatusCode::OK, file.data.into_owned()).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(mime.as_ref()).ok()?);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    let etag = format!("\"{}\"", file.metadata.sha256_hash().iter().take(16).map(|b| format!("{b:02x}")).collect::<String>());
    headers.insert(header::ETAG, HeaderValue::from_str(&etag).ok()?);
    Some(response)
}

/// `GET /assets/<file>`: the name carries the content hash, so the file never changes.
pub async fn asset(axum::extract::Path(path): axum::extract::Path<String>) -> Result<Response, AppError> {
    file_response(&format!("assets/{path}"), IMMUTABLE).ok_or_else(|| AppError::NotFound(format!("No asset {path}")))
}

/// `GET /admin/…`: the admin single-page app; its router takes over in the browser.
pub async fn admin_page() -> Result<Response, AppError> {
    file_response(ADMIN_PAGE, "no-cache").ok_or_else(|| AppError::Internal(anyhow::anyhow!("the admin page is not embedded")))
}

/// A root file of the frontend such as `/favicon.svg`, never the manifest or the admin page.
pub fn root_file(path: &str) -> Option<Response> {
    let name = path.strip_prefix('/')?;
    if name.is_empty() || name.contains('/') || name.starts_with('.') || name == ADMIN_PAGE {
        return None;
    }
    file_response(name, "public, max-age=3600")
}

/// The inline scripts of the admin page (Vite copies them from `web/admin.html`).
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
