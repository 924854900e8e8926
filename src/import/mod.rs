//! Bringing a publication list in from a .bib file: a preview that says, per entry, what the
//! import would do (new, duplicate of a stored paper or of an earlier entry, invalid and why),
//! then the import of the entries the owner chose, in one transaction. The admin
//! (`POST /api/publications/import/preview`, `…/import`) and the command line
//! (`vita import bibtex`) share all of it.
//!
//! The preview is not stored: the import reads the same text again and checks that each chosen
//! entry still has the status the owner saw, so nothing is written from a stale preview.

pub mod bibtex;
pub mod site;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sea_orm::ActiveValue::Set;
use sea_orm::{ActiveModelTrait, ConnectionTrait, DatabaseConnection, EntityTrait, IntoActiveModel};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;
use ts_rs::TS;
use unicode_normalization::UnicodeNormalization;
use uuid::Uuid;

use crate::content::imports::{self, ImportKind, ImportSource};
use crate::content::publications;
use crate::content::{self, Content, ContentStatus};
use crate::error::{AppError, FieldErrors};
use crate::rules::validate::slugify_variant;
use crate::store::changes::{Changes, Sources};
use bibtex::{Mapped, RawEntry};

/// The largest .bib file taken (5 MB: a long career's list is well under 1 MB).
pub const MAX_BYTES: usize = 5 * 1024 * 1024;

/// What the import would do with one entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum EntryStatus {
    New,
    Duplicate,
    Invalid,
}

/// What a duplicate duplicates: a stored paper (`id`) or an earlier entry of the file (`line`).
#[derive(Clone, Debug, Serialize, TS)]
pub struct DuplicateOf {
    pub title: String,
    pub id: Option<Uuid>,
    pub line: Option<u32>,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct PreviewEntry {
    /// Position among the file's entries, from 0: what the import request names.
    pub index: u32,
    /// 1-based line of the entry's `@`.
    pub line: u32,
    pub key: Option<String>,
    pub status: EntryStatus,
    /// The mapped fields, for new entries and duplicates.
    pub publication: Option<Mapped>,
    /// Why an entry is invalid.
    pub reason: Option<String>,
    pub duplicate_of: Option<DuplicateOf>,
    /// A warning that does not stop the import: a citation key used by an earlier entry.
    pub note: Option<String>,
    /// The entry says no year (an ORCID work without a publication date): invalid as it is,
    /// it can be imported once the owner gives it one (`OrcidImportRequest::years`).
    pub needs_year: bool,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct ImportPreview {
    pub entries: Vec<PreviewEntry>,
    pub new: u32,
    pub duplicates: u32,
    pub invalid: u32,
}

/// `POST /api/publications/import`: the text previewed, the entries to add (new ones, and
/// duplicates of an earlier entry of the file the owner keeps anyway) and the duplicates of
/// stored papers to update, by `index`; every other entry is skipped.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    pub bibtex: String,
    pub import: Vec<u32>,
    pub update: Vec<u32>,
    /// The chosen file's name, which the import's record shows; pasted text has none.
    #[serde(default)]
    #[ts(optional)]
    pub file_name: Option<String>,
}

/// What an import's record calls a .bib file without a name (its text was pasted).
pub const PASTED: &str = "pasted text";

#[derive(Clone, Debug, Serialize, TS)]
pub struct ImportOutcome {
    pub imported: u32,
    pub updated: u32,
    pub skipped: u32,
    /// "12 publications imported, 3 skipped": the toast and the command line's last line.
    pub message: String,
}

/// One entry as classified: the preview line and what an import would write.
pub(crate) struct Classified {
    pub(crate) preview: PreviewEntry,
    raw_text: String,
    pub(crate) mapped: Option<Mapped>,
}

impl Classified {
    pub(crate) fn bibtex(&self) -> Option<&str> {
        stored_bibtex(&self.raw_text)
    }
}

/// An entry's text as the paper's stored BibTeX: none for a work found by its DOI when its
/// agency gave no BibTeX (its text is empty).
fn stored_bibtex(text: &str) -> Option<&str> {
    Some(text).filter(|text| !text.trim().is_empty())
}

/// A paper an entry may duplicate: stored, or (`Some(line)`) an earlier entry of the file,
/// with its DOI and its venue.
type Candidate = (Stored, Option<u32>, Option<String>, String);

/// A stored paper, as far as duplicate detection needs it.
struct Stored {
    id: Uuid,
    title: String,
}

/// How long reading one file may take before the request gets a 422.
pub const READ_LIMIT: Duration = Duration::from_secs(10);

/// Files read at once: the rest wait (within their time limit), so a slow file never takes
/// both cores from the pages.
static READERS: Semaphore = Semaphore::const_new(2);

/// Reads `text` off the async workers, at most [`READERS`] files at a time and for at most
/// `limit` (waiting included). If the caller stops waiting (the client went away), the reading
/// stops at its next check.
pub async fn read_file(text: &str, limit: Duration) -> Result<Vec<RawEntry>, AppError> {
    check_size(text)?;
    if text.contains('\0') {
        return Err(bibtex_error("This is not a BibTeX file: it contains binary data"));
    }
    let deadline = Instant::now() + limit;
    let permit = tokio::time::timeout_at(deadline.into(), READERS.acquire()).await.map_err(|_| too_slow())?.map_err(|_| too_slow())?;
    let cancel = CancelOnDrop(Arc::new(AtomicBool::new(false)));
    let stop = bibtex::Stop::new(deadline, cancel.0.clone());
    let text = text.to_owned();
    let reading = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        bibtex::read(&text, &stop)
    });
    let entries =
        reading.await.map_err(|e| AppError::Internal(anyhow::anyhow!("reading a .bib file failed: {e}")))?.map_err(|_| too_slow())?;
    if entries.is_empty() {
        return Err(bibtex_error("No BibTeX entries found"));
    }
    Ok(entries)
}

