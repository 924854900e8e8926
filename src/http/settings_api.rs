//! The owner's site-wide options.

use axum::extract::State;

use super::AppState;
use super::extract::Json;
use crate::auth::OwnerSession;
use crate::error::AppError;
use crate::settings::{self, SiteSettings};

pub async fn read_site_settings(State(state): State<AppState>, _owner: OwnerSession) -> Result<axum::Json<SiteSettings>, AppError> {
    Ok(axum::Json(settings::site(&state.db).await?))
}

pub async fn save_site_settings(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(site): Json<SiteSettings>,
) -> Result<axum::Json<SiteSettings>, AppError> {
    Ok(axum::Json(settings::save_site(&state.db, site).await?))
}
