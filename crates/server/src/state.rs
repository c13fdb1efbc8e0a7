//! Shared state of the application.

use crate::auth::keys::LoginKey;
use crate::auth::limiter::RateLimiter;
use crate::config::Config;
use chrono::{DateTime, Duration, Utc};
use sea_orm::DatabaseConnection;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use townboard_domain::session::SessionLimits;

#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    pub login_key: Arc<LoginKey>,
    pub login_limiter: Arc<RateLimiter>,
    pub clock: Clock,
    pub files: crate::storage::FileStore,
}

impl AppState {
    pub fn session_limits(&self) -> SessionLimits {
        SessionLimits { idle: Duration::minutes(self.config.session_idle_minutes), ..SessionLimits::default() }
    }
}

/// The time as the application sees it; tests move it forward to exercise expiry.
#[derive(Clone, Default)]
pub struct Clock {
    skew_secs: Arc<AtomicI64>,
}

impl Clock {
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + Duration::seconds(self.skew_secs.load(Ordering::Relaxed))
    }

    pub fn advance(&self, by: Duration) {
        self.skew_secs.fetch_add(by.num_seconds(), Ordering::Relaxed);
    }
}
