//! Reading a .bib file as researchers really have them: split into top-level entries by brace
//! matching first (so one broken entry fails alone, with its line), the file's `@string`
//! macros expanded once (`macros`), then each entry parsed by the `biblatex` crate with its
//! macros already written out, then mapped to a publication.
//!
//! Nothing here recurses on the input: the splitter is a loop over bytes with a depth counter
//! (an entry nesting braces deeper than [`MAX_DEPTH`] is refused before the parser, which does
//! recurse, sees it), and the macros are resolved with a stack of their own. The work is linear
//! in the file, bounded by the expansion budget, and stops when [`Stop`] says so (the time
//! limit passed, or the client went away).

mod latex;
mod macros;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use biblatex::{Bibliography, Chunk, ChunksRef, Person, RawBibliography, RawChunk};
use unicode_normalization::UnicodeNormalization;

use crate::citations::{Piece, rewrite_entry};
use crate::content::publications::PublicationKind;
use macros::{Budget, Macros, Meaning};

/// Deeper brace nesting than any real entry has: refused without parsing.
const MAX_DEPTH: usize = 64;

/// One top-level `@type{…}` block of the file.
#[derive(Debug)]
struct Block<'a> {
    /// Lower-case entry type (`article`, `string`, `comment`, …).
    kind: String,
    /// The block's text, `@` to the closing brace.
    text: &'a str,
    /// 1-based line of its `@`.
    line: usize,
    /// Why the block cannot be read, found while splitting.
    fault: Option<&'static str>,
}

/// One entry of the file as read: its place, its key, its raw text and what it maps to.
/// Works found by their DOI or in an ORCID record come as entries too (`crate::scholarly`),
/// with their agency's BibTeX as the text, or none.
#[derive(Clone, Debug)]
pub struct RawEntry {
    pub line: usize,
    pub key: Option<String>,
    pub text: String,
    /// What the reader noticed but did not refuse: an undefined macro kept as its word.
    pub warnings: Vec<String>,
    pub mapped: Result<Mapped, String>,
}

/// The publication an entry describes, before it is checked against the store; the preview
/// shows it as it is.
#[derive(Clone, Debug, PartialEq, serde::Serialize, ts_rs::TS)]
#[ts(rename = "ImportedPublication")]
pub struct Mapped {
    pub title: String,
    pub authors: Vec<String>,
    pub kind: PublicationKind,
    pub venue: String,
    /// None when the entry names no year ("submitted", a manual): the paper is stored undated.
    /// A work read from ORCID or a DOI agency without a date has 0, which the year rule
    /// refuses, so the owner gives it one in the preview (`PreviewEntry::needs_year`).
    pub year: Option<i32>,
    pub month: Option<i32>,
    pub volume: Option<String>,
    pub issue: Option<String>,
    pub pages: Option<String>,
    pub publisher: Option<String>,
    pub doi: Option<String>,
    pub url: Option<String>,
    pub pdf_url: Option<String>,
    pub r#abstract: Option<String>,
    /// Shown on the home page: al-folio's `selected = {true}`.
    pub featured: bool,
}

/// Reading stopped before the end: the time limit passed or the request was given up.
#[derive(Debug, PartialEq, Eq)]
pub struct Stopped;

/// When reading must stop: a deadline, and a flag the request's side sets when its client
/// leaves.
#[derive(Clone)]
pub struct Stop {
    deadline: Instant,
    cancelled: Arc<AtomicBool>,
}

impl Stop {
    pub fn new(deadline: Instant, cancelled: Arc<AtomicBool>) -> Self {
        Stop { deadline, cancelled }
    }

    fn check(&self) -> Result<(), Stopped> {
        if self.cancelled.load(Ordering::Relaxed) || Instant::now() >= self.deadline { Err(Stopped) } else { Ok(()) }
    }
}

/// Every entry of `text` (not `@string`, `@comment` or `@preamble`), in file order.
pub fn read(text: &str, stop: &Stop) -> Result<Vec<RawEntry>, Stopped> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let blocks = split(text);
    stop.check()?;
    // The macros first, each entry remembering how many were defined before it.
    let mut macros = Macros::default();
    let mut entries = Vec::new();
    for block in &blocks {
        match block.kind.as_str() {
            "comment" | "preamble" => {}
            "string" => {
                if block.fault.is_none() {
                    macros.define(&dotless_to_plain(block.text), block.line);
                }
            }
            _ => entries.push((block, macros.position())),
        }
    }
    let mut budget = Budget::for_file(text.len());
    macros.resolve(&mut budget, stop)?;
    let mut file = File { macros, by_key: HashMap::new(), parents: HashMap::new() };
    for (index, (block, _)) in entries.iter().enumerate() {
        if block.fault.is_none()
            && let Some(key) = entry_key(block.text)
        {
            file.by_key.entry(key.to_lowercase()).or_insert(index);
        }
    }
    let mut read = Vec::with_capacity(entries.len());
    for (block, position) in &entries {
        stop.check()?;
        read.push(read_entry(block, &mut file, &entries, *position, &mut budget));
    }
    Ok(read)
}

