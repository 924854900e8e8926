//! Public pages: anonymous requests are answered from the page cache (pre-compressed, with a
//! strong ETag); anything else loads the page's data, renders it and fills the cache.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;

use tower::Service;

use super::AppState;
use super::counting;
use super::exports;
use super::files::{self, Encoding};
use super::middleware::{SecurityHeaders, log_line};
use super::session;
use crate::auth::OwnerSession;
use crate::content::homepage::{self, HeroContent};
use crate::content::{settings, tags};
use crate::cv_pdf;
use crate::discovery::{Document, feeds, sitemap};
use crate::error::AppError;
use crate::languages::{self, localized};
use crate::render::cache::{CachedPage, Lookup, Rendered};
use crate::render::engine::RenderQueueFull;
use crate::render::menu;
use crate::render::pages::{self, PublicPage};
use crate::render::paper::paper_path;
use crate::render::translated;
use crate::render::{CardImage, PageData, RenderInput, SiteInfo};
use crate::routes::Route;
use crate::store::changes::Sources;

/// Page `number` of a tag's page; `None` for a slug no tag has. Only pages of tags that exist
/// are kept, and a number past the last page is kept under the last page's key (see
/// `render_key`), as on /news.
async fn tag_page(
    state: &AppState,
    prefix: &str,
    slug: &str,
    number: u32,
    signed_in: bool,
    headers: &HeaderMap,
) -> Result<Option<Response>, AppError> {
    // Cached under its canonical address.
    let key = localized(prefix, &tags::paged_path(slug, number));
    let today = crate::ops::clock::today();
    let page = state.cache.get_or_render(&key, today, signed_in, || render_key(state, &key, today)).await?;
    Ok(page.map(|page| respond(state, &page, StatusCode::OK, headers)))
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
    let signed_in = owner.is_some();
    // `/de/news` is /news in German: the pages, feeds and the CV of every language but the
    // default live under its prefix. A language the site does not have is a 404, and the
    // default's own prefix (`/en/news`) leads to its address (`/news`).
    let (lang, rest) = languages::split_path(path);
    let prefix = match lang {
        None => String::new(),
        Some(lang) => {
            let languages = settings::site(&state.db).await?.languages;
            if languages.default_language() == lang {
                let target = uri.query().map_or_else(|| rest.to_owned(), |query| format!("{rest}?{query}"));
                return Ok(axum::response::Redirect::permanent(&target).into_response());
            }
            if !languages.has(lang) {
                return not_found_page(&state, path, "", &headers).await;
            }
            format!("/{lang}")
        }
    };
    let found = match Route::parse(rest) {
        Some(Route::Page(page)) => {
            return public_page(&state, &prefix, page, pages::Requested::parse(page, uri.query()), signed_in, &headers).await;
        }
        Some(Route::Tag(slug)) => tag_page(&state, &prefix, slug, pages::requested_page(uri.query()), signed_in, &headers).await?,
        Some(Route::Paper(slug)) => paper_page(&state, &localized(&prefix, &paper_path(slug)), signed_in, &headers).await?,
        Some(Route::Post(slug)) => document(&state, &localized(&prefix, &Route::Post(slug).path()), signed_in, &headers).await?,
        Some(Route::CvPdf | Route::Feed(_)) => document(&state, path, signed_in, &headers).await?,
        // The rest is the same in every language: at its one address only.
        Some(_) | None if !prefix.is_empty() => None,
        Some(Route::PaperBibtex(slug)) => return exports::paper_bibtex(&state, slug).await,
        Some(Route::PaperCslJson(slug)) => return exports::paper_csl_json(&state, slug).await,
        Some(Route::Sitemap(_)) => document(&state, path, signed_in, &headers).await?,
        // Served by routes of their own (`crate::http::router`).
        Some(Route::PaperPdf(_) | Route::AllBibtex | Route::AllCslJson | Route::Robots | Route::SocialCard) => None,
        None => files::root_file(path, &headers),
    };
    match found {
        Some(response) => Ok(response),
        None => not_found_page(&state, path, &prefix, &headers).await,
    }
}

