//! CV: awards and honours (issue 28). Shown on /cv, and on /about when its Awards block shows the
//! CV's list (issue 44).

use sea_orm::entity::prelude::*;

use super::ContentStatus;

content_table! {
    #[table = "cv_awards", model = "CvAward", input = "CvAwardInput", noun = "award", path = "cv-awards"]
    #[sources = CV, order = [sort_order Asc, year Desc], search = [name, awarding_body], filters = [status]]
    fields {
        name: String = required("Name"),
        awarding_body: Option<String> = optional("Awarding body"),
        year: i32 [input Option<i32>] = cv_year("Year"),
        sort_order: i32,
        status: ContentStatus,
    }
}
