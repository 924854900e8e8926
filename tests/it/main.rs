//! Integration tests, compiled into one binary: the store against a fresh SQLite file and a
//! fresh PostgreSQL schema, the HTTP API against the real server on a free port, and the real
//! `vita` binary's command line.

mod api;
mod assets;
mod auth;
mod cli;
mod content_api;
mod exports;
mod fault_inputs;
mod faults;
mod hardening;
mod helpers;
mod import;
mod pages;
mod paper_pdfs;
mod sign_in_lock;
mod store;
mod uploads;
mod xss;