/// The 404 page in the language of `prefix` ("" for the default language, `/de`), with the
/// attempt logged. It is the same page whatever the path (the browser logs the path it was
/// asked for), so each language's is rendered once and kept under a key no path can have: a
/// flood of made-up paths is answered from memory and cannot grow the cache beyond one page per
/// language of the site.
async fn not_found_page(state: &AppState, path: &str, prefix: &str, headers: &HeaderMap) -> Result<Response, AppError> {
    tracing::info!(path, "page not found");
    let today = crate::ops::clock::today();
    let key = format!("{NOT_FOUND_KEY}{prefix}");
    let page = state.cache.get_or_render(&key, today, false, || render_key(state, &key, today)).await?;
    let page = page.ok_or_else(|| anyhow::anyhow!("the 404 page rendered nothing"))?;
    Ok(respond(state, &page, StatusCode::NOT_FOUND, headers))
}

/// /cv.pdf from the data /cv shows, on the settings' paper. Typesetting is CPU-bound: off the
/// executor.
async fn render_cv_pdf(state: &AppState, lang: &PageLanguage, today: NaiveDate) -> Result<Rendered, AppError> {
    let (site, hero) = tokio::try_join!(settings::site(&state.db), homepage::read::<HeroContent>(&state.db))?;
    let hero = hero.content;
    let cv = pages::cv(&state.db, &site, &hero, &lang.tag).await?.document;
    let frame = cv_pdf::Frame::new(&hero, &state.base_url, site.cv_paper_size, today, &lang.tag);
    let disposition = format!("inline; filename=\"{}\"", cv_pdf::pdf_filename(&hero.name));
    let lang = lang.tag.clone();
    let page = tokio::task::spawn_blocking(move || -> anyhow::Result<CachedPage> {
        let pdf = cv_pdf::typeset(&cv, &frame)?;
        Ok(CachedPage::file(pdf, HeaderValue::from_static("application/pdf"), HeaderValue::from_str(&disposition)?).in_language(&lang))
    })
    .await
    .map_err(anyhow::Error::from)??;
    Ok(Rendered { page: Some(Arc::new(page)), sources: PublicPage::Cv.sources(), kept_as: None })
}

/// The cache key of the default language's 404 page; another language's is this with its
/// prefix after it (`404 page/de`). Request paths start with "/", so no page can collide with
/// them.
const NOT_FOUND_KEY: &str = "404 page";
/// The path the one 404 page is rendered for.
const NOT_FOUND_PATH: &str = "/404";

/// A published paper's page, kept under its canonical path in its language (`key`); `None` for
/// a draft or an unknown slug. Only pages of papers that exist are kept, so made-up slugs
/// cannot grow the cache.
async fn paper_page(state: &AppState, key: &str, signed_in: bool, headers: &HeaderMap) -> Result<Option<Response>, AppError> {
    let today = crate::ops::clock::today();
    let page = state.cache.get_or_render(key, today, signed_in, || render_key(state, key, today)).await?;
    Ok(page.map(|page| respond(state, &page, StatusCode::OK, headers)))
}

/// The CV's PDF, a feed or a sitemap file, kept under its path; `None` for a sitemap part that
/// does not exist (only existing ones are kept, so made-up numbers cannot grow the cache).
async fn document(state: &AppState, path: &str, signed_in: bool, headers: &HeaderMap) -> Result<Option<Response>, AppError> {
    let today = crate::ops::clock::today();
    let page = state.cache.get_or_render(path, today, signed_in, || render_key(state, path, today)).await?;
    Ok(page.map(|page| respond(state, &page, StatusCode::OK, headers)))
}

/// The language a page is rendered in: its tag, and the start of its addresses ("" for the
/// default language, `/de` for the others).
#[derive(Clone, Debug)]
struct PageLanguage {
    tag: String,
    prefix: String,
}

impl PageLanguage {
    /// The language of a path (or cache key) that starts with `lang` (`None`: no language
    /// segment, the default), if the site has it.
    fn of(lang: Option<&str>, languages: &settings::Languages) -> Option<Self> {
        match lang {
            None => Some(Self { tag: languages.default_language().to_owned(), prefix: String::new() }),
            Some(lang) if languages.has(lang) && languages.default_language() != lang => {
                Some(Self { tag: lang.to_owned(), prefix: format!("/{lang}") })
            }
            Some(_) => None,
        }
    }
}

