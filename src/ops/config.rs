//! Every setting Vita reads, in one typed struct. Defaults live here in code; environment
//! variables override them and command-line flags override both (clap's `env` support).
//!
//! | flag | variable | default |
//! |---|---|---|
//! | `--listen` | `VITA_LISTEN` | `127.0.0.1:8080`; `0.0.0.0:80` with `--domain` |
//! | `--data-dir` | `VITA_DATA_DIR` | `./data` |
//! | `--database-url` | `DATABASE_URL` | SQLite file `vita.db` in the data folder |
//! | `--base-url` | `VITA_BASE_URL` | `https://<first domain>` with `--domain`, else `http://<listen address>` |
//! | `--domain` | `VITA_DOMAIN` | none: plain HTTP only (comma-separated names get one certificate) |
//! | `--https-listen` | `VITA_HTTPS_LISTEN` | `0.0.0.0:443` with `--domain` or `--tls-cert` |
//! | `--acme-directory` | `VITA_ACME_DIRECTORY` | Let's Encrypt production (`--acme-staging`: its staging) |
//! | `--acme-email` | `VITA_ACME_EMAIL` | none: an account without a contact |
//! | `--acme-challenge` | `VITA_ACME_CHALLENGE` | `http-01` when the CA offers it, else `tls-alpn-01` |
//! | `--acme-ca-root` | `VITA_ACME_CA_ROOT` | none: the system's roots for the directory's HTTPS |
//! | `--tls-cert`, `--tls-key` | `VITA_TLS_CERT`, `VITA_TLS_KEY` | none: your own PEM certificate and key, re-read on SIGHUP |
//! | `--render-workers` | `VITA_RENDER_WORKERS` | number of CPU cores |
//! | `--s3-bucket` | `VITA_S3_BUCKET` | none: files in `<data dir>/files` |
//! | `--trusted-proxies` | `VITA_TRUSTED_PROXIES` | none: `X-Forwarded-For` is ignored |
//! | `--header-timeout` | `VITA_HEADER_TIMEOUT` | `10` seconds to send a request's headers (also how long an idle kept-alive connection stays open) |
//! | `--body-timeout` | `VITA_BODY_TIMEOUT` | `30` seconds: the longest pause inside a request body (then 408) |
//! | `--max-connections` | `VITA_MAX_CONNECTIONS` | `1024` open connections; more wait until one closes |
//! | `--shutdown-timeout` | `VITA_SHUTDOWN_TIMEOUT` | `10` seconds for open requests after SIGTERM, then exit |
//! | `--doi-base` | `VITA_DOI_BASE` | `https://doi.org` (DOI content negotiation) |
//! | `--crossref-base` | `VITA_CROSSREF_BASE` | `https://api.crossref.org` |
//! | `--orcid-base` | `VITA_ORCID_BASE` | `https://pub.orcid.org` |
//! | `--openalex-base` | `VITA_OPENALEX_BASE` | `https://api.openalex.org` |
//! | `--contact-email` | `VITA_CONTACT_EMAIL` | the owner account's e-mail: the polite pools' contact |
//! | `--openalex-key` | `VITA_OPENALEX_KEY` | none: the key set in the admin's settings, else Crossref's counts only |
//! | `--no-outside-calls` | `VITA_NO_OUTSIDE_CALLS` | off: DOI lookups, ORCID and citation counts call the sources above |
//! | — | `RUST_LOG` | `info` |

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;
use clap::builder::BoolishValueParser;

/// The sitemap protocol's limit of addresses in one file (`Config::sitemap_max_urls`).
pub const SITEMAP_MAX_URLS: usize = 50_000;

/// How many filtered variants of a page the page cache keeps by default (`--page-cache-variants`).
pub const DEFAULT_PAGE_CACHE_VARIANTS: usize = 1000;

/// Where the data lives: shared by every command that touches the store.
#[derive(Args, Clone)]
pub struct StoreConfig {
    /// Folder for the SQLite database and uploaded files.
    #[arg(long, env = "VITA_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// `postgres://…` to use PostgreSQL instead of the SQLite file in the data folder.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,

