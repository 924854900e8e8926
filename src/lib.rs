//! Vita: a self-hosted academic website with an admin back office, in one binary.
//!
//! The modules stand in layers, each using only the ones below it (`tests/it/layers.rs` fails
//! on an import that goes up, and on two modules of one folder that use each other):
//!
//! 1. `error`, `ops` (config, clock, logs), `rules` (limits, patterns, field validation, TeX math as MathML,
//!    names without titles);
//! 2. `store` (connections, migrations, and `changes`: what each write changed, told to the page
//!    cache and the other instances), `routes` (every public address, spelled once) and `languages`
//!    (the site's languages: tags, fallback chains, the `/<lang>/` prefix of their addresses);
//! 3. `media` (uploaded files, photo variants), then `content` (the tables and the site
//!    settings), then `auth` (owner, sessions, second factor) and `stats` (the counts of
//!    readers: no cookie, daily aggregates);
//! 4. `citations`, then `render` (pages and their cache), then `import`, `discovery` (feeds,
//!    sitemap) and `cv_pdf` (the CV of /cv typeset as PDF);
//! 5. `backup` (the archive and its restore), `tls` (HTTPS: certificates, ACME) and `scholarly`
//!    (the outside sources: DOI lookups, ORCID, citation counts), then `http` and `app`, then
//!    `cli` (with the static export, which renders the site through the router) and
//!    `typescript` (the generated admin types).

pub mod app;
pub mod auth;
pub mod backup;
pub mod citations;
pub mod cli;
pub mod content;
pub mod cv_pdf;
pub mod discovery;
pub mod error;
pub mod http;
pub mod i18n;
pub mod import;
pub mod languages;
pub mod media;
pub mod ops;
pub mod render;
pub mod routes;
pub mod rules;
pub mod scholarly;
pub mod stats;
pub mod store;
pub mod tls;
pub mod typescript;

/// mimalloc for every allocation, the JavaScript engine's included (rquickjs's `rust-alloc`):
/// a server render allocates and frees hundreds of thousands of small objects.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