/// Renders what a cache key names: a public page as an anonymous visitor sees it, a paper's
/// page, a feed or sitemap file, or the 404 page, each in the language its key starts with
/// (`/de/news`). The background refresher calls this too.
async fn render_key(state: &AppState, key: &str, today: NaiveDate) -> Result<Rendered, AppError> {
    if let Some(prefix) = key.strip_prefix(NOT_FOUND_KEY) {
        let (site, hero) = tokio::try_join!(settings::site(&state.db), homepage::read::<HeroContent>(&state.db))?;
        // A language the owner removed since gets the default language's page: a 404 page is
        // always wanted.
        let lang = PageLanguage::of(languages::split_path(prefix).0, &site.languages)
            .unwrap_or_else(|| PageLanguage { tag: site.languages.default_language().to_owned(), prefix: String::new() });
        let (html, menu) = render(state, &lang, NOT_FOUND_PATH, (&site, hero.content), PageData::NotFound, None, today).await?;
        return Ok(Rendered { page: Some(compress(html, &lang, None).await?), sources: Sources::HERO | menu, kept_as: None });
    }
    let (lang, key_in_language) = languages::split_path(key);
    // A language the owner removed keeps nothing (its pages went stale with the settings).
    let settings = settings::site(&state.db).await?;
    let Some(lang) = PageLanguage::of(lang, &settings.languages) else {
        return Ok(Rendered { page: None, sources: Sources::SETTINGS, kept_as: None });
    };
    let (path, query) = key_in_language.split_once('?').map_or((key_in_language, None), |(path, query)| (path, Some(query)));
    let route = Route::parse(path);
    let document = match route {
        Some(Route::Page(page)) => return render_public(state, &lang, page, &pages::Requested::parse(page, query), false, today).await,
        Some(Route::Tag(slug)) => return render_tag(state, &lang, key, slug, pages::requested_page(query), today).await,
        Some(Route::Paper(slug)) => return render_paper(state, &lang, slug, today).await,
        Some(Route::Post(slug)) => return render_post(state, &lang, slug, today).await,
        Some(Route::CvPdf) => return render_cv_pdf(state, &lang, today).await,
        _ => match route.and_then(Document::of) {
            // The sitemap lists every language: at its one address only.
            Some(Document::Sitemap(_)) if !lang.prefix.is_empty() => {
                return Ok(Rendered { page: None, sources: Sources::NONE, kept_as: None });
            }
            Some(document) => document,
            // Nothing else is kept in the cache.
            None => return Ok(Rendered { page: None, sources: Sources::NONE, kept_as: None }),
        },
    };
    let xml = match document {
        Document::Feed(feed) => {
            let owner_name = homepage::read::<HeroContent>(&state.db).await?.content.name;
            // The feed's texts come from the owner's translations along the language's chain.
            let chain = languages::chain(&lang.tag, &settings.languages.0);
            let chain: Vec<&str> = chain.iter().map(String::as_str).collect();
            let site = feeds::FeedSite { base_url: &state.base_url, lang: &lang.tag, prefix: &lang.prefix, chain: &chain };
            Some(feeds::render(&state.db, feed, &site, &owner_name, today).await?)
        }
        Document::Sitemap(file) => sitemap::render(&state.db, &state.base_url, file, state.sitemap_max_urls).await?,
    };
    let language = match document {
        Document::Feed(_) => Some(lang.tag.as_str()),
        Document::Sitemap(_) => None,
    };
    let page = match xml {
        Some(xml) => Some(compress_document(xml, document.content_type(), language).await?),
        None => None,
    };
    Ok(Rendered { page, sources: document.sources(), kept_as: None })
}

/// Page `requested` of a tag's page, kept under `key`; nothing for a slug no tag has.
async fn render_tag(
    state: &AppState,
    lang: &PageLanguage,
    key: &str,
    slug: &str,
    requested: u32,
    today: NaiveDate,
) -> Result<Rendered, AppError> {
    let (data, hero, site) =
        tokio::try_join!(pages::load_tag(&state.db, slug, requested), homepage::read::<HeroContent>(&state.db), settings::site(&state.db))?;
    let sources = pages::tag_page_sources();
    let Some(data) = data else { return Ok(Rendered { page: None, sources, kept_as: None }) };
    // What is shown belongs under its own key: a number past the last page shows the last.
    let shown = localized(&lang.prefix, &tags::paged_path(slug, data.pagination.page));
    let kept_as = (shown != key).then_some(shown);
    let (html, menu) =
        render(state, lang, &tags::page_path(slug), (&site, hero.content), PageData::Tag(Box::new(data)), None, today).await?;
    Ok(Rendered { page: Some(compress(html, lang, None).await?), sources: sources | menu, kept_as })
}

