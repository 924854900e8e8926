//! `vita export DIR`: the public site as static files, for web space that serves only files.
//!
//! The list of addresses comes from the database (`site_paths`), never from following links,
//! and every one is answered by the server's own router in this process (`tower::oneshot`), so
//! a page is exactly what the live site serves, canonical and citation links included (they are
//! made from `--base-url`). Then, in the HTML only, the root-relative links (`/about`,
//! `/assets/…`) get the base URL's path in front (`/~maja/about`) and a list's `?page=N`
//! becomes `…/page/N/` (a file server ignores query strings). Only attributes change: the
//! hydrated frame (menu, theme toggle) renders the same elements, and React leaves attributes
//! it hydrates as the server sent them. The hashed scripts import each other by relative paths
//! and the styles have no `url()`, so they are copied as they are.
//!
//! Every text file gets a `.gz` and a `.br` copy beside it, for servers that send those
//! (nginx's `gzip_static`, `brotli_static`).

use std::collections::BTreeMap;
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, anyhow, bail};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use regex::{Captures, Regex};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use tower::ServiceExt;

use crate::content::homepage::{self, HeroContent};
use crate::content::settings;
use crate::content::{Audience, Content, ContentStatus, ListQuery, posts, publications, tags};
use crate::http::{self, AppState};
use crate::languages;
use crate::media::buckets::Bucket;
use crate::media::files::{Files, StoredKey};
use crate::media::photos;
use crate::ops::config::StoreConfig;
use crate::render::Renderer;
use crate::render::assets::Manifest;
use crate::render::cache::PageCache;
use crate::render::feed::Feed;
use crate::render::pages::{self, PublicPage};
use crate::routes::{Route, SitemapFile};
use crate::store;
use crate::store::changes::Changes;

/// Marks a folder `vita export` wrote, so a second export may replace it (and nothing else).
const MARKER: &str = ".vita-export";

/// Pages rendered at once.
const PARALLEL: usize = 8;

/// Where the exported site will be served from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseUrl {
    /// `https://uni.example/~maja`, no trailing slash; "" when none was given (the links are
    /// then root-relative, canonical ones included).
    pub url: String,
    /// `/~maja`, or "" at the root of a host.
    pub path: String,
}

impl BaseUrl {
    pub fn parse(url: Option<&str>) -> anyhow::Result<Self> {
        let Some(url) = url.map(str::trim).filter(|u| !u.is_empty()) else {
            return Ok(Self { url: String::new(), path: String::new() });
        };
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"))
            .ok_or_else(|| anyhow!("--base-url must start with https:// or http:// (e.g. https://uni.example/~maja/)"))?;
        if rest.contains(['?', '#', '"', '<', '>', ' ']) {
            bail!("--base-url must be a plain address without a query or fragment (e.g. https://uni.example/~maja/)");
        }
        let url = url.trim_end_matches('/').to_owned();
        let path = rest.find('/').map_or("", |at| &rest[at..]).trim_end_matches('/').to_owned();
        Ok(Self { url, path })
    }

    /// A link of a page as the export serves it: under the base path, lists' pages as folders.
    fn link(&self, value: &str, root_relative: bool) -> Option<String> {
        if !self.url.is_empty()
            && let Some(rest) = value.strip_prefix(&self.url).filter(|r| r.is_empty() || r.starts_with(['/', '?', '#']))
        {
            return Some(format!("{}{}", self.url, folder_pages(rest)));
        }
        (root_relative && value.starts_with('/') && !value.starts_with("//")).then(|| format!("{}{}", self.path, folder_pages(value)))
    }

