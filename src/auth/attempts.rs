//! Sign-in rate limiting, shared by passwords and second-factor codes, at three levels:
//!
//! - **Account and address**: after `FREE_FAILURES` failures of one account from one address,
//!   each further attempt from there waits after the last failure, the wait doubling each time
//!   (1, 2, 4 … 60 minutes), as Ghost does. A stranger's failures lock out the stranger, never
//!   the owner signing in from elsewhere.
//! - **Address**: at most `MAX_PER_ADDRESS` attempts on any accounts per `ADDRESS_WINDOW`,
//!   which bounds the slow password checks one address can cause by trying many e-mails.
//! - **Account**: at most `ACCOUNT_MAX_FAILURES` failures per `ACCOUNT_WINDOW` from all
//!   addresses together; above it every address waits, so guessing from many addresses is
//!   bounded too. The trade-off: someone who knows the owner's e-mail can keep the password
//!   step closed for the owner as well, an hour at most after their last failure. The owner's
//!   open sessions keep working, `vita admin add` sets a new password from the shell, and a
//!   sign-in whose password was already accepted can still be finished with a recovery code
//!   from the same address (`Ceiling::ExceptRecoveryCode`): 50 random bits that no one
//!   guesses, and the half-done sign-in allows five codes whatever the address.
//!
//! An address is the client's IPv4 address, or the /64 network of an IPv6 one (`address_group`):
//! one IPv6 host usually holds a whole /64 and could otherwise take a new address per guess.
//!
//! Every attempt is a row written **before** the slow check (`reserve`), so concurrent guesses
//! see each other and fifty at once cannot all slip under a limit between a count and a write;
//! each limit counts its rows, settled and in flight, in one statement.
//! The row is a check in flight until it ends: a failure marks it `failed`, a refusal removes it
//! (a refused attempt is no failure and lengthens no wait), a success removes the address's
//! rows for that account. The wait announced in `Retry-After` is computed from the settled
//! failures alone, so it is the real remaining wait of the lock that refused the request; a
//! request refused only because another check of the same lock is in flight is told one
//! second. Rows live in the database: the limits survive restarts and bind every instance.

use std::net::IpAddr;

use chrono::{DateTime, Duration, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::entity::prelude::*;
use sea_orm::sea_query::Expr;
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
/// Failures of one account from every address within `ACCOUNT_WINDOW`, above which every
/// address waits.
pub const ACCOUNT_MAX_FAILURES: u64 = 20;
pub const ACCOUNT_WINDOW: Duration = Duration::hours(1);
/// A check takes well under a second; a row still in flight after this long belongs to a
/// request that died, and counts as the failure it probably was.
const IN_FLIGHT_LIMIT: Duration = Duration::minutes(1);
/// What a request refused only because another check of the same lock is running is told.
const IN_FLIGHT_WAIT_SECS: u64 = 1;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "sign_in_attempts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub email: String,
    /// The address group (`address_group`).
    pub ip: Option<String>,
    pub created_at: DateTimeUtc,
    /// A settled failure; false while the check is in flight.
    pub failed: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// Whether the account-wide ceiling applies to an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ceiling {
    Applies,
    /// A recovery code for a sign-in whose password was accepted from this same address.
    ExceptRecoveryCode,
}

/// An attempt let through to the check: `failed` keeps it as a failure, `succeeded` clears the
/// failures.
pub struct Reservation {
    id: Uuid,
    email: String,
    ip: String,
}