/// A paper's page; nothing for a draft or an unknown slug.
async fn render_paper(state: &AppState, lang: &PageLanguage, slug: &str, today: NaiveDate) -> Result<Rendered, AppError> {
    let (site, hero) = tokio::try_join!(settings::site(&state.db), homepage::read::<HeroContent>(&state.db))?;
    let paper = pages::load_paper(&state.db, slug, &site, today, &lang.tag).await?;
    // The paper shows its tags, its citation count and, when the settings say so, its views
    // and downloads. Those are the figures of the page's last render, never of the request:
    // counting announces nothing, so it never changes a page's bytes or ETag. A page is kept
    // only for the day it was rendered on (`render::cache`), so the first request of each day
    // renders it again with the counts written by then (every `stats::FLUSH_EVERY`), as does
    // any write the page shows; a day's line is at most a day behind, at no cost per request.
    let sources = Sources::HERO | Sources::PUBLICATIONS | Sources::TAGS | Sources::CITATIONS | Sources::SETTINGS;
    let Some(paper) = paper else { return Ok(Rendered { page: None, sources, kept_as: None }) };
    let (html, menu) = render(state, lang, &paper_path(slug), (&site, hero.content), PageData::Paper(Box::new(paper)), None, today).await?;
    Ok(Rendered { page: Some(compress(html, lang, None).await?), sources: sources | menu, kept_as: None })
}

/// A post's page; nothing for a draft or an unknown slug.
async fn render_post(state: &AppState, lang: &PageLanguage, slug: &str, today: NaiveDate) -> Result<Rendered, AppError> {
    let (post, hero, site) =
        tokio::try_join!(pages::load_post(&state.db, slug), homepage::read::<HeroContent>(&state.db), settings::site(&state.db))?;
    // The post shows its tags.
    let sources = Sources::HERO | Sources::POSTS | Sources::TAGS;
    let Some(post) = post else { return Ok(Rendered { page: None, sources, kept_as: None }) };
    let (html, menu) =
        render(state, lang, &Route::Post(slug).path(), (&site, hero.content), PageData::Post(Box::new(post)), None, today).await?;
    Ok(Rendered { page: Some(compress(html, lang, None).await?), sources: sources | menu, kept_as: None })
}

