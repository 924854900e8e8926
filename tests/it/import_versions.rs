//! Issue 27 on SQLite and PostgreSQL: versions of a paper (same title and year, other DOI) are
//! not duplicates (item 2); an undefined word is a warning with its line and the entry imports
//! (item 3); an entry that names no venue is stored and shown without one, and the migration
//! takes invented venues off the papers stored before, only where their BibTeX proves it
//! (item 6); math in a title is MathML on the paper page and Unicode in its head (item 1).

use sea_orm::EntityTrait;
use sea_orm_migration::MigratorTrait;
use serde_json::json;
use vita::content::{self, publications};
use vita::import::{self, EntryStatus, ImportRequest};
use vita::store::changes::Changes;
use vita::store::migrations::Migrator;

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

async fn import_all(db: &sea_orm::DatabaseConnection, text: &str) -> import::ImportOutcome {
    let preview = import::preview(db, text).await.unwrap();
    let all: Vec<u32> = preview.entries.iter().filter(|e| e.status == EntryStatus::New).map(|e| e.index).collect();
    let changes = Changes::for_database(db).await.unwrap();
    import::import(db, &changes, ImportRequest { bibtex: text.to_owned(), import: all, update: vec![], file_name: None }).await.unwrap()
}

/// A DBLP export with a journal and a conference version of one paper: both are new, the later
/// marked as another version; an entry of that title without a DOI is still a duplicate; a
/// stored paper with another DOI makes a version too, one with the same DOI a duplicate.
async fn versions_with_other_dois_are_not_duplicates(test_db: TestDb) {
    let db = &test_db.db;
    let text = "@inproceedings{DBLP:conf/stoc/X10, title={Fast Matrix Multiplication}, author={A B}, booktitle={STOC}, year=2010, doi={10.1145/1}}\n\
                @article{DBLP:journals/jacm/X10, title={Fast matrix multiplication.}, author={A B}, journal={J. ACM}, year=2010, doi={10.1145/2}}\n\
                @misc{copy, title={Fast Matrix Multiplication}, author={A B}, year=2010}\n";
    let preview = import::preview(db, text).await.unwrap();
    let statuses: Vec<EntryStatus> = preview.entries.iter().map(|e| e.status).collect();
    assert_eq!(statuses, [EntryStatus::New, EntryStatus::New, EntryStatus::Duplicate]);
    assert_eq!(
        preview.entries[1].note.as_deref(),
        Some("Another version of Fast Matrix Multiplication (the entry at line 1, with another DOI)")
    );
    assert_eq!(preview.entries[0].note, None);
    assert_eq!(preview.entries[2].duplicate_of.as_ref().and_then(|d| d.line), Some(1));
    assert_eq!(import_all(db, text).await.imported, 2);

    let later = "@article{ext, title={Fast Matrix Multiplication}, author={A B}, journal={SICOMP}, year=2010, doi={10.1137/3}}\n\
                 @article{same, title={Fast Matrix Multiplication}, author={A B}, journal={J. ACM}, year=2010, doi={https://doi.org/10.1145/2}}\n";
    let preview = import::preview(db, later).await.unwrap();
    assert_eq!(preview.entries[0].status, EntryStatus::New);
    let note = preview.entries[0].note.as_deref().unwrap();
    assert!(
        note.starts_with("Another version of Fast Matrix Multiplication") && note.ends_with("(a stored paper with another DOI)"),
        "{note}"
    );
    assert_eq!(preview.entries[1].status, EntryStatus::Duplicate, "the same DOI is the same paper");
    assert!(preview.entries[1].duplicate_of.as_ref().unwrap().id.is_some());
}

