//! Page texts kept as one JSON record per section key (hero, stats, about, contact) in the
//! `homepage_content` table. Each section has a typed shape with the built-in defaults that
//! the site shows until the owner stores something; saving is an upsert keyed by section.

use sea_orm::ActiveValue::Set;
use sea_orm::entity::prelude::*;
use sea_orm::sea_query::OnConflict;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::AppError;
use crate::rules::validate::{Check, is_http_url, is_site_path};
use crate::rules::{MAX_LONG, MAX_SHORT};
use crate::store::changes::Sources;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize)]
#[sea_orm(table_name = "homepage_content")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    #[sea_orm(unique)]
    pub section: String,
    #[sea_orm(column_type = "Json")]
    pub content: Json,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// A section of page text: its key, its shape and its rules.
pub trait Section: Serialize + DeserializeOwned + Default + Send + Sync + 'static {
    const KEY: &'static str;
    /// What a save of the section changes: the pages that show it go stale.
    const SOURCES: Sources;
    /// Trims and checks every field; blank optional links are kept as "".
    fn validate(self) -> Result<Self, AppError>;
    /// The section's texts by field name, in the order of its fields (not its choices).
    fn texts(&self) -> Vec<(&'static str, &str)>;
    /// The content as it means today, on every read and before every write: a value an
    /// earlier version stored for "not written" reads as not written.
    fn settled(self) -> Self {
        self
    }
}

/// A section as read: the stored content over the defaults, and when it was last saved
/// (`None` while nothing is stored and the defaults are shown).
#[derive(Debug, Serialize, TS)]
pub struct SectionRecord<T> {
    pub section: String,
    pub content: T,
    pub updated_at: Option<DateTimeUtc>,
}

pub async fn read<S: Section>(db: &impl ConnectionTrait) -> Result<SectionRecord<S>, AppError> {
    let row = Entity::find().filter(Column::Section.eq(S::KEY)).one(db).await?;
    Ok(match row {
        // Stored content may predate a field added later: missing fields take their defaults.
        Some(row) => SectionRecord {
            section: S::KEY.to_owned(),
            content: serde_json::from_value::<S>(row.content).unwrap_or_default().settled(),
            updated_at: Some(row.updated_at),
        },
        None => SectionRecord { section: S::KEY.to_owned(), content: S::default(), updated_at: None },
    })
}

pub async fn upsert<S: Section>(db: &impl ConnectionTrait, content: S) -> Result<SectionRecord<S>, AppError> {
    let content = content.settled().validate()?;
    let now = crate::ops::clock::now();
    let json = serde_json::to_value(&content).map_err(anyhow::Error::from)?;
    let row = ActiveModel {
        id: Set(Uuid::new_v4()),
        section: Set(S::KEY.to_owned()),
        content: Set(json),
        created_at: Set(now),
        updated_at: Set(now),
    };
    Entity::insert(row)
        .on_conflict(OnConflict::column(Column::Section).update_columns([Column::Content, Column::UpdatedAt]).to_owned())
        .exec(db)
        .await?;
    read::<S>(db).await
}

/// Trims every text field and checks its length; `links` must be http(s) URLs, `paths` http(s)
/// URLs or paths on this site (the uploaded photo and CV, the built-in placeholder image).
fn check_texts(check: &mut Check, fields: &mut [(&str, &mut String)], long: &[&str], links: &[&str], paths: &[&str]) {
    for (name, value) in fields.iter_mut() {
        let trimmed = value.trim().to_owned();
        **value = trimmed;
        let max = if long.contains(name) { MAX_LONG } else { MAX_SHORT };
        check.max_len(name, &label(name), value, max);
        let valid = is_http_url(value) || (paths.contains(name) && is_site_path(value));
        if (links.contains(name) || paths.contains(name)) && !value.is_empty() && !valid {
            check.fail(name, "Must be a valid URL starting with http:// or https://");
        }
    }
}