/// What every entry of a file may draw on: its macros, and the entries others name in a
/// `crossref` (each read once, its fields kept with their macros written out).
struct File {
    macros: Macros,
    /// Lower-case key → index among the entries.
    by_key: HashMap<String, usize>,
    parents: HashMap<usize, Result<Vec<(String, String)>, String>>,
}

impl File {
    /// The fields of the entry `key` names, as `name = value` pairs; read the first time asked.
    fn parent(&mut self, key: &str, entries: &[(&Block, usize)], budget: &mut Budget) -> Option<&Result<Vec<(String, String)>, String>> {
        let index = *self.by_key.get(&key.to_lowercase())?;
        if !self.parents.contains_key(&index) {
            let (block, position) = entries[index];
            let mut warnings = Vec::new();
            let fields = raw_fields(block.text, block.line, &self.macros, position, budget, &mut warnings).map(|(_, fields)| fields);
            self.parents.insert(index, fields);
        }
        self.parents.get(&index)
    }
}

fn read_entry(block: &Block, file: &mut File, entries: &[(&Block, usize)], position: usize, budget: &mut Budget) -> RawEntry {
    let key = entry_key(block.text);
    let mut warnings = Vec::new();
    let mut text = block.text.replace("\r\n", "\n");
    let mapped = match block.fault {
        Some(fault) => Err(fault.to_owned()),
        None => parse(block.text, block.line, file, entries, position, budget, &mut warnings).and_then(|(entry, inherited)| {
            // What is stored and exported: the entry with its macros written out and what
            // it takes from its `crossref` added, so it stands alone.
            let expand = |_: &str, pieces: &[Piece]| -> String {
                pieces
                    .iter()
                    .map(|piece| match piece {
                        Piece::Text(t) => (*t).to_owned(),
                        Piece::Macro(name) => match file.macros.meaning(name, position) {
                            Meaning::Text(t) => t.to_owned(),
                            _ => (*name).to_owned(),
                        },
                    })
                    .collect()
            };
            let add: Vec<(&str, String)> = inherited.iter().map(|(name, value)| (name.as_str(), value.clone())).collect();
            if let Some(standing_alone) = rewrite_entry(&text, None, &expand, &[], &add) {
                text = standing_alone;
            }
            map(&entry)
        }),
    };
    RawEntry { line: block.line, key, text, warnings, mapped }
}

/// The citation key as written, for the preview (even when the entry does not parse).
fn entry_key(text: &str) -> Option<String> {
    let open = text.find(['{', '('])?;
    let rest = &text[open + 1..];
    let end = rest.find([',', '\n', '}']).unwrap_or(rest.len());
    let key = rest[..end].trim();
    (!key.is_empty()).then(|| key.to_owned())
}

/// An entry's type and fields with its macro names replaced by their text, as owned pairs.
fn raw_fields(
    text: &str,
    first_line: usize,
    macros: &Macros,
    position: usize,
    budget: &mut Budget,
    warnings: &mut Vec<String>,
) -> Result<(String, Vec<(String, String)>), String> {
    let source = dotless_to_plain(text);
    let raw = RawBibliography::parse(&source).map_err(|e| format!("Not valid BibTeX: {}", describe_parse_error(&e)))?;
    let entry = raw.entries.into_iter().next_back().ok_or_else(|| "Not valid BibTeX: no entry could be read".to_owned())?;
    let mut fields: Vec<(String, String)> = Vec::with_capacity(entry.v.fields.len());
    let mut seen = std::collections::HashSet::new();
    for pair in &entry.v.fields {
        let name = pair.key.v.to_ascii_lowercase();
        if !seen.insert(name.clone()) {
            // As BibTeX: the first of a repeated field counts.
            warnings.push(format!("The field {name} is given twice: the first is kept"));
            continue;
        }
        let mut value = String::new();
        for chunk in &pair.value.v {
            match chunk.v {
                RawChunk::Normal(text) => value.push_str(text),
                RawChunk::Abbreviation(name) => match macros.meaning(name, position) {
                    Meaning::Text(expanded) => {
                        budget.spend(expanded.len())?;
                        value.push_str(expanded);
                    }
                    Meaning::Failed(reason) => return Err(format!("Uses the @string macro {name}: {reason}")),
                    // Written out in full: a month inside a longer value (`jul # "~10"`).
                    Meaning::Month => value.push_str(month_name(name)),
                    Meaning::Undefined => {
                        let line = first_line + source[..chunk.span.start.min(source.len())].matches('\n').count();
                        warnings.push(format!("Line {line}: {name} is no @string macro of the file: kept as the text \"{name}\""));
                        value.push_str(name);
                    }
                },
            }
            if value.len() > macros::MAX_VALUE {
                return Err(format!(
                    "The field {} is longer than {} KB with its @string macros written out",
                    pair.key.v,
                    macros::MAX_VALUE / 1024
                ));
            }
        }
        fields.push((name, value));
    }
    Ok((entry.v.kind.v.to_owned(), fields))
}

