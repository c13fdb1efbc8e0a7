//! Usage reports (`/media/report/monthList`, `/media/report/dailyList`): plays per screen per
//! month or day, read from the rollups written at ingestion, so their cost grows with screens,
//! not plays. Excel download and the daily totals behind the charts.

use crate::api::lookup;
use crate::api::resource::{
    Filter, ListQuery, Match, Related, Shown, date_field, filter, list_query, list_schema_with, page_answer, page_related, with_related,
};
use crate::auth::Caller;
use crate::db::entity::{media, poi, pop_media_day, pop_media_month};
use crate::error::{ApiError, ApiResult, ok, together};
use crate::excel::{Cell, download, workbook};
use crate::input::Input;
use crate::input::Params;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::sea_query::{Alias, Expr, Func, Query as SqlQuery};
use sea_orm::{ColumnTrait, Condition, EntityTrait, Order, QueryFilter, QueryOrder, QuerySelect};
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// Screens in the caller's reach, as a condition on a `media_id` column.
fn screens_in_reach<C: ColumnTrait>(caller: &Caller, media_id: C) -> Option<Condition> {
    let scope = crate::auth::scope::screens(caller)?;
    let ids = SqlQuery::select().column(media::Column::MediaId).from(media::Entity).cond_where(scope).to_owned();
    Some(Condition::all().add(media_id.in_subquery(ids)))
}

fn by_screen_name(text: &str) -> Condition {
    let ids =
        SqlQuery::select().column(media::Column::MediaId).from(media::Entity).and_where(crate::db::like::contains(media::Column::MediaNm, text)).to_owned();
    Condition::all().add(pop_media_month::Column::MediaId.in_subquery(ids))
}

fn day_by_screen_name(text: &str) -> Condition {
    let ids =
        SqlQuery::select().column(media::Column::MediaId).from(media::Entity).and_where(crate::db::like::contains(media::Column::MediaNm, text)).to_owned();
    Condition::all().add(pop_media_day::Column::MediaId.in_subquery(ids))
}

fn valid_month(m: &str) -> bool {
    townboard_domain::validate::parse_date(&format!("{m}-01")).is_some() && m.len() == 7
}

async fn with_names(state: &AppState, rows: &mut [Value]) -> ApiResult<()> {
    lookup::labels::<media::Entity>(&state.db, rows, "mediaId", "mediaNm", media::Column::MediaId, media::Column::MediaNm).await?;
    let ids: Vec<i64> = rows.iter().filter_map(|r| r["mediaId"].as_i64()).collect();
    let pairs: Vec<(i64, i64)> = media::Entity::find()
        .select_only()
        .columns([media::Column::MediaId, media::Column::PoiId])
        .filter(media::Column::MediaId.is_in(ids))
        .into_tuple()
        .all(&state.db)
        .await?;
    for row in rows.iter_mut() {
        let poi_id = row["mediaId"].as_i64().and_then(|id| pairs.iter().find(|p| p.0 == id)).map(|p| p.1);
        row["poiId"] = json!(poi_id);
    }
    lookup::labels::<poi::Entity>(&state.db, rows, "poiId", "poiNm", poi::Column::PoiId, poi::Column::PoiNm).await
}

fn month_query(body: &Map<String, Value>) -> ApiResult<(ListQuery<pop_media_month::Column>, String)> {
    let month = body
        .get("month")
        .and_then(Value::as_str)
        .filter(|m| valid_month(m))
        .map(str::to_string)
        .ok_or_else(|| ApiError::invalid("month", "YYYY-MM 형식이어야 합니다."));
    let mut rest = body.clone();
    rest.remove("month");
    let (query, month) = together(list_query(&rest, &month_filters(), &month_sorts(), (pop_media_month::Column::Plays, Order::Desc)), month)?;
    // One month's rows: one a screen (`month_select`).
    Ok((ListQuery { id_unique: true, ..query }, month))
}

pub fn month_filters() -> Vec<Filter<pop_media_month::Column>> {
    vec![filter("mediaNm", pop_media_month::Column::MediaId, Match::Custom(by_screen_name)), filter("mediaId", pop_media_month::Column::MediaId, Match::Int)]
}

pub fn month_sorts() -> Vec<(&'static str, pop_media_month::Column)> {
    vec![("plays", pop_media_month::Column::Plays), ("seconds", pop_media_month::Column::Seconds), ("mediaId", pop_media_month::Column::MediaId)]
}

/// The indexes of a month's list in each of its orders.
pub fn month_indexes() -> Vec<crate::db::list_indexes::ListIndex> {
    crate::api::resource::whitelist_indexes::<pop_media_month::Entity>(month_sorts(), &[pop_media_month::Column::PlayMonth], pop_media_month::Column::MediaId)
}

/// The indexes of a day's list in each of its orders.
pub fn day_indexes() -> Vec<crate::db::list_indexes::ListIndex> {
    crate::api::resource::whitelist_indexes::<pop_media_day::Entity>(day_sorts(), &[pop_media_day::Column::PlayDate], pop_media_day::Column::MediaId)
}

