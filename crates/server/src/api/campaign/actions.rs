//! The steps of a campaign's status machine (domain.md §5) as calls: approve and reject (of a
//! campaign, or of a change request with `chgIdx`), cancel and revert, stop and resume, change
//! requests, and deletes. Each checks the machine with the caller's rights (10409 for a step the
//! status or the date does not allow, 10403 for missing rights), takes or frees slots and moves
//! points in the same transaction, and writes the history rows.

use super::change::{self, ChangeBody};
use super::form::{self, Purpose};
use super::pay::{self, Event};
use super::store::{self, Actor};
use crate::api::promotion::coupon_rules;
use crate::auth::Caller;
use crate::db::entity::campaign::{ActiveModel, Model};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::slots;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{ActiveValue::Set, DatabaseTransaction};
use serde::Deserialize;
use serde_json::json;
use townboard_domain::campaign::{Action, Status};

const MAX_REASON: usize = 500;

fn reason_of(reason: Option<String>) -> ApiResult<String> {
    let reason = reason.map(|r| r.trim().to_string()).unwrap_or_default();
    if reason.is_empty() {
        return Err(ApiError::invalid("reason", "사유를 입력하세요."));
    }
    if reason.chars().count() > MAX_REASON {
        return Err(ApiError::invalid("reason", format!("{MAX_REASON}자 이하로 입력하세요.")));
    }
    Ok(reason)
}

/// The campaign's id and its status as reads show it today (an approval on its start date reads live).
fn answer(c: &Model, today: NaiveDate) -> Response {
    ok(json!({ "cmpgId": c.cmpg_id, "cmpgStatus": store::effective(c, today).code() }))
}

/// A step's setting: the write transaction, the clock and the campaign caught up to today.
struct Step {
    txn: DatabaseTransaction,
    now: DateTime<Utc>,
    today: NaiveDate,
    campaign: Model,
}

async fn begin(state: &AppState, caller: &Caller, cmpg_id: i64) -> ApiResult<Step> {
    let now = state.clock.now();
    let today = crate::time::today(now);
    let txn = crate::db::begin_write(&state.writer).await?;
    let found = store::find(&txn, caller, cmpg_id).await?;
    let campaign = store::catch_up(&txn, found, today, now).await?;
    Ok(Step { txn, now, today, campaign })
}

