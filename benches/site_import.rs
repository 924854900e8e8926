//! `vita import site` (issue 42): the time to read and import each fixture site of
//! `../shared/fixtures/sites/` into a fresh SQLite database (the largest is the Hugo lab site:
//! 47 papers with their cite.bib, 23 talks, 40 posts, 50 author profiles), dry run and real
//! run, photo variants included. The budget is 60 s for the largest. Prints figures;
//! never fails on a timing. Run: `cargo bench --bench site_import`.

use std::path::Path;
use std::time::Instant;

use vita::import::site::{self, Tree};
use vita::media::files::Files;
use vita::ops::config::StoreConfig;
use vita::store::changes::Changes;
use vita::store::{self, Database};

#[tokio::main]
async fn main() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/sites");
    for id in ["01-alfolio-rodosingh", "02-alfolio-johanneshoerner", "03-hugo-cdmuir", "04-ap-jkjeon"] {
        let dir = tempfile::tempdir().unwrap();
        let db = store::connect(&Database::Sqlite { path: dir.path().join(store::SQLITE_FILE) }).await.unwrap();
        store::migrate(&db).await.unwrap();
        let files = Files::open(&StoreConfig { data_dir: dir.path().to_owned(), database_url: None, s3_bucket: None, s3_settings: vec![] })
            .unwrap();
        let changes = Changes::for_database(&db).await.unwrap();
        let mut figures = Vec::new();
        for dry_run in [true, false, false] {
            let started = Instant::now();
            let tree = Tree::open(&fixtures.join(id)).unwrap();
            let generator = site::detect(&tree).unwrap().generator;
            let read = site::read(&tree, generator);
            let read_time = started.elapsed();
            let report = site::import(&db, &files, &changes, &tree, generator, read, dry_run).await.unwrap();
            figures.push(format!(
                "{} {:>6.0} ms (read {:>4.0} ms, {} items)",
                if dry_run {
                    "dry run"
                } else if report.changes_anything() {
                    "import "
                } else {
                    "again  "
                },
                started.elapsed().as_secs_f64() * 1e3,
                read_time.as_secs_f64() * 1e3,
                report.items.len()
            ));
        }
        println!("{id:<28} {}", figures.join("  "));
        store::close(db).await;
    }
}
