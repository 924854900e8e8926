//! Research projects: /projects and, when featured, the home page.

use sea_orm::entity::prelude::*;

use super::{ContentStatus, StringList};
use crate::rules::validate::slugify_variant;

content_table! {
    #[table = "projects", model = "Project", input = "ProjectInput", noun = "project", path = "projects"]
    #[sources = PROJECTS, order = [sort_order Asc], search = [title, summary], tags = "project_tags"]
    fields {
        title: String = required("Title"),
        /// Sent empty: made from the title.
        #[sea_orm(unique)]
        slug: String [input Option<String>] = slug("Slug", &title, slugify_variant),
        #[sea_orm(column_type = "Text")]
        summary: String = required_long("Summary"),
        #[sea_orm(column_type = "Text", nullable)]
        content: Option<String> = optional_long("Content"),
        #[sea_orm(column_type = "Json")]
        tech_stack: StringList [input Vec<String>] = entries("Each technology"),
        #[sea_orm(column_type = "Json")]
        collaborators: StringList [input Vec<String>] = entries("Each collaborator"),
        repository_url: Option<String> = optional_url("Repository URL"),
        demo_url: Option<String> = optional_url("Demo URL"),
        funding_source: Option<String> = optional("Funding source"),
        funding_amount: Option<String> = optional("Funding amount"),
        start_date: Option<Date> = date("Start date"),
        end_date: Option<Date> = end_date("End date", start_date),
        featured: bool,
        sort_order: i32,
        status: ContentStatus,
    }
}
