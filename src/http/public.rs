//! Public pages: anonymous requests are answered from the page cache (pre-compressed, with a
//! strong ETag); anything else loads the page's data, renders it and fills the cache.

use std::borrow::Cow;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;

use tower::{Layer, Service};

use super::AppState;
use super::exports;
use super::files::{self, Encoding};
use super::middleware::log_line;
use super::session;
use crate::auth::OwnerSession;
use crate::content::homepage::{self, HeroContent};
use crate::error::AppError;
use crate::render::cache::CachedPage;
use crate::render::pages::{self, PublicPage};
use crate::render::paper::paper_path;
use crate::render::{PageData, RenderInput, SiteInfo};
use crate::settings;

/// What a path below `/publications/` names: a paper's page or one of its exports. The PDF,
/// `/publications/<slug>/<slug>.pdf`, has a route of its own.
#[derive(Debug, PartialEq, Eq)]
enum PaperRoute<'a> {
    Page(&'a str),
    Bibtex(&'a str),
    CslJson(&'a str),
}

fn paper_route(path: &str) -> Option<PaperRoute<'_>> {
    fn slug(slug: &str) -> Option<&str> {
        crate::rules::SLUG.is_match(slug).then_some(slug)
    }
    let rest = path.strip_prefix("/publications/")?;
    if let Some(stem) = rest.strip_suffix(".bib") {
        return slug(stem).map(PaperRoute::Bibtex);
    }
    if let Some(stem) = rest.strip_suffix(".json") {
        return slug(stem).map(PaperRoute::CslJson);
    }
    // A trailing slash is tolerated, as on the other pages.
    slug(rest.strip_suffix('/').unwrap_or(rest)).map(PaperRoute::Page)
}

/// Every path no other route claims: a public page, a root file of the frontend (favicon), or
/// the 404 page with the attempt logged.
pub async fn page(
    State(state): State<AppState>,
    owner: Option<OwnerSession>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        return Err(AppError::NotFound(format!("No API endpoint at {path}")));
    }
    if method != Method::GET && method != Method::HEAD {
        return Err(AppError::NotFound(format!("Nothing at {path}")));
    }
    if let Some(page) = PublicPage::from_path(path) {
        return public_page(&state, page, owner.is_some(), &headers).await;
    }
    match paper_route(path) {
        Some(PaperRoute::Page(slug)) => {
            if let Some(response) = paper_page(&state, slug, &headers).await? {
                return Ok(response);
            }
        }
        Some(PaperRoute::Bibtex(slug)) => return exports::paper_bibtex(&state, slug).await,
        Some(PaperRoute::CslJson(slug)) => return exports::paper_csl_json(&state, slug).await,
        None => {
            if let Some(response) = files::root_file(path, &headers) {
                return Ok(response);
            }
        }
    }
    not_found_page(&state, path, &headers).await
}

/// The 404 page, with the attempt logged. It is the same page whatever the path (the browser
/// logs the path it was asked for), so it is rendered once and kept under a key no path can
/// have: a flood of made-up paths is answered from memory and cannot grow the cache.
async fn not_found_page(state: &AppState, path: &str, headers: &HeaderMap) -> Result<Response, AppError> {
    tracing::info!(path, "page not found");
    let today = crate::clock::today();
    if let Some(cached) = state.cache.get(NOT_FOUND_KEY, today) {
        return Ok(respond(&cached, StatusCode::NOT_FOUND, headers));
    }
    let generation = state.cache.generation();
    let owner_name = homepage::read::<HeroContent>(&state.db).await?.content.name;
    let html = render(state, NOT_FOUND_PATH, owner_name, PageData::NotFound, None, today).await?;
    let page = Arc::new(tokio::task::spawn_blocking(move || CachedPage::new(html, None)).await.map_err(anyhow::Error::from)?);
    state.cache.insert(NOT_FOUND_KEY, Arc::clone(&page), generation, today);
    Ok(respond(&page, StatusCode::NOT_FOUND, headers))
}

/// The cache key of the 404 page: request paths start with "/", so no page can collide with it.
const NOT_FOUND_KEY: &str = "404 page";
/// The path the one 404 page is rendered for.
const NOT_FOUND_PATH: &str = "/404";

/// A published paper's page, from the cache or rendered and cached under its canonical path;
/// `None` for a draft or an unknown slug. Only pages of papers that exist are cached, so
/// requests for made-up slugs cannot grow the cache.
async fn paper_page(state: &AppState, slug: &str, headers: &HeaderMap) -> Result<Option<Response>, AppError> {
    let path = paper_path(slug);
    let today = crate::clock::today();
    if let Some(cached) = state.cache.get(&path, today) {
        return Ok(Some(respond(&cached, StatusCode::OK, headers)));
    }
    let generation = state.cache.generation();
    let (paper, hero) = tokio::try_join!(pages::load_paper(&state.db, slug), homepage::read::<HeroContent>(&state.db))?;
    let Some(paper) = paper else { return Ok(None) };
    let html = render(state, &path, hero.content.name, PageData::Paper(Box::new(paper)), None, today).await?;
    let cached = Arc::new(tokio::task::spawn_blocking(move || CachedPage::new(html, None)).await.map_err(anyhow::Error::from)?);
    state.cache.insert(&path, Arc::clone(&cached), generation, today);
    Ok(Some(respond(&cached, StatusCode::OK, headers)))
}

/// Answers a request for a cached public page before routing and the other middlewares, with
/// the same headers and log line they would add: nearly all of the traffic is this, and the
/// middleware chain cost a fifth of the throughput. Anything else goes on to the router.
#[derive(Clone)]
pub struct CachedPagesLayer {
    pub state: AppState,
}

