//! A paper's BibTeX entry: the stored one when the paper was imported (its text kept: a parse
//! and re-print would lose its LaTeX), otherwise written from the fields. Either way the entry
//! stands alone: it carries the citation key the export gives it (unique in the site, see
//! `keys`), names no `@string` macro a reader would not have (a stored entry from before macros
//! were written out at import gets the paper's own venue and publisher for them) and no
//! `crossref` to an entry that is not there.
//!
//! A written entry's text fields are TeX that LaTeX reads and whose braces balance however a
//! reader counts them (BibTeX counts `\{` as a brace, the biblatex crate and bibtexparser skip
//! it): see [`tex`]. A stored entry whose braces do not balance for all of them is not
//! exported; the one written from the fields is, so one paper never makes the whole list
//! unreadable.

use std::fmt::Write as _;
use std::ops::Range;

use biblatex::{RawBibliography, RawChunk};

use unicode_normalization::UnicodeNormalization;

use super::names::{Name, parse_all};
use super::{arxiv_id, is_arxiv};
use crate::content::publications::{Model, PublicationKind};
use crate::rules::math;

/// al-folio's field for the papers its home page shows: a featured paper carries it, and the
/// import reads it back as featured (`crate::import::bibtex`).
const SELECTED: &str = "selected";

const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/// Title words too common to name a citation key.
const STOP_WORDS: &[&str] = &["a", "an", "the", "on", "of", "in", "for", "and", "to", "with", "towards", "toward", "from", "at", "by"];

/// The paper's BibTeX entry, under the citation key `key`.
pub fn bibtex(p: &Model, key: &str) -> String {
    if let Some(stored) = p.bibtex.as_deref().filter(|b| !b.trim().is_empty() && braces_balance(b))
        && let Some(entry) = stored_entry(stored, p, key)
    {
        return entry;
    }
    let names = parse_all(&p.authors.0);
    let arxiv = p.kind == PublicationKind::Preprint && is_arxiv(&p.venue, p.url.as_deref());
    let entry_type = match p.kind {
        PublicationKind::JournalArticle => "article",
        PublicationKind::ConferencePaper => "inproceedings",
        PublicationKind::Book => "book",
        PublicationKind::BookChapter => "incollection",
        PublicationKind::Thesis => "phdthesis",
        PublicationKind::Report => "techreport",
        PublicationKind::Preprint | PublicationKind::Other => "misc",
    };

    // A paper imported without authors has no author field (an edited volume's entry has none).
    let mut fields: Vec<(&str, String)> = Vec::new();
    if !names.is_empty() {
        fields.push(("author", braced(&names.iter().map(author).collect::<Vec<_>>().join(" and "))));
    }
    fields.push(("title", braced(&tex(&p.title))));
    let venue = braced(&tex(&p.venue));
    match p.kind {
        PublicationKind::JournalArticle => fields.push(("journal", venue)),
        PublicationKind::ConferencePaper | PublicationKind::BookChapter => fields.push(("booktitle", venue)),
        PublicationKind::Thesis => fields.push(("school", venue)),
        PublicationKind::Report => fields.push(("institution", venue)),
        PublicationKind::Book if p.publisher.is_none() => fields.push(("publisher", venue)),
        // A book's venue, when it has a publisher too, is its series.
        PublicationKind::Book if p.venue != p.publisher.as_deref().unwrap_or_default() => fields.push(("series", venue)),
        PublicationKind::Book => {}
        PublicationKind::Preprint if arxiv => {}
        PublicationKind::Preprint | PublicationKind::Other => fields.push(("howpublished", venue)),
    }
    if let Some(year) = p.year {
        fields.push(("year", year.to_string()));
    }
    if let Some(month) = p.month.filter(|m| (1..=12).contains(m)) {
        // The macro, not a string: styles then print the month in their own language.
        fields.push(("month", MONTHS[month as usize - 1].to_owned()));
    }
    let optional = [
        ("volume", p.volume.clone()),
        ("number", p.issue.clone()),
        ("pages", p.pages.as_deref().map(page_range)),
        ("publisher", p.publisher.clone()),
    ];
    for (name, value) in optional {
        if let Some(value) = value {
            fields.push((name, braced(&tex(&value))));
        }
    }
    if arxiv && let Some(id) = arxiv_id(&p.venue, p.url.as_deref()) {
        fields.push(("eprint", braced(&verbatim(&id))));
        fields.push(("archiveprefix", "{arXiv}".to_owned()));
    }
    // DOI and URL are verbatim fields (biblatex, the url package): escaping would break them.
    if let Some(doi) = &p.doi {
        fields.push(("doi", braced(&verbatim(doi))));
    }
    if let Some(url) = &p.url {
        fields.push(("url", braced(&verbatim(url))));
    }
    if p.featured {
        fields.push((SELECTED, "{true}".to_owned()));
    }

    let mut out = format!("@{entry_type}{{{key},\n");
    let width = fields.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    let last = fields.len() - 1;
    for (i, (name, value)) in fields.iter().enumerate() {
        let _ = writeln!(out, "  {name:<width$} = {value}{}", if i < last { "," } else { "" });
    }
    out.push('}');
    out.push('\n');
    out
}

