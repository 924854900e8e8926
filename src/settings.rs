//! Site settings: a small key → JSON table for facts that belong to the whole site rather than
//! to one page or item (e.g. whether the first-run setup has happened).

use chrono::Utc;
use sea_orm::ActiveValue::Set;
use sea_orm::entity::prelude::*;
use sea_orm::TryInsertResult;

use crate::error::AppError;

/// Present once an owner account exists: the first-run setup is closed for good.
pub const SETUP_COMPLETED: &str = "setup_completed";

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    #[sea_orm(column_type = "Json")]
    pub value: Json,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

pub async fn is_set(db: &impl ConnectionTrait, key: &str) -> Result<bool, AppError> {
    Ok(Entity::find_by_id(key.to_owned()).one(db).await?.is_some())
}

/// Sets `key` only if it is not set yet; tells whether this call set it. The primary key
/// makes this atomic across concurrent requests and instances.
pub async fn set_once(db: &impl ConnectionTrait, key: &str, value: Json) -> Result<bool, AppError> {
    let row = ActiveModel { key: Set(key.to_owned()), value: Set(value), updated_at: Set(Utc::now()) };
    let result = Entity::insert(row).on_conflict_do_nothing_on([Column::Key]).exec(db).await?;
    Ok(matches!(result, TryInsertResult::Inserted(_)))
}
