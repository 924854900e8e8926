//! Building and running the server. `main` parses the command line; tests build the very same
//! `App` on a free port with a fresh data folder and talk to it over HTTP.

use std::future::Future;
use std::net::SocketAddr;

use anyhow::Context;
use sea_orm::DatabaseConnection;
use tokio::net::TcpListener;

use crate::config::Config;
use std::sync::Arc;

use crate::files::Files;
use crate::http::AppState;
use crate::render::Renderer;
use crate::render::cache::PageCache;
use crate::{auth, http, store};

pub struct App {
    listener: TcpListener,
    state: AppState,
    /// The first-run setup's one-time token, when the database has no owner yet.
    setup_token: Option<String>,
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
        let cache = Arc::new(PageCache::default());
        let files = Files::open(&config.store)?;
        let trusted_proxies = config.trusted_proxies.clone().into();
        let (token, setup_token) = if auth::setup_needed(&db).await? {
            let (token, accepted) = auth::SetupToken::generate();
            (Some(token), accepted)
        } else {
            (None, auth::SetupToken::default())
        };
        let state = AppState { db, renderer, base_url, secure_cookies, cache, security, files, trusted_proxies, setup_token };
        Ok(Self { listener, state, setup_token: token })
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

    /// Serves until `shutdown` completes, lets in-flight requests finish, then closes the
    /// database.
    pub async fn serve(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let db = self.state.db.clone();
        let router = http::router(self.state);
        axum::serve(self.listener, router.into_make_service_with_connect_info::<SocketAddr>())
            .with_graceful_shutdown(shutdown)
            .await
            .context("the server failed")?;
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
