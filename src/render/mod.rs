//! Public pages: React components rendered to HTML inside this process (see `engine`), wrapped
//! in a document that carries the page's data for hydration and the hashed asset links from
//! Vite's manifest. Everything the browser loads is embedded in the binary (`assets`).

pub mod assets;
pub mod cache;
pub mod card;
pub mod cv;
pub mod engine;
pub mod feed;
pub mod filters;
pub mod menu;
pub mod pages;
pub mod paper;
pub mod person;
pub mod post;
pub mod translated;

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

use chrono::NaiveDate;
use uuid::Uuid;

use crate::content;
use crate::content::homepage::{AboutContent, ContactContent, HeroContent, StatsContent};
use crate::content::students::{StudentLevel, StudentStatus};
use crate::content::{courses, news, open_calls, posts, projects, publications, research_areas, tags, talks};
use crate::languages::{LanguageVersion, localized};
use crate::media::photos::Photo;
use assets::Manifest;
use cv::{AboutCvLists, CvData};
use engine::{Engine, RenderOutput};
use feed::Feed;
use filters::PublicationFilters;
pub use paper::PaperData;
pub use person::CardImage;

/// Site-wide facts every public page needs.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SiteInfo {
    pub owner_name: String,
    pub base_url: String,
    /// The server's date when the page was rendered (`YYYY-MM-DD`): pages compute relative
    /// dates ("Soon") from it, so the server and the browser render the same thing.
    pub today: NaiveDate,
    /// What link previews show for every page (`og:image`).
    pub card_image: CardImage,
    /// The navigation bar's links, in order (`menu::links`).
    pub menu: Vec<menu::MenuLink>,
    /// The page's language (a BCP 47 tag such as `en` or `zh-Hans`): `<html lang>`, the
    /// interface's words, dates and citations follow it.
    pub lang: String,
    /// The owner's wording of fixed sentences, by key (`content::sentences`); a page shows the
    /// default of any other (`web/src/public/sentences.ts`).
    pub texts: BTreeMap<String, String>,
    /// The page in each of the site's languages, the default first (one entry on a site with
    /// one language): the language switcher links them, and `<head>` tells search engines
    /// which are real translations (canonical, `hreflang`).
    pub languages: Vec<LanguageVersion>,
}

impl SiteInfo {
    /// The start of the addresses of the page's language: "" for the default, `/de`.
    pub fn prefix(&self) -> &str {
        self.languages.iter().find(|version| version.lang == self.lang).map_or("", |version| version.prefix.as_str())
    }
}

/// The home page: the hero, the counters, and the sections that appear only with data.
#[derive(Clone, Debug, Serialize, TS)]
pub struct HomeData {
    pub hero: HeroContent,
    /// What the hero's "Download CV" button opens ("" for no button): the uploaded CV or
    /// /cv.pdf, as the settings choose.
    pub cv_link: String,
    /// The hero's photo in its sizes, when it is a photo uploaded with variants.
    pub portrait: Option<Photo>,
    pub stats: HomeStats,
    pub research_areas: Vec<research_areas::Model>,
    pub featured_projects: Vec<projects::Model>,
    pub latest_news: Vec<news::Model>,
    pub featured_publications: Vec<publications::Model>,
}

/// The counters of the home page with the owner's labels and descriptions.
#[derive(Clone, Debug, Serialize, TS)]
pub struct HomeStats {
    pub labels: StatsContent,
    pub publications: u32,
    pub students: u32,
    pub courses: u32,
    pub research_areas: u32,
}

/// `/about`: its texts, whether the owner stored them (else the page shows its placeholder),
/// and the CV's entries of the blocks that show the CV's list.
#[derive(Clone, Debug, Serialize, TS)]
pub struct AboutPage {
    pub content: AboutContent,
    pub stored: bool,
    pub cv: AboutCvLists,
}

/// A page text and whether the owner has stored it (else the page shows its placeholder).
#[derive(Clone, Debug, Serialize, TS)]
pub struct SectionPage<T> {
    pub content: T,
    pub stored: bool,
}

/// Which page of a long list a page shows (`?page=N`) and how many pages there are: the
/// page's links to the others are made from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
pub struct Pagination {
    /// From 1.
    pub page: u32,
    /// At least 1: an empty list is one page with the empty message.
    pub pages: u32,
}

impl Pagination {
    /// The page shown for `requested` when `total` items are shown `per_page` at a time: a
    /// page past the last shows the last one.
    pub fn new(requested: u32, total: u64, per_page: u64) -> Self {
        let pages = u32::try_from(total.div_ceil(per_page)).unwrap_or(u32::MAX).max(1);
        Self { page: requested.clamp(1, pages), pages }
    }

