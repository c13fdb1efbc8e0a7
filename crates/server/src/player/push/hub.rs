//! The screens this process holds a channel to, and how each event reaches them: an urgent change
//! works out every held screen's set and tells those whose set changed; a command goes to its
//! screen if held here; a loop's change goes to the held screens of its groups.

use crate::db::entity::{media_command, plan, plan_override};
use crate::error::ApiResult;
use crate::push::Event;
use crate::push::held::{Hub, Outgoing};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::mpsc;

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
    crate::kept::epochs::changed(crate::player::urgent::PROGRAM);
    let now = state.clock.now();
    let screens: Vec<(i64, u64, i64)> = state.push.hub.held.lock().expect("hub lock").iter().map(|(id, h)| (*id, h.conn, h.poi_id)).collect();
    // Screens of one site share their set: it is worked out and serialised once a site.
    let mut sets: HashMap<i64, (Arc<str>, Vec<i64>)> = HashMap::new();
    for (_, _, poi_id) in &screens {
        if !sets.contains_key(poi_id) {
            let set = crate::player::urgent::in_force(state, *poi_id, now).await?;
            let ids = crate::player::urgent::ids(&set);
            sets.insert(*poi_id, (Arc::from(serde_json::Value::from(set).to_string()), ids));
        }
    }
    // Told under the hub's lock, each screen against what it was last told.
    let mut held = state.push.hub.held.lock().expect("hub lock");
    for (media_id, conn, poi_id) in screens {
        if let Some((set, ids)) = sets.get(&poi_id) {
            Hub::tell_urgent(&mut held, (media_id, conn), set, ids, false);
        }
    }
    Ok(())
}

async fn command_to(state: &AppState, media_id: i64, cmd_idx: i64) -> ApiResult<()> {
    // Queued by this process or another: a screen joining or beating next looks for it at once.
    crate::auth::devices::command_queued();
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
