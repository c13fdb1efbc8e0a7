//! Screen status from heartbeats (domain.md §3), swept every minute: on when heard within 3
//! minutes; off when silent outside the site's operating hours; anomaly when silent 3-10 minutes
//! inside them; abnormal past 10 minutes; fault while the player reports an error. Every change
//! is a row of the status log. The sweep also carries out group demolitions that fall due and
//! forgets proof-of-play batch ids older than 30 days.

use crate::db::entity::{media, media_beat, media_group, media_heard, media_status_log, poi, pop_batch};
use crate::error::ApiResult;
use crate::state::AppState;
use chrono::{DateTime, Duration, NaiveTime, Utc};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use std::collections::{BTreeMap, HashMap};

pub use townboard_domain::screen::{ABNORMAL, ANOMALY, FAULT, OFF, ON};

/// Whether `at` (local time of day) falls within opening hours; hours may run past midnight, and
/// a site that opens when it closes (00:00-00:00) never closes.
pub fn within_hours(open: &str, close: &str, at: NaiveTime) -> bool {
    let parse = |s: &str| NaiveTime::parse_from_str(s, "%H:%M").ok();
    match (parse(open), parse(close)) {
        (Some(o), Some(c)) if o == c => true,
        (Some(o), Some(c)) if o < c => at >= o && at < c,
        (Some(o), Some(c)) => at >= o || at < c,
        _ => true,
    }
}

/// When one screen was last heard: its last heartbeat (`media_beat`), or its push channel's last
/// mark (`media_heard`) when later.
pub async fn last_heard_of(db: &impl ConnectionTrait, media_id: i64) -> ApiResult<Option<DateTime<Utc>>> {
    let beat = media_beat::Entity::find_by_id(media_id).one(db).await?.and_then(|b| b.last_heartbeat_at);
    let channel = media_heard::Entity::find_by_id(media_id).one(db).await?.map(|h| h.heard_at);
    Ok(beat.max(channel))
}

/// The status a screen last heard at `heard` has now. `reported_error` keeps a fault while the
/// player says so; `silent_after` is how long a screen may go unheard while on (3 minutes but in
/// the benchmark).
pub fn derive(heard: Option<DateTime<Utc>>, site: &poi::Model, now: DateTime<Utc>, reported_error: bool, silent_after: Duration) -> i32 {
    let local = now.with_timezone(&crate::time::offset()).time();
    let silent = heard.map(|t| now - t);
    match silent {
        Some(s) if s <= silent_after => {
            if reported_error {
                FAULT
            } else {
                ON
            }
        }
        _ if !within_hours(&site.open_time, &site.close_time, local) => OFF,
        None => OFF,
        Some(s) if s <= Duration::minutes(10).max(silent_after) => ANOMALY,
        Some(_) => ABNORMAL,
    }
}

