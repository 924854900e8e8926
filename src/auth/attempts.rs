//! Sign-in rate limiting. Failed attempts are rows in the database, so every instance of a
//! multi-instance deployment counts the same failures.

use chrono::{Duration, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::entity::prelude::*;
use sea_orm::{QueryOrder, QuerySelect};

use crate::error::AppError;

/// The window in which failures count.
pub const WINDOW: Duration = Duration::minutes(15);
/// Failures of one account within the window before further attempts are refused.
pub const MAX_PER_ACCOUNT: u64 = 5;
/// Failures from one client address (any account) within the window.
pub const MAX_PER_ADDRESS: u64 = 10;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "sign_in_attempts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub email: String,
    pub ip: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// Refuses the attempt with 429 and a Retry-After while either limit is reached.
pub async fn check(db: &impl ConnectionTrait, email: &str, ip: Option<&str>) -> Result<(), AppError> {
    let since = Utc::now() - WINDOW;
    let mut limits = vec![(Column::Email.eq(email), MAX_PER_ACCOUNT)];
    if let Some(ip) = ip {
        limits.push((Column::Ip.eq(ip), MAX_PER_ADDRESS));
    }
    for (condition, max) in limits {
        let recent = Entity::find().filter(condition.clone()).filter(Column::CreatedAt.gt(since));
        if recent.clone().count(db).await? >= max {
            // Open again when the oldest failure still counted leaves the window.
            let oldest = recent.order_by_asc(Column::CreatedAt).limit(1).one(db).await?;
            let reopens = oldest.map_or(Utc::now() + WINDOW, |a| a.created_at + WINDOW);
            let wait = (reopens - Utc::now()).num_seconds().max(1) as u64;
            return Err(AppError::TooManyRequests {
                message: format!("Too many failed sign-in attempts. Try again in {} minute(s).", wait.div_ceil(60)),
                retry_after_secs: wait,
            });
        }
    }
    Ok(())
}

pub async fn record_failure(db: &impl ConnectionTrait, email: &str, ip: Option<&str>) -> Result<(), AppError> {
    let now = Utc::now();
    let attempt =
        ActiveModel { id: Set(Uuid::new_v4()), email: Set(email.to_owned()), ip: Set(ip.map(str::to_owned)), created_at: Set(now) };
    Entity::insert(attempt).exec(db).await?;
    // Keep the table small: failures older than a day no longer matter.
    Entity::delete_many().filter(Column::CreatedAt.lt(now - Duration::days(1))).exec(db).await?;
    Ok(())
}

/// A successful sign-in forgets the account's failures.
pub async fn clear(db: &impl ConnectionTrait, email: &str) -> Result<(), AppError> {
    Entity::delete_many().filter(Column::Email.eq(email)).exec(db).await?;
    Ok(())
}
