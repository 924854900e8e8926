//! Building and running the server. `main` parses the command line; tests build the very same
//! `App` on a free port with a fresh data folder and talk to it over HTTP.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;

use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request};
use axum::response::Response;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use sea_orm::DatabaseConnection;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;
use tokio_rustls::TlsAcceptor;
use tokio_util::sync::CancellationToken;
use tower::{Service, ServiceExt};
use tower_http::timeout::TimeoutBody;

use crate::ops::config::{Config, Limits};
use std::sync::Arc;

use crate::http::AppState;
use crate::media::files::Files;
use crate::render::Renderer;
use crate::render::cache::PageCache;
use crate::store::changes::{Changes, Listener};
use crate::tls::Tls;
use crate::{auth, http, store};

pub struct App {
    listener: TcpListener,
    /// With `--domain` or `--tls-cert`: the HTTPS listener, and the certificate it serves.
    https_listener: Option<TcpListener>,
    tls: Option<Tls>,
    state: AppState,
    limits: Limits,
    /// The first-run setup's one-time token, when the database has no owner yet.
    setup_token: Option<String>,
    /// What hears the writes of other instances (PostgreSQL) or processes (SQLite).
    writes_elsewhere: Listener,
    /// The longest random wait before the daily jobs' first look (`OutsideConfig::jitter`).
    jitter: Duration,
}

impl App {
    /// Opens and migrates the database, starts the render engines and binds the listener.
    pub async fn build(config: &Config) -> anyhow::Result<Self> {
        let db = store::open(&config.store).await?;
        Self::build_with(config, db).await
    }

    /// Like `build`, on a database the caller opened (tests use their own schemas).
    pub async fn build_with(config: &Config, db: DatabaseConnection) -> anyhow::Result<Self> {
        let renderer = Renderer::start(config.render_worker_count())?;
        if config.tls.https_listen.is_some() && !config.tls.enabled() {
            anyhow::bail!("--https-listen needs a certificate: --domain (from an ACME CA) or --tls-cert and --tls-key");
        }
        // Both listeners before anything serves: a port that cannot be had stops the start.
        let listener = bind(config.listen_address(), "--listen").await?;
        let address = listener.local_addr()?;
        let cache = Arc::new(PageCache::with_variant_limit(config.limits.page_cache_variants));
        // Every write of this process, and every one heard from the others, tells the cache.
        let changes = Changes::for_database(&db).await?.watched_by(cache.clone());
        let (https_listener, tls) = match config.tls.enabled() {
            true => {
                let https_listener = bind(config.tls.https_address(), "--https-listen").await?;
                let port = https_listener.local_addr()?.port();
                (Some(https_listener), Some(Tls::start(&config.tls, &db, &changes, port).await?))
            }
            false => (None, None),
        };
        let https_address = https_listener.as_ref().map(TcpListener::local_addr).transpose()?;
        let base_url = match (&config.base_url, https_address) {
            (Some(url), _) => url.trim_end_matches('/').to_owned(),
            // Links must name the site, never the address it listens on (`https://0.0.0.0/`).
            (None, Some(_)) => tls.as_ref().and_then(Tls::default_base_url).ok_or_else(|| {
                anyhow::anyhow!(
                    "--tls-cert: the certificate names no host (only addresses or a wildcard), so the site's links cannot be made: \
                     give --base-url, the address visitors use (e.g. --base-url https://www.example.org)"
                )
            })?,
            (None, None) => format!("http://{address}"),
        };
        let secure_cookies = base_url.starts_with("https://") || tls.is_some();
        let security = http::security_headers(secure_cookies);
        let files = Files::open(&config.store)?;
        let trusted_proxies = config.trusted_proxies.clone().into();
        let (token, setup_token) = if auth::setup_needed(&db).await? {
            let (token, accepted) = auth::SetupToken::generate();
            (Some(token), accepted)
        } else {
            (None, auth::SetupToken::default())
        };
        // Listening before the first page is cached: no other instance's write is missed.
        let writes_elsewhere = changes.listen(&db).await?;
        let sitemap_max_urls = config.sitemap_max_urls;
        let scholarly = crate::scholarly::Scholarly::for_site(&config.outside, &db, &base_url)?.map(Arc::new);
        let stats = crate::stats::Stats::start(&db).await?;
        let state = AppState {
            db,
            renderer,
            base_url,
            secure_cookies,
            cache,
            page_headers: Arc::new(http::PageHeaders::new(&security)),
            security,
            files,
            trusted_proxies,
            setup_token,
            changes,
            sitemap_max_urls,
            certificate: tls.as_ref().and_then(Tls::status),
            scholarly,
            stats,
            site_uploads: http::SiteUploads::open(&config.store.data_dir),
        };
        let jitter = config.outside.jitter;
        Ok(Self { listener, https_listener, tls, state, limits: config.limits.clone(), setup_token: token, writes_elsewhere, jitter })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
    }

