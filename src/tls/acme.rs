//! The certificate of `--domain`: ordered from the ACME CA (instant-acme), kept in the
//! database with its key, so a restart and every other instance on the same database serve
//! it without a new order, and renewed from 30 days before its expiry (a third of its
//! lifetime for short-lived ones) while the old one keeps serving.
//!
//! Only the instance holding the lease (a row of `tls_state`) orders; the others wait, and on
//! PostgreSQL hear of the new certificate through the instances' LISTEN/NOTIFY channel
//! (`crate::store::changes`) and serve it at once. The table is read again every
//! `WAIT_FOR_OTHER` too, in case a notification was lost.

use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use anyhow::Context;
use instant_acme::{
    Account, AccountCredentials, AuthorizationStatus, ChallengeType, Identifier, NewAccount, NewOrder, OrderStatus, RetryPolicy,
};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::sign::CertifiedKey;
use sea_orm::DatabaseConnection;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Http01, Resolver, store};
use crate::ops::config::TlsConfig;
use crate::store::changes::Changes;

/// Renew when this much of the certificate's validity is left, or a third of its lifetime
/// when that is shorter.
const RENEW_BEFORE: i64 = 30 * 24 * 3600;
/// How long the ordering lease lasts: longer than an order may take (`ORDER_TIMEOUT`).
const LEASE_SECONDS: i64 = 300;
/// An order that has not finished by then (a CA that stopped answering) is given up.
const ORDER_TIMEOUT: Duration = Duration::from_secs(180);
/// How often an instance waiting for another's order reads the table, if no notification
/// comes first.
const WAIT_FOR_OTHER: Duration = Duration::from_secs(30);
/// How often an instance with a valid certificate reads the table for a renewed one.
const RECHECK: Duration = Duration::from_secs(600);
/// Retries after a failure: 2 s, doubled each time, at most an hour.
const FIRST_RETRY: Duration = Duration::from_secs(2);
const LAST_RETRY: Duration = Duration::from_secs(3600);

/// This instance's view of the certificate, for the admin dashboard.
#[derive(Debug, Default)]
pub struct Status {
    inner: RwLock<CertificateStatus>,
}

/// `GET /api/admin/certificate`: the names, when the certificate served expires, and why the
/// last attempt to get one failed (none once one succeeds).
#[derive(Clone, Debug, Default, Serialize, TS)]
pub struct CertificateStatus {
    pub domains: Vec<String>,
    #[ts(type = "string | null")]
    pub expires_at: Option<chrono::DateTime<chrono::Utc>>,
    pub last_error: Option<String>,
}

impl Status {
    pub fn get(&self) -> CertificateStatus {
        self.inner.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn update(&self, change: impl FnOnce(&mut CertificateStatus)) {
        change(&mut self.inner.write().unwrap_or_else(|e| e.into_inner()));
    }
}

/// The stored certificate: the chain and its key as PEM.
#[derive(Serialize, Deserialize)]
struct Stored {
    chain: String,
    key: String,
}

/// A certificate ready to serve, with the times that decide its renewal.
struct Current {
    key: Arc<CertifiedKey>,
    serial: String,
    renew_at: i64,
    expires_at: i64,
}

pub struct Acme {
    db: DatabaseConnection,
    /// Tells the other instances of a new certificate, and hears of theirs.
    changes: Changes,
    domains: Vec<String>,
    directory: String,
    email: Option<String>,
    ca_root: Option<PathBuf>,
    challenge: ChallengeType,
    resolver: Arc<Resolver>,
    http01: Http01,
    /// This instance's name on the lease.
    instance: String,
    status: Arc<Status>,
    /// The serial of the stored certificate installed at the start, if there was one.
    initial: Option<String>,
}

impl Acme {
    /// Checks what can be checked before listening, and installs the stored certificate.
    pub(super) async fn new(
        config: &TlsConfig,
        db: DatabaseConnection,
        changes: Changes,
        resolver: Arc<Resolver>,
        http01: Http01,
    ) -> anyhow::Result<Self> {
        let directory = config.directory().to_owned();
        if !directory.starts_with("https://") {
            anyhow::bail!("--acme-directory must be an https:// URL, not {directory:?}");
        }
        if let Some(root) = &config.acme_ca_root {
            let pem = std::fs::read(root).with_context(|| format!("cannot read --acme-ca-root {}", root.display()))?;
            CertificateDer::from_pem_slice(&pem)
                .map_err(|e| anyhow::anyhow!("--acme-ca-root {} holds no PEM certificate: {e}", root.display()))?;
        }
        let challenge = match config.acme_challenge.as_str() {
            "tls-alpn-01" => ChallengeType::TlsAlpn01,
            _ => ChallengeType::Http01,
        };
        let mut acme = Self {
            db,
            changes,
            domains: config.domains.clone(),
            directory,
            email: config.acme_email.clone(),
            ca_root: config.acme_ca_root.clone(),
            challenge,
            resolver,
            http01,
            instance: uuid::Uuid::new_v4().simple().to_string(),
            status: Arc::new(Status::default()),
            initial: None,
        };
        acme.status.update(|s| s.domains = acme.domains.clone());
        match acme.stored().await {
            Ok(Some(current)) => {
                acme.install(&current, "stored");
                acme.initial = Some(current.serial);
            }
            Ok(None) => {}
            Err(err) => tracing::warn!("the stored certificate is not usable ({err:#}): ordering a new one"),
        }
        Ok(acme)
    }

