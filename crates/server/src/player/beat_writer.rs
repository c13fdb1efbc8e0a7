//! Heartbeats taken in memory are written together: every second (or at once when the flush
//! interval is zero) the latest beat of each screen updates its row in one transaction, and a beat
//! that changes a screen's status (a fault, a recovery) writes the status log with it, so a status
//! change is in the monitoring list within about a second.

use crate::db::entity::media;
use crate::error::ApiResult;
use crate::jobs::status;
use crate::state::AppState;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use std::collections::HashMap;

/// Writes the beats taken since the last flush; returns how many screens changed status.
pub async fn flush(state: &AppState) -> ApiResult<usize> {
    let beats = state.beats.drain();
    if beats.is_empty() {
        return Ok(0);
    }
    let ids: Vec<i64> = beats.keys().copied().collect();
    let mut current = HashMap::new();
    for chunk in crate::db::pieces::pieces(&ids, 256) {
        for m in media::Entity::find().filter(media::Column::MediaId.is_in(chunk.to_vec())).all(&state.db).await? {
            current.insert(m.media_id, m);
        }
    }
    let txn = crate::db::begin_write(&state.writer).await?;
    let mut changed = 0;
    for (media_id, beat) in &beats {
        let Some(m) = current.get(media_id) else { continue };
        let last_error = beat.error.clone().unwrap_or_default();
        media::Entity::update(media::ActiveModel {
            media_id: Set(*media_id),
            last_heartbeat_at: Set(Some(beat.at)),
            player_version: Set(beat.player_version.clone()),
            schedule_version: Set(beat.schedule_version.clone()),
            last_error: Set(last_error.clone()),
            ..Default::default()
        })
        .exec(&txn)
        .await?;
        let to = if beat.error.is_some() { status::FAULT } else { status::ON };
        if status::set_status(&txn, m, to, if beat.error.is_some() { &last_error } else { "하트비트" }, beat.at).await? {
            changed += 1;
        }
    }
    txn.commit().await?;
    Ok(changed)
}

/// Flushes every `interval` until the process stops.
pub fn spawn(state: AppState, interval: std::time::Duration) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(interval);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Err(e) = flush(&state).await {
                tracing::error!(error = ?e, "writing heartbeats failed");
            }
        }
    });
}
