//! Sign-in rate limiting, keyed on the account *and* the client address, so a stranger's
//! failures lock out the stranger, never the owner signing in from elsewhere.
//!
//! Every attempt is a row written **before** the slow password check (`reserve`): concurrent
//! guesses each see the others' rows, so fifty at once cannot all slip under the limit between
//! a count and a write. A refused attempt removes its row; a failed one keeps it; a success
//! removes the address's failures for that account. After `FREE_FAILURES` failures of one
//! account from one address, each further attempt from there waits after the last one, the
//! wait doubling each time (1, 2, 4 … 60 minutes), as Ghost does. Rows live in the database,
//! so the lock survives restarts and is shared by every instance.

use chrono::{DateTime, Duration, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::entity::prelude::*;
use sea_orm::{QueryOrder, QuerySelect};

use crate::error::AppError;

/// Failures of one account from one address before that address has to wait.
pub const FREE_FAILURES: u64 = 5;
/// The first wait after the free failures; it doubles with each further failure.
const FIRST_WAIT: Duration = Duration::minutes(1);
/// The longest wait.
const MAX_WAIT: Duration = Duration::minutes(60);
/// Failures are forgotten after a day.
const MEMORY: Duration = Duration::days(1);
/// Attempts from one address on any accounts within `ADDRESS_WINDOW`: bounds how many slow
/// password checks one address can cause by trying many e-mail addresses.
pub const MAX_PER_ADDRESS: u64 = 20;
const ADDRESS_WINDOW: Duration = Duration::minutes(15);

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

/// An attempt let through to the password check: `failed` keeps it as a failure,
/// `succeeded` clears the failures.
pub struct Reservation {
    id: Uuid,
    email: String,
    ip: String,
}

/// How long the address must wait after its last failure, given its failures so far.
pub fn wait_after(failures: u64) -> Duration {
    if failures < FREE_FAILURES {
        return Duration::zero();
    }
    let doublings = (failures - FREE_FAILURES).min(16) as i32;
    (FIRST_WAIT * 2i32.pow(doublings as u32)).min(MAX_WAIT)
}

/// Writes the attempt, then decides with every attempt in flight counted: 429 with
/// Retry-After while the address must wait.
pub async fn reserve(db: &impl ConnectionTrait, email: &str, ip: Option<&str>) -> Result<Reservation, AppError> {
    let now = Utc::now();
    let ip = ip.unwrap_or("unknown").to_owned();
    let id = Uuid::new_v4();
    let row = ActiveModel { id: Set(id), email: Set(email.to_owned()), ip: Set(Some(ip.clone())), created_at: Set(now) };
    Entity::insert(row).exec(db).await?;
    let reservation = Reservation { id, email: email.to_owned(), ip };
    match refusal(db, &reservation, now).await {
        Ok(None) => Ok(reservation),
        // A refused attempt is no failure: it does not lengthen the wait.
        Ok(Some(error)) | Err(error) => {
            Entity::delete_by_id(id).exec(db).await?;
            Err(error)
        }
    }
}

async fn refusal(db: &impl ConnectionTrait, reservation: &Reservation, now: DateTime<Utc>) -> Result<Option<AppError>, AppError> {
    let others = Column::Id.ne(reservation.id);
    let mine = Entity::find()
        .filter(Column::Email.eq(&reservation.email))
        .filter(Column::Ip.eq(&reservation.ip))
        .filter(Column::CreatedAt.gt(now - MEMORY))
        .filter(others.clone());
    let earlier = mine.clone().count(db).await?;
    let wait = wait_after(earlier);
    if wait > Duration::zero() {
        let last = mine.order_by_desc(Column::CreatedAt).limit(1).one(db).await?.map_or(now, |a| a.created_at);
        if now < last + wait {
            return Ok(Some(too_many((last + wait - now).num_seconds().max(1) as u64)));
        }
    }
    let from_address = Entity::find()
        .filter(Column::Ip.eq(&reservation.ip))
        .filter(Column::CreatedAt.gt(now - ADDRESS_WINDOW))
        .filter(others)
        .count(db)
        .await?;
    if from_address >= MAX_PER_ADDRESS {
        return Ok(Some(too_many(ADDRESS_WINDOW.num_seconds() as u64)));
    }
    Ok(None)
}

fn too_many(wait_secs: u64) -> AppError {
    AppError::TooManyRequests {
        message: format!("Too many failed sign-in attempts. Try again in {} minute(s).", wait_secs.div_ceil(60)),
        retry_after_secs: wait_secs,
    }
}

impl Reservation {
    /// The password was wrong: the attempt stays, as a failure. Rows older than a day go.
    pub async fn failed(self, db: &impl ConnectionTrait) -> Result<(), AppError> {
        Entity::delete_many().filter(Column::CreatedAt.lt(Utc::now() - MEMORY)).exec(db).await?;
        Ok(())
    }

    /// The password was right but a code is still due (`super::second_factor`): the attempt
    /// is neither a failure nor a success. A success would forget the failed codes, so a
    /// guesser who knows the password could try codes without end.
    pub async fn undecided(self, db: &impl ConnectionTrait) -> Result<(), AppError> {
        Entity::delete_by_id(self.id).exec(db).await?;
        Ok(())
    }

    /// The password (and the code, when one is due) was right: this address's failures for
    /// the account are forgotten.
    pub async fn succeeded(self, db: &impl ConnectionTrait) -> Result<(), AppError> {
        Entity::delete_many().filter(Column::Email.eq(&self.email)).filter(Column::Ip.eq(&self.ip)).exec(db).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_after_the_free_failures_up_to_an_hour() {
        let minutes: Vec<i64> = (0..14).map(|n| wait_after(n).num_minutes()).collect();
        assert_eq!(minutes, [0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }
}
