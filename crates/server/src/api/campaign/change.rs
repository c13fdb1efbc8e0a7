//! Change requests on approved or live campaigns (domain.md §5, write types 1-3): asked for by the
//! owner side, listed among the requests, approved or rejected like a new campaign and applied from
//! the next day. A target change takes the new groups' slots and moves the price difference of the
//! remaining days; a material change swaps what plays; a mid-termination ends the campaign early
//! and gives the unplayed part back to prepaid advertisers. One change waits at a time.

use super::form::{self, CampaignInput, MaterialRef, Purpose, TargetRef};
use super::pay::{self, Event};
use super::store::{self, Actor};
use crate::api::attachable;
use crate::api::settlement::closed;
use crate::api::validation::Check;
use crate::auth::Caller;
use crate::db::entity::campaign::{self, Model};
use crate::db::entity::campaign_change;
use crate::error::{ApiError, ApiResult};
use crate::slots::{self, Want};
use crate::state::AppState;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use townboard_domain::availability::{self, Request};
use townboard_domain::campaign::{self as rules, Action, WriteType};
use townboard_domain::price;
use townboard_domain::validate::parse_date;

/// `run/jsonChange.do`.
#[derive(schemars::JsonSchema, Deserialize, Debug)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChangeBody {
    pub cmpg_id: i64,
    /// 1 target change, 2 material change, 3 mid-termination.
    pub write_type: i32,
    pub targets: Option<Vec<TargetRef>>,
    pub materials: Option<Vec<MaterialRef>>,
    pub end_date: Option<String>,
    pub reason: Option<String>,
}

/// What a change asks for, as stored with it.
#[derive(Serialize, Deserialize, Default, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Payload {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub targets: Option<Vec<TargetRef>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub materials: Option<Vec<MaterialRef>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_date: Option<String>,
}

const TYPE_NAMES: [&str; 4] = ["", "대상 변경", "소재 변경", "중도 해지"];

fn type_name(w: WriteType) -> &'static str {
    TYPE_NAMES[w.code() as usize]
}

/// Whether the campaign still takes a change today (approved or live, a day left after today).
fn takes_change(c: &Model, today: NaiveDate) -> bool {
    let (start, end) = store::dates(c, today);
    rules::next(Some(store::effective(c, today)), Action::Change).is_some_and(|t| t.when.holds(start, end, today))
}

/// The price of the campaign on other groups, over the period it was priced for.
async fn requote(state: &AppState, db: &impl ConnectionTrait, caller: &Caller, c: &Model, mg_ids: &[i64], today: NaiveDate) -> ApiResult<(price::Quote, i64)> {
    let mut input: CampaignInput = form::input_of(db, c).await?;
    input.targets = Some(mg_ids.iter().map(|mg_id| TargetRef { mg_id: *mg_id }).collect());
    let (start, _) = store::dates(c, today);
    if let Some(days) = c.days {
        input.end_date = Some(slots::day(start + Duration::days(days - 1)));
    }
    let f = form::resolve(db, caller, input, Some(c), Purpose::Quote, today).await?;
    let quote = f.quote().ok_or_else(|| ApiError::invalid("targets", "금액을 계산할 수 없습니다."))??;
    let audience = f.audience(&form::multipliers(state).await?);
    Ok((quote, audience))
}

/// What a target change costs (positive) or gives back for the days from tomorrow.
fn difference(c: &Model, new_total: i64, today: NaiveDate) -> i64 {
    let (start, end) = store::dates(c, today);
    let period = c.days.unwrap_or_else(|| price::period_days(start, end));
    price::pro_rata_difference(c.total.unwrap_or(0), new_total, period, price::remaining_days(start, end, rules::change_applies_from(today)))
}

/// The new groups' holds from tomorrow (or the start) to the end, of the live groups `found`
/// among them; conflicts leave out the campaign's own holds.
fn target_wants(found: &HashMap<i64, form::Target>, c: &Model, mg_ids: &[i64], today: NaiveDate) -> Vec<Want> {
    let (start, end) = store::dates(c, today);
    let from = rules::change_applies_from(today).max(start);
    let units = availability::units_needed(c.slot_cnt.unwrap_or(0).into(), c.schd_rate.into());
    mg_ids.iter().filter_map(|id| found.get(id)).map(|t| Want { mg_id: t.group.mg_id, ad_slot_cnt: t.group.ad_slot_cnt.into(), from, to: end, units }).collect()
}

