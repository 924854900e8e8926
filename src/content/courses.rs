//! Courses taught: /teaching.

use sea_orm::entity::prelude::*;

use super::ContentStatus;
use crate::rules::validate::slugify;

text_enum! {
    /// The term a course ran in.
    CourseTerm { Spring = "spring", Summer = "summer", #[default] Fall = "fall", Winter = "winter" }
}

text_enum! {
    /// The owner's role in a course.
    CourseRole { #[default] Instructor = "instructor", CoInstructor = "co-instructor", Lecturer = "lecturer", TeachingAssistant = "teaching-assistant" }
}

content_table! {
    #[table = "courses", model = "Course", input = "CourseInput", noun = "course", path = "courses"]
    #[sources = COURSES, order = [year Desc, term Asc], search = [code, title]]
    fields {
        code: String = required("Code"),
        title: String = required("Title"),
        /// Sent empty: made from the title.
        #[sea_orm(unique)]
        slug: String [input Option<String>] = slug("Slug", &title, slugify),
        /// Sent empty: the current year.
        year: i32 [input Option<i32>] = year_or_current("Year"),
        term: CourseTerm,
        role: CourseRole,
        #[sea_orm(column_type = "Text", nullable)]
        description: Option<String> = optional_long("Description"),
        /// Fractional: 7.5 credits is common (ECTS).
        credits: Option<f64> = optional_number_range("Credits", crate::rules::CREDITS),
        students_count: Option<i32> = optional_int_range("Students count", crate::rules::STUDENTS_COUNT),
        course_url: Option<String> = optional_url("Course URL"),
        syllabus_url: Option<String> = optional_url("Syllabus URL"),
        status: ContentStatus,
        featured: bool,
    }
}
