//! The publications in the formats reference managers import: BibTeX and CSL-JSON, for the
//! whole list (`/publications.bib`, `/publications.json`) and for one paper (called by the
//! page router for `/publications/<slug>.bib` and `.json`). Drafts are never exported.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::AppState;
use crate::citations;
use crate::content::publications::{self, Model};
use crate::content::{Audience, Content, ContentStatus, ListQuery};
use crate::error::AppError;

/// The registered media type of BibTeX is not standard; this one is what doi.org's content
/// negotiation and reference managers use.
const BIBTEX: &str = "application/x-bibtex; charset=utf-8";
/// CSL-JSON's media type (what doi.org answers for the same request).
const CSL_JSON: &str = "application/vnd.citationstyles.csl+json";

/// `GET /publications.bib`: every published paper, in the list's order, one blank line apart.
pub async fn all_bibtex(State(state): State<AppState>) -> Result<Response, AppError> {
    let papers = published(&state).await?;
    let keys = citations::keys::assign(&papers);
    let entries: Vec<String> = papers.iter().map(|p| citations::bibtex(p, &keys[&p.id]).trim_end().to_owned()).collect();
    let mut body = entries.join("\n\n");
    if !body.is_empty() {
        body.push('\n');
    }
    Ok(([(header::CONTENT_TYPE, BIBTEX)], body).into_response())
}

/// `GET /publications.json`: every published paper as a CSL-JSON array.
pub async fn all_csl_json(State(state): State<AppState>) -> Result<Response, AppError> {
    let papers = published(&state).await?;
    let items: Vec<serde_json::Value> = papers.iter().map(|p| citations::csl_json(p, &state.base_url)).collect();
    Ok(json_response(&serde_json::Value::Array(items)))
}

/// `/publications/<slug>.bib`: the paper's BibTeX, shown inline (the page's Download link
/// names the file with its `download` attribute; the header names it for other clients).
pub async fn paper_bibtex(state: &AppState, slug: &str) -> Result<Response, AppError> {
    // Its key is the one it has in the whole list.
    let papers = published(state).await?;
    let paper = papers.iter().find(|p| p.slug == slug).ok_or_else(|| AppError::not_found("publication"))?;
    let key = &citations::keys::assign(&papers)[&paper.id];
    let mut response = ([(header::CONTENT_TYPE, BIBTEX)], citations::bibtex(paper, key)).into_response();
    // Slugs are lower-case letters, digits and dashes; anything else would not get here.
    if let Ok(disposition) = HeaderValue::from_str(&format!("inline; filename=\"{}.bib\"", paper.slug)) {
        response.headers_mut().insert(header::CONTENT_DISPOSITION, disposition);
    }
    Ok(response)
}

/// `/publications/<slug>.json`: the paper as a one-item CSL-JSON array (the schema's shape,
/// so the same importers read one paper and the whole list).
pub async fn paper_csl_json(state: &AppState, slug: &str) -> Result<Response, AppError> {
    let paper = published_paper(state, slug).await?;
    Ok(json_response(&serde_json::Value::Array(vec![citations::csl_json(&paper, &state.base_url)])))
}

async fn published(state: &AppState) -> Result<Vec<Model>, AppError> {
    publications::Entity::list(&state.db, ListQuery::default(), Audience::Public).await
}

/// A published paper by slug; a draft is as absent as an unknown slug.
async fn published_paper(state: &AppState, slug: &str) -> Result<Model, AppError> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    publications::Entity::find()
        .filter(publications::Column::Slug.eq(slug))
        .filter(publications::Column::Status.eq(ContentStatus::Published))
        .one(&state.db)
        .await?
        .ok_or_else(|| AppError::not_found("publication"))
}

fn json_response(value: &serde_json::Value) -> Response {
    let body = serde_json::to_string_pretty(value).expect("JSON values always serialise");
    ([(header::CONTENT_TYPE, CSL_JSON)], body).into_response()
}
