//! BibTeX import budgets (issue 14): the preview and the import of a 1,000-entry file on SQLite
//! and PostgreSQL, and the memory a 5 MB import takes above idle; and (issue 31) hostile files:
//! 8,000 strings before 8,000 entries (budget <= 1 s), and 5 MB files of each hostile shape
//! (budget <= 2 s and <= 100 MB above idle each). Prints figures; never fails on a timing. Run: `cargo bench --bench import` (PostgreSQL from VITA_TEST_DATABASE_URL or
//! the local server; skipped with a note when unreachable).

use std::time::Instant;

use sea_orm::ConnectionTrait;
use vita::import::{self, EntryStatus, ImportRequest};
use vita::store::{self, Database};

const VENUES: [&str; 4] =
    ["IEEE Transactions on Computers", "Proceedings of {USENIX} Security", "Journal of Cryptographic Engineering", "CHES"];

/// `n` realistic entries: "Last, First" names with accents, a macro, pages, DOIs, and an
/// abstract of `abstract_words` words.
fn bib(n: usize, abstract_words: usize) -> String {
    let mut out = String::from("@string{tc = {IEEE Transactions on }}\n");
    let words = "masking side channel fault attack lattice hardware verification secure boot".split(' ').collect::<Vec<_>>();
    for i in 0..n {
        let abstract_text: Vec<&str> = (0..abstract_words).map(|w| words[(i + w) % words.len()]).collect();
        out.push_str(&format!(
            "@article{{paper{i},\n  title = {{Paper {i} on {{RISC-V}} {}}},\n  author = {{G{{\\\"u}}neysu, Tim and Ko{{\\c{{c}}}}, {{\\c{{C}}}}etin and Doe{i}, Jane}},\n  journal = {},\n  year = {},\n  month = sep,\n  pages = {{{}--{}}},\n  doi = {{10.1000/bench.{i}}},\n  abstract = {{{}}}\n}}\n\n",
            words[i % words.len()],
            if i % 5 == 0 { "tc # {Computers}".to_owned() } else { format!("{{{}}}", VENUES[i % VENUES.len()]) },
            1990 + i % 35,
            i % 300,
            i % 300 + 12,
            abstract_text.join(" "),
        ));
    }
    out
}

fn rss_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status.lines().find(|l| l.starts_with(field)).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok()).unwrap_or(0)
}

async fn measure(name: &str, db: &sea_orm::DatabaseConnection, text: &str) {
    let started = Instant::now();
    let preview = import::preview(db, text).await.expect("preview");
    let preview_time = started.elapsed();
    let all: Vec<u32> = preview.entries.iter().filter(|e| e.status == EntryStatus::New).map(|e| e.index).collect();
    let count = all.len();
    let started = Instant::now();
    let outcome = import::import(
        db,
        &vita::store::changes::Changes::for_database(db).await.unwrap(),
        ImportRequest { bibtex: text.to_owned(), import: all, update: vec![], file_name: None },
    )
    .await
    .expect("import");
    let import_time = started.elapsed();
    println!(
        "{name:<11} {:>7} entries  preview {:>7.1} ms  import {:>7.1} ms  ({})",
        count,
        preview_time.as_secs_f64() * 1e3,
        import_time.as_secs_f64() * 1e3,
        outcome.message
    );
}

