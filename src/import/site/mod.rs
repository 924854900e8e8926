//! `vita import site PATH` (issue 42): a whole al-folio, Hugo Blox / Wowchemy or
//! academicpages site brought into Vita's existing content, with a preview that tells the
//! truth, in one transaction, safe to run again.
//!
//! - `tree` reads the folder or archive within its limits; `front` the front matter and data
//!   files; `text` turns Liquid, shortcodes and Markdown into what Vita stores.
//! - `alfolio`, `hugo` and `academicpages` each read their generator's layout into a [`Site`]:
//!   the items it would bring in, what it skips and why, and what it could not read.
//! - `apply` writes a `Site` in one transaction (`Changes::begin`), each item remembered with
//!   its source (`sources`). A dry run does all of it and rolls back, so its numbers are the
//!   real run's.

mod academicpages;
mod alfolio;
mod apply;
mod front;
mod hugo;
mod jekyll;
mod prepare;
pub mod sources;
mod text;
pub mod tree;

use std::fmt;

use chrono::NaiveDate;
use serde::Serialize;
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::content::{ContentStatus, courses, cv_appointments, cv_education, cv_other, news, posts, projects, talks};
use crate::import::bibtex::RawEntry;
pub use prepare::{Prepared, prepare};
pub use tree::Tree;

/// The static site generators an import reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "SiteGenerator")]
pub enum Generator {
    Alfolio,
    Hugo,
    Academicpages,
}

impl Generator {
    pub fn as_str(self) -> &'static str {
        match self {
            Generator::Alfolio => "alfolio",
            Generator::Hugo => "hugo",
            Generator::Academicpages => "academicpages",
        }
    }
}

/// What the marker files say the site is, and why.
pub struct Detected {
    pub generator: Generator,
    pub reason: String,
}

/// The generator by its marker files: al-folio's `_bibliography`/`_news` beside `_config.yml`;
/// academicpages' `_publications`/`_talks` or `author:` block; Hugo's `content/` with a Hugo
/// configuration.
pub fn detect(tree: &Tree) -> Option<Detected> {
    let found = |reason: &str, generator| Some(Detected { generator, reason: reason.to_owned() });
    let hugo_config =
        ["config.toml", "config.yaml", "config.yml", "hugo.toml", "hugo.yaml", "hugo.yml"].into_iter().find(|f| tree.exists(f));
    if tree.exists("_config.yml") {
        if tree.has_dir("_bibliography") || (tree.has_dir("_news") && !tree.has_dir("_publications")) {
            return found("_config.yml with _bibliography/ or _news/ (al-folio)", Generator::Alfolio);
        }
        if tree.has_dir("_publications") || tree.has_dir("_talks") || tree.has_dir("_portfolio") {
            return found("_config.yml with _publications/ or _talks/ (academicpages)", Generator::Academicpages);
        }
        let config = tree.text("_config.yml").unwrap_or_default();
        if config.lines().any(|line| line.starts_with("author:")) {
            return found("_config.yml with an author: block (academicpages)", Generator::Academicpages);
        }
    }
    if tree.has_dir("content") {
        if let Some(config) = hugo_config {
            return found(&format!("content/ with {config} (Hugo)"), Generator::Hugo);
        }
        if tree.has_dir("config/_default") {
            return found("content/ with config/_default/ (Hugo)", Generator::Hugo);
        }
    }
    None
}

/// The kinds of item an import brings, in the order the preview lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(rename = "SiteKind")]
pub enum Kind {
    Owner,
    About,
    Publication,
    News,
    Project,
    Talk,
    Course,
    Post,
    CvEducation,
    CvAppointment,
    CvSection,
}

