//! The CV (issue 28), built once (issue 40): sections, their parts and their entries, with
//! every title, join and formatter applied here. The one value is the data of `/cv`, which
//! `web/src/public/pages/CvPage.tsx` only lays out, and the input of `/cv.pdf`, which
//! `crate::cv_pdf` typesets, so the page and the PDF cannot read differently.
//!
//! Its titles, labels, years and figures are worded in the page's language (`crate::i18n`); the
//! owner's own texts are as they wrote them or translated them into the page's language (issue
//! 45: `render::translated::cv_items`), each text in another language marked with it (`lang`).
//!
//! What each output reads its own way: a text marked `math` (the titles of talks and theses)
//! shows its formulas as MathML on the page and in their Unicode form in the PDF; references
//! and the free sections' rich text stay the sanitised HTML the server made.

use chrono::Datelike;
use sea_orm::Iterable;
use serde::Serialize;
use ts_rs::TS;
use uuid::Uuid;

use super::PublicStudent;
use crate::content::courses::{CourseRole, CourseTerm};
use crate::content::cv_service::ServiceKind;
use crate::content::publications::{self, PublicationKind};
use crate::content::settings::CitationStyle;
use crate::content::students::{StudentLevel, StudentStatus};
use crate::content::talks::TalkType;
use crate::content::translations::TranslationKind;
use crate::content::{courses, cv_appointments, cv_awards, cv_education, cv_grants, cv_other, cv_service, projects, talks};
use crate::i18n;
use crate::render::TextLangs;
use crate::routes::PublicPage;

/// `/cv`: the CV, and what its "Download PDF" button opens.
#[derive(Clone, Debug, Serialize, TS)]
pub struct CvData {
    pub document: CvDocument,
    /// What "Download PDF" links to: /cv.pdf, or the uploaded CV (the hero's `cv_url`) when
    /// the settings choose it and there is one.
    pub pdf_url: String,
}

/// The CV's sections in their order, each only when it has something published (a free
/// section shows with its title alone).
#[derive(Clone, Debug, Serialize, TS)]
pub struct CvDocument {
    pub sections: Vec<CvSection>,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct CvSection {
    /// The section's name in the page's anchors (`cv-<id>`): "appointments", "other-<uuid>".
    pub id: String,
    pub title: String,
    /// The title's language when it is not the page's (a free section's title the owner has
    /// not translated into it).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    pub parts: Vec<CvPart>,
}

/// A section's content: dated entries, references or rich text; with a sub-heading (the
/// publications' kinds, current students and alumni) or without.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CvPart {
    Entries {
        heading: Option<String>,
        entries: Vec<CvEntry>,
    },
    /// The papers of one kind, newest first. `numbered`: the PDF numbers them ([1], [2], …),
    /// as IEEE references are.
    References {
        heading: String,
        numbered: bool,
        references: Vec<CvReference>,
    },
    /// A free section's sanitised rich text.
    RichText {
        html: String,
        /// Its language when it is not the page's.
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        lang: Option<String>,
    },
}

/// One item: its years (or term, or date) beside its lines.
#[derive(Clone, Debug, Serialize, TS)]
pub struct CvEntry {
    pub id: Uuid,
    /// "2019–present", "2012", "Spring 2024"; empty for a project without dates.
    pub when: String,
    /// The first names the item; a line an optional field left empty is left out.
    pub lines: Vec<CvLine>,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct CvLine {
    pub style: CvLineStyle,
    pub texts: Vec<CvText>,
}

/// A line in bold (what the entry is), plain, or muted (where, by whom, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum CvLineStyle {
    Strong,
    Plain,
    Muted,
}

/// A stretch of a line.
#[derive(Clone, Debug, Default, Serialize, TS)]
pub struct CvText {
    pub text: String,
    /// May hold TeX math (`$H_0$`).
    pub math: bool,
    /// In the normal weight after a strong line's text (a student's level); the page greys it.
    pub aside: bool,
    /// The site's page it links to on /cv (a project's); the PDF stands alone, without it.
    pub link: Option<String>,
    /// Its language when it is not the page's (an owner's text not translated into it).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
}

