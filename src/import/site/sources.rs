//! Where each imported item came from (`site_import_sources`): the generator, the kind, the
//! file (and entry) relative to the site's root, a hash of what was read, and the item it
//! became with its `updated_at` at the import. A second import finds the item by its source:
//! the same hash changes nothing, another hash updates the item unless the owner has edited
//! it in Vita since (its `updated_at` moved), which is a conflict left alone.

use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize)]
#[sea_orm(table_name = "site_import_sources")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub generator: String,
    pub kind: String,
    pub source: String,
    pub hash: String,
    pub item_id: Uuid,
    pub item_updated_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
