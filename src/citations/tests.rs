//! Golden files: for each case, the IEEE and APA references, the BibTeX and the CSL-JSON, in
//! `tests/golden/citations/<case>.txt`, reviewed by eye. `VITA_UPDATE_GOLDEN=1` rewrites them.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::*;
use crate::content::publications::Model;
use crate::content::publications::PublicationKind;

const BASE_URL: &str = "https://vita.example.org";

/// A record from its JSON form (the API's shape), so the cases only name the fields they use.
fn paper(fields: Value) -> Model {
    let mut record = json!({
        "id": "00000000-0000-4000-8000-000000000000",
        "title": "", "slug": "", "authors": [], "kind": "journal-article", "venue": "", "year": 2024,
        "month": null, "abstract": null, "pdf_url": null, "url": null, "doi": null, "pages": null,
        "volume": null, "issue": null, "publisher": null, "bibtex": null, "featured": false,
        "status": "published", "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z",
    });
    for (key, value) in fields.as_object().unwrap() {
        record[key] = value.clone();
    }
    serde_json::from_value(record).unwrap()
}

/// Distinct, realistic names: the first 19, the ellipsis and the last are visible in APA.
fn many_authors(n: usize) -> Vec<String> {
    const NAMES: [&str; 26] = [
        "Alice Archer",
        "Bruno Bianchi",
        "Chiara Costa",
        "Dmitri Dvořák",
        "Jean-Luc Eriksen",
        "Farid Fontaine",
        "Greta Gómez",
        "Hiroshi Hayashi",
        "Ines Ivanova",
        "Jonas Jensen",
        "Kavya Krishnan",
        "Lars Lindqvist",
        "Maria Moreau",
        "Nikolai Novak",
        "Olga Orlova",
        "Pedro Pereira",
        "Qing Qian",
        "Rosa Rossi",
        "Sven Svensson",
        "Tomás Torres",
        "Ugo Ungaretti",
        "Vera Volkova",
        "Wen Wang",
        "Xavier Xu",
        "Yuki Yamada",
        "Zofia Zielińska",
    ];
    NAMES[..n].iter().map(|name| name.to_string()).collect()
}

