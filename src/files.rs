//! Uploaded files (the profile photo, the CV, the papers' PDFs), kept through `object_store`: a folder in the
//! data directory by default, an S3-compatible bucket when one is configured (`VITA_S3_BUCKET`). A file's
//! type is decided by its content (magic bytes), never by its name, and every stored name is
//! generated, so an upload can neither overwrite another file nor pick its own path.
//!
//! The content is then checked as that kind (`check_content`): an image must decode fully,
//! within `MAX_IMAGE_SIDE` and `MAX_IMAGE_PIXELS` (read from its header before anything is
//! decoded) and with nothing after its end, so truncated files, size bombs and polyglots (an
//! image with HTML or a ZIP appended) are refused; a `.doc` must hold a `WordDocument` stream,
//! a `.docx` the parts of a Word document (only the ZIP's directory is read, nothing is
//! unpacked). The bytes stored are the bytes uploaded.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use chrono::Utc;
use object_store::aws::{AmazonS3Builder, AmazonS3ConfigKey};
use object_store::local::LocalFileSystem;
use object_store::path::Path as StorePath;
use object_store::{BackoffConfig, ClientConfigKey, ObjectStore, ObjectStoreExt, RetryConfig, WriteMultipart};
use rand::Rng;
use rand::distr::Alphanumeric;
use serde::Serialize;
use ts_rs::TS;

use crate::config::StoreConfig;
use crate::error::AppError;

const MB: usize = 1024 * 1024;

/// Files larger than this go up in parts of this size (S3's smallest part is 5 MiB): a 10 MB
/// CV or a 50 MB paper is sent as several requests, each retried on its own.
const PART_SIZE: usize = 5 * MB;

/// The widest or tallest image accepted, in pixels (a profile photo needs far less).
pub const MAX_IMAGE_SIDE: u32 = 10_000;
/// The most pixels an accepted image may have: 40 megapixels, 160 MB decoded as RGBA.
pub const MAX_IMAGE_PIXELS: u64 = 40_000_000;

/// A kind of file an upload may be, recognised by its first bytes.
struct Kind {
    mime: &'static str,
    extensions: &'static [&'static str],
}

const JPEG: Kind = Kind { mime: "image/jpeg", extensions: &["jpg", "jpeg"] };
const PNG: Kind = Kind { mime: "image/png", extensions: &["png"] };
const WEBP: Kind = Kind { mime: "image/webp", extensions: &["webp"] };
const GIF: Kind = Kind { mime: "image/gif", extensions: &["gif"] };
const PDF: Kind = Kind { mime: "application/pdf", extensions: &["pdf"] };
const DOC: Kind = Kind { mime: "application/msword", extensions: &["doc"] };
const DOCX: Kind = Kind { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extensions: &["docx"] };

/// The spec's storage buckets with their limits (section 9) and accepted kinds (section 5),
/// and the papers' PDFs (issue 13), served at their paper's address rather than under `/files`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bucket {
    ProfilePhotos,
    CvFiles,
    PaperPdfs,
}

impl Bucket {
    pub fn from_name(name: &str) -> Result<Self, AppError> {
        match name {
            "profile-photos" => Ok(Bucket::ProfilePhotos),
            "cv-files" => Ok(Bucket::CvFiles),
            "paper-pdfs" => Ok(Bucket::PaperPdfs),
            _ => Err(AppError::NotFound(format!("No file bucket named {name}"))),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Bucket::ProfilePhotos => "profile-photos",
            Bucket::CvFiles => "cv-files",
            Bucket::PaperPdfs => "paper-pdfs",
        }
    }

    /// Profile photo 5 MB, CV 10 MB, a paper 50 MB (scanned theses and long reports).
    pub fn max_bytes(self) -> usize {
        match self {
            Bucket::ProfilePhotos => 5 * MB,
            Bucket::CvFiles => 10 * MB,
            Bucket::PaperPdfs => 50 * MB,
        }
    }

    fn kinds(self) -> &'static [Kind] {
        match self {
            Bucket::ProfilePhotos => &[JPEG, PNG, WEBP, GIF],
            Bucket::CvFiles => &[PDF, DOC, DOCX],
            Bucket::PaperPdfs => &[PDF],
        }
    }

    fn refusal(self) -> &'static str {
        match self {
            Bucket::ProfilePhotos => "Only JPEG, PNG, WebP or GIF images can be uploaded as a profile photo",
            Bucket::CvFiles => "Only PDF, DOC or DOCX files can be uploaded as a CV",
            Bucket::PaperPdfs => "Only PDF files can be uploaded as a paper",
        }
    }

    pub fn too_large(self) -> AppError {
        AppError::PayloadTooLarge(format!("File size must be less than {}MB", self.max_bytes() / MB))
    }
}