/// One paper: its reference as safe HTML (`crate::citations::reference`, the owner's name in
/// `<strong>`) and its page.
#[derive(Clone, Debug, Serialize, TS)]
pub struct CvReference {
    pub id: Uuid,
    pub slug: String,
    /// The title as plain text (math as Unicode), naming the link to its page.
    pub title: String,
    pub html: String,
}

/// The published items the CV is made of, every list in its table's order.
pub struct CvItems {
    pub appointments: Vec<cv_appointments::Model>,
    pub education: Vec<cv_education::Model>,
    pub awards: Vec<cv_awards::Model>,
    pub grants: Vec<cv_grants::Model>,
    pub service: Vec<cv_service::Model>,
    pub other: Vec<cv_other::Model>,
    /// Newest first.
    pub papers: Vec<publications::Model>,
    pub talks: Vec<talks::Model>,
    pub courses: Vec<courses::Model>,
    /// Current students and alumni; `None` unless the owner shows students to everyone (the
    /// page is the same for every visitor).
    pub students: Option<Vec<PublicStudent>>,
    /// The featured projects ("selected").
    pub projects: Vec<projects::Model>,
    /// The language of each of their texts shown in another language than the CV's
    /// (`render::translated::cv_items`).
    pub langs: TextLangs,
}

/// The CV's entries that the About page shows in place of a block's free text when the owner
/// chose the CV's list for it (issue 44): `None` for a block that shows its text.
#[derive(Clone, Debug, Default, Serialize, TS)]
pub struct AboutCvLists {
    pub education: Option<Vec<CvEntry>>,
    /// The appointments.
    pub experience: Option<Vec<CvEntry>>,
    pub awards: Option<Vec<CvEntry>>,
    pub service: Option<Vec<CvEntry>>,
}

impl AboutCvLists {
    /// Whether the page shows any of the CV's lists (a write to the CV then changes it).
    pub fn any(&self) -> bool {
        [&self.education, &self.experience, &self.awards, &self.service].iter().any(|list| list.is_some())
    }
}

impl CvDocument {
    /// The CV of `items`, its references in `style` with `owner`'s name in bold, its words in
    /// the language `lang`.
    pub fn new(items: &CvItems, style: CitationStyle, owner: &str, lang: &str) -> Self {
        Self { sections: sections(items, style, owner, lang) }
    }
}

