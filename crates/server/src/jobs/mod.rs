//! Background work inside `townboard serve`, on the job queue ([`queue`]): every kind of job is
//! one row of [`KINDS`]; workers claim due jobs of their kinds, light ones (sweeps, daily rollups)
//! and heavy ones (ffmpeg, one per core) apart so a long encoding never delays a status sweep. A
//! scheduler puts the periodic jobs on the queue, once per period whatever the number of processes.

pub mod campaign_daily;
pub mod news_fetch;
pub mod plans;
pub mod queue;
pub mod settlement_close;
pub mod status;
pub mod transcode;

use crate::db::entity::job;
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use serde_json::Value;
use std::future::Future;
use std::pin::Pin;

pub type JobFuture<'a> = Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>>;

/// A kind of job: its name on the queue, how often it may be tried, and what it does.
pub struct Kind {
    pub name: &'static str,
    pub max_attempts: i32,
    /// Runs ffmpeg: at most one such job per core.
    pub heavy: bool,
    pub run: for<'a> fn(&'a Ctx<'a>) -> JobFuture<'a>,
}

/// What a running job sees: the application and its own row.
pub struct Ctx<'a> {
    pub state: &'a AppState,
    pub job: &'a job::Model,
    pub payload: Value,
    worker: &'a str,
}

impl Ctx<'_> {
    /// Records progress (0-100) and renews the claim.
    pub async fn progress(&self, percent: i32) {
        let now = self.state.clock.now();
        if let Err(e) = queue::renew(&self.state.db, self.job.job_id, self.worker, Some(percent), now).await {
            tracing::warn!(error = %e, job = self.job.job_id, "could not record job progress");
        }
    }
}

pub const STATUS_SWEEP: &str = "status_sweep";

pub static KINDS: &[Kind] = &[
    Kind { name: STATUS_SWEEP, max_attempts: 1, heavy: false, run: |ctx| Box::pin(status::run(ctx)) },
    // A failed day is tried again; a run finding nothing due changes nothing.
    Kind { name: campaign_daily::KIND, max_attempts: 5, heavy: false, run: |ctx| Box::pin(campaign_daily::run(ctx)) },
    // A file ffmpeg cannot encode twice will not encode a third time.
    Kind { name: transcode::KIND, max_attempts: 2, heavy: true, run: |ctx| Box::pin(transcode::run(ctx)) },
    // A feed that failed is read again at the next half hour.
    Kind { name: news_fetch::KIND, max_attempts: 1, heavy: false, run: |ctx| Box::pin(news_fetch::run(ctx)) },
    Kind { name: plans::KIND, max_attempts: 3, heavy: false, run: |ctx| Box::pin(plans::run(ctx)) },
    // A failed close is undone and shown; the manager closes the month again.
    Kind { name: settlement_close::KIND, max_attempts: 1, heavy: false, run: |ctx| Box::pin(settlement_close::run(ctx)) },
];

fn kind(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.name == name)
}

/// Puts a job on the queue now (or at `run_after`) and wakes this process's workers.
pub async fn enqueue(
    state: &AppState,
    name: &'static str,
    payload: Value,
    unique_key: Option<String>,
    run_after: Option<DateTime<Utc>>,
) -> Result<Option<i64>, sea_orm::DbErr> {
    let now = state.clock.now();
    let max_attempts = kind(name).map_or(3, |k| k.max_attempts);
    let job = queue::NewJob { kind: name, payload, run_after: run_after.unwrap_or(now), max_attempts, unique_key };
    let id = queue::enqueue(&state.db, job, now).await?;
    state.jobs.wake.notify_waiters();
    Ok(id)
}

