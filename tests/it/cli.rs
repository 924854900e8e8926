//! The real `vita` binary: its commands, their help and errors, and a serve that starts,
//! prints its address, answers and shuts down cleanly on SIGTERM.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use sea_orm::{ConnectionTrait, Statement};
use vita::store::{self, Database};

const VITA: &str = env!("CARGO_BIN_EXE_vita");

fn vita(args: &[&str], data_dir: &std::path::Path) -> Command {
    let mut command = Command::new(VITA);
    command.args(args).env("VITA_DATA_DIR", data_dir).env_remove("DATABASE_URL");
    command
}

#[test]
fn every_command_has_help_and_bad_flags_are_explained() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["--help"][..],
        &["serve", "--help"],
        &["migrate", "--help"],
        &["admin", "add", "--help"],
        &["admin", "reset-2fa", "--help"],
        &["import", "bibtex", "--help"],
        &["import", "doi", "--help"],
        &["import", "orcid", "--help"],
        &["import", "site", "--help"],
        &["citations", "refresh", "--help"],
        &["backup", "--help"],
        &["restore", "--help"],
        &["export", "--help"],
    ] {
        let output = vita(args, dir.path()).output().unwrap();
        assert!(output.status.success(), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stdout).contains("Usage"), "{args:?}");
    }
    let output = vita(&["serve", "--no-such-flag"], dir.path()).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--no-such-flag"));
    let output = vita(&["serve", "--listen", "not-an-address"], dir.path()).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn migrate_creates_the_sqlite_database_in_the_data_folder() {
    let dir = tempfile::tempdir().unwrap();
    let output = vita(&["migrate"], dir.path()).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(dir.path().join("vita.db").exists());
    let said = String::from_utf8_lossy(&output.stdout);
    assert_eq!(said.trim(), format!("The database in {} is up to date.", dir.path().join("vita.db").display()));
    // The log went to a pipe, not a terminal: plain text, no colour codes.
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(log.contains("Applying migration"), "{log}");
    assert!(!log.contains('\x1b'), "ANSI escape codes in a log that is not a terminal: {log:?}");
    let again = vita(&["migrate"], dir.path()).output().unwrap();
    assert!(again.status.success(), "migrating twice is harmless");
}

#[test]
fn admin_add_reads_the_password_from_stdin_and_refuses_weak_ones() {
    let dir = tempfile::tempdir().unwrap();
    let add = |password: &str| {
        let mut child = vita(&["admin", "add", "--create", "--email", "owner@example.org"], dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        writeln!(child.stdin.take().unwrap(), "{password}").unwrap();
        child.wait_with_output().unwrap()
    };
    let weak = add("short");
    assert!(!weak.status.success());
    assert!(String::from_utf8_lossy(&weak.stderr).contains("at least 10 characters"));
    let ok = add("a long enough passphrase");
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    assert!(String::from_utf8_lossy(&ok.stdout).contains("owner@example.org"));
}

#[test]
fn serve_prints_its_address_answers_and_stops_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = vita(&["serve", "--listen", "127.0.0.1:0"], dir.path())
        .env_remove("RUST_LOG")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let url = line.trim().strip_prefix("Vita is running at ").unwrap_or_else(|| panic!("unexpected first line {line:?}")).to_owned();
    // A fresh database: the next line is the one-time setup link, and only its token creates the owner.
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let prefix = format!("No owner account yet: create it at {url}/admin/setup?token=");
    let token =
        line.trim().strip_prefix(&prefix).and_then(|rest| rest.split(' ').next()).unwrap_or_else(|| panic!("no setup link in {line:?}"));
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (ready, without, with) = runtime.block_on(async {
        let client = reqwest::Client::new();
        let setup = |token: &str| {
            let body = serde_json::json!({ "email": "me@example.org", "password": "a long enough passphrase", "password_confirmation": "a long enough passphrase", "token": token });
            client.post(format!("{url}/api/auth/setup")).json(&body).send()
        };
        let ready = reqwest::get(format!("{url}/readyz")).await.unwrap().status();
        (ready.as_u16(), setup("guessed").await.unwrap().status().as_u16(), setup(token).await.unwrap().status().as_u16())
    });
    assert_eq!((ready, without, with), (200, 403, 200));
    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "a SIGTERM ends the server cleanly, got {:?}", output.status);
    assert!(dir.path().join("vita.db").exists());
    // At the default level, one plain line per request, written out before the exit.
    let log = String::from_utf8_lossy(&output.stderr);
    let requests: Vec<&str> = log.lines().filter(|line| line.contains(": request ")).collect();
    assert_eq!(requests.len(), 3, "{log}");
    let ready = requests.iter().find(|line| line.contains("path=\"/readyz\"")).unwrap_or_else(|| panic!("{log}"));
    let (time, rest) =
        ready.split_once("  INFO vita::http::middleware: request method=GET path=\"/readyz\" status=200 latency_ms=").unwrap();
    assert!(chrono::DateTime::parse_from_rfc3339(time).is_ok(), "{ready}");
    assert!(rest.parse::<f64>().is_ok(), "{ready}");
    assert!(requests.iter().any(|line| line.contains("method=POST path=\"/api/auth/setup\" status=403")), "{log}");
    assert!(!log.contains('\x1b'), "{log:?}");
}

