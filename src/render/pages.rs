//! The public routes and the data each one shows, read from the store in the spec's order
//! (section 7), published items only.

use std::borrow::Cow;

use chrono::NaiveDate;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select};
use uuid::Uuid;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::TextLangs;
use super::cv::{self, AboutCvLists, CvData, CvDocument, CvEntry, CvItems};
use super::filters::PublicationFilters;
use super::translated;
use super::{
    AboutPage, HomeData, HomeStats, ListedCitations, PageData, Pagination, PaperData, PublicPost, PublicStudent, PublicationsData,
    SectionPage, TagPageData,
};
use crate::content::homepage::{self, AboutBlockSource, AboutContent, ContactContent, HeroContent, StatsContent};
use crate::content::settings::{CvButton, SiteSettings, Statistics};
use crate::content::translations::{Overlay, TranslationKind};
use crate::content::{
    Audience, Content, ContentStatus, ListQuery, StringList, courses, cv_appointments, cv_awards, cv_education, cv_grants, cv_other,
    cv_service, news, open_calls, posts, projects, publications, research_areas, students, tagging, tags, talks,
};
use crate::error::AppError;
use crate::languages;
use crate::media::photos::Photo;
use crate::routes::Route;
use crate::stats::detail_kept_from;
use crate::stats::report::readership;
use crate::store::changes::Sources;

/// Latest news on the home page (spec section 9).
pub const HOME_NEWS: u64 = 3;

/// A page of /news: a screenful or two of the timeline.
const NEWS_PER_PAGE: u64 = 20;

/// A tag's page (`/tags/<slug>?page=N`) shows as many items as a page of /news, whatever their
/// kinds: a tag of 150 items is eight pages, not one.
pub const TAG_PER_PAGE: u64 = NEWS_PER_PAGE;

pub use crate::routes::PublicPage;

impl PublicPage {
    /// The address of page `number` of this list: the bare path for page 1 and for pages that
    /// are not lists, `/news?page=3` for the others.
    pub fn page_path(self, number: u32) -> Cow<'static, str> {
        match self.per_page() {
            Some(_) => Route::Page(self).paged(number),
            None => Cow::Borrowed(self.path()),
        }
    }

    /// What the page is rendered from: a write to any of these makes its kept copy stale.
    /// Every page shows the owner's name, from the hero.
    pub fn sources(self) -> Sources {
        Sources::HERO
            | match self {
                PublicPage::Home => {
                    Sources::STATS
                        | Sources::SETTINGS
                        | Sources::RESEARCH_AREAS
                        | Sources::PROJECTS
                        | Sources::NEWS
                        | Sources::PUBLICATIONS
                        // The featured items show their tags.
                        | Sources::TAGS
                        // The counters count students and courses.
                        | Sources::STUDENTS
                        | Sources::COURSES
                        // "Download CV" opens /cv.pdf once the CV has something to show.
                        | Sources::CV
                        | Sources::TALKS
                }
                PublicPage::About => Sources::ABOUT,
                PublicPage::Research => Sources::RESEARCH_AREAS,
                // Items show their tags as chips; the filter form lists the tags; the settings
                // say whether the citation counts are shown (`CITATIONS` is added then).
                PublicPage::Publications => Sources::PUBLICATIONS | Sources::TAGS | Sources::SETTINGS,
                PublicPage::Projects => Sources::PROJECTS | Sources::TAGS,
                PublicPage::Teaching => Sources::COURSES,
                PublicPage::Students => Sources::STUDENTS | Sources::SETTINGS,
                PublicPage::Talks => Sources::TALKS | Sources::TAGS,
                PublicPage::Blog => Sources::POSTS | Sources::TAGS,
                PublicPage::OpenCalls => Sources::OPEN_CALLS,
                PublicPage::Contact => Sources::CONTACT,
                PublicPage::News => Sources::NEWS | Sources::TAGS,
                // The settings choose the reference style and whether students are listed.
                PublicPage::Cv => {
                    Sources::CV
                        | Sources::SETTINGS
                        | Sources::PUBLICATIONS
                        | Sources::TALKS
                        | Sources::COURSES
                        | Sources::STUDENTS
                        | Sources::PROJECTS
                }
            }
    }

    /// Whether what this page shows depends on who asks (the student list does).
    pub fn depends_on_viewer(self) -> bool {
        self == PublicPage::Students
    }

    /// How many items a page of this list shows (`?page=N` picks the page), or `None` for the
    /// pages shown whole. Sizes fit each layout: the grids of two and three columns get a
    /// multiple of both, the long cards of open calls fewer, the timeline of news and the
    /// talks a screenful or two. Publications are grouped by year: a year cut at a page's end
    /// goes on under the same heading on the next page. Research areas are not paginated:
    /// the home page shows them all anyway, and they are a handful of topics.
    pub fn per_page(self) -> Option<u64> {
        match self {
            PublicPage::News | PublicPage::Talks | PublicPage::Blog => Some(NEWS_PER_PAGE),
            PublicPage::Publications => Some(25),
            PublicPage::Projects => Some(12),
            PublicPage::Teaching | PublicPage::Students => Some(24),
            PublicPage::OpenCalls => Some(10),
            PublicPage::Home | PublicPage::About | PublicPage::Research | PublicPage::Contact => None,
            // The CV is one document, printed whole.
            PublicPage::Cv => None,
        }
    }
}

