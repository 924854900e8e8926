//! The rules of issue 14, item 1 and 2, one test each, on small hand-written entries.

use super::*;

/// The whole file, with no time limit.
fn read(text: &str) -> Vec<RawEntry> {
    super::read(text, &unlimited()).expect("not stopped")
}

fn unlimited() -> Stop {
    Stop::new(Instant::now() + std::time::Duration::from_secs(3600), Arc::new(AtomicBool::new(false)))
}

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

/// Issue 41, item 17: only a title is required. An entry without authors (an edited volume,
/// `author = {}`) or without a year ("submitted") is read as it is, never given an invented
/// name or year.
#[test]
fn an_entry_needs_a_title_and_is_read_without_authors_or_year() {
    let reason = |text: &str| read(text).remove(0).mapped.unwrap_err();
    assert_eq!(reason("@article{a, author={A B}, year=2020}"), "No title");
    let authorless = one("@article{a, title={T}, author={}, year=2020}");
    assert_eq!((authorless.authors.len(), authorless.year), (0, Some(2020)));
    let edited = one("@book{a, title={Handbook}, editor={Ed Itor}, publisher={P}, year=2020}");
    assert!(edited.authors.is_empty(), "editors are not authors: {:?}", edited.authors);
    let undated = one("@article{a, title={T}, author={A B}, note={submitted}}");
    assert_eq!((undated.authors, undated.year), (vec!["A B".to_owned()], None));
    assert_eq!(one("@misc{a, title={T}, author={A B}, date={2019-04}}").year, Some(2019));
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
    assert_eq!(one("@book{t, title={T}, author={A B}, year=2019}").venue, "", "no publisher: no venue, rather than an invented one");
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
        // What an entry does not say: no value, or not featured.
        got.as_object_mut().unwrap().retain(|_, v| !v.is_null() && *v != serde_json::Value::Bool(false));
        got["key"] = want["key"].clone();
        assert_eq!(&got, want, "{:?}", entry.key);
    }
}

#[test]
fn abstracts_keep_inline_words_together_and_paragraphs_apart() {
    assert_eq!(strip_markup("<jats:p>A <i>b</i>, c.</jats:p><jats:p>D.</jats:p>"), "A b, c. D.");
}

/// Issue 31, item 1: a macro that refers to itself, directly or through others, is an error on
/// its line; entries using it are invalid with that reason; the rest of the file imports.
#[test]
fn self_and_mutually_referencing_macros_fail_alone() {
    let text = "@string{a = a # \"x\"}\n@string{b = c}\n@string{c = d # b}\n@string{d = {D}}\n\
                @article{one, title={One}, author={A B}, journal=a, year=2020}\n\
                @article{two, title={Two}, author={A B}, journal=b, year=2020}\n\
                @article{three, title={Three}, author={A B}, journal=d, year=2020}\n";
    let entries = read(text);
    assert_eq!(entries[0].mapped.as_ref().unwrap_err(), "Uses the @string macro a: The @string macro a (line 1) refers to itself");
    assert_eq!(
        entries[1].mapped.as_ref().unwrap_err(),
        "Uses the @string macro b: The @string macros b (line 2), c (line 3) refer to each other"
    );
    assert_eq!(entries[2].mapped.as_ref().unwrap().venue, "D");
}

/// A redefinition may use the earlier meaning (BibTeX reads in order): no cycle.
#[test]
fn a_macro_may_build_on_its_earlier_definition_and_on_later_ones() {
    let text = "@string{j = {Journal}}\n@string{j = j # { of Tests}}\n@string{k = later}\n\
                @article{x, title={T}, author={A B}, journal=j # { and } # k, year=2020}\n@string{later = {More}}\n";
    assert_eq!(one(text).venue, "Journal of Tests and More");
}

/// Issue 31, item 2: doubling macros stop at the cap with a clear reason, fast.
#[test]
fn exploding_macros_stop_at_the_cap() {
    let mut text = String::from("@string{a0 = \"xx\"}\n");
    for i in 1..=40 {
        text.push_str(&format!("@string{{a{i} = a{} # a{}}}\n", i - 1, i - 1));
    }
    text.push_str("@article{x, title={T}, author={A B}, journal=a40, year=2020}\n");
    text.push_str("@article{y, title={Fine}, author={A B}, journal={J}, year=2020}\n");
    let entries = read(&text);
    let reason = entries[0].mapped.as_ref().unwrap_err();
    assert!(reason.contains("expands to more than 64 KB"), "{reason}");
    assert_eq!(entries[1].mapped.as_ref().unwrap().title, "Fine");
}

