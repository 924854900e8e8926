//! A local fake of the outside scholarly sources (Crossref, doi.org, ORCID, OpenAlex), serving
//! the real recorded responses of `../shared/fixtures/apis/` (listed in its `index.json`) on
//! 127.0.0.1. Each source lives under its host's name as a path prefix
//! (`http://127.0.0.1:PORT/api.crossref.org/works/…`), and recorded `Location` headers are
//! rewritten to the fake, so doi.org's redirects lead back here.
//!
//! Where no recording exists, the answer is shaped from the APIs' documentation and the
//! recordings themselves, and said so below:
//! - Crossref `GET /works?filter=doi:A,doi:B&rows=N` (a list, documented at
//!   api.crossref.org/swagger-ui): the recorded `/works/{doi}` messages as its `items`;
//! - OpenAlex `GET /works?filter=doi:A|B` (documented OR filter): the recorded
//!   `/works/https://doi.org/{doi}` works as its `results`;
//! - doi.org with `Accept: application/vnd.citationstyles.csl+json` (none recorded): for a
//!   Crossref DOI, a 302 to Crossref's recorded CSL-JSON transform (what doi.org does for
//!   Crossref DOIs, as its recorded BibTeX redirects show); for a DataCite DOI, a 302 to
//!   data.crosscite.org, which answers CSL-JSON made from the recorded DataCite record
//!   (field names as in the CSL-JSON schema and DataCite's content negotiation docs);
//! - ORCID `/v3.0/{id}/works` of an iD without a recording: the recorded ORCID 404.
//!
//! A source can be told to misbehave: hang, answer 429 with `Retry-After`, 500, truncated
//! JSON or more than 10 MB; `FakeApis::down` gives addresses where nothing listens.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use vita::ops::config::OutsideConfig;

pub const CROSSREF: &str = "api.crossref.org";
pub const DOI: &str = "doi.org";
pub const ORCID: &str = "pub.orcid.org";
pub const OPENALEX: &str = "api.openalex.org";
const CROSSCITE: &str = "data.crosscite.org";

/// How a source answers.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    /// As recorded.
    Normal,
    /// Never answers (the client's timeout).
    Hang,
    /// 429 with `Retry-After: 1` for this many requests, then as recorded.
    RateLimited(u32),
    /// 500.
    ServerError,
    /// The first half of the recorded body, with status 200.
    Truncated,
    /// 200 and 11 MB of JSON, streamed without a length.
    Huge,
}

/// A request the fake received.
#[derive(Clone, Debug)]
pub struct Seen {
    pub host: String,
    pub path_and_query: String,
    pub accept: String,
    pub user_agent: String,
    /// When it came (the benchmark counts requests per second).
    pub at: std::time::Instant,
}

struct Recording {
    status: u16,
    content_type: Option<String>,
    location: Option<String>,
    file: String,
    accept: Option<String>,
}

struct Fake {
    base: String,
    /// (host, lower-cased decoded path and query without `mailto`/`api_key`) → recordings.
    recordings: HashMap<(String, String), Vec<Recording>>,
    modes: Mutex<HashMap<String, Mode>>,
    seen: Mutex<Vec<Seen>>,
    /// Answers a test set for a path (host, path).
    overrides: Mutex<HashMap<(String, String), Canned>>,
}

/// A status and a JSON body a test wants served.
struct Canned {
    status: u16,
    body: Vec<u8>,
}

pub struct FakeApis {
    pub base: String,
    fake: Arc<Fake>,
    server: tokio::task::JoinHandle<()>,
}

pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/apis")
}

impl FakeApis {
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let index: Value =
            serde_json::from_slice(&std::fs::read(fixtures_dir().join("index.json")).expect("the recorded responses")).unwrap();
        let mut recordings: HashMap<(String, String), Vec<Recording>> = HashMap::new();
        for entry in index["responses"].as_array().unwrap() {
            let url = reqwest::Url::parse(entry["url"].as_str().unwrap()).unwrap();
            // The recorded http→https redirects would send the client back to the same path here.
            if url.scheme() == "http" {
                continue;
            }
            let host = url.host_str().unwrap().to_owned();
            let key = (host, normalise(url.path(), url.query()));
            recordings.entry(key).or_default().push(Recording {
                status: entry["status"].as_u64().unwrap() as u16,
                content_type: entry["content_type"].as_str().map(str::to_owned),
                location: entry["location"].as_str().map(str::to_owned),
                file: entry["file"].as_str().unwrap().to_owned(),
                accept: entry["accept"].as_str().map(str::to_owned),
            });
        }
        let fake = Arc::new(Fake {
            base: base.clone(),
            recordings,
            modes: Mutex::new(HashMap::new()),
            seen: Mutex::new(Vec::new()),
            overrides: Mutex::new(HashMap::new()),
        });
        let app = axum::Router::new().fallback(answer).with_state(fake.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Self { base, fake, server }
    }