    /// The HTML with its links rewritten (see the module's documentation).
    fn rewrite_html(&self, html: &str) -> String {
        static ATTRIBUTE: std::sync::LazyLock<Regex> =
            std::sync::LazyLock::new(|| Regex::new(r#"(\s)(href|src|action|content)="([^"]*)""#).expect("valid pattern"));
        ATTRIBUTE
            .replace_all(html, |c: &Captures| {
                // `content` is a meta tag's value (og:url): only absolute addresses are links.
                match self.link(&c[3], &c[2] != "content") {
                    Some(link) => format!("{}{}=\"{link}\"", &c[1], &c[2]),
                    None => c[0].to_owned(),
                }
            })
            .into_owned()
    }
}

impl BaseUrl {
    /// The sitemap with its lists' pages as the export's folders, in its `<loc>`s and in the
    /// other languages' `xhtml:link`s.
    fn rewrite_sitemap(&self, xml: &str) -> String {
        static ADDRESS: std::sync::LazyLock<Regex> =
            std::sync::LazyLock::new(|| Regex::new(r#"(<loc>|<xhtml:link [^>]*href=")([^<"]*)"#).expect("valid pattern"));
        // The address is XML-escaped in the file: `?page=` has nothing to escape.
        ADDRESS
            .replace_all(xml, |c: &Captures| format!("{}{}", &c[1], self.link(&c[2], false).unwrap_or_else(|| c[2].to_owned())))
            .into_owned()
    }
}

/// `/news?page=3#x` → `/news/page/3/#x`, `/news?page=1` → `/news`; anything else unchanged.
fn folder_pages(link: &str) -> String {
    let (link, fragment) = link.split_once('#').map_or((link, None), |(l, f)| (l, Some(f)));
    let out = match link.split_once("?page=") {
        Some((path, number)) if !path.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) && !number.is_empty() => {
            if number.parse::<u64>().unwrap_or(0) <= 1 { path.to_owned() } else { format!("{path}/page/{number}/") }
        }
        _ => link.to_owned(),
    };
    match fragment {
        Some(fragment) => format!("{out}#{fragment}"),
        None => out,
    }
}

/// Every address of the public site, read from the database: each public page and each page
/// of the long lists, each published paper with its BibTeX, CSL-JSON and uploaded PDF, the
/// publication lists' files, the uploaded photos and CVs, and the browser files the pages
/// load. Feeds, the sitemap and robots.txt go here too when the site has them. The pages, the
/// feeds and the CV of the default language are there in each other language of the site too,
/// under its prefix (`/de/news`, `/de/feed.atom`, `/de/cv.pdf`), as the server answers them.
pub async fn site_paths(state: &AppState) -> anyhow::Result<Vec<String>> {
    let db = &state.db;
    let (site, hero) = tokio::try_join!(settings::site(db), homepage::read::<HeroContent>(db))?;
    // What each language has at its own address.
    let mut in_language = Vec::new();
    // What is the same in every language, at its one address.
    let mut paths = Vec::new();
    for page in PublicPage::ALL {
        in_language.push(page.path().to_owned());
        if page.per_page().is_some() {
            // The number of pages is the same in every language.
            let first = pages::Requested { page: 1, filters: Default::default() };
            let data = pages::load(db, page, &first, &site, &hero.content, false, site.languages.default_language()).await?;
            let count = data.pagination().map_or(1, |p| p.pages);
            in_language.extend((2..=count).map(|n| page.page_path(n).into_owned()));
        }
    }
    paths.extend([Route::AllBibtex.path().into_owned(), Route::AllCslJson.path().into_owned()]);
    for paper in published_papers(db).await? {
        let slug = paper.slug.as_str();
        paths.push(Route::PaperBibtex(slug).path().into_owned());
        paths.push(Route::PaperCslJson(slug).path().into_owned());
        if paper.pdf_file.is_some() {
            paths.push(Route::PaperPdf(slug).path().into_owned());
        }
        in_language.push(Route::Paper(slug).path().into_owned());
    }
    let posts: Vec<String> = posts::Entity::select(&ListQuery::default(), Audience::Public)
        .select_only()
        .column(posts::Column::Slug)
        .into_tuple()
        .all(db)
        .await?;
    in_language.extend(posts.iter().map(|slug| Route::Post(slug).path().into_owned()));
    for (key, _) in state.files.list().await? {
        // The papers' PDFs are served at their paper's address (above), only to the owner here,
        // and so are the photos' originals (their variants are what the pages show).
        let Some(stored) = StoredKey::parse(&key) else { continue };
        if stored.bucket != Bucket::PaperPdfs && !photos::is_private(stored.bucket, &stored.name) {
            paths.push(format!("/files/{key}"));
        }
    }
    let entry = Manifest::load()?.public_entry().clone();
    paths.extend(std::iter::once(entry.file).chain(entry.preload).chain(entry.css).map(|file| format!("/{file}")));
    paths.extend(["/favicon.svg".to_owned(), "/profile-placeholder.svg".to_owned(), Route::SocialCard.path().into_owned()]);
    let tags: Vec<(uuid::Uuid, String)> =
        tags::Entity::find().select_only().columns([tags::Column::Id, tags::Column::Slug]).into_tuple().all(db).await?;
    for (id, slug) in tags {
        let count = pages::tag_page_count(db, id).await?;
        in_language.extend((1..=count).map(|n| tags::paged_path(&slug, n)));
    }
    // Their addresses are absolute only with `--base-url`, as search engines and feed readers need.
    in_language.extend(Feed::ALL.map(|feed| feed.path().to_owned()));
    in_language.push(Route::CvPdf.path().into_owned());
    paths.extend([Route::Sitemap(SitemapFile::Main), Route::Robots].map(|route| route.path().into_owned()));
    for lang in site.languages.0.iter().skip(1) {
        let prefix = languages::prefix(lang, &site.languages.0);
        paths.extend(in_language.iter().map(|path| languages::localized(&prefix, path)));
    }
    paths.extend(in_language);
    Ok(paths)
}

/// The addresses of the 404 pages: `/404.html` in the default language, `/de/404.html` in each
/// other one (no page has them, so the router answers with the 404 page in their language).
async fn not_found_paths(db: &DatabaseConnection) -> anyhow::Result<Vec<String>> {
    let languages = settings::site(db).await?.languages.0;
    Ok(languages.iter().map(|lang| languages::localized(&languages::prefix(lang, &languages), "/404.html")).collect())
}

async fn published_papers(db: &DatabaseConnection) -> anyhow::Result<Vec<publications::Model>> {
    Ok(publications::Entity::find()
        .filter(publications::Column::Status.eq(ContentStatus::Published))
        .order_by_asc(publications::Column::Slug)
        .all(db)
        .await?)
}

/// The file an address is written to: a page is `<path>/index.html` (a list's page N is
/// `<path>/page/N/index.html`), any other file keeps its path.
fn file_for(path: &str, html: bool) -> PathBuf {
    let path = folder_pages(path);
    let relative = path.trim_start_matches('/');
    if html { Path::new(relative).join("index.html") } else { PathBuf::from(relative) }
}

/// What `export` wrote.
#[derive(Debug)]
pub struct Summary {
    pub pages: usize,
    pub files: usize,
}

/// Writes the site into `dir` (built beside it, then put in its place: a failed export leaves
/// the previous one). `dir` must be missing, empty, or a previous export.
pub async fn export(config: &StoreConfig, dir: &Path, base: &BaseUrl) -> anyhow::Result<Summary> {
    if dir.exists() && std::fs::read_dir(dir)?.next().is_some() && !dir.join(MARKER).exists() {
        bail!("{} is not empty and is not a previous export: choose an empty or new folder", dir.display());
    }
    let db = store::open(config).await?;
    let result = export_from(db.clone(), Files::open(config)?, dir, base).await;
    store::close(db).await;
    result
}

pub async fn export_from(db: DatabaseConnection, files: Files, dir: &Path, base: &BaseUrl) -> anyhow::Result<Summary> {
    // Nothing is written while exporting, so there is nothing to tell other instances.
    let changes = Changes::for_database(&db).await?;
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let state = AppState {
        db,
        renderer: Renderer::start(workers)?,
        base_url: base.url.clone(),
        secure_cookies: false,
        cache: Arc::new(PageCache::default()),
        page_headers: Arc::new(http::PageHeaders::new(&http::security_headers(false))),
        security: http::security_headers(false),
        files,
        trusted_proxies: Arc::new([]),
        setup_token: Default::default(),
        changes,
        // A static sitemap is one file: a file server cannot answer the index's parts.
        sitemap_max_urls: usize::MAX,
        certificate: None,
        // Exporting renders what is stored: it calls no outside source.
        scholarly: None,
        // Nor is it a visitor to count.
        stats: crate::stats::Stats::off(),
        site_uploads: http::SiteUploads::off(),
    };
    let paths = site_paths(&state).await?;
    let missing = not_found_paths(&state.db).await?;
    let router = http::router(state);
    let staging = sibling(dir, "partial");
    if staging.exists() {
        std::fs::remove_dir_all(&staging)?;
    }
    std::fs::create_dir_all(&staging).with_context(|| format!("cannot create {}", staging.display()))?;
    let (pages, files) = match write_all(&router, &paths, &missing, &staging, base).await {
        Ok(counts) => counts,
        Err(err) => {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(err);
        }
    };
    std::fs::write(staging.join(MARKER), "Written by `vita export`; the next export replaces this folder.\n")?;
    if dir.exists() {
        let old = sibling(dir, "old");
        std::fs::rename(dir, &old)?;
        std::fs::rename(&staging, dir)?;
        std::fs::remove_dir_all(&old)?;
    } else {
        std::fs::rename(&staging, dir)?;
    }
    Ok(Summary { pages, files })
}

fn sibling(dir: &Path, suffix: &str) -> PathBuf {
    let name = dir.file_name().map_or_else(|| "export".into(), |n| n.to_string_lossy().into_owned());
    dir.with_file_name(format!(".{name}.{suffix}"))
}

/// Fetches every address (a few at a time) and writes it with its compressed copies; the 404
/// pages (`missing`) are written as they are named (`404.html`, `de/404.html`). Returns how many
/// pages and other files were written.
async fn write_all(router: &Router, paths: &[String], missing: &[String], dir: &Path, base: &BaseUrl) -> anyhow::Result<(usize, usize)> {
    let mut tasks = tokio::task::JoinSet::new();
    let mut pending = paths.iter().cloned().map(|p| (p, StatusCode::OK)).collect::<Vec<_>>();
    pending.extend(missing.iter().cloned().map(|p| (p, StatusCode::NOT_FOUND)));
    let mut counts = BTreeMap::from([(true, 0), (false, 0)]);
    let mut queue = pending.into_iter();
    loop {
        while tasks.len() < PARALLEL {
            let Some((path, expected)) = queue.next() else { break };
            let (router, dir, base) = (router.clone(), dir.to_owned(), base.clone());
            tasks.spawn(async move {
                let (body, html) = fetch(router, &path, expected).await?;
                let file = file_for(&path, html && expected != StatusCode::NOT_FOUND);
                let body = if html {
                    Bytes::from(base.rewrite_html(&String::from_utf8_lossy(&body)))
                } else if Route::parse(&path) == Some(Route::Sitemap(SitemapFile::Main)) {
                    Bytes::from(base.rewrite_sitemap(&String::from_utf8_lossy(&body)))
                } else {
                    body
                };
                let target = dir.join(&file);
                tokio::task::spawn_blocking(move || write_file(&target, &body)).await??;
                anyhow::Ok(html)
            });
        }
        match tasks.join_next().await {
            Some(done) => *counts.entry(done??).or_default() += 1,
            None => break,
        }
    }
    Ok((counts[&true], counts[&false]))
}

/// One address through the router, as an anonymous visitor asking for no compression.
async fn fetch(router: Router, path: &str, expected: StatusCode) -> anyhow::Result<(Bytes, bool)> {
    let mut request = Request::get(path).body(Body::empty())?;
    request.extensions_mut().insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 0))));
    let response = router.oneshot(request).await?;
    if response.status() != expected {
        bail!("{path} answered {} while exporting", response.status());
    }
    let html = response.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("text/html"));
    let body = response.into_body().collect().await.map_err(|e| anyhow!("reading {path}: {e}"))?.to_bytes();
    Ok((body, html))
}

