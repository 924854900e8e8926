//! HTTPS served by Vita itself (issue 26): with `--domain`, a certificate ordered from an
//! ACME CA and kept in the database (`acme`, `store`); with `--tls-cert`/`--tls-key`, the
//! owner's own files, re-read on SIGHUP. The plain-HTTP port then answers ACME's HTTP-01
//! challenge and redirects everything else to HTTPS.
//!
//! One rustls configuration serves both: its certificate resolver hands out the current
//! certificate, or, to a CA validating TLS-ALPN-01 (ALPN `acme-tls/1`), the challenge's.

pub mod acme;
mod store;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use anyhow::Context;
use axum::Router;
use axum::extract::{Path as UrlPath, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rustls::ServerConfig;
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use sea_orm::DatabaseConnection;

use crate::ops::config::TlsConfig;
use crate::store::changes::Changes;

/// The ALPN protocol of TLS-ALPN-01 (RFC 8737).
pub const ACME_TLS_ALPN: &[u8] = b"acme-tls/1";

/// aws-lc-rs, named rather than left to rustls's process-wide default: more than one crypto
/// backend is compiled in (other crates pull in ring), and then rustls would refuse to guess.
pub fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::aws_lc_rs::default_provider())
}

/// HTTPS as configured: what the HTTPS listener hands its connections to, and what the
/// plain-HTTP listener answers instead of the site.
pub struct Tls {
    config: Arc<ServerConfig>,
    resolver: Arc<Resolver>,
    plain: Plain,
    own_files: Option<(PathBuf, PathBuf)>,
    acme: Option<acme::Acme>,
    /// The site's host name: the first `--domain`, else the first name the owner's certificate
    /// is for (`--tls-cert`).
    host: Option<String>,
}

impl Tls {
    /// Loads the owner's certificate, or the stored ACME certificate, so the first connection
    /// already gets it. Bad files are an error here, before anything listens.
    pub async fn start(config: &TlsConfig, db: &DatabaseConnection, changes: &Changes, https_port: u16) -> anyhow::Result<Self> {
        // instant-acme's HTTPS client takes the process-wide provider: the same one. An error
        // means it is installed already (a test process building several apps).
        let _ = CryptoProvider::install_default(rustls::crypto::aws_lc_rs::default_provider());
        let resolver = Arc::new(Resolver::default());
        let plain = Plain { domains: config.domains.clone().into(), https_port, http01: Http01::new(db.clone()) };
        let mut host = config.domains.first().cloned();
        let own_files = match (&config.tls_cert, &config.tls_key) {
            (Some(cert), Some(key)) => {
                let key_pair = load_files(cert, key)?;
                host = host.or_else(|| named_host(&key_pair));
                resolver.install(key_pair);
                Some((cert.clone(), key.clone()))
            }
            _ => None,
        };
        let acme = match config.domains.is_empty() {
            true => None,
            false => Some(acme::Acme::new(config, db.clone(), changes.clone(), resolver.clone(), plain.http01.clone()).await?),
        };
        let mut server = ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .context("TLS setup")?
            .with_no_client_auth()
            .with_cert_resolver(resolver.clone());
        // HTTP/2 first for browsers; acme-tls/1 only ever chosen by a CA that asks for it alone.
        server.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec(), ACME_TLS_ALPN.to_vec()];
        Ok(Self { config: Arc::new(server), resolver, plain, own_files, acme, host })
    }

    pub fn server_config(&self) -> Arc<ServerConfig> {
        self.config.clone()
    }

    /// The public address of the site when `--base-url` is not given: its host name on the
    /// HTTPS port; `None` when neither a domain nor the certificate names a host.
    pub fn default_base_url(&self) -> Option<String> {
        let host = self.host.as_ref()?;
        Some(match self.plain.https_port {
            443 => format!("https://{host}"),
            port => format!("https://{host}:{port}"),
        })
    }

    /// The plain-HTTP port's router: HTTP-01 answers and redirects.
    pub fn plain_router(&self) -> Router {
        self.plain.clone().router()
    }

    /// The certificate's state for the admin dashboard.
    pub fn status(&self) -> Option<Arc<acme::Status>> {
        self.acme.as_ref().map(|acme| acme.status())
    }

    /// Starts what keeps the certificate current: ordering and renewing (ACME), or re-reading
    /// the files on SIGHUP. The tasks end when the returned handles are aborted.
    pub fn spawn(self) -> Vec<tokio::task::JoinHandle<()>> {
        let mut tasks = Vec::new();
        if let Some(acme) = self.acme {
            tasks.push(tokio::spawn(acme.run()));
        }
        #[cfg(unix)]
        if let Some((cert, key)) = self.own_files {
            use tokio::signal::unix::{SignalKind, signal};
            match signal(SignalKind::hangup()) {
                Ok(mut hangups) => {
                    let resolver = self.resolver.clone();
                    tasks.push(tokio::spawn(async move {
                        while hangups.recv().await.is_some() {
                            match load_files(&cert, &key) {
                                Ok(key) => {
                                    resolver.install(key);
                                    tracing::info!(certificate = %cert.display(), "SIGHUP: certificate and key read again");
                                }
                                Err(err) => tracing::warn!("SIGHUP: {err:#}; the previous certificate keeps serving"),
                            }
                        }
                    }));
                }
                Err(err) => tracing::warn!(error = %err, "cannot watch for SIGHUP: the certificate is read at start only"),
            }
        }
        tasks
    }
}

