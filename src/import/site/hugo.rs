//! Hugo Academic 4 (TOML front matter), Wowchemy 5 and Hugo Blox (2025–2026, authors in
//! `data/authors/`): the owner's author profile, page bundles per publication (with cite.bib),
//! talk or event, post, course, project and news item. Content of a second language
//! (`index.fr.md`, `content/<lang>/`) is reported, never imported.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use chrono::Datelike;
use serde_json::Value;

use super::text::{self, Links};
use super::{
    About, Doc, Item, Kind, Owner, Paper, Site, Social, Templates, Tree, course_code, front, hash, http, is_page, jekyll, key, talk_type,
    term_in, term_of_month,
};
use crate::content::publications::PublicationKind;
use crate::content::{ContentStatus, courses, cv_education, news, projects, talks};
use crate::import::bibtex::{self, Mapped, RawEntry};

/// Titles of the themes' example content, kept by sites that never removed it.
fn demo(title: &str) -> bool {
    const TITLES: &[&str] = &[
        "example talk",
        "example event",
        "an example journal article",
        "an example conference paper",
        "an example preprint / working paper",
        "example project",
        "external project",
        "internal project",
        "welcome to wowchemy, the website builder for hugo",
        "welcome to hugo blox builder, the website builder for hugo",
        "writing technical content in markdown",
        "display jupyter notebooks with academic",
        "getting started",
        "academic: the website builder for hugo",
        "slides",
        "create a course",
        "learn javascript",
        "learn python",
    ];
    TITLES.contains(&title.trim().to_lowercase().as_str())
}

/// The site's configuration as one JSON object: `config.toml`/`hugo.yaml` or the files of
/// `config/_default/` (each file's keys under its name, `params.yaml` as `params`).
fn config(site: &mut Site, tree: &Tree) -> Value {
    let mut merged = serde_json::Map::new();
    let mut files: Vec<String> =
        ["config.toml", "config.yaml", "config.yml", "hugo.toml", "hugo.yaml", "hugo.yml"].iter().map(|f| (*f).to_owned()).collect();
    files.extend(tree.under("config/_default").map(str::to_owned));
    for file in files.into_iter().filter(|f| tree.exists(f)) {
        let Ok(text) = tree.text(&file) else { continue };
        let parsed = if file.ends_with(".toml") { front::parse_toml(&text) } else { front::parse_yaml(&text, 1) };
        let value = match parsed {
            Ok(value) => value,
            Err(fault) => {
                site.problem(None, &file, fault.line, fault.message);
                continue;
            }
        };
        let name = file.rsplit('/').next().unwrap_or(&file).split('.').next().unwrap_or("");
        match (name, value) {
            ("config" | "hugo", Value::Object(map)) => merged.extend(map),
            (other, value) => {
                merged.insert(other.to_owned(), value);
            }
        }
    }
    Value::Object(merged)
}

/// The site's languages: the default one's content folder (`content`, or its `contentDir`),
/// and the others with their own folders where they have one. Only the default language is
/// imported.
struct Languages {
    default: String,
    content: String,
    others: Vec<(String, Option<String>)>,
}

fn languages(config: &Value) -> Languages {
    let default = config.get("defaultContentLanguage").and_then(front::value_text).unwrap_or_else(|| "en".to_owned());
    let mut content = "content".to_owned();
    let mut others = Vec::new();
    for holder in [config.get("languages"), Some(config)].into_iter().flatten() {
        let Some(map) = holder.as_object() else { continue };
        for (code, value) in map {
            if value.get("languageCode").is_none() && value.get("languageName").is_none() && value.get("contentDir").is_none() {
                continue;
            }
            let dir = value.get("contentDir").and_then(front::value_text).map(|d| d.trim_matches('/').to_owned());
            if *code == default {
                content = dir.unwrap_or(content);
            } else if !others.iter().any(|(c, _)| c == code) {
                others.push((code.clone(), dir));
            }
        }
    }
    Languages { default, content, others }
}

/// The language of a file named for one (`index.fr.md`, `about.zh-hans.md`) other than the
/// default.
fn language_of(path: &str, languages: &Languages) -> Option<String> {
    let name = path.rsplit('/').next().unwrap_or(path);
    let parts: Vec<&str> = name.split('.').collect();
    let code = *parts.get(parts.len().checked_sub(2)?).filter(|_| parts.len() >= 3)?;
    let looks_like_one = (2..=7).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphabetic() || c == '-');
    (looks_like_one && !code.eq_ignore_ascii_case(&languages.default)).then(|| code.to_owned())
}

