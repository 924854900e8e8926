//! Uploaded files (the profile photo, the CV, the papers' PDFs), kept through `object_store`: a folder in the
//! data directory by default, an S3-compatible bucket when one is configured (`VITA_S3_BUCKET`). A file's
//! type is decided by its content (magic bytes), never by its name, and every stored name is
//! generated, so an upload can neither overwrite another file nor pick its own path.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use chrono::Utc;
use object_store::local::LocalFileSystem;
use object_store::path::Path as StorePath;
use object_store::{ObjectStore, ObjectStoreExt};
use rand::Rng;
use rand::distr::Alphanumeric;
use serde::Serialize;
use ts_rs::TS;

use crate::config::StoreConfig;
use crate::error::AppError;

const MB: usize = 1024 * 1024;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
                Arc::new(object_store::aws::AmazonS3Builder::from_env().with_bucket_name(bucket).build()?)
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
        let original_extension = original_name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
        let extension =
            if kind.extensions.contains(&original_extension.as_str()) { original_extension } else { kind.extensions[0].to_owned() };
        let random: String = rand::rng().sample_iter(&Alphanumeric).take(10).map(char::from).collect();
        let name = format!("{}-{}.{extension}", Utc::now().timestamp_millis(), random.to_ascii_lowercase());
        let size = data.len() as u64;
        self.store.put(&path(bucket, &name), data.into()).await.map_err(anyhow::Error::from)?;
        Ok(UploadedFile {
            bucket: bucket.name().to_owned(),
            url: format!("/files/{}/{name}", bucket.name()),
            name,
            content_type: kind.mime.to_owned(),
            size,
        })
    }

    /// The stored bytes and their content type.
    pub async fn read(&self, bucket: Bucket, name: &str) -> Result<(Bytes, &'static str), AppError> {
        let mime = content_type(bucket, name).ok_or_else(|| AppError::not_found("file"))?;
        match self.store.get(&path(bucket, name)).await {
            Ok(result) => Ok((result.bytes().await.map_err(anyhow::Error::from)?, mime)),
            Err(object_store::Error::NotFound { .. }) => Err(AppError::not_found("file")),
            Err(err) => Err(AppError::Internal(err.into())),
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
            Err(err) => Err(AppError::Internal(err.into())),
        }
    }

    pub async fn remove(&self, bucket: Bucket, name: &str) -> Result<(), AppError> {
        content_type(bucket, name).ok_or_else(|| AppError::not_found("file"))?;
        let path = path(bucket, name);
        match self.store.head(&path).await {
            Ok(_) => {}
            Err(object_store::Error::NotFound { .. }) => return Err(AppError::not_found("file")),
            Err(err) => return Err(AppError::Internal(err.into())),
        }
        self.store.delete(&path).await.map_err(anyhow::Error::from)?;
        Ok(())
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