/// What a request asks of a list page: the page number and, on /publications, the filters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Requested {
    pub page: u32,
    pub filters: PublicationFilters,
}

impl Requested {
    /// What `query` asks of `page` (only /publications has filters; other keys are ignored).
    pub fn parse(page: PublicPage, query: Option<&str>) -> Self {
        let filters = if page == PublicPage::Publications { PublicationFilters::parse(query) } else { PublicationFilters::default() };
        Self { page: requested_page(query), filters }
    }
}

/// The list page a query string asks for with `page=N`. Never an error: a missing, empty,
/// zero, negative or non-numeric value is page 1; a number too large for `u32` is the largest,
/// which shows the last page. Other parameters (`utm_source`, …) are ignored.
pub fn requested_page(query: Option<&str>) -> u32 {
    let Some(value) = query.into_iter().flat_map(|q| q.split('&')).find_map(|pair| pair.strip_prefix("page=")) else {
        return 1;
    };
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return 1;
    }
    // All digits: only overflow can fail.
    value.parse::<u32>().unwrap_or(u32::MAX).max(1)
}

/// One page of a list, read as `LIMIT`/`OFFSET` after a count, so a page costs the same
/// whatever the length of the list. A page past the last reads the last one.
async fn read_page<E>(
    db: &DatabaseConnection,
    select: Select<E>,
    requested: u32,
    per_page: u64,
) -> Result<(Vec<E::Model>, Pagination), AppError>
where
    E: EntityTrait,
    E::Model: Send + Sync,
{
    let total = select.clone().count(db).await?;
    let pagination = Pagination::new(requested, total, per_page);
    let items = select.offset(pagination.offset(per_page)).limit(per_page).all(db).await?;
    Ok((items, pagination))
}

/// One page of a table's published items, in the spec's order, with their tags.
async fn published_page<E: Content>(
    db: &DatabaseConnection,
    requested: u32,
    per_page: u64,
) -> Result<(Vec<E::Model>, Pagination), AppError> {
    let (mut items, pagination) = read_page(db, E::select(&published(), Audience::Public), requested, per_page).await?;
    tagging::attach::<E>(db, &mut items).await?;
    Ok((items, pagination))
}