/// The pages of a section: bundles (`section/name/index.md`) and single files
/// (`section/name.md`), not the list page `_index.md`; another language's copies skipped.
fn section(site: &mut Site, tree: &Tree, names: &[&str], kind: Kind, languages: &Languages) -> Vec<Doc> {
    let mut paths = Vec::new();
    for name in names {
        let root = format!("{}/{name}/", languages.content);
        for path in tree.under(&root[..root.len() - 1]) {
            let relative = &path[root.len()..];
            let depth = relative.matches('/').count();
            let file = relative.rsplit('/').next().unwrap_or(relative);
            if !is_page(path) || file.starts_with("_index") {
                continue;
            }
            // A bundle's index, or a single page of the section; not a bundle's other files.
            if (depth == 1 && file.starts_with("index.")) || depth == 0 {
                paths.push(path.to_owned());
            }
        }
        for (code, dir) in &languages.others {
            let Some(dir) = dir else { continue };
            for path in tree.under(&format!("{dir}/{name}")).map(str::to_owned).collect::<Vec<_>>() {
                let file = path.rsplit('/').next().unwrap_or(&path);
                if is_page(&path)
                    && !file.starts_with("_index")
                    && (file.starts_with("index.") || path.matches('/').count() == dir.matches('/').count() + 2)
                {
                    let title = site.doc(tree, &path, Some(kind)).map(|d| d.title()).unwrap_or_default();
                    site.skip(kind, &path, &title, format!("a second language ({code}): the default language is imported"));
                }
            }
        }
    }
    let mut kept = Vec::new();
    for path in paths {
        if let Some(language) = language_of(&path, languages) {
            let title = site.doc(tree, &path, Some(kind)).map(|d| d.title()).unwrap_or_default();
            site.skip(kind, &path, &title, format!("a second language ({language}): the default language is imported"));
        } else {
            kept.push(path);
        }
    }
    let docs = site.collection(tree, kept, kind);
    let mut real = Vec::new();
    for doc in docs {
        if demo(&doc.title()) {
            site.skip(kind, &doc.path, &doc.title(), "the theme's example content");
        } else {
            real.push(doc);
        }
    }
    real
}

/// The date a page gives: `date`, else `publishDate`.
fn date_of(doc: &Doc) -> Option<chrono::NaiveDate> {
    doc.front.get("date").and_then(front::date).or_else(|| doc.front.get("publishDate").and_then(front::date))
}

