//! Heartbeats are taken in memory, the latest beat of each screen, until
//! [`super::beat_writer`] writes them together: a heartbeat request costs no write of its own.

use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Mutex;

/// The latest beat of a screen.
#[derive(Debug, Clone)]
pub struct Beat {
    pub at: DateTime<Utc>,
    pub player_version: String,
    pub schedule_version: String,
    /// The player's errors when it reported `error`.
    pub error: Option<String>,
}

#[derive(Default)]
pub struct Beats {
    pending: Mutex<HashMap<i64, Beat>>,
}

impl Beats {
    pub fn take(&self, media_id: i64, beat: Beat) {
        self.pending.lock().expect("beats lock").insert(media_id, beat);
    }

    pub fn drain(&self) -> HashMap<i64, Beat> {
        std::mem::take(&mut *self.pending.lock().expect("beats lock"))
    }
}
