//! Publications: listed on /publications and, when featured, on the home page.

use sea_orm::QueryOrder;
use sea_orm::entity::prelude::*;

use super::{ContentStatus, StringList};
use crate::error::{AppError, Existing, FieldErrors};
use crate::media::buckets::Bucket;
use crate::media::files::is_stored_name;
use crate::rules::validate::{Check, slugify_variant};

text_enum! {
    /// What kind of work a publication is: it decides the venue's citation tag and the
    /// reference styles' entry type.
    PublicationKind {
        JournalArticle = "journal-article",
        #[default]
        ConferencePaper = "conference-paper",
        Preprint = "preprint",
        Book = "book",
        BookChapter = "book-chapter",
        Thesis = "thesis",
        Report = "report",
        Other = "other",
    }
}

content_table! {
    #[table = "publications", model = "Publication", input = "PublicationInput", noun = "publication", path = "publications"]
    #[sources = PUBLICATIONS, order = [year Desc], search = [title, authors, venue], tags = "publication_tags"]
    impl Content {
        /// A DOI is one paper's: a save that gives another paper's DOI is refused on the DOI
        /// field, naming the paper that has it (issue 44, item 6).
        fn check_clash(
            db: &sea_orm::DatabaseTransaction,
            id: Option<Uuid>,
            input: &Input,
        ) -> impl std::future::Future<Output = Result<(), crate::error::AppError>> + Send {
            // Stored bare and lower case: the typed form is compared as it will be stored. A
            // DOI the rules refuse is the rules' to report.
            let doi = input.doi.as_deref().and_then(|doi| crate::rules::validate::doi(doi).ok());
            async move {
                let Some(doi) = doi else { return Ok(()) };
                let mut others = Entity::find().filter(Column::Doi.eq(doi));
                if let Some(id) = id {
                    others = others.filter(Column::Id.ne(id));
                }
                match others.order_by_asc(Column::CreatedAt).one(db).await? {
                    Some(stored) => Err(doi_taken(stored)),
                    None => Ok(()),
                }
            }
        }
    }
    fields {
        title: String = required("Title"),
        /// Sent empty: made from the title.
        #[sea_orm(unique)]
        slug: String [input Option<String>] = slug("Slug", &title, slugify_variant),
        /// Empty rows are dropped on save; at least one must remain. Empty only for an imported
        /// entry that names no author (an edited volume, a manual): stored as the source has
        /// it rather than with an invented name (issue 41, item 17), as a venue is; the admin
        /// form still asks for one whenever the owner saves the paper.
        #[sea_orm(column_type = "Json")]
        authors: StringList [input Vec<String>] = authors("Each author"),
        kind: PublicationKind,
        /// May be empty: an imported entry that names no venue is stored without one rather
        /// than with an invented one (issue 27, item 6). The admin form still asks for one
        /// whenever the owner saves the paper (`web/src/admin/entities/publications/schema.ts`).
        venue: String = text("Venue"),
        /// Sent empty: the current year. None only for an imported entry that names no year
        /// ("submitted", a manual): such a paper lists after the dated ones and cites as
        /// undated; the admin form asks for a year whenever the owner saves it.
        year: Option<i32> [input Option<i32>] = year_or_current("Year"),
        /// 1 to 12, when known.
        month: Option<i32> = optional_int_range("Month", crate::rules::MONTH),
        #[sea_orm(column_type = "Text", nullable)]
        r#abstract: Option<String> = optional_long("Abstract"),
        pdf_url: Option<String> = optional_url("PDF URL"),
        /// The uploaded PDF: the `name` an upload to the `paper-pdfs` bucket answered, served at
        /// `/publications/<slug>/<slug>.pdf` while the paper is published.
        pdf_file: Option<String> = paper_pdf("Paper PDF"),
        url: Option<String> = optional_url("URL"),
        /// Bare and lower case (`rules::validate::doi`), however it was typed.
        doi: Option<String> = optional_doi("DOI"),
        pages: Option<String> = optional_pages("Pages"),
        volume: Option<String> = optional("Volume"),
        issue: Option<String> = optional("Issue"),
        publisher: Option<String> = optional("Publisher"),
        #[sea_orm(column_type = "Text", nullable)]
        bibtex: Option<String> = optional_long("BibTeX"),
        featured: bool,
        status: ContentStatus,
    }
}

/// "“Masking RISC-V” (2021) already has this DOI.", on the DOI field, with the paper.
fn doi_taken(stored: Model) -> AppError {
    let year = stored.year.map(|year| format!(" ({year})")).unwrap_or_default();
    let message = format!("\u{201c}{}\u{201d}{year} already has this DOI.", stored.title);
    let mut fields = FieldErrors::default();
    fields.add("doi", message.clone());
    AppError::Conflict { message, fields, existing: Existing { id: stored.id, slug: stored.slug, title: stored.title } }
}

/// The rules only a paper has.
trait PaperRules {
    fn authors(&mut self, field: &str, label: &str, value: Vec<String>) -> Vec<String>;
    fn paper_pdf(&mut self, field: &str, label: &str, value: Option<String>) -> Option<String>;
}

impl PaperRules for Check {
    /// The authors, blank rows dropped; at least one must remain.
    fn authors(&mut self, field: &str, label: &str, value: Vec<String>) -> Vec<String> {
        let authors = self.entries(field, label, value);
        if authors.is_empty() {
            self.fail(field, "At least one author is required");
        }
        authors
    }

    /// Only a name the upload generated: never a path or a URL, which would serve another file.
    fn paper_pdf(&mut self, field: &str, label: &str, value: Option<String>) -> Option<String> {
        let name = self.optional(field, label, value)?;
        if !is_stored_name(Bucket::PaperPdfs, &name) {
            self.fail(field, format!("{label} must be a file uploaded here"));
        }
        Some(name)
    }
}