/// The request of the monthly list, for the API description.
pub fn month_schema() -> schemars::Schema {
    list_schema_with(&[("month", serde_json::json!({ "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$" }), true)], &month_filters(), &month_sorts())
}

fn day_query(body: &Map<String, Value>) -> ApiResult<(ListQuery<pop_media_day::Column>, String)> {
    let date = body
        .get("date")
        .and_then(Value::as_str)
        .and_then(townboard_domain::validate::parse_date)
        .map(|d| d.format("%Y-%m-%d").to_string())
        .ok_or_else(|| ApiError::invalid("date", "날짜 형식이 올바르지 않습니다."));
    let mut rest = body.clone();
    rest.remove("date");
    let (query, date) = together(list_query(&rest, &day_filters(), &day_sorts(), (pop_media_day::Column::Plays, Order::Desc)), date)?;
    // One day's rows: one a screen (`day_select`).
    Ok((ListQuery { id_unique: true, ..query }, date))
}

pub fn day_filters() -> Vec<Filter<pop_media_day::Column>> {
    vec![filter("mediaNm", pop_media_day::Column::MediaId, Match::Custom(day_by_screen_name)), filter("mediaId", pop_media_day::Column::MediaId, Match::Int)]
}

pub fn day_sorts() -> Vec<(&'static str, pop_media_day::Column)> {
    vec![("plays", pop_media_day::Column::Plays), ("seconds", pop_media_day::Column::Seconds), ("mediaId", pop_media_day::Column::MediaId)]
}

/// The request of the daily list, for the API description.
pub fn day_schema() -> schemars::Schema {
    list_schema_with(&[date_field("date", true)], &day_filters(), &day_sorts())
}

fn month_select(caller: &Caller, month: &str) -> sea_orm::Select<pop_media_month::Entity> {
    let q = pop_media_month::Entity::find().filter(pop_media_month::Column::PlayMonth.eq(month));
    match screens_in_reach(caller, pop_media_month::Column::MediaId) {
        Some(scope) => q.filter(scope),
        None => q,
    }
}

fn day_select(caller: &Caller, date: &str) -> sea_orm::Select<pop_media_day::Entity> {
    let q = pop_media_day::Entity::find().filter(pop_media_day::Column::PlayDate.eq(date));
    match screens_in_reach(caller, pop_media_day::Column::MediaId) {
        Some(scope) => q.filter(scope),
        None => q,
    }
}

/// A row's screen name, its site's id and the site's name, read with the page.
fn names_of(media_id: impl ColumnTrait + Copy) -> [Related; 3] {
    let site = Related::label::<media::Entity>(media_id, media::Column::MediaId, media::Column::PoiId, "poiId");
    let site_name = Related::label_through::<poi::Entity>(&site, poi::Column::PoiId, poi::Column::PoiNm, "poiNm");
    [Related::label::<media::Entity>(media_id, media::Column::MediaId, media::Column::MediaNm, "mediaNm"), site, site_name]
}

/// Whether batches wait to be folded, read on each row of a report's page.
const WAITING: &str = "waiting_";

/// A page of a rollup with its names, holding every batch acknowledged before it. A page read from
/// the database tells in its own statement whether a batch waits to be folded: only when one does
/// (or the page has no row to tell) are they folded and the page read again (before, every page was
/// two statements). A request that may be answered from a page kept a moment ago folds first, as
/// before: a kept page cannot tell of batches another process acknowledged since.
async fn settled_page<E, M>(
    state: &AppState,
    select: sea_orm::Select<E>,
    query: &ListQuery<E::Column>,
    id: E::Column,
) -> ApiResult<(Vec<(M, Map<String, Value>)>, u64)>
where
    E: EntityTrait<Model = M>,
    M: sea_orm::FromQueryResult + serde::Serialize + Clone + Send + Sync + 'static,
{
    if crate::kept::statements::keeping().is_some() {
        state.ingestion.settle().await?;
        return page_related(&state.db, select, query, id, &names_of(id)).await;
    }
    let mut related = Vec::from(names_of(id));
    related.push(Related::of(WAITING, crate::intake::pop::Ingestion::waiting(), Shown::Label));
    let (mut rows, total) = page_related(&state.db, select.clone(), query, id, &related).await?;
    if rows.first().is_some_and(|(_, names)| names.get(WAITING).is_some_and(Value::is_null)) {
        rows.iter_mut().for_each(|(_, names)| drop(names.remove(WAITING)));
        return Ok((rows, total));
    }
    state.ingestion.settle().await?;
    related.pop();
    page_related(&state.db, select, query, id, &related).await
}

/// `jsonMonthList.do {month, mediaNm?}`
pub async fn month_list(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let (query, month) = month_query(&body)?;
    let id = pop_media_month::Column::MediaId;
    let (rows, total) = settled_page(&state, month_select(&caller, &month), &query, id).await?;
    let rows = rows.into_iter().map(|(r, names)| (json!({ "mediaId": r.media_id, "plays": r.plays, "seconds": r.seconds, "month": r.play_month }), names));
    Ok(page_answer(with_related(rows.collect())?, total, &query))
}

