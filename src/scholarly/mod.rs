//! The outside scholarly sources (issue 33): a paper added from its DOI (Crossref, then DOI
//! content negotiation on doi.org for the other agencies), the owner's ORCID works offered
//! for import, and citation counts (Crossref, OpenAlex) refreshed daily.
//!
//! Nothing here runs on a visitor's request: the owner's lookup in the admin, the command
//! line and the daily jobs (`jobs`) are the only callers. Every call goes through
//! `http::Client` (timeouts, pacing, 429, size cap). A source that fails leaves what is
//! stored as it was and its error on the dashboard (`runs`).
//!
//! | source | call | for |
//! |---|---|---|
//! | Crossref | `GET /works/{doi}` | a DOI's metadata |
//! | doi.org | `GET /{doi}`, `Accept: application/vnd.citationstyles.csl+json` | metadata of a DOI Crossref does not know |
//! | doi.org | `GET /{doi}`, `Accept: application/x-bibtex` | the BibTeX kept with a paper added by DOI |
//! | Crossref | `GET /works?filter=doi:…,doi:…` | counts (`is-referenced-by-count`), 20 DOIs a call; ORCID works' metadata |
//! | OpenAlex | `GET /works?filter=doi:…\|…` | counts and counts by year, 50 DOIs a call, with an API key |
//! | ORCID | `GET /v3.0/{id}/works` | the owner's works |

pub mod http;
pub mod jobs;
pub mod orcid;
pub mod refresh;
pub mod runs;
pub mod work;

use std::collections::HashMap;

use sea_orm::{DatabaseConnection, EntityTrait, QueryOrder};
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

use crate::content::citation_counts::YearCount;
use crate::error::AppError;
use crate::import::bibtex::Mapped;
use crate::ops::config::OutsideConfig;
use http::{Client, Failure, Source};

/// DOIs asked of Crossref in one call (its filter takes a list; the URL stays short).
pub const CROSSREF_BATCH: usize = 20;
/// DOIs asked of OpenAlex in one call (its documented most for an OR filter is 50).
pub const OPENALEX_BATCH: usize = 50;

pub const NOT_FOUND: &str = "No record for this DOI";
pub const TURNED_OFF: &str = "Outside calls are turned off on this site (--no-outside-calls)";

/// The outside sources, as this site calls them.
pub struct Scholarly {
    http: Client,
    config: OutsideConfig,
    site_url: String,
    /// Where the owner account's e-mail is read, the contact when none is configured (read at
    /// each call: the owner may sign up after the start).
    db: Option<DatabaseConnection>,
}

/// Who is calling: the User-Agent, and the contact for the polite pools' `mailto=`.
struct Caller {
    user_agent: String,
    contact: Option<String>,
}

/// What a DOI lookup found, for the admin's form or the command line.
#[derive(Clone, Debug, Serialize, TS)]
pub struct DoiRecord {
    pub publication: Mapped,
    /// The BibTeX its agency gives (doi.org content negotiation), when it gives one.
    pub bibtex: Option<String>,
    /// "Crossref", or "doi.org" for the other agencies.
    pub source: String,
}

/// A paper's count at one source.
#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    pub count: i64,
    pub by_year: Option<Vec<YearCount>>,
}

impl Scholarly {
    /// The sources for `site_url`, the owner's contact for the User-Agent being the configured
    /// one, else the owner account's e-mail in `db`. `None` with `--no-outside-calls`.
    pub fn for_site(config: &OutsideConfig, db: &DatabaseConnection, site_url: &str) -> anyhow::Result<Option<Self>> {
        if config.no_outside_calls {
            return Ok(None);
        }
        Ok(Some(Self::new(config, site_url, Some(db.clone()))?))
    }

    pub fn new(config: &OutsideConfig, site_url: &str, db: Option<DatabaseConnection>) -> anyhow::Result<Self> {
        Ok(Self { http: Client::new()?, config: config.clone(), site_url: site_url.to_owned(), db })
    }

    async fn caller(&self) -> Caller {
        let contact = match (&self.config.contact_email, &self.db) {
            (Some(email), _) => Some(email.clone()),
            (None, Some(db)) => {
                use crate::auth::users;
                let owner = users::Entity::find().order_by_asc(users::Column::CreatedAt).one(db).await;
                owner.ok().flatten().map(|user| user.email)
            }
            (None, None) => None,
        };
        Caller { user_agent: user_agent(&self.site_url, contact.as_deref()), contact }
    }

