//! Blog posts (issue 42): /blog lists them newest first, /blog/<slug> shows one, /blog.atom
//! carries them. The body is sanitised rich text, with math written as TeX like the news.

use sea_orm::entity::prelude::*;

use super::ContentStatus;
use crate::rules::validate::slugify;

content_table! {
    #[table = "posts", model = "Post", input = "PostInput", noun = "post", path = "posts"]
    #[sources = POSTS, order = [date Desc], search = [title, summary], tags = "post_tags"]
    fields {
        title: String = required("Title"),
        /// Sent empty: made from the title.
        #[sea_orm(unique)]
        slug: String [input Option<String>] = slug("Slug", &title, slugify),
        /// Sent empty: today.
        date: Date [input Option<Date>] = date_or_today("Date"),
        /// A sentence or two for the list, the feeds and link previews.
        #[sea_orm(column_type = "Text", nullable)]
        summary: Option<String> = optional_long("Summary"),
        /// Rich text (HTML), sanitised before it is stored.
        #[sea_orm(column_type = "Text", nullable)]
        content: Option<String> = optional_html("Content"),
        /// An image's address: an upload here (`/files/…`) or a URL.
        cover_image: Option<String> = optional_link("Cover image"),
        featured: bool,
        status: ContentStatus,
    }
}
