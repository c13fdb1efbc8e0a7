//! What a process keeps of the push channel, read by every request through the application's
//! state: the screens it holds (the hub), the events it hears, and the receipts of urgent messages
//! not yet written. The work over them (telling screens, writing receipts) is the player API's
//! push hub and reach writer.

use crate::db::entity::media;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, mpsc};

/// A change that screens are told of.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Event {
    /// Urgent messages were saved, stopped or deleted: every screen's set is worked out again.
    Urgent,
    /// A command was queued for a screen.
    Command { media_id: i64, cmd_idx: i64 },
    /// The loops of these groups changed on `date` (`YYYY-MM-DD`).
    Schedule { mg_ids: Vec<i64>, date: String },
}

/// This process's side of the channel: the screens it holds, the events it hears, the reach it
/// records, the channels that closed.
pub struct Push {
    pub hub: Hub,
    pub reach: Receipts,
    pub heard: broadcast::Sender<Event>,
    pub closed: super::silence::Closed,
}

impl Default for Push {
    fn default() -> Self {
        Push { hub: Hub::default(), reach: Receipts::default(), heard: broadcast::Sender::new(1024), closed: Default::default() }
    }
}

/// What a connection is asked to send.
#[derive(Debug, Clone)]
pub enum Outgoing {
    /// The urgent messages in force for the screen, as a JSON array written once for every
    /// screen of the same set, and their ids.
    Urgent(Arc<str>, Vec<i64>),
    /// A command `{id, type, payload}` and its row.
    Command(Value, i64),
    /// The screen's loop changed on `date`; its new version.
    Schedule { date: String, version: String },
}

/// How many messages may wait for a slow connection before new ones are dropped (heartbeats still
/// carry them).
pub const QUEUE: usize = 16;

pub struct Held {
    pub conn: u64,
    pub poi_id: i64,
    pub mg_id: Option<i64>,
    pub tx: mpsc::Sender<Outgoing>,
    /// The urgent messages the screen was last told of; none until it is first told (as it joins,
    /// or by an urgent change since).
    pub urgent: Option<Vec<i64>>,
}

#[derive(Default)]
pub struct Hub {
    pub held: Mutex<HashMap<i64, Held>>,
    next: AtomicU64,
}

impl Hub {
    /// A screen's connection joins; it replaces an older one of the same screen. Its number. It
    /// joins before it reads the urgent messages in force ([`Hub::tell_urgent`]): a change saved
    /// meanwhile is told to it then, either by that read or by the change itself.
    pub fn join(&self, screen: &media::Model, tx: mpsc::Sender<Outgoing>) -> u64 {
        let conn = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let held = Held { conn, poi_id: screen.poi_id, mg_id: screen.mg_id, tx, urgent: None };
        self.held.lock().expect("hub lock").insert(screen.media_id, held);
        conn
    }

    /// A connection ends (unless a newer one of the screen took its place).
    pub fn leave(&self, media_id: i64, conn: u64) {
        let mut held = self.held.lock().expect("hub lock");
        if held.get(&media_id).is_some_and(|h| h.conn == conn) {
            held.remove(&media_id);
        }
    }

