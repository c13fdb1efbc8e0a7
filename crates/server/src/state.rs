//! Shared state of the application.

use crate::auth::keys::LoginKey;
use crate::config::Config;
use chrono::{DateTime, Duration, Utc};
use sea_orm::DatabaseConnection;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use townboard_domain::session::SessionLimits;

/// The application's state, cloned for every request and every middleware layer it passes: one
/// reference count, whatever the state holds.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> Self {
        AppState(Arc::new(shared))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

pub struct Shared {
    /// Reads (and writes that need no transaction of their own).
    pub db: DatabaseConnection,
    /// Write transactions: `crate::db::begin_write(&state.writer)`.
    pub writer: DatabaseConnection,
    /// Reads whose plan holds for every value, planned once a connection (`crate::db::Pools`).
    pub planned: Option<DatabaseConnection>,
    pub config: Arc<Config>,
    pub login_key: Arc<LoginKey>,
    pub clock: Clock,
    pub files: crate::storage::FileStore,
    pub jobs: Arc<Jobs>,
    pub callers: crate::auth::callers::Callers,
    pub devices: crate::auth::devices::Devices,
    pub beats: Arc<crate::intake::beats::Beats>,
    pub memo: crate::kept::memo::Memo,
    pub ingestion: crate::intake::pop::Ingestion,
    /// Outbound HTTP(S): feeds, the SMS gateway, alert webhooks.
    pub http: reqwest::Client,
    /// The push channel: the screens this process holds and the reach it records.
    pub push: crate::push::held::Push,
}

/// This process's side of the job queue.
pub struct Jobs {
    /// Names the claims this process holds.
    pub worker_id: String,
    /// Wakes idle workers when this process enqueues.
    pub wake: tokio::sync::Notify,
    /// Turns true when the process is stopping: workers claim nothing more and hand back what runs.
    stopping: tokio::sync::watch::Sender<bool>,
}

impl Jobs {
    pub fn new() -> Self {
        Jobs {
            worker_id: format!("{}-{}", std::process::id(), crate::crypto::random_token().chars().take(8).collect::<String>()),
            wake: tokio::sync::Notify::new(),
            stopping: tokio::sync::watch::Sender::new(false),
        }
    }

    pub fn stop(&self) {
        self.stopping.send_replace(true);
        self.wake.notify_waiters();
    }

    pub fn is_stopping(&self) -> bool {
        *self.stopping.borrow()
    }

    /// Resolves once the process is stopping.
    pub async fn stopped(&self) {
        let mut seen = self.stopping.subscribe();
        let _ = seen.wait_for(|stopping| *stopping).await;
    }
}

impl Default for Jobs {
    fn default() -> Self {
        Self::new()
    }
}

impl AppState {
    pub fn session_limits(&self) -> SessionLimits {
        SessionLimits { idle: Duration::minutes(self.config.session_idle_minutes), ..SessionLimits::default() }
    }
}

/// The time as the application sees it: the real time shifted by `TOWNBOARD_CLOCK_OFFSET`, which
/// tests move forward to exercise expiry, daily jobs and month ends.
#[derive(Clone, Default)]
pub struct Clock {
    skew_secs: Arc<AtomicI64>,
}

impl Clock {
    pub fn with_offset(offset: Duration) -> Self {
        Clock { skew_secs: Arc::new(AtomicI64::new(offset.num_seconds())) }
    }

    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + Duration::seconds(self.skew_secs.load(Ordering::Relaxed))
    }

    pub fn advance(&self, by: Duration) {
        self.skew_secs.fetch_add(by.num_seconds(), Ordering::Relaxed);
    }
}