/// Sets its flag when dropped: the reading thread sees it and stops.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

fn too_slow() -> AppError {
    bibtex_error("This file takes too long to read")
}

/// The preview of `text` against what `db` holds.
pub async fn preview(db: &impl ConnectionTrait, text: &str) -> Result<ImportPreview, AppError> {
    preview_entries(db, read_file(text, READ_LIMIT).await?).await
}

/// The preview of entries read from anywhere: a .bib file, or works found by their DOI or in
/// an ORCID record (`crate::scholarly`), which come as entries too.
pub async fn preview_entries(db: &impl ConnectionTrait, entries: Vec<RawEntry>) -> Result<ImportPreview, AppError> {
    let (classified, _) = classify(db, entries).await?;
    let entries: Vec<PreviewEntry> = classified.into_iter().map(|c| c.preview).collect();
    let count = |status| entries.iter().filter(|e| e.status == status).count() as u32;
    Ok(ImportPreview {
        new: count(EntryStatus::New),
        duplicates: count(EntryStatus::Duplicate),
        invalid: count(EntryStatus::Invalid),
        entries,
    })
}

/// Imports the chosen entries of `request.bibtex` in one transaction: all or nothing. The
/// transaction announces the change to the other instances (`Changes`) if it commits.
pub async fn import(db: &DatabaseConnection, changes: &Changes, request: ImportRequest) -> Result<ImportOutcome, AppError> {
    // Read before the transaction: the store is not held while the file is parsed.
    let entries = read_file(&request.bibtex, READ_LIMIT).await?;
    let name = request.file_name.as_deref().map(str::trim).filter(|name| !name.is_empty()).unwrap_or(PASTED);
    let source = ImportSource::new(ImportKind::Bibtex, name);
    import_entries(db, changes, entries, &request.import, &request.update, &source).await
}

