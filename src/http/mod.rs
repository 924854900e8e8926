//! Every URL of the server, in one place.
//!
//! | path | what |
//! |---|---|
//! | `GET /healthz`, `GET /readyz` | process up; database reachable |
//! | `GET /`, `/about`, `/research`, `/publications`, `/projects`, `/teaching`, `/students`, `/talks`, `/blog`, `/open-calls`, `/contact`, `/news`, `/cv` | public pages (server-rendered, `?page=N` on the lists); any other path: the 404 page |
//! | `GET /publications/<slug>`, `/publications/<slug>.bib`, `/publications/<slug>.json` | a paper's page, as BibTeX, as CSL-JSON |
//! | `GET /tags/<slug>` | everything published with a tag (`?page=N`) |
//! | `GET /blog/<slug>` | a post's page |
//! | `GET /cv.pdf` | the CV typeset as PDF (kept with the pages) |
//! | `GET /assets/…`, `/favicon.svg`, … | embedded frontend files |
//! | `GET /admin`, `/admin/…` | the admin single-page app |
//! | `POST /api/auth/token`, `GET /api/auth/session`, `POST /api/auth/logout?scope=` | sign-in |
//! | `GET`/`POST /api/auth/setup` | first-run creation of the owner account |
//! | `POST /api/auth/token/second-factor` | a sign-in's second step: the code after the password |
//! | `PUT /api/auth/password`, `GET /api/auth/sessions`, `DELETE /api/auth/sessions/<id>` | account |
//! | `GET /api/auth/second-factor`, `POST …/enrolment`, `…/enrolment/confirm`, `…/recovery-codes`, `…/disable` | the owner's second factor |
//! | `GET /api/<table>` | the public list read of a table (spec section 7) |
//! | `GET /api/admin/<table>?q=&kind=&year=&status=&tag=&source=&featured=&sort=&limit=&offset=` | the owner's list, drafts included, searched, filtered, sorted, paged; `X-Total-Count` (`content::owner_list`) |
//! | `POST /api/admin/<table>/bulk`, `POST /api/admin/undo/<token>` | delete, publish, unpublish or tag many items; undo that within 30 s (`content::bulk`) |
//! | `POST /api/<table>`, `GET`/`PUT`/`DELETE /api/<table>/<id>` | owner writes |
//! | `GET`/`PUT /api/homepage/<hero\|stats\|about\|contact>` | page texts |
//! | `GET`/`PUT /api/settings` | the owner's site-wide options |
//! | `PUT /api/settings/texts` | the owner's wording of fixed public sentences (`content::sentences`) |
//! | `GET /api/backup` | the owner downloads the whole site as a backup archive (`crate::backup`) |
//! | `GET /api/admin/certificate` | the HTTPS certificate of `--domain`: expiry and last error, or null (`crate::tls`) |
//! | `POST /api/publications/import/preview` (.bib text), `POST /api/publications/import` | BibTeX import |
//! | `GET /api/admin/imports`, `POST /api/admin/imports/<id>/remove` | the imports of papers that still have some; an import's unchanged papers removed at once, with an undo token (`content::imports`) |
//! | `POST /api/site-import?generator=` (a site's .zip or .tar.gz, up to 400 MB), `POST`/`DELETE /api/site-import/<token>` | "Import a site": the dry run's report and a token; the import of that upload; dropping it |
//! | `POST /api/scholarly/doi-lookup` | the owner's "Fill from DOI": a DOI's metadata (`crate::scholarly`) |
//! | `POST /api/scholarly/orcid/preview`, `POST /api/scholarly/orcid/import` | "Import from ORCID" |
//! | `GET /api/admin/stats?from=&to=` | the owner's statistics: days, pages, downloads, sources, feed subscribers (`crate::stats`) |
//! | `GET /api/admin/scholarly` | the dashboard's citations (total, h-index, by year) and the sources' last runs and errors |
//! | `GET /api/admin/sample-texts` | the dashboard's list of public texts still the spec's sample (`content::sample_texts`) |
//! | `GET /api/admin/translations?lang=[&kind=&item=]`, `GET /api/admin/translations/outdated` | every translatable text (of one kind, or of one item) with its translation into a language and its state (untranslated, outdated, done); the count of outdated ones per language (`content::translations`) |
//! | `PUT`/`DELETE /api/admin/translations/<kind>/<id>/<field>/<lang>`, `POST …/reviewed` | write or delete one translation; mark it up to date with its edited source |
//! | `POST /api/uploads/<bucket>?filename=`, `DELETE /api/uploads/<bucket>/<name>` | owner uploads |
//! | `GET /files/<bucket>/<name>` | uploaded files (`profile-photos`, `cv-files`; `paper-pdfs` for the owner only) |
//! | `GET /publications.bib`, `GET /publications.json` | every published paper as BibTeX, as CSL-JSON |
//! | `GET /publications/<slug>/<slug>.pdf` | a published paper's uploaded PDF |
//! | `GET /feed.atom`, `/news.atom`, `/publications.atom`, `/talks.atom`, `/open-calls.atom`, `/blog.atom` | Atom feeds (kept with the pages) |
//! | `GET /sitemap.xml`, `/sitemap-<n>.xml` | the sitemap, an index of parts above its limit (kept with the pages) |
//! | `GET /robots.txt`, `GET /social-card.png` | crawling rules; the default link-preview image |
//!
//! `<table>` is one of `news`, `publications`, `research-areas`, `projects`, `courses`,
//! `students`, `talks`, `tags`, `open-calls`, `posts`, `cv-appointments`, `cv-education`, `cv-awards`,
//! `cv-grants`, `cv-service`, `cv-other`.
//!
//! The public addresses are spelled once, in `crate::routes`.
//!
//! ## Writes: POST fills defaults, PUT replaces the whole row
//!
//! `POST /api/<table>` creates a row; a key left out takes its default (no slug: derived from
//! the title; no status: published; no optional text: empty). Nothing stored can be lost.
//!
//! `PUT /api/<table>/<id>` replaces the row with the body, so the body must name **every** field
//! of the table's input type: a missing key is a 422 on that field ("… is missing: an update
//! must send every field"), never read as "empty", because that would silently erase the stored
//! value (what the admin would do if a form forgot a field). `null` is how a client empties an
//! optional field. The generated TypeScript types (`web/src/api/types.ts`) make every key of an
//! `*Input` type required, so the admin cannot compile a request that leaves one out.

