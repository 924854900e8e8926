//! Issue 40: what a write changed is told from one place, `store::changes`, below everything
//! that writes. These read the code: a writer that opens its own transaction would write
//! without announcing (pages stay stale on other instances, and on this one until the next day),
//! and a writer that reaches for the page cache itself would be a second way of telling.

use std::path::{Path, PathBuf};

use crate::layers::rust_files;

/// Every line of the code under `src` (comments left out) that contains one of `needles`, as
/// "path:line", the path relative to `src`.
fn lines_with(src: &Path, needles: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(src).unwrap().to_string_lossy().into_owned();
        for (number, line) in std::fs::read_to_string(&file).unwrap().lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if needles.iter().any(|needle| code.contains(needle)) {
                found.push(format!("{relative}:{}", number + 1));
            }
        }
    }
    found
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Transactions begin in `store::changes` (announced), except where nothing a page shows is
/// written: the owner's account and sessions (`auth/`), the backup's read-only snapshot, and
/// the statistics (`stats/`: counts only the owner's dashboard reads); and the site import's
/// savepoints (`import/site/apply.rs`), one per item inside its one announced transaction.
#[test]
fn every_transaction_that_writes_content_is_announced() {
    let begun = lines_with(&src(), &[".begin()", ".begin_with_config("]);
    let unannounced: Vec<&String> = begun
        .iter()
        .filter(|at| {
            !(at.starts_with("store/changes.rs:")
                || at.starts_with("auth/")
                || at.starts_with("stats/")
                || at.starts_with("import/site/apply.rs:")
                || at.contains("backup"))
        })
        .collect();
    assert!(unannounced.is_empty(), "transactions begun outside store::changes (use Changes::begin): {unannounced:?}");
    assert!(begun.iter().any(|at| at.starts_with("store/changes.rs:")), "the check reads the code: {begun:?}");
}

/// The writers below the HTTP layer tell the page cache through `store::changes`, never by
/// reaching into the renderer's cache.
#[test]
fn writers_do_not_reach_into_the_page_cache() {
    let found = lines_with(&src(), &["render::cache", "PageCache"]);
    let writers = ["tls/", "import/", "scholarly/", "discovery/", "store/", "backup", "content/"];
    let reaching: Vec<&String> = found.iter().filter(|at| writers.iter().any(|writer| at.starts_with(writer))).collect();
    assert!(reaching.is_empty(), "{reaching:?}");
    assert!(found.iter().any(|at| at.starts_with("http/")), "the check reads the code: {found:?}");
}
