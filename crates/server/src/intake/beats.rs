//! Heartbeats are taken in memory, the latest beat of each screen, and written together by the
//! player API's beat writer (group commit): a heartbeat is answered once the flush that holds it has
//! committed, so an acknowledged beat survives a crash, while beats arriving together share one
//! transaction instead of costing a write each.

use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tokio::sync::Notify;

/// The latest beat of a screen.
#[derive(Debug, Clone)]
pub struct Beat {
    pub at: DateTime<Utc>,
    pub player_version: String,
    pub schedule_version: String,
    /// The player's errors when it reported `error`.
    pub error: Option<String>,
}

/// The beats written by one flush, and whether that flush committed.
#[derive(Default)]
pub struct Batch {
    committed: OnceLock<bool>,
    done: Notify,
}

impl Batch {
    /// Waits for the flush of this batch; whether it committed.
    pub async fn written(&self) -> bool {
        loop {
            // Registered before the check, so a flush finishing in between still wakes it.
            let done = self.done.notified();
            if let Some(committed) = self.committed.get() {
                return *committed;
            }
            done.await;
        }
    }

    /// Tells every waiter how the flush ended.
    pub fn finish(&self, committed: bool) {
        let _ = self.committed.set(committed);
        self.done.notify_waiters();
    }
}

#[derive(Default)]
struct Pending {
    beats: HashMap<i64, Beat>,
    /// Screens heard over their push channel: alive, with nothing else to say.
    seen: HashMap<i64, DateTime<Utc>>,
    batch: Arc<Batch>,
}

/// What a flush writes.
pub struct Drained {
    pub beats: HashMap<i64, Beat>,
    pub seen: HashMap<i64, DateTime<Utc>>,
    pub batch: Arc<Batch>,
}

#[derive(Default)]
struct Taken {
    pending: Pending,
    /// When each screen's latest heartbeat reached this process: a screen holding its channel
    /// that also beats (players keep their heartbeats) needs no channel marks besides. Not
    /// drained: it outlives the flushes.
    beaten: HashMap<i64, DateTime<Utc>>,
}

#[derive(Default)]
pub struct Beats {
    /// One lock for a beat or a mark: what the next flush writes, and when each screen last beat.
    taken: Mutex<Taken>,
    /// Wakes the writer when a beat arrives (a channel's mark waits for the next flush).
    pub arrived: Notify,
}

impl Beats {
    /// Takes a screen's beat into the next flush; the batch to wait on.
    pub fn take(&self, media_id: i64, beat: Beat) -> Arc<Batch> {
        let batch = {
            let mut taken = self.taken.lock().expect("beats lock");
            taken.beaten.insert(media_id, beat.at);
            taken.pending.beats.insert(media_id, beat);
            taken.pending.batch.clone()
        };
        self.arrived.notify_one();
        batch
    }

    /// A screen holding its push channel is alive at `at`: written with the next flush (nobody
    /// waits for it, and it does not start one).
    pub fn seen(&self, media_id: i64, at: DateTime<Utc>) {
        self.taken.lock().expect("beats lock").pending.seen.insert(media_id, at);
    }

    /// [`Beats::seen`], unless a heartbeat of the screen reached this process within `within`
    /// before `at`: that beat already said the screen is alive, and a mark would be written for
    /// nothing.
    pub fn seen_unless_beaten(&self, media_id: i64, at: DateTime<Utc>, within: chrono::Duration) {
        let mut taken = self.taken.lock().expect("beats lock");
        if taken.beaten.get(&media_id).is_none_or(|beat| *beat <= at - within) {
            taken.pending.seen.insert(media_id, at);
        }
    }

    /// The beats taken since the last drain, and the batch their writers wait on.
    pub fn drain(&self) -> Drained {
        let taken = std::mem::take(&mut self.taken.lock().expect("beats lock").pending);
        Drained { beats: taken.beats, seen: taken.seen, batch: taken.batch }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn beat(at: DateTime<Utc>) -> Beat {
        Beat { at, player_version: "1".into(), schedule_version: "v".into(), error: None }
    }

    #[test]
    fn a_channel_marks_its_screen_heard_only_when_no_heartbeat_said_so_within_the_interval() {
        let beats = Beats::default();
        let at = Utc::now();
        let every = chrono::Duration::seconds(60);
        let _ = beats.take(1, beat(at - chrono::Duration::seconds(30)));
        let _ = beats.take(2, beat(at - chrono::Duration::seconds(90)));
        beats.drain();
        beats.seen_unless_beaten(1, at, every);
        beats.seen_unless_beaten(2, at, every);
        beats.seen_unless_beaten(3, at, every);
        let drained = beats.drain();
        let mut seen: Vec<i64> = drained.seen.keys().copied().collect();
        seen.sort_unstable();
        assert_eq!(seen, vec![2, 3], "beaten 30 s ago: no mark; 90 s ago or never: marked");
        assert!(drained.beats.is_empty());
    }
}