#[tokio::main]
async fn main() {
    let thousand = bib(1000, 40);
    println!("== BibTeX import of a 1,000-entry file ({} KB); budgets: preview <= 1 s, import <= 2 s", thousand.len() / 1024);
    let dir = tempfile::tempdir().unwrap();
    let sqlite = store::connect(&Database::Sqlite { path: dir.path().join("vita.db") }).await.unwrap();
    store::migrate(&sqlite).await.unwrap();
    measure("SQLite", &sqlite, &thousand).await;

    let url = std::env::var("VITA_TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned());
    match store::connect(&Database::Postgres { url: url.clone(), schema: None }).await {
        Ok(admin) => {
            let schema = format!("vita_bench_{}", std::process::id());
            admin.execute_unprepared(&format!("CREATE SCHEMA {schema}")).await.unwrap();
            let pg = store::connect(&Database::Postgres { url, schema: Some(schema.clone()) }).await.unwrap();
            store::migrate(&pg).await.unwrap();
            measure("PostgreSQL", &pg, &thousand).await;
            store::close(pg).await;
            admin.execute_unprepared(&format!("DROP SCHEMA {schema} CASCADE")).await.unwrap();
            store::close(admin).await;
        }
        Err(e) => println!("PostgreSQL  not reachable ({e}): not measured"),
    }

    // Memory: a file just under the 5 MB limit, into a fresh SQLite database.
    let mut big = bib(1, 0);
    let mut n = 1;
    while big.len() < import::MAX_BYTES - 20_000 {
        n += 500;
        big = bib(n, 60);
        if big.len() > import::MAX_BYTES {
            n -= 500;
            big = bib(n, 60);
            break;
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let db = store::connect(&Database::Sqlite { path: dir.path().join("vita.db") }).await.unwrap();
    store::migrate(&db).await.unwrap();
    // Resets the peak (VmHWM) to the current size, so the peak below is this import's.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let idle = rss_kb("VmRSS:");
    measure("SQLite 5 MB", &db, &big).await;
    let peak = rss_kb("VmHWM:");
    println!(
        "== Memory of a {:.1} MB import: {} MB resident before, peak {} MB: {} MB above idle (budget <= 100 MB)",
        big.len() as f64 / 1_048_576.0,
        idle / 1024,
        peak / 1024,
        peak.saturating_sub(idle) / 1024
    );

    hostile(&db).await;
}

/// Files of `target` bytes made by repeating `unit(i)`.
fn repeated(target: usize, head: &str, unit: impl Fn(usize) -> String) -> String {
    let mut text = head.to_owned();
    let mut i = 0;
    while text.len() < target {
        text.push_str(&unit(i));
        i += 1;
    }
    text
}

async fn hostile(db: &sea_orm::DatabaseConnection) {
    println!("== Hostile files (issue 31): preview time and peak memory above idle");
    let mut strings_then_entries = String::new();
    for i in 0..8_000 {
        strings_then_entries.push_str(&format!("@string{{s{i} = {{Proceedings of the {i}th Workshop}}}}\n"));
    }
    for i in 0..8_000 {
        strings_then_entries.push_str(&format!("@article{{k{i}, title={{Paper {i}}}, author={{Doe, Jane}}, journal=s{i}, year=2020}}\n"));
    }
    let size = import::MAX_BYTES - 1024;
    let mut doubling = String::from("@string{a0 = \"xx\"}\n");
    for i in 1..=40 {
        doubling.push_str(&format!("@string{{a{i} = a{} # a{}}}\n", i - 1, i - 1));
    }
    let cases = [
        ("8,000 strings + 8,000 entries (budget 1 s)", strings_then_entries),
        (
            "5 MB: doubling macros used by every entry",
            repeated(size, &doubling, |i| format!("@article{{k{i}, title={{T{i}}}, author={{A B}}, journal=a40 # a20, year=2020}}\n")),
        ),
        ("5 MB: a chain of macros", repeated(size, "", |i| format!("@string{{m{i} = m{} # {{x}}}}\n", i + 1))),
        ("5 MB: one long entry", format!("@article{{k, title={{{}}}, author={{A B}}, year=2020}}", "word ".repeat(size / 5))),
        (
            "5 MB: entries nested 64 deep",
            repeated(size, "", |i| format!("@article{{k{i}, title={}x{}, author={{A B}}, year=2020}}\n", "{".repeat(63), "}".repeat(63))),
        ),
        ("5 MB: unbalanced braces", repeated(size, "", |_| "@article{k, title={{{{{\n".to_owned())),
        ("5 MB: quotes and backslashes", repeated(size, "@article{k, title=\"", |_| "\\\"{\\}\\\\".to_owned())),
    ];
    for (name, text) in cases {
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        let idle = rss_kb("VmRSS:");
        let started = Instant::now();
        let outcome = import::preview(db, &text).await;
        let elapsed = started.elapsed();
        let peak = rss_kb("VmHWM:");
        let summary = match outcome {
            Ok(p) => format!("{} new, {} invalid", p.new, p.invalid),
            Err(e) => e.to_string(),
        };
        println!(
            "{name:<46} {:>5.1} MB  {:>7.1} ms  {:>4} MB above idle  ({summary})",
            text.len() as f64 / 1_048_576.0,
            elapsed.as_secs_f64() * 1e3,
            peak.saturating_sub(idle) / 1024
        );
    }
}
