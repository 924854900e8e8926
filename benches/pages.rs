//! Uncached render time of public pages: read the page's data from a SQLite file holding a
//! realistic site (60 publications, 10 projects, 20 talks, 12 news, 8 courses, 10 students,
//! 5 open calls), render it in the embedded QuickJS engine, wrap it in the document. Then the
//! same for `/news` holding 4,000 items (its first and last pages): a long list is read and
//! rendered a page at a time, so its cost must not grow with the table. Then /publications
//! with 200 tagged papers, filtered (`?tag=&q=`), and the page cache's memory holding 1,000
//! filtered variants (its default bound).
//!
//! `cargo bench --bench pages` prints p50 / p99 per page and the HTML size; with
//! `-- --seed-only DIR` it only writes the data set into DIR (for `bench/run`), with a
//! 4,000 × 3,000 profile photo uploaded as the admin does (printing how long its variants took;
//! the first-visit budget counts what a phone downloads of it), adding with
//! `--backup-set` news up to 1,000 items and a 5 MB CV (the backup and export budgets); with
//! `-- --dump-inputs DIR` it also writes each page's render input as DIR/<page>.json (for
//! profiling the bundle in Node with `bench/profile-ssr.mjs`).

use std::io::Write;
use std::time::{Duration, Instant};

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use vita::content::homepage::{self, HeroContent};
use vita::content::settings::SiteSettings;
use vita::content::{self, Content, courses, news, open_calls, projects, publications, research_areas, students, tags, talks};
use vita::media::buckets::Bucket;
use vita::media::files::Files;
use vita::ops::config::StoreConfig;
use vita::render::pages::{self, PublicPage};
use vita::render::{CardImage, PageData, RenderInput, Renderer, SiteInfo};
use vita::store::{self, Database};

const RUNS: usize = 300;
const WARM_UP: usize = 50;
const PAGES: [PublicPage; 4] = [PublicPage::Home, PublicPage::Publications, PublicPage::Talks, PublicPage::OpenCalls];
/// The paper page measured: the first seeded publication's (`/publications/<slug>`).
const PAPER_TITLE: &str = "Publication 0: Verifying secure boot chains against fault attacks";

/// The news items of the long-list measurement.
const LONG_NEWS: u64 = 4_000;
/// The news items `seed` writes, and how many the backup and export budgets' data set has.
const SEEDED_NEWS: u64 = 12;
const BACKUP_SET_NEWS: u64 = 1_000;

/// What one measurement renders: a page with a route of its own, page N of a long list, or a
/// paper's page.
#[derive(Clone)]
enum Target {
    Page(PublicPage),
    /// A list page with a query string (`page=200`, `tag=x&q=y`).
    ListPage(PublicPage, String),
    Paper(String),
}

impl Target {
    fn path(&self) -> String {
        match self {
            Target::Page(page) => page.path().to_owned(),
            Target::ListPage(page, query) => format!("{}?{query}", page.path()),
            Target::Paper(slug) => vita::render::paper::paper_path(slug),
        }
    }
}

async fn create<E: Content>(db: &sea_orm::DatabaseConnection, value: Value)
where
    E::Model: sea_orm::IntoActiveModel<E::ActiveModel> + serde::Serialize + Send + Sync,
    E::ActiveModel: sea_orm::ActiveModelTrait<Entity = E> + sea_orm::ActiveModelBehavior + Send,
{
    let input = serde_json::from_value(value).expect("bench input");
    content::create::<E>(db, input).await.expect("seed");
}

