//! The store: every case runs on a fresh SQLite file and on a fresh PostgreSQL schema.

use chrono::{Datelike, NaiveDate, Utc};
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{Value, json};
use vita::content::homepage::{self, AboutContent, HeroContent};
use vita::content::{
    self, Audience, Content, ListQuery, courses, news, open_calls, projects, publications, research_areas, students, tags, talks,
};
use vita::error::AppError;

use crate::helpers::TestDb;
use crate::on_both_databases;

fn input<T: serde::de::DeserializeOwned>(value: Value) -> T {
    serde_json::from_value(value).expect("test input must deserialize")
}

fn all() -> ListQuery {
    ListQuery::default()
}

fn featured() -> ListQuery {
    ListQuery { featured: Some(true), ..Default::default() }
}

fn field_error(err: AppError, field: &str) -> String {
    match err {
        AppError::Validation { fields, .. } => fields.get(field).unwrap_or_else(|| panic!("no error on {field}: {fields:?}")).to_owned(),
        other => panic!("expected a validation error, got {other:?}"),
    }
}

/// A database made by the previous release keeps its publications through the migration that
/// adds the citation fields: every stored value as it was, the kind "conference-paper".
async fn publications_survive_the_citation_fields_migration(t: TestDb) {
    use sea_orm::{ConnectionTrait, Statement};
    use sea_orm_migration::MigratorTrait;
    use vita::store::migrations::Migrator;

    // Before m0004 (citation fields) and m0005 (the uploaded PDF): both must keep the row.
    Migrator::down(&t.db, Some(4)).await.expect("back to the schema before the citation fields");
    let backend = t.db.get_database_backend();
    let id = uuid::Uuid::new_v4();
    let insert = Statement::from_sql_and_values(
        backend,
        match backend {
            sea_orm::DatabaseBackend::Postgres => {
                "INSERT INTO publications (id, title, slug, authors, venue, year, abstract, pdf_url, url, doi, pages, volume, bibtex, featured, status, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)"
            }
            _ => {
                "INSERT INTO publications (id, title, slug, authors, venue, year, abstract, pdf_url, url, doi, pages, volume, bibtex, featured, status, created_at, updated_at) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            }
        },
        [
            id.into(),
            "Sécurité des systèmes".into(),
            "securite-des-systemes".into(),
            json!(["Zoë Ångström", "J. Doe"]).into(),
            "USENIX Security".into(),
            2021.into(),
            "An abstract.".into(),
            "https://example.org/p.pdf".into(),
            sea_orm::Value::String(None),
            "10.1000/xyz".into(),
            "1–12".into(),
            "7".into(),
            "@inproceedings{x, title={S}}".into(),
            true.into(),
            "draft".into(),
            Utc::now().into(),
            Utc::now().into(),
        ],
    );
    t.db.execute_raw(insert).await.expect("a row as the previous release stored it");
    Migrator::up(&t.db, None).await.expect("migrate to this release");

    let stored = publications::Entity::find_by_id(id).one(&t.db).await.unwrap().expect("the row is still there");
    assert_eq!(stored.title, "Sécurité des systèmes");
    assert_eq!(stored.authors.0, ["Zoë Ångström", "J. Doe"]);
    assert_eq!(
        (stored.venue.as_str(), stored.year, stored.featured, stored.status.as_str()),
        ("USENIX Security", Some(2021), true, "draft")
    );
    assert_eq!(
        (stored.doi.as_deref(), stored.pages.as_deref(), stored.volume.as_deref(), stored.url.as_deref()),
        (Some("10.1000/xyz"), Some("1–12"), Some("7"), None)
    );
    assert_eq!(stored.bibtex.as_deref(), Some("@inproceedings{x, title={S}}"));
    assert_eq!(stored.kind, publications::PublicationKind::ConferencePaper);
    assert_eq!((stored.issue, stored.publisher, stored.month), (None, None, None));
    assert_eq!(stored.pdf_file, None);
}

on_both_databases!(
    new_items_get_the_spec_defaults,
    lists_keep_their_order_and_characters,
    publications_list_published_by_year_with_optional_featured,
    projects_and_research_areas_list_by_sort_order,
    news_lists_by_date_with_featured_and_limit,
    courses_list_by_year_then_term_and_filter_by_status,
    students_list_by_sort_order_and_filter_by_status,
    talks_list_by_date_and_tags_by_name,
    open_calls_list_by_deadline_for_the_public_and_by_creation_for_the_owner,
    update_by_id_changes_the_row_and_keeps_its_creation_time,
    unknown_ids_are_not_found_and_change_nothing,
    invalid_input_is_rejected_and_writes_nothing,
    publications_survive_the_citation_fields_migration,
    a_slug_clash_is_a_validation_error,
    rich_text_is_sanitised_before_it_is_stored,
    page_sections_read_defaults_until_upserted,
    owner_accounts_sign_in_and_sign_out_by_scope,
);

async fn new_items_get_the_spec_defaults(t: TestDb) {
    let db = &t.db;
    let year = Utc::now().year();
    let today = Utc::now().date_naive();

    let area = content::create::<research_areas::Entity>(db, input(json!({ "title": "Hardware Security" }))).await.unwrap();
    assert_eq!((area.color.as_str(), area.icon.as_str(), area.sort_order), ("#3b82f6", "Shield", 0));
    assert_eq!((area.slug.as_str(), area.status.as_str(), area.featured), ("hardware-security", "published", false));

    let publication = content::create::<publications::Entity>(
        db,
        input(json!({ "title": "Side-Channel Attacks: A Survey", "authors": ["A. Author", "  ", "B. Author"], "venue": "DAC" })),
    )
    .await
    .unwrap();
    assert_eq!(publication.year, Some(year));
    assert_eq!(publication.slug, "side-channel-attacks-a-survey");
    assert_eq!(publication.authors.0, vec!["A. Author", "B. Author"], "empty authors are dropped");

    let course = content::create::<courses::Entity>(db, input(json!({ "code": "CS101", "title": "Embedded Systems I" }))).await.unwrap();
    assert_eq!((course.year, course.term.as_str(), course.role.as_str()), (year, "fall", "instructor"));
    assert_eq!((course.status.as_str(), course.featured, course.slug.as_str()), ("published", false, "embedded-systems-i"));
    assert_eq!((course.credits, course.students_count), (None, None));

    let student = content::create::<students::Entity>(db, input(json!({ "name": "Ada Lovelace" }))).await.unwrap();
    assert_eq!((student.level.as_str(), student.status.as_str()), ("phd", "current"));
    assert_eq!((student.start_year, student.graduation_year, student.sort_order), (year, None, 0));

    let talk = content::create::<talks::Entity>(db, input(json!({ "title": "Secure Boot", "event_name": "DATE", "date": "2025-03-01" })))
        .await
        .unwrap();
    assert_eq!((talk.talk_type.as_str(), talk.status.as_str(), talk.featured), ("invited", "published", false));

    let tag = content::create::<tags::Entity>(db, input(json!({ "name": "Fault Injection" }))).await.unwrap();
    assert_eq!((tag.color.as_str(), tag.slug.as_str()), ("#3b82f6", "fault-injection"));

    let item = content::create::<news::Entity>(db, input(json!({ "title": "Paper accepted", "content": "At DAC." }))).await.unwrap();
    assert_eq!((item.date, item.status.as_str()), (today, "published"));

    let call = content::create::<open_calls::Entity>(
        db,
        input(json!({ "title": "PhD position", "slug": "phd-position", "description": "", "funding_agency": "  " })),
    )
    .await
    .unwrap();
    assert_eq!((call.description, call.funding_agency, call.deadline), (None, None, None), "empty optional fields are null");
    assert_eq!((call.status.as_str(), call.featured), ("published", false));

    let project = content::create::<projects::Entity>(
        db,
        input(json!({ "title": "TrustChip", "summary": "Secure silicon.", "tech_stack": ["Rust", ""], "start_date": null })),
    )
    .await
    .unwrap();
    assert_eq!((project.tech_stack.0.clone(), project.start_date, project.sort_order), (vec!["Rust".to_owned()], None, 0));
    assert!(project.created_at <= Utc::now() && project.updated_at == project.created_at);
}

async fn lists_keep_their_order_and_characters(t: TestDb) {
    let authors = vec!["Åsa Öberg", "李雷", "O'Brien, \"Pat\"", "A. Author"];
    let created = content::create::<publications::Entity>(
        &t.db,
        input(json!({ "title": "Unicode", "authors": authors, "venue": "V", "year": 2020 })),
    )
    .await
    .unwrap();
    let listed = publications::Entity::list(&t.db, all(), Audience::Public).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].authors.0, authors);
    assert_eq!(listed[0], created, "{}: a read returns what the write stored", t.kind);
}