/// Issue 41 item 17: a DBLP export's report (CoRR, no DOI) and the journal paper of the same
/// title and year are versions, not duplicates; the same title and year in the same venue,
/// written short, is still a duplicate.
async fn a_report_and_its_journal_paper_are_versions(test_db: TestDb) {
    let db = &test_db.db;
    let text = "@article{DBLP:journals/corr/abs-1901-1, title={Fast Sketches}, author={A B}, journal={CoRR}, volume={abs/1901.1}, year=2019}\n\
                @article{DBLP:journals/jacm/B19, title={Fast Sketches}, author={A B}, journal={Journal of the ACM}, year=2019, doi={10.1145/99}}\n\
                @article{again, title={Fast sketches}, author={A B}, journal={J. ACM}, year=2019}\n";
    let preview = import::preview(db, text).await.unwrap();
    let statuses: Vec<EntryStatus> = preview.entries.iter().map(|e| e.status).collect();
    assert_eq!(statuses, [EntryStatus::New, EntryStatus::New, EntryStatus::Duplicate]);
    assert_eq!(preview.entries[1].note.as_deref(), Some("Another version of Fast Sketches (the entry at line 1, with another venue)"));
    assert_eq!(preview.entries[2].duplicate_of.as_ref().and_then(|d| d.line), Some(2), "the same journal, written short");
    assert_eq!(import_all(db, text).await.imported, 2);
}

/// `month = april` and `selected = true` (al-folio) are warnings with their line; the entry
/// imports with the words as text.
async fn an_undefined_word_warns_with_its_line_and_imports(test_db: TestDb) {
    let db = &test_db.db;
    let text = "@article{a,\n  title={Dark Energy},\n  author={A B},\n  journal={PRD},\n  year=2021,\n  month=april,\n  selected=true\n}\n";
    let preview = import::preview(db, text).await.unwrap();
    assert_eq!(preview.entries[0].status, EntryStatus::New);
    let note = preview.entries[0].note.as_deref().unwrap();
    assert!(note.contains("Line 6: april is no @string macro of the file") && note.contains("Line 7: true is no @string macro"), "{note}");
    assert_eq!(import_all(db, text).await.imported, 1);
    let stored = publications::Entity::find().all(db).await.unwrap();
    assert_eq!(stored[0].month, Some(4));
}

/// An entry without journal, booktitle or any other venue field is stored with no venue, and
/// its pages show none (not "Conference paper"); the owner may still save it with none.
async fn an_entry_without_a_venue_has_none(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    let text = "@inproceedings{v, title={On the $\\Lambda$CDM Tension}, author={A B}, year=2022, url={http://doi.acm.org/10.1145/77.88}}\n";
    assert_eq!(import_all(&app.test_db.db, text).await.imported, 1);
    let paper = publications::Entity::find().one(&app.test_db.db).await.unwrap().unwrap();
    assert_eq!((paper.venue.as_str(), paper.doi.as_deref()), ("", Some("10.1145/77.88")));
    let page = reqwest::get(app.url(&format!("/publications/{}", paper.slug))).await.unwrap().text().await.unwrap();
    // The kind's badge says "Conference paper"; no venue line and no "Conference" detail.
    assert_eq!(page.matches("Conference paper").count(), 1, "only the kind's badge");
    assert!(!page.contains(">Conference</dt>") && !page.contains("font-medium text-primary italic"), "no venue on the paper page");
    assert!(page.contains("<title>On the ΛCDM Tension — "), "the document title has the Unicode form");
    assert!(page.contains("<meta name=\"citation_title\" content=\"On the ΛCDM Tension\">"));
    assert!(page.contains("<math display=\"inline\"><semantics><mrow><mi mathvariant=\"normal\">Λ</mi>"), "the title's math is MathML");
    let list = reqwest::get(app.url("/publications")).await.unwrap().text().await.unwrap();
    assert!(list.contains("<annotation encoding=\"application/x-tex\">\\Lambda</annotation>"));
    // Text-only places: the Unicode form; BibTeX as stored.
    let atom = reqwest::get(app.url("/publications.atom")).await.unwrap().text().await.unwrap();
    assert!(atom.contains("<title>On the ΛCDM Tension</title>") && !atom.contains("\\Lambda"), "{atom}");
    let csl = reqwest::get(app.url("/publications.json")).await.unwrap().text().await.unwrap();
    assert!(csl.contains("\"title\": \"On the ΛCDM Tension\"") || csl.contains("\"title\":\"On the ΛCDM Tension\""), "{csl}");
    assert!(!csl.contains("container-title"), "no venue, no container: {csl}");
    let bib = reqwest::get(app.url("/publications.bib")).await.unwrap().text().await.unwrap();
    assert!(bib.contains("title={On the $\\Lambda$CDM Tension}"), "{bib}");
}

