//! The CV's fonts. Libertinus Serif (regular, italic, bold, bold italic; SIL Open Font License,
//! see `fonts/OFL.txt`) is embedded and covers Latin, Greek and Cyrillic. For a character it
//! lacks (CJK, Arabic, Devanagari, …) the fonts installed on the server are searched, once, the
//! first time a CV needs one: each file is read then to learn what it covers, and kept in memory
//! only once a CV uses one of its faces. With no font for a character, it is set in Libertinus
//! (an empty box) and the PDF cannot be PDF/A.

use std::path::{Path, PathBuf};
use std::sync::{LazyLock, OnceLock};

use rustybuzz::ttf_parser;

/// Where servers keep their fonts (fontconfig's usual directories).
const SYSTEM_FONT_DIRS: [&str; 2] = ["/usr/share/fonts", "/usr/local/share/fonts"];

/// One face: what krilla embeds and the bytes rustybuzz shapes with.
pub struct Face {
    pub pdf: krilla::text::Font,
    pub data: &'static [u8],
    pub index: u32,
}

impl Face {
    fn new(data: &'static [u8], index: u32) -> Option<Self> {
        ttf_parser::Face::parse(data, index).ok()?;
        Some(Self { pdf: krilla::text::Font::new(data.into(), index)?, data, index })
    }

    pub fn shaper(&self) -> rustybuzz::Face<'static> {
        rustybuzz::Face::from_slice(self.data, self.index).expect("parsed when the face was loaded")
    }
}

/// The embedded family, indexed by `Style::face_index`.
pub static EMBEDDED: LazyLock<[Face; 4]> = LazyLock::new(|| {
    [
        include_bytes!("fonts/LibertinusSerif-Regular.otf").as_slice(),
        include_bytes!("fonts/LibertinusSerif-Italic.otf"),
        include_bytes!("fonts/LibertinusSerif-Bold.otf"),
        include_bytes!("fonts/LibertinusSerif-BoldItalic.otf"),
    ]
    .map(|data| Face::new(data, 0).expect("the embedded fonts parse"))
});

/// A face installed on the server: what it covers, and its bytes once used.
struct SystemFace {
    path: PathBuf,
    index: u32,
    /// Inclusive ranges of the code points it maps, sorted.
    coverage: Vec<(u32, u32)>,
    loaded: OnceLock<Option<Face>>,
}

impl SystemFace {
    fn covers(&self, c: char) -> bool {
        let c = c as u32;
        let at = self.coverage.partition_point(|&(_, last)| last < c);
        self.coverage.get(at).is_some_and(|&(first, _)| first <= c)
    }

    fn face(&self) -> Option<&Face> {
        self.loaded
            .get_or_init(|| {
                let data = std::fs::read(&self.path)
                    .inspect_err(|err| tracing::warn!(path = %self.path.display(), error = %err, "reading a font"))
                    .ok()?;
                // Kept for the life of the process, like the embedded fonts: a server has a
                // handful of fonts and reads each at most once.
                Face::new(Vec::leak(data), self.index)
            })
            .as_ref()
    }
}

/// The server's fonts, searched the first time a CV needs a character Libertinus lacks.
static SYSTEM: LazyLock<Vec<SystemFace>> = LazyLock::new(|| {
    let started = std::time::Instant::now();
    let faces: Vec<SystemFace> = SYSTEM_FONT_DIRS.iter().flat_map(|dir| system_faces(Path::new(dir))).collect();
    tracing::info!(fonts = faces.len(), ms = started.elapsed().as_millis() as u64, "searched the server's fonts for the CV");
    faces
});

/// Every face under `dir` (TrueType, OpenType and their collections), in path order.
fn system_faces(dir: &Path) -> Vec<SystemFace> {
    let mut paths = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for path in entries.flatten().map(|entry| entry.path()) {
            let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
            if path.is_dir() {
                pending.push(path);
            } else if matches!(extension.as_deref(), Some("ttf" | "otf" | "ttc" | "otc")) {
                paths.push(path);
            }
        }
    }
    paths.sort();
    let mut faces = Vec::new();
    for path in paths {
        let Ok(data) = std::fs::read(&path) else { continue };
        let count = ttf_parser::fonts_in_collection(&data).unwrap_or(1);
        for index in 0..count {
            let Ok(face) = ttf_parser::Face::parse(&data, index) else { continue };
            faces.push(SystemFace { path: path.clone(), index, coverage: coverage(&face), loaded: OnceLock::new() });
        }
    }
    faces
}

/// The code points a face maps, as sorted inclusive ranges.
fn coverage(face: &ttf_parser::Face) -> Vec<(u32, u32)> {
    let mut points = Vec::new();
    for subtable in face.tables().cmap.iter().flat_map(|cmap| cmap.subtables) {
        if subtable.is_unicode() {
            subtable.codepoints(|c| points.push(c));
        }
    }
    points.sort_unstable();
    points.dedup();
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for c in points {
        match ranges.last_mut() {
            Some((_, last)) if *last + 1 == c => *last = c,
            _ => ranges.push((c, c)),
        }
    }
    ranges
}

/// Which fonts a CV may use besides the embedded family.
#[derive(Clone, Copy)]
pub enum Fallback {
    /// The server's fonts (the product).
    System,
    /// None: what a server without other fonts does (tests).
    #[cfg(test)]
    None,
}

/// Chooses a face per character and remembers whether one had no font.
pub struct Picker {
    fallback: Fallback,
    shapers: Vec<(&'static Face, rustybuzz::Face<'static>)>,
    pub missing: bool,
}

impl Picker {
    pub fn new(fallback: Fallback) -> Self {
        let shapers = EMBEDDED.iter().map(|face| (face, face.shaper())).collect();
        Self { fallback, shapers, missing: false }
    }

    /// The face for `c` in the embedded style `style` (an index into `EMBEDDED`): that one when
    /// it has the character, else the first of the server's that does.
    pub fn pick(&mut self, style: usize, c: char) -> usize {
        if c.is_whitespace() || c.is_control() || self.shapers[style].1.glyph_index(c).is_some() {
            return style;
        }
        if let Some(at) = self.shapers[EMBEDDED.len()..].iter().position(|(_, shaper)| shaper.glyph_index(c).is_some()) {
            return EMBEDDED.len() + at;
        }
        let found = match self.fallback {
            Fallback::System => SYSTEM.iter().filter(|face| face.covers(c)).find_map(SystemFace::face),
            #[cfg(test)]
            Fallback::None => None,
        };
        match found {
            Some(face) => {
                self.shapers.push((face, face.shaper()));
                self.shapers.len() - 1
            }
            None => {
                self.missing = true;
                style
            }
        }
    }

    pub fn face(&self, index: usize) -> &'static Face {
        self.shapers[index].0
    }

    pub fn shaper(&self, index: usize) -> &rustybuzz::Face<'static> {
        &self.shapers[index].1
    }
}