/// `jsonDailyList.do {date, mediaNm?}`
pub async fn daily_list(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let (query, date) = day_query(&body)?;
    let id = pop_media_day::Column::MediaId;
    let (rows, total) = settled_page(&state, day_select(&caller, &date), &query, id).await?;
    let rows = rows.into_iter().map(|(r, names)| (json!({ "mediaId": r.media_id, "plays": r.plays, "seconds": r.seconds, "date": r.play_date }), names));
    Ok(page_answer(with_related(rows.collect())?, total, &query))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChartBody {
    month: String,
}

/// `jsonChart.do {month}`: plays and seconds per day of the month over the screens in reach.
pub async fn chart(State(state): State<AppState>, caller: Caller, Input(body): Input<ChartBody>) -> ApiResult<Response> {
    if !valid_month(&body.month) {
        return Err(ApiError::invalid("month", "YYYY-MM 형식이어야 합니다."));
    }
    state.ingestion.settle().await?;
    let mut q = pop_media_day::Entity::find()
        .select_only()
        .column(pop_media_day::Column::PlayDate)
        // PostgreSQL sums bigints into numeric; the cast keeps one integer type on both databases.
        .column_as(Expr::from(Func::cast_as(Func::sum(Expr::col(pop_media_day::Column::Plays)), Alias::new("bigint"))), "plays")
        .column_as(Expr::from(Func::cast_as(Func::sum(Expr::col(pop_media_day::Column::Seconds)), Alias::new("bigint"))), "seconds")
        .filter(pop_media_day::Column::PlayDate.gte(format!("{}-01", body.month)))
        .filter(pop_media_day::Column::PlayDate.lte(format!("{}-31", body.month)))
        .group_by(pop_media_day::Column::PlayDate)
        .order_by_asc(pop_media_day::Column::PlayDate);
    if let Some(scope) = screens_in_reach(&caller, pop_media_day::Column::MediaId) {
        q = q.filter(scope);
    }
    let rows: Vec<(String, i64, i64)> = q.into_tuple().all(&state.db).await?;
    let list: Vec<_> = rows.into_iter().map(|(d, p, s)| json!({ "date": d, "plays": p, "seconds": s })).collect();
    Ok(ok(json!({ "list": list })))
}

#[derive(schemars::JsonSchema, Deserialize)]
pub struct ExcelQuery {
    kind: String,
    month: Option<String>,
    date: Option<String>,
    #[serde(rename = "mediaNm")]
    media_nm: Option<String>,
}

/// `GET /api/media/report/excel/download.do?kind=month&month=` (or `kind=day&date=`): every row, no paging.
pub async fn excel(State(state): State<AppState>, caller: Caller, Params(q): Params<ExcelQuery>) -> ApiResult<Response> {
    let mut body = Map::new();
    if let Some(n) = q.media_nm.filter(|n| !n.trim().is_empty()) {
        body.insert("mediaNm".into(), json!(n));
    }
    body.insert("pageSize".into(), json!(1000));
    state.ingestion.settle().await?;
    let mut rows: Vec<Value> = Vec::new();
    let (title, file) = match q.kind.as_str() {
        "month" => {
            body.insert("month".into(), json!(q.month.unwrap_or_default()));
            let (query, month) = month_query(&body)?;
            let all = month_select(&caller, &month).filter(query.condition.clone()).order_by_desc(pop_media_month::Column::Plays).all(&state.db).await?;
            rows.extend(all.iter().map(|r| json!({ "mediaId": r.media_id, "plays": r.plays, "seconds": r.seconds })));
            (month.clone(), format!("월별_매체_사용현황_{month}.xlsx"))
        }
        "day" => {
            body.insert("date".into(), json!(q.date.unwrap_or_default()));
            let (query, date) = day_query(&body)?;
            let all = day_select(&caller, &date).filter(query.condition.clone()).order_by_desc(pop_media_day::Column::Plays).all(&state.db).await?;
            rows.extend(all.iter().map(|r| json!({ "mediaId": r.media_id, "plays": r.plays, "seconds": r.seconds })));
            (date.clone(), format!("일별_매체_사용현황_{date}.xlsx"))
        }
        _ => return Err(ApiError::invalid("kind", "month 또는 day여야 합니다.")),
    };
    for chunk in rows.chunks_mut(5000) {
        with_names(&state, chunk).await?;
    }
    let cells = rows.into_iter().map(|r| {
        vec![
            Cell::Number(r["mediaId"].as_f64().unwrap_or_default()),
            Cell::Text(r["mediaNm"].as_str().unwrap_or_default().to_string()),
            Cell::Text(r["poiNm"].as_str().unwrap_or_default().to_string()),
            Cell::Number(r["plays"].as_f64().unwrap_or_default()),
            Cell::Number(r["seconds"].as_f64().unwrap_or_default()),
        ]
    });
    let bytes = workbook(&title, &["매체 ID", "매체명", "사이트", "재생 횟수", "재생 시간(초)"], cells)?;
    Ok(download(&file, bytes))
}