    /// Keep uploaded files in this S3-compatible bucket instead of the data folder
    /// (credentials, region and endpoint from the standard `AWS_*` variables).
    #[arg(long, env = "VITA_S3_BUCKET")]
    pub s3_bucket: Option<String>,

    /// S3 settings applied over the `AWS_*` environment, as object_store's keys and values
    /// (`aws_endpoint`, `aws_access_key_id`…): how tests point one in-process app at their own
    /// S3 server, since a test cannot change the process's environment safely.
    #[arg(skip)]
    pub s3_settings: Vec<(String, String)>,
}

impl fmt::Debug for StoreConfig {
    // The database URL may carry a password: never print it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StoreConfig")
            .field("data_dir", &self.data_dir)
            .field("database_url", &self.database_url.as_ref().map(|_| "<redacted>"))
            .field("s3_bucket", &self.s3_bucket)
            .field("s3_settings", &self.s3_settings.iter().map(|(key, _)| key).collect::<Vec<_>>())
            .finish()
    }
}

/// Settings of `vita serve`.
#[derive(Args, Clone, Debug)]
pub struct Config {
    /// Address and port to listen on (port 0 picks a free port). Default 127.0.0.1:8080, or
    /// 0.0.0.0:80 with --domain (the port that redirects to HTTPS and answers HTTP-01).
    #[arg(long, env = "VITA_LISTEN")]
    pub listen: Option<SocketAddr>,

    /// Public address of the site, used for canonical links (defaults to the listen address).
    #[arg(long, env = "VITA_BASE_URL")]
    pub base_url: Option<String>,

    /// How many JavaScript engines render public pages in parallel (0 = one per CPU core).
    #[arg(long, env = "VITA_RENDER_WORKERS", default_value_t = 0)]
    pub render_workers: usize,

    /// Reverse proxies whose `X-Forwarded-For` names the client (comma-separated addresses or
    /// ranges, e.g. `127.0.0.1,10.0.0.0/8`). Without it the header is ignored, so a client
    /// cannot pick the address its sign-in failures are counted against.
    #[arg(long, env = "VITA_TRUSTED_PROXIES", value_delimiter = ',', value_parser = parse_proxy)]
    pub trusted_proxies: Vec<ipnet::IpNet>,

    #[command(flatten)]
    pub tls: TlsConfig,

    #[command(flatten)]
    pub limits: Limits,

    #[command(flatten)]
    pub store: StoreConfig,

    #[command(flatten)]
    pub outside: OutsideConfig,

    /// Addresses in one sitemap file before `/sitemap.xml` becomes an index of several: the
    /// protocol's 50,000, lowered only by tests.
    #[arg(skip = SITEMAP_MAX_URLS)]
    pub sitemap_max_urls: usize,
}

/// The outside scholarly sources (`crate::scholarly`): where they are, who is calling, and
/// whether Vita may call them at all. Shared by `vita serve`, `vita import doi|orcid` and
/// `vita citations refresh`.
#[derive(Args, Clone, Debug)]
pub struct OutsideConfig {
    /// DOI content negotiation (metadata of DOIs that Crossref does not know: DataCite, …).
    #[arg(long, env = "VITA_DOI_BASE", default_value = DOI_BASE)]
    pub doi_base: String,

    /// The Crossref REST API (metadata and citation counts of Crossref DOIs).
    #[arg(long, env = "VITA_CROSSREF_BASE", default_value = CROSSREF_BASE)]
    pub crossref_base: String,

    /// The ORCID public API (the owner's works).
    #[arg(long, env = "VITA_ORCID_BASE", default_value = ORCID_BASE)]
    pub orcid_base: String,

    /// The OpenAlex API (citation counts per year, with an API key).
    #[arg(long, env = "VITA_OPENALEX_BASE", default_value = OPENALEX_BASE)]
    pub openalex_base: String,

    /// The contact address sent in the User-Agent, as Crossref's and OpenAlex's polite pools
    /// ask (default: the owner account's e-mail).
    #[arg(long, env = "VITA_CONTACT_EMAIL")]
    pub contact_email: Option<String>,

    /// An OpenAlex API key; overrides the one set in the admin's settings.
    #[arg(long, env = "VITA_OPENALEX_KEY", hide_env_values = true)]
    pub openalex_key: Option<String>,

