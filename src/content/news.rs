//! News items: the home page shows the latest three; /news lists them all.

use sea_orm::entity::prelude::*;

use super::ContentStatus;

content_table! {
    #[table = "news_items", model = "NewsItem", input = "NewsItemInput", noun = "news item", path = "news"]
    #[sources = NEWS, order = [date Desc], search = [title], tags = "news_item_tags"]
    fields {
        title: String = required("Title"),
        #[sea_orm(column_type = "Text")]
        content: String = required_long("Content"),
        /// Sent empty: today.
        date: Date [input Option<Date>] = date_or_today("Date"),
        link_url: Option<String> = optional_url("Link URL"),
        link_text: Option<String> = optional("Link text"),
        featured: bool,
        status: ContentStatus,
    }
}