/// The owner's profile: the author with `superuser: true` (or `is_owner`), else `admin`, else
/// the only one; in `content/authors/<id>/_index.md` or Hugo Blox's `data/authors/<id>.yaml`.
fn owner(site: &mut Site, tree: &Tree, links: &Links, content: &str) -> Option<String> {
    let mut profiles: Vec<(String, Value, String, String)> = Vec::new();
    let authors = format!("{content}/authors");
    for path in tree.under(&authors).map(str::to_owned).collect::<Vec<_>>() {
        let relative = &path[authors.len() + 1..];
        if relative.matches('/').count() == 1 && relative.ends_with("/_index.md") {
            let id = relative.split('/').next().unwrap_or("").to_owned();
            if let Some(doc) = site.doc(tree, &path, Some(Kind::Owner)) {
                profiles.push((id, Value::Object(doc.front.clone()), doc.body.clone(), path));
            }
        }
    }
    for path in tree.under("data/authors").map(str::to_owned).collect::<Vec<_>>() {
        let id = path.rsplit('/').next().unwrap_or("").split('.').next().unwrap_or("").to_owned();
        let parsed = tree.text(&path).map_err(|m| front::Fault { line: 0, message: m }).and_then(|t| {
            if path.ends_with(".toml") {
                front::parse_toml(&t)
            } else if path.ends_with(".json") {
                serde_json::from_str(&t).map_err(|e| front::Fault { line: e.line(), message: e.to_string() })
            } else {
                front::parse_yaml(&t, 1)
            }
        });
        match parsed {
            Ok(value) => profiles.push((id, value, String::new(), path)),
            Err(fault) => site.problem(Some(Kind::Owner), &path, fault.line, fault.message),
        }
    }
    let flag = |v: &Value, k: &str| v.get(k).and_then(Value::as_bool).unwrap_or(false);
    let chosen = profiles
        .iter()
        .position(|(_, v, _, _)| flag(v, "superuser") || flag(v, "is_owner"))
        .or_else(|| profiles.iter().position(|(id, _, _, _)| id == "admin" || id == "me"))
        .or_else(|| (profiles.len() == 1).then_some(0))?;
    let (id, profile, body, path) = profiles.swap_remove(chosen);
    let get = |k: &str| profile.get(k).and_then(front::value_text).unwrap_or_default();
    let name = match profile.get("name") {
        Some(Value::Object(name)) => name.get("display").and_then(front::value_text).unwrap_or_default(),
        Some(other) => front::value_text(other).unwrap_or_default(),
        None => String::new(),
    };
    let name = if name.is_empty() { get("title") } else { name };
    let institution = profile
        .get("organizations")
        .or_else(|| profile.get("affiliations"))
        .and_then(Value::as_array)
        .and_then(|o| o.first())
        .and_then(|o| o.get("name").and_then(front::value_text).or_else(|| front::value_text(o)))
        .unwrap_or_default();
    let converted = text::shortcodes(&body, links);
    let bio_text =
        [get("bio"), text::plain(&converted.markdown).text].into_iter().filter(|b| !b.trim().is_empty()).collect::<Vec<_>>().join("\n\n");
    let dir = path.rsplit_once('/').map(|(d, _)| d.to_owned()).unwrap_or_default();
    let photo = ["avatar.jpg", "avatar.jpeg", "avatar.png", "avatar.webp"]
        .iter()
        .map(|f| format!("{dir}/{f}"))
        .chain(["jpg", "png", "jpeg", "webp"].iter().map(|e| format!("assets/media/authors/{id}.{e}")))
        .find(|p| tree.exists(p));
    if let Some(photo) = &photo {
        site.media.push(super::Media { path: photo.clone(), reference: photo.clone(), from: path.clone(), found: true });
    }
    let mut social = Vec::new();
    for key in ["social", "profiles", "links"] {
        for entry in profile.get(key).and_then(Value::as_array).into_iter().flatten() {
            let url = entry.get("link").or_else(|| entry.get("url")).and_then(front::value_text);
            let icon = entry.get("icon").and_then(front::value_text).unwrap_or_else(|| key.to_owned());
            if let Some(url) = url {
                social.push(Social { key: icon, url });
            }
        }
    }
    // Education to the CV.
    let education =
        profile.get("education").and_then(|e| e.get("courses").or(Some(e))).and_then(Value::as_array).cloned().unwrap_or_default();
    for (index, entry) in education.iter().enumerate() {
        let degree = entry.get("course").or_else(|| entry.get("area")).and_then(front::value_text).unwrap_or_default();
        let institution = entry.get("institution").and_then(front::value_text).unwrap_or_default();
        let year = entry.get("year").or_else(|| entry.get("date_end")).and_then(front::date).map(|d| d.year());
        site.cv_education.push(Item {
            source: format!("{path}#education/{index}"),
            hash: hash(&[entry.to_string().as_bytes()]),
            key: key(&format!("{degree} {institution}"), None),
            title: degree.clone(),
            date: None,
            tags: Vec::new(),
            input: cv_education::Input {
                degree,
                field: None,
                institution,
                year,
                thesis_title: None,
                advisor: None,
                sort_order: index as i32,
                status: ContentStatus::Published,
            },
        });
    }
    site.owner = Some(Owner {
        source: path.clone(),
        name: name.clone(),
        title: get("role"),
        institution,
        bio: text::first_paragraph(&bio_text),
        photo,
        cv_pdf: None,
        social,
    });
    if !bio_text.trim().is_empty() {
        site.about = Some(About { source: path, title: "About".to_owned(), bio: bio_text });
    }
    Some(id).filter(|_| !name.is_empty()).map(|_| name)
}

/// The CSL type of a Hugo publication (`article-journal`, or Academic's numbers).
fn kind_of(types: &[String]) -> PublicationKind {
    match types.first().map(String::as_str).unwrap_or("") {
        "article-journal" | "article" | "2" => PublicationKind::JournalArticle,
        "paper-conference" | "1" => PublicationKind::ConferencePaper,
        "3" | "manuscript" | "preprint" => PublicationKind::Preprint,
        "book" | "5" => PublicationKind::Book,
        "chapter" | "6" => PublicationKind::BookChapter,
        "thesis" | "7" => PublicationKind::Thesis,
        "report" | "4" => PublicationKind::Report,
        _ => PublicationKind::Other,
    }
}

