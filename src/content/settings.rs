//! Site settings: a small key → JSON table for facts that belong to the whole site rather than
//! to one page or item (e.g. whether the first-run setup has happened).

use std::collections::BTreeMap;

use sea_orm::ActiveValue::Set;
use sea_orm::TryInsertResult;
use sea_orm::entity::prelude::*;
use sea_orm::sea_query::OnConflict;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::AppError;
use crate::routes::PublicPage;
use crate::rules::MAX_SHORT;
use crate::rules::validate::Check;

/// The key of the owner's site-wide options.
pub const SITE: &str = "site";

/// Site-wide options the owner sets in the admin.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct SiteSettings {
    /// A visitor-counter or analytics script, loaded on the home page only ("" for none):
    /// from one of `ANALYTICS_PROVIDERS`, or from `analytics_own_origin`.
    pub analytics_script_url: String,
    /// An origin (`https://stats.example.org`) the owner declares their own, for a self-hosted
    /// counter: scripts from it are allowed too ("" for none). The admin shows a warning.
    pub analytics_own_origin: String,
    /// The spec keeps the student list for signed-in users; this shows it to every visitor
    /// (never with e-mail addresses).
    pub show_students_publicly: bool,
    /// The owner's ORCID iD (`0000-0002-1825-0097`, "" for none): the admin's "Import from
    /// ORCID" reads its works, and a daily check lists the new ones on the dashboard.
    pub orcid_id: String,
    /// An OpenAlex API key ("" for none): citation counts by year from OpenAlex. Without one,
    /// Crossref's counts are used. Only the owner reads it (`GET /api/settings`).
    pub openalex_api_key: String,
    /// Shows each paper's citation count on /publications, with the total (off by default;
    /// the paper pages always show theirs).
    pub show_citation_counts: bool,
    /// The reference style of the publications on /cv and /cv.pdf (issue 28).
    pub cv_citation_style: CitationStyle,
    /// The paper /cv.pdf is set on.
    pub cv_paper_size: PaperSize,
    /// What the home page's "Download CV" button and the "Download PDF" link of /cv open.
    pub cv_button: CvButton,
    /// What the server counts of its readers, with no cookie and no script (issue 43,
    /// `crate::stats`).
    pub statistics: Statistics,
    /// Months the counts per page and per source are kept; the daily totals and the downloads
    /// per file are kept for good.
    pub statistics_retention_months: RetentionMonths,
    /// A public line on each paper's page, "312 views · 87 PDF downloads since December 2026"
    /// (`stats::report::readership`): off by default, and shown only while `statistics` counts.
    pub show_paper_statistics: bool,
    /// The public menu, in order (issue 44): every page of the site once, shown or not, and
    /// the owner's own links.
    pub menu: Menu,
    /// Leaves out of the menu a list page with nothing published (`MenuItem::can_be_empty`).
    pub hide_empty_sections: bool,
    /// The owner's own wording of fixed public sentences, by key (`content::sentences`,
    /// issue 44): a sentence not here reads as the site came. Written through
    /// `PUT /api/settings/texts` (`save_texts`), a page's sentences at a time.
    pub texts: BTreeMap<String, String>,
    /// The site's languages (issue 45), BCP 47 tags in their canonical case: the first is the
    /// default, served at `/`; each other one has every page under `/<tag>/…`
    /// (`crate::languages`). Settings stored before languages existed read as `["en"]`.
    pub languages: Languages,
}

/// The site's languages, the default first: `["en"]` until the owner adds one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(transparent)]
pub struct Languages(pub Vec<String>);

impl Default for Languages {
    fn default() -> Self {
        Self(crate::languages::default_languages())
    }
}

impl Languages {
    /// Whether the site has `lang` (a tag in its canonical case).
    pub fn has(&self, lang: &str) -> bool {
        self.0.iter().any(|known| known == lang)
    }

    /// The default language: the first.
    pub fn default_language(&self) -> &str {
        self.0.first().map_or("en", String::as_str)
    }
}

/// One item of the public menu.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum MenuItem {
    /// One of the site's own pages, labelled as `menu_label` says.
    Page { page: PublicPage, shown: bool },
    /// A link of the owner's, to anywhere on the web.
    Link { label: String, url: String },
}

/// The menu's items in order. Stored whole: a site that never changed it reads the default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(transparent)]
pub struct Menu(pub Vec<MenuItem>);

