//! /cv.pdf (issue 28): the CV typeset in the server, read back with poppler's
//! `pdftotext` and `pdfinfo`, on SQLite and PostgreSQL. Every published item and no draft;
//! the sections in the order of the golden file, which /cv follows too; cached with an ETag
//! and made again after a save; the paper and what the CV buttons open are settings; 500
//! papers; `vita export` writes it.

use reqwest::StatusCode;
use reqwest::header;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

/// The sections and sub-headings of a CV with everything filled, in order.
const SECTION_ORDER: &str = include_str!("../fixtures/cv/section-order.txt");

async fn create(app: &TestApp, path: &str, body: Value) {
    let response = app.client.post(app.url(&format!("/api/{path}"))).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED, "{path}: {}", response.text().await.unwrap());
}

async fn save(app: &TestApp, path: &str, body: Value) {
    let response = app.client.put(app.url(path)).json(&body).send().await.unwrap();
    assert!(response.status().is_success(), "{path}: {}", response.text().await.unwrap());
}

/// A CV with every section: one published item each, and a draft beside most.
async fn fill(app: &TestApp) {
    save(app, "/api/homepage/hero", json!({ "name": "Dr. Grace Hopper", "title": "Professor of Computing", "institution": "Yale" })).await;
    save(app, "/api/settings", json!({ "show_students_publicly": true })).await;
    let items = [
        (
            "cv-appointments",
            json!({ "title": "Associate Professor", "institution": "Chalmers", "place": "Gothenburg", "start_year": 2019 }),
        ),
        (
            "cv-education",
            json!({ "degree": "PhD", "field": "Mathematics", "institution": "Yale", "year": 1934, "thesis_title": "New types of irreducibility criteria" }),
        ),
        ("cv-awards", json!({ "name": "Best Paper Award", "awarding_body": "DAC", "year": 2021 })),
        (
            "cv-grants",
            json!({ "title": "Trusted chips", "funder": "VR", "amount": 4000000, "currency": "SEK", "start_year": 2022, "end_year": 2025 }),
        ),
        ("cv-service", json!({ "role": "Programme committee member", "body": "CHES", "kind": "committee", "start_year": 2020 })),
        ("cv-other", json!({ "title": "Languages", "content": "<p>Swedish, <em>English</em></p><ul><li>Reading Latin</li></ul>" })),
        (
            "publications",
            json!({ "title": "Journal Work on $H_0$", "authors": ["Grace Hopper"], "venue": "J. Comp.", "year": 2024, "kind": "journal-article" }),
        ),
        (
            "publications",
            json!({ "title": "Conference Work", "authors": ["Grace Hopper", "Alan Turing"], "venue": "DAC", "year": 2023, "kind": "conference-paper" }),
        ),
        ("talks", json!({ "title": "Keynote on chips", "event_name": "DATE", "date": "2024-03-01" })),
        ("courses", json!({ "code": "EDA123", "title": "Hardware Security" })),
        ("students", json!({ "name": "Ada Current" })),
        ("students", json!({ "name": "Bob Alumnus", "status": "graduated", "start_year": 2015, "graduation_year": 2020 })),
        ("projects", json!({ "title": "Compiler Project", "summary": "The first compiler", "featured": true })),
    ];
    for (path, body) in items {
        create(app, path, body).await;
    }
    let drafts = [
        ("cv-appointments", json!({ "title": "Draft Appointment", "institution": "X", "start_year": 2019, "status": "draft" })),
        ("cv-awards", json!({ "name": "Secret Draft Award", "year": 2020, "status": "draft" })),
        ("cv-other", json!({ "title": "Hidden Draft Section", "status": "draft" })),
        (
            "publications",
            json!({ "title": "Unfinished Draft Paper", "authors": ["G. Hopper"], "venue": "V", "year": 2024, "status": "draft" }),
        ),
        ("talks", json!({ "title": "Draft Talk", "event_name": "E", "date": "2024-03-01", "status": "draft" })),
        ("courses", json!({ "code": "DRAFT9", "title": "Draft Course", "status": "draft" })),
        ("projects", json!({ "title": "Draft Project", "summary": "S", "featured": true, "status": "draft" })),
    ];
    for (path, body) in drafts {
        create(app, path, body).await;
    }
}

