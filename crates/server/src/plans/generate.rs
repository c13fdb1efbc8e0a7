//! Generating plans in bulk: every fact the loops need for the groups and days asked is read in a
//! few statements (groups, slot holds, their campaigns and materials, house materials, contents),
//! the loops are built in memory by the domain rule, and the plans are written in chunks.

use crate::db::entity::{campaign, campaign_material, material, media_group, plan, slot_hold};
use crate::state::AppState;
use chrono::{Duration, NaiveDate};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, DbErr, EntityTrait, QueryFilter};
use std::collections::{BTreeMap, HashMap};
use townboard_domain::material::{approval, encoding};
use townboard_domain::schedule::{ContentItem, HouseMaterial, LoopCampaign, LoopGroup, LoopInput, NoticeSlot, build_loop};

/// What to generate: some groups (or every live one) over a period.
#[derive(Debug, Clone)]
pub struct Scope {
    pub mg_ids: Option<Vec<i64>>,
    pub from: NaiveDate,
    pub to: NaiveDate,
}

/// How much was generated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Generated {
    pub groups: usize,
    pub days: usize,
}

/// Groups that play: live, not demolished, not stopped.
async fn groups(state: &AppState, mg_ids: &Option<Vec<i64>>) -> Result<Vec<media_group::Model>, DbErr> {
    let live = media_group::Entity::find().filter(media_group::Column::DeletedAt.is_null()).filter(media_group::Column::MediaGroupStatus.is_in([0, 3]));
    match mg_ids {
        None => live.all(&state.db).await,
        Some(ids) => {
            let mut out = Vec::new();
            for chunk in ids.chunks(500) {
                out.extend(live.clone().filter(media_group::Column::MgId.is_in(chunk.to_vec())).all(&state.db).await?);
            }
            Ok(out)
        }
    }
}

fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// Writes the plans of a scope, reporting progress (0-100) as chunks are written.
pub async fn generate(state: &AppState, scope: &Scope, exec_idx: Option<i64>, mut progress: impl FnMut(i32)) -> Result<Generated, DbErr> {
    let groups = groups(state, &scope.mg_ids).await?;
    if groups.is_empty() || scope.to < scope.from {
        return Ok(Generated::default());
    }
    let (from, to) = (day(scope.from), day(scope.to));
    // Slot holds of the period: which campaigns play on which group each day.
    let mut holds: Vec<slot_hold::Model> = Vec::new();
    let period = slot_hold::Entity::find().filter(slot_hold::Column::PlayDate.gte(from.clone())).filter(slot_hold::Column::PlayDate.lte(to.clone()));
    if scope.mg_ids.is_some() {
        for chunk in groups.chunks(500) {
            holds.extend(period.clone().filter(slot_hold::Column::MgId.is_in(chunk.iter().map(|g| g.mg_id))).all(&state.db).await?);
        }
    } else {
        holds = period.all(&state.db).await?;
    }
    let mut cmpg_ids: Vec<i64> = holds.iter().map(|h| h.cmpg_id).collect();
    cmpg_ids.sort_unstable();
    cmpg_ids.dedup();
    let mut campaigns: HashMap<i64, campaign::Model> = HashMap::new();
    let mut materials_of: HashMap<i64, Vec<(i64, i32)>> = HashMap::new();
    for chunk in cmpg_ids.chunks(500) {
        for c in campaign::Entity::find().filter(campaign::Column::CmpgId.is_in(chunk.to_vec())).all(&state.db).await? {
            campaigns.insert(c.cmpg_id, c);
        }
        for (cmpg_id, m) in playable_attachments(state, chunk).await? {
            materials_of.entry(cmpg_id).or_default().push((m.mat_id, m.template_type));
        }
    }
    let house: Vec<HouseMaterial> = material::Entity::find()
        .filter(material::Column::DeletedAt.is_null())
        .filter(material::Column::MatKind.eq("content"))
        .filter(material::Column::SlotType.eq(2))
        .filter(material::Column::MatStatus.eq(approval::APPROVED))
        .filter(material::Column::EncodingStatus.eq(encoding::ENCODED))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|m| HouseMaterial { mat_id: m.mat_id, template_type: m.template_type })
        .collect();
    let mut by_group_day: BTreeMap<(i64, String), Vec<i64>> = BTreeMap::new();
    for h in &holds {
        by_group_day.entry((h.mg_id, h.play_date.clone())).or_default().push(h.cmpg_id);
    }
    let days: Vec<NaiveDate> = (0..=(scope.to - scope.from).num_days()).map(|n| scope.from + Duration::days(n)).collect();
    let mut contents: HashMap<(i32, NaiveDate), Vec<ContentItem>> = HashMap::new();
    let now = state.clock.now();
    let mut rows: Vec<plan::ActiveModel> = Vec::with_capacity(groups.len() * days.len());
    for g in &groups {
        for d in &days {
            let key = (g.template_type, *d);
            if let std::collections::hash_map::Entry::Vacant(slot) = contents.entry(key) {
                let found = crate::plans::contents::contents_for(&state.db, g.template_type, *d).await.map_err(|e| DbErr::Custom(format!("{e:?}")))?;
                slot.insert(found.into_iter().map(|(mat_id, seconds, text)| ContentItem { mat_id, seconds: i64::from(seconds), text }).collect());
            }
            let holding: Vec<LoopCampaign> = by_group_day
                .get(&(g.mg_id, day(*d)))
                .into_iter()
                .flatten()
                .filter_map(|id| campaigns.get(id))
                .map(|c| LoopCampaign {
                    cmpg_id: c.cmpg_id,
                    approved_at: c.approved_at.unwrap_or(c.created_at).naive_utc(),
                    slot_cnt: i64::from(c.slot_cnt.unwrap_or(1)),
                    schd_rate: i64::from(c.schd_rate),
                    mat_ids: materials_of.get(&c.cmpg_id).into_iter().flatten().filter(|(_, t)| *t == g.template_type).map(|(m, _)| *m).collect(),
                })
                .collect();
            let built = build_loop(&LoopInput {
                group: LoopGroup {
                    ad_slot_cnt: i64::from(g.ad_slot_cnt),
                    slot_sec: i64::from(g.slot_sec),
                    schd_group: i64::from(g.schd_group),
                    template_type: g.template_type,
                },
                campaigns: &holding,
                house: &house,
                contents: &contents[&key],
                notice: NoticeSlot { mat_id: None, seconds: super::NOTICE_SECONDS },
            });
            let items = serde_json::to_string(&built.items).map_err(|e| DbErr::Custom(e.to_string()))?;
            let sold = super::Sold::of(&built.items);
            rows.push(plan::ActiveModel {
                mg_id: Set(g.mg_id),
                play_date: Set(day(*d)),
                version: Set(super::version_of(&items)),
                loop_sec: Set(built.loop_sec as i32),
                ad_slot_cnt: Set(g.ad_slot_cnt),
                sold_full: Set(sold.full),
                sold_half: Set(sold.half),
                house_halves: Set(sold.house_halves),
                items: Set(items),
                generated_at: Set(now),
                exec_idx: Set(exec_idx),
            });
        }
    }
    // Today's loops as players hold them now: those the generation changes are pushed to them.
    let today = crate::time::today(now);
    let mut held_today: HashMap<i64, String> = HashMap::new();
    if (scope.from..=scope.to).contains(&today) {
        for chunk in groups.chunks(500) {
            let found = plan::Entity::find()
                .filter(plan::Column::PlayDate.eq(day(today)))
                .filter(plan::Column::MgId.is_in(chunk.iter().map(|g| g.mg_id)))
                .all(&state.db)
                .await?;
            held_today.extend(found.into_iter().map(|p| (p.mg_id, p.version)));
        }
    }
    let changed_today: Vec<i64> = rows
        .iter()
        .filter(|r| r.play_date.as_ref() == &day(today) && held_today.get(r.mg_id.as_ref()) != Some(r.version.as_ref()))
        .map(|r| *r.mg_id.as_ref())
        .collect();
    let total = rows.len().max(1);
    let mut written = 0;
    for chunk in rows.chunks(200) {
        let txn = crate::db::begin_write(&state.writer).await?;
        plan::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([plan::Column::MgId, plan::Column::PlayDate])
                    .update_columns([
                        plan::Column::Version,
                        plan::Column::LoopSec,
                        plan::Column::AdSlotCnt,
                        plan::Column::SoldFull,
                        plan::Column::SoldHalf,
                        plan::Column::HouseHalves,
                        plan::Column::Items,
                        plan::Column::GeneratedAt,
                        plan::Column::ExecIdx,
                    ])
                    .to_owned(),
            )
            .exec_without_returning(&txn)
            .await?;
        txn.commit().await?;
        written += chunk.len();
        progress((written * 100 / total) as i32);
    }
    crate::kept::epochs::changed(super::PROGRAM);
    if !changed_today.is_empty() {
        crate::push::loops_changed(&state.db, &state.push, &changed_today, today).await;
    }
    Ok(Generated { groups: groups.len(), days: days.len() })
}

/// The materials attached to these campaigns that may play: approved and encoded.
async fn playable_attachments(state: &AppState, cmpg_ids: &[i64]) -> Result<Vec<(i64, material::Model)>, DbErr> {
    let links = campaign_material::Entity::find().filter(campaign_material::Column::CmpgId.is_in(cmpg_ids.to_vec())).all(&state.db).await?;
    let ids: Vec<i64> = links.iter().map(|l| l.mat_id).collect();
    let playable: HashMap<i64, material::Model> = material::Entity::find()
        .filter(material::Column::MatId.is_in(ids))
        .filter(material::Column::DeletedAt.is_null())
        .filter(material::Column::MatStatus.eq(approval::APPROVED))
        .filter(material::Column::EncodingStatus.eq(encoding::ENCODED))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|m| (m.mat_id, m))
        .collect();
    Ok(links.into_iter().filter_map(|l| playable.get(&l.mat_id).map(|m| (l.cmpg_id, m.clone()))).collect())
}