/// The spec's navigation bar (section 2), in its order.
const SPEC_MENU: [PublicPage; 11] = [
    PublicPage::Home,
    PublicPage::About,
    PublicPage::Research,
    PublicPage::Publications,
    PublicPage::Projects,
    PublicPage::Teaching,
    PublicPage::Students,
    PublicPage::Talks,
    PublicPage::OpenCalls,
    PublicPage::Blog,
    PublicPage::Contact,
];

/// The most links of their own an owner may add, and the longest label: a menu is a line of a
/// few words on a desktop screen.
pub const MAX_MENU_LINKS: usize = 10;
pub const MAX_MENU_LABEL: usize = 40;

impl Default for Menu {
    /// The spec's menu, shown; the pages it does not list (News, the CV) follow, hidden, so
    /// the owner can show them with one tick.
    fn default() -> Self {
        Self(Vec::new()).completed()
    }
}

impl Menu {
    /// The menu with every page of the site in it: a page it lacks is added, hidden (or, in an
    /// empty menu, as the spec has it), so the admin always lists each page once.
    fn completed(mut self) -> Self {
        let spec = self.0.is_empty();
        for page in SPEC_MENU.into_iter().chain(PublicPage::ALL) {
            if !self.0.iter().any(|item| matches!(item, MenuItem::Page { page: p, .. } if *p == page)) {
                self.0.push(MenuItem::Page { page, shown: spec && SPEC_MENU.contains(&page) });
            }
        }
        self
    }

    /// Trimmed and completed, or what is wrong with it, on the field `menu`.
    fn validated(self, check: &mut Check) -> Self {
        let mut items = Vec::with_capacity(self.0.len());
        let mut links = 0;
        for item in self.0 {
            match item {
                MenuItem::Page { page, shown } => {
                    if items.iter().any(|item| matches!(item, MenuItem::Page { page: p, .. } if *p == page)) {
                        check.fail("menu", format!("{} is in the menu twice", menu_label(page)));
                    }
                    items.push(MenuItem::Page { page, shown });
                }
                MenuItem::Link { label, url } => {
                    links += 1;
                    let (label, url) = (label.trim().to_owned(), url.trim().to_owned());
                    if label.is_empty() {
                        check.fail("menu", format!("Link {links} needs a label"));
                    } else if label.chars().count() > MAX_MENU_LABEL {
                        check.fail("menu", format!("The label \"{label}\" is longer than {MAX_MENU_LABEL} characters"));
                    }
                    if url.len() > MAX_SHORT || !crate::rules::validate::is_http_url(&url) {
                        let name = if label.is_empty() { format!("Link {links}") } else { format!("The link \"{label}\"") };
                        check.fail("menu", format!("{name} needs a web address starting with https:// or http://"));
                    }
                    items.push(MenuItem::Link { label, url });
                }
            }
        }
        if links > MAX_MENU_LINKS {
            check.fail("menu", format!("The menu holds at most {MAX_MENU_LINKS} links of your own"));
        }
        Self(items).completed()
    }
}

impl MenuItem {
    /// Whether the option "Hide sections with nothing published" can leave the item out: the
    /// list pages, never Home, About, Contact, the CV or a link of the owner's.
    pub fn can_be_empty(page: PublicPage) -> bool {
        !matches!(page, PublicPage::Home | PublicPage::About | PublicPage::Contact | PublicPage::Cv)
    }
}

/// What the menu calls a page: the spec's words for the pages it lists.
pub fn menu_label(page: PublicPage) -> &'static str {
    match page {
        PublicPage::Home => "Home",
        PublicPage::About => "About",
        PublicPage::Research => "Research",
        PublicPage::Publications => "Selected Publications",
        PublicPage::Projects => "Projects",
        PublicPage::Teaching => "Teaching",
        PublicPage::Students => "Students",
        PublicPage::Talks => "Talks",
        PublicPage::OpenCalls => "Open Calls",
        PublicPage::Blog => "Blog",
        PublicPage::Contact => "Contact",
        PublicPage::News => "News",
        PublicPage::Cv => "CV",
    }
}

/// A page the menu can show, as the admin lists it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct MenuPage {
    pub page: PublicPage,
    pub label: String,
    pub path: String,
    /// Whether "Hide sections with nothing published" can leave it out.
    pub can_be_empty: bool,
}