async fn seed(db: &sea_orm::DatabaseConnection) {
    let hero = HeroContent {
        name: "Dr. Maja Eklund".into(),
        google_scholar_url: "https://scholar.google.com/citations?user=example".into(),
        cv_url: "/files/cv-files/cv.pdf".into(),
        ..HeroContent::default()
    };
    homepage::upsert(db, hero).await.unwrap();
    let lorem = "We study how hardware Trojans, fault injection and side channels threaten embedded devices, \
                 and how formal and learning-based verification can find such flaws before tape-out.";
    for i in 0..60 {
        create::<publications::Entity>(
            db,
            json!({
                "title": format!("Publication {i}: Verifying secure boot chains against fault attacks"),
                "authors": ["M. Eklund", "J. Svensson", "A. Author", format!("Co-Author {i}")],
                "venue": "IEEE Transactions on Computer-Aided Design", "year": 2010 + i % 15, "abstract": lorem,
                "doi": format!("10.1109/TCAD.2024.{i:05}"), "pdf_url": "https://example.org/paper.pdf", "featured": i % 10 == 0,
            }),
        )
        .await;
    }
    for i in 0..10 {
        create::<projects::Entity>(
            db,
            json!({
                "title": format!("Project {i}"), "summary": lorem, "featured": i < 3, "sort_order": i,
                "tech_stack": ["Rust", "Verilog", "SystemVerilog", "Python", "PyTorch", "Coq", "FPGA"],
                "collaborators": ["KTH", "Chalmers"], "start_date": "2022-01-01",
            }),
        )
        .await;
        create::<students::Entity>(
            db,
            json!({
                "name": format!("Student Number{i}"), "status": if i < 6 { "current" } else { "graduated" },
                "thesis_title": "Learning-based verification of hardware", "sort_order": i,
            }),
        )
        .await;
    }
    for i in 0..20 {
        create::<talks::Entity>(
            db,
            json!({
                "title": format!("Talk {i}"), "event_name": "DATE Conference", "event_location": "Valencia, Spain",
                "date": format!("2024-{:02}-10", 1 + i % 12), "abstract": lorem,
            }),
        )
        .await;
    }
    for i in 0..12 {
        create::<news::Entity>(db, json!({ "title": format!("News {i}"), "content": lorem, "date": format!("2025-{:02}-01", 1 + i % 12) }))
            .await;
    }
    for i in 0..8 {
        create::<courses::Entity>(
            db,
            json!({ "code": format!("EDA{i:03}"), "title": format!("Course {i}"), "year": 2020 + i, "description": lorem }),
        )
        .await;
    }
    for i in 0..5 {
        create::<open_calls::Entity>(
            db,
            json!({
                "title": format!("PhD position {i}"), "slug": format!("phd-position-{i}"), "description": lorem,
                "content": format!("<p>{lorem}</p><ul><li>Fully funded</li></ul>"), "requirements": "<ul><li>MSc</li></ul>",
                "deadline": format!("2026-{:02}-15", 1 + i), "funding_agency": "Swedish Research Council",
            }),
        )
        .await;
    }
    for (i, title) in ["Hardware Security", "Embedded Systems", "AI-Driven Verification"].iter().enumerate() {
        create::<research_areas::Entity>(
            db,
            json!({ "title": title, "description": lorem, "content": format!("<p>{lorem}</p>"), "sort_order": i }),
        )
        .await;
    }
}

/// One uncached render as the server does it: read the page's data, render, wrap in the
/// document. Returns the time the data took, the whole time, the page and its render input.
async fn render_page(
    db: &sea_orm::DatabaseConnection,
    renderer: &Renderer,
    settings: &SiteSettings,
    target: &Target,
) -> (Duration, Duration, String, RenderInput) {
    let started = Instant::now();
    let hero = homepage::read::<HeroContent>(db).await.unwrap().content;
    let data = match target {
        Target::Page(page) => pages::load(db, *page, &pages::Requested::parse(*page, None), settings, &hero, false, "en").await.unwrap(),
        Target::ListPage(page, query) => {
            pages::load(db, *page, &pages::Requested::parse(*page, Some(query)), settings, &hero, false, "en").await.unwrap()
        }
        Target::Paper(slug) => PageData::Paper(Box::new(
            pages::load_paper(db, slug, settings, vita::ops::clock::today(), "en").await.unwrap().expect("the paper exists"),
        )),
    };
    let base_url = "http://127.0.0.1:8080";
    let card_image = CardImage::of(&hero, base_url);
    let menu = vita::render::menu::links(db, settings, "", "en").await.unwrap();
    let site = SiteInfo {
        owner_name: hero.name.clone(),
        base_url: base_url.into(),
        today: vita::ops::clock::today(),
        card_image,
        menu,
        lang: "en".into(),
        languages: Vec::new(),
        texts: settings.texts.clone(),
    };
    let data_time = started.elapsed();
    let path = match target {
        Target::ListPage(page, _) => page.path().to_owned(),
        _ => target.path(),
    };
    let input = RenderInput { path, site, page: data, text_langs: Default::default(), hero };
    let html = renderer.render(&input, None).await.unwrap();
    let total_time = started.elapsed();
    (data_time, total_time, html, input)
}

