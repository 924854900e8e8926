//! CV: grants and funding (issue 28): the amount with its ISO 4217 currency, the years from a
//! start to an end or to the present (`end_year` empty). Shown on /cv only.

use sea_orm::entity::prelude::*;

use super::ContentStatus;

content_table! {
    #[table = "cv_grants", model = "CvGrant", input = "CvGrantInput", noun = "grant", path = "cv-grants"]
    #[sources = CV, order = [sort_order Asc, start_year Desc], search = [title, funder], filters = [status]]
    fields {
        title: String = required("Title"),
        funder: String = required("Funder"),
        /// The owner's role: principal investigator, co-investigator, …; free text.
        role: Option<String> = optional("Role"),
        amount: Option<f64> = amount("Amount"),
        /// ISO 4217, present whenever `amount` is.
        currency: Option<String> = currency("Currency", amount),
        start_year: i32 [input Option<i32>] = cv_year("Start year"),
        /// Empty: to the present.
        end_year: Option<i32> = end_year("End year", start_year),
        sort_order: i32,
        status: ContentStatus,
    }
}