/// One page of the published papers that match `filters`, with the filters that applied (a
/// tag slug no tag has is dropped). The search is matched here rather than with SQL `LIKE`,
/// whose case folding differs between SQLite (ASCII only) and PostgreSQL: the candidates'
/// title, authors and venue are read in the list's order, and only the page's rows whole.
async fn filtered_publications(
    db: &DatabaseConnection,
    requested: &Requested,
    per_page: u64,
) -> Result<(Vec<publications::Model>, Pagination, PublicationFilters), AppError> {
    use publications::{Column, Entity};
    let mut shown = requested.filters.clone();
    let mut select = Entity::select(&published(), Audience::Public);
    if let Some(kind) = shown.kind {
        select = select.filter(Column::Kind.eq(kind));
    }
    if let Some(year) = shown.year {
        select = select.filter(Column::Year.eq(year));
    }
    if let Some(slug) = &shown.tag {
        match tags::Entity::find().filter(tags::Column::Slug.eq(slug.as_str())).one(db).await? {
            Some(tag) => select = select.filter(Column::Id.in_subquery(publications::TAG_LINKS.items_of(tag.id))),
            None => shown.tag = None,
        }
    }
    let (mut items, pagination) = match &shown.q {
        None => read_page(db, select, requested.page, per_page).await?,
        Some(q) => {
            let candidates: Vec<(Uuid, String, StringList, String)> =
                select.select_only().columns([Column::Id, Column::Title, Column::Authors, Column::Venue]).into_tuple().all(db).await?;
            let matching: Vec<Uuid> = candidates
                .into_iter()
                .filter(|(_, title, authors, venue)| PublicationFilters::matches(q, title, &authors.0, venue))
                .map(|(id, ..)| id)
                .collect();
            let pagination = Pagination::new(requested.page, matching.len() as u64, per_page);
            let start = usize::try_from(pagination.offset(per_page)).unwrap_or(usize::MAX).min(matching.len());
            let ids = &matching[start..matching.len().min(start.saturating_add(per_page as usize))];
            let mut rows = Entity::find().filter(Column::Id.is_in(ids.to_vec())).all(db).await?;
            rows.sort_by_key(|row| ids.iter().position(|id| *id == row.id));
            (rows, pagination)
        }
    };
    tagging::attach::<Entity>(db, &mut items).await?;
    Ok((items, pagination, shown))
}

/// Page `requested` of everything published with the tag of `slug`, by kind; `None` when no
/// tag has that slug. The page shows the publications, then the projects, the talks and the
/// news, `TAG_PER_PAGE` items a page: a kind cut at a page's end goes on under the same heading
/// on the next page. A page past the last shows the last one.
pub async fn load_tag(db: &DatabaseConnection, slug: &str, requested: u32) -> Result<Option<TagPageData>, AppError> {
    let Some(tag) = tags::Entity::find().filter(tags::Column::Slug.eq(slug)).one(db).await? else { return Ok(None) };
    let counts = tagged_counts(db, tag.id).await?;
    let pagination = Pagination::new(requested, counts.iter().sum(), TAG_PER_PAGE);
    // Each kind's share of the page, as (skip, take) in that kind's own order.
    let first = pagination.offset(TAG_PER_PAGE);
    let mut before = 0;
    let [publications, projects, talks, news, posts] = counts.map(|count| {
        let start = first.max(before);
        let end = (first + TAG_PER_PAGE).min(before + count);
        let share = (start - before, end.saturating_sub(start));
        before += count;
        share
    });
    let (publications, projects, talks, news, posts) = tokio::try_join!(
        tagging::published_with::<publications::Entity>(db, tag.id, publications.0, publications.1),
        tagging::published_with::<projects::Entity>(db, tag.id, projects.0, projects.1),
        tagging::published_with::<talks::Entity>(db, tag.id, talks.0, talks.1),
        tagging::published_with::<news::Entity>(db, tag.id, news.0, news.1),
        tagging::published_with::<posts::Entity>(db, tag.id, posts.0, posts.1),
    )?;
    let posts = posts.into_iter().map(PublicPost::from).collect();
    Ok(Some(TagPageData { tag, publications, projects, talks, news, posts, pagination }))
}

/// How many published publications, projects, talks, news items and posts carry `tag`: the
/// kinds in the order of the tag's page.
async fn tagged_counts(db: &DatabaseConnection, tag: Uuid) -> Result<[u64; 5], AppError> {
    let counts = tokio::try_join!(
        tagging::count_published_with::<publications::Entity>(db, tag),
        tagging::count_published_with::<projects::Entity>(db, tag),
        tagging::count_published_with::<talks::Entity>(db, tag),
        tagging::count_published_with::<news::Entity>(db, tag),
        tagging::count_published_with::<posts::Entity>(db, tag),
    )?;
    Ok([counts.0, counts.1, counts.2, counts.3, counts.4])
}

