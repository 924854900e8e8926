//! The admin's "Import a site" (issue 42): `vita import site` through an upload.
//!
//! `POST /api/site-import?generator=` takes the site's `.zip` or `.tar.gz` as the raw request
//! body (its kind told by its first bytes, never its name), streams it to a file in the data
//! folder (never held in memory), reads it with the command's own code (`site::prepare`) and
//! answers the dry run's report with a token. `POST /api/site-import/<token>` imports that same
//! file and deletes it; `DELETE /api/site-import/<token>` drops it unimported.
//!
//! An upload is kept for an hour, at most [`MAX_KEPT`] at a time (a newer one pushes the oldest
//! out), and the folder is emptied when the server starts: a site is at most 400 MB, so
//! forgotten previews must not fill the disk. One upload or import runs at a time.

use std::path::{Path as FilePath, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use http_body_util::BodyExt;
use rand::Rng;
use rand::distr::Alphanumeric;
use serde::{Deserialize, Serialize};
use tokio::io::AsyncWriteExt;
use ts_rs::TS;

use super::AppState;
use super::extract::{Path, Query};
use crate::auth::OwnerSession;
use crate::error::AppError;
use crate::import::site::{self, Counts, Generator, Kind, Report};

/// The largest site upload: a site's repository without its build output is a few megabytes to
/// a few hundred (its pictures and PDFs).
pub const MAX_UPLOAD: u64 = 400 * 1024 * 1024;
/// How long an uploaded site waits for its Import button.
const KEPT_FOR: Duration = Duration::from_secs(60 * 60);
/// Uploaded sites kept at once (each up to 400 MB).
const MAX_KEPT: usize = 2;
/// The folder of the data directory the uploads are kept in.
const FOLDER: &str = "site-uploads";

/// What the admin is answered: the report of the dry run (with the token of the kept upload)
/// or of the import.
#[derive(Serialize, TS)]
pub struct SiteImportAnswer {
    /// The upload to import (`POST /api/site-import/<token>`); null once imported.
    pub token: Option<String>,
    /// Which generator read the site and why, as the command prints it.
    pub detection: String,
    /// Each kind's numbers, in the preview's order, with its heading.
    pub counts: Vec<KindCounts>,
    pub report: Report,
}

#[derive(Serialize, TS)]
#[ts(rename = "SiteKindCounts")]
pub struct KindCounts {
    pub kind: Kind,
    pub heading: String,
    pub counts: Counts,
}

impl SiteImportAnswer {
    fn new(token: Option<String>, detection: String, report: Report) -> Self {
        let counts = Kind::ALL
            .into_iter()
            .filter(|kind| report.items.iter().any(|item| item.kind == *kind))
            .map(|kind| KindCounts { kind, heading: kind.plural().to_owned(), counts: report.counts(kind) })
            .collect();
        SiteImportAnswer { token, detection, counts, report }
    }
}

/// The uploaded sites waiting for their Import button.
#[derive(Clone)]
pub struct SiteUploads(Option<Arc<Uploads>>);

struct Uploads {
    dir: PathBuf,
    kept: std::sync::Mutex<Vec<Kept>>,
    /// One upload or import at a time: each may take hundreds of megabytes and a core.
    work: tokio::sync::Mutex<()>,
}

struct Kept {
    token: String,
    path: PathBuf,
    asked: Option<Generator>,
    since: Instant,
}

impl SiteUploads {
    /// The uploads folder of `data_dir`, emptied: what a previous run kept is gone with its
    /// tokens. The folder itself is made at the first upload.
    pub fn open(data_dir: &FilePath) -> Self {
        let dir = data_dir.join(FOLDER);
        match std::fs::remove_dir_all(&dir) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                tracing::warn!(error = %e, folder = %dir.display(), "cannot remove the site uploads of the previous run");
            }
            _ => {}
        }
        SiteUploads(Some(Arc::new(Uploads { dir, kept: Default::default(), work: Default::default() })))
    }

    /// No uploads (the static export's router, which serves no API writes).
    pub fn off() -> Self {
        SiteUploads(None)
    }

    fn uploads(&self) -> Result<&Uploads, AppError> {
        self.0.as_deref().ok_or_else(|| AppError::not_found("site import"))
    }
}