async fn publications_list_published_by_year_with_optional_featured(t: TestDb) {
    for (title, year, featured, status) in [
        ("Old", 2019, true, "published"),
        ("New", 2024, false, "published"),
        ("Mid", 2021, true, "published"),
        ("Hidden", 2025, true, "draft"),
    ] {
        content::create::<publications::Entity>(
            &t.db,
            input(json!({ "title": title, "authors": ["X"], "venue": "V", "year": year, "featured": featured, "status": status })),
        )
        .await
        .unwrap();
    }
    let titles = |list: Vec<publications::Model>| list.into_iter().map(|p| p.title).collect::<Vec<_>>();
    assert_eq!(titles(publications::Entity::list(&t.db, all(), Audience::Public).await.unwrap()), ["New", "Mid", "Old"]);
    assert_eq!(titles(publications::Entity::list(&t.db, featured(), Audience::Public).await.unwrap()), ["Mid", "Old"]);
    assert_eq!(titles(publications::Entity::list(&t.db, all(), Audience::Owner).await.unwrap()), ["Hidden", "New", "Mid", "Old"]);
}

async fn projects_and_research_areas_list_by_sort_order(t: TestDb) {
    for (title, order, status) in [("C", 3, "published"), ("A", 1, "published"), ("B", 2, "published"), ("Draft", 0, "draft")] {
        content::create::<projects::Entity>(&t.db, input(json!({ "title": title, "summary": "s", "sort_order": order, "status": status })))
            .await
            .unwrap();
        content::create::<research_areas::Entity>(&t.db, input(json!({ "title": title, "sort_order": order, "status": status })))
            .await
            .unwrap();
    }
    let projects: Vec<_> = projects::Entity::list(&t.db, all(), Audience::Public).await.unwrap().into_iter().map(|p| p.title).collect();
    let areas: Vec<_> = research_areas::Entity::list(&t.db, all(), Audience::Public).await.unwrap().into_iter().map(|a| a.title).collect();
    assert_eq!(projects, ["A", "B", "C"]);
    assert_eq!(areas, ["A", "B", "C"]);
}

