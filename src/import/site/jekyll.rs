//! What al-folio and academicpages share, both being Jekyll sites: posts named by date,
//! `_drafts/`, the CV as JSON Resume, and the collections read the same way.

use chrono::Datelike;
use serde_json::Value;

use super::text::{self, Links};
use super::{Item, Kind, Site, Templates, Tree, front, hash, key, pages_in};
use crate::content::{ContentStatus, cv_appointments, cv_education, cv_other};

/// Jekyll posts: `_posts/YYYY-MM-DD-slug.md`; a post whose name has no date is not published
/// by Jekyll (skipped); `_drafts/` are drafts. `demo` says whether a title is the template's.
pub fn posts(site: &mut Site, tree: &Tree, links: &Links, demo: impl Fn(&str) -> bool) {
    for path in pages_in(tree, "_drafts") {
        let title = site.doc(tree, &path, Some(Kind::Post)).map(|d| d.title()).unwrap_or_default();
        site.skip(Kind::Post, &path, &title, "draft (_drafts/)");
    }
    let paths = pages_in(tree, "_posts");
    for doc in site.collection(tree, paths, Kind::Post) {
        let title = doc.title();
        let Some((named, slug)) = front::date_in_name(&doc.path) else {
            site.skip(Kind::Post, &doc.path, &title, "no date in the file name: Jekyll does not publish it");
            continue;
        };
        if demo(&title) {
            site.skip(Kind::Post, &doc.path, &title, "the template's demo content");
            continue;
        }
        let date = doc.front.get("date").and_then(front::date).unwrap_or(named);
        let body = site.body(tree, &doc, Templates::Liquid, links);
        let cover = site.cover(tree, &doc);
        let summary = doc.text("description").or_else(|| doc.text("excerpt"));
        let mut tags = front::list(&doc.front, "tags");
        tags.extend(front::list(&doc.front, "categories"));
        let title = if title.is_empty() { slug.clone() } else { title };
        site.posts.push(Item::of(
            &doc,
            title.clone(),
            Some(date),
            key(&title, Some(date)),
            tags,
            super::post(&title, slug, date, text::html(&body.markdown), summary, cover),
        ));
    }
}

/// A year in a JSON Resume date (`2019-09`, `2019`), or a CV's year text (`2021 - 2025`, its
/// first; `2025 - ongoing`).
fn year(value: Option<&Value>) -> Option<i32> {
    front::date(value?).map(|d| d.year())
}

/// The years of a span written as text: `2021 - 2025` → (2021, Some(2025)); `2025 - ongoing`
/// or `2020-present` → (2025, None); `2017` → (2017, Some(2017)).
fn span(text: &str) -> (Option<i32>, Option<i32>) {
    let years: Vec<i32> =
        text.split(|c: char| !c.is_ascii_digit()).filter(|part| part.len() == 4).filter_map(|part| part.parse().ok()).collect();
    match years.as_slice() {
        [] => (None, None),
        [one] if text.contains('-') || text.contains('–') => (Some(*one), None),
        [one] => (Some(*one), Some(*one)),
        [first, .., last] => (Some(*first), Some(*last)),
    }
}

fn string(value: &Value, key: &str) -> String {
    value.get(key).and_then(front::value_text).unwrap_or_default()
}

