//! Writing a campaign (`/campaign/regist`, and the edit of a pending request): save, quote with
//! availability, request, the availability grid and the campaign popup's list.

use super::form::{self, CampaignInput, Purpose};
use super::listing::{self, Today};
use super::store::{self, Actor};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::slots::UseDays;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use chrono::Duration;
use sea_orm::ActiveValue::Set;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use townboard_domain::availability::{self, Hold, Request};
use townboard_domain::campaign::{Action, Status};
use townboard_domain::validate::parse_date;

/// The longest availability grid.
const MAX_GRID_DAYS: i64 = 366;
const MAX_GRID_GROUPS: usize = 200;

async fn save(state: &AppState, caller: &Caller, input: CampaignInput, allowed: &[Status]) -> ApiResult<Response> {
    let now = state.clock.now();
    let today = crate::time::today(now);
    let txn = crate::db::begin_write(&state.writer).await?;
    let existing = match input.cmpg_id {
        Some(id) => Some(store::find(&txn, caller, id).await?),
        None => None,
    };
    let rights = store::rights(caller);
    let purpose = match &existing {
        Some(c) => {
            if !allowed.contains(&store::status_of(c)) {
                return Err(store::refused(townboard_domain::campaign::Refusal::Status));
            }
            store::check(c, Action::Save, &rights, today)?;
            // A pending request stays complete while it is edited.
            if matches!(store::status_of(c), Status::Requested | Status::Rerequested) { Purpose::Complete } else { Purpose::Draft }
        }
        None => {
            if !rights.owner_side {
                return Err(ApiError::Forbidden);
            }
            Purpose::Draft
        }
    };
    let f = form::resolve(&txn, caller, input, existing.as_ref(), purpose, today).await?;
    let quote = f.quote().transpose()?;
    let audience = match quote {
        Some(_) => Some(f.audience(&form::multipliers(state).await?)),
        None => None,
    };
    let saved = store::write(&txn, caller, &f, existing.as_ref(), quote.as_ref(), audience, now).await?;
    store::log(&txn, Actor::User(caller), now, Action::Save.as_str(), existing.as_ref().map(|e| e.cmpg_status), None, existing.as_ref(), &saved).await?;
    txn.commit().await?;
    Ok(ok(json!({ "cmpgId": saved.cmpg_id, "cmpgStatus": saved.cmpg_status })))
}

/// `regist/jsonSave.do`: a new draft, or a draft or a rejected campaign edited.
pub async fn save_draft(State(state): State<AppState>, caller: Caller, Input(input): Input<CampaignInput>) -> ApiResult<Response> {
    save(&state, &caller, input, &[Status::TempSaved, Status::Rejected]).await
}

/// `request/jsonSave.do`: a pending request edited; it stays pending.
pub async fn save_request(State(state): State<AppState>, caller: Caller, Input(input): Input<CampaignInput>) -> ApiResult<Response> {
    if input.cmpg_id.is_none() {
        return Err(ApiError::invalid("cmpgId", "필수 항목입니다."));
    }
    save(&state, &caller, input, &[Status::Requested, Status::Rerequested]).await
}

