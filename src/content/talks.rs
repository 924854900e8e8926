//! Talks and presentations: /talks.

use sea_orm::ActiveValue::{NotSet, Set};
use sea_orm::Order;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::tagging::TagLinks;
use super::{Content, ContentStatus};
use crate::error::AppError;
use crate::rules::validate::{Check, slugify};
use crate::store::changes::Sources;

text_enum! {
    /// The kind of a talk.
    TalkType { #[default] Invited = "invited", Keynote = "keynote", Conference = "conference", Workshop = "workshop", Seminar = "seminar", Webinar = "webinar" }
}

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "talks")]
#[ts(rename = "Talk")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub title: String,
    #[sea_orm(unique)]
    pub slug: String,
    pub event_name: String,
    pub event_location: Option<String>,
    pub date: Date,
    #[sea_orm(column_name = "type")]
    #[serde(rename = "type")]
    #[ts(rename = "type")]
    pub talk_type: TalkType,
    #[sea_orm(column_type = "Text", nullable)]
    pub r#abstract: Option<String>,
    pub slides_url: Option<String>,
    pub video_url: Option<String>,
    pub status: ContentStatus,
    pub featured: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Its tags, by name: kept in `talk_tags`, filled in by every read (`tagging::attach`).
    #[sea_orm(ignore)]
    #[serde(default)]
    pub tags: Vec<super::tags::Model>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
#[ts(rename = "TalkInput")]
pub struct Input {
    pub title: String,
    pub slug: Option<String>,
    pub event_name: String,
    pub event_location: Option<String>,
    pub date: Option<Date>,
    #[serde(rename = "type")]
    #[ts(rename = "type")]
    pub talk_type: TalkType,
    pub r#abstract: Option<String>,
    pub slides_url: Option<String>,
    pub video_url: Option<String>,
    pub status: ContentStatus,
    pub featured: bool,
    /// The ids of its tags; an unknown one is refused.
    pub tag_ids: Vec<Uuid>,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "talk";
    const ORDER: &'static [(&'static str, Order)] = &[("date", Order::Desc)];
    const PATH: &'static str = "talks";
    const SOURCES: Sources = Sources::TALKS;
    const TAG_LINKS: Option<TagLinks> = Some(TagLinks { table: "talk_tags" });

    fn take_tag_ids(input: &mut Input) -> Vec<Uuid> {
        std::mem::take(&mut input.tag_ids)
    }

    fn tags_mut(model: &mut Model) -> Option<&mut Vec<super::tags::Model>> {
        Some(&mut model.tags)
    }

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let title = check.required("title", "Title", input.title);
        let date = check.date("date", "Date", input.date).unwrap_or_default();
        if input.date.is_none() {
            check.fail("date", "Date is required");
        }
        let model = ActiveModel {
            slug: Set(check.slug(input.slug, &title, slugify)),
            title: Set(title),
            event_name: Set(check.required("event_name", "Event name", input.event_name)),
            event_location: Set(check.optional("event_location", "Event location", input.event_location)),
            date: Set(date),
            talk_type: Set(input.talk_type),
            r#abstract: Set(check.optional_long("abstract", "Abstract", input.r#abstract)),
            slides_url: Set(check.optional_url("slides_url", "Slides URL", input.slides_url)),
            video_url: Set(check.optional_url("video_url", "Video URL", input.video_url)),
            status: Set(input.status),
            featured: Set(input.featured),
            id: NotSet,
            created_at: NotSet,
            updated_at: NotSet,
        };
        check.finish()?;
        Ok(model)
    }
}