/// An HTML list of the values of a CV section (strings, or maps of name and value).
fn html_list(items: &[Value]) -> String {
    let mut html = String::from("<ul>");
    for item in items {
        let line = match item {
            Value::Object(map) => {
                let name =
                    ["name", "title", "award", "language", "organization"].iter().find_map(|k| map.get(*k).and_then(front::value_text));
                let value = ["value", "summary", "fluency", "level", "date", "year", "awarder"]
                    .iter()
                    .find_map(|k| map.get(*k).and_then(front::value_text));
                let mut details: Vec<String> = ["keywords", "items", "highlights", "description"]
                    .iter()
                    .filter_map(|k| map.get(*k))
                    .flat_map(|v| match v {
                        Value::Array(items) => items.iter().filter_map(front::value_text).collect::<Vec<_>>(),
                        other => front::value_text(other).into_iter().collect(),
                    })
                    .collect();
                details.retain(|d| !d.is_empty());
                let head = match (name, value) {
                    (Some(name), Some(value)) => format!("<strong>{}</strong>: {}", escape(&name), text::html_text(&value)),
                    (Some(name), None) => format!("<strong>{}</strong>", escape(&name)),
                    (None, Some(value)) => text::html_text(&value),
                    (None, None) => String::new(),
                };
                let details = if details.is_empty() {
                    String::new()
                } else {
                    format!(" — {}", details.iter().map(|d| text::html_text(d)).collect::<Vec<_>>().join(", "))
                };
                format!("{head}{details}")
            }
            other => front::value_text(other).map(|t| text::html_text(&t)).unwrap_or_default(),
        };
        if !line.trim().is_empty() {
            html.push_str(&format!("<li>{line}</li>"));
        }
    }
    html.push_str("</ul>");
    html
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Whether a CV is the template's (Albert Einstein's).
fn einstein(value: &Value) -> bool {
    value.to_string().contains("Albert Einstein")
}

/// A JSON Resume (`assets/json/resume.json`, academicpages' `_data/cv.json`): education,
/// work and the other sections to the CV. Returns whether one was read.
pub fn json_resume(site: &mut Site, tree: &Tree, path: &str) -> bool {
    if !tree.exists(path) {
        return false;
    }
    let resume: Value =
        match tree.text(path).map_err(|e| (0, e)).and_then(|t| serde_json::from_str(&t).map_err(|e| (e.line(), e.to_string()))) {
            Ok(resume) => resume,
            Err((line, message)) => {
                site.problem(Some(Kind::CvSection), path, line, message);
                return false;
            }
        };
    if einstein(&resume) {
        site.skip(Kind::CvSection, path, "Albert Einstein", "the template's demo CV");
        return false;
    }
    let empty = Vec::new();
    let list = |key: &str| resume.get(key).and_then(Value::as_array).unwrap_or(&empty).clone();
    for (index, entry) in list("education").iter().enumerate() {
        let degree =
            [string(entry, "studyType"), string(entry, "area")].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" in ");
        let institution = string(entry, "institution");
        let source = format!("{path}#education/{index}");
        site.cv_education.push(Item {
            hash: hash(&[entry.to_string().as_bytes()]),
            key: key(&format!("{degree} {institution}"), None),
            title: degree.clone(),
            date: None,
            tags: Vec::new(),
            input: cv_education::Input {
                degree,
                field: None,
                institution,
                year: year(entry.get("endDate")).or(year(entry.get("startDate"))),
                thesis_title: None,
                advisor: None,
                sort_order: index as i32,
                status: ContentStatus::Published,
            },
            source,
        });
    }
    for (index, entry) in list("work").iter().enumerate() {
        let title = string(entry, "position");
        let institution = [string(entry, "name"), string(entry, "company")].into_iter().find(|s| !s.is_empty()).unwrap_or_default();
        site.cv_appointments.push(Item {
            source: format!("{path}#work/{index}"),
            hash: hash(&[entry.to_string().as_bytes()]),
            key: key(&format!("{title} {institution}"), None),
            title: title.clone(),
            date: None,
            tags: Vec::new(),
            input: cv_appointments::Input {
                title,
                institution,
                place: entry.get("location").and_then(front::value_text),
                start_year: year(entry.get("startDate")),
                end_year: year(entry.get("endDate")),
                sort_order: index as i32,
                status: ContentStatus::Published,
            },
        });
    }
    let sections =
        [("awards", "Awards"), ("skills", "Skills"), ("languages", "Languages"), ("interests", "Interests"), ("volunteer", "Volunteering")];
    for (order, (field, title)) in sections.into_iter().enumerate() {
        let items = list(field);
        if items.is_empty() {
            continue;
        }
        site.cv_sections.push(section(path, field, title, html_list(&items), order, &items));
    }
    true
}