mod auth;
mod backup_api;
pub mod client;
pub use auth::SetupStatus;
mod content;
mod counting;
mod discovery;
pub mod exports;
mod extract;
mod files;
mod health;
mod imports;
pub mod middleware;
mod papers;
mod public;
pub use public::{PageHeaders, refresh_stale_pages};
pub mod scholarly_api;
pub mod session;
mod settings_api;
pub mod site_import;
pub use site_import::SiteUploads;
mod stats_api;
pub use stats_api::span_of;
mod translations_api;
mod uploads;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, header};
use axum::middleware::{from_fn, from_fn_with_state};
use axum::routing::{delete, get, post, put};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::content::Content;
use crate::content::homepage::{AboutContent, ContactContent, HeroContent, StatsContent};
use crate::media::files::Files;
use crate::render::Renderer;
use crate::render::cache::PageCache;
use crate::routes::{self, Route};

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub renderer: Renderer,
    /// The site's public address, for canonical links.
    pub base_url: String,
    /// The base URL is `https://`: every request counts as HTTPS (`session::is_https`), even
    /// without a trusted proxy saying so.
    pub secure_cookies: bool,
    /// Rendered public pages, cleared by every write.
    pub cache: Arc<PageCache>,
    pub security: middleware::SecurityHeaders,
    /// The headers of a page from the cache, built once from `security`.
    pub page_headers: Arc<PageHeaders>,
    /// Uploaded files (local folder or S3 bucket).
    pub files: Files,
    /// Proxies whose `X-Forwarded-For` is believed (`client::address`).
    pub trusted_proxies: Arc<[ipnet::IpNet]>,
    /// What `POST /api/auth/setup` must carry while no owner exists (`auth::SetupToken`).
    pub setup_token: crate::auth::SetupToken,
    /// How writes tell the other instances (PostgreSQL) what they made stale.
    pub changes: crate::store::changes::Changes,
    /// Addresses in one sitemap file (`Config::sitemap_max_urls`).
    pub sitemap_max_urls: usize,
    /// With `--domain`: the certificate's state, for the dashboard.
    pub certificate: Option<Arc<crate::tls::acme::Status>>,
    /// The outside scholarly sources; `None` with `--no-outside-calls`.
    pub scholarly: Option<Arc<crate::scholarly::Scholarly>>,
    /// The counts of readers (`crate::stats`).
    pub stats: crate::stats::Stats,
    /// The admin's uploaded sites waiting for their Import button (`site_import`).
    pub site_uploads: SiteUploads,
}

