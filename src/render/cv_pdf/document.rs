//! What the PDF says: the sections of /cv in the page's order, with the page's wording
//! (`web/src/public/pages/CvPage.tsx`), as plain values for the layout (`layout.rs`).

pub use super::html::Run;
use super::html::{self, Block};
use crate::content::homepage::HeroContent;
use crate::content::settings::{CitationStyle, PaperSize};
use crate::content::students::StudentStatus;
use crate::render::{CvData, PublicStudent};
use crate::rules::math::to_plain;
use chrono::{Datelike, NaiveDate};

/// The CV as the layout reads it.
#[derive(Debug)]
pub struct CvDocument {
    pub name: String,
    /// The owner's title and institution, each on its line under the name.
    pub headline: Vec<String>,
    pub paper: PaperSize,
    /// The site's address, in the footer of every page.
    pub address: String,
    /// "Generated on 26 November 2026", in the footer.
    pub generated: String,
    pub generated_on: (i32, u8, u8),
    pub sections: Vec<Section>,
}

#[derive(Debug)]
pub struct Section {
    pub title: String,
    pub parts: Vec<Part>,
}

/// A section's content: dated entries, references, or rich text; with a sub-heading (the
/// publications' kinds, current students and alumni) or without.
#[derive(Debug)]
pub enum Part {
    Dated { heading: Option<String>, entries: Vec<Dated> },
    References { heading: Option<String>, numbered: bool, items: Vec<Vec<Run>> },
    Text { blocks: Vec<Block> },
}

/// One line of a section: the years, then its lines (the first in bold).
#[derive(Debug)]
pub struct Dated {
    pub when: String,
    pub lines: Vec<Line>,
}

#[derive(Debug)]
pub struct Line {
    pub runs: Vec<Run>,
    pub muted: bool,
}

impl Line {
    fn strong(text: impl Into<String>) -> Self {
        Self { runs: vec![Run::bold(text)], muted: false }
    }

    fn plain(text: impl Into<String>) -> Self {
        Self { runs: vec![Run::plain(text)], muted: false }
    }

    fn muted(text: impl Into<String>) -> Self {
        Self { runs: vec![Run::plain(text)], muted: true }
    }
}

/// What the footer and the first page need besides the CV's data.
pub struct Site<'a> {
    pub hero: &'a HeroContent,
    pub base_url: &'a str,
    pub paper: PaperSize,
    pub today: NaiveDate,
}

impl CvDocument {
    pub fn new(cv: &CvData, site: &Site) -> Self {
        let hero = site.hero;
        let headline = [&hero.title, &hero.institution]
            .into_iter()
            .map(|line| line.trim())
            .filter(|line| !line.is_empty())
            .map(str::to_owned)
            .collect();
        let today = site.today;
        Self {
            name: hero.name.trim().to_owned(),
            headline,
            paper: site.paper,
            address: site.base_url.trim_end_matches('/').to_owned(),
            generated: format!("Generated on {}", today.format("%-d %B %Y")),
            generated_on: (today.year(), today.month() as u8, today.day() as u8),
            sections: sections(cv),
        }
    }
}

/// `<name>-cv.pdf` ("ada-lovelace-cv.pdf"), or `cv.pdf` when the name has no letter a file
/// name can keep.
pub fn pdf_filename(owner: &str) -> String {
    let name = crate::rules::validate::slugify_variant(&owner.to_lowercase());
    if name.is_empty() { "cv.pdf".to_owned() } else { format!("{name}-cv.pdf") }
}

/// '2019–2023', '2019–present', or one year when both are the same (`web/src/lib/years.ts`).
fn year_span(start: i32, end: Option<i32>) -> String {
    match end {
        None => format!("{start}–present"),
        Some(end) if end == start => start.to_string(),
        Some(end) => format!("{start}–{end}"),
    }
}

