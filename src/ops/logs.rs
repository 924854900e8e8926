//! The log: `tracing` lines and one line per request, into a buffer in memory that a thread
//! of its own writes to stderr every 100 ms (or as soon as 64 KB are waiting).
//!
//! A cached page costs the server about 25,000 instructions. Through `tracing`'s formatter a
//! request line cost another 9,500 (its timestamp, colour-aware level, field visitor and
//! float formatting; counted with callgrind) plus a wake-up of the writer thread per line: 14 %
//! of cached throughput. So the request line, the one line written per request, is formatted
//! here by hand in the same layout, and appended to the buffer under a lock nobody else holds
//! for long. Everything else still goes through `tracing`. A request never waits on the
//! terminal or the journal: when the writer falls behind by more than 4 MB, lines are dropped
//! and their number is written out in their place.

use std::cell::RefCell;
use std::io::{IsTerminal, Write};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

use axum::http::{Method, StatusCode};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

/// How long a line may wait in memory before it is written.
const INTERVAL: Duration = Duration::from_millis(100);
/// Waiting bytes that wake the writer before its interval ends.
const WAKE_AT: usize = 64 * 1024;
/// Waiting bytes beyond which lines are dropped.
const MAX_WAITING: usize = 4 * 1024 * 1024;

#[derive(Default)]
struct Waiting {
    bytes: Vec<u8>,
    dropped: u64,
    closed: bool,
}

/// The buffer and the writer thread's wake-up, shared by every clone of `Writer`.
#[derive(Default)]
pub struct Shared {
    waiting: Mutex<Waiting>,
    wake: Condvar,
}

/// The `tracing` writer: cheap to clone, appends whole lines to the buffer.
#[derive(Clone)]
pub struct Writer(Arc<Shared>);

/// Writes out what is still waiting and stops the writer thread when dropped: keep it alive
/// until the program's last line is logged.
pub struct Guard {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

/// Where request lines go once `init` has run. Without it (the tests' in-process servers),
/// they go through `tracing` like any other line.
static REQUEST_LINES: OnceLock<Writer> = OnceLock::new();

/// Sets up the log for the `vita` program: stderr, the `RUST_LOG` filter (default `info`),
/// colour codes only for a person at a terminal. Keep the guard until the last line is logged.
pub fn init() -> Guard {
    let (writer, guard) = buffered(std::io::stderr());
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .with_writer(writer.clone())
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    // Plain text only: a request line never carries colour codes, so it is written by hand
    // only when the other lines are plain too.
    if !std::io::stderr().is_terminal() {
        let _ = REQUEST_LINES.set(writer);
    }
    guard
}

/// One line per request: `<time>  INFO vita::http::middleware: request method=GET path="/"
/// status=200 latency_ms=0.000571`, filtered by `RUST_LOG` like a `tracing` line of that
/// module. A 5xx is an error line.
pub fn request(method: &Method, path: &str, status: StatusCode, latency: Duration) {
    let status = status.as_u16();
    if status >= 500 {
        tracing::error!(target: REQUEST_TARGET, %method, path, status, latency_ms = latency.as_secs_f64() * 1000.0, "request");
        return;
    }
    if !tracing::enabled!(target: REQUEST_TARGET, tracing::Level::INFO) {
        return;
    }
    let Some(writer) = REQUEST_LINES.get() else {
        tracing::info!(target: REQUEST_TARGET, %method, path, status, latency_ms = latency.as_secs_f64() * 1000.0, "request");
        return;
    };
    thread_local! {
        /// The line being formatted, and the time stamp's seconds part for the last second seen.
        static LINE: RefCell<(Vec<u8>, u64, [u8; 19])> = const { RefCell::new((Vec::new(), u64::MAX, [0; 19])) };
    }
    LINE.with_borrow_mut(|(line, cached_second, second_text)| {
        let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default();
        if now.as_secs() != *cached_second {
            *cached_second = now.as_secs();
            let time = chrono::DateTime::from_timestamp(now.as_secs() as i64, 0).unwrap_or_default();
            second_text.copy_from_slice(time.format("%Y-%m-%dT%H:%M:%S").to_string().as_bytes());
        }
        line.clear();
        line.extend_from_slice(second_text);
        line.push(b'.');
        push_padded(line, now.subsec_micros(), 6);
        line.extend_from_slice(b"Z  INFO ");
        line.extend_from_slice(REQUEST_TARGET.as_bytes());
        line.extend_from_slice(b": request method=");
        line.extend_from_slice(method.as_str().as_bytes());
        line.extend_from_slice(b" path=");
        // A path is percent-encoded ASCII as it arrives; quoting it as `Debug` would escape
        // only what cannot be there, so that is done only if something needs it.
        if path.bytes().all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\') {
            line.push(b'"');
            line.extend_from_slice(path.as_bytes());
            line.push(b'"');
        } else {
            let _ = write!(line, "{path:?}");
        }
        line.extend_from_slice(b" status=");
        line.extend_from_slice(itoa::Buffer::new().format(status).as_bytes());
        let nanos = latency.as_nanos();
        line.extend_from_slice(b" latency_ms=");
        line.extend_from_slice(itoa::Buffer::new().format(nanos / 1_000_000).as_bytes());
        line.push(b'.');
        push_padded(line, (nanos % 1_000_000) as u32, 6);
        line.push(b'\n');
        let _ = writer.make_writer().write_all(line);
    });
}

