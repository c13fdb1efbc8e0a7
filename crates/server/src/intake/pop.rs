//! Proof-of-play ingestion: a batch is counted once (keyed by media and `batchId`) and added into
//! the daily rollups, so reports read days, not plays.
//!
//! A batch is acknowledged once it is durable as one pending row, appended where `pop_pending`
//! ends; batches arriving together are committed together (group commit), so an acknowledged batch
//! is never lost. The rollups take pending batches later, thousands in one transaction with their
//! keys sorted ([`Folder`]): each rollup page is then written once for many batches instead of
//! once a batch, which is what bounded ingestion when every batch touched the rollups' indexes at
//! random places. Whatever reads the rollups settles first ([`Ingestion::settle`]), so a report
//! counts every batch acknowledged before it was asked.

use crate::db::entity::{pop_batch, pop_daily, pop_media_day, pop_media_month, pop_pending};
use crate::db::pieces::pieces;
use crate::error::{ApiError, ApiResult};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Func, OnConflict, Query};
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr, EntityTrait, Statement, Value};
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, Notify, mpsc, oneshot};
use townboard_domain::pop::{PopBatch, check, pending_items, pending_text};

/// A daily rollup's key: play date, screen, campaign, material, slot type (0 for none).
pub type DailyKey = (String, i64, i64, i64, i32);

/// The most batches one acknowledging transaction takes.
const GROUP: usize = 128;
/// The most rows one statement writes (`crate::db::pieces`).
const PIECE: usize = 256;
/// The most rollup rows one statement of a fold writes: a fold writes tens of thousands, and each
/// statement is a round trip (7,168 parameters, under both databases' limits).
const FOLD_PIECE: usize = 1024;
/// The most pending batches one folding transaction takes: large enough that the rollups' pages
/// are shared by many batches, small enough that the writer is not held for long.
const FOLD_BATCHES: usize = 1024;
/// How long pending batches gather after the first one before they are folded.
const FOLD_AFTER: Duration = Duration::from_millis(500);

/// A checked batch on its way to the database.
struct Arrived {
    media_id: i64,
    play_date: String,
    batch: PopBatch,
    at: DateTime<Utc>,
    answer: oneshot::Sender<ApiResult<bool>>,
}

/// The way batches reach the ingestion task, and the rollups' readers their settling.
#[derive(Clone)]
pub struct Ingestion {
    queue: mpsc::Sender<Arrived>,
    folder: Arc<Folder>,
}

