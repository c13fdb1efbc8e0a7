//! The job table as a queue. A worker claims the oldest due job under a lease (`FOR UPDATE SKIP
//! LOCKED` on PostgreSQL; on SQLite the claim is one write transaction, and SQLite has one writer);
//! a lease that runs out (its process died or hung) makes the job claimable again. Failures retry
//! with backoff until the job's attempts are spent; then it stays `failed` with its error.

use crate::db::entity::job;
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr, EntityTrait, FromQueryResult, Statement, TryInsertResult};
use serde_json::Value;

pub const QUEUED: &str = "queued";
pub const RUNNING: &str = "running";
pub const DONE: &str = "done";
pub const FAILED: &str = "failed";

/// How long a claim holds without renewal; a worker renews it while the job runs.
pub const LEASE: Duration = Duration::seconds(90);

/// A job to put on the queue.
pub struct NewJob<'a> {
    pub kind: &'a str,
    pub payload: Value,
    pub run_after: DateTime<Utc>,
    pub max_attempts: i32,
    /// Enqueued at most once: a second job with the same key is not added.
    pub unique_key: Option<String>,
}

/// Adds a job; `None` when a job with its unique key exists already.
pub async fn enqueue(db: &impl ConnectionTrait, job: NewJob<'_>, now: DateTime<Utc>) -> Result<Option<i64>, DbErr> {
    let row = job::ActiveModel {
        kind: Set(job.kind.to_string()),
        payload: Set(job.payload.to_string()),
        state: Set(QUEUED.into()),
        attempts: Set(0),
        max_attempts: Set(job.max_attempts.max(1)),
        run_after: Set(job.run_after),
        lease_until: Set(None),
        leased_by: Set(None),
        last_error: Set(None),
        unique_key: Set(job.unique_key),
        progress: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        done_at: Set(None),
        ..Default::default()
    };
    let inserted = job::Entity::insert(row).on_conflict(OnConflict::column(job::Column::UniqueKey).do_nothing().to_owned()).try_insert().exec(db).await?;
    Ok(match inserted {
        TryInsertResult::Inserted(res) => Some(res.last_insert_id),
        TryInsertResult::Conflicted | TryInsertResult::Empty => None,
    })
}

/// Claims the oldest due job of these kinds for `worker`, or none.
pub async fn claim(db: &DatabaseConnection, kinds: &[&str], worker: &str, now: DateTime<Utc>) -> Result<Option<job::Model>, DbErr> {
    if kinds.is_empty() {
        return Ok(None);
    }
    let backend = db.get_database_backend();
    // Numbered parameters: `now` is used twice.
    let p = |i: usize| if backend == DatabaseBackend::Postgres { format!("${i}") } else { format!("?{i}") };
    let kind_list: Vec<String> = (0..kinds.len()).map(|i| p(i + 5)).collect();
    let lock = if backend == DatabaseBackend::Postgres { " FOR UPDATE SKIP LOCKED" } else { "" };
    let sql = format!(
        "UPDATE job SET state = '{RUNNING}', attempts = attempts + 1, lease_until = {lease}, leased_by = {worker}, updated_at = {now} \
         WHERE job_id = (SELECT job_id FROM job \
           WHERE ((state = '{QUEUED}' AND run_after <= {now2}) OR (state = '{RUNNING}' AND lease_until < {now2})) AND kind IN ({kinds}) \
           ORDER BY run_after, job_id LIMIT 1{lock}) \
         RETURNING *",
        lease = p(1),
        worker = p(2),
        now = p(3),
        now2 = p(4),
        kinds = kind_list.join(", "),
    );
    let mut values: Vec<sea_orm::Value> = vec![(now + LEASE).into(), worker.into(), now.into(), now.into()];
    values.extend(kinds.iter().map(|k| (*k).into()));
    let stmt = Statement::from_sql_and_values(backend, sql, values);
    let txn = crate::db::begin_write(db).await?;
    let row = match txn.query_one_raw(stmt).await? {
        Some(row) => Some(job::Model::from_query_result(&row, "")?),
        None => None,
    };
    txn.commit().await.map(|_| row)
}

/// Keeps a running job's claim alive and records its progress (0-100).
pub async fn renew(db: &impl ConnectionTrait, job_id: i64, worker: &str, progress: Option<i32>, now: DateTime<Utc>) -> Result<(), DbErr> {
    use sea_orm::{ColumnTrait, QueryFilter, sea_query::Expr};
    let mut update = job::Entity::update_many()
        .col_expr(job::Column::LeaseUntil, Expr::value(now + LEASE))
        .col_expr(job::Column::UpdatedAt, Expr::value(now))
        .filter(job::Column::JobId.eq(job_id))
        .filter(job::Column::LeasedBy.eq(worker));
    if let Some(p) = progress {
        update = update.col_expr(job::Column::Progress, Expr::value(p.clamp(0, 100)));
    }
    update.exec(db).await.map(|_| ())
}

/// Marks a claimed job done.
pub async fn complete(db: &impl ConnectionTrait, job: &job::Model, now: DateTime<Utc>) -> Result<(), DbErr> {
    let row = job::ActiveModel {
        job_id: Set(job.job_id),
        state: Set(DONE.into()),
        lease_until: Set(None),
        progress: Set(100),
        updated_at: Set(now),
        done_at: Set(Some(now)),
        ..Default::default()
    };
    job::Entity::update(row).exec(db).await.map(|_| ())
}

/// A failed attempt: queued again after a backoff while attempts remain, else failed for good.
/// Returns whether the job is failed for good.
pub async fn fail(db: &impl ConnectionTrait, job: &job::Model, error: &str, now: DateTime<Utc>) -> Result<bool, DbErr> {
    let final_failure = job.attempts >= job.max_attempts;
    let backoff = super::backoff(job.attempts);
    let row = job::ActiveModel {
        job_id: Set(job.job_id),
        state: Set(if final_failure { FAILED } else { QUEUED }.into()),
        lease_until: Set(None),
        run_after: Set(if final_failure { job.run_after } else { now + backoff }),
        last_error: Set(Some(error.chars().take(2000).collect())),
        updated_at: Set(now),
        done_at: Set(final_failure.then_some(now)),
        ..Default::default()
    };
    job::Entity::update(row).exec(db).await.map(|_| final_failure)
}

/// Hands a claimed job back to the queue at once (the process is stopping).
pub async fn release(db: &impl ConnectionTrait, job: &job::Model, now: DateTime<Utc>) -> Result<(), DbErr> {
    let row = job::ActiveModel {
        job_id: Set(job.job_id),
        state: Set(QUEUED.into()),
        attempts: Set((job.attempts - 1).max(0)),
        lease_until: Set(None),
        run_after: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    job::Entity::update(row).exec(db).await.map(|_| ())
}

/// Forgets finished jobs older than a week.
pub async fn prune(db: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<u64, DbErr> {
    use sea_orm::{ColumnTrait, QueryFilter};
    let res =
        job::Entity::delete_many().filter(job::Column::State.is_in([DONE, FAILED])).filter(job::Column::UpdatedAt.lt(now - Duration::days(7))).exec(db).await?;
    Ok(res.rows_affected)
}