impl Kind {
    pub const ALL: [Kind; 11] = [
        Kind::Owner,
        Kind::About,
        Kind::Publication,
        Kind::News,
        Kind::Project,
        Kind::Talk,
        Kind::Course,
        Kind::Post,
        Kind::CvEducation,
        Kind::CvAppointment,
        Kind::CvSection,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Owner => "owner",
            Kind::About => "about",
            Kind::Publication => "publication",
            Kind::News => "news",
            Kind::Project => "project",
            Kind::Talk => "talk",
            Kind::Course => "course",
            Kind::Post => "post",
            Kind::CvEducation => "cv-education",
            Kind::CvAppointment => "cv-appointment",
            Kind::CvSection => "cv-section",
        }
    }

    /// The heading of the kind in the preview.
    pub fn plural(self) -> &'static str {
        match self {
            Kind::Owner => "Owner (home page)",
            Kind::About => "About page",
            Kind::Publication => "Publications",
            Kind::News => "News",
            Kind::Project => "Projects",
            Kind::Talk => "Talks",
            Kind::Course => "Courses",
            Kind::Post => "Blog posts",
            Kind::CvEducation => "CV: education",
            Kind::CvAppointment => "CV: appointments",
            Kind::CvSection => "CV: other sections",
        }
    }
}

/// One item the site holds, ready to be stored: where it came from and what it becomes.
pub struct Item<T> {
    /// The file, relative to the site's root (`_news/announcement_1.md`).
    pub source: String,
    /// A hash of what the item was read from: a changed file changes it.
    pub hash: String,
    pub title: String,
    pub date: Option<NaiveDate>,
    /// What makes two items the same for duplicate detection (title and date for news and
    /// talks).
    pub key: String,
    /// Tag names (a project's category, a post's tags): found or created at the import.
    pub tags: Vec<String>,
    pub input: T,
}

impl<T> Item<T> {
    /// An item read from one content file, which is its source.
    fn of(doc: &Doc, title: String, date: Option<NaiveDate>, key: String, tags: Vec<String>, input: T) -> Self {
        Item { source: doc.path.clone(), hash: doc.hash.clone(), title, date, key, tags, input }
    }
}

/// A publication: a BibTeX entry (a site's .bib file or a Hugo bundle's cite.bib) or one
/// made from front matter, read by the BibTeX importer's reader, so duplicates follow its
/// rules.
pub struct Paper {
    pub source: String,
    pub line: usize,
    pub hash: String,
    pub entry: RawEntry,
    /// A PDF of the repository to store as the paper's PDF.
    pub pdf: Option<String>,
}

/// A blog post: the post's write payload (issue 42, item 9), its content the page's Markdown as
/// HTML (sanitised by the post's own rules when it is stored), its cover a reference to a
/// picture of the site (rewritten when the picture is stored) or an address.
pub fn post(title: &str, slug: String, date: NaiveDate, html: String, summary: Option<String>, cover: Option<String>) -> posts::Input {
    posts::Input {
        title: title.to_owned(),
        slug: Some(slug),
        date: Some(date),
        summary,
        content: Some(html),
        cover_image: cover,
        status: ContentStatus::Published,
        ..Default::default()
    }
}

/// The owner as the site shows them: to the home page's hero.
#[derive(Default)]
pub struct Owner {
    pub source: String,
    pub name: String,
    pub title: String,
    pub institution: String,
    pub bio: String,
    /// The profile photo's path in the site.
    pub photo: Option<String>,
    /// A PDF CV the site links to, for the hero's CV link.
    pub cv_pdf: Option<String>,
    pub social: Vec<Social>,
}

/// A social or academic profile link the site configures.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "SiteSocial")]
pub struct Social {
    /// The site's own key (`scholar_userid`, `github`, an icon name).
    pub key: String,
    pub url: String,
}

/// The profiles the generators configure by name or id rather than by address (al-folio's
/// `github_username` and older `_config.yml` keys, academicpages' `author.github`), each with
/// the address its value stands for.
const PROFILES: &[(&[&str], &str)] = &[
    (&["email"], "mailto:{}"),
    (&["github", "github_username"], "https://github.com/{}"),
    (&["gitlab_username"], "https://gitlab.com/{}"),
    (&["bitbucket"], "https://bitbucket.org/{}"),
    (&["linkedin", "linkedin_username"], "https://www.linkedin.com/in/{}"),
    (&["scholar_userid"], "https://scholar.google.com/citations?user={}"),
    (&["orcid", "orcid_id"], "https://orcid.org/{}"),
    (&["twitter", "twitter_username", "x_username"], "https://x.com/{}"),
    (&["medium_username"], "https://medium.com/@{}"),
    (&["research_gate_profile"], "https://www.researchgate.net/profile/{}"),
    (&["publons_id"], "https://www.webofscience.com/wos/author/record/{}"),
    (&["semanticscholar_id"], "https://www.semanticscholar.org/author/{}"),
    (&["youtube"], "https://youtube.com/{}"),
    (&["youtube_id"], "https://youtube.com/@{}"),
    (&["instagram", "instagram_id"], "https://instagram.com/{}"),
    (&["kaggle_id"], "https://www.kaggle.com/{}"),
    (&["stackoverflow", "stackoverflow_id"], "https://stackoverflow.com/users/{}"),
    (&["mastodon_username"], "https://{}"),
    (&["inspirehep_id"], "https://inspirehep.net/authors/{}"),
];

