//! The `vita` binary: parses the command line and hands over to the library.

use std::io::IsTerminal;

use clap::Parser;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let cli = vita::cli::Cli::parse();
    // A line per request is written by a thread of its own, so a request never waits on the
    // terminal or the journal. Under a flood the writer drops lines rather than the server
    // slowing down. Dropping the guard writes out what is still queued.
    let (writer, log_guard) = tracing_appender::non_blocking(std::io::stderr());
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .with_writer(writer)
        // Colour codes only for a person at a terminal: a log file or journal gets plain text.
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let result = vita::cli::run(cli).await;
    // The log first, so its last lines come before the error below.
    drop(log_guard);
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
