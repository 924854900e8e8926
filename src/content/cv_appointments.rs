//! CV: appointments (issue 28): the positions held, from a start year to an end year or to the
//! present (`end_year` empty). Shown on /cv, and on /about when its Experience block shows the CV's
//! list (issue 44).

use sea_orm::entity::prelude::*;

use super::ContentStatus;

content_table! {
    #[table = "cv_appointments", model = "CvAppointment", input = "CvAppointmentInput", noun = "appointment", path = "cv-appointments"]
    #[sources = CV, order = [sort_order Asc, start_year Desc], search = [title, institution], filters = [status]]
    fields {
        title: String = required("Title"),
        institution: String = required("Institution"),
        place: Option<String> = optional("Place"),
        start_year: i32 [input Option<i32>] = cv_year("Start year"),
        /// Empty: to the present.
        end_year: Option<i32> = end_year("End year", start_year),
        sort_order: i32,
        status: ContentStatus,
    }
}
