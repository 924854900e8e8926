//! Sign-ins half done: the password was right, the code is still due. The browser holds a
//! random token for a few minutes; the database holds only its SHA-256. No session exists
//! until the code is accepted, and the token works once.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "pending_sign_ins")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub user_id: Uuid,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub expires_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    /// Codes tried with this token; it is void at `super::MAX_CODE_TRIES`.
    pub failures: i32,
    /// The address group the password came from (`crate::auth::attempts::address_group`).
    pub ip: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
