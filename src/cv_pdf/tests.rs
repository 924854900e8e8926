//! The typesetting of hostile, long and non-Latin text, read back with poppler's `pdftotext`.

use uuid::Uuid;

use super::*;
use crate::content::settings::PaperSize;
use crate::render::cv::{CvEntry, CvLine, CvLineStyle, CvPart, CvReference, CvSection, CvText};

fn frame(name: &str) -> Frame {
    Frame {
        name: name.to_owned(),
        headline: vec!["Professor of Testing".to_owned()],
        paper: PaperSize::A4,
        address: "https://cv.example.org".to_owned(),
        generated: "Generated on 26 November 2026".to_owned(),
        generated_on: (2026, 11, 26),
        lang: "en".to_owned(),
    }
}

fn cv(sections: Vec<CvSection>) -> CvDocument {
    CvDocument { sections }
}

fn section(title: &str, lines: &[&str]) -> CvSection {
    let lines = lines
        .iter()
        .map(|text| CvLine { style: CvLineStyle::Plain, texts: vec![CvText { text: text.to_string(), ..CvText::default() }] })
        .collect();
    let entries = vec![CvEntry { id: Uuid::nil(), when: "2024".to_owned(), lines }];
    CvSection { id: "test".to_owned(), title: title.to_owned(), lang: None, parts: vec![CvPart::Entries { heading: None, entries }] }
}