fn section(path: &str, field: &str, title: &str, html: String, order: usize, raw: &[Value]) -> Item<cv_other::Input> {
    Item {
        source: format!("{path}#{field}"),
        hash: hash(&[Value::Array(raw.to_vec()).to_string().as_bytes()]),
        key: key(title, None),
        title: title.to_owned(),
        date: None,
        tags: Vec::new(),
        input: cv_other::Input { title: title.to_owned(), content: Some(html), sort_order: order as i32, status: ContentStatus::Published },
    }
}

/// al-folio's `_data/cv.yml`: a list of sections, each `map`, `time_table`, `list` or
/// `nested_list`. Education time tables become degrees, other time tables appointments, the
/// rest sections of their own.
pub fn cv_yml(site: &mut Site, tree: &Tree, path: &str) {
    let Ok(text) = tree.text(path) else { return };
    let cv = match front::parse_yaml(&text, 1) {
        Ok(cv) => cv,
        Err(fault) => {
            site.problem(Some(Kind::CvSection), path, fault.line, fault.message);
            return;
        }
    };
    if einstein(&cv) {
        site.skip(Kind::CvSection, path, "Albert Einstein", "the template's demo CV");
        return;
    }
    let Some(sections) = cv.as_array() else { return };
    for (order, section_value) in sections.iter().enumerate() {
        let title = string(section_value, "title");
        let kind = string(section_value, "type");
        let contents = section_value.get("contents").and_then(Value::as_array).cloned().unwrap_or_default();
        let education = title.to_lowercase().contains("education");
        if kind == "time_table" {
            for (index, entry) in contents.iter().enumerate() {
                let (start, end) = span(&string(entry, "year"));
                let entry_title = string(entry, "title");
                let institution = string(entry, "institution");
                let source = format!("{path}#{order}/{index}");
                let item_hash = hash(&[entry.to_string().as_bytes()]);
                let item_key = key(&format!("{entry_title} {institution}"), None);
                if education {
                    let description = entry.get("description").map(|d| d.to_string()).unwrap_or_default();
                    let thesis = description
                        .split("Thesis:")
                        .nth(1)
                        .map(|t| text::html_text(t.split("(<a").next().unwrap_or(t)).trim_matches(['"', ' ', '\'', ']']).to_owned());
                    site.cv_education.push(Item {
                        source,
                        hash: item_hash,
                        key: item_key,
                        title: entry_title.clone(),
                        date: None,
                        tags: Vec::new(),
                        input: cv_education::Input {
                            degree: entry_title,
                            field: None,
                            institution,
                            year: end.or(start),
                            thesis_title: thesis.filter(|t| !t.is_empty()),
                            advisor: None,
                            sort_order: index as i32,
                            status: ContentStatus::Published,
                        },
                    });
                } else {
                    site.cv_appointments.push(Item {
                        source,
                        hash: item_hash,
                        key: item_key,
                        title: entry_title.clone(),
                        date: None,
                        tags: Vec::new(),
                        input: cv_appointments::Input {
                            title: entry_title,
                            institution,
                            place: None,
                            start_year: start,
                            end_year: if string(entry, "year").to_lowercase().contains("ongoing")
                                || string(entry, "year").to_lowercase().contains("present")
                            {
                                None
                            } else {
                                end
                            },
                            sort_order: index as i32,
                            status: ContentStatus::Published,
                        },
                    });
                }
            }
        } else if !title.is_empty() && !contents.is_empty() {
            site.cv_sections.push(section(path, &order.to_string(), &title, html_list(&contents), order, &contents));
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn spans_of_years_as_cvs_write_them() {
        assert_eq!(super::span("2021 - 2025"), (Some(2021), Some(2025)));
        assert_eq!(super::span("2025 - ongoing"), (Some(2025), None));
        assert_eq!(super::span("2017"), (Some(2017), Some(2017)));
        assert_eq!(super::span("2020-2021"), (Some(2020), Some(2021)));
    }
}