/// One entry: its fields with macros written out, the fields it takes from the entry its
/// `crossref` names (when that is in the file: the fields it lacks, the parent's `title` as
/// its `booktitle`), parsed by the crate. Returns the entry and what it inherited.
fn parse(
    text: &str,
    line: usize,
    file: &mut File,
    entries: &[(&Block, usize)],
    position: usize,
    budget: &mut Budget,
    warnings: &mut Vec<String>,
) -> Result<(biblatex::Entry, Vec<(String, String)>), String> {
    let (kind, mut fields) = raw_fields(text, line, &file.macros, position, budget, warnings)?;
    let key = entry_key(text).unwrap_or_default();
    let mut inherited = Vec::new();
    let crossref = fields.iter().find(|(name, _)| name == "crossref").map(|(_, value)| value.trim().to_owned());
    if let Some(Ok(parent)) = crossref.filter(|c| !c.eq_ignore_ascii_case(&key)).and_then(|c| file.parent(&c, entries, budget)) {
        let mut present: std::collections::HashSet<String> = fields.iter().map(|(name, _)| name.clone()).collect();
        let mut take = |name: &str, value: &str| -> Result<(), String> {
            if name != "crossref" && present.insert(name.to_owned()) {
                budget.spend(value.len())?;
                inherited.push((name.to_owned(), value.to_owned()));
            }
            Ok(())
        };
        for (name, value) in parent {
            take(name, value)?;
        }
        // A paper in proceedings: the proceedings' title is where it appeared.
        if let Some((_, title)) = parent.iter().find(|(name, _)| name == "title") {
            take("booktitle", title)?;
        }
    }
    fields.retain(|(name, _)| name != "crossref");
    fields.extend(inherited.iter().cloned());
    // Every value braced, so the crate reads it as it is (no macro is left to resolve).
    let mut source = format!("@{kind}{{{key},\n");
    for (name, value) in &fields {
        let value = match name.as_str() {
            "journal" | "journaltitle" | "booktitle" => latex::journal_macro(value).map_or_else(|| latex::decode(value), str::to_owned),
            _ => latex::decode(value),
        };
        source.push_str(&format!("{name} = {{{value}}},\n"));
    }
    source.push('}');
    let bibliography = Bibliography::parse(&source).map_err(|e| format!("Not valid BibTeX: {}", describe_parse_error(&e)))?;
    let entry = bibliography.into_vec().into_iter().next_back().ok_or_else(|| "Not valid BibTeX: no entry could be read".to_owned())?;
    Ok((entry, inherited))
}

fn month_name(abbreviation: &str) -> &'static str {
    const NAMES: [&str; 12] =
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    const SHORT: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    SHORT.iter().position(|m| m.eq_ignore_ascii_case(abbreviation)).map_or("", |i| NAMES[i])
}

/// `\i` and `\j` (dotless) as the parser does not know them: under an accent (`{\"\i}`,
/// `\'{\i}`) the plain letter, which Unicode accents (ï); alone (`Y{\i}ld{\i}z`) the dotless
/// letter itself (ı).
fn dotless_to_plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('i') | Some('j')) {
            let letter = chars.next().unwrap_or('i');
            if chars.peek().is_some_and(|n| n.is_ascii_alphabetic()) {
                // A longer command (`\item`, `\jmath`): leave it.
                out.push(c);
                out.push(letter);
                continue;
            }
            if chars.peek() == Some(&' ') {
                chars.next();
            }
            let accented = out.trim_end_matches(['{', ' ']).ends_with(|c: char| "\"'`^~=.uvHc".contains(c))
                && out.trim_end_matches(['{', ' ']).chars().rev().nth(1) == Some('\\');
            out.push(match (letter, accented) {
                ('i', false) => 'ı',
                ('j', false) => 'ȷ',
                (plain, _) => plain,
            });
            continue;
        }
        out.push(c);
    }
    out
}