/// How many pages the page of `tag` has (the sitemap and the static export list each).
pub async fn tag_page_count(db: &DatabaseConnection, tag: Uuid) -> Result<u32, AppError> {
    let total = tagged_counts(db, tag).await?.iter().sum();
    Ok(Pagination::new(1, total, TAG_PER_PAGE).pages)
}

/// The counts `/publications` shows when the owner turned them on: each listed paper's
/// preferred count, and the total over every published paper.
async fn shown_citations(db: &DatabaseConnection, listed: &[publications::Model]) -> Result<ListedCitations, AppError> {
    use crate::content::citation_counts;
    let all = citation_counts::all(db).await?;
    let papers = listed
        .iter()
        .filter_map(|paper| {
            let rows = all.get(&paper.id)?;
            citation_counts::preferred(rows).map(|row| (paper.id, citation_counts::CitedBy::from(row)))
        })
        .collect();
    Ok(ListedCitations { total: citation_counts::summary(db).await?.total, papers })
}

/// What a tag page is rendered from.
pub fn tag_page_sources() -> Sources {
    Sources::HERO | Sources::TAGS | Sources::PUBLICATIONS | Sources::PROJECTS | Sources::TALKS | Sources::NEWS | Sources::POSTS
}

fn published() -> ListQuery {
    ListQuery::default()
}

/// Reads what `page` shows; for a list, page `requested` of it (see `PublicPage::per_page`).
/// `owner_signed_in` matters only for the student list, which the spec shows to signed-in
/// users (and to everyone when the owner turned that on). `hero` is the owner's hero section,
/// which the caller has read already (every page shows the owner's name). What the server words
/// itself (the CV) is in the language `lang`.
pub async fn load(
    db: &DatabaseConnection,
    page: PublicPage,
    requested: &Requested,
    settings: &SiteSettings,
    hero: &HeroContent,
    owner_signed_in: bool,
    lang: &str,
) -> Result<PageData, AppError> {
    let public = Audience::Public;
    let per_page = page.per_page().unwrap_or(u64::MAX);
    Ok(match page {
        PublicPage::Home => {
            let featured = ListQuery { featured: Some(true), ..Default::default() };
            let latest = ListQuery { limit: Some(HOME_NEWS), ..Default::default() };
            // Nine small reads: issued together, they overlap on the pool's connections
            // instead of waiting for each other (a third of an uncached render of the page).
            let (stats, research_areas, featured_projects, latest_news, featured_publications) = tokio::try_join!(
                stats(db),
                research_areas::Entity::list(db, published(), public),
                projects::Entity::list(db, featured.clone(), public),
                news::Entity::list(db, latest, public),
                publications::Entity::list(db, featured, public),
            )?;
            PageData::Home(Box::new(HomeData {
                portrait: Photo::of_url(&hero.profile_image_url),
                cv_link: cv_link(db, settings, hero, lang).await?,
                // The page says the alt text the owner wrote, or the one that follows the name.
                hero: HeroContent { profile_image_alt: hero.portrait_alt(), ..hero.clone() },
                stats,
                research_areas,
                featured_projects,
                latest_news,
                featured_publications,
            }))
        }
        PublicPage::About => {
            let record = homepage::read::<AboutContent>(db).await?;
            let cv = about_cv_lists(db, &record.content, settings, lang).await?;
            PageData::About(AboutPage { stored: record.updated_at.is_some(), content: record.content, cv })
        }
        PublicPage::Contact => {
            let record = homepage::read::<ContactContent>(db).await?;
            PageData::Contact(SectionPage { stored: record.updated_at.is_some(), content: record.content })
        }
        PublicPage::Research => PageData::Research { areas: research_areas::Entity::list(db, published(), public).await? },
        PublicPage::Publications => {
            let ((publications, pagination, filters), all_tags, years) = tokio::try_join!(
                filtered_publications(db, requested, per_page),
                tags::Entity::list(db, ListQuery::default(), public),
                published_years(db),
            )?;
            let citations = match settings.show_citation_counts {
                true => Some(shown_citations(db, &publications).await?),
                false => None,
            };
            PageData::Publications(PublicationsData {
                publications,
                pagination,
                scholar_url: hero.google_scholar_url.clone(),
                filters,
                tags: all_tags,
                years,
                citations,
            })
        }
        PublicPage::Projects => {
            let (projects, pagination) = published_page::<projects::Entity>(db, requested.page, per_page).await?;
            PageData::Projects { projects, pagination }
        }
        PublicPage::Teaching => {
            let (courses, pagination) = published_page::<courses::Entity>(db, requested.page, per_page).await?;
            PageData::Teaching { courses, pagination }
        }
        PublicPage::Students => {
            let (students, pagination) = if settings.show_students_publicly || owner_signed_in {
                read_page(db, students::grouped_for_page(), requested.page, per_page).await?
            } else {
                (Vec::new(), Pagination::new(1, 0, per_page))
            };
            PageData::Students { students: students.into_iter().map(PublicStudent::from).collect(), pagination }
        }
        PublicPage::Talks => {
            let (talks, pagination) = published_page::<talks::Entity>(db, requested.page, per_page).await?;
            PageData::Talks { talks, pagination }
        }
        PublicPage::Blog => {
            let (posts, pagination) = published_page::<posts::Entity>(db, requested.page, per_page).await?;
            PageData::Blog { posts: posts.into_iter().map(PublicPost::from).collect(), pagination }
        }
        PublicPage::OpenCalls => {
            let (calls, pagination) = published_page::<open_calls::Entity>(db, requested.page, per_page).await?;
            PageData::OpenCalls { calls, pagination }
        }
        PublicPage::News => {
            let (items, pagination) = published_page::<news::Entity>(db, requested.page, per_page).await?;
            PageData::News { items, pagination }
        }
        PublicPage::Cv => PageData::Cv(Box::new(cv(db, settings, hero, lang).await?)),
    })
}