text_enum! {
    /// `visitors`: views, downloads and daily visitors (a keyed hash that changes every day);
    /// `views`: the same with no visitor key at all; `off`: nothing is counted.
    Statistics { #[default] Visitors = "visitors", Views = "views", Off = "off" }
}

/// Months of statistics detail kept: 25 unless the owner chose otherwise (a month more than
/// two years, so a year can be compared with the one before).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(transparent)]
#[ts(type = "number")]
pub struct RetentionMonths(pub u32);

impl Default for RetentionMonths {
    fn default() -> Self {
        Self(25)
    }
}

/// The retention the owner may choose, in months.
pub const RETENTION_MONTHS: std::ops::RangeInclusive<u32> = 1..=120;

text_enum! {
    /// A reference style the server writes with hayagriva (`crate::citations`).
    CitationStyle { #[default] Ieee = "ieee", Apa = "apa" }
}

text_enum! {
    /// The paper of /cv.pdf.
    PaperSize { #[default] A4 = "a4", Letter = "us-letter" }
}

text_enum! {
    /// What the CV buttons open: the file the owner uploaded (Homepage → CV), or /cv.pdf,
    /// generated from the site's data.
    CvButton { #[default] Uploaded = "uploaded", Generated = "generated" }
}

/// An analytics service whose script the home page may load. The page's policy is widened
/// for `script_origin` and `connect_origins` only (never `'unsafe-inline'`).
pub struct AnalyticsProvider {
    pub name: &'static str,
    pub script_origin: &'static str,
    pub connect_origins: &'static [&'static str],
}

/// The known providers, in one place (the admin lists them from `GET /api/settings`).
/// Only services that count with a bare `<script async src>` are here: Fathom, Umami,
/// Cloudflare and GoatCounter need a site id in a `data-` attribute, which the setting does
/// not carry yet; Google Analytics and Matomo need an inline configuration script, which the
/// pages' policy does not allow.
pub const ANALYTICS_PROVIDERS: &[AnalyticsProvider] = &[
    AnalyticsProvider { name: "Plausible", script_origin: "https://plausible.io", connect_origins: &["https://plausible.io"] },
    AnalyticsProvider {
        name: "Simple Analytics",
        script_origin: "https://scripts.simpleanalyticscdn.com",
        connect_origins: &["https://queue.simpleanalyticscdn.com"],
    },
];

/// What the home page's policy must allow for an accepted analytics script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllowedScript {
    pub src: String,
    /// The script's origin, then the origins it sends its counts to.
    pub origins: Vec<String>,
}

/// `https://host[:port]` of an https URL, lower-cased; `None` for anything else.
fn https_origin(url: &str) -> Option<String> {
    if !crate::rules::validate::is_http_url(url) {
        return None;
    }
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    // A plain host name and port: the origin goes into the page's policy header as it is.
    let (name, port) = host.split_once(':').unwrap_or((host, "443"));
    let plain = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
        && !port.is_empty()
        && port.chars().all(|c| c.is_ascii_digit());
    (scheme.eq_ignore_ascii_case("https") && plain).then(|| format!("https://{}", host.to_ascii_lowercase()))
}

impl SiteSettings {
    /// The analytics script the home page loads, if it is (still) allowed: a value stored
    /// before the allow-list, or one whose provider left it, is not loaded.
    pub fn allowed_analytics_script(&self) -> Result<Option<AllowedScript>, &'static str> {
        let src = self.analytics_script_url.trim();
        if src.is_empty() {
            return Ok(None);
        }
        let origin = https_origin(src).ok_or("The script URL must start with https://")?;
        if let Some(provider) = ANALYTICS_PROVIDERS.iter().find(|p| p.script_origin == origin) {
            let connect = provider.connect_origins.iter().filter(|o| **o != origin).map(|o| (*o).to_owned());
            let origins = std::iter::once(origin.clone()).chain(connect).collect();
            return Ok(Some(AllowedScript { src: src.to_owned(), origins }));
        }
        if !self.analytics_own_origin.is_empty() && https_origin(&self.analytics_own_origin).as_deref() == Some(origin.as_str()) {
            return Ok(Some(AllowedScript { src: src.to_owned(), origins: vec![origin] }));
        }
        Err(ANALYTICS_NOT_ALLOWED)
    }

    /// What the admin shows above the analytics fields, if anything.
    pub fn analytics_warning(&self) -> Option<String> {
        match self.allowed_analytics_script() {
            Err(reason) => Some(format!("The stored analytics script is not loaded: {reason}")),
            Ok(_) if !self.analytics_own_origin.is_empty() => Some(format!(
                "Scripts from {} run on your home page with full access to it: use only a server you control.",
                self.analytics_own_origin
            )),
            Ok(_) => None,
        }
    }

    /// The settings trimmed and normalised, or the rules they break (422 on their fields).
    pub fn validated(mut self) -> Result<Self, AppError> {
        self.analytics_script_url = self.analytics_script_url.trim().to_owned();
        self.analytics_own_origin = self.analytics_own_origin.trim().trim_end_matches('/').to_owned();
        self.openalex_api_key = self.openalex_api_key.trim().to_owned();
        let mut check = Check::new();
        if !self.orcid_id.trim().is_empty() {
            match crate::rules::validate::orcid_id(&self.orcid_id) {
                Ok(id) => self.orcid_id = id,
                Err(rule) => check.fail("orcid_id", rule),
            }
        } else {
            self.orcid_id = String::new();
        }
        check.max_len("openalex_api_key", "The OpenAlex API key", &self.openalex_api_key, MAX_SHORT);
        check.max_len("analytics_script_url", "The script URL", &self.analytics_script_url, MAX_SHORT);
        check.max_len("analytics_own_origin", "Your analytics domain", &self.analytics_own_origin, MAX_SHORT);
        if !self.analytics_own_origin.is_empty() {
            match https_origin(&self.analytics_own_origin) {
                Some(origin) if origin.eq_ignore_ascii_case(&self.analytics_own_origin) => self.analytics_own_origin = origin,
                _ => check.fail("analytics_own_origin", "Your analytics domain must be like https://stats.example.org (no path)"),
            }
        }
        if !RETENTION_MONTHS.contains(&self.statistics_retention_months.0) {
            check.fail("statistics_retention_months", "Statistics are kept for 1 to 120 months");
        }
        if let Err(reason) = self.allowed_analytics_script() {
            check.fail("analytics_script_url", reason);
        }
        self.menu = self.menu.validated(&mut check);
        let (languages, problems) = crate::languages::validated(std::mem::take(&mut self.languages.0));
        self.languages = Languages(languages);
        for problem in problems {
            check.fail("languages", problem);
        }
        self.texts = super::sentences::validated(self.texts, &mut check);
        check.finish()?;
        Ok(self)
    }
}

pub const ANALYTICS_NOT_ALLOWED: &str =
    "The script must come from a listed analytics provider, or from the domain you declared as your own";

/// The site settings as the admin reads them: with the known providers, any warning, and
/// since when the home page loads its analytics script.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SiteSettingsView {
    #[serde(flatten)]
    pub settings: SiteSettings,
    /// The providers whose scripts are accepted: name and script origin.
    pub analytics_providers: Vec<(String, String)>,
    pub analytics_warning: Option<String>,
    /// The origin of the script the home page loads, and since when (the dashboard shows it).
    pub analytics_script: Option<ScriptSince>,
    /// The site's pages with their menu labels, for the Navigation card.
    pub menu_pages: Vec<MenuPage>,
    /// What "Reset to the default menu" puts back.
    pub default_menu: Menu,
    /// Each of `languages` with its name in itself (`["de", "Deutsch"]`): the admin's
    /// language tabs on translatable fields.
    pub language_names: Vec<(String, String)>,
}

