//! Debian's `pebble` (a test ACME CA) and `pebble-challtestsrv` (its DNS server, answering
//! 127.0.0.1 for every name), on free loopback ports, validating challenges against a real
//! `vita serve`; and that `vita serve` process. Every process is stopped by its PID.
//! Shared by tests/it/tls.rs and the HTTPS benchmark.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};

pub const DOMAIN: &str = "www.vita.test";

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A private CA made for one test, and certificates it signs.
pub struct TestCa {
    pub cert_pem: String,
    key: KeyPair,
    params: CertificateParams,
}

impl TestCa {
    pub fn new(name: &str) -> Self {
        let key = KeyPair::generate().unwrap();
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.distinguished_name.push(DnType::CommonName, name);
        let cert_pem = params.self_signed(&key).unwrap().pem();
        Self { cert_pem, key, params }
    }

    /// A certificate for `names` and its key, both PEM.
    pub fn issue(&self, names: &[&str]) -> (String, String) {
        let key = KeyPair::generate().unwrap();
        let params = CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>()).unwrap();
        let issuer = Issuer::from_params(&self.params, &self.key);
        (params.signed_by(&key, &issuer).unwrap().pem(), key.serialize_pem())
    }
}

/// A pebble set up for a Vita listening on `http_port` and `https_port`; started by `start`.
pub struct Pebble {
    dir: tempfile::TempDir,
    processes: Vec<Child>,
    listen: u16,
    management: u16,
    dns: u16,
    ca: TestCa,
}

impl Pebble {
    /// `validity`: the certificates' lifetime in seconds (pebble's default is five years).
    pub fn new(http_port: u16, https_port: u16, validity: Option<u64>) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let ca = TestCa::new("Pebble's HTTPS test CA");
        let (cert, key) = ca.issue(&["127.0.0.1", "localhost"]);
        std::fs::write(dir.path().join("cert.pem"), cert).unwrap();
        std::fs::write(dir.path().join("key.pem"), key).unwrap();
        std::fs::write(dir.path().join("ca.pem"), &ca.cert_pem).unwrap();
        let (listen, management, dns) = (free_port(), free_port(), free_port());
        let mut config = serde_json::json!({"pebble": {
            "listenAddress": format!("127.0.0.1:{listen}"),
            "managementListenAddress": format!("127.0.0.1:{management}"),
            "certificate": dir.path().join("cert.pem"),
            "privateKey": dir.path().join("key.pem"),
            "httpPort": http_port,
            "tlsPort": https_port,
            "ocspResponderURL": "",
            "externalAccountBindingRequired": false,
        }});
        if let Some(seconds) = validity {
            config["pebble"]["certificateValidityPeriod"] = seconds.into();
        }
        std::fs::write(dir.path().join("pebble.json"), config.to_string()).unwrap();
        Self { dir, processes: Vec::new(), listen, management, dns, ca }
    }

    pub fn directory(&self) -> String {
        format!("https://127.0.0.1:{}/dir", self.listen)
    }

    /// The root of pebble's own HTTPS, for `--acme-ca-root`.
    pub fn https_root(&self) -> PathBuf {
        self.dir.path().join("ca.pem")
    }

    /// Starts the DNS server and pebble, and waits until pebble answers.
    pub async fn start(&mut self) {
        let log = |name: &str| std::fs::File::create(self.dir.path().join(name)).unwrap();
        let dns = Command::new("pebble-challtestsrv")
            .args(["-dns01", &format!("127.0.0.1:{}", self.dns), "-http01", "", "-https01", "", "-tlsalpn01", ""])
            .args(["-management", &format!("127.0.0.1:{}", free_port()), "-defaultIPv6", ""])
            .stdout(log("challtestsrv.log"))
            .stderr(Stdio::null())
            .spawn()
            .expect("pebble-challtestsrv (Debian package pebble; ./scripts/test installs it)");
        self.processes.push(dns);
        let pebble = Command::new("pebble")
            .args(["-config", &self.dir.path().join("pebble.json").display().to_string()])
            .args(["-dnsserver", &format!("127.0.0.1:{}", self.dns)])
            .env("PEBBLE_VA_NOSLEEP", "1")
            .env("PEBBLE_WFE_NONCEREJECT", "0")
            // Every order validated anew: a renewal proves the challenge again.
            .env("PEBBLE_AUTHZREUSE", "0")
            .current_dir(self.dir.path())
            .stdout(log("pebble.log"))
            .stderr(Stdio::null())
            .spawn()
            .expect("pebble (Debian package pebble; ./scripts/test installs it)");
        self.processes.push(pebble);
        let deadline = Instant::now() + Duration::from_secs(30);
        while tokio::net::TcpStream::connect(("127.0.0.1", self.listen)).await.is_err() {
            assert!(Instant::now() < deadline, "pebble did not start within 30 s:\n{}", self.log());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("pebble.log")).unwrap_or_default()
    }

    /// The root that issues Vita's certificates (a new one each time pebble starts).
    pub async fn issuing_root(&self) -> String {
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            .add_root_certificate(reqwest::Certificate::from_pem(self.ca.cert_pem.as_bytes()).unwrap())
            .build()
            .unwrap();
        let response = client.get(format!("https://127.0.0.1:{}/roots/0", self.management)).send().await.unwrap();
        assert_eq!(response.status(), 200);
        response.text().await.unwrap()
    }
}

