//! Site settings: a small key → JSON table for facts that belong to the whole site rather than
//! to one page or item (e.g. whether the first-run setup has happened).

use chrono::Utc;
use sea_orm::ActiveValue::Set;
use sea_orm::TryInsertResult;
use sea_orm::entity::prelude::*;
use sea_orm::sea_query::OnConflict;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::AppError;
use crate::rules::MAX_SHORT;
use crate::validate::Check;

/// The key of the owner's site-wide options.
pub const SITE: &str = "site";

/// Site-wide options the owner sets in the admin.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct SiteSettings {
    /// A visitor-counter or analytics script, loaded on the home page only ("" for none).
    pub analytics_script_url: String,
    /// The spec keeps the student list for signed-in users; this shows it to every visitor
    /// (never with e-mail addresses).
    pub show_students_publicly: bool,
}

impl SiteSettings {
    fn validate(mut self) -> Result<Self, AppError> {
        self.analytics_script_url = self.analytics_script_url.trim().to_owned();
        let mut check = Check::new();
        if !self.analytics_script_url.is_empty() && !self.analytics_script_url.starts_with("https://") {
            check.fail("analytics_script_url", "The script URL must start with https://");
        }
        check.max_len("analytics_script_url", "The script URL", &self.analytics_script_url, MAX_SHORT);
        check.finish()?;
        Ok(self)
    }
}

pub async fn site(db: &impl ConnectionTrait) -> Result<SiteSettings, AppError> {
    Ok(match Entity::find_by_id(SITE.to_owned()).one(db).await? {
        Some(row) => serde_json::from_value(row.value).unwrap_or_default(),
        None => SiteSettings::default(),
    })
}

pub async fn save_site(db: &impl ConnectionTrait, settings: SiteSettings) -> Result<SiteSettings, AppError> {
    let settings = settings.validate()?;
    let value = serde_json::to_value(&settings).map_err(anyhow::Error::from)?;
    let row = ActiveModel { key: Set(SITE.to_owned()), value: Set(value), updated_at: Set(Utc::now()) };
    Entity::insert(row)
        .on_conflict(OnConflict::column(Column::Key).update_columns([Column::Value, Column::UpdatedAt]).to_owned())
        .exec(db)
        .await?;
    Ok(settings)
}

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
