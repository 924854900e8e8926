//! Issue 30, item 2: pages are stored as one range with an en dash whatever was typed, cited
//! "pp. 101–117" (IEEE) and "101–117" (APA), on both databases; and the migration rewrites the
//! values stored before.

use sea_orm::ActiveValue::Set;
use sea_orm::{ActiveModelTrait, EntityTrait};
use sea_orm_migration::MigratorTrait;
use serde_json::json;
use vita::content::{self, publications};
use vita::store::migrations::Migrator;

use crate::helpers::TestDb;
use crate::on_both_databases;

fn paper(pages: &str, n: usize) -> publications::Input {
    serde_json::from_value(json!({
        "title": format!("Paper {n}"), "authors": ["Jane Doe"], "kind": "journal-article", "venue": "J", "year": 2024,
        "pages": pages, "status": "published",
    }))
    .unwrap()
}

async fn every_typed_range_is_stored_and_cited_as_one(test_db: TestDb) {
    let db = &test_db.db;
    for (n, typed) in ["101--117", "101-117", "101 – 117", "101—117", "101–117"].into_iter().enumerate() {
        let stored = content::create::<publications::Entity>(db, paper(typed, n)).await.unwrap();
        let read = publications::Entity::find_by_id(stored.id).one(db).await.unwrap().unwrap();
        assert_eq!(read.pages.as_deref(), Some("101–117"), "{typed}");
        let cited = vita::citations::format(&read, "en");
        assert!(cited.ieee.contains("pp. 101–117"), "{typed}: {}", cited.ieee);
        assert!(cited.apa.contains("101–117") && !cited.apa.contains("pp."), "{typed}: {}", cited.apa);
    }
    let single = content::create::<publications::Entity>(db, paper("5", 9)).await.unwrap();
    assert!(vita::citations::format(&single, "en").ieee.contains("p. 5,"));
}

/// Rows stored with `101--117` (before the rule) come out right once the migration runs.
async fn the_migration_rewrites_stored_ranges(test_db: TestDb) {
    let db = &test_db.db;
    // Back to before m0009 (the ninth migration), whatever came after it.
    Migrator::down(db, Some(Migrator::migrations().len() as u32 - 8)).await.unwrap();
    let stored = content::create::<publications::Entity>(db, paper("1", 0)).await.unwrap();
    for (id, typed) in [(stored.id, "101--117")] {
        let mut row: publications::ActiveModel = publications::Entity::find_by_id(id).one(db).await.unwrap().unwrap().into();
        row.pages = Set(Some(typed.to_owned()));
        row.update(db).await.unwrap();
    }
    let untouched = content::create::<publications::Entity>(db, paper("e0123456", 1)).await.unwrap();
    Migrator::up(db, None).await.unwrap();
    let read = |id| async move { publications::Entity::find_by_id(id).one(db).await.unwrap().unwrap().pages };
    assert_eq!(read(stored.id).await.as_deref(), Some("101–117"));
    assert_eq!(read(untouched.id).await.as_deref(), Some("e0123456"));
}

on_both_databases!(every_typed_range_is_stored_and_cited_as_one, the_migration_rewrites_stored_ranges);