    /// Screens held now.
    pub fn len(&self) -> usize {
        self.held.lock().expect("hub lock").len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Tells connection `conn` of `media_id` the urgent set `ids` (serialised as `set`) unless it
    /// was last told the same; `first` tells only a connection not told anything yet. Under the
    /// hub's lock, so the sets a screen is told follow one another as they were read: an urgent
    /// change that told a joining screen first leaves its joining read untold. An empty set is not
    /// sent to a screen not told anything yet (it knows of none). Whether it was told.
    pub fn tell_urgent(held: &mut HashMap<i64, Held>, (media_id, conn): (i64, u64), set: &Arc<str>, ids: &[i64], first: bool) -> bool {
        let Some(h) = held.get_mut(&media_id).filter(|h| h.conn == conn) else { return false };
        if h.urgent.as_deref() == Some(ids) || (first && h.urgent.is_some()) {
            return false;
        }
        if (h.urgent.is_some() || !ids.is_empty()) && h.tx.try_send(Outgoing::Urgent(set.clone(), ids.to_vec())).is_err() {
            return false;
        }
        h.urgent = Some(ids.to_vec());
        true
    }

    /// Tells a connection that joined the urgent set in force as it read it after joining, unless an
    /// urgent change told it one since.
    pub fn tell_joined(&self, media_id: i64, conn: u64, set: &Arc<str>, ids: &[i64]) {
        Hub::tell_urgent(&mut self.held.lock().expect("hub lock"), (media_id, conn), set, ids, true);
    }

    /// Whether the screen's channel is held here.
    pub fn holds(&self, media_id: i64) -> bool {
        self.held.lock().expect("hub lock").contains_key(&media_id)
    }

    pub fn sender(&self, media_id: i64) -> Option<mpsc::Sender<Outgoing>> {
        self.held.lock().expect("hub lock").get(&media_id).map(|h| h.tx.clone())
    }
}

/// A receipt's key: the message and the screen.
pub type Key = (i64, i64);
/// When the screen received the message, and when it acknowledged it.
pub type Times = (DateTime<Utc>, Option<DateTime<Utc>>);

/// Receipts not yet written.
#[derive(Default)]
pub struct Receipts {
    pending: Mutex<Taken>,
}

#[derive(Default)]
struct Taken {
    receipts: HashMap<Key, Times>,
    /// When the oldest receipt not yet written was taken, and the newest.
    first: Option<Instant>,
    last: Option<Instant>,
}

impl Taken {
    fn took(&mut self) {
        let now = Instant::now();
        self.first.get_or_insert(now);
        self.last = Some(now);
    }
}

impl Receipts {
    /// The screen received these messages.
    pub fn delivered(&self, um_idxs: &[i64], media_id: i64, at: DateTime<Utc>) {
        self.take(um_idxs, media_id, at, false);
    }

    /// The screen acknowledged these messages (and so received them).
    pub fn acknowledged(&self, um_idxs: &[i64], media_id: i64, at: DateTime<Utc>) {
        self.take(um_idxs, media_id, at, true);
    }

    fn take(&self, um_idxs: &[i64], media_id: i64, at: DateTime<Utc>, acked: bool) {
        if um_idxs.is_empty() {
            return;
        }
        let mut pending = self.pending.lock().expect("reach lock");
        pending.took();
        for um_idx in um_idxs {
            let times = pending.receipts.entry((*um_idx, media_id)).or_insert((at, None));
            if acked {
                times.1 = Some(at);
            }
        }
    }

    /// Receipts drained and not written (their write failed) wait for the next write, beside
    /// what was taken since: the earlier delivery and any acknowledgement are kept.
    pub fn restore(&self, receipts: impl IntoIterator<Item = (Key, Times)>) {
        let mut pending = self.pending.lock().expect("reach lock");
        let mut any = false;
        for (key, (delivered, acked)) in receipts {
            any = true;
            let times = pending.receipts.entry(key).or_insert((delivered, acked));
            times.0 = times.0.min(delivered);
            times.1 = times.1.or(acked);
        }
        if any {
            pending.took();
        }
    }

    /// Whether the receipts taken are to be written now: none came for `quiet` (a fan-out is
    /// over), or the oldest has waited `at_most`.
    pub fn due(&self, now: Instant, quiet: Duration, at_most: Duration) -> bool {
        let pending = self.pending.lock().expect("reach lock");
        match (pending.first, pending.last) {
            (Some(first), Some(last)) => now.duration_since(last) >= quiet || now.duration_since(first) >= at_most,
            _ => false,
        }
    }