/// A configured profile as a link: an address stays as it is, a name or id of a known
/// profile becomes its address, anything else is kept as written.
fn social_url(key: &str, value: &str) -> String {
    let value = value.trim();
    if value.starts_with("http://") || value.starts_with("https://") {
        return value.to_owned();
    }
    PROFILES.iter().find(|(keys, _)| keys.contains(&key)).map_or_else(|| value.to_owned(), |(_, address)| address.replace("{}", value))
}

pub struct About {
    pub source: String,
    pub title: String,
    pub bio: String,
}

/// Something of the site that is not imported, and why.
#[derive(Clone, Debug, Serialize)]
pub struct Skipped {
    pub kind: Kind,
    pub file: String,
    pub title: String,
    pub reason: String,
}

/// A file the importer could not read: the file, the line (0: the whole file), what is wrong.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "SiteProblem")]
pub struct Problem {
    /// The kind of item the file would have been, when known.
    pub kind: Option<Kind>,
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "{}: {}", self.file, self.message),
            line => write!(f, "{}:{line}: {}", self.file, self.message),
        }
    }
}

/// A picture or file the content refers to.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "SiteMedia")]
pub struct Media {
    /// Where it is in the site (as referred to, when it is missing).
    pub path: String,
    /// The reference as the content file writes it (`/img/a.png`, `a.png`): what an import
    /// rewrites to the stored file's address.
    pub reference: String,
    pub from: String,
    pub found: bool,
}

/// Everything a generator's reader found in the site.
#[derive(Default)]
pub struct Site {
    pub owner: Option<Owner>,
    pub about: Option<About>,
    pub papers: Vec<Paper>,
    pub news: Vec<Item<news::Input>>,
    pub projects: Vec<Item<projects::Input>>,
    pub talks: Vec<Item<talks::Input>>,
    pub courses: Vec<Item<courses::Input>>,
    pub posts: Vec<Item<posts::Input>>,
    pub cv_education: Vec<Item<cv_education::Input>>,
    pub cv_appointments: Vec<Item<cv_appointments::Input>>,
    pub cv_sections: Vec<Item<cv_other::Input>>,
    pub skipped: Vec<Skipped>,
    pub problems: Vec<Problem>,
    /// Template code removed from a file's text: (file, code).
    pub removed: Vec<(String, String)>,
    pub media: Vec<Media>,
}

impl Site {
    fn skip(&mut self, kind: Kind, file: &str, title: &str, reason: impl Into<String>) {
        self.skipped.push(Skipped { kind, file: file.to_owned(), title: title.to_owned(), reason: reason.into() });
    }

    fn problem(&mut self, kind: Option<Kind>, file: &str, line: usize, message: impl Into<String>) {
        self.problems.push(Problem { kind, file: file.to_owned(), line, message: message.into() });
    }

    /// Notes a picture or file a content file refers to, as found in the site or missing.
    fn media(&mut self, tree: &Tree, path: &str, from: &str) -> Option<String> {
        // A picture of another site (an absolute address) loads from there: nothing to bring.
        if path.starts_with("http://") || path.starts_with("https://") || path.starts_with("//") || path.starts_with("data:") {
            return None;
        }
        let found = resolve(tree, path, from);
        self.media.push(Media {
            path: found.clone().unwrap_or_else(|| path.to_owned()),
            reference: path.to_owned(),
            from: from.to_owned(),
            found: found.is_some(),
        });
        found
    }

