//! The JSON API of every content table: the spec's list reads, and create / update / delete
//! by id for the owner. One generic handler per operation serves every table.

use axum::extract::{OriginalUri, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, Uri, header};
use axum::response::IntoResponse;
use uuid::Uuid;

use super::AppState;
use super::extract::{self, Json, Path, Query};
use crate::auth::OwnerSession;
use crate::content::bulk::{self, BulkRequest, UndoToken};
use crate::content::homepage::{self, Section, SectionRecord};
use crate::content::owner_list::{self, OwnerQuery};
use crate::content::sample_texts::{self, SampleText};
use crate::content::{self, Audience, Content, ListQuery};
use crate::error::AppError;
use sea_orm::PaginatorTrait;

/// `GET /api/<table>`: what a visitor may see (published items, with the spec's filters), a
/// page at a time (`content::PUBLIC_PAGE`): `X-Total-Count` tells how many there are in all,
/// and `Link: <…>; rel="next"` where the next page is, while there is one.
pub async fn list_public<E: Content>(
    State(state): State<AppState>,
    owner: Option<OwnerSession>,
    OriginalUri(uri): OriginalUri,
    Query(query): Query<ListQuery>,
) -> Result<impl IntoResponse, AppError> {
    if E::OWNER_ONLY && owner.is_none() {
        return Err(AppError::Unauthorized(format!("Authentication required to access {} data", E::NOUN)));
    }
    let query = query.public_page();
    let total = E::select(&query, Audience::Public).count(&state.db).await?;
    let (offset, limit) = (query.offset.unwrap_or(0), query.limit.unwrap_or(0));
    let next = (limit > 0 && offset.saturating_add(limit) < total).then(|| next_page(&uri, offset.saturating_add(limit)));
    let items = E::list(&state.db, query, Audience::Public).await?;
    let mut headers = HeaderMap::new();
    headers.insert(HeaderName::from_static("x-total-count"), HeaderValue::from(total));
    if let Some(next) = next.and_then(|link| HeaderValue::from_str(&link).ok()) {
        headers.insert(header::LINK, next);
    }
    Ok((headers, axum::Json(items)))
}

/// The `Link` header of the page from `offset`: the request's own query with `offset` set.
fn next_page(uri: &Uri, offset: u64) -> String {
    let kept = uri.query().unwrap_or("").split('&').filter(|pair| !pair.is_empty() && !pair.starts_with("offset="));
    let query: Vec<String> = kept.map(str::to_owned).chain([format!("offset={offset}")]).collect();
    format!("<{}?{}>; rel=\"next\"", uri.path(), query.join("&"))
}

/// `GET /api/admin/<table>`: the owner's list, drafts included, searched, filtered, sorted and
/// a page at a time as asked (`content::owner_list`; everything when nothing is asked), with
/// `X-Total-Count` the number of matches.
pub async fn list_owner<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Query(query): Query<OwnerQuery>,
) -> Result<impl IntoResponse, AppError> {
    let page = owner_list::read::<E>(&state.db, &query).await?;
    let total = [(HeaderName::from_static("x-total-count"), HeaderValue::from(page.total))];
    Ok((total, axum::Json(page.items)))
}

/// `POST /api/admin/<table>/bulk`: one action on many items, answered with its undo token.
pub async fn bulk<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(request): Json<BulkRequest>,
) -> Result<axum::Json<UndoToken>, AppError> {
    Ok(axum::Json(bulk::apply::<E>(&state.db, &state.changes, request).await?))
}

/// `POST /api/admin/undo/<token>`: takes a bulk action back within its window.
pub async fn undo(State(state): State<AppState>, _owner: OwnerSession, Path(token): Path<String>) -> Result<StatusCode, AppError> {
    bulk::undo(&state.db, &state.changes, &token).await?;
    Ok(StatusCode::NO_CONTENT)
}

pub async fn get_one<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(id): Path<Uuid>,
) -> Result<axum::Json<E::Model>, AppError> {
    Ok(axum::Json(content::get::<E>(&state.db, id).await?))
}

pub async fn create<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(input): Json<E::Input>,
) -> Result<impl IntoResponse, AppError> {
    let write = state.changes.begin(&state.db, E::SOURCES).await?;
    E::check_clash(write.txn(), None, &input).await?;
    let created = content::create::<E>(write.txn(), input).await?;
    write.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(created)))
}

pub async fn update<E: Content>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Path(id): Path<Uuid>,
    Json(body): Json<serde_json::Value>,
) -> Result<axum::Json<E::Model>, AppError> {
    // An unknown id is "not found" whatever the body says.
    content::get::<E>(&state.db, id).await?;
    let input = extract::complete::<E::Input>(body)?;
    let write = state.changes.begin(&state.db, E::SOURCES).await?;
    E::check_clash(write.txn(), Some(id), &input).await?;
    let updated = content::update::<E>(write.txn(), id, input).await?;
    write.commit().await?;
    Ok(axum::Json(updated))
}

pub async fn delete<E: Content>(State(state): State<AppState>, _owner: OwnerSession, Path(id): Path<Uuid>) -> Result<StatusCode, AppError> {
    let write = state.changes.begin(&state.db, E::SOURCES).await?;
    content::delete::<E>(write.txn(), id).await?;
    write.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/homepage/<section>`: page texts are public (they are on the public pages).
pub async fn read_section<S: Section>(State(state): State<AppState>) -> Result<axum::Json<SectionRecord<S>>, AppError> {
    Ok(axum::Json(homepage::read::<S>(&state.db).await?))
}

/// `GET /api/admin/sample-texts`: the public texts a visitor still reads as the spec's sample,
/// for the owner's dashboard.
pub async fn sample_texts(State(state): State<AppState>, _owner: OwnerSession) -> Result<axum::Json<Vec<SampleText>>, AppError> {
    Ok(axum::Json(sample_texts::sample_texts(&state.db).await?))
}

/// `PUT /api/homepage/<section>`: the spec's upsert keyed by section; a key the body leaves out
/// keeps its stored value (`extract::over_stored`).
pub async fn upsert_section<S: Section>(
    State(state): State<AppState>,
    _owner: OwnerSession,
    Json(body): Json<serde_json::Value>,
) -> Result<axum::Json<SectionRecord<S>>, AppError> {
    let stored = homepage::read::<S>(&state.db).await?.content;
    let content = extract::over_stored(&stored, body)?;
    let write = state.changes.begin(&state.db, S::SOURCES).await?;
    let saved = homepage::upsert::<S>(write.txn(), content).await?;
    write.commit().await?;
    Ok(axum::Json(saved))
}