/// Where the home page's script comes from, and since when.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, TS)]
pub struct ScriptSince {
    pub origin: String,
    pub since: DateTimeUtc,
}

/// The key under which the moment the current analytics script was set is kept.
const ANALYTICS_SINCE: &str = "analytics_script_since";

impl SiteSettings {
    /// Whether saving `self` over `before` puts a script on visitors' pages that was not there,
    /// or widens what the page's policy allows: a new script URL or a new own origin. Clearing
    /// either takes nothing away from the owner and asks for nothing.
    pub fn adds_script(&self, before: &SiteSettings) -> bool {
        let new_script = !self.analytics_script_url.is_empty() && self.analytics_script_url != before.analytics_script_url;
        let new_origin = !self.analytics_own_origin.is_empty() && self.analytics_own_origin != before.analytics_own_origin;
        new_script || new_origin
    }
}

/// The site settings with what the admin shows around them.
pub async fn view(db: &impl ConnectionTrait) -> Result<SiteSettingsView, AppError> {
    let row = Entity::find_by_id(SITE.to_owned()).one(db).await?;
    let settings: SiteSettings = row.as_ref().and_then(|row| serde_json::from_value(row.value.clone()).ok()).unwrap_or_default();
    let analytics_script = match settings.allowed_analytics_script() {
        Ok(Some(script)) => {
            let recorded = Entity::find_by_id(ANALYTICS_SINCE.to_owned())
                .one(db)
                .await?
                .and_then(|since| serde_json::from_value::<ScriptSince>(since.value).ok());
            // A script set before changes were recorded: since the settings' last save.
            let since = recorded.map(|r| r.since).or(row.map(|row| row.updated_at)).unwrap_or_else(crate::ops::clock::now);
            script.origins.first().map(|origin| ScriptSince { origin: origin.clone(), since })
        }
        _ => None,
    };
    Ok(SiteSettingsView {
        analytics_providers: ANALYTICS_PROVIDERS.iter().map(|p| (p.name.to_owned(), p.script_origin.to_owned())).collect(),
        analytics_warning: settings.analytics_warning(),
        analytics_script,
        menu_pages: PublicPage::ALL
            .into_iter()
            .map(|page| MenuPage {
                page,
                label: menu_label(page).to_owned(),
                path: page.path().to_owned(),
                can_be_empty: MenuItem::can_be_empty(page),
            })
            .collect(),
        default_menu: Menu::default(),
        language_names: settings.languages.0.iter().map(|lang| (lang.clone(), crate::languages::name(lang))).collect(),
        settings,
    })
}

