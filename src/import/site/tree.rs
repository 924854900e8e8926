//! The site's files as the importer sees them: a folder (a clone of the site's repository), or
//! a `.zip` / `.tar.gz` of one, read within stated limits. Nothing is ever written to disk:
//! a folder is read in place, an archive's useful files are held in memory, so an entry named
//! `../../etc/passwd` or a link out of the tree can never be written anywhere; such archives
//! are refused outright, naming the entry.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

use crate::error::AppError;

/// How much of a site is read: stated in the README ("Coming from al-folio, Hugo Blox or
/// academicpages").
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Files (and folders) a site may hold: real sites have hundreds to a few thousand.
    pub files: usize,
    /// Bytes an archive may unpack to, all entries together (zip bombs stop here).
    pub unpacked: u64,
    /// A single file larger than this is left out (known by name only).
    pub file: u64,
}

pub const LIMITS: Limits = Limits { files: 20_000, unpacked: 1024 * 1024 * 1024, file: 60 * 1024 * 1024 };

/// Folders that are build output, installed dependencies or version control: never content.
const IGNORED_DIRS: &[&str] = &[".git", "node_modules", "_site", ".jekyll-cache", ".sass-cache", "vendor", "resources", "public"];

/// Extensions whose bytes the importer may read: text it parses and media it uploads. Other
/// files are known by name only (enough to tell "missing" from "present").
const KEPT: &[&str] =
    &["md", "markdown", "html", "htm", "yml", "yaml", "toml", "json", "bib", "txt", "jpg", "jpeg", "png", "gif", "webp", "pdf"];

enum Entry {
    /// A file of a folder, read when asked for.
    Disk(PathBuf),
    /// A file of an archive, read already.
    Memory(Vec<u8>),
    /// Known by name (a file the importer never reads, or one too large).
    NameOnly { too_large: bool },
}

/// The files of a site, by path relative to its root with `/` separators.
pub struct Tree {
    files: BTreeMap<String, Entry>,
}

fn refused(message: String) -> AppError {
    AppError::BadRequest(message)
}

fn kept(path: &str) -> bool {
    let extension = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    KEPT.contains(&extension.as_str())
}