/// 'teaching-assistant' → 'Teaching assistant', 'phd' → 'PhD' (`web/src/public/labels.ts`).
fn label(value: &str) -> String {
    match value {
        "phd" => return "PhD".to_owned(),
        "master" => return "Master's".to_owned(),
        "bachelor" => return "Bachelor's".to_owned(),
        _ => {}
    }
    let text = value.replace(['-', '_'], " ");
    let mut chars = text.trim().chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// 4000000 → '4,000,000' (`groupDigits` of the page).
fn group_digits(amount: f64) -> String {
    let text = amount.to_string();
    let (whole, fraction) = text.split_once('.').map_or((text.as_str(), None), |(w, f)| (w, Some(f)));
    let digits: Vec<char> = whole.chars().collect();
    let mut grouped = String::new();
    for (i, c) in digits.iter().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) && c.is_ascii_digit() && digits[i - 1].is_ascii_digit() {
            grouped.push(',');
        }
        grouped.push(*c);
    }
    match fraction {
        Some(fraction) => format!("{grouped}.{fraction}"),
        None => grouped,
    }
}

fn joined<'a>(parts: impl IntoIterator<Item = Option<&'a str>>, separator: &str) -> String {
    parts.into_iter().flatten().map(str::trim).filter(|part| !part.is_empty()).collect::<Vec<_>>().join(separator)
}

/// A section of parts, left out when it has none.
fn section(title: &str, parts: Vec<Part>) -> Option<Section> {
    (!parts.is_empty()).then(|| Section { title: title.to_owned(), parts })
}

/// A section of dated entries, one per item, left out when there are none. Empty lines (an
/// optional field left blank) are dropped.
fn dated<T>(title: &str, items: &[T], entry: impl Fn(&T) -> Dated) -> Option<Section> {
    let entries: Vec<Dated> = items
        .iter()
        .map(entry)
        .map(|mut dated| {
            dated.lines.retain(|line| line.runs.iter().any(|run| !run.text.is_empty()));
            dated
        })
        .collect();
    section(title, if entries.is_empty() { Vec::new() } else { vec![Part::Dated { heading: None, entries }] })
}