fn cases() -> Vec<(&'static str, Model)> {
    vec![
        (
            "journal-doi",
            paper(json!({
                "title": "Constant-Time Polynomial Multiplication on Embedded Devices",
                "slug": "constant-time-polynomial-multiplication",
                "authors": ["Jane Doe", "John Q. Smith", "Ludwig van Beethoven", "Eun-ji Park"],
                "kind": "journal-article", "venue": "IEEE Transactions on Computers", "year": 2024, "month": 3,
                "volume": "73", "issue": "3", "pages": "645-658", "doi": "10.1109/TC.2023.3339970",
                "publisher": "IEEE",
            })),
        ),
        (
            "conference-pages",
            paper(json!({
                "title": "Side-Channel Attacks on Post-Quantum Signatures",
                "slug": "side-channel-post-quantum-signatures",
                "authors": ["Doe, Jane", "Wei Zhang"],
                "kind": "conference-paper", "venue": "Proceedings of the 33rd USENIX Security Symposium", "year": 2024, "month": 8,
                "pages": "1021–1038", "url": "https://www.usenix.org/conference/usenixsecurity24/presentation/doe",
                "publisher": "USENIX Association",
            })),
        ),
        (
            "many-authors",
            paper(json!({
                "title": "A Large Collaboration Measures Everything",
                "slug": "large-collaboration",
                "authors": many_authors(24),
                "kind": "journal-article", "venue": "Physical Review Letters", "year": 2022,
                "volume": "128", "issue": "17", "pages": "171801", "doi": "10.1103/PhysRevLett.128.171801",
            })),
        ),
        (
            "thirteen-authors",
            paper(json!({
                "title": "Thirteen Authors Are Not Too Many",
                "slug": "thirteen-authors",
                "authors": many_authors(13),
                "kind": "conference-paper", "venue": "Proceedings of the ACM Conference on Computer and Communications Security (CCS)", "year": 2023,
                "pages": "1-15", "doi": "10.1145/3576915.3623000",
            })),
        ),
        (
            "others",
            paper(json!({
                "title": "Spectre Attacks: Exploiting Speculative Execution",
                "slug": "spectre-attacks",
                "authors": ["Paul Kocher", "Jann Horn", "Anders Fogh", "others"],
                "kind": "conference-paper", "venue": "2019 IEEE Symposium on Security and Privacy (SP)", "year": 2019, "month": 5,
                "pages": "1-19", "doi": "10.1109/SP.2019.00002", "publisher": "IEEE",
            })),
        ),
        (
            "thesis",
            paper(json!({
                "title": "Implementation Security of Lattice-Based Cryptography",
                "slug": "phd-thesis",
                "authors": ["Jane Doe"],
                "kind": "thesis", "venue": "Ruhr-Universität Bochum", "year": 2021, "month": 11,
                "url": "https://doi.org/10.13154/294-8000",
            })),
        ),
        (
            "preprint-arxiv",
            paper(json!({
                "title": "Masking Kyber in Hardware",
                "slug": "masking-kyber-hardware",
                "authors": ["Jane Doe", "Çetin Kaya Koç"],
                "kind": "preprint", "venue": "arXiv preprint arXiv:2401.01234", "year": 2024, "month": 1,
                "url": "https://arxiv.org/abs/2401.01234",
                "abstract": "We mask Kyber.",
            })),
        ),
        (
            "book",
            paper(json!({
                "title": "Cryptographic Engineering",
                "slug": "cryptographic-engineering",
                "authors": ["Çetin Kaya Koç"],
                "kind": "book", "venue": "Springer", "year": 2009, "publisher": "Springer",
                "doi": "10.1007/978-0-387-71817-0",
            })),
        ),
        (
            "book-chapter",
            paper(json!({
                "title": "Modular Multiplication in Hardware",
                "slug": "modular-multiplication-chapter",
                "authors": ["Jane Doe", "Wei Zhang"],
                "kind": "book-chapter", "venue": "Cryptographic Engineering", "year": 2009,
                "pages": "125-161", "publisher": "Springer",
            })),
        ),
        (
            "report",
            paper(json!({
                "title": "Status Report on the Third Round of the Post-Quantum Standardization Process",
                "slug": "nist-report",
                "authors": ["Gorjan Alagic", "Daniel Apon", "David Cooper"],
                "kind": "report", "venue": "National Institute of Standards and Technology", "year": 2022, "month": 7,
                "issue": "NISTIR 8413", "doi": "10.6028/NIST.IR.8413",
            })),
        ),
        (
            "non-ascii",
            paper(json!({
                "title": "Über die Sicherheit von Gitterverfahren",
                "slug": "ueber-gitterverfahren",
                "authors": ["Zoë Ångström", "Çetin Kaya Koç", "Søren Ødegård"],
                "kind": "journal-article", "venue": "Journal of Cryptology", "year": 2020,
                "volume": "33", "pages": "1-30", "doi": "10.1007/s00145-020-09000-0",
            })),
        ),
        (
            "math-title",
            paper(json!({
                "title": "Sorting in $O(n \\log n)$ Time with $k$ Processors",
                "slug": "sorting-n-log-n",
                "authors": ["Jane Doe"],
                "kind": "conference-paper", "venue": "Symposium on Discrete Algorithms (SODA)", "year": 2018,
                "pages": "12-24",
            })),
        ),
        (
            "html-title",
            paper(json!({
                "title": "Breaking <script>alert(1)</script> & \"Fixing\" It: 100% of R&D_costs #1 {x} ~ ^ \\",
                "slug": "html-title",
                "authors": ["Jane <b>Doe</b>", "O'Brien, Ann"],
                "kind": "journal-article", "venue": "Journal of <i>Tests</i> & Trials", "year": 2023,
                "doi": "10.1000/<x>&y",
            })),
        ),
        (
            "other",
            paper(json!({
                "title": "Lattice Cryptography in Practice",
                "slug": "invited-talk",
                "authors": ["Aristotle", "Jane Doe", "{The Vita Collaboration}"],
                "kind": "other", "venue": "Invited talk, Real World Crypto 2023", "year": 2023, "month": 3,
            })),
        ),
        // Issue 41, item 17: imported entries that name no year, or no author.
        (
            "undated",
            paper(json!({
                "title": "Masking in Practice",
                "slug": "masking-in-practice",
                "authors": ["Jane Doe", "Wei Zhang"],
                "kind": "preprint", "venue": "Submitted", "year": null,
            })),
        ),
        (
            "edited-volume",
            paper(json!({
                "title": "Handbook of Side Channels",
                "slug": "handbook-of-side-channels",
                "authors": [],
                "kind": "book", "venue": "Springer", "year": 2021, "publisher": "Springer",
            })),
        ),
        (
            "stored-bibtex",
            paper(json!({
                "title": "Stored Entry",
                "slug": "stored-entry",
                "authors": ["Jane Doe"],
                "kind": "journal-article", "venue": "Journal", "year": 2020,
                "bibtex": "@article{doe2020stored,\n  title = {\\emph{Stored} Entry -- as imported},\n  author = {Doe, Jane},\n  journal = {Journal},\n  year = 2020,\n}",
            })),
        ),
    ]
}

