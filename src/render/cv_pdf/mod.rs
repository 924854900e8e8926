//! `/cv.pdf` (issue 28): the CV typeset by Typst inside this process. The content is built in
//! Rust (`document`) and handed to one fixed template (`cv.typ`) as a JSON file the template
//! reads with `json()`: every text the owner typed reaches Typst as a string value, never as
//! source, so `#`, `$`, `*`, `@`, `<` or a backslash print as themselves.
//!
//! Fonts: Libertinus Serif (regular, italic, bold, bold italic; SIL Open Font License, see
//! `fonts/OFL.txt`) is embedded and covers Latin, Greek and Cyrillic. For any other script
//! (CJK, Arabic, Devanagari, …) the fonts installed on the server are searched, once, the
//! first time a CV needs a character Libertinus lacks; with none that covers it the PDF is
//! still made, the character printed as an empty box, and a warning is logged.

mod document;
mod html;

use std::path::{Path, PathBuf};
use std::sync::{LazyLock, OnceLock};

use anyhow::anyhow;
use typst::diag::{FileError, FileResult, SourceDiagnostic};
use typst::foundations::{Bytes, Datetime};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook, FontInfo};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};
use typst_layout::PagedDocument;
use typst_pdf::{PdfOptions, PdfStandard, PdfStandards};

pub use document::{CvDocument, Site, pdf_filename};

/// The template, the same for every site.
const TEMPLATE: &str = include_str!("cv.typ");

/// The embedded fonts (about 1.2 MB).
const EMBEDDED_FONTS: [&[u8]; 4] = [
    include_bytes!("fonts/LibertinusSerif-Regular.otf"),
    include_bytes!("fonts/LibertinusSerif-Italic.otf"),
    include_bytes!("fonts/LibertinusSerif-Bold.otf"),
    include_bytes!("fonts/LibertinusSerif-BoldItalic.otf"),
];

/// Where servers keep their fonts (fontconfig's usual directories).
const SYSTEM_FONT_DIRS: [&str; 2] = ["/usr/share/fonts", "/usr/local/share/fonts"];

/// The CV as PDF bytes: tagged PDF conforming to PDF/A-2a (archival, with its structure for
/// screen readers). CPU-bound (tens of milliseconds to a few hundred for hundreds of papers):
/// call it off the executor.
pub fn typeset(cv: &CvDocument) -> anyhow::Result<Vec<u8>> {
    let data = serde_json::to_string(cv)?;
    let fonts = fonts_for(&data);
    typeset_with(cv, data, fonts)
}

fn typeset_with(cv: &CvDocument, data: String, fonts: &'static Fonts) -> anyhow::Result<Vec<u8>> {
    let world = CvWorld {
        fonts,
        main: Source::new(file_id(MAIN_PATH), TEMPLATE.to_owned()),
        data: Bytes::from_string(data),
        today: Datetime::from_ymd(cv.generated_on.0, cv.generated_on.1, cv.generated_on.2),
    };
    let compiled = typst::compile::<PagedDocument>(&world);
    // Typst keeps memoized results across compilations; this bounds what a long-running
    // server holds to the last few CVs' worth.
    typst::comemo::evict(5);
    for warning in &compiled.warnings {
        tracing::warn!(message = %warning.message, "typesetting the CV");
    }
    let pages = compiled.output.map_err(|errors| diagnostics(&errors))?;
    let archival = PdfOptions {
        ident: typst::foundations::Smart::Custom("vita-cv".to_owned()),
        standards: PdfStandards::new(&[PdfStandard::A_2a]).map_err(|err| anyhow!("{}", err.message()))?,
        ..PdfOptions::default()
    };
    // PDF/A refuses a character no font has (it would print as an empty box): the CV is
    // still wanted, as a tagged PDF that is not PDF/A.
    typst_pdf::pdf(&pages, &archival).or_else(|errors| {
        tracing::warn!(error = %diagnostics(&errors), "the CV is not PDF/A: install a font for its script (see README, The CV as PDF)");
        let tagged = PdfOptions { ident: archival.ident.clone(), ..PdfOptions::default() };
        typst_pdf::pdf(&pages, &tagged).map_err(|errors| diagnostics(&errors))
    })
}

fn diagnostics(errors: &[SourceDiagnostic]) -> anyhow::Error {
    let messages: Vec<&str> = errors.iter().map(|error| error.message.as_str()).collect();
    anyhow!("typesetting the CV failed: {}", messages.join("; "))
}

const MAIN_PATH: &str = "/cv.typ";
const DATA_PATH: &str = "/data.json";

fn file_id(path: &str) -> FileId {
    RootedPath::new(VirtualRoot::Project, VirtualPath::new(path).expect("a fixed absolute path")).intern()
}

/// What Typst may read: the template, the data and the fonts. Nothing on disk, no network.
struct CvWorld {
    fonts: &'static Fonts,
    main: Source,
    data: Bytes,
    today: Option<Datetime>,
}

