//! The rules of issue 14, item 1 and 2, one test each, on small hand-written entries.

use super::*;

fn one(text: &str) -> Mapped {
    let entries = read(text);
    assert_eq!(entries.len(), 1, "{entries:?}");
    entries.into_iter().next().unwrap().mapped.expect("the entry maps")
}

#[test]
fn string_macros_concatenation_and_month_macros() {
    let m = one("@string{tc = \"IEEE Transactions on \"}\n@string{comp = {Computers}}\n\
         @article{a, title={T}, author={Doe, Jane}, journal = tc # comp, year=2020, month = sep}");
    assert_eq!(m.venue, "IEEE Transactions on Computers");
    assert_eq!(m.month, Some(9), "month macros are 1-based here (the biblatex crate's Date is 0-based)");
    assert_eq!(one("@article{a, title={T}, author={D, J}, journal={J}, year=2020, month={August}}").month, Some(8));
    assert_eq!(one("@article{a, title={T}, author={D, J}, journal={J}, year=2020, month=jul # \"~10\"}").month, Some(7));
    assert_eq!(one("@article{a, title={T}, author={D, J}, journal={J}, year=2020, month={09--15 Jun}}").month, Some(6));
    assert_eq!(one("@article{a, title={T}, author={D, J}, journal={J}, year=2020, month=12}").month, Some(12));
}

#[test]
fn latex_accents_and_commands_become_unicode() {
    let m = one("@article{a, title = {Gr{\\\"o}{\\ss}e Fran\\c{c}ais {\\'e}t\\'e Lo{\\\"\\i}c \\emph{now}}, \
         author = {G{\\\"u}neysu, Tim and Ko{\\c{c}}, {\\c{C}}etin}, journal={J}, year=2021, pages = {12--17}}");
    assert_eq!(m.title, "Größe Français été Loïc now");
    assert_eq!(m.authors, ["Tim Güneysu", "Çetin Koç"]);
    assert_eq!(m.pages.as_deref(), Some("12–17"));
}

#[test]
fn protective_braces_go_but_their_case_stays() {
    assert_eq!(
        one("@inproceedings{a, title={Masking {RISC-V} with {AES}}, author={A B}, booktitle={C}, year=2020}").title,
        "Masking RISC-V with AES"
    );
}

#[test]
fn names_in_both_orders_and_others_kept() {
    let m = one("@article{a, title={T}, author={Doe, Jane and John Smith and van der Berg, Anna and others}, journal={J}, year=2020}");
    assert_eq!(m.authors, ["Jane Doe", "John Smith", "Anna van der Berg", "others"]);
}

#[test]
fn comments_preambles_unknown_types_and_fields_crlf_and_bom() {
    let text = "\u{feff}@comment{jabref-meta: databaseType:bibtex;}\r\n@preamble{\"\\newcommand{\\x}{y}\"}\r\n\
                @dataset{d, title={Data}, author={A B}, year=2019, howpublished={Zenodo}, shinyfield={x}}\r\n";
    let m = one(text);
    assert_eq!(m.title, "Data");
    assert_eq!(m.kind, PublicationKind::Other);
    assert_eq!(m.venue, "Zenodo");
}

#[test]
fn one_broken_entry_fails_alone_with_its_line() {
    let text = "@article{good1, title={One}, author={A B}, journal={J}, year=2020}\n\
                @article{broken, title={Two, author={A B}, journal={J}, year=2020}\n\
                @article{good2, title={Three}, author={A B}, journal={J}, year=2021}\n";
    let entries = read(text);
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0].mapped.as_ref().unwrap().title, "One");
    assert_eq!(entries[1].line, 2);
    assert!(entries[1].mapped.as_ref().unwrap_err().contains("Unbalanced braces"), "{:?}", entries[1].mapped);
    assert_eq!(entries[2].mapped.as_ref().unwrap().title, "Three");
    assert_eq!(entries[2].line, 3);
}

#[test]
fn missing_comma_is_an_invalid_entry_not_a_failed_file() {
    let entries = read("@article{a, title={One} author={A B}, year=2020}\n@article{b, title={Two}, author={A B}, journal={J}, year=2020}");
    assert!(entries[0].mapped.is_err());
    assert_eq!(entries[1].mapped.as_ref().unwrap().title, "Two");
}