impl Drop for Pebble {
    fn drop(&mut self) {
        for process in &mut self.processes {
            let _ = process.kill();
            let _ = process.wait();
        }
    }
}

/// One `vita serve` process, its output in a file; stopped by its PID.
pub struct Vita {
    child: Option<Child>,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl Vita {
    pub fn start(database_url: &str, args: &[&str]) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("vita.log");
        let out = std::fs::File::create(&log).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_vita"))
            .arg("serve")
            .args(args)
            .env("VITA_DATA_DIR", dir.path().join("data"))
            .env("DATABASE_URL", database_url)
            .env("RUST_LOG", "info")
            .env("VITA_RENDER_WORKERS", "1")
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .spawn()
            .unwrap();
        Self { child: Some(child), log, _dir: dir }
    }

    /// With pebble's directory, its HTTPS root, and the given ports and domain.
    pub fn with_pebble(database_url: &str, pebble: &Pebble, http: u16, https: u16, more: &[&str]) -> Self {
        let (listen, https_listen, directory) = (format!("127.0.0.1:{http}"), format!("127.0.0.1:{https}"), pebble.directory());
        let root = pebble.https_root().display().to_string();
        let mut args = vec!["--domain", DOMAIN, "--listen", &listen, "--https-listen", &https_listen];
        args.extend(["--acme-directory", &directory, "--acme-ca-root", &root]);
        args.extend(more);
        Self::start(database_url, &args)
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until `needle` is logged `times` times, at most `limit`.
    pub async fn logged(&self, needle: &str, times: usize, limit: Duration) -> String {
        let deadline = Instant::now() + limit;
        loop {
            let log = self.log();
            if log.matches(needle).count() >= times {
                return log;
            }
            assert!(Instant::now() < deadline, "{needle:?} not logged {times} times within {limit:?}:\n{log}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Sends `signal` (TERM, HUP) to the process.
    pub fn signal(&self, signal: &str) {
        let pid = self.child.as_ref().expect("running").id().to_string();
        assert!(Command::new("kill").args([&format!("-{signal}"), &pid]).status().unwrap().success());
    }

    /// SIGTERM, then waits for the exit (kills it after 20 s).
    pub fn stop(&mut self) {
        let Some(mut child) = self.child.take() else { return };
        let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
        let deadline = Instant::now() + Duration::from_secs(20);
        while child.try_wait().unwrap().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
}

impl Drop for Vita {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A client for `https://DOMAIN:port` that trusts only `root` and connects to 127.0.0.1.
pub fn https_client(root_pem: &str, port: u16) -> reqwest::Client {
    reqwest::Client::builder()
        .use_rustls_tls()
        .tls_built_in_root_certs(false)
        .add_root_certificate(reqwest::Certificate::from_pem(root_pem.as_bytes()).unwrap())
        .resolve(DOMAIN, SocketAddr::from(([127, 0, 0, 1], port)))
        .redirect(reqwest::redirect::Policy::none())
        .tls_info(true)
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap()
}

/// The serial number of the certificate a response came with.
pub fn serial(response: &reqwest::Response) -> String {
    let info = response.extensions().get::<reqwest::tls::TlsInfo>().expect("an HTTPS response");
    let der = info.peer_certificate().expect("a certificate");
    x509_parser::parse_x509_certificate(der).unwrap().1.raw_serial_as_string()
}

/// Writes `text` to `dir/name` and returns the path as a string.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}