/// JSON bodies larger than this are refused with 413 before they are read.
pub const MAX_JSON_BODY: usize = 2 * 1024 * 1024;

pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/auth/token", post(auth::sign_in))
        .route("/auth/token/second-factor", post(auth::sign_in_with_code))
        .route("/auth/second-factor", get(auth::second_factor_status))
        .route("/auth/second-factor/enrolment", post(auth::start_enrolment))
        .route("/auth/second-factor/enrolment/confirm", post(auth::confirm_enrolment))
        .route("/auth/second-factor/recovery-codes", post(auth::regenerate_recovery_codes))
        .route("/auth/second-factor/disable", post(auth::disable_second_factor))
        .route("/auth/session", get(auth::session))
        .route("/auth/logout", post(auth::sign_out))
        .route("/auth/setup", get(auth::setup_status).post(auth::setup))
        .route("/auth/password", put(auth::change_password))
        .route("/auth/sessions", get(auth::list_sessions))
        .route("/auth/sessions/{id}", delete(auth::revoke_session))
        .route("/uploads/{bucket}", post(uploads::upload))
        .route("/uploads/{bucket}/{name}", delete(uploads::remove))
        .route("/backup", get(backup_api::download))
        .route("/admin/certificate", get(health::certificate))
        .route("/settings", get(settings_api::read_site_settings).put(settings_api::save_site_settings))
        .route("/settings/texts", put(settings_api::save_texts))
        .route("/homepage/hero", get(content::read_section::<HeroContent>).put(content::upsert_section::<HeroContent>))
        .route("/homepage/stats", get(content::read_section::<StatsContent>).put(content::upsert_section::<StatsContent>))
        .route("/homepage/about", get(content::read_section::<AboutContent>).put(content::upsert_section::<AboutContent>))
        .route("/homepage/contact", get(content::read_section::<ContactContent>).put(content::upsert_section::<ContactContent>))
        // Before the table's `/{id}` routes are added: a static segment wins over a parameter.
        .route("/publications/import/preview", post(imports::preview).layer(DefaultBodyLimit::disable()))
        .route("/publications/import", post(imports::import).layer(DefaultBodyLimit::max(imports::MAX_IMPORT_BODY)))
        // The one route that takes a large body (400 MB, streamed to a file): not the global
        // limit, which `Body` does not apply anyway, and checked by the handler.
        .route("/site-import", post(site_import::preview).layer(DefaultBodyLimit::disable()))
        .route("/site-import/{token}", post(site_import::import).delete(site_import::discard))
        .route("/scholarly/doi-lookup", post(scholarly_api::lookup_doi))
        .route("/scholarly/orcid/preview", post(scholarly_api::orcid_preview))
        .route("/scholarly/orcid/import", post(scholarly_api::orcid_import))
        .route("/admin/scholarly", get(scholarly_api::dashboard))
        .route("/admin/stats", get(stats_api::stats))
        .route("/admin/undo/{token}", post(content::undo))
        .route("/admin/sample-texts", get(content::sample_texts))
        .route("/admin/imports", get(imports::list))
        .route("/admin/imports/{id}/remove", post(imports::remove))
        .route("/admin/translations", get(translations_api::list_translations))
        .route("/admin/translations/outdated", get(translations_api::count_outdated))
        .route(
            "/admin/translations/{kind}/{id}/{field}/{lang}",
            put(translations_api::save_translation).delete(translations_api::delete_translation),
        )
        .route("/admin/translations/{kind}/{id}/{field}/{lang}/reviewed", post(translations_api::mark_reviewed));
    macro_rules! every_table {
        ($($table:ident),*) => {
            [$(content_routes::<crate::content::$table::Entity>),*]
        };
    }
    let api = crate::content::tables!(every_table).into_iter().fold(api, |api, add| add(api));

    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .nest(
            "/api",
            api.layer(from_fn_with_state(state.clone(), middleware::wait_for_pages_after_writes))
                // The API's answers are the owner's data or change with every write: never
                // kept by a browser or a shared cache.
                .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))),
        )
        .route("/admin", get(files::admin_page))
        .route("/admin/{*rest}", get(files::admin_page))
        .route("/assets/{*path}", get(files::asset))
        .route("/files/{bucket}/{name}", get(uploads::serve))
        // The public addresses (`crate::routes`): these few have handlers of their own, every
        // other one is read by `public::page`.
        .route(&Route::AllBibtex.path(), get(exports::all_bibtex))
        .route(&Route::AllCslJson.path(), get(exports::all_csl_json))
        .route(routes::PAPER_PDF_PATTERN, get(papers::pdf))
        .route(&Route::Robots.path(), get(discovery::robots_txt))
        .route(&Route::SocialCard.path(), get(discovery::social_card))
        .fallback(public::page)
        .layer(from_fn_with_state(state.clone(), counting::count))
        .layer(DefaultBodyLimit::max(MAX_JSON_BODY))
        .layer(from_fn_with_state(state.clone(), middleware::same_origin))
        .layer(from_fn_with_state(state.security.clone(), middleware::security_headers))
        .layer(CatchPanicLayer::custom(|_| {
            axum::response::IntoResponse::into_response(crate::error::AppError::Internal(anyhow::anyhow!("a handler panicked")))
        }))
        .layer(from_fn(middleware::log_request))
        .with_state(state)
}

