//! Building and running the server. `main` parses the command line; tests build the very same
//! `App` on a free port with a fresh data folder and talk to it over HTTP.

use std::future::Future;
use std::net::SocketAddr;

use std::time::Duration;

use anyhow::Context;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use sea_orm::DatabaseConnection;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;
use tower::ServiceExt;
use tower_http::timeout::TimeoutBody;

use crate::ops::config::{Config, Limits};
use std::sync::Arc;

use crate::http::AppState;
use crate::media::files::Files;
use crate::render::Renderer;
use crate::render::cache::PageCache;
use crate::render::invalidation::{Invalidation, Listener};
use crate::{auth, http, store};

pub struct App {
    listener: TcpListener,
    state: AppState,
    limits: Limits,
    /// The first-run setup's one-time token, when the database has no owner yet.
    setup_token: Option<String>,
    /// What hears the writes of other instances (PostgreSQL) or processes (SQLite).
    writes_elsewhere: Listener,
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
        let listener = TcpListener::bind(config.listen).await.with_context(|| format!("cannot listen on {}", config.listen))?;
        let address = listener.local_addr()?;
        let base_url = match &config.base_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{address}"),
        };
        let secure_cookies = base_url.starts_with("https://");
        let security = http::security_headers(secure_cookies);
        let cache = Arc::new(PageCache::with_variant_limit(config.limits.page_cache_variants));
        let files = Files::open(&config.store)?;
        let trusted_proxies = config.trusted_proxies.clone().into();
        let (token, setup_token) = if auth::setup_needed(&db).await? {
            let (token, accepted) = auth::SetupToken::generate();
            (Some(token), accepted)
        } else {
            (None, auth::SetupToken::default())
        };
        let invalidation = Invalidation::for_database(&db).await?;
        // Listening before the first page is cached: no other instance's write is missed.
        let writes_elsewhere = invalidation.listen(&db).await?;
        let sitemap_max_urls = config.sitemap_max_urls;
        let state = AppState {
            db,
            renderer,
            base_url,
            secure_cookies,
            cache,
            security,
            files,
            trusted_proxies,
            setup_token,
            invalidation,
            sitemap_max_urls,
        };
        Ok(Self { listener, state, limits: config.limits.clone(), setup_token: token, writes_elsewhere })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
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
    /// forever. HTTP/1.1 only: that is what browsers speak without TLS and what a TLS proxy in
    /// front speaks to its upstream, and HTTP/2 has no header timeout.
    pub async fn serve(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let Self { listener, state, limits, writes_elsewhere, .. } = self;
        let db = state.db.clone();
        let refresher = tokio::spawn(http::refresh_stale_pages(state.clone()));
        let writes_elsewhere = tokio::spawn(writes_elsewhere.run(state.cache.clone()));
        let router = http::router(state);
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout());
        let body_timeout = limits.body_timeout();
        let slots = Arc::new(Semaphore::new(limits.max_connections as usize));
        let graceful = GracefulShutdown::new();
        let mut connections = JoinSet::new();
        tokio::pin!(shutdown);
        loop {
            // A free slot before the next accept: past the limit, new connections wait in the
            // kernel's listen queue, unanswered, until a served one closes.
            let slot = tokio::select! {
                slot = slots.clone().acquire_owned() => slot.expect("the semaphore is never closed"),
                () = &mut shutdown => break,
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
                () = &mut shutdown => break,
            };
            let _ = stream.set_nodelay(true);
            let router = router.clone();
            let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
                // A body that pauses longer than `--body-timeout` fails its read; the handler
                // reading it answers 408 (`AppError::RequestTimeout`).
                let mut request = request.map(|body| Body::new(TimeoutBody::new(body_timeout, body)));
                request.extensions_mut().insert(ConnectInfo(peer));
                router.clone().oneshot(request)
            });
            let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
            connections.spawn(async move {
                // Timeouts and clients that hang up end here: nothing worth a log line.
                let _ = connection.await;
                drop(slot);
            });
            while connections.try_join_next().is_some() {}
        }
        drop(listener);
        let open = graceful.count();
        tokio::select! {
            () = graceful.shutdown() => {}
            () = tokio::time::sleep(limits.shutdown_timeout()) => {
                tracing::warn!(open, "the shutdown deadline passed: closing the connections still open");
            }
        }
        // Dropping the tasks closes their sockets and frees the database connections they held.
        connections.abort_all();
        refresher.abort();
        writes_elsewhere.abort();
        store::close(db).await;
        Ok(())
    }
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
