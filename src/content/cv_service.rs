//! CV: service (issue 28): committees, editorial boards, reviewing, each a role in a body over a
//! span of years (to the present when `end_year` is empty). Shown on /cv, and on /about when its
//! Service block shows the CV's list (issue 44).

use sea_orm::entity::prelude::*;

use super::ContentStatus;

text_enum! {
    /// The kind of a service role; /cv groups by it.
    ServiceKind { #[default] Committee = "committee", EditorialBoard = "editorial-board", Reviewing = "reviewing", Other = "other" }
}

content_table! {
    #[table = "cv_service", model = "CvService", input = "CvServiceInput", noun = "service role", path = "cv-service"]
    #[sources = CV, order = [sort_order Asc, start_year Desc], search = [role, body], filters = [status]]
    fields {
        role: String = required("Role"),
        body: String = required("Body"),
        kind: ServiceKind,
        start_year: i32 [input Option<i32>] = cv_year("Start year"),
        /// Empty: to the present.
        end_year: Option<i32> = end_year("End year", start_year),
        sort_order: i32,
        status: ContentStatus,
    }
}