/// The CV's published entries of each About block that shows the CV's list, in the CV's order
/// and words (in the language `lang`, the owner's texts translated into it where they are); a
/// block that shows its free text reads nothing.
async fn about_cv_lists(
    db: &DatabaseConnection,
    about: &AboutContent,
    settings: &SiteSettings,
    lang: &str,
) -> Result<AboutCvLists, AppError> {
    async fn entries<E: Content>(
        db: &DatabaseConnection,
        source: AboutBlockSource,
        (overlay, lang): (&Overlay, &str),
        (kind, id): (TranslationKind, impl Fn(&E::Model) -> Uuid),
        entry: impl Fn(&E::Model, &TextLangs) -> CvEntry,
    ) -> Result<Option<Vec<CvEntry>>, AppError>
    where
        E::Model: Serialize + DeserializeOwned,
    {
        if source == AboutBlockSource::Text {
            return Ok(None);
        }
        let mut items = E::list(db, published(), Audience::Public).await?;
        let langs = translated::about_cv_items(overlay, lang, kind, &mut items, id)?;
        Ok(Some(items.iter().map(|item| entry(item, &langs)).collect()))
    }
    let sources = [about.education_source, about.experience_source, about.awards_source, about.service_source];
    if sources.iter().all(|source| *source == AboutBlockSource::Text) {
        return Ok(AboutCvLists::default());
    }
    let overlay = overlay(db, settings, lang).await?;
    let overlay = (&overlay, lang);
    let (education, experience, awards, service) = tokio::try_join!(
        entries::<cv_education::Entity>(
            db,
            about.education_source,
            overlay,
            (TranslationKind::CvEducation, |item| item.id),
            |item, langs| cv::degree(item, lang, langs)
        ),
        entries::<cv_appointments::Entity>(
            db,
            about.experience_source,
            overlay,
            (TranslationKind::CvAppointment, |item| item.id),
            |item, langs| cv::appointment(item, lang, langs)
        ),
        entries::<cv_awards::Entity>(db, about.awards_source, overlay, (TranslationKind::CvAward, |item| item.id), cv::award),
        entries::<cv_service::Entity>(db, about.service_source, overlay, (TranslationKind::CvService, |item| item.id), |item, langs| {
            cv::service_role(item, lang, langs)
        }),
    )?;
    Ok(AboutCvLists { education, experience, awards, service })
}