/// The first host name the certificate is for (its subject alternative names); a wildcard
/// (`*.example.org`) or an address names no host a link could use.
fn named_host(key: &CertifiedKey) -> Option<String> {
    let leaf = key.end_entity_cert().ok()?;
    let (_, parsed) = x509_parser::parse_x509_certificate(leaf).ok()?;
    let names = parsed.subject_alternative_name().ok()??;
    names.value.general_names.iter().find_map(|name| match name {
        x509_parser::extensions::GeneralName::DNSName(dns) if !dns.contains('*') => Some(dns.to_ascii_lowercase()),
        _ => None,
    })
}

/// Reads a PEM certificate chain and its private key, and checks that they belong together.
pub fn load_files(cert: &Path, key: &Path) -> anyhow::Result<Arc<CertifiedKey>> {
    let cert_pem = std::fs::read(cert).with_context(|| format!("cannot read the certificate {}", cert.display()))?;
    let key_pem = std::fs::read(key).with_context(|| format!("cannot read the private key {}", key.display()))?;
    certified_key(&cert_pem, &key_pem).with_context(|| format!("{} and {}", cert.display(), key.display()))
}

/// A certificate chain and key from PEM text, refused when the key is not the certificate's.
pub fn certified_key(cert_pem: &[u8], key_pem: &[u8]) -> anyhow::Result<Arc<CertifiedKey>> {
    let chain = CertificateDer::pem_slice_iter(cert_pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow::anyhow!("the certificate file is not PEM: {e}"))?;
    if chain.is_empty() {
        anyhow::bail!("the certificate file holds no CERTIFICATE block");
    }
    let key = PrivateKeyDer::from_pem_slice(key_pem).map_err(|e| anyhow::anyhow!("the key file holds no PEM private key: {e}"))?;
    let certified = CertifiedKey::from_der(chain, key, &provider()).map_err(|e| match e {
        rustls::Error::InconsistentKeys(_) => anyhow::anyhow!("the private key does not belong to the certificate"),
        other => anyhow::anyhow!("the certificate or key is not usable: {other}"),
    })?;
    Ok(Arc::new(certified))
}

/// Hands out the current certificate, or a TLS-ALPN-01 challenge certificate to the CA.
#[derive(Debug, Default)]
pub struct Resolver {
    current: RwLock<Option<Arc<CertifiedKey>>>,
    /// Challenge certificates by domain, while an order is validated.
    challenges: RwLock<HashMap<String, Arc<CertifiedKey>>>,
}

impl Resolver {
    pub fn install(&self, key: Arc<CertifiedKey>) {
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(key);
    }

