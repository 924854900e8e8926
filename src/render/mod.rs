//! Public pages: React components rendered to HTML inside this process (see `engine`), wrapped
//! in a document that carries the page's data for hydration and the hashed asset links from
//! Vite's manifest. Everything the browser loads is embedded in the binary (`assets`).

pub mod assets;
pub mod engine;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::homepage::HeroContent;
use assets::Manifest;
use engine::Engine;

/// Site-wide facts every public page needs.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SiteInfo {
    pub owner_name: String,
    pub base_url: String,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct HomeData {
    pub hero: HeroContent,
}

/// Which page to render, with its data.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "page", content = "data", rename_all = "snake_case")]
pub enum PageData {
    Home(HomeData),
    NotFound,
}

/// What the server-render bundle's `vitaRender` takes (as JSON), and what the browser
/// hydrates from.
#[derive(Clone, Debug, Serialize, TS)]
pub struct RenderInput {
    pub path: String,
    pub site: SiteInfo,
    pub page: PageData,
}

/// What `vitaRender` returns.
#[derive(Debug, Deserialize)]
struct RenderOutput {
    head: String,
    body: String,
}

/// The theme is applied before the first paint by this inline script, so a reload never
/// flashes the wrong theme.
pub const THEME_SCRIPT: &str = include_str!("../../web/src/theme-init.js");

/// Turns page data into complete HTML documents.
#[derive(Clone)]
pub struct Renderer {
    engine: Engine,
    manifest: Manifest,
}

impl Renderer {
    pub fn start(workers: usize) -> anyhow::Result<Self> {
        let manifest = Manifest::load()?;
        let engine = Engine::start(assets::ssr_bundle()?, workers)?;
        Ok(Self { engine, manifest })
    }

    pub async fn render(&self, input: &RenderInput) -> anyhow::Result<String> {
        let json = serde_json::to_string(input)?;
        let output: RenderOutput = serde_json::from_str(&self.engine.render(json.clone()).await?)?;
        Ok(self.document(&output, &json))
    }

    fn document(&self, output: &RenderOutput, data_json: &str) -> String {
        let entry = self.manifest.public_entry();
        let mut html = String::with_capacity(output.body.len() + data_json.len() + 2048);
        html.push_str("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        html.push_str("<meta name=\"color-scheme\" content=\"light dark\">\n");
        html.push_str("<script>");
        html.push_str(THEME_SCRIPT.trim());
        html.push_str("</script>\n");
        html.push_str(&output.head);
        html.push('\n');
        for css in &entry.css {
            html.push_str(&format!("<link rel=\"stylesheet\" href=\"/{css}\">\n"));
        }
        for chunk in &entry.preload {
            html.push_str(&format!("<link rel=\"modulepreload\" href=\"/{chunk}\">\n"));
        }
        html.push_str("<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n</head>\n<body>\n<div id=\"root\">");
        html.push_str(&output.body);
        html.push_str("</div>\n<script type=\"application/json\" id=\"vita-data\">");
        html.push_str(&escape_json_for_script(data_json));
        html.push_str("</script>\n");
        html.push_str(&format!("<script type=\"module\" src=\"/{}\"></script>\n</body>\n</html>\n", entry.file));
        html
    }
}

/// JSON inside a `<script>` element must not contain `</script>` or `<!--`: escaping every
/// `<` (still valid JSON) rules both out.
fn escape_json_for_script(json: &str) -> String {
    json.replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_data_cannot_close_its_element() {
        let escaped = escape_json_for_script(r#"{"x":"</script><script>alert(1)</script>"}"#);
        assert!(!escaped.contains("</script"));
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back["x"], "</script><script>alert(1)</script>");
    }
}