/// The file, and for text its gzip and brotli copies.
fn write_file(target: &Path, body: &[u8]) -> anyhow::Result<()> {
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(target, body).with_context(|| format!("cannot write {}", target.display()))?;
    let text = matches!(
        target.extension().and_then(|e| e.to_str()),
        Some("html" | "css" | "js" | "svg" | "json" | "bib" | "xml" | "atom" | "txt")
    );
    if text {
        let mut gzip = flate2::write::GzEncoder::new(Vec::with_capacity(body.len() / 3), flate2::Compression::best());
        gzip.write_all(body)?;
        std::fs::write(with_suffix(target, "gz"), gzip.finish()?)?;
        let mut brotli = Vec::with_capacity(body.len() / 3);
        {
            let mut writer = brotli::CompressorWriter::new(&mut brotli, 4096, 9, 22);
            writer.write_all(body)?;
        }
        std::fs::write(with_suffix(target, "br"), brotli)?;
    }
    Ok(())
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_url_gives_the_path_every_link_gets() {
        let base = BaseUrl::parse(Some("https://uni.example/~maja/")).unwrap();
        assert_eq!(base, BaseUrl { url: "https://uni.example/~maja".into(), path: "/~maja".into() });
        assert_eq!(BaseUrl::parse(Some("https://uni.example")).unwrap().path, "");
        assert_eq!(BaseUrl::parse(None).unwrap(), BaseUrl { url: String::new(), path: String::new() });
        assert!(BaseUrl::parse(Some("uni.example/~maja")).is_err());
        assert!(BaseUrl::parse(Some("https://uni.example/?x=1")).is_err());
    }

    #[test]
    fn links_move_under_the_base_path_and_list_pages_become_folders() {
        let base = BaseUrl::parse(Some("https://uni.example/~maja/")).unwrap();
        let html = concat!(
            r#"<a href="/">h</a><a href="/news?page=3">3</a><a href="/news?page=1">1</a><a href="/news#news-1">n</a>"#,
            r#"<link rel="canonical" href="https://uni.example/~maja/talks?page=2"><meta property="og:url" content="https://uni.example/~maja/x">"#,
            r#"<script src="/assets/a.js"></script><a href="https://other.example/">o</a><a href="//cdn.example/x">c</a>"#,
            r#"<meta name="description" content="/not/a/link"><a href="mailto:a@b">m</a>"#,
        );
        assert_eq!(
            base.rewrite_html(html),
            concat!(
                r#"<a href="/~maja/">h</a><a href="/~maja/news/page/3/">3</a><a href="/~maja/news">1</a><a href="/~maja/news#news-1">n</a>"#,
                r#"<link rel="canonical" href="https://uni.example/~maja/talks/page/2/"><meta property="og:url" content="https://uni.example/~maja/x">"#,
                r#"<script src="/~maja/assets/a.js"></script><a href="https://other.example/">o</a><a href="//cdn.example/x">c</a>"#,
                r#"<meta name="description" content="/not/a/link"><a href="mailto:a@b">m</a>"#,
            )
        );
    }

    #[test]
    fn the_sitemap_s_addresses_and_their_languages_become_folders() {
        let base = BaseUrl::parse(Some("https://uni.example/~maja/")).unwrap();
        let xml = concat!(
            r#"<url><loc>https://uni.example/~maja/de/news?page=2</loc>"#,
            r#"<xhtml:link rel="alternate" hreflang="en" href="https://uni.example/~maja/news?page=2"/>"#,
            r#"<xhtml:link rel="alternate" hreflang="de" href="https://uni.example/~maja/de/news?page=2"/></url>"#,
        );
        assert_eq!(
            base.rewrite_sitemap(xml),
            concat!(
                r#"<url><loc>https://uni.example/~maja/de/news/page/2/</loc>"#,
                r#"<xhtml:link rel="alternate" hreflang="en" href="https://uni.example/~maja/news/page/2/"/>"#,
                r#"<xhtml:link rel="alternate" hreflang="de" href="https://uni.example/~maja/de/news/page/2/"/></url>"#,
            )
        );
    }

    #[test]
    fn pages_are_folders_and_files_keep_their_path() {
        assert_eq!(file_for("/", true), PathBuf::from("index.html"));
        assert_eq!(file_for("/news?page=2", true), PathBuf::from("news/page/2/index.html"));
        assert_eq!(file_for("/publications/a-paper", true), PathBuf::from("publications/a-paper/index.html"));
        assert_eq!(file_for("/publications/a-paper.bib", false), PathBuf::from("publications/a-paper.bib"));
        assert_eq!(file_for("/de", true), PathBuf::from("de/index.html"));
        assert_eq!(file_for("/de/news?page=2", true), PathBuf::from("de/news/page/2/index.html"));
        assert_eq!(file_for("/de/404.html", false), PathBuf::from("de/404.html"));
    }
}