    /// The settings that point Vita at this fake.
    pub fn config(&self) -> OutsideConfig {
        OutsideConfig {
            doi_base: format!("{}/{DOI}", self.base),
            crossref_base: format!("{}/{CROSSREF}", self.base),
            orcid_base: format!("{}/{ORCID}", self.base),
            openalex_base: format!("{}/{OPENALEX}", self.base),
            contact_email: None,
            openalex_key: None,
            no_outside_calls: false,
            jitter: Duration::ZERO,
        }
    }

    /// The environment that points the `vita` binary at this fake.
    pub fn environment(&self) -> Vec<(&'static str, String)> {
        let config = self.config();
        vec![
            ("VITA_DOI_BASE", config.doi_base),
            ("VITA_CROSSREF_BASE", config.crossref_base),
            ("VITA_ORCID_BASE", config.orcid_base),
            ("VITA_OPENALEX_BASE", config.openalex_base),
        ]
    }

    /// Addresses where nothing listens: every source is down.
    pub fn down() -> OutsideConfig {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let base = format!("http://127.0.0.1:{port}");
        OutsideConfig {
            doi_base: format!("{base}/{DOI}"),
            crossref_base: format!("{base}/{CROSSREF}"),
            orcid_base: format!("{base}/{ORCID}"),
            openalex_base: format!("{base}/{OPENALEX}"),
            ..OutsideConfig::public_sources()
        }
    }

    pub fn set_mode(&self, host: &str, mode: Mode) {
        self.fake.modes.lock().unwrap().insert(host.to_owned(), mode);
    }

    /// Serves `body` with `status` for `path` of `host`, whatever was recorded.
    pub fn answer(&self, host: &str, path: &str, status: u16, body: Vec<u8>) {
        self.fake.overrides.lock().unwrap().insert((host.to_owned(), path.to_lowercase()), Canned { status, body });
    }

    /// The requests `host` received so far.
    pub fn seen(&self, host: &str) -> Vec<Seen> {
        self.fake.seen.lock().unwrap().iter().filter(|s| s.host == host).cloned().collect()
    }
}

