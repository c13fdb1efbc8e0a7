//! Proof-of-play ingestion: a batch is counted once (keyed by media and `batchId`) and added into
//! the daily rollup in one transaction, so reports read days, not plays.

use crate::db::entity::{pop_batch, pop_daily, pop_media_day, pop_media_month};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, OnConflict};
use sea_orm::{ActiveValue::Set, EntityTrait};
use std::collections::BTreeMap;
use townboard_domain::pop::{PopBatch, check};

/// Counts a batch; false when it was counted before.
pub async fn ingest(state: &AppState, media_id: i64, batch: PopBatch) -> ApiResult<bool> {
    let now = state.clock.now();
    let date = check(&batch, crate::time::today(now)).map_err(|(field, message)| ApiError::invalid(field, message))?;
    let play_date = date.format("%Y-%m-%d").to_string();
    let txn = crate::db::begin_write(&state.db).await?;
    let first = pop_batch::Entity::insert(pop_batch::ActiveModel { batch_id: Set(batch.batch_id.clone()), media_id: Set(media_id), created_at: Set(now) })
        .on_conflict(OnConflict::columns([pop_batch::Column::MediaId, pop_batch::Column::BatchId]).do_nothing().to_owned())
        .exec_without_returning(&txn)
        .await?
        == 1;
    if !first {
        return Ok(false);
    }
    // One row per key: a batch may name the same campaign and material twice.
    let mut merged: BTreeMap<(i64, i64, i32), (i64, i64)> = BTreeMap::new();
    for item in &batch.items {
        let sum = merged.entry((item.cmpg_id, item.mat_id, item.slot_type)).or_default();
        sum.0 += item.plays;
        sum.1 += item.seconds;
    }
    let rows = merged.into_iter().map(|((cmpg_id, mat_id, slot_type), (plays, seconds))| pop_daily::ActiveModel {
        play_date: Set(play_date.clone()),
        media_id: Set(media_id),
        cmpg_id: Set(cmpg_id),
        mat_id: Set(mat_id),
        slot_type: Set(slot_type),
        plays: Set(plays),
        seconds: Set(seconds),
    });
    let excluded = Alias::new("excluded");
    let add = |col: pop_daily::Column| Expr::col((pop_daily::Entity, col)).add(Expr::col((excluded.clone(), col)));
    pop_daily::Entity::insert_many(rows)
        .on_conflict(
            OnConflict::columns([
                pop_daily::Column::PlayDate,
                pop_daily::Column::MediaId,
                pop_daily::Column::CmpgId,
                pop_daily::Column::MatId,
                pop_daily::Column::SlotType,
            ])
            .value(pop_daily::Column::Plays, add(pop_daily::Column::Plays))
            .value(pop_daily::Column::Seconds, add(pop_daily::Column::Seconds))
            .to_owned(),
        )
        .exec_without_returning(&txn)
        .await?;
    let plays: i64 = batch.items.iter().map(|i| i.plays).sum();
    let seconds: i64 = batch.items.iter().map(|i| i.seconds).sum();
    let day_add = |col: pop_media_day::Column| Expr::col((pop_media_day::Entity, col)).add(Expr::col((excluded.clone(), col)));
    pop_media_day::Entity::insert(pop_media_day::ActiveModel {
        play_date: Set(play_date.clone()),
        media_id: Set(media_id),
        plays: Set(plays),
        seconds: Set(seconds),
    })
    .on_conflict(
        OnConflict::columns([pop_media_day::Column::PlayDate, pop_media_day::Column::MediaId])
            .value(pop_media_day::Column::Plays, day_add(pop_media_day::Column::Plays))
            .value(pop_media_day::Column::Seconds, day_add(pop_media_day::Column::Seconds))
            .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    let month_add = |col: pop_media_month::Column| Expr::col((pop_media_month::Entity, col)).add(Expr::col((excluded.clone(), col)));
    pop_media_month::Entity::insert(pop_media_month::ActiveModel {
        play_month: Set(play_date[..7].to_string()),
        media_id: Set(media_id),
        plays: Set(plays),
        seconds: Set(seconds),
    })
    .on_conflict(
        OnConflict::columns([pop_media_month::Column::PlayMonth, pop_media_month::Column::MediaId])
            .value(pop_media_month::Column::Plays, month_add(pop_media_month::Column::Plays))
            .value(pop_media_month::Column::Seconds, month_add(pop_media_month::Column::Seconds))
            .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    txn.commit().await?;
    Ok(true)
}