async fn news_lists_by_date_with_featured_and_limit(t: TestDb) {
    for (title, date, featured) in
        [("Jan", "2025-01-10", false), ("Mar", "2025-03-10", true), ("Feb", "2025-02-10", true), ("Apr", "2025-04-10", false)]
    {
        content::create::<news::Entity>(&t.db, input(json!({ "title": title, "content": "c", "date": date, "featured": featured })))
            .await
            .unwrap();
    }
    let titles = |list: Vec<news::Model>| list.into_iter().map(|n| n.title).collect::<Vec<_>>();
    let latest = ListQuery { limit: Some(3), ..Default::default() };
    assert_eq!(titles(news::Entity::list(&t.db, latest, Audience::Public).await.unwrap()), ["Apr", "Mar", "Feb"]);
    assert_eq!(titles(news::Entity::list(&t.db, featured(), Audience::Public).await.unwrap()), ["Mar", "Feb"]);
}

async fn courses_list_by_year_then_term_and_filter_by_status(t: TestDb) {
    for (code, year, term, status) in [
        ("A", 2023, "spring", "published"),
        ("B", 2024, "spring", "published"),
        ("C", 2024, "fall", "published"),
        ("D", 2024, "winter", "draft"),
    ] {
        content::create::<courses::Entity>(
            &t.db,
            input(json!({ "code": code, "title": format!("Course {code}"), "year": year, "term": term, "status": status })),
        )
        .await
        .unwrap();
    }
    let codes = |list: Vec<courses::Model>| list.into_iter().map(|c| c.code).collect::<Vec<_>>();
    assert_eq!(codes(courses::Entity::list(&t.db, all(), Audience::Public).await.unwrap()), ["C", "B", "A"]);
    assert_eq!(codes(courses::Entity::list(&t.db, all(), Audience::Owner).await.unwrap()), ["C", "B", "D", "A"]);
    let drafts = ListQuery { status: Some("draft".into()), ..Default::default() };
    assert_eq!(codes(courses::Entity::list(&t.db, drafts, Audience::Owner).await.unwrap()), ["D"]);
}

