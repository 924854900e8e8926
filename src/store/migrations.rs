//! Schema migrations, append-only: once a migration has shipped it is never edited; a change
//! to the schema is a new migration below the others. They are written with sea-query so the
//! one definition creates the same tables on SQLite and PostgreSQL.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migrator;

#[sea_orm_migration::async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(M0001Initial),
            Box::new(M0002SignInProtection),
            Box::new(M0003FractionalCredits),
            Box::new(M0004PublicationCitationFields),
            Box::new(M0005PublicationPdfFile),
            Box::new(M0006ContentTags),
            Box::new(M0007SecondFactor),
            Box::new(M0008CacheAnnouncements),
            Box::new(M0009PageRanges),
            Box::new(M0010TlsState),
            Box::new(M0011SignInLimits),
            Box::new(M0012ScholarlySources),
            Box::new(M0013NoInventedVenues),
            Box::new(M0014CvSections),
            Box::new(M0015BareDois),
            Box::new(M0016Posts),
            Box::new(M0017Statistics),
            Box::new(M0018SiteImportSources),
            Box::new(M0019AuthorsWithoutTitles),
            Box::new(M0020UndoActions),
            Box::new(M0022ImportRecords),
            Box::new(M0023Translations),
            Box::new(M0024UndatedPapers),
        ]
    }
}

/// Every table of the spec (section 3), plus the owner accounts and their sessions.
struct M0001Initial;

impl MigrationName for M0001Initial {
    fn name(&self) -> &str {
        "m0001_initial"
    }
}

/// A content table: a UUID key, the given columns, and the creation and update times.
fn content_table(name: &'static str, columns: Vec<ColumnDef>) -> TableCreateStatement {
    let mut table = Table::create();
    table.table(name).if_not_exists().col(pk_uuid("id"));
    for mut column in columns {
        table.col(&mut column);
    }
    table.col(timestamp_with_time_zone("created_at")).col(timestamp_with_time_zone("updated_at")).to_owned()
}

fn index(table: &'static str, columns: &[&'static str], unique: bool) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(format!("idx_{table}_{}", columns.join("_"))).table(table).if_not_exists();
    for column in columns {
        index.col(*column);
    }
    if unique {
        index.unique();
    }
    index.to_owned()
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0001Initial {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            content_table("homepage_content", vec![string_uniq("section"), json("content")]),
            content_table(
                "news_items",
                vec![
                    string("title"),
                    text("content"),
                    date("date"),
                    string_null("link_url"),
                    string_null("link_text"),
                    boolean("featured"),
                    string("status"),
                ],
            ),
            content_table(
                "research_areas",
                vec![
                    string("title"),
                    string_uniq("slug"),
                    text_null("description"),
                    text_null("content"),
                    string("color"),
                    string("icon"),
                    boolean("featured"),
                    integer("sort_order"),
                    string("status"),
                ],
            ),
            content_table(
                "publications",
                vec![
                    string("title"),
                    string_uniq("slug"),
                    json("authors"),
                    string("venue"),
                    integer("year"),
                    text_null("abstract"),
                    string_null("pdf_url"),
                    string_null("url"),
                    string_null("doi"),
                    string_null("pages"),
                    string_null("volume"),
                    text_null("bibtex"),
                    boolean("featured"),
                    string("status"),
                ],
            ),
            content_table(
                "projects",
                vec![
                    string("title"),
                    string_uniq("slug"),
                    text("summary"),
                    text_null("content"),
                    json("tech_stack"),
                    json("collaborators"),
                    string_null("repository_url"),
                    string_null("demo_url"),
                    string_null("funding_source"),
                    string_null("funding_amount"),
                    date_null("start_date"),
                    date_null("end_date"),
                    boolean("featured"),
                    integer("sort_order"),
                    string("status"),
                ],
            ),
            content_table(
                "courses",
                vec![
                    string("code"),
                    string("title"),
                    string_uniq("slug"),
                    integer("year"),
                    string("term"),
                    string("role"),
                    text_null("description"),
                    integer_null("credits"),
                    integer_null("students_count"),
                    string_null("course_url"),
                    string_null("syllabus_url"),
                    string("status"),
                    boolean("featured"),
                ],
            ),
            content_table(
                "students",
                vec![
                    string("name"),
                    string("level"),
                    string("status"),
                    text_null("bio"),
                    string_null("thesis_title"),
                    integer("start_year"),
                    integer_null("graduation_year"),
                    string_null("current_position"),
                    string_null("email"),
                    string_null("linkedin_url"),
                    string_null("website_url"),
                    string_null("profile_image_url"),
                    integer("sort_order"),
                ],
            ),
            content_table(
                "talks",
                vec![
                    string("title"),
                    string_uniq("slug"),
                    string("event_name"),
                    string_null("event_location"),
                    date("date"),
                    string("type"),
                    text_null("abstract"),
                    string_null("slides_url"),
                    string_null("video_url"),
                    string("status"),
                    boolean("featured"),
                ],
            ),
            content_table("tags", vec![string("name"), string_uniq("slug"), string("color")]),
            content_table(
                "open_calls",
                vec![
                    string("title"),
                    string_uniq("slug"),
                    text_null("description"),
                    text_null("content"),
                    text_null("requirements"),
                    string_null("contact_email"),
                    text_null("contact_info"),
                    string_null("application_url"),
                    string_null("funding_amount"),
                    string_null("duration"),
                    string_null("funding_agency"),
                    date_null("deadline"),
                    string("status"),
                    boolean("featured"),
                ],
            ),
            content_table("users", vec![string_uniq("email"), string("password_hash")]),
            content_table(
                "sessions",
                vec![
                    uuid("user_id"),
                    string_uniq("token_hash"),
                    timestamp_with_time_zone("last_seen_at"),
                    timestamp_with_time_zone("idle_expires_at"),
                    timestamp_with_time_zone("expires_at"),
                    string_null("user_agent"),
                    string_null("ip"),
                ],
            )
            .foreign_key(
                ForeignKey::create()
                    .name("fk_sessions_user")
                    .from("sessions", "user_id")
                    .to("users", "id")
                    .on_delete(ForeignKeyAction::Cascade),
            )
            .to_owned(),
        ];
        for table in tables {
            manager.create_table(table).await?;
        }
        for index in [
            index("sessions", &["user_id"], false),
            index("publications", &["status", "year"], false),
            index("news_items", &["status", "date"], false),
            index("talks", &["status", "date"], false),
            index("open_calls", &["status", "deadline"], false),
        ] {
            manager.create_index(index).await?;
        }
        Ok(())
    }
}