/// The per-field cap holds for a field that concatenates many macros each under the cap.
#[test]
fn a_field_of_many_macros_stops_at_the_value_cap() {
    let text = format!(
        "@string{{big = {{{}}}}}\n@article{{x, title={{T}}, author={{A B}}, journal=big # big # big, year=2020}}\n",
        "y".repeat(30_000)
    );
    assert_eq!(read(&text)[0].mapped.as_ref().unwrap_err(), "The field journal is longer than 64 KB with its @string macros written out");
}

/// A chain of 100,000 macros, each naming the one after it: an explicit stack, no overflow.
#[test]
fn a_long_chain_of_macros_does_not_recurse() {
    let n = 100_000;
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&format!("@string{{m{i} = m{}}}\n", i + 1));
    }
    text.push_str(&format!("@string{{m{n} = {{End}}}}\n@article{{x, title={{T}}, author={{A B}}, journal=m0, year=2020}}\n"));
    assert_eq!(one(&text).venue, "End");
}

/// As BibTeX: an undefined word is a warning with its line and the word itself (`month =
/// april`, `selected = true`); the entry imports (issue 27, item 3).
#[test]
fn an_undefined_word_is_kept_with_a_warning() {
    let entries = read("@comment{x}\n@article{x, title={T}, author={A B}, journal={J}, year=2020,\n  month=april,\n  selected=true}");
    assert_eq!(entries[0].mapped.as_ref().unwrap().month, Some(4));
    assert_eq!(
        entries[0].warnings,
        [
            "Line 3: april is no @string macro of the file: kept as the text \"april\"",
            "Line 4: true is no @string macro of the file: kept as the text \"true\""
        ]
    );
    let m = one("@misc{x, title={T}, author={A B}, year=2020, howpublished = unknownword, note=alsounknown}");
    assert_eq!(m.venue, "unknownword", "the word is the field's text");
}

/// Issue 31, item 3: the table is built once and shared (the time is the benchmark's: 10 s when
/// every entry re-parsed every string).
#[test]
fn many_strings_and_many_entries_read_once() {
    let mut text = String::new();
    for i in 0..8_000 {
        text.push_str(&format!("@string{{s{i} = {{Venue number {i}}}}}\n"));
    }
    for i in 0..8_000 {
        text.push_str(&format!("@article{{k{i}, title={{Paper {i}}}, author={{A B}}, journal=s{i}, year=2020}}\n"));
    }
    let entries = read(&text);
    assert_eq!(entries.len(), 8_000);
    assert_eq!(entries[7_999].mapped.as_ref().unwrap().venue, "Venue number 7999");
}

/// Reading stops at its next check once the request gives up.
#[test]
fn a_cancelled_read_stops() {
    let cancelled = Arc::new(AtomicBool::new(true));
    let stop = Stop::new(Instant::now() + std::time::Duration::from_secs(60), cancelled);
    assert_eq!(super::read("@article{x, title={T}, author={A B}, year=2020}", &stop).unwrap_err(), Stopped);
    let past = Stop::new(Instant::now(), Arc::new(AtomicBool::new(false)));
    assert_eq!(super::read("@article{x, title={T}, author={A B}, year=2020}", &past).unwrap_err(), Stopped);
}

/// Issue 31, item 5: generated hostile files (nesting, macros referring anywhere including
/// themselves, concatenation, braces, quotes, backslashes) never panic, never stop early, and
/// never give out more text than the file plus its expansion budget. `PROPTEST_CASES` sets the
/// number of cases (256 in `./scripts/test`; the README gives the longer run).
mod generated {
    use proptest::prelude::*;

    use super::*;

