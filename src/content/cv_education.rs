//! CV: education (issue 28): degrees, each with its year, thesis and advisor. Shown on /cv, and on
//! /about when its Education block shows the CV's list (issue 44).

use sea_orm::entity::prelude::*;

use super::ContentStatus;

content_table! {
    #[table = "cv_education", model = "CvEducation", input = "CvEducationInput", noun = "degree", path = "cv-education"]
    #[sources = CV, order = [sort_order Asc, year Desc], search = [degree, field, institution], filters = [status]]
    fields {
        degree: String = required("Degree"),
        field: Option<String> = optional("Field"),
        institution: String = required("Institution"),
        year: i32 [input Option<i32>] = cv_year("Year"),
        thesis_title: Option<String> = optional("Thesis title"),
        advisor: Option<String> = optional("Advisor"),
        sort_order: i32,
        status: ContentStatus,
    }
}