/// The sections in the order of /cv, each only when it has something published.
fn sections(cv: &CvData) -> Vec<Section> {
    let mut sections = Vec::new();
    sections.extend(dated("Appointments", &cv.appointments, |item| Dated {
        when: year_span(item.start_year, item.end_year),
        lines: vec![Line::strong(&item.title), Line::muted(joined([Some(item.institution.as_str()), item.place.as_deref()], ", "))],
    }));
    sections.extend(dated("Education", &cv.education, |item| {
        let mut lines =
            vec![Line::strong(joined([Some(item.degree.as_str()), item.field.as_deref()], ", ")), Line::muted(&item.institution)];
        lines.extend(given(&item.thesis_title).map(|thesis| Line::plain(format!("Thesis: {}", to_plain(thesis)))));
        lines.extend(given(&item.advisor).map(|advisor| Line::muted(format!("Advisor: {advisor}"))));
        Dated { when: item.year.to_string(), lines }
    }));
    sections.extend(dated("Awards and Honours", &cv.awards, |item| Dated {
        when: item.year.to_string(),
        lines: vec![Line::strong(&item.name), Line::muted(item.awarding_body.as_deref().unwrap_or_default())],
    }));
    sections.extend(dated("Grants and Funding", &cv.grants, |item| {
        let amount = item.amount.map(|amount| match item.currency.as_deref().filter(|c| !c.is_empty()) {
            Some(currency) => format!("{} {currency}", group_digits(amount)),
            None => group_digits(amount),
        });
        let details = joined([Some(item.funder.as_str()), item.role.as_deref(), amount.as_deref()], " · ");
        Dated { when: year_span(item.start_year, item.end_year), lines: vec![Line::strong(&item.title), Line::muted(details)] }
    }));
    let numbered = cv.citation_style == CitationStyle::Ieee;
    let references = cv.publications.iter().map(|group| Part::References {
        heading: Some(group.kind.cv_heading().to_owned()),
        numbered,
        items: group.references.iter().map(|reference| html::runs(&reference.html)).collect(),
    });
    sections.extend(section("Publications", references.collect()));
    sections.extend(dated("Talks", &cv.talks, |talk| {
        let kind = label(talk.talk_type.as_str());
        let details = joined([Some(kind.as_str()), Some(talk.event_name.as_str()), talk.event_location.as_deref()], " · ");
        Dated { when: talk.date.year().to_string(), lines: vec![Line::strong(to_plain(&talk.title)), Line::muted(details)] }
    }));
    sections.extend(dated("Teaching", &cv.courses, |course| Dated {
        when: format!("{} {}", label(course.term.as_str()), course.year),
        lines: vec![
            Line::strong(joined([Some(course.code.as_str()), Some(course.title.as_str())], " ")),
            Line::muted(label(course.role.as_str())),
        ],
    }));
    if let Some(students) = &cv.students {
        let group = |heading: &str, status: StudentStatus| {
            let entries: Vec<Dated> = students.iter().filter(|s| s.status == status).map(student).collect();
            (!entries.is_empty()).then(|| Part::Dated { heading: Some(heading.to_owned()), entries })
        };
        let parts = [group("Current Students", StudentStatus::Current), group("Alumni", StudentStatus::Graduated)];
        sections.extend(section("Supervised Students", parts.into_iter().flatten().collect()));
    }
    sections.extend(dated("Selected Projects", &cv.projects, |project| {
        let when = project.start_date.map(|start| year_span(start.year(), project.end_date.map(|end| end.year()))).unwrap_or_default();
        let details = joined([Some(project.summary.as_str()), project.funding_source.as_deref()], " · ");
        Dated { when, lines: vec![Line::strong(&project.title), Line::muted(details)] }
    }));
    sections.extend(dated("Service", &cv.service, |item| {
        let kind = label(item.kind.as_str());
        Dated {
            when: year_span(item.start_year, item.end_year),
            lines: vec![Line::strong(&item.role), Line::muted(joined([Some(item.body.as_str()), Some(kind.as_str())], " · "))],
        }
    }));
    // A free section with a title and no text still shows, as on the page.
    sections.extend(cv.other.iter().map(|other| {
        let blocks = other.content.as_deref().map(html::blocks).unwrap_or_default();
        Section { title: other.title.clone(), parts: if blocks.is_empty() { Vec::new() } else { vec![Part::Text { blocks }] } }
    }));
    sections
}

fn student(student: &PublicStudent) -> Dated {
    let name = vec![Run::bold(&student.name), Run::plain(format!(" ({})", label(student.level.as_str())))];
    let mut lines = vec![Line { runs: name, muted: false }];
    lines.extend(given(&student.thesis_title).map(|thesis| Line::plain(to_plain(thesis))));
    lines.extend(given(&student.current_position).map(|position| Line::muted(format!("Now: {position}"))));
    Dated { when: year_span(student.start_year, student.graduation_year), lines }
}

/// An optional text that says something.
fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|text| !text.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_come_from_the_owner_s_name() {
        assert_eq!(pdf_filename("Dr. Ada Lovelace"), "dr-ada-lovelace-cv.pdf");
        assert_eq!(pdf_filename("Zoë Müller"), "zoe-muller-cv.pdf");
        assert_eq!(pdf_filename("王小明"), "cv.pdf");
        assert_eq!(pdf_filename("\"; rm -rf /"), "rm-rf-cv.pdf");
    }

    #[test]
    fn labels_amounts_and_spans_read_as_on_the_page() {
        assert_eq!(label("teaching-assistant"), "Teaching assistant");
        assert_eq!(label("phd"), "PhD");
        assert_eq!(label("editorial-board"), "Editorial board");
        assert_eq!(group_digits(4_000_000.0), "4,000,000");
        assert_eq!(group_digits(1234.5), "1,234.5");
        assert_eq!(group_digits(12.0), "12");
        assert_eq!(year_span(2019, None), "2019–present");
        assert_eq!(year_span(2020, Some(2020)), "2020");
        assert_eq!(year_span(2019, Some(2023)), "2019–2023");
    }
}
