//! News items: the home page shows the latest three; /news lists them all.

use sea_orm::ActiveValue::{NotSet, Set};
use sea_orm::Order;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::tagging::TagLinks;
use super::{Content, ContentStatus};
use crate::error::AppError;
use crate::rules::validate::Check;
use crate::store::changes::Sources;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "news_items")]
#[ts(rename = "NewsItem")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub title: String,
    #[sea_orm(column_type = "Text")]
    pub content: String,
    pub date: Date,
    pub link_url: Option<String>,
    pub link_text: Option<String>,
    pub featured: bool,
    pub status: ContentStatus,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Its tags, by name: kept in `news_item_tags`, filled in by every read (`tagging::attach`).
    #[sea_orm(ignore)]
    #[serde(default)]
    pub tags: Vec<super::tags::Model>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
#[ts(rename = "NewsItemInput")]
pub struct Input {
    pub title: String,
    pub content: String,
    /// Defaults to today.
    pub date: Option<Date>,
    pub link_url: Option<String>,
    pub link_text: Option<String>,
    pub featured: bool,
    pub status: ContentStatus,
    /// The ids of its tags; an unknown one is refused.
    pub tag_ids: Vec<Uuid>,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "news item";
    const ORDER: &'static [(&'static str, Order)] = &[("date", Order::Desc)];
    const PATH: &'static str = "news";
    const SOURCES: Sources = Sources::NEWS;
    const TAG_LINKS: Option<TagLinks> = Some(TagLinks { table: "news_item_tags" });

    fn take_tag_ids(input: &mut Input) -> Vec<Uuid> {
        std::mem::take(&mut input.tag_ids)
    }

    fn tags_mut(model: &mut Model) -> Option<&mut Vec<super::tags::Model>> {
        Some(&mut model.tags)
    }

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let model = ActiveModel {
            title: Set(check.required("title", "Title", input.title)),
            content: Set(check.required_long("content", "Content", input.content)),
            date: Set(check.date("date", "Date", input.date).unwrap_or_else(crate::ops::clock::today)),
            link_url: Set(check.optional_url("link_url", "Link URL", input.link_url)),
            link_text: Set(check.optional("link_text", "Link text", input.link_text)),
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
