//! Issue 29, item 4: `/publications.bib` is a file BibTeX users can take as it is. Generated
//! sets of papers (with @string macros, crossrefs, repeated keys, Unicode, math and braces) are
//! imported, exported by `/publications.bib` over HTTP, and the export imported into the emptied
//! site: the same titles, authors, years, venues and DOIs come back, for entries without
//! authors or a year too (issue 41, item 17). Each export is also read
//! by bibtexparser (`tests/python/bibtex_check.py`): no key twice, no undefined macro; and by
//! pybtex in strict mode. Both databases.
//!
//! Issue 41: papers as the owner types them, whose generated titles and venues hold braces
//! (matched or not), `%`, `&`, `#`, `_`, `$`, formulas in `$…$`, `\(…\)`, `$$…$$` and broken
//! TeX, are exported, read by the strict parsers and imported into the emptied site with the
//! same text (see `same_text`).

use std::collections::BTreeSet;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use sea_orm::EntityTrait;
use serde_json::Value;
use vita::content::publications;
use vita::import::{self, EntryStatus, ImportRequest};
use vita::store::changes::Changes;

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

const TITLE_WORDS: [&str; 8] = ["Masking", "in", "{RISC-V}", "Größe", "$O(n^2)$", "Λ-calculus", "Hardware,", "{AES}"];
const AUTHORS: [&str; 6] = ["G{\\\"u}neysu, Tim", "Ko{\\c{c}}, {\\c{C}}etin", "Ødegaard, Åse", "Jane Doe", "van der Berg, Anna", "李, 华"];

/// One generated paper: how its entry is written.
#[derive(Clone, Debug)]
struct Paper {
    key: usize,
    words: Vec<usize>,
    /// None: no author field (an edited volume's entry).
    authors: Vec<usize>,
    /// None: no year field ("submitted").
    year: Option<i32>,
    doi: bool,
    /// 0: journal by macro, 1: journal braced, 2: in proceedings by crossref, 3: booktitle braced.
    venue: usize,
}

fn paper() -> impl Strategy<Value = Paper> {
    (
        0usize..3,
        prop::collection::vec(0usize..TITLE_WORDS.len(), 1..5),
        prop::collection::vec(0usize..AUTHORS.len(), 0..4),
        prop::option::weighted(0.8, 1990i32..2026),
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
        let author = if authors.is_empty() { String::new() } else { format!("\n  author = {{{}}},", authors.join(" and ")) };
        let year = p.year.map(|year| format!(",\n  year = {year}")).unwrap_or_default();
        text.push_str(&format!(
            "@{kind}{{key{},\n  title = {{{} number {i}}},{author}\n  {venue}{year}{doi}\n}}\n",
            p.key,
            title.join(" ")
        ));
    }
    text + "@proceedings{ches, title = {CHES 2023}, year = 2023, publisher = {Springer}}\n"
}

/// The papers as the comparison sees them.
async fn stored(db: &sea_orm::DatabaseConnection) -> BTreeSet<(String, Vec<String>, Option<i32>, String, Option<String>)> {
    publications::Entity::find().all(db).await.unwrap().into_iter().map(|p| (p.title, p.authors.0, p.year, p.venue, p.doi)).collect()
}

/// Imports every new entry of `text` (and each later entry the file repeats, as an owner who
/// keeps them would).
async fn import_all(db: &sea_orm::DatabaseConnection, text: &str) -> usize {
    let preview = import::preview(db, text).await.unwrap();
    let all: Vec<u32> = preview.entries.iter().filter(|e| e.status == EntryStatus::New).map(|e| e.index).collect();
    let invalid: Vec<_> = preview.entries.iter().filter(|e| e.status == EntryStatus::Invalid).map(|e| (e.line, e.reason.clone())).collect();
    assert!(invalid.is_empty(), "{invalid:?}\n{text}");
    let changes = Changes::for_database(db).await.unwrap();
    import::import(db, &changes, ImportRequest { bibtex: text.to_owned(), import: all.clone(), update: vec![], file_name: None })
        .await
        .unwrap();
    all.len()
}

