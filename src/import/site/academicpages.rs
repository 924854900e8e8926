//! academicpages (2016–2026): the owner in `_config.yml`'s `author:` block, the about page
//! at `/`, and one Markdown file per publication, talk, course, portfolio item and post.

use chrono::Datelike;
use serde_json::Value;

use super::text::{self, Links};
use super::{
    About, Item, Kind, Owner, Paper, Site, Social, Templates, Tree, course_code, front, http, jekyll, key, pages_in, social_url, talk_type,
    term_in, term_of_month,
};
use crate::content::courses::CourseRole;
use crate::content::publications::PublicationKind;
use crate::content::{ContentStatus, courses, projects, talks};
use crate::import::bibtex::{Mapped, RawEntry};

/// The template's own demo items, kept by sites that never removed them.
fn demo(title: &str) -> bool {
    let title = title.trim().to_lowercase();
    title.starts_with("paper title number")
        || title.ends_with("on relevant topic in your field")
        || title.starts_with("teaching experience ")
        || title.starts_with("portfolio item number")
        || title.starts_with("blog post number")
        || title == "future blog post"
        || title == "draft post"
}

/// `author:` keys that are not links.
const NOT_LINKS: &[&str] = &["name", "avatar", "bio", "location", "employer", "pronouns"];

pub fn read(tree: &Tree) -> Site {
    let mut site = Site::default();
    let config = match tree.text("_config.yml").map_err(|m| front::Fault { line: 0, message: m }).and_then(|t| front::parse_yaml(&t, 1)) {
        Ok(config) => config,
        Err(fault) => {
            site.problem(None, "_config.yml", fault.line, fault.message);
            Value::Null
        }
    };
    let links = Links::default();
    let site_url = config.get("url").and_then(front::value_text).unwrap_or_default();
    let author = config.get("author").cloned().unwrap_or(Value::Null);
    let author_text = |key: &str| author.get(key).and_then(front::value_text).unwrap_or_default();
    let owner_name = author_text("name");

    // The owner and the about page.
    let mut owner = Owner {
        source: "_config.yml".to_owned(),
        name: owner_name.clone(),
        title: author_text("bio"),
        institution: author_text("employer"),
        ..Owner::default()
    };
    let avatar = author_text("avatar");
    if !avatar.is_empty() {
        let path = if avatar.contains('/') { avatar.trim_start_matches('/').to_owned() } else { format!("images/{avatar}") };
        owner.photo = site.media(tree, &path, "_config.yml");
    }
    if let Some(map) = author.as_object() {
        for (key, value) in map {
            if NOT_LINKS.contains(&key.as_str()) {
                continue;
            }
            if let Some(value) = front::value_text(value) {
                owner.social.push(Social { key: key.clone(), url: social_url(key, &value) });
            }
        }
    }
    let about = ["_pages/about.md", "_pages/about.markdown", "index.md"].into_iter().find(|p| tree.exists(p));
    if let Some(doc) = about.and_then(|p| site.doc(tree, p, Some(Kind::About))) {
        let body = site.body(tree, &doc, Templates::Liquid, &links);
        owner.bio = text::first_paragraph(&body.plain.text);
        // A CV the about page links to (`files/CV.pdf`, perhaps by the site's full address).
        static CV: std::sync::LazyLock<regex::Regex> =
            std::sync::LazyLock::new(|| regex::Regex::new(r#"(?i)\(([^)\s]*files/[^)\s]*cv[^)\s]*\.pdf)\)"#).unwrap());
        if let Some(found) = CV.captures(&doc.body) {
            let link = found[1].strip_prefix(site_url.as_str()).unwrap_or(&found[1]).to_owned();
            let link = link.split_once("/files/").map(|(_, rest)| format!("files/{rest}")).unwrap_or(link);
            owner.cv_pdf = site.media(tree, &link, &doc.path);
        }
        site.about = Some(About { source: doc.path.clone(), title: "About".to_owned(), bio: body.plain.text });
    }
    if !owner.name.is_empty() {
        site.owner = Some(owner);
    }

    // Publications: one file each, its front matter a paper.
    for doc in site.collection(tree, pages_in(tree, "_publications"), Kind::Publication) {
        let title = doc.title();
        if demo(&title) {
            site.skip(Kind::Publication, &doc.path, &title, "the template's demo content");
            continue;
        }
        let body = site.body(tree, &doc, Templates::Liquid, &links);
        let date = doc.front.get("date").and_then(front::date);
        let citation = doc.text("citation").map(|c| text::html_text(&c)).unwrap_or_default();
        let mut authors = authors_in(&citation);
        if authors.is_empty() && !owner_name.is_empty() {
            authors.push(owner_name.clone());
        }
        let paper_url = doc.text("paperurl");
        let link = doc.text("link").or_else(|| doc.text("url"));
        let doi = [link.as_deref(), paper_url.as_deref()]
            .into_iter()
            .flatten()
            .find_map(|l| crate::rules::validate::doi(l).ok().filter(|_| l.contains("doi")));
        let kind = match doc.text("pubtype").or_else(|| doc.text("category")).unwrap_or_default().to_lowercase().as_str() {
            "preprint" | "preprints" => PublicationKind::Preprint,
            "conferences" | "conference" => PublicationKind::ConferencePaper,
            "books" | "book" => PublicationKind::Book,
            _ => PublicationKind::JournalArticle,
        };
        let abstract_text =
            doc.text("excerpt").or_else(|| Some(body.plain.text.clone())).filter(|a| !a.trim().is_empty() && !a.contains("Download"));
        let pdf_local = paper_url.as_deref().filter(|u| !u.starts_with("http")).and_then(|u| site.media(tree, u, &doc.path));
        let mapped = date.map(|date| Mapped {
            title: title.clone(),
            authors,
            kind,
            venue: doc.text("venue").map(|v| text::html_text(&v)).unwrap_or_default(),
            year: Some(date.year()),
            month: Some(date.month() as i32),
            volume: None,
            issue: None,
            pages: None,
            publisher: None,
            doi,
            url: http(link),
            pdf_url: http(paper_url),
            r#abstract: abstract_text,
            featured: front::flag(&doc.front, "selected").unwrap_or(false),
        });
        let entry = RawEntry {
            line: 1,
            key: Some(doc.stem()),
            text: String::new(),
            warnings: Vec::new(),
            mapped: mapped.ok_or_else(|| "No date".to_owned()),
        };
        site.papers.push(Paper { source: doc.path.clone(), line: 1, hash: doc.hash.clone(), entry, pdf: pdf_local });
    }

    // Talks.
    for doc in site.collection(tree, pages_in(tree, "_talks"), Kind::Talk) {
        let title = doc.title();
        if demo(&title) {
            site.skip(Kind::Talk, &doc.path, &title, "the template's demo content");
            continue;
        }
        let Some(date) = doc.front.get("date").and_then(front::date) else {
            site.skip(Kind::Talk, &doc.path, &title, "no date");
            continue;
        };
        let body = site.body(tree, &doc, Templates::Liquid, &links);
        let venue = doc.text("venue").map(|v| text::html_text(&v)).unwrap_or_default();
        let slides = http(doc.text("slidesurl"))
            .or_else(|| body.plain.first_link.clone().map(|(url, _)| url).filter(|u| u.to_lowercase().ends_with(".pdf")));
        let abstract_text = body.plain.text.lines().filter(|l| l.trim() != "PDF").collect::<Vec<_>>().join("\n");
        let talk_kind = talk_type(&venue, &doc.text("type").unwrap_or_default());
        let event_name = if venue.is_empty() { doc.text("location").unwrap_or_else(|| "Talk".to_owned()) } else { venue };
        site.talks.push(Item::of(
            // The same talk given at two events is two talks.
            &doc,
            title.clone(),
            Some(date),
            key(&format!("{title} {event_name}"), Some(date)),
            front::list(&doc.front, "tags"),
            talks::Input {
                talk_type: talk_kind,
                title,
                event_name,
                event_location: doc.text("location"),
                date: Some(date),
                r#abstract: Some(abstract_text.trim().to_owned()).filter(|a| !a.is_empty()),
                slides_url: http(slides),
                video_url: http(doc.text("videourl")),
                status: ContentStatus::Published,
                ..Default::default()
            },
        ));
    }

    // Teaching.
    for doc in site.collection(tree, pages_in(tree, "_teaching"), Kind::Course) {
        let title = doc.title();
        if demo(&title) {
            site.skip(Kind::Course, &doc.path, &title, "the template's demo content");
            continue;
        }
        let body = site.body(tree, &doc, Templates::Liquid, &links);
        let date = doc.front.get("date").and_then(front::date);
        let (code, course_title) = course_code(&title).unwrap_or_else(|| (doc.stem(), title.clone()));
        let role = match doc.text("role").unwrap_or_default().to_lowercase().as_str() {
            "ta" | "teaching assistant" | "teaching-assistant" => CourseRole::TeachingAssistant,
            "lecturer" => CourseRole::Lecturer,
            "co-instructor" | "coinstructor" => CourseRole::CoInstructor,
            _ => CourseRole::Instructor,
        };
        let term = term_in(&doc.stem()).or_else(|| date.map(|d| term_of_month(d.month()))).unwrap_or_default();
        let mut description: Vec<String> = [doc.text("type"), doc.text("venue"), doc.text("location")].into_iter().flatten().collect();
        if !body.plain.text.trim().is_empty() {
            description.push(body.plain.text.clone());
        }
        site.courses.push(Item::of(
            &doc,
            course_title.clone(),
            date,
            key(&format!("{code} {course_title} {} {}", date.map(|d| d.year()).unwrap_or_default(), term.as_str()), None),
            Vec::new(),
            courses::Input {
                code,
                title: course_title,
                year: date.map(|d| d.year()),
                term,
                role,
                description: Some(description.join("\n\n")).filter(|d| !d.is_empty()),
                status: ContentStatus::Published,
                ..Default::default()
            },
        ));
    }

    // Portfolio items are projects.
    for doc in site.collection(tree, pages_in(tree, "_portfolio"), Kind::Project) {
        let title = doc.title();
        if demo(&title) {
            site.skip(Kind::Project, &doc.path, &title, "the template's demo content");
            continue;
        }
        let body = site.body(tree, &doc, Templates::Liquid, &links);
        let summary = doc
            .text("excerpt")
            .map(|e| text::html_text(&e))
            .filter(|e| !e.trim().is_empty())
            .unwrap_or_else(|| text::first_paragraph(&body.plain.text));
        site.projects.push(Item::of(
            &doc,
            title.clone(),
            None,
            key(&title, None),
            doc.text("collection").filter(|c| c != "portfolio").into_iter().collect(),
            projects::Input {
                summary: if summary.trim().is_empty() { title.clone() } else { summary },
                title,
                content: Some(body.plain.text.clone()).filter(|c| !c.trim().is_empty()),
                status: ContentStatus::Published,
                ..Default::default()
            },
        ));
    }

    jekyll::posts(&mut site, tree, &links, demo);
    if !jekyll::json_resume(&mut site, tree, "_data/cv.json") && tree.exists("_data/cv.yml") {
        jekyll::cv_yml(&mut site, tree, "_data/cv.yml");
    }
    site
}

/// The authors at the head of an academicpages citation: `Junekey Jeon. 2014. "Title."`,
/// `Your Name, You. (2009). "Title."`, `A. Author and B. Author. 2020. …`.
fn authors_in(citation: &str) -> Vec<String> {
    static YEAR: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"[.,]?\s*\(?\b(1[89]|20)\d\d\)?[.,]?\s*$").unwrap());
    let head = citation.split(['"', '“']).next().unwrap_or("").trim();
    let head = YEAR.replace(head, "");
    let head = head.trim().trim_end_matches(['.', ',']);
    if head.is_empty() || head.chars().count() > 400 {
        return Vec::new();
    }
    head.split(" and ")
        .flat_map(|part| {
            let pieces: Vec<&str> = part.split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
            // "Last, First" (one comma, two names) is one author; "A B, C D, E F" several.
            if pieces.len() == 2 && !pieces[1].contains(' ') && !pieces[0].contains(' ') {
                vec![format!("{}, {}", pieces[0], pieces[1])]
            } else {
                pieces.into_iter().map(str::to_owned).collect()
            }
        })
        .map(|a| a.trim().to_owned())
        .filter(|a| !a.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn authors_at_the_head_of_a_citation() {
        assert_eq!(super::authors_in("Junekey Jeon. 2014. \"A Generalized Typicality.\" ISIT"), ["Junekey Jeon"]);
        assert_eq!(super::authors_in("Junekey Jeon and Andrej Zlatoš. (2024). \"Splash.\" arXiv"), ["Junekey Jeon", "Andrej Zlatoš"]);
        assert_eq!(super::authors_in("A. One, B. Two, C. Three. 2020. \"T.\" J"), ["A. One", "B. Two", "C. Three"]);
    }
}