/// Imports the entries at the positions `import` and updates the stored papers that the
/// entries at `update` duplicate, after classifying them again in the transaction; the papers
/// added are recorded as `source`'s (`content::imports`).
pub async fn import_entries(
    db: &DatabaseConnection,
    changes: &Changes,
    entries: Vec<RawEntry>,
    import: &[u32],
    update: &[u32],
    source: &ImportSource,
) -> Result<ImportOutcome, AppError> {
    let write = changes.begin(db, Sources::PUBLICATIONS).await?;
    let txn = write.txn();
    let (classified, mut taken) = classify(txn, entries).await?;
    // New entries, and a duplicate of an earlier entry of the file when the owner says "import
    // anyway", can be added; a duplicate of a stored paper can update it.
    let importable = |c: &Classified| c.preview.status == EntryStatus::New || duplicates_stored(c) == Some(false);
    let updatable = |c: &Classified| duplicates_stored(c) == Some(true);
    let chosen = |list: &[u32], allowed: &dyn Fn(&Classified) -> bool, verb: &str| -> Result<Vec<usize>, AppError> {
        let mut seen = HashSet::new();
        list.iter()
            .filter(|i| seen.insert(**i))
            .map(|&i| match classified.get(i as usize) {
                Some(c) if allowed(c) => Ok(i as usize),
                Some(c) => {
                    Err(bibtex_error(&format!("Entry {} (line {}) cannot be {verb}: preview the file again", i + 1, c.preview.line)))
                }
                None => Err(bibtex_error(&format!("The file has no entry {}: preview it again", i + 1))),
            })
            .collect()
    };
    let to_import = chosen(import, &importable, "imported")?;
    let to_update = chosen(update, &updatable, "updated")?;
    if let Some(&both) = to_import.iter().find(|i| to_update.contains(i)) {
        return Err(bibtex_error(&format!("Entry {} cannot be both imported and updated", both + 1)));
    }

    let mut added = Vec::with_capacity(to_import.len());
    for &i in &to_import {
        let entry = &classified[i];
        let mapped = entry.mapped.as_ref().expect("a new entry is mapped");
        let slug = unique_slug(&mapped.title, &mut taken);
        added.push(create_paper(txn, input(mapped, Some(slug), entry.bibtex()), mapped).await?.id);
    }
    imports::record(txn, source, &added).await?;
    for &i in &to_update {
        let entry = &classified[i];
        let mapped = entry.mapped.as_ref().expect("a duplicate is mapped");
        let id = entry.preview.duplicate_of.as_ref().and_then(|d| d.id).expect("a stored duplicate");
        update_stored(txn, id, mapped, entry.bibtex()).await?;
    }
    write.commit().await?;
    let imported = to_import.len() as u32;
    let updated = to_update.len() as u32;
    let skipped = classified.len() as u32 - imported - updated;
    Ok(ImportOutcome { imported, updated, skipped, message: summary(imported, updated, skipped) })
}

/// Whether a duplicate's original is stored (`Some(true)`) or an earlier entry of the file
/// (`Some(false)`); `None` for an entry that is no duplicate.
fn duplicates_stored(c: &Classified) -> Option<bool> {
    c.preview.duplicate_of.as_ref().map(|d| d.id.is_some())
}

/// "12 publications imported, 3 skipped" (", 2 updated" when the owner chose updates).
pub fn summary(imported: u32, updated: u32, skipped: u32) -> String {
    let noun = if imported == 1 { "publication" } else { "publications" };
    let mut message = format!("{imported} {noun} imported");
    if updated > 0 {
        message.push_str(&format!(", {updated} updated"));
    }
    message.push_str(&format!(", {skipped} skipped"));
    message
}

pub fn check_size(text: &str) -> Result<(), AppError> {
    if text.len() > MAX_BYTES {
        return Err(too_large());
    }
    Ok(())
}

pub fn too_large() -> AppError {
    AppError::PayloadTooLarge("The BibTeX file is too large: at most 5 MB".to_owned())
}

