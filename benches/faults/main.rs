//! The fault suite's figures, against a real `vita` binary (bench/run passes the release one):
//!
//! - load with writes: `--rate` requests/s (open loop) over the public pages for `--seconds`,
//!   with one owner save a second; requests, errors, latency percentiles, the server's memory;
//! - brute force: fifty wrong passwords at once, how many were checked against the hash;
//! - kill -9 during writes: `--cycles` crashes, acknowledged writes lost, integrity check;
//! - with `--postgres`: two instances on one schema, how long 100 edits saved through one take
//!   to show on the other (p50, p99; the budget is 1 s at p99).
//!
//! `cargo bench --bench faults -- --bin target/release/vita --data DIR` where DIR was seeded
//! with `cargo bench --bench pages -- --seed-only DIR`. `--server-cpu N` pins the server to
//! core N (run this process on another core); `--postgres URL` repeats the kill cycles on
//! PostgreSQL (in a schema of its own, dropped afterwards); `--reads-only` runs only the load,
//! without saves; `--instances-only` only the two instances. It prints and never fails on a
//! figure.

mod instances;
mod kill;
mod load;
mod server;

use std::path::PathBuf;
use std::time::Duration;

use sea_orm::ConnectionTrait;
use serde_json::json;
use server::ServerSpec;
use vita::store::{self, Database};

const OWNER: (&str, &str) = ("owner@example.org", "correct horse battery staple");

struct Args {
    bin: PathBuf,
    data: PathBuf,
    rate: u32,
    seconds: u64,
    cycles: u32,
    cpu: Option<u32>,
    postgres: Option<String>,
    /// Only the load, without the owner's saves (the baseline the saves are compared with).
    reads_only: bool,
    /// Only the two instances on PostgreSQL.
    instances_only: bool,
}

fn args() -> Args {
    let args: Vec<String> = std::env::args().collect();
    let option = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned());
    Args {
        bin: option("--bin").unwrap_or_else(|| "target/release/vita".to_owned()).into(),
        data: option("--data").expect("--data DIR (seeded with `cargo bench --bench pages -- --seed-only DIR`)").into(),
        rate: option("--rate").map_or(200, |v| v.parse().expect("--rate")),
        seconds: option("--seconds").map_or(30, |v| v.parse().expect("--seconds")),
        cycles: option("--cycles").map_or(20, |v| v.parse().expect("--cycles")),
        cpu: option("--server-cpu").map(|v| v.parse().expect("--server-cpu")),
        postgres: option("--postgres"),
        reads_only: args.iter().any(|a| a == "--reads-only"),
        instances_only: args.iter().any(|a| a == "--instances-only"),
    }
}