/// One page's timings: reading its data, rendering it, both; and its last HTML.
#[derive(Default)]
struct Samples {
    data: Vec<Duration>,
    render: Vec<Duration>,
    total: Vec<Duration>,
    html: String,
}

/// A photo-like JPEG as a phone writes it (q90): smooth light, shapes, fine detail and a little
/// sensor noise, so its variants weigh what a real portrait's do.
fn photo(width: u32, height: u32) -> Vec<u8> {
    let mut noise = 0x2545_f491_u32;
    let picture = image::RgbImage::from_fn(width, height, |x, y| {
        noise ^= noise << 13;
        noise ^= noise >> 17;
        noise ^= noise << 5;
        let grain = (noise % 9) as f32 - 4.0;
        let (fx, fy) = (x as f32 / width as f32, y as f32 / height as f32);
        let face = ((fx - 0.5).powi(2) * 1.6 + (fy - 0.45).powi(2)).sqrt() < 0.22;
        let base =
            if face { [215.0 - 60.0 * fy, 170.0 - 30.0 * fy, 140.0] } else { [40.0 + 90.0 * fx, 70.0 + 80.0 * fy, 110.0 - 30.0 * fx] };
        let detail = 10.0 * ((x as f32 / 23.0).sin() * (y as f32 / 31.0).cos());
        image::Rgb(base.map(|c| (c + detail + grain).clamp(0.0, 255.0) as u8))
    });
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90).encode_image(&picture).unwrap();
    jpeg
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let option = |name: &str| args.iter().position(|a| a == name).map(|i| args[i + 1].clone());
    let seed_only = option("--seed-only");
    let dump_inputs = option("--dump-inputs");
    let dir = match &seed_only {
        Some(dir) => std::path::PathBuf::from(dir),
        None => tempfile::tempdir().unwrap().keep(),
    };
    std::fs::create_dir_all(&dir).unwrap();
    let db = store::connect(&Database::Sqlite { path: dir.join(store::SQLITE_FILE) }).await.unwrap();
    store::migrate(&db).await.unwrap();
    seed(&db).await;
    if seed_only.is_some() && args.iter().any(|a| a == "--backup-set") {
        seed_long_news(&db, BACKUP_SET_NEWS - SEEDED_NEWS).await;
        // Incompressible, as a PDF mostly is; served at the hero's CV link.
        let cv_dir = dir.join("files").join("cv-files");
        std::fs::create_dir_all(&cv_dir).unwrap();
        let mut cv = b"%PDF-1.7\n".to_vec();
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        cv.extend((0..5 * 1024 * 1024).map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        }));
        std::fs::write(cv_dir.join("cv.pdf"), cv).unwrap();
    }
    if seed_only.is_some() {
        let config = StoreConfig { data_dir: dir.clone(), database_url: None, s3_bucket: None, s3_settings: vec![] };
        let files = Files::open(&config).unwrap();
        let photo = photo(4000, 3000);
        let started = Instant::now();
        let uploaded = files.upload(Bucket::ProfilePhotos, "portrait.jpg", photo.clone().into()).await.unwrap();
        println!(
            "profile photo: {} × {} px, {} KB, variants made and stored in {} ms",
            4000,
            3000,
            photo.len() / 1024,
            started.elapsed().as_millis()
        );
        let hero = homepage::read::<HeroContent>(&db).await.unwrap().content;
        homepage::upsert(&db, HeroContent { profile_image_url: uploaded.url, ..hero }).await.unwrap();
        store::close(db).await;
        println!("seeded {}", dir.display());
        return;
    }
    let renderer = Renderer::start(1).unwrap();
    let settings = SiteSettings::default();
    let paper =
        publications::Entity::find().filter(publications::Column::Title.eq(PAPER_TITLE)).one(&db).await.unwrap().expect("the seeded paper");
    let targets: Vec<Target> = PAGES.into_iter().map(Target::Page).chain([Target::Paper(paper.slug)]).collect();
    measure(&db, &renderer, &settings, &targets, dump_inputs.as_deref()).await;
    store::close(db).await;
    let _ = std::fs::remove_dir_all(&dir);

    // A long list: /news with 4,000 items, its first and its last page.
    let dir = tempfile::tempdir().unwrap().keep();
    let db = store::connect(&Database::Sqlite { path: dir.join(store::SQLITE_FILE) }).await.unwrap();
    store::migrate(&db).await.unwrap();
    seed_long_news(&db, LONG_NEWS).await;
    let last = u32::try_from(LONG_NEWS.div_ceil(PublicPage::News.per_page().expect("news is paginated"))).unwrap();
    println!("\n/news with {LONG_NEWS} items, uncached:");
    let targets = [Target::Page(PublicPage::News), Target::ListPage(PublicPage::News, format!("page={last}"))];
    measure(&db, &renderer, &settings, &targets, None).await;
    store::close(db).await;
    let _ = std::fs::remove_dir_all(&dir);

    // Filters: /publications with 200 papers, a third of them tagged (budget: 15 ms p50).
    let dir = tempfile::tempdir().unwrap().keep();
    let db = store::connect(&Database::Sqlite { path: dir.join(store::SQLITE_FILE) }).await.unwrap();
    store::migrate(&db).await.unwrap();
    seed_tagged_papers(&db).await;
    println!("\n/publications with {TAGGED_PAPERS} papers, filtered, uncached (budget 15 ms p50):");
    let targets = [
        Target::Page(PublicPage::Publications),
        Target::ListPage(PublicPage::Publications, "tag=side-channels".into()),
        Target::ListPage(PublicPage::Publications, "tag=side-channels&q=fault%20eklund&year=2015".into()),
        Target::ListPage(PublicPage::Publications, "q=fault&page=3".into()),
    ];
    measure(&db, &renderer, &settings, &targets, None).await;
    cache_memory(&db, &renderer, &settings).await;
    store::close(db).await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// The papers of the filter measurement.