/// The module the request line is attributed to, for `RUST_LOG` and in the line.
const REQUEST_TARGET: &str = "vita::http::middleware";

/// `value` in decimal with leading zeros to `width` digits.
fn push_padded(line: &mut Vec<u8>, value: u32, width: usize) {
    let mut digits = itoa::Buffer::new();
    let digits = digits.format(value);
    line.extend(std::iter::repeat_n(b'0', width.saturating_sub(digits.len())));
    line.extend_from_slice(digits.as_bytes());
}

/// A writer for `tracing_subscriber` and the guard that flushes it, writing to `out`.
pub fn buffered(out: impl Write + Send + 'static) -> (Writer, Guard) {
    let shared = Arc::new(Shared::default());
    let thread = {
        let shared = Arc::clone(&shared);
        std::thread::Builder::new().name("vita-log".into()).spawn(move || write_out(&shared, out)).expect("start the log writer thread")
    };
    (Writer(Arc::clone(&shared)), Guard { shared, thread: Some(thread) })
}

/// The writer thread: takes everything waiting, writes it in one go, waits for more.
fn write_out(shared: &Shared, mut out: impl Write) {
    let mut batch = Vec::new();
    loop {
        let (dropped, closed) = {
            let mut waiting = shared.waiting.lock().unwrap_or_else(|e| e.into_inner());
            if waiting.bytes.is_empty() && !waiting.closed {
                waiting = shared.wake.wait_timeout(waiting, INTERVAL).unwrap_or_else(|e| e.into_inner()).0;
            }
            std::mem::swap(&mut batch, &mut waiting.bytes);
            (std::mem::take(&mut waiting.dropped), waiting.closed)
        };
        // A failing stderr has nowhere to report to: the lines are lost either way.
        let _ = out.write_all(&batch);
        if dropped > 0 {
            let _ = writeln!(out, "[{dropped} log lines dropped: the log could not be written fast enough]");
        }
        let _ = out.flush();
        batch.clear();
        if closed {
            return;
        }
    }
}

impl Write for &Shared {
    fn write(&mut self, line: &[u8]) -> std::io::Result<usize> {
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        if waiting.bytes.len() + line.len() > MAX_WAITING {
            waiting.dropped += 1;
        } else {
            let was_below = waiting.bytes.len() < WAKE_AT;
            waiting.bytes.extend_from_slice(line);
            if was_below && waiting.bytes.len() >= WAKE_AT {
                self.wake.notify_one();
            }
        }
        // Reported as written either way: a dropped line must not become an error upstream.
        Ok(line.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Writer {
    type Writer = &'a Shared;

    fn make_writer(&'a self) -> Self::Writer {
        &self.0
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        self.shared.waiting.lock().unwrap_or_else(|e| e.into_inner()).closed = true;
        self.shared.wake.notify_one();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the writer thread wrote, shared with the test.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_come_out_whole_and_in_order_and_the_guard_writes_the_rest() {
        let sink = Sink::default();
        let (writer, guard) = buffered(sink.clone());
        for i in 0..1000 {
            writer.make_writer().write_all(format!("line {i}\n").as_bytes()).unwrap();
        }
        drop(guard);
        let written = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        let expected: String = (0..1000).map(|i| format!("line {i}\n")).collect();
        assert_eq!(written, expected);
    }

    #[test]
    fn lines_are_written_within_the_interval_without_the_guard() {
        let sink = Sink::default();
        let (writer, _guard) = buffered(sink.clone());
        writer.make_writer().write_all(b"ready\n").unwrap();
        std::thread::sleep(INTERVAL * 3);
        assert_eq!(sink.0.lock().unwrap().as_slice(), b"ready\n");
    }

    #[test]
    fn a_writer_that_falls_behind_drops_lines_and_says_how_many() {
        // A sink that blocks until the test lets it go, so the buffer fills up.
        let gate = Arc::new(Mutex::new(()));
        struct Blocked(Sink, Arc<Mutex<()>>);
        impl Write for Blocked {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                let _open = self.1.lock().unwrap();
                self.0.write(buf)
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let sink = Sink::default();
        let closed = gate.lock().unwrap();
        let (writer, guard) = buffered(Blocked(sink.clone(), Arc::clone(&gate)));
        writer.make_writer().write_all(b"first\n").unwrap();
        std::thread::sleep(INTERVAL * 2); // the writer thread now waits on the gate with "first"
        let line = vec![b'x'; 1023].into_iter().chain([b'\n']).collect::<Vec<u8>>();
        let lines = MAX_WAITING / line.len() + 10;
        for _ in 0..lines {
            writer.make_writer().write_all(&line).unwrap();
        }
        drop(closed);
        drop(guard);
        let written = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        let kept = written.lines().filter(|l| l.starts_with('x')).count();
        assert_eq!(kept, MAX_WAITING / line.len());
        assert!(
            written.ends_with(&format!("[{} log lines dropped: the log could not be written fast enough]\n", lines - kept)),
            "{}",
            &written[written.len() - 100..]
        );
    }
}
