//! Proof-of-play ingestion: a batch is counted once (keyed by media and `batchId`) and added into
//! the daily rollups, so reports read days, not plays. Batches arriving together are committed
//! together (group commit): one write transaction takes every batch waiting, and each player's
//! request is answered once that transaction is committed, so an acknowledged batch is never lost.

use crate::db::entity::{pop_batch, pop_daily, pop_media_day, pop_media_month};
use crate::db::pieces::pieces;
use crate::error::{ApiError, ApiResult};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, OnConflict, Query};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DatabaseConnection, EntityTrait};
use std::collections::{BTreeMap, HashSet};
use tokio::sync::{mpsc, oneshot};
use townboard_domain::pop::{PopBatch, check};

/// A row of the daily rollup: date, screen, campaign, material, slot type.
/// A daily rollup's key: play date, screen, campaign, material, slot type (0 for none).
pub type DailyKey = (String, i64, i64, i64, i32);

/// The most batches one transaction takes.
const GROUP: usize = 128;
/// The most rows one statement writes (`crate::db::pieces`).
const PIECE: usize = 256;

/// A checked batch on its way to the database.
struct Arrived {
    media_id: i64,
    play_date: String,
    batch: PopBatch,
    at: DateTime<Utc>,
    answer: oneshot::Sender<ApiResult<bool>>,
}

/// The way batches reach the ingestion task.
#[derive(Clone)]
pub struct Ingestion {
    queue: mpsc::Sender<Arrived>,
}

impl Ingestion {
    /// Starts the task writing batches through `writer`.
    pub fn start(writer: DatabaseConnection) -> Ingestion {
        let (queue, arrivals) = mpsc::channel(4096);
        tokio::spawn(run(writer, arrivals));
        Ingestion { queue }
    }

    /// Counts a batch arriving `now`; false when it was counted before.
    pub async fn ingest(&self, now: DateTime<Utc>, media_id: i64, batch: PopBatch) -> ApiResult<bool> {
        let date = check(&batch, crate::time::today(now)).map_err(|(field, message)| ApiError::invalid(field, message))?;
        let (answer, answered) = oneshot::channel();
        let items = batch.items.len() as u64;
        let arrived = Arrived { media_id, play_date: date.format("%Y-%m-%d").to_string(), batch, at: now, answer };
        self.queue.send(arrived).await.map_err(|_| ApiError::internal("proof-of-play ingestion stopped"))?;
        let first = answered.await.map_err(|_| ApiError::internal("proof-of-play ingestion dropped a batch"))??;
        if first {
            crate::metrics::global().pop_items(items);
        }
        Ok(first)
    }
}

async fn run(writer: DatabaseConnection, mut arrivals: mpsc::Receiver<Arrived>) {
    while let Some(first) = arrivals.recv().await {
        let mut group = vec![first];
        while group.len() < GROUP {
            match arrivals.try_recv() {
                Ok(next) => group.push(next),
                Err(_) => break,
            }
        }
        match write(&writer, &group).await {
            Ok(counted) => {
                for (arrived, first) in group.into_iter().zip(counted) {
                    let _ = arrived.answer.send(Ok(first));
                }
            }
            Err(e) => {
                let cause = e.to_string();
                for arrived in group {
                    let _ = arrived.answer.send(Err(ApiError::internal(cause.clone())));
                }
            }
        }
    }
}

