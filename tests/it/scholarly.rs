//! Issue 33: add a paper by its DOI, follow the owner's ORCID record, citation counts
//! refreshed from Crossref and OpenAlex, all calm when the sources are not. Every source is
//! the local fake of `fake_apis.rs`, serving the real recorded responses.

use std::process::Command;
use std::time::{Duration, Instant};

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use vita::content::homepage::HeroContent;
use vita::content::{self, ContentStatus, citation_counts, publications, settings};
use vita::scholarly::http::Source;
use vita::scholarly::{Scholarly, orcid, refresh, runs};
use vita::store::changes::Changes;

use crate::fake_apis::{CROSSREF, DOI, FakeApis, Mode, OPENALEX, ORCID};
use crate::helpers::{OWNER_EMAIL, TestApp, TestDb};
use crate::on_both_databases;

/// SIGMOD 2021, a conference paper: Crossref counts 37, OpenAlex 39 (as recorded).
const SIGMOD: &str = "10.1145/3448016.3452841";
/// A journal article: Crossref counts 72.
const PLOS: &str = "10.1371/journal.pone.0033693";
/// Not in Crossref's recordings: doi.org's content negotiation answers (Crossref's CSL-JSON).
const SCIENCE: &str = "10.1126/science.169.3946.635";
/// A DataCite DOI (Zenodo software).
const ZENODO: &str = "10.5281/zenodo.48440";
/// An ORCID record with 111 works, and an empty one.
const ORCID_FULL: &str = "0000-0003-1444-9135";
const ORCID_EMPTY: &str = "0000-0003-1620-1408";

async fn app_with(test_db: TestDb, fake: &FakeApis) -> TestApp {
    let outside = fake.config();
    let app = TestApp::spawn_with(test_db, |config| config.outside = outside).await;
    app.sign_in().await;
    app
}