/// Decides each entry's status against the store and the entries before it; also returns the
/// stored papers' slugs, which an import must not reuse.
pub(crate) async fn classify(db: &impl ConnectionTrait, entries: Vec<RawEntry>) -> Result<(Vec<Classified>, HashSet<String>), AppError> {
    let stored = publications::Entity::find().all(db).await?;
    let slugs = stored.iter().map(|p| p.slug.clone()).collect();
    let mut by_doi: HashMap<String, (Stored, Option<u32>)> = HashMap::new();
    // Every paper of a title and year, with its DOI and venue: the same title with another DOI,
    // or in another venue, is another version (a report and its journal paper), not a
    // duplicate.
    let mut by_title: HashMap<(String, Option<i32>), Vec<Candidate>> = HashMap::new();
    for paper in stored {
        let key = (title_key(&paper.title), paper.year);
        // Stored bare and lower case (`rules::validate::doi`), as the entries' DOIs are mapped.
        let doi = paper.doi.clone();
        if let Some(doi) = &doi {
            by_doi.entry(doi.clone()).or_insert((Stored { id: paper.id, title: paper.title.clone() }, None));
        }
        by_title.entry(key).or_default().push((Stored { id: paper.id, title: paper.title }, None, doi, paper.venue));
    }
    let mut classified = Vec::with_capacity(entries.len());
    let mut keys: HashMap<String, u32> = HashMap::new();
    for (index, RawEntry { line, key, text, warnings, mapped }) in entries.into_iter().enumerate() {
        let line = line as u32;
        let repeated_key = key.as_ref().and_then(|key| match keys.get(key) {
            Some(first) => Some(format!("The key {key} is also used by the entry at line {first}")),
            None => {
                keys.insert(key.clone(), line);
                None
            }
        });
        // What the entry lacks that the owner's form asks for: it is imported as it is.
        let lacking = mapped.as_ref().ok().into_iter().flat_map(|m| {
            let no_authors = m.authors.is_empty().then(|| NO_AUTHORS.to_owned());
            let no_year = m.year.is_none().then(|| NO_YEAR.to_owned());
            no_authors.into_iter().chain(no_year)
        });
        let notes: Vec<String> = repeated_key.into_iter().chain(lacking).chain(warnings).collect();
        let note = (!notes.is_empty()).then(|| notes.join("; "));
        let mut preview = PreviewEntry {
            index: index as u32,
            line,
            key,
            status: EntryStatus::New,
            publication: None,
            reason: None,
            duplicate_of: None,
            note,
            needs_year: false,
        };
        let checked = match mapped {
            Err(reason) => Err((reason, None)),
            Ok(m) => match validate(&m, stored_bibtex(&text)) {
                Ok(()) => Ok(m),
                // What was read stays in the preview: the owner sees which work it is.
                Err(reason) => Err((reason, Some(m))),
            },
        };
        let mapped = match checked {
            Err((reason, read)) => {
                preview.status = EntryStatus::Invalid;
                preview.reason = Some(reason);
                preview.needs_year = read.as_ref().is_some_and(|m| m.year == Some(0));
                preview.publication = read;
                classified.push(Classified { preview, raw_text: text, mapped: None });
                continue;
            }
            Ok(mapped) => mapped,
        };
        let title = (title_key(&mapped.title), mapped.year);
        let same_title = by_title.get(&title).map(Vec::as_slice).unwrap_or_default();
        let found = mapped.doi.as_ref().and_then(|doi| by_doi.get(doi)).map(|(original, line)| (original, line)).or_else(|| {
            same_title
                .iter()
                .find(|(_, _, doi, venue)| !dois_differ(doi.as_deref(), mapped.doi.as_deref()) && !venues_differ(venue, &mapped.venue))
                .map(|(original, line, _, _)| (original, line))
        });
        if found.is_none()
            && let Some((version, version_line, version_doi, _)) = same_title.first()
        {
            let other = if dois_differ(version_doi.as_deref(), mapped.doi.as_deref()) { "another DOI" } else { "another venue" };
            let version_note = match version_line {
                Some(line) => format!("Another version of {} (the entry at line {line}, with {other})", version.title),
                None => format!("Another version of {} (a stored paper with {other})", version.title),
            };
            preview.note = Some(match preview.note.take() {
                Some(note) => format!("{version_note}; {note}"),
                None => version_note,
            });
        }
        if let Some((original, original_line)) = found {
            preview.status = EntryStatus::Duplicate;
            preview.duplicate_of = Some(match original_line {
                Some(line) => DuplicateOf { title: original.title.clone(), id: None, line: Some(*line) },
                None => DuplicateOf { title: original.title.clone(), id: Some(original.id), line: None },
            });
        } else {
            // A new entry: later entries of the file that match it are its duplicates.
            let earlier = || (Stored { id: Uuid::nil(), title: mapped.title.clone() }, Some(line));
            if let Some(doi) = &mapped.doi {
                by_doi.insert(doi.clone(), earlier());
            }
            let (original, line) = earlier();
            by_title.entry(title).or_default().push((original, line, mapped.doi.clone(), mapped.venue.clone()));
        }
        preview.publication = Some(mapped.clone());
        classified.push(Classified { preview, raw_text: text, mapped: Some(mapped) });
    }
    Ok((classified, slugs))
}

/// Whether two papers' DOIs show they are different works: only when both have one and they
/// are not the same.
fn dois_differ(a: Option<&str>, b: Option<&str>) -> bool {
    matches!((a, b), (Some(a), Some(b)) if a != b)
}

