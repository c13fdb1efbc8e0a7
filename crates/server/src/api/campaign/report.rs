//! A campaign's report (the report tab of a running or ended campaign) and its cue sheet:
//! - `campaign/report/jsonList.do {cmpgId, fromDate?, toDate?}`: per day and group, reported plays
//!   against scheduled plays ([`crate::plans::delivery`]), with the sum;
//! - `GET /api/campaign/report/excel/download.do?cmpgId=`: the same as xlsx;
//! - `GET /api/campaign/excel/cuesheet/download.do?cmpgId=&date=`: where and when the campaign
//!   plays that day, one row per group and slot position.
//!
//! Whoever may read the campaign reads them: `campaign.run:view` or `campaign.end:view`, in scope.

use super::store;
use crate::api::resource::{filter_text, list_query};
use crate::auth::Caller;
use crate::db::entity::{campaign, campaign_target, pop_daily};
use crate::error::{ApiError, ApiResult, ok, together};
use crate::excel::{Cell, Sheet, download};
use crate::input::{Input, Params};
use crate::plans::delivery::{self, Delivery};
use crate::plans::played;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use chrono::NaiveDate;
use sea_orm::{ColumnTrait, EntityTrait, Order, QueryFilter, QuerySelect};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use townboard_domain::permission::{Kind, Permission};
use townboard_domain::schedule::{Loops, loops_in};
use townboard_domain::validate::parse_date;

/// The campaign if the caller may read it.
async fn readable(state: &AppState, caller: &Caller, cmpg_id: i64) -> ApiResult<campaign::Model> {
    if !caller.has(Permission::new("campaign.run", Kind::View)) && !caller.has(Permission::new("campaign.end", Kind::View)) {
        return Err(ApiError::Forbidden);
    }
    store::find(&state.db, caller, cmpg_id).await
}

/// A report's rows and sum: the days of the period asked (else the campaign's whole period) that
/// are in the campaign's period and have begun (no row for a day before its start or after today),
/// with the days shown.
async fn report(
    state: &AppState,
    c: &campaign::Model,
    from: Option<&str>,
    to: Option<&str>,
) -> ApiResult<(Vec<delivery::Row>, Delivery, NaiveDate, NaiveDate)> {
    let today = crate::time::today(state.clock.now());
    let (start, end) = store::dates(c, today);
    let (asked_from, asked_to) = period(state, c, from, to)?;
    let (from, to) = (asked_from.max(start), asked_to.min(end).min(today));
    if from > to {
        return Ok((Vec::new(), Delivery::default(), asked_from, asked_to));
    }
    let (rows, sum) = delivery::of_campaign(state, c.cmpg_id, &day(from), &day(to)).await?;
    Ok((rows, sum, from, to))
}

/// The period asked, else the campaign's from its start to today (or its end, if sooner).
fn period(state: &AppState, c: &campaign::Model, from: Option<&str>, to: Option<&str>) -> ApiResult<(NaiveDate, NaiveDate)> {
    let today = crate::time::today(state.clock.now());
    let (start, end) = store::dates(c, today);
    let read = |field: &'static str, v: Option<&str>, default: NaiveDate| -> ApiResult<NaiveDate> {
        match v.map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(default),
            Some(v) => parse_date(v).ok_or_else(|| ApiError::invalid(field, "날짜 형식이 올바르지 않습니다.")),
        }
    };
    let (from, to) = together(read("fromDate", from, start), read("toDate", to, end.min(today).max(start)))?;
    if to < from {
        return Err(ApiError::invalid("toDate", "종료일이 시작일보다 앞설 수 없습니다."));
    }
    if (to - from).num_days() > 366 {
        return Err(ApiError::invalid("toDate", "기간은 1년을 넘을 수 없습니다."));
    }
    Ok((from, to))
}

fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

fn figures(d: &Delivery) -> Value {
    json!({ "plays": d.plays, "seconds": d.seconds, "scheduledPlays": d.scheduled_plays, "delivery": d.rate() })
}