fn check_targets(found: &HashMap<i64, form::Target>, refs: &[i64], check: &mut Check) {
    if refs.is_empty() || refs.len() > form::MAX_TARGETS {
        check.fail("targets", format!("매체 그룹을 1~{}개 선택하세요.", form::MAX_TARGETS));
    }
    let mut seen = std::collections::HashSet::new();
    for (i, id) in refs.iter().enumerate() {
        if !seen.insert(*id) || !found.contains_key(id) {
            check.fail(&format!("targets[{i}].mgId"), "운영 중인 매체 그룹을 한 번씩 선택하세요.");
        }
    }
}

async fn check_materials(db: &impl ConnectionTrait, c: &Model, refs: &[i64], check: &mut Check) -> ApiResult<()> {
    if refs.is_empty() || refs.len() > form::MAX_MATERIALS {
        check.fail("materials", format!("소재를 1~{}개 선택하세요.", form::MAX_MATERIALS));
    }
    let found = attachable::find(db, c.advertiser_c_id, refs).await?;
    let mut seen = std::collections::HashSet::new();
    for (i, id) in refs.iter().enumerate() {
        if !seen.insert(*id) || !found.iter().any(|m| m.mat_id == *id) {
            check.fail(&format!("materials[{i}].matId"), "광고주의 승인·인코딩 완료 소재를 한 번씩 선택하세요.");
        }
    }
    Ok(())
}

/// Asks for a change; the new request's `chgIdx`.
pub async fn request(state: &AppState, caller: &Caller, body: ChangeBody) -> ApiResult<i64> {
    let now = state.clock.now();
    let today = crate::time::today(now);
    let txn = crate::db::begin_write(&state.writer).await?;
    let c = store::find(&txn, caller, body.cmpg_id).await?;
    let c = store::catch_up(&txn, c, today, now).await?;
    store::check(&c, Action::Change, &store::rights(caller), today)?;
    let mut check = Check::new();
    let write_type = WriteType::from_code(body.write_type).filter(|w| *w != WriteType::New);
    let reason = body.reason.as_deref().map(str::trim).filter(|r| !r.is_empty()).map(str::to_string);
    if let Some(r) = &reason {
        check.max_len("reason", r, 500);
    }
    let Some(write_type) = write_type else {
        return Err(ApiError::invalid("writeType", "1(대상 변경), 2(소재 변경), 3(중도 해지) 중 하나여야 합니다."));
    };
    let waiting = campaign_change::Entity::find()
        .filter(campaign_change::Column::CmpgId.eq(c.cmpg_id))
        .filter(campaign_change::Column::ChgStatus.eq(campaign_change::PENDING))
        .count(&txn)
        .await?;
    if waiting > 0 {
        return Err(ApiError::conflict("처리되지 않은 변경 요청이 있습니다."));
    }
    let (start, end) = store::dates(&c, today);
    let mut payload = Payload::default();
    let (mut price_diff, mut refund) = (None, None);
    match write_type {
        WriteType::TargetChange => {
            let refs: Vec<i64> = body.targets.iter().flatten().map(|t| t.mg_id).collect();
            let found = form::groups(&txn, &refs).await?;
            check_targets(&found, &refs, &mut check);
            check.finish()?;
            closed::refuse_price_change(&txn, start, end).await?;
            let wants = target_wants(&found, &c, &refs, today);
            let from = rules::change_applies_from(today).max(start);
            let used = slots::used(&txn, &refs, from, end, Some(c.cmpg_id)).await?;
            let requests: Vec<Request> = wants
                .iter()
                .map(|w| Request { hold: availability::Hold { mg_id: w.mg_id, from: w.from, to: w.to, units: w.units }, ad_slot_cnt: w.ad_slot_cnt })
                .collect();
            let conflicts = availability::conflicts(&requests, &used);
            if !conflicts.is_empty() {
                return Err(slots::conflict_error(conflicts));
            }
            let (quote, _) = requote(state, &txn, caller, &c, &refs, today).await?;
            price_diff = Some(difference(&c, quote.total, today));
            payload.targets = Some(refs.iter().map(|id| TargetRef { mg_id: *id }).collect());
        }
        WriteType::MaterialChange => {
            let refs: Vec<i64> = body.materials.iter().flatten().map(|m| m.mat_id).collect();
            check_materials(&txn, &c, &refs, &mut check).await?;
            check.finish()?;
            payload.materials = Some(refs.iter().map(|id| MaterialRef { mat_id: *id }).collect());
        }
        WriteType::MidTermination => {
            let new_end = body.end_date.as_deref().map(str::trim).and_then(parse_date);
            match new_end {
                Some(d) if rules::mid_termination_end_ok(d, start, end, today) => {
                    check.finish()?;
                    if pay::prepaid(&txn, &c).await? {
                        refund = Some(pay::unplayed(&c, start, end, d));
                    }
                    payload.end_date = Some(slots::day(d));
                }
                Some(_) => return Err(ApiError::invalid("endDate", "새 종료일은 내일 이후, 현재 종료일 이전이어야 합니다.")),
                None => return Err(ApiError::invalid("endDate", "새 종료일을 입력하세요.")),
            }
        }
        WriteType::New => unreachable!("refused above"),
    }
    let row = campaign_change::ActiveModel {
        cmpg_id: Set(c.cmpg_id),
        write_type: Set(write_type.code()),
        chg_status: Set(campaign_change::PENDING),
        payload: Set(serde_json::to_string(&payload).map_err(ApiError::internal)?),
        price_diff: Set(price_diff),
        refund: Set(refund),
        reason: Set(reason.clone()),
        reject_reason: Set(None),
        created_by: Set(Some(caller.u_idx())),
        created_at: Set(now),
        decided_at: Set(None),
        decided_by: Set(None),
        ..Default::default()
    };
    let chg_idx = campaign_change::Entity::insert(row).exec(&txn).await?.last_insert_id;
    let note = Some(format!("{} 요청 #{chg_idx}{}", type_name(write_type), reason.map(|r| format!(": {r}")).unwrap_or_default()));
    store::log(&txn, Actor::User(caller), now, Action::Change.as_str(), Some(c.cmpg_status), note, Some(&c), &c).await?;
    txn.commit().await?;
    Ok(chg_idx)
}