/// What an upload answers: where the file is now public.
#[derive(Clone, Debug, Serialize, TS)]
pub struct UploadedFile {
    pub bucket: String,
    pub name: String,
    /// The public URL to store in the content field.
    pub url: String,
    pub content_type: String,
    /// Bytes; uploads are at most 50 MB, so a JSON number holds it exactly.
    #[ts(type = "number")]
    pub size: u64,
}

#[derive(Clone)]
pub struct Files {
    store: Arc<dyn ObjectStore>,
}

impl Files {
    /// A folder `files` in the data directory, or the configured S3 bucket (credentials,
    /// region and endpoint from the usual `AWS_*` variables).
    pub fn open(config: &StoreConfig) -> anyhow::Result<Self> {
        let store: Arc<dyn ObjectStore> = match &config.s3_bucket {
            Some(bucket) if !bucket.is_empty() => {
                let mut builder = AmazonS3Builder::from_env()
                    .with_bucket_name(bucket)
                    // A storage server that is down answers the upload with a 503 within
                    // seconds, rather than after object_store's default three minutes of retries.
                    .with_retry(RetryConfig {
                        backoff: BackoffConfig::default(),
                        max_retries: 3,
                        retry_timeout: std::time::Duration::from_secs(10),
                    })
                    // A setting, not `with_client_options`, which would replace those read from
                    // the environment (`AWS_ALLOW_HTTP`…).
                    .with_config(AmazonS3ConfigKey::Client(ClientConfigKey::ConnectTimeout), "3s");
                for (key, value) in &config.s3_settings {
                    builder = builder.with_config(key.parse::<AmazonS3ConfigKey>()?, value);
                }
                Arc::new(builder.build()?)
            }
            _ => {
                let dir = config.data_dir.join("files");
                std::fs::create_dir_all(&dir)?;
                Arc::new(LocalFileSystem::new_with_prefix(&dir)?)
            }
        };
        Ok(Self { store })
    }

    /// Checks the content against the bucket's kinds and stores it under a new unique name:
    /// timestamp, random string, and the original extension when it fits the content.
    pub async fn upload(&self, bucket: Bucket, original_name: &str, data: Bytes) -> Result<UploadedFile, AppError> {
        if data.len() > bucket.max_bytes() {
            return Err(bucket.too_large());
        }
        let detected = infer::get(&data).map(|t| t.mime_type()).unwrap_or("");
        let kind = bucket
            .kinds()
            .iter()
            .find(|k| k.mime == detected)
            .ok_or_else(|| AppError::UnsupportedMediaType(bucket.refusal().to_owned()))?;
        let checked = data.clone();
        let mime = kind.mime;
        // Decoding is CPU-bound: off the async workers, so other requests go on meanwhile.
        tokio::task::spawn_blocking(move || check_content(mime, &checked))
            .await
            .map_err(|e| AppError::Internal(anyhow::anyhow!("the upload check failed: {e}")))??;
        let original_extension = original_name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
        let extension =
            if kind.extensions.contains(&original_extension.as_str()) { original_extension } else { kind.extensions[0].to_owned() };
        let random: String = rand::rng().sample_iter(&Alphanumeric).take(10).map(char::from).collect();
        let name = format!("{}-{}.{extension}", Utc::now().timestamp_millis(), random.to_ascii_lowercase());
        let size = data.len() as u64;
        self.put_object(&path(bucket, &name), data).await.map_err(storage_unavailable)?;
        Ok(UploadedFile {
            bucket: bucket.name().to_owned(),
            url: format!("/files/{}/{name}", bucket.name()),
            name,
            content_type: kind.mime.to_owned(),
            size,
        })
    }

    /// Stores `data` in one request, or in parts when it is large; a failed multipart upload
    /// is aborted, so no part is left behind.
    async fn put_object(&self, path: &StorePath, data: Bytes) -> object_store::Result<()> {
        if data.len() <= PART_SIZE {
            return self.store.put(path, data.into()).await.map(drop);
        }
        let mut upload = WriteMultipart::new_with_chunk_size(self.store.put_multipart(path).await?, PART_SIZE);
        upload.put(data);
        upload.finish().await.map(drop)
    }