/// The translations a page in `lang` shows, along the language's fallback chain (none for the
/// default language, without a query).
async fn overlay(db: &DatabaseConnection, settings: &SiteSettings, lang: &str) -> Result<Overlay, AppError> {
    let chain = languages::chain(lang, &settings.languages.0);
    let chain: Vec<&str> = chain.iter().map(String::as_str).collect();
    Overlay::load(db, &chain).await
}

/// What /cv shows: every published item of the CV's own sections and of the lists it draws
/// on. Students only when the owner shows them to everyone, so that the page is the same for
/// every visitor. Its titles and wording are in the language `lang`, and so are the owner's
/// texts where they translated them (for /cv and /cv.pdf alike).
pub async fn cv(db: &DatabaseConnection, settings: &SiteSettings, hero: &HeroContent, lang: &str) -> Result<CvData, AppError> {
    let public = Audience::Public;
    let selected = ListQuery { featured: Some(true), ..Default::default() };
    let ((appointments, education, awards, grants, service, other), (papers, talks, courses, projects)) = tokio::try_join!(
        async {
            tokio::try_join!(
                cv_appointments::Entity::list(db, published(), public),
                cv_education::Entity::list(db, published(), public),
                cv_awards::Entity::list(db, published(), public),
                cv_grants::Entity::list(db, published(), public),
                cv_service::Entity::list(db, published(), public),
                cv_other::Entity::list(db, published(), public),
            )
        },
        async {
            tokio::try_join!(
                publications::Entity::list(db, published(), public),
                talks::Entity::list(db, published(), public),
                courses::Entity::list(db, published(), public),
                projects::Entity::list(db, selected, public),
            )
        },
    )?;
    let students = match settings.show_students_publicly {
        true => Some(students::grouped_for_page().all(db).await?.into_iter().map(PublicStudent::from).collect()),
        false => None,
    };
    let mut items = CvItems {
        appointments,
        education,
        awards,
        grants,
        service,
        other,
        papers,
        talks,
        courses,
        students,
        projects,
        langs: TextLangs::default(),
    };
    translated::cv_items(&overlay(db, settings, lang).await?, lang, &mut items)?;
    Ok(CvData {
        document: CvDocument::new(&items, settings.cv_citation_style, &hero.name, lang),
        pdf_url: match settings.cv_button {
            CvButton::Uploaded if !hero.cv_url.is_empty() => hero.cv_url.clone(),
            _ => generated_cv(settings, lang),
        },
    })
}

/// What the home page's "Download CV" opens ("": no button). The uploaded CV when there is
/// one (and the owner did not choose the generated PDF); without one, `/cv.pdf` once the CV
/// has anything to show (issue 44), so a researcher's site offers its CV out of the box and a
/// new, empty site keeps the spec's hero without the button.
async fn cv_link(db: &DatabaseConnection, settings: &SiteSettings, hero: &HeroContent, lang: &str) -> Result<String, AppError> {
    // Whether the CV is empty is the same in every language: asked in the default one, which
    // reads no translations.
    let default = settings.languages.default_language();
    Ok(match settings.cv_button {
        CvButton::Uploaded if !hero.cv_url.is_empty() => hero.cv_url.clone(),
        CvButton::Uploaded if cv(db, settings, hero, default).await?.document.sections.is_empty() => String::new(),
        _ => generated_cv(settings, lang),
    })
}

/// The address of the CV typeset in `lang`: `/cv.pdf`, `/de/cv.pdf`. The uploaded CV is the
/// same file in every language.
fn generated_cv(settings: &SiteSettings, lang: &str) -> String {
    languages::localized(&languages::prefix(lang, &settings.languages.0), &Route::CvPdf.path())
}