/// Whether two papers' venues show they are different versions (a technical report and its
/// journal paper): only when both name one and neither can be the other written short. "J.
/// ACM" is "Journal of the ACM", "STOC" the "Symposium on Theory of Computing"; "CoRR" is not
/// "J. ACM".
fn venues_differ(a: &str, b: &str) -> bool {
    let (a, b) = (title_key(a), title_key(b));
    if a.is_empty() || b.is_empty() || a == b {
        return false;
    }
    // arXiv is one venue however an exporter names it ("arXiv preprint arXiv:2403.17988",
    // "arXiv e-prints", DBLP's "CoRR").
    let arxiv = |venue: &str| venue.contains("arxiv") || venue == "corr";
    if arxiv(&a) && arxiv(&b) {
        return false;
    }
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    // The initials count every word ("Symposium on Theory of Computing"), the abbreviation
    // leaves the fillers out ("Proc. Natl. Acad. Sci.").
    let initials: String = long.split(' ').filter_map(|word| word.chars().next()).collect();
    let long: Vec<&str> = long.split(' ').filter(|word| !VENUE_FILLERS.contains(word)).collect();
    let short: Vec<&str> = short.split(' ').filter(|word| !VENUE_FILLERS.contains(word)).collect();
    // Each word of the short name abbreviates a later word of the long one, in order: the same
    // first letter, then its letters in the word's order ("natl" in "national").
    let shortens = |part: &str, word: &str| {
        let mut letters = word.chars();
        part.chars().next() == word.chars().next() && part.chars().all(|c| letters.any(|l| l == c))
    };
    let mut words = long.iter();
    let abbreviates = short.iter().all(|part| words.any(|word| shortens(part, word)));
    // Or one word of initials: `stoc` in "symposium on theory of computing".
    let acronym = match short.as_slice() {
        [word] if word.len() >= 2 => {
            let mut letters = initials.chars();
            word.chars().all(|c| letters.any(|i| i == c))
        }
        _ => false,
    };
    !(abbreviates || acronym)
}

/// Words a venue's short form leaves out.
const VENUE_FILLERS: &[&str] = &["the", "of", "on", "in", "and", "for", "proceedings", "proc", "annual", "international", "conference"];

/// A 422 on the `bibtex` field: the pasted text or chosen file is what is wrong.
fn bibtex_error(message: &str) -> AppError {
    let mut fields = FieldErrors::default();
    fields.add("bibtex", message);
    AppError::validation(fields)
}

/// The publication's own rules (lengths, URLs, year range), so an entry the store would refuse
/// is shown as invalid in the preview instead of failing the import.
fn validate(mapped: &Mapped, bibtex: Option<&str>) -> Result<(), String> {
    match publications::Entity::active_model(input(mapped, Some("x".to_owned()), bibtex)) {
        Ok(_) => Ok(()),
        Err(AppError::Validation { fields, message }) => Err(fields.first_message().map(str::to_owned).unwrap_or(message)),
        Err(other) => Err(other.to_string()),
    }
}

/// The entry as the owner's form would send it. An entry without authors or a year is checked
/// with a stand-in for each, which `as_the_entry_has_it` takes out again before it is written:
/// the form's rules (at least one author, a year) are the owner's, and an imported entry is
/// stored as its source has it (item 17).
pub(crate) fn input(m: &Mapped, slug: Option<String>, bibtex: Option<&str>) -> publications::Input {
    let authors = if m.authors.is_empty() { vec![AUTHOR_STAND_IN.to_owned()] } else { m.authors.clone() };
    publications::Input {
        title: m.title.clone(),
        slug,
        authors,
        kind: m.kind,
        venue: m.venue.clone(),
        // `None` is the current year to the rules.
        year: m.year,
        month: m.month,
        r#abstract: m.r#abstract.clone(),
        pdf_url: m.pdf_url.clone(),
        pdf_file: None,
        url: m.url.clone(),
        doi: m.doi.clone(),
        pages: m.pages.clone(),
        volume: m.volume.clone(),
        issue: m.issue.clone(),
        publisher: m.publisher.clone(),
        bibtex: bibtex.map(str::to_owned),
        featured: m.featured,
        status: ContentStatus::Published,
        // BibTeX has no tags of this site: the owner tags imported papers in the admin.
        tag_ids: Vec::new(),
    }
}

/// The preview's notes on an entry that names no author or no year.
const NO_AUTHORS: &str = "The entry names no author: it is imported without authors";
const NO_YEAR: &str = "The entry names no year: it is imported undated";

/// What [`input`] checks an entry without authors with.
const AUTHOR_STAND_IN: &str = "Anonymous";

/// The checked paper with the authors and year its entry has, none if it names none.
fn as_the_entry_has_it(model: &mut publications::ActiveModel, m: &Mapped) {
    if m.authors.is_empty() {
        model.authors = Set(content::StringList(Vec::new()));
    }
    model.year = Set(m.year);
}