/// A path inside the archive as a relative `a/b/c`, or `None` when it leaves the tree
/// (`..`, an absolute path, a drive letter).
fn relative(path: &Path) -> Option<String> {
    let mut parts = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => parts.push(part.to_str()?.trim_start_matches('\u{feff}').to_owned()),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

fn ignored(path: &str) -> bool {
    path.split('/').any(|part| IGNORED_DIRS.contains(&part))
}

impl Tree {
    /// Reads `path`: a folder, a `.zip` or a `.tar.gz` / `.tgz`, within [`LIMITS`].
    pub fn open(path: &Path) -> Result<Tree, AppError> {
        Tree::open_within(path, LIMITS)
    }

    pub fn open_within(path: &Path, limits: Limits) -> Result<Tree, AppError> {
        let metadata = std::fs::metadata(path).map_err(|e| refused(format!("Cannot read {}: {e}", path.display())))?;
        if metadata.is_dir() {
            return Tree::folder(path, limits);
        }
        let name = path.to_string_lossy().to_ascii_lowercase();
        let file = std::fs::File::open(path).map_err(|e| refused(format!("Cannot read {}: {e}", path.display())))?;
        if name.ends_with(".zip") {
            Tree::zip(file, limits)
        } else if name.ends_with(".tar.gz") || name.ends_with(".tgz") {
            Tree::tar_gz(file, limits)
        } else {
            Err(refused(format!("{} is not a folder, a .zip or a .tar.gz", path.display())))
        }
    }

    fn folder(root: &Path, limits: Limits) -> Result<Tree, AppError> {
        let root = root.canonicalize().map_err(|e| refused(format!("Cannot read {}: {e}", root.display())))?;
        let mut files = BTreeMap::new();
        let mut pending = vec![root.clone()];
        let mut count = 0usize;
        while let Some(dir) = pending.pop() {
            let entries = std::fs::read_dir(&dir).map_err(|e| refused(format!("Cannot read {}: {e}", dir.display())))?;
            for entry in entries {
                let entry = entry.map_err(|e| refused(format!("Cannot read {}: {e}", dir.display())))?;
                let path = entry.path();
                let Some(name) = path.strip_prefix(&root).ok().and_then(relative) else { continue };
                if ignored(&name) {
                    continue;
                }
                count += 1;
                if count > limits.files {
                    return Err(too_many(limits));
                }
                let kind = entry.file_type().map_err(|e| refused(format!("Cannot read {name}: {e}")))?;
                if kind.is_symlink() {
                    // A link inside the tree is read as its target is (under its own name);
                    // one that leads out of it is refused: the import reads the site only.
                    let target = path.canonicalize().ok().filter(|t| t.starts_with(&root));
                    match target {
                        Some(target) if target.is_file() => {
                            files.insert(name, Entry::Disk(target));
                        }
                        Some(_) => {}
                        None => return Err(refused(format!("{name} is a symbolic link that leads out of the site: refused"))),
                    }
                } else if kind.is_dir() {
                    pending.push(path);
                } else if kind.is_file() {
                    let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
                    let file = if size > limits.file { Entry::NameOnly { too_large: true } } else { Entry::Disk(path) };
                    files.insert(name, file);
                }
            }
        }
        Ok(Tree { files }.without_top_folder())
    }

    fn zip(file: std::fs::File, limits: Limits) -> Result<Tree, AppError> {
        let mut archive = zip::ZipArchive::new(std::io::BufReader::new(file))
            .map_err(|e| refused(format!("This is not a readable .zip archive: {e}")))?;
        if archive.len() > limits.files {
            return Err(too_many(limits));
        }
        let mut files = BTreeMap::new();
        let mut unpacked = 0u64;
        for index in 0..archive.len() {
            let mut entry =
                archive.by_index(index).map_err(|e| refused(format!("Entry {} of the archive cannot be read: {e}", index + 1)))?;
            let raw = entry.name().map(|name| name.into_owned()).unwrap_or_default();
            // The name as written (`/etc/x` and `..\\x` included), not zip's cleaned-up one.
            let Some(name) = relative(Path::new(&raw.replace('\\', "/"))).filter(|_| entry.enclosed_name().is_some()) else {
                return Err(refused(format!("The archive entry {raw} points outside the site (an absolute path or ..): refused")));
            };
            if entry.is_symlink() {
                return Err(refused(format!("The archive entry {name} is a symbolic link: refused")));
            }
            if entry.is_dir() || ignored(&name) {
                continue;
            }
            let declared = entry.size();
            unpacked = unpacked.saturating_add(declared);
            if unpacked > limits.unpacked {
                return Err(too_big(limits));
            }
            let file = if declared > limits.file {
                Entry::NameOnly { too_large: true }
            } else if kept(&name) {
                let bytes = read_bounded(&mut entry, &name, declared, limits)?;
                // The size an entry declares may lie: what it really unpacked to counts.
                unpacked = unpacked.saturating_add((bytes.len() as u64).saturating_sub(declared));
                if unpacked > limits.unpacked {
                    return Err(too_big(limits));
                }
                Entry::Memory(bytes)
            } else {
                Entry::NameOnly { too_large: false }
            };
            files.insert(name, file);
        }
        Ok(Tree { files }.without_top_folder())
    }

    fn tar_gz(file: std::fs::File, limits: Limits) -> Result<Tree, AppError> {
        let decoder = flate2::read::GzDecoder::new(std::io::BufReader::new(file));
        // Every byte the archive unpacks to is counted, read or skipped: a bomb stops here.
        let mut archive = tar::Archive::new(decoder.take(limits.unpacked + 1));
        let mut files = BTreeMap::new();
        let mut count = 0usize;
        let entries = archive.entries().map_err(|e| refused(format!("This is not a readable .tar.gz archive: {e}")))?;
        for entry in entries {
            let mut entry = entry.map_err(|e| tar_error(e, limits))?;
            let path = entry.path().map_err(|e| tar_error(e, limits))?.into_owned();
            let Some(name) = relative(&path) else {
                return Err(refused(format!(
                    "The archive entry {} points outside the site (an absolute path or ..): refused",
                    path.display()
                )));
            };
            count += 1;
            if count > limits.files {
                return Err(too_many(limits));
            }
            let kind = entry.header().entry_type();
            if kind.is_symlink() || kind.is_hard_link() {
                return Err(refused(format!("The archive entry {name} is a link: refused")));
            }
            if !kind.is_file() || ignored(&name) {
                continue;
            }
            let size = entry.header().size().unwrap_or(0);
            let file = if size > limits.file {
                Entry::NameOnly { too_large: true }
            } else if kept(&name) {
                Entry::Memory(read_bounded(&mut entry, &name, size, limits)?)
            } else {
                Entry::NameOnly { too_large: false }
            };
            files.insert(name, file);
        }
        Ok(Tree { files }.without_top_folder())
    }

    /// A repository archive usually holds one folder (`site-main/…`): its content is the site.
    fn without_top_folder(self) -> Tree {
        let mut tops = self.files.keys().map(|path| path.split_once('/').map(|(top, _)| top));
        let Some(Some(first)) = tops.next() else { return self };
        if !tops.all(|top| top == Some(first)) {
            return self;
        }
        let prefix = format!("{first}/");
        let files = self.files.into_iter().map(|(path, entry)| (path[prefix.len()..].to_owned(), entry)).collect();
        Tree { files }
    }

    pub fn exists(&self, path: &str) -> bool {
        self.files.contains_key(path)
    }

    /// Whether `dir` holds any file.
    pub fn has_dir(&self, dir: &str) -> bool {
        let prefix = format!("{}/", dir.trim_end_matches('/'));
        self.files.range(prefix.clone()..).next().is_some_and(|(path, _)| path.starts_with(&prefix))
    }

    /// Every file under `dir`, at any depth, in path order.
    pub fn under<'a>(&'a self, dir: &str) -> impl Iterator<Item = &'a str> + 'a {
        let prefix = format!("{}/", dir.trim_end_matches('/'));
        self.files.range(prefix.clone()..).map(|(path, _)| path.as_str()).take_while(move |path| path.starts_with(&prefix))
    }

    /// The bytes of a file; `None` when it is absent, too large or of a kind never read.
    pub fn bytes(&self, path: &str) -> Option<Vec<u8>> {
        match self.files.get(path)? {
            Entry::Disk(file) => std::fs::read(file).ok(),
            Entry::Memory(bytes) => Some(bytes.clone()),
            Entry::NameOnly { .. } => None,
        }
    }

    pub fn too_large(&self, path: &str) -> bool {
        matches!(self.files.get(path), Some(Entry::NameOnly { too_large: true }))
    }

    /// A text file as UTF-8 (a byte-order mark dropped); a file holding binary is an error
    /// that names it.
    pub fn text(&self, path: &str) -> Result<String, String> {
        let bytes = self.bytes(path).ok_or_else(|| format!("{path}: cannot be read"))?;
        if bytes.contains(&0) {
            return Err(format!("{path}: holds binary data, not text"));
        }
        let text = String::from_utf8(bytes).map_err(|_| format!("{path}: is not UTF-8 text"))?;
        Ok(text.strip_prefix('\u{feff}').map(str::to_owned).unwrap_or(text))
    }
}

fn read_bounded(reader: &mut impl Read, name: &str, size: u64, limits: Limits) -> Result<Vec<u8>, AppError> {
    let mut bytes = Vec::with_capacity(size.min(limits.file) as usize);
    reader.take(limits.file + 1).read_to_end(&mut bytes).map_err(|e| refused(format!("The archive entry {name} cannot be read: {e}")))?;
    if bytes.len() as u64 > limits.file {
        return Err(refused(format!("The archive entry {name} unpacks to more than it says: refused")));
    }
    Ok(bytes)
}

fn tar_error(error: std::io::Error, limits: Limits) -> AppError {
    refused(format!("The archive cannot be read: {error} (or it unpacks to more than {})", megabytes(limits.unpacked)))
}

fn megabytes(bytes: u64) -> String {
    format!("{} MB", bytes.div_ceil(1024 * 1024))
}

fn too_many(limits: Limits) -> AppError {
    refused(format!("The site has more than {} files: refused (is this the site's repository?)", limits.files))
}

fn too_big(limits: Limits) -> AppError {
    refused(format!("The archive unpacks to more than {}: refused", megabytes(limits.unpacked)))
}