/// Records a status change (nothing when it is the same).
pub async fn set_status(db: &impl ConnectionTrait, m: &media::Model, to: i32, reason: &str, now: DateTime<Utc>) -> ApiResult<bool> {
    if m.media_status == to {
        return Ok(false);
    }
    media::Entity::update(media::ActiveModel { media_id: Set(m.media_id), media_status: Set(to), ..Default::default() }).exec(db).await?;
    media_status_log::Entity::insert(media_status_log::ActiveModel {
        media_id: Set(m.media_id),
        from_status: Set(m.media_status),
        to_status: Set(to),
        reason: Set(reason.to_string()),
        created_at: Set(now),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await?;
    Ok(true)
}

/// The sweep as a job of the queue.
pub async fn run(ctx: &super::Ctx<'_>) -> Result<(), String> {
    sweep(ctx.state).await.map(|_| ()).map_err(|e| format!("{e:?}"))
}

/// Screens whose status changes in one write transaction of a sweep: a sweep after an outage may
/// move every screen, and other writers must not wait for all of them.
const SWEEP_CHUNK: usize = 512;

/// Moves screens from one status to another in a few statements, each logged; a screen whose
/// status moved meanwhile (a heartbeat written since it was read) is left as it is, and so is one
/// heard after `silent_since` when given (a move for silence). Returns how many moved.
pub async fn move_statuses(
    db: &impl ConnectionTrait,
    (from, to): (i32, i32),
    ids: &[i64],
    reason: &str,
    now: DateTime<Utc>,
    silent_since: Option<DateTime<Utc>>,
) -> ApiResult<usize> {
    let mut moving = media::Entity::update_many()
        .col_expr(media::Column::MediaStatus, to.into())
        .filter(media::Column::MediaId.is_in(ids.to_vec()))
        .filter(media::Column::MediaStatus.eq(from));
    if let Some(since) = silent_since {
        // A heartbeat keeps a screen's status as it is, so the status alone cannot tell a screen
        // heard between the sweep's read and this write (a sweep of a large network takes seconds).
        let beat = heard_after(media_beat::Column::MediaId, media_beat::Column::LastHeartbeatAt, ids, since);
        let channel = heard_after(media_heard::Column::MediaId, media_heard::Column::HeardAt, ids, since);
        moving = moving.filter(media::Column::MediaId.not_in_subquery(beat)).filter(media::Column::MediaId.not_in_subquery(channel));
    }
    let moved = moving.exec_with_returning(db).await?;
    if moved.is_empty() {
        return Ok(0);
    }
    let logs = moved.iter().map(|m| media_status_log::ActiveModel {
        media_id: Set(m.media_id),
        from_status: Set(from),
        to_status: Set(to),
        reason: Set(reason.to_string()),
        created_at: Set(now),
        ..Default::default()
    });
    media_status_log::Entity::insert_many(logs).exec_without_returning(db).await?;
    Ok(moved.len())
}

/// The screens among `ids` whose `at` (a heartbeat's or a channel's time) is after `since`.
fn heard_after<C: ColumnTrait>(id: C, at: C, ids: &[i64], since: DateTime<Utc>) -> sea_orm::sea_query::SelectStatement {
    sea_orm::sea_query::Query::select().column(id).from(id.entity_name()).and_where(id.is_in(ids.to_vec())).and_where(at.gt(since)).to_owned()
}

/// One pass over every live screen; returns how many changed status.
pub async fn sweep(state: &AppState) -> ApiResult<usize> {
    let now = state.clock.now();
    let today = crate::time::today(now).format("%Y-%m-%d").to_string();
    let changed = look_at(state, None, now).await?;
    let txn = crate::db::begin_write(&state.writer).await?;
    media_group::Entity::update_many()
        .col_expr(media_group::Column::MediaGroupStatus, 2.into())
        .filter(media_group::Column::MediaGroupStatus.eq(3))
        .filter(media_group::Column::DemolishDate.lte(today.as_str()))
        .exec(&txn)
        .await?;
    pop_batch::Entity::delete_many().filter(pop_batch::Column::CreatedAt.lt(now - Duration::days(30))).exec(&txn).await?;
    txn.commit().await?;
    crate::alerts::reconcile(state).await?;
    Ok(changed)
}

/// The sweep's statuses for a few screens (those whose channels closed a silence ago); the caller
/// reconciles incidents once it has looked at all it had. Returns how many changed status.
pub async fn sweep_screens(state: &AppState, media_ids: &[i64]) -> ApiResult<usize> {
    look_at(state, Some(media_ids), state.clock.now()).await
}

/// Works out the status of every live screen, or of `only` these, from when each was last heard,
/// and moves those whose status changed. Returns how many moved.
async fn look_at(state: &AppState, only: Option<&[i64]>, now: DateTime<Utc>) -> ApiResult<usize> {
    let mut screens = media::Entity::find().filter(media::Column::DeletedAt.is_null());
    let mut channels = media_heard::Entity::find();
    let mut beats =
        media_beat::Entity::find().select_only().columns([media_beat::Column::MediaId, media_beat::Column::LastHeartbeatAt, media_beat::Column::LastError]);
    if let Some(ids) = only {
        screens = screens.filter(media::Column::MediaId.is_in(ids.to_vec()));
        channels = channels.filter(media_heard::Column::MediaId.is_in(ids.to_vec()));
        beats = beats.filter(media_beat::Column::MediaId.is_in(ids.to_vec()));
    }
    let rows = screens.find_also_related(poi::Entity).all(&state.db).await?;
    let channels: HashMap<i64, DateTime<Utc>> = channels.all(&state.db).await?.into_iter().map(|h| (h.media_id, h.heard_at)).collect();
    let beats: HashMap<i64, (Option<DateTime<Utc>>, String)> =
        beats.into_tuple::<(i64, Option<DateTime<Utc>>, String)>().all(&state.db).await?.into_iter().map(|(id, at, error)| (id, (at, error))).collect();
    let mut moves: BTreeMap<(i32, i32), Vec<i64>> = BTreeMap::new();
    for (m, site) in rows {
        let Some(site) = site else { continue };
        let (beat, error) = beats.get(&m.media_id).map_or((None, ""), |(at, error)| (*at, error.as_str()));
        let keeps_fault = m.media_status == FAULT && !error.is_empty();
        let heard = beat.max(channels.get(&m.media_id).copied());
        let to = derive(heard, &site, now, keeps_fault, state.config.screen_silent_after);
        if to != m.media_status {
            moves.entry((m.media_status, to)).or_default().push(m.media_id);
        }
    }
    let mut changed = 0;
    for ((from, to), ids) in moves {
        // Every status but on and fault is one of silence (`derive`).
        let silent_since = (to != ON && to != FAULT).then(|| now - state.config.screen_silent_after);
        for chunk in crate::db::pieces::pieces(&ids, SWEEP_CHUNK) {
            let txn = crate::db::begin_write(&state.writer).await?;
            changed += move_statuses(&txn, (from, to), chunk, "상태 점검", now, silent_since).await?;
            txn.commit().await?;
        }
    }
    Ok(changed)
}

/// Screens (not deleted) by monitoring status, named for `townboard_screens{status}`.
pub async fn screens_by_status(db: &impl ConnectionTrait) -> Result<Vec<(String, u64)>, sea_orm::DbErr> {
    use sea_orm::{
        QuerySelect,
        sea_query::{Expr, Func},
    };
    let counts: Vec<(i32, i64)> = media::Entity::find()
        .select_only()
        .column(media::Column::MediaStatus)
        .column_as(Expr::expr(Func::count(Expr::col(media::Column::MediaId))), "n")
        .filter(media::Column::DeletedAt.is_null())
        .group_by(media::Column::MediaStatus)
        .into_tuple()
        .all(db)
        .await?;
    let named = [(ON, "on"), (OFF, "off"), (ANOMALY, "anomaly"), (ABNORMAL, "abnormal"), (FAULT, "fault")];
    Ok(named.iter().map(|(code, name)| (name.to_string(), counts.iter().find(|(s, _)| s == code).map_or(0, |(_, n)| *n as u64))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_hours() {
        let t = |s: &str| NaiveTime::parse_from_str(s, "%H:%M").unwrap();
        assert!(within_hours("06:00", "23:00", t("12:00")));
        assert!(!within_hours("06:00", "23:00", t("23:30")));
        assert!(!within_hours("06:00", "23:00", t("05:59")));
        assert!(within_hours("22:00", "02:00", t("01:00")), "past midnight");
        assert!(!within_hours("22:00", "02:00", t("03:00")));
        assert!(within_hours("00:00", "00:00", t("03:00")), "around the clock");
    }
}