impl World for CvWorld {
    fn library(&self) -> &LazyHash<Library> {
        static LIBRARY: LazyLock<LazyHash<Library>> = LazyLock::new(|| LazyHash::new(Library::builder().build()));
        &LIBRARY
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &self.fonts.book
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main.id() { Ok(self.main.clone()) } else { Err(FileError::NotSource) }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if id == file_id(DATA_PATH) { Ok(self.data.clone()) } else { Err(FileError::NotFound(id.vpath().get_without_slash().into())) }
    }

    fn font(&self, index: usize) -> Option<Font> {
        self.fonts.font(index)
    }

    fn today(&self, _offset: Option<typst::foundations::Duration>) -> Option<Datetime> {
        self.today
    }
}

/// A set of fonts and their book. A system font is read from disk only when Typst uses it.
struct Fonts {
    book: LazyHash<FontBook>,
    slots: Vec<FontSlot>,
}

struct FontSlot {
    info: FontInfo,
    source: FontSource,
    font: OnceLock<Option<Font>>,
}

enum FontSource {
    Embedded(Font),
    File { path: PathBuf, index: u32 },
}

impl Fonts {
    fn new(slots: Vec<FontSlot>) -> Self {
        Self { book: LazyHash::new(FontBook::from_infos(slots.iter().map(|slot| slot.info.clone()))), slots }
    }

    fn font(&self, index: usize) -> Option<Font> {
        let slot = self.slots.get(index)?;
        slot.font
            .get_or_init(|| match &slot.source {
                FontSource::Embedded(font) => Some(font.clone()),
                FontSource::File { path, index } => {
                    let data = std::fs::read(path)
                        .inspect_err(|err| tracing::warn!(path = %path.display(), error = %err, "reading a font"))
                        .ok()?;
                    Font::new(Bytes::new(data), *index)
                }
            })
            .clone()
    }
}

fn embedded_slots() -> Vec<FontSlot> {
    EMBEDDED_FONTS
        .iter()
        .flat_map(|data| Font::iter(Bytes::new(*data)))
        .map(|font| FontSlot { info: font.info().clone(), source: FontSource::Embedded(font), font: OnceLock::new() })
        .collect()
}

/// The embedded fonts only: every CV whose text they cover.
static EMBEDDED: LazyLock<Fonts> = LazyLock::new(|| Fonts::new(embedded_slots()));

/// The embedded fonts, then the server's: searched once, the first time a CV needs them.
static WITH_SYSTEM: LazyLock<Fonts> = LazyLock::new(|| {
    let mut slots = embedded_slots();
    let started = std::time::Instant::now();
    for dir in SYSTEM_FONT_DIRS {
        for (path, index, info) in system_fonts(Path::new(dir)) {
            slots.push(FontSlot { info, source: FontSource::File { path, index }, font: OnceLock::new() });
        }
    }
    tracing::info!(
        fonts = slots.len() - EMBEDDED_FONTS.len(),
        ms = started.elapsed().as_millis() as u64,
        "searched the server's fonts for the CV"
    );
    Fonts::new(slots)
});

/// Every font face under `dir` (TrueType, OpenType and their collections).
fn system_fonts(dir: &Path) -> Vec<(PathBuf, u32, FontInfo)> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
            if !matches!(extension.as_deref(), Some("ttf" | "otf" | "ttc" | "otc")) {
                continue;
            }
            let Ok(data) = std::fs::read(&path) else { continue };
            let faces = ttf_faces(&data);
            found.extend(faces.into_iter().map(|(index, info)| (path.clone(), index, info)));
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    found
}

/// The faces of a font file with their index in it (a collection holds several).
fn ttf_faces(data: &[u8]) -> Vec<(u32, FontInfo)> {
    (0..).map_while(|index| FontInfo::new(data, index).map(|info| (index, info))).collect()
}

/// The embedded fonts when they cover every character of the CV's data, else those and the
/// server's.
fn fonts_for(data: &str) -> &'static Fonts {
    // Libertinus has every printable ASCII character: only the others are looked up, once each.
    let others: std::collections::BTreeSet<char> =
        data.chars().filter(|c| !c.is_ascii() && !c.is_whitespace() && !c.is_control()).collect();
    let covered = |c: &char| EMBEDDED.slots.iter().any(|slot| slot.info.coverage.contains(*c as u32));
    match others.iter().all(covered) {
        true => &EMBEDDED,
        false => &WITH_SYSTEM,
    }
}

/// Typesets `cv` with the embedded fonts only (what a server without other fonts does).
#[cfg(test)]
fn typeset_embedded_only(cv: &CvDocument) -> anyhow::Result<Vec<u8>> {
    typeset_with(cv, serde_json::to_string(cv)?, &EMBEDDED)
}

#[cfg(test)]
mod tests;