/// The sections in the CV's order (`tests/fixtures/cv/section-order.txt`).
fn sections(items: &CvItems, style: CitationStyle, owner: &str, lang: &str) -> Vec<CvSection> {
    let langs = &items.langs;
    let mut sections = Vec::new();
    sections.extend(dated("appointments", i18n::t(lang, "cv.appointments"), &items.appointments, |item| appointment(item, lang, langs)));
    sections.extend(dated("education", i18n::t(lang, "cv.education"), &items.education, |item| degree(item, lang, langs)));
    sections.extend(dated("awards", i18n::t(lang, "cv.awards"), &items.awards, |item| award(item, langs)));
    sections.extend(dated("grants", i18n::t(lang, "cv.grants"), &items.grants, |item| {
        let amount = item.amount.map(|amount| match item.currency.as_deref().filter(|currency| !currency.is_empty()) {
            Some(currency) => format!("{} {currency}", i18n::amount(lang, amount)),
            None => i18n::amount(lang, amount),
        });
        let of = |field| langs.of(TranslationKind::CvGrant, item.id, field);
        let title = CvLine::strong_in(&item.title, of("title"));
        let details = joined_in([(Some(item.funder.as_str()), None), (item.role.as_deref(), of("role")), (amount.as_deref(), None)], " · ");
        entry(item.id, year_span(item.start_year, item.end_year, lang), vec![title, CvLine::with(CvLineStyle::Muted, details)])
    }));
    let references = PublicationKind::iter().filter_map(|kind| {
        let references: Vec<CvReference> = items
            .papers
            .iter()
            .filter(|paper| paper.kind == kind)
            .map(|paper| CvReference {
                id: paper.id,
                slug: paper.slug.clone(),
                title: crate::rules::math::to_plain(&paper.title),
                html: crate::citations::reference(paper, style, owner, lang),
            })
            .collect();
        let numbered = style == CitationStyle::Ieee;
        (!references.is_empty()).then(|| CvPart::References { heading: kind_heading(kind, lang).to_owned(), numbered, references })
    });
    sections.extend(section("publications", i18n::t(lang, "cv.publications"), references.collect()));
    sections.extend(dated("talks", i18n::t(lang, "cv.talks"), &items.talks, |talk| {
        let kind = talk_type(talk.talk_type, lang);
        let details = joined([Some(kind), Some(talk.event_name.as_str()), talk.event_location.as_deref()], " · ");
        let title = CvText::math(&talk.title).in_lang(langs.of(TranslationKind::Talk, talk.id, "title"));
        let title = CvLine::with(CvLineStyle::Strong, vec![title]);
        entry(talk.id, talk.date.year().to_string(), vec![title, CvLine::muted(details)])
    }));
    sections.extend(dated("teaching", i18n::t(lang, "cv.teaching"), &items.courses, |course| {
        let title_lang = langs.of(TranslationKind::Course, course.id, "title");
        let title = joined_in([(Some(course.code.as_str()), None), (Some(course.title.as_str()), title_lang)], " ");
        let when = i18n::t_vars(lang, "teaching.term", &[("term", term(course.term, lang)), ("year", &course.year.to_string())]);
        entry(course.id, when, vec![CvLine::with(CvLineStyle::Strong, title), CvLine::muted(role(course.role, lang))])
    }));
    if let Some(students) = &items.students {
        let group = |heading: &str, status: StudentStatus| {
            let entries: Vec<CvEntry> = students.iter().filter(|student| student.status == status).map(|one| student(one, lang)).collect();
            (!entries.is_empty()).then(|| CvPart::Entries { heading: Some(heading.to_owned()), entries })
        };
        let parts = [
            group(i18n::t(lang, "cv.current_students"), StudentStatus::Current),
            group(i18n::t(lang, "cv.alumni"), StudentStatus::Graduated),
        ];
        sections.extend(section("students", i18n::t(lang, "cv.students"), parts.into_iter().flatten().collect()));
    }
    sections.extend(dated("projects", i18n::t(lang, "cv.projects"), &items.projects, |project| {
        let when =
            project.start_date.map(|start| year_span(start.year(), project.end_date.map(|end| end.year()), lang)).unwrap_or_default();
        let of = |field| langs.of(TranslationKind::Project, project.id, field);
        let title = CvText {
            text: project.title.clone(),
            link: Some(format!("{}#{}", PublicPage::Projects.path(), project.slug)),
            ..CvText::default()
        }
        .in_lang(of("title"));
        let details = joined_in([(Some(project.summary.as_str()), of("summary")), (project.funding_source.as_deref(), None)], " · ");
        entry(project.id, when, vec![CvLine::with(CvLineStyle::Strong, vec![title]), CvLine::with(CvLineStyle::Muted, details)])
    }));
    sections.extend(dated("service", i18n::t(lang, "cv.service"), &items.service, |item| service_role(item, lang, langs)));
    // A free section with a title and no text still shows.
    sections.extend(items.other.iter().map(|other| {
        let text = other.content.as_deref().filter(|html| !html.is_empty());
        let of = |field| langs.of(TranslationKind::CvOther, other.id, field).map(str::to_owned);
        CvSection {
            id: format!("other-{}", other.id),
            title: other.title.clone(),
            lang: of("title"),
            parts: text.map(|html| CvPart::RichText { html: html.to_owned(), lang: of("content") }).into_iter().collect(),
        }
    }));
    sections
}

// The entries of the sections the About page can show too (issue 44), written once so that
// About and the CV cannot read differently.

// Each takes the languages of the texts shown in another language than the page's (`langs`).

pub fn appointment(item: &cv_appointments::Model, lang: &str, langs: &TextLangs) -> CvEntry {
    let place = joined([Some(item.institution.as_str()), item.place.as_deref()], ", ");
    let title = CvLine::strong_in(&item.title, langs.of(TranslationKind::CvAppointment, item.id, "title"));
    entry(item.id, year_span(item.start_year, item.end_year, lang), vec![title, CvLine::muted(place)])
}

