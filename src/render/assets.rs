//! The built frontend, embedded in the binary at compile time (`build.rs` builds it first), and
//! Vite's manifest, which maps the source entries to their content-hashed files.

use std::collections::{BTreeSet, HashMap};

use anyhow::{Context, anyhow};
use rust_embed::RustEmbed;
use serde::Deserialize;

/// Browser files: hashed scripts and styles under `assets/`, the admin page, static files.
/// Their compressed copies (made by `build.rs`) are kept apart, so no URL serves one as a file.
#[derive(RustEmbed)]
#[folder = "web/dist/client"]
#[exclude = "*.br"]
#[exclude = "*.gz"]
pub struct ClientFiles;

/// `<file>.br`: the brotli copy of a text file of [`ClientFiles`], when it is smaller.
#[derive(RustEmbed)]
#[folder = "web/dist/client"]
#[include = "*.br"]
pub struct BrotliFiles;

/// `<file>.gz`: the gzip copy of a text file of [`ClientFiles`], when it is smaller.
#[derive(RustEmbed)]
#[folder = "web/dist/client"]
#[include = "*.gz"]
pub struct GzipFiles;

#[derive(RustEmbed)]
#[folder = "web/dist/ssr"]
struct SsrFiles;

/// The public pages' hydration entry in Vite's manifest.
const PUBLIC_ENTRY: &str = "src/public/main.tsx";
/// The admin app's page.
pub const ADMIN_PAGE: &str = "admin.html";

pub fn ssr_bundle() -> anyhow::Result<&'static str> {
    let file = SsrFiles::get("entry.js").ok_or_else(|| anyhow!("the server-render bundle entry.js is not embedded"))?;
    let text = String::from_utf8(file.data.into_owned()).context("the server-render bundle is not UTF-8")?;
    // Loaded once per process and shared by every render thread for its lifetime.
    Ok(Box::leak(text.into_boxed_str()))
}

#[derive(Deserialize)]
struct ManifestChunk {
    file: String,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default)]
    imports: Vec<String>,
}

/// The files a public page links: its script, the chunks it imports, and their styles.
#[derive(Clone, Debug)]
pub struct Entry {
    pub file: String,
    pub preload: Vec<String>,
    pub css: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct Manifest {
    public: Entry,
}

impl Manifest {
    pub fn load() -> anyhow::Result<Self> {
        let file = ClientFiles::get(".vite/manifest.json").ok_or_else(|| anyhow!("Vite's manifest is not embedded"))?;
        let chunks: HashMap<String, ManifestChunk> = serde_json::from_slice(&file.data).context("Vite's manifest is not valid")?;
        Ok(Self { public: resolve(&chunks, PUBLIC_ENTRY)? })
    }

    pub fn public_entry(&self) -> &Entry {
        &self.public
    }
}

/// Follows the entry's imports so every chunk and stylesheet it needs is linked up front.
fn resolve(chunks: &HashMap<String, ManifestChunk>, key: &str) -> anyhow::Result<Entry> {
    let entry = chunks.get(key).ok_or_else(|| anyhow!("{key} is not in Vite's manifest"))?;
    let mut preload = Vec::new();
    let mut css: Vec<String> = entry.css.clone();
    let mut seen = BTreeSet::new();
    let mut pending: Vec<&str> = entry.imports.iter().map(String::as_str).collect();
    while let Some(import) = pending.pop() {
        if !seen.insert(import) {
            continue;
        }
        let chunk = chunks.get(import).ok_or_else(|| anyhow!("{import} is not in Vite's manifest"))?;
        preload.push(chunk.file.clone());
        css.extend(chunk.css.iter().cloned());
        pending.extend(chunk.imports.iter().map(String::as_str));
    }
    css.dedup();
    Ok(Entry { file: entry.file.clone(), preload, css })
}