    fn set_challenge(&self, domain: &str, key: Option<Arc<CertifiedKey>>) {
        let mut challenges = self.challenges.write().unwrap_or_else(|e| e.into_inner());
        match key {
            Some(key) => challenges.insert(domain.to_owned(), key),
            None => challenges.remove(domain),
        };
    }
}

impl ResolvesServerCert for Resolver {
    fn resolve(&self, hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        let acme = hello.alpn().is_some_and(|mut protocols| protocols.any(|p| p == ACME_TLS_ALPN));
        if acme {
            let name = hello.server_name()?.to_ascii_lowercase();
            return self.challenges.read().unwrap_or_else(|e| e.into_inner()).get(&name).cloned();
        }
        // None before the first certificate: the handshake fails, the plain port still serves.
        self.current.read().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// HTTP-01 answers: kept in memory by the instance that orders, and in the database, so
/// another instance behind the same name answers the CA just as well.
#[derive(Clone)]
pub struct Http01 {
    db: DatabaseConnection,
    tokens: Arc<RwLock<HashMap<String, String>>>,
}

impl Http01 {
    fn new(db: DatabaseConnection) -> Self {
        Self { db, tokens: Arc::default() }
    }

    fn row(token: &str) -> String {
        format!("http-01:{token}")
    }

    async fn add(&self, token: &str, key_authorization: &str) -> Result<(), sea_orm::DbErr> {
        self.tokens.write().unwrap_or_else(|e| e.into_inner()).insert(token.to_owned(), key_authorization.to_owned());
        store::put(&self.db, &Self::row(token), key_authorization, store::now() + 3600).await
    }

    async fn remove(&self, token: &str) {
        self.tokens.write().unwrap_or_else(|e| e.into_inner()).remove(token);
        let _ = store::delete(&self.db, &Self::row(token)).await;
    }

    async fn answer(&self, token: &str) -> Option<String> {
        if let Some(answer) = self.tokens.read().unwrap_or_else(|e| e.into_inner()).get(token) {
            return Some(answer.clone());
        }
        match store::get(&self.db, &Self::row(token)).await {
            Ok(Some((answer, expires_at))) if expires_at > store::now() => Some(answer),
            _ => None,
        }
    }
}

/// What the plain-HTTP port does while HTTPS is on.
#[derive(Clone)]
struct Plain {
    domains: Arc<[String]>,
    https_port: u16,
    http01: Http01,
}

impl Plain {
    fn router(self) -> Router {
        Router::new().route("/.well-known/acme-challenge/{token}", get(challenge)).fallback(redirect).with_state(self)
    }

    /// `https://<host>[:port]`: the Host asked for when it is one of the domains (or any host
    /// with the owner's own certificate), else the first domain; the port only when not 443.
    fn origin(&self, headers: &HeaderMap) -> Option<String> {
        let asked = headers
            .get(header::HOST)
            .and_then(|host| host.to_str().ok())
            .map(|host| host.rsplit_once(':').filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit())).map_or(host, |(name, _)| name))
            .map(str::to_ascii_lowercase);
        let host = match (asked, self.domains.first()) {
            (Some(asked), Some(_)) if self.domains.contains(&asked) => asked,
            (_, Some(first)) => first.clone(),
            (Some(asked), None) if !asked.is_empty() => asked,
            _ => return None,
        };
        Some(match self.https_port {
            443 => format!("https://{host}"),
            port => format!("https://{host}:{port}"),
        })
    }
}

async fn challenge(State(plain): State<Plain>, UrlPath(token): UrlPath<String>) -> Response {
    match plain.http01.answer(&token).await {
        Some(answer) => ([(header::CONTENT_TYPE, "application/octet-stream")], answer).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

async fn redirect(State(plain): State<Plain>, headers: HeaderMap, uri: Uri) -> Response {
    let Some(origin) = plain.origin(&headers) else {
        return (StatusCode::BAD_REQUEST, "This site is served over HTTPS: ask for it with a Host header.").into_response();
    };
    let path = uri.path_and_query().map_or("/", |p| p.as_str());
    (StatusCode::PERMANENT_REDIRECT, [(header::LOCATION, format!("{origin}{path}"))]).into_response()
}