    /// How many items come before this page's first.
    pub fn offset(self, per_page: u64) -> u64 {
        u64::from(self.page - 1) * per_page
    }
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct PublicationsData {
    pub publications: Vec<publications::Model>,
    pub pagination: Pagination,
    /// The owner's Google Scholar profile, "" when not set.
    pub scholar_url: String,
    /// The filters that applied (`?kind=&year=&tag=&q=`), shown with a link removing each.
    pub filters: PublicationFilters,
    /// The filter form's choices: every tag, and the years that have published papers.
    pub tags: Vec<tags::Model>,
    pub years: Vec<i32>,
    /// With the owner's "show citation counts on Publications" on: each listed paper's count
    /// (by its id) and the total.
    pub citations: Option<ListedCitations>,
}

/// The citation counts of `/publications`.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ListedCitations {
    #[ts(type = "number")]
    pub total: i64,
    pub papers: std::collections::HashMap<Uuid, crate::content::citation_counts::CitedBy>,
}

/// `/tags/<slug>`: one page of everything published with one tag, by kind.
#[derive(Clone, Debug, Serialize, TS)]
pub struct TagPageData {
    pub tag: tags::Model,
    pub publications: Vec<publications::Model>,
    pub projects: Vec<projects::Model>,
    pub talks: Vec<talks::Model>,
    pub news: Vec<news::Model>,
    pub posts: Vec<PublicPost>,
    pub pagination: Pagination,
}

/// A post as public pages show it: a cover uploaded as a photo comes in its sizes (its
/// original is the owner's only), a cover elsewhere stays the address it is.
#[derive(Clone, Debug, Serialize, TS)]
pub struct PublicPost {
    #[serde(flatten)]
    #[ts(flatten)]
    pub post: posts::Model,
    pub cover: Option<Photo>,
}

impl From<posts::Model> for PublicPost {
    fn from(post: posts::Model) -> Self {
        let cover = post.cover_image.as_deref().and_then(Photo::of_url);
        PublicPost { post, cover }
    }
}

impl PublicPost {
    /// The picture a link preview or a search engine gets: the cover's largest size.
    pub fn preview_image(&self) -> Option<&str> {
        self.cover.as_ref().map(|photo| photo.largest.as_str()).or(self.post.cover_image.as_deref())
    }
}

/// A student as the public page shows them: never the e-mail address.
#[derive(Clone, Debug, Serialize, TS)]
pub struct PublicStudent {
    pub id: Uuid,
    pub name: String,
    pub level: StudentLevel,
    pub status: StudentStatus,
    pub bio: Option<String>,
    pub thesis_title: Option<String>,
    pub start_year: i32,
    pub graduation_year: Option<i32>,
    pub current_position: Option<String>,
    pub linkedin_url: Option<String>,
    pub website_url: Option<String>,
    pub profile_image_url: Option<String>,
    /// The photo in its sizes, when it is one uploaded with variants.
    pub photo: Option<Photo>,
}

/// Which page to render, with its data. Lists hold published items only, in the spec's order;
/// a long list holds one page of them (`Pagination`).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "page", content = "data", rename_all = "snake_case")]
pub enum PageData {
    /// Boxed: the home page carries the most, and the other pages need not be as large.
    Home(Box<HomeData>),
    About(AboutPage),
    Research {
        areas: Vec<research_areas::Model>,
    },
    Publications(PublicationsData),
    /// One paper, `/publications/<slug>`. Boxed: its references make it the largest variant.
    Paper(Box<PaperData>),
    Projects {
        projects: Vec<projects::Model>,
        pagination: Pagination,
    },
    Teaching {
        courses: Vec<courses::Model>,
        pagination: Pagination,
    },
    Students {
        students: Vec<PublicStudent>,
        pagination: Pagination,
    },
    Talks {
        talks: Vec<talks::Model>,
        pagination: Pagination,
    },
    Blog {
        posts: Vec<PublicPost>,
        pagination: Pagination,
    },
    /// One post, `/blog/<slug>`. Boxed: its body is the largest text of any page.
    Post(Box<PublicPost>),
    OpenCalls {
        calls: Vec<open_calls::Model>,
        pagination: Pagination,
    },
    Contact(SectionPage<ContactContent>),
    News {
        items: Vec<news::Model>,
        pagination: Pagination,
    },
    /// Boxed: it holds four lists.
    Tag(Box<TagPageData>),
    /// Boxed: it holds every section of the CV.
    Cv(Box<CvData>),
    NotFound,
}