    /// A post's cover picture: the front matter's (al-folio's `thumbnail`, academicpages'
    /// `header.teaser`, `image` or `cover` elsewhere, Hugo's `image.filename`) or a Hugo
    /// bundle's `featured.*`. A picture of the site is noted as media and answered as the
    /// reference the import rewrites once it is stored; one that is missing is no cover.
    fn cover(&mut self, tree: &Tree, doc: &Doc) -> Option<String> {
        use serde_json::Value;
        let named = |value: Option<&Value>| match value? {
            Value::String(text) => Some(text.trim().to_owned()).filter(|t| !t.is_empty()),
            Value::Object(fields) => {
                ["filename", "image", "src", "teaser"].iter().find_map(|key| fields.get(*key)?.as_str().map(|t| t.trim().to_owned()))
            }
            _ => None,
        };
        let reference = ["thumbnail", "image", "cover", "featured_image", "teaser"]
            .iter()
            .find_map(|key| named(doc.front.get(*key)))
            .or_else(|| {
                let header = doc.front.get("header")?.as_object()?;
                ["teaser", "overlay_image", "image"].iter().find_map(|key| named(header.get(*key)))
            })
            .or_else(|| {
                // A Hugo page bundle's picture named `featured`, beside its index.md.
                let dir = doc.path.strip_suffix("/index.md").or_else(|| doc.path.strip_suffix("/index.markdown"))?;
                tree.under(dir)
                    .find(|file| file.rsplit('/').next().is_some_and(|name| name.starts_with("featured.")))
                    .map(|file| file.rsplit('/').next().unwrap_or(file).to_owned())
            })?;
        if reference.starts_with("http://") || reference.starts_with("https://") {
            return Some(reference);
        }
        self.media(tree, &reference, &doc.path).map(|_| reference)
    }
}

/// Where a reference of a content file (`/assets/img/a.jpg`, `images/a.png`, `a.png` beside
/// a Hugo bundle, `/img/a.png` under Hugo's `static/`) is in the site, if it is there.
fn resolve(tree: &Tree, reference: &str, from: &str) -> Option<String> {
    if reference.starts_with("http://") || reference.starts_with("https://") || reference.starts_with("mailto:") {
        return None;
    }
    let reference = reference.split(['?', '#']).next().unwrap_or(reference);
    let reference = reference.replace("%20", " ");
    let trimmed = reference.trim_start_matches("./").trim_start_matches('/');
    let dir = from.rsplit_once('/').map(|(dir, _)| dir).unwrap_or("");
    let candidates = [
        trimmed.to_owned(),
        format!("{dir}/{trimmed}"),
        format!("static/{trimmed}"),
        format!("assets/{trimmed}"),
        format!("assets/media/{trimmed}"),
        format!("assets/img/{trimmed}"),
        format!("images/{trimmed}"),
    ];
    candidates.into_iter().map(|c| c.trim_start_matches('/').to_owned()).find(|c| tree.exists(c))
}

/// The hash of what an item was read from.
fn hash(parts: &[&[u8]]) -> String {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    format!("{:x}", hasher.finalize())
}

/// A title (and date) as duplicate detection compares them: letters and digits, case and
/// accents folded.
fn key(title: &str, date: Option<NaiveDate>) -> String {
    let folded = crate::rules::validate::slugify_variant(title);
    match date {
        Some(date) => format!("{folded}|{date}"),
        None => folded,
    }
}

/// Reads `tree` as a site of `generator`.
pub fn read(tree: &Tree, generator: Generator) -> Site {
    let mut site = match generator {
        Generator::Alfolio => alfolio::read(tree),
        Generator::Hugo => hugo::read(tree),
        Generator::Academicpages => academicpages::read(tree),
    };
    site.media.sort_by(|a, b| (&a.path, &a.from, &a.reference).cmp(&(&b.path, &b.from, &b.reference)));
    site.media.dedup_by(|a, b| a.path == b.path && a.from == b.from && a.reference == b.reference);
    site
}

/// What happened (or, in a dry run, would happen) to one item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase", tag = "outcome", content = "reason")]
#[ts(rename = "SiteOutcome")]
pub enum Outcome {
    Created,
    Updated,
    Unchanged,
    /// The same as something stored or imported before it (what, in words).
    Duplicate(String),
    /// Edited in Vita since the last import: left alone.
    Conflict,
    Skipped(String),
    Error(String),
}

