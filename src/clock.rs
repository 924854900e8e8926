//! Today's date and year, for the spec's defaults ("year: current year", "date: today").

use chrono::{Datelike, NaiveDate, Utc};

pub fn today() -> NaiveDate {
    Utc::now().date_naive()
}

pub fn current_year() -> i32 {
    today().year()
}