    /// The HTTPS listener's address, when Vita serves HTTPS itself.
    pub fn https_addr(&self) -> Option<SocketAddr> {
        self.https_listener.as_ref().map(|listener| listener.local_addr().expect("a bound listener has an address"))
    }

    /// The first-run setup link (`…/admin/setup?token=…`), when the database has no owner yet.
    pub fn setup_link(&self) -> Option<String> {
        self.setup_token.as_ref().map(|token| format!("{}/admin/setup?token={token}", self.state.base_url))
    }

    /// The first-run setup's token (tests that go through the setup send it).
    pub fn setup_token(&self) -> Option<&str> {
        self.setup_token.as_deref()
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until `shutdown` completes, gives in-flight requests `--shutdown-timeout` to
    /// finish (then drops whatever is still open), and closes the database.
    ///
    /// Our own accept loop rather than `axum::serve`, which sets no timer, so hyper's header
    /// timeout would be off and a client sending half a request would hold its connection
    /// forever. Plain HTTP is HTTP/1.1 only: that is what browsers speak without TLS and what
    /// a TLS proxy in front speaks to its upstream, and HTTP/2 has no header timeout. The
    /// HTTPS listener (`--domain`, `--tls-cert`) speaks HTTP/2 too, chosen by ALPN, with the
    /// TLS handshake bounded by the header timeout.
    pub async fn serve(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let Self { listener, https_listener, tls, state, limits, writes_elsewhere, jitter, .. } = self;
        let db = state.db.clone();
        let refresher = tokio::spawn(http::refresh_stale_pages(state.clone()));
        // The daily citation refresh and ORCID check, unless outside calls are off.
        let daily_jobs = state.scholarly.clone().map(|scholarly| {
            let jobs = crate::scholarly::jobs::Jobs { db: state.db.clone(), scholarly, changes: state.changes.clone(), jitter };
            tokio::spawn(jobs.run())
        });
        let writes_elsewhere = tokio::spawn(writes_elsewhere.run());
        let stats = state.stats.clone();
        let counting = tokio::spawn(stats.clone().run(db.clone()));
        let site = http::site(state);
        let slots = Arc::new(Semaphore::new(limits.max_connections as usize));
        let graceful = GracefulShutdown::new();
        let stop = CancellationToken::new();
        let stopper = {
            let stop = stop.clone();
            tokio::spawn(async move {
                shutdown.await;
                stop.cancel();
            })
        };
        let listening = Listening { limits: &limits, slots: &slots, graceful: &graceful, stop: &stop };
        let mut connections = JoinSet::new();
        let mut https_connections = JoinSet::new();
        // With HTTPS, the plain port answers HTTP-01 challenges and redirects; else it is the site.
        let keeping_current = match (https_listener, tls) {
            (Some(https_listener), Some(tls)) => {
                let acceptor = TlsAcceptor::from(tls.server_config());
                let plain = tls.plain_router();
                let keeping_current = tls.spawn();
                tokio::join!(
                    listening.accept(listener, None, plain, &mut connections),
                    listening.accept(https_listener, Some(acceptor), site, &mut https_connections),
                );
                keeping_current
            }
            _ => {
                listening.accept(listener, None, site, &mut connections).await;
                Vec::new()
            }
        };
        let open = graceful.count();
        tokio::select! {
            () = graceful.shutdown() => {}
            () = tokio::time::sleep(limits.shutdown_timeout()) => {
                tracing::warn!(open, "the shutdown deadline passed: closing the connections still open");
            }
        }
        // Dropping the tasks closes their sockets and frees the database connections they held.
        connections.abort_all();
        https_connections.abort_all();
        stopper.abort();
        refresher.abort();
        writes_elsewhere.abort();
        if let Some(jobs) = daily_jobs {
            jobs.abort();
        }
        for task in keeping_current {
            task.abort();
        }
        // What was counted since the last write, before the database closes.
        counting.abort();
        if let Err(err) = stats.flush(&db).await {
            tracing::warn!(error = %err, "writing the statistics at shutdown failed");
        }
        store::close(db).await;
        Ok(())
    }
}

/// What the accept loops of the plain and the HTTPS listener share.
struct Listening<'a> {
    limits: &'a Limits,
    /// `--max-connections`, over both listeners.
    slots: &'a Arc<Semaphore>,
    graceful: &'a GracefulShutdown,
    stop: &'a CancellationToken,
}

