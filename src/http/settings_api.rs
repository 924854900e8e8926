//! The owner's site-wide options.

use std::collections::BTreeMap;

use axum::extract::State;

use super::AppState;
use super::client::ClientAddress;
use super::extract::{self, Json};
use crate::auth::OwnerSession;
use crate::auth::second_factor::{self, Confirmation};
use crate::content::settings::{self, SiteSettings, SiteSettingsView};
use crate::error::AppError;
use crate::store::changes::Sources;

/// With the accepted analytics providers, the script the home page loads and since when, and,
/// if the stored script is not allowed (any more) or comes from the owner's own domain, a
/// warning for the form.
pub async fn read_site_settings(State(state): State<AppState>, _owner: OwnerSession) -> Result<axum::Json<SiteSettingsView>, AppError> {
    Ok(axum::Json(settings::view(&state.db).await?))
}

/// `PUT /api/settings`: the settings to change (a key left out keeps its value, see
/// `extract::over_stored`), and, when the change puts a
/// new script on visitors' pages or widens their policy, `current_password` (and `code` with
/// the second factor on) in the same body: a stolen session alone cannot add a script to
/// every visitor's page. Such a change is logged.
pub async fn save_site_settings(
    State(state): State<AppState>,
    owner: OwnerSession,
    ClientAddress(client): ClientAddress,
    Json(mut body): Json<serde_json::Value>,
) -> Result<axum::Json<SiteSettingsView>, AppError> {
    let confirmation = take_confirmation(&mut body)?;
    let before = settings::site(&state.db).await?;
    // The rules first: the password is asked for a change that can be saved.
    let site: SiteSettings = extract::over_stored(&before, body)?.validated()?;
    let adds_script = site.adds_script(&before);
    if adds_script {
        let client = client.to_string();
        let confirmation = confirmation.unwrap_or_default();
        second_factor::confirm_owner(&state.db, &owner, confirmation, Some(&client), crate::ops::clock::now()).await?;
    }
    let write = state.changes.begin(&state.db, Sources::SETTINGS).await?;
    let saved = settings::save_site(write.txn(), site, &before).await?;
    write.commit().await?;
    // This instance counts as the owner chose at once; the others at their next write.
    state.stats.apply_settings(&saved);
    if adds_script {
        tracing::warn!(
            owner = %owner.user.email,
            client = %client,
            script = %saved.analytics_script_url,
            own_origin = %saved.analytics_own_origin,
            "the home page's analytics script changed (confirmed with the password)"
        );
    }
    Ok(axum::Json(settings::view(&state.db).await?))
}

/// `PUT /api/settings/texts`: the owner's wording of some fixed public sentences, by key
/// (`{"home.featured_publications_intro": "…"}`; `""` puts the default back); the sentences
/// not sent keep theirs. Every page shows the settings' menu, so the save renders the kept
/// pages again (`Sources::SETTINGS`), those showing a sentence among them.
pub async fn save_texts(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(changes): Json<BTreeMap<String, String>>,
) -> Result<axum::Json<SiteSettingsView>, AppError> {
    let write = state.changes.begin(&state.db, Sources::SETTINGS).await?;
    settings::save_texts(write.txn(), changes).await?;
    write.commit().await?;
    Ok(axum::Json(settings::view(&state.db).await?))
}

/// Takes `current_password` and `code` out of the body, which then holds the settings alone.
fn take_confirmation(body: &mut serde_json::Value) -> Result<Option<Confirmation>, AppError> {
    let Some(object) = body.as_object_mut() else { return Ok(None) };
    let taken: serde_json::Map<String, serde_json::Value> =
        ["current_password", "code"].into_iter().filter_map(|key| object.remove(key).map(|value| (key.to_owned(), value))).collect();
    if taken.is_empty() {
        return Ok(None);
    }
    extract::from_value(serde_json::Value::Object(taken)).map(Some)
}
