//! The JSON API of every content table: the spec's list reads, and create / update / delete
//! by id for the owner. One generic handler per operation serves every table.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use uuid::Uuid;

use super::AppState;
use super::extract::{self, Json, Path, Query, Write};
use crate::auth::OwnerSession;
use crate::content::homepage::{self, Section, SectionRecord};
use crate::content::{self, Audience, Content, ListQuery};
use crate::error::AppError;

/// `GET /api/<table>`: what a visitor may see (published items, with the spec's filters).
pub async fn list_public<E: Content>(
    State(state): State<AppState>,
    owner: Option<OwnerSession>,
    Query(query): Query<ListQuery>,
) -> Result<axum::Json<Vec<E::Model>>, AppError> {
    if E::OWNER_ONLY && owner.is_none() {
        return Err(AppError::Unauthorized(format!("Authentication required to access {} data", E::NOUN)));
    }
    Ok(axum::Json(E::list(&state.db, query, Audience::Public).await?))
}

/// `GET /api/admin/<table>`: everything, for the owner.
pub async fn list_owner<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Query(query): Query<ListQuery>,
) -> Result<axum::Json<Vec<E::Model>>, AppError> {
    Ok(axum::Json(E::list(&state.db, query, Audience::Owner).await?))
}

pub async fn get_one<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(id): Path<Uuid>,
) -> Result<axum::Json<E::Model>, AppError> {
    Ok(axum::Json(content::get::<E>(&state.db, id).await?))
}

pub async fn create<E: Content>(_owner: OwnerSession, write: Write, Json(input): Json<E::Input>) -> Result<impl IntoResponse, AppError> {
    let txn = write.begin().await?;
    let created = content::create::<E>(&txn, input).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(created)))
}

pub async fn update<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    write: Write,
    Path(id): Path<Uuid>,
    Json(body): Json<serde_json::Value>,
) -> Result<axum::Json<E::Model>, AppError> {
    // An unknown id is "not found" whatever the body says.
    content::get::<E>(&state.db, id).await?;
    let input = extract::complete::<E::Input>(body)?;
    let txn = write.begin().await?;
    let updated = content::update::<E>(&txn, id, input).await?;
    txn.commit().await?;
    Ok(axum::Json(updated))
}

pub async fn delete<E: Content>(_owner: OwnerSession, write: Write, Path(id): Path<Uuid>) -> Result<StatusCode, AppError> {
    let txn = write.begin().await?;
    content::delete::<E>(&txn, id).await?;
    txn.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/homepage/<section>`: page texts are public (they are on the public pages).
pub async fn read_section<S: Section>(State(state): State<AppState>) -> Result<axum::Json<SectionRecord<S>>, AppError> {
    Ok(axum::Json(homepage::read::<S>(&state.db).await?))
}

/// `PUT /api/homepage/<section>`: the spec's upsert keyed by section.
pub async fn upsert_section<S: Section>(
    _owner: OwnerSession,
    write: Write,
    Json(content): Json<S>,
) -> Result<axum::Json<SectionRecord<S>>, AppError> {
    let txn = write.begin().await?;
    let saved = homepage::upsert::<S>(&txn, content).await?;
    txn.commit().await?;
    Ok(axum::Json(saved))
}
