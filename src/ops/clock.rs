//! The time stored with a row, and today's date and year for the spec's defaults ("year: current
//! year", "date: today").

use chrono::{DateTime, Datelike, DurationRound, NaiveDate, TimeDelta, Utc};

/// Now, to the microsecond: what PostgreSQL keeps of a timestamp. SQLite would keep the
/// nanoseconds, so a backup restored from one database into the other (`crate::backup`)
/// could not hold the same times.
pub fn now() -> DateTime<Utc> {
    let now = Utc::now();
    now.duration_trunc(TimeDelta::microseconds(1)).unwrap_or(now)
}

pub fn today() -> NaiveDate {
    Utc::now().date_naive()
}

pub fn current_year() -> i32 {
    today().year()
}