/// Stores the paper of entry `m` from its [`input`]: checked with the stand-ins, written as
/// the entry has it.
pub(crate) async fn create_paper(
    db: &impl ConnectionTrait,
    paper: publications::Input,
    m: &Mapped,
) -> Result<publications::Model, AppError> {
    content::create_adjusted::<publications::Entity>(db, paper, |model| as_the_entry_has_it(model, m)).await
}

/// [`create_paper`] for the stored paper `id`.
pub(crate) async fn update_paper(
    db: &impl ConnectionTrait,
    id: Uuid,
    paper: publications::Input,
    m: &Mapped,
) -> Result<publications::Model, AppError> {
    content::update_adjusted::<publications::Entity>(db, id, paper, |model| as_the_entry_has_it(model, m)).await
}

/// An update keeps what the owner set that a .bib file has no word for (slug, status, the
/// uploaded PDF) and every stored value the entry leaves empty. An entry marked `selected`
/// features its paper; one that is not leaves it as the owner set it.
async fn update_stored(db: &impl ConnectionTrait, id: Uuid, m: &Mapped, bibtex: Option<&str>) -> Result<(), AppError> {
    let stored = content::get::<publications::Entity>(db, id).await?;
    let mut model = stored.clone().into_active_model();
    model.title = Set(m.title.clone());
    if !m.authors.is_empty() {
        model.authors = Set(content::StringList(m.authors.clone()));
    }
    model.kind = Set(m.kind);
    model.venue = Set(m.venue.clone());
    model.year = Set(m.year.or(stored.year));
    model.month = Set(m.month.or(stored.month));
    model.volume = Set(m.volume.clone().or(stored.volume));
    model.issue = Set(m.issue.clone().or(stored.issue));
    model.pages = Set(m.pages.clone().or(stored.pages));
    model.publisher = Set(m.publisher.clone().or(stored.publisher));
    model.doi = Set(m.doi.clone().or(stored.doi));
    model.url = Set(m.url.clone().or(stored.url));
    model.pdf_url = Set(m.pdf_url.clone().or(stored.pdf_url));
    model.r#abstract = Set(m.r#abstract.clone().or(stored.r#abstract));
    model.bibtex = Set(bibtex.map(str::to_owned).or(stored.bibtex));
    model.featured = Set(m.featured || stored.featured);
    model.updated_at = Set(crate::ops::clock::now());
    model.update(db).await?;
    Ok(())
}

/// The title's slug, or the first of `-2`, `-3`, … that no paper (stored or imported) has.
pub(crate) fn unique_slug(title: &str, taken: &mut HashSet<String>) -> String {
    let base = slugify_variant(title);
    let base = if base.is_empty() { "publication".to_owned() } else { base };
    let mut slug = base.clone();
    let mut n = 2;
    while taken.contains(&slug) {
        slug = format!("{base}-{n}");
        n += 1;
    }
    taken.insert(slug.clone());
    slug
}

/// A title as duplicate detection compares it: letters and digits only, accents and case
/// folded ("Masking {RISC-V}" and "masking risc v" are the same paper).
fn title_key(title: &str) -> String {
    let folded: String =
        title.nfkd().filter(|c| !unicode_normalization::char::is_combining_mark(*c)).flat_map(char::to_lowercase).collect();
    folded.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::venues_differ;

    #[test]
    fn a_venue_written_short_is_the_same_venue() {
        for (a, b) in [
            ("J. ACM", "Journal of the ACM"),
            ("STOC", "Proceedings of the Symposium on Theory of Computing"),
            ("Proc. Natl. Acad. Sci.", "Proceedings of the National Academy of Sciences"),
            ("The Astrophysical Journal", "Astrophysical journal"),
            ("", "J. ACM"),
        ] {
            assert!(!venues_differ(a, b) && !venues_differ(b, a), "{a} / {b}");
        }
        for (a, b) in [("arXiv preprint arXiv:2403.17988", "arXiv e-prints"), ("CoRR", "arXiv preprint arXiv:2101.00001")] {
            assert!(!venues_differ(a, b) && !venues_differ(b, a), "{a} / {b}");
        }
        for (a, b) in [("CoRR", "J. ACM"), ("arXiv", "Journal of the ACM"), ("SICOMP", "STOC"), ("Nature", "Science")] {
            assert!(venues_differ(a, b) && venues_differ(b, a), "{a} / {b}");
        }
    }
}