pub fn degree(item: &cv_education::Model, lang: &str, langs: &TextLangs) -> CvEntry {
    let of = |field| langs.of(TranslationKind::CvEducation, item.id, field);
    let degree = joined_in([(Some(item.degree.as_str()), of("degree")), (item.field.as_deref(), of("field"))], ", ");
    let mut lines = vec![CvLine::with(CvLineStyle::Strong, degree), CvLine::muted(&item.institution)];
    lines.extend(given(&item.thesis_title).map(|thesis| {
        let label = CvText::plain(format!("{} ", i18n::t(lang, "cv.thesis")));
        CvLine::with(CvLineStyle::Plain, vec![label, CvText::math(thesis).in_lang(of("thesis_title"))])
    }));
    lines.extend(given(&item.advisor).map(|advisor| CvLine::muted(i18n::t_vars(lang, "cv.advisor", &[("name", advisor)]))));
    entry(item.id, item.year.to_string(), lines)
}

pub fn award(item: &cv_awards::Model, langs: &TextLangs) -> CvEntry {
    let body = item.awarding_body.as_deref().unwrap_or_default();
    let name = CvLine::strong_in(&item.name, langs.of(TranslationKind::CvAward, item.id, "name"));
    entry(item.id, item.year.to_string(), vec![name, CvLine::muted(body)])
}

pub fn service_role(item: &cv_service::Model, lang: &str, langs: &TextLangs) -> CvEntry {
    let details = joined([Some(item.body.as_str()), Some(service_kind(item.kind, lang))], " · ");
    let role = CvLine::strong_in(&item.role, langs.of(TranslationKind::CvService, item.id, "role"));
    entry(item.id, year_span(item.start_year, item.end_year, lang), vec![role, CvLine::muted(details)])
}

fn student(student: &PublicStudent, lang: &str) -> CvEntry {
    let level = CvText { text: format!(" ({})", level(student.level, lang)), aside: true, ..CvText::default() };
    let mut lines = vec![CvLine::with(CvLineStyle::Strong, vec![CvText::plain(&student.name), level])];
    lines.extend(given(&student.thesis_title).map(|thesis| CvLine::with(CvLineStyle::Plain, vec![CvText::math(thesis)])));
    lines.extend(given(&student.current_position).map(|position| CvLine::muted(i18n::t_vars(lang, "cv.now", &[("position", position)]))));
    entry(student.id, year_span(student.start_year, student.graduation_year, lang), lines)
}

/// The heading of a kind's papers.
fn kind_heading(kind: PublicationKind, lang: &str) -> &'static str {
    match kind {
        PublicationKind::JournalArticle => i18n::t(lang, "cv.papers.journal-article"),
        PublicationKind::ConferencePaper => i18n::t(lang, "cv.papers.conference-paper"),
        PublicationKind::Preprint => i18n::t(lang, "cv.papers.preprint"),
        PublicationKind::Book => i18n::t(lang, "cv.papers.book"),
        PublicationKind::BookChapter => i18n::t(lang, "cv.papers.book-chapter"),
        PublicationKind::Thesis => i18n::t(lang, "cv.papers.thesis"),
        PublicationKind::Report => i18n::t(lang, "cv.papers.report"),
        PublicationKind::Other => i18n::t(lang, "cv.papers.other"),
    }
}

// The names of the stored kinds, as the pages name them (`kind.*`, `talk_type.*`… in the
// catalogues, which `web/src/public` reads too).

fn talk_type(kind: TalkType, lang: &str) -> &'static str {
    match kind {
        TalkType::Invited => i18n::t(lang, "talk_type.invited"),
        TalkType::Keynote => i18n::t(lang, "talk_type.keynote"),
        TalkType::Conference => i18n::t(lang, "talk_type.conference"),
        TalkType::Workshop => i18n::t(lang, "talk_type.workshop"),
        TalkType::Seminar => i18n::t(lang, "talk_type.seminar"),
        TalkType::Webinar => i18n::t(lang, "talk_type.webinar"),
    }
}