/// The paper page of `slug`: published papers only, so a draft (or a slug nobody stored)
/// has no page and answers the 404 page. Its line of views and downloads counts up to
/// `today`, when the owner shows it. Its references are in the language `lang`.
pub async fn load_paper(
    db: &DatabaseConnection,
    slug: &str,
    site: &SiteSettings,
    today: NaiveDate,
    lang: &str,
) -> Result<Option<PaperData>, AppError> {
    let found = publications::Entity::find()
        .filter(publications::Column::Slug.eq(slug))
        .filter(publications::Column::Status.eq(ContentStatus::Published))
        .one(db)
        .await?;
    let Some(paper) = found else { return Ok(None) };
    let mut papers = [paper];
    tagging::attach::<publications::Entity>(db, &mut papers).await?;
    let [paper] = papers;
    // The Cite section shows the key the paper has in `/publications.bib`.
    let published = publications::Entity::find().filter(publications::Column::Status.eq(ContentStatus::Published)).all(db).await?;
    let key = crate::citations::keys::assign(&published).remove(&paper.id).unwrap_or_else(|| crate::citations::derived_key(&paper));
    let cited_by = crate::content::citation_counts::cited_by(db, paper.id).await?;
    let readership = match detail_kept_from(today, site.statistics_retention_months.0) {
        Some(from) if site.show_paper_statistics && site.statistics != Statistics::Off => {
            readership(db, &paper.slug, paper.pdf_file.is_some(), from).await?
        }
        _ => None,
    };
    Ok(Some(PaperData { cited_by, readership, ..PaperData::new(paper, &key, lang) }))
}

/// A published post with its tags; `None` for a draft or an unknown slug.
pub async fn load_post(db: &DatabaseConnection, slug: &str) -> Result<Option<PublicPost>, AppError> {
    let found = posts::Entity::find()
        .filter(posts::Column::Slug.eq(slug))
        .filter(posts::Column::Status.eq(ContentStatus::Published))
        .one(db)
        .await?;
    let Some(post) = found else { return Ok(None) };
    let mut posts = [post];
    tagging::attach::<posts::Entity>(db, &mut posts).await?;
    let [post] = posts;
    Ok(Some(post.into()))
}

/// The years that have published papers, newest first (the filter form's choices).
async fn published_years(db: &DatabaseConnection) -> Result<Vec<i32>, AppError> {
    Ok(publications::Entity::find()
        .select_only()
        .column(publications::Column::Year)
        .distinct()
        .filter(publications::Column::Status.eq(ContentStatus::Published))
        .filter(publications::Column::Year.is_not_null())
        .order_by_desc(publications::Column::Year)
        .into_tuple()
        .all(db)
        .await?)
}

/// The live counters of the home page.
async fn stats(db: &DatabaseConnection) -> Result<HomeStats, AppError> {
    let count = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    let (labels, publications, students, courses, research_areas) = tokio::try_join!(
        homepage::read::<StatsContent>(db),
        async { Ok(publications::Entity::find().filter(publications::Column::Status.eq(ContentStatus::Published)).count(db).await?) },
        async { Ok(students::Entity::find().count(db).await?) },
        async { Ok(courses::Entity::find().filter(courses::Column::Status.eq(ContentStatus::Published)).count(db).await?) },
        async {
            Ok::<_, AppError>(
                research_areas::Entity::find().filter(research_areas::Column::Status.eq(ContentStatus::Published)).count(db).await?,
            )
        },
    )?;
    Ok(HomeStats {
        labels: labels.content,
        publications: count(publications),
        students: count(students),
        courses: count(courses),
        research_areas: count(research_areas),
    })
}

impl From<students::Model> for PublicStudent {
    fn from(s: students::Model) -> Self {
        PublicStudent {
            id: s.id,
            name: s.name,
            level: s.level,
            status: s.status,
            bio: s.bio,
            thesis_title: s.thesis_title,
            start_year: s.start_year,
            graduation_year: s.graduation_year,
            current_position: s.current_position,
            linkedin_url: s.linkedin_url,
            website_url: s.website_url,
            photo: s.profile_image_url.as_deref().and_then(Photo::of_url),
            profile_image_url: s.profile_image_url,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_page_value_asks_for_a_page_and_never_fails() {
        for (query, page) in [
            (None, 1),
            (Some(""), 1),
            (Some("page=3"), 3),
            (Some("utm_source=x&page=007"), 7),
            (Some("page=2&page=5"), 2),
            (Some("page=0"), 1),
            (Some("page=-2"), 1),
            (Some("page=+2"), 1),
            (Some("page=two"), 1),
            (Some("page=2.5"), 1),
            (Some("page="), 1),
            (Some("page=1180591620717411303424"), u32::MAX),
            (Some("apage=3"), 1),
        ] {
            assert_eq!(requested_page(query), page, "{query:?}");
        }
    }
}
