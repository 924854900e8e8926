//! Builds the frontend (`web/`) before the binary embeds it, whenever its sources changed or
//! its build output is missing, so `cargo build` alone produces a complete `vita`.
//! Set `VITA_SKIP_WEB_BUILD=1` to embed an existing `web/dist` as it is.
//!
//! Either way, every text file of `web/dist/client` then gets a brotli (`.br`) and a gzip
//! (`.gz`) copy next to it, embedded with it, so the server sends compressed files without
//! compressing anything per request.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

const WATCHED: &[&str] =
    &["web/src", "web/public", "web/admin.html", "web/package.json", "web/package-lock.json", "web/vite.config.ts", "web/tsconfig.json"];

/// The file types in `web/dist/client` that are text, so compress well.
const COMPRESSIBLE: &[&str] = &["js", "mjs", "css", "html", "svg", "json", "txt", "xml", "map", "webmanifest"];

fn main() {
    for path in WATCHED {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=VITA_SKIP_WEB_BUILD");
    let web = Path::new("web");
    let built = web.join("dist/ssr/entry.js").exists() && web.join("dist/client/.vite/manifest.json").exists();
    if std::env::var_os("VITA_SKIP_WEB_BUILD").is_some() && built {
        // A `web/dist` rebuilt by hand needs its compressed copies too. (Only watched here:
        // the build below rewrites the manifest, which would make every later build rerun.)
        println!("cargo:rerun-if-changed=web/dist/client/.vite/manifest.json");
    } else {
        build_web(web);
    }
    compress_client_files(&web.join("dist/client"));
}

fn build_web(web: &Path) {
    let installed = web.join("node_modules/.package-lock.json");
    let lock_newer = match (modified(&web.join("package-lock.json")), modified(&installed)) {
        (Some(lock), Some(installed)) => lock > installed,
        _ => true,
    };
    if lock_newer {
        npm(web, &["ci", "--no-audit", "--no-fund"]);
    }
    npm(web, &["run", "build"]);
}

fn modified(path: &Path) -> Option<SystemTime> {
    path.metadata().and_then(|m| m.modified()).ok()
}

fn npm(dir: &Path, args: &[&str]) {
    let status = Command::new("npm").args(args).current_dir(dir).status().unwrap_or_else(|err| {
        panic!("building the frontend needs Node.js 20+ and npm on the PATH ({err}); or set VITA_SKIP_WEB_BUILD=1 with a built web/dist")
    });
    assert!(status.success(), "`npm {}` in web/ failed", args.join(" "));
}

/// Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) next to every text file.
fn compress_client_files(dir: &Path) {
    for file in text_files(dir) {
        write_copy(&file, "br", brotli);
        write_copy(&file, "gz", gzip);
    }
}

/// Skips a copy newer than its file: brotli's best takes seconds on the admin bundle. A copy
/// that would not be smaller than its file is not written, so it is never served.
fn write_copy(file: &Path, suffix: &str, compress: fn(&[u8]) -> Vec<u8>) {
    let copy = PathBuf::from(format!("{}.{suffix}", file.display()));
    if matches!((modified(&copy), modified(file)), (Some(copy), Some(file)) if copy >= file) {
        return;
    }
    let raw = std::fs::read(file).unwrap_or_else(|err| panic!("reading {}: {err}", file.display()));
    let compressed = compress(&raw);
    if compressed.len() < raw.len() {
        std::fs::write(&copy, compressed).unwrap_or_else(|err| panic!("writing {}: {err}", copy.display()));
    } else if copy.exists() {
        std::fs::remove_file(&copy).unwrap_or_else(|err| panic!("removing {}: {err}", copy.display()));
    }
}

/// The text files under `dir`, leaving out hidden ones such as Vite's manifest (never sent).
fn text_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_owned()];
    while let Some(dir) = pending.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|err| panic!("reading {}: {err}", dir.display()));
        for entry in entries {
            let path = entry.unwrap_or_else(|err| panic!("reading {}: {err}", dir.display())).path();
            if path.file_name().is_some_and(|name| name.to_string_lossy().starts_with('.')) {
                continue;
            }
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| COMPRESSIBLE.iter().any(|text| ext.eq_ignore_ascii_case(text))) {
                files.push(path);
            }
        }
    }
    files
}

fn brotli(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() / 3);
    {
        // Quality 11 is brotli's best; a 4 MiB window covers the largest bundle whole.
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        writer.write_all(raw).expect("writing to memory cannot fail");
    }
    out
}

fn gzip(raw: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(raw.len() / 3), flate2::Compression::best());
    encoder.write_all(raw).expect("writing to memory cannot fail");
    encoder.finish().expect("writing to memory cannot fail")
}