    /// The stored bytes and their content type.
    pub async fn read(&self, bucket: Bucket, name: &str) -> Result<(Bytes, &'static str), AppError> {
        let mime = content_type(bucket, name).ok_or_else(|| AppError::not_found("file"))?;
        match self.store.get(&path(bucket, name)).await {
            Ok(result) => Ok((result.bytes().await.map_err(storage_unavailable)?, mime)),
            Err(object_store::Error::NotFound { .. }) => Err(AppError::not_found("file")),
            Err(err) => Err(storage_unavailable(err)),
        }
    }

    /// The stored object as a stream (a paper may be 50 MB: it is not held in memory), with
    /// its size.
    pub async fn stream(&self, bucket: Bucket, name: &str) -> Result<(Body, u64), AppError> {
        content_type(bucket, name).ok_or_else(|| AppError::not_found("file"))?;
        match self.store.get(&path(bucket, name)).await {
            Ok(result) => {
                let size = result.meta.size;
                Ok((Body::from_stream(result.into_stream()), size))
            }
            Err(object_store::Error::NotFound { .. }) => Err(AppError::not_found("file")),
            Err(err) => Err(storage_unavailable(err)),
        }
    }

    pub async fn remove(&self, bucket: Bucket, name: &str) -> Result<(), AppError> {
        content_type(bucket, name).ok_or_else(|| AppError::not_found("file"))?;
        let path = path(bucket, name);
        match self.store.head(&path).await {
            Ok(_) => {}
            Err(object_store::Error::NotFound { .. }) => return Err(AppError::not_found("file")),
            Err(err) => return Err(storage_unavailable(err)),
        }
        self.store.delete(&path).await.map_err(storage_unavailable)?;
        Ok(())
    }
}

/// The bucket (or the folder) failed: a 503 that says so, the cause in the log.
fn storage_unavailable(err: object_store::Error) -> AppError {
    AppError::StorageUnavailable(err.into())
}

/// Every stored object, named `<bucket>/<name>`, the backup's view of the store
/// (`crate::backup`): the same names on the local folder and on S3.
impl Files {
    /// Every stored file with its size, in name order.
    pub async fn list(&self) -> anyhow::Result<Vec<(String, u64)>> {
        let mut found = Vec::new();
        for bucket in [Bucket::ProfilePhotos, Bucket::CvFiles, Bucket::PaperPdfs] {
            let listed = self.store.list_with_delimiter(Some(&StorePath::from(bucket.name()))).await?;
            found.extend(listed.objects.into_iter().map(|object| (object.location.to_string(), object.size)));
        }
        found.sort();
        Ok(found)
    }

    /// A stored file's bytes; `None` when it is gone (deleted since it was listed).
    pub async fn get(&self, key: &StoredKey) -> anyhow::Result<Option<Bytes>> {
        match self.store.get(&key.path()).await {
            Ok(result) => Ok(Some(result.bytes().await?)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(err.into()),
        }
    }

    pub async fn put(&self, key: &StoredKey, data: Bytes) -> anyhow::Result<()> {
        self.put_object(&key.path(), data).await?;
        Ok(())
    }

    pub async fn delete(&self, key: &StoredKey) -> anyhow::Result<()> {
        match self.store.delete(&key.path()).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(err) => Err(err.into()),
        }
    }
}

/// `<bucket>/<name>` of a file `upload` could have stored: nothing else (no other folder, no
/// `..`) is accepted, so a name read from an archive cannot reach outside the store.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct StoredKey {
    pub bucket: Bucket,
    pub name: String,
}

impl StoredKey {
    pub fn parse(key: &str) -> Option<Self> {
        let (bucket, name) = key.split_once('/')?;
        let bucket = Bucket::from_name(bucket).ok()?;
        is_stored_name(bucket, name).then(|| Self { bucket, name: name.to_owned() })
    }

    fn path(&self) -> StorePath {
        path(self.bucket, &self.name)
    }
}

impl std::fmt::Display for StoredKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.bucket.name(), self.name)
    }
}

/// Whether `data`, already recognised as `mime` by its first bytes, really is such a file.
fn check_content(mime: &str, data: &[u8]) -> Result<(), AppError> {
    let refused = |message: &str| Err(AppError::UnsupportedMediaType(message.to_owned()));
    match mime {
        "image/jpeg" => check_image(data, image::ImageFormat::Jpeg),
        "image/png" => check_image(data, image::ImageFormat::Png),
        "image/gif" => check_image(data, image::ImageFormat::Gif),
        "image/webp" => check_image(data, image::ImageFormat::WebP),
        "application/msword" => {
            let is_word = cfb::CompoundFile::open(std::io::Cursor::new(data)).is_ok_and(|file| file.is_stream("/WordDocument"));
            if is_word { Ok(()) } else { refused("This .doc file is not a Word document") }
        }
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document" => {
            // The directory only: a ZIP bomb costs nothing when nothing is unpacked.
            let is_word = zip::ZipArchive::new(std::io::Cursor::new(data)).is_ok_and(|archive| {
                archive.index_for_name("word/document.xml").is_some() && archive.index_for_name("[Content_Types].xml").is_some()
            });
            if is_word { Ok(()) } else { refused("This .docx file is not a Word document") }
        }
        _ => Ok(()),
    }
}