/// What a poppler tool (poppler-utils) prints of the PDF, given the command for its file.
fn poppler(pdf: &[u8], command: impl FnOnce(&std::path::Path) -> std::process::Command) -> String {
    let dir = std::env::temp_dir().join(format!("vita-cv-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cv.pdf");
    std::fs::write(&file, pdf).unwrap();
    let output = command(&file).output().expect("poppler-utils must be installed");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(output.status.success(), "poppler could not read the PDF");
    String::from_utf8(output.stdout).unwrap()
}

fn pdfinfo(args: &[&str]) -> impl FnOnce(&std::path::Path) -> std::process::Command {
    let args: Vec<String> = args.iter().map(|arg| arg.to_string()).collect();
    move |file| {
        let mut command = std::process::Command::new("pdfinfo");
        command.args(args).arg(file);
        command
    }
}

/// The PDF's text and its page count.
fn read_back(pdf: &[u8]) -> (String, usize) {
    let info = poppler(pdf, pdfinfo(&[]));
    let pages = info.lines().find_map(|line| line.strip_prefix("Pages:")).map(|n| n.trim().parse().unwrap()).unwrap();
    let text = poppler(pdf, |file| {
        let mut command = std::process::Command::new("pdftotext");
        command.arg(file).arg("-");
        command
    });
    (text, pages)
}

/// pdftotext breaks lines where the PDF does: compare without white space.
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn text_that_looks_like_markup_prints_as_it_is() {
    let hostile = [
        "#set page(width: 1cm) #panic(\"x\")",
        "$x^2$ and *bold* and _under_ and `raw`",
        "@label <label> = not a heading",
        "back\\slash \\ // not a comment /* nor this */",
        "#import \"/etc/passwd\": *",
        "]) #read(\"/etc/hostname\") [(",
    ];
    let document = cv(vec![section("Awards #1 <a>", &hostile)]);
    let (text, pages) = read_back(&typeset(&document, &frame("#Ada $Lovelace$")).unwrap());
    assert_eq!(pages, 1);
    let text = squeezed(&text);
    for expected in hostile.iter().chain(&["#Ada $Lovelace$", "Awards #1 <a>"]) {
        assert!(text.contains(&squeezed(expected)), "{expected:?} is not in the PDF's text: {text}");
    }
}

#[test]
fn an_empty_site_is_one_page_with_the_name() {
    let mut frame = frame("Ada Lovelace");
    frame.headline.clear();
    let (text, pages) = read_back(&typeset(&cv(Vec::new()), &frame).unwrap());
    assert_eq!(pages, 1);
    assert!(text.contains("Ada Lovelace"));
    assert!(
        text.contains("Page 1 of 1") && text.contains("https://cv.example.org") && text.contains("Generated on 26 November 2026"),
        "{text}"
    );
}

#[test]
fn very_long_titles_and_names_wrap_instead_of_failing() {
    let long_word = "Supercalifragilistic".repeat(30);
    let long_title = "A very long title of a very long paper ".repeat(60);
    let document = cv(vec![section("Publications", &[&long_word, &long_title])]);
    let (text, pages) = read_back(&typeset(&document, &frame(&"Ada Augusta King Countess of Lovelace ".repeat(10))).unwrap());
    assert!(pages >= 1);
    assert!(squeezed(&text).contains(&squeezed(&long_title)));
}

#[test]
fn greek_and_cyrillic_come_from_the_embedded_font() {
    let names = ["Αλέξανδρος Παπαδόπουλος", "Дмитрий Иванович Менделеев"];
    let document = cv(vec![section("Education", &names)]);
    let (text, _) = read_back(&typeset_embedded_only(&document, &frame(names[0])).unwrap());
    for name in names {
        assert!(text.contains(name), "{name} is not in {text}");
    }
}

#[test]
fn a_script_no_font_covers_still_makes_a_pdf() {
    // The embedded font has no CJK: the PDF is made all the same (the name as empty boxes).
    let document = cv(vec![section("Awards", &["東京大学 최우수 논문상", "Best paper"])]);
    let (text, _) = read_back(&typeset_embedded_only(&document, &frame("王小明")).unwrap());
    assert!(text.contains("Best paper"));
}

#[test]
fn cjk_names_print_with_a_font_the_server_has() {
    // ./scripts/test installs fonts-wqy-microhei (Debian); a server with any CJK font does the same.
    let document = cv(vec![section("Awards", &["东京大学最佳论文奖"])]);
    let (text, _) = read_back(&typeset(&document, &frame("王小明")).unwrap());
    assert!(text.contains("王小明") && text.contains("东京大学最佳论文奖"), "{text}");
}

#[test]
fn us_letter_is_a_setting() {
    let mut frame = frame("Ada Lovelace");
    frame.paper = PaperSize::Letter;
    let info = poppler(&typeset(&cv(Vec::new()), &frame).unwrap(), pdfinfo(&[]));
    assert!(info.contains("612 x 792 pts (letter)"), "{info}");
    assert!(info.contains("Tagged:          yes"), "{info}");
}

/// Every line of every page stays inside the margins: nothing runs off the paper.
fn assert_inside_the_margins(document: &CvDocument) -> layout::Layout {
    let laid = layout::layout(document, &frame("Ada Lovelace"), Fallback::System);
    let right = laid.width - layout::MARGIN_X;
    for (number, page) in laid.pages.iter().enumerate() {
        for placed in page {
            let end = placed.line.fragments.iter().map(|f| placed.x + f.x + f.width).fold(0.0, f32::max);
            let text: String = placed.line.fragments.iter().map(|f| f.text.as_str()).collect();
            // Trailing white space may hang into the margin; the ink may not.
            let ink = placed.line.fragments.last().map_or(0.0, |f| {
                let trailing = f.text.len() - f.text.trim_end().len();
                if trailing > 0 { f.glyphs.iter().rev().take(trailing).map(|g| g.x_advance * f.size).sum() } else { 0.0 }
            });
            assert!(end - ink <= right + 0.01, "page {}: {text:?} ends at {end}, past {right}", number + 1);
            assert!(
                placed.y + placed.line.height <= laid.height - layout::MARGIN_BOTTOM + 0.01,
                "page {}: {text:?} below the margin",
                number + 1
            );
        }
    }
    laid
}

#[test]
fn lines_stay_inside_the_margins_and_flow_onto_pages() {
    let long_word = "Supercalifragilistic".repeat(30);
    let long_title = "A very long title of a very long paper ".repeat(60);
    let many: Vec<String> = (0..300).map(|n| format!("Entry number {n} with a few words to wrap")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    let document = cv(vec![section("Publications", &[&long_word, &long_title]), section("Talks", &many)]);
    let laid = assert_inside_the_margins(&document);
    assert!(laid.pages.len() > 3, "300 entries fill several pages, not {}", laid.pages.len());
    assert_eq!(laid.footers.len(), laid.pages.len());
}

#[test]
fn a_section_heading_is_never_the_last_line_of_a_page() {
    // Sections of growing length, so that headings fall at every height of the page.
    let sections: Vec<CvSection> = (1..40)
        .map(|n| {
            let lines: Vec<String> = (0..n % 7 + 1).map(|i| format!("Line {i} of section {n}")).collect();
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            section(&format!("Section {n}"), &lines)
        })
        .collect();
    let laid = assert_inside_the_margins(&cv(sections));
    assert!(laid.pages.len() > 1);
    for page in &laid.pages {
        assert!(!page.last().unwrap().line.rule, "a page ends with a section's heading");
    }
}

#[test]
fn a_cv_the_fonts_cover_is_pdf_a_and_one_they_do_not_is_plain_tagged_pdf() {
    let archival = |pdf: &[u8]| String::from_utf8_lossy(pdf).contains("<pdfaid:part>2</pdfaid:part>");
    let awards = cv(vec![section("Awards", &["Best paper"])]);
    let latin = typeset(&awards, &frame("Ada Lovelace")).unwrap();
    assert!(archival(&latin), "PDF/A-2 is declared in the XMP metadata");
    let cjk = typeset_embedded_only(&awards, &frame("王小明")).unwrap();
    assert!(!archival(&cjk), "a character no font has makes a plain tagged PDF");
}

#[test]
fn the_pdf_is_tagged_with_headings_lists_and_links() {
    let reference = CvReference {
        id: Uuid::nil(),
        slug: "notes".to_owned(),
        title: "Notes".to_owned(),
        html: "<strong>A. Lovelace</strong>, “Notes,” <i>Taylor’s Memoirs</i>, doi: <a href=\"https://doi.org/10.1000/notes\">10.1000/notes</a>"
            .to_owned(),
    };
    let sections = vec![
        section("Awards", &["Best paper"]),
        CvSection {
            id: "publications".to_owned(),
            title: "Publications".to_owned(),
            lang: None,
            parts: vec![CvPart::References { heading: "Journal Articles".to_owned(), numbered: true, references: vec![reference] }],
        },
        CvSection {
            id: "other".to_owned(),
            title: "Languages".to_owned(),
            lang: None,
            parts: vec![CvPart::RichText { html: "<ul><li>French</li><li>English</li></ul>".to_owned(), lang: None }],
        },
    ];
    let tree = poppler(&typeset(&cv(sections), &frame("Ada Lovelace")).unwrap(), pdfinfo(&["-struct-text"]));
    // The structure, in reading order, as poppler reads it (indentation and quotes dropped).
    let lines: Vec<String> = tree.lines().map(|line| line.trim().replace(" (block)", "").replace(" (inline)", "")).collect();
    let expected = [
        "H1 \"Ada Lovelace\"",
        "H2 \"Awards\"",
        "L:",
        "/ListNumbering /None",
        "LI",
        "Lbl",
        "\"2024\"",
        "LBody",
        "\"Best paper\"",
        "H2 \"Publications\"",
        "H3 \"Journal Articles\"",
        "/ListNumbering /Decimal",
        "\"[1]\"",
        "\"A. Lovelace\"",
        "\"Taylor’s Memoirs\"",
        "Link",
        "\"10.1000/notes\"",
        "H2 \"Languages\"",
        "\"French\"",
        "\"English\"",
    ];
    let mut at = 0;
    for want in expected {
        let found =
            lines[at..].iter().position(|line| line == want).unwrap_or_else(|| panic!("{want} missing after line {at} of:\n{tree}"));
        at += found + 1;
    }
    // The two items of the free section are one list.
    let languages = &lines[lines.iter().position(|line| line == "H2 \"Languages\"").unwrap()..];
    assert_eq!(languages.iter().filter(|line| *line == "L:").count(), 1, "{tree}");
}