#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "SiteItemReport")]
pub struct ItemReport {
    pub kind: Kind,
    pub source: String,
    pub title: String,
    pub date: Option<NaiveDate>,
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// The counts of one kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "SiteCounts")]
pub struct Counts {
    pub created: usize,
    pub updated: usize,
    pub unchanged: usize,
    pub duplicates: usize,
    pub conflicts: usize,
    pub skipped: usize,
    pub errors: usize,
}

/// What an import did, or (dry run) would do: every item with its outcome, the files that
/// could not be read, the template code removed and the media referred to.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "SiteImportReport")]
pub struct Report {
    pub generator: Generator,
    pub dry_run: bool,
    pub items: Vec<ItemReport>,
    pub problems: Vec<Problem>,
    pub removed: Vec<(String, String)>,
    pub media: Vec<Media>,
    pub social: Vec<Social>,
    /// The social links placed in the hero (the others are listed only).
    pub social_placed: Vec<String>,
}

impl Report {
    pub fn counts(&self, kind: Kind) -> Counts {
        let mut counts = Counts::default();
        for item in self.items.iter().filter(|i| i.kind == kind) {
            match item.outcome {
                Outcome::Created => counts.created += 1,
                Outcome::Updated => counts.updated += 1,
                Outcome::Unchanged => counts.unchanged += 1,
                Outcome::Duplicate(_) => counts.duplicates += 1,
                Outcome::Conflict => counts.conflicts += 1,
                Outcome::Skipped(_) => counts.skipped += 1,
                Outcome::Error(_) => counts.errors += 1,
            }
        }
        counts
    }

    /// Whether the import changed (or would change) anything.
    pub fn changes_anything(&self) -> bool {
        self.items.iter().any(|i| matches!(i.outcome, Outcome::Created | Outcome::Updated))
    }
}

pub use apply::run as import;

/// A content file of the site, read and split.
struct Doc {
    path: String,
    front: serde_json::Map<String, serde_json::Value>,
    body: String,
    /// The hash of the file's bytes.
    hash: String,
}

impl Doc {
    fn text(&self, key: &str) -> Option<String> {
        front::text(&self.front, key)
    }

    fn title(&self) -> String {
        self.text("title").map(|t| text::html_text(&t).trim().to_owned()).unwrap_or_default()
    }

    /// The file's name without its extension (`_news/EGU2024.md` → `EGU2024`; a Hugo bundle's
    /// `post/2020-hello/index.md` → `2020-hello`).
    fn stem(&self) -> String {
        let path = self.path.strip_suffix("/index.md").or_else(|| self.path.strip_suffix("/index.markdown")).unwrap_or(&self.path);
        let name = path.rsplit('/').next().unwrap_or(path);
        name.rsplit_once('.').map(|(stem, _)| stem).unwrap_or(name).to_owned()
    }
}

/// What a converted body says, for the kinds of field Vita has.
struct Body {
    plain: text::Plain,
    markdown: String,
}

/// Which template language a body is written in.
#[derive(Clone, Copy)]
enum Templates {
    Liquid,
    Shortcodes,
}

/// Whether a file is a content page (Markdown or HTML with front matter).
fn is_page(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    [".md", ".markdown", ".html", ".htm"].iter().any(|e| lower.ends_with(e))
}

impl Site {
    /// Reads and splits a content file; `None` (with the problem noted) when it cannot be
    /// read, and when it has no front matter.
    fn doc(&mut self, tree: &Tree, path: &str, kind: Option<Kind>) -> Option<Doc> {
        let text = match tree.text(path) {
            Ok(text) => text,
            Err(message) => {
                let message = message.strip_prefix(&format!("{path}: ")).unwrap_or(&message).to_owned();
                self.problem(kind, path, 0, message);
                return None;
            }
        };
        match front::split(&text) {
            Ok(Some(doc)) => Some(Doc { path: path.to_owned(), front: doc.front, body: doc.body, hash: hash(&[text.as_bytes()]) }),
            Ok(None) => None,
            Err(fault) => {
                self.problem(kind, path, fault.line, fault.message);
                None
            }
        }
    }

