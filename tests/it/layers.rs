//! Issue 25: the modules of `src/` stand in layers (see `src/lib.rs`), and a module only uses
//! the ones below it. This reads every `crate::…` path in the code (comments left out) and
//! fails on one that goes up or sideways, so the circle that grew between `config`, `render`,
//! `discovery`, `rules` and `content` cannot come back unnoticed. Issue 40: the same reading,
//! with the `super::…` paths, fails on a circle between the modules of one folder.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each top-level module of `src/` and its layer. A module may use its own submodules and any
/// module of a lower layer, nothing else.
const LAYERS: &[(&str, u32)] = &[
    ("error", 0),
    ("ops", 1),
    ("rules", 2),
    // The interface's words in each shipped language (issue 45): catalogues, dates, numbers.
    ("i18n", 2),
    ("store", 3),
    // Every public address: pages, feeds and the export link to them.
    ("routes", 3),
    // The site's languages (issue 45): tags, fallback chains, the `/<lang>/` prefix.
    ("languages", 3),
    ("media", 4),
    ("content", 5),
    ("auth", 6),
    // The counts of readers (issue 43): reads the settings and the papers' titles.
    ("stats", 6),
    ("citations", 7),
    ("render", 8),
    ("import", 9),
    ("discovery", 9),
    ("cv_pdf", 9),
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

pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every path after `prefix` (`crate::` or `super::`) in `code`, outside `//` comments, with the
/// line it starts on: `crate::a::b` as `a::b`, and a group, on one line or several, as each of
/// its paths (`use crate::a::{b, c::{d, e}};` as `a::b`, `a::c::d`, `a::c::e`).
fn paths_after(code: &str, prefix: &str) -> Vec<(usize, String)> {
    let code = code.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let mut paths = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find(prefix) {
        let start = from + at + prefix.len();
        let line = code[..start].matches('\n').count() + 1;
        let (found, length) = use_tree(&code[start..]);
        paths.extend(found.into_iter().map(|path| (line, path)));
        from = start + length;
    }
    paths
}

/// The paths of the `use` tree that `text` starts with, and its length: `a::b` is `a::b`,
/// `a::{self, b::{c, d}}` is `a`, `a::b::c` and `a::b::d`.
fn use_tree(text: &str) -> (Vec<String>, usize) {
    let end = text.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(text.len());
    let path = text[..end].trim_end_matches(':');
    if !text[end..].starts_with('{') {
        return (vec![path.to_owned()], end);
    }
    let mut paths = Vec::new();
    let mut at = end + 1;
    while at < text.len() && !text[at..].starts_with('}') {
        let (inner, length) = use_tree(&text[at..]);
        if length == 0 {
            // A comma, a space, a `*`: nothing that names a module.
            at += text[at..].chars().next().map_or(1, char::len_utf8);
            continue;
        }
        for item in inner {
            paths.push(match (path, item.as_str()) {
                (_, "self") => path.to_owned(),
                ("", _) => item,
                _ => format!("{path}::{item}"),
            });
        }
        at += length;
    }
    (paths, (at + 1).min(text.len()))
}

/// Every upward or sideways use in the code under `src`, as "file:line uses path".
fn violations(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut found = Vec::new();
    for file in files {
        let own_path = module_path(&file, src);
        let Some((own_module, own_layer)) = module_of(&own_path) else { continue };
        for (line, used) in paths_after(&std::fs::read_to_string(&file).unwrap(), "crate::") {
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

/// The paths from the crate root that the file of module `own` uses: its `crate::` paths, and
/// its `super::` paths read from the module above `own`, or from `own` itself inside an inline
/// module (`mod tests { use super::*; }`, which the files keep at their end).
fn used_paths(code: &str, own: &str) -> Vec<(usize, String)> {
    let inline_from = code.lines().position(|line| {
        let line = line.trim_start().trim_start_matches("pub ");
        line.starts_with("mod ") && line.trim_end().ends_with('{')
    });
    let mut paths = paths_after(code, "crate::");
    for (line, path) in paths_after(code, "super::") {
        let mut base: Vec<&str> = own.split("::").collect();
        let in_inline_module = inline_from.is_some_and(|index| line > index + 1);
        if !in_inline_module {
            base.pop();
        }
        let mut rest = path.as_str();
        while let Some(further) = rest.strip_prefix("super::") {
            base.pop();
            rest = further;
        }
        base.push(rest);
        base.retain(|part| !part.is_empty());
        paths.push((line, base.join("::")));
    }
    paths
}

/// The two modules of one folder between which `own` using `used` goes: where their paths part
/// (`media::files` and `media::photos` for `media::files` using `media::photos::prepare`).
/// None for a use of one's own submodules or of a module that contains one's own.
fn siblings(own: &str, used: &str) -> Option<(String, String)> {
    let own: Vec<&str> = own.split("::").collect();
    let used: Vec<&str> = used.split("::").collect();
    let common = own.iter().zip(&used).take_while(|(a, b)| a == b).count();
    (common < own.len() && common < used.len()).then(|| (own[..=common].join("::"), used[..=common].join("::")))
}

/// Every circle between the modules of one folder (`src/` itself included), as "a uses b
/// (file:line), b uses a (file:line)". Only modules count: a path to an item (`super::AppState`)
/// is no edge.
fn circles(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let modules: BTreeSet<String> = files
        .iter()
        .flat_map(|file| {
            let parts: Vec<String> = module_path(file, src).split("::").map(str::to_owned).collect();
            (1..=parts.len()).map(move |n| parts[..n].join("::"))
        })
        .collect();
    // Module → the modules of its folder it uses, each with the first line that does.
    let mut uses: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for file in &files {
        let own = module_path(file, src);
        for (line, used) in used_paths(&std::fs::read_to_string(file).unwrap(), &own) {
            if let Some((from, to)) = siblings(&own, &used).filter(|(_, to)| modules.contains(to)) {
                uses.entry(from).or_default().entry(to).or_insert_with(|| format!("{}:{line}", file.display()));
            }
        }
    }
    // A depth-first walk: a module met again while its own walk is under way closes a circle.
    fn walk(
        module: &str,
        uses: &BTreeMap<String, BTreeMap<String, String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        found: &mut Vec<String>,
    ) {
        if let Some(at) = path.iter().position(|m| m == module) {
            let circle = &path[at..];
            let steps = circle.iter().zip(circle.iter().cycle().skip(1)).map(|(a, b)| format!("{a} uses {b} ({})", uses[a][b]));
            found.push(steps.collect::<Vec<_>>().join(", "));
            return;
        }
        if !done.insert(module.to_owned()) {
            return;
        }
        path.push(module.to_owned());
        for next in uses.get(module).into_iter().flat_map(BTreeMap::keys) {
            walk(next, uses, path, done, found);
        }
        path.pop();
    }
    let mut found = Vec::new();
    let mut done = BTreeSet::new();
    for module in uses.keys() {
        walk(module, &uses, &mut Vec::new(), &mut done, &mut found);
    }
    found
}

#[test]
fn modules_only_use_the_layers_below_them() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = violations(&src);
    assert!(found.is_empty(), "imports that go up or sideways:\n{}", found.join("\n"));
}

/// Issue 40: inside a folder too, the modules stand in an order. Two modules of one folder never
/// use each other, directly or round a longer circle (`media::files` and `media::photos` did,
/// through the bucket both need, now `media::buckets` below them).
#[test]
fn the_modules_of_a_folder_use_each_other_in_no_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = circles(&src);
    assert!(found.is_empty(), "modules of one folder that use each other in a circle:\n{}", found.join("\n"));
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

/// The circle check itself: a circle of two through a `crate::` path and a `super::` group over
/// several lines, and one of three through a nested group; a `super::` inside a file's inline
/// test module names that file's own items.
#[test]
fn a_circle_inside_a_folder_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    for folder in ["media", "render", "auth"] {
        std::fs::create_dir_all(src.join(folder)).unwrap();
    }
    std::fs::write(src.join("media/mod.rs"), "pub mod files;\npub mod photos;\n").unwrap();
    std::fs::write(src.join("media/files.rs"), "use crate::media::photos;\n").unwrap();
    std::fs::write(
        src.join("media/photos.rs"),
        "// super::files in a comment is fine\nuse super::{\n    AppError,\n    files::Bucket,\n};\n",
    )
    .unwrap();
    std::fs::write(src.join("render/page.rs"), "use super::cache::PageCache;\n").unwrap();
    std::fs::write(src.join("render/cache.rs"), "pub fn page() {}\n\n#[cfg(test)]\nmod tests {\n    use super::page;\n}\n").unwrap();
    std::fs::write(src.join("auth/a.rs"), "use super::b;\n").unwrap();
    std::fs::write(src.join("auth/b.rs"), "use crate::auth::{c::{self, g}, users};\n").unwrap();
    std::fs::write(src.join("auth/c.rs"), "use super::a::X;\n").unwrap();
    let found = circles(src);
    let at = |file: &str| src.join(file).display().to_string();
    assert_eq!(
        found,
        [
            format!(
                "auth::a uses auth::b ({}:1), auth::b uses auth::c ({}:1), auth::c uses auth::a ({}:1)",
                at("auth/a.rs"),
                at("auth/b.rs"),
                at("auth/c.rs")
            ),
            format!(
                "media::files uses media::photos ({}:1), media::photos uses media::files ({}:2)",
                at("media/files.rs"),
                at("media/photos.rs")
            ),
        ]
    );
}