impl Uploads {
    fn kept(&self) -> std::sync::MutexGuard<'_, Vec<Kept>> {
        self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Deletes the uploads past their hour.
    fn expire(&self) {
        let expired: Vec<Kept> = {
            let mut kept = self.kept();
            let (old, fresh) = kept.drain(..).partition(|k| k.since.elapsed() > KEPT_FOR);
            *kept = fresh;
            old
        };
        for upload in expired {
            remove(&upload.path);
        }
    }

    /// Keeps a new upload, deleting the oldest past [`MAX_KEPT`].
    fn keep(&self, upload: Kept) {
        let pushed_out: Vec<Kept> = {
            let mut kept = self.kept();
            kept.push(upload);
            let extra = kept.len().saturating_sub(MAX_KEPT);
            kept.drain(..extra).collect()
        };
        for upload in pushed_out {
            remove(&upload.path);
        }
    }

    fn find(&self, token: &str) -> Option<(PathBuf, Option<Generator>)> {
        self.kept().iter().find(|k| k.token == token).map(|k| (k.path.clone(), k.asked))
    }

    fn forget(&self, token: &str) {
        let gone: Vec<Kept> = {
            let mut kept = self.kept();
            let (gone, rest) = kept.drain(..).partition(|k| k.token == token);
            *kept = rest;
            gone
        };
        for upload in gone {
            remove(&upload.path);
        }
    }
}

