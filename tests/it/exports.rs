//! The publication exports (issue 13, item 5) on SQLite and PostgreSQL: `/publications.bib`
//! and `/publications.json` list the published papers only, with their media types, and
//! parse back; one paper's BibTeX and CSL-JSON answer 404 for a draft or an unknown slug.

use axum::body::to_bytes;
use axum::response::Response;
use sea_orm::EntityTrait;
use serde_json::{Value, json};
use vita::app::App;
use vita::error::AppError;
use vita::http::AppState;
use vita::http::exports::{paper_bibtex, paper_csl_json};
use vita::ops::config::Config;

use crate::helpers::{TestApp, TestDb, test_config};
use crate::on_both_databases;

const STORED: &str = "@article{stored2021,\n  title = {\\emph{Stored} -- verbatim},\n  author = {Doe, Jane},\n  year = 2021,\n}";

/// Creates three published papers (one with a stored BibTeX) and one draft over the API.
async fn seed(app: &TestApp) {
    app.sign_in().await;
    let papers = [
        json!({ "title": "Masking Kyber in Hardware", "slug": "masking-kyber", "authors": ["Jane Doe", "Çetin Kaya Koç"],
                "kind": "preprint", "venue": "arXiv preprint arXiv:2401.01234", "year": 2024, "month": 1,
                "url": "https://arxiv.org/abs/2401.01234" }),
        json!({ "title": "Side Channels & <Friends>", "slug": "side-channels", "authors": ["Zoë Ångström", "others"],
                "kind": "conference-paper", "venue": "CHES", "year": 2023, "pages": "1-20", "doi": "10.1000/xyz" }),
        json!({ "title": "Stored Entry", "slug": "stored-entry", "authors": ["Jane Doe"], "kind": "journal-article",
                "venue": "Journal", "year": 2021, "bibtex": STORED }),
        json!({ "title": "Secret Draft", "slug": "secret-draft", "authors": ["Jane Doe"], "kind": "journal-article",
                "venue": "Journal", "year": 2025, "status": "draft" }),
    ];
    for paper in papers {
        let response = app.client.post(app.url("/api/publications")).json(&paper).send().await.unwrap();
        assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
    }
}

fn assert_no_null(value: &Value) {
    match value {
        Value::Null => panic!("null in the CSL-JSON"),
        Value::Array(items) => items.iter().for_each(assert_no_null),
        Value::Object(members) => members.values().for_each(assert_no_null),
        _ => {}
    }
}