/// Claims and runs one due job of these kinds; false when none was due.
pub async fn run_one(state: &AppState, kinds: &[&str]) -> bool {
    let worker = state.jobs.worker_id.as_str();
    let now = state.clock.now();
    let claimed = match queue::claim(&state.writer, kinds, worker, now).await {
        Ok(Some(job)) => job,
        Ok(None) => return false,
        Err(e) => {
            tracing::error!(error = %e, "claiming a job failed");
            return false;
        }
    };
    let Some(kind) = kind(&claimed.kind) else {
        let _ = queue::fail(&state.db, &claimed, "unknown job kind", now).await;
        return true;
    };
    let ctx = Ctx { state, job: &claimed, payload: serde_json::from_str(&claimed.payload).unwrap_or(Value::Null), worker };
    // The claim is renewed while the job runs, so only a dead process lets it lapse.
    let renewer = {
        let (state, job_id, worker) = (state.clone(), claimed.job_id, worker.to_string());
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(std::time::Duration::from_secs(30));
            tick.tick().await;
            loop {
                tick.tick().await;
                let _ = queue::renew(&state.db, job_id, &worker, None, state.clock.now()).await;
            }
        })
    };
    let outcome = tokio::select! {
        outcome = (kind.run)(&ctx) => outcome,
        _ = state.jobs.stopped() => {
            // The process is stopping: the job goes back to the queue for the next process (its
            // ffmpeg child is killed with the dropped future), without spending an attempt.
            renewer.abort();
            if let Err(e) = queue::release(&state.writer, &claimed, state.clock.now()).await {
                tracing::error!(error = %e, job = claimed.job_id, "handing a job back failed; its claim lapses on its own");
            } else {
                tracing::info!(job = claimed.job_id, kind = %claimed.kind, "job handed back to the queue");
            }
            return false;
        }
    };
    renewer.abort();
    let now = state.clock.now();
    let recorded = match outcome {
        Ok(()) => queue::complete(&state.db, &claimed, now).await,
        Err(error) => {
            crate::metrics::global().job_failed();
            tracing::warn!(job = claimed.job_id, kind = %claimed.kind, %error, "job attempt failed");
            queue::fail(&state.db, &claimed, &error, now).await.map(|_| ())
        }
    };
    if let Err(e) = recorded {
        tracing::error!(error = %e, job = claimed.job_id, "recording a job's outcome failed");
    }
    true
}

/// Runs due jobs of every kind until none is left (tests and one-shot commands).
pub async fn run_until_idle(state: &AppState) {
    let all: Vec<&str> = KINDS.iter().map(|k| k.name).collect();
    while run_one(state, &all).await {}
}

/// Starts the scheduler and the workers. The workers end when the process is stopping (see
/// [`crate::state::Jobs::stop`]), after handing back what they ran; the scheduler with the process.
pub fn spawn(state: AppState) -> tokio::task::JoinSet<()> {
    let mut workers = tokio::task::JoinSet::new();
    let light: Vec<&'static str> = KINDS.iter().filter(|k| !k.heavy).map(|k| k.name).collect();
    let heavy: Vec<&'static str> = KINDS.iter().filter(|k| k.heavy).map(|k| k.name).collect();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for kinds in std::iter::repeat_n(light, 2).chain(std::iter::repeat_n(heavy, cores)) {
        let state = state.clone();
        workers.spawn(async move {
            while !state.jobs.is_stopping() {
                if !run_one(&state, &kinds).await && !state.jobs.is_stopping() {
                    // Idle: wait for a local enqueue, or poll for another process's jobs.
                    let _ = tokio::time::timeout(std::time::Duration::from_secs(2), state.jobs.wake.notified()).await;
                }
            }
        });
    }
    tokio::spawn(async move {
        // Often enough for the status sweep's period (every minute, shorter in the benchmark).
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(state.config.status_sweep_every_secs.clamp(1, 15)));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Err(e) = schedule_periodic(&state).await {
                tracing::error!(error = %e, "scheduling periodic jobs failed");
            }
        }
    });
    workers
}

/// The periodic jobs of the current period: the status sweep each minute, the campaign statuses
/// once per local date, the news feeds each half hour, pruning each day.
pub async fn schedule_periodic(state: &AppState) -> Result<(), sea_orm::DbErr> {
    let now = state.clock.now();
    let every = state.config.status_sweep_every_secs.max(1) as i64;
    let period = now.timestamp().div_euclid(every);
    enqueue(state, STATUS_SWEEP, Value::Null, Some(format!("{STATUS_SWEEP}:{every}:{period}")), None).await?;
    let today = crate::time::today(now);
    enqueue(state, campaign_daily::KIND, Value::Null, Some(format!("{}:{today}", campaign_daily::KIND)), None).await?;
    enqueue(state, news_fetch::KIND, Value::Null, Some(format!("{}:{}", news_fetch::KIND, news_fetch::period(now))), None).await?;
    plans::nightly(state, today).await?;
    if now.format("%M").to_string() == "00" {
        queue::prune(&state.db, now).await?;
        crate::auth::limiter::prune(&state.db, now).await?;
    }
    Ok(())
}

/// Jobs that wait or run (`townboard_jobs_queued`).
pub async fn queued(state: &AppState) -> Result<u64, sea_orm::DbErr> {
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    job::Entity::find().filter(job::Column::State.is_in([queue::QUEUED, queue::RUNNING])).count(&state.db).await
}

/// A job's delay before its next attempt after `attempts` failures (shown in the README).
pub fn backoff(attempts: i32) -> Duration {
    Duration::seconds(10 * 2_i64.pow(attempts.clamp(0, 10) as u32))
}
