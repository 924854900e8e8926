//! al-folio (v0.1 to v1.x): the owner's name in `_config.yml`, the photo and bio on the about
//! page, social links in `_data/socials.yml` (or, before v0.13, `_config.yml`), papers in the
//! `.bib` files jekyll-scholar renders, `_news`, `_projects`, `_teaching(s)`, `_posts`, and
//! the CV as JSON Resume or `_data/cv.yml`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use chrono::Datelike;
use serde_json::Value;

use super::text::{self, Links};
use super::{
    About, Item, Kind, Owner, Paper, Site, Social, Templates, Tree, course_code, front, hash, http, jekyll, key, pages_in, social_url,
    term_in,
};
use crate::content::{ContentStatus, courses, news, projects};
use crate::import::bibtex;

/// al-folio's own demo items, kept by sites that never removed them.
fn demo_post(title: &str) -> bool {
    let title = title.trim().to_lowercase();
    title.starts_with("a post with")
        || title.starts_with("a post that")
        || title == "a distill-style blog post"
        || title == "displaying beautiful tables with bootstrap tables"
        || title == "displaying external posts on your al-folio blog"
}

fn demo_project(title: &str) -> bool {
    let title = title.trim().to_lowercase();
    // `project 1` … `project 9`, and the template's "project 3 with very long name".
    title
        .strip_prefix("project ")
        .is_some_and(|n| n.split(' ').next().is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())))
}

/// The bodies of al-folio's three demo announcements (comments left out).
const DEMO_NEWS: [&str; 3] = [
    "A simple inline announcement.",
    "A simple inline announcement with Markdown emoji!",
    "Announcements and news can be much longer than just quick inline posts",
];

/// Whether a top-level key of an older `_config.yml` is a social link.
fn social_key(key: &str) -> bool {
    const KEYS: &[&str] = &[
        "github_username",
        "gitlab_username",
        "linkedin_username",
        "scholar_userid",
        "orcid_id",
        "x_username",
        "twitter_username",
        "medium_username",
        "research_gate_profile",
        "publons_id",
        "semanticscholar_id",
        "dblp_url",
        "work_url",
        "blogger_url",
        "mastodon_username",
        "telegram_username",
        "quora_username",
        "osf_id",
        "keybase_username",
        "wikidata_id",
        "wikipedia_id",
        "stackoverflow_id",
        "kaggle_id",
        "lastfm_id",
        "spotify_id",
        "pinterest_id",
        "unsplash_id",
        "instagram_id",
        "facebook_id",
        "youtube_id",
        "discord_id",
        "acm_id",
        "ieee_id",
        "scopus_id",
        "inspirehep_id",
        "lattes_id",
        "leetcode_id",
        "flickr_id",
        "zotero_username",
        "bluesky_url",
        "wechat_qr",
        "whatsapp_number",
        "strava_userid",
        "arxiv_id",
    ];
    KEYS.contains(&key)
}