fn term(term: CourseTerm, lang: &str) -> &'static str {
    match term {
        CourseTerm::Spring => i18n::t(lang, "term.spring"),
        CourseTerm::Summer => i18n::t(lang, "term.summer"),
        CourseTerm::Fall => i18n::t(lang, "term.fall"),
        CourseTerm::Winter => i18n::t(lang, "term.winter"),
    }
}

fn role(role: CourseRole, lang: &str) -> &'static str {
    match role {
        CourseRole::Instructor => i18n::t(lang, "role.instructor"),
        CourseRole::CoInstructor => i18n::t(lang, "role.co-instructor"),
        CourseRole::Lecturer => i18n::t(lang, "role.lecturer"),
        CourseRole::TeachingAssistant => i18n::t(lang, "role.teaching-assistant"),
    }
}

fn level(level: StudentLevel, lang: &str) -> &'static str {
    match level {
        StudentLevel::Bachelor => i18n::t(lang, "level.bachelor"),
        StudentLevel::Master => i18n::t(lang, "level.master"),
        StudentLevel::Phd => i18n::t(lang, "level.phd"),
    }
}

fn service_kind(kind: ServiceKind, lang: &str) -> &'static str {
    match kind {
        ServiceKind::Committee => i18n::t(lang, "service_kind.committee"),
        ServiceKind::EditorialBoard => i18n::t(lang, "service_kind.editorial-board"),
        ServiceKind::Reviewing => i18n::t(lang, "service_kind.reviewing"),
        ServiceKind::Other => i18n::t(lang, "service_kind.other"),
    }
}

impl CvLine {
    fn with(style: CvLineStyle, texts: Vec<CvText>) -> Self {
        Self { style, texts }
    }

    /// A strong line of one text in `lang` (none: the page's).
    fn strong_in(text: impl Into<String>, lang: Option<&str>) -> Self {
        Self::with(CvLineStyle::Strong, vec![CvText::plain(text).in_lang(lang)])
    }

    fn muted(text: impl Into<String>) -> Self {
        Self::with(CvLineStyle::Muted, vec![CvText::plain(text)])
    }
}

impl CvText {
    fn plain(text: impl Into<String>) -> Self {
        Self { text: text.into(), ..Self::default() }
    }

    fn math(text: impl Into<String>) -> Self {
        Self { text: text.into(), math: true, ..Self::default() }
    }

    /// The text marked as in `lang` (none: the page's language).
    fn in_lang(self, lang: Option<&str>) -> Self {
        Self { lang: lang.map(str::to_owned), ..self }
    }
}

/// An entry without the lines that say nothing (an optional field left empty).
fn entry(id: Uuid, when: String, mut lines: Vec<CvLine>) -> CvEntry {
    lines.retain(|line| line.texts.iter().any(|text| !text.text.is_empty()));
    CvEntry { id, when, lines }
}

/// A section of parts, left out when it has none.
fn section(id: &str, title: &str, parts: Vec<CvPart>) -> Option<CvSection> {
    (!parts.is_empty()).then(|| CvSection { id: id.to_owned(), title: title.to_owned(), lang: None, parts })
}

/// A section of dated entries, one per item, left out when there are none.
fn dated<T>(id: &str, title: &str, items: &[T], entry: impl Fn(&T) -> CvEntry) -> Option<CvSection> {
    let entries: Vec<CvEntry> = items.iter().map(entry).collect();
    section(id, title, if entries.is_empty() { Vec::new() } else { vec![CvPart::Entries { heading: None, entries }] })
}

/// '2019–2023', '2019–present', or one year when both are the same (as `web/src/lib/years.ts`
/// writes them in the admin's tables).
fn year_span(start: i32, end: Option<i32>, lang: &str) -> String {
    match end {
        None => format!("{start}–{}", i18n::t(lang, "common.present")),
        Some(end) if end == start => start.to_string(),
        Some(end) => format!("{start}–{end}"),
    }
}