    pub fn status(&self) -> Arc<Status> {
        self.status.clone()
    }

    /// The row of the certificate for exactly these names: other names, another certificate.
    fn certificate_row(&self) -> String {
        format!("certificate:{}", self.domains.join(","))
    }

    fn account_row(&self) -> String {
        format!("account:{}", self.directory)
    }

    fn install(&self, current: &Current, source: &str) {
        self.resolver.install(current.key.clone());
        let expires = chrono::DateTime::from_timestamp(current.expires_at, 0).map(|t| t.to_rfc3339()).unwrap_or_default();
        tracing::info!(domains = %self.domains.join(","), serial = %current.serial, expires = %expires, "serving the {source} certificate");
        self.status.update(|s| s.expires_at = chrono::DateTime::from_timestamp(current.expires_at, 0));
    }

    async fn stored(&self) -> anyhow::Result<Option<Current>> {
        let Some((value, _)) = store::get(&self.db, &self.certificate_row()).await? else { return Ok(None) };
        let stored: Stored = serde_json::from_str(&value).context("the stored certificate is not readable")?;
        Ok(Some(current(&stored)?))
    }

    /// Keeps the certificate current, for as long as the server runs.
    pub async fn run(self) {
        let mut serving = self.initial.clone();
        let mut failures: u32 = 0;
        loop {
            // What is stored may be newer: another instance's order, or a renewal.
            let current = match self.stored().await {
                Ok(current) => current,
                Err(err) => {
                    tracing::warn!("cannot read the stored certificate: {err:#}");
                    None
                }
            };
            if let Some(current) = &current
                && serving.as_deref() != Some(current.serial.as_str())
            {
                // Stored by another instance.
                self.install(current, if serving.is_some() { "renewed" } else { "stored" });
                serving = Some(current.serial.clone());
            }
            let now = store::now();
            if let Some(current) = &current
                && now < current.renew_at
            {
                let until = Duration::from_secs((current.renew_at - now) as u64);
                self.wait(until.min(RECHECK)).await;
                continue;
            }
            match store::take_lease(&self.db, &self.instance, LEASE_SECONDS).await {
                Ok(true) => {}
                Ok(false) => {
                    // Another instance is ordering: its certificate will be in the table.
                    self.wait(WAIT_FOR_OTHER).await;
                    continue;
                }
                Err(err) => {
                    failures += 1;
                    self.failed(anyhow::Error::new(err).context("cannot take the ordering lease"), failures).await;
                    continue;
                }
            }
            // Read again under the lease: another instance may have stored one just before.
            let fresh =
                matches!(self.stored().await, Ok(Some(c)) if serving.as_deref() != Some(c.serial.as_str()) || store::now() < c.renew_at);
            let result = match fresh {
                true => Ok(None),
                false => match tokio::time::timeout(ORDER_TIMEOUT, self.order()).await {
                    Ok(result) => result,
                    Err(_) => Err(anyhow::anyhow!("the ACME directory stopped answering (no result after {} s)", ORDER_TIMEOUT.as_secs())),
                },
            };
            let _ = store::release_lease(&self.db, &self.instance).await;
            match result {
                Ok(ordered) => {
                    if let Some(current) = ordered {
                        self.install(&current, if serving.is_some() { "renewed" } else { "new" });
                        serving = Some(current.serial);
                        if let Err(err) = self.changes.announce_certificate(&self.db).await {
                            tracing::warn!(
                                "cannot tell the other instances of the new certificate (they read it within {} s): {err}",
                                WAIT_FOR_OTHER.as_secs()
                            );
                        }
                    }
                    failures = 0;
                    self.status.update(|s| s.last_error = None);
                }
                Err(err) => {
                    failures += 1;
                    self.failed(err, failures).await;
                }
            }
        }
    }

