//! The public routes and the data each one shows, read from the store in the spec's order
//! (section 7), published items only.

use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter};

use super::cache::Sources;
use super::{HomeData, HomeStats, PageData, PaperData, PublicStudent, PublicationsData, SectionPage};
use crate::content::homepage::{self, AboutContent, ContactContent, HeroContent, StatsContent};
use crate::content::{
    Audience, Content, ContentStatus, ListQuery, courses, news, open_calls, projects, publications, research_areas, students, talks,
};
use crate::error::AppError;
use crate::settings::SiteSettings;

/// Latest news on the home page (spec section 9).
pub const HOME_NEWS: u64 = 3;

/// Every public page with a route of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PublicPage {
    Home,
    About,
    Research,
    Publications,
    Projects,
    Teaching,
    Students,
    Talks,
    Blog,
    OpenCalls,
    Contact,
    News,
}

impl PublicPage {
    pub const ALL: [PublicPage; 12] = [
        PublicPage::Home,
        PublicPage::About,
        PublicPage::Research,
        PublicPage::Publications,
        PublicPage::Projects,
        PublicPage::Teaching,
        PublicPage::Students,
        PublicPage::Talks,
        PublicPage::Blog,
        PublicPage::OpenCalls,
        PublicPage::Contact,
        PublicPage::News,
    ];

    pub fn path(self) -> &'static str {
        match self {
            PublicPage::Home => "/",
            PublicPage::About => "/about",
            PublicPage::Research => "/research",
            PublicPage::Publications => "/publications",
            PublicPage::Projects => "/projects",
            PublicPage::Teaching => "/teaching",
            PublicPage::Students => "/students",
            PublicPage::Talks => "/talks",
            PublicPage::Blog => "/blog",
            PublicPage::OpenCalls => "/open-calls",
            PublicPage::Contact => "/contact",
            PublicPage::News => "/news",
        }
    }

    /// The page at `path`; a trailing slash is tolerated.
    pub fn from_path(path: &str) -> Option<Self> {
        let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
        Self::ALL.into_iter().find(|page| page.path() == path)
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
                        // The counters count students and courses.
                        | Sources::STUDENTS
                        | Sources::COURSES
                }
                PublicPage::About => Sources::ABOUT,
                PublicPage::Research => Sources::RESEARCH_AREAS,
                PublicPage::Publications => Sources::PUBLICATIONS,
                PublicPage::Projects => Sources::PROJECTS,
                PublicPage::Teaching => Sources::COURSES,
                PublicPage::Students => Sources::STUDENTS | Sources::SETTINGS,
                PublicPage::Talks => Sources::TALKS,
                PublicPage::Blog => Sources::NONE,
                PublicPage::OpenCalls => Sources::OPEN_CALLS,
                PublicPage::Contact => Sources::CONTACT,
                PublicPage::News => Sources::NEWS,
            }
    }

    /// Whether what this page shows depends on who asks (the student list does).
    pub fn depends_on_viewer(self) -> bool {
        self == PublicPage::Students
    }
}

fn published() -> ListQuery {
    ListQuery::default()
}

/// Reads what `page` shows. `owner_signed_in` matters only for the student list, which the
/// spec shows to signed-in users (and to everyone when the owner turned that on).
/// `hero` is the owner's hero section, which the caller has read already (every page shows
/// the owner's name).
pub async fn load(
    db: &DatabaseConnection,
    page: PublicPage,
    settings: &SiteSettings,
    hero: &HeroContent,
    owner_signed_in: bool,
) -> Result<PageData, AppError> {
    let public = Audience::Public;
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
                hero: hero.clone(),
                stats,
                research_areas,
                featured_projects,
                latest_news,
                featured_publications,
            }))
        }
        PublicPage::About => {
            let record = homepage::read::<AboutContent>(db).await?;
            PageData::About(SectionPage { stored: record.updated_at.is_some(), content: record.content })
        }
        PublicPage::Contact => {
            let record = homepage::read::<ContactContent>(db).await?;
            PageData::Contact(SectionPage { stored: record.updated_at.is_some(), content: record.content })
        }
        PublicPage::Research => PageData::Research { areas: research_areas::Entity::list(db, published(), public).await? },
        PublicPage::Publications => PageData::Publications(PublicationsData {
            publications: publications::Entity::list(db, published(), public).await?,
            scholar_url: hero.google_scholar_url.clone(),
        }),
        PublicPage::Projects => PageData::Projects { projects: projects::Entity::list(db, published(), public).await? },
        PublicPage::Teaching => PageData::Teaching { courses: courses::Entity::list(db, published(), public).await? },
        PublicPage::Students => {
            let students = if settings.show_students_publicly || owner_signed_in {
                students::Entity::list(db, published(), public).await?.into_iter().map(PublicStudent::from).collect()
            } else {
                Vec::new()
            };
            PageData::Students { students }
        }
        PublicPage::Talks => PageData::Talks { talks: talks::Entity::list(db, published(), public).await? },
        PublicPage::Blog => PageData::Blog,
        PublicPage::OpenCalls => PageData::OpenCalls { calls: open_calls::Entity::list(db, published(), public).await? },
        PublicPage::News => PageData::News { items: news::Entity::list(db, published(), public).await? },
    })
}

/// The paper page of `slug`: published papers only, so a draft (or a slug nobody stored)
/// has no page and answers the 404 page.
pub async fn load_paper(db: &DatabaseConnection, slug: &str) -> Result<Option<PaperData>, AppError> {
    let found = publications::Entity::find()
        .filter(publications::Column::Slug.eq(slug))
        .filter(publications::Column::Status.eq(ContentStatus::Published))
        .one(db)
        .await?;
    Ok(found.map(PaperData::new))
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
            profile_image_url: s.profile_image_url,
        }
    }
}