async fn load_with_writes(args: &Args) {
    let spec =
        ServerSpec { bin: args.bin.clone(), data_dir: args.data.clone(), database_url: None, cpu: args.cpu, render_workers: Some(1) };
    spec.add_owner(OWNER.0, OWNER.1);
    let server = spec.start();
    let paths = load::public_paths(&server.base).await;
    // Every page once before the clock starts: the measure is what the saves cost visitors of
    // a running site, not the first renders of a server just started (with one render worker,
    // requests queued behind them took p99 from 2 ms to 450 ms whether or not anyone saved).
    for path in &paths {
        reqwest::get(server.url(path)).await.and_then(|r| r.error_for_status()).unwrap_or_else(|e| panic!("GET {path}: {e}"));
    }
    let rss_before = server.rss_mb().unwrap_or(0.0);
    let plan = load::Plan {
        base: server.base.clone(),
        paths,
        rate: args.rate,
        duration: Duration::from_secs(args.seconds),
        timeout: Duration::from_secs(5),
        owner: (!args.reads_only).then(|| (OWNER.0.to_owned(), OWNER.1.to_owned())),
    };
    let saves = if args.reads_only { "no saves" } else { "one save a second" };
    println!("== Load: {} requests/s (open loop) over {} public pages, {saves}, {} s", args.rate, plan.paths.len(), args.seconds);
    let report = load::run(&plan).await;
    let rss_after = server.rss_mb().unwrap_or(0.0);
    println!("{}", report.summary());
    // Recovery: how long after the load the home page answers as fast as before it again.
    let client = reqwest::Client::new();
    let probe = |client: reqwest::Client, url: String| async move {
        let started = std::time::Instant::now();
        let ok = client.get(url).send().await.map(|r| r.status().is_success()).unwrap_or(false);
        (ok, started.elapsed())
    };
    let recovered_at = std::time::Instant::now();
    let mut recovery = None;
    while recovered_at.elapsed() < Duration::from_secs(60) {
        let (ok, latency) = probe(client.clone(), server.url("/")).await;
        if ok && latency < Duration::from_millis(50) {
            recovery = Some(recovered_at.elapsed());
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let recovery = recovery.map_or("more than 60 s".to_owned(), |d| format!("{:.1} s", d.as_secs_f64()));
    println!(
        "server memory (RSS) {rss_before:.0} MB before, {rss_after:.0} MB after; / answers in < 50 ms again {recovery} after the load"
    );
    server.stop();
}

async fn brute_force(args: &Args) {
    let dir = tempfile::tempdir().unwrap();
    let spec =
        ServerSpec { bin: args.bin.clone(), data_dir: dir.path().to_owned(), database_url: None, cpu: args.cpu, render_workers: Some(1) };
    spec.add_owner(OWNER.0, OWNER.1);
    let server = spec.start();
    let mut guesses = tokio::task::JoinSet::new();
    for i in 0..50 {
        let (url, base) = (server.url("/api/auth/token"), server.base.clone());
        guesses.spawn(async move {
            let body = json!({ "email": OWNER.0, "password": format!("guess number {i}") });
            reqwest::Client::new().post(url).header("origin", base).json(&body).send().await.map(|r| r.status().as_u16()).unwrap_or(0)
        });
    }
    let statuses = guesses.join_all().await;
    // 400: the password was checked and wrong; 429: refused before the check.
    let checked = statuses.iter().filter(|s| **s == 400).count();
    let refused = statuses.iter().filter(|s| **s == 429).count();
    println!("\n== Brute force: 50 guesses at once");
    println!("checked {checked} of 50 against the password, {refused} refused (429), {} other", 50 - checked - refused);
    server.stop();
}

/// A new schema for a measurement on the server at `url`, and the URL that works in it.
async fn create_schema(url: &str) -> (String, String) {
    let schema = format!("vita_bench_{}", uuid::Uuid::new_v4().simple());
    let admin = store::connect(&Database::Postgres { url: url.to_owned(), schema: None }).await.expect("PostgreSQL");
    admin.execute_unprepared(&format!("CREATE SCHEMA {schema}")).await.expect("create schema");
    store::close(admin).await;
    // sqlx's `options[search_path]`: the server's connections use the schema.
    let in_schema = format!("{url}{}options[search_path]={schema}", if url.contains('?') { '&' } else { '?' });
    (schema, in_schema)
}

async fn drop_schema(url: &str, schema: &str) {
    let admin = store::connect(&Database::Postgres { url: url.to_owned(), schema: None }).await.expect("PostgreSQL");
    let _ = admin.execute_unprepared(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).await;
    store::close(admin).await;
}

async fn kill_cycles(args: &Args, postgres: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let (schema, database_url, check_db) = match postgres {
        Some(url) => {
            let (schema, url) = create_schema(url).await;
            (Some(schema), Some(url.clone()), Database::Postgres { url, schema: None })
        }
        None => (None, None, Database::Sqlite { path: dir.path().join(store::SQLITE_FILE) }),
    };
    let spec = ServerSpec { bin: args.bin.clone(), data_dir: dir.path().to_owned(), database_url, cpu: args.cpu, render_workers: Some(1) };
    println!(
        "\n== kill -9 during writes ({}): {} cycles, each killed 0.2–2 s after the writers start",
        if postgres.is_some() { "PostgreSQL" } else { "SQLite" },
        args.cycles
    );
    // Opened before the first start, so the server's migrations create the tables it reads.
    let db = store::connect(&check_db).await.expect("open the database");
    let report = kill::run(&spec, OWNER, args.cycles, Duration::from_millis(200)..Duration::from_secs(2), &db).await;
    store::close(db).await;
    println!("{}", report.summary());
    if let (Some(url), Some(schema)) = (postgres, schema) {
        drop_schema(url, &schema).await;
    }
}

/// Two instances on one new schema: 100 edits of the owner's name saved through A, each timed
/// from its request until B's (cached) home page shows it.
async fn invalidation_across_instances(args: &Args, postgres: &str) {
    let (schema, url) = create_schema(postgres).await;
    let dir = tempfile::tempdir().unwrap();
    let spec = ServerSpec {
        bin: args.bin.clone(),
        data_dir: dir.path().to_owned(),
        database_url: Some(url.clone()),
        cpu: None,
        render_workers: Some(1),
    };
    spec.add_owner(OWNER.0, OWNER.1);
    let (a, b) = (instances::Instance::start(&args.bin, &url, &[]), instances::Instance::start(&args.bin, &url, &[]));
    let cookie = instances::sign_in(&a, OWNER.0, OWNER.1).await;
    let edits = 100;
    let delays = instances::edit_delays(&a, &b, &cookie, edits).await;
    let ms = |percent| instances::percentile(&delays, percent).as_secs_f64() * 1000.0;
    println!("\n== Two instances on PostgreSQL: {edits} edits saved through A, until B's cached home page shows each");
    println!(
        "p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms (budget: 1 s at p99); B heard {} announcements",
        ms(50),
        ms(99),
        ms(100),
        b.log().matches(instances::HEARD).count()
    );
    drop((a, b));
    drop_schema(postgres, &schema).await;
}

#[tokio::main]
async fn main() {
    let args = args();
    if args.instances_only {
        invalidation_across_instances(&args, args.postgres.as_deref().expect("--instances-only needs --postgres URL")).await;
        return;
    }
    load_with_writes(&args).await;
    if args.reads_only {
        return;
    }
    brute_force(&args).await;
    kill_cycles(&args, None).await;
    if let Some(url) = &args.postgres {
        kill_cycles(&args, Some(url)).await;
        invalidation_across_instances(&args, url).await;
    }
}