impl PageData {
    /// The page's tag in its JSON form (`"home"`, `"open_calls"`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            PageData::Home(_) => "home",
            PageData::About(_) => "about",
            PageData::Research { .. } => "research",
            PageData::Publications(_) => "publications",
            PageData::Paper(_) => "paper",
            PageData::Projects { .. } => "projects",
            PageData::Teaching { .. } => "teaching",
            PageData::Students { .. } => "students",
            PageData::Talks { .. } => "talks",
            PageData::Blog { .. } => "blog",
            PageData::Post(_) => "post",
            PageData::OpenCalls { .. } => "open_calls",
            PageData::Contact(_) => "contact",
            PageData::News { .. } => "news",
            PageData::Tag(_) => "tag",
            PageData::Cv(_) => "cv",
            PageData::NotFound => "not_found",
        }
    }

    /// Which page of its list a list page shows; `None` for the pages that are not lists.
    pub fn pagination(&self) -> Option<Pagination> {
        match self {
            PageData::Publications(data) => Some(data.pagination),
            PageData::Projects { pagination, .. }
            | PageData::Teaching { pagination, .. }
            | PageData::Students { pagination, .. }
            | PageData::Talks { pagination, .. }
            | PageData::OpenCalls { pagination, .. }
            | PageData::News { pagination, .. }
            | PageData::Blog { pagination, .. } => Some(*pagination),
            PageData::Tag(data) => Some(data.pagination),
            _ => None,
        }
    }
}

/// The language of each text a page shows in another language than the page's, keyed
/// `<kind>:<item id>:<field>` (`news:…:title`, `hero:hero:bio`); texts in the page's own
/// language are not listed. Set by `translated::translate` (and, for the CV's lines, by
/// `translated::cv_items`), read by the components, which mark such texts with their `lang`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct TextLangs(pub BTreeMap<String, String>);

impl TextLangs {
    /// The language of `field` of item `id` of `kind`, when it is not the page's.
    pub fn of(&self, kind: content::translations::TranslationKind, id: Uuid, field: &str) -> Option<&str> {
        self.0.get(&format!("{}:{id}:{field}", kind.key())).map(String::as_str)
    }
}

/// What the server-render bundle's `vitaRender` takes (as JSON), and what the browser
/// hydrates from.
#[derive(Clone, Debug, Serialize, TS)]
pub struct RenderInput {
    pub path: String,
    pub site: SiteInfo,
    pub page: PageData,
    /// The texts of `page` shown in another language than the page's, with their language
    /// (`TextLangs`): the components mark them with `lang`.
    #[ts(type = "Record<string, string>")]
    pub text_langs: TextLangs,
    /// The owner, for the server's `Person` JSON-LD (`person`); the bundle does not need it.
    #[serde(skip)]
    pub hero: HeroContent,
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

    /// Renders a complete document; `external_script` (the home page's analytics counter) is
    /// loaded after the page's own script.
    pub async fn render(&self, input: &RenderInput, external_script: Option<&str>) -> anyhow::Result<String> {
        let json = serde_json::to_string(input)?;
        let output = self.engine.render(json).await?;
        Ok(self.document(&input.site.lang, &output, &page_head(input), &hydration_json(input)?, external_script))
    }

    fn document(&self, lang: &str, output: &RenderOutput, page_head: &str, data_json: &str, external_script: Option<&str>) -> String {
        let entry = self.manifest.public_entry();
        let mut html = String::with_capacity(output.body.len() + data_json.len() + 2048);
        html.push_str("<!doctype html>\n<html lang=\"");
        html.push_str(&escape_attribute(lang));
        html.push_str("\">\n<head>\n<meta charset=\"utf-8\">\n");
        html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        html.push_str("<meta name=\"color-scheme\" content=\"light dark\">\n");
        html.push_str("<script>");
        html.push_str(THEME_SCRIPT.trim());
        html.push_str("</script>\n");
        html.push_str(&output.head);
        html.push('\n');
        if !page_head.is_empty() {
            html.push_str(page_head);
            html.push('\n');
        }
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
        html.push_str(&format!("<script type=\"module\" src=\"/{}\"></script>\n", entry.file));
        if let Some(src) = external_script {
            html.push_str(&format!("<script async src=\"{}\"></script>\n", escape_attribute(src)));
        }
        html.push_str("</body>\n</html>\n");
        html
    }
}

/// What the server adds to `<head>`: the feeds the page advertises, the scholarly metadata
/// of a paper page, which only `<head>` may carry (see `paper`), and the owner as a `Person`
/// on the home and about pages. Each JSON-LD block names the page it is on, in the page's
/// language (`web_page`).
fn page_head(input: &RenderInput) -> String {
    let mut head = feed_links(input);
    let page = web_page(&input.site, &input.path);
    match &input.page {
        PageData::Paper(paper) => head.push(paper::head_tags(paper, &input.site, page)),
        PageData::Home(_) | PageData::About(_) => head.push(person::json_ld_script(&input.hero, &input.site.base_url, page)),
        PageData::Post(post) => {
            // The posting is in the language its text is shown in: the page's, or the
            // language it falls back to where the owner has not translated it.
            let of = |field| input.text_langs.of(content::translations::TranslationKind::Post, post.post.id, field);
            let lang = of("content").or_else(|| of("title")).unwrap_or(&input.site.lang);
            head.push(post::json_ld_script(post, &input.hero, &input.site, lang, page));
        }
        _ => {}
    }
    head.join("\n")
}

