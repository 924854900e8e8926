//! Publications: listed on /publications and, when featured, on the home page.

use sea_orm::entity::prelude::*;

use super::{ContentStatus, StringList};
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
    fields {
        title: String = required("Title"),
        /// Sent empty: made from the title.
        #[sea_orm(unique)]
        slug: String [input Option<String>] = slug("Slug", &title, slugify_variant),
        /// Empty rows are dropped on save; at least one must remain.
        #[sea_orm(column_type = "Json")]
        authors: StringList [input Vec<String>] = authors("Each author"),
        kind: PublicationKind,
        /// May be empty: an imported entry that names no venue is stored without one rather
        /// than with an invented one (issue 27, item 6). The admin form still asks for one
        /// whenever the owner saves the paper (`web/src/admin/entities/publications/schema.ts`).
        venue: String = text("Venue"),
        /// Sent empty: the current year.
        year: i32 [input Option<i32>] = year_or_current("Year"),
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
