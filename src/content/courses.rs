//! Courses taught: /teaching.

use sea_orm::ActiveValue::{NotSet, Set};
use sea_orm::Order;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Content, ContentStatus};
use crate::error::AppError;
use crate::rules::validate::{Check, slugify};
use crate::store::changes::Sources;

text_enum! {
    /// The term a course ran in.
    CourseTerm { Spring = "spring", Summer = "summer", #[default] Fall = "fall", Winter = "winter" }
}

text_enum! {
    /// The owner's role in a course.
    CourseRole { #[default] Instructor = "instructor", CoInstructor = "co-instructor", Lecturer = "lecturer", TeachingAssistant = "teaching-assistant" }
}

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
    pub term: CourseTerm,
    pub role: CourseRole,
    #[sea_orm(column_type = "Text", nullable)]
    pub description: Option<String>,
    /// Fractional: 7.5 credits is common (ECTS).
    pub credits: Option<f64>,
    pub students_count: Option<i32>,
    pub course_url: Option<String>,
    pub syllabus_url: Option<String>,
    pub status: ContentStatus,
    pub featured: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
#[ts(rename = "CourseInput")]
pub struct Input {
    pub code: String,
    pub title: String,
    pub slug: Option<String>,
    /// Defaults to the current year.
    pub year: Option<i32>,
    pub term: CourseTerm,
    pub role: CourseRole,
    pub description: Option<String>,
    pub credits: Option<f64>,
    pub students_count: Option<i32>,
    pub course_url: Option<String>,
    pub syllabus_url: Option<String>,
    pub status: ContentStatus,
    pub featured: bool,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "course";
    const ORDER: &'static [(&'static str, Order)] = &[("year", Order::Desc), ("term", Order::Asc)];
    const PATH: &'static str = "courses";
    const SOURCES: Sources = Sources::COURSES;

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let title = check.required("title", "Title", input.title);
        let model = ActiveModel {
            code: Set(check.required("code", "Code", input.code)),
            slug: Set(check.slug(input.slug, &title, slugify)),
            title: Set(title),
            year: Set(check.int_range("year", "Year", input.year.unwrap_or_else(crate::ops::clock::current_year), crate::rules::YEAR)),
            term: Set(input.term),
            role: Set(input.role),
            description: Set(check.optional_long("description", "Description", input.description)),
            credits: Set(input.credits.map(|c| check.number_range("credits", "Credits", c, crate::rules::CREDITS))),
            students_count: Set(input
                .students_count
                .map(|c| check.int_range("students_count", "Students count", c, crate::rules::STUDENTS_COUNT))),
            course_url: Set(check.optional_url("course_url", "Course URL", input.course_url)),
            syllabus_url: Set(check.optional_url("syllabus_url", "Syllabus URL", input.syllabus_url)),
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
