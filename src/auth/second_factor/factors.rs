//! An owner's authenticator app: the TOTP secret, whether the owner has confirmed it with a
//! code (until then it does not guard the sign-in), and the last time step accepted, so no
//! code is accepted twice.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "totp_factors")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: Uuid,
    /// Base32, as the owner's app holds it. No API returns it once the factor is confirmed.
    pub secret: String,
    /// None while the set-up waits for its first code.
    pub confirmed_at: Option<DateTimeUtc>,
    /// The RFC 6238 step of the last code accepted; a code of this step or an earlier one is
    /// refused.
    pub last_used_step: Option<i64>,
    /// The salt of this owner's recovery-code hashes (a new one with each set of codes).
    pub recovery_salt: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
