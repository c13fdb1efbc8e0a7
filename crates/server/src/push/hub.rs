//! The screens this process holds a channel to, and how each event reaches them: an urgent change
//! works out every held screen's set and tells those whose set changed; a command goes to its
//! screen if held here; a loop's change goes to the held screens of its groups.

use super::Event;
use crate::db::entity::{media, media_command, plan, plan_override};
use crate::error::ApiResult;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::mpsc;

/// What a connection is asked to send.
#[derive(Debug, Clone)]
pub enum Outgoing {
    /// The urgent messages in force for the screen, and their ids.
    Urgent(Vec<Value>, Vec<i64>),
    /// A command `{id, type, payload}` and its row.
    Command(Value, i64),
    /// The screen's loop changed on `date`; its new version.
    Schedule { date: String, version: String },
}

/// How many messages may wait for a slow connection before new ones are dropped (heartbeats still
/// carry them).
pub const QUEUE: usize = 16;

struct Held {
    conn: u64,
    poi_id: i64,
    mg_id: Option<i64>,
    tx: mpsc::Sender<Outgoing>,
    /// The urgent messages the screen was last told of.
    urgent: Vec<i64>,
}

/// A held connection as an urgent change reads it, outside the hub's lock.
struct Snapshot {
    conn: u64,
    poi_id: i64,
    urgent: Vec<i64>,
    tx: mpsc::Sender<Outgoing>,
}

impl Held {
    fn snapshot(&self) -> Snapshot {
        Snapshot { conn: self.conn, poi_id: self.poi_id, urgent: self.urgent.clone(), tx: self.tx.clone() }
    }
}

#[derive(Default)]
pub struct Hub {
    held: Mutex<HashMap<i64, Held>>,
    next: AtomicU64,
}

impl Hub {
    /// A screen's connection joins; it replaces an older one of the same screen. Its number.
    pub fn join(&self, screen: &media::Model, tx: mpsc::Sender<Outgoing>, urgent: Vec<i64>) -> u64 {
        let conn = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let held = Held { conn, poi_id: screen.poi_id, mg_id: screen.mg_id, tx, urgent };
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

    /// Whether the screen's channel is held here.
    pub fn holds(&self, media_id: i64) -> bool {
        self.held.lock().expect("hub lock").contains_key(&media_id)
    }

    fn sender(&self, media_id: i64) -> Option<mpsc::Sender<Outgoing>> {
        self.held.lock().expect("hub lock").get(&media_id).map(|h| h.tx.clone())
    }
}

/// Tells the held screens of `event`.
pub async fn tell(state: &AppState, event: Event) {
    let told = match event {
        Event::Urgent => urgent_to_all(state).await,
        Event::Command { media_id, cmd_idx } => command_to(state, media_id, cmd_idx).await,
        Event::Schedule { mg_ids, date } => schedule_to(state, &mg_ids, date).await,
    };
    if let Err(e) = told {
        tracing::error!(error = ?e, "push: telling the screens failed");
    }
}

/// The next moment an urgent message comes into force or ends.
pub async fn next_urgent_boundary(state: &AppState) -> Option<DateTime<Utc>> {
    crate::player::urgent::next_change(state, state.clock.now()).await.ok().flatten()
}

async fn urgent_to_all(state: &AppState) -> ApiResult<()> {
    // Another process may have made the change: what is kept of the messages is read again.
    crate::memo::changed(crate::player::urgent::PROGRAM);
    let now = state.clock.now();
    let screens: Vec<(i64, Snapshot)> = state.push.hub.held.lock().expect("hub lock").iter().map(|(id, h)| (*id, h.snapshot())).collect();
    let mut told = Vec::new();
    for (media_id, Snapshot { conn, poi_id, urgent: before, tx }) in screens {
        let set = crate::player::urgent::in_force(state, poi_id, now).await?;
        let ids = crate::player::urgent::ids(&set);
        if ids != before && tx.try_send(Outgoing::Urgent(set, ids.clone())).is_ok() {
            told.push((media_id, conn, ids));
        }
    }
    let mut held = state.push.hub.held.lock().expect("hub lock");
    for (media_id, conn, ids) in told {
        if let Some(h) = held.get_mut(&media_id).filter(|h| h.conn == conn) {
            h.urgent = ids;
        }
    }
    Ok(())
}

async fn command_to(state: &AppState, media_id: i64, cmd_idx: i64) -> ApiResult<()> {
    let Some(tx) = state.push.hub.sender(media_id) else { return Ok(()) };
    let Some(cmd) = media_command::Entity::find_by_id(cmd_idx).filter(media_command::Column::Status.eq("pending")).one(&state.db).await? else {
        return Ok(());
    };
    let _ = tx.try_send(Outgoing::Command(crate::player::command_value(&cmd), cmd.cmd_idx));
    Ok(())
}

async fn schedule_to(state: &AppState, mg_ids: &[i64], date: String) -> ApiResult<()> {
    let screens: Vec<(Option<i64>, mpsc::Sender<Outgoing>)> = state
        .push
        .hub
        .held
        .lock()
        .expect("hub lock")
        .values()
        .filter(|h| h.mg_id.is_some_and(|g| mg_ids.contains(&g)))
        .map(|h| (h.mg_id, h.tx.clone()))
        .collect();
    if screens.is_empty() {
        return Ok(());
    }
    let mut groups: Vec<i64> = screens.iter().filter_map(|(g, _)| *g).collect();
    groups.sort_unstable();
    groups.dedup();
    let mut versions: HashMap<i64, String> = plan::Entity::find()
        .filter(plan::Column::MgId.is_in(groups.clone()))
        .filter(plan::Column::PlayDate.eq(date.as_str()))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|p| (p.mg_id, p.version))
        .collect();
    // A day with slots set by hand has the version of its loop as players read it.
    let overridden: Vec<i64> = plan_override::Entity::find()
        .select_only()
        .column(plan_override::Column::MgId)
        .distinct()
        .filter(plan_override::Column::MgId.is_in(groups))
        .filter(plan_override::Column::PlayDate.eq(date.as_str()))
        .into_tuple()
        .all(&state.db)
        .await?;
    if let Some(day) = chrono::NaiveDate::parse_from_str(&date, "%Y-%m-%d").ok().filter(|_| !overridden.is_empty()) {
        for mg_id in overridden {
            if let Some(version) = crate::plans::day::of(state, mg_id, day, crate::plans::day::Reader::Player).await?.version.clone() {
                versions.insert(mg_id, version);
            }
        }
    }
    for (mg_id, tx) in screens {
        if let Some(version) = mg_id.and_then(|g| versions.get(&g)) {
            let _ = tx.try_send(Outgoing::Schedule { date: date.clone(), version: version.clone() });
        }
    }
    Ok(())
}
