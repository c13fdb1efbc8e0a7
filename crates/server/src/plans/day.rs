//! A day's loop of a group as it plays: the plan with the slots overridden by hand, each item
//! described for its reader (the back office: names and thumbnails; players: file addresses).
//! Players ask for it every minute: the answer is kept in memory for ten seconds and dropped at
//! once when this process changes a plan.

use crate::db::entity::{campaign, material, plan, plan_override};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use chrono::{DateTime, NaiveDate, Utc};
use moka::sync::Cache;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock};
use std::time::Duration;
use townboard_domain::schedule::LoopItem;

/// Who reads the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reader {
    Office,
    Player,
}

#[derive(Debug, Clone)]
pub struct Day {
    pub mg_id: i64,
    pub date: String,
    /// None when the day has no plan.
    pub version: Option<String>,
    pub loop_sec: i64,
    pub generated_at: Option<DateTime<Utc>>,
    pub items: Vec<Value>,
    /// The items as generated, with overrides applied (what counts and reports read).
    pub plain: Vec<LoopItem>,
}

type Key = (Arc<str>, i64, String, Reader);
static KEPT: LazyLock<Cache<Key, (u64, Arc<Day>)>> = LazyLock::new(|| Cache::builder().max_capacity(50_000).time_to_live(Duration::from_secs(10)).build());

/// The day as `reader` sees it.
pub async fn of(state: &AppState, mg_id: i64, date: NaiveDate, reader: Reader) -> ApiResult<Arc<Day>> {
    let date = date.format("%Y-%m-%d").to_string();
    let epoch = crate::kept::epochs::epoch(super::PROGRAM);
    let key = crate::kept::statements::database().map(|db| (db, mg_id, date.clone(), reader));
    if let Some(key) = &key
        && let Some((kept_epoch, day)) = KEPT.get(key)
        && kept_epoch == epoch
    {
        return Ok(day);
    }
    let day = Arc::new(read(state, mg_id, date, reader).await?);
    if let Some(key) = key {
        KEPT.insert(key, (epoch, day.clone()));
    }
    Ok(day)
}

async fn read(state: &AppState, mg_id: i64, date: String, reader: Reader) -> ApiResult<Day> {
    let Some(p) = plan::Entity::find_by_id((mg_id, date.clone())).one(&state.db).await? else {
        return Ok(Day { mg_id, date, version: None, loop_sec: 0, generated_at: None, items: vec![], plain: vec![] });
    };
    let mut items: Vec<LoopItem> = serde_json::from_str(&p.items).map_err(ApiError::internal)?;
    let overrides: HashMap<i64, i64> = plan_override::Entity::find()
        .filter(plan_override::Column::MgId.eq(mg_id))
        .filter(plan_override::Column::PlayDate.eq(date.clone()))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|o| (i64::from(o.seq), o.mat_id))
        .collect();
    let mut mat_ids: Vec<i64> = items.iter().filter_map(|i| i.mat_id).chain(overrides.values().copied()).collect();
    mat_ids.sort_unstable();
    mat_ids.dedup();
    let materials: HashMap<i64, material::Model> = if mat_ids.is_empty() {
        HashMap::new()
    } else {
        material::Entity::find().filter(material::Column::MatId.is_in(mat_ids)).all(&state.db).await?.into_iter().map(|m| (m.mat_id, m)).collect()
    };
    for item in items.iter_mut() {
        if let Some(mat_id) = overrides.get(&item.seq) {
            super::played::apply_override(item, *mat_id, materials.get(mat_id).is_some_and(|m| m.mat_kind == "campaign"));
        }
    }
    let version = if overrides.is_empty() { p.version.clone() } else { super::version_of(&serde_json::to_string(&items).map_err(ApiError::internal)?) };
    let titles: HashMap<i64, String> = if reader == Reader::Office {
        let ids: Vec<i64> = items.iter().filter_map(|i| i.cmpg_id).collect();
        if ids.is_empty() {
            HashMap::new()
        } else {
            campaign::Entity::find().filter(campaign::Column::CmpgId.is_in(ids)).all(&state.db).await?.into_iter().map(|c| (c.cmpg_id, c.cmpg_title)).collect()
        }
    } else {
        HashMap::new()
    };
    let described = items
        .iter()
        .map(|item| {
            let mut v = serde_json::to_value(item).unwrap_or_default();
            let m = item.mat_id.and_then(|id| materials.get(&id));
            v["overridden"] = json!(overrides.contains_key(&item.seq));
            v["matType"] = json!(m.map(|m| &m.mat_type));
            match reader {
                Reader::Player => {
                    let rendition = if m.is_some_and(|m| m.mat_type == "image") { "fhd" } else { "sd" };
                    v["url"] = json!(m.map(|m| format!("/api/player/v1/file/{}/{rendition}", m.mat_id)));
                }
                Reader::Office => {
                    v["matName"] = json!(m.map(|m| &m.mat_name));
                    v["cmpgTitle"] = json!(item.cmpg_id.and_then(|id| titles.get(&id)));
                    v["thumbUrl"] = json!(
                        m.filter(|m| m.encoding_status == townboard_domain::material::encoding::ENCODED)
                            .map(|m| format!("/api/material/image.do?matId={}", m.mat_id))
                    );
                }
            }
            v
        })
        .collect();
    Ok(Day { mg_id, date, version: Some(version), loop_sec: i64::from(p.loop_sec), generated_at: Some(p.generated_at), items: described, plain: items })
}
