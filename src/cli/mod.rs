//! The command line: `vita [serve]`, `vita migrate`, `vita admin add`, `vita admin reset-2fa`,
//! `vita import bibtex|doi|orcid|site`, `vita citations refresh`, `vita backup`, `vita restore`,
//! `vita stats`, `vita export`.
//!
//! The static export (`export`) lives here, above the server: it asks the router for every
//! page, as a visitor would, so it stands on `http` and nothing below uses it.

pub mod export;

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};

use crate::app::{self, App};
use crate::content::imports::{ImportKind, ImportSource};
use crate::import::bibtex::RawEntry;
use crate::import::site;
use crate::import::{self, DuplicateOf, EntryStatus, ImportPreview};
use crate::media::files::Files;
use crate::ops::config::{Config, OutsideConfig, StoreConfig};
use crate::scholarly::{self, Scholarly};
use crate::store::changes::Changes;
use crate::{auth, backup, store};

#[derive(Parser)]
#[command(
    name = "vita",
    version,
    about = "Vita: a self-hosted academic website with an admin back office",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// With no command, `vita` serves the site.
    #[command(flatten)]
    serve: Config,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the site (the default).
    Serve(Box<Config>),
    /// Bring the database schema up to date, then exit.
    Migrate(StoreConfig),
    /// Manage owner accounts.
    #[command(subcommand)]
    Admin(AdminCommand),
    /// Bring publications in from another tool.
    #[command(subcommand)]
    Import(ImportCommand),
    /// The citation counts of the papers, from Crossref and OpenAlex.
    #[command(subcommand)]
    Citations(CitationsCommand),
    /// Write the whole site (every table but the sessions, and the uploaded files) to one
    /// archive, while the site keeps serving.
    Backup {
        /// The archive to write (a ZIP file; an existing file is replaced only once the new
        /// archive is complete).
        file: PathBuf,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Restore an archive written by `vita backup`, from SQLite or PostgreSQL into either.
    /// The whole archive is checked first; nothing changes when it is refused.
    Restore {
        file: PathBuf,
        /// Replace the content of a site that is not empty.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Print the statistics of a span of days (what the dashboard's Statistics page shows):
    /// visitors, views and downloads per day, then the pages, downloads and sources.
    Stats {
        /// The first day (YYYY-MM-DD); by default 29 days before the last.
        #[arg(long)]
        from: Option<String>,
        /// The last day (YYYY-MM-DD); by default today (UTC).
        #[arg(long)]
        to: Option<String>,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Write the public site as static files into a folder (built from the database, with
    /// `.gz` and `.br` copies), for web space that serves only files.
    Export {
        /// The folder: new, empty, or a previous export (which is replaced).
        dir: PathBuf,
        /// Where the files will be served from, e.g. https://uni.example/~maja/ : every link,
        /// asset and canonical address is made for it. Without it, links are root-relative.
        #[arg(long, env = "VITA_BASE_URL")]
        base_url: Option<String>,
        #[command(flatten)]
        store: StoreConfig,
    },
}

#[derive(Subcommand)]
enum ImportCommand {
    /// Import a whole al-folio, Hugo Blox / Wowchemy or academicpages site: the owner and
    /// photo, the about page, publications, news, projects, talks, courses and the CV. Prints
    /// what each file becomes (created, updated, unchanged, duplicate, conflict, skipped and
    /// why, error with file and line), then imports it all in one transaction. Safe to run
    /// again: an unchanged site changes nothing.
    Site {
        /// The site: a folder (a clone of its repository), a .zip or a .tar.gz of it.
        path: PathBuf,
        /// Only print what would be imported; nothing is written.
        #[arg(long)]
        dry_run: bool,
        /// The generator, when the marker files do not say it (or say it wrong).
        #[arg(long, value_enum)]
        generator: Option<site::Generator>,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Import the entries of a .bib file as publications: prints what each entry is (new,
    /// duplicate, invalid) and imports the new ones in one transaction. Exits non-zero when
    /// nothing could be imported.
    Bibtex {
        /// The .bib file (at most 5 MB).
        file: std::path::PathBuf,
        /// Only print what would be imported.
        #[arg(long)]
        dry_run: bool,
        /// Update the stored paper an entry duplicates instead of skipping the entry.
        #[arg(long)]
        update_duplicates: bool,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Add papers by their DOI (bare, doi:… or a doi.org link): the metadata from Crossref,
    /// else from DOI content negotiation. A DOI already stored is a duplicate and skipped.
    /// Exits non-zero when nothing could be added.
    Doi {
        /// The DOIs: bare (10.1145/3448016.3452841), doi:… or https://doi.org/….
        #[arg(required = true)]
        dois: Vec<String>,
        /// Only print what would be added.
        #[arg(long)]
        dry_run: bool,
        #[command(flatten)]
        sources: OutsideArgs,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Add the works of an ORCID record that are not stored yet (filled from their DOI).
    /// Exits non-zero when nothing could be added.
    Orcid {
        /// The ORCID iD, e.g. 0000-0002-1825-0097.
        id: String,
        /// Only print what would be added.
        #[arg(long)]
        dry_run: bool,
        #[command(flatten)]
        sources: OutsideArgs,
        #[command(flatten)]
        store: StoreConfig,
    },
}

/// Where the outside sources are and what the User-Agent says of this site.
#[derive(clap::Args)]
struct OutsideArgs {
    /// The site's public address, named in the User-Agent of the outside calls.
    #[arg(long, env = "VITA_BASE_URL", default_value = "http://localhost")]
    base_url: String,
    #[command(flatten)]
    outside: OutsideConfig,
}

#[derive(Subcommand)]
enum CitationsCommand {
    /// Fetch the citation counts of every published paper with a DOI now (the server does it
    /// daily). Exits non-zero when no source answered.
    Refresh {
        #[command(flatten)]
        sources: OutsideArgs,
        #[command(flatten)]
        store: StoreConfig,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Create an owner account, or set a new password for an existing one. The password is
    /// read from standard input when it is not a terminal, otherwise prompted for.
    Add {
        /// The owner's e-mail address (the sign-in name).
        #[arg(long)]
        email: String,
        /// Start a new site when there is no database where the settings point (a new SQLite
        /// file, or Vita's tables in an empty PostgreSQL database). Without it, a missing
        /// database is an error that says where it was looked for.
        #[arg(long)]
        create: bool,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Turn off an owner's two-factor authentication (for an owner who lost the authenticator
    /// app and the recovery codes): removes the app's secret and the recovery codes and ends
    /// every session, so the next sign-in needs only the password.
    #[command(name = "reset-2fa")]
    Reset2fa {
        /// The owner's e-mail address.
        #[arg(long)]
        email: String,
        #[command(flatten)]
        store: StoreConfig,
    },
}

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => serve(cli.serve).await,
        Some(Command::Serve(config)) => serve(*config).await,
        Some(Command::Migrate(store_config)) => {
            let (db, location) = open(&store_config).await?;
            store::close(db).await;
            println!("The database in {location} is up to date.");
            Ok(())
        }
        Some(Command::Admin(AdminCommand::Add { email, create, store: store_config })) => {
            // Asked before the password: opening a database that is not there would create one.
            let database = store::Database::from_config(&store_config)?;
            if !create && !store::holds_a_site(&database).await? {
                bail!(
                    "there is no Vita database in {}: point VITA_DATA_DIR (or --data-dir, or DATABASE_URL) at the site's data, \
                     or add --create to start a new site there",
                    database.location()
                );
            }
            let password = read_password()?;
            let (db, location) = open(&store_config).await?;
            let result = auth::add_owner(&db, &email, &password).await;
            store::close(db).await;
            let user = result.map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("Owner account {} is ready in {location}: sign in at /admin/login.", user.email);
            Ok(())
        }
        Some(Command::Admin(AdminCommand::Reset2fa { email, store: store_config })) => {
            let (db, location) = open(&store_config).await?;
            let result = auth::second_factor::reset(&db, &email).await;
            store::close(db).await;
            let email = auth::normalise_email(&email);
            if result.map_err(|e| anyhow::anyhow!("{e}"))? {
                println!(
                    "Two-factor authentication is off for {email} in {location}, and every session has ended: sign in with the password alone."
                );
            } else {
                println!("{email} had no two-factor authentication in {location}; every session has ended.");
            }
            Ok(())
        }
        Some(Command::Import(ImportCommand::Bibtex { file, dry_run, update_duplicates, store: store_config })) => {
            let bytes = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
            if bytes.len() > import::MAX_BYTES {
                bail!("{}", import::too_large());
            }
            let text = String::from_utf8(bytes)
                .map_err(|_| anyhow::anyhow!("{} is not a BibTeX file: a .bib file is UTF-8 text", file.display()))?;
            let name = file.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_else(|| file.display().to_string());
            let source = ImportSource::new(ImportKind::Bibtex, name);
            let (db, location) = open(&store_config).await?;
            let result = import_bibtex(&db, &location, text, dry_run, update_duplicates, &source).await;
            store::close(db).await;
            result
        }
        Some(Command::Import(ImportCommand::Site { path, dry_run, generator, store: store_config })) => {
            import_site(&store_config, path, dry_run, generator).await
        }
        Some(Command::Import(ImportCommand::Doi { dois, dry_run, sources, store: store_config })) => {
            let (db, location) = open(&store_config).await?;
            let result = import_dois(&db, &location, &sources, &dois, dry_run).await;
            store::close(db).await;
            result
        }
        Some(Command::Import(ImportCommand::Orcid { id, dry_run, sources, store: store_config })) => {
            let id = crate::rules::validate::orcid_id(&id).map_err(|rule| anyhow::anyhow!("{id:?}: {rule}"))?;
            let (db, location) = open(&store_config).await?;
            let result = async {
                let scholarly = outside_sources(&db, &sources).await?;
                let entries = scholarly::orcid::entries(&db, &scholarly, &id, true).await.map_err(|e| anyhow::anyhow!("{e}"))?;
                import_entries(&db, &location, entries, dry_run, false, &ImportSource::new(ImportKind::Orcid, id.clone())).await
            }
            .await;
            store::close(db).await;
            result
        }
        Some(Command::Citations(CitationsCommand::Refresh { sources, store: store_config })) => {
            let (db, location) = open(&store_config).await?;
            let result = async {
                let scholarly = outside_sources(&db, &sources).await?;
                let changes = Changes::for_database(&db).await?;
                let outcome = scholarly::refresh::run(&db, &scholarly, &changes).await.map_err(|e| anyhow::anyhow!("{e}"))?;
                println!("In {location}: {}", outcome.summary());
                if !outcome.any_answered() {
                    bail!("no source answered: the last known counts stay");
                }
                anyhow::Ok(())
            }
            .await;
            store::close(db).await;
            result
        }
        Some(Command::Backup { file, store: store_config }) => {
            let (db, location) = open(&store_config).await?;
            let result = write_backup(&db, &location, &Files::open(&store_config)?, &file).await;
            store::close(db).await;
            result
        }
        Some(Command::Restore { file, force, store: store_config }) => {
            let archive = std::fs::File::open(&file).with_context(|| format!("cannot read {}", file.display()))?;
            // Checked before the database is even opened: a refused archive changes nothing.
            let checked = tokio::task::spawn_blocking(move || backup::check(std::io::BufReader::new(archive))).await??;
            let (db, location) = open(&store_config).await?;
            let result = backup::restore(&db, &Files::open(&store_config)?, checked, force).await;
            store::close(db).await;
            let summary = result?;
            println!(
                // The restore announces its write like any other (`store::changes`): a running
                // server drops the pages it cached within a second, with no restart.
                "Restored {} rows and {} files ({} bytes) from {} into {location}. A running Vita shows them within a second.",
                summary.rows,
                summary.files,
                summary.bytes,
                file.display()
            );
            Ok(())
        }
        Some(Command::Stats { from, to, store: store_config }) => {
            let today = chrono::Utc::now().date_naive();
            let (from, to) = crate::http::span_of(from.as_deref(), to.as_deref(), today).map_err(|e| anyhow::anyhow!("{e}"))?;
            let (db, location) = open(&store_config).await?;
            let result = crate::stats::report::report(&db, from, to).await;
            store::close(db).await;
            println!("Statistics of {from} to {to} in {location}:\n\n{}", result?.table());
            Ok(())
        }
        Some(Command::Export { dir, base_url, store: store_config }) => {
            let base = export::BaseUrl::parse(base_url.as_deref())?;
            let location = store::Database::from_config(&store_config)?.location();
            let summary = export::export(&store_config, &dir, &base).await?;
            println!("Exported {} pages and {} other files from {location} to {}.", summary.pages, summary.files, dir.display());
            Ok(())
        }
    }
}

/// `vita import site`: reads the site (refusing a hostile archive before the database is even
/// opened), says which generator it is, then prints the report of the import or dry run.
async fn import_site(store_config: &StoreConfig, path: PathBuf, dry_run: bool, generator: Option<site::Generator>) -> anyhow::Result<()> {
    let shown = path.display().to_string();
    let site::Prepared { tree, generator, detection, site: read } =
        site::prepare(path, site::tree::LIMITS, generator).await.map_err(|e| anyhow::anyhow!("{shown}: {e}"))?;
    println!("{detection}");
    let (db, location) = open(store_config).await?;
    let result = async {
        let files = Files::open(store_config)?;
        let changes = Changes::for_database(&db).await?;
        let report = site::import(&db, &files, &changes, &tree, generator, read, dry_run).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        print_site_report(&report);
        let total = |f: fn(&site::Counts) -> usize| site::Kind::ALL.iter().map(|k| f(&report.counts(*k))).sum::<usize>();
        let numbers = format!(
            "{} {}, {} {}, {} unchanged, {} duplicates, {} conflicts, {} skipped, {} errors",
            total(|c| c.created),
            if dry_run { "new" } else { "created" },
            total(|c| c.updated),
            if dry_run { "to update" } else { "updated" },
            total(|c| c.unchanged),
            total(|c| c.duplicates),
            total(|c| c.conflicts),
            total(|c| c.skipped),
            total(|c| c.errors)
        );
        if dry_run {
            println!("Dry run on {location}: {numbers} (nothing was written)");
        } else {
            println!("Imported {shown} into {location}: {numbers}");
        }
        anyhow::Ok(())
    }
    .await;
    store::close(db).await;
    result
}

fn print_site_report(report: &site::Report) {
    let verb = |outcome: &site::Outcome| match (outcome, report.dry_run) {
        (site::Outcome::Created, true) => "new".to_owned(),
        (site::Outcome::Created, false) => "created".to_owned(),
        (site::Outcome::Updated, true) => "update".to_owned(),
        (site::Outcome::Updated, false) => "updated".to_owned(),
        (site::Outcome::Unchanged, _) => "unchanged".to_owned(),
        (site::Outcome::Duplicate(of), _) => format!("duplicate of {of}"),
        (site::Outcome::Conflict, _) => "conflict: edited in Vita since the last import, left alone".to_owned(),
        (site::Outcome::Skipped(why), _) => format!("skipped: {why}"),
        (site::Outcome::Error(why), _) => format!("error: {why}"),
    };
    for kind in site::Kind::ALL {
        let items: Vec<_> = report.items.iter().filter(|i| i.kind == kind).collect();
        if items.is_empty() {
            continue;
        }
        let c = report.counts(kind);
        println!(
            "\n{}: {} {}, {} {}, {} unchanged, {} duplicates, {} conflicts, {} skipped, {} errors",
            kind.plural(),
            c.created,
            if report.dry_run { "new" } else { "created" },
            c.updated,
            if report.dry_run { "to update" } else { "updated" },
            c.unchanged,
            c.duplicates,
            c.conflicts,
            c.skipped,
            c.errors
        );
        for item in items {
            let date = item.date.map(|d| format!(" ({d})")).unwrap_or_default();
            println!(
                "  {}{date}  [{}]  {}",
                if item.title.is_empty() { "(untitled)" } else { &item.title },
                item.source,
                verb(&item.outcome)
            );
        }
    }
    let unplaced: Vec<_> = report.problems.iter().filter(|p| p.kind.is_none()).collect();
    if !unplaced.is_empty() {
        println!("\nFiles that could not be read or stored:");
        for problem in unplaced {
            println!("  {problem}");
        }
    }
    if !report.removed.is_empty() {
        println!("\nTemplate code removed (it has no meaning outside the generator):");
        for (file, code) in &report.removed {
            println!("  {file}: {code}");
        }
    }
    let missing: Vec<_> = report.media.iter().filter(|m| !m.found).collect();
    println!("\nPictures and files referred to: {} found, {} missing", report.media.len() - missing.len(), missing.len());
    for media in missing {
        println!("  missing: {} (in {})", media.path, media.from);
    }
    if !report.social.is_empty() {
        let listed: Vec<String> =
            report.social.iter().filter(|s| !report.social_placed.contains(&s.key)).map(|s| format!("{} ({})", s.key, s.url)).collect();
        println!(
            "\nSocial links: {} (on the home page: {}; listed only: {})",
            report.social.len(),
            if report.social_placed.is_empty() { "none".to_owned() } else { report.social_placed.join(", ") },
            if listed.is_empty() { "none".to_owned() } else { listed.join(", ") }
        );
    }
}

/// Writes the archive beside `file` under a temporary name, then renames it: a failed or
/// interrupted backup never leaves a partial archive under the name asked for.
async fn write_backup(db: &sea_orm::DatabaseConnection, location: &str, files: &Files, file: &std::path::Path) -> anyhow::Result<()> {
    let partial = file.with_extension("partial");
    let out = std::fs::File::create(&partial).with_context(|| format!("cannot write {}", partial.display()))?;
    let result = async {
        let (out, summary) = backup::write(db, files, out).await?;
        out.sync_all()?;
        std::fs::rename(&partial, file).with_context(|| format!("cannot write {}", file.display()))?;
        anyhow::Ok(summary)
    }
    .await;
    let summary = result.inspect_err(|_| {
        let _ = std::fs::remove_file(&partial);
    })?;
    println!(
        "Wrote {} from {location}: {} rows and {} files ({} bytes of files).",
        file.display(),
        summary.rows,
        summary.files,
        summary.bytes
    );
    Ok(())
}

/// Opens (and migrates) the database a command works on, with where it is, which the command
/// names in what it prints: run in the wrong folder, a command would otherwise work on another
/// database, or a new empty one, without a word.
async fn open(config: &StoreConfig) -> anyhow::Result<(sea_orm::DatabaseConnection, String)> {
    let location = store::Database::from_config(config)?.location();
    Ok((store::open(config).await?, location))
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let database = store::Database::from_config(&config.store)?;
    tracing::info!(database = %database.describe(), "starting");
    let app = App::build(&config).await?;
    // Before the line below: whoever reads it may send SIGTERM at once.
    let shutdown = app::shutdown_signal();
    // Scripts and tests read this line to learn the address (the port may have been 0).
    announce(&format!("Vita is running at http://{}", app.local_addr()));
    if let Some(https) = app.https_addr() {
        announce(&format!("Vita serves HTTPS at {} (port {})", app.state().base_url, https.port()));
    }
    if let Some(link) = app.setup_link() {
        // Only whoever can read this output can create the owner account.
        announce(&format!("No owner account yet: create it at {link} (one time only), or run `vita admin add`"));
    }
    app.serve(shutdown).await
}

/// Prints a line of `serve`'s own output. A reader that has gone away (a script that read the
/// address and closed the pipe) must not stop the server, as `println!` would by panicking.
fn announce(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// The outside sources, unless `--no-outside-calls` turned them off.
async fn outside_sources(db: &sea_orm::DatabaseConnection, args: &OutsideArgs) -> anyhow::Result<Scholarly> {
    Scholarly::for_site(&args.outside, db, &args.base_url)?.ok_or_else(|| anyhow::anyhow!("{}", scholarly::TURNED_OFF))
}

/// Looks each DOI up and adds the new ones as `import_entries` does a file's entries; a DOI
/// that is malformed or that no agency knows is an invalid entry with its reason.
async fn import_dois(
    db: &sea_orm::DatabaseConnection,
    location: &str,
    args: &OutsideArgs,
    dois: &[String],
    dry_run: bool,
) -> anyhow::Result<()> {
    let scholarly = outside_sources(db, args).await?;
    let mut entries = Vec::with_capacity(dois.len());
    for (index, typed) in dois.iter().enumerate() {
        let found = match crate::rules::validate::doi(typed) {
            Err(rule) => Err(rule.to_owned()),
            Ok(doi) => scholarly.lookup_doi(&doi).await.map_err(|e| format!("{doi}: {e}")),
        };
        let (text, mapped) = match found {
            Ok(record) => (record.bibtex.unwrap_or_default(), Ok(record.publication)),
            Err(reason) => (String::new(), Err(reason)),
        };
        entries.push(RawEntry { line: index + 1, key: Some(typed.clone()), text, warnings: Vec::new(), mapped });
    }
    let source = ImportSource::new(ImportKind::Doi, dois.join(", "));
    import_entries(db, location, entries, dry_run, true, &source).await
}

/// Prints the preview as a table, then imports (unless `dry_run`) and prints the summary.
async fn import_bibtex(
    db: &sea_orm::DatabaseConnection,
    location: &str,
    text: String,
    dry_run: bool,
    update_duplicates: bool,
    source: &ImportSource,
) -> anyhow::Result<()> {
    let entries = import::read_file(&text, import::READ_LIMIT).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let preview = import::preview_entries(db, entries.clone()).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    print_preview(&preview, update_duplicates);
    let (to_import, to_update) = chosen(&preview, update_duplicates);
    finish_import(db, location, entries, &preview, (to_import, to_update), dry_run, source).await
}

/// The preview of `entries` printed, then the new ones imported (unless `dry_run`); with
/// `show_stored`, what each added paper holds is printed too.
async fn import_entries(
    db: &sea_orm::DatabaseConnection,
    location: &str,
    entries: Vec<RawEntry>,
    dry_run: bool,
    show_stored: bool,
    source: &ImportSource,
) -> anyhow::Result<()> {
    let preview = import::preview_entries(db, entries.clone()).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    print_preview(&preview, false);
    let (to_import, to_update) = chosen(&preview, false);
    if show_stored {
        for entry in preview.entries.iter().filter(|e| to_import.contains(&e.index)) {
            if let Some(p) = &entry.publication {
                println!(
                    "\n{}\n  {}\n  {}, {}{}",
                    p.title,
                    p.authors.join(", "),
                    p.venue,
                    year_text(p.year),
                    p.doi.as_deref().map(|d| format!(", doi:{d}")).unwrap_or_default()
                );
            }
        }
    }
    finish_import(db, location, entries, &preview, (to_import, to_update), dry_run, source).await
}

/// An entry's year as the preview prints it: "undated" when it names none.
fn year_text(year: Option<i32>) -> String {
    year.map_or_else(|| "undated".to_owned(), |year| year.to_string())
}

fn print_preview(preview: &ImportPreview, update_duplicates: bool) {
    println!("{:>5}  {:>6}  {:<9}  title, or why not", "entry", "line", "status");
    for entry in &preview.entries {
        let status = match entry.status {
            EntryStatus::New => "new",
            EntryStatus::Duplicate if update_duplicates && entry.duplicate_of.as_ref().is_some_and(|d| d.id.is_some()) => "update",
            EntryStatus::Duplicate => "duplicate",
            EntryStatus::Invalid => "invalid",
        };
        let what = match (&entry.publication, &entry.reason, &entry.duplicate_of) {
            (_, Some(reason), _) => reason.clone(),
            (Some(p), _, Some(DuplicateOf { line: Some(line), .. })) => {
                format!("{} ({}; same as the entry at line {line})", p.title, year_text(p.year))
            }
            (Some(p), _, Some(_)) => format!("{} ({}; already stored)", p.title, year_text(p.year)),
            (Some(p), _, None) => format!("{} ({})", p.title, year_text(p.year)),
            (None, None, _) => String::new(),
        };
        let note = entry.note.as_deref().map(|note| format!(" [{note}]")).unwrap_or_default();
        println!("{:>5}  {:>6}  {:<9}  {what}{note}", entry.index + 1, entry.line, status);
    }
}

/// The entries to add (the new ones) and to update (duplicates of stored papers, when asked).
fn chosen(preview: &ImportPreview, update_duplicates: bool) -> (Vec<u32>, Vec<u32>) {
    let with = |status: EntryStatus| -> Vec<u32> {
        preview
            .entries
            .iter()
            .filter(|e| e.status == status && (status == EntryStatus::New || e.duplicate_of.as_ref().is_some_and(|d| d.id.is_some())))
            .map(|e| e.index)
            .collect()
    };
    (with(EntryStatus::New), if update_duplicates { with(EntryStatus::Duplicate) } else { Vec::new() })
}

async fn finish_import(
    db: &sea_orm::DatabaseConnection,
    location: &str,
    entries: Vec<RawEntry>,
    preview: &ImportPreview,
    (to_import, to_update): (Vec<u32>, Vec<u32>),
    dry_run: bool,
    source: &ImportSource,
) -> anyhow::Result<()> {
    let total = preview.entries.len() as u32;
    let (imported, updated) = (to_import.len() as u32, to_update.len() as u32);
    if dry_run {
        println!("Dry run on {location}: {} (nothing was written)", import::summary(imported, updated, total - imported - updated));
    } else {
        let changes = Changes::for_database(db).await?;
        let outcome =
            import::import_entries(db, &changes, entries, &to_import, &to_update, source).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        println!("{} in {location}", outcome.message);
    }
    if imported + updated == 0 {
        bail!("nothing could be imported");
    }
    Ok(())
}

fn read_password() -> anyhow::Result<String> {
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("Password: ").context("cannot read the password")?;
        let second = rpassword::prompt_password("Repeat the password: ").context("cannot read the password")?;
        if first != second {
            bail!("the two passwords differ");
        }
        Ok(first)
    } else {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line).context("cannot read the password from standard input")?;
        let password = line.trim_end_matches(['\n', '\r']).to_owned();
        if password.is_empty() {
            bail!("no password on standard input");
        }
        Ok(password)
    }
}
