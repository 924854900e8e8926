//! Research projects: /projects and, when featured, the home page.

use sea_orm::ActiveValue::{NotSet, Set};
use sea_orm::Order;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::tagging::TagLinks;
use super::{Content, ContentStatus, StringList};
use crate::error::AppError;
use crate::rules::MAX_SHORT;
use crate::rules::validate::{Check, slugify_variant};
use crate::store::changes::Sources;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "projects")]
#[ts(rename = "Project")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub title: String,
    #[sea_orm(unique)]
    pub slug: String,
    #[sea_orm(column_type = "Text")]
    pub summary: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub content: Option<String>,
    #[sea_orm(column_type = "Json")]
    pub tech_stack: StringList,
    #[sea_orm(column_type = "Json")]
    pub collaborators: StringList,
    pub repository_url: Option<String>,
    pub demo_url: Option<String>,
    pub funding_source: Option<String>,
    pub funding_amount: Option<String>,
    pub start_date: Option<Date>,
    pub end_date: Option<Date>,
    pub featured: bool,
    pub sort_order: i32,
    pub status: ContentStatus,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Its tags, by name: kept in `project_tags`, filled in by every read (`tagging::attach`).
    #[sea_orm(ignore)]
    #[serde(default)]
    pub tags: Vec<super::tags::Model>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
#[ts(rename = "ProjectInput")]
pub struct Input {
    pub title: String,
    pub slug: Option<String>,
    pub summary: String,
    pub content: Option<String>,
    pub tech_stack: Vec<String>,
    pub collaborators: Vec<String>,
    pub repository_url: Option<String>,
    pub demo_url: Option<String>,
    pub funding_source: Option<String>,
    pub funding_amount: Option<String>,
    pub start_date: Option<Date>,
    pub end_date: Option<Date>,
    pub featured: bool,
    pub sort_order: i32,
    pub status: ContentStatus,
    /// The ids of its tags; an unknown one is refused.
    pub tag_ids: Vec<Uuid>,
}

/// Empty entries are dropped on save (spec section 5).
fn entries(check: &mut Check, field: &str, label: &str, values: Vec<String>) -> StringList {
    let kept: Vec<String> = values.into_iter().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()).collect();
    for value in &kept {
        check.max_len(field, label, value, MAX_SHORT);
    }
    StringList(kept)
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "project";
    const ORDER: &'static [(&'static str, Order)] = &[("sort_order", Order::Asc)];
    const PATH: &'static str = "projects";
    const SOURCES: Sources = Sources::PROJECTS;
    const TAG_LINKS: Option<TagLinks> = Some(TagLinks { table: "project_tags" });

    fn take_tag_ids(input: &mut Input) -> Vec<Uuid> {
        std::mem::take(&mut input.tag_ids)
    }

    fn tags_mut(model: &mut Model) -> Option<&mut Vec<super::tags::Model>> {
        Some(&mut model.tags)
    }

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let title = check.required("title", "Title", input.title);
        if let (Some(start), Some(end)) = (input.start_date, input.end_date)
            && end < start
        {
            check.fail("end_date", "End date must not be before the start date");
        }
        let model = ActiveModel {
            slug: Set(check.slug(input.slug, &title, slugify_variant)),
            title: Set(title),
            summary: Set(check.required_long("summary", "Summary", input.summary)),
            content: Set(check.optional_long("content", "Content", input.content)),
            tech_stack: Set(entries(&mut check, "tech_stack", "Each technology", input.tech_stack)),
            collaborators: Set(entries(&mut check, "collaborators", "Each collaborator", input.collaborators)),
            repository_url: Set(check.optional_url("repository_url", "Repository URL", input.repository_url)),
            demo_url: Set(check.optional_url("demo_url", "Demo URL", input.demo_url)),
            funding_source: Set(check.optional("funding_source", "Funding source", input.funding_source)),
            funding_amount: Set(check.optional("funding_amount", "Funding amount", input.funding_amount)),
            start_date: Set(check.date("start_date", "Start date", input.start_date)),
            end_date: Set(check.date("end_date", "End date", input.end_date)),
            featured: Set(input.featured),
            sort_order: Set(input.sort_order),
            status: Set(input.status),
            id: NotSet,
            created_at: NotSet,
            updated_at: NotSet,
        };
        check.finish()?;
        Ok(model)
    }
}