/// Papers stored before m0013 with their kind's name as venue lose it only where the stored
/// BibTeX has no field a venue comes from.
async fn the_migration_takes_off_only_proven_invented_venues(test_db: TestDb) {
    let db = &test_db.db;
    // Back to before m0013 (the thirteenth migration), whatever came after it.
    Migrator::down(db, Some(Migrator::migrations().len() as u32 - 12)).await.unwrap();
    let paper = |title: &str, kind: &str, venue: &str, bibtex: Option<&str>| -> publications::Input {
        serde_json::from_value(json!({ "title": title, "authors": ["A B"], "kind": kind, "venue": venue, "year": 2020,
            "status": "published", "bibtex": bibtex }))
        .unwrap()
    };
    let mut ids = Vec::new();
    for (title, kind, venue, bibtex) in [
        ("Invented", "conference-paper", "Conference paper", Some("@inproceedings{a, title={Invented}, author={A B}, year=2020}")),
        ("Other", "other", "Other", Some("@misc{b, title={Other}, author={A B}, year=2020, note={x}}")),
        (
            "Organised",
            "conference-paper",
            "Conference paper",
            Some("@inproceedings{c, title={Organised}, author={A B}, year=2020, organization={Conference paper}}"),
        ),
        ("Typed", "conference-paper", "Conference paper", None),
        ("Another kind", "journal-article", "Conference paper", Some("@article{d, title={Another kind}, author={A B}, year=2020}")),
    ] {
        ids.push(content::create::<publications::Entity>(db, paper(title, kind, venue, bibtex)).await.unwrap().id);
    }
    Migrator::up(db, None).await.unwrap();
    let mut venues = Vec::new();
    for id in ids {
        venues.push(publications::Entity::find_by_id(id).one(db).await.unwrap().unwrap().venue);
    }
    assert_eq!(venues, ["", "", "Conference paper", "Conference paper", "Conference paper"]);
}

/// The realistic file of issue 27's shapes (ADS, DBLP versions, ACM links, al-folio words, no
/// venue): no entry is lost, the DBLP journal version is marked, and the venues are the
/// entries' own.
async fn a_realistic_file_loses_no_entry(test_db: TestDb) {
    let db = &test_db.db;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bibtex/issue27-real-shapes.bib");
    let text = std::fs::read_to_string(path).unwrap();
    let preview = import::preview(db, &text).await.unwrap();
    assert_eq!((preview.new, preview.duplicates, preview.invalid), (11, 0, 0));
    let version = preview.entries.iter().find(|e| e.key.as_deref() == Some("DBLP:journals/siamcomp/Williams18")).unwrap();
    assert!(version.note.as_deref().unwrap().starts_with("Another version of Faster all-pairs shortest paths via circuit complexity"));
    assert_eq!(import_all(db, &text).await.imported, 11);
    let stored = publications::Entity::find().all(db).await.unwrap();
    assert!(stored.iter().all(|p| !["Conference paper", "Other", "Preprint", "Book"].contains(&p.venue.as_str())));
    assert_eq!(stored.iter().filter(|p| p.venue.is_empty()).count(), 2);
}

on_both_databases!(
    a_realistic_file_loses_no_entry,
    a_report_and_its_journal_paper_are_versions,
    versions_with_other_dois_are_not_duplicates,
    an_undefined_word_warns_with_its_line_and_imports,
    an_entry_without_a_venue_has_none,
    the_migration_takes_off_only_proven_invented_venues
);