const TAGGED_PAPERS: usize = 200;

/// 200 published papers; every third carries the tag `side-channels`, all carry `hardware`.
async fn seed_tagged_papers(db: &sea_orm::DatabaseConnection) {
    use sea_orm::TransactionTrait;
    let txn = db.begin().await.unwrap();
    let tag = |name: &str| serde_json::from_value(json!({ "name": name, "color": "#2563eb" })).unwrap();
    let side_channels = content::create::<tags::Entity>(&txn, tag("Side channels")).await.unwrap().id;
    let hardware = content::create::<tags::Entity>(&txn, tag("Hardware")).await.unwrap().id;
    for i in 0..TAGGED_PAPERS {
        let tags = if i % 3 == 0 { vec![side_channels, hardware] } else { vec![hardware] };
        let input = serde_json::from_value(json!({
            "title": format!("Publication {i}: Verifying secure boot chains against fault attacks"),
            "authors": ["M. Eklund", "J. Svensson", "A. Author", format!("Co-Author {i}")],
            "venue": "IEEE Transactions on Computer-Aided Design", "year": 2010 + i % 15,
            "abstract": "We study how fault injection and side channels threaten embedded devices.",
            "doi": format!("10.1109/TCAD.2024.{i:05}"), "tag_ids": tags,
        }))
        .unwrap();
        content::create::<publications::Entity>(&txn, input).await.expect("seed");
    }
    txn.commit().await.unwrap();
}