/// The parts that say something, trimmed, joined by `separator`.
fn joined<'a>(parts: impl IntoIterator<Item = Option<&'a str>>, separator: &str) -> String {
    parts.into_iter().flatten().map(str::trim).filter(|part| !part.is_empty()).collect::<Vec<_>>().join(separator)
}

/// The parts that say something, trimmed, joined by `separator`, as stretches of one language
/// each: a part in another language than the page's (its `Some(lang)`) is marked with it, and
/// a separator goes with the stretch before it. All in the page's language, it is one text.
fn joined_in<'a>(parts: impl IntoIterator<Item = (Option<&'a str>, Option<&'a str>)>, separator: &str) -> Vec<CvText> {
    let mut texts: Vec<CvText> = Vec::new();
    for (part, lang) in parts {
        let Some(part) = part.map(str::trim).filter(|part| !part.is_empty()) else { continue };
        let lang = lang.map(str::to_owned);
        match texts.last_mut() {
            Some(last) if last.lang == lang => {
                last.text.push_str(separator);
                last.text.push_str(part);
            }
            Some(last) => {
                last.text.push_str(separator);
                texts.push(CvText { text: part.to_owned(), lang, ..CvText::default() });
            }
            None => texts.push(CvText { text: part.to_owned(), lang, ..CvText::default() }),
        }
    }
    texts
}

/// An optional text that says something.
fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|text| !text.is_empty())
}

#[cfg(test)]
mod tests {
    use serde::de::DeserializeOwned;
    use serde_json::{Value, json};

    use super::*;
    use crate::content::students::StudentLevel;

    /// A stored row from the fields a case names (the API's JSON shape), published.
    fn row<T: DeserializeOwned>(fields: Value) -> T {
        let mut record = json!({
            "id": Uuid::nil(), "slug": "a-slug", "sort_order": 0, "status": "published", "featured": true,
            "tech_stack": [], "collaborators": [], "authors": [], "venue": "", "kind": "journal-article",
            "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
        });
        for (key, value) in fields.as_object().unwrap() {
            record[key] = value.clone();
        }
        serde_json::from_value(record).unwrap()
    }

    fn student(name: &str, status: StudentStatus, graduation_year: Option<i32>, thesis: Option<&str>) -> PublicStudent {
        PublicStudent {
            id: Uuid::nil(),
            name: name.to_owned(),
            level: StudentLevel::Phd,
            status,
            bio: None,
            thesis_title: thesis.map(str::to_owned),
            start_year: 2015,
            graduation_year,
            current_position: graduation_year.map(|_| "Engineer at Saab".to_owned()),
            linkedin_url: None,
            website_url: None,
            profile_image_url: None,
            photo: None,
        }
    }

    /// A CV with every section, optional fields filled in some items and empty in others.
    fn items() -> CvItems {
        CvItems {
            appointments: vec![row(
                json!({ "title": "Associate Professor", "institution": "Chalmers", "place": "Gothenburg", "start_year": 2019 }),
            )],
            education: vec![
                row(
                    json!({ "degree": "PhD", "field": "Mathematics", "institution": "Yale", "year": 1934, "thesis_title": "On $H_0$", "advisor": "Prof. B" }),
                ),
                row(json!({ "degree": "MSc", "institution": "Vassar", "year": 1930, "thesis_title": " " })),
            ],
            awards: vec![
                row(json!({ "name": "Best Paper Award", "awarding_body": "DAC", "year": 2021 })),
                row(json!({ "name": "Prize", "year": 2020 })),
            ],
            grants: vec![
                row(
                    json!({ "title": "Trusted chips", "funder": "VR", "role": "PI", "amount": 4000000.0, "currency": "SEK", "start_year": 2022, "end_year": 2025 }),
                ),
                row(json!({ "title": "Seed money", "funder": "Chalmers", "amount": 1234.5, "start_year": 2020, "end_year": 2020 })),
            ],
            service: vec![row(json!({ "role": "Associate editor", "body": "IEEE TCAD", "kind": "editorial-board", "start_year": 2020 }))],
            other: vec![
                row(json!({ "title": "Languages", "content": "<p>Swedish, English</p>" })),
                row(json!({ "id": "00000000-0000-4000-8000-000000000001", "title": "Hobbies" })),
            ],
            papers: vec![
                row(json!({ "title": "Work on $H_0$", "slug": "work", "authors": ["Grace Hopper"], "venue": "J. Comp.", "year": 2024 })),
                row(
                    json!({ "title": "Talk paper", "slug": "talk-paper", "authors": ["Alan Turing", "Grace Hopper"], "venue": "DAC", "year": 2023, "kind": "conference-paper" }),
                ),
            ],
            talks: vec![row(
                json!({ "title": "Keynote on $x$", "event_name": "DATE", "event_location": "Lyon", "date": "2024-03-01", "type": "keynote" }),
            )],
            courses: vec![row(
                json!({ "code": "EDA123", "title": "Hardware Security", "year": 2024, "term": "spring", "role": "teaching-assistant" }),
            )],
            students: Some(vec![
                student("Ada Current", StudentStatus::Current, None, Some("Masks of $n$ shares")),
                student("Bob Alumnus", StudentStatus::Graduated, Some(2020), None),
            ]),
            projects: vec![
                row(
                    json!({ "title": "Compiler", "slug": "compiler", "summary": "The first compiler", "funding_source": "Navy", "start_date": "2019-05-01", "end_date": "2021-01-01" }),
                ),
                row(json!({ "title": "Ongoing", "slug": "ongoing", "summary": "Still running", "start_date": "2023-05-01" })),
                row(json!({ "title": "Undated", "slug": "undated", "summary": "" })),
            ],
            langs: TextLangs::default(),
        }
    }