fn golden(p: &Model) -> String {
    let citations = format(p, "en");
    format!(
        "# IEEE\n{}\n\n# APA\n{}\n\n# BibTeX\n{}\n\n# CSL-JSON\n{}\n",
        citations.ieee,
        citations.apa,
        bibtex(p, &derived_key(p)).trim_end(),
        serde_json::to_string_pretty(&csl_json(p, BASE_URL)).unwrap()
    )
}

#[test]
fn references_match_the_golden_files() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/citations");
    let update = std::env::var_os("VITA_UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    for (case, p) in cases() {
        let path = dir.join(format!("{case}.txt"));
        let actual = golden(&p);
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        if expected != actual {
            failures.push(format!("{case}:\n--- expected\n{expected}\n--- actual\n{actual}"));
        }
    }
    assert!(failures.is_empty(), "golden files differ (VITA_UPDATE_GOLDEN=1 rewrites them):\n{}", failures.join("\n"));
}

/// Issue 41 item 8: the hero's titles and degrees are not the owner's name, nor are those an
/// earlier ORCID import wrote into an author.
#[test]
fn the_owner_is_bold_whatever_titles_either_name_carries() {
    use crate::content::settings::CitationStyle;
    let owner = "Prof. Dr. Julie Chiquet, PhD";
    for authors in [json!(["Julie Chiquet", "Pierre Barbillon"]), json!(["Pierre Barbillon", "Chiquet, Julie"])] {
        let p = paper(json!({ "title": "Network inference", "authors": authors, "venue": "Biometrics" }));
        assert!(reference(&p, CitationStyle::Ieee, owner, "en").contains("<strong>J. Chiquet</strong>"), "{authors}");
        assert!(reference(&p, CitationStyle::Apa, owner, "en").contains("<strong>Chiquet, J.</strong>"), "{authors}");
    }
    let titled = paper(json!({ "title": "Network inference", "authors": ["Prof. Dr. Julie Chiquet"], "venue": "Biometrics" }));
    assert!(reference(&titled, CitationStyle::Ieee, owner, "en").contains("Chiquet</strong>"));
    let someone_else = paper(json!({ "title": "Network inference", "authors": ["Paul Chiquet"], "venue": "Biometrics" }));
    assert!(!reference(&someone_else, CitationStyle::Ieee, owner, "en").contains("<strong>"));
}

