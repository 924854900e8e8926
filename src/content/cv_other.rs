//! CV: free sections (issue 28): a heading and sanitised rich text, for whatever the other
//! sections do not hold (languages, memberships, …). Shown on /cv only.

use sea_orm::entity::prelude::*;

use super::ContentStatus;

content_table! {
    #[table = "cv_other", model = "CvOther", input = "CvOtherInput", noun = "CV section", path = "cv-other"]
    #[sources = CV, order = [sort_order Asc], search = [title], filters = [status]]
    fields {
        title: String = required("Title"),
        /// Rich text (HTML), sanitised before it is stored.
        #[sea_orm(column_type = "Text", nullable)]
        content: Option<String> = optional_html("Content"),
        sort_order: i32,
        status: ContentStatus,
    }
}
