//! CV: free sections (issue 28): a heading and sanitised rich text, for whatever the other
//! sections do not hold (languages, memberships, …). Shown on /cv only.

use sea_orm::ActiveValue::{NotSet, Set};
use sea_orm::Order;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Content, ContentStatus, Filters};
use crate::error::AppError;
use crate::rules::validate::Check;
use crate::store::changes::Sources;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "cv_other")]
#[ts(rename = "CvOther")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub title: String,
    /// Sanitised rich text (HTML).
    #[sea_orm(column_type = "Text", nullable)]
    pub content: Option<String>,
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
#[ts(rename = "CvOtherInput")]
pub struct Input {
    pub title: String,
    /// Rich text (HTML); sanitised before it is stored.
    pub content: Option<String>,
    pub sort_order: i32,
    pub status: ContentStatus,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "CV section";
    const ORDER: &'static [(&'static str, Order)] = &[("sort_order", Order::Asc)];
    const PATH: &'static str = "cv-other";
    const SOURCES: Sources = Sources::CV;
    const FILTERS: Filters = Filters { status: true, featured: false };

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let model = ActiveModel {
            title: Set(check.required("title", "Title", input.title)),
            content: Set(check.optional_html("content", "Content", input.content)),
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
