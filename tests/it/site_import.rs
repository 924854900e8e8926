//! `vita import site` (issue 42) on SQLite and PostgreSQL: the four real sites of
//! `../shared/fixtures/sites/` (read in place) against their `expected.json`: counts and
//! titles and dates of each kind, the owner's name and photo, no demo, draft or raw template
//! code stored; a dry run's numbers equal the real run's and write nothing; a second import
//! changes nothing; an edited file updates its one item; an item edited in Vita since is a
//! conflict left alone. And the hostile archives, refused with the entry named.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use sea_orm::{DatabaseConnection, EntityTrait, PaginatorTrait};
use serde_json::Value;
use vita::content::homepage::{self, AboutContent, HeroContent};
use vita::content::{courses, cv_appointments, cv_education, cv_other, news, posts, projects, publications, talks};
use vita::import::site::tree::{Limits, Tree};
use vita::import::site::{self, Generator, Kind, Outcome, Report};
use vita::media::buckets::Bucket;
use vita::media::files::Files;
use vita::ops::config::StoreConfig;
use vita::store::changes::Changes;

use crate::helpers::TestDb;
use crate::on_both_databases;

pub(crate) fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/sites")
}

fn expected() -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixtures().join("expected.json")).unwrap()).unwrap()
}

/// A store for the uploads, in a folder of its own.
fn files(dir: &Path) -> Files {
    Files::open(&StoreConfig { data_dir: dir.to_owned(), database_url: None, s3_bucket: None, s3_settings: vec![] }).unwrap()
}

async fn import(db: &DatabaseConnection, files: &Files, path: &Path, dry_run: bool) -> Report {
    let tree = Tree::open(path).unwrap();
    let generator = site::detect(&tree).expect("a known generator").generator;
    let read = site::read(&tree, generator);
    let changes = Changes::for_database(db).await.unwrap();
    site::import(db, files, &changes, &tree, generator, read, dry_run).await.unwrap()
}

/// Everything the store holds, as rows per table: what "writes nothing" and "changes nothing"
/// compare.
async fn snapshot(db: &DatabaseConnection) -> Vec<String> {
    let mut rows = Vec::new();
    macro_rules! all {
        ($($entity:ty),*) => {$(
            for model in <$entity>::find().all(db).await.unwrap() {
                rows.push(serde_json::to_string(&model).unwrap());
            }
        )*};
    }
    all!(
        publications::Entity,
        news::Entity,
        projects::Entity,
        talks::Entity,
        courses::Entity,
        cv_education::Entity,
        cv_appointments::Entity,
        cv_other::Entity,
        homepage::Entity,
        site::sources::Entity
    );
    rows.sort();
    rows
}