/// The pending change of a campaign in the caller's scope, with the campaign caught up to today.
async fn pending(
    txn: &impl ConnectionTrait,
    caller: &Caller,
    cmpg_id: i64,
    chg_idx: i64,
    today: NaiveDate,
    now: DateTime<Utc>,
) -> ApiResult<(Model, campaign_change::Model)> {
    let c = store::find(txn, caller, cmpg_id).await?;
    let change = campaign_change::Entity::find_by_id(chg_idx).one(txn).await?.filter(|ch| ch.cmpg_id == c.cmpg_id).ok_or(ApiError::NotFound)?;
    if change.chg_status != campaign_change::PENDING {
        return Err(ApiError::conflict("이미 처리된 변경 요청입니다."));
    }
    let c = store::catch_up(txn, c, today, now).await?;
    Ok((c, change))
}

/// Marks the change decided (only if it is still pending: two deciders never both win).
async fn decide(
    txn: &impl ConnectionTrait,
    change: &campaign_change::Model,
    status: i32,
    caller: &Caller,
    now: DateTime<Utc>,
    update: campaign_change::ActiveModel,
) -> ApiResult<()> {
    let mut update = update;
    update.chg_status = Set(status);
    update.decided_at = Set(Some(now));
    update.decided_by = Set(Some(caller.u_idx()));
    let done = campaign_change::Entity::update_many()
        .set(update)
        .filter(campaign_change::Column::ChgIdx.eq(change.chg_idx))
        .filter(campaign_change::Column::ChgStatus.eq(campaign_change::PENDING))
        .exec(txn)
        .await?;
    if done.rows_affected == 0 {
        return Err(ApiError::conflict("이미 처리된 변경 요청입니다."));
    }
    Ok(())
}