/// Fills a page cache with 1,000 filtered variants of /publications (different searches, each
/// rendered for real) and prints what it holds.
async fn cache_memory(db: &sea_orm::DatabaseConnection, renderer: &Renderer, settings: &SiteSettings) {
    use std::sync::Arc;
    use vita::ops::config::DEFAULT_PAGE_CACHE_VARIANTS as DEFAULT_VARIANT_LIMIT;
    use vita::render::cache::{CachedPage, PageCache, Rendered};
    use vita::store::changes::Sources;
    let cache = Arc::new(PageCache::default());
    let today = vita::ops::clock::today();
    for i in 0..DEFAULT_VARIANT_LIMIT + 100 {
        let target = Target::ListPage(PublicPage::Publications, format!("q=publication%20{i}"));
        let key = target.path();
        let (_, _, html, _) = render_page(db, renderer, settings, &target).await;
        let page = Arc::new(CachedPage::new(html, None));
        let rendered = || {
            let page = Arc::clone(&page);
            async move { Ok(Rendered { page: Some(page), sources: Sources::PUBLICATIONS, kept_as: None }) }
        };
        cache.get_or_render(&key, today, false, rendered).await.unwrap();
    }
    println!(
        "page cache after {} distinct searches: {} variants kept (bound {DEFAULT_VARIANT_LIMIT}), {:.1} MB (HTML, gzip and brotli copies and keys)",
        DEFAULT_VARIANT_LIMIT + 100,
        cache.variants(),
        cache.memory() as f64 / 1_048_576.0
    );
}

/// `count` published news items, in one transaction (4,000 commits would be 4,000 fsyncs).
async fn seed_long_news(db: &sea_orm::DatabaseConnection, count: u64) {
    use sea_orm::TransactionTrait;
    let txn = db.begin().await.unwrap();
    let first = chrono::NaiveDate::from_ymd_opt(2000, 1, 1).unwrap();
    for i in 0..count {
        let date = first + chrono::Days::new(i);
        let input = serde_json::from_value(json!({
            "title": format!("News {i}: a grant for hardware security research"),
            "content": "We study how hardware Trojans, fault injection and side channels threaten embedded devices.",
            "date": date,
            "link_url": "https://example.org/news", "link_text": "Read more",
        }))
        .unwrap();
        content::create::<news::Entity>(&txn, input).await.expect("seed");
    }
    txn.commit().await.unwrap();
}

/// Renders each target uncached, warm-up first, and prints p50 / p99 and the page's size.
async fn measure(
    db: &sea_orm::DatabaseConnection,
    renderer: &Renderer,
    settings: &SiteSettings,
    targets: &[Target],
    dump_inputs: Option<&str>,
) {
    // The first renders of a page are slower (the engine's caches, SQLite's pages): warm up,
    // so the figures are a running server's.
    for target in targets {
        for _ in 0..WARM_UP {
            render_page(db, renderer, settings, target).await;
        }
    }
    // The pages take turns, so a slow spell of this (shared, virtual) machine falls on all
    // of them alike instead of on whichever page was being measured.
    let mut samples: Vec<Samples> = targets.iter().map(|_| Samples::default()).collect();
    for _ in 0..RUNS {
        for (target, samples) in targets.iter().zip(&mut samples) {
            let (data_time, total_time, html, input) = render_page(db, renderer, settings, target).await;
            if let Some(dir) = dump_inputs {
                let name = match target {
                    Target::Page(PublicPage::Home) => "home".to_owned(),
                    Target::Page(page) | Target::ListPage(page, _) => page.path().trim_start_matches('/').to_owned(),
                    Target::Paper(_) => "paper".to_owned(),
                };
                std::fs::write(format!("{dir}/{name}.json"), serde_json::to_string(&input).unwrap()).unwrap();
            }
            samples.data.push(data_time);
            samples.render.push(total_time - data_time);
            samples.total.push(total_time);
            samples.html = html;
        }
    }
    println!(
        "{:<14} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "page", "p50 ms", "p99 ms", "data p50", "render p50", "HTML KB", "gzip KB"
    );
    for (target, mut samples) in targets.iter().zip(samples) {
        samples.total.sort();
        samples.data.sort();
        samples.render.sort();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(samples.html.as_bytes()).unwrap();
        let gzip_len = gz.finish().unwrap().len();
        let ms = |times: &[Duration], p: f64| percentile(times, p).as_secs_f64() * 1000.0;
        println!(
            "{:<14} {:>10.2} {:>10.2} {:>10.2} {:>10.2} {:>10.1} {:>10.1}",
            if matches!(target, Target::Paper(_)) { "paper".to_owned() } else { target.path() },
            ms(&samples.total, 0.5),
            ms(&samples.total, 0.99),
            ms(&samples.data, 0.5),
            ms(&samples.render, 0.5),
            samples.html.len() as f64 / 1024.0,
            gzip_len as f64 / 1024.0
        );
    }
}
