//! The callers of recent requests, kept in memory so that a call resolves its caller (user, role,
//! corp, permissions, session times) without a statement. Two rules keep a right from going stale:
//! - in this process, every change that can touch rights (an account or permission edit, a
//!   session ended) moves the rights epoch (`crate::kept::epochs`), and an entry of an older epoch is never served;
//! - across processes, an entry lives 5 seconds at most, so a change made by another process on
//!   the same database reaches this one within 5 seconds.
//!
//! The sliding idle expiry stays exact to the half-minute: the cached session times are checked on
//! every call, and the touch that moves them is written at most every 30 seconds.

use super::caller::Caller;
use chrono::{DateTime, Utc};
use std::sync::Arc;
use std::time::Duration;

/// How long another process's change may go unseen.
pub const CROSS_PROCESS_BOUND: Duration = Duration::from_secs(5);

fn epoch() -> u64 {
    crate::kept::epochs::rights()
}

/// A resolved caller with its session's times.
#[derive(Clone)]
pub struct Cached {
    pub caller: Caller,
    pub created_at: DateTime<Utc>,
    pub last_access_at: DateTime<Utc>,
    epoch: u64,
}

#[derive(Clone)]
pub struct Callers {
    cache: moka::sync::Cache<String, Arc<Cached>>,
}

impl Default for Callers {
    fn default() -> Self {
        Callers { cache: moka::sync::Cache::builder().max_capacity(200_000).time_to_live(CROSS_PROCESS_BOUND).build() }
    }
}

impl Callers {
    /// The caller of a session (by its digest) when known and current.
    pub fn get(&self, session_id: &str) -> Option<Arc<Cached>> {
        self.cache.get(session_id).filter(|c| c.epoch == epoch())
    }

    /// Remembers a caller resolved from the database; `epoch_before` is the epoch read before the
    /// database was, so a change that raced with the reads is not remembered as current.
    pub fn put(&self, caller: Caller, created_at: DateTime<Utc>, last_access_at: DateTime<Utc>, epoch_before: u64) {
        let key = caller.session_id.clone();
        self.cache.insert(key, Arc::new(Cached { caller, created_at, last_access_at, epoch: epoch_before }));
    }

    /// The session's last access moved (the half-minute touch).
    pub fn touched(&self, cached: &Cached, at: DateTime<Utc>) {
        let mut next = cached.clone();
        next.last_access_at = at;
        self.cache.insert(next.caller.session_id.clone(), Arc::new(next));
    }

    pub fn forget(&self, session_id: &str) {
        self.cache.invalidate(session_id);
    }

    /// The epoch to pass to [`Callers::put`], read before resolving from the database.
    pub fn epoch(&self) -> u64 {
        epoch()
    }
}
