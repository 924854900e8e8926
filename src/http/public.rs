//! Public pages: load the page's data from the store, render it, send complete HTML.

use axum::extract::State;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};

use super::files;
use crate::app::AppState;
use crate::content::homepage::{self, HeroContent};
use crate::error::AppError;
use crate::render::{HomeData, PageData, RenderInput, SiteInfo};

async fn site_info(state: &AppState, hero: &HeroContent) -> SiteInfo {
    SiteInfo { owner_name: hero.name.clone(), base_url: state.base_url.clone() }
}

async fn render(state: &AppState, status: StatusCode, path: &str, page: PageData, hero: &HeroContent) -> Result<Response, AppError> {
    let input = RenderInput { path: path.to_owned(), site: site_info(state, hero).await, page };
    let html = state.renderer.render(&input).await?;
    let mut response = (status, Html(html)).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(response)
}

pub async fn home(State(state): State<AppState>) -> Result<Response, AppError> {
    let hero = homepage::read::<HeroContent>(&state.db).await?.content;
    render(&state, StatusCode::OK, "/", PageData::Home(HomeData { hero: hero.clone() }), &hero).await
}

/// Anything no route claims: a file of the built frontend (favicon, placeholder image), or
/// the 404 page, with the attempt logged.
pub async fn fallback(State(state): State<AppState>, method: Method, uri: Uri) -> Result<Response, AppError> {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        return Err(AppError::NotFound(format!("No API endpoint at {path}")));
    }
    if method != Method::GET && method != Method::HEAD {
        return Err(AppError::NotFound(format!("Nothing at {path}")));
    }
    if let Some(response) = files::root_file(path) {
        return Ok(response);
    }
    tracing::info!(path, "page not found");
    let hero = homepage::read::<HeroContent>(&state.db).await?.content;
    render(&state, StatusCode::NOT_FOUND, path, PageData::NotFound, &hero).await
}