/// Approves a change and applies it from tomorrow; answers the groups the campaign left.
pub async fn approve(state: &AppState, caller: &Caller, cmpg_id: i64, chg_idx: i64) -> ApiResult<Vec<i64>> {
    let now = state.clock.now();
    let today = crate::time::today(now);
    let txn = crate::db::begin_write(&state.writer).await?;
    let (c, change) = pending(&txn, caller, cmpg_id, chg_idx, today, now).await?;
    if !takes_change(&c, today) {
        return Err(ApiError::conflict("이 캠페인은 더 이상 변경할 수 없습니다."));
    }
    let write_type = WriteType::from_code(change.write_type).unwrap_or(WriteType::New);
    let payload: Payload = serde_json::from_str(&change.payload).map_err(ApiError::internal)?;
    let (start, end) = store::dates(&c, today);
    let tomorrow = rules::change_applies_from(today);
    let event = |memo: String| Event { kind: "cmpg_change", id: chg_idx.to_string(), memo, u_id: &caller.user.u_id };
    let mut decided = <campaign_change::ActiveModel as Default>::default();
    let mut columns = campaign::ActiveModel { cmpg_id: Set(c.cmpg_id), updated_at: Set(now), ..Default::default() };
    let mut left = Vec::new();
    match write_type {
        WriteType::TargetChange => {
            let refs: Vec<i64> = payload.targets.iter().flatten().map(|t| t.mg_id).collect();
            let mut check = Check::new();
            let found = form::groups(&txn, &refs).await?;
            check_targets(&found, &refs, &mut check);
            check.finish()?;
            // The new price counts for the whole period: a closed month would change.
            closed::refuse_price_change(&txn, start, end).await?;
            slots::release(&txn, c.cmpg_id, tomorrow, None).await?;
            slots::take(&txn, c.cmpg_id, &target_wants(&found, &c, &refs, today)).await?;
            let (quote, audience) = requote(state, &txn, caller, &c, &refs, today).await?;
            let diff = difference(&c, quote.total, today);
            if diff > 0 {
                pay::charge(&txn, &c, diff, event(format!("캠페인 {} 대상 변경", c.cmpg_id)), now).await?;
            } else {
                pay::refund(&txn, &c, -diff, event(format!("캠페인 {} 대상 변경", c.cmpg_id)), now).await?;
            }
            left = form::target_ids(&txn, c.cmpg_id).await?.into_iter().filter(|id| !refs.contains(id)).collect();
            store::set_targets(&txn, c.cmpg_id, &refs).await?;
            store::set_price(&mut columns, Some(&quote), Some(audience));
            decided.price_diff = Set(Some(diff));
        }
        WriteType::MaterialChange => {
            let refs: Vec<i64> = payload.materials.iter().flatten().map(|m| m.mat_id).collect();
            let mut check = Check::new();
            check_materials(&txn, &c, &refs, &mut check).await?;
            check.finish()?;
            store::set_materials(&txn, c.cmpg_id, &refs).await?;
        }
        WriteType::MidTermination => {
            let new_end = payload.end_date.as_deref().and_then(parse_date).filter(|d| rules::mid_termination_end_ok(*d, start, end, today));
            let Some(new_end) = new_end else {
                return Err(ApiError::conflict("새 종료일이 지나 중도 해지를 적용할 수 없습니다."));
            };
            slots::release(&txn, c.cmpg_id, new_end + Duration::days(1), None).await?;
            let back = pay::refund(&txn, &c, pay::unplayed(&c, start, end, new_end), event(format!("캠페인 {} 중도 해지", c.cmpg_id)), now).await?;
            columns.end_date = Set(Some(slots::day(new_end)));
            decided.refund = Set(Some(back));
        }
        WriteType::New => return Err(ApiError::conflict("변경 요청이 아닙니다.")),
    }
    columns.update(&txn).await?;
    decide(&txn, &change, campaign_change::APPROVED, caller, now, decided).await?;
    let after = campaign::Entity::find_by_id(c.cmpg_id).one(&txn).await?.ok_or(ApiError::NotFound)?;
    let note = Some(format!("{} 승인 #{chg_idx} (내일부터 적용)", type_name(write_type)));
    store::log(&txn, Actor::User(caller), now, Action::Change.as_str(), Some(c.cmpg_status), note, Some(&c), &after).await?;
    txn.commit().await?;
    Ok(left)
}

/// Rejects a change with a reason; the campaign stays as it is.
pub async fn reject(state: &AppState, caller: &Caller, cmpg_id: i64, chg_idx: i64, reason: String) -> ApiResult<()> {
    let now = state.clock.now();
    let today = crate::time::today(now);
    let txn = crate::db::begin_write(&state.writer).await?;
    let (c, change) = pending(&txn, caller, cmpg_id, chg_idx, today, now).await?;
    let update = campaign_change::ActiveModel { reject_reason: Set(Some(reason.clone())), ..Default::default() };
    decide(&txn, &change, campaign_change::REJECTED, caller, now, update).await?;
    let write_type = WriteType::from_code(change.write_type).unwrap_or(WriteType::New);
    let note = Some(format!("{} 반려 #{chg_idx}: {reason}", type_name(write_type)));
    store::log(&txn, Actor::User(caller), now, Action::Change.as_str(), Some(c.cmpg_status), note, Some(&c), &c).await?;
    txn.commit().await?;
    Ok(())
}