pub fn read(tree: &Tree) -> Site {
    let mut site = Site::default();
    let config = config(&mut site, tree);
    let languages = languages(&config);
    let links = Links::default();
    let owner_name = owner(&mut site, tree, &links, &languages.content);
    let author_names = |names: Vec<String>| -> Vec<String> {
        names.into_iter().map(|a| if a == "admin" || a == "me" { owner_name.clone().unwrap_or(a) } else { a }).collect()
    };

    // Publications: bundles with cite.bib (read as BibTeX), else their front matter.
    for doc in section(&mut site, tree, &["publication", "publications"], Kind::Publication, &languages) {
        let dir = doc.path.rsplit_once('/').map(|(d, _)| d.to_owned()).unwrap_or_default();
        let cite = format!("{dir}/cite.bib");
        let bib = doc.path.ends_with("/index.md").then(|| tree.text(&cite).ok()).flatten();
        let title = doc.title();
        let featured = front::flag(&doc.front, "featured").unwrap_or(false);
        let pdf_url = doc.text("url_pdf");
        let pdf_local = pdf_url.as_deref().filter(|u| !u.starts_with("http")).and_then(|u| site.media(tree, u, &doc.path));
        let mut entry = match &bib {
            Some(text) => {
                let stop = bibtex::Stop::new(Instant::now() + Duration::from_secs(10), Arc::new(AtomicBool::new(false)));
                bibtex::read(text, &stop).ok().and_then(|entries| entries.into_iter().next())
            }
            None => None,
        };
        if entry.is_none() {
            let date = date_of(&doc);
            let mapped = date.map(|date| Mapped {
                title: title.clone(),
                authors: author_names(front::list(&doc.front, "authors")),
                kind: kind_of(&front::list(&doc.front, "publication_types")),
                venue: doc.text("publication").map(|v| v.replace('*', "")).unwrap_or_default(),
                year: Some(date.year()),
                month: Some(date.month() as i32),
                volume: None,
                issue: None,
                pages: None,
                publisher: None,
                doi: doc.text("doi").and_then(|d| crate::rules::validate::doi(&d).ok()),
                url: None,
                pdf_url: None,
                r#abstract: doc.text("abstract"),
                featured: false,
            });
            entry = Some(RawEntry {
                line: 1,
                key: Some(doc.stem()),
                text: String::new(),
                warnings: Vec::new(),
                mapped: mapped.ok_or_else(|| "No date".to_owned()),
            });
        }
        let mut entry = entry.expect("an entry from cite.bib or the front matter");
        if let Ok(mapped) = &mut entry.mapped {
            mapped.featured = mapped.featured || featured;
            if mapped.pdf_url.is_none() {
                mapped.pdf_url = http(pdf_url.clone());
            }
            if mapped.r#abstract.is_none() {
                mapped.r#abstract = doc.text("abstract");
            }
            if mapped.authors.is_empty() {
                mapped.authors = author_names(front::list(&doc.front, "authors"));
            }
        }
        let raw = doc.hash.clone() + &bib.as_deref().map(|b| hash(&[b.as_bytes()])).unwrap_or_default();
        site.papers.push(Paper { source: dir.clone(), line: 1, hash: hash(&[raw.as_bytes()]), entry, pdf: pdf_local });
    }

    // Talks and events.
    for doc in section(&mut site, tree, &["talk", "talks", "event", "events"], Kind::Talk, &languages) {
        let title = doc.title();
        let Some(date) = doc.front.get("time_start").and_then(front::date).or_else(|| date_of(&doc)) else {
            site.skip(Kind::Talk, &doc.path, &title, "no date");
            continue;
        };
        let body = site.body(tree, &doc, Templates::Shortcodes, &links);
        let event = doc.text("event").map(|e| text::html_text(&e)).unwrap_or_default();
        let location = doc.text("location");
        let slides = http(doc.text("url_slides")).or_else(|| http(doc.text("url_pdf")));
        for local in [doc.text("url_pdf"), doc.text("url_slides")].into_iter().flatten().filter(|u| !u.starts_with("http")) {
            site.media(tree, &local, &doc.path);
        }
        let abstract_text = doc
            .text("abstract")
            .filter(|a| !a.trim().is_empty())
            .or_else(|| Some(body.plain.text.clone()).filter(|t| !t.trim().is_empty()));
        let talk_kind = talk_type(&event, "");
        let event_name = if event.is_empty() { location.clone().unwrap_or_else(|| "Talk".to_owned()) } else { event };
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
                event_location: location,
                date: Some(date),
                r#abstract: abstract_text,
                slides_url: slides,
                video_url: http(doc.text("url_video")),
                featured: front::flag(&doc.front, "featured").or(front::flag(&doc.front, "selected")).unwrap_or(false),
                status: ContentStatus::Published,
                ..Default::default()
            },
        ));
    }

    // Posts.
    for doc in section(&mut site, tree, &["post", "posts", "blog"], Kind::Post, &languages) {
        let title = doc.title();
        let Some(date) = date_of(&doc) else {
            site.skip(Kind::Post, &doc.path, &title, "no date");
            continue;
        };
        let body = site.body(tree, &doc, Templates::Shortcodes, &links);
        let cover = site.cover(tree, &doc);
        let mut tags = front::list(&doc.front, "tags");
        tags.extend(front::list(&doc.front, "categories"));
        site.posts.push(Item::of(
            &doc,
            title.clone(),
            Some(date),
            key(&title, Some(date)),
            tags,
            super::post(
                &title,
                crate::rules::validate::slugify_variant(&doc.stem()),
                date,
                text::html(&body.markdown),
                doc.text("summary"),
                cover,
            ),
        ));
    }

    // Courses.
    for doc in section(&mut site, tree, &["teaching", "courses", "course"], Kind::Course, &languages) {
        let title = doc.title();
        let body = site.body(tree, &doc, Templates::Shortcodes, &links);
        let params = doc.front.get("params").cloned().unwrap_or(Value::Null);
        let when =
            [doc.text("subtitle"), params.get("term").and_then(front::value_text)].into_iter().flatten().collect::<Vec<_>>().join(" ");
        let date = date_of(&doc);
        static YEAR: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| regex::Regex::new(r"\b(19|20)\d\d\b").unwrap());
        let year = YEAR.find(&when).and_then(|y| y.as_str().parse().ok()).or(date.map(|d| d.year()));
        let term = term_in(&when).or_else(|| date.map(|d| term_of_month(d.month()))).unwrap_or_default();
        let (code, course_title) = course_code(&title).unwrap_or_else(|| (doc.stem().to_uppercase(), title.clone()));
        let description = [doc.text("summary"), Some(body.plain.text.clone())]
            .into_iter()
            .flatten()
            .filter(|t| !t.trim().is_empty())
            .collect::<Vec<_>>()
            .join("\n\n");
        site.courses.push(Item::of(
            &doc,
            course_title.clone(),
            date,
            key(&format!("{code} {course_title} {} {}", year.unwrap_or_default(), term.as_str()), None),
            Vec::new(),
            courses::Input {
                code,
                title: course_title,
                year,
                term,
                description: Some(description).filter(|d| !d.is_empty()),
                course_url: http(doc.text("external_link")),
                status: ContentStatus::Published,
                ..Default::default()
            },
        ));
    }

    // Projects.
    for doc in section(&mut site, tree, &["project", "projects"], Kind::Project, &languages) {
        let title = doc.title();
        let body = site.body(tree, &doc, Templates::Shortcodes, &links);
        let summary = doc.text("summary").filter(|s| !s.trim().is_empty()).unwrap_or_else(|| text::first_paragraph(&body.plain.text));
        let order = doc.front.get("weight").and_then(Value::as_i64).unwrap_or(0) as i32;
        site.projects.push(Item::of(
            &doc,
            title.clone(),
            None,
            key(&title, None),
            front::list(&doc.front, "tags"),
            projects::Input {
                summary: if summary.trim().is_empty() { title.clone() } else { summary },
                title,
                content: Some(body.plain.text.clone()).filter(|c| !c.trim().is_empty()),
                repository_url: http(doc.text("url_code")),
                demo_url: http(doc.text("external_link")),
                sort_order: order,
                featured: front::flag(&doc.front, "featured").unwrap_or(false),
                status: ContentStatus::Published,
                ..Default::default()
            },
        ));
    }

    // News.
    for doc in section(&mut site, tree, &["news"], Kind::News, &languages) {
        let title = doc.title();
        let Some(date) = date_of(&doc) else {
            site.skip(Kind::News, &doc.path, &title, "no date");
            continue;
        };
        let body = site.body(tree, &doc, Templates::Shortcodes, &links);
        let content =
            if body.plain.text.trim().is_empty() { doc.text("summary").unwrap_or_else(|| title.clone()) } else { body.plain.text.clone() };
        site.news.push(Item::of(
            &doc,
            title.clone(),
            Some(date),
            key(&title, Some(date)),
            front::list(&doc.front, "tags"),
            news::Input { title, content, date: Some(date), status: ContentStatus::Published, ..Default::default() },
        ));
    }

    // A CV as JSON Resume, when the site keeps one.
    for path in ["data/resume.json", "static/resume.json", "assets/resume.json"] {
        if jekyll::json_resume(&mut site, tree, path) {
            break;
        }
    }
    site
}