async fn lookup(app: &TestApp, doi: &str) -> (u16, Value) {
    let response = app.client.post(app.url("/api/scholarly/doi-lookup")).json(&json!({ "doi": doi })).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

fn scholarly(fake_config: vita::ops::config::OutsideConfig) -> Scholarly {
    let config = vita::ops::config::OutsideConfig { contact_email: Some(OWNER_EMAIL.to_owned()), ..fake_config };
    Scholarly::new(&config, "http://vita.test", None).unwrap()
}

async fn add_paper(db: &sea_orm::DatabaseConnection, title: &str, doi: Option<&str>) -> publications::Model {
    let input = publications::Input {
        title: title.to_owned(),
        authors: vec!["Dr. Jane Doe".to_owned()],
        venue: "Venue".to_owned(),
        year: Some(2021),
        doi: doi.map(str::to_owned),
        status: ContentStatus::Published,
        ..Default::default()
    };
    content::create::<publications::Entity>(db, input).await.unwrap()
}

/// Item 1: "Fill from DOI" finds Crossref's metadata, in any of the forms a DOI is pasted,
/// and names the User-Agent's site and contact; a stored DOI is a duplicate.
async fn a_doi_fills_the_form_from_crossref(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let app = app_with(test_db, &fake).await;
    for typed in [SIGMOD, "doi:10.1145/3448016.3452841", "https://doi.org/10.1145/3448016.3452841"] {
        let (status, body) = lookup(&app, typed).await;
        assert_eq!(status, 200, "{typed}: {body}");
        let p = &body["record"]["publication"];
        assert_eq!(p["title"], "Vector Quotient Filters: Overcoming the Time/Space Trade-Off in Filter Design");
        assert_eq!(p["authors"][0], "Prashant Pandey");
        assert_eq!(p["kind"], "conference-paper");
        assert_eq!(p["venue"], "Proceedings of the 2021 International Conference on Management of Data");
        assert_eq!((p["year"].as_i64(), p["month"].as_i64()), (Some(2021), Some(6)));
        assert_eq!(p["pages"], "1386–1399");
        assert_eq!(p["publisher"], "ACM");
        assert_eq!(p["doi"], SIGMOD);
        assert_eq!(body["record"]["source"], "Crossref");
        assert_eq!(body["duplicate_of"], Value::Null);
    }
    let calls = fake.seen(CROSSREF);
    assert!(calls[0].path_and_query.starts_with("/works/10.1145/3448016.3452841"), "{:?}", calls[0]);
    let agent = &calls[0].user_agent;
    assert!(agent.starts_with("Vita/") && agent.contains(&app.url("")) && agent.contains("mailto:owner@example.org"), "{agent}");

    add_paper(&app.test_db.db, "Vector Quotient Filters", Some(SIGMOD)).await;
    let (_, body) = lookup(&app, SIGMOD).await;
    assert_eq!(body["duplicate_of"]["title"], "Vector Quotient Filters", "{body}");
}

/// Item 1: a DOI Crossref does not know goes to doi.org's content negotiation (following its
/// redirect), and keeps the agency's BibTeX; a DataCite DOI too.
async fn other_agencies_answer_through_content_negotiation(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let app = app_with(test_db, &fake).await;
    let (status, body) = lookup(&app, SCIENCE).await;
    assert_eq!(status, 200, "{body}");
    let p = &body["record"]["publication"];
    assert_eq!(
        p["title"],
        "The Structure of Ordinary Water: New data and interpretations are yielding new insights into this fascinating substance."
    );
    assert_eq!(p["authors"], json!(["Henry S. Frank"]));
    assert_eq!(
        (p["venue"].as_str(), p["volume"].as_str(), p["issue"].as_str(), p["pages"].as_str()),
        (Some("Science"), Some("169"), Some("3946"), Some("635–641"))
    );
    assert!(p["abstract"].as_str().unwrap().starts_with("The train of thought"), "JATS markup removed: {}", p["abstract"]);
    assert_eq!(body["record"]["source"], "doi.org");
    assert!(body["record"]["bibtex"].as_str().unwrap().starts_with("@article{Frank_1970"), "{}", body["record"]["bibtex"]);
    assert!(fake.seen(DOI).iter().any(|s| s.accept == "application/vnd.citationstyles.csl+json"));

    let (status, body) = lookup(&app, ZENODO).await;
    assert_eq!(status, 200, "{body}");
    let p = &body["record"]["publication"];
    assert_eq!(p["title"], "Analysis Tools for Crossover Experiment of UI using Choice Architecture");
    assert_eq!(p["authors"], json!(["Kristian Garza"]));
    assert_eq!((p["year"].as_i64(), p["venue"].as_str()), (Some(2016), Some("Zenodo")));
    assert_eq!(body["record"]["bibtex"], Value::Null);
}

/// Item 5: a malformed DOI is a 422 with the rule, an unknown one a 404, and a lookup is the
/// owner's only.
async fn bad_dois_are_explained(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let app = app_with(test_db, &fake).await;
    let (status, body) = lookup(&app, "10.1145").await;
    assert_eq!(status, 422);
    assert_eq!(body["error"]["fields"]["doi"], vita::rules::validate::DOI_RULE);
    let (status, body) = lookup(&app, "10.1371/notarealdoi").await;
    assert_eq!(status, 404);
    assert_eq!(body["error"]["message"], "No record for this DOI");
    assert!(fake.seen(CROSSREF).len() == 1 && fake.seen(DOI).len() == 1, "nothing called for the malformed one");
    let visitor = reqwest::Client::new();
    let response = visitor
        .post(app.url("/api/scholarly/doi-lookup"))
        .header("origin", app.url(""))
        .json(&json!({ "doi": SIGMOD }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);
}

/// Item 4: the owner's lookup against a source that fails gets a 502 saying what failed; a
/// 429 with `Retry-After` is waited out.
async fn failing_sources_give_a_clear_502(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let app = app_with(test_db, &fake).await;
    for (mode, expected) in [
        (Mode::ServerError, "Crossref answered with the error 500"),
        (Mode::Truncated, "Crossref's answer could not be read"),
        (Mode::Huge, "Crossref's answer is larger than 10 MB: refused"),
    ] {
        fake.set_mode(CROSSREF, mode.clone());
        let (status, body) = lookup(&app, SIGMOD).await;
        assert_eq!(status, 502, "{mode:?}: {body}");
        assert!(body["error"]["message"].as_str().unwrap().starts_with(expected), "{mode:?}: {body}");
    }
    fake.set_mode(CROSSREF, Mode::RateLimited(2));
    let before = fake.seen(CROSSREF).len();
    let (status, body) = lookup(&app, SIGMOD).await;
    assert_eq!(status, 200, "{body}");
    let calls = &fake.seen(CROSSREF)[before..];
    assert_eq!(calls.len(), 3, "two 429s, then the answer");
    for pair in calls.windows(2) {
        assert!(pair[1].at.duration_since(pair[0].at) >= Duration::from_secs(1), "waited a second after each 429, as Retry-After said");
    }

    let down = TestApp::spawn_with(TestDb::sqlite().await, |config| config.outside = FakeApis::down()).await;
    down.sign_in().await;
    let (status, body) = lookup(&down, SIGMOD).await;
    assert_eq!(status, 502);
    assert!(body["error"]["message"].as_str().unwrap().starts_with("Crossref cannot be reached"), "{body}");

    let off = TestApp::spawn_with(TestDb::sqlite().await, |_| {}).await;
    off.sign_in().await;
    let (status, body) = lookup(&off, SIGMOD).await;
    assert_eq!((status, body["error"]["message"].as_str()), (502, Some(vita::scholarly::TURNED_OFF)));
}

/// Item 4: a source that never answers is given up after the total timeout (20 s).
async fn a_hanging_source_times_out(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let app = app_with(test_db, &fake).await;
    fake.set_mode(CROSSREF, Mode::Hang);
    let started = Instant::now();
    let (status, body) = lookup(&app, SIGMOD).await;
    assert_eq!(status, 502, "{body}");
    assert!(body["error"]["message"].as_str().unwrap().starts_with("Crossref did not answer within 20 s"), "{body}");
    assert!(started.elapsed() < Duration::from_secs(25));
}

/// Runs the real `vita` binary against the fake, off the test's one runtime thread (which
/// the fake answers on).
async fn vita(args: &[&str], test_db: &TestDb, fake: &FakeApis) -> std::process::Output {
    let data = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_vita"));
    command.args(args).env("VITA_DATA_DIR", data.path()).env("DATABASE_URL", test_db.database_url()).env("VITA_CONTACT_EMAIL", OWNER_EMAIL);
    for (name, value) in fake.environment() {
        command.env(name, value);
    }
    tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap()
}

/// Item 1: `vita import doi` stores the papers (published) and prints them; a DOI stored
/// already is a duplicate, and with nothing to add the command fails.
async fn the_command_line_adds_papers_by_doi(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let output =
        vita(&["import", "doi", SIGMOD, "doi:10.1371/journal.pone.0033693", "10.1371/notarealdoi", "nonsense"], &test_db, &fake).await;
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("Vector Quotient Filters") && stdout.contains("Prashant Pandey"), "{stdout}");
    assert!(stdout.contains("No record for this DOI") && stdout.contains(vita::rules::validate::DOI_RULE), "{stdout}");
    assert!(stdout.contains("2 publications imported, 2 skipped"), "{stdout}");
    let stored = publications::Entity::find().all(&test_db.db).await.unwrap();
    assert_eq!(stored.len(), 2);
    assert!(stored.iter().all(|p| p.status == ContentStatus::Published));
    let again = vita(&["import", "doi", SIGMOD], &test_db, &fake).await;
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stdout).contains("already stored"));
}