/// Every text Vita stores from the import: none may show template code.
async fn stored_texts(db: &DatabaseConnection) -> Vec<String> {
    let mut texts = Vec::new();
    for n in news::Entity::find().all(db).await.unwrap() {
        texts.extend([n.title, n.content]);
    }
    for p in projects::Entity::find().all(db).await.unwrap() {
        texts.extend([p.title, p.summary, p.content.unwrap_or_default()]);
    }
    for t in talks::Entity::find().all(db).await.unwrap() {
        texts.extend([t.title, t.event_name, t.r#abstract.unwrap_or_default()]);
    }
    for c in courses::Entity::find().all(db).await.unwrap() {
        texts.extend([c.title, c.description.unwrap_or_default()]);
    }
    for s in cv_other::Entity::find().all(db).await.unwrap() {
        texts.extend([s.title, s.content.unwrap_or_default()]);
    }
    for p in publications::Entity::find().all(db).await.unwrap() {
        texts.extend([p.title, p.r#abstract.unwrap_or_default()]);
    }
    let hero = homepage::read::<HeroContent>(db).await.unwrap().content;
    let about = homepage::read::<AboutContent>(db).await.unwrap().content;
    texts.extend([hero.name, hero.title, hero.bio, about.bio]);
    texts
}

fn created(report: &Report, kind: Kind) -> Vec<&site::ItemReport> {
    report.items.iter().filter(|i| i.kind == kind && i.outcome == Outcome::Created).collect()
}

/// Imports one fixture site and checks it against expected.json, then imports it again.
async fn imports_as_expected(test_db: TestDb, id: &str) {
    let db = &test_db.db;
    let dir = tempfile::tempdir().unwrap();
    let files = files(dir.path());
    let path = fixtures().join(id);
    let expected = expected();
    let want = &expected["sites"][id];

    let tree = Tree::open(&path).unwrap();
    let detected = site::detect(&tree).unwrap().generator;
    let generator = match want["generator"].as_str().unwrap() {
        "alfolio" => Generator::Alfolio,
        "academicpages" => Generator::Academicpages,
        _ => Generator::Hugo,
    };
    assert_eq!(detected, generator, "{id}: detected generator");

    // The dry run writes nothing, and says what the real run then does.
    let before = snapshot(db).await;
    let dry = import(db, &files, &path, true).await;
    assert_eq!(snapshot(db).await, before, "{id}: a dry run writes nothing");
    assert_eq!(files.list().await.unwrap().len(), 0, "{id}: a dry run uploads nothing");
    let real = import(db, &files, &path, false).await;
    for kind in Kind::ALL {
        assert_eq!(dry.counts(kind), real.counts(kind), "{id}: {kind:?}: the dry run's numbers are the real run's");
    }
    let dry_items: Vec<_> = dry.items.iter().map(|i| (i.kind, &i.source, &i.outcome)).collect();
    let real_items: Vec<_> = real.items.iter().map(|i| (i.kind, &i.source, &i.outcome)).collect();
    assert_eq!(dry_items, real_items, "{id}: item by item");

    // Counts of each kind, as stored.
    let counts = &want["counts"];
    let accepted = |kind: &str, got: usize| {
        let preferred = counts[kind].as_u64().unwrap() as usize;
        let others: Vec<usize> =
            want["counts_accept"][kind].as_array().map(|a| a.iter().map(|v| v.as_u64().unwrap() as usize).collect()).unwrap_or_default();
        assert!(
            got == preferred || others.contains(&got),
            "{id}: {got} {kind}, expected {preferred} (or {others:?}); report: {:#?}",
            real.items.iter().filter(|i| i.kind.as_str().starts_with(&kind[..3]) && i.outcome != Outcome::Created).collect::<Vec<_>>()
        );
    };
    accepted("publications", publications::Entity::find().count(db).await.unwrap() as usize);
    accepted("news", news::Entity::find().count(db).await.unwrap() as usize);
    accepted("projects", projects::Entity::find().count(db).await.unwrap() as usize);
    accepted("talks", talks::Entity::find().count(db).await.unwrap() as usize);
    accepted("courses", courses::Entity::find().count(db).await.unwrap() as usize);
    accepted("posts", posts::Entity::find().count(db).await.unwrap() as usize);
    // The import's record lists the papers it created (issue 44), as the site's import.
    let records = vita::content::imports::list(db).await.unwrap();
    let papers = created(&real, Kind::Publication).len() as u32;
    let listed: Vec<_> = records.iter().map(|r| (r.kind, r.label.as_str(), r.papers)).collect();
    let expected_records = if papers == 0 { vec![] } else { vec![(vita::content::imports::ImportKind::Site, generator.as_str(), papers)] };
    assert_eq!(listed, expected_records, "{id}: the import's record");
    // A post keeps the slug its file gave it, so the site's links to it keep working.
    for post in posts::Entity::find().all(db).await.unwrap() {
        let source = created(&real, Kind::Post).into_iter().find(|i| i.title == post.title).map(|i| i.source.to_lowercase());
        let source = source.unwrap_or_else(|| panic!("{id}: {} was not created by the import", post.title));
        assert!(source.contains(&post.slug), "{id}: the post of {source} is at /blog/{}", post.slug);
    }

    // Each stored item has its file's title and date.
    for item in created(&real, Kind::News).into_iter().chain(created(&real, Kind::Talk)) {
        assert!(!item.title.trim().is_empty(), "{id}: {} has a title", item.source);
        assert!(item.date.is_some(), "{id}: {} has a date", item.source);
    }
    let stored_news: BTreeSet<(String, String)> =
        news::Entity::find().all(db).await.unwrap().into_iter().map(|n| (n.title, n.date.to_string())).collect();
    let reported_news: BTreeSet<(String, String)> =
        created(&real, Kind::News).into_iter().map(|i| (i.title.clone(), i.date.unwrap().to_string())).collect();
    assert_eq!(stored_news, reported_news, "{id}: news stored as reported");
    let stored_talks: BTreeSet<(String, String)> =
        talks::Entity::find().all(db).await.unwrap().into_iter().map(|t| (t.title, t.date.to_string())).collect();
    let reported_talks: BTreeSet<(String, String)> =
        created(&real, Kind::Talk).into_iter().map(|i| (i.title.clone(), i.date.unwrap().to_string())).collect();
    assert_eq!(stored_talks, reported_talks, "{id}: talks stored as reported");
    // Dates as the files write them.
    for item in created(&real, Kind::News).into_iter().chain(created(&real, Kind::Talk)) {
        let text = std::fs::read_to_string(path.join(&item.source)).unwrap();
        let date = item.date.unwrap().to_string();
        assert!(text.contains(&date), "{id}: {} is dated {date} as its file says", item.source);
    }

    // No demo, draft or unpublished item stored.
    let mut not_imported: Vec<String> = Vec::new();
    for list in [&want["template_demo"], &want["excluded"]] {
        if let Some(map) = list.as_object() {
            for paths in map.values() {
                not_imported.extend(paths.as_array().unwrap().iter().map(|p| p.as_str().unwrap().split(" (").next().unwrap().to_owned()));
            }
        }
    }
    for path in &not_imported {
        let item = real.items.iter().find(|i| &i.source == path);
        assert!(item.is_some_and(|i| matches!(i.outcome, Outcome::Skipped(_))), "{id}: {path} is skipped, not imported: {item:?}");
    }

    // The owner: name and photo, through the photo pipeline.
    let hero = homepage::read::<HeroContent>(db).await.unwrap().content;
    let names: Vec<&str> =
        std::iter::once(&want["owner_name"]).chain(want["owner_name_accept"].as_array().unwrap()).map(|v| v.as_str().unwrap()).collect();
    assert!(names.contains(&hero.name.as_str()), "{id}: owner {}", hero.name);
    let example = HeroContent::default();
    assert!(hero.institution != example.institution && hero.bio != example.bio, "{id}: nothing of the built-in example owner stays");
    assert!(hero.bio.is_empty() || hero.bio.chars().count() >= 60, "{id}: the bio is a paragraph, not a greeting: {}", hero.bio);
    assert!(hero.profile_image_url.starts_with("/files/profile-photos/"), "{id}: photo {}", hero.profile_image_url);
    let photo = hero.profile_image_url.rsplit('/').next().unwrap();
    assert!(files.read(vita::media::buckets::Bucket::ProfilePhotos, photo).await.is_ok(), "{id}: the photo is stored");
    assert_eq!(real.social.len() as u64, want["social_links"].as_u64().unwrap(), "{id}: social links {:?}", real.social);

    // No template code shown raw.
    for text in stored_texts(db).await {
        for raw in ["{%", "{{ site.", "{{<", "{{%"] {
            assert!(!text.contains(raw), "{id}: stored text shows {raw}: {text}");
        }
    }

    // A second import changes nothing.
    let stored = snapshot(db).await;
    let uploads = files.list().await.unwrap().len();
    let again = import(db, &files, &path, false).await;
    assert!(
        !again.changes_anything(),
        "{id}: {:?}",
        again.items.iter().filter(|i| matches!(i.outcome, Outcome::Created | Outcome::Updated)).collect::<Vec<_>>()
    );
    assert!(again.items.iter().all(|i| i.outcome != Outcome::Conflict));
    assert_eq!(snapshot(db).await, stored, "{id}: a second import changes nothing");
    assert_eq!(vita::content::imports::list(db).await.unwrap().len(), records.len(), "{id}: and records no import");
    assert_eq!(files.list().await.unwrap().len(), uploads, "{id}: and uploads nothing");
}

async fn alfolio_recent(test_db: TestDb) {
    imports_as_expected(test_db, "01-alfolio-rodosingh").await;
}

async fn alfolio_older(test_db: TestDb) {
    imports_as_expected(test_db, "02-alfolio-johanneshoerner").await;
}

async fn hugo_blox(test_db: TestDb) {
    imports_as_expected(test_db, "03-hugo-cdmuir").await;
}

async fn academicpages(test_db: TestDb) {
    imports_as_expected(test_db, "04-ap-jkjeon").await;
}

/// A copy of a fixture site in a temporary folder, to edit.
fn copy_of(id: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy(&entry.path(), &target);
            } else if entry.file_type().unwrap().is_file() {
                std::fs::copy(entry.path(), &target).unwrap();
                let mut permissions = std::fs::metadata(&target).unwrap().permissions();
                #[allow(clippy::permissions_set_readonly_false)]
                permissions.set_readonly(false);
                std::fs::set_permissions(&target, permissions).unwrap();
            }
        }
    }
    copy(&fixtures().join(id), dir.path());
    dir
}

/// An edited source file updates its one item; an item edited in Vita since the import is a
/// conflict, left alone.
async fn an_edited_file_updates_its_one_item(test_db: TestDb) {
    let db = &test_db.db;
    let store = tempfile::tempdir().unwrap();
    let files = files(store.path());
    let site = copy_of("02-alfolio-johanneshoerner");
    import(db, &files, site.path(), false).await;

    let news_file = site.path().join("_news/EGU2024.md");
    let text = std::fs::read_to_string(&news_file).unwrap();
    std::fs::write(&news_file, text.replace("meet me at", "come and see")).unwrap();
    let report = import(db, &files, site.path(), false).await;
    let changed: Vec<_> = report.items.iter().filter(|i| matches!(i.outcome, Outcome::Created | Outcome::Updated)).collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert_eq!((changed[0].kind, changed[0].source.as_str(), &changed[0].outcome), (Kind::News, "_news/EGU2024.md", &Outcome::Updated));
    let item = news::Entity::find()
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .find(|n| n.content.contains("come and see"))
        .expect("the news item updated");

    // The owner edits the item in Vita; the file changes again: the owner's edit stays.
    let edited =
        news::Input { title: item.title.clone(), content: "Edited in Vita".to_owned(), date: Some(item.date), ..Default::default() };
    vita::content::update::<news::Entity>(db, item.id, edited).await.unwrap();
    std::fs::write(&news_file, text.replace("meet me at", "visit")).unwrap();
    let report = import(db, &files, site.path(), false).await;
    assert!(!report.changes_anything());
    let conflict = report.items.iter().find(|i| i.source == "_news/EGU2024.md").unwrap();
    assert_eq!(conflict.outcome, Outcome::Conflict);
    assert_eq!(news::Entity::find_by_id(item.id).one(db).await.unwrap().unwrap().content, "Edited in Vita");
}

/// Bad files inside a site: each named with its line, the rest imported.
async fn bad_files_are_named_and_the_rest_imported(test_db: TestDb) {
    let db = &test_db.db;
    let store = tempfile::tempdir().unwrap();
    let files = files(store.path());
    let site = tempfile::tempdir().unwrap();
    let write = |path: &str, bytes: &[u8]| {
        let path = site.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    };
    write("_config.yml", "first_name: Ada\nlast_name: Lovelace\nscholar:\n  bibliography: papers.bib\n".as_bytes());
    write(
        "_bibliography/papers.bib",
        b"@article{a, title={An Engine}, author={Lovelace, Ada}, journal={Notes}, year={1843}, pdf={engine.pdf}}\n\
          @unpublished{b, title={A Note in Preparation}, author={Lovelace, Ada}}\n\
          @proceedings{c, title={Collected Memoirs}, editor={Babbage, Charles}, year={1846}}\n",
    );
    write("assets/pdf/engine.pdf", b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    write("_news/binary.md", b"---\ntitle: x\n---\n\x00\x01\x02");
    write("_news/truncated.md", b"---\ntitle: Cut\ndate: 2020-01-01\n");
    write("_news/invalid.md", b"---\ntitle: Bad\ndate: 2020-01-01\ntags: [a, b\n---\nText\n");
    write("_news/good.md", "---\ndate: 2021-07-28 07:59:00-0400\ninline: true\n---\nA real announcement — 你好.\n".as_bytes());
    let report = import(db, &files, site.path(), false).await;
    let errors: Vec<String> = report
        .items
        .iter()
        .filter_map(|i| match &i.outcome {
            Outcome::Error(why) => Some(format!("{}: {why}", i.source)),
            _ => None,
        })
        .collect();
    assert!(errors.iter().any(|e| e.starts_with("_news/binary.md: ") && e.contains("binary")), "{errors:?}");
    assert!(errors.iter().any(|e| e.starts_with("_news/truncated.md: line 1: ") && e.contains("never closed")), "{errors:?}");
    assert!(errors.iter().any(|e| e.starts_with("_news/invalid.md: line ") && e.contains("invalid YAML")), "{errors:?}");
    assert_eq!(report.counts(Kind::News).created, 1);
    assert_eq!(report.counts(Kind::Publication).created, 3);
    // Issue 41, item 17: a site's entries without a year or authors are stored as they are too.
    let papers = publications::Entity::find().all(db).await.unwrap();
    let titled = |title: &str| papers.iter().find(|p| p.title == title).unwrap_or_else(|| panic!("{title} is imported")).clone();
    assert_eq!(titled("A Note in Preparation").year, None);
    assert_eq!((titled("Collected Memoirs").year, titled("Collected Memoirs").authors.0.len()), (Some(1846), 0));
    // The paper's PDF of the repository is the paper's PDF.
    let paper = titled("An Engine");
    let pdf = paper.pdf_file.unwrap_or_else(|| panic!("the PDF stored: {:?}", report.problems));
    assert!(files.read(vita::media::buckets::Bucket::PaperPdfs, &pdf).await.is_ok());
    let news = news::Entity::find().all(db).await.unwrap();
    assert_eq!((news[0].title.as_str(), news[0].date.to_string().as_str()), ("A real announcement — 你好", "2021-07-28"));

    // Hugo's TOML front matter, one of it invalid.
    let hugo = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = hugo.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("config.toml", "title = \"Lab\"\n");
    write("content/authors/admin/_index.md", "+++\ntitle = \"王小明\"\nrole = \"Professor\"\n+++\nBio.\n");
    write("content/talk/one/index.md", "+++\ntitle = \"A talk\"\ndate = 2019-05-09T00:00:00\nevent = \"A Conference\"\n+++\n");
    write("content/talk/two/index.md", "+++\ntitle = \"Broken\ndate = 2019\n+++\n");
    write("content/talk/three/index.fr.md", "+++\ntitle = \"Un exposé\"\ndate = 2019-05-09\nevent = \"Conférence\"\n+++\n");
    let report = import(db, &files, hugo.path(), false).await;
    assert_eq!(report.counts(Kind::Talk).created, 1, "{:?}", report.items);
    assert!(
        report
            .items
            .iter()
            .any(|i| i.source == "content/talk/two/index.md" && matches!(&i.outcome, Outcome::Error(e) if e.contains("invalid TOML")))
    );
    assert!(report.items.iter().any(
        |i| i.source == "content/talk/three/index.fr.md" && matches!(&i.outcome, Outcome::Skipped(e) if e.contains("second language"))
    ));
    assert_eq!(homepage::read::<HeroContent>(db).await.unwrap().content.name, "王小明");

    // Two languages, each in its own folder: the default one is imported, the other reported.
    let bilingual = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = bilingual.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "config.toml",
        "defaultContentLanguage = \"en\"\n[languages.en]\ncontentDir = \"content/en\"\nlanguageName = \"English\"\n[languages.de]\ncontentDir = \"content/de\"\nlanguageName = \"Deutsch\"\n",
    );
    write("content/en/talk/keynote/index.md", "---\ntitle: Keynote\ndate: 2024-05-01\nevent: Summit\n---\n");
    write("content/de/talk/keynote/index.md", "---\ntitle: Hauptvortrag\ndate: 2024-05-01\nevent: Gipfel\n---\n");
    let report = import(db, &files, bilingual.path(), false).await;
    let talks: Vec<_> = report.items.iter().filter(|i| i.kind == Kind::Talk).map(|i| (i.source.as_str(), &i.outcome)).collect();
    assert_eq!(talks.len(), 2, "{talks:?}");
    assert!(talks.contains(&("content/en/talk/keynote/index.md", &Outcome::Created)), "{talks:?}");
    assert!(talks.iter().any(|(source, outcome)| *source == "content/de/talk/keynote/index.md"
        && matches!(outcome, Outcome::Skipped(why) if why.contains("second language (de)"))));
}

/// A PNG of `width` × `height` pixels, for the photo pipeline to read.
fn png(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(width, height, image::Rgb([200, 80, 40])).write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    bytes.into_inner()
}

/// A post's pictures (Markdown, a Liquid figure, raw HTML), the PDF it links to and its cover
/// are stored (a picture used twice once) and the post points at them; a visitor gets the
/// photos' sizes; a missing picture is reported and left as it was. A dry run stores nothing,
/// a second import nothing more.
async fn a_post_brings_its_pictures_and_files(test_db: TestDb) {
    let db = &test_db.db;
    let store = tempfile::tempdir().unwrap();
    let files = files(store.path());
    let site = tempfile::tempdir().unwrap();
    let write = |path: &str, bytes: &[u8]| {
        let path = site.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    };
    write("_config.yml", b"first_name: Ada\nlast_name: Lovelace\n");
    write("_news/a.md", b"---\ndate: 2021-07-28\ninline: true\n---\nNews.\n");
    write("assets/img/a.png", &png(800, 600));
    write("assets/img/b.png", &png(300, 200));
    write("assets/img/cover.png", &png(1600, 900));
    write("assets/pdf/slides.pdf", b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    write(
        "_posts/2024-03-01-figures.md",
        b"---\ntitle: Figures\nthumbnail: assets/img/cover.png\n---\n\
          ![A plot](/assets/img/a.png)\n\n\
          {% include figure.liquid path=\"assets/img/b.png\" %}\n\n\
          <img src=\"{{ site.baseurl }}/assets/img/a.png\" alt=\"again\">\n\n\
          See [the slides]({{ '/assets/pdf/slides.pdf' | relative_url }}) and ![gone](/assets/img/missing.png).\n",
    );

    let dry = import(db, &files, site.path(), true).await;
    assert_eq!(files.list().await.unwrap().len(), 0, "a dry run stores nothing");
    let missing: Vec<_> = dry.media.iter().filter(|m| !m.found).map(|m| m.path.as_str()).collect();
    assert_eq!(missing, ["/assets/img/missing.png"]);

    let report = import(db, &files, site.path(), false).await;
    assert_eq!(report.counts(Kind::Post).created, 1, "{:?}", report.problems);
    let post = posts::Entity::find().one(db).await.unwrap().unwrap();
    let content = post.content.clone().unwrap();
    let photo = regex::Regex::new(r#"src="(/files/profile-photos/[0-9a-z-]+-(\d+)x(\d+)-(\d+)\.jpg)""#).unwrap();
    let shown: Vec<(String, String)> =
        photo.captures_iter(&content).map(|c| (c[1].to_owned(), format!("{}x{} at {}", &c[2], &c[3], &c[4]))).collect();
    assert_eq!(
        shown.iter().map(|(_, size)| size.as_str()).collect::<Vec<_>>(),
        ["800x600 at 800", "300x200 at 300", "800x600 at 800"],
        "{content}"
    );
    assert_eq!(shown[0].0, shown[2].0, "a picture used twice is stored once");
    assert!(!content.contains("/assets/img/a.png") && !content.contains("/assets/img/b.png"), "{content}");
    assert!(content.contains(r#"src="/assets/img/missing.png""#), "a missing picture is left as it was: {content}");
    let pdf =
        regex::Regex::new(r#"href="/files/cv-files/([^"]+\.pdf)""#).unwrap().captures(&content).expect("the PDF linked")[1].to_owned();
    assert!(files.read(Bucket::CvFiles, &pdf).await.is_ok());
    for (url, _) in &shown {
        let name = url.strip_prefix("/files/profile-photos/").unwrap();
        assert!(files.read(Bucket::ProfilePhotos, name).await.is_ok(), "{url} is stored");
    }
    // The cover is the photo itself (its page shows its sizes), never a path of the old site.
    let cover = post.cover_image.clone().expect("a cover");
    let sizes = vita::media::photos::Photo::of_url(&cover).unwrap_or_else(|| panic!("{cover} is an uploaded photo"));
    assert!(sizes.largest.ends_with("-1280.jpg"), "{}", sizes.largest);
    // Three pictures and a PDF (and the pictures' sizes): nothing more after a second import.
    let stored = files.list().await.unwrap().len();
    let again = import(db, &files, site.path(), false).await;
    assert!(!again.changes_anything());
    assert_eq!(files.list().await.unwrap().len(), stored);
}

on_both_databases!(
    a_post_brings_its_pictures_and_files,
    alfolio_recent,
    alfolio_older,
    hugo_blox,
    academicpages,
    an_edited_file_updates_its_one_item,
    bad_files_are_named_and_the_rest_imported
);

fn refusal(path: &Path, limits: Limits) -> String {
    match Tree::open_within(path, limits) {
        Ok(_) => panic!("{} was accepted", path.display()),
        Err(err) => err.to_string(),
    }
}

fn zip_of(path: &Path, entries: &[(&str, &[u8])]) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    for (name, bytes) in entries {
        zip.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
}

/// Every file of a folder, by path relative to it.
pub(crate) fn files_of(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut pending = vec![root.to_owned()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                out.push((path.strip_prefix(root).unwrap().to_string_lossy().into_owned(), std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// A site sent as a .zip or a .tar.gz (with the repository's own top folder, as GitHub makes
/// them) reads as its folder does.
#[test]
fn a_site_in_an_archive_reads_as_its_folder() {
    let folder = fixtures().join("02-alfolio-johanneshoerner");
    let counts = |tree: &Tree| {
        let site = site::read(tree, site::detect(tree).unwrap().generator);
        (
            site.papers.len(),
            site.news.len(),
            site.courses.len(),
            site.cv_education.len(),
            site.skipped.len(),
            site.owner.map(|o| (o.name, o.photo)),
        )
    };
    let expected = counts(&Tree::open(&folder).unwrap());
    assert_eq!(expected.1, 14);
    let dir = tempfile::tempdir().unwrap();
    let files = files_of(&folder);
    let zip = dir.path().join("site.zip");
    let named: Vec<(String, &[u8])> = files.iter().map(|(p, b)| (format!("johanneshoerner.github.io-master/{p}"), b.as_slice())).collect();
    zip_of(&zip, &named.iter().map(|(p, b)| (p.as_str(), *b)).collect::<Vec<_>>());
    assert_eq!(counts(&Tree::open(&zip).unwrap()), expected);
    let tgz = dir.path().join("site.tar.gz");
    {
        let encoder = flate2::write::GzEncoder::new(std::fs::File::create(&tgz).unwrap(), flate2::Compression::fast());
        let mut tar = tar::Builder::new(encoder);
        for (path, bytes) in &files {
            let mut header = tar::Header::new_gnu();
            header.set_size(bytes.len() as u64);
            header.set_mode(0o644);
            header.set_cksum();
            tar.append_data(&mut header, format!("site/{path}"), bytes.as_slice()).unwrap();
        }
        tar.into_inner().unwrap().finish().unwrap();
    }
    assert_eq!(counts(&Tree::open(&tgz).unwrap()), expected);
}

#[test]
fn hostile_archives_are_refused_with_the_entry_named() {
    let dir = tempfile::tempdir().unwrap();
    let limits = vita::import::site::tree::LIMITS;

    let escape = dir.path().join("escape.zip");
    zip_of(&escape, &[("site/_config.yml", b"title: x"), ("../evil.md", b"---\n---\n")]);
    let message = refusal(&escape, limits);
    assert!(message.contains("../evil.md") && message.contains("outside"), "{message}");
    assert!(!dir.path().parent().unwrap().join("evil.md").exists());

    let absolute = dir.path().join("absolute.zip");
    zip_of(&absolute, &[("/etc/evil.md", b"x")]);
    assert!(refusal(&absolute, limits).contains("/etc/evil.md"));

    // 100,000 empty files.
    let many = dir.path().join("many.zip");
    let names: Vec<String> = (0..100_000).map(|i| format!("site/_news/{i}.md")).collect();
    let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b""[..])).collect();
    zip_of(&many, &entries);
    assert!(refusal(&many, limits).contains("more than 20000 files"));

    // A zip bomb: entries that unpack past the limit (small limits here, the same code path).
    let small = Limits { files: 100, unpacked: 1024 * 1024, file: 512 * 1024 };
    let zeros = vec![0u8; 400 * 1024];
    let bomb = dir.path().join("bomb.zip");
    zip_of(&bomb, &[("a.md", &zeros), ("b.md", &zeros), ("c.md", &zeros)]);
    assert!(refusal(&bomb, small).contains("unpacks to more than 1 MB"), "{}", refusal(&bomb, small));
    let bomb = dir.path().join("bomb.tar.gz");
    {
        let encoder = flate2::write::GzEncoder::new(std::fs::File::create(&bomb).unwrap(), flate2::Compression::default());
        let mut tar = tar::Builder::new(encoder);
        for name in ["a.md", "b.md", "c.md"] {
            let mut header = tar::Header::new_gnu();
            header.set_size(zeros.len() as u64);
            header.set_mode(0o644);
            header.set_cksum();
            tar.append_data(&mut header, name, &zeros[..]).unwrap();
        }
        tar.into_inner().unwrap().finish().unwrap();
    }
    assert!(refusal(&bomb, small).contains("1 MB"), "{}", refusal(&bomb, small));

    // A tar entry named out of the tree.
    let escape = dir.path().join("escape.tar.gz");
    {
        let encoder = flate2::write::GzEncoder::new(std::fs::File::create(&escape).unwrap(), flate2::Compression::default());
        let mut tar = tar::Builder::new(encoder);
        let mut header = tar::Header::new_old();
        header.as_old_mut().name[..12].copy_from_slice(b"../evil.md\0\0");
        header.set_size(1);
        header.set_mode(0o644);
        header.set_cksum();
        tar.append(&header, &b"x"[..]).unwrap();
        tar.into_inner().unwrap().finish().unwrap();
    }
    assert!(refusal(&escape, limits).contains("outside"), "{}", refusal(&escape, limits));

    // A folder with a link out of the tree.
    let folder = dir.path().join("site");
    std::fs::create_dir_all(folder.join("_news")).unwrap();
    std::fs::write(folder.join("_config.yml"), "title: x").unwrap();
    std::os::unix::fs::symlink("/etc/passwd", folder.join("_news/passwd.md")).unwrap();
    let message = refusal(&folder, limits);
    assert!(message.contains("_news/passwd.md") && message.contains("symbolic link"), "{message}");
}

/// The command line: detection printed, a dry run that writes nothing, then the import.
#[test]
fn the_command_prints_what_it_detected_and_imports() {
    let data = tempfile::tempdir().unwrap();
    let site = fixtures().join("02-alfolio-johanneshoerner");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_vita"))
            .args(["import", "site"])
            .args(args)
            .env("VITA_DATA_DIR", data.path())
            .env_remove("DATABASE_URL")
            .output()
            .unwrap()
    };
    let dry = run(&[site.to_str().unwrap(), "--dry-run"]);
    let out = String::from_utf8_lossy(&dry.stdout);
    assert!(dry.status.success(), "{out}{}", String::from_utf8_lossy(&dry.stderr));
    assert!(out.contains("Detected: alfolio"), "{out}");
    assert!(out.contains("News: 14 new"), "{out}");
    assert!(out.contains("(nothing was written)"), "{out}");
    let real = run(&[site.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&real.stdout);
    assert!(real.status.success(), "{out}");
    assert!(out.contains("News: 14 created"), "{out}");
    let again = run(&[site.to_str().unwrap(), "--generator", "alfolio"]);
    let out = String::from_utf8_lossy(&again.stdout);
    assert!(out.contains("0 created, 0 updated"), "{out}");
    let nothing = run(&[data.path().to_str().unwrap()]);
    assert!(!nothing.status.success());
    assert!(String::from_utf8_lossy(&nothing.stderr).contains("not a site Vita recognises"));
}
