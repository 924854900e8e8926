//! Research areas: /research and the home page; `content` is sanitised rich text.

use sea_orm::entity::prelude::*;

use super::ContentStatus;
use crate::rules::validate::slugify_variant;

pub const DEFAULT_ICON: &str = "Shield";

content_table! {
    #[table = "research_areas", model = "ResearchArea", input = "ResearchAreaInput", noun = "research area", path = "research-areas"]
    #[sources = RESEARCH_AREAS, order = [sort_order Asc], search = [title]]
    fields {
        title: String = required("Title"),
        /// Sent empty: made from the title.
        #[sea_orm(unique)]
        slug: String [input Option<String>] = slug("Slug", &title, slugify_variant),
        #[sea_orm(column_type = "Text", nullable)]
        description: Option<String> = optional_long("Description"),
        /// Rich text (HTML), sanitised before it is stored.
        #[sea_orm(column_type = "Text", nullable)]
        content: Option<String> = optional_html("Content"),
        /// `#rrggbb`; sent empty: the default colour.
        color: String [input Option<String>] = color("Color", crate::rules::DEFAULT_COLOR),
        /// An icon name (Shield, Cpu, Brain, …); free text; sent empty: `DEFAULT_ICON`.
        icon: String [input Option<String>] = optional_or("Icon", DEFAULT_ICON),
        featured: bool,
        sort_order: i32,
        status: ContentStatus,
    }
}
