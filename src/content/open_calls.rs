//! Open calls for proposals: /open-calls. Content, requirements and contact information are
//! sanitised rich text.

use sea_orm::Order;
use sea_orm::entity::prelude::*;

use super::{Audience, ContentStatus, ListQuery};

content_table! {
    #[table = "open_calls", model = "OpenCall", input = "OpenCallInput", noun = "open call", path = "open-calls"]
    #[sources = OPEN_CALLS, order = [], search = [title]]
    impl Content {
        /// The public reads by deadline (soonest first, no deadline last); the admin by creation.
        fn select(query: &ListQuery, audience: Audience) -> Select<Entity> {
            let select = super::status_filter(Entity::find(), query, audience);
            let select = super::featured_filter(select, query);
            let keys: &[(&str, Order)] = match audience {
                Audience::Public => &[("deadline", Order::Asc)],
                Audience::Owner => Self::ORDER,
            };
            super::order(select, keys)
        }
    }
    fields {
        title: String = required("Title"),
        /// Required for open calls: the form derives it from the title only when creating.
        #[sea_orm(unique)]
        slug: String = required_slug("Slug"),
        #[sea_orm(column_type = "Text", nullable)]
        description: Option<String> = optional_long("Description"),
        #[sea_orm(column_type = "Text", nullable)]
        content: Option<String> = optional_html("Content"),
        #[sea_orm(column_type = "Text", nullable)]
        requirements: Option<String> = optional_html("Requirements"),
        contact_email: Option<String> = optional_email("Contact email"),
        #[sea_orm(column_type = "Text", nullable)]
        contact_info: Option<String> = optional_html("Contact information"),
        application_url: Option<String> = optional_url("Application URL"),
        funding_amount: Option<String> = optional("Funding amount"),
        duration: Option<String> = optional("Duration"),
        funding_agency: Option<String> = optional("Funding agency"),
        deadline: Option<Date> = date("Deadline"),
        status: ContentStatus,
        featured: bool,
    }
}