/// Item 3: a refresh stores Crossref's counts in their own table (the papers' rows and
/// `updated_at` untouched), and OpenAlex's with counts by year once a key is set; the paper
/// page shows "Cited by N" with the source and the day; the dashboard sums them up.
async fn a_refresh_stores_counts_and_the_pages_show_them(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let app = app_with(test_db, &fake).await;
    let db = &app.test_db.db;
    let sigmod = add_paper(db, "Vector Quotient Filters", Some(SIGMOD)).await;
    let plos = add_paper(db, "Plos paper", Some(&format!("https://doi.org/{PLOS}"))).await;
    add_paper(db, "No DOI", None).await;
    let page = app.url("/publications/vector-quotient-filters");
    let visitor = reqwest::Client::new();
    assert!(!visitor.get(&page).send().await.unwrap().text().await.unwrap().contains("Cited by"));
    // Pages that show no counts are kept as they are through a refresh.
    for path in ["/news", "/publications"] {
        visitor.get(app.url(path)).send().await.unwrap();
    }
    let cached = |path: &str| match app.cache.lookup(path, vita::ops::clock::today()) {
        vita::render::cache::Lookup::Fresh(page) => page,
        _ => panic!("{path} is not cached fresh"),
    };
    let (news, list) = (cached("/news"), cached("/publications"));

    let sources = scholarly(fake.config());
    // A refresh of the server's process: its page cache hears of the write.
    let changes = Changes::for_database(db).await.unwrap().watched_by(app.cache.clone());
    let outcome = refresh::run(db, &sources, &changes).await.unwrap();
    assert_eq!((outcome.papers, outcome.counts), (2, 2), "{}", outcome.summary());
    let counts = citation_counts::Entity::find().all(db).await.unwrap();
    let count = |id, source: &str| counts.iter().find(|c| c.publication_id == id && c.source == source).map(|c| c.count);
    assert_eq!((count(sigmod.id, "crossref"), count(plos.id, "crossref")), (Some(37), Some(72)));
    let after = publications::Entity::find_by_id(sigmod.id).one(db).await.unwrap().unwrap();
    assert_eq!(after, sigmod, "the paper's row is untouched");
    let today = chrono::Utc::now().date_naive().format("%Y-%m-%d").to_string();
    let html = app.page_once_it_shows(&visitor, "/publications/vector-quotient-filters", "Cited by 37 (Crossref, <time").await;
    assert!(html.contains(&format!(">{today}</time>)")), "the day of the count");
    assert!(fake.seen(CROSSREF).iter().all(|s| s.path_and_query.starts_with("/works?filter=doi")), "one batch call");
    assert!(
        std::sync::Arc::ptr_eq(&news, &cached("/news")) && std::sync::Arc::ptr_eq(&list, &cached("/publications")),
        "not rendered again"
    );

    let mut site = settings::site(db).await.unwrap();
    site.openalex_api_key = "test-key".to_owned();
    site.show_citation_counts = true;
    let saved = app.client.put(app.url("/api/settings")).json(&site).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    let list = app.page_once_it_shows(&visitor, "/publications", "Cited 109 times in all.").await;
    assert!(list.contains("Cited by 37 (Crossref, ") && list.contains("Cited by 72 (Crossref, "), "each paper's count");
    let outcome = refresh::run(db, &sources, &changes).await.unwrap();
    assert!(outcome.sources.iter().all(|(_, failure)| failure.is_none()), "{}", outcome.summary());
    let call = &fake.seen(OPENALEX)[0];
    assert!(call.path_and_query.contains("api_key=test-key") && call.path_and_query.contains("mailto=owner%40example.org"), "{call:?}");
    app.page_once_it_shows(&visitor, "/publications/vector-quotient-filters", "Cited by 39 (OpenAlex, <time").await;
    app.page_once_it_shows(&visitor, "/publications", "Cited 111 times in all.").await;

    let dashboard: Value = app.client.get(app.url("/api/admin/scholarly")).send().await.unwrap().json().await.unwrap();
    let summary = &dashboard["citations"];
    assert_eq!(summary["papers_counted"], 2, "{dashboard}");
    // OpenAlex's 39 for SIGMOD (preferred), Crossref's 72 for the PLOS paper (OpenAlex has no recording of it).
    assert_eq!((summary["total"].as_i64(), summary["h_index"].as_i64()), (Some(111), Some(2)), "{dashboard}");
    let years = summary["per_year"].as_array().unwrap();
    assert!(years.iter().any(|y| y["year"] == 2024 && y["count"] == 17), "{dashboard}");
    assert_eq!(dashboard["sources"][0]["name"], "Crossref");
    assert_eq!(dashboard["sources"][0]["last_error"], Value::Null);
}

