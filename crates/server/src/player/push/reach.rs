//! The reach of urgent messages: which screens received each one (over the channel or in a
//! heartbeat's answer) and which acknowledged it. Receipts are taken in memory and written together
//! (one statement a piece) once they stop coming for a moment, or a few seconds after the oldest:
//! telling 100,000 screens costs a few writes, not 100,000, made after the fan-out rather than
//! beside it, and a screen's delivery and its acknowledgement, a moment apart, share one row
//! written once. A receipt is a record, not a delivery: none is awaited.

use crate::db::entity::urgent_reach;
use crate::push::held::{Key, Times};
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
/// time and gains an acknowledgement, never loses one. What a failed write left unwritten waits for
/// the next.
pub async fn flush(state: &AppState) -> Result<usize, sea_orm::DbErr> {
    let receipts = state.push.reach.drain();
    let mut written = 0;
    for (at, piece) in receipts.chunks(PIECE).enumerate() {
        if let Err(e) = write(state, piece).await {
            state.push.reach.restore(receipts[at * PIECE..].iter().cloned());
            return Err(e);
        }
        written += piece.len();
    }
    Ok(written)
}

/// Receipts written by one statement.
const PIECE: usize = 500;

async fn write(state: &AppState, piece: &[(Key, Times)]) -> Result<(), sea_orm::DbErr> {
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
    Ok(())
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
