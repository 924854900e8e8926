//! Tags: a name, a slug and a colour.

use sea_orm::entity::prelude::*;

use crate::routes::Route;
use crate::rules::validate::slugify;

content_table! {
    #[table = "tags", model = "Tag", input = "TagInput", noun = "tag", path = "tags"]
    // No status and no featured flag: everyone sees every tag, by name.
    #[sources = TAGS, order = [name Asc], search = [name], filters = []]
    fields {
        name: String = required("Name"),
        /// Sent empty: made from the name.
        #[sea_orm(unique)]
        slug: String [input Option<String>] = slug("Slug", &name, slugify),
        /// `#rrggbb`; sent empty: the default colour.
        color: String [input Option<String>] = color("Color", crate::rules::DEFAULT_COLOR),
    }
}

/// A tag's public page: everything published with it.
pub fn page_path(slug: &str) -> String {
    Route::Tag(slug).path().into_owned()
}

/// The address of page `number` of a tag's page: the bare path for page 1, as on the lists
/// (`/news?page=2`), `/tags/<slug>?page=2` for the others.
pub fn paged_path(slug: &str, number: u32) -> String {
    Route::Tag(slug).paged(number).into_owned()
}