#[test]
fn deep_nesting_is_refused_without_recursion() {
    let deep = format!("@article{{a, title={}x{}, author={{A B}}, year=2020}}", "{".repeat(10_000), "}".repeat(10_000));
    let entries = read(&deep);
    assert_eq!(entries[0].mapped.as_ref().unwrap_err(), "Braces nested too deeply");
}

#[test]
fn an_entry_needs_a_title_authors_and_a_year() {
    let reason = |text: &str| read(text).remove(0).mapped.unwrap_err();
    assert_eq!(reason("@article{a, author={A B}, year=2020}"), "No title");
    assert_eq!(reason("@article{a, title={T}, author={}, year=2020}"), "No authors");
    assert_eq!(reason("@article{a, title={T}, author={A B}}"), "No year");
}

#[test]
fn mapping_of_types_dois_links_and_abstracts() {
    let m = one("@misc{x, title={P}, author={A B}, year=2024, eprint={2401.01234}, archivePrefix={arXiv}, \
         doi={https://doi.org/10.48550/ARXIV.2401.01234}, abstract={<jats:p>We <b>show</b> it.</jats:p>}}");
    assert_eq!(m.kind, PublicationKind::Preprint);
    assert_eq!(m.venue, "arXiv preprint arXiv:2401.01234");
    assert_eq!(m.doi.as_deref(), Some("10.48550/arxiv.2401.01234"));
    assert_eq!(m.url.as_deref(), Some("https://arxiv.org/abs/2401.01234"));
    assert_eq!(m.pdf_url.as_deref(), Some("https://arxiv.org/pdf/2401.01234"));
    assert_eq!(m.r#abstract.as_deref(), Some("We show it."));
    let thesis = one("@phdthesis{t, title={T}, author={A B}, school={KTH}, year=2019}");
    assert_eq!((thesis.kind, thesis.venue.as_str()), (PublicationKind::Thesis, "KTH"));
    let report = one("@techreport{t, title={T}, author={A B}, institution={NIST}, year=2019, number={800-53}}");
    assert_eq!((report.kind, report.venue.as_str(), report.issue.as_deref()), (PublicationKind::Report, "NIST", Some("800-53")));
    let chapter = one("@incollection{t, title={T}, author={A B}, booktitle={Handbook}, year=2019, url={www.example.org}}");
    assert_eq!((chapter.kind, chapter.venue.as_str(), chapter.url), (PublicationKind::BookChapter, "Handbook", None));
    assert_eq!(one("@book{t, title={T}, author={A B}, year=2019}").venue, "Book", "no publisher: the kind's label");
}

#[test]
fn raw_entry_text_is_kept_verbatim() {
    let text = "@article{k,\n  title = {{AES} in \\emph{one} cycle},\n  author = {A B}, journal={J}, year=2020\n}";
    assert_eq!(read(text)[0].text, text);
}

#[test]
fn no_entries_and_stray_at_signs() {
    assert!(read("just text, mail me at a@b.org").is_empty());
    assert!(read("").is_empty());
}

/// One entry in each source's own export style (Google Scholar, DBLP, ACM, IEEE, Springer,
/// arXiv, Zotero, JabRef; a thesis, a report, a book), against values checked by hand.
#[test]
fn exports_in_each_sources_own_style_read_as_checked_by_hand() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bibtex");
    let text = std::fs::read_to_string(root.join("sources.bib")).unwrap();
    let expected: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(root.join("sources.expected.json")).unwrap()).unwrap();
    let expected = expected["entries"].as_array().unwrap();
    let entries = read(&text);
    assert_eq!(entries.len(), expected.len());
    for (entry, want) in entries.iter().zip(expected) {
        assert_eq!(entry.key.as_deref(), want["key"].as_str());
        let mapped = entry.mapped.as_ref().unwrap_or_else(|e| panic!("{:?}: {e}", entry.key));
        let mut got = serde_json::to_value(mapped).unwrap();
        got.as_object_mut().unwrap().retain(|_, v| !v.is_null());
        got["key"] = want["key"].clone();
        assert_eq!(&got, want, "{:?}", entry.key);
    }
}

#[test]
fn abstracts_keep_inline_words_together_and_paragraphs_apart() {
    assert_eq!(strip_markup("<jats:p>A <i>b</i>, c.</jats:p><jats:p>D.</jats:p>"), "A b, c. D.");
}
