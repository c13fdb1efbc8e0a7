//! Schedules (`/schedule/schedule`, `/schedule/new`): generating plans (a job, followed through its
//! execution log), a group's day as a timeline, overriding one slot, regenerating a day, and the
//! list of plans made ahead.

use crate::api::resource::{
    BoxFut, Filter, ListQuery, Match, Related, Resource, SaveContext, date_field, filter, filter_text, list_query, list_schema_with, list_where, page_answer,
    page_related,
};
use crate::auth::Caller;
use crate::db::entity::exec_log::{self, Column as Exec};
use crate::db::entity::{material, media_group, plan, plan_override, poi, user};
use crate::error::{ApiError, ApiResult, FieldErrors, ok, together};
use crate::input::Input;
use crate::jobs::plans::{DONE, RUNNING, start};
use crate::plans::day::{self, Reader};
use crate::plans::generate::{Scope, generate};
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use chrono::{Duration, NaiveDate};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, Order, QueryFilter};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use townboard_domain::material::{approval, encoding};
use townboard_domain::validate::parse_date;

/// The most days one generation covers.
pub const MAX_DAYS: i64 = 31;

fn date_of(field: &str, value: &str) -> ApiResult<NaiveDate> {
    parse_date(value).ok_or_else(|| ApiError::invalid(field, "날짜 형식이 올바르지 않습니다."))
}

/// A live group in the caller's scope (groups follow their sites' scope), else 10404.
async fn group(state: &AppState, caller: &Caller, mg_id: i64) -> ApiResult<media_group::Model> {
    let mut q = media_group::Entity::find().filter(media_group::Column::MgId.eq(mg_id)).filter(media_group::Column::DeletedAt.is_null());
    if let Some(scope) = crate::auth::scope::media_groups(caller, media_group::Column::PoiId) {
        q = q.filter(scope);
    }
    q.one(&state.db).await?.ok_or(ApiError::NotFound)
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GenerateBody {
    mg_ids: Option<Vec<i64>>,
    from_date: String,
    to_date: String,
}

/// `jsonGenerate.do {mgIds?, fromDate, toDate}`: queues the generation; answers what it covers and
/// the execution log row to follow it by.
pub async fn generate_plans(State(state): State<AppState>, caller: Caller, Input(body): Input<GenerateBody>) -> ApiResult<Response> {
    let (from, to) = together(date_of("fromDate", &body.from_date), date_of("toDate", &body.to_date))?;
    if to < from || (to - from).num_days() >= MAX_DAYS {
        return Err(ApiError::invalid("toDate", "시작일부터 31일 이내여야 합니다."));
    }
    let groups = match &body.mg_ids {
        Some(ids) if ids.is_empty() || ids.len() > 5000 => return Err(ApiError::invalid("mgIds", "1~5000개를 선택하세요.")),
        Some(ids) => {
            for id in ids {
                group(&state, &caller, *id).await.map_err(|_| ApiError::invalid("mgIds", format!("편성할 수 없는 매체 그룹입니다: {id}")))?;
            }
            ids.len()
        }
        None => {
            use sea_orm::PaginatorTrait;
            media_group::Entity::find()
                .filter(media_group::Column::DeletedAt.is_null())
                .filter(media_group::Column::MediaGroupStatus.is_in([0, 3]))
                .count(&state.db)
                .await? as usize
        }
    };
    let scope = Scope { mg_ids: body.mg_ids.clone(), from, to };
    let name = format!("편성 생성 {from} ~ {to}");
    let exec_idx = start(&state, &name, &scope, Some(caller.u_idx())).await?;
    Ok(ok(json!({ "groups": groups, "days": (to - from).num_days() + 1, "execIdx": exec_idx })))
}

/// Execution log rows with who ran them and for which group.
pub struct ExecLogs;

impl Resource for ExecLogs {
    type Entity = exec_log::Entity;
    type Input = Value;
    type Extra = ();
    const PATH: &'static str = "schedule/schedule";
    const PROGRAM: &'static str = "schedule.schedule";
    const ID_FIELD: &'static str = "execIdx";
    const SUMMARY: &'static str = "편성 실행 이력";

    fn filters() -> Vec<Filter<Exec>> {
        vec![filter("execNm", Exec::ExecNm, Match::Contains), filter("mgId", Exec::MgId, Match::Int), filter("status", Exec::Status, Match::Int)]
    }
    fn sorts() -> Vec<(&'static str, Exec)> {
        vec![("execIdx", Exec::ExecIdx), ("createdAt", Exec::CreatedAt)]
    }
    fn default_sort() -> (Exec, Order) {
        (Exec::ExecIdx, Order::Desc)
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<media_group::Entity>(Exec::MgId, media_group::Column::MgId, media_group::Column::MgNm, "mgNm"),
            Related::label::<user::Entity>(Exec::UIdx, user::Column::UIdx, user::Column::UName, "uName"),
        ]
    }
    fn input_id(_: &Value) -> Option<i64> {
        None
    }
    /// The log is written by the generations it records, never through a save.
    fn build<'a>(
        _: &'a DatabaseTransaction,
        _: Value,
        _: Option<&'a exec_log::Model>,
        _: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(exec_log::ActiveModel, ())>> {
        Box::pin(async { Err(ApiError::Forbidden) })
    }
    fn enrich<'a>(_: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            for row in rows.iter_mut() {
                if row["mgNm"].is_null() {
                    row["mgNm"] = json!("전체");
                }
            }
            Ok(())
        })
    }
}