impl Listening<'_> {
    /// Accepts connections on `listener` until the stop, each served by `site` in a task of
    /// `connections`; over TLS when `tls` is given.
    async fn accept<S>(&self, listener: TcpListener, tls: Option<TlsAcceptor>, site: S, connections: &mut JoinSet<()>)
    where
        S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
        S::Future: Send + 'static,
    {
        // Plain connections are served by hyper's HTTP/1 connection itself: the `auto` builder
        // (HTTP/1 or HTTP/2 by the first bytes or ALPN) wraps every read and write of a
        // connection in one more layer (`Rewind`) and every poll in one more state machine,
        // which cost plain HTTP about a sixth of its cached-page throughput (issue 46).
        let mut plain = hyper::server::conn::http1::Builder::new();
        plain.timer(TokioTimer::new()).header_read_timeout(self.limits.header_timeout());
        let mut secure = auto::Builder::new(TokioExecutor::new());
        secure.http1().timer(TokioTimer::new()).header_read_timeout(self.limits.header_timeout());
        secure.http2().timer(TokioTimer::new()).keep_alive_interval(Some(self.limits.header_timeout()));
        // A response's head and body go out in one write, so in one TLS record rather than one
        // record each (what a vectored write becomes over rustls).
        secure.http1().writev(false);
        let (plain, secure) = (Arc::new(plain), Arc::new(secure));
        let body_timeout = self.limits.body_timeout();
        let handshake_timeout = self.limits.header_timeout();
        loop {
            // A free slot before the next accept: past the limit, new connections wait in the
            // kernel's listen queue, unanswered, until a served one closes.
            let slot = tokio::select! {
                slot = self.slots.clone().acquire_owned() => slot.expect("the semaphore is never closed"),
                () = self.stop.cancelled() => break,
            };
            let (stream, peer) = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok(accepted) => accepted,
                    Err(err) => {
                        // Out of file descriptors, say: wait a little instead of spinning.
                        tracing::warn!(error = %err, "cannot accept a connection");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                },
                () = self.stop.cancelled() => break,
            };
            let _ = stream.set_nodelay(true);
            let site = site.clone();
            let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
                // A body that pauses longer than `--body-timeout` fails its read; the handler
                // reading it answers 408 (`AppError::RequestTimeout`).
                let mut request = request.map(|body| Body::new(TimeoutBody::new(body_timeout, body)));
                request.extensions_mut().insert(ConnectInfo(peer));
                site.clone().oneshot(request)
            });
            let watcher = self.graceful.watcher();
            let (plain, secure) = (plain.clone(), secure.clone());
            let tls = tls.clone();
            connections.spawn(async move {
                // Timeouts, failed handshakes and clients that hang up end here: nothing worth
                // a log line.
                match tls {
                    None => {
                        let _ = watcher.watch(plain.serve_connection(TokioIo::new(stream), service)).await;
                    }
                    Some(acceptor) => {
                        if let Ok(Ok(stream)) = tokio::time::timeout(handshake_timeout, acceptor.accept(stream)).await {
                            // A CA checking TLS-ALPN-01 only looks at the handshake.
                            if stream.get_ref().1.alpn_protocol() != Some(crate::tls::ACME_TLS_ALPN) {
                                let _ = watcher.watch(secure.serve_connection(TokioIo::new(stream), service)).await;
                            }
                        }
                    }
                }
                drop(slot);
            });
            while connections.try_join_next().is_some() {}
        }
    }
}

/// Binds a listener, or says why not in words that lead to the fix.
async fn bind(address: SocketAddr, flag: &str) -> anyhow::Result<TcpListener> {
    TcpListener::bind(address).await.map_err(|err| match err.kind() {
        std::io::ErrorKind::AddrInUse => {
            anyhow::anyhow!("cannot listen on {address} ({flag}): another program uses port {} (see `ss -ltnp`)", address.port())
        }
        std::io::ErrorKind::PermissionDenied => anyhow::anyhow!(
            "cannot listen on {address} ({flag}): ports below 1024 need the CAP_NET_BIND_SERVICE capability; run Vita as the \
             systemd service of deploy/vita.service (AmbientCapabilities=CAP_NET_BIND_SERVICE) or grant it to the binary with \
             `sudo setcap cap_net_bind_service=+ep $(command -v vita)`"
        ),
        _ => anyhow::anyhow!("cannot listen on {address} ({flag}): {err}"),
    })
}

/// Completes on Ctrl-C or SIGTERM.
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    // The handlers are installed now, not when the future is first polled: a SIGTERM sent right
    // after the "Vita is running" line must not meet the default action, which kills at once.
    #[cfg(unix)]
    let (interrupt, terminate) = {
        use tokio::signal::unix::{SignalKind, signal};
        (signal(SignalKind::interrupt()).ok(), signal(SignalKind::terminate()).ok())
    };
    async move {
        #[cfg(unix)]
        {
            let wait = |stream: Option<tokio::signal::unix::Signal>| async move {
                match stream {
                    Some(mut stream) => {
                        stream.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                () = wait(interrupt) => {},
                () = wait(terminate) => {},
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
        tracing::info!("shutting down: finishing in-flight requests");
    }
}
