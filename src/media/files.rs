//! Uploaded files (the profile photo, the CV, the papers' PDFs), kept through `object_store`: a folder in the
//! data directory by default, an S3-compatible bucket when one is configured (`VITA_S3_BUCKET`). A file's
//! type is decided by its content (magic bytes), never by its name, and every stored name is
//! generated, so an upload can neither overwrite another file nor pick its own path.
//!
//! The content is then checked as that kind: an image is a photo, decoded within limits and
//! stored with its resized, metadata-free variants (`crate::media::photos`), so truncated files, size
//! bombs, animations and polyglots (an image with HTML or a ZIP appended) are refused; a `.doc`
//! must hold a `WordDocument` stream, a `.docx` the parts of a Word document (only the ZIP's
//! directory is read, nothing is unpacked). The bytes stored are the bytes uploaded, and for a
//! photo its variants beside them.

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
use tokio::sync::Semaphore;
use ts_rs::TS;

use crate::error::AppError;
use crate::media::buckets::{Bucket, refused_file};
use crate::media::photos;
use crate::ops::config::StoreConfig;

/// Files larger than this go up in parts of this size (S3's smallest part is 5 MiB): a 10 MB
/// CV or a 50 MB paper is sent as several requests, each retried on its own.
const PART_SIZE: usize = 5 * 1024 * 1024;

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
    /// One photo is decoded and resized at a time: each takes a core and up to a few hundred
    /// megabytes, and pages must still be served meanwhile.
    photo_work: Arc<Semaphore>,
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
        Ok(Self { store, photo_work: Arc::new(Semaphore::new(1)) })
    }

    /// Checks the content against the bucket's kinds and stores it under a new unique name:
    /// timestamp, random string, and the original extension when it fits the content. A photo
    /// gets its size in the name and its variants stored beside it (`crate::media::photos`).
    pub async fn upload(&self, bucket: Bucket, original_name: &str, data: Bytes) -> Result<UploadedFile, AppError> {
        if data.len() > bucket.max_bytes() {
            return Err(bucket.too_large());
        }
        if data.is_empty() {
            return Err(refused_file("The file is empty"));
        }
        let detected = infer::get(&data).map(|t| t.mime_type()).unwrap_or("");
        let kind = bucket
            .kinds()
            .iter()
            .find(|k| k.mime == detected)
            .ok_or_else(|| AppError::UnsupportedMediaType(bucket.refusal().to_owned()))?;
        let original_extension = original_name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
        let random: String = rand::rng().sample_iter(&Alphanumeric).take(10).map(char::from).collect();
        let prefix = format!("{}-{}", Utc::now().timestamp_millis(), random.to_ascii_lowercase());
        let (stem, variants) = match image_format(kind.mime) {
            Some(format) => {
                // A picture named as another kind of picture is probably not the file meant.
                if let Some(named) = bucket.kinds().iter().find(|k| k.extensions.contains(&original_extension.as_str()))
                    && named.mime != kind.mime
                {
                    return Err(refused_file(format!(
                        "This file is a {} image, but its name ends in .{original_extension}: rename it or choose another file",
                        kind.extensions[0].to_ascii_uppercase()
                    )));
                }
                let _permit = self.photo_work.acquire().await.map_err(|e| AppError::Internal(e.into()))?;
                let checked = data.clone();
                let prepared = tokio::task::spawn_blocking(move || photos::prepare(&checked, format, &prefix))
                    .await
                    .map_err(|e| AppError::Internal(anyhow::anyhow!("preparing the photo failed: {e}")))??;
                (prepared.stem().to_owned(), prepared.files)
            }
            None => {
                let checked = data.clone();
                let mime = kind.mime;
                // Parsing is CPU-bound: off the async workers, so other requests go on meanwhile.
                tokio::task::spawn_blocking(move || check_content(mime, &checked))
                    .await
                    .map_err(|e| AppError::Internal(anyhow::anyhow!("the upload check failed: {e}")))??;
                (prefix, Vec::new())
            }
        };
        let extension =
            if kind.extensions.contains(&original_extension.as_str()) { original_extension } else { kind.extensions[0].to_owned() };
        let name = format!("{stem}.{extension}");
        let size = data.len() as u64;
        // The variants first and the original last, and on a failure none of them: a stored
        // original always has its variants.
        let mut stored = Vec::new();
        for (key, bytes) in variants.into_iter().map(|(n, b)| (n, Bytes::from(b))).chain([(name.clone(), data)]) {
            let path = path(bucket, &key);
            if let Err(err) = self.put_object(&path, bytes).await {
                for path in stored {
                    let _ = self.store.delete(&path).await;
                }
                return Err(storage_unavailable(err));
            }
            stored.push(path);
        }
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

    /// Bytes `range` of a stored file as a stream, with the file's whole size; `range` is
    /// bounded by `size` first (`crate::http` answers a Range request it cannot satisfy with
    /// 416 before asking).
    pub async fn stream_range(&self, bucket: Bucket, name: &str, range: std::ops::Range<u64>) -> Result<(Body, u64), AppError> {
        content_type(bucket, name).ok_or_else(|| AppError::not_found("file"))?;
        let options = object_store::GetOptions { range: Some(object_store::GetRange::Bounded(range)), ..Default::default() };
        match self.store.get_opts(&path(bucket, name), options).await {
            Ok(result) => {
                let size = result.meta.size;
                Ok((Body::from_stream(result.into_stream()), size))
            }
            Err(object_store::Error::NotFound { .. }) => Err(AppError::not_found("file")),
            Err(err) => Err(storage_unavailable(err)),
        }
    }

    /// A stored file's size in bytes.
    pub async fn size(&self, bucket: Bucket, name: &str) -> Result<u64, AppError> {
        content_type(bucket, name).ok_or_else(|| AppError::not_found("file"))?;
        match self.store.head(&path(bucket, name)).await {
            Ok(meta) => Ok(meta.size),
            Err(object_store::Error::NotFound { .. }) => Err(AppError::not_found("file")),
            Err(err) => Err(storage_unavailable(err)),
        }
    }

    /// Removes a file, and a photo's variants with it. A variant alone is not a file one can
    /// remove (the photo would lose a size).
    pub async fn remove(&self, bucket: Bucket, name: &str) -> Result<(), AppError> {
        content_type(bucket, name).ok_or_else(|| AppError::not_found("file"))?;
        if photos::is_variant(bucket, name) {
            return Err(AppError::not_found("file"));
        }
        let original = path(bucket, name);
        match self.store.head(&original).await {
            Ok(_) => {}
            Err(object_store::Error::NotFound { .. }) => return Err(AppError::not_found("file")),
            Err(err) => return Err(storage_unavailable(err)),
        }
        // The original first: once it is gone no page links its variants, whatever happens next.
        self.store.delete(&original).await.map_err(storage_unavailable)?;
        for variant in photos::variant_names(name) {
            match self.store.delete(&path(bucket, &variant)).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                Err(err) => return Err(storage_unavailable(err)),
            }
        }
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

/// The image format of a photo's content type; `None` for the documents.
fn image_format(mime: &str) -> Option<image::ImageFormat> {
    match mime {
        "image/jpeg" => Some(image::ImageFormat::Jpeg),
        "image/png" => Some(image::ImageFormat::Png),
        "image/gif" => Some(image::ImageFormat::Gif),
        "image/webp" => Some(image::ImageFormat::WebP),
        _ => None,
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
        assert_eq!(
            content_type(Bucket::CvFiles, "1-a.docx"),
            Some("application/vnd.openxmlformats-officedocument.wordprocessingml.document")
        );
        assert!(is_stored_name(Bucket::PaperPdfs, "1700000000000-abc.pdf"));
        assert!(!is_stored_name(Bucket::PaperPdfs, "1-a.docx"));
        assert!(!is_stored_name(Bucket::PaperPdfs, "../paper.pdf"));
        assert!(!is_stored_name(Bucket::PaperPdfs, "https://example.org/paper.pdf"));
    }
}