/// Failed sign-in attempts (for rate limiting shared by every instance) and a small key-value
/// table of site settings, whose `setup_completed` key closes the first-run setup for good.
struct M0002SignInProtection;

impl MigrationName for M0002SignInProtection {
    fn name(&self) -> &str {
        "m0002_sign_in_protection"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0002SignInProtection {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("sign_in_attempts")
                    .if_not_exists()
                    .col(pk_uuid("id"))
                    .col(string("email"))
                    .col(string_null("ip"))
                    .col(timestamp_with_time_zone("created_at"))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("sign_in_attempts", &["email", "created_at"], false)).await?;
        manager.create_index(index("sign_in_attempts", &["ip", "created_at"], false)).await?;
        manager
            .create_table(
                Table::create()
                    .table("settings")
                    .if_not_exists()
                    .col(string("key").primary_key())
                    .col(json("value"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .to_owned(),
            )
            .await
    }
}

/// Course credits become a fractional number: many universities give 7.5 credits (ECTS). The
/// column is replaced rather than altered because SQLite cannot change a column's type; the
/// four statements are plain SQL that means the same on SQLite (3.35+) and PostgreSQL.
struct M0003FractionalCredits;

impl MigrationName for M0003FractionalCredits {
    fn name(&self) -> &str {
        "m0003_fractional_credits"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0003FractionalCredits {
    /// One transaction on both backends: all four statements or none, on one connection (on
    /// SQLite a pooled connection other than the one that added the column may not see it yet).
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for statement in [
            "ALTER TABLE courses ADD COLUMN credits_fractional DOUBLE PRECISION",
            "UPDATE courses SET credits_fractional = credits",
            "ALTER TABLE courses DROP COLUMN credits",
            "ALTER TABLE courses RENAME COLUMN credits_fractional TO credits",
        ] {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }
}

/// What citations need of a publication: its kind (existing rows become conference papers,
/// the spec's usual case), the issue, the publisher and the month. One column per statement:
/// SQLite alters one column at a time.
struct M0004PublicationCitationFields;

impl MigrationName for M0004PublicationCitationFields {
    fn name(&self) -> &str {
        "m0004_publication_citation_fields"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0004PublicationCitationFields {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for mut column in
            [string("kind").default("conference-paper").to_owned(), string_null("issue"), string_null("publisher"), integer_null("month")]
        {
            manager.alter_table(Table::alter().table("publications").add_column(&mut column).to_owned()).await?;
        }
        Ok(())
    }

    /// Back to the previous release's table (the migration test starts from there).
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in ["kind", "issue", "publisher", "month"] {
            manager.alter_table(Table::alter().table("publications").drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}

/// A paper's uploaded PDF (issue 13): the object's name in the `paper-pdfs` bucket, none for
/// every existing row.
struct M0005PublicationPdfFile;

impl MigrationName for M0005PublicationPdfFile {
    fn name(&self) -> &str {
        "m0005_publication_pdf_file"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0005PublicationPdfFile {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("publications").add_column(string_null("pdf_file")).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("publications").drop_column("pdf_file").to_owned()).await
    }
}

/// Tags on content (issue 16): one join table per kind of item, so each link has a foreign key
/// to both sides. Deleting a tag or an item deletes its links (never the other side).
struct M0006ContentTags;

impl MigrationName for M0006ContentTags {
    fn name(&self) -> &str {
        "m0006_content_tags"
    }
}

/// The join tables and the table of items each one links to tags (when tags came).
const TAG_LINK_TABLES: [(&str, &str); 4] =
    [("publication_tags", "publications"), ("project_tags", "projects"), ("talk_tags", "talks"), ("news_item_tags", "news_items")];

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0006ContentTags {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (links, items) in TAG_LINK_TABLES {
            create_tag_links(manager, links, items).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (links, _) in TAG_LINK_TABLES {
            manager.drop_table(Table::drop().table(links).to_owned()).await?;
        }
        Ok(())
    }
}

/// The join table `links` of the items of table `items` and their tags.
async fn create_tag_links(manager: &SchemaManager<'_>, links: &'static str, items: &'static str) -> Result<(), DbErr> {
    let table = Table::create()
        .table(links)
        .if_not_exists()
        .col(uuid("item_id"))
        .col(uuid("tag_id"))
        .primary_key(Index::create().col("item_id").col("tag_id"))
        .foreign_key(
            ForeignKey::create()
                .name(format!("fk_{links}_item"))
                .from(links, "item_id")
                .to(items, "id")
                .on_delete(ForeignKeyAction::Cascade),
        )
        .foreign_key(
            ForeignKey::create()
                .name(format!("fk_{links}_tag"))
                .from(links, "tag_id")
                .to("tags", "id")
                .on_delete(ForeignKeyAction::Cascade),
        )
        .to_owned();
    manager.create_table(table).await?;
    // The tag page reads the links of one tag.
    manager.create_index(index(links, &["tag_id"], false)).await
}

/// The owner's second factor (issue 19): the authenticator app's secret and last accepted
/// step, the recovery codes' hashes, and the sign-ins waiting for their code. Each row
/// belongs to a user and goes with it.
struct M0007SecondFactor;

impl MigrationName for M0007SecondFactor {
    fn name(&self) -> &str {
        "m0007_second_factor"
    }
}

fn belongs_to_user(table: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_user"))
        .from(table, "user_id")
        .to("users", "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0007SecondFactor {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table("totp_factors")
                .if_not_exists()
                .col(uuid("user_id").primary_key())
                .col(string("secret"))
                .col(timestamp_with_time_zone_null("confirmed_at"))
                .col(big_integer_null("last_used_step"))
                .col(string("recovery_salt"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut belongs_to_user("totp_factors"))
                .to_owned(),
            Table::create()
                .table("recovery_codes")
                .if_not_exists()
                .col(pk_uuid("id"))
                .col(uuid("user_id"))
                .col(string("code_hash"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut belongs_to_user("recovery_codes"))
                .to_owned(),
            Table::create()
                .table("pending_sign_ins")
                .if_not_exists()
                .col(pk_uuid("id"))
                .col(uuid("user_id"))
                .col(string_uniq("token_hash"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut belongs_to_user("pending_sign_ins"))
                .to_owned(),
        ];
        for table in tables {
            manager.create_table(table).await?;
        }
        manager.create_index(index("recovery_codes", &["user_id", "code_hash"], false)).await?;
        manager.create_index(index("pending_sign_ins", &["user_id"], false)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["pending_sign_ins", "recovery_codes", "totp_factors"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}

/// What a write made stale, for the server to read when the write came from another process
/// on SQLite (`vita import` beside `vita serve`): `crate::store::changes`. PostgreSQL
/// instances tell each other with NOTIFY instead and leave this table empty. Rows are pruned
/// after ten minutes; a backup leaves them out.
struct M0008CacheAnnouncements;

impl MigrationName for M0008CacheAnnouncements {
    fn name(&self) -> &str {
        "m0008_cache_announcements"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0008CacheAnnouncements {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let table = Table::create()
            .table("cache_announcements")
            .if_not_exists()
            .col(pk_auto("id"))
            .col(string("instance"))
            .col(big_integer("sources"))
            .col(timestamp_with_time_zone("created_at"))
            .to_owned();
        manager.create_table(table).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("cache_announcements").to_owned()).await
    }
}

/// Pages stored as typed (`101--117`) are cited wrongly ("p. 101––117"): every stored value
/// is rewritten the way a save now stores it (`crate::rules::validate::page_range`).
struct M0009PageRanges;

impl MigrationName for M0009PageRanges {
    fn name(&self) -> &str {
        "m0009_page_ranges"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0009PageRanges {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        rewrite_publications(manager, "pages", |pages| Some(crate::rules::validate::page_range(pages))).await
    }

    async fn down(&self, _manager: &SchemaManager) -> Result<(), DbErr> {
        // The typed forms are not kept: nothing to go back to, and nothing that needs it.
        Ok(())
    }
}

/// Rewrites every stored value of a text column of `publications` the way a save now stores
/// it: `rewrite` gives the new value, or `None` to keep the stored one.
async fn rewrite_publications(
    manager: &SchemaManager<'_>,
    column: &'static str,
    rewrite: impl Fn(&str) -> Option<String> + Send + Sync,
) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let select = Query::select().columns(["id", column]).from("publications").and_where(Expr::col(column).is_not_null()).to_owned();
    for row in db.query_all(&select).await? {
        let id: sea_orm::prelude::Uuid = row.try_get("", "id")?;
        let stored: String = row.try_get("", column)?;
        if let Some(new) = rewrite(&stored).filter(|new| *new != stored) {
            let update = Query::update().table("publications").value(column, new).and_where(Expr::col("id").eq(id)).to_owned();
            db.execute(&update).await?;
        }
    }
    Ok(())
}

/// HTTPS of `--domain` (issue 26): the ACME account, the certificate with its private key, and
/// the lease that lets one instance at a time order, as named values. They belong to the host,
/// not the site: `vita backup` leaves the table out.
struct M0010TlsState;

impl MigrationName for M0010TlsState {
    fn name(&self) -> &str {
        "m0010_tls_state"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0010TlsState {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("tls_state")
                    .if_not_exists()
                    .col(string("name").primary_key())
                    .col(text("value"))
                    // Unix seconds: the lease's end, or the certificate's expiry.
                    .col(big_integer("expires_at"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("tls_state").to_owned()).await
    }
}

/// The sign-in limits of issue 32: an attempt row is a settled failure (`failed`) or a check
/// still in flight; a half-done sign-in counts its wrong codes (`failures`, void at five) and
/// keeps the address group its password came from (`ip`). Existing attempt rows were all
/// failures.
struct M0011SignInLimits;

impl MigrationName for M0011SignInLimits {
    fn name(&self) -> &str {
        "m0011_sign_in_limits"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0011SignInLimits {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, mut column) in [
            ("sign_in_attempts", boolean("failed").default(true).to_owned()),
            ("pending_sign_ins", integer("failures").default(0).to_owned()),
            ("pending_sign_ins", string_null("ip")),
        ] {
            manager.alter_table(Table::alter().table(table).add_column(&mut column).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, column) in [("sign_in_attempts", "failed"), ("pending_sign_ins", "failures"), ("pending_sign_ins", "ip")] {
            manager.alter_table(Table::alter().table(table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}

/// Issue 33: citation counts from the outside sources, one row per paper and source, kept
/// apart from the papers so a refresh never touches a paper's row or its `updated_at`; and
/// each source's last run and last error (the dashboard shows them), with the lease that lets
/// one instance at a time run a daily job. Both can be fetched again: `vita backup` leaves
/// them out.
struct M0012ScholarlySources;

impl MigrationName for M0012ScholarlySources {
    fn name(&self) -> &str {
        "m0012_scholarly_sources"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0012ScholarlySources {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("citation_counts")
                    .if_not_exists()
                    .col(uuid("publication_id"))
                    // `crossref` or `openalex`.
                    .col(string("source"))
                    .col(big_integer("count"))
                    // `[{"year": 2024, "count": 17}, …]` when the source gives it (OpenAlex).
                    .col(json_null("by_year"))
                    .col(timestamp_with_time_zone("counted_at"))
                    .primary_key(Index::create().col("publication_id").col("source"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_citation_counts_publication")
                            .from("citation_counts", "publication_id")
                            .to("publications", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("outside_sources")
                    .if_not_exists()
                    // A source (`crossref`, `openalex`, `orcid`) or a job (`citations-job`).
                    .col(string("name").primary_key())
                    .col(timestamp_with_time_zone_null("last_run_at"))
                    .col(timestamp_with_time_zone_null("last_success_at"))
                    .col(text_null("last_error"))
                    .col(timestamp_with_time_zone_null("last_error_at"))
                    // What the last run found (the ORCID check: the new works).
                    .col(json_null("detail"))
                    .col(string_null("lease_holder"))
                    .col(timestamp_with_time_zone_null("lease_until"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("outside_sources").to_owned()).await?;
        manager.drop_table(Table::drop().table("citation_counts").to_owned()).await
    }
}

/// Issue 27, item 6: the import gave an entry that named no venue its kind's name ("Conference
/// paper", "Other", …) as the venue, which the public pages showed as if it were one. A paper
/// whose venue is its kind's name loses it only where its stored BibTeX proves it was invented:
/// the entry has none of the fields a venue is taken from. A venue the owner typed, or one an
/// entry gave, stays.
struct M0013NoInventedVenues;

impl MigrationName for M0013NoInventedVenues {
    fn name(&self) -> &str {
        "m0013_no_invented_venues"
    }
}

/// The label the import wrote for each kind (as the `kind` column stores it).
const INVENTED_VENUES: [(&str, &str); 8] = [
    ("journal-article", "Journal article"),
    ("conference-paper", "Conference paper"),
    ("preprint", "Preprint"),
    ("book", "Book"),
    ("book-chapter", "Book chapter"),
    ("thesis", "Thesis"),
    ("report", "Technical report"),
    ("other", "Other"),
];

/// The fields the import ever took a venue from.
const VENUE_FIELDS: [&str; 13] = [
    "journal",
    "journaltitle",
    "booktitle",
    "publisher",
    "howpublished",
    "institution",
    "organization",
    "school",
    "series",
    "eprint",
    "arxiv",
    "crossref",
    "venue",
];

/// Whether `bibtex` is one entry that has none of [`VENUE_FIELDS`]; `false` when it cannot be
/// read (no proof).
fn names_no_venue(bibtex: &str) -> bool {
    let Ok(raw) = biblatex::RawBibliography::parse(bibtex) else { return false };
    let [entry] = raw.entries.as_slice() else { return false };
    !entry.v.fields.iter().any(|pair| VENUE_FIELDS.contains(&pair.key.v.to_ascii_lowercase().as_str()))
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0013NoInventedVenues {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for (kind, label) in INVENTED_VENUES {
            let select = Query::select()
                .columns(["id", "bibtex"])
                .from("publications")
                .and_where(Expr::col("kind").eq(kind))
                .and_where(Expr::col("venue").eq(label))
                .and_where(Expr::col("bibtex").is_not_null())
                .to_owned();
            for row in db.query_all(&select).await? {
                let id: sea_orm::prelude::Uuid = row.try_get("", "id")?;
                let bibtex: String = row.try_get("", "bibtex")?;
                if names_no_venue(&bibtex) {
                    let update = Query::update().table("publications").value("venue", "").and_where(Expr::col("id").eq(id)).to_owned();
                    db.execute(&update).await?;
                }
            }
        }
        Ok(())
    }

    async fn down(&self, _manager: &SchemaManager) -> Result<(), DbErr> {
        // An invented venue is not worth bringing back.
        Ok(())
    }
}

/// Issue 28: the sections only a CV has, one table each, shown on /cv. A span of years ends in
/// a year or, with `end_year` NULL, at the present. Each has a status (drafts are never shown)
/// and an order.
struct M0014CvSections;

impl MigrationName for M0014CvSections {
    fn name(&self) -> &str {
        "m0014_cv_sections"
    }
}

/// The CV tables, in the order they are created and (reversed) dropped.
const CV_TABLES: [&str; 6] = ["cv_appointments", "cv_education", "cv_awards", "cv_grants", "cv_service", "cv_other"];

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0014CvSections {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let order = || vec![integer("sort_order"), string("status")];
        let columns: [Vec<ColumnDef>; 6] = [
            vec![string("title"), string("institution"), string_null("place"), integer("start_year"), integer_null("end_year")],
            vec![
                string("degree"),
                string_null("field"),
                string("institution"),
                integer("year"),
                string_null("thesis_title"),
                string_null("advisor"),
            ],
            vec![string("name"), string_null("awarding_body"), integer("year")],
            vec![
                string("title"),
                string("funder"),
                string_null("role"),
                double_null("amount"),
                string_null("currency"),
                integer("start_year"),
                integer_null("end_year"),
            ],
            vec![string("role"), string("body"), string("kind"), integer("start_year"), integer_null("end_year")],
            vec![string("title"), text_null("content")],
        ];
        for (table, mut columns) in CV_TABLES.into_iter().zip(columns) {
            columns.extend(order());
            manager.create_table(content_table(table, columns)).await?;
            manager.create_index(index(table, &["status", "sort_order"], false)).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in CV_TABLES.into_iter().rev() {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}

/// A DOI stored as typed (`https://doi.org/10.1000/ABC.Def`) was exported as typed and every
/// reader normalised it again: every stored value is rewritten the way a save now stores it,
/// bare and lower case (`crate::rules::validate::doi`). A value that is no DOI at all is kept
/// as it was (nothing is lost; the form asks for a DOI at the next save).
struct M0015BareDois;

impl MigrationName for M0015BareDois {
    fn name(&self) -> &str {
        "m0015_bare_dois"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0015BareDois {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        rewrite_publications(manager, "doi", |doi| crate::rules::validate::doi(doi).ok()).await
    }

    async fn down(&self, _manager: &SchemaManager) -> Result<(), DbErr> {
        // The typed forms are not kept: nothing to go back to, and nothing that needs it.
        Ok(())
    }
}

/// Issue 42: the blog's posts (the spec's /blog was a placeholder), with tags like the news.
struct M0016Posts;

impl MigrationName for M0016Posts {
    fn name(&self) -> &str {
        "m0016_posts"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0016Posts {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = vec![
            string("title"),
            string_uniq("slug"),
            date("date"),
            text_null("summary"),
            text_null("content"),
            string_null("cover_image"),
            boolean("featured"),
            string("status"),
        ];
        manager.create_table(content_table("posts", columns)).await?;
        manager.create_index(index("posts", &["status", "date"], false)).await?;
        create_tag_links(manager, "post_tags", "posts").await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("post_tags").to_owned()).await?;
        manager.drop_table(Table::drop().table("posts").to_owned()).await
    }
}

/// Issue 43: the counts of readers, daily aggregates only (`crate::stats`). No column holds an
/// address or a user agent. `stats_keys` holds the day's visitor keys (an HMAC of the day's
/// salt, see `stats::visitor`) until the day is over and they are rolled into the counts;
/// `stats_salts` holds each day's salt until then. `vita backup` leaves these tables out.
struct M0017Statistics;

impl MigrationName for M0017Statistics {
    fn name(&self) -> &str {
        "m0017_statistics"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0017Statistics {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let counts = |table: &'static str, key: &[&'static str], columns: &[&'static str]| {
            let mut create = Table::create();
            create.table(table).if_not_exists().col(date("day"));
            for column in key {
                create.col(string(*column));
            }
            for column in columns {
                create.col(big_integer(*column).default(0));
            }
            let mut primary = Index::create();
            primary.col("day");
            for column in key {
                primary.col(*column);
            }
            create.primary_key(&mut primary).to_owned()
        };
        for table in [
            counts("stats_days", &[], &["views", "visitors", "downloads", "unique_downloads"]),
            counts("stats_pages", &["path"], &["views", "visitors"]),
            counts("stats_files", &["path"], &["downloads", "unique_downloads"]),
            counts("stats_sources", &["source"], &["visitors"]),
            counts("stats_feeds", &["reader", "feed"], &["subscribers"]),
        ] {
            manager.create_table(table).await?;
        }
        // One row per visitor and scope (`site`, `page:<path>`, `source:<name>`) of a day.
        manager
            .create_table(
                Table::create()
                    .table("stats_keys")
                    .if_not_exists()
                    .col(date("day"))
                    .col(string("scope"))
                    .col(big_integer("visitor"))
                    .primary_key(Index::create().col("day").col("scope").col("visitor"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create().table("stats_salts").if_not_exists().col(date("day").primary_key()).col(string("salt")).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["stats_salts", "stats_keys", "stats_feeds", "stats_sources", "stats_files", "stats_pages", "stats_days"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}

/// Where each item of `vita import site` came from (issue 42): the source file and a hash of
/// it, so a second import of the same site changes nothing and an edited file updates its one
/// item.
struct M0018SiteImportSources;

impl MigrationName for M0018SiteImportSources {
    fn name(&self) -> &str {
        "m0018_site_import_sources"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0018SiteImportSources {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let table = "site_import_sources";
        let columns = vec![
            string("generator"),
            string("kind"),
            string("source"),
            string("hash"),
            uuid("item_id"),
            timestamp_with_time_zone("item_updated_at"),
        ];
        manager.create_table(content_table(table, columns)).await?;
        manager.create_index(index(table, &["kind", "source"], true)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("site_import_sources").to_owned()).await
    }
}

/// Issue 41, item 8: works imported from ORCID before the fix carry the owner's display name
/// as their author, titles and degrees included ("Prof. Dr. Julie Chiquet": IEEE then printed
/// "P. D. J. Chiquet"). Every stored author is written as the import now writes the owner's
/// name (`crate::rules::names::without_titles`, the one list of titles and degrees); an author
/// without them is left as it is, and so is a row with none.
struct M0019AuthorsWithoutTitles;

impl MigrationName for M0019AuthorsWithoutTitles {
    fn name(&self) -> &str {
        "m0019_authors_without_titles"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0019AuthorsWithoutTitles {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        // `authors` is JSON on both databases (a `json` column on PostgreSQL, text on SQLite):
        // a list of names.
        let select = Query::select().columns(["id", "authors"]).from("publications").to_owned();
        for row in db.query_all(&select).await? {
            let id: sea_orm::prelude::Uuid = row.try_get("", "id")?;
            let stored: serde_json::Value = row.try_get("", "authors")?;
            let Ok(authors) = serde_json::from_value::<Vec<String>>(stored) else { continue };
            let bare: Vec<String> = authors.iter().map(|author| crate::rules::names::without_titles(author)).collect();
            if bare != authors {
                let update = Query::update()
                    .table("publications")
                    .value("authors", serde_json::Value::from(bare))
                    .and_where(Expr::col("id").eq(id))
                    .to_owned();
                db.execute(&update).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, _manager: &SchemaManager) -> Result<(), DbErr> {
        // The titles are not kept: nothing to go back to, and nothing that needs them.
        Ok(())
    }
}

/// Issue 44: what an admin's bulk action changed, for its undo within 30 s
/// (`content::bulk`). In the database rather than one server's memory, because several
/// instances may serve one PostgreSQL database and the undo may reach another one. `vita
/// backup` leaves it out: it is a few seconds' worth of history, not content.
struct M0020UndoActions;

impl MigrationName for M0020UndoActions {
    fn name(&self) -> &str {
        "m0020_undo_actions"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0020UndoActions {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("undo_actions")
                    .if_not_exists()
                    .col(string("token").primary_key())
                    .col(string("table_path"))
                    .col(text("snapshot"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("undo_actions").to_owned()).await
    }
}

/// Issue 44, item 4: each import of papers (a .bib file, an ORCID record, DOIs, a site) and the
/// papers it added, so the admin's list filters by source and an import can be taken back as a
/// whole (`content::imports`). The link is a table of its own rather than a column of
/// `publications`: the paper's row, its form and its public JSON stay as they are, and a paper
/// deleted takes its link with it (a bulk delete keeps the link for its undo, as it keeps the
/// tag links).
struct M0022ImportRecords;

impl MigrationName for M0022ImportRecords {
    fn name(&self) -> &str {
        "m0022_import_records"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0022ImportRecords {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("imports")
                    .if_not_exists()
                    .col(pk_uuid("id"))
                    .col(string("kind"))
                    .col(string("label"))
                    .col(integer("item_count"))
                    .col(timestamp_with_time_zone("created_at"))
                    .to_owned(),
            )
            .await?;
        let links = "import_publications";
        manager
            .create_table(
                Table::create()
                    .table(links)
                    .if_not_exists()
                    .col(uuid("publication_id").primary_key())
                    .col(uuid("import_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name(format!("fk_{links}_publication"))
                            .from(links, "publication_id")
                            .to("publications", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name(format!("fk_{links}_import"))
                            .from(links, "import_id")
                            .to("imports", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // The list's source filter and an import's papers read the links of one import.
        manager.create_index(index(links, &["import_id"], false)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("import_publications").to_owned()).await?;
        manager.drop_table(Table::drop().table("imports").to_owned()).await
    }
}

/// Issue 45, item 2: translations field by field, beside the item (never a copied item). A row
/// is one field of one item in one language: the item's kind (`research_area`, `hero`, …, see
/// `content::translations`), its id (the row's UUID, or the section's key for a page text such
/// as the hero), the field, the language (BCP 47), the text, and a hash of the source text it
/// was translated from, so an edit of the source shows the translation as outdated. The item
/// may live in any of several tables, so no foreign key can take its rows with it: deleting an
/// item deletes them in the same transaction (`content::delete`, `content::bulk`).
struct M0023Translations;

impl MigrationName for M0023Translations {
    fn name(&self) -> &str {
        "m0023_translations"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0023Translations {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("translations")
                    .if_not_exists()
                    .col(string("kind"))
                    .col(string("item_id"))
                    .col(string("field"))
                    .col(string("lang"))
                    .col(text("text"))
                    .col(string("source_hash"))
                    .col(timestamp_with_time_zone("updated_at"))
                    // Unique on the four: one translation of a field per language.
                    .primary_key(Index::create().col("kind").col("item_id").col("field").col("lang"))
                    .to_owned(),
            )
            .await?;
        // A deleted item's rows are found by its id alone (ids are UUIDs, unique across tables).
        manager.create_index(index("translations", &["item_id"], false)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("translations").to_owned()).await
    }
}

/// Issue 41, item 17: a paper imported from a .bib entry that names no year ("submitted", a
/// manual) is stored without one rather than with an invented year, so `publications.year`
/// takes NULL. SQLite cannot drop a NOT NULL, so the column is replaced (as in m0003), and its
/// index with it: SQLite refuses to drop a column an index names. The statements are plain SQL
/// that means the same on SQLite (3.35+) and PostgreSQL.
struct M0024UndatedPapers;

impl MigrationName for M0024UndatedPapers {
    fn name(&self) -> &str {
        "m0024_undated_papers"
    }
}

#[sea_orm_migration::async_trait::async_trait]
impl MigrationTrait for M0024UndatedPapers {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for statement in [
            "DROP INDEX idx_publications_status_year",
            "ALTER TABLE publications ADD COLUMN year_or_none INTEGER",
            "UPDATE publications SET year_or_none = year",
            "ALTER TABLE publications DROP COLUMN year",
            "ALTER TABLE publications RENAME COLUMN year_or_none TO year",
        ] {
            db.execute_unprepared(statement).await?;
        }
        manager.create_index(index("publications", &["status", "year"], false)).await
    }

    /// The year required again: an undated paper takes the form's default, the current year.
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let current_year = crate::ops::clock::current_year();
        for statement in [
            "DROP INDEX idx_publications_status_year".to_owned(),
            // SQLite adds a NOT NULL column only with a default.
            "ALTER TABLE publications ADD COLUMN year_required INTEGER NOT NULL DEFAULT 0".to_owned(),
            format!("UPDATE publications SET year_required = COALESCE(year, {current_year})"),
            "ALTER TABLE publications DROP COLUMN year".to_owned(),
            "ALTER TABLE publications RENAME COLUMN year_required TO year".to_owned(),
        ] {
            db.execute_unprepared(&statement).await?;
        }
        manager.create_index(index("publications", &["status", "year"], false)).await
    }
}