/// The key the limits count an address under: an IPv4 address as it is (also when written as
/// an IPv4-mapped IPv6 address), an IPv6 address as its /64 network. Anything else (no address
/// known) is kept as given.
pub fn address_group(ip: &str) -> String {
    match ip.parse::<IpAddr>() {
        Ok(IpAddr::V4(v4)) => v4.to_string(),
        Ok(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
        Err(_) => ip.to_owned(),
    }
}

/// How long the address must wait after its last failure, given its failures so far.
pub fn wait_after(failures: u64) -> Duration {
    if failures < FREE_FAILURES {
        return Duration::zero();
    }
    let doublings = (failures - FREE_FAILURES).min(16) as i32;
    (FIRST_WAIT * 2i32.pow(doublings as u32)).min(MAX_WAIT)
}

/// Writes the attempt, then decides with every attempt in flight counted: 429 with the real
/// remaining wait in Retry-After while a limit holds.
pub async fn reserve(db: &impl ConnectionTrait, email: &str, ip: Option<&str>, ceiling: Ceiling) -> Result<Reservation, AppError> {
    let now = Utc::now();
    let ip = address_group(ip.unwrap_or("unknown"));
    let id = Uuid::new_v4();
    let row =
        ActiveModel { id: Set(id), email: Set(email.to_owned()), ip: Set(Some(ip.clone())), created_at: Set(now), failed: Set(false) };
    Entity::insert(row).exec(db).await?;
    let reservation = Reservation { id, email: email.to_owned(), ip };
    match refusal(db, &reservation, ceiling, now).await {
        Ok(None) => Ok(reservation),
        // A refused attempt is no failure: it does not lengthen the wait.
        Ok(Some(error)) | Err(error) => {
            Entity::delete_by_id(id).exec(db).await?;
            Err(error)
        }
    }
}

/// The attempts `rows` selects since `since`, read in **one** statement: the times of the
/// settled failures (oldest first; a check in flight so long that its request must have died
/// counts as one) and the number of checks in flight other than `own`. Read in two statements,
/// a check that ended between them would be in neither count, and one guess more than the
/// limit could get through (seen: 6 of 50 parallel guesses checked).
async fn failures_and_running(
    db: &impl ConnectionTrait,
    rows: Select<Entity>,
    own: Uuid,
    since: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(Vec<DateTime<Utc>>, u64), AppError> {
    let rows: Vec<(Uuid, DateTime<Utc>, bool)> = rows
        .filter(Column::CreatedAt.gt(since))
        .select_only()
        .column(Column::Id)
        .column(Column::CreatedAt)
        .column(Column::Failed)
        .order_by_asc(Column::CreatedAt)
        .into_tuple()
        .all(db)
        .await?;
    let mut settled = Vec::new();
    let mut running = 0;
    for (id, created_at, failed) in rows {
        if failed || created_at <= now - IN_FLIGHT_LIMIT {
            settled.push(created_at);
        } else if id != own {
            running += 1;
        }
    }
    Ok((settled, running))
}

/// A window limit: with `settled` failures (oldest first) and `running` other checks, at most
/// `max` in the window. The wait until the oldest failure that keeps the count at `max` leaves
/// the window, or a second when only checks in flight fill it.
fn window_wait(settled: &[DateTime<Utc>], running: u64, max: u64, window: Duration, now: DateTime<Utc>) -> Option<Duration> {
    if settled.len() as u64 + running < max {
        return None;
    }
    let over = (settled.len() as u64 + 1).saturating_sub(max) as usize;
    match over.checked_sub(1).and_then(|index| settled.get(index)) {
        Some(oldest) => Some((*oldest + window - now).max(Duration::seconds(1))),
        None => Some(Duration::seconds(IN_FLIGHT_WAIT_SECS as i64)),
    }
}

async fn refusal(
    db: &impl ConnectionTrait,
    reservation: &Reservation,
    ceiling: Ceiling,
    now: DateTime<Utc>,
) -> Result<Option<AppError>, AppError> {
    // This account from this address: the doubling lock.
    let mine = Entity::find().filter(Column::Email.eq(&reservation.email)).filter(Column::Ip.eq(&reservation.ip));
    let (settled, running) = failures_and_running(db, mine, reservation.id, now - MEMORY, now).await?;
    if settled.len() as u64 + running >= FREE_FAILURES {
        let locked_until = settled.last().map_or(now, |last| *last + wait_after(settled.len() as u64));
        if now < locked_until {
            return Ok(Some(too_many(locked_until - now)));
        }
        if running > 0 {
            return Ok(Some(too_many(Duration::seconds(IN_FLIGHT_WAIT_SECS as i64))));
        }
    }
    // This address, any account: every attempt counts, failed or in flight.
    let from_address: Vec<DateTime<Utc>> = Entity::find()
        .filter(Column::Ip.eq(&reservation.ip))
        .filter(Column::CreatedAt.gt(now - ADDRESS_WINDOW))
        .filter(Column::Id.ne(reservation.id))
        .select_only()
        .column(Column::CreatedAt)
        .order_by_asc(Column::CreatedAt)
        .into_tuple()
        .all(db)
        .await?;
    if let Some(wait) = window_wait(&from_address, 0, MAX_PER_ADDRESS, ADDRESS_WINDOW, now) {
        return Ok(Some(too_many(wait)));
    }
    // This account, every address.
    if ceiling == Ceiling::Applies {
        let account = Entity::find().filter(Column::Email.eq(&reservation.email));
        let (settled, running) = failures_and_running(db, account, reservation.id, now - ACCOUNT_WINDOW, now).await?;
        if let Some(wait) = window_wait(&settled, running, ACCOUNT_MAX_FAILURES, ACCOUNT_WINDOW, now) {
            tracing::warn!(account = %reservation.email, failures = settled.len(), "sign-in attempts refused from every address: too many failures this hour");
            return Ok(Some(too_many(wait)));
        }
    }
    Ok(None)
}

fn too_many(wait: Duration) -> AppError {
    let wait_secs = wait.num_seconds().max(1) as u64;
    AppError::TooManyRequests {
        message: match wait_secs.div_ceil(60) {
            1 => "Too many failed sign-in attempts. Try again in 1 minute.".to_owned(),
            minutes => format!("Too many failed sign-in attempts. Try again in {minutes} minutes."),
        },
        retry_after_secs: wait_secs,
    }
}

impl Reservation {
    /// The password or code was wrong: the attempt stays, as a failure. Rows older than a day go.
    ///
    /// Neither write can change the answer, which is the truth about the password: a 503 here
    /// would have the client send a guess again that was already checked. When the database is
    /// too busy to mark the row, it stays a check in flight, which every limit counts, and a
    /// failure once `IN_FLIGHT_LIMIT` has passed.
    pub async fn failed(self, db: &impl ConnectionTrait) {
        let marked = Entity::update_many().col_expr(Column::Failed, Expr::value(true)).filter(Column::Id.eq(self.id)).exec(db).await;
        if let Err(error) = marked {
            tracing::warn!(%error, "a failed sign-in attempt stays a check in flight until it counts as a failure");
        }
        if let Err(error) = Entity::delete_many().filter(Column::CreatedAt.lt(Utc::now() - MEMORY)).exec(db).await {
            tracing::warn!(%error, "sign-in attempts older than a day are removed at the next failure");
        }
    }

    /// The password was right but a code is still due (`super::second_factor`): the attempt
    /// is neither a failure nor a success. A success would forget the failed codes, so a
    /// guesser who knows the password could try codes without end.
    pub async fn undecided(self, db: &impl ConnectionTrait) -> Result<(), AppError> {
        Entity::delete_by_id(self.id).exec(db).await?;
        Ok(())
    }

    /// The password (and the code, when one is due) was right: this address's failures for
    /// the account are forgotten (the other addresses' stay, and still count for the account).
    pub async fn succeeded(self, db: &impl ConnectionTrait) -> Result<(), AppError> {
        Entity::delete_many().filter(Column::Email.eq(&self.email)).filter(Column::Ip.eq(&self.ip)).exec(db).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_is_said_in_whole_minutes_in_plain_words() {
        let said = |seconds| match too_many(Duration::seconds(seconds)) {
            AppError::TooManyRequests { message, .. } => message,
            other => panic!("{other:?}"),
        };
        assert_eq!(said(20), "Too many failed sign-in attempts. Try again in 1 minute.");
        assert_eq!(said(60), "Too many failed sign-in attempts. Try again in 1 minute.");
        assert_eq!(said(61), "Too many failed sign-in attempts. Try again in 2 minutes.");
        assert_eq!(said(900), "Too many failed sign-in attempts. Try again in 15 minutes.");
    }

    #[test]
    fn the_wait_doubles_after_the_free_failures_up_to_an_hour() {
        let minutes: Vec<i64> = (0..14).map(|n| wait_after(n).num_minutes()).collect();
        assert_eq!(minutes, [0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }

    #[test]
    fn ipv6_addresses_count_by_their_64_network() {
        assert_eq!(address_group("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(address_group("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
        assert_ne!(address_group("2001:db8:1:3::1"), address_group("2001:db8:1:2::1"));
        assert_eq!(address_group("::1"), "0:0:0:0::/64");
        assert_eq!(address_group("::ffff:198.51.100.7"), "198.51.100.7");
        assert_eq!(address_group("198.51.100.7"), "198.51.100.7");
        assert_eq!(address_group("unknown"), "unknown");
    }

    #[test]
    fn a_window_waits_until_the_failure_that_fills_it_leaves() {
        let now = Utc::now();
        let at = |minutes_ago: i64| now - Duration::minutes(minutes_ago);
        let hour = Duration::hours(1);
        // 19 failures: one more may be checked.
        let settled: Vec<_> = (0..19).map(|i| at(50 - i)).collect();
        assert_eq!(window_wait(&settled, 0, 20, hour, now), None);
        // 20: the oldest (50 minutes ago) leaves in 10 minutes, and then one may be checked.
        let settled: Vec<_> = (0..20).map(|i| at(50 - i)).collect();
        assert_eq!(window_wait(&settled, 0, 20, hour, now), Some(Duration::minutes(10)));
        // 21: the second oldest must leave too.
        let settled: Vec<_> = (0..21).map(|i| at(50 - i)).collect();
        assert_eq!(window_wait(&settled, 0, 20, hour, now), Some(Duration::minutes(11)));
        // 18 failures and 2 checks running: a second, the time for them to end.
        let settled: Vec<_> = (0..18).map(|i| at(50 - i)).collect();
        assert_eq!(window_wait(&settled, 2, 20, hour, now), Some(Duration::seconds(1)));
    }
}