/// Item 4: a source that is down, answers 500 or malformed JSON leaves the last counts and
/// the pages as they were, and its error and time go to the dashboard; the command exits
/// non-zero when no source answered.
async fn failing_sources_keep_the_last_counts(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let db = &test_db.db;
    let paper = add_paper(db, "Vector Quotient Filters", Some(SIGMOD)).await;
    let changes = Changes::for_database(db).await.unwrap();
    refresh::run(db, &scholarly(fake.config()), &changes).await.unwrap();
    let before = citation_counts::Entity::find().all(db).await.unwrap();
    assert_eq!(before.len(), 1);

    for mode in [Mode::ServerError, Mode::Truncated] {
        fake.set_mode(CROSSREF, mode.clone());
        let outcome = refresh::run(db, &scholarly(fake.config()), &changes).await.unwrap();
        assert!(!outcome.any_answered(), "{mode:?}");
        assert_eq!(citation_counts::Entity::find().all(db).await.unwrap(), before, "{mode:?}: the last counts stay");
    }
    let outcome = refresh::run(db, &scholarly(FakeApis::down()), &changes).await.unwrap();
    assert!(!outcome.any_answered());
    assert_eq!(citation_counts::Entity::find().filter(citation_counts::Column::PublicationId.eq(paper.id)).all(db).await.unwrap(), before);
    let status = runs::get(db, Source::Crossref.key()).await.unwrap().unwrap();
    assert!(status.last_error.as_deref().unwrap().starts_with("Crossref cannot be reached"), "{status:?}");
    assert!(status.last_error_at.is_some() && status.last_success_at.is_some());
    let crossref = |statuses: Vec<runs::SourceStatus>| statuses.into_iter().find(|s| s.name == "Crossref").unwrap();
    let shown = crossref(runs::statuses(db).await.unwrap());
    assert!(shown.last_error.is_some(), "the dashboard shows the error while it is the latest: {shown:?}");

    fake.set_mode(CROSSREF, Mode::ServerError);
    let output = vita(&["citations", "refresh"], &test_db, &fake).await;
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no source answered"), "{}", String::from_utf8_lossy(&output.stderr));
    fake.set_mode(CROSSREF, Mode::Normal);
    let output = vita(&["citations", "refresh"], &test_db, &fake).await;
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("1 paper with a DOI: 1 counts stored (Crossref answered)"));
    // Answered since: the old error is no longer shown (it stays in the table).
    let shown = crossref(runs::statuses(db).await.unwrap());
    assert_eq!((shown.last_error, shown.last_error_at), (None, None), "an error answered since is over");
    assert!(runs::get(db, Source::Crossref.key()).await.unwrap().unwrap().last_error.is_some());
}

