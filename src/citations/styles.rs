//! IEEE and APA references through hayagriva: the record becomes a hayagriva `Entry`, the
//! bundled CSL style renders it to an element tree, and that tree is written out here as
//! escaped HTML (hayagriva's own HTML writer does not escape the text).

use std::fmt::Write as _;
use std::str::FromStr;
use std::sync::LazyLock;

use hayagriva::citationberg::taxonomy::NameVariable;
use hayagriva::citationberg::{FontStyle, FontWeight, IndependentStyle, Locale, LocaleCode, Style, VerticalAlign};
use hayagriva::types::{Date, EntryType, FormatString, MaybeTyped, Numeric, PageRanges, Person, Publisher, QualifiedUrl, StringChunk};
use hayagriva::{BibliographyDriver, BibliographyRequest, CitationItem, CitationRequest, Elem, ElemChild, ElemMeta, Entry};

use super::names::{Name, parse_all};
use super::{Citations, arxiv_id, is_arxiv};
use crate::content::publications::{Model, PublicationKind};
use crate::content::settings::CitationStyle;
use crate::i18n;
use crate::rules::names::without_titles;

/// The two styles and the locales of the shipped languages, decoded once. The files are
/// hayagriva 0.10.1's own CBOR encodings of the CSL project's `ieee.csl`, `apa.csl` and
/// `locales-{en-US,de-DE,zh-CN}.xml` (see `csl/README.md`): the same data its `archive` feature
/// embeds, without the 77 other styles and 58 other locales.
static IEEE: LazyLock<IndependentStyle> = LazyLock::new(|| independent(include_bytes!("csl/ieee.cbor")));
static APA: LazyLock<IndependentStyle> = LazyLock::new(|| independent(include_bytes!("csl/apa.cbor")));
static LOCALES: LazyLock<Vec<Locale>> = LazyLock::new(|| {
    [&include_bytes!("csl/en-US.cbor")[..], include_bytes!("csl/de-DE.cbor"), include_bytes!("csl/zh-CN.cbor")]
        .into_iter()
        .map(|bytes| ciborium::de::from_reader(bytes).expect("the embedded locales decode"))
        .collect()
});

/// The CSL locale of a page's language: its terms ("Bd.", "S.", "卷") and date formats.
fn csl_locale(lang: &str) -> LocaleCode {
    let code = match i18n::language(lang) {
        "de" => "de-DE",
        "zh-Hans" => "zh-CN",
        _ => "en-US",
    };
    LocaleCode(code.to_owned())
}