    fn base(&self, source: Source) -> &str {
        let base = match source {
            Source::Crossref => &self.config.crossref_base,
            Source::Doi => &self.config.doi_base,
            Source::Orcid => &self.config.orcid_base,
            Source::OpenAlex => &self.config.openalex_base,
        };
        base.trim_end_matches('/')
    }

    /// The OpenAlex key: `--openalex-key`, else the one in the settings.
    pub fn openalex_key(&self, from_settings: &str) -> Option<String> {
        self.config.openalex_key.clone().or_else(|| Some(from_settings.trim().to_owned())).filter(|key| !key.is_empty())
    }

    /// The metadata of `doi` (already checked by `rules::validate::doi`): Crossref's, else
    /// the CSL-JSON of DOI content negotiation, with the agency's BibTeX when it has one.
    pub async fn lookup_doi(&self, doi: &str) -> Result<DoiRecord, AppError> {
        self.lookup(doi, true).await
    }

    /// Like `lookup_doi` for a DOI Crossref said it does not know (a batch call left it out):
    /// DOI content negotiation only.
    pub async fn lookup_doi_elsewhere(&self, doi: &str) -> Result<DoiRecord, AppError> {
        self.lookup(doi, false).await
    }

    async fn lookup(&self, doi: &str, ask_crossref: bool) -> Result<DoiRecord, AppError> {
        let caller = self.caller().await;
        let path = http::path_segment(doi);
        let crossref = format!("{}/works/{path}{}", self.base(Source::Crossref), mailto(&caller, '?'));
        let from_crossref = match ask_crossref {
            true => self.http.get(Source::Crossref, &crossref, "application/json", &caller.user_agent).await.map_err(outside)?,
            false => None,
        };
        let (work, source) = match from_crossref {
            Some(body) => (json::<Value>(Source::Crossref, &body)?.get("message").cloned().unwrap_or(Value::Null), Source::Crossref),
            None => {
                let url = format!("{}/{path}", self.base(Source::Doi));
                match self
                    .http
                    .get(Source::Doi, &url, "application/vnd.citationstyles.csl+json", &caller.user_agent)
                    .await
                    .map_err(outside)?
                {
                    Some(body) => (json::<Value>(Source::Doi, &body)?, Source::Doi),
                    None => return Err(AppError::NotFound(NOT_FOUND.to_owned())),
                }
            }
        };
        if !work.is_object() {
            return Err(outside(Failure::Malformed(source, "no work in the answer".to_owned())));
        }
        let mut publication = work::map(&work);
        publication.doi.get_or_insert_with(|| doi.to_owned());
        Ok(DoiRecord { publication, bibtex: self.bibtex(doi, &caller).await, source: source.name().to_owned() })
    }

    /// The agency's BibTeX for `doi`, if it gives one; a failure only means none is kept.
    async fn bibtex(&self, doi: &str, caller: &Caller) -> Option<String> {
        let url = format!("{}/{}", self.base(Source::Doi), http::path_segment(doi));
        match self.http.get(Source::Doi, &url, "application/x-bibtex", &caller.user_agent).await {
            Ok(Some(body)) => String::from_utf8(body).ok().map(|text| text.trim().to_owned()).filter(|text| text.starts_with('@')),
            Ok(None) => None,
            Err(failure) => {
                tracing::info!(doi, error = %failure, "no BibTeX from DOI content negotiation");
                None
            }
        }
    }

    /// Crossref's works for `dois`, a batch at a time: each found DOI's work (DOIs lower-case).
    pub async fn crossref_works(&self, dois: &[String]) -> Result<HashMap<String, Value>, Failure> {
        let caller = self.caller().await;
        let mut found = HashMap::new();
        for batch in dois.chunks(CROSSREF_BATCH) {
            // A comma would end the DOI in Crossref's filter: such DOIs are left out.
            let batch: Vec<&String> = batch.iter().filter(|doi| !doi.contains(',')).collect();
            if batch.is_empty() {
                continue;
            }
            let filter = batch.iter().map(|doi| format!("doi:{doi}")).collect::<Vec<_>>().join(",");
            let url = format!(
                "{}/works?filter={}&rows={}{}",
                self.base(Source::Crossref),
                http::query_value(&filter),
                batch.len(),
                mailto(&caller, '&')
            );
            let body = self.http.get(Source::Crossref, &url, "application/json", &caller.user_agent).await?.unwrap_or_default();
            let list: Value = json_failure(Source::Crossref, &body)?;
            let items = list.pointer("/message/items").and_then(Value::as_array).ok_or_else(|| malformed(Source::Crossref, "no items"))?;
            for item in items {
                if let Some(doi) = item.get("DOI").and_then(Value::as_str) {
                    found.insert(doi.to_lowercase(), item.clone());
                }
            }
        }
        Ok(found)
    }

