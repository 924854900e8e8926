//! Issue 25: the modules of `src/` stand in layers (see `src/lib.rs`), and a module only uses
//! the ones below it. This reads every `crate::…` path in the code (comments left out) and
//! fails on one that goes up or sideways, so the circle that grew between `config`, `render`,
//! `discovery`, `rules` and `content` cannot come back unnoticed.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Each top-level module of `src/` and its layer. A module may use its own submodules and any
/// module of a lower layer, nothing else.
const LAYERS: &[(&str, u32)] = &[
    ("error", 0),
    ("ops", 1),
    ("rules", 2),
    ("store", 3),
    ("media", 4),
    ("content", 5),
    ("auth", 6),
    ("citations", 7),
    ("render", 8),
    ("import", 9),
    ("discovery", 9),
    ("backup", 10),
    ("tls", 10),
    ("scholarly", 10),
    ("http", 11),
    ("app", 12),
    // With the static export (`cli::export`), which renders every page through the router, as a
    // visitor would.
    ("cli", 14),
    ("typescript", 14),
];

/// The top-level module a `crate::` path names, with its layer.
fn module_of(path: &str) -> Option<(&'static str, u32)> {
    let top = path.split("::").next().unwrap_or(path);
    LAYERS.iter().find(|(module, _)| *module == top).copied()
}

/// `src/render/cache.rs` → `render::cache`.
fn module_path(file: &Path, src: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).filter(|p| p != "mod").collect();
    parts.join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every `crate::a::b` path in `code`, outside `//` comments.
fn crate_paths(code: &str) -> Vec<(usize, String)> {
    let mut paths = Vec::new();
    for (number, line) in code.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            if let Some(group) = after.strip_prefix('{') {
                // `use crate::{auth, http::Router};`: each name of the group.
                let end = group.find('}').unwrap_or(group.len());
                for item in group[..end].split(',') {
                    paths.push((number + 1, item.trim().to_owned()));
                }
                rest = &group[end..];
                continue;
            }
            let end = after.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(after.len());
            paths.push((number + 1, after[..end].trim_end_matches(':').to_owned()));
            rest = &after[end..];
        }
    }
    paths
}

/// Every upward or sideways use in the code under `src`, as "file:line uses path".
fn violations(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut found = Vec::new();
    for file in files {
        let own_path = module_path(&file, src);
        let Some((own_module, own_layer)) = module_of(&own_path) else { continue };
        for (line, used) in crate_paths(&std::fs::read_to_string(&file).unwrap()) {
            let Some((module, layer)) = module_of(&used) else {
                found.push(format!("{}:{line} uses crate::{used}, which is in no layer", file.display()));
                continue;
            };
            if module != own_module && layer >= own_layer {
                found.push(format!(
                    "{}:{line} ({own_module}, layer {own_layer}) uses crate::{used} ({module}, layer {layer})",
                    file.display()
                ));
            }
        }
    }
    found
}

#[test]
fn modules_only_use_the_layers_below_them() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = violations(&src);
    assert!(found.is_empty(), "imports that go up or sideways:\n{}", found.join("\n"));
}

/// `LAYERS` places exactly the modules `src/lib.rs` declares: a new module gets a layer, and a
/// row cannot name a module that is gone or a submodule.
#[test]
fn every_top_level_module_has_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let declared: BTreeSet<&str> = lib.lines().filter_map(|l| l.strip_prefix("pub mod ")).map(|l| l.trim_end_matches(';')).collect();
    let placed: BTreeSet<&str> = LAYERS.iter().map(|(module, _)| *module).collect();
    assert_eq!(placed, declared, "LAYERS and the modules of src/lib.rs");
}

/// The check itself fails on an upward import: a copy of a leaf module that reaches up.
#[test]
fn an_upward_import_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir_all(src.join("ops")).unwrap();
    std::fs::write(src.join("ops/config.rs"), "// crate::render in a comment is fine\nuse crate::render::cache::PageCache;\n").unwrap();
    std::fs::write(src.join("render.rs"), "use crate::ops::config::Config;\n").unwrap();
    std::fs::write(src.join("discovery.rs"), "use crate::import::x;\n").unwrap();
    std::fs::write(src.join("content.rs"), "use crate::{error, http::AppState};\n").unwrap();
    let found = violations(src);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found.iter().any(|v| v.contains("content.rs:1 (content, layer 5) uses crate::http::AppState (http, layer 11)")), "{found:?}");
    assert!(
        found.iter().any(|v| v.contains("ops/config.rs:2 (ops, layer 1) uses crate::render::cache::PageCache (render, layer 8)")),
        "{found:?}"
    );
    assert!(found.iter().any(|v| v.contains("discovery.rs:1 (discovery, layer 9) uses crate::import::x (import, layer 9)")), "{found:?}");
}