/// A field name as a message says it: `research_interests` → "Research interests".
pub(crate) fn label(field: &str) -> String {
    let words = field.replace('_', " ");
    let mut chars = words.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

macro_rules! section {
    (
        $(#[$meta:meta])* $name:ident, $key:literal, sources: $sources:expr,
        long: [$($long:ident),*], links: [$($link:ident),*], paths: [$($path:ident),*],
        $(choices: { $($(#[$choice_meta:meta])* $choice:ident : $choice_type:ty),* $(,)? },)?
        { $($field:ident : $default:expr),* $(,)? }
        $(, settled: $settled:path)?
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name {
            $(pub $field: String,)*
            $($($(#[$choice_meta])* pub $choice: $choice_type,)*)?
        }

        impl Default for $name {
            fn default() -> Self {
                Self { $($field: $default.to_owned(),)* $($($choice: Default::default(),)*)? }
            }
        }

        impl Section for $name {
            const KEY: &'static str = $key;
            const SOURCES: Sources = $sources;

            fn validate(mut self) -> Result<Self, AppError> {
                let mut check = Check::new();
                check_texts(
                    &mut check,
                    &mut [$((stringify!($field), &mut self.$field)),*],
                    &[$(stringify!($long)),*],
                    &[$(stringify!($link)),*],
                    &[$(stringify!($path)),*],
                );
                check.finish()?;
                Ok(self)
            }

            fn texts(&self) -> Vec<(&'static str, &str)> {
                vec![$((stringify!($field), self.$field.as_str())),*]
            }

            $(fn settled(self) -> Self {
                $settled(self)
            })?
        }
    };
}

section!(
    /// The home page hero. The defaults describe the spec's built-in owner: an associate
    /// professor at a Swedish university, a local profile image, no scholar or CV link.
    HeroContent, "hero", sources: Sources::HERO,
    long: [bio], links: [google_scholar_url, website_url, linkedin_url], paths: [profile_image_url, cv_url],
    {
        name: "Dr. Alex Lindberg",
        title: "Associate Professor",
        institution: "Department of Computer Science and Engineering, a Swedish university",
        bio: "I research hardware security, embedded systems and AI-driven verification: how to build computing systems that stay trustworthy from the silicon up.",
        profile_image_url: "/profile-placeholder.svg",
        // Empty while the owner has written none: the page then says "Portrait of <name>"
        // (`HeroContent::portrait_alt`), which follows a new name.
        profile_image_alt: "",
        google_scholar_url: "",
        cv_url: "",
        phone: "",
        website_url: "",
        linkedin_url: "",
    },
    settled: HeroContent::settled_alt
);

/// The alt text earlier versions held as the default, so stored by every hero form saved
/// without writing one: it was never the owner's own, and stayed after they renamed the site.
const FORMER_DEFAULT_ALT: &str = "Portrait of Dr. Alex Lindberg";

impl HeroContent {
    /// The portrait's alt text: the owner's own, else "Portrait of <name>".
    pub fn portrait_alt(&self) -> String {
        match self.profile_image_alt.trim() {
            "" => format!("Portrait of {}", self.name.trim()),
            own => own.to_owned(),
        }
    }

    /// An alt text that is the former default, or what `portrait_alt` would say anyway, is
    /// stored as none written, so that it follows the next new name.
    fn settled_alt(mut self) -> Self {
        let alt = self.profile_image_alt.trim();
        if alt == FORMER_DEFAULT_ALT || alt == format!("Portrait of {}", self.name.trim()) {
            self.profile_image_alt.clear();
        }
        self
    }
}

section!(
    /// Labels and descriptions of the home page's counters.
    StatsContent, "stats", sources: Sources::STATS,
    long: [], links: [], paths: [],
    {
        publications_label: "Publications",
        publications_description: "Peer-reviewed papers and articles",
        students_label: "Students",
        students_description: "Supervised students and alumni",
        courses_label: "Courses",
        courses_description: "Courses taught",
        research_areas_label: "Research Areas",
        research_areas_description: "Active fields of research",
    }
);

text_enum! {
    /// What an About block that the CV also lists shows (issue 44, item 3): its free text, as
    /// before, or the CV's published entries, so that a fact is typed once.
    AboutBlockSource { #[default] Text = "text", Cv = "cv" }
}

section!(
    /// The About page. Education, Experience, Awards and Service each show their free text or
    /// the CV's list (cv_education, cv_appointments, cv_awards, cv_service); content stored
    /// before the choice existed has none of the four and reads as free text, as it showed.
    AboutContent, "about", sources: Sources::ABOUT,
    long: [bio, background, research_interests, education, experience, awards, leadership, service, personal], links: [], paths: [],
    choices: {
        education_source: AboutBlockSource,
        /// The CV's appointments.
        experience_source: AboutBlockSource,
        awards_source: AboutBlockSource,
        service_source: AboutBlockSource,
    },
    {
        title: "About Me",
        bio: "I am an associate professor working on hardware security, embedded systems and AI-driven verification.",
        background: "",
        research_interests: "",
        education: "",
        experience: "",
        awards: "",
        leadership: "",
        service: "",
        personal: "",
    }
);

section!(
    /// The Contact page.
    ContactContent, "contact", sources: Sources::CONTACT,
    long: [office_address, mailing_address, office_hours, additional_info], links: [], paths: [],
    {
        title: "Contact",
        subtitle: "Get in touch about research, teaching or collaboration.",
        office_address: "",
        mailing_address: "",
        phone: "",
        email: "",
        office_hours: "",
        additional_info: "",
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_field_in_words() {
        let about = AboutContent { research_interests: "x".repeat(MAX_LONG + 1), ..AboutContent::default() };
        let Err(AppError::Validation { fields, .. }) = about.validate() else { panic!("a too long text is refused") };
        assert_eq!(fields.get("research_interests"), Some("Research interests must be at most 200000 characters"));
    }

    #[test]
    fn links_may_be_web_urls_or_uploaded_files() {
        let hero = HeroContent { cv_url: " /files/cv-files/1-a.pdf ".to_owned(), ..HeroContent::default() };
        assert_eq!(hero.validate().unwrap().cv_url, "/files/cv-files/1-a.pdf");
        let hero = HeroContent { cv_url: "//evil.example/cv.pdf".to_owned(), ..HeroContent::default() };
        let Err(AppError::Validation { fields, .. }) = hero.validate() else { panic!("a protocol-relative link is refused") };
        assert_eq!(fields.get("cv_url"), Some("Must be a valid URL starting with http:// or https://"));
    }
}