/// What bibtexparser and pybtex make of `text` (`tests/python/bibtex_check.py`).
pub fn independent_reading(text: &str) -> Value {
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
        // The proceedings entry is a paper too: an edited volume, without authors (issue 41).
        let volumes = 1;
        assert_eq!(import_all(&db, &text).await, papers.len() + volumes, "{text}");
        let before = stored(&db).await;
        let export = app.page_once_it_shows(&app.client, "/publications.bib", &format!("number {}", papers.len() - 1)).await;

        let reading = independent_reading(&export);
        assert_eq!(reading["keys"].as_array().unwrap().len(), papers.len() + volumes, "{reading}\n{export}");
        assert_eq!(reading["duplicates"], serde_json::json!([]), "{export}");
        assert_eq!(reading["undefined"], serde_json::json!([]), "{export}");
        assert_eq!(reading["failed"], serde_json::json!([]), "{export}");
        assert_eq!(reading["strict"], Value::Null, "{export}");

        // Each paper's own .bib carries the key it has in the whole list.
        let keys: BTreeSet<&str> = reading["keys"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        for paper in publications::Entity::find().all(&db).await.unwrap() {
            let own = app.client.get(app.url(&format!("/publications/{}.bib", paper.slug))).send().await.unwrap().text().await.unwrap();
            let key = own.split_once('{').and_then(|(_, rest)| rest.split_once(',')).map(|(key, _)| key.trim()).unwrap();
            assert!(keys.contains(key), "{key} of {} is not in /publications.bib", paper.slug);
        }

        publications::Entity::delete_many().exec(&db).await.unwrap();
        assert_eq!(import_all(&db, &export).await, papers.len() + volumes, "{export}");
        assert_eq!(stored(&db).await, before, "the export of\n{text}\nwas\n{export}");
        publications::Entity::delete_many().exec(&db).await.unwrap();
    }
}

/// Pieces of the generated titles and venues: prose with every character LaTeX or BibTeX
/// treats specially, formulas in each delimiter the pages read, and TeX that is broken (braces
/// that do not balance, a formula never closed, a `$` inside `\(…\)`).
const TEX_PIECES: [&str; 30] = [
    "Sets",
    "of",
    "R&D",
    "50%",
    "#1",
    "a_b",
    "{x",
    "y}",
    "{AES}",
    "}{",
    "~user",
    "2^10",
    "back\\slash",
    "\"quoted\"",
    "costs $5",
    "Größe",
    "$x^2$",
    "$\\alpha_s$",
    "$O(n \\log n)$",
    "\\(z \\sim 0.3\\)",
    "$\\{x \\mid x > 0\\}$",
    "$$E = mc^2$$",
    "\\[a + b\\]",
    "$\\mathcal{O}(np)$",
    "$\\frac{1}{$",
    "\\(a}\\)",
    "$x^{2$",
    "\\frac{",
    "\\(",
    "\\(a $ b\\)",
];

/// A title or venue of 1 to 6 pieces, most apart, some written together (`$a$$b$`, `{x$x^2$`).
fn tex_text() -> impl Strategy<Value = String> {
    prop::collection::vec((0usize..TEX_PIECES.len(), prop::bool::weighted(0.25)), 1..7).prop_map(|pieces| {
        let mut text = String::new();
        for (i, (piece, together)) in pieces.into_iter().enumerate() {
            if i > 0 && !together {
                text.push(' ');
            }
            text.push_str(TEX_PIECES[piece]);
        }
        text
    })
}

/// What "the same text" means after a round trip through BibTeX: the same prose and the same
/// formulas, as the pages read them (`vita::rules::math::pieces`). Only the way a formula was
/// delimited may change: `\(…\)` comes back as `$…$` and `\[…\]` as `$$…$$` (BibTeX has
/// `$` only), and a `$` of prose may come back as `\$` where it would otherwise open a formula.
fn same_text(text: &str) -> Vec<(Option<bool>, String)> {
    vita::rules::math::pieces(text)
        .into_iter()
        .map(|piece| match piece {
            vita::rules::math::Piece::Text(prose) => (None, prose),
            vita::rules::math::Piece::Math { tex, display, .. } => (Some(display), tex.to_owned()),
        })
        .collect()
}