impl Drop for FakeApis {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// What a request or a recording is matched on: the percent-decoded path and query,
/// lower-cased (DOIs are case-insensitive), without the caller's `mailto` and `api_key`.
fn normalise(path: &str, query: Option<&str>) -> String {
    let query: Vec<String> = query
        .unwrap_or("")
        .split('&')
        .filter(|pair| !pair.is_empty() && !pair.starts_with("mailto=") && !pair.starts_with("api_key="))
        .map(decode)
        .collect();
    let path = decode(path);
    let joined = if query.is_empty() { path } else { format!("{path}?{}", query.join("&")) };
    joined.to_lowercase()
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(byte) = u8::from_str_radix(&text[i + 1..i + 3], 16)
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn media(accept: &str) -> String {
    accept.split(';').next().unwrap_or("").trim().to_ascii_lowercase()
}

async fn answer(State(fake): State<Arc<Fake>>, request: Request) -> Response {
    let path = request.uri().path().to_owned();
    let query = request.uri().query().map(str::to_owned);
    let (host, rest) = path
        .trim_start_matches('/')
        .split_once('/')
        .map_or((path.trim_start_matches('/').to_owned(), String::new()), |(h, r)| (h.to_owned(), format!("/{r}")));
    let header_text =
        |headers: &HeaderMap, name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    let accept = header_text(request.headers(), header::ACCEPT);
    fake.seen.lock().unwrap().push(Seen {
        host: host.clone(),
        path_and_query: match &query {
            Some(q) => format!("{rest}?{q}"),
            None => rest.clone(),
        },
        accept: accept.clone(),
        user_agent: header_text(request.headers(), header::USER_AGENT),
        at: std::time::Instant::now(),
    });
    let mode = {
        let mut modes = fake.modes.lock().unwrap();
        let mode = modes.get(&host).cloned().unwrap_or(Mode::Normal);
        if let Mode::RateLimited(left) = mode {
            modes.insert(host.clone(), if left > 1 { Mode::RateLimited(left - 1) } else { Mode::Normal });
        }
        mode
    };
    match mode {
        Mode::Hang => {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            return StatusCode::GATEWAY_TIMEOUT.into_response();
        }
        Mode::RateLimited(_) => {
            return (StatusCode::TOO_MANY_REQUESTS, [(header::RETRY_AFTER, "1")], "Too many requests").into_response();
        }
        Mode::ServerError => return (StatusCode::INTERNAL_SERVER_ERROR, "Internal Server Error").into_response(),
        Mode::Huge => {
            // 11 MB of spaces (valid JSON whitespace), no Content-Length: the client must count
            // as it reads.
            use tokio::io::AsyncReadExt;
            let stream = tokio_util::io::ReaderStream::new(tokio::io::repeat(b' ').take(11 * 1024 * 1024));
            return Response::builder().header(header::CONTENT_TYPE, "application/json").body(Body::from_stream(stream)).unwrap();
        }
        Mode::Normal | Mode::Truncated => {}
    }
    let (status, content_type, location, body) = recorded(&fake, &host, &rest, query.as_deref(), &accept);
    let body = if mode == Mode::Truncated && status == 200 { body[..body.len() / 2].to_vec() } else { body };
    let mut response = Response::builder().status(status);
    if let Some(content_type) = content_type {
        response = response.header(header::CONTENT_TYPE, content_type);
    }
    if let Some(location) = location {
        response = response.header(header::LOCATION, HeaderValue::from_str(&location).unwrap());
    }
    response.body(Body::from(body)).unwrap()
}

/// The recorded (or shaped) answer: status, content type, location, body.
fn recorded(fake: &Fake, host: &str, path: &str, query: Option<&str>, accept: &str) -> (u16, Option<String>, Option<String>, Vec<u8>) {
    if let Some(canned) = fake.overrides.lock().unwrap().get(&(host.to_owned(), path.to_lowercase())) {
        return (canned.status, Some("application/json".to_owned()), None, canned.body.clone());
    }
    let key = (host.to_owned(), normalise(path, query));
    let wanted = media(accept);
    if let Some(candidates) = fake.recordings.get(&key) {
        let exact = candidates.iter().find(|r| r.accept.as_deref().map(media).as_deref() == Some(wanted.as_str()));
        let any = candidates.iter().find(|r| matches!(r.accept.as_deref(), None | Some("*/*")));
        // ORCID was recorded with its own JSON type or plain JSON: either answers JSON.
        let json = candidates.iter().find(|r| wanted == "application/json" && r.accept.as_deref().is_some_and(|a| a.contains("json")));
        if let Some(recording) = exact.or(any).or(json) {
            return serve(fake, recording);
        }
    }
    let json = |value: Value| (200, Some("application/json".to_owned()), None, serde_json::to_vec(&value).unwrap());
    let decoded_query = query.map(decode).unwrap_or_default();
    match host {
        CROSSREF if path == "/works" && decoded_query.starts_with("filter=doi:") => {
            let dois = filter_values(&decoded_query, "filter=", ',').into_iter().map(|v| v.trim_start_matches("doi:").to_owned());
            let items: Vec<Value> =
                dois.filter_map(|doi| recorded_json(fake, CROSSREF, &format!("/works/{doi}"))).map(|w| w["message"].clone()).collect();
            json(json!({"status": "ok", "message-type": "work-list", "message-version": "1.0.0",
                "message": {"facets": {}, "total-results": items.len(), "items": items, "items-per-page": items.len()}}))
        }
        OPENALEX if path == "/works" && decoded_query.starts_with("filter=doi:") => {
            let filter = filter_values(&decoded_query, "filter=", ',').into_iter().next().unwrap_or_default();
            let results: Vec<Value> = filter
                .trim_start_matches("doi:")
                .split('|')
                .filter_map(|doi| recorded_json(fake, OPENALEX, &format!("/works/https://doi.org/{doi}")))
                .collect();
            json(
                json!({"meta": {"count": results.len(), "db_response_time_ms": 1, "page": 1, "per_page": results.len(), "groups_count": null},
                "results": results, "group_by": []}),
            )
        }
        DOI if wanted == "application/vnd.citationstyles.csl+json" => {
            let doi = decode(path.trim_start_matches('/')).to_lowercase();
            if recorded_json(fake, CROSSREF, &format!("/works/{doi}/transform/application/vnd.citationstyles.csl+json")).is_some() {
                let location = format!("{}/{CROSSREF}/works/{doi}/transform/application/vnd.citationstyles.csl+json", fake.base);
                return (
                    302,
                    Some("text/html".to_owned()),
                    Some(location),
                    b"<html><head><title>Handle Redirect</title></head></html>".to_vec(),
                );
            }
            if datacite(fake, &doi).is_some() {
                let location = format!("{}/{CROSSCITE}/{doi}", fake.base);
                return (
                    302,
                    Some("text/html".to_owned()),
                    Some(location),
                    b"<html><head><title>Handle Redirect</title></head></html>".to_vec(),
                );
            }
            not_found(fake, DOI, "/10.1126/foo")
        }
        CROSSCITE => match datacite(fake, &decode(path.trim_start_matches('/')).to_lowercase()) {
            Some(csl) => (200, Some("application/vnd.citationstyles.csl+json".to_owned()), None, serde_json::to_vec(&csl).unwrap()),
            None => (404, Some("text/plain".to_owned()), None, b"The resource you are looking for doesn't exist.".to_vec()),
        },
        DOI => not_found(fake, DOI, "/10.1126/foo"),
        ORCID => not_found(fake, ORCID, "/v3.0/asfaf/person"),
        OPENALEX => (
            404,
            Some("application/json".to_owned()),
            None,
            br#"{"error":"Not Found","message":"The requested URL was not found."}"#.to_vec(),
        ),
        _ => not_found(fake, CROSSREF, "/works/10.1371/notarealdoi"),
    }
}

fn filter_values(query: &str, prefix: &str, separator: char) -> Vec<String> {
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix(prefix))
        .map(|value| value.split(separator).map(str::to_owned).collect())
        .unwrap_or_default()
}

fn serve(fake: &Fake, recording: &Recording) -> (u16, Option<String>, Option<String>, Vec<u8>) {
    let body = std::fs::read(fixtures_dir().join(&recording.file)).unwrap();
    // The recorded redirects point at the real hosts: send the client back here instead.
    let location = recording.location.as_deref().map(|location| {
        let url = reqwest::Url::parse(location).unwrap();
        let query = url.query().map(|q| format!("?{q}")).unwrap_or_default();
        format!("{}/{}{}{query}", fake.base, url.host_str().unwrap(), url.path())
    });
    let content_type = recording.content_type.clone().or_else(|| recording.file.ends_with(".json").then(|| "application/json".to_owned()));
    (recording.status, content_type, location, body)
}

/// A recorded 404 of `host`, its body as recorded.
fn not_found(fake: &Fake, host: &str, path: &str) -> (u16, Option<String>, Option<String>, Vec<u8>) {
    let recording = &fake.recordings[&(host.to_owned(), normalise(path, None))][0];
    serve(fake, recording)
}

fn recorded_json(fake: &Fake, host: &str, path: &str) -> Option<Value> {
    let recording = fake.recordings.get(&(host.to_owned(), normalise(path, None)))?.iter().find(|r| r.status == 200)?;
    serde_json::from_slice(&std::fs::read(fixtures_dir().join(&recording.file)).ok()?).ok()
}

/// CSL-JSON for a DataCite DOI, made from its recorded DataCite record (no recording of
/// DataCite's own CSL-JSON exists): the CSL-JSON schema's names, DataCite's values.
fn datacite(fake: &Fake, doi: &str) -> Option<Value> {
    let record = recorded_json(fake, "api.datacite.org", &format!("/dois/{doi}?include=media,client"))?;
    let a = &record["data"]["attributes"];
    let authors: Vec<Value> = a["creators"]
        .as_array()?
        .iter()
        .map(|c| match (c["givenName"].as_str(), c["familyName"].as_str()) {
            (Some(given), Some(family)) => json!({"given": given, "family": family}),
            _ => json!({"literal": c["name"]}),
        })
        .collect();
    Some(json!({
        "type": a["types"]["citeproc"],
        "id": format!("https://doi.org/{doi}"),
        "DOI": a["doi"],
        "URL": a["url"],
        "title": a["titles"][0]["title"],
        "author": authors,
        "publisher": a["publisher"],
        "container-title": a["publisher"],
        "issued": {"date-parts": [[a["publicationYear"]]]},
        "abstract": a["descriptions"][0]["description"],
    }))
}