#[test]
fn import_bibtex_previews_imports_and_fails_when_nothing_is_new() {
    let dir = tempfile::tempdir().unwrap();
    let bib = dir.path().join("papers.bib");
    std::fs::write(
        &bib,
        "@article{a, title={Masking {AES}}, author={Doe, Jane}, journal={TC}, year=2024}\n\
         @article{b, title={Broken, author={Doe, Jane}, year=2024}\n\
         @misc{c, title={Masking AES}, author={X Y}, year=2024}\n",
    )
    .unwrap();
    let path = bib.to_str().unwrap();
    let run = |args: &[&str]| {
        let output = vita(args, dir.path()).output().unwrap();
        (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned(), String::from_utf8_lossy(&output.stderr).into_owned())
    };

    let (code, out, err) = run(&["import", "bibtex", path, "--dry-run"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("new        Masking AES (2024)"), "{out}");
    assert!(out.contains("invalid    Unbalanced braces"), "{out}");
    assert!(out.contains("duplicate  Masking AES (2024; same as the entry at line 1)"), "{out}");
    let database = dir.path().join("vita.db");
    let dry_run = format!("Dry run on {}: 1 publication imported, 2 skipped (nothing was written)", database.display());
    assert!(out.trim_end().ends_with(&dry_run), "{out}");

    let (code, out, _) = run(&["import", "bibtex", path]);
    assert_eq!(code, Some(0));
    assert!(out.trim_end().ends_with(&format!("1 publication imported, 2 skipped in {}", database.display())), "{out}");

    // The dry run wrote nothing, the import one paper: a second import finds nothing new.
    let (code, out, err) = run(&["import", "bibtex", path]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("Masking AES (2024; already stored)"), "{out}");
    assert!(err.contains("nothing could be imported"), "{err}");

    let (code, _, err) = run(&["import", "bibtex", path, "--update-duplicates"]);
    assert_eq!(code, Some(0), "{err}");

    std::fs::write(&bib, "no entries here").unwrap();
    let (code, _, err) = run(&["import", "bibtex", path]);
    assert_eq!(code, Some(1));
    assert!(err.contains("No BibTeX entries found"), "{err}");
}

#[test]
fn serve_runs_on_when_its_output_is_closed() {
    // A supervisor or a script that read the address may close the pipe: the server must not die
    // on its next line of output (a `println!` would panic on the broken pipe).
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let (closed, write_end) = std::io::pipe().unwrap();
    drop(closed);
    let mut child =
        vita(&["serve", "--listen", &format!("127.0.0.1:{port}")], dir.path()).stdout(write_end).stderr(Stdio::null()).spawn().unwrap();
    let ready = tokio::runtime::Runtime::new().unwrap().block_on(async {
        for _ in 0..100 {
            if let Ok(response) = reqwest::get(format!("http://127.0.0.1:{port}/readyz")).await {
                return Some(response.status().as_u16());
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        None
    });
    let still_running = child.try_wait().unwrap().is_none();
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let exit = child.wait().unwrap();
    assert_eq!((ready, still_running), (Some(200), true), "exit: {exit:?}");
    assert!(exit.success(), "{exit:?}");
}

/// Issue 41, item 14: the boolean variables read as a person writes them (1/0, true/false,
/// yes/no, on/off), not only `true`/`false`.
#[test]
fn boolean_variables_accept_one_yes_and_true() {
    let dir = tempfile::tempdir().unwrap();
    assert!(vita(&["migrate"], dir.path()).output().unwrap().status.success());
    for on in ["1", "true", "yes", "on", "TRUE"] {
        let output = vita(&["citations", "refresh"], dir.path()).env("VITA_NO_OUTSIDE_CALLS", on).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("invalid value"), "{on}: {stderr}");
        assert!(stderr.contains(vita::scholarly::TURNED_OFF), "{on}: outside calls should be off: {stderr}");
    }
    for off in ["0", "false", "no", "off"] {
        let output = vita(&["citations", "refresh", "--help"], dir.path()).env("VITA_NO_OUTSIDE_CALLS", off).output().unwrap();
        assert!(output.status.success(), "{off}");
        let output = vita(&["citations", "refresh"], dir.path())
            .env("VITA_NO_OUTSIDE_CALLS", off)
            .env("VITA_CROSSREF_BASE", "http://127.0.0.1:9")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("invalid value") && !stderr.contains(vita::scholarly::TURNED_OFF), "{off}: {stderr}");
    }
}

/// How many tables a PostgreSQL schema has.
async fn tables(db: &sea_orm::DatabaseConnection, schema: &str) -> i64 {
    let sql = format!("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = '{schema}'");
    let row = db.query_one_raw(Statement::from_string(db.get_database_backend(), sql)).await.unwrap().unwrap();
    row.try_get::<i64>("", "n").unwrap()
}

/// `vita admin add` with the password on standard input.
fn admin_add(extra: &[&str], data_dir: &std::path::Path, database_url: Option<&str>) -> std::process::Output {
    let mut command = vita(&[&["admin", "add", "--email", "owner@example.org"], extra].concat(), data_dir);
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    writeln!(child.stdin.take().unwrap(), "a long enough passphrase").unwrap();
    child.wait_with_output().unwrap()
}

/// Issue 41, item 12: run where there is no database (outside the data folder, or against an
/// empty PostgreSQL database), `vita admin add` creates none unless given `--create`, and says
/// where it looked; the commands name the database they worked on, a PostgreSQL URL without
/// its password.
#[tokio::test]
async fn admin_add_creates_a_database_only_when_asked_and_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("vita.db");
    let refused = admin_add(&[], dir.path(), None);
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success() && !file.exists(), "{said}");
    assert!(said.contains(&format!("there is no Vita database in {}", file.display())) && said.contains("--create"), "{said}");
    let created = admin_add(&["--create"], dir.path(), None);
    assert!(created.status.success(), "{}", String::from_utf8_lossy(&created.stderr));
    let said = String::from_utf8_lossy(&created.stdout);
    assert_eq!(said.trim(), format!("Owner account owner@example.org is ready in {}: sign in at /admin/login.", file.display()));
    let again = admin_add(&[], dir.path(), None);
    assert!(again.status.success(), "a password reset on the site there: {}", String::from_utf8_lossy(&again.stderr));

    // PostgreSQL: an empty schema is no site yet. The password is never printed.
    let mut url = reqwest::Url::parse(&crate::helpers::postgres_url()).unwrap();
    if url.password().is_none() {
        // The tests' server trusts local connections: any password does.
        url.set_password(Some("never-printed")).unwrap();
    }
    let password = url.password().unwrap().to_owned();
    let schema = format!("vita_cli_{}", uuid::Uuid::new_v4().simple());
    let admin = store::connect(&Database::Postgres { url: url.to_string(), schema: None }).await.unwrap();
    admin.execute_unprepared(&format!("CREATE SCHEMA {schema}")).await.unwrap();
    let database_url = format!("{url}?options[search_path]={schema}");
    let refused = admin_add(&[], dir.path(), Some(&database_url));
    let said = String::from_utf8_lossy(&refused.stderr).into_owned();
    assert!(!refused.status.success(), "{said}");
    assert!(said.contains("there is no Vita database in postgres://") && said.contains(&schema), "{said}");
    assert_eq!(tables(&admin, &schema).await, 0, "nothing created");
    let created = admin_add(&["--create"], dir.path(), Some(&database_url));
    let said = String::from_utf8_lossy(&created.stdout).into_owned();
    assert!(created.status.success(), "{}", String::from_utf8_lossy(&created.stderr));
    assert!(said.contains("is ready in postgres://") && said.contains(&schema), "{said}");
    assert!(tables(&admin, &schema).await > 0);
    for output in [&refused, &created] {
        let all = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        assert!(!all.contains(&password), "the password is printed: {all}");
    }
    admin.execute_unprepared(&format!("DROP SCHEMA {schema} CASCADE")).await.unwrap();
    store::close(admin).await;
}