impl<S> Layer<S> for CachedPagesLayer {
    type Service = CachedPages<S>;

    fn layer(&self, inner: S) -> Self::Service {
        CachedPages { inner, state: self.state.clone() }
    }
}

#[derive(Clone)]
pub struct CachedPages<S> {
    inner: S,
    state: AppState,
}

impl<S> Service<Request> for CachedPages<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        match cached_response(&self.state, &request) {
            Some(response) => Box::pin(std::future::ready(Ok(response))),
            None => Box::pin(self.inner.call(request)),
        }
    }
}

/// The cached page an anonymous GET or HEAD asks for, if there is one today.
fn cached_response(state: &AppState, request: &Request) -> Option<Response> {
    let started = Instant::now();
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return None;
    }
    let path = request.uri().path();
    let key = match PublicPage::from_path(path) {
        // A signed-in owner may see another student list: the full path checks the session.
        Some(page) if page.depends_on_viewer() && session::cookie_token(request.headers()).is_some() => return None,
        Some(page) => Cow::Borrowed(page.path()),
        // A paper's page is the same for everyone.
        None => match paper_route(path)? {
            PaperRoute::Page(slug) => Cow::Owned(paper_path(slug)),
            PaperRoute::Bibtex(_) | PaperRoute::CslJson(_) => return None,
        },
    };
    let cached = state.cache.get(&key, crate::clock::today())?;
    let mut response = respond(&cached, StatusCode::OK, request.headers());
    state.security.apply(response.headers_mut());
    log_line(request.method(), request.uri().path(), response.status(), started);
    Some(response)
}

/// The home page's analytics script, if the stored one is allowed. One stored before the
/// allow-list (or whose provider left it) is left out, with a warning, rather than breaking
/// the page; the admin's settings form says so too.
fn allowed_analytics(site: &settings::SiteSettings) -> Option<settings::AllowedScript> {
    site.allowed_analytics_script()
        .inspect_err(|reason| tracing::warn!(script = %site.analytics_script_url, reason, "analytics script not loaded"))
        .ok()
        .flatten()
}

async fn public_page(state: &AppState, page: PublicPage, signed_in: bool, headers: &HeaderMap) -> Result<Response, AppError> {
    // Only the student list differs for a signed-in owner; such requests skip the cache.
    let owner_signed_in = page.depends_on_viewer() && signed_in;
    let cacheable = !owner_signed_in;
    let today = crate::clock::today();
    if cacheable && let Some(cached) = state.cache.get(page.path(), today) {
        return Ok(respond(&cached, StatusCode::OK, headers));
    }
    let generation = state.cache.generation();
    let (site, hero) = tokio::try_join!(settings::site(&state.db), homepage::read::<HeroContent>(&state.db))?;
    let data = pages::load(&state.db, page, &site, &hero.content, owner_signed_in).await?;
    let analytics = if page == PublicPage::Home { allowed_analytics(&site) } else { None };
    let html = render(state, page.path(), hero.content.name, data, analytics.as_ref().map(|script| script.src.as_str()), today).await?;
    let policy = analytics.map(|script| state.security.policy_allowing_script(&script.origins));
    let cached = Arc::new(tokio::task::spawn_blocking(move || CachedPage::new(html, policy)).await.map_err(anyhow::Error::from)?);
    if cacheable {
        state.cache.insert(page.path(), Arc::clone(&cached), generation, today);
    }
    Ok(respond(&cached, StatusCode::OK, headers))
}

async fn render(
    state: &AppState,
    path: &str,
    owner_name: String,
    page: PageData,
    external_script: Option<&str>,
    today: NaiveDate,
) -> Result<String, AppError> {
    let site = SiteInfo { owner_name, base_url: state.base_url.clone(), today };
    let input = RenderInput { path: path.to_owned(), site, page };
    Ok(state.renderer.render(&input, external_script).await?)
}

fn respond(page: &CachedPage, status: StatusCode, request: &HeaderMap) -> Response {
    let (variant, content_encoding) = match files::negotiate(request) {
        Encoding::Brotli => (&page.brotli, Some("br")),
        Encoding::Gzip => (&page.gzip, Some("gzip")),
        Encoding::Identity => (&page.identity, None),
    };
    let not_modified = status == StatusCode::OK && files::not_modified(request, &variant.etag);
    let mut response = if not_modified { StatusCode::NOT_MODIFIED.into_response() } else { (status, variant.body.clone()).into_response() };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    headers.insert(header::ETAG, variant.etag.clone());
    if let Some(content_encoding) = content_encoding.filter(|_| !not_modified) {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(content_encoding));
    }
    if let Some(policy) = &page.content_security_policy {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy.clone());
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_below_publications_name_a_paper_its_exports_or_nothing() {
        assert_eq!(paper_route("/publications/masking-risc-v"), Some(PaperRoute::Page("masking-risc-v")));
        assert_eq!(paper_route("/publications/masking-risc-v/"), Some(PaperRoute::Page("masking-risc-v")));
        assert_eq!(paper_route("/publications/masking-risc-v.bib"), Some(PaperRoute::Bibtex("masking-risc-v")));
        assert_eq!(paper_route("/publications/masking-risc-v.json"), Some(PaperRoute::CslJson("masking-risc-v")));
        for nothing in [
            "/publications",
            "/publications/",
            "/publications/Masking",
            "/publications/a/b",
            "/publications/.bib",
            "/publications/a--b",
            "/publications/x.pdf",
            "/publicationsx/a",
        ] {
            assert_eq!(paper_route(nothing), None, "{nothing}");
        }
    }
}