fn describe_parse_error(error: &biblatex::ParseError) -> String {
    // The crate's messages are short ("expected comma"); the kind is what helps.
    error.kind.to_string()
}

/// Splits the file into `@…` blocks. Text between blocks is ignored, as BibTeX does.
fn split(text: &str) -> Vec<Block<'_>> {
    let bytes = text.as_bytes();
    let mut blocks = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < bytes.len() {
        if bytes[i] == b'\n' {
            line += 1;
        }
        if bytes[i] != b'@' {
            i += 1;
            continue;
        }
        let start = i;
        let start_line = line;
        let mut j = i + 1;
        while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_' || bytes[j] == b'-') {
            j += 1;
        }
        let kind = text[i + 1..j].to_ascii_lowercase();
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            if bytes[j] == b'\n' {
                line += 1;
            }
            j += 1;
        }
        if kind.is_empty() || j >= bytes.len() || (bytes[j] != b'{' && bytes[j] != b'(') {
            // A stray "@" (an e-mail address in a comment): not a block.
            i = j.max(i + 1);
            continue;
        }
        let close = if bytes[j] == b'{' { b'}' } else { b')' };
        let (end, fault, lines) = block_end(bytes, j, close);
        line += lines;
        blocks.push(Block { kind, text: &text[start..end], line: start_line, fault });
        i = end;
    }
    blocks
}

/// Where the block opened at `open` ends, why it is broken if it is, and how many line breaks
/// it spans. A block whose braces never balance ends where a line starts with the next
/// `@type{`, so the entries after it are still read.
fn block_end(bytes: &[u8], open: usize, close: u8) -> (usize, Option<&'static str>, usize) {
    let mut depth = 0usize;
    let mut deepest = 0usize;
    let mut lines = 0;
    let mut k = open;
    while k < bytes.len() {
        match bytes[k] {
            b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' if depth > 0 => {
                depth -= 1;
                if depth == 0 && close == b'}' {
                    return (k + 1, nesting_fault(deepest), lines);
                }
            }
            b')' if depth == 1 && close == b')' => return (k + 1, nesting_fault(deepest), lines),
            b'\n' => {
                lines += 1;
                if starts_block(&bytes[k + 1..]) {
                    return (k + 1, Some("Unbalanced braces: the entry ends before its braces close"), lines);
                }
            }
            _ => {}
        }
        k += 1;
    }
    (bytes.len(), Some("Unbalanced braces: the file ends before the entry's braces close"), lines)
}

fn nesting_fault(deepest: usize) -> Option<&'static str> {
    (deepest > MAX_DEPTH).then_some("Braces nested too deeply")
}

/// Whether a line starts with `@type{` or `@type(` (leading spaces allowed).
fn starts_block(rest: &[u8]) -> bool {
    let mut k = 0;
    while k < rest.len() && (rest[k] == b' ' || rest[k] == b'\t') {
        k += 1;
    }
    if rest.get(k) != Some(&b'@') {
        return false;
    }
    k += 1;
    let word = k;
    while k < rest.len() && rest[k].is_ascii_alphabetic() {
        k += 1;
    }
    if k == word {
        return false;
    }
    while k < rest.len() && (rest[k] == b' ' || rest[k] == b'\t') {
        k += 1;
    }
    matches!(rest.get(k), Some(b'{') | Some(b'('))
}