#[test]
fn csl_json_validates_against_the_schema_and_has_no_null() {
    let items: Vec<Value> = cases().iter().map(|(_, p)| csl_json(p, BASE_URL)).collect();
    let all = Value::Array(items);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("items.json");
    std::fs::write(&file, serde_json::to_string(&all).unwrap()).unwrap();
    // The reference validator of the Python `jsonschema` package, in the tests' virtualenv
    // (./scripts/test makes it from tests/python-requirements.txt).
    let python = root.join(".venv/bin/python");
    assert!(python.exists(), "{} is missing: ./scripts/test makes it", python.display());
    let output = std::process::Command::new(python)
        .arg(root.join("tests/python/csl_check.py"))
        .arg(root.join("tests/fixtures/csl-data.json"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let errors = String::from_utf8_lossy(&output.stdout);
    assert!(errors.trim().is_empty(), "{errors}");
    assert_no_null(&all);
}

fn assert_no_null(value: &Value) {
    match value {
        Value::Null => panic!("null in the CSL-JSON"),
        Value::Array(items) => items.iter().for_each(assert_no_null),
        Value::Object(members) => members.values().for_each(assert_no_null),
        _ => {}
    }
}

#[test]
fn citations_escape_every_text_of_the_record() {
    let (_, p) = cases().into_iter().find(|(case, _)| *case == "html-title").unwrap();
    let citations = format(&p, "en");
    for html in [&citations.ieee, &citations.apa] {
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<b>Doe"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains("R&amp;D"), "{html}");
        // What the sanitiser keeps is what we wrote, apart from the rel it adds to links.
        let sanitised = crate::rules::validate::sanitize_html(html).replace(" rel=\"noopener noreferrer\"", "");
        assert_eq!(&sanitised, html);
    }
}

#[test]
fn only_doi_links_are_written() {
    for (_, p) in cases() {
        let citations = format(&p, "en");
        for html in [&citations.ieee, &citations.apa] {
            for (i, _) in html.match_indices("<a ") {
                assert!(html[i..].starts_with("<a href=\"https://doi.org/"), "{html}");
            }
            assert!(!html.contains("  "), "double space: {html}");
        }
    }
}

#[test]
fn stored_bibtex_is_returned_as_stored_under_its_own_key() {
    let (_, p) = cases().into_iter().find(|(case, _)| *case == "stored-bibtex").unwrap();
    let stored = p.bibtex.clone().unwrap();
    let key = keys::assign(std::slice::from_ref(&p)).remove(&p.id).unwrap();
    assert_eq!(bibtex(&p, &key).trim_end(), stored.trim_end());
}

/// Issue 29, item 1: an entry stored with a macro of its file (imported before macros were
/// written out) is exported with the paper's venue and publisher instead, and under the key
/// it is given; a crossref goes, its venue stays; a month macro stays (every style has it).
#[test]
fn a_stored_entry_with_macros_is_exported_standing_alone() {
    let (_, mut p) = cases().into_iter().find(|(case, _)| *case == "stored-bibtex").unwrap();
    p.kind = PublicationKind::JournalArticle;
    p.venue = "IACR Transactions on Cryptographic Hardware and Embedded Systems".to_owned();
    p.publisher = Some("Ruhr-Universität Bochum".to_owned());
    p.bibtex = Some("@article{k,\n  title = {T},\n  journal = tches,\n  publisher = rub # { Press},\n  month = sep,\n  series = lncs,\n  crossref = {ches2023},\n  year = 2023\n}".to_owned());
    let out = bibtex(&p, "guneysu2023masking");
    assert_eq!(
        out,
        "@article{guneysu2023masking,\n  title = {T},\n  journal = {IACR Transactions on Cryptographic Hardware and Embedded Systems},\n  \
         publisher = {Ruhr-Universität Bochum},\n  month = sep,\n  series = {IACR Transactions on Cryptographic Hardware and Embedded Systems},\n  year = 2023\n}"
    );
    let ends_with_crossref = "@inproceedings{k, title = {T}, year = 2023, crossref = {ches2023}}";
    p.kind = PublicationKind::ConferencePaper;
    p.venue = "CHES 2023".to_owned();
    p.bibtex = Some(ends_with_crossref.to_owned());
    assert_eq!(bibtex(&p, "k"), "@inproceedings{k, title = {T},\n  year = 2023,\n  booktitle = {CHES 2023}\n}");
    // A field given twice: the first counts (as in BibTeX), the repeat goes.
    p.bibtex = Some("@inproceedings{k, title = {T}, year = 2023, year = 2024, booktitle = {B}}".to_owned());
    assert_eq!(bibtex(&p, "k"), "@inproceedings{k, title = {T},\n  year = 2023,\n  booktitle = {B}\n}");
}

/// Issue 29, item 2: two papers that derive the same key are told apart by creation, and a
/// stored key that two papers share is given up by both.
#[test]
fn keys_are_unique_and_stable() {
    let (_, base) = cases().into_iter().find(|(case, _)| *case == "stored-bibtex").unwrap();
    let paper = |n: u32, title: &str, stored: Option<&str>| {
        let mut p = base.clone();
        p.id = uuid::Uuid::from_u128(u128::from(n));
        p.created_at = base.created_at + chrono::Duration::seconds(i64::from(n));
        p.title = title.to_owned();
        p.authors = crate::content::StringList(vec!["Tim Güneysu".to_owned()]);
        p.year = Some(2023);
        p.bibtex = stored.map(|key| format!("@article{{{key}, title={{{title}}}}}"));
        p
    };
    let papers = vec![
        paper(2, "Masking in Hardware, Part II", None),
        paper(1, "Masking in Hardware, Part I", None),
        paper(3, "Shared", Some("Same2020")),
        paper(4, "Also shared", Some("same2020")),
        paper(5, "Mine", Some("mine:2021")),
    ];
    let keys = keys::assign(&papers);
    let key = |n: u128| keys[&uuid::Uuid::from_u128(n)].as_str();
    assert_eq!(key(1), "guneysu2023masking", "the older paper keeps the plain key");
    assert_eq!(key(2), "guneysu2023maskinga");
    assert_eq!(key(3), "guneysu2023shared");
    assert_eq!(key(4), "guneysu2023also");
    assert_eq!(key(5), "mine:2021");
    let mut reordered = papers.clone();
    reordered.reverse();
    assert_eq!(keys::assign(&reordered), keys, "the list's order does not matter, creation does");
}

/// Issue 30: page ranges as the styles want them, whatever way they were typed; a single page
/// and an article number are no ranges.
#[test]
fn page_ranges_cite_as_ranges_in_every_typed_form() {
    let (_, mut p) = cases().into_iter().find(|(case, _)| *case == "journal-doi").unwrap();
    let plain = |html: &str| {
        html.replace("&amp;", "&").split('<').map(|part| part.split_once('>').map_or(part, |(_, text)| text)).collect::<String>()
    };
    for typed in ["101--117", "101-117", "101 – 117", "101—117", "101–117", "101 --- 117"] {
        p.pages = Some(crate::rules::validate::page_range(typed));
        let cited = format(&p, "en");
        assert!(plain(&cited.ieee).contains(", pp. 101–117, "), "{typed}: {}", cited.ieee);
        assert!(plain(&cited.apa).contains(", 101–117. "), "{typed}: {}", cited.apa);
    }
    for (single, ieee) in [("5", ", p. 5, "), ("e0123456", ", p. e0123456, "), ("103245", ", p. 103245, ")] {
        p.pages = Some(crate::rules::validate::page_range(single));
        assert_eq!(p.pages.as_deref(), Some(single));
        assert!(plain(&format(&p, "en").ieee).contains(ieee), "{single}: {}", format(&p, "en").ieee);
    }
}

/// Issue 41, item 1: CSL-JSON is text only. Every text member carries its math as Unicode
/// where there is one, else as TeX without its dollars.
#[test]
fn csl_json_writes_math_as_text() {
    let p = paper(json!({
        "title": "Clusters at \\(z \\sim 0.3\\)", "slug": "clusters", "authors": ["Jane Doe"], "kind": "book",
        "venue": "Journal of $\\alpha$-Stable Processes", "publisher": "$\\Lambda$ Press", "year": 2021,
        "abstract": "We measure $H_0 = 73.0 \\pm 1.0$ and $\\frac{a}{b}$; it costs \\$5.",
    }));
    let item = csl_json(&p, BASE_URL);
    assert_eq!(item["abstract"], "We measure H₀ = 73.0±1.0 and \\frac{a}{b}; it costs $5.");
    assert_eq!(item["title"], "Clusters at z ∼ 0.3");
    assert_eq!(item["publisher"], "Λ Press");
}

/// The fields of one generated BibTeX entry, as `name = value` with the value's outer braces
/// taken off.
fn bibtex_fields(entry: &str) -> Vec<(String, String)> {
    entry
        .lines()
        .skip(1)
        .filter_map(|line| line.split_once(" = "))
        .map(|(name, value)| {
            let value = value.trim_end_matches(',').trim();
            (name.trim().to_owned(), value.strip_prefix('{').and_then(|v| v.strip_suffix('}')).unwrap_or(value).to_owned())
        })
        .collect()
}

/// Issue 41, item 2: math is written as TeX that LaTeX reads, `$…$`, in every field and
/// whichever way the owner delimited it; never escaped to `\textbackslash{}` or `\$`.
#[test]
fn bibtex_writes_math_of_every_field_as_math() {
    let p = paper(json!({
        "title": "Clusters at \\(z \\sim 0.3\\) and $\\Lambda$CDM", "slug": "clusters", "authors": ["Jane Doe"],
        "kind": "journal-article", "venue": "Journal of $\\alpha$-Stable Processes", "publisher": "\\(\\mathcal{O}\\) Press",
        "volume": "$\\aleph_0$", "year": 2021,
    }));
    let entry = bibtex(&p, "k");
    let fields = bibtex_fields(&entry);
    let field = |name: &str| fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()).unwrap_or_default();
    assert_eq!(field("title"), "Clusters at $z \\sim 0.3$ and $\\Lambda$CDM", "{entry}");
    assert_eq!(field("journal"), "Journal of $\\alpha$-Stable Processes", "{entry}");
    assert_eq!(field("publisher"), "$\\mathcal{O}$ Press", "{entry}");
    assert_eq!(field("volume"), "$\\aleph_0$", "{entry}");
    assert!(!entry.contains("textbackslash") && !entry.contains("\\$"), "{entry}");
}

/// Whether the braces of `text` balance as BibTeX counts them (every brace, escaped or not)
/// and as the readers that skip an escaped one do (the biblatex crate, bibtexparser).
fn braces_balance(text: &str) -> bool {
    let counts = |skip: &dyn Fn(&str, usize) -> bool| {
        let mut depth = 0i64;
        for (i, c) in text.char_indices() {
            if skip(text, i) {
                continue;
            }
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth < 0 {
                return false;
            }
        }
        depth == 0
    };
    counts(&|_, _| false) && counts(&|text, i| i > 0 && text.as_bytes()[i - 1] == b'\\')
}

/// Issue 41, item 3: an unmatched brace, in prose or in broken TeX, is written so the value's
/// braces balance; broken TeX is written as text (it prints as typed).
#[test]
fn bibtex_values_balance_their_braces_whatever_the_text() {
    for (title, expected) in [
        ("Sets {x | x > 0 and more", "Sets \\textbraceleft{}x | x > 0 and more"),
        ("Sets {x | x > 0} and y}", "Sets \\{x | x > 0\\} and y\\textbraceright{}"),
        ("Broken $\\frac{1}{$ TeX", "Broken \\$\\textbackslash{}frac\\{1\\}\\textbraceleft{}\\$ TeX"),
        ("Half \\(a}\\) open", "Half \\textbackslash{}(a\\textbraceright{}\\textbackslash{}) open"),
        ("Math $\\{x\\}$ and $x^{2}$", "Math $\\{x\\}$ and $x^{2}$"),
        ("A lone $ and 50% of R&D_x #1", "A lone \\$ and 50\\% of R\\&D\\_x \\#1"),
    ] {
        let p = paper(json!({ "title": title, "slug": "s", "authors": ["Jane Doe"], "venue": title, "year": 2021 }));
        let entry = bibtex(&p, "k");
        assert!(braces_balance(&entry), "{entry}");
        let fields = bibtex_fields(&entry);
        for name in ["title", "journal"] {
            assert_eq!(fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()), Some(expected), "{name} of {entry}");
        }
    }
    // A stored entry (given over the API) whose braces BibTeX counts differently is replaced
    // by the one written from the fields: it would swallow the entries after it.
    let p = paper(json!({
        "title": "Stored", "slug": "s", "authors": ["Jane Doe"], "venue": "J", "year": 2021,
        "bibtex": "@article{s, title = {Sets \\{x}, author = {Doe, Jane}, year = 2021}",
    }));
    let entry = bibtex(&p, "k");
    assert!(braces_balance(&entry), "{entry}");
    assert!(entry.starts_with("@article{k,\n") && entry.contains("title   = {Stored}"), "{entry}");
}

