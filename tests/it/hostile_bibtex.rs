//! Issue 31: hostile .bib files against the real `vita serve` process, as an attacker with the
//! owner's session (or a file passed around a research group) would send them, on SQLite and
//! PostgreSQL. After each: the process is alive (`/readyz` 200), its memory grew by less than
//! 100 MB, and pages were served while it read. `vita import bibtex` gets the same files.

use std::process::Command;

use serde_json::Value;

use crate::helpers::{ServerProcess, TestDb};
use crate::on_both_databases;

const VITA: &str = env!("CARGO_BIN_EXE_vita");

/// Previews `text` while a visitor keeps asking for the home page (each answer must be a 200);
/// returns the preview's status and body.
async fn preview_while_serving(server: &ServerProcess, text: String) -> (u16, Value) {
    let preview = server.client.post(server.url("/api/publications/import/preview")).body(text).send();
    let visitor = reqwest::Client::new();
    let pages = async {
        // Bounded: at most 500 requests, 20 ms apart.
        for _ in 0..500 {
            let page = visitor.get(server.url("/")).send().await.expect("the site answers while the file is read");
            assert_eq!(page.status(), 200);
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    tokio::pin!(pages);
    let response = tokio::select! {
        response = preview => response.unwrap(),
        _ = &mut pages => panic!("the preview took more than 500 page loads"),
    };
    let status = response.status().as_u16();
    let body = response.json().await.unwrap_or(Value::Null);
    // At least one page load after the preview too.
    let page = visitor.get(server.url("/")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    (status, body)
}

fn self_referencing() -> String {
    "@string{a = a # \"x\"}\n@article{k, title={T}, author={A B}, journal=a, year=2020}\n\
     @article{ok, title={Still here}, author={A B}, journal={J}, year=2021}\n"
        .to_owned()
}

fn mutually_referencing() -> String {
    "@string{a = b # \"x\"}\n@string{b = a # \"y\"}\n@article{k, title={T}, author={A B}, journal=b, year=2020}\n\
     @article{ok, title={Still here}, author={A B}, journal={J}, year=2021}\n"
        .to_owned()
}

/// "Billion laughs": each level doubles the one before; 26 levels took 13 s and 2^26 bytes.
fn exploding(levels: usize) -> String {
    let mut text = String::from("@string{a0 = \"xx\"}\n");
    for i in 1..=levels {
        text.push_str(&format!("@string{{a{i} = a{} # a{}}}\n", i - 1, i - 1));
    }
    text + &format!("@article{{k, title={{T}}, author={{A B}}, journal=a{levels}, year=2020}}\n")
        + "@article{ok, title={Still here}, author={A B}, journal={J}, year=2021}\n"
}

/// 8,000 strings, then 8,000 entries using them (1.3 MB; 10.5 s when parsed per entry).
fn many_strings_then_entries() -> String {
    let mut text = String::new();
    for i in 0..8_000 {
        text.push_str(&format!("@string{{s{i} = {{Proceedings of the {i}th Workshop}}}}\n"));
    }
    for i in 0..8_000 {
        text.push_str(&format!("@article{{k{i}, title={{Paper {i}}}, author={{Doe, Jane}}, journal=s{i}, year=2020}}\n"));
    }
    text
}

async fn hostile_files_leave_the_site_serving(test_db: TestDb) {
    let server = ServerProcess::start(&test_db).await;
    // Idle means after the page renderer has started and rendered (its JavaScript engine is
    // most of the process's memory): what grows after that is the files' doing.
    for path in ["/", "/publications", "/news", "/about"] {
        assert_eq!(reqwest::get(server.url(path)).await.unwrap().status(), 200);
    }
    let idle = server.rss_kb();
    let cases: [(&str, String); 5] = [
        ("a macro referencing itself", self_referencing()),
        ("two macros referencing each other", mutually_referencing()),
        ("24 doubling levels", exploding(24)),
        ("26 doubling levels", exploding(26)),
        ("8,000 strings before 8,000 entries", many_strings_then_entries()),
    ];
    for (name, text) in cases {
        let (status, preview) = preview_while_serving(&server, text).await;
        assert!(server.ready().await, "{name}: the server is down");
        assert_eq!(status, 200, "{name}: {preview}");
        let entries = preview["entries"].as_array().unwrap();
        if name.contains("8,000") {
            assert_eq!(preview["new"], 8_000, "{name}");
        } else {
            assert_eq!(entries[0]["status"], "invalid", "{name}: {}", entries[0]);
            let reason = entries[0]["reason"].as_str().unwrap();
            assert!(reason.starts_with("Uses the @string macro "), "{name}: {reason}");
            assert_eq!(entries[1]["status"], "new", "{name}: the rest of the file still imports");
        }
        let grown_mb = server.rss_kb().saturating_sub(idle) / 1024;
        eprintln!("{name}: {grown_mb} MB above idle");
        assert!(grown_mb < 100, "{name}: the server grew by {grown_mb} MB");
    }
}

/// The command line reads the same files with the same limits: a clear line, never a crash.
async fn the_command_line_survives_them_too(test_db: TestDb) {
    let data = tempfile::tempdir().unwrap();
    for (text, expected) in [
        (self_referencing(), "refers to itself"),
        (mutually_referencing(), "refer to each other"),
        (exploding(26), "expands to more than 64 KB"),
    ] {
        let file = data.path().join("hostile.bib");
        std::fs::write(&file, text).unwrap();
        let output = Command::new(VITA)
            .args(["import", "bibtex", file.to_str().unwrap()])
            .env("VITA_DATA_DIR", data.path())
            .env("DATABASE_URL", test_db.database_url())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        // 0, or 1 once "Still here" is stored and nothing is left to import: never a signal.
        assert!(output.status.code().is_some(), "killed by a signal: {stdout}");
        assert!(stdout.contains(expected), "{stdout}");
        assert!(stdout.contains("Still here"), "{stdout}");
    }
}

on_both_databases!(hostile_files_leave_the_site_serving, the_command_line_survives_them_too);

/// Past the time limit, a clear 422 on the file (no database needed: the limit is the
/// reader's own).
#[tokio::test]
async fn a_file_past_the_time_limit_gets_a_clear_422() {
    let refused = vita::import::read_file(&many_strings_then_entries(), std::time::Duration::ZERO).await.unwrap_err();
    let vita::error::AppError::Validation { fields, .. } = refused else { panic!("{refused:?}") };
    assert_eq!(fields.first_message(), Some("This file takes too long to read"));
    let read = vita::import::read_file(&many_strings_then_entries(), vita::import::READ_LIMIT).await.unwrap();
    assert_eq!(read.len(), 8_000);
}
