//! The real `vita` binary as a child process, for the fault suite: started on a data folder
//! (and optionally a database URL), its address read from its first stdout line, stopped by
//! its PID (SIGTERM, or SIGKILL to simulate a crash). Shared by `benches/faults` and the
//! integration tests (`tests/it/faults.rs`), which include this file with `#[path]`.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a start may take (a debug build on a busy machine migrates slowly).
const STARTUP_TIMEOUT: Duration = Duration::from_secs(120);
/// How long a SIGTERM may take before the process is killed.
const SHUTDOWN_TIMEOUT: Duration = Duration::from_secs(15);

/// Where and how to run the binary.
#[derive(Clone, Debug)]
pub struct ServerSpec {
    pub bin: PathBuf,
    pub data_dir: PathBuf,
    /// `--database-url`; none: SQLite in the data folder.
    pub database_url: Option<String>,
    /// Pins the server to this core with `taskset` (which execs, so the PID is the server's).
    pub cpu: Option<u32>,
    pub render_workers: Option<u32>,
}

impl ServerSpec {
    fn command(&self, args: &[&str]) -> Command {
        let mut command = match self.cpu {
            Some(cpu) => {
                let mut command = Command::new("taskset");
                command.args(["-c", &cpu.to_string()]).arg(&self.bin);
                command
            }
            None => Command::new(&self.bin),
        };
        command.args(args).arg("--data-dir").arg(&self.data_dir).env_remove("DATABASE_URL").env("RUST_LOG", "warn");
        if let Some(url) = &self.database_url {
            command.arg("--database-url").arg(url);
        }
        command
    }

    /// Creates the owner account (or resets its password) as a deployer would; on a new site
    /// this makes the database (`--create`).
    pub fn add_owner(&self, email: &str, password: &str) {
        let mut child = self
            .command(&["admin", "add", "--create", "--email", email])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run vita admin add");
        writeln!(child.stdin.take().expect("stdin"), "{password}").expect("write the password");
        let output = child.wait_with_output().expect("vita admin add");
        assert!(output.status.success(), "vita admin add failed: {}", String::from_utf8_lossy(&output.stderr));
    }

    /// Starts `vita serve` on a free port of 127.0.0.1 and waits for its address.
    pub fn start(&self) -> Server {
        std::fs::create_dir_all(&self.data_dir).expect("data folder");
        let log = std::fs::OpenOptions::new().create(true).append(true).open(self.data_dir.join("vita.log")).expect("log file");
        let mut args = vec!["serve", "--listen", "127.0.0.1:0"];
        let workers = self.render_workers.map(|n| n.to_string());
        if let Some(workers) = &workers {
            args.extend(["--render-workers", workers]);
        }
        let mut child = self.command(&args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(log).spawn().expect("start vita serve");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        // The line is read on a thread of its own, so the wait is bounded.
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = match rx.recv_timeout(STARTUP_TIMEOUT) {
            Ok(line) => line,
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("vita did not start within {STARTUP_TIMEOUT:?}: {}", self.log())
            }
        };
        let Some(base) = line.trim().strip_prefix("Vita is running at ").map(str::to_owned) else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("unexpected first line {line:?}: {}", self.log())
        };
        Server { child: Some(child), base }
    }

    /// The server's log so far (its stderr, appended over restarts).
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.data_dir.join("vita.log")).unwrap_or_default()
    }
}

/// A running server; killed by its PID when dropped.
pub struct Server {
    child: Option<Child>,
    /// e.g. `http://127.0.0.1:43121`
    pub base: String,
}

impl Server {
    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("running").id()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Resident memory of the process in MB (Linux `/proc`), if readable.
    pub fn rss_mb(&self) -> Option<f64> {
        rss_mb(self.pid())
    }

    /// `kill -9`: the process ends at once, as in a crash or a power cut of the process.
    pub fn kill9(mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// SIGTERM, waited on for a bounded time (then SIGKILL). Returns whether it exited cleanly.
    pub fn stop(mut self) -> bool {
        let Some(mut child) = self.child.take() else { return false };
        let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
        let deadline = Instant::now() + SHUTDOWN_TIMEOUT;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = child.try_wait() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = child.kill();
        let _ = child.wait();
        false
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Resident memory of a process in MB, from `/proc/<pid>/status`.
pub fn rss_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: f64 = status.lines().find_map(|line| line.strip_prefix("VmRSS:"))?.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb / 1024.0)
}