    /// Crossref's `is-referenced-by-count` of each found DOI.
    pub async fn crossref_counts(&self, dois: &[String]) -> Result<HashMap<String, Count>, Failure> {
        let works = self.crossref_works(dois).await?;
        Ok(works
            .into_iter()
            .filter_map(|(doi, work)| Some((doi, Count { count: work.get("is-referenced-by-count")?.as_i64()?, by_year: None })))
            .collect())
    }

    /// OpenAlex's `cited_by_count` and `counts_by_year` of each found DOI.
    pub async fn openalex_counts(&self, dois: &[String], key: &str) -> Result<HashMap<String, Count>, Failure> {
        let caller = self.caller().await;
        let mut found = HashMap::new();
        for batch in dois.chunks(OPENALEX_BATCH) {
            // `|` separates the values of OpenAlex's filter.
            let batch: Vec<&String> = batch.iter().filter(|doi| !doi.contains('|')).collect();
            if batch.is_empty() {
                continue;
            }
            let filter = format!("doi:{}", batch.iter().map(|d| d.as_str()).collect::<Vec<_>>().join("|"));
            let url = format!(
                "{}/works?filter={}&per-page={}&select=doi,cited_by_count,counts_by_year&api_key={}{}",
                self.base(Source::OpenAlex),
                http::query_value(&filter),
                batch.len(),
                http::query_value(key),
                mailto(&caller, '&')
            );
            let body = self.http.get(Source::OpenAlex, &url, "application/json", &caller.user_agent).await?.unwrap_or_default();
            let list: Value = json_failure(Source::OpenAlex, &body)?;
            let results = list.get("results").and_then(Value::as_array).ok_or_else(|| malformed(Source::OpenAlex, "no results"))?;
            for work in results {
                let Some(doi) = work.get("doi").and_then(Value::as_str) else { continue };
                let doi = doi.trim_start_matches("https://doi.org/").to_lowercase();
                let Some(count) = work.get("cited_by_count").and_then(Value::as_i64) else { continue };
                let by_year = work.get("counts_by_year").and_then(Value::as_array).map(|years| {
                    let mut years: Vec<YearCount> = years
                        .iter()
                        .filter_map(|y| {
                            Some(YearCount { year: y.get("year")?.as_i64()? as i32, count: y.get("cited_by_count")?.as_i64()? })
                        })
                        .collect();
                    years.sort_by_key(|y| y.year);
                    years
                });
                found.insert(doi, Count { count, by_year });
            }
        }
        Ok(found)
    }

    /// `GET /v3.0/{id}/works` of ORCID: `None` when ORCID has no record of that iD.
    pub async fn orcid_works(&self, orcid_id: &str) -> Result<Option<Value>, Failure> {
        let caller = self.caller().await;
        let url = format!("{}/v3.0/{orcid_id}/works", self.base(Source::Orcid));
        match self.http.get(Source::Orcid, &url, "application/json", &caller.user_agent).await? {
            Some(body) => json_failure(Source::Orcid, &body).map(Some),
            None => Ok(None),
        }
    }
}

/// `Vita/0.1.0 (+https://site.example; mailto:owner@example.org)`: who is calling and whom
/// to write to, as Crossref's and OpenAlex's etiquette asks.
pub fn user_agent(site_url: &str, contact: Option<&str>) -> String {
    let version = env!("CARGO_PKG_VERSION");
    match contact {
        Some(contact) => format!("Vita/{version} (+{site_url}; mailto:{contact})"),
        None => format!("Vita/{version} (+{site_url})"),
    }
}

/// `mailto=` for the polite pools (the User-Agent says it too), after `separator`.
fn mailto(caller: &Caller, separator: char) -> String {
    match &caller.contact {
        Some(contact) => format!("{separator}mailto={}", http::query_value(contact)),
        None => String::new(),
    }
}

/// A failed call as the owner's lookup answers it: 502 with the source's name and what went wrong.
pub fn outside(failure: Failure) -> AppError {
    AppError::OutsideSource(format!("{failure}: try again later, or fill the form by hand"))
}

fn malformed(source: Source, what: &str) -> Failure {
    Failure::Malformed(source, what.to_owned())
}

fn json_failure<T: serde::de::DeserializeOwned>(source: Source, body: &[u8]) -> Result<T, Failure> {
    serde_json::from_slice(body).map_err(|e| Failure::Malformed(source, format!("not JSON ({e})")))
}

fn json<T: serde::de::DeserializeOwned>(source: Source, body: &[u8]) -> Result<T, AppError> {
    json_failure(source, body).map_err(outside)
}
