//! Heartbeats taken in memory are written together (group commit): the writer waits for a beat,
//! gathers the beats of a few milliseconds, and writes the latest beat of each screen in one
//! transaction (in steady state, one statement), with the status log of the beats that change a
//! screen's status (a fault, a recovery); then the heartbeats it wrote are answered. While one
//! flush writes, the next gathers.

use crate::db::entity::{media, media_beat, media_heard};
use crate::db::pieces::pieces;
use crate::error::ApiResult;
use crate::intake::beats::Beat;
use crate::jobs::status;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::sea_query::{OnConflict, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Times a flush is tried before its heartbeats are answered with the failure: processes writing
/// the same screens (and the status sweep) may deadlock on PostgreSQL, which gives one of them up.
const ATTEMPTS: u32 = 3;

/// Writes the beats taken since the last flush and answers their heartbeats; returns how many
/// screens changed status.
pub async fn flush(state: &AppState) -> ApiResult<usize> {
    let drained = state.beats.drain();
    let mut written = write(state, &drained.beats, &drained.seen).await;
    for attempt in 1..ATTEMPTS {
        if written.is_ok() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10 * u64::from(attempt))).await;
        written = write(state, &drained.beats, &drained.seen).await;
    }
    drained.batch.finish(written.is_ok());
    written
}

async fn write(state: &AppState, beats: &HashMap<i64, Beat>, seen: &HashMap<i64, DateTime<Utc>>) -> ApiResult<usize> {
    // A heartbeat says more than the channel's being open.
    let seen: HashMap<i64, DateTime<Utc>> = seen.iter().filter(|(id, _)| !beats.contains_key(id)).map(|(id, at)| (*id, *at)).collect();
    if beats.is_empty() && seen.is_empty() {
        return Ok(0);
    }
    // Most beats come from screens whose status is already what the beat says (on, or a fault
    // for a beat with errors): only the beat is written, by a statement that checks the status
    // itself, so no row is read or locked before it. A flush of one such statement runs it
    // alone, outside a transaction: one round trip on PostgreSQL instead of four. The screens it
    // left alone (their status moves) are written as below.
    let groups = alike(beats.iter());
    let statements: usize = groups.values().map(|(_, ids)| ids.len().div_ceil(CHUNK)).sum();
    let alone = seen.is_empty() && statements == 1;
    let mut written = HashSet::new();
    if alone {
        written = write_alike(&state.writer, &groups, true).await?;
        if written.len() == beats.len() {
            return Ok(0);
        }
    }
    let txn = crate::db::begin_write(&state.writer).await?;
    if !alone {
        written = write_alike(&txn, &groups, true).await?;
    }
    let rest: HashMap<i64, &Beat> = beats.iter().filter(|(id, _)| !written.contains(id)).map(|(id, beat)| (*id, beat)).collect();
    let changed = write_moving(&txn, &rest, &seen).await?;
    txn.commit().await?;
    Ok(changed)
}

/// Screens written by one statement at most.
const CHUNK: usize = 256;

/// What a group of beats writes alike: the second, the player's version, its loop's version, its
/// error, and the status the beat says the screen is in.
type Alike<'a> = (i64, &'a str, &'a str, &'a str, i32);

/// The status a beat says its screen is in, and the reason of a move to it.
fn said(beat: &Beat) -> (i32, &str) {
    match beat.error.as_deref() {
        Some(error) => (status::FAULT, error),
        None => (status::ON, "하트비트"),
    }
}