async fn students_list_by_sort_order_and_filter_by_status(t: TestDb) {
    for (name, order, status) in [("Bo", 2, "graduated"), ("Al", 1, "current"), ("Cy", 3, "current")] {
        content::create::<students::Entity>(&t.db, input(json!({ "name": name, "sort_order": order, "status": status }))).await.unwrap();
    }
    let names = |list: Vec<students::Model>| list.into_iter().map(|s| s.name).collect::<Vec<_>>();
    assert_eq!(names(students::Entity::list(&t.db, all(), Audience::Owner).await.unwrap()), ["Al", "Bo", "Cy"]);
    let current = ListQuery { status: Some("current".into()), ..Default::default() };
    assert_eq!(names(students::Entity::list(&t.db, current, Audience::Owner).await.unwrap()), ["Al", "Cy"]);
}

async fn talks_list_by_date_and_tags_by_name(t: TestDb) {
    for (title, date) in [("T1", "2024-05-01"), ("T3", "2025-05-01"), ("T2", "2024-12-01")] {
        content::create::<talks::Entity>(&t.db, input(json!({ "title": title, "event_name": "E", "date": date }))).await.unwrap();
    }
    for name in ["beta", "Alpha", "gamma"] {
        content::create::<tags::Entity>(&t.db, input(json!({ "name": name }))).await.unwrap();
    }
    let talks: Vec<_> = talks::Entity::list(&t.db, all(), Audience::Public).await.unwrap().into_iter().map(|t| t.title).collect();
    assert_eq!(talks, ["T3", "T2", "T1"]);
    let tags: Vec<_> = tags::Entity::list(&t.db, all(), Audience::Public).await.unwrap().into_iter().map(|t| t.slug).collect();
    assert_eq!(tags, ["alpha", "beta", "gamma"]);
}