pub fn read(tree: &Tree) -> Site {
    let mut site = Site::default();
    let config = match tree.text("_config.yml").map_err(|m| front::Fault { line: 0, message: m }).and_then(|t| front::parse_yaml(&t, 1)) {
        Ok(config) => config,
        Err(fault) => {
            site.problem(None, "_config.yml", fault.line, fault.message);
            Value::Null
        }
    };
    let config_text = |key: &str| config.get(key).and_then(front::value_text);

    let links = papers(&mut site, tree, &config);
    owner_and_about(&mut site, tree, &config, &links);

    // News.
    for doc in site.collection(tree, pages_in(tree, "_news"), Kind::News) {
        let body = site.body(tree, &doc, Templates::Liquid, &links);
        let Some(date) = doc.front.get("date").and_then(front::date) else {
            site.skip(Kind::News, &doc.path, &doc.title(), "no date");
            continue;
        };
        let template = DEMO_NEWS.iter().any(|demo| body.plain.text.trim().starts_with(demo));
        if template && doc.stem().starts_with("announcement_") {
            site.skip(Kind::News, &doc.path, &doc.title(), "the template's demo content");
            continue;
        }
        let mut title = doc.title();
        if title.is_empty() {
            title = text::title_from(&body.plain.text);
        }
        let (link_url, link_text) = match body.plain.first_link.clone() {
            Some((url, text)) if url.starts_with("http") => (Some(url), Some(text).filter(|t| !t.trim().is_empty())),
            _ => (None, None),
        };
        let content = if body.plain.text.trim().is_empty() { title.clone() } else { body.plain.text.clone() };
        site.news.push(Item::of(
            &doc,
            title.clone(),
            Some(date),
            key(&title, Some(date)),
            front::list(&doc.front, "tags"),
            news::Input {
                title,
                content,
                date: Some(date),
                link_url,
                link_text,
                featured: false,
                status: ContentStatus::Published,
                tag_ids: Vec::new(),
            },
        ));
    }

    // Projects; the template's `_projects/N_project.md` demos are skipped even when their
    // front matter does not read (v0.14's `:tada:` description is no YAML).
    let mut project_paths = Vec::new();
    for path in pages_in(tree, "_projects") {
        let name = path.rsplit('/').next().unwrap_or(&path);
        let numbered = name.strip_suffix("_project.md").is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()));
        if numbered
            && tree
                .text(&path)
                .ok()
                .and_then(|t| front::split(&t).ok().flatten())
                .is_none_or(|d| demo_project(&front::text(&d.front, "title").unwrap_or_default()))
        {
            site.skip(Kind::Project, &path, name, "the template's demo content");
        } else {
            project_paths.push(path);
        }
    }
    for doc in site.collection(tree, project_paths, Kind::Project) {
        let title = doc.title();
        if demo_project(&title) {
            site.skip(Kind::Project, &doc.path, &title, "the template's demo content");
            continue;
        }
        let body = site.body(tree, &doc, Templates::Liquid, &links);
        if let Some(image) = doc.text("img") {
            site.media(tree, &image, &doc.path);
        }
        let redirect = http(doc.text("redirect"));
        let github = http(doc.text("github")).or_else(|| redirect.clone().filter(|r| r.contains("github.com")));
        let summary = doc
            .text("description")
            .map(|d| text::html_text(&d))
            .filter(|d| !d.trim().is_empty())
            .unwrap_or_else(|| text::first_paragraph(&body.plain.text));
        let summary = if summary.trim().is_empty() { title.clone() } else { summary };
        let order = doc.front.get("importance").and_then(Value::as_i64).unwrap_or(0) as i32;
        site.projects.push(Item::of(
            &doc,
            title.clone(),
            None,
            key(&title, None),
            doc.text("category").into_iter().collect(),
            projects::Input {
                title,
                summary,
                content: Some(body.plain.text.clone()).filter(|c| !c.trim().is_empty()),
                repository_url: github.clone(),
                demo_url: redirect.filter(|r| Some(r) != github.as_ref()),
                sort_order: order,
                status: ContentStatus::Published,
                ..Default::default()
            },
        ));
    }

    // Courses: `_teachings` (v0.14) or a site's own `_teaching` collection.
    let mut course_paths = pages_in(tree, "_teachings");
    course_paths.extend(pages_in(tree, "_teaching"));
    for doc in site.collection(tree, course_paths, Kind::Course) {
        let body = site.body(tree, &doc, Templates::Liquid, &links);
        let mut title = doc.title();
        let link = body.plain.first_link.clone();
        if title.is_empty() {
            title = link
                .as_ref()
                .map(|(_, text)| text.trim().to_owned())
                .filter(|t| !t.is_empty())
                .unwrap_or_else(|| text::title_from(&body.plain.text));
        }
        let when = [doc.text("semester"), doc.text("year"), doc.text("term"), doc.text("date")]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        let year = front::date_in(&when).or_else(|| front::date_in(&doc.stem())).map(|d| d.year());
        let (code, course_title) = course_code(&title)
            .unwrap_or_else(|| (doc.text("course_id").or(doc.text("code")).unwrap_or_else(|| doc.stem()), title.clone()));
        let term = term_in(&when).or_else(|| term_in(&doc.stem())).unwrap_or_default();
        let description = Some(body.plain.text.clone()).filter(|d| d.trim() != title.trim() && !d.trim().is_empty());
        site.courses.push(Item::of(
            &doc,
            course_title.clone(),
            year.and_then(|y| chrono::NaiveDate::from_ymd_opt(y, 1, 1)),
            key(&format!("{code} {course_title} {} {}", year.unwrap_or_default(), term.as_str()), None),
            Vec::new(),
            courses::Input {
                code,
                title: course_title,
                year,
                term,
                description,
                course_url: link.map(|(url, _)| url).filter(|u| u.starts_with("http")),
                status: ContentStatus::Published,
                ..Default::default()
            },
        ));
    }

    jekyll::posts(&mut site, tree, &links, demo_post);

    // The CV: JSON Resume when the site loads one (what the cv layout shows first), else
    // `_data/cv.yml`.
    let loads_resume = config.get("jekyll_get_json").is_some() || config_text("jsonresume").is_some();
    let resume = ["assets/json/resume.json", "_data/resume.json"].into_iter().find(|p| tree.exists(p));
    let read_resume = match resume {
        Some(path) if loads_resume || !tree.exists("_data/cv.yml") => jekyll::json_resume(&mut site, tree, path),
        _ => false,
    };
    if !read_resume && tree.exists("_data/cv.yml") {
        jekyll::cv_yml(&mut site, tree, "_data/cv.yml");
    }
    site
}

