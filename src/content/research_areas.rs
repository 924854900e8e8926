//! Research areas: /research and the home page; `content` is sanitised rich text.

use sea_orm::ActiveValue::{NotSet, Set};
use sea_orm::Order;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Content, ContentStatus};
use crate::error::AppError;
use crate::rules::validate::{Check, slugify_variant};
use crate::store::changes::Sources;

pub const DEFAULT_ICON: &str = "Shield";

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "research_areas")]
#[ts(rename = "ResearchArea")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub title: String,
    #[sea_orm(unique)]
    pub slug: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub description: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub content: Option<String>,
    pub color: String,
    pub icon: String,
    pub featured: bool,
    pub sort_order: i32,
    pub status: ContentStatus,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
#[ts(rename = "ResearchAreaInput")]
pub struct Input {
    pub title: String,
    pub slug: Option<String>,
    pub description: Option<String>,
    /// Rich text (HTML); sanitised before it is stored.
    pub content: Option<String>,
    pub color: Option<String>,
    /// An icon name (Shield, Cpu, Brain, …); free text.
    pub icon: Option<String>,
    pub featured: bool,
    pub sort_order: i32,
    pub status: ContentStatus,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "research area";
    const ORDER: &'static [(&'static str, Order)] = &[("sort_order", Order::Asc)];
    const PATH: &'static str = "research-areas";
    const SOURCES: Sources = Sources::RESEARCH_AREAS;

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let title = check.required("title", "Title", input.title);
        let model = ActiveModel {
            slug: Set(check.slug(input.slug, &title, slugify_variant)),
            title: Set(title),
            description: Set(check.optional_long("description", "Description", input.description)),
            content: Set(check.optional_html("content", "Content", input.content)),
            color: Set(check.color("color", input.color, crate::rules::DEFAULT_COLOR)),
            icon: Set(check.optional("icon", "Icon", input.icon).unwrap_or_else(|| DEFAULT_ICON.to_owned())),
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
