//! Integration tests, compiled into one binary: the store against a fresh SQLite file and a
//! fresh PostgreSQL schema, the HTTP API against the real server on a free port, and the real
//! `vita` binary's command line.

mod api;
mod assets;
mod auth;
mod backup;
mod bibtex_round_trip;
mod busy_database;
mod changes;
mod cli;
mod content_api;
mod cookies_and_origin;
mod cv;
mod cv_pdf;
mod discovery;
mod dois;
mod exports;
mod fake_apis;
mod fault_inputs;
mod faults;
mod feed_dates;
mod hardening;
mod helpers;
mod hostile_bibtex;
mod import;
mod import_versions;
mod instances;
mod layers;
mod page_ranges;
mod pages;
mod pagination;
mod paper_pdfs;
mod pebble;
mod photos;
mod scholarly;
mod second_factor;
mod security_review;
mod sign_in_lock;
mod site_import;
mod static_export;
mod store;
mod tags;
mod timeouts;
mod tls;
mod uploads;
mod xss;