    /// The document as text: a section per `#` line, a part's heading per `##`, an entry's
    /// years, then its lines as `style: text`, a text's marks in brackets.
    fn outline(document: &CvDocument) -> String {
        let mut out = String::new();
        for section in &document.sections {
            out.push_str(&format!("# {} ({})\n", section.title, section.id));
            for part in &section.parts {
                match part {
                    CvPart::Entries { heading, entries } => {
                        out.extend(heading.as_ref().map(|heading| format!("## {heading}\n")));
                        for entry in entries {
                            out.push_str(&format!("{}\n", entry.when));
                            for line in &entry.lines {
                                let texts: Vec<String> = line.texts.iter().map(marked).collect();
                                out.push_str(&format!("  {:?}: {}\n", line.style, texts.join("")));
                            }
                        }
                    }
                    CvPart::References { heading, numbered, references } => {
                        out.push_str(&format!("## {heading} (numbered: {numbered})\n"));
                        for reference in references {
                            assert!(reference.html.contains("<strong>"), "the owner in bold: {}", reference.html);
                            out.push_str(&format!("  {} → {}\n", reference.title, reference.slug));
                        }
                    }
                    CvPart::RichText { html, .. } => out.push_str(&format!("  {html}\n")),
                }
            }
        }
        out
    }

    fn marked(text: &CvText) -> String {
        let marks: Vec<String> = [text.math.then(|| "math".to_owned()), text.aside.then(|| "aside".to_owned()), text.link.clone()]
            .into_iter()
            .flatten()
            .collect();
        if marks.is_empty() { text.text.clone() } else { format!("[{}: {}]", marks.join(", "), text.text) }
    }