/// An entry's fields as a publication; `Err` says what is missing.
fn map(entry: &biblatex::Entry) -> Result<Mapped, String> {
    let field = |name: &str| entry.get(name).map(text).filter(|value| !value.is_empty());
    let entry_type = entry.entry_type.to_string().to_ascii_lowercase();
    let title = field("title").ok_or("No title")?;
    // An entry without authors (an edited volume, a manual) or without a year ("submitted")
    // is stored as it is, not refused nor given an invented name or year (item 17).
    let authors = authors(entry);
    let year = field("year").or_else(|| field("date")).and_then(|value| first_year(&value));
    let arxiv = arxiv_id(&field);
    let journal = field("journal").or_else(|| field("journaltitle"));
    let kind = kind(&entry_type, journal.as_deref(), arxiv.is_some());
    let venue = venue(kind, &field, journal, arxiv.as_deref());
    let link = |name: &str| entry.get(name).map(link_text).filter(|value| !value.is_empty());
    let url = link("url").and_then(http_url).or_else(|| arxiv.as_ref().map(|id| format!("https://arxiv.org/abs/{id}")));
    let pdf_url = link("pdf").and_then(http_url).or_else(|| arxiv.as_ref().map(|id| format!("https://arxiv.org/pdf/{id}")));
    Ok(Mapped {
        title,
        authors,
        kind,
        venue,
        year,
        month: field("month").and_then(|value| month(&value)),
        volume: field("volume"),
        issue: field("number").or_else(|| field("issue")),
        pages: field("pages").map(|pages| crate::rules::validate::page_range(&pages)),
        publisher: field("publisher"),
        // A DOI only in a link (`url = {http://doi.acm.org/10.1145/…}`, or such a link in the
        // `doi` field itself) counts (item 5).
        doi: link("doi")
            .and_then(|doi| crate::rules::validate::doi(without_label(&doi)).ok())
            .or_else(|| ["doi", "url", "note"].into_iter().find_map(|name| doi_in_link(&link(name)?))),
        url,
        pdf_url,
        r#abstract: field("abstract").map(|a| strip_markup(&a)).filter(|a| !a.is_empty()),
        // al-folio's mark of the papers its home page shows.
        featured: field("selected").is_some_and(|value| matches!(value.trim().to_lowercase().as_str(), "true" | "yes" | "1")),
    })
}

/// A DOI without the word some exports put before it (`DOI 10.1109/…`, an IRIS repository's).
fn without_label(doi: &str) -> &str {
    let doi = doi.trim();
    match doi.get(..4) {
        Some(label) if label.eq_ignore_ascii_case("doi ") => doi[4..].trim_start(),
        _ => doi,
    }
}

/// A field's text: accents already decoded by the parser, protective braces dropped (their
/// case kept), math kept between dollars, LaTeX dashes and ties as Unicode, NFC. A dollar of
/// the text (`\$`) is stored as `$`, or as `\$` where the pages would otherwise read it as
/// part of a formula (`text_dollars`).
fn text(chunks: ChunksRef) -> String {
    text_dollars(&marked_text(chunks))
}

/// A link's text (`url`, `pdf`, `doi`): as [`text`], its dollars as they are.
fn link_text(chunks: ChunksRef) -> String {
    marked_text(chunks).replace(DOLLAR, "$")
}

/// A dollar of the text while a field is read: the crate's `$` of a `\$` (or of a verbatim
/// field), not the start of a formula.
const DOLLAR: char = '\u{f8fb}';

/// The field's text with its text dollars as [`DOLLAR`].
fn marked_text(chunks: ChunksRef) -> String {
    // The formulas stand in the text as private-use characters while the prose is tidied,
    // then come back verbatim: their braces, `--` and `~` are TeX, not prose.
    let mut out = String::new();
    let mut formulas = Vec::new();
    for chunk in chunks {
        match &chunk.v {
            Chunk::Normal(s) | Chunk::Verbatim(s) => {
                out.extend(s.chars().filter(|c| !('\u{e000}'..='\u{e0ff}').contains(c)).map(|c| if c == '$' { DOLLAR } else { c }))
            }
            Chunk::Math(s) => {
                if formulas.len() < 0x100 {
                    out.push(char::from_u32(0xe000 + formulas.len() as u32).unwrap_or(' '));
                    formulas.push(s.clone());
                }
            }
        }
    }
    let tidied = tidy(&out);
    let mut text = String::with_capacity(tidied.len() + 2 * formulas.len());
    let mut chars = tidied.chars().peekable();
    while let Some(c) = chars.next() {
        match formulas.get((c as usize).wrapping_sub(0xe000)) {
            Some(tex) => text.push_str(&formula(tex, chars.peek().is_some_and(char::is_ascii_digit))),
            None => text.push(c),
        }
    }
    text
}