/// The request of the report, for the API description.
pub fn list_schema() -> schemars::Schema {
    use crate::api::resource::{date_field, list_schema_with};
    let fields = [("cmpgId", json!({ "type": "integer" }), true), date_field("fromDate", false), date_field("toDate", false)];
    list_schema_with::<pop_daily::Column>(&fields, &[], &[])
}

/// `campaign/report/jsonList.do`.
pub async fn list(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let mut rest = body.clone();
    let cmpg_id = rest.remove("cmpgId").and_then(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.trim().parse().ok())));
    let text = |field: &str, v: Option<Value>| v.map(|v| filter_text(field, &v)).transpose().map(Option::flatten);
    let period = together(text("fromDate", rest.remove("fromDate")), text("toDate", rest.remove("toDate")));
    let paging = list_query::<pop_daily::Column>(&rest, &[], &[], (pop_daily::Column::PlayDate, Order::Asc));
    let (cmpg_id, (paging, (from, to))) = together(cmpg_id.ok_or_else(|| ApiError::invalid("cmpgId", "캠페인을 지정해야 합니다.")), together(paging, period))?;
    let c = readable(&state, &caller, cmpg_id).await?;
    let (rows, sum, from, to) = report(&state, &c, from.as_deref(), to.as_deref()).await?;
    // A report reads whole unless a page is asked for.
    let paged = body.contains_key("page") || body.contains_key("pageSize");
    let (page, page_size) = if paged { (paging.page, paging.page_size) } else { (1, rows.len().max(1) as u64) };
    let list: Vec<Value> = rows
        .iter()
        .skip(((page - 1) * page_size) as usize)
        .take(page_size as usize)
        .map(|r| {
            let mut v = figures(&r.delivery);
            v["date"] = json!(r.date);
            v["mgId"] = json!(r.mg_id);
            v["mgNm"] = json!(r.mg_nm);
            v
        })
        .collect();
    Ok(ok(json!({
        "list": list, "totalCount": rows.len(), "page": page, "pageSize": page_size,
        "fromDate": day(from), "toDate": day(to), "sum": figures(&sum),
    })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReportQuery {
    cmpg_id: i64,
    from_date: Option<String>,
    to_date: Option<String>,
}

const REPORT_HEADERS: [&str; 7] = ["일자", "매체 그룹 ID", "매체 그룹", "재생 횟수", "재생 시간(초)", "예정 재생 횟수", "송출률(%)"];

fn report_cells(date: &str, mg_id: Option<i64>, mg_nm: &str, d: &Delivery) -> Vec<Cell> {
    vec![
        Cell::Text(date.to_string()),
        mg_id.map_or(Cell::Text(String::new()), |id| Cell::Number(id as f64)),
        Cell::Text(mg_nm.to_string()),
        Cell::Number(d.plays as f64),
        Cell::Number(d.seconds as f64),
        Cell::Number(d.scheduled_plays as f64),
        d.rate().map_or(Cell::Text(String::new()), Cell::Number),
    ]
}

/// `GET /api/campaign/report/excel/download.do?cmpgId=`.
pub async fn excel(State(state): State<AppState>, caller: Caller, Params(q): Params<ReportQuery>) -> ApiResult<Response> {
    let c = readable(&state, &caller, q.cmpg_id).await?;
    let (rows, sum, from, to) = report(&state, &c, q.from_date.as_deref(), q.to_date.as_deref()).await?;
    let mut sheet = Sheet::new("캠페인 리포트", &REPORT_HEADERS)?;
    for r in &rows {
        sheet.add(report_cells(&r.date, Some(r.mg_id), &r.mg_nm, &r.delivery))?;
    }
    sheet.add(report_cells("합계", None, "", &sum))?;
    Ok(download(&format!("캠페인리포트_{}_{}_{}.xlsx", c.cmpg_id, from.format("%Y%m%d"), to.format("%Y%m%d")), sheet.finish()?))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CueSheetQuery {
    cmpg_id: i64,
    /// The day (default: today within the campaign, else its first day).
    date: Option<String>,
}

const CUE_HEADERS: [&str; 11] =
    ["매체 그룹 ID", "매체 그룹", "사이트", "주소", "운영 시간", "순서", "초", "재생 루프", "루프 길이(초)", "시간당 재생", "일 재생(화면당)"];

fn loops_label(loops: Loops) -> &'static str {
    match loops {
        Loops::All => "매 루프",
        Loops::Even => "짝수 루프",
        Loops::Odd => "홀수 루프",
    }
}

/// `GET /api/campaign/excel/cuesheet/download.do?cmpgId=&date=`.
pub async fn cue_sheet(State(state): State<AppState>, caller: Caller, Params(q): Params<CueSheetQuery>) -> ApiResult<Response> {
    let c = readable(&state, &caller, q.cmpg_id).await?;
    let today = crate::time::today(state.clock.now());
    let (start, end) = store::dates(&c, today);
    let date = match q.date.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) => parse_date(d).ok_or_else(|| ApiError::invalid("date", "날짜 형식이 올바르지 않습니다."))?,
        None => today.clamp(start, end.max(start)),
    };
    let targets: Vec<i64> = campaign_target::Entity::find()
        .select_only()
        .column(campaign_target::Column::MgId)
        .filter(campaign_target::Column::CmpgId.eq(c.cmpg_id))
        .into_tuple()
        .all(&state.db)
        .await?;
    let loops = played::of(&state, &targets, &day(date), &day(date)).await?;
    if loops.is_empty() {
        return Err(ApiError::NotFoundWith("그 날의 편성이 아직 생성되지 않았습니다."));
    }
    let placed = played::placed(&state, &targets).await?;
    let mut rows: Vec<(&played::Placed, &played::Played)> = loops.iter().filter_map(|p| placed.get(&p.mg_id).map(|g| (g, p))).collect();
    rows.sort_by(|a, b| (&a.0.group.mg_nm, a.0.group.mg_id).cmp(&(&b.0.group.mg_nm, b.0.group.mg_id)));
    let title = [format!("캠페인: {} (ID {})", c.cmpg_title, c.cmpg_id), format!("일자: {}", day(date))];
    let mut sheet = Sheet::titled("큐시트", &title, &CUE_HEADERS)?;
    for (g, p) in rows {
        let hours = g.site.as_ref().map_or_else(|| "00:00-24:00".to_string(), |s| format!("{}-{}", s.open_time, s.close_time));
        let loops_a_day = loops_in(p.loop_sec, g.operating_seconds());
        for item in p.items.iter().filter(|i| i.cmpg_id == Some(c.cmpg_id)) {
            let share = if item.loops == Loops::All { 1.0 } else { 0.5 };
            let per_hour = if p.loop_sec > 0 { (3600.0 / p.loop_sec as f64 * share * 10.0).round() / 10.0 } else { 0.0 };
            sheet.add(vec![
                Cell::Number(g.group.mg_id as f64),
                Cell::Text(g.group.mg_nm.clone()),
                Cell::Text(g.site.as_ref().map(|s| s.poi_nm.clone()).unwrap_or_default()),
                Cell::Text(g.site.as_ref().map(|s| s.road_addr.clone()).unwrap_or_default()),
                Cell::Text(hours.clone()),
                Cell::Number(item.seq as f64),
                Cell::Number(item.seconds as f64),
                Cell::Text(loops_label(item.loops).into()),
                Cell::Number(p.loop_sec as f64),
                Cell::Number(per_hour),
                Cell::Number(item.loops.plays_in_first(loops_a_day) as f64),
            ])?;
        }
    }
    Ok(download(&format!("큐시트_{}_{}.xlsx", c.cmpg_id, date.format("%Y%m%d")), sheet.finish()?))
}
