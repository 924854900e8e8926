//! Writing a [`Site`] into the store, in one transaction: each item looked up by its source
//! first (unchanged, updated, or a conflict when edited in Vita since), else checked for a
//! duplicate (the BibTeX importer's rules for papers, title and date for news and talks), else
//! created and remembered with its source. Each write runs in a savepoint of its own, so an item
//! the store refuses (a rule of the spec) is reported with its file and the others go on. A dry
//! run does the same and rolls the transaction back; it uploads nothing.

use std::collections::{HashMap, HashSet};
use std::str::FromStr;

use axum::body::Bytes;
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, ModelTrait, QueryFilter, TransactionTrait,
};
use uuid::Uuid;

use super::{Generator, Item, ItemReport, Kind, Outcome, Owner, Paper, Problem, Report, Site, Social, Tree, sources};
use crate::content::homepage::{self, AboutContent, HeroContent};
use crate::content::imports::{self, ImportKind, ImportSource};
use crate::content::{self, Content, courses, cv_appointments, cv_education, cv_other, news, posts, projects, publications, tags, talks};
use crate::error::AppError;
use crate::import::{self, EntryStatus};
use crate::media::buckets::Bucket;
use crate::media::files::Files;
use crate::media::photos::Photo;
use crate::rules::validate::slugify_variant;
use crate::store::changes::{Changes, Sources};

/// A content table the import writes, with what duplicate detection and updates need.
trait Imported: Content {
    const KIND: Kind;
    /// What makes a stored item the same as an imported one (see `super::key`).
    fn key(model: &Self::Model) -> String;
    fn title(model: &Self::Model) -> String;
    fn slug(_model: &Self::Model) -> Option<String> {
        None
    }
    fn set_slug(_input: &mut Self::Input, _slug: String) {}
    /// The slug the site gave the item (a post's file name), kept so its links keep working.
    fn site_slug(_input: &Self::Input) -> Option<String> {
        None
    }
    fn set_tags(_input: &mut Self::Input, _ids: Vec<Uuid>) {}
    /// Points the item's references to files of the site (a post's pictures, its cover) at
    /// the files as stored; `stored` answers `None` for a file that could not be stored.
    fn link_files(_input: &mut Self::Input, _stored: &dyn Fn(&str) -> Option<Stored>) {}
}

/// A file of the site as the import stored it.
#[derive(Clone)]
struct Stored {
    /// The upload's own address (a photo's original: what a cover field keeps, so the page
    /// can offer the photo's sizes).
    url: String,
    /// What a page's text links to: a photo's largest variant (its original is private), any
    /// other file itself.
    public: String,
}

impl Imported for news::Entity {
    const KIND: Kind = Kind::News;
    fn key(m: &news::Model) -> String {
        super::key(&m.title, Some(m.date))
    }
    fn title(m: &news::Model) -> String {
        m.title.clone()
    }
    fn set_tags(input: &mut news::Input, ids: Vec<Uuid>) {
        input.tag_ids = ids;
    }
}

impl Imported for posts::Entity {
    const KIND: Kind = Kind::Post;
    fn key(m: &posts::Model) -> String {
        super::key(&m.title, Some(m.date))
    }
    fn title(m: &posts::Model) -> String {
        m.title.clone()
    }
    fn slug(m: &posts::Model) -> Option<String> {
        Some(m.slug.clone())
    }
    fn set_slug(input: &mut posts::Input, slug: String) {
        input.slug = Some(slug);
    }
    fn site_slug(input: &posts::Input) -> Option<String> {
        input.slug.clone()
    }
    fn set_tags(input: &mut posts::Input, ids: Vec<Uuid>) {
        input.tag_ids = ids;
    }
    fn link_files(input: &mut posts::Input, stored: &dyn Fn(&str) -> Option<Stored>) {
        if let Some(html) = &mut input.content {
            *html = relink(html, |reference| stored(reference).map(|file| file.public));
        }
        input.cover_image = input.cover_image.take().and_then(|cover| {
            if cover.starts_with("http://") || cover.starts_with("https://") { Some(cover) } else { stored(&cover).map(|file| file.url) }
        });
    }
}