/// `text` with its text dollars ([`DOLLAR`]) as `$`, except those the pages would read as part
/// of a formula (`crate::rules::math::pieces`) that the BibTeX export writes as math, or that
/// also takes in a formula's own `$`: `\$x\$` must not become the formula x, nor `\$5 or $x$`
/// the formula "5 or $x". Those are stored as `\$`. A formula the export writes as text (broken
/// TeX, as `\$\textbackslash{}frac\{1\}\textbraceleft{}\$`) is all text dollars and keeps
/// them, so it reads back as the formula it was. Each pass undoes one such formula, escaping
/// as few text dollars as it can (see below), and reads the text again.
fn text_dollars(text: &str) -> String {
    let count = text.matches(DOLLAR).count();
    if count > 16 {
        // A text of many dollars (a price list) is not read again for each.
        return text.replace(DOLLAR, "\\$");
    }
    let mut text = text.to_owned();
    for _ in 0..=count {
        let plain = text.replace(DOLLAR, "$");
        // Where each dollar is in `plain`, and whether it is a text dollar.
        let mut dollars = Vec::new();
        let mut at = 0;
        for c in text.chars() {
            if c == DOLLAR || c == '$' {
                dollars.push((at, c == DOLLAR));
            }
            at += if c == DOLLAR { 1 } else { c.len_utf8() };
        }
        let escape = crate::rules::math::pieces(&plain).into_iter().find_map(|piece| {
            let crate::rules::math::Piece::Math { tex, source, .. } = piece else { return None };
            // `source` is a slice of `plain`: its place is its distance from the start.
            let start = source.as_ptr() as usize - plain.as_ptr() as usize;
            let span = start..start + source.len();
            let inside = |text_dollar: bool| dollars.iter().any(|&(at, is_text)| is_text == text_dollar && span.contains(&at));
            if !inside(true) || !(inside(false) || crate::citations::writes_as_math(tex)) {
                return None;
            }
            // As few as undo it, so what follows is read as before: its opening dollar (and the
            // closing one of a `$…$`) when they are text dollars, else every text dollar in it.
            let text_dollars = |pick: &dyn Fn(usize) -> bool| -> Vec<usize> {
                dollars.iter().filter(|&&(at, is_text)| is_text && span.contains(&at) && pick(at)).map(|&(at, _)| at).collect()
            };
            let inline = source.starts_with('$') && !source.starts_with("$$");
            let chosen = text_dollars(&|at| source.starts_with('$') && (at == start || (inline && at == span.end - 1)));
            Some(if chosen.is_empty() { text_dollars(&|_| true) } else { chosen })
        });
        let Some(escape) = escape else { return plain };
        let mut at = 0;
        let mut escaped = String::with_capacity(text.len() + 2);
        for c in text.chars() {
            match c {
                DOLLAR if escape.contains(&at) => escaped.push_str("\\$"),
                c => escaped.push(c),
            }
            at += if c == DOLLAR { 1 } else { c.len_utf8() };
        }
        text = escaped;
    }
    text.replace(DOLLAR, "\\$")
}

/// A formula as stored: TeX between `$`, or `$$` for one that was displayed (`latex` passes
/// `$$…$$` as `$\[…\]$`).
/// Its text is kept as written, spaces included: "$4.2 billion and $5" is math to BibTeX, but
/// with its spaces kept the pages read it as prose again (`crate::rules::math`). By the same
/// rule `$…$` right before a digit is prose there, so a formula without those spaces that a
/// digit follows (`z$\sim$2`, `J0055$-$2558`) is stored between `\(` and `\)`.
fn formula(tex: &str, before_digit: bool) -> String {
    match tex.trim().strip_prefix("\\[").and_then(|t| t.strip_suffix("\\]")) {
        Some(display) => format!("$${}$$", display.trim()),
        None if before_digit && !tex.is_empty() && tex.trim() == tex && !tex.contains("\\)") => format!("\\({tex}\\)"),
        None => format!("${tex}$"),
    }
}

/// What the parser leaves of LaTeX: ligature dashes, ties, a few text commands.
fn tidy(value: &str) -> String {
    // Braces left in the text belong to commands the parser kept (`\emph{x}`): only the
    // content counts.
    let mut s =
        value.replace("``", "“").replace("''", "”").replace("---", "—").replace("--", "–").replace('~', " ").replace(['{', '}'], "");
    for command in ["\\emph", "\\textit", "\\textbf", "\\textsc", "\\texttt", "\\textrm", "\\mbox", "\\textsf", "\\textup", "\\text"] {
        s = s.replace(&format!("{command} "), "").replace(command, "");
    }
    // The characters the commands stood for, kept apart from the tidying: `~`, `{`, `}`.
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(latex::TILDE, "~")
        .replace(latex::BRACE_LEFT, "{")
        .replace(latex::BRACE_RIGHT, "}")
        .nfc()
        .collect()
}

/// The entry's authors. A work with none (a proceedings volume, an edited book) has none:
/// its editors are not its authors (they would be cited, and told to Google Scholar, as
/// such), and the entry is stored without authors (item 17).
fn authors(entry: &biblatex::Entry) -> Vec<String> {
    let people = entry.author().unwrap_or_default();
    people.iter().map(display_name).filter(|name| !name.is_empty()).collect()
}

/// A name's part that is a generation ("Jr.", "III", "3rd"): exports that write "Last, First,
/// III" (ADS, EndNote) put it where BibTeX reads the first name. Written as generations are:
/// "JR" is the initials J. R., and "V." an initial, never the fifth.
fn is_generation(part: &str) -> bool {
    matches!(part.trim_end_matches('.'), "Jr" | "Sr" | "jr" | "sr" | "II" | "III" | "IV" | "2nd" | "3rd" | "4th")
}

