//! Vita: a self-hosted academic website with an admin back office, in one binary.

pub mod app;
pub mod auth;
pub mod backup;
pub mod citations;
pub mod cli;
pub mod clock;
pub mod config;
pub mod content;
pub mod discovery;
pub mod error;
pub mod export;
pub mod files;
pub mod http;
pub mod import;
pub mod logs;
pub mod photos;
pub mod render;
pub mod rules;
pub mod settings;
pub mod store;
pub mod tls;
pub mod types;
pub mod validate;

/// mimalloc for every allocation, the JavaScript engine's included (rquickjs's `rust-alloc`):
/// a server render allocates and frees hundreds of thousands of small objects.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