impl Ingestion {
    /// Starts the task writing batches through `writer`, and the one folding them into the
    /// rollups (with whatever an earlier run left pending).
    pub fn start(writer: DatabaseConnection, reader: DatabaseConnection) -> Ingestion {
        let (queue, arrivals) = mpsc::channel(4096);
        let folder = Arc::new(Folder { writer: writer.clone(), reader, wake: Notify::new(), turn: Mutex::new(()) });
        tokio::spawn(run(writer, arrivals, folder.clone()));
        tokio::spawn(fold_when_woken(folder.clone()));
        folder.wake.notify_one();
        Ingestion { queue, folder }
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

    /// The newest batch waiting to be folded, a select a read of the rollups can carry as a subquery: where
    /// it reads none, that read's rollups hold every batch acknowledged before it (a fold deletes
    /// its batches and adds their sums in one transaction), and it need not [`Ingestion::settle`].
    pub fn waiting() -> sea_orm::sea_query::SelectStatement {
        Query::select().expr(Func::max(Expr::col(pop_pending::Column::PendingId))).from(pop_pending::Entity).to_owned()
    }

    /// Folds into the rollups every batch acknowledged before this call, by any process; one
    /// short read when none is pending. Call it before reading the rollups.
    pub async fn settle(&self) -> ApiResult<()> {
        self.folder.settle().await.map_err(ApiError::from)
    }
}

async fn run(writer: DatabaseConnection, mut arrivals: mpsc::Receiver<Arrived>, folder: Arc<Folder>) {
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
                folder.wake.notify_one();
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

/// Writes a group of batches in one transaction: their ids, and the new ones as pending rows.
/// For each, whether it was counted now (false when its `batchId` was counted before, or earlier
/// in the same group).
async fn write(writer: &DatabaseConnection, group: &[Arrived]) -> Result<Vec<bool>, DbErr> {
    if writer.get_database_backend() == DatabaseBackend::Postgres {
        return write_in_one_statement(writer, group).await;
    }
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
    let counted: Vec<bool> = group.iter().map(|a| new.remove(&(a.media_id, a.batch.batch_id.clone()))).collect();
    let pending: Vec<&Arrived> = group.iter().zip(&counted).filter(|(_, first)| **first).map(|(a, _)| a).collect();
    for piece in pieces(&pending, PIECE) {
        let mut insert = Query::insert();
        insert.into_table(pop_pending::Entity).columns([pop_pending::Column::PlayDate, pop_pending::Column::MediaId, pop_pending::Column::Items]);
        for a in piece {
            insert.values_panic([a.play_date.clone().into(), a.media_id.into(), pending_text(&a.batch.items).into()]);
        }
        txn.execute(&insert).await?;
    }
    txn.commit().await?;
    Ok(counted)
}

/// [`write`] on PostgreSQL: the batch ids and the pending rows of the new ones in one statement
/// (two inserts in one `WITH`, atomic as any statement), one round trip where a transaction of
/// two inserts takes four. A batch repeated within the group is counted at its first arrival.
async fn write_in_one_statement(writer: &DatabaseConnection, group: &[Arrived]) -> Result<Vec<bool>, DbErr> {
    let mut values = Vec::with_capacity(group.len() * 6);
    let mut rows = Vec::with_capacity(group.len());
    for (n, a) in group.iter().enumerate() {
        let p = n * 6;
        rows.push(format!("(${}, ${}, ${}, ${}, ${}, ${})", p + 1, p + 2, p + 3, p + 4, p + 5, p + 6));
        values.extend::<[Value; 6]>([
            (n as i64).into(),
            a.batch.batch_id.clone().into(),
            a.media_id.into(),
            a.at.into(),
            a.play_date.clone().into(),
            pending_text(&a.batch.items).into(),
        ]);
    }
    let sql = format!(
        "WITH arrived (n, batch_id, media_id, created_at, play_date, items) AS (VALUES {}), \
         counted AS (INSERT INTO pop_batch (batch_id, media_id, created_at) \
             SELECT batch_id, media_id, created_at FROM arrived ORDER BY n \
             ON CONFLICT (media_id, batch_id) DO NOTHING RETURNING media_id, batch_id), \
         first AS (SELECT DISTINCT ON (a.media_id, a.batch_id) a.n, a.play_date, a.media_id, a.items \
             FROM arrived a JOIN counted c ON c.media_id = a.media_id AND c.batch_id = a.batch_id \
             ORDER BY a.media_id, a.batch_id, a.n), \
         pending AS (INSERT INTO pop_pending (play_date, media_id, items) SELECT play_date, media_id, items FROM first ORDER BY n) \
         SELECT media_id, batch_id FROM counted",
        rows.join(", ")
    );
    let mut new: HashSet<(i64, String)> = HashSet::new();
    for row in writer.query_all_raw(Statement::from_sql_and_values(DatabaseBackend::Postgres, sql, values)).await? {
        new.insert((row.try_get("", "media_id")?, row.try_get("", "batch_id")?));
    }
    Ok(group.iter().map(|a| new.remove(&(a.media_id, a.batch.batch_id.clone()))).collect())
}

// A group is one statement on PostgreSQL, so it stays atomic: never more rows than a statement takes.
const _: () = assert!(GROUP <= PIECE);

/// Moves pending batches into the rollups.
struct Folder {
    writer: DatabaseConnection,
    reader: DatabaseConnection,
    /// Batches were acknowledged (or a fold failed and is to be tried again).
    wake: Notify,
    /// One fold at a time in a process (across processes the rows' locks order them).
    turn: Mutex<()>,
}

impl Folder {
    /// Folds until nothing acknowledged before the call is pending.
    async fn settle(&self) -> Result<(), DbErr> {
        let Some(last) = self.last_pending(None).await? else { return Ok(()) };
        let _turn = self.turn.lock().await;
        // Another process may be folding some of them: its rows' locks make this fold wait for
        // its commit, and the loop ends only once none up to `last` is left.
        while self.last_pending(Some(last)).await?.is_some() {
            self.fold().await?;
        }
        Ok(())
    }

    /// The newest pending row's id (up to `up_to`), if any.
    async fn last_pending(&self, up_to: Option<i64>) -> Result<Option<i64>, DbErr> {
        let id = pop_pending::Column::PendingId;
        let mut select = Query::select();
        select.expr_as(Func::max(Expr::col(id)), Alias::new("last")).from(pop_pending::Entity);
        if let Some(up_to) = up_to {
            select.and_where(Expr::col(id).lte(up_to));
        }
        let row = self.reader.query_one(&select).await?;
        Ok(row.and_then(|row| row.try_get::<Option<i64>>("", "last").ok().flatten()))
    }

    /// Folds the oldest pending batches (at most [`FOLD_BATCHES`]) in one transaction: their rows
    /// deleted and their sums added, both or neither. How many it took.
    async fn fold(&self) -> Result<usize, DbErr> {
        use pop_pending::Column as P;
        let txn = crate::db::begin_write(&self.writer).await?;
        let oldest =
            Query::select().column(P::PendingId).from(pop_pending::Entity).order_by(P::PendingId, sea_orm::Order::Asc).limit(FOLD_BATCHES as u64).to_owned();
        let take = Query::delete()
            .from_table(pop_pending::Entity)
            .and_where(Expr::col(P::PendingId).in_subquery(oldest))
            .returning(Query::returning().columns([P::PendingId, P::PlayDate, P::MediaId, P::Items]))
            .to_owned();
        let rows = txn.query_all(&take).await?;
        // Rollup keys are never null (a null in a unique key would not merge): 0 stands for none.
        let mut daily: BTreeMap<DailyKey, (i64, i64)> = BTreeMap::new();
        for row in &rows {
            let (play_date, media_id, text): (String, i64, String) = (row.try_get("", "play_date")?, row.try_get("", "media_id")?, row.try_get("", "items")?);
            let pending_id: i64 = row.try_get("", "pending_id")?;
            let items = pending_items(&text).ok_or_else(|| DbErr::Custom(format!("pending proof of play {pending_id} is unreadable")))?;
            for (cmpg_id, mat_id, slot_type, plays, seconds) in items {
                let sum = daily.entry((play_date.clone(), media_id, cmpg_id, mat_id, slot_type)).or_default();
                sum.0 += plays;
                sum.1 += seconds;
            }
        }
        add_to_rollups(&txn, daily).await?;
        txn.commit().await?;
        Ok(rows.len())
    }
}

/// Folds what is pending a moment after batches were acknowledged, so that one fold takes many.
async fn fold_when_woken(folder: Arc<Folder>) {
    loop {
        folder.wake.notified().await;
        tokio::time::sleep(FOLD_AFTER).await;
        let failed = {
            let _turn = folder.turn.lock().await;
            loop {
                match folder.fold().await {
                    Ok(n) if n == FOLD_BATCHES => continue,
                    Ok(_) => break None,
                    Err(e) => break Some(e),
                }
            }
        };
        if let Some(e) = failed {
            // The batches stay pending, whole: try again in a while, without keeping a report
            // that settles meanwhile waiting for the turn.
            tracing::error!(error = %e, "folding proof of play into the rollups failed");
            tokio::time::sleep(Duration::from_secs(1)).await;
            folder.wake.notify_one();
        }
    }
}

/// Adds plays and seconds to the daily rollup and to the per-screen day and month rollups derived
/// from it, merging into rows that exist.
pub async fn add_to_rollups(txn: &impl ConnectionTrait, daily: BTreeMap<DailyKey, (i64, i64)>) -> Result<(), DbErr> {
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
    let daily: Vec<[Value; 7]> = daily
        .into_iter()
        .map(|((play_date, media_id, cmpg_id, mat_id, slot_type), (plays, seconds))| {
            [play_date.into(), media_id.into(), cmpg_id.into(), mat_id.into(), slot_type.into(), plays.into(), seconds.into()]
        })
        .collect();
    add_into(txn, pop_daily::Entity, [Daily::PlayDate, Daily::MediaId, Daily::CmpgId, Daily::MatId, Daily::SlotType, Daily::Plays, Daily::Seconds], &daily)
        .await?;
    let day_rows = |rollup: BTreeMap<(String, i64), (i64, i64)>| -> Vec<[Value; 4]> {
        rollup.into_iter().map(|((key, media_id), (plays, seconds))| [key.into(), media_id.into(), plays.into(), seconds.into()]).collect()
    };
    add_into(txn, pop_media_day::Entity, [Day::PlayDate, Day::MediaId, Day::Plays, Day::Seconds], &day_rows(days)).await?;
    add_into(txn, pop_media_month::Entity, [Month::PlayMonth, Month::MediaId, Month::Plays, Month::Seconds], &day_rows(months)).await
}

/// Writes rollup rows into `table`, whose `columns` are its key and then plays and seconds: a row
/// whose key exists already gets its plays and seconds added.
async fn add_into<E: EntityTrait, const N: usize>(txn: &impl ConnectionTrait, table: E, columns: [E::Column; N], rows: &[[Value; N]]) -> Result<(), DbErr> {
    let (key, sums) = columns.split_at(N - 2);
    let (plays, seconds) = (sums[0], sums[1]);
    let add = |col: E::Column| Expr::col((table, col)).add(Expr::col((Alias::new("excluded"), col)));
    let on_conflict = OnConflict::columns(key.iter().copied()).value(plays, add(plays)).value(seconds, add(seconds)).to_owned();
    for piece in pieces(rows, FOLD_PIECE) {
        let mut insert = Query::insert();
        insert.into_table(table).columns(columns);
        for row in piece {
            insert.values_panic(row.iter().map(|v| Expr::val(v.clone())));
        }
        insert.on_conflict(on_conflict.clone());
        txn.execute(&insert).await?;
    }
    Ok(())
}