fn event<'a>(kind: &'static str, c: &Model, ch_idx: i64, what: &str, caller: &'a Caller) -> Event<'a> {
    Event { kind, id: format!("{}-{ch_idx}", c.cmpg_id), memo: format!("캠페인 {} {what}", c.cmpg_id), u_id: &caller.user.u_id }
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ApprovalBody {
    cmpg_id: i64,
    /// A change request of the campaign, instead of the campaign itself.
    chg_idx: Option<i64>,
}

/// `request/jsonApproval.do`: 21/27 -> 30 with the slots of every group and day taken at once and a
/// prepaid advertiser's points used; or a change request approved.
pub async fn approve(State(state): State<AppState>, caller: Caller, Input(body): Input<ApprovalBody>) -> ApiResult<Response> {
    if let Some(chg_idx) = body.chg_idx {
        let left = change::approve(&state, &caller, body.cmpg_id, chg_idx).await?;
        crate::jobs::plans::campaign_changed(&state, body.cmpg_id, crate::time::today(state.clock.now()) + Duration::days(1), left).await;
        return Ok(ok(json!({ "cmpgId": body.cmpg_id, "chgIdx": chg_idx })));
    }
    let Step { txn, now, today, campaign: c } = begin(&state, &caller, body.cmpg_id).await?;
    let to = store::check(&c, Action::Approve, &store::rights(&caller), today)?;
    let f = form::resolve(&txn, &caller, form::input_of(&txn, &c).await?, Some(&c), Purpose::Complete, today).await?;
    let quote = f.quote().ok_or_else(|| ApiError::invalid("targets", "금액을 계산할 수 없습니다."))??;
    let audience = f.audience(&form::multipliers(&state).await?);
    let mut changes = store::form_columns(&f, Some(&quote), Some(audience));
    changes.approved_at = Set(Some(now));
    changes.approved_by = Set(Some(caller.u_idx()));
    changes.reject_reason = Set(None);
    // The status moves first: it locks the campaign, so a second approval waits and then finds it moved.
    if let (Some(start), Some(end)) = (f.start, f.end) {
        // A campaign playing in a closed month would change its settled revenue.
        crate::api::settlement::closed::refuse_price_change(&txn, start, end).await?;
    }
    let (after, _) = store::move_to(&txn, Actor::User(&caller), &c, to, Action::Approve.as_str(), None, now, changes).await?;
    slots::take(&txn, after.cmpg_id, &f.wants(today)).await?;
    coupon_rules::count_use(&txn, after.cmpg_id, after.cp_idx, &caller.user.u_id, now).await?;
    let memo = format!("캠페인 {} 승인", after.cmpg_id);
    pay::charge(&txn, &after, quote.total, Event { kind: "cmpg_approve", id: after.cmpg_id.to_string(), memo, u_id: &caller.user.u_id }, now).await?;
    txn.commit().await?;
    crate::jobs::plans::campaign_changed(&state, after.cmpg_id, today, vec![]).await;
    Ok(answer(&after, today))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RejectBody {
    cmpg_id: i64,
    chg_idx: Option<i64>,
    reason: Option<String>,
}

/// `request/jsonReject.do`: 21/27 -> 24 with a reason; or a change request rejected.
pub async fn reject(State(state): State<AppState>, caller: Caller, Input(body): Input<RejectBody>) -> ApiResult<Response> {
    let reason = reason_of(body.reason)?;
    if let Some(chg_idx) = body.chg_idx {
        change::reject(&state, &caller, body.cmpg_id, chg_idx, reason).await?;
        return Ok(ok(json!({ "cmpgId": body.cmpg_id, "chgIdx": chg_idx })));
    }
    let Step { txn, now, today, campaign: c } = begin(&state, &caller, body.cmpg_id).await?;
    let to = store::check(&c, Action::Reject, &store::rights(&caller), today)?;
    let changes = ActiveModel { reject_reason: Set(Some(reason.clone())), ..Default::default() };
    let (after, _) = store::move_to(&txn, Actor::User(&caller), &c, to, Action::Reject.as_str(), Some(reason), now, changes).await?;
    txn.commit().await?;
    Ok(answer(&after, today))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReasonBody {
    cmpg_id: i64,
    reason: Option<String>,
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CmpgBody {
    cmpg_id: i64,
}

/// `cancel/jsonCancel.do`: 30 -> 40 before the start, by an operator or the owner side (then shown
/// as 120, broadcast cancelled); the slots are freed and a prepaid advertiser gets everything back.
pub async fn cancel(State(state): State<AppState>, caller: Caller, Input(body): Input<ReasonBody>) -> ApiResult<Response> {
    let reason = reason_of(body.reason)?;
    let Step { txn, now, today, campaign: c } = begin(&state, &caller, body.cmpg_id).await?;
    let rights = store::rights(&caller);
    let to = store::check(&c, Action::Cancel, &rights, today)?;
    let changes = ActiveModel { cancelled_by_owner: Set(!rights.run_update), ..Default::default() };
    let (after, ch_idx) = store::move_to(&txn, Actor::User(&caller), &c, to, Action::Cancel.as_str(), Some(reason), now, changes).await?;
    let (start, end) = store::dates(&after, today);
    slots::release(&txn, after.cmpg_id, start.min(today), None).await?;
    let back = pay::unplayed(&after, start, end, start - Duration::days(1));
    pay::refund(&txn, &after, back, event("cmpg_cancel", &after, ch_idx, "승인취소 환불", &caller), now).await?;
    txn.commit().await?;
    crate::jobs::plans::campaign_changed(&state, after.cmpg_id, today, vec![]).await;
    Ok(answer(&after, today))
}

/// `cancel/jsonRevert.do`: 40 -> 30 before the start, when the slots are still free (and a
/// prepaid advertiser pays again).
pub async fn revert(State(state): State<AppState>, caller: Caller, Input(body): Input<CmpgBody>) -> ApiResult<Response> {
    let Step { txn, now, today, campaign: c } = begin(&state, &caller, body.cmpg_id).await?;
    let to = store::check(&c, Action::Revert, &store::rights(&caller), today)?;
    let changes = ActiveModel { cancelled_by_owner: Set(false), ..Default::default() };
    let (after, ch_idx) = store::move_to(&txn, Actor::User(&caller), &c, to, Action::Revert.as_str(), None, now, changes).await?;
    slots::take(&txn, after.cmpg_id, &form::stored_wants(&txn, &after, today).await?).await?;
    let (start, end) = store::dates(&after, today);
    let due = pay::unplayed(&after, start, end, start - Duration::days(1));
    pay::charge(&txn, &after, due, event("cmpg_revert", &after, ch_idx, "취소 철회", &caller), now).await?;
    txn.commit().await?;
    crate::jobs::plans::campaign_changed(&state, after.cmpg_id, today, vec![]).await;
    Ok(answer(&after, today))
}

/// `run/jsonStop.do`: 50 -> 60 with a reason; slots are freed from tomorrow and a prepaid
/// advertiser gets the days after today back.
pub async fn stop(State(state): State<AppState>, caller: Caller, Input(body): Input<ReasonBody>) -> ApiResult<Response> {
    let reason = reason_of(body.reason)?;
    let Step { txn, now, today, campaign: c } = begin(&state, &caller, body.cmpg_id).await?;
    let to = store::check(&c, Action::Stop, &store::rights(&caller), today)?;
    let (after, ch_idx) =
        store::move_to(&txn, Actor::User(&caller), &c, to, Action::Stop.as_str(), Some(reason), now, <ActiveModel as Default>::default()).await?;
    slots::release(&txn, after.cmpg_id, today + Duration::days(1), None).await?;
    let (start, end) = store::dates(&after, today);
    pay::refund(&txn, &after, pay::unplayed(&after, start, end, today), event("cmpg_stop", &after, ch_idx, "중지 환불", &caller), now).await?;
    txn.commit().await?;
    crate::jobs::plans::campaign_changed(&state, after.cmpg_id, today + Duration::days(1), vec![]).await;
    Ok(answer(&after, today))
}

/// `run/jsonResume.do`: 60 -> 50 until the end date, when the slots from tomorrow are still free;
/// a prepaid advertiser pays for those days again.
pub async fn resume(State(state): State<AppState>, caller: Caller, Input(body): Input<CmpgBody>) -> ApiResult<Response> {
    let Step { txn, now, today, campaign: c } = begin(&state, &caller, body.cmpg_id).await?;
    let to = store::check(&c, Action::Resume, &store::rights(&caller), today)?;
    let (after, ch_idx) = store::move_to(&txn, Actor::User(&caller), &c, to, Action::Resume.as_str(), None, now, <ActiveModel as Default>::default()).await?;
    let tomorrow = today + Duration::days(1);
    slots::take(&txn, after.cmpg_id, &form::stored_wants(&txn, &after, tomorrow).await?).await?;
    let (start, end) = store::dates(&after, today);
    pay::charge(&txn, &after, pay::unplayed(&after, start, end, today), event("cmpg_resume", &after, ch_idx, "재개", &caller), now).await?;
    txn.commit().await?;
    crate::jobs::plans::campaign_changed(&state, after.cmpg_id, tomorrow, vec![]).await;
    Ok(answer(&after, today))
}

/// `run/jsonChange.do`: a change request of an approved or live campaign -> `{chgIdx}`.
pub async fn change(State(state): State<AppState>, caller: Caller, Input(body): Input<ChangeBody>) -> ApiResult<Response> {
    let cmpg_id = body.cmpg_id;
    let chg_idx = change::request(&state, &caller, body).await?;
    Ok(ok(json!({ "cmpgId": cmpg_id, "chgIdx": chg_idx })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeleteBody {
    ids: Vec<i64>,
}

/// Removes campaigns (-> 0) of the given statuses, all or none.
async fn delete(state: &AppState, caller: &Caller, ids: &[i64], statuses: &[Status]) -> ApiResult<Response> {
    if ids.is_empty() || ids.len() > 1000 {
        return Err(ApiError::invalid("ids", "1~1000개를 선택하세요."));
    }
    let now = state.clock.now();
    let today = crate::time::today(now);
    let rights = store::rights(caller);
    let txn = crate::db::begin_write(&state.writer).await?;
    for id in ids {
        let c = store::find(&txn, caller, *id).await?;
        if !statuses.contains(&store::status_of(&c)) {
            return Err(store::refused(townboard_domain::campaign::Refusal::Status));
        }
        let to = store::check(&c, Action::Delete, &rights, today)?;
        let changes = ActiveModel { deleted_at: Set(Some(now)), ..Default::default() };
        store::move_to(&txn, Actor::User(caller), &c, to, Action::Delete.as_str(), None, now, changes).await?;
    }
    txn.commit().await?;
    Ok(ok(json!({ "deleted": ids.len() })))
}

/// `temp/jsonDelete.do {ids}`: drafts and rejected campaigns.
pub async fn delete_temp(State(state): State<AppState>, caller: Caller, Input(body): Input<DeleteBody>) -> ApiResult<Response> {
    delete(&state, &caller, &body.ids, &[Status::TempSaved, Status::Rejected]).await
}

/// `request/jsonDelete.do {ids}`: pending requests.
pub async fn delete_request(State(state): State<AppState>, caller: Caller, Input(body): Input<DeleteBody>) -> ApiResult<Response> {
    delete(&state, &caller, &body.ids, &[Status::Requested, Status::Rerequested]).await
}
