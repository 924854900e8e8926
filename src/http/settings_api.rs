//! The owner's site-wide options.

use axum::extract::State;

use super::AppState;
use super::extract::Json;
use crate::auth::OwnerSession;
use crate::error::AppError;
use crate::settings::{self, SiteSettings, SiteSettingsView};

/// With the accepted analytics providers and, if the stored script is not allowed (any more)
/// or comes from the owner's own domain, a warning for the form.
pub async fn read_site_settings(State(state): State<AppState>, _owner: OwnerSession) -> Result<axum::Json<SiteSettingsView>, AppError> {
    Ok(axum::Json(settings::site(&state.db).await?.into()))
}

pub async fn save_site_settings(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(site): Json<SiteSettings>,
) -> Result<axum::Json<SiteSettingsView>, AppError> {
    Ok(axum::Json(settings::save_site(&state.db, site).await?.into()))
}