fn independent(bytes: &[u8]) -> IndependentStyle {
    match ciborium::de::from_reader(bytes).expect("the embedded styles decode") {
        Style::Independent(style) => style,
        Style::Dependent(_) => unreachable!("the embedded IEEE and APA styles are independent"),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Which {
    Ieee,
    Apa,
}

/// The paper's IEEE and APA references, as safe HTML fragments, in the terms and date
/// formats of the language `lang`.
pub fn format(publication: &Model, lang: &str) -> Citations {
    let names = parse_all(&publication.authors.0);
    Citations {
        ieee: render(&entry(publication, &names, Which::Ieee, lang), &IEEE, Which::Ieee, &names, lang),
        apa: render(&entry(publication, &names, Which::Apa, lang), &APA, Which::Apa, &names, lang),
    }
}

/// The paper's reference in `style`, for a list of them (the CV): as `format` writes it, with
/// the owner's name in `<strong>` when they are one of the authors. `owner` is the name as the
/// hero has it ("Prof. Dr. Maja Svensson, PhD"): titles and degrees are dropped from it and
/// from each author (`rules::names::without_titles`), and an author is the owner when the family
/// names agree and so do the given names' initials. In the language `lang`, as `format`.
pub fn reference(publication: &Model, style: CitationStyle, owner: &str, lang: &str) -> String {
    let names = parse_all(&publication.authors.0);
    let (which, csl) = match style {
        CitationStyle::Ieee => (Which::Ieee, &*IEEE),
        CitationStyle::Apa => (Which::Apa, &*APA),
    };
    let html = render(&entry(publication, &names, which, lang), csl, which, &names, lang);
    let owners = publication.authors.0.iter().zip(&names).find(|(author, _)| is_owner(author, owner));
    let Some(author) = owners.and_then(|(_, name)| person(name)) else {
        return html;
    };
    let shown = escape(&match which {
        Which::Ieee => author.given_first(true),
        Which::Apa => author.name_first(true, false),
    });
    match html.find(&shown) {
        Some(at) => format!("{}<strong>{shown}</strong>{}", &html[..at], &html[at + shown.len()..]),
        None => html,
    }
}

/// Whether an author of a paper is the owner named `owner`.
fn is_owner(author: &str, owner: &str) -> bool {
    let (Name::Person { family, given, .. }, Name::Person { family: owner_family, given: owner_given, .. }) =
        (Name::parse(&without_titles(author)), Name::parse(&without_titles(owner)))
    else {
        return false;
    };
    let initial = |given: &Option<String>| given.as_deref().and_then(|g| g.chars().next()).map(|c| c.to_lowercase().to_string());
    family.to_lowercase() == owner_family.to_lowercase() && (initial(&given) == initial(&owner_given) || given.is_none())
}

/// The hayagriva entry of a publication. The kind decides the entry type and its parent, as
/// the styles expect them (an article in a periodical is a journal article, in proceedings a
/// conference paper). Every text is verbatim: the owner typed the case they want, and the
/// styles must not change it (APA would title-case "arXiv" into "Arxiv").
fn entry(p: &Model, names: &[Name], which: Which, lang: &str) -> Entry {
    let entry_type = match p.kind {
        PublicationKind::JournalArticle | PublicationKind::ConferencePaper | PublicationKind::Preprint => EntryType::Article,
        PublicationKind::Book => EntryType::Book,
        PublicationKind::BookChapter => EntryType::Chapter,
        PublicationKind::Thesis => EntryType::Thesis,
        PublicationKind::Report => EntryType::Report,
        PublicationKind::Other => EntryType::Misc,
    };
    let mut entry = Entry::new(&p.slug, entry_type);
    // Math as its Unicode form (`$H_0$` → H₀): a reference is text.
    entry.set_title(plain(&crate::rules::math::to_plain(&p.title)));
    // "others" is not a person: the names are fixed up after rendering (see `author_names`).
    entry.set_authors(names.iter().filter_map(person).collect());
    // An undated paper has no date: the styles print theirs ("n.d.").
    if let Some(year) = p.year {
        let mut date = Date::from_year(year);
        date.month = p.month.filter(|m| (1..=12).contains(m)).map(|m| (m - 1) as u8);
        entry.set_date(date);
    }
    if let Some(pages) = &p.pages {
        entry.set_page_range(MaybeTyped::<PageRanges>::from_str(pages).unwrap_or_else(|_| MaybeTyped::String(pages.clone())));
    }
    if let Some(doi) = &p.doi {
        entry.set_doi(doi.clone());
    } else if let Some(url) = p.url.as_deref().and_then(|u| QualifiedUrl::from_str(u).ok()) {
        // The styles print a DOI when there is one, otherwise the URL.
        entry.set_url(url);
    }
    let venue = || plain(&crate::rules::math::to_plain(&p.venue));
    let publisher = || p.publisher.as_ref().map(|name| Publisher::new(Some(plain(name)), None));
    let parent = |kind: EntryType| {
        let mut parent = Entry::new(&format!("{}-venue", p.slug), kind);
        parent.set_title(venue());
        parent
    };
    match p.kind {
        PublicationKind::JournalArticle => {
            let mut journal = parent(EntryType::Periodical);
            if let Some(volume) = &p.volume {
                journal.set_volume(numeric(volume));
            }
            if let Some(issue) = &p.issue {
                journal.set_issue(numeric(issue));
            }
            if let Some(publisher) = publisher() {
                journal.set_publisher(publisher);
            }
            entry.set_parents(vec![journal]);
        }
        PublicationKind::ConferencePaper => {
            let mut proceedings = parent(EntryType::Proceedings);
            if let Some(volume) = &p.volume {
                proceedings.set_volume(numeric(volume));
            }
            if let Some(publisher) = publisher() {
                proceedings.set_publisher(publisher);
            }
            entry.set_parents(vec![proceedings]);
        }
        PublicationKind::Preprint => {
            if is_arxiv(&p.venue, p.url.as_deref()) {
                entry.set_archive(plain("arXiv"));
                if let Some(id) = arxiv_id(&p.venue, p.url.as_deref()) {
                    // The styles print the number as APA and IEEE want it: "arXiv:2401.01234".
                    entry.set_keyed_serial_number("serial", format!("arXiv:{id}"));
                }
            } else {
                entry.set_archive(venue());
            }
        }
        PublicationKind::Book => {
            entry.set_publisher(publisher().unwrap_or_else(|| Publisher::new(Some(venue()), None)));
            if let Some(volume) = &p.volume {
                entry.set_volume(numeric(volume));
            }
        }
        PublicationKind::BookChapter => {
            let mut book = parent(EntryType::Book);
            if let Some(publisher) = publisher() {
                book.set_publisher(publisher);
            }
            if let Some(volume) = &p.volume {
                book.set_volume(numeric(volume));
            }
            entry.set_parents(vec![book]);
        }
        PublicationKind::Thesis => {
            // CSL's thesis publisher is the degree-granting institution: the venue.
            entry.set_publisher(Publisher::new(Some(venue()), None));
            // Each style's own words for a doctoral thesis (the CSL locales have none).
            entry.set_genre(plain(match which {
                Which::Ieee => i18n::t(lang, "citations.thesis_ieee"),
                Which::Apa => i18n::t(lang, "citations.thesis_apa"),
            }));
        }
        PublicationKind::Report => {
            entry.set_publisher(Publisher::new(Some(venue()), None));
            if let Some(number) = &p.issue {
                entry.set_keyed_serial_number("serial", number.clone());
            }
        }
        PublicationKind::Other => {
            entry.set_publisher(publisher().unwrap_or_else(|| Publisher::new(Some(venue()), None)));
        }
    }
    entry
}

/// Text taken as it is: no `{}` or `$` parsing, and no case change by the style (math in a
/// title stays raw, as the owner typed it).
fn plain(text: &str) -> FormatString {
    FormatString::from(StringChunk::verbatim(text.to_owned()))
}

fn numeric(text: &str) -> MaybeTyped<Numeric> {
    MaybeTyped::<Numeric>::from_str(text).unwrap_or_else(|_| MaybeTyped::String(text.to_owned()))
}

fn person(name: &Name) -> Option<Person> {
    match name {
        // The family name whole, particles included: APA then writes "van Beethoven, L."
        // (hayagriva's own parse demotes the particle: "Beethoven, L. van.").
        Name::Person { family, given, suffix } => Some(Person {
            name: family.clone(),
            given_name: given.as_deref().map(capitalise_hyphenated),
            prefix: None,
            suffix: suffix.clone(),
            comma_suffix: false,
            alias: None,
        }),
        Name::Literal(literal) => {
            Some(Person { name: literal.clone(), given_name: None, prefix: None, suffix: None, comma_suffix: false, alias: None })
        }
        Name::Others => None,
    }
}

/// Both styles write given names as initials, and hayagriva keeps a lower-case part after a
/// hyphen whole ("Eun-ji" → "E.-ji"): capitalised, it becomes "E.-J." as APA and IEEE write it.
fn capitalise_hyphenated(given: &str) -> String {
    let mut out = String::with_capacity(given.len());
    let mut after_hyphen = false;
    for c in given.chars() {
        if after_hyphen {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
        after_hyphen = c == '-';
    }
    out
}

/// Renders one entry as the style's bibliography item in the CSL locale of `lang`, written as
/// escaped HTML.
fn render(entry: &Entry, style: &IndependentStyle, which: Which, names: &[Name], lang: &str) -> String {
    let locale = csl_locale(lang);
    let mut driver = BibliographyDriver::new();
    let items = vec![CitationItem::with_entry(entry)];
    driver.citation(CitationRequest::new(items, style, Some(locale.clone()), &LOCALES, None));
    let rendered = driver.finish(BibliographyRequest { style, locale: Some(locale), locale_files: &LOCALES });
    let Some(item) = rendered.bibliography.and_then(|b| b.items.into_iter().next()) else {
        return String::new();
    };
    // IEEE's "[1]" (the first field) is left out: the Cite section shows one reference.
    let mut html = String::new();
    let mut names_done = false;
    write_children(&mut html, &item.content.0, which, names, &mut names_done);
    let html = tidy(&html);
    // APA capitalises the first letter of the parenthesised number; arXiv's name keeps its
    // lower-case "a" ("(arXiv:2401.01234)" in APA's own examples).
    if which == Which::Apa { html.replace("(ArXiv:", "(arXiv:") } else { html }
}

/// hayagriva leaves a double space where an empty group was (IEEE, before the year).
fn tidy(html: &str) -> String {
    let mut out = html.trim().to_owned();
    while out.contains("  ") {
        out = out.replace("  ", " ");
    }
    out
}

/// The children of one element in order. hayagriva writes the delimiter of APA's date group
/// before a month the record does not have: the text after the year then starts `,)` ("(2015,).").
/// A date never ends in a comma, so that comma is left out.
fn write_children(out: &mut String, children: &[ElemChild], which: Which, names: &[Name], names_done: &mut bool) {
    let mut after_date = false;
    for child in children {
        match child {
            ElemChild::Text(text) if after_date && text.text.starts_with(",)") => write_text(out, &text.text[1..], &text.formatting),
            child => write_child(out, child, which, names, names_done),
        }
        after_date = matches!(child, ElemChild::Elem(Elem { meta: Some(ElemMeta::Date), .. }));
    }
}

fn write_child(out: &mut String, child: &ElemChild, which: Which, names: &[Name], names_done: &mut bool) {
    match child {
        ElemChild::Text(text) => write_text(out, &text.text, &text.formatting),
        ElemChild::Elem(elem) => write_elem(out, elem, which, names, names_done),
        // Typst markup (math chunks): shown as the owner typed it.
        ElemChild::Markup(markup) => out.push_str(&escape(markup)),
        ElemChild::Link { text, url } => {
            if url.starts_with("https://doi.org/") {
                let _ = write!(out, "<a href=\"{}\">", escape_attribute(url));
                write_text(out, &text.text, &text.formatting);
                out.push_str("</a>");
            } else {
                write_text(out, &text.text, &text.formatting);
            }
        }
        ElemChild::Transparent { .. } => {}
    }
}

fn write_elem(out: &mut String, elem: &Elem, which: Which, names: &[Name], names_done: &mut bool) {
    let is_authors = matches!(&elem.meta, Some(ElemMeta::Names(vars)) if vars.iter().any(|(_, var)| *var == NameVariable::Author));
    if is_authors && !*names_done {
        *names_done = true;
        if let Some(fixed) = author_names(which, names) {
            out.push_str(&fixed);
            return;
        }
    }
    write_children(out, &elem.children.0, which, names, names_done);
}

fn write_text(out: &mut String, text: &str, formatting: &hayagriva::Formatting) {
    let mut close = Vec::new();
    if formatting.font_style == FontStyle::Italic {
        out.push_str("<i>");
        close.push("</i>");
    }
    if formatting.font_weight == FontWeight::Bold {
        out.push_str("<b>");
        close.push("</b>");
    }
    match formatting.vertical_align {
        VerticalAlign::Sup => {
            out.push_str("<sup>");
            close.push("</sup>");
        }
        VerticalAlign::Sub => {
            out.push_str("<sub>");
            close.push("</sub>");
        }
        _ => {}
    }
    out.push_str(&escape(text));
    for tag in close.iter().rev() {
        out.push_str(tag);
    }
}

/// The author list, as HTML, written here when the list ends with "others": hayagriva would
/// print a person called "others". `None` keeps hayagriva's rendering, which is right for
/// long lists (IEEE: one name and "et al." beyond six; APA: nineteen, "…", the last).
fn author_names(which: Which, names: &[Name]) -> Option<String> {
    if !names.contains(&Name::Others) {
        return None;
    }
    let people: Vec<Person> = names.iter().filter_map(person).collect();
    Some(match which {
        // IEEE's own rule when the named list is long anyway; otherwise every name given,
        // then "et al." in italics as the style writes it.
        Which::Ieee => {
            let shown = if people.len() > 6 { &people[..1] } else { &people[..] };
            let list: Vec<String> = shown.iter().map(|p| escape(&p.given_first(true))).collect();
            if list.is_empty() { "<i>et al.</i>".to_owned() } else { format!("{} <i>et al.</i>", list.join(", ")) }
        }
        // The style puts its own full stop after the names.
        Which::Apa => {
            let list: Vec<String> = people.iter().map(|p| escape(&p.name_first(true, false))).collect();
            format!("{}, et al", list.join(", "))
        }
    })
}

/// HTML escaping for text and double-quoted attribute values (the quote only matters in
/// the latter; leaving it in text keeps the output what an HTML serialiser would write).
pub(super) fn escape(text: &str) -> String {
    escape_with(text, false)
}

fn escape_attribute(text: &str) -> String {
    escape_with(text, true)
}

fn escape_with(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}
