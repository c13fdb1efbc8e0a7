//! The reach of urgent messages: which screens received each one (over the channel or in a
//! heartbeat's answer) and which acknowledged it. Receipts are taken in memory and written together
//! (one statement a piece) once they stop coming for a moment, or a few seconds after the oldest:
//! telling 100,000 screens costs a few writes, not 100,000, made after the fan-out rather than
//! beside it, and a screen's delivery and its acknowledgement, a moment apart, share one row
//! written once. A receipt is a record, not a delivery: none is awaited.

use crate::db::entity::urgent_reach;
use crate::state::AppState;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ActiveValue::Set, EntityTrait};
use std::time::Duration;

/// How often the writer looks whether receipts are due.
const LOOK_EVERY: Duration = Duration::from_millis(100);
/// Receipts are written once none came for this long (a fan-out is over)...
const QUIET: Duration = Duration::from_millis(300);
/// ...or once the oldest has waited this long: the urgent message screen shows reach growing
/// within seconds even while screens keep receiving.
const AT_MOST: Duration = Duration::from_secs(3);

/// Writes the receipts taken since the last write: a receipt already written keeps its delivery
/// time and gains an acknowledgement, never loses one.
pub async fn flush(state: &AppState) -> Result<usize, sea_orm::DbErr> {
    let receipts = state.push.reach.drain();
    let written = receipts.len();
    for piece in receipts.chunks(500) {
        let rows = piece.iter().map(|((um_idx, media_id), (delivered_at, acked_at))| urgent_reach::ActiveModel {
            um_idx: Set(*um_idx),
            media_id: Set(*media_id),
            delivered_at: Set(*delivered_at),
            acked_at: Set(*acked_at),
        });
        let keep_ack = Expr::cust("COALESCE(urgent_reach.acked_at, excluded.acked_at)");
        let on_conflict =
            OnConflict::columns([urgent_reach::Column::UmIdx, urgent_reach::Column::MediaId]).value(urgent_reach::Column::AckedAt, keep_ack).to_owned();
        urgent_reach::Entity::insert_many(rows).on_conflict(on_conflict).exec_without_returning(&state.writer).await?;
    }
    Ok(written)
}

/// Writes receipts until the process stops.
pub async fn write_loop(state: AppState) {
    let mut tick = tokio::time::interval(LOOK_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if !state.push.reach.due(std::time::Instant::now(), QUIET, AT_MOST) {
            continue;
        }
        if let Err(e) = flush(&state).await {
            tracing::error!(error = %e, "writing urgent message receipts failed");
        }
    }
}