/// An image that decodes fully, within the size limits, and ends where the image ends.
fn check_image(data: &[u8], format: image::ImageFormat) -> Result<(), AppError> {
    let too_large = || {
        AppError::PayloadTooLarge(format!(
            "The image is too large: at most {MAX_IMAGE_SIDE} pixels wide and high and {} megapixels",
            MAX_IMAGE_PIXELS / 1_000_000
        ))
    };
    let unreadable = || AppError::UnsupportedMediaType("The image could not be read: the file is damaged or incomplete".to_owned());
    let mut reader = image::ImageReader::with_format(std::io::Cursor::new(data), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    reader.limits(limits);
    // Only the header is read here: a declared 50,000 × 50,000 image is refused unallocated.
    let decoder = reader.into_decoder().map_err(|e| match e {
        image::ImageError::Limits(_) => too_large(),
        _ => unreadable(),
    })?;
    let (width, height) = image::ImageDecoder::dimensions(&decoder);
    if u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS {
        return Err(too_large());
    }
    image::DynamicImage::from_decoder(decoder).map_err(|e| match e {
        image::ImageError::Limits(_) => too_large(),
        _ => unreadable(),
    })?;
    if !ends_where_the_image_ends(data, format) {
        return Err(AppError::UnsupportedMediaType("The image has other data after its end".to_owned()));
    }
    Ok(())
}

/// Whether the file stops at the format's end marker. Decoders stop there and ignore the rest,
/// which is where a polyglot keeps its HTML or ZIP.
fn ends_where_the_image_ends(data: &[u8], format: image::ImageFormat) -> bool {
    match format {
        image::ImageFormat::Jpeg => data.ends_with(&[0xFF, 0xD9]),
        image::ImageFormat::Png => data.ends_with(b"IEND\xAE\x42\x60\x82"),
        image::ImageFormat::Gif => data.ends_with(&[0x3B]),
        // RIFF: the size after the first 8 bytes, padded to an even length.
        image::ImageFormat::WebP => data
            .get(4..8)
            .and_then(|size| size.try_into().ok())
            .is_some_and(|size: [u8; 4]| u64::from(u32::from_le_bytes(size)).div_ceil(2) * 2 + 8 == data.len() as u64),
        _ => true,
    }
}

/// Whether `name` could be a name `upload` gave a file of `bucket`: what a content field that
/// points at a stored object is checked with.
pub fn is_stored_name(bucket: Bucket, name: &str) -> bool {
    content_type(bucket, name).is_some()
}

/// Only names this module generates are valid: anything else (paths, dots) is refused early.
fn content_type(bucket: Bucket, name: &str) -> Option<&'static str> {
    let (stem, extension) = name.rsplit_once('.')?;
    let valid_stem = !stem.is_empty() && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !valid_stem {
        return None;
    }
    bucket.kinds().iter().find(|k| k.extensions.contains(&extension)).map(|k| k.mime)
}

fn path(bucket: Bucket, name: &str) -> StorePath {
    StorePath::from(format!("{}/{name}", bucket.name()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_generated_names_are_valid() {
        assert_eq!(content_type(Bucket::ProfilePhotos, "1700000000000-abc.png"), Some("image/png"));
        assert_eq!(content_type(Bucket::ProfilePhotos, "../secret.png"), None);
        assert_eq!(content_type(Bucket::ProfilePhotos, "x.svg"), None);
        assert_eq!(content_type(Bucket::CvFiles, "cv.png"), None);
        assert_eq!(content_type(Bucket::CvFiles, "1-a.docx"), Some(DOCX.mime));
        assert!(is_stored_name(Bucket::PaperPdfs, "1700000000000-abc.pdf"));
        assert!(!is_stored_name(Bucket::PaperPdfs, "1-a.docx"));
        assert!(!is_stored_name(Bucket::PaperPdfs, "../paper.pdf"));
        assert!(!is_stored_name(Bucket::PaperPdfs, "https://example.org/paper.pdf"));
    }
}