    /// The content files of a Jekyll collection or a Hugo section with their front matter;
    /// drafts and unpublished items are skipped (and listed).
    fn collection(&mut self, tree: &Tree, paths: Vec<String>, kind: Kind) -> Vec<Doc> {
        let mut docs = Vec::new();
        for path in paths {
            let Some(doc) = self.doc(tree, &path, Some(kind)) else { continue };
            if front::flag(&doc.front, "draft") == Some(true) {
                self.skip(kind, &path, &doc.title(), "draft");
            } else if front::flag(&doc.front, "published") == Some(false) {
                self.skip(kind, &path, &doc.title(), "published: false");
            } else {
                docs.push(doc);
            }
        }
        docs
    }

    /// A body with its template code converted (what was removed listed against the file) and
    /// its pictures noted as found or missing.
    fn body(&mut self, tree: &Tree, doc: &Doc, templates: Templates, links: &text::Links) -> Body {
        let converted = match templates {
            Templates::Liquid => text::liquid(&doc.body, links),
            Templates::Shortcodes => text::shortcodes(&doc.body, links),
        };
        self.removed.extend(converted.removed.into_iter().map(|code| (doc.path.clone(), code)));
        let plain = text::plain(&converted.markdown);
        for file in &plain.files {
            self.media(tree, file, &doc.path);
        }
        Body { plain, markdown: converted.markdown }
    }
}

/// The pages files of a Jekyll collection folder (`_news`), in path order.
fn pages_in(tree: &Tree, dir: &str) -> Vec<String> {
    tree.under(dir).filter(|p| is_page(p)).map(str::to_owned).collect()
}

/// A course code at the start of a title ("MATH 110. Introduction to PDEs", "BOT 575: Plant
/// ecophysiology") and the rest of the title.
fn course_code(title: &str) -> Option<(String, String)> {
    static CODE: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"^([A-Z][A-Za-z&]{1,9}\s?-?\d{2,4}[A-Za-z]?)\s*[.:\-–—]\s*(.+)$").unwrap());
    let found = CODE.captures(title.trim())?;
    Some((found[1].to_owned(), found[2].trim().to_owned()))
}

/// The term a text names (a semester, a file name), if any.
fn term_in(text: &str) -> Option<crate::content::courses::CourseTerm> {
    use crate::content::courses::CourseTerm;
    let text = text.to_ascii_lowercase();
    [
        ("spring", CourseTerm::Spring),
        ("summer", CourseTerm::Summer),
        ("fall", CourseTerm::Fall),
        ("autumn", CourseTerm::Fall),
        ("winter", CourseTerm::Winter),
    ]
    .into_iter()
    .find(|(word, _)| text.contains(word))
    .map(|(_, term)| term)
}

/// The term a course starting in `month` runs in.
fn term_of_month(month: u32) -> crate::content::courses::CourseTerm {
    use crate::content::courses::CourseTerm;
    match month {
        1..=3 => CourseTerm::Winter,
        4..=5 => CourseTerm::Spring,
        6..=8 => CourseTerm::Summer,
        _ => CourseTerm::Fall,
    }
}

/// The talk type an event's name suggests.
fn talk_type(event: &str, kind: &str) -> crate::content::talks::TalkType {
    use crate::content::talks::TalkType;
    let text = format!("{event} {kind}").to_ascii_lowercase();
    if text.contains("keynote") || text.contains("plenary") {
        TalkType::Keynote
    } else if text.contains("workshop") || text.contains("tutorial") {
        TalkType::Workshop
    } else if text.contains("webinar") {
        TalkType::Webinar
    } else if text.contains("seminar") || text.contains("colloquium") {
        TalkType::Seminar
    } else if text.contains("conference") || text.contains("meeting") || text.contains("symposium") || text.contains("congress") {
        TalkType::Conference
    } else {
        TalkType::Invited
    }
}

/// A URL when `value` is one (`http://`, `https://`), for the URL fields.
fn http(value: Option<String>) -> Option<String> {
    value.filter(|v| v.starts_with("http://") || v.starts_with("https://"))
}
