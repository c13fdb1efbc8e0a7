//! The loops of many groups and days as they play (plans with their overrides), read in three
//! statements whatever their number: for reports and cue sheets, which read them by the thousand.

use crate::db::entity::{material, plan, plan_override};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use std::collections::{HashMap, HashSet};
use townboard_domain::schedule::LoopItem;

/// One group's loop on one day.
#[derive(Debug, Clone)]
pub struct Played {
    pub mg_id: i64,
    pub date: String,
    pub loop_sec: i64,
    pub items: Vec<LoopItem>,
}

/// A slot set by hand to `mat_id`: a campaign material keeps the slot a campaign's play, anything
/// else (a house material) makes it a house play.
pub fn apply_override(item: &mut LoopItem, mat_id: i64, campaign_material: bool) {
    item.mat_id = Some(mat_id);
    if !campaign_material {
        item.cmpg_id = None;
    }
}

/// The ids of campaign materials among `ids`.
pub async fn campaign_materials(state: &AppState, ids: Vec<i64>) -> ApiResult<HashSet<i64>> {
    if ids.is_empty() {
        return Ok(HashSet::new());
    }
    let found: Vec<i64> = material::Entity::find()
        .select_only()
        .column(material::Column::MatId)
        .filter(material::Column::MatId.is_in(ids))
        .filter(material::Column::MatKind.eq("campaign"))
        .into_tuple()
        .all(&state.db)
        .await?;
    Ok(found.into_iter().collect())
}

/// The plans of these groups from `from` to `to` (dates "YYYY-MM-DD"), overrides applied.
pub async fn of(state: &AppState, mg_ids: &[i64], from: &str, to: &str) -> ApiResult<Vec<Played>> {
    let mut plans = Vec::new();
    let mut overrides: HashMap<(i64, String), Vec<(i64, i64)>> = HashMap::new();
    for chunk in mg_ids.chunks(500) {
        plans.extend(
            plan::Entity::find()
                .filter(plan::Column::MgId.is_in(chunk.to_vec()))
                .filter(plan::Column::PlayDate.gte(from))
                .filter(plan::Column::PlayDate.lte(to))
                .all(&state.db)
                .await?,
        );
        for o in plan_override::Entity::find()
            .filter(plan_override::Column::MgId.is_in(chunk.to_vec()))
            .filter(plan_override::Column::PlayDate.gte(from))
            .filter(plan_override::Column::PlayDate.lte(to))
            .all(&state.db)
            .await?
        {
            overrides.entry((o.mg_id, o.play_date)).or_default().push((i64::from(o.seq), o.mat_id));
        }
    }
    let kinds = campaign_materials(state, overrides.values().flatten().map(|(_, m)| *m).collect()).await?;
    plans
        .into_iter()
        .map(|p| {
            let mut items: Vec<LoopItem> = serde_json::from_str(&p.items).map_err(ApiError::internal)?;
            for (seq, mat_id) in overrides.get(&(p.mg_id, p.play_date.clone())).into_iter().flatten() {
                if let Some(item) = items.iter_mut().find(|i| i.seq == *seq) {
                    apply_override(item, *mat_id, kinds.contains(mat_id));
                }
            }
            Ok(Played { mg_id: p.mg_id, date: p.play_date, loop_sec: i64::from(p.loop_sec), items })
        })
        .collect()
}

/// A group with its site (name, address, opening hours).
#[derive(Debug, Clone)]
pub struct Placed {
    pub group: crate::db::entity::media_group::Model,
    pub site: Option<crate::db::entity::poi::Model>,
}

impl Placed {
    /// Seconds its screens play a day.
    pub fn operating_seconds(&self) -> i64 {
        self.site.as_ref().map_or(24 * 3600, |s| townboard_domain::schedule::operating_seconds(&s.open_time, &s.close_time))
    }
}

/// These groups (deleted ones too: reports name what played) with their sites.
pub async fn placed(state: &AppState, mg_ids: &[i64]) -> ApiResult<HashMap<i64, Placed>> {
    use crate::db::entity::{media_group, poi};
    let mut out = HashMap::new();
    for chunk in mg_ids.chunks(500) {
        for (group, site) in
            media_group::Entity::find().filter(media_group::Column::MgId.is_in(chunk.to_vec())).find_also_related(poi::Entity).all(&state.db).await?
        {
            out.insert(group.mg_id, Placed { group, site });
        }
    }
    Ok(out)
}

/// Screens in each of these groups now (not deleted).
pub async fn screens(state: &AppState, mg_ids: &[i64]) -> ApiResult<HashMap<i64, i64>> {
    use crate::db::entity::media;
    use sea_orm::sea_query::{Expr, Func};
    let mut out = HashMap::new();
    for chunk in mg_ids.chunks(500) {
        let counts: Vec<(i64, i64)> = media::Entity::find()
            .select_only()
            .column(media::Column::MgId)
            .column_as(Expr::expr(Func::count(Expr::col(media::Column::MediaId))), "n")
            .filter(media::Column::MgId.is_in(chunk.to_vec()))
            .filter(media::Column::DeletedAt.is_null())
            .group_by(media::Column::MgId)
            .into_tuple()
            .all(&state.db)
            .await?;
        out.extend(counts);
    }
    Ok(out)
}
