//! The urgent messages a screen shows now, for its heartbeat answer. Every screen asks every
//! minute, so nothing here is read per call: the messages not stopped nor ended are kept in memory
//! (`state.memo`, retired by any change of `content.urgentMsg` in this process and renewed every
//! few seconds), each with the set of sites it reaches when it goes by region; a call filters them
//! by the time and the screen's site. With no message pending, a call costs nothing but the check.

use crate::db::entity::{poi, urgent_message, urgent_target};
use crate::error::ApiResult;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, Condition, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use townboard_domain::content::Target;

/// A message not stopped nor ended when read, as a heartbeat answers it.
struct Pending {
    start_at: DateTime<Utc>,
    end_at: DateTime<Utc>,
    /// `None`: every screen; else the sites it reaches.
    sites: Option<HashSet<i64>>,
    answer: Value,
}

/// The program whose changes retire what is kept of the messages.
pub const PROGRAM: &str = "content.urgentMsg";

/// The urgent messages in force at `now` that target the screens of site `poi_id`:
/// `[{umIdx, text, imageUrl, startAt, endAt}]`, oldest start first.
pub async fn in_force(state: &AppState, poi_id: i64, now: DateTime<Utc>) -> ApiResult<Vec<Value>> {
    let pending = state.memo.get(PROGRAM, "urgent_pending", || load(state)).await?;
    Ok(pending
        .iter()
        .filter(|m| m.start_at <= now && now < m.end_at)
        .filter(|m| m.sites.as_ref().is_none_or(|sites| sites.contains(&poi_id)))
        .map(|m| m.answer.clone())
        .collect())
}

/// The ids of a set of urgent messages as a heartbeat or the push channel answers it.
pub fn ids(set: &[Value]) -> Vec<i64> {
    set.iter().filter_map(|m| m["umIdx"].as_i64()).collect()
}

/// The next moment after `now` a message comes into force or ends (screens are told then).
pub async fn next_change(state: &AppState, now: DateTime<Utc>) -> ApiResult<Option<DateTime<Utc>>> {
    let pending = state.memo.get(PROGRAM, "urgent_pending", || load(state)).await?;
    Ok(pending.iter().flat_map(|m| [m.start_at, m.end_at]).filter(|at| *at > now).min())
}

async fn load(state: &AppState) -> Result<Vec<Pending>, DbErr> {
    let now = state.clock.now();
    let messages = urgent_message::Entity::find()
        .filter(urgent_message::Column::DeletedAt.is_null())
        .filter(urgent_message::Column::StoppedAt.is_null())
        .filter(urgent_message::Column::EndAt.gt(now))
        .order_by_asc(urgent_message::Column::StartAt)
        .order_by_asc(urgent_message::Column::UmIdx)
        .all(&state.db)
        .await?;
    if messages.is_empty() {
        return Ok(vec![]);
    }
    let targets = urgent_target::Entity::find().filter(urgent_target::Column::UmIdx.is_in(messages.iter().map(|m| m.um_idx))).all(&state.db).await?;
    let mut by_message: HashMap<i64, Vec<urgent_target::Model>> = HashMap::new();
    for t in targets {
        by_message.entry(t.um_idx).or_default().push(t);
    }
    let regional: Vec<(Target, &str)> = messages
        .iter()
        .filter_map(|m| Target::parse(&m.target_type).filter(|t| t.region_digits().is_some()).map(|t| (t, m.um_idx)))
        .flat_map(|(t, id)| by_message.get(&id).into_iter().flatten().map(move |target| (t, target.rgn_cd.as_str())))
        .collect();
    let site_regions = sites_in(state, &regional).await?;
    let mut pending = Vec::with_capacity(messages.len());
    for m in &messages {
        let targets = by_message.get(&m.um_idx).map(Vec::as_slice).unwrap_or_default();
        let rgn_cds: Vec<String> = targets.iter().filter(|t| !t.rgn_cd.is_empty()).map(|t| t.rgn_cd.clone()).collect();
        let poi_ids: Vec<i64> = targets.iter().filter(|t| t.poi_id != 0).map(|t| t.poi_id).collect();
        let sites = match Target::parse(&m.target_type) {
            Some(Target::All) => None,
            Some(Target::Poi) => Some(poi_ids.into_iter().collect()),
            Some(target) => Some(site_regions.iter().filter(|(poi_id, rgn_cd)| target.reaches(&rgn_cds, &[], **poi_id, rgn_cd)).map(|(id, _)| *id).collect()),
            None => Some(HashSet::new()),
        };
        let answer = json!({
            "umIdx": m.um_idx,
            "text": m.text,
            "imageUrl": m.image_url,
            "startAt": crate::time::format(&m.start_at),
            "endAt": crate::time::format(&m.end_at),
        });
        pending.push(Pending { start_at: m.start_at, end_at: m.end_at, sites, answer });
    }
    Ok(pending)
}

/// The live sites of the listed regions with their region codes (none when no message goes by
/// region).
async fn sites_in(state: &AppState, regional: &[(Target, &str)]) -> Result<HashMap<i64, String>, DbErr> {
    if regional.is_empty() {
        return Ok(HashMap::new());
    }
    let mut any = Condition::any();
    for (target, code) in regional {
        let digits = target.region_digits().unwrap_or(10).min(code.len());
        any = any.add(crate::db::like::starts_with(poi::Column::RgnCd, &code[..digits]));
    }
    let rows: Vec<(i64, String)> = poi::Entity::find()
        .select_only()
        .columns([poi::Column::PoiId, poi::Column::RgnCd])
        .filter(poi::Column::DeletedAt.is_null())
        .filter(any)
        .into_tuple()
        .all(&state.db)
        .await?;
    Ok(rows.into_iter().collect())
}