/// The `.bib` files jekyll-scholar renders: `scholar.bibliography` in `scholar.source`, and
/// any `{% bibliography --file name %}` of a page. Returns where each cited key will be.
fn papers(site: &mut Site, tree: &Tree, config: &Value) -> Links {
    let scholar = config.get("scholar");
    let setting = |key: &str| scholar.and_then(|s| s.get(key)).and_then(front::value_text);
    let source = setting("source").unwrap_or_else(|| "/_bibliography/".to_owned());
    let source = source.trim_matches('/').to_owned();
    let in_source = |name: &str| {
        let name = if name.ends_with(".bib") { name.to_owned() } else { format!("{name}.bib") };
        if source.is_empty() { name } else { format!("{source}/{name}") }
    };
    let mut files = vec![in_source(&setting("bibliography").unwrap_or_else(|| "references.bib".to_owned()))];
    static FILE: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\{%-?\s*bibliography\b[^%]*?(?:--file|-f)\s+([\w./-]+)").unwrap());
    for page in tree.under("_pages").chain(tree.under("_layouts")).chain(tree.under("_includes")).map(str::to_owned).collect::<Vec<_>>() {
        let Ok(text) = tree.text(&page) else { continue };
        for found in FILE.captures_iter(&text) {
            let file = in_source(&found[1]);
            if !files.contains(&file) {
                files.push(file);
            }
        }
    }
    let mut links = Links::default();
    for file in files {
        if !tree.exists(&file) {
            continue;
        }
        let text = match tree.text(&file) {
            Ok(text) => text,
            Err(message) => {
                site.problem(Some(Kind::Publication), &file, 0, message);
                continue;
            }
        };
        let stop = bibtex::Stop::new(Instant::now() + Duration::from_secs(30), Arc::new(AtomicBool::new(false)));
        let Ok(entries) = bibtex::read(&text, &stop) else {
            site.problem(Some(Kind::Publication), &file, 0, "takes too long to read");
            continue;
        };
        for entry in entries {
            let pdf = local_pdf(&entry.text).and_then(|name| {
                let path = if name.contains('/') { name.trim_start_matches('/').to_owned() } else { format!("assets/pdf/{name}") };
                site.media(tree, &path, &file)
            });
            if let Ok(mapped) = &entry.mapped {
                if let Some(key) = &entry.key {
                    links.papers.insert(
                        key.clone(),
                        crate::routes::Route::Paper(&crate::rules::validate::slugify_variant(&mapped.title)).path().into_owned(),
                    );
                }
                if mapped.authors.iter().any(|a| a.contains("Einstein")) && mapped.title.contains("Quantum") {
                    site.skip(Kind::Publication, &file, &mapped.title, "the template's demo content");
                    continue;
                }
            }
            let source = format!("{file}#{}", entry.key.clone().unwrap_or_else(|| format!("line-{}", entry.line)));
            site.papers.push(Paper { source, line: entry.line, hash: hash(&[entry.text.as_bytes()]), pdf, entry });
        }
    }
    links
}

/// The `pdf = {name.pdf}` of an al-folio entry when it names a file of the site.
fn local_pdf(entry: &str) -> Option<String> {
    static PDF: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r#"(?i)(?:^|[,\s])pdf\s*=\s*[{"]\s*([^}"]+?)\s*[}"]"#).unwrap());
    let name = PDF.captures(entry)?[1].to_owned();
    (!name.starts_with("http://") && !name.starts_with("https://")).then_some(name)
}

fn owner_and_about(site: &mut Site, tree: &Tree, config: &Value, links: &Links) {
    let part = |key: &str| config.get(key).and_then(front::value_text).unwrap_or_default();
    let name =
        [part("first_name"), part("middle_name"), part("last_name")].into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join(" ");
    // The about page: `_pages/about.md`, or the page at `/` with the about layout.
    let about_path =
        ["_pages/about.md", "_pages/about.markdown", "index.md", "about.md"].into_iter().find(|p| tree.exists(p)).map(str::to_owned);
    let about = about_path.as_deref().and_then(|p| site.doc(tree, p, Some(Kind::About)));
    let mut owner = Owner { source: "_config.yml".to_owned(), name, ..Owner::default() };
    if let Some(doc) = &about {
        let body = site.body(tree, doc, Templates::Liquid, links);
        owner.title = doc.text("subtitle").map(|s| text::html_text(&s).trim().trim_end_matches(['.', ';']).to_owned()).unwrap_or_default();
        owner.bio = text::first_paragraph(&body.plain.text);
        if let Some(image) = doc.front.get("profile").and_then(|p| p.get("image")).and_then(front::value_text) {
            let path = if image.contains('/') { image.trim_start_matches('/').to_owned() } else { format!("assets/img/{image}") };
            owner.photo = site.media(tree, &path, &doc.path);
        }
        site.about = Some(About { source: doc.path.clone(), title: "About".to_owned(), bio: body.plain.text });
    }
    // The CV's PDF, when the CV page offers one.
    if let Some(cv) = ["_pages/cv.md", "_pages/cv.markdown"].into_iter().find_map(|p| site.doc(tree, p, None))
        && let Some(pdf) = cv.text("cv_pdf")
    {
        let pdf = pdf.trim_start_matches('/');
        let path = if pdf.contains('/') { pdf.to_owned() } else { format!("assets/pdf/{pdf}") };
        owner.cv_pdf = site.media(tree, &path, &cv.path);
    }
    // Social links: `_data/socials.yml` (v0.13 on), else the keys of `_config.yml`.
    let socials = tree.text("_data/socials.yml").ok().and_then(|t| front::parse_yaml(&t, 1).ok());
    match socials.as_ref().and_then(Value::as_object) {
        Some(map) => {
            for (key, value) in map {
                if key == "rss_icon" {
                    continue;
                }
                let url = match value {
                    Value::Object(custom) => custom.get("url").and_then(front::value_text),
                    other => front::value_text(other),
                };
                if let Some(url) = url {
                    owner.social.push(Social { key: key.clone(), url: social_url(key, &url) });
                }
            }
        }
        None => {
            if let Some(map) = config.as_object() {
                for (key, value) in map {
                    if social_key(key)
                        && let Some(value) = front::value_text(value)
                    {
                        owner.social.push(Social { key: key.clone(), url: social_url(key, &value) });
                    }
                }
            }
        }
    }
    if !owner.name.is_empty() {
        site.owner = Some(owner);
    }
}
