//! The daily background jobs of `vita serve`: the citation refresh, and the ORCID check when an
//! iD is set. Each starts after a random wait (up to `OutsideConfig::jitter`), then looks once
//! an hour whether it is due (its last run a day old); the lease in `outside_sources` lets one
//! instance at a time run it when several serve one PostgreSQL database. A run that fails is
//! logged and noted for the dashboard; it never stops the server.

use std::sync::Arc;
use std::time::Duration;

use rand::Rng;
use sea_orm::DatabaseConnection;
use uuid::Uuid;

use super::{Scholarly, orcid, refresh, runs};
use crate::content::settings;
use crate::store::changes::Changes;

pub const CITATIONS_JOB: &str = "citations-job";
pub const ORCID_JOB: &str = "orcid-job";
/// How often a job runs.
const EVERY_HOURS: i64 = 24;
/// How long an instance holds a job's lease: longer than a run of 10,000 papers takes.
const LEASE_MINUTES: i64 = 60;
/// How often an instance looks whether a job is due.
const LOOK_EVERY: Duration = Duration::from_secs(3600);

/// What the jobs need.
pub struct Jobs {
    pub db: DatabaseConnection,
    pub scholarly: Arc<Scholarly>,
    /// Watched by the server's page cache, which a refresh makes partly stale.
    pub changes: Changes,
    pub jitter: Duration,
}

impl Jobs {
    /// Runs the jobs until the task is dropped.
    pub async fn run(self) {
        let instance = Uuid::new_v4().simple().to_string();
        let wait = match self.jitter.as_millis() as u64 {
            0 => 0,
            most => rand::rng().random_range(0..most),
        };
        tokio::time::sleep(Duration::from_millis(wait)).await;
        loop {
            self.once(&instance).await;
            tokio::time::sleep(LOOK_EVERY).await;
        }
    }

    /// Runs each job that is due and whose lease this instance gets.
    pub async fn once(&self, instance: &str) {
        if self.due(CITATIONS_JOB, instance).await {
            match refresh::run(&self.db, &self.scholarly, &self.changes).await {
                Ok(outcome) => tracing::info!(summary = outcome.summary(), "citation counts refreshed"),
                Err(err) => tracing::warn!(error = %err, "the citation refresh failed"),
            }
            self.finish(CITATIONS_JOB, instance).await;
        }
        let orcid_id = match settings::site(&self.db).await {
            Ok(site) => site.orcid_id,
            Err(err) => {
                tracing::warn!(error = %err, "cannot read the settings for the ORCID check");
                return;
            }
        };
        if !orcid_id.is_empty() && self.due(ORCID_JOB, instance).await {
            match orcid::check(&self.db, &self.scholarly, &orcid_id).await {
                Ok(found) => tracing::info!(new_works = found.new_works, "ORCID record checked"),
                Err(err) => tracing::warn!(error = %err, "the ORCID check failed"),
            }
            self.finish(ORCID_JOB, instance).await;
        }
    }

    async fn due(&self, job: &str, instance: &str) -> bool {
        let every = chrono::Duration::hours(EVERY_HOURS);
        match runs::take_if_due(&self.db, job, instance, every, chrono::Duration::minutes(LEASE_MINUTES)).await {
            Ok(taken) => taken,
            Err(err) => {
                tracing::warn!(job, error = %err, "cannot take a job's lease");
                false
            }
        }
    }

    async fn finish(&self, job: &str, instance: &str) {
        if let Err(err) = runs::finish(&self.db, job, instance).await {
            tracing::warn!(job, error = %err, "cannot end a job's run");
        }
    }
}
