//! Vita: a self-hosted academic website with an admin back office, in one binary.

pub mod app;
pub mod auth;
pub mod citations;
pub mod cli;
pub mod clock;
pub mod config;
pub mod content;
pub mod error;
pub mod files;
pub mod http;
pub mod import;
pub mod render;
pub mod rules;
pub mod settings;
pub mod store;
pub mod types;
pub mod validate;

/// mimalloc for every allocation, the JavaScript engine's included (rquickjs's `rust-alloc`):
/// a server render allocates and frees hundreds of thousands of small objects.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
