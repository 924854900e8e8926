//! The sign-in lock under attack (issue 15, item 2), on SQLite and PostgreSQL, over HTTP:
//! fifty guesses at once reach the password check at most five times; a stranger's failures
//! lock out the stranger's address, not the owner signing in from another; and without
//! `--trusted-proxies` a client cannot choose its address with `X-Forwarded-For`.

use serde_json::json;
use tokio::task::JoinSet;
use vita::app::App;
use vita::auth::attempts::{self, Ceiling};
use vita::error::AppError;
use vita::ops::config::Config;

use crate::helpers::{OWNER_EMAIL, OWNER_PASSWORD, TestApp, TestDb, test_config};
use crate::on_both_databases;

async fn attempt(app: &TestApp, password: &str, forwarded_for: Option<&str>) -> u16 {
    let mut request = reqwest::Client::new().post(app.url("/api/auth/token")).json(&json!({ "email": OWNER_EMAIL, "password": password }));
    if let Some(address) = forwarded_for {
        request = request.header("x-forwarded-for", address);
    }
    request.send().await.unwrap().status().as_u16()
}

async fn fifty_parallel_guesses_are_checked_at_most_five_times(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    vita::auth::add_owner(&app.test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    let url = app.url("/api/auth/token");
    let mut guesses = JoinSet::new();
    for i in 0..50 {
        let url = url.clone();
        guesses.spawn(async move {
            let body = json!({ "email": OWNER_EMAIL, "password": format!("guess number {i}") });
            // On a loaded machine a write can wait for the database's lock longer than the
            // server allows (a second): 503 with Retry-After, before any check. The guess is
            // sent again when it says, as a client would, so every guess gets an answer.
            for _ in 0..10 {
                let response = reqwest::Client::new().post(&url).json(&body).send().await.unwrap();
                if response.status() != reqwest::StatusCode::SERVICE_UNAVAILABLE {
                    return response.status().as_u16();
                }
                let wait = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
                tokio::time::sleep(std::time::Duration::from_secs(wait)).await;
            }
            panic!("the server was busy ten times in a row");
        });
    }
    let statuses: Vec<u16> = guesses.join_all().await;
    let checked = statuses.iter().filter(|s| **s == 400).count();
    let refused = statuses.iter().filter(|s| **s == 429).count();
    assert_eq!(checked + refused, 50, "{statuses:?}");
    assert!(checked <= 5, "{checked} of 50 parallel guesses were checked against the password");
    // Refused guesses are no failures; the checked ones are. One by one, the guesses checked in
    // all come to exactly five before the lock, which then holds for the right password too.
    let mut more = 0;
    while attempt(&app, "one more guess", None).await == 400 {
        more += 1;
        assert!(checked + more <= 5, "more than five guesses were checked");
    }
    assert_eq!(checked + more, 5);
    assert_eq!(attempt(&app, OWNER_PASSWORD, None).await, 429);
}

/// The limiter alone, without the slow password check between a reservation and its failure,
/// at the moment that matters: four failures settled, then two attempts at once, one of which
/// fails as soon as it is let through. The other must count it whether it reads it in flight or
/// failed (a limit read in two statements missed a check that ended between them and let a
/// sixth guess through). Many trials, each its own account and address, to meet that moment.
async fn the_fifth_check_is_counted_while_it_ends(test_db: TestDb) {
    // Enough that the two-statement count failed on both databases (SQLite in 11–19 of 300
    // trials, PostgreSQL in 1 of 300).
    const TRIALS: usize = 500;
    let db = test_db.db.clone();
    let (mut fifth, mut sixth) = (0, Vec::new());
    for trial in 0..TRIALS {
        let (email, ip) = (format!("trial{trial}@example.org"), format!("198.51.{}.{}", trial / 256, trial % 256));
        for _ in 0..4 {
            attempts::reserve(&db, &email, Some(&ip), Ceiling::Applies).await.unwrap().failed(&db).await;
        }
        let mut tries = JoinSet::new();
        for _ in 0..2 {
            let (db, email, ip) = (db.clone(), email.clone(), ip.clone());
            tries.spawn(async move {
                match attempts::reserve(&db, &email, Some(&ip), Ceiling::Applies).await {
                    Ok(reservation) => {
                        reservation.failed(&db).await;
                        true
                    }
                    // Refused by the limit, or the database too busy to write the attempt.
                    Err(AppError::TooManyRequests { .. } | AppError::Unavailable(_)) => false,
                    Err(error) => panic!("{error:?}"),
                }
            });
        }
        match tries.join_all().await.into_iter().filter(|through| *through).count() {
            0 => {}
            1 => fifth += 1,
            _ => sixth.push(trial),
        }
    }
    assert!(sixth.is_empty(), "a sixth check was let through in trials {sixth:?} of {TRIALS}");
    // Both refused is right too (each counted the other in flight), but not in every trial.
    assert!(fifth > 0, "no fifth check was let through in {TRIALS} trials");
}

async fn a_strangers_failures_do_not_lock_the_owner_out(test_db: TestDb) {
    let app = TestApp::spawn_behind_proxy(test_db).await;
    vita::auth::add_owner(&app.test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    let stranger = Some("198.51.100.1");
    for _ in 0..5 {
        assert_eq!(attempt(&app, "wrong password", stranger).await, 400);
    }
    assert_eq!(attempt(&app, "wrong password", stranger).await, 429);
    assert_eq!(attempt(&app, OWNER_PASSWORD, stranger).await, 429, "the locked address waits");
    assert_eq!(attempt(&app, OWNER_PASSWORD, Some("203.0.113.9")).await, 200, "the owner, elsewhere, gets in");
    // The lock is in the database: a second instance on it refuses the stranger too.
    let data = tempfile::tempdir().unwrap();
    let config = Config { trusted_proxies: vec!["127.0.0.1/32".parse().unwrap()], ..test_config(data.path()) };
    let second = App::build_with(&config, app.test_db.db.clone()).await.unwrap();
    let url = format!("http://{}/api/auth/token", second.local_addr());
    // Served until the test's runtime ends: shutting it down would close the shared pool.
    tokio::spawn(second.serve(std::future::pending()));
    let status = reqwest::Client::new()
        .post(url)
        .header("x-forwarded-for", "198.51.100.1")
        .json(&json!({ "email": OWNER_EMAIL, "password": "wrong password" }))
        .send()
        .await
        .unwrap()
        .status();
    assert_eq!(status, 429);
}

async fn forwarded_for_is_ignored_without_trusted_proxies(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    vita::auth::add_owner(&app.test_db.db, OWNER_EMAIL, OWNER_PASSWORD).await.unwrap();
    for i in 0..5 {
        assert_eq!(attempt(&app, "wrong password", Some(&format!("198.51.100.{i}"))).await, 400);
    }
    assert_eq!(attempt(&app, "wrong password", Some("198.51.100.99")).await, 429, "a made-up address does not reset the count");
}

on_both_databases!(
    fifty_parallel_guesses_are_checked_at_most_five_times,
    the_fifth_check_is_counted_while_it_ends,
    a_strangers_failures_do_not_lock_the_owner_out,
    forwarded_for_is_ignored_without_trusted_proxies
);