    /// Never call an outside source: no DOI lookup, no ORCID check, no citation refresh.
    #[arg(long, env = "VITA_NO_OUTSIDE_CALLS", value_parser = BoolishValueParser::new())]
    pub no_outside_calls: bool,

    /// The longest random wait before a daily job's first run after the start (so several
    /// instances and sites do not all call at the same minute); tests set zero.
    #[arg(skip = std::time::Duration::from_secs(600))]
    pub jitter: std::time::Duration,
}

pub const DOI_BASE: &str = "https://doi.org";
pub const CROSSREF_BASE: &str = "https://api.crossref.org";
pub const ORCID_BASE: &str = "https://pub.orcid.org";
pub const OPENALEX_BASE: &str = "https://api.openalex.org";

impl OutsideConfig {
    /// The public sources, as in production; tests point the bases at their fake.
    pub fn public_sources() -> Self {
        Self {
            doi_base: DOI_BASE.to_owned(),
            crossref_base: CROSSREF_BASE.to_owned(),
            orcid_base: ORCID_BASE.to_owned(),
            openalex_base: OPENALEX_BASE.to_owned(),
            contact_email: None,
            openalex_key: None,
            no_outside_calls: false,
            jitter: std::time::Duration::from_secs(600),
        }
    }
}

/// HTTPS: a certificate from an ACME CA for `--domain`, or the owner's own files.
#[derive(Args, Clone, Debug, Default)]
pub struct TlsConfig {
    /// Serve HTTPS for this DNS name with a certificate Vita gets and renews itself (repeat, or
    /// comma-separate, for more names on one certificate; the first is the canonical one).
    #[arg(long = "domain", env = "VITA_DOMAIN", value_delimiter = ',', value_parser = parse_domain)]
    pub domains: Vec<String>,

    /// Address and port of the HTTPS listener (default 0.0.0.0:443).
    #[arg(long, env = "VITA_HTTPS_LISTEN")]
    pub https_listen: Option<SocketAddr>,

    /// The ACME directory the certificate is ordered from.
    #[arg(long, env = "VITA_ACME_DIRECTORY", default_value = LETS_ENCRYPT, conflicts_with = "acme_staging")]
    pub acme_directory: String,

    /// Use Let's Encrypt's staging directory (untrusted certificates, generous rate limits).
    #[arg(long, env = "VITA_ACME_STAGING", value_parser = BoolishValueParser::new())]
    pub acme_staging: bool,

    /// Contact address of the ACME account (expiry warnings from the CA go there).
    #[arg(long, env = "VITA_ACME_EMAIL")]
    pub acme_email: Option<String>,

    /// The challenge to answer when the CA offers both: `http-01` (on the --listen port) or
    /// `tls-alpn-01` (on the --https-listen port, for hosts whose port 80 is closed).
    #[arg(long, env = "VITA_ACME_CHALLENGE", default_value = "http-01", value_parser = ["http-01", "tls-alpn-01"])]
    pub acme_challenge: String,

    /// A PEM root certificate to trust for the ACME directory's own HTTPS (a private CA).
    #[arg(long, env = "VITA_ACME_CA_ROOT")]
    pub acme_ca_root: Option<PathBuf>,

    /// Your own certificate chain (PEM) instead of ACME; re-read with the key on SIGHUP.
    #[arg(long, env = "VITA_TLS_CERT", requires = "tls_key", conflicts_with = "domains")]
    pub tls_cert: Option<PathBuf>,

    /// The private key (PEM) of --tls-cert.
    #[arg(long, env = "VITA_TLS_KEY", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
}

pub const LETS_ENCRYPT: &str = "https://acme-v02.api.letsencrypt.org/directory";
pub const LETS_ENCRYPT_STAGING: &str = "https://acme-staging-v02.api.letsencrypt.org/directory";

impl TlsConfig {
    /// Whether Vita serves HTTPS itself.
    pub fn enabled(&self) -> bool {
        !self.domains.is_empty() || self.tls_cert.is_some()
    }

    pub fn directory(&self) -> &str {
        if self.acme_staging { LETS_ENCRYPT_STAGING } else { &self.acme_directory }
    }

