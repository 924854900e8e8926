//! CV: education (issue 28): degrees, each with its year, thesis and advisor. Shown on /cv only.

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
#[sea_orm(table_name = "cv_education")]
#[ts(rename = "CvEducation")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub degree: String,
    pub field: Option<String>,
    pub institution: String,
    pub year: i32,
    pub thesis_title: Option<String>,
    pub advisor: Option<String>,
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
#[ts(rename = "CvEducationInput")]
pub struct Input {
    pub degree: String,
    pub field: Option<String>,
    pub institution: String,
    pub year: Option<i32>,
    pub thesis_title: Option<String>,
    pub advisor: Option<String>,
    pub sort_order: i32,
    pub status: ContentStatus,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "degree";
    const ORDER: &'static [(&'static str, Order)] = &[("sort_order", Order::Asc), ("year", Order::Desc)];
    const PATH: &'static str = "cv-education";
    const SOURCES: Sources = Sources::CV;
    const FILTERS: Filters = Filters { status: true, featured: false };

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let model = ActiveModel {
            degree: Set(check.required("degree", "Degree", input.degree)),
            field: Set(check.optional("field", "Field", input.field)),
            institution: Set(check.required("institution", "Institution", input.institution)),
            year: Set(check.cv_year("year", "Year", input.year)),
            thesis_title: Set(check.optional("thesis_title", "Thesis title", input.thesis_title)),
            advisor: Set(check.optional("advisor", "Advisor", input.advisor)),
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