    fn fragment() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("@string{".to_owned()),
            Just("@article{k,".to_owned()),
            Just("@comment{".to_owned()),
            Just("@preamble{\"".to_owned()),
            "[a-e]{1,2}".prop_map(|name| name),
            Just(" = ".to_owned()),
            Just(" # ".to_owned()),
            Just("\"".to_owned()),
            Just("{".to_owned()),
            Just("}".to_owned()),
            Just(",".to_owned()),
            Just("\\".to_owned()),
            Just("$".to_owned()),
            Just("\n".to_owned()),
            Just(" title={T}, author={A B}, year=2020, journal=".to_owned()),
            "[a-zA-Z0-9 \\\\$^_{}\"#@=,~-]{0,12}",
            (0usize..200).prop_map(|depth| format!("{}x{}", "{".repeat(depth), "}".repeat(depth))),
            (0usize..50).prop_map(|n| format!("\\{}", "a{".repeat(n))),
        ]
    }

    /// Macros that name each other at random (cycles included), then entries using them.
    fn macro_file() -> impl Strategy<Value = String> {
        (prop::collection::vec(prop::collection::vec(0usize..12, 0..4), 1..12), prop::collection::vec(0usize..12, 0..6)).prop_map(
            |(definitions, uses)| {
                let mut text = String::new();
                for (i, refs) in definitions.iter().enumerate() {
                    let mut value: Vec<String> = refs.iter().map(|r| format!("m{r}")).collect();
                    value.push(format!("\"v{i}\""));
                    text.push_str(&format!("@string{{m{i} = {}}}\n", value.join(" # ")));
                }
                for (i, used) in uses.iter().enumerate() {
                    text.push_str(&format!("@article{{e{i}, title={{T{i}}}, author={{A B}}, year=2020, journal=m{used} # m{used}}}\n"));
                }
                text
            },
        )
    }

    fn check(text: &str) {
        let entries = super::super::read(text, &unlimited()).expect("not stopped");
        assert!(entries.len() <= text.matches('@').count());
        let out: usize =
            entries.iter().map(|e| e.text.len() + e.mapped.as_ref().map_or(0, |m| serde_json::to_string(m).map_or(0, |j| j.len()))).sum();
        // What comes out is the entries' own text plus at most the expansion budget, and the
        // mapped fields' JSON quoting (each byte at most 6 as \uXXXX).
        let budget = (text.len() * 10).clamp(1024 * 1024, 50 * 1024 * 1024);
        assert!(out <= 7 * (text.len() + budget), "{out} bytes out of {} in", text.len());
    }

    proptest! {
        #[test]
        fn fragments_never_panic(parts in prop::collection::vec(fragment(), 0..200)) {
            check(&parts.concat());
        }

        #[test]
        fn macros_naming_each_other_never_panic(text in macro_file()) {
            check(&text);
        }
    }
}

/// Issue 29, item 1: what is stored (and exported) stands alone: macros written out (a month
/// alone stays a month macro), and what a `crossref` gave added in place of it.
#[test]
fn the_stored_entry_has_its_macros_and_crossref_written_out() {
    let text = "@string{tches = {IACR Transactions on Cryptographic Hardware and Embedded Systems}}\n\
                @article{g23, title={Masking}, author={G, T}, journal = tches, month = sep, year=2023}\n\
                @inproceedings{p1, title={Paper}, author={A B}, crossref={ches23}}\n\
                @proceedings{ches23, title={CHES 2023}, year=2023, publisher={Springer}}\n";
    let entries = read(text);
    assert_eq!(
        entries[0].text,
        "@article{g23, title={Masking}, author={G, T}, journal = {IACR Transactions on Cryptographic Hardware and Embedded Systems}, month = sep, year=2023}"
    );
    let paper = entries[1].mapped.as_ref().unwrap();
    assert_eq!((paper.venue.as_str(), paper.year, paper.publisher.as_deref()), ("CHES 2023", Some(2023), Some("Springer")));
    assert_eq!(
        entries[1].text,
        "@inproceedings{p1, title={Paper},\n  author={A B},\n  year = {2023},\n  publisher = {Springer},\n  booktitle = {CHES 2023}\n}"
    );
}