/// The PDF's text (`pdftotext`) and what `pdfinfo` says of it.
fn read_pdf(pdf: &[u8]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cv.pdf");
    std::fs::write(&file, pdf).unwrap();
    let run = |program: &str| {
        let output = std::process::Command::new(program).arg(&file).args(if program == "pdftotext" { &["-"][..] } else { &[] }).output();
        let output = output.unwrap_or_else(|err| panic!("{program} (poppler-utils) must be installed: {err}"));
        assert!(output.status.success(), "{program} could not read the PDF");
        String::from_utf8(output.stdout).unwrap()
    };
    (run("pdftotext"), run("pdfinfo"))
}

async fn fetch_pdf(client: &reqwest::Client, app: &TestApp) -> reqwest::Response {
    let response = client.get(app.url("/cv.pdf")).header(header::ACCEPT_ENCODING, "gzip, deflate, br, zstd").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response
}

/// Polls /cv.pdf (a save refreshes the kept copy in the background) until its text has `needle`.
async fn pdf_once_it_shows(app: &TestApp, needle: &str) -> (String, String) {
    pdf_once(app, needle, |text, _| text.contains(needle)).await
}

/// Polls /cv.pdf until its text and `pdfinfo`'s account of it are `ready`; `what` names the wait.
async fn pdf_once(app: &TestApp, what: &str, ready: impl Fn(&str, &str) -> bool) -> (String, String) {
    let visitor = reqwest::Client::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let pdf = fetch_pdf(&visitor, app).await.bytes().await.unwrap();
        let (text, info) = read_pdf(&pdf);
        if ready(&text, &info) {
            return (text, info);
        }
        assert!(std::time::Instant::now() < deadline, "/cv.pdf never showed {what:?}: {info}\n{text}");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

/// Each line of `order` found in `text` after the one before it.
fn assert_in_order(text: &str, order: &[&str], what: &str) {
    let mut from = 0;
    for heading in order {
        let Some(at) = text[from..].find(heading) else { panic!("{what}: {heading:?} missing or out of order in {text}") };
        from += at + heading.len();
    }
}

async fn the_pdf_holds_every_published_item_in_the_order_of_the_page(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    fill(&app).await;
    let visitor = reqwest::Client::new();
    let response = fetch_pdf(&visitor, &app).await;
    let headers = response.headers().clone();
    assert_eq!(headers[header::CONTENT_TYPE], "application/pdf");
    assert_eq!(headers[header::CONTENT_DISPOSITION], "inline; filename=\"dr-grace-hopper-cv.pdf\"");
    assert!(headers.get(header::CONTENT_ENCODING).is_none(), "a PDF is compressed already");
    let etag = headers[header::ETAG].to_str().unwrap().to_owned();
    let pdf = response.bytes().await.unwrap();
    assert!(pdf.starts_with(b"%PDF-"));

    // Kept: the same bytes, and 304 for the browser that has them.
    let again = visitor.get(app.url("/cv.pdf")).header(header::IF_NONE_MATCH, &etag).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    let (text, info) = read_pdf(&pdf);
    for shown in [
        "Dr. Grace Hopper",
        "Professor of Computing",
        "Associate Professor",
        "2019–present",
        "Chalmers, Gothenburg",
        "Thesis: New types of irreducibility criteria",
        "Best Paper Award",
        "4,000,000 SEK",
        "Programme committee member",
        "Reading Latin",
        "Journal Work on H₀",
        "Conference Work",
        "Keynote on chips",
        "EDA123 Hardware Security",
        "Ada Current (PhD)",
        "Bob Alumnus",
        "Compiler Project",
        "Page 1 of",
        app.base.trim_end_matches('/'),
    ] {
        assert!(text.contains(shown), "/cv.pdf lacks {shown:?}: {text}");
    }
    for hidden in [
        "Draft Appointment",
        "Secret Draft Award",
        "Hidden Draft Section",
        "Unfinished Draft Paper",
        "Draft Talk",
        "DRAFT9",
        "Draft Project",
    ] {
        assert!(!text.contains(hidden), "/cv.pdf shows the draft {hidden:?}");
    }
    assert!(info.contains("Tagged:          yes") && info.contains("(A4)"), "tagged, on A4 by default: {info}");
    assert!(info.contains("Title:           Curriculum Vitae: Dr. Grace Hopper"), "{info}");

    // The golden order, in the PDF and on /cv.
    let order: Vec<&str> = SECTION_ORDER.lines().filter(|line| !line.is_empty()).collect();
    assert_in_order(&text, &order, "/cv.pdf");
    let html = visitor.get(app.url("/cv")).send().await.unwrap().text().await.unwrap();
    let headings: Vec<&str> = html
        .split("<h")
        .skip(1)
        .filter(|part| part.starts_with("2 id=\"cv-") || part.starts_with("3 class"))
        .filter_map(|part| part.split_once('>').and_then(|(_, rest)| rest.split_once("</h")).map(|(text, _)| text))
        .collect();
    assert_eq!(headings, order, "/cv has the golden order too");

    // A save to a CV section makes the kept PDF stale; the next one shows it.
    create(&app, "cv-awards", json!({ "name": "Award Added Later", "year": 2025 })).await;
    pdf_once_it_shows(&app, "Award Added Later").await;
}

async fn paper_and_buttons_are_settings(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    save(&app, "/api/homepage/hero", json!({ "name": "Grace Hopper" })).await;
    let visitor = reqwest::Client::new();
    // By default, with no uploaded CV and nothing on the CV yet: no button on the home page
    // (the spec's hero); /cv links its PDF.
    let home = visitor.get(app.url("/")).send().await.unwrap().text().await.unwrap();
    assert!(!home.contains("Download CV"));
    let cv = visitor.get(app.url("/cv")).send().await.unwrap().text().await.unwrap();
    assert!(cv.contains(r#"href="/cv.pdf""#) && cv.contains("Download PDF"));
    // Once the CV has an entry, the home page offers the generated PDF out of the box (issue 44).
    create(&app, "cv-awards", json!({ "name": "Best Paper", "year": 2024 })).await;
    let home = app.page_once_it_shows(&visitor, "/", "Download CV").await;
    assert!(home.contains(r#"href="/cv.pdf""#), "the hero's button opens the generated PDF");

    save(&app, "/api/settings", json!({ "cv_paper_size": "us-letter", "cv_button": "generated" })).await;
    let home = app.page_once_it_shows(&visitor, "/", "Download CV").await;
    assert!(home.contains(r#"href="/cv.pdf""#), "the hero's button opens the generated PDF");
    let (_, info) = pdf_once(&app, "US Letter", |_, info| info.contains("(letter)")).await;
    assert!(info.contains("612 x 792 pts (letter)"), "{info}");

    // The uploaded file, when chosen and there is one, on both buttons.
    save(&app, "/api/settings", json!({ "cv_button": "uploaded" })).await;
    save(&app, "/api/homepage/hero", json!({ "name": "Grace Hopper", "cv_url": "/files/cv-files/cv.pdf" })).await;
    app.page_once_it_shows(&visitor, "/", r#"href="/files/cv-files/cv.pdf""#).await;
    app.page_once_it_shows(&visitor, "/cv", r#"href="/files/cv-files/cv.pdf""#).await;

    let refused = app.client.put(app.url("/api/settings")).json(&json!({ "cv_paper_size": "a3" })).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY, "only A4 and US Letter");
}

/// An empty site: one page with the name. Hostile text in every field prints as typed.
async fn an_empty_site_and_hostile_text(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    save(&app, "/api/homepage/hero", json!({ "name": "Ada Lovelace" })).await;
    let (text, info) = pdf_once_it_shows(&app, "Ada Lovelace").await;
    assert!(info.contains("Pages:           1"), "{info}");
    assert!(!text.contains("Appointments") && !text.contains("Publications"), "no empty sections: {text}");

    let hostile = r#"#set page(width: 1cm) $x$ *b* _i_ @key <tag> \ // #read("/etc/passwd")"#;
    save(&app, "/api/homepage/hero", json!({ "name": hostile })).await;
    create(&app, "cv-awards", json!({ "name": hostile, "awarding_body": "</li><script>alert(1)</script>", "year": 2020 })).await;
    create(&app, "cv-other", json!({ "title": "#heading = [x]", "content": "<p>$$\\frac{a}{b}$$ and #emph[not] &lt;b&gt;</p>" })).await;
    let (text, _) = pdf_once_it_shows(&app, "#heading = [x]").await;
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let wanted: String = hostile.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(squeezed.matches(&wanted).count() >= 2, "the name and the award print as typed: {text}");
    assert!(text.contains("#emph[not] <b>"), "{text}");
    assert!(!text.contains("root:"), "nothing was read from the disk");
}

/// 500 papers: every title in the PDF, on more pages.
async fn five_hundred_publications(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    save(&app, "/api/homepage/hero", json!({ "name": "Grace Hopper" })).await;
    let bib: String = (0..500)
        .map(|i| {
            format!(
                "@article{{paper{i},\n  title = {{Paper number {i} on the {kind} of #hash and $x_{i}$}},\n  author = {{Hopper, Grace and Turing, Alan}},\n  journal = {{Journal {i}}},\n  year = {{{}}},\n}}\n\n",
                2000 + i % 25,
                kind = if i % 2 == 0 { "theory" } else { "practice" }
            )
        })
        .collect();
    let all: Vec<usize> = (0..500).collect();
    let response = app
        .client
        .post(app.url("/api/publications/import"))
        .json(&json!({ "bibtex": bib, "import": all, "update": [] }))
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{}", response.text().await.unwrap());
    let (text, info) = pdf_once_it_shows(&app, "Paper number 499").await;
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    for i in 0..500 {
        assert!(squeezed.contains(&format!("Papernumber{i}onthe")), "paper {i} is missing");
    }
    let pages: usize = info.lines().find_map(|l| l.strip_prefix("Pages:")).unwrap().trim().parse().unwrap();
    assert!(pages > 10, "{pages} pages for 500 papers");
}

on_both_databases!(
    the_pdf_holds_every_published_item_in_the_order_of_the_page,
    paper_and_buttons_are_settings,
    an_empty_site_and_hostile_text,
    five_hundred_publications,
    the_german_pdf_says_its_own_words_in_german,
);

/// Issue 45: `/de/cv.pdf` is German throughout: the sections' headings, the footer's page number
/// and date (the catalogues), the title and the language the PDF is tagged with; `/cv.pdf` keeps
/// its English words.
async fn the_german_pdf_says_its_own_words_in_german(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    save(&app, "/api/homepage/hero", json!({ "name": "Dr. Grace Hopper" })).await;
    save(&app, "/api/settings", json!({ "languages": ["en", "de"] })).await;
    create(&app, "cv-awards", json!({ "name": "Best Paper Award", "awarding_body": "DAC", "year": 2021 })).await;
    let visitor = reqwest::Client::new();
    let fetch = async |path: &str| {
        let response = visitor.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        response.bytes().await.unwrap()
    };

    let german = fetch("/de/cv.pdf").await;
    let (text, info) = read_pdf(&german);
    for shown in ["Preise und Auszeichnungen", "Best Paper Award", "Seite 1 von 1", "Erstellt am "] {
        assert!(text.contains(shown), "/de/cv.pdf lacks {shown:?}: {text}");
    }
    for english in ["Awards and Honours", "Page 1 of", "Generated on"] {
        assert!(!text.contains(english), "/de/cv.pdf says {english:?}: {text}");
    }
    assert!(info.contains("Title:           Lebenslauf: Dr. Grace Hopper"), "{info}");
    assert_eq!(pdf_languages(&german), ["de", "de", "de"], "the PDF is tagged German");

    let english = fetch("/cv.pdf").await;
    let (text, info) = read_pdf(&english);
    for shown in ["Awards and Honours", "Page 1 of 1", "Generated on "] {
        assert!(text.contains(shown), "/cv.pdf lacks {shown:?}: {text}");
    }
    assert!(info.contains("Title:           Curriculum Vitae: Dr. Grace Hopper"), "{info}");
    assert_eq!(pdf_languages(&english), ["en", "en", "en"], "the PDF is tagged English");
}

/// The languages the PDF names: its catalogue's and its structure's `/Lang`, and its XMP
/// metadata's `dc:language`.
fn pdf_languages(pdf: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(pdf);
    let pattern = regex::Regex::new(r"/Lang\s*\(([^)]*)\)|<dc:language><rdf:Bag><rdf:li>([^<]*)<").unwrap();
    pattern.captures_iter(&text).map(|c| c.get(1).or(c.get(2)).unwrap().as_str().to_owned()).collect()
}