/// Keeps the background refresher running: after a write, the stale pages are rendered again
/// one at a time, busiest first, while visitors are still served the previous ones. A render
/// that fails is retried a second later.
pub async fn refresh_stale_pages(state: AppState) {
    loop {
        state.cache.stale_pages_possible().await;
        loop {
            let today = crate::ops::clock::today();
            let mut failed = false;
            for key in state.cache.keys_to_refresh(today) {
                if let Err(err) = state.cache.refresh(&key, today, render_key(&state, &key, today)).await {
                    tracing::warn!(key, error = %err, "refreshing a page failed");
                    failed = true;
                }
            }
            if !failed {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    }
}

/// Answers a request for a cached public page before routing and the other middlewares, with
/// the same headers and log line they would add: nearly all of the traffic is this, and the
/// middleware chain cost a fifth of the throughput. Anything else goes on to the router.
#[derive(Clone)]
pub struct CachedPages<S> {
    inner: S,
    /// Behind one `Arc`: the service is cloned for every request.
    state: Arc<AppState>,
}

impl<S> CachedPages<S> {
    pub fn new(inner: S, state: AppState) -> Self {
        Self { inner, state: Arc::new(state) }
    }
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
    let (lang, path) = languages::split_path(request.uri().path());
    let route = Route::parse(path)?;
    let key = match route {
        // A signed-in owner may see another student list: the full path checks the session.
        Route::Page(page) if page.depends_on_viewer() && session::carries_session_cookie(request.headers()) => return None,
        Route::Page(page) => page_key(page, &pages::Requested::parse(page, request.uri().query())),
        // Feeds, the sitemap and the CV's PDF are the same for everyone.
        Route::Feed(_) | Route::Sitemap(_) | Route::CvPdf => Cow::Borrowed(path),
        // A paper's page and a tag's page are the same for everyone.
        Route::Paper(slug) => Cow::Owned(paper_path(slug)),
        Route::Post(slug) => Route::Post(slug).path(),
        Route::Tag(slug) => Cow::Owned(tags::paged_path(slug, pages::requested_page(request.uri().query()))),
        _ => return None,
    };
    // A page in another language is kept under its prefixed key; only the site's languages
    // are ever kept, so a made-up one finds nothing here and is answered by the router.
    let key = match lang {
        Some(_) if matches!(route, Route::Sitemap(_)) => return None,
        Some(lang) => Cow::Owned(localized(&format!("/{lang}"), &key)),
        None => key,
    };
    let cached = match state.cache.lookup(&key, crate::ops::clock::today()) {
        Lookup::Fresh(page) => page,
        // The owner is shown what they just saved: the full path waits for the new render.
        Lookup::Stale(_) if session::carries_session_cookie(request.headers()) => return None,
        Lookup::Stale(page) => page,
        Lookup::Missing => return None,
    };
    let response = respond(state, &cached, StatusCode::OK, request.headers());
    counting::cached(state, route, request, response.status());
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

/// The cache key of `page` showing page `number` of its list: the bare path for page 1 and
/// for pages that are not lists (so `/news`, `/news?page=1`, `/news?page=x` and
/// `/news?utm_source=y` share one entry), `/news?page=3` for the others. A number past the
/// last page is kept under the last page's key (see `render_public`), so made-up `?page=`
/// values cannot grow the cache. The valid filters of /publications come first, in a fixed
/// order (`/publications?year=2024&q=masking&page=2`); the cache keeps a bounded number of
/// such variants (`PageCache::with_variant_limit`).
fn page_key(page: PublicPage, requested: &pages::Requested) -> Cow<'static, str> {
    let filters = requested.filters.query();
    if filters.is_empty() {
        return page.page_path(requested.page);
    }
    match page.page_path(requested.page) {
        Cow::Borrowed(path) => Cow::Owned(format!("{path}?{filters}")),
        Cow::Owned(paged) => Cow::Owned(paged.replacen('?', &format!("?{filters}&"), 1)),
    }
}

async fn public_page(
    state: &AppState,
    prefix: &str,
    page: PublicPage,
    requested: pages::Requested,
    signed_in: bool,
    headers: &HeaderMap,
) -> Result<Response, AppError> {
    let today = crate::ops::clock::today();
    // Only the student list differs for a signed-in owner; that view is never kept.
    if page.depends_on_viewer() && signed_in {
        let languages = settings::site(&state.db).await?.languages;
        let lang =
            PageLanguage::of(languages::split_path(prefix).0, &languages).ok_or_else(|| anyhow::anyhow!("a language the site has"))?;
        let rendered = render_public(state, &lang, page, &requested, true, today).await?;
        let page = rendered.page.ok_or_else(|| anyhow::anyhow!("a public page rendered nothing"))?;
        return Ok(respond(state, &page, StatusCode::OK, headers));
    }
    // The owner waits for a render made after their last save; visitors may get the previous
    // page while it is made.
    let key = localized(prefix, &page_key(page, &requested));
    let cached = state.cache.get_or_render(&key, today, signed_in, || render_key(state, &key, today)).await?;
    let cached = cached.ok_or_else(|| anyhow::anyhow!("a public page rendered nothing"))?;
    Ok(respond(state, &cached, StatusCode::OK, headers))
}

async fn render_public(
    state: &AppState,
    lang: &PageLanguage,
    page: PublicPage,
    requested: &pages::Requested,
    owner_signed_in: bool,
    today: NaiveDate,
) -> Result<Rendered, AppError> {
    let (site, hero) = tokio::try_join!(settings::site(&state.db), homepage::read::<HeroContent>(&state.db))?;
    let data = pages::load(&state.db, page, requested, &site, &hero.content, owner_signed_in, &lang.tag).await?;
    // A number past the last page shows the last page, and a tag no tag has is dropped from
    // the filters: what is shown belongs under its own key.
    let filters = match &data {
        PageData::Publications(publications) => publications.filters.clone(),
        _ => requested.filters.clone(),
    };
    let shown = page_key(page, &pages::Requested { page: data.pagination().map_or(1, |p| p.page), filters });
    let kept_as = (shown != page_key(page, requested)).then(|| localized(&lang.prefix, &shown));
    if !owner_signed_in
        && let Some(key) = &kept_as
        && let Lookup::Fresh(cached) = state.cache.lookup(key, today)
    {
        return Ok(Rendered { page: Some(cached), sources: page.sources() | menu::sources(&site), kept_as });
    }
    // /publications shows the citation counts only when the owner turned them on: only then
    // does a refresh of the counts make it stale.
    // /about shows the CV's entries only where the owner chose them: only then does a write to
    // the CV make it stale.
    let sources = match &data {
        PageData::Publications(list) if list.citations.is_some() => page.sources() | Sources::CITATIONS,
        PageData::About(about) if about.cv.any() => page.sources() | Sources::CV,
        _ => page.sources(),
    };
    let analytics = if page == PublicPage::Home { allowed_analytics(&site) } else { None };
    let script = analytics.as_ref().map(|script| script.src.as_str());
    let (html, menu) = render(state, lang, page.path(), (&site, hero.content), data, script, today).await?;
    let policy = analytics.map(|script| state.security.policy_allowing_script(&script.origins));
    Ok(Rendered { page: Some(compress(html, lang, policy).await?), sources: sources | menu, kept_as })
}

/// Compresses a rendered page off the executor (it is CPU-bound).
async fn compress(html: String, lang: &PageLanguage, policy: Option<HeaderValue>) -> Result<Arc<CachedPage>, AppError> {
    let page = tokio::task::spawn_blocking(move || CachedPage::new(html, policy)).await.map_err(anyhow::Error::from)?;
    Ok(Arc::new(page.in_language(&lang.tag)))
}

/// Compresses a feed or sitemap file off the executor; a feed is in a language.
async fn compress_document(body: String, content_type: HeaderValue, lang: Option<&str>) -> Result<Arc<CachedPage>, AppError> {
    let page = tokio::task::spawn_blocking(move || CachedPage::document(body, content_type, None)).await.map_err(anyhow::Error::from)?;
    Ok(Arc::new(match lang {
        Some(lang) => page.in_language(lang),
        None => page,
    }))
}

/// Renders the page at `path` (its address in the default language) in `lang`, in the site's
/// frame; the sources are those of the frame's menu, which every page shows (`menu::sources`),
/// for the caller to add to the page's own.
async fn render(
    state: &AppState,
    lang: &PageLanguage,
    path: &str,
    (settings, hero): (&settings::SiteSettings, HeroContent),
    page: PageData,
    external_script: Option<&str>,
    today: NaiveDate,
) -> Result<(String, Sources), AppError> {
    let menu_sources = menu::sources(settings);
    let menu = menu::links(&state.db, settings, &lang.prefix, &lang.tag).await?;
    let card_image = CardImage::of(&hero, &state.base_url);
    // The languages the page is a real translation in (issue 45, item 3), read at once for all.
    let translated: BTreeSet<String> = match translated::Showing::of(&page) {
        Some(showing) if settings.languages.0.len() > 1 => {
            let tags = matches!(showing, translated::Showing::Tag(_));
            let pages = translated::TranslatedPages::load(&state.db, &settings.languages.0, tags).await?;
            pages.langs(showing).into_iter().map(str::to_owned).collect()
        }
        _ => BTreeSet::new(),
    };
    // The switcher and the search engines' links name the page shown: `/de/news?page=2`. The
    // 404 page's switcher leads to each language's home page.
    let shown = match page.pagination() {
        _ if matches!(page, PageData::NotFound) => PublicPage::Home.path().to_owned(),
        Some(pagination) if pagination.page > 1 => format!("{path}?page={}", pagination.page),
        _ => path.to_owned(),
    };
    let versions = languages::versions(&shown, &settings.languages.0, |other| translated.contains(other));
    // The texts the owner translated into the page's language (issue 45), each field along the
    // language's fallback chain (`de-AT` → `de` → the default).
    let chain = languages::chain(&lang.tag, &settings.languages.0);
    let chain: Vec<&str> = chain.iter().map(String::as_str).collect();
    let mut page = page;
    let text_langs = translated::translate(&state.db, &chain, &mut page).await?;
    // The page's sentences are the settings' too: a save of them makes every page stale, as
    // the menu does (`menu_sources`).
    let texts = settings.texts.clone();
    let site = SiteInfo {
        owner_name: hero.name.clone(),
        base_url: state.base_url.clone(),
        today,
        card_image,
        menu,
        lang: lang.tag.clone(),
        languages: versions,
        texts,
    };
    let input = RenderInput { path: localized(&lang.prefix, path), site, page, text_langs, hero };
    let html = state
        .renderer
        .render(&input, external_script)
        .await
        .map_err(|err| if err.is::<RenderQueueFull>() { AppError::Unavailable(err) } else { AppError::Internal(err) })?;
    Ok((html, menu_sources))
}

/// The headers every page from the cache is sent with, built once for each content encoding:
/// the cache's own (`Cache-Control`, `Vary`), the security headers, and a type and validator
/// that each response replaces with its page's. A response starts as a copy of one, so only the
/// few headers that differ are inserted per request: inserting the dozen one by one, each name
/// hashed and the map grown twice, was a fifth of a cached page's instructions (issue 46).
pub struct PageHeaders {
    identity: HeaderMap,
    gzip: HeaderMap,
    brotli: HeaderMap,
}

impl PageHeaders {
    pub fn new(security: &SecurityHeaders) -> Self {
        let headers = |content_encoding: Option<&'static str>| {
            let mut headers = HeaderMap::with_capacity(16);
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            headers.insert(header::ETAG, HeaderValue::from_static("\"\""));
            if let Some(content_encoding) = content_encoding {
                headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(content_encoding));
            }
            security.apply(&mut headers);
            headers
        };
        Self { identity: headers(None), gzip: headers(Some("gzip")), brotli: headers(Some("br")) }
    }
}

