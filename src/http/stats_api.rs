//! `GET /api/admin/stats?from=YYYY-MM-DD&to=YYYY-MM-DD`: the owner's statistics
//! (`crate::stats::report`); without dates, the last 30 days.

use axum::extract::{Query, State};
use chrono::{Days, NaiveDate};
use serde::Deserialize;

use super::AppState;
use crate::auth::OwnerSession;
use crate::error::AppError;
use crate::stats::report::{self, MAX_DAYS, Report};

#[derive(Deserialize)]
pub struct Span {
    from: Option<String>,
    to: Option<String>,
}

pub async fn stats(State(state): State<AppState>, _owner: OwnerSession, Query(span): Query<Span>) -> Result<axum::Json<Report>, AppError> {
    let today = state.stats.now().date_naive();
    let (from, to) = span_of(span.from.as_deref(), span.to.as_deref(), today)?;
    // What this instance counted so far is in the figures.
    if let Err(err) = state.stats.flush(&state.db).await {
        tracing::warn!(error = %err, "writing the statistics before a report failed");
    }
    Ok(axum::Json(report::report(&state.db, from, to).await?))
}

/// The days asked for: `to` defaults to today, `from` to 29 days before `to`.
pub fn span_of(from: Option<&str>, to: Option<&str>, today: NaiveDate) -> Result<(NaiveDate, NaiveDate), AppError> {
    let date = |name: &str, text: &str| {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| AppError::BadRequest(format!("{name} must be a date like 2026-12-31")))
    };
    let to = to.map(|to| date("to", to)).transpose()?.unwrap_or(today);
    let from = from.map(|from| date("from", from)).transpose()?.unwrap_or(to - Days::new(29));
    if from > to {
        return Err(AppError::BadRequest("from must not be after to".to_owned()));
    }
    if (to - from).num_days() >= MAX_DAYS {
        return Err(AppError::BadRequest(format!("A report covers at most {MAX_DAYS} days")));
    }
    Ok((from, to))
}