/// Issue 41, item 6: a reference without a month or without a venue has no stray comma and no
/// space before a full stop, in either style.
#[test]
fn references_without_month_or_venue_have_no_stray_punctuation() {
    let mut cases = Vec::new();
    for kind in ["journal-article", "conference-paper", "preprint", "book", "book-chapter", "thesis", "report", "other"] {
        for venue in ["Journal of Things", ""] {
            cases.push(paper(json!({
                "title": "A Paper Without Venue", "slug": "p", "authors": ["Jane Doe", "Wei Zhang"], "kind": kind,
                "venue": venue, "year": 2015,
            })));
        }
    }
    for p in cases {
        let citations = format(&p, "en");
        for (style, html) in [("IEEE", &citations.ieee), ("APA", &citations.apa)] {
            for bad in [",)", "(,", " .", " ,", ",,", "..", ", .", "“,", "<i></i>", "()"] {
                assert!(!html.contains(bad), "{style} {:?} {:?}: {bad:?} in {html}", p.kind, p.venue);
            }
        }
        assert!(citations.apa.contains(" (2015). "), "{:?} {:?}: {}", p.kind, p.venue, citations.apa);
    }
}

/// Issue 41, item 17: a paper imported without a year or without authors cites without stray
/// punctuation, and APA says it is undated ("n.d.") rather than inventing a year.
#[test]
fn references_without_year_or_authors_have_no_stray_punctuation() {
    for kind in ["journal-article", "conference-paper", "preprint", "book", "book-chapter", "thesis", "report", "other"] {
        for (authors, year) in [(json!([]), json!(2015)), (json!(["Jane Doe", "Wei Zhang"]), Value::Null), (json!([]), Value::Null)] {
            let p = paper(json!({
                "title": "A Paper", "slug": "p", "authors": authors, "kind": kind, "venue": "Journal of Things", "year": year,
            }));
            let citations = format(&p, "en");
            for (style, html) in [("IEEE", &citations.ieee), ("APA", &citations.apa)] {
                for bad in [",)", "(,", " .", " ,", ",,", "..", ", .", "“,", "<i></i>", "()"] {
                    assert!(!html.contains(bad), "{style} {kind} {authors} {year}: {bad:?} in {html}");
                }
            }
            assert_eq!(citations.apa.contains("(n.d.)"), year.is_null(), "{kind} {authors} {year}: {}", citations.apa);
        }
    }
}

