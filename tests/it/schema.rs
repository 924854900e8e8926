//! Each content table's field list (`content_table!`) against the migrated database, on SQLite
//! and PostgreSQL: the same columns, each nullable exactly when its field is optional. A field
//! added without its migration, or a migration without its field, fails here rather than on
//! the first write.

use std::collections::BTreeMap;

use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseBackend, EntityTrait, IdenStatic, Iterable, Statement};

use crate::helpers::TestDb;
use crate::on_both_databases;

/// Column name → nullable.
type Columns = BTreeMap<String, bool>;

fn declared<E: EntityTrait>() -> (&'static str, Columns) {
    let columns = E::Column::iter().map(|column| (column.as_str().to_owned(), column.def().is_null())).collect();
    (E::default().table_name(), columns)
}

async fn migrated(t: &TestDb, table: &str) -> Columns {
    let backend = t.db.get_database_backend();
    let statement = match backend {
        DatabaseBackend::Postgres => Statement::from_sql_and_values(
            backend,
            "SELECT column_name AS name, is_nullable = 'YES' AS nullable FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = $1",
            [table.into()],
        ),
        _ => Statement::from_sql_and_values(backend, r#"SELECT name, "notnull" = 0 AS nullable FROM pragma_table_info(?)"#, [table.into()]),
    };
    let rows = t.db.query_all_raw(statement).await.expect("the table's columns");
    rows.iter().map(|row| (row.try_get::<String>("", "name").unwrap(), row.try_get::<bool>("", "nullable").unwrap())).collect()
}

async fn every_table_matches_its_migration(t: TestDb) {
    macro_rules! declared_tables {
        ($($table:ident),*) => {
            vec![$(declared::<vita::content::$table::Entity>()),*]
        };
    }
    let mut tables = vita::content::tables!(declared_tables);
    // The records of imports and their links to papers (issue 44).
    tables.push(declared::<vita::content::imports::records::Entity>());
    tables.push(declared::<vita::content::import_links::Entity>());
    for (table, columns) in tables {
        let in_database = migrated(&t, table).await;
        assert!(!in_database.is_empty(), "{table} is not in the migrated database");
        assert_eq!(columns, in_database, "{table}: the entity's columns (left) and the migrated table's (right)");
    }
}

on_both_databases!(every_table_matches_its_migration);