/// `jsonExecLogList.do`: the execution log.
pub async fn exec_logs(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    list_where::<ExecLogs>(&state, &caller, &body, None).await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExecId {
    exec_idx: i64,
}

/// `jsonExecDetail.do {execIdx}`: a generation's progress and outcome.
pub async fn exec_detail(State(state): State<AppState>, caller: Caller, Input(body): Input<ExecId>) -> ApiResult<Response> {
    let one = ListQuery::row(Exec::ExecIdx, body.exec_idx);
    let (mut found, _) = page_related(&state.db, exec_log::Entity::find(), &one, Exec::ExecIdx, &ExecLogs::related()).await?;
    let (row, names) = found.pop().ok_or(ApiError::NotFound)?;
    let _ = &caller;
    let mut value = serde_json::to_value(&row).map_err(ApiError::internal)?;
    if let Some(o) = value.as_object_mut() {
        o.extend(names);
    }
    Ok(ok(value))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DayBody {
    mg_id: i64,
    date: String,
}

/// The day as the back office shows it.
async fn day_answer(state: &AppState, g: &media_group::Model, date: NaiveDate) -> ApiResult<Value> {
    let d = day::of(state, g.mg_id, date, Reader::Office).await?;
    Ok(json!({ "mgId": g.mg_id, "mgNm": g.mg_nm, "date": d.date, "version": d.version, "loopSec": d.loop_sec, "templateType": g.template_type,
        "generatedAt": d.generated_at.as_ref().map(crate::time::format), "loop": d.items }))
}

/// `jsonDaily.do {mgId, date}`: a group's loop of a day.
pub async fn daily(State(state): State<AppState>, caller: Caller, Input(body): Input<DayBody>) -> ApiResult<Response> {
    let date = date_of("date", &body.date)?;
    let g = group(&state, &caller, body.mg_id).await?;
    Ok(ok(day_answer(&state, &g, date).await?))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ModifyBody {
    mg_id: i64,
    date: String,
    seq: i32,
    mat_id: i64,
}

/// `jsonModify.do {mgId, date, seq, matId}`: the slot at `seq` plays another material that day.
pub async fn modify(State(state): State<AppState>, caller: Caller, Input(body): Input<ModifyBody>) -> ApiResult<Response> {
    let date = date_of("date", &body.date)?;
    let g = group(&state, &caller, body.mg_id).await?;
    let d = day::of(&state, g.mg_id, date, Reader::Office).await?;
    let mut errors = FieldErrors::new();
    if d.version.is_none() {
        return Err(ApiError::conflict("그날의 편성이 없습니다. 먼저 편성을 생성하세요."));
    }
    if !d.plain.iter().any(|i| i.seq == i64::from(body.seq)) {
        errors.insert("seq".into(), "편성에 없는 순서입니다.".into());
    }
    let playable = material::Entity::find_by_id(body.mat_id)
        .filter(material::Column::DeletedAt.is_null())
        .filter(material::Column::MatStatus.eq(approval::APPROVED))
        .filter(material::Column::EncodingStatus.eq(encoding::ENCODED))
        .one(&state.db)
        .await?;
    match playable {
        Some(m) if m.template_type == g.template_type => {}
        Some(_) => {
            errors.insert("matId".into(), "매체 그룹의 템플릿과 다른 소재입니다.".into());
        }
        None => {
            errors.insert("matId".into(), "승인되고 인코딩된 소재를 고르세요.".into());
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::invalid_fields(errors));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    plan_override::Entity::insert(plan_override::ActiveModel {
        mg_id: Set(g.mg_id),
        play_date: Set(d.date.clone()),
        seq: Set(body.seq),
        mat_id: Set(body.mat_id),
        created_by: Set(Some(caller.u_idx())),
        created_at: Set(now),
    })
    .on_conflict(
        OnConflict::columns([plan_override::Column::MgId, plan_override::Column::PlayDate, plan_override::Column::Seq])
            .update_columns([plan_override::Column::MatId, plan_override::Column::CreatedBy, plan_override::Column::CreatedAt])
            .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    crate::api::resource::record(
        &txn,
        &caller,
        now,
        crate::plans::PROGRAM,
        format!("{}:{}:{}", g.mg_id, d.date, body.seq),
        "modify",
        None::<&i64>,
        Some(&body.mat_id),
    )
    .await?;
    txn.commit().await?;
    if date == crate::time::today(now) {
        crate::push::loops_changed(&state.db, &state.push, &[g.mg_id], date).await;
    }
    Ok(ok(day_answer(&state, &g, date).await?))
}

/// `jsonInit.do {mgId, date}`: the day generated again, its overrides dropped.
pub async fn init(State(state): State<AppState>, caller: Caller, Input(body): Input<DayBody>) -> ApiResult<Response> {
    let date = date_of("date", &body.date)?;
    let g = group(&state, &caller, body.mg_id).await?;
    let now = state.clock.now();
    let day = date.format("%Y-%m-%d").to_string();
    let log = exec_log::ActiveModel {
        exec_nm: Set(format!("편성 초기화 {day}")),
        mg_id: Set(Some(g.mg_id)),
        u_idx: Set(Some(caller.u_idx())),
        status: Set(RUNNING),
        progress: Set(0),
        groups: Set(1),
        days: Set(1),
        error: Set(None),
        created_at: Set(now),
        finished_at: Set(None),
        ..Default::default()
    };
    let exec_idx = exec_log::Entity::insert(log).exec(&state.writer).await?.last_insert_id;
    plan_override::Entity::delete_many()
        .filter(plan_override::Column::MgId.eq(g.mg_id))
        .filter(plan_override::Column::PlayDate.eq(day.clone()))
        .exec(&state.writer)
        .await?;
    generate(&state, &Scope { mg_ids: Some(vec![g.mg_id]), from: date, to: date }, Some(exec_idx), |_| {}).await?;
    let done = exec_log::ActiveModel {
        exec_idx: Set(exec_idx),
        status: Set(DONE),
        progress: Set(100),
        finished_at: Set(Some(state.clock.now())),
        ..Default::default()
    };
    exec_log::Entity::update(done).exec(&state.writer).await?;
    Ok(ok(day_answer(&state, &g, date).await?))
}

/// The request of the plan list, for the API description.
pub fn plan_list_schema() -> schemars::Schema {
    list_schema_with(&[date_field("fromDate", false), date_field("toDate", false)], &crate::api::plan_lists::filters(), &crate::api::plan_lists::sorts())
}

/// `schedule/new/jsonPlanList.do {fromDate, toDate, mgId?}`: the plans made for a period.
pub async fn plan_list(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let mut rest = body.clone();
    let text = |field: &str, v: Option<Value>| v.map(|v| filter_text(field, &v)).transpose().map(Option::flatten);
    let today = crate::time::today(state.clock.now());
    let from = text("fromDate", rest.remove("fromDate")).and_then(|d| d.as_deref().map_or(Ok(today), |d| date_of("fromDate", d)));
    let to = text("toDate", rest.remove("toDate"))
        .and_then(|d| d.as_deref().map_or(Ok(today + Duration::days(crate::jobs::plans::DAYS_AHEAD)), |d| date_of("toDate", d)));
    let dates = together(from, to);
    let (mut query, (from, to)) =
        together(list_query(&rest, &crate::api::plan_lists::filters(), &crate::api::plan_lists::sorts(), (plan::Column::PlayDate, Order::Asc)), dates)?;
    let (from, to) = (from.format("%Y-%m-%d").to_string(), to.format("%Y-%m-%d").to_string());
    crate::api::plan_lists::period(&mut query, &from, &to);
    let mut select = plan::Entity::find();
    if let Some(scope) = crate::auth::scope::media_groups(&caller, media_group::Column::PoiId) {
        let visible = sea_orm::sea_query::Query::select().column(media_group::Column::MgId).from(media_group::Entity).cond_where(scope).to_owned();
        select = select.filter(plan::Column::MgId.in_subquery(visible));
    }
    let related = [
        Related::label::<media_group::Entity>(plan::Column::MgId, media_group::Column::MgId, media_group::Column::MgNm, "mgNm"),
        Related::label::<media_group::Entity>(plan::Column::MgId, media_group::Column::MgId, media_group::Column::PoiId, "poiId"),
    ];
    let (rows, total) = page_related(&state.db, select, &query, plan::Column::MgId, &related).await?;
    let poi_ids: Vec<i64> = rows.iter().filter_map(|(_, x)| x["poiId"].as_i64()).collect();
    let sites: std::collections::HashMap<i64, String> =
        poi::Entity::find().filter(poi::Column::PoiId.is_in(poi_ids)).all(&state.db).await?.into_iter().map(|p| (p.poi_id, p.poi_nm)).collect();
    let list: Vec<Value> = rows
        .iter()
        .map(|(p, x)| {
            let items = serde_json::from_str::<Vec<Value>>(&p.items).map(|i| i.len()).unwrap_or(0);
            let poi_nm = x["poiId"].as_i64().and_then(|id| sites.get(&id));
            json!({ "mgId": p.mg_id, "mgNm": x["mgNm"], "poiNm": poi_nm, "date": p.play_date, "version": p.version, "items": items, "loopSec": p.loop_sec,
                "generatedAt": crate::time::format(&p.generated_at) })
        })
        .collect();
    Ok(page_answer(list, total, &query))
}
