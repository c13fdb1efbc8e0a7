//! Closing months (`/settlement/closing`): the months with their state and figures, closing one (a
//! job followed by its progress), reopening one with a reason, and a month's close and reopen
//! history. Only a month that is over can be closed; a closed month is read-only until reopened.

use super::{months, names};
use crate::api::resource::{Filter, Match, filter, list_query, page_answer, record};
use crate::auth::Caller;
use crate::db::entity::settlement_log::{self, Column as Log};
use crate::db::entity::settlement_month::{self, Column};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::services::settlement::store;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, Order, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use townboard_domain::settlement::Month;

pub const PROGRAM: &str = "settlement.closing";
const MAX_REASON: usize = 500;

fn month_of(field: &str, text: &str) -> ApiResult<Month> {
    Month::parse(text.trim()).ok_or_else(|| ApiError::invalid(field, "YYYY-MM 형식이어야 합니다."))
}

pub fn filters() -> Vec<Filter<Column>> {
    vec![filter("status", Column::Status, Match::Int), filter("fromMonth", Column::Month, Match::Text), filter("toMonth", Column::Month, Match::Text)]
}

pub fn sorts() -> Vec<(&'static str, Column)> {
    vec![("month", Column::Month)]
}

/// `closing/jsonList.do`: months newest first (or oldest with `sortOrder: asc`), filtered by
/// `status`, `fromMonth`, `toMonth`.
pub async fn list(State(state): State<AppState>, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let query = list_query(&body, &filters(), &sorts(), (Column::Month, Order::Desc))?;
    let text = |k: &str| body.get(k).and_then(Value::as_str).map(str::trim).filter(|t| !t.is_empty());
    let from = text("fromMonth").map(|t| month_of("fromMonth", t)).transpose()?;
    let to = text("toMonth").map(|t| month_of("toMonth", t)).transpose()?;
    let status = body.get("status").and_then(|v| v.as_i64().or_else(|| v.as_str()?.trim().parse().ok()));
    let today = crate::time::today(state.clock.now());
    let mut lines: Vec<months::Line> = months::lines(&state.db, today)
        .await?
        .into_iter()
        .filter(|l| from.is_none_or(|f| l.month >= f) && to.is_none_or(|t| l.month <= t) && status.is_none_or(|s| i64::from(l.status) == s))
        .collect();
    if query.order.1 != Order::Asc {
        lines.reverse();
    }
    let total = lines.len() as u64;
    let page: Vec<months::Line> = lines.into_iter().skip(((query.page - 1) * query.page_size) as usize).take(query.page_size as usize).collect();
    let users = names::users(&state.db, page.iter().filter_map(|l| l.closed_by)).await?;
    let rows: Vec<Value> = page
        .iter()
        .map(|l| {
            json!({
                "month": l.month, "status": l.status, "closing": l.closing, "campaigns": l.campaigns, "revenue": l.revenue,
                "closedAt": l.closed_at.as_ref().map(crate::time::format),
                "closedBy": l.closed_by.and_then(|u| users.get(&u)),
            })
        })
        .collect();
    Ok(page_answer(rows, total, &query))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MonthBody {
    /// YYYY-MM
    month: String,
}

/// `closing/jsonClose.do {month}`: marks the month as being closed (it refuses changes from now on)
/// and queues the job that stores its rows; answers `{month, campaigns, revenue, jobId}` at once,
/// the storing to follow with `jsonProgress.do`. A month not over yet, closed or being closed answers 10409.
pub async fn close(State(state): State<AppState>, caller: Caller, Input(body): Input<MonthBody>) -> ApiResult<Response> {
    let month = month_of("month", &body.month)?;
    let now = state.clock.now();
    if !month.is_over(crate::time::today(now)) {
        return Err(ApiError::conflict(format!("{month} 월이 아직 끝나지 않아 마감할 수 없습니다.")));
    }
    let txn = crate::db::begin_write(&state.writer).await?;
    let before = store::month(&txn, month).await?;
    match &before {
        Some(m) if m.closing => return Err(ApiError::conflict(format!("{month} 월의 마감이 진행 중입니다."))),
        Some(m) if m.status == settlement_month::CLOSED => return Err(ApiError::conflict(format!("{month} 월은 이미 마감되었습니다."))),
        _ => {}
    }
    let row = settlement_month::ActiveModel {
        month: Set(month.to_string()),
        status: Set(settlement_month::OPEN),
        closing: Set(true),
        progress: Set(0),
        error: Set(None),
        job_id: Set(None),
        campaigns: Set(0),
        revenue: Set(0),
        closed_at: Set(None),
        closed_by: Set(None),
        updated_at: Set(now),
    };
    let after = match before {
        Some(_) => settlement_month::Entity::update(row).exec(&txn).await?,
        None => settlement_month::Entity::insert(row).exec_with_returning(&txn).await?,
    };
    record(&txn, &caller, now, PROGRAM, month, "close", None, Some(&after)).await?;
    txn.commit().await?;
    // The month refuses changes from here on, so its figures now are the ones the job will store:
    // the answer carries them (api.md), the job writes the rows with its progress.
    let queued = async {
        let figures = crate::services::settlement::compute::live(&state.db, month, None).await?;
        let payload = json!({ "month": month, "uIdx": caller.u_idx() });
        let job_id = crate::jobs::enqueue(&state, crate::jobs::settlement_close::KIND, payload, None, None).await?;
        ApiResult::Ok((figures.campaigns.len(), figures.revenue(), job_id))
    };
    let (campaigns, revenue, job_id) = match queued.await {
        Ok(queued) => queued,
        Err(e) => {
            // Not queued: the month is not being closed after all.
            let _ = settlement_month::Entity::update_many()
                .col_expr(Column::Closing, Expr::value(false))
                .filter(Column::Month.eq(month.to_string()))
                .exec(&state.writer)
                .await;
            return Err(e);
        }
    };
    settlement_month::Entity::update_many()
        .col_expr(Column::JobId, Expr::value(job_id))
        .filter(Column::Month.eq(month.to_string()))
        .exec(&state.writer)
        .await?;
    Ok(ok(json!({ "month": month, "campaigns": campaigns, "revenue": revenue, "jobId": job_id })))
}

/// `closing/jsonProgress.do {month}`: `{month, status, closing, progress, error}`.
pub async fn progress(State(state): State<AppState>, Input(body): Input<MonthBody>) -> ApiResult<Response> {
    let month = month_of("month", &body.month)?;
    let answer = match store::month(&state.db, month).await? {
        Some(m) => json!({ "month": month, "status": m.status, "closing": m.closing, "progress": m.progress, "error": m.error }),
        None => json!({ "month": month, "status": settlement_month::OPEN, "closing": false, "progress": 0, "error": null }),
    };
    Ok(ok(answer))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReopenBody {
    month: String,
    /// 1-500 characters.
    reason: String,
}

/// `closing/jsonReopen.do {month, reason}`: a closed month is open again: its rows are removed and
/// the reopen is kept in its history. A month not closed answers 10409.
pub async fn reopen(State(state): State<AppState>, caller: Caller, Input(body): Input<ReopenBody>) -> ApiResult<Response> {
    let month = month_of("month", &body.month)?;
    let reason = body.reason.trim().to_string();
    if reason.is_empty() || reason.chars().count() > MAX_REASON {
        return Err(ApiError::invalid("reason", format!("사유를 1~{MAX_REASON}자로 입력하세요.")));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let Some(before) = store::month(&txn, month).await?.filter(|m| m.status == settlement_month::CLOSED && !m.closing) else {
        return Err(ApiError::conflict(format!("{month} 월은 마감되지 않았습니다.")));
    };
    let reopened = settlement_month::Entity::update_many()
        .col_expr(Column::Status, Expr::value(settlement_month::OPEN))
        .col_expr(Column::Progress, Expr::value(0))
        .col_expr(Column::Campaigns, Expr::value(0))
        .col_expr(Column::Revenue, Expr::value(0))
        .col_expr(Column::ClosedAt, Expr::value(Option::<chrono::DateTime<chrono::Utc>>::None))
        .col_expr(Column::ClosedBy, Expr::value(Option::<i64>::None))
        .col_expr(Column::UpdatedAt, Expr::value(now))
        .filter(Column::Month.eq(month.to_string()))
        .filter(Column::Status.eq(settlement_month::CLOSED))
        .filter(Column::Closing.eq(false))
        .exec(&txn)
        .await?;
    if reopened.rows_affected == 0 {
        return Err(ApiError::conflict(format!("{month} 월은 마감되지 않았습니다.")));
    }
    store::delete(&txn, month).await?;
    let log = settlement_log::ActiveModel {
        month: Set(month.to_string()),
        action: Set("reopen".into()),
        reason: Set(Some(reason)),
        u_idx: Set(Some(caller.u_idx())),
        campaigns: Set(before.campaigns),
        revenue: Set(before.revenue),
        created_at: Set(now),
        ..Default::default()
    };
    settlement_log::Entity::insert(log).exec_without_returning(&txn).await?;
    record(&txn, &caller, now, PROGRAM, month, "reopen", Some(&before), None).await?;
    txn.commit().await?;
    Ok(ok(json!({ "month": month })))
}

/// `closing/jsonHistory.do {month}`: its closes and reopens, newest first:
/// `{action, reason, uName, createdAt, campaigns, revenue}`.
pub async fn history(State(state): State<AppState>, Input(body): Input<MonthBody>) -> ApiResult<Response> {
    let month = month_of("month", &body.month)?;
    let rows = settlement_log::Entity::find().filter(Log::Month.eq(month.to_string())).order_by_desc(Log::SlIdx).all(&state.db).await?;
    let users = names::users(&state.db, rows.iter().filter_map(|r| r.u_idx)).await?;
    let list: Vec<Value> = rows
        .iter()
        .map(|r| {
            let mut v = serde_json::to_value(r).unwrap_or_default();
            v["uName"] = json!(r.u_idx.and_then(|u| users.get(&u)));
            v
        })
        .collect();
    let total = list.len();
    Ok(ok(json!({ "list": list, "totalCount": total })))
}
