//! The JSON API of every content table: the spec's list reads, and create / update / delete
//! by id for the owner. One generic handler per operation serves every table.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use sea_orm::{ActiveModelBehavior, ActiveModelTrait, IntoActiveModel};
use serde::Serialize;
use uuid::Uuid;

use super::extract::{Json, Path, Query};
use crate::app::AppState;
use crate::auth::{self, OwnerSession};
use crate::content::homepage::{self, Section, SectionRecord};
use crate::content::{self, Audience, Content, ListQuery};
use crate::error::AppError;

/// `GET /api/<table>`: what a visitor may see (published items, with the spec's filters).
pub async fn list_public<E: Content>(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<ListQuery>,
) -> Result<axum::Json<Vec<E::Model>>, AppError>
where
    E::Model: IntoActiveModel<E::ActiveModel> + Serialize + Send + Sync,
    E::ActiveModel: ActiveModelTrait<Entity = E> + ActiveModelBehavior + Send,
{
    if E::OWNER_ONLY {
        let signed_in = match auth::cookie_token(&headers) {
            Some(token) => auth::session_for_token(&state.db, &token).await?.is_some(),
            None => false,
        };
        if !signed_in {
            return Err(AppError::Unauthorized(format!("Authentication required to access {} data", E::NOUN)));
        }
    }
    Ok(axum::Json(E::list(&state.db, query, Audience::Public).await?))
}

/// `GET /api/admin/<table>`: everything, for the owner.
pub async fn list_owner<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Query(query): Query<ListQuery>,
) -> Result<axum::Json<Vec<E::Model>>, AppError>
where
    E::Model: IntoActiveModel<E::ActiveModel> + Serialize + Send + Sync,
    E::ActiveModel: ActiveModelTrait<Entity = E> + ActiveModelBehavior + Send,
{
    Ok(axum::Json(E::list(&state.db, query, Audience::Owner).await?))
}

pub async fn get_one<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(id): Path<Uuid>,
) -> Result<axum::Json<E::Model>, AppError>
where
    E::Model: IntoActiveModel<E::ActiveModel> + Serialize + Send + Sync,
    E::ActiveModel: ActiveModelTrait<Entity = E> + ActiveModelBehavior + Send,
{
    Ok(axum::Json(content::get::<E>(&state.db, id).await?))
}

pub async fn create<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(input): Json<E::Input>,
) -> Result<impl IntoResponse, AppError>
where
    E::Model: IntoActiveModel<E::ActiveModel> + Serialize + Send + Sync,
    E::ActiveModel: ActiveModelTrait<Entity = E> + ActiveModelBehavior + Send,
{
    let created = content::create::<E>(&state.db, input).await?;
    Ok((StatusCode::CREATED, axum::Json(created)))
}

pub async fn update<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(id): Path<Uuid>,
    Json(input): Json<E::Input>,
) -> Result<axum::Json<E::Model>, AppError>
where
    E::Model: IntoActiveModel<E::ActiveModel> + Serialize + Send + Sync,
    E::ActiveModel: ActiveModelTrait<Entity = E> + ActiveModelBehavior + Send,
{
    Ok(axum::Json(content::update::<E>(&state.db, id, input).await?))
}

pub async fn delete<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(id): Path<Uuid>,
) -> Result<StatusCode, AppError>
where
    E::Model: IntoActiveModel<E::ActiveModel> + Serialize + Send + Sync,
    E::ActiveModel: ActiveModelTrait<Entity = E> + ActiveModelBehavior + Send,
{
    content::delete::<E>(&state.db, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/homepage/<section>`: page texts are public (they are on the public pages).
pub async fn read_section<S: Section>(State(state): State<AppState>) -> Result<axum::Json<SectionRecord<S>>, AppError> {
    Ok(axum::Json(homepage::read::<S>(&state.db).await?))
}

/// `PUT /api/homepage/<section>`: the spec's upsert keyed by section.
pub async fn upsert_section<S: Section>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(content): Json<S>,
) -> Result<axum::Json<SectionRecord<S>>, AppError> {
    Ok(axum::Json(homepage::upsert::<S>(&state.db, content).await?))
}