    /// Waits `duration`, or less when another instance announces a new certificate.
    async fn wait(&self, duration: Duration) {
        let stored = self.changes.certificate_stored();
        tokio::select! {
            _ = tokio::time::sleep(duration) => {}
            _ = stored.notified() => {}
        }
    }

    /// Logs a failed attempt, shows it on the dashboard, and waits before the next one.
    async fn failed(&self, err: anyhow::Error, failures: u32) {
        let wait = FIRST_RETRY.saturating_mul(2u32.saturating_pow(failures.saturating_sub(1))).min(LAST_RETRY);
        let expires = self.status.get().expires_at.map(|t| t.to_rfc3339());
        let message = format!("{err:#}");
        tracing::warn!(
            domains = %self.domains.join(","),
            current_certificate_expires = expires.as_deref().unwrap_or("no certificate yet"),
            retry_in_seconds = wait.as_secs(),
            "could not get a certificate: {message}"
        );
        self.status.update(|s| s.last_error = Some(message));
        tokio::time::sleep(wait).await;
    }

    async fn account(&self) -> anyhow::Result<Account> {
        let builder = || match &self.ca_root {
            Some(root) => Account::builder_with_root(root).with_context(|| format!("cannot use --acme-ca-root {}", root.display())),
            None => Account::builder().context("cannot set up the HTTPS client for the ACME directory"),
        };
        if let Some((value, _)) = store::get(&self.db, &self.account_row()).await? {
            let credentials: AccountCredentials = serde_json::from_str(&value).context("the stored ACME account is not readable")?;
            return builder()?.from_credentials(credentials).await.map_err(|e| self.refusal(e, "restoring the stored ACME account"));
        }
        let contact = self.email.iter().map(|email| format!("mailto:{email}")).collect::<Vec<_>>();
        let contact: Vec<&str> = contact.iter().map(String::as_str).collect();
        let new = NewAccount { contact: &contact, terms_of_service_agreed: true, only_return_existing: false };
        let (account, credentials) =
            builder()?.create(&new, self.directory.clone(), None).await.map_err(|e| self.refusal(e, "creating the ACME account"))?;
        store::put(&self.db, &self.account_row(), &serde_json::to_string(&credentials)?, i64::MAX).await?;
        tracing::info!(directory = %self.directory, "created an ACME account");
        Ok(account)
    }

    fn refusal(&self, err: instant_acme::Error, context: &str) -> anyhow::Error {
        refusal(err, context, &self.directory)
    }

