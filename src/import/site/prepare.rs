//! Opening a site, choosing its reader and reading it: what `vita import site` and the admin's
//! "Import a site" upload share, so both refuse, detect and read a site alike.

use std::path::PathBuf;

use super::tree::Limits;
use super::{Generator, Site, Tree, detect, read};
use crate::error::AppError;

/// A site opened and read, ready for [`super::import`].
pub struct Prepared {
    pub tree: Tree,
    pub generator: Generator,
    /// Which generator reads the site and why, in words: "Detected: alfolio (_config.yml with
    /// _bibliography/ or _news/ (al-folio))", or "Generator: hugo (as asked)".
    pub detection: String,
    pub site: Site,
}

/// Opens `path` (a folder, a `.zip` or a `.tar.gz`) within `limits`, detects its generator
/// (`asked` overrides the marker files) and reads it. Reading is file and CPU work: it runs on
/// a blocking thread, never on the async runtime.
pub async fn prepare(path: PathBuf, limits: Limits, asked: Option<Generator>) -> Result<Prepared, AppError> {
    tokio::task::spawn_blocking(move || {
        let tree = Tree::open_within(&path, limits)?;
        let detected = detect(&tree);
        let (generator, detection) = match (asked, &detected) {
            (Some(asked), Some(found)) if asked != found.generator => (
                asked,
                format!("Generator: {} (as asked; the marker files say {}: {})", asked.as_str(), found.generator.as_str(), found.reason),
            ),
            (Some(asked), _) => (asked, format!("Generator: {} (as asked)", asked.as_str())),
            (None, Some(found)) => (found.generator, format!("Detected: {} ({})", found.generator.as_str(), found.reason)),
            (None, None) => {
                return Err(AppError::BadRequest(
                    "This is not a site Vita recognises: it has no al-folio, academicpages or Hugo marker files (_config.yml with \
                     _bibliography/ or _publications/, content/ with a Hugo config). Name its generator to read it anyway"
                        .to_owned(),
                ));
            }
        };
        let site = read(&tree, generator);
        Ok(Prepared { tree, generator, detection, site })
    })
    .await
    .map_err(|e| AppError::Internal(anyhow::anyhow!("reading the site stopped: {e}")))?
}