/// `regist/jsonQuote.do`: the price, the audience and the groups and days that lack slots; nothing
/// is saved. A campaign's own holds do not count against it.
pub async fn quote(State(state): State<AppState>, caller: Caller, Input(input): Input<CampaignInput>) -> ApiResult<Response> {
    let today = crate::time::today(state.clock.now());
    let existing = match input.cmpg_id {
        Some(id) => Some(store::find(&state.db, &caller, id).await?),
        None => None,
    };
    let f = form::resolve(&state.db, &caller, input, existing.as_ref(), Purpose::Quote, today).await?;
    let quote = f.quote().ok_or_else(|| ApiError::invalid("targets", "금액을 계산할 수 없습니다."))??;
    let audience = f.audience(&form::multipliers(&state).await?);
    // What is sold on the groups was read with them (`Form::used`).
    let requests: Vec<Request> = f
        .wants(today)
        .iter()
        .filter(|w| w.from <= w.to)
        .map(|w| Request { hold: Hold { mg_id: w.mg_id, from: w.from, to: w.to, units: w.units }, ad_slot_cnt: w.ad_slot_cnt })
        .collect();
    let conflicts = availability::conflicts(&requests, &f.used);
    let mut answer = serde_json::to_value(&quote).map_err(ApiError::internal)?;
    answer["audience"] = json!(audience);
    answer["conflicts"] = json!(conflicts);
    Ok(ok(answer))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CmpgBody {
    cmpg_id: i64,
}

/// `regist/jsonRequest.do {cmpgId}`: a draft asks for approval (3 -> 21, 24 -> 27) once everything
/// it plays with is there.
pub async fn request(State(state): State<AppState>, caller: Caller, Input(body): Input<CmpgBody>) -> ApiResult<Response> {
    let now = state.clock.now();
    let today = crate::time::today(now);
    let txn = crate::db::begin_write(&state.writer).await?;
    let c = store::find(&txn, &caller, body.cmpg_id).await?;
    let to = store::check(&c, Action::Request, &store::rights(&caller), today)?;
    let f = form::resolve(&txn, &caller, form::input_of(&txn, &c).await?, Some(&c), Purpose::Complete, today).await?;
    let quote = f.quote().transpose()?;
    let audience = f.audience(&form::multipliers(&state).await?);
    let mut changes = store::form_columns(&f, quote.as_ref(), Some(audience));
    changes.requested_at = Set(Some(now));
    changes.reject_reason = Set(None);
    let (after, _) = store::move_to(&txn, Actor::User(&caller), &c, to, Action::Request.as_str(), None, now, changes).await?;
    txn.commit().await?;
    Ok(ok(json!({ "cmpgId": after.cmpg_id, "cmpgStatus": after.cmpg_status })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AvailabilityBody {
    mg_ids: Vec<i64>,
    from_date: String,
    to_date: String,
    /// A stored campaign: its own holds are left out.
    cmpg_id: Option<i64>,
}

/// `regist/jsonAvailability.do`: capacity, sold and free slots per group and day.
pub async fn availability(State(state): State<AppState>, caller: Caller, Input(body): Input<AvailabilityBody>) -> ApiResult<Response> {
    let from = parse_date(body.from_date.trim()).ok_or_else(|| ApiError::invalid("fromDate", "날짜 형식이 올바르지 않습니다."))?;
    let to = parse_date(body.to_date.trim()).ok_or_else(|| ApiError::invalid("toDate", "날짜 형식이 올바르지 않습니다."))?;
    if to < from || to - from >= Duration::days(MAX_GRID_DAYS) {
        return Err(ApiError::invalid("toDate", format!("기간은 {MAX_GRID_DAYS}일 이내여야 합니다.")));
    }
    if body.mg_ids.len() > MAX_GRID_GROUPS {
        return Err(ApiError::invalid("mgIds", format!("매체 그룹은 {MAX_GRID_GROUPS}개까지 볼 수 있습니다.")));
    }
    let except = match body.cmpg_id {
        Some(id) => Some(store::find(&state.db, &caller, id).await?.cmpg_id),
        None => None,
    };
    let (found, used) = form::groups_using(&state.db, &body.mg_ids, Some(UseDays { from, to, except })).await?;
    let mut groups: Vec<(i64, i64)> = found.values().map(|t| (t.group.mg_id, i64::from(t.group.ad_slot_cnt))).collect();
    groups.sort();
    Ok(ok(json!({ "list": availability::day_use(&groups, from, to, &used) })))
}

/// `regist/jsonList.do`: campaigns in any status but removed (the campaign popup); `platform`
/// narrows it (2 for the SME list).
pub async fn list(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let today = Today { date: crate::time::today(state.clock.now()), end_soon_days: store::end_soon_days(&state).await? };
    let asked = listing::read(&body, None, today)?;
    let (rows, total) = listing::page(&state.db, &caller, &asked, None, today).await?;
    Ok(crate::api::resource::page_answer(rows, total, &asked.query))
}