    /// One order: answers each authorization's challenge, sends the CSR, and stores the
    /// certificate.
    async fn order(&self) -> anyhow::Result<Option<Current>> {
        let account = self.account().await?;
        tracing::info!(domains = %self.domains.join(","), directory = %self.directory, "ordering a certificate");
        let identifiers: Vec<Identifier> = self.domains.iter().cloned().map(Identifier::Dns).collect();
        let mut order = account.new_order(&NewOrder::new(&identifiers)).await.map_err(|e| self.refusal(e, "ordering"))?;
        let mut answered: Vec<(ChallengeType, String, String)> = Vec::new();
        let result = async {
            let mut authorizations = order.authorizations();
            while let Some(authorization) = authorizations.next().await {
                let mut authorization = authorization.map_err(|e| self.refusal(e, "reading an authorization"))?;
                match authorization.status {
                    AuthorizationStatus::Valid => continue,
                    AuthorizationStatus::Pending => {}
                    other => anyhow::bail!("the CA's authorization is {other:?}"),
                }
                let offered = |kind: &ChallengeType| authorization.challenges.iter().any(|c| &c.r#type == kind);
                let kind = [self.challenge.clone(), ChallengeType::Http01, ChallengeType::TlsAlpn01]
                    .into_iter()
                    .find(offered)
                    .context("the CA offers neither HTTP-01 nor TLS-ALPN-01")?;
                let mut challenge = authorization.challenge(kind.clone()).context("the challenge disappeared")?;
                let domain = challenge.identifier().to_string();
                let key_authorization = challenge.key_authorization();
                match kind {
                    ChallengeType::TlsAlpn01 => {
                        self.resolver.set_challenge(&domain, Some(alpn_certificate(&domain, key_authorization.digest().as_ref())?))
                    }
                    _ => self.http01.add(&challenge.token, key_authorization.as_str()).await?,
                }
                let name = if kind == ChallengeType::TlsAlpn01 { "tls-alpn-01" } else { "http-01" };
                tracing::info!(domain = %domain, challenge = %name, "answering the challenge");
                answered.push((kind, domain, challenge.token.clone()));
                challenge.set_ready().await.map_err(|e| self.refusal(e, "answering the challenge"))?;
            }
            let retries = RetryPolicy::new().initial_delay(Duration::from_millis(250)).backoff(1.5).timeout(Duration::from_secs(90));
            let status = order.poll_ready(&retries).await.map_err(|e| self.refusal(e, "waiting for the validation"))?;
            if status != OrderStatus::Ready {
                // The reason is in the failed challenge's problem document.
                let mut problems: Vec<String> = order.state().error.iter().filter_map(|p| p.detail.clone()).collect();
                let mut authorizations = order.authorizations();
                while let Some(Ok(mut authorization)) = authorizations.next().await {
                    if let Ok(state) = authorization.refresh().await {
                        let name = state.identifier().to_string();
                        problems.extend(
                            state
                                .challenges
                                .iter()
                                .filter_map(|c| c.error.as_ref())
                                .map(|p| format!("{name}: {}", p.detail.as_deref().unwrap_or("no detail given"))),
                        );
                    }
                }
                anyhow::bail!("the CA could not validate the domain (order {status:?}): {}", problems.join("; "));
            }
            let key = rcgen::KeyPair::generate().context("cannot generate the certificate's key")?;
            let mut params = rcgen::CertificateParams::new(self.domains.clone()).context("the domains do not fit a certificate")?;
            params.distinguished_name = rcgen::DistinguishedName::new();
            let csr = params.serialize_request(&key).context("cannot make the certificate request")?;
            order.finalize_csr(csr.der()).await.map_err(|e| self.refusal(e, "sending the certificate request"))?;
            let chain = order.poll_certificate(&retries).await.map_err(|e| self.refusal(e, "waiting for the certificate"))?;
            anyhow::Ok(Stored { chain, key: key.serialize_pem() })
        }
        .await;
        for (kind, domain, token) in answered {
            match kind {
                ChallengeType::TlsAlpn01 => self.resolver.set_challenge(&domain, None),
                _ => self.http01.remove(&token).await,
            }
        }
        let stored = result?;
        let current = current(&stored).context("the CA's certificate is not usable")?;
        store::put(&self.db, &self.certificate_row(), &serde_json::to_string(&stored)?, current.expires_at).await?;
        Ok(Some(current))
    }
}

/// An ACME error as the owner should read it: the problem document's `detail` when the CA
/// refused, else the directory that could not be reached and why.
fn refusal(err: instant_acme::Error, context: &str, directory: &str) -> anyhow::Error {
    match err {
        instant_acme::Error::Api(problem) => {
            let kind = problem.r#type.as_deref().unwrap_or("no type");
            let detail = problem.detail.as_deref().unwrap_or("no detail given");
            anyhow::anyhow!("{context}: the CA refused: {detail} ({kind})")
        }
        other => anyhow::Error::new(other).context(format!("{context}: cannot reach the ACME directory {directory}")),
    }
}

/// The self-signed certificate TLS-ALPN-01 asks for: the domain, and the key authorization's
/// digest in the critical acmeIdentifier extension (RFC 8737).
fn alpn_certificate(domain: &str, digest: &[u8]) -> anyhow::Result<Arc<CertifiedKey>> {
    let key = rcgen::KeyPair::generate()?;
    let mut params = rcgen::CertificateParams::new(vec![domain.to_owned()])?;
    params.custom_extensions = vec![rcgen::CustomExtension::new_acme_identifier(digest)];
    let cert = params.self_signed(&key)?;
    let der = PrivateKeyDer::try_from(key.serialize_der()).map_err(|e| anyhow::anyhow!("{e}"))?;
    // `CertifiedKey::new`, not `from_der`: the latter checks the pair by parsing the
    // certificate with webpki, which refuses the critical extension the CA asks for.
    let signing_key = super::provider().key_provider.load_private_key(der)?;
    Ok(Arc::new(CertifiedKey::new(vec![cert.der().clone()], signing_key)))
}

/// Parses a stored certificate: the key to serve, and when to renew.
fn current(stored: &Stored) -> anyhow::Result<Current> {
    let key = super::certified_key(stored.chain.as_bytes(), stored.key.as_bytes())?;
    let leaf = key.end_entity_cert().map_err(|e| anyhow::anyhow!("{e}"))?;
    let (_, parsed) = x509_parser::parse_x509_certificate(leaf).map_err(|e| anyhow::anyhow!("the certificate is not X.509: {e}"))?;
    let not_before = parsed.validity().not_before.timestamp();
    let expires_at = parsed.validity().not_after.timestamp();
    let renew_at = expires_at - RENEW_BEFORE.min((expires_at - not_before) / 3);
    Ok(Current { serial: parsed.raw_serial_as_string(), key, renew_at, expires_at })
}
