//! Sign-in sessions, kept on the server. The browser holds only a random token in an
//! HttpOnly cookie; the database holds only the token's SHA-256, so a leaked database
//! cannot be replayed as a cookie.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub user_id: Uuid,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub last_seen_at: DateTimeUtc,
    /// Sliding expiry: pushed forward while the owner keeps using the admin.
    pub idle_expires_at: DateTimeUtc,
    /// Hard limit, whatever the activity.
    pub expires_at: DateTimeUtc,
    pub user_agent: Option<String>,
    pub ip: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