/// Beats that write the same values share a statement: in steady state every screen that beat
/// within the same second, on the same player and without error, is one group. A group is written
/// with its earliest beat's time, less than a second before a screen's own, so a screen is never
/// taken for more recent than it is.
fn alike<'a>(beats: impl Iterator<Item = (&'a i64, &'a Beat)>) -> BTreeMap<Alike<'a>, Group> {
    let mut groups: BTreeMap<Alike<'a>, Group> = BTreeMap::new();
    for (media_id, beat) in beats {
        let last_error = beat.error.as_deref().unwrap_or_default();
        let key = (beat.at.timestamp(), beat.player_version.as_str(), beat.schedule_version.as_str(), last_error, said(beat).0);
        join(groups.entry(key).or_default(), *media_id, beat.at);
    }
    groups.values_mut().for_each(|(_, ids)| ids.sort_unstable());
    groups
}

/// Writes each group's beats (ids sorted, as [`alike`] leaves them); with `unmoved`, only to the
/// screens already in the status their beat says. The screens written.
async fn write_alike(db: &impl ConnectionTrait, groups: &BTreeMap<Alike<'_>, Group>, unmoved: bool) -> ApiResult<HashSet<i64>> {
    let mut written = HashSet::new();
    for ((_, player_version, schedule_version, last_error, to), (at, ids)) in groups {
        let Some(at) = at else { continue };
        for chunk in pieces(ids, CHUNK) {
            let mut update = Query::update();
            update
                .table(media_beat::Entity)
                .value(media_beat::Column::LastHeartbeatAt, *at)
                .value(media_beat::Column::PlayerVersion, *player_version)
                .value(media_beat::Column::ScheduleVersion, *schedule_version)
                .value(media_beat::Column::LastError, *last_error)
                .and_where(media_beat::Column::MediaId.is_in(chunk.to_vec()))
                .returning_col(media_beat::Column::MediaId);
            if unmoved {
                // The beat row's copy of the screen's status (kept by a trigger with each move).
                update.and_where(media_beat::Column::MediaStatus.eq(*to));
            }
            for row in db.query_all(&update).await? {
                written.insert(row.try_get::<i64>("", "media_id")?);
            }
        }
    }
    Ok(written)
}

/// Writes the beats of screens whose status moves (and the marks of screens heard over their
/// channel alone), with the moves and their log.
async fn write_moving(txn: &impl ConnectionTrait, beats: &HashMap<i64, &Beat>, seen: &HashMap<i64, DateTime<Utc>>) -> ApiResult<usize> {
    if beats.is_empty() && seen.is_empty() {
        return Ok(0);
    }
    let postgres = txn.get_database_backend() == sea_orm::DatabaseBackend::Postgres;
    // A screen heard over its channel alone writes only its mark, unless it comes back from
    // silence: its row is read without a lock, and locked below only then.
    let mut seen_ids: Vec<i64> = seen.keys().copied().collect();
    seen_ids.sort_unstable();
    let seen_status = statuses(txn, &seen_ids, false).await?;
    let comes_back = |status: i32| matches!(status, status::OFF | status::ANOMALY | status::ABNORMAL);
    let mut ids: Vec<i64> = beats.keys().copied().chain(seen_status.iter().filter(|(_, s)| comes_back(**s)).map(|(id, _)| *id)).collect();
    ids.sort_unstable();
    // The screens are read inside the write, so a status the sweep moved meanwhile is seen. On
    // PostgreSQL they are locked as they are read, in one order (by id) as the sweep writes them,
    // so processes and the sweep wait for each other instead of deadlocking.
    let locked = statuses(txn, &ids, postgres).await?;
    let current: HashMap<i64, i32> = seen_status.into_iter().chain(locked).collect();
    let mut moves: BTreeMap<(i32, i32, &str), Group> = BTreeMap::new();
    for (media_id, beat) in beats {
        let Some(&media_status) = current.get(media_id) else { continue };
        let (to, reason) = said(beat);
        if media_status != to {
            join(moves.entry((media_status, to, reason)).or_default(), *media_id, beat.at);
        }
    }
    // A screen heard over its channel is on again if it went silent; its reported fault stays.
    let mut heard: Vec<(i64, DateTime<Utc>)> = Vec::with_capacity(seen.len());
    for (media_id, at) in seen {
        let Some(&media_status) = current.get(media_id) else { continue };
        heard.push((*media_id, *at));
        if comes_back(media_status) {
            join(moves.entry((media_status, status::ON, "푸시 채널")).or_default(), *media_id, *at);
        }
    }
    let known = beats.iter().filter(|(id, _)| current.contains_key(id)).map(|(id, beat)| (id, *beat));
    write_alike(txn, &alike(known), false).await?;
    // Channel marks go to a table of their own (`media_heard`): the screen's row and its indexes
    // are left alone.
    heard.sort_unstable_by_key(|(id, _)| *id);
    for chunk in pieces(&heard, CHUNK) {
        let marks = chunk.iter().map(|(media_id, at)| media_heard::ActiveModel { media_id: Set(*media_id), heard_at: Set(*at) });
        media_heard::Entity::insert_many(marks)
            .on_conflict(OnConflict::column(media_heard::Column::MediaId).update_column(media_heard::Column::HeardAt).to_owned())
            .exec_without_returning(txn)
            .await?;
    }
    let mut changed = 0;
    for ((from, to, reason), (at, mut ids)) in moves {
        let Some(at) = at else { continue };
        ids.sort_unstable();
        for chunk in pieces(&ids, CHUNK) {
            changed += status::move_statuses(txn, (from, to), chunk, reason, at, None).await?;
        }
    }
    Ok(changed)
}

