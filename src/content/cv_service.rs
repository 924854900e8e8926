//! CV: service (issue 28): committees, editorial boards, reviewing, each a role in a body over
//! a span of years (to the present when `end_year` is empty). Shown on /cv only.

use sea_orm::ActiveValue::{NotSet, Set};
use sea_orm::Order;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Content, ContentStatus, Filters};
use crate::error::AppError;
use crate::rules::validate::Check;
use crate::store::changes::Sources;

text_enum! {
    /// The kind of a service role; /cv groups by it.
    ServiceKind { #[default] Committee = "committee", EditorialBoard = "editorial-board", Reviewing = "reviewing", Other = "other" }
}

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "cv_service")]
#[ts(rename = "CvService")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub role: String,
    pub body: String,
    pub kind: ServiceKind,
    pub start_year: i32,
    /// `None`: to the present.
    pub end_year: Option<i32>,
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
#[ts(rename = "CvServiceInput")]
pub struct Input {
    pub role: String,
    pub body: String,
    pub kind: ServiceKind,
    pub start_year: Option<i32>,
    /// Empty for "present".
    pub end_year: Option<i32>,
    pub sort_order: i32,
    pub status: ContentStatus,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "service role";
    const ORDER: &'static [(&'static str, Order)] = &[("sort_order", Order::Asc), ("start_year", Order::Desc)];
    const PATH: &'static str = "cv-service";
    const SOURCES: Sources = Sources::CV;
    const FILTERS: Filters = Filters { status: true, featured: false };

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let start_year = check.cv_year("start_year", "Start year", input.start_year);
        let model = ActiveModel {
            role: Set(check.required("role", "Role", input.role)),
            body: Set(check.required("body", "Body", input.body)),
            kind: Set(input.kind),
            end_year: Set(check.end_year("end_year", "End year", start_year, input.end_year)),
            start_year: Set(start_year),
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
