//! CV: awards and honours (issue 28). Shown on /cv only.

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
#[sea_orm(table_name = "cv_awards")]
#[ts(rename = "CvAward")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub name: String,
    pub awarding_body: Option<String>,
    pub year: i32,
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
#[ts(rename = "CvAwardInput")]
pub struct Input {
    pub name: String,
    pub awarding_body: Option<String>,
    pub year: Option<i32>,
    pub sort_order: i32,
    pub status: ContentStatus,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "award";
    const ORDER: &'static [(&'static str, Order)] = &[("sort_order", Order::Asc), ("year", Order::Desc)];
    const PATH: &'static str = "cv-awards";
    const SOURCES: Sources = Sources::CV;
    const FILTERS: Filters = Filters { status: true, featured: false };

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let model = ActiveModel {
            name: Set(check.required("name", "Name", input.name)),
            awarding_body: Set(check.optional("awarding_body", "Awarding body", input.awarding_body)),
            year: Set(check.cv_year("year", "Year", input.year)),
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
