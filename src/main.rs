//! The `vita` binary: parses the command line and hands over to the library.

use clap::Parser;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let cli = vita::cli::Cli::parse();
    // Log lines wait in memory and a thread of its own writes them out (see `vita::ops::logs`).
    let log_guard = vita::ops::logs::init();
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
