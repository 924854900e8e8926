//! CV: appointments (issue 28): the positions held, from a start year to an end year or to the
//! present (`end_year` empty). Shown on /cv only.

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
#[sea_orm(table_name = "cv_appointments")]
#[ts(rename = "CvAppointment")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub title: String,
    pub institution: String,
    pub place: Option<String>,
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
#[ts(rename = "CvAppointmentInput")]
pub struct Input {
    pub title: String,
    pub institution: String,
    pub place: Option<String>,
    pub start_year: Option<i32>,
    /// Empty for "present".
    pub end_year: Option<i32>,
    pub sort_order: i32,
    pub status: ContentStatus,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "appointment";
    const ORDER: &'static [(&'static str, Order)] = &[("sort_order", Order::Asc), ("start_year", Order::Desc)];
    const PATH: &'static str = "cv-appointments";
    const SOURCES: Sources = Sources::CV;
    const FILTERS: Filters = Filters { status: true, featured: false };

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let start_year = check.cv_year("start_year", "Start year", input.start_year);
        let model = ActiveModel {
            title: Set(check.required("title", "Title", input.title)),
            institution: Set(check.required("institution", "Institution", input.institution)),
            place: Set(check.optional("place", "Place", input.place)),
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