fn respond(state: &AppState, page: &CachedPage, status: StatusCode, request: &HeaderMap) -> Response {
    let templates = &state.page_headers;
    let (variant, template) = match (files::negotiate(request), &page.brotli, &page.gzip) {
        (Encoding::Brotli, Some(brotli), _) => (brotli, &templates.brotli),
        (Encoding::Gzip, _, Some(gzip)) => (gzip, &templates.gzip),
        _ => (&page.identity, &templates.identity),
    };
    let not_modified = status == StatusCode::OK && files::not_modified(request, &variant.etag);
    // A 304 has no body, so no encoding either.
    let mut response = if not_modified { Response::new(Body::empty()) } else { Response::new(Body::from(variant.body.clone())) };
    *response.status_mut() = if not_modified { StatusCode::NOT_MODIFIED } else { status };
    let headers = response.headers_mut();
    *headers = if not_modified { templates.identity.clone() } else { template.clone() };
    headers.insert(header::CONTENT_TYPE, page.content_type.clone());
    headers.insert(header::ETAG, variant.etag.clone());
    if let Some(policy) = &page.content_security_policy {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy.clone());
    }
    if let Some(disposition) = &page.content_disposition {
        headers.insert(header::CONTENT_DISPOSITION, disposition.clone());
    }
    if let Some(language) = &page.content_language {
        headers.insert(header::CONTENT_LANGUAGE, language.clone());
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_one_and_pages_that_are_not_lists_are_cached_under_their_bare_path() {
        let key = |page, query| page_key(page, &pages::Requested::parse(page, Some(query))).into_owned();
        assert_eq!(key(PublicPage::News, "page=1"), "/news");
        assert_eq!(key(PublicPage::News, "page=3"), "/news?page=3");
        assert_eq!(key(PublicPage::About, "page=3"), "/about");
        assert_eq!(key(PublicPage::Publications, "utm_source=x"), "/publications");
        assert_eq!(key(PublicPage::News, "q=x&tag=a"), "/news", "only /publications has filters");
        assert_eq!(
            key(PublicPage::Publications, "page=2&q=Masking%20%20x&year=2024&kind=poem"),
            "/publications?year=2024&q=Masking+x&page=2"
        );
        assert_eq!(key(PublicPage::Publications, "tag=side-channels"), "/publications?tag=side-channels");
    }
}
