//! Courses taught: /teaching.

use sea_orm::entity::prelude::*;
use sea_orm::{ActiveValue::Set, Order};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Audience, Content, ListQuery, PUBLISHED, STATUSES};
use crate::error::AppError;
use crate::validate::{Check, slugify};

pub const TERMS: &[&str] = &["spring", "summer", "fall", "winter"];
pub const ROLES: &[&str] = &["instructor", "co-instructor", "lecturer", "teaching-assistant"];

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "courses")]
#[ts(rename = "Course")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub code: String,
    pub title: String,
    #[sea_orm(unique)]
    pub slug: String,
    pub year: i32,
    pub term: String,
    pub role: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub description: Option<String>,
    /// Fractional: 7.5 credits is common (ECTS).
    pub credits: Option<f64>,
    pub students_count: Option<i32>,
    pub course_url: Option<String>,
    pub syllabus_url: Option<String>,
    pub status: String,
    pub featured: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
#[ts(rename = "CourseInput", optional_fields = nullable)]
pub struct Input {
    pub code: String,
    pub title: String,
    pub slug: Option<String>,
    /// Defaults to the current year.
    pub year: Option<i32>,
    /// spring, summer, fall or winter; defaults to fall.
    pub term: Option<String>,
    /// instructor, co-instructor, lecturer or teaching-assistant; defaults to instructor.
    pub role: Option<String>,
    pub description: Option<String>,
    pub credits: Option<f64>,
    pub students_count: Option<i32>,
    pub course_url: Option<String>,
    pub syllabus_url: Option<String>,
    pub status: Option<String>,
    pub featured: bool,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "course";
    const PATH: &'static str = "courses";

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let title = check.required("title", "Title", input.title);
        let model = ActiveModel {
            code: Set(check.required("code", "Code", input.code)),
            slug: Set(check.slug(input.slug, &title, slugify)),
            title: Set(title),
            year: Set(check.int_range("year", "Year", input.year.unwrap_or_else(crate::clock::current_year), 1000..=9999)),
            term: Set(check.one_of("term", "Term", input.term, TERMS, "fall")),
            role: Set(check.one_of("role", "Role", input.role, ROLES, "instructor")),
            description: Set(check.optional_long("description", "Description", input.description)),
            credits: Set(input.credits.map(|c| check.number_range("credits", "Credits", c, 0.0..=1000.0))),
            students_count: Set(input.students_count.map(|c| check.int_range("students_count", "Students count", c, 0..=1_000_000))),
            course_url: Set(check.optional_url("course_url", "Course URL", input.course_url)),
            syllabus_url: Set(check.optional_url("syllabus_url", "Syllabus URL", input.syllabus_url)),
            status: Set(check.one_of("status", "Status", input.status, STATUSES, PUBLISHED)),
            featured: Set(input.featured),
            ..Default::default()
        };
        check.finish()?;
        Ok(model)
    }

    async fn list(db: &DatabaseConnection, query: ListQuery, audience: Audience) -> Result<Vec<Model>, AppError> {
        let select = super::status_filter(Entity::find(), &query, audience);
        let select = super::featured_filter(select, &query);
        let select = super::order(select, &[("year", Order::Desc), ("term", Order::Asc)]);
        Ok(super::limit(select, &query).all(db).await?)
    }
}