#[test]
fn references_on_a_german_or_chinese_page_use_its_terms_and_dates() {
    let p = paper(json!({
        "title": "Masking", "slug": "masking", "authors": ["Ada Lovelace", "Alan Turing"], "venue": "IEEE Trans. Comput.",
        "year": 2024, "month": 3, "volume": "7", "issue": "2", "pages": "1-9",
    }));
    let thesis =
        paper(json!({ "title": "On masks", "slug": "masks", "authors": ["Ada Lovelace"], "kind": "thesis", "venue": "KTH", "year": 2020 }));
    let english = format(&p, "en").ieee;
    assert!(
        english.contains("A. Lovelace and A. Turing, “Masking,”") && english.contains("vol. 7, no. 2, pp. 1–9, Mar. 2024."),
        "{english}"
    );
    assert_eq!(format(&p, "fr").ieee, english, "a language without a catalogue cites in English");
    let german = format(&p, "de").ieee;
    assert!(german.contains("A. Lovelace und A. Turing, „Masking“") && german.contains("Bd. 7, Nr. 2, S. 1–9, März 2024."), "{german}");
    assert!(format(&thesis, "de").ieee.contains("„On masks“, Dissertation, KTH, 2020."));
    assert!(format(&thesis, "de").apa.contains("<i>On masks</i> [Dissertation]. KTH."));
    let chinese = format(&p, "zh-Hans").ieee;
    assert!(chinese.contains("A. Lovelace 和 A. Turing, 《Masking》") && chinese.contains("卷 7, 期 2, 页 1～9, 3月 2024."), "{chinese}");
    assert!(format(&thesis, "zh-Hant").ieee.contains("博士学位论文, KTH, 2020."));
}
