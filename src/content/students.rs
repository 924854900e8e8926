//! Students supervised: /students groups them as Current Students and Alumni. The spec makes
//! the list readable only by a signed-in user.

use sea_orm::Order;
use sea_orm::entity::prelude::*;

use super::{Audience, ListQuery};

text_enum! {
    /// The degree a student works towards.
    StudentLevel { Bachelor = "bachelor", Master = "master", #[default] Phd = "phd" }
}

text_enum! {
    /// Current students and alumni (students have no draft state).
    StudentStatus { #[default] Current = "current", Graduated = "graduated" }
}

content_table! {
    #[table = "students", model = "Student", input = "StudentInput", noun = "student", path = "students"]
    #[sources = STUDENTS, order = [sort_order Asc], search = [name, thesis_title], filters = []]
    impl Content {
        const OWNER_ONLY: bool = true;

        /// Students have no draft state: the status filter is current / graduated for everyone.
        fn select(query: &ListQuery, _audience: Audience) -> Select<Entity> {
            let select = match &query.status {
                Some(status) => Entity::find().filter(Column::Status.eq(status.as_str())),
                None => Entity::find(),
            };
            super::order(select, Self::ORDER)
        }
    }
    fields {
        name: String = required("Name"),
        level: StudentLevel,
        status: StudentStatus,
        #[sea_orm(column_type = "Text", nullable)]
        bio: Option<String> = optional_long("Bio"),
        thesis_title: Option<String> = optional("Thesis title"),
        /// Sent empty: the current year.
        start_year: i32 [input Option<i32>] = year_or_current("Start year"),
        graduation_year: Option<i32> = year_not_before("Graduation year", start_year),
        current_position: Option<String> = optional("Current position"),
        email: Option<String> = optional_email("Email"),
        linkedin_url: Option<String> = optional_url("LinkedIn URL"),
        website_url: Option<String> = optional_url("Website URL"),
        profile_image_url: Option<String> = optional_link("Profile image URL"),
        sort_order: i32,
    }
}

/// The public Students page's order: current students before alumni ('current' sorts before
/// 'graduated'), each group in the spec's order. Read a page at a time, the page groups them
/// as Current Students and Alumni without a group ever coming back on a later page.
pub fn grouped_for_page() -> Select<Entity> {
    super::order(Entity::find(), &[("status", Order::Asc), ("sort_order", Order::Asc)])
}
