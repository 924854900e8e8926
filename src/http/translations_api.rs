//! The owner's translations (issue 45): per language, what is untranslated, outdated or done;
//! writing, deleting and reviewing one translation (`content::translations`). A write is
//! announced as a write of the item's kind, so the pages showing the item are rendered again.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use super::AppState;
use super::extract::{Json, Path, Query};
use crate::auth::OwnerSession;
use crate::content::settings;
use crate::content::translations::{self, Field, OutdatedCount, TranslationInput, TranslationKind, TranslationList};
use crate::error::AppError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    lang: String,
    /// Only the items of this kind (`news`)…
    kind: Option<String>,
    /// …or only this one of them: an item's edit form asks for its own texts.
    item: Option<String>,
}

/// `GET /api/admin/translations?lang=de`, or `…&kind=news` or `…&kind=news&item=<id>`.
pub async fn list_translations(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Query(query): Query<ListQuery>,
) -> Result<axum::Json<TranslationList>, AppError> {
    let own = own_language(&state).await?;
    let lang = translations::target_language(&query.lang, &own)?;
    let kind = query.kind.as_deref().map(TranslationKind::parse).transpose()?;
    let only = match (kind, query.item.as_deref()) {
        (Some(kind), item) => Some((kind, item)),
        (None, Some(_)) => return Err(AppError::BadRequest("An item is asked for with its kind: add kind=<kind>".into())),
        (None, None) => None,
    };
    Ok(axum::Json(translations::list_of(&state.db, &lang, &own, only).await?))
}

/// `GET /api/admin/translations/outdated`: per language, how many translations are outdated.
pub async fn count_outdated(State(state): State<AppState>, _owner: OwnerSession) -> Result<axum::Json<Vec<OutdatedCount>>, AppError> {
    Ok(axum::Json(translations::outdated_counts(&state.db).await?))
}

/// The language the owner writes the items in: the site's default language.
async fn own_language(state: &AppState) -> Result<String, AppError> {
    Ok(settings::site(&state.db).await?.languages.default_language().to_owned())
}

/// The address of one translation: `<kind>/<item id>/<field>/<lang>`, each part checked.
struct Target {
    kind: TranslationKind,
    id: String,
    field: Field,
    lang: String,
}

impl Target {
    async fn parse(state: &AppState, (kind, id, field, lang): (String, String, String, String)) -> Result<Self, AppError> {
        let kind = TranslationKind::parse(&kind)?;
        let field = kind.field(&field)?;
        let lang = translations::target_language(&lang, &own_language(state).await?)?;
        Ok(Self { kind, id, field, lang })
    }
}

/// `PUT /api/admin/translations/<kind>/<id>/<field>/<lang>` with `{"text": …}`.
pub async fn save_translation(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(target): Path<(String, String, String, String)>,
    Json(input): Json<TranslationInput>,
) -> Result<axum::Json<translations::Model>, AppError> {
    let Target { kind, id, field, lang } = Target::parse(&state, target).await?;
    let write = state.changes.begin(&state.db, kind.sources()).await?;
    let saved = translations::write(write.txn(), kind, &id, field, &lang, input).await?;
    write.commit().await?;
    Ok(axum::Json(saved))
}

/// `DELETE /api/admin/translations/<kind>/<id>/<field>/<lang>`.
pub async fn delete_translation(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(target): Path<(String, String, String, String)>,
) -> Result<StatusCode, AppError> {
    let Target { kind, id, field, lang } = Target::parse(&state, target).await?;
    let write = state.changes.begin(&state.db, kind.sources()).await?;
    translations::delete(write.txn(), kind, &id, field, &lang).await?;
    write.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/admin/translations/<kind>/<id>/<field>/<lang>/reviewed`: "Mark as up to date".
pub async fn mark_reviewed(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(target): Path<(String, String, String, String)>,
) -> Result<axum::Json<translations::Model>, AppError> {
    let Target { kind, id, field, lang } = Target::parse(&state, target).await?;
    // The page shows the same text: nothing to render again.
    let write = state.changes.begin(&state.db, crate::store::changes::Sources::NONE).await?;
    let reviewed = translations::mark_reviewed(write.txn(), kind, &id, field, &lang).await?;
    write.commit().await?;
    Ok(axum::Json(reviewed))
}