/// The statuses of the screens `ids` (sorted), locked for the transaction when `lock`. Only the
/// status is read: a flush takes tens of screens each few milliseconds.
async fn statuses(txn: &impl ConnectionTrait, ids: &[i64], lock: bool) -> ApiResult<HashMap<i64, i32>> {
    let mut current = HashMap::with_capacity(ids.len());
    for chunk in pieces(ids, CHUNK) {
        let mut read = media::Entity::find()
            .select_only()
            .columns([media::Column::MediaId, media::Column::MediaStatus])
            .filter(media::Column::MediaId.is_in(chunk.to_vec()))
            .order_by_asc(media::Column::MediaId);
        if lock {
            read = read.lock_exclusive();
        }
        current.extend(read.into_tuple::<(i64, i32)>().all(txn).await?);
    }
    Ok(current)
}

/// Screens written by one statement, with the earliest time of their beats.
type Group = (Option<DateTime<Utc>>, Vec<i64>);

fn join(group: &mut Group, media_id: i64, at: DateTime<Utc>) {
    group.0 = Some(group.0.map_or(at, |earliest| earliest.min(at)));
    group.1.push(media_id);
}

/// How long a flush waits, after the beat that starts it, for others to join it: none beyond
/// letting the requests already running hand theirs in. Under load the beats that arrive while a
/// flush writes make the next one, so a beat waits for at most one flush before its own; a fixed
/// wait would be added to every beat's answer.
pub const GATHER: std::time::Duration = std::time::Duration::ZERO;

/// How often the channels' marks are written when no heartbeat comes to take them along: nobody
/// waits for a mark, and written as they came (a flush, and its commit, for a few screens each
/// few milliseconds at 100,000 channels) they kept PostgreSQL busy.
pub const MARKS_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Writes beats as they come until the process stops: each flush starts when a beat arrives and
/// takes the beats that arrive within `window` with it, and the channels' marks taken meanwhile;
/// marks alone are written every [`MARKS_EVERY`].
pub fn spawn(state: AppState, window: std::time::Duration) {
    tokio::spawn(async move {
        let mut marks = tokio::time::interval(MARKS_EVERY);
        marks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = state.beats.arrived.notified() => {
                    if window.is_zero() {
                        tokio::task::yield_now().await;
                    } else {
                        tokio::time::sleep(window).await;
                    }
                }
                _ = marks.tick() => {}
            }
            if let Err(e) = flush(&state).await {
                tracing::error!(error = ?e, "writing heartbeats failed");
            }
        }
    });
}