/// "First von Last Jr", the order the admin and the reference styles read.
fn display_name(person: &Person) -> String {
    let whole = [&person.given_name, &person.prefix, &person.name].map(|p| p.as_str()).join(" ");
    // ADS ends a long list with "and et al.": more authors, as BibTeX's `others`.
    if matches!(whole.trim().trim_end_matches('.').to_ascii_lowercase().as_str(), "others" | "et al" | "et. al") {
        return "others".to_owned();
    }
    // "Last, First, III" and "Last, First," (a stray comma) leave the first name in BibTeX's
    // "Jr" part: it is the first name.
    let swapped = !person.suffix.is_empty()
        && (person.given_name.is_empty() || (is_generation(&person.given_name) && !is_generation(&person.suffix)));
    let (given, suffix) = if swapped { (&person.suffix, &person.given_name) } else { (&person.given_name, &person.suffix) };
    let parts = [given, &person.prefix, &person.name, suffix];
    let name = parts.iter().filter(|p| !p.is_empty()).map(|p| p.as_str()).collect::<Vec<_>>().join(" ");
    tidy(&math_letters(&name))
}

/// A name with its letters written as math (`Wi{$\beta$}mann`, which the crate hands over as
/// `Wi\betamann`) as the letters: a name is plain text.
fn math_letters(name: &str) -> String {
    if !name.contains('\\') {
        return name.to_owned();
    }
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let command = &rest[at..];
        // The longest command that is a symbol: `\betamann` holds `\beta`.
        let letters = command[1..].find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(command.len() - 1);
        let symbol = (2..=letters + 1).rev().find_map(|end| crate::rules::math::unicode(&command[..end]).map(|s| (s, end)));
        match symbol {
            Some((unicode, end)) => {
                out.push_str(&unicode);
                rest = &command[end..];
            }
            None => {
                out.push('\\');
                rest = &command[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn first_year(value: &str) -> Option<i32> {
    let digits: Vec<char> = value.chars().collect();
    digits.windows(4).find(|w| w.iter().all(char::is_ascii_digit)).and_then(|w| w.iter().collect::<String>().parse().ok())
}

/// 1 to 12 from `sep`, `September`, `9`, `{09--15 Jun}`, `jul # "~10"`.
fn month(value: &str) -> Option<i32> {
    const NAMES: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    let lower = value.to_lowercase();
    for word in lower.split(|c: char| !c.is_alphabetic()).filter(|w| w.len() >= 3) {
        if let Some(i) = NAMES.iter().position(|name| word.starts_with(name)) {
            return Some(i as i32 + 1);
        }
    }
    let number: String = lower.chars().skip_while(|c| !c.is_ascii_digit()).take_while(char::is_ascii_digit).collect();
    number.parse().ok().filter(|m| crate::rules::MONTH.contains(m))
}

fn kind(entry_type: &str, journal: Option<&str>, arxiv: bool) -> PublicationKind {
    // DBLP names arXiv "CoRR" (Computing Research Repository).
    let arxiv_journal = journal.is_some_and(|j| j.to_lowercase().contains("arxiv") || j.trim() == "CoRR");
    match entry_type {
        // An "article" or "book" whose journal is arXiv is a preprint, whatever the exporter said.
        "article" | "book" | "misc" | "unpublished" | "online" if arxiv_journal => PublicationKind::Preprint,
        "article" | "periodical" => PublicationKind::JournalArticle,
        "inproceedings" | "conference" | "proceedings" => PublicationKind::ConferencePaper,
        "book" | "mvbook" => PublicationKind::Book,
        "inbook" | "incollection" | "bookinbook" => PublicationKind::BookChapter,
        "phdthesis" | "mastersthesis" | "thesis" => PublicationKind::Thesis,
        "techreport" | "report" => PublicationKind::Report,
        "preprint" | "unpublished" | "misc" | "online" if arxiv || arxiv_journal || entry_type == "preprint" => PublicationKind::Preprint,
        _ => PublicationKind::Other,
    }
}

/// Where the work appeared: the journal or the proceedings' title (or biblatex's event), else the first of
/// `publisher`, `howpublished`, `institution`, `organization`, `school` and `series` (a thesis
/// names its school, a report its institution, an arXiv preprint its identifier, first). An
/// entry that names none has no venue, rather than an invented one (issue 27, item 6).
fn venue(kind: PublicationKind, field: &dyn Fn(&str) -> Option<String>, journal: Option<String>, arxiv: Option<&str>) -> String {
    let own = match kind {
        PublicationKind::Thesis => field("school"),
        PublicationKind::Report => field("institution"),
        PublicationKind::Preprint => arxiv.map(|id| format!("arXiv preprint arXiv:{id}")),
        _ => None,
    };
    // A paper of proceedings or a chapter is in its `booktitle`, whatever an exporter also put
    // in `journal` (a city, an arXiv number); an article in its journal.
    let in_book = matches!(kind, PublicationKind::ConferencePaper | PublicationKind::BookChapter);
    let (first, second) = if in_book { (field("booktitle"), journal) } else { (journal, field("booktitle")) };
    first
        .or(second)
        // biblatex's conference name (JabRef, Zotero in biblatex mode), for proceedings
        // that have no `booktitle`.
        .or_else(|| field("eventtitle"))
        .or(own)
        .or_else(|| {
            ["publisher", "howpublished", "institution", "organization", "school", "series"]
                .into_iter()
                .filter_map(field)
                .find(|value| names_a_venue(value))
        })
        .unwrap_or_default()
}

/// Whether a fallback field's value can be a venue: not a link (Zotero's `howpublished`), nor
/// Google Scholar's placeholder for no publisher ("na").
fn names_a_venue(value: &str) -> bool {
    let value = value.trim();
    let lower = value.to_ascii_lowercase();
    !(lower.starts_with("http://")
        || lower.starts_with("https://")
        || value.starts_with('/')
        || matches!(lower.as_str(), "na" | "n/a" | "none"))
}

/// The arXiv identifier from `eprint` (with `archivePrefix = {arXiv}` or an arXiv-shaped id)
/// or al-folio's `arxiv` field.
fn arxiv_id(field: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    if let Some(id) = field("arxiv") {
        return Some(id);
    }
    let eprint = field("eprint")?;
    let archive = field("archiveprefix").or_else(|| field("eprinttype")).unwrap_or_default().to_lowercase();
    let looks_like = eprint.chars().next().is_some_and(|c| c.is_ascii_digit()) && eprint.contains('.');
    (archive == "arxiv" || (archive.is_empty() && looks_like)).then_some(eprint)
}

fn http_url(value: String) -> Option<String> {
    let url = value.trim().to_owned();
    crate::rules::validate::is_http_url(&url).then_some(url)
}

/// The DOI of a resolver or ACM link in `text` (a `url` or a `note`): `doi.org`,
/// `dx.doi.org`, `doi.acm.org` or `dl.acm.org/doi/` (also `…/doi/abs/`, `pdf/`, `full/`).
fn doi_in_link(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    for host in ["doi.org/", "doi.acm.org/", "dl.acm.org/doi/"] {
        let Some(at) = lower.find(host) else { continue };
        // `doi.org/` inside another name (`notdoi.org/`) is not the resolver; `dx.doi.org/` is.
        let before = &lower[..at];
        if before.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '-') {
            continue;
        }
        let mut rest = &lower[at + host.len()..];
        for view in ["abs/", "pdf/", "epdf/", "full/", "fullhtml/", "book/"] {
            rest = rest.strip_prefix(view).unwrap_or(rest);
        }
        let end = rest.find(|c: char| c.is_whitespace() || matches!(c, '"' | '<' | '>' | '}' | '{' | '?' | '#')).unwrap_or(rest.len());
        let doi = rest[..end].trim_end_matches(['.', ',', ';', ')']).replace("%2f", "/");
        if let Ok(doi) = crate::rules::validate::doi(&doi) {
            return Some(doi);
        }
    }
    None
}

/// An abstract as plain text: tags (JATS, HTML) removed, whitespace collapsed. A tag that
/// ends a block (`</p>`, `<br>`) leaves a space, so paragraphs do not run together; an inline
/// one (`<i>`) leaves nothing, so "<i>x</i>," stays "x,".
pub fn strip_markup(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut tag: Option<String> = None;
    for c in value.chars() {
        match (&mut tag, c) {
            (None, '<') => tag = Some(String::new()),
            (Some(name), '>') => {
                let name = name.trim_start_matches('/').split([' ', '/']).next().unwrap_or("").to_ascii_lowercase();
                let local = name.rsplit(':').next().unwrap_or("");
                if matches!(local, "p" | "br" | "div" | "li" | "ul" | "ol" | "sec" | "title" | "tr" | "td" | "h1" | "h2" | "h3") {
                    out.push(' ');
                }
                tag = None;
            }
            (Some(name), _) => name.push(c),
            (None, _) => out.push(c),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests;