/// The ORCID preview's answer for `orcid_id`, as JSON.
async fn orcid_preview(app: &TestApp, orcid_id: &str) -> Value {
    app.client
        .post(app.url("/api/scholarly/orcid/preview"))
        .json(&json!({"orcid_id": orcid_id}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// Item 2: the ORCID record's works, previewed as the BibTeX import does (works without a
/// DOI Crossref knows keep what ORCID gives, with the owner as author, and say so); the
/// command line imports the new ones and a second run finds them stored.
async fn orcid_works_are_previewed_and_imported(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let app = app_with(test_db, &fake).await;
    let hero = HeroContent { name: "Carl Boettiger".to_owned(), ..HeroContent::default() };
    vita::content::homepage::upsert::<HeroContent>(&app.test_db.db, hero).await.unwrap();
    let preview = orcid_preview(&app, ORCID_FULL).await;
    let entries = preview["entries"].as_array().unwrap_or_else(|| panic!("{preview}"));
    assert_eq!(entries.len(), 111);
    let first = &entries[0];
    assert_eq!(first["publication"]["title"], "Phylogeny Based Biodiversity Data Queries");
    assert_eq!(first["publication"]["doi"], "10.3897/biss.2.25589");
    assert!(first["note"].as_str().unwrap().contains("From ORCID only"), "{first}");
    assert_eq!(first["publication"]["authors"], json!(["Carl Boettiger"]));
    assert!(preview["new"].as_u64().unwrap() > 0);

    let bad: Value = app
        .client
        .post(app.url("/api/scholarly/orcid/preview"))
        .json(&json!({"orcid_id": "0000-0003-1444-9136"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(bad["error"]["fields"]["orcid_id"], vita::rules::validate::ORCID_RULE);
    // ORCID's own example iD: well-formed, but no record here (ORCID's recorded 404).
    let unknown =
        app.client.post(app.url("/api/scholarly/orcid/preview")).json(&json!({"orcid_id": "0000-0002-1825-0097"})).send().await.unwrap();
    assert_eq!(unknown.status(), 404);
    assert!(unknown.text().await.unwrap().contains("ORCID has no public record 0000-0002-1825-0097"));
    let empty = app.client.post(app.url("/api/scholarly/orcid/preview")).json(&json!({"orcid_id": ORCID_EMPTY})).send().await.unwrap();
    assert_eq!(empty.status(), 404);
    assert!(empty.text().await.unwrap().contains("has no public works"));

    let dry = vita(&["import", "orcid", ORCID_FULL, "--dry-run"], &app.test_db, &fake).await;
    assert!(dry.status.success(), "{}", String::from_utf8_lossy(&dry.stderr));
    assert!(String::from_utf8_lossy(&dry.stdout).contains("(nothing was written)"));
    assert!(publications::Entity::find().all(&app.test_db.db).await.unwrap().is_empty());
    let import = vita(&["import", "orcid", ORCID_FULL], &app.test_db, &fake).await;
    assert!(import.status.success(), "{}", String::from_utf8_lossy(&import.stderr));
    let stored = publications::Entity::find().all(&app.test_db.db).await.unwrap().len() as u64;
    assert_eq!(stored, preview["new"].as_u64().unwrap());
    let again = vita(&["import", "orcid", ORCID_FULL], &app.test_db, &fake).await;
    assert!(!again.status.success(), "nothing new the second time");
}

/// Issue 44, item 6: a work of the record without a year shows its title in the preview (not
/// its put-code) and is imported once the owner gives it a year; a year the rules refuse is
/// refused with the entry named, and nothing is written.
async fn undated_orcid_works_take_a_year(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let app = app_with(test_db, &fake).await;
    let preview = orcid_preview(&app, ORCID_FULL).await;
    let undated: Vec<&Value> = preview["entries"].as_array().unwrap().iter().filter(|e| e["needs_year"] == true).collect();
    assert!(!undated.is_empty(), "the recorded record has works without a date");
    for entry in &undated {
        assert_eq!(entry["status"], "invalid", "{entry}");
        let title = entry["publication"]["title"].as_str().unwrap_or_else(|| panic!("the work's title is shown: {entry}"));
        assert!(!title.trim().is_empty() && !title.starts_with("put-code"), "{entry}");
    }
    let work = undated[0];
    let index = work["index"].as_u64().unwrap();
    let import = |years: Value| {
        app.client.post(app.url("/api/scholarly/orcid/import")).json(&json!({"orcid_id": ORCID_FULL, "import": [index], "years": years}))
    };

    let refused = import(json!([{"index": index, "year": 12}])).send().await.unwrap();
    assert_eq!(refused.status(), 422);
    assert!(refused.text().await.unwrap().contains("cannot be imported"));
    assert!(publications::Entity::find().all(&app.test_db.db).await.unwrap().is_empty());

    let imported: Value = import(json!([{"index": index, "year": 2019}])).send().await.unwrap().json().await.unwrap();
    assert_eq!(imported["imported"], 1, "{imported}");
    let stored = publications::Entity::find().all(&app.test_db.db).await.unwrap();
    assert_eq!((stored[0].title.as_str(), stored[0].year), (work["publication"]["title"].as_str().unwrap(), Some(2019)));
}

/// Issue 41 item 8: the hero's titles and degrees ("Prof. Dr. …, PhD") are how the owner is
/// shown, not their name as an author: a work ORCID alone describes names them without, and
/// /cv finds them among the authors all the same.
async fn orcid_authors_carry_no_titles(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let app = app_with(test_db, &fake).await;
    let hero = HeroContent { name: "Prof. Dr. Carl Boettiger, PhD".to_owned(), ..HeroContent::default() };
    vita::content::homepage::upsert::<HeroContent>(&app.test_db.db, hero).await.unwrap();
    let preview = orcid_preview(&app, ORCID_FULL).await;
    let first = &preview["entries"][0];
    assert!(first["note"].as_str().unwrap().contains("From ORCID only"), "{first}");
    assert_eq!(first["publication"]["authors"], json!(["Carl Boettiger"]));

    let import = vita(&["import", "orcid", ORCID_FULL], &app.test_db, &fake).await;
    assert!(import.status.success(), "{}", String::from_utf8_lossy(&import.stderr));
    let stored = publications::Entity::find()
        .filter(publications::Column::Title.eq("Phylogeny Based Biodiversity Data Queries"))
        .one(&app.test_db.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.authors.0, ["Carl Boettiger"]);
    let html = app.page_once_it_shows(&reqwest::Client::new(), "/cv", "Phylogeny Based Biodiversity Data Queries").await;
    assert!(html.contains("<strong>C. Boettiger</strong>"), "the owner in bold on /cv");
}

/// Item 8, for the works imported before the fix: migration m0019 takes the titles and degrees
/// out of the stored authors ("Prof. Dr. Julie Chiquet" as ORCID imports wrote the owner);
/// every other author, and the rows without such a name, stay as they were.
async fn the_migration_takes_titles_out_of_stored_authors(test_db: TestDb) {
    use sea_orm::ActiveModelTrait;
    use sea_orm_migration::MigratorTrait;
    use vita::store::migrations::Migrator;
    let db = &test_db.db;
    // Back to before m0019 (the nineteenth migration), whatever came after it.
    Migrator::down(db, Some(Migrator::migrations().len() as u32 - 18)).await.unwrap();
    let rows: [&[&str]; 3] = [
        &["Prof. Dr. Julie Chiquet"],
        &["Yi Ma", "Dr. Julie Chiquet, PhD", "Chiquet, Ma", "King, Jr., Martin Luther", "Nat Turner", "G{\\\"u}neysu, Tim"],
        &["Julie Chiquet", "Stéphane Robin"],
    ];
    let mut ids = Vec::new();
    for (n, authors) in rows.iter().enumerate() {
        let input: publications::Input = serde_json::from_value(json!({
            "title": format!("Paper {n}"), "authors": ["Someone"], "kind": "journal-article", "venue": "J", "year": 2024,
        }))
        .unwrap();
        let stored = content::create::<publications::Entity>(db, input).await.unwrap();
        // Written as the import wrote it before the fix, past today's validation.
        let mut row: publications::ActiveModel = stored.into();
        row.authors = sea_orm::ActiveValue::Set(authors.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>().into());
        ids.push(row.update(db).await.unwrap().id);
    }
    Migrator::up(db, None).await.unwrap();
    let mut read = Vec::new();
    for id in ids {
        read.push(publications::Entity::find_by_id(id).one(db).await.unwrap().unwrap().authors.0);
    }
    assert_eq!(
        read,
        [
            vec!["Julie Chiquet"],
            vec!["Yi Ma", "Julie Chiquet", "Chiquet, Ma", "King, Jr., Martin Luther", "Nat Turner", "G{\\\"u}neysu, Tim"],
            vec!["Julie Chiquet", "Stéphane Robin"],
        ]
    );
}

/// Item 5: a record of 10,000 works is previewed in one go (shaped like the recorded one).
async fn a_record_of_ten_thousand_works(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let groups: Vec<Value> = (0..10_000)
        .map(|i| {
            json!({"work-summary": [{"put-code": i, "type": "journal-article", "title": {"title": {"value": format!("Work number {i}")}},
            "publication-date": {"year": {"value": "2020"}}, "journal-title": {"value": "Journal"}, "external-ids": {"external-id": []}}]})
        })
        .collect();
    fake.answer(ORCID, &format!("/v3.0/{ORCID_FULL}/works"), 200, serde_json::to_vec(&json!({"group": groups})).unwrap());
    let sources = scholarly(fake.config());
    let started = Instant::now();
    let entries = orcid::entries(&test_db.db, &sources, ORCID_FULL, true).await.unwrap();
    let preview = vita::import::preview_entries(&test_db.db, entries).await.unwrap();
    assert_eq!(preview.entries.len(), 10_000);
    // How long it takes is printed, not asserted: tests never fail on a timing.
    eprintln!("10,000 ORCID works previewed in {:?}", started.elapsed());
}

/// Item 2: the daily job checks the ORCID record once an iD is set and the dashboard says how
/// many works are new; it also refreshes the counts, and only one instance runs it at a time.
async fn the_daily_jobs_run_once_and_report(test_db: TestDb) {
    let fake = FakeApis::start().await;
    add_paper(&test_db.db, "Vector Quotient Filters", Some(SIGMOD)).await;
    let before = settings::site(&test_db.db).await.unwrap();
    let site = settings::SiteSettings { orcid_id: ORCID_FULL.to_owned(), ..before.clone() };
    settings::save_site(&test_db.db, site, &before).await.unwrap();
    let app = app_with(test_db, &fake).await;
    let deadline = Instant::now() + Duration::from_secs(15);
    let dashboard = loop {
        let dashboard: Value = app.client.get(app.url("/api/admin/scholarly")).send().await.unwrap().json().await.unwrap();
        if dashboard["orcid"]["new_works"].as_u64().is_some() && dashboard["citations"]["total"] == 37 {
            break dashboard;
        }
        assert!(Instant::now() < deadline, "the daily jobs did not run: {dashboard}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // Works without a year (invalid) or listed twice in the record (duplicates) are not new.
    assert!(dashboard["orcid"]["new_works"].as_u64().unwrap() > 0, "{dashboard}");
    assert_eq!(dashboard["orcid"]["titles"][0], "Phylogeny Based Biodiversity Data Queries");
    assert_eq!(publications::Entity::find().all(&app.test_db.db).await.unwrap().len(), 1, "the check imports nothing");

    // A second instance on the same database: the jobs ran less than a day ago.
    let calls = fake.seen(CROSSREF).len();
    let jobs = vita::scholarly::jobs::Jobs {
        db: app.test_db.db.clone(),
        scholarly: std::sync::Arc::new(scholarly(fake.config())),
        changes: Changes::for_database(&app.test_db.db).await.unwrap().watched_by(app.cache.clone()),
        jitter: Duration::ZERO,
    };
    jobs.once("another-instance").await;
    assert_eq!(fake.seen(CROSSREF).len(), calls, "not due again");
    // Two instances asking for a due job at once: one gets it.
    let (db, every, lease) = (&app.test_db.db, chrono::Duration::hours(24), chrono::Duration::minutes(60));
    let (a, b) = tokio::join!(runs::take_if_due(db, "race", "a", every, lease), runs::take_if_due(db, "race", "b", every, lease));
    assert!(a.unwrap() ^ b.unwrap(), "exactly one instance runs the job");
}

/// Item 5: a title with markup and `</script>` (as Crossref writes them, tags and character
/// references) is stored as text and escaped on the paper page like any other.
async fn hostile_titles_are_text(test_db: TestDb) {
    let fake = FakeApis::start().await;
    let work = json!({"status": "ok", "message": {
        "DOI": "10.5555/hostile", "type": "journal-article", "container-title": ["J"], "issued": {"date-parts": [[2024]]},
        "author": [{"given": "Eve", "family": "<b>Evil</b>"}],
        "title": ["<i>Masking</i> &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; </script><script>alert(2)</script>"]}});
    // Shaped like a recorded Crossref work; no recording has a hostile title.
    fake.answer(CROSSREF, "/works/10.5555/hostile", 200, serde_json::to_vec(&work).unwrap());
    let output = vita(&["import", "doi", "10.5555/hostile"], &test_db, &fake).await;
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stdout));
    let stored = publications::Entity::find().one(&test_db.db).await.unwrap().unwrap();
    assert_eq!(stored.title, "Masking </script><script>alert(1)</script> alert(2)");
    assert_eq!(stored.authors.0, ["Eve <b>Evil</b>"]);
    let app = TestApp::spawn_on(test_db).await;
    let html = reqwest::get(app.url(&format!("/publications/{}", stored.slug))).await.unwrap().text().await.unwrap();
    assert!(html.contains("Masking &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; alert(2)"), "escaped in the page");
    assert!(!html.contains("<script>alert") && !html.contains("<b>Evil"), "nothing written as markup");
}

on_both_databases!(
    hostile_titles_are_text,
    a_doi_fills_the_form_from_crossref,
    other_agencies_answer_through_content_negotiation,
    bad_dois_are_explained,
    failing_sources_give_a_clear_502,
    a_hanging_source_times_out,
    the_command_line_adds_papers_by_doi,
    a_refresh_stores_counts_and_the_pages_show_them,
    failing_sources_keep_the_last_counts,
    orcid_works_are_previewed_and_imported,
    undated_orcid_works_take_a_year,
    orcid_authors_carry_no_titles,
    the_migration_takes_titles_out_of_stored_authors,
    a_record_of_ten_thousand_works,
    the_daily_jobs_run_once_and_report,
);