    pub fn https_address(&self) -> SocketAddr {
        self.https_listen.unwrap_or_else(|| SocketAddr::from(([0, 0, 0, 0], 443)))
    }
}

/// A DNS name a public CA can certify: letters, digits and hyphens in dot-separated labels,
/// at least two labels, not an IP address (ACME's HTTP-01 and TLS-ALPN-01 validate names).
fn parse_domain(value: &str) -> Result<String, String> {
    let name = value.trim().trim_end_matches('.').to_ascii_lowercase();
    if name.parse::<std::net::IpAddr>().is_ok() || name.trim_matches(['[', ']']).parse::<std::net::Ipv6Addr>().is_ok() {
        return Err(format!("{value:?} is an IP address: --domain needs a DNS name that points at this server"));
    }
    let label_ok = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    let labels: Vec<&str> = name.split('.').collect();
    if name.len() > 253
        || labels.len() < 2
        || !labels.iter().all(|l| label_ok(l))
        || labels.last().is_some_and(|tld| tld.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(format!(
            "{value:?} is not a DNS name such as www.example.org (letters, digits and hyphens in labels separated by dots)"
        ));
    }
    Ok(name)
}

/// How long a client may take and how many may be connected: a slow or stuck client must not
/// hold a connection, a worker or the shutdown forever.
#[derive(Args, Clone, Debug)]
pub struct Limits {
    /// Seconds a client has to send a request's headers, counted from the connection's start
    /// or the previous response (so also how long an idle kept-alive connection stays open).
    #[arg(long = "header-timeout", env = "VITA_HEADER_TIMEOUT", default_value_t = Limits::default().header_timeout_secs, value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout_secs: u64,

    /// Seconds a request body may pause before the request is answered 408 and the
    /// connection closed (a slow upload that keeps sending is not cut off).
    #[arg(long = "body-timeout", env = "VITA_BODY_TIMEOUT", default_value_t = Limits::default().body_timeout_secs, value_parser = clap::value_parser!(u64).range(1..))]
    pub body_timeout_secs: u64,

    /// Connections served at once; further ones wait in the listen queue until one closes.
    #[arg(long, env = "VITA_MAX_CONNECTIONS", default_value_t = Limits::default().max_connections, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,

    /// Seconds open requests get to finish after SIGTERM or Ctrl-C; then the server exits
    /// whatever its clients are doing.
    #[arg(long = "shutdown-timeout", env = "VITA_SHUTDOWN_TIMEOUT", default_value_t = Limits::default().shutdown_timeout_secs)]
    pub shutdown_timeout_secs: u64,

    /// Filtered variants of /publications (`?q=`, `?tag=`, …) the page cache keeps at most;
    /// further ones are rendered for their request and not kept, so crawlers trying made-up
    /// searches cannot grow the memory.
    #[arg(long, env = "VITA_PAGE_CACHE_VARIANTS", default_value_t = Limits::default().page_cache_variants)]
    pub page_cache_variants: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            header_timeout_secs: 10,
            body_timeout_secs: 30,
            max_connections: 1024,
            shutdown_timeout_secs: 10,
            page_cache_variants: DEFAULT_PAGE_CACHE_VARIANTS,
        }
    }
}

impl Limits {
    pub fn header_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.header_timeout_secs)
    }

    pub fn body_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.body_timeout_secs)
    }

    pub fn shutdown_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.shutdown_timeout_secs)
    }
}

/// An address range (`10.0.0.0/8`) or a single address (`127.0.0.1`).
fn parse_proxy(value: &str) -> Result<ipnet::IpNet, String> {
    let value = value.trim();
    value
        .parse::<ipnet::IpNet>()
        .or_else(|_| value.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("{value:?} is not an IP address or range"))
}

impl Config {
    /// The plain-HTTP listener's address: given, or the default for the mode.
    pub fn listen_address(&self) -> SocketAddr {
        self.listen.unwrap_or_else(|| {
            if self.tls.domains.is_empty() { SocketAddr::from(([127, 0, 0, 1], 8080)) } else { SocketAddr::from(([0, 0, 0, 0], 80)) }
        })
    }

    /// Render workers to start: the configured number, or one per core.
    pub fn render_worker_count(&self) -> usize {
        match self.render_workers {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }
}
