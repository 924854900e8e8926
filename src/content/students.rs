//! Students supervised: /students groups them as Current Students and Alumni. The spec makes
//! the list readable only by a signed-in user.

use sea_orm::ActiveValue::{NotSet, Set};
use sea_orm::Order;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Audience, Content, ListQuery};
use crate::error::AppError;
use crate::rules::validate::Check;
use crate::store::changes::Sources;

text_enum! {
    /// The degree a student works towards.
    StudentLevel { Bachelor = "bachelor", Master = "master", #[default] Phd = "phd" }
}

text_enum! {
    /// Current students and alumni (students have no draft state).
    StudentStatus { #[default] Current = "current", Graduated = "graduated" }
}

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "students")]
#[ts(rename = "Student")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub name: String,
    pub level: StudentLevel,
    pub status: StudentStatus,
    #[sea_orm(column_type = "Text", nullable)]
    pub bio: Option<String>,
    pub thesis_title: Option<String>,
    pub start_year: i32,
    pub graduation_year: Option<i32>,
    pub current_position: Option<String>,
    pub email: Option<String>,
    pub linkedin_url: Option<String>,
    pub website_url: Option<String>,
    pub profile_image_url: Option<String>,
    pub sort_order: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
#[ts(rename = "StudentInput")]
pub struct Input {
    pub name: String,
    pub level: StudentLevel,
    pub status: StudentStatus,
    pub bio: Option<String>,
    pub thesis_title: Option<String>,
    /// Defaults to the current year.
    pub start_year: Option<i32>,
    pub graduation_year: Option<i32>,
    pub current_position: Option<String>,
    pub email: Option<String>,
    pub linkedin_url: Option<String>,
    pub website_url: Option<String>,
    pub profile_image_url: Option<String>,
    pub sort_order: i32,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "student";
    const ORDER: &'static [(&'static str, Order)] = &[("sort_order", Order::Asc)];
    const PATH: &'static str = "students";
    const SOURCES: Sources = Sources::STUDENTS;
    const OWNER_ONLY: bool = true;

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let start_year = check.int_range(
            "start_year",
            "Start year",
            input.start_year.unwrap_or_else(crate::ops::clock::current_year),
            crate::rules::YEAR,
        );
        let graduation_year = input.graduation_year.map(|y| check.int_range("graduation_year", "Graduation year", y, crate::rules::YEAR));
        if graduation_year.is_some_and(|g| g < start_year) {
            check.fail("graduation_year", "Graduation year must not be before the start year");
        }
        let model = ActiveModel {
            name: Set(check.required("name", "Name", input.name)),
            level: Set(input.level),
            status: Set(input.status),
            bio: Set(check.optional_long("bio", "Bio", input.bio)),
            thesis_title: Set(check.optional("thesis_title", "Thesis title", input.thesis_title)),
            start_year: Set(start_year),
            graduation_year: Set(graduation_year),
            current_position: Set(check.optional("current_position", "Current position", input.current_position)),
            email: Set(check.optional_email("email", "Email", input.email)),
            linkedin_url: Set(check.optional_url("linkedin_url", "LinkedIn URL", input.linkedin_url)),
            website_url: Set(check.optional_url("website_url", "Website URL", input.website_url)),
            profile_image_url: Set(check.optional_link("profile_image_url", "Profile image URL", input.profile_image_url)),
            sort_order: Set(input.sort_order),
            id: NotSet,
            created_at: NotSet,
            updated_at: NotSet,
        };
        check.finish()?;
        Ok(model)
    }

    /// Students have no draft state: the status filter is current / graduated for everyone.
    fn select(query: &ListQuery, _audience: Audience) -> Select<Entity> {
        let select = match &query.status {
            Some(status) => Entity::find().filter(Column::Status.eq(status.as_str())),
            None => Entity::find(),
        };
        super::order(select, Self::ORDER)
    }
}

/// The public Students page's order: current students before alumni ('current' sorts before
/// 'graduated'), each group in the spec's order. Read a page at a time, the page groups them
/// as Current Students and Alumni without a group ever coming back on a later page.
pub fn grouped_for_page() -> Select<Entity> {
    super::order(Entity::find(), &[("status", Order::Asc), ("sort_order", Order::Asc)])
}