pub async fn site(db: &impl ConnectionTrait) -> Result<SiteSettings, AppError> {
    Ok(match Entity::find_by_id(SITE.to_owned()).one(db).await? {
        Some(row) => serde_json::from_value(row.value).unwrap_or_default(),
        None => SiteSettings::default(),
    })
}

/// Saves the settings (validated) over `before`, and records when a new analytics script was
/// set. Whoever calls it has confirmed the owner when `adds_script` says so.
pub async fn save_site(db: &impl ConnectionTrait, settings: SiteSettings, before: &SiteSettings) -> Result<SiteSettings, AppError> {
    let settings = settings.validated()?;
    let now = crate::ops::clock::now();
    put(db, SITE, serde_json::to_value(&settings).map_err(anyhow::Error::from)?, now).await?;
    if settings.analytics_script_url.is_empty() {
        Entity::delete_by_id(ANALYTICS_SINCE.to_owned()).exec(db).await?;
    } else if settings.analytics_script_url != before.analytics_script_url {
        let origin = settings.allowed_analytics_script().ok().flatten().and_then(|s| s.origins.into_iter().next()).unwrap_or_default();
        put(db, ANALYTICS_SINCE, serde_json::to_value(ScriptSince { origin, since: now }).map_err(anyhow::Error::from)?, now).await?;
    }
    Ok(settings)
}

/// Puts the owner's wording of the sentences in `changes` over the stored ones (one sent empty,
/// or as its default, is the default again), every other sentence and setting kept as it is:
/// each admin screen saves its own page's sentences. Only the sentences are checked, so a
/// setting stored before a rule (an analytics script since refused) does not stop them.
pub async fn save_texts(db: &impl ConnectionTrait, changes: BTreeMap<String, String>) -> Result<SiteSettings, AppError> {
    let mut settings = site(db).await?;
    let mut check = Check::new();
    let kept = super::sentences::validated(changes.clone(), &mut check);
    check.finish()?;
    for key in changes.into_keys() {
        match kept.get(&key) {
            Some(text) => settings.texts.insert(key, text.clone()),
            None => settings.texts.remove(&key),
        };
    }
    put(db, SITE, serde_json::to_value(&settings).map_err(anyhow::Error::from)?, crate::ops::clock::now()).await?;
    Ok(settings)
}

async fn put(db: &impl ConnectionTrait, key: &str, value: Json, now: DateTimeUtc) -> Result<(), AppError> {
    let row = ActiveModel { key: Set(key.to_owned()), value: Set(value), updated_at: Set(now) };
    Entity::insert(row)
        .on_conflict(OnConflict::column(Column::Key).update_columns([Column::Value, Column::UpdatedAt]).to_owned())
        .exec(db)
        .await?;
    Ok(())
}

/// Present once an owner account exists: the first-run setup is closed for good.
pub const SETUP_COMPLETED: &str = "setup_completed";

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize)]
#[sea_orm(table_name = "settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    #[sea_orm(column_type = "Json")]
    pub value: Json,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

pub async fn is_set(db: &impl ConnectionTrait, key: &str) -> Result<bool, AppError> {
    Ok(Entity::find_by_id(key.to_owned()).one(db).await?.is_some())
}

/// Sets `key` only if it is not set yet; tells whether this call set it. The primary key
/// makes this atomic across concurrent requests and instances.
pub async fn set_once(db: &impl ConnectionTrait, key: &str, value: Json) -> Result<bool, AppError> {
    let row = ActiveModel { key: Set(key.to_owned()), value: Set(value), updated_at: Set(crate::ops::clock::now()) };
    let result = Entity::insert(row).on_conflict_do_nothing_on([Column::Key]).exec(db).await?;
    Ok(matches!(result, TryInsertResult::Inserted(_)))
}