/// `html` with each `src` and `href` that `to` knows pointed at its answer. The HTML is the
/// sanitiser's output, so its attributes are double-quoted with their entities escaped.
fn relink(html: &str, to: impl Fn(&str) -> Option<String>) -> String {
    static LINK: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| regex::Regex::new(r#"\b(src|href)="([^"]*)""#).unwrap());
    LINK.replace_all(html, |found: &regex::Captures| match to(&super::text::decode_entities(&found[2])) {
        Some(url) => format!(r#"{}="{}""#, &found[1], url.replace('&', "&amp;").replace('"', "&quot;")),
        None => found[0].to_owned(),
    })
    .into_owned()
}

impl Imported for talks::Entity {
    const KIND: Kind = Kind::Talk;
    fn key(m: &talks::Model) -> String {
        super::key(&format!("{} {}", m.title, m.event_name), Some(m.date))
    }
    fn title(m: &talks::Model) -> String {
        m.title.clone()
    }
    fn slug(m: &talks::Model) -> Option<String> {
        Some(m.slug.clone())
    }
    fn set_slug(input: &mut talks::Input, slug: String) {
        input.slug = Some(slug);
    }
    fn set_tags(input: &mut talks::Input, ids: Vec<Uuid>) {
        input.tag_ids = ids;
    }
}

impl Imported for projects::Entity {
    const KIND: Kind = Kind::Project;
    fn key(m: &projects::Model) -> String {
        super::key(&m.title, None)
    }
    fn title(m: &projects::Model) -> String {
        m.title.clone()
    }
    fn slug(m: &projects::Model) -> Option<String> {
        Some(m.slug.clone())
    }
    fn set_slug(input: &mut projects::Input, slug: String) {
        input.slug = Some(slug);
    }
    fn set_tags(input: &mut projects::Input, ids: Vec<Uuid>) {
        input.tag_ids = ids;
    }
}

impl Imported for courses::Entity {
    const KIND: Kind = Kind::Course;
    fn key(m: &courses::Model) -> String {
        super::key(&format!("{} {} {} {}", m.code, m.title, m.year, m.term.as_str()), None)
    }
    fn title(m: &courses::Model) -> String {
        m.title.clone()
    }
    fn slug(m: &courses::Model) -> Option<String> {
        Some(m.slug.clone())
    }
    fn set_slug(input: &mut courses::Input, slug: String) {
        input.slug = Some(slug);
    }
}

impl Imported for cv_education::Entity {
    const KIND: Kind = Kind::CvEducation;
    fn key(m: &cv_education::Model) -> String {
        super::key(&format!("{} {}", m.degree, m.institution), None)
    }
    fn title(m: &cv_education::Model) -> String {
        m.degree.clone()
    }
}

impl Imported for cv_appointments::Entity {
    const KIND: Kind = Kind::CvAppointment;
    fn key(m: &cv_appointments::Model) -> String {
        super::key(&format!("{} {}", m.title, m.institution), None)
    }
    fn title(m: &cv_appointments::Model) -> String {
        m.title.clone()
    }
}

impl Imported for cv_other::Entity {
    const KIND: Kind = Kind::CvSection;
    fn key(m: &cv_other::Model) -> String {
        super::key(&m.title, None)
    }
    fn title(m: &cv_other::Model) -> String {
        m.title.clone()
    }
}

/// The time of an item's last change, as stored (compared to the millisecond: the databases
/// keep different precisions).
fn updated_at<E: EntityTrait>(model: &E::Model) -> DateTime<Utc> {
    let column = E::Column::from_str("updated_at").unwrap_or_else(|_| panic!("a content table has updated_at"));
    model.get(column).unwrap::<DateTime<Utc>>()
}

fn id_of<E: EntityTrait>(model: &E::Model) -> Uuid {
    let column = E::Column::from_str("id").unwrap_or_else(|_| panic!("a content table has id"));
    model.get(column).unwrap::<Uuid>()
}

fn same_time(a: DateTime<Utc>, b: DateTime<Utc>) -> bool {
    a.timestamp_millis() == b.timestamp_millis()
}

/// A refusal of the store's rules, as the report says it; anything else stops the import.
fn refusal(err: AppError) -> Result<String, AppError> {
    match err {
        AppError::Validation { fields, message } => Ok(fields.first_message().map(str::to_owned).unwrap_or(message)),
        other => Err(other),
    }
}

struct Writer<'a> {
    txn: &'a DatabaseTransaction,
    files: &'a Files,
    tree: &'a Tree,
    generator: Generator,
    dry_run: bool,
    /// Files uploaded so far: removed again if the import fails.
    uploaded: Vec<(Bucket, String)>,
    items: Vec<ItemReport>,
    /// Files of the site that could not be stored (a picture the photo pipeline refuses).
    problems: Vec<Problem>,
    rows: HashMap<(String, String), sources::Model>,
    tags: Option<HashMap<String, Uuid>>,
    /// The files each content file refers to that are in the site: source → (reference, path).
    files_of: HashMap<String, Vec<(String, String)>>,
    /// The site's files stored so far by this import, by path (`None`: could not be).
    stored: HashMap<String, Option<Stored>>,
    /// The papers created, which the import's record lists (`content::imports`).
    added_papers: Vec<Uuid>,
}

/// Everything an import may change.
fn changed() -> Sources {
    Sources::HERO
        | Sources::ABOUT
        | Sources::PUBLICATIONS
        | Sources::NEWS
        | Sources::PROJECTS
        | Sources::COURSES
        | Sources::TALKS
        | Sources::TAGS
        | Sources::CV
        | Sources::POSTS
}

/// Imports `site` (read from a site of `generator`) into `db`, or with `dry_run` does all of
/// it in a transaction that is rolled back, uploading nothing.
pub async fn run(
    db: &DatabaseConnection,
    files: &Files,
    changes: &Changes,
    tree: &Tree,
    generator: Generator,
    site: Site,
    dry_run: bool,
) -> Result<Report, AppError> {
    let write = changes.begin(db, if dry_run { Sources::NONE } else { changed() }).await?;
    let mut report = Report {
        generator,
        dry_run,
        items: Vec::new(),
        problems: site.problems.clone(),
        removed: site.removed.clone(),
        media: site.media.clone(),
        social: site.owner.as_ref().map(|o| o.social.clone()).unwrap_or_default(),
        social_placed: Vec::new(),
    };
    let (result, uploaded) = {
        let mut writer = Writer {
            txn: write.txn(),
            files,
            tree,
            generator,
            dry_run,
            uploaded: Vec::new(),
            items: Vec::new(),
            problems: Vec::new(),
            rows: HashMap::new(),
            tags: None,
            files_of: HashMap::new(),
            stored: HashMap::new(),
            added_papers: Vec::new(),
        };
        for media in site.media.iter().filter(|m| m.found) {
            writer.files_of.entry(media.from.clone()).or_default().push((media.reference.clone(), media.path.clone()));
        }
        let result = match writer.all(site, &mut report.social_placed).await {
            Ok(()) => imports::record(writer.txn, &ImportSource::new(ImportKind::Site, generator.as_str()), &writer.added_papers).await,
            Err(err) => Err(err),
        };
        report.items = std::mem::take(&mut writer.items);
        report.problems.append(&mut writer.problems);
        (result, writer.uploaded)
    };
    let committed = match result {
        Ok(()) if dry_run => {
            // Dropped, the transaction rolls back: a dry run writes nothing.
            drop(write);
            Ok(())
        }
        Ok(()) => write.commit().await.map_err(AppError::from),
        Err(err) => Err(err),
    };
    if let Err(err) = committed {
        // Nothing of the import is stored: neither are its files.
        for (bucket, name) in uploaded {
            let _ = files.remove(bucket, &name).await;
        }
        return Err(err);
    }
    Ok(report)
}

impl Writer<'_> {
    async fn all(&mut self, site: Site, placed: &mut Vec<String>) -> Result<(), AppError> {
        for row in sources::Entity::find().all(self.txn).await? {
            self.rows.insert((row.kind.clone(), row.source.clone()), row);
        }
        for problem in &site.problems {
            if let Some(kind) = problem.kind {
                let message = match problem.line {
                    0 => problem.message.clone(),
                    line => format!("line {line}: {}", problem.message),
                };
                self.report(kind, &problem.file, "", None, Outcome::Error(message));
            }
        }
        for skipped in &site.skipped {
            self.report(skipped.kind, &skipped.file, &skipped.title, None, Outcome::Skipped(skipped.reason.clone()));
        }
        if let Some(owner) = site.owner {
            self.owner(owner, placed).await?;
        }
        if let Some(about) = site.about {
            self.about(about).await?;
        }
        self.papers(site.papers).await?;
        self.items::<news::Entity>(site.news).await?;
        self.items::<projects::Entity>(site.projects).await?;
        self.items::<talks::Entity>(site.talks).await?;
        self.items::<courses::Entity>(site.courses).await?;
        self.items::<cv_education::Entity>(site.cv_education).await?;
        self.items::<cv_appointments::Entity>(site.cv_appointments).await?;
        self.items::<cv_other::Entity>(site.cv_sections).await?;
        self.items::<posts::Entity>(site.posts).await?;
        Ok(())
    }

    fn report(&mut self, kind: Kind, source: &str, title: &str, date: Option<NaiveDate>, outcome: Outcome) {
        self.items.push(ItemReport { kind, source: source.to_owned(), title: title.to_owned(), date, outcome });
    }

    /// Remembers where an item came from (or updates what is remembered).
    async fn remember(
        &mut self,
        kind: Kind,
        source: &str,
        hash: &str,
        item_id: Uuid,
        item_updated_at: DateTime<Utc>,
    ) -> Result<(), AppError> {
        let now = crate::ops::clock::now();
        let key = (kind.as_str().to_owned(), source.to_owned());
        let model = match self.rows.get(&key) {
            Some(row) => {
                let mut model: sources::ActiveModel = row.clone().into();
                model.hash = Set(hash.to_owned());
                model.item_id = Set(item_id);
                model.item_updated_at = Set(item_updated_at);
                model.updated_at = Set(now);
                model.update(self.txn).await?
            }
            None => {
                sources::ActiveModel {
                    id: Set(Uuid::new_v4()),
                    generator: Set(self.generator.as_str().to_owned()),
                    kind: Set(kind.as_str().to_owned()),
                    source: Set(source.to_owned()),
                    hash: Set(hash.to_owned()),
                    item_id: Set(item_id),
                    item_updated_at: Set(item_updated_at),
                    created_at: Set(now),
                    updated_at: Set(now),
                }
                .insert(self.txn)
                .await?
            }
        };
        self.rows.insert(key, model);
        Ok(())
    }

    /// What the source row of an item says before it is written again: `Ok(None)` when the
    /// item is new to the import, else the stored item's id, or the outcome already decided
    /// (unchanged, conflict, deleted in Vita).
    fn known(&self, kind: Kind, source: &str, hash: &str, stored: Option<DateTime<Utc>>) -> Option<Result<Uuid, Outcome>> {
        let row = self.rows.get(&(kind.as_str().to_owned(), source.to_owned()))?;
        Some(match stored {
            None => Err(Outcome::Skipped("deleted in Vita since the last import: not brought back".to_owned())),
            Some(_) if row.hash == hash => Err(Outcome::Unchanged),
            Some(at) if !same_time(at, row.item_updated_at) => Err(Outcome::Conflict),
            Some(_) => Ok(row.item_id),
        })
    }

    fn row(&self, kind: Kind, source: &str) -> Option<&sources::Model> {
        self.rows.get(&(kind.as_str().to_owned(), source.to_owned()))
    }

    /// The ids of tags by name, created when missing.
    async fn tag_ids(&mut self, names: &[String]) -> Result<Vec<Uuid>, AppError> {
        if self.tags.is_none() {
            let stored = tags::Entity::find().all(self.txn).await?;
            self.tags = Some(stored.into_iter().map(|t| (slugify_variant(&t.name), t.id)).collect());
        }
        let mut ids = Vec::new();
        for name in names {
            let key = slugify_variant(name);
            if key.is_empty() {
                continue;
            }
            let known = self.tags.as_ref().and_then(|t| t.get(&key)).copied();
            let id = match known {
                Some(id) => id,
                None => {
                    let savepoint = self.txn.begin().await?;
                    match content::create::<tags::Entity>(&savepoint, tags::Input { name: name.trim().to_owned(), slug: None, color: None })
                        .await
                    {
                        Ok(tag) => {
                            savepoint.commit().await?;
                            tag.id
                        }
                        Err(err) => {
                            refusal(err)?;
                            continue;
                        }
                    }
                }
            };
            self.tags.get_or_insert_default().insert(key, id);
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        Ok(ids)
    }

    /// Stores a file of the site in `bucket`; `None` (and a problem noted) when it cannot be.
    /// A dry run uploads nothing and answers a placeholder address.
    async fn upload(&mut self, bucket: Bucket, path: &str) -> Option<(String, String)> {
        let bytes = self.tree.bytes(path)?;
        let name = path.rsplit('/').next().unwrap_or(path).to_owned();
        if self.dry_run {
            return Some((name.clone(), format!("/files/{}/{name}", bucket.name())));
        }
        match self.files.upload(bucket, &name, Bytes::from(bytes)).await {
            Ok(uploaded) => {
                self.uploaded.push((bucket, uploaded.name.clone()));
                Some((uploaded.name, uploaded.url))
            }
            Err(err) => {
                self.problems.push(Problem { kind: None, file: path.to_owned(), line: 0, message: format!("not stored: {err}") });
                None
            }
        }
    }

    /// Stores a picture (through the photo pipeline, which makes its sizes) or a PDF a content
    /// file refers to, once per import however many files refer to it.
    async fn store_file(&mut self, path: &str) -> Option<Stored> {
        if let Some(stored) = self.stored.get(path) {
            return stored.clone();
        }
        let extension = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
        let stored = match extension.as_str() {
            "jpg" | "jpeg" | "png" | "webp" | "gif" => self
                .upload(Bucket::ProfilePhotos, path)
                .await
                .map(|(_, url)| Stored { public: Photo::of_url(&url).map_or_else(|| url.clone(), |photo| photo.largest), url }),
            "pdf" => self.upload(Bucket::CvFiles, path).await.map(|(_, url)| Stored { public: url.clone(), url }),
            _ => {
                let message = "not stored: only pictures (JPEG, PNG, WebP, GIF) and PDFs are brought along; the link is left as it was";
                self.problems.push(Problem { kind: None, file: path.to_owned(), line: 0, message: message.to_owned() });
                None
            }
        };
        self.stored.insert(path.to_owned(), stored.clone());
        stored
    }

    async fn owner(&mut self, owner: Owner, placed: &mut Vec<String>) -> Result<(), AppError> {
        let photo = owner.photo.as_deref().and_then(|p| self.tree.bytes(p)).unwrap_or_default();
        let cv = owner.cv_pdf.as_deref().and_then(|p| self.tree.bytes(p)).unwrap_or_default();
        let social: String = owner.social.iter().map(|s| format!("{}={}\n", s.key, s.url)).collect();
        let hash = super::hash(&[
            owner.name.as_bytes(),
            owner.title.as_bytes(),
            owner.institution.as_bytes(),
            owner.bio.as_bytes(),
            social.as_bytes(),
            &photo,
            &cv,
        ]);
        let row = homepage::Entity::find().filter(homepage::Column::Section.eq("hero")).one(self.txn).await?;
        let existed = self.row(Kind::Owner, &owner.source).is_some();
        if let Some(Err(outcome)) = self.known(Kind::Owner, &owner.source, &hash, row.as_ref().map(|r| r.updated_at)) {
            // A hero whose row is gone was never edited: write it again.
            if !(row.is_none() && matches!(outcome, Outcome::Skipped(_))) {
                self.report(Kind::Owner, &owner.source, &owner.name, None, outcome);
                return Ok(());
            }
        }
        let stored = homepage::read::<HeroContent>(self.txn).await?;
        let mut hero = stored.content;
        if stored.updated_at.is_none() {
            // Never saved: the built-in example owner's texts are not the site's.
            for field in [&mut hero.name, &mut hero.title, &mut hero.institution, &mut hero.bio] {
                field.clear();
            }
        }
        let set = |field: &mut String, value: &str| {
            if !value.trim().is_empty() {
                *field = value.trim().to_owned();
            }
        };
        set(&mut hero.name, &owner.name);
        set(&mut hero.title, &owner.title);
        set(&mut hero.institution, &owner.institution);
        set(&mut hero.bio, &owner.bio);
        for Social { key, url } in &owner.social {
            let key_lower = key.to_ascii_lowercase();
            let field = if key_lower.contains("scholar") && !key_lower.contains("semantic") {
                &mut hero.google_scholar_url
            } else if key_lower.contains("linkedin") {
                &mut hero.linkedin_url
            } else if ["work_url", "website", "homepage", "globe", "uri"].contains(&key_lower.as_str()) {
                &mut hero.website_url
            } else {
                continue;
            };
            if url.starts_with("http") {
                *field = url.clone();
                placed.push(key.clone());
            }
        }
        if let Some(path) = owner.photo.clone()
            && let Some((_, url)) = self.upload(Bucket::ProfilePhotos, &path).await
        {
            hero.profile_image_url = url;
        }
        if let Some(path) = owner.cv_pdf.clone()
            && let Some((_, url)) = self.upload(Bucket::CvFiles, &path).await
        {
            hero.cv_url = url;
        }
        let savepoint = self.txn.begin().await?;
        match homepage::upsert(&savepoint, hero).await {
            Ok(record) => {
                savepoint.commit().await?;
                let row = homepage::Entity::find().filter(homepage::Column::Section.eq("hero")).one(self.txn).await?;
                let id = row.map(|r| r.id).unwrap_or_default();
                self.remember(Kind::Owner, &owner.source, &hash, id, record.updated_at.unwrap_or_default()).await?;
                self.report(Kind::Owner, &owner.source, &owner.name, None, if existed { Outcome::Updated } else { Outcome::Created });
            }
            Err(err) => {
                let message = refusal(err)?;
                self.report(Kind::Owner, &owner.source, &owner.name, None, Outcome::Error(message));
            }
        }
        Ok(())
    }

    async fn about(&mut self, about: super::About) -> Result<(), AppError> {
        let hash = super::hash(&[about.title.as_bytes(), about.bio.as_bytes()]);
        let row = homepage::Entity::find().filter(homepage::Column::Section.eq("about")).one(self.txn).await?;
        let existed = self.row(Kind::About, &about.source).is_some();
        if let Some(Err(outcome)) = self.known(Kind::About, &about.source, &hash, row.as_ref().map(|r| r.updated_at))
            && !(row.is_none() && matches!(outcome, Outcome::Skipped(_)))
        {
            self.report(Kind::About, &about.source, &about.title, None, outcome);
            return Ok(());
        }
        let mut content = homepage::read::<AboutContent>(self.txn).await?.content;
        if !about.title.trim().is_empty() {
            content.title = about.title.clone();
        }
        content.bio = about.bio.clone();
        let savepoint = self.txn.begin().await?;
        match homepage::upsert(&savepoint, content).await {
            Ok(record) => {
                savepoint.commit().await?;
                let row = homepage::Entity::find().filter(homepage::Column::Section.eq("about")).one(self.txn).await?;
                self.remember(
                    Kind::About,
                    &about.source,
                    &hash,
                    row.map(|r| r.id).unwrap_or_default(),
                    record.updated_at.unwrap_or_default(),
                )
                .await?;
                self.report(Kind::About, &about.source, &about.title, None, if existed { Outcome::Updated } else { Outcome::Created });
            }
            Err(err) => {
                let message = refusal(err)?;
                self.report(Kind::About, &about.source, &about.title, None, Outcome::Error(message));
            }
        }
        Ok(())
    }

    async fn papers(&mut self, papers: Vec<Paper>) -> Result<(), AppError> {
        let mut new = Vec::new();
        for paper in papers {
            let title =
                paper.entry.mapped.as_ref().map(|m| m.title.clone()).unwrap_or_else(|_| paper.entry.key.clone().unwrap_or_default());
            let date = paper.entry.mapped.as_ref().ok().and_then(|m| NaiveDate::from_ymd_opt(m.year?, m.month.unwrap_or(1) as u32, 1));
            let stored = match self.row(Kind::Publication, &paper.source) {
                Some(row) => content::get::<publications::Entity>(self.txn, row.item_id).await.ok(),
                None => {
                    new.push((paper, title, date));
                    continue;
                }
            };
            let id = match self.known(Kind::Publication, &paper.source, &paper.hash, stored.as_ref().map(|s| s.updated_at)) {
                Some(Ok(id)) => id,
                Some(Err(outcome)) => {
                    self.report(Kind::Publication, &paper.source, &title, date, outcome);
                    continue;
                }
                None => unreachable!("a paper with a source row"),
            };
            let stored = stored.expect("a known paper is stored");
            let mapped = match &paper.entry.mapped {
                Ok(mapped) => mapped,
                Err(reason) => {
                    self.report(Kind::Publication, &paper.source, &title, date, Outcome::Error(format!("line {}: {reason}", paper.line)));
                    continue;
                }
            };
            let bibtex = (!paper.entry.text.trim().is_empty()).then_some(paper.entry.text.as_str());
            let mut input = import::input(mapped, Some(stored.slug.clone()), bibtex);
            input.status = stored.status;
            input.tag_ids = stored.tags.iter().map(|t| t.id).collect();
            input.pdf_file = stored.pdf_file.clone();
            if let Some(pdf) = &paper.pdf
                && let Some((name, _)) = self.upload(Bucket::PaperPdfs, pdf).await
            {
                input.pdf_file = Some(name);
            }
            let savepoint = self.txn.begin().await?;
            match import::update_paper(&savepoint, id, input, mapped).await {
                Ok(model) => {
                    savepoint.commit().await?;
                    self.remember(Kind::Publication, &paper.source, &paper.hash, id, model.updated_at).await?;
                    self.report(Kind::Publication, &paper.source, &title, date, Outcome::Updated);
                }
                Err(err) => {
                    let message = refusal(err)?;
                    self.report(Kind::Publication, &paper.source, &title, date, Outcome::Error(message));
                }
            }
        }
        let entries = new.iter().map(|(paper, _, _)| paper.entry.clone()).collect();
        let (classified, mut taken) = import::classify(self.txn, entries).await?;
        for ((paper, title, date), entry) in new.into_iter().zip(classified) {
            match entry.preview.status {
                EntryStatus::Invalid => {
                    let reason = entry.preview.reason.clone().unwrap_or_default();
                    self.report(Kind::Publication, &paper.source, &title, date, Outcome::Error(format!("line {}: {reason}", paper.line)));
                }
                EntryStatus::Duplicate => {
                    let what = match &entry.preview.duplicate_of {
                        Some(d) if d.id.is_some() => format!("{} (already stored)", d.title),
                        Some(d) => format!("{} (an entry before it)", d.title),
                        None => String::new(),
                    };
                    self.report(Kind::Publication, &paper.source, &title, date, Outcome::Duplicate(what));
                }
                EntryStatus::New => {
                    let mapped = entry.mapped.as_ref().expect("a new entry is mapped");
                    let slug = import::unique_slug(&mapped.title, &mut taken);
                    let mut input = import::input(mapped, Some(slug), entry.bibtex());
                    if let Some(pdf) = &paper.pdf
                        && let Some((name, _)) = self.upload(Bucket::PaperPdfs, pdf).await
                    {
                        input.pdf_file = Some(name);
                    }
                    let savepoint = self.txn.begin().await?;
                    match import::create_paper(&savepoint, input, mapped).await {
                        Ok(model) => {
                            savepoint.commit().await?;
                            self.remember(Kind::Publication, &paper.source, &paper.hash, model.id, model.updated_at).await?;
                            self.added_papers.push(model.id);
                            self.report(Kind::Publication, &paper.source, &title, date, Outcome::Created);
                        }
                        Err(err) => {
                            let message = refusal(err)?;
                            self.report(Kind::Publication, &paper.source, &title, date, Outcome::Error(message));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    async fn items<E: Imported>(&mut self, items: Vec<Item<E::Input>>) -> Result<(), AppError> {
        let stored = E::find().all(self.txn).await?;
        let mut seen: HashMap<String, String> = stored.iter().map(|m| (E::key(m), format!("{} (already stored)", E::title(m)))).collect();
        let mut taken: HashSet<String> = stored.iter().filter_map(E::slug).collect();
        let by_id: HashMap<Uuid, E::Model> = stored.into_iter().map(|m| (id_of::<E>(&m), m)).collect();
        for mut item in items {
            let known = match self.row(E::KIND, &item.source) {
                Some(row) => {
                    let at = by_id.get(&row.item_id).map(updated_at::<E>);
                    self.known(E::KIND, &item.source, &item.hash, at)
                }
                None => None,
            };
            let update = match known {
                Some(Err(outcome)) => {
                    self.report(E::KIND, &item.source, &item.title, item.date, outcome);
                    continue;
                }
                Some(Ok(id)) => Some(id),
                None => None,
            };
            if update.is_none()
                && let Some(what) = seen.get(&item.key)
            {
                let outcome = Outcome::Duplicate(what.clone());
                self.report(E::KIND, &item.source, &item.title, item.date, outcome);
                continue;
            }
            match update.and_then(|id| by_id.get(&id)).and_then(E::slug) {
                Some(slug) => E::set_slug(&mut item.input, slug),
                None => {
                    let base = E::site_slug(&item.input).unwrap_or_else(|| item.title.clone());
                    E::set_slug(&mut item.input, unique(&base, E::KIND.as_str(), &mut taken));
                }
            }
            let ids = self.tag_ids(&item.tags).await?;
            E::set_tags(&mut item.input, ids);
            let mut stored = HashMap::new();
            for (reference, path) in self.files_of.get(&item.source).cloned().unwrap_or_default() {
                if let Some(file) = self.store_file(&path).await {
                    stored.insert(reference, file);
                }
            }
            E::link_files(&mut item.input, &|reference| stored.get(reference).cloned());
            let savepoint = self.txn.begin().await?;
            let written = match update {
                Some(id) => content::update::<E>(&savepoint, id, item.input).await,
                None => content::create::<E>(&savepoint, item.input).await,
            };
            match written {
                Ok(model) => {
                    savepoint.commit().await?;
                    self.remember(E::KIND, &item.source, &item.hash, id_of::<E>(&model), updated_at::<E>(&model)).await?;
                    seen.insert(item.key.clone(), format!("{} ({})", item.title, item.source));
                    let outcome = if update.is_some() { Outcome::Updated } else { Outcome::Created };
                    self.report(E::KIND, &item.source, &item.title, item.date, outcome);
                }
                Err(err) => {
                    let message = refusal(err)?;
                    self.report(E::KIND, &item.source, &item.title, item.date, Outcome::Error(message));
                }
            }
        }
        Ok(())
    }
}

/// The slug of `title`, or the first of `-2`, `-3`, … not taken; the kind's name for a title
/// with no letters a slug can hold (a Chinese title).
fn unique(title: &str, kind: &str, taken: &mut HashSet<String>) -> String {
    let base = slugify_variant(title);
    let base = if base.is_empty() { kind.to_owned() } else { base.chars().take(80).collect::<String>().trim_end_matches('-').to_owned() };
    let mut slug = base.clone();
    let mut n = 2;
    while taken.contains(&slug) {
        slug = format!("{base}-{n}");
        n += 1;
    }
    taken.insert(slug.clone());
    slug
}
