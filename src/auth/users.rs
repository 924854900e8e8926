//! Owner accounts. Any account is an administrator (spec section 6).

use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

/// Serde for the backup archive only (`crate::backup`), which keeps the password hash so the
/// owner can sign in after a restore: no response sends this model.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    #[sea_orm(unique)]
    pub email: String,
    pub password_hash: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