async fn open_calls_list_by_deadline_for_the_public_and_by_creation_for_the_owner(t: TestDb) {
    for (slug, deadline, status) in [
        ("none", None, "published"),
        ("late", Some("2026-06-01"), "published"),
        ("soon", Some("2026-01-01"), "published"),
        ("draft", Some("2025-01-01"), "draft"),
    ] {
        content::create::<open_calls::Entity>(&t.db, input(json!({ "title": slug, "slug": slug, "deadline": deadline, "status": status })))
            .await
            .unwrap();
        // Creation times must differ for the owner's ordering to be meaningful.
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let slugs = |list: Vec<open_calls::Model>| list.into_iter().map(|c| c.slug).collect::<Vec<_>>();
    assert_eq!(slugs(open_calls::Entity::list(&t.db, all(), Audience::Public).await.unwrap()), ["soon", "late", "none"]);
    assert_eq!(slugs(open_calls::Entity::list(&t.db, all(), Audience::Owner).await.unwrap()), ["draft", "soon", "late", "none"]);
}

async fn update_by_id_changes_the_row_and_keeps_its_creation_time(t: TestDb) {
    let created =
        content::create::<talks::Entity>(&t.db, input(json!({ "title": "Old", "event_name": "E", "date": "2024-01-01" }))).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let updated = content::update::<talks::Entity>(
        &t.db,
        created.id,
        input(json!({ "title": "New title", "event_name": "E2", "date": "2024-02-02", "type": "keynote", "status": "draft" })),
    )
    .await
    .unwrap();
    assert_eq!((updated.id, updated.created_at), (created.id, created.created_at));
    assert!(updated.updated_at > created.updated_at);
    assert_eq!((updated.title.as_str(), updated.slug.as_str(), updated.talk_type.as_str()), ("New title", "new-title", "keynote"));
    assert_eq!(updated.date, NaiveDate::from_ymd_opt(2024, 2, 2).unwrap());
    assert_eq!(content::get::<talks::Entity>(&t.db, created.id).await.unwrap(), updated);
    assert!(talks::Entity::list(&t.db, all(), Audience::Public).await.unwrap().is_empty(), "a draft is not public");
}

async fn unknown_ids_are_not_found_and_change_nothing(t: TestDb) {
    let kept = content::create::<tags::Entity>(&t.db, input(json!({ "name": "kept" }))).await.unwrap();
    let unknown = uuid::Uuid::new_v4();
    let err = content::update::<tags::Entity>(&t.db, unknown, input(json!({ "name": "x" }))).await.unwrap_err();
    assert!(matches!(err, AppError::NotFound(ref m) if m == "Tag not found"), "{err:?}");
    let err = content::delete::<tags::Entity>(&t.db, unknown).await.unwrap_err();
    assert!(matches!(err, AppError::NotFound(_)), "{err:?}");
    assert_eq!(tags::Entity::find().all(&t.db).await.unwrap(), vec![kept.clone()]);
    content::delete::<tags::Entity>(&t.db, kept.id).await.unwrap();
    assert_eq!(tags::Entity::find().count(&t.db).await.unwrap(), 0);
}

async fn invalid_input_is_rejected_and_writes_nothing(t: TestDb) {
    let err = content::create::<publications::Entity>(
        &t.db,
        input(json!({ "title": " ", "authors": [""], "venue": "", "pdf_url": "javascript:alert(1)" })),
    )
    .await
    .unwrap_err();
    assert_eq!(field_error(err, "title"), "Title is required");
    let err = content::create::<open_calls::Entity>(&t.db, input(json!({ "title": "", "slug": "" }))).await.unwrap_err();
    match err {
        AppError::Validation { fields, .. } => {
            assert_eq!(fields.get("title"), Some("Title is required"));
            assert_eq!(fields.get("slug"), Some("Slug is required"));
        }
        other => panic!("{other:?}"),
    }
    let huge = "x".repeat(1_000_001);
    let err = content::create::<news::Entity>(&t.db, input(json!({ "title": huge, "content": "c" }))).await.unwrap_err();
    assert!(field_error(err, "title").contains("at most"));
    // The term is one of a fixed set (a Rust enum): a value outside it does not make an input
    // at all (over HTTP it is a 422 on the field, see content_api.rs).
    let err = serde_json::from_value::<courses::Input>(json!({ "code": "C", "title": "T", "term": "autumn" })).unwrap_err();
    assert!(err.to_string().contains("`spring`, `summer`, `fall`, `winter`"), "{err}");
    let original = content::create::<tags::Entity>(&t.db, input(json!({ "name": "Keep", "color": "#EF4444" }))).await.unwrap();
    assert_eq!(original.color, "#ef4444");
    let err = content::update::<tags::Entity>(&t.db, original.id, input(json!({ "name": "Changed", "color": "red" }))).await.unwrap_err();
    assert!(field_error(err, "color").contains("hex"));
    assert_eq!(content::get::<tags::Entity>(&t.db, original.id).await.unwrap(), original, "a refused update changes nothing");
    assert_eq!(publications::Entity::find().count(&t.db).await.unwrap(), 0);
    assert_eq!(news::Entity::find().count(&t.db).await.unwrap(), 0);
    assert_eq!(open_calls::Entity::find().count(&t.db).await.unwrap(), 0);
}

async fn a_slug_clash_is_a_validation_error(t: TestDb) {
    content::create::<courses::Entity>(&t.db, input(json!({ "code": "C1", "title": "Embedded Systems" }))).await.unwrap();
    let err = content::create::<courses::Entity>(&t.db, input(json!({ "code": "C2", "title": "Embedded Systems" }))).await.unwrap_err();
    assert_eq!(field_error(err, "slug"), "Another course already uses this slug");
    let other = content::create::<courses::Entity>(
        &t.db,
        input(json!({ "code": "C2", "title": "Embedded Systems", "slug": "embedded-systems-2" })),
    )
    .await
    .unwrap();
    let err =
        content::update::<courses::Entity>(&t.db, other.id, input(json!({ "code": "C2", "title": "Embedded Systems" }))).await.unwrap_err();
    assert_eq!(field_error(err, "slug"), "Another course already uses this slug");
}

async fn rich_text_is_sanitised_before_it_is_stored(t: TestDb) {
    let hostile =
        r#"<p>Fine</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><svg onload=alert(1)></svg>"#;
    let call = content::create::<open_calls::Entity>(
        &t.db,
        input(json!({ "title": "T", "slug": "t", "content": hostile, "requirements": hostile, "contact_info": hostile })),
    )
    .await
    .unwrap();
    let area = content::create::<research_areas::Entity>(&t.db, input(json!({ "title": "T", "content": hostile }))).await.unwrap();
    for stored in [call.content, call.requirements, call.contact_info, area.content] {
        let stored = stored.expect("content kept");
        assert!(stored.contains("<p>Fine</p>"));
        for bad in ["<script", "onerror", "javascript:", "<svg", "onload"] {
            assert!(!stored.contains(bad), "{bad} stored in {stored}");
        }
    }
}

async fn page_sections_read_defaults_until_upserted(t: TestDb) {
    let before = homepage::read::<HeroContent>(&t.db).await.unwrap();
    assert_eq!(before.updated_at, None);
    assert_eq!(before.content, HeroContent::default());
    assert!(
        before.content.title.contains("Associate Professor")
            && before.content.google_scholar_url.is_empty()
            && before.content.cv_url.is_empty()
    );

    let mut hero = HeroContent { name: "  Dr. Jane Doe ".into(), ..HeroContent::default() };
    hero.google_scholar_url = "https://scholar.example.org/jane".into();
    let saved = homepage::upsert(&t.db, hero.clone()).await.unwrap();
    assert_eq!(saved.content.name, "Dr. Jane Doe");
    assert!(saved.updated_at.is_some());
    hero.name = "Dr. Jane Q. Doe".into();
    homepage::upsert(&t.db, hero).await.unwrap();
    let after = homepage::read::<HeroContent>(&t.db).await.unwrap();
    assert_eq!(after.content.name, "Dr. Jane Q. Doe");
    assert_eq!(homepage::Entity::find().count(&t.db).await.unwrap(), 1, "one row per section");

    let bad = HeroContent { cv_url: "javascript:alert(1)".into(), ..HeroContent::default() };
    assert!(homepage::upsert(&t.db, bad).await.is_err());
    assert_eq!(homepage::read::<HeroContent>(&t.db).await.unwrap().content.name, "Dr. Jane Q. Doe");
    assert_eq!(homepage::read::<AboutContent>(&t.db).await.unwrap().updated_at, None, "sections are independent");
}

async fn owner_accounts_sign_in_and_sign_out_by_scope(t: TestDb) {
    use vita::auth::{self, SignInRequest, SignOutScope};
    let db = &t.db;
    let password = "a long enough passphrase";
    auth::add_owner(db, "Owner@Example.org", password).await.unwrap();
    let request = |email: &str, password: &str| SignInRequest { email: Some(email.into()), password: Some(password.into()) };

    let wrong = auth::sign_in(db, request("owner@example.org", "wrong password!"), None, None).await.unwrap_err();
    let unknown = auth::sign_in(db, request("nobody@example.org", password), None, None).await.unwrap_err();
    assert_eq!(wrong.to_string(), unknown.to_string(), "no hint whether the account exists");
    let missing =
        auth::sign_in(db, SignInRequest { email: Some("owner@example.org".into()), password: None }, None, None).await.unwrap_err();
    assert_eq!(missing.to_string(), auth::MISSING_CREDENTIALS);

    let token = |signed_in: auth::SignIn| match signed_in {
        auth::SignIn::Session(token, _) => token,
        auth::SignIn::SecondFactorRequired(_) => panic!("no second factor was set up"),
    };
    let first = token(auth::sign_in(db, request("OWNER@example.org", password), None, None).await.unwrap());
    let second = token(auth::sign_in(db, request("owner@example.org", password), None, None).await.unwrap());
    let third = token(auth::sign_in(db, request("owner@example.org", password), None, None).await.unwrap());
    let session = auth::session_for_token(db, &first).await.unwrap().expect("live session");
    assert_eq!(session.user.email, "owner@example.org");
    assert!(auth::session_for_token(db, "not-a-token").await.unwrap().is_none());

    auth::sign_out(db, &session, SignOutScope::Others).await.unwrap();
    assert!(auth::session_for_token(db, &first).await.unwrap().is_some());
    assert!(auth::session_for_token(db, &second).await.unwrap().is_none());
    assert!(auth::session_for_token(db, &third).await.unwrap().is_none());
    auth::sign_out(db, &session, SignOutScope::Local).await.unwrap();
    assert!(auth::session_for_token(db, &first).await.unwrap().is_none());

    // Resetting the password keeps one account and makes the old password useless.
    auth::add_owner(db, "owner@example.org", "another long passphrase").await.unwrap();
    assert!(auth::sign_in(db, request("owner@example.org", password), None, None).await.is_err());
    assert!(auth::sign_in(db, request("owner@example.org", "another long passphrase"), None, None).await.is_ok());
    assert!(auth::add_owner(db, "owner@example.org", "short").await.is_err(), "weak passwords are refused");
}
