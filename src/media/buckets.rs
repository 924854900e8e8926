//! The storage buckets (spec sections 5 and 9): the kinds of file each accepts, how large, and
//! the answer to an upload that does not fit. Both the store (`files`) and the photo checks
//! (`photos`) need them, so they stand apart, below both.

use crate::error::AppError;

const MB: usize = 1024 * 1024;

/// A kind of file an upload may be, recognised by its first bytes.
pub(super) struct Kind {
    pub(super) mime: &'static str,
    pub(super) extensions: &'static [&'static str],
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

    pub(super) fn kinds(self) -> &'static [Kind] {
        match self {
            Bucket::ProfilePhotos => &[JPEG, PNG, WEBP, GIF],
            Bucket::CvFiles => &[PDF, DOC, DOCX],
            Bucket::PaperPdfs => &[PDF],
        }
    }

    pub(super) fn refusal(self) -> &'static str {
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

/// An upload that cannot be used, as the 422 the admin shows under the upload.
pub fn refused_file(message: impl Into<String>) -> AppError {
    let mut fields = crate::error::FieldErrors::default();
    fields.add("file", message);
    AppError::validation(fields)
}