    /// The wording both /cv and /cv.pdf show: titles, joins, years, amounts and labels.
    #[test]
    fn the_cv_reads_the_same_on_the_page_and_in_the_pdf() {
        let expected = "\
# Appointments (appointments)
2019–present
  Strong: Associate Professor
  Muted: Chalmers, Gothenburg
# Education (education)
1934
  Strong: PhD, Mathematics
  Muted: Yale
  Plain: Thesis: [math: On $H_0$]
  Muted: Advisor: Prof. B
1930
  Strong: MSc
  Muted: Vassar
# Awards and Honours (awards)
2021
  Strong: Best Paper Award
  Muted: DAC
2020
  Strong: Prize
# Grants and Funding (grants)
2022–2025
  Strong: Trusted chips
  Muted: VR · PI · 4,000,000 SEK
2020
  Strong: Seed money
  Muted: Chalmers · 1,234.5
# Publications (publications)
## Journal Articles (numbered: true)
  Work on H₀ → work
## Conference Papers (numbered: true)
  Talk paper → talk-paper
# Talks (talks)
2024
  Strong: [math: Keynote on $x$]
  Muted: Keynote · DATE · Lyon
# Teaching (teaching)
Spring 2024
  Strong: EDA123 Hardware Security
  Muted: Teaching assistant
# Supervised Students (students)
## Current Students
2015–present
  Strong: Ada Current[aside:  (PhD)]
  Plain: [math: Masks of $n$ shares]
## Alumni
2015–2020
  Strong: Bob Alumnus[aside:  (PhD)]
  Muted: Now: Engineer at Saab
# Selected Projects (projects)
2019–2021
  Strong: [/projects#compiler: Compiler]
  Muted: The first compiler · Navy
2023–present
  Strong: [/projects#ongoing: Ongoing]
  Muted: Still running

  Strong: [/projects#undated: Undated]
# Service (service)
2020–present
  Strong: Associate editor
  Muted: IEEE TCAD · Editorial board
# Languages (other-00000000-0000-0000-0000-000000000000)
  <p>Swedish, English</p>
# Hobbies (other-00000000-0000-4000-8000-000000000001)
";
        let document = CvDocument::new(&items(), CitationStyle::Ieee, "Grace Hopper", "en");
        assert_eq!(outline(&document), expected);
        let apa = CvDocument::new(&items(), CitationStyle::Apa, "Grace Hopper", "en");
        assert!(outline(&apa).contains("## Journal Articles (numbered: false)"));
    }

    #[test]
    fn sections_with_nothing_published_are_left_out() {
        let empty = CvItems {
            appointments: Vec::new(),
            education: Vec::new(),
            awards: Vec::new(),
            grants: Vec::new(),
            service: Vec::new(),
            other: Vec::new(),
            papers: Vec::new(),
            talks: Vec::new(),
            courses: Vec::new(),
            // Shown publicly, with none to show.
            students: Some(Vec::new()),
            projects: Vec::new(),
            langs: TextLangs::default(),
        };
        assert!(CvDocument::new(&empty, CitationStyle::Ieee, "Grace Hopper", "en").sections.is_empty());
    }

    #[test]
    fn labels_and_spans() {
        assert_eq!(role(CourseRole::TeachingAssistant, "en"), "Teaching assistant");
        assert_eq!(level(StudentLevel::Phd, "en"), "PhD");
        assert_eq!(service_kind(ServiceKind::EditorialBoard, "en"), "Editorial board");
        assert_eq!(year_span(2019, None, "en"), "2019–present");
        assert_eq!(year_span(2020, Some(2020), "en"), "2020");
        assert_eq!(year_span(2019, Some(2023), "en"), "2019–2023");
        assert_eq!(year_span(2019, None, "de"), "2019–heute");
    }

    #[test]
    fn a_german_cv_has_german_titles_labels_and_figures() {
        let outline = outline(&CvDocument::new(&items(), CitationStyle::Ieee, "Grace Hopper", "de"));
        for german in [
            "# Positionen (appointments)",
            "# Ausbildung (education)",
            "# Preise und Auszeichnungen (awards)",
            "# Drittmittel und Förderung (grants)",
            "VR · PI · 4.000.000 SEK",
            "1.234,5",
            "## Zeitschriftenartikel",
            "# Vorträge (talks)",
            "Keynote · DATE · Lyon",
            "Frühjahr 2024",
            "Tutor/in",
            "## Aktuelle Studierende",
            "## Ehemalige",
            "Heute: Engineer at Saab",
            "Abschlussarbeit: ",
            "Betreuung: Prof. B",
            "# Gremienarbeit (service)",
            "IEEE TCAD · Herausgebergremium",
            "2019–heute",
        ] {
            assert!(outline.contains(german), "{german:?} not in\n{outline}");
        }
        for english in
            ["Appointments", "Awards", "Grants", "Journal Articles", "Current Students", "Alumni", "Now:", "Thesis:", "present", "Spring"]
        {
            assert!(!outline.contains(english), "{english:?} in\n{outline}");
        }
    }
}