/// Writes a group of batches in one transaction; for each, whether it was counted now (false when
/// its `batchId` was counted before, or earlier in the same group).
async fn write(writer: &DatabaseConnection, group: &[Arrived]) -> Result<Vec<bool>, sea_orm::DbErr> {
    let txn = crate::db::begin_write(writer).await?;
    // The batch ids that are new: inserted now, returned by the insert.
    let mut new: HashSet<(i64, String)> = HashSet::new();
    for piece in pieces(group, PIECE) {
        let mut insert = Query::insert();
        insert.into_table(pop_batch::Entity).columns([pop_batch::Column::BatchId, pop_batch::Column::MediaId, pop_batch::Column::CreatedAt]);
        for a in piece {
            insert.values_panic([a.batch.batch_id.clone().into(), a.media_id.into(), a.at.into()]);
        }
        insert
            .on_conflict(OnConflict::columns([pop_batch::Column::MediaId, pop_batch::Column::BatchId]).do_nothing().to_owned())
            .returning(Query::returning().columns([pop_batch::Column::MediaId, pop_batch::Column::BatchId]));
        for row in txn.query_all(&insert).await? {
            new.insert((row.try_get("", "media_id")?, row.try_get("", "batch_id")?));
        }
    }
    // Rollup keys are never null (a null in a unique key would not merge): 0 stands for none.
    let mut daily: BTreeMap<DailyKey, (i64, i64)> = BTreeMap::new();
    let mut counted = Vec::with_capacity(group.len());
    for a in group {
        let first = new.remove(&(a.media_id, a.batch.batch_id.clone()));
        counted.push(first);
        if !first {
            continue;
        }
        for item in &a.batch.items {
            let sum = daily.entry((a.play_date.clone(), a.media_id, item.cmpg_id.unwrap_or(0), item.mat_id.unwrap_or(0), item.slot_type)).or_default();
            sum.0 += item.plays;
            sum.1 += item.seconds;
        }
    }
    add_to_rollups(&txn, daily).await?;
    txn.commit().await?;
    Ok(counted)
}

/// Adds plays and seconds to the daily rollup and to the per-screen day and month rollups derived
/// from it, merging into rows that exist.
pub async fn add_to_rollups(txn: &impl ConnectionTrait, daily: BTreeMap<DailyKey, (i64, i64)>) -> Result<(), sea_orm::DbErr> {
    use {pop_daily::Column as Daily, pop_media_day::Column as Day, pop_media_month::Column as Month};
    let mut days: BTreeMap<(String, i64), (i64, i64)> = BTreeMap::new();
    let mut months: BTreeMap<(String, i64), (i64, i64)> = BTreeMap::new();
    for ((date, media_id, ..), (plays, seconds)) in &daily {
        for (rollup, key) in [(&mut days, date.clone()), (&mut months, date[..7].to_string())] {
            let sum = rollup.entry((key, *media_id)).or_default();
            sum.0 += plays;
            sum.1 += seconds;
        }
    }
    let daily = daily.into_iter().map(|((play_date, media_id, cmpg_id, mat_id, slot_type), (plays, seconds))| pop_daily::ActiveModel {
        play_date: Set(play_date),
        media_id: Set(media_id),
        cmpg_id: Set(cmpg_id),
        mat_id: Set(mat_id),
        slot_type: Set(slot_type),
        plays: Set(plays),
        seconds: Set(seconds),
    });
    add_into(txn, daily, [Daily::PlayDate, Daily::MediaId, Daily::CmpgId, Daily::MatId, Daily::SlotType], Daily::Plays, Daily::Seconds).await?;
    let days = days.into_iter().map(|((play_date, media_id), (plays, seconds))| pop_media_day::ActiveModel {
        play_date: Set(play_date),
        media_id: Set(media_id),
        plays: Set(plays),
        seconds: Set(seconds),
    });
    add_into(txn, days, [Day::PlayDate, Day::MediaId], Day::Plays, Day::Seconds).await?;
    let months = months.into_iter().map(|((play_month, media_id), (plays, seconds))| pop_media_month::ActiveModel {
        play_month: Set(play_month),
        media_id: Set(media_id),
        plays: Set(plays),
        seconds: Set(seconds),
    });
    add_into(txn, months, [Month::PlayMonth, Month::MediaId], Month::Plays, Month::Seconds).await
}

/// Writes rollup rows of `E`: a row whose `key` exists already gets its plays and seconds added.
async fn add_into<E, A>(
    txn: &impl ConnectionTrait,
    rows: impl Iterator<Item = A>,
    key: impl IntoIterator<Item = E::Column> + Clone,
    plays: E::Column,
    seconds: E::Column,
) -> Result<(), sea_orm::DbErr>
where
    E: EntityTrait,
    A: ActiveModelTrait<Entity = E> + Clone,
{
    let rows: Vec<A> = rows.collect();
    let add = |col: E::Column| Expr::col((E::default(), col)).add(Expr::col((Alias::new("excluded"), col)));
    for piece in pieces(&rows, PIECE) {
        E::insert_many(piece.to_vec())
            .on_conflict(OnConflict::columns(key.clone()).value(plays, add(plays)).value(seconds, add(seconds)).to_owned())
            .exec_without_returning(txn)
            .await?;
    }
    Ok(())
}