/// What the listeners serve: a cached public page is answered before any routing (the path a
/// visitor takes most), everything else by `router`.
pub fn site(state: AppState) -> public::CachedPages<Router> {
    public::CachedPages::new(router(state.clone()), state)
}

/// The policy allows exactly the inline scripts the pages carry: the theme script of the
/// public pages and whatever inline script the admin page has.
pub fn security_headers(https: bool) -> middleware::SecurityHeaders {
    let mut scripts = vec![crate::render::THEME_SCRIPT.trim().to_owned()];
    scripts.extend(files::admin_inline_scripts());
    // The admin page inlines the same theme script: one hash is enough.
    scripts.sort();
    scripts.dedup();
    let scripts: Vec<&str> = scripts.iter().map(String::as_str).collect();
    middleware::SecurityHeaders::new(&scripts, https)
}

/// The six routes of one content table.
fn content_routes<E: Content>(api: Router<AppState>) -> Router<AppState> {
    api.route(&format!("/{}", E::PATH), get(content::list_public::<E>).post(content::create::<E>))
        .route(&format!("/admin/{}", E::PATH), get(content::list_owner::<E>))
        .route(&format!("/admin/{}/bulk", E::PATH), post(content::bulk::<E>))
        .route(&format!("/{}/{{id}}", E::PATH), get(content::get_one::<E>).put(content::update::<E>).delete(content::delete::<E>))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table at the top of this file names every table the router serves.
    #[test]
    fn the_route_documentation_lists_every_table() {
        let documented = include_str!("mod.rs").split("## Writes").next().unwrap_or_default();
        macro_rules! paths {
            ($($table:ident),*) => {
                [$(crate::content::$table::Entity::PATH),*]
            };
        }
        for path in crate::content::tables!(paths) {
            assert!(documented.contains(&format!("`{path}`")), "{path} is served but not documented");
        }
    }
}