fn braced(text: &str) -> String {
    format!("{{{text}}}")
}

/// A citation key like `doe2024sidechannels`: the first author's family name, the year and
/// the title's first significant word, in ASCII.
pub fn derived_key(p: &Model) -> String {
    let names = parse_all(&p.authors.0);
    let author = match names.first() {
        Some(Name::Person { family, .. }) => family.split(' ').next_back().unwrap_or_default().to_owned(),
        Some(Name::Literal(literal)) => literal.clone(),
        Some(Name::Others) | None => String::new(),
    };
    let word = p
        .title
        .split(|c: char| c.is_whitespace() || c == ':' || c == '$')
        .map(ascii_word)
        .find(|w| !w.is_empty() && !STOP_WORDS.contains(&w.as_str()))
        .unwrap_or_default();
    let author = ascii_word(&author);
    let year = p.year.map(|year| year.to_string()).unwrap_or_default();
    format!("{}{year}{word}", if author.is_empty() { "anon" } else { &author })
}

/// Lower-case ASCII letters and digits only; accents are dropped ("Ångström" → "angstrom").
fn ascii_word(text: &str) -> String {
    text.nfd().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// One author as BibTeX reads it: "Family, Given" always parses the same way, whatever the
/// particles; a name that cannot be split is braced so BibTeX takes it whole.
fn author(name: &Name) -> String {
    match name {
        Name::Person { family, given, suffix } => {
            let mut out = tex(family);
            if let Some(suffix) = suffix {
                let _ = write!(out, ", {}", tex(suffix));
            }
            if let Some(given) = given {
                let _ = write!(out, ", {}", tex(given));
            }
            out
        }
        Name::Literal(literal) if literal.contains(' ') => braced(&tex(literal)),
        Name::Literal(literal) => tex(literal),
        Name::Others => "others".to_owned(),
    }
}

/// "12-34" and "12–34" become BibTeX's "12--34".
fn page_range(pages: &str) -> String {
    let pages = pages.replace(['–', '—'], "-");
    if pages.contains("--") { pages } else { pages.replace('-', "--") }
}

/// A text field as LaTeX reads it. Each formula the pages draw (`$…$`, `\(…\)`, `$$…$$`,
/// `\[…\]`, see `crate::rules::math`) is written as math, `$…$` (`$$…$$` when displayed), when
/// it can be ([`writes_as_math`]); everything else is escaped so it prints as typed, broken TeX
/// included. A brace of the text that has its partner is written `\{`…`\}`; one that has none
/// as `\textbraceleft{}` or `\textbraceright{}`, since BibTeX counts `\{` as a brace and one
/// alone would end the field elsewhere.
fn tex(text: &str) -> String {
    enum Part<'a> {
        Prose(String),
        Math(&'a str, bool),
    }
    let parts: Vec<Part> = math::pieces(text)
        .into_iter()
        .map(|piece| match piece {
            math::Piece::Text(prose) => Part::Prose(prose),
            math::Piece::Math { tex, display, .. } if writes_as_math(tex) => Part::Math(tex, display),
            // Shown as typed on the pages too.
            math::Piece::Math { source, .. } => Part::Prose(source.to_owned()),
        })
        .collect();
    // Which braces of the prose have a partner: across the formulas, which balance alone.
    let prose = || parts.iter().filter_map(|part| if let Part::Prose(prose) = part { Some(prose.chars()) } else { None }).flatten();
    let mut paired = vec![false; prose().count()];
    let mut open = Vec::new();
    for (i, c) in prose().enumerate() {
        match c {
            '{' => open.push(i),
            '}' => {
                if let Some(j) = open.pop() {
                    paired[i] = true;
                    paired[j] = true;
                }
            }
            _ => {}
        }
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut paired = paired.into_iter();
    for part in &parts {
        match part {
            Part::Math(formula, display) => {
                if out.ends_with('$') {
                    // Two formulas in a row: `$a$$b$` would read as a `$$`.
                    out.push_str("{}");
                }
                let dollars = if *display { "$$" } else { "$" };
                let _ = write!(out, "{dollars}{}{dollars}", formula.replace(['\n', '\r'], " "));
            }
            Part::Prose(prose) => {
                for c in prose.chars() {
                    let has_partner = paired.next().unwrap_or(false);
                    match c {
                        '{' | '}' if !has_partner => out.push_str(if c == '{' { "\\textbraceleft{}" } else { "\\textbraceright{}" }),
                        '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                            out.push('\\');
                            out.push(c);
                        }
                        '~' => out.push_str("\\textasciitilde{}"),
                        '^' => out.push_str("\\textasciicircum{}"),
                        '\\' => out.push_str("\\textbackslash{}"),
                        // A field is one line in the file.
                        '\n' | '\r' => out.push(' '),
                        _ => out.push(c),
                    }
                }
            }
        }
    }
    out
}

/// Whether a formula can be written as math: LaTeX reads it to its closing `$` (no `$` inside,
/// no `%` that would hide the rest of the line, no `#`, no backslash escaping the dollar) and
/// its braces balance however a reader counts them. Otherwise it is broken TeX, written as the
/// text it is; the import reads it back as the same formula (`crate::import::bibtex`).
pub fn writes_as_math(formula: &str) -> bool {
    let mut backslashes = 0;
    for c in formula.chars() {
        if c == '$' || (matches!(c, '%' | '#') && backslashes % 2 == 0) {
            return false;
        }
        backslashes = if c == '\\' { backslashes + 1 } else { 0 };
    }
    backslashes % 2 == 0 && braces_balance(formula)
}

/// Whether the braces of `text` balance as each reader counts them: BibTeX counts every brace,
/// the biblatex crate skips the character after a backslash, bibtexparser a brace right after
/// one. An entry or value that passes is read the same by all three.
fn braces_balance(text: &str) -> bool {
    let (mut every, mut escapes_skipped, mut after_backslash_skipped) = (0i64, 0i64, 0i64);
    let mut previous = ' ';
    let mut escaped = false;
    for c in text.chars() {
        let step = match c {
            '{' => 1,
            '}' => -1,
            _ => 0,
        };
        every += step;
        if previous != '\\' {
            after_backslash_skipped += step;
        }
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else {
            escapes_skipped += step;
        }
        if every < 0 || escapes_skipped < 0 || after_backslash_skipped < 0 {
            return false;
        }
        previous = c;
    }
    every == 0 && escapes_skipped == 0 && after_backslash_skipped == 0
}

/// A verbatim field (DOI, URL, eprint) only needs balanced braces: a stray brace would end
/// the field, and so would a backslash before the closing one for the readers that take it as
/// an escape, so braces and backslashes are percent-encoded (they are not valid in URLs anyway).
fn verbatim(text: &str) -> String {
    text.replace('{', "%7B").replace('}', "%7D").replace('\\', "%5C").replace(['\n', '\r'], "")
}

/// One piece of a field's value as the file writes it: braced or quoted text, or a macro name.
#[derive(Clone, Copy, Debug)]
pub enum Piece<'a> {
    Text(&'a str),
    Macro(&'a str),
}

/// A single entry's text with its key replaced by `key` (when given), every field that names a
/// macro written out as one braced value (`expand` gives the value from the field's name and
/// pieces; a field that is only a month macro stays, every style defines those), its
/// `crossref`, the fields named in `drop` and any repeated field removed, and the fields of
/// `add` that it lacks appended. `None` when the text is not one readable entry.
pub fn rewrite_entry(
    text: &str,
    key: Option<&str>,
    expand: &dyn Fn(&str, &[Piece]) -> String,
    drop: &[&str],
    add: &[(&str, String)],
) -> Option<String> {
    let raw = RawBibliography::parse(text).ok()?;
    let [entry] = &raw.entries[..] else { return None };
    if let Some(without) = without_extra_fields(text, &entry.v, drop) {
        // Read again: every span below is of the text without them (and it has none now).
        return rewrite_entry(&without, key, expand, drop, add);
    }
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    if let Some(key) = key {
        edits.push((entry.v.key.span.clone(), key.to_owned()));
    }
    for pair in &entry.v.fields {
        let name = pair.key.v.to_ascii_lowercase();
        let pieces: Vec<Piece> = pair
            .value
            .v
            .iter()
            .map(|chunk| match chunk.v {
                RawChunk::Normal(text) => Piece::Text(text),
                RawChunk::Abbreviation(name) => Piece::Macro(name),
            })
            .collect();
        let only_a_month = matches!(pieces[..], [Piece::Macro(m)] if MONTHS.contains(&m.to_ascii_lowercase().as_str()));
        if only_a_month || !pieces.iter().any(|p| matches!(p, Piece::Macro(_))) {
            continue;
        }
        let span = &pair.value.span;
        let end = span.start + text[span.clone()].trim_end().len();
        edits.push((span.start..end, braced(&expand(&name, &pieces))));
    }
    let present: Vec<String> = entry.v.fields.iter().map(|pair| pair.key.v.to_ascii_lowercase()).collect();
    let missing: Vec<String> = add
        .iter()
        .filter(|(name, _)| !present.iter().any(|p| p == name))
        .map(|(name, value)| format!("  {name} = {}", braced(value)))
        .collect();
    if !missing.is_empty() {
        // Before the entry's closing brace, after its last field.
        let close = text.rfind(['}', ')'])?;
        let last = text[..close].trim_end();
        let separator = if last.ends_with(',') { "\n" } else { ",\n" };
        edits.push((last.len()..last.len(), format!("{separator}{}", missing.join(",\n"))));
    }
    edits.sort_by_key(|(range, _)| std::cmp::Reverse(range.start));
    let mut out = text.to_owned();
    for (range, replacement) in edits {
        out.replace_range(range, &replacement);
    }
    Some(out)
}

/// A stored entry as an export writes it: under `key`, and any macro it names (an entry stored
/// before macros were written out at import) taken from the paper's fields where there is one
/// (the venue fields, `publisher`), else the macro's name as text.
fn stored_entry(stored: &str, p: &Model, key: &str) -> Option<String> {
    let venue_field = |name: &str| {
        matches!(name, "journal" | "journaltitle" | "booktitle" | "school" | "institution" | "organization" | "howpublished" | "series")
    };
    let expand = |name: &str, pieces: &[Piece]| -> String {
        if venue_field(name) && !p.venue.is_empty() {
            return tex(&p.venue);
        }
        if name == "publisher"
            && let Some(publisher) = &p.publisher
        {
            return tex(publisher);
        }
        pieces
            .iter()
            .map(|piece| match piece {
                Piece::Text(t) | Piece::Macro(t) => *t,
            })
            .collect()
    };
    let venue_name = match p.kind {
        PublicationKind::JournalArticle => "journal",
        PublicationKind::ConferencePaper | PublicationKind::BookChapter => "booktitle",
        _ => "howpublished",
    };
    // An entry that pointed at its proceedings with `crossref` gets the venue itself.
    let crossref = stored.to_ascii_lowercase().contains("crossref");
    let mut add = if crossref && !p.venue.is_empty() { vec![(venue_name, tex(&p.venue))] } else { Vec::new() };
    // Whether the paper is featured is the owner's choice now, not the imported file's: the
    // stored `selected` goes, and a featured paper gets it.
    if p.featured {
        add.push((SELECTED, "true".to_owned()));
    }
    rewrite_entry(stored, Some(key), &expand, &[SELECTED], &add)
}

/// The entry's text without its `crossref` fields, the fields named in `drop` and a field's
/// repeats (BibTeX reads the first and warns; biber and bibtexparser refuse the entry), its
/// other fields one a line; `None` when there is nothing to take out.
fn without_extra_fields(text: &str, entry: &biblatex::RawEntry, drop: &[&str]) -> Option<String> {
    let mut seen = std::collections::HashSet::new();
    let keep: Vec<bool> = entry
        .fields
        .iter()
        .map(|pair| {
            let name = pair.key.v.to_ascii_lowercase();
            name != "crossref" && !drop.contains(&name.as_str()) && seen.insert(name)
        })
        .collect();
    if keep.iter().all(|k| *k) {
        return None;
    }
    let first = entry.fields.first()?.key.span.start;
    let close = text.rfind(['}', ')'])?;
    let kept: Vec<&str> = entry
        .fields
        .iter()
        .zip(&keep)
        .filter(|(_, keep)| **keep)
        .map(|(pair, _)| text[pair.key.span.start..pair.value.span.end].trim_end())
        .collect();
    Some(format!("{}{}\n{}", &text[..first], kept.join(",\n  "), &text[close..]))
}
