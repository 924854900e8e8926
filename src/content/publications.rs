//! Publications: listed on /publications and, when featured, on the home page.

use sea_orm::ActiveValue::{NotSet, Set};
use sea_orm::Order;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::tagging::TagLinks;
use super::{Content, ContentStatus, StringList};
use crate::error::AppError;
use crate::media::buckets::Bucket;
use crate::media::files::is_stored_name;
use crate::rules::validate::{Check, slugify_variant};
use crate::store::changes::Sources;

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

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "publications")]
#[ts(rename = "Publication")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub title: String,
    #[sea_orm(unique)]
    pub slug: String,
    #[sea_orm(column_type = "Json")]
    pub authors: StringList,
    pub kind: PublicationKind,
    pub venue: String,
    pub year: i32,
    /// 1 to 12, when known.
    pub month: Option<i32>,
    #[sea_orm(column_type = "Text", nullable)]
    pub r#abstract: Option<String>,
    pub pdf_url: Option<String>,
    /// The uploaded PDF: its object name in the `paper-pdfs` bucket, served at
    /// `/publications/<slug>/<slug>.pdf` while the paper is published.
    pub pdf_file: Option<String>,
    pub url: Option<String>,
    pub doi: Option<String>,
    pub pages: Option<String>,
    pub volume: Option<String>,
    pub issue: Option<String>,
    pub publisher: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub bibtex: Option<String>,
    pub featured: bool,
    pub status: ContentStatus,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Its tags, by name: kept in `publication_tags`, filled in by every read (`tagging::attach`).
    #[sea_orm(ignore)]
    #[serde(default)]
    pub tags: Vec<super::tags::Model>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// What the admin sends to create or update a publication.
#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
#[ts(rename = "PublicationInput")]
pub struct Input {
    pub title: String,
    pub slug: Option<String>,
    pub authors: Vec<String>,
    pub kind: PublicationKind,
    pub venue: String,
    pub year: Option<i32>,
    pub month: Option<i32>,
    pub r#abstract: Option<String>,
    pub pdf_url: Option<String>,
    /// The `name` an upload to `paper-pdfs` answered.
    pub pdf_file: Option<String>,
    pub url: Option<String>,
    pub doi: Option<String>,
    pub pages: Option<String>,
    pub volume: Option<String>,
    pub issue: Option<String>,
    pub publisher: Option<String>,
    pub bibtex: Option<String>,
    pub featured: bool,
    pub status: ContentStatus,
    /// The ids of its tags; an unknown one is refused.
    pub tag_ids: Vec<Uuid>,
}

/// The links of publications to their tags (the /publications tag filter reads them).
pub const TAG_LINKS: TagLinks = TagLinks { table: "publication_tags" };

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "publication";
    const ORDER: &'static [(&'static str, Order)] = &[("year", Order::Desc)];
    const PATH: &'static str = "publications";
    const SOURCES: Sources = Sources::PUBLICATIONS;
    const TAG_LINKS: Option<TagLinks> = Some(TAG_LINKS);

    fn take_tag_ids(input: &mut Input) -> Vec<Uuid> {
        std::mem::take(&mut input.tag_ids)
    }

    fn tags_mut(model: &mut Model) -> Option<&mut Vec<super::tags::Model>> {
        Some(&mut model.tags)
    }

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let title = check.required("title", "Title", input.title);
        let slug = check.slug(input.slug, &title, slugify_variant);
        // Empty author rows are dropped on save; at least one must remain.
        let authors: Vec<String> = input.authors.into_iter().map(|a| a.trim().to_owned()).filter(|a| !a.is_empty()).collect();
        if authors.is_empty() {
            check.fail("authors", "At least one author is required");
        }
        for author in &authors {
            check.max_len("authors", "Each author", author, crate::rules::MAX_SHORT);
        }
        // May be empty: an imported entry that names no venue is stored without one rather
        // than with an invented one (issue 27, item 6). The admin form still asks for one
        // whenever the owner saves the paper (`web/src/admin/entities/publications/schema.ts`).
        let venue = check.text("venue", "Venue", input.venue);
        let year = check.int_range("year", "Year", input.year.unwrap_or_else(crate::ops::clock::current_year), crate::rules::YEAR);
        // Only a name the upload generated: never a path or a URL, which would serve another file.
        let pdf_file = check.optional("pdf_file", "Paper PDF", input.pdf_file);
        if pdf_file.as_deref().is_some_and(|name| !is_stored_name(Bucket::PaperPdfs, name)) {
            check.fail("pdf_file", "Paper PDF must be a file uploaded here");
        }
        let model = ActiveModel {
            title: Set(title),
            slug: Set(slug),
            authors: Set(StringList(authors)),
            venue: Set(venue),
            year: Set(year),
            month: Set(input.month.map(|m| check.int_range("month", "Month", m, crate::rules::MONTH))),
            kind: Set(input.kind),
            r#abstract: Set(check.optional_long("abstract", "Abstract", input.r#abstract)),
            pdf_url: Set(check.optional_url("pdf_url", "PDF URL", input.pdf_url)),
            pdf_file: Set(pdf_file),
            url: Set(check.optional_url("url", "URL", input.url)),
            doi: Set(check.optional_doi("doi", input.doi)),
            pages: Set(check.optional("pages", "Pages", input.pages).map(|pages| crate::rules::validate::page_range(&pages))),
            volume: Set(check.optional("volume", "Volume", input.volume)),
            issue: Set(check.optional("issue", "Issue", input.issue)),
            publisher: Set(check.optional("publisher", "Publisher", input.publisher)),
            bibtex: Set(check.optional_long("bibtex", "BibTeX", input.bibtex)),
            featured: Set(input.featured),
            status: Set(input.status),
            id: NotSet,
            created_at: NotSet,
            updated_at: NotSet,
        };
        check.finish()?;
        Ok(model)
    }
}