async fn papers_with_tex_and_special_characters_export_and_import_back(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    let db = app.test_db.db.clone();
    let mut runner = TestRunner::deterministic();
    let sets: Vec<Vec<(String, String, bool)>> = (0..16)
        .map(|_| prop::collection::vec((tex_text(), tex_text(), any::<bool>()), 1..12).new_tree(&mut runner).unwrap().current())
        .collect();
    for set in sets {
        let mut typed = BTreeSet::new();
        for (i, (title, venue, conference)) in set.iter().enumerate() {
            // A number of its own: the same generated title twice would be a duplicate.
            let title = format!("{title} number {i}");
            let input: publications::Input = serde_json::from_value(serde_json::json!({
                "title": title, "authors": ["Jane Doe"], "venue": venue, "year": 2000 + i,
                "kind": if *conference { "conference-paper" } else { "journal-article" },
            }))
            .unwrap();
            vita::content::create::<publications::Entity>(&db, input).await.unwrap();
            typed.insert((same_text(&title), same_text(venue)));
        }
        let export = app.page_once_it_shows(&app.client, "/publications.bib", &format!("number {}", set.len() - 1)).await;

        let reading = independent_reading(&export);
        assert_eq!(reading["strict"], Value::Null, "pybtex:\n{export}");
        assert_eq!(reading["failed"], serde_json::json!([]), "bibtexparser:\n{export}");
        assert_eq!(reading["keys"].as_array().unwrap().len(), set.len(), "{export}");
        let crate_reading = biblatex::Bibliography::parse(&export).unwrap_or_else(|e| panic!("biblatex: {e:?}\n{export}"));
        assert_eq!(crate_reading.len(), set.len(), "{export}");

        publications::Entity::delete_many().exec(&db).await.unwrap();
        assert_eq!(import_all(&db, &export).await, set.len(), "{export}");
        let back: BTreeSet<_> =
            publications::Entity::find().all(&db).await.unwrap().iter().map(|p| (same_text(&p.title), same_text(&p.venue))).collect();
        let lost: Vec<_> = typed.difference(&back).collect();
        let found: Vec<_> = back.difference(&typed).collect();
        assert!(lost.is_empty(), "typed:\n{lost:?}\ncame back as:\n{found:?}\nthe export was\n{export}");
        publications::Entity::delete_many().exec(&db).await.unwrap();
    }
}

/// Issue 41, item 10 the other way: a featured paper is exported with al-folio's `selected =
/// {true}` (in `/publications.bib` and its own .bib), and importing the export makes it featured
/// again. An imported entry that said `selected` keeps saying it only while the paper is
/// featured: the owner's choice in the admin wins over the file's.
async fn featured_papers_export_selected_and_import_back_featured(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    let db = app.test_db.db.clone();
    for (title, featured) in [("Typed and featured", true), ("Typed and not featured", false)] {
        let input: publications::Input = serde_json::from_value(serde_json::json!({
            "title": title, "authors": ["Jane Doe"], "venue": "TCHES", "year": 2024, "kind": "journal-article", "featured": featured,
        }))
        .unwrap();
        vita::content::create::<publications::Entity>(&db, input).await.unwrap();
    }
    let file = "@article{a, title = {Imported and chosen}, author = {Doe, Jane}, journal = {TCHES}, year = 2023, selected = {true}}\n\
                @article{b, title = {Imported, chosen, then not featured}, author = {Doe, Jane}, journal = {TCHES}, year = 2022, selected = {true}}\n";
    assert_eq!(import_all(&db, file).await, 2);
    let unfeatured =
        publications::Entity::find().all(&db).await.unwrap().into_iter().find(|p| p.title.ends_with("then not featured")).unwrap();
    let mut row: publications::ActiveModel = unfeatured.into();
    row.featured = sea_orm::ActiveValue::Set(false);
    sea_orm::ActiveModelTrait::update(row, &db).await.unwrap();

    let featured =
        |papers: Vec<publications::Model>| -> BTreeSet<(String, bool)> { papers.into_iter().map(|p| (p.title, p.featured)).collect() };
    let before = featured(publications::Entity::find().all(&db).await.unwrap());
    assert_eq!(before.iter().filter(|(_, featured)| *featured).count(), 2, "{before:?}");
    let export = app.page_once_it_shows(&app.client, "/publications.bib", "then not featured").await;
    assert_eq!(export.matches("selected").count(), 2, "{export}");
    for paper in publications::Entity::find().all(&db).await.unwrap() {
        let own = app.client.get(app.url(&format!("/publications/{}.bib", paper.slug))).send().await.unwrap().text().await.unwrap();
        assert_eq!(own.contains("selected"), paper.featured, "{own}");
    }
    assert_eq!(independent_reading(&export)["strict"], Value::Null, "{export}");

    publications::Entity::delete_many().exec(&db).await.unwrap();
    assert_eq!(import_all(&db, &export).await, 4, "{export}");
    assert_eq!(featured(publications::Entity::find().all(&db).await.unwrap()), before, "{export}");
}

on_both_databases!(
    exported_bibtex_imports_back_the_same_papers,
    papers_with_tex_and_special_characters_export_and_import_back,
    featured_papers_export_selected_and_import_back_featured
);
