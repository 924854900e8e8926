//! The owner's site-wide options.

use axum::extract::State;

use super::AppState;
use super::extract::{Json, Write};
use crate::auth::OwnerSession;
use crate::content::settings::{self, SiteSettings, SiteSettingsView};
use crate::error::AppError;

/// With the accepted analytics providers and, if the stored script is not allowed (any more)
/// or comes from the owner's own domain, a warning for the form.
pub async fn read_site_settings(State(state): State<AppState>, _owner: OwnerSession) -> Result<axum::Json<SiteSettingsView>, AppError> {
    Ok(axum::Json(settings::site(&state.db).await?.into()))
}

pub async fn save_site_settings(
    _owner: OwnerSession,
    write: Write,
    Json(site): Json<SiteSettings>,
) -> Result<axum::Json<SiteSettingsView>, AppError> {
    let txn = write.begin().await?;
    let saved = settings::save_site(&txn, site).await?;
    txn.commit().await?;
    Ok(axum::Json(saved.into()))
}
