//! `GET /api/player/v1/schedule?date=`: the day's loop of the screen's group with the addresses
//! of its files, the group's frame (template, layout, the site's hours) and the footer's lines.
//! Players ask every minute and mostly hold the current version: a group's answer for a day is kept
//! for five seconds (its frame for ten, its loop by [`crate::plans::day`]), and an unchanged version
//! answers 304 without a body.

use crate::db::entity::{media_group, poi};
use crate::error::{ApiError, ApiResult};
use crate::plans::day::{self, Reader};
use crate::state::AppState;
use chrono::NaiveDate;
use moka::sync::Cache;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

/// What a group's screens need besides the loop.
#[derive(Debug, Clone)]
struct Frame {
    template_type: i32,
    layout: i32,
    open_time: String,
    close_time: String,
    /// Live and not stopped: a stopped group's screens show the idle screen.
    playing: bool,
}

type FrameKey = (Arc<str>, i64, u64);
static FRAMES: LazyLock<Cache<FrameKey, Option<Arc<Frame>>>> =
    LazyLock::new(|| Cache::builder().max_capacity(50_000).time_to_live(Duration::from_secs(10)).build());

async fn frame(state: &AppState, mg_id: i64) -> ApiResult<Option<Arc<Frame>>> {
    let epoch = crate::kept::epochs::epoch("media.mediagroup") + crate::kept::epochs::epoch("media.poi");
    let key = crate::kept::statements::database().map(|db| (db, mg_id, epoch));
    if let Some(key) = &key
        && let Some(kept) = FRAMES.get(key)
    {
        return Ok(kept);
    }
    let found =
        media_group::Entity::find_by_id(mg_id).filter(media_group::Column::DeletedAt.is_null()).find_also_related(poi::Entity).one(&state.db).await?.map(
            |(g, site)| {
                Arc::new(Frame {
                    template_type: g.template_type,
                    layout: g.layout,
                    open_time: site.as_ref().map(|s| s.open_time.clone()).unwrap_or_else(|| "00:00".into()),
                    close_time: site.as_ref().map(|s| s.close_time.clone()).unwrap_or_else(|| "24:00".into()),
                    playing: g.media_group_status == 0 || g.media_group_status == 3,
                })
            },
        );
    if let Some(key) = key {
        FRAMES.insert(key, found.clone());
    }
    Ok(found)
}

/// A group's answer for a day: its version and its body without the screen's id.
pub struct GroupDay {
    pub version: String,
    body: Value,
}

impl GroupDay {
    /// The body as a screen of the group receives it.
    pub fn for_screen(&self, media_id: i64) -> Value {
        let mut body = self.body.clone();
        body["mediaId"] = json!(media_id);
        body
    }
}

type AnswerKey = (Arc<str>, i64, NaiveDate, u64);
/// Groups' answers, kept five seconds: a player holding the current version is answered 304
/// without a statement and without building the answer again. A change in this process of any
/// part (group, site, plans, notices, footer settings, news) retires them at once.
static ANSWERS: LazyLock<Cache<AnswerKey, Arc<GroupDay>>> =
    LazyLock::new(|| Cache::builder().max_capacity(50_000).time_to_live(Duration::from_secs(5)).build());

/// Moves whenever a part of an answer changes in this process.
fn parts_epoch() -> u64 {
    ["media.mediagroup", "media.poi", crate::plans::PROGRAM, "content.contentNoti", "content.manager", crate::jobs::news_fetch::ITEMS]
        .iter()
        .map(|program| crate::kept::epochs::epoch(program))
        .sum()
}

/// The answer for a screen of `mg_id` (if mapped) on `date`.
pub async fn of_screen(state: &AppState, mg_id: Option<i64>, date: NaiveDate) -> ApiResult<Arc<GroupDay>> {
    let Some(mg_id) = mg_id else {
        return Ok(Arc::new(unmapped(date)));
    };
    let epoch = parts_epoch();
    let key = crate::kept::statements::database().map(|db| (db, mg_id, date, epoch));
    if let Some(key) = &key
        && let Some(kept) = ANSWERS.get(key)
    {
        return Ok(kept);
    }
    let (day, generated) = of_group(state, mg_id, date).await?;
    let day = Arc::new(day);
    // A day generated for this answer moved the epoch; the answer holds that day.
    if let Some((db, mg_id, date, epoch)) = key {
        ANSWERS.insert((db, mg_id, date, if generated { parts_epoch() } else { epoch }), day.clone());
    }
    Ok(day)
}

/// A group's answer, and whether its day was generated for it.
async fn of_group(state: &AppState, mg_id: i64, date: NaiveDate) -> ApiResult<(GroupDay, bool)> {
    let Some(frame) = frame(state, mg_id).await? else {
        return Ok((unmapped(date), false));
    };
    let mut plan = day::of(state, mg_id, date, Reader::Player).await?;
    let generated = plan.version.is_none() && frame.playing && within_horizon(state, date);
    if generated {
        // A group made since the last generation: its day is generated now, once.
        let scope = crate::plans::generate::Scope { mg_ids: Some(vec![mg_id]), from: date, to: date };
        crate::plans::generate::generate(state, &scope, None, |_| {}).await?;
        plan = day::of(state, mg_id, date, Reader::Player).await?;
    }
    let footer = super::footer::of_group(state, mg_id, date).await?;
    let loop_items = if frame.playing { Value::Array(plan.items.clone()) } else { Value::Array(vec![]) };
    let version = crate::crypto::sha256_hex(
        format!(
            "{}|{}|{}|{}|{}|{}|{}",
            plan.version.as_deref().unwrap_or("-"),
            frame.playing,
            frame.template_type,
            frame.layout,
            frame.open_time,
            frame.close_time,
            footer
        )
        .as_bytes(),
    )[..16]
        .to_string();
    let body = json!({
        "mgId": mg_id,
        "date": plan.date,
        "version": version,
        "loopSec": plan.loop_sec,
        "templateType": frame.template_type,
        "layout": frame.layout,
        "openTime": frame.open_time,
        "closeTime": frame.close_time,
        "loop": loop_items,
        "footer": footer,
    });
    Ok((GroupDay { version, body }, generated))
}

/// An unmapped screen (or one of a group taken away) plays nothing until it is mapped to a group.
fn unmapped(date: NaiveDate) -> GroupDay {
    let body = json!({ "mgId": null, "date": date.format("%Y-%m-%d").to_string(), "loop": [], "footer": { "notices": [], "news": [] } });
    GroupDay { version: "unmapped".into(), body }
}

/// Days players may ask for ahead of time are generated on demand; older ones are history.
fn within_horizon(state: &AppState, date: NaiveDate) -> bool {
    let today = crate::time::today(state.clock.now());
    date >= today && date <= today + chrono::Duration::days(crate::jobs::plans::DAYS_AHEAD)
}

/// An error for a date players cannot ask for.
pub fn bad_date() -> ApiError {
    ApiError::invalid("date", "날짜 형식이 올바르지 않습니다.")
}