async fn lists_export_published_papers_only(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    seed(&app).await;
    let anonymous = reqwest::Client::new();

    let response = anonymous.get(app.url("/publications.bib")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/x-bibtex; charset=utf-8");
    let bib = response.text().await.unwrap();
    // One entry per published paper, newest year first (the spec's list order), a blank line
    // between them; the stored entry verbatim.
    let entries: Vec<&str> = bib.split("\n\n").collect();
    assert_eq!(entries.len(), 3, "{bib}");
    assert!(entries[0].starts_with("@misc{doe2024masking,"), "{bib}");
    assert!(entries[1].starts_with("@inproceedings{angstrom2023side,"), "{bib}");
    assert_eq!(entries[2].trim_end(), STORED);
    // Parses back: every entry is `@type{key,` with balanced braces.
    for chunk in bib.split('@').skip(1) {
        let (kind, rest) = chunk.split_once('{').expect("entry type");
        let (key, _) = rest.split_once(',').expect("citation key");
        assert!(!kind.is_empty() && !key.is_empty() && !key.contains(char::is_whitespace), "{chunk}");
        assert_eq!(
            chunk.matches('{').count() - chunk.matches("\\{").count(),
            chunk.matches('}').count() - chunk.matches("\\}").count(),
            "{chunk}"
        );
    }
    assert!(bib.contains("author    = {Ångström, Zoë and others}"), "{bib}");
    assert!(bib.contains("title     = {Side Channels \\& <Friends>}"), "{bib}");
    assert!(bib.contains("eprint        = {2401.01234}"), "{bib}");
    assert!(!bib.contains("Secret Draft"), "{bib}");

    let response = anonymous.get(app.url("/publications.json")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/vnd.citationstyles.csl+json");
    let items: Value = response.json().await.unwrap();
    assert_no_null(&items);
    let ids: Vec<&str> = items.as_array().unwrap().iter().map(|item| item["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["masking-kyber", "side-channels", "stored-entry"]);
    let side = &items[1];
    assert_eq!(side["type"], "paper-conference");
    assert_eq!(side["author"], json!([{ "family": "Ångström", "given": "Zoë" }, { "literal": "others" }]));
    assert_eq!(side["DOI"], "10.1000/xyz");
    assert!(side["URL"].as_str().unwrap().ends_with("/publications/side-channels"), "{side}");
}

/// The app's state on the test's database, to call the per-paper exports as the page router
/// does (`/publications/<slug>.bib` and `.json` are dispatched there).
async fn state(app: &TestApp) -> (AppState, tempfile::TempDir) {
    let data = tempfile::tempdir().unwrap();
    let config = Config { base_url: Some("https://vita.example.org".to_owned()), ..test_config(data.path()) };
    let built = App::build_with(&config, app.test_db.db.clone()).await.unwrap();
    (built.state().clone(), data)
}

async fn body(response: Response) -> String {
    String::from_utf8(to_bytes(response.into_body(), usize::MAX).await.unwrap().to_vec()).unwrap()
}

async fn one_paper_exports_and_404s(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    seed(&app).await;
    let (state, _data) = state(&app).await;

    let response = paper_bibtex(&state, "stored-entry").await.unwrap();
    assert_eq!(response.headers()["content-type"], "application/x-bibtex; charset=utf-8");
    assert_eq!(response.headers()["content-disposition"], "inline; filename=\"stored-entry.bib\"");
    assert_eq!(body(response).await, STORED, "the stored entry byte for byte");

    let response = paper_bibtex(&state, "side-channels").await.unwrap();
    assert!(body(response).await.starts_with("@inproceedings{angstrom2023side,\n"));

    let response = paper_csl_json(&state, "masking-kyber").await.unwrap();
    assert_eq!(response.headers()["content-type"], "application/vnd.citationstyles.csl+json");
    let items: Value = serde_json::from_str(&body(response).await).unwrap();
    assert_no_null(&items);
    assert_eq!(items[0]["id"], "masking-kyber");
    assert_eq!(items[0]["type"], "article");
    assert_eq!(items[0]["number"], "arXiv:2401.01234");
    assert_eq!(items[0]["issued"], json!({ "date-parts": [[2024, 1]] }));

    for slug in ["secret-draft", "no-such-paper"] {
        assert!(matches!(paper_bibtex(&state, slug).await, Err(AppError::NotFound(_))), "{slug}");
        assert!(matches!(paper_csl_json(&state, slug).await, Err(AppError::NotFound(_))), "{slug}");
    }
}

/// The same through the real server: the page router dispatches `/publications/<slug>.bib`
/// and `.json` to the functions above.
async fn paper_exports_through_the_page_router(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    seed(&app).await;
    let anonymous = reqwest::Client::new();

    let response = anonymous.get(app.url("/publications/stored-entry.bib")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/x-bibtex; charset=utf-8");
    assert_eq!(response.headers()["content-disposition"], "inline; filename=\"stored-entry.bib\"");
    assert_eq!(response.text().await.unwrap(), STORED);

    let response = anonymous.get(app.url("/publications/side-channels.json")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/vnd.citationstyles.csl+json");
    let items: Value = response.json().await.unwrap();
    assert_no_null(&items);
    assert_eq!(items[0]["id"], "side-channels");

    for path in ["/publications/secret-draft.bib", "/publications/secret-draft.json", "/publications/no-such-paper.bib"] {
        assert_eq!(anonymous.get(app.url(path)).send().await.unwrap().status(), 404, "{path}");
    }
}

on_both_databases!(lists_export_published_papers_only, one_paper_exports_and_404s, paper_exports_through_the_page_router);

/// Issue 41, items 1–4, 6 and 10: a site holding every hard case of the issue (math in each
/// delimiter and field, braces that do not match, broken TeX, a stored entry whose braces only
/// balance for readers that skip `\{`, a paper without month or venue, a DOI typed as a link,
/// a DOI ending in a backslash, a long URL, an al-folio `selected` entry with escaped braces)
/// exports a `/publications.bib` that pybtex (strict), bibtexparser, the biblatex crate and
/// Vita's own import read whole, and a `/publications.json` whose text has no TeX dollars.
async fn every_hard_case_exports_a_file_strict_parsers_read(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let papers = [
        json!({ "title": "Clusters at \\(z \\sim 0.3\\) and $\\Lambda$CDM", "authors": ["Jane Doe"], "kind": "journal-article",
                "venue": "Journal of $\\alpha$-Stable Processes", "year": 2024, "month": 3,
                "abstract": "We measure $H_0 = 73.0 \\pm 1.0$ km s$^{-1}$ Mpc$^{-1}$ and $\\frac{a}{b}$." }),
        json!({ "title": "Sets {x | x > 0 of positive reals", "authors": ["Jane Doe"], "venue": "J } of Braces", "year": 2023 }),
        json!({ "title": "Broken $\\frac{1}{$ TeX and \\(a}\\)", "authors": ["Jane Doe"], "venue": "$x^{2$ Letters", "year": 2022 }),
        json!({ "title": "Stored With A Stray Brace", "authors": ["Jane Doe"], "venue": "J", "year": 2021,
                "bibtex": "@article{stray, title = {Sets \\{x}, author = {Doe, Jane}, year = 2021}" }),
        json!({ "title": "A Paper Without Venue", "authors": ["Jane Doe"], "kind": "other", "venue": "", "year": 2015 }),
        json!({ "title": "Typed DOI", "authors": ["Jane Doe"], "venue": "J", "year": 2020, "doi": "https://doi.org/10.1000/ABC.Def" }),
        json!({ "title": "Long Link", "authors": ["Jane Doe"], "venue": "http://www.springerlink.com/content/e8736480p20271l3/",
                "year": 2011, "url": "http://www.springerlink.com/content/e8736480p20271l3/" }),
        json!({ "title": "Trailing Backslash", "authors": ["Jane Doe"], "venue": "J", "year": 2018, "doi": "10.1000/odd\\" }),
        json!({ "title": "100% of R&D_costs #1 ~ ^ \\ and \"quotes\"", "authors": ["O'Brien, Ann"], "venue": "J & K", "year": 2019 }),
    ];
    for paper in &papers {
        let response = app.client.post(app.url("/api/publications")).json(paper).send().await.unwrap();
        assert_eq!(response.status(), 201, "{paper}: {}", response.text().await.unwrap());
    }
    let alfolio = "@article{chiquet2019, title = {Sets \\{x | x > 0\\} in $\\mathbb{R}^n$}, author = {Chiquet, Julie},\n  \
                   journal = {Statistics}, year = 2019, selected = {true}}\n";
    let preview = vita::import::preview(&app.test_db.db, alfolio).await.unwrap();
    assert_eq!(preview.new, 1, "{preview:?}");
    let changes = vita::store::changes::Changes::for_database(&app.test_db.db).await.unwrap();
    let request = vita::import::ImportRequest { bibtex: alfolio.to_owned(), import: vec![0], update: vec![], file_name: None };
    vita::import::import(&app.test_db.db, &changes, request).await.unwrap();
    let count = papers.len() + 1;

    let bib = app.page_once_it_shows(&reqwest::Client::new(), "/publications.bib", "chiquet2019").await;
    let reading = crate::bibtex_round_trip::independent_reading(&bib);
    assert_eq!(reading["strict"], Value::Null, "pybtex:\n{bib}");
    assert_eq!(reading["failed"], json!([]), "bibtexparser:\n{bib}");
    assert_eq!(reading["keys"].as_array().unwrap().len(), count, "{bib}");
    assert_eq!(reading["fields"].as_object().unwrap().len(), count, "{bib}");
    let crate_reading = biblatex::Bibliography::parse(&bib).unwrap_or_else(|e| panic!("biblatex: {e:?}\n{bib}"));
    assert_eq!(crate_reading.len(), count, "{bib}");
    assert!(bib.contains("{Clusters at $z \\sim 0.3$ and $\\Lambda$CDM}"), "{bib}");
    assert!(bib.contains("{Journal of $\\alpha$-Stable Processes}"), "{bib}");

    let items: Value = reqwest::get(app.url("/publications.json")).await.unwrap().json().await.unwrap();
    let clusters = items.as_array().unwrap().iter().find(|item| item["title"].as_str().unwrap().starts_with("Clusters")).unwrap();
    assert_eq!(clusters["abstract"], "We measure H₀ = 73.0±1.0 km s⁻¹ Mpc⁻¹ and \\frac{a}{b}.");
    assert_eq!(clusters["container-title"], "Journal of α-Stable Processes");

    // Vita's own import reads every entry of it into an emptied site, the selected one featured.
    vita::content::publications::Entity::delete_many().exec(&app.test_db.db).await.unwrap();
    let preview = vita::import::preview(&app.test_db.db, &bib).await.unwrap();
    let invalid: Vec<_> = preview.entries.iter().filter(|e| e.status != vita::import::EntryStatus::New).collect();
    assert!(invalid.is_empty(), "{invalid:?}\n{bib}");
    assert_eq!(preview.new as usize, count);
    let sets = preview.entries.iter().filter_map(|e| e.publication.as_ref()).find(|p| p.title.starts_with("Sets {x | x > 0}")).unwrap();
    assert_eq!(sets.title, "Sets {x | x > 0} in $\\mathbb{R}^n$");
    assert!(sets.featured);
}

on_both_databases!(every_hard_case_exports_a_file_strict_parsers_read);