    pub fn drain(&self) -> Vec<(Key, Times)> {
        std::mem::take(&mut *self.pending.lock().expect("reach lock")).receipts.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screen(media_id: i64) -> media::Model {
        let now = Utc::now();
        media::Model {
            media_id,
            media_nm: "screen".into(),
            c_id: 1,
            poi_id: 1,
            mg_id: None,
            dvc_idx: None,
            os_type: "android".into(),
            media_status: 0,
            ssaid: None,
            token_digest: None,
            created_at: now,
            updated_at: now,
            deleted_at: None,
        }
    }

    /// The urgent sets a connection's queue holds, in order.
    fn told(rx: &mut mpsc::Receiver<Outgoing>) -> Vec<Vec<i64>> {
        std::iter::from_fn(|| rx.try_recv().ok())
            .filter_map(|o| match o {
                Outgoing::Urgent(_, ids) => Some(ids),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_joining_screen_is_told_each_urgent_set_once_in_the_order_read() {
        let hub = Hub::default();
        let set: Arc<str> = Arc::from("[]");
        let change = |conn: u64, ids: &[i64]| Hub::tell_urgent(&mut hub.held.lock().unwrap(), (1, conn), &set, ids, false);

        // A change saved while the screen joined told it first: the older set read on joining is not sent after it.
        let (tx, mut rx) = mpsc::channel(8);
        let conn = hub.join(&screen(1), tx);
        assert!(change(conn, &[5]));
        hub.tell_joined(1, conn, &set, &[]);
        assert_eq!(told(&mut rx), vec![vec![5]]);

        // Told on joining, then changes: each new set once, the same set not again.
        let (tx, mut rx) = mpsc::channel(8);
        let conn = hub.join(&screen(1), tx);
        hub.tell_joined(1, conn, &set, &[5]);
        assert!(!change(conn, &[5]));
        assert!(change(conn, &[]));
        assert_eq!(told(&mut rx), vec![vec![5], vec![]]);

        // Nothing in force on joining: nothing sent, and a message saved after is told.
        let (tx, mut rx) = mpsc::channel(8);
        let conn = hub.join(&screen(1), tx);
        hub.tell_joined(1, conn, &set, &[]);
        assert!(change(conn, &[7]));
        assert_eq!(told(&mut rx), vec![vec![7]]);

        // An older connection of the screen, replaced, is told nothing.
        assert!(!change(conn - 1, &[8]));
    }

    #[test]
    fn receipts_wait_for_a_quiet_moment_or_until_the_oldest_has_waited_long_enough() {
        let reach = Receipts::default();
        let (quiet, at_most) = (Duration::from_millis(300), Duration::from_secs(3));
        let start = Instant::now();
        assert!(!reach.due(start + at_most * 2, quiet, at_most), "nothing taken, nothing due");
        reach.delivered(&[], 1, Utc::now());
        assert!(!reach.due(start + at_most * 2, quiet, at_most), "a heartbeat with no message takes nothing");
        reach.delivered(&[7], 1, Utc::now());
        let taken = Instant::now();
        assert!(!reach.due(taken, quiet, at_most), "receipts still coming");
        assert!(reach.due(taken + quiet, quiet, at_most), "quiet since");
        // A fan-out that goes on: each receipt a moment after the one before.
        reach.acknowledged(&[7], 1, Utc::now());
        let last = Instant::now();
        assert!(!reach.due(last + quiet / 2, quiet, at_most));
        assert!(reach.due(taken + at_most, quiet, at_most), "the oldest waited long enough");
        let drained = reach.drain();
        assert_eq!(drained.len(), 1, "delivery and acknowledgement share the receipt");
        assert!(drained[0].1.1.is_some());
        assert!(!reach.due(Instant::now() + at_most * 2, quiet, at_most), "drained: nothing due");
    }

    #[test]
    fn receipts_whose_write_failed_wait_for_the_next_beside_those_taken_since() {
        let reach = Receipts::default();
        let (early, later) = (Utc::now() - chrono::Duration::seconds(5), Utc::now());
        reach.delivered(&[7], 1, early);
        reach.delivered(&[7], 2, early);
        let failed = reach.drain();
        // Taken while the failed write ran: the same screen again, acknowledged, and another.
        reach.acknowledged(&[7], 1, later);
        reach.delivered(&[8], 3, later);
        reach.restore(failed);
        let at_most = Duration::from_secs(3);
        assert!(reach.due(Instant::now() + at_most, Duration::from_millis(300), at_most), "due again");
        let mut again = reach.drain();
        again.sort_by_key(|(key, _)| *key);
        assert_eq!(again, vec![((7, 1), (early, Some(later))), ((7, 2), (early, None)), ((8, 3), (later, None))]);
        reach.restore(Vec::new());
        assert!(!reach.due(Instant::now() + at_most * 2, Duration::from_millis(300), at_most), "nothing restored, nothing due");
    }
}
