//! Every setting Vita reads, in one typed struct. Defaults live here in code; environment
//! variables override them and command-line flags override both (clap's `env` support).
//!
//! | flag | variable | default |
//! |---|---|---|
//! | `--listen` | `VITA_LISTEN` | `127.0.0.1:8080` |
//! | `--data-dir` | `VITA_DATA_DIR` | `./data` |
//! | `--database-url` | `DATABASE_URL` | SQLite file `vita.db` in the data folder |
//! | `--base-url` | `VITA_BASE_URL` | `http://<listen address>` |
//! | `--render-workers` | `VITA_RENDER_WORKERS` | number of CPU cores |
//! | `--s3-bucket` | `VITA_S3_BUCKET` | none: files in `<data dir>/files` |
//! | `--trusted-proxies` | `VITA_TRUSTED_PROXIES` | none: `X-Forwarded-For` is ignored |
//! | — | `RUST_LOG` | `info` |

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

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
}

impl fmt::Debug for StoreConfig {
    // The database URL may carry a password: never print it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StoreConfig")
            .field("data_dir", &self.data_dir)
            .field("database_url", &self.database_url.as_ref().map(|_| "<redacted>"))
            .field("s3_bucket", &self.s3_bucket)
            .finish()
    }
}

/// Settings of `vita serve`.
#[derive(Args, Clone, Debug)]
pub struct Config {
    /// Address and port to listen on (port 0 picks a free port).
    #[arg(long, env = "VITA_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

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
    pub store: StoreConfig,
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
    /// Render workers to start: the configured number, or one per core.
    pub fn render_worker_count(&self) -> usize {
        match self.render_workers {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }
}
