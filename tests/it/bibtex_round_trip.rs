//! Issue 29, item 4: `/publications.bib` is a file BibTeX users can take as it is. Generated
//! sets of papers (with @string macros, crossrefs, repeated keys, Unicode, math and braces) are
//! imported, exported by `/publications.bib` over HTTP, and the export imported into the emptied
//! site: the same titles, authors, years, venues and DOIs come back. Each export is also read
//! by bibtexparser (`tests/python/bibtex_check.py`): no key twice, no undefined macro. Both
//! databases.

use std::collections::BTreeSet;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use sea_orm::EntityTrait;
use serde_json::Value;
use vita::content::publications;
use vita::import::{self, EntryStatus, ImportRequest};
use vita::render::invalidation::Invalidation;

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

const TITLE_WORDS: [&str; 8] = ["Masking", "in", "{RISC-V}", "Größe", "$O(n^2)$", "Λ-calculus", "Hardware,", "{AES}"];
const AUTHORS: [&str; 6] = ["G{\\\"u}neysu, Tim", "Ko{\\c{c}}, {\\c{C}}etin", "Ødegaard, Åse", "Jane Doe", "van der Berg, Anna", "李, 华"];

/// One generated paper: how its entry is written.
#[derive(Clone, Debug)]
struct Paper {
    key: usize,
    words: Vec<usize>,
    authors: Vec<usize>,
    year: i32,
    doi: bool,
    /// 0: journal by macro, 1: journal braced, 2: in proceedings by crossref, 3: booktitle braced.
    venue: usize,
}

fn paper() -> impl Strategy<Value = Paper> {
    (
        0usize..3,
        prop::collection::vec(0usize..TITLE_WORDS.len(), 1..5),
        prop::collection::vec(0usize..AUTHORS.len(), 1..4),
        1990i32..2026,
        any::<bool>(),
        0usize..4,
    )
        .prop_map(|(key, words, authors, year, doi, venue)| Paper { key, words, authors, year, doi, venue })
}

/// The .bib file of `papers`: two macros, one proceedings entry, keys from a pool of three (so
/// they repeat), titles made unique by their position (duplicates are another matter).
fn bib(papers: &[Paper]) -> String {
    let mut text = String::from(
        "@string{tches = {IACR Transactions on Cryptographic Hardware and Embedded Systems}}\n@string{jce = \"Journal of \" # {Cryptographic Engineering}}\n",
    );
    for (i, p) in papers.iter().enumerate() {
        let title: Vec<&str> = p.words.iter().map(|&w| TITLE_WORDS[w]).collect();
        let authors: Vec<&str> = p.authors.iter().map(|&a| AUTHORS[a]).collect();
        let (kind, venue) = match p.venue {
            0 => ("article", format!("journal = {}", if i % 2 == 0 { "tches" } else { "jce" })),
            1 => ("article", "journal = {Journal of {Secure} Things}".to_owned()),
            2 => ("inproceedings", "crossref = {ches}".to_owned()),
            _ => ("inproceedings", "booktitle = {Proceedings of Ünïcode \\& Co}".to_owned()),
        };
        let doi = if p.doi { format!(",\n  doi = {{10.1000/rt.{i}}}") } else { String::new() };
        text.push_str(&format!(
            "@{kind}{{key{},\n  title = {{{} number {i}}},\n  author = {{{}}},\n  {venue},\n  year = {}{doi}\n}}\n",
            p.key,
            title.join(" "),
            authors.join(" and "),
            p.year
        ));
    }
    text + "@proceedings{ches, title = {CHES 2023}, year = 2023, publisher = {Springer}}\n"
}

/// The papers as the comparison sees them.
async fn stored(db: &sea_orm::DatabaseConnection) -> BTreeSet<(String, Vec<String>, i32, String, Option<String>)> {
    publications::Entity::find().all(db).await.unwrap().into_iter().map(|p| (p.title, p.authors.0, p.year, p.venue, p.doi)).collect()
}

/// Imports every new entry of `text` (and each later entry the file repeats, as an owner who
/// keeps them would).
async fn import_all(db: &sea_orm::DatabaseConnection, text: &str) -> usize {
    let preview = import::preview(db, text).await.unwrap();
    let all: Vec<u32> = preview.entries.iter().filter(|e| e.status == EntryStatus::New).map(|e| e.index).collect();
    // The proceedings entry has no authors: no paper of its own (its papers take its title).
    let invalid: Vec<_> = preview
        .entries
        .iter()
        .filter(|e| e.status == EntryStatus::Invalid && e.key.as_deref() != Some("ches"))
        .map(|e| (e.line, e.reason.clone()))
        .collect();
    assert!(invalid.is_empty(), "{invalid:?}\n{text}");
    let invalidation = Invalidation::for_database(db).await.unwrap();
    import::import(db, &invalidation, ImportRequest { bibtex: text.to_owned(), import: all.clone(), update: vec![] }).await.unwrap();
    all.len()
}

/// What bibtexparser makes of `text`.
fn independent_reading(text: &str) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("publications.bib");
    std::fs::write(&file, text).unwrap();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/bibtex_check.py");
    let output = std::process::Command::new(crate::helpers::venv_python()).arg(script).arg(&file).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}

async fn exported_bibtex_imports_back_the_same_papers(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    let db = app.test_db.db.clone();
    // Generated up front from a fixed seed (reproducible; 12 sets of 1 to 8 papers).
    let mut runner = TestRunner::deterministic();
    let sets: Vec<Vec<Paper>> = (0..12).map(|_| prop::collection::vec(paper(), 1..9).new_tree(&mut runner).unwrap().current()).collect();
    for papers in sets {
        let text = bib(&papers);
        assert_eq!(import_all(&db, &text).await, papers.len(), "{text}");
        let before = stored(&db).await;
        let export = app.page_once_it_shows(&app.client, "/publications.bib", &format!("number {}", papers.len() - 1)).await;

        let reading = independent_reading(&export);
        assert_eq!(reading["keys"].as_array().unwrap().len(), papers.len(), "{reading}\n{export}");
        assert_eq!(reading["duplicates"], serde_json::json!([]), "{export}");
        assert_eq!(reading["undefined"], serde_json::json!([]), "{export}");
        assert_eq!(reading["failed"], serde_json::json!([]), "{export}");

        // Each paper's own .bib carries the key it has in the whole list.
        let keys: BTreeSet<&str> = reading["keys"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        for paper in publications::Entity::find().all(&db).await.unwrap() {
            let own = app.client.get(app.url(&format!("/publications/{}.bib", paper.slug))).send().await.unwrap().text().await.unwrap();
            let key = own.split_once('{').and_then(|(_, rest)| rest.split_once(',')).map(|(key, _)| key.trim()).unwrap();
            assert!(keys.contains(key), "{key} of {} is not in /publications.bib", paper.slug);
        }

        publications::Entity::delete_many().exec(&db).await.unwrap();
        assert_eq!(import_all(&db, &export).await, papers.len(), "{export}");
        assert_eq!(stored(&db).await, before, "the export of\n{text}\nwas\n{export}");
        publications::Entity::delete_many().exec(&db).await.unwrap();
    }
}

on_both_databases!(exported_bibtex_imports_back_the_same_papers);