/// Issue 27, item 4: the commands ADS, DBLP and publishers' exports use are decoded, and math
/// stays math, stored as TeX between `$` with its braces.
#[test]
fn latex_commands_of_real_exports_are_decoded_and_math_stays_tex() {
    let m = one("@article{ads, title = {Quasars at z{\\raisebox{-0.5ex}\\textasciitilde}0.3 and J005512.2{\\ensuremath{-}}255834: \
         10\\textendash 20\\% of {\\sim}5\\,Gyr \\& more\\textemdash the $\\Lambda$CDM H\\textsubscript{2} test}, \
         author = {A B}, journal = {ApJ}, year = 2020, \
         abstract = {We find $H_0 = 74.0^{+1.4}_{-1.3}$ km s$^{-1}$ and $$\\Omega_m h^2 = \\frac{\\omega_m}{1}$$ at \\ensuremath{\\sigma_{8}}. It cost $4.2 billion and $5 more.}}");
    assert_eq!(m.title, "Quasars at z∼0.3 and J005512.2\\(-\\)255834: 10–20% of \\(\\sim\\)5 Gyr & more—the $\\Lambda$CDM H₂ test");
    assert_eq!(
        m.r#abstract.as_deref(),
        Some(
            "We find $H_0 = 74.0^{+1.4}_{-1.3}$ km s$^{-1}$ and $$\\Omega_m h^2 = \\frac{\\omega_m}{1}$$ at $\\sigma_{8}$. It cost $4.2 billion and $5 more."
        )
    );
    // What BibTeX reads as math in prose keeps its spaces, so the pages read it as prose.
    assert!(!crate::rules::math::to_html(m.r#abstract.as_deref().unwrap(), true).contains("billion and <math"));
    let url = one("@misc{u, title={T}, author={A B}, year=2020, howpublished={Web}, url={https://example.org/\\textasciitilde{}me/a\\_b}}");
    assert_eq!(url.url.as_deref(), Some("https://example.org/~me/a_b"));
}

/// Issue 27, item 5: a DOI given only as a resolver or ACM link in `url` or `note`.
#[test]
fn a_doi_only_in_a_link_is_taken() {
    let doi = |fields: &str| one(&format!("@inproceedings{{x, title={{T}}, author={{A B}}, booktitle={{C}}, year=2010, {fields}}}")).doi;
    assert_eq!(doi("url={http://doi.acm.org/10.1145/1806689.1806707}").as_deref(), Some("10.1145/1806689.1806707"));
    assert_eq!(doi("url={https://dl.acm.org/doi/abs/10.1145/3448016.3452841}").as_deref(), Some("10.1145/3448016.3452841"));
    assert_eq!(doi("url={https://dl.acm.org/doi/10.1145/3448016.3452841}").as_deref(), Some("10.1145/3448016.3452841"));
    assert_eq!(doi("url={http://dx.doi.org/10.1007/978-3-642-40041-4_5}").as_deref(), Some("10.1007/978-3-642-40041-4_5"));
    assert_eq!(doi("note={Available at https://doi.org/10.1103/PhysRevD.98.030001.}").as_deref(), Some("10.1103/physrevd.98.030001"));
    assert_eq!(doi("doi={10.1/own}, url={https://doi.org/10.2/other}").as_deref(), Some("10.1/own"), "the doi field first");
    assert_eq!(doi("url={https://notdoi.org/10.1/x}"), None);
    assert_eq!(doi("url={http://dl.acm.org/citation.cfm?id=1806707}"), None);
}

/// Issue 27, item 6: the venue is the journal or proceedings, else publisher, howpublished,
/// institution, organization, school, series in that order; else none, never a kind's name.
#[test]
fn the_venue_is_a_field_of_the_entry_or_none() {
    let venue = |entry: &str| one(entry).venue;
    assert_eq!(venue("@inproceedings{x, title={T}, author={A B}, year=2010}"), "");
    assert_eq!(venue("@misc{x, title={T}, author={A B}, year=2010}"), "");
    assert_eq!(venue("@inproceedings{x, title={T}, author={A B}, year=2010, series={LNCS}, organization={IEEE}}"), "IEEE");
    assert_eq!(venue("@misc{x, title={T}, author={A B}, year=2010, series={S}, school={Sc}, organization={O}, institution={I}}"), "I");
    assert_eq!(venue("@misc{x, title={T}, author={A B}, year=2010, series={S}, howpublished={H}, publisher={P}}"), "P");
    assert_eq!(
        venue("@book{x, title={T}, author={A B}, year=2010, series={Graduate Texts in Mathematics}}"),
        "Graduate Texts in Mathematics"
    );
    assert_eq!(venue("@article{x, title={T}, author={A B}, year=2010, journal={J}, publisher={P}}"), "J");
    assert_eq!(venue("@inproceedings{x, title={T}, author={A B}, year=2010, booktitle={B}, publisher={P}}"), "B");
    assert_eq!(venue("@phdthesis{x, title={T}, author={A B}, year=2010, publisher={P}, school={S}}"), "S");
}

/// Issue 27: the realistic file of `tests/fixtures/bibtex/issue27-real-shapes.bib` as read,
/// checked by hand: ADS journal macros and commands, math kept as TeX, DOIs from links, venues
/// only from the entry.
#[test]
fn the_realistic_file_reads_as_checked_by_hand() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bibtex");
    let entries = read(&std::fs::read_to_string(root.join("issue27-real-shapes.bib")).unwrap());
    let got: Vec<(String, String, Option<String>)> = entries
        .iter()
        .map(|e| {
            let m = e.mapped.as_ref().unwrap_or_else(|reason| panic!("{:?}: {reason}", e.key));
            (m.title.clone(), m.venue.clone(), m.doi.clone())
        })
        .collect();
    let doi = |d: &str| Some(d.to_owned());
    let want: Vec<(&str, &str, Option<String>)> = vec![
        (
            "Large Magellanic Cloud Cepheid Standards Provide a 1% Foundation for the Determination of the Hubble Constant and Stronger Evidence for Physics beyond $\\Lambda$CDM",
            "The Astrophysical Journal",
            doi("10.3847/1538-4357/ab1422"),
        ),
        (
            "A bright lensed galaxy at z∼0.3 behind J005512.2\\(-\\)255834",
            "Monthly Notices of the Royal Astronomical Society",
            doi("10.1093/mnras/staa3000"),
        ),
        (
            "Review of Particle Physics: the $\\nu_\\mu \\to \\nu_e$ appearance and $H \\to b\\bar{b}$",
            "Physical Review D",
            doi("10.1103/physrevd.98.030001"),
        ),
        (
            "Faster all-pairs shortest paths via circuit complexity",
            "Symposium on Theory of Computing, STOC 2014",
            doi("10.1145/2591796.2591811"),
        ),
        ("Faster All-Pairs Shortest Paths via Circuit Complexity", "SIAM J. Comput.", doi("10.1137/15m1024524")),
        (
            "Lower bounds on the size of bounded depth circuits over a complete basis with logical addition, and AC$^0[\\oplus]$",
            "Proceedings of the Nineteenth Annual ACM Symposium on Theory of Computing",
            doi("10.1145/28395.28404"),
        ),
        ("The PCP theorem by gap amplification: $\\mathsf{NP}$-hardness of approximation", "", doi("10.1145/1132516.1132553")),
        ("Dark energy from $\\sigma_8$ tension", "Physical Review Letters", None),
        ("Lecture notes on $\\ell_p$ regression", "", None),
        ("Post-Quantum Cryptography: the $\\mathcal{O}(n \\log n)$ way", "National Institute of Standards and Technology", None),
        ("Introduction to Smooth Manifolds", "Graduate Texts in Mathematics", None),
    ];
    let want: Vec<(String, String, Option<String>)> = want.into_iter().map(|(t, v, d)| (t.to_owned(), v.to_owned(), d)).collect();
    assert_eq!(got, want);
    let alfolio = &entries[7];
    assert_eq!(alfolio.mapped.as_ref().unwrap().month, Some(4));
    assert_eq!(alfolio.warnings.len(), 2, "selected = true and month = april: {:?}", alfolio.warnings);
    assert_eq!(crate::rules::math::to_plain(&got[0].0).rsplit(' ').next(), Some("ΛCDM"));
}

/// Issue 41, item 4: escaped braces are braces of the text, as `\&`, `\%`, `\_` and `\#` are
/// its characters; so are `\textbraceleft` and `\textbraceright`. In math they stay TeX.
#[test]
fn escaped_braces_are_kept_as_braces() {
    let m =
        one("@article{a, title = {Sets \\{x | x > 0\\} and {\\{y\\}} {\\textbraceleft}\\textbraceright{} \\textbraceleft z $\\{n\\}$}, \
         author = {A B}, journal = {J \\{1\\}}, year = 2020}");
    assert_eq!(m.title, "Sets {x | x > 0} and {y} {} {z $\\{n\\}$");
    assert_eq!(m.venue, "J {1}");
}

/// A literal dollar (`\$`) stays a dollar of the text, not the start of a formula: where the
/// pages would read it as math it is stored escaped.
#[test]
fn escaped_dollars_stay_text() {
    assert_eq!(one("@article{a, title = {It costs \\$5 or \\$6}, author = {A B}, journal = {J}, year = 2020}").title, "It costs $5 or $6");
    assert_eq!(
        one("@article{a, title = {Prices \\$x\\$ and $y$}, author = {A B}, journal = {J}, year = 2020}").title,
        "Prices \\$x\\$ and $y$"
    );
    assert_eq!(
        one("@article{a, title = {Broken \\$\\textbackslash{}frac\\{1\\}\\textbraceleft{}\\$ TeX}, author = {A B}, journal = {J}, year = 2020}").title,
        "Broken $\\frac{1}{$ TeX",
        "TeX that cannot be written as math reads as it was before its export"
    );
}

/// `$…$` right before a digit is prose on the pages (pandoc's rule, for prices), so a formula
/// a digit follows is stored as `\(…\)`, which they read as math; with its own spaces it is
/// prose as before.
#[test]
fn a_formula_before_a_digit_is_stored_as_the_pages_read_math() {
    let m =
        one("@article{a, title = {At z$\\sim$2 and {\\sim}6 it costs $4.2 billion and $5}, author = {A B}, journal = {J}, year = 2020}");
    assert_eq!(m.title, "At z\\(\\sim\\)2 and \\(\\sim\\)6 it costs $4.2 billion and $5");
    assert_eq!(crate::rules::math::to_plain(&m.title), "At z∼2 and ∼6 it costs $4.2 billion and $5");
}

/// Issue 41, items 2–4: titles at the edges of the rules, written by the BibTeX export and read
/// back, are the same prose and formulas (`crate::rules::math::pieces`): formulas in a row, a
/// formula before a digit, text dollars next to formulas, broken TeX beside real math.
#[test]
fn exported_titles_read_back_as_the_same_text() {
    use crate::rules::math::{Piece, pieces};
    let same = |text: &str| -> Vec<(Option<bool>, String)> {
        pieces(text)
            .into_iter()
            .map(|piece| match piece {
                Piece::Text(prose) => (None, prose),
                Piece::Math { tex, display, .. } => (Some(display), tex.to_owned()),
            })
            .collect()
    };
    for title in [
        "$a$$b$ and $a$$$b$$",
        "\\(z \\sim 0.3\\)2 and \\(x\\)-fold",
        "Prices \\$x\\$ and $y$, costs $5 or $6",
        "costs $5 \\(a $ b\\) and $\\frac{1}{$$$E = mc^2$$",
        "{x$x^2$} y} \\{z\\} back\\slash $\\{n\\}$",
    ] {
        let paper: crate::content::publications::Model = serde_json::from_value(serde_json::json!({
            "id": "00000000-0000-4000-8000-000000000000", "title": title, "slug": "s", "authors": ["Jane Doe"],
            "kind": "journal-article", "venue": "J", "year": 2021, "month": null, "abstract": null, "pdf_url": null, "url": null,
            "doi": null, "pages": null, "volume": null, "issue": null, "publisher": null, "bibtex": null, "featured": false,
            "status": "published", "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z",
        }))
        .unwrap();
        let entry = crate::citations::bibtex(&paper, "k");
        let back = one(&entry);
        assert_eq!(same(&back.title), same(title), "{title:?} was written\n{entry}\nand read back as {:?}", back.title);
    }
}

/// Issue 41, item 10: al-folio's `selected = {true}` marks the papers of the home page.
#[test]
fn selected_entries_are_featured() {
    let entry = |selected: &str| one(&format!("@article{{a, title = {{T}}, author = {{A B}}, journal = {{J}}, year = 2020{selected}}}"));
    assert!(entry(", selected = {true}").featured);
    assert!(entry(", selected = {True}").featured);
    assert!(entry(", selected = yes").featured);
    assert!(!entry(", selected = {false}").featured);
    assert!(!entry("").featured);
}

/// Issue 41, item 17: what Zotero's BibTeX export writes for rich text and symbols (its own
/// table of LaTeX for Unicode, `\textit` for italics, `\ensuremath` for Greek), and JabRef's
/// biblatex mode (`journaltitle`, `date`, `eventtitle`); made-up entries in those tools'
/// shapes, since the corpus files with them are not on this machine.
#[test]
fn zotero_and_jabref_exports_read_as_text() {
    let zotero = one(
        "@article{smith_2019,\n\ttitle = {The \\textit{{Escherichia} coli} {\\textquotedblleft}stress{\\textquotedblright} response: a {\\textless}50 {\\textmu}m {\\textquoteright}{\\textbar}{\\textquoteright} view},\n\
         \tvolume = {12},\n\tjournal = {Journal of {Microbiology} \\& {Ecology}},\n\tauthor = {Smith, John and {World Health Organization}},\n\
         \tmonth = mar,\n\tyear = {2019},\n\tnote = {Publisher: Elsevier},\n}",
    );
    assert_eq!(zotero.title, "The Escherichia coli “stress” response: a <50 µm ’|’ view");
    assert_eq!(zotero.venue, "Journal of Microbiology & Ecology");
    assert_eq!(zotero.authors, ["John Smith", "World Health Organization"]);
    let symbols = one(
        "@article{b, title = {Heat at 40{\\textdegree}C {\\textendash} a {\\textasciicircum}2 law{\\textellipsis} \\textsc{Doe} {\\textquotesingle}s \\textbf{bold} {\\textperiodcentered} x},\n\
         author = {A B}, journal = {J}, year = 2020}",
    );
    assert_eq!(symbols.title, "Heat at 40°C – a ^2 law… Doe 's bold · x");
    let jabref = one("@InProceedings{Doe2021,\n  author    = {Doe, Jane and M{\\\"u}ller, Hans},\n  date      = {2021-06},\n\
         title     = {Fast {FFT}s},\n  eventtitle = {International Conference on Signal Processing},\n  booktitle = {Proceedings of the International Conference on Signal Processing},\n}");
    assert_eq!(jabref.year, Some(2021));
    assert_eq!(jabref.venue, "Proceedings of the International Conference on Signal Processing");
    let event_only = one("@InProceedings{Doe2022, author = {Doe, Jane}, date = {2022-01-05}, title = {T}, eventtitle = {ICSP 2022}}");
    assert_eq!(event_only.venue, "ICSP 2022");
    let article = one("@Article{Doe2020, author = {Doe, Jane}, date = {2020}, title = {T}, journaltitle = {Signal Processing}}");
    assert_eq!(article.venue, "Signal Processing");
    assert_eq!(article.year, Some(2020));
}

/// Issue 41, item 17: what real files of the kinds the hidden corpus holds (DBLP, ADS, EndNote,
/// JabRef, Zotero and Google Scholar exports gathered from public repositories) still got
/// wrong; each entry is the shape of a real one, its fields shortened.
#[test]
fn real_exports_faults_read_right() {
    // DBLP escapes the math of a title as text: `{\textdollar}{\textbackslash}…{\textdollar}`.
    let dblp = one("@article{DBLP:journals/eccc/X21, author = {Nutan Limaye}, title = {A Lower Bound for \
         {\\textdollar}{\\textbackslash}mathrm\\{AC\\}{\\^{}}0[{\\textbackslash}oplus]{\\textdollar} Circuits}, \
         journal = {Electron. Colloquium Comput. Complex.}, year = {2021}}");
    assert_eq!(dblp.title, "A Lower Bound for $\\mathrm{AC}^0[\\oplus]$ Circuits");
    // Mendeley escapes math as text another way: `{\$}`, and `\backslash` glued to the
    // command's name; each pair of its dollars is then a formula.
    let mendeley = one("@article{ALICE2014, author = {{ALICE Collaboration}}, title = {{Measurement of prompt D-meson production \
         at {\\$}\\backslashsqrt{\\{}s{\\_}{\\{}\\backslashrm NN{\\}}{\\}}{\\$} = 5.02 TeV}}, journal = {Phys. Rev. Lett.}, year = {2014}}");
    assert_eq!(mendeley.title, "Measurement of prompt D-meson production at $\\sqrt{s_{\\rm NN}}$ = 5.02 TeV");
    let mendeley = one("@article{Adare2015, author = {Adare, A.}, title = {{Asymmetries in W{\\$}{\\^{}}{\\{}\\backslashpm{\\}}{\\$} \
         production in polarized {\\$}p{\\$} collisions}}, journal = {Phys. Rev. D}, year = {2015}}");
    assert_eq!(mendeley.title, "Asymmetries in W$^{\\pm}$ production in polarized $p$ collisions");
    // ADS's tilde: the space that ends the command's name is not the text's.
    let ads =
        one("@article{Strolger2004, author = {{Strolger}, L.-G.}, title = \"{Supernovae to z \\raisebox{-0.5ex}\\textasciitilde 1.6}\", \
         journal = {\\apj}, year = 2004}");
    assert_eq!(ads.title, "Supernovae to z ∼1.6");
    // An IRIS repository's `doi = {DOI 10.1109/…}`.
    let iris = one("@inproceedings{11591_176836, author = {Amato, Alba}, title = {T}, booktitle = {WAINA}, year = {2013}, \
         doi = {DOI 10.1109/WAINA.2013.149}}");
    assert_eq!(iris.doi.as_deref(), Some("10.1109/waina.2013.149"));
    // An ACM resolver link in the `doi` field itself (JabRef).
    let acm =
        one("@inproceedings{a, author={A B}, title={T}, booktitle={GECCO}, year=2014, doi = {http://doi.acm.org/10.1145/2602576.2602588}}");
    assert_eq!(acm.doi.as_deref(), Some("10.1145/2602576.2602588"));
    // A proceedings volume or an edited book names its editors, who are not its authors: it
    // has none (issue 41, item 17).
    let proceedings = one(
        "@proceedings{DBLP:conf/etra/2021, editor = {Andreas Bulling and Anke Huckauf}, title = {ETRA '21: 2021 Symposium on Eye Tracking Research and Applications}, \
         publisher = {{ACM}}, year = {2021}}",
    );
    assert!(proceedings.authors.is_empty(), "{:?}", proceedings.authors);
    // `\enquote` (csquotes) and `\ldots` in prose.
    let quoted = one(
        "@article{a, author={A B}, title={A \\enquote{divide-and-conquer} method}, journal = {Proceedings of the ACM \\ldots}, year=2020}",
    );
    assert_eq!(quoted.title, "A “divide-and-conquer” method");
    assert_eq!(quoted.venue, "Proceedings of the ACM …");
    // "Last, First, III" (ADS, EndNote) and a stray trailing comma (hand-edited files).
    let names = one(
        "@article{a, author = {{Bailey}, John I., III and Kelleher, R. J., 3rd and Wall, W.A., and Gee, M.W., and Korkhov, V. and Doe, Jr., John and Males, JR and \\textbf{Zhu, W.}}, title={T}, journal={J}, year=2020}",
    );
    assert_eq!(
        names.authors,
        ["John I. Bailey III", "R. J. Kelleher 3rd", "W.A. Wall", "M.W. Gee", "V. Korkhov", "John Doe Jr.", "JR Males", "W. Zhu"]
    );
    // ADS ends long lists with "and et al.": the marker of more authors, not a person.
    let ads = one("@article{a, author = {{Mamajek}, E.~E. and et al.}, title={T}, journal={\\apj}, year=2012}");
    assert_eq!(ads.authors, ["E. E. Mamajek", "others"]);
    // An @inproceedings is in its booktitle, whatever an exporter put in `journal`.
    let talk = one(
        "@inproceedings{a, author={A B}, title={T}, booktitle = {IEEE/ACM International Conference on Internet-of-Things Design and Implementation ({IoTDI})}, \
         journal = {Orlando, USA}, year = 2022}",
    );
    assert_eq!(talk.venue, "IEEE/ACM International Conference on Internet-of-Things Design and Implementation (IoTDI)");
    // A link is not a venue, nor Google Scholar's placeholder "na".
    let linked =
        one("@misc{a, author={A B}, title={T}, howpublished = {https://ems-press.org/books/101}, publisher = {EMS Press}, year = 2019}");
    assert_eq!(linked.venue, "EMS Press");
    let placeholder = one("@article{a, author={A B}, title={T}, publisher = {na}, year = 2019, journal = {}}");
    assert_eq!(placeholder.venue, "");
    // DBLP's arXiv papers are CoRR articles: preprints.
    let corr = one(
        "@article{DBLP:journals/corr/abs-2101-00001, author = {A B}, title = {T}, journal = {CoRR}, volume = {abs/2101.00001}, year = {2021}}",
    );
    assert_eq!(corr.kind, PublicationKind::Preprint);
    // Math in a name is its Unicode letter; a formula's group keeps its neighbours.
    let beta = one(
        "@article{a, author = {Wi{$\\beta$}mann, Thorsten}, title = {{\\(\\Sigma\\)}{\\(\\Pi\\)}{\\(\\Sigma\\)} Circuits}, journal={J}, year=2020}",
    );
    assert_eq!(beta.authors, ["Thorsten Wiβmann"]);
    assert_eq!(beta.title, "$\\Sigma$$\\Pi$$\\Sigma$ Circuits");
    let formulas: Vec<_> = crate::rules::math::pieces(&beta.title)
        .into_iter()
        .filter_map(|piece| match piece {
            crate::rules::math::Piece::Math { tex, display: false, .. } => Some(tex.to_owned()),
            _ => None,
        })
        .collect();
    assert_eq!(formulas, ["\\Sigma", "\\Pi", "\\Sigma"], "three formulas in a row, as the pages draw them");
    // The space after an emphasised word is the text's.
    let emph =
        one("@article{a, author={A B}, title = {Using {{{\\emph{Pseudomonas}}}}{\\emph{ Sp.}} {{NCIB}} 9816-4}, journal={J}, year=2020}");
    assert_eq!(emph.title, "Using Pseudomonas Sp. NCIB 9816-4");
}
