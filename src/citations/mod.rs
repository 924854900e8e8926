//! A publication's reference in the forms readers copy: IEEE and APA (rendered here, on the
//! server, with hayagriva's bundled CSL styles, so the browser gets no citation library, in the
//! page's language's CSL terms and date formats), BibTeX and CSL-JSON.
//!
//! Everything is derived from the stored record; nothing here touches the database.

mod bibtex;
mod csl_json;
pub mod keys;
mod names;
mod styles;

pub use bibtex::{Piece, bibtex, derived_key, rewrite_entry, writes_as_math};
pub use csl_json::csl_json;
pub use styles::{format, reference};

use serde::Serialize;
use ts_rs::TS;

/// The paper's reference in the two styles of the Cite section. Each is an HTML fragment,
/// safe to insert as HTML: every text of the record is escaped, formatting is `<i>`/`<b>`
/// and the only links are `<a href="https://doi.org/…">`.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Citations {
    pub ieee: String,
    pub apa: String,
}

/// The arXiv identifier of a preprint, from its URL (`arxiv.org/abs/2401.01234v2`) or its
/// venue (`arXiv:2401.01234`, `arXiv preprint arXiv:2401.01234`), when there is one.
fn arxiv_id(venue: &str, url: Option<&str>) -> Option<String> {
    let from_url = url.and_then(|url| {
        let lower = url.to_ascii_lowercase();
        let at = lower
            .find("arxiv.org/abs/")
            .map(|i| i + "arxiv.org/abs/".len())
            .or_else(|| lower.find("arxiv.org/pdf/").map(|i| i + "arxiv.org/pdf/".len()))?;
        let id = url[at..].trim_end_matches(".pdf").trim_end_matches('/');
        Some(id.to_owned())
    });
    let from_venue = || {
        let lower = venue.to_ascii_lowercase();
        let at = lower.rfind("arxiv:")? + "arxiv:".len();
        let id: String = venue[at..].trim().chars().take_while(|c| !c.is_whitespace() && *c != ',' && *c != ')').collect();
        Some(id)
    };
    from_url.or_else(from_venue).filter(|id| !id.is_empty())
}

/// Whether a preprint's venue is arXiv (the styles and formats then name the archive).
fn is_arxiv(venue: &str, url: Option<&str>) -> bool {
    venue.to_ascii_lowercase().contains("arxiv") || url.is_some_and(|u| u.to_ascii_lowercase().contains("arxiv.org"))
}

#[cfg(test)]
mod tests;