/// The page at `path` (with its language's prefix) as schema.org's `WebPage`, in the page's
/// language (issue 45, item 3). A JSON-LD block's main entity names it (`mainEntityOfPage`):
/// schema.org gives a `Person` no language, and a paper's own language is not the page's (its
/// title and abstract are never translated), so the page's language is said of the page.
fn web_page(site: &SiteInfo, path: &str) -> serde_json::Value {
    let url = paper::absolute_url(&site.base_url, path);
    serde_json::json!({ "@type": "WebPage", "@id": url, "url": url, "inLanguage": site.lang })
}

/// `<link rel="alternate">` to the site feed on every page, and to a section's own feed on
/// its page.
fn feed_links(input: &RenderInput) -> Vec<String> {
    let section = match input.page {
        PageData::News { .. } => Some(Feed::News),
        PageData::Publications(_) => Some(Feed::Publications),
        PageData::Talks { .. } => Some(Feed::Talks),
        PageData::OpenCalls { .. } => Some(Feed::OpenCalls),
        PageData::Blog { .. } | PageData::Post(_) => Some(Feed::Blog),
        _ => None,
    };
    [Some(Feed::Site), section]
        .into_iter()
        .flatten()
        .map(|feed| {
            format!(
                "<link rel=\"alternate\" type=\"{}\" title=\"{}\" href=\"{}\">",
                feed::MEDIA_TYPE,
                escape_attribute(&feed.title(&input.site.owner_name, &input.site.lang)),
                escape_attribute(&paper::absolute_url(&input.site.base_url, &localized(input.site.prefix(), feed.path()))),
            )
        })
        .collect()
}

/// What the browser hydrates from: only the frame (navigation, footer) hydrates, so it needs
/// the path, the site and which page this is — not the page's data, whose HTML is already in
/// the document, nor the owner's sentences, which only the content shows. Sending the data
/// twice would double the bytes of a long list page. With them, the few words of the page's
/// language the frame and the Copy buttons show: the public script carries no catalogue.
fn hydration_json(input: &RenderInput) -> anyhow::Result<String> {
    let mut site = serde_json::to_value(&input.site)?;
    if let Some(site) = site.as_object_mut() {
        site.remove("texts");
    }
    Ok(serde_json::to_string(&serde_json::json!({
        "path": input.path,
        "site": site,
        "page": { "page": input.page.kind() },
        "messages": crate::i18n::browser_messages(&input.site.lang),
    }))?)
}

pub(crate) fn escape_attribute(value: &str) -> String {
    value.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// JSON inside a `<script>` element must not contain `</script>` or `<!--`: escaping every
/// `<` (still valid JSON) rules both out.
pub(crate) fn escape_json_for_script(json: &str) -> String {
    json.replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_kind_is_its_json_tag() {
        let pages = [
            PageData::Blog { posts: Vec::new(), pagination: Pagination::new(1, 0, 10) },
            PageData::NotFound,
            PageData::OpenCalls { calls: Vec::new(), pagination: Pagination::new(1, 0, 10) },
            PageData::Research { areas: Vec::new() },
            PageData::News { items: Vec::new(), pagination: Pagination::new(1, 0, 10) },
        ];
        for page in pages {
            assert_eq!(serde_json::to_value(&page).unwrap()["page"], page.kind());
        }
    }

    #[test]
    fn a_page_past_the_last_or_before_the_first_shows_the_nearest_one() {
        assert_eq!(Pagination::new(1, 0, 20), Pagination { page: 1, pages: 1 }, "an empty list is one page");
        assert_eq!(Pagination::new(2, 40, 20), Pagination { page: 2, pages: 2 });
        assert_eq!(Pagination::new(3, 41, 20), Pagination { page: 3, pages: 3 });
        assert_eq!(Pagination::new(u32::MAX, 41, 20), Pagination { page: 3, pages: 3 });
        assert_eq!(Pagination::new(0, 41, 20), Pagination { page: 1, pages: 3 });
        assert_eq!(Pagination::new(3, 41, 20).offset(20), 40);
    }

    #[test]
    fn script_data_cannot_close_its_element() {
        let escaped = escape_json_for_script(r#"{"x":"</script><script>alert(1)</script>"}"#);
        assert!(!escaped.contains("</script"));
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back["x"], "</script><script>alert(1)</script>");
    }
}