fn remove(path: &FilePath) {
    if let Err(e) = std::fs::remove_file(path)
        && e.kind() != std::io::ErrorKind::NotFound
    {
        tracing::warn!(error = %e, file = %path.display(), "cannot remove a site upload");
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UploadQuery {
    /// `alfolio`, `hugo` or `academicpages`: read the site as this generator's, whatever its
    /// marker files say (the command's `--generator`).
    generator: Option<String>,
}

/// `POST /api/site-import?generator=` with the archive as the body: the dry run's report.
pub async fn preview(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Query(query): Query<UploadQuery>,
    headers: HeaderMap,
    body: Body,
) -> Result<axum::Json<SiteImportAnswer>, AppError> {
    let uploads = state.site_uploads.uploads()?;
    let asked = query.generator.as_deref().filter(|g| !g.is_empty()).map(generator).transpose()?;
    // A declared size past the limit is refused before a byte is read.
    if super::extract::declared_length(&headers).is_some_and(|length| length as u64 > MAX_UPLOAD) {
        return Err(too_large());
    }
    let _work = uploads.work.lock().await;
    uploads.expire();
    tokio::fs::create_dir_all(&uploads.dir).await.map_err(|e| AppError::StorageUnavailable(e.into()))?;
    let token: String = rand::rng().sample_iter(&Alphanumeric).take(32).map(char::from).collect();
    let partial = uploads.dir.join(format!("{token}.partial"));
    let archive = match receive(body, &partial).await {
        Ok(archive) => archive,
        Err(e) => {
            remove(&partial);
            return Err(e);
        }
    };
    // The reader tells the archive's kind by the name: the name the content gave it.
    let path = uploads.dir.join(format!("{token}.{}", archive.extension()));
    if let Err(e) = tokio::fs::rename(&partial, &path).await {
        remove(&partial);
        return Err(AppError::StorageUnavailable(e.into()));
    }
    match run(&state, path.clone(), asked, true).await {
        Ok((detection, report)) => {
            uploads.keep(Kept { token: token.clone(), path, asked, since: Instant::now() });
            // Past its hour the upload is deleted, even if nothing else comes.
            let later = state.site_uploads.clone();
            tokio::spawn(async move {
                tokio::time::sleep(KEPT_FOR + Duration::from_secs(1)).await;
                if let Ok(uploads) = later.uploads() {
                    let _work = uploads.work.lock().await;
                    uploads.expire();
                }
            });
            Ok(axum::Json(SiteImportAnswer::new(Some(token), detection, report)))
        }
        Err(e) => {
            remove(&path);
            Err(e)
        }
    }
}

/// `POST /api/site-import/<token>`: imports the site uploaded for that preview, then deletes
/// the upload.
pub async fn import(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(token): Path<String>,
) -> Result<axum::Json<SiteImportAnswer>, AppError> {
    let uploads = state.site_uploads.uploads()?;
    let _work = uploads.work.lock().await;
    uploads.expire();
    let (path, asked) = uploads.find(&token).ok_or_else(no_longer_kept)?;
    // A failure (the database gone, say) writes nothing and keeps the upload for another try.
    let (detection, report) = run(&state, path, asked, false).await?;
    uploads.forget(&token);
    Ok(axum::Json(SiteImportAnswer::new(None, detection, report)))
}

/// `DELETE /api/site-import/<token>`: the owner chose another file or left.
pub async fn discard(State(state): State<AppState>, _owner: OwnerSession, Path(token): Path<String>) -> Result<StatusCode, AppError> {
    let uploads = state.site_uploads.uploads()?;
    let _work = uploads.work.lock().await;
    uploads.forget(&token);
    Ok(StatusCode::NO_CONTENT)
}

/// Reads the site at `path` and imports it (or, `dry_run`, does all of it and rolls back):
/// the command's own steps.
async fn run(state: &AppState, path: PathBuf, asked: Option<Generator>, dry_run: bool) -> Result<(String, Report), AppError> {
    let site::Prepared { tree, generator, detection, site } = site::prepare(path, site::tree::LIMITS, asked).await?;
    let report = site::import(&state.db, &state.files, &state.changes, &tree, generator, site, dry_run).await?;
    Ok((detection, report))
}

/// The archive kinds a site comes in, told by their first bytes.
#[derive(Clone, Copy)]
enum Archive {
    Zip,
    TarGz,
}

impl Archive {
    fn of(head: &[u8]) -> Option<Archive> {
        match head {
            // A local file header, or the end record of an empty archive.
            [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..] => Some(Archive::Zip),
            [0x1f, 0x8b, ..] => Some(Archive::TarGz),
            _ => None,
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Archive::Zip => "zip",
            Archive::TarGz => "tar.gz",
        }
    }
}

/// Streams the body to `to`, refusing it as soon as it passes [`MAX_UPLOAD`] (whatever
/// Content-Length said) or its first bytes are not an archive's.
async fn receive(mut body: Body, to: &FilePath) -> Result<Archive, AppError> {
    let mut file = tokio::fs::File::create(to).await.map_err(|e| AppError::StorageUnavailable(e.into()))?;
    let mut received = 0u64;
    let mut head = Vec::with_capacity(4);
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| {
            if crate::error::is_body_timeout(&e) {
                AppError::RequestTimeout
            } else {
                AppError::BadRequest(format!("The upload was interrupted: {e}"))
            }
        })?;
        let Ok(chunk) = frame.into_data() else { continue };
        received += chunk.len() as u64;
        if received > MAX_UPLOAD {
            return Err(too_large());
        }
        if head.len() < 4 {
            head.extend(chunk.iter().take(4 - head.len()));
            if head.len() == 4 && Archive::of(&head).is_none() {
                return Err(not_an_archive());
            }
        }
        file.write_all(&chunk).await.map_err(|e| AppError::StorageUnavailable(e.into()))?;
    }
    file.flush().await.map_err(|e| AppError::StorageUnavailable(e.into()))?;
    Archive::of(&head).ok_or_else(not_an_archive)
}

fn generator(name: &str) -> Result<Generator, AppError> {
    <Generator as clap::ValueEnum>::from_str(name, true)
        .map_err(|_| AppError::BadRequest(format!("{name:?} is not a generator Vita reads: alfolio, hugo or academicpages")))
}

fn too_large() -> AppError {
    AppError::PayloadTooLarge(format!("The site's archive is larger than {} MB: refused", MAX_UPLOAD / (1024 * 1024)))
}

fn not_an_archive() -> AppError {
    AppError::UnsupportedMediaType("This file is not a .zip or .tar.gz archive: upload the site's repository as one".to_owned())
}

fn no_longer_kept() -> AppError {
    AppError::NotFound("This upload is no longer kept (an upload waits an hour, two at most): upload the site again".to_owned())
}
