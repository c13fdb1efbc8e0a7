//! The screens at work: their players register and report in (one with a fault, the stopped
//! group's screens never), and thirty days of proof of play are counted from the loops the
//! screens had each day.

use super::network::PLAYER_VERSION;
use super::world::Demo;
use crate::db::entity::{media, poi};
use crate::intake::pop::{DailyKey, add_to_rollups};
use crate::plans::played::Played;
use chrono::{NaiveTime, Timelike};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;
use std::collections::{BTreeMap, HashMap};

/// Days of proof of play before today (the players' own limit on late batches).
const POP_DAYS: i64 = townboard_domain::pop::MAX_AGE_DAYS;
/// The groups whose players were never installed (the stopped group in Sejong).
const SILENT_GROUPS: &[&str] = &["saetteum-main"];

/// Players register with the ssaid the player simulator uses (`sim-<serial>`), so
/// `townboard simulate-players` can take the screens over; each reports once, one with a fault.
pub async fn report_in(demo: &Demo) -> Result<(), String> {
    let playing: Vec<_> = demo.screens.iter().filter(|s| !SILENT_GROUPS.contains(&s.group)).collect();
    for (i, screen) in playing.iter().enumerate() {
        let registered = demo
            .api
            .player(
                None,
                "/api/player/v1/register",
                json!({ "dvcSnNum": screen.serial, "ssaid": format!("sim-{}", screen.serial), "osType": "AND", "playerVersion": PLAYER_VERSION }),
            )
            .await?;
        let token = registered["deviceToken"].as_str().ok_or("register answered no token")?;
        let faulty = i == 4;
        let beat = if faulty {
            json!({ "status": "error", "errors": ["디스플레이 패널 응답 없음"], "playerVersion": PLAYER_VERSION })
        } else {
            json!({ "status": "ok", "errors": [], "playerVersion": PLAYER_VERSION })
        };
        demo.api.player(Some(token), "/api/player/v1/heartbeat", beat).await?;
    }
    crate::player::beat_writer::flush(&demo.state).await.map_err(|e| format!("heartbeats: {e:?}"))?;
    crate::jobs::status::sweep(&demo.state).await.map_err(|e| format!("status sweep: {e:?}"))?;
    Ok(())
}

fn time_of(text: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(text, "%H:%M").ok()
}

/// Seconds a site's screens play on a day: its opening hours, and today only up to `until`.
fn playing_seconds(site: &poi::Model, until: Option<NaiveTime>) -> i64 {
    let (Some(open), Some(close)) = (time_of(&site.open_time), time_of(&site.close_time)) else { return 0 };
    let close = until.map_or(close, |now| now.min(close));
    (close - open).num_seconds().max(0)
}

/// A screen now and then dark for a day or part of one, the same way on every run.
fn uptime_percent(media_id: i64, day: i64) -> i64 {
    match (media_id * 31 + day * 17).rem_euclid(29) {
        0 => 0,
        1 => 55,
        2 => 80,
        _ => 100,
    }
}

/// Plays and seconds by (campaign, material, slot type) of `loops` loops of a day's plan.
fn count(plan: &Played, loops: u64, into: &mut BTreeMap<(i64, i64, i32), (i64, i64)>) {
    for item in &plan.items {
        // Items of every other loop play in half of them: the first loop's half rounds up.
        let first = u64::from(item.loops.plays_in(0));
        let plays = (loops / 2) * (first + u64::from(item.loops.plays_in(1))) + (loops % 2) * first;
        if plays == 0 {
            continue;
        }
        let sum = into.entry((item.cmpg_id.unwrap_or(0), item.mat_id.unwrap_or(0), item.slot_type.code())).or_default();
        sum.0 += plays as i64;
        sum.1 += plays as i64 * item.seconds;
    }
}

/// Writes the daily rollups of the last thirty days and of today so far, as the proof-of-play
/// ingestion would have summed the players' hourly batches (the keys the ingestion uses: 0 for
/// no campaign or material).
pub async fn proof_of_play(demo: &Demo) -> Result<usize, String> {
    let state = &demo.state;
    let playing: Vec<i64> = demo.screens.iter().filter(|s| !SILENT_GROUPS.contains(&s.group)).map(|s| s.media_id).collect();
    let screens = media::Entity::find().filter(media::Column::MediaId.is_in(playing)).all(&state.db).await.map_err(|e| e.to_string())?;
    let sites: HashMap<i64, poi::Model> = poi::Entity::find().all(&state.db).await.map_err(|e| e.to_string())?.into_iter().map(|p| (p.poi_id, p)).collect();
    let mg_ids: Vec<i64> = demo.groups.values().copied().collect();
    let plans = crate::plans::played::of(state, &mg_ids, &demo.time.date(-POP_DAYS), &demo.time.date(0)).await.map_err(|e| format!("plans: {e:?}"))?;
    let plans: HashMap<(i64, String), Played> = plans.into_iter().map(|p| ((p.mg_id, p.date.clone()), p)).collect();
    let now = state.clock.now().with_timezone(&crate::time::offset()).time().with_nanosecond(0);
    let mut daily: BTreeMap<DailyKey, (i64, i64)> = BTreeMap::new();
    for day in -POP_DAYS..=0 {
        let date = demo.time.date(day);
        for screen in &screens {
            let (Some(mg_id), Some(site)) = (screen.mg_id, sites.get(&screen.poi_id)) else { continue };
            let Some(plan) = plans.get(&(mg_id, date.clone())).filter(|p| p.loop_sec > 0) else { continue };
            let seconds = playing_seconds(site, (day == 0).then_some(now).flatten()) * uptime_percent(screen.media_id, day) / 100;
            let mut counted = BTreeMap::new();
            count(plan, (seconds / plan.loop_sec) as u64, &mut counted);
            for ((cmpg_id, mat_id, slot_type), sums) in counted {
                daily.insert((date.clone(), screen.media_id, cmpg_id, mat_id, slot_type), sums);
            }
        }
    }
    let rows = daily.len();
    let txn = crate::db::begin_write(&state.writer).await.map_err(|e| e.to_string())?;
    add_to_rollups(&txn, daily).await.map_err(|e| e.to_string())?;
    txn.commit().await.map_err(|e| e.to_string())?;
    Ok(rows)
}
